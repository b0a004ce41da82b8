// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace shardscope {

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
/// recording the blocks: the schedule part of the planner's closed form. No allocation once its per-thread
/// scratch (2 p v m doubles) has grown. Throws std::logic_error if the order deadlocks.
void scheduleStageEnds(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                       const VirtualStageTimes* times, double* ends);

/// scheduleStageEnds(), faster: the same ends up to floating rounding (tst_planspeed). The 1F1B schedule (and one
/// stage) is placed round by round (round r: each stage's next forward and its backward of micro-batch r, the last
/// stage first); once one of the rounds that repeat (every stage runs a forward and a backward that is not the last
/// micro-batch's) moves every stage's end and every stage's newest forward release by the same seconds, every
/// following such round does too (the placement is max-plus linear: adding a constant to its state adds it to the
/// next state), and it skips to the last of them. The interleaved schedule is placed in a fixed order of ticks (stage
/// i's round r at tick r - i) instead of from a work list, where no stage's warm-up is cut short by the
/// micro-batches. Other cases (GPipe, fewer micro-batches than the warm-ups) go to scheduleStageEnds().
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
