// SPDX-License-Identifier: MIT
// `shardscope bench schedule`: scheduleStageEndsSteady() alone on the schedule shapes `bench planner` places most
// (interleaved at 2 p and 4 p micro-batches, 1F1B, GPipe), each a block table shaped as the planner's evaluator builds
// them (the first and last stages and two kinds of middle stages unlike; a stage's first and last chunks unlike its
// plain ones). Prints, per shape, the processor time of one placement and of one block, and the total over the shapes
// weighted by how often the planner bench places each. A figure for issue 11's speed work, never a test.
#include "cli.h"

#include "shardscope/pipeline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <ctime>
#include <vector>

namespace shardscope::cli {

int benchSchedule(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "scheduleStageEndsSteady() on the pipeline shapes the planner bench places most, single-threaded: "
        "nanoseconds per placement and per block."));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json (the only format)."), QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        formatOption(p, {QStringLiteral("json")}, QStringLiteral("json"));
        struct Shape
        {
            PipelineSchedule sched;
            std::int64_t p, m, v, weight; ///< weight: placements of this shape in `bench planner` (a count taken once)
        };
        const PipelineSchedule I = PipelineSchedule::Interleaved, O = PipelineSchedule::OneFOneB,
                               G = PipelineSchedule::GPipe;
        const Shape shapes[] = {
            {I, 32, 64, 3, 1022}, {I, 16, 32, 6, 1479}, {I, 8, 16, 12, 1993}, {I, 16, 32, 5, 942},
            {I, 16, 32, 3, 1450}, {I, 4, 8, 24, 2498}, {I, 8, 16, 10, 1242}, {I, 8, 16, 6, 1984},
            {I, 16, 32, 2, 1442}, {I, 8, 16, 4, 1968}, {I, 4, 8, 20, 1540}, {I, 2, 4, 48, 2515},
            {I, 4, 8, 12, 2494}, {I, 8, 16, 2, 3143}, {I, 4, 16, 4, 2976}, {I, 32, 32, 3, 231},
            {I, 16, 16, 5, 356}, {I, 2, 16, 8, 2135}, {O, 16, 16, 1, 3431}, {O, 32, 8, 1, 3015},
            {O, 8, 32, 1, 2336}, {G, 16, 64, 1, 0}, {G, 8, 32, 1, 0},
        };
        QJsonArray rows;
        double weightedNs = 0;
        for (const Shape& s : shapes) {
            // A table as the evaluator's (deterministic: the figures compare between builds).
            const std::int64_t V = s.p * s.v;
            std::vector<VirtualStageTimes> t(static_cast<std::size_t>(V));
            for (std::int64_t c = 0; c < s.v; ++c)
                for (std::int64_t i = 0; i < s.p; ++i) {
                    const int kind = i == 0 ? 0 : i == s.p - 1 ? 1 : i < s.p / 2 ? 2 : 3;
                    const int chunk = c == 0 ? 0 : c == s.v - 1 ? 2 : 1;
                    const double f = 1.0 + 0.01 * kind + 0.003 * chunk, b = 2.0 * f + 0.001 * kind;
                    t[std::size_t(c * s.p + i)] = {f, 0.9 * f, b, 0.95 * b, 1.3 * b, 0.95 * b};
                }
            std::vector<double> ends(static_cast<std::size_t>(s.p));
            const std::int64_t blocks = 2 * s.p * s.m * s.v;
            const std::int64_t reps = std::max<std::int64_t>(20, 40000000 / blocks / 8);
            scheduleStageEndsSteady(s.sched, s.p, s.m, s.v, t.data(), ends.data()); // warm: the compiled order
            const std::clock_t c0 = std::clock();
            double sink = 0;
            for (std::int64_t r = 0; r < reps; ++r) {
                scheduleStageEndsSteady(s.sched, s.p, s.m, s.v, t.data(), ends.data());
                sink += ends[0];
            }
            const double ns = 1e9 * double(std::clock() - c0) / CLOCKS_PER_SEC / double(reps);
            QJsonObject o;
            o[QStringLiteral("schedule")] = QString::fromLatin1(scheduleKey(s.sched));
            o[QStringLiteral("p")] = double(s.p);
            o[QStringLiteral("m")] = double(s.m);
            o[QStringLiteral("v")] = double(s.v);
            o[QStringLiteral("ns_per_placement")] = ns;
            o[QStringLiteral("ns_per_block")] = ns / double(blocks);
            o[QStringLiteral("end")] = sink / double(reps); // also keeps the placements from being optimised away
            rows.append(o);
            weightedNs += ns * double(s.weight);
        }
        QJsonObject root;
        root[QStringLiteral("weighted_ms")] = weightedNs / 1e6;
        root[QStringLiteral("shapes")] = rows;
        out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return kExitOk;
    });
}

} // namespace shardscope::cli
