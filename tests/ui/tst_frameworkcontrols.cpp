// SPDX-License-Identifier: MIT
// Issue 8's window controls: per-op checkpointing, the loss's knobs, paged optimizer, dropout, activation
// precision, compile, FSDP reshard and the capacity measure. Each changes its scenario field and the charts then
// hold what computeFootprint answers; they are shown only where they apply; they survive a scenario file and undo;
// the capacity measure switches the verdict exactly where core's fits does.
#include "controlspanel.h"
#include "language.h"
#include "mainwindow.h"
#include "windowfixture.h"
#include "memorypage.h"
#include "resultjson.h"
#include "scenariofile.h"
#include "settings.h"
#include "sliderspin.h"

#include "chartcheck.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace shardscope;

namespace {

std::unique_ptr<MainWindow> makeWindow(const Scenario& s = defaultScenario())
{
    return testing::makeOffscreenWindow(s, QSize(1600, 1000));
}

void openAdvanced(MainWindow& w)
{
    auto* toggle = w.controls()->findChild<QToolButton*>(QStringLiteral("advancedToggle"));
    QVERIFY(toggle);
    if (!toggle->isChecked())
        toggle->click();
    QVERIFY(w.controls()->findChild<QWidget*>(QStringLiteral("advancedKnobs"))->isVisible());
}

} // namespace

class TestFrameworkControls : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        Settings().clear();
    }

    void eachControlChangesItsFieldAndTheCharts_data()
    {
        QTest::addColumn<QString>("control");
        QTest::addColumn<QString>("key"); // the scenarioToJson() key the control must change
        QTest::addColumn<QString>("framework"); // the framework under which the control applies
        QTest::newRow("per-op checkpointing") << "checkpointingPerOp" << "checkpointing" << "deepspeed";
        QTest::newRow("loss chunks") << "lossChunks" << "loss_chunks" << "deepspeed";
        QTest::newRow("paged optimizer") << "pagedOptimizer" << "paged_optimizer" << "deepspeed";
        QTest::newRow("dropout") << "dropout" << "architecture" << "deepspeed";
        QTest::newRow("activation precision") << "activationPrecision" << "activation_precision" << "deepspeed";
        QTest::newRow("compile") << "compiled" << "compiled" << "deepspeed";
        QTest::newRow("compiled loss") << "lossCompiled" << "loss_compiled" << "deepspeed";
        QTest::newRow("loss fp32") << "lossFp32" << "loss_fp32" << "deepspeed";
        QTest::newRow("optimizer in backward") << "optimizerInBackward" << "optimizer_in_backward" << "deepspeed";
        QTest::newRow("activation offload") << "activationOffload" << "activation_offload" << "deepspeed";
        QTest::newRow("FSDP reshard") << "fsdpReshardAfterForward" << "fsdp_reshard_after_forward" << "fsdp2";
        QTest::newRow("capacity measure") << "capacityMeasure" << "capacity_measure" << "deepspeed";
    }

    void eachControlChangesItsFieldAndTheCharts()
    {
        QFETCH(QString, control);
        QFETCH(QString, key);
        QFETCH(QString, framework);
        Scenario s = defaultScenario();
        s.framework = *frameworkFromKey(framework.toStdString());
        auto w = makeWindow(s);
        openAdvanced(*w);
        ControlsPanel* panel = w->controls();
        const QJsonObject before = scenarioToJson(w->scenario());
        const Footprint fBefore = computeFootprint(w->scenario());
        if (auto* sl = panel->findChild<SliderSpin*>(control)) {
            QVERIFY(sl->isVisible());
            QTest::keyClick(sl->slider(), Qt::Key_Right);
        } else if (auto* c = panel->findChild<QComboBox*>(control)) {
            QVERIFY(c->isVisible());
            QTest::keyClick(c, Qt::Key_End); // the last choice (autocast), or the first where the default is last
            if (scenarioToJson(w->scenario())[key] == before[key])
                QTest::keyClick(c, Qt::Key_Home);
        } else if (auto* b = panel->findChild<QAbstractButton*>(control)) {
            QVERIFY2(b->isVisible() && b->isEnabled(), qPrintable(control));
            b->setFocus();
            QTest::keyClick(b, Qt::Key_Space);
        } else {
            QFAIL(qPrintable(QStringLiteral("no control named ") + control));
        }
        const QJsonObject after = scenarioToJson(w->scenario());
        QVERIFY2(after[key] != before[key], qPrintable(key));
        const QStringList derived {QStringLiteral("architecture")};
        for (auto it = before.begin(); it != before.end(); ++it)
            if (it.key() != key && !derived.contains(it.key()))
                QVERIFY2(after[it.key()] == it.value(), qPrintable(it.key()));
        // The charts hold core's answer for the new scenario, and the control moved it (or, for the measure, the
        // figure compared with the capacity line).
        verifyChartsMatchCore(*w);
        // A term's size over the step changes even where it is not alive at the peak (the loss's knobs move the
        // logits, which on this scenario peak at the end of forward, below the backward-end peak).
        const Footprint f = computeFootprint(w->scenario());
        bool moved = f.measuredBytes != fBefore.measuredBytes;
        for (std::size_t i = 0; i < f.ranks.size(); ++i)
            moved = moved || f.ranks[i].stepMaxBytes != fBefore.ranks[i].stepMaxBytes;
        QVERIFY2(moved, qPrintable(control));
    }

    void shownOnlyWhereTheyApply()
    {
        auto w = makeWindow();
        openAdvanced(*w);
        ControlsPanel* panel = w->controls();
        auto* reshard = panel->findChild<QCheckBox*>(QStringLiteral("fsdpReshardAfterForward"));
        QVERIFY(!reshard->isVisible()); // DeepSpeed: FSDP2's knob does not apply
        auto* framework = panel->findChild<QComboBox*>(QStringLiteral("framework"));
        framework->setCurrentIndex(framework->findData(QStringLiteral("fsdp2")));
        QVERIFY(reshard->isVisible() && reshard->isEnabled());
        panel->findChild<QAbstractButton*>(QStringLiteral("zeroStage2"))->click();
        QVERIFY(reshard->isVisible() && !reshard->isEnabled()); // SHARD_GRAD_OP never reshards
        // The optimizer in backward needs gradient accumulation 1; paged states need the optimizer on the GPU.
        auto* oib = panel->findChild<QCheckBox*>(QStringLiteral("optimizerInBackward"));
        QVERIFY(oib->isVisible());
        Scenario s = w->scenario();
        s.gradAccum = 4;
        s.offloadOptimizer = OffloadDevice::Cpu;
        panel->setScenario(s);
        QVERIFY(!oib->isVisible());
        QVERIFY(!panel->findChild<QCheckBox*>(QStringLiteral("pagedOptimizer"))->isVisible());
        // A compiled loss has no fp32 buffers: the fp32 switch is off the table.
        s.lossCompiled = true;
        panel->setScenario(s);
        QVERIFY(!panel->findChild<QCheckBox*>(QStringLiteral("lossFp32"))->isEnabled());
        // The folded group says how many of its knobs differ from the defaults.
        auto* toggle = panel->findChild<QToolButton*>(QStringLiteral("advancedToggle"));
        QVERIFY2(toggle->text().contains(QStringLiteral("(1 changed)")), qPrintable(toggle->text()));
    }

    void roundTripThroughFileAndUndo()
    {
        Scenario s = defaultScenario();
        s.framework = Framework::Fsdp2;
        s.fsdpReshardAfterForward = false;
        s.checkpointing = Checkpointing::PerOp;
        s.lossChunks = 8;
        s.pagedOptimizer = true;
        s.arch.dropout = true;
        s.activationPrecision = ActivationPrecision::Autocast;
        s.compiled = false;
        s.capacityMeasure = CapacityMeasure::Reserved;
        // Through a scenario file: every field comes back.
        const Scenario back = scenarioFromJson(scenarioFileJson(s).value(QStringLiteral("scenario")).toObject());
        QCOMPARE(scenarioToJson(back), scenarioToJson(s));
        // The controls show it.
        auto w = makeWindow(back);
        ControlsPanel* panel = w->controls();
        QVERIFY(panel->findChild<QAbstractButton*>(QStringLiteral("checkpointingPerOp"))->isChecked());
        QVERIFY(!panel->findChild<QCheckBox*>(QStringLiteral("fsdpReshardAfterForward"))->isChecked());
        QCOMPARE(panel->findChild<SliderSpin*>(QStringLiteral("lossChunks"))->value(), 8.0);
        QVERIFY(panel->findChild<QCheckBox*>(QStringLiteral("pagedOptimizer"))->isChecked());
        QVERIFY(panel->findChild<QCheckBox*>(QStringLiteral("dropout"))->isChecked());
        QVERIFY(!panel->findChild<QCheckBox*>(QStringLiteral("compiled"))->isChecked());
        QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("activationPrecision"))->currentData().toString(),
                 QStringLiteral("autocast"));
        QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("capacityMeasure"))->currentData().toString(),
                 QStringLiteral("reserved"));
        QCOMPARE(scenarioToJson(panel->scenario()), scenarioToJson(s));
        // Undo: a change of each kind, undone, restores the previous scenario exactly and the controls show it.
        openAdvanced(*w);
        auto* undo = w->findChild<QAction*>(QStringLiteral("actionUndo"));
        QVERIFY(undo);
        panel->findChild<QAbstractButton*>(QStringLiteral("checkpointingFull"))->click();
        panel->findChild<QCheckBox*>(QStringLiteral("pagedOptimizer"))->click();
        auto* measure = panel->findChild<QComboBox*>(QStringLiteral("capacityMeasure"));
        measure->setCurrentIndex(measure->findData(QStringLiteral("allocated")));
        QCOMPARE(int(w->scenario().capacityMeasure), int(CapacityMeasure::Allocated));
        for (int i = 0; i < 3; ++i) {
            undo->trigger();
            QApplication::processEvents();
        }
        QCOMPARE(scenarioToJson(w->scenario()), scenarioToJson(s));
        QVERIFY(panel->findChild<QAbstractButton*>(QStringLiteral("checkpointingPerOp"))->isChecked());
        QCOMPARE(measure->currentData().toString(), QStringLiteral("reserved"));
        verifyChartsMatchCore(*w);
    }

    void capacityMeasureDecidesTheVerdict()
    {
        // Llama-2-70B, ZeRO-3 on 16 A100 80GB: the device-used peak is above the usable line while the allocated
        // one is below (the CUDA context and fragmentation make the difference), so the switch flips the verdict
        // exactly as core's fits does, and the verdict names the measure it compared.
        Scenario s = defaultScenario();
        s.gpus = 16;
        s.cudaContextBytes = 4LL << 30;
        s.fragmentation = 0.10;
        Scenario allocated = s;
        allocated.capacityMeasure = CapacityMeasure::Allocated;
        const Footprint fUsed = computeFootprint(s), fAlloc = computeFootprint(allocated);
        QVERIFY2(!fUsed.fits && fAlloc.fits, qPrintable(QStringLiteral("%1 / %2 of %3").arg(fUsed.measuredBytes).arg(fAlloc.measuredBytes).arg(fUsed.usableBytes)));
        auto w = makeWindow(s);
        QVERIFY2(w->memoryPage()->verdictText().startsWith(QStringLiteral("Does not fit")), qPrintable(w->memoryPage()->verdictText()));
        QVERIFY(w->memoryPage()->verdictText().contains(QStringLiteral("device used")));
        auto* measure = w->controls()->findChild<QComboBox*>(QStringLiteral("capacityMeasure"));
        measure->setCurrentIndex(measure->findData(QStringLiteral("allocated")));
        QApplication::processEvents();
        const QString text = w->memoryPage()->verdictText();
        QVERIFY2(text.startsWith(QStringLiteral("Fits: ") + formatBytesUi(double(fAlloc.measuredBytes), ByteUnit::GB)
                                 + QStringLiteral(" allocated of")),
                 qPrintable(text));
        // The capacity line's label gives the same headroom as the verdict: usable minus the allocated peak.
        const QString label = w->memoryPage()->perGpuChart()->capacityLabelText();
        QVERIFY2(label.endsWith(QStringLiteral("headroom ")
                                + formatBytesUi(double(fAlloc.usableBytes - fAlloc.measuredBytes), ByteUnit::GB)),
                 qPrintable(label));
        verifyChartsMatchCore(*w);
    }

    void windowStaysNarrow()
    {
        // QT_SCALE_FACTOR=1.5 on a 1080p screen: the window's minimum width stays at most 1184 px with the new group
        // open.
        auto w = makeWindow();
        openAdvanced(*w);
        QApplication::processEvents();
        const QSize min = w->minimumSizeHint().expandedTo(w->minimumSize());
        QVERIFY2(min.width() <= 1184, qPrintable(QString::number(min.width())));
    }

    void offloadCombosInRussian()
    {
        // Seen in ru (issue 14): both offload combos were empty, and picking "нет" handed core the key "нет" (the
        // "none" item's data was translated too): an empty optional dereferenced. The items' data are core's keys in
        // every language; the shown text is the language's.
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(QStringLiteral("ru")));
        Scenario s = defaultScenario();
        s.offloadOptimizer = OffloadDevice::Cpu;
        auto w = makeWindow(s);
        auto* opt = w->controls()->findChild<QComboBox*>(QStringLiteral("offloadOptimizer"));
        auto* par = w->controls()->findChild<QComboBox*>(QStringLiteral("offloadParams"));
        QVERIFY(opt && par);
        QCOMPARE(opt->currentText(), QStringLiteral("CPU"));
        QCOMPARE(par->currentText(), QStringLiteral("нет"));
        opt->setCurrentIndex(opt->findText(QStringLiteral("нет")));
        QCOMPARE(int(w->scenario().offloadOptimizer), int(OffloadDevice::None));
        QCOMPARE(opt->currentData().toString(), QStringLiteral("none"));
        par->setCurrentIndex(par->findText(QStringLiteral("NVMe")));
        QCOMPARE(int(w->scenario().offloadParams), int(OffloadDevice::Nvme));
    }
};

QTEST_MAIN(TestFrameworkControls)
#include "tst_frameworkcontrols.moc"
