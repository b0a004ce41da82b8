// SPDX-License-Identifier: MIT
// The planner's closed-form step time (issue 11), organised for speed. computeStep() builds every block's events,
// simulates the pipeline schedule with them and records every event of the worst rank; the planner needs the step
// time of millions of layouts. It shares the simulator's pieces (stagetime.h: kernel times, group bandwidths, the
// optimizer phase, the stage split; kernels.h, collectives.h, links.h) and its two-stream recurrence over a block's
// ZeRO units without events, and computes each kind of block once: the forward, the backward and the last
// micro-batch's backward (the gradient reduction of ZeRO-0/1) of each chunk of the first, the last and the (at most
// two) kinds of middle stages. The schedule is placed from that table of block times alone (scheduleStageEndsSteady(),
// pipeline.h: the simulator's list scheduling of the same stage orders, keeping only each stage's end, in a fixed
// order with the repeating rounds skipped), exactly up to kMaxPlacedBlocks blocks (at least 2 p micro-batches
// interleaved) and at the slowest stage's pace beyond. Each stage then runs its optimizer phase; the step
// ends with the stage that ends last. (The earlier m x max S + fill/drain formula and why it was replaced: see
// tests/core/reference/layoutplanner_ref.cpp.)
//
// The work is done at the level where it varies (StepEvaluator): the link plan once per (tp, pp) (dp follows from
// N); the kernel seconds of a layer once per (tp, micro-batch, sequence parallelism); a layer's compute-stream seconds
// and the pipeline send once per shape (with checkpointing); per layout only what the ZeRO stage and the offloads
// change: the units' collective costs (a layer's once, not once per unit), the blocks' two-stream recurrence and the
// schedule. Identical layers are not walked one by one: without ZeRO-3's gathers the compute stream is a sum and the
// communication stream's end after k equal units is a maximum of three lines (closed form); with them, the walk stops
// as soon as one unit shifts the whole state (both streams' ends and the prefetched gathers) by the same seconds,
// after which every further equal unit does the same (the recurrence is max-plus linear: adding a constant to its
// state adds it to the next state), and jumps to the last equal unit. The schedule's placement is kept per shape
// keyed by its block table: layouts whose blocks come out equal (a reduction hidden under the compute, CPU or NVMe
// optimizer offload) share it. tests/core/reference/layoutplanner_ref.cpp (a test-only library) keeps the
// straightforward evaluator this one must equal up to floating rounding (tst_planspeed); both take a block's physics
// from blockphysics.h, as computeStep() does.
#include "layoutplanner_eval.h"

#include "blockphysics.h"
#include "offloadbytes.h"
#include "shardscope/collectives.h"
#include "shardscope/errors.h"
#include "shardscope/kernels.h"
#include "shardscope/links.h"
#include "shardscope/pipeline.h"
#include "shardscope/step.h"
#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>
#include <vector>

namespace shardscope::detail {

namespace {

/// An array of n values on the stack up to N, on the heap beyond.
template <typename T, std::size_t N>
class SmallBuffer
{
public:
    explicit SmallBuffer(std::size_t n)
    {
        if (n > N) {
            m_big.resize(n);
            m_data = m_big.data();
        }
    }
    T* data() { return m_data; }
    T& operator[](std::size_t i) { return m_data[i]; }
    const T& operator[](std::size_t i) const { return m_data[i]; }

private:
    T m_small[N]; // not value-initialised: the users write before they read
    std::vector<T> m_big;
    T* m_data = m_small;
};

using Stage = BlockStage;

/// Everything one block's recurrence needs: the scenario's constants, the seconds of what every layer repeats (its
/// compute stream with the TP and ring-attention messages it cannot hide, its kernels: LayerSeconds, blockphysics.h),
/// computed once a shape, and the collectives of the layout's ZeRO units.
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
    bool afterFlush = false; ///< Megatron-LM 2021's DP all-reduce after the block (Scenario::ddpReduceAfterFlush)
    /// Communication-stream seconds of a unit holding `params` params per GPU (UnitComms::seconds()).
    /// MoE (issue 25): `expert` of them routed experts, reduced over expert-DP (UnitComms::expertOf()).
    UnitSeconds unitComm(std::int64_t params, std::int64_t expert = 0) const { return comms.seconds(params, expert); }
    /// Gradients are reduced at all: dp x cp > 1, or (MoE) the experts' expert-DP (expertStatesSplit()).
    bool reduces = false;
    UnitSeconds perLayer; ///< unitComm() of a layer without the stage's rounding

    /// The shape's seconds (what depends on tp, pp, micro-batch, sequence parallelism and checkpointing only).
    void prepareShape() { static_cast<LayerSeconds&>(*this) = layerSeconds(*s, lt, bw); }
};

struct Block
{
    double duration = 0, release = 0, compute = 0, recompute = 0;
};

/// The collective costs of a stage's units that are not a plain layer (the embedding, the head, the stage's last
/// layer with its rounding), computed once per stage kind and layout.
struct StageComm
{
    UnitSeconds embedding, head, lastLayer;
};

/// Seconds within which two state differences count as equal: a few hundred ulps of the state's magnitude.
inline double shiftTolerance(double scale) { return 1e-13 * scale; }

/// One forward or backward block of one micro-batch through one chunk of a stage: step.cpp's makeOp without its
/// event list (compute stream `cf`, communication stream `qf`), as layoutplanner_ref.cpp's block(), with the runs of
/// equal layers done in closed form (see the top of the file).
Block block(const Ctx& x, const Stage& st, const StageComm& sc, std::int64_t chunk, std::int64_t stageIndex, bool fwd,
            bool reduce)
{
    const Scenario& s = *x.s;
    const LayerTimes& lt = x.lt;
    Block out;
    const std::int64_t layers = chunkLayers(st.layers, x.v, chunk, st.embeddingSlot, st.lossSlot);
    const bool emb = st.first && chunk == 0 && st.embedding > 0;
    const bool head = st.last && chunk == x.v - 1 && st.head > 0;
    const bool lastChunk = chunk == x.v - 1;
    const double headSecs = head ? (fwd ? lt.headFwd : lt.headBwd) : 0.0;
    // The chunk's global layers (step.cpp's makeOp) and, with every n-th layer checkpointed, those recomputed.
    const std::int64_t l0 = st.firstLayer + chunkFirstLayer(st.layers, x.v, chunk, st.embeddingSlot, st.lossSlot);
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
    // Megatron-LM 2021 (x.afterFlush): the block's reductions wait for its last kernel and send (step.cpp's deferred).
    double deferredReduce = 0;
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
        // backward walks them in reverse. The plain layers (a layer's own collective costs and compute seconds) are
        // the block-order units pa .. pb - 1.
        const std::size_t n = std::size_t(emb) + std::size_t(layers) + std::size_t(head);
        const bool special = lastChunk && st.lastExtra != 0;
        std::size_t pa = 0, pb = 0;
        if (layers > 0 && (fwd || !x.everyNth)) {
            const std::size_t fa = std::size_t(emb), fb = std::size_t(emb) + std::size_t(layers) - std::size_t(special);
            pa = fwd ? fa : n - fb;
            pb = fwd ? fb : n - fa;
        }
        auto unitAt = [&](std::size_t j, double& secs) -> const UnitSeconds& {
            const std::size_t f = fwd ? j : n - 1 - j;
            if (emb && f == 0) {
                secs = 0;
                return sc.embedding;
            }
            const std::size_t l = f - std::size_t(emb);
            if (l < std::size_t(layers)) {
                secs = layerSecsAt(l0 + std::int64_t(l));
                if (special && l + 1 == std::size_t(layers))
                    return sc.lastLayer;
                return x.perLayer;
            }
            secs = headSecs;
            return sc.head;
        };
        const bool red = !fwd && reduce;
        const bool defer = red && x.afterFlush && !x.z3;
        // One unit on the compute stream, then (backward) its reduction and host copy on the communication stream.
        auto computeUnit = [&](std::size_t j) {
            double secs = 0;
            const UnitSeconds& u = unitAt(j, secs);
            cf += secs;
            if (defer) {
                deferredReduce += x.offOpt ? u.reduce + u.toHost : u.reduce;
            } else if (red) {
                async(u.reduce);
                if (x.offOpt)
                    async(u.toHost);
            }
        };
        if (!x.z3) {
            // No gathers: the compute stream never waits, each unit adds its seconds; the communication stream runs
            // each unit's reduction (and host copy) after it. Over k equal units (seconds c, reduction R):
            // qf_k = max(qf_0 + k R, cf_0 + c + k R, cf_0 + k c + R), the ends of the three lines the recurrence
            // qf_i = max(qf_(i-1), cf_0 + i c) + R takes the largest of.
            for (std::size_t j = 0; j < n;) {
                if (j == pa && pb > pa && red) {
                    const double k = double(pb - pa), c = layerSecs;
                    const double R = x.offOpt ? x.perLayer.reduce + x.perLayer.toHost : x.perLayer.reduce;
                    const double cf0 = cf;
                    cf = cf0 + k * c;
                    if (defer)
                        deferredReduce += k * R;
                    else
                        qf = std::max({qf + k * R, cf0 + c + k * R, cf + R});
                    j = pb;
                    continue;
                }
                computeUnit(j);
                ++j;
            }
        } else {
            // ZeRO-3 gathers with prefetch, as step.cpp's issueGather / waitGather. A step j whose unit and the one
            // it prefetches (j + q) are plain layers (j >= 1: the units up to j + q - 1 already issued) maps the state
            // (cf, qf, the pending gathers' ends) the same way each time; once one such step shifts the whole state
            // by the same seconds, so do all the following ones (max-plus homogeneity), and the walk jumps to the last.
            const std::size_t q = std::size_t(std::max<std::int64_t>(0, s.zero3PrefetchUnits));
            SmallBuffer<double, 1024> gatherEnd {n};
            std::fill(gatherEnd.data(), gatherEnd.data() + n, -1.0);
            auto issue = [&](std::size_t j) {
                if (j >= n || gatherEnd[j] >= 0)
                    return;
                double secs = 0;
                const UnitSeconds& u = unitAt(j, secs);
                if (x.offPar)
                    async(u.host);
                gatherEnd[j] = async(u.gather);
            };
            const bool anyPlain = pb > pa && pb >= pa + q + 1;
            const std::size_t lastPlain = anyPlain ? pb - 1 - q : 0;
            bool jumped = false;
            for (std::size_t j = 0; j < n; ++j) {
                const bool plain = !jumped && anyPlain && j >= 1 && j >= pa && j <= lastPlain;
                const double cf0 = cf, qf0 = qf;
                issue(j);
                cf = std::max(cf, gatherEnd[j]);
                for (std::size_t k = 1; k <= q; ++k)
                    issue(j + k);
                computeUnit(j);
                if (!plain || j == lastPlain)
                    continue;
                const double lambda = cf - cf0;
                const double tol = shiftTolerance(std::max(std::abs(cf), std::abs(qf)));
                bool uniform = std::abs((qf - qf0) - lambda) <= tol;
                for (std::size_t k = 0; uniform && k < q; ++k)
                    uniform = std::abs((gatherEnd[j + 1 + k] - gatherEnd[j + k]) - lambda) <= tol;
                if (!uniform)
                    continue;
                const std::size_t skip = lastPlain - j;
                const double shift = double(skip) * lambda;
                cf += shift;
                qf += shift;
                for (std::size_t k = q; k-- > 0;)
                    gatherEnd[j + 1 + k + skip] = gatherEnd[j + 1 + k] + shift;
                j += skip;
                jumped = true;
            }
        }
    }
    const std::int64_t V = x.p * x.v;
    const std::int64_t vs = chunk * x.p + stageIndex;
    if ((fwd && vs < V - 1) || (!fwd && vs > 0))
        cf += x.send;
    if (deferredReduce > 0)
        async(deferredReduce);
    out.duration = std::max(cf, qf);
    out.release = cf;
    return out;
}

using Kind = StageKind;

} // namespace

void offloadBytesPerNode(const Scenario& s, const Footprint& fp, std::int64_t& host, std::int64_t& nvme)
{
    const std::int64_t d = s.dp() * s.cp;
    OffloadBytes worst;
    for (const RankFootprint& r : fp.ranks) {
        const OffloadBytes off = finetuneAdapters(s)
            ? rankOffloadBytesPerNode(s, fp.bytesPerParam, r.trainableLocalParams, d, double(r.frozenStageBytes))
            : rankOffloadBytesPerNode(s, fp.bytesPerParam, r.localParams, d);
        worst.host = std::max(worst.host, off.host);
        worst.nvme = std::max(worst.nvme, off.nvme);
    }
    host = worst.host;
    nvme = worst.nvme;
}

/// Up to N values kept for the current shape, in storage kept from shape to shape (no allocation once grown): take()
/// gives a slot to fill, a new one while fewer than N are kept, else the oldest in turn (skipping those `inUse` says
/// are held); clear() forgets them all.
template <typename T, std::size_t N>
class KeptSlots
{
public:
    std::size_t size() const { return m_kept; }
    T& operator[](std::size_t i) { return m_items[i]; }
    void clear()
    {
        m_kept = 0;
        m_next = 0;
    }
    template <typename InUse>
    T& take(InUse&& inUse)
    {
        if (m_kept < N) {
            if (m_items.size() == m_kept)
                m_items.emplace_back();
            return m_items[m_kept++];
        }
        T* slot = nullptr;
        do {
            slot = &m_items[m_next];
            m_next = (m_next + 1) % N;
        } while (inUse(*slot));
        return *slot;
    }
    T& take()
    {
        return take([](const T&) { return false; });
    }

private:
    std::vector<T> m_items;
    std::size_t m_kept = 0, m_next = 0;
};

namespace {

/// Each stage's end from below (`ends`), for StepEvaluator::lowerBound()'s callers to skip the placement of a layout that cannot
/// beat one already placed. In every schedule here (stageOp()) a stage's first block is the forward of micro-batch 0
/// through chunk 0 and its last the backward of micro-batch m - 1 through chunk 0; a stage runs its blocks one at a
/// time, each when its input has been released. So stage i cannot end before micro-batch 0's forward has been released
/// by every stage before it and all its own blocks have run, (m - 1) x busy + lastBusy of its kind; nor before the last
/// backward has come back from the stage after it (that stage's end less its last block, plus the block's release)
/// and run. The placement of more than kMaxPlacedBlocks blocks adds at least each stage's own pace per further
/// micro-batch, so the bound holds there too (not where every n-th layer is checkpointed: see run()).
template <typename KindOf>
void stageEndsLowerBound(std::int64_t p, std::int64_t m, const VirtualStageTimes* times, KindOf&& kindOf, double* ends)
{
    double arrival = 0;
    for (std::int64_t i = 0; i < p; ++i) {
        const Kind& k = kindOf(i);
        ends[std::size_t(i)] = arrival + double(m - 1) * k.busy + k.lastBusy;
        arrival += times[std::size_t(i)].fwdRelease;
    }
    for (std::int64_t i = p - 2; i >= 0; --i) {
        const VirtualStageTimes& next = times[std::size_t(i + 1)];
        ends[std::size_t(i)] = std::max(ends[std::size_t(i)], ends[std::size_t(i + 1)] - next.lastBwd
                                            + next.lastBwdRelease + times[std::size_t(i)].lastBwd);
    }
}

} // namespace

struct StepEvaluator::Impl
{
    Ctx x;
    // Cache keys: the link plan per (tp, pp); the layer's kernel seconds per (tp, micro-batch, sequence parallelism,
    // bytes per activation element); the shape's seconds per (those, pp, checkpointing).
    std::tuple<std::int64_t, std::int64_t, std::int64_t> linkKey {-1, -1, -1};
    std::tuple<std::int64_t, std::int64_t, bool, double, std::int64_t> ltKey {-1, -1, false, 0.0, -1};
    std::tuple<std::int64_t, std::int64_t, std::int64_t, bool, int, double> shapeKey {-1, -1, -1, false, -1, 0.0};

    /// Placements of the schedule kept for the current shape, keyed by (schedule, p, placed micro-batches, v, the
    /// block table): layouts whose blocks come out equal share one.
    struct Placement
    {
        PipelineSchedule sched;
        std::int64_t p, m, v;
        std::vector<VirtualStageTimes> times;
        std::vector<double> ends;
    };
    KeptSlots<Placement, 32> placements;

    /// The stage kinds and stage ends (before the optimizer phase) of the layouts evaluated last in this shape, keyed
    /// by what the blocks and the schedule depend on beyond the shape: layouts that differ only in the optimizer
    /// offload's device (CPU or NVMe: the same gradient copy to the host; the phase after the schedule differs) share
    /// them. Not kept with every n-th layer checkpointed (a kind per stage).
    struct Memo
    {
        std::int64_t v = 0, m = 0, dc = 0;
        int stage = -1;
        bool offOpt = false;
        OffloadDevice offPar = OffloadDevice::None;
        double weights = 0, grads = 0;
        Kind kinds[4];
        std::vector<double> ends;
        bool operator==(const Memo& o) const
        {
            return v == o.v && m == o.m && dc == o.dc && stage == o.stage && offOpt == o.offOpt && offPar == o.offPar
                && weights == o.weights && grads == o.grads;
        }
    };

    /// Blocks of every stage kind's chunks of one direction (evaluate()'s blocksOf()).
    struct BlockSet
    {
        std::uint32_t sig = 0;
        std::int64_t v = 0;
        std::size_t kinds = 0;
        std::vector<Block> blocks; ///< [kind x v + chunk]
    };
    KeptSlots<BlockSet, 16> blockSets;
    /// The first stage of each kind of the current shape (its layers and params split: the same for every layout of it).
    std::vector<Stage> stages;
    KeptSlots<Memo, 8> memos;
    /// StepEvaluator::computeBound()'s latest stage end of each stage kind of the current shape, for (v, m).
    std::tuple<std::int64_t, std::int64_t> computeKey {-1, -1};
    std::vector<double> computeEnds;
    std::vector<VirtualStageTimes> times; ///< scratch: the block table of the layout being evaluated
    std::vector<double> ends, ends2; ///< scratch: each stage's end

    /// scheduleStageEndsSteady() of the table, from a kept placement where one has the same key (about 40% of the
    /// bench's placements).
    void placeSchedule(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                       const VirtualStageTimes* times, double* ends)
    {
        const std::size_t V = std::size_t(p * v);
        for (std::size_t k = 0; k < placements.size(); ++k)
            if (const Placement& pl = placements[k]; pl.sched == sched && pl.p == p && pl.m == m && pl.v == v
                && std::memcmp(pl.times.data(), times, V * sizeof(VirtualStageTimes)) == 0) {
                std::copy(pl.ends.begin(), pl.ends.end(), ends);
                return;
            }
        scheduleStageEndsSteady(sched, p, m, v, times, ends);
        Placement* const slot = &placements.take();
        slot->sched = sched;
        slot->p = p;
        slot->m = m;
        slot->v = v;
        slot->times.assign(times, times + V);
        slot->ends.assign(ends, ends + p);
    }
};

StepEvaluator::StepEvaluator()
    : m(std::make_unique<Impl>())
{
}

StepEvaluator::~StepEvaluator() = default;

void StepEvaluator::evaluate(const Scenario& s, const Footprint& fp, PlanLayout& out) { run(s, fp, &out, Mode::Exact); }

double StepEvaluator::lowerBound(const Scenario& s, const Footprint& fp) { return run(s, fp, nullptr, Mode::Bound); }

double StepEvaluator::computeBound(const Scenario& s, const Footprint& fp)
{
    return run(s, fp, nullptr, Mode::ComputeBound);
}

double StepEvaluator::computeFloor(const Scenario& s, const Footprint& fp)
{
    return run(s, fp, nullptr, Mode::ComputeFloor);
}

double StepEvaluator::run(const Scenario& s, const Footprint& fp, PlanLayout* outp, Mode mode)
{
    Impl& im = *m;
    Ctx& x = im.x;
    x.s = &s;
    x.b = fp.bytesPerParam;
    x.t = s.tp;
    x.p = s.pp;
    x.v = (s.schedule == PipelineSchedule::Interleaved && x.p > 1) ? s.vpp : 1;
    x.m = s.gradAccum;
    x.dc = s.dp() * s.cp;
    const double actBytes = activationWireBytes(x.b);
    bool shapeChanged = false;
    // EP and expert TP (issue 25) change the all-to-all's links and the MoE layer's time.
    if (const auto key = std::make_tuple(s.tp, s.pp, expertKey(s.ep, s.etp)); key != im.linkKey) {
        x.links = planLinks(s);
        im.linkKey = key;
        shapeChanged = true;
    }
    if (const auto key = std::make_tuple(s.tp, s.microBatch, s.sequenceParallel, actBytes, expertKey(s.ep, s.etp));
        key != im.ltKey) {
        x.lt = layerTimes(s, fp.gpu, actBytes);
        im.ltKey = key;
        shapeChanged = true;
    }
    x.bw = groupBandwidths(s, x.links, x.dc);
    if (const auto key = std::make_tuple(s.tp, s.pp, s.microBatch, s.sequenceParallel, int(s.checkpointing), actBytes);
        shapeChanged || key != im.shapeKey) {
        x.prepareShape();
        im.shapeKey = key;
        im.placements.clear();
        im.memos.clear();
        im.blockSets.clear();
        im.stages.clear();
        im.computeKey = {-1, -1};
    }
    x.z3 = s.zeroStage == 3 && x.dc > 1;
    x.reduces = x.dc > 1 || (expertStatesSplit(s, x.links, x.dc) && expertShardRanks(s, x.dc) > 1);
    x.perTensor = x.z3 && s.zero3PerTensorCollectives;
    x.afterFlush = s.ddpReduceAfterFlush && s.zeroStage == 0;
    x.everyNth = s.checkpointing == Checkpointing::Full && s.checkpointInterval > 1;
    x.offPar = s.offloadParams != OffloadDevice::None;
    x.offOpt = s.offloadOptimizer != OffloadDevice::None;
    if (mode == Mode::Exact || mode == Mode::Bound) { // the compute streams need no collective
        x.comms = unitComms(s, x.b, x.links, x.bw, x.dc);
        x.perLayer = x.unitComm(fp.ranks.front().perLayerLocalParams, fp.ranks.front().perLayerExpertParams);
    }
    const Architecture& a = s.arch;
    // Pipeline slots: the layers, and the embedding and the loss where the split counts them (stagetime.h).
    const std::int64_t L = a.layers + (s.embeddingInPipelineSplit ? 1 : 0) + (s.lossInPipelineSplit ? 1 : 0);
    const std::int64_t p = x.p, v = x.v, V = p * v;
    if (p < 1 || v < 1) // validateScenario refuses these before the planner gets here; never divide by them
        throw InvalidInput("pp", "the pipeline needs at least one stage and one chunk per stage");

    auto makeStage = [&](std::int64_t i) { return blockStage(fp, a, x.t, x.p, i); };

    // The block times of every virtual stage (layoutplanner_ref.cpp): four kinds of stage at most (first, last, and
    // middle stages with L/p or L/p + 1 layers), each computed once; with every n-th layer checkpointed every stage.
    // ZeRO-2/3 reduce the gradients in every backward, ZeRO-0/1 in the last micro-batch's.
    SmallBuffer<Kind, 4> kinds {x.everyNth ? std::size_t(p) : 4};
    auto kindOf = [&](std::int64_t i) {
        return x.everyNth ? std::size_t(i) : std::size_t(i == 0 ? 0 : i == p - 1 ? 1 : (i < L % p ? 2 : 3));
    };
    const std::size_t nKinds = x.everyNth ? std::size_t(p) : 4;
    if (im.stages.size() != nKinds) {
        im.stages.assign(nKinds, Stage {});
        for (std::int64_t i = 0; i < p; ++i)
            if (Stage& st = im.stages[kindOf(i)]; st.index < 0)
                st = makeStage(i);
    }
    // A stage's optimizer phase (it depends on where the offloaded optimizer lives).
    auto phaseOf = [&](const Stage& st) {
        return optimizerPhase(s, x.b, x.links, fp.gpu, x.bw, st.local, x.dc, double(st.layers) * x.lt.layerForward(),
                              st.expertLocal);
    };
    if (im.ends.size() < std::size_t(p)) {
        im.ends.resize(std::size_t(p));
        im.ends2.resize(std::size_t(p));
    }
    double* const ends = im.ends.data();
    // The blocks of every stage kind's chunks of one direction (forward; backward with or without its gradient
    // reduction) into out[kind x v + chunk]. A stage's chunks differ only in their layer count, the embedding (the
    // first stage's first chunk), the head and the stage's last layer (its last chunk), and the pipeline send (none
    // out of the last virtual stage's forward and the first's backward); with every n-th layer checkpointed, or
    // walked per weight, in their layers too. Chunks alike in all of these have the same blocks: computed once.
    const bool chunksAlike = !x.everyNth && !x.perTensor;
    auto computeBlocks = [&](bool fwd, bool reduce, Block* out) {
        for (std::size_t k = 0; k < nKinds; ++k) {
            const Stage& st = im.stages[k];
            if (st.index < 0)
                continue;
            const std::int64_t i = st.index;
            StageComm sc; // what a walk over the units needs (block(): ZeRO-3's gathers, the gradient reductions)
            if (x.z3 || (reduce && x.reduces)) {
                sc.embedding = x.unitComm(st.embedding);
                sc.head = x.unitComm(st.head);
                sc.lastLayer = st.lastExtra != 0 ? x.unitComm(st.perLayer + st.lastExtra, st.perLayerExpert) : x.perLayer;
            }
            std::int64_t lastKey = -1;
            Block bl;
            for (std::int64_t c = 0; c < v; ++c) {
                const std::int64_t vs = c * p + i;
                const bool plainChunk = chunksAlike && !(st.first && c == 0) && c != v - 1 && vs != 0 && vs != V - 1;
                const std::int64_t chunkKey = plainChunk ? chunkLayers(st.layers, v, c, st.embeddingSlot, st.lossSlot) : -1;
                if (chunkKey < 0 || chunkKey != lastKey) {
                    bl = block(x, st, sc, c, i, fwd, reduce);
                    lastKey = chunkKey;
                }
                out[k * std::size_t(v) + std::size_t(c)] = bl;
            }
        }
    };
    // What a block depends on beyond the shape and v: ZeRO-3's gathers (and where offloaded params come from), and
    // with the reduction its kind (ZeRO-0's all-reduce, else reduce-scatter) and the gradients' copy to the host.
    // Layouts of a shape share the blocks of equal signatures (the forwards of ZeRO-0, 1 and 2 with or without
    // optimizer offload; the backwards without reduction of ZeRO-0 and 1), kept in im.blockSets.
    auto signature = [&](bool fwd, bool reduce) {
        std::uint32_t g = fwd ? 1U : 0U;
        if (x.z3)
            g |= 2U | (std::uint32_t(s.offloadParams) << 2U);
        if (reduce)
            g |= 16U | (s.zeroStage == 0 ? 32U : 0U) | (x.offOpt ? 64U : 0U);
        return g;
    };
    // A set fetched for this layout is never the one replaced by a later fetch (`inUse`).
    auto blocksOf = [&](bool fwd, bool reduce, const Block* inUse0, const Block* inUse1) -> const Block* {
        const std::uint32_t sig = signature(fwd, reduce);
        for (std::size_t j = 0; j < im.blockSets.size(); ++j)
            if (im.blockSets[j].sig == sig && im.blockSets[j].v == v && im.blockSets[j].kinds == nKinds)
                return im.blockSets[j].blocks.data();
        Impl::BlockSet* const slot = &im.blockSets.take(
            [&](const Impl::BlockSet& b) { return b.blocks.data() == inUse0 || b.blocks.data() == inUse1; });
        slot->sig = sig;
        slot->v = v;
        slot->kinds = nKinds;
        slot->blocks.resize(nKinds * std::size_t(v));
        computeBlocks(fwd, reduce, slot->blocks.data());
        return slot->blocks.data();
    };
    // The block table of every virtual stage (`times`) and each stage kind's sums (`kinds`) from the blocks of the
    // forward, the backward and the last micro-batch's backward.
    VirtualStageTimes* times = nullptr;
    auto buildTable = [&](const Block* fb, const Block* bb, const Block* lbb) {
        if (im.times.size() < std::size_t(V))
            im.times.resize(std::size_t(V));
        times = im.times.data();
        for (std::int64_t i = 0; i < p; ++i) {
            const std::size_t kk = kindOf(i);
            Kind& k = kinds[kk];
            if (k.rep >= 0) {
                for (std::int64_t c = 0; c < v; ++c)
                    times[std::size_t(c * p + i)] = times[std::size_t(c * p + k.rep)];
                continue;
            }
            k.rep = i;
            for (std::int64_t c = 0; c < v; ++c) {
                const std::size_t at = kk * std::size_t(v) + std::size_t(c);
                const Block& f = fb[at];
                const Block& b = bb[at];
                const Block& lb = lbb[at];
                times[std::size_t(c * p + i)] = {f.duration, f.release, b.duration, b.release, lb.duration, lb.release};
                k.compute += f.compute + f.recompute + b.compute + b.recompute;
                k.busy += f.duration + b.duration;
                k.lastBusy += f.duration + lb.duration;
            }
        }
    };
    if (mode == Mode::ComputeBound || mode == Mode::ComputeFloor) {
        const bool withPhase = mode == Mode::ComputeBound;
        // Every block's compute stream alone: the blocks of the shape's forward and backward without ZeRO-3's gathers
        // and without a gradient reduction (a block never takes less: gathers only delay the compute stream, and the
        // communication stream only ends the block later), kept per shape; each stage's end from below on them
        // (stageEndsLowerBound()), plus the layout's own optimizer phase.
        if (x.everyNth || x.perTensor)
            return 0.0; // no bound (see stageEndsLowerBound()); the per-weight walk sums its pieces its own way
        if (!(im.computeKey == std::make_tuple(v, x.m))) {
            const bool z3 = x.z3;
            x.z3 = false;
            const Block* const fb = blocksOf(true, false, nullptr, nullptr);
            const Block* const bb = blocksOf(false, false, fb, nullptr);
            x.z3 = z3;
            buildTable(fb, bb, bb);
            stageEndsLowerBound(p, x.m, times, [&](std::int64_t i) -> const Kind& { return kinds[kindOf(i)]; }, ends);
            // The latest end of each kind's stages (its optimizer phase is the same on all of them).
            im.computeEnds.assign(nKinds, -HUGE_VAL);
            for (std::int64_t i = 0; i < p; ++i)
                im.computeEnds[kindOf(i)] = std::max(im.computeEnds[kindOf(i)], ends[std::size_t(i)]);
            im.computeKey = std::make_tuple(v, x.m);
        }
        double bound = 0;
        for (std::size_t k = 0; k < nKinds; ++k)
            if (im.stages[k].index >= 0)
                bound = std::max(bound, im.computeEnds[k] + (withPhase ? phaseOf(im.stages[k]).seconds() : 0.0));
        return bound;
    }
    Impl::Memo key;
    key.v = v;
    key.m = x.m;
    key.dc = x.dc;
    key.stage = s.zeroStage;
    key.offOpt = x.offOpt;
    key.offPar = s.offloadParams;
    key.weights = x.b.weights;
    key.grads = x.b.grads;
    const Impl::Memo* hit = nullptr;
    if (!x.everyNth)
        for (std::size_t k = 0; k < im.memos.size(); ++k)
            if (im.memos[k] == key) {
                hit = &im.memos[k];
                break;
            }
    if (hit) {
        for (std::size_t k = 0; k < 4; ++k)
            kinds[k] = hit->kinds[k];
        std::copy(hit->ends.begin(), hit->ends.end(), ends);
    } else {
        const bool reduceEvery = x.reduces && s.zeroStage >= 2;
        const bool reduceLast = x.reduces && !reduceEvery;
        const Block* const fb = blocksOf(true, false, nullptr, nullptr);
        const Block* const bb = blocksOf(false, reduceEvery, fb, nullptr);
        const Block* const lbb = reduceLast ? blocksOf(false, true, fb, bb) : bb;
        buildTable(fb, bb, lbb);

        if (mode == Mode::Bound) {
            // The bound only: each stage's end from below (stageEndsLowerBound()), no placement, nothing kept.
            if (x.everyNth)
                return 0.0; // no bound: the longer accumulations are extrapolated from two placements
            stageEndsLowerBound(p, x.m, times, [&](std::int64_t i) -> const Kind& { return kinds[kindOf(i)]; }, ends);
        } else {
            // Each stage's last block ends at ends[i] (layoutplanner_ref.cpp): the list scheduling of the stage orders
            // over the block table, exact up to kMaxPlacedBlocks blocks, the rest of a longer accumulation at the pace of
            // the slowest stage (measured from two placements with every n-th layer checkpointed).
            const PipelineSchedule sched = p > 1 ? s.schedule : PipelineSchedule::OneFOneB;
            const std::int64_t u = v > 1 ? p : 1;
            const std::int64_t mB = placedMicroBatches(p, v, x.m);
            im.placeSchedule(sched, p, mB, v, times, ends);
            if (mB < x.m && x.everyNth && sched != PipelineSchedule::GPipe && p > 1) {
                double* const ends2 = im.ends2.data();
                im.placeSchedule(sched, p, mB - u, v, times, ends2);
                for (std::int64_t i = 0; i < p; ++i)
                    ends[std::size_t(i)]
                        += double(x.m - mB) / double(u) * (ends[std::size_t(i)] - ends2[std::size_t(i)]);
            } else if (mB < x.m) {
                double pace = 0;
                if (sched == PipelineSchedule::GPipe && p > 1) {
                    double f = 0, b = 0;
                    for (std::int64_t i = 0; i < p; ++i) {
                        f = std::max(f, times[std::size_t(i)].fwd);
                        b = std::max(b, times[std::size_t(i)].bwd);
                    }
                    pace = f + b;
                } else {
                    for (std::size_t k = 0; k < nKinds; ++k)
                        if (kinds[k].rep >= 0)
                            pace = std::max(pace, kinds[k].busy);
                }
                for (std::int64_t i = 0; i < p; ++i)
                    ends[std::size_t(i)] += double(x.m - mB) * pace;
            }
            if (!x.everyNth) {
                Impl::Memo* const slot = &im.memos.take();
                std::vector<double> keep = std::move(slot->ends);
                *slot = key;
                for (std::size_t k = 0; k < 4; ++k)
                    slot->kinds[k] = kinds[k];
                keep.assign(ends, ends + p);
                slot->ends = std::move(keep);
            }
        }
    }
    // Each stage kind's optimizer phase (it depends on where the offloaded optimizer lives: not kept).
    for (std::size_t k = 0; k < nKinds; ++k)
        if (kinds[k].rep >= 0)
            kinds[k].post = phaseOf(im.stages[k]);
    double stepEnd = 0;
    for (std::int64_t i = 0; i < p; ++i)
        stepEnd = std::max(stepEnd, ends[std::size_t(i)] + kinds[kindOf(i)].post.seconds());
    if (mode != Mode::Exact)
        return stepEnd; // exact where the ends were kept, else from below
    fillStepNumbers(s, x.lt, x.links, kinds[kindOf(fp.worstRank().stage)], im.stages[kindOf(p - 1)].head > 0, stepEnd,
                    *outp);
    return stepEnd;
}


void closedFormStep(const Scenario& s, const Footprint& fp, PlanLayout& out)
{
    StepEvaluator e;
    e.evaluate(s, fp, out);
}

} // namespace shardscope::detail
