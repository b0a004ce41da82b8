// SPDX-License-Identifier: MIT
// One block's physics, shared by computeStep(), the planner's closed form and the tests' reference (blockphysics.h).
#include "blockphysics.h"

namespace shardscope::detail {

BlockStage blockStage(const Footprint& fp, const Architecture& a, std::int64_t t, std::int64_t p, std::int64_t i)
{
    const StageParams sp = stageParams(fp, a, t, p, i);
    BlockStage st;
    st.index = i;
    st.layers = sp.layers;
    st.firstLayer = layersBefore(a.layers, p, i);
    st.first = i == 0;
    st.last = i == p - 1;
    st.perLayer = sp.perLayer;
    st.lastExtra = sp.lastLayerExtra;
    st.embedding = sp.embedding;
    st.head = sp.head;
    st.local = sp.local;
    return st;
}

void blockUnits(const BlockStage& st, std::int64_t v, std::int64_t chunk, bool fwd, std::vector<ZeroUnit>& units)
{
    // An uneven split (126 layers over PP 8 x VPP 2, as Megatron and torchtitan accept): the stage's first
    // L_i mod v chunks hold one layer more.
    const std::int64_t layers = chunkLayers(st.layers, v, chunk);
    const std::int64_t l0 = st.firstLayer + chunkFirstLayer(st.layers, v, chunk);
    const bool lastChunk = chunk == v - 1;
    units.clear();
    units.reserve(std::size_t(layers) + 2);
    if (st.first && chunk == 0 && st.embedding > 0)
        units.push_back({EventPart::Embedding, -1, st.embedding});
    for (std::int64_t l = 0; l < layers; ++l)
        units.push_back({EventPart::Layer, l0 + l, st.perLayer + (lastChunk && l + 1 == layers ? st.lastExtra : 0)});
    if (st.last && lastChunk && st.head > 0)
        units.push_back({EventPart::Head, -2, st.head});
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

UnitComms unitComms(const Scenario& s, const BytesPerParam& b, const LinkPlan& l, const GroupBandwidths& bw,
                    std::int64_t dc)
{
    UnitComms u;
    u.alphaSeconds = s.alphaSeconds;
    u.weights = b.weights;
    u.grads = b.grads;
    u.bw = bw;
    u.pcieBytesPerSecond = l.pcieBytesPerSecond;
    u.dc = dc;
    u.allReduce = s.zeroStage == 0;
    u.z3 = s.zeroStage == 3 && dc > 1;
    u.offPar = s.offloadParams != OffloadDevice::None;
    u.offOpt = s.offloadOptimizer != OffloadDevice::None;
    return u;
}

namespace {

LayerOp kernels(StepPhase ph, EventPart part, double flops, double seconds)
{
    LayerOp o;
    o.phase = ph;
    o.part = part;
    o.flops = flops;
    o.seconds = seconds;
    return o;
}

LayerOp message(LayerOp::Kind kind, StepPhase ph, EventPart part, double cover)
{
    LayerOp o;
    o.kind = kind;
    o.phase = ph;
    o.part = part;
    o.cover = cover;
    return o;
}

LayerOp tpPair(StepPhase ph, EventPart part, double cover) { return message(LayerOp::Kind::TpPair, ph, part, cover); }
LayerOp cpRing(StepPhase ph, double cover) { return message(LayerOp::Kind::CpRing, ph, EventPart::Attention, cover); }

} // namespace

int layerForwardOps(const LayerTimes& lt, StepPhase ph, LayerOp* out)
{
    int n = 0;
    out[n++] = kernels(ph, EventPart::Attention, lt.attnFlops + lt.coreFlops, lt.attnLinFwd + lt.coreFwd + lt.attnEwFwd);
    out[n++] = cpRing(ph, lt.coreFwd);
    out[n++] = tpPair(ph, EventPart::Attention, lt.attnLinFwd);
    out[n++] = kernels(ph, EventPart::Mlp, lt.mlpFlops, lt.mlpFwd);
    out[n++] = tpPair(ph, EventPart::Mlp, lt.mlpFwd);
    return n;
}

int layerBackwardOps(const LayerTimes& lt, Checkpointing recompute, LayerOp* out)
{
    int n = 0;
    if (recompute == Checkpointing::Full)
        n = layerForwardOps(lt, StepPhase::Recompute, out);
    else if (recompute == Checkpointing::Selective)
        out[n++] = kernels(StepPhase::Recompute, EventPart::Attention, lt.coreFlops, lt.coreFwd);
    const StepPhase b = StepPhase::Backward;
    out[n++] = kernels(b, EventPart::Mlp, 2.0 * lt.mlpFlops, lt.mlpBwd);
    out[n++] = tpPair(b, EventPart::Mlp, lt.mlpBwd);
    out[n++] = kernels(b, EventPart::Attention, 2.0 * (lt.attnFlops + lt.coreFlops), lt.attnLinBwd + lt.coreBwd + lt.attnEwBwd);
    out[n++] = cpRing(b, lt.coreBwd);
    out[n++] = tpPair(b, EventPart::Attention, lt.attnLinBwd);
    return n;
}

int headOps(const LayerTimes& lt, bool fwd, LayerOp* out)
{
    out[0] = fwd ? kernels(StepPhase::Forward, EventPart::Head, lt.headFlops, lt.headFwd)
                 : kernels(StepPhase::Backward, EventPart::Head, 2.0 * lt.headFlops, lt.headBwd);
    return 1;
}

int zero3PieceOps(const LayerTimes& lt, Zero3Work w, StepPhase ph, bool selective, LayerOp* out)
{
    // Each weight's share of its layer half (LayerTimes::qkvShare, upShare), as computeStep() splits a layer at its
    // weights; the TP pair and the ring after the piece that ends the half.
    const bool back = ph == StepPhase::Backward;
    const double attnLin = lt.attnLinFwd, mlpGemm = lt.mlpFwd - lt.mlpEwFwd, sh = lt.qkvShare, su = lt.upShare;
    const StepPhase b = StepPhase::Backward;
    int n = 0;
    switch (w) {
    case Zero3Work::None: break;
    case Zero3Work::Head: n = headOps(lt, !back, out); break;
    case Zero3Work::Qkv:
        if (!back) {
            out[n++] = kernels(ph, EventPart::Attention, lt.attnFlops * sh + lt.coreFlops, attnLin * sh + lt.coreFwd + lt.attnEwFwd);
            out[n++] = cpRing(ph, lt.coreFwd);
        } else {
            if (selective)
                out[n++] = kernels(StepPhase::Recompute, EventPart::Attention, lt.coreFlops, lt.coreFwd);
            out[n++] = kernels(b, EventPart::Attention, 2.0 * (lt.attnFlops * sh + lt.coreFlops),
                               2.0 * attnLin * sh + lt.coreBwd + lt.attnEwBwd);
            out[n++] = cpRing(b, lt.coreBwd);
            out[n++] = tpPair(b, EventPart::Attention, lt.attnLinBwd);
        }
        break;
    case Zero3Work::Out:
        if (!back) {
            out[n++] = kernels(ph, EventPart::Attention, lt.attnFlops * (1 - sh), attnLin * (1 - sh));
            out[n++] = tpPair(ph, EventPart::Attention, attnLin);
        } else {
            out[n++] = kernels(b, EventPart::Attention, 2.0 * lt.attnFlops * (1 - sh), 2.0 * attnLin * (1 - sh));
        }
        break;
    case Zero3Work::Up:
        if (!back) {
            out[n++] = kernels(ph, EventPart::Mlp, lt.mlpFlops * su, mlpGemm * su);
        } else {
            out[n++] = kernels(b, EventPart::Mlp, 2.0 * lt.mlpFlops * su, 2.0 * mlpGemm * su);
            out[n++] = tpPair(b, EventPart::Mlp, lt.mlpBwd);
        }
        break;
    case Zero3Work::Down:
        if (!back) {
            out[n++] = kernels(ph, EventPart::Mlp, lt.mlpFlops * (1 - su), mlpGemm * (1 - su) + lt.mlpEwFwd);
            out[n++] = tpPair(ph, EventPart::Mlp, lt.mlpFwd);
        } else {
            out[n++] = kernels(b, EventPart::Mlp, 2.0 * lt.mlpFlops * (1 - su), 2.0 * (mlpGemm * (1 - su) + lt.mlpEwFwd));
        }
        break;
    }
    return n;
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
    auto stream = [&](const LayerOp* ops, int n) {
        double secs = 0;
        for (int k = 0; k < n; ++k) {
            const LayerOp& o = ops[k];
            switch (o.kind) {
            case LayerOp::Kind::Kernels: secs += o.seconds; break;
            case LayerOp::Kind::TpPair:
                secs += s.tpCommOverlap ? tpPairSeconds - hiddenBeside(o.cover, tpPairSeconds) : tpPairSeconds;
                break;
            case LayerOp::Kind::CpRing:
                secs += s.cp <= 1 ? 0.0 : cpRingTime(s, lt, bw.cp, o.phase == StepPhase::Backward, o.cover).exposed;
                break;
            }
        }
        return secs;
    };
    LayerSeconds ls;
    LayerOp ops[kMaxLayerOps];
    ls.layerFwd = stream(ops, layerForwardOps(lt, StepPhase::Forward, ops));
    ls.layerFwdKernels = lt.attnLinFwd + lt.coreFwd + lt.attnEwFwd + lt.mlpFwd;
    ls.layerBwdKernels = lt.mlpBwd + lt.attnLinBwd + lt.coreBwd + lt.attnEwBwd;
    ls.layerBwdPlain = stream(ops, layerBackwardOps(lt, Checkpointing::None, ops));
    ls.layerBwd = stream(ops, layerBackwardOps(lt, s.checkpointing, ops));
    if (s.checkpointing == Checkpointing::Full)
        ls.layerRecompute = ls.layerFwdKernels;
    else if (s.checkpointing == Checkpointing::Selective)
        ls.layerRecompute = lt.coreFwd;
    const bool selective = s.checkpointing == Checkpointing::Selective;
    for (Zero3Work w : {Zero3Work::Head, Zero3Work::Qkv, Zero3Work::Out, Zero3Work::Up, Zero3Work::Down}) {
        ls.pieceFwd[std::size_t(w)] = stream(ops, zero3PieceOps(lt, w, StepPhase::Forward, selective, ops));
        ls.pieceBwd[std::size_t(w)] = stream(ops, zero3PieceOps(lt, w, StepPhase::Backward, selective, ops));
    }
    ls.send = pipelineSend(lt, bw).seconds(s.alphaSeconds);
    return ls;
}

void perWeightBlock(const Scenario& s, const UnitComms& uc, const LayerSeconds& ls, const std::vector<ZeroUnit>& units,
                    bool fwd, bool reduce, double& cf, double& qf)
{
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
}

} // namespace shardscope::detail
