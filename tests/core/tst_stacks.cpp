// SPDX-License-Identifier: MIT
// Issue 24, items 2-3: each stack convention against its source. The FLOP counts against the published pairs of
// tokens/s and model TFLOP/s of the same run (their ratio is the stack's FLOPs per token); Megatron's 18 B/param and
// its last-pipeline-rank memory log against Megatron-LM's own rules.
#include "kernelfixture.h"
#include "llama3.h"

#include "shardscope/footprint.h"
#include "shardscope/gpus.h"
#include "shardscope/kernels.h"
#include "shardscope/stacks.h"
#include "shardscope/step.h"
#include "shardscope/csv.h"
#include "shardscope/validation_memory.h"
#include "shardscope/validation_steps.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

/// Llama 3 8B (Meta's config: 32 layers, 4096 hidden, 32 heads, 8 KV heads, MLP 14336, vocabulary 128256).
Scenario llama3_8b(std::int64_t seq) { return llama3_8bOn8H100(seq, 16); }

double perToken(FlopCount c, const Scenario& s)
{
    const StepResult r = computeStep(s);
    return modelFlopsIn(c, s, r.totals) / r.totals.tokensPerStep;
}

} // namespace

class TestStacks : public QObject
{
    Q_OBJECT
private slots:
    void profiles()
    {
        for (const std::string& k : stackKeys())
            QVERIFY2(stackProfile(k).has_value(), k.c_str());
        QVERIFY(!stackProfile("jax"));
        QCOMPARE(int(stackProfile("nemo")->flops), int(FlopCount::CausalHalf));
        QCOMPARE(int(stackProfile("nemo@24.07")->flops), int(FlopCount::Full));
        QCOMPARE(int(stackProfile("megatron-core")->flops), int(FlopCount::CausalHalf));
        QCOMPARE(int(stackProfile("torchtitan")->flops), int(FlopCount::Full));
        QVERIFY(stackProfile("megatron-core")->logsLastPipelineRank);
        QVERIFY(!stackProfile("torchtitan")->logsLastPipelineRank);
    }

    void causalHalfAgainstMegatronBridge()
    {
        // NVIDIA-NeMo/Megatron-Bridge@00b7660 docs/performance-summary.md, 25.11, DGX-GB300 LLAMA3_8B FP8-CS:
        // 37556 tokens/s/GPU and 1933 model TFLOP/s/GPU, i.e. 51.47 GFLOP per token at seq 8192 in the count of
        // flop_utils.py (attn_layer_flops: core_seq / 2). DGX-H100's row (14451, 744) gives the same 51.48.
        const double published = 1933e12 / 37556.0;
        QVERIFY(std::abs(744e12 / 14451.0 / published - 1.0) < 0.002);
        const double ours = perToken(FlopCount::CausalHalf, llama3_8b(8192));
        QVERIFY2(std::abs(ours / published - 1.0) < 0.01, qPrintable(QString::number(ours / published)));
    }

    void fullCountAgainstNeMo24()
    {
        // NVIDIA/NeMo@070a0bb docs/source/performance/performance_summary.md (NeMo 24.07): LLAMA3-8B, 12036 tokens/s/GPU,
        // 697 model TFLOP/s/GPU = 57.91 GFLOP per token at seq 8192, NVIDIA/NeMo@034b17b nemo/utils/flops_formulas.py
        // llama3() with its full 12 s/h score term: ShardScope's own count.
        const double published = 697e12 / 12036.0;
        const double ours = perToken(FlopCount::Full, llama3_8b(8192));
        QVERIFY2(std::abs(ours / published - 1.0) < 0.01, qPrintable(QString::number(ours / published)));
        // The two conventions differ by half the score matrix: 6 s q L per token (6.44 GFLOP here); at 1M tokens the
        // score term dominates and the two counts differ almost 2x.
        const Scenario s = llama3_8b(8192);
        QVERIFY(std::abs((perToken(FlopCount::Full, s) - perToken(FlopCount::CausalHalf, s)) - 6.0 * 8192 * 4096 * 32) < 1e6);
    }

    void megatronEighteenBytes()
    {
        // Megatron's bf16 training keeps fp32 main grads (accumulate_allreduce_grads_in_fp32) beside bf16 params, an
        // fp32 master copy and Adam's two fp32 moments: 2 + 4 + 4 + 8 = 18 B/param before sharding (NVIDIA/Megatron-LM
        // README.md, "Distributed Optimizer": bf16 param, fp32 grads = 18 non-distributed, 6 + 12/d distributed).
        Scenario s = llama3_8b(4096);
        s.zeroStage = 0;
        const auto applied = applyStack(*stackProfile("megatron-core"), s);
        QVERIFY(std::any_of(applied.begin(), applied.end(), [](const StackDefault& d) { return d.knob == "recipe"; }));
        const BytesPerParam b = effectiveBytesPerParam(s);
        QCOMPARE(b.weights + b.grads + b.master + b.optimizer, 18.0);
    }

    void perOpRecomputesEverySecondMatmul()
    {
        // torchtitan's per-op SAC (pytorch/torchtitan@000204a torchtitan/distributed/activation_checkpoint.py,
        // _save_list and _custom_policy: "Saves output of all compute ops, except every second mm"): of a Llama block's
        // matmuls in forward order wq, wk, wv, wo, w1, w3, w2 the 2nd, 4th and 6th (wk, wo, w3) run again before the
        // backward; SDPA's output is in _save_list, so the attention kernel is not recomputed. Extra FLOPs per token and
        // layer: 2 (h kv + q h + h f) = 2 (4096 x 1024 + 4096 x 4096 + 4096 x 14336) = 159,383,552 for Llama 3 8B.
        Scenario s = llama3_8b(8192);
        s.framework = Framework::Fsdp2;
        s.zeroStage = 3;
        s.checkpointing = Checkpointing::PerOp;
        const StepResult r = computeStep(s);
        const double perTokenLayer = 2.0 * (4096.0 * 1024 + 4096.0 * 4096 + 4096.0 * 14336);
        QCOMPARE(perTokenLayer, 159383552.0);
        const double extra = (r.totals.executedFlops - r.totals.modelFlops) / r.totals.tokensPerStep;
        QVERIFY2(std::abs(extra / (32 * perTokenLayer) - 1) < 1e-9, qPrintable(QString::number(extra)));
        QVERIFY(r.totals.recomputeSeconds > 0);
        // Between Megatron's selective (the attention core only) and full (the whole forward) in time: less than the
        // forward again, and more than nothing; the step is slower than without checkpointing by the recompute.
        Scenario full = s, none = s;
        full.checkpointing = Checkpointing::Full;
        none.checkpointing = Checkpointing::None;
        const StepResult rf = computeStep(full), rn = computeStep(none);
        QVERIFY(r.totals.recomputeSeconds < rf.totals.recomputeSeconds);
        QCOMPARE(rn.totals.recomputeSeconds, 0.0);
        QVERIFY(r.totals.stepTime > rn.totals.stepTime);
        QVERIFY(r.totals.stepTime < rf.totals.stepTime);
        // The model FLOPs (MFU's numerator) do not change with checkpointing.
        QCOMPARE(r.totals.modelFlops, rn.totals.modelFlops);
    }

    void stepReaderTakesPerOpSac()
    {
        // Reader trap: torchtitan's "selective" with selective_ac_option = "op" is per-op SAC, not Megatron's
        // attention-core recompute. The shipped row of pytorch/torchtitan@0413364 docs/performance.md (64 A100, "selective
        // op AC") as the steps reader sees it; "selective" alone stays Megatron's.
        const std::string header = "id,source,model,total_params,layers,hidden,heads,vocab,seq,micro_batch,global_batch,gpus,"
                                   "gpus_per_node,gpu_type,dp,tp,pp,vpp,zero_stage,sequence_parallel,recompute,precision,"
                                   "measured_metric,measured_value,inferred_fields,notes\n";
        for (const char* rc : {"selective (op)", "selective (per-op SAC)", "selective"}) {
            const std::string csv = header + "TITAN-X,pytorch/torchtitan docs/performance.md,Llama 3 8B,8.03e+09,32,4096,32,128256,"
                                             "8192,1,64,64,8,A100-SXM4-80GB,64,1,1,,3,no,"
                + rc + ",bf16,tokens_per_s_per_gpu,2973,,FSDP2\n";
            const auto rows = parseCsvWithHeader(csv, "steps");
            RowReadings log;
            const Scenario s = scenarioForStepRow(rows.front(), &log);
            const bool perOp = std::string(rc) != "selective";
            QCOMPARE(int(s.checkpointing), int(perOp ? Checkpointing::PerOp : Checkpointing::Selective));
            QCOMPARE(std::any_of(log.fromText.begin(), log.fromText.end(),
                                 [](const auto& r) { return r.knob == "checkpointing" && r.value == "per-op"; }),
                     perOp);
        }
    }

    void mi300xMaxAchievableGemm()
    {
        // AMD's max-achievable FLOP/s of MI300X (ROCm/rocm-blogs@d957560 blogs/software-tools-optimization/
        // measuring-max-achievable-flops-part2/README.md, Table 1 and Appendix B): 708 TFLOP/s BF16 with hipBLASLt on
        // M 4096, N 4864, K 32896, of the 1307 TFLOP/s datasheet peak. The kernel model on that shape, with the
        // preset's CUs (304), lands on it: full waves, K overhead 64 of 32896.
        const GpuPreset g = *findGpuPreset("mi300x-192gb");
        const KernelModel km = shardscope::testing::presetKernels(g);
        QCOMPARE(km.sms, std::int64_t(304));
        QCOMPARE(g.peakFlops16, 1307e12);
        const double rate = gemmFlopRate(km, 4096, 4864, 32896, false);
        QVERIFY2(std::abs(rate / 708e12 - 1) < 0.01, qPrintable(QString::number(rate / 1e12)));
    }

    void blackwellMeasuredGemms()
    {
        // Measured bf16 GEMMs on Blackwell against the kernel model with each preset's default efficiency:
        // B200, pytorch/ao pull request #2427 (bench_matmul.py on an NVIDIA B200): M = N = K = 4096 at 1.41e15 FLOP/s,
        // 6144 at 1.45e15, 8192 at 1.42e15; GB300, facebookexperimental/triton pull request #740 (aten matmul):
        // 8192 x 8192 x 8192 at 1717 TFLOP/s, 8192 x 8192 x 4096 at 1756.
        // These are short runs at the boost clock (burst efficiencies 0.643 and 0.703); the step takes the sustained
        // rate (issue 24, helper general43; blackwellGemmsAtHoppersShareOfTheSustainedRate in tst_lowprecision), so the
        // kernel model's shape terms are checked here at the burst efficiencies, and the defaults keep their ratio.
        auto model = [](const char* id, double burst) {
            KernelModel km = shardscope::testing::presetKernels(*findGpuPreset(id));
            km.gemmEfficiency = burst;
            return km;
        };
        const KernelModel b200 = model("b200-192gb", 0.643), gb300 = model("gb300-288gb", 0.703);
        QVERIFY(std::abs(defaultGemmEfficiency(*findGpuPreset("gb300-288gb"))
                             / defaultGemmEfficiency(*findGpuPreset("b200-192gb")) / (0.703 / 0.643) - 1) < 1e-12);
        QVERIFY(std::abs(gemmFlopRate(b200, 8192, 8192, 8192, false) / 1.42e15 - 1) < 0.01);
        QVERIFY(std::abs(gemmFlopRate(b200, 4096, 4096, 4096, false) / 1.41e15 - 1) < 0.02);
        QVERIFY(std::abs(gemmFlopRate(b200, 6144, 6144, 6144, false) / 1.45e15 - 1) < 0.05);
        QVERIFY(std::abs(gemmFlopRate(gb300, 8192, 8192, 8192, false) / 1717e12 - 1) < 0.01);
        QVERIFY(std::abs(gemmFlopRate(gb300, 8192, 8192, 4096, false) / 1756e12 - 1) < 0.04);
    }

    void cudnnAttentionMeasuredOnBlackwell()
    {
        // NVIDIA's measured cuDNN fused attention (NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/artifacts,
        // bf16, causal, batch 1, 128 query / 8 key-value heads of 128): the forward and backward times in ms at
        // sequence 8192 (the csv's forward_time, backward_time columns; the efficiency is built from its TFLOP/s
        // columns): GB200 (@d48a60e, cudnn_fe) 1.389 + 4.542, B200 (@bb37575, pyt_cudnn) 1.877 + 5.833, GB300
        // (@bb37575, pyt_cudnn) 1.470 + 4.865. The step model's attention time for that shape, 3.5 x the forward's
        // causal 4 s^2 d h / 2 FLOPs at peak x efficiency, lands on their sum.
        const double flopsFwd = 4.0 * 8192.0 * 8192.0 * 128.0 * 128.0 / 2.0;
        const struct
        {
            const char* id;
            double ms;
        } cases[] = {{"gb200-186gb", 1.389 + 4.542}, {"b200-192gb", 1.877 + 5.833}, {"gb300-288gb", 1.470 + 4.865}};
        for (const auto& c : cases) {
            const GpuPreset g = *findGpuPreset(c.id);
            const double e = cudnnFusedAttentionEfficiency(g, 8192);
            const double ms = 3.5 * flopsFwd / (g.peakFlops16 * e) * 1e3;
            QVERIFY2(std::abs(ms / c.ms - 1) < 0.005, qPrintable(QString::fromLatin1(c.id) + " " + QString::number(ms)));
        }
        // Between two measured lengths: the combined rate interpolated in log2 of the length (GB200, 8192 and 16384:
        // 3.5 / (1/1584 + 2.5/1211) and 3.5 / (1/1668 + 2.5/1304) TFLOP/s); past the table's end, its last row.
        const GpuPreset gb200 = *findGpuPreset("gb200-186gb");
        const double r8 = 3.5 / (1 / 1584.0 + 2.5 / 1211.0), r16 = 3.5 / (1 / 1668.0 + 2.5 / 1304.0);
        const double r128 = 3.5 / (1 / 1467.0 + 2.5 / 1188.0);
        QVERIFY(std::abs(cudnnFusedAttentionEfficiency(gb200, 8192 * std::sqrt(2.0)) * 2500 / (0.5 * (r8 + r16)) - 1) < 1e-9);
        QVERIFY(std::abs(cudnnFusedAttentionEfficiency(gb200, 1048576) * 2500 / r128 - 1) < 1e-9);
        // No measurement for Hopper: 0 (the stacks keep their 0.6 there).
        QCOMPARE(cudnnFusedAttentionEfficiency(*findGpuPreset("h100-80gb"), 8192), 0.0);

        // The steps reader: a Megatron-Bridge row on GB200 takes the measured rate at its query length (seq / cp), one
        // on H100 keeps 0.6; both listed as assumed.
        const std::string header = "id,source,model,total_params,layers,hidden,heads,vocab,seq,micro_batch,global_batch,gpus,"
                                   "gpus_per_node,gpu_type,dp,tp,pp,vpp,zero_stage,sequence_parallel,recompute,precision,"
                                   "measured_metric,measured_value,inferred_fields,notes\n";
        for (const char* gpu : {"GB200 (DGX-GB200, NVL72)", "H100-SXM5-80GB (DGX H100)"}) {
            const std::string csv = header + "MB-X,NVIDIA-NeMo/Megatron-Bridge docs/performance-summary.md,Llama 3 8B,8.03e+09,32,"
                                             "4096,32,128256,8192,2,128,8,,\""
                + gpu + "\",4,1,1,,,,,fp8 current scaling,tflops_per_gpu,1622,,\"cp=2;\"\n";
            const auto rows = parseCsvWithHeader(csv, "steps");
            RowReadings log;
            const Scenario s = scenarioForStepRow(rows.front(), &log);
            const bool blackwell = std::string(gpu).rfind("GB200", 0) == 0;
            QCOMPARE(s.cp, std::int64_t(2));
            QCOMPARE(s.attentionEfficiency, blackwell ? cudnnFusedAttentionEfficiency(gb200, 4096) : 0.6);
            QVERIFY(std::any_of(log.assumed.begin(), log.assumed.end(),
                                [](const auto& r) { return r.knob == "attention-efficiency"; }));
        }
    }

    void megatronLogsTheLastPipelineRank()
    {
        // A Megatron row with PP 4: its memory is the last stage's, not the busiest (the first stage holds the most
        // in-flight micro-batches under 1F1B). Megatron-LM megatron/training/global_vars.py makes the tensorboard and
        // wandb writers only `if args.rank == (args.world_size - 1)`: the logged memory is the last rank's.
        const std::string csv
            = "id,source,model,total_params,layers,hidden,heads,kv_heads,ffn,vocab,seq,micro_batch,gpus,gpu_type,dp,tp,pp,"
              "zero_stage_or_fsdp,precision,optimizer,checkpointing,flash_attn,offload,measured_GiB_per_gpu,measured_kind,"
              "inferred_fields,notes,stack\n"
              "M1,test,Llama 3 8B,8030261248,32,4096,32,8,14336,128256,4096,1,4,H100 80GB,1,1,4,Megatron-LM,bf16 mixed,"
              "Adam,none,yes,none,30,allocated (peak),none,8 microbatches,megatron-core\n";
        const MemoryValidation v = validateMeasuredMemory(csv);
        QCOMPARE(int(v.rows.size()), 1);
        const Footprint f = computeFootprint(v.rows.front().scenario);
        std::int64_t last = 0, lastStage = -1, busiest = 0;
        for (const auto& r : f.ranks) {
            busiest = std::max(busiest, r.peakAllocatedBytes);
            if (r.stage > lastStage) {
                lastStage = r.stage;
                last = r.peakAllocatedBytes;
            }
        }
        QVERIFY(busiest > last);
        QCOMPARE(v.rows.front().predictedBytes, double(last));
    }
};

QTEST_GUILESS_MAIN(TestStacks)
#include "tst_stacks.moc"
