// SPDX-License-Identifier: MIT
#pragma once

#include "explorer.h"

#include "shardscope/units.h"

#include <QWidget>

#include <array>

class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace shardscope {

class ChartLabel;

/**
 * Chart 1: per-GPU memory as stacked bars by term for the ranks that differ (first / middle / last
 * pipeline stage), or one bar per ZeRO stage 0-3 at the current N when comparing stages; a capacity
 * line labelled with the GPU, its capacity and the headroom or overflow.
 */
class MemoryPerGpuChart : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryPerGpuChart(QWidget* parent = nullptr);

    /// Computes with core (throws InvalidInput) and shows the result.
    void setScenario(const Scenario& s);
    void setResult(const ExplorerResult& r);
    void setUnit(ByteUnit unit);
    void setCompareStages(bool on);
    bool compareStages() const { return m_compare; }

    QChartView* chartView() const { return m_view; }
    QChart* chart() const { return m_chart; }
    QBarSet* barSet(Term t) const { return m_sets[static_cast<std::size_t>(t)]; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    QStringList categories() const;
    QString capacityLabel() const;
    /// Whether the term has a legend entry (only terms holding bytes in some bar have one).
    bool inLegend(Term t) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void placeLabel();
    void updateLegend();

    ExplorerResult m_result;
    bool m_hasResult = false;
    ByteUnit m_unit = ByteUnit::GB;
    bool m_compare = false;
    QChart* m_chart;
    QChartView* m_view;
    QStackedBarSeries* m_bars;
    std::array<QBarSet*, kTermCount> m_sets {};
    std::array<bool, kTermCount> m_used {};
    QLineSeries* m_capacity;
    QBarCategoryAxis* m_x;
    QValueAxis* m_y;
    ChartLabel* m_label;
};

} // namespace shardscope
