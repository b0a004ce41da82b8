// SPDX-License-Identifier: MIT
// Mixture of Experts and expert parallelism (issue 25): Megatron-Core's folding of the experts on ETP x EP x
// expert-DP over the GPUs of a pipeline stage and its refusals; the expert part of the model states sharded over
// expert-DP; the all-to-all bytes per rank against a hand count; the step's four all-to-alls per MoE layer.
// Every expected value is worked by hand beside it from the DeepSeek-V3 config (tests/data/hf/DeepSeek-V3.json,
// Hugging Face deepseek-ai/DeepSeek-V3) and the rule it tests (docs/model.md, "Expert parallelism").
#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/gpus.h"
#include "shardscope/kernels.h"
#include "shardscope/peers.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"
#include "stagetime.h" // core/src: layerTimes(), the step's per-layer pricing (test-only include)

#include "kernelfixture.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace shardscope;

namespace {

/// DeepSeek-V3's pre-training layout (DeepSeek-V3 technical report, arXiv 2412.19437, section 3.2: 2048 H800 GPUs,
/// 16-way PP, 64-way EP spanning 8 nodes, ZeRO-1 data parallelism, no TP).
Scenario deepSeekV3Layout()
{
    Scenario s;
    s.arch = *findModelPreset("deepseek-v3");
    s.gpus = 2048;
    s.gpusPerNode = 8;
    s.gpu = "h100-80gb";
    s.tp = 1;
    s.pp = 16;
    s.ep = 64;
    s.zeroStage = 1;
    s.framework = Framework::Megatron;
    s.recipe = resolveRecipe("mixed");
    s.seq = 4096;
    s.microBatch = 1;
    s.gradAccum = 16;
    return s;
}

/// One node of 8 H100s running a MoE preset with EP 8 and expert TP 1 under Megatron-Core, 4,096-token sequences,
/// bf16 mixed precision: the set-up the kernel-level tests below vary one knob of.
Scenario eightH100Ep8(const char* preset)
{
    Scenario s;
    s.arch = *findModelPreset(preset);
    s.gpus = 8;
    s.gpusPerNode = 8;
    s.gpu = "h100-80gb";
    s.ep = 8;
    s.etp = 1;
    s.seq = 4096;
    s.framework = Framework::Megatron;
    s.recipe = resolveRecipe("mixed");
    return s;
}

const RankFootprint* stageRank(const Footprint& f, std::int64_t stage)
{
    for (const auto& r : f.ranks)
        if (r.stage == stage)
            return &r;
    return nullptr;
}

} // namespace

class TestMoe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void folding();
    void refusals_data();
    void refusals();
    void expertStatesOverExpertDp();
    void etpSplitsEachExpert();
    void allToAllBytesByHand();
    void nodeLimitedRouting();
    void perNodeDeduplication();
    void stepCountsFourAllToAllsPerMoeLayer();
    void overlapHidesAllToAll();
    void denseModelsUnchangedByEpKnobs();
    void megatronMoeGqa();
    void megatronMoeMla();
    void groupedGemmSharesWaves();
    void partialTileCostsWholeTile();
    void expertCastsInFp8();
    void moeLayerRunsNoDenseFfn();
    void allToAllAtMeasuredNvlink();
    void recomputeModulesKeys();
    void recomputeModulesByHand();
    void expertWgradAccumulatesFp32();
    void flexDispatcherSmsUnderOverlap();
    void groupedGemmRowsPerGroup();
    void mergedOneFOneBPairsAllToAlls();
    void layerTimesUsesMergedPairing();
    void megatronOverlapCostPerLayer();
    void overlapCostInTheStepTotals();
    void droplessSyncDrain();
    void nvl72RackIsTheEpDomain();
    void expectedMaxOfNormals();
    void busiestRankByHand();
    void busiestRankAgainstSampledRouting();
    void busiestRankPricesKernelsNotFlops();
};

void TestMoe::folding()
{
    // Megatron-Core (megatron/core/parallel_state.py, initialize_model_parallel): a stage's 2048 / 16 = 128 GPUs hold
    // the dense part on TP 1 x CP 1 x DP 128 and the experts on ETP 1 x EP 64 x expert-DP 2.
    const Scenario s = deepSeekV3Layout();
    validateScenario(s);
    QCOMPARE(s.stageGpus(), std::int64_t(128));
    QCOMPARE(s.dp(), std::int64_t(128));
    QCOMPARE(s.expertTp(), std::int64_t(1));
    QCOMPARE(s.expertDp(), std::int64_t(2));
    // Expert TP left at 0 follows TP (Megatron-Core: expert_tensor_parallel_size defaults to the TP size).
    Scenario t = s;
    t.tp = 8;
    t.etp = 0;
    t.ep = 16;
    validateScenario(t);
    QCOMPARE(t.expertTp(), std::int64_t(8));
    QCOMPARE(t.expertDp(), std::int64_t(1)); // 128 / (8 x 16)
}

void TestMoe::refusals_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("EP 3 does not divide 256 experts") << 0 << "ep"
                                                      << "EP 3 does not divide the 256 experts";
    QTest::newRow("ETP x EP = 256 does not divide 128 GPUs of a stage")
        << 1 << "ep"
        << "expert TP x EP = 256 does not divide the 128 GPUs of a pipeline stage";
    QTest::newRow("expert TP 3 does not divide 2048") << 4 << "expert-tp"
                                                      << "expert TP 3 does not divide";
}

void TestMoe::refusals()
{
    QFETCH(int, which);
    QFETCH(QString, field);
    QFETCH(QString, message);
    Scenario s = deepSeekV3Layout();
    switch (which) {
    case 0: s.ep = 3; break;
    case 1:
        s.ep = 128;
        s.etp = 2;
        break;
    case 4:
        s.ep = 32;
        s.etp = 3;
        s.gpus = 16 * 96;
        break;
    default: break;
    }
    try {
        validateScenario(s);
        QFAIL("accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
}

void TestMoe::expertStatesOverExpertDp()
{
    // Stage 1 of 16 holds layers 4-7 (61 layers: the first 13 stages take 4), all MoE (the first 3 layers are dense).
    // Per MoE layer, by hand from the config (tst_hfmoe's DeepSeek-V3 line): dense part = MLA attention 187,107,328
    // + shared expert 44,040,192 + router 1,835,264 + 2 norms 14,336 = 232,997,120; routed = 256 / EP 64 = 4 experts
    // x 44,040,192 = 176,160,768. Stage 1: dense 4 x 232,997,120 = 931,988,480; experts 4 x 176,160,768 = 704,643,072.
    // ZeRO-1 (the distributed optimizer): fp32 master weights over DP 128 for the dense part, over expert-DP 2 for
    // the experts: 4 B x (931,988,480 / 128 + 704,643,072 / 2) = 4 x (7,281,160 + 352,321,536) = 1,438,410,784 B;
    // Adam's two fp32 moments twice that. 16-bit params are not sharded: 2 B x 1,636,631,552 = 3,273,263,104 B.
    const Scenario s = deepSeekV3Layout();
    FootprintOptions o;
    o.everyStage = true;
    const Footprint f = computeFootprint(s, o);
    const RankFootprint* r = stageRank(f, 1);
    QVERIFY(r);
    QCOMPARE(r->expertLocalParams, std::int64_t(704643072));
    QCOMPARE(r->localParams, std::int64_t(931988480 + 704643072));
    QCOMPARE(r->bytes(Term::Master), std::int64_t(1438410784));
    QCOMPARE(r->bytes(Term::Optimizer), std::int64_t(2 * 1438410784LL));
    QCOMPARE(r->bytes(Term::Params), std::int64_t(3273263104LL));
    // The expert part of each term: master 4 x 352,321,536 = 1,409,286,144; params 2 x 704,643,072 = 1,409,286,144.
    QCOMPARE(r->expertStateBytes[2], std::int64_t(1409286144));
    QCOMPARE(r->expertStateBytes[0], std::int64_t(1409286144));
    // Stage 0 (layers 0-3: three dense layers of f 18432 and one MoE layer) holds one MoE layer's experts.
    const RankFootprint* r0 = stageRank(f, 0);
    QVERIFY(r0);
    QCOMPARE(r0->expertLocalParams, std::int64_t(176160768));
}

void TestMoe::etpSplitsEachExpert()
{
    // Expert TP 2 with EP 32 (2 x 32 = 64 GPUs of the 128, expert-DP 2): each rank holds 256 / 32 = 8 experts, each
    // half of 44,040,192 (f 2048 / 2): 8 x 22,020,096 = 176,160,768 per MoE layer, 4 layers on stage 1.
    Scenario s = deepSeekV3Layout();
    s.ep = 32;
    s.etp = 2;
    FootprintOptions o;
    o.everyStage = true;
    const Footprint f = computeFootprint(s, o);
    const RankFootprint* r = stageRank(f, 1);
    QVERIFY(r);
    QCOMPARE(r->expertLocalParams, std::int64_t(4 * 176160768LL));
}

void TestMoe::allToAllBytesByHand()
{
    // One dispatch on one rank of the DeepSeek-V3 layout: 4096 tokens (seq 4096 x micro-batch 1, no TP/CP), each to
    // top-8 experts, h 7168 x 2 B = 14,336 B per copy; 63 of 64 EP ranks are others: 4096 x 8 x 63/64 x 14,336
    // = 462,422,016 B. The EP group of 64 spans 8 nodes of 8: 7/8 of the copies cross the NIC (7 per token):
    // 4096 x 7 x 14,336 = 411,041,792 B; the other 51,380,224 B over NVLink.
    Scenario s = deepSeekV3Layout();
    const MoeAllToAll x = moeAllToAll(s);
    QCOMPARE(x.tokens, 4096.0);
    QCOMPARE(x.copiesPerToken, 8.0);
    QCOMPARE(x.bytesPerCopy, 14336.0);
    QCOMPARE(x.sentBytes, 462422016.0);
    QCOMPARE(x.epNodes, std::int64_t(8));
    QCOMPARE(x.interNodeBytes, 411041792.0);
    QCOMPARE(x.intraNodeBytes, 51380224.0);
    // Sequence parallelism with TP 2 halves the dispatcher's tokens: 2048 x 8 x 63/64 x 14,336 = 231,211,008 B.
    s.tp = 2;
    s.sequenceParallel = true;
    s.etp = 1;
    QCOMPARE(moeAllToAll(s).sentBytes, 231211008.0);
}

void TestMoe::nodeLimitedRouting()
{
    // DeepSeek-V3 routes each token to at most 4 nodes and sends it once per node (technical report, section 2.1.2
    // and 3.2.2): of the 8 nodes of the group 7/8 are others, so at most 4 x 7/8 = 3.5 NIC copies per token:
    // 4096 x 3.5 x 14,336 = 205,520,896 B across, 462,422,016 - 205,520,896 = 256,901,120 B over NVLink.
    Scenario s = deepSeekV3Layout();
    s.moeRouteNodes = 4;
    const MoeAllToAll x = moeAllToAll(s);
    QCOMPARE(x.interNodeBytes, 205520896.0);
    QCOMPARE(x.intraNodeBytes, 256901120.0);
    QVERIFY(x.seconds < moeAllToAll(deepSeekV3Layout()).seconds);
}

void TestMoe::perNodeDeduplication()
{
    // DeepEP sends a token once per destination node (deepseek-ai/DeepEP, internode dispatch). 8 copies spread evenly
    // over the group's 8 nodes reach 8 x (1 - (7/8)^8) = 5.2511 distinct nodes on average, 7/8 of them other nodes:
    // 4.5947 NIC copies per token instead of 7: 4096 x 4.5947 x 14,336 = 269,804,167.5 B.
    Scenario s = deepSeekV3Layout();
    s.moeNodeDedup = true;
    const MoeAllToAll x = moeAllToAll(s);
    QVERIFY2(std::fabs(x.interNodeBytes - 269804167.5) < 1.0, qPrintable(QString::number(x.interNodeBytes, 'f', 1)));
    // With node-limited routing too, the smaller cap holds: 3.5 copies (nodeLimitedRouting).
    s.moeRouteNodes = 4;
    QCOMPARE(moeAllToAll(s).interNodeBytes, 205520896.0);
}

void TestMoe::stepCountsFourAllToAllsPerMoeLayer()
{
    // Dispatch and combine in forward, their gradients in backward: 4 all-to-alls per MoE layer per micro-batch
    // (no recompute). The worst rank's stage holds 4 MoE layers (any stage but 0 and the last three), 16
    // micro-batches: 4 x 4 x 16 x 462,422,016 B, or with stage 0 the worst (1 MoE layer) 4 x 1 x 16 x ...
    Scenario s = deepSeekV3Layout();
    s.checkpointing = Checkpointing::None;
    const StepResult r = computeStep(s);
    const double moeLayers = double(
        s.arch.moeLayersIn(r.worstStage * 3 + std::min<std::int64_t>(r.worstStage, 13), r.worstStage < 13 ? 4 : 3));
    QCOMPARE(r.totals.epBytes, 4.0 * moeLayers * 16.0 * 462422016.0);
    // Full recompute runs the forward's two again.
    s.checkpointing = Checkpointing::Full;
    const StepResult f = computeStep(s);
    const double moeLayersF = double(
        s.arch.moeLayersIn(f.worstStage * 3 + std::min<std::int64_t>(f.worstStage, 13), f.worstStage < 13 ? 4 : 3));
    QCOMPARE(f.totals.epBytes, 6.0 * moeLayersF * 16.0 * 462422016.0);
}

void TestMoe::overlapHidesAllToAll()
{
    Scenario s = deepSeekV3Layout();
    const double plain = computeStep(s).totals.stepTime;
    s.moeA2aOverlap = true;
    const double overlapped = computeStep(s).totals.stepTime;
    QVERIFY2(overlapped < plain, qPrintable(QString::number(overlapped) + " vs " + QString::number(plain)));
}

void TestMoe::denseModelsUnchangedByEpKnobs()
{
    // EP, expert TP, the capacity factor and the overlap switch touch MoE layers only: a dense model has no experts
    // to fold, so they change nothing there (and are accepted, as a scenario file may carry them).
    Scenario s;
    const Footprint a = computeFootprint(s);
    s.ep = 2;
    s.etp = 2;
    s.moeCapacityFactor = 2;
    s.moeA2aOverlap = true;
    validateScenario(s);
    const Footprint b = computeFootprint(s);
    QCOMPARE(a.worstBytes(), b.worstBytes());
    QCOMPARE(moeAllToAll(s).sentBytes, 0.0);
}

void TestMoe::megatronMoeGqa()
{
    // compute_weight_and_optimizer_memory() at NVIDIA/Megatron-LM@d98e8a64 (megatron/training/
    // theoretical_memory_usage.py) by hand on Mixtral-8x7B, TP 2, PP 4, EP 4, expert TP 1, 64 GPUs (DP 8, expert-DP
    // 64 / (1 x 4 x 4) = 4), the distributed optimizer:
    //   attention 2 h^2 (1 + 8/32) x 1 = 41,943,040; routed 2 h f E x 3/2 = 1,409,286,144; norms 2h = 8192;
    //   router h E = 32,768. TP-sharded block 32 x 41,943,040 = 1,342,177,280; replicated 32 x 40,960 + 4096
    //   = 1,314,816; expert block 32 x 1,409,286,144 = 45,097,156,608; embedding 4096 x 32000 = 131,072,000.
    //   Most loaded shard: TP part (1,342,177,280 / 4 + 131,072,000) / 2 = 233,308,160; replicated 1,314,816 / 4
    //   = 328,704; experts 45,097,156,608 / 4 / 4 = 2,818,572,288.
    //   Bytes: 233,636,864 x (6 + 12/8) + 2,818,572,288 x (6 + 12/4) = 1,752,276,480 + 25,367,150,592
    //   = 27,119,427,072 B = 25,863.10 MiB (printed "weight and optimizer=25863.10 MB").
    Scenario s;
    s.arch = *findModelPreset("mixtral-8x7b");
    s.gpus = 64;
    s.tp = 2;
    s.pp = 4;
    s.ep = 4;
    s.etp = 1;
    s.zeroStage = 1;
    const MegatronArgs a = megatronArgs(s);
    const MegatronShard r = megatronShard(a);
    QCOMPARE(r.tpSharded, 233308160.0);
    QCOMPARE(r.replicated, 328704.0);
    QCOMPARE(r.expertSharded, 2818572288.0);
    QCOMPARE(r.expertDp, 4.0);
    QCOMPARE(megatronWeightAndOptimizerBytes(a), 27119427072.0);
    QVERIFY(megatronPrinted(a, std::nullopt).find("weight and optimizer=25863.10 MB") != std::string::npos);
}

void TestMoe::megatronMoeMla()
{
    // The same formula on DeepSeek-V3 (MLA, 3 dense first layers as moe_layer_freq [0]*3 + [1]*58, one shared expert
    // of 2048, one MTP layer), TP 2, PP 16, EP 64, expert TP 1, 2048 GPUs (DP 64, expert-DP 2), by hand:
    //   MLA: q 1536 x (7168 + 128 x 192 + 1) = 48,760,320; kv 512 x (7168 + 128 x 256 + 1) = 20,447,744;
    //   rope 7168 x 64 = 458,752; o 128 x 128 x 7168 = 117,440,512: 187,107,328.
    //   dense MLP 2 x 7168 x 18432 x 3/2 = 396,361,728; shared 2 x 7168 x 2048 x 3/2 = 44,040,192; routed 256 x that
    //   = 11,274,289,152; norms 14,336; router 7168 x 256 = 1,835,008 (no add_bias_linear).
    //   TP block 3 x (187,107,328 + 396,361,728) + 58 x (187,107,328 + 44,040,192) = 15,156,963,328;
    //   replicated 3 x 14,336 + 58 x (14,336 + 1,835,008) + 7168 = 107,312,128; experts 58 x 11,274,289,152.
    //   MTP (the last layer is MoE, so a MoE layer): TP 231,147,520, replicated 1,849,344, experts 11,274,289,152.
    //   Shard: TP (15,156,963,328 / 16 + 231,147,520 + 129280 x 7168) / 2 = 1,052,568,384; replicated
    //   107,312,128 / 16 + 1,849,344 = 8,556,352; experts (58 x 11,274,289,152 / 16 + 11,274,289,152) / 64
    //   = 814,743,552.
    //   Bytes: 1,061,124,736 x (6 + 12/64) + 814,743,552 x (6 + 12/2) = 6,565,709,304 + 9,776,922,624
    //   = 16,342,631,928 B = 15,585.55 MiB.
    Scenario s;
    s.arch = *findModelPreset("deepseek-v3");
    s.gpus = 2048;
    s.tp = 2;
    s.pp = 16;
    s.ep = 64;
    s.etp = 1;
    s.zeroStage = 1;
    const MegatronArgs a = megatronArgs(s);
    const MegatronShard r = megatronShard(a);
    QCOMPARE(r.expertDp, 2.0);
    QCOMPARE(r.tpSharded, 1052568384.0);
    QCOMPARE(r.replicated, 8556352.0);
    QCOMPARE(r.expertSharded, 814743552.0);
    QCOMPARE(std::llround(megatronWeightAndOptimizerBytes(a)), 16342631928LL);
    QVERIFY(megatronPrinted(a, std::nullopt).find("weight and optimizer=15585.55 MB") != std::string::npos);
}

void TestMoe::groupedGemmSharesWaves()
{
    // Transformer Engine's grouped GEMM launches GEMM i on compute stream i mod 4 of 4
    // (NVIDIA/TransformerEngine@5c62f728 transformer_engine/common/gemm/cublaslt_gemm.cu, multi_stream_cublas_gemm;
    // @3e125d69 transformer_engine/common/util/multi_stream.cpp: num_compute_streams = 4).
    QCOMPARE(kTeGroupedGemmStreams, 4);
    // Hand count: Qwen3-30B-A3B's expert up-projection (gate and up, 2 x 768, from h 2048) on 2048 routed tokens per
    // expert, 132 SMs, tiles 128 x 256, at 1e15 FLOP/s x 1.0. One GEMM has 16 x 6 = 96 tiles: one wave of 132 SMs
    // (and the half tiles give 192 of 264), 96/132 of the SMs busy. Four at once: 384 tiles in 3 waves, 384/396.
    const KernelModel km = shardscope::testing::handCountKernels(1e15, 1e18); // compute-bound
    const double m = 2048, n = 1536, k = 2048;
    const double flops = 2.0 * m * n * k;
    const double kEff = 2048.0 / 2112.0;
    const double one = flops / (1e15 * kEff * (96.0 / 132.0));
    QVERIFY(std::fabs(gemmSeconds(km, m, n, k, false) / one - 1) < 1e-12);
    // The grouped GEMM runs at the rows-per-group factor of 2048 rows (groupedGemmRowsPerGroup below); the hand counts
    // of the waves hold over it.
    const double rows = groupedGemmRowsFactor(m);
    const double four = flops / (1e15 * rows * kEff * (384.0 / 396.0));
    const double oneGrouped = one / rows;
    // 16 local experts (128 / EP 8): four rounds of four.
    const double grouped = groupedGemmSeconds(km, 16, kTeGroupedGemmStreams, m, n, k, false);
    QVERIFY(std::fabs(grouped / (16 * four) - 1) < 1e-12);
    QVERIFY(std::fabs(grouped * rows / (16 * gemmSeconds(km, m, n, k, false)) - 0.75) < 1e-12);
    // 5 experts: a round of four, then the fifth alone (96/132 again).
    QVERIFY(std::fabs(groupedGemmSeconds(km, 5, 4, m, n, k, false) / (4 * four + oneGrouped) - 1) < 1e-12);
    // 6: the last two at once fill 384 half tiles (128 x 128) in 3 waves: as four do.
    QVERIFY(std::fabs(groupedGemmSeconds(km, 6, 4, m, n, k, false) / (6 * four) - 1) < 1e-12);
    // One stream is the experts one after another.
    QVERIFY(std::fabs(groupedGemmSeconds(km, 16, 1, m, n, k, false) / (16 * oneGrouped) - 1) < 1e-12);
    QCOMPARE(groupedGemmSeconds(km, 0, 4, m, n, k, false), 0.0);
}

void TestMoe::partialTileCostsWholeTile()
{
    // Tile quantisation (NVIDIA, "Matrix Multiplication Background User's Guide", Tile Quantization and Wave
    // Quantization, docs.nvidia.com/deeplearning/performance/dl-performance-matrix-multiplication): a thread block
    // that overhangs M or N still computes its whole tile, so a wave lasts as long as full tiles do. Hand count: the
    // busiest EP rank's experts at 1,032 tokens (1,024 x 1.0076) on four streams, fc1 of Qwen3-30B-A3B (N 1536, K
    // 2048), 132 SMs, tiles 128 x 256 (or halves), 1e15 FLOP/s x 1.0, compute-bound, no rows-per-group factor.
    const KernelModel km = shardscope::testing::handCountKernels(1e15, 1e18);
    const double n = 1536, k = 2048;
    // 1,024 rows: 128 x 128 tiles, 4 x 8 x 12 = 384 in 3 waves. 1,032 rows spill into a ninth tile row: 128 x 128 gives
    // 432 tiles in 4 waves, 128 x 256 216 in 2 waves of double tiles, 64 x 256 408 in 4 waves: each 4 waves of
    // 128 x 128 x (K + 64) per SM. A wave of 128 x 128 tiles takes 2 x 128 x 128 x (K + 64) x 132 / 1e15 s.
    const double wave = 2.0 * 128 * 128 * (k + 64) * 132 / 1e15;
    const double at1024 = groupedGemmSeconds(km, 4, 4, 1024, n, k, false, 2.0, false);
    const double at1032 = groupedGemmSeconds(km, 4, 4, 1032, n, k, false, 2.0, false);
    QVERIFY2(std::fabs(at1024 / (3 * wave) - 1) < 1e-12, qPrintable(QString::number(at1024 / wave)));
    QVERIFY2(std::fabs(at1032 / (4 * wave) - 1) < 1e-12, qPrintable(QString::number(at1032 / wave)));
    // Counting the partial tile row as useful work instead gave 432/528 of the SMs busy for 1,032 rows: 3.58 waves,
    // not 4 (1.194x the 1,024-row time, not 4/3).
    QVERIFY(std::fabs(at1032 / at1024 - 4.0 / 3.0) < 1e-12);
    // One partial wave: the time is the wave's whatever the padding (96 and 108 tiles of 128 x 128 both fit 132 SMs).
    QVERIFY(std::fabs(gemmSeconds(km, 1032, n, k, false) / gemmSeconds(km, 1024, n, k, false) - 1) < 1e-12);
    // More rows never cost less: every row count from 1,000 to 1,300 on four streams.
    double previous = 0;
    for (double m = 1000; m <= 1300; m += 1) {
        const double sec = groupedGemmSeconds(km, 4, 4, m, n, k, false, 2.0, false);
        QVERIFY2(sec >= previous * (1 - 1e-12), qPrintable(QString::number(m)));
        previous = sec;
    }
}

void TestMoe::expertCastsInFp8()
{
    // fp8: Transformer Engine's GroupedLinear quantises every local expert's GEMM input in forward (one
    // fused_multi_quantize) and each GEMM's output gradient in backward (NVIDIA/TransformerEngine@3ea13561
    // transformer_engine/pytorch/module/grouped_linear.py), at the bytes per element of the recipe's scaling, as the
    // dense layer's casts are (docs/model.md, "Low-precision casts"). Hand count: Mixtral 8x7B (h 4096, expert FFN 14336,
    // gated, top-2, no shared expert) on 8 H100s, EP 8, one micro-batch of 4096 tokens, delayed scaling (cast-transpose:
    // read 2 B, write 1 + 1 B = 4 B per element; Hopper, no measured-rate factor). The rank's routed copies:
    // 4096 x 2 at the busiest rank's load (busiestRankPricesKernelsNotFlops).
    Scenario s = eightH100Ep8("mixtral-8x7b");
    s.recipe = resolveRecipe("fp8-mixed");
    s.fp8Scaling = Fp8Scaling::TeDelayed;
    const GpuPreset g = resolveGpu(s);
    const KernelModel km = kernelModelInForce(s);
    const double copies = 4096.0 * 2.0 * moeBusiestRankLoad(s);
    // Forward: fc1's input (h) and fc2's (the activation, 14336) per copy; backward: fc2's output gradient (h) and
    // fc1's (2 x 14336).
    const double fwd = memorySeconds(km, 4.0 * copies * (4096.0 + 14336.0));
    const double bwd = memorySeconds(km, 4.0 * copies * (4096.0 + 2.0 * 14336.0));
    const detail::LayerTimes lt = detail::layerTimes(s, g, 2.0);
    QVERIFY2(std::fabs(lt.moeCastFwd / fwd - 1) < 1e-12, qPrintable(QString::number(lt.moeCastFwd / fwd, 'g', 12)));
    QVERIFY2(std::fabs(lt.moeCastBwd / bwd - 1) < 1e-12, qPrintable(QString::number(lt.moeCastBwd / bwd, 'g', 12)));
    // They are in the layer's MoE time: with a plain cast (3 B per element, the same fp8 GEMMs) the MLP's forward and
    // backward are shorter by a quarter of them.
    Scenario plain = s;
    plain.fp8Scaling = Fp8Scaling::Cast;
    const detail::LayerTimes lc = detail::layerTimes(plain, g, 2.0);
    QVERIFY2(std::fabs((lt.mlpFwd - lc.mlpFwd) / (fwd / 4) - 1) < 1e-9,
             qPrintable(QString::number((lt.mlpFwd - lc.mlpFwd) / fwd, 'g', 12)));
    QVERIFY2(std::fabs((lt.mlpBwd - lc.mlpBwd) / (bwd / 4) - 1) < 1e-9,
             qPrintable(QString::number((lt.mlpBwd - lc.mlpBwd) / bwd, 'g', 12)));
    // 16 bits: no cast.
    Scenario b16 = s;
    b16.recipe = resolveRecipe("mixed");
    const detail::LayerTimes l16 = detail::layerTimes(b16, g, 2.0);
    QCOMPARE(l16.moeCastFwd, 0.0);
    QCOMPARE(l16.moeCastBwd, 0.0);
}

void TestMoe::moeLayerRunsNoDenseFfn()
{
    // An MoE layer's MLP is its router, experts and shared experts (Megatron-Core MoELayer); the model's dense FFN
    // width (Qwen3-30B-A3B's intermediate_size 6144 beside moe_intermediate_size 768, Hugging Face Qwen/Qwen3-30B-A3B
    // config.json; DeepSeek-V3's 18432 of its dense first layers) is never computed in it, so the layer's time does not
    // depend on it (the experts' activation is priced on the routed copies at the expert FFN width).
    Scenario s = eightH100Ep8("qwen3-235b-a22b");
    s.compiled = true;
    const GpuPreset g = resolveGpu(s);
    const detail::LayerTimes a = detail::layerTimes(s, g, 2.0);
    Scenario wide = s;
    wide.arch.ffn = 4 * s.arch.ffn;
    QVERIFY(wide.arch.expertFfn() == s.arch.expertFfn());
    const detail::LayerTimes b = detail::layerTimes(wide, g, 2.0);
    QVERIFY2(a.mlpFwd == b.mlpFwd && a.mlpBwd == b.mlpBwd,
             qPrintable(QString("%1 vs %2").arg(a.mlpFwd, 0, 'g', 12).arg(b.mlpFwd, 0, 'g', 12)));
}

void TestMoe::allToAllAtMeasuredNvlink()
{
    // deepseek-ai/DeepEP@0297fc801788b14b338a46554faca28d419e518a: docs/legacy.md, V1 normal kernels on H800 ("~160
    // GB/s NVLink maximum bandwidth"), EP 8 intranode: dispatch 153 GB/s, combine 158 GB/s; README.md, V2 on SM100,
    // EP 8 over NVLink (max-perf SMs): dispatch 726 GB/s, combine 740 GB/s of NVLink 5's 900 GB/s per direction.
    // One all-to-all at their mean: 155.5 / 160 = 0.971875 on Hopper, 733 / 900 on Blackwell; 1 without a measurement.
    Scenario s = deepSeekV3Layout();
    QCOMPARE(moeNvlinkFraction(s), 0.971875);
    s.gpu = "b200-192gb";
    QCOMPARE(moeNvlinkFraction(s), 733.0 / 900.0);
    s.gpu = "b300-288gb";
    QCOMPARE(moeNvlinkFraction(s), 733.0 / 900.0);
    s.gpu = "a100-80gb";
    QCOMPARE(moeNvlinkFraction(s), 1.0);
    // EP 8 inside one node of H100s (NVLink 450 GB/s per direction), no alpha: Mixtral 8x7B's 4096 tokens x top-2 x
    // 4096 x 2 B x 7/8 = 58,720,256 B over NVLink at 450e9 x 0.971875 = 437,343,750,000 B/s: 134.27 microseconds.
    Scenario m;
    m.arch = *findModelPreset("mixtral-8x7b");
    m.gpus = 8;
    m.gpusPerNode = 8;
    m.gpu = "h100-80gb";
    m.ep = 8;
    m.etp = 1;
    m.seq = 4096;
    m.alphaSeconds = 0;
    const MoeAllToAll x = moeAllToAll(m);
    QCOMPARE(x.intraNodeBytes, 58720256.0);
    QCOMPARE(x.interNodeBytes, 0.0);
    QCOMPARE(x.nvlinkFraction, 0.971875);
    // The all-to-all ends when the busiest of the 8 receivers has its copies (busiestRankByHand): 8192 copies a rank
    // on average, E 8, k 2: 1 + 1.4236003 x sqrt(6 / (7 x 8192)) = 1.0145620.
    QVERIFY2(std::fabs(x.busiestRankFactor - 1.0145620) < 1e-6, qPrintable(QString::number(x.busiestRankFactor, 'g', 10)));
    QVERIFY2(std::fabs(x.seconds - 58720256.0 / 437343750000.0 * x.busiestRankFactor) < 1e-15,
             qPrintable(QString::number(x.seconds, 'g', 12)));
}

void TestMoe::recomputeModulesKeys()
{
    // Megatron-Core's names (NVIDIA/Megatron-LM@022bcb5a megatron/core/transformer/moe/README.md, "Checkpointing").
    QCOMPARE(recomputeModulesFromKey("layernorm,moe_act").value_or(99), std::uint32_t(kRecomputeLayernorm | kRecomputeMoeAct));
    QCOMPARE(recomputeModulesFromKey(" mla_up_proj ").value_or(99), std::uint32_t(kRecomputeMlaUpProj));
    QCOMPARE(recomputeModulesFromKey("none").value_or(99), 0u);
    QVERIFY(!recomputeModulesFromKey("mlp").has_value()); // not modelled: refused, not dropped
    QVERIFY(!recomputeModulesFromKey("").has_value());
    QVERIFY(!recomputeModulesFromKey("layernorm,").has_value());
    QCOMPARE(recomputeModulesKey(kRecomputeLayernorm | kRecomputeMoeAct | kRecomputeMlaUpProj),
             std::string("layernorm,moe_act,mla_up_proj"));
    QCOMPARE(recomputeModulesKey(0), std::string("none"));
}

void TestMoe::recomputeModulesByHand()
{
    // Mixtral 8x22B (h 6144, expert FFN 16384, top-2, 56 layers) on 8 H100s, EP 8, one micro-batch of 4096 tokens,
    // 16-bit activations. Per layer: `layernorm` reruns two RMSNorms, each reading and writing 4096 x 6144 x 2 B:
    // 4 x 4096 x 6144 x 2 = 201,326,592 B; `moe_act` reruns SwiGLU on the 8192 routed copies (4096 x top-2 over the
    // rank's experts): reads 2 x 16384, writes 16384 per copy: 3 x 8192 x 16384 x 2 = 805,306,368 B. At HBM speed,
    // 56 layers, before the backward (recompute seconds).
    Scenario s = eightH100Ep8("mixtral-8x22b");
    s.zeroStage = 1;
    s.checkpointing = Checkpointing::None;
    const KernelModel km = kernelModelInForce(s);
    const double base = computeStep(s).totals.recomputeSeconds;
    QCOMPARE(base, 0.0);
    s.recomputeModules = kRecomputeLayernorm;
    const double ln = computeStep(s).totals.recomputeSeconds;
    s.recomputeModules = kRecomputeLayernorm | kRecomputeMoeAct;
    const double both = computeStep(s).totals.recomputeSeconds;
    QVERIFY2(std::fabs(ln - 56.0 * memorySeconds(km, 201326592.0)) < 1e-9 * ln, qPrintable(QString::number(ln, 'g', 12)));
    // moe_act runs on the busiest EP rank's copies (busiestRankByHand): E 8, k 2, EP 8, m 8192: 1 + 1.4236003 x
    // sqrt(6 / (7 x 8192)) = 1.0145620, x 805,306,368 B = 817,033,239 B.
    QVERIFY(std::fabs(moeBusiestRankLoad(s) - 1.0145620) < 1e-6);
    QVERIFY2(std::fabs(both - 56.0 * memorySeconds(km, 201326592.0 + 805306368.0 * 1.0145620)) < 1e-6 * both,
             qPrintable(QString::number(both, 'g', 12)));
    // mla_up_proj on a model without MLA: nothing to rerun.
    s.recomputeModules = kRecomputeMlaUpProj;
    QCOMPARE(computeStep(s).totals.recomputeSeconds, 0.0);
    // Full recompute reruns the whole forward: the modules add nothing on top.
    s.checkpointing = Checkpointing::Full;
    const double full = computeStep(s).totals.recomputeSeconds;
    s.recomputeModules = kRecomputeLayernorm | kRecomputeMoeAct;
    QCOMPARE(computeStep(s).totals.recomputeSeconds, full);
    // DeepSeek-V3's mla_up_proj (TP 1, 4096 tokens): q_b_proj 1536 -> 128 x (128 + 64), kv_b_proj 512 -> 128 x
    // (128 + 128) as GEMMs, RoPE rewriting the 64 rope dims of 128 query heads and the shared key: 2 x 4096 x 129 x 64
    // x 2 B; per MoE or dense layer of the stage.
    Scenario d = deepSeekV3Layout();
    d.checkpointing = Checkpointing::None;
    const KernelModel kd = kernelModelInForce(d);
    const double perLayer = gemmSeconds(kd, 4096, 128.0 * 192.0, 1536, false)
        + gemmSeconds(kd, 4096, 128.0 * 256.0, 512, false) + memorySeconds(kd, 2.0 * 4096 * 129 * 64 * 2);
    const StepResult r0 = computeStep(d);
    d.recomputeModules = kRecomputeMlaUpProj;
    const StepResult r1 = computeStep(d);
    const double layersTimesMicrobatches = (r1.totals.recomputeSeconds - r0.totals.recomputeSeconds) / perLayer;
    QVERIFY2(std::fabs(layersTimesMicrobatches - std::round(layersTimesMicrobatches)) < 1e-6
                 && layersTimesMicrobatches >= 16.0,
             qPrintable(QString::number(layersTimesMicrobatches, 'g', 12)));
}

void TestMoe::expertWgradAccumulatesFp32()
{
    // The experts' weight gradient accumulates into the fp32 main_grad (NVIDIA/Megatron-LM@d086a2e3
    // megatron/core/extensions/transformer_engine.py: TEGroupedLinear passes fuse_wgrad_accumulation =
    // gradient_accumulation_fusion): its C is read and written in fp32, 8 bytes per element, per micro-batch.
    // Hand count: Qwen3-235B-A22B's expert up-projection weight gradient (2 x 1536 by 4096) over 512 tokens per
    // expert, one GEMM, H100-like 989e12 FLOP/s x 1.0, 3.35e12 B/s, 132 SMs, tiles 128 x 256:
    //   bytes 2 x (3072 x 512 + 512 x 4096) + 8 x 3072 x 4096 = 7,340,032 + 100,663,296 = 108,003,328 B: 32.24 us;
    //   FLOPs 2 x 3072 x 4096 x 512 = 12,884,901,888 at 512/576 of K and 384 tiles in 3 waves of 132 (384/396):
    //   15.13 us. The traffic sets the time; with a bf16 result written once (2 B per element: 32,505,856 B, 9.70 us)
    //   the FLOPs would.
    const KernelModel km = shardscope::testing::handCountKernels(989e12, 3.35e12);
    const double m = 3072, n = 4096, k = 512;
    const double bytes = 2.0 * (m * k + k * n) + 8.0 * m * n;
    QCOMPARE(bytes, 108003328.0);
    const double memory = bytes / 3.35e12;
    const double compute = 2.0 * m * n * k / (989e12 * (512.0 / 576.0) * (384.0 / 396.0));
    QVERIFY(compute < memory);
    // The weight gradient groups K (rowsGrouped false): no rows-per-group factor.
    QVERIFY(std::fabs(groupedGemmSeconds(km, 1, 1, m, n, k, false, 8.0, false) / memory - 1) < 1e-12);
    QVERIFY(std::fabs(groupedGemmSeconds(km, 1, 1, m, n, k, false, 2.0, false) / compute - 1) < 1e-12);
}

void TestMoe::flexDispatcherSmsUnderOverlap()
{
    // Megatron-Core's flex dispatcher runs DeepEP on moe_deepep_num_sms SMs, "historical default 20"
    // (NVIDIA/Megatron-LM@002526d8 megatron/core/transformer/transformer_config.py), the 20 SMs the DeepSeek-V3
    // report (arXiv 2412.19437, section 3.2.2) gives its all-to-all kernels. Overlapped, a time A of all-to-all under
    // C >= (1 - f) A of compute costs C + f A, f = 20 / SMs: the exposed part is f A, not 0.
    QCOMPARE(kFlexDispatcherSms, 20);
    // EP inside one node (8 GPUs): deduplication per node sends the same bytes, so the flex switch changes only the
    // SMs. PP 1 and one micro-batch: the step's difference is f x the all-to-all seconds (epSeconds) on H100's 132.
    Scenario s;
    s.arch = *findModelPreset("qwen3-235b-a22b");
    s.gpus = 8;
    s.gpusPerNode = 8;
    s.gpu = "h100-80gb";
    s.tp = 1;
    s.pp = 1;
    s.ep = 8;
    s.zeroStage = 1;
    s.framework = Framework::Megatron;
    s.recipe = resolveRecipe("mixed");
    s.seq = 4096;
    s.microBatch = 1;
    s.gradAccum = 1;
    s.moeA2aOverlap = true;
    const StepTotals nccl = computeStep(s).totals;
    s.moeNodeDedup = true;
    const StepTotals flex = computeStep(s).totals;
    QCOMPARE(flex.epSeconds, nccl.epSeconds);
    QVERIFY(nccl.epSeconds > 0);
    const double expected = 20.0 / 132.0 * flex.epSeconds;
    QVERIFY2(std::fabs((flex.stepTime - nccl.stepTime) / expected - 1) < 1e-6,
             qPrintable(QString::number(flex.stepTime - nccl.stepTime) + " vs " + QString::number(expected)));
    // Not overlapped, the SMs the kernels hold do not matter: the all-to-all is exposed whole either way.
    s.moeA2aOverlap = false;
    const double flexPlain = computeStep(s).totals.stepTime;
    s.moeNodeDedup = false;
    QCOMPARE(computeStep(s).totals.stepTime, flexPlain);
}

void TestMoe::mergedOneFOneBPairsAllToAlls()
{
    // Megatron-Core's combined 1F1B (NVIDIA/Megatron-LM@01cf4fb5 megatron/core/models/common/
    // model_chunk_schedule_plan.py, TransformerLayerSchedulePlan.run(): "comm_stream: combine_bwd |
    // dispatch_fwd->dispatch_bwd | combine_fwd; comp_stream: attn_fwd | mlp_bwd->mlp_bwd_dw->mlp_fwd | attn_bwd"),
    // timelines worked by hand from the order run() issues the nodes and what each one waits for.
    // Every all-to-all covered: the pair takes its kernels' sum (0.5 + 3 + 2 + 3 + 1 = 9.5).
    QCOMPARE(mergedOneFOneBLayerSeconds(0.4, 0.5, 3, 2, 3, 1), 9.5);
    // Nothing covers: the four all-to-alls run back to back on the communication stream, then attention backward's
    // 1 waits for dispatch backward (ends 30) and runs beside combine forward (30 -> 40).
    QCOMPARE(mergedOneFOneBLayerSeconds(10, 1, 1, 1, 1, 1), 40.0);
    // The pairing: attention 0.5 forward and 1 backward, the MLP 4 + 4 + 4, all-to-alls of 2. The MLP would cover all
    // four (12 >= 8), but the combines hide only under attention: combine backward 0 -> 2 against attention forward
    // 0 -> 0.5 (1.5 exposed), combine forward 14 -> 16 against attention backward 14 -> 15 (1 exposed): 13.5 + 2.5.
    QCOMPARE(mergedOneFOneBLayerSeconds(2, 0.5, 4, 4, 4, 1), 16.0);
    // Combine backward (0 -> 2) holds the MLP's data gradient one second past attention forward (1), so it runs
    // 2 -> 5; dispatch backward waits for it (5 -> 7), under the weight gradient and MLP forward (5 -> 8):
    // 1 + 3 + 1 + 2 + 2 = 9 of kernels, 10 in all.
    QCOMPARE(mergedOneFOneBLayerSeconds(2, 1, 3, 1, 2, 2), 10.0);
    // Dispatch backward cannot start before the MLP's data gradient (2 -> 12): it runs 12 -> 14 and combine forward
    // after it (14 -> 16), though the communication stream was free from 4.
    QCOMPARE(mergedOneFOneBLayerSeconds(2, 0, 10, 0, 0.25, 0.25), 16.0);
}

void TestMoe::layerTimesUsesMergedPairing()
{
    // The step's layerTimes() prices overlapped all-to-alls with the combined 1F1B's pairing (mergedOneFOneBLayerSeconds,
    // NVIDIA/Megatron-LM@01cf4fb5 model_chunk_schedule_plan.py, TransformerLayerSchedulePlan.run()), not with the whole
    // layer's kernels. Layout: DeepSeek-V3 on A100s, EP 32 across four nodes, overlap on, no per-node deduplication
    // (so no SM share). One all-to-all (a) outlasts attention forward (A) but not the MLP forward (F). The MLP's data
    // gradient D is twice the MLP forward's non-expert kernels plus the experts' forward GEMMs, so D >= F >= a, and the
    // weight gradient W >= 0. Hand timeline of run(): combine backward 0 -> a beside attention forward 0 -> A, so the
    // data gradient starts at a; dispatch forward (a -> 2a) hides under it, dispatch backward under W + F; combine
    // forward runs after the MLP forward beside attention backward (2A): the pair takes a + D + W + F + max(2A, a), its
    // kernels 3A + D + W + F, so the exposed time is (a - A) + max(0, a - 2A), half drawn in forward and half in
    // backward. Whole-layer cover (before a56353c) hides all four (4a < 3A + D + W + F) and exposes nothing.
    Scenario s = deepSeekV3Layout();
    s.moeA2aOverlap = true;
    s.moeNodeDedup = false;
    s.gpu = "a100-80gb";
    s.ep = 32;
    validateScenario(s);
    const detail::LayerTimes lt = detail::layerTimes(s, *findGpuPreset(s.gpu), 2.0);
    const double a = lt.moeA2aSeconds;
    const double A = lt.attnLinFwd + lt.coreFwd + lt.attnEwFwd;
    const double exposed = lt.moeA2aExposedFwd + lt.moeA2aExposedBwd;
    const double F = lt.mlpFwd - lt.moeA2aExposedFwd;
    const double bwd = lt.mlpBwd - lt.moeA2aExposedBwd;
    std::printf("a2a %.4f ms, attention forward %.4f ms, MLP forward %.4f ms, MLP backward %.4f ms, exposed %.4f ms\n",
                1e3 * a, 1e3 * A, 1e3 * F, 1e3 * bwd, 1e3 * exposed);
    // The layout is in the regime worked above.
    QVERIFY(a > A);
    QVERIFY(a <= F);
    QVERIFY(4 * a < 3 * A + F + bwd);
    const double hand = (a - A) + std::max(0.0, a - 2 * A);
    QVERIFY2(std::fabs(exposed / hand - 1) < 1e-9, qPrintable(QString::number(exposed) + " vs " + QString::number(hand)));
    QCOMPARE(lt.moeA2aExposedFwd, lt.moeA2aExposedBwd);
}

void TestMoe::megatronOverlapCostPerLayer()
{
    // Megatron-Core's EP overlap costs time of its own, measured by NVIDIA (kernels.h kMegatronA2aOverlapSecondsPerLayer;
    // NVIDIA-NeMo/Megatron-Bridge pull request #1760, "Disable moe_a2a_overlap due to CPU overhead": the Qwen3-235B-A22B
    // B200 BF16 recipe, 64 GPUs, PP 8, VP 4, EP 8, GBS 1024, "BF16 step time improved from 17.2s to 16s"). By hand: 128
    // micro-batches (GBS 1024 over DP 64 / 8 = 8) of 12 layers on the busiest stage (94 layers over 8 stages); the step
    // model without the term prices the overlap 2.046 s faster (13.167 s against 15.213 s, tst_moevalidation
    // overlapCostFromPublishedPairs): the arm without the overlap at 16.092 s (its dropless synchronisation included,
    // which the overlap hides: droplessSyncDrain), the overlap arm without the term at 13.167 s, so the overlap's own
    // cost is (17.2 - 16.0 + 16.092 - 13.167) s / (12 x 128).
    const double byHand = (17.2 - 16.0 + 16.092 - 13.167) / (12.0 * 128.0);
    QVERIFY2(std::fabs(kMegatronA2aOverlapSecondsPerLayer / byHand - 1) < 1e-3,
             qPrintable(QString::number(byHand * 1e3) + " ms by hand"));
    // The model zoo's H100 pair (yanring/Megatron-MoE-ModelZoo@020b8136 best_practice/qwen3/readme.md: 19.7 s without,
    // 17.6 s with; the model 19.475 s without the overlap and 13.385 s with it before the term; 128 micro-batches of 12
    // layers) was not used to set it and agrees within 5%.
    const double zoo = (17.6 - 19.7 + (19.475 - 13.385)) / (12.0 * 128.0);
    QVERIFY2(std::fabs(zoo / kMegatronA2aOverlapSecondsPerLayer - 1) < 0.05, qPrintable(QString::number(zoo * 1e3)));
    // The layer pays it, half in forward and half in backward, only where Megatron-Core schedules the overlap.
    Scenario s = deepSeekV3Layout();
    s.moeA2aOverlap = true;
    validateScenario(s);
    const GpuPreset g = *findGpuPreset(s.gpu);
    s.stack = "";
    const detail::LayerTimes none = detail::layerTimes(s, g, 2.0);
    QCOMPARE(none.moeA2aOverlapCost, 0.0);
    for (const char* stack : {"nemo", "megatron-core", "megatron-lm@2024", "megatron-bridge"}) {
        s.stack = stack;
        const detail::LayerTimes lt = detail::layerTimes(s, g, 2.0);
        QCOMPARE(lt.moeA2aOverlapCost, kMegatronA2aOverlapSecondsPerLayer);
        QVERIFY(std::fabs(lt.mlpFwd - none.mlpFwd - 0.5 * kMegatronA2aOverlapSecondsPerLayer) < 1e-12);
        QVERIFY(std::fabs(lt.mlpBwd - none.mlpBwd - 0.5 * kMegatronA2aOverlapSecondsPerLayer) < 1e-12);
        QCOMPARE(lt.attnLinFwd, none.attnLinFwd);
    }
    s.stack = "torchtitan";
    QCOMPARE(detail::layerTimes(s, g, 2.0).moeA2aOverlapCost, 0.0);
    s.stack = "nemo";
    s.moeA2aOverlap = false;
    QCOMPARE(detail::layerTimes(s, g, 2.0).moeA2aOverlapCost, 0.0);
}

void TestMoe::overlapCostInTheStepTotals()
{
    // The step reports the overlap's own cost it charges (StepTotals::epOverlapCostSeconds; `step` prints it and its JSON
    // has ep_overlap_cost_s), so a user who turns the overlap on sees why the step grew. By hand: Mixtral 8x7B has 32
    // MoE layers, all on the one stage; 4 micro-batches; kMegatronA2aOverlapSecondsPerLayer each: 32 x 4 x 2.113 ms =
    // 0.270 s; full checkpointing runs the forward's half again: x 1.5, on the checkpointed layers only.
    Scenario s = eightH100Ep8("mixtral-8x7b");
    s.gradAccum = 4;
    s.checkpointing = Checkpointing::None;
    s.moeA2aOverlap = true;
    s.stack = "";
    validateScenario(s);
    const StepResult bare = computeStep(s);
    QCOMPARE(bare.totals.epOverlapCostSeconds, 0.0); // no Megatron-Core stack: the overlap only hides
    s.stack = "megatron-core";
    const StepResult megatron = computeStep(s);
    const double byHand = 32.0 * 4.0 * kMegatronA2aOverlapSecondsPerLayer;
    QVERIFY2(std::fabs(megatron.totals.epOverlapCostSeconds / byHand - 1) < 1e-9,
             qPrintable(QString::number(megatron.totals.epOverlapCostSeconds)));
    // It is in the step already (one stage, no bubble to absorb it): the step grows by it.
    QVERIFY2(std::fabs(megatron.totals.stepTime - bare.totals.stepTime - byHand) < 1e-6 * megatron.totals.stepTime,
             qPrintable(QString::number(megatron.totals.stepTime - bare.totals.stepTime)));
    s.checkpointing = Checkpointing::Full;
    const StepResult full = computeStep(s);
    QVERIFY(std::fabs(full.totals.epOverlapCostSeconds / (1.5 * byHand) - 1) < 1e-9);
    // 4 all-to-alls per MoE layer and micro-batch, 2 more where the layer's forward is recomputed: 32 x 4 x 6.
    QVERIFY(full.totals.epSeconds > 0);
    QVERIFY(std::fabs(full.totals.epBytes / (32.0 * 4.0 * 6.0 * megatron.totals.epBytes / (32.0 * 4.0 * 4.0)) - 1) < 1e-9);
    // Full checkpointing of every 2nd block only (torchtitan's selective_ac_option '2'; Scenario::checkpointInterval):
    // 16 of the 32 layers rerun their forward: 32 x 4 x 1 + 16 x 4 x 0.5 layer costs, 32 x 4 x 4 + 16 x 4 x 2 all-to-alls.
    s.checkpointInterval = 2;
    const StepResult everySecond = computeStep(s);
    QVERIFY2(std::fabs(everySecond.totals.epOverlapCostSeconds / (1.25 * byHand) - 1) < 1e-9,
             qPrintable(QString::number(everySecond.totals.epOverlapCostSeconds / byHand)));
    QVERIFY(std::fabs(everySecond.totals.epBytes / (full.totals.epBytes * (4.0 * 32 + 2.0 * 16) / (6.0 * 32)) - 1) < 1e-9);
    QVERIFY(std::fabs(everySecond.totals.epSeconds / (full.totals.epSeconds * (4.0 * 32 + 2.0 * 16) / (6.0 * 32)) - 1)
            < 1e-9);
    s.checkpointInterval = 1;
    s.moeA2aOverlap = false;
    QCOMPARE(computeStep(s).totals.epOverlapCostSeconds, 0.0);
}

void TestMoe::droplessSyncDrain()
{
    // Megatron-Core's dropless dispatchers synchronise with the host before each MoE layer's dispatch
    // (NVIDIA/Megatron-LM@bed33f89 token_dispatcher.py: cuda_sync_point "before_ep_alltoall"); the device idles while the
    // host catches up. NVIDIA's profile of one such step (NVIDIA-NeMo/Megatron-Bridge@228e9a3e skills/
    // nemo-mbridge-perf-moe-comm-overlap/SKILL.md: Qwen3-30B-A3B, 16 H100, EP 16, GBS 1024, MBS 1, 48 layers, no EP
    // overlap: step 24.7138 s, GPU-active interval union 22.821 s) gives the idle per MoE layer forward and micro-batch:
    const double byHand = (24.7138 - 22.821) / (48.0 * 64.0);
    QVERIFY2(std::fabs(kMegatronDroplessSyncSecondsPerLayer / byHand - 1) < 1e-3, qPrintable(QString::number(byHand * 1e3)));
    // The layer pays it in its forward (mlpFwd), not its backward, under a Megatron-Core stack with dropless routing at
    // EP > 1 and no overlap.
    Scenario s = eightH100Ep8("mixtral-8x7b");
    s.moeA2aOverlap = false;
    s.stack = "megatron-core";
    validateScenario(s);
    const GpuPreset g = *findGpuPreset(s.gpu);
    const detail::LayerTimes with = detail::layerTimes(s, g, 2.0);
    QCOMPARE(with.moeSyncDrain, kMegatronDroplessSyncSecondsPerLayer);
    Scenario bare = s;
    bare.stack = "";
    const detail::LayerTimes none = detail::layerTimes(bare, g, 2.0);
    QCOMPARE(none.moeSyncDrain, 0.0);
    QVERIFY(std::fabs(with.mlpFwd - none.mlpFwd - kMegatronDroplessSyncSecondsPerLayer) < 1e-12);
    QVERIFY(std::fabs(with.mlpBwd - none.mlpBwd) < 1e-12);
    // Not with the overlap (the other micro-batch's queued work covers it: the same profile's active union 21.221 s
    // against the overlap arm's 20.992 s step), not with token dropping (a capacity factor: no synchronisation), not at
    // EP 1, not under another stack.
    for (auto change : std::vector<std::function<void(Scenario&)>> {
             [](Scenario& x) { x.moeA2aOverlap = true; }, [](Scenario& x) { x.moeCapacityFactor = 1.25; },
             [](Scenario& x) { x.ep = 1; }, [](Scenario& x) { x.stack = "torchtitan"; }}) {
        Scenario x = s;
        change(x);
        QCOMPARE(detail::layerTimes(x, g, 2.0).moeSyncDrain, 0.0);
    }
    // The step reports it (StepTotals::epSyncSeconds): 32 MoE layers x 4 micro-batches x 0.616 ms, and the step grows by
    // exactly that on one stage; full checkpointing reruns the forward (and its synchronisation) of every checkpointed
    // layer: x 2, or x 1.5 with every 2nd block checkpointed.
    s.gradAccum = 4;
    s.checkpointing = Checkpointing::None;
    bare.gradAccum = 4;
    bare.checkpointing = Checkpointing::None;
    const StepResult r = computeStep(s);
    const double total = 32.0 * 4.0 * kMegatronDroplessSyncSecondsPerLayer;
    QVERIFY2(std::fabs(r.totals.epSyncSeconds / total - 1) < 1e-9, qPrintable(QString::number(r.totals.epSyncSeconds)));
    QVERIFY(std::fabs(r.totals.stepTime - computeStep(bare).totals.stepTime - total) < 1e-6 * r.totals.stepTime);
    QCOMPARE(computeStep(bare).totals.epSyncSeconds, 0.0);
    s.checkpointing = Checkpointing::Full;
    QVERIFY(std::fabs(computeStep(s).totals.epSyncSeconds / (2.0 * total) - 1) < 1e-9);
    s.checkpointInterval = 2;
    QVERIFY(std::fabs(computeStep(s).totals.epSyncSeconds / (1.5 * total) - 1) < 1e-9);
}

void TestMoe::nvl72RackIsTheEpDomain()
{
    // GB200 / GB300 NVL72: the EP group's NVLink domain is the 72-GPU rack, not the 8-GPU node the rest of the layout
    // takes (NVIDIA-NeMo/Megatron-Bridge@2afd2d34 scripts/performance/perf_plugins.py, _set_nvl_domain_size: "GB200/GB300
    // use NVL72 topology", NVLINK_DOMAIN_SIZE 72, all EP ranks in it, EP <= 72 asserted). DeepSeek-V3 on 256 GPUs, EP 32,
    // 8 GPUs a node: on B200 the group spans 4 nodes, on GB200 one rack, every byte over NVLink.
    Scenario s = deepSeekV3Layout();
    s.gpus = 256;
    s.gpusPerNode = 8;
    s.pp = 8;
    s.tp = 1;
    s.ep = 32;
    s.etp = 1;
    s.gpu = "b200-192gb";
    validateScenario(s);
    const MoeAllToAll hgx = moeAllToAll(s);
    QCOMPARE(hgx.epNodes, std::int64_t(4));
    QVERIFY(hgx.interNodeBytes > 0);
    for (const char* rack : {"gb200-186gb", "gb300-288gb"}) {
        s.gpu = rack;
        const MoeAllToAll x = moeAllToAll(s);
        QCOMPARE(x.epNodes, std::int64_t(1));
        QCOMPARE(x.interNodeBytes, 0.0);
        QCOMPARE(x.intraNodeBytes, x.sentBytes);
    }
    // Beyond 72 the group spans racks: EP 128 (DeepSeek-V3's 256 experts), 72 ranks a rack: 2 racks.
    s.gpu = "gb200-186gb";
    s.ep = 128;
    s.gpus = 1024;
    validateScenario(s);
    QCOMPARE(moeAllToAll(s).epNodes, std::int64_t(2));
}

QTEST_APPLESS_MAIN(TestMoe)
void TestMoe::groupedGemmRowsPerGroup()
{
    // deepseek-ai/DeepGEMM README.md, "Performance" (H800, NVCC 12.8; the release README of February 2025), grouped GEMMs
    // for MoE models, TFLOP/s:            N x K = 4096 x 7168   7168 x 2048
    //   contiguous, 4 groups x 8192 rows          1297          1099
    //   contiguous, 8 groups x 4096 rows          1288          1093
    //   masked,     1 group  x 1024 rows          1233           925
    //   masked,     2 groups x  512 rows          1040           916
    //   masked,     4 groups x  256 rows           932           815
    // Hand count of each shape's wave and K factors (all groups' tiles in one kernel, 132 SMs, best of tiles 128 x 256,
    // 128 x 128, 64 x 256; K / (K + 64)):
    //   N 4096, K 7168: rows 256 to 1024 fill 128 tiles of 128 x 256 in one wave (128/132), x 7168/7232: 0.961116;
    //     8192 and 4096 rows: 8192 tiles of 128 x 128 in 63 waves (8192/8316), x 7168/7232: 0.976371.
    //   N 7168, K 2048: rows 256 to 1024 give 224 tiles of 128 x 256 in 2 waves (224/264), x 2048/2112: 0.822773;
    //     8192 and 4096 rows: 16384 half tiles in 125 waves (16384/16500), x 2048/2112: 0.966192.
    // Rate over shape factor, over the mean of the two large rows of that N x K, the two N x K averaged:
    //   1024 rows: (1233/0.961116 / ((1297 + 1288)/2/0.976371) + 925/0.822773 / ((1099 + 1093)/2/0.966192)) / 2
    //   = (0.969107 + 0.991094) / 2 = 0.980101; 512 rows: (0.817414 + 0.981450) / 2 = 0.899432;
    //   256 rows: (0.732529 + 0.873234) / 2 = 0.802881.
    const double large4096 = (1297.0 + 1288.0) / 2.0 / 0.976371, large7168 = (1099.0 + 1093.0) / 2.0 / 0.966192;
    const double f1024 = (1233.0 / 0.961116 / large4096 + 925.0 / 0.822773 / large7168) / 2.0;
    const double f512 = (1040.0 / 0.961116 / large4096 + 916.0 / 0.822773 / large7168) / 2.0;
    const double f256 = (932.0 / 0.961116 / large4096 + 815.0 / 0.822773 / large7168) / 2.0;
    QVERIFY(std::fabs(f1024 - 0.980101) < 2e-6);
    QVERIFY(std::fabs(groupedGemmRowsFactor(1024) / f1024 - 1) < 2e-6);
    QVERIFY(std::fabs(groupedGemmRowsFactor(512) / f512 - 1) < 2e-6);
    QVERIFY(std::fabs(groupedGemmRowsFactor(256) / f256 - 1) < 2e-6);
    // Linear in log2(rows) between the points, 1 from 4096 up, held at 256's value below.
    QVERIFY(std::fabs(groupedGemmRowsFactor(2048) - (f1024 + 1.0) / 2.0) < 2e-6);
    QVERIFY(std::fabs(groupedGemmRowsFactor(std::sqrt(512.0 * 1024.0)) - (f512 + f1024) / 2.0) < 2e-6);
    QCOMPARE(groupedGemmRowsFactor(4096), 1.0);
    QCOMPARE(groupedGemmRowsFactor(65536), 1.0);
    QVERIFY(std::fabs(groupedGemmRowsFactor(64) / f256 - 1) < 2e-6);
    // In the grouped GEMM: the model zoo TP 4 row's expert up-projection (Qwen3-235B-A22B, 2 x 1536 from 4096, 512
    // tokens per expert, 16 local experts, four at once), compute-bound: 512/f512 of the time without the factor.
    // 4 x 4 x 12 = 192 tiles of 128 x 256 in 2 waves (192/264); half tiles 384 in 3 (384/396); K 4096/4160.
    const KernelModel km = shardscope::testing::handCountKernels(989e12, 1e18);
    const double flops = 4.0 * 2.0 * 512.0 * 3072.0 * 4096.0;
    const double round = flops / (989e12 * f512 * (4096.0 / 4160.0) * (384.0 / 396.0));
    QVERIFY(std::fabs(groupedGemmSeconds(km, 16, 4, 512, 3072, 4096, false) / (4 * round) - 1) < 1e-5);
    // The weight gradient groups K (its tokens), which the published rates do not cover: no factor (rowsGrouped false).
    const double wgrad = 4.0 * 2.0 * 3072.0 * 4096.0 * 512.0 / (989e12 * (512.0 / 576.0) * (1536.0 / 1584.0));
    QVERIFY(std::fabs(groupedGemmSeconds(km, 16, 4, 3072, 4096, 512, false, 2.0, false) / (4 * wgrad) - 1) < 1e-5);
}

#include "tst_moe.moc"

void TestMoe::expectedMaxOfNormals()
{
    // Closed forms: E[max of 2 standard normals] = 1/sqrt(pi), of 3 = 3 / (2 sqrt(pi)); tabulated (H. L. Harter, "Expected
    // values of normal order statistics", Biometrika 48 (1961), table 1): n = 4 1.02938, 5 1.16296, 8 1.42360, 10 1.53875.
    QCOMPARE(expectedMaxStandardNormal(1), 0.0);
    QVERIFY(std::fabs(expectedMaxStandardNormal(2) - 1.0 / std::sqrt(3.14159265358979323846)) < 1e-9);
    QVERIFY(std::fabs(expectedMaxStandardNormal(3) - 1.5 / std::sqrt(3.14159265358979323846)) < 1e-9);
    QVERIFY(std::fabs(expectedMaxStandardNormal(4) - 1.02938) < 1e-5);
    QVERIFY(std::fabs(expectedMaxStandardNormal(8) - 1.42360) < 1e-5);
    QVERIFY(std::fabs(expectedMaxStandardNormal(5) - 1.16296) < 1e-5);
    QVERIFY(std::fabs(expectedMaxStandardNormal(10) - 1.53875) < 1e-5);
}

void TestMoe::busiestRankByHand()
{
    // Megatron-Bridge's performance recipes set moe_router_force_load_balancing (NVIDIA-NeMo/Megatron-Bridge@013284246bc0
    // scripts/performance/configs/deepseek/deepseek_llm_pretrain.py, set_deepseek_v3_common_configs; the Qwen3 ones in
    // set_qwen3_common_configs): the router's logits become normal noise with a rank-specific seed (RandomSTE,
    // NVIDIA/Megatron-LM@00611e6eeb0b megatron/core/transformer/moe/moe_utils.py), so each token's top-k is a uniform
    // k of E. Qwen3-30B-A3B on 8 GPUs, EP 8, TP 1, one micro-batch of 4096: a rank's 16 experts get on average
    // m = 4096 x 8 = 32,768 copies (from the 8 ranks' 32,768 tokens); one token puts a hypergeometric count of its 8 on
    // a rank (8 draws of 128, 16 marked): variance 8 x 1/8 x 7/8 x 120/127 = 0.826772; over 32,768 tokens sd
    // sqrt(27,092) = 164.60. The 8 loads sum to 262,144, so they are exchangeable with correlation -1/7: E[max] =
    // m + sqrt(8/7) x 164.60 x 1.42360 = m + 250.49: factor 1.0076445 (= 1 + 1.42360 x sqrt(120 / (127 x 32,768))).
    Scenario s;
    s.arch = *findModelPreset("qwen3-235b-a22b");
    s.arch.layers = 48;
    s.arch.hidden = 2048;
    s.arch.heads = 32;
    s.arch.kvHeads = 4;
    s.arch.moeFfn = 768;
    s.gpus = 8;
    s.gpusPerNode = 8;
    s.gpu = "b200-192gb";
    s.ep = 8;
    s.etp = 1;
    s.seq = 4096;
    s.microBatch = 1;
    QCOMPARE(s.arch.experts, std::int64_t(128));
    QCOMPARE(s.arch.topK, std::int64_t(8));
    const double byHand = 1.0 + std::sqrt(8.0 / 7.0) * std::sqrt(32768.0 * 8 * (1.0 / 8) * (7.0 / 8) * (120.0 / 127)) * 1.42360 / 32768.0;
    QVERIFY2(std::fabs(byHand - 1.0076445) < 1e-6, qPrintable(QString::number(byHand, 'g', 10)));
    QVERIFY2(std::fabs(moeBusiestRankLoad(s) - byHand) < 1e-6, qPrintable(QString::number(moeBusiestRankLoad(s), 'g', 10)));
    // Four micro-batch samples of 4096 (m 131,072): the spread halves, 1.0038223.
    s.microBatch = 4;
    QVERIFY(std::fabs(moeBusiestRankLoad(s) - (1.0 + 0.0076445 / 2)) < 1e-6);
    // A stated capacity factor above it wins; EP 1 has no other rank to wait for; a dense model has no router.
    s.moeCapacityFactor = 1.25;
    QCOMPARE(moeBusiestRankLoad(s), 1.25);
    s.moeCapacityFactor = 1.0;
    s.ep = 1;
    QCOMPARE(moeBusiestRankLoad(s), 1.0);
    Scenario dense;
    dense.ep = 8;
    QCOMPARE(moeBusiestRankLoad(dense), 1.0);
    // Sequence parallelism with TP 2 and expert TP 1: each rank dispatches 2048 tokens, m = 16,384: 1.0108110.
    s.ep = 8;
    s.microBatch = 1;
    s.tp = 2;
    s.sequenceParallel = true;
    s.gpus = 16;
    QVERIFY2(std::fabs(moeBusiestRankLoad(s) - (1.0 + 1.42360 * std::sqrt(120.0 / (127.0 * 16384)))) < 1e-6,
             qPrintable(QString::number(moeBusiestRankLoad(s), 'g', 10)));
}

void TestMoe::busiestRankAgainstSampledRouting()
{
    // The normal approximation against the thing itself: uniform random top-4 of 16 experts for 256 tokens, the 16
    // experts on 4 ranks of 4 (m = 256 copies a rank), 4000 seeded trials of the busiest rank's copies. Formula:
    // 1 + 1.02938 x sqrt(12 / (15 x 256)) = 1.057544, 14.73 copies over the mean; the trials' mean (standard error
    // about 0.15 copies) must agree within 1 copy.
    Scenario s;
    s.arch = *findModelPreset("mixtral-8x7b");
    s.arch.experts = 16;
    s.arch.topK = 4;
    s.gpus = 4;
    s.gpusPerNode = 4;
    s.ep = 4;
    s.etp = 1;
    s.seq = 64;
    s.microBatch = 1; // 64 tokens a rank, 256 in the EP group
    const double formula = moeBusiestRankLoad(s);
    QVERIFY2(std::fabs(formula - 1.057544) < 1e-5, qPrintable(QString::number(formula, 'g', 10)));
    std::mt19937_64 rng(25);
    std::vector<int> experts(16);
    double sumMax = 0;
    const int trials = 4000;
    for (int trial = 0; trial < trials; ++trial) {
        int load[4] = {0, 0, 0, 0};
        for (int token = 0; token < 256; ++token) {
            std::iota(experts.begin(), experts.end(), 0);
            for (int j = 0; j < 4; ++j) { // partial Fisher-Yates: a uniform 4 of 16
                std::uniform_int_distribution<int> pick(j, 15);
                std::swap(experts[std::size_t(j)], experts[std::size_t(pick(rng))]);
                ++load[experts[std::size_t(j)] / 4];
            }
        }
        sumMax += *std::max_element(load, load + 4);
    }
    const double sampled = sumMax / trials;
    QVERIFY2(std::fabs(sampled - 256.0 * formula) < 1.0,
             qPrintable(QString("sampled %1, formula %2").arg(sampled).arg(256.0 * formula)));
}

void TestMoe::busiestRankPricesKernelsNotFlops()
{
    // The step prices every rank's experts at the busiest rank's tokens (it waits for them at the combine), so a
    // default scenario's MoE kernels equal those of the same scenario stating that load as its capacity factor; the
    // FLOPs stay the mean rank's (the default's are those of capacity factor 1).
    Scenario s = eightH100Ep8("mixtral-8x7b");
    const GpuPreset g = resolveGpu(s);
    const double load = moeBusiestRankLoad(s);
    QVERIFY(load > 1.01 && load < 1.02);
    Scenario stated = s;
    stated.moeCapacityFactor = load;
    Scenario balanced = s;
    balanced.ep = 1; // no other rank: the mean load
    const detail::LayerTimes a = detail::layerTimes(s, g, 2.0), b = detail::layerTimes(stated, g, 2.0);
    QVERIFY2(std::fabs(a.mlpFwd - b.mlpFwd) < 1e-15 && std::fabs(a.mlpBwd - b.mlpBwd) < 1e-15,
             qPrintable(QString("%1 vs %2").arg(a.mlpFwd, 0, 'g', 12).arg(b.mlpFwd, 0, 'g', 12)));
    QVERIFY(a.mlpFlops < b.mlpFlops);
    QCOMPARE(a.mlpFlops, detail::layerTimes(balanced, g, 2.0).mlpFlops);
}
