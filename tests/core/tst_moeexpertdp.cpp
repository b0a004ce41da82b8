// SPDX-License-Identifier: MIT
// The routed experts' gradient reduction, optimizer shard and parameter all-gather over the expert-data-parallel
// group (issue 25). Megatron-Core's DistributedDataParallel puts the expert parameters (allreduce = False) in their
// own expert_parallel_buffers over expert_data_parallel_group, the dense ones over the data-parallel group
// (NVIDIA/Megatron-LM@293e10419fd1b79c8680a0f4a206fc0a373729b5 megatron/core/distributed/distributed_data_parallel.py),
// and the distributed optimizer shards each buffer over its own group. Every expected value is worked by hand beside
// it from the gpt-oss-120b config (Hugging Face openai/gpt-oss-120b config.json: 36 layers, hidden 2880, 128 experts
// of 2880 with biases) and Megatron-Core's expert rank order (parallel_state.py: ETP fastest, then EP, then
// expert-DP inside a stage's block of ranks). docs/model.md, "Expert-data-parallel collectives".
#include "shardscope/architecture.h"
#include "shardscope/collectives.h"
#include "shardscope/footprint.h"
#include "shardscope/links.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <QTest>

#include <cmath>

using namespace shardscope;

namespace {

/// gpt-oss-120b on 64 B200 GPUs (8 nodes of 8), TP 1, PP 1, EP 8, expert TP 1, Megatron-Core's distributed optimizer
/// (ZeRO-1), micro-batch 4, 2 micro-batches: Megatron-Bridge's 25.11 DGX-B200 layout (docs/performance-summary.md
/// at 00b7660).
Scenario gptOssEp8()
{
    Scenario s;
    s.arch = *findModelPreset("gpt-oss-120b");
    s.gpus = 64;
    s.gpusPerNode = 8;
    s.gpu = "b200-192gb";
    s.tp = 1;
    s.pp = 1;
    s.ep = 8;
    s.etp = 1;
    s.framework = Framework::Megatron;
    s.zeroStage = 1;
    s.recipe = resolveRecipe("mixed");
    s.seq = 4096;
    s.microBatch = 4;
    s.gradAccum = 2;
    s.checkpointing = Checkpointing::None;
    return s;
}

// One MoE layer's routed experts on one rank: 128 / 8 = 16 experts, each gate_up 2880 x 2 x 2880 with its 2 x 2880
// bias and down 2880 x 2880 with its 2880 bias: 16 x (3 x 2880^2 + 3 x 2880) = 16 x 24,891,840 = 398,269,440.
constexpr std::int64_t kExpertsPerLayer = 398'269'440;

} // namespace

class TestMoeExpertDp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void expertDpGroupLinks();
    void expertGradientsReduceOverExpertDp();
    void optimizerShardsExpertsOverExpertDp();
    void denseModelKeepsOneGroup();
};

void TestMoeExpertDp::expertDpGroupLinks()
{
    // Expert-DP = 64 / (PP 1 x EP 8 x ETP 1) = 8, stride ETP x EP = 8: ranks r, r + 8, ..., r + 56, one per node, so
    // the ring runs on one NIC per GPU: 50 GB/s (B200's ConnectX-7 400 Gb/s). The dense DP group (all 64 ranks, 8 per
    // node) drives 8 NICs: min(NVLink 900 GB/s, 8 x 50) = 400 GB/s.
    const Scenario s = gptOssEp8();
    QCOMPARE(s.expertDp(), std::int64_t(8));
    const LinkPlan l = planLinks(s);
    QVERIFY(l.edpCrossesNodes);
    QCOMPARE(l.edpRanksPerNode, std::int64_t(1));
    QCOMPARE(l.edpBytesPerSecond, 50e9);
    QCOMPARE(l.dpBytesPerSecond, 400e9);
    // EP 64 (Megatron-Bridge 26.02's B200 layout): expert-DP 1, no expert reduction at all.
    Scenario s64 = s;
    s64.ep = 64;
    QCOMPARE(s64.expertDp(), std::int64_t(1));
    QVERIFY(!planLinks(s64).edpCrossesNodes);
}

void TestMoeExpertDp::expertGradientsReduceOverExpertDp()
{
    const Scenario s = gptOssEp8();
    const Footprint fp = computeFootprint(s);
    QCOMPARE(fp.ranks.front().perLayerExpertParams, kExpertsPerLayer);
    const StepResult r = computeStep(s);
    // The expert reduce-scatters: one per layer in the last micro-batch's backward, over the 8 expert-DP ranks,
    // crossing nodes, each of a layer's 398,269,440 expert gradients at the recipe's gradient bytes.
    const double gradBytes = fp.bytesPerParam.grads;
    double expertBuffer = 0;
    int expertReduces = 0;
    for (const StepEvent& e : r.events) {
        if (e.group != CommGroup::DP || e.kind != EventKind::ReduceScatter || e.groupSize != 8)
            continue;
        ++expertReduces;
        expertBuffer += e.bufferBytes;
        QVERIFY(e.crossesNodes);
        QCOMPARE(e.bufferBytes, double(kExpertsPerLayer) * gradBytes);
        // Ring reduce-scatter: 7 steps of alpha, 7/8 of the buffer at 50 GB/s.
        const double expected = collectiveSeconds(EventKind::ReduceScatter, e.bufferBytes, 8, s.alphaSeconds, 50e9);
        QVERIFY2(std::fabs(e.duration - expected) <= 1e-12 * expected, qPrintable(QString::number(e.duration)));
    }
    QCOMPARE(expertReduces, 36);
    QCOMPARE(expertBuffer, 36.0 * double(kExpertsPerLayer) * gradBytes);
    // The dense reduce-scatters over the 64 DP ranks carry the rest of each layer, not its experts (the stage's last
    // layer also carries the rounding of the split).
    int denseLayerReduces = 0;
    for (const StepEvent& e : r.events)
        if (e.group == CommGroup::DP && e.kind == EventKind::ReduceScatter && e.groupSize == 64 && e.layer >= 0
            && e.bufferBytes == double(fp.ranks.front().perLayerLocalParams - kExpertsPerLayer) * gradBytes)
            ++denseLayerReduces;
    QVERIFY(denseLayerReduces >= 35);
}

void TestMoeExpertDp::optimizerShardsExpertsOverExpertDp()
{
    // The optimizer step is memory-bound over the rank's shard: its dense params over 64 ranks and its 36 x
    // 398,269,440 expert params over 8 (ceil each), every state byte read and written once at HBM speed (8 TB/s).
    const Scenario s = gptOssEp8();
    const Footprint fp = computeFootprint(s);
    const RankFootprint& rk = fp.ranks.front();
    const std::int64_t E = 36 * kExpertsPerLayer;
    QCOMPARE(rk.expertLocalParams, E);
    const std::int64_t P = rk.localParams;
    const std::int64_t shard = (P - E + 63) / 64 + (E + 7) / 8;
    const BytesPerParam& b = fp.bytesPerParam;
    const double expected = double(shard) * (b.weights + b.grads + b.master + b.optimizer) * 2.0 / 8e12;
    const StepResult r = computeStep(s);
    QVERIFY2(std::fabs(r.totals.optimizerSeconds - expected) <= 1e-9 * expected,
             qPrintable(QString::number(r.totals.optimizerSeconds) + " vs " + QString::number(expected)));
    // Before the split the whole stage was sharded over 64: an eighth of the experts' share.
    QVERIFY(r.totals.optimizerSeconds > 6.0 * double((P + 63) / 64) * (b.total() * 2.0) / 8e12);
}

void TestMoeExpertDp::denseModelKeepsOneGroup()
{
    // A dense model has no expert group: its DP figures stand for it and no collective of another group size runs.
    Scenario s = gptOssEp8();
    s.arch = *findModelPreset("llama-3-8b");
    s.ep = 1;
    const LinkPlan l = planLinks(s);
    QCOMPARE(l.edpBytesPerSecond, l.dpBytesPerSecond);
    const StepResult r = computeStep(s);
    for (const StepEvent& e : r.events)
        if (e.group == CommGroup::DP)
            QCOMPARE(e.groupSize, std::int64_t(64));
}

QTEST_APPLESS_MAIN(TestMoeExpertDp)
#include "tst_moeexpertdp.moc"
