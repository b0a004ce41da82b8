// SPDX-License-Identifier: MIT
#include "shardscope/validation_memory.h"

#include "shardscope/errors.h"

#include "cnumber.h"
#include "shardscope/footprint.h"
#include "shardscope/gpus.h"
#include "shardscope/gputype.h"
#include "shardscope/knobs.h"
#include "shardscope/modelreading.h"
#include "shardscope/phrases.h"
#include "shardscope/stacks.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <map>
#include <optional>
#include <regex>

namespace shardscope {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}
bool has(const std::string& text, const char* what) { return lower(text).find(lower(what)) != std::string::npos; }

/// A row that cannot be modelled: the reason goes to `unmodelled`.
struct Skip
{
    std::string reason;
};

std::int64_t integer(const std::map<std::string, std::string>& r, const char* key)
{
    const std::string& v = r.at(key);
    char* end = nullptr;
    errno = 0;
    const long long x = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || x < 1)
        throw Skip {std::string(key) + " '" + v + "' is not a positive integer"};
    if (errno == ERANGE) // strtoll gave LLONG_MAX: a silent clamp
        throw Skip {std::string(key) + " '" + v + "' is out of range"};
    return x;
}

std::int64_t firstInt(const std::string& text, const std::regex& re)
{
    std::smatch m;
    if (std::regex_search(text, m, re)) {
        if (m[1].length() > 9) // a count in the layout or notes; std::stoll would throw on 20 digits
            throw Skip {"'" + m[0].str() + "' is out of range"};
        return std::stoll(m[1].str());
    }
    return 0;
}

std::string gpuOf(const std::string& type, Scenario& s, RowReadings& log)
{
    const GpuTypeReading g = readGpuType(type);
    if (g.preset.empty())
        throw Skip {g.refusal};
    applyGpuTypeReading(g, s);
    log.read("gpu", g.preset, "gpu_type", g.phrase);
    if (!g.variant.empty())
        log.assume("gpu-variant", g.phrase, g.variant);
    return g.preset;
}

/// The first of `phrases` the text affirms (whole words, not negated), recorded as the reading of `knob`.
bool says(RowReadings& log, const std::string& column, const std::string& text, std::initializer_list<const char*> phrases,
          const char* knob, const std::string& value)
{
    for (const char* p : phrases)
        if (affirms(text, p)) {
            log.read(knob, value, column, p);
            return true;
        }
    return false;
}

/// The first of `phrases` the text affirms (whole words), or nullptr.
const char* firstAffirmed(const std::string& text, std::initializer_list<const char*> phrases)
{
    for (const char* p : phrases)
        if (affirms(text, p))
            return p;
    return nullptr;
}

/// The offload cell: none ("none", "no", "off", "-"), activations to the host, or ZeRO-Offload's optimizer states
/// ("optimizer -> CPU", "ZeRO-Offload", "offload_optimizer") and ZeRO-Infinity's parameters ("params -> CPU",
/// "offload_param", ZeRO-3 only), to CPU or NVMe. A bare "cpu" / "nvme" is DeepSpeed's offload_optimizer device, the
/// offload ZeRO-Offload names (listed as assumed). Anything else is refused.
void readOffload(const std::string& cell, Scenario& s, RowReadings& log)
{
    std::string t = lower(cell);
    t.erase(0, t.find_first_not_of(' '));
    t.erase(t.find_last_not_of(' ') + 1);
    if (t.empty() || t == "-" || t == "n/a" || firstAffirmed(cell, {"none", "no", "off", "false", "disabled"}))
        return;
    bool any = false;
    if (says(log, "offload", cell, {"activations", "activation"}, "activation-offload", "yes")) {
        s.activationOffload = true;
        any = true;
    }
    const OffloadDevice device = has(cell, "nvme") ? OffloadDevice::Nvme : OffloadDevice::Cpu;
    const std::string where = device == OffloadDevice::Nvme ? "nvme" : "cpu";
    const bool params = firstAffirmed(cell, {"params", "param", "parameters", "offload_param", "zero-infinity", "weights"});
    const bool optimizer = firstAffirmed(cell, {"optimizer", "optimizer states", "offload_optimizer", "zero-offload"});
    if (params) {
        if (s.zeroStage != 3)
            throw Skip {"offload '" + cell + "': parameter offload needs ZeRO-3"};
        s.offloadParams = device;
        log.read("offload-params", where, "offload", cell);
        any = true;
    }
    if (optimizer) {
        s.offloadOptimizer = device;
        log.read("offload-optimizer", where, "offload", cell);
        any = true;
    }
    if (!any && (has(cell, "cpu") || has(cell, "nvme"))) {
        s.offloadOptimizer = device;
        log.assume("offload-optimizer", where, "'" + cell + "' without what moves: DeepSpeed's offload_optimizer, what "
                                                 "ZeRO-Offload moves");
        any = true;
    }
    if (!any)
        throw Skip {"offload '" + cell + "' is not modelled"};
}

/// The documented mapping rules (docs/validation.md, "From a row to a scenario").
Scenario scenarioOf(const std::map<std::string, std::string>& r, std::int64_t carriedLossChunks, std::string& how,
                    RowReadings& log)
{
    Scenario s;
    if (const std::string why = overlongNumberIn(r); !why.empty())
        throw Skip {why};
    const std::string model = r.at("model"), layout = r.at("zero_stage_or_fsdp"), precision = r.at("precision");
    const std::string optimizer = r.at("optimizer"), ckpt = r.at("checkpointing"), notes = r.at("notes");
    // --- architecture: the row's fields; the block's family from the model name.
    Architecture a;
    a.id = "custom";
    a.name = model;
    a.layers = integer(r, "layers");
    a.hidden = integer(r, "hidden");
    a.heads = integer(r, "heads");
    a.kvHeads = integer(r, "kv_heads");
    a.ffn = integer(r, "ffn");
    a.vocab = integer(r, "vocab");
    // An optional head_dim column: heads whose width is not hidden / heads (Gemma 7B: 16 heads of 256 on a 3072
    // residual, transformers' GemmaConfig.head_dim). Empty or absent: hidden / heads.
    if (const auto hd = r.find("head_dim"); hd != r.end() && !hd->second.empty()) {
        a.headDim = integer(r, "head_dim");
    } else {
        if (a.hidden % a.heads != 0)
            throw Skip {"hidden is not a multiple of heads"};
        a.headDim = a.hidden / a.heads;
    }
    // Model names are identifiers ("Llama-2-13b-hf", "bert-large-uncased", "OPT-350m"): the family as a substring.
    std::string family;
    for (const char* f : {"llama", "mistral", "qwen", "phi-3", "phi3", "gemma", "bert", "opt", "gpt"})
        if (family.empty() && has(model, f))
            family = f;
    // A model preset the name gives (modelreading.h, issue 25: "Mixtral 8x7B", "gpt-oss-120b") carries its own block.
    const std::optional<PresetMatch> preset = presetForModelName(model);
    if (family.empty() && !preset) {
        // A name that says Mixture of Experts is refused for that reason (readModelShape), else for the family.
        a.gatedMlp = true;
        try {
            (void)readModelShape(r, {{"model", model}, {"notes", notes}, {"zero_stage_or_fsdp", layout}},
                                 StatedShape {true, true, true, true, true, true, 0}, a, log);
        } catch (const InvalidInput& e) {
            throw Skip {e.what()};
        }
        throw Skip {"unknown model family '" + model + "' (llama, mistral, qwen, phi-3, gemma, bert, opt, gpt known)"};
    }
    // Phi-3 is a llama block: a gated SiLU MLP (gate_up_proj), RMSNorm, no biases (transformers' Phi3MLP, Phi3RMSNorm;
    // litgpt runs it with LLaMAMLP and RMSNorm). Phi-2 (GeLU, LayerNorm, parallel blocks) is not.
    // Gemma (1) is a llama block with a GeLU gate (GeGLU: gate_proj, up_proj, down_proj; the same three matrices and
    // saved tensors as SwiGLU), RMSNorm, no biases, and its head tied to the embedding (transformers' GemmaMLP,
    // GemmaRMSNorm, GemmaForCausalLM _tied_weights_keys; litgpt's Gemma configs: LLaMAMLP's GemmaMLP, RMSNorm with
    // add_unit_offset; litgpt itself unties it, below).
    const bool gemma = !preset && family == "gemma";
    const bool gated = preset ? preset->arch.gatedMlp
                              : family == "llama" || family == "mistral" || family == "qwen" || family == "phi-3"
            || family == "phi3" || gemma;
    log.read("block",
             gemma   ? "gemma (GeGLU, RMSNorm, no biases, tied head)"
             : gated ? "llama (SwiGLU, RMSNorm, no biases)"
                     : "gpt (GeLU, LayerNorm, biases, dropout)",
             "model", preset ? preset->arch.id : family);
    a.gatedMlp = gated;
    a.norm = gated ? NormKind::RMSNorm : NormKind::LayerNorm;
    a.qkvBias = a.attnOutBias = a.mlpBias = !gated;
    a.dropout = !gated; // BERT and OPT train with dropout 0.1
    a.tiedEmbeddings = !gated || gemma || says(log, "model", model, {"tied"}, "tied-embeddings", "yes");
    if (says(log, "notes", notes, {"untied"}, "tied-embeddings", "no"))
        a.tiedEmbeddings = false;
    // litgpt never ties: GPT.__init__ builds lm_head as its own nn.Linear beside transformer.wte, an nn.Embedding
    // (Lightning-AI/litgpt litgpt/model.py at 981d0418516b34354e426feb547fe5830e620a84), and its checkpoint converter
    // fills a missing lm_head.weight with a copy of the embedding ("if 'lm_head.weight' not in state_dict:
    // state_dict['lm_head.weight'] = state_dict['transformer.wte.weight']", litgpt/scripts/convert_hf_checkpoint.py
    // at ce547e0bcd7f8266c0684bc0e8988649ae9762af, copy_weights_hf_llama, which Gemma's GemmaMLP configs use). A tied
    // model run by litgpt holds two vocab x hidden matrices; the row's total (the checkpoint's tied count) gets the
    // head's on top.
    std::int64_t untiedHead = 0;
    {
        const std::string both = r.at("source") + " " + notes;
        if (a.tiedEmbeddings && (has(both, "litgpt") || has(both, "lit-gpt") || has(both, "lit_gpt"))) {
            a.tiedEmbeddings = false;
            untiedHead = a.vocab * a.hidden;
            log.read("tied-embeddings", "no", "source+notes",
                     "litgpt: lm_head a separate nn.Linear, filled from the embedding (litgpt/model.py)");
        }
    }
    // The model as a whole (modelreading.h): the preset's MoE / MLA shape and block, MoE and EP from the text and
    // explicit columns, the row's total_params as a check. Every dense field is a cell of this format.
    ModelShapeReading shape;
    try {
        shape = readModelShape(r, {{"model", model}, {"notes", notes}, {"zero_stage_or_fsdp", layout}},
                               StatedShape {true, true, true, true, true, true, untiedHead}, a, log);
    } catch (const InvalidInput& e) {
        throw Skip {e.what()};
    }
    if (shape.ep)
        s.ep = *shape.ep;
    if (shape.etp)
        s.etp = *shape.etp;
    s.arch = a;
    s.bareParams = std::nullopt;
    validateArchitecture(a);
    // The architecture's own count when it is within 2% of the row's total (heads, poolers and projections
    // outside the block account for the rest); otherwise the row's count with the architecture's shape.
    const std::int64_t total = integer(r, "total_params") + untiedHead;
    const double counted = double(countParams(a).total);
    if (std::fabs(counted - double(total)) > 0.02 * double(total))
        s.bareParams = total;
    how = std::string(a.gatedMlp ? "llama block" : "gpt block with dropout") + (s.bareParams ? ", bare count" : "");

    // --- layout
    s.gpus = integer(r, "gpus");
    s.tp = integer(r, "tp");
    s.pp = integer(r, "pp");
    const std::int64_t dp = integer(r, "dp");
    // "CP=2 (ring attention)", "cp=2;"; not "cp = 8x1" (a product, not a degree)
    bool tooLong = false;
    const std::int64_t cpLayout = numberAfter(layout, "CP", &tooLong).value_or(0);
    const std::int64_t cpNotes = tooLong ? 0 : numberAfter(notes, "CP", &tooLong).value_or(0);
    if (tooLong) { // name the text read: "'cp=99999999999999999999999' is out of range"
        const std::regex cpRe("\\bCP ?[=:]? ?([0-9]+)", std::regex::icase);
        firstInt(layout, cpRe);
        firstInt(notes, cpRe);
        throw Skip {"the CP degree in the layout or notes is out of range"};
    }
    s.cp = std::max<std::int64_t>(1, std::max(cpLayout, cpNotes));
    if (s.cp > 1)
        log.read("cp", std::to_string(s.cp), cpLayout >= cpNotes ? "zero_stage_or_fsdp" : "notes", "CP=" + std::to_string(s.cp));
    // The product in double first: four counts up to 9e18 overflowed int64 (UB) before the comparison.
    if (double(dp) * double(s.tp) * double(s.pp) * double(s.cp) > double(s.gpus))
        throw Skip {"dp x tp x pp x cp is more than gpus " + std::to_string(s.gpus)};
    if (dp * s.tp * s.pp * s.cp != s.gpus)
        throw Skip {"dp x tp x pp x cp = " + std::to_string(dp * s.tp * s.pp * s.cp) + " is not gpus "
                    + std::to_string(s.gpus)};
    s.sequenceParallel = s.tp > 1
        && says(log, "zero_stage_or_fsdp", layout, {"SP", "sequence-parallel", "sequence parallel", "sequence_parallel"},
                "sequence-parallel", "yes");
    s.gpu = gpuOf(r.at("gpu_type"), s, log);

    // --- framework and stage
    // "ZeRO-3", "zero3", "ZeRO stage 2", "ZeRO 1", "stage 3" (the last beside DeepSpeed's name).
    static const std::regex zeroRe("\\bzero[-_ ]?(?:stage[-_ ]?)?([0-3])\\b", std::regex::icase);
    static const std::regex stageRe("\\bstage[-_ ]?([0-3])\\b", std::regex::icase);
    const bool zeroNamed = std::regex_search(layout, zeroRe);
    const bool stageNamed = zeroNamed || std::regex_search(layout, stageRe);
    const std::int64_t zeroN = zeroNamed ? firstInt(layout, zeroRe) : firstInt(layout, stageRe);
    if (says(log, "zero_stage_or_fsdp", layout, {"FSDP", "FSDP1", "FSDP2"}, "framework", "fsdp2")) {
        s.framework = Framework::Fsdp2;
        s.zeroStage = says(log, "zero_stage_or_fsdp", layout, {"zero2", "SHARD_GRAD_OP"}, "zero-stage", "2") ? 2 : 3;
        s.fsdpReshardAfterForward = !says(log, "zero_stage_or_fsdp", layout,
                                          {"reshard_after_forward=False", "no reshard after fwd"}, "reshard-after-forward", "no");
    } else if (says(log, "zero_stage_or_fsdp", layout, {"deepspeed"}, "framework", "deepspeed")) {
        if (!stageNamed)
            throw Skip {"zero_stage_or_fsdp '" + layout + "' names DeepSpeed without its ZeRO stage"};
        s.framework = Framework::DeepSpeed;
        s.zeroStage = int(zeroN);
        log.read("zero-stage", std::to_string(zeroN), "zero_stage_or_fsdp", "ZeRO-" + std::to_string(zeroN));
    } else if (says(log, "zero_stage_or_fsdp", layout, {"megatron", "megatron-lm", "megatron-core", "mcore", "nemo"}, "framework", "megatron")
               || says(log, "zero_stage_or_fsdp", layout, {"distributed optimizer", "distributed-optimizer", "use-distributed-optimizer"},
                       "framework", "megatron")) {
        // Megatron's distributed optimizer is ZeRO-1 (megatron/core/optimizer/distrib_optimizer.py): it is on when
        // the layout affirms it (or names ZeRO-1), off when it is negated or not named.
        s.framework = Framework::Megatron;
        s.zeroStage = says(log, "zero_stage_or_fsdp", layout,
                           {"distributed optimizer", "distributed-optimizer", "use-distributed-optimizer"}, "zero-stage", "1")
                || (zeroNamed && zeroN == 1)
            ? 1
            : 0;
        if (s.zeroStage == 0)
            log.assume("zero-stage", "0", "Megatron without an affirmed distributed optimizer keeps whole optimizer states");
    } else if (zeroNamed) {
        // "ZeRO-N" without a framework's name: DeepSpeed's stage N (the name is DeepSpeed's).
        s.framework = Framework::DeepSpeed;
        s.zeroStage = int(zeroN);
        log.read("framework", "deepspeed", "zero_stage_or_fsdp", "ZeRO-" + std::to_string(zeroN));
        log.read("zero-stage", std::to_string(zeroN), "zero_stage_or_fsdp", "ZeRO-" + std::to_string(zeroN));
    } else if (says(log, "zero_stage_or_fsdp", layout, {"DDP"}, "framework", "ddp")) {
        s.framework = Framework::Ddp;
        s.zeroStage = 0;
    } else if (says(log, "zero_stage_or_fsdp", layout, {"hsdp", "hybrid_shard", "hybrid shard"}, "framework", "hsdp")) {
        throw Skip {"zero_stage_or_fsdp '" + layout + "': HSDP shards within a group and replicates across it, which no "
                    "ZeRO stage over the whole data-parallel group describes"};
    } else if (says(log, "zero_stage_or_fsdp", layout, {"single", "none", "no sharding", "replicated"}, "framework",
                    s.gpus == 1 ? "single" : "ddp")) {
        s.framework = s.gpus == 1 ? Framework::Single : Framework::Ddp;
        s.zeroStage = 0;
    } else {
        throw Skip {"unknown zero_stage_or_fsdp '" + layout + "'"};
    }
    if (says(log, "zero_stage_or_fsdp", layout, {"interleaved"}, "pp-schedule", "interleaved")) {
        s.schedule = PipelineSchedule::Interleaved;
        const std::int64_t v = firstInt(layout, std::regex("([0-9]+) stages/rank"));
        s.vpp = std::max<std::int64_t>(2, v);
        if (v >= 2)
            log.read("vpp", std::to_string(s.vpp), "zero_stage_or_fsdp", std::to_string(v) + " stages/rank");
        else
            log.assume("vpp", "2", "an interleaved schedule without a count: the least interleaving there is");
    }

    // --- batch
    s.seq = integer(r, "seq") ;
    s.microBatch = integer(r, "micro_batch");
    s.gradAccum = std::max<std::int64_t>(1, firstInt(notes, std::regex("gradient_accumulation_steps=([0-9]+)")));
    if (s.gradAccum > 1)
        log.read("grad-accum", std::to_string(s.gradAccum), "notes", "gradient_accumulation_steps=" + std::to_string(s.gradAccum));
    if (s.pp > 1) {
        const std::int64_t m = firstInt(notes, std::regex("([0-9]+) ?microbatches"));
        s.gradAccum = std::max<std::int64_t>(s.pp, m);
        if (m >= s.pp)
            log.read("grad-accum", std::to_string(s.gradAccum), "notes", std::to_string(m) + " microbatches");
        else
            log.assume("grad-accum", std::to_string(s.gradAccum), "pipeline micro-batches = PP degree (torchtitan's default)");
    }

    // --- precision and optimizer
    const bool float8 = says(log, "notes", notes, {"float8"}, "float8", "yes")
        || says(log, "precision", precision, {"float8", "fp8"}, "float8", "yes");
    if (says(log, "precision", precision, {"pure bf16", "bf16 (params, grads"}, "recipe", "bf16 (no fp32 master)")) {
        const bool states16 = has(optimizer, "bf16") || has(precision, "optimizer states bf16");
        s.recipe = resolveRecipe(states16 ? "fp16-no-master-16bit-adam" : "bf16-no-master");
        if (states16)
            log.read("recipe", "fp16-no-master-16bit-adam", "optimizer", "bf16 states");
    } else if (says(log, "precision", precision, {"fp16 amp"}, "recipe", "fp32 + autocast")) {
        s.recipe = resolveRecipe("fp32");
        s.activationPrecision = ActivationPrecision::Autocast;
    } else if (lower(precision).rfind("fp32", 0) == 0) {
        log.read("recipe", "fp32", "precision", "fp32");
        s.recipe = resolveRecipe("fp32");
    } else if (says(log, "precision", precision, {"mixed"}, "recipe", float8 ? "fp8-mixed" : "mixed")) {
        s.recipe = resolveRecipe(float8 ? "fp8-mixed" : "mixed");
    } else if (says(log, "precision", precision, {"bf16 amp", "amp", "autocast", "torch.autocast"}, "recipe", "fp32 + autocast")) {
        // PyTorch AMP: fp32 parameters, gradients and states, 16-bit activations under torch.autocast.
        s.recipe = resolveRecipe("fp32");
        s.activationPrecision = ActivationPrecision::Autocast;
    } else if (const char* w = firstAffirmed(precision, {"bf16", "fp16", "bfloat16", "float16", "16-bit"})) {
        // A bare 16-bit word: each stack's meaning of "bf16" (its documented default). Unsharded (DDP, one GPU):
        // Hugging Face Trainer's bf16=True and PyTorch AMP keep fp32 parameters under torch.autocast. Sharded (FSDP's
        // MixedPrecision / MixedPrecisionPolicy, DeepSpeed's bf16 / fp16, Megatron's --bf16): 16-bit parameters with an
        // fp32 master copy and fp32 optimizer states.
        const bool unsharded = s.framework == Framework::Ddp || s.framework == Framework::Single;
        if (unsharded) {
            s.recipe = resolveRecipe("fp32");
            s.activationPrecision = ActivationPrecision::Autocast;
            log.assume("recipe", "fp32 + autocast",
                       std::string("'") + w + "' without more on DDP or one GPU: fp32 parameters under torch.autocast "
                       "(Hugging Face Trainer's bf16=True, PyTorch AMP)");
        } else {
            s.recipe = resolveRecipe(float8 ? "fp8-mixed" : "mixed");
            log.assume("recipe", float8 ? "fp8-mixed" : "mixed",
                       std::string("'") + w + "' without more on a sharded stack: 16-bit parameters, fp32 master and "
                       "states (FSDP MixedPrecision, DeepSpeed bf16 / fp16, Megatron --bf16)");
        }
    } else {
        throw Skip {"unknown precision '" + precision + "'"};
    }
    const bool bf16States = s.recipe.optimizer == 4;
    // Optimizer names are identifiers ("PagedAdamW8bit", "bnb.optim.Adam8bit"): read as substrings.
    if (has(optimizer, "8bit") || has(optimizer, "8-bit")) {
        s.optimizer = Optimizer::Adam8bit;
        log.read("optimizer", "adam8bit", "optimizer", "8bit");
    } else if (has(optimizer, "adafactor")) {
        s.optimizer = Optimizer::Adafactor;
        log.read("optimizer", "adafactor", "optimizer", "adafactor");
    } else if (has(optimizer, "adam")) {
        s.optimizer = bf16States ? Optimizer::RecipeDefault : Optimizer::AdamW;
        log.read("optimizer", bf16States ? "the recipe's 16-bit Adam" : "adamw", "optimizer", "adam");
    } else if (has(optimizer, "lion")) {
        s.optimizer = Optimizer::Lion;
        log.read("optimizer", "lion", "optimizer", "lion");
    } else if (has(optimizer, "sgd")) {
        // torch.optim.SGD keeps a momentum buffer only when momentum is set (its default is 0).
        const bool momentum = has(optimizer, "momentum") || has(optimizer, "nesterov");
        s.optimizer = momentum ? Optimizer::SgdMomentum : Optimizer::Sgd;
        log.read("optimizer", momentum ? "sgd-momentum" : "sgd", "optimizer", momentum ? "sgd, momentum" : "sgd");
    } else {
        throw Skip {"unknown optimizer '" + optimizer + "'"};
    }
    s.pagedOptimizer = has(optimizer, "paged");
    // Paging decides whether the states count in PyTorch's figures at all (managed memory is outside the
    // caching allocator): an optimizer whose paging is only inferred cannot be modelled.
    if (s.pagedOptimizer && has(optimizer, "inferred"))
        throw Skip {"the optimizer is inferred as a paged one (" + optimizer
                    + "); paged states are outside PyTorch's allocator, so whether they count is the inference itself"};
    s.optimizerInBackward = says(log, "optimizer", optimizer, {"fused into backward"}, "optimizer-in-backward", "yes");

    // --- activations
    {
        const auto ck = readCheckpointingText(ckpt); // phrases.h: the steps reader's rules
        if (!ck || ck->phrase.empty())
            throw Skip {"unknown checkpointing '" + ckpt + "'"};
        s.checkpointing = ck->value;
        if (ck->granularityAssumed)
            log.assume("checkpointing", checkpointingKey(ck->value),
                       "'" + ck->phrase + "' without a granularity: every layer in full (Hugging Face Trainer's "
                       "gradient_checkpointing, DeepSpeed's activation checkpointing, PyTorch's checkpoint_wrapper)");
        else
            log.read("checkpointing", checkpointingKey(ck->value), "checkpointing", ck->phrase);
    }
    // flash_attn: yes / no, or the kernel's name. Fused kernels that never hold the score matrix (FlashAttention,
    // PyTorch SDPA's flash and memory-efficient back ends, xFormers, flex attention, cuDNN's) are "yes"; eager and
    // SDPA's math back end are "no". Words that are neither refuse the row.
    {
        const std::string cell = r.at("flash_attn");
        const auto flash = readSwitchText(cell, {"flash", "flash attention", "flashattention", "flashattention-2",
                                                 "flash_attention_2", "flash-attn", "fa2", "fa3", "sdpa",
                                                 "scaled_dot_product_attention", "memory-efficient", "mem-efficient",
                                                 "xformers", "flex", "flex attention", "cudnn"});
        const bool eager = affirms(cell, "eager") || affirms(cell, "math");
        if (!flash && !eager)
            throw Skip {"flash_attn '" + cell + "' is neither yes nor no nor a kernel's name"};
        s.flashAttention = flash && !eager ? flash->value : false;
        log.read("flash-attention", s.flashAttention ? "yes" : "no", "flash_attn", flash && !eager ? flash->phrase : "eager");
    }
    s.compiled = says(log, "notes", notes, {"compile", "torch.compile", "compiled"}, "compiled", "yes");
    if (!s.compiled)
        log.assume("compiled", "no", "no affirmed compile in the notes: eager kernels");
    readOffload(r.at("offload"), s, log);
    // torchtune num_output_chunks = 8 (an identifier: CEWithChunkedOutputLoss)
    s.lossChunks = has(notes, "ChunkedOutputLoss") ? 8 : carriedLossChunks;
    if (has(notes, "ChunkedOutputLoss"))
        log.read("loss-chunks", "8", "notes", "ChunkedOutputLoss (torchtune num_output_chunks default)");
    else if (carriedLossChunks > 1)
        log.assume("loss-chunks", std::to_string(carriedLossChunks), "carried from the cumulative table's earlier row");
    // The loss: torchtitan compiles it from its 2025 builds (torchtitan/components/loss.py; torch 2.7 and later);
    // litgpt's benchmark computes cross-entropy on the logits' own dtype (no upcast).
    const bool torch2025 = has(notes, "torch 2.7") || has(notes, "torch 2.8") || has(notes, "torch 2.9")
        || has(notes, "NGC 25.");
    s.lossCompiled = has(r.at("source"), "torchtitan") && s.compiled && torch2025;
    if (s.lossCompiled)
        log.assume("loss-compiled", "yes", "torchtitan compiles its loss from torch 2.7 / NGC 25.x");
    // torchtune compiles the chunked loss whenever the recipe compiles (compile: True): its recipes call
    // training.compile_loss(self._loss_fn), which for CEWithChunkedOutputLoss replaces compute_cross_entropy (one
    // chunk's fp32 upcast and cross-entropy) by its torch.compile'd version in place (pytorch/torchtune
    // torchtune/training/_compile.py at fc451165b8835271d436f8e0ca3fcfbf5bd038e3): the upcast is fused, no fp32
    // chunk buffers. Any other loss is compiled into a return value the recipes drop, so it stays eager.
    if (!s.lossCompiled && has(r.at("source"), "torchtune") && s.compiled && s.lossChunks > 1) {
        s.lossCompiled = true;
        log.assume("loss-compiled", "yes",
                   "torchtune with compile: training.compile_loss compiles CEWithChunkedOutputLoss's upcast and "
                   "cross-entropy");
    }
    s.lossFp32 = !has(r.at("source"), "lightning-thunder");
    if (!s.lossFp32)
        log.assume("loss-fp32", "no", "litgpt's benchmark takes cross-entropy in the logits' dtype");
    // bitsandbytes up to 0.43.1 saved the input of its 4-bit matmul for backward although the frozen weight takes no
    // gradient (MatMul4Bit.forward: ctx.tensors = (A, B), quoted in bitsandbytes-foundation/bitsandbytes issue #643,
    // 2023-07-26); pull request #1270 ("delete useless buffered activation", merged 2024-07-16) keeps only the weight
    // (ctx.tensors = (None, B) at 012c660699ccb92bfa97916f1a18bed0980eae00), released in 0.43.2 (its CHANGELOG: "the
    // QLoRA bug fix ... activations being unnecessary for frozen parameters"). Read where the row names a release
    // before 0.43.2 (0.43 without a patch number is not read).
    {
        static const std::regex bnbRe("\\bbitsandbytes v?([0-9]{1,3})\\.([0-9]{1,3})(?:\\.([0-9]{1,3}))?\\b",
                                      std::regex::icase);
        for (const char* column : {"source", "notes"}) {
            std::smatch m;
            const std::string& text = r.at(column);
            const auto before0432 = [&] {
                const int minor = std::stoi(m[2].str());
                return std::stoi(m[1].str()) == 0
                    && (minor <= 42 || (minor == 43 && m[3].matched && std::stoi(m[3].str()) <= 1));
            };
            if (!s.quantSavesInput && std::regex_search(text, m, bnbRe) && before0432()) {
                s.quantSavesInput = true;
                log.read("quant-saves-input", "on", column, m[0].str());
            }
        }
    }
    // litgpt's CausalSelfAttention runs one fused QKV linear and takes V as a view of its output (qkv.view, permute,
    // split, reshape: Lightning-AI/litgpt lit_gpt/model.py at 034afacae63c402007efc04d65ffe072dba48b05); eager, the
    // attention saves that view and so keeps the whole output. Compiled, the partitioner picks what is saved.
    for (const char* column : {"source", "notes"}) {
        const std::string& text = r.at(column);
        if (!s.fusedQkvView && !s.compiled && (has(text, "litgpt") || has(text, "lit-gpt") || has(text, "lit_gpt"))) {
            s.fusedQkvView = true;
            log.read("fused-qkv-view", "on", column, "litgpt (eager): V a view of the fused QKV output");
        }
    }
    // The litgpt package (the config hub's runs: config_hub/finetune/...) normalises in fp32: RMSNorm.forward does
    // x = x.float() and saves that copy (Lightning-AI/litgpt litgpt/model.py at
    // 04205815e8849fe883825e3e858e62749c5d7f4d); lit_gpt/rmsnorm.py at 3c51a202c6e3a28710abe4d85b04d1a96b981959 did
    // not, so a lit_gpt row of unknown commit is not read. Eager only (a compiled graph chooses what it saves).
    for (const char* column : {"source", "notes"}) {
        const std::string& text = r.at(column);
        if (!s.normFp32Input && !s.compiled && has(text, "litgpt") && has(text, "config_hub")) {
            s.normFp32Input = true;
            log.read("norm-fp32-input", "on", column, "litgpt config_hub (litgpt/model.py RMSNorm: x = x.float())");
        }
    }
    // transformers' LlamaForCausalLM upcasts the logits and returns them (logits = logits.float(), then the loss on
    // a shifted .contiguous() copy: huggingface/transformers src/transformers/models/llama/modeling_llama.py at
    // 002272831fba584eb30dca9729c1be456836960a). Read where the notes state that loss.
    if (says(log, "notes", notes, {"logits.float()"}, "fp32-logits", "on"))
        s.fp32Logits = true;
    // Lightning Fabric casts a set-up module's output to the default dtype: _FabricModule.forward returns
    // precision.convert_output(output) (Lightning-AI/pytorch-lightning src/lightning/fabric/wrappers.py at
    // 230b71f15d0df500b113e066174113ebc28316be), and the half-precision and bitsandbytes plugins convert to
    // torch.get_default_dtype(), fp32 outside the forward (plugins/precision/half.py at
    // 48d25e364f7bf2f713c89af5556cdabf2f03b0ea, bitsandbytes.py at 003e3070e7b6ed6e80ad449c88ebcbde0894c010). litgpt's
    // finetune scripts run the model through fabric.setup_module, so its logits (every lm_head chunk) reach the loss
    // in fp32, the 16-bit ones freed (the cast saves nothing for backward).
    {
        const std::string both = r.at("source") + " " + notes;
        if (!s.fp32Logits && (has(both, "litgpt") || has(both, "lit-gpt") || has(both, "lit_gpt"))
            && has(both, "finetune")) {
            s.fp32Logits = true;
            log.read("fp32-logits", "on", "source+notes",
                     "a litgpt finetune script under Lightning Fabric (convert_output: fp32 logits)");
        }
    }
    // litgpt's finetune scripts accumulate gradients under Lightning Fabric: every micro-batch but the last of a step
    // runs in fabric.no_backward_sync(model, enabled=is_accumulating), which Fabric's FSDPStrategy turns into
    // FSDP.no_sync(), and the strategy sets use_orig_params=True (Lightning-AI/pytorch-lightning
    // src/lightning/fabric/strategies/fsdp.py at 00608a3818370391bd585960fa6cce18d21617b2): each Block, frozen
    // weights and LoRA A/B together, keeps its whole gradient until the step (Scenario::fsdpNoSyncFullGrads).
    // lit-gpt's finetune/lora.py hard-codes batch_size = 128 and gradient_accumulation_iters = batch_size //
    // micro_batch_size (Lightning-AI/lit-gpt finetune/lora.py at b96a57082c18fd55fabdbb7b75dba1b26c83009e), so a row
    // naming that script accumulates whatever its micro-batch below 128; a config_hub row states its own batch sizes
    // and is read only where its notes give the accumulation.
    {
        const std::string both = r.at("source") + " " + notes;
        const bool litgpt = has(both, "litgpt") || has(both, "lit-gpt") || has(both, "lit_gpt");
        if (litgpt && has(both, "finetune") && s.framework == Framework::Fsdp2 && s.gpus > 1) {
            if (s.gradAccum == 1 && has(both, "finetune/lora.py") && !has(both, "config_hub") && s.microBatch > 0
                && s.microBatch < 128) {
                s.gradAccum = 128 / s.microBatch;
                log.read("grad-accum", std::to_string(s.gradAccum), "source+notes",
                         "lit-gpt finetune/lora.py: batch_size 128 // micro_batch_size");
            }
            if (s.gradAccum > 1) {
                s.fsdpNoSyncFullGrads = true;
                log.read("fsdp-no-sync-full-grads", "on", "source+notes",
                         "a litgpt finetune script under Fabric's FSDP with gradient accumulation (FSDP.no_sync, "
                         "use_orig_params=True)");
            }
        }
    }
    // PyTorch before 2.0 zeroes grads in place (zero_grad(set_to_none=False)): they stay between steps.
    s.zeroGradSetToNone = !has(notes, "torch ~1.") && !has(notes, "torch 1.");
    if (!s.zeroGradSetToNone)
        log.read("zero-grad-set-to-none", "no", "notes", "torch 1.x");
    s.logitsOverVocab = !(has(model, "reward model") || has(model, "SequenceClassification")
                          || has(notes, "no vocab logits"));
    if (!s.logitsOverVocab)
        log.read("logits-over-vocab", "no", "model", "reward / classification head");
    return s;
}

/// Fine-tuning rows (issue 28; docs/validation.md, "Fine-tuning rows"): the optional columns finetune_method (full,
/// lora, qlora, dora), lora_rank, lora_targets (q,k,v,o,gate,up,down,head or all-linear) and base_precision (bf16,
/// int8, nf4, fp4, fp8; empty: the method's). A file without them, or a row with them empty, is full fine-tuning.
void applyFinetuneColumns(const std::map<std::string, std::string>& r, Scenario& s)
{
    auto cell = [&](const char* k) {
        const auto it = r.find(k);
        return it == r.end() ? std::string() : lower(it->second);
    };
    const std::string m = cell("finetune_method");
    if (m.empty() || m == "full")
        return;
    const auto method = finetuneFromKey(m);
    if (!method)
        throw Skip {"unknown finetune_method '" + m + "' (full, lora, qlora, dora)"};
    s.finetune = *method;
    if (!cell("lora_rank").empty())
        s.loraRank = integer(r, "lora_rank");
    const auto targets = loraTargetsFromKey(cell("lora_targets"));
    if (!targets)
        throw Skip {"unknown lora_targets '" + cell("lora_targets") + "'"};
    s.loraTargets = *targets;
    const std::string bp = cell("base_precision");
    if (!bp.empty()) {
        const auto p = basePrecisionFromKey(bp);
        if (!p)
            throw Skip {"unknown base_precision '" + bp + "'"};
        s.basePrecision = *p;
    }
}

/// The 4-bit matmul's saved inputs of a litgpt finetune script (after applyFinetuneColumns(): the method and base are
/// known). Config hub rows (litgpt config_hub/finetune) name no bitsandbytes release; litgpt's finetune scripts warn
/// unless it is 0.42.0 ("LitGPT only supports bitsandbytes v0.42.0": Lightning-AI/litgpt litgpt/finetune/lora.py at
/// c16c72c04ce0774d23f08506dfd369c612f2d52f), a release that keeps A (fixed in 0.43.2). Those inputs are a ctx
/// attribute, which the autograd engine does not free after backward, and the scripts keep the step's logits bound
/// (`logits = model(input_ids, lm_head_chunk_size=128)` in fit(), same file), so the previous step's inputs are
/// still there at the next step's end of forward (Scenario::quantInputsOutliveStep). Read for config hub rows only:
/// they truncate every long sample to max_seq_length, so consecutive steps at the row's length occur; the lit-gpt
/// rows of 2023 are measured at the one longest sample, forced first (finetune/lora.py get_batch), with shorter
/// random batches after it.
void applyQuantReadings(const std::map<std::string, std::string>& r, Scenario& s, RowReadings& log)
{
    const BasePrecision bp = basePrecisionInForce(s);
    if (!finetuneAdapters(s) || (bp != BasePrecision::Nf4 && bp != BasePrecision::Fp4))
        return;
    const std::string both = r.at("source") + " " + r.at("notes");
    const bool configHub = has(both, "litgpt") && has(both, "config_hub");
    if (!s.quantSavesInput && configHub) {
        s.quantSavesInput = true;
        log.assume("quant-saves-input", "on",
                   "litgpt's finetune scripts support bitsandbytes 0.42.0 only (their warning), whose MatMul4Bit keeps "
                   "its input (dropped in 0.43.2)");
    }
    if (s.quantSavesInput && configHub && s.checkpointing == Checkpointing::None) {
        s.quantInputsOutliveStep = true;
        log.read("quant-inputs-outlive-step", "on", "source+notes",
                 "litgpt config_hub (fit() keeps the step's logits bound; MatMul4Bit keeps its input on ctx)");
    }
}

/// The columns of the shipped format; any other column named by a knob's file key (knobs.cpp) is an explicit knob.
bool legacyMemoryColumn(const std::string& c)
{
    static const char* kLegacy[] = {"id", "source", "model", "total_params", "layers", "hidden", "heads", "kv_heads",
                                    "ffn", "vocab", "seq", "micro_batch", "gpus", "gpu_type", "dp", "tp", "pp",
                                    "zero_stage_or_fsdp", "precision", "optimizer", "checkpointing", "flash_attn",
                                    "offload", "measured_GiB_per_gpu", "measured_kind", "inferred_fields", "notes", "stack", "config",
                                    // fine-tuning rows (issue 28): applyFinetuneColumns() reads them, gated by the method
                                    "finetune_method", "lora_rank", "lora_targets", "base_precision"};
    return std::find_if(std::begin(kLegacy), std::end(kLegacy), [&](const char* k) { return c == k; }) != std::end(kLegacy);
}

double predictedOf(const Footprint& f, const std::string& kind, bool lastStageOnly = false)
{
    std::int64_t v = 0;
    std::int64_t lastStage = 0;
    for (const auto& r : f.ranks)
        lastStage = std::max(lastStage, r.stage);
    for (const auto& r : f.ranks) {
        // Megatron and NeMo log memory from the last pipeline rank (stacks.h), not the busiest one.
        if (lastStageOnly && r.stage != lastStage)
            continue;
        if (kind == "peak_allocated")
            v = std::max(v, r.peakAllocatedBytes);
        else if (kind == "peak_reserved")
            v = std::max(v, r.peakReservedBytes);
        else if (kind == "device_used")
            v = std::max(v, r.deviceUsedBytes);
        else
            v = std::max(v, r.steadyStateBytes);
    }
    return double(v);
}

MemoryValidationGroup groupOf(const std::string& name, std::vector<double> errors)
{
    MemoryValidationGroup g;
    g.name = name;
    g.rows = int(errors.size());
    for (double& e : errors) {
        e = std::fabs(e);
        g.within10 += e <= 0.10 ? 1 : 0;
        g.maxAbsError = std::max(g.maxAbsError, e);
    }
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    if (n > 0)
        g.medianAbsError = n % 2 ? errors[n / 2] : 0.5 * (errors[n / 2 - 1] + errors[n / 2]);
    return g;
}

} // namespace

std::string measuredKindOf(const std::string& k)
{
    if (has(k, "nvidia-smi"))
        return "device_used";
    if (has(k, "current allocated") || has(k, "steady"))
        return "steady_state";
    if (lower(k).rfind("reserved", 0) == 0)
        return "peak_reserved";
    if (lower(k).rfind("allocated", 0) == 0 || lower(k).rfind("active", 0) == 0)
        return "peak_allocated";
    // What runs write for the same figures: torch.cuda.max_memory_reserved() / max_memory_allocated(), "peak
    // allocated", "used memory" (nvidia-smi, rocm-smi). A figure naming none of these ("peak memory") stays unread.
    if (has(k, "rocm-smi") || has(k, "used memory") || has(k, "device used") || has(k, "memory.used"))
        return "device_used";
    if (has(k, "reserved"))
        return "peak_reserved";
    if (has(k, "allocated") || has(k, "active_bytes"))
        return "peak_allocated";
    return "";
}

MemoryValidation validateMeasuredMemory(const std::string& csvText, const ConfigImporter& importer)
{
    const auto table = parseCsv(csvText, "measured");
    if (table.size() < 2)
        throw InvalidInput("measured", "--measured: the CSV has no rows");
    // Each row is a footprint: 16 MiB of short rows would take minutes.
    if (table.size() - 1 > kMaxValidationRows)
        throw InvalidInput("measured", "--measured: the CSV has " + std::to_string(table.size() - 1)
                                           + " rows; a measured CSV has a few hundred (at most " + std::to_string(kMaxValidationRows) + ")");
    const std::vector<std::string>& header = table.front();
    refuseDuplicateColumns(header, "measured");
    static const char* kNeeded[] = {"id", "source", "model", "total_params", "layers", "hidden", "heads", "kv_heads",
                                    "ffn", "vocab", "seq", "micro_batch", "gpus", "gpu_type", "dp", "tp", "pp",
                                    "zero_stage_or_fsdp", "precision", "optimizer", "checkpointing", "flash_attn",
                                    "offload", "measured_GiB_per_gpu", "measured_kind", "inferred_fields", "notes"};
    for (const char* k : kNeeded)
        if (std::find(header.begin(), header.end(), k) == header.end())
            throw InvalidInput("measured", std::string("--measured: the CSV has no '") + k
                                   + "' column (shared/data/README.md lists the columns)");
    MemoryValidation v;
    std::map<std::string, std::int64_t> chunksBySource; // cumulative tables carry the chunked loss onwards
    std::map<std::string, std::vector<double>> errorsByFramework;
    std::vector<double> all;
    for (std::size_t i = 1; i < table.size(); ++i) {
        const auto& cells = table[i];
        std::map<std::string, std::string> r;
        for (std::size_t c = 0; c < header.size(); ++c)
            r[header[c]] = c < cells.size() ? cells[c] : "";
        const std::string id = r["id"].empty() ? "line " + std::to_string(i + 1) : r["id"];
        if (cells.size() != header.size()) {
            v.unmodelled.push_back({id, "has " + std::to_string(cells.size()) + " fields, the header "
                                            + std::to_string(header.size())});
            continue;
        }
        try {
            MemoryValidationRow row;
            row.id = id;
            row.kind = measuredKindOf(r["measured_kind"]);
            if (row.kind.empty())
                throw Skip {"unknown measured_kind '" + r["measured_kind"] + "'"};
            // A plain decimal (not hex, nan, inf or a denormal) of a plausible size: 1e300 GiB became inf bytes,
            // an error of nan and a chart axis of inf.
            double gib = 0;
            if (!plainDecimal(r["measured_GiB_per_gpu"], gib) || gib <= 0)
                throw Skip {"measured_GiB_per_gpu '" + r["measured_GiB_per_gpu"].substr(0, 40) + "' is not a positive number"};
            if (gib < 1e-6 || gib > 1e6)
                throw Skip {"measured_GiB_per_gpu " + r["measured_GiB_per_gpu"].substr(0, 40)
                            + " is implausible (between 1e-06 and 1e+06 GiB per GPU)"};
            row.measuredBytes = gib * 1073741824.0;
            const std::string source = r["source"].substr(0, r["source"].find(" row "));
            const bool cumulative = has(r["notes"], "cumulative row");
            const std::int64_t carried = cumulative && chunksBySource.count(source) ? chunksBySource[source] : 1;
            row.readings.id = id;
            row.scenario = scenarioOf(r, carried, row.mapping, row.readings);
            applyFinetuneColumns(r, row.scenario);
            applyQuantReadings(r, row.scenario, row.readings);
            std::optional<StackProfile> stack;
            try {
                stack = applyStatedColumns(r, row.scenario, row.readings, &importer, legacyMemoryColumn);
            } catch (const InvalidInput& e) {
                throw Skip {e.what()};
            }
            const bool lastRank = stack && stack->logsLastPipelineRank && row.scenario.pp > 1;
            if (lastRank)
                row.readings.assume("logged-rank", "last pipeline stage", stack->key + " logs memory from the last pipeline rank");
            if (cumulative)
                chunksBySource[source] = row.scenario.lossChunks;
            const Footprint f = computeFootprint(row.scenario);
            row.framework = frameworkKey(row.scenario.framework);
            row.predictedBytes = predictedOf(f, row.kind, lastRank);
            row.error = (row.predictedBytes - row.measuredBytes) / row.measuredBytes;
            errorsByFramework[row.framework].push_back(row.error);
            all.push_back(row.error);
            v.rows.push_back(std::move(row));
        } catch (const Skip& s) {
            v.unmodelled.push_back({id, s.reason});
        } catch (const InvalidInput& e) {
            v.unmodelled.push_back({id, std::string("the scenario is refused: ") + e.what()});
        }
    }
    v.all = groupOf("all", all);
    for (const auto& [name, errors] : errorsByFramework)
        v.byFramework.push_back(groupOf(name, errors));
    return v;
}

} // namespace shardscope
