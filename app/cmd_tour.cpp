// SPDX-License-Identifier: MIT
// `shardscope tour --list`: the compiled-in tours, one a line, id first.
// `shardscope tour --check NAME|FILE [--lang en|ru|zh_CN]`: validates a tour headless (the file, every
// step's scenario, every caption's numbers from core, every claim against core) and prints its steps.
// `shardscope tour --export NAME|FILE --out DIR [--lang en|ru|zh_CN] [--format png|pdf]`: handouts: each step
// rendered in presentation mode at 1920 x 1080 (step-01.png ... and index.md with the captions, or one PDF).
// A malformed tour exits 2 with "shardscope: FILE: line L: why".
#include "cli.h"
#include "tour.h"
#include "tourcheck.h"
#include "tourexport.h"
#include "tourfacts.h"
#include "language.h"

#include "shardscope/errors.h"

#include <QJsonDocument>
#include <QLocale>

namespace shardscope::cli {

int runTour(const QStringList& args)
{
    return guarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Lists the guided tours or checks one (docs/tours.md)."));
        const QCommandLineOption listOpt(QStringLiteral("list"), QStringLiteral("One tour a line: id, steps, title, source."));
        const QCommandLineOption checkOpt(QStringLiteral("check"),
                                          QStringLiteral("Validate a tour (a built-in id or a file) and print its steps."),
                                          QStringLiteral("NAME|FILE"));
        const QCommandLineOption langOpt(QStringLiteral("lang"), QStringLiteral("Caption language: en (default), ru or zh_CN."),
                                         QStringLiteral("LANG"), QStringLiteral("en"));
        const QCommandLineOption exportOpt(QStringLiteral("export"),
                                           QStringLiteral("Render every step as the hall sees it (presentation mode, 1920 x 1080) to --out DIR."),
                                           QStringLiteral("NAME|FILE"));
        const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("With --export: the folder for the images and index.md (or the PDF)."),
                                        QStringLiteral("DIR"));
        const QCommandLineOption formatOpt(QStringLiteral("format"),
                                           QStringLiteral("With --export: png (default: step-01.png ... and index.md) or pdf (one page a step)."),
                                           QStringLiteral("FORMAT"), QStringLiteral("png"));
        parser.addOption(listOpt);
        parser.addOption(checkOpt);
        parser.addOption(exportOpt);
        parser.addOption(outOpt);
        parser.addOption(formatOpt);
        parser.addOption(langOpt);
        int code = kExitOk;
        if (!parse(parser, args, code))
            return code;
        const QString lang = parser.value(langOpt);
        if (!tourLanguages().contains(lang))
            throw InvalidInput("lang", "--lang must be en, ru or zh_CN (got '" + lang.toStdString() + "')");
        if (int(parser.isSet(listOpt)) + int(parser.isSet(checkOpt)) + int(parser.isSet(exportOpt)) != 1)
            throw InvalidInput("tour", "give one of --list, --check NAME|FILE or --export NAME|FILE --out DIR");
        if (!parser.isSet(exportOpt) && (parser.isSet(outOpt) || parser.isSet(formatOpt)))
            throw InvalidInput(parser.isSet(outOpt) ? "out" : "format", "--out and --format go with --export NAME|FILE");
        if (parser.isSet(exportOpt)) {
            const QString format = parser.value(formatOpt);
            if (format != QLatin1String("png") && format != QLatin1String("pdf"))
                throw InvalidInput("format", "--format must be png or pdf (got '" + format.toStdString() + "')");
            if (!parser.isSet(outOpt) || parser.value(outOpt).isEmpty())
                throw InvalidInput("out", "--export needs --out DIR (the folder for the images)");
            const Tour tour = loadTour(parser.value(exportOpt));
            // Handouts repeat what the tour says: a tour that fails its check is not exported.
            const QStringList problems = checkTour(tour) + checkTourFits(tour);
            if (!problems.isEmpty()) {
                for (const QString& p : problems)
                    err(QStringLiteral("shardscope: %1\n").arg(p));
                return kExitBadInput;
            }
            if (!language::install(lang))
                throw InvalidInput("lang", "the " + lang.toStdString() + " translation is not compiled in");
            const QList<TourSlide> slides = renderTourSlides(tour, lang);
            const QStringList files = writeTourExport(tour, slides, parser.value(outOpt), format, lang);
            for (const QString& f : files)
                out(f + QLatin1Char('\n'));
            out(QStringLiteral("ok: %1 steps of %2 exported (%3, 1920 x 1080)\n").arg(slides.size()).arg(tour.id, format));
            return kExitOk;
        }
        if (parser.isSet(listOpt)) {
            for (const QString& id : builtinTourIds()) {
                const Tour t = loadTour(id);
                out(QStringLiteral("%1\t%2 steps\t%3\t(%4)\n").arg(id).arg(t.steps.size()).arg(t.title.in(lang), t.source));
            }
            return kExitOk;
        }
        const Tour tour = loadTour(parser.value(checkOpt));
        const QStringList problems = checkTour(tour) + checkTourFits(tour);
        if (!problems.isEmpty()) {
            for (const QString& p : problems)
                err(QStringLiteral("shardscope: %1\n").arg(p));
            return kExitBadInput;
        }
        const QLocale locale(lang);
        out(QStringLiteral("%1: %2 (%3 steps, %4)\n").arg(tour.id, tour.title.in(lang)).arg(tour.steps.size()).arg(tour.source));
        for (int i = 0; i < tour.steps.size(); ++i) {
            const TourStep& s = tour.steps[i];
            TourFacts facts(s.scenario);
            facts.setTrain(s.train);
            QString set = QString::fromUtf8(QJsonDocument(s.set).toJson(QJsonDocument::Compact));
            out(QStringLiteral("step %1 (line %2): tab %3, highlight %4, set %5\n")
                    .arg(i + 1)
                    .arg(s.line)
                    .arg(s.tab, s.highlight.isEmpty() ? QStringLiteral("-") : s.highlightText(), set));
            out(QStringLiteral("  %1\n").arg(facts.render(s.caption.in(lang), locale)));
        }
        out(QStringLiteral("ok: %1 steps, every scenario valid and fitting (or said not to), every number from core\n").arg(tour.steps.size()));
        return kExitOk;
    });
}

} // namespace shardscope::cli
