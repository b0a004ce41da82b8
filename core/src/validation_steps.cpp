// SPDX-License-Identifier: MIT
// `validate --steps`: measured step times and throughputs of public training runs against the step
// model. The rules for the fields a row leaves blank are in docs/validation-steps.md; none is fitted.
#include "shardscope/validation_steps.h"

#include "cnumber.h"
#include "stagetime.h"

#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/gpus.h"
#include "shardscope/gputype.h"
#include "shardscope/kernels.h"
#include "shardscope/knobs.h"
#include "shardscope/modelreading.h"
#include "shardscope/phrases.h"
#include "shardscope/stacks.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace shardscope {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool contains(const std::string& hay, const std::string& needle) { return lower(hay).find(lower(needle)) != std::string::npos; }

const std::string& get(const CsvRow& row, const std::string& key)
{
    static const std::string empty;
    auto it = row.find(key);
    return it == row.end() ? empty : it->second;
}

[[noreturn]] void unmodelled(const std::string& reason) { throw InvalidInput("row", reason); }

/// The most layers a published run has had (DeepNet's 1,000-layer transformer, arXiv:2203.00555).
constexpr std::int64_t kMaxPublishedLayers = 1000;

/// The plausible range of a measured value, whatever its metric (seconds, tokens/s, TFLOP/s, MFU).
constexpr double kMinMeasured = 1e-6, kMaxMeasured = 1e9;

/// A whole decimal number in the "C" locale (strtodC: whatever LC_NUMERIC says), finite; else the row is unmodelled
/// naming `what` (std::stod followed the locale and threw std::out_of_range on 400 digits: an "internal error").
double cNumber(const std::string& text, const std::string& what)
{
    // plainDecimal: not hex ("0x10" read as 16), nan, inf or a denormal (every ratio with one is inf).
    double d = 0;
    if (!plainDecimal(text, d))
        unmodelled(what + " is not a number: " + text.substr(0, 40));
    return d;
}

/// A number from a field (blank: the row cannot be modelled). Thousands separators as tables print them ("1,024",
/// "2,048.5") are read; a sequence length may carry the K (x 1024) by which context lengths are named ("8K", "128k").
double number(const CsvRow& row, const std::string& key)
{
    std::string v = get(row, key);
    if (v.empty())
        unmodelled(key + " is not stated");
    static const std::regex thousands("^[0-9]{1,3}(,[0-9]{3})+(\\.[0-9]+)?$");
    if (v.size() < 40 && std::regex_match(v, thousands))
        v.erase(std::remove(v.begin(), v.end(), ','), v.end());
    if (key == "seq" && v.size() > 1 && v.size() < 8 && (v.back() == 'k' || v.back() == 'K')
        && v.find_first_not_of("0123456789") == v.size() - 1)
        return cNumber(v.substr(0, v.size() - 1), key) * 1024.0;
    return cNumber(v, key);
}

std::int64_t integer(const CsvRow& row, const std::string& key, std::int64_t fallback)
{
    if (get(row, key).empty())
        return fallback;
    const double d = number(row, key);
    if (std::fabs(d) > 9.0e18) // beyond int64: llround's result would be unspecified
        unmodelled(key + " is out of range: " + get(row, key));
    return static_cast<std::int64_t>(std::llround(d));
}

/// Llama MLP widths by hidden size (Meta's configs; the presets in architecture.cpp).
std::int64_t llamaFfn(std::int64_t hidden, std::int64_t layers, std::int64_t vocab)
{
    switch (hidden) {
    case 4096: return vocab > 100000 ? 14336 : 11008; // Llama 3 8B / Llama 2 7B
    case 5120: return 13824; // Llama 2 13B
    case 8192: return layers == 48 ? 22016 : 28672; // Code Llama 34B / Llama 2-3 70B
    case 16384: return 53248; // Llama 3.1 405B
    default: return 0;
    }
}

/// The power limit a GPU-type cell says the run was under: whether it says one at all ("power limited",
/// "power-limited", "power capped", "power cap", "power-throttled", "power throttled", "power limit", or a wattage
/// followed by "cap" or "limit": "500 W cap"), and the watts where it states them. A wattage alone ("MI300X 750W")
/// is the part's rating, not a limit.
struct PowerLimitText
{
    bool limited = false;
    std::optional<int> watts;
};

PowerLimitText powerLimitOf(const std::string& type)
{
    PowerLimitText p;
    static const char* phrases[] = {"power limited", "power-limited", "power capped", "power cap", "power-capped",
                                    "power throttled", "power-throttled", "power limit"};
    for (const char* phrase : phrases)
        p.limited = p.limited || affirms(type, phrase);
    static const std::regex capped(R"((^|[^0-9A-Za-z.])([0-9]{2,4}) ?W[ -]+(cap|capped|limit|limited|power limit)\b)",
                                   std::regex::icase);
    static const std::regex watts(R"((^|[^0-9A-Za-z.])([0-9]{2,4}) ?W($|[^0-9A-Za-z]))");
    std::smatch m;
    if (std::regex_search(type, m, capped))
        p.limited = true;
    if (p.limited && std::regex_search(type, m, watts))
        p.watts = std::stoi(m[2].str());
    return p;
}

/// A run under a power limit is priced exactly only on a preset measured at that limit (gpus.cpp: the 500 W H100
/// 96GB, whose sustained tensor throughput is 500/700 of the 700 W part). Anywhere else the clock the part held is
/// unknown: the row is still modelled (issue 24: every fresh row is modelled; only a row whose source omits the batch
/// is refused), at the preset's stock clock, and the reader says so in the row's assumptions, so the user sees that
/// the measured step will be slower than the priced one (the torchtitan / torchao rows on "8x power limited B200",
/// pytorch/torchtitan@0d48106 docs/mxfp8.md, state no wattage; on the same harness their bf16 run is 1.35x the 500 W
/// H100's, 8307.5 against 6150 tokens/s, where the datasheets give the B200 2.3x the peak and 3.3x the bandwidth, so
/// the cap is deep and no published clock / power curve for the B200 says how deep).
void notePowerLimit(const std::string& type, const std::string& id, RowReadings& log)
{
    const PowerLimitText p = powerLimitOf(type);
    if (!p.limited)
        return;
    const auto preset = findGpuPreset(id);
    if (preset && preset->powerCapFraction < 1.0)
        return; // a preset measured at its cap (the 500 W H100 96GB)
    const std::string name = preset ? preset->name : id;
    const std::string limit = p.watts ? "power limited at " + std::to_string(*p.watts) + " W (no " + name
                                            + " preset is measured at that limit)"
                                      : std::string("power limited (no wattage stated)");
    log.assume("gpu-clock", "stock",
               limit + " in gpu_type \"" + type + "\": priced at the preset's stock clock; the measured step will be "
                       "slower (a capped part holds a lower clock under sustained load, by an amount no published "
                       "clock / power curve gives)");
}

/// A zero_stage cell: a number (0 to 3), or the words runs write for the stages ("ZeRO-3", "FSDP2 FULL_SHARD",
/// "distributed optimizer", "DDP"), read by phrase rules and listed. FSDP names set the FSDP2 framework (PyTorch FSDP
/// shards parameters, gradients and optimizer states: ZeRO-3). HSDP / hybrid sharding (sharded within a group,
/// replicated across) is no ZeRO stage over the whole DP group: refused with the reason.
void readZeroStage(const std::string& cell, Scenario& s, RowReadings& log)
{
    const auto first = cell.find_first_not_of(' '), last = cell.find_last_not_of(' ');
    const std::string t = first == std::string::npos ? std::string() : cell.substr(first, last - first + 1);
    if (!t.empty() && t.find_first_not_of("0123456789") == std::string::npos) {
        if (t.size() > 1 || t[0] > '3')
            unmodelled("zero_stage must be 0, 1, 2 or 3: " + cell);
        s.zeroStage = t[0] - '0';
        return;
    }
    for (const char* hsdp : {"hsdp", "hybrid_shard", "hybrid shard", "hybrid sharding"})
        if (affirms(cell, hsdp))
            unmodelled("zero_stage '" + cell + "': HSDP shards within a group and replicates across it, which no ZeRO "
                       "stage over the whole data-parallel group describes");
    struct Rule
    {
        int stage;
        std::vector<const char*> phrases;
        bool fsdp;
    };
    static const Rule rules[] = {
        {3, {"fsdp2", "fsdp", "full_shard", "full shard"}, true},
        {2, {"shard_grad_op"}, true},
        {3, {"zero-3", "zero3", "zero 3", "zero stage 3", "stage 3", "zero-infinity"}, false},
        {2, {"zero-2", "zero2", "zero 2", "zero stage 2", "stage 2"}, false},
        {1, {"zero-1", "zero1", "zero 1", "zero stage 1", "stage 1", "distributed optimizer", "distributed-optimizer"}, false},
        {0, {"zero-0", "zero0", "zero 0", "stage 0", "ddp", "none", "no"}, false},
    };
    for (const Rule& r : rules)
        for (const char* p : r.phrases)
            if (affirms(cell, p)) {
                s.zeroStage = r.stage;
                log.read("zero-stage", std::to_string(r.stage), "zero_stage", p);
                if (r.fsdp) {
                    s.framework = Framework::Fsdp2;
                    log.read("framework", "fsdp2", "zero_stage", p);
                }
                return;
            }
    unmodelled("zero_stage '" + cell + "' names no ZeRO stage (0-3, ZeRO-N, FSDP, distributed optimizer, DDP)");
}

/// The row's GPU (gputype.h: the preset and the variant's datasheet figures), recorded as read; a name no preset
/// describes leaves the row unmodelled with the reason.
void readGpu(const std::string& type, Scenario& s, RowReadings& log)
{
    const GpuTypeReading g = readGpuType(type);
    if (g.preset.empty())
        unmodelled(g.refusal);
    applyGpuTypeReading(g, s);
    log.read("gpu", g.preset, "gpu_type", g.phrase);
    if (!g.variant.empty())
        log.assume("gpu-variant", g.phrase, g.variant);
    notePowerLimit(type, g.preset, log);
}

std::string sourceOf(const std::string& id)
{
    const auto dash = id.find('-');
    return dash == std::string::npos ? id : id.substr(0, dash);
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The columns of the shipped format; any other column named by a knob's file key (knobs.cpp) is an explicit knob.
bool legacyStepColumn(const std::string& c)
{
    static const std::set<std::string> k = {"id", "source", "model", "total_params", "layers", "hidden", "heads", "vocab",
                                            "seq", "micro_batch", "global_batch", "gpus", "gpus_per_node", "gpu_type",
                                            "dp", "tp", "pp", "vpp", "zero_stage", "sequence_parallel", "recompute",
                                            "precision", "measured_metric", "measured_value", "inferred_fields", "notes",
                                            "stack", "config"};
    return k.count(c) > 0;
}

} // namespace

std::optional<StackProfile> stackOfRow(const CsvRow& row, RowReadings* log)
{
    const std::string& stated = get(row, "stack");
    if (!stated.empty()) {
        auto p = stackProfile(lower(stated));
        if (!p)
            unmodelled("unknown stack '" + stated + "' (torchtitan, torchtune, megatron-core, nemo, megatron-deepspeed, "
                       "deepspeed, hf-trainer, llm-foundry, thunder; NAME@VERSION for an older one)");
        return p;
    }
    // From the source a row cites: the stack whose numbers they are (its FLOP count, its log).
    const std::string& source = get(row, "source");
    std::optional<StackProfile> p;
    std::string phrase;
    if (contains(source, "Megatron-Bridge")) {
        p = stackProfile("nemo");
        phrase = "Megatron-Bridge";
    } else if (std::regex_search(source, std::regex("NeMo ?2[0-4]\\.", std::regex::icase))) {
        p = stackProfile("nemo@24");
        phrase = "NeMo 24.x";
    } else if (contains(source, "torchtitan")) {
        p = stackProfile("torchtitan");
        phrase = "torchtitan";
    } else if (contains(source, "Megatron-MoE-ModelZoo")) {
        // The Megatron MoE model zoo's runs are Megatron-LM's pretrain_gpt.py on Megatron-Core (its
        // model_configs/benchmarking/*.yaml are that script's arguments).
        p = stackProfile("megatron-core");
        phrase = "Megatron-MoE-ModelZoo";
    }
    if (p && log)
        log->read("stack", p->key + (p->version.empty() ? "" : "@" + p->version), "source", phrase);
    return p;
}

/// torchtitan's Llama repeats K/V to every query head before SDPA (models/llama/model.py, repeat_kv): listed where it
/// changes the step, K/V heads fewer than query heads (issue 24: a default taken from the source is said).
static void listRepeatKv(const Scenario& s, RowReadings& log)
{
    if (s.attentionRepeatsKv && s.arch.kvHeads > 0 && s.arch.kvHeads < s.arch.heads)
        log.assume("repeat-kv", "on", "torchtitan's Llama repeats K/V to every query head before SDPA (repeat_kv)");
}

Scenario scenarioForStepRow(const CsvRow& row, RowReadings* readings, const ConfigImporter* importer)
{
    RowReadings scratch;
    RowReadings& log = readings ? *readings : scratch;
    log.id = get(row, "id");
    if (const std::string why = overlongNumberIn(row); !why.empty())
        unmodelled(why);
    Scenario s;
    const std::string model = get(row, "model");
    const std::string notes = get(row, "notes");
    Architecture a;
    a.id = "custom";
    a.name = model;
    a.layers = integer(row, "layers", -1);
    a.hidden = integer(row, "hidden", -1);
    a.heads = integer(row, "heads", -1);
    if (a.layers <= 0 || a.hidden <= 0 || a.heads <= 0)
        unmodelled("layers, hidden and heads are needed");
    // A row describes a published run: the deepest published transformer has 1,000 layers (DeepNet, Wang et al.
    // 2022, arXiv:2203.00555). A deeper row is a typo, and the step model's per-layer events for it took the fuzzer's
    // 10 s limit (fuzz_validate_steps: 24,208 layers at 64 micro-batches per GPU).
    if (a.layers > kMaxPublishedLayers)
        unmodelled("layers " + std::to_string(a.layers) + " is more than any published run has (" +
                   std::to_string(kMaxPublishedLayers) + ", DeepNet)");
    a.headDim = a.hidden / a.heads;
    // A blank vocabulary: GPT-style runs use Megatron's padded GPT-2 vocabulary, 51,200.
    a.vocab = integer(row, "vocab", 51200);
    if (get(row, "vocab").empty())
        log.assume("vocab", "51200", "Megatron's padded GPT-2 vocabulary");
    const bool llama = contains(model, "llama");
    a.gatedMlp = llama;
    a.norm = llama ? NormKind::RMSNorm : NormKind::LayerNorm;
    const bool llamaMha = llama && (a.hidden == 4096 || a.hidden == 5120) && a.vocab == 32000;
    // Whole numbers after whole words: "KV groups 8", "ffn 53248"; "ffn 4h" / "ffn=4h" is 4 x hidden, never 4.
    bool tooLong = false;
    if (const auto kv = numberAfter(notes, "KV groups", &tooLong)) {
        a.kvHeads = *kv;
        log.read("kv-heads", std::to_string(*kv), "notes", "KV groups " + std::to_string(*kv));
    } else {
        a.kvHeads = llama && !llamaMha ? 8 : a.heads;
        log.assume("kv-heads", std::to_string(a.kvHeads), llama && !llamaMha ? "Llama 2 70B / Llama 3 GQA: 8 groups" : "multi-head attention");
    }
    if (const auto f = numberAfter(notes, "ffn", &tooLong)) {
        a.ffn = *f;
        log.read("ffn", std::to_string(*f), "notes", "ffn " + std::to_string(*f));
    } else {
        std::smatch m;
        static const std::regex timesHidden("\\bffn ?[=:]? ?([0-9]+(\\.[0-9]+)?)h\\b", std::regex::icase);
        if (std::regex_search(notes, m, timesHidden)) {
            a.ffn = std::llround(cNumber(m[1].str(), "the notes' ffn multiple") * double(a.hidden));
            log.read("ffn", std::to_string(a.ffn), "notes", m[0].str());
        } else {
            a.ffn = llama ? llamaFfn(a.hidden, a.layers, a.vocab) : 4 * a.hidden;
            if (a.ffn > 0)
                log.assume("ffn", std::to_string(a.ffn), llama ? "Meta's Llama MLP width for this hidden size" : "4 x hidden (GPT)");
        }
    }
    if (tooLong)
        unmodelled("a count in the notes is out of range");
    // The model as a whole (modelreading.h, issue 25): a preset the model cell names fills what the row leaves out, the
    // MoE shape and EP from the text and explicit columns, the row's total_params as a check.
    StatedShape stated;
    stated.layers = stated.hidden = stated.heads = true;
    stated.kvHeads = numberAfter(notes, "KV groups").has_value();
    stated.ffn = !std::any_of(log.assumed.begin(), log.assumed.end(), [](const AssumedDefault& d) { return d.knob == "ffn"; })
        && a.ffn > 0;
    stated.vocab = !get(row, "vocab").empty();
    const ModelShapeReading shape = readModelShape(row, {{"model", model}, {"notes", notes}}, stated, a, log);
    if (a.ffn <= 0)
        unmodelled("MLP width unknown for this Llama shape");
    s.arch = a;
    s.bareParams.reset();
    if (shape.ep)
        s.ep = *shape.ep;
    if (shape.etp)
        s.etp = *shape.etp;

    readGpu(get(row, "gpu_type"), s, log);
    s.gpus = integer(row, "gpus", -1);
    s.gpusPerNode = integer(row, "gpus_per_node", 8);
    if (get(row, "gpus_per_node").empty()) {
        // An NVL72 / NVL36 rack is one NVLink domain of 72 / 36 GPUs (NVIDIA GB200 NVL72 and GB300 NVL72 datasheets):
        // a job that fits in one rack runs every collective over NVLink. A larger job crosses racks over one NIC a GPU,
        // and how NCCL's rings and trees cross them has no published bandwidth here: 8-GPU nodes, said.
        const std::string type = get(row, "gpu_type");
        const std::int64_t rack = affirms(type, "nvl72") ? 72 : affirms(type, "nvl36") ? 36 : 0;
        if (rack > 0 && s.gpus >= 1 && s.gpus <= rack) {
            s.gpusPerNode = s.gpus;
            log.assume("gpus-per-node", std::to_string(s.gpus),
                       "the job's " + std::to_string(s.gpus) + " GPUs fit in one NVL" + std::to_string(rack)
                           + " rack, one NVLink domain (NVIDIA's NVL" + std::to_string(rack) + " datasheet)");
        } else {
            log.assume("gpus-per-node", "8",
                       rack > 0 ? "the job spans NVL" + std::to_string(rack)
                                      + " racks, and how NCCL crosses them (NVLink inside, one NIC a GPU between) has no "
                                        "published bandwidth here: priced as 8-GPU nodes (docs/validation.md)"
                                : std::string("an HGX / DGX node"));
        }
    }
    // A stated network: "1600 Gbps RoCE/node", "800 Gb/s inter-node", "1600 Gbps node-node interconnect" (per node:
    // llm-foundry's benchmark tables head their A100 sections "A100 80GB with 1600 Gbps node-node interconnect (RoCE)")
    // or "400 Gb/s ... per GPU". Listed as read, with the phrase and the per-GPU figure the step takes (issue 24: a
    // knob taken from text is never silent).
    {
        const std::string type = get(row, "gpu_type");
        std::smatch m;
        const auto listNetwork = [&](const std::string& per) {
            std::ostringstream v;
            v << s.interNodeBytesPerSecond / 1e9;
            log.read("inter-node-gbps", v.str(), "gpu_type", m[0].str() + " (" + per + ")");
        };
        if (std::regex_search(type, m,
                              std::regex("([0-9]+) ?Gb(ps|/s) (RoCE/node|inter-node|node-node interconnect|node-to-node "
                                         "interconnect)",
                                         std::regex::icase))) {
            s.interNodeBytesPerSecond = cNumber(m[1].str(), "the network's Gb/s") * 1e9 / 8.0 / double(std::max<std::int64_t>(1, s.gpusPerNode));
            listNetwork("per node: bits / 8 over the node's " + std::to_string(s.gpusPerNode) + " GPUs, GB/s per GPU");
        } else if (std::regex_search(type, m, std::regex("([0-9]+) ?Gb/s [A-Za-z ]*per GPU"))) {
            s.interNodeBytesPerSecond = cNumber(m[1].str(), "the network's Gb/s") * 1e9 / 8.0;
            listNetwork("per GPU: bits / 8, GB/s per GPU");
        }
    }
    s.tp = integer(row, "tp", 1);
    s.pp = integer(row, "pp", 1);
    // Context parallelism in the notes: the format's "cp=K;" (data/README.md) and what runs write for it ("CP 2",
    // "context parallel 4", "context_parallel_size=2"), whole words, listed.
    s.cp = 1;
    for (const char* label : {"cp", "context parallel", "context-parallel", "context parallelism", "context_parallel_size",
                              "context_parallel_degree", "context-parallel-size", "cp_size", "cp size"}) {
        bool tooLong = false;
        const auto n = numberAfter(notes, label, &tooLong);
        if (tooLong)
            unmodelled("the notes' '" + findPhrase(notes, label)->clause + "' is out of range");
        if (n) {
            s.cp = *n;
            log.read("cp", std::to_string(*n), "notes", std::string(label) + " " + std::to_string(*n));
            break;
        }
    }
    const std::int64_t dp = integer(row, "dp", -1);
    if (s.gpus <= 0 || dp <= 0)
        unmodelled("gpus and dp are needed");
    // Each factor between 1 and gpus before the product (9e18-sized factors overflowed int64: UB).
    for (const std::int64_t f : {dp, s.tp, s.pp, s.cp})
        if (f < 1 || f > s.gpus)
            unmodelled("dp x tp x pp x cp != gpus");
    if (double(dp) * double(s.tp) * double(s.pp) * double(s.cp) > double(s.gpus) || dp * s.tp * s.pp * s.cp != s.gpus)
        unmodelled("dp x tp x pp x cp != gpus");
    std::int64_t vpp = integer(row, "vpp", 1);
    // torchtitan's Interleaved 1F1B without a stated count: its default of 2 stages per rank. A row whose notes
    // say the pipeline is interleaved without a count (Llama 3: "interleaved PP") gets the same 2, the least
    // interleaving there is.
    if (vpp <= 1 && (contains(get(row, "id"), "interleaved") || affirms(notes, "interleaved PP"))) {
        vpp = 2;
        log.assume("vpp", "2", "an interleaved pipeline without a count: the least interleaving there is");
    }
    if (vpp > 1 && s.pp > 1) {
        s.schedule = PipelineSchedule::Interleaved;
        s.vpp = vpp;
    }
    // A blank ZeRO stage: Megatron-Core / NeMo recipes use the distributed optimizer (ZeRO-1).
    // A note that negates it ("no distributed optimizer") keeps whole optimizer states (stage 0).
    if (get(row, "zero_stage").empty()) {
        const std::vector<const char*> distOpt {"distributed optimizer", "distributed-optimizer", "use-distributed-optimizer",
                                                "use_distributed_optimizer"};
        const auto denied = std::find_if(distOpt.begin(), distOpt.end(), [&](const char* p) { return denies(notes, p); });
        if (denied != distOpt.end()) {
            s.zeroStage = 0;
            log.read("zero-stage", "0", "notes", findPhrase(notes, *denied)->clause);
        } else {
            s.zeroStage = dp > 1 ? 1 : 0;
            log.assume("zero-stage", std::to_string(s.zeroStage),
                       dp > 1 ? "Megatron-Core / NeMo recipes use the distributed optimizer (ZeRO-1)" : "one data-parallel rank");
        }
    } else {
        readZeroStage(get(row, "zero_stage"), s, log);
    }
    const std::string sp = get(row, "sequence_parallel");
    if (!sp.empty()) {
        const auto on = readSwitchText(sp, {"sp", "sequence parallel", "sequence-parallel", "sequence_parallel"});
        if (!on)
            unmodelled("sequence_parallel '" + sp + "' is neither yes nor no");
        s.sequenceParallel = on->value;
        log.read("sequence-parallel", on->value ? "yes" : "no", "sequence_parallel", on->phrase);
    } else {
        s.sequenceParallel = s.tp > 1;
    }
    if (sp.empty() && s.tp > 1)
        log.assume("sequence-parallel", "yes", "Megatron recipes pair TP with sequence parallelism");
    const std::string rc = lower(get(row, "recompute"));
    // phrases.h readCheckpointingText: torchtitan's "selective" with selective_ac_option = "op" is per-op SAC (every
    // second matmul and the element-wise ops recomputed: activation_checkpoint.py), not Megatron's attention-core
    // recompute; words that state no checkpointing leave the row unmodelled, never silently "none".
    {
        const auto ck = readCheckpointingText(get(row, "recompute"));
        if (!ck)
            unmodelled("recompute '" + get(row, "recompute") + "' states no checkpointing the model knows (full, selective, "
                       "per-op, none)");
        s.checkpointing = ck->value;
        const std::string key = checkpointingKey(ck->value);
        if (ck->phrase.empty())
            log.assume("checkpointing", key, "the recompute column is blank");
        else if (ck->granularityAssumed)
            log.assume("checkpointing", key,
                       "'" + ck->phrase + "' without a granularity: every layer in full (Hugging Face Trainer's "
                       "gradient_checkpointing, DeepSpeed's activation checkpointing, PyTorch's checkpoint_wrapper)");
        else
            log.read("checkpointing", key, "recompute", ck->phrase);
    }
    // IBM's FSDP blog (2024): "selective" there is fms-fsdp's checkpointing of every n-th block, not Megatron's
    // attention-core recompute. A fraction p of blocks recomputed adds p forwards to the 3 of a step, so the
    // stated HFU / MFU = 1 + p / 3 gives p; n = 1 / p rounded (13B: 59/51 and 40/35 give p 0.47 and 0.43: n 2).
    if (contains(rc, "every n-th block")) {
        std::smatch m;
        if (std::regex_search(notes, m, std::regex("MFU ([0-9.]+)%, HFU ([0-9.]+)%"))) {
            const double ratio = cNumber(m[2].str(), "HFU") / cNumber(m[1].str(), "MFU");
            if (ratio > 1.0 + 1e-9) {
                const double p = std::min(1.0, 3.0 * (ratio - 1.0));
                s.checkpointing = Checkpointing::Full;
                s.checkpointInterval = std::max<std::int64_t>(1, std::llround(1.0 / p));
            }
        }
    }
    const std::string prec = get(row, "precision");
    // Per-tensor fp8 (TE delayed / current scaling, torchao tensorwise / rowwise) and the block-scaled MXFP8 ("mxfp8",
    // "FP8-MX") all run fp8 GEMMs. NVFP4 runs fp4 GEMMs: at the measured NVFP4 / MXFP8 kernel ratio where one exists
    // (kernels.h, measuredNvfp4OverMxfp8GemmRate: B300's measured ratio as a fraction of each GPU's FP4 peak), else
    // timed as fp8; either way listed.
    const bool fp4 = affirms(prec, "nvfp4") || affirms(prec, "fp4") || affirms(prec, "mxfp4");
    const bool fp8 = fp4 || affirms(prec, "fp8") || affirms(prec, "float8") || affirms(prec, "mxfp8")
        || affirms(prec, "fp8-mx") || affirms(prec, "fp8-cs");
    // 32-bit GEMMs (fp32, or TF32 tensor cores at half the 16-bit rate) are not a recipe the step model times: a row
    // that states only them is refused, not priced as bf16 ("bf16 with fp32 master weights" is bf16).
    if (!fp8 && !affirms(prec, "bf16") && !affirms(prec, "fp16") && !affirms(prec, "bfloat16") && !affirms(prec, "float16")
        && !affirms(prec, "mixed") && !affirms(prec, "amp") && !affirms(prec, "amp_bf16") && !affirms(prec, "16-bit")
        && (affirms(prec, "fp32") || affirms(prec, "tf32") || affirms(prec, "float32") || affirms(prec, "full precision")))
        unmodelled("precision '" + prec + "': the step model times 16-bit, fp8 and fp4 tensor-core GEMMs, not fp32 / TF32");
    s.recipe = resolveRecipe(fp8 ? "fp8-mixed" : "mixed");
    if (fp4) {
        const std::optional<GpuPreset> preset = findGpuPreset(s.gpu);
        if (preset && measuredNvfp4OverMxfp8GemmRate(*preset) > 0)
            log.assume("recipe", "fp8-mixed",
                       "fp4 GEMMs (" + prec
                           + ") at Transformer Engine's NVFP4 / MXFP8 kernel ratio (measured on B300, scaled by this "
                             "GPU's FP4 / FP8 peaks)");
        else
            log.assume("recipe", "fp8-mixed", "fp4 GEMMs (" + prec + ") are timed as fp8: no FP4 tensor-core peak for this GPU");
    } else if (fp8)
        log.read("recipe", "fp8-mixed", "precision", prec);
    else if (prec.empty())
        log.assume("recipe", "mixed", "bf16 mixed precision when the precision is blank");
    s.microBatch = integer(row, "micro_batch", 1);
    if (get(row, "micro_batch").empty())
        log.assume("micro-batch", "1", "the micro-batch is not stated");
    // A micro-batch of 0 divided the global batch by zero (fuzz_validate_steps); one past 2^20 sequences, times dp,
    // could overflow the product below.
    if (s.microBatch < 1 || s.microBatch > (std::int64_t(1) << 20))
        unmodelled("micro_batch must be a whole number from 1 to 1048576");
    s.seq = integer(row, "seq", -1);
    if (s.seq <= 0)
        unmodelled("seq is not stated");
    if (get(row, "measured_metric") == "layer_time_s") {
        s.gradAccum = 1;
    } else {
        if (get(row, "global_batch").empty())
            unmodelled("global batch not stated (the step's micro-batch count is unknown)");
        const std::int64_t gb = integer(row, "global_batch", 0);
        // torchtitan (2024) splits each DP rank's local batch into as many pipeline micro-batches as there
        // are PP ranks when the count is not given (pipeline_parallel_microbatches defaults to
        // pipeline_parallel_degree): a blank micro-batch under PP is local batch / PP.
        if (s.pp > 1 && get(row, "micro_batch").empty() && contains(get(row, "source"), "torchtitan") && gb % dp == 0
            && (gb / dp) % s.pp == 0) {
            s.microBatch = gb / dp / s.pp;
            log.assume("micro-batch", std::to_string(s.microBatch), "torchtitan: pipeline micro-batches = PP degree");
        }
        const std::int64_t perStep = dp * s.microBatch;
        if (gb <= 0 || perStep <= 0 || double(dp) * double(s.microBatch) > 9e18 || gb % perStep != 0)
            unmodelled("global batch is not a multiple of dp x micro-batch");
        s.gradAccum = gb / perStep;
    }
    // The software stack, from the source (docs/validation-steps.md): properties of the stack, not of the run.
    const std::string source = get(row, "source");
    const bool megatron2021 = contains(source, "Narayanan") || contains(source, "Korthikanti")
        || contains(source, "Megatron-LM@841f789f48");
    const bool pytorchStack = contains(source, "torchtitan") || contains(source, "pytorch.github.io")
        || contains(source, "llm-foundry");
    const bool megatronCore = !megatron2021 && !pytorchStack
        && (contains(source, "Megatron") || contains(source, "NeMo") || contains(source, "dgxc")
            || contains(source, "mlcommons"));
    // 2021-22 Megatron predates FlashAttention (May 2022): scores through the fused scale-mask-softmax.
    s.flashAttention = !megatron2021;
    log.assume("flash-attention", s.flashAttention ? "yes" : "no",
               megatron2021 ? "2021-22 Megatron predates FlashAttention" : "the stack's fused attention");
    // The first FlashAttention (flash-attn 1.x: llm-foundry's `gpu` extra before its FlashAttention-2 `gpu-flash2`
    // extra), stated in the notes: half of FlashAttention-2's rate on this GPU (Dao 2023, arXiv 2307.08691: FlashAttention-2
    // is "around 2x" faster than FlashAttention, which reaches "only 25-40% of the theoretical maximum FLOPs/s" on A100),
    // at the same power cap as the default it halves. Megatron-Core / NeMo rows keep Transformer Engine's kernel (below).
    if (s.flashAttention && !megatronCore) {
        if (const auto v1 = readFlashAttentionV1Text(notes)) {
            const GpuPreset g = resolveGpu(s);
            s.attentionEfficiency = 0.5 * defaultAttentionEfficiency(g) * g.powerCapFraction;
            const long milli = std::lround(s.attentionEfficiency * 1000.0);
            const std::string frac = std::to_string(milli % 1000);
            log.read("attention-efficiency",
                     std::to_string(milli / 1000) + "." + std::string(3 - frac.size(), '0') + frac
                         + " (FlashAttention v1: half of FlashAttention-2's rate, Dao 2023)",
                     "notes", *v1);
        }
    }
    // Eager PyTorch runs element-wise ops one by one; torch.compile, Transformer Engine and Megatron fuse them.
    const bool compileSaid = affirms(notes, "compile") || affirms(notes, "compiled");
    s.compiled = !pytorchStack || compileSaid;
    if (pytorchStack && compileSaid)
        log.read("compiled", "yes", "notes", findPhrase(notes, affirms(notes, "compile") ? "compile" : "compiled")->clause);
    else
        log.assume("compiled", s.compiled ? "yes" : "no",
                   pytorchStack ? "a PyTorch stack without an affirmed torch.compile runs eager" : "the stack's fused kernels");
    // Transformer Engine's cuDNN fused attention on Hopper (FlashAttention-3 class, about 0.6 of peak) in
    // Megatron-Core / NeMo; PyTorch stacks use SDPA's FlashAttention-2 (the GPU default).
    // On Blackwell, the same kernel at the rate NVIDIA measured for it at this query length (kernels.h,
    // cudnnFusedAttentionEfficiency): forward and backward together.
    // How the run quantises each GEMM input (castBytesPerElement, docs/model.md "Low-precision casts"): MXFP8 and NVFP4
    // by their format, whatever the stack; per-tensor fp8 under Megatron-Core / NeMo by Transformer Engine's recipe
    // (current scaling when the row says so, else TE's default DelayedScaling); other stacks' per-tensor fp8 (torchao)
    // one fused cast.
    if (s.recipe.fp8) {
        const bool mx = affirms(prec, "mxfp8") || affirms(prec, "fp8-mx");
        const bool current = affirms(prec, "current scaling") || affirms(prec, "fp8-cs");
        if (fp4) {
            s.fp8Scaling = Fp8Scaling::Nvfp4;
            log.read("fp8-scaling", "nvfp4", "precision", prec);
        } else if (mx) {
            s.fp8Scaling = Fp8Scaling::Mxfp8;
            log.read("fp8-scaling", "mxfp8", "precision", prec);
        } else if (megatronCore && current) {
            s.fp8Scaling = Fp8Scaling::TeCurrent;
            log.read("fp8-scaling", "te-current", "precision", prec);
        } else if (megatronCore) {
            s.fp8Scaling = Fp8Scaling::TeDelayed;
            log.assume("fp8-scaling", "te-delayed", "Transformer Engine's default fp8 recipe (DelayedScaling)");
        } else if (affirms(prec, "amp_fp8")) {
            // Composer's Precision.AMP_FP8 (llm-foundry's `precision: amp_fp8`) runs Transformer Engine's fp8_autocast
            // with a DelayedScaling recipe (mosaicml/composer composer/core/precision.py get_precision_context), not
            // torchao's fused cast.
            s.fp8Scaling = Fp8Scaling::TeDelayed;
            log.read("fp8-scaling", "te-delayed", "precision", "amp_fp8 (Composer: Transformer Engine DelayedScaling)");
        } else {
            log.assume("fp8-scaling", "cast", "one fused fp8 cast per GEMM input (torchao under torch.compile)");
        }
    }
    // One rate for that kernel wherever it is taken (teFusedAttentionEfficiency: `step --stack nemo` gets the same).
    if (megatronCore && resolveGpu(s).peakFlops8 > 0) {
        const GpuPreset g = resolveGpu(s);
        const double queryLength = double(s.seq) / double(std::max<std::int64_t>(1, s.cp));
        const double measured = cudnnFusedAttentionEfficiency(g, queryLength);
        s.attentionKernel = AttentionKernel::Cudnn;
        s.attentionEfficiency = teFusedAttentionEfficiency(g, queryLength);
        // Three decimals, built from integers (snprintf would follow LC_NUMERIC's decimal comma).
        const long milli = std::lround(measured * 1000.0);
        const std::string frac = std::to_string(milli % 1000);
        const std::string shown = std::to_string(milli / 1000) + "." + std::string(3 - frac.size(), '0') + frac;
        if (measured > 0)
            log.assume("attention-efficiency", shown,
                       "cuDNN fused attention on " + g.id + " as NVIDIA measured it (NVIDIA/cudnn-frontend "
                       "sdpa_benchmark_training artifacts: forward and backward at this query length)");
        else
            log.assume("attention-efficiency", "0.6", "Transformer Engine's cuDNN fused attention (Megatron-Core / NeMo)");
    }
    // Megatron-Core recipes overlap the DP reduce-scatter / param all-gather and the TP collectives
    // (overlap_grad_reduce, overlap_param_gather, tp_comm_overlap); torchtitan's AsyncTP does the latter.
    s.overlapParamGather = megatronCore;
    if (megatronCore)
        log.assume("overlap-param-gather", "yes", "Megatron-Core recipes overlap the DP collectives");
    const bool asyncTp = affirms(notes, "async TP") || affirms(notes, "AsyncTP");
    const bool noTpOverlap = denies(notes, "TP comm overlap") || denies(notes, "tp_comm_overlap");
    s.tpCommOverlap = (megatronCore && !noTpOverlap) || asyncTp;
    if (asyncTp)
        log.read("tp-comm-overlap", "yes", "notes", "async TP");
    else if (noTpOverlap)
        log.read("tp-comm-overlap", "no", "notes", "no TP comm overlap");
    else if (megatronCore)
        log.assume("tp-comm-overlap", "yes", "Megatron-Core recipes overlap the TP collectives (tp_comm_overlap)");
    // torchtitan runs context parallelism through PyTorch's experimental context_parallel (K/V all-gathered,
    // fp32 merges and dK/dV; torch/distributed/tensor/experimental/_attention.py), and its Llama repeats K/V to
    // every query head before SDPA (torchtitan models/llama/model.py, repeat_kv).
    // Listed where they change the step: CP across GPUs, K/V heads fewer than query heads, ZeRO-3 (issue 24: a default
    // the reader takes from the source is said).
    s.cpTorchAllGather = contains(source, "torchtitan");
    s.attentionRepeatsKv = contains(source, "torchtitan");
    if (s.cpTorchAllGather && s.cp > 1)
        log.assume("cp-allgather", "on", "torchtitan's context parallelism is PyTorch's context_parallel (K/V all-gathered)");
    listRepeatKv(s, log);
    // Narayanan et al.'s ZeRO-3 baseline ran DeepSpeed's 2021 ZeRO-3 (per-tensor collectives).
    s.zero3PerTensorCollectives = megatron2021 && s.zeroStage == 3;
    if (s.zero3PerTensorCollectives)
        log.assume("zero3-per-tensor", "on", "2021 DeepSpeed ZeRO-3 (Narayanan et al.'s baseline) gathers tensor by tensor");
    // 2021-22 Megatron-LM's local DDP all-reduces the gradient buffer after the pipeline flush, not during the backward
    // (megatron/training.py train_step: allreduce_gradients() after forward_backward_func; docs/model.md).
    s.ddpReduceAfterFlush = megatron2021 && s.zeroStage == 0;
    if (s.ddpReduceAfterFlush)
        log.assume("ddp-reduce-after-flush", "yes", "2021-22 Megatron-LM all-reduces gradients after the pipeline flush");
    // GPT-style models carry biases on every linear layer (GPT-2/3, Megatron GPT).
    // (A preset's block keeps its own biases: modelreading.cpp.)
    // Nemotron-4 does not: "no bias terms" (Parmar et al. 2024, Nemotron-4 15B Technical Report, arXiv:2402.16819,
    // section 2; the 340B model keeps the architecture, arXiv:2406.11704).
    if (!llama && !shape.preset && contains(model, "nemotron")) {
        log.read("biases", "no", "model", "Nemotron");
    } else if (!llama && !shape.preset) {
        s.arch.qkvBias = s.arch.attnOutBias = s.arch.mlpBias = true;
        log.assume("biases", "yes", "a GPT-style model (not a Llama shape, no preset): biases on every linear layer");
    }
    // Megatron-Bridge's workload configs (scripts/performance/configs/<family>/*_workload_base_configs.py) set knobs its
    // performance tables never print; a row states them in columns of the config's own names, read from the config at
    // the table's commit (docs/validation.md). scripts/performance/utils/overrides.py _set_recompute_overrides: a
    // recompute_num_layers N sets recompute_granularity "full" and recompute_method "block", i.e. N layers of each
    // pipeline stage recomputed in full; the step model takes that count as every n-th block (checkpointInterval, the
    // same number of recomputed layers per stage).
    if (!get(row, "recompute_num_layers").empty()) {
        const std::int64_t n = integer(row, "recompute_num_layers", -1);
        const std::int64_t perStage = s.arch.layers / std::max<std::int64_t>(1, s.pp);
        if (n < 1 || n > perStage)
            unmodelled("recompute_num_layers must be a whole number from 1 to the layers of one pipeline stage");
        s.checkpointing = Checkpointing::Full;
        s.checkpointInterval = std::max<std::int64_t>(1, std::llround(double(perStage) / double(n)));
        log.read("checkpointing", "full, every " + std::to_string(s.checkpointInterval) + "-th block",
                 "recompute_num_layers", get(row, "recompute_num_layers") + " (block: full recompute of that many layers per stage)");
    }
    if (const std::string off = get(row, "cpu_offloading_num_layers"); !off.empty())
        log.assume("cpu-offloading-num-layers", off,
                   "stated, not modelled: the step model prices no activation copies to host memory for part of the "
                   "layers (--activation-offload is all or nothing)");
    if (const std::string graph = get(row, "cuda_graph_impl"); !graph.empty())
        log.assume("cuda-graph-impl", graph,
                   "stated; the step model has no CPU launch overhead, so a CUDA graph changes nothing in it");
    // The stack whose numbers these are (stackOfRow: from the source, as for its FLOP count) labels the scenario, so
    // what depends on the stack's kernels does (torchao's casts under torchtitan: stagetime.cpp,
    // transformerEngineQuantises); a stated stack replaces it below.
    if (const auto fromSource = stackOfRow(row, nullptr))
        s.stack = stackLabel(*fromSource);
    // A stated stack, the run's own config file and explicit knob columns (stacks.cpp): stated, not guessed.
    applyStatedColumns(row, s, log, importer, legacyStepColumn);
    return s;
}

double predictStepMetric(const CsvRow& row, const Scenario& s, const StepResult& r)
{
    const std::string metric = get(row, "measured_metric");
    const StepTotals& t = r.totals;
    if (metric == "step_time_s")
        return t.stepTime;
    if (metric == "tokens_per_s_per_gpu")
        return t.tokensPerSecondPerGpu;
    // MFU and TFLOP/s in the convention of the stack the numbers come from (stacks.h: Megatron-Bridge and current
    // Megatron-LM halve the causal score matrix; the others count it whole, as ShardScope does).
    const auto stack = stackOfRow(row, nullptr);
    const FlopCount count = stack ? stack->flops : FlopCount::Full;
    if (metric == "mfu")
        return mfuIn(count, s, t);
    if (metric == "tflops_per_gpu") {
        // Narayanan et al. count the recompute FLOPs (their 96 B s L h^2 form); the others count model FLOPs.
        const std::string notes = get(row, "notes");
        const bool hardware = contains(notes, "96Bslh") || contains(notes, "incl. recompute");
        return hardware ? t.executedFlops / t.stepTime / double(s.gpus) / 1e12 : modelTflopsPerGpuIn(count, s, t);
    }
    if (metric == "layer_time_s") {
        // One layer's forward and backward (recompute included) for one micro-batch: its kernels and its
        // blocking TP collectives.
        double sum = 0;
        for (const StepEvent& e : r.events)
            if (e.layer >= 0 && (e.kind == EventKind::Compute || e.group == CommGroup::TP))
                sum += e.duration;
        return sum;
    }
    unmodelled("unknown metric " + metric);
}

namespace {

/// The model of an MoE table row: a MoE model the name gives (modelreading.h, presetForModelName: the MoE presets,
/// Qwen3-30B-A3B, OLMoE-1B-7B, Qwen1.5-MoE-A2.7B, DeepSeek-V2-Lite, each from its Hugging Face config), the same
/// reading the shipped formats get.
std::optional<Architecture> moeTableArchitecture(const std::string& model)
{
    const auto m = presetForModelName(model);
    if (!m || !m->arch.moe())
        return std::nullopt;
    return m->arch;
}

/// A whole count from a cell that must be stated.
std::int64_t statedCount(const CsvRow& row, const std::string& key, std::int64_t lo, std::int64_t hi)
{
    const std::int64_t v = integer(row, key, -1);
    if (get(row, key).empty() || v < lo || v > hi)
        unmodelled(key + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
}

} // namespace

bool isMoeTableHeader(const CsvRow& firstRow)
{
    return firstRow.count("tokens_per_s_per_gpu") && firstRow.count("ep") && !firstRow.count("measured_metric");
}

double torchtitanMoeFlopsPerToken(const Architecture& a, std::int64_t seq)
{
    const ParamCounts c = countParams(a);
    // named_parameters(): "embedding" (the input embedding, dense but not counted), moe.router, moe.shared_experts,
    // moe.experts (all routed experts, counted top_k / num_experts, integer division as torchtitan's), the rest dense
    // (attention, norms, dense MLPs, the output head).
    const std::int64_t routedActive = a.experts > 0 ? c.routedTotal * a.topK / a.experts : 0;
    const std::int64_t counted = c.total - c.embedding - c.routedTotal + routedActive;
    // head_dims: the DeepSeek-V3 model passes qk_nope + qk_rope + v head sizes, the others 2 x head_dim.
    const std::int64_t qkHead = a.mla() ? a.qkNopeDim + a.qkRopeDim : a.headDim;
    const std::int64_t vHead = a.mla() ? a.vHeadDim : a.headDim;
    return 6.0 * double(counted) + 6.0 * double(a.layers) * double(a.heads) * double(qkHead + vHead) * double(seq);
}

std::optional<double> torchtitanPeakFlops(const std::string& gpu)
{
    // get_peak_flops matches the device name; a row's gpu cell names the part the same way. H100 NVL / PCIe have
    // their own figures there (835e12, 756e12): refused here rather than taken as SXM.
    const std::string g = lower(gpu);
    if (contains(g, "nvl") || contains(g, "pcie"))
        return std::nullopt;
    if (contains(g, "b200") && !contains(g, "gb200"))
        return 2.25e15;
    if (contains(g, "h100") || contains(g, "h200"))
        return 989e12;
    if (contains(g, "a100"))
        return 312e12;
    return std::nullopt;
}

double moeTableStepSeconds(const CsvRow& row, RowReadings* readings)
{
    // A row that gives an MFU (torchtitan's metrics log "mfu"): its tokens/s/GPU in the stack's own FLOP count.
    if (!get(row, "mfu").empty()) {
        if (!get(row, "tokens_per_s_per_gpu").empty() || !get(row, "step_time_s").empty())
            unmodelled("state one of step_time_s, tokens_per_s_per_gpu and mfu");
        if (lower(get(row, "stack")) != "torchtitan")
            unmodelled("an mfu needs the stack whose FLOP count it is (stack torchtitan)");
        const double mfu = number(row, "mfu");
        if (!(mfu > 0 && mfu <= 1))
            unmodelled("mfu " + get(row, "mfu").substr(0, 40) + " is not a fraction between 0 and 1");
        const auto arch = moeTableArchitecture(get(row, "model"));
        if (!arch)
            unmodelled("model '" + get(row, "model").substr(0, 40) + "' names no MoE model the reader knows");
        const auto peak = torchtitanPeakFlops(get(row, "gpu"));
        if (!peak)
            unmodelled("gpu '" + get(row, "gpu").substr(0, 40) + "' has no peak in torchtitan's get_peak_flops");
        const std::int64_t seq = statedCount(row, "seq", 1, std::int64_t(1) << 24);
        const double flops = torchtitanMoeFlopsPerToken(*arch, seq);
        const double tps = mfu * *peak / flops;
        const std::int64_t gbs = statedCount(row, "global_batch", 1, std::int64_t(1) << 30);
        const std::int64_t gpus = statedCount(row, "gpus", 1, std::int64_t(1) << 24);
        if (readings) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "%.0f tokens/s/GPU = %s x %.4g FLOP/s / %.6g FLOP per token", tps,
                          get(row, "mfu").c_str(), *peak, flops);
            readings->read("tokens-per-s-per-gpu", buf, "mfu",
                           get(row, "mfu") + " (torchtitan get_moe_model_nparams_and_flops and get_peak_flops)");
        }
        return double(gbs) * double(seq) / (double(gpus) * tps);
    }
    // Tables that print seconds per step (Megatron-MoE-ModelZoo's best-practice tables): the step time as printed.
    // A row states one of the two, never both (two figures could disagree).
    if (!get(row, "step_time_s").empty()) {
        if (!get(row, "tokens_per_s_per_gpu").empty())
            unmodelled("state step_time_s or tokens_per_s_per_gpu, not both");
        const double t = number(row, "step_time_s");
        if (!(t >= kMinMeasured && t <= kMaxMeasured))
            unmodelled("step_time_s " + get(row, "step_time_s").substr(0, 40) + " is implausible (between 1e-06 and 1e+09)");
        return t;
    }
    const double tps = number(row, "tokens_per_s_per_gpu");
    const std::int64_t gbs = statedCount(row, "global_batch", 1, std::int64_t(1) << 30);
    const std::int64_t gpus = statedCount(row, "gpus", 1, std::int64_t(1) << 24);
    const std::int64_t seq = get(row, "seq").empty() ? 4096 : statedCount(row, "seq", 1, std::int64_t(1) << 24);
    if (!(tps >= kMinMeasured && tps <= kMaxMeasured))
        unmodelled("tokens_per_s_per_gpu " + get(row, "tokens_per_s_per_gpu").substr(0, 40) + " is implausible (between 1e-06 and 1e+09)");
    return double(gbs) * double(seq) / (double(gpus) * tps);
}

Scenario scenarioForMoeTableRow(const CsvRow& row, RowReadings* readings)
{
    RowReadings scratch;
    RowReadings& log = readings ? *readings : scratch;
    const std::string model = get(row, "model");
    const std::optional<Architecture> arch = moeTableArchitecture(model);
    if (!arch)
        unmodelled("model '" + model.substr(0, 40) + "' names no MoE model the reader knows (the MoE presets, qwen3-30b-a3b, "
                   "olmoe-1b-7b, qwen1.5-moe-a2.7b, deepseek-v2-lite, deepseek-v3-16b)");
    const std::int64_t gpus = statedCount(row, "gpus", 1, std::int64_t(1) << 24);
    const std::int64_t tp = statedCount(row, "tp", 1, gpus), pp = statedCount(row, "pp", 1, gpus);
    // Context parallelism, where a row states it (NeMo's Mixtral 8x22B runs at 65,536 tokens with CP 8): the dense
    // reader's "cp=K;" (data/README.md), so the data-parallel size is GPUs / (TP x PP x CP). Blank: 1.
    const std::int64_t cp = get(row, "cp").empty() ? 1 : statedCount(row, "cp", 1, gpus);
    if (gpus % (tp * pp) != 0 || gpus % (tp * pp * cp) != 0)
        unmodelled(cp > 1 ? "gpus is not a multiple of tp x pp x cp" : "gpus is not a multiple of tp x pp");
    // The same row as a dense Megatron-Bridge row of measured-steps.csv: the GPU, the precision (fp8 scaling), the
    // attention kernel, the overlapped DP and TP collectives and the distributed optimizer by the same rules.
    CsvRow dense;
    for (const char* k : {"id", "source", "micro_batch", "global_batch", "gpus", "tp", "pp", "vpp", "precision", "seq",
                          "zero_stage", "recompute"})
        dense[k] = get(row, k);
    // A stated stack (torchtitan: FSDP2, SDPA, torch.compile off unless stated; stacks.cpp) and the knobs a run states
    // in the stack's own terms (checkpointing per-op: torchtitan's selective_ac_option 'op'; compiled), applied after
    // the stack's defaults, by the dense reader's rules.
    const bool torchtitan = lower(get(row, "stack")) == "torchtitan";
    for (const char* k : {"stack", "checkpointing", "checkpoint_interval", "compiled"})
        if (!get(row, k).empty())
            dense[k] = get(row, k);
    dense["gpu_type"] = get(row, "gpu");
    if (dense["seq"].empty()) {
        dense["seq"] = "4096";
        log.assume("seq", "4096", "the sequence of Megatron-Bridge's performance tables (their Model TFLOP/s over "
                                  "tokens/s gives the FLOPs per token at 4096)");
    }
    dense["layers"] = std::to_string(arch->layers);
    dense["hidden"] = std::to_string(arch->hidden);
    dense["heads"] = std::to_string(arch->heads);
    dense["vocab"] = std::to_string(arch->vocab);
    dense["dp"] = std::to_string(gpus / (tp * pp * cp));
    if (cp > 1)
        dense["notes"] = "cp=" + std::to_string(cp) + ";";
    // Full recompute (recompute-granularity full) and Megatron FSDP (zero_stage 3) where a row states them; blank:
    // none, and the distributed optimizer by the dense reader's rule.
    if (dense["recompute"].empty() && !torchtitan)
        dense["recompute"] = "none";
    dense["measured_metric"] = "step_time_s";
    Scenario s = scenarioForStepRow(dense, &log, nullptr);
    // The dense reader's guesses about the shape (KV heads, MLP width) are replaced by the model's own.
    log.assumed.erase(std::remove_if(log.assumed.begin(), log.assumed.end(),
                                     [](const AssumedDefault& d) {
                                         return d.knob == "kv-heads" || d.knob == "ffn" || d.knob == "biases"
                                             || d.knob == "repeat-kv";
                                     }),
                      log.assumed.end());
    s.arch = *arch;
    listRepeatKv(s, log);
    s.bareParams.reset();
    log.read("model", arch->name, "model", model);
    // Per-tensor fp8 named by the recipe: Megatron-Bridge's *_FP8_CS_* configs run Transformer Engine's current
    // scaling (scripts/performance/configs/*/*_workload_base_configs.py), which the row's notes name.
    if (s.recipe.fp8 && s.fp8Scaling == Fp8Scaling::TeDelayed && contains(get(row, "notes"), "FP8_CS")) {
        s.fp8Scaling = Fp8Scaling::TeCurrent;
        log.read("fp8-scaling", "te-current", "notes", "FP8_CS");
    }
    if (torchtitan) {
        // torchtitan folds EP out of dp_shard x cp (x tp when ETP is 1): the experts are split EP ways over the GPUs of a
        // stage and FSDP2 shards each expert over the rest (torchtitan's parallel_dims.py _build_mesh_with_ep: dp_shard =
        // dp_shard_mod_ep x dp_shard_in_ep, ep = dp_shard_in_ep x cp; read in a copy the index stores without its
        // commit, not pinned), the fold Scenario's ep / expert-TP describe. FSDP2 with ZeRO-3 sharding is the stack's.
        if (s.framework != Framework::Fsdp2)
            unmodelled("a torchtitan row is read as FSDP2 (its stack's framework); this row states another");
        if (s.zeroStage != 3) {
            s.zeroStage = 3;
            log.assume("zero-stage", "3", "torchtitan's dp_shard: FSDP2 fully shards parameters, gradients and optimizer states");
        }
        // The dense reader's guesses that the stack's defaults and the row's knob columns replaced (zero-stage 1,
        // compiled no, the stack's checkpointing where a column states it): the last word on a knob is listed, once.
        std::vector<AssumedDefault> kept;
        for (auto it = log.assumed.rbegin(); it != log.assumed.rend(); ++it) {
            const auto same = [&](const auto& x) { return x.knob == it->knob; };
            if (std::none_of(kept.begin(), kept.end(), same) && std::none_of(log.fromText.begin(), log.fromText.end(), same))
                kept.push_back(*it);
        }
        log.assumed.assign(kept.rbegin(), kept.rend());
    } else {
        s.framework = Framework::Megatron;
        log.assume("framework", "megatron", "Megatron-Bridge trains on Megatron-Core");
    }
    s.ep = statedCount(row, "ep", 1, gpus);
    // Expert TP where a row states it: Megatron-Core's --expert-tensor-parallel-size defaults to the TP size
    // (NVIDIA/Megatron-LM@022bcb5a megatron/core/transformer/moe/README.md, "Default is same to
    // --tensor-model-parallel-size"), so a Megatron-LM run with TP 8, EP 1 and no expert TP flag (FlagPerf's Mixtral
    // 8x7B) splits every expert eight ways. Blank: the Megatron-Bridge recipes' 1, listed as assumed.
    if (get(row, "etp").empty()) {
        s.etp = 1;
        log.assume("expert-tp", "1", torchtitan ? "torchtitan's expert_tensor_parallel_degree default 1"
                                                : "the recipes' expert_tensor_parallel_size 1");
    } else {
        s.etp = statedCount(row, "etp", 1, gpus);
        log.read("expert-tp", std::to_string(s.etp), "etp", get(row, "etp"));
    }
    // A blank a2a_overlap or flex_dispatcher takes the stack's default, said: Megatron-Bridge's performance configs
    // leave both off unless a config sets them (NVIDIA-NeMo/Megatron-Bridge@2afd2d34 scripts/performance/utils/utils.py,
    // WorkloadBaseConfig: moe_flex_dispatcher_backend None, the recipes' alltoall dispatcher; moe_a2a_overlap False);
    // torchtitan's expert parallelism is a plain all-to-all without overlap.
    const std::string overlap = get(row, "a2a_overlap"), flex = get(row, "flex_dispatcher");
    if ((!overlap.empty() && overlap != "0" && overlap != "1") || (!flex.empty() && flex != "0" && flex != "1"))
        unmodelled("a2a_overlap and flex_dispatcher must be 0, 1 or blank");
    const char* blankWhy = torchtitan ? "torchtitan's expert parallelism: a plain all-to-all, not overlapped"
                                      : "Megatron-Bridge's WorkloadBaseConfig default (moe_a2a_overlap False, "
                                        "moe_flex_dispatcher_backend None: the alltoall dispatcher)";
    s.moeA2aOverlap = overlap == "1";
    if (overlap.empty())
        log.assume("moe-a2a-overlap", "off", blankWhy);
    else
        log.read("moe-a2a-overlap", s.moeA2aOverlap ? "on" : "off", "a2a_overlap", overlap);
    // Under a Megatron-Core stack the overlap also costs its measured time (kernels.h,
    // kMegatronA2aOverlapSecondsPerLayer) and, without it, dropless routing at EP > 1 its dispatcher's measured idle
    // (kMegatronDroplessSyncSecondsPerLayer): the stack the source names is then listed as read.
    if (s.moeA2aOverlap || detail::moeDispatchSynchronises(s))
        stackOfRow(row, &log);
    // HybridEP / DeepEP (moe_flex_dispatcher_backend) send a token once per node.
    s.moeNodeDedup = flex == "1";
    if (flex.empty())
        log.assume("moe-node-dedup", "off", blankWhy);
    else
        log.read("moe-node-dedup", s.moeNodeDedup ? "on" : "off", "flex_dispatcher", flex);
    // A run whose config does not turn on --tp-comm-overlap (Megatron-LM's default: off; the model zoo's
    // model_configs/benchmarking/*.yaml name only --overlap-grad-reduce and --overlap-param-gather) states
    // tp_comm_overlap 0: its TP collectives are exposed. Blank: the Megatron-Bridge recipes' overlap.
    if (const std::string tpo = get(row, "tp_comm_overlap"); !tpo.empty()) {
        if (tpo != "0" && tpo != "1")
            unmodelled("tp_comm_overlap must be 0 or 1");
        s.tpCommOverlap = tpo == "1";
        log.assumed.erase(std::remove_if(log.assumed.begin(), log.assumed.end(),
                                         [](const AssumedDefault& d) { return d.knob == "tp-comm-overlap"; }),
                          log.assumed.end());
        log.read("tp-comm-overlap", s.tpCommOverlap ? "yes" : "no", "tp_comm_overlap", tpo);
    }
    // Megatron-Core's --account-for-embedding-in-pipeline-split / --account-for-loss-in-pipeline-split, where a row
    // states them (1): the embedding and the loss each take a layer's slot (the model zoo's Qwen3-235B config: 94
    // layers and 2 slots over PP 32 x VPP 3). Blank: off, the recipes' default.
    for (const auto& [col, flag] : {std::pair<const char*, bool Scenario::*> {"embedding_in_pipeline_split", &Scenario::embeddingInPipelineSplit},
                                    std::pair<const char*, bool Scenario::*> {"loss_in_pipeline_split", &Scenario::lossInPipelineSplit}}) {
        const std::string v = get(row, col);
        if (v.empty())
            continue;
        if (v != "0" && v != "1")
            unmodelled(std::string(col) + " must be 0 or 1");
        s.*flag = v == "1";
        log.read(col, v == "1" ? "on" : "off", col, v);
    }
    const std::string rm = get(row, "recompute_modules").empty() ? std::string("none") : get(row, "recompute_modules");
    const auto bits = recomputeModulesFromKey(rm);
    if (!bits)
        unmodelled("recompute_modules must be none or a comma-separated list of layernorm, moe_act, mla_up_proj");
    s.recomputeModules = *bits;
    log.read("recompute-modules", recomputeModulesKey(*bits), "recompute_modules", rm);
    return s;
}

namespace {

/// The measured metric as runs write it, in the file format's five names (data/README.md: step_time_s, tflops_per_gpu,
/// mfu, tokens_per_s_per_gpu, layer_time_s), each rewrite listed as read: case and separators ("TFLOP/s per GPU",
/// "tokens/s/GPU"), milliseconds ("step_time_ms"), an MFU in percent ("45%"), and global rates divided by the row's
/// GPUs ("tokens_per_s"; "samples_per_s" / "sequences_per_s" times seq). Anything else stays as written (refused later
/// as an unknown metric).
CsvRow canonicalMetric(const CsvRow& in, RowReadings& log)
{
    CsvRow row = in;
    const std::string raw = get(row, "measured_metric");
    std::string m;
    for (const char c : raw) // lower case, every separator one '_'
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '%')
            m += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!m.empty() && m.back() != '_')
            m += '_';
    while (!m.empty() && m.back() == '_')
        m.pop_back();
    std::string value = get(row, "measured_value");
    const auto set = [&](const std::string& metric, double factor, const std::string& how) {
        row["measured_metric"] = metric;
        if (factor != 1.0) {
            const double v = number(row, "measured_value") * factor;
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.17g", v);
            row["measured_value"] = buf;
        }
        if (metric != raw || factor != 1.0)
            log.read("measured-metric", metric, "measured_metric", raw + (how.empty() ? "" : " (" + how + ")"));
    };
    if (m == "mfu" || m == "mfu_%" || m == "mfu_percent") {
        if (!value.empty() && value.back() == '%') {
            value.pop_back();
            row["measured_value"] = value;
            set("mfu", 0.01, "a percentage");
        } else if (m != "mfu") {
            set("mfu", 0.01, "a percentage");
        } else {
            set("mfu", 1.0, "");
        }
        return row;
    }
    static const std::pair<const char*, const char*> same[] = {
        {"step_time_s", "step_time_s"}, {"step_time", "step_time_s"}, {"iteration_time_s", "step_time_s"},
        {"iter_time_s", "step_time_s"}, {"tflops_per_gpu", "tflops_per_gpu"}, {"tflops", "tflops_per_gpu"},
        {"tflop_s_per_gpu", "tflops_per_gpu"}, {"tflop_s_gpu", "tflops_per_gpu"}, {"tflops_gpu", "tflops_per_gpu"},
        {"model_tflops_per_gpu", "tflops_per_gpu"}, {"tokens_per_s_per_gpu", "tokens_per_s_per_gpu"},
        {"tokens_s_gpu", "tokens_per_s_per_gpu"}, {"tok_s_gpu", "tokens_per_s_per_gpu"},
        {"tokens_per_second_per_gpu", "tokens_per_s_per_gpu"}, {"layer_time_s", "layer_time_s"}};
    for (const auto& [alias, metric] : same)
        if (m == alias) {
            set(metric, 1.0, "");
            return row;
        }
    if (m == "step_time_ms" || m == "iteration_time_ms" || m == "iter_time_ms") {
        set("step_time_s", 1e-3, "milliseconds");
        return row;
    }
    const double gpus = get(row, "gpus").empty() ? 0.0 : number(row, "gpus");
    const double seq = get(row, "seq").empty() ? 0.0 : number(row, "seq");
    if ((m == "tokens_per_s" || m == "tokens_s" || m == "tokens_per_second") && gpus > 0) {
        set("tokens_per_s_per_gpu", 1.0 / gpus, "all GPUs' tokens, divided by the row's gpus");
        return row;
    }
    if ((m == "samples_per_s" || m == "sequences_per_s" || m == "samples_per_second") && gpus > 0 && seq > 0) {
        set("tokens_per_s_per_gpu", seq / gpus, "all GPUs' sequences, times seq over the row's gpus");
        return row;
    }
    return row;
}

} // namespace

StepValidation validateSteps(const std::string& csvText, const ConfigImporter& importer)
{
    const auto rows = parseCsvWithHeader(csvText, "steps");
    // A header alone is refused as --measured refuses it (it exited 0 with a "perfect" error over 0 rows).
    if (rows.empty())
        throw InvalidInput("steps", "--steps: the CSV has no rows");
    // Each row is a step model (0.5 ms): 16 MiB of short rows (170,000) took minutes.
    if (rows.size() > kMaxValidationRows)
        throw InvalidInput("steps", "--steps: the CSV has " + std::to_string(rows.size()) + " rows; a measured CSV has a few hundred (at most "
                                        + std::to_string(kMaxValidationRows) + ")");
    const bool moeTable = isMoeTableHeader(rows.front());
    for (const char* col : {"id", "measured_metric", "measured_value"})
        if (rows.front().count(col) == 0 && !(moeTable && std::string(col) != "id"))
            throw InvalidInput("steps", std::string("--steps: the CSV has no column ") + col);
    StepValidation v;
    std::map<std::string, std::vector<double>> bySource;
    std::vector<double> all;
    // A modelled row, MoE table row or not: its error must be finite; then it counts in every median.
    auto record = [&](StepCheck& c, RowReadings& readings) {
        c.error = c.predicted / c.measured - 1.0;
        if (!std::isfinite(c.error))
            unmodelled("no finite error for this measurement");
        v.rows.push_back(c);
        v.readings.push_back(std::move(readings));
        bySource[c.source].push_back(std::abs(c.error));
        all.push_back(std::abs(c.error));
    };
    for (const CsvRow& cells : rows) {
        const std::string id = get(cells, "id");
        try {
            RowReadings readings;
            const CsvRow row = moeTable ? cells : canonicalMetric(cells, readings);
            if (moeTable) {
                // A Megatron-Bridge MoE table row: its step seconds from the table's tokens/s/GPU.
                const Scenario s = scenarioForMoeTableRow(row, &readings);
                const StepResult r = computeStep(s);
                StepCheck c;
                c.id = id;
                c.source = sourceOf(id);
                c.metric = "step_time_s";
                c.measured = moeTableStepSeconds(row, &readings);
                c.predicted = r.totals.stepTime;
                record(c, readings);
                continue;
            }
            const Scenario s = scenarioForStepRow(row, &readings, &importer);
            if (const auto st = stackOfRow(row, &readings); st && st->flops == FlopCount::CausalHalf
                && (get(row, "measured_metric") == "mfu" || get(row, "measured_metric") == "tflops_per_gpu"))
                readings.assume("flop-count", "causal-half", st->key + " counts causal attention at half the score matrix ("
                                + st->source + ")");
            const StepResult r = computeStep(s);
            StepCheck c;
            c.id = id;
            c.source = sourceOf(id);
            c.metric = get(row, "measured_metric");
            c.measured = number(row, "measured_value");
            // A measurement no GPU run gives (1e300 s, an MFU of 3): unmodelled with the reason, not an error of
            // -100% or a chart axis of inf.
            if (!(c.measured >= kMinMeasured && c.measured <= kMaxMeasured) || (c.metric == "mfu" && c.measured > 1))
                unmodelled("measured_value " + get(row, "measured_value").substr(0, 40) + " is implausible for "
                           + c.metric.substr(0, 40) + " (between 1e-06 and 1e+09" + (c.metric == "mfu" ? ", an MFU at most 1)" : ")"));
            c.predicted = predictStepMetric(row, s, r);
            if (!(c.measured > 0) || !std::isfinite(c.predicted))
                unmodelled("no finite prediction for a positive measurement");
            record(c, readings);
        } catch (const InvalidInput& e) {
            v.unmodelled.push_back({id, e.what()});
        }
    }
    v.medianAbsError = median(all);
    v.maxAbsError = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
    for (const auto& [src, errs] : bySource)
        v.bySource.push_back({src, static_cast<int>(errs.size()), median(errs), *std::max_element(errs.begin(), errs.end())});
    return v;
}

} // namespace shardscope
