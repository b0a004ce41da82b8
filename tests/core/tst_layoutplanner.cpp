// SPDX-License-Identifier: MIT
// The layout planner (issue 11): enumeration rules, fit, ranking, Pareto front, the Llama-2-70B case,
// and agreement with the reference models (computeFootprint() and computeStep()).
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
#include "shardscope/pipeline.h"
#include "shardscope/step.h"

#include "layoutplanner_ref.h"
#include "planrequests.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>

using namespace shardscope;

namespace {

// The sanitizer preset sets SHARDSCOPE_TEST_SCALE=0.1 (ASan+UBSan make computeStep about 40x slower); the dev and
// CI presets run the full counts the closing notes report.
std::size_t scaled(std::size_t n)
{
    const double k = qEnvironmentVariableIsSet("SHARDSCOPE_TEST_SCALE")
        ? qEnvironmentVariable("SHARDSCOPE_TEST_SCALE").toDouble()
        : 1.0;
    return std::max<std::size_t>(n / 10, static_cast<std::size_t>(double(n) * (k > 0 ? std::min(k, 1.0) : 1.0)));
}

/// Llama-2-70B on one node of 8 x A100 80GB with `mixed` (the test case). Global batch 8 sequences.
PlanRequest llama70bOn8()
{
    PlanRequest r;
    r.base = defaultScenario(); // Llama-2-70B, a100-80gb, mixed, seq 4096
    r.base.gpus = 8;
    r.base.tp = 1;
    r.base.pp = 1;
    r.base.zeroStage = 3;
    r.globalBatch = 8;
    r.topK = 1000000;
    return r;
}

std::size_t knob(PlanKnob k) { return static_cast<std::size_t>(k); }

/// A random valid layout of a random model on a random cluster (std::mt19937_64, fixed seed), or nothing when
/// the draw is not a valid scenario.
std::optional<Scenario> randomLayout(std::mt19937_64& rng)
{
    auto pick = [&](auto const& v) { return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)]; };
    Scenario s = defaultScenario();
    s.arch = *findModelPreset(pick(std::vector<std::string> {"llama-2-7b", "llama-2-13b", "llama-2-70b", "gpt3-175b",
                                                              "llama-3-8b", "mixtral-8x7b", "gpt2"}));
    // h100-96gb: torchtitan's power-capped parts (gpus.h powerCapFraction).
    s.gpu = pick(std::vector<std::string> {"a100-80gb", "h100-80gb", "a100-40gb", "h100-96gb"});
    s.gpus = pick(std::vector<std::int64_t> {1, 2, 8, 16, 64, 256, 1024});
    s.tp = pick(std::vector<std::int64_t> {1, 2, 4, 8});
    s.pp = pick(std::vector<std::int64_t> {1, 1, 2, 4, 8});
    s.zeroStage = int(pick(std::vector<int> {0, 1, 2, 3}));
    s.microBatch = pick(std::vector<std::int64_t> {1, 2, 4});
    s.gradAccum = pick(std::vector<std::int64_t> {1, 2, 4, 8, 16, 64});
    s.seq = pick(std::vector<std::int64_t> {1024, 2048, 4096});
    s.checkpointing = pick(std::vector<Checkpointing> {Checkpointing::None, Checkpointing::Selective, Checkpointing::Full});
    s.sequenceParallel = s.tp > 1 && pick(std::vector<bool> {false, true});
    s.offloadOptimizer = s.zeroStage >= 1 ? pick(std::vector<OffloadDevice> {OffloadDevice::None, OffloadDevice::None,
                                                                            OffloadDevice::Cpu, OffloadDevice::Nvme})
                                          : OffloadDevice::None;
    s.offloadParams = s.zeroStage == 3 ? pick(std::vector<OffloadDevice> {OffloadDevice::None, OffloadDevice::None,
                                                                         OffloadDevice::Cpu, OffloadDevice::Nvme})
                                       : OffloadDevice::None;
    const std::int64_t vpp = pick(std::vector<std::int64_t> {1, 1, 2, 4});
    if (vpp > 1 && s.pp > 1) {
        s.schedule = PipelineSchedule::Interleaved;
        s.vpp = vpp;
    } else {
        s.schedule = pick(std::vector<PipelineSchedule> {PipelineSchedule::OneFOneB, PipelineSchedule::GPipe});
    }
    s.framework = pick(std::vector<Framework> {Framework::DeepSpeed, Framework::Megatron, Framework::Fsdp2});
    // Issue 9's mechanisms: DeepSpeed 2021's per-weight ZeRO-3 walk (its prefetch bucket and persistence threshold),
    // fms-fsdp's every-n-th-block checkpointing, the GEMM curve's tile overhead, eager (uncompiled) Llama passes.
    s.zero3PerTensorCollectives = s.zeroStage == 3 && pick(std::vector<bool> {false, true});
    if (s.zero3PerTensorCollectives) {
        s.zero3PrefetchBucketElements = pick(std::vector<std::int64_t> {50000000, 500000000, 1000000});
        s.zero3PersistenceThreshold = pick(std::vector<std::int64_t> {100000, 10000000, 0});
    }
    s.checkpointInterval = pick(std::vector<std::int64_t> {1, 1, 2, 3, 5});
    s.gemmKOverhead = pick(std::vector<double> {64, 64, 0, 32, 256});
    s.compiled = pick(std::vector<bool> {false, true});
    if (s.arch.layers % s.pp != 0 || (s.schedule == PipelineSchedule::Interleaved && s.arch.layers % (s.pp * s.vpp) != 0))
        return std::nullopt;
    try {
        validateScenario(s);
    } catch (const InvalidInput&) {
        return std::nullopt;
    }
    return s;
}

} // namespace

class TestLayoutPlanner : public QObject
{
    Q_OBJECT
private slots:
    void keysRoundTrip()
    {
        for (int i = 0; i < kPlanKnobCount; ++i) {
            const auto k = static_cast<PlanKnob>(i);
            QCOMPARE(planKnobFromKey(planKnobKey(k)), std::optional<PlanKnob>(k));
        }
        // The spellings are the command line's contract (issue 11).
        QCOMPARE(QString::fromLatin1(planKnobKey(PlanKnob::MicroBatch)), QStringLiteral("micro-batch"));
        QCOMPARE(QString::fromLatin1(planKnobKey(PlanKnob::SequenceParallel)), QStringLiteral("sequence-parallel"));
        QVERIFY(!planKnobFromKey("zero"));
        for (PlanRank r : {PlanRank::StepTime, PlanRank::Mfu, PlanRank::Tokens})
            QCOMPARE(planRankFromKey(planRankKey(r)), std::optional<PlanRank>(r));
        QCOMPARE(QString::fromLatin1(planRankKey(PlanRank::StepTime)), QStringLiteral("step-time"));
        QVERIFY(!planRankFromKey("speed"));
    }

    void badRequests()
    {
        PlanRequest r = llama70bOn8();
        r.topK = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, planLayouts(r));
        r = llama70bOn8();
        r.search.fill(false);
        QVERIFY_THROWS_EXCEPTION(InvalidInput, planLayouts(r));
        r = llama70bOn8();
        r.globalBatch = -1;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, planLayouts(r));
        r = llama70bOn8();
        r.base.gpus = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, planLayouts(r));
    }

    /// Every enumerated layout follows the rules, and the layouts are distinct.
    void enumerationRules()
    {
        PlanRequest r = llama70bOn8();
        r.base.gpus = 16; // two nodes: TP must stay within a node of 8
        r.globalBatch = 16;
        r.base.capacityBytes = std::int64_t(1) << 50; // everything fits: every layout is reported
        const PlanResult res = planLayouts(r);
        QVERIFY(res.evaluated > 0);
        QCOMPARE(res.fitting, res.evaluated);
        QCOMPARE(std::int64_t(res.layouts.size()), res.evaluated);
        std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t, int, std::int64_t, int, bool, int, int>> seen;
        std::set<std::int64_t> tps, pps, vpps, mbs;
        std::set<int> stages, ckpts, offs;
        const Architecture& a = r.base.arch; // 64 heads, 8 KV heads, 80 layers
        for (const PlanLayout& l : res.layouts) {
            QVERIFY(l.tp <= 8 && 8 % l.tp == 0);
            QCOMPARE(a.heads % l.tp, 0);
            QCOMPARE(a.kvHeads % l.tp, 0);
            QCOMPARE(a.layers % l.pp, 0);
            QCOMPARE(l.tp * l.pp * l.dp, r.base.gpus);
            QCOMPARE(l.dp * l.microBatch * l.gradAccum, r.globalBatch);
            QVERIFY(!l.sequenceParallel || l.tp > 1);
            if (l.vpp > 1) {
                QVERIFY(l.pp > 1);
                QCOMPARE(a.layers % (l.pp * l.vpp), 0);
                QCOMPARE(l.gradAccum % l.pp, 0);
            }
            QVERIFY(l.offloadOptimizer == OffloadDevice::None || l.stage >= 1);
            QVERIFY(l.offloadParams == OffloadDevice::None || l.stage == 3);
            QVERIFY(l.checkpointing != Checkpointing::PerOp);
            seen.insert({l.tp, l.pp, l.vpp, l.stage, l.microBatch, int(l.checkpointing), l.sequenceParallel,
                         int(l.offloadOptimizer), int(l.offloadParams)});
            tps.insert(l.tp);
            pps.insert(l.pp);
            vpps.insert(l.vpp);
            mbs.insert(l.microBatch);
            stages.insert(l.stage);
            ckpts.insert(int(l.checkpointing));
            offs.insert(int(l.offloadOptimizer) * 3 + int(l.offloadParams));
            // The layout is a valid scenario.
            validateScenario(applyLayout(r.base, l));
        }
        QCOMPARE(std::int64_t(seen.size()), res.evaluated);
        QCOMPARE(tps, (std::set<std::int64_t> {1, 2, 4, 8}));
        QCOMPARE(pps, (std::set<std::int64_t> {1, 2, 4, 8, 16})); // divisors of 80 that divide 16 / tp
        QVERIFY(vpps.count(2) == 1 && vpps.count(5) == 1); // 80 = 2 x 2 x 20 = 2 x 5 x 8 chunks
        QCOMPARE(mbs, (std::set<std::int64_t> {1, 2, 4, 8, 16}));
        QCOMPARE(stages, (std::set<int> {0, 1, 2, 3}));
        QCOMPARE(ckpts.size(), std::size_t(3));
        QCOMPARE(offs.size(), std::size_t(9));
    }

    /// Knobs not searched keep the base scenario's values.
    void unsearchedKnobsKeepTheBase()
    {
        PlanRequest r = llama70bOn8();
        r.base.capacityBytes = std::int64_t(1) << 50;
        r.search.fill(false);
        r.search[knob(PlanKnob::Tp)] = true;
        r.base.checkpointing = Checkpointing::Selective;
        r.base.microBatch = 2;
        r.base.zeroStage = 1;
        r.base.offloadOptimizer = OffloadDevice::Cpu;
        const PlanResult res = planLayouts(r);
        // tp 2, 4, 8 with pp 1; tp 1 has dp 8 and one sequence per replica: micro-batch 2 cannot reach it.
        QCOMPARE(res.evaluated, std::int64_t(3));
        for (const PlanLayout& l : res.layouts) {
            QCOMPARE(l.pp, std::int64_t(1));
            QCOMPARE(l.stage, 1);
            QCOMPARE(l.microBatch, std::int64_t(2));
            QCOMPARE(l.gradAccum, std::int64_t(8) / (l.dp * 2));
            QCOMPARE(l.checkpointing, Checkpointing::Selective);
            QCOMPARE(l.offloadOptimizer, OffloadDevice::Cpu);
            QCOMPARE(l.offloadParams, OffloadDevice::None);
            QVERIFY(!l.sequenceParallel);
        }
    }

    /// The case. Hand-derived: Llama-2-70B's model states under `mixed` are 68.98e9 params x 16 B
    /// = 1.1 TB, and 8 x 80 GiB = 687.2 GB (the "640 GB" in round GiB): no layout can fit without moving states off the GPUs. With the
    /// optimizer (12 B/param: fp32 master + Adam m, v) offloaded to the host, 4 B/param = 276 GB remain on the
    /// GPUs (34.5 GB each with ZeRO-3 over 8): some layouts fit.
    void llama70bOn8GpusNeedsOffload()
    {
        PlanRequest r = llama70bOn8();
        r.search[knob(PlanKnob::Offload)] = false;
        r.base.offloadOptimizer = OffloadDevice::None;
        r.base.offloadParams = OffloadDevice::None;
        const PlanResult none = planLayouts(r);
        // Every layout's footprint is computed and none fits: all are pruned after it, none gets a step time.
        QVERIFY(none.prunedNotFitting > 100);
        QCOMPARE(none.evaluated, std::int64_t(0));
        QCOMPARE(none.fitting, std::int64_t(0));
        QVERIFY(none.layouts.empty());
        QVERIFY(none.pareto.empty());
        QVERIFY2(QString::fromStdString(none.noFitReason).contains(QStringLiteral("model states need 1.1 TB")),
                 none.noFitReason.c_str());
        QVERIFY2(QString::fromStdString(none.noFitReason).contains(QStringLiteral("the 8 GPUs hold 687.2 GB")), none.noFitReason.c_str());

        r.base.offloadOptimizer = OffloadDevice::Cpu;
        const PlanResult off = planLayouts(r);
        QVERIFY(off.fitting > 0);
        QVERIFY(!off.layouts.empty());
        QVERIFY(off.noFitReason.empty());
        for (const PlanLayout& l : off.layouts) {
            QCOMPARE(l.offloadOptimizer, OffloadDevice::Cpu);
            QVERIFY(l.stage >= 1);
        }
        checkReportedLayouts(r, off);
    }

    void cellsAndPareto()
    {
        PlanRequest r = llama70bOn8();
        r.search[knob(PlanKnob::Offload)] = false;
        r.base.offloadOptimizer = OffloadDevice::Cpu;
        const PlanResult res = planLayouts(r);
        std::int64_t sum = 0;
        for (std::size_t i = 0; i < res.tpPpMap.size(); ++i) {
            const PlanCell& c = res.tpPpMap[i];
            sum += c.layouts;
            if (i > 0)
                QVERIFY(std::tie(res.tpPpMap[i - 1].tp, res.tpPpMap[i - 1].pp) < std::tie(c.tp, c.pp));
            bool anyFits = false;
            double best = 0;
            for (const PlanLayout& l : res.layouts)
                if (l.tp == c.tp && l.pp == c.pp && (!anyFits || l.stepTimeS < best)) {
                    best = l.stepTimeS;
                    anyFits = true;
                }
            QCOMPARE(c.fits, anyFits);
            if (anyFits)
                QCOMPARE(c.bestStepTimeS, best);
        }
        QCOMPARE(sum, res.evaluated);
        QVERIFY(!res.pareto.empty());
        for (std::size_t i = 1; i < res.pareto.size(); ++i) {
            QVERIFY(res.pareto[i - 1].peakBytes < res.pareto[i].peakBytes);
            QVERIFY(res.pareto[i - 1].stepTimeS > res.pareto[i].stepTimeS);
        }
        // No fitting layout beats a Pareto layout on both.
        for (const PlanLayout& p : res.pareto)
            for (const PlanLayout& l : res.layouts)
                QVERIFY(!(l.peakBytes <= p.peakBytes && l.stepTimeS < p.stepTimeS)
                        && !(l.peakBytes < p.peakBytes && l.stepTimeS <= p.stepTimeS));
        // The fastest layout is on the front, the smallest peak too.
        QCOMPARE(res.pareto.back().stepTimeS, res.layouts.front().stepTimeS);
    }

    /// The pruning after the footprint (a layout that does not fit gets no step time) drops nothing the search
    /// reports: with every layout timed the ranked table, the Pareto front and the maps are the same, and the
    /// counts move from pruned to evaluated. Llama-2-70B on 8 x A100 80GB with every knob searched: only some
    /// offloaded layouts fit (the model states are 1.1 TB, the GPUs hold 687 GB).
    void pruningAfterTheFootprintDropsNothing()
    {
        PlanRequest r = llama70bOn8();
        r.topK = 100000; // every fitting layout in the ranked table
        const PlanResult pruned = planLayouts(r);
        r.timeLayoutsThatDoNotFit = true;
        const PlanResult all = planLayouts(r);
        QVERIFY(pruned.prunedNotFitting > 100);
        QVERIFY(pruned.fitting > 10);
        QCOMPARE(all.prunedNotFitting, std::int64_t(0));
        QCOMPARE(all.evaluated, pruned.evaluated + pruned.prunedNotFitting);
        QCOMPARE(all.pruned, pruned.pruned - pruned.prunedNotFitting);
        QCOMPARE(pruned.evaluated, pruned.fitting);
        QCOMPARE(all.fitting, pruned.fitting);
        auto same = [](const std::vector<PlanLayout>& a, const std::vector<PlanLayout>& b) {
            if (a.size() != b.size())
                return false;
            for (std::size_t i = 0; i < a.size(); ++i)
                if (std::tie(a[i].tp, a[i].pp, a[i].vpp, a[i].stage, a[i].microBatch, a[i].checkpointing,
                             a[i].sequenceParallel, a[i].offloadOptimizer, a[i].offloadParams, a[i].peakBytes, a[i].stepTimeS)
                    != std::tie(b[i].tp, b[i].pp, b[i].vpp, b[i].stage, b[i].microBatch, b[i].checkpointing,
                                b[i].sequenceParallel, b[i].offloadOptimizer, b[i].offloadParams, b[i].peakBytes, b[i].stepTimeS))
                    return false;
            return true;
        };
        QCOMPARE(std::int64_t(pruned.layouts.size()), pruned.fitting);
        QVERIFY(same(pruned.layouts, all.layouts));
        QVERIFY(same(pruned.pareto, all.pareto));
        QCOMPARE(pruned.tpPpMap.size(), all.tpPpMap.size());
        for (std::size_t i = 0; i < all.tpPpMap.size(); ++i) {
            const PlanCell& a = all.tpPpMap[i];
            const PlanCell& p = pruned.tpPpMap[i];
            QCOMPARE(p.tp, a.tp);
            QCOMPARE(p.pp, a.pp);
            QCOMPARE(p.fits, a.fits);
            QCOMPARE(p.bestStepTimeS, a.bestStepTimeS);
            QCOMPARE(p.minPeakBytes, a.minPeakBytes);
            QCOMPARE(p.layouts + p.pruned, a.layouts + a.pruned);
        }
    }

    void rankByMfuAndTokens()
    {
        PlanRequest r = llama70bOn8();
        r.search[knob(PlanKnob::Offload)] = false;
        r.base.offloadOptimizer = OffloadDevice::Cpu;
        r.topK = 5;
        for (PlanRank by : {PlanRank::Mfu, PlanRank::Tokens}) {
            r.rankBy = by;
            const PlanResult res = planLayouts(r);
            QCOMPARE(res.layouts.size(), std::size_t(5));
            for (std::size_t i = 1; i < res.layouts.size(); ++i) {
                if (by == PlanRank::Mfu)
                    QVERIFY(res.layouts[i - 1].mfu >= res.layouts[i].mfu);
                else
                    QVERIFY(res.layouts[i - 1].tokensPerSecondPerGpu >= res.layouts[i].tokensPerSecondPerGpu);
            }
        }
    }

    void cancelStopsTheSearch()
    {
        PlanRequest r = llama70bOn8();
        std::atomic<bool> stop {true};
        r.cancel = &stop;
        const PlanResult res = planLayouts(r);
        QVERIFY(res.cancelled);
        QVERIFY(res.layouts.empty());
    }

    void stageMap()
    {
        PlanRequest r = llama70bOn8();
        r.search.fill(false);
        r.search[knob(PlanKnob::Tp)] = true;
        r.search[knob(PlanKnob::Offload)] = true;
        const std::vector<PlanStageCell> m = planStageMap(r, {8, 64});
        QCOMPARE(m.size(), std::size_t(8));
        // ZeRO-0 on 8 GPUs cannot offload: 1.1 TB of states stay on the GPUs (see above): never fits.
        QCOMPARE(m[0].gpus, std::int64_t(8));
        QCOMPARE(m[0].stage, 0);
        QVERIFY(!m[0].fits);
        // ZeRO-3 on 64 GPUs: 1.1 TB / 64 = 17 GB of states per GPU, with full checkpointing: fits.
        QCOMPARE(m[7].gpus, std::int64_t(64));
        QCOMPARE(m[7].stage, 3);
        QVERIFY(m[7].fits);
        QVERIFY(m[7].bestStepTimeS > 0);
    }

    /// The closed-form evaluator against the reference models on 10,000 random layouts (models from GPT-2 to
    /// GPT-3 175B, 1 to 1,024 GPUs, every knob): the peak equals computeFootprint()'s exactly, fit too, and the
    /// step time agrees with computeStep()'s (99% within 5%; see the bounds). The error distribution is printed.
    void closedFormAgreesWithTheSimulator()
    {
        std::mt19937_64 rng(20261201);
        std::vector<double> errors;
        double worst = 0;
        std::string worstCase;
        std::vector<double> perTensor, everyNth, kOverhead, capped, eagerLlama;
        while (errors.size() < scaled(10000)) {
            const std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            const LayoutEstimate e = evaluateLayout(*s);
            const StepResult ref = computeStep(*s);
            QCOMPARE(e.peakBytes, ref.footprint.measuredBytes);
            QCOMPARE(e.fits, ref.footprint.fits && ref.footprint.hostFits && ref.footprint.nvmeFits);
            const double err = std::abs(e.stepTimeS - ref.totals.stepTime) / ref.totals.stepTime;
            if (err > worst) {
                worst = err;
                worstCase = s->arch.id + " " + s->gpu + " N=" + std::to_string(s->gpus) + " tp=" + std::to_string(s->tp)
                    + " pp=" + std::to_string(s->pp) + " vpp=" + std::to_string(s->vpp) + " sched="
                    + scheduleKey(s->schedule) + " z=" + std::to_string(s->zeroStage) + " mb="
                    + std::to_string(s->microBatch) + " ga=" + std::to_string(s->gradAccum) + " ckpt="
                    + checkpointingKey(s->checkpointing) + " n=" + std::to_string(s->checkpointInterval) + " pertensor="
                    + std::to_string(s->zero3PerTensorCollectives) + " kOverhead=" + std::to_string(s->gemmKOverhead) + " sp=" + std::to_string(s->sequenceParallel) + " off="
                    + offloadKey(s->offloadOptimizer) + "/" + offloadKey(s->offloadParams) + " ref="
                    + std::to_string(ref.totals.stepTime) + " planner=" + std::to_string(e.stepTimeS);
            }
            errors.push_back(err);
            // The layouts that take issue 9's mechanisms, each family's own worst error.
            if (s->zeroStage == 3 && s->dp() * s->cp > 1 && s->zero3PerTensorCollectives)
                perTensor.push_back(err);
            if (s->checkpointing == Checkpointing::Full && s->checkpointInterval > 1)
                everyNth.push_back(err);
            if (s->gemmKOverhead != 64)
                kOverhead.push_back(err);
            if (s->gpu == "h100-96gb")
                capped.push_back(err);
            if (!s->compiled && s->arch.norm == NormKind::RMSNorm)
                eagerLlama.push_back(err);
            if (err > 0.05 && qEnvironmentVariableIsSet("SHARDSCOPE_PLAN_DEBUG"))
                qInfo("%.3f %s z=%d N=%lld tp=%lld pp=%lld vpp=%lld %s mb=%lld ga=%lld off=%s/%s ref=%g planner=%g", err,
                      s->arch.id.c_str(), s->zeroStage, (long long)s->gpus, (long long)s->tp, (long long)s->pp,
                      (long long)s->vpp, scheduleKey(s->schedule), (long long)s->microBatch, (long long)s->gradAccum,
                      offloadKey(s->offloadOptimizer), offloadKey(s->offloadParams), ref.totals.stepTime, e.stepTimeS);
        }
        qInfo("%zu of %zu layouts beyond 5%%", std::size_t(std::count_if(errors.begin(), errors.end(), [](double x) { return x > 0.05; })),
              errors.size());
        std::sort(errors.begin(), errors.end());
        const double median = errors[errors.size() / 2];
        const double p99 = errors[errors.size() * 99 / 100];
        qInfo("closed form vs computeStep() on %zu layouts: median %.4f%%, p99 %.4f%%, max %.4f%% = %.2e (%s)",
              errors.size(), 100 * median, 100 * p99, 100 * worst, worst, worstCase.c_str());
        // Each of issue 9's mechanisms is drawn often enough to be covered (at least 5% of the layouts each).
        const std::pair<const char*, std::vector<double>*> families[] = {{"per-weight ZeRO-3", &perTensor},
                                                                         {"every n-th block checkpointed", &everyNth},
                                                                         {"gemmKOverhead != 64", &kOverhead},
                                                                         {"power-capped h100-96gb", &capped},
                                                                         {"eager RMSNorm / rotary", &eagerLlama}};
        for (const auto& [name, v] : families) {
            QVERIFY2(v->size() >= errors.size() / 20, name);
            std::sort(v->begin(), v->end());
            qInfo("  %s: %zu layouts, median %.4f%%, p99 %.4f%%, max %.4f%%", name, v->size(), 100 * (*v)[v->size() / 2],
                  100 * (*v)[v->size() * 99 / 100], 100 * v->back());
            QVERIFY2(v->back() <= 0.05, name);
        }
        // Measured (seed above, with issue 9's mechanisms drawn): median 0.0000%, p99 0.0000%, max 2.67% (an
        // interleaved Llama-2-7B, every 5th block checkpointed, 64 micro-batches, extended past the closed form's 512
        // placed blocks at the measured pace); per-weight ZeRO-3 (1,071 layouts) max 0.35%, every n-th block (1,960)
        // 2.67%, the other families 2.08%; 0 everywhere (1e-14) with every block placed. Before they were drawn:
        // max 0.76% (an interleaved GPT-3 with 64 micro-batches); none beyond 5%. Before the
        // closed form placed the schedule from its block table (an m x max S + fill/drain formula): median 0.0000%,
        // p99 2.04%, max 17.4%, 31 of 10,000 beyond 5%: interleaved schedules whose chunks differ (an LM head or
        // embedding chunk of Llama-3's 128k vocabulary), a drain ended by a block's communication tail, one stage's
        // line overtaking another's after many micro-batches. The issue's bound: every layout within 5%.
        QVERIFY2(p99 <= 0.05, worstCase.c_str());
        QVERIFY2(worst <= 0.05, worstCase.c_str());
    }

    /// The optimised evaluator behind evaluateLayout() (a fresh StepEvaluator per layout: the closed forms for runs
    /// of equal layers and of equal schedule rounds) equals the straightforward closed form it replaced
    /// (evaluateLayoutReference(), layoutplanner_ref.cpp) on 10,000 random layouts of the generator above (issue 9's
    /// mechanisms included): the same peak and fit, the step time within 1e-9 (floating rounding). tst_planspeed
    /// checks the same along full searches, where the evaluator keeps work between layouts.
    void optimisedEvaluatorEqualsTheReference()
    {
        std::mt19937_64 rng(1111);
        std::size_t n = 0;
        double worst = 0;
        while (n < scaled(10000)) {
            const std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            ++n;
            const LayoutEstimate e = evaluateLayout(*s);
            const PlanLayout ref = evaluateLayoutReference(*s);
            QCOMPARE(e.peakBytes, ref.peakBytes);
            QCOMPARE(e.fits, ref.fits);
            const double err = std::abs(e.stepTimeS - ref.stepTimeS) / ref.stepTimeS;
            worst = std::max(worst, err);
            QVERIFY2(err <= 1e-9, qPrintable(QStringLiteral("%1 N=%2 tp %3 pp %4 vpp %5 z %6 mb %7 ga %8: %9 vs reference %10")
                                                 .arg(QString::fromStdString(s->arch.id))
                                                 .arg(s->gpus)
                                                 .arg(s->tp)
                                                 .arg(s->pp)
                                                 .arg(s->vpp)
                                                 .arg(s->zeroStage)
                                                 .arg(s->microBatch)
                                                 .arg(s->gradAccum)
                                                 .arg(e.stepTimeS, 0, 'g', 17)
                                                 .arg(ref.stepTimeS, 0, 'g', 17)));
        }
        qInfo("optimised vs reference evaluator on %zu random layouts: largest step-time difference %.3e", n, worst);
    }

    /// The monotonicity the planner prunes by: with everything else equal, the peak under no checkpointing is at
    /// least that under selective; the offloaded bytes per node do not change. (Full is not always below
    /// selective: Llama-2-70B on 64 GPUs, TP 4, ZeRO-0 peaks 0.1-0.5 GB higher with full, so it is not pruned by.)
    /// Checked on 3,000 random layouts (the generator above).
    /// The other monotonicity the planner prunes by: with everything else equal (the global batch too) and the same
    /// micro-batches in flight on every stage, a larger micro-batch never lowers the peak, and the offloaded bytes per
    /// node do not change. The in-flight counts (footprint.cpp's inflight()): one stage 1; 1F1B min(p - i, m); GPipe m;
    /// interleaved min(m v, (p - 1) 2 + (v - 1) p + 1) chunks on stage 0 (fewer on the others, by the same rule); a
    /// single accumulation step (m = 1) kept apart. Random layouts of the generator above, every capacity measure.
    void microBatchMonotonicity()
    {
        std::mt19937_64 rng(17);
        auto held = [](const Scenario& s) -> std::int64_t {
            const std::int64_t m = s.gradAccum, p = s.pp;
            std::int64_t h = 0;
            if (p == 1)
                h = 1;
            else if (s.schedule == PipelineSchedule::Interleaved)
                h = std::min(m * s.vpp, (p - 1) * 2 + (s.vpp - 1) * p + 1);
            else if (s.schedule == PipelineSchedule::GPipe)
                h = m;
            else
                h = std::min(m, p);
            return h * 2 + (m == 1 ? 1 : 0);
        };
        int checked = 0, grew = 0;
        while (std::size_t(checked) < scaled(3000)) {
            std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            s->capacityMeasure = std::array<CapacityMeasure, 3> {CapacityMeasure::Allocated, CapacityMeasure::Reserved,
                                                                 CapacityMeasure::DeviceUsed}[std::size_t(checked % 3)];
            Scenario big = *s;
            const std::int64_t k = std::array<std::int64_t, 3> {2, 4, 8}[std::size_t(checked / 3 % 3)];
            if (s->gradAccum % k != 0)
                continue;
            big.microBatch *= k;
            big.gradAccum /= k;
            if (held(big) != held(*s))
                continue;
            try {
                validateScenario(big);
            } catch (const InvalidInput&) {
                continue;
            }
            const Footprint f = computeFootprint(*s);
            const Footprint g = computeFootprint(big);
            QVERIFY2(g.measuredBytes >= f.measuredBytes,
                     qPrintable(QStringLiteral("%1 %2 tp %3 pp %4 vpp %5 z %6 mb %7 x %8 ga %9: %10 < %11 B")
                                    .arg(QString::fromStdString(s->arch.id))
                                    .arg(s->gpus)
                                    .arg(s->tp)
                                    .arg(s->pp)
                                    .arg(s->vpp)
                                    .arg(s->zeroStage)
                                    .arg(s->microBatch)
                                    .arg(k)
                                    .arg(s->gradAccum)
                                    .arg(g.measuredBytes)
                                    .arg(f.measuredBytes)));
            QCOMPARE(g.hostBytesPerNode, f.hostBytesPerNode);
            QCOMPARE(g.nvmeBytesPerNode, f.nvmeBytesPerNode);
            QVERIFY(!(g.fits && g.hostFits && g.nvmeFits) || (f.fits && f.hostFits && f.nvmeFits));
            grew += g.measuredBytes > f.measuredBytes ? 1 : 0;
            ++checked;
        }
        QVERIFY(grew > checked / 2); // the property is not vacuous: most larger micro-batches peak higher
    }

    /// Pruning never drops a layout the search reports: full searches with and without the exact pruning (exactPruning:
    /// the memory monotonicities and floor before the footprint, the step-time bounds) report the same layouts, Pareto
    /// front and maps; the fitting layouts not timed were all ruled out by a bound of their step time. 1F1B and GPipe
    /// bases (interleaved layouts wherever vpp > 1), several models and clusters, every knob searched.
    void exactPruningDropsNothing_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("gpus");
        QTest::addColumn<qint64>("globalBatch");
        QTest::addColumn<double>("capacityGb");
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("topK");
        // A large top K keeps every fitting layout reportable (no pruning by step time); 20 (the default) and 1 (the
        // N x stage map's) let the bound prune (PlanResult::prunedSlower).
        for (int k : {100000, 20, 1}) {
            const QByteArray top = QByteArray(" top ") + QByteArray::number(k);
            QTest::newRow(QByteArray("llama-2-70b 64 x 80 GB 1f1b" + top).constData()) << QStringLiteral("llama-2-70b") << qint64(64) << qint64(256) << 80.0 << int(PipelineSchedule::OneFOneB) << k;
            QTest::newRow(QByteArray("llama-2-13b 16 x 24 GB gpipe" + top).constData()) << QStringLiteral("llama-2-13b") << qint64(16) << qint64(128) << 24.0 << int(PipelineSchedule::GPipe) << k;
            QTest::newRow(QByteArray("llama-3-8b 32 x 40 GB 1f1b" + top).constData()) << QStringLiteral("llama-3-8b") << qint64(32) << qint64(512) << 40.0 << int(PipelineSchedule::OneFOneB) << k;
            QTest::newRow(QByteArray("gpt2 8 x 4 GB 1f1b" + top).constData()) << QStringLiteral("gpt2") << qint64(8) << qint64(256) << 4.0 << int(PipelineSchedule::OneFOneB) << k;
        }
    }
    void exactPruningDropsNothing()
    {
        QFETCH(QString, model);
        QFETCH(qint64, gpus);
        QFETCH(qint64, globalBatch);
        QFETCH(double, capacityGb);
        QFETCH(int, schedule);
        QFETCH(int, topK);
        if (scaled(100) < 100 && gpus > 16)
            QSKIP("under SHARDSCOPE_TEST_SCALE (the sanitizers) the two smaller searches only");
        PlanRequest r = smallClusterRequest(model, gpus, globalBatch, capacityGb);
        r.base.schedule = PipelineSchedule(schedule); // the interleaved schedule wherever the searched vpp is above 1
        r.topK = topK;
        auto layoutKey = [](const PlanLayout& l) {
            return std::make_tuple(l.tp, l.pp, l.vpp, l.stage, l.microBatch, int(l.checkpointing), l.sequenceParallel,
                                   int(l.offloadOptimizer), int(l.offloadParams), l.peakBytes);
        };
        const PlanResult pruned = planLayouts(r);
        r.exactPruning = false;
        const PlanResult all = planLayouts(r);
        QVERIFY(pruned.fitting > 0);
        QVERIFY(pruned.pruned - pruned.prunedSlower > pruned.prunedNotFitting); // some were skipped before their footprint
        QCOMPARE(all.pruned, all.prunedNotFitting);
        QCOMPARE(all.prunedSlower, std::int64_t(0));
        // The layouts that fit are timed, or ruled out by a bound of their step time (which also rules out some that do
        // not fit, before their footprint).
        QCOMPARE(pruned.evaluated, pruned.fitting);
        QVERIFY(pruned.fitting <= all.fitting);
        QVERIFY(all.fitting - pruned.fitting <= pruned.prunedSlower);
        if (topK >= all.fitting)
            QCOMPARE(pruned.prunedSlower, std::int64_t(0)); // every fitting layout is in the top K
        else
            QVERIFY(pruned.prunedSlower > all.fitting / 2); // not vacuous: most are ruled out by their bound
        QCOMPARE(pruned.evaluated + pruned.pruned, all.evaluated + all.pruned);
        QCOMPARE(pruned.layouts.size(), all.layouts.size());
        for (std::size_t i = 0; i < all.layouts.size(); ++i) {
            QVERIFY(layoutKey(pruned.layouts[i]) == layoutKey(all.layouts[i]));
            QCOMPARE(pruned.layouts[i].stepTimeS, all.layouts[i].stepTimeS);
        }
        QCOMPARE(pruned.pareto.size(), all.pareto.size());
        for (std::size_t i = 0; i < all.pareto.size(); ++i)
            QVERIFY(layoutKey(pruned.pareto[i]) == layoutKey(all.pareto[i]));
        QCOMPARE(pruned.tpPpMap.size(), all.tpPpMap.size());
        for (std::size_t i = 0; i < all.tpPpMap.size(); ++i) {
            QCOMPARE(pruned.tpPpMap[i].fits, all.tpPpMap[i].fits);
            QCOMPARE(pruned.tpPpMap[i].bestStepTimeS, all.tpPpMap[i].bestStepTimeS);
            QCOMPARE(pruned.tpPpMap[i].minPeakBytes, all.tpPpMap[i].minPeakBytes);
        }
        qInfo("%lld layouts: %lld pruned before their footprint, %lld after it, %lld fit: %lld timed, %lld slower",
              (long long)(all.evaluated + all.pruned),
              (long long)(pruned.pruned - pruned.prunedNotFitting - pruned.prunedSlower),
              (long long)pruned.prunedNotFitting, (long long)all.fitting, (long long)pruned.fitting,
              (long long)pruned.prunedSlower);
    }

    /// The bound the planner prunes by step time with (PlanResult::prunedSlower) never exceeds the step time of the
    /// same layout (evaluateLayout(), the closed form the planner reports), on random layouts of every schedule, ZeRO
    /// stage, offload and framework; and it is close enough to prune (the distribution is printed). Hand check of the
    /// bound's form: one stage (p = 1) runs its blocks back to back, so there the bound is the step time itself.
    void stepTimeLowerBound()
    {
        std::mt19937_64 rng(11);
        std::vector<double> ratios, computeRatios;
        std::size_t exactSingleStage = 0, singleStage = 0, none = 0;
        while (ratios.size() < scaled(3000)) {
            std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            const double bound = shardscope::stepTimeLowerBound(*s);
            const double computeBound = shardscope::stepTimeComputeBound(*s);
            const double step = evaluateLayout(*s).stepTimeS;
            // The compute streams' bound is at most the blocks' (each block lasts at least its compute stream).
            QVERIFY2(computeBound <= bound * (1 + 1e-12) || (bound == 0 && computeBound <= step * (1 + 1e-12)),
                     qPrintable(QStringLiteral("%1: compute bound %2 s above the block bound %3 s")
                                    .arg(QString::fromStdString(s->arch.name))
                                    .arg(computeBound, 0, 'g', 17)
                                    .arg(bound, 0, 'g', 17)));
            if (computeBound > 0)
                computeRatios.push_back(computeBound / step);
            QVERIFY2(bound <= step * (1 + 1e-12),
                     qPrintable(QStringLiteral("%1: bound %2 s above the step time %3 s")
                                    .arg(QString::fromStdString(s->arch.name))
                                    .arg(bound, 0, 'g', 17)
                                    .arg(step, 0, 'g', 17)));
            if (bound == 0) {
                ++none; // every n-th layer checkpointed: no bound
                QCOMPARE(s->checkpointing == Checkpointing::Full && s->checkpointInterval > 1, true);
                continue;
            }
            if (s->pp == 1) {
                ++singleStage;
                exactSingleStage += std::abs(bound - step) <= 1e-12 * step ? 1 : 0;
            }
            ratios.push_back(bound / step);
        }
        QVERIFY(singleStage > 100);
        QCOMPARE(exactSingleStage, singleStage);
        std::sort(ratios.begin(), ratios.end());
        const auto at = [&](double q) { return ratios[std::size_t(q * double(ratios.size() - 1))]; };
        qInfo("bound / step time over %zu layouts (%zu without a bound): min %.3f, 5%% %.3f, median %.4f, max %.4f",
              ratios.size(), none, at(0), at(0.05), at(0.5), at(1));
        QVERIFY(at(0.5) > 0.9); // tight enough to prune: half the layouts within 10%
        std::sort(computeRatios.begin(), computeRatios.end());
        const double computeMedian = computeRatios[computeRatios.size() / 2];
        qInfo("compute bound / step time over %zu layouts: min %.3f, median %.4f", computeRatios.size(),
              computeRatios.front(), computeMedian);
        QVERIFY(computeMedian > 0.5); // it rules out the layouts whose compute alone is slower
    }

    /// The planner's lower bound of a shape's peak (FootprintFamily::peakFloor(): the activations, logits and fp8
    /// transients alive at the end of the forward) is at most the measured peak of every member (ZeRO stage and
    /// offloads) under every capacity measure, so a layout above the capacity by it alone does not fit; and it is
    /// most of the peak where the activations dominate (the pruning is not vacuous).
    void peakFloorBelowEveryMember()
    {
        std::mt19937_64 rng(23);
        std::size_t shapes = 0, members = 0, dominant = 0;
        while (shapes < scaled(1500)) {
            std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            s->capacityMeasure = CapacityMeasure(std::uniform_int_distribution<int>(0, 2)(rng));
            s->pagedOptimizer = std::uniform_int_distribution<int>(0, 3)(rng) == 0;
            FootprintFamily family(*s);
            std::int64_t floor = 0;
            try {
                floor = family.peakFloor();
                (void)family.footprint(0, OffloadDevice::None, OffloadDevice::None);
            } catch (const InvalidInput&) {
                continue; // a term beyond the model's range: refused either way
            }
            ++shapes;
            for (int z = 0; z <= 3; ++z)
                for (OffloadDevice o : {OffloadDevice::None, OffloadDevice::Cpu})
                    for (OffloadDevice q : {OffloadDevice::None, OffloadDevice::Cpu}) {
                        if ((o != OffloadDevice::None && z < 1) || (q != OffloadDevice::None && z != 3))
                            continue;
                        Scenario m = *s;
                        m.zeroStage = z;
                        m.offloadOptimizer = o;
                        m.offloadParams = q;
                        const std::int64_t measured = computeFootprint(m).measuredBytes;
                        QCOMPARE(family.footprint(z, o, q).measuredBytes, measured);
                        QVERIFY2(floor <= measured,
                                 qPrintable(QStringLiteral("%1 z%2: floor %3 above the measured peak %4")
                                                .arg(QString::fromStdString(s->arch.name))
                                                .arg(z)
                                                .arg(floor)
                                                .arg(measured)));
                        ++members;
                        dominant += floor > measured / 2 ? 1 : 0;
                    }
        }
        qInfo("%zu shapes, %zu members: the floor is above half the peak for %zu", shapes, members, dominant);
        QVERIFY(dominant > members / 10);
    }

    void checkpointingMonotonicity()
    {
        std::mt19937_64 rng(7);
        int checked = 0;
        while (std::size_t(checked) < scaled(3000)) {
            std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            std::int64_t prev = -1, host = -1, nvme = -1;
            for (Checkpointing c : {Checkpointing::Selective, Checkpointing::None}) {
                s->checkpointing = c;
                const Footprint f = computeFootprint(*s);
                QVERIFY2(f.measuredBytes >= prev, qPrintable(QStringLiteral("%1 %2 tp %3 pp %4 z %5 ckpt %6")
                                                                 .arg(QString::fromStdString(s->arch.id))
                                                                 .arg(s->gpus)
                                                                 .arg(s->tp)
                                                                 .arg(s->pp)
                                                                 .arg(s->zeroStage)
                                                                 .arg(QString::fromLatin1(checkpointingKey(c)))));
                if (prev >= 0) {
                    QCOMPARE(f.hostBytesPerNode, host);
                    QCOMPARE(f.nvmeBytesPerNode, nvme);
                }
                prev = f.measuredBytes;
                host = f.hostBytesPerNode;
                nvme = f.nvmeBytesPerNode;
            }
            ++checked;
        }
    }

    /// Brute force on small cases: every layout of the rules, enumerated here independently and checked
    /// with computeFootprint(), that fits is among the planner's fitting layouts (nothing pruned wrongly, nothing
    /// missed), and the counts agree: evaluated + pruned = every valid layout.
    void bruteForceFindsNothingMissed_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("gpus");
        QTest::addColumn<qint64>("globalBatch");
        QTest::addColumn<double>("capacityGb");
        QTest::newRow("llama-2-7b 8 x 24 GB") << QStringLiteral("llama-2-7b") << qint64(8) << qint64(16) << 24.0;
        QTest::newRow("llama-2-13b 16 x 40 GB") << QStringLiteral("llama-2-13b") << qint64(16) << qint64(32) << 40.0;
        QTest::newRow("gpt2 4 x 4 GB") << QStringLiteral("gpt2") << qint64(4) << qint64(8) << 4.0;
    }
    void bruteForceFindsNothingMissed()
    {
        QFETCH(QString, model);
        QFETCH(qint64, gpus);
        QFETCH(qint64, globalBatch);
        QFETCH(double, capacityGb);
        PlanRequest r = smallClusterRequest(model, gpus, globalBatch, capacityGb);
        r.search[knob(PlanKnob::Vpp)] = false;
        r.search[knob(PlanKnob::SequenceParallel)] = false;
        const PlanResult res = planLayouts(r);
        using Key = std::tuple<std::int64_t, std::int64_t, int, std::int64_t, int, int, int>;
        std::set<Key> planned;
        for (const PlanLayout& l : res.layouts)
            planned.insert({l.tp, l.pp, l.stage, l.microBatch, int(l.checkpointing), int(l.offloadOptimizer), int(l.offloadParams)});
        QCOMPARE(std::int64_t(planned.size()), res.fitting);
        std::int64_t all = 0, fitting = 0;
        const Architecture& a = r.base.arch;
        for (std::int64_t tp = 1; tp <= 8; tp *= 2) {
            if (a.heads % tp != 0 || gpus % tp != 0)
                continue;
            for (std::int64_t pp = 1; pp <= a.layers; ++pp) {
                if (a.layers % pp != 0 || gpus % (tp * pp) != 0)
                    continue;
                const std::int64_t dp = gpus / (tp * pp);
                if (globalBatch % dp != 0)
                    continue;
                for (std::int64_t mb = 1; mb <= globalBatch / dp; ++mb) {
                    if ((globalBatch / dp) % mb != 0)
                        continue;
                    for (int z = 0; z <= 3; ++z)
                        for (Checkpointing c : {Checkpointing::None, Checkpointing::Selective, Checkpointing::Full})
                            for (OffloadDevice o : {OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme})
                                for (OffloadDevice q : {OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme}) {
                                    if ((o != OffloadDevice::None && z < 1) || (q != OffloadDevice::None && z != 3))
                                        continue;
                                    Scenario s = r.base;
                                    s.tp = tp;
                                    s.pp = pp;
                                    s.zeroStage = z;
                                    s.microBatch = mb;
                                    s.gradAccum = globalBatch / (dp * mb);
                                    s.checkpointing = c;
                                    s.offloadOptimizer = o;
                                    s.offloadParams = q;
                                    ++all;
                                    const Footprint f = computeFootprint(s);
                                    if (!(f.fits && f.hostFits && f.nvmeFits))
                                        continue;
                                    ++fitting;
                                    QVERIFY2(planned.count({tp, pp, z, mb, int(c), int(o), int(q)}) == 1,
                                             qPrintable(QStringLiteral("missed tp %1 pp %2 z %3 mb %4").arg(tp).arg(pp).arg(z).arg(mb)));
                                }
                }
            }
        }
        QCOMPARE(res.evaluated + res.pruned, all);
        QCOMPARE(res.fitting, fitting);
        qInfo("%lld layouts: %lld evaluated, %lld pruned, %lld fit", (long long)all, (long long)res.evaluated,
              (long long)res.pruned, (long long)fitting);
    }

    /// The closed form on every GPU preset with the figures the step model needs (1,000 random layouts of the
    /// generator above on a random preset): within 5% of computeStep() everywhere. The power-capped H100 96GB
    /// (torchtitan's 500 W parts, gpus.h powerCapFraction) was 26-28% fast before the kernel times were shared:
    /// the planner's copy of the kernel model had no power cap.
    void closedFormAgreesOnEveryGpu()
    {
        std::vector<std::string> gpus;
        for (const GpuPreset& g : gpuPresets())
            if (g.peakFlops16 > 0 && g.intraNodeBytesPerSecond > 0 && g.interNodeBytesPerSecond > 0 && g.pcieBytesPerSecond > 0)
                gpus.push_back(g.id);
        QVERIFY(std::find(gpus.begin(), gpus.end(), "h100-96gb") != gpus.end());
        std::mt19937_64 rng(11);
        std::vector<double> errors;
        double worst = 0;
        std::string worstCase;
        std::set<std::string> seen;
        while (errors.size() < scaled(1000)) {
            std::optional<Scenario> s = randomLayout(rng);
            if (!s)
                continue;
            s->gpu = gpus[std::uniform_int_distribution<std::size_t>(0, gpus.size() - 1)(rng)];
            try {
                validateScenario(*s);
            } catch (const InvalidInput&) {
                continue;
            }
            const double ref = computeStep(*s).totals.stepTime;
            const double err = std::abs(evaluateLayout(*s).stepTimeS - ref) / ref;
            seen.insert(s->gpu);
            if (err > worst) {
                worst = err;
                worstCase = s->gpu + " " + s->arch.id + " tp=" + std::to_string(s->tp) + " pp=" + std::to_string(s->pp);
            }
            errors.push_back(err);
        }
        std::sort(errors.begin(), errors.end());
        qInfo("closed form vs computeStep() on %zu layouts over %zu GPUs: median %.4f%%, p99 %.4f%%, max %.4f%% (%s)",
              errors.size(), seen.size(), 100 * errors[errors.size() / 2], 100 * errors[errors.size() * 99 / 100],
              100 * worst, worstCase.c_str());
        QVERIFY(seen.count("h100-96gb") == 1);
        QVERIFY2(worst <= 0.05, worstCase.c_str());
    }

    /// Accumulations longer than the closed form places in full (layoutplanner_eval.cpp, kMaxPlacedBlocks: 512
    /// blocks) are extended at the slowest stage's pace (GPipe: the slowest forward + the slowest backward);
    /// computeStep() simulates every block. Within 5%, on 1F1B,
    /// GPipe and interleaved schedules (Llama-3 8B: a 128k-vocabulary head, where stages differ most).
    void closedFormAgreesOnLongAccumulations_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("gradAccum");
        QTest::addColumn<int>("checkpointInterval"); // > 0: full checkpointing of every n-th block
        QTest::newRow("llama-3-8b 1f1b pp8 m2048") << "llama-3-8b" << 8 << 1 << int(PipelineSchedule::OneFOneB) << 1 << 2048 << 0;
        QTest::newRow("llama-3-8b interleaved pp4x2 m2048") << "llama-3-8b" << 4 << 2 << int(PipelineSchedule::Interleaved) << 3 << 2048 << 0;
        QTest::newRow("llama-2-7b gpipe pp4 m4096") << "llama-2-7b" << 4 << 1 << int(PipelineSchedule::GPipe) << 2 << 4096 << 0;
        QTest::newRow("llama-2-7b 1f1b pp2 m8192") << "llama-2-7b" << 2 << 1 << int(PipelineSchedule::OneFOneB) << 0 << 8192 << 0;
        // Every 3rd block checkpointed: stages of unequal busy time (the pace is measured, layoutplanner_eval.cpp).
        QTest::newRow("llama-2-7b interleaved pp8x2 m1024 n3") << "llama-2-7b" << 8 << 2 << int(PipelineSchedule::Interleaved) << 1 << 1024 << 3;
        QTest::newRow("llama-2-7b 1f1b pp8 m1024 n3") << "llama-2-7b" << 8 << 1 << int(PipelineSchedule::OneFOneB) << 1 << 1024 << 3;
    }
    void closedFormAgreesOnLongAccumulations()
    {
        QFETCH(QString, model);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(int, schedule);
        QFETCH(int, zero);
        QFETCH(int, gradAccum);
        QFETCH(int, checkpointInterval);
        Scenario s = defaultScenario();
        s.arch = *findModelPreset(model.toStdString());
        s.gpu = "h100-80gb";
        s.gpus = 64;
        s.tp = 8;
        s.pp = pp;
        s.vpp = vpp;
        s.schedule = PipelineSchedule(schedule);
        s.zeroStage = zero;
        s.microBatch = 1;
        s.gradAccum = gradAccum;
        s.seq = 1024;
        if (checkpointInterval > 0) {
            s.checkpointing = Checkpointing::Full;
            s.checkpointInterval = checkpointInterval;
        }
        validateScenario(s);
        QVERIFY(2 * s.pp * s.vpp * s.gradAccum > 512); // beyond the closed form's full placement
        const double ref = computeStep(s).totals.stepTime;
        const double planned = evaluateLayout(s).stepTimeS;
        qInfo("%s: computeStep %.4f s, closed form %.4f s (%+.4f%%)", qPrintable(model), ref, planned,
              100 * (planned - ref) / ref);
        QVERIFY2(std::abs(planned - ref) <= 0.05 * ref, qPrintable(QStringLiteral("%1 vs %2").arg(planned).arg(ref)));
    }

    /// The check on pipelined layouts: Llama-3-8B (128k vocabulary: its head and embedding chunks are the
    /// heaviest) on 64 H100s with PP 4 held and every other knob searched (VPP too), global batch 512; the 40 best
    /// layouts by step time, then by MFU: each fits when re-estimated and computeStep() agrees within 5%.
    void reportedLayoutsAgreeWithPipelines()
    {
        PlanRequest r;
        r.base = defaultScenario();
        r.base.arch = *findModelPreset("llama-3-8b");
        r.base.gpu = "h100-80gb";
        r.base.gpus = 64;
        r.base.tp = 1;
        r.base.pp = 4;
        r.search[knob(PlanKnob::Pp)] = false;
        r.globalBatch = 512;
        r.topK = int(scaled(40));
        std::int64_t interleaved = 0;
        for (PlanRank by : {PlanRank::StepTime, PlanRank::Mfu}) {
            r.rankBy = by;
            const PlanResult res = planLayouts(r);
            QCOMPARE(res.layouts.size(), std::size_t(r.topK));
            for (const PlanLayout& l : res.layouts) {
                QCOMPARE(l.pp, 4);
                interleaved += l.vpp > 1;
            }
            checkReportedLayouts(r, res);
        }
        qInfo("%lld of the %d reported layouts interleaved", (long long)interleaved, 2 * r.topK);
        QVERIFY(interleaved > 0);
    }

    /// The closed form's schedule placement (scheduleStageEnds, pipeline.h) gives each stage's end exactly as the
    /// simulator's list scheduling (simulateSchedule, the blocks computeStep() charts) of the same block times: GPipe,
    /// 1F1B and interleaved, 1 to 8 stages, 1 to 4 chunks, random unequal blocks (releases before durations, the last
    /// micro-batch's backward longer).
    void schedulePlacementMatchesTheSimulator()
    {
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> u(0.1, 1.0);
        int cases = 0;
        for (PipelineSchedule sched : {PipelineSchedule::GPipe, PipelineSchedule::OneFOneB, PipelineSchedule::Interleaved})
            for (std::int64_t p : {1, 2, 3, 4, 8})
                for (std::int64_t v : {1, 2, 4}) {
                    if ((sched == PipelineSchedule::Interleaved) != (v > 1) || (v > 1 && p == 1))
                        continue;
                    for (std::int64_t rounds : {1, 2, 3, 5}) {
                        const std::int64_t m = (sched == PipelineSchedule::Interleaved ? p : 1) * rounds;
                        std::vector<VirtualStageTimes> t(static_cast<std::size_t>(p * v));
                        for (VirtualStageTimes& x : t) {
                            x.fwd = u(rng);
                            x.fwdRelease = x.fwd * u(rng);
                            x.bwd = 2 * u(rng);
                            x.bwdRelease = x.bwd * u(rng);
                            x.lastBwd = x.bwd + u(rng);
                            x.lastBwdRelease = x.bwdRelease;
                        }
                        const auto blocks = simulateSchedule(sched, p, m, v, [&](std::int64_t vs, std::int64_t mb, bool fwd) {
                            const VirtualStageTimes& x = t[static_cast<std::size_t>(vs)];
                            if (fwd)
                                return std::make_pair(x.fwd, x.fwdRelease);
                            return mb == m - 1 ? std::make_pair(x.lastBwd, x.lastBwdRelease) : std::make_pair(x.bwd, x.bwdRelease);
                        }, 0.0);
                        std::vector<double> ends(static_cast<std::size_t>(p));
                        scheduleStageEnds(sched, p, m, v, t.data(), ends.data());
                        for (std::int64_t i = 0; i < p; ++i) {
                            const PipelineBlock& last = blocks[static_cast<std::size_t>(i)].back().block;
                            QCOMPARE(ends[static_cast<std::size_t>(i)], last.start + last.duration);
                        }
                        ++cases;
                    }
                }
        QCOMPARE(cases, 4 * (5 + 5 + 4 * 2));
    }

private:
    /// Every reported layout fits when re-estimated (computeFootprint) and computeStep() on it agrees with the
    /// planner's step time within 5%; the table is ranked best first (by step time or MFU).
    void checkReportedLayouts(const PlanRequest& r, const PlanResult& res)
    {
        for (std::size_t i = 0; i < res.layouts.size(); ++i) {
            const PlanLayout& l = res.layouts[i];
            QVERIFY(l.fits);
            const Scenario s = applyLayout(r.base, l);
            const Footprint f = computeFootprint(s);
            QVERIFY(f.fits && f.hostFits && f.nvmeFits);
            QCOMPARE(l.peakBytes, f.measuredBytes);
            const StepResult st = computeStep(s);
            QVERIFY2(std::abs(st.totals.stepTime - l.stepTimeS) <= 0.05 * st.totals.stepTime,
                     qPrintable(QStringLiteral("planner %1 s, step %2 s").arg(l.stepTimeS).arg(st.totals.stepTime)));
            // The split too (computeStep()'s worst rank: the footprint's worst stage), each part within 5% of the step.
            const StepTotals& t = st.totals;
            const double tol = 0.05 * t.stepTime;
            QVERIFY(std::abs(l.computeS - (t.computeSeconds + t.recomputeSeconds)) <= tol);
            QVERIFY(std::abs(l.exposedCommS - t.exposedCommSeconds) <= tol);
            QVERIFY(std::abs(l.bubbleS - t.bubbleSeconds) <= tol);
            QVERIFY(std::abs(l.optimizerS - t.optimizerSeconds) <= tol);
            QVERIFY(std::abs(l.mfu - t.mfu) <= 0.05 * t.mfu);
            if (i > 0 && r.rankBy == PlanRank::StepTime)
                QVERIFY(res.layouts[i - 1].stepTimeS <= l.stepTimeS);
            if (i > 0 && r.rankBy == PlanRank::Mfu)
                QVERIFY(res.layouts[i - 1].mfu >= l.mfu);
        }
    }

private slots:
    /// The planner's footprints (FastEvaluator: one FootprintFamily per shape, its members' parts shared and their
    /// storage reused, CPU and NVMe offload sharing the GPU side) against computeFootprint() of each layout, on full
    /// searches (every knob) around 20 random bases (randomLayout(): seven presets, 1 to 1,024 GPUs, DeepSpeed,
    /// Megatron and FSDP2, per-weight ZeRO-3, every n-th block checkpointed). Every 67th evaluated layout, in the
    /// search's order, is checked: its peak, model-state and activation figures and fit (GPU, host RAM and NVMe)
    /// equal those computeFootprint() gives, exactly; and its step time, which reads the footprint's bytes per param,
    /// GPU, ranks and worst stage, equals evaluateLayout()'s (computeFootprint() + the same closed form) within 1e-9.
    void plannerFootprintsEqualComputeFootprint()
    {
        std::mt19937_64 rng(1215);
        std::int64_t checked = 0, searches = 0, offloaded = 0, deep = 0;
        std::string mismatch;
        while (searches < std::int64_t(scaled(20))) {
            const std::optional<Scenario> base = randomLayout(rng);
            if (!base)
                continue;
            PlanRequest r;
            r.base = *base;
            // Every fitting layout reportable, so none is pruned by its step time's bound and all are timed (each
            // cell's fitting layouts are still bounded first, then footprinted again and timed: that order is checked).
            r.topK = 100000;
            std::int64_t seen = 0;
            // Every 67th layout in the search's order (the family's state between calls is that of the whole search).
            r.onEvaluated = [&](const PlanLayout& l) {
                ++seen;
                if (!mismatch.empty() || seen % 67 != 1)
                    return;
                const Scenario s = applyLayout(r.base, l);
                const Footprint f = computeFootprint(s);
                const RankFootprint& w = f.worstRank();
                auto term = [&](Term t) { return w.stepMaxBytes[static_cast<std::size_t>(t)]; };
                const std::int64_t states = term(Term::Params) + term(Term::Grads) + term(Term::Master) + term(Term::Optimizer);
                const std::int64_t acts = term(Term::Activations) + term(Term::Logits);
                const bool fits = f.fits && f.hostFits && f.nvmeFits;
                const LayoutEstimate e = evaluateLayout(s);
                const std::string at = " tp " + std::to_string(l.tp) + " pp " + std::to_string(l.pp) + " vpp "
                    + std::to_string(l.vpp) + " z " + std::to_string(l.stage) + " mb " + std::to_string(l.microBatch)
                    + " ckpt " + checkpointingKey(l.checkpointing) + " off " + offloadKey(l.offloadOptimizer) + "/"
                    + offloadKey(l.offloadParams) + " of " + s.arch.id + " N=" + std::to_string(s.gpus);
                if (l.peakBytes != f.measuredBytes)
                    mismatch = "peak " + std::to_string(l.peakBytes) + " vs " + std::to_string(f.measuredBytes) + at;
                else if (l.modelStateBytes != states || l.activationBytes != acts)
                    mismatch = "model states or activations" + at;
                else if (l.fits != fits)
                    mismatch = "fit" + at;
                else if (!(std::abs(l.stepTimeS - e.stepTimeS) <= 1e-9 * e.stepTimeS))
                    mismatch = "step time " + std::to_string(l.stepTimeS) + " vs " + std::to_string(e.stepTimeS) + at;
                ++checked;
                offloaded += l.offloadOptimizer != OffloadDevice::None || l.offloadParams != OffloadDevice::None ? 1 : 0;
                deep += l.pp > 3 ? 1 : 0;
            };
            try {
                planLayouts(r);
            } catch (const InvalidInput&) {
                continue; // no layout reaches the base's global batch with these GPUs
            }
            QVERIFY2(mismatch.empty(), mismatch.c_str());
            ++searches;
        }
        qInfo("%lld searches, %lld layouts checked (%lld offloaded, %lld with more than 3 stages): equal",
              (long long)searches, (long long)checked, (long long)offloaded, (long long)deep);
        // Enough of each kind at the suite's scale (SHARDSCOPE_TEST_SCALE: 0.1 under ASan gives 2 searches, 396 layouts).
        QVERIFY(checked > std::int64_t(scaled(1000)) && offloaded > checked / 4 && deep > std::int64_t(scaled(100)));
    }
};

QTEST_APPLESS_MAIN(TestLayoutPlanner)
#include "tst_layoutplanner.moc"
