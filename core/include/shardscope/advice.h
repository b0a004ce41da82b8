// SPDX-License-Identifier: MIT
#pragma once

// The advice: everything the explorer decides about one scenario, as codes and numbers, in one call. The window
// (ui/models words it), `estimate` (its `verdict` and `fixes`), exports and the tests all read computeAdvice(), so
// the chips under the verdict and the command line's list of fixes are the same list in the same order.

#include "shardscope/footprint.h"
#include "shardscope/planner.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/**
 * Everything the explorer shows for one scenario: the footprint, the smallest N per ZeRO stage, the per-GPU memory
 * vs N sweep for stages 0-3, and the four stages at the current N. A plain value, so it can be computed on any thread.
 */
struct ExplorerResult
{
    Scenario scenario;
    Footprint footprint;
    std::vector<MinGpus> minGpus; ///< stages 0-3
    std::vector<std::int64_t> gpuCounts; ///< the N values of the sweep (powers of two, and the current N)
    std::vector<SweepPoint> sweep; ///< stages 0-3 over gpuCounts
    std::vector<SweepPoint> stagesAtN; ///< stages 0-3 at the current N (the "compare stages" bars)
    std::int64_t sweepMaxGpus = 0; ///< the largest N of the sweep
};

/// The N axis of the sweep: 1 .. 16384, widened to the next power of two past the current N.
std::int64_t sweepMaxGpus(const Scenario& s);

/// Throws InvalidInput for a scenario without an answer.
ExplorerResult computeExplorer(const Scenario& s);

/// Does `s` fit? A scenario without an answer (InvalidInput) counts as "no".
bool fitsOrFalse(const Scenario& s);

/// The smallest N >= `from` that fits with ZeRO stage `stage` and fills whole nodes (a multiple of GPUs per node,
/// or a part of one node), a multiple of TP x PP x CP; nullopt when none up to kMaxGpus does.
std::optional<std::int64_t> smallestFittingGpusInWholeNodes(const Scenario& s, int stage, std::int64_t from);

/// The N values the N control offers: multiples of TP x PP x CP within one node, then whole nodes that hold whole
/// model replicas (multiples of lcm(TP x PP x CP, GPUs per node): 1, 2, 3, 4, 6, 8, 12, ... of them), up to `max`.
std::vector<std::int64_t> validGpuCounts(const Scenario& s, std::int64_t max = 16384);
/// The TP values the TP control offers: within one node (TP <= GPUs per node), dividing the attention heads, and
/// dividing the KV heads or divided by them (core's rule, validateScenario()).
std::vector<std::int64_t> validTpValues(const Scenario& s);
/// MoE (issue 25): the EP values the EP control offers: the divisors of the routed experts (validateScenario() refuses
/// an EP that does not divide them); {1} for a dense model.
std::vector<std::int64_t> validEpValues(const Scenario& s);
/// MoE (issue 25): the expert-TP values the expert-TP control offers: 0 (the TP size, Megatron-Core's default), then
/// 1 and every value within a node (at most GPUs per node) that divides the expert FFN size (validateScenario()'s
/// rule); {0} for a dense model.
std::vector<std::int64_t> validEtpValues(const Scenario& s);

/// Which single knob a fix changes. The order of the enumerators is not the order of the list: fixOptions() says it.
enum class FixKind {
    ZeroStage,              ///< a higher ZeRO stage at the same N; value: the stage
    Gpus,                   ///< more GPUs in whole nodes; value: N
    SelectiveCheckpointing, ///< Megatron's selective checkpointing
    FullCheckpointing,      ///< full checkpointing
    FlashAttention,         ///< FlashAttention on
    MicroBatchOne,          ///< micro-batch 1
    TensorParallel,         ///< the next TP that fits; value: TP
    PipelineParallel,       ///< the next PP that fits; value: PP
    OffloadOptimizer,       ///< ZeRO-Offload of the optimizer to CPU
    OffloadParams,          ///< ZeRO-Infinity parameter offload to CPU
    GpuType,                ///< the smallest GPU preset with more memory that fits; gpuId, gpuName
};
/// "zero_stage", "gpus", "selective_checkpointing", ...: the JSON name of a fix's kind.
const char* fixKindKey(FixKind k);

/// One change that makes a scenario fit, and the whole scenario it applies (valid: core answers it, and it fits).
struct FixOption
{
    FixKind kind = FixKind::ZeroStage;
    std::int64_t value = 0; ///< the stage, N, TP or PP (see FixKind); 0 for the switches
    std::string gpuId;      ///< GpuType: the preset's id
    std::string gpuName;    ///< GpuType: the preset's name
    Scenario scenario;
};

/// The single-knob changes that make a scenario that does not fit fit, cheapest first: a higher ZeRO stage, more
/// GPUs in whole nodes, memory savers and batch, TP, PP, offload, a GPU with more memory. Each is valid for core
/// (TP within a node and dividing the heads and KV heads, N a multiple of TP x PP x CP). Empty when it fits or
/// nothing single does.
std::vector<FixOption> fixOptions(const ExplorerResult& r);

enum class VerdictKind { Fits, DoesNotFit, NeverFits };
/// "fits", "does_not_fit", "never_fits".
const char* verdictKindKey(VerdictKind k);

/// What the sentence a person reads first says, as numbers: the interface and the command line word it.
struct VerdictFacts
{
    VerdictKind kind = VerdictKind::Fits;
    std::int64_t measuredBytes = 0; ///< the figure that meets the capacity line (Scenario::capacityMeasure)
    std::int64_t capacityBytes = 0;
    std::int64_t usableBytes = 0;  ///< capacity less the safety margin
    std::int64_t worstGpu = 0;     ///< the first GPU (global rank) of the worst rank's pipeline stage
    std::int64_t worstStage = 0;   ///< the worst rank's pipeline stage, 0-based
    /// NeverFits: this stage's reason (MinGpus of the scenario's stage).
    std::optional<MinGpus> limit;
    /// NeverFits: each other stage that fits somewhere, and from which N in whole nodes.
    struct StageFrom
    {
        int stage = 0;
        std::int64_t gpus = 0;
    };
    std::vector<StageFrom> otherStages;
    bool fp8WithoutTensorCores = false; ///< an fp8 recipe on a GPU without FP8 tensor cores
    bool hostFits = true;
    std::int64_t hostBytesPerNode = 0;
    std::int64_t hostRamBytesPerNode = 0;
    bool nvmeFits = true;
    std::int64_t nvmeBytesPerNode = 0;
    std::int64_t nvmeCapacityBytesPerNode = 0;
    /// What offloading costs per optimizer step (issue 26), for a scenario that fits with optimizer or parameter
    /// offload: the worst rank's transfers between GPU and host as computeStep() times them (the events of
    /// CommGroup::Host: ZeRO-Offload's gradient shards to the host and updated parameters back, ZeRO-Infinity's
    /// parameter copies before each gather). Absent without offload, when it does not fit, or without a step answer.
    struct OffloadCost
    {
        double bytes = 0; ///< moved between GPU and host per step (StepTotals::hostBytes)
        double seconds = 0; ///< the transfers' modelled time, hidden or not (bytes / PCIe bandwidth + latency each)
        double exposedSeconds = 0; ///< of it, the part compute waits for (in the step time)
        double pcieBytesPerSecond = 0; ///< the link they cross (LinkPlan::pcieBytesPerSecond)
        double stepSeconds = 0; ///< the step time they are part of
    };
    std::optional<OffloadCost> offload;
};

/// The whole advice for one scenario: computed once per change and shared by every view.
struct Advice
{
    ExplorerResult explorer;
    VerdictFacts verdict;
    std::vector<FixOption> fixes; ///< fixOptions(explorer)
};

/// Throws InvalidInput for a scenario without an answer.
Advice computeAdvice(const Scenario& s);
/// The advice over an explorer result already computed (the verdict and the fixes).
Advice adviceFor(ExplorerResult r);

/// The first GPU (global rank) of pipeline stage `stage`: ranks are laid out TP fastest, then DP, then PP
/// (Megatron's order), so stage i starts at i x TP x DP.
std::int64_t firstGpuOfStage(const Scenario& s, std::int64_t stage);

} // namespace shardscope
