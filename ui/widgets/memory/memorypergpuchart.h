// SPDX-License-Identifier: MIT
#pragma once

#include "passguard.h"

#include "explorer.h"

#include "shardscope/units.h"

#include <QWidget>

#include <array>
#include <vector>

class QAbstractAxis;
class QBoxLayout;
class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QCheckBox;
class QLineSeries;
class QLogValueAxis;
class QPercentBarSeries;
class QStackedBarSeries;
class QValueAxis;

namespace shardscope {

class ChartLabel;

/**
 * Chart 1: per-GPU memory as stacked bars by term for the ranks that differ (first / middle / last
 * pipeline stage), or one bar per ZeRO stage 0-3 at the current N when comparing stages; a capacity
 * line labelled with the GPU, its capacity and the headroom or overflow. Comparing stages, the y axis is
 * logarithmic by default (a "Log scale" box turns it off) so that a ZeRO-3 bar stays readable beside DDP's.
 * Hovering a segment shows its term, bytes (unit and exact) and core's formula.
 */
class MemoryPerGpuChart : public QWidget
{
    Q_OBJECT
public:
    /// The capacity line's label: the GPU, its usable capacity and the headroom of the measure in force.
    QString capacityLabelText() const;
    explicit MemoryPerGpuChart(QWidget* parent = nullptr);

    /// Computes with core (throws InvalidInput) and shows the result.
    void setScenario(const Scenario& s);
    void setResult(const ExplorerResult& r);
    void setUnit(ByteUnit unit);
    void setCompareStages(bool on);
    bool compareStages() const { return m_compare; }
    /// Log y axis while comparing stages (on by default; the per-rank view stays linear).
    void setLogScale(bool on);
    bool logScale() const { return m_log; }
    /// Whether the y axis drawn now is logarithmic.
    bool logAxisShown() const;
    /// The y axis the bars are drawn against now (a QValueAxis or a QLogValueAxis).
    QAbstractAxis* yAxis() const;

    QChartView* chartView() const { return m_view; }
    QChart* chart() const { return m_chart; }
    QBarSet* barSet(Term t) const { return m_sets[static_cast<std::size_t>(t)]; }
    /// The one bar per stage shown on the log axis (each bar's top is its total).
    QBarSet* totalSet() const { return m_total; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    /// The bars' names ("ZeRO-3 (current)", "first (1)"), whatever the axis shows.
    QStringList categories() const;
    /// What the category axis shows now: the names; where they would be cut, "ZeRO-0".."ZeRO-3" under the title
    /// "Current: ZeRO-3" (comparing stages); narrower still, the stage numbers under "ZeRO stage (current: 3)" /
    /// "Pipeline stage".
    QStringList axisLabels() const;
    QString capacityLabel() const;
    /// Scene rectangles of the capacity label and of each bar (for geometry checks: the label covers no bar
    /// when there is room beside the line or in a top corner).
    QRectF capacityLabelRect() const;
    QList<QRectF> barRects() const;
    /// Whether the term has a legend entry (only terms holding bytes in some bar have one).
    bool inLegend(Term t) const;
    /// The hover text of term `t` in bar `column`: term and bar, bytes in the unit and exact, core's formula.
    QString toolTipFor(int column, Term t) const;
    /// Fine-tuning (issue 28): the params term split into the frozen base and the adapters' weights, two sets of
    /// their own (the grads, master and optimizer sets are then the adapters' and say so in their labels).
    QBarSet* frozenSet() const { return m_ftSets[0]; }
    QBarSet* adapterSet() const { return m_ftSets[1]; }
    /// The hover text of the frozen base (adapter false) or of the adapters' weights in bar `column`.
    QString finetuneToolTipFor(int column, bool adapter) const;
    /// The log axis's bar: the stage's total and each term's share of it.
    QString totalTipFor(int column) const;
    /// Beside the log axis's totals (issue 26: "log totals beside a separate composition bar, never stacked log
    /// bars"): each stage's terms as shares of its total, on a linear 0-100% axis. Shown only with the log axis.
    QChartView* shareView() const { return m_shareView; }
    /// Whether the composition chart stands beside the log totals (the window's Memory tab and the exported
    /// compare-stages figure on a log axis turn it on).
    void setSharesBeside(bool on);
    /// The composition under the totals instead of beside them (a narrow exported figure; issue 26).
    void setSharesUnder(bool under);
    QChart* shareChart() const { return m_shareChart; }
    QBarSet* shareSet(Term t) const { return m_shareSets[static_cast<std::size_t>(t)]; }
    /// The text of the last tooltip shown on hover (empty after the pointer left).
    QString lastToolTip() const { return m_lastTip; }
    /// MoE (issue 25): the routed experts' weights, grads, master and optimizer states of each bar as one segment,
    /// apart from the dense model states below it (per-rank view of a MoE model; core's RankFootprint::expertStateBytes).
    QBarSet* expertSet() const { return m_expertSet; }
    /// The legend's "Other terms (K)" entry (a set without values, last in the series) and the sets it stands for.
    QBarSet* otherSet() const { return m_otherSet; }
    QList<QBarSet*> groupedSets() const { return m_grouped; }
    bool expertsShown() const;
    /// The hover text of the expert segment of bar `column`: its bytes and the four states it holds.
    QString expertTipFor(int column) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void placeLabel();
    void placeLabelOnce();
    void updateLegend();
    /// Where the legend has room for fewer entries than there are terms (issue 26: twelve entries of a MoE model in a
    /// laptop's chart, or in presentation mode's 2x type), the smallest terms share one entry, "Other terms (K)", its
    /// swatch their colours side by side; their segments stay in the bars with their own colours and tooltips.
    void groupLegend();
    void replaceSets(const QList<QBarSet*>& present, const QList<QBarSet*>& wanted);
    static void replaceValues(QBarSet* set, const QList<qreal>& values); ///< only when they changed
    void setFinetuneColors();
    void applyAxisMode();
    void hovered(bool on, int column, QBarSet* set);

    ExplorerResult m_result;
    bool m_hasResult = false;
    ByteUnit m_unit = ByteUnit::GB;
    bool m_compare = false;
    bool m_log = true;
    QString m_lastTip;
    std::vector<std::array<std::int64_t, kTermCount>> m_columns;
    QStringList m_names; ///< the bars' names (categories())
    QStringList m_short; ///< the stage numbers, shown when the names do not fit their columns
    QString m_shortTitle; ///< the category axis title that goes with m_short
    QStringList m_mid; ///< comparing stages: "ZeRO-0".."ZeRO-3", the current one named in m_midTitle
    QString m_midTitle;
    double m_baseTop = 1; ///< linear axis: the top refresh() asks for (placeLabel() may raise it for the label)
    double m_baseLogTop = 10; ///< log axis: the same
    /// The axis shows m_names (0), m_mid (1) or m_short (2); placeLabel() decides from the plot's width.
    int m_level = 0;
    PassGuard m_labelPass; ///< placeLabel(): a re-layout it causes calls it again
    bool m_refreshing = false; ///< refresh() is running: placeLabel() waits for its end
    QStringList m_yTitles; ///< the memory axis's titles, longest first (setAxisTitleFitting())
    QStringList m_titles; ///< the chart title, longest first (fitChartTitle())
    QString m_labelFull; ///< the capacity label's whole text (placeLabel() may show less of it)
    QChart* m_chart;
    QChartView* m_view;
    QStackedBarSeries* m_bars;
    std::array<QBarSet*, kTermCount> m_sets {};
    std::array<bool, kTermCount> m_used {};
    std::array<QBarSet*, 2> m_ftSets {}; ///< fine-tuning: frozen base, adapter weights (of the params term)
    std::array<bool, 2> m_ftUsed {};
    std::vector<std::array<std::int64_t, 2>> m_ftColumns; ///< per bar: frozen base and adapter weights bytes
    QLineSeries* m_capacity;
    QBarCategoryAxis* m_x;
    QValueAxis* m_y;
    QLogValueAxis* m_logY;
    /// Log mode only: a set below the axis (invisible, no legend entry) so that every stacked segment starts
    /// above zero (Qt Charts maps a segment starting at 0 to no point on a log axis).
    QBarSet* m_floor;
    /// On the log axis each stage is one bar, its total (issue 26: stacked bars on a log axis misstate the
    /// composition: DDP's 138 GB of parameters looked larger than its 552 GB of optimizer states). The terms are
    /// on the linear axis and in the total's tooltip.
    QBarSet* m_total;
    /// MoE: the expert states' segment, and the expert part of params, grads, master and optimizer per bar (taken out of
    /// m_columns' model-state terms, which then hold the dense part only); empty for a dense model or comparing stages.
    QBarSet* m_expertSet;
    std::vector<std::array<std::int64_t, 4>> m_expertParts;
    QBarSet* m_otherSet; ///< the legend's entry for the grouped terms (groupLegend()); no values, no pen
    QList<QBarSet*> m_grouped; ///< the sets whose legend entries "Other terms" stands for
    QCheckBox* m_logBox;
    ChartLabel* m_label;
    QChart* m_shareChart;
    QChartView* m_shareView;
    QPercentBarSeries* m_shareBars;
    std::array<QBarSet*, kTermCount> m_shareSets {};
    QBarCategoryAxis* m_shareX;
    QValueAxis* m_shareY;
    void refreshShares();
    bool m_sharesBeside = false;
    QBoxLayout* m_charts = nullptr;
};

} // namespace shardscope
