// SPDX-License-Identifier: MIT
#include "cli.h"
#include "validate_steps.h"

namespace shardscope::cli {

int runValidate(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("The model against measured runs (docs/validation.md)."));
    p.addOption(QCommandLineOption(QStringLiteral("steps"),
                                   QStringLiteral("Measured step times / throughputs CSV (tests/data/measured/measured-steps.csv)."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        if (p.isSet(QStringLiteral("steps")))
            return validateStepsFile(p.value(QStringLiteral("steps")), format);
        return badInput(QStringLiteral("validate: give --steps FILE.csv"));
    });
}

} // namespace shardscope::cli
