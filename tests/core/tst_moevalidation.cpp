// SPDX-License-Identifier: MIT
// The step model against published MoE training runs (issue 25). tests/data/measured/measured-steps.csv has no
// columns for the experts, so the runs are rows here. Each row names its source; fields a source does not state are
// named as inferred. Two of the six rows (a third) were set aside before the MoE mechanisms were run against any of
// them (held out: `heldOut`); both medians are printed and checked. Record: the first run read the table's EP "-" as
// EP 1 and assumed full checkpointing everywhere; the settings were then taken from each run's published config
// (below), which the held-out rows' errors had been seen before; no model constant was changed after any run.
// Then 20 fresh runs from Megatron-Bridge's performance tables (Set::FreshSeen / FreshHeldOut: every third by table
// order held out and not run until the one mechanism added for them, Transformer Engine's four-stream grouped GEMM,
// was written and tested); both sets' medians are printed and bounded. Third pass: the experts' gradients, optimizer
// shard and gathers over expert-DP (tst_moeexpertdp), committed before the held-out rows were run again; the 25.11
// gpt-oss H100 row re-read (its MBS and GA contradict its GBS and DP; its recipe's MBS 1). Fourth pass: 14 more
// Megatron-Bridge DGX rows in tests/data/measured/moe-steps-fresh.csv and moe-steps-fresh-heldout.csv (every third by
// table order), the held-out file first run after the pass's two mechanisms were committed (freshFiles()).
#include "shardscope/architecture.h"
#include "shardscope/csv.h"
#include "shardscope/errors.h"
#include "shardscope/kernels.h"
#include "shardscope/modelreading.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"
#include "shardscope/validation_steps.h"

#include <QFile>
#include <QTest>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace shardscope;

namespace {

/// Which set a run belongs to: the first six (issue 25's first pass; all seen), the fresh Megatron-Bridge runs used
/// while the mechanisms were written, and the fresh runs kept aside (every third, by table order) until they were.
enum class Set { First, FreshSeen, FreshHeldOut };

struct Run
{
    const char* id;
    const char* source;
    bool heldOut;
    double measuredStepSeconds;
    std::function<Scenario()> scenario;
    Set set = Set::First;
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

/// Megatron-Bridge's performance recipes, read by the same core reader as `validate --steps` reads the MoE table files
/// (scenarioForMoeTableRow: the row as a Megatron-Core row of measured-steps.csv, then the model and its MoE settings).
/// The cells are the table's; dispatcher, a2a overlap and recompute modules come from the workload configs
/// (NVIDIA-NeMo/Megatron-Bridge scripts/performance/configs/*/*_workload_base_configs.py at the commits named below);
/// the precision as the table states it (MXFP8 / FP8-MX, FP8-CS, FP8, BF16). `mlp` (DeepSeek-V3 on H100, the dense MLP
/// of its three dense layers) is not modelled (stated in the row).
Scenario bridge(const char* model, const char* gpu, std::int64_t gpus, std::int64_t tp, std::int64_t pp,
                std::int64_t vpp, std::int64_t ep, std::int64_t mb, std::int64_t gbs, const char* precision,
                bool a2aOverlap, bool flexDispatcher, const char* recomputeModules = "none")
{
    CsvRow row;
    row["id"] = "mb-row";
    row["source"] = "NVIDIA-NeMo/Megatron-Bridge performance summary";
    row["model"] = model;
    row["gpu"] = gpu;
    row["gpus"] = std::to_string(gpus);
    row["tp"] = std::to_string(tp);
    row["pp"] = std::to_string(pp);
    row["vpp"] = std::to_string(vpp);
    row["ep"] = std::to_string(ep);
    row["micro_batch"] = std::to_string(mb);
    row["global_batch"] = std::to_string(gbs);
    row["precision"] = precision;
    row["a2a_overlap"] = a2aOverlap ? "1" : "0";
    row["flex_dispatcher"] = flexDispatcher ? "1" : "0";
    row["recompute_modules"] = recomputeModules;
    return scenarioForMoeTableRow(row);
}

/// The recompute modules the recipes name (fourth pass): DeepSeek-V3's mla_up_proj (deepseek_workload_base_configs.py
/// at 04264182 and f0e2c37e, every DGX variant), gpt-oss-120b's layernorm and moe_act (gpt_oss_workload_base_configs.py
/// at 07eea52d and 1e7adfa9: B200 and H100). Qwen3's configs name none.
constexpr const char* kDsRecompute = "mla_up_proj";
constexpr const char* kGptOssRecompute = "layernorm,moe_act";

/// A step's seconds from a table's tokens per second per GPU: global batch x sequence / (GPUs x tokens/s/GPU).
double fromTokensPerGpu(double gbs, double seq, double gpus, double tokensPerSecondPerGpu)
{
    return gbs * seq / (gpus * tokensPerSecondPerGpu);
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
        // --- Fresh runs (Megatron-Bridge performance tables), gathered before any mechanism below was written; every
        // third (by table order) held out. Step seconds = GBS x 4096 / (GPUs x tokens/s/GPU).
        // DeepSeekV3, DGX-B200, MXFP8, 256 GPUs, GBS 4096, MBS 1, PP 16, EP 8: 2689 tokens/s/GPU (deepseek config B200_V1 at
        // 04264182: hybridep, no a2a overlap, recompute mla_up_proj; MTP as the preset).
        {"mb2602-deepseek-v3-256xB200-mxfp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", false, fromTokensPerGpu(4096, 4096, 256, 2689),
         [] { return bridge("deepseek-v3", "b200-192gb", 256, 1, 16, 1, 8, 1, 4096, "mxfp8", false, true, kDsRecompute); },
         Set::FreshSeen},
        // GPT OSS 120B, DGX-B200, BF16, 64 GPUs, GBS 1280, MBS 4, EP 64: 8047 tokens/s/GPU (gpt_oss config B200_BF16_V1 at
        // 07eea52d: the all-to-all dispatcher, no a2a overlap, recompute layernorm and moe_act).
        {"mb2602-gpt-oss-120b-64xB200-bf16", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", false, fromTokensPerGpu(1280, 4096, 64, 8047),
         [] { return bridge("gpt-oss-120b", "b200-192gb", 64, 1, 1, 1, 64, 4, 1280, "bf16", false, false, kGptOssRecompute); },
         Set::FreshSeen},
        // GPT OSS 120B, DGX-H100, BF16, 64 GPUs, GBS 1280, MBS 1, PP 4, EP 8: 5993 tokens/s/GPU (config H100_BF16_V2 at 07eea52d).
        {"mb2602-gpt-oss-120b-64xH100-bf16", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", true, fromTokensPerGpu(1280, 4096, 64, 5993),
         [] { return bridge("gpt-oss-120b", "h100-80gb", 64, 1, 4, 1, 8, 1, 1280, "bf16", false, false, kGptOssRecompute); },
         Set::FreshHeldOut},
        // Qwen3_30B_a3B, DGX-B200, MXFP8, 8 GPUs, GBS 512, MBS 1, EP 8: 9691 tokens/s/GPU (qwen3 config B200 at 01b2977e:
        // hybridep, no a2a overlap).
        {"mb2602-qwen3-30b-a3b-8xB200-mxfp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", false, fromTokensPerGpu(512, 4096, 8, 9691),
         [] { return bridge("qwen3-30b-a3b", "b200-192gb", 8, 1, 1, 1, 8, 1, 512, "mxfp8", false, true); },
         Set::FreshSeen},
        // Qwen3_30B_a3B, DGX-H100, FP8, 16 GPUs, GBS 1024, MBS 1, PP 2, VP 12, EP 8: 5113 tokens/s/GPU (config H100_FP8_CS_V1
        // at 01b2977e: hybridep, no a2a overlap).
        {"mb2602-qwen3-30b-a3b-16xH100-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", false, fromTokensPerGpu(1024, 4096, 16, 5113),
         [] { return bridge("qwen3-30b-a3b", "h100-80gb", 16, 1, 2, 12, 8, 1, 1024, "fp8-cs", false, true); },
         Set::FreshSeen},
        // Qwen3_235B_a22B, DGX-B200, MXFP8, 256 GPUs, GBS 8192, MBS 1, PP 8, EP 8: 3805 tokens/s/GPU (config B200_FP8_CS_V2
        // at 01b2977e: the all-to-all dispatcher, no a2a overlap).
        {"mb2602-qwen3-235b-a22b-256xB200-mxfp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", true, fromTokensPerGpu(8192, 4096, 256, 3805),
         [] { return bridge("qwen3-235b-a22b", "b200-192gb", 256, 1, 8, 1, 8, 1, 8192, "mxfp8", false, false); },
         Set::FreshHeldOut},
        // Qwen3_235B_a22B, DGX-H100, FP8, 256 GPUs, GBS 8192, MBS 1, TP 2, PP 8, VP 4, EP 32: 1633 tokens/s/GPU (config
        // H100_FP8_CS_V2 at 01b2977e: the all-to-all dispatcher, moe_a2a_overlap).
        {"mb2602-qwen3-235b-a22b-256xH100-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 26.02 container", false, fromTokensPerGpu(8192, 4096, 256, 1633),
         [] { return bridge("qwen3-235b-a22b", "h100-80gb", 256, 2, 8, 4, 32, 1, 8192, "fp8-cs", true, false); },
         Set::FreshSeen},
        // DeepSeekV3 (w/ MTP), DGX-B200, FP8-MX, 256 GPUs, GBS 2048, MBS 1, PP 16, EP 8: 2139 tokens/s/GPU.
        {"mb2511-deepseek-v3-256xB200-mxfp8", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", false, fromTokensPerGpu(2048, 4096, 256, 2139),
         [] { return bridge("deepseek-v3", "b200-192gb", 256, 1, 16, 1, 8, 1, 2048, "mxfp8", false, true, kDsRecompute); },
         Set::FreshSeen},
        // GPT OSS 120B, DGX-B200, BF16, 64 GPUs, GBS 512, MBS 4, EP 8: 8213 tokens/s/GPU.
        {"mb2511-gpt-oss-120b-64xB200-bf16", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", true, fromTokensPerGpu(512, 4096, 64, 8213),
         [] { return bridge("gpt-oss-120b", "b200-192gb", 64, 1, 1, 1, 8, 4, 512, "bf16", false, false, kGptOssRecompute); },
         Set::FreshHeldOut},
        // Qwen3_30B_a3B, DGX-B200, FP8-MX, 8 GPUs, GBS 512, MBS 1, EP 8: 9299 tokens/s/GPU.
        {"mb2511-qwen3-30b-a3b-8xB200-mxfp8", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", false, fromTokensPerGpu(512, 4096, 8, 9299),
         [] { return bridge("qwen3-30b-a3b", "b200-192gb", 8, 1, 1, 1, 8, 1, 512, "mxfp8", false, true); },
         Set::FreshSeen},
        // Qwen3_235B_a22B, DGX-B200, FP8-MX, 64 GPUs, GBS 1024, MBS 1, PP 8, VP 2, EP 8: 3269 tokens/s/GPU. Read with
        // moe_a2a_overlap on since the sixteenth pass: NVIDIA-NeMo/Megatron-Bridge pull request #1760 gives this run's
        // 20.1 s as the MXFP8 step before it turned the overlap (and VP) off "due to CPU overhead" (read with the
        // overlap off before, as the recipe files the earlier passes read set it).
        {"mb2511-qwen3-235b-a22b-64xB200-mxfp8", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", false, fromTokensPerGpu(1024, 4096, 64, 3269),
         [] { return bridge("qwen3-235b-a22b", "b200-192gb", 64, 1, 8, 2, 8, 1, 1024, "mxfp8", true, false); },
         Set::FreshSeen},
        // GPT OSS 120B, DGX-H100, BF16, 64 GPUs, GBS 512, MBS 4, PP 4, EP 8, GA 2: 5630 tokens/s/GPU. The row's cells
        // contradict each other: DP = 64 / PP 4 = 16, and GBS 512 = GA x MBS x DP needs MBS x GA = 32, not 4 x 2 (its
        // "MBS 4, GA 2" are the B200 row's cells above it). The recipe the table names (gpt_oss config H100_BF16_V1 at
        // 07eea52d: the base GBS 512 and micro-batch 1, PP 4) agrees with the GBS: read as MBS 1, GA 32. Tokens per
        // step (GBS x 4096) are the same either way.
        {"mb2511-gpt-oss-120b-64xH100-bf16", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", true, fromTokensPerGpu(512, 4096, 64, 5630),
         [] { return bridge("gpt-oss-120b", "h100-80gb", 64, 1, 4, 1, 8, 1, 512, "bf16", false, false, kGptOssRecompute); },
         Set::FreshHeldOut},
        // Qwen3_30B_a3B, DGX-H100, FP8-CS, 16 GPUs, GBS 512, MBS 2, PP 2, VP 24, EP 8: 5275 tokens/s/GPU.
        {"mb2511-qwen3-30b-a3b-16xH100-fp8", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", false, fromTokensPerGpu(512, 4096, 16, 5275),
         [] { return bridge("qwen3-30b-a3b", "h100-80gb", 16, 1, 2, 24, 8, 2, 512, "fp8-cs", false, true); },
         Set::FreshSeen},
        // Qwen3_235B_a22B, DGX-H100, FP8-CS, 256 GPUs, GBS 2048 (the 26.02 archive's copy of this table; the 25.11 page
        // drops the cell), MBS 1, TP 2, PP 8, VP 4, EP 32: 1575 tokens/s/GPU.
        {"mb2511-qwen3-235b-a22b-256xH100-fp8", "Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11 container", false, fromTokensPerGpu(2048, 4096, 256, 1575),
         [] { return bridge("qwen3-235b-a22b", "h100-80gb", 256, 2, 8, 4, 32, 1, 2048, "fp8-cs", true, false); },
         Set::FreshSeen},
        // DeepSeekV3 (tokendrop), DGX-B200, FP8 (the footnote's granularities), 256 GPUs, GBS 2048, MBS 1, PP 16, EP 8: 2265
        // tokens/s/GPU.
        {"mb2509-deepseek-v3-256xB200-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 25.09 container", true, fromTokensPerGpu(2048, 4096, 256, 2265),
         [] { return bridge("deepseek-v3", "b200-192gb", 256, 1, 16, 1, 8, 1, 2048, "fp8", false, true, kDsRecompute); },
         Set::FreshHeldOut},
        // Qwen3_30B_a3B (tokendrop), DGX-B200, 8 GPUs, GBS 512, MBS 1, EP 8: 18066 tokens/s/GPU.
        {"mb2509-qwen3-30b-a3b-8xB200-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 25.09 container", false, fromTokensPerGpu(512, 4096, 8, 18066),
         [] { return bridge("qwen3-30b-a3b", "b200-192gb", 8, 1, 1, 1, 8, 1, 512, "fp8", false, true); },
         Set::FreshSeen},
        // Qwen3_235B_a22B (tokendrop), DGX-B200, 64 GPUs, GBS 1024, MBS 1, PP 8, VP 2, EP 8: 4104 tokens/s/GPU.
        {"mb2509-qwen3-235b-a22b-64xB200-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 25.09 container", false, fromTokensPerGpu(1024, 4096, 64, 4104),
         [] { return bridge("qwen3-235b-a22b", "b200-192gb", 64, 1, 8, 2, 8, 1, 1024, "fp8", false, false); },
         Set::FreshSeen},
        // DeepSeekV3 (dropless), DGX-H100, 1024 GPUs, GBS 8192, MBS 1, TP 2, PP 8, VP 4, EP 64: 1297 tokens/s/GPU (config
        // H100_V1 at 04264182: hybridep, no a2a overlap; its recompute of the whole MLP is not modelled).
        {"mb2509-deepseek-v3-1024xH100-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 25.09 container", true, fromTokensPerGpu(8192, 4096, 1024, 1297),
         [] { return bridge("deepseek-v3", "h100-80gb", 1024, 2, 8, 4, 64, 1, 8192, "fp8", false, true, kDsRecompute); },
         Set::FreshHeldOut},
        // Qwen3_30B_a3B (tokendrop), DGX-H100, 16 GPUs, GBS 512, MBS 2, PP 2, VP 24, EP 8: 10494 tokens/s/GPU.
        {"mb2509-qwen3-30b-a3b-16xH100-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 25.09 container", false, fromTokensPerGpu(512, 4096, 16, 10494),
         [] { return bridge("qwen3-30b-a3b", "h100-80gb", 16, 1, 2, 24, 8, 2, 512, "fp8", false, true); },
         Set::FreshSeen},
        // Qwen3_235B_a22B (tokendrop), DGX-H100, 256 GPUs, GBS 2048, MBS 1, TP 2, PP 8, VP 4, EP 32: 1204 tokens/s/GPU.
        {"mb2509-qwen3-235b-a22b-256xH100-fp8", "Megatron-Bridge@0a25f911 docs/performance-summary-archive.md, 25.09 container", false, fromTokensPerGpu(2048, 4096, 256, 1204),
         [] { return bridge("qwen3-235b-a22b", "h100-80gb", 256, 2, 8, 4, 32, 1, 2048, "fp8", true, false); },
         Set::FreshSeen},
    };
    return r;
}

/// The fifteenth pass's torchtitan rows: each row's |error| bound (set loosely above what the reader reaches at its
/// commit, so that a regression of the reader fails).
constexpr double kTt44Bound = 0.65;

/// A fresh MoE file as `shardscope validate --steps FILE` reads it (validateSteps: the MoE table format).
StepValidation validateFreshFile(const char* name)
{
    QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return validateSteps(f.readAll().toStdString());
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
    void freshFiles();
    void modelZooFiles();
    void stepTimeColumn();
    void contextAndExpertTpColumns();
    void r44Files();
    void torchtitanDeepSeekV3_16bPreset();
    void torchtitanFlopsPerToken();
    void torchtitanRows();
    void tt44Files();
    void overlapCostFromPublishedPairs();
    void ab45Files();
    void ab45LeadHeldOut();
    void skill46AlltoallHeldOut();
    void gb46NvlinkRackFiles();
};

void TestMoeValidation::medians()
{
    // The fresh held-out runs stayed unrun until the mechanisms were written (the grouped GEMM's four streams); then
    // this switch was turned on and their errors printed for the first time.
    constexpr bool kRunFreshHeldOut = true;
    std::vector<double> seen, held, freshSeen, freshHeld;
    for (const Run& r : runs()) {
        if (r.set == Set::FreshHeldOut && !kRunFreshHeldOut)
            continue;
        const Scenario s = r.scenario();
        validateScenario(s);
        const StepResult res = computeStep(s);
        const double err = std::fabs(res.totals.stepTime / r.measuredStepSeconds - 1);
        std::printf("%-40s measured %8.3f s  ShardScope %8.3f s  error %5.1f%%%s\n", r.id, r.measuredStepSeconds,
                    res.totals.stepTime, 100 * err, r.heldOut ? "  (held out)" : "");
        const StepTotals& t = res.totals;
        std::printf(
            "    compute %.2f s, recompute %.2f s, exposed comm %.2f s, bubble %.2f s, optimizer %.2f s; all-to-alls "
            "%.2f s before overlap\n",
            t.computeSeconds, t.recomputeSeconds, t.exposedCommSeconds, t.bubbleSeconds, t.optimizerSeconds,
            t.epSeconds);
        switch (r.set) {
        case Set::First:
            (r.heldOut ? held : seen).push_back(err);
            break;
        case Set::FreshSeen:
            freshSeen.push_back(err);
            break;
        case Set::FreshHeldOut:
            freshHeld.push_back(err);
            break;
        }
    }
    const double ms = median(seen), mh = median(held);
    const double fs = median(freshSeen), fh = median(freshHeld);
    std::printf("first six: median error seen %.1f%% (%zu runs), held out %.1f%% (%zu runs)\n", 100 * ms, seen.size(),
                100 * mh, held.size());
    std::printf("fresh Megatron-Bridge runs: median error seen %.1f%% (%zu runs), held out %.1f%% (%zu runs)\n",
                100 * fs, freshSeen.size(), 100 * fh, freshHeld.size());
    if (ms > 0.15 || mh > 0.15 || fs > 0.15 || fh > 0.15)
        qWarning("issue 25's 15%% target not met: first six %.1f%% / %.1f%%, fresh %.1f%% / %.1f%%", 100 * ms,
                 100 * mh, 100 * fs, 100 * fh);
    // At this commit: first six 15.8% / 30.7%; fresh Megatron-Bridge runs 42.4% seen (14), 37.0% held out (6) (the
    // seventh pass's expert wgrad and flex-dispatcher SMs; before them 17.8% / 30.7%, 43.4% / 38.2%), read by
    // the core reader of the MoE table files (scenarioForMoeTableRow: fp8 scaling from the stated precision, cuDNN
    // attention on Blackwell, as the dense Megatron-Bridge rows; before it, 46.4% / 40.9%: docs/validation.md, "MoE step
    // time", sixth pass). Twelfth pass (tile quantisation, the experts' fp8 casts, no dense FFN in an MoE layer): first
    // six 13.1% / 30.5%, fresh Megatron-Bridge runs 39.5% / 34.4%. The bounds hold the model to what it reaches now, so
    // that a regression fails; the target stays open.
    QVERIFY2(ms <= 0.20, qPrintable(QString::number(100 * ms) + "% seen"));
    QVERIFY2(mh <= 0.35, qPrintable(QString::number(100 * mh) + "% held out"));
    QCOMPARE(freshSeen.size(), std::size_t(14));
    QCOMPARE(freshHeld.size(), std::size_t(6));
    QVERIFY2(fs <= 0.45, qPrintable(QString::number(100 * fs) + "% fresh seen"));
    QVERIFY2(fh <= 0.40, qPrintable(QString::number(100 * fh) + "% fresh held out"));
}

void TestMoeValidation::freshFiles()
{
    // Fourth pass (issue 25): 14 Megatron-Bridge DGX rows not used before, gathered before any mechanism of this pass
    // was written; every third by table order in moe-steps-fresh-heldout.csv, not run until those mechanisms were
    // committed.
    constexpr bool kRunHeldOut = true;
    // Read by the command line's reader (validate --steps), the table's step seconds GBS x 4096 / (GPUs x tokens/s/GPU).
    const StepValidation seen = validateFreshFile("moe-steps-fresh.csv");
    const StepValidation held = kRunHeldOut ? validateFreshFile("moe-steps-fresh-heldout.csv") : StepValidation {};
    QCOMPARE(seen.rows.size(), std::size_t(10));
    QVERIFY(seen.unmodelled.empty());
    auto errors = [](const StepValidation& v, const char* tag) {
        std::vector<double> e;
        for (const StepCheck& c : v.rows) {
            const double err = std::fabs(c.error);
            std::printf("%-44s measured %8.3f s  ShardScope %8.3f s  error %5.1f%%%s\n", c.id.c_str(), c.measured,
                        c.predicted, 100 * err, tag);
            e.push_back(err);
        }
        return e;
    };
    const double ms = median(errors(seen, ""));
    QCOMPARE(ms, seen.medianAbsError);
    std::printf("fresh files: median error seen %.1f%% (%zu runs)\n", 100 * ms, seen.rows.size());
    // At this commit: seen 36.9% before the fourth pass's two mechanisms, 35.4% after, 30.7% read as the dense
    // Megatron-Bridge rows are (fp8 scaling and cuDNN attention from the row); held out 49.1% (first run, after the
    // mechanisms were committed at 4ce70dc), 47.6% with that reader; twelfth pass 26.0% seen, 47.1% held out. The bounds
    // hold what the model reaches; issue 25's 15% stays open.
    QVERIFY2(ms <= 0.35, qPrintable(QString::number(100 * ms) + "% fresh files, seen"));
    if (kRunHeldOut) {
        QCOMPARE(held.rows.size(), std::size_t(4));
        QVERIFY(held.unmodelled.empty());
        const double mh = median(errors(held, "  (held out)"));
        std::printf("fresh files: median error held out %.1f%% (%zu runs)\n", 100 * mh, held.rows.size());
        QVERIFY2(mh <= 0.55, qPrintable(QString::number(100 * mh) + "% fresh files, held out"));
    }
}

void TestMoeValidation::modelZooFiles()
{
    // Seventh pass (issue 25): the H100 table of Megatron-Core's MoE model zoo (yanring/Megatron-MoE-ModelZoo@020b8136
    // best_practice/qwen3/readme.md), step seconds as printed, gathered before any mechanism of this pass was written;
    // every third row by table order in moe-steps-modelzoo-heldout.csv, not run until that mechanism was committed.
    constexpr bool kRunHeldOut = true;
    const StepValidation seen = validateFreshFile("moe-steps-modelzoo.csv");
    for (const UnmodelledRow& u : seen.unmodelled)
        std::printf("%-56s not modelled: %s\n", u.id.c_str(), u.reason.c_str());
    QCOMPARE(seen.rows.size(), std::size_t(4));
    QVERIFY(seen.unmodelled.empty());
    std::vector<double> e;
    for (const StepCheck& c : seen.rows) {
        std::printf("%-56s measured %7.2f s  ShardScope %7.2f s  error %5.1f%%\n", c.id.c_str(), c.measured, c.predicted,
                    100 * std::fabs(c.error));
        e.push_back(std::fabs(c.error));
    }
    const double ms = median(e);
    QCOMPARE(ms, seen.medianAbsError);
    std::printf("model zoo: median error seen %.1f%% (%zu runs)\n", 100 * ms, seen.rows.size());
    if (kRunHeldOut) {
        const StepValidation held = validateFreshFile("moe-steps-modelzoo-heldout.csv");
        for (const StepCheck& c : held.rows)
            std::printf("%-56s measured %7.2f s  ShardScope %7.2f s  error %5.1f%%  (held out)\n", c.id.c_str(),
                        c.measured, c.predicted, 100 * std::fabs(c.error));
        for (const UnmodelledRow& u : held.unmodelled)
            std::printf("%-56s not modelled: %s\n", u.id.c_str(), u.reason.c_str());
        // First run after 1884386 (the two mechanisms): the FSDP row 2.9% (2.8% before them); Qwen3-Next-80B-A3B (gated
        // DeltaNet and attention layers) is refused with its reason, as Nemotron 3 Nano was. Seen since: read with its
        // config's TP collectives not overlapped (tp_comm_overlap 0), 0.2%.
        QCOMPARE(held.rows.size(), std::size_t(1));
        QCOMPARE(held.unmodelled.size(), std::size_t(1));
        QVERIFY2(std::fabs(held.rows[0].error) <= 0.05, qPrintable(QString::number(100 * held.rows[0].error) + "% held out"));
    }
    // At this commit: 30.3% before the two mechanisms of this pass (e22f17b), 27.7% after, 25.6% with the TP
    // collectives read as not overlapped (the runs' config). The bound holds what the model reaches; issue 25's 15%
    // stays open.
    QVERIFY2(ms <= 0.27, qPrintable(QString::number(100 * ms) + "% model zoo, seen"));
}

void TestMoeValidation::stepTimeColumn()
{
    // A table that prints seconds per step (the model zoo's "Step time (sec)"): validate --steps reads the column as
    // the measured step; tokens/s/GPU and step seconds stated together are refused (two figures that could disagree).
    const std::string header = "id,source,model,gpu,gpus,precision,global_batch,micro_batch,tp,pp,vpp,ep,"
                               "tokens_per_s_per_gpu,step_time_s,a2a_overlap,flex_dispatcher,recompute_modules\n";
    const std::string body = "r,src,qwen3-235b-a22b,h100-80gb,256,bf16,2048,1,2,8,4,32,%TPS%,19.7,0,1,\"layernorm,moe_act\"\n";
    auto with = [&](const std::string& tps) {
        std::string b = body;
        b.replace(b.find("%TPS%"), 5, tps);
        return validateSteps(header + b);
    };
    const StepValidation one = with("");
    QCOMPARE(one.rows.size(), std::size_t(1));
    QCOMPARE(one.rows[0].measured, 19.7);
    // The same run stated as tokens/s/GPU (2048 x 4096 / (256 x 19.7) = 1663.35): the same step seconds.
    const StepValidation tps = validateSteps(header + std::string("r,src,qwen3-235b-a22b,h100-80gb,256,bf16,2048,1,2,8,4,32,1663.35,,0,1,\"layernorm,moe_act\"\n"));
    QCOMPARE(tps.rows.size(), std::size_t(1));
    QVERIFY(std::fabs(tps.rows[0].measured / 19.7 - 1) < 1e-5);
    QCOMPARE(tps.rows[0].predicted, one.rows[0].predicted);
    const StepValidation both = with("1663.35");
    QCOMPARE(both.rows.size(), std::size_t(0));
    QCOMPARE(both.unmodelled.size(), std::size_t(1));
    QVERIFY(both.unmodelled[0].reason.find("not both") != std::string::npos);
    // A stated full recompute and Megatron FSDP (zero_stage 3) reach the scenario.
    CsvRow row {{"id", "r"}, {"source", "src"}, {"model", "qwen3-235b-a22b"}, {"gpu", "h100-80gb"}, {"gpus", "256"},
                {"precision", "bf16"}, {"global_batch", "2048"}, {"micro_batch", "4"}, {"tp", "2"}, {"pp", "1"},
                {"vpp", "1"}, {"ep", "8"}, {"a2a_overlap", "0"}, {"flex_dispatcher", "1"}, {"recompute", "full"},
                {"zero_stage", "3"}};
    const Scenario s = scenarioForMoeTableRow(row);
    QCOMPARE(int(s.checkpointing), int(Checkpointing::Full));
    QCOMPARE(s.zeroStage, 3);
    row.erase("recompute");
    row.erase("zero_stage");
    const Scenario d = scenarioForMoeTableRow(row);
    QCOMPARE(int(d.checkpointing), int(Checkpointing::None));
    QCOMPARE(d.zeroStage, 1);
    QVERIFY(!d.embeddingInPipelineSplit && !d.lossInPipelineSplit);
    // TP comm overlap: blank, the Megatron-Bridge recipes' overlap; 0 where the run's config leaves Megatron-LM's
    // --tp-comm-overlap off (the model zoo's model_configs/benchmarking/Qwen3-235B-A22B.yaml at 1ed4179f).
    row["tp_comm_overlap"] = "1";
    QVERIFY(scenarioForMoeTableRow(row).tpCommOverlap);
    row["tp_comm_overlap"] = "0";
    QVERIFY(!scenarioForMoeTableRow(row).tpCommOverlap);
    row["tp_comm_overlap"] = "yes";
    QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForMoeTableRow(row));
    row.erase("tp_comm_overlap");
    // Megatron-Core's account-for-embedding / -loss in the pipeline split (the model zoo's Qwen3-235B config): 94
    // layers and the 2 slots fill PP 32 x VPP 3, which 94 layers alone cannot.
    row["pp"] = "32";
    row["vpp"] = "3";
    row["micro_batch"] = "1";
    row["embedding_in_pipeline_split"] = "1";
    row["loss_in_pipeline_split"] = "1";
    const Scenario p = scenarioForMoeTableRow(row);
    QVERIFY(p.embeddingInPipelineSplit && p.lossInPipelineSplit);
    validateScenario(p);
    row["loss_in_pipeline_split"] = "2";
    QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForMoeTableRow(row));
    row.erase("loss_in_pipeline_split");
    // Issue 24 ("a row that leaves a knob out gets its stack's documented default"): a blank a2a_overlap or
    // flex_dispatcher is Megatron-Bridge's WorkloadBaseConfig default (NVIDIA-NeMo/Megatron-Bridge@2afd2d34
    // scripts/performance/utils/utils.py: moe_a2a_overlap False, moe_flex_dispatcher_backend None), listed as assumed;
    // a value other than 0, 1 or blank is refused.
    row["a2a_overlap"] = "";
    row["flex_dispatcher"] = "";
    RowReadings log;
    const Scenario blank = scenarioForMoeTableRow(row, &log);
    QVERIFY(!blank.moeA2aOverlap && !blank.moeNodeDedup);
    int said = 0;
    for (const AssumedDefault& a : log.assumed)
        said += (a.knob == "moe-a2a-overlap" || a.knob == "moe-node-dedup") && a.value == "off"
            && a.why.find("WorkloadBaseConfig") != std::string::npos;
    QCOMPARE(said, 2);
    row["flex_dispatcher"] = "yes";
    QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForMoeTableRow(row));
}

void TestMoeValidation::contextAndExpertTpColumns()
{
    // Fourteenth pass: NeMo's Mixtral 8x22B rows run 65,536 tokens with CP 8 (NeMo 25.02 / 25.04 performance
    // summaries), and Megatron-Core's expert TP defaults to the TP size (its MoE README at 022bcb5a: FlagPerf's
    // Mixtral 8x7B run, TP 8, EP 1, no expert TP flag, splits every expert over the TP group).
    // Before the columns the first was read with DP 32 for DP 4 (its step would be a DP 32 run) and the second priced
    // whole experts per GPU.
    CsvRow row {{"id", "r"}, {"source", "src"}, {"model", "mixtral-8x22b"}, {"gpu", "b200-192gb"}, {"gpus", "256"},
                {"precision", "fp8"}, {"global_batch", "64"}, {"micro_batch", "1"}, {"seq", "65536"}, {"tp", "2"},
                {"pp", "4"}, {"cp", "8"}, {"vpp", "14"}, {"ep", "8"}, {"a2a_overlap", "0"}, {"flex_dispatcher", "0"}};
    RowReadings log;
    const Scenario s = scenarioForMoeTableRow(row, &log);
    QCOMPARE(s.cp, std::int64_t(8));
    QCOMPARE(s.gpus / (s.tp * s.pp * s.cp), std::int64_t(4));
    QCOMPARE(s.etp, std::int64_t(1));
    validateScenario(s);
    row["cp"] = "3";
    QVERIFY_THROWS_EXCEPTION(InvalidInput, scenarioForMoeTableRow(row));
    row["cp"] = "8";
    row["etp"] = "2";
    RowReadings read;
    QCOMPARE(scenarioForMoeTableRow(row, &read).etp, std::int64_t(2));
    QVERIFY(std::any_of(read.fromText.begin(), read.fromText.end(), [](const auto& r) { return r.knob == "expert-tp"; }));
    QVERIFY(std::any_of(log.assumed.begin(), log.assumed.end(), [](const auto& a) { return a.knob == "expert-tp"; }));
}

namespace {

/// Prints a fresh file's rows, what each was read as and assumed (validate --steps lists the same as readings), the
/// rows not modelled and the median; returns the absolute errors.
std::vector<double> printValidation(const StepValidation& v, const char* set, bool held)
{
    std::vector<double> e;
    for (const StepCheck& c : v.rows) {
        std::printf("%-44s measured %8.3f s  ShardScope %8.3f s  error %+6.1f%%%s\n", c.id.c_str(), c.measured,
                    c.predicted, 100 * c.error, held ? "  (held out)" : "");
        e.push_back(std::fabs(c.error));
    }
    for (const RowReadings& r : v.readings) {
        for (const TextReading& t : r.fromText)
            std::printf("  %s read %s = %s (%s: %s)\n", r.id.c_str(), t.knob.c_str(), t.value.c_str(), t.column.c_str(),
                        t.phrase.substr(0, 60).c_str());
        for (const AssumedDefault& a : r.assumed)
            std::printf("  %s assumed %s = %s\n", r.id.c_str(), a.knob.c_str(), a.value.c_str());
    }
    for (const UnmodelledRow& u : v.unmodelled)
        std::printf("%-44s not modelled: %s\n", u.id.c_str(), u.reason.c_str());
    std::printf("%s %s: median error %.1f%% (%zu runs)\n", set, held ? "held out" : "seen", 100 * median(e), e.size());
    return e;
}

} // namespace

void TestMoeValidation::r44Files()
{
    // Fourteenth pass (issue 25): MoE runs from releases and stacks in no earlier file (NeMo 25.02 and 25.04 Mixtral
    // rows on B200 and GB200, Megatron-LM's MoE README, FlagPerf's Megatron-Core 0.6 run), gathered before this pass
    // evaluated any row; every third by gathering order in moe-steps-r44-heldout.csv, first run after the pass's last
    // reader commit (32cc3d0): seen 14.4% (4 runs: NeMo 25.02 B200 Mixtral 8x7B -12.4%, 8x22B -23.2%, NeMo 25.04 GB200
    // 8x22B -16.4%, Megatron-Core 0.9 H100 BF16 8x7B +0.8%), held out 20.5% (NeMo 25.04 GB200 8x7B -2.5%, FlagPerf's
    // Megatron-Core 0.6 H100 run -38.4%). No model change in this pass (docs/validation.md, fourteenth pass); the bounds
    // hold what the model reaches so that a regression fails.
    constexpr bool kRunHeldOut = true;
    for (const char* name : {"moe-steps-r44.csv", "moe-steps-r44-heldout.csv"}) {
        const bool held = std::string(name).find("heldout") != std::string::npos;
        if (held && !kRunHeldOut)
            continue;
        const StepValidation v = validateFreshFile(name);
        const std::vector<double> e = printValidation(v, "r44", held);
        QCOMPARE(v.rows.size(), held ? std::size_t(2) : std::size_t(4));
        QVERIFY(v.unmodelled.empty());
        QVERIFY2(median(e) <= (held ? 0.21 : 0.15), qPrintable(QString::number(100 * median(e)) + "% r44"));
    }
}

void TestMoeValidation::torchtitanDeepSeekV3_16bPreset()
{
    // torchtitan's DeepSeek-V3 "16B" flavour (pytorch/torchtitan@0014ac2c torchtitan/models/deepseek_v3/__init__.py,
    // _16b), counted by hand: embedding and untied head 2 x 102400 x 2048 = 419,430,400; per layer MLA (wq 2048 x
    // 16 x 192, wkv_a 2048 x 576, kv_norm 512, wkv_b 512 x 16 x 256, wo 2048 x 2048) 13,763,072 and two norms 4,096;
    // one dense MLP 3 x 2048 x 10944 = 67,239,936; 26 MoE layers of 64 x 3 x 2048 x 1408 routed, 3 x 2048 x 2816 shared
    // and a 64 x 2048 router = 571,080,704; the final norm 2,048. Total 15,706,484,224 (DeepSeek-V2-Lite's).
    const auto m = presetForModelName("deepseek-v3-16b");
    QVERIFY(m.has_value());
    QCOMPARE(QString::fromStdString(m->arch.id), QString("deepseek-v3-16b"));
    QCOMPARE(countParams(m->arch).total, std::int64_t(15706484224));
    // The 671B preset keeps its own name: the longer key wins, "deepseek-v3" alone is still the 671B model.
    QCOMPARE(QString::fromStdString(presetForModelName("deepseek-v3")->arch.id), QString("deepseek-v3"));
}

void TestMoeValidation::torchtitanFlopsPerToken()
{
    // pytorch/torchtitan@76dd118b torchtitan/models/utils.py get_moe_model_nparams_and_flops, by hand.
    // DeepSeek-V3 16B at 4096: counted parameters = total 15,706,484,224 - embedding 209,715,200 - routed
    // 26 x 553,648,128 + their 6/64 = 2,451,435,008; 6 x that = 14,708,610,048; attention 6 x 27 x 16 x (128 + 64 +
    // 128) x 4096 = 3,397,386,240; sum 18,105,996,288.
    const auto dsv3 = presetForModelName("deepseek-v3-16b");
    QVERIFY(dsv3.has_value());
    QCOMPARE(torchtitanMoeFlopsPerToken(dsv3->arch, 4096), 18105996288.0);
    // Qwen3-30B-A3B at 8192: per layer attention 18,874,624 with q/k norms, two norms 4,096, router 262,144, 8 of
    // 128 experts 37,748,736 -> 56,889,600 x 48 = 2,730,700,800; head 311,164,928; final norm 2,048; 6 x 3,041,867,776
    // = 18,251,206,656; attention 6 x 48 x 32 x 256 x 8192 = 19,327,352,832; sum 37,578,559,488 (the figure
    // pytorch/torchtitan#4300's description prints for TorchTitan's Qwen3 30B A3B at 8192).
    const auto qwen = presetForModelName("qwen3-30b-a3b");
    QVERIFY(qwen.has_value());
    QCOMPARE(torchtitanMoeFlopsPerToken(qwen->arch, 8192), 37578559488.0);
    // get_peak_flops (pytorch/torchtitan@02581674 torchtitan/tools/utils.py).
    QCOMPARE(*torchtitanPeakFlops("b200-192gb"), 2.25e15);
    QCOMPARE(*torchtitanPeakFlops("h100-80gb"), 989e12);
    QVERIFY(!torchtitanPeakFlops("GB200 NVL72").has_value());
    QVERIFY(!torchtitanPeakFlops("h100-nvl").has_value());
    // An MFU row: step = GBS x seq / (GPUs x MFU x peak / FLOPs per token), the conversion listed as read.
    CsvRow row {{"id", "r"}, {"model", "deepseek-v3-16b"}, {"gpu", "b200-192gb"}, {"gpus", "8"}, {"global_batch", "32"},
                {"seq", "4096"}, {"mfu", "0.18"}, {"stack", "torchtitan"}};
    RowReadings log;
    const double tps = 0.18 * 2.25e15 / 18105996288.0;
    QVERIFY(std::fabs(moeTableStepSeconds(row, &log) / (32.0 * 4096 / (8 * tps)) - 1) < 1e-12);
    QVERIFY(std::any_of(log.fromText.begin(), log.fromText.end(), [](const auto& r) { return r.column == "mfu"; }));
    row["stack"] = "";
    QVERIFY_THROWS_EXCEPTION(InvalidInput, moeTableStepSeconds(row));
    row["stack"] = "torchtitan";
    row["tokens_per_s_per_gpu"] = "1000";
    QVERIFY_THROWS_EXCEPTION(InvalidInput, moeTableStepSeconds(row));
}

void TestMoeValidation::torchtitanRows()
{
    // A torchtitan row is read as its stack runs: FSDP2 fully sharding (dp_shard), EP folded from the data-parallel
    // GPUs of a stage, not as a Megatron-Core row.
    CsvRow row {{"id", "r"}, {"source", "src"}, {"model", "deepseek-v3-16b"}, {"gpu", "b200-192gb"}, {"gpus", "8"},
                {"precision", "bf16"}, {"global_batch", "32"}, {"micro_batch", "4"}, {"seq", "4096"}, {"tp", "1"},
                {"pp", "1"}, {"ep", "8"}, {"a2a_overlap", "0"}, {"flex_dispatcher", "0"}, {"stack", "torchtitan"},
                {"checkpointing", "none"}, {"compiled", "on"}};
    RowReadings log;
    const Scenario s = scenarioForMoeTableRow(row, &log);
    QVERIFY(s.framework == Framework::Fsdp2);
    QCOMPARE(s.zeroStage, 3);
    QCOMPARE(s.ep, std::int64_t(8));
    QVERIFY(s.checkpointing == Checkpointing::None);
    QVERIFY(s.compiled);
    validateScenario(s);
    QVERIFY(std::none_of(log.assumed.begin(), log.assumed.end(),
                         [](const auto& a) { return a.knob == "framework" && a.value == "megatron"; }));
    row["stack"] = "";
    QVERIFY(scenarioForMoeTableRow(row).framework == Framework::Megatron);
}

void TestMoeValidation::tt44Files()
{
    // Fifteenth pass (issue 25): torchtitan MoE runs (docs/validation.md, fifteenth pass), gathered before any row was
    // evaluated; every third by gathering order in moe-steps-tt44-heldout.csv.
    constexpr bool kRunHeldOut = true;
    for (const char* name : {"moe-steps-tt44.csv", "moe-steps-tt44-heldout.csv"}) {
        const bool held = std::string(name).find("heldout") != std::string::npos;
        if (held && !kRunHeldOut)
            continue;
        const StepValidation v = validateFreshFile(name);
        const std::vector<double> e = printValidation(v, "tt44", held);
        QCOMPARE(v.rows.size(), held ? std::size_t(1) : std::size_t(4));
        QVERIFY(v.unmodelled.empty());
        for (const StepCheck& c : v.rows)
            QVERIFY2(std::fabs(c.error) <= kTt44Bound, qPrintable(QString::fromStdString(c.id) + " "
                                                                  + QString::number(100 * c.error) + "%"));
    }
}


namespace {

/// The step seconds of one row of a MoE file as validate --steps prices it, with the stack label cleared where
/// `withoutStack` (the step model without Megatron-Core's measured overlap cost, kMegatronA2aOverlapSecondsPerLayer).
double priced(const CsvRow& row, bool withoutStack)
{
    Scenario s = scenarioForMoeTableRow(row);
    if (withoutStack)
        s.stack.clear();
    return computeStep(s).totals.stepTime;
}

std::vector<CsvRow> measuredRows(const char* name)
{
    QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return parseCsvWithHeader(f.readAll().toStdString(), "steps");
}

const CsvRow& rowById(const std::vector<CsvRow>& rows, const std::string& id)
{
    static const CsvRow none;
    for (const CsvRow& r : rows)
        if (r.at("id") == id)
            return r;
    return none;
}

} // namespace

void TestMoeValidation::overlapCostFromPublishedPairs()
{
    // Sixteenth pass (issue 25): kMegatronA2aOverlapSecondsPerLayer is NVIDIA's measured A/B (Megatron-Bridge pull
    // request #1760: 17.2 s with moe_a2a_overlap, 16.0 s without, Qwen3-235B-A22B on 64 B200 BF16) less what the step
    // model hides with the overlap on that layout, over its 12 x 128 layer passes. This test holds the model's part at
    // the figure the constant was derived from (2.925 s, eighteenth pass: 2.046 s before the dropless synchronisation
    // was priced in the arm without the overlap): if the step model's all-to-all or layer pricing moves, it
    // fails and the constant is to be derived again. The model zoo's H100 pair checks it from another GPU and EP.
    const std::vector<CsvRow> ab = measuredRows("moe-steps-ab45.csv");
    const CsvRow& on = rowById(ab, "mbpr1760-qwen3-235b-a22b-64xB200-bf16-a2a-overlap");
    const CsvRow& off = rowById(ab, "mbpr1760-qwen3-235b-a22b-64xB200-bf16");
    QVERIFY(!on.empty() && !off.empty());
    // The arm without the overlap as priced (its dropless synchronisation included: kMegatronDroplessSyncSecondsPerLayer,
    // which the overlap hides), the overlap arm without the stack (so without the term).
    const double hidden = priced(off, false) - priced(on, true);
    std::printf("PR #1760 pair: the model without the term hides %.3f s; the measured overlap costs +1.2 s\n", hidden);
    QVERIFY2(std::fabs(hidden - 2.925) < 0.01, qPrintable(QString::number(hidden)));
    const double derived = (17.2 - 16.0 + hidden) / (12.0 * 128.0);
    QVERIFY2(std::fabs(derived / kMegatronA2aOverlapSecondsPerLayer - 1) < 0.01, qPrintable(QString::number(derived)));
    // With the term, the overlap row lands within 2 points of its no-overlap twin's error (the term restores the
    // measured difference; what remains is the twin's own shortfall, -4.9%).
    const double eOn = priced(on, false) / 17.2 - 1, eOff = priced(off, false) / 16.0 - 1;
    std::printf("PR #1760 pair with the term: overlap %+.1f%%, without %+.1f%%\n", 100 * eOn, 100 * eOff);
    QVERIFY2(std::fabs(eOn - eOff) < 0.02, qPrintable(QString::number(100 * eOn) + "% vs " + QString::number(100 * eOff)));
    // The model zoo pair (not used to set the constant): the same derivation gives it within 5%.
    const std::vector<CsvRow> zoo = measuredRows("moe-steps-modelzoo.csv");
    const CsvRow& zOn = rowById(zoo, "mzoo-qwen3-235b-a22b-256xH100-deepep-ep32-a2a-overlap");
    const CsvRow& zOff = rowById(zoo, "mzoo-qwen3-235b-a22b-256xH100-deepep-ep32");
    QVERIFY(!zOn.empty() && !zOff.empty());
    const double zHidden = priced(zOff, false) - priced(zOn, true);
    const double zDerived = (17.6 - 19.7 + zHidden) / (12.0 * 128.0);
    std::printf("model zoo pair: hides %.3f s, derived %.3f ms per layer and micro-batch (constant %.3f ms)\n", zHidden,
                1e3 * zDerived, 1e3 * kMegatronA2aOverlapSecondsPerLayer);
    QVERIFY2(std::fabs(zDerived / kMegatronA2aOverlapSecondsPerLayer - 1) < 0.05, qPrintable(QString::number(zDerived)));
}

void TestMoeValidation::ab45Files()
{
    // Sixteenth pass (issue 25): published A/B MoE runs (Megatron-Bridge PR #1760's Qwen3-235B-A22B B200 pair and MXFP8
    // row, issue #4439's Qwen3-30B-A3B B200 BF16 and MXFP8 at micro-batch 4), every third held out before any
    // evaluation; the held-out row was not run until the overlap cost was committed.
    constexpr bool kRunHeldOut = true;
    const StepValidation seen = validateFreshFile("moe-steps-ab45.csv");
    QCOMPARE(seen.rows.size(), std::size_t(4));
    QVERIFY(seen.unmodelled.empty());
    const std::vector<double> e = printValidation(seen, "ab45", false);
    QVERIFY2(median(e) <= 0.15, qPrintable(QString::number(100 * median(e)) + "% ab45, seen"));
    if (kRunHeldOut) {
        const StepValidation held = validateFreshFile("moe-steps-ab45-heldout.csv");
        QCOMPARE(held.rows.size(), std::size_t(1));
        printValidation(held, "ab45", true);
    }
}

void TestMoeValidation::ab45LeadHeldOut()
{
    // Gathered by the lead after the overlap cost was merged, all held out (nothing was changed after running them):
    // Megatron-Bridge PR #5094's 16 x H100 Qwen3-30B-A3B A/B (24.714 s without the EP overlap, 20.992 s with it, as PR
    // #5129 quotes it) and PR #5123's tuned recipe with the overlap (20.147 s). The pair's difference has the wrong sign
    // (the model prices the overlap 2.1 s slower, NVIDIA measured it 3.7 s faster): docs/validation.md, sixteenth pass,
    // "Checked after". Since the eighteenth pass the arm without the overlap pays the dropless synchronisation NVIDIA
    // profiled on this very run (-20.9% -> -13.3%, so no longer held out in effect) and the overlap arms the larger
    // overlap cost derived with it (+3.5% -> +11.9%, +7.9% -> +16.6%).
    const StepValidation held = validateFreshFile("moe-steps-ab45-lead-heldout.csv");
    QCOMPARE(held.rows.size(), std::size_t(3));
    QVERIFY(held.unmodelled.empty());
    const std::vector<double> e = printValidation(held, "ab45 lead", true);
    QVERIFY2(median(e) <= 0.15, qPrintable(QString::number(100 * median(e)) + "% ab45 lead, held out"));
}

void TestMoeValidation::skill46AlltoallHeldOut()
{
    // Gathered by the lead in session 46 after every mechanism in main, held out (nothing changed after running them):
    // Megatron-Bridge's MoE overlap skill (NVIDIA-NeMo/Megatron-Bridge@228e9a3e skills/nemo-mbridge-perf-moe-comm-overlap/
    // SKILL.md, "Correctness-first alltoall smoke"): Qwen3-30B-A3B on 16 H100, EP 16, the NCCL alltoall dispatcher, GBS
    // 1024, CUDA graphs off, 41.25 s without the EP overlap and 31.31 s with it. The model lands at -17.7% and -12.9%
    // (docs/validation.md, eighteenth pass; -22% and -19% before the dropless synchronisation, against which they were
    // gathered). Unlike PR #5094's HybridEP pair, the pair's difference has the measured sign: the overlap hides more of
    // the plain all-to-all than it costs.
    const StepValidation held = validateFreshFile("moe-steps-skill46-heldout.csv");
    QCOMPARE(held.rows.size(), std::size_t(2));
    QVERIFY(held.unmodelled.empty());
    const std::vector<double> e = printValidation(held, "skill46", true);
    for (double x : e)
        QVERIFY2(x <= 0.25, qPrintable(QString::number(100 * x) + "% skill46, held out"));
    double without = 0, with = 0;
    for (const auto& r : held.rows)
        (r.id.find("a2a-overlap") != std::string::npos ? with : without) = r.predicted;
    QVERIFY(without > 0 && with > 0);
    QVERIFY2(with < without, qPrintable(QString::number(with) + " s with the overlap, " + QString::number(without)));
}

void TestMoeValidation::gb46NvlinkRackFiles()
{
    // Eighteenth pass (issue 25): the DGX-GB300 and DGX-GB200 MoE rows of Megatron-Bridge's 26.02 and 25.11 tables
    // (NVIDIA-NeMo/Megatron-Bridge@df0289c docs/performance-summary.md; each row's switches from its workload config,
    // named in the row), gathered after the dropless synchronisation was committed. Run once, they landed at a median of
    // 37.0%, up to +128%: the EP all-to-all was priced across 8-GPU nodes where an NVL72 rack keeps the whole EP group on
    // NVLink (moeAllToAll; tst_moe nvl72RackIsTheEpDomain). With the rack as the EP domain, 15.1%. Megatron-Bridge pull
    // request #3561's four GB200 runs (gpt-oss-120b, EP 64, alltoall against HybridEP, BF16 and MXFP8) were gathered
    // after that change and held out, with the two 25.11 Qwen3-30B-A3B rows whose configs disagree on the dispatcher
    // (blank flex_dispatcher: Megatron-Bridge's default, said), never run before.
    const StepValidation seen = validateFreshFile("moe-steps-gb46.csv");
    QCOMPARE(seen.rows.size(), std::size_t(16));
    QVERIFY(seen.unmodelled.empty());
    const std::vector<double> e = printValidation(seen, "gb46", false);
    QVERIFY2(median(e) <= 0.20, qPrintable(QString::number(100 * median(e)) + "% gb46, seen"));
    const StepValidation held = validateFreshFile("moe-steps-gb46-heldout.csv");
    QCOMPARE(held.rows.size(), std::size_t(6));
    QVERIFY(held.unmodelled.empty());
    printValidation(held, "gb46", true);
}

QTEST_APPLESS_MAIN(TestMoeValidation)
#include "tst_moevalidation.moc"
