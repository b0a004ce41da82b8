// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/units.h"

#include <QAbstractTableModel>
#include <QColor>

#include <cstdint>
#include <vector>

namespace shardscope {

/**
 * A heat map as a table (so a person can move over it with the arrow keys and apply a cell with Enter): one row
 * per value of one knob, one column per value of another. A cell where some layout fits shows the best step time
 * and is coloured from green (the fastest cell of the map) to yellow (the slowest, or 3x the fastest and above);
 * a cell where nothing fits shows "✖" and the smallest peak among its layouts on a muted red; a pair the search did
 * not consider stays blank. The symbol and the text carry the meaning, never the colour alone.
 */
class PlanMapModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    struct Cell
    {
        bool present = false; ///< the search considered this pair
        bool fits = false;
        double stepTimeS = 0; ///< of the best fitting layout
        std::int64_t minPeakBytes = 0; ///< the smallest peak of the cell's layouts (0 = none valid)
        std::int64_t layouts = -1; ///< layouts searched in the cell, evaluated or pruned (-1 = not known)
    };

    explicit PlanMapModel(QObject* parent = nullptr);

    /// Replaces the map at once. `cells` is row-major (rowKeys.size() x columnKeys.size()).
    void setMap(const std::vector<std::int64_t>& rowKeys, const QStringList& rowLabels,
        const std::vector<std::int64_t>& columnKeys, const QStringList& columnLabels, const std::vector<Cell>& cells);
    void clear();
    void setUnit(ByteUnit unit);
    /// The text and cell colours for a light or a dark palette (the base colour of the view).
    void setBase(const QColor& base);

    std::int64_t rowKey(int row) const { return m_rowKeys[static_cast<std::size_t>(row)]; }
    std::int64_t columnKey(int column) const { return m_columnKeys[static_cast<std::size_t>(column)]; }
    const Cell& cell(int row, int column) const;
    /// The colour a cell is painted with (tests and the legend use it).
    QColor cellColor(const Cell& c) const;
    double fastestS() const { return m_fastest; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    /// The colours of the scale's two ends and of a cell where nothing fits.
    static QColor fastColor();
    static QColor slowColor();
    static QColor noFitColor(const QColor& base);

private:
    std::vector<std::int64_t> m_rowKeys;
    std::vector<std::int64_t> m_columnKeys;
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    std::vector<Cell> m_cells;
    double m_fastest = 0;
    double m_slowest = 0;
    ByteUnit m_unit = ByteUnit::GB;
    QColor m_base = Qt::white;
};

} // namespace shardscope
