// SPDX-License-Identifier: MIT
// The step model: one optimizer step of the worst rank as an ordered schedule of compute and
// communication (MODEL.md sections 5-7). See step.h for the rank layout and the stream model.
#include "shardscope/step.h"

#include "shardscope/errors.h"
#include "shardscope/kernels.h"
#include "blockphysics.h"
#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>
#include <tuple>

namespace shardscope {

const char* commGroupKey(CommGroup g)
{
    switch (g) {
    case CommGroup::None: return "";
    case CommGroup::DP: return "dp";
    case CommGroup::TP: return "tp";
    case CommGroup::PP: return "pp";
    case CommGroup::Host: return "host";
    case CommGroup::CP: return "cp";
    case CommGroup::EP: return "ep";
    }
    return "";
}

const char* stepPhaseKey(StepPhase p)
{
    switch (p) {
    case StepPhase::Forward: return "forward";
    case StepPhase::Backward: return "backward";
    case StepPhase::Recompute: return "recompute";
    case StepPhase::Optimizer: return "optimizer";
    }
    return "";
}

const char* eventPartKey(EventPart p)
{
    switch (p) {
    case EventPart::Attention: return "attention";
    case EventPart::Mlp: return "mlp";
    case EventPart::Layer: return "layer";
    case EventPart::Embedding: return "embedding";
    case EventPart::Head: return "head";
    case EventPart::Optimizer: return "optimizer";
    }
    return "";
}

namespace {

constexpr std::size_t kMaxSimBlocks = 2000000;
// Kernel times, group bandwidths, the optimizer phase and the stage split (stagetime.h) and a block's physics
// (blockphysics.h: the stages' units, a layer's ops, the units' collectives) are shared with the planner's closed
// form.
using detail::ceilDiv;
using detail::layersOnStage;
using detail::LayerTimes;

/// A stage of the pipeline as the step model sees it: its layers and its ZeRO units (params per TP rank).
using StageDesc = detail::BlockStage;

/// Per-op timeline relative to the op's start, as produced by the two-stream model.
struct OpTemplate
{
    std::vector<StepEvent> events;
    double duration = 0; ///< both streams done
    double release = 0; ///< compute stream done (the pipeline send included): the neighbour may go on
    double compute = 0;
    double recompute = 0;
};

class StepModel
{
public:
    explicit StepModel(const Scenario& s)
        : m_s(s)
    {
        m_fp = computeFootprint(s);
        m_links = planLinks(s);
        m_b = m_fp.bytesPerParam;
        m_t = s.tp;
        m_d = s.dp();
        m_p = s.pp;
        m_v = (s.schedule == PipelineSchedule::Interleaved && m_p > 1) ? s.vpp : 1;
        m_m = s.gradAccum;
        m_c = s.cp;
        m_dc = m_d * m_c;
        // A layer's kernel seconds and FLOPs, the group bandwidths and the units' collectives (stagetime.h,
        // blockphysics.h, shared with the planner).
        m_lt = detail::layerTimes(s, m_fp.gpu, detail::activationWireBytes(m_b));
        m_bw = detail::groupBandwidths(s, m_links, m_dc);
        m_uc = detail::unitComms(s, m_b, m_links, m_bw, m_dc);
        m_a2a = moeAllToAll(s);
        m_worstStage = m_fp.worstRank().stage;
        buildStages();
    }

    StepResult run();

private:
    void buildStages();
    const OpTemplate& opTemplate(std::int64_t stage, std::int64_t chunk, bool fwd, bool reduce);
    OpTemplate makeOp(const StageDesc& st, std::int64_t chunk, bool fwd, bool reduce) const;
    OpTemplate makePost(const StageDesc& st) const;
    /// Gradients are reduced in micro-batch mb's backward (ZeRO-2/3 every one, else the last) where a group has more
    /// than one rank: dp x cp, or (MoE) the routed experts' expert-DP.
    bool reducesOn(std::int64_t mb) const
    {
        return (m_dc > 1 || (m_uc.expertSplit && m_uc.edc > 1)) && (m_s.zeroStage >= 2 || mb == m_m - 1);
    }
    /// Full checkpointing of every n-th layer only (Scenario::checkpointInterval): is global layer l checkpointed?
    bool checkpointed(std::int64_t l) const;
    std::vector<std::vector<SimBlock>> schedule();
    void buildMemory(StepResult& r) const;

    const Scenario& m_s;
    Footprint m_fp;
    LinkPlan m_links;
    BytesPerParam m_b;
    std::int64_t m_t = 1, m_d = 1, m_p = 1, m_v = 1, m_m = 1;
    std::int64_t m_c = 1; ///< context-parallel size
    std::int64_t m_dc = 1; ///< ranks the model states are sharded and reduced over: dp x cp
    detail::GroupBandwidths m_bw; ///< the groups' bandwidths (stagetime.h)
    /// The layer's kernel seconds and FLOPs (attention: QKV/O GEMMs, core attention, its element-wise work; MLP; the
    /// LM head, forward and backward, for one micro-batch on one GPU) and its message bytes (stagetime.h).
    detail::LayerTimes m_lt;
    detail::UnitComms m_uc; ///< the collectives of the ZeRO units (blockphysics.h)
    MoeAllToAll m_a2a; ///< MoE (issue 25): one all-to-all of a MoE layer (none for a dense model)
    std::int64_t m_worstStage = 0;
    std::vector<StageDesc> m_stages;
    std::map<std::tuple<std::int64_t, std::int64_t, bool, bool>, OpTemplate> m_templates;
};

void StepModel::buildStages()
{
    m_stages.resize(static_cast<std::size_t>(m_p));
    for (std::int64_t i = 0; i < m_p; ++i)
        m_stages[static_cast<std::size_t>(i)] = detail::blockStage(m_fp, m_s.arch, m_t, m_p, i);
}

/// The two-stream model of one forward or backward block of one micro-batch through one model chunk.
/// Compute stream: kernels, Megatron's TP collectives (synchronous) and the pipeline send. Comm stream:
/// ZeRO-3 gathers (prefetched zero3PrefetchUnits ahead, FSDP style), gradient reductions after each
/// unit's backward (one bucket per layer), host copies. The block ends when both streams are done.
OpTemplate StepModel::makeOp(const StageDesc& st, std::int64_t chunk, bool fwd, bool reduce) const
{
    OpTemplate op;
    double cfree = 0, qfree = 0; // compute stream, comm stream
    const bool z3 = m_uc.z3;
    const StepPhase phase = fwd ? StepPhase::Forward : StepPhase::Backward;
    // The block's ZeRO units in its order (blockphysics.h).
    std::vector<detail::ZeroUnit> units;
    detail::blockUnits(st, m_v, chunk, fwd, units);

    auto push = [&](const StepEvent& e) {
        op.events.push_back(e);
        return op.events.size() - 1;
    };
    auto compute = [&](double flops, double secs, StepPhase ph, EventPart part, std::int64_t layer) {
        if (flops <= 0 && secs <= 0)
            return;
        StepEvent e;
        e.start = cfree;
        e.duration = secs;
        e.kind = EventKind::Compute;
        e.phase = ph;
        e.part = part;
        e.flops = flops;
        e.layer = layer;
        e.layerCount = layer >= 0 ? 1 : 0;
        cfree += e.duration;
        (ph == StepPhase::Recompute ? op.recompute : op.compute) += e.duration;
        push(e);
    };
    auto comm = [&](const detail::Collective& c, CommGroup g, bool crosses, StepPhase ph, EventPart part,
                    std::int64_t layer, bool blocking, double readyAt) {
        StepEvent e;
        e.kind = c.kind;
        e.group = g;
        e.phase = ph;
        e.part = part;
        e.bufferBytes = c.bufferBytes;
        e.bytes = collectiveWireBytes(c.kind, c.bufferBytes, c.groupSize);
        e.groupSize = c.groupSize;
        e.crossesNodes = crosses;
        e.layer = layer >= 0 ? layer : -1;
        e.layerCount = layer >= 0 ? 1 : 0;
        e.duration = c.seconds(m_s.alphaSeconds);
        if (blocking) {
            e.start = cfree;
            e.exposedSeconds = e.duration;
            cfree += e.duration;
        } else {
            e.start = std::max(qfree, readyAt);
            qfree = e.start + e.duration;
        }
        return push(e);
    };
    // Blocking collectives pushed since `first` overlap the `cover` seconds of kernels before them (async TP
    // next to its GEMMs, the CP ring next to the attention kernel): only what the kernels cannot cover is exposed.
    auto overlapBack = [&](std::size_t first, double cfree0, double cover) {
        const double total = cfree - cfree0;
        const double back = detail::hiddenBeside(cover, total);
        if (back <= 0)
            return;
        for (std::size_t i = first; i < op.events.size(); ++i) {
            StepEvent& e = op.events[i];
            e.start -= back;
            // Within [0, duration]: end() - start rounds differently from duration (-7e-14 s of hidden time, issue 30).
            e.exposedSeconds = std::clamp(std::max(0.0, e.end() - cfree0) - std::max(0.0, e.start - cfree0), 0.0, e.duration);
        }
        cfree -= back;
    };
    auto tpPair = [&](StepPhase ph, EventPart part, std::int64_t layer, double gemmSeconds) {
        // Megatron: one all-reduce after the row-parallel matmul (forward) or before the column-parallel
        // one (backward); with sequence parallelism an all-gather + reduce-scatter pair of the same volume.
        detail::Collective tc[2];
        const int n = detail::tpPairCollectives(m_s, m_lt, m_bw, tc);
        if (n == 0)
            return;
        const std::size_t first = op.events.size();
        const double cfree0 = cfree;
        for (int k = 0; k < n; ++k)
            comm(tc[k], CommGroup::TP, m_links.tpCrossesNodes, ph, part, layer, true, 0);
        if (m_s.tpCommOverlap)
            overlapBack(first, cfree0, gemmSeconds);
    };
    auto cpRing = [&](StepPhase ph, std::int64_t layer, double coreSeconds) {
        // Ring attention next to the attention kernel (stagetime.h cpRingTime(): Megatron-Core's P2P ring, cp - 1
        // sends of the K/V chunk, backward with dK/dV; or PyTorch's context_parallel, one K/V all-gather under the
        // first step only and, backward, c fp32 dK/dV sends); only what the kernels cannot cover is exposed.
        if (m_c <= 1)
            return;
        const bool backward = ph == StepPhase::Backward;
        const detail::CpRingTime rt = detail::cpRingTime(m_s, m_lt, m_bw.cp, backward, coreSeconds);
        StepEvent e;
        e.kind = m_s.cpTorchAllGather && !backward ? EventKind::AllGather : EventKind::Send;
        e.group = CommGroup::CP;
        e.phase = ph;
        e.part = EventPart::Attention;
        e.bufferBytes = rt.bufferBytes;
        e.bytes = rt.bytes;
        e.groupSize = m_c;
        e.crossesNodes = m_links.cpCrossesNodes;
        e.layer = layer;
        e.layerCount = 1;
        e.duration = rt.seconds;
        e.start = cfree;
        e.exposedSeconds = e.duration;
        const std::size_t first = op.events.size();
        const double cfree0 = cfree;
        cfree += e.duration;
        push(e);
        overlapBack(first, cfree0, rt.seconds - rt.exposed);
    };
    // MoE (issue 25; docs/model.md, "MoE all-to-all"): a MoE layer's MLP in one pass runs the dispatch all-to-all, the
    // experts' kernels, the combine all-to-all (backward: their gradients, in reverse: the same two messages). The
    // exposed seconds the MLP's time held (LayerTimes::moeA2aExposedFwd, Bwd) are cut out of the kernels event and
    // drawn as the two all-to-alls, half each, so the block's compute stream (and the step) keeps its length; an
    // all-to-all lasts moeAllToAll().seconds, of which what the kernels cover (moeA2aOverlap) is hidden. The exposed
    // seconds stay in the block's compute (or recompute) total as before; StepTotals::epSeconds reports them.
    auto moeMlp = [&](const detail::LayerOp& o, std::int64_t layer) {
        const double exposed
            = std::min(o.seconds, o.phase == StepPhase::Backward ? m_lt.moeA2aExposedBwd : m_lt.moeA2aExposedFwd);
        double& total = o.phase == StepPhase::Recompute ? op.recompute : op.compute;
        auto allToAll = [&]() {
            StepEvent e;
            e.kind = EventKind::AllToAll;
            e.group = CommGroup::EP;
            e.phase = o.phase;
            e.part = EventPart::Mlp;
            e.bufferBytes = m_a2a.tokens * m_a2a.copiesPerToken * m_a2a.bytesPerCopy;
            e.bytes = m_a2a.sentBytes;
            e.groupSize = std::max<std::int64_t>(1, m_s.ep);
            e.crossesNodes = m_a2a.epNodes > 1;
            e.layer = layer;
            e.layerCount = 1;
            e.duration = m_a2a.seconds;
            e.exposedSeconds = std::min(e.duration, 0.5 * exposed);
            e.start = cfree;
            cfree += 0.5 * exposed;
            total += 0.5 * exposed;
            push(e);
        };
        allToAll();
        compute(o.flops, o.seconds - exposed, o.phase, o.part, layer);
        allToAll();
    };
    // A layer's (or a per-weight piece's) ops in order (blockphysics.h): kernels, the TP pair, the CP ring.
    auto runAt = [&](std::int64_t layer) {
        return [&, layer](const detail::LayerOp& o) {
            switch (o.kind) {
            case detail::LayerOp::Kind::Kernels:
                if (o.wholeMlp && layer >= 0 && m_s.arch.moeLayer(layer) && m_a2a.seconds > 0)
                    moeMlp(o, layer);
                else
                    compute(o.flops, o.seconds, o.phase, o.part, layer);
                break;
            case detail::LayerOp::Kind::TpPair: tpPair(o.phase, o.part, layer, o.cover); break;
            case detail::LayerOp::Kind::CpRing: cpRing(o.phase, layer, o.cover); break;
            }
        };
    };

    // ZeRO-3 gathers: issue unit j's gather (after its host copy with parameter offload) when needed,
    // prefetching the next units as unit j starts.
    std::vector<double> gatherEnd(units.size(), -1.0);
    std::vector<std::size_t> gatherIdx(units.size(), 0);
    auto issueGather = [&](std::size_t j) {
        if (!z3 || j >= units.size() || gatherEnd[j] >= 0)
            return;
        const detail::ZeroUnit& u = units[j];
        if (m_uc.offPar)
            comm(m_uc.paramsToDevice(u.params), CommGroup::Host, false, phase, u.part, u.layer, false, cfree);
        gatherIdx[j] = comm(m_uc.gather(u.params, u.expert), CommGroup::DP, m_links.dpCrossesNodes, phase, u.part,
                            u.layer, false, cfree);
        // MoE (issue 25): the routed experts' params are gathered over expert-DP, after the dense ones.
        if (const std::int64_t e = m_uc.expertOf(u.params, u.expert); e > 0 && m_uc.edc > 1)
            gatherIdx[j] = comm(m_uc.gatherExpert(e), CommGroup::DP, m_links.edpCrossesNodes, phase, u.part, u.layer,
                                false, cfree);
        gatherEnd[j] = op.events[gatherIdx[j]].end();
    };
    auto waitGather = [&](std::size_t j) {
        if (!z3)
            return;
        issueGather(j);
        if (gatherEnd[j] > cfree) {
            op.events[gatherIdx[j]].exposedSeconds += gatherEnd[j] - cfree;
            cfree = gatherEnd[j];
        }
        for (std::int64_t k = 1; k <= m_s.zero3PrefetchUnits; ++k)
            issueGather(j + static_cast<std::size_t>(k));
    };
    // Megatron-LM's 2021 local DDP reduces the whole buffer after the flush (Scenario::ddpReduceAfterFlush).
    const bool afterFlush = m_s.ddpReduceAfterFlush && m_s.zeroStage == 0;
    std::vector<std::size_t> deferred;
    auto reduceGrads = [&](const detail::ZeroUnit& u) {
        if (!reduce)
            return;
        // MoE (issue 25): the routed experts' gradients are reduced over expert-DP (Megatron-Core's
        // expert_parallel_buffers), after the dense ones over dp x cp.
        const std::int64_t e = m_uc.expertOf(u.params, u.expert);
        if (m_dc > 1)
            comm(m_uc.reduce(u.params, e), CommGroup::DP, m_links.dpCrossesNodes, StepPhase::Backward, u.part, u.layer,
                 false, cfree);
        if (e > 0 && m_uc.edc > 1)
            comm(m_uc.reduceExpert(e), CommGroup::DP, m_links.edpCrossesNodes, StepPhase::Backward, u.part, u.layer,
                 false, cfree);
        if (m_uc.offOpt) // ZeRO-Offload streams the reduced gradient shard to the host
            comm(m_uc.gradsToHost(u.params, e), CommGroup::Host, false, StepPhase::Backward, u.part, u.layer, false,
                 cfree);
    };

    if (z3 && m_s.zero3PerTensorCollectives) {
        // DeepSpeed ZeRO-3 as of 2021 at the granularity it runs at: the pieces and their order are shared with the
        // planner's closed form (stagetime.h, zero3Pieces() and walkZero3Pieces(); blockphysics.h, zero3PieceOps()).
        const std::vector<detail::Zero3Piece> pieces = detail::zero3Pieces(m_s, units, fwd, m_dc, m_bw.z3SmallTensors);
        const bool selective = m_s.checkpointing == Checkpointing::Selective;
        std::vector<std::size_t> idx(pieces.size(), 0);
        std::vector<double> end(pieces.size(), -1.0);
        detail::walkZero3Pieces(
            pieces, double(m_s.zero3PrefetchBucketElements),
            [&](std::size_t j) {
                const detail::Zero3Piece& pc = pieces[j];
                if (m_uc.offPar)
                    comm(m_uc.pieceParamsToDevice(pc.gather), CommGroup::Host, false, phase, pc.part, pc.layer, false,
                         cfree);
                idx[j] = comm(m_uc.pieceGather(pc.gather), CommGroup::DP, m_links.dpCrossesNodes, phase, pc.part,
                              pc.layer, false, cfree);
                end[j] = op.events[idx[j]].end();
            },
            [&](std::size_t j) {
                if (end[j] > cfree) {
                    op.events[idx[j]].exposedSeconds += end[j] - cfree;
                    cfree = end[j];
                }
            },
            [&](std::size_t j) {
                const detail::Zero3Piece& pc = pieces[j];
                detail::zero3PieceOps(m_lt, pc.work, pc.phase, selective,
                                      runAt(pc.work == detail::Zero3Work::Head ? -1 : pc.layer));
                if (reduce && pc.reduce > 0) {
                    comm(m_uc.pieceReduce(pc.reduce, pc.reduceExtra), CommGroup::DP, m_links.dpCrossesNodes,
                         StepPhase::Backward, pc.part, pc.layer, false, cfree);
                    if (m_uc.offOpt)
                        comm(m_uc.pieceGradsToHost(pc.reduce), CommGroup::Host, false, StepPhase::Backward, pc.part,
                             pc.layer, false, cfree);
                }
            });
    } else {
        for (std::size_t j = 0; j < units.size(); ++j) {
            const detail::ZeroUnit& u = units[j];
            waitGather(j);
            if (u.part == EventPart::Layer && fwd) {
                detail::layerForwardOps(m_lt, StepPhase::Forward, runAt(u.layer));
            } else if (u.part == EventPart::Layer) {
                // Full checkpointing recomputes the forward of a checkpointed layer first, selective the attention core.
                // Per-op SAC (torchtitan) every second matmul and the element-wise ops.
                const Checkpointing rc = m_s.checkpointing == Checkpointing::Full && checkpointed(u.layer)
                    ? Checkpointing::Full
                    : m_s.checkpointing == Checkpointing::Selective || m_s.checkpointing == Checkpointing::PerOp
                    ? m_s.checkpointing
                    : Checkpointing::None;
                detail::layerBackwardOps(m_lt, rc, runAt(u.layer));
            } else if (u.part == EventPart::Head) {
                detail::headOps(m_lt, fwd, runAt(-1));
            }
            if (!fwd && afterFlush)
                deferred.push_back(j);
            else if (!fwd)
                reduceGrads(u);
        }
    }
    // The pipeline send of the block's output (activations forward, input grads backward).
    const std::int64_t V = m_p * m_v;
    const std::int64_t vs = chunk * m_p + st.index;
    if ((fwd && vs < V - 1) || (!fwd && vs > 0))
        comm(detail::pipelineSend(m_lt, m_bw), CommGroup::PP, m_links.ppCrossesNodes, phase, EventPart::Layer, -1, true,
             0);
    // After the block's last kernel and its send (forward_backward_func has returned): nothing of the all-reduce
    // overlaps the backward, so all of it is exposed.
    for (const std::size_t j : deferred)
        reduceGrads(units[j]);
    // Whatever the comm stream still runs when compute is done holds the block up.
    if (qfree > cfree) {
        for (auto& e : op.events) {
            if (!e.isComm() || e.exposedSeconds >= e.duration)
                continue;
            const double overlap = std::max(0.0, e.end() - std::max(e.start, cfree));
            e.exposedSeconds = std::min(e.duration, e.exposedSeconds + overlap);
        }
    }
    op.duration = std::max(cfree, qfree);
    op.release = cfree;
    return op;
}

/// After the stage's last block: the optimizer step (GPU, or CPU Adam when offloaded), the host copies
/// and ZeRO-1/2's all-gather of the updated parameters.
OpTemplate StepModel::makePost(const StageDesc& st) const
{
    OpTemplate op;
    double t = 0;
    const int z = m_s.zeroStage;
    const std::int64_t P = st.local;
    // MoE (issue 25): the routed experts' states sharded and all-gathered over expert-DP (optimizerPhase()).
    const std::int64_t E = m_uc.expertSplit ? std::clamp<std::int64_t>(st.expertLocal, 0, P) : 0;
    const std::int64_t shard = z >= 1 ? ceilDiv(P - E, m_dc) + ceilDiv(E, m_uc.edc) : P;
    auto add = [&](StepEvent e) {
        e.start = t;
        t += e.duration;
        e.phase = StepPhase::Optimizer;
        e.part = EventPart::Optimizer;
        op.events.push_back(e);
    };
    const double cover = double(st.layers) * m_lt.layerForward();
    const detail::OptimizerPhase o = detail::optimizerPhase(m_s, m_b, m_links, m_fp.gpu, m_bw, P, m_dc, cover, E);
    {
        // The optimizer step: GPU Adam, or CPU Adam (streaming from NVMe with ZeRO-Infinity) when offloaded.
        StepEvent e;
        e.kind = EventKind::Compute;
        e.duration = o.step;
        add(e);
        op.compute += e.duration;
    }
    if (m_s.offloadOptimizer != OffloadDevice::None && m_s.offloadParams == OffloadDevice::None) {
        StepEvent h;
        h.kind = EventKind::HostToDevice;
        h.group = CommGroup::Host;
        h.bufferBytes = h.bytes = double(shard) * m_b.weights;
        h.duration = o.hostCopy;
        h.exposedSeconds = h.duration;
        add(h);
        op.compute += h.duration;
    }
    if ((z == 1 || z == 2) && (m_dc > 1 || (E > 0 && m_uc.edc > 1))) {
        StepEvent e;
        e.kind = EventKind::AllGather;
        e.group = CommGroup::DP;
        e.bufferBytes = o.gatherBytes;
        e.bytes = E > 0 ? collectiveWireBytes(e.kind, double(P - E) * m_b.weights, m_dc)
                + collectiveWireBytes(e.kind, double(E) * m_b.weights, m_uc.edc)
                        : collectiveWireBytes(e.kind, e.bufferBytes, m_dc);
        e.groupSize = m_dc;
        e.crossesNodes = m_links.dpCrossesNodes;
        e.duration = o.gather;
        e.exposedSeconds = o.gatherExposed;
        if (m_s.overlapParamGather) {
            // Megatron-Core overlap_param_gather: only what the first forward cannot cover holds the step up.
            e.start = t;
            e.phase = StepPhase::Optimizer;
            e.part = EventPart::Optimizer;
            t += e.exposedSeconds;
            op.events.push_back(e);
        } else {
            add(e);
        }
    }
    op.duration = t;
    return op;
}

bool StepModel::checkpointed(std::int64_t l) const
{
    // fms-fsdp's selective checkpointing (policies/ac_handler.py; the rule is shared with the closed form).
    return detail::layerCheckpointed(m_s, l);
}

const OpTemplate& StepModel::opTemplate(std::int64_t stage, std::int64_t chunk, bool fwd, bool reduce)
{
    const auto key = std::make_tuple(stage, chunk, fwd, fwd ? false : reduce);
    auto it = m_templates.find(key);
    if (it == m_templates.end())
        it = m_templates.emplace(key, makeOp(m_stages[static_cast<std::size_t>(stage)], chunk, fwd, fwd ? false : reduce))
                 .first;
    return it->second;
}

std::vector<std::vector<SimBlock>> StepModel::schedule()
{
    const PipelineSchedule sched = m_p > 1 ? m_s.schedule : PipelineSchedule::OneFOneB;
    auto dur = [&](std::int64_t vs, std::int64_t mb, bool fwd) {
        return opTemplate(vs % m_p, vs / m_p, fwd, reducesOn(mb)).duration;
    };
    const auto blocks = static_cast<std::size_t>(2 * m_p * m_m * m_v);
    if (blocks <= kMaxSimBlocks)
        return simulateSchedule(sched, m_p, m_m, m_v, [&](std::int64_t vs, std::int64_t mb, bool fwd) {
            const OpTemplate& op = opTemplate(vs % m_p, vs / m_p, fwd, reducesOn(mb));
            return std::make_pair(op.duration, op.release);
        }, 0.0);
    // Too many blocks to simulate: the worst stage runs its blocks in schedule order back to back after
    // the fill (the forwards of the stages before it), and the drain comes after (documented approximation:
    // fill + m x (slowest stage) covers the step as in the closed form).
    std::vector<std::vector<SimBlock>> out(static_cast<std::size_t>(m_p));
    double fill = 0;
    for (std::int64_t i = 0; i < m_worstStage; ++i)
        for (std::int64_t c = 0; c < m_v; ++c)
            fill += dur(c * m_p + i, 0, true) / double(m_v);
    const auto order = stageOrder(sched, m_p, m_m, m_v, m_worstStage);
    double t = fill;
    auto& mine = out[static_cast<std::size_t>(m_worstStage)];
    mine.reserve(order.size());
    for (const ScheduleOp& o : order) {
        SimBlock b;
        b.block.stage = m_worstStage;
        b.block.chunk = o.chunk;
        b.block.microbatch = o.mb;
        b.block.forward = o.fwd;
        b.block.start = t;
        b.block.duration = dur(o.chunk * m_p + m_worstStage, o.mb, o.fwd);
        b.depEnd = -1;
        t += b.block.duration;
        mine.push_back(b);
    }
    // The other stages: one summary block each spanning their own work (for the step end only). `before` is a running
    // sum of the first forwards of the stages before (a sum over k < i per stage was quadratic in PP: 64 s at PP 20,000).
    double before = 0;
    for (std::int64_t i = 0; i < m_p; ++i) {
        const double reached = before;
        before += dur(i, 0, true);
        if (i == m_worstStage)
            continue;
        double work = 0;
        for (std::int64_t c = 0; c < m_v; ++c) {
            const std::int64_t vs = c * m_p + i;
            work += double(m_m - 1) * (dur(vs, 0, true) + dur(vs, 0, false)) + dur(vs, m_m - 1, true)
                + dur(vs, m_m - 1, false);
        }
        SimBlock b;
        b.block.stage = i;
        b.block.start = reached;
        b.block.duration = work;
        out[static_cast<std::size_t>(i)].push_back(b);
    }
    return out;
}

/// Merges events by (window, kind, group, phase[, part]) in first-seen order: durations, bytes and FLOPs
/// add, so the totals of the merged list are those of the fine one.
void mergeInto(std::vector<StepEvent>& out, const std::vector<StepEvent>& in, bool keepParts)
{
    struct Key
    {
        EventKind k;
        CommGroup g;
        StepPhase ph;
        EventPart part;
        bool operator<(const Key& o) const
        {
            return std::tie(k, g, ph, part) < std::tie(o.k, o.g, o.ph, o.part);
        }
    };
    std::map<Key, std::size_t> at;
    for (const StepEvent& e : in) {
        EventPart part = e.part;
        if (!keepParts && (part == EventPart::Attention || part == EventPart::Mlp))
            part = EventPart::Layer;
        const Key key {e.kind, e.group, e.phase, part};
        auto it = at.find(key);
        if (it == at.end()) {
            StepEvent x = e;
            x.part = part;
            at.emplace(key, out.size());
            out.push_back(x);
            continue;
        }
        StepEvent& x = out[it->second];
        x.duration += e.duration;
        x.bytes += e.bytes;
        x.bufferBytes += e.bufferBytes;
        x.flops += e.flops;
        x.exposedSeconds += e.exposedSeconds;
        if (e.layer >= 0 && (x.layer < 0 || e.layer < x.layer))
            x.layer = e.layer;
        if (e.microbatch >= 0 && (x.microbatch < 0 || e.microbatch < x.microbatch))
            x.microbatch = e.microbatch;
    }
}

StepResult StepModel::run()
{
    StepResult r;
    r.footprint = m_fp;
    r.links = m_links;
    r.fits = m_fp.fits;
    r.worstStage = m_worstStage;
    const auto stages = schedule();
    const auto& mine = stages[static_cast<std::size_t>(m_worstStage)];

    // Step end: every stage's last block plus its optimizer phase.
    double stepEnd = 0;
    for (std::int64_t i = 0; i < m_p; ++i) {
        const auto& st = stages[static_cast<std::size_t>(i)];
        const double end = st.empty() ? 0.0 : st.back().block.start + st.back().block.duration;
        stepEnd = std::max(stepEnd, end + makePost(m_stages[static_cast<std::size_t>(i)]).duration);
    }
    for (const auto& st : stages)
        for (const auto& b : st)
            if (b.block.duration > 0 && (m_p > 1 || !st.empty()))
                r.pipeline.push_back(b.block);
    if (m_p == 1)
        r.pipeline.clear(); // no pipeline: the chart has nothing to show beyond the Gantt
    if (2 * m_p * m_m * m_v > static_cast<std::int64_t>(kMaxSimBlocks))
        r.pipeline.clear();

    // Totals over the worst stage (fine-grained, before any merging).
    StepTotals& T = r.totals;
    double cursor = 0;
    std::size_t fineCount = 0;
    const double recvSeconds = collectiveSeconds(EventKind::Recv, m_lt.p2pBytes, 2, m_s.alphaSeconds, m_bw.pp);
    for (const SimBlock& b : mine) {
        const OpTemplate& op
            = opTemplate(m_worstStage, b.block.chunk, b.block.forward, reducesOn(b.block.microbatch));
        T.bubbleSeconds += std::max(0.0, b.block.start - cursor);
        cursor = b.block.start + b.block.duration;
        T.computeSeconds += op.compute;
        T.recomputeSeconds += op.recompute;
        T.exposedCommSeconds += std::max(0.0, op.duration - op.compute - op.recompute); // rounding: never below 0
        fineCount += op.events.size() + (b.remoteDep ? 1 : 0);
        for (const auto& e : op.events) {
            // MoE all-to-alls: their exposed seconds are in op.compute, their totals in epBytes and epSeconds.
            if (!e.isComm() || e.group == CommGroup::EP)
                continue;
            T.hiddenCommSeconds += std::max(0.0, e.duration - e.exposedSeconds);
            double& g = e.group == CommGroup::DP ? T.dpBytes
                : e.group == CommGroup::TP       ? T.tpBytes
                : e.group == CommGroup::PP       ? T.ppBytes
                : e.group == CommGroup::CP       ? T.cpBytes
                                                 : T.hostBytes;
            g += e.bytes;
        }
    }
    const OpTemplate post = makePost(m_stages[static_cast<std::size_t>(m_worstStage)]);
    for (const auto& e : post.events) {
        if (e.kind == EventKind::Compute || e.group == CommGroup::Host) {
            T.optimizerSeconds += e.duration;
        } else {
            T.exposedCommSeconds += e.exposedSeconds;
            T.hiddenCommSeconds += std::max(0.0, e.duration - e.exposedSeconds);
        }
        if (e.group == CommGroup::DP)
            T.dpBytes += e.bytes;
        if (e.group == CommGroup::Host)
            T.hostBytes += e.bytes;
    }
    const double postStart = cursor;
    T.bubbleSeconds += std::max(0.0, stepEnd - (postStart + post.duration));
    T.stepTime = stepEnd;
    fineCount += post.events.size();
    // MoE (issue 25): the worst rank's all-to-alls, 4 per MoE layer per micro-batch (2 more where full
    // checkpointing recomputes the layer's forward); their exposed part is in the MLP's compute events (stagetime.cpp).
    if (m_s.arch.moe()) {
        const std::int64_t L = m_s.arch.layers;
        const bool e = m_s.embeddingInPipelineSplit, l = m_s.lossInPipelineSplit;
        const std::int64_t stageLayers = detail::layersOnStage(L, m_p, m_worstStage, e, l);
        const std::int64_t first = detail::layersBefore(L, m_p, m_worstStage, e, l);
        const double moeLayers = double(m_s.arch.moeLayersIn(first, stageLayers));
        // Full checkpointing reruns the forward (its two all-to-alls and half the overlap's cost) of the checkpointed
        // layers only: every n-th one under Scenario::checkpointInterval (checkpointed()).
        double recomputed = 0;
        if (m_s.checkpointing == Checkpointing::Full) {
            for (std::int64_t i = first; i < first + stageLayers; ++i)
                recomputed += m_s.arch.moeLayer(i) && checkpointed(i) ? 1.0 : 0.0;
        }
        const double passes = 4.0 * moeLayers + 2.0 * recomputed;
        T.epBytes = passes * double(m_m) * m_lt.moeA2aBytes;
        T.epSeconds = passes * double(m_m) * m_lt.moeA2aSeconds;
        T.epOverlapCostSeconds = (moeLayers + 0.5 * recomputed) * double(m_m) * m_lt.moeA2aOverlapCost;
        T.epSyncSeconds = (moeLayers + recomputed) * double(m_m) * m_lt.moeSyncDrain;
    }

    // Executed and model FLOPs of the whole step (all stages, all TP and DP ranks).
    double stageFlopsSum = 0, modelFlopsSum = 0;
    for (std::int64_t i = 0; i < m_p; ++i) {
        for (std::int64_t c = 0; c < m_v; ++c) {
            for (bool fwd : {true, false}) {
                const OpTemplate& op = opTemplate(i, c, fwd, false);
                for (const auto& e : op.events) {
                    if (e.kind != EventKind::Compute)
                        continue;
                    stageFlopsSum += e.flops * double(m_m);
                    if (e.phase != StepPhase::Recompute)
                        modelFlopsSum += e.flops * double(m_m);
                }
            }
        }
    }
    const double N = double(m_s.gpus);
    T.executedFlops = stageFlopsSum * double(m_t) * double(m_d) * double(m_c);
    T.modelFlops = modelFlopsSum * double(m_t) * double(m_d) * double(m_c);
    T.tokensPerStep = double(m_d) * double(m_m) * double(m_s.microBatch) * double(m_s.seq);
    if (T.stepTime > 0) {
        T.tflopsPerGpu = T.executedFlops / T.stepTime / N / 1e12;
        T.mfu = T.modelFlops / (T.stepTime * N * m_links.peakFlops);
        T.tokensPerSecondPerGpu = T.tokensPerStep / T.stepTime / N;
        T.bubbleFraction = T.bubbleSeconds / T.stepTime;
    }
    T.analyticBubbleFraction = pipelineBubbleFraction(m_s.schedule, m_p, m_m, m_v);

    // Events of the worst stage, merged when there would be more than kMaxStepEvents: first G layers per
    // event (G doubling), then K blocks per event. Sizes are counted exactly from the block templates.
    const std::int64_t chunkLayers
        = std::max<std::int64_t>(1, ceilDiv(m_stages[static_cast<std::size_t>(m_worstStage)].layers, m_v));
    auto blockEvents = [&](const SimBlock& b) {
        const OpTemplate& op = opTemplate(m_worstStage, b.block.chunk, b.block.forward, reducesOn(b.block.microbatch));
        std::vector<StepEvent> evs;
        evs.reserve(op.events.size() + 1);
        if (b.remoteDep) {
            StepEvent e;
            e.kind = EventKind::Recv;
            e.group = CommGroup::PP;
            e.phase = b.block.forward ? StepPhase::Forward : StepPhase::Backward;
            e.bufferBytes = m_lt.p2pBytes;
            e.groupSize = 2;
            e.crossesNodes = m_links.ppCrossesNodes;
            e.duration = std::min(recvSeconds, b.depEnd);
            e.start = b.depEnd - e.duration;
            evs.push_back(e);
        }
        for (StepEvent e : op.events) {
            e.start += b.block.start;
            e.microbatch = b.block.microbatch;
            e.chunk = b.block.chunk;
            evs.push_back(e);
        }
        return evs;
    };
    auto byLayers = [](const std::vector<StepEvent>& evs, std::int64_t G) {
        // Merge per window of G layers (events of the embedding, the head and the sends stay apart).
        std::vector<std::int64_t> keys;
        std::map<std::int64_t, std::vector<StepEvent>> win;
        for (const StepEvent& e : evs) {
            const std::int64_t w = e.layer >= 0 ? (e.layer / G) : -1000000 - static_cast<std::int64_t>(e.part);
            auto& v = win[w];
            if (v.empty())
                keys.push_back(w);
            v.push_back(e);
        }
        std::vector<StepEvent> out;
        for (std::int64_t w : keys) {
            const std::size_t before = out.size();
            mergeInto(out, win[w], false);
            for (std::size_t k = before; k < out.size(); ++k) {
                std::int64_t lo = -1, hi = -1;
                for (const StepEvent& f : win[w]) {
                    if (f.layer < 0 || f.kind != out[k].kind || f.phase != out[k].phase || f.group != out[k].group)
                        continue;
                    lo = lo < 0 ? f.layer : std::min(lo, f.layer);
                    hi = std::max(hi, f.layer);
                }
                out[k].layerCount = lo < 0 ? 0 : hi - lo + 1;
            }
        }
        return out;
    };
    std::int64_t G = 1, K = 1;
    if (fineCount > kMaxStepEvents) {
        r.aggregated = true;
        std::map<std::tuple<std::int64_t, bool, bool, bool>, std::size_t> sizeCache;
        auto countWith = [&](std::int64_t g) {
            std::size_t n = post.events.size();
            for (const SimBlock& b : mine) {
                const auto key = std::make_tuple(b.block.chunk, b.block.forward, reducesOn(b.block.microbatch), b.remoteDep);
                auto it = sizeCache.find(key);
                if (it == sizeCache.end())
                    it = sizeCache.emplace(key, byLayers(blockEvents(b), g).size()).first;
                n += it->second;
            }
            return n;
        };
        G = std::min<std::int64_t>(chunkLayers, static_cast<std::int64_t>(std::ceil(double(fineCount) / double(kMaxStepEvents))));
        for (;;) {
            sizeCache.clear();
            if (countWith(G) <= kMaxStepEvents || G >= chunkLayers)
                break;
            G = std::min(chunkLayers, 2 * G);
        }
        if (countWith(G) > kMaxStepEvents) {
            G = chunkLayers;
            // Blocks per event: a window of K blocks yields at most one event per distinct key of its templates.
            std::vector<StepEvent> all;
            for (const auto& kv : m_templates)
                if (std::get<0>(kv.first) == m_worstStage)
                    for (StepEvent e : kv.second.events)
                        all.push_back(e);
            std::vector<StepEvent> keys;
            mergeInto(keys, all, false);
            const double perWindow = double(keys.size() + 1); // + recv
            K = std::max<std::int64_t>(2, static_cast<std::int64_t>(std::ceil(double(mine.size()) * perWindow
                                                                           / double(kMaxStepEvents - post.events.size()))));
        }
    }
    r.layersPerEvent = G;
    r.opsPerEvent = K;
    std::vector<StepEvent> window;
    std::int64_t windowOps = 0;
    auto flushWindow = [&]() {
        if (window.empty())
            return;
        const std::size_t before = r.events.size();
        const std::int64_t mbs = (windowOps + 1) / 2;
        mergeInto(r.events, window, false);
        for (std::size_t k = before; k < r.events.size(); ++k) {
            r.events[k].microbatchCount = std::max<std::int64_t>(1, mbs);
            r.events[k].layerCount = r.events[k].layer >= 0 ? chunkLayers : 0;
        }
        window.clear();
        windowOps = 0;
    };
    // With blocks merged, each block contributes its template already merged by key (a handful of events).
    std::map<std::tuple<std::int64_t, bool, bool>, std::vector<StepEvent>> summaries;
    auto blockSummary = [&](const SimBlock& b) {
        const auto key = std::make_tuple(b.block.chunk, b.block.forward, reducesOn(b.block.microbatch));
        auto it = summaries.find(key);
        if (it == summaries.end()) {
            std::vector<StepEvent> sum;
            mergeInto(sum, opTemplate(m_worstStage, b.block.chunk, b.block.forward, reducesOn(b.block.microbatch)).events,
                      false);
            it = summaries.emplace(key, std::move(sum)).first;
        }
        std::vector<StepEvent> evs;
        if (b.remoteDep) {
            StepEvent e;
            e.kind = EventKind::Recv;
            e.group = CommGroup::PP;
            e.phase = b.block.forward ? StepPhase::Forward : StepPhase::Backward;
            e.bufferBytes = m_lt.p2pBytes;
            e.groupSize = 2;
            e.crossesNodes = m_links.ppCrossesNodes;
            e.duration = std::min(recvSeconds, b.depEnd);
            e.start = b.depEnd - e.duration;
            evs.push_back(e);
        }
        for (StepEvent e : it->second) {
            e.start += b.block.start;
            e.microbatch = b.block.microbatch;
            e.chunk = b.block.chunk;
            evs.push_back(e);
        }
        return evs;
    };
    for (const SimBlock& b : mine) {
        if (K > 1) {
            const std::vector<StepEvent> evs = blockSummary(b);
            window.insert(window.end(), evs.begin(), evs.end());
            if (++windowOps >= K)
                flushWindow();
        } else if (G > 1) {
            for (const StepEvent& e : byLayers(blockEvents(b), G))
                r.events.push_back(e);
        } else {
            const std::vector<StepEvent> evs = blockEvents(b);
            r.events.insert(r.events.end(), evs.begin(), evs.end());
        }
    }
    flushWindow();
    for (StepEvent e : post.events) {
        e.start += postStart;
        r.events.push_back(e);
    }
    std::stable_sort(r.events.begin(), r.events.end(),
                     [](const StepEvent& a, const StepEvent& b) { return a.start < b.start; });
    buildMemory(r);
    return r;
}

/// Memory of the worst rank over the step, drawn from the footprint's liveness timeline (memoryTimeline(),
/// RankFootprint::timeline) in the capacity measure in force, so that its maximum is the footprint's peak in
/// that measure exactly. Each instant is one of the timeline's moments, or lies between two of them:
/// - before the first kernel: `steady`;
/// - forward: `forward-end` without the loss, its activations in proportion to the layer-micro-batches held
///   (forward adds at the MLP's start, backward frees at the attention's end); the LM head and loss, from a
///   micro-batch's head forward to its head backward: `forward-end` with the loss;
/// - backward (and its recomputation): between `backward-start` (all held) and `backward-end` (none held),
///   term by term in proportion to the layer-micro-batches still held, never above the larger of the two;
/// - the optimizer step and what follows it: `optimizer-step`.
/// The instants the footprint describes take its moments exactly: the last forward kernel before the first
/// backward (everything in flight stored, the loss on the last stage) is `forward-end`, the first backward
/// kernel (the last layer's, its recomputation first) `backward-start`, the last one (the first layer's)
/// `backward-end`. No instant exceeds its moment, so the curve's maximum is the largest moment's measure.
void StepModel::buildMemory(StepResult& r) const
{
    const RankFootprint& w = m_fp.worstRank();
    const CapacityMeasure measure = m_s.capacityMeasure;
    using Bytes = std::array<std::int64_t, kTermCount>;
    auto moment = [&](StepMoment m) -> const Bytes& { return w.timeline[static_cast<std::size_t>(m)].bytes; };
    auto measured = [&](const Bytes& a) { return memoryMeasures(m_s, a).of(measure); };
    const auto acts = static_cast<std::size_t>(Term::Activations);
    const auto logits = static_cast<std::size_t>(Term::Logits);
    const std::int64_t backwardCap
        = std::max(measured(moment(StepMoment::BackwardStart)), measured(moment(StepMoment::BackwardEnd)));

    // The kernels that take a moment exactly: the first and last backward (or recompute) kernel of a layer,
    // and the last forward kernel before the first of them.
    auto isLayerBackward = [](const StepEvent& e) {
        return e.kind == EventKind::Compute && e.part != EventPart::Head
            && (e.phase == StepPhase::Backward || e.phase == StepPhase::Recompute);
    };
    std::size_t firstBwd = r.events.size(), lastBwd = r.events.size(), lastFwd = r.events.size();
    for (std::size_t i = 0; i < r.events.size(); ++i) {
        const StepEvent& e = r.events[i];
        if (!isLayerBackward(e))
            continue;
        if (firstBwd == r.events.size() || e.start < r.events[firstBwd].start)
            firstBwd = i;
        if (lastBwd == r.events.size() || e.end() >= r.events[lastBwd].end())
            lastBwd = i;
    }
    for (std::size_t i = 0; i < r.events.size(); ++i) {
        const StepEvent& e = r.events[i];
        if (e.kind == EventKind::Compute && e.phase == StepPhase::Forward
            && (firstBwd == r.events.size() || e.start < r.events[firstBwd].start)
            && (lastFwd == r.events.size() || e.start >= r.events[lastFwd].start))
            lastFwd = i;
    }

    // Sweep over event boundaries.
    enum Exact { ExactForward = 1, ExactBackwardStart = 2, ExactBackwardEnd = 4 };
    struct Edge
    {
        double t;
        int order; // ends before starts at equal times
        double held; // change of held layer-micro-batches
        int forward, head, loss, backward, optimizer, exact; // changes of the running counts
        int exactBits;
    };
    std::vector<Edge> edges;
    edges.reserve(r.events.size() * 2);
    for (std::size_t i = 0; i < r.events.size(); ++i) {
        const StepEvent& e = r.events[i];
        if (e.kind != EventKind::Compute)
            continue;
        Edge s {e.start, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        Edge f {e.end(), 0, 0, 0, 0, 0, 0, 0, 0, 0};
        const double layerMbs = double(e.layerCount) * double(e.microbatchCount);
        if (e.phase == StepPhase::Optimizer) {
            s.optimizer = 1;
            f.optimizer = -1;
        } else if (e.part == EventPart::Head) {
            s.head = 1;
            f.head = -1;
            // The loss is alive from a micro-batch's head forward to the end of its head backward.
            if (e.phase == StepPhase::Forward)
                s.loss = 1;
            else
                f.loss = -1;
        } else if (e.phase == StepPhase::Forward) {
            s.forward = 1;
            f.forward = -1;
            // One layer's activations are stored when its MLP half (or the merged layer) starts forward.
            if (e.part == EventPart::Mlp || e.part == EventPart::Layer)
                s.held = layerMbs;
        } else {
            s.backward = 1;
            f.backward = -1;
            // Backward frees after the attention half (the last one of a layer's backward) or a merged layer.
            if (e.phase == StepPhase::Backward && (e.part == EventPart::Attention || e.part == EventPart::Layer))
                f.held = -layerMbs;
        }
        const int bits = (i == lastFwd ? ExactForward : 0) | (i == firstBwd ? ExactBackwardStart : 0)
            | (i == lastBwd ? ExactBackwardEnd : 0);
        if (bits != 0) {
            s.exact = 1;
            s.exactBits = bits;
            f.exact = -1;
            f.exactBits = bits;
        }
        edges.push_back(s);
        edges.push_back(f);
    }
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
        return a.t < b.t || (a.t == b.t && a.order < b.order);
    });
    // Pass 1: the most layer-micro-batches held at once.
    double held = 0, maxHeld = 0;
    for (const Edge& e : edges) {
        held += e.held;
        maxHeld = std::max(maxHeld, held);
    }

    enum class State { Steady, Forward, Loss, Backward, Optimizer };
    State sticky = State::Steady;
    held = 0;
    int forward = 0, head = 0, loss = 0, backward = 0, optimizer = 0, exact = 0, exactBits = 0;
    auto value = [&]() -> std::int64_t {
        if (exact > 0) {
            std::int64_t v = 0;
            if (exactBits & ExactForward)
                v = std::max(v, measured(moment(StepMoment::ForwardLoss)));
            if (exactBits & ExactBackwardStart)
                v = std::max(v, measured(moment(StepMoment::BackwardStart)));
            if (exactBits & ExactBackwardEnd)
                v = std::max(v, measured(moment(StepMoment::BackwardEnd)));
            return v;
        }
        State st = sticky;
        if (optimizer > 0)
            st = State::Optimizer;
        else if (backward > 0)
            st = State::Backward;
        else if (head > 0 || loss > 0)
            st = State::Loss;
        else if (forward > 0)
            st = State::Forward;
        sticky = st;
        const double f = maxHeld > 0 ? std::clamp(held / maxHeld, 0.0, 1.0) : 1.0;
        switch (st) {
        case State::Steady: return measured(moment(StepMoment::Steady));
        case State::Optimizer: return measured(moment(StepMoment::OptimizerStep));
        case State::Forward:
        case State::Loss: {
            Bytes a = moment(StepMoment::ForwardLoss);
            a[acts] = static_cast<std::int64_t>(std::llround(double(a[acts]) * f));
            if (st == State::Forward)
                a[logits] = 0;
            return measured(a);
        }
        case State::Backward: {
            const Bytes& hi = moment(StepMoment::BackwardStart);
            const Bytes& lo = moment(StepMoment::BackwardEnd);
            Bytes a {};
            for (std::size_t k = 0; k < a.size(); ++k)
                a[k] = static_cast<std::int64_t>(std::llround(f * double(hi[k]) + (1.0 - f) * double(lo[k])));
            return std::min(measured(a), backwardCap);
        }
        }
        return 0;
    };
    r.memory.push_back({0.0, value()});
    // Blocks are placed by offsets, so a kernel's end and the next one's start can differ by rounding:
    // edges closer than this are one instant.
    const double tol = 1e-9 * std::max(1e-9, r.totals.stepTime);
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const Edge& e = edges[i];
        held += e.held;
        forward += e.forward;
        head += e.head;
        loss = std::max(0, loss + e.loss);
        backward += e.backward;
        optimizer += e.optimizer;
        exact += e.exact;
        if (e.exact > 0)
            exactBits |= e.exactBits;
        else if (e.exact < 0 && exact == 0)
            exactBits = 0;
        if (i + 1 < edges.size() && edges[i + 1].t - e.t <= tol)
            continue;
        const std::int64_t v = value();
        if (r.memory.back().t == e.t)
            r.memory.back().bytes = v;
        else if (r.memory.back().bytes != v)
            r.memory.push_back({e.t, v});
    }
    r.peakBytes = 0;
    for (const auto& pt : r.memory)
        r.peakBytes = std::max(r.peakBytes, pt.bytes);
}

} // namespace


StageParams stageParams(const Footprint& fp, const Architecture& a, std::int64_t tp, std::int64_t pp, std::int64_t stage)
{
    const RankFootprint* firstRank = nullptr;
    const RankFootprint* lastRank = nullptr;
    for (const auto& r : fp.ranks) {
        if (r.stage == 0)
            firstRank = &r;
        if (r.stage == pp - 1)
            lastRank = &r;
    }
    StageParams st;
    st.layers = layersOnStage(a.layers, pp, stage, fp.embeddingInPipelineSplit, fp.lossInPipelineSplit);
    st.perLayer = fp.ranks.front().perLayerLocalParams;
    const bool first = stage == 0, last = stage == pp - 1;
    std::int64_t local = st.layers * st.perLayer;
    if (first && firstRank)
        local = firstRank->localParams;
    if (last && lastRank)
        local = lastRank->localParams;
    std::int64_t extra = local - st.layers * st.perLayer;
    if (first) {
        const std::int64_t vL = ceilDiv(a.vocab, tp) * a.hidden + a.maxPositions * a.hidden;
        st.embedding = std::clamp<std::int64_t>(vL, 0, std::max<std::int64_t>(0, extra));
        extra -= st.embedding;
    }
    if (last) {
        st.head = std::max<std::int64_t>(0, extra);
        extra -= st.head;
    }
    st.lastLayerExtra = extra; // bare counts: rounding of the proportional split (may be negative)
    if (st.perLayer + extra < 0)
        st.lastLayerExtra = -st.perLayer;
    st.local = st.embedding + st.head + st.layers * st.perLayer + st.lastLayerExtra;
    st.perLayerExpert = std::min(st.perLayer, fp.ranks.front().perLayerExpertParams);
    st.expertLocal = st.layers * st.perLayerExpert;
    return st;
}

StepResult computeStep(const Scenario& s)
{
    auto need = [](bool ok, const char* field, const std::string& msg) {
        if (!ok)
            throw InvalidInput(field, std::string("--") + field + ": " + msg);
    };
    need(std::isfinite(s.kernelEfficiency) && s.kernelEfficiency >= 0 && s.kernelEfficiency <= 1, "kernel-efficiency",
         "must be a fraction at most 1 (0: the GPU's default)");
    need(std::isfinite(s.alphaSeconds) && s.alphaSeconds >= 0 && s.alphaSeconds <= 1, "alpha-us",
         "must be between 0 and 1e6 microseconds");
    need(std::isfinite(s.intraNodeBytesPerSecond) && s.intraNodeBytesPerSecond >= 0, "intra-node-gbps",
         "must not be negative");
    need(std::isfinite(s.interNodeBytesPerSecond) && s.interNodeBytesPerSecond >= 0, "inter-node-gbps",
         "must not be negative");
    need(std::isfinite(s.pcieBytesPerSecond) && s.pcieBytesPerSecond >= 0, "pcie-gbps", "must not be negative");
    validateScenario(s);
    const LinkPlan lk = planLinks(s);
    need(lk.peakFlops > 0, "gpu", "the GPU has no peak FLOP/s figure; the step model needs one");
    need(std::isfinite(s.attentionEfficiency) && s.attentionEfficiency >= 0 && s.attentionEfficiency <= 1,
         "attention-efficiency", "must be a fraction between 0 (the GPU's default) and 1");
    need(lk.intraNodeBytesPerSecond > 0, "intra-node-gbps", "the GPU has no intra-node bandwidth; give one");
    need(lk.interNodeBytesPerSecond > 0, "inter-node-gbps", "the GPU has no inter-node bandwidth; give one");
    need(lk.pcieBytesPerSecond > 0, "pcie-gbps", "the GPU has no PCIe bandwidth; give one");
    StepModel model(s);
    StepResult r = model.run();
    if (s.recipe.fp8 && resolveGpu(s).peakFlops8 <= 0)
        r.warnings.push_back("fp8 needs FP8 tensor cores (Hopper, Ada, Blackwell, MI300); " + resolveGpu(s).name
                             + " has none, so its GEMMs run at the 16-bit peak: use mixed (bf16)");
    return r;
}

} // namespace shardscope
