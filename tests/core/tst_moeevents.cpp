// SPDX-License-Identifier: MIT
// Issue 25: the MoE all-to-alls as events of their own in computeStep()'s event list (dispatch and combine, forward and
// backward, per MoE layer and micro-batch), cut out of the MLP's time, so the step's totals do not change.
#include "shardscope/architecture.h"
#include "shardscope/collectives.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <QTest>

#include <cmath>

using namespace shardscope;

namespace {

/// Mixtral 8x7B (Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, hidden 4096, 8 experts, top-2) on
/// one node of 8 H100s, EP 8, bf16 mixed precision.
Scenario mixtralEp8()
{
    Scenario s;
    s.arch = *findModelPreset("mixtral-8x7b");
    s.gpus = 8;
    s.gpusPerNode = 8;
    s.gpu = "h100-80gb";
    s.tp = 1;
    s.pp = 1;
    s.ep = 8;
    s.zeroStage = 3;
    s.framework = Framework::Megatron;
    s.recipe = resolveRecipe("mixed");
    s.seq = 4096;
    s.microBatch = 1;
    s.gradAccum = 4;
    s.checkpointing = Checkpointing::None;
    return s;
}

std::vector<const StepEvent*> allToAlls(const StepResult& r)
{
    std::vector<const StepEvent*> out;
    for (const StepEvent& e : r.events)
        if (e.kind == EventKind::AllToAll)
            out.push_back(&e);
    return out;
}

} // namespace

class TestMoeEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fourPerMoeLayerPerMicroBatch()
    {
        const Scenario s = mixtralEp8();
        const StepResult r = computeStep(s);
        QVERIFY(!r.aggregated);
        const auto a2a = allToAlls(r);
        // 32 MoE layers x 4 micro-batches x (dispatch + combine) x (forward + backward) = 512.
        QCOMPARE(qsizetype(a2a.size()), qsizetype(32 * 4 * 4));
        std::int64_t fwd = 0, bwd = 0;
        for (const StepEvent* e : a2a) {
            QCOMPARE(e->group, CommGroup::EP);
            QCOMPARE(e->groupSize, std::int64_t(8));
            QCOMPARE(e->part, EventPart::Mlp);
            QVERIFY(!e->crossesNodes); // EP 8 in one node of 8: NVLink
            QVERIFY(e->layer >= 0 && e->layer < 32);
            QVERIFY(e->microbatch >= 0 && e->microbatch < 4);
            (e->phase == StepPhase::Forward ? fwd : bwd) += 1;
            QVERIFY(e->phase == StepPhase::Forward || e->phase == StepPhase::Backward);
            QCOMPARE(QString::fromLatin1(eventKindKey(e->kind)), QStringLiteral("all-to-all"));
            QCOMPARE(QString::fromLatin1(commGroupKey(e->group)), QStringLiteral("ep"));
        }
        QCOMPARE(fwd, bwd);
    }

    void bytesPerRankByHand()
    {
        // Hand count of one all-to-all (Megatron-LM megatron/core/transformer/moe/token_dispatcher.py,
        // MoEAlltoAllTokenDispatcher: each rank permutes its tokens by expert and all_to_all_single's the
        // tokens x top-k rows of hidden size to the ranks owning the experts; DeepSeek-V3 report arXiv 2412.19437
        // section 3.2.2 dispatch and combine; docs/model.md "MoE all-to-all"):
        //   tokens per rank per micro-batch = seq x micro-batch / CP / (TP with SP) = 4096 x 1 / 1 / 1 = 4096
        //   rows = tokens x top-k x capacity factor = 4096 x 2 x 1 = 8192
        //   bytes per row = hidden x 2 (bf16) = 4096 x 2 = 8192 B
        //   buffer = 8192 x 8192 = 67,108,864 B; the share for the other 7 of EP 8 leaves: 7/8 x 67,108,864 = 58,720,256 B
        const Scenario s = mixtralEp8();
        const StepResult r = computeStep(s);
        const auto a2a = allToAlls(r);
        QVERIFY(!a2a.empty());
        for (const StepEvent* e : a2a) {
            QCOMPARE(e->bufferBytes, 67108864.0);
            QCOMPARE(e->bytes, 58720256.0);
        }
        // The step's EP bytes are the events' sum: 512 x 58,720,256 B.
        double sum = 0;
        for (const StepEvent* e : a2a)
            sum += e->bytes;
        QCOMPARE(sum, 512.0 * 58720256.0);
        QCOMPARE(r.totals.epBytes, sum);
        // Time on NVLink inside the node: the event lasts what moeAllToAll() models.
        const MoeAllToAll x = moeAllToAll(s);
        QCOMPARE(x.interNodeBytes, 0.0);
        for (const StepEvent* e : a2a)
            QCOMPARE(e->duration, x.seconds);
        // Across nodes (EP 16 over two nodes of 8): the events cross the NIC.
        Scenario wide = s;
        wide.gpus = 16;
        wide.arch = *findModelPreset("mixtral-8x7b");
        wide.arch.experts = 16; // EP must divide the experts
        wide.ep = 16;
        const StepResult w = computeStep(wide);
        const auto wa = allToAlls(w);
        QVERIFY(!wa.empty());
        for (const StepEvent* e : wa) {
            QVERIFY(e->crossesNodes);
            QCOMPARE(e->bytes, 15.0 / 16.0 * 67108864.0);
        }
    }

    void stepTotalsUnchanged()
    {
        // The all-to-all time was counted in the MoE layer's MLP time (stagetime.cpp); the events split it out: the
        // exposed seconds of the events equal what the MLP's compute events lost, and the step time stays the sum of
        // its parts. Checked against the formula's own count: epSeconds = 4 x MoE layers x micro-batches x one
        // all-to-all's seconds (exposed in full without overlap).
        for (bool overlap : {false, true}) {
            Scenario s = mixtralEp8();
            s.moeA2aOverlap = overlap;
            const StepResult r = computeStep(s);
            const StepTotals& t = r.totals;
            QVERIFY(std::abs(t.computeSeconds + t.recomputeSeconds + t.exposedCommSeconds + t.bubbleSeconds
                             + t.optimizerSeconds - t.stepTime)
                    <= 1e-9 * t.stepTime);
            double exposed = 0, duration = 0;
            for (const StepEvent* e : allToAlls(r)) {
                exposed += e->exposedSeconds;
                duration += e->duration;
            }
            QVERIFY(std::abs(duration - t.epSeconds) <= 1e-9 * t.epSeconds);
            if (!overlap)
                QVERIFY(std::abs(exposed - t.epSeconds) <= 1e-9 * t.epSeconds);
            else
                QVERIFY(exposed < t.epSeconds);
            // The compute stream's events (kernels and exposed all-to-alls) add up to what compute_s counts.
            double kernels = 0;
            for (const StepEvent& e : r.events)
                if (e.kind == EventKind::Compute && e.phase != StepPhase::Optimizer)
                    kernels += e.duration;
            QVERIFY2(std::abs(kernels + exposed - (t.computeSeconds + t.recomputeSeconds)) <= 1e-9 * t.stepTime,
                     qPrintable(QString::number(kernels + exposed) + " vs " + QString::number(t.computeSeconds + t.recomputeSeconds)));
        }
    }

    void fullRecomputeRunsTheForwardsAgain()
    {
        Scenario s = mixtralEp8();
        s.checkpointing = Checkpointing::Full;
        const StepResult r = computeStep(s);
        std::int64_t recompute = 0;
        for (const StepEvent* e : allToAlls(r))
            recompute += e->phase == StepPhase::Recompute ? 1 : 0;
        QCOMPARE(recompute, std::int64_t(32 * 4 * 2));
        QCOMPARE(qsizetype(allToAlls(r).size()), qsizetype(32 * 4 * 6));
    }

    void denseHasNone()
    {
        Scenario s = mixtralEp8();
        s.arch = *findModelPreset("llama-3-8b");
        s.ep = 1;
        QVERIFY(allToAlls(computeStep(s)).empty());
    }

    void denseFirstLayersHaveNone()
    {
        // DeepSeek-V3's first 3 layers keep a dense MLP (first_k_dense_replace = 3): no all-to-all there.
        Scenario s = mixtralEp8();
        s.arch = *findModelPreset("mixtral-8x7b");
        s.arch.denseLayers = 3;
        const StepResult r = computeStep(s);
        for (const StepEvent* e : allToAlls(r))
            QVERIFY(e->layer >= 3);
        QCOMPARE(qsizetype(allToAlls(r).size()), qsizetype(29 * 4 * 4));
    }
};

QTEST_GUILESS_MAIN(TestMoeEvents)
#include "tst_moeevents.moc"
