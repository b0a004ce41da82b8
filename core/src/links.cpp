// SPDX-License-Identifier: MIT
// Link planning: where the rank layout puts each process group and which link its ring crosses
// (MODEL.md section 5). Shared by the step simulator (step.cpp) and the closed-form planner.
#include "shardscope/links.h"

#include <algorithm>
#include <functional>

namespace shardscope {

LinkPlan planLinks(const Scenario& s)
{
    const GpuPreset g = resolveGpu(s);
    LinkPlan lk;
    lk.pcieBytesPerSecond = s.pcieBytesPerSecond > 0 ? s.pcieBytesPerSecond : g.pcieBytesPerSecond;
    // Without NVLink (L40S, RTX 4090) GPUs in a node talk over PCIe.
    lk.intraNodeBytesPerSecond = s.intraNodeBytesPerSecond > 0
        ? s.intraNodeBytesPerSecond
        : (g.intraNodeBytesPerSecond > 0 ? g.intraNodeBytesPerSecond : lk.pcieBytesPerSecond);
    lk.interNodeBytesPerSecond = s.interNodeBytesPerSecond > 0 ? s.interNodeBytesPerSecond : g.interNodeBytesPerSecond;
    lk.peakFlops = (s.recipe.fp8 && g.peakFlops8 > 0) ? g.peakFlops8 : g.peakFlops16;
    // Megatron order: r = tp + t (dp + d pp). A group (first rank, stride, size) crosses nodes when two of
    // its ranks sit in different nodes; groups repeat with period lcm(.., gpusPerNode), so a bounded scan
    // of group starts is exact for the sizes the model allows.
    // Megatron-Core order: r = tp + t (cp + c (dp + d pp)). The model states are sharded and reduced
    // over the dp x cp ranks of a replica group (contiguous cp then dp: stride t, size c d).
    const std::int64_t t = s.tp, c = s.cp, d = s.dp() * s.cp, p = s.pp, g8 = s.gpusPerNode, N = s.gpus;
    auto crosses = [&](std::int64_t stride, std::int64_t size, const std::function<std::int64_t(std::int64_t)>& start,
                       std::int64_t groups) {
        if (size <= 1)
            return false;
        const std::int64_t scan = std::min<std::int64_t>(groups, 4096);
        for (std::int64_t k = 0; k < scan; ++k) {
            const std::int64_t first = start(k);
            const std::int64_t last = first + stride * (size - 1);
            if (first / g8 != last / g8)
                return true;
        }
        return false;
    };
    lk.tpCrossesNodes = crosses(1, t, [&](std::int64_t k) { return k * t; }, N / t);
    lk.dpCrossesNodes = crosses(t, d, [&](std::int64_t k) { return (k % t) + (k / t) * t * d; }, t * p);
    lk.ppCrossesNodes = crosses(t * d, p, [&](std::int64_t k) { return k; }, t * d);
    lk.cpCrossesNodes = crosses(t, c, [&](std::int64_t k) { return (k % t) + (k / t) * t * c; }, N / std::max<std::int64_t>(1, c));
    lk.dpRanksPerNode = std::max<std::int64_t>(1, std::min<std::int64_t>(d, t < g8 ? g8 / t : 1));
    lk.dpBytesPerSecond = lk.dpCrossesNodes
        ? std::min(lk.intraNodeBytesPerSecond, lk.interNodeBytesPerSecond * double(lk.dpRanksPerNode))
        : lk.intraNodeBytesPerSecond;
    // MoE (issue 25): the expert-data-parallel group (Megatron-Core parallel_state.py, the expert rank generator
    // "tp-ep-dp-pp" with expert TP in the tp slot: inside a stage's block of N / PP ranks, ETP fastest, then EP, then
    // expert-DP), stride ETP x EP, size GPUs / (PP x EP x ETP). A dense model keeps the DP group's figures.
    lk.edpCrossesNodes = lk.dpCrossesNodes;
    lk.edpBytesPerSecond = lk.dpBytesPerSecond;
    lk.edpRanksPerNode = lk.dpRanksPerNode;
    if (s.arch.moe()) {
        const std::int64_t stride = std::max<std::int64_t>(1, s.ep * s.expertTp());
        const std::int64_t e = std::max<std::int64_t>(1, s.expertDp());
        lk.edpCrossesNodes = crosses(stride, e, [&](std::int64_t k) { return (k % stride) + (k / stride) * stride * e; },
                                     stride * p);
        lk.edpRanksPerNode = std::max<std::int64_t>(1, std::min<std::int64_t>(e, stride < g8 ? g8 / stride : 1));
        lk.edpBytesPerSecond = lk.edpCrossesNodes
            ? std::min(lk.intraNodeBytesPerSecond, lk.interNodeBytesPerSecond * double(lk.edpRanksPerNode))
            : lk.intraNodeBytesPerSecond;
    }
    return lk;
}

} // namespace shardscope
