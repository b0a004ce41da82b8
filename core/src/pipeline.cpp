// SPDX-License-Identifier: MIT
// Pipeline schedules (GPipe, 1F1B, interleaved): the order of each stage's blocks and their list
// scheduling. Shared by the step simulator (step.cpp) and the closed-form planner.
#include "shardscope/pipeline.h"

#include <algorithm>
#include <stdexcept>

namespace shardscope {

double pipelineBubbleFraction(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v)
{
    if (p <= 1)
        return 0;
    // Narayanan et al. 2021: bubble / ideal = (p-1)/m, interleaved (p-1)/(v m); as a share of the step
    // (seed 003's form): (p-1)/(p-1+m).
    const double vm = double(m) * double(schedule == PipelineSchedule::Interleaved ? v : 1);
    return double(p - 1) / (double(p - 1) + vm);
}

std::vector<ScheduleOp> stageOrder(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v, std::int64_t i)
{
    std::vector<ScheduleOp> o;
    if (p == 1 || sched != PipelineSchedule::Interleaved)
        v = 1;
    o.reserve(static_cast<std::size_t>(2 * m * v));
    if (p > 1 && sched == PipelineSchedule::GPipe) {
        for (std::int64_t j = 0; j < m; ++j)
            o.push_back({0, j, true});
        for (std::int64_t j = 0; j < m; ++j)
            o.push_back({0, j, false});
        return o;
    }
    if (v == 1) {
        // 1F1B (PipeDream-Flush, Megatron): p - i - 1 warm-up forwards. With p == 1 (gradient accumulation)
        // the micro-batches simply run one after another.
        const std::int64_t w = std::min(p - i - 1, m);
        for (std::int64_t j = 0; j < w; ++j)
            o.push_back({0, j, true});
        for (std::int64_t k = 0; k < m - w; ++k) {
            o.push_back({0, w + k, true});
            o.push_back({0, k, false});
        }
        for (std::int64_t j = m - w; j < m; ++j)
            o.push_back({0, j, false});
        return o;
    }
    // Megatron's interleaved schedule (schedules.py, forward_backward_pipelining_with_interleaving):
    // virtual micro-batch k runs chunk (k mod pv) / p of micro-batch (k / pv) p + k mod p; backwards
    // visit the chunks in reverse.
    const std::int64_t total = m * v;
    const std::int64_t w = std::min((p - i - 1) * 2 + (v - 1) * p, total);
    auto fwdOp = [&](std::int64_t k) {
        return ScheduleOp {(k % (p * v)) / p, (k / (p * v)) * p + k % p, true};
    };
    auto bwdOp = [&](std::int64_t k) {
        return ScheduleOp {v - 1 - (k % (p * v)) / p, (k / (p * v)) * p + k % p, false};
    };
    for (std::int64_t k = 0; k < w; ++k)
        o.push_back(fwdOp(k));
    for (std::int64_t r = 0; r < total - w; ++r) {
        o.push_back(fwdOp(w + r));
        o.push_back(bwdOp(r));
    }
    for (std::int64_t r = total - w; r < total; ++r)
        o.push_back(bwdOp(r));
    return o;
}

std::vector<std::vector<SimBlock>> simulateSchedule(PipelineSchedule sched, std::int64_t p, std::int64_t m,
                                                    std::int64_t v, const BlockTimes& seconds, double p2p)
{
    if (p == 1 || sched != PipelineSchedule::Interleaved)
        v = 1;
    const std::int64_t V = p * v;
    std::vector<std::vector<ScheduleOp>> order(static_cast<std::size_t>(p));
    for (std::int64_t i = 0; i < p; ++i)
        order[static_cast<std::size_t>(i)] = stageOrder(sched, p, m, v, i);
    std::vector<double> fEnd(static_cast<std::size_t>(V * m), -1.0), bEnd(static_cast<std::size_t>(V * m), -1.0);
    std::vector<std::vector<SimBlock>> out(static_cast<std::size_t>(p));
    std::vector<std::size_t> ptr(static_cast<std::size_t>(p), 0);
    std::vector<double> freeAt(static_cast<std::size_t>(p), 0.0);
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    std::vector<std::int64_t> work;
    for (std::int64_t i = p - 1; i >= 0; --i)
        work.push_back(i);
    auto idx = [m](std::int64_t vs, std::int64_t j) { return static_cast<std::size_t>(vs * m + j); };
    std::size_t done = 0, total = 0;
    for (const auto& o : order)
        total += o.size();
    while (!work.empty()) {
        const std::int64_t i = work.back();
        work.pop_back();
        const auto si = static_cast<std::size_t>(i);
        queued[si] = 0;
        while (ptr[si] < order[si].size()) {
            const ScheduleOp op = order[si][ptr[si]];
            const std::int64_t vs = op.chunk * p + i;
            double dep = 0;
            bool remote = false;
            if (op.fwd) {
                if (vs > 0) {
                    dep = fEnd[idx(vs - 1, op.mb)];
                    remote = true;
                }
            } else if (vs < V - 1) {
                dep = bEnd[idx(vs + 1, op.mb)];
                remote = true;
            } else {
                dep = fEnd[idx(vs, op.mb)];
            }
            if (dep < 0)
                break;
            if (remote)
                dep += p2p;
            SimBlock b;
            b.block.stage = i;
            b.block.chunk = op.chunk;
            b.block.microbatch = op.mb;
            b.block.forward = op.fwd;
            b.block.start = std::max(freeAt[si], dep);
            const auto [duration, release] = seconds(vs, op.mb, op.fwd);
            b.block.duration = duration;
            b.depEnd = remote ? dep : -1;
            b.remoteDep = remote;
            freeAt[si] = b.block.start + duration;
            (op.fwd ? fEnd : bEnd)[idx(vs, op.mb)] = b.block.start + release;
            out[si].push_back(b);
            ++ptr[si];
            ++done;
            const std::int64_t next = op.fwd ? vs + 1 : vs - 1;
            if (next >= 0 && next < V) {
                const auto ns = static_cast<std::size_t>(next % p);
                if (!queued[ns] && ns != si) {
                    queued[ns] = 1;
                    work.push_back(next % p);
                }
            }
        }
    }
    if (done != total)
        throw std::logic_error("pipeline schedule deadlocked");
    return out;
}

std::vector<PipelineBlock> simulatePipeline(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v,
                                            const std::vector<double>& forwardSeconds,
                                            const std::vector<double>& backwardSeconds, double p2pSeconds)
{
    auto at = [](const std::vector<double>& x, std::int64_t vs) {
        return x.empty() ? 0.0 : x[static_cast<std::size_t>(vs) % x.size()];
    };
    const auto stages = simulateSchedule(schedule, p, m, v, [&](std::int64_t vs, std::int64_t, bool fwd) {
        const double d = fwd ? at(forwardSeconds, vs) : at(backwardSeconds, vs);
        return std::make_pair(d, d);
    }, p2pSeconds);
    std::vector<PipelineBlock> out;
    for (const auto& st : stages)
        for (const auto& b : st)
            out.push_back(b.block);
    return out;
}

} // namespace shardscope
