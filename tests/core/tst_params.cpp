// SPDX-License-Identifier: MIT
// Exact parameter counts of the model presets, the GPT shape of a bare count and the count parser.
// Every expected value names its source: a published count, or a hand derivation next to it.
#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include "../commalocale.h"

#include <QTemporaryDir>
#include <QTest>

#include <clocale>
#include <cstdlib>

#include <cmath>

using namespace shardscope;

class TestParams : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presetTotals_data();
    void presetTotals();
    void presetParts_data();
    void presetParts();
    void mixtralActivePerToken();
    void everyIssuePresetExists_data();
    void everyIssuePresetExists();
    void gptShapeAnchorsAtGpt3();
    void gptShapeRule_data();
    void gptShapeRule();
    void bareCountIsUsedExactly();
    void bareCountOutOfRange_data();
    void bareCountOutOfRange();
    void badArchitecture_data();
    void badArchitecture();
    void parseCount_data();
    void parseCount();
    void parseCountRejects_data();
    void parseCountRejects();
    void parseCountIgnoresCLocale();
};

void TestParams::presetTotals_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<qint64>("expected");

    // Published totals (issue 2; the Hugging Face model cards / safetensors metadata give the same).
    QTest::newRow("gpt2: 124,439,808 (HF openai-community/gpt2)") << "gpt2" << qint64(124439808);
    QTest::newRow("llama-2-7b: 6,738,415,616 (HF meta-llama/Llama-2-7b-hf)") << "llama-2-7b" << qint64(6738415616);
    QTest::newRow("llama-2-70b: 68,976,648,192 (HF meta-llama/Llama-2-70b-hf)")
        << "llama-2-70b" << qint64(68976648192);
    QTest::newRow("llama-3-8b: 8,030,261,248 (HF meta-llama/Meta-Llama-3-8B)") << "llama-3-8b" << qint64(8030261248);
    QTest::newRow("mistral-7b: 7,241,732,096 (HF mistralai/Mistral-7B-v0.1)") << "mistral-7b" << qint64(7241732096);
    QTest::newRow("mixtral-8x7b: 46,702,792,704 (HF mistralai/Mixtral-8x7B-v0.1)")
        << "mixtral-8x7b" << qint64(46702792704);

    // Hand derivations (h hidden, L layers, f ffn, V vocab; RMSNorm has h weights, untied head):
    // Llama-2-13B: h=5120, L=40, f=13824, V=32000, MHA.
    //   layer = 4h^2 (q,k,v,o) + 3hf (gate, up, down) + 2h (norms)
    //         = 104,857,600 + 212,336,640 + 10,240 = 317,204,480; x40 = 12,688,179,200
    //   + 2Vh (embedding + head) 327,680,000 + h (final norm) 5,120 = 13,015,864,320
    QTest::newRow("llama-2-13b: 13,015,864,320 (hand, = HF Llama-2-13b-hf)") << "llama-2-13b" << qint64(13015864320);
    // Llama-3-70B: h=8192, L=80, 64 heads, 8 KV heads (kv dim 1024), f=28672, V=128256.
    //   layer = h(h + 2*1024) + h^2 + 3hf + 2h = 83,886,080 + 67,108,864 + 704,643,072 + 16,384 = 855,654,400
    //   x80 = 68,452,352,000; + 2Vh 2,101,346,304 + h 8,192 = 70,553,706,496
    QTest::newRow("llama-3-70b: 70,553,706,496 (hand, = HF Meta-Llama-3-70B)") << "llama-3-70b" << qint64(70553706496);
    // GPT-3 175B (Brown et al. 2020, Table 2.1: L=96, h=12288, 96 heads, n_ctx 2048; GPT-2 vocabulary 50257,
    // learned positions, biases, LayerNorm, tied head):
    //   layer = (4h^2 + 4h) attn + (8h^2 + 5h) mlp + 4h (two LayerNorms) = 604,028,928 + 1,208,020,992 + 49,152
    //         = 1,812,099,072; x96 = 173,961,510,912
    //   + Vh 617,558,016 + 2048h 25,165,824 + 2h 24,576 = 174,604,259,328 (the paper rounds to "175.0B")
    QTest::newRow("gpt3-175b: 174,604,259,328 (hand, Brown et al. Table 2.1 shape)")
        << "gpt3-175b" << qint64(174604259328);
    // Llama-3.1-405B: h=16384, L=126, 128 heads, 8 KV heads (1024), f=53248, V=128256.
    //   layer = h(h + 2048) + h^2 + 3hf + 2h = 301,989,888 + 268,435,456 + 2,617,245,696 + 32,768 = 3,187,703,808
    //   x126 = 401,650,679,808; + 2Vh 4,202,692,608 + h 16,384 = 405,853,388,800
    QTest::newRow("llama-3.1-405b: 405,853,388,800 (hand, = HF Llama-3.1-405B)")
        << "llama-3.1-405b" << qint64(405853388800);
}

void TestParams::presetTotals()
{
    QFETCH(QString, id);
    QFETCH(qint64, expected);
    const auto arch = findModelPreset(id.toStdString());
    QVERIFY2(arch, qPrintable(id));
    QCOMPARE(countParams(*arch).total, std::int64_t(expected));
    // The scenario reports the same exact count.
    Scenario s;
    s.arch = *arch;
    QCOMPARE(s.totalParams(), std::int64_t(expected));
}

void TestParams::presetParts_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<qint64>("embedding");
    QTest::addColumn<qint64>("perLayer");
    QTest::addColumn<qint64>("lmHead");

    // GPT-2: wte 50257 x 768 = 38,597,376; layer = c_attn 768x2304+2304 + c_proj 768x768+768
    // + c_fc 768x3072+3072 + c_proj 3072x768+768 + ln_1, ln_2 (2 x 1536) = 7,087,872; tied head.
    QTest::newRow("gpt2 (hand, HF GPT2Model module shapes)") << "gpt2" << qint64(38597376) << qint64(7087872) << qint64(0);
    // Llama-2-7B: embed 32000 x 4096 = 131,072,000; layer = 4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096
    // = 202,383,360; untied lm_head 131,072,000.
    QTest::newRow("llama-2-7b (hand, HF LlamaForCausalLM module shapes)")
        << "llama-2-7b" << qint64(131072000) << qint64(202383360) << qint64(131072000);
    // Mixtral: layer = attn 4096 x (4096 + 2 x 1024) + 4096^2 = 41,943,040
    // + 8 experts x 3 x 4096 x 14336 = 1,409,286,144 + router 4096 x 8 = 32,768 + norms 8,192 = 1,451,270,144.
    QTest::newRow("mixtral-8x7b (hand, HF MixtralForCausalLM module shapes)")
        << "mixtral-8x7b" << qint64(131072000) << qint64(1451270144) << qint64(131072000);
}

void TestParams::presetParts()
{
    QFETCH(QString, id);
    QFETCH(qint64, embedding);
    QFETCH(qint64, perLayer);
    QFETCH(qint64, lmHead);
    const ParamCounts c = countParams(*findModelPreset(id.toStdString()));
    QCOMPARE(c.embedding, std::int64_t(embedding));
    QCOMPARE(c.perLayer, std::int64_t(perLayer));
    QCOMPARE(c.lmHead, std::int64_t(lmHead));
}

void TestParams::mixtralActivePerToken()
{
    // "12.9B active per token" (Mistral AI, Mixtral of experts, 2024). By hand, top-2 of 8 experts:
    //   active layer = attn 41,943,040 + 2 x 176,160,768 (one expert: 3 x 4096 x 14336) + router 32,768
    //                + norms 8,192 = 394,305,536; x32 = 12,617,777,152
    //   + embedding 131,072,000 + lm_head 131,072,000 + final norm 4,096 = 12,879,925,248
    const ParamCounts c = countParams(*findModelPreset("mixtral-8x7b"));
    QCOMPARE(c.activePerToken, std::int64_t(12879925248));
    QCOMPARE(std::round(double(c.activePerToken) / 1e8) / 10, 12.9);
    // A dense model passes through all its parameters.
    const ParamCounts dense = countParams(*findModelPreset("llama-2-7b"));
    QCOMPARE(dense.activePerToken, dense.total);
}

void TestParams::everyIssuePresetExists_data()
{
    QTest::addColumn<QString>("id");
    // The ids issue 2 requires.
    for (const char* id : {"gpt2", "gpt3-175b", "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b",
                           "mistral-7b", "mixtral-8x7b"})
        QTest::newRow(id) << QString::fromLatin1(id);
}

void TestParams::everyIssuePresetExists()
{
    QFETCH(QString, id);
    const auto a = findModelPreset(id.toStdString());
    QVERIFY(a);
    QCOMPARE(QString::fromStdString(a->id), id);
    validateArchitecture(*a); // throws on a broken preset
    bool sourced = false;
    for (const auto& p : modelPresets())
        if (p.arch.id == a->id)
            sourced = !p.source.empty();
    QVERIFY2(sourced, "every preset names its source");
}

void TestParams::gptShapeAnchorsAtGpt3()
{
    // The rule's anchor (architecture.h): h = 128 L as in GPT-3 175B (Brown et al. 2020, Table 2.1:
    // L=96, h=12288). cbrt(128 x 175e9 / 12) = 12,311 -> nearest multiple of 128 is 12,288.
    const Architecture a = gptShapeForParams(175000000000);
    QCOMPARE(a.hidden, std::int64_t(12288));
    QCOMPARE(a.layers, std::int64_t(96));
    QCOMPARE(a.heads, std::int64_t(96));
    QCOMPARE(a.ffn, std::int64_t(4 * 12288));
}

void TestParams::gptShapeRule_data()
{
    QTest::addColumn<qint64>("params");
    QTest::newRow("1B") << qint64(1000000000);
    QTest::newRow("7.5B (ZeRO paper Figure 1)") << qint64(7500000000);
    QTest::newRow("70B (seed 000)") << qint64(70000000000);
    QTest::newRow("1T (Megatron 1T)") << qint64(1000000000000);
    QTest::newRow("100T (the limit)") << qint64(100000000000000);
}

void TestParams::gptShapeRule()
{
    // The documented rule: h a multiple of 128, L = h / 128, head size 128, ffn 4h, 12 L h^2 ~ params.
    // Rounding h to a multiple of 128 moves h^3 by at most 3 x 64 / h; h >= 2203 from 1B up: < 9%.
    QFETCH(qint64, params);
    const Architecture a = gptShapeForParams(params);
    QCOMPARE(a.hidden % 128, std::int64_t(0));
    QCOMPARE(a.layers, a.hidden / 128);
    QCOMPARE(a.headDim, std::int64_t(128));
    QCOMPARE(a.heads * a.headDim, a.hidden);
    QCOMPARE(a.ffn, 4 * a.hidden);
    validateArchitecture(a);
    const double approx = 12.0 * double(a.layers) * double(a.hidden) * double(a.hidden);
    QVERIFY2(std::fabs(approx / double(params) - 1.0) < 0.09, qPrintable(QString::number(approx / double(params))));
}

void TestParams::bareCountIsUsedExactly()
{
    // Model states use the bare count exactly, not its shape's count: 2 B/param of weights at N=1, stage 0.
    Scenario s;
    setBareParams(s, 7500000001);
    s.gpus = 1;
    s.zeroStage = 0;
    s.modelStatesOnly = true;
    QCOMPARE(s.totalParams(), std::int64_t(7500000001));
    const Footprint f = computeFootprint(s);
    QCOMPARE(f.totalParams, std::int64_t(7500000001));
    QCOMPARE(f.worstRank().bytes(Term::Params), std::int64_t(2 * 7500000001LL));
    QCOMPARE(f.worstBytes(), std::int64_t(16 * 7500000001LL));
}

void TestParams::bareCountOutOfRange_data()
{
    QTest::addColumn<qint64>("params");
    QTest::newRow("0") << qint64(0);
    QTest::newRow("-1") << qint64(-1);
    QTest::newRow("1e15 (issue 2: must be rejected)") << qint64(1000000000000000);
    QTest::newRow("100T + 1") << qint64(100000000000001);
}

void TestParams::bareCountOutOfRange()
{
    QFETCH(qint64, params);
    Scenario s;
    try {
        setBareParams(s, params);
        QFAIL("setBareParams accepted an out-of-range count");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("params"));
    }
    // The same count smuggled past setBareParams is caught by the model.
    s.bareParams = params;
    try {
        computeFootprint(s);
        QFAIL("computeFootprint accepted an out-of-range count");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("params"));
    }
}

void TestParams::badArchitecture_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("field");
    QTest::newRow("0 layers") << 0 << "layers";
    QTest::newRow("0 hidden") << 1 << "hidden";
    QTest::newRow("KV heads not dividing heads") << 2 << "kv-heads";
    QTest::newRow("heads not dividing hidden, no head_dim") << 3 << "heads";
    QTest::newRow("top-k above experts") << 4 << "top-k";
    QTest::newRow("negative vocab") << 5 << "vocab";
    // Every field within its own range, but the count (~3e24) would overflow int64 arithmetic.
    QTest::newRow("fields at their maxima: ~3e24 params") << 6 << "params";
}

void TestParams::badArchitecture()
{
    QFETCH(int, which);
    QFETCH(QString, field);
    Architecture a = *findModelPreset("llama-2-7b");
    switch (which) {
    case 0: a.layers = 0; break;
    case 1: a.hidden = 0; break;
    case 2: a.kvHeads = 5; break;
    case 3: a.heads = 30; a.kvHeads = 30; a.headDim = 0; break;
    case 4: a.experts = 8; a.topK = 9; break;
    case 5: a.vocab = -32000; break;
    case 6:
        a.layers = 100000;
        a.hidden = 1000000;
        a.heads = a.kvHeads = 1000;
        a.headDim = 1000;
        a.ffn = 10000000;
        a.experts = 100000;
        break;
    }
    try {
        validateArchitecture(a);
        QFAIL("accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("--") + field), e.what());
    }
}

void TestParams::parseCount_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("expected");
    // units.h: suffixes K, M, B (or G), T are powers of 1000; separators are ignored.
    QTest::newRow("7e9") << "7e9" << qint64(7000000000);
    QTest::newRow("7B") << "7B" << qint64(7000000000);
    QTest::newRow("70b") << "70b" << qint64(70000000000);
    QTest::newRow("7.5B") << "7.5B" << qint64(7500000000);
    QTest::newRow("1.5T") << "1.5T" << qint64(1500000000000);
    QTest::newRow("350M") << "350M" << qint64(350000000);
    QTest::newRow("5e8") << "5e8" << qint64(500000000);
    QTest::newRow("124,439,808") << "124,439,808" << qint64(124439808);
    QTest::newRow("12K") << "12K" << qint64(12000);
}

void TestParams::parseCount()
{
    QFETCH(QString, text);
    QFETCH(qint64, expected);
    QCOMPARE(shardscope::parseCount(text.toStdString(), "params"), std::int64_t(expected));
}

void TestParams::parseCountRejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("nan") << "nan";
    QTest::newRow("inf") << "inf";
    QTest::newRow("-7B") << "-7B";
    QTest::newRow("empty") << "";
    QTest::newRow("7X") << "7X";
    QTest::newRow("B alone") << "B";
    QTest::newRow("0x10") << "0x10";
    QTest::newRow("1.5 (not whole)") << "1.5";
    QTest::newRow("1e19 (too large)") << "1e19";
    QTest::newRow("7B7") << "7B7";
}

void TestParams::parseCountRejects()
{
    QFETCH(QString, text);
    try {
        shardscope::parseCount(text.toStdString(), "params");
        QFAIL("accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("params"));
        QVERIFY(QString::fromStdString(e.what()).startsWith(QStringLiteral("--params")));
    }
}

void TestParams::parseCountIgnoresCLocale()
{
    // Issue 15: parseCount used std::strtod, which follows LC_NUMERIC; the window's QApplication sets the
    // locale from the environment, and under de_DE "7.5B" was refused as "not a number" (strtod stops at
    // the dot). Expected values as in parseCount_data (units.h: powers of 1000).
    QTemporaryDir scratch;
    const CommaLocale loc = commaLocale(scratch.path());
    if (loc.name.isEmpty())
        QSKIP("no de_DE locale and no localedef to make one (Debian package locales)");
    const QByteArray oldLocPath = qgetenv("LOCPATH");
    if (!loc.locPath.isEmpty())
        qputenv("LOCPATH", loc.locPath.toLocal8Bit());
    const std::string before = std::setlocale(LC_NUMERIC, nullptr);
    QVERIFY(std::setlocale(LC_NUMERIC, loc.name.toLatin1().constData()));
    const double plain = std::strtod("7.5", nullptr); // the locale is in force: strtod stops at the dot
    const std::int64_t a = shardscope::parseCount("7.5B", "params");
    const std::int64_t b = shardscope::parseCount("1.5e9", "params");
    const std::int64_t c = shardscope::parseCount("124,439,808", "params");
    std::setlocale(LC_NUMERIC, before.c_str());
    if (!loc.locPath.isEmpty())
        oldLocPath.isNull() ? qunsetenv("LOCPATH") : qputenv("LOCPATH", oldLocPath);
    QCOMPARE(plain, 7.0);
    QCOMPARE(a, std::int64_t(7500000000));
    QCOMPARE(b, std::int64_t(1500000000));
    QCOMPARE(c, std::int64_t(124439808));
}

QTEST_APPLESS_MAIN(TestParams)
#include "tst_params.moc"
