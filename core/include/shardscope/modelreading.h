// SPDX-License-Identifier: MIT
#pragma once

// The model of a measured-run row, read alike by both readers (validation_steps.cpp, validation_memory.cpp): a model
// preset named by the `model` cell, the Mixture-of-Experts shape stated in the text columns or in explicit columns,
// and the row's total_params as a check (issue 25; docs/validation.md, "MoE runs in the shipped formats").

#include "shardscope/architecture.h"
#include "shardscope/phrases.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

/// A model preset (architecture.cpp, plus Qwen3-30B-A3B, OLMoE-1B-7B, Qwen1.5-MoE-A2.7B and DeepSeek-V2-Lite from their
/// Hugging Face configs; the MoE table reader uses the same names) named by a model cell: its
/// tokens, joined, name the preset's id or name ("Mixtral 8x7B", "mixtral-8x7b", "Mixtral-8x7B-v0.1", "Llama 2 70B";
/// not "Llama 3.1 70B" for llama-3-70b, nor "GPT-3 177B" for gpt3-175b).
struct PresetMatch
{
    Architecture arch;
    std::string source; ///< where the preset's numbers come from
};
std::optional<PresetMatch> presetForModelName(const std::string& model);

/// Which fields of the reader's dense reading the row itself stated (a cell or a phrase); the rest were guessed.
struct StatedShape
{
    bool layers = false, hidden = false, heads = false, kvHeads = false, ffn = false, vocab = false;
    /// Parameters the reader knows the run holds beyond the row's total_params (litgpt's untied head on a tied model).
    std::int64_t beyondTotal = 0;
};

/// What the shared reading found besides the architecture: EP and ETP stated in text (explicit `ep` / `expert_tp`
/// columns are knobs: applyStatedColumns sets them afterwards and wins).
struct ModelShapeReading
{
    bool preset = false;
    std::optional<std::int64_t> ep, etp;
};

/**
 * Completes the reader's dense reading `a` of a row (its cells and the guesses listed in `log`):
 * 1. a preset the `model` cell names fills what the row leaves out (kv heads, ffn, the MoE and MLA shape, the block's
 *    gating, norm and biases; a blank vocabulary unless the preset's is GPT-2's 50,257, which Megatron pads); a stated
 *    number that differs from the preset is used and the difference listed;
 * 2. the MoE shape stated in `textColumns` (column, text) by phrase rules ("8 experts", "E=64", "top-2", "top_k=8",
 *    "EP=8", "expert parallel 8", "ETP 1", "1 shared expert", "moe ffn 1408", ...; whole words, a negated phrase not
 *    read), then by explicit columns (experts, top_k, moe_ffn, shared_experts, shared_expert_ffn, dense_layers,
 *    moe_layer_freq: the scenario file's architecture keys), which win;
 * 3. the row's total_params against the count of what was read: beyond 10% listed; a row whose model name or text says
 *    Mixture of Experts while no expert count was read is refused (InvalidInput("row", reason)) unless its stated total
 *    is the dense count's; EP above 1 on a dense model, or experts without a top-k, are refused.
 * Every value taken is listed in `log` with its column and phrase.
 */
ModelShapeReading readModelShape(const std::map<std::string, std::string>& row,
                                 const std::vector<std::pair<std::string, std::string>>& textColumns,
                                 const StatedShape& stated, Architecture& a, RowReadings& log);

/// The MoE settings one text states (part 2 above), each with the phrase read; exposed for the tests.
struct MoeText
{
    struct Value
    {
        std::int64_t value = 0;
        std::string phrase;
    };
    std::optional<Value> experts, topK, ep, etp, sharedExperts, moeFfn, denseLayers;
};
MoeText readMoeText(const std::string& text);

/// A cell of the row holding a run of more than 1,000 digits, named with the reason, or "" when none. The readers refuse
/// such a row before any pattern reads it: std::regex recurses once per repeated character, and a run of 60,000 digits
/// in the notes ("cp=777...;", "ffn 777...h", "777... microbatches") overflowed the stack (a crash, in both readers).
std::string overlongNumberIn(const std::map<std::string, std::string>& row);

/// The architecture columns a row may state outright (both formats), by the scenario file's keys.
bool architectureColumn(const std::string& column);

} // namespace shardscope
