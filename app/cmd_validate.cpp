// SPDX-License-Identifier: MIT
#include "cli.h"
#include "validate_memory.h"

namespace shardscope::cli {

int runValidate(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("The model against published measurements."));
    p.addOption(QCommandLineOption(QStringLiteral("measured"),
                                   QStringLiteral("A measured-memory CSV (tests/data/measured/measured-memory.csv)."),
                                   QStringLiteral("FILE")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        if (!p.isSet(QStringLiteral("measured")))
            return badInput(QStringLiteral("validate: give --measured FILE.csv"));
        return runValidateMeasured(p.value(QStringLiteral("measured")), format);
    });
}

} // namespace shardscope::cli
