// SPDX-License-Identifier: MIT
// shardscope convert --to deepspeed|fsdp|megatron|scenario [scenario options]: the scenario in
// another tool's format on stdout; what the format cannot say goes to stderr.
#include "cli.h"
#include "deepspeedconfig.h"
#include "fsdpconfig.h"
#include "megatronargs.h"
#include "scenariofile.h"
#include "scenariooptions.h"

#include "shardscope/errors.h"

namespace shardscope::cli {

int runConvert(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Print the scenario as a DeepSpeed config JSON, an accelerate FSDP config YAML, a Megatron-LM argument list "
        "or a ShardScope scenario file. Each reads back (--deepspeed-config, --fsdp-config, --megatron-args, "
        "--scenario) to the same scenario; what a format cannot express is printed to stderr as a warning."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("to"), QStringLiteral("deepspeed, fsdp, megatron or scenario."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        if (!p.isSet(QStringLiteral("to")))
            throw InvalidInput("to", "--to is required: deepspeed, fsdp, megatron or scenario");
        const QString to = p.value(QStringLiteral("to"));
        const QStringList known = {QStringLiteral("deepspeed"), QStringLiteral("fsdp"), QStringLiteral("megatron"),
                                   QStringLiteral("scenario")};
        if (!known.contains(to))
            throw InvalidInput("to", "--to: '" + to.toStdString() + "' must be deepspeed, fsdp, megatron or scenario");
        const Scenario s = scenarioFromParser(p);
        ExportReport report;
        QString text;
        if (to == QLatin1String("deepspeed"))
            text = QString::fromUtf8(deepSpeedConfigFromScenario(s, &report));
        else if (to == QLatin1String("fsdp"))
            text = QString::fromUtf8(fsdpConfigFromScenario(s, &report));
        else if (to == QLatin1String("megatron"))
            text = megatronArgsFromScenario(s, &report) + QLatin1Char('\n');
        else
            text = QString::fromUtf8(scenarioFileBytes(s));
        for (const QString& w : report.warnings)
            err(QStringLiteral("warning: ") + w + QLatin1Char('\n'));
        for (const QString& n : report.notes)
            err(QStringLiteral("note: ") + n + QLatin1Char('\n'));
        out(text);
        return kExitOk;
    });
}

} // namespace shardscope::cli
