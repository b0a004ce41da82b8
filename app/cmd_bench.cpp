// SPDX-License-Identifier: MIT
#include "cli.h"

namespace shardscope::cli {

int benchLimits(const QStringList& args); // bench_limits.cpp

int runBench(const QStringList& args)
{
    // `shardscope bench <what> [options]`: speed targets as printed figures, never as timed tests.
    struct Bench
    {
        const char* name;
        int (*run)(const QStringList&);
    };
    static const Bench benches[] = {
        {"redraw", &benchRedraw},
        {"animation", &benchAnimation},
        {"train-demo", &benchTrainDemo},
        {"planner", &benchPlanner},
        {"schedule", &benchSchedule},
        {"limits", &benchLimits},
    };
    if (args.size() >= 2) {
        for (const Bench& b : benches) {
            if (args[1] == QLatin1String(b.name)) {
                QStringList rest = args;
                rest.removeAt(1);
                rest[0] = args[0] + QLatin1Char(' ') + args[1];
                return b.run(rest);
            }
        }
    }
    QString names;
    for (const Bench& b : benches)
        names += (names.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromLatin1(b.name);
    return badInput(QStringLiteral("bench: name a benchmark: ") + names);
}

} // namespace shardscope::cli
