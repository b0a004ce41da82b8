// SPDX-License-Identifier: MIT
// `shardscope bench planner`: full layout searches (every knob) of Llama-2-70B and GPT-3 175B on 64, 512 and
// 4,096 A100 80GB GPUs, single-threaded; prints layouts evaluated per second and the slowest search as JSON.
// "ms" is the processor time of the search (std::clock: the one thread), "wall_ms" the elapsed time.
// A figure for issue 11's targets (10 million layouts per second per core, every search under 50 ms), never a test.
// "full_evaluation" runs the same six searches with nothing pruned (every layout's footprint and step time computed,
// as PlanRequest::exactPruning = false and timeLayoutsThatDoNotFit = true): what one evaluation costs.
#include "cli.h"

#include "shardscope/layoutplanner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <ctime>

namespace shardscope::cli {

int benchPlanner(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Full planner searches (all knobs) of Llama-2-70B (seq 4096, global batch 1024 sequences: Llama 2's 4M "
        "tokens) and GPT-3 175B (seq 2048, global batch 1536: GPT-3's 3.2M tokens) on 64, 512 and 4096 A100 80GB "
        "GPUs with the mixed recipe, single-threaded."));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json (the only format)."), QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        formatOption(p, {QStringLiteral("json")}, QStringLiteral("json"));
        struct Case
        {
            const char* model;
            std::int64_t seq, globalBatch;
        };
        const Case cases[] = {{"llama-2-70b", 4096, 1024}, {"gpt3-175b", 2048, 1536}};
        QJsonArray searches, fullSearches;
        double totalMs = 0, maxMs = 0, fullMs = 0;
        std::int64_t evaluated = 0, pruned = 0, fullEvaluated = 0;
        for (const Case& c : cases) {
            for (std::int64_t n : {64, 512, 4096}) {
                PlanRequest r;
                r.base = defaultScenario();
                r.base.arch = *findModelPreset(c.model);
                r.base.gpu = "a100-80gb";
                r.base.gpus = n;
                r.base.tp = 1;
                r.base.pp = 1;
                r.base.seq = c.seq;
                r.globalBatch = c.globalBatch;
                r.topK = 20;
                // Processor time of this (single) thread: the machine may be shared, and the figure is per core.
                auto timed = [&r](double& ms) {
                    const std::clock_t c0 = std::clock();
                    PlanResult res = planLayouts(r);
                    ms = 1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC;
                    return res;
                };
                auto entry = [&](const PlanResult& res, double ms) {
                    QJsonObject o;
                    o[QStringLiteral("model")] = QString::fromLatin1(c.model);
                    o[QStringLiteral("gpus")] = double(n);
                    o[QStringLiteral("layouts")] = double(res.evaluated);
                    o[QStringLiteral("ms")] = ms;
                    return o;
                };
                double ms = 0;
                const PlanResult res = timed(ms);
                QJsonObject o = entry(res, ms);
                o[QStringLiteral("pruned")] = double(res.pruned);
                o[QStringLiteral("fitting")] = double(res.fitting);
                o[QStringLiteral("pruned_slower")] = double(res.prunedSlower);
                o[QStringLiteral("wall_ms")] = res.searchMs;
                searches.append(o);
                totalMs += ms;
                maxMs = std::max(maxMs, ms);
                evaluated += res.evaluated;
                pruned += res.pruned;

                // The same search with every layout evaluated.
                r.exactPruning = false;
                r.timeLayoutsThatDoNotFit = true;
                double fms = 0;
                const PlanResult full = timed(fms);
                fullSearches.append(entry(full, fms));
                fullMs += fms;
                fullEvaluated += full.evaluated;
            }
        }
        QJsonObject root;
        root[QStringLiteral("layouts_per_second")] = totalMs > 0 ? double(evaluated) / (totalMs / 1000.0) : 0.0;
        root[QStringLiteral("layouts_pruned")] = double(pruned);
        // Every layout a search decided (timed, or pruned exactly), per second: what the searches cover.
        root[QStringLiteral("layouts_searched_per_second")]
            = totalMs > 0 ? double(evaluated + pruned) / (totalMs / 1000.0) : 0.0;
        root[QStringLiteral("max_search_ms")] = maxMs;
        root[QStringLiteral("searches")] = searches;
        QJsonObject fullRoot;
        fullRoot[QStringLiteral("layouts_per_second")] = fullMs > 0 ? double(fullEvaluated) / (fullMs / 1000.0) : 0.0;
        fullRoot[QStringLiteral("ns_per_layout")] = fullEvaluated > 0 ? fullMs * 1e6 / double(fullEvaluated) : 0.0;
        fullRoot[QStringLiteral("searches")] = fullSearches;
        root[QStringLiteral("full_evaluation")] = fullRoot;
        out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return kExitOk;
    });
}

} // namespace shardscope::cli
