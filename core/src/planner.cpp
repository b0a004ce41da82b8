// SPDX-License-Identifier: MIT
#include "shardscope/planner.h"

#include "shardscope/errors.h"
#include "shardscope/units.h"

#include <algorithm>

namespace shardscope {

Scenario withStageAndGpus(const Scenario& s, int stage, std::int64_t gpus)
{
    Scenario x = s;
    x.zeroStage = stage;
    x.gpus = gpus;
    if (stage < 3)
        x.offloadParams = OffloadDevice::None;
    if (stage < 1)
        x.offloadOptimizer = OffloadDevice::None;
    return x;
}

namespace {

std::string neverReason(const Scenario& s, int stage, const Footprint& floor, MinGpus& m)
{
    const RankFootprint& r = floor.worstRank();
    // The largest term that no N shrinks, named.
    std::vector<Term> replicated;
    if (stage < 3 && s.offloadParams == OffloadDevice::None)
        replicated.push_back(Term::Params);
    if (stage < 2)
        replicated.push_back(Term::Grads);
    if (stage < 1) {
        replicated.push_back(Term::Master);
        replicated.push_back(Term::Optimizer);
    }
    for (Term t : {Term::Activations, Term::Logits, Term::CommBuckets, Term::Zero3GatheredParams, Term::CudaContext})
        replicated.push_back(t);
    Term big = replicated.front();
    for (Term t : replicated)
        if (r.bytes(t) > r.bytes(big))
            big = t;
    std::string what;
    const BytesPerParam& b = floor.bytesPerParam;
    m.code = MinGpusCode::NeverFitsTerm;
    m.limitingTerm = big;
    m.limitingBits = big == Term::Params ? int(b.weights * 8) : big == Term::Grads ? int(b.grads * 8) : 0;
    m.limitingBytes = r.bytes(big);
    m.worstTotalBytes = r.totalBytes;
    m.usableBytes = floor.usableBytes;
    switch (big) {
    case Term::Params: what = "replicated " + std::to_string(int(b.weights * 8)) + "-bit params are "; break;
    case Term::Grads: what = "replicated " + std::to_string(int(b.grads * 8)) + "-bit grads are "; break;
    case Term::Master: what = "replicated fp32 master weights are "; break;
    case Term::Optimizer: what = "replicated optimizer states are "; break;
    case Term::Activations: what = "activations (not sharded by ZeRO) are "; break;
    case Term::Logits: what = "the logits buffer is "; break;
    default: what = std::string(termKey(big)) + " is "; break;
    }
    return "never fits at any N with ZeRO-" + std::to_string(stage) + ": " + what
        + formatBytes(double(r.bytes(big)), ByteUnit::GB) + " per GPU alone; even as N grows the worst rank needs "
        + formatBytes(double(r.totalBytes), ByteUnit::GB) + " of " + formatBytes(double(floor.usableBytes), ByteUnit::GB);
}

} // namespace

namespace {
/// Fits on the GPU and, with offload, in the host RAM and NVMe of each node.
bool fitsEverywhere(const Footprint& f) { return f.fits && f.hostFits && f.nvmeFits; }

std::string hostReason(const Scenario& s, const Footprint& f, MinGpus& m)
{
    m.code = f.hostFits ? MinGpusCode::NeverFitsNvme : MinGpusCode::NeverFitsHostRam;
    m.needBytes = f.hostFits ? f.nvmeBytesPerNode : f.hostBytesPerNode;
    m.haveBytes = f.hostFits ? s.nvmeBytesPerNode : s.hostRamBytesPerNode;
    if (!f.hostFits)
        return "offloaded states need " + formatBytes(double(f.hostBytesPerNode), ByteUnit::GB) + " of host RAM per node (of "
            + formatBytes(double(s.hostRamBytesPerNode), ByteUnit::GB) + ")";
    return "offloaded states need " + formatBytes(double(f.nvmeBytesPerNode), ByteUnit::GB) + " of NVMe per node (of "
        + formatBytes(double(s.nvmeBytesPerNode), ByteUnit::GB) + ")";
}
} // namespace

namespace {
/// The smallest N and the sweep read bytes and fits only: no formulas, no timelines (the bytes are the same,
/// FootprintOptions).
constexpr FootprintOptions kNumbersOnly {false, false};
} // namespace

std::int64_t maxGpusOf(const Scenario& s) { return s.framework == Framework::Single ? 1 : kMaxGpus; }

MinGpus minGpusForStage(const Scenario& s, int stage)
{
    MinGpus m;
    m.stage = stage;
    const std::int64_t k = s.gpuStep();
    const std::int64_t dMax = maxGpusOf(s) / k;
    try {
        if (dMax < 1)
            throw InvalidInput(s.framework == Framework::Single ? "framework" : "tp",
                               s.framework == Framework::Single ? "single means one GPU; TP x PP x CP needs more"
                                                                : "TP x PP x CP exceeds the largest cluster searched");
        // d = 1 first: without data parallelism there are no DDP bucket copies, ZeRO buckets or ZeRO-3
        // gathers, so d = 1 can fit where every d >= 2 does not (from d = 2 on memory never rises with d).
        const Footprint one = computeFootprint(withStageAndGpus(s, stage, k), kNumbersOnly);
        if (fitsEverywhere(one)) {
            m.minGpus = k;
            m.code = MinGpusCode::FitsFrom;
            m.bytesAtMin = one.worstBytes();
            m.reason = "fits from N = " + std::to_string(k) + " (" + formatBytes(double(one.worstBytes()), ByteUnit::GB)
                + " on the worst rank)";
            return m;
        }
        const Footprint floor = computeFootprint(withStageAndGpus(s, stage, dMax * k), kNumbersOnly);
        if (floor.fits && !fitsEverywhere(floor)) {
            m.reason = "never fits at any N with ZeRO-" + std::to_string(stage) + ": " + hostReason(s, floor, m);
            m.bytesAtMin = floor.worstBytes();
            return m;
        }
        if (!floor.fits) {
            m.reason = neverReason(s, stage, floor, m);
            m.bytesAtMin = floor.worstBytes();
            return m;
        }
        std::int64_t lo = 1, hi = dMax; // hi fits; find the smallest d that fits
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (fitsEverywhere(computeFootprint(withStageAndGpus(s, stage, mid * k), kNumbersOnly)))
                hi = mid;
            else
                lo = mid + 1;
        }
        m.minGpus = lo * k;
        m.code = MinGpusCode::FitsFrom;
        const Footprint at = computeFootprint(withStageAndGpus(s, stage, lo * k), kNumbersOnly);
        m.bytesAtMin = at.worstBytes();
        m.reason = "fits from N = " + std::to_string(lo * k) + " (" + formatBytes(double(at.worstBytes()), ByteUnit::GB)
            + " on the worst rank)";
    } catch (const InvalidInput& e) {
        m.code = MinGpusCode::NoAnswer;
        m.reason = std::string("no answer: ") + e.what();
    }
    return m;
}

std::vector<MinGpus> minGpusAllStages(const Scenario& s)
{
    std::vector<MinGpus> v;
    for (int z = 0; z <= 3; ++z)
        v.push_back(minGpusForStage(s, z));
    return v;
}

std::vector<SweepPoint> sweep(const Scenario& s, const std::vector<std::int64_t>& gpuCounts,
                              const std::vector<int>& stages)
{
    std::vector<SweepPoint> out;
    out.reserve(gpuCounts.size() * stages.size());
    const std::int64_t k = s.gpuStep();
    for (int z : stages) {
        for (std::int64_t n : gpuCounts) {
            if (n < 1 || n % k != 0 || n > maxGpusOf(s))
                continue;
            SweepPoint pt;
            pt.stage = z;
            pt.gpus = n;
            const Footprint f = computeFootprint(withStageAndGpus(s, z, n), kNumbersOnly);
            pt.worstBytes = f.worstBytes();
            pt.fits = f.fits;
            pt.frozenParamBytes = f.worstRank().frozenParamBytes;
            pt.adapterParamBytes = f.worstRank().adapterParamBytes;
            for (int t = 0; t < kTermCount; ++t)
                pt.termBytes[static_cast<std::size_t>(t)] = f.worstRank().terms[static_cast<std::size_t>(t)].bytes;
            out.push_back(pt);
        }
    }
    return out;
}

std::vector<std::int64_t> powerOfTwoGpuCounts(std::int64_t lo, std::int64_t hi, std::int64_t multiple)
{
    std::vector<std::int64_t> v;
    for (std::int64_t n = 1; n <= hi; n *= 2) {
        const std::int64_t r = (n + multiple - 1) / multiple * multiple;
        if (r >= lo && r <= hi && (v.empty() || v.back() != r))
            v.push_back(r);
    }
    if (hi >= lo && hi % multiple == 0 && (v.empty() || v.back() != hi))
        v.push_back(hi);
    return v;
}

} // namespace shardscope
