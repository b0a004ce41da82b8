// SPDX-License-Identifier: MIT
// Fine-tuning importers (issue 28): PEFT adapter_config.json and torchtune LoRA/QLoRA recipe configs, on real files
// copied unchanged from their repositories (tests/data/configs/finetune/README.md names each path and commit).
#include "finetuneconfig.h"

#include "shardscope/errors.h"
#include "shardscope/finetune.h"
#include "shardscope/footprint.h"

#include <QTest>

using namespace shardscope;

namespace {

QString data(const char* name) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/configs/finetune/") + QLatin1String(name); }

Scenario onLlama3_8b()
{
    Scenario s;
    s.arch = *findModelPreset("llama-3-8b");
    s.gpus = s.gpusPerNode = 1;
    s.zeroStage = 0;
    s.framework = Framework::Ddp;
    return s;
}

} // namespace

class TestFinetuneConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // huggingface/peft method_comparison/MetaMathQA/experiments/lora/*/adapter_config.json (PEFT's own benchmark runs
    // on Llama-3.2-3B): r, lora_alpha, target_modules (null: PEFT's default q_proj, v_proj; a list; "all-linear"),
    // use_dora.
    void peft_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("rank");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<QString>("targets");
        QTest::newRow("rank32") << data("peft_lora_rank32.json") << "lora" << 32 << 64.0 << "q,v";
        QTest::newRow("rank32-dora") << data("peft_lora_rank32_dora.json") << "dora" << 32 << 64.0 << "q,v";
        QTest::newRow("rank10-mlp") << data("peft_lora_rank10_mlp.json") << "lora" << 10 << 20.0 << "gate,up,down";
        QTest::newRow("rank16-all-linear") << data("peft_lora_rank16_all_linear.json") << "lora" << 16 << 32.0
                                           << "all-linear";
    }
    void peft()
    {
        QFETCH(QString, file);
        QFETCH(QString, method);
        QFETCH(int, rank);
        QFETCH(double, alpha);
        QFETCH(QString, targets);
        ImportReport report;
        const Scenario s = scenarioFromPeftConfigFile(file, onLlama3_8b(), &report);
        QCOMPARE(QString::fromLatin1(finetuneKey(s.finetune)), method);
        QCOMPARE(s.loraRank, std::int64_t(rank));
        QCOMPARE(s.loraAlpha, alpha);
        QCOMPARE(QString::fromStdString(loraTargetsKey(s.loraTargets)), targets);
        validateScenario(s);
    }

    // On Llama-3-8B the rank-16 all-linear adapter has PEFT's 41,943,040 trainable params (tst_finetune derives it).
    void peftCountOnLlama3()
    {
        const Scenario s = scenarioFromPeftConfigFile(data("peft_lora_rank16_all_linear.json"), onLlama3_8b());
        QCOMPARE(computeFootprint(s).trainableParams, std::int64_t(41943040));
    }

    // A QLoRA base stays QLoRA: adapter_config.json does not say how the base was loaded.
    void peftKeepsQloraBase()
    {
        Scenario base = onLlama3_8b();
        base.finetune = FinetuneMethod::Qlora;
        QCOMPARE(scenarioFromPeftConfigFile(data("peft_lora_rank32.json"), base).finetune, FinetuneMethod::Qlora);
    }

    // pytorch/torchtune recipes/configs/llama3_1/8B_qlora_single_device.yaml: qlora_llama3_1_8b, q, v, k, output_proj
    // and the MLP at rank 8 (alpha 16), batch 2 x 16 accumulation steps, bf16, activation checkpointing, the chunked
    // loss, no compile.
    void torchtuneQlora8b()
    {
        ImportReport report;
        const Scenario s = scenarioFromTorchtuneConfigFile(data("torchtune_llama3_1_8B_qlora_single_device.yaml"),
                                                           onLlama3_8b(), &report);
        QCOMPARE(s.arch.id, std::string("llama-3-8b"));
        QCOMPARE(s.finetune, FinetuneMethod::Qlora);
        QCOMPARE(basePrecisionInForce(s), BasePrecision::Nf4);
        QCOMPARE(loraTargetsKey(s.loraTargets), std::string("q,k,v,o,gate,up,down"));
        QCOMPARE(s.loraRank, std::int64_t(8));
        QCOMPARE(s.loraAlpha, 16.0);
        QCOMPARE(s.microBatch, std::int64_t(2));
        QCOMPARE(s.gradAccum, std::int64_t(16));
        QCOMPARE(s.checkpointing, Checkpointing::Full);
        QCOMPARE(s.compiled, false);
        QCOMPARE(s.lossChunks, std::int64_t(8));
        QCOMPARE(s.recipe.id, std::string("fp16-no-master-16bit-adam"));
        QCOMPARE(s.framework, Framework::Ddp);
        QVERIFY(report.all().join(QLatin1Char(' ')).contains(QLatin1String("max_seq_len")));
        validateScenario(s);
        // 32 x 8 x (2 x 8192 + 2 x 5120 + 3 x 18432) = 20,971,520 trainable params.
        QCOMPARE(computeFootprint(s).trainableParams, std::int64_t(20971520));
    }

    // recipes/configs/llama3_1/70B_lora.yaml: lora_llama3_1_70b, q, k, v at rank 16 (alpha 32), on 8 GPUs (FSDP2).
    void torchtuneLora70b()
    {
        Scenario base = onLlama3_8b();
        base.gpus = base.gpusPerNode = 8;
        const Scenario s = scenarioFromTorchtuneConfigFile(data("torchtune_llama3_1_70B_lora.yaml"), base);
        QCOMPARE(s.arch.id, std::string("llama-3-70b"));
        QCOMPARE(s.finetune, FinetuneMethod::Lora);
        QCOMPARE(loraTargetsKey(s.loraTargets), std::string("q,k,v"));
        QCOMPARE(s.loraRank, std::int64_t(16));
        QCOMPARE(s.gradAccum, std::int64_t(1));
        QCOMPARE(s.framework, Framework::Fsdp2);
        QCOMPARE(s.zeroStage, 3);
        validateScenario(s);
        // 80 x 16 x ((8192 + 8192) + 2 x (8192 + 1024)) = 44,564,480.
        QCOMPARE(computeFootprint(s).trainableParams, std::int64_t(44564480));
    }

    void torchtuneFull70b()
    {
        // Issue 24: pytorch/torchtune recipes/configs/llama3_1/70B_full.yaml@0031bfb ("To launch on 8 devices"): the
        // plain builder llama3_1_70b is full fine-tuning; batch_size 2, gradient_accumulation_steps 1, activation
        // checkpointing, fsdp_cpu_offload (FSDP2's CPUOffloadPolicy: params, grads and AdamW states on the host),
        // compile False, CEWithChunkedOutputLoss (8 chunks), dtype bf16 (torchtune trains in bf16 throughout).
        Scenario base = onLlama3_8b();
        base.gpus = base.gpusPerNode = 8;
        ImportReport report;
        const Scenario s = scenarioFromTorchtuneConfigFile(data("torchtune_llama3_1_70B_full.yaml"), base, &report);
        QCOMPARE(QString::fromStdString(s.arch.id), QStringLiteral("llama-3-70b"));
        QCOMPARE(int(s.finetune), int(FinetuneMethod::Full));
        QCOMPARE(s.microBatch, std::int64_t(2));
        QCOMPARE(s.gradAccum, std::int64_t(1));
        QCOMPARE(int(s.offloadParams), int(OffloadDevice::Cpu));
        QCOMPARE(int(s.offloadOptimizer), int(OffloadDevice::Cpu));
        QCOMPARE(int(s.checkpointing), int(Checkpointing::Full));
        QVERIFY(!s.compiled);
        QCOMPARE(s.lossChunks, std::int64_t(8));
        QCOMPARE(QString::fromStdString(s.recipe.id), QStringLiteral("fp16-no-master-16bit-adam"));
        QCOMPARE(int(s.framework), int(Framework::Fsdp2));
        QCOMPARE(s.zeroStage, 3);
        QVERIFY(report.notes.join(QLatin1Char('\n')).contains(QLatin1String("max_seq_len is null")));
        validateScenario(s);
        // Every parameter trains: no adapters, the whole model's gradients.
        const Footprint f = computeFootprint(s);
        QCOMPARE(f.trainableParams, f.totalParams);
    }

    void refusals()
    {
        auto field = [](auto&& f) {
            try {
                f();
            } catch (const InvalidInput& e) {
                return QString::fromStdString(e.field());
            }
            return QString();
        };
        const Scenario b = onLlama3_8b();
        QCOMPARE(field([&] { scenarioFromPeftConfig(R"({"peft_type": "IA3", "r": 8})", QStringLiteral("x.json"), b); }),
                 QStringLiteral("peft-config"));
        QCOMPARE(field([&] {
                     scenarioFromPeftConfig(R"({"peft_type": "LORA", "r": 8, "target_modules": ["c_fc"]})",
                                            QStringLiteral("x.json"), b);
                 }),
                 QStringLiteral("peft-config"));
        QCOMPARE(field([&] { scenarioFromPeftConfig(R"({"peft_type": "LORA", "r": 0})", QStringLiteral("x.json"), b); }),
                 QStringLiteral("peft-config"));
        QCOMPARE(field([&] { scenarioFromPeftConfig("{", QStringLiteral("x.json"), b); }), QStringLiteral("peft-config"));
        QCOMPARE(field([&] {
                     scenarioFromTorchtuneConfig("model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\n",
                                                 QStringLiteral("x.yaml"), b);
                 }),
                 QStringLiteral("torchtune-config"));
        QCOMPARE(field([&] { scenarioFromTorchtuneConfig("model: [", QStringLiteral("x.yaml"), b); }),
                 QStringLiteral("torchtune-config"));
        QCOMPARE(field([&] {
                     scenarioFromTorchtuneConfig("model:\n  _component_: torchtune.models.llama3_1.lora_llama3_1_8b\n"
                                                 "  lora_attn_modules: ['q_proj']\nbatch_size: -3\n",
                                                 QStringLiteral("x.yaml"), b);
                 }),
                 QStringLiteral("torchtune-config"));
    }
};

QTEST_GUILESS_MAIN(TestFinetuneConfig)
#include "tst_finetuneconfig.moc"
