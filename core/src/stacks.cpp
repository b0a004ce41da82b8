// SPDX-License-Identifier: MIT
#include "shardscope/stacks.h"

#include "cnumber.h"
#include "shardscope/errors.h"
#include "shardscope/knobs.h"
#include "shardscope/recipe.h"

#include <algorithm>
#include <cstdlib>

namespace shardscope {

namespace {

StackProfile make(const char* key, const char* name, FlopCount f, std::vector<StackDefault> d, const char* source)
{
    StackProfile p;
    p.key = key;
    p.name = name;
    p.flops = f;
    p.defaults = std::move(d);
    p.source = source;
    return p;
}

/// The major version of "24.07" / "25" / "0.4"; -1 for none.
double majorOf(const std::string& v)
{
    if (v.empty())
        return -1;
    char* end = nullptr;
    const double x = strtodC(v.c_str(), &end);
    return end == v.c_str() ? -1 : x;
}

} // namespace

const char* flopCountKey(FlopCount c) { return c == FlopCount::CausalHalf ? "causal-half" : "full"; }

const char* flopCountDescription(FlopCount c)
{
    return c == FlopCount::CausalHalf ? "causal attention at half the score matrix"
                                      : "attention over the whole score matrix (ShardScope's count)";
}

std::string stackLabel(const StackProfile& p) { return p.version.empty() ? p.key : p.key + "@" + p.version; }

const std::vector<std::string>& stackKeys()
{
    static const std::vector<std::string> k = {"torchtitan",  "torchtune", "megatron-core", "nemo",   "megatron-deepspeed",
                                               "deepspeed",   "hf-trainer", "llm-foundry",  "thunder"};
    return k;
}

std::optional<StackProfile> stackProfile(const std::string& keyAtVersion)
{
    const auto at = keyAtVersion.find('@');
    const std::string key = keyAtVersion.substr(0, at);
    const std::string version = at == std::string::npos ? std::string() : keyAtVersion.substr(at + 1);
    std::optional<StackProfile> p;
    if (key == "torchtitan") {
        p = make("torchtitan", "torchtitan (FSDP2 / TP / PP / CP on PyTorch)", FlopCount::Full,
                 {{"framework", "fsdp2", "torchtitan shards with FSDP2 (parallelize.py apply_fsdp)"},
                  {"flash_attention", "on", "F.scaled_dot_product_attention, is_causal"},
                  {"attention_repeats_kv", "on", "models/llama3 repeat_kv before SDPA"},
                  {"cp_torch_allgather", "on", "torch.distributed.tensor.experimental context_parallel"},
                  {"loss_fp32", "on", "cross-entropy on fp32-upcast logits"},
                  {"compiled", "off", "job_config.py Training.compile = False (eager unless the config compiles)"},
                  {"checkpointing", "full", "job_config.py ActivationCheckpoint: mode 'selective', selective_ac_option "
                                            "'2' = full checkpointing of every 2nd block"},
                  {"checkpoint_interval", "2", "selective_ac_option '2': every 2nd block checkpointed"}},
                 "torchtitan get_nparams_and_flops: 6 N + 12 l h q t, \"do not account for sparsity in causal attention\"; "
                 "selective_ac_option 'op' = per-op SAC, an integer n = full AC of every n-th block (activation_checkpoint.py); "
                 "defaults from pytorch/torchtitan@000204a torchtitan/config/job_config.py");
    } else if (key == "torchtune") {
        p = make("torchtune", "torchtune recipes", FlopCount::Full,
                 {{"loss_chunks", "8", "CEWithChunkedOutputLoss num_output_chunks = 8"}},
                 "torchtune/modules/loss/ce_chunked_output_loss.py num_output_chunks default 8");
    } else if (key == "megatron-core" || key == "megatron-lm") {
        const bool old = majorOf(version) >= 0 && majorOf(version) < 2024;
        p = make("megatron-core", "Megatron-Core / Megatron-LM", old ? FlopCount::Full : FlopCount::CausalHalf,
                 {{"framework", "megatron", "Megatron's DDP + distributed optimizer"},
                  {"recipe", "megatron-bf16", "bf16 params, fp32 main grads (accumulate_allreduce_grads_in_fp32), fp32 "
                                              "master and Adam: 18 B/param before sharding"},
                  {"flash_attention", "on", "Transformer Engine fused attention"},
                  {"attention_kernel", "cudnn", "TE's cuDNN fused attention: NVIDIA's measured rate on Blackwell, 0.6 on "
                                                "Hopper (kernels.h teFusedAttentionEfficiency)"},
                  {"fp8_scaling", "te-delayed", "fp8 recipes through Transformer Engine (DelayedScaling, its default)"},
                  {"compiled", "on", "fused kernels (TE, bias-gelu / swiglu fusions)"}},
                 old ? "Narayanan et al. 2021 count (72 B s L h^2 (1 + s/6h + V/12Lh)): full score matrix"
                     : "Megatron-LM@001b00c megatron/training/training.py num_floating_point_operations: seq_len / 2");
        p->logsLastPipelineRank = true;
        p->megatronCoreMoe = true;
    } else if (key == "nemo" || key == "megatron-bridge") {
        // NeMo 24.x counts with nemo/utils/flops_formulas.py (12 s/h: full); from 25.x NeMo's LLM recipes run on
        // Megatron-Bridge, whose flop_utils.py halves the causal score matrix.
        const bool old = majorOf(version) >= 0 && majorOf(version) < 25;
        p = make("nemo", old ? "NeMo 1.x / 24.x" : "NeMo 2 / Megatron-Bridge", old ? FlopCount::Full : FlopCount::CausalHalf,
                 {{"framework", "megatron", "Megatron-Core underneath"},
                  {"recipe", "megatron-bf16", "fp32 main grads: 18 B/param before sharding"},
                  {"flash_attention", "on", "TE / cuDNN fused attention"},
                  {"compiled", "on", "TE fused kernels"},
                  {"attention_kernel", "cudnn", "TE's cuDNN fused attention: NVIDIA's measured rate on Blackwell, 0.6 on "
                                                "Hopper (kernels.h teFusedAttentionEfficiency)"},
                  {"fp8_scaling", "te-delayed", "fp8 recipes through Transformer Engine (DelayedScaling, its default)"},
                  {"overlap_param_gather", "on", "recipes set overlap_grad_reduce / overlap_param_gather"},
                  {"tp_comm_overlap", "on", "recipes set tp_comm_overlap"}},
                 old ? "NVIDIA/NeMo@034b17b nemo/utils/flops_formulas.py llama3(): 12 s/h (full score matrix)"
                     : "NVIDIA-NeMo/Megatron-Bridge@0494433 src/megatron/bridge/training/utils/flop_utils.py attn_layer_flops: "
                       "core_seq / 2");
        p->logsLastPipelineRank = true;
        p->megatronCoreMoe = true;
    } else if (key == "megatron-deepspeed") {
        p = make("megatron-deepspeed", "Megatron-DeepSpeed (BLOOM, MT-NLG)", FlopCount::Full,
                 {{"framework", "deepspeed", "DeepSpeed engine with Megatron's TP / PP"}},
                 "Narayanan et al. 2021 count, as Megatron-DeepSpeed's TFLOP/s log");
    } else if (key == "deepspeed") {
        p = make("deepspeed", "DeepSpeed", FlopCount::Full, {{"framework", "deepspeed", "the DeepSpeed engine"}},
                 "deepspeed/profiling flops profiler (full attention)");
    } else if (key == "hf-trainer") {
        p = make("hf-trainer", "Hugging Face Trainer", FlopCount::Full,
                 {{"compiled", "off", "eager unless torch_compile=True"}},
                 "transformers Trainer floating_point_ops: 6 N tokens");
    } else if (key == "llm-foundry") {
        p = make("llm-foundry", "MosaicML llm-foundry (Composer)", FlopCount::Full,
                 {{"framework", "fsdp2", "Composer FSDP FULL_SHARD"}},
                 "llm-foundry scripts/train/benchmarking: 6 N + 12 l h s (full)");
    } else if (key == "thunder") {
        p = make("thunder", "lightning-thunder / litgpt", FlopCount::Full, {{"loss_fp32", "off", "litgpt CE in the logits' dtype"}},
                 "litgpt utils flops (full attention)");
    }
    if (p)
        p->version = version;
    return p;
}

std::vector<StackDefault> applyStack(const StackProfile& p, Scenario& s)
{
    std::vector<StackDefault> set;
    for (const StackDefault& d : p.defaults) {
        const Knob* k = findKnobByKey(d.knob);
        if (!k)
            continue;
        bool ok = false;
        if (d.knob == "recipe") { // a Special knob: the recipe table's id
            s.recipe = resolveRecipe(d.value);
            ok = true;
        } else if (k->setKey) {
            ok = k->setKey(s, d.value);
        } else if (k->set) {
            if (d.value == "on" || d.value == "off") {
                k->set(s, d.value == "on" ? 1.0 : 0.0);
                ok = true;
            } else {
                char* end = nullptr;
                const double v = strtodC(d.value.c_str(), &end);
                ok = end != d.value.c_str() && *end == '\0' && k->inRange(v);
                if (ok)
                    k->set(s, v);
            }
        }
        if (ok)
            set.push_back(d);
    }
    return set;
}

bool stackDefaultHolds(const StackDefault& d, const Scenario& s)
{
    Scenario with = s;
    StackProfile one;
    one.defaults = {d};
    if (applyStack(one, with).empty())
        return false;
    if (d.knob == "recipe")
        return with.recipe.id == s.recipe.id;
    const Knob* k = findKnobByKey(d.knob);
    if (k->get)
        return k->get(with) == k->get(s);
    return k->getKey && k->getKey(with) == k->getKey(s);
}

double modelFlopsIn(FlopCount c, const Scenario& s, const StepTotals& t)
{
    if (c == FlopCount::Full)
        return t.modelFlops;
    const Architecture& a = s.arch;
    const double q = double(a.heads) * double(a.headDim > 0 ? a.headDim : a.hidden / std::max<std::int64_t>(1, a.heads));
    const double scores = 12.0 * double(s.seq) * q * double(a.layers) * t.tokensPerStep;
    return t.modelFlops - 0.5 * scores;
}

double mfuIn(FlopCount c, const Scenario& s, const StepTotals& t)
{
    return t.modelFlops > 0 ? t.mfu * modelFlopsIn(c, s, t) / t.modelFlops : 0.0;
}

double modelTflopsPerGpuIn(FlopCount c, const Scenario& s, const StepTotals& t)
{
    return t.stepTime > 0 ? modelFlopsIn(c, s, t) / t.stepTime / double(std::max<std::int64_t>(1, s.gpus)) / 1e12 : 0.0;
}

std::optional<StackProfile> applyStatedColumns(const std::map<std::string, std::string>& row, Scenario& s, RowReadings& log,
                                               const ConfigImporter* importer,
                                               const std::function<bool(const std::string&)>& formatColumn)
{
    std::optional<StackProfile> stack;
    const auto refuse = [](const std::string& reason) { throw InvalidInput("row", reason); };
    const auto cell = [&](const char* key) -> std::string {
        const auto it = row.find(key);
        return it == row.end() ? std::string() : it->second;
    };
    if (const std::string stated = cell("stack"); !stated.empty()) {
        std::string key = stated;
        std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        stack = stackProfile(key);
        if (!stack)
            refuse("unknown stack '" + stated + "' (torchtitan, torchtune, megatron-core, nemo, megatron-deepspeed, "
                   "deepspeed, hf-trainer, llm-foundry, thunder; NAME@VERSION for an older one)");
        for (const StackDefault& d : applyStack(*stack, s))
            log.assume(d.knob, d.value, stack->key + ": " + d.why);
        s.stack = stackLabel(*stack);
    }
    // The run's own config file (issue 24): what it states replaces what the columns and the stack gave.
    if (const std::string config = cell("config"); !config.empty()) {
        if (!importer || !*importer)
            refuse("column config: " + config + ": no importer for config files here");
        std::vector<std::string> notes;
        try {
            notes = (*importer)(config, s);
        } catch (const InvalidInput& e) {
            refuse(std::string("column config: ") + e.what());
        }
        for (const std::string& n : notes)
            log.assume("config", config, n);
        log.read("config", config, "config", "imported");
    }
    for (const auto& [column, text] : row) {
        if (text.empty() || formatColumn(column))
            continue;
        const Knob* k = findKnobByKey(column);
        if (!k)
            continue;
        std::string error;
        if (!setKnobFromText(*k, text, s, error))
            refuse(std::string("column ").append(column).append(": ").append(error));
        log.read(column, text, column, "explicit column");
    }
    return stack;
}

} // namespace shardscope
