// SPDX-License-Identifier: MIT
// Issue 24, item 1: the measured-run readers (validation_memory.cpp, validation_steps.cpp) read free text by phrase
// rules (core/src/phrases.cpp) with whole words and negation. One test per trap the issue names, each against the
// reading a person makes of the same words, plus the per-row list of what was read and what was assumed.
#include "shardscope/errors.h"
#include "shardscope/gpus.h"
#include "shardscope/gputype.h"
#include "shardscope/modelreading.h"
#include "shardscope/phrases.h"
#include "shardscope/scenario.h"
#include "shardscope/validation_memory.h"
#include "shardscope/validation_steps.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace shardscope;

namespace {

// One row of tests/data/measured/measured-memory.csv's format (TT02's shape: Llama 3.1 8B on 8 GPUs), with the
// layout, precision, notes and GPU replaced by the test.
std::string memoryCsv(const std::string& layout, const std::string& gpu, const std::string& notes, int tp = 1,
                      int dp = 8, const std::string& extraHeader = "", const std::string& extraCell = "")
{
    const std::string header = "id,source,model,total_params,layers,hidden,heads,kv_heads,ffn,vocab,seq,micro_batch,gpus,"
                               "gpu_type,dp,tp,pp,zero_stage_or_fsdp,precision,optimizer,checkpointing,flash_attn,offload,"
                               "measured_GiB_per_gpu,measured_kind,inferred_fields,notes"
        + extraHeader + "\n";
    return header + "X1,test,Llama 3.1 8B,8030261248,32,4096,32,8,14336,128256,8192,1,8,\"" + gpu + "\"," + std::to_string(dp)
        + "," + std::to_string(tp) + ",1,\"" + layout + "\",bf16 mixed,AdamW (torch),full,yes (SDPA),none,40,"
        + "reserved (peak),none,\"" + notes + "\"" + extraCell + "\n";
}

const MemoryValidationRow& onlyRow(const MemoryValidation& v)
{
    if (v.rows.size() != 1)
        qFatal("expected one modelled row, got %d (%s)", int(v.rows.size()),
               v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
    return v.rows.front();
}

// A steps row in measured-steps.csv's format: Llama 3 8B on 8 H100s (NEMO-LLAMA3-8B-8's shape).
CsvRow stepRow()
{
    CsvRow r;
    r["id"] = "T-1";
    r["source"] = "a test";
    r["model"] = "Llama 3 8B";
    r["layers"] = "32";
    r["hidden"] = "4096";
    r["heads"] = "32";
    r["vocab"] = "128256";
    r["seq"] = "8192";
    r["micro_batch"] = "1";
    r["global_batch"] = "128";
    r["gpus"] = "8";
    r["gpu_type"] = "H100-SXM5-80GB";
    r["dp"] = "8";
    r["tp"] = "1";
    r["pp"] = "1";
    r["measured_metric"] = "step_time_s";
    r["measured_value"] = "10";
    return r;
}

bool readsKnob(const RowReadings& r, const std::string& knob, const std::string& value)
{
    return std::any_of(r.fromText.begin(), r.fromText.end(),
                       [&](const TextReading& t) { return t.knob == knob && t.value == value && !t.phrase.empty(); });
}


// Issue 25: a Mixture of Experts written in measured-steps.csv's format. Mixtral 8x7B (Hugging Face
// mistralai/Mixtral-8x7B-v0.1 config.json, tests/data/hf/Mixtral-8x7B-v0.1.json: 32 layers, hidden 4096, 32 heads,
// num_key_value_heads 8, intermediate_size 14336, num_local_experts 8, num_experts_per_tok 2, vocab_size 32000,
// untied) on 64 H100 as DP 8 x TP 2 x PP 4, as a published run states it: no kv heads, ffn or vocabulary cell.
CsvRow mixtralStepRow()
{
    CsvRow r;
    r["id"] = "MOE-1";
    r["source"] = "a test";
    r["model"] = "Mixtral 8x7B";
    r["total_params"] = "46.7e9";
    r["layers"] = "32";
    r["hidden"] = "4096";
    r["heads"] = "32";
    r["seq"] = "4096";
    r["micro_batch"] = "1";
    r["global_batch"] = "256";
    r["gpus"] = "64";
    r["gpu_type"] = "H100 SXM 80GB";
    r["dp"] = "8";
    r["tp"] = "2";
    r["pp"] = "4";
    r["measured_metric"] = "step_time_s";
    r["measured_value"] = "10";
    r["notes"] = "EP=8, 8 experts, top-2 routing";
    return r;
}

/// Mixtral 8x7B's parameters by hand from that config: embedding and untied head 2 x 32000 x 4096 = 262,144,000; per
/// layer Q and O 2 x 4096^2, K and V 2 x 4096 x 1024 (8 KV heads of 128): 41,943,040; 8 experts x 3 x 4096 x 14336 =
/// 1,409,286,144; router 4096 x 8 = 32,768; two RMSNorms 8,192; 32 layers 46,440,644,608; final norm 4,096. Total
/// 46,702,792,704 (tests/io/tst_hfconfig.cpp reads the same from the config).
constexpr std::int64_t kMixtral8x7bParams = 46702792704;

/// One row of measured-memory.csv's format with the model's cells given.
std::string memoryCsvModel(const std::string& model, const std::string& total, const std::string& shape,
                           const std::string& notes, const std::string& extraHeader = "", const std::string& extraCell = "")
{
    const std::string header = "id,source,model,total_params,layers,hidden,heads,kv_heads,ffn,vocab,seq,micro_batch,gpus,"
                               "gpu_type,dp,tp,pp,zero_stage_or_fsdp,precision,optimizer,checkpointing,flash_attn,offload,"
                               "measured_GiB_per_gpu,measured_kind,inferred_fields,notes"
        + extraHeader + "\n";
    return header + "M1,test,\"" + model + "\"," + total + "," + shape + ",4096,1,64,H100 80GB,8,2,4,"
        + "\"Megatron-LM, distributed optimizer\",bf16 mixed,AdamW,full,yes,none,60,allocated (peak),none,\"" + notes
        + "\"" + extraCell + "\n";
}

bool assumes(const RowReadings& r, const std::string& knob)
{
    return std::any_of(r.assumed.begin(), r.assumed.end(), [&](const AssumedDefault& a) { return a.knob == knob; });
}

std::string refusalOf(const CsvRow& r)
{
    try {
        (void)scenarioForStepRow(r);
    } catch (const InvalidInput& e) {
        return e.what();
    }
    return "";
}

} // namespace

class TestReaderTraps : public QObject
{
    Q_OBJECT
private slots:
    void phraseRules()
    {
        // Whole words: "sp" is not in "split"; "compile" is in "torch.compile"; "FSDP" is not "FSDP2".
        QVERIFY(!findPhrase("split layers over 2", "sp"));
        QVERIFY(findPhrase("TP 8 (SP, async TP)", "sp"));
        QVERIFY(affirms("FSDP + torch.compile", "compile"));
        QVERIFY(!findPhrase("FSDP2 FULL_SHARD", "FSDP"));
        // Negation before and after the phrase, inside its clause only.
        QVERIFY(denies("Megatron-LM, no distributed optimizer", "distributed optimizer"));
        QVERIFY(denies("no torch.compile, eager", "compile"));
        QVERIFY(denies("compile=no; float8=no", "float8"));
        QVERIFY(denies("TP comm overlap disabled", "TP comm overlap"));
        QVERIFY(affirms("no activation recompute, with distributed optimizer", "distributed optimizer"));
        QVERIFY(affirms("no float8 but torch.compile", "compile"));
        // Named but not stated: neither affirmed nor denied.
        QVERIFY(!affirms("Recompute/SP/distributed optimizer not stated", "distributed optimizer"));
        QVERIFY(!denies("Recompute/SP/distributed optimizer not stated", "distributed optimizer"));
        // Whole numbers after whole words.
        QCOMPARE(numberAfter("KV groups 8, ffn 14336", "ffn").value_or(-1), 14336);
        QVERIFY(!numberAfter("ffn 4h", "ffn"));
        QVERIFY(!numberAfter("ffn=4h, MHA", "ffn"));
        QCOMPARE(numberAfter("cp=2; rest", "cp").value_or(-1), 2);
        QVERIFY(!numberAfter("dp_shard x cp = 8x1", "cp"));
    }

    void noDistributedOptimizerIsZeroZero()
    {
        // "no distributed optimizer" must not turn ZeRO-1 on (memory layout and steps notes).
        const MemoryValidation v = validateMeasuredMemory(memoryCsv("Megatron-LM DDP, no distributed optimizer", "H100 80GB", ""));
        QCOMPARE(onlyRow(v).scenario.zeroStage, 0);
        const MemoryValidation w = validateMeasuredMemory(memoryCsv("Megatron-LM with distributed optimizer", "H100 80GB", ""));
        QCOMPARE(onlyRow(w).scenario.zeroStage, 1);
        QVERIFY(readsKnob(onlyRow(w).readings, "zero-stage", "1"));
        CsvRow r = stepRow();
        r["notes"] = "Megatron-LM CI: no distributed optimizer, deterministic kernels";
        QCOMPARE(scenarioForStepRow(r).zeroStage, 0);
        r["notes"] = "Recompute/SP/distributed optimizer not stated";
        QCOMPARE(scenarioForStepRow(r).zeroStage, 1); // the documented Megatron-Core default, listed as assumed
        RowReadings log;
        scenarioForStepRow(r, &log);
        QVERIFY(std::any_of(log.assumed.begin(), log.assumed.end(), [](const AssumedDefault& a) { return a.knob == "zero-stage"; }));
    }

    void zeroOneDistributedOptimizerIsAccepted()
    {
        // "ZeRO-1 (distributed optimizer over DP=2)": no framework named; the distributed optimizer is Megatron's ZeRO-1.
        const MemoryValidation v
            = validateMeasuredMemory(memoryCsv("ZeRO-1 (distributed optimizer over DP=2)", "H100 80GB", "", 4, 2));
        QVERIFY(v.unmodelled.empty());
        QCOMPARE(onlyRow(v).scenario.zeroStage, 1);
        QCOMPARE(onlyRow(v).scenario.framework, Framework::Megatron);
    }

    void ffnTimesHiddenIsNotFour()
    {
        CsvRow r = stepRow();
        r["model"] = "GPT 1.7B";
        r["notes"] = "assumes Megatron model-FLOP count, ffn 4h, MHA";
        QCOMPARE(scenarioForStepRow(r).arch.ffn, 4 * 4096);
        r["notes"] = "ffn=2.5h";
        QCOMPARE(scenarioForStepRow(r).arch.ffn, std::int64_t(10240));
        r["notes"] = "ffn 14336";
        QCOMPARE(scenarioForStepRow(r).arch.ffn, std::int64_t(14336));
    }

    void noTorchCompileIsEager()
    {
        CsvRow r = stepRow();
        r["source"] = "pytorch/torchtitan benchmarks";
        r["notes"] = "FSDP, no torch.compile";
        QVERIFY(!scenarioForStepRow(r).compiled);
        r["notes"] = "FSDP + torch.compile";
        QVERIFY(scenarioForStepRow(r).compiled);
        const MemoryValidation v = validateMeasuredMemory(memoryCsv("FSDP2 FULL_SHARD", "H100 80GB", "no torch.compile; float8=no"));
        QVERIFY(!onlyRow(v).scenario.compiled);
        const MemoryValidation w = validateMeasuredMemory(memoryCsv("FSDP2 FULL_SHARD", "H100 80GB", "compile=yes"));
        QVERIFY(onlyRow(w).scenario.compiled);
    }

    void spOnlyAsAWholeWord()
    {
        QVERIFY(!onlyRow(validateMeasuredMemory(memoryCsv("FSDP2 over 4 + TP 2 (split heads)", "H100 80GB", "", 2, 4)))
                     .scenario.sequenceParallel);
        QVERIFY(onlyRow(validateMeasuredMemory(memoryCsv("FSDP2 over 4 + TP 2 (SP)", "H100 80GB", "", 2, 4)))
                    .scenario.sequenceParallel);
    }

    void blackwellGpus()
    {
        // Every Blackwell preset `estimate --gpu` knows (gpus.cpp), in both readers; "GB200" is not a "B200".
        const std::pair<const char*, const char*> cases[] = {
            {"B200 (DGX-B200)", "b200-192gb"}, {"GB200 NVL72", "gb200-186gb"}, {"NVIDIA B300 SXM6 AC", "b300-288gb"}};
        for (const auto& [name, id] : cases) {
            QCOMPARE(QString::fromStdString(onlyRow(validateMeasuredMemory(memoryCsv("FSDP2", name, ""))).scenario.gpu),
                     QString::fromLatin1(id));
            CsvRow r = stepRow();
            r["gpu_type"] = name;
            QCOMPARE(QString::fromStdString(scenarioForStepRow(r).gpu), QString::fromLatin1(id));
        }
    }

    void gpuNamesAsPublishedRunsWriteThem()
    {
        // A row the reader cannot read is a defect of the reader (issue 24). Published runs name GPUs as vendors and
        // sites write them; each name reads to a preset (gpus.cpp) and the datasheet figures by which the variant
        // differs (core/src/gputype.cpp names each datasheet). Both readers read GPUs through readGpuType(), so they
        // agree. Expected figures, by hand from the datasheets: H800 and A800 NVLink 400 GB/s both ways = 200e9 a
        // direction; H100 PCIe 1,513 TFLOP/s BF16 with sparsity / 2 = 756.5e12 at 2 TB/s; H100 NVL 1,671 / 2 = 835.5e12,
        // 94 GB at 3.9 TB/s; A100 PCIe 80GB 1,935 GB/s, 40GB 1,555 GB/s; V100 PCIe 112 TFLOP/s; V100 16GB 16,160 MiB
        // (nvidia-smi); GH200 96 GB at 4 TB/s or 144 GB at 4.9 TB/s; MI325X 256 GB at 6 TB/s; RTX A6000 49,140 MiB,
        // 154.8 TFLOP/s, 768 GB/s. PCIe links are the preset's PCIe figure (gpus.cpp: Gen5 50e9, Gen4 25e9, Gen3 12.5e9).
        struct Case
        {
            const char* text;
            const char* preset;
            std::int64_t capacity; // 0 = the preset's
            double peak, hbm, intra; // 0 = the preset's
        };
        const Case cases[] = {
            {"H100-SXM5-80GB", "h100-80gb", 0, 0, 0, 0},
            {"NVIDIA H100 80GB HBM3", "h100-80gb", 0, 0, 0, 0},
            {"64 H100s", "h100-80gb", 0, 0, 0, 0},
            {"8xH100 (80 GB)", "h100-80gb", 0, 0, 0, 0},
            {"H100-SXM5-80GB (NVIDIA Eos, IB NDR 400G)", "h100-80gb", 0, 0, 0, 0},
            {"H100-96GB-HBM2e (Grand Teton, 500 W cap, 400 Gb/s RDMA per GPU)", "h100-96gb", 0, 0, 0, 0},
            {"H800", "h800-80gb", 0, 0, 0, 0},
            {"2048 H800 GPUs", "h800-80gb", 0, 0, 0, 0},
            {"NVIDIA H100 PCIe", "h100-80gb", 0, 756.5e12, 2.0e12, 50e9},
            {"H100 NVL", "h100-80gb", 94'000'000'000, 835.5e12, 3.9e12, 50e9},
            {"GH200", "h100-80gb", 96'000'000'000, 0, 4.0e12, 0},
            {"GH200 144GB HBM3e", "h100-80gb", 144'000'000'000, 0, 4.9e12, 0},
            {"H200 SXM 141GB", "h200-141gb", 0, 0, 0, 0},
            {"A100-SXM4-80GB (400 Gb/s inter-node)", "a100-80gb", 0, 0, 0, 0},
            {"A100 (1600 Gbps RoCE/node)", "a100-80gb", 0, 0, 0, 0},
            {"A100-SXM-40GB (1600 Gbps RoCE/node)", "a100-40gb", 0, 0, 0, 0},
            {"A100 80GB PCIe", "a100-80gb", 0, 0, 1935e9, 25e9},
            {"A100 PCIe 40GB", "a100-40gb", 0, 0, 1555e9, 25e9},
            {"A800-SXM4-80GB", "a800-80gb", 0, 0, 0, 0},
            {"A800 40GB", "a100-40gb", 0, 0, 0, 200e9},
            {"Tesla V100-SXM2-32GB", "v100-32gb", 0, 0, 0, 0},
            {"V100 16GB", "v100-32gb", 16160 * std::int64_t(1048576), 0, 0, 0},
            {"V100 PCIe 32GB", "v100-32gb", 0, 112e12, 0, 12.5e9},
            {"MI300X (192GB HBM3 750W)", "mi300x-192gb", 0, 0, 0, 0},
            {"AMD Instinct MI325X", "mi300x-192gb", 256'000'000'000, 0, 6e12, 0},
            {"NVIDIA L40S", "l40s-48gb", 0, 0, 0, 0},
            {"NVIDIA L4", "l4-24gb", 0, 0, 0, 0},
            {"RTX 4090", "rtx4090-24gb", 0, 0, 0, 0},
            {"GeForce RTX 3090", "rtx3090-24gb", 0, 0, 0, 0},
            {"A10G (AWS g5)", "a10g-24gb", 0, 0, 0, 0},
            {"RTX A6000", "custom", 49140 * std::int64_t(1048576), 154.8e12, 768e9, 25e9},
            {"B200 (DGX-B200)", "b200-192gb", 0, 0, 0, 0},
            {"GB200 NVL72", "gb200-186gb", 0, 0, 0, 0},
            {"NVIDIA B300 SXM6 AC", "b300-288gb", 0, 0, 0, 0},
        };
        for (const Case& c : cases) {
            const GpuTypeReading g = readGpuType(c.text);
            QVERIFY2(g.refusal.empty(), c.text);
            QCOMPARE(QString::fromStdString(g.preset), QString::fromLatin1(c.preset));
            QCOMPARE(g.capacityBytes.value_or(0), c.capacity);
            QCOMPARE(g.peakFlops16, c.peak);
            QCOMPARE(g.hbmBytesPerSecond, c.hbm);
            QCOMPARE(g.intraNodeBytesPerSecond, c.intra);
            QCOMPARE(g.variant.empty(), c.capacity == 0 && c.peak == 0 && c.hbm == 0 && c.intra == 0);
            // The steps reader: the scenario carries the figures and the row lists the reading.
            CsvRow r = stepRow();
            r["gpu_type"] = c.text;
            RowReadings log;
            const Scenario s = scenarioForStepRow(r, &log);
            QCOMPARE(QString::fromStdString(s.gpu), QString::fromLatin1(c.preset));
            QCOMPARE(s.capacityBytes.value_or(0), c.capacity);
            QCOMPARE(s.peakFlops16Override, c.peak);
            QCOMPARE(s.hbmBytesPerSecondOverride, c.hbm);
            QVERIFY2(readsKnob(log, "gpu", c.preset), c.text);
            // The memory reader agrees.
            const MemoryValidation m = validateMeasuredMemory(memoryCsv("FSDP2", c.text, ""));
            QVERIFY2(m.rows.size() == 1, c.text);
            QCOMPARE(QString::fromStdString(m.rows.front().scenario.gpu), QString::fromLatin1(c.preset));
            QCOMPARE(m.rows.front().scenario.capacityBytes.value_or(0), c.capacity);
        }
        // The figures reach the step model: the H100 PCIe's FP8 peak keeps the FP8 : BF16 ratio of its datasheet
        // (3,026 TFLOP/s FP8 with sparsity / 2 = 1,513e12; within the preset's rounding, 1,979 / 989 = 2.001).
        CsvRow pcie = stepRow();
        pcie["gpu_type"] = "H100 PCIe";
        const GpuPreset g = resolveGpu(scenarioForStepRow(pcie));
        QCOMPARE(g.peakFlops16, 756.5e12);
        QVERIFY2(std::abs(g.peakFlops8 / 1513e12 - 1) < 1e-3, std::to_string(g.peakFlops8).c_str());
        // "GH200" is not an "H200", "GB200" not a "B200", "H20" neither; no rate is a memory size.
        QCOMPARE(QString::fromStdString(readGpuType("GH200").phrase), QStringLiteral("GH200"));
        QCOMPARE(QString::fromStdString(readGpuType("GB200 NVL72").preset), QStringLiteral("gb200-186gb"));
        // Names no preset describes are refused with the reason, by both readers, never guessed.
        for (const char* other : {"H20", "MI250X", "TPU v5p", "Gaudi 2", "Tesla T4", "L40"}) {
            const GpuTypeReading g2 = readGpuType(other);
            QVERIFY2(g2.preset.empty() && !g2.refusal.empty(), other);
            CsvRow r = stepRow();
            r["gpu_type"] = other;
            try {
                scenarioForStepRow(r);
                QFAIL(other);
            } catch (const InvalidInput& e) {
                QCOMPARE(QString::fromUtf8(e.what()), QString::fromStdString(g2.refusal));
            }
            const MemoryValidation m = validateMeasuredMemory(memoryCsv("FSDP2", other, ""));
            QVERIFY2(m.rows.empty() && m.unmodelled.size() == 1, other);
            QCOMPARE(QString::fromStdString(m.unmodelled.front().reason), QString::fromStdString(g2.refusal));
        }
    }

    void checkpointingAsRunsStateIt()
    {
        // The steps reader read its recompute column by prefix ("full...", "selective...", anything else none), so
        // "activation checkpointing", "AC: full" or "yes" became no checkpointing, silently. Both readers now read the
        // cell by phrase rules (phrases.h readCheckpointingText), list what they read, and refuse words that state none
        // of it. A bare affirmation is every layer in full: Hugging Face Trainer's gradient_checkpointing
        // (transformers TrainingArguments), DeepSpeed's activation checkpointing and PyTorch's checkpoint_wrapper
        // wrap every block whole; the row lists that as assumed.
        const std::pair<const char*, Checkpointing> cases[] = {
            {"full", Checkpointing::Full},
            {"Full (uniform, 1 layer)", Checkpointing::Full},
            {"AC: full", Checkpointing::Full},
            {"selective", Checkpointing::Selective},
            {"selective (core attention)", Checkpointing::Selective},
            {"selective (per-op SAC)", Checkpointing::PerOp},
            {"selective (op)", Checkpointing::PerOp},
            {"none", Checkpointing::None},
            {"no", Checkpointing::None},
            {"off", Checkpointing::None},
            {"n/a", Checkpointing::None},
            {"-", Checkpointing::None},
            {"no AC", Checkpointing::None},
            {"no full recompute", Checkpointing::None},
            {"activation checkpointing disabled", Checkpointing::None},
            {"activation checkpointing", Checkpointing::Full},
            {"gradient checkpointing", Checkpointing::Full},
            {"yes", Checkpointing::Full},
        };
        for (const auto& [text, want] : cases) {
            const auto ck = readCheckpointingText(text);
            QVERIFY2(ck, text);
            QCOMPARE(int(ck->value), int(want));
            CsvRow r = stepRow();
            r["recompute"] = text;
            RowReadings log;
            QCOMPARE(int(scenarioForStepRow(r, &log).checkpointing), int(want));
            const std::string key = checkpointingKey(want); // a structured binding is not captured (C++17)
            const bool listed = readsKnob(log, "checkpointing", key)
                || std::any_of(log.assumed.begin(), log.assumed.end(), [&](const AssumedDefault& a) {
                       return a.knob == "checkpointing" && a.value == key;
                   });
            QVERIFY2(listed, text);
            // The memory reader reads its checkpointing column alike.
            std::string csv = memoryCsv("FSDP2", "H100 80GB", "");
            const std::string cell = "AdamW (torch),full,";
            csv.replace(csv.find(cell), cell.size(), std::string("AdamW (torch),\"") + text + "\",");
            QCOMPARE(int(onlyRow(validateMeasuredMemory(csv)).scenario.checkpointing), int(want));
        }
        QVERIFY(readCheckpointingText("yes")->granularityAssumed);
        QVERIFY(!readCheckpointingText("full")->granularityAssumed);
        // Words that state none of it: the row is refused with them, never read as "none".
        for (const char* text : {"every layer", "sometimes", "see paper"}) {
            QVERIFY2(!readCheckpointingText(text), text);
            CsvRow r = stepRow();
            r["recompute"] = text;
            QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForStepRow(r));
        }
        // Blank: none, listed as assumed.
        CsvRow blank = stepRow();
        RowReadings log;
        QCOMPARE(int(scenarioForStepRow(blank, &log).checkpointing), int(Checkpointing::None));
        QVERIFY(std::any_of(log.assumed.begin(), log.assumed.end(),
                            [](const AssumedDefault& a) { return a.knob == "checkpointing" && a.value == "none"; }));
    }

    void thirtyTwoBitGemmsAreRefusedNotPricedAsBf16()
    {
        // A precision cell stating only fp32 / TF32 was read as bf16 mixed precision and priced at the 16-bit tensor
        // rate (2x the TF32 rate by the A100 and H100 datasheets, more against fp32 without tensor cores). The step
        // model has no 32-bit GEMM rate, so such a row is refused with the reason; fp32 beside a 16-bit word (master
        // weights, gradient accumulation) is bf16 as before.
        for (const char* text : {"fp32", "TF32", "float32 (full precision)"}) {
            CsvRow r = stepRow();
            r["precision"] = text;
            QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForStepRow(r));
        }
        for (const char* text : {"bf16 with fp32 master weights", "amp_bf16", "bf16 (fp32 grad accumulation)", "fp16 mixed"}) {
            CsvRow r = stepRow();
            r["precision"] = text;
            QVERIFY2(!scenarioForStepRow(r).recipe.fp8, text);
        }
    }

    void layoutWordsInTheirColumns()
    {
        // zero_stage took only a number ("ZeRO-3", "FSDP", "distributed optimizer", "DDP" refused the row) and
        // sequence_parallel only "yes" ("true", "on", "SP" read as off, silently). Both columns are now read by phrase
        // rules and listed; HSDP and words that are neither are refused with the reason.
        const std::tuple<const char*, int, bool> stages[] = {
            {"3", 3, false}, {"ZeRO-3", 3, false}, {"zero3", 3, false}, {"ZeRO stage 2", 2, false},
            {"ZeRO-1 (distributed optimizer)", 1, false}, {"distributed optimizer", 1, false}, {"DDP", 0, false},
            {"none", 0, false}, {"FSDP", 3, true}, {"FSDP2 FULL_SHARD", 3, true}, {"SHARD_GRAD_OP", 2, true}};
        for (const auto& [text, stage, fsdp] : stages) {
            CsvRow r = stepRow();
            r["zero_stage"] = text;
            RowReadings log;
            const Scenario s = scenarioForStepRow(r, &log);
            QCOMPARE(s.zeroStage, stage);
            QCOMPARE(s.framework == Framework::Fsdp2, fsdp);
            if (std::string(text) != "3")
                QVERIFY2(readsKnob(log, "zero-stage", std::to_string(stage)), text);
        }
        for (const char* text : {"HSDP", "4", "ZeRO++", "sharded"}) {
            CsvRow r = stepRow();
            r["zero_stage"] = text;
            QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForStepRow(r));
        }
        const std::pair<const char*, bool> sp[] = {{"yes", true}, {"true", true}, {"on", true}, {"SP", true}, {"1", true},
                                                   {"no", false}, {"false", false}, {"off", false}, {"0", false},
                                                   {"no SP", false}};
        for (const auto& [text, on] : sp) {
            CsvRow r = stepRow();
            r["tp"] = "2";
            r["dp"] = "4";
            r["sequence_parallel"] = text;
            RowReadings log;
            QCOMPARE(scenarioForStepRow(r, &log).sequenceParallel, on);
            QVERIFY2(readsKnob(log, "sequence-parallel", on ? "yes" : "no"), text);
        }
        CsvRow maybe = stepRow();
        maybe["sequence_parallel"] = "sometimes";
        QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForStepRow(maybe));
        // Context parallelism: the format's "cp=K;" and what runs write for it (only "cp=K;" was read).
        for (const char* notes : {"cp=2;", "CP 2", "context parallel 2", "context_parallel_size=2", "seq 8192, CP=2"}) {
            CsvRow r = stepRow();
            r["dp"] = "4";
            r["notes"] = notes;
            RowReadings log;
            QCOMPARE(scenarioForStepRow(r, &log).cp, std::int64_t(2));
            QVERIFY2(readsKnob(log, "cp", "2"), notes);
        }
    }

    void metricsAsRunsNameThem()
    {
        // The file format names five metrics (shared/data/README.md); runs write them otherwise. Each alias is read
        // to the format's name and value, and listed. By hand, on stepRow()'s 8 GPUs and seq 8192: "tokens_per_s"
        // 24,000 over 8 GPUs = 3,000 per GPU; "samples_per_s" 2.93 x 8192 / 8 = 3,000.32; "step_time_ms" 12,500 =
        // 12.5 s; "MFU (%)" 45 = 0.45, as "mfu" 45% is.
        const auto read = [](const char* metric, const char* value) {
            CsvRow r = stepRow();
            r["measured_metric"] = metric;
            r["measured_value"] = value;
            std::string csv, header;
            for (const auto& [k, v] : r) {
                header += (header.empty() ? "" : ",") + k;
                csv += (csv.empty() ? "\"" : ",\"") + v + "\"";
            }
            const StepValidation v = validateSteps(header + "\n" + csv + "\n");
            if (v.rows.size() != 1)
                qFatal("%s: %s", metric, v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
            return v.rows.front();
        };
        const std::tuple<const char*, const char*, const char*, double> cases[] = {
            {"tokens_per_s", "24000", "tokens_per_s_per_gpu", 3000},
            {"tokens/s/GPU", "3000", "tokens_per_s_per_gpu", 3000},
            {"samples_per_s", "2.93", "tokens_per_s_per_gpu", 2.93 * 8192 / 8},
            {"step_time_ms", "12500", "step_time_s", 12.5},
            {"Step time (s)", "12.5", "step_time_s", 12.5},
            {"TFLOP/s per GPU", "400", "tflops_per_gpu", 400},
            {"MFU (%)", "45", "mfu", 0.45},
            {"mfu", "45%", "mfu", 0.45},
            {"mfu", "0.45", "mfu", 0.45},
        };
        for (const auto& [metric, value, canonical, measured] : cases) {
            const StepCheck c = read(metric, value);
            QCOMPARE(QString::fromStdString(c.metric), QString::fromLatin1(canonical));
            QVERIFY2(std::abs(c.measured / measured - 1) < 1e-12, metric);
        }
    }

    void memoryColumnsAsRunsWriteThem()
    {
        // The memory reader refused a bare "bf16", "SGD", "Lion", an optimizer offload, "max_memory_allocated" and a
        // layout of "none"; it read "DeepSpeed ZeRO stage 1" as stage 0 and "FlashAttention-2" / "sdpa" as eager. Each
        // is now read by phrase rules and listed (docs/validation.md, "What the reader takes from text").
        const auto row = [](const std::string& layout, const std::string& precision, const std::string& optimizer,
                            const std::string& flash, const std::string& offload, const std::string& kind) {
            std::string csv = memoryCsv(layout, "H100 80GB", "");
            const auto put = [&](const std::string& from, const std::string& to) {
                const auto at = csv.find(from);
                if (at == std::string::npos)
                    qFatal("no '%s' in the row", from.c_str());
                csv.replace(at, from.size(), to);
            };
            put(",bf16 mixed,", ",\"" + precision + "\",");
            put(",AdamW (torch),", ",\"" + optimizer + "\",");
            put(",yes (SDPA),none,", ",\"" + flash + "\",\"" + offload + "\",");
            put(",reserved (peak),", ",\"" + kind + "\",");
            return validateMeasuredMemory(csv);
        };
        const auto one = [&](const std::string& layout, const std::string& precision = "bf16 mixed",
                             const std::string& optimizer = "AdamW", const std::string& flash = "yes",
                             const std::string& offload = "none", const std::string& kind = "reserved") {
            return onlyRow(row(layout, precision, optimizer, flash, offload, kind));
        };
        // Layouts.
        QCOMPARE(one("DeepSpeed ZeRO stage 1").scenario.zeroStage, 1);
        QCOMPARE(one("DeepSpeed ZeRO stage 1").scenario.framework, Framework::DeepSpeed);
        QCOMPARE(one("none").scenario.framework, Framework::Ddp);
        QVERIFY(row("DeepSpeed", "bf16 mixed", "AdamW", "yes", "none", "reserved").rows.empty()); // no stage: refused
        QVERIFY(row("HSDP", "bf16 mixed", "AdamW", "yes", "none", "reserved").rows.empty());
        // A bare 16-bit word: each stack's default (FSDP: 16-bit params with an fp32 master; DDP: fp32 under autocast).
        QCOMPARE(QString::fromStdString(one("FSDP2", "bf16").scenario.recipe.id), QStringLiteral("mixed"));
        const auto ddp = one("DDP", "bf16");
        QCOMPARE(QString::fromStdString(ddp.scenario.recipe.id), QStringLiteral("fp32"));
        QCOMPARE(ddp.scenario.activationPrecision, ActivationPrecision::Autocast);
        QCOMPARE(one("FSDP2", "BF16 AMP").scenario.activationPrecision, ActivationPrecision::Autocast);
        // Optimizers.
        QCOMPARE(one("FSDP2", "bf16 mixed", "SGD").scenario.optimizer, Optimizer::Sgd);
        QCOMPARE(one("FSDP2", "bf16 mixed", "SGD (momentum 0.9)").scenario.optimizer, Optimizer::SgdMomentum);
        QCOMPARE(one("FSDP2", "bf16 mixed", "Lion").scenario.optimizer, Optimizer::Lion);
        // Attention kernels by name.
        for (const char* k : {"FlashAttention-2", "flash_attention_2", "sdpa", "FA2", "xformers", "flex attention"})
            QVERIFY2(one("FSDP2", "bf16 mixed", "AdamW", k).scenario.flashAttention, k);
        for (const char* k : {"no", "eager", "SDPA (math backend)"})
            QVERIFY2(!one("FSDP2", "bf16 mixed", "AdamW", k).scenario.flashAttention, k);
        QVERIFY(row("FSDP2", "bf16 mixed", "AdamW", "sometimes", "none", "reserved").rows.empty());
        // Offload.
        QCOMPARE(one("DeepSpeed ZeRO-3", "bf16 mixed", "AdamW", "yes", "optimizer -> CPU").scenario.offloadOptimizer,
                 OffloadDevice::Cpu);
        QCOMPARE(one("DeepSpeed ZeRO-3", "bf16 mixed", "AdamW", "yes", "ZeRO-Offload to NVMe").scenario.offloadOptimizer,
                 OffloadDevice::Nvme);
        const auto both = one("DeepSpeed ZeRO-3", "bf16 mixed", "AdamW", "yes", "params and optimizer -> CPU").scenario;
        QCOMPARE(both.offloadParams, OffloadDevice::Cpu);
        QCOMPARE(both.offloadOptimizer, OffloadDevice::Cpu);
        QCOMPARE(one("DeepSpeed ZeRO-2", "bf16 mixed", "AdamW", "yes", "no").scenario.offloadOptimizer, OffloadDevice::None);
        QVERIFY(row("DeepSpeed ZeRO-2", "bf16 mixed", "AdamW", "yes", "params -> CPU", "reserved").rows.empty());
        // Measured kinds as runs write them.
        QCOMPARE(QString::fromStdString(one("FSDP2", "bf16 mixed", "AdamW", "yes", "none", "torch.cuda.max_memory_allocated()").kind),
                 QStringLiteral("peak_allocated"));
        QCOMPARE(QString::fromStdString(one("FSDP2", "bf16 mixed", "AdamW", "yes", "none", "max_memory_reserved").kind),
                 QStringLiteral("peak_reserved"));
        QCOMPARE(QString::fromStdString(one("FSDP2", "bf16 mixed", "AdamW", "yes", "none", "rocm-smi used memory").kind),
                 QStringLiteral("device_used"));
        QVERIFY(row("FSDP2", "bf16 mixed", "AdamW", "yes", "none", "peak memory").rows.empty());
    }

    void numbersAsTablesPrintThem()
    {
        // "1,024" and "8K" refused the row ("not a number"). Thousands separators are read, and a sequence length may
        // carry the K (x 1024) context lengths are named by; anything else stays refused.
        CsvRow r = stepRow();
        r["global_batch"] = "1,024";
        r["seq"] = "8K";
        const Scenario s = scenarioForStepRow(r);
        QCOMPARE(s.seq, std::int64_t(8192));
        QCOMPARE(s.gradAccum * s.microBatch * 8, std::int64_t(1024)); // dp 8
        for (const char* bad : {"1,02", "8KB", "1.024.000", "k"}) {
            CsvRow b = stepRow();
            b["seq"] = bad;
            QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForStepRow(b));
        }
    }

    void anUnstatedPowerLimitIsModelledAndSaid()
    {
        // pytorch/torchtitan@0d48106 docs/mxfp8.md ("Single-node training on 8x power limited B200 GPUs") gives no
        // wattage; its bf16 run (8307.5 tokens/s) is 1.35x the 500 W H100's on the same harness (pytorch/ao
        // torchao/float8/README.md, 6150), where the datasheets give the B200 2.3x the peak. Issue 24: every fresh row
        // is modelled (only a row whose source omits the batch is refused), so the steps reader prices such a row at
        // the preset's stock clock and lists that in the row's assumptions, saying the measured step will be slower.
        // A preset measured at its cap (gpus.cpp: the 500 W H100 96GB) is priced with no note; a rating that is not a
        // limit ("750W") is no limit; a denied limit is none.
        const auto note = [](const std::string& gpu, std::string* preset = nullptr) -> std::string {
            CsvRow r = stepRow();
            r["gpu_type"] = gpu;
            RowReadings log;
            const Scenario s = scenarioForStepRow(r, &log); // modelled: throws on a refusal
            if (preset)
                *preset = s.gpu;
            for (const AssumedDefault& a : log.assumed)
                if (a.knob == "gpu-clock")
                    return a.value + ": " + a.why;
            return {};
        };
        std::string preset;
        const std::string unstated = note("B200 (8x power limited B200)", &preset);
        QCOMPARE(QString::fromStdString(preset), QStringLiteral("b200-192gb"));
        QVERIFY2(unstated.find("stock: power limited (no wattage stated)") == 0, unstated.c_str());
        QVERIFY2(unstated.find("priced at the preset's stock clock; the measured step will be slower") != std::string::npos,
                 unstated.c_str());
        QVERIFY(note("8x power-limited B200").find("no wattage stated") != std::string::npos);
        QVERIFY(note("GB200 NVL72 (power-throttled)").find("no wattage stated") != std::string::npos);
        const std::string stated = note("B200 at a 700 W cap");
        QVERIFY2(stated.find("power limited at 700 W (no B200 (HGX) preset is measured at that limit)") != std::string::npos,
                 stated.c_str());
        // No note: the same GPU without a limit, the preset measured at its cap, a rating, a denial.
        for (const char* gpu : {"B200 (8x B200)", "H100 96GB HBM2e (500 W cap; Meta variant)", "MI300X (192GB HBM3 750W)",
                                "B200, not power limited"})
            QVERIFY2(note(gpu).empty(), gpu);
        note("H100 96GB HBM2e (500 W cap; Meta variant)", &preset);
        QCOMPARE(QString::fromStdString(preset), QStringLiteral("h100-96gb"));
    }

    void aRowDeeperThanAnyPublishedRunIsRefused()
    {
        // The steps reader refuses a row with more layers than any published run (DeepNet's 1,000, arXiv:2203.00555),
        // with the reason: fuzz_validate_steps found 24,208 layers at 64 micro-batches per GPU running past its 10 s
        // limit in the step model (tests/fuzz/regressions/validate_steps/timeout-24208-layers.csv).
        CsvRow r = stepRow();
        r["layers"] = "1000";
        QCOMPARE(scenarioForStepRow(r).arch.layers, 1000);
        r["layers"] = "1001";
        try {
            (void)scenarioForStepRow(r);
            QFAIL("a 1,001-layer row was read");
        } catch (const InvalidInput& e) {
            QVERIFY2(std::string(e.what()).find("more than any published run") != std::string::npos, e.what());
        }
    }

    void readingsListWhatWasTaken()
    {
        // Every knob taken from text carries its column and phrase; every default assumed carries its reason.
        const MemoryValidation v = validateMeasuredMemory(memoryCsv("FSDP2 FULL_SHARD", "H100 80GB", "compile=yes"));
        const RowReadings& r = onlyRow(v).readings;
        QCOMPARE(QString::fromStdString(r.id), QStringLiteral("X1"));
        QVERIFY(readsKnob(r, "framework", "fsdp2"));
        QVERIFY(readsKnob(r, "compiled", "yes"));
        for (const TextReading& t : r.fromText)
            QVERIFY(!t.column.empty());
        CsvRow s = stepRow();
        RowReadings log;
        scenarioForStepRow(s, &log);
        QVERIFY(!log.assumed.empty());
        for (const AssumedDefault& a : log.assumed)
            QVERIFY2(!a.why.empty(), a.knob.c_str());
    }

    void explicitColumnsWin()
    {
        // A column named by a knob's file key (knobs.cpp) states the knob; it wins over the text and is listed.
        // (Not a column of the shipped format such as checkpointing: a header naming a column twice is refused, issue 30.)
        const MemoryValidation v = validateMeasuredMemory(
            memoryCsv("FSDP2 FULL_SHARD", "H100 80GB", "compile=yes", 1, 8, ",compiled,activation_offload", ",off,on"));
        QVERIFY(!onlyRow(v).scenario.compiled);
        QVERIFY(readsKnob(onlyRow(v).readings, "compiled", "off"));
        // A bad value is the row's reason, never a silent default.
        const MemoryValidation w
            = validateMeasuredMemory(memoryCsv("FSDP2 FULL_SHARD", "H100 80GB", "", 1, 8, ",compiled", ",sometimes"));
        QCOMPARE(int(w.unmodelled.size()), 1);
        QVERIFY(w.unmodelled.front().reason.find("compiled") != std::string::npos);
    }

    // --- issue 25: Mixtures of Experts in the shipped row formats (core/src/modelreading.cpp)

    void mixtralInTheStepsFormatIsTheMixtralPreset()
    {
        RowReadings log;
        const Scenario s = scenarioForStepRow(mixtralStepRow(), &log);
        // Before: ffn 16384 ("4 x hidden (GPT)"), 32 KV heads, no experts, EP ignored, without a word.
        QCOMPARE(s.arch.experts, std::int64_t(8));
        QCOMPARE(s.arch.topK, std::int64_t(2));
        QCOMPARE(s.arch.kvHeads, std::int64_t(8));
        QCOMPARE(s.arch.ffn, std::int64_t(14336));
        QCOMPARE(s.arch.vocab, std::int64_t(32000));
        QVERIFY(s.arch.gatedMlp);
        QVERIFY(!s.arch.qkvBias && !s.arch.mlpBias);
        QCOMPARE(s.ep, std::int64_t(8));
        QCOMPARE(countParams(s.arch).total, kMixtral8x7bParams);
        QVERIFY(readsKnob(log, "model-preset", "mixtral-8x7b"));
        QVERIFY(readsKnob(log, "ffn", "14336"));
        QVERIFY(readsKnob(log, "ep", "8"));
        QVERIFY(!assumes(log, "ffn") && !assumes(log, "kv-heads") && !assumes(log, "vocab"));
        QVERIFY(!assumes(log, "total-params")); // 46.7e9 is the count to 0.01%
        // And validate models it with EP 8 (the step model's EP groups), listed in the JSON readings.
        std::string csv = "id,source,model,total_params,layers,hidden,heads,vocab,seq,micro_batch,global_batch,gpus,"
                          "gpus_per_node,gpu_type,dp,tp,pp,vpp,zero_stage,sequence_parallel,recompute,precision,"
                          "measured_metric,measured_value,inferred_fields,notes\n"
                          "MOE-1,a test,Mixtral 8x7B,46.7e9,32,4096,32,,4096,1,256,64,8,H100 SXM 80GB,8,2,4,,,,,bf16,"
                          "step_time_s,10,,\"EP=8, 8 experts, top-2 routing\"\n";
        const StepValidation v = validateSteps(csv);
        QVERIFY2(v.unmodelled.empty(), v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
        QCOMPARE(int(v.rows.size()), 1);
    }

    void mixtralInTheMemoryFormatIsTheMixtralPreset()
    {
        // Before: refused ("unknown model family 'Mixtral 8x7B'"), and read with a family it would have been dense.
        const MemoryValidation v = validateMeasuredMemory(
            memoryCsvModel("Mixtral 8x7B", "46702792704", "32,4096,32,8,14336,32000", "EP=8"));
        const MemoryValidationRow& r = onlyRow(v);
        QCOMPARE(r.scenario.arch.experts, std::int64_t(8));
        QCOMPARE(r.scenario.arch.topK, std::int64_t(2));
        QCOMPARE(r.scenario.ep, std::int64_t(8));
        QVERIFY(r.scenario.arch.gatedMlp);
        QCOMPARE(countParams(r.scenario.arch).total, kMixtral8x7bParams);
        QVERIFY(!r.scenario.bareParams); // the count is the row's: no bare-count fallback
        QVERIFY(readsKnob(r.readings, "experts", "8"));
    }

    void expertParallelAsAColumnAndAsAPhrase()
    {
        // Phrases (whole words; a negated phrase is not read).
        QCOMPARE(readMoeText("EP=8").ep->value, std::int64_t(8));
        QCOMPARE(readMoeText("TP2 PP4 EP8").ep->value, std::int64_t(8));
        QCOMPARE(readMoeText("expert parallel 8").ep->value, std::int64_t(8));
        QCOMPARE(readMoeText("expert-parallel size 8").ep->value, std::int64_t(8));
        QCOMPARE(readMoeText("--expert-model-parallel-size 16").ep->value, std::int64_t(16));
        QCOMPARE(readMoeText("ETP 1, EP 4").etp->value, std::int64_t(1));
        QCOMPARE(readMoeText("ETP 1, EP 4").ep->value, std::int64_t(4));
        QCOMPARE(readMoeText("no expert parallelism").ep->value, std::int64_t(1));
        QVERIFY(!readMoeText("step 8, deep 4").ep); // "ep" only as a whole word
        // The phrase on a Mixtral row, and an explicit `ep` column (knobs.cpp key "ep") that wins over it.
        CsvRow r = mixtralStepRow();
        r["notes"] = "expert-parallel size 4";
        QCOMPARE(scenarioForStepRow(r).ep, std::int64_t(4));
        r["ep"] = "2";
        RowReadings log;
        QCOMPARE(scenarioForStepRow(r, &log).ep, std::int64_t(2));
        QVERIFY(readsKnob(log, "ep", "2"));
        r["expert_tp"] = "1";
        QCOMPARE(scenarioForStepRow(r).etp, std::int64_t(1));
        // The memory format's `ep` column.
        const MemoryValidation v = validateMeasuredMemory(
            memoryCsvModel("Mixtral 8x7B", "46702792704", "32,4096,32,8,14336,32000", "", ",ep", ",4"));
        QCOMPARE(onlyRow(v).scenario.ep, std::int64_t(4));
        // MoE words in a dense row's text set nothing, and say so ("top 3" is no top-k without experts).
        CsvRow plain = stepRow();
        plain["notes"] = "the top 3 rows of the table";
        RowReadings plainLog;
        QCOMPARE(scenarioForStepRow(plain, &plainLog).arch.topK, std::int64_t(1));
        QVERIFY(assumes(plainLog, "top-k"));
        // EP on a model with no experts is refused, never ignored.
        CsvRow dense = stepRow();
        dense["notes"] = "EP=8";
        QVERIFY(refusalOf(dense).find("no experts") != std::string::npos);
    }

    void aMoeNamedNowhereButDescribedInTheNotes()
    {
        // OLMoE-1B-7B's shape (Hugging Face allenai/OLMoE-1B-7B-0924 config.json: 16 layers, hidden 2048, 16 heads,
        // 64 experts of 1024, top-8, vocab 50304) under a name no preset has.
        CsvRow r = stepRow();
        r["model"] = "our 7B sparse model";
        r["layers"] = "16";
        r["hidden"] = "2048";
        r["heads"] = "16";
        r["vocab"] = "50304";
        r["notes"] = "64 routed experts, top_k=8, moe ffn 1024, no shared experts, EP=8";
        RowReadings log;
        const Scenario s = scenarioForStepRow(r, &log);
        QCOMPARE(s.arch.experts, std::int64_t(64));
        QCOMPARE(s.arch.topK, std::int64_t(8));
        QCOMPARE(s.arch.moeFfn, std::int64_t(1024));
        QCOMPARE(s.arch.sharedExperts, std::int64_t(0));
        QCOMPARE(s.ep, std::int64_t(8));
        for (const auto& [knob, value] : std::vector<std::pair<std::string, std::string>> {
                 {"experts", "64"}, {"top-k", "8"}, {"moe-ffn", "1024"}, {"shared-experts", "0"}, {"ep", "8"}})
            QVERIFY2(readsKnob(log, knob, value), knob.c_str());
        // More phrases: counts before the words, labels, and top-k written as experts per token.
        QCOMPARE(readMoeText("E=64, k=2").experts->value, std::int64_t(64));
        QCOMPARE(readMoeText("E=64, k=2").topK->value, std::int64_t(2));
        QCOMPARE(readMoeText("8 experts, 2 experts per token").experts->value, std::int64_t(8));
        QCOMPARE(readMoeText("8 experts, 2 experts per token").topK->value, std::int64_t(2));
        QCOMPARE(readMoeText("1 shared expert").sharedExperts->value, std::int64_t(1));
        QCOMPARE(readMoeText("first_k_dense_replace=3").denseLayers->value, std::int64_t(3));
        QVERIFY(!readMoeText("not 8 experts").experts);
        // Explicit architecture columns (the scenario file's keys) win over the text.
        r["experts"] = "32";
        r["top_k"] = "4";
        const Scenario c = scenarioForStepRow(r);
        QCOMPARE(c.arch.experts, std::int64_t(32));
        QCOMPARE(c.arch.topK, std::int64_t(4));
        r["top_k"] = "two";
        QVERIFY(refusalOf(r).find("top_k") != std::string::npos);
    }

    void aStatedNumberThatDisagreesWithThePresetIsUsedAndSaid()
    {
        CsvRow r = mixtralStepRow();
        r["notes"] = "EP=8, 4 experts, top-2, ffn 16384";
        RowReadings log;
        const Scenario s = scenarioForStepRow(r, &log);
        QCOMPARE(s.arch.experts, std::int64_t(4));
        QCOMPARE(s.arch.ffn, std::int64_t(16384));
        QVERIFY(assumes(log, "experts"));
        QVERIFY(assumes(log, "ffn"));
        // The row's total (46.7B) is now far from what it describes: said, not hidden.
        QVERIFY(assumes(log, "total-params"));
        // A cell that differs from the preset (the memory format states every dense field).
        const MemoryValidation v = validateMeasuredMemory(
            memoryCsvModel("Mixtral 8x7B", "46702792704", "32,4096,32,32,14336,32000", ""));
        QCOMPARE(onlyRow(v).scenario.arch.kvHeads, std::int64_t(32));
        QVERIFY(assumes(onlyRow(v).readings, "kv-heads"));
    }

    void aMoeWithoutItsShapeIsRefused()
    {
        // A Mixtral-named row no preset matches, with no experts stated: refused, not modelled dense.
        CsvRow r = mixtralStepRow();
        r["model"] = "Mixtral 8x3B (custom)";
        r["notes"] = "";
        const std::string why = refusalOf(r);
        QVERIFY2(why.find("Mixture of Experts") != std::string::npos, why.c_str());
        const MemoryValidation v = validateMeasuredMemory(
            memoryCsvModel("Mixtral 8x3B (custom)", "20000000000", "32,4096,32,8,14336,32000", ""));
        QCOMPARE(int(v.unmodelled.size()), 1);
        QVERIFY2(v.unmodelled.front().reason.find("Mixture of Experts") != std::string::npos,
                 v.unmodelled.front().reason.c_str());
        // Experts without a top-k are refused too.
        r["notes"] = "8 experts";
        QVERIFY(refusalOf(r).find("top-k") != std::string::npos);
    }

    void aNumberOfThousandsOfDigitsIsRefusedNotACrash()
    {
        // 60,000 digits in a notes pattern overflowed std::regex's recursion (a segfault in both readers before).
        for (const std::string& notes : {"cp=" + std::string(60000, '7') + ";", "ffn " + std::string(60000, '7') + "h",
                                        "top-" + std::string(60000, '9'), std::string(60000, '7') + " microbatches"}) {
            CsvRow r = stepRow();
            r["notes"] = notes;
            QVERIFY(refusalOf(r).find("more than 1,000 digits") != std::string::npos);
            const MemoryValidation v = validateMeasuredMemory(
                memoryCsvModel("Mixtral 8x7B", "46702792704", "32,4096,32,8,14336,32000", notes));
            QCOMPARE(int(v.unmodelled.size()), 1);
            QVERIFY(v.unmodelled.front().reason.find("more than 1,000 digits") != std::string::npos);
        }
    }

    void aDenseTotalFarFromTheShapeIsSaid()
    {
        CsvRow r = stepRow();
        r["total_params"] = "16e9"; // Llama 3 8B's shape counts 8.0B
        RowReadings log;
        (void)scenarioForStepRow(r, &log);
        QVERIFY(assumes(log, "total-params"));
        r["total_params"] = "8.03e9";
        RowReadings ok;
        (void)scenarioForStepRow(r, &ok);
        QVERIFY(!assumes(ok, "total-params"));
        // A dense preset fills what the steps format leaves out: Mistral 7B (Hugging Face mistralai/Mistral-7B-v0.1
        // config.json: 8 KV heads, intermediate_size 14336, SwiGLU) was read as a GPT block with ffn 4h and MHA.
        CsvRow m = stepRow();
        m["model"] = "Mistral 7B";
        m["vocab"] = "32000";
        const Scenario s = scenarioForStepRow(m);
        QCOMPARE(s.arch.kvHeads, std::int64_t(8));
        QCOMPARE(s.arch.ffn, std::int64_t(14336));
        QVERIFY(s.arch.gatedMlp);
    }

    // --- issue 24, round 44: llm-foundry's MPT benchmark tables as they print them
    // (mosaicml/llm-foundry@061f2c7 scripts/train/benchmarking/README.md; tests/data/measured/fresh-steps-r44.csv)

    static CsvRow llmFoundryRow()
    {
        CsvRow r = stepRow();
        r["source"] = "mosaicml/llm-foundry@061f2c7 scripts/train/benchmarking/README.md";
        r["model"] = "MPT-1B";
        r["layers"] = "24";
        r["hidden"] = "2048";
        r["heads"] = "16";
        r["vocab"] = "50368";
        r["seq"] = "65536";
        r["global_batch"] = "16";
        r["gpu_type"] = "h100_80gb";
        r["zero_stage"] = "FULL_SHARD";
        r["recompute"] = "activation_checkpointing: true";
        r["precision"] = "amp_bf16";
        r["measured_metric"] = "tokens_per_s_per_gpu";
        r["measured_value"] = "5506";
        return r;
    }

    void llmFoundryTableWordsAsTheyArePrinted()
    {
        // The GPU column's own names ("h100_80gb", "a100_40gb"), the Sharding Strategy FULL_SHARD and the yaml's
        // `activation_checkpointing: true / false`, and the A100 sections' heading "A100 80GB with 1600 Gbps node-node
        // interconnect (RoCE)": 1600 Gb/s a node of 8 GPUs is 25 GB/s a GPU (the reader took "RoCE/node" and
        // "inter-node" only, and left this network at the preset's figure, silently).
        CsvRow r = llmFoundryRow();
        RowReadings log;
        Scenario s = scenarioForStepRow(r, &log);
        QCOMPARE(QString::fromStdString(s.gpu), QStringLiteral("h100-80gb"));
        QCOMPARE(s.zeroStage, 3);
        QVERIFY(readsKnob(log, "zero-stage", "3"));
        QVERIFY(s.checkpointing == Checkpointing::Full);
        r["recompute"] = "activation_checkpointing: false";
        QVERIFY(scenarioForStepRow(r).checkpointing == Checkpointing::None);
        r["gpu_type"] = "a100_80gb, 1600 Gbps node-node interconnect (RoCE)";
        s = scenarioForStepRow(r);
        QCOMPARE(QString::fromStdString(s.gpu), QStringLiteral("a100-80gb"));
        QCOMPARE(s.interNodeBytesPerSecond, 1600e9 / 8.0 / 8.0);
        r["gpu_type"] = "a100_40gb (A100 40GB with 1600 Gbps node-to-node interconnect)";
        s = scenarioForStepRow(r);
        QCOMPARE(QString::fromStdString(s.gpu), QStringLiteral("a100-40gb"));
        QCOMPARE(s.interNodeBytesPerSecond, 1600e9 / 8.0 / 8.0);
        r["gpu_type"] = "a100_80gb"; // no network stated: the preset's
        QCOMPARE(scenarioForStepRow(r).interNodeBytesPerSecond, 0.0);
    }

    void composerAmpFp8IsTransformerEngineDelayedScaling()
    {
        // llm-foundry's `precision: amp_fp8` is Composer's Precision.AMP_FP8, which runs Transformer Engine's
        // fp8_autocast with a DelayedScaling recipe (mosaicml/composer@d4c0aac composer/core/precision.py
        // get_precision_context: DelayedScaling(fp8_format=Format.HYBRID, amax_history_len=16)). The reader priced it
        // as torchao's one fused cast (the other PyTorch stacks' fp8), listed as assumed.
        CsvRow r = llmFoundryRow();
        r["precision"] = "amp_fp8";
        RowReadings log;
        const Scenario s = scenarioForStepRow(r, &log);
        QVERIFY(s.recipe.fp8);
        QVERIFY(s.fp8Scaling == Fp8Scaling::TeDelayed);
        QVERIFY(readsKnob(log, "fp8-scaling", "te-delayed"));
        // Another PyTorch stack's plain "fp8" keeps torchao's cast.
        r["precision"] = "fp8";
        QVERIFY(scenarioForStepRow(r).fp8Scaling == Fp8Scaling::Cast);
    }

    void flashAttentionV1IsHalfFlashAttention2()
    {
        // Dao 2023 (FlashAttention-2, arXiv 2307.08691, abstract): the first FlashAttention reaches "only 25-40% of the
        // theoretical maximum FLOPs/s" on A100; FlashAttention-2 gives "around 2x speedup compared to FlashAttention".
        // A row whose notes say its kernel is the first one is priced at half of FlashAttention-2's rate on its GPU
        // (kernels.h defaultAttentionEfficiency: A100 0.6, Hopper 0.35), read from the notes and listed.
        QVERIFY(readFlashAttentionV1Text("attention kernel: FlashAttention v1 (flash-attn 1.0.6)").has_value());
        for (const char* yes : {"FlashAttention-1", "flash-attn 1.0.3.post0", "flash_attn v1", "FA1", "Flash Attention v1"})
            QVERIFY2(readFlashAttentionV1Text(yes).has_value(), yes);
        for (const char* no : {"FlashAttention-2", "flash-attn 2.4.2", "FlashAttention", "not FlashAttention v1", "FA2",
                               "FA10", "flash attention 1.5x faster"})
            QVERIFY2(!readFlashAttentionV1Text(no).has_value(), no);
        // A long version ("1.1.1..." 30,000 times) is read without recursion (a std::regex would exhaust the stack).
        std::string longVersion = "flash-attn 1";
        for (int i = 0; i < 30000; ++i)
            longVersion += ".1";
        QVERIFY(readFlashAttentionV1Text(longVersion).has_value());
        CsvRow r = llmFoundryRow();
        QCOMPARE(scenarioForStepRow(r).attentionEfficiency, 0.0); // unstated: FlashAttention-2's default
        r["notes"] = "MPT; attention kernel: FlashAttention v1";
        RowReadings log;
        Scenario s = scenarioForStepRow(r, &log);
        QCOMPARE(s.attentionEfficiency, 0.5 * 0.35);
        QVERIFY(std::any_of(log.fromText.begin(), log.fromText.end(), [](const TextReading& t) {
            return t.knob == "attention-efficiency" && t.column == "notes" && t.value.find("0.175") == 0;
        }));
        r["gpu_type"] = "a100_40gb";
        QCOMPARE(scenarioForStepRow(r).attentionEfficiency, 0.5 * 0.6);
        // Slower than FlashAttention-2 by the attention's share: the 65,536-token MPT-1B step is mostly attention.
        const auto step = [](const CsvRow& row) {
            const Scenario sc = scenarioForStepRow(row);
            return computeStep(sc).totals.stepTime;
        };
        CsvRow fa2 = r;
        fa2["notes"] = "MPT";
        QVERIFY(step(r) > 1.4 * step(fa2));
        // A denial is no reading; a Megatron-Core row keeps Transformer Engine's cuDNN attention whatever its notes say.
        r["notes"] = "MPT; not FlashAttention v1";
        QCOMPARE(scenarioForStepRow(r).attentionEfficiency, 0.0);
        CsvRow m = stepRow();
        m["source"] = "NVIDIA/NeMo performance summary";
        m["notes"] = "FlashAttention v1";
        QVERIFY(scenarioForStepRow(m).attentionEfficiency != 0.5 * 0.35);
    }

    void negationEndsAtTheSentence()
    {
        // Notes are written in sentences. The shipped MPT rows end "H100 network not stated."; a kernel named in the next
        // sentence was read as denied by that "not" (the clause ran back over the full stop), silently. A '.' before a
        // space or the end ends a clause; a '.' inside a word or number ("torch.compile", "1.0.6") does not.
        QVERIFY(readFlashAttentionV1Text("H100 network not stated. attention kernel: FlashAttention v1").has_value());
        QVERIFY(!findPhrase("No CPU offload. torch.compile on", "torch.compile")->negated);
        QVERIFY(findPhrase("not torch.compile", "torch.compile")->negated);
        QVERIFY(findPhrase("No CPU offload, no torch.compile.", "torch.compile")->negated);
        QCOMPARE(QString::fromStdString(findPhrase("Short runs. FSDP FULL_SHARD, no offload", "FULL_SHARD")->clause),
                 QString("FSDP FULL_SHARD"));
        QVERIFY(readFlashAttentionV1Text("flash-attn 1.0.6. Composer 0.15").has_value());
    }

    void aStatedNetworkIsListed()
    {
        // Issue 24: "validate lists, per row, every knob it took from text with the phrase it read". A network in the
        // gpu_type cell (mosaicml/llm-foundry@061f2c7 scripts/train/benchmarking/README.md heads its A100 sections "A100
        // 80GB with 1600 Gbps node-node interconnect (RoCE)") set the NIC bandwidth silently. Hand count: 1600 Gb/s a
        // node = 200 GB/s over 8 GPUs = 25 GB/s a GPU; "400 Gb/s InfiniBand per GPU" = 50 GB/s a GPU.
        const auto listed = [](const std::string& gpu, double* bytes) -> std::string {
            CsvRow r = stepRow();
            r["gpu_type"] = gpu;
            RowReadings log;
            const Scenario s = scenarioForStepRow(r, &log);
            *bytes = s.interNodeBytesPerSecond;
            for (const TextReading& t : log.fromText)
                if (t.knob == "inter-node-gbps")
                    return t.value + " | " + t.column + " | " + t.phrase;
            return {};
        };
        double bytes = 0;
        const std::string node = listed("A100 80GB with 1600 Gbps node-node interconnect (RoCE)", &bytes);
        QCOMPARE(bytes, 25e9);
        QVERIFY2(node.find("25 | gpu_type | 1600 Gbps node-node interconnect (per node") == 0, node.c_str());
        const std::string perGpu = listed("H100 SXM, 400 Gb/s InfiniBand per GPU", &bytes);
        QCOMPARE(bytes, 50e9);
        QVERIFY2(perGpu.find("50 | gpu_type | 400 Gb/s InfiniBand per GPU (per GPU") == 0, perGpu.c_str());
        // No network named: nothing listed, the preset's NIC kept.
        QVERIFY(listed("A100 80GB", &bytes).empty());
    }

    void defaultsTakenFromTheSourceAreListed()
    {
        // Issue 24: "every default it assumed" is listed. Three defaults the steps reader takes from the source cell
        // were silent: torchtitan's K/V repeat before SDPA (pytorch/torchtitan models/llama/model.py repeat_kv; it moves
        // attention's bytes where K/V heads are fewer than query heads), its context parallelism through PyTorch's
        // context_parallel (K/V all-gathered; only with CP > 1), and biases on every linear layer of a GPT-style shape.
        const auto assumed = [](CsvRow r, const std::string& knob) -> std::string {
            RowReadings log;
            (void)scenarioForStepRow(r, &log);
            for (const AssumedDefault& a : log.assumed)
                if (a.knob == knob)
                    return a.value;
            return {};
        };
        CsvRow titan = stepRow(); // Llama 3 8B: 32 heads, 8 K/V heads
        titan["source"] = "pytorch/torchtitan docs/performance.md";
        QCOMPARE(QString::fromStdString(assumed(titan, "repeat-kv")), QStringLiteral("on"));
        QVERIFY(assumed(titan, "cp-allgather").empty()); // CP 1: nothing to gather
        titan["notes"] = "cp=2;";
        titan["dp"] = "4";
        QCOMPARE(QString::fromStdString(assumed(titan, "cp-allgather")), QStringLiteral("on"));
        QVERIFY(assumed(stepRow(), "repeat-kv").empty()); // not torchtitan
        QVERIFY(assumed(stepRow(), "biases").empty());    // a Llama shape
        CsvRow gpt = stepRow();
        gpt["model"] = "GPT 8B";
        gpt["notes"] = "ffn 4h";
        QCOMPARE(QString::fromStdString(assumed(gpt, "biases")), QStringLiteral("yes"));
        QVERIFY(scenarioForStepRow(gpt).arch.qkvBias);
        // Nemotron-4 is not GPT-style in this respect: "no bias terms" (Parmar et al. 2024, Nemotron-4 15B Technical
        // Report, arXiv:2402.16819, section 2). The name is read, and said, instead of the GPT default.
        CsvRow nemotron = gpt;
        nemotron["model"] = "Nemotron-4 15B";
        QVERIFY(assumed(nemotron, "biases").empty());
        RowReadings log;
        const Scenario n = scenarioForStepRow(nemotron, &log);
        QVERIFY(!n.arch.qkvBias && !n.arch.attnOutBias && !n.arch.mlpBias);
        bool said = false;
        for (const TextReading& r : log.fromText)
            said = said || (r.knob == "biases" && r.value == "no" && r.phrase == "Nemotron");
        QVERIFY(said);
    }
};

QTEST_GUILESS_MAIN(TestReaderTraps)
#include "tst_readertraps.moc"
