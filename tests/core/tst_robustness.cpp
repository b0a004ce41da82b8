// SPDX-License-Identifier: MIT
// Robustness property test (issue 15): over 1,000,000 random scenarios through core, valid or not,
// including the extremes (1 and 16,384 GPUs, 100M and 2T parameters, every recipe and optimizer, every
// schedule and offload), core either refuses with an InvalidInput that names a field and says why, or
// answers with finite, non-negative bytes whose terms add up to each rank's total. The count is split
// over data rows (seeded, so a failure reproduces with its row's seed).
#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <QTest>

#include <algorithm>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>

using namespace shardscope;

namespace {

constexpr int kRows = 20;
// 20 x 50,000 = 1,000,000 scenarios. SHARDSCOPE_TEST_SCALE (a fraction, set by the asan test preset) runs a
// share of them under the sanitizers, where each scenario costs about ten times as much.
const int kPerRow = std::max(1000, int(50000 * (qEnvironmentVariableIsSet("SHARDSCOPE_TEST_SCALE")
                                                     ? qEnvironmentVariable("SHARDSCOPE_TEST_SCALE").toDouble()
                                                     : 1.0)));

class Wild
{
public:
    explicit Wild(std::uint32_t seed)
        : m_rng(seed)
    {
    }
    std::int64_t uniform(std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(m_rng); }
    template <typename T>
    T pick(std::initializer_list<T> v)
    {
        return *(v.begin() + uniform(0, std::int64_t(v.size()) - 1));
    }
    bool chance(int oneIn) { return uniform(0, oneIn - 1) == 0; }

    /// Mostly plausible, sometimes extreme, sometimes invalid: every field may be out of range.
    Scenario next()
    {
        Scenario s;
        switch (uniform(0, 3)) {
        case 0: {
            const auto& presets = modelPresets();
            s.arch = presets[std::size_t(uniform(0, std::int64_t(presets.size()) - 1))].arch;
            break;
        }
        case 1: {
            Architecture& a = s.arch;
            a.id = "custom";
            a.heads = pick<std::int64_t>({1, 2, 3, 8, 12, 16, 32, 64, 96, 128});
            a.hidden = a.heads * pick<std::int64_t>({32, 64, 128, 256});
            if (chance(20))
                a.hidden += uniform(-5, 5); // heads no longer divide it
            a.kvHeads = chance(3) ? std::max<std::int64_t>(1, a.heads / pick<std::int64_t>({1, 2, 4, 8, 16})) : a.heads;
            a.headDim = chance(4) ? pick<std::int64_t>({0, 64, 128, -1}) : 0;
            a.layers = pick<std::int64_t>({1, 2, 12, 24, 32, 80, 126, 200});
            a.ffn = a.hidden * pick<std::int64_t>({0, 1, 4}) + (chance(10) ? uniform(-10, 10) : 0);
            a.vocab = pick<std::int64_t>({0, 1, 32000, 50257, 256000});
            a.gatedMlp = chance(2);
            a.tiedEmbeddings = chance(2);
            a.experts = chance(5) ? pick<std::int64_t>({0, 1, 8, 64}) : 1;
            a.topK = chance(5) ? pick<std::int64_t>({0, 1, 2, 9}) : 1;
            a.maxPositions = chance(3) ? 2048 : 0;
            break;
        }
        default: {
            // Bare counts from 100M to 2T (log-uniform), with the two ends themselves, and beyond.
            std::int64_t n = chance(10) ? pick<std::int64_t>({100000000, 2000000000000})
                                        : std::int64_t(std::exp(std::uniform_real_distribution<double>(std::log(1e8), std::log(2e12))(m_rng)));
            if (chance(200))
                n = pick<std::int64_t>({0, -1, 200000000000000});
            try {
                setBareParams(s, n);
            } catch (const InvalidInput&) {
                s.bareParams = n; // keep the bad count: validateScenario must refuse it too
            }
        }
        }
        s.recipe = recipes()[std::size_t(uniform(0, std::int64_t(recipes().size()) - 1))];
        if (chance(4))
            s.optimizer = *optimizerFromKey(optimizerKeys()[std::size_t(uniform(0, std::int64_t(optimizerKeys().size()) - 1))]);
        // A plausible layout first: TP a divisor of the heads, PP up to the layers, N a multiple of TP x PP x CP.
        s.tp = pick<std::int64_t>({1, 1, 2, 4, 8});
        while (s.tp > 1 && (s.arch.heads % s.tp != 0 || (s.arch.kvHeads % s.tp != 0 && s.tp % std::max<std::int64_t>(1, s.arch.kvHeads) != 0)))
            s.tp /= 2;
        s.pp = std::min<std::int64_t>(std::max<std::int64_t>(1, s.arch.layers), pick<std::int64_t>({1, 1, 2, 4, 8}));
        s.cp = chance(8) ? 2 : 1;
        s.seq = pick<std::int64_t>({1024, 2048, 4096, 32768});
        if (s.arch.maxPositions > 0)
            s.seq = std::min(s.seq, s.arch.maxPositions);
        const std::int64_t k = s.tp * s.pp * s.cp;
        s.gpus = chance(10) ? pick<std::int64_t>({1, 16384}) : k * pick<std::int64_t>({1, 2, 8, 64, 512, 2048});
        if (s.gpus % k != 0 || s.gpus < k) // the extremes: 1 and 16,384 GPUs with the layout that fits them
            s.tp = s.pp = s.cp = 1;
        s.gpusPerNode = pick<std::int64_t>({8, 8, 1, 4, 16});
        s.schedule = pick({PipelineSchedule::OneFOneB, PipelineSchedule::GPipe, PipelineSchedule::Interleaved});
        s.gradAccum = pick<std::int64_t>({1, 4, 8, 16, 64, 1000});
        s.vpp = 1;
        if (s.schedule == PipelineSchedule::Interleaved) {
            s.vpp = 2;
            if (s.pp < 2 || s.arch.layers % (s.pp * s.vpp) != 0)
                s.schedule = PipelineSchedule::OneFOneB, s.vpp = 1;
            else
                s.gradAccum = s.pp * pick<std::int64_t>({1, 2, 4});
        }
        s.zeroStage = int(uniform(0, 3));
        if (s.zeroStage >= 1)
            s.offloadOptimizer = pick({OffloadDevice::None, OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme});
        if (s.zeroStage == 3)
            s.offloadParams = pick({OffloadDevice::None, OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme});
        s.sequenceParallel = s.tp > 1 && chance(3);
        s.checkpointing = pick({Checkpointing::None, Checkpointing::Selective, Checkpointing::Full});
        s.flashAttention = chance(2);
        s.microBatch = pick<std::int64_t>({1, 1, 2, 8});
        s.gpu = pick<std::string>({"a100-80gb", "h100-80gb", "h200-141gb", "rtx4090-24gb", "mi300x-192gb"});
        if (chance(20)) {
            s.gpu = "custom";
            s.capacityBytes = pick<std::int64_t>({1000000000, 200000000000});
        }
        // Then, in a third of the scenarios, one or two fields broken: each must be refused by name.
        const int broken = chance(3) ? int(uniform(1, 2)) : 0;
        for (int b = 0; b < broken; ++b) {
            switch (uniform(0, 21)) {
            case 0: s.tp = pick<std::int64_t>({0, 3, 16, 1024}); break;
            case 1: s.pp = pick<std::int64_t>({0, 5, 100000}); break;
            case 2: s.cp = pick<std::int64_t>({0, 3, 7}); break;
            case 3: s.gpus = pick<std::int64_t>({0, -8, 1048577, s.gpus + 1}); break;
            case 4: s.gpusPerNode = pick<std::int64_t>({0, 2000}); break;
            case 5: s.vpp = 0; break;
            case 6: s.gradAccum = pick<std::int64_t>({0, 1000001}); s.schedule = pick({s.schedule, PipelineSchedule::Interleaved}); break;
            case 7: s.zeroStage = int(pick<std::int64_t>({-1, 4})); break;
            case 8: s.offloadParams = OffloadDevice::Cpu; s.zeroStage = int(uniform(0, 2)); break;
            case 9: s.offloadOptimizer = OffloadDevice::Nvme; s.zeroStage = 0; break;
            case 10: s.microBatch = pick<std::int64_t>({0, 65537}); break;
            case 11: s.seq = pick<std::int64_t>({0, 16777217}); break;
            case 12: s.gpu = "no-such-gpu"; s.capacityBytes.reset(); break;
            case 13: s.gpu = "custom"; s.capacityBytes = pick<std::int64_t>({0, -5}); break;
            case 14: s.safetyMarginBytes = pick<double>({-1, 1e13, std::numeric_limits<double>::quiet_NaN()}); break;
            case 15: s.fragmentation = pick<double>({1, -0.1, std::numeric_limits<double>::infinity()}); break;
            case 16: s.intraNodeBytesPerSecond = pick<double>({1e-300, 1e16, -1}); break;
            case 17: s.kernelEfficiency = pick<double>({0, 2, std::numeric_limits<double>::quiet_NaN()}); break;
            case 18: s.hostRamBytesPerNode = pick<std::int64_t>({0, -1}); break;
            case 19: s.alphaSeconds = pick<double>({-1e-6, 10, std::numeric_limits<double>::infinity()}); break;
            case 20: s.recipe.optimizer = pick<double>({-1, 100, std::numeric_limits<double>::quiet_NaN()}); break;
            default: s.arch.heads = pick<std::int64_t>({0, -2}); s.bareParams.reset(); break;
            }
        }
        return s;
    }

private:
    std::mt19937_64 m_rng;
};

std::string describe(const Scenario& s)
{
    std::ostringstream o;
    o << s.arch.id << (s.bareParams ? " bare " + std::to_string(*s.bareParams) : std::string()) << " N=" << s.gpus
      << " tp=" << s.tp << " pp=" << s.pp << " cp=" << s.cp << " stage=" << s.zeroStage << " recipe=" << s.recipe.id
      << " sched=" << scheduleKey(s.schedule) << " vpp=" << s.vpp << " m=" << s.gradAccum << " b=" << s.microBatch
      << " s=" << s.seq << " gpu=" << s.gpu;
    return o.str();
}

bool finiteNonNegative(double v) { return std::isfinite(v) && v >= 0; }

} // namespace

class TestRobustness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void randomScenarios_data()
    {
        QTest::addColumn<int>("seed");
        for (int i = 0; i < kRows; ++i)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(1000 + i))) << 1000 + i;
    }

    void randomScenarios()
    {
        QFETCH(int, seed);
        Wild w {static_cast<std::uint32_t>(seed)};
        int valid = 0, refused = 0, refusedLate = 0, stepped = 0;
        for (int i = 0; i < kPerRow; ++i) {
            const Scenario s = w.next();
            bool ok = true;
            try {
                validateScenario(s);
            } catch (const InvalidInput& e) {
                ok = false;
                ++refused;
                // A clear error: the field it names and a sentence that starts with the option.
                QVERIFY2(!e.field().empty(), describe(s).c_str());
                QVERIFY2(std::string(e.what()).size() > 8, describe(s).c_str());
                // The footprint refuses it the same way (it validates first), never with another exception.
                bool alsoRefused = false;
                try {
                    computeFootprint(s);
                } catch (const InvalidInput&) {
                    alsoRefused = true;
                }
                QVERIFY2(alsoRefused, ("computeFootprint answered a scenario validateScenario refuses: " + describe(s)).c_str());
            }
            if (!ok)
                continue;
            // computeFootprint may still refuse what validateScenario lets through (a term beyond the model's
            // range, e.g. 10^18 bytes of activations): that is a clear error too, counted apart.
            Footprint f;
            try {
                f = computeFootprint(s);
            } catch (const InvalidInput& e) {
                ++refusedLate;
                QVERIFY2(!e.field().empty() && std::string(e.what()).size() > 8, describe(s).c_str());
                continue;
            }
            ++valid;
            QVERIFY2(!f.ranks.empty(), describe(s).c_str());
            for (const RankFootprint& r : f.ranks) {
                std::int64_t sum = 0;
                for (int t = 0; t < kTermCount; ++t) {
                    QVERIFY2(r.bytes(Term(t)) >= 0, (describe(s) + " " + termKey(Term(t))).c_str());
                    sum += r.bytes(Term(t));
                }
                QVERIFY2(r.totalBytes == sum, describe(s).c_str());
                QVERIFY2(r.totalBytes <= f.worstBytes(), describe(s).c_str());
            }
            QVERIFY2(f.totalParams > 0, describe(s).c_str());
            QVERIFY2(f.hostBytesPerNode >= 0 && f.nvmeBytesPerNode >= 0, describe(s).c_str());
            QVERIFY2(f.usableBytes > 0 && f.usableBytes <= f.capacityBytes, describe(s).c_str());
            QVERIFY2(f.fits == (f.worstBytes() <= f.usableBytes), describe(s).c_str());
            QVERIFY2(finiteNonNegative(f.activations.storedBytes) && finiteNonNegative(f.activations.workingBytes),
                     describe(s).c_str());
            // The step model on a sample (it schedules every micro-batch: slower than the footprint).
            if (i % 500 == 0) {
                StepResult r;
                try {
                    r = computeStep(s);
                } catch (const InvalidInput& e) {
                    QVERIFY2(!e.field().empty(), describe(s).c_str());
                    continue;
                }
                ++stepped;
                QVERIFY2(std::isfinite(r.totals.stepTime) && r.totals.stepTime > 0, describe(s).c_str());
                QVERIFY2(finiteNonNegative(r.totals.bubbleSeconds) && finiteNonNegative(r.totals.computeSeconds),
                         describe(s).c_str());
                for (const StepEvent& e : r.events)
                    QVERIFY2(std::isfinite(e.start) && finiteNonNegative(e.duration), describe(s).c_str());
            }
        }
        // Both sides are exercised: neither an all-invalid nor an all-valid generator.
        QVERIFY2(valid > kPerRow / 5 && refused > kPerRow / 10,
                 qPrintable(QStringLiteral("valid %1, refused %2").arg(valid).arg(refused)));
        qInfo("seed %d: %d answered, %d refused by validateScenario, %d refused by computeFootprint, %d steps", seed, valid,
              refused, refusedLate, stepped);
    }

    void extremes_data()
    {
        QTest::addColumn<qint64>("params");
        QTest::addColumn<qint64>("gpus");
        for (qint64 p : {qint64(100000000), qint64(2000000000000)})
            for (qint64 n : {qint64(1), qint64(16384)})
                QTest::newRow(qPrintable(QStringLiteral("%1 params on %2 GPUs").arg(p).arg(n))) << p << n;
    }
    void extremes()
    {
        // The corners named in the issue, for every recipe and ZeRO stage: an answer of sound bytes.
        QFETCH(qint64, params);
        QFETCH(qint64, gpus);
        for (const Recipe& recipe : recipes()) {
            for (int stage = 0; stage <= 3; ++stage) {
                Scenario s;
                setBareParams(s, params);
                s.gpus = gpus;
                s.tp = s.pp = s.cp = 1;
                s.zeroStage = stage;
                s.recipe = recipe;
                s.offloadOptimizer = OffloadDevice::None;
                s.offloadParams = OffloadDevice::None;
                const Footprint f = computeFootprint(s);
                for (const RankFootprint& r : f.ranks)
                    for (int t = 0; t < kTermCount; ++t)
                        QVERIFY2(r.bytes(Term(t)) >= 0, (describe(s) + " " + termKey(Term(t))).c_str());
                // Model states of a bare count: exactly params x bytes per param, sharded by the stage.
                const double perParam = f.bytesPerParam.total();
                // Each term at its largest over the step: the peak moment's breakdown may miss one (issue 8's
                // liveness: with fp32 and one GPU the peak can come before the gradients exist).
                double states = 0;
                for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
                    states += double(f.worstRank().stepMaxBytes[static_cast<std::size_t>(t)]);
                QVERIFY2(states <= perParam * double(params) + 64, describe(s).c_str());
                if (stage == 3)
                    QVERIFY2(states >= perParam * double(params) / double(gpus) - 64, describe(s).c_str());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestRobustness)
#include "tst_robustness.moc"
