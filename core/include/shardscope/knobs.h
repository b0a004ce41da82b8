// SPDX-License-Identifier: MIT
#pragma once

// One table of knobs: every Scenario field once, with its command-line option, its scenario-file key (also the key of
// the JSON echo), its range, its help text and the window's control. The option parser (ui/io/scenariooptions.cpp),
// the scenario reader and writer (ui/io/scenariofile.cpp, resultjson.cpp), validateScenario() and the controls'
// ranges read it, so a new knob is one row here plus its physics. The default is the Scenario's own initializer
// (knobDefault()). tst_knobs fails when a field of struct Scenario has no row.

#include "shardscope/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace shardscope {

enum class KnobKind {
    Count,  ///< an integer (stored as std::int64_t or int)
    Real,   ///< a real number
    Switch, ///< on|off (a bool); the option takes on/off
    Flag,   ///< a bool set by a bare option (--sequence-parallel); the file key is true/false
    Choice, ///< one of a few keys (an enum)
    Text,   ///< free text checked elsewhere (the GPU preset's id)
    Special ///< read, written and checked by its own code (named in `note`)
};

struct Knob
{
    const char* field;  ///< the Scenario member ("zeroStage", "arch")
    const char* key;    ///< the scenario-file and JSON key ("stage"); nullptr: not in files (note says why)
    const char* option; ///< the command-line option without "--" ("stage"); nullptr: none
    KnobKind kind = KnobKind::Special;
    /// Count and Real: the range in the field's own unit (bytes, seconds, bytes/s). With zeroIsPreset, 0 is allowed
    /// too and means "the GPU preset's figure".
    double min = 0;
    double max = 0;
    bool zeroIsPreset = false;
    /// The option's value times this is the field's value (GB -> bytes: 1e9; microseconds -> seconds: 1e-6).
    double optionScale = 1;
    const char* valueName = nullptr; ///< the option's value name ("N", "GB", "on|off")
    const char* help = nullptr;      ///< the option's help text (docs/cli.md)
    const char* control = nullptr;   ///< the window's control (object name); nullptr: none
    const char* choices = nullptr;   ///< Choice: "1f1b, gpipe or interleaved"
    const char* note = nullptr;      ///< Special: which code handles it

    // Accessors: Count, Real, Switch and Flag through get/set (a double: exact below 2^53); Choice and Text through
    // getKey/setKey (setKey returns false for an unknown key).
    double (*get)(const Scenario&) = nullptr;
    void (*set)(Scenario&, double) = nullptr;
    std::string (*getKey)(const Scenario&) = nullptr;
    bool (*setKey)(Scenario&, const std::string&) = nullptr;

    bool generic() const { return kind != KnobKind::Special; }
    /// The range in the option's unit (min / optionScale, max / optionScale, to 12 significant digits: 1 / 1e-6 is
    /// 1,000,000 microseconds, not 999,999.9999999999).
    double optionMin() const;
    double optionMax() const;
    /// Does `v` (in the field's unit) lie in the range?
    bool inRange(double v) const;
};

/// Every knob, in the order the command line lists them.
const std::vector<Knob>& knobs();
const Knob* findKnobByKey(const std::string& key);
const Knob* findKnobByOption(const std::string& option);
const Knob* findKnobByField(const std::string& field);
/// "out of range (1 to 1048576)"-style range in the option's unit ("0.001 to 1000000", with "0 or" in front for a
/// zero-is-preset knob).
std::string knobRangeText(const Knob& k, bool inOptionUnits);

/// Sets a generic knob from a text in its file key's units (a CSV column named by the key: `validate`'s explicit
/// columns): a choice or text by its key, a switch by on/off/yes/no/true/false/1/0, a count or real by a number in
/// range. Returns false with `error` set (naming the range or the choices) otherwise; Special knobs other than
/// "recipe" are not settable this way.
bool setKnobFromText(const Knob& k, const std::string& text, Scenario& s, std::string& error);
/// The ranges alone, from this table (and the architecture's, the bare count's and a custom capacity's), without the
/// checks that relate knobs to one another: what every input path (options, scenario files, imports) gets through
/// validateScenario(), and what the window's autosave and last-session scenario must pass before they are shown
/// (they may hold a half-made edit, so they are not validated whole). Throws InvalidInput naming the option.
void validateKnobRanges(const Scenario& s);

} // namespace shardscope
