// SPDX-License-Identifier: MIT
#pragma once

// The planner's closed-form step-time evaluator (private to core; layoutplanner.h is the public face).

#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/scenario.h"

#include <memory>

namespace shardscope::detail {

/// Step time and its split for a full scenario whose footprint is `fp` (computeFootprint(s)): the block of each
/// stage from the same two-stream recurrence over ZeRO units as computeStep()'s blocks (kernels.h,
/// collectives.h, links.h), the schedule in closed form instead of simulated. Fills the time fields of `out`
/// (stepTimeS, computeS, exposedCommS, bubbleS, optimizerS, tflopsPerGpu, mfu, tokensPerSecondPerGpu).
/// One evaluator serves the layouts of one base scenario (the fields applyLayout() sets may differ from call to
/// call, the others not): what does not change between two calls is kept, not computed again.
class StepEvaluator
{
public:
    StepEvaluator();
    ~StepEvaluator();
    StepEvaluator(const StepEvaluator&) = delete;
    StepEvaluator& operator=(const StepEvaluator&) = delete;
    void evaluate(const Scenario& s, const Footprint& fp, PlanLayout& out);
    /// A lower bound of the step time evaluate() gives the same layout, without placing its schedule: each stage's end
    /// from below (its own blocks back to back after the first forward reaches it, and the last backward's way back),
    /// plus its optimizer phase; the exact step time where the placement is kept. 0 (no bound) with every n-th layer
    /// checkpointed. Up to floating rounding: callers compare with a margin. Keeps the block caches evaluate() uses.
    double lowerBound(const Scenario& s, const Footprint& fp);
    /// A lower bound of lowerBound(), cheaper: the same on every block's compute stream alone (no ZeRO-3 gather, no
    /// gradient reduction: the same for every ZeRO stage and offload of a shape, kept), plus the layout's own
    /// optimizer phase. 0 (no bound) with every n-th layer checkpointed or ZeRO-3's per-weight walk.
    double computeBound(const Scenario& s, const Footprint& fp);
    /// computeBound() without the optimizer phase: the same for every layout of a shape (its (v, m) and schedule).
    double computeFloor(const Scenario& s, const Footprint& fp);

private:
    enum class Mode { Exact, Bound, ComputeBound, ComputeFloor };
    double run(const Scenario& s, const Footprint& fp, PlanLayout* out, Mode mode);
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// StepEvaluator::evaluate() of a fresh evaluator: one layout on its own.
void closedFormStep(const Scenario& s, const Footprint& fp, PlanLayout& out);

/// The layout a full scenario sets (applyLayout()'s inverse; layoutplanner.cpp).
PlanLayout layoutOf(const Scenario& s);

/// The worst rank's memory figures and the fit of layout `l` of scenario `s` from its footprint (layoutplanner.cpp).
void fillMemory(const Scenario& s, const Footprint& f, PlanLayout& l);

/// Host RAM and NVMe bytes per node of the offloaded states (as computeFootprint() counts them), from the
/// footprint's distinct ranks: the same for CPU and NVMe offload on the GPU side, so one footprint serves both.
void offloadBytesPerNode(const Scenario& s, const Footprint& fp, std::int64_t& host, std::int64_t& nvme);

} // namespace shardscope::detail
