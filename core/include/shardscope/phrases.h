// SPDX-License-Identifier: MIT
#pragma once

// Phrase rules for the free-text columns of a measured-run CSV (layout, precision, notes): whole words,
// case-insensitive, and negation ("no distributed optimizer", "torch.compile disabled", "compile=no"). The
// validation readers (validation_memory.cpp, validation_steps.cpp) read text only through these rules and
// record every knob they take from text, with the phrase read, and every default they assume, so a guess is
// never silent (docs/validation.md, "What the reader takes from text").

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// Where a phrase was found in a text, and whether its clause negates it.
struct PhraseHit
{
    std::size_t pos = 0;
    std::string clause; ///< the clause around the hit (between ; , ( ) |), as written
    bool negated = false;
};

/**
 * The first whole-word, case-insensitive occurrence of `phrase` in `text` (a word boundary is any character
 * that is not a letter or digit; "sp" is not found in "split", "compile" is found in "torch.compile"), or
 * nullopt. The hit is negated when its clause says so before it ("no", "not", "without", "w/o", "non",
 * "disable", "disabled", "off" among the few words before the phrase, after the last "but"/"and"/"with"/"+")
 * or right after it ("=no", "=false", "=off", "=0", ": no", " off", " disabled", " not used"; "not stated" is silence, not a denial).
 */
std::optional<PhraseHit> findPhrase(const std::string& text, const std::string& phrase);

/// The phrase occurs affirmatively at least once: found, not negated, and not left open ("distributed optimizer not
/// stated", "recompute unknown" name a knob without stating it).
bool affirms(const std::string& text, const std::string& phrase);
/// The phrase occurs and every occurrence is negated.
bool denies(const std::string& text, const std::string& phrase);

/// The whole number right after `label` and a space, '=' or ':' ("ffn 14336", "cp=2"), whole words on both
/// sides: "ffn 4h" has no number (the 'h' continues the word), nor has "split=3". nullopt when absent. A number
/// of more than 9 digits gives nullopt too (the caller names it out of range through `tooLong`).
std::optional<std::int64_t> numberAfter(const std::string& text, const std::string& label, bool* tooLong = nullptr);

/// A knob a reader took from a text column, with the column and the phrase that set it.
struct TextReading
{
    std::string knob; ///< the knob's key in core/src/knobs.cpp where it has one (framework, zero-stage, ...)
    std::string value;
    std::string column;
    std::string phrase;
};

/// A knob a row left out and the reader filled, with the rule (a framework's documented default).
struct AssumedDefault
{
    std::string knob;
    std::string value;
    std::string why;
};

/// What one row's reading took from text and what it assumed.
struct RowReadings
{
    std::string id;
    std::vector<TextReading> fromText;
    std::vector<AssumedDefault> assumed;
    void read(const std::string& knob, const std::string& value, const std::string& column, const std::string& phrase)
    {
        fromText.push_back({knob, value, column, phrase});
    }
    void assume(const std::string& knob, const std::string& value, const std::string& why)
    {
        assumed.push_back({knob, value, why});
    }
};

/// A yes / no cell (a switch column such as sequence_parallel): "yes", "true", "on", "enabled", "y", "1" or one of
/// `names` affirmed ("SP") is on; "no", "false", "off", "disabled", "none", "n", "0" or a denial of a name ("no SP") is
/// off; nullopt for anything else (the caller refuses the row, never guesses). `phrase` is what was read.
struct SwitchText
{
    bool value = false;
    std::string phrase;
};
std::optional<SwitchText> readSwitchText(const std::string& text, std::initializer_list<const char*> names);

enum class Checkpointing : int;

/// The activation checkpointing a free-text cell states (issue 24; the steps reader's `recompute` column and the memory
/// reader's `checkpointing` column read it alike), or nullopt for words that state none of it (the caller refuses the
/// row with them: never a silent "none").
struct CheckpointingText
{
    Checkpointing value;
    std::string phrase; ///< the words read ("selective", "no AC"); "" for a blank cell
    /// A bare affirmation without a granularity ("activation checkpointing", "gradient checkpointing", "recompute",
    /// "AC", "yes", "enabled"): full recompute of every layer, the default of Hugging Face Trainer's
    /// gradient_checkpointing, DeepSpeed's activation checkpointing and PyTorch's checkpoint_wrapper, which the caller
    /// lists as assumed.
    bool granularityAssumed = false;
};
/// Rules, first match wins: "per-op", "op" beside "selective" (torchtitan's per-op SAC): PerOp; "selective": Selective;
/// "full": Full; blank, "none", "no", "off", "disabled", "false", "n/a", "-", or a denial ("no AC", "recompute off"):
/// None; a bare affirmation: Full with granularityAssumed.
std::optional<CheckpointingText> readCheckpointingText(const std::string& text);

/// The phrase that says a run's attention kernel is the first FlashAttention (Dao et al. 2022; flash-attn 1.x), or
/// nullopt: "FlashAttention v1", "FlashAttention-1", "Flash Attention v1", "flash-attn 1.0.3",
/// "flash_attn v1", "FA1", whole words, not negated ("not FlashAttention v1" is no reading). FlashAttention-2 (Dao 2023,
/// arXiv 2307.08691) reports "around 2x speedup compared to FlashAttention", so a run on the first one is priced at half
/// of FlashAttention-2's rate (validation_steps.cpp; docs/model.md "Attention").
std::optional<std::string> readFlashAttentionV1Text(const std::string& text);

struct Scenario;

/**
 * Imports the run's own config file that a row names in its `config` column (issue 24: a torchtitan TOML, a torchtune
 * YAML, a DeepSpeed JSON, an accelerate YAML, Megatron arguments, a scenario file) onto the row's scenario, and returns
 * what the import noted. The command line provides it (the importers live in ui/io); throws InvalidInput with the reason.
 */
using ConfigImporter = std::function<std::vector<std::string>(const std::string& config, Scenario& s)>;

} // namespace shardscope
