// SPDX-License-Identifier: MIT
// `shardscope plan`: every parallel layout of the scenario's model on its GPUs, the best that fit first (issue 11).
#include "cli.h"
#include "scenariooptions.h"

#include "shardscope/errors.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/units.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace shardscope::cli {

namespace {

/// The most layouts `plan --top` lists (docs/cli.md).
constexpr std::int64_t kMaxPlanTop = 1000;

/// The options that give this layout to `estimate` and `step` (on top of the scenario's own options).
QString layoutOptions(const PlanLayout& l)
{
    QString o = QStringLiteral("--tp %1 --pp %2").arg(l.tp).arg(l.pp);
    if (l.vpp > 1)
        o += QStringLiteral(" --schedule interleaved --vpp %1").arg(l.vpp);
    o += QStringLiteral(" --stage %1 --micro-batch %2 --grad-accum %3 --checkpointing %4")
             .arg(l.stage)
             .arg(l.microBatch)
             .arg(l.gradAccum)
             .arg(QString::fromLatin1(checkpointingKey(l.checkpointing)));
    if (l.sequenceParallel)
        o += QStringLiteral(" --sequence-parallel");
    o += QStringLiteral(" --offload-optimizer %1 --offload-params %2")
             .arg(QString::fromLatin1(offloadKey(l.offloadOptimizer)), QString::fromLatin1(offloadKey(l.offloadParams)));
    return o;
}

QJsonObject layoutToJson(const Scenario& base, const PlanLayout& l)
{
    QJsonObject o;
    o[QStringLiteral("tp")] = double(l.tp);
    o[QStringLiteral("pp")] = double(l.pp);
    o[QStringLiteral("dp")] = double(l.dp);
    o[QStringLiteral("vpp")] = double(l.vpp);
    o[QStringLiteral("stage")] = l.stage;
    o[QStringLiteral("micro_batch")] = double(l.microBatch);
    o[QStringLiteral("grad_accum")] = double(l.gradAccum);
    o[QStringLiteral("checkpointing")] = QString::fromLatin1(checkpointingKey(l.checkpointing));
    o[QStringLiteral("sequence_parallel")] = l.sequenceParallel;
    o[QStringLiteral("offload_optimizer")] = QString::fromLatin1(offloadKey(l.offloadOptimizer));
    o[QStringLiteral("offload_params")] = QString::fromLatin1(offloadKey(l.offloadParams));
    // MoE (issue 25): the expert-parallel size and the expert TP in force (the TP size where the layout follows it).
    o[QStringLiteral("ep")] = double(l.ep);
    o[QStringLiteral("expert_tp")] = double(l.etp > 0 ? l.etp : l.tp);
    o[QStringLiteral("peak_bytes")] = double(l.peakBytes);
    o[QStringLiteral("step_time_s")] = l.stepTimeS;
    o[QStringLiteral("tflops_per_gpu")] = l.tflopsPerGpu;
    o[QStringLiteral("mfu")] = l.mfu;
    o[QStringLiteral("fits")] = l.fits;
    // Beyond the contract's keys: the schedule in force, the memory and time split, and the options.
    o[QStringLiteral("schedule")] = QString::fromLatin1(scheduleKey(applyLayout(base, l).schedule));
    o[QStringLiteral("model_state_bytes")] = double(l.modelStateBytes);
    o[QStringLiteral("activation_bytes")] = double(l.activationBytes);
    o[QStringLiteral("compute_s")] = l.computeS;
    o[QStringLiteral("exposed_comm_s")] = l.exposedCommS;
    o[QStringLiteral("bubble_s")] = l.bubbleS;
    o[QStringLiteral("optimizer_s")] = l.optimizerS;
    o[QStringLiteral("tokens_per_s_per_gpu")] = l.tokensPerSecondPerGpu;
    o[QStringLiteral("options")] = layoutOptions(l);
    return o;
}

QString planTable(const PlanRequest& r, const PlanResult& res, ByteUnit units)
{
    QString t;
    // Evaluated (timed) layouts, pruned ones (among them those a bound of their step time ruled out), those that fit.
    t += QStringLiteral("%1 on %2 x %3, global batch %4: %5 layouts evaluated, %6 pruned (%7 of them could not beat the layouts reported), %8 fit (%9 ms)\n")
             .arg(QString::fromStdString(r.base.arch.name))
             .arg(r.base.gpus)
             .arg(QString::fromStdString(resolveGpu(r.base).name))
             .arg(r.globalBatch)
             .arg(QString::fromStdString(withThousands(res.evaluated)), QString::fromStdString(withThousands(res.pruned)),
                  QString::fromStdString(withThousands(res.prunedSlower)),
                  QString::fromStdString(withThousands(res.fitting)))
             .arg(res.searchMs, 0, 'f', 1);
    if (res.layouts.empty()) {
        t += QStringLiteral("No layout fits: %1\n").arg(QString::fromStdString(res.noFitReason));
        return t;
    }
    const QString unit = QString::fromLatin1(unitName(units));
    t += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 %15\n")
             .arg(QStringLiteral("#"), 3)
             .arg(QStringLiteral("tp"), 3)
             .arg(QStringLiteral("pp"), 3)
             .arg(QStringLiteral("dp"), 5)
             .arg(QStringLiteral("vpp"), 3)
             .arg(QStringLiteral("zero"), 4)
             .arg(QStringLiteral("mb"), 4)
             .arg(QStringLiteral("ga"), 5)
             .arg(QStringLiteral("ckpt"), -9)
             .arg(QStringLiteral("sp"), 3)
             .arg(QStringLiteral("offload"), -9)
             .arg(QStringLiteral("peak ") + unit, 9)
             .arg(QStringLiteral("step s"), 9)
             .arg(QStringLiteral("TFLOP/s"), 7)
             .arg(QStringLiteral("MFU"), 6);
    // MoE (issue 25): the expert fold of each layout, after the columns every model has.
    const bool moe = r.base.arch.moe();
    if (moe)
        t.insert(t.size() - 1, QStringLiteral(" %1 %2").arg(QStringLiteral("ep"), 4).arg(QStringLiteral("etp"), 3));
    int i = 0;
    for (const PlanLayout& l : res.layouts) {
        const QString off = QStringLiteral("%1/%2").arg(QString::fromLatin1(offloadKey(l.offloadOptimizer)),
                                                         QString::fromLatin1(offloadKey(l.offloadParams)));
        t += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14 %15\n")
                 .arg(++i, 3)
                 .arg(l.tp, 3)
                 .arg(l.pp, 3)
                 .arg(l.dp, 5)
                 .arg(l.vpp, 3)
                 .arg(l.stage, 4)
                 .arg(l.microBatch, 4)
                 .arg(l.gradAccum, 5)
                 .arg(QString::fromLatin1(checkpointingKey(l.checkpointing)), -9)
                 .arg(l.sequenceParallel ? QStringLiteral("on") : QStringLiteral("off"), 3)
                 .arg(off, -9)
                 .arg(double(l.peakBytes) / unitDivisor(units), 9, 'f', 1)
                 .arg(l.stepTimeS, 9, 'f', 3)
                 .arg(l.tflopsPerGpu, 7, 'f', 1)
                 .arg(QString::number(100.0 * l.mfu, 'f', 1) + QLatin1Char('%'), 6);
        if (moe)
            t.insert(t.size() - 1, QStringLiteral(" %1 %2").arg(l.ep, 4).arg(l.etp > 0 ? l.etp : l.tp, 3));
    }
    return t;
}

} // namespace

int runPlan(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Every parallel layout of the scenario's model on its GPUs (TP within a node dividing the heads, PP dividing "
        "the layers, interleaved chunks, sequence parallel, ZeRO 0-3, micro-batch, grad accumulation to the global "
        "batch, checkpointing, offload): the best that fit, ranked. Knobs not searched keep the scenario's values; "
        "each layout's options can be passed back to estimate and step."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("global-batch"),
                                   QStringLiteral("Sequences per optimizer step: dp x micro-batch x grad-accum (default: "
                                                  "the scenario's own)."),
                                   QStringLiteral("B")));
    p.addOption(QCommandLineOption(QStringLiteral("search"),
                                   QStringLiteral("Knobs to search, comma-separated, from tp,pp,vpp,stage,micro-batch,"
                                                  "checkpointing,sequence-parallel,offload,ep (default: all; ep for a "
                                                  "MoE model only)."),
                                   QStringLiteral("KNOBS")));
    p.addOption(QCommandLineOption(QStringLiteral("rank-by"), QStringLiteral("step-time, mfu or tokens (default step-time)."),
                                   QStringLiteral("MEASURE")));
    p.addOption(QCommandLineOption(QStringLiteral("top"), QStringLiteral("Layouts to list (default 20, at most 1,000)."), QStringLiteral("K")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        const ByteUnit units = unitsFromParser(p);
        PlanRequest r = planRequestFor(scenarioFromParser(p)); // the Plan tab's request too (PlanPage::requestFor)
        if (p.isSet(QStringLiteral("global-batch")))
            r.globalBatch = parseIntOption(p.value(QStringLiteral("global-batch")), "global-batch", 1, 1000000000);
        if (p.isSet(QStringLiteral("top")))
            // At most 1,000: the K-th best prunes the search only once K layouts are timed, so --top 1,000,000 timed
            // every layout of a large cluster (107 s and 1.8 GB, or bad_alloc at 9.6 GB).
            r.topK = static_cast<int>(parseIntOption(p.value(QStringLiteral("top")), "top", 1, kMaxPlanTop));
        if (p.isSet(QStringLiteral("rank-by"))) {
            const auto by = planRankFromKey(p.value(QStringLiteral("rank-by")).toStdString());
            if (!by)
                throw InvalidInput("rank-by", "--rank-by: '" + p.value(QStringLiteral("rank-by")).toStdString()
                                       + "' must be step-time, mfu or tokens");
            r.rankBy = *by;
        }
        // MoE (issue 25): EP and expert TP are searched by default for a MoE model (PlanKnob::Ep, planRequestFor()).
        if (p.isSet(QStringLiteral("search"))) {
            r.search.fill(false);
            const QStringList knobs = p.value(QStringLiteral("search")).split(QLatin1Char(','));
            for (const QString& k : knobs) {
                const QString key = k.trimmed();
                if (key == QLatin1String("all")) {
                    r.search.fill(true);
                    continue;
                }
                const auto knob = planKnobFromKey(key.toStdString());
                if (!knob)
                    throw InvalidInput("search", "--search: unknown knob '" + key.toStdString()
                                           + "' (known: tp, pp, vpp, stage, micro-batch, checkpointing, "
                                             "sequence-parallel, offload, ep)");
                r.search[static_cast<std::size_t>(*knob)] = true;
            }
        }
        const PlanResult res = planLayouts(r);
        if (r.globalBatch == 0)
            r.globalBatch = r.base.dp() * r.base.microBatch * r.base.gradAccum;
        if (format == QLatin1String("json")) {
            QJsonObject root;
            QJsonArray layouts;
            for (const PlanLayout& l : res.layouts)
                layouts.append(layoutToJson(r.base, l));
            root[QStringLiteral("layouts")] = layouts;
            root[QStringLiteral("evaluated")] = double(res.evaluated);
            root[QStringLiteral("pruned")] = double(res.pruned);
            root[QStringLiteral("pruned_not_fitting")] = double(res.prunedNotFitting);
            root[QStringLiteral("pruned_slower")] = double(res.prunedSlower);
            root[QStringLiteral("search_ms")] = res.searchMs;
            root[QStringLiteral("fitting")] = double(res.fitting);
            root[QStringLiteral("global_batch")] = double(r.globalBatch);
            root[QStringLiteral("rank_by")] = QString::fromLatin1(planRankKey(r.rankBy));
            root[QStringLiteral("no_fit_reason")]
                = res.noFitReason.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(res.noFitReason));
            out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        } else {
            out(planTable(r, res, units));
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
