// SPDX-License-Identifier: MIT
#pragma once

// The layout planner (issue 11): searches every parallel layout of a model on a GPU type and count,
// keeps those that fit, ranks them and gives the Pareto front of memory against step time.
// Speed comes from a closed-form evaluator that shares its pieces (collective costs, bubble,
// per-layer compute, per-layer footprint terms) with computeFootprint() and computeStep().
//
// This header is the contract between core, the `plan` command and the Plan tab: fields may be
// added, none renamed or removed.

#include "shardscope/scenario.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// Knobs the planner can search; the command line spells them as planKnobKey() does.
/// Ep (issue 25): for a MoE model, the expert-parallel size over the divisors of the experts, each with expert TP 1 and
/// expert TP = TP (the two layouts Megatron-Core users choose); never searched for a dense model.
enum class PlanKnob { Tp, Pp, Vpp, Stage, MicroBatch, Checkpointing, SequenceParallel, Offload, Ep };
inline constexpr int kPlanKnobCount = 9;
/// "tp", "pp", "vpp", "stage", "micro-batch", "checkpointing", "sequence-parallel", "offload", "ep"
const char* planKnobKey(PlanKnob k);
std::optional<PlanKnob> planKnobFromKey(const std::string& key);

/// What "best" means. Step time ascending; MFU and tokens/s per GPU descending.
enum class PlanRank { StepTime, Mfu, Tokens };
const char* planRankKey(PlanRank r); ///< "step-time", "mfu", "tokens"
std::optional<PlanRank> planRankFromKey(const std::string& key);

struct PlanLayout;

struct PlanRequest
{
    /// Model, GPU type and count, framework, recipe, sequence length; and the values of every knob
    /// that is not searched.
    Scenario base;
    /// Sequences per optimizer step: dp x micro-batch x grad-accum must equal it. 0 = the base
    /// scenario's own (base.dp() x base.microBatch x base.gradAccum).
    std::int64_t globalBatch = 0;
    /// Every knob but EP by default (the search grows with the EP values: the `plan` command and the Plan tab turn it on
    /// for a MoE model).
    std::array<bool, kPlanKnobCount> search { true, true, true, true, true, true, true, true, false };
    PlanRank rankBy = PlanRank::StepTime;
    int topK = 20; ///< layouts kept in PlanResult::layouts
    /// Set from another thread to stop a search early; the result then has cancelled = true.
    const std::atomic<bool>* cancel = nullptr;
    /// A layout whose footprint does not fit is never reported (ranked table, Pareto front, maps' best), so by
    /// default its step time is not computed: it is pruned after its footprint (PlanResult::prunedNotFitting), exact
    /// by construction. True: every layout gets its step time too (the tests' full coverage of the evaluator).
    bool timeLayoutsThatDoNotFit = false;
    /// Skip the layouts an exact monotonicity shows do not fit, before their footprint (a layout without checkpointing
    /// where selective does not fit; a larger micro-batch with the same micro-batches in flight than one that does not
    /// fit). False: every layout's footprint is computed (the tests compare the two).
    bool exactPruning = true;
    /// Called with every evaluated layout (its footprint and step time computed; fitting, or not fitting with
    /// timeLayoutsThatDoNotFit), in enumeration order; empty by default. Tests check each one against
    /// computeFootprint() and computeStep().
    std::function<void(const PlanLayout&)> onEvaluated;
    /// Called with every layout pruned after its footprint (memory fields filled, fits false, no step time), in
    /// enumeration order; empty by default. Tests check its footprint against computeFootprint().
    std::function<void(const PlanLayout&)> onPrunedAfterFootprint;
};

/// One layout, with the numbers the ranked table shows. Option values are the scenario's own, so
/// applyLayout() gives the scenario that `estimate` and `step` would be run on.
struct PlanLayout
{
    std::int64_t tp = 1, pp = 1, dp = 1, vpp = 1;
    int stage = 0;
    std::int64_t microBatch = 1, gradAccum = 1;
    Checkpointing checkpointing = Checkpointing::None;
    bool sequenceParallel = false;
    OffloadDevice offloadOptimizer = OffloadDevice::None;
    OffloadDevice offloadParams = OffloadDevice::None;
    /// MoE (issue 25): expert-parallel size and expert TP as the scenario holds them (0: the TP size).
    std::int64_t ep = 1, etp = 0;

    std::int64_t peakBytes = 0; ///< worst rank, the capacity measure in force (what meets the capacity line)
    std::int64_t modelStateBytes = 0; ///< params + grads + master + optimizer on the worst rank (step maxima)
    std::int64_t activationBytes = 0; ///< activations + logits on the worst rank
    double stepTimeS = 0;
    double computeS = 0; ///< forward + backward (+ recompute) kernels
    double exposedCommS = 0; ///< communication compute waits for
    double bubbleS = 0; ///< pipeline idle
    double optimizerS = 0;
    double tflopsPerGpu = 0;
    double mfu = 0;
    double tokensPerSecondPerGpu = 0;
    bool fits = false;
};

/// The base scenario with the layout's knobs set (tp, pp, vpp and the interleaved schedule when
/// vpp > 1, stage, micro-batch, grad-accum, checkpointing, sequence parallel, offloads, EP and expert TP).
Scenario applyLayout(const Scenario& base, const PlanLayout& layout);

/// One cell of the TP x PP map: the best fitting layout with that tp and pp, if any.
struct PlanCell
{
    std::int64_t tp = 1, pp = 1;
    std::int64_t layouts = 0; ///< valid layouts evaluated in this cell
    bool fits = false; ///< at least one fits
    double bestStepTimeS = 0; ///< of the best fitting layout (by the request's rank), 0 if none fits
    std::int64_t minPeakBytes = 0; ///< the smallest peak among the cell's layouts with a footprint (fitting or not)
    std::int64_t pruned = 0; ///< valid layouts of this cell pruned (counted in PlanResult::pruned)
};

struct PlanResult
{
    std::vector<PlanLayout> layouts; ///< the top K fitting layouts, best first
    std::vector<PlanLayout> pareto; ///< fitting layouts no other beats on both peak and step time, peak ascending
    std::vector<PlanCell> tpPpMap; ///< one cell per (tp, pp) pair the search considered, tp then pp ascending
    std::int64_t evaluated = 0; ///< layouts whose footprint and step time were both computed
    /// Layouts not evaluated, never a fitting one: skipped by an exact monotonicity before their footprint, or
    /// (prunedNotFitting of them) found not to fit by their footprint, their step time then not computed.
    std::int64_t pruned = 0;
    std::int64_t prunedNotFitting = 0;
    /// Layouts not timed because they could not be reported (counted in pruned): ranked by step time, a lower bound of
    /// the layout's step time (without the schedule's placement) already exceeded its cell's best, the K-th best and
    /// the step time of every timed layout of no larger peak. Some were ruled out before their footprint (a lower bound
    /// of their peak known), so whether they fit is not known; the others fit.
    std::int64_t prunedSlower = 0;
    std::int64_t fitting = 0; ///< evaluated layouts that fit (those pruned by step time are not counted: prunedSlower)
    double searchMs = 0;
    bool cancelled = false;
    std::string noFitReason; ///< plain words when nothing fits (e.g. "model states need 1.1 TB, the 8 GPUs hold 640 GB")
};

/// The request the `plan` command and the Plan tab both start from (issue 26: their counts are one core call's): the
/// scenario as the base, `globalBatch` (0 = the scenario's own), every knob searched (EP too for a MoE model), ranked
/// by `rank`, top 20.
PlanRequest planRequestFor(const Scenario& base, std::int64_t globalBatch = 0, PlanRank rank = PlanRank::StepTime);

/// Throws ScenarioError (errors.h) on an invalid base scenario or request (global batch not
/// reachable, top K < 1, nothing to search).
PlanResult planLayouts(const PlanRequest& request);

/// The N x ZeRO-stage map: for each N in gpuCounts and each stage 0-3, the best fitting layout
/// with the other searched knobs free.
struct PlanStageCell
{
    std::int64_t gpus = 0;
    int stage = 0;
    bool fits = false;
    double bestStepTimeS = 0;
    std::int64_t minPeakBytes = 0;
};
std::vector<PlanStageCell> planStageMap(const PlanRequest& request, const std::vector<std::int64_t>& gpuCounts);

/// The closed-form evaluator on one full scenario: the planner's numbers for it. Tests compare it
/// with computeFootprint() (peak, exact) and computeStep() (step time, within 5%).
struct LayoutEstimate
{
    std::int64_t peakBytes = 0;
    double stepTimeS = 0;
    bool fits = false;
};
LayoutEstimate evaluateLayout(const Scenario& s);

/// The lower bound of evaluateLayout(s).stepTimeS the planner prunes with (PlanResult::prunedSlower): each pipeline
/// stage's blocks back to back after micro-batch 0's forward reaches it, and the last backward's way back to the first
/// stage, plus its optimizer phase; the schedule is not placed. 0 (no bound) with every n-th layer checkpointed.
double stepTimeLowerBound(const Scenario& s);
/// The planner's cheaper bound, at most stepTimeLowerBound(s): the same on every block's compute stream alone (no
/// ZeRO-3 gather, no gradient reduction), plus the optimizer phase. 0 (no bound) with every n-th layer checkpointed
/// or DeepSpeed's per-weight ZeRO-3 walk.
double stepTimeComputeBound(const Scenario& s);

} // namespace shardscope
