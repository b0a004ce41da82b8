// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QCommandLineParser>
#include <QString>

namespace shardscope {

/**
 * The scenario options every subcommand that takes a scenario accepts (estimate, sweep, min-gpus,
 * step, export, convert, ...). One table, so that the subcommands never disagree.
 */
void addScenarioOptions(QCommandLineParser& parser);

/**
 * Builds the scenario from the default scenario and the options given.
 * Throws InvalidInput naming the option for bad values (the caller prints it and exits with 2).
 * Options named in `skip` are left to the caller (sweep reads --gpus and --stage as ranges); a
 * skipped --gpus becomes TP x PP so that the scenario validates.
 */
Scenario scenarioFromParser(const QCommandLineParser& parser, const QStringList& skip = {});

/// --units GB|GiB (default GB). Throws InvalidInput("units").
ByteUnit unitsFromParser(const QCommandLineParser& parser);

/// Helpers shared by option parsers: strict numbers with the option named in the message.
std::int64_t parseIntOption(const QString& value, const char* option, std::int64_t min, std::int64_t max);
double parseDoubleOption(const QString& value, const char* option, double min, double max);
bool parseOnOff(const QString& value, const char* option);

} // namespace shardscope
