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
class QSplitter;
class QStackedBarSeries;
class QTableWidget;
class QValueAxis;

namespace shardscope {

/// What changed from scenario A to B, in the Scenario panel's words: "ZeRO stage 2 -> 3", "N GPUs 32 -> 64",
/// "Optimizer offload none -> CPU", "Recipe mixed (2+2+4+8 = 16 B) -> ...".
QStringList scenarioChanges(const Scenario& a, const Scenario& b);

/// What moved from A to B: each term that changed by 1% of the larger total or more, the total, the DP traffic.
QString compareMoved(const Scenario& a, const Scenario& b, ByteUnit units);
/**
 * One line for a design doc: the changes, then what moved (compareMoved()), e.g. "ZeRO stage 2 -> 3: Parameters
 * 138.0 GB -> 2.2 GB per GPU, ..., DP traffic x1.50". Throws InvalidInput when either scenario has no answer.
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
    /// The splitter between the chart and the table: side by side, or the chart above where both do not fit.
    QSplitter* splitter() const { return m_split; }
    QBarSet* barSet(Term t) const { return m_sets[static_cast<std::size_t>(t)]; }
    /// The capacity line of column 0 (A) or 1 (B).
    QLineSeries* capacitySeries(int column) const { return column == 0 ? m_capA : m_capB; }
    /// Hover text of term `t` in column 0 (A) or 1 (B): term, bytes (unit and exact), core's formula.
    QString toolTipFor(int column, Term t) const;
    QString lastToolTip() const { return m_lastTip; }
    /// Only the chart (export): the summary line and the table hidden.
    void showChartOnly();

    /**
     * The width the chart needs to show its title and every legend entry whole beside a plot of two bars, and the
     * width the table needs for its number columns and (with `wholeTerms`) its longest term name, in the fonts now
     * set (presentation mode doubles them). The splitter between the two is set from these (balance()).
     */
    int chartWidthNeeded() const;
    /// The height the chart needs for its title and its legend's entries one under another (chart above the table).
    int chartHeightNeeded() const;
    int tableWidthNeeded(bool wholeTerms) const;

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void refresh();
    void refreshChart(const Footprint* fa, const Footprint* fb);
    void fitChart();
    /// Sets the splitter: side by side, the chart its needed width, the rest to the table, any surplus shared; where
    /// the two do not fit side by side, the chart above the table. `always` false: only when the chart is smaller than
    /// it needs (a new legend entry), so that a width the user dragged to stays.
    void balance(bool always);
    void scheduleBalance(bool always);

    std::optional<Scenario> m_pinned;
    std::optional<Scenario> m_current;
    ByteUnit m_unit = ByteUnit::GB;
    QStringList m_yTitles; ///< the memory axis's titles, longest first
    QLabel* m_summary;
    QTableWidget* m_table;
    QChart* m_chart;
    QChartView* m_view;
    QSplitter* m_split = nullptr;
    bool m_balancePending = false;
    bool m_balanceAlways = false;
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
