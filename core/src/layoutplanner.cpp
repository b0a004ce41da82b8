// SPDX-License-Identifier: MIT
// The layout planner (issue 11): enumerates every valid parallel layout of a request, evaluates each
// (footprint and step time), keeps those that fit, ranks them and builds the Pareto front and the maps.
#include "shardscope/layoutplanner.h"

#include "layoutplanner_eval.h"

#include "shardscope/advice.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/step.h"
#include "shardscope/units.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <queue>
#include <tuple>

namespace shardscope {

namespace {

constexpr const char* kKnobKeys[kPlanKnobCount]
    = {"tp", "pp", "vpp", "stage", "micro-batch", "checkpointing", "sequence-parallel", "offload", "ep"};

/// The interleaved schedule's bound on micro-batch chunks per GPU (validateScenario's kMaxScheduledChunks).
constexpr std::int64_t kMaxScheduledChunks = 200000;

bool searched(const PlanRequest& r, PlanKnob k) { return r.search[static_cast<std::size_t>(k)]; }

std::vector<std::int64_t> divisorsOf(std::int64_t n)
{
    std::vector<std::int64_t> lo, hi;
    for (std::int64_t i = 1; i * i <= n; ++i) {
        if (n % i == 0) {
            lo.push_back(i);
            if (i != n / i)
                hi.push_back(n / i);
        }
    }
    lo.insert(lo.end(), hi.rbegin(), hi.rend());
    return lo;
}

} // namespace

const char* planKnobKey(PlanKnob k) { return kKnobKeys[static_cast<int>(k)]; }

std::optional<PlanKnob> planKnobFromKey(const std::string& key)
{
    for (int i = 0; i < kPlanKnobCount; ++i)
        if (key == kKnobKeys[i])
            return static_cast<PlanKnob>(i);
    return std::nullopt;
}

const char* planRankKey(PlanRank r)
{
    switch (r) {
    case PlanRank::StepTime: return "step-time";
    case PlanRank::Mfu: return "mfu";
    case PlanRank::Tokens: return "tokens";
    }
    return "";
}

std::optional<PlanRank> planRankFromKey(const std::string& key)
{
    for (PlanRank r : {PlanRank::StepTime, PlanRank::Mfu, PlanRank::Tokens})
        if (key == planRankKey(r))
            return r;
    return std::nullopt;
}

namespace {

/// applyLayout() on `s`, a copy of `base` that only this function has changed since: sets every field applyLayout()
/// sets (the planner reuses one scenario for all its layouts instead of copying the base for each).
void applyLayoutTo(Scenario& s, const Scenario& base, const PlanLayout& l)
{
    s.tp = l.tp;
    s.pp = l.pp;
    s.vpp = l.vpp;
    s.schedule = base.schedule;
    if (l.vpp > 1)
        s.schedule = PipelineSchedule::Interleaved;
    else if (s.schedule == PipelineSchedule::Interleaved)
        s.schedule = PipelineSchedule::OneFOneB;
    s.zeroStage = l.stage;
    s.microBatch = l.microBatch;
    s.gradAccum = l.gradAccum;
    s.checkpointing = l.checkpointing;
    s.sequenceParallel = l.sequenceParallel;
    s.offloadOptimizer = l.offloadOptimizer;
    s.offloadParams = l.offloadParams;
    s.ep = l.ep;
    s.etp = l.etp;
    // gpus stays: dp = gpus / (tp x pp x cp) is what the layout's dp says.
}

} // namespace

PlanRequest planRequestFor(const Scenario& base, std::int64_t globalBatch, PlanRank rank)
{
    PlanRequest r;
    r.base = base;
    r.globalBatch = globalBatch;
    r.rankBy = rank;
    r.topK = 20;
    r.search.fill(true);
    r.search[static_cast<std::size_t>(PlanKnob::Ep)] = base.arch.moe(); // MoE (issue 25): EP and expert TP searched too
    return r;
}

Scenario applyLayout(const Scenario& base, const PlanLayout& l)
{
    Scenario s = base;
    applyLayoutTo(s, base, l);
    return s;
}

namespace detail {

/// The global batch a request asks for (sequences per optimizer step).
std::int64_t requestedGlobalBatch(const PlanRequest& r)
{
    if (r.globalBatch > 0)
        return r.globalBatch;
    return r.base.dp() * r.base.microBatch * r.base.gradAccum;
}

/// Calls `f(layout)` for every valid layout of the request, in a fixed order (tp, pp, vpp, micro-batch, sequence
/// parallel, checkpointing, stage, offloads). `cell(tp, pp)` is called before the layouts of each (tp, pp) pair
/// whose DP degree can reach the global batch; it returns false to stop the enumeration (cancel).
template <typename Cell, typename F>
void enumerateLayouts(const PlanRequest& r, Cell&& cell, F&& f)
{
    const Scenario& b = r.base;
    const Architecture& a = b.arch;
    const std::int64_t B = requestedGlobalBatch(r);
    std::vector<std::int64_t> tps, pps;
    if (searched(r, PlanKnob::Tp)) {
        for (std::int64_t t = 1; t <= std::min(b.gpusPerNode, b.gpus); ++t) {
            // TP within a node, dividing the heads; KV heads split or replicated (tpSplitsHeads(), scenario.h). A bare
            // count's GPT shape: any TP up to its heads, as validateScenario() accepts (one shape, whatever the TP).
            if (b.gpusPerNode % t != 0 || !(b.bareParams ? t <= a.heads : tpSplitsHeads(a, t)))
                continue;
            tps.push_back(t);
        }
    } else {
        tps.push_back(b.tp);
    }
    if (searched(r, PlanKnob::Pp))
        pps = divisorsOf(a.layers);
    else
        pps.push_back(b.pp);

    const bool baseInterleaved = b.schedule == PipelineSchedule::Interleaved;
    // The offloads each ZeRO stage allows (optimizer offload from ZeRO-1, parameter offload with ZeRO-3), or the base's.
    std::array<std::vector<std::pair<OffloadDevice, OffloadDevice>>, 4> offsOf;
    for (int z = 0; z <= 3; ++z) {
        auto& offs = offsOf[std::size_t(z)];
        if (searched(r, PlanKnob::Offload)) {
            for (OffloadDevice o : {OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme}) {
                if (o != OffloadDevice::None && z < 1)
                    continue;
                for (OffloadDevice q : {OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme}) {
                    if (q != OffloadDevice::None && z != 3)
                        continue;
                    offs.emplace_back(o, q);
                }
            }
        } else {
            if ((b.offloadOptimizer != OffloadDevice::None && z < 1)
                || (b.offloadParams != OffloadDevice::None && z != 3))
                continue;
            offs.emplace_back(b.offloadOptimizer, b.offloadParams);
        }
    }
    for (std::int64_t t : tps) {
        for (std::int64_t p : pps) {
            const std::int64_t mp = t * p * b.cp;
            if (b.gpus % mp != 0 || p > a.layers)
                continue;
            const std::int64_t d = b.gpus / mp;
            if (B % d != 0)
                continue;
            if (!cell(t, p))
                return;
            // MoE (issue 25): the (EP, expert TP) pairs of this (tp, pp): EP over the divisors of the experts, expert TP 1
            // and = TP, each where EP x expert TP divides the stage's GPUs (validateScenario()'s fold); the base's own
            // where EP is not searched (or the model is dense), skipped where it does not divide this stage.
            std::vector<std::pair<std::int64_t, std::int64_t>> experts;
            if (a.moe() && searched(r, PlanKnob::Ep)) {
                for (std::int64_t e : validEpValues(b))
                    for (std::int64_t et : t > 1 ? std::vector<std::int64_t> {1, 0} : std::vector<std::int64_t> {0})
                        experts.emplace_back(e, et);
            } else {
                experts.emplace_back(b.ep, b.etp);
            }
            for (const auto& [e, et] : experts) {
                if (a.moe()) {
                    const std::int64_t etv = et > 0 ? et : t;
                    if (a.experts % e != 0 || (b.gpus / p) % (e * etv) != 0 || (et > 1 && a.expertFfn() % et != 0))
                        continue;
                }
                const std::int64_t perReplica = B / d; // micro-batch x grad-accum
                std::vector<std::int64_t> vpps;
                if (searched(r, PlanKnob::Vpp)) {
                    vpps.push_back(1);
                    if (p > 1)
                        for (std::int64_t v = 2; v * p <= a.layers; ++v)
                            if (a.layers % (p * v) == 0)
                                vpps.push_back(v);
                } else {
                    vpps.push_back(baseInterleaved ? b.vpp : 1);
                }
                std::vector<std::int64_t> mbs;
                if (searched(r, PlanKnob::MicroBatch)) {
                    for (std::int64_t m : divisorsOf(perReplica))
                        if (m <= 65536 && perReplica / m <= 1000000)
                            mbs.push_back(m);
                } else if (perReplica % b.microBatch == 0 && perReplica / b.microBatch <= 1000000) {
                    mbs.push_back(b.microBatch);
                }
                std::vector<bool> sps;
                if (searched(r, PlanKnob::SequenceParallel)) {
                    sps.push_back(false);
                    if (t > 1)
                        sps.push_back(true);
                } else {
                    sps.push_back(b.sequenceParallel && t > 1);
                }
                std::vector<Checkpointing> ckpts;
                // Selective before none: the planner prunes none where selective does not fit (planLayouts()).
                if (searched(r, PlanKnob::Checkpointing))
                    ckpts = {Checkpointing::Full, Checkpointing::Selective, Checkpointing::None};
                else
                    ckpts = {b.checkpointing};
                std::vector<int> stages;
                if (searched(r, PlanKnob::Stage))
                    stages = {0, 1, 2, 3};
                else
                    stages = {b.zeroStage};
                for (std::int64_t v : vpps) {
                    if (v > 1 && (p < 2 || a.layers < p * v))
                        continue;
                    for (std::int64_t m : mbs) {
                        const std::int64_t ga = perReplica / m;
                        if (v > 1 && (ga % p != 0 || ga * v > kMaxScheduledChunks))
                            continue;
                        if (b.optimizerInBackward && ga != 1)
                            continue;
                        for (bool sp : sps) {
                            for (Checkpointing c : ckpts) {
                                for (int z : stages) {
                                    const auto& offs = offsOf[std::size_t(z)];
                                    for (const auto& [o, q] : offs) {
                                        PlanLayout l;
                                        l.tp = t;
                                        l.pp = p;
                                        l.dp = d;
                                        l.vpp = v;
                                        l.stage = z;
                                        l.microBatch = m;
                                        l.gradAccum = ga;
                                        l.checkpointing = c;
                                        l.sequenceParallel = sp;
                                        l.offloadOptimizer = o;
                                        l.offloadParams = q;
                                        l.ep = e;
                                        l.etp = et;
                                        if (!f(l))
                                            return;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Fills the layout's numbers from the reference models (computeStep(), which computes the footprint too).
void evaluateReference(const Scenario& base, PlanLayout& l)
{
    const Scenario s = applyLayout(base, l);
    const StepResult r = computeStep(s);
    const Footprint& f = r.footprint;
    fillMemory(s, f, l);
    const StepTotals& t = r.totals;
    l.stepTimeS = t.stepTime;
    l.computeS = t.computeSeconds + t.recomputeSeconds;
    l.exposedCommS = t.exposedCommSeconds;
    l.bubbleS = t.bubbleSeconds;
    l.optimizerS = t.optimizerSeconds;
    l.tflopsPerGpu = t.tflopsPerGpu;
    l.mfu = t.mfu;
    l.tokensPerSecondPerGpu = t.tokensPerSecondPerGpu;
}

/// The worst rank's memory figures of the layout from its footprint (layoutplanner_eval.h).
void fillMemory(const Scenario& s, const Footprint& f, PlanLayout& l)
{
    const RankFootprint& w = f.worstRank();
    l.peakBytes = f.measuredBytes;
    l.modelStateBytes = 0;
    for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
        l.modelStateBytes += w.stepMaxBytes[static_cast<std::size_t>(t)];
    l.activationBytes = w.stepMaxBytes[static_cast<std::size_t>(Term::Activations)]
        + w.stepMaxBytes[static_cast<std::size_t>(Term::Logits)];
    std::int64_t host = 0, nvme = 0;
    offloadBytesPerNode(s, f, host, nvme);
    l.fits = f.fits && host <= s.hostRamBytesPerNode && nvme <= s.nvmeBytesPerNode;
}

/// Evaluates layouts with the closed-form step time. Footprints are numbers only and shared: layouts of one shape
/// (tp, pp, vpp, micro-batch, grad-accum, checkpointing, sequence parallel) differ only in the ZeRO stage and the
/// offloads, so one FootprintFamily serves them (parameter split, activations and micro-batches in flight computed
/// once; the terms neither changes computed once a stage; each member's ranks kept), reset from shape to shape in the
/// same storage; and layouts that differ only in where the offloaded states live (CPU or NVMe: the same bytes on the
/// GPU) share one footprint.
class FastEvaluator
{
public:
    explicit FastEvaluator(const Scenario& base)
        : m_base(base)
        , m_s(base)
    {
    }
    /// The layout's footprint (memory fields and fits); step() then adds its step time.
    void memory(PlanLayout& l)
    {
        applyLayoutTo(m_s, m_base, l);
        toShape(l);
        const auto gpuSide = std::make_tuple(l.stage, l.offloadOptimizer != OffloadDevice::None,
                                             l.offloadParams != OffloadDevice::None);
        if (!m_fp || gpuSide != m_gpuSide) {
            // The GPU side of NVMe offload is that of CPU offload.
            auto cpu = [](OffloadDevice d) { return d == OffloadDevice::Nvme ? OffloadDevice::Cpu : d; };
            m_fp = &m_family->footprint(l.stage, cpu(l.offloadOptimizer), cpu(l.offloadParams));
            m_gpuSide = gpuSide;
        }
        fillMemory(m_s, *m_fp, l);
    }
    /// The step time of the layout memory() was last called on.
    void step(PlanLayout& l) { m_step.evaluate(m_s, *m_fp, l); }
    /// A lower bound of step()'s time for the layout memory() was last called on (StepEvaluator::lowerBound()).
    double lowerBound() { return m_step.lowerBound(m_s, *m_fp); }
    /// A cheaper, lower one (StepEvaluator::computeBound()).
    double computeBound() { return m_step.computeBound(m_s, *m_fp); }
    /// computeBound() of a layout before its footprint: once a footprint of its shape has been computed (the bound reads
    /// only what all of a shape's footprints share: the parameter split, the bytes per parameter, the GPU); 0 (no bound)
    /// before. memory() is then called on the layout as on any other.
    double computeBoundBeforeFootprint(const PlanLayout& l)
    {
        if (!sameShape(l))
            return 0;
        applyLayoutTo(m_s, m_base, l);
        return m_step.computeBound(m_s, *m_fp);
    }
    /// StepEvaluator::computeFloor() of a layout before its footprint (as computeBoundBeforeFootprint()), kept for the
    /// shape; 0 (no bound) before a footprint of the shape.
    double computeFloorBeforeFootprint(const PlanLayout& l)
    {
        if (!sameShape(l))
            return 0;
        if (!m_floorKept) {
            applyLayoutTo(m_s, m_base, l);
            m_floor = m_step.computeFloor(m_s, *m_fp);
            m_floorKept = true;
        }
        return m_floor;
    }

    /// FootprintFamily::peakFloor() of the layout's shape: a lower bound of its footprint's measured peak, before
    /// that footprint (0: none).
    std::int64_t peakFloor(const PlanLayout& l)
    {
        applyLayoutTo(m_s, m_base, l);
        toShape(l);
        return m_family->peakFloor();
    }
    /// The usable capacity per GPU every footprint is measured against (after memory() or peakFloor()).
    std::int64_t usableBytes() const { return m_family->usableBytes(); }

private:
    /// The family of the layout's shape (m_s is the layout's scenario).
    using Shape = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t, std::int64_t, int, bool, std::int64_t>;
    /// What a FootprintFamily is kept for: the layout without its ZeRO stage and offloads.
    static Shape shapeOf(const PlanLayout& l)
    {
        return {l.tp, l.pp, l.vpp, l.microBatch, l.gradAccum, int(l.checkpointing), l.sequenceParallel, expertKey(l)};
    }
    void toShape(const PlanLayout& l)
    {
        const Shape shape = shapeOf(l);
        if (!m_family || shape != m_shape) {
            if (m_family)
                m_family->reset(m_s); // the previous shape's storage, reused
            else
                m_family = std::make_unique<FootprintFamily>(m_s);
            m_shape = shape;
            m_fp = nullptr;
            m_floorKept = false;
        }
    }
    bool sameShape(const PlanLayout& l) const
    {
        return m_fp && shapeOf(l) == m_shape;
    }
    Scenario m_base;
    Scenario m_s; ///< applyLayout(m_base, the layout being evaluated)
    bool m_floorKept = false; ///< m_floor is the current shape's
    double m_floor = 0;
    std::unique_ptr<FootprintFamily> m_family;
    Shape m_shape;
    const Footprint* m_fp = nullptr; ///< m_family's footprint of m_gpuSide
    std::tuple<int, bool, bool> m_gpuSide;
    StepEvaluator m_step; ///< keeps what the layouts share (link plan, kernel seconds, schedule placements)
};

/// True when `a` ranks before `b` under the request's measure (ties: smaller peak, then enumeration order).
/// The request's measure of a layout, smaller first: its step time, or its MFU or tokens/s per GPU negated.
double rankMeasure(PlanRank by, const PlanLayout& l)
{
    return by == PlanRank::Mfu ? -l.mfu : by == PlanRank::Tokens ? -l.tokensPerSecondPerGpu : l.stepTimeS;
}

bool ranksBefore(PlanRank by, const PlanLayout& a, const PlanLayout& b)
{
    const double ka = rankMeasure(by, a), kb = rankMeasure(by, b);
    if (ka != kb)
        return ka < kb;
    return a.peakBytes < b.peakBytes;
}

} // namespace detail

namespace {

void validateRequest(const PlanRequest& r)
{
    validateScenario(r.base);
    if (r.topK < 1)
        throw InvalidInput("top", "--top: keep at least 1 layout (got " + std::to_string(r.topK) + ")");
    if (std::none_of(r.search.begin(), r.search.end(), [](bool b) { return b; }))
        throw InvalidInput("search", "--search: name at least one knob to search");
    if (r.globalBatch < 0)
        throw InvalidInput("global-batch", "--global-batch: must be at least 1 (got " + std::to_string(r.globalBatch) + ")");
    const std::int64_t B = detail::requestedGlobalBatch(r);
    if (B > 1000000000LL)
        throw InvalidInput("global-batch", "--global-batch: " + std::to_string(B) + " sequences is beyond the planner's range");
}

/// "1.1 TB" from 1e12 bytes on, else "687.2 GB".
std::string bigBytes(double bytes)
{
    if (bytes >= 1e12) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f TB", bytes / 1e12);
        return buf;
    }
    return formatBytes(bytes, ByteUnit::GB);
}

std::string noFitReason(const PlanRequest& r, const PlanResult& res)
{
    const Scenario& b = r.base;
    const BytesPerParam bpp = effectiveBytesPerParam(b);
    const GpuPreset gpu = resolveGpu(b);
    const double states = double(b.totalParams()) * bpp.total();
    const double usable = double(gpu.capacityBytes) - b.safetyMarginBytes;
    const double all = usable * double(b.gpus);
    std::int64_t minPeak = 0;
    bool any = false;
    for (const PlanCell& c : res.tpPpMap)
        if (c.layouts + c.pruned > 0 && (!any || c.minPeakBytes < minPeak)) {
            minPeak = c.minPeakBytes;
            any = true;
        }
    const bool offloadSearched = searched(r, PlanKnob::Offload);
    if (states > all)
        return "model states need " + bigBytes(states) + ", the " + std::to_string(b.gpus) + " GPUs hold "
            + bigBytes(all) + (offloadSearched ? " (and no offloaded layout fits either)" : " (search offload)");
    return "the smallest worst-rank peak of the " + withThousands(res.evaluated + res.prunedNotFitting) + " layouts is "
        + formatBytes(double(minPeak), ByteUnit::GB) + " per GPU, above the usable " + formatBytes(usable, ByteUnit::GB);
}

/// What fixes the micro-batches in flight on every stage of the layout (footprint.cpp's inflight()), as one number:
/// two layouts of the same tp, pp and vpp with equal signatures hold the same micro-batches (or model chunks) on each
/// stage. m = 1 (one micro-batch per step) is kept apart.
std::int64_t inFlightSignature(const Scenario& base, const PlanLayout& l)
{
    const std::int64_t m = l.gradAccum, p = l.pp, v = l.vpp;
    std::int64_t held = 0;
    if (p == 1)
        held = 1;
    else if (v > 1)
        held = std::min(m * v, (p - 1) * 2 + (v - 1) * p + 1);
    else if (base.schedule == PipelineSchedule::GPipe)
        held = m;
    else
        held = std::min(m, p);
    return held * 2 + (m == 1 ? 1 : 0);
}

} // namespace

PlanResult planLayouts(const PlanRequest& request)
{
    const auto t0 = std::chrono::steady_clock::now();
    validateRequest(request);
    PlanResult res;
    std::vector<PlanLayout> fitting;
    std::size_t cur = 0;
    bool cellHasPeak = false; ///< a layout of the current cell has its footprint
    std::int64_t enumerated = 0; ///< valid layouts (evaluated or pruned)
    PlanLayout curBest;
    detail::FastEvaluator eval(request.base);
    std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t, bool, std::int64_t> pruneGroup {-1, -1, -1, -1, false, -1};
    std::uint64_t noFit = 0; ///< bit z x 9 + o x 3 + q: (stage, offloads) where selective did not fit
    // The micro-batch pruning (below): per (tp, pp, vpp), for each (sequence parallel, checkpointing, stage, offloads),
    // the in-flight signature of the last micro-batch that did not fit (kNoFailure: none).
    constexpr std::int64_t kNoFailure = -1;
    std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t> microBatchGroup {-1, -1, -1, -1};
    std::array<std::int64_t, std::size_t {2} * 4 * 36> failedAt {};
    auto cancelled = [&] { return request.cancel && request.cancel->load(std::memory_order_relaxed); };

    // Exact pruning by step time (branch and bound): a fitting layout is reported only if it is its cell's best, among
    // the top K, or on the Pareto front, so one whose step time cannot beat its cell's best, the K-th best and every
    // timed layout of no larger peak is never reported, and is not timed. Two lower bounds of the step time rule
    // layouts out without placing their schedule: computeBound() (every block's compute stream alone, kept per
    // shape, plus the layout's optimizer phase) and lowerBound() (the layout's own blocks back to back). The first
    // needs no footprint of the layout (only what all of its shape's share), so it can rule a layout out before its
    // footprint where a lower bound of its peak is known: the peak of the same layout at a smaller micro-batch with
    // the same micro-batches in flight (a larger micro-batch never lowers the peak: the micro-batch pruning's
    // monotonicity), with selective checkpointing for none (the checkpointing pruning's), or its shape's floor
    // (FootprintFamily::peakFloor()). The thresholds only tighten as layouts are timed in enumeration order. Ranked by
    // step time only (the bounds are on it).
    const bool byBound = request.exactPruning && !request.timeLayoutsThatDoNotFit && request.rankBy == PlanRank::StepTime;
    std::priority_queue<double> topTimes; ///< the K smallest step times timed so far (largest on top)
    std::map<std::int64_t, double> front; ///< peak -> step time: the Pareto staircase of the layouts timed so far
    auto frontTimeAt = [&](std::int64_t peak) {
        auto it = front.upper_bound(peak);
        return it == front.begin() ? HUGE_VAL : std::prev(it)->second;
    };
    // Whether a bound of a layout's step time rules it out, its peak at least `peak`; with a margin far above the
    // bounds' floating rounding (a few ulps).
    auto slower = [&](const PlanCell& cell, double bound, std::int64_t peak) {
        bound *= 1.0 - 1e-9;
        const double kth = topTimes.size() == std::size_t(request.topK) ? topTimes.top() : HUGE_VAL;
        return cell.fits && bound > cell.bestStepTimeS && bound > kth && bound > frontTimeAt(peak);
    };
    // Per (tp, pp, vpp), for each micro-batch slot (below): the in-flight signature and peak of the last layout whose
    // footprint was computed (kNoFailure: none).
    std::array<std::int64_t, std::size_t {2} * 4 * 36> peakSignature {}, peakAt {};
    /// Per (tp, pp, vpp, micro-batch, sequence parallel), for each (stage, offloads): the peak of the layout with selective
    /// checkpointing where its footprint was computed (0: not), a lower bound of the peak without checkpointing.
    std::array<std::int64_t, 36> selectivePeak {};

    detail::enumerateLayouts(
        request,
        [&](std::int64_t t, std::int64_t p) {
            if (cancelled()) {
                res.cancelled = true;
                return false;
            }
            PlanCell c;
            c.tp = t;
            c.pp = p;
            res.tpPpMap.push_back(c);
            cur = res.tpPpMap.size() - 1;
            cellHasPeak = false;
            return true;
        },
        [&](PlanLayout& l) {
            if ((enumerated & 63) == 63 && cancelled()) {
                res.cancelled = true;
                return false;
            }
            // Exact pruning: with everything else equal, keeping every activation (none) never lowers the peak below
            // selective checkpointing's, and the offloaded bytes do not depend on checkpointing (tst_layoutplanner's
            // property test): where selective does not fit, none does not either. (Full is not below selective
            // everywhere: with the model states at their peak, full's recompute buffer can tip it over.)
            const auto group = std::make_tuple(l.tp, l.pp, l.vpp, l.microBatch, l.sequenceParallel, detail::expertKey(l));
            if (group != pruneGroup) {
                pruneGroup = group;
                noFit = 0;
                selectivePeak.fill(0);
            }
            // The layout's ZeRO stage and offloads as one index (0 .. 35), for both prunings' tables.
            const std::size_t stageOffloads
                = std::size_t(l.stage) * 9 + std::size_t(l.offloadOptimizer) * 3 + std::size_t(l.offloadParams);
            const std::uint64_t slot = std::uint64_t(1) << stageOffloads;
            ++enumerated;
            PlanCell& cell = res.tpPpMap[cur];
            // Exact pruning: with everything else equal and the same micro-batches in flight on every stage, a larger
            // micro-batch never lowers the peak (every activation, logit and working term grows with it; the model
            // states, buffers and offloaded bytes do not depend on it: tst_layoutplanner's property test), so once a
            // micro-batch does not fit, the larger ones (enumerated after it) with the same in-flight counts do not
            // either. The counts: 1F1B min(p - i, m) on stage i, interleaved from min(m v, (p - 1) 2 + (v - 1) p + 1)
            // chunks, GPipe m, one stage 1 (footprint.cpp's inflight()); with the single-accumulation case (m = 1) apart.
            if (const auto g = std::make_tuple(l.tp, l.pp, l.vpp, detail::expertKey(l)); g != microBatchGroup) {
                microBatchGroup = g;
                failedAt.fill(kNoFailure);
                peakSignature.fill(kNoFailure);
            }
            const std::int64_t inFlight = inFlightSignature(request.base, l);
            const std::size_t mbSlot
                = std::size_t(l.sequenceParallel ? 1 : 0) * 144 + std::size_t(l.checkpointing) * 36 + stageOffloads;
            if (request.exactPruning && failedAt[mbSlot] == inFlight) {
                ++res.pruned;
                ++cell.pruned;
                return true;
            }
            if (request.exactPruning && l.checkpointing == Checkpointing::None && (noFit & slot) != 0) {
                ++res.pruned;
                ++cell.pruned;
                return true;
            }
            // What the two prunings above learn from a layout that does not fit.
            auto doesNotFit = [&] {
                failedAt[mbSlot] = inFlight;
                if (l.checkpointing == Checkpointing::Selective)
                    noFit |= slot;
            };
            // Exact pruning before the footprint by a lower bound of its peak (FootprintFamily::peakFloor(): what the
            // shape's activations, logits and fp8 transients alone hold at the end of the forward): above the usable
            // capacity, the layout does not fit; kept only where the cell's smallest peak so far is no larger (the map
            // shows the smallest peak of a cell where nothing fits: it stays exact).
            const std::int64_t shapeFloor = request.exactPruning ? eval.peakFloor(l) : 0;
            if (shapeFloor > 0 && cellHasPeak && shapeFloor > eval.usableBytes() && cell.minPeakBytes <= shapeFloor) {
                doesNotFit();
                ++res.pruned;
                ++cell.pruned;
                return true;
            }
            // Ruled out before its footprint: its compute bound against the timed layouts of no larger peak than its
            // peak's lower bound (0: none known, then only a layout of peak 0 could rule it out).
            double computeBound = 0;
            if (byBound && cell.fits) {
                std::int64_t peakFloor = std::max(shapeFloor, peakSignature[mbSlot] == inFlight ? peakAt[mbSlot] : 0);
                if (l.checkpointing == Checkpointing::None) // keeping every activation never lowers the peak
                    peakFloor = std::max(peakFloor, selectivePeak[stageOffloads]);
                // The shape's floor first (no optimizer phase: nothing computed per layout), then the layout's own.
                const double floor = eval.computeFloorBeforeFootprint(l);
                const bool ruledOut = floor > 0 && slower(cell, floor, peakFloor);
                if (!ruledOut && floor > 0)
                    computeBound = eval.computeBoundBeforeFootprint(l);
                if (ruledOut || (computeBound > 0 && slower(cell, computeBound, peakFloor))) {
                    ++res.pruned;
                    ++res.prunedSlower;
                    ++cell.pruned;
                    return true;
                }
            }
            eval.memory(l);
            peakSignature[mbSlot] = inFlight;
            peakAt[mbSlot] = l.peakBytes;
            if (l.checkpointing == Checkpointing::Selective)
                selectivePeak[stageOffloads] = l.peakBytes;
            if (!l.fits)
                doesNotFit();
            if (!cellHasPeak || l.peakBytes < cell.minPeakBytes) {
                cell.minPeakBytes = l.peakBytes;
                cellHasPeak = true;
            }
            if (!l.fits && !request.timeLayoutsThatDoNotFit) {
                // Never reported: its step time is not needed (the exact pruning after the footprint).
                ++res.pruned;
                ++res.prunedNotFitting;
                ++cell.pruned;
                if (request.onPrunedAfterFootprint)
                    request.onPrunedAfterFootprint(l);
                return true;
            }
            if (byBound && computeBound == 0)
                computeBound = eval.computeBound();
            if (byBound && (slower(cell, computeBound, l.peakBytes) || slower(cell, eval.lowerBound(), l.peakBytes))) {
                ++res.pruned;
                ++res.prunedSlower;
                ++cell.pruned;
                return true;
            }
            eval.step(l);
            ++res.evaluated;
            if (request.onEvaluated)
                request.onEvaluated(l);
            ++cell.layouts;
            if (l.fits) {
                ++res.fitting;
                if (!cell.fits || detail::ranksBefore(request.rankBy, l, curBest)) {
                    curBest = l;
                    cell.bestStepTimeS = l.stepTimeS;
                }
                cell.fits = true;
                fitting.push_back(l);
                if (byBound) {
                    topTimes.push(l.stepTimeS);
                    if (topTimes.size() > std::size_t(request.topK))
                        topTimes.pop();
                    if (frontTimeAt(l.peakBytes) > l.stepTimeS) {
                        auto it = front.insert_or_assign(l.peakBytes, l.stepTimeS).first;
                        for (++it; it != front.end() && it->second >= l.stepTimeS;)
                            it = front.erase(it);
                    }
                }
            }
            return true;
        });
    if (!res.cancelled && enumerated == 0)
        throw InvalidInput("global-batch",
                           "--global-batch: no layout reaches " + std::to_string(detail::requestedGlobalBatch(request))
                               + " sequences per step on " + std::to_string(request.base.gpus)
                               + " GPUs with the searched knobs (dp x micro-batch x grad-accum must equal it)");
    std::sort(res.tpPpMap.begin(), res.tpPpMap.end(),
              [](const PlanCell& a, const PlanCell& b) { return std::tie(a.tp, a.pp) < std::tie(b.tp, b.pp); });
    if (!res.cancelled) {
        // Sorted as small keys, not as layouts: ranked by the request's measure, ties by smaller peak, then in
        // enumeration order (the index), so the order is that of a stable sort.
        struct Key
        {
            double measure, stepTime;
            std::int64_t peak;
            std::size_t index;
        };
        std::vector<Key> keys(fitting.size());
        for (std::size_t i = 0; i < fitting.size(); ++i) {
            const PlanLayout& l = fitting[i];
            keys[i] = {detail::rankMeasure(request.rankBy, l), l.stepTimeS, l.peakBytes, i};
        }
        // Pareto front: peak ascending (time ascending on ties); keep each layout faster than every one before it.
        std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
            return std::tie(a.peak, a.stepTime, a.index) < std::tie(b.peak, b.stepTime, b.index);
        });
        for (const Key& k : keys)
            if (res.pareto.empty() || k.stepTime < res.pareto.back().stepTimeS)
                res.pareto.push_back(fitting[k.index]);
        const std::size_t top = std::min(keys.size(), static_cast<std::size_t>(request.topK));
        std::partial_sort(keys.begin(), keys.begin() + std::ptrdiff_t(top), keys.end(), [](const Key& a, const Key& b) {
            return std::tie(a.measure, a.peak, a.index) < std::tie(b.measure, b.peak, b.index);
        });
        res.layouts.reserve(top);
        for (std::size_t i = 0; i < top; ++i)
            res.layouts.push_back(fitting[keys[i].index]);
        if (res.fitting == 0)
            res.noFitReason = noFitReason(request, res);
    }
    res.searchMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return res;
}

std::vector<PlanStageCell> planStageMap(const PlanRequest& request, const std::vector<std::int64_t>& gpuCounts)
{
    validateRequest(request);
    std::vector<PlanStageCell> out;
    PlanRequest r = request;
    r.globalBatch = detail::requestedGlobalBatch(request);
    r.search[static_cast<std::size_t>(PlanKnob::Stage)] = false;
    r.topK = 1;
    for (std::int64_t n : gpuCounts) {
        for (int z = 0; z <= 3; ++z) {
            if (request.cancel && request.cancel->load(std::memory_order_relaxed))
                return out;
            PlanStageCell c;
            c.gpus = n;
            c.stage = z;
            r.base.gpus = n;
            r.base.zeroStage = z;
            // The base's own layout may not divide this N: only the searched knobs have to reach a valid one.
            if (!r.search[static_cast<std::size_t>(PlanKnob::Offload)]) {
                if (z < 1)
                    r.base.offloadOptimizer = OffloadDevice::None;
                if (z < 3)
                    r.base.offloadParams = OffloadDevice::None;
            }
            // The base's own tp and pp need not divide this N where the search chooses them anyway.
            if (n >= 1 && n % r.base.modelParallel() != 0) {
                if (r.search[static_cast<std::size_t>(PlanKnob::Tp)])
                    r.base.tp = 1;
                if (r.search[static_cast<std::size_t>(PlanKnob::Pp)]) {
                    r.base.pp = 1;
                    if (r.base.schedule == PipelineSchedule::Interleaved)
                        r.base.schedule = PipelineSchedule::OneFOneB;
                }
            }
            // MoE (issue 25): the base's EP and expert TP need not divide this N's stages where the search chooses them.
            if (n >= 1 && r.base.arch.moe() && r.search[static_cast<std::size_t>(PlanKnob::Ep)]
                && (n % r.base.pp != 0 || (n / r.base.pp) % (r.base.ep * r.base.expertTp()) != 0)) {
                r.base.ep = 1;
                r.base.etp = 0;
            }
            try {
                const PlanResult pr = planLayouts(r);
                c.fits = !pr.layouts.empty();
                if (c.fits)
                    c.bestStepTimeS = pr.layouts.front().stepTimeS;
                bool any = false;
                for (const PlanCell& cell : pr.tpPpMap)
                    if (cell.layouts + cell.pruned > 0 && (!any || cell.minPeakBytes < c.minPeakBytes)) {
                        c.minPeakBytes = cell.minPeakBytes;
                        any = true;
                    }
            } catch (const InvalidInput&) {
                // This N has no valid layout (e.g. fewer GPUs than the base's context-parallel size).
            }
            out.push_back(c);
            r.base = request.base;
        }
    }
    return out;
}

namespace detail {

PlanLayout layoutOf(const Scenario& s)
{
    PlanLayout l;
    l.tp = s.tp;
    l.pp = s.pp;
    l.dp = s.dp();
    l.vpp = s.schedule == PipelineSchedule::Interleaved ? s.vpp : 1;
    l.stage = s.zeroStage;
    l.microBatch = s.microBatch;
    l.gradAccum = s.gradAccum;
    l.checkpointing = s.checkpointing;
    l.sequenceParallel = s.sequenceParallel;
    l.offloadOptimizer = s.offloadOptimizer;
    l.offloadParams = s.offloadParams;
    l.ep = s.ep;
    l.etp = s.etp;
    return l;
}

} // namespace detail

LayoutEstimate evaluateLayout(const Scenario& s)
{
    PlanLayout l = detail::layoutOf(s);
    const Footprint f = computeFootprint(s);
    detail::fillMemory(s, f, l);
    detail::closedFormStep(s, f, l);
    LayoutEstimate e;
    e.peakBytes = l.peakBytes;
    e.stepTimeS = l.stepTimeS;
    e.fits = l.fits;
    return e;
}

double stepTimeLowerBound(const Scenario& s)
{
    const Footprint f = computeFootprint(s);
    detail::StepEvaluator e;
    return e.lowerBound(s, f);
}

double stepTimeComputeBound(const Scenario& s)
{
    const Footprint f = computeFootprint(s);
    detail::StepEvaluator e;
    return e.computeBound(s, f);
}

} // namespace shardscope
