// SPDX-License-Identifier: MIT
#include "shardscope/knobs.h"

#include "cnumber.h"
#include "shardscope/recipe.h"
#include "shardscope/stacks.h"
#include "shardscope/step.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace shardscope {

namespace {

constexpr double kBig = 9007199254740992.0; // 2^53: JSON numbers (and doubles) are exact below it

// Accessors of one member, as captureless lambdas (function pointers).
#define SS_NUMBER(member)                                                                                              \
    [](const Scenario& s) { return double(s.member); },                                                                \
        [](Scenario& s, double v) { s.member = static_cast<decltype(s.member)>(v); }
#define SS_COUNT(member)                                                                                               \
    [](const Scenario& s) { return double(s.member); },                                                                \
        [](Scenario& s, double v) { s.member = static_cast<decltype(s.member)>(std::llround(v)); }
#define SS_BOOL(member)                                                                                                \
    [](const Scenario& s) { return s.member ? 1.0 : 0.0; }, [](Scenario& s, double v) { s.member = v != 0; }
#define SS_CHOICE(member, toKey, fromKey)                                                                              \
    nullptr, nullptr, [](const Scenario& s) { return std::string(toKey(s.member)); },                                  \
        [](Scenario& s, const std::string& k) {                                                                        \
            const auto e = fromKey(k);                                                                                 \
            if (e)                                                                                                     \
                s.member = *e;                                                                                         \
            return e.has_value();                                                                                      \
        }

Knob count(const char* field, const char* key, const char* option, double min, double max, const char* valueName,
           const char* help, const char* control, double (*get)(const Scenario&), void (*set)(Scenario&, double))
{
    Knob k;
    k.field = field;
    k.key = key;
    k.option = option;
    k.kind = KnobKind::Count;
    k.min = min;
    k.max = max;
    k.valueName = valueName;
    k.help = help;
    k.control = control;
    k.get = get;
    k.set = set;
    return k;
}

Knob real(const char* field, const char* key, const char* option, double min, double max, bool zeroIsPreset,
          double optionScale, const char* valueName, const char* help, const char* control,
          double (*get)(const Scenario&), void (*set)(Scenario&, double))
{
    Knob k = count(field, key, option, min, max, valueName, help, control, get, set);
    k.kind = KnobKind::Real;
    k.zeroIsPreset = zeroIsPreset;
    k.optionScale = optionScale;
    return k;
}

/// An integer field (bytes) that the command line gives as a real number in larger units (GB).
Knob bytes(const char* field, const char* key, const char* option, double min, double max, const char* valueName,
           const char* help, double (*get)(const Scenario&), void (*set)(Scenario&, double))
{
    Knob k = count(field, key, option, min, max, valueName, help, nullptr, get, set);
    k.optionScale = 1e9;
    return k;
}

Knob onOff(const char* field, const char* key, const char* option, const char* help, const char* control,
           double (*get)(const Scenario&), void (*set)(Scenario&, double), KnobKind kind = KnobKind::Switch)
{
    Knob k = count(field, key, option, 0, 1, kind == KnobKind::Flag ? nullptr : "on|off", help, control, get, set);
    k.kind = kind;
    return k;
}

Knob choice(const char* field, const char* key, const char* option, const char* valueName, const char* choices,
            const char* help, const char* control, std::nullptr_t, std::nullptr_t,
            std::string (*getKey)(const Scenario&), bool (*setKey)(Scenario&, const std::string&))
{
    Knob k;
    k.field = field;
    k.key = key;
    k.option = option;
    k.kind = KnobKind::Choice;
    k.valueName = valueName;
    k.choices = choices;
    k.help = help;
    k.control = control;
    k.getKey = getKey;
    k.setKey = setKey;
    return k;
}

Knob special(const char* field, const char* key, const char* option, const char* valueName, const char* help,
             const char* note)
{
    Knob k;
    k.field = field;
    k.key = key;
    k.option = option;
    k.kind = KnobKind::Special;
    k.valueName = valueName;
    k.help = help;
    k.note = note;
    return k;
}

std::vector<Knob> makeKnobs()
{
    std::vector<Knob> v;
    // --- the model (the architecture's own fields and the model sources are options of their own:
    // ui/io/scenariooptions.cpp; the scenario file's "model" and "architecture" keys: ui/io/scenariofile.cpp)
    v.push_back(special("arch", "architecture", nullptr, nullptr, nullptr,
                        "the architecture: --model, --hf-config or --layers/--hidden/... (scenariooptions.cpp); the file's "
                        "\"model\" and \"architecture\" (scenariofile.cpp)"));
    v.push_back(special("bareParams", "bare_params", nullptr, nullptr, nullptr,
                        "a bare count: --params (scenariooptions.cpp), \"bare_params\" (scenariofile.cpp)"));
    // --- cluster and parallelism
    v.push_back(count("gpus", "gpus", "gpus", 1, 1048576, "N", "Number of GPUs N = DP x TP x PP x CP.", "gpus",
                      SS_COUNT(gpus)));
    v.push_back(count("gpusPerNode", "gpus_per_node", "gpus-per-node", 1, 1024, "N", "GPUs per node (default 8).",
                      "gpusPerNode", SS_COUNT(gpusPerNode)));
    v.push_back(count("tp", "tp", "tp", 1, 1048576, "N", "Tensor-parallel size.", "tp", SS_COUNT(tp)));
    v.push_back(count("pp", "pp", "pp", 1, 1048576, "N", "Pipeline-parallel size.", "pp", SS_COUNT(pp)));
    v.push_back(count("cp", "cp", "cp", 1, 1048576, "N",
                      "Context-parallel size: each sequence split over N GPUs (ring attention).", nullptr, SS_COUNT(cp)));
    v.push_back(choice("schedule", "schedule", "schedule", "1f1b|gpipe|interleaved", "1f1b, gpipe or interleaved",
                       "Pipeline schedule (default 1f1b).", "schedule", SS_CHOICE(schedule, scheduleKey, scheduleFromKey)));
    v.push_back(count("vpp", "vpp", "vpp", 1, 1024, "N", "Model chunks per GPU for the interleaved schedule.", "vpp",
                      SS_COUNT(vpp)));
    v.push_back(onOff("embeddingInPipelineSplit", "account_for_embedding_in_pipeline_split",
                      "account-for-embedding-in-pipeline-split",
                      "The embedding takes one layer's slot in the pipeline split: the first stage (its first chunk) "
                      "builds one layer fewer (Megatron-Core; layers + slots must divide over PP).",
                      nullptr, SS_BOOL(embeddingInPipelineSplit), KnobKind::Flag));
    v.push_back(onOff("lossInPipelineSplit", "account_for_loss_in_pipeline_split", "account-for-loss-in-pipeline-split",
                      "The loss takes one layer's slot in the pipeline split: the last stage (its last chunk) builds "
                      "one layer fewer (Megatron-Core).",
                      nullptr, SS_BOOL(lossInPipelineSplit), KnobKind::Flag));
    v.push_back(count("zeroStage", "stage", "stage", 0, 3, "0-3", "ZeRO stage (0 = DDP, 3 = FSDP FULL_SHARD).",
                      "zeroStage", SS_COUNT(zeroStage)));
    v.push_back(onOff("sequenceParallel", "sequence_parallel", "sequence-parallel",
                      "Megatron sequence parallelism (splits the TP-replicated activations).", "sequenceParallel",
                      SS_BOOL(sequenceParallel), KnobKind::Flag));
    // --- precision & optimizer
    v.push_back(special("recipe", "recipe", "recipe", "NAME",
                        "Precision recipe: fp32, mixed, megatron-bf16, fp16-no-master-16bit-adam, bf16-no-master, "
                        "mixed-adam8bit, mixed-sgd, fp8-mixed, or custom:W,G,M,O.",
                        "resolveRecipe() (recipe.h) reads the key and custom:W,G,M,O"));
    v.push_back(special("optimizer", "optimizer", "optimizer", "NAME",
                        "Replace the recipe's optimizer states: adam, adamw, adam8bit, sgd, sgd-momentum, adafactor, "
                        "lion.",
                        "optimizerFromKey() (recipe.h); its refusal lists the known optimizers"));
    // --- memory savers and batch
    v.push_back(choice("checkpointing", "checkpointing", "checkpointing", "none|selective|full|per-op",
                       "none, selective, full or per-op",
                       "Activation checkpointing (default full): selective is Megatron's, per-op torchtitan's SAC.",
                       "checkpointing", SS_CHOICE(checkpointing, checkpointingKey, checkpointingFromKey)));
    v.push_back(onOff("flashAttention", "flash_attention", "flash-attention", "FlashAttention-style kernels (default on).",
                      "flashAttention", SS_BOOL(flashAttention)));
    v.push_back(count("microBatch", "micro_batch", "micro-batch", 1, 65536, "N", "Micro-batch size per GPU (default 1).",
                      "microBatch", SS_COUNT(microBatch)));
    v.push_back(count("seq", "seq", "seq", 1, 16777216, "N", "Sequence length (default 4096).", "seq", SS_COUNT(seq)));
    v.push_back(count("gradAccum", "grad_accum", "grad-accum", 1, 1000000, "N",
                      "Micro-batches per optimizer step (gradient accumulation / pipeline micro-batches).", "gradAccum",
                      SS_COUNT(gradAccum)));
    v.push_back(choice("offloadOptimizer", "offload_optimizer", "offload-optimizer", "none|cpu|nvme", "none, cpu or nvme",
                       "Optimizer offload (ZeRO stages 1-3).", "offloadOptimizer",
                       SS_CHOICE(offloadOptimizer, offloadKey, offloadFromKey)));
    v.push_back(choice("offloadParams", "offload_params", "offload-params", "none|cpu|nvme", "none, cpu or nvme",
                       "Parameter offload (ZeRO-3 only).", "offloadParams",
                       SS_CHOICE(offloadParams, offloadKey, offloadFromKey)));
    // --- the GPU
    {
        Knob g;
        g.field = "gpu";
        g.key = "gpu";
        g.option = "gpu";
        g.kind = KnobKind::Text;
        g.valueName = "NAME";
        g.help = "GPU: a100-40gb, a100-80gb, h100-80gb, h200-141gb, b200-192gb, gb200-186gb, b300-288gb, gb300-288gb, "
                 "mi300x-192gb, l40s-48gb, rtx4090-24gb, v100-32gb, h100-96gb, rtx3090-24gb, rtx5090-32gb, l4-24gb, "
                 "a10g-24gb, h800-80gb, a800-80gb, or custom with --capacity-gb.";
        g.control = "gpuType";
        g.note = "resolveGpu() (scenario.h) checks the id";
        g.getKey = [](const Scenario& s) { return s.gpu; };
        g.setKey = [](Scenario& s, const std::string& k) {
            s.gpu = k;
            return true;
        };
        v.push_back(g);
    }
    v.push_back(special("capacityBytes", "capacity_bytes", "capacity-gb", "GB", "Custom GPU capacity in GB (10^9 bytes).",
                        "optional; --capacity-gb also sets --gpu custom (scenariooptions.cpp)"));
    v.push_back(real("safetyMarginBytes", "margin_bytes", "margin-gb", 0, 1e15, false, 1e9, "GB",
                     "Safety margin kept free on each GPU, in GB.", nullptr, SS_NUMBER(safetyMarginBytes)));
    v.push_back(onOff("modelStatesOnly", "model_states_only", "model-states-only",
                      "Count params, grads, master and optimizer states only.", nullptr, SS_BOOL(modelStatesOnly),
                      KnobKind::Flag));
    v.push_back(special("termEnabled", "terms_off", "no-term", "TERM",
                        "Switch a term off (repeatable): params, grads, master, optimizer, activations, logits, "
                        "zero3_gathered_params, zero3_unsharded_grads, comm_buckets, fp8_transients, cuda_context, "
                        "fragmentation.",
                        "a list of term keys (termFromKey())"));
    // --- overheads
    v.push_back(bytes("cudaContextBytes", "cuda_context_bytes", "cuda-context-gb", 0, 1e12, "GB",
                      "CUDA context and workspaces per GPU (default 1 GiB = 1.074 GB).", SS_COUNT(cudaContextBytes)));
    v.push_back(real("fragmentation", "fragmentation", "fragmentation", 0, 0.99, false, 1, "FRACTION",
                     "Allocator fragmentation as a fraction of allocated bytes (default 0.05).", nullptr,
                     SS_NUMBER(fragmentation)));
    v.push_back(count("reduceBucketElements", "reduce_bucket_elements", "reduce-bucket", 0, 1e11, "ELEMENTS",
                      "ZeRO reduce bucket in elements (DeepSpeed default 5e8).", nullptr, SS_COUNT(reduceBucketElements)));
    v.push_back(count("allgatherBucketElements", "allgather_bucket_elements", "allgather-bucket", 0, 1e11, "ELEMENTS",
                      "ZeRO-1/2 all-gather bucket in elements (DeepSpeed default 5e8).", nullptr,
                      SS_COUNT(allgatherBucketElements)));
    v.push_back(onOff("ddpGradientAsBucketView", "ddp_gradient_as_bucket_view", "ddp-bucket-view",
                      "DDP gradient_as_bucket_view (default off: buckets copy the grads).", nullptr,
                      SS_BOOL(ddpGradientAsBucketView)));
    v.push_back(count("zero3PrefetchUnits", "prefetch_units", "prefetch-units", 0, 1000, "N",
                      "ZeRO-3 units prefetched beside the one in use (default 1).", nullptr, SS_COUNT(zero3PrefetchUnits)));
    v.push_back(bytes("hostRamBytesPerNode", "host_ram_bytes_per_node", "host-ram-gb", 1, kBig, "GB",
                      "Host RAM per node in GB (default 2000).", SS_COUNT(hostRamBytesPerNode)));
    v.push_back(bytes("nvmeBytesPerNode", "nvme_bytes_per_node", "nvme-gb", 1, kBig, "GB",
                      "NVMe per node in GB (default 30000).", SS_COUNT(nvmeBytesPerNode)));
    // --- hardware (step model)
    v.push_back(real("kernelEfficiency", "kernel_efficiency", "kernel-efficiency", 0, 1, false, 1, "FRACTION",
                     "Fraction of peak FLOP/s large GEMMs reach (default 0: the GPU's, A100 0.74, H100 0.6; not an MFU).",
                     nullptr, SS_NUMBER(kernelEfficiency)));
    v.push_back(real("alphaSeconds", "alpha_seconds", "alpha-us", 0, 1, false, 1e-6, "US",
                     "Collective latency per ring hop in microseconds (default 5).", nullptr, SS_NUMBER(alphaSeconds)));
    v.push_back(real("intraNodeBytesPerSecond", "intra_node_bytes_per_second", "intra-node-gbps", 1e6, 1e15, true, 1e9,
                     "GB/s", "GPU-GPU bandwidth per GPU per direction in GB/s (default: the GPU preset's NVLink).",
                     nullptr, SS_NUMBER(intraNodeBytesPerSecond)));
    v.push_back(real("interNodeBytesPerSecond", "inter_node_bytes_per_second", "inter-node-gbps", 1e6, 1e15, true, 1e9,
                     "GB/s", "NIC bandwidth per GPU per direction in GB/s (default: the GPU preset's).", nullptr,
                     SS_NUMBER(interNodeBytesPerSecond)));
    v.push_back(real("pcieBytesPerSecond", "pcie_bytes_per_second", "pcie-gbps", 1e6, 1e15, true, 1e9, "GB/s",
                     "Host link per direction in GB/s (default: the GPU preset's).", nullptr, SS_NUMBER(pcieBytesPerSecond)));
    // --- framework conventions and memory savers (issue 8; docs/model.md)
    v.push_back(choice("framework", "framework", "framework", "ddp|deepspeed|fsdp2|megatron|single",
                       "ddp, deepspeed, fsdp2, megatron or single",
                       "Whose buffers and layouts (default deepspeed); the stage keeps its meaning and the recipe its "
                       "bytes per parameter.",
                       "framework", SS_CHOICE(framework, frameworkKey, frameworkFromKey)));
    v.push_back(onOff("fsdpReshardAfterForward", "fsdp_reshard_after_forward", "fsdp-reshard-after-forward",
                      "FSDP2: free gathered parameters after forward (default on).", "fsdpReshardAfterForward",
                      SS_BOOL(fsdpReshardAfterForward)));
    v.push_back(onOff("optimizerInBackward", "optimizer_in_backward", "optimizer-in-backward",
                      "Step each parameter as its gradient arrives (torchtune optimizer_in_bwd).", "optimizerInBackward",
                      SS_BOOL(optimizerInBackward)));
    v.push_back(onOff("activationOffload", "activation_offload", "activation-offload",
                      "Move saved activations to host memory.", "activationOffload", SS_BOOL(activationOffload)));
    v.push_back(count("lossChunks", "loss_chunks", "loss-chunks", 1, 65536, "N",
                      "Chunked cross-entropy over N chunks (default 1).", "lossChunks", SS_COUNT(lossChunks)));
    v.push_back(onOff("pagedOptimizer", "paged_optimizer", "paged-optimizer",
                      "Paged optimizer states (bitsandbytes): CUDA managed memory outside the allocator.",
                      "pagedOptimizer", SS_BOOL(pagedOptimizer)));
    v.push_back(onOff("lossFp32", "loss_fp32", "loss-fp32", "Cross-entropy on logits upcast to fp32 (default on).",
                      "lossFp32", SS_BOOL(lossFp32)));
    v.push_back(onOff("compiled", "compiled", "compile",
                      "torch.compile / fused kernels (default on); off: eager PyTorch keeps more MLP tensors and runs "
                      "element-wise ops unfused.",
                      "compiled", SS_BOOL(compiled)));
    v.push_back(choice("activationPrecision", "activation_precision", "activation-precision", "auto|16bit|fp32|autocast",
                       "auto, 16bit, fp32 or autocast", "Precision of saved activations (default auto: the recipe's).",
                       "activationPrecision",
                       SS_CHOICE(activationPrecision, activationPrecisionKey, activationPrecisionFromKey)));
    v.push_back(real("attentionEfficiency", "attention_efficiency", "attention-efficiency", 0, 1, false, 1,
                     "FRACTION",
                     "Fraction of the 16-bit peak the attention kernel reaches (default 0: FlashAttention-2's, A100 "
                     "0.6, H100 0.35).",
                     nullptr, SS_NUMBER(attentionEfficiency)));
    v.push_back(choice("attentionKernel", "attention_kernel", "attention-kernel", "default|cudnn", "default or cudnn",
                       "Attention kernel whose fraction of peak applies when --attention-efficiency is 0: default "
                       "(FlashAttention-2) or cudnn (Transformer Engine's cuDNN fused attention: NVIDIA's measured rate "
                       "on Blackwell, 0.6 on Hopper).",
                       nullptr, SS_CHOICE(attentionKernel, attentionKernelKey, attentionKernelFromKey)));
    v.push_back(choice("fp8Scaling", "fp8_scaling", "fp8-scaling", "cast|te-delayed|te-current|mxfp8|nvfp4",
                       "cast, te-delayed, te-current, mxfp8 or nvfp4",
                       "How fp8 recipes quantise each GEMM input (default cast: one fp8 copy, 3 bytes per element; "
                       "te-delayed 4, te-current 6, mxfp8 4.06, nvfp4 5.13).",
                       nullptr, SS_CHOICE(fp8Scaling, fp8ScalingKey, fp8ScalingFromKey)));
    v.push_back(onOff("overlapParamGather", "overlap_param_gather", "overlap-param-gather",
                      "Megatron-Core overlap_param_gather: ZeRO-1/2 param all-gather under the next forward (default "
                      "off).",
                      nullptr, SS_BOOL(overlapParamGather)));
    v.push_back(onOff("tpCommOverlap", "tp_comm_overlap", "tp-comm-overlap",
                      "Async TP / tp_comm_overlap: TP collectives overlap their GEMMs (default off).", nullptr,
                      SS_BOOL(tpCommOverlap)));
    v.push_back(onOff("zero3PerTensorCollectives", "zero3_per_tensor_collectives", "zero3-per-tensor",
                      "DeepSpeed ZeRO-3 (2021): one collective per parameter tensor on one NIC per GPU (default off).",
                      nullptr, SS_BOOL(zero3PerTensorCollectives)));
    v.push_back(onOff("ddpReduceAfterFlush", "ddp_reduce_after_flush", "ddp-reduce-after-flush",
                      "Megatron-LM (2021) local DDP: gradients all-reduced over DP after the pipeline flush, not "
                      "overlapped with the backward (ZeRO stage 0; default off).",
                      nullptr, SS_BOOL(ddpReduceAfterFlush)));
    v.push_back(onOff("cpTorchAllGather", "cp_torch_allgather", "cp-allgather",
                      "Context parallelism as PyTorch's context_parallel runs it (torchtitan): K/V all-gathered per "
                      "layer pass, fp32 merges and dK/dV (default off: Megatron-Core's P2P ring).",
                      nullptr, SS_BOOL(cpTorchAllGather)));
    v.push_back(onOff("attentionRepeatsKv", "attention_repeats_kv", "repeat-kv",
                      "K/V repeated to every query head before attention (torchtitan's repeat_kv): the CP ring moves "
                      "all heads (default off).",
                      nullptr, SS_BOOL(attentionRepeatsKv)));
    v.push_back(count("checkpointInterval", "checkpoint_interval", "checkpoint-interval", 1, 1000000, "N",
                      "With full checkpointing, checkpoint every N-th transformer block only (fms-fsdp; default 1: "
                      "every block).",
                      nullptr, SS_COUNT(checkpointInterval)));
    v.push_back(real("gemmKOverhead", "gemm_k_overhead", "gemm-k-overhead", 0, 4096, false, 1, "K",
                     "GEMM efficiency curve: each output tile pays this many K elements of prologue/epilogue (default "
                     "64).",
                     nullptr, SS_NUMBER(gemmKOverhead)));
    v.push_back(onOff("lossCompiled", "loss_compiled", "compile-loss",
                      "torch.compile on the loss: no fp32 loss buffers (default off).", "lossCompiled",
                      SS_BOOL(lossCompiled)));
    v.push_back(onOff("zeroGradSetToNone", "zero_grad_set_to_none", "zero-grad-set-to-none",
                      "Grads freed after each step (default on, PyTorch >= 2.0).", "zeroGradSetToNone",
                      SS_BOOL(zeroGradSetToNone)));
    v.push_back(choice("stack", "stack", "stack", "NAME[@VERSION]",
                       "none, torchtitan, torchtune, megatron-core, nemo, megatron-deepspeed, deepspeed, hf-trainer, "
                       "llm-foundry or thunder",
                       "Training stack whose documented defaults fill the knobs left unset and whose MFU / TFLOP/s "
                       "convention is reported beside ours; NAME@VERSION where a default changed (nemo@24.07).",
                       "stack", nullptr, nullptr, [](const Scenario& s) { return s.stack.empty() ? std::string("none") : s.stack; },
                       [](Scenario& s, const std::string& k) {
                           if (k == "none" || k.empty()) {
                               s.stack.clear();
                               return true;
                           }
                           const auto p = stackProfile(k);
                           if (p)
                               s.stack = stackLabel(*p);
                           return p.has_value();
                       }));
    v.push_back(choice("capacityMeasure", "capacity_measure", "capacity-measure", "allocated|reserved|device-used",
                       "allocated, reserved or device-used",
                       "Which figure meets the capacity line (default device-used: nvidia-smi).", "capacityMeasure",
                       SS_CHOICE(capacityMeasure, capacityMeasureKey, capacityMeasureFromKey)));
    v.push_back(real("peakFlops16Override", "peak_flops16_override", "peak-tflops", 1e9, 1e17, true, 1e12, "TFLOP/s",
                     "Dense 16-bit peak of the GPU in TFLOP/s (default: the preset's; FP8 keeps its ratio).", nullptr,
                     SS_NUMBER(peakFlops16Override)));
    v.push_back(real("hbmBytesPerSecondOverride", "hbm_bytes_per_second_override", "hbm-gbps", 1e9, 1e15, true, 1e9,
                     "GB/s", "HBM bandwidth of the GPU in GB/s (default: the preset's).", nullptr,
                     SS_NUMBER(hbmBytesPerSecondOverride)));
    // --- Mixture of Experts: expert parallelism (issue 25; docs/model.md, "Expert parallelism")
    v.push_back(count("ep", "ep", "ep", 1, 1048576, "N",
                      "Expert-parallel size: the routed experts split over N GPUs of a pipeline stage (MoE only).",
                      "ep", SS_COUNT(ep)));
    v.push_back(count("etp", "expert_tp", "expert-tp", 0, 1048576, "N",
                      "Expert tensor-parallel size: each expert's matrices split over N GPUs (MoE only; default 0: the "
                      "TP size, as Megatron-Core).",
                      "expertTp", SS_COUNT(etp)));
    v.push_back(real("moeCapacityFactor", "moe_capacity_factor", "moe-capacity-factor", 1, 64, false, 1, "FACTOR",
                     "Tokens an EP rank's experts take over the balanced top-k share: load imbalance or capacity "
                     "factor (default 1; the busiest rank's spread under random routing is always priced, and a "
                     "larger factor wins).",
                     nullptr, SS_NUMBER(moeCapacityFactor)));
    v.push_back(count("moeRouteNodes", "moe_route_nodes", "moe-route-nodes", 0, 1048576, "N",
                      "Node-limited routing: each token's experts on at most N nodes (DeepSeek-V3: 4; default 0 = "
                      "unlimited).",
                      nullptr, SS_COUNT(moeRouteNodes)));
    v.push_back(onOff("moeA2aOverlap", "moe_a2a_overlap", "moe-a2a-overlap",
                      "The MoE all-to-alls overlap the computation (default off).", "moeA2aOverlap", SS_BOOL(moeA2aOverlap)));
    v.push_back(onOff("moeNodeDedup", "moe_node_dedup", "moe-node-dedup",
                      "DeepEP-style dispatch: a token crosses the NIC once per destination node, then NVLink (default "
                      "off).",
                      nullptr, SS_BOOL(moeNodeDedup)));
    v.push_back(choice("recomputeModules", "recompute_modules", "recompute-modules", "layernorm,moe_act,mla_up_proj|none",
                       "layernorm, moe_act, mla_up_proj or none",
                       "Megatron-Core's recompute modules rerun before each layer's backward: the two norms, the MoE "
                       "activation, MLA's up projections (default none).",
                       nullptr, SS_CHOICE(recomputeModules, recomputeModulesKey, recomputeModulesFromKey)));
    // --- fine-tuning (issue 28; finetune.h, docs/model.md "Fine-tuning")
    v.push_back(choice("finetune", "finetune", "finetune", "full|lora|qlora|dora", "full, lora, qlora or dora",
                       "Fine-tuning method (default full: every parameter trains); lora, qlora and dora train adapters "
                       "on a frozen base.",
                       "finetuneMethod", SS_CHOICE(finetune, finetuneKey, finetuneFromKey)));
    v.push_back(count("loraRank", "lora_rank", "lora-rank", 1, 65536, "N", "LoRA rank r (default 8).", "loraRank",
                      SS_COUNT(loraRank)));
    v.push_back(real("loraAlpha", "lora_alpha", "lora-alpha", 0, 1e6, false, 1, "N",
                     "LoRA alpha (default 16; scales the adapters' output, no bytes or FLOPs).", "loraAlpha",
                     SS_NUMBER(loraAlpha)));
    v.push_back(choice("loraTargets", "lora_targets", "lora-targets", "q,k,v,o,gate,up,down,head|all-linear",
                       "q, k, v, o, gate, up, down, head or all-linear",
                       "Linear layers that get adapters (default q,v); all-linear: every linear of the blocks (and the "
                       "MoE router), not the head.",
                       "loraTargets", SS_CHOICE(loraTargets, loraTargetsKey, loraTargetsFromKey)));
    v.push_back(choice("basePrecision", "base_precision", "base-precision", "bf16|int8|nf4|fp4|fp8",
                       "auto, bf16, int8, nf4, fp4 or fp8",
                       "Frozen base's linear weights (default auto: bf16 for lora and dora, nf4 for qlora); embeddings, "
                       "head and norms stay 16-bit.",
                       "basePrecision", SS_CHOICE(basePrecision, basePrecisionKey, basePrecisionFromKey)));
    v.push_back(count("quantBlock", "quant_block", "quant-block", 32, 4096, "N",
                      "NF4/FP4 block size of the absmax constants (default 64, QLoRA's).", "quantBlock", SS_COUNT(quantBlock)));
    v.push_back(onOff("doubleQuant", "double_quant", "double-quant",
                      "NF4/FP4 double quantisation of the absmax constants (default on).", "doubleQuant",
                      SS_BOOL(doubleQuant)));
    v.push_back(real("loraDropout", "lora_dropout", "lora-dropout", 0, 0.99, false, 1, "P",
                     "LoRA dropout probability (default 0, PEFT's): above 0 each adapted linear keeps its dropped-out "
                     "input and mask for backward.",
                     nullptr, SS_NUMBER(loraDropout)));
    v.push_back(onOff("quantSavesInput", "quant_saves_input", "quant-saves-input",
                      "The quantised base's matmul saves its input for backward (bitsandbytes up to 0.43.1; default off: "
                      "torchao and later bitsandbytes keep only the weight).",
                      nullptr, SS_BOOL(quantSavesInput)));
    v.push_back(onOff("quantInputsOutliveStep", "quant_inputs_outlive_step", "quant-inputs-outlive-step",
                      "The quantised matmul's saved inputs outlive backward (bitsandbytes up to 0.43.1 keeps them on "
                      "ctx, not through save_for_backward) and the loop keeps the last step's graph until the next "
                      "forward returns (litgpt's finetune scripts): one more step's inputs of every quantised linear at "
                      "the end of forward (default off; needs quant-saves-input, a quantised base, no checkpointing).",
                      nullptr, SS_BOOL(quantInputsOutliveStep)));
    v.push_back(onOff("fusedQkvView", "fused_qkv_view", "fused-qkv-view",
                      "Attention's saved V is a view of the fused QKV output, keeping all of it until backward "
                      "(litgpt's CausalSelfAttention when KV heads = heads; default off: V has its own storage).",
                      nullptr, SS_BOOL(fusedQkvView)));
    v.push_back(onOff("fp32Logits", "fp32_logits", "fp32-logits",
                      "The model returns its logits upcast to fp32 (transformers' LlamaForCausalLM: logits = "
                      "logits.float()): the logits held through the loss are 4 B each (default off: 16-bit).",
                      nullptr, SS_BOOL(fp32Logits)));
    v.push_back(onOff("normFp32Input", "norm_fp32_input", "norm-fp32-input",
                      "RMSNorm upcasts its input to fp32 and saves that copy for backward (litgpt's RMSNorm: x = "
                      "x.float()): 4 B per element per norm (default off: the input's own dtype).",
                      nullptr, SS_BOOL(normFp32Input)));
    v.push_back(onOff("fsdpNoSyncFullGrads", "fsdp_no_sync_full_grads", "fsdp-no-sync-full-grads",
                      "FSDP1 no_sync under gradient accumulation (Lightning Fabric: use_orig_params=True): every FSDP "
                      "unit holding a trainable parameter keeps its whole unsharded gradient, frozen parameters "
                      "included, until the step (default off).",
                      nullptr, SS_BOOL(fsdpNoSyncFullGrads)));
    // --- files and imports only (no option of their own)
    v.push_back(onOff("logitsOverVocab", "logits_over_vocab", nullptr, nullptr, nullptr, SS_BOOL(logitsOverVocab)));
    v.push_back(count("zero3MaxLiveParams", "zero3_max_live_params", nullptr, 0, 1e14, nullptr, nullptr, nullptr,
                      SS_COUNT(zero3MaxLiveParams)));
    v.push_back(count("zero3PrefetchBucketElements", "zero3_prefetch_bucket_elements", nullptr, 0, 1e14, nullptr,
                      nullptr, nullptr, SS_COUNT(zero3PrefetchBucketElements)));
    v.push_back(count("zero3PersistenceThreshold", "zero3_persistence_threshold", nullptr, 0, 1e14, nullptr, nullptr,
                      nullptr, SS_COUNT(zero3PersistenceThreshold)));
    v.push_back(count("ddpBucketCapBytes", "ddp_bucket_cap_bytes", nullptr, 0, kBig, nullptr, nullptr, nullptr,
                      SS_COUNT(ddpBucketCapBytes)));
    v.push_back(special("padFlatBuffers", nullptr, nullptr, nullptr, nullptr,
                        "the mini trainer's flat buffers (train-demo sets it); not a scenario setting"));
    return v;
}

#undef SS_NUMBER
#undef SS_COUNT
#undef SS_BOOL
#undef SS_CHOICE

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

} // namespace

namespace {
double toOptionUnits(double v, double scale)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12g", v / scale);
    return std::strtod(buf, nullptr);
}
} // namespace

double Knob::optionMin() const { return toOptionUnits(min, optionScale); }

double Knob::optionMax() const { return toOptionUnits(max, optionScale); }

bool Knob::inRange(double v) const
{
    if (!std::isfinite(v))
        return false;
    if (zeroIsPreset && v == 0)
        return true;
    return v >= min && v <= max;
}

const std::vector<Knob>& knobs()
{
    static const std::vector<Knob> table = makeKnobs();
    return table;
}

const Knob* findKnobByKey(const std::string& key)
{
    for (const Knob& k : knobs())
        if (k.key && key == k.key)
            return &k;
    return nullptr;
}

const Knob* findKnobByOption(const std::string& option)
{
    for (const Knob& k : knobs())
        if (k.option && option == k.option)
            return &k;
    return nullptr;
}

const Knob* findKnobByField(const std::string& field)
{
    for (const Knob& k : knobs())
        if (field == k.field)
            return &k;
    return nullptr;
}

std::string knobRangeText(const Knob& k, bool inOptionUnits)
{
    return (k.zeroIsPreset ? "0 or " : "") + number(inOptionUnits ? k.optionMin() : k.min) + " to "
        + number(inOptionUnits ? k.optionMax() : k.max);
}

} // namespace shardscope

namespace shardscope {

bool setKnobFromText(const Knob& k, const std::string& text, Scenario& s, std::string& error)
{
    std::string t = text;
    for (char& c : t)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (std::string(k.field) == "recipe") {
        try {
            s.recipe = resolveRecipe(text);
            return true;
        } catch (const std::exception& e) {
            error = e.what();
            return false;
        }
    }
    if (k.setKey) {
        if (k.setKey(s, t) || k.setKey(s, text))
            return true;
        error = "'" + text + "' is not one of " + std::string(k.choices ? k.choices : "its known values");
        return false;
    }
    if (!k.set) {
        error = "not settable from a column";
        return false;
    }
    if (k.kind == KnobKind::Switch || k.kind == KnobKind::Flag) {
        if (t == "on" || t == "yes" || t == "true" || t == "1") {
            k.set(s, 1.0);
            return true;
        }
        if (t == "off" || t == "no" || t == "false" || t == "0") {
            k.set(s, 0.0);
            return true;
        }
        error = "'" + text + "' is not on/off";
        return false;
    }
    char* end = nullptr;
    const double v = strtodC(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v) || !k.inRange(v)) {
        error = "'" + text + "' is not a number in " + knobRangeText(k, false);
        return false;
    }
    if (k.kind == KnobKind::Count && v != std::floor(v)) {
        error = "'" + text + "' is not a whole number";
        return false;
    }
    k.set(s, v);
    return true;
}

} // namespace shardscope
