// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

/// The bytes of one term on one rank, and the arithmetic that produced them, in words and numbers.
struct TermValue
{
    std::int64_t bytes = 0;
    std::string formula; ///< e.g. "12 B/param x 68,976,648,192 params / 32 (ZeRO-3 over d=32)"
};

/// One distinct rank: a pipeline stage (TP and DP ranks of a stage are alike; DP shards
/// are rounded up, so this is the largest DP rank).
struct RankFootprint
{
    std::string label; ///< "all ranks", "first stage", "middle stage", "last stage", "stage 5"
    std::int64_t stage = 0; ///< pipeline stage, 0-based
    std::int64_t layers = 0; ///< transformer layers on the stage
    std::int64_t localParams = 0; ///< params held by one TP rank of the stage before ZeRO
    std::int64_t perLayerLocalParams = 0; ///< one transformer layer on one TP rank (the ZeRO-3 unit)
    std::int64_t inflightMicrobatches = 0; ///< micro-batches whose activations are held
    std::array<TermValue, kTermCount> terms;
    std::int64_t totalBytes = 0;
    std::int64_t bytes(Term t) const { return terms[static_cast<int>(t)].bytes; }
};

/// Activation bytes of one transformer layer for one micro-batch, with the derivation.
struct LayerActivations
{
    double perTokenReplicated = 0; ///< bytes/token kept whole on every TP rank (without SP)
    double perTokenSplit = 0; ///< bytes/token split over TP
    double perTokenScores = 0; ///< bytes/token of the a*s attention-score terms (0 with flash)
    double storedBytes = 0; ///< what one layer keeps for backward per micro-batch on one rank
    double workingBytes = 0; ///< full activations of one layer (live while recomputing it)
    double constant34 = 0; ///< the Korthikanti constant of this block: perToken / h (no TP)
    std::string derivation;
};
LayerActivations layerActivations(const Scenario& s);

struct Footprint
{
    std::int64_t totalParams = 0;
    ParamCounts paramCounts; ///< of the architecture / shape (total may differ for bare counts)
    BytesPerParam bytesPerParam;
    GpuPreset gpu;
    std::int64_t capacityBytes = 0; ///< what the driver reports
    std::int64_t usableBytes = 0; ///< capacity minus the safety margin
    std::vector<RankFootprint> ranks; ///< distinct ranks: first/middle/last stage (+worst)
    int worst = 0; ///< index into ranks of the rank with the largest total
    bool fits = false;
    std::int64_t hostBytesPerNode = 0;
    std::int64_t nvmeBytesPerNode = 0;
    bool hostFits = true;
    bool nvmeFits = true;
    LayerActivations activations;
    const RankFootprint& worstRank() const { return ranks[static_cast<std::size_t>(worst)]; }
    std::int64_t worstBytes() const { return worstRank().totalBytes; }
};

/**
 * The footprint model: a pure function from scenario to per-rank bytes per term.
 * Throws InvalidInput for a scenario without a meaningful answer (validateScenario()).
 */
Footprint computeFootprint(const Scenario& s);

/// DP shard of `count` elements held by dp rank `rank` of `d`: the first count % d ranks hold
/// one more (so shards over all ranks add up to the count exactly).
std::int64_t shardOf(std::int64_t count, std::int64_t d, std::int64_t rank);

/// Elements of an unsharded model-state buffer of `count` params: the count, or with s.padFlatBuffers
/// (ZeRO >= 1, d > 1) the count padded to a multiple of d (flatbuffer.cpp).
std::int64_t flatBufferElements(const Scenario& s, std::int64_t count);

} // namespace shardscope
