// SPDX-License-Identifier: MIT
// The planner's closed-form step time (issue 11). computeStep() simulates every block of the pipeline
// schedule and records every event; the planner needs the step time of millions of layouts. It keeps the
// simulator's pieces (kernel times from kernels.h, alpha-beta collectives from collectives.h, the link plan
// from links.h, the same two-stream recurrence over a block's ZeRO units) and replaces the schedule
// simulation by its closed form: with S_i the forward + backward of stage i (all chunks; its blocks' durations)
// and C_i that of its slowest chunk (blocks' releases: compute done, the neighbour may go on),
//   makespan = m x max_i S_i + (sum_i C_i - max_i C_i)
// which is (m + p - 1) x S for GPipe and 1F1B and (m v + p - 1) x S / v for the interleaved schedule with equal
// stages and chunks (Narayanan et al. 2021, section 2.2), plus the gradient reduction of the last micro-batch,
// then the optimizer phase of the stage that ends last.
#include "layoutplanner_eval.h"

#include "shardscope/collectives.h"
#include "shardscope/kernels.h"
#include "shardscope/links.h"
#include "shardscope/step.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace shardscope::detail {

namespace {

// The simulator's constants (core/src/step.cpp), the same sources.
constexpr double kHostMemoryBytesPerSecondPerNode = 409.6e9; // DGX A100: 2 x 8 channels DDR4-3200
constexpr double kNvmeBytesPerSecondPerNode = 25e9; // ZeRO-Infinity's DGX-2 class NVMe RAID 0
constexpr double kAchievableHbm = 0.85; // STREAM-like copies reach 85-90% of the HBM spec
constexpr double kFlashEfficiencyAmpere = 0.6; // FlashAttention-2 on A100 (Dao 2023)
constexpr double kFlashEfficiencyHopper = 0.35; // FA2 on H100 (Shah et al. 2024)
constexpr double kScoreBytes = 5.0; // bytes per attention score without FlashAttention

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

/// Per-layer kernel seconds and FLOPs of one micro-batch on one GPU (step.cpp's buildKernelTimes).
struct LayerTimes
{
    double attnFlops = 0, coreFlops = 0, mlpFlops = 0, headFlops = 0;
    double attnLinFwd = 0, coreFwd = 0, attnEwFwd = 0, mlpFwd = 0, headFwd = 0;
    double attnLinBwd = 0, coreBwd = 0, attnEwBwd = 0, mlpBwd = 0, headBwd = 0;
    double cpRingFwd = 0;
    double tpMsgBytes = 0, p2pBytes = 0;
};

LayerTimes layerTimes(const Scenario& s, const GpuPreset& g, double actBytes)
{
    LayerTimes lt;
    const Architecture& a = s.arch;
    const double c = double(s.cp);
    const double T = double(s.seq) * double(s.microBatch) / c;
    const double h = double(a.hidden);
    const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
    const double q = double(a.heads) * hd, kv = double(a.kvHeads) * hd;
    const double f = double(a.ffn);
    const double k = a.experts > 1 ? double(std::min(a.topK, a.experts)) : 1.0;
    const double t = double(s.tp);
    lt.attnFlops = 2.0 * T * (h * (q + 2 * kv) + q * h) / t;
    lt.coreFlops = 4.0 * T * double(s.seq) * q / t;
    lt.mlpFlops = 2.0 * T * (k * (a.gatedMlp ? 3.0 : 2.0) * h * f + (a.experts > 1 ? h * double(a.experts) : 0.0)) / t;
    lt.headFlops = 2.0 * T * h * double(a.vocab) / t;
    lt.tpMsgBytes = T * h * actBytes;
    lt.p2pBytes = T * h * actBytes / (s.sequenceParallel ? t : 1.0);

    KernelModel km;
    const bool hopperOrLater = g.peakFlops8 > 0;
    km.peak16 = g.peakFlops16;
    km.peak8 = g.peakFlops8;
    km.hbmBytesPerSecond = g.hbmBytesPerSecond * kAchievableHbm;
    km.gemmEfficiency = s.kernelEfficiency > 0 ? s.kernelEfficiency : defaultGemmEfficiency(g);
    km.attentionEfficiency
        = s.attentionEfficiency > 0 ? s.attentionEfficiency : (hopperOrLater ? kFlashEfficiencyHopper : kFlashEfficiencyAmpere);
    km.sms = smCount(g);
    km.tileN = hopperOrLater ? 256 : 128;
    const bool fp8 = s.recipe.fp8 && g.peakFlops8 > 0;
    const double gated = a.gatedMlp ? 2.0 : 1.0;
    const double qkv = gemmSeconds(km, T, (q + 2 * kv) / t, h, fp8);
    const double proj = gemmSeconds(km, T, h, q / t, fp8);
    const double up = k * gemmSeconds(km, T, gated * f / t, h, fp8);
    const double down = k * gemmSeconds(km, T, h, f / t, fp8);
    const double head = gemmSeconds(km, T, double(a.vocab) / t, h, false);
    double castFwd = 0;
    if (fp8)
        castFwd = memorySeconds(km, 3.0 * T * (h + q / t + h + k * f / t));
    const double sp = s.sequenceParallel ? t : 1.0;
    double ewAttn = (2 * h + 3 * h) / sp + 2 * (q + kv) / t;
    double ewMlp = (2 * h + 3 * h) / sp + (gated + 1) * f / t;
    if (!s.compiled) {
        ewAttn += 2 * 4.5 * h / sp + 3 * q / t;
        ewMlp += 2 * 4.5 * h / sp + (a.gatedMlp ? 3.0 : 2.0) * f / t;
    }
    const double ewAttnSec = memorySeconds(km, ewAttn * T * actBytes);
    const double ewMlpSec = memorySeconds(km, ewMlp * T * actBytes);
    const double seqAll = double(s.seq);
    const double sLocal = seqAll / c;
    const double batchHeads = double(s.microBatch) * double(a.heads) / t;
    if (s.flashAttention) {
        lt.coreFwd = 0.5 * lt.coreFlops / (km.peak16 * km.attentionEfficiency);
        lt.coreBwd = 2.5 * lt.coreFwd;
    } else {
        const double gemms
            = batchHeads * (gemmSeconds(km, sLocal, seqAll, hd, false) + gemmSeconds(km, sLocal, hd, seqAll, false));
        const double scores = memorySeconds(km, kScoreBytes * batchHeads * sLocal * seqAll);
        lt.coreFwd = gemms + scores;
        lt.coreBwd = 2.0 * lt.coreFwd;
    }
    const double castSplit = 2 * h + q / t + k * f / t;
    lt.attnLinFwd = qkv + proj + castFwd * (h + q / t) / castSplit;
    lt.attnEwFwd = ewAttnSec;
    lt.mlpFwd = up + down + ewMlpSec + castFwd * (h + k * f / t) / castSplit;
    lt.attnLinBwd = 2.0 * lt.attnLinFwd;
    lt.attnEwBwd = 2.0 * ewAttnSec;
    lt.mlpBwd = 2.0 * lt.mlpFwd;
    const double logits = memorySeconds(km, 8.0 * T * double(a.vocab) / t);
    lt.headFwd = head + logits;
    lt.headBwd = 2.0 * head + logits;
    lt.cpRingFwd = 2.0 * T * std::max(kv / t, hd) * actBytes;
    return lt;
}

struct Stage
{
    std::int64_t layers = 0;
    bool first = false, last = false;
    std::int64_t perLayer = 0, lastExtra = 0, embedding = 0, head = 0, local = 0;
};

/// Everything one block's recurrence needs.
struct Ctx
{
    const Scenario* s = nullptr;
    LayerTimes lt;
    LinkPlan links;
    BytesPerParam b;
    std::int64_t t = 1, p = 1, v = 1, m = 1, c = 1, dc = 1;
    double tpBeta = 1, dpBeta = 1, ppBeta = 1, cpBeta = 1, paramHostBeta = 1, z3Beta = 1, z3Extra = 0;
};

struct Block
{
    double duration = 0, release = 0, compute = 0, recompute = 0;
};

/// One forward or backward block of one micro-batch through one chunk of a stage: step.cpp's makeOp without
/// its event list (compute stream `cf`, communication stream `qf`).
Block block(const Ctx& x, const Stage& st, std::int64_t chunk, std::int64_t stageIndex, bool fwd, bool reduce)
{
    const Scenario& s = *x.s;
    const LayerTimes& lt = x.lt;
    Block out;
    double cf = 0, qf = 0;
    const int z = s.zeroStage;
    const bool z3 = z == 3 && x.dc > 1;
    const bool offPar = s.offloadParams != OffloadDevice::None;
    const bool offOpt = s.offloadOptimizer != OffloadDevice::None;
    const std::int64_t chunkLayers = st.layers / x.v + (chunk < st.layers % x.v ? 1 : 0);
    const bool firstVs = st.first && chunk == 0;
    const bool lastVs = st.last && chunk == x.v - 1;

    // Units in execution order: 0 embedding, 1 layer, 2 head; params.
    struct Unit
    {
        int kind;
        std::int64_t params;
    };
    Unit units[3 + 512];
    std::vector<Unit> big;
    const std::size_t n = std::size_t((firstVs && st.embedding > 0) ? 1 : 0) + std::size_t(chunkLayers)
        + std::size_t((lastVs && st.head > 0) ? 1 : 0);
    Unit* u = units;
    if (n > sizeof units / sizeof units[0]) {
        big.resize(n);
        u = big.data();
    }
    std::size_t k = 0;
    if (firstVs && st.embedding > 0)
        u[k++] = {0, st.embedding};
    for (std::int64_t l = 0; l < chunkLayers; ++l) {
        const bool lastOfStage = chunk == x.v - 1 && l == chunkLayers - 1;
        u[k++] = {1, st.perLayer + (lastOfStage ? st.lastExtra : 0)};
    }
    if (lastVs && st.head > 0)
        u[k++] = {2, st.head};
    if (!fwd)
        std::reverse(u, u + n);

    auto compute = [&](double secs, bool re) {
        cf += secs;
        (re ? out.recompute : out.compute) += secs;
    };
    auto blocking = [&](EventKind kind, double M, std::int64_t ranks, double beta) {
        cf += collectiveSeconds(kind, M, ranks, s.alphaSeconds, beta);
    };
    auto async = [&](EventKind kind, double M, std::int64_t ranks, double beta, double extra) {
        const double start = std::max(qf, cf);
        qf = start + collectiveSeconds(kind, M, ranks, s.alphaSeconds, beta) + extra;
        return qf;
    };
    auto tpPair = [&](double gemm) {
        if (x.t <= 1)
            return;
        const double c0 = cf;
        if (s.sequenceParallel) {
            blocking(EventKind::AllGather, lt.tpMsgBytes, x.t, x.tpBeta);
            blocking(EventKind::ReduceScatter, lt.tpMsgBytes, x.t, x.tpBeta);
        } else {
            blocking(EventKind::AllReduce, lt.tpMsgBytes, x.t, x.tpBeta);
        }
        if (s.tpCommOverlap)
            cf -= std::min(std::max(0.0, gemm), cf - c0);
    };
    auto cpRing = [&](double core, double factor) {
        if (x.c <= 1)
            return;
        const double c0 = cf;
        cf += double(x.c - 1) * collectiveSeconds(EventKind::Send, lt.cpRingFwd * factor, 2, s.alphaSeconds, x.cpBeta);
        cf -= std::min(std::max(0.0, core), cf - c0);
    };
    auto layerForward = [&](bool re) {
        compute(lt.attnLinFwd + lt.coreFwd + lt.attnEwFwd, re);
        cpRing(lt.coreFwd, 1.0);
        tpPair(lt.attnLinFwd);
        compute(lt.mlpFwd, re);
        tpPair(lt.mlpFwd);
    };
    // ZeRO-3 gathers with prefetch, as issueGather / waitGather.
    std::vector<double> gatherEndBig;
    double gatherEndSmall[3 + 512];
    double* gatherEnd = gatherEndSmall;
    if (z3 && n > sizeof gatherEndSmall / sizeof gatherEndSmall[0]) {
        gatherEndBig.resize(n);
        gatherEnd = gatherEndBig.data();
    }
    if (z3)
        std::fill(gatherEnd, gatherEnd + n, -1.0);
    auto issue = [&](std::size_t j) {
        if (!z3 || j >= n || gatherEnd[j] >= 0)
            return;
        if (offPar)
            async(EventKind::HostToDevice, double(ceilDiv(u[j].params, x.dc)) * x.b.weights, 1, x.paramHostBeta, 0);
        gatherEnd[j] = async(EventKind::AllGather, double(u[j].params) * x.b.weights, x.dc, x.z3Beta, x.z3Extra);
    };
    for (std::size_t j = 0; j < n; ++j) {
        if (z3) {
            issue(j);
            if (gatherEnd[j] > cf)
                cf = gatherEnd[j];
            for (std::int64_t q = 1; q <= s.zero3PrefetchUnits; ++q)
                issue(j + std::size_t(q));
        }
        if (fwd) {
            if (u[j].kind == 1)
                layerForward(false);
            else if (u[j].kind == 2)
                compute(lt.headFwd, false);
        } else {
            if (u[j].kind == 1) {
                if (s.checkpointing == Checkpointing::Full)
                    layerForward(true);
                else if (s.checkpointing == Checkpointing::Selective)
                    compute(lt.coreFwd, true);
                compute(lt.mlpBwd, false);
                tpPair(lt.mlpBwd);
                compute(lt.attnLinBwd + lt.coreBwd + lt.attnEwBwd, false);
                cpRing(lt.coreBwd, 2.0);
                tpPair(lt.attnLinBwd);
            } else if (u[j].kind == 2) {
                compute(lt.headBwd, false);
            }
            if (reduce) {
                const double M = double(u[j].params) * x.b.grads;
                async(z == 0 ? EventKind::AllReduce : EventKind::ReduceScatter, M, x.dc, z3 ? x.z3Beta : x.dpBeta,
                      z3 ? x.z3Extra : 0.0);
                if (offOpt)
                    async(EventKind::DeviceToHost, double(ceilDiv(u[j].params, x.dc)) * x.b.grads, 1,
                          x.links.pcieBytesPerSecond, 0);
            }
        }
    }
    const std::int64_t V = x.p * x.v;
    const std::int64_t vs = chunk * x.p + stageIndex;
    if ((fwd && vs < V - 1) || (!fwd && vs > 0))
        blocking(EventKind::Send, lt.p2pBytes, 2, x.ppBeta);
    out.duration = std::max(cf, qf);
    out.release = cf;
    return out;
}

/// The optimizer phase after the stage's last block (step.cpp's makePost): seconds, and the optimizer's part.
double post(const Ctx& x, const Stage& st, const GpuPreset& g, double& optimizerS, double cover)
{
    const Scenario& s = *x.s;
    const int z = s.zeroStage;
    const std::int64_t P = st.local;
    const std::int64_t shard = z >= 1 ? ceilDiv(P, x.dc) : P;
    double t = 0;
    optimizerS = 0;
    if (s.offloadOptimizer != OffloadDevice::None) {
        const double bytes = double(shard) * (4.0 + x.b.master + x.b.optimizer) * 2.0;
        const double perNode = double(std::min(s.gpusPerNode, s.gpus));
        double d = bytes / (kHostMemoryBytesPerSecondPerNode / perNode);
        if (s.offloadOptimizer == OffloadDevice::Nvme)
            d = std::max(d, double(shard) * (x.b.master + x.b.optimizer) * 2.0 / (kNvmeBytesPerSecondPerNode / perNode));
        t += d;
        if (s.offloadParams == OffloadDevice::None)
            t += collectiveSeconds(EventKind::HostToDevice, double(shard) * x.b.weights, 1, s.alphaSeconds,
                                   x.links.pcieBytesPerSecond);
    } else {
        t += double(shard) * (x.b.weights + x.b.grads + x.b.master + x.b.optimizer) * 2.0 / g.hbmBytesPerSecond;
    }
    optimizerS = t;
    if ((z == 1 || z == 2) && x.dc > 1) {
        const double d = collectiveSeconds(EventKind::AllGather, double(P) * x.b.weights, x.dc, s.alphaSeconds, x.dpBeta);
        t += s.overlapParamGather ? std::max(0.0, d - cover) : d;
    }
    return t;
}

} // namespace

void offloadBytesPerNode(const Scenario& s, const Footprint& fp, std::int64_t& host, std::int64_t& nvme)
{
    host = nvme = 0;
    const std::int64_t d = s.dp() * s.cp;
    const double ranksPerNode = double(std::min(s.gpusPerNode, s.gpus));
    const BytesPerParam& b = fp.bytesPerParam;
    for (const RankFootprint& r : fp.ranks) {
        const double shard = double(ceilDiv(r.localParams, d));
        double h = 0, nv = 0;
        if (s.offloadOptimizer != OffloadDevice::None) {
            const double opt = shard * (b.master + b.optimizer);
            h += shard * 4.0;
            if (s.offloadOptimizer == OffloadDevice::Cpu)
                h += opt;
            else {
                nv += opt;
                h += 4.0 * 1e8 * 4.0;
            }
        }
        if (s.offloadParams != OffloadDevice::None) {
            const double par = shard * b.weights;
            if (s.offloadParams == OffloadDevice::Cpu)
                h += par;
            else {
                nv += par;
                h += 5.0 * 1e8 * 2.0;
            }
        }
        host = std::max(host, static_cast<std::int64_t>(std::llround(h * ranksPerNode)));
        nvme = std::max(nvme, static_cast<std::int64_t>(std::llround(nv * ranksPerNode)));
    }
}

void closedFormStep(const Scenario& s, const Footprint& fp, PlanLayout& out)
{
    Ctx x;
    x.s = &s;
    x.links = planLinks(s);
    x.b = fp.bytesPerParam;
    x.t = s.tp;
    x.p = s.pp;
    x.v = (s.schedule == PipelineSchedule::Interleaved && x.p > 1) ? s.vpp : 1;
    x.m = s.gradAccum;
    x.c = s.cp;
    x.dc = s.dp() * s.cp;
    const double act = x.b.weights >= 4 ? 4.0 : 2.0;
    x.lt = layerTimes(s, fp.gpu, act);
    x.tpBeta = x.links.tpCrossesNodes ? x.links.interNodeBytesPerSecond : x.links.intraNodeBytesPerSecond;
    x.dpBeta = x.links.dpBytesPerSecond;
    x.ppBeta = x.links.ppCrossesNodes ? x.links.interNodeBytesPerSecond : x.links.intraNodeBytesPerSecond;
    x.cpBeta = x.links.cpCrossesNodes ? x.links.interNodeBytesPerSecond : x.links.intraNodeBytesPerSecond;
    x.paramHostBeta = x.links.pcieBytesPerSecond;
    if (s.offloadParams == OffloadDevice::Nvme)
        x.paramHostBeta = std::min(x.paramHostBeta, kNvmeBytesPerSecondPerNode / double(std::min(s.gpusPerNode, s.gpus)));
    x.z3Beta = x.dpBeta;
    const Architecture& a = s.arch;
    if (s.zero3PerTensorCollectives && x.dc > 1) {
        const int mats = 4 + (a.gatedMlp ? 1 : 0);
        const int biases = (a.qkvBias ? 1 : 0) + (a.attnOutBias ? 1 : 0) + (a.mlpBias ? (a.gatedMlp ? 3 : 2) : 0);
        const int norms = a.normsPerLayer * (a.norm == NormKind::LayerNorm ? 2 : 1);
        x.z3Extra = (double(mats + biases + norms) - 1.0) * double(x.dc - 1) * s.alphaSeconds;
        if (x.links.dpCrossesNodes)
            x.z3Beta = std::min(x.dpBeta, x.links.interNodeBytesPerSecond);
    }

    // Distinct stages: first, middle (stage 1), last; the footprint's ranks give their params (step.cpp's
    // buildStages). Stages between have the middle's layers when PP divides the layers, else one fewer.
    const std::int64_t L = a.layers;
    auto makeStage = [&](std::int64_t i) {
        const StageParams sp = stageParams(fp, a, x.t, x.p, i);
        Stage st;
        st.layers = sp.layers;
        st.first = i == 0;
        st.last = i == x.p - 1;
        st.perLayer = sp.perLayer;
        st.embedding = sp.embedding;
        st.head = sp.head;
        st.lastExtra = sp.lastLayerExtra;
        st.local = sp.local;
        return st;
    };
    // Stage i's forward + backward of one micro-batch over all its chunks (S_i), with and without the gradient
    // reduction; the stages between the first and the last come in two sizes at most.
    struct StageTimes
    {
        double fb = 0, fbRelease = 0, maxChunkRelease = 0, fbReduce = 0, bwd = 0, compute = 0, recompute = 0, postS = 0, optS = 0, fwdCover = 0;
    };
    auto stageTimes = [&](std::int64_t i) {
        const Stage st = makeStage(i);
        StageTimes r;
        const bool reduceEvery = x.dc > 1 && s.zeroStage >= 2;
        const bool reduceLast = x.dc > 1;
        for (std::int64_t c = 0; c < x.v; ++c) {
            const Block f = block(x, st, c, i, true, false);
            const Block bw = block(x, st, c, i, false, reduceEvery);
            r.fb += f.duration + bw.duration;
            r.fbRelease += f.release + bw.release;
            r.maxChunkRelease = std::max(r.maxChunkRelease, f.release + bw.release);
            r.bwd += bw.release;
            r.compute += f.compute + bw.compute;
            r.recompute += f.recompute + bw.recompute;
            r.fbReduce += f.duration + (reduceLast && !reduceEvery ? block(x, st, c, i, false, true).duration : bw.duration);
        }
        const double cover = double(st.layers) * (x.lt.attnLinFwd + x.lt.coreFwd + x.lt.attnEwFwd + x.lt.mlpFwd);
        r.postS = post(x, st, fp.gpu, r.optS, cover);
        return r;
    };
    std::vector<StageTimes> times(static_cast<std::size_t>(x.p));
    // Stage i's times depend on i only through its layer count and first / last: compute each kind once.
    {
        StageTimes big, small;
        bool haveBig = false, haveSmall = false;
        for (std::int64_t i = 0; i < x.p; ++i) {
            if (i == 0 || i == x.p - 1) {
                times[std::size_t(i)] = stageTimes(i);
                continue;
            }
            const bool isBig = i < L % x.p;
            if (isBig && !haveBig) {
                big = stageTimes(i);
                haveBig = true;
            } else if (!isBig && !haveSmall) {
                small = stageTimes(i);
                haveSmall = true;
            }
            times[std::size_t(i)] = isBig ? big : small;
        }
    }
    // Fill and drain: the chain through the other stages, each at its slowest chunk (a chunk carrying the
    // embedding or the LM head holds the chain up in full; equal chunks give (p - 1) x S / v).
    double maxS = 0, sumS = 0, maxRel = 0;
    std::size_t worst = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        sumS += times[i].maxChunkRelease;
        maxRel = std::max(maxRel, times[i].maxChunkRelease);
        if (times[i].fb > maxS) {
            maxS = times[i].fb;
            worst = i;
        }
    }
    const double m = double(x.m);
    const double v = double(x.v);
    // The last micro-batch's backward carries the gradient reduction (ZeRO-0/1; ZeRO-2/3 reduce every one).
    double reduceExtra = 0;
    for (const StageTimes& st : times)
        reduceExtra = std::max(reduceExtra, st.fbReduce - st.fb);
    const double pipe = m * maxS + (sumS - maxRel) + reduceExtra;
    // Stage i ends its last backward about the drain of the stages before it earlier than stage 0 does.
    double stepEnd = 0, drain = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        stepEnd = std::max(stepEnd, pipe - drain + times[i].postS);
        drain += times[i].bwd / v;
    }
    const StageTimes& w = times[worst];
    out.stepTimeS = stepEnd;
    out.computeS = m * (w.compute + w.recompute);
    out.optimizerS = w.optS;
    out.exposedCommS = std::max(0.0, m * w.fb + reduceExtra - m * (w.compute + w.recompute)) + (w.postS - w.optS);
    out.bubbleS = std::max(0.0, stepEnd - out.computeS - out.optimizerS - out.exposedCommS);

    // FLOPs of the whole step (step.cpp: every compute event of every stage and chunk, m micro-batches).
    const LayerTimes& lt = x.lt;
    const double layerF = lt.attnFlops + lt.coreFlops + lt.mlpFlops;
    double recomputeF = 0;
    if (s.checkpointing == Checkpointing::Full)
        recomputeF = layerF;
    else if (s.checkpointing == Checkpointing::Selective)
        recomputeF = lt.coreFlops;
    double headLocal = 0;
    {
        const Stage last = makeStage(x.p - 1);
        headLocal = last.head > 0 ? 3.0 * lt.headFlops : 0.0;
    }
    const double perRankModel = m * (double(L) * 3.0 * layerF + headLocal);
    const double perRankExec = perRankModel + m * double(L) * recomputeF;
    const double ranks = double(x.t) * double(s.dp()) * double(x.c);
    const double N = double(s.gpus);
    const double tokens = double(s.dp()) * m * double(s.microBatch) * double(s.seq);
    if (out.stepTimeS > 0) {
        out.tflopsPerGpu = perRankExec * ranks / out.stepTimeS / N / 1e12;
        out.mfu = perRankModel * ranks / (out.stepTimeS * N * x.links.peakFlops);
        out.tokensPerSecondPerGpu = tokens / out.stepTimeS / N;
    }
}

} // namespace shardscope::detail
