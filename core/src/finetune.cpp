// SPDX-License-Identifier: MIT
// Fine-tuning: adapter counts and frozen-base bytes (finetune.h; docs/model.md, "Fine-tuning").
#include "shardscope/finetune.h"

#include "shardscope/errors.h"
#include "shardscope/scenario.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace shardscope {

namespace {

struct MethodKey
{
    FinetuneMethod m;
    const char* key;
};
constexpr MethodKey kMethods[] = {{FinetuneMethod::Full, "full"},
                                  {FinetuneMethod::Lora, "lora"},
                                  {FinetuneMethod::Qlora, "qlora"},
                                  {FinetuneMethod::Dora, "dora"}};
struct PrecisionKey
{
    BasePrecision p;
    const char* key;
};
constexpr PrecisionKey kPrecisions[] = {{BasePrecision::Auto, "auto"}, {BasePrecision::Bf16, "bf16"},
                                        {BasePrecision::Int8, "int8"}, {BasePrecision::Nf4, "nf4"},
                                        {BasePrecision::Fp4, "fp4"},   {BasePrecision::Fp8, "fp8"}};

struct TargetName
{
    std::uint32_t bit;
    const char* key; ///< our name (canonical order)
};
constexpr TargetName kTargets[] = {{kLoraQ, "q"},       {kLoraK, "k"},   {kLoraV, "v"},
                                   {kLoraO, "o"},       {kLoraGate, "gate"}, {kLoraUp, "up"},
                                   {kLoraDown, "down"}, {kLoraHead, "head"}, {kLoraRouter, "router"}};
/// Module names of Hugging Face models (PEFT target_modules: Llama, Mistral, Qwen; Mixtral's experts w1 = gate,
/// w3 = up, w2 = down and its router "gate" is not told apart from a dense gate_proj here), and torchtune's
/// lora_attn_modules / apply_lora_to_mlp names (q_proj, k_proj, v_proj, output_proj; w1, w2, w3).
struct Alias
{
    const char* name;
    std::uint32_t bit;
};
constexpr Alias kAliases[] = {{"q_proj", kLoraQ},        {"k_proj", kLoraK},       {"v_proj", kLoraV},
                              {"o_proj", kLoraO},        {"output_proj", kLoraO},  {"out_proj", kLoraO},
                              {"gate_proj", kLoraGate},  {"up_proj", kLoraUp},     {"down_proj", kLoraDown},
                              {"w1", kLoraGate},         {"w3", kLoraUp},          {"w2", kLoraDown},
                              {"lm_head", kLoraHead},    {"output", kLoraHead}};

std::string trimmed(std::string s)
{
    auto sp = [](unsigned char c) { return std::isspace(c) != 0; };
    s.erase(s.begin(), std::find_if_not(s.begin(), s.end(), sp));
    s.erase(std::find_if_not(s.rbegin(), s.rend(), sp).base(), s.end());
    return s;
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

} // namespace

const char* finetuneKey(FinetuneMethod m)
{
    for (const auto& k : kMethods)
        if (k.m == m)
            return k.key;
    return "full";
}

std::optional<FinetuneMethod> finetuneFromKey(const std::string& key)
{
    for (const auto& k : kMethods)
        if (key == k.key)
            return k.m;
    return std::nullopt;
}

const char* basePrecisionKey(BasePrecision p)
{
    for (const auto& k : kPrecisions)
        if (k.p == p)
            return k.key;
    return "auto";
}

std::optional<BasePrecision> basePrecisionFromKey(const std::string& key)
{
    for (const auto& k : kPrecisions)
        if (key == k.key)
            return k.p;
    return std::nullopt;
}

std::string loraTargetsKey(std::uint32_t targets)
{
    std::string out;
    std::uint32_t rest = targets;
    if ((targets & kLoraAllLinear) == kLoraAllLinear) {
        out = "all-linear";
        rest &= ~kLoraAllLinear;
    }
    for (const auto& t : kTargets)
        if (rest & t.bit)
            out += (out.empty() ? "" : ",") + std::string(t.key);
    return out;
}

std::optional<std::uint32_t> loraTargetsFromKey(const std::string& key)
{
    std::uint32_t bits = 0;
    std::stringstream ss(key);
    std::string part;
    int n = 0;
    while (std::getline(ss, part, ',')) {
        part = trimmed(part);
        ++n;
        if (part == "all-linear") {
            bits |= kLoraAllLinear;
            continue;
        }
        std::uint32_t bit = 0;
        for (const auto& t : kTargets)
            if (part == t.key)
                bit = t.bit;
        for (const auto& a : kAliases)
            if (part == a.name)
                bit = a.bit;
        if (bit == 0)
            return std::nullopt;
        bits |= bit;
    }
    if (n == 0 || bits == 0)
        return std::nullopt;
    return bits;
}

bool finetuneAdapters(const Scenario& s) { return s.finetune != FinetuneMethod::Full; }

BasePrecision basePrecisionInForce(const Scenario& s)
{
    if (s.finetune == FinetuneMethod::Full)
        return BasePrecision::Bf16;
    if (s.basePrecision != BasePrecision::Auto)
        return s.basePrecision;
    return s.finetune == FinetuneMethod::Qlora ? BasePrecision::Nf4 : BasePrecision::Bf16;
}

double fourBitBitsPerParam(std::int64_t blockSize, bool doubleQuant)
{
    const double b = double(std::max<std::int64_t>(1, blockSize));
    // QLoRA (Dettmers et al. 2023), section 3 "Double Quantization": the first-level constants quantised to 8 bits
    // with a second-level fp32 constant per 256 of them.
    return 4.0 + (doubleQuant ? 8.0 / b + 32.0 / (b * 256.0) : 32.0 / b);
}

AdapterCounts adapterCounts(const Scenario& s, const Architecture& a, std::int64_t tp)
{
    AdapterCounts c;
    const std::int64_t t = std::max<std::int64_t>(1, tp);
    const std::int64_t h = a.hidden;
    const std::int64_t hd = a.headDim > 0 ? a.headDim : (a.heads > 0 ? h / a.heads : 0);
    const std::int64_t qOut = a.heads / t * hd;
    const std::int64_t kvOut = a.kvHeads % t == 0 ? a.kvHeads / t * hd : hd; // fewer KV heads than TP: replicated
    const std::int64_t fL = ceilDiv(a.ffn, t);
    const std::int64_t E = std::max<std::int64_t>(1, a.experts);
    const std::int64_t k = E > 1 ? std::min(std::max<std::int64_t>(1, a.topK), E) : 1;
    const std::int64_t vL = ceilDiv(a.vocab, t);
    // The frozen linear weights the base precision applies to, and their output rows.
    c.quantisedPerLayer = h * qOut + 2 * h * kvOut + qOut * h + E * (a.gatedMlp ? 3 : 2) * h * fL + (E > 1 ? h * E : 0);
    c.quantisedRowsPerLayer = qOut + 2 * kvOut + h + E * ((a.gatedMlp ? 2 : 1) * fL + h) + (E > 1 ? E : 0);
    c.largestMatrix = std::max({h * qOut, h * kvOut, h * fL});
    if (s.finetune == FinetuneMethod::Full)
        return c;
    const std::int64_t r = s.loraRank;
    const bool dora = s.finetune == FinetuneMethod::Dora;
    const std::uint32_t tg = s.loraTargets;
    // A linear (in -> out) of `copies` instances, of which `perToken` run per token: column-parallel (A: r x in whole,
    // B: out/t x r) or row-parallel (A: r x in/t, B: out x r whole) on one TP rank; DoRA's magnitude has one entry
    // per (local) output row.
    auto linear = [&](std::uint32_t bit, std::int64_t in, std::int64_t out, std::int64_t copies, std::int64_t perToken) {
        if (!(tg & bit))
            return;
        const std::int64_t A = r * in, B = out * r, m = dora ? out : 0;
        c.perLayer += copies * (A + B + m);
        c.largestTensor = std::max({c.largestTensor, A, B});
        c.savedPerToken += double(perToken) * double(r + (dora ? out : 0));
        c.dropoutInputsPerToken += double(perToken) * double(in);
    };
    linear(kLoraQ, h, qOut, 1, 1);
    linear(kLoraK, h, kvOut, 1, 1);
    linear(kLoraV, h, kvOut, 1, 1);
    linear(kLoraO, qOut, h, 1, 1); // row-parallel: in is the local q / t
    if (a.gatedMlp)
        linear(kLoraGate, h, fL, E, k);
    linear(kLoraUp, h, fL, E, k);
    linear(kLoraDown, fL, h, E, k);
    if (E > 1)
        linear(kLoraRouter, h, E, 1, 1);
    if (tg & kLoraHead) {
        const std::int64_t A = r * h, B = vL * r;
        c.head = A + B + (dora ? vL : 0);
        c.largestTensor = std::max({c.largestTensor, A, B});
    }
    c.total = a.layers * c.perLayer + c.head;
    return c;
}

void validateFinetune(const Scenario& s)
{
    if (s.finetune == FinetuneMethod::Qlora && s.basePrecision != BasePrecision::Auto
        && s.basePrecision != BasePrecision::Nf4 && s.basePrecision != BasePrecision::Fp4)
        throw InvalidInput("base-precision", std::string("--base-precision: QLoRA holds the frozen base in 4 bits: nf4 or "
                                                         "fp4 (got ")
                                                 + basePrecisionKey(s.basePrecision) + "; use --finetune lora for a "
                                                 + basePrecisionKey(s.basePrecision) + " base)");
    if (s.quantBlock < 1 || (s.quantBlock & (s.quantBlock - 1)) != 0)
        throw InvalidInput("quant-block", "--quant-block: " + std::to_string(s.quantBlock)
                               + " is not a power of two (bitsandbytes blocks: 32 to 4096)");
}

double frozenBaseBytes(const Scenario& s, double quantised, double rows, double other)
{
    switch (basePrecisionInForce(s)) {
    case BasePrecision::Auto:
    case BasePrecision::Bf16: return 2.0 * (quantised + other);
    // LLM.int8 (Dettmers et al. 2022; bitsandbytes Int8Params): int8 weights with one fp32 absmax per output row
    // (vector-wise quantisation, the CB and SCB tensors).
    case BasePrecision::Int8: return quantised + 4.0 * rows + 2.0 * other;
    case BasePrecision::Nf4:
    case BasePrecision::Fp4: return quantised * fourBitBitsPerParam(s.quantBlock, s.doubleQuant) / 8.0 + 2.0 * other;
    // fp8 weights (torchao float8 weight-only, one fp32 scale per tensor: negligible).
    case BasePrecision::Fp8: return quantised + 2.0 * other;
    }
    return 2.0 * (quantised + other);
}

} // namespace shardscope
