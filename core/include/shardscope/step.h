// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"
#include "shardscope/scenario.h"

#include <cstdint>
#include <vector>

namespace shardscope {

enum class EventKind { Compute, AllReduce, ReduceScatter, AllGather, Send, Recv, HostToDevice, DeviceToHost };
/// The process group a collective runs in. Compute events have CommGroup::None.
enum class CommGroup { None, DP, TP, PP, Host };
enum class StepPhase { Forward, Backward, Recompute, Optimizer };
/// What an event works on (for labels): a layer's attention or MLP half, a whole layer, the embedding,
/// the LM head and loss, the optimizer step.
enum class EventPart { Attention, Mlp, Layer, Embedding, Head, Optimizer };

/// JSON names: "compute", "all-reduce", "reduce-scatter", "all-gather", "send", "recv", "h2d", "d2h".
const char* eventKindKey(EventKind k);
/// "dp", "tp", "pp", "host" ("" for None).
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

/// One forward or backward block of the pipeline schedule chart.
struct PipelineBlock
{
    std::int64_t stage = 0;
    std::int64_t microbatch = 0;
    std::int64_t chunk = 0;
    bool forward = true;
    double start = 0;
    double duration = 0;
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
};

/// Where the rank layout puts each group and which link it crosses (MODEL.md section 5).
struct LinkPlan
{
    double intraNodeBytesPerSecond = 0;
    double interNodeBytesPerSecond = 0;
    double pcieBytesPerSecond = 0;
    double peakFlops = 0; ///< the peak in force (FP8 peak for fp8 recipes where the GPU has one)
    bool tpCrossesNodes = false;
    bool dpCrossesNodes = false;
    bool ppCrossesNodes = false;
};

struct StepResult
{
    std::vector<StepEvent> events; ///< the worst rank's events, ordered by start
    /// Every stage's blocks, grouped by stage in stage order and in start order within a stage (empty
    /// without a pipeline, or beyond 2e6 blocks, where the worst stage's blocks are placed back to back).
    std::vector<PipelineBlock> pipeline;
    std::vector<MemoryPoint> memory; ///< worst rank's memory over the step (step function)
    StepTotals totals;
    LinkPlan links;
    Footprint footprint;
    std::int64_t worstStage = 0; ///< pipeline stage of the worst rank (the footprint's)
    std::int64_t peakBytes = 0; ///< max of memory == footprint.worstBytes()
    bool fits = false;
    bool aggregated = false; ///< events merged to stay under kMaxStepEvents
    std::int64_t layersPerEvent = 1; ///< layers per aggregated event
    std::int64_t opsPerEvent = 1; ///< pipeline blocks per aggregated event
};

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
StepResult computeStep(const Scenario& s);

/// Ring all-reduce: 2(n-1)/n x M bytes sent per GPU (MODEL.md section 5).
double ringAllReduceWireBytes(double bufferBytes, std::int64_t n);
/// Ring reduce-scatter or all-gather: (n-1)/n x M.
double ringGatherScatterWireBytes(double bufferBytes, std::int64_t n);
/// Wire bytes per GPU of a collective of `kind` over n ranks on a buffer of M bytes (send: M).
double collectiveWireBytes(EventKind kind, double bufferBytes, std::int64_t n);
/// Ring steps of a collective: all-reduce 2(n-1), reduce-scatter / all-gather n-1, send 1.
std::int64_t collectiveSteps(EventKind kind, std::int64_t n);
/// Alpha-beta time: steps x alpha + wire bytes / beta.
double collectiveSeconds(EventKind kind, double bufferBytes, std::int64_t n, double alphaSeconds,
                         double bytesPerSecond);

/// The ideal bubble fraction of the step: (p-1)/(p-1+m) for GPipe and 1F1B, (p-1)/(p-1+v m) interleaved.
double pipelineBubbleFraction(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v);

/**
 * Simulates a pipeline schedule with the given per-stage block times (forward and backward of one
 * micro-batch through one model chunk) and a point-to-point delay between stages. Blocks of a stage
 * run in the schedule's order (GPipe: all forwards then all backwards; 1F1B: p-i-1 warm-up forwards,
 * then one forward one backward; interleaved: Megatron's order with (p-i-1)*2 + (v-1)*p warm-up
 * chunks), each as soon as its input has arrived. Requires m % p == 0 for interleaved.
 */
std::vector<PipelineBlock> simulatePipeline(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v,
                                            const std::vector<double>& forwardSeconds,
                                            const std::vector<double>& backwardSeconds, double p2pSeconds);

/// The link plan of a scenario (bandwidths in force and which groups cross nodes).
LinkPlan planLinks(const Scenario& s);

} // namespace shardscope
