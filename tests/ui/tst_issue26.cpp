// SPDX-License-Identifier: MIT
// Issue 26 ("Charts you can paste into a design doc, and a window that never surprises a laptop user"):
//  1. `export --chart plan-map|plan-pareto|step-gpus|tp-split` write PNG, SVG and PDF with the scenario's caption; the
//     plan charts show the search `plan` makes (core's planRequestFor(), the Plan tab's PlanPage::requestFor()).
//  2. The Plan tab edits the global batch and the safety margin, keeps the best layout's map cell in view, flags the
//     layouts above 95% of capacity or relying on parameter offload, and counts the fitting layouts as `plan` does.
//  3. The export bundle's memory-vs-gpus.csv is `sweep`'s CSV, byte for byte (one function, sweepCsv()).
//  4. A "Fits" verdict with offload states what the offload costs per step (core's advice, from the step model).
#include "chartexport.h"
#include "dataexport.h"
#include "explorer.h"
#include "planlayoutmodel.h"
#include "planmapmodel.h"
#include "planpage.h"
#include "scenariofile.h"

#include "shardscope/advice.h"
#include "shardscope/architecture.h"
#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/step.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSignalSpy>
#include <QProcess>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace shardscope;

namespace {

constexpr int kWaitMs = 120000; // a search is milliseconds; the machine may be busy

struct Run
{
    int exitCode = -1; ///< -1 when the process crashed or timed out
    QByteArray out;
    QByteArray err;
};

/// Runs the built `shardscope` (SHARDSCOPE_BIN) as a user would.
Run runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(SHARDSCOPE_BIN), args);
    Run r;
    if (!p.waitForFinished(kWaitMs) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Llama-2-70B on 8 x A100 80GB, `mixed` (tst_planpage's scenario: no layout fits without offload, some with it).
Scenario llama70bOn8()
{
    Scenario s = defaultScenario();
    s.gpus = 8;
    return s;
}

/// Llama-2-7B on 8 x A100 80GB with TP 2 (so the TP split has a split to show), ZeRO-1.
Scenario llama7bTp2()
{
    Scenario s = defaultScenario();
    s.arch = *findModelPreset("llama-2-7b");
    s.gpus = 8;
    s.tp = 2;
    s.zeroStage = 1;
    return s;
}

QJsonObject planJson(const QStringList& extra, const QString& scenarioFile)
{
    const Run r = runCli(QStringList {QStringLiteral("plan"), QStringLiteral("--format"), QStringLiteral("json"),
                                          QStringLiteral("--scenario"), scenarioFile}
                             + extra);
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestIssue26 : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // ------------------------------------------------------------------ 1. the new chart kinds

    void newKindsAreExportChoices()
    {
        QStringList choices;
        for (const auto& c : exportChartChoices())
            choices << c.first;
        for (const char* id : {"plan-map", "plan-pareto", "step-gpus", "tp-split"}) {
            QVERIFY2(exportChartIds().contains(QLatin1String(id)), id);
            QVERIFY2(imageChartIds().contains(QLatin1String(id)), id);
            QVERIFY2(choices.contains(QLatin1String(id)), id); // File > Export > Chart offers it
            QVERIFY(!chartHasData(QLatin1String(id)));
        }
    }

    void exportNewKind_data()
    {
        QTest::addColumn<QString>("chart");
        for (const char* c : {"plan-map", "plan-pareto", "step-gpus", "tp-split"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }

    void exportNewKind()
    {
        QFETCH(QString, chart);
        QTemporaryDir dir;
        const Scenario s = llama7bTp2();
        const QString file = dir.filePath(QStringLiteral("s.json"));
        saveScenarioFile(file, s);
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString out = dir.filePath(chart + QLatin1Char('.') + QLatin1String(suffix));
            const Run r = runCli({QStringLiteral("export"), QStringLiteral("--chart"), chart, QStringLiteral("--out"), out,
                                      QStringLiteral("--scenario"), file});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY2(QFileInfo(out).size() > 1000, qPrintable(out));
        }
        // The PNG is a picture (1200 x 700 by default; taller where the view needs it, as the chart views), not a
        // blank page.
        const QImage img(dir.filePath(chart + QStringLiteral(".png")));
        QCOMPARE(img.width(), 1200);
        QVERIFY2(img.height() >= 700, qPrintable(QString::number(img.height())));
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 3)
            for (int x = 0; x < img.width(); x += 3)
                colours.insert(img.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
        // The SVG carries the scenario's caption (model, N and GPU, ZeRO stage, TP x PP) and its verdict, as text.
        const QByteArray svg = readAll(dir.filePath(chart + QStringLiteral(".svg")));
        for (const char* part : {"Llama-2 7B", "N = 8 x A100 80GB SXM", "ZeRO-1", "TP 2 x PP 1", "Fits: "})
            QVERIFY2(svg.contains(part), part);
        QVERIFY(svg.contains("fill=\"#ffffff\""));
        // Images only: a data suffix is refused with exit code 2, naming the option.
        const Run bad = runCli({QStringLiteral("export"), QStringLiteral("--chart"), chart, QStringLiteral("--out"),
                                    dir.filePath(QStringLiteral("x.csv")), QStringLiteral("--scenario"), file});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--out"), bad.err.constData());

        if (chart == QLatin1String("plan-map")) {
            // The map is the one `plan` searches: every cell's text of core's answer is in the figure.
            PlanMapModel map;
            PlanPage::fillTpPpMap(&map, planLayouts(planRequestFor(s)));
            QVERIFY(map.rowCount() > 0 && map.columnCount() > 0);
            for (int r = 0; r < map.rowCount(); ++r) {
                QVERIFY(svg.contains(map.headerData(r, Qt::Vertical).toString().toUtf8()));
                for (int c = 0; c < map.columnCount(); ++c) {
                    const QString text = map.data(map.index(r, c)).toString();
                    if (!text.isEmpty())
                        QVERIFY2(svg.contains(text.toHtmlEscaped().toUtf8()), qPrintable(text));
                }
            }
        } else if (chart == QLatin1String("tp-split")) {
            // Llama-2-7B's MLP down projection is 11008 x 4096 (Touvron et al. 2023, table 2 / HF config.json
            // intermediate_size 11008, hidden_size 4096): by rows over TP 2, 5504 x 4096 on each GPU.
            QVERIFY2(svg.contains("5504"), "MLP down slice 5504 x 4096");
        } else if (chart == QLatin1String("step-gpus")) {
            // The ring beside the GPUs carries the Step tab's note on the step's largest collective.
            QVERIFY(svg.contains("In the modelled step the largest"));
        }
    }

    // ------------------------------------------------------------------ 2. the Plan tab

    void planTabCountsAsPlanCommand()
    {
        const Scenario s = llama70bOn8();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("s.json"));
        saveScenarioFile(file, s);
        PlanPage page;
        page.resize(1366, 600); // a laptop's width
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.setScenario(s);
        QTRY_VERIFY_WITH_TIMEOUT(page.isCurrent() && page.result(), kWaitMs);

        // The count the tab states is `plan`'s "fitting" for the same scenario (the same core call).
        const QJsonObject cli = planJson({}, file);
        QVERIFY(cli.contains(QStringLiteral("fitting")));
        const auto cliFitting = std::int64_t(cli.value(QStringLiteral("fitting")).toDouble());
        QVERIFY(cliFitting > 0);
        QCOMPARE(page.fittingCount(), cliFitting);
        QCOMPARE(page.fittingCount(), planLayouts(planRequestFor(s)).fitting);
        QVERIFY2(page.statusText().contains(QLocale().toString(qlonglong(cliFitting))), qPrintable(page.statusText()));
        // The box shows the global batch searched: the scenario's own, dp x micro-batch x grad-accum.
        QCOMPARE(std::int64_t(page.globalBatchBox()->value()), s.dp() * s.microBatch * s.gradAccum);
        QCOMPARE(std::int64_t(cli.value(QStringLiteral("global_batch")).toDouble()), page.globalBatch());

        // The best layout's cell is the map's current cell, inside its viewport, at a laptop's width.
        QVERIFY(page.winnerVisible());

        // Flags: above 95% of the GPU's capacity (A100 80GB: 80 GiB = 85.9 GB, NVIDIA A100 datasheet; the footprint's
        // capacityBytes) or relying on parameter offload.
        const std::int64_t capacity = computeFootprint(s).capacityBytes;
        PlanLayoutModel* m = page.layoutModel();
        QVERIFY(m->rowCount() > 0);
        int flagged = 0;
        for (int i = 0; i < m->rowCount(); ++i) {
            const PlanLayout& l = m->layout(i);
            const bool expect = double(l.peakBytes) > 0.95 * double(capacity) || l.offloadParams != OffloadDevice::None;
            const QString text = m->data(m->index(i, PlanLayoutModel::FlagColumn)).toString();
            QCOMPARE(!text.isEmpty(), expect);
            if (l.offloadParams != OffloadDevice::None)
                QVERIFY2(text.contains(QLatin1String("parameter offload")), qPrintable(text));
            flagged += expect ? 1 : 0;
        }
        QVERIFY(flagged > 0); // on 8 GPUs every ranked layout of the 70B relies on parameter offload (`plan --gpus 8`)
        // By hand, against 80 GiB = 85,899,345,920 B: 82 GB is 95.5% of it (flagged), 81 GB 94.3% (not).
        PlanLayout near;
        near.peakBytes = 82'000'000'000;
        QCOMPARE(PlanLayoutModel::flagWords(near, 85'899'345'920), QStringLiteral("\u26a0 95.5% of capacity"));
        near.peakBytes = 81'000'000'000;
        QVERIFY(!PlanLayoutModel::flagged(near, 85'899'345'920));
        QVERIFY(PlanLayoutModel::flagWords(near, 85'899'345'920).isEmpty());
        // The flag follows the offload column; a flagged layout's peak cell (visual column 2, beside rank and step time)
        // is shaded with it.
        const QHeaderView* header = page.table()->horizontalHeader();
        QCOMPARE(header->visualIndex(PlanLayoutModel::FlagColumn), header->visualIndex(PlanLayoutModel::OffloadColumn) + 1);
        QCOMPARE(header->logicalIndex(2), int(PlanLayoutModel::PeakColumn));
        for (int i = 0; i < m->rowCount(); ++i)
            QCOMPARE(m->data(m->index(i, PlanLayoutModel::PeakColumn), Qt::BackgroundRole).isValid(),
                     PlanLayoutModel::flagged(m->layout(i), capacity));

        // An edited global batch: the tab's search is `plan --global-batch 32`'s.
        const std::int64_t batch = 32;
        QVERIFY(batch != s.dp() * s.microBatch * s.gradAccum);
        page.globalBatchBox()->setValue(int(batch));
        QCOMPARE(page.globalBatch(), batch);
        QTRY_VERIFY_WITH_TIMEOUT(page.isCurrent() && page.result(), kWaitMs);
        const QJsonObject cli32 = planJson({QStringLiteral("--global-batch"), QStringLiteral("32")}, file);
        QCOMPARE(page.fittingCount(), std::int64_t(cli32.value(QStringLiteral("fitting")).toDouble()));
        for (const PlanLayout& l : page.result()->layouts)
            QCOMPARE(l.dp * l.microBatch * l.gradAccum, batch);
        // The batch holds across a scenario change until set back to the scenario's own.
        page.setScenario(s);
        QCOMPARE(page.globalBatch(), batch);
        QTRY_VERIFY_WITH_TIMEOUT(page.isCurrent() && page.result(), kWaitMs);
        page.globalBatchBox()->setValue(int(s.dp() * s.microBatch * s.gradAccum));
        QTRY_VERIFY_WITH_TIMEOUT(page.isCurrent() && page.result(), kWaitMs);
        QCOMPARE(page.fittingCount(), cliFitting);

        // An edited margin asks for the scenario with it (the window applies it as a control change): the tab's count
        // is then `plan --margin-gb 4`'s.
        QSignalSpy requested(&page, &PlanPage::layoutRequested);
        page.marginBox()->setValue(4);
        QCOMPARE(requested.count(), 1);
        const Scenario withMargin = requested.first().first().value<Scenario>();
        QCOMPARE(withMargin.safetyMarginBytes, 4e9);
        page.setScenario(withMargin);
        QTRY_VERIFY_WITH_TIMEOUT(page.isCurrent() && page.result(), kWaitMs);
        QCOMPARE(page.marginBox()->value(), 4.0);
        const QJsonObject cliMargin = planJson({QStringLiteral("--margin-gb"), QStringLiteral("4")}, file);
        QCOMPARE(page.fittingCount(), std::int64_t(cliMargin.value(QStringLiteral("fitting")).toDouble()));
        for (const PlanLayout& l : page.result()->layouts)
            QVERIFY(l.peakBytes <= capacity - 4'000'000'000);
    }

    // ------------------------------------------------------------------ 3. bundle CSV = sweep CSV

    void bundleCsvIsSweepCsv()
    {
        QTemporaryDir dir;
        Scenario s = defaultScenario();
        s.arch = *findModelPreset("llama-2-7b");
        s.gpus = 16;
        const QString file = dir.filePath(QStringLiteral("s.json"));
        saveScenarioFile(file, s);
        const QString bundle = dir.filePath(QStringLiteral("b"));
        const Run b = runCli({QStringLiteral("export"), QStringLiteral("--bundle"), bundle, QStringLiteral("--scenario"), file});
        QVERIFY2(b.exitCode == 0, b.err.constData());
        QStringList ns;
        for (std::int64_t n : memoryVsGpusCounts(s))
            ns << QString::number(n);
        const Run sw = runCli({QStringLiteral("sweep"), QStringLiteral("--scenario"), file, QStringLiteral("--gpus"),
                                   ns.join(QLatin1Char(',')), QStringLiteral("--stage"), QStringLiteral("0,1,2,3")});
        QVERIFY2(sw.exitCode == 0, sw.err.constData());
        const QByteArray csv = readAll(bundle + QStringLiteral("/memory-vs-gpus.csv"));
        QCOMPARE(csv, sw.out);
        // And `export --chart memory-vs-gpus --out F.csv` writes the same.
        const QString one = dir.filePath(QStringLiteral("one.csv"));
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-vs-gpus"),
                             QStringLiteral("--out"), one, QStringLiteral("--scenario"), file})
                     .exitCode,
                 0);
        QCOMPARE(readAll(one), sw.out);
        // Sweep's columns and rounding: bytes exact, the unit column with 3 decimals (bytes / 1e9 in GB).
        const QList<QByteArray> lines = csv.trimmed().split('\n');
        QVERIFY(lines.first().startsWith("stage,gpus,total_bytes,total_GB,fits,params_bytes"));
        QCOMPARE(lines.size() - 1, int(4 * ns.size()));
        const QList<QByteArray> row = lines[1].split(',');
        QCOMPARE(row[3], QByteArray::number(row[2].toDouble() / 1e9, 'f', 3));
        // The first point is ZeRO-0 at N = 1: the worst rank's total is computeFootprint's.
        Scenario at = s;
        at.gpus = row[1].toLongLong();
        at.zeroStage = row[0].toInt();
        QCOMPARE(row[2].toLongLong(), computeFootprint(at).worstBytes());
    }

    // ------------------------------------------------------------------ 3b. one remembered folder

    void saveDialogsSuggestTheRememberedFolder()
    {
        // Save Scenario As and Save Tour As suggest their name in the folder the last export or save went to (issue 26:
        // "every save dialog opens in one remembered folder"); a scenario saved before stays beside its file.
        QTemporaryDir dir;
        setExportFolder(dir.path());
        QCOMPARE(suggestedSavePath(QString(), QStringLiteral("scenario.shardscope.json")),
                 QDir(dir.path()).filePath(QStringLiteral("scenario.shardscope.json")));
        const QString saved = QDir(dir.path()).filePath(QStringLiteral("sub/a.shardscope.json"));
        QCOMPARE(suggestedSavePath(saved, QStringLiteral("x")), saved);
        setExportFolder(QString());
        QCOMPARE(suggestedSavePath(QString(), QStringLiteral("t.tour.json")), QDir(QDir::homePath()).filePath(QStringLiteral("t.tour.json")));
    }

    // ------------------------------------------------------------------ 4. what offload costs

    void offloadVerdictStatesItsCost()
    {
        // Llama-2-7B (6,738,415,616 parameters: Touvron et al. 2023 / HF config) on 8 A100s, ZeRO-2 with ZeRO-Offload
        // of the optimizer to the CPU, micro-batch 1, no accumulation, PCIe 25 GB/s per direction, no per-message
        // latency. ZeRO-Offload (Ren et al. 2021, "ZeRO-Offload", section 4.1) moves each rank's fp16 gradient shard
        // to the host and its updated fp16 parameter shard back: 2 x 2 bytes x Psi / 8 per step per GPU. Core times
        // each transfer as bytes / PCIe bandwidth (core/src/blockphysics.h gradsToHost(), stagetime.cpp hostCopy).
        Scenario s = defaultScenario();
        s.arch = *findModelPreset("llama-2-7b");
        s.gpus = 8;
        s.zeroStage = 2;
        s.offloadOptimizer = OffloadDevice::Cpu;
        s.microBatch = 1;
        s.gradAccum = 1;
        s.pcieBytesPerSecond = 25e9;
        s.alphaSeconds = 0;
        const Advice a = computeAdvice(s);
        QCOMPARE(int(a.verdict.kind), int(VerdictKind::Fits));
        QVERIFY(a.verdict.offload.has_value());
        const double psi = 6738415616.0;
        QCOMPARE(double(countParams(s.arch).total), psi);
        const double handBytes = 2.0 * 2.0 * psi / 8.0; // 3.369 GB
        const double handSeconds = handBytes / 25e9; // 0.1348 s
        QVERIFY2(std::abs(a.verdict.offload->bytes / handBytes - 1) < 1e-6, qPrintable(QString::number(a.verdict.offload->bytes)));
        QVERIFY2(std::abs(a.verdict.offload->seconds / handSeconds - 1) < 1e-6, qPrintable(QString::number(a.verdict.offload->seconds)));
        QCOMPARE(a.verdict.offload->pcieBytesPerSecond, 25e9);
        QVERIFY(a.verdict.offload->exposedSeconds >= handSeconds / 2); // the parameters' way back is not hidden
        QVERIFY(a.verdict.offload->exposedSeconds <= a.verdict.offload->seconds);
        // The window's verdict says it, in the Memory tab's words.
        const Verdict v = verdictFor(a, ByteUnit::GB);
        QVERIFY2(v.text.startsWith(QLatin1String("Fits: ")), qPrintable(v.text));
        QVERIFY2(v.text.contains(QLatin1String("Offload costs 0.135 s per step: 3.37 GB between GPU and host over PCIe at 25.0 GB/s")),
                 qPrintable(v.text));
        // Without offload: no cost, no sentence.
        s.offloadOptimizer = OffloadDevice::None;
        const Advice plain = computeAdvice(s);
        QVERIFY(!plain.verdict.offload);
        QVERIFY(!verdictFor(plain, ByteUnit::GB).text.contains(QLatin1String("Offload costs")));
    }
};

QTEST_MAIN(TestIssue26)
#include "tst_issue26.moc"
