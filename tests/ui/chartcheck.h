// SPDX-License-Identifier: MIT
#pragma once
// Shared by the window tests (tst_explorerwindow, tst_monkey): the charts equal core's answer.

#include "explorer.h"
#include "hostmemorychart.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"

#include "shardscope/advice.h"
#include "shardscope/planner.h"

#include <QBarSet>
#include <QChart>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTest>

namespace shardscope {

/// Chart 1's bars, chart 2's lines and markers, both capacity lines and the host chart hold what core
/// computes for `s` (the window's last answer), in `unit`.
inline void verifyChartsMatchCore(MainWindow& w, const Scenario& s, ByteUnit unit)
{
    const ExplorerResult r = computeExplorer(s);
    const double div = unitDivisor(unit);
    MemoryPage* page = w.memoryPage();
    MemoryPerGpuChart* c1 = page->perGpuChart();
    QCOMPARE(c1->categories().size(), qsizetype(r.footprint.ranks.size()));
    for (int t = 0; t < kTermCount; ++t) {
        QBarSet* set = c1->barSet(static_cast<Term>(t));
        QCOMPARE(set->count(), qsizetype(r.footprint.ranks.size()));
        for (std::size_t i = 0; i < r.footprint.ranks.size(); ++i)
            QCOMPARE(set->at(qsizetype(i)), double(r.footprint.ranks[i].terms[std::size_t(t)].bytes) / div);
    }
    const QList<QPointF> cap = c1->capacitySeries()->points();
    QCOMPARE(cap.size(), 2);
    QCOMPARE(cap[0].y(), double(r.footprint.usableBytes) / div);

    MemoryVsGpusChart* c2 = page->vsGpusChart();
    for (int z = 0; z < 4; ++z) {
        QList<QPointF> expected;
        for (const SweepPoint& p : r.sweep)
            if (p.stage == z)
                expected << QPointF(double(p.gpus), double(p.worstBytes) / div);
        QCOMPARE(c2->stageSeries(z)->points(), expected);
        const MinGpus& m = r.minGpus[std::size_t(z)];
        // Issue 26: the marker and its label at the smallest N in whole nodes (the verdict's), core's count in the tip.
        const std::int64_t whole = m.minGpus ? smallestFittingGpusInWholeNodes(r.scenario, z, *m.minGpus).value_or(*m.minGpus) : 0;
        const std::int64_t wholeBytes = !m.minGpus ? 0 : whole == *m.minGpus ? m.bytesAtMin : sweep(r.scenario, {whole}, {z}).front().worstBytes;
        if (m.minGpus && double(whole) <= double(r.sweepMaxGpus))
            QCOMPARE(c2->minimumMarker(z)->points(), QList<QPointF>({QPointF(double(whole), double(wholeBytes) / div)}));
        else
            QVERIFY(c2->minimumMarker(z)->points().isEmpty());
        if (m.minGpus && double(whole) <= double(r.sweepMaxGpus))
            QCOMPARE(c2->minimumLabel(z), QStringLiteral("N \u2265 %1").arg(whole));
        else if (!m.minGpus)
            QVERIFY(c2->stageSeries(z)->name().endsWith(QStringLiteral("never fits")) || c2->stageSeries(z)->name().contains(QStringLiteral("never fits (")));
    }
    QCOMPARE(c2->capacitySeries()->points().front().y(), double(r.footprint.usableBytes) / div);
    QCOMPARE(c2->currentNSeries()->points().front().x(), double(s.gpus));

    HostMemoryChart* c3 = page->hostChart();
    QCOMPARE(c3->neededSet()->at(0), double(r.footprint.hostBytesPerNode) / div);
    QCOMPARE(c3->availableSet()->at(0), double(s.hostRamBytesPerNode) / div);
}

/// The texts Qt Charts cut short with "..." in `chart` (axis labels, axis and chart titles; the legend's entries,
/// whose full names are in the breakdown table, are left out).
inline QStringList cutTexts(QChart* chart)
{
    QStringList cut;
    QList<QGraphicsItem*> todo = chart->childItems();
    while (!todo.isEmpty()) {
        QGraphicsItem* item = todo.takeLast();
        if (item == chart->legend())
            continue;
        todo << item->childItems();
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) {
            const QString s = text->toPlainText();
            if (text->isVisible() && (s.contains(QLatin1String("...")) || s.contains(QChar(0x2026))))
                cut << s;
        }
    }
    return cut;
}

/// The window's own scenario, in `unit` (GB unless the test switched the toggle).
inline void verifyChartsMatchCore(MainWindow& w, ByteUnit unit = ByteUnit::GB)
{
    verifyChartsMatchCore(w, w.scenario(), unit);
}

} // namespace shardscope
