// SPDX-License-Identifier: MIT
// The planner's closed-form step time as first written (issue 11), kept as the reference of the optimised evaluator
// (core/src/layoutplanner_eval.cpp, StepEvaluator): every layout's block of each stage kind recomputed from the
// scenario, the ZeRO units walked one by one, the schedule placed block by block (scheduleStageEnds(), not the
// optimised evaluator's steady-state placement). tst_planspeed and tst_layoutplanner check that the optimised
// evaluator gives its numbers on many random layouts (up to floating rounding). A test-only library
// (shardscope_planref): the search does not use it and the shipped core does not contain it.
//
// What it checks is the optimised evaluator's method (its caches, its closed form over runs of equal layers, its
// placement with the repeating rounds skipped, its memos), not the physics: both take a block's physics from the
// same functions (core/src/blockphysics.h: a layer's compute-stream seconds, the units' collectives, the per-weight
// ZeRO-3 walk; computeStep() builds its events from them too) and the step's numbers from the same split and FLOPs
// (fillStepNumbers()). That the closed form's physics equals computeStep()'s is tst_layoutplanner's other check.
//
// What follows is the original file's account of the method:
//
// The planner's closed-form step time (issue 11). computeStep() builds every block's events, simulates the
// pipeline schedule with them and records every event of the worst rank; the planner needs the step time of
// millions of layouts. It shares the simulator's pieces (stagetime.h: kernel times, group bandwidths, the optimizer
// phase, the stage split; kernels.h, collectives.h, links.h) and its two-stream recurrence over a block's ZeRO
// units without events, and computes each kind of block once: the forward, the backward and the last micro-batch's
// backward (the gradient reduction of ZeRO-0/1) of each chunk of the first, the last and the (at most two) kinds of
// middle stages. The schedule is placed from that table of block times alone (scheduleStageEnds(), pipeline.h: the
// simulator's list scheduling of the same stage orders, keeping only each stage's end; no events, no allocation),
// exactly up to kMaxPlacedBlocks blocks and at the slowest stage's pace beyond. Each stage then runs its optimizer
// phase; the step ends with the stage that ends last.
//
// An earlier closed form of the schedule, m x max_i S_i + (sum_i C_i - max_i C_i) (S_i a stage's forward + backward,
// C_i its slowest chunk's releases: (m + p - 1) x S for equal stages, Narayanan et al. 2021), missed by up to 17%
// where chunks differ (an LM head or embedding chunk of a 128k vocabulary under the interleaved schedule: the
// critical path crosses several heavy chunks on different stages), where a block's communication tail (gradient
// reduction, offload copies) ends the drain, and where one stage's line overtakes another's only after many
// micro-batches (the makespan is the largest of several lines in m; see tst_layoutplanner).
#include "layoutplanner_ref.h"

#include "blockphysics.h"
#include "layoutplanner_eval.h"
#include "shardscope/collectives.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/kernels.h"
#include "shardscope/links.h"
#include "shardscope/pipeline.h"
#include "shardscope/step.h"
#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace shardscope::detail {

namespace {

using Stage = BlockStage;

/// Everything one block's recurrence needs: the scenario's constants, the seconds of what every layer repeats
/// (LayerSeconds, blockphysics.h) and the collectives of the layout's ZeRO units.
struct Ctx : LayerSeconds
{
    const Scenario* s = nullptr;
    LayerTimes lt;
    LinkPlan links;
    BytesPerParam b;
    GroupBandwidths bw;
    UnitComms comms;
    std::int64_t t = 1, p = 1, v = 1, m = 1, dc = 1;
    bool z3 = false, offPar = false, offOpt = false;
    bool perTensor = false; ///< DeepSpeed 2021's per-weight ZeRO-3 walk (zero3Pieces())
    bool everyNth = false; ///< full checkpointing of every n-th layer only (Scenario::checkpointInterval > 1)
    /// MoE (issue 25): `expert` of them routed experts, reduced over expert-DP (UnitComms::expertOf()).
    UnitSeconds unitComm(std::int64_t params, std::int64_t expert = 0) const { return comms.seconds(params, expert); }
    /// Gradients are reduced at all: dp x cp > 1, or (MoE) the experts' expert-DP (expertStatesSplit()).
    bool reduces = false;
    UnitSeconds perLayer; ///< unitComm() of a layer without the stage's rounding

    void prepare(std::int64_t perLayerParams, std::int64_t perLayerExpert)
    {
        static_cast<LayerSeconds&>(*this) = layerSeconds(*s, lt, bw);
        comms = unitComms(*s, b, links, bw, dc);
        perLayer = unitComm(perLayerParams, perLayerExpert);
    }
};

struct Block
{
    double duration = 0, release = 0, compute = 0, recompute = 0;
};

/// One forward or backward block of one micro-batch through one chunk of a stage: step.cpp's makeOp without its
/// event list (compute stream `cf`, communication stream `qf`). The layers' compute stream is a constant per layer;
/// only ZeRO-3's prefetched gathers and the gradient reductions need the walk over the block's units.
Block block(const Ctx& x, const Stage& st, std::int64_t chunk, std::int64_t stageIndex, bool fwd, bool reduce)
{
    const Scenario& s = *x.s;
    const LayerTimes& lt = x.lt;
    Block out;
    const std::int64_t layers = chunkLayers(st.layers, x.v, chunk);
    const bool emb = st.first && chunk == 0 && st.embedding > 0;
    const bool head = st.last && chunk == x.v - 1 && st.head > 0;
    const bool lastChunk = chunk == x.v - 1;
    const double headSecs = head ? (fwd ? lt.headFwd : lt.headBwd) : 0.0;
    // The chunk's global layers (step.cpp's makeOp) and, with every n-th layer checkpointed, those recomputed.
    const std::int64_t l0 = st.firstLayer + chunkFirstLayer(st.layers, x.v, chunk);
    const std::int64_t recomputed = x.everyNth ? checkpointedLayers(s, l0, layers) : layers;
    out.compute = double(layers) * (fwd ? x.layerFwdKernels : x.layerBwdKernels) + headSecs;
    out.recompute = fwd ? 0.0 : double(recomputed) * x.layerRecompute;
    const double layerSecs = fwd ? x.layerFwd : x.layerBwd;
    auto layerSecsAt = [&](std::int64_t l) {
        return fwd || !x.everyNth || layerCheckpointed(s, l) ? layerSecs : x.layerBwdPlain;
    };
    double cf = 0, qf = 0;
    auto async = [&](double secs) {
        qf = std::max(qf, cf) + secs;
        return qf;
    };
    if (x.perTensor) {
        // DeepSpeed 2021's per-weight ZeRO-3: the pieces and their order as step.cpp's makeOp (blockphysics.h).
        std::vector<ZeroUnit> units;
        blockUnits(st, x.v, chunk, fwd, units);
        const StreamEnds e = perWeightBlock(s, x.comms, x, units, fwd, reduce);
        cf = e.compute;
        qf = e.comm;
    } else if (!x.z3 && !reduce) {
        cf = recomputed == layers || fwd
            ? double(layers) * layerSecs + headSecs
            : double(recomputed) * layerSecs + double(layers - recomputed) * x.layerBwdPlain + headSecs;
    } else {
        // Units in forward order: the embedding, the layers (the stage's last carries its rounding), the head;
        // backward walks them in reverse.
        const std::size_t n = std::size_t(emb) + std::size_t(layers) + std::size_t(head);
        auto unitAt = [&](std::size_t j, int& kind) -> UnitSeconds {
            const std::size_t f = fwd ? j : n - 1 - j;
            if (emb && f == 0) {
                kind = 0;
                return x.unitComm(st.embedding);
            }
            const std::size_t l = f - std::size_t(emb);
            if (l < std::size_t(layers)) {
                kind = 1;
                if (lastChunk && l + 1 == std::size_t(layers) && st.lastExtra != 0)
                    return x.unitComm(st.perLayer + st.lastExtra, st.perLayerExpert);
                return x.perLayer;
            }
            kind = 2;
            return x.unitComm(st.head);
        };
        // ZeRO-3 gathers with prefetch, as step.cpp's issueGather / waitGather.
        constexpr std::size_t kSmall = 1024;
        double gatherEndSmall[kSmall];
        std::vector<double> gatherEndBig;
        double* gatherEnd = gatherEndSmall;
        if (x.z3) {
            if (n > kSmall) {
                gatherEndBig.resize(n);
                gatherEnd = gatherEndBig.data();
            }
            std::fill(gatherEnd, gatherEnd + n, -1.0);
        }
        auto issue = [&](std::size_t j) {
            if (j >= n || gatherEnd[j] >= 0)
                return;
            int kind = 0;
            const UnitSeconds u = unitAt(j, kind);
            if (x.offPar)
                async(u.host);
            gatherEnd[j] = async(u.gather);
        };
        for (std::size_t j = 0; j < n; ++j) {
            if (x.z3) {
                issue(j);
                cf = std::max(cf, gatherEnd[j]);
                for (std::int64_t q = 1; q <= s.zero3PrefetchUnits; ++q)
                    issue(j + std::size_t(q));
            }
            int kind = 0;
            const UnitSeconds u = unitAt(j, kind);
            if (kind == 1)
                cf += layerSecsAt(l0 + std::int64_t(fwd ? j - std::size_t(emb) : n - 1 - j - std::size_t(emb)));
            else if (kind == 2)
                cf += headSecs;
            if (!fwd && reduce) {
                async(u.reduce);
                if (x.offOpt)
                    async(u.toHost);
            }
        }
    }
    const std::int64_t V = x.p * x.v;
    const std::int64_t vs = chunk * x.p + stageIndex;
    if ((fwd && vs < V - 1) || (!fwd && vs > 0))
        cf += x.send;
    out.duration = std::max(cf, qf);
    out.release = cf;
    return out;
}

void closedFormStepReference(const Scenario& s, const Footprint& fp, PlanLayout& out)
{
    Ctx x;
    x.s = &s;
    x.links = planLinks(s);
    x.b = fp.bytesPerParam;
    x.t = s.tp;
    x.p = s.pp;
    x.v = (s.schedule == PipelineSchedule::Interleaved && x.p > 1) ? s.vpp : 1;
    x.m = s.gradAccum;
    x.dc = s.dp() * s.cp;
    x.lt = layerTimes(s, fp.gpu, activationWireBytes(x.b));
    x.bw = groupBandwidths(s, x.links, x.dc);
    x.z3 = s.zeroStage == 3 && x.dc > 1;
    x.perTensor = x.z3 && s.zero3PerTensorCollectives;
    x.everyNth = s.checkpointing == Checkpointing::Full && s.checkpointInterval > 1;
    x.offPar = s.offloadParams != OffloadDevice::None;
    x.offOpt = s.offloadOptimizer != OffloadDevice::None;
    x.reduces = x.dc > 1 || (expertStatesSplit(s, x.links, x.dc) && expertShardRanks(s, x.dc) > 1);
    x.prepare(fp.ranks.front().perLayerLocalParams, fp.ranks.front().perLayerExpertParams);
    const Architecture& a = s.arch;
    const std::int64_t L = a.layers;
    const std::int64_t p = x.p, v = x.v, V = p * v;
    if (p < 1 || v < 1) // validateScenario refuses these before the planner gets here; never divide by them
        throw InvalidInput("pp", "the pipeline needs at least one stage and one chunk per stage");

    auto makeStage = [&](std::int64_t i) { return blockStage(fp, a, x.t, x.p, i); };

    // The block times of every virtual stage. A stage's blocks depend on it only through its layers and whether it
    // is the first or the last: four kinds at most (first, last, and middle stages with L/p or L/p + 1 layers), each
    // computed once; with every n-th layer checkpointed the stages differ in the layers they recompute: every stage is
    // computed. ZeRO-2/3 reduce the gradients in every backward, ZeRO-0/1 in the last micro-batch's.
    using Kind = StageKind;
    Kind kindsSmall[4];
    std::vector<Kind> kindsBig;
    Kind* kinds = kindsSmall;
    if (x.everyNth) {
        kindsBig.resize(std::size_t(p));
        kinds = kindsBig.data();
    }
    auto kindOf = [&](std::int64_t i) {
        return x.everyNth ? std::size_t(i) : std::size_t(i == 0 ? 0 : i == p - 1 ? 1 : (i < L % p ? 2 : 3));
    };
    constexpr std::size_t kSmall = 256;
    VirtualStageTimes timesSmall[kSmall];
    std::vector<VirtualStageTimes> timesBig;
    VirtualStageTimes* times = timesSmall;
    if (std::size_t(V) > kSmall) {
        timesBig.resize(std::size_t(V));
        times = timesBig.data();
    }
    const bool reduceEvery = x.reduces && s.zeroStage >= 2;
    const bool reduceLast = x.reduces && !reduceEvery;
    for (std::int64_t i = 0; i < p; ++i) {
        Kind& k = kinds[kindOf(i)];
        if (k.rep >= 0) {
            for (std::int64_t c = 0; c < v; ++c)
                times[c * p + i] = times[c * p + k.rep];
            continue;
        }
        k.rep = i;
        const Stage st = makeStage(i);
        for (std::int64_t c = 0; c < v; ++c) {
            const Block f = block(x, st, c, i, true, false);
            const Block b = block(x, st, c, i, false, reduceEvery);
            const Block lb = reduceLast ? block(x, st, c, i, false, true) : b;
            times[c * p + i] = {f.duration, f.release, b.duration, b.release, lb.duration, lb.release};
            k.compute += f.compute + f.recompute + b.compute + b.recompute;
            k.busy += f.duration + b.duration;
            k.lastBusy += f.duration + lb.duration;
        }
        k.post = optimizerPhase(s, x.b, x.links, fp.gpu, x.bw, st.local, x.dc, double(st.layers) * x.lt.layerForward(),
                                st.expertLocal);
    }

    // Each stage's last block ends at ends[i]: the list scheduling of the stage orders over the block table, exact
    // up to kMaxPlacedBlocks blocks. A longer accumulation places mB micro-batches (the most within the bound, m - mB
    // whole rounds of u: u = p interleaved, else 1) and adds the rest at the pace of the slowest stage, which the
    // schedule settles to: every stage's end then moves by its busy time per micro-batch.
    constexpr std::size_t kSmallP = 64;
    double endsSmall[kSmallP];
    std::vector<double> endsBig;
    double* ends = endsSmall;
    if (std::size_t(p) > kSmallP) {
        endsBig.resize(std::size_t(p));
        ends = endsBig.data();
    }
    const PipelineSchedule sched = p > 1 ? s.schedule : PipelineSchedule::OneFOneB;
    const std::int64_t u = v > 1 ? p : 1;
    const std::int64_t mB = placedMicroBatches(p, v, x.m);
    scheduleStageEnds(sched, p, mB, v, times, ends);
    if (mB < x.m && x.everyNth && sched != PipelineSchedule::GPipe && p > 1) {
        // Every n-th layer checkpointed: the stages recompute different layers and differ in busy time, and an
        // interleaved schedule of unequal stages settles to a pace above the slowest stage's busy time (the critical
        // cycle crosses stages: 7.3% short on an interleaved Mixtral, n = 5, 64 micro-batches). The pace is measured
        // instead, as the difference per micro-batch of the placements of mB and mB - u micro-batches (mB > u).
        double ends2Small[kSmallP];
        std::vector<double> ends2Big;
        double* ends2 = ends2Small;
        if (std::size_t(p) > kSmallP) {
            ends2Big.resize(std::size_t(p));
            ends2 = ends2Big.data();
        }
        scheduleStageEnds(sched, p, mB - u, v, times, ends2);
        for (std::int64_t i = 0; i < p; ++i)
            ends[i] += double(x.m - mB) / double(u) * (ends[i] - ends2[i]);
    } else if (mB < x.m) {
        // The pace per micro-batch: the slowest stage's forward + backward; GPipe runs every forward before any
        // backward, so there the slowest forward and the slowest backward, wherever they are.
        double pace = 0;
        if (sched == PipelineSchedule::GPipe && p > 1) {
            double f = 0, b = 0;
            for (std::int64_t i = 0; i < p; ++i) {
                f = std::max(f, times[i].fwd);
                b = std::max(b, times[i].bwd);
            }
            pace = f + b;
        } else {
            for (std::size_t k = 0; k < (x.everyNth ? std::size_t(p) : 4); ++k)
                if (kinds[k].rep >= 0)
                    pace = std::max(pace, kinds[k].busy);
        }
        for (std::int64_t i = 0; i < p; ++i)
            ends[i] += double(x.m - mB) * pace;
    }
    double stepEnd = 0;
    for (std::int64_t i = 0; i < p; ++i)
        stepEnd = std::max(stepEnd, ends[i] + kinds[kindOf(i)].post.seconds());

    // The split of the worst rank's step and the step's FLOPs (layoutplanner_eval.h).
    fillStepNumbers(s, x.lt, x.links, kinds[kindOf(fp.worstRank().stage)],
                    stageParams(fp, a, x.t, x.p, x.p - 1).head > 0, stepEnd, out);
}

} // namespace

} // namespace shardscope::detail

namespace shardscope {

PlanLayout evaluateLayoutReference(const Scenario& s)
{
    PlanLayout l = detail::layoutOf(s);
    const Footprint f = computeFootprint(s);
    detail::fillMemory(s, f, l);
    detail::closedFormStepReference(s, f, l);
    return l;
}

} // namespace shardscope
