// SPDX-License-Identifier: MIT
// The model of a measured-run row, read alike by validate --steps and validate --measured (issue 25: a Mixture of
// Experts written in the shipped row formats was read as a dense model; docs/validation.md, "MoE runs in the shipped
// formats").
#include "shardscope/modelreading.h"

#include "presetshapes.h"

#include "cnumber.h"
#include "shardscope/errors.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <regex>

namespace shardscope {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

[[noreturn]] void refuse(const std::string& reason) { throw InvalidInput("row", reason); }

std::string cellOf(const std::map<std::string, std::string>& row, const std::string& key)
{
    const auto it = row.find(key);
    return it == row.end() ? std::string() : it->second;
}

/// The lower-case alphanumeric tokens of a name, without what stands in parentheses ("GPT-2 (124M)" -> gpt, 2).
std::vector<std::string> tokens(const std::string& name)
{
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (const char c : name) {
        if (c == '(')
            ++depth;
        else if (c == ')' && depth > 0)
            --depth;
        if (depth == 0 && std::isalnum(static_cast<unsigned char>(c))) {
            cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

std::string joined(const std::vector<std::string>& t)
{
    std::string s;
    for (const auto& w : t)
        s += w;
    return s;
}

/// Whether consecutive whole tokens of `name` join to `key` ("llama2"+"70b" and "llama"+"2"+"70b" both name llama270b).
bool namesKey(const std::vector<std::string>& name, const std::string& key)
{
    for (std::size_t i = 0; i < name.size(); ++i) {
        std::string s;
        for (std::size_t j = i; j < name.size() && s.size() < key.size(); ++j) {
            s += name[j];
            if (s == key)
                return true;
        }
    }
    return false;
}

/// Qwen3-30B-A3B (Hugging Face Qwen/Qwen3-30B-A3B config.json): the qwen3_moe shape of Qwen3-235B-A22B with 48 layers,
/// hidden 2048, 32 heads and 4 KV heads of 128, 128 experts of 768, top-8, vocabulary 151936, untied.
PresetMatch qwen3_30b()
{
    Architecture a = *findModelPreset("qwen3-235b-a22b");
    a.id = "qwen3-30b-a3b";
    a.name = "Qwen3-30B-A3B";
    a.layers = 48;
    a.hidden = 2048;
    a.heads = 32;
    a.kvHeads = 4;
    a.ffn = 6144;
    a.moeFfn = 768;
    return {a, "Hugging Face Qwen/Qwen3-30B-A3B config.json"};
}

/// The first whole number of a regex group over `text` whose hit is not negated in its clause (phrases.h rules).
std::optional<MoeText::Value> firstValue(const std::string& text, const std::string& raw, const std::regex& re, int group,
                                         int phraseGroup)
{
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const std::string phrase = m[phraseGroup].str();
        const std::string digits = m[group].str();
        if (digits.empty() || digits.size() > 9)
            continue;
        const auto hit = findPhrase(text, phrase);
        if (hit && hit->negated)
            continue;
        // The phrase as written (the search ran on the lower-case text, of the same length).
        return MoeText::Value {std::stoll(digits), raw.substr(std::size_t(m.position(phraseGroup)), phrase.size())};
    }
    return std::nullopt;
}

/// A whole number in range from an explicit column, or the row is refused naming the column.
std::int64_t columnCount(const std::string& column, const std::string& text, std::int64_t lo, std::int64_t hi)
{
    double d = 0;
    if (!plainDecimal(text, d) || d != std::floor(d) || d < double(lo) || d > double(hi))
        refuse("column " + column + ": '" + text.substr(0, 40) + "' is not a whole number from " + std::to_string(lo)
               + " to " + std::to_string(hi));
    return static_cast<std::int64_t>(d);
}

std::string billions(double n)
{
    const long tenths = std::lround(n / 1e8);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + "B";
}

/// A word or name that says the model is a Mixture of Experts, with the words found; "" when none.
std::string moeMarker(const std::string& model, const std::vector<std::pair<std::string, std::string>>& texts)
{
    // "8x7B", "8x22B" (Mixtral's naming: experts x the dense model they widen), "-A22B" / "A3B" (Qwen's activated
    // count), and the words.
    static const std::regex expertsTimes(R"((^|[^0-9a-z])([0-9]{1,9}x[0-9.]{1,9}b)($|[^0-9a-z]))", std::regex::icase);
    static const std::regex activated(R"((^|[^0-9a-z])(a[0-9.]{1,9}b)($|[^0-9a-z]))", std::regex::icase);
    std::smatch m;
    if (std::regex_search(model, m, expertsTimes))
        return m[2].str();
    if (std::regex_search(model, m, activated))
        return m[2].str();
    for (const char* w : {"moe", "mixtral", "mixture of experts", "mixture-of-experts", "experts", "expert parallel",
                          "expert parallelism", "deepseek-v3", "deepseek-v2", "gpt-oss", "olmoe"})
        if (affirms(model, w))
            return w;
    for (const auto& [column, text] : texts)
        for (const char* w : {"moe", "mixture of experts", "mixture-of-experts", "experts", "routed experts"})
            if (affirms(text, w))
                return w;
    return "";
}

/// MoE models published runs train that have no preset of their own, from their Hugging Face config.json (copied under
/// tests/data/hf/; tests/io/tst_hfmoe.cpp checks each against the config's import, to the parameter).
std::vector<PresetMatch> moreMoeModels()
{
    std::vector<PresetMatch> v;
    v.push_back(qwen3_30b());
    // allenai/OLMoE-1B-7B-0924: 16 layers, hidden 2048, 16 heads, 64 experts of intermediate_size 1024, top-8, vocab
    // 50304, untied; OlmoeAttention's q_norm / k_norm over the whole projections.
    Architecture olmoe = llamaStyle("olmoe-1b-7b", "OLMoE-1B-7B", 16, 2048, 16, 16, 1024, 50304);
    olmoe.qkNorm = 2;
    olmoe.experts = 64;
    olmoe.topK = 8;
    v.push_back({olmoe, "Hugging Face allenai/OLMoE-1B-7B-0924 config.json"});
    // Qwen/Qwen1.5-MoE-A2.7B: 24 layers, hidden 2048, 16 heads, 60 experts of 1408, top-4, one shared expert of 5632
    // with its sigmoid gate, q/k/v biases, vocab 151936, untied.
    Architecture qwen15 = llamaStyle("qwen1.5-moe-a2.7b", "Qwen1.5-MoE-A2.7B", 24, 2048, 16, 16, 5632, 151936);
    qwen15.qkvBias = true;
    qwen15.experts = 60;
    qwen15.topK = 4;
    qwen15.moeFfn = 1408;
    qwen15.sharedExperts = 1;
    qwen15.sharedExpertFfn = 5632;
    qwen15.sharedExpertGate = true;
    v.push_back({qwen15, "Hugging Face Qwen/Qwen1.5-MoE-A2.7B config.json"});
    // deepseek-ai/DeepSeek-V2-Lite: 27 layers, hidden 2048, 16 heads, MLA (no q LoRA, kv_lora_rank 512, rope 64, nope
    // 128, v 128), 64 routed experts of 1408, top-6, 2 shared, the first layer dense (10944), vocab 102400, untied.
    Architecture v2lite = llamaStyle("deepseek-v2-lite", "DeepSeek-V2-Lite", 27, 2048, 16, 16, 10944, 102400);
    v2lite.experts = 64;
    v2lite.topK = 6;
    v2lite.moeFfn = 1408;
    v2lite.sharedExperts = 2;
    v2lite.denseLayers = 1;
    v2lite.kvLoraRank = 512;
    v2lite.qkRopeDim = 64;
    v2lite.qkNopeDim = 128;
    v2lite.vHeadDim = 128;
    v2lite.headDim = 192;
    v.push_back({v2lite, "Hugging Face deepseek-ai/DeepSeek-V2-Lite config.json"});
    // torchtitan's DeepSeek-V3 "16B" flavour (pytorch/torchtitan@0014ac2c torchtitan/models/deepseek_v3/__init__.py,
    // _16b; the same figures in model/args.py's defaults at 05c63359): dim 2048, 27 layers, 16 heads, vocab 102400,
    // q_lora_rank 0, kv_lora_rank 512, rope 64, nope 128, v 128, 64 routed experts of 1408, top-6, 2 shared, the first
    // layer dense (10944), softmax routing, an untied output head: DeepSeek-V2-Lite's shape under V3's name, as the runs
    // that train it write it ("DeepSeek-V3 16B").
    Architecture tt16b = v2lite;
    tt16b.id = "deepseek-v3-16b";
    tt16b.name = "DeepSeek-V3 16B (torchtitan)";
    v.push_back({tt16b, "pytorch/torchtitan@0014ac2c torchtitan/models/deepseek_v3/__init__.py (_16b)"});
    return v;
}

} // namespace

std::optional<PresetMatch> presetForModelName(const std::string& model)
{
    const std::vector<std::string> name = tokens(model);
    if (name.empty())
        return std::nullopt;
    std::vector<PresetMatch> all;
    for (const ModelPreset& p : modelPresets())
        all.push_back({p.arch, p.source});
    for (const PresetMatch& m : moreMoeModels())
        all.push_back(m);
    // The longest key first: "mixtral 8x22b" is not "mixtral 8x2..."; every key is whole tokens anyway.
    std::optional<PresetMatch> best;
    std::size_t bestLength = 0;
    for (const PresetMatch& p : all)
        for (const std::string& key : {joined(tokens(p.arch.id)), joined(tokens(p.arch.name))})
            if (!key.empty() && key.size() > bestLength && namesKey(name, key)) {
                best = p;
                bestLength = key.size();
            }
    return best;
}

MoeText readMoeText(const std::string& rawText)
{
    const std::string text = lower(rawText);
    MoeText t;
    // Groups: 1 the whole phrase read, 2 ... the number (each pattern's number group is named below).
    const auto pick = [&](std::optional<MoeText::Value>& into, const char* pattern, int numberGroup) {
        if (into)
            return;
        // Each pattern is a literal below: compiled once a thread, not once a cell (some twenty patterns a cell, three
        // cells a row; under the fuzzer's sanitizers the compilations were most of a row's time).
        thread_local std::map<const char*, std::regex> compiled;
        auto it = compiled.find(pattern);
        if (it == compiled.end())
            it = compiled.emplace(pattern, std::regex(pattern)).first;
        into = firstValue(text, rawText, it->second, numberGroup, 1);
    };
    // Top-k first, so that "2 experts per token" is a top-k, not an expert count.
    pick(t.topK, R"(((?:^|\b)top[- ]?([0-9]{1,9})\b))", 2);
    pick(t.topK,
         R"((\b(?:top[-_ ]?k|topk|moe_router_topk|moe-router-topk|router topk|num_experts_per_tok|experts_per_token|k) ?[=:] ?([0-9]{1,9})\b))",
         2);
    pick(t.topK, R"((\b(?:top[-_ ]?k|topk|moe-router-topk|moe_router_topk) ([0-9]{1,9})\b))", 2);
    pick(t.topK, R"((\b([0-9]{1,9}) (?:routed )?experts? (?:per token|per tok|active|activated|selected)\b))", 2);
    pick(t.topK, R"((\b([0-9]{1,9}) (?:active|activated|selected) experts?\b))", 2);
    // Expert counts: "8 experts", "64 routed experts", "8 local experts", "E=64", "num_experts=64", "experts: 8".
    {
        static const std::regex re(R"((^|[^0-9a-z.\-])(([0-9]{1,9}) (?:routed |local )?experts?)\b)");
        for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator() && !t.experts; ++it) {
            const std::smatch& m = *it;
            const std::string rest = text.substr(std::size_t(m.position(0) + m.length(0)), 20);
            const std::string digits = m[3].str();
            static const std::regex perToken(R"(^ (per token|per tok|active|activated|selected)\b)");
            if (digits.size() > 9 || std::regex_search(rest, perToken))
                continue;
            const auto hit = findPhrase(text, m[2].str());
            if (hit && hit->negated)
                continue;
            t.experts = MoeText::Value {std::stoll(digits), rawText.substr(std::size_t(m.position(2)), m[2].length())};
        }
    }
    pick(t.experts,
         R"((\b(?:e|num_experts|num-experts|num_local_experts|n_routed_experts|moe_num_experts|experts) ?[=:] ?([0-9]{1,9})\b))", 2);
    pick(t.experts, R"((\b(?:num experts|num-experts|number of experts) ([0-9]{1,9})\b))", 2);
    // Expert parallelism: "EP=8", "EP 8", "EP8", "expert parallel 8", "expert-parallel size 8",
    // "expert_model_parallel_size=8" (Megatron), "expert_parallel_degree = 8" (torchtitan).
    pick(t.ep,
         R"((\b(?:ep|expert[-_ ]parallel(?:ism)?(?:[-_ ](?:size|degree))?|expert[-_ ]model[-_ ]parallel[-_ ]size|expert_parallel_degree) ?[=:]? ?([0-9]{1,9})\b))",
         2);
    pick(t.ep, R"((\bep([0-9]{1,9})\b))", 2);
    // Expert tensor parallelism: "ETP 1", "ETP=1", "expert tensor parallel 1", "expert_tensor_parallel_size=1".
    pick(t.etp,
         R"((\b(?:etp|expert[-_ ]tensor[-_ ]parallel(?:ism)?(?:[-_ ](?:size|degree))?|expert[-_ ]tp) ?[=:]? ?([0-9]{1,9})\b))", 2);
    pick(t.etp, R"((\betp([0-9]{1,9})\b))", 2);
    // Shared experts: "1 shared expert", "2 shared experts", "shared_experts=1", "n_shared_experts: 2".
    pick(t.sharedExperts, R"((\b([0-9]{1,9}) shared experts?\b))", 2);
    pick(t.sharedExperts,
         R"((\b(?:shared[-_ ]experts|n_shared_experts|num_shared_experts|moe_shared_expert_count) ?[=:]? ?([0-9]{1,9})\b))", 2);
    if (!t.sharedExperts)
        for (const char* p : {"shared experts", "shared expert"})
            if (!t.sharedExperts && denies(text, p))
                t.sharedExperts = MoeText::Value {0, findPhrase(text, p)->clause};
    // One routed expert's FFN: "moe ffn 1408", "moe_ffn=1408", "moe_intermediate_size 1408", "expert ffn 1408",
    // "moe-ffn-hidden-size 1408" (Megatron).
    pick(t.moeFfn,
         R"((\b(?:moe[-_ ]?ffn(?:[-_ ]hidden[-_ ]size)?|moe_intermediate_size|expert[-_ ]ffn) ?[=:]? ?([0-9]{1,9})\b))", 2);
    // Dense first layers: "first_k_dense_replace=3", "dense_layers 1", "first 3 layers dense", "3 dense layers".
    pick(t.denseLayers, R"((\b(?:first_k_dense_replace|first[-_ ]k[-_ ]dense|dense[-_ ]layers) ?[=:]? ?([0-9]{1,9})\b))", 2);
    pick(t.denseLayers, R"((\bfirst ([0-9]{1,9}) (?:layers )?dense\b))", 2);
    pick(t.denseLayers, R"((\b([0-9]{1,9}) dense (?:first )?layers\b))", 2);
    // "no EP", "without expert parallelism", "EP off": expert parallel size 1.
    if (!t.ep)
        for (const char* p : {"expert parallelism", "expert parallel", "ep"})
            if (!t.ep && denies(text, p))
                t.ep = MoeText::Value {1, findPhrase(text, p)->clause};
    return t;
}

std::string overlongNumberIn(const std::map<std::string, std::string>& row)
{
    for (const auto& [column, text] : row) {
        std::size_t run = 0;
        for (const char c : text) {
            run = std::isdigit(static_cast<unsigned char>(c)) ? run + 1 : 0;
            if (run > 1000)
                return "column " + column.substr(0, 40) + " holds a number of more than 1,000 digits (out of range)";
        }
    }
    return "";
}

bool architectureColumn(const std::string& c)
{
    static const char* kKeys[] = {"experts", "top_k", "moe_ffn", "shared_experts", "shared_expert_ffn", "dense_layers",
                                  "moe_layer_freq"};
    return std::find_if(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return c == k; }) != std::end(kKeys);
}

ModelShapeReading readModelShape(const std::map<std::string, std::string>& row,
                                 const std::vector<std::pair<std::string, std::string>>& textColumns,
                                 const StatedShape& stated, Architecture& a, RowReadings& log)
{
    ModelShapeReading out;
    const std::string model = cellOf(row, "model");
    const auto dropAssumed = [&](const std::string& knob) {
        log.assumed.erase(std::remove_if(log.assumed.begin(), log.assumed.end(),
                                         [&](const AssumedDefault& d) { return d.knob == knob; }),
                          log.assumed.end());
    };
    bool topKSet = false, moeFfnSet = false;
    // --- 1. the preset the model cell names
    if (const auto p = presetForModelName(model)) {
        out.preset = true;
        const Architecture& q = p->arch;
        const std::string phrase = model + " (preset " + q.id + ": " + p->source + ")";
        log.read("model-preset", q.id, "model", model);
        const auto field = [&](const char* knob, bool isStated, std::int64_t& mine, std::int64_t theirs) {
            if (isStated) {
                if (mine != theirs)
                    log.assume(knob, std::to_string(mine),
                               "stated by the row; the preset " + q.id + " has " + std::to_string(theirs) + " ("
                                   + p->source + "): the row's number is used");
                return;
            }
            mine = theirs;
            dropAssumed(knob);
            log.read(knob, std::to_string(theirs), "model", phrase);
        };
        field("layers", stated.layers, a.layers, q.layers);
        field("hidden", stated.hidden, a.hidden, q.hidden);
        field("heads", stated.heads, a.heads, q.heads);
        field("kv-heads", stated.kvHeads, a.kvHeads, q.kvHeads);
        field("ffn", stated.ffn, a.ffn, q.ffn);
        // A blank vocabulary: the preset's, except GPT-2's 50,257, which Megatron pads (the reader's 51,200 stays).
        if (stated.vocab || q.vocab != 50257)
            field("vocab", stated.vocab, a.vocab, q.vocab);
        // The block (gating, norm, biases) and the MoE / MLA shape are the preset's: no column states them.
        a.gatedMlp = q.gatedMlp;
        a.norm = q.norm;
        a.normsPerLayer = q.normsPerLayer;
        a.qkvBias = q.qkvBias;
        a.attnOutBias = q.attnOutBias;
        a.mlpBias = q.mlpBias;
        if (a.hidden == q.hidden && a.heads == q.heads)
            a.headDim = q.headDim;
        a.experts = q.experts;
        a.topK = q.topK;
        a.moeFfn = q.moeFfn;
        a.sharedExperts = q.sharedExperts;
        a.sharedExpertFfn = q.sharedExpertFfn;
        a.sharedExpertGate = q.sharedExpertGate;
        a.denseLayers = q.denseLayers;
        a.moeLayerFreq = q.moeLayerFreq;
        a.routerBias = q.routerBias;
        a.qLoraRank = q.qLoraRank;
        a.kvLoraRank = q.kvLoraRank;
        a.qkRopeDim = q.qkRopeDim;
        a.qkNopeDim = q.qkNopeDim;
        a.vHeadDim = q.vHeadDim;
        a.qkNorm = q.qkNorm;
        a.attentionSinks = q.attentionSinks;
        a.mtpLayers = q.mtpLayers;
        if (q.moe()) {
            topKSet = moeFfnSet = true;
            log.read("experts", std::to_string(q.experts), "model", phrase);
            log.read("top-k", std::to_string(q.topK), "model", phrase);
            if (q.moeFfn > 0)
                log.read("moe-ffn", std::to_string(q.moeFfn), "model", phrase);
            if (q.sharedExperts > 0)
                log.read("shared-experts", std::to_string(q.sharedExperts), "model", phrase);
            if (q.denseLayers > 0)
                log.read("dense-layers", std::to_string(q.denseLayers), "model", phrase);
            if (q.mla())
                log.read("mla", "q_lora " + std::to_string(q.qLoraRank) + ", kv_lora " + std::to_string(q.kvLoraRank),
                         "model", phrase);
        }
    }
    // --- 2. the MoE shape stated in text, then in explicit columns (which win)
    const auto setShape = [&](const char* knob, std::int64_t& mine, std::int64_t value, const std::string& column,
                              const std::string& phrase) {
        if (out.preset && mine != value && std::string(knob) != "dense-layers")
            log.assume(knob, std::to_string(value),
                       "stated in " + column + " ('" + phrase + "'); the preset has " + std::to_string(mine)
                           + ": the row's number is used");
        mine = value;
        log.read(knob, std::to_string(value), column, phrase);
    };
    bool epRead = false, etpRead = false;
    MoeText seen;
    for (const auto& [column, text] : textColumns) {
        const MoeText t = readMoeText(text);
        if (t.experts && !seen.experts) {
            seen.experts = t.experts;
            setShape("experts", a.experts, t.experts->value, column, t.experts->phrase);
        }
        if (t.topK && !seen.topK) {
            seen.topK = t.topK;
            setShape("top-k", a.topK, t.topK->value, column, t.topK->phrase);
            topKSet = true;
        }
        if (t.moeFfn && !seen.moeFfn) {
            seen.moeFfn = t.moeFfn;
            setShape("moe-ffn", a.moeFfn, t.moeFfn->value, column, t.moeFfn->phrase);
            moeFfnSet = true;
        }
        if (t.sharedExperts && !seen.sharedExperts) {
            seen.sharedExperts = t.sharedExperts;
            setShape("shared-experts", a.sharedExperts, t.sharedExperts->value, column, t.sharedExperts->phrase);
        }
        if (t.denseLayers && !seen.denseLayers) {
            seen.denseLayers = t.denseLayers;
            setShape("dense-layers", a.denseLayers, t.denseLayers->value, column, t.denseLayers->phrase);
        }
        if (t.ep && !epRead) {
            epRead = true;
            out.ep = t.ep->value;
            log.read("ep", std::to_string(t.ep->value), column, t.ep->phrase);
        }
        if (t.etp && !etpRead) {
            etpRead = true;
            out.etp = t.etp->value;
            log.read("expert-tp", std::to_string(t.etp->value), column, t.etp->phrase);
        }
    }
    struct Col
    {
        const char* key;
        const char* knob;
        std::int64_t Architecture::*field;
        std::int64_t lo, hi;
    };
    static const Col kCols[] = {{"experts", "experts", &Architecture::experts, 1, 100000},
                                {"top_k", "top-k", &Architecture::topK, 1, 100000},
                                {"moe_ffn", "moe-ffn", &Architecture::moeFfn, 1, 10000000},
                                {"shared_experts", "shared-experts", &Architecture::sharedExperts, 0, 1024},
                                {"shared_expert_ffn", "shared-expert-ffn", &Architecture::sharedExpertFfn, 0, 10000000},
                                {"dense_layers", "dense-layers", &Architecture::denseLayers, 0, 100000},
                                {"moe_layer_freq", "moe-layer-freq", &Architecture::moeLayerFreq, 1, 100000}};
    for (const Col& c : kCols) {
        const std::string v = cellOf(row, c.key);
        if (v.empty())
            continue;
        const std::int64_t n = columnCount(c.key, v, c.lo, c.hi);
        setShape(c.knob, a.*(c.field), n, c.key, "explicit column");
        if (std::string(c.key) == "top_k")
            topKSet = true;
        if (std::string(c.key) == "moe_ffn")
            moeFfnSet = true;
    }
    // --- 3. what was read, checked
    // MoE words in the text of a model with no experts ("the top 3 rows", "moe ffn" of another model) set nothing: the
    // reading is withdrawn and said. Explicit columns without experts are refused.
    if (!a.moe()) {
        for (const char* col : {"top_k", "moe_ffn", "shared_experts", "shared_expert_ffn", "dense_layers"})
            if (!cellOf(row, col).empty() && cellOf(row, "experts").empty())
                refuse(std::string("column ") + col + " is stated but the row describes no experts (an experts column, or "
                       "'8 experts' in the notes)");
        for (const char* knob : {"top-k", "moe-ffn", "shared-experts", "dense-layers"}) {
            const auto it = std::find_if(log.fromText.begin(), log.fromText.end(),
                                         [&](const TextReading& t) { return t.knob == knob; });
            if (it == log.fromText.end())
                continue;
            log.assume(knob, "not used", "'" + it->phrase + "' in " + it->column + " but the row describes no experts");
            log.fromText.erase(it);
        }
        a.topK = 1;
        a.moeFfn = a.sharedExperts = a.sharedExpertFfn = a.denseLayers = 0;
        topKSet = false;
    }
    if (a.moe()) {
        if (!topKSet)
            refuse("the row states " + std::to_string(a.experts) + " experts but no top-k (state it: a top_k column, or "
                   "'top-2' / 'top_k=2' in the notes)");
        if (!moeFfnSet && !out.preset)
            log.assume("moe-ffn", std::to_string(a.ffn),
                       "each expert is the MLP (moe_ffn = ffn, Mixtral's layout: Hugging Face MixtralConfig's "
                       "intermediate_size is one expert's)");
        if (!out.preset && a.sharedExperts == 0 && !seen.sharedExperts && cellOf(row, "shared_experts").empty())
            log.assume("shared-experts", "0", "no shared expert stated");
    }
    // An explicit `ep` column (a knob: applyStatedColumns sets it) on a model with no experts is refused alike.
    if (const std::string epCell = cellOf(row, "ep"); !epCell.empty() && !a.moe()) {
        double e = 0;
        if (plainDecimal(epCell, e) && e > 1)
            refuse("column ep: EP " + epCell.substr(0, 20) + " is stated but the row describes no experts (state them: "
                   "an experts column, or '8 experts, top-2' in the notes, or a model preset's name)");
    }
    if (out.ep && *out.ep > 1 && !a.moe())
        refuse("EP " + std::to_string(*out.ep) + " is stated but the row describes no experts (state them: an experts "
               "column, or '8 experts, top-2' in the notes, or a model preset's name)");
    if (a.moe() && !out.etp && !(row.count("expert_tp") && !cellOf(row, "expert_tp").empty()))
        log.assume("expert-tp", "tp", "the TP size, Megatron-Core's default when expert_tensor_parallel_size is unset");
    const std::string totalText = cellOf(row, "total_params");
    double total = 0;
    const bool hasTotal = !totalText.empty() && plainDecimal(totalText, total) && total > 0;
    total += double(stated.beyondTotal);
    const double counted = double(countParams(a).total);
    if (!a.moe()) {
        const std::string marker = moeMarker(model, textColumns);
        if (!marker.empty() && !(hasTotal && std::fabs(counted / total - 1.0) <= 0.10))
            refuse("'" + marker + "' says Mixture of Experts, but the row gives no expert count and its model name is no "
                   "preset: read dense it has " + billions(counted) + " parameters"
                   + (hasTotal ? " against total_params " + billions(total) : std::string(" (total_params blank)"))
                   + "; state experts and top-k (experts and top_k columns, or '8 experts, top-2' in the notes)");
    }
    if (hasTotal && std::fabs(counted / total - 1.0) > 0.10)
        log.assume("total-params", totalText,
                   "the row states " + billions(total) + " parameters" + (stated.beyondTotal > 0 ? std::string(" (with the untied head)") : std::string()) + "; the architecture read counts " + billions(counted)
                       + " (" + std::to_string(std::lround(100.0 * (counted / total - 1.0))) + "%)");
    return out;
}

} // namespace shardscope
