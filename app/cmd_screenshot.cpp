// SPDX-License-Identifier: MIT
// `shardscope screenshot --out FILE.png [--tab memory|step|compare|plan|peers] [--size WxH] [--dark] [scenario options]`: the
// explorer window rendered offscreen (1600 x 1000 unless --size says otherwise), as a person would see it (README images, tests). The Step tab is shown
// with its playhead at --at (a fraction of the step); Compare pins --pin FILE (default: the default
// scenario) as A against the scenario options as B.
#include "cli.h"
#include "language.h"
#include "lecture.h"
#include "presentationmode.h"
#include "tourplayer.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "planpage.h"
#include "safewrite.h"
#include "scenariofile.h"
#include "scenariooptions.h"
#include "steppage.h"
#include "ringview.h"
#include "stepview.h"
#include "traindemopanel.h"
#include "trainreplayview.h"

#include "shardscope/errors.h"

#include <QApplication>
#include <QBuffer>
#include <QEventLoop>
#include <QElapsedTimer>
#include <QThread>
#include <QPixmap>

#include <optional>
#include <stdexcept>

namespace shardscope::cli {

namespace {

/// A dark palette like the ones dark desktop themes hand to Qt (window #2b2b2b, text #e6e6e6).
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Light, QColor(0x44, 0x44, 0x44));
    p.setColor(QPalette::PlaceholderText, QColor(0x99, 0x99, 0x99));
    return p;
}

/// "1366x768" -> 1366 x 768; 320 x 240 .. 7680 x 4320 (a window smaller than the first has no room for its
/// controls; the second is 8K).
QSize parseWindowSize(const QString& text)
{
    const QStringList parts = text.trimmed().toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    const int w = parts.size() == 2 ? parts[0].toInt(&okW) : 0;
    const int h = parts.size() == 2 ? parts[1].toInt(&okH) : 0;
    if (!okW || !okH)
        throw InvalidInput("size", "--size must be WIDTHxHEIGHT in pixels, e.g. 1366x768 (got '" + text.toStdString() + "')");
    if (w < 320 || h < 240 || w > 7680 || h > 4320)
        throw InvalidInput("size", "--size " + text.toStdString() + " is outside 320x240 .. 7680x4320");
    return QSize(w, h);
}

} // namespace

int runScreenshot(const QStringList& args)
{
    return guarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Renders the explorer window offscreen (1600 x 1000, or --size) to a PNG."));
        addScenarioOptions(parser);
        const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("The PNG file to write."), QStringLiteral("FILE"));
        const QCommandLineOption compareOpt(QStringLiteral("compare-stages"),
                                            QStringLiteral("Chart 1 shows ZeRO stages 0-3 side by side."));
        const QCommandLineOption tabOpt(QStringLiteral("tab"), QStringLiteral("The tab shown: memory (default), step, compare, plan, peers or train (Run it for real: runs the trainer, shows its replay at --hop)."),
                                        QStringLiteral("TAB"), QStringLiteral("memory"));
        const QCommandLineOption atOpt(QStringLiteral("at"),
                                       QStringLiteral("Step tab: the playhead as a fraction of the step (default 0.35)."),
                                       QStringLiteral("FRACTION"), QStringLiteral("0.35"));
        const QCommandLineOption pinOpt(QStringLiteral("pin"),
                                        QStringLiteral("Compare tab: the scenario file pinned as A (default: the default scenario)."),
                                        QStringLiteral("FILE"));
        parser.addOption(outOpt);
        parser.addOption(compareOpt);
        parser.addOption(tabOpt);
        parser.addOption(atOpt);
        const QCommandLineOption darkOpt(QStringLiteral("dark"),
                                         QStringLiteral("Render with a dark palette (as a dark desktop theme would give)."));
        const QCommandLineOption sizeOpt(QStringLiteral("size"),
                                         QStringLiteral("The window size in pixels, WIDTHxHEIGHT (default 1600x1000)."),
                                         QStringLiteral("WxH"), QStringLiteral("1600x1000"));
        parser.addOption(pinOpt);
        parser.addOption(darkOpt);
        parser.addOption(sizeOpt);
        const QCommandLineOption ringOpt(QStringLiteral("ring"),
                                         QStringLiteral("Step tab in one-collective mode: reduce-scatter, all-gather, all-reduce or all-to-all (MoE, a full mesh)."),
                                         QStringLiteral("KIND"));
        const QCommandLineOption hopOpt(QStringLiteral("hop"),
                                        QStringLiteral("With --ring: the hops done (default 0, the start); with --tab train: the replay's hop, from 0."), QStringLiteral("K"),
                                        QStringLiteral("0"));
        parser.addOption(ringOpt);
        parser.addOption(hopOpt);
        const QCommandLineOption trainStrategyOpt(QStringLiteral("train-strategy"),
                                                  QStringLiteral("With --tab train: ddp, zero1 (default), zero2, zero3 or naive-zero."),
                                                  QStringLiteral("S"), QStringLiteral("zero1"));
        const QCommandLineOption trainRanksOpt(QStringLiteral("train-ranks"),
                                               QStringLiteral("With --tab train: ranks, 1 to 16 (default 4; 48 must divide by it)."),
                                               QStringLiteral("N"), QStringLiteral("4"));
        parser.addOption(trainStrategyOpt);
        parser.addOption(trainRanksOpt);
        const QCommandLineOption langOpt(QStringLiteral("lang"), QStringLiteral("Interface language: en (default), ru or zh_CN."),
                                         QStringLiteral("LANG"), QStringLiteral("en"));
        const QCommandLineOption tourOpt(QStringLiteral("tour"), QStringLiteral("Play this tour (a built-in id or a file) to --step."),
                                         QStringLiteral("NAME"));
        const QCommandLineOption stepOpt(QStringLiteral("step"), QStringLiteral("The tour step shown, from 1 (default 1)."),
                                         QStringLiteral("K"), QStringLiteral("1"));
        const QCommandLineOption presentOpt(QStringLiteral("present"),
                                            QStringLiteral("Presentation mode, as on a 1920 x 1080 screen (the PNG is 1920 x 1080)."));
        parser.addOption(langOpt);
        parser.addOption(tourOpt);
        parser.addOption(stepOpt);
        parser.addOption(presentOpt);
        int code = kExitOk;
        if (!parse(parser, args, code))
            return code;
        if (!parser.isSet(outOpt) || parser.value(outOpt).isEmpty())
            throw InvalidInput("out", "--out FILE.png is required");
        const QString tab = parser.value(tabOpt);
        if (tab != QLatin1String("memory") && tab != QLatin1String("step") && tab != QLatin1String("compare")
            && tab != QLatin1String("peers") && tab != QLatin1String("train") && tab != QLatin1String("plan"))
            throw InvalidInput("tab", "--tab must be memory, step, compare, plan, peers or train (got '" + tab.toStdString() + "')");
        const std::optional<train::Strategy> trainStrategy = train::strategyFromKey(parser.value(trainStrategyOpt).toStdString());
        if (!trainStrategy || *trainStrategy == train::Strategy::Single)
            throw InvalidInput("train-strategy", "--train-strategy must be ddp, zero1, zero2, zero3 or naive-zero");
        const int trainRanks = int(parseIntOption(parser.value(trainRanksOpt), "train-ranks", 1, 16));
        const double at = parseDoubleOption(parser.value(atOpt), "at", 0.0, 1.0);
        const QSize size = parseWindowSize(parser.value(sizeOpt));
        std::optional<EventKind> ring;
        if (parser.isSet(ringOpt)) {
            const QString k = parser.value(ringOpt);
            ring = k == QLatin1String("reduce-scatter") ? std::optional(EventKind::ReduceScatter)
                : k == QLatin1String("all-gather")      ? std::optional(EventKind::AllGather)
                : k == QLatin1String("all-reduce")      ? std::optional(EventKind::AllReduce)
                : k == QLatin1String("all-to-all")      ? std::optional(EventKind::AllToAll)
                                                        : std::nullopt;
            if (!ring)
                throw InvalidInput("ring", "--ring must be reduce-scatter, all-gather, all-reduce or all-to-all (got '" + k.toStdString() + "')");
        }
        const int hop = int(parseIntOption(parser.value(hopOpt), "hop", 0, 64));
        // --pin shows only on the Compare tab: elsewhere it was read and ignored silently.
        if (parser.isSet(pinOpt) && tab != QLatin1String("compare"))
            throw InvalidInput("pin", "--pin: the pinned scenario shows only with --tab compare (got --tab " + tab.toStdString() + ")");
        Scenario pinned = defaultScenario();
        if (parser.isSet(pinOpt)) {
            try {
                pinned = loadScenarioFile(parser.value(pinOpt));
            } catch (const InvalidInput& e) {
                throw InvalidInput("pin", "--pin: " + std::string(e.what()));
            }
        }
        const Scenario s = scenarioFromParser(parser);
        const ByteUnit unit = unitsFromParser(parser);
        const QString lang = parser.value(langOpt);
        if (!language::available().contains(lang))
            throw InvalidInput("lang", "--lang must be en, ru or zh_CN (got '" + lang.toStdString() + "')");
        if (parser.isSet(stepOpt) && !parser.isSet(tourOpt))
            throw InvalidInput("step", "--step needs --tour NAME");
        if (!language::install(lang))
            throw InvalidInput("lang", "the " + lang.toStdString() + " translation is not compiled in");
        std::optional<Tour> tour;
        int stepIndex = 0;
        if (parser.isSet(tourOpt)) {
            tour = loadTour(parser.value(tourOpt));
            stepIndex = int(parseIntOption(parser.value(stepOpt), "step", 1, tour->steps.size())) - 1;
        }

        if (parser.isSet(darkOpt))
            QApplication::setPalette(darkPalette());
        MainWindow w(s); // Session::Off: never reads or writes the user's settings
        w.setUnit(unit);
        if (parser.isSet(compareOpt))
            w.memoryPage()->setCompareStages(true);
        if (tab == QLatin1String("compare")) {
            w.setScenario(pinned);
            w.pinCurrentAsA();
            w.setScenario(s);
        }
        w.stepPage()->setComputeMode(StepPage::Compute::Sync); // the picture must show this scenario's step
        w.showTab(ring ? QStringLiteral("step") : tab);
        if (ring) {
            w.stepView()->setOneCollective(true);
            w.stepView()->setOneCollectiveKind(*ring);
            w.stepView()->ringView()->setHop(hop);
        }
        if (tab == QLatin1String("step") && w.stepView()->result())
            w.stepView()->seek(at * w.stepView()->result()->totals.stepTime);
        if (tab == QLatin1String("train")) {
            // The run the panel's controls describe, with the strategy and ranks asked for, on its worker thread.
            auto* panel = w.findChild<TrainDemoPanel*>();
            train::TrainConfig c = panel->configFromControls();
            c.strategy = *trainStrategy;
            c.ranks = trainRanks;
            try {
                train::validateTrainConfig(c);
            } catch (const std::invalid_argument& e) {
                throw InvalidInput("train-ranks", e.what());
            }
            QEventLoop loop;
            QObject::connect(panel, &TrainDemoPanel::finished, &loop, &QEventLoop::quit);
            panel->start(c);
            if (panel->running())
                loop.exec();
            panel->showPage(1);
            panel->replayView()->setHop(hop);
        }
        auto* lecture = new Lecture(&w);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(size);
        w.show();
        QApplication::processEvents();
        // The Plan tab (and the verdict's best layout) search on a worker: wait for this scenario's answer.
        QElapsedTimer waited;
        waited.start();
        while ((tab == QLatin1String("plan") || w.planPage()->isSearching()) && !w.planPage()->isCurrent()
            && waited.elapsed() < 60000) {
            QApplication::processEvents(QEventLoop::AllEvents, 20);
            QThread::msleep(2);
        }
        QApplication::processEvents();
        if (tour) {
            lecture->player()->setAnimated(false);
            lecture->play(*tour);
            lecture->player()->goTo(stepIndex);
            if (w.stepView()->result() && !tour->steps[stepIndex].play)
                w.stepView()->seek(at * w.stepView()->result()->totals.stepTime);
            else if (w.stepView()->result()) {
                w.stepView()->pause();
                w.stepView()->seek(at * w.stepView()->result()->totals.stepTime);
            }
        }
        if (parser.isSet(presentOpt))
            lecture->presentation()->enter(QSize(1920, 1080)); // NOLINT(clang-analyzer-cplusplus.NewDeleteLeaks): lecture = new Lecture(&w) is a child of w, which deletes it
        // Layout changes chain through queued calls (the caption's height, then the tour dock's): let them settle.
        for (int i = 0; i < 6; ++i) // NOLINT(clang-analyzer-cplusplus.NewDeleteLeaks): lecture is a child of w (above)
            QApplication::processEvents();
        const QPixmap shot = w.grab();
        const QString path = parser.value(outOpt);
        // Encoded in memory, then written through a checked temporary (a full disk keeps the old file).
        QByteArray png;
        QBuffer buf(&png);
        buf.open(QIODevice::WriteOnly);
        if (!shot.save(&buf, "PNG")) {
            err(QStringLiteral("shardscope: cannot encode '") + path + QStringLiteral("'\n"));
            return kExitFailure;
        }
        writeFileAtomically(path, png); // throws std::runtime_error: exit 1 with the reason

        out(QStringLiteral("%1: %2 x %3\n").arg(path).arg(shot.width()).arg(shot.height()));
        return kExitOk;
    });
}

} // namespace shardscope::cli
