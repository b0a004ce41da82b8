// SPDX-License-Identifier: MIT
#pragma once

// The step model's pieces shared by the simulator (computeStep(), step.cpp) and the planner's closed form
// (closedFormStep(), layoutplanner_eval.cpp): kernel seconds and FLOPs of a layer, the link bandwidths of each
// process group, the optimizer phase, and the layers of a model chunk. Private to core.

#include "shardscope/footprint.h"
#include "shardscope/gpus.h"
#include "shardscope/kernels.h"
#include "shardscope/links.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace shardscope::detail {

/// Host DRAM bandwidth per node for CPU Adam: DGX A100's two EPYC 7742, 8 channels of DDR4-3200 each
/// (2 x 204.8 GB/s), shared by the node's GPUs (CPU Adam is memory-bound: it streams every state once).
inline constexpr double kHostMemoryBytesPerSecondPerNode = 409.6e9;
/// NVMe read/write bandwidth per node for ZeRO-Infinity: about 25 GB/s aggregate on a DGX-2 class node with
/// its NVMe drives in RAID 0 (Rajbhandari et al. 2021, ZeRO-Infinity), shared by the node's GPUs.
inline constexpr double kNvmeBytesPerSecondPerNode = 25e9;
/// Fraction of the HBM spec that streaming kernels reach (STREAM-like copies on A100/H100 reach 85-90%).
inline constexpr double kAchievableHbm = 0.85;
/// Bytes per attention score moved without FlashAttention (forward; see layerTimes()).
inline constexpr double kScoreBytes = 5.0;

inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

/// Whether an MoE layer's token dispatcher needs its per-expert token counts on the host before the dispatch (Megatron-
/// Core: dropless routing, no capacity factor, with EP > 1; kernels.h kMegatronDroplessSyncSecondsPerLayer).
inline bool moeDispatchSynchronises(const Scenario& s) { return s.arch.moe() && s.ep > 1 && s.moeCapacityFactor == 1.0; }

/// Layers of pipeline stage i when L layers split over p stages (the first L mod p stages hold one more), and
/// the layers before it. With Megatron-Core's account_for_embedding_in_pipeline_split (`e`) and
/// account_for_loss_in_pipeline_split (`l`) the embedding and the loss each take one layer's slot: L + e + l slots
/// split over the stages, the first stage building e fewer layers and the last l fewer
/// (megatron/core/transformer/transformer_block.py, get_num_layers_to_build; docs/model.md, "Pipeline split").
inline std::int64_t layersOnStage(std::int64_t L, std::int64_t p, std::int64_t i, bool e = false, bool l = false)
{
    const std::int64_t n = L + (e ? 1 : 0) + (l ? 1 : 0);
    return n / p + (i < n % p ? 1 : 0) - (e && i == 0 ? 1 : 0) - (l && i == p - 1 ? 1 : 0);
}
inline std::int64_t layersBefore(std::int64_t L, std::int64_t p, std::int64_t i, bool e = false, bool l = false)
{
    const std::int64_t n = L + (e ? 1 : 0) + (l ? 1 : 0);
    return i * (n / p) + std::min(i, n % p) - (e && i > 0 ? 1 : 0);
}
/// Layers of model chunk c of a stage with `stageLayers` layers over v chunks: an uneven split (126 layers over
/// PP 8 x VPP 2, as Megatron and torchtitan accept) gives the stage's first stageLayers mod v chunks one more. With
/// the embedding (`e`: the first stage) or the loss (`l`: the last stage) in the split, the stage's slots (its layers
/// + e + l) split over the chunks and the first chunk builds e fewer, the last l fewer (get_num_layers_to_build).
/// The same split as the stages' one level down: layersOnStage() of the stage's layers over its chunks.
inline std::int64_t chunkLayers(std::int64_t stageLayers, std::int64_t v, std::int64_t c, bool e = false, bool l = false)
{
    return layersOnStage(stageLayers, v, c, e, l);
}
/// The chunk's first layer within its stage.
inline std::int64_t chunkFirstLayer(std::int64_t stageLayers, std::int64_t v, std::int64_t c, bool e = false, bool l = false)
{
    return layersBefore(stageLayers, v, c, e, l);
}

/// fms-fsdp's every-n-th-block checkpointing (Scenario::checkpointInterval; policies/ac_handler.py): block i
/// (1-based) is wrapped when i x p reaches the next cut-off (1/2, 3/2, ...), p = 1/n, so the count of wrapped
/// blocks among the first i is floor(i p + 1/2) = (2i + n) / (2n) (i with n = 1: every block).
inline std::int64_t checkpointedAmongFirst(std::int64_t i, std::int64_t n)
{
    n = std::max<std::int64_t>(1, n);
    return (2 * i + n) / (2 * n);
}
/// With full checkpointing, is global layer l (0-based) checkpointed? (Embedding and head units: l < 0, yes.)
inline bool layerCheckpointed(const Scenario& s, std::int64_t l)
{
    if (s.checkpointInterval <= 1 || l < 0)
        return true;
    return checkpointedAmongFirst(l + 1, s.checkpointInterval) > checkpointedAmongFirst(l, s.checkpointInterval);
}
/// The checkpointed layers among global layers first .. first + count - 1.
inline std::int64_t checkpointedLayers(const Scenario& s, std::int64_t first, std::int64_t count)
{
    return checkpointedAmongFirst(first + count, s.checkpointInterval) - checkpointedAmongFirst(first, s.checkpointInterval);
}

/// Bytes per activation element on the wire: 16-bit (fp32 with an fp32 recipe).
inline double activationWireBytes(const BytesPerParam& b) { return b.weights >= 4 ? 4.0 : 2.0; }

/// Kernel seconds and FLOPs of one layer (its attention and MLP halves) and of the LM head for one micro-batch
/// on one GPU, and the bytes of its TP, pipeline and ring-attention messages.
struct LayerTimes
{
    /// FLOPs of one layer's forward on one TP rank: QKV/O projections, core attention, MLP; the LM head.
    double attnFlops = 0, coreFlops = 0, mlpFlops = 0, headFlops = 0;
    /// Seconds: the attention half's linear layers, core attention and element-wise work; the MLP half; the head.
    double attnLinFwd = 0, coreFwd = 0, attnEwFwd = 0, mlpFwd = 0, headFwd = 0;
    double attnLinBwd = 0, coreBwd = 0, attnEwBwd = 0, mlpBwd = 0, headBwd = 0;
    double cpRingFwd = 0; ///< bytes of this rank's K and V chunk (what one ring step passes on in forward)
    double cpRingGrad = 0; ///< bytes of this rank's dK and dV chunk as the backward ring passes it on
    /// Seconds of ring attention's memory-bound bookkeeping per layer and micro-batch (PyTorch's context_parallel:
    /// the fp32 log-sum-exp merge of the partial outputs, the fp32 gradient accumulation, the chunk copies);
    /// included in coreFwd and coreBwd. 0 without CP or with Megatron-Core's ring.
    double cpMergeFwd = 0, cpMergeBwd = 0;
    double tpMsgBytes = 0; ///< the tensor a TP collective works on
    double p2pBytes = 0; ///< a pipeline send (the block's output activations or input gradients)
    /// Shares of the forward kernel seconds by weight (per-tensor ZeRO-3 splits a layer at its weights): QKV's
    /// share of the attention GEMMs, the up/gate GEMMs' share of the MLP's, and the MLP's element-wise seconds.
    double qkvShare = 1, upShare = 1, mlpEwFwd = 0;
    /// MoE (issue 25): one all-to-all's seconds and the bytes this rank sends in it (moeAllToAll()); its exposed
    /// part is in mlpFwd and mlpBwd.
    double moeA2aSeconds = 0, moeA2aBytes = 0;
    /// Of them, the seconds the layer's forward (dispatch + combine) and backward (their gradients) wait for: all
    /// of 2 x moeA2aSeconds, or with moeA2aOverlap what the kernels cannot cover. computeStep() draws them as the
    /// MoE layers' all-to-all events (half each), cut out of the MLP's kernels event.
    double moeA2aExposedFwd = 0, moeA2aExposedBwd = 0;
    /// Megatron-Core's EP overlap (moeA2aOverlap under a Megatron stack): its measured cost per layer and micro-batch
    /// (kMegatronA2aOverlapSecondsPerLayer), half in mlpFwd and half in mlpBwd; 0 otherwise.
    double moeA2aOverlapCost = 0;
    /// Megatron-Core's dropless synchronisation (dropless routing, EP > 1, no overlap, under a Megatron stack): the host
    /// time the layer's forward exposes per micro-batch (kMegatronDroplessSyncSecondsPerLayer), in mlpFwd; 0 otherwise.
    double moeSyncDrain = 0;
    /// fp8 recipes: the experts' GEMM-input quantisation in forward and their output gradients' in backward (in
    /// mlpFwd and mlpBwd); 0 in 16 bits.
    double moeCastFwd = 0, moeCastBwd = 0;
    /// Megatron-Core's recompute modules (Scenario::recomputeModules): their seconds and FLOPs before the layer's
    /// backward (layernorm, moe_act, mla_up_proj), unless the whole forward is recomputed.
    double moduleRecompute = 0, moduleRecomputeFlops = 0;
    /// Backward FLOPs per forward FLOP of the linear work of the attention half (its projections, not the attention
    /// core), of the MLP and of the LM head: 2 (data- and weight-gradient GEMMs); with a frozen base (fine-tuning,
    /// issue 28) the base GEMMs run their data gradient only and the adapters both: (base + 2 x adapters) / (base +
    /// adapters).
    double attnBwdFactor = 2, mlpBwdFactor = 2, headBwdFactor = 2;
    /// torchtitan's per-op selective checkpointing (Checkpointing::PerOp): what a layer's backward recomputes first,
    /// in the attention half and in the MLP: every second matmul of the block in forward order (wk, wo, and w3 of a
    /// gated MLP or the down projection of a plain one) and every element-wise op; SDPA's output is saved, not
    /// recomputed (pytorch/torchtitan@000204a torchtitan/distributed/activation_checkpoint.py, _save_list and
    /// _custom_policy: "Saves output of all compute ops, except every second mm"). Seconds and FLOPs on one GPU.
    double perOpAttnRecompute = 0, perOpMlpRecompute = 0, perOpAttnRecomputeFlops = 0, perOpMlpRecomputeFlops = 0;
    /// Kernel seconds of one layer's forward (what overlap_param_gather hides the parameter all-gather under).
    double layerForward() const { return attnLinFwd + coreFwd + attnEwFwd + mlpFwd; }
};

/// Fine-tuning (issue 28; docs/model.md "Fine-tuning"): the params that train per param of the model (the adapters'
/// share) and the bytes a gather of the model's params moves per param (the frozen base at its precision and the
/// adapters), over the whole model; 1 and b.weights when every parameter trains. The step's collectives and optimizer
/// phase spread them over the units in proportion to their params.
struct FinetuneShares
{
    double trainable = 1;
    double gatherBytes = 2;
};
FinetuneShares finetuneShares(const Scenario& s, const BytesPerParam& b);

/// The kernel model in force (kernels.h) for the scenario's GPU `g` (its resolved preset): efficiencies as given,
/// or the GPU's defaults times its power cap.
KernelModel kernelModel(const Scenario& s, const GpuPreset& g);

/// Kernel seconds of a layer's halves and of the LM head on one GPU for one micro-batch (docs/model.md,
/// "Kernel time"), with `actBytes` bytes per activation element (activationWireBytes()).
LayerTimes layerTimes(const Scenario& s, const GpuPreset& g, double actBytes);

/// Bytes of ring attention's memory-bound bookkeeping for one layer pass of one micro-batch on one rank
/// (PyTorch's context_parallel; docs/model.md, "Context parallelism"): `outElems` elements of the rank's attention
/// output (tokens x q/t), `kvElems` of its K (and as many of V), `c` the CP size. Forward: the merge of each of the
/// c - 1 later steps; backward: the fp32 accumulation of dQ, dK, dV and FlashAttention's per-call pre- and
/// post-processing. 0 for c <= 1.
double cpMergeBytes(double outElems, double kvElems, std::int64_t c, bool backward);

/// The CP ring's communication in one layer pass of one micro-batch (shared by computeStep()'s cpRing and the
/// planner's closed form): its seconds, what the attention kernels do not hide, and its bytes.
struct CpRingTime
{
    double seconds = 0; ///< all the pass's ring transfers, back to back
    double exposed = 0; ///< what the attention kernels (coreSeconds) do not hide
    double bytes = 0; ///< bytes this rank sends
    double bufferBytes = 0; ///< the tensor a transfer works on (the gathered K/V, or one chunk)
};
/// The ring of a forward (or recompute) pass or of a backward pass, next to `coreSeconds` of attention kernels,
/// at `beta` bytes/s. Megatron-Core's P2P ring: c - 1 sends of the K/V chunk (backward: with dK/dV, 16-bit), each
/// under the attention of a step. PyTorch's context_parallel: one all-gather of K/V, under the first step's
/// attention only (1/c); backward also c sends of the fp32 dK/dV chunk, each under the next step's attention, the
/// last one waited for.
CpRingTime cpRingTime(const Scenario& s, const LayerTimes& lt, double beta, bool backward, double coreSeconds);

/// Bandwidths of the process groups' collectives (bytes/s) and ZeRO-3's per-tensor latency.
struct GroupBandwidths
{
    double tp = 1, dp = 1, pp = 1, cp = 1;
    double paramHost = 1; ///< host-to-GPU bandwidth of offloaded params (PCIe, or the NVMe share)
    double z3 = 1; ///< ZeRO-3 collectives' bandwidth (one NIC per GPU with per-tensor collectives)
    double z3Extra = 0; ///< extra latency of a unit's ZeRO-3 collective split per parameter tensor
    double z3SmallTensors = 0; ///< biases and norms of a layer (per-tensor ZeRO-3: persisted, reduced one by one)
    double edp = 1; ///< MoE: the expert-data-parallel group's collectives (LinkPlan::edpBytesPerSecond)
};

/// MoE (issue 25): the ranks the routed experts' states are sharded and their gradients reduced over: expert-DP =
/// GPUs / (PP x EP x ETP) (Megatron-Core: DistributedDataParallel's expert_parallel_buffers over the expert-data-
/// parallel group, NVIDIA/Megatron-LM@293e1041 megatron/core/distributed/distributed_data_parallel.py; the
/// distributed optimizer shards each buffer over its own group); `dc` on a dense model.
inline std::int64_t expertShardRanks(const Scenario& s, std::int64_t dc)
{
    return s.arch.moe() ? std::max<std::int64_t>(1, s.expertDp()) : dc;
}
/// Whether the routed experts' collectives and optimizer shard differ from the dense ones (another group size or
/// bandwidth); DeepSpeed 2021's per-tensor ZeRO-3 walk keeps one flat ring.
inline bool expertStatesSplit(const Scenario& s, const LinkPlan& l, std::int64_t dc)
{
    return s.arch.moe() && !s.zero3PerTensorCollectives
        && (expertShardRanks(s, dc) != dc || l.edpBytesPerSecond != l.dpBytesPerSecond);
}

/// The group bandwidths of a scenario with link plan `l` and `dc` = dp x cp ranks sharding the model states.
GroupBandwidths groupBandwidths(const Scenario& s, const LinkPlan& l, std::int64_t dc);

/// The optimizer phase after a stage's last block: the optimizer step (GPU Adam, or CPU Adam when offloaded,
/// streaming from NVMe with ZeRO-Infinity), the host-to-GPU copy of the updated shard, ZeRO-1/2's all-gather.
struct OptimizerPhase
{
    double step = 0; ///< optimizer step seconds
    double hostCopy = 0; ///< host-to-GPU copy of the updated parameter shard (optimizer offload without param offload)
    double gather = 0; ///< ZeRO-1/2's all-gather of the updated parameters (0 without)
    double gatherBytes = 0; ///< the tensor it works on
    double gatherExposed = 0; ///< the part of it the step waits for (all of it without overlap_param_gather)
    /// Seconds the phase holds the stage up.
    double seconds() const { return step + hostCopy + gatherExposed; }
};

/// The optimizer phase of a stage holding `localParams` params per GPU, whose first forward runs `cover` seconds of
/// kernels (LayerTimes::layerForward() x its layers: what overlap_param_gather hides the all-gather under).
/// MoE: `expertParams` of them are routed experts, sharded and all-gathered over expert-DP (expertShardRanks()) where
/// expertStatesSplit().
OptimizerPhase optimizerPhase(const Scenario& s, const BytesPerParam& b, const LinkPlan& l, const GpuPreset& g,
                              const GroupBandwidths& bw, std::int64_t localParams, std::int64_t dc, double cover,
                              std::int64_t expertParams = 0);

/// A ZeRO unit of a block (what FSDP wraps; what a ZeRO-3 gather fetches): the embedding, a layer, the final norm
/// and LM head, with its params per GPU before the DP shard.
struct ZeroUnit
{
    EventPart part = EventPart::Layer;
    std::int64_t layer = 0; ///< the global layer; -1 embedding, -2 head
    std::int64_t params = 0;
    std::int64_t expert = 0; ///< MoE: of them, routed-expert params (reduced over expert-DP; UnitComms::expertOf())
};

/// What a piece of DeepSpeed 2021's per-weight ZeRO-3 walk runs on the compute stream: nothing (the embedding), the
/// LM head, or one weight's share of a layer half (QKV with the attention core, the output projection, up and gate,
/// down with the MLP's element-wise work), in its phase.
enum class Zero3Work
{
    None,
    Head,
    Qkv,
    Out,
    Up,
    Down
};

/// One piece of the per-weight walk (docs/model.md, "DeepSpeed ZeRO-3 per tensor").
struct Zero3Piece
{
    EventPart part = EventPart::Layer;
    std::int64_t layer = 0;
    StepPhase phase = StepPhase::Forward;
    Zero3Work work = Zero3Work::None;
    double gather = 0; ///< elements gathered before it runs (0: persisted or still held)
    double reduce = 0; ///< gradient elements reduce-scattered after it (backward)
    double reduceExtra = 0; ///< seconds of the persisted tensors' own reductions
};

/// The pieces of a block of DeepSpeed ZeRO-3 as of 2021 at the granularity it runs at (Scenario::
/// zero3PerTensorCollectives): `units` in the block's order (backward: reversed). Each Linear is a sub-module whose
/// weight is gathered in its pre-forward (and pre-backward) hook; biases and norms under the persistence threshold
/// stay whole on every rank. After use a weight is released unless it is used again within
/// stage3_max_reuse_distance elements: with full recompute (the layers Scenario::checkpointInterval checkpoints),
/// the backward of a layer gathers again each weight whose recompute-to-backward distance (twice the weights after
/// it in the layer) exceeds it. `dc`: the ranks the states are sharded over; `smallTensors`: a layer's biases and
/// norms (GroupBandwidths::z3SmallTensors), reduced one by one.
std::vector<Zero3Piece> zero3Pieces(const Scenario& s, const std::vector<ZeroUnit>& units, bool fwd, std::int64_t dc,
                                    double smallTensors);

/// The per-weight walk's order of events, shared by computeStep() and the closed form: before piece j runs its
/// gather is issued (`issue(j)`, once) and waited for (`wait(j)`), then the next pieces' gathers are prefetched up to
/// stage3_prefetch_bucket_size elements (a 175B weight is 1.5e8-6e8 elements: one weight ahead), then `run(j)` runs
/// it (its kernels, then its gradient reduction).
template <class Issue, class Wait, class Run>
void walkZero3Pieces(const std::vector<Zero3Piece>& pieces, double bucketElements, Issue&& issue, Wait&& wait, Run&& run)
{
    std::vector<char> issued(pieces.size(), 0);
    auto issueOnce = [&](std::size_t j) {
        if (pieces[j].gather <= 0 || issued[j])
            return;
        issued[j] = 1;
        issue(j);
    };
    for (std::size_t j = 0; j < pieces.size(); ++j) {
        issueOnce(j);
        if (pieces[j].gather > 0)
            wait(j);
        double ahead = 0;
        for (std::size_t k = j + 1; k < pieces.size() && ahead < bucketElements; ++k) {
            if (pieces[k].gather <= 0)
                continue;
            issueOnce(k);
            ahead += pieces[k].gather;
        }
        run(j);
    }
}

} // namespace shardscope::detail
