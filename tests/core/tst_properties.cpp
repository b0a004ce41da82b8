// SPDX-License-Identifier: MIT
// Properties of the footprint model over a few thousand random valid scenarios (seeded, so a failure
// reproduces): ZeRO-3 memory never rises with N, the stages order as the ZeRO paper says, DP shards add
// up to the unsharded count, no term is ever negative, and bad scenarios are refused by name.
#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"

#include "scenariogenerator.h"

#include <QTest>

#include <cmath>
#include <algorithm>
#include <random>
#include <vector>
#include <sstream>

using namespace shardscope;

namespace {

constexpr std::uint32_t kSeed = 20240601;
constexpr int kScenarios = 2000;

std::int64_t modelStateBytes(const RankFootprint& r)
{
    return r.bytes(Term::Params) + r.bytes(Term::Grads) + r.bytes(Term::Master) + r.bytes(Term::Optimizer);
}

/// Per-stage worst over all distinct ranks of a quantity.
template <typename F>
std::int64_t worstOf(const Footprint& f, F&& value)
{
    std::int64_t w = 0;
    for (const RankFootprint& r : f.ranks)
        w = std::max(w, value(r));
    return w;
}

} // namespace

class TestProperties : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noNegativeOrInconsistentBytes();
    void extremesRefusedOrSound();
    void zero3NeverRisesWithN();
    void stagesOrder();
    void shardsAddUp();
    void stagesAddUpToTheModel();
    void minGpusSoundAndMinimal();
    void badScenariosNameTheField();
};

void TestProperties::noNegativeOrInconsistentBytes()
{
    // Every term of every rank is >= 0, the total is their sum, the worst rank is the largest, and the
    // activation figures are finite.
    ScenarioGenerator g(kSeed);
    for (int i = 0; i < kScenarios; ++i) {
        const Scenario s = g.next(g.pick<std::int64_t>({1, 2, 3, 8, 64, 1000}));
        const Footprint f = computeFootprint(s);
        QVERIFY2(!f.ranks.empty(), describe(s).c_str());
        for (const RankFootprint& r : f.ranks) {
            std::int64_t sum = 0;
            for (int t = 0; t < kTermCount; ++t) {
                QVERIFY2(r.bytes(Term(t)) >= 0, (describe(s) + " " + termKey(Term(t))).c_str());
                QVERIFY2(!r.terms[std::size_t(t)].formula.empty(), describe(s).c_str());
                sum += r.bytes(Term(t));
            }
            QVERIFY2(r.totalBytes == sum, describe(s).c_str());
            QVERIFY2(r.totalBytes <= f.worstBytes(), describe(s).c_str());
            QVERIFY2(r.localParams > 0 && r.layers >= 1, describe(s).c_str());
        }
        QVERIFY2(f.hostBytesPerNode >= 0 && f.nvmeBytesPerNode >= 0, describe(s).c_str());
        const LayerActivations& la = f.activations;
        for (double v : {la.perTokenReplicated, la.perTokenSplit, la.perTokenScores, la.storedBytes, la.workingBytes,
                         la.constant34})
            QVERIFY2(std::isfinite(v) && v >= 0, describe(s).c_str());
        QCOMPARE(f.fits, f.worstBytes() <= f.usableBytes);
    }
}

void TestProperties::extremesRefusedOrSound()
{
    // Knobs at the ends of their ranges: the model either refuses the scenario (InvalidInput naming a
    // field) or answers with non-negative terms that add up -- never a wrapped-around int64.
    ScenarioGenerator g(kSeed + 8);
    int answered = 0, refused = 0;
    for (int i = 0; i < kScenarios / 2; ++i) {
        Scenario s = g.next(g.pick<std::int64_t>({1, 1024, 1048576 / 64}));
        if (g.coin())
            setBareParams(s, g.pick<std::int64_t>({1, 100000000000000LL}));
        s.tp = s.pp = 1;
        s.schedule = PipelineSchedule::GPipe;
        s.gpus = g.pick<std::int64_t>({1, 8, 1048576});
        s.seq = g.pick<std::int64_t>({1, 16777216});
        s.microBatch = g.pick<std::int64_t>({1, 65536});
        s.gradAccum = g.pick<std::int64_t>({1, 1000000});
        s.zero3PrefetchUnits = g.pick<std::int64_t>({0, 1000});
        s.fragmentation = g.pick({0.0, 0.99});
        s.gpusPerNode = g.pick<std::int64_t>({1, 1024});
        try {
            const Footprint f = computeFootprint(s);
            for (const RankFootprint& r : f.ranks) {
                std::int64_t sum = 0;
                for (int t = 0; t < kTermCount; ++t) {
                    QVERIFY2(r.bytes(Term(t)) >= 0, describe(s).c_str());
                    sum += r.bytes(Term(t));
                }
                QVERIFY2(sum == r.totalBytes && sum >= 0, describe(s).c_str());
            }
            QVERIFY2(f.hostBytesPerNode >= 0 && f.nvmeBytesPerNode >= 0, describe(s).c_str());
            ++answered;
        } catch (const InvalidInput& e) {
            QVERIFY2(!e.field().empty() && std::string(e.what()).rfind("--" + e.field(), 0) == 0, e.what());
            ++refused;
        }
    }
    QVERIFY(answered > 0 && refused > 0);
}

void TestProperties::zero3NeverRisesWithN()
{
    // ZeRO-3 shards every model state over d; nothing else grows with d. So per-GPU memory (the worst rank,
    // every term included) never rises as N grows -- from d = 2 on. From d = 1 to d = 2 it may: at d = 1
    // there is nothing to gather or reduce-scatter, and d = 2 adds the live gathered units and the reduce
    // bucket (docs/model.md); that step is modelled on purpose and excluded here.
    ScenarioGenerator g(kSeed + 1);
    for (int i = 0; i < kScenarios / 4; ++i) {
        Scenario s = g.next(1);
        s.zeroStage = 3;
        const std::int64_t k = s.tp * s.pp;
        std::int64_t previous = -1;
        std::int64_t previousStates = -1;
        for (std::int64_t d : {1, 2, 3, 4, 7, 8, 16, 61, 64, 256, 1024, 4096}) {
            s.gpus = k * d;
            const Footprint f = computeFootprint(s);
            const std::int64_t states = worstOf(f, modelStateBytes);
            if (previousStates >= 0) // model states: from d = 1 on
                QVERIFY2(states <= previousStates, (describe(s) + " states rose").c_str());
            if (d >= 2 && previous >= 0)
                QVERIFY2(f.worstBytes() <= previous, (describe(s) + " total rose").c_str());
            if (d >= 2)
                previous = f.worstBytes();
            previousStates = states;
        }
    }
}

void TestProperties::stagesOrder()
{
    // ZeRO paper (Figure 1, section 5): per GPU, stage 3 <= 2 <= 1 <= 0 -- for the model states, in every
    // scenario. For the whole footprint the claim holds only up to terms the paper does not count:
    //  - ZeRO-3's live gathered units and unsharded grads can exceed what sharding the 16-bit params saved
    //    (small d, big layers), so stage 3 vs 2 excludes those two terms;
    //  - when DDP's buckets are views of the grads (gradient_as_bucket_view=True), stage 0 has no bucket
    //    memory while ZeRO-1 allocates reduce + all-gather buckets of up to 5e8 elements each, which can
    //    exceed what sharding master + optimizer over d saves (small models, little optimizer state, small d):
    //    so 1 vs 0 excludes the buckets; stage 2 vs 1 has the same buckets and holds for the whole footprint.
    // (Checked: without these exclusions seeded runs do find 3 > 2 and, only with bucket views, 1 > 0.)
    // Fragmentation (a fraction of the rest) is left out with the terms it scales.
    ScenarioGenerator g(kSeed + 2);
    for (int i = 0; i < kScenarios; ++i) {
        Scenario s = g.next(g.pick<std::int64_t>({1, 2, 3, 8, 64, 512}));
        s.offloadOptimizer = s.offloadOptimizer == OffloadDevice::None || g.coin() ? OffloadDevice::None
                                                                                  : s.offloadOptimizer;
        s.offloadParams = OffloadDevice::None;
        Footprint f[4];
        for (int z = 0; z <= 3; ++z) {
            Scenario x = s;
            x.zeroStage = z;
            if (z == 0)
                x.offloadOptimizer = OffloadDevice::None;
            f[z] = computeFootprint(x);
        }
        auto without = [](std::vector<Term> skip) { // a vector: the lambda outlives its argument
            return [skip](const RankFootprint& r) {
                std::int64_t sum = 0;
                for (int t = 0; t < kTermCount; ++t) {
                    bool skipped = Term(t) == Term::Fragmentation;
                    for (Term k : skip)
                        skipped = skipped || Term(t) == k;
                    if (!skipped) // each term at its own largest over the step (the peak's breakdown
                        sum += r.stepMaxBytes[std::size_t(t)]; // may come from another moment per stage)
                }
                return sum;
            };
        };
        const bool offloaded = s.offloadOptimizer != OffloadDevice::None; // stage 0 keeps its optimizer on the GPU
        for (int z = 1; z <= 3; ++z) {
            if (z == 1 && offloaded)
                continue;
            QVERIFY2(worstOf(f[z], modelStateBytes) <= worstOf(f[z - 1], modelStateBytes),
                     (describe(s) + " model states, stage " + std::to_string(z)).c_str());
        }
        if (!offloaded)
            QVERIFY2(worstOf(f[1], without({Term::CommBuckets})) <= worstOf(f[0], without({Term::CommBuckets})),
                     (describe(s) + " total 1 vs 0").c_str());
        QVERIFY2(f[2].worstBytes() <= f[1].worstBytes(), (describe(s) + " total 2 vs 1").c_str());
        const auto live = without({Term::Zero3GatheredParams, Term::Zero3UnshardedGrads});
        QVERIFY2(worstOf(f[3], live) <= worstOf(f[2], live), (describe(s) + " total 3 vs 2").c_str());
    }
}

void TestProperties::shardsAddUp()
{
    // shardOf: the d shards of a count add up to it exactly and differ by at most one element.
    std::mt19937_64 rng(kSeed + 3);
    for (int i = 0; i < kScenarios; ++i) {
        const std::int64_t count = std::int64_t(rng() % 1000000000000ULL);
        const std::int64_t d = 1 + std::int64_t(rng() % 5000);
        std::int64_t sum = 0, lo = INT64_MAX, hi = 0;
        for (std::int64_t r = 0; r < d; ++r) {
            const std::int64_t sh = shardOf(count, d, r);
            sum += sh;
            lo = std::min(lo, sh);
            hi = std::max(hi, sh);
        }
        QCOMPARE(sum, count);
        QVERIFY(hi - lo <= 1);
        QCOMPARE(shardOf(count, d, 0), hi); // rank 0 is a largest shard: the one the model reports
    }
    // The model's sharded terms are the largest DP rank's shard: over all d ranks they add up to the
    // unsharded bytes (whole elements per rank, so exactly when the recipe's bytes are whole numbers).
    ScenarioGenerator g(kSeed + 4);
    for (int i = 0; i < kScenarios / 2; ++i) {
        Scenario s = g.next(g.pick<std::int64_t>({2, 3, 7, 8, 64, 1000}));
        s.zeroStage = 3;
        s.offloadOptimizer = s.offloadParams = OffloadDevice::None;
        s.optimizer = Optimizer::RecipeDefault; // Adafactor's bytes per param are fractional
        s.zero3PersistenceThreshold = 0; // DeepSpeed keeps params under the threshold whole: pure sharding here
        const std::int64_t d = s.dp();
        const Footprint f = computeFootprint(s);
        for (const RankFootprint& r : f.ranks) {
            for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer}) {
                const double bpp = t == Term::Params ? f.bytesPerParam.weights
                    : t == Term::Grads               ? f.bytesPerParam.grads
                    : t == Term::Master              ? f.bytesPerParam.master
                                                     : f.bytesPerParam.optimizer;
                QCOMPARE(r.stepMaxBytes[std::size_t(t)],
                         std::int64_t(std::llround(double(shardOf(r.localParams, d, 0)) * bpp)));
                std::int64_t sum = 0;
                for (std::int64_t k = 0; k < d; ++k)
                    sum += std::llround(double(shardOf(r.localParams, d, k)) * bpp);
                QVERIFY2(sum == std::llround(double(r.localParams) * bpp), describe(s).c_str());
            }
        }
    }
}

void TestProperties::stagesAddUpToTheModel()
{
    // Without TP, the pipeline stages hold the model exactly once -- plus, with tied embeddings and PP > 1,
    // the last stage's copy of the embedding (Megatron). PP <= 3 so that every stage is a distinct rank.
    ScenarioGenerator g(kSeed + 5);
    int checked = 0;
    for (int i = 0; i < kScenarios && checked < kScenarios / 4; ++i) {
        Scenario s = g.next(1);
        s.tp = 1;
        s.pp = std::min<std::int64_t>(s.arch.layers, g.pick<std::int64_t>({1, 2, 3}));
        s.schedule = PipelineSchedule::OneFOneB;
        s.gpus = s.pp;
        const Footprint f = computeFootprint(s);
        QCOMPARE(std::int64_t(f.ranks.size()), s.pp);
        std::int64_t sum = 0, layers = 0;
        for (const RankFootprint& r : f.ranks) {
            sum += r.localParams;
            layers += r.layers;
        }
        QCOMPARE(layers, s.arch.layers);
        std::int64_t expected = s.totalParams();
        if (!s.bareParams && s.arch.tiedEmbeddings && s.pp > 1)
            expected += s.arch.vocab * s.arch.hidden;
        QVERIFY2(sum == expected, describe(s).c_str());
        ++checked;
    }
    QVERIFY(checked > 100);
}

void TestProperties::minGpusSoundAndMinimal()
{
    // min-gpus: the answer fits and d - 1 does not; "never" means no N fits, N = TP x PP included.
    ScenarioGenerator g(kSeed + 6);
    for (int i = 0; i < 200; ++i) {
        Scenario s = g.next(1);
        const std::int64_t k = s.tp * s.pp;
        for (int z = 0; z <= 3; ++z) {
            const MinGpus m = minGpusForStage(s, z);
            Scenario x = s;
            x.zeroStage = z;
            if (z < 3)
                x.offloadParams = OffloadDevice::None;
            if (z < 1)
                x.offloadOptimizer = OffloadDevice::None;
            if (m.minGpus) {
                QVERIFY2(*m.minGpus % k == 0, describe(s).c_str());
                x.gpus = *m.minGpus;
                QVERIFY2(computeFootprint(x).fits, (describe(s) + " z=" + std::to_string(z)).c_str());
                for (std::int64_t d = 1; d < *m.minGpus / k && d <= 64; ++d) {
                    x.gpus = d * k;
                    QVERIFY2(!computeFootprint(x).fits,
                             (describe(s) + " z=" + std::to_string(z) + " fits at smaller d=" + std::to_string(d))
                                 .c_str());
                }
            } else {
                QVERIFY2(!m.reason.empty(), describe(s).c_str());
                for (std::int64_t d : {1, 2, 8, 64, 1024}) {
                    x.gpus = d * k;
                    QVERIFY2(!computeFootprint(x).fits,
                             (describe(s) + " z=" + std::to_string(z) + " 'never' but fits at d=" + std::to_string(d))
                                 .c_str());
                }
            }
        }
    }
}

void TestProperties::badScenariosNameTheField()
{
    // Issue 2: N = 0, TP not dividing heads or GPUs, PP > layers, 1e15 params -> InvalidInput naming the field,
    // for any otherwise valid scenario.
    ScenarioGenerator g(kSeed + 7);
    auto expectField = [](const Scenario& s, const char* field) {
        try {
            computeFootprint(s);
        } catch (const InvalidInput& e) {
            return e.field() == field;
        }
        return false;
    };
    for (int i = 0; i < kScenarios / 4; ++i) {
        const Scenario s = g.next(g.pick<std::int64_t>({1, 2, 8}));
        Scenario x = s;
        x.gpus = 0;
        QVERIFY2(expectField(x, "gpus"), describe(s).c_str());
        x = s;
        x.tp = s.arch.heads + 1; // never divides the heads
        x.gpus = x.tp * x.pp;
        QVERIFY2(expectField(x, "tp"), describe(s).c_str());
        if (s.tp > 1) {
            x = s;
            x.gpus = s.tp * s.pp * 2 + 1; // odd: TP x PP (even) does not divide it
            QVERIFY2(expectField(x, "gpus"), describe(s).c_str());
        }
        x = s;
        x.pp = s.arch.layers + 1;
        x.gpus = x.tp * x.pp;
        QVERIFY2(expectField(x, "pp"), describe(s).c_str());
        x = s;
        x.bareParams = 1000000000000000LL;
        QVERIFY2(expectField(x, "params"), describe(s).c_str());
    }
}

QTEST_APPLESS_MAIN(TestProperties)
#include "tst_properties.moc"
