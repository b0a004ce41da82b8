// SPDX-License-Identifier: MIT
#include "cli.h"
#include "validate_memory.h"
#include "validate_steps.h"

namespace shardscope::cli {

int runValidate(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("The model against published measurements (docs/validation.md)."));
    p.addOption(QCommandLineOption(QStringLiteral("measured"),
                                   QStringLiteral("A measured-memory CSV (tests/data/measured/measured-memory.csv)."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("steps"),
                                   QStringLiteral("Measured step times / throughputs CSV (tests/data/measured/measured-steps.csv)."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("chart"),
                                   QStringLiteral("Also write the predicted-vs-measured scatter to FILE (.png, .svg or .pdf)."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        const bool measured = p.isSet(QStringLiteral("measured"));
        const bool steps = p.isSet(QStringLiteral("steps"));
        if (measured == steps)
            return badInput(QStringLiteral("validate: give either --measured FILE.csv (memory) or --steps FILE.csv (step time)"));
        const QString chart = p.value(QStringLiteral("chart"));
        if (p.isSet(QStringLiteral("chart")) && chart.isEmpty())
            return badInput(QStringLiteral("validate: --chart needs a file name ending in .png, .svg or .pdf"));
        if (measured)
            return runValidateMeasured(p.value(QStringLiteral("measured")), format, chart);
        return validateStepsFile(p.value(QStringLiteral("steps")), format, chart);
    });
}

} // namespace shardscope::cli
