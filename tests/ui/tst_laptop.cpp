// SPDX-License-Identifier: MIT
// Issue 26, "a window that never surprises a laptop user": the mouse wheel never changes a setting that has no
// focus (it scrolls the panel), a tab switch takes the focus off editable fields (Space never blanks a field),
// F1 is bound once (the glossary) and the shortcut sheet has its own key, and the window's export path appends the
// chosen format's extension, opens in one remembered folder and speaks of its fields, not of command-line flags.
#include "chartexport.h"
#include "controlspanel.h"
#include "explorer.h"
#include "fileactions.h"
#include "lecture.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "resultjson.h"
#include "traindemopanel.h"
#include "steppipelineview.h"
#include "stepview.h"
#include "shardscope/advice.h"
#include "shardscope/step.h"
#include "wheelguard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include <memory>

using namespace shardscope;

namespace {

std::unique_ptr<MainWindow> makeActiveWindow(QSize size = QSize(1366, 768))
{
    auto w = std::make_unique<MainWindow>(defaultScenario(), MainWindow::Session::Off);
    new Lecture(w.get()); // as the app: the lecture menu (glossary on F1, presentation mode) belongs to the window
    w->resize(size);
    w->show();
    QApplication::setActiveWindow(w.get());
    return w;
}

QByteArray json(const Scenario& s) { return QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Compact); }

void wheel(QWidget* target, int angle)
{
    const QPointF at(target->width() / 2.0, target->height() / 2.0);
    QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, angle), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &e);
}

QScrollArea* scrollAreaOf(QWidget* w)
{
    for (QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (auto* a = qobject_cast<QScrollArea*>(p))
            return a;
    return nullptr;
}

} // namespace

class TestLaptop : public QObject
{
    Q_OBJECT
private slots:
    void wheelOverAnUnfocusedSettingScrollsThePanelInstead()
    {
        // Short enough that the Scenario panel scrolls (the case of the report: scrolling it set parameter
        // offload to NVMe).
        auto w = makeActiveWindow(QSize(1366, 600));
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        auto* offload = w->controls()->findChild<QComboBox*>(QStringLiteral("offloadParams"));
        QVERIFY(offload);
        QScrollArea* area = scrollAreaOf(offload);
        QVERIFY(area);
        QVERIFY2(area->verticalScrollBar()->maximum() > 0, "the Scenario panel does not scroll at 1366x600");
        w->tabs()->setFocus();
        QVERIFY(!offload->hasFocus());
        const QByteArray before = json(w->scenario());
        const int index = offload->currentIndex();
        const int scrolled = area->verticalScrollBar()->value();
        wheel(offload, -120);
        QCOMPARE(offload->currentIndex(), index);
        QCOMPARE(json(w->scenario()), before);
        QVERIFY2(area->verticalScrollBar()->value() > scrolled, "the wheel did not scroll the panel");
        // A spin box and a slider alike.
        for (QWidget* setting : w->controls()->findChildren<QWidget*>()) {
            if (!WheelGuard::isSettingWidget(setting) || !setting->isVisible() || !setting->isEnabled())
                continue;
            wheel(setting, 120);
            wheel(setting, -120);
            QCOMPARE(json(w->scenario()), before);
        }
        // With focus (a click or Tab gave it), the wheel changes the setting: the guard is not a wall.
        offload->setFocus();
        QVERIFY(offload->hasFocus());
        wheel(offload, -120);
        QVERIFY(offload->currentIndex() != index);
        QVERIFY(json(w->scenario()) != before);
    }

    void settingsDoNotTakeFocusFromTheWheel()
    {
        auto w = makeActiveWindow();
        int checked = 0;
        for (QWidget* setting : w->findChildren<QWidget*>()) {
            if (!WheelGuard::isSettingWidget(setting))
                continue;
            ++checked;
            QVERIFY2((setting->focusPolicy() & Qt::WheelFocus) != Qt::WheelFocus,
                     qPrintable(setting->objectName() + QLatin1Char(' ') + QString::fromLatin1(setting->metaObject()->className())));
        }
        QVERIFY(checked > 20);
    }

    void aTabSwitchTakesTheFocusOffEditableFields()
    {
        auto w = makeActiveWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        QAbstractSpinBox* spin = nullptr;
        for (QAbstractSpinBox* s : w->controls()->findChildren<QAbstractSpinBox*>())
            if (s->isVisible() && s->isEnabled()) {
                spin = s;
                break;
            }
        QVERIFY(spin);
        spin->setFocus();
        QVERIFY(spin->hasFocus());
        const QString text = spin->text();
        w->tabs()->setCurrentIndex(1); // Step
        QWidget* f = QApplication::focusWidget();
        QVERIFY(f);
        QVERIFY2(!qobject_cast<QLineEdit*>(f) && !qobject_cast<QAbstractSpinBox*>(f) && !WheelGuard::settingWidget(f),
                 f->metaObject()->className());
        QTest::keyClick(f, Qt::Key_Space);
        QCOMPARE(spin->text(), text);
    }

    void f1IsTheGlossaryAndTheSheetHasItsOwnKey()
    {
        auto w = makeActiveWindow();
        QStringList owners;
        for (QAction* a : w->findChildren<QAction*>())
            if (a->shortcuts().contains(QKeySequence(Qt::Key_F1)))
                owners << a->objectName();
        QCOMPARE(owners, QStringList {QStringLiteral("actionGlossaryHelp")});
        auto* sheet = w->findChild<QAction*>(QStringLiteral("actionShortcuts"));
        QVERIFY(sheet);
        QCOMPARE(sheet->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Slash));
        QVERIFY(MainWindow::shortcutsSheet().contains(QStringLiteral("Ctrl+/")));
        auto* exportChart = w->findChild<QAction*>(QStringLiteral("actionExportChart"));
        QVERIFY(exportChart);
        QCOMPARE(exportChart->shortcutContext(), Qt::ApplicationShortcut);
    }

    void f1OpensTheGlossaryAndCtrlSlashTheSheet()
    {
        // Driven as a user would: F1 pressed in a focused spin box of the Scenario panel shows the glossary (and opens no
        // shortcut sheet, and leaves the field's value alone); Ctrl+/ opens the shortcut sheet.
        auto w = makeActiveWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        auto* glossary = w->findChild<QDockWidget*>(QStringLiteral("glossaryDock"));
        QVERIFY(glossary);
        glossary->hide();
        QAbstractSpinBox* spin = nullptr;
        for (QAbstractSpinBox* s : w->controls()->findChildren<QAbstractSpinBox*>())
            if (s->isVisible() && s->isEnabled() && !spin)
                spin = s;
        QVERIFY(spin);
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        const QString text = spin->text();
        const auto sheetShown = [&w] {
            const QWidget* d = w->findChild<QWidget*>(QStringLiteral("shortcutsDialog"));
            return d && d->isVisible();
        };
        QTest::keyClick(spin, Qt::Key_F1);
        QTRY_VERIFY(glossary->isVisible());
        QVERIFY(!sheetShown());
        QCOMPARE(spin->text(), text);
        QApplication::setActiveWindow(w.get());
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        QTest::keyClick(spin, Qt::Key_Slash, Qt::ControlModifier);
        QTRY_VERIFY(sheetShown());
        QCOMPARE(spin->text(), text);
    }

    void theSuggestedNameGetsTheChosenFormatsExtension_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QString>("expected");
        QTest::newRow("suggested name, PNG") << "dir/memory-per-gpu" << "PNG image (*.png)" << "dir/memory-per-gpu.png";
        QTest::newRow("SVG") << "memory-vs-gpus" << "SVG image (*.svg)" << "memory-vs-gpus.svg";
        QTest::newRow("PDF") << "a" << "PDF document (*.pdf)" << "a.pdf";
        QTest::newRow("CSV") << "a" << "CSV (*.csv)" << "a.csv";
        QTest::newRow("a dot that is no extension") << "run.v2" << "PNG image (*.png)" << "run.v2.png";
        QTest::newRow("a known extension is kept") << "a.svg" << "PNG image (*.png)" << "a.svg";
        QTest::newRow("upper case kept") << "A.PNG" << "PNG image (*.png)" << "A.PNG";
        QTest::newRow("cancelled") << "" << "PNG image (*.png)" << "";
    }
    void theSuggestedNameGetsTheChosenFormatsExtension()
    {
        QFETCH(QString, typed);
        QFETCH(QString, filter);
        QFETCH(QString, expected);
        QCOMPARE(withFilterSuffix(typed, filter), expected);
    }

    void theRightClickExportWritesWhatItSuggests()
    {
        // The report: right-click "Export chart as PNG..." refused its own suggested name ("--out: ... must end in
        // .png"). The suggested name through the filter is written, for each format the menu offers.
        QTemporaryDir dir;
        MemoryPerGpuChart chart;
        chart.resize(900, 500);
        chart.setScenario(defaultScenario());
        for (const QString& filter : {QStringLiteral("PNG image (*.png)"), QStringLiteral("SVG image (*.svg)"),
                                      QStringLiteral("PDF document (*.pdf)"), QStringLiteral("CSV (*.csv)"),
                                      QStringLiteral("JSON (*.json)")}) {
            const QString path = withFilterSuffix(dir.filePath(QStringLiteral("memory-per-gpu")), filter);
            exportChartView(chart.chartView(), QStringLiteral("memory-per-gpu"), defaultScenario(), ByteUnit::GB, path);
            QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
            QFile::remove(path);
        }
    }

    void theExportDialogOffersTitleAndCaption()
    {
        // As export --title / --caption: what is typed reaches the options the export is made with.
        ChartExportDialog d;
        auto* title = d.findChild<QLineEdit*>(QStringLiteral("exportTitle"));
        auto* caption = d.findChild<QLineEdit*>(QStringLiteral("exportCaption"));
        QVERIFY(title && caption);
        QVERIFY(d.options().title.isEmpty() && d.options().caption.isEmpty()); // the chart's own and the scenario's
        title->setText(QStringLiteral("Figure 3"));
        caption->setText(QStringLiteral("-"));
        QCOMPARE(d.options().title, QStringLiteral("Figure 3"));
        QCOMPARE(d.options().caption, QStringLiteral("-"));
        // Data formats have neither.
        d.findChild<QComboBox*>(QStringLiteral("exportFormat"))->setCurrentIndex(3); // CSV
        QVERIFY(!title->isEnabled());
    }

    void oneRememberedExportFolder()
    {
        QTemporaryDir dir;
        setExportFolder(QString());
        QCOMPARE(exportFolder(QStringLiteral("fallback")), QStringLiteral("fallback"));
        setExportFolder(dir.path());
        QCOMPARE(exportFolder(QStringLiteral("fallback")), dir.path());
        setExportFolder(dir.filePath(QStringLiteral("gone"))); // a folder that no longer exists falls back
        QCOMPARE(exportFolder(QStringLiteral("fallback")), QStringLiteral("fallback"));
        setExportFolder(QString());
    }

    void oneStageNumberingEverywhere()
    {
        // The Memory tab's verdict says "pipeline stage 4 of 4"; the Step tab said "stage 3" for the same rank
        // (0-based). Llama-2-70B on 64 GPUs, TP 8 x PP 4: the worst rank is on the last stage (core: worstStage 3).
        Scenario s = defaultScenario();
        s.gpus = 64;
        s.tp = 8;
        s.pp = 4;
        s.zeroStage = 1;
        const StepResult r = computeStep(s);
        QCOMPARE(r.worstStage, std::int64_t(3));
        StepView v;
        v.setScenario(s);
        const QString label = v.pipelineView()->stageLabel(r.worstStage);
        QVERIFY2(label.contains(QStringLiteral("stage 4 ")), qPrintable(label));
        QVERIFY2(v.pipelineView()->stageLabel(0).startsWith(QStringLiteral("stage 1 ")), qPrintable(v.pipelineView()->stageLabel(0)));
        const Verdict verdict = verdictFor(computeAdvice(s), ByteUnit::GB);
        QVERIFY2(verdict.text.contains(QStringLiteral("pipeline stage 4 of 4")), qPrintable(verdict.text));
    }

    void aFitWithACaveatIsAWarningNotAGreenFit()
    {
        // fp8 linears on an A100 (no FP8 tensor cores; NVIDIA A100 datasheet: FP8 arrives with Hopper): the memory fits,
        // but the verdict is a warning (symbol and colour), not a green "Fits".
        Scenario s = defaultScenario();
        s.recipe = resolveRecipe("fp8-mixed");
        const Advice a = computeAdvice(s);
        QVERIFY(a.verdict.fp8WithoutTensorCores);
        const Verdict v = verdictFor(a, ByteUnit::GB);
        QCOMPARE(v.kind, Verdict::Kind::Fits);
        QVERIFY(v.warning);
        MemoryPage page;
        page.setAdvice(a);
        auto* label = page.findChild<QLabel*>(QStringLiteral("verdict"));
        QVERIFY(label);
        QVERIFY2(label->text().startsWith(QStringLiteral("\u26a0")), qPrintable(label->text()));
        // Without the caveat: the green tick.
        page.setAdvice(computeAdvice(defaultScenario()));
        QVERIFY(!verdictFor(computeAdvice(defaultScenario()), ByteUnit::GB).warning);
        QVERIFY2(label->text().startsWith(QStringLiteral("\u2714")), qPrintable(label->text()));
    }

    void runItForRealOffersOnlyRankCountsThatSplitTheBatch()
    {
        // The mini trainer's global batch is 48 (core/include/shardscope/trainer.h): the Ranks box steps through its
        // divisors up to 16 (1, 2, 3, 4, 6, 8, 12, 16) and refuses a typed 5.
        QCOMPARE(train::TrainConfig().globalBatch, 48);
        TrainDemoPanel panel;
        auto* ranks = panel.findChild<QSpinBox*>(QStringLiteral("trainRanks"));
        QVERIFY(ranks);
        ranks->setValue(1);
        QList<int> seen {ranks->value()};
        for (int i = 0; i < 10; ++i) {
            ranks->stepBy(1);
            if (ranks->value() != seen.last())
                seen << ranks->value();
        }
        QCOMPARE(seen, (QList<int> {1, 2, 3, 4, 6, 8, 12, 16}));
        ranks->stepBy(-2);
        QCOMPARE(ranks->value(), 8);
        QString typed = QStringLiteral("5");
        int pos = 1;
        QCOMPARE(static_cast<QAbstractSpinBox*>(ranks)->validate(typed, pos) == QValidator::Acceptable, false);
        typed = QStringLiteral("12");
        pos = 2;
        QCOMPARE(static_cast<QAbstractSpinBox*>(ranks)->validate(typed, pos), QValidator::Acceptable);
    }

    // Issue 29: a scenario that starts or stops fitting changes the verdict's length (one line or two at 1366) and
    // brings the fix buttons; neither may resize the charts below. A resize re-lays out every axis label (6-12 ms
    // of a move on the 2-core machine) and moves the charts under the user's eyes.
    void fitsAndDoesNotFitKeepTheCharts()
    {
        auto w = makeActiveWindow();
        Scenario fits = defaultScenario();
        Scenario tight = fits;
        tight.gpus = 8; // 70B on 8 A100s with ZeRO-3: does not fit (the fixes offer more GPUs, offload, ...)
        // The verdict's slot grows once to the longest verdict seen at this width (it shrinks only with a new width).
        for (const Scenario& s : {tight, fits}) {
            w->setScenario(s);
            QApplication::processEvents();
        }
        QChartView* view = w->memoryPage()->perGpuChart()->chartView();
        const QRect before = view->geometry();
        for (int i = 0; i < 4; ++i) {
            w->setScenario(i % 2 == 0 ? tight : fits);
            QApplication::processEvents();
            QCOMPARE(view->geometry(), before);
        }
        w->setScenario(tight);
        QApplication::processEvents();
        QVERIFY(w->findChild<QWidget*>(QStringLiteral("verdictFixes"))->isVisible());
        QVERIFY2(w->memoryPage()->findChild<QLabel*>(QStringLiteral("verdict"))->text().contains(QStringLiteral("\u2716")),
                 qPrintable(w->memoryPage()->findChild<QLabel*>(QStringLiteral("verdict"))->text()));
    }

    void windowMessagesQuoteNoFlags()
    {
        QCOMPARE(withoutFlags(QStringLiteral("--hf-config: config.json: line 3: expected a number")),
                 QStringLiteral("config.json: line 3: expected a number"));
        QCOMPARE(withoutFlags(QStringLiteral("Cannot run: --batch: must be at least 1")),
                 QStringLiteral("Cannot run: must be at least 1"));
        QCOMPARE(withoutFlags(QStringLiteral("--size and --dpi: too large")), QStringLiteral("too large"));
        QCOMPARE(withoutFlags(QStringLiteral("TP 3 does not divide --tp")), QStringLiteral("TP 3 does not divide --tp"));
        // A malformed Hugging Face config imported in the window: the message names the file, not the flag.
        auto w = std::make_unique<MainWindow>(defaultScenario(), MainWindow::Session::Off);
        QVERIFY(!w->importConfigFrom(ImportKind::HfConfig,
                                     QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/malformed/truncated.json")));
        QVERIFY2(!w->lastError().contains(QStringLiteral("--")), qPrintable(w->lastError()));
        QVERIFY2(w->lastError().contains(QStringLiteral("truncated.json")), qPrintable(w->lastError()));
    }
};

QTEST_MAIN(TestLaptop)
#include "tst_laptop.moc"
