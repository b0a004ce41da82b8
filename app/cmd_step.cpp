// SPDX-License-Identifier: MIT
#include "cli.h"
#include "resultjson.h"
#include "scenariooptions.h"

#include "shardscope/step.h"
#include "shardscope/units.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace shardscope::cli {

namespace {

QJsonValue orNull(std::int64_t v) { return v < 0 ? QJsonValue() : QJsonValue(static_cast<double>(v)); }

QJsonObject stepToJson(const Scenario& s, const StepResult& r, const StackChoice& stack)
{
    QJsonObject root;
    QJsonArray events;
    for (const StepEvent& e : r.events) {
        QJsonObject o;
        o[QStringLiteral("start_s")] = e.start;
        o[QStringLiteral("duration_s")] = e.duration;
        o[QStringLiteral("kind")] = QString::fromLatin1(eventKindKey(e.kind));
        o[QStringLiteral("group")] = e.group == CommGroup::None ? QJsonValue() : QJsonValue(QString::fromLatin1(commGroupKey(e.group)));
        o[QStringLiteral("bytes")] = e.bytes;
        o[QStringLiteral("layer")] = orNull(e.layer);
        o[QStringLiteral("microbatch")] = orNull(e.microbatch);
        o[QStringLiteral("phase")] = QString::fromLatin1(stepPhaseKey(e.phase));
        o[QStringLiteral("part")] = QString::fromLatin1(eventPartKey(e.part));
        if (e.isComm()) {
            o[QStringLiteral("buffer_bytes")] = e.bufferBytes;
            o[QStringLiteral("group_size")] = static_cast<double>(e.groupSize);
            o[QStringLiteral("crosses_nodes")] = e.crossesNodes;
            o[QStringLiteral("exposed_s")] = e.exposedSeconds;
        } else {
            o[QStringLiteral("flops")] = e.flops;
        }
        if (e.layerCount > 1)
            o[QStringLiteral("layer_count")] = static_cast<double>(e.layerCount);
        if (e.microbatchCount > 1)
            o[QStringLiteral("microbatch_count")] = static_cast<double>(e.microbatchCount);
        if (e.chunk > 0)
            o[QStringLiteral("chunk")] = static_cast<double>(e.chunk);
        events.append(o);
    }
    root[QStringLiteral("events")] = events;

    const StepTotals& t = r.totals;
    QJsonObject totals;
    totals[QStringLiteral("step_time_s")] = t.stepTime;
    totals[QStringLiteral("tflops_per_gpu")] = t.tflopsPerGpu;
    totals[QStringLiteral("mfu")] = t.mfu;
    // Model FLOPs (no recompute) per second per GPU in our count (the whole score matrix): what MFU divides by the peak.
    totals[QStringLiteral("model_tflops_per_gpu")] = modelTflopsPerGpuIn(FlopCount::Full, s, t);
    totals[QStringLiteral("tokens_per_s_per_gpu")] = t.tokensPerSecondPerGpu;
    totals[QStringLiteral("compute_s")] = t.computeSeconds;
    totals[QStringLiteral("exposed_comm_s")] = t.exposedCommSeconds;
    totals[QStringLiteral("bubble_s")] = t.bubbleSeconds;
    totals[QStringLiteral("recompute_s")] = t.recomputeSeconds;
    totals[QStringLiteral("optimizer_s")] = t.optimizerSeconds;
    totals[QStringLiteral("hidden_comm_s")] = t.hiddenCommSeconds;
    totals[QStringLiteral("bubble_fraction")] = t.bubbleFraction;
    totals[QStringLiteral("ideal_bubble_fraction")] = t.analyticBubbleFraction;
    totals[QStringLiteral("executed_flops")] = t.executedFlops;
    totals[QStringLiteral("model_flops")] = t.modelFlops;
    totals[QStringLiteral("tokens_per_step")] = t.tokensPerStep;
    QJsonObject bytes;
    bytes[QStringLiteral("dp")] = t.dpBytes;
    bytes[QStringLiteral("tp")] = t.tpBytes;
    bytes[QStringLiteral("pp")] = t.ppBytes;
    bytes[QStringLiteral("host")] = t.hostBytes;
    if (s.arch.moe()) { // MoE (issue 25): the all-to-alls, 4 per MoE layer per micro-batch
        bytes[QStringLiteral("ep")] = t.epBytes;
        totals[QStringLiteral("ep_all_to_all_s")] = t.epSeconds;
        totals[QStringLiteral("ep_overlap_cost_s")] = t.epOverlapCostSeconds;
        totals[QStringLiteral("ep_sync_s")] = t.epSyncSeconds;
    }
    totals[QStringLiteral("comm_bytes_per_gpu")] = bytes;
    root[QStringLiteral("totals")] = totals;
    root[QStringLiteral("fits")] = r.fits;
    QJsonArray warnings;
    for (const std::string& w : r.warnings)
        warnings.append(QString::fromStdString(w));
    root[QStringLiteral("warnings")] = warnings;

    QJsonObject links;
    links[QStringLiteral("peak_flops")] = r.links.peakFlops;
    links[QStringLiteral("intra_node_bytes_per_second")] = r.links.intraNodeBytesPerSecond;
    links[QStringLiteral("inter_node_bytes_per_second")] = r.links.interNodeBytesPerSecond;
    links[QStringLiteral("pcie_bytes_per_second")] = r.links.pcieBytesPerSecond;
    links[QStringLiteral("tp_crosses_nodes")] = r.links.tpCrossesNodes;
    links[QStringLiteral("dp_crosses_nodes")] = r.links.dpCrossesNodes;
    links[QStringLiteral("pp_crosses_nodes")] = r.links.ppCrossesNodes;
    links[QStringLiteral("rank_layout")] = QStringLiteral("megatron: tp fastest, then dp, then pp");
    root[QStringLiteral("links")] = links;

    QJsonArray memory;
    for (const MemoryPoint& m : r.memory)
        memory.append(QJsonArray {m.t, static_cast<double>(m.bytes)});
    root[QStringLiteral("memory")] = memory; // [t_s, bytes] pairs, a step function
    root[QStringLiteral("peak_bytes")] = static_cast<double>(r.peakBytes);
    root[QStringLiteral("capacity_bytes")] = static_cast<double>(r.footprint.capacityBytes);
    // The measure peak_bytes is in (issue 13): allocated, reserved or device-used (--capacity-measure).
    root[QStringLiteral("peak_measure")] = QString::fromLatin1(capacityMeasureKey(s.capacityMeasure));
    root[QStringLiteral("worst_stage")] = static_cast<double>(r.worstStage);
    root[QStringLiteral("aggregated")] = r.aggregated;
    root[QStringLiteral("layers_per_event")] = static_cast<double>(r.layersPerEvent);
    root[QStringLiteral("blocks_per_event")] = static_cast<double>(r.opsPerEvent);
    root[QStringLiteral("scenario")] = scenarioToJson(s);
    if (stack.profile) { // issue 24: the stack's own MFU and TFLOP/s, and what it assumed
        root[QStringLiteral("stack")] = stackThroughputToJson(s, t, *stack.profile);
        QJsonObject assumptions;
        addStackAssumptions(assumptions, stack);
        root[QStringLiteral("assumptions")] = assumptions;
    }
    return root;
}

/// How each capacity measure is measured, for the table's "peak memory" line.
QString measureDescription(CapacityMeasure m)
{
    switch (m) {
    case CapacityMeasure::Allocated:
        return QStringLiteral("allocated (torch.cuda.max_memory_allocated)");
    case CapacityMeasure::Reserved:
        return QStringLiteral("reserved (torch.cuda.max_memory_reserved: allocated + fragmentation)");
    case CapacityMeasure::DeviceUsed:
        break;
    }
    return QStringLiteral("device used (nvidia-smi: reserved + CUDA context)");
}

QString stepTable(const Scenario& s, const StepResult& r, const StackChoice& stack)
{
    const StepTotals& t = r.totals;
    auto sec = [](double v) -> QString { return QString::number(v, 'f', 3) + QStringLiteral(" s"); };
    auto gb = [](double v) -> QString { return QString::fromStdString(formatBytes(v, ByteUnit::GB, 2)); };
    QString o;
    o += QStringLiteral("step time            %1\n").arg(sec(t.stepTime));
    o += QStringLiteral("  compute            %1\n").arg(sec(t.computeSeconds));
    o += QStringLiteral("  recompute          %1\n").arg(sec(t.recomputeSeconds));
    o += QStringLiteral("  exposed comm       %1\n").arg(sec(t.exposedCommSeconds));
    o += QStringLiteral("  pipeline bubble    %1 (%2% of the step; ideal %3%)\n")
             .arg(sec(t.bubbleSeconds))
             .arg(t.bubbleFraction * 100, 0, 'f', 1)
             .arg(t.analyticBubbleFraction * 100, 0, 'f', 1);
    o += QStringLiteral("  optimizer          %1\n").arg(sec(t.optimizerSeconds));
    o += QStringLiteral("hidden comm          %1 (overlapped)\n").arg(sec(t.hiddenCommSeconds));
    o += QStringLiteral("TFLOP/s per GPU      %1 (executed, recompute included)\n").arg(t.tflopsPerGpu, 0, 'f', 1);
    o += QStringLiteral("MFU                  %1%\n").arg(t.mfu * 100, 0, 'f', 1);
    if (stack.profile) { // ours and the stack's: model FLOPs only, each in its count
        const StackProfile& p = *stack.profile;
        o += QStringLiteral("  model TFLOP/s      %1 per GPU (ours: %2)\n")
                 .arg(modelTflopsPerGpuIn(FlopCount::Full, s, t), 0, 'f', 1)
                 .arg(QString::fromLatin1(flopCountDescription(FlopCount::Full)));
        o += QStringLiteral("  as %1 counts  MFU %2%, %3 TFLOP/s per GPU (%4)\n")
                 .arg(QString::fromStdString(stackLabel(p)))
                 .arg(mfuIn(p.flops, s, t) * 100, 0, 'f', 1)
                 .arg(modelTflopsPerGpuIn(p.flops, s, t), 0, 'f', 1)
                 .arg(QString::fromLatin1(flopCountDescription(p.flops)));
    }
    o += QStringLiteral("tokens/s per GPU     %1\n").arg(t.tokensPerSecondPerGpu, 0, 'f', 1);
    o += QStringLiteral("wire bytes per GPU   dp %1, tp %2, pp %3, host %4\n")
             .arg(gb(t.dpBytes), gb(t.tpBytes), gb(t.ppBytes), gb(t.hostBytes));
    if (s.arch.moe())
        o += QStringLiteral("  all-to-all (EP)    %1 in %2 before overlap (4 per MoE layer per micro-batch)\n")
                 .arg(gb(t.epBytes), sec(t.epSeconds));
    if (t.epOverlapCostSeconds > 0)
        o += QStringLiteral("  EP overlap cost    %1 in compute (Megatron-Core's measured cost per MoE layer and "
                            "micro-batch; docs/model.md)\n")
                 .arg(sec(t.epOverlapCostSeconds));
    if (t.epSyncSeconds > 0)
        o += QStringLiteral("  EP sync idle       %1 in compute (Megatron-Core's dropless dispatcher waits for the "
                            "device once per MoE layer forward; measured; docs/model.md)\n")
                 .arg(sec(t.epSyncSeconds));
    o += QStringLiteral("peak memory          %1 of %2 (%3)\n")
             .arg(gb(double(r.peakBytes)), gb(double(r.footprint.capacityBytes)),
                  r.fits ? QStringLiteral("fits") : QStringLiteral("does not fit"));
    o += QStringLiteral("  measured as        %1; --capacity-measure\n").arg(measureDescription(s.capacityMeasure));
    o += QStringLiteral("events               %1%2\n")
             .arg(r.events.size())
             .arg(r.aggregated ? QStringLiteral(" (aggregated: %1 layers, %2 blocks per event)")
                                     .arg(r.layersPerEvent)
                                     .arg(r.opsPerEvent)
                               : QString());
    return o;
}

} // namespace

int runStep(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "One optimizer step of the worst rank: compute, collectives (kind, group, bytes, alpha-beta time), "
        "pipeline bubble, step time, TFLOP/s, MFU and memory over the step. Answers for scenarios that do "
        "not fit too (fits: false)."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        StackChoice stack;
        const Scenario s = scenarioFromParser(p, {}, &stack);
        const StepResult r = computeStep(s);
        if (format == QLatin1String("json")) {
            out(QString::fromUtf8(QJsonDocument(stepToJson(s, r, stack)).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
        } else {
            out(stepTable(s, r, stack) + stackAssumptionsTable(stack));
            for (const std::string& w : r.warnings)
                err(QStringLiteral("shardscope: warning: ") + QString::fromStdString(w) + QLatin1Char('\n'));
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
