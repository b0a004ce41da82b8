// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// What MinGpus::reason says, as a code with its numbers, for a caller that words it itself (the window
/// translates it; the command line and JSON print `reason`, the English words).
enum class MinGpusCode {
    FitsFrom,      ///< "fits from N = minGpus (bytesAtMin on the worst rank)"
    NeverFitsTerm, ///< a term no N shrinks: limitingTerm alone is limitingBytes per GPU; the worst rank needs worstTotalBytes of usableBytes
    NeverFitsHostRam, ///< fits on the GPU, but offloaded states need needBytes of host RAM per node (of haveBytes)
    NeverFitsNvme,    ///< as NeverFitsHostRam, for NVMe per node
    NoAnswer,         ///< core threw InvalidInput: `reason` is "no answer: " and its message
};

/// The smallest N that fits for one ZeRO stage, or none with the reason.
struct MinGpus
{
    int stage = 0;
    std::optional<std::int64_t> minGpus;
    std::string reason;
    std::int64_t bytesAtMin = 0; ///< worst-rank bytes at minGpus (or the N -> infinity floor)
    /// The smallest N from minGpus on that fills whole nodes (smallestFittingGpusInWholeNodes(), advice.h): the N the
    /// verdict, its fixes and the memory-vs-N chart's marker name (issue 26). Equal to minGpus within one node, where
    /// minGpus already fills whole nodes, and where no whole-node count up to the search's end fits. Set by
    /// computeExplorer(); unset with minGpus.
    std::optional<std::int64_t> minGpusWholeNodes;
    std::int64_t bytesAtWholeNodes = 0; ///< worst-rank bytes at minGpusWholeNodes
    // `reason`, structured (the same numbers the words print):
    MinGpusCode code = MinGpusCode::NoAnswer;
    Term limitingTerm = Term::Params; ///< NeverFitsTerm: the largest term no N shrinks
    int limitingBits = 0;             ///< NeverFitsTerm with Params or Grads: their bits per element (16, 32, 8)
    std::int64_t limitingBytes = 0;   ///< NeverFitsTerm: that term per GPU
    std::int64_t worstTotalBytes = 0; ///< NeverFitsTerm: the worst rank's total as N grows
    std::int64_t usableBytes = 0;     ///< NeverFitsTerm: the usable GPU memory
    std::int64_t needBytes = 0;       ///< NeverFitsHostRam/Nvme: what the offloaded states need per node
    std::int64_t haveBytes = 0;       ///< NeverFitsHostRam/Nvme: what a node has
};

inline constexpr std::int64_t kMaxGpus = 1048576;
/// The largest N the scenario's framework runs on: 1 for `single` (one GPU, no process group), else kMaxGpus.
/// Every search over N (the sweep, the smallest N, the valid counts) stops there.
std::int64_t maxGpusOf(const Scenario& s);

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
    /// Fine-tuning (issue 28): of termBytes[Params], the frozen base and the adapters' weights (0 when full).
    std::int64_t frozenParamBytes = 0;
    std::int64_t adapterParamBytes = 0;
};

/// The scenario a sweep point computes: `s` at ZeRO stage `stage` and `gpus` GPUs (offloads a stage cannot have are off).
Scenario withStageAndGpus(const Scenario& s, int stage, std::int64_t gpus);

/// Per-GPU memory vs N for each stage. Points whose N is not a multiple of tp*pp are skipped.
std::vector<SweepPoint> sweep(const Scenario& s, const std::vector<std::int64_t>& gpuCounts,
                              const std::vector<int>& stages);

/// 1, 2, 4, ... up to maxGpus (and maxGpus itself), each rounded to a multiple of tp*pp.
std::vector<std::int64_t> powerOfTwoGpuCounts(std::int64_t lo, std::int64_t hi, std::int64_t multiple);

} // namespace shardscope
