// SPDX-License-Identifier: MIT
#pragma once

// One block's physics (private to core), shared by computeStep()'s events (step.cpp), the planner's closed form
// (layoutplanner_eval.cpp) and the tests' reference evaluator (tests/core/reference): a pipeline stage's ZeRO units
// and a block's order of them; what a layer, or one weight's piece of it (DeepSpeed's per-weight ZeRO-3), runs on the
// compute stream and in which order (its kernels, the TP pair after a GEMM, the CP ring next to the attention
// kernel); what kernels next to a blocking message hide; the collectives of a ZeRO unit (its parameters' host copy
// and gather, its gradients' reduction and host copy), of the TP pair and of a pipeline send. computeStep() turns
// these into events; the closed forms add them up (layerSeconds(), perWeightBlock()).

#include "shardscope/collectives.h"
#include "shardscope/footprint.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"
#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace shardscope::detail {

/// A pipeline stage as its blocks see it: its layers and its ZeRO units' params (per TP rank, before the DP shard).
struct BlockStage
{
    std::int64_t index = -1; ///< the stage; -1: none
    std::int64_t layers = 0;
    std::int64_t firstLayer = 0; ///< its first global layer
    bool first = false, last = false;
    /// The embedding (first stage) / the loss (last stage) takes a layer's slot in the split (Megatron-Core's
    /// account_for_*_in_pipeline_split): its first / last chunk builds one layer fewer (chunkLayers(), stagetime.h).
    bool embeddingSlot = false, lossSlot = false;
    std::int64_t perLayer = 0; ///< params of a layer unit
    std::int64_t lastExtra = 0; ///< the rounding remainder the stage's last layer unit carries
    std::int64_t embedding = 0; ///< the embedding unit (first stage)
    std::int64_t head = 0; ///< the final norm and LM head unit (last stage)
    std::int64_t local = 0; ///< the sum of its units
    std::int64_t perLayerExpert = 0; ///< MoE: of a layer unit's params, the routed experts' (StageParams)
    std::int64_t expertLocal = 0; ///< MoE: of `local`, the routed experts'
};

/// Stage i of p of a footprint `fp` of architecture `a` with TP t (stageParams(), step.h).
inline BlockStage blockStage(const Footprint& fp, const Architecture& a, std::int64_t t, std::int64_t p, std::int64_t i)
{
    const StageParams sp = stageParams(fp, a, t, p, i);
    BlockStage st;
    st.index = i;
    st.layers = sp.layers;
    st.firstLayer = layersBefore(a.layers, p, i, fp.embeddingInPipelineSplit, fp.lossInPipelineSplit);
    st.first = i == 0;
    st.last = i == p - 1;
    st.embeddingSlot = st.first && fp.embeddingInPipelineSplit;
    st.lossSlot = st.last && fp.lossInPipelineSplit;
    st.perLayer = sp.perLayer;
    st.lastExtra = sp.lastLayerExtra;
    st.embedding = sp.embedding;
    st.head = sp.head;
    st.local = sp.local;
    st.perLayerExpert = sp.perLayerExpert;
    st.expertLocal = sp.expertLocal;
    return st;
}

/// The ZeRO units of one block through chunk `chunk` (of v) of stage `st`, in the block's order: the embedding (the
/// first stage's first chunk), the chunk's layers (the stage's last carries its rounding), the final norm and LM head
/// (the last stage's last chunk); a backward block walks them in reverse. Replaces the contents of `units`.
void blockUnits(const BlockStage& st, std::int64_t v, std::int64_t chunk, bool fwd, std::vector<ZeroUnit>& units);

/// A collective (or a pipeline send, a host copy) of a block: its kind, the tensor it works on, its group and the
/// group's bandwidth, and extra latency (ZeRO-3's per-tensor split). seconds(): the alpha-beta time (collectives.h).
struct Collective
{
    EventKind kind = EventKind::Send;
    double bufferBytes = 0;
    std::int64_t groupSize = 1;
    double bytesPerSecond = 1;
    double extraSeconds = 0;
    double seconds(double alphaSeconds) const
    {
        return collectiveSeconds(kind, bufferBytes, groupSize, alphaSeconds, bytesPerSecond) + extraSeconds;
    }
};

/// Seconds of a blocking message that `cover` seconds of kernels next to it hide (Megatron's async TP next to its
/// GEMM, the CP ring next to the attention kernel): all of it up to the kernels' seconds.
inline double hiddenBeside(double cover, double commSeconds) { return std::min(std::max(0.0, cover), commSeconds); }

/// Megatron's TP messages after a layer half (forward) or before it (backward): one all-reduce, or with sequence
/// parallelism an all-gather and a reduce-scatter of the same tensor; none without TP. Writes them to `out` (room for
/// two) and returns how many.
int tpPairCollectives(const Scenario& s, const LayerTimes& lt, const GroupBandwidths& bw, Collective* out);

/// A pipeline send of a block's output activations (forward) or input gradients (backward).
inline Collective pipelineSend(const LayerTimes& lt, const GroupBandwidths& bw)
{
    return {EventKind::Send, lt.p2pBytes, 2, bw.pp, 0.0};
}

/// Seconds of a ZeRO unit's collectives: its ZeRO-3 gather and the host copy before it (parameter offload), its
/// gradient reduction and the copy to the host after it (optimizer offload); 0 where the layout has none.
struct UnitSeconds
{
    double host = 0, gather = 0, reduce = 0, toHost = 0;
};

/// The collectives of a layout's ZeRO units and per-weight pieces (what they depend on beyond the unit: the wire
/// bytes per element, the groups' bandwidths, the shard degree, the ZeRO stage, the offloads).
struct UnitComms
{
    double alphaSeconds = 0;
    double weights = 2, grads = 2; ///< bytes per parameter and gradient element on the wire
    GroupBandwidths bw;
    double pcieBytesPerSecond = 1;
    std::int64_t dc = 1; ///< ranks the model states are sharded and reduced over: dp x cp
    /// MoE (issue 25): ranks the routed experts' states are sharded and their gradients reduced over (expert-DP;
    /// Megatron-Core's DistributedDataParallel keeps them in expert_parallel_buffers over the expert-data-parallel
    /// group). `expertSplit`: a unit's expert params run their own collectives over that group (false on a dense
    /// model, and where the group is the DP group with its bandwidth: one collective as before).
    std::int64_t edc = 1;
    bool expertSplit = false;
    bool allReduce = false; ///< ZeRO-0: gradients all-reduced, else reduce-scattered
    bool z3 = false; ///< ZeRO-3 over more than one rank: units gathered before use
    bool offPar = false, offOpt = false;

    /// Of a unit's `params`, the `expert` routed-expert params that take the expert-DP collectives (0 unless split).
    std::int64_t expertOf(std::int64_t params, std::int64_t expert) const
    {
        return expertSplit ? std::clamp<std::int64_t>(expert, 0, params) : 0;
    }
    /// A unit of `params` params (per TP rank, before the shard), `expert` of them routed experts: the host-to-GPU
    /// copy of its offloaded shard.
    Collective paramsToDevice(std::int64_t params, std::int64_t expert = 0) const
    {
        const std::int64_t e = expertOf(params, expert);
        return {EventKind::HostToDevice, double(ceilDiv(params - e, dc) + ceilDiv(e, edc)) * weights, 1, bw.paramHost,
                0.0};
    }
    /// Its ZeRO-3 all-gather (of the dense params when the experts are split).
    Collective gather(std::int64_t params, std::int64_t expert = 0) const
    {
        return {EventKind::AllGather, double(params - expertOf(params, expert)) * weights, dc, bw.z3, bw.z3Extra};
    }
    /// Its gradient reduction (ZeRO-0: all-reduce; else reduce-scatter), of the dense params when split.
    Collective reduce(std::int64_t params, std::int64_t expert = 0) const
    {
        return {allReduce ? EventKind::AllReduce : EventKind::ReduceScatter,
                double(params - expertOf(params, expert)) * grads, dc, z3 ? bw.z3 : bw.dp, z3 ? bw.z3Extra : 0.0};
    }
    /// MoE: the ZeRO-3 all-gather and the gradient reduction of its `expert` routed-expert params over expert-DP.
    Collective gatherExpert(std::int64_t expert) const
    {
        return {EventKind::AllGather, double(expert) * weights, edc, bw.edp, 0.0};
    }
    Collective reduceExpert(std::int64_t expert) const
    {
        return {allReduce ? EventKind::AllReduce : EventKind::ReduceScatter, double(expert) * grads, edc, bw.edp, 0.0};
    }
    /// ZeRO-Offload's copy of its reduced gradient shard to the host.
    Collective gradsToHost(std::int64_t params, std::int64_t expert = 0) const
    {
        const std::int64_t e = expertOf(params, expert);
        return {EventKind::DeviceToHost, double(ceilDiv(params - e, dc) + ceilDiv(e, edc)) * grads, 1,
                pcieBytesPerSecond, 0.0};
    }
    /// The same of a per-weight piece (zero3Pieces()) gathering or reducing `elements` elements; its reduction adds
    /// `extraSeconds` (the persisted tensors' own reductions).
    Collective pieceParamsToDevice(double elements) const
    {
        return {EventKind::HostToDevice, std::ceil(elements / double(dc)) * weights, 1, bw.paramHost, 0.0};
    }
    Collective pieceGather(double elements) const { return {EventKind::AllGather, elements * weights, dc, bw.z3, 0.0}; }
    Collective pieceReduce(double elements, double extraSeconds) const
    {
        return {EventKind::ReduceScatter, elements * grads, dc, bw.z3, extraSeconds};
    }
    Collective pieceGradsToHost(double elements) const
    {
        return {EventKind::DeviceToHost, std::ceil(elements / double(dc)) * grads, 1, pcieBytesPerSecond, 0.0};
    }
    /// The seconds of a unit's collectives the layout runs (the expert-DP ones after the dense ones).
    UnitSeconds seconds(std::int64_t params, std::int64_t expert = 0) const
    {
        UnitSeconds u;
        const std::int64_t e = expertOf(params, expert);
        if (z3) {
            if (offPar)
                u.host = paramsToDevice(params, e).seconds(alphaSeconds);
            u.gather = gather(params, e).seconds(alphaSeconds);
            if (e > 0 && edc > 1)
                u.gather += gatherExpert(e).seconds(alphaSeconds);
        }
        if (dc > 1 || (e > 0 && edc > 1)) {
            if (dc > 1)
                u.reduce = reduce(params, e).seconds(alphaSeconds);
            if (e > 0 && edc > 1)
                u.reduce += reduceExpert(e).seconds(alphaSeconds);
            if (offOpt)
                u.toHost = gradsToHost(params, e).seconds(alphaSeconds);
        }
        return u;
    }
};

/// The unit collectives of scenario `s` with bytes per param `b`, link plan `l`, group bandwidths `bw` and `dc` =
/// dp x cp ranks sharding the model states.
inline UnitComms unitComms(const Scenario& s, const BytesPerParam& b, const LinkPlan& l, const GroupBandwidths& bw,
                           std::int64_t dc)
{
    UnitComms u;
    u.alphaSeconds = s.alphaSeconds;
    u.weights = b.weights;
    u.grads = b.grads;
    if (finetuneAdapters(s)) {
        // Fine-tuning (issue 28): a gather moves the frozen base at its precision and the adapters; only the adapters'
        // gradients are reduced (finetuneShares(), over the units in proportion to their params).
        const FinetuneShares f = finetuneShares(s, b);
        u.weights = f.gatherBytes;
        u.grads = b.grads * f.trainable;
    }
    u.bw = bw;
    u.pcieBytesPerSecond = l.pcieBytesPerSecond;
    u.dc = dc;
    u.edc = expertShardRanks(s, dc);
    u.expertSplit = expertStatesSplit(s, l, dc);
    u.allReduce = s.zeroStage == 0;
    u.z3 = s.zeroStage == 3 && dc > 1;
    u.offPar = s.offloadParams != OffloadDevice::None;
    u.offOpt = s.offloadOptimizer != OffloadDevice::None;
    return u;
}

/// One thing a layer (or a weight's piece of it) runs on the compute stream: its kernels, or a blocking message
/// after them (the TP pair; the CP ring, backward with the gradients in a backward phase) that kernels next to it
/// may hide (hiddenBeside()).
struct LayerOp
{
    enum class Kind : std::uint8_t { Kernels, TpPair, CpRing };
    Kind kind = Kind::Kernels;
    StepPhase phase = StepPhase::Forward;
    EventPart part = EventPart::Attention;
    double flops = 0, seconds = 0; ///< Kernels: their FLOPs and seconds on one GPU
    double cover = 0; ///< TpPair, CpRing: the kernel seconds next to it (what may hide it)
    /// Kernels: the whole MLP of a layer (forward, recomputed forward or backward), whose seconds hold a MoE layer's
    /// exposed all-to-alls (LayerTimes::moeA2aExposedFwd, Bwd); computeStep() draws them as events of their own.
    bool wholeMlp = false;

    static LayerOp kernels(StepPhase ph, EventPart part, double flops, double seconds)
    {
        return {Kind::Kernels, ph, part, flops, seconds, 0.0, false};
    }
    static LayerOp mlp(StepPhase ph, double flops, double seconds)
    {
        return {Kind::Kernels, ph, EventPart::Mlp, flops, seconds, 0.0, true};
    }
    static LayerOp tpPair(StepPhase ph, EventPart part, double cover)
    {
        return {Kind::TpPair, ph, part, 0.0, 0.0, cover, false};
    }
    static LayerOp cpRing(StepPhase ph, double cover)
    {
        return {Kind::CpRing, ph, EventPart::Attention, 0.0, 0.0, cover, false};
    }
};

// The op lists: each calls `visit(op)` for its ops in order (computeStep() turns them into events, layerSeconds()
// adds them up).

/// A layer's forward in phase `ph` (Forward, or Recompute): the attention half's kernels, the CP ring, its TP pair,
/// the MLP's kernels, their TP pair.
template <class Visit>
void layerForwardOps(const LayerTimes& lt, StepPhase ph, Visit&& visit)
{
    visit(LayerOp::kernels(ph, EventPart::Attention, lt.attnFlops + lt.coreFlops,
                           lt.attnLinFwd + lt.coreFwd + lt.attnEwFwd));
    visit(LayerOp::cpRing(ph, lt.coreFwd));
    visit(LayerOp::tpPair(ph, EventPart::Attention, lt.attnLinFwd));
    visit(LayerOp::mlp(ph, lt.mlpFlops, lt.mlpFwd));
    visit(LayerOp::tpPair(ph, EventPart::Mlp, lt.mlpFwd));
}

/// A layer's backward, its recomputation first (`recompute`: Full, the forward again; Selective, the attention
/// core; PerOp, every second matmul and the element-wise ops; otherwise none): the MLP's kernels, their TP pair, the attention half's kernels, the CP ring, its TP pair.
template <class Visit>
void layerBackwardOps(const LayerTimes& lt, Checkpointing recompute, Visit&& visit)
{
    if (recompute == Checkpointing::Full)
        layerForwardOps(lt, StepPhase::Recompute, visit);
    else if (recompute == Checkpointing::Selective)
        visit(LayerOp::kernels(StepPhase::Recompute, EventPart::Attention, lt.coreFlops, lt.coreFwd));
    else if (recompute == Checkpointing::PerOp) { // torchtitan's per-op SAC: every second matmul, the element-wise ops
        visit(LayerOp::kernels(StepPhase::Recompute, EventPart::Attention, lt.perOpAttnRecomputeFlops, lt.perOpAttnRecompute));
        visit(LayerOp::kernels(StepPhase::Recompute, EventPart::Mlp, lt.perOpMlpRecomputeFlops, lt.perOpMlpRecompute));
    }
    // Megatron-Core's recompute modules (layernorm, moe_act, mla_up_proj), unless the whole forward runs again.
    if (recompute != Checkpointing::Full && lt.moduleRecompute > 0)
        visit(LayerOp::kernels(StepPhase::Recompute, EventPart::Mlp, lt.moduleRecomputeFlops, lt.moduleRecompute));
    const StepPhase b = StepPhase::Backward;
    visit(LayerOp::mlp(b, lt.mlpBwdFactor * lt.mlpFlops, lt.mlpBwd));
    visit(LayerOp::tpPair(b, EventPart::Mlp, lt.mlpBwd));
    visit(LayerOp::kernels(b, EventPart::Attention, lt.attnBwdFactor * lt.attnFlops + 2.0 * lt.coreFlops,
                           lt.attnLinBwd + lt.coreBwd + lt.attnEwBwd));
    visit(LayerOp::cpRing(b, lt.coreBwd));
    visit(LayerOp::tpPair(b, EventPart::Attention, lt.attnLinBwd));
}

/// The final norm and LM head, forward or backward.
template <class Visit>
void headOps(const LayerTimes& lt, bool fwd, Visit&& visit)
{
    visit(fwd ? LayerOp::kernels(StepPhase::Forward, EventPart::Head, lt.headFlops, lt.headFwd)
              : LayerOp::kernels(StepPhase::Backward, EventPart::Head, lt.headBwdFactor * lt.headFlops, lt.headBwd));
}

/// A piece of DeepSpeed's per-weight ZeRO-3 walk (Zero3Work) in phase `ph`: its weight's share of the layer half's
/// kernels (LayerTimes::qkvShare, upShare), the TP pair and the ring after the piece that ends the half; a backward
/// QKV piece recomputes the attention core first with `selective` checkpointing.
template <class Visit>
void zero3PieceOps(const LayerTimes& lt, Zero3Work w, StepPhase ph, bool selective, Visit&& visit)
{
    const bool back = ph == StepPhase::Backward;
    const double attnLin = lt.attnLinFwd, mlpGemm = lt.mlpFwd - lt.mlpEwFwd, sh = lt.qkvShare, su = lt.upShare;
    const StepPhase b = StepPhase::Backward;
    const EventPart attn = EventPart::Attention, mlp = EventPart::Mlp;
    switch (w) {
    case Zero3Work::None: break;
    case Zero3Work::Head: headOps(lt, !back, visit); break;
    case Zero3Work::Qkv:
        if (!back) {
            visit(
                LayerOp::kernels(ph, attn, lt.attnFlops * sh + lt.coreFlops, attnLin * sh + lt.coreFwd + lt.attnEwFwd));
            visit(LayerOp::cpRing(ph, lt.coreFwd));
        } else {
            if (selective)
                visit(LayerOp::kernels(StepPhase::Recompute, attn, lt.coreFlops, lt.coreFwd));
            visit(LayerOp::kernels(b, attn, 2.0 * (lt.attnFlops * sh + lt.coreFlops),
                                   2.0 * attnLin * sh + lt.coreBwd + lt.attnEwBwd));
            visit(LayerOp::cpRing(b, lt.coreBwd));
            visit(LayerOp::tpPair(b, attn, lt.attnLinBwd));
        }
        break;
    case Zero3Work::Out:
        if (!back) {
            visit(LayerOp::kernels(ph, attn, lt.attnFlops * (1 - sh), attnLin * (1 - sh)));
            visit(LayerOp::tpPair(ph, attn, attnLin));
        } else {
            visit(LayerOp::kernels(b, attn, 2.0 * lt.attnFlops * (1 - sh), 2.0 * attnLin * (1 - sh)));
        }
        break;
    case Zero3Work::Up:
        if (!back) {
            visit(LayerOp::kernels(ph, mlp, lt.mlpFlops * su, mlpGemm * su));
        } else {
            visit(LayerOp::kernels(b, mlp, 2.0 * lt.mlpFlops * su, 2.0 * mlpGemm * su));
            visit(LayerOp::tpPair(b, mlp, lt.mlpBwd));
        }
        break;
    case Zero3Work::Down:
        if (!back) {
            visit(LayerOp::kernels(ph, mlp, lt.mlpFlops * (1 - su), mlpGemm * (1 - su) + lt.mlpEwFwd));
            visit(LayerOp::tpPair(ph, mlp, lt.mlpFwd));
        } else {
            visit(LayerOp::kernels(b, mlp, 2.0 * lt.mlpFlops * (1 - su), 2.0 * (mlpGemm * (1 - su) + lt.mlpEwFwd)));
        }
        break;
    }
}

/// The compute-stream seconds a closed form adds up per layer, from the op lists above: each op's kernels, and of
/// each blocking message what the kernels next to it do not hide.
struct LayerSeconds
{
    double layerFwd = 0, layerFwdKernels = 0; ///< a layer's forward: compute stream, its kernels
    double layerBwd = 0, layerBwdKernels = 0, layerRecompute = 0; ///< its backward (recomputation first)
    double layerBwdPlain = 0; ///< the backward of a layer full checkpointing leaves out (every n-th only)
    /// Compute-stream seconds of a per-weight piece (Zero3Work) in forward (and recompute) and in backward.
    double pieceFwd[6] = {}, pieceBwd[6] = {};
    double send = 0; ///< a pipeline send
};
/// The layer seconds of scenario `s` whose layer takes `lt` on its GPU, with group bandwidths `bw`; the per-weight
/// pieces' only with Scenario::zero3PerTensorCollectives (0 without: no block walks them).
LayerSeconds layerSeconds(const Scenario& s, const LayerTimes& lt, const GroupBandwidths& bw);

/// Where a block's two streams end: its compute stream (the neighbour may go on) and its communication stream.
struct StreamEnds
{
    double compute = 0, comm = 0;
};

/// The two streams of a block walked per weight (DeepSpeed 2021's ZeRO-3: zero3Pieces(), walkZero3Pieces()) over
/// `units` in the block's order (blockUnits()), without events, both from 0: each piece waits for its gather, runs
/// its seconds (`ls`) on the compute stream and (`reduce`) reduces its gradients on the communication stream.
StreamEnds perWeightBlock(const Scenario& s, const UnitComms& uc, const LayerSeconds& ls,
                          const std::vector<ZeroUnit>& units, bool fwd, bool reduce);

} // namespace shardscope::detail
