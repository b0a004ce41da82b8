// SPDX-License-Identifier: MIT
#include "scenariooptions.h"

#include "hfconfig.h"
#include "scenariofile.h"

#include "shardscope/errors.h"

#include <QCoreApplication>
#include <QFile>

#include <cmath>

namespace shardscope {

namespace {

std::string str(const QString& s) { return s.toStdString(); }

struct Opt
{
    const char* name;
    const char* valueName; // nullptr for a flag
    const char* help;
};

// Keep in step with docs/cli.md.
constexpr Opt kOptions[] = {
    {"model", "NAME", "Model preset: gpt2, gpt3-175b, llama-2-7b, llama-2-13b, llama-2-70b, llama-3-8b, llama-3-70b, "
                      "mistral-7b, mixtral-8x7b, llama-3.1-405b."},
    {"hf-config", "FILE", "A Hugging Face config.json (Llama, Mistral, Mixtral, Qwen2, Gemma, Phi-3, GPT-2)."},
    {"params", "N", "A bare parameter count (7e9, 7B, 70B, 1.5T); its GPT shape feeds activations."},
    {"layers", "N", "Transformer layers (architecture by fields; GPT-style defaults for the rest)."},
    {"hidden", "N", "Hidden size."},
    {"heads", "N", "Attention heads."},
    {"kv-heads", "N", "Key/value heads (GQA); default: heads."},
    {"head-dim", "N", "Head size; default hidden / heads."},
    {"ffn", "N", "MLP intermediate size; default 4 x hidden."},
    {"vocab", "N", "Vocabulary size; default 50257."},
    {"gated-mlp", "on|off", "Gated (SwiGLU) MLP with three matrices."},
    {"tied-embeddings", "on|off", "The LM head shares the input embedding."},
    {"experts", "N", "MoE experts per layer (1 = dense)."},
    {"top-k", "N", "MoE experts per token."},
    {"gpus", "N", "Number of GPUs N = DP x TP x PP x CP."},
    {"gpus-per-node", "N", "GPUs per node (default 8)."},
    {"tp", "N", "Tensor-parallel size."},
    {"pp", "N", "Pipeline-parallel size."},
    {"cp", "N", "Context-parallel size: each sequence split over N GPUs (ring attention)."},
    {"schedule", "1f1b|gpipe|interleaved", "Pipeline schedule (default 1f1b)."},
    {"vpp", "N", "Model chunks per GPU for the interleaved schedule."},
    {"stage", "0-3", "ZeRO stage (0 = DDP, 3 = FSDP FULL_SHARD)."},
    {"sequence-parallel", nullptr, "Megatron sequence parallelism (splits the TP-replicated activations)."},
    {"recipe", "NAME", "Precision recipe: fp32, mixed, megatron-bf16, fp16-no-master-16bit-adam, bf16-no-master, "
                       "mixed-adam8bit, mixed-sgd, fp8-mixed, or custom:W,G,M,O."},
    {"optimizer", "NAME", "Replace the recipe's optimizer states: adam, adamw, adam8bit, sgd, sgd-momentum, "
                          "adafactor, lion."},
    {"checkpointing", "none|selective|full|per-op",
     "Activation checkpointing (default full): selective is Megatron's, per-op torchtitan's SAC."},
    {"flash-attention", "on|off", "FlashAttention-style kernels (default on)."},
    {"micro-batch", "N", "Micro-batch size per GPU (default 1)."},
    {"seq", "N", "Sequence length (default 4096)."},
    {"grad-accum", "N", "Micro-batches per optimizer step (gradient accumulation / pipeline micro-batches)."},
    {"offload-optimizer", "none|cpu|nvme", "Optimizer offload (ZeRO stages 1-3)."},
    {"offload-params", "none|cpu|nvme", "Parameter offload (ZeRO-3 only)."},
    {"gpu", "NAME", "GPU: a100-40gb, a100-80gb, h100-80gb, h200-141gb, b200-192gb, mi300x-192gb, l40s-48gb, "
                    "rtx4090-24gb, v100-32gb, h100-96gb, or custom with --capacity-gb."},
    {"capacity-gb", "GB", "Custom GPU capacity in GB (10^9 bytes)."},
    {"margin-gb", "GB", "Safety margin kept free on each GPU, in GB."},
    {"units", "GB|GiB", "Units for tables and CSV (JSON is always in bytes)."},
    {"model-states-only", nullptr, "Count params, grads, master and optimizer states only."},
    {"no-term", "TERM", "Switch a term off (repeatable): params, grads, master, optimizer, activations, logits, "
                        "zero3_gathered_params, zero3_unsharded_grads, comm_buckets, fp8_transients, cuda_context, "
                        "fragmentation."},
    {"cuda-context-gb", "GB", "CUDA context and workspaces per GPU (default 1 GiB = 1.074 GB)."},
    {"fragmentation", "FRACTION", "Allocator fragmentation as a fraction of allocated bytes (default 0.05)."},
    {"reduce-bucket", "ELEMENTS", "ZeRO reduce bucket in elements (DeepSpeed default 5e8)."},
    {"allgather-bucket", "ELEMENTS", "ZeRO-1/2 all-gather bucket in elements (DeepSpeed default 5e8)."},
    {"ddp-bucket-view", "on|off", "DDP gradient_as_bucket_view (default off: buckets copy the grads)."},
    {"prefetch-units", "N", "ZeRO-3 units prefetched beside the one in use (default 1)."},
    {"host-ram-gb", "GB", "Host RAM per node in GB (default 2000)."},
    {"nvme-gb", "GB", "NVMe per node in GB (default 30000)."},
    // --- hardware (step model)
    {"kernel-efficiency", "FRACTION", "Fraction of peak FLOP/s large GEMMs reach (default 0: the GPU's, A100 0.74, H100 0.6; not an MFU)."},
    {"alpha-us", "US", "Collective latency per ring hop in microseconds (default 5)."},
    {"intra-node-gbps", "GB/s", "GPU-GPU bandwidth per GPU per direction in GB/s (default: the GPU preset's NVLink)."},
    {"inter-node-gbps", "GB/s", "NIC bandwidth per GPU per direction in GB/s (default: the GPU preset's)."},
    {"pcie-gbps", "GB/s", "Host link per direction in GB/s (default: the GPU preset's)."},
    // --- framework conventions and memory savers (issue 8; docs/model.md)
    {"framework", "ddp|deepspeed|fsdp2|megatron|single", "Whose buffers and layouts (default deepspeed); the stage keeps "
                                                          "its meaning and the recipe its bytes per parameter."},
    {"fsdp-reshard-after-forward", "on|off", "FSDP2: free gathered parameters after forward (default on)."},
    {"optimizer-in-backward", "on|off", "Step each parameter as its gradient arrives (torchtune optimizer_in_bwd)."},
    {"activation-offload", "on|off", "Move saved activations to host memory."},
    {"loss-chunks", "N", "Chunked cross-entropy over N chunks (default 1)."},
    {"paged-optimizer", "on|off", "Paged optimizer states (bitsandbytes): CUDA managed memory outside the allocator."},
    {"dropout", "on|off", "Dropout masks stored for backward (GPT-2/BERT style)."},
    {"loss-fp32", "on|off", "Cross-entropy on logits upcast to fp32 (default on)."},
    {"compile", "on|off", "torch.compile / fused kernels (default on); off: eager PyTorch keeps more MLP tensors and runs element-wise ops unfused."},
    {"activation-precision", "auto|16bit|fp32|autocast", "Precision of saved activations (default auto: the recipe's)."},
    {"attention-efficiency", "FRACTION", "Fraction of the 16-bit peak the attention kernel reaches (default 0: FlashAttention-2's, A100 0.6, H100 0.35)."},
    {"overlap-param-gather", "on|off", "Megatron-Core overlap_param_gather: ZeRO-1/2 param all-gather under the next forward (default off)."},
    {"tp-comm-overlap", "on|off", "Async TP / tp_comm_overlap: TP collectives overlap their GEMMs (default off)."},
    {"zero3-per-tensor", "on|off", "DeepSpeed ZeRO-3 (2021): one collective per parameter tensor on one NIC per GPU (default off)."},
    {"cp-allgather", "on|off", "Context parallelism as PyTorch's context_parallel runs it (torchtitan): K/V all-gathered per layer pass, fp32 merges and dK/dV (default off: Megatron-Core's P2P ring)."},
    {"repeat-kv", "on|off", "K/V repeated to every query head before attention (torchtitan's repeat_kv): the CP ring moves all heads (default off)."},
    {"checkpoint-interval", "N", "With full checkpointing, checkpoint every N-th transformer block only (fms-fsdp; default 1: every block)."},
    {"gemm-k-overhead", "K", "GEMM efficiency curve: each output tile pays this many K elements of prologue/epilogue (default 64)."},
    {"compile-loss", "on|off", "torch.compile on the loss: no fp32 loss buffers (default off)."},
    {"zero-grad-set-to-none", "on|off", "Grads freed after each step (default on, PyTorch >= 2.0)."},
    {"capacity-measure", "allocated|reserved|device-used",
     "Which figure meets the capacity line (default device-used: nvidia-smi)."},
    {"peak-tflops", "TFLOP/s", "Dense 16-bit peak of the GPU in TFLOP/s (default: the preset's; FP8 keeps its ratio)."},
    {"hbm-gbps", "GB/s", "HBM bandwidth of the GPU in GB/s (default: the preset's)."},
    // Config files set a base scenario; the options above override it (docs/scenario-format.md).
    {"scenario", "FILE", "A ShardScope scenario file (docs/scenario-format.md) as the base scenario."},
    {"deepspeed-config", "FILE", "A DeepSpeed config JSON: ZeRO stage, offload, fp16/bf16, batch sizes, buckets."},
    {"fsdp-config", "FILE", "An accelerate FSDP config YAML: sharding strategy, offload, mixed precision, processes."},
    {"megatron-args", "ARGS", "A Megatron-LM argument list (quoted): parallel sizes, model shape, batch, precision."},
};

Architecture gptDefaults()
{
    Architecture a = gptShapeForParams(1300000000); // a starting point only; every field is overridden below
    a.id = "custom";
    a.name = "custom";
    a.layers = 24;
    a.hidden = 2048;
    a.heads = 16;
    a.kvHeads = 0;
    a.headDim = 0;
    a.ffn = 0;
    a.vocab = 50257;
    return a;
}

} // namespace

std::int64_t parseIntOption(const QString& value, const char* option, std::int64_t min, std::int64_t max)
{
    const std::int64_t v = parseCount(str(value), option);
    if (v < min || v > max)
        throw InvalidInput(option, std::string("--") + option + ": " + std::to_string(v) + " is out of range ("
                                       + std::to_string(min) + " to " + std::to_string(max) + ")");
    return v;
}

double parseDoubleOption(const QString& value, const char* option, double min, double max)
{
    bool ok = false;
    const double v = value.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        throw InvalidInput(option, std::string("--") + option + ": '" + str(value) + "' is not a number");
    if (v < min || v > max)
        throw InvalidInput(option, std::string("--") + option + ": " + str(value) + " is out of range ("
                                       + std::to_string(min) + " to " + std::to_string(max) + ")");
    return v;
}

bool parseOnOff(const QString& value, const char* option)
{
    const QString v = value.trimmed().toLower();
    if (v == QLatin1String("on") || v == QLatin1String("true") || v == QLatin1String("yes") || v == QLatin1String("1"))
        return true;
    if (v == QLatin1String("off") || v == QLatin1String("false") || v == QLatin1String("no") || v == QLatin1String("0"))
        return false;
    throw InvalidInput(option, std::string("--") + option + ": '" + str(value) + "' must be on or off");
}

void addScenarioOptions(QCommandLineParser& parser)
{
    for (const Opt& o : kOptions) {
        if (o.valueName)
            parser.addOption(QCommandLineOption(QString::fromLatin1(o.name), QString::fromUtf8(o.help),
                                                QString::fromLatin1(o.valueName)));
        else
            parser.addOption(QCommandLineOption(QString::fromLatin1(o.name), QString::fromUtf8(o.help)));
    }
}

ByteUnit unitsFromParser(const QCommandLineParser& p)
{
    if (!p.isSet(QStringLiteral("units")))
        return ByteUnit::GB;
    const QString u = p.value(QStringLiteral("units"));
    if (u.compare(QLatin1String("GB"), Qt::CaseInsensitive) == 0)
        return ByteUnit::GB;
    if (u.compare(QLatin1String("GiB"), Qt::CaseInsensitive) == 0)
        return ByteUnit::GiB;
    throw InvalidInput("units", "--units: '" + str(u) + "' must be GB or GiB");
}

namespace {
Scenario applyOptions(const QCommandLineParser& p, const QStringList& skip, Scenario s)
{
    auto has = [&](const char* n) {
        const QString name = QString::fromLatin1(n);
        return !skip.contains(name) && p.isSet(name);
    };
    auto val = [&](const char* n) { return p.value(QString::fromLatin1(n)); };
    auto intOpt = [&](const char* n, std::int64_t& target, std::int64_t min, std::int64_t max) {
        if (has(n))
            target = parseIntOption(val(n), n, min, max);
    };

    // --- the model: one source, then field overrides
    const int sources = int(has("model")) + int(has("hf-config")) + int(has("params"));
    if (sources > 1)
        throw InvalidInput("model", "--model, --hf-config and --params are alternatives: give one");
    const bool fields = has("layers") || has("hidden") || has("heads") || has("kv-heads") || has("ffn") || has("vocab")
        || has("head-dim") || has("experts") || has("top-k") || has("gated-mlp") || has("tied-embeddings");
    if (has("params") && fields)
        throw InvalidInput("params", "--params is a bare count; describe the architecture with --layers, --hidden, "
                                     "... instead, or give --model with overrides");
    if (has("model")) {
        const std::string id = str(val("model"));
        auto a = findModelPreset(id);
        if (!a) {
            std::string known;
            for (const auto& m : modelPresets())
                known += (known.empty() ? "" : ", ") + m.arch.id;
            throw InvalidInput("model", "--model: unknown model '" + id + "' (known: " + known + ")");
        }
        s.arch = *a;
    } else if (has("hf-config")) {
        s.arch = architectureFromHfConfigFile(val("hf-config"));
    } else if (has("params")) {
        setBareParams(s, parseCount(str(val("params")), "params"));
    } else if (fields) {
        s.arch = gptDefaults();
    }
    if (fields) {
        Architecture& a = s.arch;
        const bool custom = !has("model") && !has("hf-config");
        intOpt("layers", a.layers, 1, 100000);
        intOpt("hidden", a.hidden, 1, 1000000);
        intOpt("heads", a.heads, 1, 100000);
        intOpt("kv-heads", a.kvHeads, 1, 100000);
        intOpt("head-dim", a.headDim, 1, 100000);
        intOpt("ffn", a.ffn, 1, 10000000);
        intOpt("vocab", a.vocab, 1, 100000000);
        intOpt("experts", a.experts, 1, 100000);
        intOpt("top-k", a.topK, 1, 100000);
        if (has("gated-mlp"))
            a.gatedMlp = parseOnOff(val("gated-mlp"), "gated-mlp");
        if (has("tied-embeddings"))
            a.tiedEmbeddings = parseOnOff(val("tied-embeddings"), "tied-embeddings");
        if (custom) {
            if (!has("heads"))
                a.heads = std::max<std::int64_t>(1, a.hidden / 128);
            if (!has("kv-heads"))
                a.kvHeads = a.heads;
            if (!has("ffn"))
                a.ffn = 4 * a.hidden;
            if (!has("head-dim"))
                a.headDim = 0;
        } else if (has("hidden") && !has("head-dim")) {
            a.headDim = 0; // follow hidden / heads
        }
        if (a.headDim == 0 && a.heads > 0 && a.hidden % a.heads == 0)
            a.headDim = a.hidden / a.heads;
        if (!custom)
            a.name += " (modified)";
        a.id = custom ? "custom" : a.id;
    }

    // --- cluster and parallelism
    intOpt("gpus", s.gpus, 1, 1048576);
    intOpt("gpus-per-node", s.gpusPerNode, 1, 1024);
    intOpt("tp", s.tp, 1, 1048576);
    intOpt("pp", s.pp, 1, 1048576);
    intOpt("cp", s.cp, 1, 1048576);
    intOpt("vpp", s.vpp, 1, 1024);
    // A bare count's GPT shape is a modelling device: give it heads the chosen TP divides.
    if (s.bareParams && s.tp >= 1 && s.arch.heads % s.tp != 0 && (has("params") || has("tp")))
        setBareParams(s, *s.bareParams);
    if (has("schedule")) {
        auto sc = scheduleFromKey(str(val("schedule")));
        if (!sc)
            throw InvalidInput("schedule", "--schedule: '" + str(val("schedule")) + "' must be 1f1b, gpipe or interleaved");
        s.schedule = *sc;
    }
    if (has("stage")) {
        std::int64_t z = 0;
        z = parseIntOption(val("stage"), "stage", 0, 3);
        s.zeroStage = static_cast<int>(z);
    }
    if (has("sequence-parallel"))
        s.sequenceParallel = true;
    if (has("gpu"))
        s.gpu = str(val("gpu"));
    if (has("capacity-gb")) {
        s.capacityBytes = static_cast<std::int64_t>(std::llround(parseDoubleOption(val("capacity-gb"), "capacity-gb", 0.001, 1e6) * 1e9));
        if (!has("gpu"))
            s.gpu = "custom";
    }
    if (has("margin-gb"))
        s.safetyMarginBytes = parseDoubleOption(val("margin-gb"), "margin-gb", 0, 1e6) * 1e9;

    // --- precision
    if (has("recipe"))
        s.recipe = resolveRecipe(str(val("recipe")));
    if (has("optimizer")) {
        auto o = optimizerFromKey(str(val("optimizer")));
        if (!o) {
            std::string known;
            for (const auto& k : optimizerKeys())
                known += (known.empty() ? "" : ", ") + k;
            throw InvalidInput("optimizer", "--optimizer: unknown optimizer '" + str(val("optimizer")) + "' (known: " + known + ")");
        }
        s.optimizer = *o;
    }

    // --- memory savers
    if (has("checkpointing")) {
        auto c = checkpointingFromKey(str(val("checkpointing")));
        if (!c)
            throw InvalidInput("checkpointing", "--checkpointing: '" + str(val("checkpointing")) + "' must be none, selective, full or per-op");
        s.checkpointing = *c;
    }
    if (has("flash-attention"))
        s.flashAttention = parseOnOff(val("flash-attention"), "flash-attention");
    auto offload = [&](const char* n, OffloadDevice& target) {
        if (!has(n))
            return;
        auto d = offloadFromKey(str(val(n)));
        if (!d)
            throw InvalidInput(n, std::string("--") + n + ": '" + str(val(n)) + "' must be none, cpu or nvme");
        target = *d;
    };
    offload("offload-optimizer", s.offloadOptimizer);
    offload("offload-params", s.offloadParams);

    // --- framework conventions and memory savers (issue 8)
    if (has("framework")) {
        auto f = frameworkFromKey(str(val("framework")));
        if (!f)
            throw InvalidInput("framework", "--framework: '" + str(val("framework"))
                                                + "' must be ddp, deepspeed, fsdp2, megatron or single");
        s.framework = *f;
    }
    auto onOff = [&](const char* n, bool& target) {
        if (has(n))
            target = parseOnOff(val(n), n);
    };
    onOff("fsdp-reshard-after-forward", s.fsdpReshardAfterForward);
    onOff("optimizer-in-backward", s.optimizerInBackward);
    onOff("activation-offload", s.activationOffload);
    intOpt("loss-chunks", s.lossChunks, 1, 65536);
    onOff("paged-optimizer", s.pagedOptimizer);
    onOff("dropout", s.arch.dropout);
    onOff("loss-fp32", s.lossFp32);
    onOff("compile", s.compiled);
    onOff("compile-loss", s.lossCompiled);
    onOff("zero-grad-set-to-none", s.zeroGradSetToNone);
    if (has("capacity-measure")) {
        auto m = capacityMeasureFromKey(str(val("capacity-measure")));
        if (!m)
            throw InvalidInput("capacity-measure", "--capacity-measure: '" + str(val("capacity-measure"))
                                                       + "' must be allocated, reserved or device-used");
        s.capacityMeasure = *m;
    }
    if (has("activation-precision")) {
        auto a = activationPrecisionFromKey(str(val("activation-precision")));
        if (!a)
            throw InvalidInput("activation-precision", "--activation-precision: '" + str(val("activation-precision"))
                                                           + "' must be auto, 16bit, fp32 or autocast");
        s.activationPrecision = *a;
    }

    // --- batch
    intOpt("micro-batch", s.microBatch, 1, 65536);
    intOpt("seq", s.seq, 1, 16777216);
    intOpt("grad-accum", s.gradAccum, 1, 1000000);

    // --- overheads
    if (has("model-states-only"))
        s.modelStatesOnly = true;
    for (const QString& t : p.values(QStringLiteral("no-term"))) {
        auto term = termFromKey(str(t));
        if (!term)
            throw InvalidInput("no-term", "--no-term: unknown term '" + str(t) + "'");
        s.termEnabled[static_cast<std::size_t>(*term)] = false;
    }
    if (has("cuda-context-gb"))
        s.cudaContextBytes = static_cast<std::int64_t>(std::llround(parseDoubleOption(val("cuda-context-gb"), "cuda-context-gb", 0, 1000) * 1e9));
    if (has("fragmentation"))
        s.fragmentation = parseDoubleOption(val("fragmentation"), "fragmentation", 0, 0.99);
    intOpt("reduce-bucket", s.reduceBucketElements, 0, 100000000000LL);
    intOpt("allgather-bucket", s.allgatherBucketElements, 0, 100000000000LL);
    if (has("ddp-bucket-view"))
        s.ddpGradientAsBucketView = parseOnOff(val("ddp-bucket-view"), "ddp-bucket-view");
    intOpt("prefetch-units", s.zero3PrefetchUnits, 0, 1000);
    if (has("host-ram-gb"))
        s.hostRamBytesPerNode = static_cast<std::int64_t>(std::llround(parseDoubleOption(val("host-ram-gb"), "host-ram-gb", 0.001, 1e9) * 1e9));
    if (has("nvme-gb"))
        s.nvmeBytesPerNode = static_cast<std::int64_t>(std::llround(parseDoubleOption(val("nvme-gb"), "nvme-gb", 0.001, 1e12) * 1e9));

    // --- hardware (step model)
    if (has("kernel-efficiency"))
        s.kernelEfficiency = parseDoubleOption(val("kernel-efficiency"), "kernel-efficiency", 0, 1);
    if (has("alpha-us"))
        s.alphaSeconds = parseDoubleOption(val("alpha-us"), "alpha-us", 0, 1e6) * 1e-6;
    if (has("intra-node-gbps"))
        s.intraNodeBytesPerSecond = parseDoubleOption(val("intra-node-gbps"), "intra-node-gbps", 0.001, 1e6) * 1e9;
    if (has("inter-node-gbps"))
        s.interNodeBytesPerSecond = parseDoubleOption(val("inter-node-gbps"), "inter-node-gbps", 0.001, 1e6) * 1e9;
    if (has("pcie-gbps"))
        s.pcieBytesPerSecond = parseDoubleOption(val("pcie-gbps"), "pcie-gbps", 0.001, 1e6) * 1e9;
    if (has("peak-tflops"))
        s.peakFlops16Override = parseDoubleOption(val("peak-tflops"), "peak-tflops", 0.001, 100000) * 1e12;
    if (has("hbm-gbps"))
        s.hbmBytesPerSecondOverride = parseDoubleOption(val("hbm-gbps"), "hbm-gbps", 1, 1e6) * 1e9;
    if (has("attention-efficiency"))
        s.attentionEfficiency = parseDoubleOption(val("attention-efficiency"), "attention-efficiency", 0, 1);
    if (has("overlap-param-gather"))
        s.overlapParamGather = parseOnOff(val("overlap-param-gather"), "overlap-param-gather");
    if (has("tp-comm-overlap"))
        s.tpCommOverlap = parseOnOff(val("tp-comm-overlap"), "tp-comm-overlap");
    if (has("zero3-per-tensor"))
        s.zero3PerTensorCollectives = parseOnOff(val("zero3-per-tensor"), "zero3-per-tensor");
    if (has("cp-allgather"))
        s.cpTorchAllGather = parseOnOff(val("cp-allgather"), "cp-allgather");
    if (has("repeat-kv"))
        s.attentionRepeatsKv = parseOnOff(val("repeat-kv"), "repeat-kv");
    if (has("checkpoint-interval"))
        s.checkpointInterval = parseIntOption(val("checkpoint-interval"), "checkpoint-interval", 1, 1000000);
    if (has("gemm-k-overhead"))
        s.gemmKOverhead = parseDoubleOption(val("gemm-k-overhead"), "gemm-k-overhead", 0, 4096);

    if (skip.contains(QStringLiteral("gpus")))
        s.gpus = s.modelParallel();
    return s;
}
} // namespace

Scenario scenarioFromParser(const QCommandLineParser& p, const QStringList& skip)
{
    // --scenario is the base; the options give model and layout; the config files apply onto that
    // (their derivations need the model and TP x PP); then the options again, so they win.
    Scenario s = applyOptions(p, skip, scenarioBaseFromParser(p));
    if (hasConfigImports(p)) {
        ImportReport report;
        s = applyOptions(p, skip, applyConfigImports(p, s, &report));
        printImportNotes(report);
    }
    // The default sequence (4096) is longer than a model with learned positions can take (GPT-2: 1024).
    // When nobody chose the sequence, use the model's context and say so; a chosen one is checked as given.
    if (!p.isSet(QStringLiteral("seq")) && !p.isSet(QStringLiteral("scenario")) && !hasConfigImports(p)
        && s.arch.maxPositions > 0 && s.seq > s.arch.maxPositions) {
        s.seq = s.arch.maxPositions;
        ImportReport report;
        report.notes << QCoreApplication::translate("shardscope::Import", "--seq not given: using %1's context of %2 tokens (its learned positions)")
                            .arg(QString::fromStdString(s.arch.name))
                            .arg(s.seq);
        printImportNotes(report);
    }
    validateScenario(s);
    return s;
}

} // namespace shardscope
