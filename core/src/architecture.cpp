// SPDX-License-Identifier: MIT
#include "shardscope/architecture.h"

#include "shardscope/errors.h"
#include "shardscope/units.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

ParamCounts countParams(const Architecture& a)
{
    ParamCounts c;
    const std::int64_t h = a.hidden;
    const std::int64_t hd = a.headDim > 0 ? a.headDim : (a.heads > 0 ? h / a.heads : 0);
    const std::int64_t q = a.heads * hd;
    const std::int64_t kv = a.kvHeads * hd;
    const std::int64_t normParams = a.norm == NormKind::LayerNorm ? 2 * h : h;

    c.embedding = a.vocab * h;
    c.positionEmbedding = a.maxPositions * h;
    // Q, K, V projections (h -> q, kv, kv) and the output projection (q -> h).
    c.attentionPerLayer = h * (q + 2 * kv) + q * h;
    if (a.qkvBias)
        c.attentionPerLayer += q + 2 * kv;
    if (a.attnOutBias)
        c.attentionPerLayer += h;
    // Gated: gate and up (h -> f) and down (f -> h); plain: up and down.
    std::int64_t expert = (a.gatedMlp ? 3 : 2) * h * a.ffn;
    if (a.mlpBias)
        expert += (a.gatedMlp ? 2 : 1) * a.ffn + h;
    const std::int64_t experts = std::max<std::int64_t>(1, a.experts);
    c.mlpPerLayer = experts * expert;
    c.routerPerLayer = experts > 1 ? h * experts : 0; // Mixtral gate: Linear(h, experts, bias=False)
    c.normsPerLayer = a.normsPerLayer * normParams;
    c.perLayer = c.attentionPerLayer + c.mlpPerLayer + c.routerPerLayer + c.normsPerLayer;
    c.finalNorm = normParams;
    c.lmHead = a.tiedEmbeddings ? 0 : a.vocab * h;
    c.total = c.embedding + c.positionEmbedding + a.layers * c.perLayer + c.finalNorm + c.lmHead;
    const std::int64_t topK = experts > 1 ? std::min(std::max<std::int64_t>(1, a.topK), experts) : 1;
    const std::int64_t activeLayer = c.perLayer - c.mlpPerLayer + topK * expert;
    c.activePerToken = c.embedding + c.positionEmbedding + a.layers * activeLayer + c.finalNorm + c.lmHead;
    return c;
}

void validateArchitecture(const Architecture& a)
{
    auto positive = [](std::int64_t v, const char* field, const char* what, std::int64_t max) {
        if (v < 1)
            throw InvalidInput(field, std::string("--") + field + ": the number of " + what + " must be at least 1 (got "
                                          + std::to_string(v) + ")");
        if (v > max)
            throw InvalidInput(field, std::string("--") + field + ": " + std::to_string(v) + " " + what
                                          + " is beyond what the model supports (at most " + std::to_string(max)
                                          + ")");
    };
    positive(a.layers, "layers", "layers", 100000);
    positive(a.hidden, "hidden", "hidden units", 1000000);
    positive(a.heads, "heads", "attention heads", 100000);
    positive(a.kvHeads, "kv-heads", "KV heads", 100000);
    positive(a.ffn, "ffn", "FFN units", 10000000);
    positive(a.vocab, "vocab", "vocabulary entries", 100000000);
    if (a.kvHeads > a.heads || a.heads % a.kvHeads != 0)
        throw InvalidInput("kv-heads", "--kv-heads: " + std::to_string(a.kvHeads) + " KV heads must divide the "
                               + std::to_string(a.heads) + " attention heads");
    if (a.headDim <= 0 && a.hidden % a.heads != 0)
        throw InvalidInput("heads", "--heads: " + std::to_string(a.heads) + " heads do not divide hidden size "
                               + std::to_string(a.hidden) + " (give a head_dim)");
    if (a.headDim < 0 || a.headDim > 100000)
        throw InvalidInput("head-dim", "--head-dim: must be between 1 and 100000");
    if (a.maxPositions < 0)
        throw InvalidInput("max-positions", "--max-positions: must not be negative");
    if (a.experts < 1 || a.experts > 100000)
        throw InvalidInput("experts", "--experts: must be between 1 and 100000");
    if (a.topK < 1 || a.topK > a.experts)
        throw InvalidInput("top-k", "--top-k: " + std::to_string(a.topK) + " must be between 1 and the "
                               + std::to_string(a.experts) + " experts");
    if (a.normsPerLayer < 0 || a.normsPerLayer > 16)
        throw InvalidInput("norms-per-layer", "norms per layer must be between 0 and 16");
    // countParams() is exact int64 arithmetic: bound the count in double first, so that no architecture
    // that passes here can overflow it (fields at their maxima reach ~1e24). The bound is loose (1e17):
    // the GPT shape of a bare 100T count is a little over 100T, and validateScenario() holds an
    // architecture's exact count to 100T.
    const double h = double(a.hidden);
    const double hd = a.headDim > 0 ? double(a.headDim) : h / double(a.heads);
    const double q = double(a.heads) * hd, kv = double(a.kvHeads) * hd, f = double(a.ffn);
    const double e = double(a.experts);
    const double layer = h * (q + 2 * kv) + q * h + q + 2 * kv + h + e * (3 * h * f + 2 * f + h) + h * e + 32 * h;
    const double total = double(a.layers) * layer + (2 * double(a.vocab) + double(a.maxPositions) + 2) * h;
    if (total > 1e17)
        throw InvalidInput("params", "--params: the architecture has about " + shortCount(total)
                               + " parameters, far beyond the model's range (at most 100T)");
}

Architecture gptShapeForParams(std::int64_t params)
{
    Architecture a;
    a.id = "gpt-shape";
    a.name = "GPT shape of a bare count";
    const double h = std::cbrt(128.0 * static_cast<double>(params) / 12.0);
    a.hidden = std::max<std::int64_t>(128, static_cast<std::int64_t>(std::llround(h / 128.0)) * 128);
    a.layers = std::max<std::int64_t>(1, a.hidden / 128);
    a.heads = a.hidden / 128;
    a.kvHeads = a.heads;
    a.headDim = 128;
    a.ffn = 4 * a.hidden;
    a.vocab = 50257;
    a.tiedEmbeddings = true;
    a.qkvBias = a.attnOutBias = a.mlpBias = true;
    a.norm = NormKind::LayerNorm;
    a.dropout = true;
    return a;
}

namespace {

Architecture gptStyle(const char* id, const char* name, std::int64_t L, std::int64_t h, std::int64_t a,
                      std::int64_t positions)
{
    Architecture x;
    x.id = id;
    x.name = name;
    x.layers = L;
    x.hidden = h;
    x.heads = a;
    x.kvHeads = a;
    x.headDim = h / a;
    x.ffn = 4 * h;
    x.vocab = 50257;
    x.maxPositions = positions;
    x.tiedEmbeddings = true;
    x.qkvBias = x.attnOutBias = x.mlpBias = true;
    x.norm = NormKind::LayerNorm;
    x.dropout = true;
    return x;
}

Architecture llamaStyle(const char* id, const char* name, std::int64_t L, std::int64_t h, std::int64_t a,
                        std::int64_t kv, std::int64_t ffn, std::int64_t vocab)
{
    Architecture x;
    x.id = id;
    x.name = name;
    x.layers = L;
    x.hidden = h;
    x.heads = a;
    x.kvHeads = kv;
    x.headDim = h / a;
    x.ffn = ffn;
    x.vocab = vocab;
    x.gatedMlp = true;
    x.norm = NormKind::RMSNorm;
    return x;
}

} // namespace

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = [] {
        std::vector<ModelPreset> p;
        p.push_back({gptStyle("gpt2", "GPT-2 (124M)", 12, 768, 12, 1024), "Hugging Face openai-community/gpt2 config.json"});
        p.push_back({gptStyle("gpt3-175b", "GPT-3 175B", 96, 12288, 96, 2048),
                     "Brown et al. 2020, Table 2.1 (n_layers 96, d_model 12288, n_heads 96, n_ctx 2048)"});
        p.push_back({llamaStyle("llama-2-7b", "Llama-2 7B", 32, 4096, 32, 32, 11008, 32000),
                     "Hugging Face meta-llama/Llama-2-7b-hf config.json"});
        p.push_back({llamaStyle("llama-2-13b", "Llama-2 13B", 40, 5120, 40, 40, 13824, 32000),
                     "Hugging Face meta-llama/Llama-2-13b-hf config.json"});
        p.push_back({llamaStyle("llama-2-70b", "Llama-2 70B", 80, 8192, 64, 8, 28672, 32000),
                     "Hugging Face meta-llama/Llama-2-70b-hf config.json"});
        p.push_back({llamaStyle("llama-3-8b", "Llama-3 8B", 32, 4096, 32, 8, 14336, 128256),
                     "Hugging Face meta-llama/Meta-Llama-3-8B config.json"});
        p.push_back({llamaStyle("llama-3-70b", "Llama-3 70B", 80, 8192, 64, 8, 28672, 128256),
                     "Hugging Face meta-llama/Meta-Llama-3-70B config.json"});
        p.push_back({llamaStyle("mistral-7b", "Mistral 7B", 32, 4096, 32, 8, 14336, 32000),
                     "Hugging Face mistralai/Mistral-7B-v0.1 config.json"});
        Architecture mixtral = llamaStyle("mixtral-8x7b", "Mixtral 8x7B", 32, 4096, 32, 8, 14336, 32000);
        mixtral.experts = 8;
        mixtral.topK = 2;
        p.push_back({mixtral, "Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json"});
        p.push_back({llamaStyle("llama-3.1-405b", "Llama-3.1 405B", 126, 16384, 128, 8, 53248, 128256),
                     "Hugging Face meta-llama/Llama-3.1-405B config.json"});
        return p;
    }();
    return presets;
}

std::optional<Architecture> findModelPreset(const std::string& id)
{
    for (const auto& p : modelPresets())
        if (p.arch.id == id)
            return p.arch;
    return std::nullopt;
}

} // namespace shardscope
