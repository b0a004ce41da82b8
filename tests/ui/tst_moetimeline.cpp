// SPDX-License-Identifier: MIT
// Issue 25: the Step tab draws the MoE all-to-alls as what they are. The timeline (StepGanttView) has an "EP
// all-to-all" row with one bar per all-to-all event of core's step (dispatch and combine, forward, backward and the
// recomputed forward: 32 MoE layers x 6 for Mixtral 8x7B, full checkpointing, one micro-batch) and a legend entry; a
// dense model has none. The GPU view animates an all-to-all over the EP group's members as a full mesh.
//
// Shape: Mixtral-8x7B (Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, 8 local experts, top-2).
#include "mainwindow.h"
#include "uiscenarios.h"
#include "windowfixture.h"
#include "ringview.h"
#include "stepcommon.h"
#include "stepganttview.h"
#include "stepgpuview.h"
#include "stepview.h"

#include "shardscope/architecture.h"
#include "shardscope/scenario.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTest>

#include <cmath>
#include <memory>

using namespace shardscope;

namespace {

std::unique_ptr<MainWindow> makeWindow(const Scenario& s)
{
    return testing::makeOffscreenWindow(s, QSize(1366, 768));
}

using testing::mixtral;

} // namespace

class TestMoeTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void timelineHasTheAllToAlls()
    {
        auto w = makeWindow(mixtral(8, 8));
        w->showTab(QStringLiteral("step"));
        QTRY_VERIFY(w->stepView() && w->stepView()->result());
        auto* gantt = w->stepView()->findChild<StepGanttView*>(QStringLiteral("stepGantt"));
        QVERIFY(gantt);
        (void)gantt->grab(); // paint
        std::int64_t events = 0;
        for (const StepEvent& e : w->stepView()->result()->events)
            events += e.kind == EventKind::AllToAll ? 1 : 0;
        // 32 MoE layers x (dispatch + combine) x (forward + recompute + backward) = 192.
        QCOMPARE(events, std::int64_t(192));
        QCOMPARE(gantt->allToAllItems(), 192);
        QVERIFY(gantt->legendShowsAllToAll());

        // The GPU view on an all-to-all: its members are the EP group (all 8 GPUs of the node), drawn as a mesh.
        auto* gpus = w->stepView()->findChild<StepGpuView*>(QStringLiteral("stepGpus"));
        QVERIFY(gpus);
        const auto& ev = w->stepView()->result()->events;
        double at = -1;
        for (const StepEvent& e : ev)
            if (e.kind == EventKind::AllToAll) {
                at = e.start + 0.5 * e.duration;
                break;
            }
        QVERIFY(at >= 0);
        gpus->setPlayhead(at, true);
        (void)gpus->grab();
        QVERIFY(gpus->focusedEvent() >= 0);
        QCOMPARE(ev[static_cast<std::size_t>(gpus->focusedEvent())].kind, EventKind::AllToAll);
        QCOMPARE(gpus->ringSteps(), 7); // EP - 1 exchanges
        // One slice in flight from every member in each exchange: 8 squares, not a ring's.
        QCOMPARE(gpus->shardRects().size(), qsizetype(8));

        w->setScenario(defaultScenario()); // dense
        QTRY_VERIFY(w->stepView()->result() && w->stepView()->result()->totals.epBytes == 0);
        (void)gantt->grab();
        QCOMPARE(gantt->allToAllItems(), 0);
        QVERIFY(!gantt->legendShowsAllToAll());
    }

    void oneCollectiveShowsAllToAllAsMesh()
    {
        // "One collective" with the all-to-all: 4 GPUs, 3 exchanges (EP - 1), each GPU sending straight to the GPU k + 1
        // places to its right; drawn in the all-to-all colour, which a ring collective does not use.
        auto countMagenta = [](const QImage& img) {
            const QColor m = stepui::allToAllColor();
            qsizetype n = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) {
                    const QColor c = img.pixelColor(x, y);
                    n += std::abs(c.red() - m.red()) + std::abs(c.green() - m.green()) + std::abs(c.blue() - m.blue()) < 30 ? 1 : 0;
                }
            return n;
        };
        RingView r;
        r.setAttribute(Qt::WA_DontShowOnScreen);
        r.resize(820, 330);
        r.show();
        r.setCollective(EventKind::AllToAll, 4);
        QCOMPARE(r.hopCount(), 3);
        r.setHop(1);
        const QImage mesh = r.grab().toImage();
        QVERIFY(countMagenta(mesh) > 200);
        r.setCollective(EventKind::ReduceScatter, 4);
        r.setHop(1);
        QCOMPARE(countMagenta(r.grab().toImage()), qsizetype(0));
    }
};

QTEST_MAIN(TestMoeTimeline)
#include "tst_moetimeline.moc"
