// SPDX-License-Identifier: MIT
#include "resultjson.h"

#include "shardscope/knobs.h"

#include <QJsonArray>
#include <QStringList>

namespace shardscope {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
double i64(std::int64_t v) { return static_cast<double>(v); } // JSON numbers: exact below 2^53
} // namespace

QString csvField(const QString& v)
{
    if (!v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')) && !v.contains(QLatin1Char('\n')))
        return v;
    QString e = v;
    e.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + e + QLatin1Char('"');
}

QJsonObject architectureToJson(const Architecture& a)
{
    QJsonObject o;
    o[QStringLiteral("id")] = q(a.id);
    o[QStringLiteral("name")] = q(a.name);
    o[QStringLiteral("layers")] = i64(a.layers);
    o[QStringLiteral("hidden")] = i64(a.hidden);
    o[QStringLiteral("heads")] = i64(a.heads);
    o[QStringLiteral("kv_heads")] = i64(a.kvHeads);
    o[QStringLiteral("head_dim")] = i64(a.headDim);
    o[QStringLiteral("ffn")] = i64(a.ffn);
    o[QStringLiteral("vocab")] = i64(a.vocab);
    o[QStringLiteral("max_positions")] = i64(a.maxPositions);
    o[QStringLiteral("gated_mlp")] = a.gatedMlp;
    o[QStringLiteral("tied_embeddings")] = a.tiedEmbeddings;
    o[QStringLiteral("qkv_bias")] = a.qkvBias;
    o[QStringLiteral("attn_out_bias")] = a.attnOutBias;
    o[QStringLiteral("mlp_bias")] = a.mlpBias;
    o[QStringLiteral("norm")] = a.norm == NormKind::LayerNorm ? QStringLiteral("layernorm") : QStringLiteral("rmsnorm");
    o[QStringLiteral("norms_per_layer")] = a.normsPerLayer;
    o[QStringLiteral("dropout")] = a.dropout;
    o[QStringLiteral("experts")] = i64(a.experts);
    o[QStringLiteral("top_k")] = i64(a.topK);
    // --- MoE and MLA (issue 25): only where the architecture uses them, so dense models' files keep their keys
    if (a.moe() || a.mla() || a.qkNorm != 0 || a.attentionSinks) {
        o[QStringLiteral("moe_ffn")] = i64(a.moeFfn);
        o[QStringLiteral("shared_experts")] = i64(a.sharedExperts);
        o[QStringLiteral("shared_expert_ffn")] = i64(a.sharedExpertFfn);
        o[QStringLiteral("shared_expert_gate")] = a.sharedExpertGate;
        o[QStringLiteral("dense_layers")] = i64(a.denseLayers);
        o[QStringLiteral("moe_layer_freq")] = i64(a.moeLayerFreq);
        o[QStringLiteral("router_bias")] = a.routerBias;
        o[QStringLiteral("q_lora_rank")] = i64(a.qLoraRank);
        o[QStringLiteral("kv_lora_rank")] = i64(a.kvLoraRank);
        o[QStringLiteral("qk_rope_dim")] = i64(a.qkRopeDim);
        o[QStringLiteral("qk_nope_dim")] = i64(a.qkNopeDim);
        o[QStringLiteral("v_head_dim")] = i64(a.vHeadDim);
        o[QStringLiteral("qk_norm")] = a.qkNorm;
        o[QStringLiteral("attention_sinks")] = a.attentionSinks;
        o[QStringLiteral("mtp_layers")] = i64(a.mtpLayers);
    }
    return o;
}

QJsonObject scenarioToJson(const Scenario& s)
{
    QJsonObject o;
    // Every knob of core's table that a file holds (knobs.h); the model, the derived counts and the special knobs by name.
    for (const Knob& k : knobs()) {
        if (!k.key)
            continue;
        const QString key = QString::fromLatin1(k.key);
        switch (k.kind) {
        case KnobKind::Count:
        case KnobKind::Real: o[key] = k.get(s); break;
        case KnobKind::Switch:
        case KnobKind::Flag: o[key] = k.get(s) != 0; break;
        case KnobKind::Choice:
        case KnobKind::Text: o[key] = q(k.getKey(s)); break;
        case KnobKind::Special: break;
        }
    }
    o[QStringLiteral("model")] = q(s.arch.id);
    o[QStringLiteral("architecture")] = architectureToJson(s.arch);
    o[QStringLiteral("bare_params")] = s.bareParams ? QJsonValue(i64(*s.bareParams)) : QJsonValue();
    o[QStringLiteral("params")] = i64(s.totalParams());
    o[QStringLiteral("capacity_bytes")] = s.capacityBytes ? QJsonValue(i64(*s.capacityBytes)) : QJsonValue();
    o[QStringLiteral("dp")] = i64(s.dp());
    o[QStringLiteral("recipe")] = q(s.recipe.id);
    o[QStringLiteral("optimizer")] = QString::fromLatin1(optimizerKey(s.optimizer));
    QJsonArray off;
    for (int t = 0; t < kTermCount; ++t)
        if (!s.termEnabled[static_cast<std::size_t>(t)])
            off.append(QString::fromLatin1(termKey(static_cast<Term>(t))));
    o[QStringLiteral("terms_off")] = off;
    return o;
}

QJsonObject footprintToJson(const Scenario& s, const Footprint& f, ByteUnit units)
{
    QJsonObject root;
    QJsonObject model;
    model[QStringLiteral("id")] = q(s.arch.id);
    model[QStringLiteral("name")] = q(s.arch.name);
    model[QStringLiteral("total_params")] = i64(f.totalParams);
    model[QStringLiteral("active_params")] = s.bareParams ? i64(f.totalParams) : i64(f.paramCounts.activePerToken);
    model[QStringLiteral("bare_count")] = s.bareParams.has_value();
    model[QStringLiteral("architecture")] = architectureToJson(s.arch);
    if (finetuneAdapters(s)) // fine-tuning (issue 28): PEFT's "trainable params"
        model[QStringLiteral("trainable_params")] = i64(f.trainableParams);
    root[QStringLiteral("model")] = model;

    auto termsObject = [](const RankFootprint& r) {
        QJsonObject t;
        for (int i = 0; i < kTermCount; ++i)
            t[QString::fromLatin1(termKey(static_cast<Term>(i))) + QStringLiteral("_bytes")] = i64(r.terms[static_cast<std::size_t>(i)].bytes);
        t[QStringLiteral("total_bytes")] = i64(r.totalBytes);
        // What each measuring tool would say (issue 8): torch.cuda.max_memory_allocated / max_memory_reserved,
        // nvidia-smi, and memory_allocated between steps.
        t[QStringLiteral("peak_allocated_bytes")] = i64(r.peakAllocatedBytes);
        t[QStringLiteral("peak_reserved_bytes")] = i64(r.peakReservedBytes);
        t[QStringLiteral("device_used_bytes")] = i64(r.deviceUsedBytes);
        t[QStringLiteral("steady_state_bytes")] = i64(r.steadyStateBytes);
        t[QStringLiteral("peak_moment")] = QString::fromLatin1(stepMomentKey(r.peakMoment));
        return t;
    };
    root[QStringLiteral("per_gpu")] = termsObject(f.worstRank());
    QJsonArray ranks;
    for (const RankFootprint& r : f.ranks) {
        QJsonObject o = termsObject(r);
        o[QStringLiteral("label")] = q(r.label);
        o[QStringLiteral("stage")] = i64(r.stage);
        o[QStringLiteral("layers")] = i64(r.layers);
        o[QStringLiteral("local_params")] = i64(r.localParams);
        o[QStringLiteral("inflight_microbatches")] = i64(r.inflightMicrobatches);
        // MoE (issue 25): the routed experts' share of the model states (the rest of each term is dense)
        if (s.arch.moe()) {
            QJsonObject moe;
            moe[QStringLiteral("expert_params")] = i64(r.expertLocalParams);
            const char* keys[4] = {"params_bytes", "grads_bytes", "master_bytes", "optimizer_bytes"};
            for (std::size_t k = 0; k < 4; ++k)
                moe[QLatin1String(keys[k])] = i64(r.expertStateBytes[k]);
            moe[QStringLiteral("dispatch_bytes")] = i64(r.moeDispatchBytes);
            moe[QStringLiteral("ep")] = i64(s.ep);
            moe[QStringLiteral("expert_tp")] = i64(s.expertTp());
            moe[QStringLiteral("expert_dp")] = i64(s.expertDp());
            o[QStringLiteral("experts")] = moe;
        }
        if (finetuneAdapters(s)) { // fine-tuning (issue 28): the params term's frozen base and adapters
            o[QStringLiteral("frozen_params_bytes")] = i64(r.frozenParamBytes);
            o[QStringLiteral("adapter_params_bytes")] = i64(r.adapterParamBytes);
            o[QStringLiteral("trainable_local_params")] = i64(r.trainableLocalParams);
        }
        QJsonObject formulas;
        for (int i = 0; i < kTermCount; ++i)
            formulas[QString::fromLatin1(termKey(static_cast<Term>(i)))] = q(r.terms[static_cast<std::size_t>(i)].formula);
        o[QStringLiteral("formulas")] = formulas;
        ranks.append(o);
    }
    root[QStringLiteral("ranks")] = ranks;
    root[QStringLiteral("worst_rank")] = f.worst;
    root[QStringLiteral("capacity_bytes")] = i64(f.capacityBytes);
    root[QStringLiteral("usable_bytes")] = i64(f.usableBytes);
    root[QStringLiteral("headroom_bytes")] = i64(f.usableBytes - f.worstBytes());
    root[QStringLiteral("fits")] = f.fits;
    root[QStringLiteral("host_bytes_per_node")] = i64(f.hostBytesPerNode);
    root[QStringLiteral("nvme_bytes_per_node")] = i64(f.nvmeBytesPerNode);
    root[QStringLiteral("host_fits")] = f.hostFits;
    root[QStringLiteral("nvme_fits")] = f.nvmeFits;
    QJsonObject gpu;
    gpu[QStringLiteral("id")] = q(f.gpu.id);
    gpu[QStringLiteral("name")] = q(f.gpu.name);
    gpu[QStringLiteral("capacity_bytes")] = i64(f.gpu.capacityBytes);
    gpu[QStringLiteral("source")] = q(f.gpu.source);
    root[QStringLiteral("gpu")] = gpu;
    root[QStringLiteral("scenario")] = scenarioToJson(s);

    QJsonObject a;
    a[QStringLiteral("recipe")] = q(s.recipe.id);
    a[QStringLiteral("recipe_description")] = q(s.recipe.description);
    a[QStringLiteral("optimizer")] = QString::fromLatin1(optimizerKey(s.optimizer));
    QJsonObject bpp;
    bpp[QStringLiteral("weights")] = f.bytesPerParam.weights;
    bpp[QStringLiteral("grads")] = f.bytesPerParam.grads;
    bpp[QStringLiteral("master")] = f.bytesPerParam.master;
    bpp[QStringLiteral("optimizer")] = f.bytesPerParam.optimizer;
    bpp[QStringLiteral("total")] = f.bytesPerParam.total();
    a[QStringLiteral("bytes_per_param")] = bpp;
    a[QStringLiteral("units")] = QString::fromLatin1(unitName(units));
    a[QStringLiteral("unit_bytes")] = unitDivisor(units);
    a[QStringLiteral("activation_derivation")] = q(f.activations.derivation);
    a[QStringLiteral("activation_bytes_per_token_per_layer_over_h")] = f.activations.constant34;
    a[QStringLiteral("fits_rule")] = QStringLiteral("worst rank total <= capacity - margin");
    root[QStringLiteral("assumptions")] = a;
    return root;
}

QJsonObject minGpusToJson(const Scenario& s, const std::vector<MinGpus>& v)
{
    QJsonArray stages;
    for (const MinGpus& m : v) {
        QJsonObject o;
        o[QStringLiteral("stage")] = m.stage;
        o[QStringLiteral("min_gpus")] = m.minGpus ? QJsonValue(i64(*m.minGpus)) : QJsonValue();
        o[QStringLiteral("reason")] = q(m.reason);
        o[QStringLiteral("worst_rank_bytes")] = i64(m.bytesAtMin);
        stages.append(o);
    }
    QJsonObject root;
    root[QStringLiteral("stages")] = stages;
    root[QStringLiteral("scenario")] = scenarioToJson(s);
    return root;
}

QString footprintTable(const Scenario& s, const Footprint& f, ByteUnit units)
{
    const double div = unitDivisor(units);
    const QString u = QString::fromLatin1(unitName(units));
    QStringList lines;
    lines << QStringLiteral("%1: %2 params; %3 x %4; TP %5, PP %6, DP %7, ZeRO-%8; recipe %9 (%10 B/param)")
                 .arg(q(s.arch.name), q(withThousands(f.totalParams)))
                 .arg(s.gpus)
                 .arg(q(f.gpu.name))
                 .arg(s.tp)
                 .arg(s.pp)
                 .arg(s.dp())
                 .arg(s.zeroStage)
                 .arg(q(s.recipe.id))
                 .arg(f.bytesPerParam.total());
    QString header = QStringLiteral("%1").arg(QStringLiteral("term"), -24);
    for (const RankFootprint& r : f.ranks)
        header += QStringLiteral("%1").arg(q(r.label) + QStringLiteral(" (") + u + QLatin1Char(')'), 24);
    lines << header;
    for (int t = 0; t < kTermCount; ++t) {
        QString line = QStringLiteral("%1").arg(QString::fromLatin1(termKey(static_cast<Term>(t))), -24);
        for (const RankFootprint& r : f.ranks)
            line += QStringLiteral("%1").arg(double(r.terms[static_cast<std::size_t>(t)].bytes) / div, 24, 'f', 2);
        lines << line;
    }
    QString total = QStringLiteral("%1").arg(QStringLiteral("total"), -24);
    for (const RankFootprint& r : f.ranks)
        total += QStringLiteral("%1").arg(double(r.totalBytes) / div, 24, 'f', 2);
    lines << total;
    const double worst = double(f.worstBytes()) / div;
    const double cap = double(f.usableBytes) / div;
    lines << (f.fits ? QStringLiteral("Fits: %1 %3 of %2 %3 on the worst rank (%4)")
                     : QStringLiteral("Does not fit: %1 %3 of %2 %3 on the worst rank (%4)"))
                 .arg(worst, 0, 'f', 1)
                 .arg(cap, 0, 'f', 1)
                 .arg(u, q(f.worstRank().label));
    if (f.hostBytesPerNode > 0)
        lines << QStringLiteral("Host RAM per node: %1 %2%3").arg(double(f.hostBytesPerNode) / div, 0, 'f', 1).arg(u,
                     f.hostFits ? QString() : QStringLiteral(" (exceeds the node's RAM)"));
    if (f.nvmeBytesPerNode > 0)
        lines << QStringLiteral("NVMe per node: %1 %2%3").arg(double(f.nvmeBytesPerNode) / div, 0, 'f', 1).arg(u,
                     f.nvmeFits ? QString() : QStringLiteral(" (exceeds the node's NVMe)"));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void addStackAssumptions(QJsonObject& a, const StackChoice& stack)
{
    if (!stack.profile)
        return;
    const StackProfile& p = *stack.profile;
    auto list = [](const std::vector<StackDefault>& v) {
        QJsonArray arr;
        for (const StackDefault& d : v) {
            QJsonObject o;
            o[QStringLiteral("knob")] = q(d.knob);
            o[QStringLiteral("value")] = q(d.value);
            o[QStringLiteral("why")] = q(d.why);
            arr.append(o);
        }
        return arr;
    };
    a[QStringLiteral("stack")] = q(stackLabel(p));
    a[QStringLiteral("stack_name")] = q(p.name);
    a[QStringLiteral("stack_flop_count")] = QString::fromLatin1(flopCountKey(p.flops));
    a[QStringLiteral("stack_source")] = q(p.source);
    a[QStringLiteral("stack_defaults")] = list(stack.assumed);
    a[QStringLiteral("stack_defaults_replaced")] = list(stack.replaced);
}

QString stackAssumptionsTable(const StackChoice& stack)
{
    if (!stack.profile)
        return {};
    const StackProfile& p = *stack.profile;
    QString o = QStringLiteral("assumed by --stack %1 (%2):\n").arg(q(stackLabel(p)), q(p.name));
    if (stack.assumed.empty())
        o += QStringLiteral("  nothing: every knob the stack sets was given\n");
    for (const StackDefault& d : stack.assumed)
        o += QStringLiteral("  %1 = %2  (%3)\n").arg(q(d.knob), q(d.value), q(d.why));
    for (const StackDefault& d : stack.replaced)
        o += QStringLiteral("  %1: yours, not the stack's %2\n").arg(q(d.knob), q(d.value));
    o += QStringLiteral("  MFU and TFLOP/s convention: %1 (%2)\n").arg(QString::fromLatin1(flopCountDescription(p.flops)), q(p.source));
    return o;
}

QJsonObject stackThroughputToJson(const Scenario& s, const StepTotals& t, const StackProfile& p)
{
    QJsonObject o;
    o[QStringLiteral("stack")] = q(stackLabel(p));
    o[QStringLiteral("flop_count")] = QString::fromLatin1(flopCountKey(p.flops));
    o[QStringLiteral("model_flops")] = modelFlopsIn(p.flops, s, t);
    o[QStringLiteral("mfu")] = mfuIn(p.flops, s, t);
    o[QStringLiteral("tflops_per_gpu")] = modelTflopsPerGpuIn(p.flops, s, t);
    o[QStringLiteral("source")] = q(p.source);
    return o;
}

QString footprintCsv(const Footprint& f, ByteUnit units)
{
    const double div = unitDivisor(units);
    QStringList lines;
    lines << QStringLiteral("rank,stage,term,bytes,%1,formula").arg(QString::fromLatin1(unitName(units)));
    for (const RankFootprint& r : f.ranks) {
        for (int t = 0; t < kTermCount; ++t) {
            const TermValue& tv = r.terms[static_cast<std::size_t>(t)];
            lines << QStringLiteral("%1,%2,%3,%4,%5,%6")
                         .arg(csvField(q(r.label)))
                         .arg(r.stage)
                         .arg(QString::fromLatin1(termKey(static_cast<Term>(t))))
                         .arg(tv.bytes)
                         .arg(double(tv.bytes) / div, 0, 'f', 4)
                         .arg(csvField(q(tv.formula)));
        }
        lines << QStringLiteral("%1,%2,total,%3,%4,").arg(csvField(q(r.label))).arg(r.stage).arg(r.totalBytes).arg(double(r.totalBytes) / div, 0, 'f', 4);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace shardscope
