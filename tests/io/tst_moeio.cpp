// SPDX-License-Identifier: MIT
// MoE in files (issue 25): Megatron-LM's MoE, MLA and MTP arguments (megatron/training/arguments.py: --num-experts,
// --expert-model-parallel-size, --expert-tensor-parallel-size, --moe-router-topk, --moe-ffn-hidden-size,
// --moe-shared-expert-intermediate-size, --moe-layer-freq, --multi-latent-attention, --q-lora-rank, --kv-lora-rank,
// --qk-head-dim, --qk-pos-emb-head-dim, --v-head-dim, --mtp-num-layers) read into a scenario and written back; the
// scenario file keeps every MoE field and knob.
#include "megatronargs.h"
#include "resultjson.h"
#include "scenariofile.h"

#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <QTest>

using namespace shardscope;

namespace {

/// DeepSeek-V3 as Megatron-Core's examples launch it (DeepSeek-V3 technical report, section 3.2: PP 16, EP 64 on
/// 2048 GPUs, no TP): 256 nodes x 8.
const char* kDeepSeekV3Args
    = "--num-layers 61 --hidden-size 7168 --num-attention-heads 128 --ffn-hidden-size 18432 --num-experts 256 "
      "--moe-router-topk 8 --moe-ffn-hidden-size 2048 --moe-shared-expert-intermediate-size 2048 "
      "--moe-layer-freq ([0]*3+[1]*58) --multi-latent-attention --q-lora-rank 1536 --kv-lora-rank 512 "
      "--qk-head-dim 128 --qk-pos-emb-head-dim 64 --v-head-dim 128 --mtp-num-layers 1 --swiglu --normalization RMSNorm "
      "--disable-bias-linear --untie-embeddings-and-output-weights --position-embedding-type rope --vocab-size 129280 "
      "--make-vocab-size-divisible-by 1 --tensor-model-parallel-size 1 --pipeline-model-parallel-size 16 "
      "--expert-model-parallel-size 64 --expert-tensor-parallel-size 1 --nproc-per-node 8 --nnodes 256 "
      "--seq-length 4096 --micro-batch-size 1 --hidden-dropout 0 --attention-dropout 0 --bf16 "
      "--use-distributed-optimizer";

} // namespace

class TestMoeIo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void megatronArgsRead();
    void megatronArgsRoundTrip();
    void megatronLayerFreqRefused();
    void megatronRecomputeModules();
    void scenarioFileRoundTrip();
};

void TestMoeIo::megatronArgsRead()
{
    const Scenario s = scenarioFromMegatronArgs(QString::fromLatin1(kDeepSeekV3Args), defaultScenario());
    QCOMPARE(s.gpus, std::int64_t(2048));
    QCOMPARE(s.pp, std::int64_t(16));
    QCOMPARE(s.ep, std::int64_t(64));
    QCOMPARE(s.etp, std::int64_t(1));
    QCOMPARE(s.expertDp(), std::int64_t(2));
    const Architecture& a = s.arch;
    QCOMPARE(a.experts, std::int64_t(256));
    QCOMPARE(a.topK, std::int64_t(8));
    QCOMPARE(a.expertFfn(), std::int64_t(2048));
    QCOMPARE(a.sharedExperts, std::int64_t(1));
    QCOMPARE(a.denseLayers, std::int64_t(3));
    QCOMPARE(a.kvLoraRank, std::int64_t(512));
    QCOMPARE(a.mtpLayers, std::int64_t(1));
    // The count of tst_hfmoe's DeepSeek-V3 line, 671,026,419,200, less the router's correction bias, which Megatron
    // keeps as a buffer (moe_router_enable_expert_bias), not a parameter: 58 MoE layers x 256 = 14,848.
    QCOMPARE(countParams(a).total, std::int64_t(671026419200LL - 14848));
    validateScenario(s);
}

void TestMoeIo::megatronArgsRoundTrip()
{
    const Scenario s = scenarioFromMegatronArgs(QString::fromLatin1(kDeepSeekV3Args), defaultScenario());
    const Scenario back = scenarioFromMegatronArgs(megatronArgsFromScenario(s), defaultScenario());
    QCOMPARE(back.ep, s.ep);
    QCOMPARE(back.etp, s.etp);
    QCOMPARE(back.arch.experts, s.arch.experts);
    QCOMPARE(back.arch.topK, s.arch.topK);
    QCOMPARE(back.arch.expertFfn(), s.arch.expertFfn());
    QCOMPARE(back.arch.sharedExperts * back.arch.sharedExpertFfn, s.arch.sharedExperts * s.arch.sharedExpertFfn);
    QCOMPARE(back.arch.denseLayers, s.arch.denseLayers);
    QCOMPARE(back.arch.qLoraRank, s.arch.qLoraRank);
    QCOMPARE(back.arch.kvLoraRank, s.arch.kvLoraRank);
    QCOMPARE(back.arch.mtpLayers, s.arch.mtpLayers);
    QCOMPARE(countParams(back.arch).total, countParams(s.arch).total);
}

void TestMoeIo::megatronLayerFreqRefused()
{
    try {
        scenarioFromMegatronArgs(QStringLiteral("--num-layers 4 --hidden-size 64 --num-attention-heads 4 "
                                                "--num-experts 8 --moe-layer-freq 2 --position-embedding-type rope"),
                                 defaultScenario());
        QFAIL("accepted");
    } catch (const InvalidInput& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("moe-layer-freq")), e.what());
    }
}

/// --recompute-modules (NVIDIA/Megatron-LM@000c4ac24f61159c138b0975def722c65245983c megatron/training/arguments.py:
/// nargs='*'; @d2c5e8b4f4fa0062d8cd9cbe18a7fca7cf1f99a3 megatron/core/transformer/transformer_config.py __post_init__:
/// ["core_attn"] when not given, read under recompute_granularity "selective"): the list Megatron-Bridge's DeepSeek-V3
/// and gpt-oss recipes give (scripts/performance/configs/{deepseek,gpt_oss}/*_workload_base_configs.py at f0e2c37e and
/// 1e7adfa9: mla_up_proj; layernorm, moe_act) becomes Scenario::recomputeModules; core_attn is selective checkpointing.
void TestMoeIo::megatronRecomputeModules()
{
    const QString base = QString::fromLatin1(kDeepSeekV3Args) + QStringLiteral(" --recompute-granularity selective");
    // The gpt-oss list, space-separated as argparse takes it, followed by another option.
    Scenario s = scenarioFromMegatronArgs(base + QStringLiteral(" --recompute-modules layernorm moe_act --seed 1"), defaultScenario());
    QCOMPARE(s.recomputeModules, std::uint32_t(kRecomputeLayernorm | kRecomputeMoeAct));
    QCOMPARE(s.checkpointing, Checkpointing::None); // no core_attn in the list: attention is kept
    // DeepSeek-V3's, last on the line, with core_attn: selective checkpointing as well.
    s = scenarioFromMegatronArgs(base + QStringLiteral(" --recompute-modules core_attn mla_up_proj"), defaultScenario());
    QCOMPARE(s.recomputeModules, std::uint32_t(kRecomputeMlaUpProj));
    QCOMPARE(s.checkpointing, Checkpointing::Selective);
    // Not given: Megatron's default ["core_attn"].
    s = scenarioFromMegatronArgs(base, defaultScenario());
    QCOMPARE(s.recomputeModules, std::uint32_t(0));
    QCOMPARE(s.checkpointing, Checkpointing::Selective);
    // Written back as Megatron's list and read again.
    s.checkpointing = Checkpointing::None;
    s.recomputeModules = kRecomputeLayernorm | kRecomputeMoeAct | kRecomputeMlaUpProj;
    const QString written = megatronArgsFromScenario(s);
    QVERIFY2(written.contains(QLatin1String("--recompute-granularity selective --recompute-modules layernorm moe_act mla_up_proj")),
             qPrintable(written));
    const Scenario back = scenarioFromMegatronArgs(written, defaultScenario());
    QCOMPARE(back.recomputeModules, s.recomputeModules);
    QCOMPARE(back.checkpointing, Checkpointing::None);
    // A whole-MLP module is noted as not modelled; an unknown one and a list without selective are refused.
    ImportReport report;
    s = scenarioFromMegatronArgs(base + QStringLiteral(" --recompute-modules mlp layernorm"), defaultScenario(), &report);
    QCOMPARE(s.recomputeModules, std::uint32_t(kRecomputeLayernorm));
    QVERIFY2(report.notes.join(QLatin1Char('|')).contains(QLatin1String("--recompute-modules mlp: not modelled")),
             qPrintable(report.notes.join(QLatin1Char('|'))));
    for (const QString& bad : {QStringLiteral(" --recompute-modules attn"),
                              QStringLiteral(" --recompute-granularity full --recompute-modules layernorm")}) {
        const QString args = QString::fromLatin1(kDeepSeekV3Args) + (bad.contains(QLatin1String("full")) ? QString() : QStringLiteral(" --recompute-granularity selective")) + bad;
        try {
            scenarioFromMegatronArgs(args, defaultScenario());
            QFAIL(qPrintable(QStringLiteral("accepted:") + bad));
        } catch (const InvalidInput& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("--recompute-modules")), e.what());
        }
    }
}

void TestMoeIo::scenarioFileRoundTrip()
{
    Scenario s;
    s.arch = *findModelPreset("deepseek-v3");
    s.gpus = 2048;
    s.pp = 16;
    s.ep = 64;
    s.etp = 1;
    s.moeCapacityFactor = 1.25;
    s.moeRouteNodes = 4;
    s.moeA2aOverlap = true;
    const Scenario back = scenarioFromJson(scenarioToJson(s));
    QCOMPARE(back.ep, s.ep);
    QCOMPARE(back.etp, s.etp);
    QCOMPARE(back.moeCapacityFactor, s.moeCapacityFactor);
    QCOMPARE(back.moeRouteNodes, s.moeRouteNodes);
    QCOMPARE(back.moeA2aOverlap, s.moeA2aOverlap);
    const ParamCounts a = countParams(s.arch), b = countParams(back.arch);
    QCOMPARE(b.total, a.total);
    QCOMPARE(b.activePerToken, a.activePerToken);
    QCOMPARE(b.mtp, a.mtp);
    QCOMPARE(back.arch.qkRopeDim, s.arch.qkRopeDim);
    QCOMPARE(back.arch.routerBias, s.arch.routerBias);
    // A dense model's file has no MoE keys (so that files written before issue 25 keep their bytes).
    const QJsonObject dense = architectureToJson(defaultScenario().arch);
    QVERIFY(!dense.contains(QLatin1String("moe_ffn")));
    QVERIFY(!dense.contains(QLatin1String("kv_lora_rank")));
}

QTEST_APPLESS_MAIN(TestMoeIo)
#include "tst_moeio.moc"
