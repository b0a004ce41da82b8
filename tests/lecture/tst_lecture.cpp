// SPDX-License-Identifier: MIT
// Lecture mode (issue 14): the tour format and its line-accurate errors, the shipped tours played to the
// end in the window, the numbers the tours state (from core; the seeds' claims against hand-derived
// values, MODEL.md section 8), presentation mode's type scale and keys, the translations, the glossary,
// and `shardscope tour` / `screenshot --lang --tour --step --present`.
#include "glossarypanel.h"
#include "language.h"
#include "lecturetesting.h"
#include "lecture.h"
#include "comparewidget.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "planpage.h"
#include "presentationmode.h"
#include "presenterbar.h"
#include "stepganttview.h"
#include "stepview.h"
#include "tour.h"
#include "tourcheck.h"
#include "tourfacts.h"
#include "tourpanel.h"
#include "tourplayer.h"
#include "highlightoverlay.h"
#include "deepspeedconfig.h"
#include "scenariofile.h"
#include "barsegment.h"
#include "breakdownmodel.h"
#include "explorer.h"
#include "fsdpconfig.h"
#include "hfconfig.h"
#include "megatronargs.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/planner.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QHeaderView>
#include <QScrollArea>
#include <QStyle>
#include <QTabBar>
#include <QTableView>
#include <QSignalSpy>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSplitter>
#include <QLegend>
#include <QLegendMarker>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <utility>
#include <QToolButton>

using namespace shardscope;
using namespace shardscope::lecturetest;

namespace {

QByteArray minimalTour(const QByteArray& stepBody)
{
    // Line numbers below count from this text: the step object starts on line 6.
    return "{\n"
           "  \"format\": \"shardscope-tour\", \"version\": 1, \"id\": \"t\",\n"
           "  \"title\": {\"en\": \"T\"},\n"
           "  \"steps\": [\n"
           "    {\"caption\": {\"en\": \"first\"}},\n"
           "    {\n"
           + stepBody
           + "\n    }\n"
             "  ]\n"
             "}\n";
}

double pixelSize(const QFont& f) { return QFontInfo(f).pixelSize(); }

/// The English words of `text` from `keywords` (whole words, any case): what a translation left in English.
QStringList englishLeft(const QString& text, const QStringList& keywords)
{
    QStringList left;
    for (const QString& k : keywords)
        if (QRegularExpression(QStringLiteral("(?<![\\w'-])%1(?![\\w'-])").arg(QRegularExpression::escape(k)),
                               QRegularExpression::CaseInsensitiveOption)
                .match(text)
                .hasMatch())
            left << k;
    return left;
}

/// Scenarios for core's verdict reasons, one per MinGpusCode that ends in "never fits", and a fix-rich one.
struct ReasonCase
{
    const char* name;
    Scenario s;
    MinGpusCode code;
};
std::vector<ReasonCase> reasonCases()
{
    std::vector<ReasonCase> v;
    Scenario s = defaultScenario(); // 68,976,648,192 params (Llama 2 70B), A100 80GB, N = 32
    s.zeroStage = 2; // MODEL.md section 8: 2 B x 68,976,648,192 = 138.0 GB of replicated params at any N
    v.push_back({"replicated params", s, MinGpusCode::NeverFitsTerm});
    s = defaultScenario();
    s.zeroStage = 3;
    s.offloadOptimizer = OffloadDevice::Cpu;
    s.offloadParams = OffloadDevice::Cpu;
    s.hostRamBytesPerNode = 1000; // offloaded states never fit 1 kB of host RAM, however many nodes share them
    v.push_back({"host RAM", s, MinGpusCode::NeverFitsHostRam});
    s.hostRamBytesPerNode = defaultScenario().hostRamBytesPerNode;
    s.offloadOptimizer = OffloadDevice::Nvme;
    s.offloadParams = OffloadDevice::Nvme;
    s.nvmeBytesPerNode = 1000;
    v.push_back({"NVMe", s, MinGpusCode::NeverFitsNvme});
    return v;
}

/// One data row a language ("lang"); under a SHARDSCOPE_TEST_SCALE below 1 (the sanitizers) only the language with
/// index (pass + index) % 3 == 0, so that functions with different passes use different languages.
void languageRows(int pass)
{
    QTest::addColumn<QString>("lang");
    for (int language = 0; language < tourLanguages().size(); ++language)
        if (inShare(language, pass, int(tourLanguages().size())))
            QTest::newRow(qPrintable(tourLanguages()[language])) << tourLanguages()[language];
}

} // namespace

class TestLecture : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(QFontMetrics(QFont()).inFont(QLatin1Char('A'))); // fonts present (TOOLCHAIN pitfall 10)
        language::install(QStringLiteral("en"));
    }

    void builtinTours()
    {
        const QStringList ids = builtinTourIds();
        for (const char* id : {"why-70b-needs-zero3", "zero1-from-scratch", "3d-parallelism", "ddp-to-zero3"})
            QVERIFY2(ids.contains(QLatin1String(id)), id);
    }

    void tourChecks_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : builtinTourIds())
            QTest::newRow(qPrintable(id)) << id;
    }
    // Every caption renders in every language, every claim is checked against core, and every number
    // written into a caption is a quantity core gives for the step or a claim's number.
    void tourChecks()
    {
        QFETCH(QString, id);
        const Tour t = loadTour(id);
        const QStringList problems = checkTour(t);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        for (const TourStep& s : t.steps)
            for (const QString& lang : tourLanguages())
                QVERIFY2(s.caption.byLanguage.contains(lang), qPrintable(QStringLiteral("%1 line %2 lacks %3").arg(id).arg(s.line).arg(lang)));
    }

    void toursPlayToTheEnd_data() { tourChecks_data(); }
    void toursPlayToTheEnd()
    {
        QFETCH(QString, id);
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w);
        QVERIFY(lecture->openTour(id));
        const Tour& t = lecture->player()->tour();
        for (int i = 0; i < t.steps.size(); ++i) {
            if (i > 0)
                lecture->player()->next();
            QCOMPARE(lecture->player()->index(), i);
            const Scenario& want = t.steps[i].scenario;
            QVERIFY2(lecture->player()->step() == &t.steps[i], "step");
            QCOMPARE(w.scenario().gpus, want.gpus);
            QCOMPARE(w.scenario().zeroStage, want.zeroStage);
            QCOMPARE(w.scenario().tp, want.tp);
            QCOMPARE(w.scenario().pp, want.pp);
            QCOMPARE(w.scenario().gradAccum, want.gradAccum);
            QCOMPARE(w.scenario().totalParams(), want.totalParams());
            validateScenario(w.scenario()); // throws (and fails the test) when invalid
            QVERIFY(computeFootprint(w.scenario()).worstBytes() > 0);
            const QString caption = lecture->tourPanel()->captionText();
            QVERIFY2(!caption.isEmpty() && !caption.contains(QLatin1Char('{')), qPrintable(caption));
            if (!t.steps[i].highlight.isEmpty())
                QVERIFY2(lecture->player()->highlightTarget(t.steps[i].highlight),
                         qPrintable(t.steps[i].highlight));
        }
        lecture->player()->next(); // past the end: stays on the last step
        QCOMPARE(lecture->player()->index(), int(t.steps.size()) - 1);
    }

    // Issue 14: a tour step frames one bar segment ("optimizer states of rank 0"), not the whole chart. The
    // frame must equal the rectangle Qt Charts itself draws for that segment: the bar items of the chart's
    // scene (QGraphicsRectItem, one per set and category) in the set's colour, the first from the left.
    void segmentHighlight()
    {
        MainWindow w(defaultScenario());
        Lecture* lecture = lectureOn(w);
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(lecture->openTour(QStringLiteral("zero1-from-scratch")));
        lecture->player()->goTo(1);
        const TourStep* step = lecture->player()->step();
        QVERIFY(step);
        QCOMPARE(step->highlightText(), QStringLiteral("memory-per-gpu:optimizer@0"));
        MemoryPerGpuChart* chart = w.memoryPage()->perGpuChart();
        chart->chartView()->viewport()->repaint(); // lays out the bars now
        QCoreApplication::processEvents();
        QBarSet* set = chart->barSet(Term::Optimizer);
        QVERIFY(set && set->count() >= 1 && set->at(0) > 0);
        QList<QGraphicsRectItem*> bars;
        for (QGraphicsItem* item : chart->chartView()->scene()->items())
            if (auto* r = qgraphicsitem_cast<QGraphicsRectItem*>(item);
                r && r->isVisible() && r->brush().color() == set->color() && r->rect().height() > 0)
                bars << r;
        QVERIFY2(!bars.isEmpty(), "no bar item in the optimizer set's colour");
        std::sort(bars.begin(), bars.end(), [](QGraphicsRectItem* a, QGraphicsRectItem* b) {
            return a->sceneBoundingRect().left() < b->sceneBoundingRect().left();
        });
        const QRectF inScene = bars.front()->mapToScene(bars.front()->rect()).boundingRect();
        const QRect inView = chart->chartView()->mapFromScene(inScene).boundingRect();
        const QRect want(chart->chartView()->mapTo(&w, inView.topLeft()), inView.size());
        const QRect got = lecture->player()->overlay()->framedRect();
        const QString why = QStringLiteral("frame %1,%2 %3x%4, segment %5,%6 %7x%8")
                                .arg(got.x()).arg(got.y()).arg(got.width()).arg(got.height())
                                .arg(want.x()).arg(want.y()).arg(want.width()).arg(want.height());
        QVERIFY2(!got.isEmpty(), qPrintable(why));
        QVERIFY2(std::abs(got.left() - want.left()) <= 1 && std::abs(got.right() - want.right()) <= 1
                     && std::abs(got.top() - want.top()) <= 1 && std::abs(got.bottom() - want.bottom()) <= 1,
                 qPrintable(why));
        // Not the whole chart: one segment of a bar, a small part of the chart's height.
        QVERIFY(got.height() * 3 < chart->chartView()->height());
        QVERIFY(got.width() < chart->chartView()->width());
        // A term with no bytes in this scenario (ZeRO-3 gathered params under ZeRO-1) frames nothing.
        QVERIFY(!barSegmentRect(chart, Term::Zero3GatheredParams, 0));
        QVERIFY(!barSegmentRect(chart, Term::Optimizer, 99));
        // The frame follows the bars: at N = 64 the optimizer segment is 8x thinner, and so is the frame.
        Scenario s = w.scenario();
        s.gpus = 64;
        w.setScenario(s);
        chart->chartView()->viewport()->repaint();
        QCoreApplication::processEvents();
        const QRect after = lecture->player()->overlay()->framedRect();
        QVERIFY2(after.height() < got.height(), qPrintable(QStringLiteral("%1 -> %2").arg(got.height()).arg(after.height())));
    }

    // Issue 14: the ZeRO-1 tour runs core's mini trainer for real and its caption states the measured bytes
    // beside the prediction. Measured (the trainer's ledger) equals predicted (predictBytes, the footprint
    // model) to the byte: 4P + 12P/N for bf16 with fp32 master and moments, P = the MLP's parameters.
    void trainerStep()
    {
        const Tour z = loadTour(QStringLiteral("zero1-from-scratch"));
        int k = -1;
        for (int i = 0; i < z.steps.size(); ++i)
            if (z.steps[i].train)
                k = i;
        QVERIFY(k >= 0);
        const train::TrainConfig& c = *z.steps[k].train;
        QCOMPARE(c.strategy, train::Strategy::Zero1);
        QCOMPARE(z.steps[k].tab, QStringLiteral("train"));
        TourFacts facts(z.steps[k].scenario);
        facts.setTrain(z.steps[k].train);
        const std::vector<train::RankResult> runs = train::trainInProcess(c);
        const train::MemoryLedger& l = runs.at(0).ledger;
        const double measured = double(l.peak(train::MemCategory::Params) + l.peak(train::MemCategory::Grads)
                                       + l.peak(train::MemCategory::Master) + l.peak(train::MemCategory::Moments));
        const train::PredictedBytes p = train::predictBytes(c);
        QCOMPARE(measured, double(p.params + p.grads + p.master + p.moments));
        QCOMPARE(facts.value(QStringLiteral("train_measured_mb")) * 1e6, measured);
        QCOMPARE(facts.value(QStringLiteral("train_predicted_mb")) * 1e6, measured);
        QCOMPARE(facts.value(QStringLiteral("train_measured_pct")), 100.0);
        // Hand-derived: padded to a multiple of N = 4, 2 + 2 bytes of bf16 params and grads per element and
        // (4 + 4 + 4) / N of fp32 master and moments: 4P + 12P/N = 7 bytes per padded element.
        const double padded = double(train::paddedLength(c));
        QCOMPARE(double(train::mlpParamCount(c.mlp)), 1443968.0); // 256x1024+1024 + 1024x1024+1024 + 1024x128+128
        QCOMPARE(measured, 7.0 * padded);
        const QString caption = facts.render(z.steps[k].caption.in(QStringLiteral("en")), QLocale::c());
        QVERIFY2(caption.contains(QLatin1String("100% of the prediction")), qPrintable(caption));
        // The window: the caption waits for the run on a worker thread, then shows the numbers.
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w);
        QVERIFY(lecture->openTour(QStringLiteral("zero1-from-scratch")));
        lecture->player()->goTo(k);
        QTRY_VERIFY_WITH_TIMEOUT(!lecture->tourPanel()->waitingForTrainer(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(lecture->tourPanel()->captionText().contains(QLatin1String("% of the prediction")), 60000);
        auto* demo = w.findChild<QWidget*>(QStringLiteral("trainDemoPanel"));
        QVERIFY(demo && demo->isVisible());
    }

    // The seeds' arithmetic against hand-derived values (MODEL.md section 8), through the tours' steps.
    void seedClaims()
    {
        const Tour t = loadTour(QStringLiteral("why-70b-needs-zero3"));
        // Step 1: 70e9 params x (2 + 2 + 4) B = 560e9 B (seed 000: 140 + 140 + 280).
        QCOMPARE(TourFacts(t.steps[0].scenario).value(QStringLiteral("model_states_gb")), 560.0);
        QCOMPARE(TourFacts(t.steps[0].scenario).value(QStringLiteral("optimizer_gb")), 280.0);
        // Step 2: fp32 master and moments, 70e9 x 16 B = 1.12e12 B.
        QCOMPARE(TourFacts(t.steps[1].scenario).value(QStringLiteral("model_states_gb")), 1120.0);
        // Step 5: ZeRO-2 keeps 70e9 x 2 B = 140 GB of params on every GPU: never fits an 80 GB card.
        QCOMPARE(TourFacts(t.steps[4].scenario).value(QStringLiteral("params_gb")), 140.0);
        QCOMPARE(TourFacts(t.steps[4].scenario).value(QStringLiteral("min_gpus_2")), 0.0);
        const Tour z = loadTour(QStringLiteral("zero1-from-scratch"));
        // Seed 004: 4P + 12P/N = 5.5P at N = 8 and 4.1875P at N = 64.
        QVERIFY(qAbs(TourFacts(z.steps[1].scenario).value(QStringLiteral("states_per_param")) - 5.5) < 1e-6);
        QVERIFY(qAbs(TourFacts(z.steps[2].scenario).value(QStringLiteral("states_per_param")) - 4.1875) < 1e-6);
        const Tour d = loadTour(QStringLiteral("ddp-to-zero3"));
        // Seed 003's "~64x at N = 8": model states shrink at most N = 8-fold.
        const double saving = TourFacts(d.steps[2].scenario).value(QStringLiteral("states_saving"));
        QVERIFY2(saving <= 8.0 + 1e-9 && saving > 7.9, qPrintable(QString::number(saving)));
        const Tour p = loadTour(QStringLiteral("3d-parallelism"));
        // Bubble (p-1)/(p-1+m) at p = 4: m = 4 -> 3/7, m = 16 -> 3/19, m = 64 -> 3/67.
        QVERIFY(qAbs(TourFacts(p.steps[3].scenario).value(QStringLiteral("bubble_pct")) - 300.0 / 7) < 1e-9);
        QVERIFY(qAbs(TourFacts(p.steps[4].scenario).value(QStringLiteral("bubble_pct")) - 300.0 / 19) < 1e-9);
        QVERIFY(qAbs(TourFacts(p.steps[5].scenario).value(QStringLiteral("bubble_pct")) - 300.0 / 67) < 1e-9);
        // 4096 x 4096 over 8 GPUs: 512 columns each.
        QCOMPARE(TourFacts(p.steps[2].scenario).value(QStringLiteral("hidden_per_tp")), 512.0);
    }

    void captionNumbersPerLocale()
    {
        QCOMPARE(TourFacts::format(4.1875, QLocale(QStringLiteral("en"))), QStringLiteral("4.19"));
        QCOMPARE(TourFacts::format(4.1875, QLocale(QStringLiteral("ru"))), QStringLiteral("4,19"));
        QCOMPARE(TourFacts::format(1120, QLocale(QStringLiteral("en"))), QStringLiteral("1120"));
        QCOMPARE(TourFacts::format(35000, QLocale(QStringLiteral("en"))), QStringLiteral("35,000"));
        QCOMPARE(TourFacts::format(5.5, QLocale(QStringLiteral("zh_CN"))), QStringLiteral("5.5"));
    }

    void malformedTour_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax") << minimalTour("      \"caption\": {\"en\": \"x\"},,") << QStringLiteral("line 7");
        QTest::newRow("unknown highlight") << minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"highlight\": \"bars\"")
                                           << QStringLiteral("line 8: unknown highlight 'bars'");
        QTest::newRow("bad scenario value") << minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"set\": {\"tp\": 2,\n \"gpus\": \"many\"}")
                                            << QStringLiteral("line 9: scenario.gpus");
        QTest::newRow("invalid scenario") << minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"set\": {\"tp\": 3}")
                                          << QStringLiteral("line 8: the scenario of this step is invalid");
        QTest::newRow("unknown scenario key") << minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"set\": {\n\"gpuz\": 8}")
                                              << QStringLiteral("line 9: scenario.gpuz: unknown key");
        QTest::newRow("unknown quantity") << minimalTour("      \"caption\": {\"en\": \"{memory}\"}")
                                          << QStringLiteral("line 7: unknown quantity {memory}");
        QTest::newRow("placeholder mismatch")
            << minimalTour("      \"caption\": {\"en\": \"{gpus} GPUs\",\n \"ru\": \"GPU\"}")
            << QStringLiteral("line 8: 'caption.ru' shows {} but the English text shows {gpus}");
        QTest::newRow("missing caption") << minimalTour("      \"tab\": \"step\"") << QStringLiteral("line 6: 'caption' is missing");
        QTest::newRow("unknown step key") << minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"zoom\": 2")
                                          << QStringLiteral("line 8: unknown key 'zoom' in step 2");
        QTest::newRow("bad tab") << minimalTour("      \"caption\": {\"en\": \"x\"},\n\n      \"tab\": \"peers\"")
                                 << QStringLiteral("line 9: 'tab' must be");
        QTest::newRow("wrong format") << QByteArray("{\"format\": \"shardscope-scenario\", \"version\": 1}")
                                      << QStringLiteral("line 1: 'format' must be \"shardscope-tour\"");
    }
    void malformedTour()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        try {
            parseTour(bytes, QStringLiteral("my.tour.json"));
            QFAIL("accepted");
        } catch (const InvalidInput& e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.startsWith(QLatin1String("my.tour.json: line ")), qPrintable(msg));
            QVERIFY2(msg.contains(expected), qPrintable(msg + QStringLiteral("\n  expected: ") + expected));
        }
    }

    // A number typed into a caption that core does not give for the step is refused, and so is a claim
    // marked the wrong way.
    void typedNumbersAreCaught()
    {
        const Tour t = parseTour(minimalTour("      \"set\": {\"gpus\": 16},\n"
                                             "      \"caption\": {\"en\": \"N = {gpus}: 999 GB, and 16 GPUs\"},\n"
                                             "      \"claims\": [{\"source\": \"x\", \"quantity\": \"gpus\", \"says\": 16, \"holds\": false}]"),
                                 QStringLiteral("t.json"));
        const QStringList problems = checkTour(t);
        QCOMPARE(problems.size(), 2);
        QVERIFY2(problems[0].contains(QLatin1String("the claim is marked false, but core agrees")), qPrintable(problems[0]));
        QVERIFY2(problems[1].contains(QLatin1String("states 999")), qPrintable(problems[1]));
        QCOMPARE(captionLiterals(QStringLiteral("ZeRO-3 on A100-80GB, fp32, 1F1B: 16P and 4.19 at {gpus}")),
                 QStringList({QStringLiteral("16"), QStringLiteral("4.19")}));
    }

    // A tour file of one's own opens in the window; a malformed one is refused with its line.
    void userTourFile()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("mine.tour.json"));
        const QString bad = dir.filePath(QStringLiteral("bad.tour.json"));
        for (const auto& [path, body] : {std::pair {good, QByteArray("      \"set\": {\"gpus\": 16},\n      \"caption\": {\"en\": \"N = {gpus}\"}")},
                                         std::pair {bad, QByteArray("      \"caption\": {\"en\": \"x\"},\n      \"set\": {\"stage\": 7}")}}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(minimalTour(body));
        }
        MainWindow w(defaultScenario());
        Lecture* lecture = lectureOn(w);
        QVERIFY(lecture->openTour(good));
        lecture->player()->next();
        QCOMPARE(w.scenario().gpus, 16);
        QCOMPARE(lecture->tourPanel()->captionText(), QStringLiteral("N = 16"));
        QVERIFY(!lecture->openTour(bad));
        QVERIFY2(lecture->lastError().contains(QLatin1String("bad.tour.json: line 8: scenario.stage")), qPrintable(lecture->lastError()));
        QVERIFY(w.messages()->toPlainText().contains(QLatin1String("line 8")));
        QCOMPARE(lecture->player()->tour().origin, good); // the open tour stays
    }

    void presentationScalesFonts()
    {
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w, QSize(1600, 1000), TourSteps::Animated);
        QApplication::processEvents();
        auto* verdict = w.findChild<QLabel*>(QStringLiteral("verdict"));
        QVERIFY(verdict);
        QChart* chart = w.memoryPage()->perGpuChart()->chart();
        QVERIFY(!chart->axes().isEmpty());
        QAbstractAxis* axis = chart->axes().first();
        const double verdictBefore = pixelSize(verdict->font());
        const double axisBefore = pixelSize(axis->labelsFont());
        const double stepBefore = pixelSize(w.stepView()->font());
        const double captionBefore = pixelSize(lecture->tourPanel()->captionLabel()->font());
        const int verdictHeightBefore = verdict->height();

        QCOMPARE(PresentationMode::factorFor(1080), 2.0);
        QCOMPARE(PresentationMode::factorFor(2160), 4.0);
        lecture->presentation()->enter(QSize(1920, 1080));
        QVERIFY(lecture->presentation()->isActive());
        QCOMPARE(w.size(), QSize(1920, 1080));
        QVERIFY2(pixelSize(verdict->font()) >= 2 * verdictBefore - 1, qPrintable(QString::number(pixelSize(verdict->font()))));
        QVERIFY(pixelSize(axis->labelsFont()) >= 2 * axisBefore - 1);
        QVERIFY(pixelSize(w.stepView()->font()) >= 2 * stepBefore - 1);
        QVERIFY(pixelSize(lecture->tourPanel()->captionLabel()->font()) >= 2 * captionBefore - 1);
        QVERIFY(verdict->height() > verdictHeightBefore); // the fixed-height verdict grows with its type
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
        QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("scenarioDock"))->isHidden());
        QVERIFY(lecture->presenterBar()->isVisible());

        QTest::keyClick(verdict, Qt::Key_Escape);
        QVERIFY(!lecture->presentation()->isActive());
        QCOMPARE(pixelSize(verdict->font()), verdictBefore);
        QCOMPARE(pixelSize(axis->labelsFont()), axisBefore);
        QCOMPARE(pixelSize(w.stepView()->font()), stepBefore);
        QVERIFY(!w.findChild<QDockWidget*>(QStringLiteral("scenarioDock"))->isHidden());
    }

    // Presentation mode with no tour open, on the Memory and the Step tab (TP 8 x PP 4): the tour dock holds the presenter
    // bar and a one-line hint, no more (it took about 500 of the 1,080 lines, crushing the charts); the bar's controls
    // wrap to a second line rather than run off the screen; the step buttons of a tour are hidden.
    void presentationWithoutATour_data()
    {
        QTest::addColumn<QString>("tab");
        QTest::newRow("memory") << QStringLiteral("memory");
        QTest::newRow("step") << QStringLiteral("step");
    }
    void presentationWithoutATour()
    {
        QFETCH(QString, tab);
        Scenario s = defaultScenario();
        s.gpus = 64;
        s.tp = 8;
        s.pp = 4;
        MainWindow w(s);
        Lecture* lecture = showWithLecture(w, QSize(1600, 1000), TourSteps::Animated);
        w.showTab(tab);
        QApplication::processEvents();
        lecture->presentation()->enter(QSize(1920, 1080));
        for (int i = 0; i < 6; ++i)
            QApplication::processEvents();
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("tourDock"));
        QVERIFY(dock && dock->isVisible());
        QVERIFY2(dock->height() <= 1080 / 4, qPrintable(QString::number(dock->height())));
        PresenterBar* bar = lecture->presenterBar();
        for (QWidget* c : bar->findChildren<QWidget*>(QRegularExpression(QStringLiteral("^presenter_")))) {
            if (c->isHidden())
                continue;
            const QRect r(c->mapTo(bar, QPoint(0, 0)), c->size());
            QVERIFY2(bar->rect().contains(r), qPrintable(c->objectName()));
        }
        QVERIFY(bar->lineOf(QStringLiteral("schedule")) == 1); // eight controls at 2x need more than 1,920 px
        QVERIFY(bar->lineOf(QStringLiteral("stage")) == 0);
        QVERIFY(w.findChild<QPushButton*>(QStringLiteral("tourNext"))->isHidden());
        lecture->presentation()->leave();
    }

    // Right / Left / Page Down / Page Up step the tour, 0-3 pick the ZeRO stage, wherever the focus is.
    void presentationKeys()
    {
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w);
        QVERIFY(lecture->openTour(QStringLiteral("why-70b-needs-zero3")));
        lecture->presentation()->enter(QSize(1920, 1080));
        auto* spin = lecture->presenterBar()->control(QStringLiteral("gpus"))->findChild<QSpinBox*>();
        QVERIFY(spin);
        for (QWidget* target : {static_cast<QWidget*>(spin), static_cast<QWidget*>(w.stepView())}) {
            QCOMPARE(lecture->player()->index(), 0);
            QTest::keyClick(target, Qt::Key_Right);
            QCOMPARE(lecture->player()->index(), 1);
            QTest::keyClick(target, Qt::Key_PageDown);
            QCOMPARE(lecture->player()->index(), 2);
            QTest::keyClick(target, Qt::Key_PageUp);
            QTest::keyClick(target, Qt::Key_Left);
            QCOMPARE(lecture->player()->index(), 0);
        }
        QCOMPARE(lecture->presenterBar()->visibleControls(), QStringList({QStringLiteral("gpus"), QStringLiteral("stage")}));
        QTest::keyClick(w.stepView(), Qt::Key_3);
        QCOMPARE(w.scenario().zeroStage, 3);
        // Issue 27: Space moves the tour "on every step, whatever tab or view has focus", the Step tab opened by hand
        // during a step of another tab included (it was the step view's play/pause there).
        w.showTab(QStringLiteral("step"));
        QTest::keyClick(spin, Qt::Key_Space);
        QCOMPARE(lecture->player()->index(), 1);
        QTest::keyClick(spin, Qt::Key_Left);
        QCOMPARE(lecture->player()->index(), 0);
        QTest::keyClick(spin, Qt::Key_1);
        QCOMPARE(w.scenario().zeroStage, 1);
        QTest::keyClick(spin, Qt::Key_Escape);
        QVERIFY(!lecture->presentation()->isActive());
        // Outside presentation mode the keys are the widgets' own again.
        QTest::keyClick(w.stepView(), Qt::Key_Right);
        QCOMPARE(lecture->player()->index(), 0);
    }

    // Issue 14's remainder: at 1920 x 1080 in presentation mode every step of every built-in tour shows its whole
    // caption without scrolling, in each language. Before the fix the caption area was three lines of the Latin
    // font high: the longest zh_CN caption (CJK glyphs come from a taller fallback font) lost part of its third line.
    // Under a SHARDSCOPE_TEST_SCALE below 1 (the sanitizers) the three languages share the tours (tour t in the language
    // whose index added to t divides by 3): every step of every tour is still checked once.
    void captionsWholeInPresentation_data()
    {
        QTest::addColumn<QString>("lang");
        for (const QString& lang : tourLanguages())
            QTest::newRow(qPrintable(lang)) << lang;
    }
    void captionsWholeInPresentation()
    {
        QFETCH(QString, lang);
        QVERIFY(language::install(lang));
        {
            MainWindow w(defaultScenario());
            Lecture* lecture = showWithLecture(w);
            lecture->presentation()->enter(QSize(1920, 1080));
            auto* scroll = lecture->tourPanel()->findChild<QScrollArea*>(QStringLiteral("tourCaptionScroll"));
            QVERIFY(scroll);
            auto* dock = w.findChild<QDockWidget*>(QStringLiteral("tourDock"));
            QVERIFY(dock);
            QLabel* caption = lecture->tourPanel()->captionLabel();
            const int language = int(tourLanguages().indexOf(lang));
            const QStringList ids = builtinTourIds();
            for (int tour = 0; tour < ids.size(); ++tour) {
                if (!inShare(tour, language, 3))
                    continue;
                const QString& id = ids[tour];
                QVERIFY(lecture->openTour(id));
                for (int k = 0; k < lecture->player()->count(); ++k) {
                    lecture->player()->goTo(k);
                    QApplication::processEvents();
                    QTRY_VERIFY(!caption->text().endsWith(QChar(0x2026))); // not the mini trainer's "Running ..." line
                    QApplication::processEvents();
                    const auto need = [&] { return caption->heightForWidth(scroll->viewport()->width()); };
                    QTRY_VERIFY2_WITH_TIMEOUT(need() <= scroll->viewport()->height() + 1,
                             qPrintable(QStringLiteral("%1 step %2: caption needs %3 px, shows %4: %5")
                                            .arg(id).arg(k + 1).arg(need()).arg(scroll->viewport()->height()).arg(caption->text())),
                                              2000);
                    // ... and no more: a one-line caption left an empty band of two lines under it, in the caption
                    // area and in the dock (sized once, on entering presentation mode).
                    QTRY_VERIFY2_WITH_TIMEOUT(scroll->viewport()->height() <= need() + 6,
                             qPrintable(QStringLiteral("%1 step %2: caption needs %3 px, its area is %4: %5")
                                            .arg(id).arg(k + 1).arg(need()).arg(scroll->viewport()->height()).arg(caption->text())),
                                              2000);
                    QTRY_VERIFY2_WITH_TIMEOUT(dock->height() <= dock->minimumSizeHint().height() + 6,
                             qPrintable(QStringLiteral("%1 step %2: tour dock %3 px for a content of %4")
                                            .arg(id).arg(k + 1).arg(dock->height()).arg(dock->minimumSizeHint().height())),
                                              2000);
                }
            }
            lecture->presentation()->leave();
        }
        QVERIFY(language::install(QStringLiteral("en")));
    }

    // The breakdown table's columns hold their titles and the widest cell in presentation mode (issue 14's
    // remainder): the widths were measured once in the 1x font, so at 2x the term names and titles were cut.
    // Under a SHARDSCOPE_TEST_SCALE below 1 (the sanitizers) in English only (planTabWholeInPresentation in Chinese,
    // compareChartAndTableFit in each language once).
    void breakdownColumnsFitInPresentation_data() { languageRows(0); }
    void breakdownColumnsFitInPresentation()
    {
        QFETCH(QString, lang);
        QVERIFY(language::install(lang));
        {
            MainWindow w(defaultScenario());
            Lecture* lecture = showWithLecture(w, QSize(1366, 768), TourSteps::Animated);
            w.showTab(QStringLiteral("memory"));
            QApplication::processEvents();
            QTableView* table = w.memoryPage()->breakdownView();
            // On a laptop the term column gives way (names elided) so that the share and the formula's start stay
            // in view: a Russian term column sized for its longest name pushed both behind the scroll bar.
            QTRY_VERIFY2(table->columnWidth(0) + table->columnWidth(1) + table->columnWidth(2) < table->viewport()->width(),
                         qPrintable(QStringLiteral("%1 + %2 + %3 in %4").arg(table->columnWidth(0)).arg(table->columnWidth(1))
                                        .arg(table->columnWidth(2)).arg(table->viewport()->width())));
            lecture->presentation()->enter(QSize(1920, 1080));
            QApplication::processEvents();
            QVERIFY(pixelSize(table->font()) >= 2 * pixelSize(QApplication::font()) - 1);
            const QFontMetrics cell(table->font());
            const QFontMetrics head(table->horizontalHeader()->font());
            const int icon = table->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, table);
            QAbstractItemModel* m = table->model();
            for (int c = 0; c < 3; ++c) {
                const QString title = m->headerData(c, Qt::Horizontal).toString();
                QVERIFY2(head.horizontalAdvance(title) + 8 <= table->columnWidth(c),
                         qPrintable(QStringLiteral("title '%1': %2 px in a %3 px column").arg(title).arg(head.horizontalAdvance(title)).arg(table->columnWidth(c))));
                for (int r = 0; r < m->rowCount(); ++r) {
                    const QString text = m->index(r, c).data().toString();
                    const int need = cell.horizontalAdvance(text) + (c == 0 ? icon + 4 : 0) + 8;
                    QVERIFY2(need <= table->columnWidth(c),
                             qPrintable(QStringLiteral("'%1': %2 px in a %3 px column").arg(text).arg(need).arg(table->columnWidth(c))));
                }
            }
            // The three fixed columns leave the formula column room on the screen.
            QVERIFY(table->columnWidth(0) + table->columnWidth(1) + table->columnWidth(2) < table->viewport()->width());
            lecture->presentation()->leave();
        }
        QVERIFY(language::install(QStringLiteral("en")));
    }

    // Seen in presentation mode: the Plan tab's ranked table kept the widths of the desk's font, so every step time read
    // "8...." and the titles "tep (s" and "eak (G"; the N x ZeRO map read "✖ 293 ...". Both follow the font.
    // Under a SHARDSCOPE_TEST_SCALE below 1 in Chinese only (breakdownColumnsFitInPresentation in English).
    void planTabWholeInPresentation_data() { languageRows(1); }
    void planTabWholeInPresentation()
    {
        QFETCH(QString, lang);
        QVERIFY(language::install(lang));
        {
            Scenario s = defaultScenario();
            s.gpus = 32; // seven GPU counts in the N map, the smallest two do not fit at ZeRO-0 ("✖ 293 GB")
            MainWindow w(s);
            Lecture* lecture = showWithLecture(w, QSize(1366, 768), TourSteps::Animated);
            QVERIFY(w.showTab(QStringLiteral("plan")));
            PlanPage* page = w.planPage();
            QTRY_VERIFY_WITH_TIMEOUT(page->isCurrent() && page->stageView()->model()->rowCount() > 0
                                         && page->table()->model()->rowCount() > 0, 60000);
            lecture->presentation()->enter(QSize(1920, 1080));
            QApplication::processEvents();
            QTableView* table = page->table();
            QVERIFY(pixelSize(table->font()) >= 2 * pixelSize(QApplication::font()) - 1);
            const QFontMetrics cell(table->font());
            const QFontMetrics head(table->horizontalHeader()->font());
            QAbstractItemModel* m = table->model();
            for (int c = 0; c < m->columnCount(); ++c) {
                const QString title = m->headerData(c, Qt::Horizontal).toString();
                QVERIFY2(head.horizontalAdvance(title) + 8 <= table->columnWidth(c),
                         qPrintable(QStringLiteral("title '%1': %2 px in a %3 px column").arg(title).arg(head.horizontalAdvance(title)).arg(table->columnWidth(c))));
                for (int r = 0; r < m->rowCount(); ++r) {
                    const QString text = m->index(r, c).data().toString();
                    QVERIFY2(cell.horizontalAdvance(text) + 8 <= table->columnWidth(c),
                             qPrintable(QStringLiteral("'%1': %2 px in a %3 px column").arg(text).arg(cell.horizontalAdvance(text)).arg(table->columnWidth(c))));
                }
            }
            for (QTableView* map : {page->tpPpView(), page->stageView()}) {
                const QFontMetrics fm(map->font());
                QAbstractItemModel* mm = map->model();
                for (int c = 0; c < mm->columnCount(); ++c)
                    for (int r = 0; r < mm->rowCount(); ++r) {
                        const QString text = mm->index(r, c).data().toString();
                        QVERIFY2(fm.horizontalAdvance(text) + 8 <= map->columnWidth(c),
                                 qPrintable(QStringLiteral("%1: '%2': %3 px in a %4 px column").arg(map->objectName(), text).arg(fm.horizontalAdvance(text)).arg(map->columnWidth(c))));
                    }
            }
            lecture->presentation()->leave();
        }
        QVERIFY(language::install(QStringLiteral("en")));
    }

    // Importer notes and tour-file errors are translated in the window; with no translator installed (the
    // command line) they stay the English texts the CLI tests compare.
    void importNotesAndTourErrorsTranslated()
    {
        const QByteArray ds = "{\"train_micro_batch_size_per_gpu\": 2}";
        const QByteArray badTour = minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"highlight\": \"bars\"");
        const auto notesIn = [&](const QString& lang) {
            language::install(lang);
            ImportReport report;
            (void)scenarioFromDeepSpeedConfig(ds, QStringLiteral("ds.json"), defaultScenario(), &report);
            QString error;
            try {
                (void)parseTour(badTour, QStringLiteral("bad.tour.json"));
            } catch (const InvalidInput& e) {
                error = QString::fromUtf8(e.what());
            }
            return std::make_pair(report.all().join(QLatin1Char('\n')), error);
        };
        const auto en = notesIn(QStringLiteral("en"));
        QVERIFY2(en.first.contains(QLatin1String("no zero_optimization block: ZeRO stage 0 (DeepSpeed's default)")), qPrintable(en.first));
        QVERIFY2(en.second.contains(QLatin1String("bad.tour.json: line 8: unknown highlight 'bars'")), qPrintable(en.second));
        const auto ru = notesIn(QStringLiteral("ru"));
        QVERIFY2(ru.first.contains(QStringLiteral("нет блока zero_optimization: стадия ZeRO 0")), qPrintable(ru.first));
        QVERIFY2(ru.second.contains(QStringLiteral("bad.tour.json: строка 8: неизвестное выделение 'bars'")), qPrintable(ru.second));
        const auto zh = notesIn(QStringLiteral("zh_CN"));
        QVERIFY2(zh.first.contains(QStringLiteral("没有 zero_optimization 块")), qPrintable(zh.first));
        QVERIFY2(zh.second.contains(QStringLiteral("bad.tour.json：第 8 行：未知高亮 'bars'")), qPrintable(zh.second));
        QVERIFY(language::install(QStringLiteral("en")));
    }

    // core's structured reasons (MinGpus::code and its numbers) say in English exactly what core's words say:
    // the window words the same numbers (no English sentence is parsed), and the command line keeps its text.
    void structuredReasonsMatchCoresWords()
    {
        QVERIFY(language::install(QStringLiteral("en")));
        for (const ReasonCase& c : reasonCases()) {
            const MinGpus m = minGpusForStage(c.s, c.s.zeroStage);
            QVERIFY2(m.code == c.code, c.name);
            if (c.code == MinGpusCode::NeverFitsTerm) {
                QCOMPARE(minGpusReasonText(m, ByteUnit::GB), QString::fromStdString(m.reason));
                continue;
            }
            // Offload: the numbers are those of the largest cluster searched (a few MB; core prints "0.0 GB", the
            // window two decimals below 10), so the fields are compared with core's footprint there.
            const Footprint floor = computeFootprint(withStageAndGpus(c.s, c.s.zeroStage, kMaxGpus));
            const bool host = c.code == MinGpusCode::NeverFitsHostRam;
            QCOMPARE(m.needBytes, host ? floor.hostBytesPerNode : floor.nvmeBytesPerNode);
            QCOMPARE(m.haveBytes, host ? c.s.hostRamBytesPerNode : c.s.nvmeBytesPerNode);
            QVERIFY(m.needBytes > m.haveBytes);
            QVERIFY2(QString::fromStdString(m.reason).contains(host ? QLatin1String("of host RAM per node") : QLatin1String("of NVMe per node")),
                     m.reason.c_str());
        }
        const MinGpus fits = minGpusForStage(defaultScenario(), 3);
        QVERIFY(fits.code == MinGpusCode::FitsFrom);
        QCOMPARE(minGpusReasonText(fits, ByteUnit::GB), QString::fromStdString(fits.reason));
        // ZeRO-2's replicated params: 16-bit, 2 B x 68,976,648,192 = 137,953,296,384 B (MODEL.md section 8).
        const MinGpus z2 = minGpusForStage(reasonCases()[0].s, 2);
        QVERIFY(z2.limitingTerm == Term::Params);
        QCOMPARE(z2.limitingBits, 16);
        QCOMPARE(z2.limitingBytes, std::int64_t(2) * 68976648192);
    }

    // Issue 14's remainders: in Russian and Chinese the verdict's reasons, every fix, the breakdown's formulas and
    // the importers' errors are translated (none of the English keywords is left), and in English they are not.
    void coreTextsTranslated_data() { captionsWholeInPresentation_data(); }
    void coreTextsTranslated()
    {
        QFETCH(QString, lang);
        if (lang == QLatin1String("en"))
            QSKIP("English is the source text");
        const QStringList verdictWords = {
            QStringLiteral("never"),    QStringLiteral("fits"),     QStringLiteral("replicated"), QStringLiteral("params"),
            QStringLiteral("alone"),    QStringLiteral("even"),     QStringLiteral("grows"),      QStringLiteral("worst"),
            QStringLiteral("needs"),    QStringLiteral("offloaded"), QStringLiteral("states"),    QStringLiteral("host"),
            QStringLiteral("node"),     QStringLiteral("over"),     QStringLiteral("smallest"),   QStringLiteral("change"),
            QStringLiteral("device used"), QStringLiteral("headroom"), QStringLiteral("pipeline"), QStringLiteral("stage"),
            QStringLiteral("the"),      QStringLiteral("of"),       QStringLiteral("with"),       QStringLiteral("per"),
            QStringLiteral("does not fit"), QStringLiteral("or"),   QStringLiteral("usable")};
        const QStringList fixWords = {QStringLiteral("shard"),  QStringLiteral("the"),    QStringLiteral("of"),
                                      QStringLiteral("recompute"), QStringLiteral("layer"), QStringLiteral("split"),
                                      QStringLiteral("smallest"), QStringLiteral("nodes"), QStringLiteral("same"),
                                      QStringLiteral("one"),    QStringLiteral("sequence"), QStringLiteral("never"),
                                      QStringLiteral("store"),  QStringLiteral("checkpointing"), QStringLiteral("micro-batch"),
                                      QStringLiteral("offload"), QStringLiteral("host")};
        const QStringList formulaWords = {
            QStringLiteral("params"),  QStringLiteral("param"),    QStringLiteral("layers"),   QStringLiteral("layer"),
            QStringLiteral("per"),     QStringLiteral("stage"),    QStringLiteral("over"),     QStringLiteral("replicated"),
            QStringLiteral("peak"),    QStringLiteral("alive"),    QStringLiteral("backward-end"), QStringLiteral("forward-end"),
            QStringLiteral("micro-batch"), QStringLiteral("micro-batches"), QStringLiteral("layer-micro-batches"),
            QStringLiteral("bucket"), QStringLiteral("elements"),  QStringLiteral("input"),    QStringLiteral("offloaded"),
            QStringLiteral("kept"),    QStringLiteral("recompute"), QStringLiteral("working"), QStringLiteral("gradient"),
            QStringLiteral("grads"),   QStringLiteral("full"),     QStringLiteral("selective"), QStringLiteral("interleaved"),
            QStringLiteral("allocated"), QStringLiteral("at"),     QStringLiteral("in"),       QStringLiteral("of"),
            QStringLiteral("the")};
        const QStringList errorWords = {QStringLiteral("expected"), QStringLiteral("got"),    QStringLiteral("must"),
                                        QStringLiteral("file"),     QStringLiteral("empty"),  QStringLiteral("unknown"),
                                        QStringLiteral("both"),     QStringLiteral("alternatives"), QStringLiteral("number"),
                                        QStringLiteral("whole"),    QStringLiteral("supported"), QStringLiteral("needs"),
                                        QStringLiteral("the"),      QStringLiteral("is"),     QStringLiteral("not"),
                                        QStringLiteral("line"),     QStringLiteral("column"), QStringLiteral("or"),
                                        QStringLiteral("of"),       QStringLiteral("top level")};

        // Each text twice: in English (no translator: what the command line prints) and in `lang`.
        const auto texts = [&](const QString& language) -> QList<QStringList> {
            if (!language::install(language))
                return {};
            QStringList verdicts, fixes, formulas, errors;
            for (const ReasonCase& c : reasonCases())
                verdicts << verdictFor(computeExplorer(c.s), ByteUnit::GB).text;
            const Scenario s = defaultScenario();
            verdicts << verdictFor(computeExplorer(s), ByteUnit::GB).text; // fits
            // Does not fit, with fixes of every kind, over three scenarios: ZeRO-0 of 70B on 32 A100s (ZeRO-3, TP, PP,
            // a bigger GPU), ZeRO-3 of 70B on 8 (more GPUs, offload), and Llama 2 7B with micro-batch 2 on 16 A100
            // 40GB without checkpointing or FlashAttention (checkpointing, FlashAttention, micro-batch 1).
            std::vector<Scenario> tight(3, defaultScenario());
            tight[0].zeroStage = 0;
            tight[1].gpus = 8;
            tight[2].arch = *findModelPreset("llama-2-7b");
            tight[2].gpu = "a100-40gb";
            tight[2].gpus = 16;
            tight[2].zeroStage = 3;
            tight[2].microBatch = 2;
            tight[2].checkpointing = Checkpointing::None;
            tight[2].flashAttention = false;
            for (const Scenario& t : tight) {
                const ExplorerResult r = computeExplorer(t);
                verdicts << verdictFor(r, ByteUnit::GB).text;
                for (const Fix& f : fixOptionsFor(r))
                    fixes << f.label + QStringLiteral(": ") + f.tip;
            }
            // Formulas of every term over stages, checkpointing, pipeline schedules, offload and frameworks.
            for (int stage = 0; stage <= 3; ++stage)
                for (const Checkpointing ck : {Checkpointing::None, Checkpointing::Selective, Checkpointing::Full}) {
                    Scenario x = defaultScenario();
                    x.zeroStage = stage;
                    x.checkpointing = ck;
                    x.gpus = 64;
                    x.pp = stage == 2 ? 4 : 1;
                    x.tp = stage == 1 ? 2 : 1;
                    x.offloadOptimizer = stage == 3 ? OffloadDevice::Cpu : OffloadDevice::None;
                    const Footprint f = computeFootprint(x);
                    for (const TermValue& t : f.worstRank().terms)
                        formulas << translatedFormula(QString::fromStdString(t.formula));
                }
            const auto error = [&](const std::function<void()>& f) {
                try {
                    f();
                } catch (const InvalidInput& e) {
                    errors << QString::fromUtf8(e.what());
                    return;
                }
                errors << QStringLiteral("(no error)");
            };
            const Scenario base = defaultScenario();
            error([&] { scenarioFromDeepSpeedConfig("{\"zero_optimization\": {\"stage\": \"auto\"}}", QStringLiteral("ds.json"), base, nullptr); });
            error([&] { scenarioFromDeepSpeedConfig("{\"fp16\": {\"enabled\": true}, \"bf16\": {\"enabled\": true}}", QStringLiteral("ds.json"), base, nullptr); });
            error([&] { scenarioFromDeepSpeedConfig("{\"train_micro_batch_size_per_gpu\": 2.5}", QStringLiteral("ds.json"), base, nullptr); });
            error([&] { scenarioFromDeepSpeedConfig("{\"zero_optimization\": [1]}", QStringLiteral("ds.json"), base, nullptr); });
            error([&] { architectureFromHfConfig("{\"model_type\": \"nonesuch\"}", QStringLiteral("config.json")); });
            error([&] { architectureFromHfConfig("[1]", QStringLiteral("config.json")); });
            error([&] { scenarioFromFsdpConfig("", QStringLiteral("acc.yaml"), base, nullptr); });
            error([&] { scenarioFromFsdpConfig("distributed_type: TPU\n", QStringLiteral("acc.yaml"), base, nullptr); });
            error([&] { scenarioFromFsdpConfig("distributed_type: FSDP\nmixed_precision: fp4\n", QStringLiteral("acc.yaml"), base, nullptr); });
            error([&] { scenarioFromMegatronArgs(QStringLiteral("--bf16 --fp16"), base, nullptr); });
            error([&] { scenarioFromMegatronArgs(QStringLiteral("--num-layers x"), base, nullptr); });
            error([&] { scenarioFromFileBytes("", QStringLiteral("s.json"), nullptr); });
            error([&] { scenarioFromFileBytes("{\"format\": \"shardscope-scenario\", \"version\": 0}", QStringLiteral("s.json"), nullptr); });
            error([&] { scenarioFromFileBytes("{\"zero_optimization\": {}}", QStringLiteral("s.json"), nullptr); });
            error([&] { scenarioFromFileBytes("{\"format\": \"shardscope-scenario\", \"version\": 1, \"scenario\": {\"gpus\": \"x\"}}", QStringLiteral("s.json"), nullptr); });
            return QList<QStringList> {verdicts, fixes, formulas, errors};
        };
        const QList<QStringList> en = texts(QStringLiteral("en"));
        const QList<QStringList> tr = texts(lang);
        QCOMPARE(en.size(), 4);
        QCOMPARE(tr.size(), 4);
        QVERIFY(language::install(QStringLiteral("en")));
        const QList<QStringList> keywords = {verdictWords, fixWords, formulaWords, errorWords};
        const char* kinds[] = {"verdict", "fix", "formula", "importer error"};
        QVERIFY2(en[1].size() >= 8, qPrintable(en[1].join(QLatin1Char('|')))); // ZeRO-3, more GPUs, checkpointing, ...
        QVERIFY(en[3].size() == 15 && !en[3].contains(QStringLiteral("(no error)")));
        QVERIFY(std::count_if(en[2].begin(), en[2].end(), [&](const QString& f) { return !englishLeft(f, formulaWords).isEmpty(); }) >= 60);
        for (int k = 0; k < 4; ++k) {
            QCOMPARE(tr[k].size(), en[k].size());
            for (qsizetype i = 0; i < en[k].size(); ++i) {
                // The English text has the words the check looks for (the check can fail; a few formulas, such as
                // "CUDA context + workspaces: 0.50 GB", have none of them) ...
                if (k != 2)
                    QVERIFY2(!englishLeft(en[k][i], keywords[k]).isEmpty(),
                             qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(kinds[k]), en[k][i])));
                // ... and the translation has none of them.
                const QStringList left = englishLeft(tr[k][i], keywords[k]);
                QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("%1 in %2: '%3' left in: %4")
                                                        .arg(QLatin1String(kinds[k]), lang, left.join(QStringLiteral("', '")), tr[k][i])));
            }
        }
        // Russian numbers in the verdict take a decimal comma and the Cyrillic unit (138,0 ГБ); Chinese keep the point.
        if (lang == QLatin1String("ru"))
            QVERIFY2(tr[0][0].contains(QStringLiteral("138,0 ГБ")), qPrintable(tr[0][0]));
        else
            QVERIFY2(tr[0][0].contains(QStringLiteral("138.0 GB")), qPrintable(tr[0][0]));
        QVERIFY2(en[0][0].startsWith(QStringLiteral("Never fits at any N with ZeRO-2: replicated 16-bit params are 138.0 GB")), qPrintable(en[0][0]));
    }

    // QT_SCALE_FACTOR=1.5 on a 1920 x 1080 screen leaves 720 logical pixels: the window must fit.
    // core's scenario refusals (validateScenario) carry an English template and their numbers apart: the command line
    // prints them byte for byte as before, and the window words them in Russian and Chinese. Every template in
    // core/src/scenario.cpp is in the window's table (read from the source, so a new refusal cannot be missed) and
    // translated in both languages.
    void validationRefusalsTranslated()
    {
        QFile src(QStringLiteral(SHARDSCOPE_SCENARIO_CPP));
        QVERIFY(src.open(QIODevice::ReadOnly));
        QString body = QString::fromUtf8(src.readAll());
        body = body.mid(body.indexOf(QLatin1String("void validateScenario")));
        QVERIFY(!body.isEmpty());
        static const QRegularExpression call(QStringLiteral("fail\\((?:\"[^\"]*\"|field),\\s*((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*)+)"));
        static const QRegularExpression literal(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
        QStringList inSource;
        for (auto it = call.globalMatch(body); it.hasNext();) {
            QString t;
            for (auto lit = literal.globalMatch(it.next().captured(1)); lit.hasNext();)
                t += lit.next().captured(1);
            if (!inSource.contains(t))
                inSource << t;
        }
        QStringList table;
        for (const char* t : validationTemplates())
            table << QString::fromUtf8(t);
        QVERIFY2(inSource.size() >= 45, qPrintable(QString::number(inSource.size())));
        for (const QString& t : inSource)
            QVERIFY2(table.contains(t), qPrintable(QStringLiteral("not in validationTemplates(): ") + t));
        QCOMPARE(table.size(), inSource.size());

        for (const QString& lang : {QStringLiteral("ru"), QStringLiteral("zh_CN")}) {
            QVERIFY(language::install(lang));
            for (const char* t : validationTemplates()) {
                const QString tr = QCoreApplication::translate("shardscope::Validation", t);
                QVERIFY2(tr != QString::fromUtf8(t), qPrintable(lang + QStringLiteral(": untranslated: ") + QString::fromUtf8(t)));
                for (int k = 1; k <= 3; ++k) // every number the English shows, the translation shows
                    QCOMPARE(tr.contains(QStringLiteral("%%1").arg(k)), QString::fromUtf8(t).contains(QStringLiteral("%%1").arg(k)));
            }
        }

        // One refusal through the real path: TP 3 on Llama-2-70B's 64 heads.
        Scenario s = defaultScenario();
        s.tp = 3;
        s.gpus = 6;
        auto refusal = [&]() -> std::pair<std::string, QString> {
            try {
                validateScenario(s);
            } catch (const InvalidInput& e) {
                return {e.what(), validationText(e)};
            }
            return {};
        };
        QVERIFY(language::install(QStringLiteral("en")));
        const auto en = refusal();
        QCOMPARE(QString::fromStdString(en.first), QStringLiteral("--tp: TP 3 does not divide the 64 attention heads"));
        QCOMPARE(en.second, QStringLiteral("TP 3 does not divide the 64 attention heads"));
        QCOMPARE(en.second, plainMessage(QString::fromStdString(en.first)));
        QVERIFY(language::install(QStringLiteral("ru")));
        const auto ru = refusal();
        QCOMPARE(ru.first, en.first); // the command line's words do not follow the window's language
        QCOMPARE(ru.second, QStringLiteral("TP 3 не делит число голов внимания (64)"));
        QVERIFY(language::install(QStringLiteral("zh_CN")));
        QCOMPARE(refusal().second, QStringLiteral("TP 3 不能整除 64 个注意力头"));
        // A refusal with two filled-in figures, in the order the translation puts them.
        s = defaultScenario();
        s.safetyMarginBytes = 100e9;
        QVERIFY(refusal().second.startsWith(QStringLiteral("安全余量（100.0 GB）必须小于 GPU 的容量（85.9 GB）")));
        QVERIFY(language::install(QStringLiteral("en")));
        QCOMPARE(QString::fromStdString(refusal().first),
                 QStringLiteral("--margin-gb: the safety margin (100.0 GB) must be below the GPU's capacity (85.9 GB)"));
    }

    void minimumSizeFitsScaledScreen()
    {
        MainWindow w(defaultScenario());
        Lecture* lecture = lectureOn(w, TourSteps::Animated);
        QVERIFY(lecture->openTour(QStringLiteral("why-70b-needs-zero3"))); // with the tour panel shown
        lecture->glossaryDock()->show();
        const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(min.height() * 1.5 <= 1080 - 60, qPrintable(QStringLiteral("%1 x %2").arg(min.width()).arg(min.height())));
        QVERIFY2(min.width() * 1.5 <= 1920, qPrintable(QStringLiteral("%1 x %2").arg(min.width()).arg(min.height())));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("scenarioDock"));
        QVERIFY(dock->features() & QDockWidget::DockWidgetClosable);
    }

    void languageMenu()
    {
        MainWindow w(defaultScenario());
        Lecture* lecture = lectureOn(w, TourSteps::Animated);
        QSignalSpy chosen(lecture, &Lecture::languageChosen);
        w.findChild<QAction*>(QStringLiteral("actionLanguage_ru"))->trigger();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(language::current(), QStringLiteral("ru"));
        QCOMPARE(language::stored(), QStringLiteral("ru"));
        QApplication::processEvents(); // LanguageChange is posted
        QCOMPARE(lecture->tourPanel()->findChild<QPushButton*>(QStringLiteral("tourNext"))->text(), QStringLiteral("Далее ▶"));
        w.findChild<QAction*>(QStringLiteral("actionLanguage_system"))->trigger();
        QCOMPARE(language::stored(), QStringLiteral("system"));
        QVERIFY(language::install(QStringLiteral("en")));
    }

    void translations()
    {
        QVERIFY(language::install(QStringLiteral("ru")));
        QCOMPARE(QCoreApplication::translate("shardscope::MainWindow", "&File"), QStringLiteral("&Файл"));
        QCOMPARE(QCoreApplication::translate("shardscope::PresenterBar", "ZeRO stage"), QStringLiteral("Стадия ZeRO"));
        {
            MainWindow w(defaultScenario());
            Lecture* lecture = lectureOn(w);
            QCOMPARE(w.findChild<QAction*>(QStringLiteral("actionOpen"))->text(), QStringLiteral("&Открыть сценарий…"));
            QVERIFY(lecture->openTour(QStringLiteral("zero1-from-scratch")));
            lecture->player()->goTo(1);
            // Russian caption, numbers with a decimal comma: 5,5 bytes per parameter.
            QVERIFY2(lecture->tourPanel()->captionText().contains(QStringLiteral("5,5 байта")), qPrintable(lecture->tourPanel()->captionText()));
        }
        QVERIFY(language::install(QStringLiteral("zh_CN")));
        QCOMPARE(QCoreApplication::translate("shardscope::MainWindow", "&File"), QStringLiteral("文件(&F)"));
        QVERIFY(QFontMetrics(QFont()).inFont(QChar(0x6587))); // 文: a CJK font is installed (fonts-noto-cjk)
        QVERIFY(language::install(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("shardscope::MainWindow", "&File"), QStringLiteral("&File"));
        QVERIFY(!language::install(QStringLiteral("de")));
    }

    // lupdate over the wrapped sources finds nothing new and nothing unfinished.
    void translationsComplete()
    {
        QFile list(QStringLiteral(SHARDSCOPE_TR_SOURCES_FILE));
        QVERIFY(list.open(QIODevice::ReadOnly));
        const QStringList sources = QString::fromUtf8(list.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!sources.isEmpty());
        QTemporaryDir dir;
        for (const char* lang : {"ru", "zh_CN"}) {
            const QString ts = dir.filePath(QStringLiteral("shardscope_%1.ts").arg(QLatin1String(lang)));
            QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/resources/translations/shardscope_%1.ts").arg(QLatin1String(lang)), ts));
            QFile::setPermissions(ts, QFile::ReadOwner | QFile::WriteOwner);
            QProcess p;
            p.start(QStringLiteral(SHARDSCOPE_LUPDATE), sources + QStringList {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                                                                               QStringLiteral("none"), QStringLiteral("-ts"), ts});
            QVERIFY(p.waitForFinished(120000));
            QCOMPARE(p.exitCode(), 0);
            const QString report = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
            QVERIFY2(report.contains(QLatin1String("(0 new and")), qPrintable(report));
            QFile f(ts);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray xml = f.readAll();
            QVERIFY2(!xml.contains("type=\"unfinished\""), lang);
            QVERIFY(xml.count("<message>") > 80);
        }
    }

    void glossary()
    {
        const QList<GlossaryTerm> terms = loadGlossary();
        QStringList ids;
        for (const GlossaryTerm& t : terms) {
            ids << t.id;
            for (const QString& lang : tourLanguages()) {
                QVERIFY2(!t.term.value(lang).isEmpty() && !t.say.value(lang).isEmpty() && !t.means.value(lang).isEmpty(),
                         qPrintable(t.id + QLatin1Char(' ') + lang));
            }
        }
        for (const char* id : {"zero", "all-gather", "reduce-scatter", "micro-batch", "checkpointing"})
            QVERIFY2(ids.contains(QLatin1String(id)), id);
        MainWindow w(defaultScenario());
        Lecture* lecture = lectureOn(w, TourSteps::Animated);
        auto* stage3 = w.findChild<QToolButton*>(QStringLiteral("zeroStage3"));
        QVERIFY(stage3);
        QVERIFY2(stage3->toolTip().contains(QLatin1String("Glossary (F1): ZeRO")), qPrintable(stage3->toolTip()));
        QVERIFY(lecture->showGlossaryFor(stage3));
        QCOMPARE(lecture->glossary()->currentTerm(), QStringLiteral("zero"));
        QVERIFY(lecture->showGlossaryFor(w.findChild<QWidget*>(QStringLiteral("checkpointingFull"))));
        QCOMPARE(lecture->glossary()->currentTerm(), QStringLiteral("checkpointing"));
        QCOMPARE(lecture->glossary()->table()->rowCount(), int(terms.size()));
    }

    void cliTourList()
    {
        const Run r = shardscopeRun({QStringLiteral("tour"), QStringLiteral("--list")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), int(builtinTourIds().size()));
        for (int i = 0; i < lines.size(); ++i)
            QVERIFY(lines[i].startsWith(builtinTourIds()[i] + QLatin1Char('\t')));
    }

    void cliTourCheck()
    {
        Run r = shardscopeRun({QStringLiteral("tour"), QStringLiteral("--check"), QStringLiteral("zero1-from-scratch")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QLatin1String("step 5 (line ")));
        QVERIFY(r.out.contains(QLatin1String("5.5 bytes per parameter")));
        r = shardscopeRun({QStringLiteral("tour"), QStringLiteral("--check"), QStringLiteral("zero1-from-scratch"), QStringLiteral("--lang"), QStringLiteral("ru")});
        QVERIFY(r.out.contains(QStringLiteral("5,5 байта")));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.tour.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(minimalTour("      \"caption\": {\"en\": \"x\"},\n      \"highlight\": \"bars\""));
        f.close();
        r = shardscopeRun({QStringLiteral("tour"), QStringLiteral("--check"), path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("bad.tour.json: line 8: unknown highlight 'bars'")), qPrintable(r.err));
        r = shardscopeRun({QStringLiteral("tour"), QStringLiteral("--check"), QStringLiteral("no-such-tour")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QLatin1String("no tour named 'no-such-tour'")));
        r = shardscopeRun({QStringLiteral("tour")});
        QCOMPARE(r.exitCode, 2);
    }

    void cliScreenshot()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("s.png"));
        Run r = shardscopeRun({QStringLiteral("screenshot"), QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--tour"),
                               QStringLiteral("why-70b-needs-zero3"), QStringLiteral("--step"), QStringLiteral("3"),
                               QStringLiteral("--present"), QStringLiteral("--out"), png});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QImage(png).size(), QSize(1920, 1080));
        r = shardscopeRun({QStringLiteral("screenshot"), QStringLiteral("--tour"), QStringLiteral("why-70b-needs-zero3"),
                           QStringLiteral("--step"), QStringLiteral("99"), QStringLiteral("--out"), png});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QLatin1String("step")));
        r = shardscopeRun({QStringLiteral("screenshot"), QStringLiteral("--lang"), QStringLiteral("fr"), QStringLiteral("--out"), png});
        QCOMPARE(r.exitCode, 2);
        r = shardscopeRun({QStringLiteral("screenshot"), QStringLiteral("--step"), QStringLiteral("2"), QStringLiteral("--out"), png});
        QCOMPARE(r.exitCode, 2);
    }

    // Issue 14's remainder: every step of every shipped tour frames a widget the audience can see. The bubble steps of
    // "3d-parallelism" framed the pipeline schedule while it sat behind the step view's "Timeline" tab (the lower
    // panels share a tab area at 1366x768, and at 1600x1000 with PP > 1): a zero-size frame, nothing on screen. Here
    // each step's target is visible, has a size, lies inside the window, is the picked tab where panels share the tab
    // area, and the frame drawn is the target's (or, for a bar segment, inside it).
    void highlightsLandOnVisibleWidgets_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("present");
        QTest::addColumn<QString>("lang");
        // Under a SHARDSCOPE_TEST_SCALE below 1 (the sanitizers) the rows of one size share the tours (pass of passes, as
        // inShare() reads them): the three languages at 1366x768 and the two presentation rows each check every step of
        // every tour once between them, 1600x1000 two of the five tours.
        QTest::addColumn<int>("pass");
        QTest::addColumn<int>("passes");
        QTest::newRow("1600x1000") << QSize(1600, 1000) << false << QStringLiteral("en") << 0 << 3;
        QTest::newRow("1366x768") << QSize(1366, 768) << false << QStringLiteral("en") << 0 << 3;
        QTest::newRow("presentation 1920x1080") << QSize(1920, 1080) << true << QStringLiteral("en") << 0 << 2;
        // Other languages' longer lines. Russian at 1366x768 in the normal window: with the Scenario dock, the tour
        // dock and a three-line step summary, the TP split of 3d-parallelism step 3 got 95 px of its 240 (the tour dock
        // kept an empty band under its caption, the GPU view reserved a second row of boxes for one).
        QTest::newRow("1366x768 ru") << QSize(1366, 768) << false << QStringLiteral("ru") << 1 << 3;
        QTest::newRow("1366x768 zh_CN") << QSize(1366, 768) << false << QStringLiteral("zh_CN") << 2 << 3;
        QTest::newRow("presentation 1920x1080 ru") << QSize(1920, 1080) << true << QStringLiteral("ru") << 1 << 2;
    }
    void highlightsLandOnVisibleWidgets()
    {
        QFETCH(QSize, size);
        QFETCH(bool, present);
        QFETCH(QString, lang);
        QFETCH(int, pass);
        QFETCH(int, passes);
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(lang));
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w, size);
        QApplication::processEvents();
        if (present)
            lecture->presentation()->enter(size);
        // The lecturer looked at the timeline before starting (its tab picked, as a click on it does): the tour's
        // pipeline steps still show the pipeline schedule.
        w.stepView()->showPanel(w.stepView()->ganttView());
        QStringList problems;
        int framed = 0, tabbedSeen = 0;
        const QStringList ids = builtinTourIds();
        for (int tour = 0; tour < ids.size(); ++tour) {
            if (!inShare(tour, pass, passes))
                continue;
            const QString& id = ids[tour];
            QVERIFY(lecture->openTour(id));
            const Tour& t = lecture->player()->tour();
            for (int k = 0; k < t.steps.size(); ++k) {
                lecture->player()->goTo(k);
                for (int i = 0; i < 4; ++i)
                    QApplication::processEvents();
                const QString where = QStringLiteral("%1 step %2 (%3)").arg(id).arg(k + 1).arg(t.steps[k].highlight);
                if (t.steps[k].highlight.isEmpty())
                    continue;
                QWidget* target = lecture->player()->highlightTarget(t.steps[k].highlight);
                if (!target) {
                    problems << where + QStringLiteral(": no target");
                    continue;
                }
                const QRect r(target->mapTo(&w, QPoint(0, 0)), target->size());
                if (!target->isVisible())
                    problems << where + QStringLiteral(": %1 is hidden").arg(target->objectName());
                else if (target->width() < 16 || target->height() < 16)
                    problems << where + QStringLiteral(": %1 is %2x%3").arg(target->objectName()).arg(target->width()).arg(target->height());
                else if (!w.rect().contains(r))
                    problems << where + QStringLiteral(": %1 at %2,%3 %4x%5 runs out of the %6x%7 window")
                                            .arg(target->objectName()).arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())
                                            .arg(w.width()).arg(w.height());
                // A panel of the step view gets at least the height it asks for (a panel squeezed into the tab area's
                // last lines draws its text over itself).
                else if (target->parentWidget() && target->parentWidget()->objectName() == QLatin1String("stepPanels")
                         && target->height() < std::max(target->minimumHeight(), target->minimumSizeHint().height()) - 1)
                    problems << where + QStringLiteral(": %1 is %2 px high, under its minimum %3").arg(target->objectName())
                                            .arg(target->height()).arg(std::max(target->minimumHeight(), target->minimumSizeHint().height()));
                // A panel sharing the step view's tab area is the one picked.
                const QList<QWidget*> tabbed = w.stepView()->tabbedPanels();
                if (tabbed.contains(target)) {
                    ++tabbedSeen;
                    if (w.stepView()->panelTabs()->currentIndex() != tabbed.indexOf(target))
                        problems << where + QStringLiteral(": tab %1 shows, not the target's").arg(w.stepView()->panelTabs()->currentIndex());
                }
                const QRect frame = lecture->player()->overlay()->framedRect();
                if (frame.isEmpty())
                    problems << where + QStringLiteral(": no frame drawn");
                else if (!r.contains(frame) || (t.steps[k].highlightTerm.isEmpty() && frame != r))
                    problems << where + QStringLiteral(": the frame %1,%2 %3x%4 is not on the target %5,%6 %7x%8")
                                            .arg(frame.x()).arg(frame.y()).arg(frame.width()).arg(frame.height())
                                            .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
                else
                    ++framed;
            }
        }
        if (present)
            lecture->presentation()->leave();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(framed >= (testScale() >= 1 ? 30 : 5)); // the five tours have 40 steps, 39 with a highlight; ddp-to-zero3 alone 6
        qInfo("%d frames, %d on a panel sharing the tab area", framed, tabbedSeen);
    }

    // The tour dock in the normal window kept the height it was first shown at: an empty band under a two-line caption
    // (and the Step tab's panels squeezed for it at 1366x768). On every step of every tour the dock is as high as its
    // content, the caption shows whole (up to a quarter of the window; longer ones scroll), and nothing is left under it.
    void tourDockFitsItsCaption_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("lang");
        // Under a SHARDSCOPE_TEST_SCALE below 1 (the sanitizers) the three languages share the tours at each size (tour t
        // in the language whose index added to t divides by 3): every step still checked once at each size.
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("zh_CN")}) {
            QTest::newRow(qPrintable(lang + QStringLiteral(" 1600x1000"))) << QSize(1600, 1000) << lang;
            QTest::newRow(qPrintable(lang + QStringLiteral(" 1366x768"))) << QSize(1366, 768) << lang;
        }
    }
    void tourDockFitsItsCaption()
    {
        QFETCH(QSize, size);
        QFETCH(QString, lang);
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(lang));
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w, size);
        QApplication::processEvents();
        QDockWidget* dock = lecture->tourDock();
        auto* scroll = dock->findChild<QScrollArea*>(QStringLiteral("tourCaptionScroll"));
        auto* caption = dock->findChild<QLabel*>(QStringLiteral("tourCaption"));
        QVERIFY(scroll && caption);
        QStringList problems;
        int steps = 0;
        const int language = int(tourLanguages().indexOf(lang));
        const QStringList ids = builtinTourIds();
        for (int tour = 0; tour < ids.size(); ++tour) {
            if (!inShare(tour, language, 3))
                continue;
            const QString& id = ids[tour];
            QVERIFY(lecture->openTour(id));
            for (int k = 0; k < lecture->player()->count(); ++k) {
                lecture->player()->goTo(k);
                for (int i = 0; i < 6; ++i)
                    QApplication::processEvents();
                const QString where = QStringLiteral("%1 step %2").arg(id).arg(k + 1);
                ++steps;
                // The caption's area is as high as the caption (the band was the area's empty lower part), and under
                // it are the dock's margins only (its layout's bottom margin and the frame).
                const int need = caption->heightForWidth(scroll->viewport()->width());
                const int shown = scroll->viewport()->height();
                if (shown > need + 8)
                    problems << where + QStringLiteral(": %1 px empty under the caption (%2 px for %3)").arg(shown - need).arg(shown).arg(need);
                const int below = dock->height() - scroll->mapTo(dock, QPoint(0, scroll->height())).y();
                if (below > 12)
                    problems << where + QStringLiteral(": %1 px empty under the caption's area (dock %2 px high)").arg(below).arg(dock->height());
                if (shown + 4 < std::min(need, w.height() / 4 - 8))
                    problems << where + QStringLiteral(": the caption needs %1 px, shows %2").arg(need).arg(shown);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(steps >= (testScale() >= 1 ? 30 : 5)); // ddp-to-zero3 alone has 6
    }

    // Issue 14's remainder: the Compare tab in presentation mode (2x type at 1920x1080) gave the chart the same share
    // as the table, which wanted most of it: "Worst rank of A (pinned) and ..." and a legend made small and still cut
    // ("ZeRO-3 gathered para..."). At 1366x768 and in presentation mode the chart's title and every legend entry are
    // whole and inside the chart's view, the legend keeps the type asked for, and the table shows its numbers whole
    // with no sideways scrolling.
    void compareChartAndTableFit_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("present");
        // Under a SHARDSCOPE_TEST_SCALE below 1 (the sanitizers) each language at one of the two sizes, both sizes used.
        for (int language = 0; language < tourLanguages().size(); ++language) {
            const QString& lang = tourLanguages()[language];
            if (inShare(language, 0, 2))
                QTest::newRow(qPrintable(lang + QStringLiteral(" 1366x768"))) << lang << QSize(1366, 768) << false;
            if (inShare(language, 1, 2))
                QTest::newRow(qPrintable(lang + QStringLiteral(" presentation"))) << lang << QSize(1920, 1080) << true;
        }
    }
    void compareChartAndTableFit()
    {
        QFETCH(QString, lang);
        QFETCH(QSize, size);
        QFETCH(bool, present);
        QVERIFY(language::install(lang));
        QStringList problems;
        {
            MainWindow w(defaultScenario()); // ZeRO-3 on 32 A100s pinned as A, ZeRO-1 as B: ten terms in the legend
            Lecture* lecture = showWithLecture(w, size, TourSteps::Animated);
            w.pinCurrentAsA();
            Scenario b = defaultScenario();
            b.zeroStage = 1;
            w.setScenario(b);
            w.showTab(QStringLiteral("compare"));
            for (int i = 0; i < 4; ++i)
                QApplication::processEvents();
            CompareWidget* cmp = w.compareWidget();
            const double legendAsked = pixelSize(cmp->chart()->legend()->font());
            if (present)
                lecture->presentation()->enter(size);
            for (int i = 0; i < 6; ++i)
                QApplication::processEvents();
            QChartView* view = cmp->chartView();
            QChart* chart = cmp->chart();
            QVERIFY(view->isVisible());
            const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect().adjusted(-1, -1, 1, 1);
            const auto cut = [](const QString& t) { return t.contains(QLatin1String("...")) || t.contains(QChar(0x2026)); };
            int legendTexts = 0;
            bool titleSeen = false;
            QList<QGraphicsItem*> todo = chart->childItems();
            while (!todo.isEmpty()) {
                QGraphicsItem* item = todo.takeLast();
                if (!item->isVisible())
                    continue;
                todo << item->childItems();
                auto* text = dynamic_cast<QGraphicsTextItem*>(item);
                if (!text || text->toPlainText().isEmpty())
                    continue;
                const bool inLegend = chart->legend()->isAncestorOf(item);
                titleSeen = titleSeen || text->toPlainText() == chart->title();
                legendTexts += inLegend ? 1 : 0;
                if (cut(text->toPlainText()))
                    problems << QStringLiteral("cut: '%1'").arg(text->toPlainText());
                const double m = text->document()->documentMargin();
                if (!shown.contains(text->sceneBoundingRect().adjusted(m, m, -m, -m)))
                    problems << QStringLiteral("'%1' runs out of the chart's view").arg(text->toPlainText());
            }
            if (!titleSeen)
                problems << QStringLiteral("the title '%1' is not shown whole").arg(chart->title());
            int entries = 0;
            for (QLegendMarker* m : chart->legend()->markers())
                entries += m->isVisible() ? 1 : 0;
            if (legendTexts != entries || entries < 10)
                problems << QStringLiteral("%1 legend texts for %2 entries").arg(legendTexts).arg(entries);
            // The legend keeps its type: as asked at 1366x768, at least 1.5x in presentation mode (before, fitLegend() shrank
            // it to fit a narrow chart, to less than the 1x type; the Russian legend, chart above the table, gives up a
            // quarter of its 2x type to fit the chart's height).
            const double legendWant = present ? 1.5 * legendAsked : legendAsked;
            if (pixelSize(chart->legend()->font()) < legendWant - 1)
                problems << QStringLiteral("the legend's type is %1 px, not %2").arg(pixelSize(chart->legend()->font())).arg(legendWant);
            // The table: every number column as wide as its widest cell and title, all columns in the viewport.
            QTableWidget* table = cmp->table();
            int total = 0;
            for (int c = 0; c < table->columnCount(); ++c) {
                total += table->columnWidth(c);
                if (c == 0)
                    continue;
                const int need = std::max(table->horizontalHeader()->sectionSizeHint(c),
                                          static_cast<QAbstractItemView*>(table)->sizeHintForColumn(c));
                if (table->columnWidth(c) < need)
                    problems << QStringLiteral("column %1 is %2 px for %3").arg(c).arg(table->columnWidth(c)).arg(need);
            }
            if (total > table->viewport()->width() + 1)
                problems << QStringLiteral("the table's columns need %1 px of %2").arg(total).arg(table->viewport()->width());
            if (table->columnWidth(0) < 8 * table->fontMetrics().averageCharWidth())
                problems << QStringLiteral("the term column is %1 px").arg(table->columnWidth(0));
            if (table->height() < 4 * table->verticalHeader()->defaultSectionSize())
                problems << QStringLiteral("the table is %1 px high").arg(table->height());
            if (!problems.isEmpty())
                problems << QStringLiteral("(chart %1x%2, table %3x%4, %5)").arg(view->width()).arg(view->height())
                                .arg(table->width()).arg(table->height())
                                .arg(cmp->splitter()->orientation() == Qt::Horizontal ? QStringLiteral("side by side") : QStringLiteral("chart above"));
            if (present)
                lecture->presentation()->leave();
        }
        QVERIFY(language::install(QStringLiteral("en")));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestLecture)
#include "tst_lecture.moc"
