// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"
#include "shardscope/units.h"

#include <QAbstractTableModel>

namespace shardscope {

/// core's formula ("2 B/param x 68,976,648,192 params / 32 (ZeRO-3 over d=32)") with its words in the interface
/// language (the FormulaWords table; numbers and symbols stay); unchanged in English.
QString translatedFormula(const QString& formula);

/**
 * The worst rank's terms: one row per term, with its bytes and the formula that produced them
 * ("12 B/param x ... = 13.1 GB"). DisplayRole is formatted in the chosen unit; SortRole carries the
 * raw number (bytes, share) so that sorting never compares strings of numbers.
 */
class BreakdownModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TermColumn, BytesColumn, ShareColumn, FormulaColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, TermRole };

    explicit BreakdownModel(QObject* parent = nullptr);

    void setFootprint(const Footprint& f);
    void setUnit(ByteUnit unit);
    ByteUnit unit() const { return m_unit; }
    /// The rank the table shows ("all ranks", "first stage", ...).
    QString rankLabel() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    RankFootprint m_rank;
    bool m_hasRank = false;
    ByteUnit m_unit = ByteUnit::GB;
};

} // namespace shardscope
