// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/trainer.h"

namespace shardscope::train {

/// The state one rank holds during a run (internal to the trainer's sources).
struct RankState
{
    RankState(const TrainConfig& config, Communicator& comm);

    /// One optimizer step: micro-batches, reduction, norm, Adam, all-gather.
    void step(int s);
    /// Forward and backward of one micro-batch into the grads; returns its share of the global loss.
    double microBatch(std::int64_t first, int count);
    /// The weights of layer l, gathered first under ZeRO-3 (then releaseLayer(l) frees them).
    const float* layerParams(std::size_t l);
    void releaseLayer(std::size_t l);
    /// Chunk bounds of the flat buffer restricted to layer s, relative to its first element.
    ChunkBounds layerBounds(const LayerSpan& s) const;
    std::vector<float> fullParams();

    void save(const std::string& dir, int stepsDone);
    /// Returns the step the checkpoint was taken after.
    int restore(const std::string& dir);

    const TrainConfig& cfg;
    Communicator& comm;
    std::vector<LayerSpan> layers;
    int n = 1, r = 0, z = 0, pb = 4;
    std::int64_t P = 0, Ppad = 0, S = 0, lo = 0, hi = 0;
    ChunkBounds bounds;
    std::vector<float> params, grads, master, m, v, gathered;
    MemoryLedger ledger;
    Timings time;
    RankResult result;
};

/// Thrown by the ranks whose own shard was fine when another rank refused its shard.
class PeerRefused : public CheckpointError
{
public:
    using CheckpointError::CheckpointError;
};

float initialParam(const MlpConfig& c, const std::vector<LayerSpan>& layers, std::int64_t i);

} // namespace shardscope::train
