// SPDX-License-Identifier: MIT
#include "barsegment.h"

#include "memorypergpuchart.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>

#include <algorithm>

namespace shardscope {

std::optional<QRectF> barSegmentRect(const MemoryPerGpuChart* chart, Term term, int bar)
{
    if (!chart || bar < 0)
        return std::nullopt;
    QBarSet* set = chart->barSet(term);
    QChart* c = chart->chart();
    if (!set || !c || bar >= set->count() || !(set->at(bar) > 0))
        return std::nullopt;
    QAbstractBarSeries* series = nullptr;
    for (QAbstractSeries* s : c->series())
        if (auto* b = qobject_cast<QAbstractBarSeries*>(s); b && b->barSets().contains(set))
            series = b;
    if (!series || !series->isVisible())
        return std::nullopt;
    double base = 0;
    for (QBarSet* below : series->barSets()) {
        if (below == set)
            break;
        if (bar < below->count())
            base += std::max(0.0, below->at(bar));
    }
    const double half = series->barWidth() / 2;
    const QPointF a = c->mapToPosition(QPointF(bar - half, base), series);
    const QPointF b = c->mapToPosition(QPointF(bar + half, base + set->at(bar)), series);
    const QChartView* view = chart->chartView();
    const QPointF va = view->mapFromScene(c->mapToScene(a));
    const QPointF vb = view->mapFromScene(c->mapToScene(b));
    return QRectF(va, vb).normalized();
}

} // namespace shardscope
