// SPDX-License-Identifier: MIT
// `shardscope screenshot --out FILE.png [scenario options]`: the explorer window rendered offscreen at
// 1600 x 1000, as a person would see it (README images, tests).
#include "cli.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "scenariooptions.h"

#include "shardscope/errors.h"

#include <QApplication>
#include <QPixmap>

namespace shardscope::cli {

int runScreenshot(const QStringList& args)
{
    return guarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Renders the explorer window offscreen (1600 x 1000) to a PNG."));
        addScenarioOptions(parser);
        const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("The PNG file to write."), QStringLiteral("FILE"));
        const QCommandLineOption compareOpt(QStringLiteral("compare-stages"),
                                            QStringLiteral("Chart 1 shows ZeRO stages 0-3 side by side."));
        parser.addOption(outOpt);
        parser.addOption(compareOpt);
        int code = kExitOk;
        if (!parse(parser, args, code))
            return code;
        if (!parser.isSet(outOpt) || parser.value(outOpt).isEmpty())
            throw InvalidInput("out", "--out FILE.png is required");
        const Scenario s = scenarioFromParser(parser);
        const ByteUnit unit = unitsFromParser(parser);

        MainWindow w(s); // Session::Off: never reads or writes the user's settings
        w.setUnit(unit);
        if (parser.isSet(compareOpt))
            w.memoryPage()->setCompareStages(true);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(1600, 1000);
        w.show();
        QApplication::processEvents();
        QApplication::processEvents();
        const QPixmap shot = w.grab();
        const QString path = parser.value(outOpt);
        if (!shot.save(path, "PNG")) {
            err(QStringLiteral("shardscope: cannot write '") + path + QStringLiteral("'\n"));
            return kExitFailure;
        }
        out(QStringLiteral("%1: %2 x %3\n").arg(path).arg(shot.width()).arg(shot.height()));
        return kExitOk;
    });
}

} // namespace shardscope::cli
