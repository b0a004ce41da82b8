// SPDX-License-Identifier: MIT
#include "cli.h"
#include "explorer.h"
#include "resultjson.h"
#include "scenariooptions.h"

#include "shardscope/advice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace shardscope::cli {

int runEstimate(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Per-GPU memory of one scenario, by term and distinct rank."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json, table or csv (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table"), QStringLiteral("csv")},
                                            QStringLiteral("table"));
        const ByteUnit units = unitsFromParser(p);
        StackChoice stack;
        const Scenario s = scenarioFromParser(p, {}, &stack);
        // The same call the window makes: the footprint, the verdict and the fixes (its chips, in their order).
        const Advice a = computeAdvice(s);
        const Footprint& f = a.explorer.footprint;
        if (format == QLatin1String("json")) {
            QJsonObject root = footprintToJson(s, f, units);
            root[QStringLiteral("verdict")] = verdictToJson(a, units);
            root[QStringLiteral("fixes")] = fixesToJson(a);
            if (stack.profile) { // issue 24: every default the stack set, beside the other assumptions
                QJsonObject assumptions = root.value(QStringLiteral("assumptions")).toObject();
                addStackAssumptions(assumptions, stack);
                root[QStringLiteral("assumptions")] = assumptions;
            }
            out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        } else if (format == QLatin1String("csv")) {
            out(footprintCsv(f, units));
        } else {
            out(footprintTable(s, f, units) + adviceTable(a, units) + stackAssumptionsTable(stack));
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
