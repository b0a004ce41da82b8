// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace shardscope {

/// Transformer layers of each model chunk of each pipeline stage, [stage][chunk] (one chunk per stage unless the
/// schedule is interleaved): the layers split over the stages, the first L mod p stages holding one more, and within a
/// stage over its chunks alike; with the embedding (Scenario::embeddingInPipelineSplit) or the loss
/// (lossInPipelineSplit) in the split, Megatron-Core's rule: they take one layer's slot each, the first stage's first
/// chunk and the last stage's last chunk building one layer fewer (megatron/core/transformer/transformer_block.py,
/// get_num_layers_to_build; docs/model.md, "Pipeline split"). The footprint and the step model use the same split.
std::vector<std::vector<std::int64_t>> stageChunkLayers(const Scenario& s);

/// One forward or backward block of the pipeline schedule chart.
struct PipelineBlock
{
    std::int64_t stage = 0;
    std::int64_t microbatch = 0;
    std::int64_t chunk = 0;
    bool forward = true;
    double start = 0;
    double duration = 0;
};

/// One block of a stage's schedule order: (chunk, micro-batch, forward).
struct ScheduleOp
{
    std::int64_t chunk, mb;
    bool fwd;
};

/// The blocks of stage i in the schedule's order (GPipe: all forwards then all backwards; 1F1B: p-i-1
/// warm-up forwards then one forward one backward; interleaved: Megatron's order with (p-i-1)*2 + (v-1)*p
/// warm-up chunks).
std::vector<ScheduleOp> stageOrder(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                                   std::int64_t i);

/// Block k (0 <= k < 2 m v) of stage i's order: stageOrder(sched, p, m, v, i)[k], without the list.
ScheduleOp stageOp(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v, std::int64_t i,
                   std::int64_t k);

/// The blocks of one virtual stage (chunk c of stage i is virtual stage c p + i): how long its stage is busy with
/// a forward, a backward and the last micro-batch's backward (which carries the gradient reduction under ZeRO-0/1),
/// and when each releases its output to the neighbour (its pipeline send is done).
struct VirtualStageTimes
{
    double fwd = 0, fwdRelease = 0, bwd = 0, bwdRelease = 0, lastBwd = 0, lastBwdRelease = 0;
};

/// When each stage's last block ends (`ends`: p entries) under simulateSchedule()'s list scheduling with no p2p
/// delay and these block times (`times`: p v entries by virtual stage; v is 1 unless interleaved), without
/// recording the blocks: the schedule part of the planner's reference closed form
/// (tests/core/reference/layoutplanner_ref.cpp; the planner itself uses scheduleStageEndsSteady(), which falls back on
/// this one). No allocation once its per-thread scratch (2 p v m doubles) has grown. Throws std::logic_error if the
/// order deadlocks.
void scheduleStageEnds(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                       const VirtualStageTimes* times, double* ends);

/// scheduleStageEnds(), faster: the same ends up to floating rounding (tst_planspeed), each schedule placed in a fixed
/// order instead of from a work list (any order that places every block after its inputs gives the same numbers: the
/// list scheduling of fixed stage orders is the longest path through their blocks), with the runs that repeat
/// skipped. Each placement is max-plus linear (adding a constant to its state adds it to the next state), so once one
/// of a run of equal steps moves the whole state by the same seconds, every following one does too, and the run is
/// skipped to its end:
/// - 1F1B (and one stage): warm-ups first, then round by round (round r: each stage's next forward and its backward
///   of micro-batch r, the last stage first), any number of micro-batches; the rounds in which every stage runs a
///   forward and a backward that is not the last micro-batch's repeat (state: each stage's end and newest forward).
/// - Interleaved: stage i's round r at tick r - i, every input then placed in the tick before (or, the last virtual
///   stage's own forward, earlier in the tick), so the state between ticks is 3 p numbers (each stage's end and the
///   releases of its last forward and backward); a tick's forwards and backwards run as loops over the stages at one
///   chunk. The ticks in which every stage runs both repeat with a period of p v ticks (p micro-batches x v chunks).
///   On up to 8 stages the ticks come from a tick program (each tick's block of each stage, compiled once per
///   (p, m, v)), placed with the stages unrolled and the state in registers. Where a stage's warm-up would be cut
///   short by the micro-batches ((p - 1) 2 + (v - 1) p > m v), and on up to 8 stages where no period can be skipped
///   (the ticks' bookkeeping would cost more than their few blocks): the order scheduleStageEnds()'s work list finds,
///   sorted by depth (the blocks of one depth are independent) and compiled once per (p, m, v) (kept per thread)
///   into where each block reads, then placed in one pass for each table.
/// - GPipe: every forward micro-batch by micro-batch, then every backward (state: each stage's end); the forward run
///   and the backward run but its last micro-batch repeat (the backward run is skipped only where the last stage's
///   forwards cannot hold a backward back).
void scheduleStageEndsSteady(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                             const VirtualStageTimes* times, double* ends);

/// A scheduled block and when its input from the neighbouring stage arrived.
struct SimBlock
{
    PipelineBlock block;
    double depEnd = 0; ///< when the input from the neighbouring stage arrived (-1: none)
    bool remoteDep = false;
};

/// A block's duration (its stage is busy that long) and when its output is released to the neighbour
/// (the pipeline send is done; gradient reductions may still run on the comm stream), given its virtual
/// stage, micro-batch and direction.
using BlockTimes = std::function<std::pair<double, double>(std::int64_t, std::int64_t, bool)>;

/// List scheduling of every stage's blocks; each block waits for its input from the neighbour (plus p2p).
/// Returns the blocks per stage in start order. Throws std::logic_error if the order deadlocks.
std::vector<std::vector<SimBlock>> simulateSchedule(PipelineSchedule sched, std::int64_t p, std::int64_t m,
                                                    std::int64_t v, const BlockTimes& seconds, double p2p);

/// The ideal bubble fraction of the step: (p-1)/(p-1+m) for GPipe and 1F1B, (p-1)/(p-1+v m) interleaved.
double pipelineBubbleFraction(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v);

/**
 * Simulates a pipeline schedule with the given per-stage block times (forward and backward of one
 * micro-batch through one model chunk) and a point-to-point delay between stages. Blocks of a stage
 * run in the schedule's order (GPipe: all forwards then all backwards; 1F1B: p-i-1 warm-up forwards,
 * then one forward one backward; interleaved: Megatron's order with (p-i-1)*2 + (v-1)*p warm-up
 * chunks), each as soon as its input has arrived. Requires m % p == 0 for interleaved.
 */
std::vector<PipelineBlock> simulatePipeline(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v,
                                            const std::vector<double>& forwardSeconds,
                                            const std::vector<double>& backwardSeconds, double p2pSeconds);

} // namespace shardscope
