// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/collectives.h"
#include "shardscope/footprint.h"
#include "shardscope/kernels.h"
#include "shardscope/links.h"
#include "shardscope/pipeline.h"
#include "shardscope/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// The process group a collective runs in. Compute events have CommGroup::None.
/// EP (issue 25): the expert-parallel group of a MoE layer's all-to-alls.
enum class CommGroup { None, DP, TP, PP, Host, CP, EP };
enum class StepPhase { Forward, Backward, Recompute, Optimizer };
/// What an event works on (for labels): a layer's attention or MLP half, a whole layer, the embedding,
/// the LM head and loss, the optimizer step.
enum class EventPart { Attention, Mlp, Layer, Embedding, Head, Optimizer };

/// "dp", "tp", "pp", "host", "cp", "ep" ("" for None).
const char* commGroupKey(CommGroup g);
/// "forward", "backward", "recompute", "optimizer".
const char* stepPhaseKey(StepPhase p);
/// "attention", "mlp", "layer", "embedding", "head", "optimizer".
const char* eventPartKey(EventPart p);

/**
 * One thing the worst rank does during the step. Compute runs on the compute stream; blocking
 * collectives (TP, pipeline sends) sit on the compute stream too; ZeRO gathers, gradient
 * reductions and host copies run on a second (communication) stream and overlap compute.
 */
struct StepEvent
{
    double start = 0; ///< seconds from the start of the step
    double duration = 0; ///< seconds
    EventKind kind = EventKind::Compute;
    CommGroup group = CommGroup::None;
    StepPhase phase = StepPhase::Forward;
    EventPart part = EventPart::Layer;
    double bytes = 0; ///< bytes one GPU sends on the wire (0 for compute)
    double bufferBytes = 0; ///< size M of the full tensor the collective works on
    double flops = 0; ///< executed FLOPs on this GPU (compute events)
    double exposedSeconds = 0; ///< part of the duration that holds up compute (comm only)
    std::int64_t groupSize = 1; ///< ranks in the collective's group
    bool crossesNodes = false; ///< the group spans more than one node (its ring uses the NIC)
    std::int64_t layer = -1; ///< global index of the (first) transformer layer, -1 if none
    std::int64_t layerCount = 0; ///< layers covered (more than 1 when events are aggregated)
    std::int64_t microbatch = -1; ///< first micro-batch, -1 for the optimizer phase
    std::int64_t microbatchCount = 1; ///< micro-batches covered (more than 1 when aggregated)
    std::int64_t chunk = 0; ///< model chunk (interleaved schedule)
    double end() const { return start + duration; }
    bool isComm() const { return kind != EventKind::Compute; }
};

struct MemoryPoint
{
    double t = 0; ///< seconds from the start of the step
    std::int64_t bytes = 0; ///< from t until the next point
};

/// The step's totals; compute_s + recompute_s + exposed_comm_s + bubble_s + optimizer_s = step_time_s.
struct StepTotals
{
    double stepTime = 0;
    double computeSeconds = 0; ///< forward and backward kernels on the worst rank
    double recomputeSeconds = 0; ///< activation recomputation
    double exposedCommSeconds = 0; ///< communication that compute waits for
    double hiddenCommSeconds = 0; ///< communication time overlapped by compute (not in step time)
    double bubbleSeconds = 0; ///< idle waiting for other pipeline stages
    double optimizerSeconds = 0; ///< optimizer step (GPU, or CPU Adam when offloaded) and host copies after it
    double executedFlops = 0; ///< all GPUs, recompute included
    double modelFlops = 0; ///< all GPUs, without recompute
    double tflopsPerGpu = 0; ///< executed FLOP/s per GPU / 1e12 (as Narayanan et al. report)
    double mfu = 0; ///< model FLOPs / (step time x N x peak)
    double tokensPerStep = 0;
    double tokensPerSecondPerGpu = 0;
    double bubbleFraction = 0; ///< bubbleSeconds / stepTime on the worst rank
    double analyticBubbleFraction = 0; ///< (p-1)/(p-1+m), (p-1)/(p-1+v m) interleaved
    double dpBytes = 0, tpBytes = 0, ppBytes = 0, hostBytes = 0; ///< wire bytes per GPU per step by group
    double cpBytes = 0; ///< ring-attention K/V bytes per GPU per step (context parallelism)
    /// MoE (issue 25): the all-to-all bytes per GPU per step (4 per MoE layer per micro-batch, recompute included),
    /// and their seconds before overlap.
    double epBytes = 0, epSeconds = 0;
    /// MoE (issue 25): the EP overlap's own cost on the worst rank per step, already in computeSeconds and
    /// recomputeSeconds: Megatron-Core's measured cost per MoE layer and micro-batch (kernels.h,
    /// kMegatronA2aOverlapSecondsPerLayer; half in the forward, so again half where full checkpointing recomputes it).
    /// 0 without the overlap or outside a Megatron-Core stack.
    double epOverlapCostSeconds = 0;
    /// MoE (issue 25): the time Megatron-Core's dropless dispatcher leaves the device idle on the worst rank per step,
    /// already in computeSeconds and recomputeSeconds: the measured drain per MoE layer forward and micro-batch
    /// (kernels.h, kMegatronDroplessSyncSecondsPerLayer), again where full checkpointing recomputes the forward. 0 with
    /// the EP overlap (which hides it), with token dropping, at EP 1 or outside a Megatron-Core stack.
    double epSyncSeconds = 0;
};

struct StepResult
{
    std::vector<StepEvent> events; ///< the worst rank's events, ordered by start
    /// Every stage's blocks, grouped by stage in stage order and in start order within a stage (empty
    /// without a pipeline, or beyond 2e6 blocks, where the worst stage's blocks are placed back to back).
    std::vector<PipelineBlock> pipeline;
    /// Worst rank's memory over the step (step function), drawn from its liveness timeline (memoryTimeline())
    /// in the scenario's capacity measure (allocated, reserved or device used).
    std::vector<MemoryPoint> memory;
    StepTotals totals;
    LinkPlan links;
    Footprint footprint;
    std::int64_t worstStage = 0; ///< pipeline stage of the worst rank (the footprint's)
    /// max of memory == footprint.worstRank().peakBytes(capacityMeasure): worstBytes() under device used (the default)
    std::int64_t peakBytes = 0;
    bool fits = false;
    bool aggregated = false; ///< events merged to stay under kMaxStepEvents
    std::int64_t layersPerEvent = 1; ///< layers per aggregated event
    std::int64_t opsPerEvent = 1; ///< pipeline blocks per aggregated event
    std::vector<std::string> warnings; ///< answers given with a caveat (fp8 on a GPU without FP8 tensor cores)
};

/// The kernel model computeStep() uses for a scenario: its GPU's figures (power cap included) or the user's
/// (--kernel-efficiency, --attention-efficiency, --gemm-k-overhead). The Step view and the Hardware panel show it.
/// Throws InvalidInput for an unknown GPU.
KernelModel kernelModelInForce(const Scenario& s);

/// The event list stays under this many events: beyond it, consecutive layers (then pipeline blocks)
/// are merged into one event per kind, group and phase. Totals are computed before merging.
inline constexpr std::size_t kMaxStepEvents = 20000;

/**
 * The step model: the ordered schedule of one optimizer step on the worst rank, its totals and its
 * memory over time. A pure function; answers for scenarios that do not fit too (fits == false).
 *
 * Rank layout (Megatron order): TP fastest, then DP, then PP: global rank
 * r = tpRank + t * (dpRank + d * ppRank), node = r / gpusPerNode. A TP group is t consecutive ranks;
 * a DP group strides by t; pipeline neighbours are t*d apart. A ring's bandwidth is the slowest link it
 * crosses: intra-node (NVLink, PCIe without it) when the group sits in one node, else the NIC share per GPU.
 *
 * Throws InvalidInput like computeFootprint, and for bad hardware fields ("kernel-efficiency", ...).
 */
/// A pipeline stage's parameters split into units: the embedding (vocab-parallel embedding and learned positions,
/// first stage), the head (final norm and LM head, last stage), its layers, and the last layer's rounding of a bare
/// count's proportional split (may be negative). The units add up to the footprint's params of that stage exactly.
/// computeStep() and the planner's closed form (layoutplanner_eval.cpp) both describe their stages with it.
struct StageParams
{
    std::int64_t layers = 0, perLayer = 0, embedding = 0, head = 0, lastLayerExtra = 0, local = 0;
    /// MoE (issue 25): of a layer unit's params, the routed experts' (RankFootprint::perLayerExpertParams), and of the
    /// stage's, all of them (each layer unit carries perLayerExpert; the expert-DP collectives and optimizer shard).
    std::int64_t perLayerExpert = 0, expertLocal = 0;
};
StageParams stageParams(const Footprint& fp, const Architecture& a, std::int64_t tp, std::int64_t pp, std::int64_t stage);

StepResult computeStep(const Scenario& s);

/**
 * MoE (issue 25; docs/model.md, "MoE all-to-all"): one of the four all-to-alls of a MoE layer for one micro-batch on
 * one rank (dispatch and combine, forward and backward: each moves the same bytes). The rank's tokens entering the
 * dispatcher (seq / cp x micro-batch, / TP with sequence parallelism), each sent to top-k x capacity-factor experts
 * spread evenly over the EP group: the share (EP - 1) / EP leaves the rank. Megatron-Core's rank order puts expert TP
 * fastest, then EP: the EP group spans gpusPerNode / ETP ranks per node; copies for ranks of other nodes cross the
 * NIC, capped with node-limited routing at the routed nodes x the share of the group's nodes that are other nodes
 * (DeepSeek-V3 sends a token once per node and forwards it over NVLink inside the node), and with per-node
 * deduplication (Scenario::moeNodeDedup) at the expected distinct other nodes of a token's copies.
 */
struct MoeAllToAll
{
    double tokens = 0; ///< tokens entering this rank's dispatcher per micro-batch
    double copiesPerToken = 0; ///< top-k x capacity factor
    double bytesPerCopy = 0; ///< h x activation bytes
    double sentBytes = 0; ///< bytes this rank sends to other ranks in one all-to-all
    double intraNodeBytes = 0; ///< of them over NVLink
    double interNodeBytes = 0; ///< of them over the NIC
    double seconds = 0; ///< the all-to-all alone: max(intra / NVLink, inter / NIC) + alpha x (EP - 1)
    std::int64_t epNodes = 1; ///< nodes one EP group spans
    double nvlinkFraction = 1; ///< share of the NVLink bandwidth a dispatch/combine kernel reaches (measured)
    /// The busiest EP rank's received copies over the mean (moeBusiestRankLoad() over the capacity factor): an
    /// all-to-all ends when that rank has its copies, so `seconds` prices its bandwidth part at this factor.
    double busiestRankFactor = 1;
};
MoeAllToAll moeAllToAll(const Scenario& s);

/// E[max of n independent standard normals] (0 for n <= 1): n = 2 gives 1/sqrt(pi), n = 8 gives 1.4236.
double expectedMaxStandardNormal(std::int64_t n);

/**
 * MoE (issue 25; docs/model.md, "The busiest EP rank"): the tokens the busiest EP rank's experts compute in one MoE
 * layer and micro-batch, over the balanced top-k share, for dropless routing whose tokens choose their experts
 * independently with equal odds: Megatron-Core's `moe_router_force_load_balancing`, which every Megatron-Bridge
 * performance recipe sets, replaces the router's logits with normal noise drawn with a rank-specific seed
 * (RandomSTE, NVIDIA/Megatron-LM@00611e6eeb0b09b5ee074750956855215ddbd67f megatron/core/transformer/moe/moe_utils.py),
 * so each token's top-k is a uniform random set of k of the E experts. A token's copies landing on one rank (E / EP
 * experts) are hypergeometric; over the N tokens routed in the EP group a rank's load has mean m = N k / EP and
 * variance m (1 - 1/EP) (E - k) / (E - 1); the EP loads sum to N k, so they are EP exchangeable normals with
 * correlation -1 / (EP - 1), whose expected maximum is the mean + sqrt(EP / (EP - 1)) x sd x e_EP
 * (expectedMaxStandardNormal). The factor: 1 + e_EP sqrt((E - k) / ((E - 1) m)), with m the rank's mean routed copies
 * per micro-batch. The combine all-to-all (forward) and the dispatch's gradient (backward) wait for the busiest
 * rank's experts, so every rank's MoE layer takes that rank's time. A stated capacity factor (or measured
 * imbalance) above it wins: max(Scenario::moeCapacityFactor, factor). Routing learned on real data (aux loss, bias)
 * gets the same figure: the spread of independent choices, a floor for it, not a measurement of it; group-limited
 * routing (DeepSeek-V3's node limit) is not counted. EP 1: the capacity factor.
 */
double moeBusiestRankLoad(const Scenario& s);

/**
 * The share of a node's NVLink bandwidth (per GPU, one direction) that an expert-parallel dispatch or combine kernel
 * reaches, as measured by deepseek-ai/DeepEP (the fastest published ones) at 0297fc801788b14b338a46554faca28d419e518a:
 * Hopper (docs/legacy.md, V1 normal kernels on H800, "~160 GB/s NVLink maximum bandwidth", EP 8 intranode): dispatch
 * 153 GB/s, combine 158 GB/s; Blackwell (README.md, V2, SM100, EP 8, NVLink, max-perf SMs): dispatch 726 GB/s, combine
 * 740 GB/s of NVLink 5's 900 GB/s per direction. One all-to-all is priced at the mean of dispatch and combine (the
 * step prices the four alike): 155.5 / 160 on Hopper, 733 / 900 on Blackwell; 1 where no measurement is published.
 */
double moeNvlinkFraction(const Scenario& s);

/// Megatron-Core's output-discarding recompute modules (Scenario::recomputeModules; NVIDIA/Megatron-LM@022bcb5a
/// megatron/core/transformer/moe/README.md, "Checkpointing": `--recompute-granularity selective --recompute-modules`):
/// `layernorm` reruns input_layernorm and pre_mlp_layernorm, `moe_act` the grouped MLP's activation, `mla_up_proj` the
/// MLA up projections and their RoPE, each before the layer's backward.
enum MoeRecomputeBit : std::uint32_t {
    kRecomputeLayernorm = 1u << 0,
    kRecomputeMoeAct = 1u << 1,
    kRecomputeMlaUpProj = 1u << 2,
};
/// "layernorm,moe_act,mla_up_proj" (in that order), or "none" for 0.
std::string recomputeModulesKey(std::uint32_t mask);
/// A comma-separated list of layernorm, moe_act, mla_up_proj, or "none"; nullopt for anything else.
std::optional<std::uint32_t> recomputeModulesFromKey(const std::string& key);

} // namespace shardscope
