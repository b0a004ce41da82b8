// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/**
 * Bytes per parameter of each model-state component (MODEL.md section 1).
 * The recipe owns weights, grads, master and optimizer; `--optimizer` replaces only the
 * optimizer part; the ZeRO stage shards them.
 */
struct Recipe
{
    std::string id;
    std::string description;
    double weights = 2;
    double grads = 2;
    double master = 4;
    double optimizer = 8;
    bool fp8 = false; ///< fp8 linears: transient fp8 weight casts + fp8 GEMM inputs saved
    double total() const { return weights + grads + master + optimizer; }
};

const std::vector<Recipe>& recipes();
/// A named recipe, or "custom:W,G,M,O" (bytes per parameter each). Throws InvalidInput("recipe").
Recipe resolveRecipe(const std::string& idOrCustom);

enum class Optimizer { RecipeDefault, Adam, AdamW, Adam8bit, Sgd, SgdMomentum, Adafactor, Lion };

const char* optimizerKey(Optimizer o);
std::optional<Optimizer> optimizerFromKey(const std::string& key);
std::vector<std::string> optimizerKeys();

} // namespace shardscope
