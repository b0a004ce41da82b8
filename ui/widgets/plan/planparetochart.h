// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/layoutplanner.h"
#include "shardscope/units.h"

#include <QWidget>

#include <vector>

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace shardscope {

/**
 * The Plan tab's Pareto chart: peak memory of the worst rank (x) against step time (y) for the layouts that fit.
 * The front (no other layout is both smaller and faster) is joined by a line; the other ranked layouts are grey
 * dots; the best by the chosen measure is a larger orange dot; the usable capacity is a dashed vertical line.
 * A click on a dot emits layoutClicked() with that layout.
 */
class PlanParetoChart : public QWidget
{
    Q_OBJECT
public:
    explicit PlanParetoChart(QWidget* parent = nullptr);

    /// `ranked`: the table's layouts, best first; `pareto`: the front, peak ascending. usableBytes 0 = no line.
    void setLayouts(const std::vector<PlanLayout>& ranked, const std::vector<PlanLayout>& pareto, std::int64_t usableBytes);
    void clear();
    void setUnit(ByteUnit unit);

    /// "Layouts that fit: peak memory vs step time": the chart's title (the export dialog names plan-pareto by it).
    static QString titleText();

    QChart* chart() const { return m_chart; }
    QChartView* chartView() const { return m_view; }
    QScatterSeries* frontSeries() const { return m_frontDots; }
    QScatterSeries* othersSeries() const { return m_others; }
    QScatterSeries* bestSeries() const { return m_best; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    /// The width the legend needs on one line (its markers and their names in the chart's legend font).
    int legendWidth() const;
    /// The layout drawn nearest `value` (chart coordinates: x in the unit, y in seconds); nullptr when none.
    const PlanLayout* layoutAt(const QPointF& value) const;

signals:
    void layoutClicked(const shardscope::PlanLayout& layout);

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void refresh();
    void applyColors();

    std::vector<PlanLayout> m_ranked;
    std::vector<PlanLayout> m_pareto;
    std::int64_t m_usable = 0;
    ByteUnit m_unit = ByteUnit::GB;
    QChart* m_chart;
    QChartView* m_view = nullptr;
    QLineSeries* m_frontLine;
    QScatterSeries* m_frontDots;
    QScatterSeries* m_others;
    QScatterSeries* m_best;
    QLineSeries* m_capacity;
    QValueAxis* m_x;
    QValueAxis* m_y;
};

} // namespace shardscope
