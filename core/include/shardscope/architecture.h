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
/// mistral-7b, mixtral-8x7b (and a few more).
const std::vector<ModelPreset>& modelPresets();
std::optional<Architecture> findModelPreset(const std::string& id);

} // namespace shardscope
