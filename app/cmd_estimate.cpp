// SPDX-License-Identifier: MIT
#include "cli.h"
#include "resultjson.h"
#include "scenariooptions.h"

#include "shardscope/footprint.h"

#include <QJsonDocument>

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
        const Scenario s = scenarioFromParser(p);
        const Footprint f = computeFootprint(s);
        if (format == QLatin1String("json"))
            out(QString::fromUtf8(QJsonDocument(footprintToJson(s, f, units)).toJson(QJsonDocument::Indented)));
        else if (format == QLatin1String("csv"))
            out(footprintCsv(f, units));
        else
            out(footprintTable(s, f, units));
        return kExitOk;
    });
}

} // namespace shardscope::cli
