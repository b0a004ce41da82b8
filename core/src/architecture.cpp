// SPDX-License-Identifier: MIT
#include "shardscope/architecture.h"

#include "presetshapes.h"

#include "shardscope/errors.h"
#include "shardscope/units.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

std::int64_t Architecture::moeLayersIn(std::int64_t first, std::int64_t n) const
{
    if (experts <= 1 || n <= 0)
        return 0;
    const std::int64_t lo = std::max(first, denseLayers), hi = first + n; // layers [lo, hi) may be MoE
    if (lo >= hi)
        return 0;
    if (moeLayerFreq <= 1)
        return hi - lo;
    // i in [lo, hi) with (i + 1) % k == 0: multiples of k in [lo + 1, hi].
    return hi / moeLayerFreq - lo / moeLayerFreq;
}

namespace {

/// Attention parameters of one layer: Q, K, V, O (or MLA's low-rank projections), biases, Q/K norms, sinks.
std::int64_t attentionParams(const Architecture& a)
{
    const std::int64_t h = a.hidden;
    if (a.mla()) {
        // DeepSeek-V2/V3 (transformers models/deepseek_v3/modeling_deepseek_v3.py, DeepseekV3Attention):
        // q_a_proj h -> q_lora, q_a_layernorm, q_b_proj q_lora -> heads x (nope + rope) (or q_proj h -> that);
        // kv_a_proj_with_mqa h -> kv_lora + rope, kv_a_layernorm, kv_b_proj kv_lora -> heads x (nope + v);
        // o_proj heads x v -> h. attention_bias puts biases on q_a_proj, kv_a_proj_with_mqa and o_proj.
        const std::int64_t qHead = a.qkNopeDim + a.qkRopeDim;
        std::int64_t p = 0;
        if (a.qLoraRank > 0)
            p += h * a.qLoraRank + a.qLoraRank + a.qLoraRank * a.heads * qHead + (a.qkvBias ? a.qLoraRank : 0);
        else
            p += h * a.heads * qHead;
        p += h * (a.kvLoraRank + a.qkRopeDim) + a.kvLoraRank + a.kvLoraRank * a.heads * (a.qkNopeDim + a.vHeadDim);
        if (a.qkvBias)
            p += a.kvLoraRank + a.qkRopeDim;
        p += a.heads * a.vHeadDim * h + (a.attnOutBias ? h : 0);
        return p;
    }
    const std::int64_t hd = a.headDim > 0 ? a.headDim : (a.heads > 0 ? h / a.heads : 0);
    const std::int64_t q = a.heads * hd;
    const std::int64_t kv = a.kvHeads * hd;
    // Q, K, V projections (h -> q, kv, kv) and the output projection (q -> h).
    std::int64_t p = h * (q + 2 * kv) + q * h;
    if (a.qkvBias)
        p += q + 2 * kv;
    if (a.attnOutBias)
        p += h;
    if (a.qkNorm == 1)
        p += 2 * hd; // Qwen3: q_norm and k_norm, RMSNorm(head_dim) shared by the heads
    else if (a.qkNorm == 2)
        p += q + kv; // OLMoE: RMSNorm over the whole q and k projections
    if (a.attentionSinks)
        p += a.heads; // gpt-oss: self_attn.sinks, one per head
    return p;
}

/// One MLP of intermediate size f (gated: gate and up h -> f, down f -> h; plain: up and down).
std::int64_t mlpParams(const Architecture& a, std::int64_t f)
{
    std::int64_t p = (a.gatedMlp ? 3 : 2) * a.hidden * f;
    if (a.mlpBias)
        p += (a.gatedMlp ? 2 : 1) * f + a.hidden;
    return p;
}

} // namespace

ParamCounts countParams(const Architecture& a)
{
    ParamCounts c;
    const std::int64_t h = a.hidden;
    const std::int64_t normParams = a.norm == NormKind::LayerNorm ? 2 * h : h;

    c.embedding = a.vocab * h;
    c.positionEmbedding = a.maxPositions * h;
    c.attentionPerLayer = attentionParams(a);
    const std::int64_t expert = mlpParams(a, a.expertFfn());
    const std::int64_t experts = std::max<std::int64_t>(1, a.experts);
    c.expertParams = experts > 1 ? expert : 0;
    c.mlpPerLayer = experts * expert;
    // Mixtral's gate: Linear(h, experts, bias=False); gpt-oss's router has a bias, DeepSeek-V3's correction bias.
    c.routerPerLayer = experts > 1 ? h * experts + (a.routerBias ? experts : 0) : 0;
    c.normsPerLayer = a.normsPerLayer * normParams;
    c.perLayer = c.attentionPerLayer + c.mlpPerLayer + c.routerPerLayer + c.normsPerLayer;
    c.moeLayers = a.moeLayersIn(0, a.layers);
    c.denseLayers = a.layers - c.moeLayers;
    c.denseMlpPerLayer = mlpParams(a, a.ffn);
    c.perDenseLayer = c.attentionPerLayer + c.denseMlpPerLayer + c.normsPerLayer;
    if (experts > 1) {
        const std::int64_t sharedFfn = a.sharedExpertFfn > 0 ? a.sharedExpertFfn : a.expertFfn();
        c.sharedPerLayer = a.sharedExperts * mlpParams(a, sharedFfn) + (a.sharedExpertGate ? h : 0);
        c.routedPerLayer = c.mlpPerLayer;
        c.mlpPerLayer += c.sharedPerLayer;
        c.perLayer += c.sharedPerLayer;
        c.routedTotal = c.moeLayers * c.routedPerLayer;
    }
    const std::int64_t moePerLayer = experts > 1 ? c.perLayer : c.perDenseLayer;
    c.finalNorm = normParams;
    c.lmHead = a.tiedEmbeddings ? 0 : a.vocab * h;
    c.total = c.embedding + c.positionEmbedding + c.denseLayers * c.perDenseLayer + c.moeLayers * moePerLayer
        + c.finalNorm + c.lmHead;
    const std::int64_t topK = experts > 1 ? std::min(std::max<std::int64_t>(1, a.topK), experts) : 1;
    c.activePerToken = c.total - c.moeLayers * (experts - topK) * expert;
    c.activeNonEmbedding = c.activePerToken - c.embedding - c.positionEmbedding;
    // DeepSeek-V3's MTP module (its technical report, section 2.2; the checkpoint's layer 61): enorm and hnorm, the
    // projection of [h; embedding] (2h -> h, no bias), one transformer layer (MoE) and the shared head's norm.
    if (a.mtpLayers > 0)
        c.mtp = a.mtpLayers * (3 * normParams + 2 * h * h + moePerLayer);
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
    // --- MoE and MLA (issue 25)
    auto range = [](std::int64_t v, std::int64_t lo, std::int64_t hi, const char* option, const char* what) {
        if (v < lo || v > hi)
            throw InvalidInput(option,
                               std::string("--") + option + ": " + what + " must be between " + std::to_string(lo)
                                   + " and " + std::to_string(hi) + " (got " + std::to_string(v) + ")");
    };
    range(a.moeFfn, 0, 10000000, "moe-ffn", "the expert FFN size (0 = --ffn)");
    range(a.sharedExperts, 0, 1024, "shared-experts", "the shared experts");
    range(a.sharedExpertFfn, 0, 10000000, "shared-expert-ffn", "the shared expert FFN size (0 = --moe-ffn)");
    range(a.denseLayers, 0, a.layers, "dense-layers", "the dense first layers");
    range(a.moeLayerFreq, 1, std::max<std::int64_t>(1, a.layers), "moe-layer-freq", "the MoE layer frequency");
    range(a.qLoraRank, 0, 1000000, "q-lora-rank", "the MLA query rank");
    range(a.kvLoraRank, 0, 1000000, "kv-lora-rank", "the MLA key/value rank");
    range(a.qkRopeDim, 0, 100000, "qk-rope-dim", "the MLA rotary head size");
    range(a.qkNopeDim, 0, 100000, "qk-nope-dim", "the MLA head size without position");
    range(a.vHeadDim, 0, 100000, "v-head-dim", "the MLA value head size");
    range(a.qkNorm, 0, 2, "qk-norm", "the Q/K norm kind");
    range(a.mtpLayers, 0, 64, "mtp-layers", "the multi-token-prediction modules");
    if (a.mla() && (a.qkNopeDim + a.qkRopeDim < 1 || a.vHeadDim < 1))
        throw InvalidInput("kv-lora-rank",
                           "--kv-lora-rank: Multi-head Latent Attention needs a query/key head size "
                           "(qk_nope_head_dim + qk_rope_head_dim) and a value head size of at least 1");
    if (a.experts <= 1 && (a.sharedExperts > 0 || a.moeFfn > 0 || a.denseLayers > 0))
        throw InvalidInput(a.sharedExperts > 0 ? "shared-experts"
                               : a.moeFfn > 0  ? "moe-ffn"
                                               : "dense-layers",
                           std::string("--")
                               + (a.sharedExperts > 0 ? "shared-experts"
                                      : a.moeFfn > 0  ? "moe-ffn"
                                                      : "dense-layers")
                               + ": the MoE shape needs --experts above 1");
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
    const double fe = std::max(f, double(a.moeFfn)), fs = std::max(fe, double(a.sharedExpertFfn));
    const double mla = double(a.kvLoraRank) > 0
        ? (h + double(a.heads) * 2) * (double(a.qLoraRank) + double(a.kvLoraRank) + 2)
                * (double(a.qkNopeDim) + double(a.qkRopeDim) + double(a.vHeadDim) + 2)
            + h * double(a.heads) * (double(a.qkNopeDim) + double(a.qkRopeDim) + double(a.vHeadDim) + 2)
        : 0;
    const double layer = h * (q + 2 * kv) + q * h + 2 * (q + 2 * kv) + h + double(a.heads) + mla
        + std::max(e * (3 * h * fe + 2 * fe + h), 3 * h * f + 2 * f + h)
        + double(a.sharedExperts) * (3 * h * fs + 2 * fs + h) + h * (e + 1) + e + 32 * h;
    const double total = double(a.layers + a.mtpLayers) * (layer + 2 * h * h)
        + (2 * double(a.vocab) + double(a.maxPositions) + 2) * h;
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

} // namespace

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
        // --- Mixture of Experts (issue 25; each preset's config.json is copied under tests/data/hf/)
        Architecture mixtral22 = llamaStyle("mixtral-8x22b", "Mixtral 8x22B", 56, 6144, 48, 8, 16384, 32000);
        mixtral22.experts = 8;
        mixtral22.topK = 2;
        p.push_back({mixtral22, "Hugging Face mistralai/Mixtral-8x22B-v0.1 config.json"});
        Architecture dsv3 = llamaStyle("deepseek-v3", "DeepSeek-V3 (671B)", 61, 7168, 128, 128, 18432, 129280);
        dsv3.headDim = 192; // qk_nope_head_dim + qk_rope_head_dim
        dsv3.experts = 256;
        dsv3.topK = 8;
        dsv3.moeFfn = 2048;
        dsv3.sharedExperts = 1;
        dsv3.denseLayers = 3;
        dsv3.routerBias = true; // e_score_correction_bias
        dsv3.qLoraRank = 1536;
        dsv3.kvLoraRank = 512;
        dsv3.qkRopeDim = 64;
        dsv3.qkNopeDim = 128;
        dsv3.vHeadDim = 128;
        dsv3.mtpLayers = 1;
        p.push_back({dsv3, "Hugging Face deepseek-ai/DeepSeek-V3 config.json"});
        Architecture qwen3 = llamaStyle("qwen3-235b-a22b", "Qwen3-235B-A22B", 94, 4096, 64, 4, 12288, 151936);
        qwen3.headDim = 128;
        qwen3.experts = 128;
        qwen3.topK = 8;
        qwen3.moeFfn = 1536;
        qwen3.qkNorm = 1;
        p.push_back({qwen3, "Hugging Face Qwen/Qwen3-235B-A22B config.json"});
        Architecture oss = llamaStyle("gpt-oss-120b", "gpt-oss-120b", 36, 2880, 64, 8, 2880, 201088);
        oss.headDim = 64;
        oss.experts = 128;
        oss.topK = 4;
        oss.qkvBias = oss.attnOutBias = true;
        oss.mlpBias = true;
        oss.routerBias = true;
        oss.attentionSinks = true;
        p.push_back({oss, "Hugging Face openai/gpt-oss-120b config.json"});
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
