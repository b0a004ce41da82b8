// SPDX-License-Identifier: MIT
#include "shardscope/trainreplay.h"

#include "shardscope/collectives.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

namespace shardscope::train {

bool ringPhaseOf(const std::string& op, RingPhase& phase)
{
    if (op == "reduce-scatter")
        phase = RingPhase::ReduceScatter;
    else if (op == "all-gather")
        phase = RingPhase::AllGather;
    else if (op == "all-reduce (reduce-scatter half)")
        phase = RingPhase::AllReduceReduceScatter;
    else if (op == "all-reduce (all-gather half)")
        phase = RingPhase::AllReduceAllGather;
    else
        return false;
    return true;
}

StepReplay replayStep(const std::vector<RankResult>& ranks, int iteration)
{
    StepReplay rep;
    rep.iteration = iteration;
    rep.ranks = static_cast<int>(ranks.size());
    const int n = rep.ranks;
    // (collective, half, ring step) -> hop; the all-gather half of an all-reduce follows its other half.
    using Key = std::tuple<std::int64_t, int, int>;
    std::map<Key, ReplayHop> hops;
    for (int r = 0; r < n; ++r) {
        for (const Message& m : ranks[static_cast<std::size_t>(r)].messages) {
            RingPhase phase;
            if (m.iteration != iteration || !ringPhaseOf(m.op, phase))
                continue;
            if (m.from != r || m.to != (r + 1) % n || m.step < 0 || m.step >= n - 1)
                throw std::invalid_argument("replay: rank " + std::to_string(r) + " recorded a message from "
                                            + std::to_string(m.from) + " to " + std::to_string(m.to)
                                            + " that is not a ring hop");
            const int half = phase == RingPhase::AllReduceAllGather ? 1 : 0;
            ReplayHop& h = hops[Key {m.collective, half, m.step}];
            if (!h.messages.empty() && h.phase != phase)
                throw std::invalid_argument("replay: the ranks disagree on collective " + std::to_string(m.collective));
            h.collective = m.collective;
            h.phase = phase;
            h.ringStep = m.step;
            h.ringSteps = n - 1;
            h.messages.push_back(m); // ranks in order, so messages stay sorted by sender
        }
    }
    std::vector<std::int64_t> sent(static_cast<std::size_t>(n), 0);
    std::int64_t lastCollective = -1;
    for (auto& [key, h] : hops) {
        if (h.collective != lastCollective) {
            ++rep.collectives;
            lastCollective = h.collective;
        }
        h.collectiveIndex = rep.collectives - 1;
        for (const Message& m : h.messages)
            sent[static_cast<std::size_t>(m.from)] += m.bytes;
        rep.sentAfter.push_back(sent);
        rep.hops.push_back(std::move(h));
    }
    rep.sentTotal = sent;
    return rep;
}

namespace {

/// The chunks of a buffer of `count` elements from `offset` in the flat buffer whose n chunks are
/// `bounds` (ZeRO-3's per-layer collectives), relative to the buffer.
ChunkBounds clip(const ChunkBounds& bounds, std::int64_t offset, std::int64_t count)
{
    ChunkBounds b(bounds.size());
    for (std::size_t c = 0; c < bounds.size(); ++c)
        b[c] = std::clamp(bounds[c], offset, offset + count) - offset;
    return b;
}

} // namespace

StepWirePrediction predictStepWireBytes(const TrainConfig& c)
{
    validateTrainConfig(c);
    const int n = c.ranks;
    const std::int64_t pb = c.bf16 ? 2 : 4;
    StepWirePrediction p;
    p.perRank.assign(static_cast<std::size_t>(n), 0);
    if (n == 1)
        return p;
    const ChunkBounds flat = evenBounds(paddedLength(c), n, shardLength(c));
    auto add = [&](EventKind kind, const ChunkBounds& b) {
        ++p.collectives;
        const std::int64_t count = b.back() - b.front();
        p.formulaPerRank += collectiveWireBytes(kind, double(count * pb), n);
        for (int r = 0; r < n; ++r) {
            auto chunk = [&](int k) { return b[static_cast<std::size_t>(k) + 1] - b[static_cast<std::size_t>(k)]; };
            std::int64_t elems = 0;
            if (kind == EventKind::ReduceScatter || kind == EventKind::AllReduce)
                elems += count - chunk(r);
            if (kind == EventKind::AllGather || kind == EventKind::AllReduce)
                elems += count - chunk((r + 1) % n);
            p.perRank[static_cast<std::size_t>(r)] += elems * pb;
        }
    };
    switch (c.strategy) {
    case Strategy::Single: break;
    case Strategy::Ddp:
    case Strategy::NaiveZero: // the grads all-reduced (naive ZeRO's padded buffer), then its all-gather
        add(EventKind::AllReduce, flat);
        if (c.strategy == Strategy::NaiveZero)
            add(EventKind::AllGather, flat);
        break;
    case Strategy::Zero1:
        add(EventKind::ReduceScatter, flat);
        add(EventKind::AllGather, flat);
        break;
    case Strategy::Zero2: // a reduce-scatter per micro-batch
        for (int mb = 0; mb < c.gradAccum; ++mb)
            add(EventKind::ReduceScatter, flat);
        add(EventKind::AllGather, flat);
        break;
    case Strategy::Zero3: { // per micro-batch: each layer gathered in forward, again in backward, grads scattered
        const std::vector<LayerSpan> layers = mlpLayout(c.mlp);
        for (int mb = 0; mb < c.gradAccum; ++mb) {
            for (const LayerSpan& s : layers)
                add(EventKind::AllGather, clip(flat, s.offset, s.count));
            for (auto it = layers.rbegin(); it != layers.rend(); ++it) {
                add(EventKind::AllGather, clip(flat, it->offset, it->count));
                add(EventKind::ReduceScatter, clip(flat, it->offset, it->count));
            }
        }
        break;
    }
    }
    return p;
}

} // namespace shardscope::train
