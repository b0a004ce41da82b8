// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/trainer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope::train {

/// The kind of a ring phase, from Message::op.
enum class RingPhase { ReduceScatter, AllGather, AllReduceReduceScatter, AllReduceAllGather };
/// Parses Message::op ("reduce-scatter", "all-gather", "all-reduce (reduce-scatter half)",
/// "all-reduce (all-gather half)"); false for anything else ("scalars").
bool ringPhaseOf(const std::string& op, RingPhase& phase);

/// One ring step of one collective half: the messages every rank sends at once, each to its right
/// neighbour (a rank whose chunk is empty sends nothing and is absent).
struct ReplayHop
{
    std::int64_t collective = 0; ///< the collective's sequence number on the ranks (Message::collective)
    int collectiveIndex = 0; ///< 0-based among this optimizer step's tensor collectives
    RingPhase phase = RingPhase::ReduceScatter;
    int ringStep = 0; ///< 0-based, within the half
    int ringSteps = 0; ///< n-1 per half
    std::vector<Message> messages; ///< in order of the sending rank
};

/// The recorded tensor messages of one optimizer step of an in-process run, in recorded order
/// (collective, then half, then ring step), with each rank's running total of bytes sent.
struct StepReplay
{
    int iteration = 0;
    int ranks = 0;
    int collectives = 0; ///< tensor collectives in the step
    std::vector<ReplayHop> hops;
    std::vector<std::vector<std::int64_t>> sentAfter; ///< [hop][rank]: bytes the rank sent in hops 0..hop
    std::vector<std::int64_t> sentTotal; ///< [rank]: bytes the rank sent in the step
};

/// Groups the messages of optimizer step `iteration` recorded by every rank (`ranks` in rank order, as
/// trainInProcess returns them). The loss and norm exchanges ("scalars") are left out, as in
/// RankResult::wireBytesSent. Throws std::invalid_argument if the ranks' records disagree.
StepReplay replayStep(const std::vector<RankResult>& ranks, int iteration);

/// What one optimizer step of `config` should send, from the trainer's plan of collectives (which buffer,
/// which collective, per micro-batch and layer) and core's communication model.
struct StepWirePrediction
{
    int collectives = 0; ///< tensor collectives per step
    /// Per rank, the ring formulas summed over the step's collectives: ringAllReduceWireBytes(M, n) or
    /// ringGatherScatterWireBytes(M, n) of each buffer of M bytes. Every rank sends exactly this when
    /// every buffer splits into n equal chunks (the padded ZeRO-1/2 buffers); otherwise the ranks'
    /// bytes differ by their chunk sizes and only their sum is n x this.
    double formulaPerRank = 0;
    /// Per rank, to the byte, from the chunk bounds: a reduce-scatter half sends every chunk but the
    /// rank's own, an all-gather half every chunk but its right neighbour's.
    std::vector<std::int64_t> perRank;
};
StepWirePrediction predictStepWireBytes(const TrainConfig& config);

} // namespace shardscope::train
