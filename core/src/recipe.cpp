// SPDX-License-Identifier: MIT
#include "shardscope/recipe.h"

#include "shardscope/errors.h"

#include "cnumber.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace shardscope {

const std::vector<Recipe>& recipes()
{
    // MODEL.md section 1; each row names its source in docs/model.md.
    static const std::vector<Recipe> r = {
        {"fp32", "fp32 weights and grads, Adam m,v in fp32", 4, 4, 0, 8, false},
        {"mixed", "fp16/bf16 mixed precision with fp32 master and Adam (ZeRO paper K=12; DeepSpeed)", 2, 2, 4, 8,
         false},
        {"megatron-bf16", "bf16 with fp32 gradient accumulation, fp32 master and Adam (Megatron default)", 2, 4, 4, 8,
         false},
        {"fp16-no-master-16bit-adam", "16-bit weights, grads and Adam moments, no master (seed 000's 560 GB)", 2, 2,
         0, 4, false},
        {"bf16-no-master", "16-bit weights and grads, fp32 Adam moments, no master", 2, 2, 0, 8, false},
        {"mixed-adam8bit", "mixed precision with 8-bit Adam (bitsandbytes style)", 2, 2, 4, 2, false},
        {"mixed-sgd", "mixed precision with SGD + momentum", 2, 2, 4, 4, false},
        {"fp8-mixed", "fp8 linears (Transformer Engine / torchao) over bf16 mixed precision", 2, 2, 4, 8, true},
    };
    return r;
}

Recipe resolveRecipe(const std::string& id)
{
    for (const auto& r : recipes())
        if (r.id == id)
            return r;
    const std::string prefix = "custom:";
    if (id.rfind(prefix, 0) == 0) {
        std::stringstream ss(id.substr(prefix.size()));
        std::string part;
        double v[4];
        int n = 0;
        while (std::getline(ss, part, ',')) {
            char* end = nullptr;
            const double x = strtodC(part.c_str(), &end);
            if (n >= 4 || part.empty() || *end != '\0' || !std::isfinite(x) || x < 0 || x > 64)
                throw InvalidInput("recipe", "--recipe: '" + id
                                       + "': custom recipes are custom:W,G,M,O with four byte counts from 0 to 64");
            v[n++] = x;
        }
        if (n != 4)
            throw InvalidInput("recipe", "--recipe: '" + id + "': custom recipes need four byte counts: custom:W,G,M,O");
        Recipe r;
        r.id = id;
        r.description = "custom bytes per parameter";
        r.weights = v[0];
        r.grads = v[1];
        r.master = v[2];
        r.optimizer = v[3];
        return r;
    }
    std::string known;
    for (const auto& r : recipes())
        known += (known.empty() ? "" : ", ") + r.id;
    throw InvalidInput("recipe", "--recipe: unknown recipe '" + id + "' (known: " + known + ", custom:W,G,M,O)");
}

namespace {
struct OptName
{
    Optimizer o;
    const char* key;
};
constexpr OptName kOptimizers[] = {
    {Optimizer::RecipeDefault, "recipe"}, {Optimizer::Adam, "adam"},
    {Optimizer::AdamW, "adamw"},         {Optimizer::Adam8bit, "adam8bit"},
    {Optimizer::Sgd, "sgd"},             {Optimizer::SgdMomentum, "sgd-momentum"},
    {Optimizer::Adafactor, "adafactor"}, {Optimizer::Lion, "lion"},
};
} // namespace

const char* optimizerKey(Optimizer o)
{
    for (const auto& n : kOptimizers)
        if (n.o == o)
            return n.key;
    return "recipe";
}

std::optional<Optimizer> optimizerFromKey(const std::string& key)
{
    for (const auto& n : kOptimizers)
        if (key == n.key)
            return n.o;
    return std::nullopt;
}

std::vector<std::string> optimizerKeys()
{
    std::vector<std::string> k;
    for (const auto& n : kOptimizers)
        k.emplace_back(n.key);
    return k;
}

} // namespace shardscope
