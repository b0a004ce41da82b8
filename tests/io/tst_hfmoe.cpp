// SPDX-License-Identifier: MIT
// Mixture-of-Experts and MLA configs (issue 25): the published config.json of each model (copied under
// tests/data/hf/ from the model's Hugging Face repository, file config.json on its main branch) must give the count
// worked by hand from the config's fields along transformers' modeling_<type>.py, to the parameter, and the total
// and activated counts the model cards publish (to their printed digits).
#include "hfconfig.h"

#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/modelreading.h"

#include <QTest>

#include <cmath>

using namespace shardscope;

namespace {
QString hfData(const QString& name) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/hf/") + name; }
} // namespace

class TestHfMoe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handCounts_data();
    void handCounts();
    void modelCards_data();
    void modelCards();
    void presetsMatchTheirConfigs_data();
    void presetsMatchTheirConfigs();
    void modelNamesTheReadersKnowMatchTheirConfigs_data();
    void modelNamesTheReadersKnowMatchTheirConfigs();
    void deepSeekV3Mtp();
    void refusals_data();
    void refusals();
};

void TestHfMoe::handCounts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<qint64>("active");
    // Each line: the layer's parts, then total = V h (embedding) + V h (untied head) + h (final norm) + layers.
    // Mixtral-8x22B-v0.1 (mistralai): h 6144, 48 heads of 128, 8 KV heads, f 16384, 8 experts top-2, V 32000.
    //   attention 6144 x (6144 + 2 x 1024) + 6144^2 = 88,080,384; expert 3 x 6144 x 16384 = 301,989,888;
    //   router 6144 x 8 = 49,152; norms 2 x 6144; layer = 88,080,384 + 8 x 301,989,888 + 49,152 + 12,288
    //   = 2,504,060,928; x56 = 140,227,411,968 + 2 x 32000 x 6144 + 6144 = 140,620,634,112.
    //   active: minus 56 x 6 x 301,989,888 = 101,468,602,368 -> 39,152,031,744.
    QTest::newRow("Mixtral-8x22B-v0.1") << "Mixtral-8x22B-v0.1.json" << qint64(140620634112) << qint64(39152031744);
    // Qwen3-235B-A22B (Qwen): h 4096, 64 heads and 4 KV heads of 128, q_norm/k_norm RMSNorm(128), 128 experts of
    //   1536 top-8, V 151936, 94 layers, no dense layer. attention 4096 x (8192 + 1024) + 8192 x 4096 + 256
    //   = 71,303,424; expert 3 x 4096 x 1536 = 18,874,368; router 4096 x 128 = 524,288; layer 71,303,424
    //   + 128 x 18,874,368 + 524,288 + 8192 = 2,487,754,752; x94 = 233,848,946,688 + 2 x 151936 x 4096 + 4096
    //   = 235,093,634,560. active: minus 94 x 120 x 18,874,368 -> 22,190,763,520.
    QTest::newRow("Qwen3-235B-A22B") << "Qwen3-235B-A22B.json" << qint64(235093634560) << qint64(22190763520);
    // gpt-oss-120b (openai): h 2880, 64 heads and 8 KV heads of 64 with biases on q/k/v/o, 64 sinks; 128 experts
    //   (f 2880, gate_up and down with biases) top-4, router with bias; V 201088; 36 layers.
    //   attention 2880 x (4096 + 1024) + 4096 x 2880 + 5120 + 2880 + 64 = 26,550,144; expert 3 x 2880 x 2880
    //   + 2 x 2880 + 2880 = 24,891,840; router 2880 x 128 + 128 = 368,768; layer 26,550,144 + 128 x 24,891,840
    //   + 368,768 + 5760 = 3,213,080,192; x36 = 115,670,886,912 + 2 x 201088 x 2880 + 2880 = 116,829,156,672.
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json" << qint64(116829156672) << qint64(5711982912);
    // OLMoE-1B-7B-0924 (allenai): h 2048, 16 heads, q_norm RMSNorm(2048), k_norm RMSNorm(2048); 64 experts of 1024
    //   top-8; V 50304; 16 layers. attention 4 x 2048^2 + 4096 = 16,781,312; expert 6,291,456; router 131,072;
    //   layer 16,781,312 + 402,653,184 + 131,072 + 4096 = 419,569,664; x16 = 6,713,114,624 + 2 x 50304 x 2048
    //   + 2048 = 6,919,161,856.
    QTest::newRow("OLMoE-1B-7B-0924") << "OLMoE-1B-7B-0924.json" << qint64(6919161856) << qint64(1282017280);
    // Qwen1.5-MoE-A2.7B (Qwen): h 2048, 16 heads, q/k/v biases; 60 experts of 1408 top-4; one shared expert of
    //   5632 with its sigmoid gate Linear(2048, 1); V 151936; 24 layers. attention 4 x 2048^2 + 3 x 2048
    //   = 16,783,360; expert 3 x 2048 x 1408 = 8,650,752; shared 3 x 2048 x 5632 + 2048 = 34,605,056; router
    //   122,880; layer 16,783,360 + 60 x 8,650,752 + 34,605,056 + 122,880 + 4096 = 570,560,512; x24
    //   = 13,693,452,288 + 2 x 151936 x 2048 + 2048 = 14,315,784,192.
    QTest::newRow("Qwen1.5-MoE-A2.7B") << "Qwen1.5-MoE-A2.7B.json" << qint64(14315784192) << qint64(2689173504);
    // DeepSeek-V2-Lite (deepseek-ai): MLA without q compression: q_proj 2048 x 16 x 192, kv_a 2048 x (512 + 64),
    //   kv_a_layernorm 512, kv_b 512 x 16 x 256, o 16 x 128 x 2048: 13,763,072; first layer dense (f 10944:
    //   3 x 2048 x 10944 = 67,239,936), 26 MoE layers of 64 experts of 1408 (8,650,752 each) + 2 shared
    //   (17,301,504) + router 131,072; V 102400.
    //   dense layer 81,007,104; MoE layer 13,763,072 + 553,648,128 + 17,301,504 + 131,072 + 4096 = 584,847,872;
    //   81,007,104 + 26 x 584,847,872 + 2 x 102400 x 2048 + 2048 = 15,706,484,224.
    QTest::newRow("DeepSeek-V2-Lite") << "DeepSeek-V2-Lite.json" << qint64(15706484224) << qint64(2661150208);
    // DeepSeek-V3 (deepseek-ai): MLA q_a 7168 x 1536, q_a_layernorm 1536, q_b 1536 x 128 x 192, kv_a 7168 x 576,
    //   kv_a_layernorm 512, kv_b 512 x 128 x 256, o 128 x 128 x 7168: 187,107,328. 3 dense layers (f 18432:
    //   396,361,728), 58 MoE layers: 256 experts of 2048 (44,040,192 each) + 1 shared + router 7168 x 256 + the
    //   256 e_score_correction_bias = 1,835,264. MoE layer 187,107,328 + 257 x 44,040,192 + 1,835,264 + 14,336
    //   = 11,507,286,272; dense 583,483,392; 3 x 583,483,392 + 58 x 11,507,286,272 + 2 x 129280 x 7168 + 7168
    //   = 671,026,419,200. active: minus 58 x 248 x 44,040,192 -> 37,552,297,472.
    QTest::newRow("DeepSeek-V3") << "DeepSeek-V3.json" << qint64(671026419200) << qint64(37552297472);
    // Llama-4-Scout-17B-16E (meta-llama), text model: h 5120, 40 heads and 8 KV heads of 128, 16 experts of 8192
    //   top-1, one shared expert of 8192, router 5120 x 16, every layer MoE; V 202048; 48 layers.
    //   attention 62,914,560; expert 125,829,120; layer 62,914,560 + 17 x 125,829,120 + 81,920 + 10,240
    //   = 2,202,102,784; x48 = 105,700,933,632 + 2 x 202048 x 5120 + 5120 = 107,769,861,120.
    QTest::newRow("Llama-4-Scout-17B-16E (text)")
        << "Llama-4-Scout-17B-16E.json" << qint64(107769861120) << qint64(17172894720);
}

void TestHfMoe::handCounts()
{
    QFETCH(QString, file);
    QFETCH(qint64, total);
    QFETCH(qint64, active);
    const Architecture a = architectureFromHfConfigFile(hfData(file));
    const ParamCounts c = countParams(a);
    QCOMPARE(c.total, std::int64_t(total));
    QCOMPARE(c.activePerToken, std::int64_t(active));
}

void TestHfMoe::modelCards_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("active");
    QTest::addColumn<bool>("activeWithoutEmbedding");
    QTest::addColumn<double>("digit"); // the card's last printed digit: ours lies within one of it (cards round or cut)
    // Mistral AI, "Cheaper, Better, Faster, Stronger" (2024-04-17): 141B parameters, 39B active.
    QTest::newRow("Mixtral-8x22B: 141B, 39B active") << "Mixtral-8x22B-v0.1.json" << 141e9 << 39e9 << false << 1e9;
    // Qwen/Qwen3-235B-A22B model card: 235B in total, 22B activated.
    QTest::newRow("Qwen3-235B-A22B: 235B, 22B") << "Qwen3-235B-A22B.json" << 235e9 << 22e9 << false << 1e9;
    // OpenAI, gpt-oss-120b & gpt-oss-20b model card (2025-08-05), Table 1: 116.83B total, 5.13B active (the active
    // count leaves out the embedding, counts the unembedding).
    QTest::newRow("gpt-oss-120b: 116.83B, 5.13B") << "gpt-oss-120b.json" << 116.83e9 << 5.13e9 << true << 0.01e9;
    // Muennighoff et al. 2024, OLMoE (arXiv 2409.02060), Table 1: 6.9B total, 1.3B active.
    QTest::newRow("OLMoE-1B-7B: 6.9B, 1.3B") << "OLMoE-1B-7B-0924.json" << 6.9e9 << 1.3e9 << false << 0.1e9;
    // Qwen/Qwen1.5-MoE-A2.7B model card: 14.3B parameters, 2.7B activated.
    QTest::newRow("Qwen1.5-MoE-A2.7B: 14.3B, 2.7B") << "Qwen1.5-MoE-A2.7B.json" << 14.3e9 << 2.7e9 << false << 0.1e9;
    // deepseek-ai/DeepSeek-V2-Lite model card: 15.7B total, 2.4B activated (without the embedding).
    QTest::newRow("DeepSeek-V2-Lite: 15.7B, 2.4B") << "DeepSeek-V2-Lite.json" << 15.7e9 << 2.4e9 << true << 0.1e9;
    // DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv 2412.19437), abstract: 671B total, 37B activated (as for
    // DeepSeek-V2-Lite, without the embedding).
    QTest::newRow("DeepSeek-V3: 671B, 37B") << "DeepSeek-V3.json" << 671e9 << 37e9 << true << 1e9;
    // meta-llama/Llama-4-Scout-17B-16E model card: 17B active (the 109B total includes the vision encoder).
    QTest::newRow("Llama-4-Scout: 17B active") << "Llama-4-Scout-17B-16E.json" << 0.0 << 17e9 << false << 1e9;
}

void TestHfMoe::modelCards()
{
    QFETCH(QString, file);
    QFETCH(double, total);
    QFETCH(double, active);
    QFETCH(bool, activeWithoutEmbedding);
    QFETCH(double, digit);
    const ParamCounts c = countParams(architectureFromHfConfigFile(hfData(file)));
    auto within = [&](double ours, double card) {
        return std::fabs(ours - card) < digit ? QString()
                                              : QString::number(ours, 'f', 0) + " vs " + QString::number(card, 'f', 0);
    };
    if (total > 0)
        QVERIFY2(within(double(c.total), total).isEmpty(), qPrintable(within(double(c.total), total)));
    const double ours = double(activeWithoutEmbedding ? c.activeNonEmbedding : c.activePerToken);
    QVERIFY2(within(ours, active).isEmpty(), qPrintable(within(ours, active)));
}

void TestHfMoe::presetsMatchTheirConfigs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("preset");
    QTest::newRow("mixtral-8x22b") << "Mixtral-8x22B-v0.1.json"
                                   << "mixtral-8x22b";
    QTest::newRow("deepseek-v3") << "DeepSeek-V3.json"
                                 << "deepseek-v3";
    QTest::newRow("qwen3-235b-a22b") << "Qwen3-235B-A22B.json"
                                     << "qwen3-235b-a22b";
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json"
                                  << "gpt-oss-120b";
}

void TestHfMoe::presetsMatchTheirConfigs()
{
    QFETCH(QString, file);
    QFETCH(QString, preset);
    const Architecture a = architectureFromHfConfigFile(hfData(file));
    const auto p = findModelPreset(preset.toStdString());
    QVERIFY(p);
    const ParamCounts ca = countParams(a), cp = countParams(*p);
    QCOMPARE(cp.total, ca.total);
    QCOMPARE(cp.activePerToken, ca.activePerToken);
    QCOMPARE(cp.mtp, ca.mtp);
    QCOMPARE(p->experts, a.experts);
    QCOMPARE(p->topK, a.topK);
    QCOMPARE(p->expertFfn(), a.expertFfn());
    QCOMPARE(p->sharedExperts, a.sharedExperts);
    QCOMPARE(p->denseLayers, a.denseLayers);
    QCOMPARE(p->headDim, a.headDim);
    QCOMPARE(p->kvLoraRank, a.kvLoraRank);
}

void TestHfMoe::modelNamesTheReadersKnowMatchTheirConfigs_data()
{
    // The model names a validate row may give (core/src/modelreading.cpp, presetForModelName), as published runs write
    // them, against the import of each model's own config.json (tests/data/hf/).
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("file");
    QTest::newRow("Mixtral 8x7B") << "Mixtral 8x7B" << "Mixtral-8x7B-v0.1.json";
    QTest::newRow("Mixtral-8x22B-v0.1") << "Mixtral-8x22B-v0.1" << "Mixtral-8x22B-v0.1.json";
    QTest::newRow("DeepSeek-V3") << "DeepSeek-V3" << "DeepSeek-V3.json";
    QTest::newRow("Qwen3-235B-A22B") << "Qwen3-235B-A22B" << "Qwen3-235B-A22B.json";
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b" << "gpt-oss-120b.json";
    QTest::newRow("OLMoE-1B-7B-0924") << "OLMoE-1B-7B-0924" << "OLMoE-1B-7B-0924.json";
    QTest::newRow("Qwen1.5-MoE-A2.7B") << "Qwen1.5-MoE-A2.7B" << "Qwen1.5-MoE-A2.7B.json";
    QTest::newRow("DeepSeek-V2-Lite") << "DeepSeek V2 Lite" << "DeepSeek-V2-Lite.json";
}

void TestHfMoe::modelNamesTheReadersKnowMatchTheirConfigs()
{
    QFETCH(QString, name);
    QFETCH(QString, file);
    const Architecture a = architectureFromHfConfigFile(hfData(file));
    const auto m = presetForModelName(name.toStdString());
    QVERIFY(m);
    const Architecture& p = m->arch;
    const ParamCounts ca = countParams(a), cp = countParams(p);
    QCOMPARE(cp.total, ca.total);
    QCOMPARE(cp.activePerToken, ca.activePerToken);
    QCOMPARE(p.experts, a.experts);
    QCOMPARE(p.topK, a.topK);
    QCOMPARE(p.expertFfn(), a.expertFfn());
    QCOMPARE(p.sharedExperts, a.sharedExperts);
    QCOMPARE(p.denseLayers, a.denseLayers);
    QCOMPARE(p.headDim, a.headDim);
    QCOMPARE(p.kvHeads, a.kvHeads);
    QCOMPARE(p.kvLoraRank, a.kvLoraRank);
    QCOMPARE(p.qkNorm, a.qkNorm);
}

void TestHfMoe::deepSeekV3Mtp()
{
    // DeepSeek-V3 technical report (arXiv 2412.19437), section 2.2: each MTP module is a shared embedding, a shared
    // output head, a transformer block, the projection M (2h -> h) and two RMSNorms (of h_i and of the embedding);
    // the checkpoint (modeling_deepseek's layer 61) adds the shared head's norm. Hand count of its own weights:
    // 11,507,286,272 (a MoE layer, handCounts) + 2 x 7168^2 (eh_proj) + 3 x 7168 (enorm, hnorm, head norm)
    // = 11,610,068,224. (The model card's "14B of MTP module weights" counts the checkpoint's copies of the
    // embedding and head too: + 2 x 129280 x 7168 = 13,463,426,304, 13.5B.)
    const ParamCounts c = countParams(architectureFromHfConfigFile(hfData(QStringLiteral("DeepSeek-V3.json"))));
    QCOMPARE(c.mtp, std::int64_t(11610068224));
    QCOMPARE(c.mtp + c.embedding + c.lmHead, std::int64_t(13463426304));
}

void TestHfMoe::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("dense layers listed") << QByteArray(R"({"model_type": "qwen2_moe", "mlp_only_layers": [0, 3]})")
                                         << "mlp_only_layers";
    QTest::newRow("moe_layer_freq 2") << QByteArray(R"({"model_type": "deepseek_v3", "moe_layer_freq": 2})")
                                      << "moe_layer_freq";
    QTest::newRow("top-k above experts") << QByteArray(R"({"model_type": "olmoe", "num_experts_per_tok": 65})")
                                         << "top-k";
    QTest::newRow("experts a string") << QByteArray(R"({"model_type": "gpt_oss", "num_local_experts": "128"})")
                                      << "num_local_experts";
}

void TestHfMoe::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    try {
        architectureFromHfConfig(json, QStringLiteral("c.json"));
        QFAIL("accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("hf-config"));
        QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
}

QTEST_APPLESS_MAIN(TestHfMoe)
#include "tst_hfmoe.moc"
