// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/stacks.h"
#include "shardscope/units.h"

#include <QCommandLineParser>
#include <QString>

#include <optional>
#include <vector>

namespace shardscope {

/**
 * The scenario options every subcommand that takes a scenario accepts (estimate, sweep, min-gpus,
 * step, export, convert, ...). One table, so that the subcommands never disagree.
 */
void addScenarioOptions(QCommandLineParser& parser);

/// What `--stack` did: the profile, the defaults in force in the scenario (listed as assumptions) and those the user's
/// own settings replaced (an option, a key of the --scenario file, an imported config).
struct StackChoice
{
    std::optional<StackProfile> profile;
    std::vector<StackDefault> assumed;
    std::vector<StackDefault> replaced;
};

/**
 * Builds the scenario from the default scenario and the options given.
 * Throws InvalidInput naming the option for bad values (the caller prints it and exits with 2).
 * Options named in `skip` are left to the caller (sweep reads --gpus and --stage as ranges); a
 * skipped --gpus becomes TP x PP so that the scenario validates.
 */
Scenario scenarioFromParser(const QCommandLineParser& parser, const QStringList& skip = {});
/// The same, saying what the stack did. `--stack NAME[@VERSION]` (a knob of core's table, issue 24): the stack's
/// defaults go onto the base scenario (the default one or the --scenario file) for every knob the user left unset: no
/// option for it, no key in the --scenario file; the options and the imported configs then apply as always, and
/// `stack` (may be nullptr) says which defaults held. Without --stack, a scenario file's "stack" key names the stack
/// whose defaults are listed (those the scenario still holds). Throws InvalidInput("stack") for an unknown stack.
Scenario scenarioFromParser(const QCommandLineParser& parser, const QStringList& skip, StackChoice* stack);

/// --units GB|GiB (default GB). Throws InvalidInput("units").
ByteUnit unitsFromParser(const QCommandLineParser& parser);

/// Helpers shared by option parsers: strict numbers with the option named in the message.
std::int64_t parseIntOption(const QString& value, const char* option, std::int64_t min, std::int64_t max);
double parseDoubleOption(const QString& value, const char* option, double min, double max);
bool parseOnOff(const QString& value, const char* option);

} // namespace shardscope
