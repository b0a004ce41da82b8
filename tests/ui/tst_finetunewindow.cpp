// SPDX-License-Identifier: MIT
// Issue 28 in the window: the Scenario panel's Fine-tuning group (method, rank, alpha, targets, base precision,
// quantisation block, double quantisation), driven by core's knob table; bad entries refused visibly, never clamped;
// the Memory tab's per-GPU chart splits the params term into the frozen base and the adapters' weights, in its legend,
// its tooltips and its data export.
#include "controlspanel.h"
#include "dataexport.h"
#include "finetunegroup.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "resultjson.h"
#include "scenariofile.h"
#include "settings.h"
#include "sliderspin.h"

#include "chartcheck.h"

#include "shardscope/knobs.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace shardscope;

namespace {

std::unique_ptr<MainWindow> makeWindow(const Scenario& s)
{
    auto w = std::make_unique<MainWindow>(s, MainWindow::Session::Off);
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(1600, 1000);
    w->show();
    QApplication::processEvents();
    return w;
}

/// Llama 3 8B with LoRA rank 8 on q and v (PEFT's default targets for Llama) on one RTX 4090.
Scenario lora8b()
{
    Scenario s = defaultScenario();
    s.arch = *findModelPreset("llama-3-8b");
    s.bareParams.reset();
    s.gpu = "rtx4090-24gb";
    s.capacityBytes.reset();
    s.gpus = 1;
    s.gpusPerNode = 1;
    s.tp = 1;
    s.pp = 1;
    s.zeroStage = 0;
    s.framework = Framework::Single;
    s.seq = 2048;
    s.microBatch = 1;
    s.gradAccum = 1;
    s.finetune = FinetuneMethod::Lora;
    s.loraRank = 8;
    s.loraTargets = kLoraQ | kLoraV;
    return s;
}

void typeInto(SliderSpin* s, const QString& text)
{
    s->spinBox()->selectAll();
    QTest::keyClicks(s->spinBox(), text);
    QTest::keyClick(s->spinBox(), Qt::Key_Enter);
}

} // namespace

class TestFinetuneWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        Settings().clear();
    }

    void groupIsDrivenByTheKnobTable()
    {
        // Every fine-tuning knob of core's table names a control in this group, and its range is the control's.
        auto w = makeWindow(lora8b());
        auto* group = w->controls()->findChild<FinetuneGroup*>(QStringLiteral("finetuneGroup"));
        QVERIFY(group);
        int found = 0;
        for (const Knob& k : knobs()) {
            const QByteArrayList ft {"finetune", "loraRank", "loraAlpha", "loraTargets", "basePrecision", "quantBlock",
                                     "doubleQuant"};
            if (!k.option || !ft.contains(QByteArray(k.field)))
                continue;
            QVERIFY2(k.control, k.field);
            QWidget* c = group->findChild<QWidget*>(QLatin1String(k.control));
            QVERIFY2(c, k.control);
            if (auto* s = qobject_cast<SliderSpin*>(c)) {
                QCOMPARE(s->minimum(), k.min);
                QCOMPARE(s->maximum(), k.max);
            }
            ++found;
        }
        QCOMPARE(found, 7);
        QCOMPARE(FinetuneGroup::fields(),
                 QStringList({QStringLiteral("finetune"), QStringLiteral("lora-rank"), QStringLiteral("lora-alpha"),
                              QStringLiteral("lora-targets"), QStringLiteral("base-precision"),
                              QStringLiteral("quant-block"), QStringLiteral("double-quant")}));
    }

    void controlsChangeTheScenario()
    {
        Scenario start = lora8b();
        start.finetune = FinetuneMethod::Full;
        auto w = makeWindow(start);
        ControlsPanel* panel = w->controls();
        auto* method = panel->findChild<QComboBox*>(QStringLiteral("finetuneMethod"));
        auto* rank = panel->findChild<SliderSpin*>(QStringLiteral("loraRank"));
        auto* block = panel->findChild<SliderSpin*>(QStringLiteral("quantBlock"));
        QVERIFY(method && rank && block);
        // Full fine-tuning: the adapters' rows are away.
        QVERIFY(method->isVisible());
        QVERIFY(!rank->isVisible());
        method->setCurrentIndex(method->findData(QStringLiteral("qlora")));
        QCOMPARE(int(w->scenario().finetune), int(FinetuneMethod::Qlora));
        QVERIFY(rank->isVisible());
        QVERIFY(block->isVisible()); // QLoRA's base is NF4: the block applies
        typeInto(rank, QStringLiteral("16"));
        QCOMPARE(w->scenario().loraRank, std::int64_t(16));
        panel->findChild<QCheckBox*>(QStringLiteral("loraTarget_k"))->click();
        QCOMPARE(w->scenario().loraTargets, std::uint32_t(kLoraQ | kLoraK | kLoraV));
        panel->findChild<QToolButton*>(QStringLiteral("loraAllLinear"))->click();
        QCOMPARE(w->scenario().loraTargets, kLoraAllLinear);
        auto* dq = panel->findChild<QCheckBox*>(QStringLiteral("doubleQuant"));
        dq->click();
        QVERIFY(!w->scenario().doubleQuant);
        // LoRA on bf16: no 4-bit block.
        method->setCurrentIndex(method->findData(QStringLiteral("lora")));
        QVERIFY(!block->isVisible());
        // The charts hold core's answer for the scenario the controls made.
        verifyChartsMatchCore(*w);
        // The same scenario through a file and back into the controls.
        const Scenario s = w->scenario();
        auto w2 = makeWindow(scenarioFromJson(scenarioFileJson(s).value(QStringLiteral("scenario")).toObject()));
        QCOMPARE(scenarioToJson(w2->controls()->scenario()), scenarioToJson(s));
        QCOMPARE(w2->controls()->findChild<SliderSpin*>(QStringLiteral("loraRank"))->value(), 16.0);
    }

    void badEntriesAreRefusedNotClamped()
    {
        auto w = makeWindow(lora8b());
        ControlsPanel* panel = w->controls();
        auto* rank = panel->findChild<SliderSpin*>(QStringLiteral("loraRank"));
        // Out of the knob's range (1 to 65536): refused with a message, the rank stays 8.
        typeInto(rank, QStringLiteral("70000"));
        QCOMPARE(w->scenario().loraRank, std::int64_t(8));
        QVERIFY2(panel->inputMessage().contains(QStringLiteral("refused")), qPrintable(panel->inputMessage()));
        // In the knob's range but without an answer: core's refusal under the group, the value kept as typed.
        auto* method = panel->findChild<QComboBox*>(QStringLiteral("finetuneMethod"));
        method->setCurrentIndex(method->findData(QStringLiteral("qlora")));
        auto* block = panel->findChild<SliderSpin*>(QStringLiteral("quantBlock"));
        typeInto(block, QStringLiteral("100"));
        QCOMPARE(w->scenario().quantBlock, std::int64_t(100));
        QCOMPARE(panel->scenarioErrorField(), QStringLiteral("quant-block"));
        QLabel* err = panel->errorLabelFor(QStringLiteral("quant-block"));
        QVERIFY(err && err->isVisible());
        QVERIFY2(err->text().contains(QStringLiteral("power of two")), qPrintable(err->text()));
        // QLoRA on a bf16 base: core names the option.
        typeInto(block, QStringLiteral("64"));
        auto* base = panel->findChild<QComboBox*>(QStringLiteral("basePrecision"));
        base->setCurrentIndex(base->findData(QStringLiteral("bf16")));
        QCOMPARE(panel->scenarioErrorField(), QStringLiteral("base-precision"));
        QVERIFY(panel->errorLabelFor(QStringLiteral("base-precision"))->isVisible());
        base->setCurrentIndex(base->findData(QStringLiteral("auto")));
        QVERIFY(panel->scenarioError().isEmpty());
        // No target at all would train nothing: the last box stays checked, and the refusal says why.
        method->setCurrentIndex(method->findData(QStringLiteral("lora")));
        panel->findChild<QCheckBox*>(QStringLiteral("loraTarget_q"))->click();
        auto* v = panel->findChild<QCheckBox*>(QStringLiteral("loraTarget_v"));
        v->click();
        QVERIFY(v->isChecked());
        QCOMPARE(w->scenario().loraTargets, std::uint32_t(kLoraV));
        QVERIFY2(panel->inputMessage().contains(QStringLiteral("Targets")), qPrintable(panel->inputMessage()));
    }

    void oneGpuChartShowsItsPoint()
    {
        // `single` is one GPU: chart 2 has one N, each stage's point is drawn as a dot on an axis around N = 1, and
        // the capacity line spans that axis (a one-point line draws nothing).
        auto w = makeWindow(lora8b());
        MemoryVsGpusChart* c2 = w->memoryPage()->vsGpusChart();
        for (int z = 0; z < 4; ++z) {
            QCOMPARE(c2->stageSeries(z)->points().size(), qsizetype(1));
            QCOMPARE(c2->stageSeries(z)->points().front().x(), 1.0);
            QVERIFY(c2->stageSeries(z)->pointsVisible());
        }
        const QList<QPointF> cap = c2->capacitySeries()->points();
        QVERIFY(cap.front().x() < 1.0 && cap.back().x() > 1.0);
        verifyChartsMatchCore(*w);
        // Many N again (ddp): lines, no dots.
        auto* fw = w->controls()->findChild<QComboBox*>(QStringLiteral("framework"));
        fw->setCurrentIndex(fw->findData(QStringLiteral("ddp")));
        QVERIFY(c2->stageSeries(0)->points().size() > 1);
        QVERIFY(!c2->stageSeries(0)->pointsVisible());
    }

    void perGpuChartSplitsFrozenAndAdapters()
    {
        // Llama 3 8B, LoRA r = 8 on q_proj and v_proj: PEFT's print_trainable_parameters() says 3,407,872 trainable
        // params (by hand: 32 layers x 8 x ((4096 + 4096) + (4096 + 1024)) = 32 x 106,496), in bf16 2 B each; the
        // frozen base is every other parameter in bf16 (8,030,261,248 params x 2 B).
        const Scenario s = lora8b();
        auto w = makeWindow(s);
        MemoryPerGpuChart* chart = w->memoryPage()->perGpuChart();
        const double div = unitDivisor(ByteUnit::GB);
        QCOMPARE(chart->adapterSet()->count(), 1);
        QCOMPARE(chart->adapterSet()->at(0), 3407872.0 * 2 / div);
        QCOMPARE(chart->frozenSet()->at(0), 8030261248.0 * 2 / div);
        // The legend: the two parts, not the whole params term; grads and optimizer states are the adapters'.
        QVERIFY(chart->chart()->series().size() > 0);
        const QList<QBarSet*> shown = static_cast<QAbstractBarSeries*>(chart->chart()->series().front())->barSets();
        QVERIFY(shown.contains(chart->frozenSet()));
        QVERIFY(shown.contains(chart->adapterSet()));
        QVERIFY(!chart->inLegend(Term::Params));
        QCOMPARE(chart->barSet(Term::Grads)->label(), QStringLiteral("Adapter gradients"));
        QCOMPARE(chart->barSet(Term::Optimizer)->label(), QStringLiteral("Adapter optimizer states"));
        // The charts still hold core's whole terms (the params set is their sum).
        verifyChartsMatchCore(*w);
        // Tooltips name the part and its bytes.
        const QString tip = chart->finetuneToolTipFor(0, true);
        QVERIFY2(tip.contains(QStringLiteral("Adapter weights")) && tip.contains(QLocale().toString(qint64(6815744))),
                 qPrintable(tip));
        QVERIFY2(chart->finetuneToolTipFor(0, false).contains(QStringLiteral("bf16")),
                 qPrintable(chart->finetuneToolTipFor(0, false)));
        // Comparing ZeRO stages: each stage's bar is split too (one GPU: the same bytes at every stage).
        chart->setCompareStages(true);
        chart->setLogScale(false);
        QCOMPARE(chart->adapterSet()->count(), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(chart->adapterSet()->at(i), 3407872.0 * 2 / div);
        chart->setCompareStages(false);
        // The data export: frozen_params and adapter_params rows in place of params, summing to the same total.
        const Footprint f = computeFootprint(s);
        const ChartData d = memoryPerGpuData(s, f, ByteUnit::GB);
        qint64 frozen = -1, adapter = -1, sum = 0, total = 0;
        bool params = false;
        for (const QVariantList& row : d.rows) {
            const QString term = row.at(2).toString();
            if (term == QLatin1String("total")) {
                total = row.at(3).toLongLong();
                continue;
            }
            sum += row.at(3).toLongLong();
            frozen = term == QLatin1String("frozen_params") ? row.at(3).toLongLong() : frozen;
            adapter = term == QLatin1String("adapter_params") ? row.at(3).toLongLong() : adapter;
            params = params || term == QLatin1String("params");
        }
        QCOMPARE(adapter, qint64(6815744));
        QCOMPARE(frozen, qint64(8030261248LL * 2));
        QVERIFY(!params);
        QCOMPARE(sum, total);
        // Full fine-tuning: one params set again, the usual labels.
        Scenario full = s;
        full.finetune = FinetuneMethod::Full;
        w->controls()->findChild<QComboBox*>(QStringLiteral("finetuneMethod"))->setCurrentIndex(0);
        QCOMPARE(int(w->scenario().finetune), int(FinetuneMethod::Full));
        QVERIFY(chart->inLegend(Term::Params));
        QCOMPARE(chart->barSet(Term::Grads)->label(), QStringLiteral("Gradients"));
        QVERIFY(!static_cast<QAbstractBarSeries*>(chart->chart()->series().front())->barSets().contains(chart->adapterSet()));
    }
};

QTEST_MAIN(TestFinetuneWindow)
#include "tst_finetunewindow.moc"
