// SPDX-License-Identifier: MIT
#pragma once

// The host RAM and NVMe bytes of the offloaded model states (private to core), counted once for computeFootprint()
// (footprint.cpp) and the planner (layoutplanner_eval.cpp, offloadBytesPerNode()).

#include "shardscope/frameworkdefaults.h"
#include "shardscope/scenario.h"
#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace shardscope::detail {

/// Host bytes of DeepSpeed's pinned buffers that swap the optimizer states from NVMe (ZeRO-Infinity): buffer_count
/// fp32 buffers (frameworkdefaults.h), per rank.
inline constexpr double kDsNvmeOptimizerPinnedBytes = double(kDsOffloadOptimizerBufferCount)
    * double(kDsOffloadOptimizerBufferElements) * 4.0;
/// Host bytes of DeepSpeed's pinned buffers that bring the 16-bit parameters in from NVMe: buffer_count x
/// buffer_size 16-bit elements, per rank.
inline constexpr double kDsNvmeParamPinnedBytes = double(kDsOffloadParamBufferCount)
    * double(kDsOffloadParamBufferElements) * 2.0;

/// Host RAM and NVMe bytes per node.
struct OffloadBytes
{
    std::int64_t host = 0, nvme = 0;
};

/// The offloaded states of a rank holding `localParams` params (per TP rank, before the shard over `d` = dp x cp
/// ranks), times the ranks of a node (min(GPUs per node, N)); docs/model.md, "Offload". With optimizer offload the
/// host keeps the fp32 gradient shard (DeepSpeed's CPU Adam works on fp32 grads) and, on CPU, master and optimizer
/// states (on NVMe: those go to the drive and the host keeps the swap buffers); with parameter offload the 16-bit
/// parameter shard (on NVMe: on the drive, and the host keeps the parameter buffers).
/// Fine-tuning (issue 28): `localParams` are the params that train (the adapters), and `frozenBytes` (>= 0) the
/// rank's unsharded frozen base, which parameter offload moves with the adapters' weights.
inline OffloadBytes rankOffloadBytesPerNode(const Scenario& s, const BytesPerParam& b, std::int64_t localParams,
                                            std::int64_t d, double frozenBytes = -1)
{
    if (s.offloadOptimizer == OffloadDevice::None && s.offloadParams == OffloadDevice::None)
        return {};
    const double shard = double(ceilDiv(localParams, d));
    double host = 0, nvme = 0;
    if (s.offloadOptimizer != OffloadDevice::None) {
        const double opt = shard * (b.master + b.optimizer);
        host += shard * 4.0;
        if (s.offloadOptimizer == OffloadDevice::Cpu)
            host += opt;
        else {
            nvme += opt;
            host += kDsNvmeOptimizerPinnedBytes;
        }
    }
    if (s.offloadParams != OffloadDevice::None) {
        const double par = shard * b.weights + (frozenBytes >= 0 ? std::ceil(frozenBytes / double(d)) : 0.0);
        if (s.offloadParams == OffloadDevice::Cpu)
            host += par;
        else {
            nvme += par;
            host += kDsNvmeParamPinnedBytes;
        }
    }
    const double ranksPerNode = double(std::min(s.gpusPerNode, s.gpus));
    return {static_cast<std::int64_t>(std::llround(host * ranksPerNode)),
            static_cast<std::int64_t>(std::llround(nvme * ranksPerNode))};
}

} // namespace shardscope::detail
