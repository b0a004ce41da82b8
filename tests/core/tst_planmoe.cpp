// SPDX-License-Identifier: MIT
// The layout planner searches expert parallelism (issue 25): for a MoE model the knob `ep` tries EP over the divisors
// of the routed experts, each with expert TP 1 and expert TP = TP, where EP x expert TP divides a pipeline stage's GPUs
// (Megatron-Core's fold, validateScenario()); the closed-form evaluator's numbers for those layouts equal the reference
// models (computeFootprint() exactly, computeStep() within 5%, as tst_layoutplanner checks for dense layouts).
//
// Mixtral-8x7B's shape: 8 local experts, intermediate_size 14336, 32 layers (Hugging Face
// mistralai/Mixtral-8x7B-v0.1 config.json; core's preset mixtral-8x7b).
#include "shardscope/advice.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/step.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

using namespace shardscope;

namespace {

using Pairs = QList<QPair<qint64, qint64>>;

std::size_t knob(PlanKnob k) { return static_cast<std::size_t>(k); }

/// Every layout in the dev and CI presets; every 10th under the sanitizers (SHARDSCOPE_TEST_SCALE=0.1).
int stride()
{
    const double k = qEnvironmentVariableIsSet("SHARDSCOPE_TEST_SCALE")
        ? qEnvironmentVariable("SHARDSCOPE_TEST_SCALE").toDouble()
        : 1.0;
    return k > 0 && k < 1 ? int(std::lround(1.0 / k)) : 1;
}

/// Mixtral-8x7B on `gpus` x H100 80GB (TP `tp`, PP 1), ZeRO-3, micro-batch 1, global batch = gpus sequences.
PlanRequest mixtral(std::int64_t gpus, std::int64_t tp)
{
    PlanRequest r;
    r.base = defaultScenario();
    r.base.arch = *findModelPreset("mixtral-8x7b");
    r.base.gpu = "h100-80gb";
    r.base.gpus = gpus;
    r.base.tp = tp;
    r.base.pp = 1;
    r.base.zeroStage = 3;
    r.base.microBatch = 1;
    r.base.gradAccum = 1;
    r.base.seq = 2048;
    r.globalBatch = gpus / tp;
    r.topK = 1000;
    return r;
}

/// The (EP, expert TP) pairs of every layout the request enumerates (each evaluated: exact pruning off).
std::set<std::pair<std::int64_t, std::int64_t>> expertPairs(PlanRequest r)
{
    std::set<std::pair<std::int64_t, std::int64_t>> pairs;
    r.timeLayoutsThatDoNotFit = true;
    r.exactPruning = false;
    r.onEvaluated = [&](const PlanLayout& l) { pairs.insert({l.ep, l.etp}); };
    planLayouts(r);
    return pairs;
}

} // namespace

class TestPlanMoe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void knobKey()
    {
        QCOMPARE(QString::fromLatin1(planKnobKey(PlanKnob::Ep)), QStringLiteral("ep"));
        QCOMPARE(planKnobFromKey("ep"), std::optional<PlanKnob>(PlanKnob::Ep));
        // Not searched unless asked (the command line and the Plan tab ask for a MoE model): the dense searches keep
        // their cost.
        QVERIFY(!PlanRequest().search[knob(PlanKnob::Ep)]);
    }

    void theValuesCoreOffers()
    {
        // EP: the divisors of the 8 experts; expert TP within an 8-GPU node dividing 14,336 = 2^11 x 7: 1, 2, 4, 7, 8
        // (and 0: the TP size).
        Scenario s = mixtral(8, 1).base;
        QCOMPARE(validEpValues(s), (std::vector<std::int64_t> {1, 2, 4, 8}));
        QCOMPARE(validEtpValues(s), (std::vector<std::int64_t> {0, 1, 2, 4, 7, 8}));
        // A dense model has one EP.
        QCOMPARE(validEpValues(defaultScenario()), (std::vector<std::int64_t> {1}));
        QCOMPARE(validEtpValues(defaultScenario()), (std::vector<std::int64_t> {0}));
    }

    void enumeratesTheFoldsThatDivideTheStage_data()
    {
        QTest::addColumn<qint64>("gpus");
        QTest::addColumn<qint64>("tp");
        QTest::addColumn<Pairs>("expected");
        // 4 GPUs, TP 1: EP 1, 2, 4 (EP 8 does not divide the stage's 4 GPUs); expert TP = TP (0) only, since TP is 1.
        QTest::newRow("4 GPUs TP 1") << qint64(4) << qint64(1)
                                     << Pairs {{1, 0}, {2, 0}, {4, 0}};
        // 4 GPUs, TP 2: EP x expert TP must divide 4: (1,1), (1,=2), (2,1), (2,=2), (4,1); not (4,=2) = 8 nor EP 8.
        QTest::newRow("4 GPUs TP 2") << qint64(4) << qint64(2)
                                     << Pairs {{1, 0}, {1, 1}, {2, 0}, {2, 1}, {4, 1}};
        // 16 GPUs, TP 2: every EP of the 8 experts with both expert TPs (8 x 2 = 16 divides 16).
        QTest::newRow("16 GPUs TP 2") << qint64(16) << qint64(2)
                                      << Pairs {{1, 0}, {1, 1}, {2, 0}, {2, 1},
                                                                       {4, 0}, {4, 1}, {8, 0}, {8, 1}};
    }
    void enumeratesTheFoldsThatDivideTheStage()
    {
        QFETCH(qint64, gpus);
        QFETCH(qint64, tp);
        QFETCH(Pairs, expected);
        PlanRequest r = mixtral(gpus, tp);
        r.search.fill(false);
        r.search[knob(PlanKnob::Ep)] = true;
        std::set<std::pair<std::int64_t, std::int64_t>> want;
        for (const auto& p : expected)
            want.insert({p.first, p.second});
        QCOMPARE(expertPairs(r), want);
    }

    void denseModelsAndUnsearchedEpKeepTheBase()
    {
        // A dense model: EP searched or not, the same layouts (the base's EP).
        PlanRequest r;
        r.base = defaultScenario();
        r.base.arch = *findModelPreset("llama-2-7b");
        r.base.gpus = 8;
        r.base.tp = 1;
        r.globalBatch = 8;
        r.topK = 1000;
        const PlanResult without = planLayouts(r);
        r.search[knob(PlanKnob::Ep)] = true;
        const PlanResult with = planLayouts(r);
        QCOMPARE(with.evaluated, without.evaluated);
        QCOMPARE(with.layouts.size(), without.layouts.size());
        for (const PlanLayout& l : with.layouts)
            QVERIFY(l.ep == 1 && l.etp == 0);
        // A MoE model with EP not searched: every layout keeps the base's EP 4 and expert TP 1, and a (tp, pp) whose
        // stage 4 does not divide is skipped, not refused (TP 8 on 8 GPUs: 8 % (4 x 1) == 0 stays; PP never splits 8
        // GPUs into stages of fewer than 4 here: PP 4 leaves 2 GPUs, skipped).
        PlanRequest m = mixtral(8, 1);
        m.base.ep = 4;
        m.base.etp = 1;
        m.search[knob(PlanKnob::Ep)] = false;
        m.search[knob(PlanKnob::Offload)] = false;
        m.globalBatch = 8;
        std::set<std::int64_t> pps;
        m.timeLayoutsThatDoNotFit = true;
        m.exactPruning = false;
        m.onEvaluated = [&](const PlanLayout& l) {
            QVERIFY(l.ep == 4 && l.etp == 1);
            QCOMPARE((8 / l.pp) % 4, std::int64_t(0));
            pps.insert(l.pp);
        };
        planLayouts(m);
        QCOMPARE(pps, (std::set<std::int64_t> {1, 2})); // PP 4 and 8 leave 2 and 1 GPUs per stage
    }

    void evaluatorEqualsTheReferenceModels()
    {
        // Every (EP, expert TP) layout of Mixtral on 16 GPUs, TP and PP searched too: the planner's footprint is
        // computeFootprint()'s (peak and model states exactly), its step time computeStep()'s within 5%.
        PlanRequest r = mixtral(16, 1);
        r.search.fill(false);
        for (PlanKnob k : {PlanKnob::Ep, PlanKnob::Tp, PlanKnob::Pp, PlanKnob::Stage})
            r.search[knob(k)] = true;
        r.timeLayoutsThatDoNotFit = true;
        r.exactPruning = false;
        int seen = 0, checked = 0, withEp = 0;
        const int every = stride();
        std::string mismatch;
        r.onEvaluated = [&](const PlanLayout& l) {
            if (!mismatch.empty() || seen++ % every != 0)
                return;
            ++checked;
            withEp += l.ep > 1 ? 1 : 0;
            const Scenario s = applyLayout(r.base, l);
            validateScenario(s);
            const StepResult ref = computeStep(s);
            const Footprint& f = ref.footprint;
            std::int64_t states = 0;
            for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
                states += f.worstRank().stepMaxBytes[std::size_t(t)];
            const double rel = std::abs(l.stepTimeS - ref.totals.stepTime) / ref.totals.stepTime;
            if (l.peakBytes != f.measuredBytes || l.modelStateBytes != states || rel > 0.05)
                mismatch = "tp " + std::to_string(l.tp) + " pp " + std::to_string(l.pp) + " ep " + std::to_string(l.ep)
                    + " etp " + std::to_string(l.etp) + " z " + std::to_string(l.stage) + ": planner "
                    + std::to_string(l.peakBytes) + " B " + std::to_string(l.stepTimeS) + " s, reference "
                    + std::to_string(f.measuredBytes) + " B " + std::to_string(ref.totals.stepTime) + " s";
        };
        planLayouts(r);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
        QVERIFY(checked > 0);
        QVERIFY(withEp > 0);
    }

    void recomputeModulesInThePlanner()
    {
        // Megatron-Core's recompute modules (docs/model.md, "Recompute modules") reach the planner's closed form through
        // the same layer ops (layerBackwardOps()): every EP layout of Mixtral on 8 GPUs with layernorm and moe_act
        // recomputed times within 5% of computeStep(), and slower than without them.
        PlanRequest r = mixtral(8, 1);
        r.base.recomputeModules = kRecomputeLayernorm | kRecomputeMoeAct;
        r.base.checkpointing = Checkpointing::None; // full recompute would rerun them anyway
        r.search.fill(false);
        r.search[knob(PlanKnob::Ep)] = true;
        r.timeLayoutsThatDoNotFit = true;
        r.exactPruning = false;
        int checked = 0;
        std::string mismatch;
        r.onEvaluated = [&](const PlanLayout& l) {
            if (!mismatch.empty())
                return;
            ++checked;
            Scenario s = applyLayout(r.base, l);
            const double ref = computeStep(s).totals.stepTime;
            s.recomputeModules = 0;
            const double without = computeStep(s).totals.stepTime;
            if (std::abs(l.stepTimeS - ref) / ref > 0.05 || !(ref > without))
                mismatch = "ep " + std::to_string(l.ep) + ": planner " + std::to_string(l.stepTimeS) + " s, reference "
                    + std::to_string(ref) + " s, without the modules " + std::to_string(without) + " s";
        };
        planLayouts(r);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
        QVERIFY(checked > 0);
    }

    void expertParallelismShrinksTheExpertStates()
    {
        // EP splits the routed experts: with everything else fixed (TP 1, PP 1, ZeRO-1 on 8 GPUs), each rank's expert
        // weights are (8 / EP) experts x 32 layers x 3 x 4096 x 14336 params in 16 bits, and the planner's model
        // states fall with EP accordingly. Hand count of one expert: 3 x 4096 x 14336 = 176,160,768 params.
        PlanRequest r = mixtral(8, 1);
        r.base.zeroStage = 1;
        r.search.fill(false);
        r.search[knob(PlanKnob::Ep)] = true;
        r.timeLayoutsThatDoNotFit = true;
        r.exactPruning = false;
        std::map<std::int64_t, std::int64_t> statesByEp;
        r.onEvaluated = [&](const PlanLayout& l) { statesByEp[l.ep] = l.modelStateBytes; };
        planLayouts(r);
        QCOMPARE(statesByEp.size(), std::size_t(4));
        for (std::int64_t ep : {1, 2, 4, 8}) {
            Scenario s = r.base;
            s.ep = ep;
            const Footprint f = computeFootprint(s);
            const RankFootprint& w = f.worstRank();
            QCOMPARE(w.expertLocalParams, std::int64_t(8 / ep) * 32 * 176160768);
            QCOMPARE(w.expertStateBytes[0], 2 * w.expertLocalParams); // bf16 weights (recipe mixed)
        }
        QVERIFY(statesByEp[8] < statesByEp[4] && statesByEp[4] < statesByEp[2] && statesByEp[2] < statesByEp[1]);
    }

    void searchingEpNeverWorsensTheBest()
    {
        // The EP search is a superset of the base's EP 1: its best layout is at least as fast.
        PlanRequest r = mixtral(16, 1);
        r.search[knob(PlanKnob::Offload)] = false;
        r.search[knob(PlanKnob::Ep)] = false;
        const PlanResult without = planLayouts(r);
        r.search[knob(PlanKnob::Ep)] = true;
        const PlanResult with = planLayouts(r);
        QVERIFY(!with.layouts.empty());
        QVERIFY(without.layouts.empty() || with.layouts.front().stepTimeS <= without.layouts.front().stepTimeS);
        validateScenario(applyLayout(r.base, with.layouts.front()));
    }

    void stageMapResetsABaseEpThatDoesNotDivideN()
    {
        // The base's EP 8 does not divide a stage of 4 GPUs: with EP searched the N = 4 row still has an answer.
        PlanRequest r = mixtral(16, 1);
        r.base.ep = 8;
        r.search[knob(PlanKnob::Ep)] = true;
        r.search[knob(PlanKnob::Offload)] = false;
        r.globalBatch = 16;
        const std::vector<PlanStageCell> cells = planStageMap(r, {4});
        QCOMPARE(cells.size(), std::size_t(4));
        QVERIFY(std::any_of(cells.begin(), cells.end(), [](const PlanStageCell& c) { return c.minPeakBytes > 0; }));
    }
};

QTEST_GUILESS_MAIN(TestPlanMoe)
#include "tst_planmoe.moc"
