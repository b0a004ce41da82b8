// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/architecture.h"
#include "shardscope/finetune.h"
#include "shardscope/frameworkdefaults.h"
#include "shardscope/gpus.h"
#include "shardscope/recipe.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace shardscope {

/// None; Selective: Megatron's (the attention core recomputed, everything else kept); Full: each layer's input
/// only; PerOp: torchtitan's per-op selective checkpointing (SAC: every other matmul output saved, the rest
/// recomputed).
enum class Checkpointing : int { None, Selective, Full, PerOp };
enum class OffloadDevice { None, Cpu, Nvme };
enum class PipelineSchedule { OneFOneB, GPipe, Interleaved };
/// Which training stack's conventions are in force (docs/model.md, "Framework conventions"). The ZeRO
/// stage keeps its meaning; the framework adds buffers and layouts, never changes bytes per parameter.
enum class Framework { DeepSpeed, Fsdp2, Megatron, Ddp, Single };
/// Precision of the saved activations: Auto follows the recipe (4-byte weights: fp32, else 16-bit);
/// Autocast: torch.autocast keeps norms, softmax and the residual stream in fp32 and caches 16-bit weights.
enum class ActivationPrecision { Auto, Bits16, Fp32, Autocast };
/// Which figure meets the capacity line: torch's peak allocated, its peak reserved, or the device's used memory.
enum class CapacityMeasure { Allocated, Reserved, DeviceUsed };
/// How an fp8 / fp4 recipe quantises each GEMM input (docs/model.md, "Low-precision casts"): Cast, one fp8 copy
/// written per input (a fused cast, torchao under torch.compile); TeDelayed, Transformer Engine's delayed scaling
/// (one cast-transpose kernel writes the row-wise and the transposed copy); TeCurrent, TE's current scaling (an amax
/// pass, then the cast-transpose); Mxfp8, 32-element block scales, row-wise and column-wise copies with their E8M0
/// scales; Nvfp4, an amax pass (with the random Hadamard transform) and row-wise and column-wise fp4 copies with an
/// E4M3 scale per 16 elements.
enum class Fp8Scaling { Cast, TeDelayed, TeCurrent, Mxfp8, Nvfp4 };
/// The attention kernel behind `attentionEfficiency` = 0: Default, FlashAttention-2's fraction of peak; Cudnn,
/// Transformer Engine's cuDNN fused attention (Megatron-Core / NeMo), at NVIDIA's measured rate where one exists.
enum class AttentionKernel { Default, Cudnn };

/// The named per-GPU memory terms. Keys (termKey) are the JSON/CSV names: `<key>_bytes`.
enum class Term {
    Params,
    Grads,
    Master,
    Optimizer,
    Activations,
    Logits,
    Zero3GatheredParams,
    Zero3UnshardedGrads,
    CommBuckets,
    Fp8Transients,
    CudaContext,
    Fragmentation,
};
inline constexpr int kTermCount = 12;
const char* termKey(Term t);
/// One sentence for tooltips and docs.
const char* termDescription(Term t);
std::optional<Term> termFromKey(const std::string& key);
inline bool isModelState(Term t)
{
    return t == Term::Params || t == Term::Grads || t == Term::Master || t == Term::Optimizer;
}

const char* checkpointingKey(Checkpointing c);
std::optional<Checkpointing> checkpointingFromKey(const std::string& key);
const char* offloadKey(OffloadDevice d);
std::optional<OffloadDevice> offloadFromKey(const std::string& key);
const char* scheduleKey(PipelineSchedule s);
std::optional<PipelineSchedule> scheduleFromKey(const std::string& key);
const char* frameworkKey(Framework f);
std::optional<Framework> frameworkFromKey(const std::string& key);
const char* activationPrecisionKey(ActivationPrecision a);
std::optional<ActivationPrecision> activationPrecisionFromKey(const std::string& key);
const char* capacityMeasureKey(CapacityMeasure m);
std::optional<CapacityMeasure> capacityMeasureFromKey(const std::string& key);
const char* fp8ScalingKey(Fp8Scaling f);
std::optional<Fp8Scaling> fp8ScalingFromKey(const std::string& key);
const char* attentionKernelKey(AttentionKernel k);
std::optional<AttentionKernel> attentionKernelFromKey(const std::string& key);

/**
 * Everything the model needs to answer "how much memory per GPU, and does it fit".
 * A plain value: the GUI, the command line and the tests build one and call computeFootprint().
 * Defaults are the default scenario (seed 000's example): Llama-2-70B on 32 x A100 80GB, ZeRO-3,
 * `mixed`, micro-batch 1, sequence 4096, full checkpointing, FlashAttention on.
 */
struct Scenario
{
    // --- model
    Architecture arch; ///< the architecture (or the GPT shape of a bare count)
    std::optional<std::int64_t> bareParams; ///< set when the model is given as a bare count

    // --- cluster
    std::int64_t gpus = 32;
    std::int64_t gpusPerNode = 8;
    std::string gpu = "a100-80gb";
    std::optional<std::int64_t> capacityBytes; ///< custom capacity (overrides the preset's)
    double safetyMarginBytes = 0;

    // --- parallelism
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    /// Context-parallel size: the sequence of each micro-batch split over cp GPUs (ring attention).
    /// Model states are sharded over the dp x cp GPUs of a replica group (FSDP/Megatron convention).
    std::int64_t cp = 1;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    std::int64_t vpp = 1; ///< model chunks per GPU for the interleaved schedule
    /// Megatron-Core's account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split: the embedding
    /// (the loss) takes one layer's slot in the pipeline split, so the first (last) stage, and its first (last) model
    /// chunk, builds one transformer layer fewer (transformer_block.py get_num_layers_to_build; docs/model.md,
    /// "Pipeline split").
    bool embeddingInPipelineSplit = false;
    bool lossInPipelineSplit = false;
    int zeroStage = 3;
    bool sequenceParallel = false;

    // --- precision & optimizer
    Recipe recipe; ///< resolved recipe (default: mixed)
    Optimizer optimizer = Optimizer::RecipeDefault;

    // --- memory savers
    Checkpointing checkpointing = Checkpointing::Full;
    bool flashAttention = true;
    OffloadDevice offloadOptimizer = OffloadDevice::None;
    OffloadDevice offloadParams = OffloadDevice::None;

    // --- batch
    std::int64_t microBatch = 1;
    std::int64_t seq = 4096;
    std::int64_t gradAccum = 1; ///< micro-batches per optimizer step (pipeline micro-batches)

    // --- overheads (docs/model.md names and sources each default; the frameworks' in frameworkdefaults.h)
    std::int64_t cudaContextBytes = 1073741824; ///< CUDA context + cuBLAS/NCCL workspaces: 1 GiB
    double fragmentation = 0.05; ///< allocator fragmentation, fraction of allocated bytes
    std::int64_t reduceBucketElements = kDsReduceBucketElements; ///< DeepSpeed reduce_bucket_size
    std::int64_t allgatherBucketElements = kDsAllgatherBucketElements; ///< DeepSpeed allgather_bucket_size
    bool ddpGradientAsBucketView = false; ///< PyTorch DDP default: buckets copy the grads
    std::int64_t zero3PrefetchUnits = 1; ///< FSDP: next block gathered while current runs
    std::int64_t hostRamBytesPerNode = 2000000000000; ///< DGX A100 640GB: 2 TB
    std::int64_t nvmeBytesPerNode = 30000000000000; ///< DGX A100 640GB: 30 TB U.2 NVMe
    bool modelStatesOnly = false; ///< params, grads, master, optimizer; nothing else

    // --- hardware (step model; computeStep() in step.h, MODEL.md sections 5-7)
    /// Fraction of peak dense FLOP/s a large, well-shaped GEMM achieves (smaller and TP-split GEMMs reach
    /// less: kernels.h). Not an MFU (that is an output). 0 (default) = the GPU's figure: A100 0.74, H100/H200
    /// 0.6, others 0.675 (docs/model.md "Kernel time"); not fitted to any single training run.
    double kernelEfficiency = 0;
    /// Latency per ring hop of a collective (alpha in alpha-beta). Default 5 us: NCCL's per-hop base
    /// latency is of the order of a few microseconds (NCCL tuning model; nccl-tests small messages).
    double alphaSeconds = 5e-6;
    double intraNodeBytesPerSecond = 0; ///< GPU-GPU per GPU per direction; 0 = the GPU preset's (NVLink)
    double interNodeBytesPerSecond = 0; ///< NIC share per GPU per direction; 0 = the GPU preset's
    double pcieBytesPerSecond = 0; ///< host link per direction; 0 = the GPU preset's (Gen4 x16: 25 GB/s)
    std::array<bool, kTermCount> termEnabled {true, true, true, true, true, true,
                                              true, true, true, true, true, true};
    /// The trainer's flat buffers (DeepSpeed ZeRO-1/2): with ZeRO >= 1 and d > 1 the flattened model states
    /// are padded to a multiple of d, so the unsharded params/grads hold ceil(P/d) x d elements.
    bool padFlatBuffers = false;

    // --- step model: kernels and overlap (issue 9; docs/model.md "Kernel time" and "Overlap")
    /// Fraction of the 16-bit peak the fused attention kernel reaches; 0 = the GPU's default
    /// (FlashAttention-2: A100 0.6, Hopper and later 0.45; docs/model.md).
    double attentionEfficiency = 0;
    /// Which kernel that default is for (AttentionKernel): Cudnn takes teFusedAttentionEfficiency() (kernels.h).
    AttentionKernel attentionKernel = AttentionKernel::Default;
    /// How fp8 / fp4 recipes quantise each GEMM input (Fp8Scaling; the cast bytes of docs/model.md).
    Fp8Scaling fp8Scaling = Fp8Scaling::Cast;
    /// Megatron-Core overlap_param_gather: ZeRO-1/2's all-gather of updated params overlaps the next forward.
    bool overlapParamGather = false;
    /// Async TP / TP comm overlap (Megatron-Core tp_comm_overlap, torchtitan AsyncTP): TP collectives are
    /// split and overlapped with the GEMMs next to them; only what the GEMMs cannot cover is exposed.
    bool tpCommOverlap = false;
    /// DeepSpeed ZeRO-3 as of 2021: one all-gather / reduce-scatter per parameter tensor over a flat ring of
    /// all DP ranks on one NIC share per GPU, instead of one flat buffer per unit over all NICs (FSDP, Megatron).
    bool zero3PerTensorCollectives = false;
    /// Megatron-LM's local DDP as of 2021 (megatron/training.py train_step, megatron/model/distributed.py
    /// allreduce_gradients): the backward hooks only accumulate into main_grad; the whole gradient buffer is
    /// all-reduced over DP after forward_backward_func returns (after the pipeline flush), not overlapped with the
    /// backward. Applies at ZeRO stage 0 only.
    bool ddpReduceAfterFlush = false;
    /// Context parallelism as PyTorch's experimental context_parallel runs it (torch/distributed/tensor/experimental/
    /// _attention.py, torchtitan 2024-25): K and V all-gathered once per layer pass (rotate_method allgather),
    /// outputs merged per ring step with their log-sum-exp in fp32, dK/dV accumulated in fp32 and passed round
    /// the ring in fp32 (docs/model.md, "Context parallelism"). false: Megatron-Core's P2P ring (send/recv of
    /// the K/V chunk per step, overlapped with the step's attention).
    bool cpTorchAllGather = false;
    /// The attention kernel gets K and V repeated to every query head (torchtitan's Llama: repeat_kv before
    /// SDPA), so context parallelism moves heads/t K/V heads per rank instead of kv_heads/t.
    bool attentionRepeatsKv = false;
    /// With full checkpointing, checkpoint every n-th transformer block only (fms-fsdp's selective activation
    /// checkpointing, p = 1/n); 1 = every block. The step model recomputes those blocks only; the memory model keeps
    /// the others' full activations.
    std::int64_t checkpointInterval = 1;
    /// The GEMM efficiency curve's knee (docs/model.md, "Kernel time"): each output tile pays a prologue and
    /// epilogue worth this many K-steps of its main loop, so a GEMM with inner dimension K reaches
    /// K / (K + gemmKOverhead) of the large-GEMM efficiency. Default 64 (CUTLASS/cuBLAS tiles of K-step 32-64
    /// with a 2-4 stage pipeline to fill and drain).
    double gemmKOverhead = 64;

    Scenario();
    /// The exact parameter count: bareParams if given, else countParams(arch).total.
    std::int64_t totalParams() const;
    /// GPUs of one model replica's data-parallel group: gpus / (tp x pp x cp).
    std::int64_t dp() const { return gpus / (tp * pp * cp); }
    /// GPUs that hold one copy of the model: tp x pp x cp.
    std::int64_t modelParallel() const { return tp * pp * cp; }
    /// The step between valid GPU counts: TP x PP x CP, and for a MoE model also a multiple of PP x EP x expert TP
    /// (the experts fold on the same GPUs of a stage). The sweeps, min GPUs and fixes step N by it.
    std::int64_t gpuStep() const;
    bool enabled(Term t) const;

    // --- framework conventions and memory savers (issue 8; docs/model.md names the source of each)
    Framework framework = Framework::DeepSpeed;
    bool fsdpReshardAfterForward = true; ///< FSDP2: free gathered params after forward (torchtitan off under PP)
    bool optimizerInBackward = false; ///< step each parameter as its grad arrives (torchtune optimizer_in_bwd)
    bool activationOffload = false; ///< saved activations moved to host memory (torchtune, torchao)
    std::int64_t lossChunks = 1; ///< chunked cross-entropy: the loss's fp32 working set over N chunks
    bool pagedOptimizer = false; ///< bitsandbytes paged states in CUDA managed memory (outside the allocator)
    bool lossFp32 = true; ///< the loss on logits upcast to fp32
    /// torch.compile / fused kernels (Transformer Engine, Megatron's fused kernels). Off: eager PyTorch keeps more
    /// MLP intermediates (memory) and runs every norm, bias, dropout, residual and activation as its own pass
    /// over HBM (step time).
    bool compiled = true;
    ActivationPrecision activationPrecision = ActivationPrecision::Auto;
    bool logitsOverVocab = true; ///< off: a classifier or reward head, no vocabulary logits
    std::int64_t zero3MaxLiveParams = kDsStage3MaxLiveParameters; ///< DeepSpeed stage3_max_live_parameters
    std::int64_t zero3PrefetchBucketElements = kDsStage3PrefetchBucketElements; ///< stage3_prefetch_bucket_size
    std::int64_t zero3PersistenceThreshold = kDsStage3ParamPersistenceThreshold; ///< stage3_param_persistence_threshold
    std::int64_t ddpBucketCapBytes = kDdpBucketCapBytes; ///< PyTorch DDP bucket_cap_mb (25 MiB)
    bool lossCompiled = false; ///< torch.compile fuses upcast, log-softmax and its backward: no fp32 buffers
    bool zeroGradSetToNone = true; ///< grads freed after the step (PyTorch >= 2.0 default); off: kept zeroed
    CapacityMeasure capacityMeasure = CapacityMeasure::DeviceUsed; ///< what "fits" compares with the capacity
    /// The training stack whose documented defaults were applied (issue 24; stacks.h): its key, with @VERSION where one
    /// was asked for; "" for none. A label: the defaults it set are the knobs' own values, and the outputs list them as
    /// assumed and report MFU / TFLOP/s in its convention too.
    std::string stack;

    // --- Mixture of Experts: expert parallelism (issue 25; docs/model.md, "Expert parallelism")
    /// Expert-parallel size: the routed experts of each MoE layer split over EP GPUs of a PP stage (Megatron-Core
    /// expert_model_parallel_size). The dense part stays on TP x CP x DP; the experts on ETP x EP x expert-DP.
    std::int64_t ep = 1;
    /// Expert tensor-parallel size: each expert's matrices split over ETP GPUs (expert_tensor_parallel_size);
    /// 0 = the TP size (Megatron-Core's default when the argument is not given).
    std::int64_t etp = 0;
    /// Tokens one EP rank's experts receive over the balanced share (top-k x tokens): the load imbalance, or the
    /// capacity factor with token dropping (Switch Transformer, Fedus et al. 2022). 1 = no stated imbalance: the step
    /// still prices the busiest EP rank of random routing (stagetime.cpp), and a larger stated factor wins.
    double moeCapacityFactor = 1.0;
    /// Nodes each token's experts may span (DeepSeek-V3 node-limited routing: 4); 0 = unlimited.
    std::int64_t moeRouteNodes = 0;
    /// The all-to-alls overlap the computation (Megatron-Core moe-shared-expert-overlap / EP comm overlap,
    /// DeepSeek's DualPipe): only what the layer's compute cannot cover is exposed.
    bool moeA2aOverlap = false;
    /// DeepEP's internode dispatch (deepseek-ai/DeepEP; DeepSeek-V3 report section 3.2.2): a token crosses the NIC
    /// once per destination node and is forwarded over NVLink inside it, instead of once per destination GPU.
    bool moeNodeDedup = false;
    /// Megatron-Core's output-discarding recompute modules (`--recompute-modules`, issue 25): a MoeRecomputeBit mask
    /// (step.h) of layernorm, moe_act and mla_up_proj, rerun before the layer's backward. 0 = none.
    std::uint32_t recomputeModules = 0;
    /// GPUs of one PP stage: tp x cp x dp = etp x ep x expert-DP.
    std::int64_t stageGpus() const { return gpus / pp; }
    /// Expert-data-parallel size: the GPUs that hold the same experts (Megatron-Core: world / (pp x ep x etp)).
    std::int64_t expertDp() const { return gpus / (pp * ep * expertTp()); }
    /// The expert TP in force: etp, or TP where etp is 0.
    std::int64_t expertTp() const { return etp > 0 ? etp : tp; }

    // --- hardware overrides (issue 9, the Hardware panel; 0 = the GPU preset's figure)
    /// Dense 16-bit peak FLOP/s in force instead of the preset's; the FP8 peak (if any) keeps its ratio to it.
    double peakFlops16Override = 0;
    /// HBM bandwidth in bytes/s in force instead of the preset's.
    double hbmBytesPerSecondOverride = 0;

    // --- fine-tuning (issue 28; finetune.h, docs/model.md "Fine-tuning")
    /// full: every parameter trains; lora, qlora, dora: adapters on a frozen base (grads, master and optimizer states
    /// for the adapters only).
    FinetuneMethod finetune = FinetuneMethod::Full;
    std::int64_t loraRank = 8; ///< LoRA rank r (PEFT LoraConfig r, torchtune lora_rank: 8)
    double loraAlpha = 16; ///< LoRA alpha (scaling alpha / r: no bytes, no FLOPs; kept for the files and the importers)
    std::uint32_t loraTargets = kLoraQ | kLoraV; ///< LoraTargetBit mask (PEFT's default for Llama: q_proj, v_proj)
    BasePrecision basePrecision = BasePrecision::Auto; ///< the frozen base's linear weights
    std::int64_t quantBlock = 64; ///< NF4/FP4 block size (bitsandbytes blocksize; QLoRA: 64)
    bool doubleQuant = true; ///< NF4/FP4 double quantisation of the absmax constants (bnb_4bit_use_double_quant)
    /// LoRA dropout probability (PEFT LoraConfig lora_dropout, default 0): above 0 each adapted linear saves its
    /// dropped-out input and the dropout mask for lora_A's gradient (docs/model.md, "Fine-tuning").
    double loraDropout = 0;
    /// The quantised base's matmul saves its input for backward although the weight is frozen (bitsandbytes up to
    /// 0.43.1: MatMul4Bit ctx.tensors = (A, B); pull request #1270 dropped A, released in 0.43.2); off: only the
    /// weight (torchao LinearNF4, bitsandbytes from 0.43.2).
    bool quantSavesInput = false;
    /// Those saved inputs outlive the step (bitsandbytes up to 0.43.1 keeps them as a ctx attribute, ctx.tensors =
    /// (A, B), which the autograd engine does not free after backward, unlike save_for_backward's tensors; a loop that
    /// keeps the step's output bound, litgpt's `logits = model(...)`, keeps that graph alive until the next forward
    /// returns): at the next step's end of forward the previous step's inputs of every quantised linear (QKV, out
    /// projection, MLP in, down projection) are still allocated. Only with quantSavesInput, a quantised base and no
    /// checkpointing (docs/model.md, "Fine-tuning").
    bool quantInputsOutliveStep = false;
    /// Attention's saved V is a view of the fused QKV projection's output, so the whole output (Q and K parts too)
    /// stays alive until backward (litgpt's CausalSelfAttention with as many KV heads as heads: qkv.view, permute,
    /// split, reshape without a copy). Off: V has storage of its own (separate projections, or a copy).
    bool fusedQkvView = false;
    /// The model upcasts its logits to fp32 and returns them (transformers' LlamaForCausalLM: logits =
    /// logits.float()), so the logits held through the loss are 4 B each, and the loss works on them.
    bool fp32Logits = false;
    /// The RMSNorm upcasts its input to fp32 before normalising (litgpt's RMSNorm.forward: x = x.float(), then x * x
    /// and x * rsqrt(...) save that fp32 copy), so each norm keeps 4 B per input element for backward, not the
    /// residual's 2; with a trainable norm weight (full fine-tuning) x_normed * weight.float() saves the fp32 x_normed
    /// too. RMSNorm only; off: the norm saves its input in the activations' dtype.
    bool normFp32Input = false;
    /// FSDP1's no_sync under gradient accumulation with use_orig_params=True (Lightning Fabric's FSDPStrategy
    /// default): every micro-batch but the last runs in FSDP.no_sync(), which "will accumulate the full model
    /// gradients (instead of gradient shards) until the eventual sync" (torch/distributed/fsdp/
    /// fully_sharded_data_parallel.py, torch 2.1), and a unit mixing frozen and trainable parameters keeps gradient
    /// memory "equivalent to not freezing those parameters" (PyTorch FSDP docs, use_orig_params). So every FSDP unit
    /// holding a trainable parameter keeps its whole, unsharded gradient (frozen parameters included) from the first
    /// micro-batch's backward to the step. Counts only with gradient accumulation > 1, FSDP sharding and d > 1.
    bool fsdpNoSyncFullGrads = false;
};

/// Default scenario of the app and the README (the foundation issue).
Scenario defaultScenario();

/// Bytes per parameter actually in force for each component (the recipe with --optimizer applied).
struct BytesPerParam
{
    double weights = 0, grads = 0, master = 0, optimizer = 0;
    double total() const { return weights + grads + master + optimizer; }
};
BytesPerParam effectiveBytesPerParam(const Scenario& s);

/// The GPU in force (preset, with the custom capacity applied). Throws InvalidInput("gpu").
GpuPreset resolveGpu(const Scenario& s);

/// Throws InvalidInput naming the field for every scenario without a meaningful answer.
void validateScenario(const Scenario& s);

/// The TP rule (Megatron's): TP divides the attention heads, and TP and the KV heads divide one another (fewer KV
/// heads than TP are replicated). One rule for the controls' TP values, the fixes and the planner; validateScenario()
/// words its two halves as two refusals.
inline bool tpSplitsHeads(const Architecture& a, std::int64_t tp)
{
    return tp >= 1 && a.heads % tp == 0 && (a.kvHeads % tp == 0 || (a.kvHeads > 0 && tp % a.kvHeads == 0));
}

/// Sets the model to a bare count with its GPT shape. Throws InvalidInput("params").
void setBareParams(Scenario& s, std::int64_t params);

} // namespace shardscope
