// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace shardscope::cli {

/// A `shardscope <name>` subcommand. `args` starts with "shardscope <name>" (for QCommandLineParser).
struct Command
{
    const char* name;
    const char* summary;
    bool needsGui; ///< creates a QApplication (offscreen when there is no display) instead of QCoreApplication
    int (*run)(const QStringList& args);
};

/// Every subcommand, in `shardscope --help` order (app/commands.cpp).
const std::vector<Command>& commands();

/// Exit codes: 0 ok, 1 runtime failure (e.g. a file could not be written), 2 bad input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

/// Prints "shardscope: <message>" to stderr and returns kExitBadInput.
int badInput(const QString& message);
/// Writes to stdout (UTF-8) exactly as given; a failed write (full disk, closed pipe) is remembered.
void out(const QString& text);
/// `exitCode`, or kExitBadInput with "cannot write to standard output: REASON" on stderr when a
/// write to stdout failed: output that did not arrive must not look like success.
int finishOutput(int exitCode);
void err(const QString& text);

/**
 * Parses `args` for a subcommand: handles --help (prints, returns 0 through `exitCode`) and unknown
 * options or stray arguments (exit 2). Returns false when the caller should return `exitCode`.
 */
bool parse(QCommandLineParser& parser, const QStringList& args, int& exitCode, bool allowPositional = false);

/// --format with the allowed values; throws InvalidInput("format").
QString formatOption(const QCommandLineParser& parser, const QStringList& allowed, const QString& def);

/**
 * Runs `body` and turns InvalidInput (and std::exception) into "shardscope: message" + exit 2 / 1.
 */
int guarded(const std::function<int()>& body);

// Subcommands (one file each under app/).
int runEstimate(const QStringList& args);
int runSweep(const QStringList& args);
int runMinGpus(const QStringList& args);
int runStep(const QStringList& args);
int runScreenshot(const QStringList& args);
int runBench(const QStringList& args); // dispatches to the bench* functions below
int runExport(const QStringList& args);
int runConvert(const QStringList& args);
int runValidate(const QStringList& args);
int runPeers(const QStringList& args);
int runTour(const QStringList& args);
int runPlan(const QStringList& args);
int benchPlanner(const QStringList& args);
int benchSchedule(const QStringList& args);
int benchRedraw(const QStringList& args);
int benchAnimation(const QStringList& args);
int runTrainDemo(const QStringList& args);
int benchTrainDemo(const QStringList& args);

/// The most a measured CSV given to `validate` may hold; the bundled ones are under 100 KB.
inline constexpr qint64 kMaxMeasuredCsvBytes = qint64(16) * 1024 * 1024;
/// Reads the CSV given to `option` (e.g. "--steps"), at most kMaxMeasuredCsvBytes: also a pipe or a device
/// such as /dev/zero, which an unbounded readAll() read until memory ran out. Throws InvalidInput.
QByteArray readMeasuredCsv(const QString& path, const char* option);

} // namespace shardscope::cli
