// SPDX-License-Identifier: MIT
// `shardscope screenshot --out FILE.png [--tab memory|step|compare] [scenario options]`: the explorer window
// rendered offscreen at 1600 x 1000, as a person would see it (README images, tests). The Step tab is shown
// with its playhead at --at (a fraction of the step); Compare pins --pin FILE (default: the default
// scenario) as A against the scenario options as B.
#include "cli.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "safewrite.h"
#include "scenariofile.h"
#include "scenariooptions.h"
#include "steppage.h"
#include "stepview.h"

#include "shardscope/errors.h"

#include <QApplication>
#include <QBuffer>
#include <QPixmap>

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

} // namespace

int runScreenshot(const QStringList& args)
{
    return guarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Renders the explorer window offscreen (1600 x 1000) to a PNG."));
        addScenarioOptions(parser);
        const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("The PNG file to write."), QStringLiteral("FILE"));
        const QCommandLineOption compareOpt(QStringLiteral("compare-stages"),
                                            QStringLiteral("Chart 1 shows ZeRO stages 0-3 side by side."));
        const QCommandLineOption tabOpt(QStringLiteral("tab"), QStringLiteral("The tab shown: memory (default), step or compare."),
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
        parser.addOption(pinOpt);
        parser.addOption(darkOpt);
        int code = kExitOk;
        if (!parse(parser, args, code))
            return code;
        if (!parser.isSet(outOpt) || parser.value(outOpt).isEmpty())
            throw InvalidInput("out", "--out FILE.png is required");
        const QString tab = parser.value(tabOpt);
        if (tab != QLatin1String("memory") && tab != QLatin1String("step") && tab != QLatin1String("compare"))
            throw InvalidInput("tab", "--tab must be memory, step or compare (got '" + tab.toStdString() + "')");
        const double at = parseDoubleOption(parser.value(atOpt), "at", 0.0, 1.0);
        const Scenario pinned = parser.isSet(pinOpt) ? loadScenarioFile(parser.value(pinOpt)) : defaultScenario();
        const Scenario s = scenarioFromParser(parser);
        const ByteUnit unit = unitsFromParser(parser);

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
        w.showTab(tab);
        if (tab == QLatin1String("step") && w.stepView()->result())
            w.stepView()->seek(at * w.stepView()->result()->totals.stepTime);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(1600, 1000);
        w.show();
        QApplication::processEvents();
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
