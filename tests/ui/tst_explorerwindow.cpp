// SPDX-License-Identifier: MIT
// The explorer window, offscreen: every control changes the scenario, and the charts then hold exactly the
// numbers core computes for it (read back from the series).
#include "controlspanel.h"
#include "hostmemorychart.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "resultjson.h"
#include "settings.h"
#include "sliderspin.h"

#include "chartcheck.h"

#include "shardscope/errors.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonObject>
#include <QLineEdit>
#include <QLabel>
#include <QLineSeries>
#include <QChart>
#include <QScatterSeries>
#include <QMenu>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QValueAxis>

#include <memory>

using namespace shardscope;

namespace {

std::unique_ptr<MainWindow> makeWindow(const Scenario& s = defaultScenario(),
                                       MainWindow::Session session = MainWindow::Session::Off)
{
    auto w = std::make_unique<MainWindow>(s, session);
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(1600, 1000);
    w->show();
    QApplication::processEvents();
    return w;
}

QJsonObject json(const Scenario& s) { return scenarioToJson(s); }

} // namespace

class TestExplorerWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(QFontMetrics(QFont()).inFont(QChar('A'))); // TOOLCHAIN.md pitfall 10
        QStandardPaths::setTestModeEnabled(true);
        Settings().clear();
    }

    void frameHasMemoryTabFileMenuAndPages()
    {
        auto w = makeWindow();
        QCOMPARE(w->tabs()->tabText(0), QStringLiteral("Memory"));
        QVERIFY(w->fileMenu());
        auto* extra = new QWidget;
        const int before = w->tabs()->count();
        w->addPage(extra, QStringLiteral("Extra"));
        QCOMPARE(w->tabs()->count(), before + 1);
        QCOMPARE(w->tabs()->widget(before), extra);
        verifyChartsMatchCore(*w);
    }

    void eachControlChangesTheScenarioAndTheCharts_data()
    {
        QTest::addColumn<QString>("control");
        QTest::addColumn<QString>("key"); // the scenarioToJson() key the control must change
        QTest::newRow("model size") << "modelSize" << "bare_params";
        QTest::newRow("model preset") << "modelPreset" << "model";
        QTest::newRow("N GPUs") << "gpus" << "gpus";
        QTest::newRow("GPUs per node") << "gpusPerNode" << "gpus_per_node";
        QTest::newRow("GPU type") << "gpuType" << "gpu";
        QTest::newRow("ZeRO stage") << "zeroStage1" << "stage";
        QTest::newRow("TP") << "tp" << "tp";
        QTest::newRow("PP") << "pp" << "pp";
        QTest::newRow("schedule") << "schedule" << "schedule";
        QTest::newRow("sequence parallel") << "sequenceParallel" << "sequence_parallel";
        QTest::newRow("recipe") << "recipe" << "recipe";
        QTest::newRow("optimizer") << "optimizer" << "optimizer";
        QTest::newRow("checkpointing") << "checkpointingSelective" << "checkpointing";
        QTest::newRow("FlashAttention") << "flashAttention" << "flash_attention";
        QTest::newRow("optimizer offload") << "offloadOptimizer" << "offload_optimizer";
        QTest::newRow("param offload") << "offloadParams" << "offload_params";
        QTest::newRow("micro-batch") << "microBatch" << "micro_batch";
        QTest::newRow("sequence length") << "seq" << "seq";
        QTest::newRow("gradient accumulation") << "gradAccum" << "grad_accum";
    }

    void eachControlChangesTheScenarioAndTheCharts()
    {
        QFETCH(QString, control);
        QFETCH(QString, key);
        auto w = makeWindow();
        ControlsPanel* panel = w->controls();
        const QJsonObject before = json(w->scenario());
        QSignalSpy spy(w.get(), &MainWindow::scenarioChanged);
        // Move the control the way a person does with the keyboard: arrows on sliders and combo boxes, space on buttons.
        if (auto* s = panel->findChild<SliderSpin*>(control)) {
            QTest::keyClick(s->slider(), Qt::Key_Right);
        } else if (auto* c = panel->findChild<QComboBox*>(control)) {
            QTest::keyClick(c, Qt::Key_Down);
        } else if (auto* b = panel->findChild<QAbstractButton*>(control)) {
            b->setFocus();
            QTest::keyClick(b, Qt::Key_Space);
        } else {
            QFAIL(qPrintable(QStringLiteral("no control named ") + control));
        }
        QVERIFY(spy.count() >= 1);
        const QJsonObject after = json(w->scenario());
        QVERIFY2(after[key] != before[key], qPrintable(key));
        // Nothing but the control's own knob (and what it derives: dp, the param count, the architecture) moved.
        const QStringList derived {QStringLiteral("dp"), QStringLiteral("params"), QStringLiteral("architecture"),
                                   QStringLiteral("model"), QStringLiteral("bare_params")};
        for (auto it = before.begin(); it != before.end(); ++it)
            if (it.key() != key && !derived.contains(it.key()))
                QVERIFY2(after[it.key()] == it.value(), qPrintable(it.key()));
        try {
            validateScenario(w->scenario());
        } catch (const InvalidInput& e) {
            QSKIP(qPrintable(QStringLiteral("the moved control gives no answer here: ") + QString::fromUtf8(e.what())));
        }
        verifyChartsMatchCore(*w);
    }

    void capacityLineFollowsTheGpuType()
    {
        auto w = makeWindow();
        auto* combo = w->controls()->findChild<QComboBox*>(QStringLiteral("gpuType"));
        QVERIFY(combo);
        QCOMPARE(combo->count(), qsizetype(gpuPresets().size()));
        for (int i = 0; i < combo->count(); ++i) {
            combo->setCurrentIndex(i);
            const std::optional<GpuPreset> g = findGpuPreset(combo->itemData(i).toString().toStdString());
            QVERIFY(g);
            QCOMPARE(w->scenario().gpu, g->id);
            // Capacities are core's table (gpus.cpp: memory as nvidia-smi / rocm-smi reports it).
            QCOMPARE(w->memoryPage()->perGpuChart()->capacitySeries()->points().front().y(), double(g->capacityBytes) / 1e9);
            QVERIFY2(w->memoryPage()->perGpuChart()->capacityLabel().startsWith(QString::fromStdString(g->name)),
                     qPrintable(w->memoryPage()->perGpuChart()->capacityLabel()));
            QCOMPARE(w->memoryPage()->vsGpusChart()->capacitySeries()->points().back().y(), double(g->capacityBytes) / 1e9);
        }
    }

    void unitToggleRelabelsAndRescales()
    {
        auto w = makeWindow();
        w->setUnit(ByteUnit::GiB);
        verifyChartsMatchCore(*w, ByteUnit::GiB);
        auto* axis = qobject_cast<QValueAxis*>(w->memoryPage()->perGpuChart()->chart()->axes(Qt::Vertical).front());
        QVERIFY(axis);
        QVERIFY(axis->titleText().contains(QStringLiteral("(GiB)")));
        QVERIFY(w->memoryPage()->verdictText().contains(QStringLiteral(" GiB")));
    }

    void verdictTexts_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("stage");
        QTest::addColumn<QString>("start");
        // Default scenario (foundation issue): fits. 8 GPUs at ZeRO-3: 16 B x 68,976,648,192 / 8 = 138 GB of
        // model states > 85.9 GB. ZeRO-2: 2 B x 68,976,648,192 = 138.0 GB of replicated 16-bit params (MODEL.md 8).
        QTest::newRow("fits") << 32 << 3 << QStringLiteral("Fits: ");
        QTest::newRow("does not fit") << 8 << 3 << QStringLiteral("Does not fit: ");
        QTest::newRow("never fits") << 32 << 2 << QStringLiteral("Never fits at any N with ZeRO-2: replicated 16-bit params are 138.0 GB");
    }

    void verdictTexts()
    {
        QFETCH(int, gpus);
        QFETCH(int, stage);
        QFETCH(QString, start);
        Scenario s = defaultScenario();
        s.gpus = gpus;
        s.zeroStage = stage;
        auto w = makeWindow(s);
        auto* label = w->memoryPage()->findChild<QLabel*>(QStringLiteral("verdict"));
        QVERIFY(label);
        QVERIFY2(w->memoryPage()->verdictText().startsWith(start), qPrintable(w->memoryPage()->verdictText()));
        QVERIFY(label->text().contains(start)); // what a person reads
    }

    void badSpinBoxEntriesAreRefusedVisibly_data()
    {
        QTest::addColumn<QString>("control");
        QTest::addColumn<QString>("typed");
        QTest::newRow("0 GPUs") << "gpus" << "0";
        QTest::newRow("20000 GPUs (max 16384)") << "gpus" << "20000";
        QTest::newRow("negative TP") << "tp" << "-2";
        QTest::newRow("3000 B params (max 2000 B)") << "modelSize" << "3000";
        QTest::newRow("0 micro-batch") << "microBatch" << "0";
    }

    void badSpinBoxEntriesAreRefusedVisibly()
    {
        QFETCH(QString, control);
        QFETCH(QString, typed);
        auto w = makeWindow();
        auto* s = w->controls()->findChild<SliderSpin*>(control);
        QVERIFY(s);
        const QJsonObject before = json(w->scenario());
        const double shownBefore = s->spinBox()->value();
        QLineEdit* edit = s->spinBox()->findChild<QLineEdit*>();
        QVERIFY(edit);
        s->spinBox()->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, typed);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(json(w->scenario()), before); // not clamped into the scenario
        QCOMPARE(s->spinBox()->value(), shownBefore); // the last accepted value is back in the box
        const QString message = w->controls()->inputMessage();
        QVERIFY2(message.contains(QStringLiteral("refused")), qPrintable(message));
        auto* label = w->controls()->findChild<QLabel*>(QStringLiteral("inputMessage"));
        QVERIFY(label && label->isVisible());
        // A good entry clears the message.
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("2"));
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY(w->controls()->inputMessage().isEmpty());
    }

    void invalidScenarioKeepsTheLastChartsAndTheUsersChoice()
    {
        auto w = makeWindow();
        const QList<QPointF> before = w->memoryPage()->vsGpusChart()->stageSeries(3)->points();
        const double paramsBefore = w->memoryPage()->perGpuChart()->barSet(Term::Params)->at(0);
        auto* tp = w->controls()->findChild<SliderSpin*>(QStringLiteral("tp"));
        QLineEdit* edit = tp->spinBox()->findChild<QLineEdit*>();
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("3"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(w->scenario().tp, std::int64_t(3)); // the user's scenario is kept
        QCOMPARE(int(w->memoryPage()->verdict().kind), int(Verdict::Kind::Invalid));
        // Llama-2-70B has 64 attention heads (HF config); core names the field and the reason.
        QVERIFY2(w->memoryPage()->verdictText().contains(QStringLiteral("TP 3 does not divide the 64 attention heads")),
                 qPrintable(w->memoryPage()->verdictText()));
        QCOMPARE(w->memoryPage()->vsGpusChart()->stageSeries(3)->points(), before);
        QCOMPARE(w->memoryPage()->perGpuChart()->barSet(Term::Params)->at(0), paramsBefore);
        QVERIFY(w->controls()->inputMessage().isEmpty()); // a valid entry, an invalid combination: not a refusal
    }

    void compareStagesShowsZeroZeroToThree()
    {
        auto w = makeWindow();
        w->memoryPage()->setCompareStages(true);
        const ExplorerResult r = computeExplorer(w->scenario());
        MemoryPerGpuChart* c1 = w->memoryPage()->perGpuChart();
        QCOMPARE(c1->categories(), QStringList({QStringLiteral("ZeRO-0"), QStringLiteral("ZeRO-1"), QStringLiteral("ZeRO-2"),
                                                QStringLiteral("ZeRO-3 (current)")}));
        for (int t = 0; t < kTermCount; ++t)
            for (int z = 0; z < 4; ++z)
                QCOMPARE(c1->barSet(static_cast<Term>(t))->at(z), double(r.stagesAtN[std::size_t(z)].termBytes[std::size_t(t)]) / 1e9);
    }

    void pipelineShowsFirstMiddleLast()
    {
        Scenario s = defaultScenario();
        s.pp = 4;
        auto w = makeWindow(s);
        // Core's distinct ranks for PP = 4: first, middle, last stage (footprint.cpp).
        QCOMPARE(w->memoryPage()->perGpuChart()->categories(),
                 QStringList({QStringLiteral("first (1)"), QStringLiteral("mid (2)"), QStringLiteral("last (4)")}));
        verifyChartsMatchCore(*w);
        // Logits live on the last stage only. The bars are each rank's breakdown at its peak moment (issue 8's
        // liveness timeline): the last stage's loss is alive at the end of forward, which need not be its peak.
        QCOMPARE(w->memoryPage()->perGpuChart()->barSet(Term::Logits)->at(0), 0.0);
        const Footprint f = computeFootprint(s);
        QCOMPARE(f.ranks[0].stepMaxBytes[std::size_t(Term::Logits)], std::int64_t(0));
        QVERIFY(f.ranks[2].stepMaxBytes[std::size_t(Term::Logits)] > 0);
        QCOMPARE(w->memoryPage()->perGpuChart()->barSet(Term::Logits)->at(2), double(f.ranks[2].bytes(Term::Logits)) / 1e9);
    }

    void frameworkAndSaverControls()
    {
        // Issue 8: the framework convention and the savers are controls; each sets its scenario field, the
        // charts follow core, and a loaded scenario shows its values.
        auto w = makeWindow();
        auto* framework = w->controls()->findChild<QComboBox*>(QStringLiteral("framework"));
        QVERIFY(framework);
        QCOMPARE(framework->currentData().toString(), QStringLiteral("deepspeed"));
        framework->setCurrentIndex(framework->findData(QStringLiteral("fsdp2")));
        QCOMPARE(int(w->scenario().framework), int(Framework::Fsdp2));
        verifyChartsMatchCore(*w);
        auto* offload = w->controls()->findChild<QCheckBox*>(QStringLiteral("activationOffload"));
        QVERIFY(offload);
        offload->setChecked(true);
        QVERIFY(w->scenario().activationOffload);
        auto* fp32 = w->controls()->findChild<QCheckBox*>(QStringLiteral("lossFp32"));
        QVERIFY(fp32 && fp32->isChecked());
        fp32->setChecked(false);
        QVERIFY(!w->scenario().lossFp32);
        verifyChartsMatchCore(*w);
        Scenario s = defaultScenario();
        s.framework = Framework::Megatron;
        s.optimizerInBackward = true;
        auto w2 = makeWindow(s);
        QCOMPARE(w2->controls()->findChild<QComboBox*>(QStringLiteral("framework"))->currentData().toString(),
                 QStringLiteral("megatron"));
        QVERIFY(w2->controls()->findChild<QCheckBox*>(QStringLiteral("optimizerInBackward"))->isChecked());
    }

    void legendListsOnlyTermsThatHoldBytes()
    {
        auto w = makeWindow();
        MemoryPerGpuChart* c1 = w->memoryPage()->perGpuChart();
        QVERIFY(!c1->inLegend(Term::Fp8Transients)); // the mixed recipe has no fp8 casts
        QVERIFY(c1->inLegend(Term::Params));
        auto* recipe = w->controls()->findChild<QComboBox*>(QStringLiteral("recipe"));
        recipe->setCurrentIndex(recipe->findData(QStringLiteral("fp8-mixed")));
        QVERIFY(c1->inLegend(Term::Fp8Transients));
        verifyChartsMatchCore(*w);
    }

    void offloadFillsTheHostChart()
    {
        auto w = makeWindow();
        auto* off = w->controls()->findChild<QComboBox*>(QStringLiteral("offloadOptimizer"));
        off->setCurrentIndex(off->findData(QStringLiteral("nvme")));
        HostMemoryChart* c3 = w->memoryPage()->hostChart();
        QCOMPARE(c3->categories(), QStringList({QStringLiteral("Host RAM"), QStringLiteral("NVMe")}));
        const Footprint f = computeFootprint(w->scenario());
        QVERIFY(f.nvmeBytesPerNode > 0);
        QCOMPARE(c3->neededSet()->at(1), double(f.nvmeBytesPerNode) / 1e9);
        verifyChartsMatchCore(*w);
    }

    void resetRestoresTheDefaultScenario()
    {
        Scenario s = defaultScenario();
        s.gpus = 128;
        s.zeroStage = 1;
        auto w = makeWindow(s);
        auto* reset = w->findChild<QAction*>(QStringLiteral("actionReset"));
        QVERIFY(reset);
        reset->trigger();
        QCOMPARE(json(w->scenario()), json(defaultScenario()));
        QCOMPARE(w->controls()->findChild<SliderSpin*>(QStringLiteral("gpus"))->value(), 32.0);
        verifyChartsMatchCore(*w);
    }

    void lastScenarioAndUnitsAreRestored()
    {
        Settings().clear();
        {
            auto w = makeWindow(defaultScenario(), MainWindow::Session::RestoreLast);
            QTest::keyClick(w->controls()->findChild<SliderSpin*>(QStringLiteral("gpus"))->slider(), Qt::Key_PageUp);
            w->findChild<QAbstractButton*>(QStringLiteral("zeroStage1"))->click();
            w->setUnit(ByteUnit::GiB);
            QVERIFY(w->scenario().gpus != 32);
        } // closing saves
        Scenario expected = defaultScenario();
        {
            auto w = makeWindow(defaultScenario(), MainWindow::Session::RestoreLast);
            QVERIFY(w->scenario().gpus != 32);
            QCOMPARE(w->scenario().zeroStage, 1);
            QCOMPARE(w->unit(), ByteUnit::GiB);
            QCOMPARE(w->controls()->findChild<SliderSpin*>(QStringLiteral("gpus"))->value(), double(w->scenario().gpus));
            verifyChartsMatchCore(*w, ByteUnit::GiB);
            expected = w->scenario();
        }
        {
            // Session::Off (screenshots, benches) neither reads nor writes the settings.
            auto w = makeWindow(defaultScenario(), MainWindow::Session::Off);
            QCOMPARE(json(w->scenario()), json(defaultScenario()));
            w->controls()->findChild<QAbstractButton*>(QStringLiteral("zeroStage2"))->click();
        }
        QCOMPARE(json(*Settings().lastScenario()), json(expected));
        Settings().clear();
    }
};

QTEST_MAIN(TestExplorerWindow)
#include "tst_explorerwindow.moc"
