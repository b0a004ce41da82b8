// SPDX-License-Identifier: MIT
#pragma once

#include "passguard.h"

#include "explorer.h"

#include "shardscope/units.h"

#include <QPolygonF>
#include <QStringList>
#include <QWidget>

#include <array>

class QChart;
class QChartView;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace shardscope {

class ChartGrid;
class ChartLabel;

/**
 * Chart 2: worst-rank memory per GPU vs N (log x axis) for ZeRO stages 0-3 at once, the capacity line,
 * a marker at each stage's smallest N that fits, a vertical line at the current N, and "never fits"
 * in the legend for a stage that cannot fit at any N. Hovering a curve shows the worst rank at the nearest N
 * of the sweep, term by term with core's formulas; hovering a marker gives the smallest N (core's) and, where it
 * differs, the smallest N in whole nodes.
 */
class MemoryVsGpusChart : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryVsGpusChart(QWidget* parent = nullptr);

    void setScenario(const Scenario& s); ///< computes with core (throws InvalidInput)
    void setResult(const ExplorerResult& r);
    void setUnit(ByteUnit unit);

    QChartView* chartView() const { return m_view; }
    QChart* chart() const { return m_chart; }
    QLineSeries* stageSeries(int stage) const { return m_lines[static_cast<std::size_t>(stage)]; }
    QScatterSeries* minimumMarker(int stage) const { return m_markers[static_cast<std::size_t>(stage)]; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    QLineSeries* currentNSeries() const { return m_current; }
    /// "N >= 17" beside the stage's marker (empty when the stage never fits within the axis).
    QString minimumLabel(int stage) const;
    /// The scene rectangles of the labels shown (capacity, current N, smallest N per stage), for geometry checks.
    QList<QRectF> labelRects() const;
    /// Whether `sceneRect` covers a drawn curve (the stage lines between their points).
    bool coversData(const QRectF& sceneRect) const;
    /// Hover text of stage `stage`'s curve at `gpus` (a point of the sweep): the worst rank's total and each term
    /// that holds bytes, with bytes (unit and exact) and core's formula.
    QString curveToolTip(int stage, std::int64_t gpus) const;
    /// Hover text of the smallest-N marker of `stage`.
    QString markerToolTip(int stage) const;
    /// Stage `stage`'s smallest N in whole nodes (core's smallestFittingGpusInWholeNodes(), as the verdict) and its
    /// worst-rank bytes; core's smallest N where whole nodes change nothing. {0, 0} where no N fits.
    struct WholeNodeMin
    {
        std::int64_t gpus = 0;
        std::int64_t bytes = 0;
    };
    WholeNodeMin wholeNodeMin(int stage) const;
    /// The text of the last tooltip shown on hover (empty after the pointer left).
    QString lastToolTip() const { return m_lastTip; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void placeLabel();
    void placeLabelOnce();
    void updateGrid();
    /// The stage curves mapped to scene coordinates, and whether a rectangle covers one of them.
    QList<QPolygonF> curvesInScene() const;
    static bool covers(const QList<QPolygonF>& curves, const QRectF& sceneRect);
    void showTip(const QString& text);
    void colorLabels();

    ExplorerResult m_result;
    bool m_hasResult = false;
    ByteUnit m_unit = ByteUnit::GB;
    QString m_lastTip;
    QChart* m_chart;
    QChartView* m_view;
    std::array<QLineSeries*, 4> m_lines {};
    std::array<QScatterSeries*, 4> m_markers {};
    QLineSeries* m_capacity;
    QLineSeries* m_current;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    ChartGrid* m_grid = nullptr;
    ChartLabel* m_label;
    ChartLabel* m_currentLabel;
    std::array<ChartLabel*, 4> m_minLabels {};
    /// Which stages have a smallest-N label (one label is drawn for stages that share the same N).
    std::array<bool, 4> m_minShown {};
    /// Each stage's legend name, and the shorter one used where the names do not fit the legend's share of the chart in
    /// its smallest type (issue 26: "ZeRO-0: никогда не помещается" ran out of a laptop's chart).
    std::array<QString, 4> m_longNames;
    std::array<QString, 4> m_shortNames;
    void applyNames();
    PassGuard m_labelPass; ///< placeLabel(): a re-layout it causes calls it again
    bool m_refreshing = false; ///< refresh() is running: placeLabel() waits for its end
    QStringList m_yTitles; ///< the memory axis's titles, longest first (setAxisTitleFitting())
    QString m_labelFull; ///< the capacity label's whole text (placeLabel() may show only the capacity)
};

} // namespace shardscope
