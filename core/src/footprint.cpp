// SPDX-License-Identifier: MIT
#include "shardscope/footprint.h"

#include "shardscope/errors.h"
#include "shardscope/finetune.h"
#include "shardscope/units.h"
#include "offloadbytes.h"
#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace shardscope {

std::int64_t shardOf(std::int64_t count, std::int64_t d, std::int64_t rank)
{
    return count / d + (rank < count % d ? 1 : 0);
}

namespace {

constexpr double kMaxTermBytes = 4e17;

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

/// std::llround(x), exactly, without the library call where 0 <= x < 2^62 (every byte count here): the truncation
/// i is exact in a double, and so is x - i (a double's fractional part is a double), so "i + 1 when x - i >= 0.5" is
/// round-half-away-from-zero. Outside that range (negative, NaN, huge): std::llround itself.
inline std::int64_t roundBytes(double x)
{
    if (!(x >= 0 && x < 4.6e18))
        return static_cast<std::int64_t>(std::llround(x));
    const auto i = static_cast<std::int64_t>(x);
    return i + (x - static_cast<double>(i) >= 0.5 ? 1 : 0);
}

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

/// Layer counts per pipeline stage: the first L % p stages take one more (documented); with the embedding or the
/// loss in the split, Megatron-Core's rule (detail::layersOnStage(), stagetime.h).
std::int64_t layersOnStage(const Scenario& s, std::int64_t i)
{
    return detail::layersOnStage(s.arch.layers, s.pp, i, s.embeddingInPipelineSplit, s.lossInPipelineSplit);
}
std::int64_t layersBefore(const Scenario& s, std::int64_t i)
{
    return detail::layersBefore(s.arch.layers, s.pp, i, s.embeddingInPipelineSplit, s.lossInPipelineSplit);
}

struct StageParams
{
    std::int64_t local = 0; ///< one TP rank's params on the stage
    std::int64_t perLayerLocal = 0; ///< one layer on one TP rank
    std::int64_t embeddingLocal = 0; ///< embedding / LM head on this stage and TP rank
    const char* how = "";
    /// MoE (issue 25): of `local`, the routed experts' params on this rank (its experts / EP, each split over ETP),
    /// sharded over expert-DP where the dense rest is sharded over DP.
    std::int64_t expertLocal = 0;
    std::int64_t expertPerLayer = 0; ///< the routed experts' params of one MoE layer on this rank
};

/// The first stage's vocab-parallel embedding (and position embedding) and the last stage's final norm and LM head
/// (its own copy when untied or under PP, Megatron): adds them to `sp.embeddingLocal` and returns the parameters
/// they add to the stage.
std::int64_t addEmbeddingAndHead(StageParams& sp, const Architecture& a, const ParamCounts& c, std::int64_t t, std::int64_t p,
                                 bool first, bool last)
{
    const std::int64_t vL = ceilDiv(a.vocab, t) * a.hidden;
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
    return extra;
}

/// MoE and MLA (issue 25): one rank's params of a stage whose layers are of two kinds (dense and MoE), Megatron-Core's
/// split (megatron/core/transformer/moe/, multi_latent_attention.py): the attention, the dense MLP and the shared
/// experts over TP (MLA's down-projections and their norms replicated), the routed experts over EP (experts / EP each)
/// and ETP (each expert's matrices), routers and norms replicated.
StageParams moeStageParams(const Scenario& s, std::int64_t i, std::int64_t Li, const ParamCounts& c)
{
    const Architecture& a = s.arch;
    const std::int64_t t = s.tp, p = s.pp, h = a.hidden;
    const bool first = i == 0, last = i == p - 1;
    StageParams sp;
    std::int64_t attn = 0;
    if (a.mla()) {
        const std::int64_t qH = a.heads / t, qHead = a.qkNopeDim + a.qkRopeDim;
        attn = a.qLoraRank > 0
            ? h * a.qLoraRank + a.qLoraRank + a.qLoraRank * qH * qHead + (a.qkvBias ? a.qLoraRank : 0)
            : h * qH * qHead;
        attn += h * (a.kvLoraRank + a.qkRopeDim) + a.kvLoraRank + a.kvLoraRank * qH * (a.qkNopeDim + a.vHeadDim);
        if (a.qkvBias)
            attn += a.kvLoraRank + a.qkRopeDim;
        attn += qH * a.vHeadDim * h + (a.attnOutBias ? h : 0);
    } else {
        const std::int64_t hd = a.headDim > 0 ? a.headDim : h / a.heads;
        const std::int64_t qH = a.heads / t;
        const std::int64_t kvH = a.kvHeads % t == 0 ? a.kvHeads / t : 1;
        attn = h * hd * (qH + 2 * kvH) + qH * hd * h;
        if (a.qkvBias)
            attn += hd * (qH + 2 * kvH);
        if (a.attnOutBias)
            attn += h;
        attn += a.qkNorm == 1 ? 2 * hd : a.qkNorm == 2 ? hd * (qH + kvH) : 0;
        attn += a.attentionSinks ? qH : 0;
    }
    auto mlp = [&](std::int64_t f, std::int64_t split) {
        const std::int64_t fL = ceilDiv(f, split);
        std::int64_t m = (a.gatedMlp ? 3 : 2) * h * fL;
        if (a.mlpBias)
            m += (a.gatedMlp ? 2 : 1) * fL + h;
        return m;
    };
    const std::int64_t dense = attn + mlp(a.ffn, t) + c.normsPerLayer;
    const std::int64_t sharedFfn = a.sharedExpertFfn > 0 ? a.sharedExpertFfn : a.expertFfn();
    const std::int64_t shared = a.moe() ? a.sharedExperts * mlp(sharedFfn, t) + (a.sharedExpertGate ? h : 0) : 0;
    const std::int64_t routed = a.moe() ? (a.experts / s.ep) * mlp(a.expertFfn(), s.expertTp()) : 0;
    const std::int64_t moe = attn + shared + routed + c.routerPerLayer + c.normsPerLayer;
    const std::int64_t nMoe = a.moeLayersIn(layersBefore(s, i), Li);
    const std::int64_t nDense = Li - nMoe;
    sp.perLayerLocal = std::max(nDense > 0 ? dense : 0, nMoe > 0 ? moe : 0);
    if (sp.perLayerLocal == 0)
        sp.perLayerLocal = a.moe() ? moe : dense;
    sp.expertLocal = nMoe * routed;
    sp.expertPerLayer = routed;
    const std::int64_t extra = addEmbeddingAndHead(sp, a, c, t, p, first, last);
    sp.local = nDense * dense + nMoe * moe + extra;
    sp.how = "Megatron-Core MoE split";
    return sp;
}

/// Params of one TP rank of stage i. Megatron's split: column-parallel Q/K/V and MLP-in, row-parallel
/// output projections (their biases replicated), vocab-parallel embedding and LM head, norms and the
/// router replicated. With tied embeddings and PP > 1 the last stage holds its own copy of the
/// embedding for the LM head (Megatron), kept in sync by an all-reduce.
StageParams stageParams(const Scenario& s, std::int64_t i)
{
    const Architecture& a = s.arch;
    const std::int64_t t = s.tp, p = s.pp;
    const std::int64_t Li = layersOnStage(s, i);
    const bool first = i == 0, last = i == p - 1;
    StageParams sp;
    if (s.bareParams) {
        // A bare count: the embedding of its GPT shape (at most half the count) on the first stage,
        // the rest spread over the layers in proportion; the stages add up to the count exactly.
        const std::int64_t total = *s.bareParams;
        const std::int64_t emb = std::min(a.vocab * a.hidden, total / 2);
        const std::int64_t pool = total - emb;
        const std::int64_t before = layersBefore(s, i);
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
    if (a.moe() || a.mla() || a.qkNorm != 0 || a.attentionSinks)
        return moeStageParams(s, i, Li, c);
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
    const std::int64_t extra = addEmbeddingAndHead(sp, a, c, t, p, first, last);
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

Inflight inflight(const Scenario& s, std::int64_t i, std::int64_t Li, bool explain)
{
    const std::int64_t p = s.pp, m = s.gradAccum;
    Inflight f;
    if (p == 1) {
        f.microbatches = 1;
        if (explain)
            f.how = "1 micro-batch at a time (gradient accumulation runs them in turn)";
    } else if (s.schedule == PipelineSchedule::GPipe) {
        f.microbatches = m;
        if (explain)
            f.how = "GPipe holds all m = " + std::to_string(m) + " micro-batches";
    } else if (s.schedule == PipelineSchedule::OneFOneB) {
        f.microbatches = std::min(p - i, m);
        if (explain)
            f.how = "1F1B: stage " + std::to_string(i) + " holds min(p - i, m) = " + std::to_string(f.microbatches);
    } else {
        // Megatron interleaved: warm-up (p - i - 1) * 2 + (v - 1) * p chunks, plus the one in progress;
        // each chunk is L_i / v layers (Korthikanti et al. 2022: L(1 + (p-1)/(p v)) on the first stage).
        const std::int64_t v = s.vpp;
        const std::int64_t chunks = std::min((p - i - 1) * 2 + (v - 1) * p + 1, m * v);
        f.microbatches = ceilDiv(chunks, v);
        f.layerMicrobatches = static_cast<double>(chunks) * static_cast<double>(Li) / static_cast<double>(v);
        if (explain)
            f.how = "interleaved: " + std::to_string(chunks) + " model chunks of " + num(double(Li) / double(v))
                + " layers in flight";
        return f;
    }
    f.layerMicrobatches = static_cast<double>(f.microbatches) * static_cast<double>(Li);
    return f;
}


/// Bytes per element of the saved activations (docs/model.md, "Activation precision").
struct ActBytes
{
    double mm = 2; ///< matmul outputs and inputs (16-bit, or fp32)
    double residual = 2; ///< the residual stream: the norms' inputs (fp32 under autocast)
    double softmax = 2; ///< attention probabilities without flash (fp32 under autocast)
    double autocastCast = 0; ///< autocast's 16-bit copy of the probabilities saved by the PV matmul
    bool autocast = false;
    const char* name = "16-bit";
};

ActBytes actBytes(const Scenario& s)
{
    ActivationPrecision p = s.activationPrecision;
    if (p == ActivationPrecision::Auto)
        p = s.recipe.weights >= 4 ? ActivationPrecision::Fp32 : ActivationPrecision::Bits16;
    ActBytes e;
    if (p == ActivationPrecision::Fp32) {
        e.mm = e.residual = e.softmax = 4;
        e.name = "fp32";
    } else if (p == ActivationPrecision::Autocast) {
        e.residual = e.softmax = 4;
        e.autocastCast = 2;
        e.autocast = true;
        e.name = "autocast";
    }
    return e;
}

/// Elements per token of the layer's matmul outputs in forward order, and whether each is split over TP
/// (column-parallel) or replicated (row-parallel outputs; split over TP only with SP).
struct MatmulOutput
{
    double elems;
    bool columnParallel;
};
std::vector<MatmulOutput> matmulOutputs(const Architecture& a, double q, double kv, double k)
{
    const double h = double(a.hidden), f = double(a.ffn);
    std::vector<MatmulOutput> mm {{q, true}, {kv, true}, {kv, true}, {h, false}};
    if (a.gatedMlp) {
        mm.push_back({f * k, true});
        mm.push_back({f * k, true});
    } else {
        mm.push_back({f * k, true});
    }
    mm.push_back({h, false});
    return mm;
}

/// layerActivations(), with the derivation written only when `explain`.
LayerActivations layerActivationsOf(const Scenario& s, bool explain)
{
    const Architecture& a = s.arch;
    const ActBytes e = actBytes(s);
    const double h = double(a.hidden);
    const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
    const double q = double(a.heads) * hd;
    const double kv = double(a.kvHeads) * hd;
    const double f = double(a.ffn);
    const double t = double(s.tp);
    const double sq = double(s.seq);
    // Context parallelism splits each sequence over cp GPUs: each holds seq/cp tokens (ring attention).
    const double tokens = double(s.seq) / double(s.cp) * double(s.microBatch);
    const double k = a.experts > 1 ? double(std::min(a.topK, a.experts)) : 1.0;
    const double rt = s.sequenceParallel ? t : 1.0; // SP splits the replicated part too

    LayerActivations la;
    // Korthikanti et al. 2022, section 4.1, generalised: 16-bit tensors (2 B), dropout masks 1 B.
    // Replicated over TP: the norms' inputs (the residual stream), the QKV input, the MLP input, the two
    // dropout masks.
    // An RMSNorm that upcasts its input (litgpt: x = x.float(); x * x and x * rsqrt(...) save the fp32 copy) keeps
    // 4 B per element, not the residual's own; when its weight trains, x_normed * weight.float() saves the fp32
    // x_normed too (docs/model.md section 12, "An RMSNorm that upcasts its input").
    const bool normUpcast = s.normFp32Input && a.norm == NormKind::RMSNorm;
    const double normBytes = normUpcast ? std::max(e.residual, 4.0) + (finetuneAdapters(s) ? 0.0 : 4.0) : e.residual;
    la.perTokenReplicated = a.normsPerLayer * normBytes * h + e.mm * h + e.mm * h + (a.dropout ? 2 * h : 0);
    // PyTorch DTensor sequence parallelism (FSDP2 + TP, torchtitan): the all-gathered inputs of the
    // column-parallel QKV and MLP-in matmuls are saved whole for backward, where Megatron gathers them again.
    const double gatheredInputs = (s.framework == Framework::Fsdp2 && s.sequenceParallel && s.tp > 1) ? 2 * e.mm * h : 0;
    // Split over TP: Q, K (for QK^T), V, the attention output (out-proj input), the MLP intermediates:
    // GeLU input and output (2f elements), or for a gated MLP Megatron's fused SwiGLU input (gate|up, 2f) and
    // output (f); eager PyTorch also keeps silu(gate) (4f elements). MoE: each token passes top-k experts.
    double mlpElems = (a.gatedMlp ? (s.compiled ? 3 * f : 4 * f) : 2 * f) * k;
    // MoE (issue 25; docs/model.md, "MoE activations"): the routed experts see top-k x capacity-factor copies of the
    // rank's tokens, of the expert FFN size, split over max(SP, expert TP) (the default expert TP = TP keeps them in
    // the TP-split part); shared experts are TP-split MLPs every token passes. Per token besides: the router's fp32
    // logits and probabilities and its routing map (E x (4 + 4 + 1) B), and the permuted tokens in and out of the
    // experts (2 x k x cf x h 16-bit). (Every layer is priced as a MoE layer: dense first layers are few.)
    double moeRouted = 0, moeSplit = 1;
    if (a.moe()) {
        const double fe = double(a.expertFfn());
        const double fs = double(a.sharedExpertFfn > 0 ? a.sharedExpertFfn : a.expertFfn());
        const double gated = a.gatedMlp ? (s.compiled ? 3.0 : 4.0) : 2.0;
        const double cf = s.moeCapacityFactor;
        moeSplit = std::max(rt, double(s.expertTp())); // what the routed tokens' activations divide by
        mlpElems = gated * fe * k * cf * t / moeSplit + gated * fs * double(a.sharedExperts);
        moeRouted = 2.0 * k * cf * h * e.mm * t / moeSplit;
        la.moeRouterBytesPerToken = double(a.experts) * 9.0;
        la.moeDispatchBytesPerToken = k * cf * h * e.mm; // one all-to-all buffer's bytes per token of the rank
    }
    // With fewer KV heads than TP ranks each rank keeps one replicated KV head (as stageParams() does for
    // the weights), so K and V count as t heads' worth before the division by t.
    // A bare count's GPT shape (K and V heads = heads) splits them over any TP up to their number: heads / TP each.
    const double kvSplit = a.kvHeads % s.tp == 0 || s.bareParams ? kv : double(s.tp) * hd;
    la.perTokenSplit = e.mm * (q + kvSplit + kvSplit + q + mlpElems) + moeRouted;
    // A V that is a view of the fused QKV output (litgpt's CausalSelfAttention: qkv.view(...).permute(...).split(...),
    // then reshape, a view when KV heads = heads) is saved by the attention as that view, so its storage, the whole
    // fused output, stays alive until backward: the Q and K parts (q + kv per token) beside the roped Q and K copies
    // the attention saves (docs/model.md section 12). With fewer KV heads litgpt expands K and V into copies.
    if (s.fusedQkvView && a.kvHeads == a.heads)
        la.perTokenSplit += e.mm * (q + kvSplit);
    la.perTokenReplicated += la.moeRouterBytesPerToken;
    // --- fine-tuning (issue 28; docs/model.md "Fine-tuning"): a frozen linear needs no saved input (its weight has no
    // gradient), so the QKV input, the MLP input and the down projection's input are kept only where an adapter on
    // that linear needs them for its A's gradient; the adapters keep their rank-r outputs (DoRA: the base outputs).
    // A quantised base whose matmul saves its input anyway (bitsandbytes up to 0.43.1: MatMul4Bit keeps A in
    // ctx.tensors when it needs a gradient, as MatMul8bitLt does; pull request #1270 dropped it, released in 0.43.2)
    // keeps all three. With LoRA dropout each adapted linear also keeps its dropped-out input and the 1-byte mask
    // (PEFT: lora_A(dropout(x)) per wrapped module).
    if (finetuneAdapters(s)) {
        const std::uint32_t tg = s.loraTargets;
        const bool quantKeepsInputs = s.quantSavesInput && basePrecisionInForce(s) != BasePrecision::Bf16;
        // With LoRA dropout an adapter's A saves its dropped-out copy, not x (PEFT: lora_A(dropout(x)); dropout saves
        // only its mask), and the frozen linear beside it saves nothing: x itself is then kept by no consumer, only
        // the copies counted in perTokenAdapter (docs/model.md section 12, "LoRA dropout").
        const bool dropped = s.loraDropout > 0;
        if (!quantKeepsInputs) {
            if (dropped || !(tg & (kLoraQ | kLoraK | kLoraV)))
                la.perTokenReplicated -= e.mm * h;
            if (dropped || !(tg & ((a.gatedMlp ? kLoraGate : 0U) | kLoraUp | kLoraRouter)))
                la.perTokenReplicated -= e.mm * h;
            if (dropped || !(tg & kLoraDown))
                la.perTokenSplit -= e.mm * f * k;
        }
        const AdapterCounts ac = adapterCounts(s, a, s.tp);
        la.perTokenAdapter = e.mm * ac.savedPerToken + (s.loraDropout > 0 ? (e.mm + 1.0) * ac.dropoutInputsPerToken : 0.0);
    }
    // Attention scores: softmax output + dropout mask (1 B) + dropout output per head and key (5 a s in 16-bit);
    // without attention dropout the softmax output only. FlashAttention keeps only its fp32 log-sum-exp (4 a).
    if (s.flashAttention)
        la.perTokenSplit += 4 * double(a.heads);
    else
        la.perTokenScores = ((a.dropout ? 2 * e.softmax + 1 : e.softmax) + e.autocastCast) * double(a.heads) * sq
            / double(s.cp);
    la.constant34 = (la.perTokenReplicated + la.perTokenSplit - (s.flashAttention ? 4 * double(a.heads) : 0)) / h;

    const double full = tokens
        * ((la.perTokenReplicated - gatheredInputs) / rt + gatheredInputs + la.perTokenSplit / t + la.perTokenScores / t
           + la.perTokenAdapter);
    la.workingBytes = full;
    char buf[640];
    buf[0] = '\0';
    switch (s.checkpointing) {
    case Checkpointing::None:
        la.storedBytes = full;
        if (explain)
            std::snprintf(buf, sizeof buf,
                      "s*b*(%s/%s + %s/t + %s/t) per layer: s*b*h*(%s + %s a s/h) without TP, s=%lld, b=%lld, t=%lld",
                      num(la.perTokenReplicated).c_str(), s.sequenceParallel ? "t" : "1",
                      num(la.perTokenSplit).c_str(), num(la.perTokenScores).c_str(), num(la.constant34).c_str(),
                      s.flashAttention ? "0" : num(la.perTokenScores / (double(a.heads) * sq / double(s.cp))).c_str(),
                      static_cast<long long>(s.seq / s.cp), static_cast<long long>(s.microBatch),
                      static_cast<long long>(s.tp));
        break;
    case Checkpointing::Selective:
        // Megatron's selective recompute: the attention core (scores) is recomputed, the rest kept.
        la.storedBytes = tokens
            * ((la.perTokenReplicated - gatheredInputs) / rt + gatheredInputs + la.perTokenSplit / t + la.perTokenAdapter);
        la.workingBytes = tokens * la.perTokenScores / t;
        if (explain)
            std::snprintf(buf, sizeof buf, "selective (Megatron): s*b*(%s/%s + %s/t) per layer, attention scores recomputed",
                      num(la.perTokenReplicated).c_str(), s.sequenceParallel ? "t" : "1",
                      num(la.perTokenSplit).c_str());
        break;
    case Checkpointing::PerOp: {
        // torchtitan's per-op SAC ("op" mode): the layer input, the attention output and its log-sum-exp, and the
        // outputs of every other matmul in forward order (the 1st, 3rd, 5th, ...) are saved; the rest recomputed.
        double replicated = e.residual * h, split = e.mm * q + 4 * double(a.heads);
        const auto mm = matmulOutputs(a, q, kvSplit, k);
        for (std::size_t i = 0; i < mm.size(); i += 2)
            (mm[i].columnParallel ? split : replicated) += e.mm * mm[i].elems;
        la.storedBytes = tokens * (replicated / rt + split / t + la.perTokenAdapter);
        la.workingBytes = std::max(0.0, full - la.storedBytes);
        if (explain)
            std::snprintf(buf, sizeof buf,
                      "per-op SAC (torchtitan): s*b*(%s/%s + %s/t) per layer: input, attention output, every other "
                      "matmul output",
                      num(replicated).c_str(), s.sequenceParallel ? "t" : "1", num(split).c_str());
        break;
    }
    case Checkpointing::Full:
        // Full recompute keeps each layer's input (2 s b h, split with SP) plus one layer's full set
        // while it is recomputed. Every n-th block only (Scenario::checkpointInterval): the other layers keep
        // their full set, as without checkpointing (the stage's count in makeStageShape()).
        la.storedBytes = tokens * e.residual * h / rt;
        if (s.checkpointInterval > 1)
            la.uncheckpointedBytes = full;
        if (explain)
            std::snprintf(buf, sizeof buf, "full: %s*s*b*h%s per layer (its input)", num(e.residual).c_str(),
                      s.sequenceParallel ? "/t" : "");
        break;
    }
    if (explain)
        la.derivation = std::string(buf) + (e.mm != 2 || e.autocast ? std::string(" (") + e.name + " activations)" : "");
    // Ring attention (context parallelism): the K/V chunk received from the neighbour and the next one in
    // flight, forward; dK/dV rotate the same way in backward (torch.distributed context_parallel).
    if (s.cp > 1)
        la.workingBytes += tokens * 2 * kvSplit / t * e.mm * 2 * 2;
    return la;
}

} // namespace

LayerActivations layerActivations(const Scenario& s) { return layerActivationsOf(s, true); }

namespace {

/// Everything one stage's terms need, computed once.
struct Ctx
{
    const Scenario& s;
    BytesPerParam b;
    LayerActivations la;
    std::int64_t d = 1; ///< ZeRO / FSDP shard degree: dp x cp
    std::int64_t dE = 1; ///< MoE: the routed experts' shard degree, expert-DP = GPUs of a stage / (EP x ETP)
    int z = 0;
    double tokens = 0; ///< tokens of one micro-batch on one GPU (seq / cp x micro-batch)
    double rt = 1;
    bool offOpt = false, offPar = false;
    Framework fw = Framework::DeepSpeed;
    bool explain = true; ///< build the formulas (FootprintOptions::explain)
};

/// One term's size when alive, with its formula (before liveness).
using Sizes = std::array<TermValue, kTermCount>;

struct Stage
{
    std::int64_t index = 0, layers = 0;
    std::int64_t checkpointed = 0; ///< its layers full checkpointing recomputes (all but with checkpointInterval > 1)
    StageParams sp;
    Inflight fl;
    std::string where;
    double stored = 0; ///< activations held at the end of forward (all micro-batches in flight)
    double working = 0; ///< one layer's recompute/backward working set
    double autocastCache = 0; ///< autocast's 16-bit weight copies (forward through backward)
    double prevStepInputs = 0; ///< the previous step's quantised-matmul inputs still held (part of `stored`)
    double persistentParams = 0; ///< DeepSpeed stage 3: small params kept whole (persistence threshold)
    /// stored (0 with activation offload), working and autocastCache rounded to bytes once (alive() reads them).
    std::int64_t storedBytes = 0, workingBytes = 0, autocastCacheBytes = 0;
    /// The terms neither the ZeRO stage nor the offloads change (activations, logits, fp8 transients, CUDA context),
    /// kept after their first computation: a FootprintFamily's members share them (termSizes()).
    bool fixedTermsKept = false;
    std::array<TermValue, 4> fixedTerms;
    // --- fine-tuning (issue 28; finetune.h): the frozen base and the adapters of one TP rank of the stage
    bool ft = false; ///< adapters on a frozen base; the fields below are 0 otherwise
    std::int64_t adapterLocal = 0; ///< adapter params on the stage (the params that train)
    std::int64_t adapterPerLayer = 0; ///< of one layer (a ZeRO-3 unit's grads)
    std::int64_t adapterLargest = 0; ///< the largest adapter tensor
    double frozenBytes = 0; ///< the stage's frozen base, unsharded
    double frozenPerLayerBytes = 0; ///< of one layer
    double frozenEmbeddingBytes = 0; ///< the embedding / head unit (16-bit)
    double dequantBytes = 0; ///< a dequantised 16-bit weight (QLoRA, int8, fp8) or DoRA's W + BA, transient
};

/// Sets term t to `bytes` (refusing a size beyond the model's range). `words` (a string, or a callable returning
/// one) is the formula; it is built only when the context explains (a numbers-only footprint skips it).
template <typename Words>
void setTerm(const Ctx& c, Sizes& v, Term t, double bytes, Words&& words)
{
    const Scenario& s = c.s;
    auto& tv = v[static_cast<std::size_t>(t)];
    if (!s.enabled(t)) {
        tv.bytes = 0;
        if (c.explain)
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
                               + " puts " + amount + " of " + termKey(t) + " on one GPU, beyond the model's range (at most "
                               + formatBytes(kMaxTermBytes, ByteUnit::GB, 0) + " a term)");
    }
    tv.bytes = roundBytes(bytes);
    if (c.explain) {
        if constexpr (std::is_invocable_v<Words>)
            tv.formula = words();
        else
            tv.formula = std::forward<Words>(words);
    }
}

std::string shardWords(const Ctx& c, bool sharded)
{
    if (sharded && c.d > 1)
        return " / " + std::to_string(c.d) + " (ZeRO-" + std::to_string(c.z) + " over d=" + std::to_string(c.d)
            + (c.s.cp > 1 ? " = dp x cp" : "") + ")";
    if (c.d > 1)
        return " (replicated over d=" + std::to_string(c.d) + ")";
    return "";
}

void modelStateTerm(const Ctx& c, const Stage& st, Sizes& v, Term t, double bpp, bool sharded, bool offloaded,
                    const char* device, double extra = 0, const std::string& extraWords = "")
{
    const std::int64_t ex = st.sp.expertLocal;
    // With expert-DP = DP (EP 1 and expert TP = TP) one shard of the whole: the same elements as a dense stage's.
    const bool apart = ex > 0 && c.dE != c.d;
    const std::int64_t elems = !sharded ? flatBufferElements(c.s, st.sp.local)
        : apart                         ? ceilDiv(st.sp.local - ex, c.d) + ceilDiv(ex, c.dE)
                                        : ceilDiv(st.sp.local, c.d);
    auto f = [&] {
        std::string w = num(bpp) + " B/param x " + st.where + shardWords(c, sharded);
        if (ex > 0) // MoE (issue 25): the routed experts' part apart
            w += "; of which " + withThousands(ex) + " routed-expert params (experts / EP " + std::to_string(c.s.ep)
                + (c.s.expertTp() > 1 ? ", each over expert TP " + std::to_string(c.s.expertTp()) : std::string())
                + (sharded ? ") sharded over expert-DP " + std::to_string(c.dE) : ") replicated over expert-DP") + " = "
                + gb(double(sharded ? ceilDiv(ex, c.dE) : ex) * bpp);
        return w;
    };
    if (offloaded) {
        setTerm(c, v, t, 0, [&] { return f() + ", offloaded to " + device; });
        return;
    }
    setTerm(c, v, t, double(elems) * bpp + extra, [&] { return f() + extraWords; });
}


// --- fine-tuning (issue 28; finetune.h, docs/model.md "Fine-tuning"): a frozen base at the base precision, sharded
// like the params; grads, master and optimizer states of the adapters only.

/// The stage's frozen base and adapters on one TP rank (st.sp is set).
void finetuneShape(const Scenario& s, Stage& st)
{
    st.ft = finetuneAdapters(s);
    if (!st.ft)
        return;
    const AdapterCounts ac = adapterCounts(s, s.arch, s.tp);
    const bool last = st.index == s.pp - 1;
    st.adapterPerLayer = ac.perLayer;
    st.adapterLocal = st.layers * ac.perLayer + (last ? ac.head : 0);
    st.adapterLargest = ac.largestTensor;
    // The layers' linear weights at the base precision, the rest (embeddings, head, norms, biases) 16-bit. A bare
    // count's layers hold at most what is not its embedding.
    const double quantised
        = std::min(double(st.layers) * double(ac.quantisedPerLayer), double(st.sp.local - st.sp.embeddingLocal));
    const double rows = double(st.layers) * double(ac.quantisedRowsPerLayer);
    st.frozenBytes = frozenBaseBytes(s, quantised, rows, double(st.sp.local) - quantised);
    const double perLayerQ = std::min(double(ac.quantisedPerLayer), double(st.sp.perLayerLocal));
    st.frozenPerLayerBytes = frozenBaseBytes(s, perLayerQ, double(ac.quantisedRowsPerLayer),
                                             double(st.sp.perLayerLocal) - perLayerQ);
    st.frozenEmbeddingBytes = 2.0 * double(st.sp.embeddingLocal);
    const BasePrecision bp = basePrecisionInForce(s);
    // bitsandbytes dequantises one weight to 16 bits for each matmul (forward, and again for the input gradient);
    // DoRA (PEFT) forms W + scale x BA of each adapted layer for its column norms: one layer's weight at a time.
    if (bp != BasePrecision::Bf16 || s.finetune == FinetuneMethod::Dora)
        st.dequantBytes = 2.0 * double(ac.largestMatrix);
}

/// ZeRO shards of the frozen base: FSDP (stage 3, or FSDP2's stage 2) shards it as it shards the params (FSDP + QLoRA
/// stores the 4-bit weights in a dtype it can flatten); ZeRO-1/2 and DDP replicate it.
bool frozenSharded(const Ctx& c) { return c.z >= 3 || (c.fw == Framework::Fsdp2 && c.z == 2); }

void ftParamsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    const bool sharded = frozenSharded(c);
    const double d = sharded ? double(c.d) : 1.0;
    const double frozen = std::ceil(st.frozenBytes / d);
    const double adapters = double(sharded ? ceilDiv(st.adapterLocal, c.d) : st.adapterLocal) * c.b.weights;
    auto f = [&] {
        return gb(st.frozenBytes) + " frozen base (" + basePrecisionKey(basePrecisionInForce(c.s)) + " linears, 16-bit "
            + "embeddings and norms) + " + withThousands(st.adapterLocal) + " adapter params x " + num(c.b.weights) + " B"
            + shardWords(c, sharded);
    };
    if (c.offPar) {
        setTerm(c, v, Term::Params, 0, [&] { return f() + ", offloaded"; });
        return;
    }
    setTerm(c, v, Term::Params, frozen + adapters, f);
}

/// The adapters' states of one kind (grads, master, optimizer): bpp bytes per adapter param.
void ftStateTerm(const Ctx& c, const Stage& st, Sizes& v, Term t, double bpp, bool sharded, bool offloaded)
{
    const std::int64_t elems = sharded ? ceilDiv(st.adapterLocal, c.d) : st.adapterLocal;
    auto f = [&] {
        return num(bpp) + " B/param x " + withThousands(st.adapterLocal) + " adapter params (the base is frozen)"
            + shardWords(c, sharded);
    };
    if (offloaded) {
        setTerm(c, v, t, 0, [&] { return f() + ", offloaded"; });
        return;
    }
    setTerm(c, v, t, double(elems) * bpp, f);
}

void ftGradsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    if (c.s.optimizerInBackward) {
        const double elems = c.z >= 2 ? std::ceil(double(st.adapterLargest) / double(c.d)) : double(st.adapterLargest);
        setTerm(c, v, Term::Grads, elems * c.b.grads, [&] {
            return "optimizer in backward: one adapter tensor's grads at a time, the largest "
                + withThousands(std::int64_t(elems)) + " x " + num(c.b.grads) + " B";
        });
        return;
    }
    ftStateTerm(c, st, v, Term::Grads, c.b.grads, c.z >= 2, false);
}

/// Bytes of one gathered unit (a layer, or the embedding / head) and of the whole stage: frozen base and adapters.
double ftUnitBytes(const Ctx& c, const Stage& st)
{
    return std::max(st.frozenPerLayerBytes + double(st.adapterPerLayer) * c.b.weights, st.frozenEmbeddingBytes);
}
double ftStageBytes(const Ctx& c, const Stage& st) { return st.frozenBytes + double(st.adapterLocal) * c.b.weights; }

void paramsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    if (st.ft) {
        ftParamsTerm(c, st, v);
        return;
    }
    const char* dev = c.s.offloadParams == OffloadDevice::Nvme ? "NVMe" : "CPU";
    // FSDP2 stage 2 (SHARD_GRAD_OP) shards the parameters at rest too; they are gathered for the whole
    // forward and backward (zero3_gathered_params).
    const bool sharded = c.z >= 3 || (c.fw == Framework::Fsdp2 && c.z == 2);
    std::string words;
    if (st.persistentParams > 0 && c.explain)
        words = " + " + gb(st.persistentParams) + " of params under stage3_param_persistence_threshold kept whole";
    modelStateTerm(c, st, v, Term::Params, c.b.weights, sharded, c.offPar, dev, st.persistentParams, words);
}

void gradsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    if (st.ft) {
        ftGradsTerm(c, st, v);
        return;
    }
    if (c.s.optimizerInBackward) {
        // Each parameter is stepped as its gradient arrives and the gradient freed: the largest tensor's.
        const double largest = std::max(double(st.sp.embeddingLocal),
                                        double(c.s.arch.hidden) * double(ceilDiv(c.s.arch.ffn, c.s.tp)));
        const double elems = c.z >= 2 ? std::ceil(largest / double(c.d)) : largest;
        setTerm(c, v, Term::Grads, elems * c.b.grads, [&] {
            return "optimizer in backward: one tensor's grads at a time, the largest "
                + withThousands(std::int64_t(elems)) + " x " + num(c.b.grads) + " B";
        });
        return;
    }
    std::string words;
    if (c.fw == Framework::Megatron && c.explain)
        words = " (Megatron's contiguous main-grad buffer, kept between steps)";
    modelStateTerm(c, st, v, Term::Grads, c.b.grads, c.z >= 2, false, "", 0, words);
}

void optimizerStateTerms(const Ctx& c, const Stage& st, Sizes& v)
{
    const char* dev = c.s.offloadOptimizer == OffloadDevice::Nvme ? "NVMe" : "CPU";
    if (st.ft) {
        ftStateTerm(c, st, v, Term::Master, c.b.master, c.z >= 1, c.offOpt);
        ftStateTerm(c, st, v, Term::Optimizer, c.b.optimizer, c.z >= 1, c.offOpt);
        return;
    }
    modelStateTerm(c, st, v, Term::Master, c.b.master, c.z >= 1, c.offOpt, dev);
    modelStateTerm(c, st, v, Term::Optimizer, c.b.optimizer, c.z >= 1, c.offOpt, dev, 0,
                   c.s.pagedOptimizer && c.explain ? " (paged: CUDA managed memory, outside the caching allocator)"
                                                   : std::string());
}

void activationsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    double bytes = c.s.activationOffload ? 0 : st.stored;
    if (st.working > 0)
        bytes += st.working;
    if (st.autocastCache > 0)
        bytes += st.autocastCache;
    setTerm(c, v, Term::Activations, bytes, [&] {
        std::string f = c.s.activationOffload
            ? "offloaded to host: " + gb(st.stored) + " of saved activations (" + c.la.derivation + ") on the CPU"
            : c.la.derivation + " x " + num(st.fl.layerMicrobatches) + " layer-micro-batches (" + st.fl.how + ")";
        if (st.checkpointed < st.layers)
            f += ", every n-th block checkpointed (fms-fsdp, n = " + std::to_string(c.s.checkpointInterval) + "): "
                + std::to_string(st.checkpointed) + " of the stage's " + std::to_string(st.layers)
                + " layers keep their input, the other " + std::to_string(st.layers - st.checkpointed)
                + " their full " + gb(c.la.uncheckpointedBytes) + " per micro-batch";
        if (st.working > 0)
            f += " + one layer's recompute/backward working set " + gb(st.working);
        if (st.autocastCache > 0)
            f += " + autocast's 16-bit weight copies saved by the matmuls " + gb(st.autocastCache);
        if (st.prevStepInputs > 0)
            f += " (of which " + gb(st.prevStepInputs)
                + ": the previous step's inputs of the quantised linears, kept on ctx until the next forward returns)";
        return f;
    });
}

/// Bytes per logit the loss holds at its peak (the loss backward): docs/model.md, "The loss".
double lossBytesPerLogit(const Scenario& s, double logitBytes, std::string* how)
{
    // A model that returns fp32 logits (transformers' LlamaForCausalLM: logits = logits.float(), kept in its output)
    // holds them in 4 B through the loss, and the loss works in fp32 whatever it would do with 16-bit logits.
    if (s.fp32Logits)
        logitBytes = std::max(4.0, logitBytes);
    const double upcast = s.lossFp32 ? std::max(4.0, logitBytes) : logitBytes;
    const double chunks = double(s.lossChunks);
    double work = 3 * upcast;
    std::string w; // the words, only when asked for (`how`)
    if (how)
        w = num(upcast) + " B log-softmax kept for backward + " + num(upcast) + " B its gradient + " + num(upcast)
            + " B the gradient of the " + (upcast > logitBytes ? "upcast " : "") + "logits";
    if (s.lossCompiled) {
        // torch.compile fuses the upcast, log-softmax and NLL and their backward: only the 16-bit gradient
        // of the logits is written (torchtitan compiles its loss from 2025, components/loss.py).
        work = logitBytes;
        if (how)
            w = num(logitBytes) + " B gradient of the logits (compiled loss: no fp32 buffers)";
    } else if (s.framework == Framework::Megatron) {
        // Megatron's vocab-parallel cross-entropy computes the softmax in place in its fp32 copy and writes
        // the gradient into the same buffer.
        work = upcast;
        if (how)
            w = num(upcast) + " B " + (upcast > logitBytes ? "fp32 copy" : "buffer")
                + " holding the softmax, then its gradient, in place (Megatron vocab-parallel CE)";
    }
    if (how)
        *how = num(logitBytes) + " B " + (s.fp32Logits ? "fp32 logits the model returns" : "logits") + " + (" + w + ")"
            + (chunks > 1 ? " / " + num(chunks) + " loss chunks" : "");
    return logitBytes + work / chunks;
}

void logitsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    const Scenario& s = c.s;
    if (st.index != s.pp - 1) {
        setTerm(c, v, Term::Logits, 0, "only the last stage computes the logits");
        return;
    }
    if (!s.logitsOverVocab) {
        setTerm(c, v, Term::Logits, 0, "no vocabulary logits (a classifier or reward head)");
        return;
    }
    const double vL = double(ceilDiv(s.arch.vocab, s.tp));
    std::string how;
    const double logitBytes = actBytes(s).mm;
    const double per = lossBytesPerLogit(s, logitBytes, c.explain ? &how : nullptr);
    const double lossPeak = c.tokens * vL * per;
    // A chunked output (torchtune's chunked_output: one self.output(chunk) per chunk, pytorch/torchtune
    // torchtune/modules/transformer.py at 0078c31b8ad014b22b8ced42659d8549e4c71552) runs the head's matmul once per
    // chunk, so its weight gradient is computed once per chunk. Autograd sums the gradients a leaf gets from several
    // uses in the input buffer of its AccumulateGrad node before that node runs (pytorch/pytorch
    // torch/csrc/autograd/input_buffer.cpp at 00d40e7f7a11d5c47504c7dd3561edbfcd12b876, InputBuffer::add and
    // accumulate: buffer[pos] = old_var + var): from the second chunk's head backward on, the sum of the earlier
    // chunks' weight gradients and the new chunk's are alive together (at least two; the out-of-place add briefly a
    // third), with (n-1)/n of the logits (or of their gradients) not yet through their head backward. A frozen head
    // (adapters) has no weight gradient. One chunk: the single weight gradient comes after the loss's buffers are
    // freed, below the loss's own peak.
    double headBackward = 0;
    double headGrad = 0;
    const double chunks = double(s.lossChunks);
    if (s.lossChunks > 1 && !st.ft) {
        // The gradient arrives in the dtype of the leaf the head reads: FSDP2's unsharded parameter is in
        // param_dtype (the matmul's), elsewhere the module's own weight.
        const double gradBytes = c.fw == Framework::Fsdp2 ? logitBytes : c.b.weights;
        headGrad = vL * double(s.arch.hidden) * gradBytes;
        headBackward = c.tokens * vL * logitBytes * (chunks - 1) / chunks + 2 * headGrad;
    }
    if (headBackward > lossPeak) {
        setTerm(c, v, Term::Logits, headBackward, [&] {
            return "the head's backward over " + num(chunks) + " loss chunks (more than the loss's own "
                + gb(lossPeak) + "): s*b*V/t x " + num(logitBytes) + " B x (n-1)/n logits or their gradients = "
                + std::to_string(s.seq / s.cp) + " x " + std::to_string(s.microBatch) + " x "
                + withThousands(static_cast<std::int64_t>(vL)) + " x " + num(logitBytes) + " x " + num(chunks - 1)
                + "/" + num(chunks) + " + 2 x the head's weight gradient (the sum of the earlier chunks' and the "
                + "new chunk's, autograd's input buffer) 2 x " + gb(headGrad);
        });
        return;
    }
    setTerm(c, v, Term::Logits, lossPeak, [&] {
        return "s*b*V/t x " + num(per) + " B = " + std::to_string(s.seq / s.cp) + " x " + std::to_string(s.microBatch)
            + " x " + withThousands(static_cast<std::int64_t>(vL)) + " x (" + how + ")";
    });
}

/// FSDP2 keeps the whole stage unsharded from forward to backward: reshard_after_forward off, or stage 2.
bool holdsWholeStage(const Ctx& c)
{
    return c.fw == Framework::Fsdp2 && c.d > 1 && (c.z == 2 || (c.z == 3 && !c.s.fsdpReshardAfterForward));
}

/// Grads reduce dtype: FSDP2's reduce_dtype fp32 when the recipe keeps fp32 master weights.
double reduceBytes(const Ctx& c) { return c.fw == Framework::Fsdp2 && c.b.master > 0 ? std::max(4.0, c.b.grads) : c.b.grads; }

void gatheredParamsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    const Scenario& s = c.s;
    const std::int64_t unit = std::max(st.sp.perLayerLocal, st.sp.embeddingLocal);
    // Fine-tuning: a unit's frozen base at its precision and its adapters; `w` is the unit's bytes per param.
    const double w = st.ft && unit > 0 ? ftUnitBytes(c, st) / double(unit) : c.b.weights;
    if (holdsWholeStage(c)) {
        const double ws = st.ft && st.sp.local > 0 ? ftStageBytes(c, st) / double(st.sp.local) : c.b.weights;
        setTerm(c, v, Term::Zero3GatheredParams, double(st.sp.local) * ws, [&] {
            return "FSDP2 " + std::string(c.z == 2 ? "SHARD_GRAD_OP" : "reshard_after_forward=False")
                + ": the stage's " + withThousands(st.sp.local) + " params x " + num(ws)
                + " B stay gathered from forward to backward";
        });
        return;
    }
    if (c.z < 3 || c.d <= 1) {
        setTerm(c, v, Term::Zero3GatheredParams, 0, c.z == 3 ? "d = 1: nothing to gather" : "ZeRO-3 only");
        return;
    }
    if (c.fw == Framework::DeepSpeed) {
        // DeepSpeed stage 3: the module in use plus prefetched params up to stage3_prefetch_bucket_size, all
        // bounded by stage3_max_live_parameters (the module in use is fetched regardless).
        const double live = double(unit)
            + std::min(double(s.zero3PrefetchBucketElements), std::max(0.0, double(s.zero3MaxLiveParams - unit)));
        setTerm(c, v, Term::Zero3GatheredParams, live * w, [&] {
            return "module in use " + withThousands(unit) + " + prefetch min("
                + withThousands(s.zero3PrefetchBucketElements) + ", max_live " + withThousands(s.zero3MaxLiveParams)
                + " - in use) params x " + num(w) + " B";
        });
        return;
    }
    setTerm(c, v, Term::Zero3GatheredParams, double(1 + s.zero3PrefetchUnits) * double(unit) * w, [&] {
        return std::to_string(1 + s.zero3PrefetchUnits) + " units (current + prefetched) x " + withThousands(unit)
            + " params x " + num(w) + " B" + (st.ft ? " (frozen base at its precision + adapters)" : "");
    });
}

/// FSDP2 under pipeline parallelism: gradient sync is off for all but the last micro-batch, so the stage's
/// unsharded grads accumulate in the reduce dtype until the step (torch.distributed.pipelining).
/// FSDP1's no_sync with use_orig_params=True (Scenario::fsdpNoSyncFullGrads): the same, per trainable unit.
bool noSyncFullGrads(const Ctx& c)
{
    return c.s.fsdpNoSyncFullGrads && c.fw == Framework::Fsdp2 && c.s.gradAccum > 1 && c.z >= 2 && c.d > 1;
}

bool accumulatesUnshardedGrads(const Ctx& c)
{
    return noSyncFullGrads(c) || (c.fw == Framework::Fsdp2 && c.s.pp > 1 && c.s.gradAccum > 1 && c.z >= 2 && c.d > 1);
}

void unshardedGradsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    // Fine-tuning: only the adapters have grads (a layer's, or the head's on the last stage).
    const std::int64_t unit = st.ft ? std::max(st.adapterPerLayer, st.adapterLocal - st.layers * st.adapterPerLayer)
                                    : std::max(st.sp.perLayerLocal, st.sp.embeddingLocal);
    const std::int64_t stageElems = st.ft ? st.adapterLocal : st.sp.local;
    const double rb = reduceBytes(c);
    if (noSyncFullGrads(c)) {
        // Each Block is one unit; the root unit (embedding, final norm, head and what else sits outside the
        // layers) is the rest of the stage. Full fine-tuning: every unit trains. Adapters: a unit with one keeps the
        // gradient of all its parameters, a unit without none (FSDP docs, use_orig_params=True).
        const std::int64_t rootElems = st.sp.local - st.layers * st.sp.perLayerLocal;
        const std::int64_t headAdapter = st.ft ? st.adapterLocal - st.layers * st.adapterPerLayer : 0;
        const std::int64_t blocks = !st.ft ? st.layers * st.sp.perLayerLocal
            : st.adapterPerLayer > 0 ? st.layers * (st.sp.perLayerLocal + st.adapterPerLayer) : 0;
        const std::int64_t root = !st.ft ? rootElems : headAdapter > 0 ? rootElems + headAdapter : 0;
        const std::int64_t elems = blocks + root;
        setTerm(c, v, Term::Zero3UnshardedGrads, double(elems) * c.b.grads, [&] {
            return "FSDP no_sync under gradient accumulation (use_orig_params=True): the whole grads of every unit "
                   "holding a trainable parameter, " + withThousands(elems) + " x " + num(c.b.grads) + " B";
        });
        return;
    }
    if (accumulatesUnshardedGrads(c)) {
        setTerm(c, v, Term::Zero3UnshardedGrads, double(stageElems) * rb, [&] {
            return "FSDP2 + PP: the stage's unsharded grads accumulate over the micro-batches (no sync until the last): "
                + withThousands(stageElems) + " x " + num(rb) + " B";
        });
        return;
    }
    const bool perUnit = c.d > 1 && (c.z == 3 || (c.fw == Framework::Fsdp2 && c.z == 2));
    if (!perUnit) {
        setTerm(c, v, Term::Zero3UnshardedGrads, 0, c.z == 3 ? "d = 1: nothing to reduce-scatter" : "ZeRO-3 only");
        return;
    }
    setTerm(c, v, Term::Zero3UnshardedGrads, double(unit) * rb, [&] {
        return "one unit's full grads: " + withThousands(unit) + " params x " + num(rb) + " B"
            + (rb != c.b.grads ? " (reduce_dtype fp32)" : "");
    });
}

void commBucketsTerm(const Ctx& c, const Stage& st, Sizes& v)
{
    const Scenario& s = c.s;
    const std::int64_t P = st.ft ? st.adapterLocal : st.sp.local; // fine-tuning: only the adapters' grads are reduced
    if (c.d <= 1 || c.fw == Framework::Single) {
        setTerm(c, v, Term::CommBuckets, 0, "d = 1: no data-parallel communication");
        return;
    }
    switch (c.fw) {
    case Framework::Megatron:
        setTerm(c, v, Term::CommBuckets, 0, "Megatron reduces in place in its contiguous grad buffer: no bucket copies");
        return;
    case Framework::Fsdp2:
        setTerm(c, v, Term::CommBuckets, 0, "FSDP2's buffers are the gathered params and unsharded grads");
        return;
    case Framework::Ddp:
    case Framework::DeepSpeed:
    case Framework::Single: break;
    }
    if (c.z == 0) {
        if (c.fw == Framework::Ddp || c.fw == Framework::DeepSpeed) {
            if (s.ddpGradientAsBucketView)
                setTerm(c, v, Term::CommBuckets, 0, "DDP gradient_as_bucket_view=True: buckets are views of the grads");
            else
                setTerm(c, v, Term::CommBuckets, double(P) * c.b.grads, [&] {
                    return "DDP buckets copy every gradient (gradient_as_bucket_view=False): " + num(c.b.grads)
                        + " B x " + withThousands(P);
                });
        }
        return;
    }
    const std::int64_t rb = std::min(s.reduceBucketElements, P);
    double bytes = double(rb) * c.b.grads;
    const std::int64_t ab = std::min(s.allgatherBucketElements, P);
    if (c.z < 3)
        bytes += double(ab) * c.b.weights;
    setTerm(c, v, Term::CommBuckets, bytes, [&] {
        std::string f = "reduce bucket " + withThousands(rb) + " elements x " + num(c.b.grads) + " B";
        if (c.z < 3)
            f += " + all-gather bucket " + withThousands(ab) + " x " + num(c.b.weights) + " B";
        return f;
    });
}

void fp8Term(const Ctx& c, const Stage& st, Sizes& v)
{
    if (st.ft && st.dequantBytes > 0) {
        setTerm(c, v, Term::Fp8Transients, st.dequantBytes + (c.s.recipe.fp8 ? 2.0 * double(st.sp.perLayerLocal) : 0.0), [&] {
            return std::string(c.s.finetune == FinetuneMethod::Dora && basePrecisionInForce(c.s) == BasePrecision::Bf16
                                   ? "DoRA's W + BA of the layer in use"
                                   : "the weight in use dequantised to 16 bits")
                + ": 2 B x " + withThousands(std::int64_t(st.dequantBytes / 2)) + " (the largest linear of a layer)";
        });
        return;
    }
    if (c.s.recipe.fp8)
        setTerm(c, v, Term::Fp8Transients, 2.0 * double(st.sp.perLayerLocal), [&] {
            return "fp8 weight cast and its transpose for the layer in use: 2 x 1 B x "
                + withThousands(st.sp.perLayerLocal);
        });
    else
        setTerm(c, v, Term::Fp8Transients, 0, "fp8 recipes only");
}

/// DeepSpeed stage 3 keeps params smaller than stage3_param_persistence_threshold whole: the norms (and biases).
double persistentParamBytes(const Ctx& c, const Stage& st)
{
    if (c.fw != Framework::DeepSpeed || c.z < 3 || c.d <= 1 || c.s.bareParams)
        return 0;
    const Architecture& a = c.s.arch;
    const double th = double(c.s.zero3PersistenceThreshold);
    const double h = double(a.hidden);
    if (h >= th)
        return 0;
    // Each norm has a weight of h elements (LayerNorm also a bias); output-projection and MLP-out biases are h.
    const double perNorm = a.norm == NormKind::LayerNorm ? 2 * h : h;
    double elems = double(st.layers) * double(a.normsPerLayer) * perNorm;
    if (st.index == c.s.pp - 1)
        elems += perNorm;
    if (a.attnOutBias)
        elems += double(st.layers) * h;
    if (a.mlpBias)
        elems += double(st.layers) * h;
    return elems * c.b.weights * (1.0 - 1.0 / double(c.d));
}

// --- liveness over the step's phases

bool gradsLiveInForward(const Ctx& c)
{
    // Megatron's grad buffer persists; with several micro-batches the grads of the earlier ones are alive
    // while the later ones run forward. PyTorch optimizers otherwise free grads (zero_grad(set_to_none=True),
    // the default since PyTorch 2.0) and DeepSpeed frees its 16-bit grads after the step.
    return !c.s.optimizerInBackward
        && (c.fw == Framework::Megatron || c.s.gradAccum > 1 || !c.s.zeroGradSetToNone);
}

bool bucketsPersist(const Ctx& c) { return c.fw == Framework::Ddp && c.z == 0; }

/// What one rank holds at one moment: the terms alive at their full size (bit t for Term t; never the activations,
/// the CUDA context or fragmentation) and the activations' bytes (stored, working set: part of their size).
struct Alive
{
    std::uint32_t whole = 0;
    std::int64_t activations = 0;
};

Alive aliveAt(const Ctx& c, const Stage& st, const Sizes& v, StepMoment m)
{
    std::uint32_t whole = 0;
    std::int64_t activations = 0;
    auto full = [&](Term t) { whole |= 1U << static_cast<unsigned>(t); };
    full(Term::Params);
    full(Term::Master);
    full(Term::Optimizer);
    const bool last = st.index == c.s.pp - 1;
    const std::int64_t stored = st.storedBytes;
    const std::int64_t working = st.workingBytes;
    const std::int64_t cache = st.autocastCacheBytes;
    const std::int64_t actSize = v[static_cast<std::size_t>(Term::Activations)].bytes;
    auto acts = [&](std::int64_t bytes) { activations = std::min(actSize, bytes); };
    const bool gradsFwd = gradsLiveInForward(c);
    switch (m) {
    case StepMoment::Steady:
        if (c.fw == Framework::Megatron || (!c.s.zeroGradSetToNone && !c.s.optimizerInBackward))
            full(Term::Grads);
        if (bucketsPersist(c))
            full(Term::CommBuckets);
        break;
    case StepMoment::ForwardLoss:
        // End of forward: every micro-batch in flight stored; the last stage runs the loss forward and backward.
        if (gradsFwd)
            full(Term::Grads);
        acts(stored + cache);
        if (last)
            full(Term::Logits);
        full(Term::Zero3GatheredParams);
        if (accumulatesUnshardedGrads(c))
            full(Term::Zero3UnshardedGrads);
        full(Term::Fp8Transients);
        if (bucketsPersist(c))
            full(Term::CommBuckets);
        break;
    case StepMoment::BackwardStart:
        // The last layer's backward (its recomputation first): everything stored plus its working set.
        if (gradsFwd || c.s.optimizerInBackward)
            full(Term::Grads);
        acts(stored + working + cache);
        full(Term::Zero3GatheredParams);
        full(Term::Zero3UnshardedGrads);
        full(Term::Fp8Transients);
        if (bucketsPersist(c) || c.z >= 1)
            full(Term::CommBuckets);
        break;
    case StepMoment::BackwardEnd:
        // The first layer's backward: the activations are freed, the grads complete.
        full(Term::Grads);
        acts(working + cache);
        full(Term::Zero3GatheredParams);
        full(Term::Zero3UnshardedGrads);
        full(Term::Fp8Transients);
        full(Term::CommBuckets);
        break;
    case StepMoment::OptimizerStep:
        if (!c.s.optimizerInBackward)
            full(Term::Grads);
        if (bucketsPersist(c) || (c.fw == Framework::DeepSpeed && c.z >= 1 && c.z < 3))
            full(Term::CommBuckets); // DeepSpeed stage 1/2: the all-gather of the updated params
        break;
    }
    return {whole, activations};
}

/// The bytes of each term alive (al) into a, every entry written once in place (an array built elsewhere and copied
/// had its 8-byte stores read back as 16-byte loads, a store-forwarding stall; a zero fill first costs a rep stos).
/// The CUDA context and fragmentation are 0 (they come on top: memoryMeasures()).
void expand(const Sizes& v, const Alive& al, std::array<std::int64_t, kTermCount>& a)
{
    for (std::size_t k = 0; k < a.size(); ++k)
        a[k] = (al.whole >> k) & 1U ? v[k].bytes : 0;
    a[static_cast<std::size_t>(Term::Activations)] = al.activations;
}

std::int64_t allocatedOf(const Scenario& s, const std::array<std::int64_t, kTermCount>& a)
{
    // Every term but the CUDA context and fragmentation (the last two), and paged optimizer states (CUDA managed
    // memory: not in the caching allocator's counts).
    static_assert(static_cast<int>(Term::CudaContext) == kTermCount - 2 && static_cast<int>(Term::Fragmentation) == kTermCount - 1);
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < static_cast<std::size_t>(Term::CudaContext); ++k)
        sum += a[k];
    if (s.pagedOptimizer)
        sum -= a[static_cast<std::size_t>(Term::Optimizer)];
    return sum;
}

/// allocatedOf() of expand(v, al), without the array: the whole terms before the CUDA context, the activations, less
/// paged optimizer states.
std::int64_t allocatedOf(const Scenario& s, const Sizes& v, const Alive& al)
{
    std::int64_t sum = al.activations;
    for (std::size_t k = 0; k < static_cast<std::size_t>(Term::CudaContext); ++k)
        if ((al.whole >> k) & 1U)
            sum += v[k].bytes;
    const auto opt = static_cast<std::size_t>(Term::Optimizer);
    if (s.pagedOptimizer && ((al.whole >> opt) & 1U))
        sum -= v[opt].bytes;
    return sum;
}

std::int64_t fragmentationOf(const Scenario& s, std::int64_t allocated)
{
    return s.enabled(Term::Fragmentation) ? roundBytes(s.fragmentation * double(allocated)) : 0;
}

/// Sets every field of c from c.s (a context rebuilt for a changed scenario keeps its reference).
void initCtx(Ctx& c, bool explain)
{
    const Scenario& s = c.s;
    c.b = effectiveBytesPerParam(s);
    c.la = layerActivationsOf(s, explain);
    c.explain = explain;
    c.d = s.dp() * s.cp;
    c.dE = s.arch.moe() && s.gpus % (s.pp * s.ep * s.expertTp()) == 0 ? std::max<std::int64_t>(1, s.expertDp()) : c.d;
    c.z = s.zeroStage;
    c.tokens = double(s.seq) / double(s.cp) * double(s.microBatch);
    c.rt = s.sequenceParallel ? double(s.tp) : 1.0;
    c.offOpt = s.offloadOptimizer != OffloadDevice::None;
    c.offPar = s.offloadParams != OffloadDevice::None;
    c.fw = s.framework;
}

Ctx makeCtx(const Scenario& s, bool explain = true)
{
    Ctx c {s, {}, {}};
    initCtx(c, explain);
    return c;
}

/// Stage i's parts that the ZeRO stage and the offloads do not change: all but persistentParams.
Stage makeStageShape(const Ctx& c, std::int64_t i)
{
    const Scenario& s = c.s;
    Stage st;
    st.index = i;
    st.layers = layersOnStage(s, i);
    st.sp = stageParams(s, i);
    finetuneShape(s, st);
    st.fl = inflight(s, i, st.layers, c.explain);
    const std::int64_t P = st.sp.local;
    if (c.explain)
        st.where = (s.pp > 1 || s.tp > 1)
            ? withThousands(P) + " params on stage " + std::to_string(i) + (s.tp > 1 ? " per TP rank" : "")
            : withThousands(P) + " params";
    const ActBytes e = actBytes(s);
    st.checkpointed = st.layers;
    if (s.checkpointing == Checkpointing::Full && s.checkpointInterval > 1 && st.layers > 0) {
        // fms-fsdp's every n-th block (the layers computeStep() recomputes, stagetime.h): the checkpointed layers
        // keep their input, the others their full set. Interleaved chunks in flight count at the stage's mean.
        st.checkpointed = detail::checkpointedLayers(s, layersBefore(s, i), st.layers);
        const double perLayer = (double(st.checkpointed) * c.la.storedBytes
                                 + double(st.layers - st.checkpointed) * c.la.uncheckpointedBytes)
            / double(st.layers);
        st.stored = perLayer * st.fl.layerMicrobatches;
    } else {
        st.stored = c.la.storedBytes * st.fl.layerMicrobatches;
    }
    if (i == 0 && s.arch.dropout)
        st.stored += c.tokens * double(s.arch.hidden) / c.rt * double(st.fl.microbatches); // embedding dropout mask
    if (i == s.pp - 1)
        st.stored += c.tokens * (e.residual + e.mm) * double(s.arch.hidden) / c.rt; // final norm and LM-head inputs
    // A quantised matmul that keeps its input as a ctx attribute (bitsandbytes up to 0.43.1: MatMul4Bit.forward sets
    // ctx.tensors = (A, B)) holds it until the graph itself goes: the autograd engine frees save_for_backward's tensors
    // after backward, not ctx attributes (torch.autograd.function.FunctionCtx.save_for_backward's docstring: "as opposed
    // to directly on ctx ... to prevent ... memory leaks"), and a loop that keeps the step's output bound (litgpt's
    // `logits = model(input_ids, ...)`) keeps the graph until the next forward returns. So at the next step's end of
    // forward one micro-batch's inputs of every quantised linear are still there: the QKV input (h, replicated over
    // TP), the out projection's (q / TP), the MLP's (h, gate and up share it) and the down projection's (ffn x top-k /
    // TP), in the compute dtype. A 4-bit base (MatMul4Bit) without checkpointing only (docs/model.md, "Fine-tuning").
    const BasePrecision fourBit = basePrecisionInForce(s);
    if (s.quantInputsOutliveStep && s.quantSavesInput && finetuneAdapters(s)
        && (fourBit == BasePrecision::Nf4 || fourBit == BasePrecision::Fp4) && s.checkpointing == Checkpointing::None
        && st.layers > 0) {
        const Architecture& a = s.arch;
        const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
        const double k = a.experts > 1 ? double(std::min(a.topK, a.experts)) : 1.0;
        const double t = double(s.tp), h = double(a.hidden);
        const double perToken = e.mm * (2 * h / c.rt + double(a.heads) * hd / t + double(a.ffn) * k / t);
        st.prevStepInputs = c.tokens * double(st.layers) * perToken;
        st.stored += st.prevStepInputs;
    }
    if (s.checkpointing != Checkpointing::None && st.layers > 0)
        st.working = c.la.workingBytes;
    else if (s.cp > 1 && st.layers > 0)
        st.working = c.la.workingBytes - c.la.storedBytes; // the ring attention buffers only
    // MoE (issue 25): while a MoE layer runs, its dispatch and combine all-to-alls hold a send and a receive buffer
    // of the routed tokens, whatever the checkpointing.
    if (s.arch.moe() && st.layers > 0)
        st.working += c.tokens * 2 * c.la.moeDispatchBytesPerToken / std::max(c.rt, double(s.expertTp()));
    if (e.autocast)
        st.autocastCache = double(P) * 2.0; // autocast's weight cache: a 16-bit copy of every weight used
    st.storedBytes = s.activationOffload ? 0 : static_cast<std::int64_t>(std::llround(st.stored));
    st.workingBytes = static_cast<std::int64_t>(std::llround(st.working));
    st.autocastCacheBytes = static_cast<std::int64_t>(std::llround(st.autocastCache));
    return st;
}

Stage makeStage(const Ctx& c, std::int64_t i)
{
    Stage st = makeStageShape(c, i);
    st.persistentParams = persistentParamBytes(c, st);
    return st;
}

constexpr Term kFixedTerms[4] = {Term::Activations, Term::Logits, Term::Fp8Transients, Term::CudaContext};

/// Each term's size when alive into v (every term but fragmentation). The terms the ZeRO stage and the offloads do
/// not change are computed on the stage's first call and copied after: in the same order as the others, so a term
/// beyond the model's range throws the same refusal either way (those kept never throw).
void termSizes(const Ctx& c, Stage& st, Sizes& v)
{
    paramsTerm(c, st, v);
    gradsTerm(c, st, v);
    optimizerStateTerms(c, st, v);
    if (st.fixedTermsKept) {
        for (std::size_t k = 0; k < 4; ++k) {
            TermValue& tv = v[static_cast<std::size_t>(kFixedTerms[k])];
            if (c.explain)
                tv = st.fixedTerms[k];
            else
                tv.bytes = st.fixedTerms[k].bytes;
        }
    } else {
        activationsTerm(c, st, v);
        logitsTerm(c, st, v);
    }
    gatheredParamsTerm(c, st, v);
    unshardedGradsTerm(c, st, v);
    commBucketsTerm(c, st, v);
    if (!st.fixedTermsKept) {
        fp8Term(c, st, v);
        setTerm(c, v, Term::CudaContext, double(c.s.cudaContextBytes),
                [&] { return "CUDA context + workspaces: " + gb(double(c.s.cudaContextBytes)); });
        for (std::size_t k = 0; k < 4; ++k)
            st.fixedTerms[k] = v[static_cast<std::size_t>(kFixedTerms[k])];
        st.fixedTermsKept = true;
    }
}

using Timeline = std::array<MemoryMoment, kStepMomentCount>;

/// The rank's footprint into r (every field but the label; r may hold an earlier rank's: all is overwritten, its
/// strings and vectors reused): the timeline's peak with the terms alive then as its breakdown. The timeline is kept
/// in r.timeline when `keepTimeline`. `v` is scratch (the term sizes).
void rankFootprintInto(const Ctx& c, Stage& st, Sizes& v, Timeline& tl, RankFootprint& r, bool keepTimeline)
{
    const Scenario& s = c.s;
    const std::int64_t i = st.index;
    termSizes(c, st, v);
    r.stage = i;
    r.layers = st.layers;
    r.localParams = st.sp.local;
    r.perLayerLocalParams = st.sp.perLayerLocal;
    r.expertLocalParams = st.sp.expertLocal;
    r.perLayerExpertParams = st.sp.expertPerLayer;
    r.moeDispatchBytes = s.arch.moe() && st.layers > 0 ? static_cast<std::int64_t>(std::llround(
                             c.tokens * 2 * c.la.moeDispatchBytesPerToken / std::max(c.rt, double(s.expertTp()))))
                                                       : 0;
    r.trainableLocalParams = st.ft ? st.adapterLocal : st.sp.local;
    r.inflightMicrobatches = st.fl.microbatches;
    // What is alive at each moment, as bit masks over the terms' sizes: the timeline itself (timelineOf()'s arrays)
    // is written only where it is kept or explained.
    std::array<Alive, kStepMomentCount> at;
    std::array<std::int64_t, kStepMomentCount> allocated {};
    std::uint32_t ever = 0; // terms alive at some moment
    std::int64_t activationsMax = 0;
    for (std::size_t m = 0; m < at.size(); ++m) {
        at[m] = aliveAt(c, st, v, static_cast<StepMoment>(m));
        allocated[m] = allocatedOf(s, v, at[m]);
        ever |= at[m].whole;
        activationsMax = std::max(activationsMax, at[m].activations);
    }
    std::size_t peak = 1; // the peak is taken over the step's moments after steady
    for (std::size_t k = 2; k < at.size(); ++k)
        if (allocated[k] > allocated[peak])
            peak = k;
    if (keepTimeline || c.explain)
        for (std::size_t m = 0; m < at.size(); ++m) {
            tl[m].moment = static_cast<StepMoment>(m);
            expand(v, at[m], tl[m].bytes);
            tl[m].allocatedBytes = allocated[m];
        }
    const StepMoment peakMoment = static_cast<StepMoment>(peak);
    std::array<std::int64_t, kTermCount> peakBytes; // expand() writes every entry
    expand(v, at[peak], peakBytes);
    r.peakMoment = peakMoment;
    // Each term's largest size over the step: its size where it is alive at some moment (sizes are >= 0), the
    // activations' largest part; the CUDA context's size (fragmentation: below).
    for (std::size_t k = 0; k < r.stepMaxBytes.size(); ++k)
        r.stepMaxBytes[k] = (ever >> k) & 1U ? v[k].bytes : 0;
    r.stepMaxBytes[static_cast<std::size_t>(Term::Activations)] = activationsMax;
    r.stepMaxBytes[static_cast<std::size_t>(Term::CudaContext)] = v[static_cast<std::size_t>(Term::CudaContext)].bytes;
    for (int t = 0; t < kTermCount; ++t) {
        const auto k = static_cast<std::size_t>(t);
        const Term term = static_cast<Term>(t);
        if (term == Term::CudaContext || term == Term::Fragmentation)
            continue;
        r.terms[k].bytes = peakBytes[k];
        if (!c.explain) {
            r.terms[k].formula.clear();
            continue;
        }
        r.terms[k].formula = v[k].formula;
        if (peakBytes[k] != v[k].bytes && v[k].bytes > 0) {
            std::size_t when = 0;
            for (std::size_t q = 0; q < tl.size(); ++q)
                if (tl[q].bytes[k] > tl[when].bytes[k])
                    when = q;
            r.terms[k].formula = (peakBytes[k] == 0 ? "not alive at the peak (" : "part alive at the peak (")
                + std::string(stepMomentKey(peakMoment)) + "); " + gb(double(v[k].bytes)) + " at "
                + stepMomentKey(tl[when].moment) + ": " + v[k].formula;
        }
    }
    const double alloc = double(allocated[peak]);
    setTerm(c, v, Term::Fragmentation, s.fragmentation * alloc, [&] {
        return num(s.fragmentation * 100) + "% of " + gb(alloc) + " allocated at the peak (" + stepMomentKey(peakMoment)
            + ")";
    });
    for (Term t : {Term::CudaContext, Term::Fragmentation}) {
        const auto k = static_cast<std::size_t>(t);
        r.terms[k].bytes = v[k].bytes;
        if (c.explain)
            r.terms[k].formula = v[k].formula;
        else
            r.terms[k].formula.clear();
    }
    r.stepMaxBytes[static_cast<std::size_t>(Term::Fragmentation)] = r.bytes(Term::Fragmentation);
    // The figures every measure reports are memoryMeasures() of the peak moment (the Step view's curve uses it too);
    // the breakdown adds up to its device-used figure (tested in tst_properties).
    const MemoryMeasures mm = memoryMeasures(s, peakBytes);
    r.peakAllocatedBytes = mm.allocated;
    r.peakReservedBytes = mm.reserved;
    r.totalBytes = 0;
    for (const auto& tv : r.terms)
        r.totalBytes += tv.bytes;
    r.deviceUsedBytes = r.totalBytes;
    r.steadyStateBytes = allocated[0];
    // MoE: each model-state term's routed-expert part (the term's bytes in the proportion of its elements).
    r.expertStateBytes.fill(0);
    if (st.sp.expertLocal > 0) {
        const Term states[4] = {Term::Params, Term::Grads, Term::Master, Term::Optimizer};
        const bool sharded[4] = {c.z >= 3 || (c.fw == Framework::Fsdp2 && c.z == 2), c.z >= 2, c.z >= 1, c.z >= 1};
        for (std::size_t k = 0; k < 4; ++k) {
            const double ex = sharded[k] ? double(st.sp.expertLocal) / double(c.dE) : double(st.sp.expertLocal);
            const double all = sharded[k] ? ex + double(st.sp.local - st.sp.expertLocal) / double(c.d)
                                          : double(st.sp.local);
            r.expertStateBytes[k] = all > 0
                ? static_cast<std::int64_t>(std::llround(double(r.bytes(states[k])) * ex / all))
                : 0;
        }
    }
    // Fine-tuning: the params term's split into the frozen base and the adapters' weights (the chart shows both).
    r.frozenParamBytes = r.adapterParamBytes = 0;
    r.frozenStageBytes = st.ft ? roundBytes(st.frozenBytes) : 0;
    if (st.ft && r.bytes(Term::Params) > 0) {
        const std::int64_t elems = frozenSharded(c) ? ceilDiv(st.adapterLocal, c.d) : st.adapterLocal;
        r.adapterParamBytes = std::min(r.bytes(Term::Params), roundBytes(double(elems) * c.b.weights));
        r.frozenParamBytes = r.bytes(Term::Params) - r.adapterParamBytes;
    }
    if (keepTimeline)
        r.timeline.assign(tl.begin(), tl.end());
    else
        r.timeline.clear();
}

/// One rank's footprint with its timeline (memoryTimeline()); computeFootprint()'s ranks are written in place.
RankFootprint rankFootprint(const Ctx& c, Stage& st)
{
    Sizes v;
    Timeline tl;
    RankFootprint r;
    rankFootprintInto(c, st, v, tl, r, true);
    return r;
}

} // namespace

const char* stepMomentKey(StepMoment m)
{
    switch (m) {
    case StepMoment::Steady: return "steady";
    case StepMoment::ForwardLoss: return "forward-end";
    case StepMoment::BackwardStart: return "backward-start";
    case StepMoment::BackwardEnd: return "backward-end";
    case StepMoment::OptimizerStep: return "optimizer-step";
    }
    return "";
}

const char* stepMomentDescription(StepMoment m)
{
    switch (m) {
    case StepMoment::Steady: return "Between steps: model states and persistent buffers.";
    case StepMoment::ForwardLoss: return "End of forward: every activation in flight stored, the loss on the logits.";
    case StepMoment::BackwardStart: return "The last layer's backward: stored activations plus its working set.";
    case StepMoment::BackwardEnd: return "The first layer's backward: activations freed, gradients complete.";
    case StepMoment::OptimizerStep: return "The optimizer step: states and gradients.";
    }
    return "";
}

MemoryMeasures memoryMeasures(const Scenario& s, const std::array<std::int64_t, kTermCount>& alive)
{
    MemoryMeasures m;
    m.allocated = allocatedOf(s, alive);
    m.reserved = m.allocated + fragmentationOf(s, m.allocated);
    std::int64_t paged = 0;
    if (s.pagedOptimizer)
        paged = alive[static_cast<std::size_t>(Term::Optimizer)];
    const std::int64_t context
        = s.enabled(Term::CudaContext) ? roundBytes(double(s.cudaContextBytes)) : 0;
    m.deviceUsed = m.reserved + paged + context;
    return m;
}

std::vector<MemoryMoment> memoryTimeline(const Scenario& s, std::int64_t stage)
{
    validateScenario(s);
    if (stage < 0 || stage >= s.pp)
        throw InvalidInput("pp", "--pp: stage " + std::to_string(stage) + " is outside 0.." + std::to_string(s.pp - 1));
    const Ctx c = makeCtx(s);
    Stage st = makeStage(c, stage);
    return rankFootprint(c, st).timeline;
}

namespace {

/// The pipeline stages whose footprints are computed, ascending. With a whole architecture and PP > 3, a middle
/// stage k in 2 .. p-2 never holds more than stage 1 in any term at any moment of the step: no more layers (the
/// first L % p stages take one more), the same params per layer and none of the first's or last's extras, no more
/// micro-batches in flight (1F1B: min(p - k, m); GPipe: m; interleaved: fewer chunks of no more layers), and every
/// term and its liveness are non-decreasing in these. So its peak, every capacity measure and its host bytes are
/// at most stage 1's, and (ties going to the lower stage) the worst rank is the first, second or last stage: only
/// those three are computed. A bare count splits its params by rounding that can give a later stage one more: every
/// stage is computed then, as with FootprintOptions::everyStage (tst_planspeed compares the two), and with every n-th
/// block checkpointed (Scenario::checkpointInterval > 1), where a middle stage may checkpoint fewer layers.
void stagesToCompute(const Scenario& s, bool everyStage, std::vector<std::int64_t>& out)
{
    out.clear();
    const std::int64_t p = s.pp;
    // Every n-th block checkpointed: a middle stage may hold fewer checkpointed layers than stage 1 (more activations).
    const bool everyNth = s.checkpointing == Checkpointing::Full && s.checkpointInterval > 1;
    // MoE with dense first layers or MoE every k-th layer (issue 25): a middle stage may hold more MoE layers than
    // stage 1.
    const bool mixedLayers = s.arch.moe() && (s.arch.denseLayers > 0 || s.arch.moeLayerFreq > 1);
    if (everyStage || s.bareParams || everyNth || mixedLayers || p <= 3) {
        for (std::int64_t i = 0; i < p; ++i)
            out.push_back(i);
        return;
    }
    out = {0, 1, p - 1};
}

/// computeFootprint() after validation: its parts that the ZeRO stage and the offloads do not change are computed
/// on construction (parameter split, activations, micro-batches in flight of each stage), the rest by assemble()
/// for the stage and offloads set by setStage(). Refers to itself (ctx.s is scenario): not copyable.
struct FootprintParts
{
    FootprintParts(const Scenario& s, const FootprintOptions& o)
        : scenario(s)
        , ctx(makeCtx(scenario, o.explain))
        , options(o)
    {
        shape();
    }
    /// The parts of another (validated) scenario, in the storage of these.
    void reset(const Scenario& s)
    {
        scenario = s;
        initCtx(ctx, options.explain);
        shape();
    }
    /// The stages to compute and their shapes, from scenario and ctx.
    void shape()
    {
        stagesToCompute(scenario, options.everyStage, indices);
        stages.resize(indices.size());
        for (std::size_t k = 0; k < indices.size(); ++k)
            stages[k] = makeStageShape(ctx, indices[k]);
        computed.resize(stages.size());
    }
    FootprintParts(const FootprintParts&) = delete;
    FootprintParts& operator=(const FootprintParts&) = delete;

    /// Everything but the ranks and what depends on them.
    void head(Footprint& fp) const
    {
        const Scenario& s = scenario;
        fp.totalParams = s.totalParams();
        fp.trainableParams = finetuneAdapters(s) ? adapterCounts(s, s.arch, 1).total : fp.totalParams;
        fp.paramCounts = countParams(s.arch);
        fp.bytesPerParam = effectiveBytesPerParam(s);
        fp.gpu = resolveGpu(s);
        fp.capacityBytes = fp.gpu.capacityBytes;
        fp.usableBytes = fp.capacityBytes - static_cast<std::int64_t>(std::llround(s.safetyMarginBytes));
        fp.activations = ctx.la;
        fp.embeddingInPipelineSplit = s.embeddingInPipelineSplit;
        fp.lossInPipelineSplit = s.lossInPipelineSplit;
    }

    void setStage(int zeroStage, OffloadDevice offloadOptimizer, OffloadDevice offloadParams)
    {
        scenario.zeroStage = zeroStage;
        scenario.offloadOptimizer = offloadOptimizer;
        scenario.offloadParams = offloadParams;
        ctx.z = zeroStage;
        ctx.offOpt = offloadOptimizer != OffloadDevice::None;
        ctx.offPar = offloadParams != OffloadDevice::None;
    }

    /// The ranks, the worst, fit and the host and NVMe bytes per node of fp (whose head() is filled).
    void assemble(Footprint& fp)
    {
        const Scenario& s = scenario;
        const Ctx& c = ctx;
        const std::int64_t p = s.pp;
        std::int64_t worstHost = 0, worstNvme = 0;
        for (std::size_t k = 0; k < stages.size(); ++k) {
            Stage& st = stages[k];
            st.persistentParams = persistentParamBytes(c, st);
            RankFootprint& r = computed[k];
            rankFootprintInto(c, st, sizes, timeline, r, options.timeline);
            // Host RAM and NVMe per node (DeepSpeed's CPU Adam keeps master, moments and fp32 grads: 16 B/param
            // with Adam; parameter offload adds the 16-bit params: its estimator's 18 B).
            const detail::OffloadBytes off = st.ft
                ? detail::rankOffloadBytesPerNode(s, c.b, r.trainableLocalParams, c.d, st.frozenBytes)
                : detail::rankOffloadBytesPerNode(s, c.b, r.localParams, c.d);
            worstHost = std::max(worstHost, off.host);
            worstNvme = std::max(worstNvme, off.nvme);
        }

        // Distinct ranks: first, a middle (stage 1: the fullest middle), last, and the worst. `computed` holds the
        // stages of `indices`, ascending, so the first largest is the lowest such stage.
        std::size_t worst = 0;
        for (std::size_t k = 1; k < computed.size(); ++k)
            if (computed[k].totalBytes > computed[worst].totalBytes)
                worst = k;
        const std::size_t last = computed.size() - 1; // stage p - 1
        pick.clear();
        if (p == 1) {
            computed[0].label = "all ranks";
            pick.push_back(0);
        } else {
            computed[0].label = "first stage";
            pick.push_back(0);
            if (p >= 3) {
                computed[1].label = "middle stage"; // stage 1
                pick.push_back(1);
            }
            computed[last].label = "last stage";
            pick.push_back(last);
            if (std::find(pick.begin(), pick.end(), worst) == pick.end()) {
                // 1-based, as every stage the window and the CLI name ("pipeline stage 3 of 4"; issue 26: one numbering)
                computed[worst].label = "stage " + std::to_string(computed[worst].stage + 1) + " (worst)";
                pick.push_back(worst);
            }
        }
        fp.worst = 0;
        for (std::size_t j = 0; j < pick.size(); ++j)
            if (pick[j] == worst)
                fp.worst = static_cast<int>(j);
        // Usually every computed rank is picked, in order: the vectors trade places (the ranks of the previous call
        // become the scratch of the next, their strings and timelines reused); otherwise the picked ones are copied.
        bool inOrder = pick.size() == computed.size();
        for (std::size_t j = 0; inOrder && j < pick.size(); ++j)
            inOrder = pick[j] == j;
        if (inOrder) {
            fp.ranks.swap(computed);
            computed.resize(stages.size());
        } else {
            fp.ranks.resize(pick.size());
            for (std::size_t j = 0; j < pick.size(); ++j)
                fp.ranks[j] = computed[pick[j]];
        }
        // What meets the capacity line: device used (nvidia-smi, the default), or torch's reserved or allocated peak.
        fp.measuredBytes = 0;
        for (const RankFootprint& r : fp.ranks)
            fp.measuredBytes = std::max(fp.measuredBytes, s.capacityMeasure == CapacityMeasure::Allocated ? r.peakAllocatedBytes
                                                              : s.capacityMeasure == CapacityMeasure::Reserved
                                                              ? r.peakReservedBytes
                                                              : r.deviceUsedBytes);
        fp.fits = fp.measuredBytes <= fp.usableBytes;
        fp.hostBytesPerNode = worstHost;
        fp.nvmeBytesPerNode = worstNvme;
        fp.hostFits = worstHost <= s.hostRamBytesPerNode;
        fp.nvmeFits = worstNvme <= s.nvmeBytesPerNode;
    }

    Scenario scenario;
    Ctx ctx;
    FootprintOptions options;
    std::vector<std::int64_t> indices;
    std::vector<Stage> stages;
    std::vector<RankFootprint> computed; ///< scratch of assemble(): the rank of each of `stages`
    Sizes sizes; ///< scratch of assemble()
    Timeline timeline; ///< scratch of assemble()
    std::vector<std::size_t> pick; ///< scratch of assemble()
};

bool stageAndOffloadsValid(int z, OffloadDevice o, OffloadDevice q)
{
    return z >= 0 && z <= 3 && (o == OffloadDevice::None || z >= 1) && (q == OffloadDevice::None || z == 3);
}

} // namespace

Footprint computeFootprint(const Scenario& s) { return computeFootprint(s, FootprintOptions {}); }

Footprint computeFootprint(const Scenario& s, const FootprintOptions& options)
{
    validateScenario(s);
    FootprintParts parts(s, options);
    Footprint fp;
    parts.head(fp);
    parts.assemble(fp);
    return fp;
}

struct FootprintFamily::Impl
{
    explicit Impl(const Scenario& s) { reset(s); }

    /// The family of s, in the storage of the previous one (scenarios, stages, kept ranks: no allocation where the
    /// shapes match).
    void reset(const Scenario& s)
    {
        base = s;
        valid = false;
        floorKept = false;
        current = -1;
        for (Kept& k : kept)
            k.valid = false;
        // validateScenario() checks the stage and the offloads only against each other (ZeRO 0-3, optimizer
        // offload from stage 1, parameter offload at stage 3): valid with stage 0 and no offloads is valid with any
        // stage and offloads that pass those checks.
        validated = s;
        validated.zeroStage = 0;
        validated.offloadOptimizer = validated.offloadParams = OffloadDevice::None;
        try {
            validateScenario(validated);
        } catch (const InvalidInput&) {
            return; // footprint() throws computeFootprint()'s refusal for each member
        }
        if (parts)
            parts->reset(validated);
        else
            parts = std::make_unique<FootprintParts>(validated, FootprintOptions {false, false});
        parts->head(fp);
        valid = true;
    }

    /// A member computed before: its ranks and what assemble() derives from them (the head is the family's).
    struct Kept
    {
        bool valid = false;
        std::vector<RankFootprint> ranks; ///< fp.ranks while the member is `current`
        int worst = 0;
        bool fits = false, hostFits = true, nvmeFits = true;
        std::int64_t measuredBytes = 0, hostBytesPerNode = 0, nvmeBytesPerNode = 0;
    };
    static std::size_t slotOf(int z, OffloadDevice o, OffloadDevice q)
    {
        return static_cast<std::size_t>(z) * 9 + static_cast<std::size_t>(o) * 3 + static_cast<std::size_t>(q);
    }

    /// The member's footprint in fp: the one kept where it was computed before (the planner comes back to a member
    /// when the offloaded states move from CPU to NVMe: the same GPU side), else assembled and kept.
    const Footprint& member(int z, OffloadDevice o, OffloadDevice q)
    {
        const std::size_t slot = slotOf(z, o, q);
        if (current == static_cast<int>(slot))
            return fp;
        if (current >= 0)
            fp.ranks.swap(kept[static_cast<std::size_t>(current)].ranks);
        current = -1;
        Kept& k = kept[slot];
        if (k.valid) {
            fp.ranks.swap(k.ranks);
            fp.worst = k.worst;
            fp.fits = k.fits;
            fp.measuredBytes = k.measuredBytes;
            fp.hostBytesPerNode = k.hostBytesPerNode;
            fp.nvmeBytesPerNode = k.nvmeBytesPerNode;
            fp.hostFits = k.hostFits;
            fp.nvmeFits = k.nvmeFits;
        } else {
            fp.ranks.swap(k.ranks); // its storage, reused
            parts->setStage(z, o, q);
            parts->assemble(fp); // may throw: nothing is kept then
            k.valid = true;
            k.worst = fp.worst;
            k.fits = fp.fits;
            k.measuredBytes = fp.measuredBytes;
            k.hostBytesPerNode = fp.hostBytesPerNode;
            k.nvmeBytesPerNode = fp.nvmeBytesPerNode;
            k.hostFits = fp.hostFits;
            k.nvmeFits = fp.nvmeFits;
        }
        current = static_cast<int>(slot);
        return fp;
    }

    /// FootprintFamily::peakFloor(), computed on its first call after reset().
    std::int64_t floor()
    {
        if (!valid)
            return 0;
        if (floorKept)
            return floorBytes;
        floorKept = true;
        floorBytes = 0;
        FootprintParts& fp = *parts;
        Sizes& v = fp.sizes; // assemble()'s scratch: it writes every entry before reading
        auto bytes = [&](Term t) { return v[static_cast<std::size_t>(t)].bytes; };
        try {
            for (const Stage& st : fp.stages) {
                // aliveAt(StepMoment::ForwardLoss) with only the terms no member changes: its allocation is at most
                // the rank's peak allocation (the peak is taken over the moments after steady), which every
                // capacity measure is at least (reserved adds fragmentation, device used the context and paged states).
                activationsTerm(fp.ctx, st, v);
                logitsTerm(fp.ctx, st, v);
                fp8Term(fp.ctx, st, v);
                const bool last = st.index == fp.scenario.pp - 1;
                const std::int64_t atForwardEnd
                    = std::min(bytes(Term::Activations), st.storedBytes + st.autocastCacheBytes)
                    + (last ? bytes(Term::Logits) : 0) + bytes(Term::Fp8Transients);
                floorBytes = std::max(floorBytes, atForwardEnd);
            }
        } catch (const InvalidInput&) {
            floorBytes = 0; // footprint() throws the refusal
        }
        return floorBytes;
    }

    Scenario base;
    Scenario validated; ///< base at ZeRO-0 without offloads
    bool floorKept = false;
    std::int64_t floorBytes = 0;
    bool valid = false; ///< validated passed validateScenario(); parts hold it
    std::unique_ptr<FootprintParts> parts;
    Footprint fp;
    std::array<Kept, std::size_t {4} * 9> kept; ///< by slotOf()
    int current = -1; ///< the slot whose ranks fp holds, or -1
};

FootprintFamily::FootprintFamily(const Scenario& s)
    : m(std::make_unique<Impl>(s))
{
}

FootprintFamily::~FootprintFamily() = default;

void FootprintFamily::reset(const Scenario& s) { m->reset(s); }

std::int64_t FootprintFamily::peakFloor() { return m->floor(); }

std::int64_t FootprintFamily::usableBytes() const { return m->fp.usableBytes; }

const Footprint& FootprintFamily::footprint(int zeroStage, OffloadDevice offloadOptimizer, OffloadDevice offloadParams)
{
    if (!m->valid || !stageAndOffloadsValid(zeroStage, offloadOptimizer, offloadParams)) {
        Scenario s = m->base;
        s.zeroStage = zeroStage;
        s.offloadOptimizer = offloadOptimizer;
        s.offloadParams = offloadParams;
        validateScenario(s); // throws computeFootprint()'s refusal
        throw std::logic_error("FootprintFamily: a scenario validateScenario() accepts was refused");
    }
    return m->member(zeroStage, offloadOptimizer, offloadParams);
}

} // namespace shardscope
