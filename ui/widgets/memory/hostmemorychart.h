// SPDX-License-Identifier: MIT
#pragma once

#include "explorer.h"

#include "shardscope/units.h"

#include <QWidget>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QChartView;
class QValueAxis;

namespace shardscope {

class ChartLabel;

/**
 * Chart 3: host RAM (and NVMe) per node that offloading needs, beside what the node has.
 * Without offload the needed bar is empty and the title says so.
 */
class HostMemoryChart : public QWidget
{
    Q_OBJECT
public:
    explicit HostMemoryChart(QWidget* parent = nullptr);

    void setScenario(const Scenario& s); ///< computes with core (throws InvalidInput)
    void setResult(const ExplorerResult& r);
    void setUnit(ByteUnit unit);

    QChartView* chartView() const { return m_view; }
    QChart* chart() const { return m_chart; }
    QBarSet* neededSet() const { return m_needed; }
    QBarSet* availableSet() const { return m_available; }
    QStringList categories() const;
    /// The numbers written in the chart ("8 GPUs per node: RAM 1.1 TB of 2 TB").
    QString summary() const;
    /// Hover text of a bar: `index` 0 host RAM, 1 NVMe; the needed or the available bar; bytes in the unit and exact.
    QString toolTipFor(int index, bool needed) const;
    QString lastToolTip() const { return m_lastTip; }
    /// Where the label is drawn (scene coordinates), in the wording that fits (summary() is the whole one).
    QRectF labelRect() const;
    QString labelText() const;
    /// The scene y of the tallest bar's top: the label lies above it.
    double tallestBarY() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    int m_intervals = 6; ///< tick intervals the memory axis has room for
    void refresh();
    /// Sets the label to the longest of m_texts whose band (its height and 8 px) is at most half the plot's height
    /// (else the shortest) and returns that band as a fraction of the plot's height.
    double fitLabel();
    QStringList m_texts;  ///< the label's wordings, longest first
    double m_band = 0;    ///< the fraction of the plot's height the axis leaves free above the bars for the label
    double m_top = 0;     ///< the tallest bar, in the unit

    ExplorerResult m_result;
    bool m_hasResult = false;
    ByteUnit m_unit = ByteUnit::GB;
    QString m_lastTip;
    QChart* m_chart;
    QChartView* m_view;
    QBarSeries* m_bars;
    QBarSet* m_needed;
    QBarSet* m_available;
    QBarCategoryAxis* m_x;
    QValueAxis* m_y;
    ChartLabel* m_label = nullptr;
};

} // namespace shardscope
