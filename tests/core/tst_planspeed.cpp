// SPDX-License-Identifier: MIT
// The planner's speed work (issue 11) changes no number: the numbers-only footprint (FootprintOptions) gives
// computeFootprint()'s bytes exactly, every term and rank; and every layout the planner evaluates has
// computeFootprint()'s peak, model-state and activation bytes and fit, whatever it shares between layouts.
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/pipeline.h"

#include "layoutplanner_ref.h"
#include "planrequests.h"
#include "scenariogenerator.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <optional>
#include <string>
#include <vector>

using namespace shardscope;

namespace {

// SHARDSCOPE_TEST_SCALE (a fraction, set by the asan test preset) runs a share of the cases, as tst_robustness does.
int scaled(int n)
{
    const double k = qEnvironmentVariableIsSet("SHARDSCOPE_TEST_SCALE")
        ? qEnvironmentVariable("SHARDSCOPE_TEST_SCALE").toDouble()
        : 1.0;
    return std::max(n / 10, int(double(n) * (k > 0 ? std::min(k, 1.0) : 1.0)));
}

/// The first field where two footprints differ in a number, or "" when every number is equal.
std::string firstDifference(const Footprint& a, const Footprint& b)
{
    auto eq = [](auto x, auto y) { return x == y; };
    if (!eq(a.totalParams, b.totalParams))
        return "totalParams";
    if (!eq(a.capacityBytes, b.capacityBytes) || !eq(a.usableBytes, b.usableBytes))
        return "capacity";
    if (!eq(a.worst, b.worst) || !eq(a.fits, b.fits) || !eq(a.measuredBytes, b.measuredBytes))
        return "worst/fits/measured";
    if (!eq(a.hostBytesPerNode, b.hostBytesPerNode) || !eq(a.nvmeBytesPerNode, b.nvmeBytesPerNode)
        || !eq(a.hostFits, b.hostFits) || !eq(a.nvmeFits, b.nvmeFits))
        return "host/nvme";
    const LayerActivations &la = a.activations, &lb = b.activations;
    if (!eq(la.perTokenReplicated, lb.perTokenReplicated) || !eq(la.perTokenSplit, lb.perTokenSplit)
        || !eq(la.perTokenScores, lb.perTokenScores) || !eq(la.storedBytes, lb.storedBytes)
        || !eq(la.workingBytes, lb.workingBytes) || !eq(la.constant34, lb.constant34))
        return "activations";
    if (a.ranks.size() != b.ranks.size())
        return "rank count";
    for (std::size_t i = 0; i < a.ranks.size(); ++i) {
        const RankFootprint &x = a.ranks[i], &y = b.ranks[i];
        const std::string at = " of rank " + std::to_string(i);
        if (x.label != y.label || x.stage != y.stage || x.layers != y.layers || x.localParams != y.localParams
            || x.perLayerLocalParams != y.perLayerLocalParams || x.inflightMicrobatches != y.inflightMicrobatches)
            return "stage fields" + at;
        for (int t = 0; t < kTermCount; ++t)
            if (x.terms[std::size_t(t)].bytes != y.terms[std::size_t(t)].bytes)
                return std::string(termKey(Term(t))) + at;
        if (x.stepMaxBytes != y.stepMaxBytes)
            return "stepMaxBytes" + at;
        if (x.totalBytes != y.totalBytes || x.peakMoment != y.peakMoment || x.peakAllocatedBytes != y.peakAllocatedBytes
            || x.peakReservedBytes != y.peakReservedBytes || x.deviceUsedBytes != y.deviceUsedBytes
            || x.steadyStateBytes != y.steadyStateBytes)
            return "peak figures" + at;
    }
    return "";
}

/// computeFootprint(s, o), or the refusal's message.
std::optional<Footprint> footprintOrMessage(const Scenario& s, const FootprintOptions& o, std::string& message)
{
    try {
        return computeFootprint(s, o);
    } catch (const InvalidInput& e) {
        message = e.what();
        return std::nullopt;
    }
}


/// A random block table of p stages x v chunks shaped as the planner's evaluator builds them (std::mt19937_64): stage
/// kinds the first, the last and two kinds of middle stages (L/p or L/p + 1 layers); each kind's chunks the first, the
/// plain ones (alike) and the last. `lateRelease`: outputs released after their block's end (a communication tail);
/// `allDifferent`: every entry drawn on its own.
std::vector<VirtualStageTimes> randomEvaluatorTable(std::mt19937_64& rng, std::int64_t p, std::int64_t v, bool lateRelease,
                                                    bool allDifferent)
{
    std::uniform_real_distribution<double> U(0.2, 1.0);
    auto draw = [&] {
        VirtualStageTimes x;
        x.fwd = U(rng);
        x.fwdRelease = x.fwd * (lateRelease ? 1.0 + 5.0 * U(rng) : rng() % 2 ? 1.0 : U(rng));
        x.bwd = 2 * U(rng);
        x.bwdRelease = x.bwd * (lateRelease ? 1.0 + U(rng) : rng() % 2 ? 1.0 : U(rng));
        x.lastBwd = x.bwd * (1 + U(rng));
        x.lastBwdRelease = x.bwdRelease * (1 + U(rng));
        return x;
    };
    VirtualStageTimes kinds[4][3];
    for (auto& k : kinds)
        for (auto& c : k)
            c = draw();
    const std::int64_t split = std::uniform_int_distribution<std::int64_t>(1, p)(rng);
    std::vector<VirtualStageTimes> t(static_cast<std::size_t>(p * v));
    for (std::int64_t c = 0; c < v; ++c)
        for (std::int64_t i = 0; i < p; ++i) {
            const int k = i == 0 ? 0 : i == p - 1 ? 1 : i < split ? 2 : 3;
            t[std::size_t(c * p + i)] = allDifferent ? draw() : kinds[k][c == 0 ? 0 : c == v - 1 ? 2 : 1];
        }
    return t;
}

/// "" when the optimised evaluator's layout `l` has the reference's numbers `r` (evaluateLayoutReference(): the
/// straightforward closed form, layoutplanner_ref.cpp): the memory figures and the fit exactly, every time figure
/// within 1e-9 of it (floating rounding: the optimised one adds runs of equal layers and rounds in closed form);
/// else what differs.
std::string differenceFromReference(const PlanLayout& l, const PlanLayout& r)
{
    if (l.peakBytes != r.peakBytes || l.modelStateBytes != r.modelStateBytes || l.activationBytes != r.activationBytes
        || l.fits != r.fits)
        return "memory or fit";
    const std::pair<const char*, std::pair<double, double>> times[]
        = {{"stepTimeS", {l.stepTimeS, r.stepTimeS}},         {"computeS", {l.computeS, r.computeS}},
           {"exposedCommS", {l.exposedCommS, r.exposedCommS}}, {"bubbleS", {l.bubbleS, r.bubbleS}},
           {"optimizerS", {l.optimizerS, r.optimizerS}},       {"tflopsPerGpu", {l.tflopsPerGpu, r.tflopsPerGpu}},
           {"mfu", {l.mfu, r.mfu}},                            {"tokensPerSecondPerGpu", {l.tokensPerSecondPerGpu, r.tokensPerSecondPerGpu}}};
    for (const auto& [name, v] : times) {
        // Split figures are differences of sums (the bubble: step - busy - optimizer): their rounding is that of
        // the step time, so the bound is relative to the step time where that is larger.
        const double scale = std::max(std::abs(v.second), std::abs(r.stepTimeS));
        if (!(std::abs(v.first - v.second) <= 1e-9 * scale))
            return std::string(name) + " " + std::to_string(v.first) + " vs reference " + std::to_string(v.second);
    }
    return "";
}

std::string layoutKey(const PlanLayout& l)
{
    return "tp " + std::to_string(l.tp) + " pp " + std::to_string(l.pp) + " vpp " + std::to_string(l.vpp) + " z "
        + std::to_string(l.stage) + " mb " + std::to_string(l.microBatch) + " ga " + std::to_string(l.gradAccum)
        + " ckpt " + checkpointingKey(l.checkpointing) + " sp " + std::to_string(l.sequenceParallel) + " off "
        + offloadKey(l.offloadOptimizer) + "/" + offloadKey(l.offloadParams);
}

} // namespace

class TestPlanSpeed : public QObject
{
    Q_OBJECT
private slots:
    /// The numbers-only footprint (no formulas, no timeline) against the full one on 4,000 random scenarios
    /// (tests/core/scenariogenerator.h: presets, random architectures, bare counts, every recipe, framework and
    /// memory saver; some at the ends of their ranges so that both refuse): every number equal, the same
    /// refusals; and the numbers-only one really skips the words.
    void numbersOnlyEqualsTheFullFootprint()
    {
        ScenarioGenerator g(20261201);
        const int n = scaled(4000);
        int compared = 0, refused = 0;
        for (int i = 0; i < n; ++i) {
            Scenario s = g.next(g.pick<std::int64_t>({1, 2, 3, 8, 64, 1000}));
            if (g.coin())
                g.addFrameworkKnobs(s);
            if (g.uniform(0, 19) == 0) { // beyond the model's range: both must refuse alike
                s.seq = 16777216;
                s.microBatch = 65536;
            }
            std::string fullMessage, numbersMessage, noTimelineMessage;
            const std::optional<Footprint> full = footprintOrMessage(s, FootprintOptions {}, fullMessage);
            const std::optional<Footprint> numbers = footprintOrMessage(s, FootprintOptions {false, false}, numbersMessage);
            const std::optional<Footprint> noTimeline = footprintOrMessage(s, FootprintOptions {true, false}, noTimelineMessage);
            QVERIFY2(full.has_value() == numbers.has_value() && full.has_value() == noTimeline.has_value(), describe(s).c_str());
            if (!full) {
                QCOMPARE(numbersMessage, fullMessage);
                QCOMPARE(noTimelineMessage, fullMessage);
                ++refused;
                continue;
            }
            const std::string d = firstDifference(*full, *numbers);
            QVERIFY2(d.empty(), (d + ": " + describe(s)).c_str());
            QVERIFY2(firstDifference(*full, *noTimeline).empty(), describe(s).c_str());
            // The default is the full footprint.
            QVERIFY2(firstDifference(*full, computeFootprint(s)).empty(), describe(s).c_str());
            for (std::size_t r = 0; r < full->ranks.size(); ++r) {
                QCOMPARE(full->ranks[r].timeline.size(), std::size_t(kStepMomentCount));
                QVERIFY(numbers->ranks[r].timeline.empty());
                QVERIFY(noTimeline->ranks[r].timeline.empty());
                for (int t = 0; t < kTermCount; ++t) {
                    QVERIFY2(!full->ranks[r].terms[std::size_t(t)].formula.empty(), describe(s).c_str());
                    QVERIFY(numbers->ranks[r].terms[std::size_t(t)].formula.empty());
                    QCOMPARE(noTimeline->ranks[r].terms[std::size_t(t)].formula, full->ranks[r].terms[std::size_t(t)].formula);
                }
            }
            QVERIFY(!full->activations.derivation.empty());
            QVERIFY(numbers->activations.derivation.empty());
            ++compared;
        }
        qInfo("%d scenarios compared, %d refused by both", compared, refused);
        QVERIFY(compared > n / 2);
        QVERIFY(refused > 0);
    }

    /// The stages computeFootprint() skips (a whole architecture with PP > 3 computes the first, second and last
    /// only) against brute force, every stage computed (FootprintOptions::everyStage), on 3,000 random scenarios
    /// with PP from 4 to 48, every schedule (interleaved too), framework and memory saver: every number equal, and the
    /// worst rank's peak is the largest of every stage's own timeline (memoryTimeline()).
    void skippedStagesNeverHoldTheWorstRank()
    {
        ScenarioGenerator g(20261202);
        const int n = scaled(3000);
        int compared = 0, deep = 0;
        while (compared < n) {
            Scenario s = g.next(g.pick<std::int64_t>({1, 2, 8, 64}));
            if (g.coin())
                g.addFrameworkKnobs(s);
            s.pp = std::min<std::int64_t>(s.arch.layers, g.pick<std::int64_t>({4, 5, 6, 7, 8, 12, 16, 24, 48}));
            s.gpus = s.tp * s.pp * s.cp * g.pick<std::int64_t>({1, 2, 8});
            s.schedule = g.pick({PipelineSchedule::OneFOneB, PipelineSchedule::GPipe, PipelineSchedule::Interleaved});
            s.vpp = 1;
            if (s.schedule == PipelineSchedule::Interleaved) {
                s.vpp = g.pick<std::int64_t>({2, 3, 4});
                s.gradAccum = s.pp * g.pick<std::int64_t>({1, 2, 3});
            }
            if (s.framework == Framework::Single)
                s.framework = Framework::DeepSpeed;
            s.optimizerInBackward = s.optimizerInBackward && s.gradAccum == 1;
            // Every n-th block checkpointed: every stage computed (a middle stage may checkpoint fewer layers).
            if (s.checkpointing == Checkpointing::Full && g.coin())
                s.checkpointInterval = g.pick<std::int64_t>({2, 3, 5});
            std::string message;
            const std::optional<Footprint> skipping = footprintOrMessage(s, FootprintOptions {false, false}, message);
            if (!skipping)
                continue; // not a valid scenario (e.g. fewer layers than PP x VPP)
            const Footprint all = computeFootprint(s, FootprintOptions {false, false, true});
            const std::string d = firstDifference(all, *skipping);
            QVERIFY2(d.empty(), (d + ": " + describe(s)).c_str());
            QVERIFY2(firstDifference(all, computeFootprint(s)).empty(), describe(s).c_str());
            std::int64_t largest = 0;
            for (std::int64_t i = 0; i < s.pp; ++i) {
                const std::vector<MemoryMoment> tl = memoryTimeline(s, i);
                for (const MemoryMoment& m : tl)
                    if (m.moment != StepMoment::Steady) // the peak is taken over the step's moments after steady
                        largest = std::max(largest, memoryMeasures(s, m.bytes).deviceUsed);
            }
            QVERIFY2(largest == skipping->worstBytes(), describe(s).c_str());
            deep += s.pp > 3 && !s.bareParams ? 1 : 0;
            ++compared;
        }
        qInfo("%d scenarios compared, %d of them with stages skipped", compared, deep);
        QVERIFY(deep > n / 2);
    }

    /// FootprintFamily (one scenario's parts shared over the ZeRO stages and offloads) against computeFootprint()
    /// of each member, numbers only, on 1,000 random scenarios x every stage and offload pair (the invalid pairs
    /// included: the same refusal).
    void familyEqualsComputeFootprint()
    {
        ScenarioGenerator g(20261203);
        const int n = scaled(1000);
        int compared = 0, refused = 0;
        const OffloadDevice devices[] = {OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme};
        for (int i = 0; i < n; ++i) {
            Scenario s = g.next(g.pick<std::int64_t>({1, 2, 3, 8, 64, 1000}));
            if (g.coin())
                g.addFrameworkKnobs(s);
            if (g.uniform(0, 19) == 0)
                s.seq = 16777216; // refused by every member
            if (g.coin())
                s.checkpointInterval = g.pick<std::int64_t>({1, 2, 3, 5});
            FootprintFamily family(s);
            for (int z = 0; z <= 3; ++z)
                for (OffloadDevice o : devices)
                    for (OffloadDevice q : devices) {
                        Scenario m = s;
                        m.zeroStage = z;
                        m.offloadOptimizer = o;
                        m.offloadParams = q;
                        std::string expected, got;
                        const std::optional<Footprint> ref = footprintOrMessage(m, FootprintOptions {false, false}, expected);
                        std::optional<Footprint> fam;
                        try {
                            fam = family.footprint(z, o, q);
                        } catch (const InvalidInput& e) {
                            got = e.what();
                        }
                        QVERIFY2(ref.has_value() == fam.has_value(), (got + " | " + expected + " | " + describe(m)).c_str());
                        if (!ref) {
                            QCOMPARE(got, expected);
                            ++refused;
                            continue;
                        }
                        const std::string d = firstDifference(*ref, *fam);
                        QVERIFY2(d.empty(), (d + ": " + describe(m)).c_str());
                        ++compared;
                    }
        }
        qInfo("%d footprints compared, %d refused alike", compared, refused);
        QVERIFY(compared > n && refused > n);
    }

    /// The optimised evaluator (StepEvaluator: work hoisted to where it varies, runs of equal layers and of equal
    /// schedule rounds in closed form, placements shared between layouts with equal block tables) against the
    /// straightforward one it replaced (evaluateLayoutReference()), on every layout full searches evaluate, in their
    /// order (so that what the evaluator keeps between layouts is exercised as the planner uses it): GPT-2 to
    /// Llama-2-70B, 8 to 4,096 GPUs, every schedule, DeepSpeed 2021's per-weight ZeRO-3, every n-th block
    /// checkpointed, ZeRO-3 prefetch depths 0 to 3.
    void optimisedEvaluatorEqualsTheReference_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("gpus");
        QTest::addColumn<qint64>("globalBatch");
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("variant"); // 0 plain, 1 per-weight ZeRO-3, 2 every 3rd block checkpointed, 3 prefetch 0, 4 prefetch 3
        QTest::newRow("gpt2 8 1f1b") << QStringLiteral("gpt2") << qint64(8) << qint64(64) << int(PipelineSchedule::OneFOneB) << 0;
        QTest::newRow("llama-2-7b 64 1f1b") << QStringLiteral("llama-2-7b") << qint64(64) << qint64(512) << int(PipelineSchedule::OneFOneB) << 0;
        QTest::newRow("llama-2-13b 32 gpipe") << QStringLiteral("llama-2-13b") << qint64(32) << qint64(256) << int(PipelineSchedule::GPipe) << 0;
        QTest::newRow("llama-2-70b 512 1f1b") << QStringLiteral("llama-2-70b") << qint64(512) << qint64(1024) << int(PipelineSchedule::OneFOneB) << 0;
        QTest::newRow("llama-2-70b 4096 1f1b") << QStringLiteral("llama-2-70b") << qint64(4096) << qint64(4096) << int(PipelineSchedule::OneFOneB) << 0;
        QTest::newRow("llama-2-7b 16 per-weight zero-3") << QStringLiteral("llama-2-7b") << qint64(16) << qint64(128) << int(PipelineSchedule::OneFOneB) << 1;
        QTest::newRow("mixtral-8x7b 64 every 3rd block") << QStringLiteral("mixtral-8x7b") << qint64(64) << qint64(256) << int(PipelineSchedule::OneFOneB) << 2;
        QTest::newRow("llama-3-8b 64 prefetch 0") << QStringLiteral("llama-3-8b") << qint64(64) << qint64(512) << int(PipelineSchedule::OneFOneB) << 3;
        QTest::newRow("llama-2-13b 128 prefetch 3 gpipe") << QStringLiteral("llama-2-13b") << qint64(128) << qint64(1024) << int(PipelineSchedule::GPipe) << 4;
    }
    void optimisedEvaluatorEqualsTheReference()
    {
        QFETCH(QString, model);
        QFETCH(qint64, gpus);
        QFETCH(qint64, globalBatch);
        QFETCH(int, schedule);
        QFETCH(int, variant);
        PlanRequest r;
        r.base = defaultScenario();
        r.base.arch = *findModelPreset(model.toStdString());
        r.base.seq = std::min<std::int64_t>(2048, r.base.arch.maxPositions > 0 ? r.base.arch.maxPositions : 2048);
        r.base.gpus = gpus;
        r.base.tp = r.base.pp = 1;
        r.base.schedule = PipelineSchedule(schedule);
        if (variant == 1) {
            r.base.zero3PerTensorCollectives = true;
            r.base.zero3PrefetchBucketElements = 50000000;
        }
        if (variant == 2)
            r.base.checkpointInterval = 3;
        if (variant == 3)
            r.base.zero3PrefetchUnits = 0;
        if (variant == 4)
            r.base.zero3PrefetchUnits = 3;
        r.globalBatch = globalBatch;
        r.topK = 5;
        r.timeLayoutsThatDoNotFit = true; // every layout's step time: all that the evaluator keeps between layouts is used
        std::int64_t seen = 0, checked = 0;
        std::string mismatch;
        // Every layout in the dev and CI presets; every 10th under SHARDSCOPE_TEST_SCALE (the sanitizers).
        const std::int64_t stride = 1000 / scaled(1000);
        r.onEvaluated = [&](const PlanLayout& l) {
            ++seen;
            if (!mismatch.empty() || (seen - 1) % stride != 0)
                return;
            ++checked;
            const PlanLayout ref = evaluateLayoutReference(applyLayout(r.base, l));
            const std::string d = differenceFromReference(l, ref);
            if (!d.empty())
                mismatch = layoutKey(l) + ": " + d;
        };
        const PlanResult res = planLayouts(r);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
        QCOMPARE(seen, res.evaluated);
        QVERIFY(checked > 100);
        qInfo("%lld layouts evaluated, %lld of them checked against the reference: equal", (long long)res.evaluated,
              (long long)checked);
    }

    /// scheduleStageEndsSteady() (1F1B placed round by round, skipping the rounds that repeat once they move the whole
    /// state alike) against scheduleStageEnds() (the list scheduling of every block) on 20,000 random block tables:
    /// 1 to 24 stages, 1 to 300 micro-batches, first and last stages unlike the middle ones (an embedding, a head),
    /// the last micro-batch's backward longer (a gradient reduction), releases before the block's end (a
    /// communication tail), some tables with every stage alike and some with every stage different (no skip then);
    /// every schedule (GPipe and interleaved placed in their own fixed orders, with their own skips: pipeline.h). Each
    /// stage's end within 1e-12 of it.
    void steadyPlacementEqualsTheListScheduling()
    {
        std::mt19937_64 rng(1105);
        std::uniform_real_distribution<double> U(0.2, 1.0);
        int skippedSome = 0;
        for (int n = 0; n < scaled(20000); ++n) {
            const std::int64_t p = std::uniform_int_distribution<std::int64_t>(1, 24)(rng);
            const std::int64_t m = std::uniform_int_distribution<std::int64_t>(1, 300)(rng);
            const int pick = int(rng() % 4);
            const PipelineSchedule sched = pick == 0 ? PipelineSchedule::GPipe
                : pick == 1 && p > 1 && m % p == 0 ? PipelineSchedule::Interleaved
                                                   : PipelineSchedule::OneFOneB;
            const std::int64_t v = sched == PipelineSchedule::Interleaved ? std::int64_t(1 + rng() % 3) : 1;
            const int style = int(rng() % 3); // 0 middles alike, 1 all alike, 2 all different
            std::vector<VirtualStageTimes> t(static_cast<std::size_t>(p * v));
            VirtualStageTimes mid;
            auto draw = [&] {
                VirtualStageTimes x;
                x.fwd = U(rng);
                x.fwdRelease = x.fwd * (rng() % 2 ? 1.0 : U(rng));
                x.bwd = 2 * U(rng);
                x.bwdRelease = x.bwd * (rng() % 2 ? 1.0 : U(rng));
                x.lastBwd = x.bwd * (1 + U(rng));
                x.lastBwdRelease = x.bwdRelease;
                return x;
            };
            mid = draw();
            for (std::size_t k = 0; k < t.size(); ++k) {
                const std::int64_t stage = std::int64_t(k) % p;
                t[k] = style == 2 || (style == 0 && (stage == 0 || stage == p - 1)) ? draw() : mid;
            }
            std::vector<double> a(static_cast<std::size_t>(p)), b(static_cast<std::size_t>(p));
            scheduleStageEnds(sched, p, m, v, t.data(), a.data());
            scheduleStageEndsSteady(sched, p, m, v, t.data(), b.data());
            for (std::int64_t i = 0; i < p; ++i)
                QVERIFY2(std::abs(a[std::size_t(i)] - b[std::size_t(i)]) <= 1e-12 * a[std::size_t(i)],
                         qPrintable(QStringLiteral("%1 p %2 m %3 v %4 style %5 stage %6: %7 vs %8")
                                        .arg(QString::fromLatin1(scheduleKey(sched)))
                                        .arg(p)
                                        .arg(m)
                                        .arg(v)
                                        .arg(style)
                                        .arg(i)
                                        .arg(b[std::size_t(i)], 0, 'g', 17)
                                        .arg(a[std::size_t(i)], 0, 'g', 17)));
            // Bit-equal ends mean no round was skipped (or the skip added exactly); count the others.
            skippedSome += a != b ? 1 : 0;
        }
        qInfo("%d of %d tables placed with rounds skipped (ends equal within 1e-12, not bit for bit)", skippedSome, scaled(20000));
    }

    /// The fixed-order placements of scheduleStageEndsSteady() beyond the planner's bound (source: the reference
    /// scheduleStageEnds(), the list scheduling of every block): 6,000 random tables shaped as the evaluator builds
    /// them (a stage's chunks alike but its first and last; the first stage's first chunk and the last stage's last
    /// unlike the rest; kinds of middle stages), every schedule, interleaved with 2 to 12 chunks and 1 to 40 rounds
    /// of p micro-batches (the planner's 2 p included), GPipe and 1F1B with 1 to 400 micro-batches (1F1B with fewer
    /// micro-batches than stages too), some tables releasing a block's output after the block's end (GPipe's
    /// backward skip must then stand aside). Each stage's end within 1e-12 of the reference, and the skips
    /// (interleaved: whole periods of p v ticks; GPipe: forward and backward runs) are exercised in every schedule.
    void fixedOrderPlacementsEqualTheListScheduling()
    {
        std::mt19937_64 rng(20261201);
        int skipped[3] = {0, 0, 0}, placed[3] = {0, 0, 0};
        for (int n = 0; n < scaled(6000); ++n) {
            const auto sched = PipelineSchedule(n % 3);
            const std::int64_t p = std::uniform_int_distribution<std::int64_t>(sched == PipelineSchedule::OneFOneB ? 1 : 2, 32)(rng);
            std::int64_t v = 1, m = 1;
            if (sched == PipelineSchedule::Interleaved) {
                v = std::uniform_int_distribution<std::int64_t>(2, 12)(rng);
                m = p * (rng() % 3 == 0 ? 2 : std::uniform_int_distribution<std::int64_t>(1, std::max<std::int64_t>(1, 4000 / (p * p * v)))(rng));
            } else {
                m = rng() % 3 == 0 ? std::uniform_int_distribution<std::int64_t>(1, p)(rng)
                                   : std::uniform_int_distribution<std::int64_t>(1, 400)(rng);
            }
            const bool lateRelease = rng() % 5 == 0;
            const std::vector<VirtualStageTimes> t = randomEvaluatorTable(rng, p, v, lateRelease, false);
            std::vector<double> a(static_cast<std::size_t>(p)), b(static_cast<std::size_t>(p));
            scheduleStageEnds(sched, p, m, v, t.data(), a.data());
            scheduleStageEndsSteady(sched, p, m, v, t.data(), b.data());
            for (std::int64_t i = 0; i < p; ++i)
                QVERIFY2(std::abs(a[std::size_t(i)] - b[std::size_t(i)]) <= 1e-12 * a[std::size_t(i)],
                         qPrintable(QStringLiteral("%1 p %2 m %3 v %4 late %5 stage %6: %7 vs %8")
                                        .arg(QString::fromLatin1(scheduleKey(sched)))
                                        .arg(p)
                                        .arg(m)
                                        .arg(v)
                                        .arg(lateRelease)
                                        .arg(i)
                                        .arg(b[std::size_t(i)], 0, 'g', 17)
                                        .arg(a[std::size_t(i)], 0, 'g', 17)));
            ++placed[int(sched)];
            skipped[int(sched)] += a != b ? 1 : 0;
        }
        qInfo("tables placed with skips (not bit for bit): 1F1B %d of %d, GPipe %d of %d, interleaved %d of %d", skipped[0],
              placed[0], skipped[1], placed[1], skipped[2], placed[2]);
        for (int k = 0; k < 3; ++k)
            QVERIFY(skipped[k] > placed[k] / 10);
    }

    /// Every placement path of scheduleStageEndsSteady() against scheduleStageEnds() (source: the list scheduling of
    /// every block) on random tables as the planner's evaluator builds them (the first and last stages, two kinds of
    /// middle stages split anywhere, each stage's first, plain and last chunks unlike; some tables with every block
    /// different; some releasing after the block's end): interleaved with 2 to 64 stages, 2 to 24 chunks and p, 2 p,
    /// 3 p or 4 p micro-batches, so that each path is taken many times: the tick program (up to 8 stages, periods
    /// skipped: 4 p), the compiled order sorted by depth (up to 8 stages without a skip; any p with the warm-up cut
    /// short: p), the tick loop's runs of stages (more than 8 stages); GPipe and 1F1B with 2 to 64 stages and p to 4 p
    /// micro-batches. Each stage's end within a relative 1e-9 of the reference.
    void everyPlacementPathEqualsTheListScheduling()
    {
        std::mt19937_64 rng(20261202);
        enum Path { TickProgram, CompiledFew, CompiledCut, TickLoop, Gpipe, OneFOneB, kPaths };
        const char* const names[kPaths] = {"tick program", "compiled (few stages)", "compiled (warm-up cut short)",
                                           "tick loop", "gpipe", "1f1b"};
        int placed[kPaths] = {};
        std::int64_t blocks = 0;
        const std::int64_t budget = scaled(1000) * std::int64_t(80000); // blocks placed by the reference in all
        int n = 0;
        while (blocks < budget) {
            const auto sched = PipelineSchedule(n++ % 3);
            // Mostly few stages (where the paths differ most), up to 64.
            const std::int64_t p = rng() % 2 ? std::uniform_int_distribution<std::int64_t>(2, 8)(rng)
                                             : std::uniform_int_distribution<std::int64_t>(2, 64)(rng);
            const std::int64_t v = sched == PipelineSchedule::Interleaved ? std::uniform_int_distribution<std::int64_t>(2, 24)(rng) : 1;
            const std::int64_t m = p * std::uniform_int_distribution<std::int64_t>(1, 4)(rng);
            if (2 * p * m * v > 400000)
                continue; // the largest shapes once in a while only
            const bool lateRelease = rng() % 5 == 0, allDifferent = rng() % 6 == 0;
            const std::vector<VirtualStageTimes> t = randomEvaluatorTable(rng, p, v, lateRelease, allDifferent);
            std::vector<double> a(static_cast<std::size_t>(p)), b(static_cast<std::size_t>(p));
            scheduleStageEnds(sched, p, m, v, t.data(), a.data());
            scheduleStageEndsSteady(sched, p, m, v, t.data(), b.data());
            for (std::int64_t i = 0; i < p; ++i)
                QVERIFY2(std::abs(a[std::size_t(i)] - b[std::size_t(i)]) <= 1e-9 * a[std::size_t(i)],
                         qPrintable(QStringLiteral("%1 p %2 m %3 v %4 late %5 different %6 stage %7: %8 vs %9")
                                        .arg(QString::fromLatin1(scheduleKey(sched)))
                                        .arg(p)
                                        .arg(m)
                                        .arg(v)
                                        .arg(lateRelease)
                                        .arg(allDifferent)
                                        .arg(i)
                                        .arg(b[std::size_t(i)], 0, 'g', 17)
                                        .arg(a[std::size_t(i)], 0, 'g', 17)));
            blocks += 2 * p * m * v;
            // The path pipeline.cpp takes for this shape (its dispatch's conditions, for the coverage count only).
            Path path = OneFOneB;
            if (sched == PipelineSchedule::GPipe)
                path = Gpipe;
            else if (sched == PipelineSchedule::Interleaved) {
                const bool cut = (p - 1) * 2 + (v - 1) * p > m * v;
                const bool skips = m * v - (v + 1) * p >= 2 * p * v;
                path = cut ? CompiledCut : p > 8 ? TickLoop : skips ? TickProgram : CompiledFew;
            }
            ++placed[path];
        }
        QString summary;
        for (int k = 0; k < kPaths; ++k)
            summary += QStringLiteral("%1 %2; ").arg(QString::fromLatin1(names[k])).arg(placed[k]);
        qInfo("%lld blocks placed by the reference: %s", (long long)blocks, qPrintable(summary));
        for (int k = 0; k < kPaths; ++k)
            QVERIFY2(placed[k] >= 20, names[k]);
    }

    /// Equal stages (source: hand-derived, as Narayanan et al. 2021's bubble): every block of a chunk f forward and b
    /// backward seconds, released at its end. GPipe: stage i's forward of micro-batch j starts at (i + j) f and its
    /// backward at (m + p - 1) f + (p - 1 - i + j) b, so stage i ends at (m + p - 1) f + (m + p - 1 - i) b; 1F1B and
    /// interleaved (v chunks): stage 0 ends at (m v + p - 1)(f + b), the ideal m v (f + b) plus the bubble
    /// (p - 1)(f + b). Long runs (up to 400 micro-batches), so that the skips are the ones giving these figures.
    void steadyPlacementsOfEqualStagesMatchTheHandFigures()
    {
        const double f = 0.75, b = 1.5;
        for (std::int64_t p : {2, 3, 4, 8, 16})
            for (std::int64_t k : {1, 2, 5, 25}) {
                const std::int64_t m = p * k;
                std::vector<VirtualStageTimes> t(static_cast<std::size_t>(p * 4), VirtualStageTimes {f, f, b, b, b, b});
                std::vector<double> e(static_cast<std::size_t>(p));
                scheduleStageEndsSteady(PipelineSchedule::GPipe, p, m, 1, t.data(), e.data());
                for (std::int64_t i = 0; i < p; ++i) {
                    const double hand = double(m + p - 1) * f + double(m + p - 1 - i) * b;
                    QVERIFY2(std::abs(e[std::size_t(i)] - hand) <= 1e-12 * hand, qPrintable(QStringLiteral("gpipe p %1 m %2 stage %3").arg(p).arg(m).arg(i)));
                }
                for (std::int64_t v : {1, 2, 4}) {
                    const PipelineSchedule sched = v > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
                    scheduleStageEndsSteady(sched, p, m, v, t.data(), e.data());
                    const double hand = double(m * v + p - 1) * (f + b);
                    QVERIFY2(std::abs(e[0] - hand) <= 1e-12 * hand, qPrintable(QStringLiteral("%1 p %2 m %3 v %4: %5 vs %6")
                                                                                 .arg(QString::fromLatin1(scheduleKey(sched))).arg(p).arg(m).arg(v).arg(e[0], 0, 'g', 17).arg(hand, 0, 'g', 17)));
                }
            }
    }

    /// Every layout the planner evaluates (fitting or not: PlanRequest::onEvaluated) against computeFootprint() on
    /// the layout's own scenario: the same peak, model-state and activation bytes and the same fit (host and NVMe
    /// included). Small clusters of several models, frameworks, capacities and schedules, every knob searched.
    void plannerFootprintsEqualComputeFootprint_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("gpus");
        QTest::addColumn<qint64>("globalBatch");
        QTest::addColumn<double>("capacityGb");
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("schedule");
        QTest::newRow("gpt2 4 x 4 GB deepspeed") << QStringLiteral("gpt2") << qint64(4) << qint64(8) << 4.0
                                                 << int(Framework::DeepSpeed) << int(PipelineSchedule::OneFOneB);
        QTest::newRow("llama-2-7b 8 x 24 GB megatron") << QStringLiteral("llama-2-7b") << qint64(8) << qint64(16) << 24.0
                                                       << int(Framework::Megatron) << int(PipelineSchedule::OneFOneB);
        QTest::newRow("llama-2-13b 16 x 40 GB fsdp2 gpipe")
            << QStringLiteral("llama-2-13b") << qint64(16) << qint64(32) << 40.0 << int(Framework::Fsdp2)
            << int(PipelineSchedule::GPipe);
        QTest::newRow("mixtral-8x7b 32 x 80 GB deepspeed")
            << QStringLiteral("mixtral-8x7b") << qint64(32) << qint64(64) << 80.0 << int(Framework::DeepSpeed)
            << int(PipelineSchedule::OneFOneB);
        QTest::newRow("llama-3-8b 16 x 48 GB ddp") << QStringLiteral("llama-3-8b") << qint64(16) << qint64(32) << 48.0
                                                   << int(Framework::Ddp) << int(PipelineSchedule::OneFOneB);
    }
    void plannerFootprintsEqualComputeFootprint()
    {
        QFETCH(QString, model);
        QFETCH(qint64, gpus);
        QFETCH(qint64, globalBatch);
        QFETCH(double, capacityGb);
        QFETCH(int, framework);
        QFETCH(int, schedule);
        PlanRequest r = smallClusterRequest(model, gpus, globalBatch, capacityGb);
        r.base.framework = Framework(framework);
        r.base.schedule = PipelineSchedule(schedule);
        r.topK = 5;
        std::int64_t seen = 0, fitting = 0, checked = 0;
        std::string mismatch;
        // Every layout in the dev and CI presets; every 10th under SHARDSCOPE_TEST_SCALE (the sanitizers).
        const std::int64_t stride = 1000 / scaled(1000);
        // Every layout with a footprint: those evaluated (fitting) and those pruned after it (not fitting).
        auto check = [&](const PlanLayout& l) {
            ++seen;
            fitting += l.fits ? 1 : 0;
            if (!mismatch.empty() || (seen - 1) % stride != 0)
                return;
            ++checked;
            const Scenario s = applyLayout(r.base, l);
            const Footprint f = computeFootprint(s);
            const RankFootprint& w = f.worstRank();
            std::int64_t states = 0;
            for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
                states += w.stepMaxBytes[std::size_t(t)];
            const std::int64_t acts = w.stepMaxBytes[std::size_t(Term::Activations)] + w.stepMaxBytes[std::size_t(Term::Logits)];
            const bool fits = f.fits && f.hostFits && f.nvmeFits;
            if (l.peakBytes != f.measuredBytes || l.modelStateBytes != states || l.activationBytes != acts || l.fits != fits)
                mismatch = "tp " + std::to_string(l.tp) + " pp " + std::to_string(l.pp) + " vpp " + std::to_string(l.vpp)
                    + " z " + std::to_string(l.stage) + " mb " + std::to_string(l.microBatch) + " ckpt "
                    + checkpointingKey(l.checkpointing) + " sp " + std::to_string(l.sequenceParallel) + " off "
                    + offloadKey(l.offloadOptimizer) + "/" + offloadKey(l.offloadParams) + ": planner "
                    + std::to_string(l.peakBytes) + " B fits " + std::to_string(l.fits) + ", computeFootprint "
                    + std::to_string(f.measuredBytes) + " B fits " + std::to_string(fits);
        };
        r.onEvaluated = check;
        r.onPrunedAfterFootprint = check;
        const PlanResult res = planLayouts(r);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
        QCOMPARE(seen, res.evaluated + res.prunedNotFitting);
        QCOMPARE(fitting, res.fitting);
        QCOMPARE(res.fitting, res.evaluated); // only fitting layouts get a step time by default
        QVERIFY(res.fitting > 0 && res.prunedNotFitting > 0); // both sides of the capacity line are exercised
        qInfo("%lld layouts evaluated (%lld fit, %lld pruned), %lld of them checked: each equal to computeFootprint()",
              (long long)res.evaluated, (long long)res.fitting, (long long)res.pruned, (long long)checked);
    }
};

QTEST_APPLESS_MAIN(TestPlanSpeed)
#include "tst_planspeed.moc"
