// SPDX-License-Identifier: MIT
// The Step view (issue 4): a deterministic clock (driven from the test, no sleeps), event stepping,
// keys, click-to-jump, the ring animation's steps, TP slice shapes, and screenshots to look at.
#include "stepganttview.h"
#include "stepgpuview.h"
#include "stepmemoryview.h"
#include "steppipelineview.h"
#include "steptpview.h"
#include "stepview.h"

#include <QDir>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QLabel>
#include <QTest>

#include <cmath>

using namespace shardscope;

Q_DECLARE_METATYPE(Scenario)

namespace {

/// ZeRO-3 of Llama-2-70B on 16 A100s in 2 nodes: DP all-gathers over 16 ranks (15 ring steps).
Scenario zero3On16()
{
    Scenario s;
    s.gpus = 16;
    return s;
}

/// TP = 8 inside each node, PP = 4 across nodes, 8 micro-batches (Llama-2-70B on 32 GPUs, ZeRO-1).
Scenario tp8pp4()
{
    Scenario s;
    s.gpus = 32;
    s.tp = 8;
    s.pp = 4;
    s.zeroStage = 1;
    s.gradAccum = 8;
    return s;
}

/// DDP of Llama-2-7B on 8 GPUs of one node.
Scenario ddp8()
{
    Scenario s;
    s.arch = *findModelPreset("llama-2-7b");
    s.gpus = 8;
    s.zeroStage = 0;
    return s;
}

} // namespace

class TestStepView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(QFontMetrics(QFont()).inFont(QChar(u'A'))); }

    void modelsTheScenario()
    {
        StepView v;
        v.setScenario(zero3On16());
        QVERIFY(v.result());
        QVERIFY(v.errorText().isEmpty());
        QVERIFY(!v.result()->events.empty());
        // 16 GPUs: all drawn, ranks 0-15.
        QCOMPARE(v.gpuView()->drawnRanks().size(), std::size_t(16));
        QCOMPARE(v.gpuView()->drawnRanks().back(), qint64(15));
        // 32 GPUs: a representative 16 (two whole nodes).
        v.setScenario(Scenario());
        QCOMPARE(v.gpuView()->drawnRanks().size(), std::size_t(16));
        // A scenario without an answer: the reason is shown in plain words (no "--tp:" flag), and the last
        // valid step stays on screen (issue 13: the Step tab went blank while the Memory tab kept its charts).
        const double lastValid = v.result()->totals.stepTime;
        Scenario bad = zero3On16();
        bad.tp = 3;
        v.setScenario(bad);
        QVERIFY(v.result());
        QCOMPARE(v.result()->totals.stepTime, lastValid);
        QVERIFY2(v.errorText().startsWith(QStringLiteral("TP 3 does not divide")), qPrintable(v.errorText()));
        QVERIFY(!v.errorText().contains(QStringLiteral("--")));
        auto* summary = v.findChild<QLabel*>(QStringLiteral("stepSummary"));
        QVERIFY(summary && summary->text().contains(QStringLiteral("Showing the last valid step")));
        // A valid scenario clears the message.
        v.setScenario(zero3On16());
        QVERIFY(v.errorText().isEmpty());
        // A fresh view with no valid step yet shows the reason and no step.
        StepView fresh;
        fresh.setScenario(bad);
        QVERIFY(!fresh.result());
        QVERIFY(fresh.errorText().contains(QStringLiteral("TP 3")));
    }

    void summaryShowsTheKernelEfficiencyInForce()
    {
        // The summary names the GEMM efficiency computeStep uses (kernelModelInForce), never the scenario's 0 that
        // means "the GPU's figure": 0.74 on an A100 (kernels.cpp: cuBLAS 230-250 of 312 TFLOP/s), 0.6 x 500/700 on
        // torchtitan's power-capped H100 96GB (gpus.cpp), and a figure the user entered as given.
        StepView v;
        auto* summary = v.findChild<QLabel*>(QStringLiteral("stepSummary"));
        QVERIFY(summary);
        Scenario s = zero3On16();
        v.setScenario(s);
        QVERIFY2(summary->text().contains(QStringLiteral("kernel efficiency 0.740 ")), qPrintable(summary->text()));
        s.gpu = "h100-96gb";
        v.setScenario(s);
        QVERIFY(v.errorText().isEmpty());
        QVERIFY2(summary->text().contains(QStringLiteral("kernel efficiency %1 ").arg(0.6 * 500.0 / 700.0, 0, 'f', 3)),
                 qPrintable(summary->text()));
        s.kernelEfficiency = 0.5;
        v.setScenario(s);
        QVERIFY2(summary->text().contains(QStringLiteral("kernel efficiency 0.500 ")), qPrintable(summary->text()));
    }

    void clockIsDrivenByAdvance()
    {
        StepView v;
        v.setExternalClock(true);
        v.setScenario(zero3On16());
        const double T = v.result()->totals.stepTime;
        QSignalSpy playing(&v, &StepView::playingChanged);
        v.advance(1.0); // paused: nothing moves
        QCOMPARE(v.time(), 0.0);
        v.play();
        QCOMPARE(playing.count(), 1);
        // At 1x the step plays in kWallSecondsPerStep = 20 s: one second of wall time is T/20.
        v.advance(1.0);
        QVERIFY(std::abs(v.time() - T / 20.0) < 1e-12 * T);
        v.setSpeed(2);
        v.advance(1.0);
        QVERIFY(std::abs(v.time() - 3.0 * T / 20.0) < 1e-12 * T);
        v.pause();
        v.advance(5.0);
        QVERIFY(std::abs(v.time() - 3.0 * T / 20.0) < 1e-12 * T);
        // Playing past the end stops at the end.
        v.play();
        v.advance(100.0);
        QCOMPARE(v.time(), T);
        QVERIFY(!v.isPlaying());
        // Every chart follows the playhead.
        QCOMPARE(v.ganttView()->playhead(), T);
        QCOMPARE(v.memoryView()->playhead(), T);
        QCOMPARE(v.pipelineView()->playhead(), T);
    }

    void stepsThroughEventsInOrder()
    {
        StepView v;
        v.setExternalClock(true);
        v.setScenario(tp8pp4());
        const auto& ev = v.result()->events;
        // Distinct event starts after 0, in order: Right visits each one.
        std::vector<double> starts;
        for (const auto& e : ev)
            if (e.start > 0 && (starts.empty() || e.start > starts.back()))
                starts.push_back(e.start);
        QVERIFY(starts.size() > 30);
        for (std::size_t i = 0; i < 30; ++i) {
            v.stepForward();
            QCOMPARE(v.time(), starts[i]);
            QVERIFY(ev[static_cast<std::size_t>(v.currentEvent())].start == starts[i]);
        }
        // Left goes back one event start at a time.
        v.stepBack();
        QCOMPARE(v.time(), starts[28]);
        v.stepBack();
        QCOMPARE(v.time(), starts[27]);
        v.seek(0);
        v.stepBack();
        QCOMPARE(v.time(), 0.0);
    }

    void keys()
    {
        StepView v;
        v.setExternalClock(true);
        v.setScenario(ddp8());
        QTest::keyClick(&v, Qt::Key_Space);
        QVERIFY(v.isPlaying());
        QTest::keyClick(&v, Qt::Key_Space);
        QVERIFY(!v.isPlaying());
        QTest::keyClick(&v, Qt::Key_Right);
        const double first = v.time();
        QVERIFY(first > 0);
        QTest::keyClick(&v, Qt::Key_Right);
        QVERIFY(v.time() > first);
        QTest::keyClick(&v, Qt::Key_Left);
        QCOMPARE(v.time(), first);
        QCOMPARE(v.speed(), 1.0);
        QTest::keyClick(&v, Qt::Key_Plus);
        QCOMPARE(v.speed(), 2.0);
        QTest::keyClick(&v, Qt::Key_Minus);
        QTest::keyClick(&v, Qt::Key_Minus);
        QCOMPARE(v.speed(), 0.5);
        for (int i = 0; i < 10; ++i)
            QTest::keyClick(&v, Qt::Key_Minus);
        QCOMPARE(v.speed(), StepView::kMinSpeed); // 0.25x
        for (int i = 0; i < 10; ++i)
            QTest::keyClick(&v, Qt::Key_Plus);
        QCOMPARE(v.speed(), StepView::kMaxSpeed); // 8x
    }

    void clickingATimelineJumps()
    {
        StepView v;
        v.setExternalClock(true);
        v.setScenario(tp8pp4());
        v.resize(1400, 1000);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        StepGanttView* g = v.ganttView();
        const QRectF a = g->plotArea();
        const QPoint at(static_cast<int>(a.left() + 0.6 * a.width()), static_cast<int>(a.center().y()));
        QTest::mouseClick(g, Qt::LeftButton, {}, at);
        const double T = v.result()->totals.stepTime;
        QVERIFY(std::abs(v.time() - g->timeAtX(at.x())) < 1e-12 * T);
        QVERIFY(std::abs(v.time() / T - 0.6) < 0.01);
        // The memory chart too.
        StepMemoryView* m = v.memoryView();
        const QRectF ma = m->plotArea();
        QTest::mouseClick(m, Qt::LeftButton, {}, QPoint(static_cast<int>(ma.left() + 0.25 * ma.width()), static_cast<int>(ma.center().y())));
        QVERIFY(std::abs(v.time() / T - 0.25) < 0.01);
    }

    void ringRunsInItsRealSteps()
    {
        StepView v;
        v.setExternalClock(true);
        v.setScenario(zero3On16());
        const auto& ev = v.result()->events;
        int gather = -1;
        for (std::size_t i = 0; i < ev.size(); ++i)
            if (ev[i].kind == EventKind::AllGather && ev[i].group == CommGroup::DP && ev[i].layer == 3) {
                gather = static_cast<int>(i);
                break;
            }
        QVERIFY(gather >= 0);
        v.seek(ev[static_cast<std::size_t>(gather)].start);
        StepGpuView* g = v.gpuView();
        QCOMPARE(g->focusedEvent(), gather);
        // A ring all-gather over n = 16 ranks takes n - 1 = 15 steps.
        QCOMPARE(g->ringSteps(), 15);
        QCOMPARE(g->ringStep(), 0);
        // The ring's own loop: one step per kCycleSeconds / 15 of wall time at 1x.
        v.play();
        v.advance(StepGpuView::kCycleSeconds / 15.0 * 1.5);
        QCOMPARE(g->ringStep(), 1);
        v.advance(StepGpuView::kCycleSeconds / 15.0);
        QCOMPARE(g->ringStep(), 2);
        // An all-reduce over 8 (DDP in one node) takes 2(n-1) = 14 steps.
        v.pause();
        v.setScenario(ddp8());
        const auto& dv = v.result()->events;
        for (std::size_t i = 0; i < dv.size(); ++i)
            if (dv[i].kind == EventKind::AllReduce) {
                v.seek(dv[i].start);
                break;
            }
        QCOMPARE(v.gpuView()->ringSteps(), 14);
    }

    void tensorParallelSliceShapes()
    {
        // Seed 003: a 4096x4096 matrix split by columns over 8 GPUs is 4096x512 on each; by rows 512x4096.
        QCOMPARE(StepTpView::splitShape(4096, 4096, 8, true), QStringLiteral("4096x512"));
        QCOMPARE(StepTpView::splitShape(4096, 4096, 8, false), QStringLiteral("512x4096"));
        StepView v;
        Scenario s = tp8pp4();
        v.setScenario(s);
        // Llama-2-70B (h = 8192, 64 heads of 128, 8 KV heads, ffn 28672): fused QKV is 8192 x (8192 + 2 x 1024)
        // = 8192x10240 -> 8192x1280 per GPU; attention out 8192x8192 by rows -> 1024x8192; gate|up 8192x57344
        // -> 8192x7168; down 28672x8192 by rows -> 3584x8192.
        QCOMPARE(v.tpView()->sliceShape(0), QStringLiteral("8192x1280"));
        QCOMPARE(v.tpView()->sliceShape(1), QStringLiteral("1024x8192"));
        QCOMPARE(v.tpView()->sliceShape(2), QStringLiteral("8192x7168"));
        QCOMPARE(v.tpView()->sliceShape(3), QStringLiteral("3584x8192"));
    }

    void pipelineInflightFollowsTheSchedule()
    {
        // 1F1B: stage i holds min(p - i, m) micro-batches (Narayanan et al. 2021); GPipe holds all m.
        StepView v;
        Scenario s = tp8pp4();
        v.setScenario(s);
        for (std::int64_t i = 0; i < 4; ++i)
            QCOMPARE(v.pipelineView()->inflight(i), 4 - i);
        s.schedule = PipelineSchedule::GPipe;
        v.setScenario(s);
        QCOMPARE(v.pipelineView()->inflight(2), qint64(8));
    }

    void followsTheScenarioAtOnce()
    {
        StepView v;
        v.setExternalClock(true);
        v.setScenario(zero3On16());
        const double t16 = v.result()->totals.stepTime;
        v.seek(t16 / 2);
        Scenario s = zero3On16();
        s.gpus = 64;
        v.setScenario(s);
        // More GPUs: a different step, and the playhead keeps its place as a fraction of it.
        QVERIFY(v.result()->totals.stepTime != t16);
        QVERIFY(std::abs(v.time() / v.result()->totals.stepTime - 0.5) < 1e-9);
    }

    // Issue 14: at presentation size (the font doubled, PresentationMode::factorFor(1080) = 2) every label of the
    // pipeline and GPU views gets a box at least one line of its font high, inside the view, and the stage and
    // GPU names are drawn whole (not elided). Before the fix the boxes were a fixed 14-18 px: half a 2x line.
    void labelsFitAtPresentationSize_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("1x laptop") << 1.0 << 1366 << 768;
        QTest::newRow("2x 1080p") << 2.0 << 1920 << 1080;
        QTest::newRow("2x 768p") << 2.0 << 1366 << 1000;
    }
    void labelsFitAtPresentationSize()
    {
        QFETCH(double, factor);
        QFETCH(int, width);
        QFETCH(int, height);
        StepView v;
        v.setExternalClock(true);
        QFont f = v.font();
        f.setPointSizeF(f.pointSizeF() * factor);
        v.setFont(f);
        v.resize(width, height);
        v.setScenario(tp8pp4());
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        v.seek(0.45 * v.result()->totals.stepTime);
        (void)v.grab(); // paints every part
        QCOMPARE(v.pipelineView()->font().pointSizeF(), f.pointSizeF());
        const auto check = [](const QWidget* w, const QList<stepui::DrawnLabel>& labels, const char* what) {
            QVERIFY2(!labels.isEmpty(), what);
            for (const stepui::DrawnLabel& l : labels) {
                const QFontMetricsF fm(l.font);
                const QString where = QStringLiteral("%1 '%2' in %3,%4 %5x%6 (line %7 px)")
                                          .arg(QLatin1String(what), l.text)
                                          .arg(l.rect.x()).arg(l.rect.y()).arg(l.rect.width()).arg(l.rect.height())
                                          .arg(fm.height());
                QVERIFY2(l.rect.height() + 0.01 >= fm.height(), qPrintable(where));
                QVERIFY2(fm.horizontalAdvance(l.text) <= l.rect.width() + 0.5, qPrintable(where));
                QVERIFY2(QRectF(w->rect()).adjusted(-0.5, -0.5, 0.5, 0.5).contains(l.rect), qPrintable(where));
            }
        };
        check(v.pipelineView(), v.pipelineView()->labels(), "pipeline");
        // No two labels of the pipeline print over one another (the stage labels at thin rows).
        const QList<stepui::DrawnLabel>& pl = v.pipelineView()->labels();
        for (int i = 0; i < pl.size(); ++i)
            for (int j = i + 1; j < pl.size(); ++j)
                QVERIFY2(!pl[i].rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(pl[j].rect.adjusted(0.5, 0.5, -0.5, -0.5)),
                         qPrintable(pl[i].text + QStringLiteral(" / ") + pl[j].text));
        check(v.gpuView(), v.gpuView()->labels(), "gpus");
        // The names are whole: four stage labels with their in-flight counts, and "GPU k" for every box drawn.
        int stages = 0;
        for (const stepui::DrawnLabel& l : v.pipelineView()->labels())
            if (l.text.contains(QLatin1String("in flight")))
                ++stages;
        QCOMPARE(stages, 4);
        int gpus = 0;
        for (const stepui::DrawnLabel& l : v.gpuView()->labels())
            if (l.text.startsWith(QLatin1String("GPU ")) && !l.text.contains(QChar(0x2026)))
                ++gpus;
        QVERIFY2(gpus == int(v.gpuView()->drawnRanks().size()),
                 qPrintable(QStringLiteral("%1 of %2 GPU names whole; view %3 px wide").arg(gpus).arg(v.gpuView()->drawnRanks().size()).arg(v.gpuView()->width())));

        // The Gantt and memory views (issue 14's remainder): every label one line of its font high, inside the
        // view, whole where it is a name, and no two labels over one another. Before the fix their boxes were a
        // fixed 14-16 px and the Gantt rows shared a view 120 px high at 2x: names printed over one another.
        const auto noOverlap = [](const QList<stepui::DrawnLabel>& labels, const char* what) {
            for (int i = 0; i < labels.size(); ++i)
                for (int j = i + 1; j < labels.size(); ++j)
                    QVERIFY2(!labels[i].rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(labels[j].rect.adjusted(0.5, 0.5, -0.5, -0.5)),
                             qPrintable(QStringLiteral("%1: '%2' %3 / '%4' %5").arg(QLatin1String(what), labels[i].text)
                                            .arg(QStringLiteral("%1,%2 %3x%4").arg(labels[i].rect.x()).arg(labels[i].rect.y()).arg(labels[i].rect.width()).arg(labels[i].rect.height()), labels[j].text)
                                            .arg(QStringLiteral("%1,%2 %3x%4").arg(labels[j].rect.x()).arg(labels[j].rect.y()).arg(labels[j].rect.width()).arg(labels[j].rect.height()))));
        };
        check(v.ganttView(), v.ganttView()->labels(), "gantt");
        noOverlap(v.ganttView()->labels(), "gantt");
        // Every row named whole (tp8pp4 has compute, TP, DP and PP traffic and a bubble) in the widget's font.
        int rows = 0;
        for (const stepui::DrawnLabel& l : v.ganttView()->labels())
            if (l.text == QLatin1String("compute") || l.text.endsWith(QLatin1String(" comm")) || l.text == QLatin1String("bubble"))
                rows += l.font.pointSizeF() == f.pointSizeF() ? 1 : 0;
        QVERIFY2(rows >= 5 + 2, qPrintable(QString::number(rows))); // five rows and the legend's "exposed/hidden comm"
        check(v.memoryView(), v.memoryView()->labels(), "memory");
        noOverlap(v.memoryView()->labels(), "memory");
        // The value at the playhead never covers the peak, capacity or scale labels, wherever the playhead is.
        const double T = v.result()->totals.stepTime;
        for (int k = 0; k <= 100; ++k) {
            v.seek(T * k / 100.0);
            const QRectF box = v.memoryView()->playheadLabelRect();
            QVERIFY2(QRectF(v.memoryView()->rect()).adjusted(-0.5, -0.5, 0.5, 0.5).contains(box), qPrintable(QString::number(k)));
            for (const stepui::DrawnLabel& l : v.memoryView()->labels())
                QVERIFY2(!box.intersects(l.rect), qPrintable(QStringLiteral("at %1%: playhead label over '%2'").arg(k).arg(l.text)));
        }
    }

    // The memory view draws the worst rank in the capacity measure in force, and says which: core's
    // StepResult::peakBytes is footprint.worstRank().peakBytes(measure) (step.h), so the peak label's figure
    // differs between the measures and the label names the one in force.
    void memoryViewNamesCapacityMeasure()
    {
        StepView v;
        v.setExternalClock(true);
        v.resize(1366, 768);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        for (CapacityMeasure m : {CapacityMeasure::Allocated, CapacityMeasure::Reserved, CapacityMeasure::DeviceUsed}) {
            Scenario s = zero3On16();
            s.capacityMeasure = m;
            v.setScenario(s);
            (void)v.grab();
            const Footprint fp = computeFootprint(s);
            const QString peak = stepui::bytesText(double(fp.worstRank().peakBytes(m)));
            const QString name = StepMemoryView::measureText(m);
            bool peakNamed = false, titleNamed = false;
            for (const stepui::DrawnLabel& l : v.memoryView()->labels()) {
                peakNamed = peakNamed || (l.text.startsWith(QStringLiteral("peak ") + peak) && l.text.contains(QLatin1Char('(') + name + QLatin1Char(')')));
                titleNamed = titleNamed || l.text.startsWith(QStringLiteral("Memory (") + name + QStringLiteral(") of the worst rank"));
            }
            QVERIFY2(peakNamed && titleNamed, qPrintable(name + QLatin1Char(' ') + peak));
        }
        QCOMPARE(StepMemoryView::measureText(CapacityMeasure::Allocated), QStringLiteral("allocated"));
        QCOMPARE(StepMemoryView::measureText(CapacityMeasure::Reserved), QStringLiteral("reserved"));
        QCOMPARE(StepMemoryView::measureText(CapacityMeasure::DeviceUsed), QStringLiteral("device used"));
    }

    void screenshots_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("at");
        QTest::newRow("zero3-16") << zero3On16() << QStringLiteral("zero3-16") << 0.3;
        QTest::newRow("tp8-pp4") << tp8pp4() << QStringLiteral("tp8-pp4") << 0.45;
        QTest::newRow("ddp-8") << ddp8() << QStringLiteral("ddp-8") << 0.97;
        Scenario il = tp8pp4();
        il.schedule = PipelineSchedule::Interleaved;
        il.vpp = 2;
        QTest::newRow("interleaved") << il << QStringLiteral("interleaved") << 0.5;
        // Megatron-LM's 1T run (Narayanan et al. 2021): 3072 GPUs (16 drawn), 64 stages, 512 micro-batches.
        Scenario t1;
        t1.arch = *findModelPreset("gpt3-175b");
        t1.arch.layers = 128;
        t1.arch.hidden = 25600;
        t1.arch.heads = t1.arch.kvHeads = 160;
        t1.arch.headDim = 160;
        t1.arch.ffn = 4 * 25600;
        t1.arch.vocab = 51200;
        t1.gpus = 3072;
        t1.tp = 8;
        t1.pp = 64;
        t1.zeroStage = 0;
        t1.seq = 2048;
        t1.gradAccum = 512;
        QTest::newRow("megatron-1t") << t1 << QStringLiteral("megatron-1t") << 0.5;
    }
    void screenshots()
    {
        // Writes <temp>/shardscope-step-<name>.png for a person to look at; checks the picture is not blank.
        QFETCH(Scenario, scenario);
        QFETCH(QString, name);
        QFETCH(double, at);
        StepView v;
        v.setExternalClock(true);
        v.resize(1500, 1100);
        v.setScenario(scenario);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        v.seek(at * v.result()->totals.stepTime);
        v.play();
        v.advance(StepGpuView::kCycleSeconds * 0.3);
        const QImage img = v.grab().toImage();
        QVERIFY(img.save(QDir::temp().filePath(QStringLiteral("shardscope-step-%1.png").arg(name))));
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 7)
            for (int x = 0; x < img.width(); x += 7)
                colours.insert(img.pixel(x, y));
        QVERIFY(colours.size() > 20);
    }
};

QTEST_MAIN(TestStepView)
#include "tst_stepview.moc"
