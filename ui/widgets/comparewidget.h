// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>

class QLabel;
class QTableWidget;

namespace shardscope {

/// What changed from scenario A to B, in words: "ZeRO-2 -> ZeRO-3", "N 32 -> 64", "recipe mixed -> fp32".
QStringList scenarioChanges(const Scenario& a, const Scenario& b);

/**
 * One line for a design doc: the changes, then the model-state terms that moved on the worst rank
 * and the DP traffic ratio, e.g. "ZeRO-2 -> ZeRO-3: params 138.0 GB -> 2.2 GB per GPU, DP traffic x1.50".
 * Throws InvalidInput when either scenario has no answer.
 */
QString compareSummary(const Scenario& a, const Scenario& b, ByteUnit units);

/**
 * Compare: pin scenario A, keep changing the current one (B), and see both side by side with the
 * per-term deltas of the worst rank and the summary line above the table.
 */
class CompareWidget : public QWidget
{
    Q_OBJECT
public:
    /// Rows after the terms and the total: fits, step time, MFU, bytes on the wire per GPU.
    static constexpr int kExtraRows = 5;
    explicit CompareWidget(QWidget* parent = nullptr);
    void pin(const Scenario& a);
    void unpin();
    bool isPinned() const { return m_pinned.has_value(); }
    void setCurrent(const Scenario& b);
    void setUnit(ByteUnit unit);
    QString summary() const;
    QTableWidget* table() const { return m_table; }

private:
    void refresh();

    std::optional<Scenario> m_pinned;
    std::optional<Scenario> m_current;
    ByteUnit m_unit = ByteUnit::GB;
    QLabel* m_summary;
    QTableWidget* m_table;
};

} // namespace shardscope
