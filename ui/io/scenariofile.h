// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace shardscope {

/// The file format's name and the version this build writes (and the newest it reads).
inline constexpr const char* kScenarioFormat = "shardscope-scenario";
inline constexpr int kScenarioFormatVersion = 1;
/// Larger files are refused before they are read (a scenario is about 2 KB).
inline constexpr qint64 kMaxConfigFileBytes = qint64(4) * 1024 * 1024;

/**
 * The inverse of scenarioToJson(): every field scenarioToJson() writes reads back to the same value.
 * A key the object omits keeps its value from `base` (so hand-written files can be short); the
 * derived keys `params` and `dp` are not read (a note says so when they disagree); unknown keys
 * are reported in `notes`. Throws InvalidInput("scenario.<key>", message naming the key) for a
 * wrong type or value. Does not validate the result as a whole (validateScenario() does that).
 */
Scenario scenarioFromJson(const QJsonObject& o, const Scenario& base, QStringList* notes = nullptr);
Scenario scenarioFromJson(const QJsonObject& o);

/// {"format": "shardscope-scenario", "version": 1, "app_version": ..., "scenario": {...}}
QJsonObject scenarioFileJson(const Scenario& s);
QByteArray scenarioFileBytes(const Scenario& s);

/**
 * Parses the bytes of a scenario file. `origin` (a path or "<stdin>") starts every message.
 * Malformed JSON names line and column; a newer or unknown version, a wrong format name, a wrong
 * type names the key. The result is validated (validateScenario()). Throws InvalidInput("scenario", ...).
 * Also reads the JSON of `shardscope estimate --format json` (its "scenario" object), with a note.
 */
Scenario scenarioFromFileBytes(const QByteArray& bytes, const QString& origin, QStringList* notes = nullptr);

/// Reads and parses a file (refusing files over kMaxConfigFileBytes). Never touches anything else.
Scenario loadScenarioFile(const QString& path, QStringList* notes = nullptr);

/// Writes atomically (QSaveFile): either the whole new file or the old one stays. Throws
/// std::runtime_error with the path and the system's reason when the file cannot be written.
void saveScenarioFile(const QString& path, const Scenario& s);

/// Reads a whole config file for an importer: refuses missing, unreadable, non-regular and
/// oversized files with InvalidInput(field, "<path>: reason").
QByteArray readConfigFile(const QString& path, const char* field);

/// "line 3, column 14" for a byte offset into `bytes` (columns count characters, from 1).
QString lineColumnAt(const QByteArray& bytes, qsizetype offset);

/// Where the GUI autosaves the scenario (AppDataLocation/autosave.shardscope.json).
QString autosavePath();

/// What an import derived, assumed or ignored; the command line prints each as "note: ...".
struct ImportReport
{
    QStringList notes; ///< derivations, "auto" values resolved, things not modelled
    QStringList ignored; ///< keys / arguments with no effect on the model
    QStringList all() const { return notes + ignored; }
};

/// Exporters: what the target format cannot say about the scenario (empty: it round-trips).
struct ExportReport
{
    QStringList warnings; ///< lossy: the file says something else than the scenario
    QStringList notes; ///< what the format leaves to other places (the model, TP/PP, ...)
};

/// Parses JSON into an object or throws InvalidInput(field, "<origin>: line L, column C: why").
QJsonObject parseJsonObject(const QByteArray& bytes, const QString& origin, const char* field);
/// Throws InvalidInput(field, "<origin>: line L, column C: invalid UTF-8 ...") at the first bad byte.
void requireUtf8(const QByteArray& bytes, const QString& origin, const char* field);

/// --scenario FILE or the default scenario.
Scenario scenarioBaseFromParser(const QCommandLineParser& parser);
/// Whether --deepspeed-config, --fsdp-config or --megatron-args is given.
bool hasConfigImports(const QCommandLineParser& parser);
/// Applies --deepspeed-config, then --fsdp-config, then --megatron-args onto `base`.
Scenario applyConfigImports(const QCommandLineParser& parser, const Scenario& base, ImportReport* report);
/// "note: ..." lines on stderr.
void printImportNotes(const ImportReport& report);

} // namespace shardscope
