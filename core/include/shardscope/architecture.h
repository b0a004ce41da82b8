// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

enum class NormKind { LayerNorm, RMSNorm };

/**
 * A decoder-only transformer, described the way Hugging Face configs and Megatron describe it.
 * Every parameter the model holds follows from these fields (see countParams()).
 */
struct Architecture
{
    std::string id = "custom"; ///< preset id, "hf:<model_type>", "gpt-shape" or "custom"
    std::string name = "custom";
    std::int64_t layers = 0;
    std::int64_t hidden = 0;
    std::int64_t heads = 0;
    std::int64_t kvHeads = 0; ///< == heads for multi-head attention; fewer for GQA/MQA
    std::int64_t headDim = 0; ///< usually hidden / heads (Gemma: 256 with hidden 3072)
    std::int64_t ffn = 0; ///< intermediate size of the MLP (of one expert for MoE)
    std::int64_t vocab = 0;
    std::int64_t maxPositions = 0; ///< learned absolute position embeddings (GPT-2); 0 for RoPE
    bool gatedMlp = false; ///< SwiGLU/GeGLU: gate, up and down matrices
    bool tiedEmbeddings = false; ///< the LM head reuses the input embedding
    bool qkvBias = false;
    bool attnOutBias = false;
    bool mlpBias = false;
    NormKind norm = NormKind::LayerNorm; ///< LayerNorm has weight + bias; RMSNorm weight only
    int normsPerLayer = 2;
    bool dropout = false; ///< GPT-2/3 style dropout masks are stored for backward
    std::int64_t experts = 1; ///< MoE: experts per layer (1 = dense)
    std::int64_t topK = 1; ///< MoE: experts used per token

    // --- Mixture of Experts and Multi-head Latent Attention (issue 25; docs/model.md, "Mixture of Experts")
    /// Intermediate size of one routed expert (moe_intermediate_size); 0 = ffn (Mixtral: the experts are the MLP).
    /// With it set, ffn is the MLP of the dense layers (DeepSeek's intermediate_size, Llama 4's intermediate_size_mlp).
    std::int64_t moeFfn = 0;
    std::int64_t sharedExperts = 0; ///< experts every token passes in each MoE layer (DeepSeek n_shared_experts)
    std::int64_t sharedExpertFfn = 0; ///< intermediate size of one shared expert; 0 = the routed experts'
    bool sharedExpertGate = false; ///< Qwen2-MoE: sigmoid gate Linear(h, 1) on the shared expert's output
    std::int64_t denseLayers = 0; ///< the first layers keep a dense MLP (DeepSeek first_k_dense_replace)
    /// Every k-th layer is MoE: layer i (0-based, at or after denseLayers) when (i + 1) % k == 0 (Qwen2-MoE
    /// decoder_sparse_step, Llama 4 interleave_moe_layer_step).
    std::int64_t moeLayerFreq = 1;
    bool routerBias = false; ///< the router has a bias per expert (gpt-oss; DeepSeek-V3's e_score_correction_bias)
    /// Multi-head Latent Attention (DeepSeek-V2/V3): on when kvLoraRank > 0; qLoraRank 0 = Q projected directly.
    std::int64_t qLoraRank = 0;
    std::int64_t kvLoraRank = 0;
    std::int64_t qkRopeDim = 0; ///< MLA: the rotary part of each query/key head
    std::int64_t qkNopeDim = 0; ///< MLA: the part without position
    std::int64_t vHeadDim = 0; ///< MLA: value head size
    /// Per-layer query/key norms: 0 none, 1 per head (Qwen3: RMSNorm(head_dim) on q and k), 2 over the whole
    /// projection (OLMoE: RMSNorm(heads x head_dim) and RMSNorm(kv_heads x head_dim)).
    int qkNorm = 0;
    bool attentionSinks = false; ///< gpt-oss: one learned sink logit per head and layer
    std::int64_t mtpLayers = 0; ///< DeepSeek-V3 multi-token-prediction modules (num_nextn_predict_layers)

    bool moe() const { return experts > 1; }
    bool mla() const { return kvLoraRank > 0; }
    std::int64_t expertFfn() const { return moeFfn > 0 ? moeFfn : ffn; }
    /// Is layer i (0-based) a MoE layer?
    bool moeLayer(std::int64_t i) const
    {
        return experts > 1 && i >= denseLayers && (moeLayerFreq <= 1 || (i + 1) % moeLayerFreq == 0);
    }
    /// MoE layers among layers [first, first + n).
    std::int64_t moeLayersIn(std::int64_t first, std::int64_t n) const;
};

/// Exact parameter counts of an Architecture, by part.
struct ParamCounts
{
    std::int64_t embedding = 0; ///< token embedding (V x h)
    std::int64_t positionEmbedding = 0;
    std::int64_t attentionPerLayer = 0; ///< Q, K, V, O weights and their biases
    std::int64_t mlpPerLayer = 0; ///< all experts
    std::int64_t routerPerLayer = 0;
    std::int64_t normsPerLayer = 0;
    std::int64_t perLayer = 0;
    std::int64_t finalNorm = 0;
    std::int64_t lmHead = 0; ///< 0 when tied
    std::int64_t total = 0;
    std::int64_t activePerToken = 0; ///< MoE: params one token passes through (top-k experts)

    // --- MoE and MLA (issue 25): with layers of two kinds, perLayer and mlpPerLayer are a MoE layer's
    std::int64_t moeLayers = 0; ///< layers with routed experts
    std::int64_t denseLayers = 0; ///< layers with a dense MLP (all of a dense model)
    std::int64_t denseMlpPerLayer = 0; ///< the MLP of a dense layer
    std::int64_t perDenseLayer = 0; ///< a dense layer, all of it
    std::int64_t expertParams = 0; ///< one routed expert
    std::int64_t routedPerLayer = 0; ///< all routed experts of one MoE layer (what EP x ETP shard)
    std::int64_t sharedPerLayer = 0; ///< the shared experts (and their gate) of one MoE layer
    std::int64_t routedTotal = 0; ///< routed experts of the whole model
    /// One multi-token-prediction module without the embedding and head it shares (DeepSeek-V3: two norms, the
    /// 2h -> h projection, a MoE layer, the head's norm), times mtpLayers. Not in `total` (the model cards count it
    /// apart: DeepSeek-V3 "671B main model weights + 14B MTP module weights").
    std::int64_t mtp = 0;
    std::int64_t activeNonEmbedding = 0; ///< activePerToken without the input embedding (gpt-oss's model card)
};

ParamCounts countParams(const Architecture& a);

/// Throws InvalidInput naming the offending field ("layers", "hidden", "heads", ...).
void validateArchitecture(const Architecture& a);

/**
 * The documented rule for a bare parameter count (docs/model.md, "GPT shape of a bare count"):
 * GPT-3's aspect ratio h = 128 L (Brown et al. 2020, Table 2.1: 175B is L=96, h=12288),
 * 12 L h^2 = params, h rounded to a multiple of 128, head size 128, ffn 4h, GPT-2 vocabulary.
 * The shape only feeds the terms that need one (activations, largest layer, TP/PP splits);
 * model states use the bare count exactly.
 */
Architecture gptShapeForParams(std::int64_t params);

struct ModelPreset
{
    Architecture arch;
    std::string source; ///< where the numbers come from
};

/// gpt2, gpt3-175b, llama-2-7b, llama-2-13b, llama-2-70b, llama-3-8b, llama-3-70b,
/// mistral-7b, mixtral-8x7b, and the MoE presets mixtral-8x22b, deepseek-v3, qwen3-235b-a22b, gpt-oss-120b.
const std::vector<ModelPreset>& modelPresets();
std::optional<Architecture> findModelPreset(const std::string& id);

} // namespace shardscope
