// SPDX-License-Identifier: MIT
#include "cli.h"
#include "resultjson.h"
#include "scenariooptions.h"

#include "shardscope/planner.h"

#include <QJsonDocument>

namespace shardscope::cli {

int runMinGpus(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "For each ZeRO stage 0-3, the smallest N (a multiple of TP x PP, up to 1,048,576) at which the worst rank "
        "fits, or null with the reason. --stage and --gpus are ignored: every stage is searched over N."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        const Scenario s = scenarioFromParser(p, {QStringLiteral("gpus"), QStringLiteral("stage")});
        const std::vector<MinGpus> v = minGpusAllStages(s);
        if (format == QLatin1String("json")) {
            out(QString::fromUtf8(QJsonDocument(minGpusToJson(s, v)).toJson(QJsonDocument::Indented)));
            return kExitOk;
        }
        QString t;
        for (const MinGpus& m : v)
            t += QStringLiteral("ZeRO-%1: %2  %3\n")
                     .arg(m.stage)
                     .arg(m.minGpus ? QString::number(*m.minGpus) : QStringLiteral("never"), 6)
                     .arg(QString::fromStdString(m.reason));
        out(t);
        return kExitOk;
    });
}

} // namespace shardscope::cli
