// SPDX-License-Identifier: MIT
#include "shardscope/footprint.h"

#include "shardscope/errors.h"
#include "shardscope/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {

std::int64_t shardOf(std::int64_t count, std::int64_t d, std::int64_t rank)
{
    return count / d + (rank < count % d ? 1 : 0);
}

namespace {

constexpr double kMaxTermBytes = 4e17;

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

std::string num(double v)
{
    char buf[64];
    if (std::fabs(v - std::round(v)) < 1e-9)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

std::string gb(double bytes) { return formatBytes(bytes, ByteUnit::GB, 2); }

/// Layer counts per pipeline stage: the first L % p stages take one more (documented).
std::int64_t layersOnStage(std::int64_t L, std::int64_t p, std::int64_t i) { return L / p + (i < L % p ? 1 : 0); }
std::int64_t layersBefore(std::int64_t L, std::int64_t p, std::int64_t i)
{
    std::int64_t n = 0;
    for (std::int64_t k = 0; k < i; ++k)
        n += layersOnStage(L, p, k);
    return n;
}

struct StageParams
{
    std::int64_t local = 0; ///< one TP rank's params on the stage
    std::int64_t perLayerLocal = 0; ///< one layer on one TP rank
    std::int64_t embeddingLocal = 0; ///< embedding / LM head on this stage and TP rank
    std::string how;
};

/// Params of one TP rank of stage i. Megatron's split: column-parallel Q/K/V and MLP-in, row-parallel
/// output projections (their biases replicated), vocab-parallel embedding and LM head, norms and the
/// router replicated. With tied embeddings and PP > 1 the last stage holds its own copy of the
/// embedding for the LM head (Megatron), kept in sync by an all-reduce.
StageParams stageParams(const Scenario& s, std::int64_t i)
{
    const Architecture& a = s.arch;
    const std::int64_t t = s.tp, p = s.pp;
    const std::int64_t Li = layersOnStage(a.layers, p, i);
    const bool first = i == 0, last = i == p - 1;
    StageParams sp;
    if (s.bareParams) {
        // A bare count: the embedding of its GPT shape (at most half the count) on the first stage,
        // the rest spread over the layers in proportion; the stages add up to the count exactly.
        const std::int64_t total = *s.bareParams;
        const std::int64_t emb = std::min(a.vocab * a.hidden, total / 2);
        const std::int64_t pool = total - emb;
        const std::int64_t before = layersBefore(a.layers, p, i);
        std::int64_t mine = pool * (before + Li) / a.layers - pool * before / a.layers;
        // Exact int arithmetic above can overflow for 100T x 1e5 layers; use long double then.
        if (pool > 0 && (before + Li) > 0 && pool > INT64_MAX / (before + Li + 1)) {
            const long double f = static_cast<long double>(pool);
            mine = static_cast<std::int64_t>(std::floor(f * (before + Li) / a.layers))
                - static_cast<std::int64_t>(std::floor(f * before / a.layers));
        }
        sp.embeddingLocal = first ? ceilDiv(emb, t) : 0;
        sp.perLayerLocal = ceilDiv(pool / a.layers, t);
        sp.local = ceilDiv(mine, t) + sp.embeddingLocal;
        sp.how = "bare count split by its GPT shape";
        return sp;
    }
    const ParamCounts c = countParams(a);
    const std::int64_t h = a.hidden;
    const std::int64_t hd = a.headDim > 0 ? a.headDim : h / a.heads;
    const std::int64_t qH = a.heads / t;
    const std::int64_t kvH = a.kvHeads % t == 0 ? a.kvHeads / t : 1; // fewer KV heads than TP: replicated
    std::int64_t attn = h * hd * (qH + 2 * kvH) + qH * hd * h;
    if (a.qkvBias)
        attn += hd * (qH + 2 * kvH);
    if (a.attnOutBias)
        attn += h;
    const std::int64_t fL = ceilDiv(a.ffn, t);
    std::int64_t expert = (a.gatedMlp ? 3 : 2) * h * fL;
    if (a.mlpBias)
        expert += (a.gatedMlp ? 2 : 1) * fL + h;
    const std::int64_t mlp = std::max<std::int64_t>(1, a.experts) * expert;
    sp.perLayerLocal = attn + mlp + c.routerPerLayer + c.normsPerLayer;
    const std::int64_t vL = ceilDiv(a.vocab, t) * h;
    std::int64_t extra = 0;
    if (first) {
        sp.embeddingLocal += vL + c.positionEmbedding;
        extra += vL + c.positionEmbedding;
    }
    if (last) {
        extra += c.finalNorm;
        if (!a.tiedEmbeddings || p > 1) {
            sp.embeddingLocal = std::max(sp.embeddingLocal, vL);
            extra += vL;
        }
    }
    sp.local = Li * sp.perLayerLocal + extra;
    sp.how = t > 1 ? "Megatron TP split" : "";
    return sp;
}

/// Micro-batches (layer-microbatch equivalents / layers) whose activations stage i holds.
struct Inflight
{
    double layerMicrobatches = 0; ///< sum over held micro-batches of the layers they cover
    std::int64_t microbatches = 0;
    std::string how;
};

Inflight inflight(const Scenario& s, std::int64_t i, std::int64_t Li)
{
    const std::int64_t p = s.pp, m = s.gradAccum;
    Inflight f;
    if (p == 1) {
        f.microbatches = 1;
        f.how = "1 micro-batch at a time (gradient accumulation runs them in turn)";
    } else if (s.schedule == PipelineSchedule::GPipe) {
        f.microbatches = m;
        f.how = "GPipe holds all m = " + std::to_string(m) + " micro-batches";
    } else if (s.schedule == PipelineSchedule::OneFOneB) {
        f.microbatches = std::min(p - i, m);
        f.how = "1F1B: stage " + std::to_string(i) + " holds min(p - i, m) = " + std::to_string(f.microbatches);
    } else {
        // Megatron interleaved: warm-up (p - i - 1) * 2 + (v - 1) * p chunks, plus the one in progress;
        // each chunk is L_i / v layers (Korthikanti et al. 2022: L(1 + (p-1)/(p v)) on the first stage).
        const std::int64_t v = s.vpp;
        const std::int64_t chunks = std::min((p - i - 1) * 2 + (v - 1) * p + 1, m * v);
        f.microbatches = ceilDiv(chunks, v);
        f.layerMicrobatches = static_cast<double>(chunks) * static_cast<double>(Li) / static_cast<double>(v);
        f.how = "interleaved: " + std::to_string(chunks) + " model chunks of " + num(double(Li) / double(v))
            + " layers in flight";
        return f;
    }
    f.layerMicrobatches = static_cast<double>(f.microbatches) * static_cast<double>(Li);
    return f;
}

} // namespace

LayerActivations layerActivations(const Scenario& s)
{
    const Architecture& a = s.arch;
    const double h = double(a.hidden);
    const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
    const double q = double(a.heads) * hd;
    const double kv = double(a.kvHeads) * hd;
    const double f = double(a.ffn);
    const double t = double(s.tp);
    const double sq = double(s.seq);
    const double tokens = double(s.seq) * double(s.microBatch);
    const double k = a.experts > 1 ? double(std::min(a.topK, a.experts)) : 1.0;
    const double rt = s.sequenceParallel ? t : 1.0; // SP splits the replicated part too

    LayerActivations la;
    // Korthikanti et al. 2022, section 4.1, generalised: 16-bit tensors (2 B), dropout masks 1 B.
    // Replicated over TP: the norms' inputs, the QKV input, the MLP input, the two dropout masks.
    la.perTokenReplicated = a.normsPerLayer * 2 * h + 2 * h + 2 * h + (a.dropout ? 2 * h : 0);
    // Split over TP: Q, K (for QK^T), V, the attention output (out-proj input), the MLP intermediates:
    // GeLU input and output (4f), or for a gated MLP Megatron's fused SwiGLU input (gate|up, 4f) and
    // output (2f). MoE: each token passes through top-k experts.
    const double mlpInter = (a.gatedMlp ? 6 * f : 4 * f) * k;
    // With fewer KV heads than TP ranks each rank keeps one replicated KV head (as stageParams() does for
    // the weights), so K and V count as t heads' worth before the division by t.
    const double kvSplit = a.kvHeads % s.tp == 0 ? kv : double(s.tp) * hd;
    la.perTokenSplit = 2 * q + 2 * kvSplit + 2 * kvSplit + 2 * q + mlpInter;
    // Attention scores: softmax output (2 B) + dropout mask (1 B) + dropout output (2 B) per head and
    // key: 5 a s; without attention dropout 2 a s. FlashAttention keeps only its fp32 log-sum-exp (4 a).
    if (s.flashAttention)
        la.perTokenSplit += 4 * double(a.heads);
    else
        la.perTokenScores = (a.dropout ? 5.0 : 2.0) * double(a.heads) * sq;
    la.constant34 = (la.perTokenReplicated + la.perTokenSplit - (s.flashAttention ? 4 * double(a.heads) : 0)) / h;

    const double full = tokens * (la.perTokenReplicated / rt + la.perTokenSplit / t + la.perTokenScores / t);
    la.workingBytes = full;
    char buf[512];
    switch (s.checkpointing) {
    case Checkpointing::None:
        la.storedBytes = full;
        std::snprintf(buf, sizeof buf,
                      "s*b*(%s/%s + %s/t + %s/t) per layer: s*b*h*(%s + %s a s/h) without TP, s=%lld, b=%lld, t=%lld",
                      num(la.perTokenReplicated).c_str(), s.sequenceParallel ? "t" : "1",
                      num(la.perTokenSplit).c_str(), num(la.perTokenScores).c_str(), num(la.constant34).c_str(),
                      s.flashAttention ? "0" : (a.dropout ? "5" : "2"), static_cast<long long>(s.seq),
                      static_cast<long long>(s.microBatch), static_cast<long long>(s.tp));
        break;
    case Checkpointing::Selective:
        // Selective recompute: the attention core (scores) is recomputed, the rest kept.
        la.storedBytes = tokens * (la.perTokenReplicated / rt + la.perTokenSplit / t);
        la.workingBytes = tokens * la.perTokenScores / t;
        std::snprintf(buf, sizeof buf, "selective: s*b*(%s/%s + %s/t) per layer, attention scores recomputed",
                      num(la.perTokenReplicated).c_str(), s.sequenceParallel ? "t" : "1",
                      num(la.perTokenSplit).c_str());
        break;
    case Checkpointing::Full:
        // Full recompute keeps each layer's input (2 s b h, split with SP) plus one layer's full set
        // while it is recomputed.
        la.storedBytes = tokens * 2 * h / rt;
        std::snprintf(buf, sizeof buf, "full: 2*s*b*h%s per layer (its input)", s.sequenceParallel ? "/t" : "");
        break;
    }
    la.derivation = buf;
    return la;
}

Footprint computeFootprint(const Scenario& s)
{
    validateScenario(s);
    Footprint fp;
    fp.totalParams = s.totalParams();
    fp.paramCounts = countParams(s.arch);
    fp.bytesPerParam = effectiveBytesPerParam(s);
    fp.gpu = resolveGpu(s);
    fp.capacityBytes = fp.gpu.capacityBytes;
    fp.usableBytes = fp.capacityBytes - static_cast<std::int64_t>(std::llround(s.safetyMarginBytes));
    fp.activations = layerActivations(s);

    const BytesPerParam& b = fp.bytesPerParam;
    const std::int64_t d = s.dp();
    const std::int64_t p = s.pp;
    const int z = s.zeroStage;
    const double tokens = double(s.seq) * double(s.microBatch);
    const double rt = s.sequenceParallel ? double(s.tp) : 1.0;
    const std::int64_t ranksPerNode = std::min(s.gpusPerNode, s.gpus);
    const bool offOpt = s.offloadOptimizer != OffloadDevice::None;
    const bool offPar = s.offloadParams != OffloadDevice::None;

    std::vector<RankFootprint> stages;
    stages.reserve(static_cast<std::size_t>(p));
    std::int64_t worstHost = 0, worstNvme = 0;
    for (std::int64_t i = 0; i < p; ++i) {
        RankFootprint r;
        r.stage = i;
        r.layers = layersOnStage(s.arch.layers, p, i);
        const StageParams sp = stageParams(s, i);
        r.localParams = sp.local;
        r.perLayerLocalParams = sp.perLayerLocal;
        const std::int64_t P = sp.local;
        const std::int64_t shard = ceilDiv(P, d);
        const std::string where = (p > 1 || s.tp > 1)
            ? withThousands(P) + " params on stage " + std::to_string(i) + (s.tp > 1 ? " per TP rank" : "")
            : withThousands(P) + " params";
        auto set = [&](Term t, double bytes, std::string formula) {
            auto& tv = r.terms[static_cast<std::size_t>(t)];
            if (!s.enabled(t)) {
                tv.bytes = 0;
                tv.formula = "switched off";
                return;
            }
            // Beyond 4e17 B (400 PB) on one GPU there is no meaningful answer, and the rank's total of
            // 12 such terms (fragmentation up to 99%) must still fit an int64: refuse, never wrap around.
            if (!std::isfinite(bytes) || bytes < 0 || bytes > kMaxTermBytes) {
                const bool tokens = t == Term::Activations || t == Term::Logits;
                const std::string amount = std::isfinite(bytes) ? formatBytes(bytes, ByteUnit::GB, 0) : "unbounded bytes";
                throw InvalidInput(tokens ? "seq" : "params",
                                   std::string(tokens ? "--seq: sequence length x micro-batch x micro-batches in flight"
                                                      : "--params: the model")
                                       + " puts " + amount + " of " + termKey(t)
                                       + " on one GPU, beyond the model's range (at most "
                                       + formatBytes(kMaxTermBytes, ByteUnit::GB, 0) + " a term)");
            }
            tv.bytes = static_cast<std::int64_t>(std::llround(bytes));
            tv.formula = std::move(formula);
        };
        auto modelState = [&](Term t, double bpp, bool sharded, bool offloaded, const char* device) {
            const std::int64_t elems = sharded ? shard : flatBufferElements(s, P);
            std::string f = num(bpp) + " B/param x " + where;
            if (sharded && d > 1)
                f += " / " + std::to_string(d) + " (ZeRO-" + std::to_string(z) + " over d=" + std::to_string(d) + ")";
            else if (d > 1)
                f += " (replicated over d=" + std::to_string(d) + ")";
            if (offloaded) {
                set(t, 0, f + ", offloaded to " + device);
                return;
            }
            set(t, double(elems) * bpp, f);
        };
        const char* optDev = s.offloadOptimizer == OffloadDevice::Nvme ? "NVMe" : "CPU";
        const char* parDev = s.offloadParams == OffloadDevice::Nvme ? "NVMe" : "CPU";
        modelState(Term::Params, b.weights, z >= 3, offPar, parDev);
        modelState(Term::Grads, b.grads, z >= 2, false, "");
        modelState(Term::Master, b.master, z >= 1, offOpt, optDev);
        modelState(Term::Optimizer, b.optimizer, z >= 1, offOpt, optDev);

        // Activations.
        const Inflight fl = inflight(s, i, r.layers);
        r.inflightMicrobatches = fl.microbatches;
        double act = fp.activations.storedBytes * fl.layerMicrobatches;
        std::string af = fp.activations.derivation + " x " + num(fl.layerMicrobatches) + " layer-micro-batches ("
            + fl.how + ")";
        if (s.checkpointing != Checkpointing::None && r.layers > 0) {
            act += fp.activations.workingBytes;
            af += " + one layer's recompute working set " + gb(fp.activations.workingBytes);
        }
        if (i == 0 && s.arch.dropout) {
            act += tokens * double(s.arch.hidden) / rt * double(fl.microbatches); // embedding dropout mask
            af += " + embedding dropout mask s*b*h";
        }
        if (i == p - 1) {
            act += tokens * 4.0 * double(s.arch.hidden) / rt; // final norm input and LM-head input
            af += " + final norm and LM-head inputs 4*s*b*h";
        }
        set(Term::Activations, act, af);
        if (i == p - 1) {
            const double vL = double(ceilDiv(s.arch.vocab, s.tp));
            set(Term::Logits, tokens * vL * 6.0,
                "s*b*V/t x (2 B logits + 4 B fp32 copy for the loss) = " + std::to_string(s.seq) + " x "
                    + std::to_string(s.microBatch) + " x " + withThousands(static_cast<std::int64_t>(vL)) + " x 6");
        } else {
            set(Term::Logits, 0, "only the last stage computes the logits");
        }

        // ZeRO-3 live units: the largest FSDP unit (a transformer block or the embedding) in use,
        // plus zero3PrefetchUnits prefetched; its full grads before the reduce-scatter.
        const std::int64_t unit = std::max(sp.perLayerLocal, sp.embeddingLocal);
        if (z == 3 && d > 1) {
            set(Term::Zero3GatheredParams, double(1 + s.zero3PrefetchUnits) * double(unit) * b.weights,
                std::to_string(1 + s.zero3PrefetchUnits) + " units (current + prefetched) x "
                    + withThousands(unit) + " params x " + num(b.weights) + " B");
            set(Term::Zero3UnshardedGrads, double(unit) * b.grads,
                "one unit's full grads: " + withThousands(unit) + " params x " + num(b.grads) + " B");
        } else {
            set(Term::Zero3GatheredParams, 0, z == 3 ? "d = 1: nothing to gather" : "ZeRO-3 only");
            set(Term::Zero3UnshardedGrads, 0, z == 3 ? "d = 1: nothing to reduce-scatter" : "ZeRO-3 only");
        }

        // Communication buckets.
        if (d <= 1) {
            set(Term::CommBuckets, 0, "d = 1: no data-parallel communication");
        } else if (z == 0) {
            if (s.ddpGradientAsBucketView)
                set(Term::CommBuckets, 0, "DDP gradient_as_bucket_view=True: buckets are views of the grads");
            else
                set(Term::CommBuckets, double(P) * b.grads,
                    "DDP buckets copy every gradient (gradient_as_bucket_view=False): " + num(b.grads) + " B x "
                        + withThousands(P));
        } else {
            const std::int64_t rb = std::min(s.reduceBucketElements, P);
            double bytes = double(rb) * b.grads;
            std::string f = "reduce bucket " + withThousands(rb) + " elements x " + num(b.grads) + " B";
            if (z < 3) {
                const std::int64_t ab = std::min(s.allgatherBucketElements, P);
                bytes += double(ab) * b.weights;
                f += " + all-gather bucket " + withThousands(ab) + " x " + num(b.weights) + " B";
            }
            set(Term::CommBuckets, bytes, f);
        }

        if (s.recipe.fp8) {
            set(Term::Fp8Transients, 2.0 * double(sp.perLayerLocal),
                "fp8 weight cast and its transpose for the layer in use: 2 x 1 B x " + withThousands(sp.perLayerLocal));
        } else {
            set(Term::Fp8Transients, 0, "fp8 recipes only");
        }

        set(Term::CudaContext, double(s.cudaContextBytes), "CUDA context + workspaces: " + gb(double(s.cudaContextBytes)));
        std::int64_t sum = 0;
        for (int t = 0; t < kTermCount; ++t)
            if (static_cast<Term>(t) != Term::CudaContext && static_cast<Term>(t) != Term::Fragmentation)
                sum += r.terms[static_cast<std::size_t>(t)].bytes;
        set(Term::Fragmentation, s.fragmentation * double(sum),
            num(s.fragmentation * 100) + "% of " + gb(double(sum)) + " allocated");
        r.totalBytes = 0;
        for (const auto& tv : r.terms)
            r.totalBytes += tv.bytes;

        // Host RAM and NVMe per node (DeepSpeed's CPU Adam keeps master, moments and fp32 grads: 16 B/param
        // with Adam; parameter offload adds the 16-bit params: its estimator's 18 B).
        double host = 0, nvme = 0;
        if (offOpt) {
            const double opt = double(shard) * (b.master + b.optimizer);
            const double fp32Grads = double(shard) * 4.0;
            host += fp32Grads;
            if (s.offloadOptimizer == OffloadDevice::Cpu)
                host += opt;
            else {
                nvme += opt;
                host += 4.0 * 1e8 * 4.0; // aio pinned buffers: buffer_count 4 x buffer_size 1e8 fp32
            }
        }
        if (offPar) {
            const double par = double(shard) * b.weights;
            if (s.offloadParams == OffloadDevice::Cpu)
                host += par;
            else {
                nvme += par;
                host += 5.0 * 1e8 * 2.0; // param buffers: buffer_count 5 x buffer_size 1e8 16-bit
            }
        }
        worstHost = std::max(worstHost, static_cast<std::int64_t>(std::llround(host * double(ranksPerNode))));
        worstNvme = std::max(worstNvme, static_cast<std::int64_t>(std::llround(nvme * double(ranksPerNode))));
        stages.push_back(std::move(r));
    }

    // Distinct ranks: first, a middle (stage 1: the fullest middle under 1F1B), last, and the worst.
    std::size_t worstStage = 0;
    for (std::size_t i = 1; i < stages.size(); ++i)
        if (stages[i].totalBytes > stages[worstStage].totalBytes)
            worstStage = i;
    std::vector<std::size_t> pick;
    if (p == 1) {
        stages[0].label = "all ranks";
        pick = {0};
    } else {
        stages[0].label = "first stage";
        pick.push_back(0);
        if (p >= 3) {
            stages[1].label = "middle stage";
            pick.push_back(1);
        }
        stages[static_cast<std::size_t>(p - 1)].label = "last stage";
        pick.push_back(static_cast<std::size_t>(p - 1));
        if (std::find(pick.begin(), pick.end(), worstStage) == pick.end()) {
            stages[worstStage].label = "stage " + std::to_string(worstStage) + " (worst)";
            pick.push_back(worstStage);
        }
    }
    for (std::size_t i : pick) {
        if (i == worstStage)
            fp.worst = static_cast<int>(fp.ranks.size());
        fp.ranks.push_back(std::move(stages[i]));
    }
    fp.fits = fp.worstBytes() <= fp.usableBytes;
    fp.hostBytesPerNode = worstHost;
    fp.nvmeBytesPerNode = worstNvme;
    fp.hostFits = worstHost <= s.hostRamBytesPerNode;
    fp.nvmeFits = worstNvme <= s.nvmeBytesPerNode;
    return fp;
}

} // namespace shardscope
