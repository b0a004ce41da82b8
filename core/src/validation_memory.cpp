// SPDX-License-Identifier: MIT
#include "shardscope/validation_memory.h"

#include "shardscope/errors.h"

#include "cnumber.h"
#include "shardscope/footprint.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <map>
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

std::string gpuOf(const std::string& type, Scenario& s)
{
    const std::string t = lower(type);
    if (has(t, "h100") && has(t, "96gb"))
        return "h100-96gb";
    if (has(t, "h100"))
        return "h100-80gb";
    if (has(t, "h200"))
        return "h200-141gb";
    if (has(t, "a100") && has(t, "40gb"))
        return "a100-40gb";
    if (has(t, "a100"))
        return "a100-80gb";
    if (has(t, "v100") && has(t, "16gb")) {
        s.capacityBytes = std::int64_t(16160) * 1048576; // nvidia-smi: 16160 MiB on a V100 16GB
        return "v100-32gb";
    }
    if (has(t, "v100"))
        return "v100-32gb";
    throw Skip {"unknown gpu_type '" + type + "'"};
}

/// The documented mapping rules (docs/validation.md, "From a row to a scenario").
Scenario scenarioOf(const std::map<std::string, std::string>& r, std::int64_t carriedLossChunks, std::string& how)
{
    Scenario s;
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
    if (a.hidden % a.heads != 0)
        throw Skip {"hidden is not a multiple of heads"};
    a.headDim = a.hidden / a.heads;
    const bool llama = has(model, "llama") || has(model, "mistral") || has(model, "qwen");
    const bool gptLike = has(model, "bert") || has(model, "opt") || has(model, "gpt");
    if (!llama && !gptLike)
        throw Skip {"unknown model family '" + model + "' (llama, mistral, qwen, bert, opt, gpt known)"};
    a.gatedMlp = llama;
    a.norm = llama ? NormKind::RMSNorm : NormKind::LayerNorm;
    a.qkvBias = a.attnOutBias = a.mlpBias = !llama;
    a.dropout = !llama; // BERT and OPT train with dropout 0.1
    a.tiedEmbeddings = !llama || has(model, "tied");
    if (has(notes, "untied"))
        a.tiedEmbeddings = false;
    s.arch = a;
    s.bareParams = std::nullopt;
    validateArchitecture(a);
    // The architecture's own count when it is within 2% of the row's total (heads, poolers and projections
    // outside the block account for the rest); otherwise the row's count with the architecture's shape.
    const std::int64_t total = integer(r, "total_params");
    const double counted = double(countParams(a).total);
    if (std::fabs(counted - double(total)) > 0.02 * double(total))
        s.bareParams = total;
    how = std::string(a.gatedMlp ? "llama block" : "gpt block with dropout") + (s.bareParams ? ", bare count" : "");

    // --- layout
    s.gpus = integer(r, "gpus");
    s.tp = integer(r, "tp");
    s.pp = integer(r, "pp");
    const std::int64_t dp = integer(r, "dp");
    const std::regex cpRe("\\bCP=([0-9]+)", std::regex::icase); // "CP=2 (ring attention)", "cp=2;"; not "cp = 8x1"
    s.cp = std::max<std::int64_t>(1, std::max(firstInt(layout, cpRe), firstInt(notes, cpRe)));
    // The product in double first: four counts up to 9e18 overflowed int64 (UB) before the comparison.
    if (double(dp) * double(s.tp) * double(s.pp) * double(s.cp) > double(s.gpus))
        throw Skip {"dp x tp x pp x cp is more than gpus " + std::to_string(s.gpus)};
    if (dp * s.tp * s.pp * s.cp != s.gpus)
        throw Skip {"dp x tp x pp x cp = " + std::to_string(dp * s.tp * s.pp * s.cp) + " is not gpus "
                    + std::to_string(s.gpus)};
    s.sequenceParallel = s.tp > 1 && (has(layout, "SP") || has(layout, "sequence-parallel"));
    s.gpu = gpuOf(r.at("gpu_type"), s);

    // --- framework and stage
    if (has(layout, "FSDP")) {
        s.framework = Framework::Fsdp2;
        s.zeroStage = (has(layout, "zero2") || has(layout, "SHARD_GRAD_OP")) ? 2 : 3;
        s.fsdpReshardAfterForward
            = !(has(layout, "reshard_after_forward=False") || has(layout, "no reshard after fwd"));
    } else if (has(layout, "deepspeed")) {
        s.framework = Framework::DeepSpeed;
        const std::int64_t z = firstInt(layout, std::regex("zero-([0-3])", std::regex::icase));
        s.zeroStage = int(z);
    } else if (has(layout, "megatron")) {
        s.framework = Framework::Megatron;
        s.zeroStage = has(layout, "distributed optimizer") ? 1 : 0;
    } else if (has(layout, "DDP")) {
        s.framework = Framework::Ddp;
        s.zeroStage = 0;
    } else if (has(layout, "single")) {
        s.framework = s.gpus == 1 ? Framework::Single : Framework::Ddp;
        s.zeroStage = 0;
    } else {
        throw Skip {"unknown zero_stage_or_fsdp '" + layout + "'"};
    }
    if (has(layout, "interleaved")) {
        s.schedule = PipelineSchedule::Interleaved;
        s.vpp = std::max<std::int64_t>(2, firstInt(layout, std::regex("([0-9]+) stages/rank")));
    }

    // --- batch
    s.seq = integer(r, "seq") ;
    s.microBatch = integer(r, "micro_batch");
    s.gradAccum = std::max<std::int64_t>(1, firstInt(notes, std::regex("gradient_accumulation_steps=([0-9]+)")));
    if (s.pp > 1)
        s.gradAccum = std::max<std::int64_t>(s.pp, firstInt(notes, std::regex("([0-9]+) ?microbatches")));

    // --- precision and optimizer
    const bool float8 = has(notes, "float8=yes") || has(precision, "float8");
    if (has(precision, "pure bf16") || has(precision, "bf16 (params, grads")) {
        s.recipe = resolveRecipe(has(optimizer, "bf16") || has(precision, "optimizer states bf16")
                                     ? "fp16-no-master-16bit-adam"
                                     : "bf16-no-master");
    } else if (has(precision, "fp16 amp")) {
        s.recipe = resolveRecipe("fp32");
        s.activationPrecision = ActivationPrecision::Autocast;
    } else if (lower(precision).rfind("fp32", 0) == 0) {
        s.recipe = resolveRecipe("fp32");
    } else if (has(precision, "mixed")) {
        s.recipe = resolveRecipe(float8 ? "fp8-mixed" : "mixed");
    } else {
        throw Skip {"unknown precision '" + precision + "'"};
    }
    const bool bf16States = s.recipe.optimizer == 4;
    if (has(optimizer, "8bit") || has(optimizer, "8-bit"))
        s.optimizer = Optimizer::Adam8bit;
    else if (has(optimizer, "adafactor"))
        s.optimizer = Optimizer::Adafactor;
    else if (has(optimizer, "adam"))
        s.optimizer = bf16States ? Optimizer::RecipeDefault : Optimizer::AdamW;
    else
        throw Skip {"unknown optimizer '" + optimizer + "'"};
    s.pagedOptimizer = has(optimizer, "paged");
    // Paging decides whether the states count in PyTorch's figures at all (managed memory is outside the
    // caching allocator): an optimizer whose paging is only inferred cannot be modelled.
    if (s.pagedOptimizer && has(optimizer, "inferred"))
        throw Skip {"the optimizer is inferred as a paged one (" + optimizer
                    + "); paged states are outside PyTorch's allocator, so whether they count is the inference itself"};
    s.optimizerInBackward = has(optimizer, "fused into backward");

    // --- activations
    if (has(ckpt, "per-op"))
        s.checkpointing = Checkpointing::PerOp;
    else if (has(ckpt, "selective"))
        s.checkpointing = Checkpointing::Selective;
    else if (has(ckpt, "full"))
        s.checkpointing = Checkpointing::Full;
    else if (has(ckpt, "none"))
        s.checkpointing = Checkpointing::None;
    else
        throw Skip {"unknown checkpointing '" + ckpt + "'"};
    const std::string flash = lower(r.at("flash_attn"));
    s.flashAttention = flash.rfind("yes", 0) == 0 || flash.rfind("flex", 0) == 0;
    s.compiled = has(notes, "compile=yes");
    s.activationOffload = has(r.at("offload"), "activations");
    if (!s.activationOffload && !has(r.at("offload"), "none"))
        throw Skip {"offload '" + r.at("offload") + "' is not modelled"};
    s.lossChunks = has(notes, "ChunkedOutputLoss") ? 8 : carriedLossChunks; // torchtune num_output_chunks = 8
    // The loss: torchtitan compiles it from its 2025 builds (torchtitan/components/loss.py; torch 2.7 and later);
    // litgpt's benchmark computes cross-entropy on the logits' own dtype (no upcast).
    const bool torch2025 = has(notes, "torch 2.7") || has(notes, "torch 2.8") || has(notes, "torch 2.9")
        || has(notes, "NGC 25.");
    s.lossCompiled = has(r.at("source"), "torchtitan") && s.compiled && torch2025;
    s.lossFp32 = !has(r.at("source"), "lightning-thunder");
    // PyTorch before 2.0 zeroes grads in place (zero_grad(set_to_none=False)): they stay between steps.
    s.zeroGradSetToNone = !has(notes, "torch ~1.") && !has(notes, "torch 1.");
    s.logitsOverVocab = !(has(model, "reward model") || has(model, "SequenceClassification")
                          || has(notes, "no vocab logits"));
    return s;
}

double predictedOf(const Footprint& f, const std::string& kind)
{
    std::int64_t v = 0;
    for (const auto& r : f.ranks) {
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
    return "";
}

MemoryValidation validateMeasuredMemory(const std::string& csvText)
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
            row.scenario = scenarioOf(r, carried, row.mapping);
            if (cumulative)
                chunksBySource[source] = row.scenario.lossChunks;
            const Footprint f = computeFootprint(row.scenario);
            row.framework = frameworkKey(row.scenario.framework);
            row.predictedBytes = predictedOf(f, row.kind);
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
