// SPDX-License-Identifier: MIT
// `shardscope tour --list`: the compiled-in tours, one a line, id first.
// `shardscope tour --check NAME|FILE [--lang en|ru|zh_CN]`: validates a tour headless (the file, every
// step's scenario, every caption's numbers from core, every claim against core) and prints its steps.
// A malformed tour exits 2 with "shardscope: FILE: line L: why".
#include "cli.h"
#include "tour.h"
#include "tourcheck.h"
#include "tourfacts.h"

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
        parser.addOption(listOpt);
        parser.addOption(checkOpt);
        parser.addOption(langOpt);
        int code = kExitOk;
        if (!parse(parser, args, code))
            return code;
        const QString lang = parser.value(langOpt);
        if (!tourLanguages().contains(lang))
            throw InvalidInput("lang", "--lang must be en, ru or zh_CN (got '" + lang.toStdString() + "')");
        if (parser.isSet(listOpt) == parser.isSet(checkOpt))
            throw InvalidInput("tour", "give either --list or --check NAME|FILE");
        if (parser.isSet(listOpt)) {
            for (const QString& id : builtinTourIds()) {
                const Tour t = loadTour(id);
                out(QStringLiteral("%1\t%2 steps\t%3\t(%4)\n").arg(id).arg(t.steps.size()).arg(t.title.in(lang), t.source));
            }
            return kExitOk;
        }
        const Tour tour = loadTour(parser.value(checkOpt));
        const QStringList problems = checkTour(tour);
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
        out(QStringLiteral("ok: %1 steps, every scenario valid, every number from core\n").arg(tour.steps.size()));
        return kExitOk;
    });
}

} // namespace shardscope::cli
