// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// The smallest N that fits for one ZeRO stage, or none with the reason.
struct MinGpus
{
    int stage = 0;
    std::optional<std::int64_t> minGpus;
    std::string reason;
    std::int64_t bytesAtMin = 0; ///< worst-rank bytes at minGpus (or the N -> infinity floor)
};

inline constexpr std::int64_t kMaxGpus = 1048576;

/// N must be a multiple of tp*pp; the search runs up to kMaxGpus.
MinGpus minGpusForStage(const Scenario& s, int stage);
std::vector<MinGpus> minGpusAllStages(const Scenario& s);

struct SweepPoint
{
    int stage = 0;
    std::int64_t gpus = 0;
    bool valid = true; ///< false when N is not a multiple of tp*pp
    std::int64_t worstBytes = 0;
    bool fits = false;
    std::array<std::int64_t, kTermCount> termBytes {};
};

/// The scenario a sweep point computes: `s` at ZeRO stage `stage` and `gpus` GPUs (offloads a stage cannot have are off).
Scenario withStageAndGpus(const Scenario& s, int stage, std::int64_t gpus);

/// Per-GPU memory vs N for each stage. Points whose N is not a multiple of tp*pp are skipped.
std::vector<SweepPoint> sweep(const Scenario& s, const std::vector<std::int64_t>& gpuCounts,
                              const std::vector<int>& stages);

/// 1, 2, 4, ... up to maxGpus (and maxGpus itself), each rounded to a multiple of tp*pp.
std::vector<std::int64_t> powerOfTwoGpuCounts(std::int64_t lo, std::int64_t hi, std::int64_t multiple);

} // namespace shardscope
