// SPDX-License-Identifier: MIT
// The Hardware panel (issue 9): each figure shown is the one in force (the A100 80GB datasheet's 312 TFLOP/s
// and 2,039 GB/s, NVLink 300 GB/s per direction, the kernel efficiency of kernels.cpp); an edit becomes the
// scenario field and the Step view's step time is computeStep()'s for the edited scenario, to the bit; values
// out of range or not numbers are refused in words and the scenario is left as it was (never clamped); the
// reset puts the preset back; the overrides survive a scenario file; and the predicted-vs-measured chart
// draws one point per compared validation row.
#include "hardwarepanel.h"
#include "mainwindow.h"
#include "scenariofile.h"
#include "stepview.h"
#include "steppage.h"
#include "validationchart.h"

#include "shardscope/errors.h"
#include "shardscope/gpus.h"
#include "shardscope/kernels.h"
#include "shardscope/step.h"
#include "shardscope/validation_memory.h"
#include "shardscope/validation_steps.h"

#include <QApplication>
#include <QLocale>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace shardscope;

Q_DECLARE_METATYPE(Scenario)

namespace {

/// Types `text` into the field and presses Enter, as a user commits an edit.
void type(HardwarePanel& p, const char* key, const QString& text)
{
    QLineEdit* e = p.field(QString::fromLatin1(key));
    QVERIFY(e);
    e->selectAll();
    e->setText(text);
    QTest::keyClick(e, Qt::Key_Return);
}

double shownNumber(HardwarePanel& p, const char* key)
{
    return QLocale().toDouble(p.field(QString::fromLatin1(key))->text());
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestHardwarePanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale::c());
    }

    void showsThePresetsFigures()
    {
        HardwarePanel p;
        const Scenario s = defaultScenario();
        QCOMPARE(QString::fromStdString(s.gpu), QStringLiteral("a100-80gb"));
        p.setScenario(s);
        // NVIDIA A100 80GB SXM datasheet: 312 TFLOP/s dense BF16, 2,039 GB/s HBM2e, NVLink 600 GB/s (300 per
        // direction); the large-GEMM efficiency of kernels.cpp (0.74 on A100) and the 5 us alpha default.
        QCOMPARE(shownNumber(p, "peak-tflops"), 312.0);
        QCOMPARE(shownNumber(p, "hbm-gbps"), 2039.0);
        QCOMPARE(shownNumber(p, "nvlink-gbps"), 300.0);
        QCOMPARE(shownNumber(p, "alpha-us"), 5.0);
        QCOMPARE(shownNumber(p, "kernel-efficiency"), defaultGemmEfficiency(*findGpuPreset("a100-80gb")));
        // The torchtitan H100 at 500 W: 2.4 TB/s HBM2e and 0.6 x 500/700 of the large-GEMM peak.
        Scenario h = s;
        h.gpu = "h100-96gb";
        p.setScenario(h);
        QCOMPARE(shownNumber(p, "hbm-gbps"), 2400.0);
        QVERIFY(std::abs(shownNumber(p, "kernel-efficiency") - 0.6 * 500.0 / 700.0) < 1e-5);
    }

    void anEditChangesTheScenarioAndTheStepTimeIsCores()
    {
        HardwarePanel p;
        p.setScenario(defaultScenario());
        QSignalSpy spy(&p, &HardwarePanel::scenarioEdited);
        type(p, "peak-tflops", QStringLiteral("500"));
        QCOMPARE(spy.count(), 1);
        const Scenario edited = spy.last().at(0).value<Scenario>();
        QCOMPARE(edited.peakFlops16Override, 500e12);
        QVERIFY(p.message().isEmpty());
        Scenario expected = defaultScenario();
        expected.peakFlops16Override = 500e12;
        QCOMPARE(computeStep(edited).totals.stepTime, computeStep(expected).totals.stepTime);
        // A faster GPU: the compute part of the step shrinks.
        QVERIFY(computeStep(edited).totals.stepTime < computeStep(defaultScenario()).totals.stepTime);

        // Leaving a field untouched is no edit (the preset's figure does not become an override).
        QTest::keyClick(p.field(QStringLiteral("hbm-gbps")), Qt::Key_Return);
        QCOMPARE(spy.count(), 1);

        type(p, "nic-gbps", QStringLiteral("12.5"));
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy.last().at(0).value<Scenario>().interNodeBytesPerSecond, 12.5e9);
        type(p, "alpha-us", QStringLiteral("20"));
        QCOMPARE(spy.last().at(0).value<Scenario>().alphaSeconds, 20e-6);
        type(p, "kernel-efficiency", QStringLiteral("0.5"));
        QCOMPARE(spy.last().at(0).value<Scenario>().kernelEfficiency, 0.5);
        type(p, "hbm-gbps", QStringLiteral("1000"));
        QCOMPARE(spy.last().at(0).value<Scenario>().hbmBytesPerSecondOverride, 1000e9);
        type(p, "nvlink-gbps", QStringLiteral("100"));
        QCOMPARE(spy.last().at(0).value<Scenario>().intraNodeBytesPerSecond, 100e9);
        type(p, "pcie-gbps", QStringLiteral("32"));
        QCOMPARE(spy.last().at(0).value<Scenario>().pcieBytesPerSecond, 32e9);
    }

    void badValuesAreRefusedNotClamped()
    {
        HardwarePanel p;
        p.setScenario(defaultScenario());
        QSignalSpy spy(&p, &HardwarePanel::scenarioEdited);
        type(p, "kernel-efficiency", QStringLiteral("2"));
        QCOMPARE(spy.count(), 0);
        QVERIFY2(p.message().contains(QStringLiteral("out of range")), qPrintable(p.message()));
        QVERIFY(p.message().contains(QStringLiteral("not changed")));
        QCOMPARE(p.scenario().kernelEfficiency, 0.0); // not clamped to 1
        type(p, "peak-tflops", QStringLiteral("-3"));
        QCOMPARE(spy.count(), 0);
        QCOMPARE(p.scenario().peakFlops16Override, 0.0);
        type(p, "nic-gbps", QStringLiteral("fast"));
        QCOMPARE(spy.count(), 0);
        QVERIFY2(p.message().contains(QStringLiteral("not a number")), qPrintable(p.message()));
        type(p, "alpha-us", QStringLiteral("nan"));
        QCOMPARE(spy.count(), 0);
        // A good value afterwards is taken and the message goes.
        type(p, "alpha-us", QStringLiteral("7"));
        QCOMPARE(spy.count(), 1);
        QVERIFY(p.message().isEmpty());
    }

    void resetPutsThePresetBack()
    {
        HardwarePanel p;
        Scenario s = defaultScenario();
        s.peakFlops16Override = 100e12;
        s.interNodeBytesPerSecond = 1e9;
        s.alphaSeconds = 1e-3;
        s.kernelEfficiency = 0.2;
        p.setScenario(s);
        QCOMPARE(shownNumber(p, "peak-tflops"), 100.0);
        QSignalSpy spy(&p, &HardwarePanel::scenarioEdited);
        QTest::mouseClick(p.findChild<QPushButton*>(QStringLiteral("hardwareReset")), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const Scenario r = spy.last().at(0).value<Scenario>();
        QCOMPARE(r.peakFlops16Override, 0.0);
        QCOMPARE(r.interNodeBytesPerSecond, 0.0);
        QCOMPARE(r.alphaSeconds, Scenario().alphaSeconds);
        QCOMPARE(r.kernelEfficiency, 0.0);
        QCOMPARE(shownNumber(p, "peak-tflops"), 312.0);
    }

    void overridesSurviveAScenarioFile()
    {
        Scenario s = defaultScenario();
        s.peakFlops16Override = 700e12;
        s.hbmBytesPerSecondOverride = 3e12;
        const Scenario back = scenarioFromFileBytes(scenarioFileBytes(s), QStringLiteral("test"));
        QCOMPARE(back.peakFlops16Override, 700e12);
        QCOMPARE(back.hbmBytesPerSecondOverride, 3e12);
        // The FP8 peak keeps its ratio: H100 SXM 989 / 1979 TFLOP/s (datasheet) with the 16-bit peak at 500.
        Scenario h = defaultScenario();
        h.gpu = "h100-80gb";
        h.peakFlops16Override = 500e12;
        QVERIFY(std::abs(resolveGpu(h).peakFlops8 - 500e12 * 1979.0 / 989.0) < 1e6);
        h.peakFlops16Override = -1;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, validateScenario(h));
    }

    void theWindowsStepFollowsAnEdit()
    {
        MainWindow w(defaultScenario(), MainWindow::Session::Off);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(1600, 1000);
        w.show();
        QApplication::processEvents();
        QVERIFY(w.showTab(QStringLiteral("step")));
        w.stepPage()->setComputeMode(StepPage::Compute::Sync);
        auto* p = w.findChild<HardwarePanel*>();
        QVERIFY(p);
        type(*p, "peak-tflops", QStringLiteral("450"));
        QCOMPARE(w.scenario().peakFlops16Override, 450e12);
        if (qEnvironmentVariableIsSet("SHARDSCOPE_SHOTS")) { // to look at the panel: SHARDSCOPE_SHOTS=DIR
            type(*p, "kernel-efficiency", QStringLiteral("3"));
            p->parentWidget()->show();
            p->parentWidget()->raise();
            QApplication::processEvents();
            p->grab().save(qEnvironmentVariable("SHARDSCOPE_SHOTS") + QStringLiteral("/hardwarepanel.png"));
            type(*p, "kernel-efficiency", QStringLiteral("0.74"));
        }
        QVERIFY(w.stepView()->result());
        QCOMPARE(w.stepView()->result()->totals.stepTime, computeStep(w.scenario()).totals.stepTime);
        // The Scenario panel keeps the override when it changes something else (one scenario in the window).
        w.setScenario(w.scenario());
        QCOMPARE(w.scenario().peakFlops16Override, 450e12);
    }

    void efficiencyCurveAndAttentionEfficiency()
    {
        // The efficiency curve: a GEMM with inner dimension K reaches K / (K + k0) of the large-GEMM efficiency
        // (kernels.h; k0 = 64 K steps of tile prologue and epilogue by default). On an A100 (0.74 of 312 TFLOP/s,
        // whole waves for the panel's 13,824 x 8,192 GEMM): K 128 -> 0.74 x 128/192 = 0.493, K 8192 -> 0.734.
        HardwarePanel p;
        p.setScenario(defaultScenario());
        QCOMPARE(shownNumber(p, "gemm-k-overhead"), 64.0);
        auto curve = p.efficiencyCurve();
        QCOMPARE(int(curve.size()), 4);
        for (const auto& [k, e] : curve)
            QVERIFY2(std::abs(e - 0.74 * k / (k + 64.0)) < 1e-9, qPrintable(QString::number(e)));
        QVERIFY(p.curveText().contains(QStringLiteral("0.49")));
        QVERIFY(p.curveText().contains(QStringLiteral("0.73")));
        // FlashAttention-2's default: A100 0.6 (Dao 2023); H100 0.35 (Shah et al. 2024), times 500/700 on the
        // power-capped torchtitan H100.
        QCOMPARE(shownNumber(p, "attention-efficiency"), 0.6);
        Scenario h = defaultScenario();
        h.gpu = "h100-96gb";
        p.setScenario(h);
        QVERIFY(std::abs(shownNumber(p, "attention-efficiency") - 0.35 * 500.0 / 700.0) < 1e-5);

        // Edits become the scenario, and the step time is computeStep's for the edited scenario.
        p.setScenario(defaultScenario());
        QSignalSpy spy(&p, &HardwarePanel::scenarioEdited);
        type(p, "gemm-k-overhead", QStringLiteral("256"));
        QCOMPARE(spy.count(), 1);
        const Scenario k = spy.last().at(0).value<Scenario>();
        QCOMPARE(k.gemmKOverhead, 256.0);
        QVERIFY(computeStep(k).totals.stepTime > computeStep(defaultScenario()).totals.stepTime);
        QVERIFY(std::abs(p.efficiencyCurve().front().second - 0.74 * 128.0 / (128.0 + 256.0)) < 1e-9);
        type(p, "attention-efficiency", QStringLiteral("0.3"));
        QCOMPARE(spy.count(), 2);
        const Scenario a = spy.last().at(0).value<Scenario>();
        QCOMPARE(a.attentionEfficiency, 0.3);
        QVERIFY(computeStep(a).totals.stepTime > computeStep(k).totals.stepTime);
        // Out of range: refused in words, not clamped.
        type(p, "gemm-k-overhead", QStringLiteral("5000"));
        type(p, "attention-efficiency", QStringLiteral("0"));
        QCOMPARE(spy.count(), 2);
        QVERIFY(p.message().contains(QStringLiteral("out of range")));
        QCOMPARE(p.scenario().gemmKOverhead, 256.0);
        QCOMPARE(p.scenario().attentionEfficiency, 0.3);
        // The reset puts both back, and a scenario file keeps both (and the checkpoint interval).
        QTest::mouseClick(p.findChild<QPushButton*>(QStringLiteral("hardwareReset")), Qt::LeftButton);
        QCOMPARE(p.scenario().gemmKOverhead, 64.0);
        QCOMPARE(p.scenario().attentionEfficiency, 0.0);
        Scenario f = defaultScenario();
        f.gemmKOverhead = 100;
        f.attentionEfficiency = 0.45;
        f.checkpointInterval = 3;
        const Scenario back = scenarioFromFileBytes(scenarioFileBytes(f), QStringLiteral("test"));
        QCOMPARE(back.gemmKOverhead, 100.0);
        QCOMPARE(back.attentionEfficiency, 0.45);
        QCOMPARE(back.checkpointInterval, std::int64_t(3));
    }

    void validationChartHasOnePointPerComparedRow()
    {
        const QByteArray steps = readAll(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-steps.csv"));
        QVERIFY(!steps.isEmpty());
        const StepValidation v = validateSteps(steps.toStdString());
        ValidationChart c(QStringLiteral("steps"), QString(), stepValidationPoints(v));
        QCOMPARE(c.pointCount(), static_cast<int>(v.rows.size()));
        for (const QString& id : c.labelledIds()) {
            const auto it = std::find_if(v.rows.begin(), v.rows.end(), [&](const StepCheck& r) { return r.id == id.toStdString(); });
            QVERIFY(it != v.rows.end());
            QVERIFY(std::abs(it->error) > ValidationChart::kDefaultOutlierFraction);
        }
        const QByteArray memory = readAll(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-memory.csv"));
        const MemoryValidation m = validateMeasuredMemory(memory.toStdString());
        ValidationChart cm(QStringLiteral("memory"), QStringLiteral("GB"), memoryValidationPoints(m));
        QCOMPARE(cm.pointCount(), static_cast<int>(m.rows.size()));
    }
};

QTEST_MAIN(TestHardwarePanel)
#include "tst_hardwarepanel.moc"
