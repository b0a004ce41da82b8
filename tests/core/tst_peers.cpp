// SPDX-License-Identifier: MIT
// Peer conventions (core/src/peers.cpp) against the peers' own published outputs: DeepSpeed's docs page
// (docs/code-docs/source/memory.rst, the t5-3b examples), the expectations in Megatron-LM's
// tests/unit_tests/test_theoretical_memory_usage.py, the ZeRO paper's Figure 1 and Table 1, Korthikanti
// et al.'s Table 2 and accelerate's docs (usage_guides/model_size_estimator.md). Then properties: each
// convention brackets ShardScope's model-states term where the definitions agree; one test per reason.
#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/peers.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <sstream>

using namespace shardscope;

Q_DECLARE_METATYPE(std::function<void(Scenario&)>)
Q_DECLARE_METATYPE(shardscope::PeerId)

namespace {

/// t5-3b's exact parameter count, derived by hand from its config (d_model 1024, d_ff 16384, 24 + 24
/// layers, 32 heads x d_kv 128, vocab 32128, relative attention bias 32 x 32 in the first layer of each
/// stack, T5 LayerNorm weight only, shared embedding): 32,899,072 (shared) + 1,208,010,752 (encoder)
/// + 1,610,688,512 (decoder) = 2,851,598,336. DeepSpeed's docs print "2851M" for it; its largest
/// module is the shared embedding, 32128 x 1024 = 32,899,072 ("32M").
constexpr double kT5_3b = 2851598336.0;
constexpr double kT5_3bLargest = 32899072.0;

QStringList lines(const std::string& text)
{
    QStringList out;
    for (const QString& l : QString::fromStdString(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QString t = l;
        while (t.endsWith(QLatin1Char(' ')))
            t.chop(1); // the docs page (reStructuredText) drops trailing blanks; the code prints "cpu "
        out << t;
    }
    return out;
}

Scenario baseline()
{
    // 7.5B bare count on 64 GPUs, ZeRO-2, mixed, model states only: where the peers' definitions agree.
    Scenario s;
    setBareParams(s, 7500000000);
    s.gpus = 64;
    s.gpusPerNode = 8;
    s.zeroStage = 2;
    s.recipe = resolveRecipe("mixed");
    s.modelStatesOnly = true;
    s.checkpointing = Checkpointing::Selective;
    s.sequenceParallel = false;
    return s;
}

double modelStates(const Scenario& s)
{
    // Each model-state term at its largest over the step (the peak moment's breakdown may miss one).
    const Footprint f = computeFootprint(s);
    const RankFootprint& w = f.worstRank();
    double sum = 0;
    for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
        sum += double(w.stepMaxBytes[static_cast<std::size_t>(t)]);
    return sum;
}

bool hasReason(const PeerEstimate& e, const std::string& id)
{
    for (const PeerReason& r : e.reasons)
        if (r.id == id)
            return true;
    return false;
}

std::string reasonText(const PeerEstimate& e, const std::string& id)
{
    for (const PeerReason& r : e.reasons)
        if (r.id == id)
            return r.text;
    return {};
}

} // namespace

class TestPeers : public QObject
{
    Q_OBJECT

private slots:
    // ---- DeepSpeed's docs page, to the printed digit
    void deepSpeedZero2DocsCold()
    {
        // memory.rst: estimate_zero2_model_states_mem_needs_all_cold(total_params=2851e6, num_gpus_per_node=8,
        // num_nodes=1). The page still shows the pre-v0.14.3 formula (4P + 16P/N): 15.93GB.
        const QStringList expected = {
            QStringLiteral("Estimated memory needed for params, optim states and gradients for a:"),
            QStringLiteral("HW: Setup with 1 node, 8 GPUs per node."),
            QStringLiteral("SW: Model with 2851M total params."),
            QStringLiteral("  per CPU  |  per GPU |   Options"),
            QStringLiteral("  127.45GB |   5.31GB | offload_optimizer=cpu"),
            QStringLiteral("  127.45GB |  15.93GB | offload_optimizer=none"),
        };
        QCOMPARE(lines(deepSpeedZero2Printed(2851e6, 8, 1, 1.5, true)), expected);
    }

    void deepSpeedZero2DocsLive()
    {
        // memory.rst, the live t5-3b model: 127.48GB / 5.31GB / 15.93GB.
        const QStringList l = lines(deepSpeedZero2Printed(kT5_3b, 8, 1, 1.5, true));
        QCOMPARE(l.value(2), QStringLiteral("SW: Model with 2851M total params."));
        QCOMPARE(l.value(4), QStringLiteral("  127.48GB |   5.31GB | offload_optimizer=cpu"));
        QCOMPARE(l.value(5), QStringLiteral("  127.48GB |  15.93GB | offload_optimizer=none"));
    }

    void deepSpeedZero2Current()
    {
        // stage_1_and_2.py since PR #5099: 2P + int(18P/N). 2851e6 on 8 GPUs: 5,702,000,000 + 6,414,750,000
        // = 12,116,750,000 B = 11.2846 GiB -> "11.28GB" (hand-derived; the docs page was not regenerated).
        const std::vector<DeepSpeedRow> r = deepSpeedZero2Rows(2851e6, 8, 1, 1.5, false);
        QCOMPARE(r[1].gpuBytes, 12116750000.0);
        QCOMPARE(lines(deepSpeedZero2Printed(2851e6, 8, 1, 1.5, false)).value(5),
                 QStringLiteral("  127.45GB |  11.28GB | offload_optimizer=none"));
        // The legacy row: 4P + int(16P/N) = 11,404,000,000 + 5,702,000,000.
        QCOMPARE(deepSpeedZero2Rows(2851e6, 8, 1, 1.5, true)[1].gpuBytes, 17106000000.0);
        // CPU: P x max(4 x 8, 16) x 1.5 = 136,848,000,000; without offload P x 4 x 8 x 1.5, the same here.
        QCOMPARE(r[0].cpuBytes, 136848000000.0);
        QCOMPARE(r[1].cpuBytes, 136848000000.0);
    }

    void deepSpeedZero3DocsCold()
    {
        // memory.rst: estimate_zero3_model_states_mem_needs_all_cold(total_params=2851e6,
        // largest_layer_params=32e6, num_gpus_per_node=8, num_nodes=1).
        const QStringList expected = {
            QStringLiteral("Estimated memory needed for params, optim states and gradients for a:"),
            QStringLiteral("HW: Setup with 1 node, 8 GPUs per node."),
            QStringLiteral("SW: Model with 2851M total params, 32M largest layer params."),
            QStringLiteral("  per CPU  |  per GPU |   Options"),
            QStringLiteral("   71.69GB |   0.12GB | offload_param=cpu , offload_optimizer=cpu , zero_init=1"),
            QStringLiteral("  127.45GB |   0.12GB | offload_param=cpu , offload_optimizer=cpu , zero_init=0"),
            QStringLiteral("   63.72GB |   0.78GB | offload_param=none, offload_optimizer=cpu , zero_init=1"),
            QStringLiteral("  127.45GB |   0.78GB | offload_param=none, offload_optimizer=cpu , zero_init=0"),
            QStringLiteral("    1.43GB |   6.09GB | offload_param=none, offload_optimizer=none, zero_init=1"),
            QStringLiteral("  127.45GB |   6.09GB | offload_param=none, offload_optimizer=none, zero_init=0"),
        };
        QCOMPARE(lines(deepSpeedZero3Printed(2851e6, 32e6, 8, 1, 1.5)), expected);
    }

    void deepSpeedZero3DocsLive()
    {
        // memory.rst, the live t5-3b model (exact counts above).
        const QStringList expected = {
            QStringLiteral("Estimated memory needed for params, optim states and gradients for a:"),
            QStringLiteral("HW: Setup with 1 node, 8 GPUs per node."),
            QStringLiteral("SW: Model with 2851M total params, 32M largest layer params."),
            QStringLiteral("  per CPU  |  per GPU |   Options"),
            QStringLiteral("   71.71GB |   0.12GB | offload_param=cpu , offload_optimizer=cpu , zero_init=1"),
            QStringLiteral("  127.48GB |   0.12GB | offload_param=cpu , offload_optimizer=cpu , zero_init=0"),
            QStringLiteral("   63.74GB |   0.79GB | offload_param=none, offload_optimizer=cpu , zero_init=1"),
            QStringLiteral("  127.48GB |   0.79GB | offload_param=none, offload_optimizer=cpu , zero_init=0"),
            QStringLiteral("    1.47GB |   6.10GB | offload_param=none, offload_optimizer=none, zero_init=1"),
            QStringLiteral("  127.48GB |   6.10GB | offload_param=none, offload_optimizer=none, zero_init=0"),
        };
        QCOMPARE(lines(deepSpeedZero3Printed(kT5_3b, kT5_3bLargest, 8, 1, 1.5)), expected);
    }

    void deepSpeedZero3MultiNode()
    {
        // Hand-derived from stage3.py: 2 nodes x 8 GPUs, P = 1e9, largest 1e8, factor 1.5, zero_init=1,
        // params + optimizer offloaded: CPU = P x 18 x (1/2) x 1.5 = 13.5e9; GPU = 4 x 1e8.
        const std::vector<DeepSpeedRow> r = deepSpeedZero3Rows(1e9, 1e8, 8, 2, 1.5);
        QCOMPARE(r.size(), std::size_t(6));
        QCOMPARE(r[0].cpuBytes, 13500000000.0);
        QCOMPARE(r[0].gpuBytes, 400000000.0);
        // zero_init=0: P x max(4 x 8, 9) x 1.5 = 48e9.
        QCOMPARE(r[1].cpuBytes, 48000000000.0);
        // No offload: 4e8 + int(18e9 / 16) = 4e8 + 1,125,000,000.
        QCOMPARE(r[4].gpuBytes, 1525000000.0);
        QVERIFY(deepSpeedZero3Printed(1e9, 1e8, 8, 2, 1.5).find("HW: Setup with 2 nodes, 8 GPUs per node.")
                != std::string::npos);
    }

    // ---- Megatron-LM's own unit test (tests/unit_tests/test_theoretical_memory_usage.py)
    void megatronUnitTest()
    {
        MegatronArgs a;
        a.kvChannels = 4;
        a.heads = 8;
        a.hidden = 16;
        a.queryGroups = 8;
        a.layers = 2;
        a.ffn = 64;
        a.paddedVocab = 128;
        a.untieEmbeddings = false;
        a.seq = 8;
        a.microBatch = 2;
        a.sequenceParallel = true;
        a.selectiveRecompute = true;
        QCOMPARE(megatronWeightAndOptimizerBytes(a), 187200.0);
        MegatronArgs d = a;
        d.distributedOptimizer = true;
        d.dp = 2;
        QCOMPARE(megatronWeightAndOptimizerBytes(d), 124800.0);
        QCOMPARE(megatronActivationBytes(a, std::nullopt), 27008.0);
        MegatronArgs noSp = a;
        noSp.sequenceParallel = false; // report_theoretical_memory() then calls ..._without_sp
        QVERIFY(std::fabs(megatronActivationBytes(noSp, std::nullopt) - 23520.0) < 1e-9);
        // test_compute_activation_memory_applies_pipeline_discount: pp = 4, 2 micro-batches = half.
        MegatronArgs pp = noSp;
        pp.pp = 4;
        QVERIFY(std::fabs(megatronActivationBytes(pp, 2) - 0.5 * megatronActivationBytes(pp, std::nullopt)) < 1e-9);
        // The printed line (hand-derived): 187200 / 2^20 = 0.1785, 27008 / 2^20 = 0.0258, sum 0.2043.
        QCOMPARE(QString::fromStdString(megatronPrinted(a, std::nullopt)),
                 QStringLiteral("compute_activation_memory with SP\nTheoretical memory footprints: weight and "
                                "optimizer=0.18 MB, activation=0.03 MB, total=0.20 MB\n\n"));
    }

    void megatronLlamaCount()
    {
        // Llama-2-70B with tp = 1: Megatron's count is exact for a bias-free RMSNorm SwiGLU model whose
        // vocabulary (32,000) is already a multiple of 128: 68,976,648,192 params (docs/model.md).
        Scenario s;
        s.arch = *findModelPreset("llama-2-70b");
        MegatronArgs a = megatronArgs(s);
        a.tp = 1;
        a.pp = 1;
        QCOMPARE(megatronMostLoadedShardParams(a), 68976648192.0);
        // Megatron pads the vocabulary to a multiple of 128 x t: 50,257 -> 50,304 (t = 1), 51,200 (t = 8).
        Scenario g;
        g.arch = *findModelPreset("gpt2");
        g.seq = 1024;
        QCOMPARE(megatronArgs(g).paddedVocab, 50304.0);
        g.tp = 4; // 12 heads / 4
        g.gpus = 32;
        QCOMPARE(megatronArgs(g).paddedVocab, 50688.0);
    }

    // ---- The ZeRO paper
    void zeroPaperFigure1()
    {
        // Rajbhandari et al. 2020, Figure 1: Psi = 7.5B, N_d = 64, K = 12: 120GB, 31.4GB, 16.6GB, 1.9GB.
        QCOMPARE(QString::fromStdString(zeroPaperFormat(zeroPaperBytes(7.5e9, 64, 0))), QStringLiteral("120GB"));
        QCOMPARE(QString::fromStdString(zeroPaperFormat(zeroPaperBytes(7.5e9, 64, 1))), QStringLiteral("31.4GB"));
        QCOMPARE(QString::fromStdString(zeroPaperFormat(zeroPaperBytes(7.5e9, 64, 2))), QStringLiteral("16.6GB"));
        QCOMPARE(QString::fromStdString(zeroPaperFormat(zeroPaperBytes(7.5e9, 64, 3))), QStringLiteral("1.9GB"));
        Scenario s = baseline();
        const PeerEstimate e = computePeer(PeerId::ZeroPaper, s);
        QCOMPARE(QString::fromStdString(e.row), QStringLiteral("P_os+g: 2 * Psi + (2 + K) * Psi / N_d = 16.6GB"));
        QCOMPARE(*e.gpuBytesPerDevice, 16640625000.0);
    }

    void zeroPaperTable1_data()
    {
        QTest::addColumn<double>("psi");
        QTest::addColumn<double>("nd");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("printedGB");
        QTest::addColumn<double>("halfUlp");
        // ZeRO paper, Table 1 (per-device GB of model states, K = 12), rows N_d = 1, 4, 16, 64, 1024.
        QTest::newRow("7.5B d=1") << 7.5e9 << 1.0 << 1 << 120.0 << 0.5;
        QTest::newRow("7.5B d=4 os") << 7.5e9 << 4.0 << 1 << 52.5 << 0.05;
        QTest::newRow("7.5B d=4 os+g+p") << 7.5e9 << 4.0 << 3 << 30.0 << 0.5;
        QTest::newRow("7.5B d=16 os") << 7.5e9 << 16.0 << 1 << 35.6 << 0.05;
        QTest::newRow("7.5B d=16 os+g") << 7.5e9 << 16.0 << 2 << 21.6 << 0.05;
        QTest::newRow("7.5B d=16 os+g+p") << 7.5e9 << 16.0 << 3 << 7.5 << 0.05;
        QTest::newRow("7.5B d=64 os+g+p") << 7.5e9 << 64.0 << 3 << 1.88 << 0.005;
        QTest::newRow("7.5B d=1024 os+g+p") << 7.5e9 << 1024.0 << 3 << 0.12 << 0.005;
        QTest::newRow("128B d=4 os") << 128e9 << 4.0 << 1 << 896.0 << 0.5;
        QTest::newRow("128B d=4 os+g") << 128e9 << 4.0 << 2 << 704.0 << 0.5;
        QTest::newRow("128B d=64 os+g+p") << 128e9 << 64.0 << 3 << 32.0 << 0.5;
        QTest::newRow("1T d=4 os") << 1e12 << 4.0 << 1 << 7000.0 << 0.5;
        QTest::newRow("1T d=4 os+g") << 1e12 << 4.0 << 2 << 5500.0 << 0.5;
        QTest::newRow("1T d=64 os+g+p") << 1e12 << 64.0 << 3 << 250.0 << 0.5;
        QTest::newRow("1T d=1024 os+g+p") << 1e12 << 1024.0 << 3 << 15.6 << 0.05;
    }

    void zeroPaperTable1()
    {
        QFETCH(double, psi);
        QFETCH(double, nd);
        QFETCH(int, stage);
        QFETCH(double, printedGB);
        QFETCH(double, halfUlp);
        QVERIFY2(std::fabs(zeroPaperBytes(psi, nd, stage) / 1e9 - printedGB) <= halfUlp + 1e-12,
                 qPrintable(QString::number(zeroPaperBytes(psi, nd, stage) / 1e9, 'f', 6)));
    }

    // ---- Korthikanti et al. 2022, Table 2
    void korthikantiTable2_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<double>("bytes");
        // GPT-3 175B as in the paper: s = 2048, b = 1, h = 12288, a = 96, t = 8; s b h = 25,165,824.
        // 5 a s / h = 80. Hand-derived per row:
        QTest::newRow("no parallelism: 34 + 80") << int(KorthikantiRow::NoParallelism) << 25165824.0 * 114;
        QTest::newRow("TP: 10 + 3 + 10") << int(KorthikantiRow::TensorParallel) << 25165824.0 * 23;
        QTest::newRow("TP + SP: 4.25 + 10") << int(KorthikantiRow::TensorSequenceParallel) << 25165824.0 * 14.25;
        QTest::newRow("TP + selective: 13") << int(KorthikantiRow::TensorParallelSelective) << 25165824.0 * 13;
        QTest::newRow("TP + SP + selective: 4.25") << int(KorthikantiRow::TensorSequenceParallelSelective)
                                                   << 25165824.0 * 4.25;
        QTest::newRow("full recompute: 2") << int(KorthikantiRow::FullRecompute) << 25165824.0 * 2;
    }

    void korthikantiTable2()
    {
        QFETCH(int, row);
        QFETCH(double, bytes);
        QCOMPARE(korthikantiLayerBytes(static_cast<KorthikantiRow>(row), 2048, 1, 12288, 96, 8), bytes);
    }

    // ---- accelerate
    void accelerateDocs()
    {
        // accelerate docs (model_size_estimator.md), bert-base-cased float32: Largest Layer 84.95 MB,
        // Training using Adam 1.61 GB. Hand count: word embeddings 28996 x 768 = 22,268,928 params (the
        // largest), 108,310,272 params in all; in fp32 89,075,712 B and 433,241,088 B.
        QCOMPARE(QString::fromStdString(accelerateConvertBytes(89075712.0)), QStringLiteral("84.95 MB"));
        QCOMPARE(QString::fromStdString(accelerateConvertBytes(double(accelerateTrainingBytes(433241088, false)))),
                 QStringLiteral("1.61 GB"));
        // float16 (mixed): the largest stage is the optimizer's 2 x fp32 size = 8 B/param.
        QCOMPARE(accelerateTrainingBytes(400, true), 800.0);
        QCOMPARE(accelerateTrainingBytes(400, false), 1600.0);
        // Python's repr of round(x, 2): "13.0 GB", "1.5 KB", "1023.0 bytes".
        QCOMPARE(QString::fromStdString(accelerateConvertBytes(13.0 * 1073741824.0)), QStringLiteral("13.0 GB"));
        QCOMPARE(QString::fromStdString(accelerateConvertBytes(1536.0)), QStringLiteral("1.5 KB"));
        QCOMPARE(QString::fromStdString(accelerateConvertBytes(1023.0)), QStringLiteral("1023.0 bytes"));
    }

    void accelerateTable()
    {
        // The ASCII table's lines all have the same width in code points (create_ascii_table).
        Scenario s;
        s.arch = *findModelPreset("llama-2-7b");
        s.gpus = 8;
        const PeerEstimate e = computePeer(PeerId::Accelerate, s);
        const QStringList l = QString::fromStdString(e.printed).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(l.size(), 11); // loading line + 10 table lines (3 head, header, separator, 4 rows, bottom)
        QCOMPARE(l[0], QStringLiteral("Loading pretrained config for `Llama-2 7B` from `transformers`..."));
        for (int i = 2; i < l.size(); ++i)
            QCOMPARE(l[i].size(), l[1].size());
        // Llama-2-7B: 6,738,415,616 params less the LM head 32000 x 4096 = 6,607,343,616 in AutoModel;
        // mixed -> 8 B/param = 52,858,748,928 B = 49.23 GiB.
        QCOMPARE(*e.gpuBytesPerDevice, 52858748928.0);
        QVERIFY(e.printed.find("49.23 GB") != std::string::npos);
    }

    // ---- The conventions side by side
    void allConventions()
    {
        const std::vector<PeerEstimate> v = computePeers(defaultScenario());
        QCOMPARE(int(v.size()), kPeerCount);
        const char* keys[] = {"deepspeed_zero2", "deepspeed_zero2_legacy", "deepspeed_zero3", "megatron",
                              "zero_paper",      "accelerate",             "shardscope"};
        for (int i = 0; i < kPeerCount; ++i) {
            QCOMPARE(QString::fromLatin1(peerKey(v[std::size_t(i)].id)), QString::fromLatin1(keys[i]));
            QVERIFY(v[std::size_t(i)].gpuBytesPerDevice.has_value());
            QVERIFY(!v[std::size_t(i)].printed.empty());
        }
        // Host bytes: DeepSpeed's per node and ShardScope's; the others have none.
        QVERIFY(v[0].hostBytesPerNode && v[1].hostBytesPerNode && v[2].hostBytesPerNode && v[6].hostBytesPerNode);
        QVERIFY(!v[3].hostBytesPerNode && !v[4].hostBytesPerNode && !v[5].hostBytesPerNode);
        // DeepSpeed ignores activations (marked ignored, not zero); Megatron counts them.
        QCOMPARE(v[2].terms[int(Term::Activations)].status, PeerTermStatus::Ignored);
        QCOMPARE(v[3].terms[int(Term::Activations)].status, PeerTermStatus::Counted);
        QCOMPARE(v[5].terms[int(Term::Params)].status, PeerTermStatus::Lumped);
        // The default scenario (Llama-2-70B, 32 GPUs, ZeRO-3, no offload): DeepSpeed ZeRO-3 picks the row
        // offload none, zero_init=1: 4 x 262,144,000 (the 32000 x 8192 embedding) + int(18 x 68,976,648,192 / 32).
        QCOMPARE(*v[2].gpuBytesPerDevice, 4.0 * 262144000 + 38799364608.0);
        QVERIFY(v[2].row.find("offload_param=none, offload_optimizer=none, zero_init=1") != std::string::npos);
    }

    void peerInputs()
    {
        Scenario s = baseline();
        PeerInputs in;
        in.largestLayerParams = 1000000;
        in.zeroInit = false;
        in.bufferFactor = 2;
        const PeerEstimate e = computePeer(PeerId::DeepSpeedZero3, s, in);
        // No offload, zero_init=0: CPU = P x 4 x 8 x 2 = 480e9; GPU = 4e6 + int(18 x 7.5e9 / 64).
        QCOMPARE(*e.hostBytesPerNode, 480e9);
        QCOMPARE(*e.gpuBytesPerDevice, 4e6 + 2109375000.0);
        in.largestLayerParams = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computePeer(PeerId::DeepSpeedZero3, s, in));
        in.largestLayerParams = 8000000000;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computePeer(PeerId::DeepSpeedZero3, s, in));
        in.largestLayerParams.reset();
        in.bufferFactor = std::nan("");
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computePeers(s, in));
        in.bufferFactor = -1;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computePeers(s, in));
    }

    void extremes()
    {
        // The model's range (100T params, 1,048,576 GPUs, 1024 per node): every figure finite and positive;
        // DeepSpeed's ZeRO-2 CPU side with optimizer offload, P x max(4N, 16) x 1.5 = 6.3e20 B, is beyond
        // int64 (Python's int is not bounded) and must not overflow.
        Scenario s;
        setBareParams(s, 100000000000000);
        s.gpus = 1048576;
        s.gpusPerNode = 1024;
        s.offloadOptimizer = OffloadDevice::Cpu;
        for (const PeerEstimate& e : computePeers(s)) {
            QVERIFY(e.gpuBytesPerDevice && std::isfinite(*e.gpuBytesPerDevice) && *e.gpuBytesPerDevice > 0);
            if (e.hostBytesPerNode)
                QVERIFY(std::isfinite(*e.hostBytesPerNode) && *e.hostBytesPerNode >= 0);
        }
        QCOMPARE(*computePeer(PeerId::DeepSpeedZero2, s).hostBytesPerNode, 1e14 * 4 * 1048576 * 1.5);
    }

    void largestLayer()
    {
        // Llama-2-70B: the embedding 32000 x 8192 = 262,144,000 beats an MLP matrix 8192 x 28672 = 234,881,024.
        Scenario s;
        s.arch = *findModelPreset("llama-2-70b");
        QCOMPARE(largestLayerParams(s), 262144000.0);
        // Llama-3-8B: embedding 128256 x 4096 = 525,336,576.
        s.arch = *findModelPreset("llama-3-8b");
        QCOMPARE(largestLayerParams(s), 525336576.0);
    }

    // ---- Brackets: where the definitions agree, each convention brackets ShardScope's model states
    void brackets_data()
    {
        QTest::addColumn<qint64>("gpus");
        for (qint64 n : {8, 64, 512})
            QTest::newRow(qPrintable(QStringLiteral("N=%1").arg(n))) << n;
    }

    void shardScopeTermsAtThePeakAndAtTheirStepMaximum()
    {
        // The default scenario (Llama-2-70B, 68,976,648,192 params, ZeRO-3 over d = 32, mixed): the liveness
        // peak comes before the 16-bit gradients exist. Issue 26: the ShardScope column shows the Memory tab's
        // breakdown (the terms at the peak, 0 B of grads, summing to the total; it showed 50.6 GB of terms under a
        // 44.5 GB total), and each term at its largest over the step beside it, as the peers count them:
        // grads 2 B x 68,976,648,192 / 32 = 4,311,040,512 B.
        const Footprint f = computeFootprint(defaultScenario());
        const PeerEstimate e = computePeer(PeerId::ShardScope, defaultScenario());
        QCOMPARE(e.terms[static_cast<int>(Term::Grads)].bytes, 0.0);
        QCOMPARE(e.terms[static_cast<int>(Term::Grads)].stepMaxBytes, 4311040512.0);
        // (Params are 2,555,392 B more: DeepSpeed's stage3_param_persistence_threshold keeps the small norm
        // weights whole on every rank, the default framework convention.)
        // The total stays the liveness peak (device used on the worst rank), and the column's terms sum to it.
        QCOMPARE(e.gpuBytesPerDevice, double(f.worstRank().totalBytes));
        double sum = 0;
        for (int i = 0; i < kTermCount; ++i) {
            QCOMPARE(e.terms[std::size_t(i)].bytes, double(f.worstRank().terms[std::size_t(i)].bytes));
            sum += e.terms[std::size_t(i)].bytes;
        }
        QCOMPARE(sum, *e.gpuBytesPerDevice);
    }

    void brackets()
    {
        QFETCH(qint64, gpus);
        Scenario s = baseline();
        s.gpus = gpus;
        const double P = 7.5e9, N = double(gpus);
        for (int stage = 0; stage <= 3; ++stage) {
            s.zeroStage = stage;
            const double ss = modelStates(s);
            // ZeRO paper: equal up to ShardScope rounding each shard up to a whole parameter (16 B at most).
            const double zp = *computePeer(PeerId::ZeroPaper, s).gpuBytesPerDevice;
            QVERIFY2(zp <= ss + 1e-3 && ss <= zp + 16, qPrintable(QStringLiteral("stage %1").arg(stage)));
            if (stage == 2) {
                // DeepSpeed ZeRO-2 (current) = the paper + a 4 B fp32 grad shard: ds - 4P/N <= ss <= ds.
                const double ds = *computePeer(PeerId::DeepSpeedZero2, s).gpuBytesPerDevice;
                QVERIFY(ds - 4 * P / N - 1 <= ss && ss <= ds + 16);
                // Legacy: 16-bit grads whole (2P - 2P/N more) plus the fp32 shard.
                const double lg = *computePeer(PeerId::DeepSpeedZero2Legacy, s).gpuBytesPerDevice;
                QVERIFY(lg - (2 * P - 2 * P / N) - 4 * P / N - 1 <= ss && ss <= lg + 16);
            }
            if (stage == 3) {
                // DeepSpeed ZeRO-3: 4L + 18P/N (fp32 grads of 4 B where the paper has 2 B of 16-bit ones):
                // ds - 4L - 2P/N <= ss <= ds.
                PeerInputs in;
                const double L = double(largestLayerParams(s));
                const double ds = *computePeer(PeerId::DeepSpeedZero3, s, in).gpuBytesPerDevice;
                QVERIFY(ds - 4 * L - 2 * P / N - 1 <= ss && ss <= ds + 16);
            }
        }
        // Megatron with its own recipe (18 B) and the distributed optimizer (ZeRO-1) on Llama-2-7B: exact.
        Scenario m;
        m.arch = *findModelPreset("llama-2-7b");
        m.gpus = gpus;
        m.zeroStage = 1;
        m.recipe = resolveRecipe("megatron-bf16");
        m.modelStatesOnly = true;
        const PeerEstimate me = computePeer(PeerId::Megatron, m);
        double mt = 0;
        for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
            mt += me.terms[int(t)].bytes;
        const double ssm = modelStates(m);
        QVERIFY2(mt <= ssm + 1e-3 && ssm <= mt + 16, qPrintable(QStringLiteral("%1 vs %2").arg(mt).arg(ssm)));
        // accelerate on one GPU, fp32: 16 B/param of AutoModel (no LM head) <= ShardScope's 16 B of the
        // whole model; mixed: 8 B/param, at most half of ShardScope's 16 B.
        Scenario a;
        a.arch = *findModelPreset("llama-2-7b");
        a.gpus = 1;
        a.zeroStage = 0;
        a.modelStatesOnly = true;
        a.recipe = resolveRecipe("fp32");
        const double head = double(countParams(a.arch).lmHead);
        const double ac32 = *computePeer(PeerId::Accelerate, a).gpuBytesPerDevice;
        QCOMPARE(ac32 + 16 * head, modelStates(a));
        a.recipe = resolveRecipe("mixed");
        const double ac16 = *computePeer(PeerId::Accelerate, a).gpuBytesPerDevice;
        QCOMPARE(2 * (ac16 + 8 * head), modelStates(a));
    }

    // ---- One test per reason: it appears when its cause is present, not in the baseline
    void reasons_data()
    {
        QTest::addColumn<PeerId>("peer");
        QTest::addColumn<QString>("id");
        QTest::addColumn<std::function<void(Scenario&)>>("cause");
        QTest::addColumn<QString>("mentions");
        using F = std::function<void(Scenario&)>;
        const F none = [](Scenario&) {};
        const F full = [](Scenario& s) { s.modelStatesOnly = false; };
        const F tp = [](Scenario& s) { s.arch = *findModelPreset("llama-2-7b"); s.bareParams.reset(); s.tp = 2; };
        QTest::newRow("ds.gib") << PeerId::DeepSpeedZero2 << "ds.gib" << none << "2^30";
        QTest::newRow("ds.model_states_only") << PeerId::DeepSpeedZero2 << "ds.model_states_only" << full << "activations";
        QTest::newRow("ds.stage") << PeerId::DeepSpeedZero2 << "ds.stage" << F([](Scenario& s) { s.zeroStage = 3; })
                                  << "ZeRO-3";
        QTest::newRow("ds.total_gpus") << PeerId::DeepSpeedZero2 << "ds.total_gpus" << tp << "d = 32";
        QTest::newRow("ds.uneven_nodes") << PeerId::DeepSpeedZero2 << "ds.uneven_nodes"
                                         << F([](Scenario& s) { s.gpus = 12; }) << "2 x 8 = 16";
        QTest::newRow("ds.recipe") << PeerId::DeepSpeedZero2 << "ds.recipe"
                                   << F([](Scenario& s) { s.recipe = resolveRecipe("fp32"); }) << "16 B/param";
        QTest::newRow("ds.nvme") << PeerId::DeepSpeedZero3 << "ds.nvme"
                                 << F([](Scenario& s) { s.zeroStage = 3; s.offloadOptimizer = OffloadDevice::Nvme; })
                                 << "NVMe";
        QTest::newRow("ds2.fp32_grads") << PeerId::DeepSpeedZero2 << "ds2.fp32_grads" << none << "2 B x P + 18 B x P / N";
        QTest::newRow("ds2.legacy") << PeerId::DeepSpeedZero2Legacy << "ds2.legacy" << none << "PR #5099";
        QTest::newRow("ds.cpu_buffer") << PeerId::DeepSpeedZero2 << "ds.cpu_buffer" << none << "1.5";
        QTest::newRow("ds3.largest_layer") << PeerId::DeepSpeedZero3 << "ds3.largest_layer" << none << "4 B x the largest layer";
        QTest::newRow("ds3.fp32_grads") << PeerId::DeepSpeedZero3 << "ds3.fp32_grads" << none << "18 B/param";
        QTest::newRow("ds3.param_only_offload")
            << PeerId::DeepSpeedZero3 << "ds3.param_only_offload"
            << F([](Scenario& s) { s.zeroStage = 3; s.offloadParams = OffloadDevice::Cpu; }) << "both";
        QTest::newRow("ds3.zero_init") << PeerId::DeepSpeedZero3 << "ds3.zero_init" << none << "zero_init=1";
        QTest::newRow("mt.mib") << PeerId::Megatron << "mt.mib" << none << "2^20";
        QTest::newRow("mt.zero23") << PeerId::Megatron << "mt.zero23" << none << "ZeRO-2";
        QTest::newRow("mt.bytes") << PeerId::Megatron << "mt.bytes" << none << "16 B/param";
        QTest::newRow("mt.param_count") << PeerId::Megatron << "mt.param_count" << none << "7,500,000,000";
        QTest::newRow("mt.full_recompute") << PeerId::Megatron << "mt.full_recompute"
                                           << F([](Scenario& s) { s.checkpointing = Checkpointing::Full; }) << "2 s b h";
        QTest::newRow("mt.no_recompute") << PeerId::Megatron << "mt.no_recompute"
                                         << F([](Scenario& s) { s.checkpointing = Checkpointing::None; }) << "5 a s/h";
        QTest::newRow("mt.per_op") << PeerId::Megatron << "mt.per_op"
                                   << F([](Scenario& s) { s.checkpointing = Checkpointing::PerOp; }) << "per-op";
        QTest::newRow("mt.no_sp") << PeerId::Megatron << "mt.no_sp" << none << "10 + 24/t";
        QTest::newRow("mt.gpt_block") << PeerId::Megatron << "mt.gpt_block" << tp << "SwiGLU";
        QTest::newRow("mt.moe") << PeerId::Megatron << "mt.moe"
                                << F([](Scenario& s) { s.arch = *findModelPreset("mixtral-8x7b"); s.bareParams.reset(); })
                                << "#1784";
        QTest::newRow("mt.first_stage") << PeerId::Megatron << "mt.first_stage"
                                        << F([](Scenario& s) { s.pp = 2; }) << "first stage";
        QTest::newRow("mt.cp") << PeerId::Megatron << "mt.cp" << F([](Scenario& s) { s.cp = 2; }) << "context-parallel size 2";
        QTest::newRow("mt.overheads") << PeerId::Megatron << "mt.overheads" << full << "CUDA context";
        QTest::newRow("zp.k12") << PeerId::ZeroPaper << "zp.k12"
                                << F([](Scenario& s) { s.recipe = resolveRecipe("megatron-bf16"); }) << "18 B/param";
        QTest::newRow("zp.even_split") << PeerId::ZeroPaper << "zp.even_split" << tp << "t x p = 2";
        QTest::newRow("zp.no_gather") << PeerId::ZeroPaper << "zp.no_gather" << F([](Scenario& s) { s.zeroStage = 3; })
                                      << "gathered";
        QTest::newRow("zp.offload") << PeerId::ZeroPaper << "zp.offload"
                                    << F([](Scenario& s) { s.offloadOptimizer = OffloadDevice::Cpu; }) << "ZeRO-Offload";
        QTest::newRow("zp.model_states_only") << PeerId::ZeroPaper << "zp.model_states_only" << full << "ZeRO-R";
        QTest::newRow("ac.max_not_sum") << PeerId::Accelerate << "ac.max_not_sum" << none << "8 B/param";
        QTest::newRow("ac.one_device") << PeerId::Accelerate << "ac.one_device" << none << "one device";
        QTest::newRow("ac.no_lm_head") << PeerId::Accelerate << "ac.no_lm_head" << tp << "131,072,000";
        QTest::newRow("ac.binary_units") << PeerId::Accelerate << "ac.binary_units" << none << "1024^n";
        QTest::newRow("ac.batch1") << PeerId::Accelerate << "ac.batch1" << full << "batch size 1";
    }

    void reasons()
    {
        QFETCH(PeerId, peer);
        QFETCH(QString, id);
        QFETCH(std::function<void(Scenario&)>, cause);
        QFETCH(QString, mentions);
        Scenario s = baseline();
        cause(s);
        const PeerEstimate e = computePeer(peer, s);
        QVERIFY2(hasReason(e, id.toStdString()), qPrintable(id));
        const QString text = QString::fromStdString(reasonText(e, id.toStdString()));
        QVERIFY2(text.contains(mentions), qPrintable(text));
        QVERIFY(!text.contains(QLatin1Char('\n')));
    }

    void conditionalReasonsAbsentInBaseline()
    {
        const Scenario s = baseline();
        for (PeerId p : allPeers())
            for (const PeerReason& r : computePeer(p, s).reasons)
                for (const char* conditional :
                     {"ds.model_states_only", "ds.total_gpus", "ds.uneven_nodes", "ds.recipe", "ds.nvme",
                      "ds3.param_only_offload", "mt.full_recompute", "mt.no_recompute", "mt.per_op", "mt.gpt_block", "mt.moe",
                      "mt.first_stage", "mt.cp", "mt.overheads", "zp.k12", "zp.even_split", "zp.no_gather",
                      "zp.offload", "zp.model_states_only", "ac.no_lm_head", "ac.batch1"})
                    QVERIFY2(r.id != conditional, qPrintable(QString::fromStdString(r.id)));
        // ShardScope never explains itself against itself.
        QVERIFY(computePeer(PeerId::ShardScope, s).reasons.empty());
    }
    // Issue 14: each reason is a template and its figures (for the window's translation); the command line's text is
    // that template filled in. The figures keep their values: DeepSpeed ZeRO-2 on the default scenario (Llama-2-70B,
    // P = 68,976,648,192, N = 32), stage_1_and_2.py: 2P + int(18P / 32) = 176,752,660,992 B (164.61 GiB).
    void reasonsAreTemplatesWithFigures()
    {
        const PeerEstimate e = computePeer(PeerId::DeepSpeedZero2, defaultScenario());
        const PeerReason* fp32 = nullptr;
        for (const PeerReason& r : e.reasons) {
            QCOMPARE(fillPeerText(r.source), r.text);
            for (std::size_t k = 1; k <= 9; ++k) // a placeholder for every figure, a figure for every placeholder
                QCOMPARE(r.source.templateText.find("%" + std::to_string(k)) != std::string::npos, k <= r.source.args.size());
            if (r.id == "ds2.fp32_grads")
                fp32 = &r;
        }
        QVERIFY(fp32);
        QCOMPARE(fp32->source.args.size(), std::size_t(1));
        QCOMPARE(int(fp32->source.args[0].kind), int(PeerArg::Kind::GiB));
        QCOMPARE(fp32->source.args[0].value, 176752660992.0);
        QCOMPARE(fp32->source.args[0].text, std::string("164.61 GiB"));
        QVERIFY(fp32->text.find("= 164.61 GiB: it adds") != std::string::npos);
        // The figure of a count keeps its value; its English text groups thousands (ZeRO-3: 262,144,000, the embedding).
        const PeerEstimate z3 = computePeer(PeerId::DeepSpeedZero3, defaultScenario());
        const PeerTerm& gathered = z3.terms[std::size_t(Term::Zero3GatheredParams)];
        QCOMPARE(gathered.formulaText.templateText, std::string("2 B x largest layer (%1 params)"));
        QCOMPARE(gathered.formulaText.args[0].value, 262144000.0);
        QCOMPARE(gathered.formula, std::string("2 B x largest layer (262,144,000 params)"));
        // ShardScope's own row: a template too; its terms' formulas are computeFootprint()'s (no template).
        const PeerEstimate own = computePeer(PeerId::ShardScope, defaultScenario());
        QCOMPARE(fillPeerText(own.rowText), own.row);
        QVERIFY(own.terms[std::size_t(Term::Params)].formulaText.templateText.empty());
    }
};

QTEST_APPLESS_MAIN(TestPeers)
#include "tst_peers.moc"
