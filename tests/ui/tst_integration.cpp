// SPDX-License-Identifier: MIT
// The explorer window with everything wired in, offscreen: the Step tab follows the controls (and drops
// the results of older slider positions), save/open/recent through the functions the File menu calls,
// malformed files leave the scenario untouched, the debounced autosave and its restore, what a dropped
// file is judged to be, Compare after a pin, and the vpp control. Dialogs are never driven.
#include "comparewidget.h"
#include "termstyle.h"

#include "shardscope/step.h"
#include "controlspanel.h"
#include "dataexport.h"
#include "fileactions.h"
#include "mainwindow.h"
#include "resultjson.h"
#include "scenariofile.h"
#include "settings.h"
#include "sliderspin.h"
#include "steppage.h"
#include "stepview.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QJsonObject>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

using namespace shardscope;

namespace {

const QString kData = QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data");

std::unique_ptr<MainWindow> makeWindow(
    MainWindow::Session session = MainWindow::Session::Off, const Scenario& s = defaultScenario())
{
    auto w = std::make_unique<MainWindow>(s, session);
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(1600, 1000);
    w->show();
    QApplication::processEvents();
    return w;
}

QJsonObject json(const Scenario& s) { return scenarioToJson(s); }

void click(MainWindow& w, const char* name)
{
    auto* b = w.controls()->findChild<QAbstractButton*>(QLatin1String(name));
    QVERIFY2(b, name);
    b->click();
}

/// Types `text` into a slider's spin box and presses Return, as a person would.
void typeInto(MainWindow& w, const char* slider, const QString& text)
{
    auto* s = w.controls()->findChild<SliderSpin*>(QLatin1String(slider));
    QVERIFY2(s, slider);
    QLineEdit* edit = s->spinBox()->findChild<QLineEdit*>();
    QVERIFY(edit);
    s->spinBox()->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestIntegration : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // settings, autosave and recent files in the test locations
        Settings().clear();
        RecentFiles().clear();
        RecentFiles().setCurrentFile(QString());
        QFile::remove(autosavePath());
    }

    void cleanupTestCase()
    {
        // Leave the test locations as found: other suites restore sessions from them.
        QFile::remove(autosavePath());
        RecentFiles().clear();
        RecentFiles().setCurrentFile(QString());
    }

    // --- Step tab

    void stepTabFollowsTheScenario()
    {
        auto w = makeWindow();
        QVERIFY(w->showTab(QStringLiteral("step")));
        QCOMPARE(w->tabs()->currentWidget(), static_cast<QWidget*>(w->stepPage()));
        w->stepPage()->setComputeMode(StepPage::Compute::Sync);
        QVERIFY(w->stepView()->scenario());
        QCOMPARE(json(*w->stepView()->scenario()), json(w->scenario()));

        click(*w, "zeroStage2");
        QCOMPARE(w->scenario().zeroStage, 2);
        QVERIFY(w->stepView()->scenario());
        QCOMPARE(json(*w->stepView()->scenario()), json(w->scenario()));
        // The step shown is core's step for that scenario (its step time, to the bit).
        QCOMPARE(w->stepView()->result()->totals.stepTime, computeStep(w->scenario()).totals.stepTime);
    }

    void hiddenStepTabModelsNothingAndStopsItsTimer()
    {
        auto w = makeWindow();
        w->stepPage()->setComputeMode(StepPage::Compute::Sync);
        QVERIFY(w->showTab(QStringLiteral("step")));
        w->stepView()->play();
        QVERIFY(w->stepView()->isPlaying());
        QVERIFY(w->showTab(QStringLiteral("memory")));
        QVERIFY(!w->stepView()->isPlaying()); // no animation timer behind a hidden tab
        click(*w, "zeroStage1");
        QVERIFY(!w->stepPage()->isCurrent()); // not modelled while hidden
        QCOMPARE(w->stepView()->scenario()->zeroStage, 3);
        QVERIFY(w->showTab(QStringLiteral("step")));
        QVERIFY(w->stepPage()->isCurrent());
        QCOMPARE(json(*w->stepView()->scenario()), json(w->scenario()));
        QVERIFY(w->stepView()->isPlaying()); // resumed
        w->stepView()->pause();
    }

    void asyncStepDropsOlderSliderPositions()
    {
        auto w = makeWindow();
        QVERIFY(w->showTab(QStringLiteral("step")));
        StepPage* page = w->stepPage();
        page->setComputeMode(StepPage::Compute::Async);
        QList<std::int64_t> shownGpus;
        connect(page, &StepPage::stepUpdated, this,
            [&] { shownGpus << (w->stepView()->scenario() ? w->stepView()->scenario()->gpus : -1); });
        QSignalSpy updated(page, &StepPage::stepUpdated);
        // Three slider positions in a row, no event loop between them (a fast drag).
        for (const char* n : {"64", "128", "256"})
            typeInto(*w, "gpus", QString::fromLatin1(n));
        QCOMPARE(w->scenario().gpus, std::int64_t(256));
        QVERIFY(!page->isCurrent());
        while (!page->isCurrent())
            QVERIFY(updated.wait(30000));
        // Only the last position was ever shown: 64 and 128 were dropped (or never started).
        QCOMPARE(shownGpus, QList<std::int64_t>({256}));
        QCOMPARE(json(*w->stepView()->scenario()), json(w->scenario()));
        QVERIFY(page->lastComputeMs() >= 0);
    }

    // --- File: save, open, recent

    void saveOpenRoundTrip()
    {
        QTemporaryDir dir;
        auto w = makeWindow();
        click(*w, "zeroStage1");
        typeInto(*w, "gpus", QStringLiteral("64"));
        typeInto(*w, "tp", QStringLiteral("8"));
        const QJsonObject saved = json(w->scenario());
        QCOMPARE(saved.value(QStringLiteral("gpus")).toInteger(), 64);
        QVERIFY(w->isWindowModified());

        const QString path = dir.filePath(QStringLiteral("plan.shardscope.json"));
        QVERIFY2(w->saveScenarioAs(path), qPrintable(w->lastError()));
        QVERIFY(!w->isWindowModified());
        QVERIFY2(w->windowTitle().startsWith(QStringLiteral("plan.shardscope.json")), qPrintable(w->windowTitle()));
        QCOMPARE(json(loadScenarioFile(path)), saved); // what is on disk reads back by itself too

        w->newScenario();
        QCOMPARE(json(w->scenario()), json(defaultScenario()));
        QVERIFY(w->currentFile().isEmpty());
        QVERIFY(w->windowTitle().startsWith(QStringLiteral("Untitled")));

        QVERIFY2(w->openScenarioFile(path), qPrintable(w->lastError()));
        QCOMPARE(json(w->scenario()), saved);
        QCOMPARE(json(w->controls()->scenario()), saved); // the controls show it too
        QVERIFY(!w->isWindowModified());
        click(*w, "zeroStage2");
        QVERIFY(w->isWindowModified());
        QVERIFY(w->saveScenario()); // Save: to the current file
        QCOMPARE(loadScenarioFile(path).zeroStage, 2);
    }

    void malformedFileLeavesTheScenarioUntouched_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected"); // part of the message: the place or the reason
        // The corpus of tests/data/malformed (README there); messages from scenariofile.cpp.
        QTest::newRow("truncated") << QStringLiteral("malformed/scenario_truncated.json") << QStringLiteral("line");
        QTest::newRow("newer version") << QStringLiteral("malformed/scenario_newer_version.json")
                                       << QStringLiteral("version 7");
        QTest::newRow("wrong type") << QStringLiteral("malformed/scenario_wrong_type.json")
                                    << QStringLiteral("scenario.gpus");
        QTest::newRow("wrong format") << QStringLiteral("malformed/scenario_wrong_format.json")
                                      << QStringLiteral("format");
        QTest::newRow("invalid utf-8") << QStringLiteral("malformed/scenario_invalid_utf8.json")
                                       << QStringLiteral("UTF-8");
        QTest::newRow("missing") << QStringLiteral("no-such-file.shardscope.json") << QStringLiteral("no-such-file");
    }

    void malformedFileLeavesTheScenarioUntouched()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        auto w = makeWindow();
        click(*w, "zeroStage1");
        const QJsonObject before = json(w->scenario());
        const QString title = w->windowTitle();
        QSignalSpy errors(w.get(), &MainWindow::fileError);
        const QString path = kData + QLatin1Char('/') + file;
        QVERIFY(!w->openScenarioFile(path));
        QCOMPARE(errors.count(), 1);
        QCOMPARE(json(w->scenario()), before);
        QCOMPARE(json(w->controls()->scenario()), before);
        QCOMPARE(w->windowTitle(), title);
        const QString message = w->lastError();
        QVERIFY2(message.contains(QFileInfo(file).fileName()), qPrintable(message)); // names the file
        QVERIFY2(message.contains(expected, Qt::CaseInsensitive), qPrintable(message)); // and the place / reason
        QVERIFY(w->messages()->toPlainText().contains(message));
        // Dropped, the same file gives the same refusal.
        QVERIFY(!w->openAnyFile(path));
        QCOMPARE(json(w->scenario()), before);
    }

    void malformedImportLeavesTheScenarioUntouched()
    {
        auto w = makeWindow();
        const QJsonObject before = json(w->scenario());
        QVERIFY(!w->importConfigFrom(
            ImportKind::DeepSpeedConfig, kData + QStringLiteral("/malformed/deepspeed_truncated.json")));
        QVERIFY2(w->lastError().contains(QStringLiteral("deepspeed_truncated.json")), qPrintable(w->lastError()));
        QVERIFY(
            !w->importConfigFrom(ImportKind::FsdpConfig, kData + QStringLiteral("/malformed/fsdp_bad_strategy.yaml")));
        QVERIFY(!w->importConfigFrom(ImportKind::HfConfig, kData + QStringLiteral("/hf/malformed/truncated.json")));
        QCOMPARE(json(w->scenario()), before);
    }

    void recentFilesKeepEightAndDropMissingOnes()
    {
        RecentFiles().clear();
        QTemporaryDir dir;
        auto w = makeWindow(MainWindow::Session::KeepGiven);
        QStringList paths;
        for (int i = 0; i < 10; ++i) {
            paths << dir.filePath(QStringLiteral("s%1.shardscope.json").arg(i));
            QVERIFY(w->saveScenarioAs(paths.last()));
        }
        QStringList recent = w->recentFiles();
        QCOMPARE(recent.size(), RecentFiles::kMax);
        QCOMPARE(QFileInfo(recent.first()).fileName(), QStringLiteral("s9.shardscope.json")); // newest first
        QCOMPARE(QFileInfo(recent.last()).fileName(), QStringLiteral("s2.shardscope.json"));

        QVERIFY(QFile::remove(recent.at(1)));
        const QString gone = recent.at(1);
        QVERIFY(!w->openRecent(gone));
        QVERIFY2(w->lastError().contains(QStringLiteral("no longer exists")), qPrintable(w->lastError()));
        QVERIFY(!w->recentFiles().contains(gone));
        QVERIFY(w->openRecent(recent.at(2)));
        QCOMPARE(w->recentFiles().first(), recent.at(2));
        RecentFiles().clear();
    }

    // --- Autosave

    void autosaveIsWrittenAfterAChangeAndRestored()
    {
        QFile::remove(autosavePath());
        {
            auto w = makeWindow(MainWindow::Session::KeepGiven);
            QVERIFY(w->autosaveEnabled());
            QVERIFY(!w->autosavePending());
            QSignalSpy autosaved(w.get(), &MainWindow::autosaved);
            click(*w, "zeroStage2");
            typeInto(*w, "gpus", QStringLiteral("48"));
            QVERIFY(w->autosavePending()); // debounced: nothing written yet
            QVERIFY(!QFile::exists(autosavePath()));
            w->flushAutosave();
            QCOMPARE(autosaved.count(), 1);
            QCOMPARE(autosaved.first().first().toString(), autosavePath());
            const Scenario onDisk = loadScenarioFile(autosavePath());
            QCOMPARE(json(onDisk), json(w->scenario()));
            QCOMPARE(onDisk.gpus, std::int64_t(48));

            // Left alone, the timer writes it by itself (kAutosaveDelayMs after the last change).
            click(*w, "zeroStage1");
            QVERIFY(autosaved.wait(10000));
            QCOMPARE(loadScenarioFile(autosavePath()).zeroStage, 1);
        }
        // A crash: the settings still hold an older scenario; the autosave is the newer one.
        {
            Settings s;
            s.setLastScenario(defaultScenario());
            s.sync();
        }
        auto restored = makeWindow(MainWindow::Session::RestoreLast);
        QCOMPARE(restored->scenario().zeroStage, 1);
        QCOMPARE(restored->scenario().gpus, std::int64_t(48));
        QCOMPARE(json(restored->controls()->scenario()), json(restored->scenario()));
        restored->setAutosaveEnabled(false);
        QFile::remove(autosavePath());
    }

    void sessionOffNeverAutosaves()
    {
        QFile::remove(autosavePath());
        auto w = makeWindow(MainWindow::Session::Off);
        QVERIFY(!w->autosaveEnabled());
        click(*w, "zeroStage2");
        QVERIFY(!w->autosavePending());
        w->flushAutosave();
        QVERIFY(!QFile::exists(autosavePath()));
    }

    // --- What a dropped file is

    void detectsDroppedFileKinds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("kind");
        QTest::newRow("seed 000 DeepSpeed")
            << QStringLiteral("configs/seed000_deepspeed.json") << int(FileKind::DeepSpeedConfig);
        QTest::newRow("HF Trainer DeepSpeed (auto)")
            << QStringLiteral("configs/hf_trainer_zero3_auto.json") << int(FileKind::DeepSpeedConfig);
        QTest::newRow("accelerate FSDP") << QStringLiteral("configs/accelerate_fsdp_full_shard.yaml")
                                         << int(FileKind::FsdpConfig);
        QTest::newRow("HF Llama-2-70B") << QStringLiteral("hf/Llama-2-70b-hf.json") << int(FileKind::HfConfig);
        QTest::newRow("HF gpt2") << QStringLiteral("hf/gpt2.json") << int(FileKind::HfConfig);
        QTest::newRow("HF truncated") << QStringLiteral("hf/malformed/truncated.json") << int(FileKind::HfConfig);
        QTest::newRow("scenario, newer version")
            << QStringLiteral("malformed/scenario_newer_version.json") << int(FileKind::Scenario);
        QTest::newRow("DeepSpeed truncated")
            << QStringLiteral("malformed/deepspeed_truncated.json") << int(FileKind::DeepSpeedConfig);
        QTest::newRow("Megatron arguments")
            << QStringLiteral("configs/megatron_llama2_70b.txt") << int(FileKind::Unknown);
    }

    void detectsDroppedFileKinds()
    {
        QFETCH(QString, file);
        QFETCH(int, kind);
        const QByteArray bytes = readAll(kData + QLatin1Char('/') + file);
        QVERIFY(!bytes.isEmpty());
        QCOMPARE(int(detectFileKind(bytes)), kind);
    }

    void detectsScenarioFilesAndEstimateJson()
    {
        QCOMPARE(detectFileKind(scenarioFileBytes(defaultScenario())), FileKind::Scenario);
        QCOMPARE(detectFileKind(QByteArrayLiteral("{\"scenario\": {}, \"per_gpu\": {}}")), FileKind::Scenario);
        QCOMPARE(detectFileKind(QByteArrayLiteral("{\"hello\": 1}")), FileKind::Unknown);
        QCOMPARE(detectFileKind(QByteArrayLiteral("key: value\n")), FileKind::Unknown);
        QCOMPARE(detectFileKind(QByteArray()), FileKind::Unknown);
    }

    void droppedFilesAreImported()
    {
        auto w = makeWindow();
        click(*w, "zeroStage1");
        // Seed 000's DeepSpeed config: ZeRO-3, optimizer and parameters offloaded to CPU, fp16,
        // gradient_accumulation_steps 4 (the file, as written).
        QVERIFY2(w->openAnyFile(kData + QStringLiteral("/configs/seed000_deepspeed.json")), qPrintable(w->lastError()));
        QCOMPARE(w->scenario().zeroStage, 3);
        QCOMPARE(int(w->scenario().offloadOptimizer), int(OffloadDevice::Cpu));
        QCOMPARE(int(w->scenario().offloadParams), int(OffloadDevice::Cpu));
        QCOMPARE(w->scenario().gradAccum, std::int64_t(4));
        QCOMPARE(json(w->controls()->scenario()), json(w->scenario()));

        // Mistral-7B-v0.1's config.json: 32 layers, hidden 4096 (the file).
        QVERIFY2(w->openAnyFile(kData + QStringLiteral("/hf/Mistral-7B-v0.1.json")), qPrintable(w->lastError()));
        QCOMPARE(w->scenario().arch.layers, std::int64_t(32));
        QCOMPARE(w->scenario().arch.hidden, std::int64_t(4096));
        QCOMPARE(w->scenario().zeroStage, 3); // the rest of the scenario is kept

        // accelerate FSDP: fsdp_sharding_strategy 1 (FULL_SHARD = ZeRO-3), fsdp_offload_params true, 16 processes.
        click(*w, "zeroStage0");
        QVERIFY2(w->openAnyFile(kData + QStringLiteral("/configs/accelerate_fsdp_full_shard.yaml")),
            qPrintable(w->lastError()));
        QCOMPARE(w->scenario().zeroStage, 3);
        QCOMPARE(int(w->scenario().offloadParams), int(OffloadDevice::Cpu));
        QCOMPARE(w->scenario().gpus, std::int64_t(16));

        // Not a kind the window knows: refused, untouched.
        const QJsonObject before = json(w->scenario());
        QVERIFY(!w->openAnyFile(kData + QStringLiteral("/configs/megatron_llama2_70b.txt")));
        QVERIFY2(w->lastError().contains(QStringLiteral("megatron_llama2_70b.txt")), qPrintable(w->lastError()));
        QCOMPARE(json(w->scenario()), before);
    }

    void dropEventImportsTheFile()
    {
        auto w = makeWindow();
        QVERIFY(w->acceptDrops());
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(kData + QStringLiteral("/configs/accelerate_fsdp_full_shard.yaml"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.get(), &drop);
        QVERIFY(drop.isAccepted());
        QCOMPARE(w->scenario().gpus, std::int64_t(16)); // num_processes: 16 (the file)
        // Text that is not a file is not taken.
        QMimeData text;
        text.setText(QStringLiteral("hello"));
        QDragEnterEvent enterText(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        enterText.ignore();
        QApplication::sendEvent(w.get(), &enterText);
        QVERIFY(!enterText.isAccepted());
    }

    void exportDialogOffersImagesOnlyForChartsWithAWidget()
    {
        ChartExportDialog d;
        d.setChart(QStringLiteral("memory-per-gpu"));
        QCOMPARE(d.chart(), QStringLiteral("memory-per-gpu"));
        QCOMPARE(d.suffix(), QStringLiteral("png"));
        d.setChart(QStringLiteral("step-timeline")); // a picture too: StepGanttView renders to PNG/SVG/PDF
        QVERIFY(isImageSuffix(d.suffix()));
        QCOMPARE(d.options().size, ChartExportOptions().size);
    }

    void importShowsItsNotes()
    {
        auto w = makeWindow();
        QSignalSpy notes(w.get(), &MainWindow::importNotes);
        // The HF Trainer config says "auto" for the batch and buckets: the importer says how it resolved them.
        QVERIFY2(w->importConfigFrom(
                     ImportKind::DeepSpeedConfig, kData + QStringLiteral("/configs/hf_trainer_zero3_auto.json")),
            qPrintable(w->lastError()));
        QCOMPARE(notes.count(), 1);
        const QStringList got = w->lastNotes();
        QVERIFY(!got.isEmpty());
        QVERIFY2(got.join(QLatin1Char('\n')).contains(QStringLiteral("auto")), qPrintable(got.join(QLatin1Char('\n'))));
        QVERIFY2(got.join(QLatin1Char('\n')).contains(QStringLiteral("a_key_deepspeed_does_not_know")),
            qPrintable(got.join(QLatin1Char('\n')))); // unknown keys reported, not fatal
        QVERIFY(w->messages()->toPlainText().contains(got.first()));

        // Megatron arguments (the text of the dialog's box): TP 8, PP 4, 80 layers, hidden 8192 (the file).
        const QString args = QString::fromUtf8(readAll(kData + QStringLiteral("/configs/megatron_llama2_70b.txt")));
        QVERIFY2(w->importConfigFrom(ImportKind::MegatronArgs, args), qPrintable(w->lastError()));
        QCOMPARE(w->scenario().tp, std::int64_t(8));
        QCOMPARE(w->scenario().pp, std::int64_t(4));
        QCOMPARE(w->scenario().arch.layers, std::int64_t(80));
        QVERIFY(w->scenario().sequenceParallel);
        QVERIFY(w->lastNotes().join(QLatin1Char('\n')).contains(QStringLiteral("--some-new-flag")));
    }

    void exportChartWritesCoresNumbers()
    {
        QTemporaryDir dir;
        auto w = makeWindow();
        const QString path = dir.filePath(QStringLiteral("per-gpu.csv"));
        QVERIFY2(
            w->exportChartTo(QStringLiteral("memory-per-gpu"), path, ChartExportOptions()), qPrintable(w->lastError()));
        const Scenario s = w->scenario();
        QCOMPARE(QString::fromUtf8(readAll(path)), chartDataCsv(memoryPerGpuData(s, computeFootprint(s), w->unit())));
        QVERIFY(!w->exportChartTo(
            QStringLiteral("no-such-chart"), dir.filePath(QStringLiteral("x.csv")), ChartExportOptions()));
    }

    // --- Compare

    void compareTabShowsAvsBAfterPin()
    {
        auto w = makeWindow();
        const Scenario a = w->scenario(); // ZeRO-3
        w->pinCurrentAsA();
        QVERIFY(w->compareWidget()->isPinned());
        click(*w, "zeroStage2");
        QVERIFY(w->showTab(QStringLiteral("compare")));
        const QString summary = w->compareWidget()->summary();
        QVERIFY2(summary.contains(QStringLiteral("ZeRO stage 3 -> 2")), qPrintable(summary));
        QTableWidget* t = w->compareWidget()->table();
        QCOMPARE(t->rowCount(), kTermCount + CompareWidget::kExtraRows);
        // Row "params": A and B are core's worst-rank parameter bytes of each scenario, in GB, two decimals,
        // under the term's human name (issue 13: not the JSON key), right-aligned.
        const Footprint fa = computeFootprint(a);
        const Footprint fb = computeFootprint(w->scenario());
        QCOMPARE(t->item(0, 0)->text(), termLabel(Term::Params));
        QVERIFY(t->item(0, 1)->textAlignment() & Qt::AlignRight);
        // Step time of each scenario, from core's step model.
        QCOMPARE(t->item(kTermCount + 2, 1)->text(), QString::number(computeStep(a).totals.stepTime, 'f', 3));
        QCOMPARE(t->item(kTermCount + 2, 2)->text(), QString::number(computeStep(w->scenario()).totals.stepTime, 'f', 3));
        QCOMPARE(t->item(0, 1)->text(), QString::number(double(fa.worstRank().bytes(Term::Params)) / 1e9, 'f', 2));
        QCOMPARE(t->item(0, 2)->text(), QString::number(double(fb.worstRank().bytes(Term::Params)) / 1e9, 'f', 2));
        // B keeps following the controls while the tab is visible.
        typeInto(*w, "gpus", QStringLiteral("64"));
        QVERIFY2(w->compareWidget()->summary().contains(QStringLiteral("N GPUs 32 -> 64")),
            qPrintable(w->compareWidget()->summary()));
    }

    // --- vpp

    void vppFollowsTheInterleavedSchedule()
    {
        auto w = makeWindow();
        auto* vpp = w->controls()->findChild<SliderSpin*>(QStringLiteral("vpp"));
        QVERIFY(vpp);
        QVERIFY(!vpp->isEnabled()); // 1F1B: no chunks to set
        typeInto(*w, "pp", QStringLiteral("4"));
        auto* schedule = w->controls()->findChild<QComboBox*>(QStringLiteral("schedule"));
        schedule->setCurrentIndex(schedule->findData(QStringLiteral("interleaved")));
        QCOMPARE(int(w->scenario().schedule), int(PipelineSchedule::Interleaved));
        QVERIFY(vpp->isEnabled());
        // Llama-2-70B has 80 layers (HF config): the fewest chunks >= 2 with 80 % (4 x v) == 0 is v = 2.
        QCOMPARE(w->scenario().vpp, std::int64_t(2));
        typeInto(*w, "gradAccum", QStringLiteral("8")); // the interleaved schedule needs a multiple of PP
        typeInto(*w, "vpp", QStringLiteral("5")); // 80 / (4 x 5) = 4 layers per chunk
        QCOMPARE(w->scenario().vpp, std::int64_t(5));
        QVERIFY(w->controls()->inputMessage().isEmpty());
        validateScenario(w->scenario()); // a valid interleaved scenario: no InvalidInput
        // Out of range: refused with a message, not clamped.
        typeInto(*w, "vpp", QStringLiteral("500"));
        QCOMPARE(w->scenario().vpp, std::int64_t(5));
        QVERIFY2(w->controls()->inputMessage().contains(QStringLiteral("refused")),
            qPrintable(w->controls()->inputMessage()));
        // 80 layers over 4 x 3 chunks is an uneven split (7 or 6 layers a chunk), accepted as Megatron-Core
        // and torchtitan accept it (issue 9); 4 x 21 = 84 chunks cannot all hold a layer: refused.
        typeInto(*w, "vpp", QStringLiteral("3"));
        QCOMPARE(w->scenario().vpp, std::int64_t(3));
        validateScenario(w->scenario());
        typeInto(*w, "vpp", QStringLiteral("21"));
        QCOMPARE(w->scenario().vpp, std::int64_t(21));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, validateScenario(w->scenario()));
        schedule->setCurrentIndex(schedule->findData(QStringLiteral("1f1b")));
        QVERIFY(!vpp->isEnabled());
    }
};

QTEST_MAIN(TestIntegration)
#include "tst_integration.moc"
