// SPDX-License-Identifier: MIT
#pragma once

// Training stacks as profiles (issue 24): each a documented bundle of the stack's defaults and conventions — what its
// checkpointing options mean, which kernels it fuses or compiles, its overlap switches, how it counts model FLOPs for
// its MFU / TFLOP/s, and what its memory log measures. `--stack NAME[@VERSION]` (knobs.cpp) names one; every default
// a profile sets is listed in the output's assumptions. docs/model.md, "Training stacks", gives each source.

#include "shardscope/phrases.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// How a stack counts the model FLOPs behind its MFU and TFLOP/s.
enum class FlopCount {
    /// QK^T and attention x V over the whole score matrix (Narayanan et al. 2021; torchtitan "do not account for
    /// sparsity in causal attention"; NeMo 1.x / 24.x nemo/utils/flops_formulas.py 12 s/h): ShardScope's own count.
    Full,
    /// Causal attention at half the score matrix: Megatron-LM@001b00c megatron/training/training.py and
    /// NVIDIA-NeMo/Megatron-Bridge@0494433 src/megatron/bridge/training/utils/flop_utils.py, attn_layer_flops'
    /// `seq_len / 2` ("Only half of the attention matrix is non-zero").
    CausalHalf,
};

/// One default a profile sets: the knob's key (knobs.cpp), its value and the stack's source for it.
struct StackDefault
{
    std::string knob;
    std::string value;
    std::string why;
};

struct StackProfile
{
    std::string key; ///< torchtitan, torchtune, megatron-core, nemo, megatron-deepspeed, deepspeed, hf-trainer, ...
    std::string version; ///< the version asked for ("24.07"), or "" for the current one
    std::string name;
    FlopCount flops = FlopCount::Full;
    /// Megatron logs its metrics (memory included) from the last rank only: megatron/training/global_vars.py creates the
    /// tensorboard / wandb writers `if args.rank == (args.world_size - 1)`, the last pipeline stage, not the busiest.
    bool logsLastPipelineRank = false;
    /// The stack runs MoE layers through Megatron-Core (megatron-core / megatron-lm, nemo / megatron-bridge): its token
    /// dispatchers synchronise with the host under dropless routing (kernels.h kMegatronDroplessSyncSecondsPerLayer) and
    /// its all-to-all overlap is the combined 1F1B (overlap_moe_expert_parallel_comm), whose own cost the step charges
    /// (kMegatronA2aOverlapSecondsPerLayer).
    bool megatronCoreMoe = false;
    std::vector<StackDefault> defaults; ///< what apply() sets, in order
    std::string source;
};

/// "full" or "causal-half": the JSON word for a FLOP count.
const char* flopCountKey(FlopCount c);
/// One line on the count and its source, for tables ("causal attention at half the score matrix").
const char* flopCountDescription(FlopCount c);

/// "nemo@24.07", or the key alone when no version was asked for.
std::string stackLabel(const StackProfile& p);

/// The stack keys `--stack` accepts, in documentation order.
const std::vector<std::string>& stackKeys();

/// "nemo", "nemo@24.07", "torchtitan" ...; nullopt for an unknown key. A version before the one where a default
/// changed selects the older bundle (nemo before 25: Megatron-LM's full-attention FLOP count).
std::optional<StackProfile> stackProfile(const std::string& keyAtVersion);

/// Sets the profile's defaults on the scenario (only knobs the profile names) and returns what it set.
std::vector<StackDefault> applyStack(const StackProfile& p, Scenario& s);

/// Whether the scenario still holds the default `d` (a later setting, an imported config or an option, may have
/// replaced it): what the outputs list as assumed.
bool stackDefaultHolds(const StackDefault& d, const Scenario& s);

/// The explicit statements of a `validate` row (both formats), in order: its `stack` column (that stack's defaults,
/// each listed as assumed), its `config` column (the run's own config file, through `importer`), then every other
/// column named by a knob's file key (knobs.cpp) that the format does not claim itself (`formatColumn`). Each wins
/// over what the row's free text gave; returns the stated stack. Throws InvalidInput("row", reason) for a statement
/// that cannot be applied.
std::optional<StackProfile> applyStatedColumns(const std::map<std::string, std::string>& row, Scenario& s, RowReadings& log,
                        const ConfigImporter* importer, const std::function<bool(const std::string&)>& formatColumn);

/// Model FLOPs of the whole step in a stack's convention: ours (Full) or with the causal score matrix halved.
/// The half is 0.5 x 12 x seq x (heads x head dim) per layer and token, the core-attention term of the step
/// model's count (stagetime.cpp: 4 s q per token forward, x3 with the backward).
double modelFlopsIn(FlopCount c, const Scenario& s, const StepTotals& t);

/// MFU and TFLOP/s per GPU in that convention.
double mfuIn(FlopCount c, const Scenario& s, const StepTotals& t);
double modelTflopsPerGpuIn(FlopCount c, const Scenario& s, const StepTotals& t);

} // namespace shardscope
