// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace shardscope {

/// The bytes of one term on one rank, and the arithmetic that produced them, in words and numbers.
struct TermValue
{
    std::int64_t bytes = 0;
    std::string formula; ///< e.g. "12 B/param x 68,976,648,192 params / 32 (ZeRO-3 over d=32)"
};

/// The moments of one training step at which the liveness timeline takes stock (docs/model.md, "Peak").
enum class StepMoment { Steady, ForwardLoss, BackwardStart, BackwardEnd, OptimizerStep };
inline constexpr int kStepMomentCount = 5;
const char* stepMomentKey(StepMoment m);
/// One sentence: what is alive at that moment.
const char* stepMomentDescription(StepMoment m);

/// What one rank holds at one moment of the step, per term (before fragmentation and the CUDA context).
struct MemoryMoment
{
    StepMoment moment = StepMoment::Steady;
    std::array<std::int64_t, kTermCount> bytes {};
    std::int64_t allocatedBytes = 0; ///< what torch.cuda.memory_allocated would say (paged states excluded)
};

/// What each measuring tool would say of the bytes alive at one moment of the step. The footprint's peak
/// figures are these of its peak moment; the Step view's memory curve is drawn with the same function.
struct MemoryMeasures
{
    std::int64_t allocated = 0; ///< torch.cuda.memory_allocated: the terms alive, paged optimizer states excluded
    std::int64_t reserved = 0; ///< memory_reserved: allocated + fragmentation (the caching allocator's gap)
    std::int64_t deviceUsed = 0; ///< nvidia-smi: reserved + paged optimizer states + the CUDA context
    std::int64_t of(CapacityMeasure m) const
    {
        return m == CapacityMeasure::Allocated ? allocated : m == CapacityMeasure::Reserved ? reserved : deviceUsed;
    }
};
/// The three measures of `alive` (bytes per term at one moment, as in MemoryMoment::bytes; its CUDA context and
/// fragmentation entries are ignored: the scenario's context and fragmentation fraction are applied).
MemoryMeasures memoryMeasures(const Scenario& s, const std::array<std::int64_t, kTermCount>& alive);

/// One distinct rank: a pipeline stage (TP and DP ranks of a stage are alike; DP shards
/// are rounded up, so this is the largest DP rank).
struct RankFootprint
{
    std::string label; ///< "all ranks", "first stage", "middle stage", "last stage", "stage 5"
    std::int64_t stage = 0; ///< pipeline stage, 0-based
    std::int64_t layers = 0; ///< transformer layers on the stage
    std::int64_t localParams = 0; ///< params held by one TP rank of the stage before ZeRO
    std::int64_t perLayerLocalParams = 0; ///< one transformer layer on one TP rank (the ZeRO-3 unit)
    std::int64_t inflightMicrobatches = 0; ///< micro-batches whose activations are held
    /// The breakdown at the peak moment of the step (terms not alive then are 0 and say when they peak);
    /// fragmentation and the CUDA context come on top. Sums to totalBytes.
    std::array<TermValue, kTermCount> terms;
    std::int64_t totalBytes = 0; ///< == deviceUsedBytes: what meets the capacity line
    std::array<std::int64_t, kTermCount> stepMaxBytes {}; ///< each term's largest size over the step
    std::vector<MemoryMoment> timeline; ///< liveness over the step's phases (memoryTimeline())
    StepMoment peakMoment = StepMoment::ForwardLoss;
    std::int64_t peakAllocatedBytes = 0; ///< torch.cuda.max_memory_allocated
    std::int64_t peakReservedBytes = 0; ///< torch.cuda.max_memory_reserved: allocated + fragmentation
    std::int64_t deviceUsedBytes = 0; ///< nvidia-smi: reserved + CUDA context (+ paged optimizer states)
    std::int64_t steadyStateBytes = 0; ///< allocated between steps: model states and persistent buffers
    // --- MoE (issue 25): the routed experts' share of the model-state terms (params, grads, master, optimizer: the
    // rest of each is dense), and the dispatch/combine buffers alive during a MoE layer (in the activations term)
    std::int64_t expertLocalParams = 0; ///< routed-expert params of the stage on this rank (experts / EP, over ETP)
    /// Of perLayerLocalParams (a layer unit, priced as a MoE layer), the routed experts' params on this rank.
    std::int64_t perLayerExpertParams = 0;
    std::array<std::int64_t, 4> expertStateBytes {}; ///< routed-expert part of params, grads, master, optimizer
    std::int64_t moeDispatchBytes = 0; ///< the all-to-all send and receive buffers of one MoE layer
    // --- fine-tuning (issue 28; finetune.h): the params term split into the frozen base and the adapters
    std::int64_t trainableLocalParams = 0; ///< params that train on one TP rank of the stage (localParams when full)
    std::int64_t frozenParamBytes = 0; ///< of the params term at the peak: the frozen base (0 when full)
    std::int64_t adapterParamBytes = 0; ///< of the params term at the peak: the adapters' weights (0 when full)
    std::int64_t frozenStageBytes = 0; ///< the stage's frozen base on one TP rank, unsharded (0 when full)
    std::int64_t bytes(Term t) const { return terms[static_cast<int>(t)].bytes; }
    /// The rank's peak in one measure (deviceUsedBytes == totalBytes for CapacityMeasure::DeviceUsed).
    std::int64_t peakBytes(CapacityMeasure m) const
    {
        return m == CapacityMeasure::Allocated ? peakAllocatedBytes
            : m == CapacityMeasure::Reserved   ? peakReservedBytes
                                               : deviceUsedBytes;
    }
};

/// Activation bytes of one transformer layer for one micro-batch, with the derivation.
struct LayerActivations
{
    double perTokenReplicated = 0; ///< bytes/token kept whole on every TP rank (without SP)
    double perTokenSplit = 0; ///< bytes/token split over TP
    double perTokenScores = 0; ///< bytes/token of the a*s attention-score terms (0 with flash)
    double storedBytes = 0; ///< what one layer keeps for backward per micro-batch on one rank
    double workingBytes = 0; ///< full activations of one layer (live while recomputing it)
    /// With full checkpointing of every n-th block only (Scenario::checkpointInterval > 1): what a layer that is not
    /// checkpointed keeps (its full set, as without checkpointing); 0 otherwise.
    double uncheckpointedBytes = 0;
    double constant34 = 0; ///< the Korthikanti constant of this block: perToken / h (no TP)
    /// Fine-tuning (issue 28): bytes/token the adapters save for backward (A's rank-r outputs; DoRA: the adapted
    /// layers' base outputs), per TP rank; 0 when full.
    double perTokenAdapter = 0;
    std::string derivation;
    // --- MoE (issue 25): parts of the per-token figures above
    double moeRouterBytesPerToken = 0; ///< router logits, probabilities (fp32) and routing map: E x 9 B
    double moeDispatchBytesPerToken = 0; ///< one dispatch/combine buffer: top-k x capacity factor x h x 16-bit
};
LayerActivations layerActivations(const Scenario& s);

struct Footprint
{
    std::int64_t totalParams = 0;
    /// Params that train (fine-tuning, issue 28): the adapters' (PEFT's "trainable params"), or totalParams when full.
    std::int64_t trainableParams = 0;
    ParamCounts paramCounts; ///< of the architecture / shape (total may differ for bare counts)
    BytesPerParam bytesPerParam;
    GpuPreset gpu;
    std::int64_t capacityBytes = 0; ///< what the driver reports
    std::int64_t usableBytes = 0; ///< capacity minus the safety margin
    std::vector<RankFootprint> ranks; ///< distinct ranks: first/middle/last stage (+worst)
    int worst = 0; ///< index into ranks of the rank with the largest total
    bool fits = false; ///< the worst rank's capacity measure (Scenario::capacityMeasure) <= usableBytes
    std::int64_t measuredBytes = 0; ///< the largest rank's figure for the capacity measure in force
    std::int64_t hostBytesPerNode = 0;
    std::int64_t nvmeBytesPerNode = 0;
    bool hostFits = true;
    bool nvmeFits = true;
    LayerActivations activations;
    /// The scenario's pipeline split (Scenario::embeddingInPipelineSplit, lossInPipelineSplit): which stage holds
    /// which layers, for the step model's stages.
    bool embeddingInPipelineSplit = false;
    bool lossInPipelineSplit = false;
    const RankFootprint& worstRank() const { return ranks[static_cast<std::size_t>(worst)]; }
    std::int64_t worstBytes() const { return worstRank().totalBytes; }
};

/// What computeFootprint() builds besides the bytes. The bytes (every term, rank, peak and fit) are the same
/// whatever the options: the same code computes them, the options only skip work on the words and the timeline.
struct FootprintOptions
{
    /// Build the words: each term's formula, the activation derivation. Off (numbers only), every formula and
    /// the derivation are empty; the planner evaluates millions of layouts this way.
    bool explain = true;
    /// Keep each rank's liveness timeline (RankFootprint::timeline). Off, the timeline is empty; the peak moment,
    /// step maxima and measures are computed from it all the same.
    bool timeline = true;
    /// Compute every pipeline stage. Off (the default), a whole architecture with PP > 3 computes the first, second
    /// and last stages only: every other stage is at most the second in every term at every moment (footprint.cpp,
    /// stagesToCompute()), so the ranks, worst rank, fit and host bytes are the same. tst_planspeed compares the two.
    bool everyStage = false;
};

/**
 * The footprint model: a pure function from scenario to per-rank bytes per term.
 * Throws InvalidInput for a scenario without a meaningful answer (validateScenario()).
 */
Footprint computeFootprint(const Scenario& s);
/// The same with options (FootprintOptions{false, false}: numbers only, for the planner).
Footprint computeFootprint(const Scenario& s, const FootprintOptions& options);

/**
 * Numbers-only footprints (FootprintOptions{false, false}) of the scenarios that differ from one scenario only in the
 * ZeRO stage and the offloads (the layout planner's layouts of one shape). Validation, the parameter split, the
 * activations and the micro-batches in flight of each stage depend on neither, so they are computed once, on
 * construction; each footprint() is computeFootprint(s', {false, false}) of that scenario s' exactly, every number
 * (tst_planspeed), and throws the same InvalidInput where that would.
 */
class FootprintFamily
{
public:
    explicit FootprintFamily(const Scenario& s);
    ~FootprintFamily();
    FootprintFamily(const FootprintFamily&) = delete;
    FootprintFamily& operator=(const FootprintFamily&) = delete;
    /// The family of another scenario, as if constructed anew, in this one's storage (the planner moves one family
    /// from shape to shape: no allocation where the shapes have as many computed stages).
    void reset(const Scenario& s);
    /// The footprint of the scenario with this stage and these offloads; valid until the next call. A member asked
    /// for again is not computed again (its ranks are kept until reset()).
    const Footprint& footprint(int zeroStage, OffloadDevice offloadOptimizer, OffloadDevice offloadParams);
    /// A lower bound of every member's measuredBytes (the capacity measure in force), from what no member changes:
    /// each computed stage's allocation at the end of the forward (the activations then alive, the last stage's
    /// logits, the fp8 transients), which every measure's peak is at least. Computed once per reset(); 0 where the
    /// family's scenario is refused or a term is beyond the model's range.
    std::int64_t peakFloor();
    /// The family's usable capacity per GPU (every member's Footprint::usableBytes).
    std::int64_t usableBytes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/**
 * The liveness timeline of pipeline stage `stage` (0-based) of the scenario: one MemoryMoment per StepMoment.
 * The footprint's peak is the largest of these; the Step view can draw memory over the step from it.
 * Throws InvalidInput as computeFootprint() does, and for a stage outside 0..pp-1.
 */
std::vector<MemoryMoment> memoryTimeline(const Scenario& s, std::int64_t stage);

/// DP shard of `count` elements held by dp rank `rank` of `d`: the first count % d ranks hold
/// one more (so shards over all ranks add up to the count exactly).
std::int64_t shardOf(std::int64_t count, std::int64_t d, std::int64_t rank);

/// Elements of an unsharded model-state buffer of `count` params: the count, or with s.padFlatBuffers
/// (ZeRO >= 1, d > 1) the count padded to a multiple of d (flatbuffer.cpp).
std::int64_t flatBufferElements(const Scenario& s, std::int64_t count);

} // namespace shardscope
