// SPDX-License-Identifier: MIT
#include "shardscope/scenario.h"

#include "shardscope/errors.h"
#include "shardscope/knobs.h"
#include "shardscope/units.h"

#include <algorithm>
#include <numeric>
#include <cmath>
#include <cstdio>

namespace shardscope {

namespace {

struct TermInfo
{
    Term term;
    const char* key;
    const char* description;
};

constexpr TermInfo kTerms[kTermCount] = {
    {Term::Params, "params", "The model's weights held by this GPU, in the recipe's weight precision."},
    {Term::Grads, "grads", "Gradients of this GPU's parameters, in the recipe's gradient precision."},
    {Term::Master, "master", "The fp32 master copy of the weights that mixed-precision optimizers update."},
    {Term::Optimizer, "optimizer", "Optimizer states, e.g. Adam's first and second moments."},
    {Term::Activations, "activations",
     "Layer outputs saved in the forward pass for the backward pass, for every micro-batch in flight."},
    {Term::Logits, "logits", "The output logits and the fp32 copy the loss is computed on (last stage)."},
    {Term::Zero3GatheredParams, "zero3_gathered_params",
     "ZeRO-3/FSDP: full 16-bit weights of the block in use and the prefetched next one."},
    {Term::Zero3UnshardedGrads, "zero3_unsharded_grads",
     "ZeRO-3/FSDP: a block's full gradients in backward before the reduce-scatter shards them."},
    {Term::CommBuckets, "comm_buckets", "Communication buckets: DDP's gradient copies or ZeRO's reduce/all-gather buckets."},
    {Term::Fp8Transients, "fp8_transients", "fp8 recipes: fp8 copies of a layer's weights and saved fp8 GEMM inputs."},
    {Term::CudaContext, "cuda_context", "CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers."},
    {Term::Fragmentation, "fragmentation", "Memory the caching allocator holds but cannot use (a fraction of the rest)."},
};

template <typename E>
struct KeyOf
{
    E e;
    const char* key;
};
constexpr KeyOf<Checkpointing> kCkpt[] = {
    {Checkpointing::None, "none"},
    {Checkpointing::Selective, "selective"},
    {Checkpointing::Full, "full"},
    {Checkpointing::PerOp, "per-op"}};
constexpr KeyOf<OffloadDevice> kOffload[] = {
    {OffloadDevice::None, "none"}, {OffloadDevice::Cpu, "cpu"}, {OffloadDevice::Nvme, "nvme"}};
constexpr KeyOf<PipelineSchedule> kSchedule[] = {{PipelineSchedule::OneFOneB, "1f1b"},
                                                 {PipelineSchedule::GPipe, "gpipe"},
                                                 {PipelineSchedule::Interleaved, "interleaved"}};

constexpr KeyOf<Framework> kFramework[] = {{Framework::DeepSpeed, "deepspeed"},
                                           {Framework::Fsdp2, "fsdp2"},
                                           {Framework::Megatron, "megatron"},
                                           {Framework::Ddp, "ddp"},
                                           {Framework::Single, "single"}};
constexpr KeyOf<ActivationPrecision> kActPrecision[] = {{ActivationPrecision::Auto, "auto"},
                                                        {ActivationPrecision::Bits16, "16bit"},
                                                        {ActivationPrecision::Fp32, "fp32"},
                                                        {ActivationPrecision::Autocast, "autocast"}};

constexpr KeyOf<Fp8Scaling> kFp8Scaling[] = {{Fp8Scaling::Cast, "cast"},
                                             {Fp8Scaling::TeDelayed, "te-delayed"},
                                             {Fp8Scaling::TeCurrent, "te-current"},
                                             {Fp8Scaling::Mxfp8, "mxfp8"},
                                             {Fp8Scaling::Nvfp4, "nvfp4"}};
constexpr KeyOf<AttentionKernel> kAttentionKernel[] = {{AttentionKernel::Default, "default"},
                                                       {AttentionKernel::Cudnn, "cudnn"}};

constexpr KeyOf<CapacityMeasure> kCapacityMeasure[] = {{CapacityMeasure::Allocated, "allocated"},
                                                       {CapacityMeasure::Reserved, "reserved"},
                                                       {CapacityMeasure::DeviceUsed, "device-used"}};

template <typename E, std::size_t N>
const char* keyOf(const KeyOf<E> (&table)[N], E e)
{
    for (const auto& k : table)
        if (k.e == e)
            return k.key;
    return "";
}
template <typename E, std::size_t N>
std::optional<E> fromKey(const KeyOf<E> (&table)[N], const std::string& key)
{
    for (const auto& k : table)
        if (key == k.key)
            return k.e;
    return std::nullopt;
}

} // namespace

const char* termKey(Term t) { return kTerms[static_cast<int>(t)].key; }
const char* termDescription(Term t) { return kTerms[static_cast<int>(t)].description; }
std::optional<Term> termFromKey(const std::string& key)
{
    for (const auto& t : kTerms)
        if (key == t.key)
            return t.term;
    return std::nullopt;
}
const char* checkpointingKey(Checkpointing c) { return keyOf(kCkpt, c); }
std::optional<Checkpointing> checkpointingFromKey(const std::string& k) { return fromKey(kCkpt, k); }
const char* offloadKey(OffloadDevice d) { return keyOf(kOffload, d); }
std::optional<OffloadDevice> offloadFromKey(const std::string& k) { return fromKey(kOffload, k); }
const char* scheduleKey(PipelineSchedule s) { return keyOf(kSchedule, s); }
std::optional<PipelineSchedule> scheduleFromKey(const std::string& k) { return fromKey(kSchedule, k); }
const char* frameworkKey(Framework f) { return keyOf(kFramework, f); }
std::optional<Framework> frameworkFromKey(const std::string& k) { return fromKey(kFramework, k); }
const char* fp8ScalingKey(Fp8Scaling f) { return keyOf(kFp8Scaling, f); }
std::optional<Fp8Scaling> fp8ScalingFromKey(const std::string& k) { return fromKey(kFp8Scaling, k); }
const char* attentionKernelKey(AttentionKernel k) { return keyOf(kAttentionKernel, k); }
std::optional<AttentionKernel> attentionKernelFromKey(const std::string& k) { return fromKey(kAttentionKernel, k); }
const char* activationPrecisionKey(ActivationPrecision a) { return keyOf(kActPrecision, a); }
std::optional<ActivationPrecision> activationPrecisionFromKey(const std::string& k) { return fromKey(kActPrecision, k); }
const char* capacityMeasureKey(CapacityMeasure m) { return keyOf(kCapacityMeasure, m); }
std::optional<CapacityMeasure> capacityMeasureFromKey(const std::string& k) { return fromKey(kCapacityMeasure, k); }

Scenario::Scenario()
    : arch(*findModelPreset("llama-2-70b"))
    , recipe(resolveRecipe("mixed"))
{
}

std::int64_t Scenario::totalParams() const { return bareParams ? *bareParams : countParams(arch).total; }

bool Scenario::enabled(Term t) const
{
    if (modelStatesOnly && !isModelState(t))
        return false;
    return termEnabled[static_cast<std::size_t>(t)];
}

Scenario defaultScenario() { return Scenario(); }

namespace {

/// Adafactor (Shazeer & Stern 2018, HF default beta1=None): one fp32 row and one column
/// accumulator per weight matrix, a full fp32 accumulator for vectors; no first moment.
double adafactorStateElements(const Architecture& a)
{
    const double h = static_cast<double>(a.hidden);
    const double hd = static_cast<double>(a.headDim > 0 ? a.headDim : a.hidden / std::max<std::int64_t>(1, a.heads));
    const double q = static_cast<double>(a.heads) * hd;
    const double kv = static_cast<double>(a.kvHeads) * hd;
    const double f = static_cast<double>(a.ffn);
    const double e = static_cast<double>(std::max<std::int64_t>(1, a.experts));
    double layer = (h + q) + 2 * (h + kv) + (q + h);
    layer += e * ((a.gatedMlp ? 2 : 1) * (h + f) + (f + h));
    if (a.experts > 1)
        layer += h + e;
    const ParamCounts c = countParams(a);
    layer += static_cast<double>(c.normsPerLayer);
    if (a.qkvBias)
        layer += q + 2 * kv;
    if (a.attnOutBias)
        layer += h;
    if (a.mlpBias)
        layer += e * ((a.gatedMlp ? 2 : 1) * f + h);
    double rest = (static_cast<double>(a.vocab) + h) + static_cast<double>(c.finalNorm);
    if (a.maxPositions > 0)
        rest += static_cast<double>(a.maxPositions) + h;
    if (!a.tiedEmbeddings)
        rest += static_cast<double>(a.vocab) + h;
    return static_cast<double>(a.layers) * layer + rest;
}

} // namespace

BytesPerParam effectiveBytesPerParam(const Scenario& s)
{
    BytesPerParam b {s.recipe.weights, s.recipe.grads, s.recipe.master, s.recipe.optimizer};
    switch (s.optimizer) {
    case Optimizer::RecipeDefault: break;
    case Optimizer::Adam:
    case Optimizer::AdamW: b.optimizer = 8; break; // m and v in fp32
    case Optimizer::Adam8bit: b.optimizer = 2; break; // m and v in 8 bits (block scales ignored)
    case Optimizer::Sgd: b.optimizer = 0; break;
    case Optimizer::SgdMomentum: b.optimizer = 4; break; // momentum buffer in fp32
    case Optimizer::Lion: b.optimizer = 4; break; // one momentum in fp32 (Chen et al. 2023)
    case Optimizer::Adafactor: {
        const double params = static_cast<double>(countParams(s.arch).total);
        b.optimizer = params > 0 ? 4.0 * adafactorStateElements(s.arch) / params : 0.0;
        break;
    }
    }
    return b;
}

GpuPreset resolveGpu(const Scenario& s)
{
    std::optional<GpuPreset> g = findGpuPreset(s.gpu);
    if (!g) {
        if (s.gpu != "custom" || !s.capacityBytes) {
            std::string known;
            for (const auto& p : gpuPresets())
                known += (known.empty() ? "" : ", ") + p.id;
            throw InvalidInput("gpu", "--gpu: unknown GPU '" + s.gpu + "' (known: " + known
                                   + ", or custom with --capacity-gb)");
        }
        GpuPreset c = *findGpuPreset("a100-80gb");
        c.id = "custom";
        c.name = "custom GPU";
        c.source = "user-entered capacity; throughput and links of the A100 80GB preset";
        g = c;
    }
    if (s.capacityBytes)
        g->capacityBytes = *s.capacityBytes;
    // Hardware panel / --peak-tflops / --hbm-gbps: the FP8 peak keeps its ratio to the 16-bit one.
    if (s.peakFlops16Override > 0 && std::isfinite(s.peakFlops16Override) && g->peakFlops16 > 0) {
        g->peakFlops8 *= s.peakFlops16Override / g->peakFlops16;
        g->peakFlops16 = s.peakFlops16Override;
    }
    if (s.hbmBytesPerSecondOverride > 0 && std::isfinite(s.hbmBytesPerSecondOverride))
        g->hbmBytesPerSecond = s.hbmBytesPerSecondOverride;
    return *g;
}

void setBareParams(Scenario& s, std::int64_t params)
{
    if (params < 1)
        throw InvalidInput("params", "--params: the model needs at least 1 parameter");
    if (params > 100000000000000LL)
        throw InvalidInput("params", "--params: " + shortCount(static_cast<double>(params))
                               + " parameters is beyond the model's range (at most 100T)");
    s.bareParams = params;
    // One shape per count, shared by every command and the planner: it no longer follows the TP (a hidden size
    // rounded to 128 x TP made --params 7B --tp 1024 a 131,072-wide model, and the planner, which kept the TP-1
    // shape, saw other TPs than `step`). validateScenario() lets any TP up to the shape's heads split them.
    s.arch = gptShapeForParams(params);
}

namespace {
/// The most (micro-batch x chunk) pairs per GPU an interleaved schedule may have: the step model
/// schedules each of them (1,000,000 x 10 took 22.8 s and 2.8 GB; 200,000 answer in about a second).
constexpr std::int64_t kMaxScheduledChunks = 200000;
} // namespace

namespace {
/// 9000000, 0.001, 1e+15: a number in a refusal, as short as it is exact to 12 digits.
std::string shortNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12g", v);
    return buf;
}
} // namespace

void validateScenario(const Scenario& s)
{
    // Each refusal is an English template with its numbers apart (InvalidInput's structured form), so the
    // window words it in the user's language; the command line prints "--FIELD: " and the filled-in template.
    // The arguments are built only on the way out (the planner validates every layout it derives).
    auto fail = [](const char* field, const char* templateText, std::vector<std::string> args = {}) {
        throw InvalidInput(field, templateText, std::move(args));
    };
    auto num = [](std::int64_t v) { return std::to_string(v); };
    validateArchitecture(s.arch);
    if (s.bareParams) {
        if (*s.bareParams < 1)
            fail("params", "the model needs at least 1 parameter");
        if (*s.bareParams > 100000000000000LL)
            fail("params", "beyond the model's range (at most 100T parameters)");
    } else if (countParams(s.arch).total > 100000000000000LL) {
        fail("params", "the architecture has more than 100T parameters, beyond the model's range");
    }
    if (s.gpus < 1)
        fail("gpus", "the number of GPUs must be at least 1 (got %1)", {num(s.gpus)});
    if (s.gpus > 1048576)
        fail("gpus", "%1 GPUs is beyond the model's range (at most 1,048,576)", {num(s.gpus)});
    if (s.gpusPerNode < 1 || s.gpusPerNode > 1024)
        fail("gpus-per-node", "must be between 1 and 1024");
    if (s.tp < 1)
        fail("tp", "tensor-parallel size must be at least 1");
    if (s.pp < 1)
        fail("pp", "pipeline-parallel size must be at least 1");
    if (s.tp > s.gpus)
        fail("tp", "TP %1 exceeds the %2 GPUs", {num(s.tp), num(s.gpus)});
    if (s.bareParams) {
        // A bare count's GPT shape is one per count (gptShapeForParams(), whatever the TP): a modelling device whose
        // heads any TP up to their number splits, each rank holding heads / TP of them (docs/model.md).
        if (s.tp > s.arch.heads)
            fail("tp", "TP %1 exceeds the %2 attention heads of the count's GPT shape", {num(s.tp), num(s.arch.heads)});
    } else {
        if (s.arch.heads % s.tp != 0)
            fail("tp", "TP %1 does not divide the %2 attention heads", {num(s.tp), num(s.arch.heads)});
        if (s.arch.kvHeads % s.tp != 0 && s.tp % s.arch.kvHeads != 0)
            fail("tp", "TP %1 and the %2 KV heads do not divide one another", {num(s.tp), num(s.arch.kvHeads)});
    }
    if (s.pp > s.arch.layers)
        fail("pp", "PP %1 exceeds the %2 layers", {num(s.pp), num(s.arch.layers)});
    if (s.cp < 1)
        fail("cp", "context-parallel size must be at least 1");
    if (s.cp > s.gpus)
        fail("cp", "CP %1 exceeds the %2 GPUs", {num(s.cp), num(s.gpus)});
    if (s.seq % s.cp != 0)
        fail("cp", "CP %1 does not divide the sequence of %2 tokens", {num(s.cp), num(s.seq)});
    if (s.cp == 1) {
        if (s.gpus % (s.tp * s.pp) != 0)
            fail("gpus", "%1 GPUs are not divisible by TP x PP = %2", {num(s.gpus), num(s.tp * s.pp)});
    } else if (s.gpus % s.modelParallel() != 0) {
        fail("gpus", "%1 GPUs are not divisible by TP x PP x CP = %2", {num(s.gpus), num(s.modelParallel())});
    }
    // --- expert parallelism (issue 25): Megatron-Core folds the experts on ETP x EP x expert-DP over the same
    // GPUs of a PP stage as the dense part's TP x CP x DP (megatron/core/parallel_state.py, initialize_model_parallel).
    if (s.ep < 1)
        fail("ep", "expert-parallel size must be at least 1");
    if (s.etp < 0)
        fail("expert-tp", "expert tensor-parallel size must be at least 1 (0: the TP size)");
    // A dense model has no experts to fold: EP and expert TP change nothing there (the window hides them).
    if (s.arch.moe() && s.arch.experts % s.ep != 0)
        fail("ep", "EP %1 does not divide the %2 experts", {num(s.ep), num(s.arch.experts)});
    if (s.arch.moe() && s.gpus % s.pp == 0 && s.ep <= s.gpus && s.stageGpus() % (s.ep * s.expertTp()) != 0) {
        const char* field = s.ep > 1 ? "ep" : "expert-tp";
        fail(field, "expert TP x EP = %1 does not divide the %2 GPUs of a pipeline stage",
             {num(s.ep * s.expertTp()), num(s.stageGpus())});
    }
    if (s.arch.moe() && s.etp > 1 && s.arch.expertFfn() % s.etp != 0)
        fail("expert-tp", "expert TP %1 does not divide the expert FFN size %2", {num(s.etp), num(s.arch.expertFfn())});
    if (!(s.moeCapacityFactor >= 1 && s.moeCapacityFactor <= 64))
        fail("moe-capacity-factor", "must be between 1 and 64");
    if (s.moeRouteNodes < 0)
        fail("moe-route-nodes", "must not be negative");
    if (s.vpp < 1)
        fail("vpp", "virtual pipeline chunks must be at least 1");
    // The embedding and the loss in the pipeline split (Megatron-Core's account_for_embedding_in_pipeline_split,
    // account_for_loss_in_pipeline_split): the layers and those slots must divide over the stages
    // (transformer_block.py get_num_layers_to_build asserts num_layers % pipeline_model_parallel_size == 0).
    const bool splitSlots = s.embeddingInPipelineSplit || s.lossInPipelineSplit;
    const std::int64_t slots
        = s.arch.layers + (s.embeddingInPipelineSplit ? 1 : 0) + (s.lossInPipelineSplit ? 1 : 0);
    if (splitSlots && s.pp > 1 && slots % s.pp != 0) {
        if (s.embeddingInPipelineSplit)
            fail("account-for-embedding-in-pipeline-split",
                 "%1 layers and the embedding / loss slots (%2 in all) do not divide over PP %3",
                 {num(s.arch.layers), num(slots), num(s.pp)});
        fail("account-for-loss-in-pipeline-split",
             "%1 layers and the embedding / loss slots (%2 in all) do not divide over PP %3",
             {num(s.arch.layers), num(slots), num(s.pp)});
    }
    if (s.schedule == PipelineSchedule::Interleaved) {
        if (s.pp <= 1)
            fail("schedule", "the interleaved schedule needs PP > 1");
        // Uneven splits are allowed (Megatron-Core and torchtitan accept 126 layers over PP 8 x VPP 2): every
        // model chunk needs at least one layer, or the embedding or the loss where the split counts them.
        if (!splitSlots && s.arch.layers < s.pp * s.vpp)
            fail("vpp", "%1 layers cannot fill PP x VPP = %2 model chunks (each needs at least one layer)",
                 {num(s.arch.layers), num(s.pp * s.vpp)});
        if (splitSlots && slots < s.pp * s.vpp)
            fail("vpp", "%1 layers with the embedding and loss slots cannot fill PP x VPP = %2 model chunks",
                 {num(s.arch.layers), num(s.pp * s.vpp)});
        if (splitSlots && (slots / s.pp) % s.vpp != 0)
            fail("vpp", "the %1 slots of a pipeline stage (layers, embedding, loss) do not split over %2 model chunks",
                 {num(slots / s.pp), num(s.vpp)});
        if (s.gradAccum % s.pp != 0)
            fail("grad-accum", "the interleaved schedule needs the micro-batch count (%1) to be a multiple of PP %2",
                 {num(s.gradAccum), num(s.pp)});
    }
    if (s.zeroStage < 0 || s.zeroStage > 3)
        fail("stage", "ZeRO stage must be 0, 1, 2 or 3");
    if (s.offloadOptimizer != OffloadDevice::None && s.zeroStage < 1)
        fail("offload-optimizer", "optimizer offload needs ZeRO stage 1, 2 or 3");
    if (s.offloadParams != OffloadDevice::None && s.zeroStage != 3)
        fail("offload-params", "parameter offload needs ZeRO stage 3");
    if (s.microBatch < 1 || s.microBatch > 65536)
        fail("micro-batch", "must be between 1 and 65536");
    if (s.seq < 1 || s.seq > 16777216)
        fail("seq", "sequence length must be between 1 and 16,777,216");
    if (s.arch.maxPositions > 0 && s.seq > s.arch.maxPositions)
        fail("seq", "%1 tokens exceed the %2 learned positions of %3 (its position embedding has no row for them)",
             {num(s.seq), num(s.arch.maxPositions), s.arch.name});
    if (s.gradAccum < 1 || s.gradAccum > 1000000)
        fail("grad-accum", "must be between 1 and 1,000,000");
    if (!(std::isfinite(s.fragmentation) && s.fragmentation >= 0 && s.fragmentation < 1))
        fail("fragmentation", "must be a fraction from 0 to below 1");
    if (s.cudaContextBytes < 0)
        fail("cuda-context-gb", "must not be negative");
    if (!(std::isfinite(s.safetyMarginBytes) && s.safetyMarginBytes >= 0))
        fail("margin-gb", "must not be negative");
    if (s.reduceBucketElements < 0 || s.allgatherBucketElements < 0)
        fail("bucket", "bucket sizes must not be negative");
    if (s.zero3PrefetchUnits < 0 || s.zero3PrefetchUnits > 1000)
        fail("prefetch-units", "must be between 0 and 1000");
    if (s.lossChunks < 1 || s.lossChunks > 65536)
        fail("loss-chunks", "must be between 1 and 65536");
    if (s.zero3MaxLiveParams < 0 || s.zero3PrefetchBucketElements < 0 || s.zero3PersistenceThreshold < 0)
        fail("zero3", "stage-3 sizes must not be negative");
    if (s.ddpBucketCapBytes < 0)
        fail("ddp-bucket-mb", "must not be negative");
    if (s.framework == Framework::Single && s.gpus != 1)
        fail("framework", "single means one GPU; %1 GPUs need ddp, deepspeed, fsdp2 or megatron", {num(s.gpus)});
    if (s.optimizerInBackward && s.gradAccum != 1)
        fail("optimizer-in-backward", "stepping in backward cannot accumulate gradients over %1 micro-batches",
             {num(s.gradAccum)});
    if (s.capacityBytes && *s.capacityBytes <= 0)
        fail("capacity-gb", "capacity must be positive");
    if (s.hostRamBytesPerNode <= 0)
        fail("host-ram-gb", "host RAM must be positive");
    if (s.nvmeBytesPerNode <= 0)
        fail("nvme-gb", "NVMe capacity must be positive");
    const Recipe& r = s.recipe;
    for (double v : {r.weights, r.grads, r.master, r.optimizer})
        if (!(std::isfinite(v) && v >= 0 && v <= 64))
            fail("recipe", "bytes per parameter must be between 0 and 64");
    const GpuPreset gpu = resolveGpu(s);
    // One validation for every input path (options, scenario files, config imports, the window): the
    // same ranges as the command-line options, so a file cannot carry what the CLI refuses.
    if (!(double(s.safetyMarginBytes) < double(gpu.capacityBytes)))
        fail("margin-gb", "the safety margin (%1) must be below the GPU's capacity (%2)",
             {formatBytes(s.safetyMarginBytes, ByteUnit::GB, 1), formatBytes(double(gpu.capacityBytes), ByteUnit::GB, 1)});
    if (!(std::isfinite(s.kernelEfficiency)
          && (s.kernelEfficiency == 0 || (s.kernelEfficiency >= 0.001 && s.kernelEfficiency <= 1))))
        fail("kernel-efficiency", "must be 0 (the GPU's own large-GEMM figure) or a fraction from 0.001 to 1");
    if (!(std::isfinite(s.attentionEfficiency)
          && (s.attentionEfficiency == 0 || (s.attentionEfficiency >= 0.001 && s.attentionEfficiency <= 1))))
        fail("attention-efficiency", "must be 0 (the GPU's FlashAttention figure) or a fraction from 0.001 to 1");
    if (!(std::isfinite(s.gemmKOverhead) && s.gemmKOverhead >= 0 && s.gemmKOverhead <= 4096))
        fail("gemm-k-overhead", "must be from 0 to 4096 K elements");
    if (s.checkpointInterval < 1 || s.checkpointInterval > 1000000)
        fail("checkpoint-interval", "must be from 1 to 1000000");
    if (!(std::isfinite(s.alphaSeconds) && s.alphaSeconds >= 0 && s.alphaSeconds <= 1))
        fail("alpha-us", "collective latency must be between 0 and 1,000,000 microseconds");
    auto link = [&](double bytesPerSecond, const char* field) {
        // 0 means "the GPU preset's"; otherwise 0.001 to 1,000,000 GB/s as on the command line.
        if (!(std::isfinite(bytesPerSecond) && (bytesPerSecond == 0 || (bytesPerSecond >= 1e6 && bytesPerSecond <= 1e15))))
            fail(field, "link bandwidth must be between 0.001 and 1,000,000 GB/s");
    };
    link(s.intraNodeBytesPerSecond, "intra-node-gbps");
    link(s.interNodeBytesPerSecond, "inter-node-gbps");
    link(s.pcieBytesPerSecond, "pcie-gbps");
    if (!(std::isfinite(s.peakFlops16Override)
          && (s.peakFlops16Override == 0 || (s.peakFlops16Override >= 1e9 && s.peakFlops16Override <= 1e17))))
        fail("peak-tflops", "peak must be 0 (the GPU preset's) or between 0.001 and 100,000 TFLOP/s");
    if (!(std::isfinite(s.hbmBytesPerSecondOverride)
          && (s.hbmBytesPerSecondOverride == 0 || (s.hbmBytesPerSecondOverride >= 1e9 && s.hbmBytesPerSecondOverride <= 1e15))))
        fail("hbm-gbps", "memory bandwidth must be 0 (the GPU preset's) or between 1 and 1,000,000 GB/s");
    // The step model schedules every (micro-batch, chunk) pair of a stage: bound the work so that a
    // step answers in well under a second (interleaved: micro-batches x chunks per GPU).
    if (s.schedule == PipelineSchedule::Interleaved && s.gradAccum * s.vpp > kMaxScheduledChunks)
        fail("grad-accum",
             "the interleaved schedule of %1 micro-batches x %2 chunks per GPU is beyond the model's range (at most %3 "
             "micro-batch chunks per GPU)",
             {num(s.gradAccum), num(s.vpp), withThousands(kMaxScheduledChunks)});
    validateKnobRanges(s);
}

void validateKnobRanges(const Scenario& s)
{
    auto fail = [](const char* field, const char* templateText, std::vector<std::string> args = {}) {
        throw InvalidInput(field, templateText, std::move(args));
    };
    // The architecture's own ranges (an autosave with 100,000 layers of a wide shape showed a negative count).
    validateArchitecture(s.arch);
    if (s.bareParams && (*s.bareParams < 1 || *s.bareParams > 100000000000000LL))
        fail("params", "beyond the model's range (at most 100T parameters)");
    if (!s.bareParams && countParams(s.arch).total > 100000000000000LL)
        fail("params", "the architecture has more than 100T parameters, beyond the model's range");
    // A custom capacity from 0.001 GB, as --capacity-gb takes it (a file or an autosave carried 1 byte), to 2^53 bytes
    // (what a file's JSON number holds exactly; core's tests use 2^50 bytes as "no limit").
    if (s.capacityBytes && !(*s.capacityBytes >= 1000000 && *s.capacityBytes <= 9007199254740992LL))
        fail("capacity-gb", "%1 is out of range (%2 to %3)",
             {shortNumber(double(*s.capacityBytes) / 1e9), shortNumber(0.001), shortNumber(9007199.254740992)});
    // Every other number in the range of core's knob table (knobs.h), whatever path it came by (an option, a file, an
    // autosave, an import): a file cannot carry what the command line refuses. Worded in the option's unit.
    static const std::vector<const Knob*> ranged = [] {
        std::vector<const Knob*> v;
        for (const Knob& k : knobs())
            if (k.kind == KnobKind::Count || k.kind == KnobKind::Real)
                v.push_back(&k);
        return v;
    }();
    for (const Knob* k : ranged) {
        const double v = k->get(s);
        if (k->inRange(v))
            continue;
        const char* field = k->option ? k->option : k->key;
        const double scale = k->option ? k->optionScale : 1;
        fail(field, "%1 is out of range (%2 to %3)",
             {shortNumber(v / scale), shortNumber(k->option ? k->optionMin() : k->min),
              shortNumber(k->option ? k->optionMax() : k->max)});
    }
    validateFinetune(s); // fine-tuning (finetune.cpp)
}

std::int64_t Scenario::gpuStep() const
{
    const std::int64_t k = std::max<std::int64_t>(1, modelParallel());
    if (!arch.moe())
        return k;
    const std::int64_t e = std::max<std::int64_t>(1, pp * std::max<std::int64_t>(1, ep) * std::max<std::int64_t>(1, expertTp()));
    return std::lcm(k, e);
}

} // namespace shardscope
