// SPDX-License-Identifier: MIT
// shardscope export --chart ID --out FILE | --bundle DIR [scenario options]: charts and their data
// for design docs, headless (offscreen platform; no display needed).
#include "chartexport.h"
#include "cli.h"
#include "dataexport.h"
#include "language.h"
#include "safewrite.h"
#include "scenariofile.h"
#include "scenariooptions.h"

#include "shardscope/errors.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace shardscope::cli {

namespace {
constexpr double kMaxExportPixels = 40e6;
}

int runExport(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Export a chart (png, svg, pdf) or its data (csv, json, md) for a design doc, or a bundle folder with every "
        "chart, its data and assumptions.md."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("chart"),
                                   QStringLiteral("memory-per-gpu, memory-vs-gpus, host-memory, step-timeline, compare (with --pin); "
                                                  "images only: pipeline-schedule, step-memory, compare-stages."),
                                   QStringLiteral("ID")));
    p.addOption(QCommandLineOption(QStringLiteral("pin"),
                                   QStringLiteral("With --chart compare: the scenario file pinned as A (the other options describe B)."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("out"),
                                   QStringLiteral("Output file; its suffix picks the format: .png .svg .pdf .csv .json .md."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("bundle"),
                                   QStringLiteral("Write the export bundle into this folder (created if missing)."),
                                   QStringLiteral("DIR")));
    p.addOption(QCommandLineOption(QStringLiteral("size"), QStringLiteral("Chart size WxH in pixels (default 1200x700)."),
                                   QStringLiteral("WxH")));
    p.addOption(QCommandLineOption(QStringLiteral("title"), QStringLiteral("Heading above the chart (default: the chart's own)."),
                                   QStringLiteral("TEXT")));
    p.addOption(QCommandLineOption(QStringLiteral("caption"),
                                   QStringLiteral("Caption under the chart (default: the scenario and its verdict; - for none)."),
                                   QStringLiteral("TEXT")));
    p.addOption(QCommandLineOption(QStringLiteral("dpi"), QStringLiteral("PNG resolution (default 96; 192 doubles the pixels)."),
                                   QStringLiteral("DPI")));
    p.addOption(QCommandLineOption(QStringLiteral("width-in"),
                                   QStringLiteral("Figure width on the page in inches (1 to 40): the chart is laid out 96 px per "
                                                  "inch (--size gives only the aspect), so its type prints at the size it has on "
                                                  "screen; with --dpi 300 a 3.5 in PNG is 1050 px wide. SVG and PDF declare "
                                                  "that width. The figure grows taller where the chart needs it."),
                                   QStringLiteral("INCHES")));
    p.addOption(QCommandLineOption(QStringLiteral("lang"),
                                   QStringLiteral("Language of the chart's titles, legends and caption: en (default), ru or "
                                                  "zh_CN."),
                                   QStringLiteral("LANG")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        if (p.isSet(QStringLiteral("lang"))) {
            const QString lang = p.value(QStringLiteral("lang"));
            if (!language::available().contains(lang))
                throw InvalidInput("lang", "--lang must be en, ru or zh_CN (got '" + lang.toStdString() + "')");
            if (!language::install(lang))
                throw InvalidInput("lang", "--lang: the " + lang.toStdString() + " translation is not compiled in");
        }
        const bool bundle = p.isSet(QStringLiteral("bundle"));
        if (bundle == (p.isSet(QStringLiteral("chart")) || p.isSet(QStringLiteral("out"))))
            throw InvalidInput("chart", "give either --chart ID --out FILE or --bundle DIR");
        if (!bundle && (!p.isSet(QStringLiteral("chart")) || !p.isSet(QStringLiteral("out"))))
            throw InvalidInput("chart", "--chart and --out go together");
        ChartExportOptions o;
        if (p.isSet(QStringLiteral("size"))) {
            const QStringList wh = p.value(QStringLiteral("size")).toLower().split(QLatin1Char('x'));
            if (wh.size() != 2)
                throw InvalidInput("size", "--size: '" + p.value(QStringLiteral("size")).toStdString() + "' must be WxH, e.g. 1600x900");
            o.size = QSize(int(parseIntOption(wh[0], "size", 100, 10000)), int(parseIntOption(wh[1], "size", 100, 10000)));
        }
        if (p.isSet(QStringLiteral("width-in"))) {
            // A page figure: 96 layout pixels per inch (the SVG's and PDF's own scale), the aspect of --size.
            const double inches = parseDoubleOption(p.value(QStringLiteral("width-in")), "width-in", 1, 40);
            const double aspect = double(o.size.height()) / o.size.width();
            o.size = QSize(int(std::lround(inches * 96)), std::max(100, int(std::lround(inches * 96 * aspect))));
        }
        o.title = p.value(QStringLiteral("title"));
        o.caption = p.value(QStringLiteral("caption"));
        if (p.isSet(QStringLiteral("dpi")))
            o.dpi = parseDoubleOption(p.value(QStringLiteral("dpi")), "dpi", 24, 1200);
        // 40 million pixels (160 MB of image, a few seconds): 20000 x 20000 took 31 s and 3.2 GB.
        const double pixels = double(o.size.width()) * o.size.height() * (o.dpi / 96) * (o.dpi / 96);
        if (pixels > kMaxExportPixels)
            throw InvalidInput("size", QStringLiteral("--size and --dpi: the image would have %1 million pixels; the limit "
                                                      "is %2 million (e.g. 6000x6000 at 96 dpi)")
                                           .arg(pixels / 1e6, 0, 'f', 0)
                                           .arg(kMaxExportPixels / 1e6, 0, 'f', 0)
                                           .toStdString());
        const ByteUnit units = unitsFromParser(p);
        const Scenario s = scenarioFromParser(p);
        if (bundle) {
            const QString dir = p.value(QStringLiteral("bundle"));
            QStringList files;
            try {
                files = exportBundle(dir, s, units, o);
            } catch (const WriteError& e) { // the reason with the option it concerns (exit 1, as any write failure)
                throw WriteError("--bundle: " + std::string(e.what()));
            }
            out(QStringLiteral("%1: %2\n").arg(QDir::cleanPath(dir), files.join(QStringLiteral(", "))));
            return kExitOk;
        }
        const QString chart = p.value(QStringLiteral("chart"));
        const QString path = p.value(QStringLiteral("out"));
        if (!exportChartIds().contains(chart))
            throw InvalidInput("chart", "--chart: unknown chart '" + chart.toStdString() + "' (known: "
                                            + exportChartIds().join(QStringLiteral(", ")).toStdString() + ")");
        if (chart == QLatin1String("compare")) {
            if (!p.isSet(QStringLiteral("pin")))
                throw InvalidInput("pin", "--chart compare: give the scenario file to compare with as --pin FILE (scenario A; "
                                          "the other options are B)");
            Scenario a;
            try {
                a = loadScenarioFile(p.value(QStringLiteral("pin")));
            } catch (const InvalidInput& e) {
                throw InvalidInput("pin", "--pin: " + std::string(e.what()));
            }
            exportCompareFile(a, s, units, path, o);
            return kExitOk;
        }
        if (p.isSet(QStringLiteral("pin")))
            throw InvalidInput("pin", "--pin goes with --chart compare");
        exportChartFile(chart, s, units, path, o);
        return kExitOk;
    });
}

} // namespace shardscope::cli
