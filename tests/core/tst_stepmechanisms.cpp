// SPDX-License-Identifier: MIT
// The step model's mechanisms (issue 9), each against its source or a hand derivation: GEMM efficiency by
// shape, fp8 on linear layers only, causal FlashAttention, NCCL bandwidth per tier, the CP ring's bytes,
// overlap, the uneven interleaved split, and the validation targets on the shipped measured-steps.csv.
#include "shardscope/csv.h"
#include "shardscope/errors.h"
#include "shardscope/gpus.h"
#include "shardscope/kernels.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/step.h"
#include "shardscope/validation_steps.h"

#include "kernelfixture.h"

#include <QTest>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using namespace shardscope;
using shardscope::testing::measuredFp8GemmEfficiency;

namespace {

KernelModel a100()
{
    KernelModel km;
    km.peak16 = 312e12;
    km.hbmBytesPerSecond = 2039e9 * 0.85;
    km.gemmEfficiency = 0.74;
    km.sms = 108;
    return km;
}

Scenario llama8bOnH100(const char* recipe)
{
    Scenario s;
    s.arch = *findModelPreset("llama-3-8b");
    s.bareParams.reset();
    s.gpu = "h100-80gb";
    s.gpus = 8;
    s.zeroStage = 1;
    s.seq = 8192;
    s.gradAccum = 4;
    s.checkpointing = Checkpointing::None;
    s.recipe = resolveRecipe(recipe);
    return s;
}

double sumCompute(const StepResult& r, StepPhase ph, EventPart part)
{
    double t = 0;
    for (const StepEvent& e : r.events)
        if (e.kind == EventKind::Compute && e.phase == ph && e.part == part)
            t += e.duration;
    return t;
}

std::string shippedSteps()
{
    std::ifstream f(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-steps.csv");
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

} // namespace

class TestStepMechanisms : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gemmEfficiencyCurve()
    {
        const KernelModel km = a100();
        // A large square GEMM: 8192^3 in 128 x 128 tiles, 4096 tiles over 108 SMs in 38 waves (busy
        // 4096 / 4104 = 8192 / 8208): rate = 312e12 x 0.74 x 8192/(8192+64) x 8192/8208.
        const double big = gemmFlopRate(km, 8192, 8192, 8192, false);
        const double expected = 312e12 * 0.74 * 8192.0 / (8192.0 + 64.0) * (8192.0 / (76.0 * 108.0));
        QVERIFY2(std::abs(big / expected - 1) < 1e-9, qPrintable(QString::number(big / expected)));
        // Shorter K (a TP-split row-parallel GEMM: K = h/t = 768) loses the per-tile prologue/epilogue share.
        const double shortK = gemmFlopRate(km, 8192, 8192, 768, false);
        QVERIFY(shortK < big);
        QVERIFY(std::abs(shortK / big - (768.0 / 832.0) / (8192.0 / 8256.0)) < 1e-9);
        // Wave quantisation (128 x 256 tiles): 109 tiles, one more than the SMs, need two waves (0.50 busy); the
        // half tiles (218 over 108: 3 waves, 0.67) are the best choice, so the rate drops to 0.67 of a full wave's.
        KernelModel wide = km;
        wide.tileN = 256;
        const double oneWave = gemmFlopRate(wide, 128 * 108, 256, 8192, false);
        const double tail = gemmFlopRate(wide, 128 * 109, 256, 8192, false);
        QVERIFY(std::abs(tail / oneWave - 218.0 / 324.0) < 1e-9);
        QVERIFY(tail < 0.7 * oneWave);
        // Small GEMMs are memory-bound: M = 1 (a vector) moves K x N weights for 2 K N FLOPs.
        const double vec = gemmSeconds(km, 1, 8192, 8192, false);
        const double bytes = (8192.0 + 8192.0 * 8192.0) * 2 + 8192.0 * 2;
        QVERIFY(std::abs(vec - bytes / km.hbmBytesPerSecond) < 1e-12);
    }

    void gpuDefaults()
    {
        // docs/model.md "Kernel time": A100 0.74, H100 0.6 of the 16-bit peak for large GEMMs.
        QCOMPARE(defaultGemmEfficiency(*findGpuPreset("a100-80gb")), 0.74);
        QCOMPARE(defaultGemmEfficiency(*findGpuPreset("h100-80gb")), 0.6);
        QCOMPARE(smCount(*findGpuPreset("a100-80gb")), std::int64_t(108));
        QCOMPARE(smCount(*findGpuPreset("h100-80gb")), std::int64_t(132));
    }

    void exportPartsRunTheirParentsSilicon()
    {
        // NVIDIA's H800 SXM5 and A800 SXM4 datasheets: the H100 SXM's and A100 SXM's compute, memory and FP8, NVLink cut
        // from 900 / 600 GB/s to 400 GB/s (200e9 a direction). So every kernel figure is the parent's and only the link
        // differs: a step on the H800 equals the H100's with the link set to 200e9 (issue 25: DeepSeek-V3's 2,048 H800s).
        const GpuPreset h800 = *findGpuPreset("h800-80gb"), h100 = *findGpuPreset("h100-80gb");
        const GpuPreset a800 = *findGpuPreset("a800-80gb"), a100 = *findGpuPreset("a100-80gb");
        QCOMPARE(gpuSilicon(h800), std::string("h100-80gb"));
        QCOMPARE(gpuSilicon(a800), std::string("a100-80gb"));
        QCOMPARE(gpuSilicon(h100), std::string("h100-80gb"));
        QCOMPARE(h800.intraNodeBytesPerSecond, 200e9);
        QCOMPARE(a800.intraNodeBytesPerSecond, 200e9);
        for (const auto& [x, parent] : {std::pair {h800, h100}, std::pair {a800, a100}}) {
            QCOMPARE(defaultGemmEfficiency(x), defaultGemmEfficiency(parent));
            QCOMPARE(smCount(x), smCount(parent));
            QCOMPARE(measuredFp8OverBf16GemmRate(x, Fp8Scaling::TeCurrent), measuredFp8OverBf16GemmRate(parent, Fp8Scaling::TeCurrent));
            QCOMPARE(x.peakFlops16, parent.peakFlops16);
            QCOMPARE(x.peakFlops8, parent.peakFlops8);
            QCOMPARE(x.hbmBytesPerSecond, parent.hbmBytesPerSecond);
            QCOMPARE(x.capacityBytes, parent.capacityBytes);
        }
        Scenario s;
        s.arch = *findModelPreset("deepseek-v3");
        s.gpus = 256;
        s.pp = 8;
        s.ep = 32;
        s.zeroStage = 1;
        s.framework = Framework::Megatron;
        s.recipe = resolveRecipe("fp8-mixed");
        s.seq = 4096;
        s.gradAccum = 16;
        s.gpu = "h800-80gb";
        const double onH800 = computeStep(s).totals.stepTime;
        s.gpu = "h100-80gb";
        const double onH100 = computeStep(s).totals.stepTime;
        s.intraNodeBytesPerSecond = 200e9;
        QCOMPARE(computeStep(s).totals.stepTime, onH800);
        QVERIFY(onH800 > onH100); // the narrower NVLink costs time (the all-to-alls and TP-free DP traffic within a node)
    }

    // Issue 24, sixth pass: the measured cuBLASLt FP8 rate on GB200 (Azure/AI-benchmarking-guide@2a370be
    // Azure_Results/ND_GB200_v6_results.md, GEMM CuBLASLt (FP8): M = N = K = 8192 at 2876.6 TFLOP/s on ND GB200 v6).
    void measuredFp8GemmRateOnGb200()
    {
        const GpuPreset g = *findGpuPreset("gb200-186gb");
        KernelModel km = shardscope::testing::presetKernels(g);
        km.hbmBytesPerSecond = 0; // compute only, as before
        km.peak8 = g.peakFlops8;
        km.fp8GemmEfficiency = measuredFp8GemmEfficiency(g);
        km.tileN = 256;
        // The kernel model reproduces the source's rate at the source's shape (2876.6 of the 5000 TFLOP/s FP8 peak).
        QVERIFY2(std::abs(gemmFlopRate(km, 8192, 8192, 8192, true) / 2876.6e12 - 1) < 1e-9,
                 qPrintable(QString::number(gemmFlopRate(km, 8192, 8192, 8192, true) / 1e12)));
        // A short-run microbenchmark's figure, above the sustained training rate the step takes (issue 24, helper
        // general43: Blackwell's GEMMs at Hopper's training share of the sustainable matmul rate, 0.469 on GB200).
        QVERIFY(km.fp8GemmEfficiency > 0.55 && km.fp8GemmEfficiency > defaultGemmEfficiency(g));
        // 16-bit GEMMs keep the 16-bit efficiency.
        KernelModel plain = km;
        plain.fp8GemmEfficiency = 0;
        QCOMPARE(gemmFlopRate(km, 8192, 8192, 8192, false), gemmFlopRate(plain, 8192, 8192, 8192, false));
        // H100 and H200 take none (their 0.6 holds for both precisions; kernels.cpp says why).
        QCOMPARE(measuredFp8GemmEfficiency(*findGpuPreset("h100-80gb")), 0.0);
        QCOMPARE(measuredFp8GemmEfficiency(*findGpuPreset("h200-141gb")), 0.0);
        // The step takes GB200's FP8 rate from Transformer Engine's kernel ratio now (issue 24, eleventh pass); this
        // measurement is what tst_lowprecision::gb200GemmRateFromTheMamfTable checks that rate against.
    }

    void fp8OnlyOnLinearLayers()
    {
        const StepResult bf = computeStep(llama8bOnH100("mixed"));
        const StepResult f8 = computeStep(llama8bOnH100("fp8-mixed"));
        // Counted FLOPs are the same; the step is faster but well short of the 2x a whole-model fp8 would give
        // (measured fp8/bf16 gains: 1.34-1.53x, issue 9).
        QVERIFY(std::abs(f8.totals.executedFlops / bf.totals.executedFlops - 1) < 1e-12);
        const double gain = bf.totals.stepTime / f8.totals.stepTime;
        QVERIFY2(gain > 1.2 && gain < 1.8, qPrintable(QString::number(gain)));
        // The LM head stays 16-bit: its forward time is the same in both.
        QVERIFY(std::abs(sumCompute(f8, StepPhase::Forward, EventPart::Head) / sumCompute(bf, StepPhase::Forward, EventPart::Head) - 1) < 1e-9);
        // The MLP (linear layers only) runs at least 1.6x faster.
        QVERIFY(sumCompute(bf, StepPhase::Forward, EventPart::Mlp) / sumCompute(f8, StepPhase::Forward, EventPart::Mlp) > 1.6);
        // No FP8 tensor cores on A100: warned, and the GEMMs run at the 16-bit peak (no fp8 speed-up).
        Scenario a = llama8bOnH100("fp8-mixed");
        a.gpu = "a100-80gb";
        const StepResult r = computeStep(a);
        QCOMPARE(r.warnings.size(), std::size_t(1));
        QVERIFY(r.warnings.front().find("FP8 tensor cores") != std::string::npos);
        a.recipe = resolveRecipe("mixed");
        const StepResult plain = computeStep(a);
        QVERIFY(plain.warnings.empty());
        QVERIFY(std::abs(sumCompute(r, StepPhase::Forward, EventPart::Mlp) / sumCompute(plain, StepPhase::Forward, EventPart::Mlp) - 1) < 1e-12);
    }

    void causalFlashAttentionRunsHalfTheScores()
    {
        // One layer's forward with FlashAttention: the counted 4 s^2 q FLOPs (Megatron's count) run at half,
        // at FlashAttention-2's efficiency (H100: 0.35 of 989 TFLOP/s); the output projection's and QKV's
        // GEMMs, element-wise work and the attention are one compute event.
        Scenario s = llama8bOnH100("mixed");
        s.gpus = 1;
        s.zeroStage = 0;
        s.gradAccum = 1;
        s.arch.layers = 1;
        const StepResult withFlash = computeStep(s);
        s.attentionEfficiency = 0.7; // twice the default: the attention part halves
        const StepResult faster = computeStep(s);
        const double core = 0.5 * 4.0 * 8192.0 * 8192.0 * 4096.0 / (989e12 * 0.35);
        const double saved = sumCompute(withFlash, StepPhase::Forward, EventPart::Attention)
            - sumCompute(faster, StepPhase::Forward, EventPart::Attention);
        QVERIFY2(std::abs(saved / (core / 2) - 1) < 1e-9, qPrintable(QString::number(saved / (core / 2))));
    }

    void ncclBandwidthPerTier()
    {
        // MODEL.md section 7: A100 NVLink 300 GB/s per direction, 25 GB/s NIC per GPU (8 per node).
        Scenario s;
        s.gpus = 64;
        s.tp = 1;
        s.zeroStage = 3;
        LinkPlan lk = planLinks(s);
        // DP over 64 ranks = 8 whole nodes: NCCL runs a channel per NIC, so the ring gets 8 x 25 GB/s.
        QVERIFY(lk.dpCrossesNodes);
        QCOMPARE(lk.dpRanksPerNode, std::int64_t(8));
        QCOMPARE(lk.dpBytesPerSecond, 200e9);
        // TP 8 fills the node: the DP group has one rank per node and one NIC.
        s.tp = 8;
        lk = planLinks(s);
        QCOMPARE(lk.dpRanksPerNode, std::int64_t(1));
        QCOMPARE(lk.dpBytesPerSecond, 25e9);
        // Inside one node: NVLink.
        s.gpus = 8;
        s.tp = 1;
        lk = planLinks(s);
        QVERIFY(!lk.dpCrossesNodes);
        QCOMPARE(lk.dpBytesPerSecond, 300e9);
    }

    void contextParallelRingBytes()
    {
        // Ring attention, per layer and micro-batch: cp - 1 steps, each sending this rank's K and V chunk:
        // 2 x (s/cp) x b x kv_dim x 2 bytes forward, twice that backward (K, V and their gradients).
        // Llama-3 8B: kv_dim = 8 heads x 128 = 1024; s = 8192, cp = 2, b = 1: 2 x 4096 x 1024 x 2 = 16 MiB.
        Scenario s = llama8bOnH100("mixed");
        s.cp = 2;
        s.gpus = 8; // dp 4 x cp 2
        const StepResult r = computeStep(s);
        const double chunk = 2.0 * 4096 * 1024 * 2;
        const double perLayerMb = (2 - 1) * chunk * (1 + 2);
        QVERIFY2(std::abs(r.totals.cpBytes / (perLayerMb * 32 * 4) - 1) < 1e-12,
                 qPrintable(QString::number(r.totals.cpBytes)));
        // Tokens per step count each sequence once; FLOPs count all dp x cp x tp ranks.
        QCOMPARE(r.totals.tokensPerStep, 4.0 * 4 * 8192);
        Scenario noCp = s;
        noCp.cp = 1;
        noCp.gpus = 4;
        const StepResult n = computeStep(noCp);
        QVERIFY(std::abs(r.totals.executedFlops / n.totals.executedFlops - 1) < 1e-12);
        // Splitting the sequence over two GPUs nearly halves the step (the ring hides under attention).
        QVERIFY(r.totals.stepTime < 0.6 * n.totals.stepTime);
    }

    void torchContextParallelRingBytes()
    {
        // PyTorch's context_parallel (torch/distributed/tensor/experimental/_attention.py, torchtitan's CP):
        // forward, one all-gather of the K/V chunks (each rank sends its chunk to c - 1 ranks); backward, the same
        // all-gather and c sends of the dK/dV chunk in fp32 (_templated_ring_attention_backward accumulates in
        // float32 and rotates that buffer). torchtitan's Llama repeats K/V to all 32 query heads before SDPA, so a
        // chunk carries 32 x 128 = 4096 values per token, not 8 x 128.
        // Llama-3 8B, s = 8192, cp = 2, b = 1: K/V chunk 2 x 4096 x 4096 x 2 B = 64 MiB; dK/dV 2 x 4096 x 4096 x 4 B
        // = 128 MiB. Per layer and micro-batch: forward 1 x 64 MiB; backward 1 x 64 + 2 x 128 MiB.
        Scenario s = llama8bOnH100("mixed");
        s.cp = 2;
        s.gpus = 8;
        s.attentionRepeatsKv = true;
        const StepResult p2p = computeStep(s);
        const double kvChunk = 2.0 * 4096 * 4096 * 2;
        // Megatron-Core's P2P ring with the repeated heads: (c - 1) x chunk forward, twice that backward.
        QVERIFY2(std::abs(p2p.totals.cpBytes / (kvChunk * 3.0 * 32 * 4) - 1) < 1e-12,
                 qPrintable(QString::number(p2p.totals.cpBytes)));
        s.cpTorchAllGather = true;
        const StepResult t = computeStep(s);
        const double dkvChunk = 2.0 * 4096 * 4096 * 4;
        const double perLayer = kvChunk + (kvChunk + 2.0 * dkvChunk);
        QVERIFY2(std::abs(t.totals.cpBytes / (perLayer * 32 * 4) - 1) < 1e-12, qPrintable(QString::number(t.totals.cpBytes)));
        // The forward all-gather moves what one P2P step does at c = 2 (same duration), but only the first of the
        // two steps' attention hides it: never less exposed than the P2P ring.
        double tFwd = 0, pFwd = 0, tExp = 0, pExp = 0;
        for (const StepEvent& e : t.events)
            if (e.group == CommGroup::CP && e.phase == StepPhase::Forward) {
                QCOMPARE(e.kind, EventKind::AllGather);
                tFwd += e.duration;
                tExp += e.exposedSeconds;
            }
        for (const StepEvent& e : p2p.events)
            if (e.group == CommGroup::CP && e.phase == StepPhase::Forward) {
                pFwd += e.duration;
                pExp += e.exposedSeconds;
            }
        QVERIFY2(std::abs(tFwd / pFwd - 1) < 1e-12, qPrintable(QString::number(tFwd / pFwd)));
        QVERIFY(tExp >= pExp);
    }

    void torchContextParallelMergeBytes()
    {
        // The memory-bound bookkeeping of PyTorch's ring attention, op by op from _attention.py (docs/model.md,
        // "Context parallelism"), added to the attention kernel's seconds at 85% of HBM bandwidth. Llama-3 8B,
        // s = 8192, cp = 2: E = 4096 tokens x 4096 query values per rank; K (repeated heads) as many.
        // Forward: 12E once (first block to fp32, result to bf16) + (c - 1) x (38E + 8K) = 58E bytes.
        // Backward: zeros 4(E + 2K), first step 10E + 20K + 16K, casts back 6(E + 2K): 76E; each later step
        // 10E + 10K + 16K + 16K + 8K + 14E = 74E: 150E bytes.
        Scenario s = llama8bOnH100("mixed");
        s.cp = 2;
        s.gpus = 8;
        s.attentionRepeatsKv = true;
        const StepResult p2p = computeStep(s);
        s.cpTorchAllGather = true;
        const StepResult t = computeStep(s);
        const double E = 4096.0 * 4096.0;
        const double hbm = findGpuPreset("h100-80gb")->hbmBytesPerSecond * 0.85;
        const double perLayerMb = 32.0 * 4.0;
        const double fwd = (sumCompute(t, StepPhase::Forward, EventPart::Attention)
                            - sumCompute(p2p, StepPhase::Forward, EventPart::Attention)) / perLayerMb;
        const double bwd = (sumCompute(t, StepPhase::Backward, EventPart::Attention)
                            - sumCompute(p2p, StepPhase::Backward, EventPart::Attention)) / perLayerMb;
        QVERIFY2(std::abs(fwd / (58.0 * E / hbm) - 1) < 1e-9, qPrintable(QString::number(fwd * hbm / E)));
        QVERIFY2(std::abs(bwd / (150.0 * E / hbm) - 1) < 1e-9, qPrintable(QString::number(bwd * hbm / E)));
        // Without CP there is nothing to merge.
        s.cp = 1;
        s.gpus = 4;
        Scenario plain = s;
        plain.cpTorchAllGather = false;
        QCOMPARE(computeStep(s).totals.stepTime, computeStep(plain).totals.stepTime);
    }

    void torchContextParallelClosedFormAgrees()
    {
        // The planner's closed form (evaluateLayout) takes the same ring and merges through stagetime's
        // cpRingTime() and layerTimes(): within issue 11's 5% of computeStep() on torchtitan's CP rows (CP 8 inside a
        // node; CP 8 across nodes under TP 8 and PP 8) and on a Llama-3 8B CP 4 ring across 2-GPU nodes with full
        // recompute and 4 micro-batches, with and without PyTorch's context_parallel.
        std::vector<Scenario> cases;
        for (const CsvRow& row : parseCsvWithHeader(shippedSteps(), "steps"))
            if (row.at("id") == "TITAN-L8-cp8-256k-8" || row.at("id") == "TITAN-L405-4d-cp8-256k-512")
                cases.push_back(scenarioForStepRow(row));
        QCOMPARE(int(cases.size()), 2);
        Scenario s = llama8bOnH100("mixed");
        s.cp = 4;
        s.gpus = 16;
        s.gpusPerNode = 2;
        s.seq = 32768;
        s.zeroStage = 3;
        s.checkpointing = Checkpointing::Full;
        s.attentionRepeatsKv = true;
        cases.push_back(s);
        s.cpTorchAllGather = true;
        cases.push_back(s);
        for (const Scenario& c : cases) {
            const double ref = computeStep(c).totals.stepTime;
            const double cf = evaluateLayout(c).stepTimeS;
            QVERIFY2(std::abs(cf / ref - 1) < 0.05, qPrintable(QStringLiteral("%1 vs %2").arg(cf).arg(ref)));
        }
        // Across nodes the all-gather is exposed beyond the first step's attention: slower than the P2P ring.
        QVERIFY(computeStep(cases[3]).totals.stepTime > computeStep(cases[2]).totals.stepTime);
    }

    void overlapHidesCommunication()
    {
        // Megatron-Core overlap_param_gather: ZeRO-1's param all-gather runs under the next forward.
        Scenario s;
        s.gpus = 64;
        s.tp = 8;
        s.zeroStage = 1;
        s.sequenceParallel = true;
        s.gradAccum = 4;
        const StepResult plain = computeStep(s);
        s.overlapParamGather = true;
        const StepResult overlapped = computeStep(s);
        QVERIFY(overlapped.totals.exposedCommSeconds < plain.totals.exposedCommSeconds);
        QVERIFY(std::abs(overlapped.totals.dpBytes - plain.totals.dpBytes) < 1);
        // Async TP: TP collectives under their GEMMs; the bytes are unchanged.
        s.tpCommOverlap = true;
        const StepResult async = computeStep(s);
        QVERIFY(async.totals.stepTime < overlapped.totals.stepTime);
        QVERIFY(std::abs(async.totals.tpBytes - overlapped.totals.tpBytes) < 1);
        // Totals still add up.
        const StepTotals& t = async.totals;
        QVERIFY(std::abs(t.computeSeconds + t.recomputeSeconds + t.exposedCommSeconds + t.bubbleSeconds + t.optimizerSeconds
                         - t.stepTime)
                < 1e-9 * t.stepTime);
    }

    void unevenInterleavedSplit()
    {
        // Llama 3.1 405B: 126 layers over PP 8 x VPP 2 (torchtitan's Table 5 run): accepted; stages hold 16 or
        // 15 layers and their chunks 8 or 7.
        Scenario s;
        s.arch = *findModelPreset("llama-3.1-405b");
        s.bareParams.reset();
        s.gpu = "h100-80gb";
        s.gpus = 512;
        s.tp = 8;
        s.pp = 8;
        s.zeroStage = 1;
        s.sequenceParallel = true;
        s.schedule = PipelineSchedule::Interleaved;
        s.vpp = 2;
        s.gradAccum = 8;
        s.seq = 8192;
        const StepResult r = computeStep(s);
        QVERIFY(r.totals.stepTime > 0);
        // Executed FLOPs are those of all 126 layers: the same as with the even 1F1B schedule.
        Scenario even = s;
        even.schedule = PipelineSchedule::OneFOneB;
        even.vpp = 1;
        QVERIFY(std::abs(r.totals.executedFlops / computeStep(even).totals.executedFlops - 1) < 1e-12);
        // A chunk without a layer is still refused.
        s.vpp = 16;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeStep(s));
    }

    void nvmeOffloadIsSlowerThanCpuOffload()
    {
        // ZeRO-Infinity's NVMe (about 25 GB/s per node, 3.1 GB/s per GPU of 8) is slower than host memory
        // (409.6 GB/s per DGX A100 node): the optimizer step streams master weights and moments from NVMe.
        // Llama-2-70B, ZeRO-3 over 32 A100s: shard = 70e9/32 params x 12 bytes x 2 (read + write) / 3.125e9.
        Scenario s;
        s.offloadOptimizer = OffloadDevice::Cpu;
        const StepResult cpu = computeStep(s);
        s.offloadOptimizer = OffloadDevice::Nvme;
        const StepResult nvme = computeStep(s);
        QVERIFY(nvme.totals.optimizerSeconds > cpu.totals.optimizerSeconds);
        const double shard = std::ceil(double(s.totalParams()) / 32.0);
        const double streamed = shard * 12.0 * 2.0 / (25e9 / 8.0);
        QVERIFY2(nvme.totals.optimizerSeconds >= streamed, qPrintable(QString::number(nvme.totals.optimizerSeconds)));
        // Offloaded params come in at the NVMe share per GPU (3.1 GB/s) instead of PCIe (25 GB/s): every
        // host-to-GPU copy of a param shard takes 8x longer, and the step is not faster.
        auto h2d = [](const StepResult& r) {
            double t = 0;
            for (const StepEvent& e : r.events)
                if (e.kind == EventKind::HostToDevice && e.phase != StepPhase::Optimizer)
                    t += e.duration;
            return t;
        };
        s.offloadParams = OffloadDevice::Cpu;
        const StepResult pCpu = computeStep(s);
        s.offloadParams = OffloadDevice::Nvme;
        const StepResult pNvme = computeStep(s);
        QVERIFY(h2d(pCpu) > 0);
        QVERIFY2(h2d(pNvme) > 7.0 * h2d(pCpu), qPrintable(QString::number(h2d(pNvme) / h2d(pCpu))));
        QVERIFY(pNvme.totals.stepTime >= pCpu.totals.stepTime);
    }

    void shippedRowsMeetTheMedianTarget()
    {
        // Issue 9's targets on the 109 shipped rows: median |error| within 10%, at most 5 rows unmodelled.
        const StepValidation v = validateSteps(shippedSteps());
        QCOMPARE(int(v.rows.size() + v.unmodelled.size()), 109);
        QVERIFY2(v.medianAbsError <= 0.10, qPrintable(QString::number(v.medianAbsError)));
        QVERIFY(v.unmodelled.size() <= 5);
        for (const UnmodelledRow& u : v.unmodelled)
            QVERIFY(!u.reason.empty());
        // The figures this model reaches (docs/validation-steps.md): median 4.9% (4.8% before the fp8 backward cast
        // only the output gradients, TE's grad_output_preprocess, issue 24 helper general42: the 22 fp8 rows get 0.3-2.6
        // points faster; 5.3% before Megatron-LM 2021's all-reduce after the flush), 77 of 108 within 10%, no row
        // beyond 35% (the target; the worst is MCORE-weak-1.7B at +29.9%, then TITAN-L8-cp8-256k-8 at
        // +27.9% after PyTorch's context_parallel mechanisms). A change that makes these worse must say why in the doc.
        int within10 = 0, beyond35 = 0;
        for (const StepCheck& c : v.rows) {
            within10 += std::abs(c.error) <= 0.10;
            beyond35 += std::abs(c.error) > 0.35;
        }
        QVERIFY2(v.medianAbsError <= 0.0495, qPrintable(QString::number(v.medianAbsError)));
        QVERIFY2(within10 >= 77, qPrintable(QString::number(within10)));
        QVERIFY2(beyond35 == 0, qPrintable(QString::number(beyond35)));
        QVERIFY2(v.maxAbsError <= 0.30, qPrintable(QString::number(v.maxAbsError)));
    }

    void powerCappedH100()
    {
        // torchtitan benchmarks/llama3_h100_202412_torchtitan.md: the H100s are 96 GB HBM2e parts at 2.4 TB/s
        // run at their default 500 W limit; a power-limited GPU holds a clock in proportion to its power
        // budget under sustained tensor load, so GEMMs and attention reach 500/700 of the 700 W part's rate.
        const GpuPreset capped = *findGpuPreset("h100-96gb");
        QCOMPARE(capped.hbmBytesPerSecond, 2.4e12);
        QCOMPARE(capped.powerCapFraction, 500.0 / 700.0);
        QCOMPARE(capped.peakFlops16, findGpuPreset("h100-80gb")->peakFlops16);
        Scenario s = llama8bOnH100("mixed");
        const StepResult stock = computeStep(s);
        s.gpu = "h100-96gb";
        const StepResult cap = computeStep(s);
        const double gemm80 = sumCompute(stock, StepPhase::Forward, EventPart::Mlp);
        const double gemm96 = sumCompute(cap, StepPhase::Forward, EventPart::Mlp);
        // The MLP's GEMMs take 700/500 as long; its element-wise part grows by 3.35/2.4 (HBM): the ratio
        // lies between the two and near the GEMMs' (they dominate).
        QVERIFY2(gemm96 / gemm80 > 1.38 && gemm96 / gemm80 <= 1.4 + 1e-9, qPrintable(QString::number(gemm96 / gemm80)));
        // A kernel efficiency entered by the user is a fraction of the nominal peak, not scaled again.
        s.kernelEfficiency = 0.5;
        Scenario t = s;
        t.gpu = "h100-80gb";
        t.hbmBytesPerSecondOverride = 2.4e12;
        QVERIFY(std::abs(sumCompute(computeStep(s), StepPhase::Forward, EventPart::Mlp)
                         - sumCompute(computeStep(t), StepPhase::Forward, EventPart::Mlp))
                < 1e-12);
    }

    void malformedRowNumbersAreUnmodelled()
    {
        // Issue 15 hardening: a row's numbers are read in the "C" locale and must be whole and finite. A 400-digit
        // network figure threw std::out_of_range past the reader ("internal error"); gpus = 1e30 went through
        // llround (unspecified beyond int64); "8x" was read as 8. Each is now an unmodelled row with its reason.
        const std::string csv = shippedSteps();
        const auto rows = parseCsvWithHeader(csv, "steps");
        CsvRow base;
        for (const CsvRow& row : rows)
            if (row.at("id") == "TITAN-L405-3d-1f1b-512")
                base = row;
        QVERIFY(!base.empty());
        QVERIFY(scenarioForStepRow(base).gpus > 0);
        auto refused = [&](const CsvRow& row, const char* reason) {
            try {
                scenarioForStepRow(row);
            } catch (const InvalidInput& e) {
                return QString::fromStdString(e.what()).contains(QLatin1String(reason));
            }
            return false;
        };
        CsvRow r = base;
        r["gpu_type"] = "H100 " + std::string(400, '9') + " Gbps RoCE/node";
        QVERIFY(refused(r, "the network's Gb/s is not a number"));
        r = base;
        r["gpus"] = "1e30";
        QVERIFY(refused(r, "gpus is out of range"));
        r = base;
        r["gpus"] = "512x";
        QVERIFY(refused(r, "gpus is not a number: 512x"));
    }

    void torchtitanPipelineMicroBatches()
    {
        // torchtitan (2024): n_microbatches = pipeline_parallel_microbatches or pipeline_parallel_degree. Table 5 of
        // the torchtitan H100 benchmark (local batch 32, PP 8) runs 8 micro-batches of 4 sequences.
        const std::string csv = shippedSteps();
        const auto rows = parseCsvWithHeader(csv, "steps");
        bool seen = false;
        for (const CsvRow& row : rows)
            if (row.at("id") == "TITAN-L405-3d-1f1b-512") {
                const Scenario s = scenarioForStepRow(row);
                QCOMPARE(s.microBatch, std::int64_t(4));
                QCOMPARE(s.gradAccum, std::int64_t(8));
                seen = true;
            }
        QVERIFY(seen);
    }

    void megatron1TStillLands()
    {
        // Narayanan et al. 2021: 163 TFLOP/s per GPU for the 1T model (3072 A100s, t 8, p 64, batch 3072,
        // micro-batch 1, full recompute). The row in the shipped file must stay within 10%.
        const StepValidation v = validateSteps(shippedSteps());
        bool seen = false;
        for (const StepCheck& c : v.rows)
            if (c.id == "NAR1-1T") {
                seen = true;
                QVERIFY2(std::abs(c.error) < 0.10, qPrintable(QString::number(c.predicted)));
            }
        QVERIFY(seen);
    }

    void deepSpeedZero3PerTensor()
    {
        // DeepSpeed's ZeRO-3 defaults (deepspeed/runtime/zero/constants.py, 2021): stage3_param_persistence_threshold
        // 1e5 elements, stage3_prefetch_bucket_size 5e7, stage3_max_reuse_distance 1e9. GPT-3 175B (h 12288) on 384
        // A100s, ZeRO-3, full recompute, micro-batch 4, one micro-batch per step (Narayanan et al. 2021's baseline).
        Scenario s;
        s.arch = *findModelPreset("gpt3-175b");
        s.bareParams.reset();
        s.gpu = "a100-80gb";
        s.gpus = 384;
        s.zeroStage = 3;
        s.seq = 2048;
        s.microBatch = 4;
        s.gradAccum = 1;
        s.checkpointing = Checkpointing::Full;
        s.zero3PerTensorCollectives = true;
        auto layerBytes = [](const StepResult& r, EventKind kind) {
            double b = 0;
            for (const StepEvent& e : r.events)
                if (e.kind == kind && e.group == CommGroup::DP && e.part != EventPart::Embedding && e.part != EventPart::Head
                    && e.part != EventPart::Optimizer)
                    b += e.bufferBytes;
            return b;
        };
        const double h2 = 12288.0 * 12288.0;
        // Per layer: the forward gathers its four weights (QKV 3h^2, output h^2, up 4h^2, down 4h^2: 12 h^2), the
        // recompute gathers them again, and the backward gathers QKV, output and up a third time (their reuse
        // distances, 2 x 9 h^2, 2 x 8 h^2 and 2 x 4 h^2 = 1.2e9 elements, exceed 1e9) but keeps down (distance 0):
        // 32 h^2 elements of 2 bytes. Biases and norms (at most 4h = 49,152 elements) are never gathered.
        const StepResult r = computeStep(s);
        QVERIFY2(std::abs(layerBytes(r, EventKind::AllGather) / (96.0 * 32.0 * h2 * 2.0) - 1.0) < 1e-6,
                 qPrintable(QString::number(layerBytes(r, EventKind::AllGather) / (96.0 * h2 * 2.0))));
        // Gradients: every weight reduce-scattered once (12 h^2), the persisted biases and norms with them.
        QVERIFY(layerBytes(r, EventKind::ReduceScatter) >= 96.0 * 12.0 * h2 * 2.0);
        // Prefetch one weight ahead: the bucket (5e7) is smaller than any 175B weight (1.5e8 and more), so before a
        // gather completes at most one other gather was issued after it: no two gathers overlap the same compute
        // beyond the next weight. With the bucket's depth the step is longer than with whole-layer prefetch.
        Scenario unit = s;
        unit.zero3PerTensorCollectives = false;
        QVERIFY(r.totals.stepTime > computeStep(unit).totals.stepTime);
        // A model whose weights are all under the threshold (h 128: QKV 49,152, up 65,536 elements) gathers none.
        Scenario tiny = s;
        tiny.arch.hidden = 128;
        tiny.arch.heads = 2;
        tiny.arch.kvHeads = 2;
        tiny.arch.headDim = 64;
        tiny.arch.ffn = 512;
        tiny.arch.layers = 4;
        tiny.arch.vocab = 1024;
        tiny.gpus = 8;
        QCOMPARE(layerBytes(computeStep(tiny), EventKind::AllGather), 0.0);
    }

    void megatron2021ReduceAfterFlush()
    {
        // NVIDIA/Megatron-LM, 2021 (the release of Narayanan et al. 2021; megatron/training.py train_step and
        // megatron/model/distributed.py DistributedDataParallel, DDP_impl 'local'): the backward hooks only add each
        // grad into main_grad; allreduce_gradients() all-reduces the whole buffer over DP after forward_backward_func
        // has returned, i.e. after the pipeline flush, so none of it overlaps the backward.
        Scenario s;
        s.arch = *findModelPreset("gpt3-175b");
        s.bareParams.reset();
        s.arch.layers = 8;
        s.gpu = "a100-80gb";
        s.gpus = 32; // 4 nodes: the DP ring crosses the NIC
        s.tp = 8;
        s.zeroStage = 0;
        s.seq = 2048;
        s.gradAccum = 2;
        s.checkpointing = Checkpointing::Full;
        const StepResult overlapped = computeStep(s);
        s.ddpReduceAfterFlush = true;
        const StepResult flushed = computeStep(s);
        auto dp = [](const StepResult& r, bool exposed) {
            double t = 0;
            for (const StepEvent& e : r.events)
                if (e.isComm() && e.group == CommGroup::DP && e.phase == StepPhase::Backward)
                    t += exposed ? e.exposedSeconds : e.duration;
            return t;
        };
        double lastKernel = 0;
        for (const StepEvent& e : flushed.events)
            if (e.kind == EventKind::Compute && e.phase == StepPhase::Backward && e.part != EventPart::Optimizer)
                lastKernel = std::max(lastKernel, e.end());
        // Every DP all-reduce starts after the last backward kernel and is exposed in full.
        QVERIFY(dp(flushed, false) > 0);
        for (const StepEvent& e : flushed.events)
            if (e.isComm() && e.group == CommGroup::DP && e.phase == StepPhase::Backward) {
                QVERIFY(e.start >= lastKernel - 1e-12);
                QVERIFY(std::abs(e.exposedSeconds - e.duration) < 1e-12);
            }
        // The same collectives (bytes and seconds) as with the reduce under the backward, which hides part of them.
        QVERIFY(std::abs(flushed.totals.dpBytes - overlapped.totals.dpBytes) < 1);
        QVERIFY(std::abs(dp(flushed, false) - dp(overlapped, false)) < 1e-9);
        QVERIFY2(dp(overlapped, true) < 0.9 * dp(overlapped, false),
                 qPrintable(QStringLiteral("%1 of %2").arg(dp(overlapped, true)).arg(dp(overlapped, false))));
        // The step grows by the part that was hidden.
        const double grown = flushed.totals.stepTime - overlapped.totals.stepTime;
        QVERIFY2(std::abs(grown - (dp(overlapped, false) - dp(overlapped, true))) < 1e-6 * flushed.totals.stepTime,
                 qPrintable(QString::number(grown)));
        // ZeRO-3 (DeepSpeed, not Megatron's local DDP) is untouched.
        Scenario z3 = s;
        z3.zeroStage = 3;
        Scenario z3off = z3;
        z3off.ddpReduceAfterFlush = false;
        QCOMPARE(computeStep(z3).totals.stepTime, computeStep(z3off).totals.stepTime);
        // The 2021 Megatron-LM rows of the shipped file take it; the ZeRO-3 baseline of Narayanan et al. does not.
        int megatronRows = 0;
        for (const CsvRow& row : parseCsvWithHeader(shippedSteps(), "steps")) {
            const std::string& id = row.at("id");
            if (id.rfind("NAR1-", 0) == 0 || id.rfind("NAR2-PTD-", 0) == 0) {
                QVERIFY2(scenarioForStepRow(row).ddpReduceAfterFlush, id.c_str());
                ++megatronRows;
            }
            if (id.rfind("NAR2-ZeRO3-", 0) == 0 || id.rfind("DGXC-", 0) == 0 || id.rfind("TITAN-", 0) == 0)
                QVERIFY2(!scenarioForStepRow(row).ddpReduceAfterFlush, id.c_str());
        }
        QCOMPARE(megatronRows, 16);
        // The planner's closed form (evaluateLayout) defers the same reductions: it agrees with computeStep() as
        // closely as without the flag and grows with it as the step does.
        for (const Scenario& c : {s, [&] {
                 Scenario pp = s;
                 pp.gpus = 64;
                 pp.pp = 2;
                 pp.gradAccum = 8;
                 return pp;
             }()}) {
            Scenario off = c;
            off.ddpReduceAfterFlush = false;
            const double ref = computeStep(c).totals.stepTime, cf = evaluateLayout(c).stepTimeS;
            const double refOff = computeStep(off).totals.stepTime, cfOff = evaluateLayout(off).stepTimeS;
            QVERIFY2(std::abs(cf / ref - 1) <= std::abs(cfOff / refOff - 1) + 1e-6,
                     qPrintable(QStringLiteral("%1 vs %2 (off: %3 vs %4)").arg(cf).arg(ref).arg(cfOff).arg(refOff)));
            QVERIFY(cf > cfOff);
        }
    }

    void everyNthBlockCheckpointing()
    {
        // fms-fsdp policies/ac_handler.py (IBM's FSDP blog, 2024): with p = 1/n, block i (1-based) is checkpointed
        // when i x p reaches the next cut-off 1/2, 3/2, ...: p = 1/2 wraps blocks 1, 3, 5, ...; p = 1/3 wraps 2, 5, 8.
        Scenario s = llama8bOnH100("mixed");
        s.gradAccum = 1;
        s.checkpointing = Checkpointing::Full;
        auto recomputed = [](const StepResult& r) {
            std::set<std::int64_t> layers;
            for (const StepEvent& e : r.events)
                if (e.kind == EventKind::Compute && e.phase == StepPhase::Recompute && e.layer >= 0)
                    layers.insert(e.layer);
            return layers;
        };
        s.checkpointInterval = 2;
        const auto half = recomputed(computeStep(s));
        QCOMPARE(int(half.size()), 16);
        QVERIFY(half.count(0) && half.count(2) && !half.count(1) && half.count(30) && !half.count(31));
        s.checkpointInterval = 3;
        const auto third = recomputed(computeStep(s));
        QCOMPARE(int(third.size()), 11); // floor(32/3 + 1/2)
        QVERIFY(third.count(1) && third.count(4) && !third.count(0) && !third.count(2));
        // The IBM 13B rows say "selective (every n-th block)" with MFU 51% / HFU 59% (A100) and 35% / 40% (H100):
        // HFU / MFU = 1 + p / 3 gives p 0.47 and 0.43, every 2nd block.
        const auto rows = parseCsvWithHeader(shippedSteps(), "steps");
        int seen = 0;
        for (const CsvRow& row : rows)
            if (row.at("id").rfind("IBMFSDP-13B", 0) == 0) {
                const Scenario m = scenarioForStepRow(row);
                QCOMPARE(m.checkpointing, Checkpointing::Full);
                QCOMPARE(m.checkpointInterval, std::int64_t(2));
                ++seen;
            }
        QCOMPARE(seen, 2);
    }

    void eagerLlamaNormAndRotary()
    {
        // Eager PyTorch's Llama code (torchtitan norms.py / model.py, Meta's llama, IBM's FMS): RMSNorm upcasts to
        // fp32 and runs six kernels (18 h element-units against the fused 2 h), rotary multiplies Q and K as complex
        // fp32 (10 units per element against the fused 2). Llama 3 8B: 16 x 4096 + 8 x (4096 + 1024) per token for
        // the attention half, 16 x 4096 for the MLP half; a LayerNorm model adds none.
        const Architecture llama = *findModelPreset("llama-3-8b");
        QCOMPARE(eagerRmsNormRopeElements(llama, true, 1, 1), 16.0 * 4096 + 8.0 * (4096 + 1024));
        QCOMPARE(eagerRmsNormRopeElements(llama, false, 1, 1), 16.0 * 4096);
        QCOMPARE(eagerRmsNormRopeElements(*findModelPreset("gpt3-175b"), true, 1, 1), 0.0);
        // torchtitan's H100 benchmark, Llama 3.1 8B on 8 GPUs: 6,667 tokens/s with torch.compile, 5,762 eager
        // (ratio 1.157). The model's ratio must be within 5% of it (it was 1.076 before this mechanism).
        const StepValidation v = validateSteps(shippedSteps());
        double eager = 0, compiled = 0;
        for (const StepCheck& c : v.rows) {
            if (c.id == "TITAN-L8-fsdp-8")
                eager = c.predicted;
            if (c.id == "TITAN-L8-fsdp-compile-8")
                compiled = c.predicted;
        }
        QVERIFY(eager > 0 && compiled > 0);
        QVERIFY2(std::abs(compiled / eager / (6667.0 / 5762.0) - 1.0) < 0.05, qPrintable(QString::number(compiled / eager)));
    }

    void llama3InterleavedPipeline()
    {
        // Llama 3's 405B runs used an interleaved pipeline schedule without a stated count of stages per rank: the
        // rows get 2, the least interleaving; Narayanan et al.'s rows ("interleaving (v) not in the table") stay 1F1B.
        const auto rows = parseCsvWithHeader(shippedSteps(), "steps");
        int llama = 0, nar = 0;
        for (const CsvRow& row : rows) {
            const std::string id = row.at("id");
            if (id.rfind("LLAMA3-", 0) == 0) {
                const Scenario s = scenarioForStepRow(row);
                QCOMPARE(s.schedule, PipelineSchedule::Interleaved);
                QCOMPARE(s.vpp, std::int64_t(2));
                ++llama;
            }
            if (id.rfind("NAR1-", 0) == 0) {
                QVERIFY(scenarioForStepRow(row).schedule != PipelineSchedule::Interleaved);
                ++nar;
            }
        }
        QCOMPARE(llama, 3);
        QCOMPARE(nar, 10);
    }

    void csvParser()
    {
        const auto rows = parseCsvWithHeader("a,b\n1,\"x, \"\"y\"\"\nz\"\n", "steps");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(rows[0].at("b")), QStringLiteral("x, \"y\"\nz"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parseCsvWithHeader("a,b\n1,\"open\n", "steps"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parseCsvWithHeader("a,b\n1,2,3\n", "steps"));
    }
};

QTEST_APPLESS_MAIN(TestStepMechanisms)
#include "tst_stepmechanisms.moc"
