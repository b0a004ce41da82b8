// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"
#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <array>
#include <optional>

class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QStackedBarSeries;
class QTableWidget;
class QValueAxis;

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
 * Compare: pin scenario A, keep changing the current one (B), and see both side by side: the worst rank of each
 * as stacked bars by term against its capacity line, the per-term deltas in the table, and the summary line
 * above. Hovering a segment shows its term, bytes and core's formula.
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
    /// Scenario A (only when pinned).
    const std::optional<Scenario>& pinned() const { return m_pinned; }
    void setCurrent(const Scenario& b);
    void setUnit(ByteUnit unit);
    QString summary() const;
    QTableWidget* table() const { return m_table; }
    /// The side-by-side stacked bars: categories A and B, one set per term (bytes of each worst rank, in the unit).
    QChartView* chartView() const { return m_view; }
    QChart* chart() const { return m_chart; }
    QBarSet* barSet(Term t) const { return m_sets[static_cast<std::size_t>(t)]; }
    /// The capacity line of column 0 (A) or 1 (B).
    QLineSeries* capacitySeries(int column) const { return column == 0 ? m_capA : m_capB; }
    /// Hover text of term `t` in column 0 (A) or 1 (B): term, bytes (unit and exact), core's formula.
    QString toolTipFor(int column, Term t) const;
    QString lastToolTip() const { return m_lastTip; }
    /// Only the chart (export): the summary line and the table hidden.
    void showChartOnly();

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void refreshChart(const Footprint* fa, const Footprint* fb);
    void fitChart();

    std::optional<Scenario> m_pinned;
    std::optional<Scenario> m_current;
    ByteUnit m_unit = ByteUnit::GB;
    QStringList m_yTitles; ///< the memory axis's titles, longest first
    QLabel* m_summary;
    QTableWidget* m_table;
    QChart* m_chart;
    QChartView* m_view;
    QStackedBarSeries* m_bars;
    std::array<QBarSet*, kTermCount> m_sets {};
    QLineSeries* m_capA;
    QLineSeries* m_capB;
    QBarCategoryAxis* m_x;
    QValueAxis* m_y;
    std::array<std::array<TermValue, kTermCount>, 2> m_terms {};
    QString m_lastTip;
};

} // namespace shardscope
