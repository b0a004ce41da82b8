// SPDX-License-Identifier: MIT
// Hugging Face config.json import: real published config files must give the real parameter counts;
// omitted keys take transformers' defaults; malformed files are refused with the file and key named.
#include "hfconfig.h"

#include "shardscope/architecture.h"
#include "shardscope/errors.h"

#include <QTest>

using namespace shardscope;

namespace {
QString hfData(const QString& name) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/hf/") + name; }
} // namespace

class TestHfConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realConfigs_data();
    void realConfigs();
    void matchesPreset_data();
    void matchesPreset();
    void omittedKeysTakeDefaults_data();
    void omittedKeysTakeDefaults();
    void partialConfigs_data();
    void partialConfigs();
    void malformedFiles_data();
    void malformedFiles();
    void malformedJson_data();
    void malformedJson();
    void missingFile();
};

void TestHfConfig::realConfigs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("expected");
    QTest::addColumn<bool>("tied");

    // tests/data/hf/*.json reproduce the published config.json of each Hugging Face repository.
    QTest::newRow("gpt2: 124,439,808 (published)") << "gpt2.json" << qint64(124439808) << true;
    QTest::newRow("Llama-2-7b-hf: 6,738,415,616 (published)") << "Llama-2-7b-hf.json" << qint64(6738415616) << false;
    QTest::newRow("Llama-2-70b-hf: 68,976,648,192 (published)")
        << "Llama-2-70b-hf.json" << qint64(68976648192) << false;
    QTest::newRow("Meta-Llama-3-8B: 8,030,261,248 (published)") << "Meta-Llama-3-8B.json" << qint64(8030261248) << false;
    QTest::newRow("Mistral-7B-v0.1: 7,241,732,096 (published)")
        << "Mistral-7B-v0.1.json" << qint64(7241732096) << false;
    QTest::newRow("Mixtral-8x7B-v0.1: 46,702,792,704 (published)")
        << "Mixtral-8x7B-v0.1.json" << qint64(46702792704) << false;
    // Qwen2-7B: q/k/v carry biases (Qwen2Attention), o_proj none; h=3584, 28 heads of 128, 4 KV heads (512).
    //   layer = 3584 x (3584 + 1024) + 3584^2 + (3584 + 1024) bias + 3 x 3584 x 18944 + 2 x 3584 = 233,057,792
    //   x28 = 6,525,618,176 + 2 x 152064 x 3584 = 1,089,994,752 + 3584 = 7,615,616,512 (published)
    QTest::newRow("Qwen2-7B: 7,615,616,512 (published)") << "Qwen2-7B.json" << qint64(7615616512) << false;
    // Qwen2-0.5B: tied. layer = 896 x 1152 + 896^2 + 1152 + 3 x 896 x 4864 + 1792 = 14,912,384; x24
    //   = 357,897,216 + 151936 x 896 = 136,134,656 + 896 = 494,032,768 (published)
    QTest::newRow("Qwen2-0.5B: 494,032,768 (published, tied)") << "Qwen2-0.5B.json" << qint64(494032768) << true;
    // gemma-7b: head_dim 256 x 16 heads = 4096 != hidden 3072; tied (GemmaConfig default).
    //   layer = 3 x 3072 x 4096 + 4096 x 3072 + 3 x 3072 x 24576 + 2 x 3072 = 276,830,208; x28
    //   = 7,751,245,824 + 256000 x 3072 = 786,432,000 + 3072 = 8,537,680,896 (published)
    QTest::newRow("gemma-7b: 8,537,680,896 (published, head_dim 256, tied)")
        << "gemma-7b.json" << qint64(8537680896) << true;
    // gemma-2-2b: 4 norms per layer (Gemma2DecoderLayer), 8 heads of 256, 4 KV heads, tied.
    //   layer = 2304 x (2048 + 2 x 1024) + 2048 x 2304 + 3 x 2304 x 9216 + 4 x 2304 = 77,865,984; x26
    //   = 2,024,515,584 + 256000 x 2304 = 589,824,000 + 2304 = 2,614,341,888 (published "2.61B")
    QTest::newRow("gemma-2-2b: 2,614,341,888 (hand; 4 norms per layer)")
        << "gemma-2-2b.json" << qint64(2614341888) << true;
    // Phi-3-mini: fused qkv_proj and gate_up_proj hold the same weights as separate ones.
    //   layer = 4 x 3072^2 + 3 x 3072 x 8192 + 2 x 3072 = 113,252,352; x32 = 3,624,075,264
    //   + 2 x 32064 x 3072 = 197,001,216 + 3072 = 3,821,079,552 (published)
    QTest::newRow("Phi-3-mini-4k-instruct: 3,821,079,552 (published)")
        << "Phi-3-mini-4k-instruct.json" << qint64(3821079552) << false;
}

void TestHfConfig::realConfigs()
{
    QFETCH(QString, file);
    QFETCH(qint64, expected);
    QFETCH(bool, tied);
    const Architecture a = architectureFromHfConfigFile(hfData(file));
    QCOMPARE(countParams(a).total, std::int64_t(expected));
    QCOMPARE(a.tiedEmbeddings, tied);
    QVERIFY(QString::fromStdString(a.id).startsWith(QStringLiteral("hf:")));
}

void TestHfConfig::matchesPreset_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("preset");
    // The presets name these configs as their source: the structure must agree field by field.
    QTest::newRow("gpt2") << "gpt2.json" << "gpt2";
    QTest::newRow("llama-2-7b") << "Llama-2-7b-hf.json" << "llama-2-7b";
    QTest::newRow("llama-2-70b") << "Llama-2-70b-hf.json" << "llama-2-70b";
    QTest::newRow("llama-3-8b") << "Meta-Llama-3-8B.json" << "llama-3-8b";
    QTest::newRow("mistral-7b") << "Mistral-7B-v0.1.json" << "mistral-7b";
    QTest::newRow("mixtral-8x7b") << "Mixtral-8x7B-v0.1.json" << "mixtral-8x7b";
}

void TestHfConfig::matchesPreset()
{
    QFETCH(QString, file);
    QFETCH(QString, preset);
    const Architecture a = architectureFromHfConfigFile(hfData(file));
    const Architecture p = *findModelPreset(preset.toStdString());
    QCOMPARE(a.layers, p.layers);
    QCOMPARE(a.hidden, p.hidden);
    QCOMPARE(a.heads, p.heads);
    QCOMPARE(a.kvHeads, p.kvHeads);
    QCOMPARE(a.headDim, p.headDim);
    QCOMPARE(a.ffn, p.ffn);
    QCOMPARE(a.vocab, p.vocab);
    QCOMPARE(a.gatedMlp, p.gatedMlp);
    QCOMPARE(a.tiedEmbeddings, p.tiedEmbeddings);
    QCOMPARE(a.experts, p.experts);
    QCOMPARE(a.topK, p.topK);
    QCOMPARE(a.norm, p.norm);
    QCOMPARE(a.dropout, p.dropout);
    QCOMPARE(countParams(a).activePerToken, countParams(p).activePerToken);
}

void TestHfConfig::omittedKeysTakeDefaults_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("expected");

    // tests/data/hf/defaults/<type>.json hold only "model_type": every size comes from the defaults of
    // transformers' configuration_<type>.py, which describe a known checkpoint.
    QTest::newRow("llama: LlamaConfig() = Llama-2-7B, 6,738,415,616") << "llama.json" << qint64(6738415616);
    QTest::newRow("mistral: MistralConfig() = Mistral-7B (8 KV heads), 7,241,732,096")
        << "mistral.json" << qint64(7241732096);
    QTest::newRow("mixtral: MixtralConfig() = Mixtral-8x7B, 46,702,792,704") << "mixtral.json" << qint64(46702792704);
    QTest::newRow("gemma: GemmaConfig() = gemma-7b, 8,537,680,896") << "gemma.json" << qint64(8537680896);
    QTest::newRow("gemma2: Gemma2Config() = gemma-2-2b, 2,614,341,888") << "gemma2.json" << qint64(2614341888);
    QTest::newRow("phi3: Phi3Config() = Phi-3-mini, 3,821,079,552") << "phi3.json" << qint64(3821079552);
    QTest::newRow("gpt2: GPT2Config() = gpt2, 124,439,808") << "gpt2.json" << qint64(124439808);
    // Qwen2Config(): V=151936, h=4096, f=22016, L=32, 32 heads, 32 KV heads, untied, q/k/v biases.
    //   layer = 4 x 4096^2 + 3 x 4096 bias + 3 x 4096 x 22016 + 2 x 4096
    //         = 67,108,864 + 12,288 + 270,532,608 + 8,192 = 337,661,952; x32 = 10,805,182,464
    //   + 2 x 151936 x 4096 = 1,244,659,712 + 4096 = 12,049,846,272 (hand)
    QTest::newRow("qwen2: Qwen2Config(), 12,049,846,272 (hand)") << "qwen2.json" << qint64(12049846272);
}

void TestHfConfig::omittedKeysTakeDefaults()
{
    QFETCH(QString, file);
    QFETCH(qint64, expected);
    const Architecture a = architectureFromHfConfigFile(hfData(QStringLiteral("defaults/") + file));
    QCOMPARE(countParams(a).total, std::int64_t(expected));
}

void TestHfConfig::partialConfigs_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<qint64>("expected");

    // Mistral without num_key_value_heads: MistralConfig's default is 8, not num_attention_heads.
    QTest::newRow("mistral, no num_key_value_heads -> 8 (MistralConfig)")
        << QByteArray(R"({"model_type": "mistral", "hidden_size": 4096, "num_attention_heads": 32})")
        << qint64(7241732096);
    // Llama without num_key_value_heads: LlamaConfig takes num_attention_heads (MHA).
    QTest::newRow("llama, no num_key_value_heads -> heads (LlamaConfig)")
        << QByteArray(R"({"model_type": "llama", "num_attention_heads": 32, "intermediate_size": 11008})")
        << qint64(6738415616);
    // Explicit nulls count as omitted (transformers writes "n_inner": null for GPT-2 configs).
    QTest::newRow("gpt2, n_inner null -> 4 x n_embd")
        << QByteArray(R"({"model_type": "gpt2", "n_inner": null, "n_embd": 768})") << qint64(124439808);
    // Qwen2 untied by default: adding tie_word_embeddings=true drops one 151936 x 896 matrix from an
    // otherwise Qwen2-0.5B config: 494,032,768 is the tied count; untied adds 136,134,656 = 630,167,424.
    QTest::newRow("qwen2-0.5B shape without tie_word_embeddings -> untied (Qwen2Config)")
        << QByteArray(R"({"model_type": "qwen2", "hidden_size": 896, "intermediate_size": 4864, "num_hidden_layers": 24,
                         "num_attention_heads": 14, "num_key_value_heads": 2})")
        << qint64(630167424);
    // Llama with attention_bias: q, k, v, o biases = 4096 + 2 x 4096 + 4096 per layer x 32 = 524,288 more.
    QTest::newRow("llama, attention_bias true -> +4h per layer")
        << QByteArray(R"({"model_type": "llama", "attention_bias": true})") << qint64(6738415616 + 524288);
}

void TestHfConfig::partialConfigs()
{
    QFETCH(QByteArray, json);
    QFETCH(qint64, expected);
    const Architecture a = architectureFromHfConfig(json, QStringLiteral("inline.json"));
    QCOMPARE(countParams(a).total, std::int64_t(expected));
}

void TestHfConfig::malformedFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("truncated JSON") << "truncated.json" << "not valid JSON";
    QTest::newRow("invalid UTF-8") << "invalid-utf8.json" << "UTF8"; // Qt: "invalid UTF8 string"
    QTest::newRow("array, not an object") << "array.json" << "object";
    QTest::newRow("string where a number belongs") << "wrong-type.json" << "'hidden_size'";
    QTest::newRow("unknown model_type bert") << "unknown-model-type.json" << "'bert'";
    QTest::newRow("empty file") << "empty.json" << "not valid JSON";
}

void TestHfConfig::malformedFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, mentions);
    const QString path = hfData(QStringLiteral("malformed/") + file);
    try {
        architectureFromHfConfigFile(path);
        QFAIL("accepted a malformed config");
    } catch (const InvalidInput& e) {
        const QString msg = QString::fromUtf8(e.what());
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("hf-config"));
        QVERIFY2(msg.contains(path), qPrintable(msg)); // names the file
        QVERIFY2(msg.contains(mentions), qPrintable(msg)); // and the key or the defect
    }
}

void TestHfConfig::malformedJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("no model_type") << QByteArray(R"({"hidden_size": 4096})") << "'model_type'";
    QTest::newRow("model_type a number") << QByteArray(R"({"model_type": 7})") << "'model_type'";
    QTest::newRow("fractional layers") << QByteArray(R"({"model_type": "llama", "num_hidden_layers": 32.5})")
                                       << "'num_hidden_layers'";
    QTest::newRow("zero heads") << QByteArray(R"({"model_type": "llama", "num_attention_heads": 0})")
                                << "'num_attention_heads'";
    QTest::newRow("negative vocab") << QByteArray(R"({"model_type": "mistral", "vocab_size": -5})") << "'vocab_size'";
    QTest::newRow("bool as string") << QByteArray(R"({"model_type": "qwen2", "tie_word_embeddings": "false"})")
                                    << "'tie_word_embeddings'";
    QTest::newRow("experts as list") << QByteArray(R"({"model_type": "mixtral", "num_local_experts": [8]})")
                                     << "'num_local_experts'";
    QTest::newRow("huge layers") << QByteArray(R"({"model_type": "llama", "num_hidden_layers": 1e300})")
                                 << "'num_hidden_layers'";
    QTest::newRow("KV heads not dividing heads")
        << QByteArray(R"({"model_type": "llama", "num_attention_heads": 32, "num_key_value_heads": 5})") << "kv-heads";
    QTest::newRow("top-k above experts")
        << QByteArray(R"({"model_type": "mixtral", "num_experts_per_tok": 9})") << "top-k";
    QTest::newRow("a JSON string (Qt refuses top-level scalars)") << QByteArray(R"("llama")") << "not valid JSON";
    QTest::newRow("trailing garbage") << QByteArray(R"({"model_type": "llama"} x)") << "not valid JSON";
    QTest::newRow("invalid UTF-8 in model_type") << QByteArray("{\"model_type\": \"lla\xffma\"}") << "UTF8";
}

void TestHfConfig::malformedJson()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    try {
        architectureFromHfConfig(json, QStringLiteral("some/config.json"));
        QFAIL("accepted a malformed config");
    } catch (const InvalidInput& e) {
        const QString msg = QString::fromUtf8(e.what());
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("hf-config"));
        QVERIFY2(msg.contains(QStringLiteral("some/config.json")), qPrintable(msg));
        QVERIFY2(msg.contains(mentions), qPrintable(msg));
    }
}

void TestHfConfig::missingFile()
{
    const QString path = hfData(QStringLiteral("no-such-config.json"));
    try {
        architectureFromHfConfigFile(path);
        QFAIL("accepted a missing file");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("hf-config"));
        QVERIFY(QString::fromUtf8(e.what()).contains(path));
    }
}

QTEST_APPLESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
