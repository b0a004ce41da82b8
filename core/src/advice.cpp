// SPDX-License-Identifier: MIT
#include "shardscope/advice.h"

#include "shardscope/errors.h"
#include "shardscope/gpus.h"
#include "shardscope/step.h"

#include <algorithm>
#include <numeric>

namespace shardscope {

bool fitsOrFalse(const Scenario& s)
{
    try {
        return computeFootprint(s, FootprintOptions {false, false}).fits; // the bytes alone decide
    } catch (const InvalidInput&) {
        return false;
    }
}

std::int64_t firstGpuOfStage(const Scenario& s, std::int64_t stage) { return stage * s.tp * s.dp(); }

std::int64_t sweepMaxGpus(const Scenario& s)
{
    if (maxGpusOf(s) < 16384)
        return maxGpusOf(s); // single: one GPU
    std::int64_t hi = 16384;
    while (hi < s.gpus && hi < kMaxGpus)
        hi *= 2;
    return hi;
}

ExplorerResult computeExplorer(const Scenario& s)
{
    ExplorerResult r;
    r.scenario = s;
    r.footprint = computeFootprint(s); // throws InvalidInput for a scenario without an answer
    r.minGpus = minGpusAllStages(s);
    for (MinGpus& m : r.minGpus) {
        if (!m.minGpus)
            continue;
        // Whole nodes (issue 26): once here, so that the verdict, its fixes and the chart name the same N.
        m.minGpusWholeNodes = smallestFittingGpusInWholeNodes(s, m.stage, *m.minGpus).value_or(*m.minGpus);
        m.bytesAtWholeNodes = m.bytesAtMin;
        if (*m.minGpusWholeNodes != *m.minGpus) {
            const std::vector<SweepPoint> at = sweep(s, {*m.minGpusWholeNodes}, {m.stage});
            if (!at.empty())
                m.bytesAtWholeNodes = at.front().worstBytes;
        }
    }
    const std::int64_t k = s.gpuStep();
    r.sweepMaxGpus = sweepMaxGpus(s);
    r.gpuCounts = powerOfTwoGpuCounts(k, r.sweepMaxGpus, k);
    if (std::find(r.gpuCounts.begin(), r.gpuCounts.end(), s.gpus) == r.gpuCounts.end()) {
        r.gpuCounts.push_back(s.gpus);
        std::sort(r.gpuCounts.begin(), r.gpuCounts.end());
    }
    r.sweep = sweep(s, r.gpuCounts, {0, 1, 2, 3});
    r.stagesAtN = sweep(s, {s.gpus}, {0, 1, 2, 3});
    return r;
}

std::optional<std::int64_t> smallestFittingGpusInWholeNodes(const Scenario& s, int stage, std::int64_t from)
{
    const std::int64_t k = s.gpuStep();
    const std::int64_t node = std::max<std::int64_t>(1, s.gpusPerNode);
    const std::int64_t whole = std::lcm(k, node); // whole nodes and whole model replicas
    auto fitsAt = [&](std::int64_t n) {
        Scenario x = s;
        x.zeroStage = stage;
        x.gpus = n;
        return fitsOrFalse(x);
    };
    // Within one node any multiple of k is a real cluster (4 GPUs of an 8-GPU server).
    const std::int64_t cap = maxGpusOf(s);
    for (std::int64_t n = ((std::max<std::int64_t>(from, 1) + k - 1) / k) * k; n < node && n <= cap; n += k)
        if (fitsAt(n))
            return n;
    if (cap < node)
        return std::nullopt; // single: one GPU, and it was tried above
    // From one node on: whole nodes. From d = 2 on memory never rises with N (planner.cpp), so a few steps past
    // the first candidate settle it; the cap bounds the work when nothing fits.
    std::int64_t n = std::max<std::int64_t>(((std::max(from, node) + whole - 1) / whole) * whole, whole);
    for (int tries = 0; tries < 64 && n <= cap; ++tries, n += whole)
        if (fitsAt(n))
            return n;
    return std::nullopt;
}

std::vector<std::int64_t> validGpuCounts(const Scenario& s, std::int64_t max)
{
    max = std::min(max, maxGpusOf(s)); // single: N = 1 only
    const std::int64_t k = std::max<std::int64_t>(1, s.gpuStep());
    const std::int64_t node = std::max<std::int64_t>(1, s.gpusPerNode);
    std::vector<std::int64_t> v;
    for (std::int64_t n = k; n < node && n <= max; n += k)
        v.push_back(n);
    const std::int64_t whole = std::lcm(k, node);
    for (std::int64_t m = 1; whole * m <= max; m *= 2) {
        v.push_back(whole * m);
        if (m >= 2 && whole * (m + m / 2) <= max)
            v.push_back(whole * (m + m / 2)); // 3, 6, 12, ... nodes: real clusters (N = 24 on 8-GPU nodes)
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (v.empty())
        v.push_back(k);
    return v;
}

std::vector<std::int64_t> validTpValues(const Scenario& s)
{
    std::vector<std::int64_t> v;
    const std::int64_t heads = std::max<std::int64_t>(1, s.arch.heads);
    for (std::int64_t t = 1; t <= std::max<std::int64_t>(1, s.gpusPerNode) && t <= heads; ++t)
        if (tpSplitsHeads(s.arch, t))
            v.push_back(t);
    return v;
}

std::vector<std::int64_t> validEpValues(const Scenario& s)
{
    std::vector<std::int64_t> v {1};
    if (!s.arch.moe())
        return v;
    for (std::int64_t e = 2; e <= s.arch.experts; ++e)
        if (s.arch.experts % e == 0)
            v.push_back(e);
    return v;
}

std::vector<std::int64_t> validEtpValues(const Scenario& s)
{
    std::vector<std::int64_t> v {0};
    if (!s.arch.moe())
        return v;
    const std::int64_t f = s.arch.expertFfn();
    for (std::int64_t t = 1; t <= std::max<std::int64_t>(1, s.gpusPerNode); ++t)
        if (t == 1 || (f > 0 && f % t == 0))
            v.push_back(t);
    return v;
}

const char* fixKindKey(FixKind k)
{
    switch (k) {
    case FixKind::ZeroStage: return "zero_stage";
    case FixKind::Gpus: return "gpus";
    case FixKind::SelectiveCheckpointing: return "selective_checkpointing";
    case FixKind::FullCheckpointing: return "full_checkpointing";
    case FixKind::FlashAttention: return "flash_attention";
    case FixKind::MicroBatchOne: return "micro_batch_1";
    case FixKind::TensorParallel: return "tp";
    case FixKind::PipelineParallel: return "pp";
    case FixKind::OffloadOptimizer: return "offload_optimizer_cpu";
    case FixKind::OffloadParams: return "offload_params_cpu";
    case FixKind::GpuType: return "gpu";
    }
    return "unknown";
}

const char* verdictKindKey(VerdictKind k)
{
    switch (k) {
    case VerdictKind::Fits: return "fits";
    case VerdictKind::DoesNotFit: return "does_not_fit";
    case VerdictKind::NeverFits: return "never_fits";
    }
    return "unknown";
}

std::vector<FixOption> fixOptions(const ExplorerResult& r)
{
    const Scenario& s = r.scenario;
    std::vector<FixOption> fixes;
    if (r.footprint.fits)
        return fixes;
    // Offers `x` if it fits; says whether it did.
    auto offer = [&](FixKind kind, std::int64_t value, const Scenario& x) {
        if (!fitsOrFalse(x))
            return false;
        fixes.push_back(FixOption {kind, value, {}, {}, x});
        return true;
    };
    // 1. A higher ZeRO stage at the same N (the first that fits).
    for (const SweepPoint& p : r.stagesAtN) {
        if (p.stage > s.zeroStage && p.fits) {
            Scenario x = s;
            x.zeroStage = p.stage;
            offer(FixKind::ZeroStage, p.stage, x);
            break;
        }
    }
    // 2. More GPUs with the same stage, in whole nodes.
    for (const MinGpus& m : r.minGpus) {
        if (m.stage != s.zeroStage || !m.minGpus)
            continue;
        if (const auto n = smallestFittingGpusInWholeNodes(s, s.zeroStage, std::max(*m.minGpus, s.gpus + 1))) {
            Scenario x = s;
            x.gpus = *n;
            offer(FixKind::Gpus, *n, x);
        }
    }
    // 3. Memory savers and batch, one knob at a time. Full checkpointing is offered where selective is not
    // (or did not fit): one checkpointing chip at most.
    if (s.checkpointing == Checkpointing::None) {
        Scenario x = s;
        x.checkpointing = Checkpointing::Selective;
        offer(FixKind::SelectiveCheckpointing, 0, x);
    }
    if (s.checkpointing != Checkpointing::Full && (fixes.empty() || fixes.back().scenario.checkpointing == s.checkpointing)) {
        Scenario x = s;
        x.checkpointing = Checkpointing::Full;
        offer(FixKind::FullCheckpointing, 0, x);
    }
    if (!s.flashAttention) {
        Scenario x = s;
        x.flashAttention = true;
        offer(FixKind::FlashAttention, 0, x);
    }
    if (s.microBatch > 1) {
        Scenario x = s;
        x.microBatch = 1;
        offer(FixKind::MicroBatchOne, 1, x);
    }
    // 4. Tensor parallel: the next TP within one node that divides the heads (and the KV heads, or is divided by
    // them), with N still a multiple of TP x PP x CP.
    for (std::int64_t tp = s.tp + 1; tp <= std::min<std::int64_t>(s.gpusPerNode, s.gpus); ++tp) {
        if (!tpSplitsHeads(s.arch, tp) || s.gpus % (tp * s.pp * s.cp) != 0)
            continue;
        Scenario x = s;
        x.tp = tp;
        if (offer(FixKind::TensorParallel, tp, x))
            break;
    }
    // 5. Pipeline parallel: the smallest larger PP that fits (N a multiple of TP x PP x CP, PP <= layers).
    for (std::int64_t pp = s.pp + 1; pp <= s.arch.layers && s.tp * pp * s.cp <= s.gpus; ++pp) {
        if (s.gpus % (s.tp * pp * s.cp) != 0)
            continue;
        Scenario x = s;
        x.pp = pp;
        if (offer(FixKind::PipelineParallel, pp, x))
            break;
    }
    // 6. Offload.
    if (s.zeroStage >= 1 && s.offloadOptimizer == OffloadDevice::None) {
        Scenario x = s;
        x.offloadOptimizer = OffloadDevice::Cpu;
        offer(FixKind::OffloadOptimizer, 0, x);
    }
    if (s.zeroStage == 3 && s.offloadParams == OffloadDevice::None) {
        Scenario x = s;
        x.offloadParams = OffloadDevice::Cpu;
        offer(FixKind::OffloadParams, 0, x);
    }
    // 7. A GPU with more memory: the smallest that fits.
    if (!s.capacityBytes) {
        const std::int64_t have = r.footprint.capacityBytes;
        std::vector<GpuPreset> bigger;
        for (const GpuPreset& g : gpuPresets())
            if (g.capacityBytes > have)
                bigger.push_back(g);
        std::stable_sort(bigger.begin(), bigger.end(),
                         [](const GpuPreset& a, const GpuPreset& b) { return a.capacityBytes < b.capacityBytes; });
        for (const GpuPreset& g : bigger) {
            Scenario x = s;
            x.gpu = g.id;
            if (offer(FixKind::GpuType, 0, x)) {
                fixes.back().gpuId = g.id;
                fixes.back().gpuName = g.name;
                break;
            }
        }
    }
    return fixes;
}

Advice adviceFor(ExplorerResult r)
{
    Advice a;
    a.explorer = std::move(r);
    const Scenario& s = a.explorer.scenario;
    const Footprint& f = a.explorer.footprint;
    a.fixes = fixOptions(a.explorer);
    VerdictFacts& v = a.verdict;
    v.measuredBytes = f.measuredBytes;
    v.capacityBytes = f.capacityBytes;
    v.usableBytes = f.usableBytes;
    v.worstStage = f.worstRank().stage;
    v.worstGpu = firstGpuOfStage(s, v.worstStage);
    const MinGpus* mine = nullptr;
    for (const MinGpus& m : a.explorer.minGpus)
        if (m.stage == s.zeroStage)
            mine = &m;
    if (f.fits) {
        v.kind = VerdictKind::Fits;
    } else if (mine && !mine->minGpus && mine->code != MinGpusCode::NoAnswer) {
        v.kind = VerdictKind::NeverFits;
        v.limit = *mine;
        for (const MinGpus& m : a.explorer.minGpus)
            if (m.stage != s.zeroStage && m.minGpus)
                v.otherStages.push_back({m.stage, m.minGpusWholeNodes.value_or(*m.minGpus)});
    } else {
        v.kind = VerdictKind::DoesNotFit;
    }
    v.fp8WithoutTensorCores = s.recipe.fp8 && f.gpu.peakFlops8 <= 0;
    v.hostFits = f.hostFits;
    v.hostBytesPerNode = f.hostBytesPerNode;
    v.hostRamBytesPerNode = s.hostRamBytesPerNode;
    v.nvmeFits = f.nvmeFits;
    v.nvmeBytesPerNode = f.nvmeBytesPerNode;
    v.nvmeCapacityBytesPerNode = s.nvmeBytesPerNode;
    if (v.kind == VerdictKind::Fits && (s.offloadOptimizer != OffloadDevice::None || s.offloadParams != OffloadDevice::None)) {
        // What the offload costs per step: the step model's host transfers (issue 26).
        try {
            const StepResult st = computeStep(s);
            VerdictFacts::OffloadCost c;
            for (const StepEvent& e : st.events)
                if (e.group == CommGroup::Host) {
                    c.seconds += e.duration;
                    c.exposedSeconds += e.exposedSeconds;
                }
            c.bytes = st.totals.hostBytes;
            c.pcieBytesPerSecond = st.links.pcieBytesPerSecond;
            c.stepSeconds = st.totals.stepTime;
            v.offload = c;
        } catch (const InvalidInput&) {
            // No step for this scenario: the verdict stays the memory's alone.
        }
    }
    return a;
}

Advice computeAdvice(const Scenario& s) { return adviceFor(computeExplorer(s)); }

} // namespace shardscope
