// SPDX-License-Identifier: MIT
// The step model against published MoE training runs (issue 25). tests/data/measured/measured-steps.csv has no
// columns for the experts, so the runs are rows here. Each row names its source; fields a source does not state are
// named as inferred. Two of the six rows (a third) were set aside before the MoE mechanisms were run against any of
// them (held out: `heldOut`); both medians are printed and checked. Record: the first run read the table's EP "-" as
// EP 1 and assumed full checkpointing everywhere; the settings were then taken from each run's published config
// (below), which the held-out rows' errors had been seen before; no model constant was changed after any run.
#include "shardscope/architecture.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

using namespace shardscope;

namespace {

struct Run
{
    const char* id;
    const char* source;
    bool heldOut;
    double measuredStepSeconds;
    std::function<Scenario()> scenario;
};

Architecture qwen3_30b_a3b()
{
    // Hugging Face Qwen/Qwen3-30B-A3B config.json: 48 layers, h 2048, 32 heads and 4 KV heads of 128, 128 experts of
    // 768, top-8, vocabulary 151936, untied.
    Architecture a = *findModelPreset("qwen3-235b-a22b");
    a.id = "custom";
    a.name = "Qwen3-30B-A3B";
    a.layers = 48;
    a.hidden = 2048;
    a.heads = 32;
    a.kvHeads = 4;
    a.ffn = 6144;
    a.moeFfn = 768;
    return a;
}

Architecture gptOss20b()
{
    // Hugging Face openai/gpt-oss-20b config.json: gpt-oss-120b's shape with 24 layers and 32 experts.
    Architecture a = *findModelPreset("gpt-oss-120b");
    a.id = "custom";
    a.name = "gpt-oss-20b";
    a.layers = 24;
    a.experts = 32;
    return a;
}

/// NeMo AutoModel's runs: PyTorch FSDP2 with expert parallelism (DeepEP) and Transformer Engine, BF16 with fp32
/// master weights and Adam, on DGX-H100, sequence 4096. The settings the table leaves out are the run's benchmark
/// config (NVIDIA-NeMo/Automodel, examples/benchmark/configs/<model>_te_deepep*.yaml at 037e04a6 and 092af93e):
/// activation_checkpointing, reshard_after_forward, ep_size, the loss without fp32 upcast, fake_balanced_gate (every
/// expert gets its share: capacity factor 1, no node limit); DeepEP, named in the table, sends a token once per node.
Scenario autoModel(const Architecture& a, std::int64_t gpus, std::int64_t pp, std::int64_t vpp, std::int64_t ep,
                   std::int64_t mb, std::int64_t microbatches, bool checkpointing, bool reshard)
{
    Scenario s;
    s.arch = a;
    s.gpus = gpus;
    s.gpusPerNode = 8;
    s.gpu = "h100-80gb";
    s.pp = pp;
    if (vpp > 1) {
        s.schedule = PipelineSchedule::Interleaved;
        s.vpp = vpp;
    }
    s.ep = ep;
    s.etp = 1;
    s.framework = Framework::Fsdp2;
    s.zeroStage = 3;
    s.fsdpReshardAfterForward = reshard;
    s.recipe = resolveRecipe("mixed");
    s.lossFp32 = false;
    s.moeNodeDedup = true; // DeepEP (the table's kernel optimizations)
    s.seq = 4096;
    s.microBatch = mb;
    s.gradAccum = microbatches;
    s.checkpointing = checkpointing ? Checkpointing::Full : Checkpointing::None;
    return s;
}

const std::vector<Run>& runs()
{
    static const std::vector<Run> r = {
        // DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv 2412.19437): 180K H800 GPU hours per trillion tokens
        // (section 1) on 2048 H800 GPUs, PP 16, EP 64 over 8 nodes, ZeRO-1, no TP (section 3.2), FP8 (section 3.3),
        // NVLink 160 GB/s and IB 50 GB/s per GPU (section 3.2.2), DualPipe overlapping the all-to-alls, node-limited
        // routing to 4 nodes, batch 15360 sequences of 4096 (section 4.2), recomputing norms and MLA up-projections
        // (selective). 1e12 tokens / (180,000 GPU-h x 3600 s) = 1543.2 tokens/s per GPU: a step of 15360 x 4096
        // = 62,914,560 tokens takes 62,914,560 / (2048 x 1543.2) = 19.906 s.
        // Inferred: micro-batch 1 (120 micro-batches per replica), the 1F1B schedule's bubble for DualPipe's.
        {"deepseek-v3-report-2048xH800", "DeepSeek-V3 technical report, sections 1, 3.2, 4.2", false, 19.906,
         [] {
             Scenario s;
             s.arch = *findModelPreset("deepseek-v3");
             s.gpus = 2048;
             s.gpusPerNode = 8;
             s.gpu = "h100-80gb";
             s.intraNodeBytesPerSecond = 160e9;
             s.interNodeBytesPerSecond = 50e9;
             s.pp = 16;
             s.ep = 64;
             s.etp = 1;
             s.zeroStage = 1;
             s.framework = Framework::Megatron;
             s.recipe = resolveRecipe("fp8-mixed");
             s.seq = 4096;
             s.microBatch = 1;
             s.gradAccum = 120;
             s.checkpointing = Checkpointing::Selective;
             s.moeA2aOverlap = true;
             s.moeRouteNodes = 4;
             s.moeNodeDedup = true;
             return s;
         }},
        // NVIDIA NeMo AutoModel, docs/performance-summary.md, "Pre-Training Performance, System: DGX-H100, Precision:
        // BF16" (docs.nvidia.com/nemo/automodel/nightly/performance-summary.html): DeepSeek V3 671B, 1024 GPUs,
        // GBS 8192, MBS 1, LBS 8, GA 4, seq 4096, TP 1, PP 4, CP 1, EP 64, VP 8, FSDP 256: 37.87 s per step
        // (config deepseek_v3_te_deepep_1024.yaml: activation checkpointing, no reshard after forward).
        {"automodel-deepseek-v3-1024xH100", "NeMo AutoModel performance summary, DGX-H100 BF16", false, 37.87,
         [] { return autoModel(*findModelPreset("deepseek-v3"), 1024, 4, 8, 64, 1, 32, true, false); }},
        // The same table: DeepSeek V3 671B, 256 GPUs, GBS 512, MBS 1, LBS 8, GA 1, PP 4, EP 64, VP 8, FSDP 64: 8.18 s
        // (deepseek_v3_te_deepep.yaml: activation checkpointing, no reshard after forward).
        {"automodel-deepseek-v3-256xH100", "NeMo AutoModel performance summary, DGX-H100 BF16", true, 8.18,
         [] { return autoModel(*findModelPreset("deepseek-v3"), 256, 4, 8, 64, 1, 8, true, false); }},
        // The same table: Qwen3 MoE 30B, 8 GPUs, GBS 512, MBS 4, LBS 4, GA 16, EP 8, FSDP 8: 21.773 s
        // (qwen3_moe_30b_te_deepep.yaml: activation checkpointing).
        {"automodel-qwen3-30b-a3b-8xH100", "NeMo AutoModel performance summary, DGX-H100 BF16", false, 21.773,
         [] { return autoModel(qwen3_30b_a3b(), 8, 1, 1, 8, 4, 16, true, true); }},
        // The same table: GPT-OSS 20B, 8 GPUs, GBS 256, MBS 2, LBS 2, GA 16, FSDP 8: 10.04 s (the table's EP "-";
        // gptoss_20b_te_deepep.yaml: ep_size 8, no activation checkpointing).
        {"automodel-gpt-oss-20b-8xH100", "NeMo AutoModel performance summary, DGX-H100 BF16", true, 10.04,
         [] { return autoModel(gptOss20b(), 8, 1, 1, 8, 2, 16, false, true); }},
        // The same table: GPT-OSS 120B, 64 GPUs, GBS 512, MBS 2, LBS 2, GA 4, FSDP 64: 4.30 s (the table's EP "-";
        // gptoss_120b_te_deepep.yaml: ep_size 64, no activation checkpointing, reshard after forward).
        {"automodel-gpt-oss-120b-64xH100", "NeMo AutoModel performance summary, DGX-H100 BF16", false, 4.30,
         [] { return autoModel(*findModelPreset("gpt-oss-120b"), 64, 1, 1, 64, 2, 4, false, true); }},
    };
    return r;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

class TestMoeValidation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void medians();
};

void TestMoeValidation::medians()
{
    std::vector<double> seen, held;
    for (const Run& r : runs()) {
        const Scenario s = r.scenario();
        validateScenario(s);
        const StepResult res = computeStep(s);
        const double err = std::fabs(res.totals.stepTime / r.measuredStepSeconds - 1);
        std::printf("%-36s measured %8.3f s  ShardScope %8.3f s  error %5.1f%%%s\n", r.id, r.measuredStepSeconds,
                    res.totals.stepTime, 100 * err, r.heldOut ? "  (held out)" : "");
        const StepTotals& t = res.totals;
        std::printf(
            "    compute %.2f s, recompute %.2f s, exposed comm %.2f s, bubble %.2f s, optimizer %.2f s; all-to-alls "
            "%.2f s before overlap\n",
            t.computeSeconds, t.recomputeSeconds, t.exposedCommSeconds, t.bubbleSeconds, t.optimizerSeconds,
            t.epSeconds);
        (r.heldOut ? held : seen).push_back(err);
    }
    const double ms = median(seen), mh = median(held);
    std::printf("median error: seen %.1f%% (%zu runs), held out %.1f%% (%zu runs)\n", 100 * ms, seen.size(), 100 * mh,
                held.size());
    // Issue 25's target is 15% for both. At this commit the seen median is 17.3% and the held-out one 31.8%
    // (docs/validation.md, "MoE step time"): the bounds below hold the model to what it reaches now, so that a
    // regression fails, and the target stays open.
    if (ms > 0.15 || mh > 0.15)
        qWarning("issue 25's 15%% target not met: seen %.1f%%, held out %.1f%%", 100 * ms, 100 * mh);
    QVERIFY2(ms <= 0.20, qPrintable(QString::number(100 * ms) + "% seen"));
    QVERIFY2(mh <= 0.35, qPrintable(QString::number(100 * mh) + "% held out"));
}

QTEST_APPLESS_MAIN(TestMoeValidation)
#include "tst_moevalidation.moc"
