// SPDX-License-Identifier: MIT
// Issue 24: the embedding and the loss in the pipeline split. Megatron-Core's rule
// (NVIDIA/Megatron-LM megatron/core/transformer/transformer_block.py, get_num_layers_to_build): with
// account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split the layer count grows by one for each,
// must divide over the PP stages (and each stage's share over the VP chunks), and the first stage's first virtual
// chunk (the last stage's last) builds one layer fewer. Megatron-Bridge's Llama 3.1 405B recipe sets both
// (NVIDIA-NeMo/Megatron-Bridge@3594df9 src/megatron/bridge/recipes/llama/llama31_405b.py), which is how its published
// PP 16 x VP 8 layout (128 chunks) holds 126 layers (docs/performance-summary.md, 26.02 DGX-GB200). Every expected
// count below is that rule worked by hand.
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/pipeline.h"
#include "shardscope/step.h"

#include <QtTest>

#include <numeric>

using namespace shardscope;

namespace {

Scenario llama405(std::int64_t tp, std::int64_t pp, std::int64_t vpp, bool embedding, bool loss)
{
    Scenario s;
    s.arch = *findModelPreset("llama-3.1-405b");
    s.gpu = "gb200-186gb";
    s.tp = tp;
    s.pp = pp;
    s.vpp = vpp;
    s.schedule = vpp > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
    s.gpus = tp * pp * 4;
    s.seq = 8192;
    s.microBatch = 1;
    s.gradAccum = 384;
    s.zeroStage = 1;
    s.framework = Framework::Megatron;
    s.sequenceParallel = tp > 1;
    s.checkpointing = Checkpointing::None;
    s.embeddingInPipelineSplit = embedding;
    s.lossInPipelineSplit = loss;
    return s;
}

std::int64_t total(const std::vector<std::vector<std::int64_t>>& split)
{
    std::int64_t n = 0;
    for (const auto& stage : split)
        n += std::accumulate(stage.begin(), stage.end(), std::int64_t {0});
    return n;
}

QString refusalField(const Scenario& s)
{
    try {
        validateScenario(s);
    } catch (const InvalidInput& e) {
        return QString::fromStdString(e.field());
    }
    return {};
}

} // namespace

class TestPipelineSplit : public QObject
{
    Q_OBJECT
private slots:
    // 126 layers + embedding + loss = 128 slots over PP 16 = 8 per stage, over VP 8 = 1 per chunk; the first chunk of
    // stage 0 is the embedding alone, the last chunk of stage 15 the loss alone.
    void megatronRuleOnLlama405bPp16Vp8()
    {
        const Scenario s = llama405(4, 16, 8, true, true);
        QCOMPARE(refusalField(s), QString());
        const auto split = stageChunkLayers(s);
        QCOMPARE(split.size(), std::size_t(16));
        QCOMPARE(split.front(), (std::vector<std::int64_t> {0, 1, 1, 1, 1, 1, 1, 1}));
        QCOMPARE(split.back(), (std::vector<std::int64_t> {1, 1, 1, 1, 1, 1, 1, 0}));
        for (std::size_t i = 1; i + 1 < split.size(); ++i)
            QCOMPARE(split[i], std::vector<std::int64_t>(8, 1));
        QCOMPARE(total(split), std::int64_t {126});
        // Without the two slots the same layout has 126 layers for 128 chunks: refused, under --vpp.
        QCOMPARE(refusalField(llama405(4, 16, 8, false, false)), QStringLiteral("vpp"));
    }

    // PP 8 x VP 4 (the 405B rows on GB300): 128 / 8 = 16 slots per stage, 4 per chunk.
    void megatronRuleOnLlama405bPp8Vp4()
    {
        const auto split = stageChunkLayers(llama405(4, 8, 4, true, true));
        QCOMPARE(split.front(), (std::vector<std::int64_t> {3, 4, 4, 4}));
        QCOMPARE(split.back(), (std::vector<std::int64_t> {4, 4, 4, 3}));
        QCOMPARE(split[3], (std::vector<std::int64_t> {4, 4, 4, 4}));
        QCOMPARE(total(split), std::int64_t {126});
        // The default split of the same layout (first L mod p stages one more: 126 = 6 x 16 + 2 x 15), unchanged.
        const auto plain = stageChunkLayers(llama405(4, 8, 4, false, false));
        QCOMPARE(plain.front(), (std::vector<std::int64_t> {4, 4, 4, 4}));
        QCOMPARE(plain.back(), (std::vector<std::int64_t> {4, 4, 4, 3}));
        QCOMPARE(total(plain), std::int64_t {126});
    }

    // The embedding alone: 126 + 1 = 127 slots do not divide over PP 8 (get_num_layers_to_build asserts
    // num_layers % pipeline_model_parallel_size == 0): refused naming the option. Over PP 1 nothing moves.
    void slotsMustDivide()
    {
        QCOMPARE(refusalField(llama405(4, 8, 1, true, false)), QStringLiteral("account-for-embedding-in-pipeline-split"));
        QCOMPARE(refusalField(llama405(4, 8, 1, false, true)), QStringLiteral("account-for-loss-in-pipeline-split"));
        // 8 slots a stage over VP 3: refused under --vpp.
        Scenario s = llama405(4, 16, 3, true, true);
        s.gradAccum = 384;
        QCOMPARE(refusalField(s), QStringLiteral("vpp"));
        Scenario one = llama405(8, 1, 1, true, true);
        one.gpus = 64;
        QCOMPARE(refusalField(one), QString());
        QCOMPARE(stageChunkLayers(one), (std::vector<std::vector<std::int64_t>> {{126}}));
    }

    // The footprint holds the split: the first and last stages' ranks carry 7 layers, a middle one 8; the first
    // stage's parameters are 7 layers and the embedding (each of a TP rank's share).
    void footprintAndStepUseTheSplit()
    {
        const Scenario s = llama405(4, 16, 8, true, true);
        const Footprint f = computeFootprint(s);
        bool sawFirst = false, sawLast = false, sawMiddle = false;
        for (const RankFootprint& r : f.ranks) {
            if (r.stage == 0) {
                QCOMPARE(r.layers, std::int64_t {7});
                sawFirst = true;
            } else if (r.stage == 15) {
                QCOMPARE(r.layers, std::int64_t {7});
                sawLast = true;
            } else {
                QCOMPARE(r.layers, std::int64_t {8});
                sawMiddle = true;
            }
        }
        QVERIFY(sawFirst && sawLast && sawMiddle);
        const StageParams first = stageParams(f, s.arch, s.tp, s.pp, 0);
        QCOMPARE(first.layers, std::int64_t {7});
        QCOMPARE(stageParams(f, s.arch, s.tp, s.pp, 7).layers, std::int64_t {8});
        // The step runs every chunk (the empty ones carry only the embedding or the head) and counts every layer
        // once: its model FLOPs are those of the same run split over PP 8 x VP 4.
        const StepResult r = computeStep(s);
        QVERIFY(r.totals.stepTime > 0 && std::isfinite(r.totals.stepTime));
        Scenario other = llama405(4, 8, 4, true, true);
        other.gpus = s.gpus;
        other.gradAccum = s.gradAccum / 2; // the same tokens per step: DP 8 instead of 4
        const StepResult q = computeStep(other);
        QVERIFY2(std::abs(r.totals.modelFlops / q.totals.modelFlops - 1) < 1e-9,
                 qPrintable(QString::number(r.totals.modelFlops / q.totals.modelFlops, 'g', 12)));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSplit)
#include "tst_pipelinesplit.moc"
