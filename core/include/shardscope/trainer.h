// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/communicator.h"

#include <array>
#include <atomic>
#include <functional>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace shardscope {
struct Scenario;
}

namespace shardscope::train {

/// single: one process, the reference. naive-zero: ZeRO-1 that all-reduces the grads instead of
/// reduce-scattering them (same result, more bytes on the wire).
enum class Strategy { Single, Ddp, Zero1, Zero2, Zero3, NaiveZero };
const char* strategyKey(Strategy s);
std::optional<Strategy> strategyFromKey(const std::string& key);
/// The ZeRO stage whose memory the strategy has (single and DDP: 0; naive ZeRO: 1).
int zeroStageOf(Strategy s);

/// A multi-layer perceptron: inputs -> hidden... (tanh) -> outputs (linear), loss 0.5 x squared error
/// averaged over the global batch.
struct MlpConfig
{
    int inputs = 256;
    std::vector<int> hidden {1024, 1024};
    int outputs = 128;
    std::uint64_t seed = 20261201;
};

/// One layer's place in the flat parameter buffer: its weights (out x in, column-major) then its bias.
struct LayerSpan
{
    int in = 0;
    int out = 0;
    std::int64_t offset = 0; ///< first element (weights), bias at offset + in * out
    std::int64_t count = 0; ///< in * out + out
};
std::vector<LayerSpan> mlpLayout(const MlpConfig& c);
std::int64_t mlpParamCount(const MlpConfig& c);

struct TrainConfig
{
    MlpConfig mlp;
    Strategy strategy = Strategy::Ddp;
    int ranks = 1;
    int steps = 20;
    int globalBatch = 48; ///< samples per optimizer step, over all ranks and micro-batches
    int gradAccum = 1; ///< micro-batches per optimizer step
    double lr = 1e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    double weightDecay = 0; ///< AdamW's decoupled decay when adamw, else L2 added to the grads
    bool adamw = false;
    double clipNorm = 0; ///< clip grads to this global L2 norm; 0: off
    bool bf16 = false; ///< bf16 params and grads (emulated by rounding), fp32 master; else fp32, no master
};
/// Throws std::invalid_argument with a message naming the option for a config that cannot run.
void validateTrainConfig(const TrainConfig& c);

enum class MemCategory { Params, Grads, Master, Moments, Gathered, Scratch };
inline constexpr int kMemCategoryCount = 6;
const char* memCategoryKey(MemCategory c);

/// One allocation or release, and the rank's total after it.
struct MemEvent
{
    std::string label;
    MemCategory category = MemCategory::Scratch;
    std::int64_t delta = 0;
    std::int64_t total = 0;
};

/// Every buffer one rank allocates, by category: current, per-category peak, total peak, timeline.
class MemoryLedger
{
public:
    void allocate(MemCategory c, std::int64_t bytes, const std::string& label);
    void release(MemCategory c, std::int64_t bytes, const std::string& label);
    std::int64_t current(MemCategory c) const { return m_current[static_cast<std::size_t>(c)]; }
    std::int64_t peak(MemCategory c) const { return m_peak[static_cast<std::size_t>(c)]; }
    std::int64_t total() const { return m_total; }
    std::int64_t peakTotal() const { return m_peakTotal; }
    const std::vector<MemEvent>& timeline() const { return m_timeline; }
    void setTimeline(bool on) { m_keepTimeline = on; }

private:
    std::array<std::int64_t, kMemCategoryCount> m_current {};
    std::array<std::int64_t, kMemCategoryCount> m_peak {};
    std::int64_t m_total = 0;
    std::int64_t m_peakTotal = 0;
    bool m_keepTimeline = true;
    std::vector<MemEvent> m_timeline;
};

struct Timings
{
    double forward = 0, backward = 0, comm = 0, optimizer = 0;
};

/// What one rank ends with.
struct RankResult
{
    int rank = 0;
    std::vector<double> loss; ///< global loss per step (same on every rank)
    std::vector<double> gradNorm; ///< global L2 norm of the reduced grads per step (before clipping)
    std::vector<float> params; ///< the full parameters at the end (unpadded; gathered for ZeRO-3)
    MemoryLedger ledger;
    std::vector<Message> messages;
    std::int64_t wireBytesSent = 0; ///< tensor collectives
    std::int64_t scalarBytesSent = 0; ///< loss and norm exchanges (8 B per value)
    Timings time;
    bool cancelled = false; ///< stopped early by RunControl::cancel
};

/// Sharded checkpoint: each rank writes `rank-<r>.bin` (its shard of master-or-params, m and v) and
/// `rank-<r>.manifest` (format, strategy, world size, rank, step, byte ranges, FNV-1a 64 checksum).
struct CheckpointOptions
{
    std::string saveDir; ///< write a checkpoint here after `saveAfterStep` steps (empty: never)
    int saveAfterStep = 0;
    std::string resumeDir; ///< resume from the checkpoint here (empty: start fresh)
};

/// A checkpoint that cannot be resumed (other world size, bad checksum, missing or foreign file).
class CheckpointError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// The largest global batch (and grad-accum) of a run.
inline constexpr int kMaxTrainBatch = 65536;
/// The most activations the single-process reference holds: batch x the sum of the widths (fp32: 256 MB).
inline constexpr std::int64_t kMaxTrainActivations = 64LL * 1024 * 1024;
/// The most ranks x parameters of a run (each rank holds a replica or its shard and full-size buffers: 16-20 B each).
inline constexpr double kMaxTrainRankParams = 5e7;
/// The most work of a run: steps x batch x parameters (each a forward and backward multiply-add; the default run is
/// 1.4e9, about 3 s of processor time with its reference, and the window's longest, 200 steps, 1.4e10).
inline constexpr double kMaxTrainWork = 1.5e10;

/// A checkpoint that could not be written (a full disk, no permission): no file of it was renamed into place,
/// its temporaries are removed, and every rank throws it (the command line exits 1).
class CheckpointWriteError : public CheckpointError
{
public:
    using CheckpointError::CheckpointError;
};

/// A run that had to stop: a rank thread that could not start, a loss that is no longer finite (the command line
/// exits 1 with the message).
class TrainRunError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// Progress and cancel for a run on a worker thread. Cancel is collective: at the start of each step the
/// ranks exchange what they read from `cancel` and all stop if any saw it set, so no rank waits forever.
struct RunControl
{
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(int stepsDone, int steps)> progress; ///< called by rank 0 after each step
};

/// Runs one rank (SPMD: every rank calls it with its communicator). Steps run from the checkpoint's step
/// (or 0) to config.steps. Throws CheckpointError, std::invalid_argument.
RankResult runRank(const TrainConfig& config, Communicator& comm, const CheckpointOptions& ckpt = {},
                   const RunControl& control = {});

/// Runs config.ranks ranks as threads in this process; results in rank order. Throws what a rank threw.
std::vector<RankResult> trainInProcess(const TrainConfig& config, const CheckpointOptions& ckpt = {},
                                       const RunControl& control = {});

/// Flat-buffer layout of a strategy: padded length (a multiple of N for ZeRO, the count for DDP) and
/// the elements of each rank's shard.
std::int64_t paddedLength(const TrainConfig& c);
std::int64_t shardLength(const TrainConfig& c);

/// The footprint-model scenario of a trainer run: bare count = the MLP's params, N = ranks, the ZeRO
/// stage of the strategy, recipe fp32 or mixed (bf16), Adam, model states only, flat buffers padded.
Scenario footprintScenario(const TrainConfig& c);

/// Per-rank bytes a run should allocate, by category, and its peak. params, grads, master and moments
/// come from computeFootprint(footprintScenario(c)); gathered, scratch and peak from the trainer's own
/// allocation plan (one layer gathered at a time under ZeRO-3; activations of one micro-batch kept in
/// fp32; ZeRO-2 a full local-gradient buffer, ZeRO-3 one layer's gradients before each reduce-scatter).
struct PredictedBytes
{
    std::int64_t params = 0, grads = 0, master = 0, moments = 0, gathered = 0, scratch = 0, peak = 0;
};
PredictedBytes predictBytes(const TrainConfig& c);

/// Flatten a list of tensors into one buffer (padding zeros up to `paddedTo`), and back.
std::vector<float> flatten(const std::vector<std::vector<float>>& tensors, std::int64_t paddedTo);
std::vector<std::vector<float>> unflatten(const std::vector<float>& flat, const std::vector<std::int64_t>& sizes);

} // namespace shardscope::train
