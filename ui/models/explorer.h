// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/units.h"

#include <QString>

#include <vector>

namespace shardscope {

/**
 * Everything the explorer shows for one scenario, computed by core in one call: the footprint, the
 * smallest N per ZeRO stage, the per-GPU memory vs N sweep for stages 0-3, and the four stages at the
 * current N. A plain value, so it can be computed on any thread.
 */
struct ExplorerResult
{
    Scenario scenario;
    Footprint footprint;
    std::vector<MinGpus> minGpus; ///< stages 0-3
    std::vector<std::int64_t> gpuCounts; ///< the N values of the sweep (powers of two, and the current N)
    std::vector<SweepPoint> sweep; ///< stages 0-3 over gpuCounts
    std::vector<SweepPoint> stagesAtN; ///< stages 0-3 at the current N (the "compare stages" bars)
    std::int64_t sweepMaxGpus = 0; ///< the largest N of the sweep
};

/// The N axis of the sweep: 1 .. 16384, widened to the next power of two past the current N.
std::int64_t sweepMaxGpus(const Scenario& s);

/// Throws InvalidInput (from core) for a scenario without an answer.
ExplorerResult computeExplorer(const Scenario& s);

/// The sentence a person reads first.
struct Verdict
{
    enum class Kind { Fits, DoesNotFit, NeverFits, Invalid };
    Kind kind = Kind::Invalid;
    QString text;
};

Verdict verdictFor(const ExplorerResult& r, ByteUnit unit);
Verdict invalidVerdict(const QString& field, const QString& message);

/// The single-knob changes that make a scenario that does not fit fit, cheapest first
/// ("ZeRO-3", "N >= 24", "full checkpointing", ...). Empty when it fits or nothing single does.
QStringList fixesFor(const ExplorerResult& r);

/// "51.5 GB" in the unit, with one decimal (two below 10 units).
QString formatBytesUi(double bytes, ByteUnit unit);
/// The first GPU (global rank) of pipeline stage `stage`: ranks are laid out TP fastest, then DP, then PP
/// (Megatron's order), so stage i starts at i x TP x DP.
std::int64_t firstGpuOfStage(const Scenario& s, std::int64_t stage);

} // namespace shardscope
