// SPDX-License-Identifier: MIT
#pragma once

// The planner's closed-form step-time evaluator (private to core; layoutplanner.h is the public face).

#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/links.h"
#include "shardscope/scenario.h"
#include "stagetime.h"

#include <algorithm>
#include <cstdint>
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

/// The most blocks the closed form places the schedule for (at least two rounds of micro-batches); a longer
/// accumulation is extended at the slowest stage's pace (with every n-th layer checkpointed, at the pace measured from
/// two placements). 512 blocks: 2.7% at most on the random test's 10,000 layouts (m <= 64; 0 with every block placed),
/// 0.2% at most on 500 of them with m from 128 to 2,048 (exact placement costs 5 ns a block).
inline constexpr std::int64_t kMaxPlacedBlocks = 512;

/// The micro-batches the closed form places of an accumulation of m over p stages of v chunks: all of them up to
/// kMaxPlacedBlocks blocks, else m less whole rounds of u (u = p interleaved, else 1) down to the most within the
/// bound (at least 2 u; 2 without a pipeline, whose blocks follow one another at their pace from the second on).
inline std::int64_t placedMicroBatches(std::int64_t p, std::int64_t v, std::int64_t m)
{
    const std::int64_t u = v > 1 ? p : 1;
    // NOLINTNEXTLINE(clang-analyzer-core.DivideZero): u is p or 1, and callers check p >= 1
    const std::int64_t mMax = p == 1 ? 2 : std::max(2 * u, kMaxPlacedBlocks / (2 * p * v) / u * u);
    return m <= mMax ? m : m - (m - mMax + u - 1) / u * u;
}

/// What the step of a layout needs of one kind of pipeline stage (the closed form computes each kind's blocks once).
struct StageKind
{
    std::int64_t rep = -1; ///< the stage whose blocks were computed
    double compute = 0; ///< kernel seconds (recompute included) of one micro-batch through all chunks
    double busy = 0, lastBusy = 0; ///< block durations of one micro-batch, of the last one
    OptimizerPhase post;
};

/// The time fields of `out` from the step's end `stepEnd`: the split of the worst rank's step (`w`, the kind of
/// the footprint's worst stage, as computeStep() reports it: its kernels, the rest of its blocks (exposed
/// communication), its optimizer phase, and the bubble, the rest of the step) and the FLOPs of the whole step
/// (computeStep(): every compute event of every stage and chunk, m micro-batches; `headOnLastStage`: the last stage
/// holds an LM head) as TFLOP/s, MFU and tokens per second per GPU.
inline void fillStepNumbers(const Scenario& s, const LayerTimes& lt, const LinkPlan& links, const StageKind& w,
                            bool headOnLastStage, double stepEnd, PlanLayout& out)
{
    const double m = double(s.gradAccum);
    const double busy = (m - 1.0) * w.busy + w.lastBusy;
    out.stepTimeS = stepEnd;
    out.computeS = m * w.compute;
    out.optimizerS = w.post.step + w.post.hostCopy;
    out.exposedCommS = std::max(0.0, busy - out.computeS) + w.post.gatherExposed;
    out.bubbleS = std::max(0.0, stepEnd - busy - w.post.seconds());

    const std::int64_t L = s.arch.layers;
    const double layerF = lt.attnFlops + lt.coreFlops + lt.mlpFlops;
    double recomputeF = 0;
    if (s.checkpointing == Checkpointing::Full)
        recomputeF = layerF;
    else if (s.checkpointing == Checkpointing::Selective)
        recomputeF = lt.coreFlops;
    double headLocal = headOnLastStage ? 3.0 * lt.headFlops : 0.0;
    double layerModel = 3.0 * layerF;
    if (finetuneAdapters(s)) {
        // Fine-tuning (issue 28): the frozen base's backward runs its data gradients only (LayerTimes' factors).
        layerModel = (1.0 + lt.attnBwdFactor) * lt.attnFlops + 3.0 * lt.coreFlops + (1.0 + lt.mlpBwdFactor) * lt.mlpFlops;
        headLocal = headOnLastStage ? (1.0 + lt.headBwdFactor) * lt.headFlops : 0.0;
    }
    const double perRankModel = m * (double(L) * layerModel + headLocal);
    const double recomputedLayers = s.checkpointing == Checkpointing::Full ? double(checkpointedLayers(s, 0, L))
                                                                           : double(L);
    const double perRankExec = perRankModel + m * recomputedLayers * recomputeF;
    const double ranks = double(s.tp) * double(s.dp()) * double(s.cp);
    const double N = double(s.gpus);
    const double tokens = double(s.dp()) * m * double(s.microBatch) * double(s.seq);
    if (out.stepTimeS > 0) {
        out.tflopsPerGpu = perRankExec * ranks / out.stepTimeS / N / 1e12;
        out.mfu = perRankModel * ranks / (out.stepTimeS * N * links.peakFlops);
        out.tokensPerSecondPerGpu = tokens / out.stepTimeS / N;
    }
}

/// The layout a full scenario sets (applyLayout()'s inverse; layoutplanner.cpp).
PlanLayout layoutOf(const Scenario& s);

/// The worst rank's memory figures and the fit of layout `l` of scenario `s` from its footprint (layoutplanner.cpp).
void fillMemory(const Scenario& s, const Footprint& f, PlanLayout& l);

/// MoE (issue 25): EP and expert TP as one key of the planner's caches and pruning groups (expert TP is at most 1,048,576:
/// knobs.cpp). Layouts that differ in them have different footprints and layer times.
inline std::int64_t expertKey(std::int64_t ep, std::int64_t etp) { return ep * 1048577 + etp; }
inline std::int64_t expertKey(const PlanLayout& l) { return expertKey(l.ep, l.etp); }

/// Host RAM and NVMe bytes per node of the offloaded states (as computeFootprint() counts them), from the
/// footprint's distinct ranks: the same for CPU and NVMe offload on the GPU side, so one footprint serves both.
void offloadBytesPerNode(const Scenario& s, const Footprint& fp, std::int64_t& host, std::int64_t& nvme);

} // namespace shardscope::detail
