// SPDX-License-Identifier: MIT
// One block's physics, shared by computeStep(), the planner's closed form and the tests' reference (blockphysics.h).
#include "blockphysics.h"

namespace shardscope::detail {

void blockUnits(const BlockStage& st, std::int64_t v, std::int64_t chunk, bool fwd, std::vector<ZeroUnit>& units)
{
    // An uneven split (126 layers over PP 8 x VPP 2, as Megatron and torchtitan accept): the stage's first
    // L_i mod v chunks hold one layer more.
    const std::int64_t layers = chunkLayers(st.layers, v, chunk, st.embeddingSlot, st.lossSlot);
    const std::int64_t l0 = st.firstLayer + chunkFirstLayer(st.layers, v, chunk, st.embeddingSlot, st.lossSlot);
    const bool lastChunk = chunk == v - 1;
    units.clear();
    units.reserve(std::size_t(layers) + 2);
    if (st.first && chunk == 0 && st.embedding > 0)
        units.push_back({EventPart::Embedding, -1, st.embedding, 0});
    for (std::int64_t l = 0; l < layers; ++l)
        units.push_back({EventPart::Layer, l0 + l, st.perLayer + (lastChunk && l + 1 == layers ? st.lastExtra : 0),
                         st.perLayerExpert});
    if (st.last && lastChunk && st.head > 0)
        units.push_back({EventPart::Head, -2, st.head, 0});
    if (!fwd)
        std::reverse(units.begin(), units.end());
}

int tpPairCollectives(const Scenario& s, const LayerTimes& lt, const GroupBandwidths& bw, Collective* out)
{
    if (s.tp <= 1)
        return 0;
    if (s.sequenceParallel) {
        out[0] = {EventKind::AllGather, lt.tpMsgBytes, s.tp, bw.tp, 0.0};
        out[1] = {EventKind::ReduceScatter, lt.tpMsgBytes, s.tp, bw.tp, 0.0};
        return 2;
    }
    out[0] = {EventKind::AllReduce, lt.tpMsgBytes, s.tp, bw.tp, 0.0};
    return 1;
}

LayerSeconds layerSeconds(const Scenario& s, const LayerTimes& lt, const GroupBandwidths& bw)
{
    // The TP pair's seconds, and each op list's compute stream: its kernels, and of the TP pair and the ring what
    // the kernels next to them do not hide (computeStep()'s tpPair, cpRing and overlapBack).
    Collective tc[2];
    const int ntc = tpPairCollectives(s, lt, bw, tc);
    double tpPairSeconds = 0;
    for (int k = 0; k < ntc; ++k)
        tpPairSeconds += tc[k].seconds(s.alphaSeconds);
    // One op's compute-stream seconds, added to `secs`.
    auto adder = [&](double& secs) {
        return [&](const LayerOp& o) {
            switch (o.kind) {
            case LayerOp::Kind::Kernels: secs += o.seconds; break;
            case LayerOp::Kind::TpPair:
                secs += s.tpCommOverlap ? tpPairSeconds - hiddenBeside(o.cover, tpPairSeconds) : tpPairSeconds;
                break;
            case LayerOp::Kind::CpRing:
                secs += s.cp <= 1 ? 0.0 : cpRingTime(s, lt, bw.cp, o.phase == StepPhase::Backward, o.cover).exposed;
                break;
            }
        };
    };
    LayerSeconds ls;
    layerForwardOps(lt, StepPhase::Forward, adder(ls.layerFwd));
    ls.layerFwdKernels = lt.attnLinFwd + lt.coreFwd + lt.attnEwFwd + lt.mlpFwd;
    ls.layerBwdKernels = lt.mlpBwd + lt.attnLinBwd + lt.coreBwd + lt.attnEwBwd;
    layerBackwardOps(lt, Checkpointing::None, adder(ls.layerBwdPlain));
    layerBackwardOps(lt, s.checkpointing, adder(ls.layerBwd));
    if (s.checkpointing == Checkpointing::Full)
        ls.layerRecompute = ls.layerFwdKernels;
    else if (s.checkpointing == Checkpointing::Selective)
        ls.layerRecompute = lt.coreFwd;
    else if (s.checkpointing == Checkpointing::PerOp)
        ls.layerRecompute = lt.perOpAttnRecompute + lt.perOpMlpRecompute;
    if (s.checkpointing != Checkpointing::Full) // Megatron-Core's recompute modules (layerBackwardOps())
        ls.layerRecompute += lt.moduleRecompute;
    const bool selective = s.checkpointing == Checkpointing::Selective;
    if (s.zero3PerTensorCollectives)
        for (Zero3Work w : {Zero3Work::Head, Zero3Work::Qkv, Zero3Work::Out, Zero3Work::Up, Zero3Work::Down}) {
            zero3PieceOps(lt, w, StepPhase::Forward, selective, adder(ls.pieceFwd[std::size_t(w)]));
            zero3PieceOps(lt, w, StepPhase::Backward, selective, adder(ls.pieceBwd[std::size_t(w)]));
        }
    ls.send = pipelineSend(lt, bw).seconds(s.alphaSeconds);
    return ls;
}

StreamEnds perWeightBlock(const Scenario& s, const UnitComms& uc, const LayerSeconds& ls,
                          const std::vector<ZeroUnit>& units, bool fwd, bool reduce)
{
    double cf = 0, qf = 0;
    auto async = [&](double secs) {
        qf = std::max(qf, cf) + secs;
        return qf;
    };
    const double alpha = uc.alphaSeconds;
    const std::vector<Zero3Piece> pieces = zero3Pieces(s, units, fwd, uc.dc, uc.bw.z3SmallTensors);
    std::vector<double> end(pieces.size(), -1.0);
    walkZero3Pieces(
        pieces, double(s.zero3PrefetchBucketElements),
        [&](std::size_t j) {
            const double g = pieces[j].gather;
            if (uc.offPar)
                async(uc.pieceParamsToDevice(g).seconds(alpha));
            end[j] = async(uc.pieceGather(g).seconds(alpha));
        },
        [&](std::size_t j) { cf = std::max(cf, end[j]); },
        [&](std::size_t j) {
            const Zero3Piece& pc = pieces[j];
            cf += (pc.phase == StepPhase::Backward ? ls.pieceBwd : ls.pieceFwd)[std::size_t(pc.work)];
            if (reduce && pc.reduce > 0) {
                async(uc.pieceReduce(pc.reduce, pc.reduceExtra).seconds(alpha));
                if (uc.offOpt)
                    async(uc.pieceGradsToHost(pc.reduce).seconds(alpha));
            }
        });
    return {cf, qf};
}

} // namespace shardscope::detail
