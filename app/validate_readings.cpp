// SPDX-License-Identifier: MIT
#include "validate_readings.h"

#include "deepspeedconfig.h"
#include "finetuneconfig.h"
#include "fsdpconfig.h"
#include "megatronargs.h"
#include "scenariofile.h"
#include "torchtitanconfig.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QStringList>

namespace shardscope::cli {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

QJsonArray readingsJson(const std::vector<RowReadings>& readings)
{
    QJsonArray all;
    for (const RowReadings& r : readings) {
        QJsonArray text;
        for (const TextReading& t : r.fromText) {
            QJsonObject o;
            o[QStringLiteral("knob")] = q(t.knob);
            o[QStringLiteral("value")] = q(t.value);
            o[QStringLiteral("column")] = q(t.column);
            o[QStringLiteral("phrase")] = q(t.phrase);
            text.append(o);
        }
        QJsonArray assumed;
        for (const AssumedDefault& a : r.assumed) {
            QJsonObject o;
            o[QStringLiteral("knob")] = q(a.knob);
            o[QStringLiteral("value")] = q(a.value);
            o[QStringLiteral("why")] = q(a.why);
            assumed.append(o);
        }
        QJsonObject row;
        row[QStringLiteral("id")] = q(r.id);
        row[QStringLiteral("from_text")] = text;
        row[QStringLiteral("assumed")] = assumed;
        all.append(row);
    }
    return all;
}

QString readingsTable(const std::vector<RowReadings>& readings)
{
    QString t = QStringLiteral("\nread from text / assumed, per row:\n");
    for (const RowReadings& r : readings) {
        t += QStringLiteral("  %1\n").arg(q(r.id));
        for (const TextReading& x : r.fromText)
            t += QStringLiteral("    text     %1 = %2  <- %3: '%4'\n").arg(q(x.knob), q(x.value), q(x.column), q(x.phrase));
        for (const AssumedDefault& a : r.assumed)
            t += QStringLiteral("    default  %1 = %2  (%3)\n").arg(q(a.knob), q(a.value), q(a.why));
    }
    return t;
}

namespace {

/// A row's `config` column (issue 24): the run's own config file, relative to the CSV's folder, imported by its kind:
/// a torchtitan TOML (.toml), a torchtune recipe YAML (with `_component_`) or an accelerate FSDP YAML, a DeepSpeed
/// config or a ShardScope scenario file (.json), Megatron-LM arguments (anything else: the file's text).
std::vector<std::string> importRowConfig(const QDir& base, const std::string& config, Scenario& s)
{
    const QString path = base.filePath(QString::fromStdString(config));
    ImportReport report;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("toml")) {
        s = scenarioFromTorchtitanConfigFile(path, s, &report);
    } else if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml")) {
        const QByteArray bytes = readConfigFile(path, "config");
        s = bytes.contains("_component_") ? scenarioFromTorchtuneConfigFile(path, s, &report)
                                          : scenarioFromFsdpConfigFile(path, s, &report);
    } else if (suffix == QLatin1String("json")) {
        const QByteArray bytes = readConfigFile(path, "config");
        if (bytes.contains("\"shardscope-scenario\"")) {
            QStringList notes;
            s = scenarioFromFileBytes(bytes, path, &notes);
            report.notes = notes;
        } else {
            s = scenarioFromDeepSpeedConfigFile(path, s, &report);
        }
    } else {
        s = scenarioFromMegatronArgs(QString::fromUtf8(readConfigFile(path, "config")).simplified(), s, &report);
    }
    std::vector<std::string> notes;
    for (const QString& n : report.all())
        notes.push_back(n.toStdString());
    return notes;
}

} // namespace

ConfigImporter rowConfigImporter(const QString& csvPath)
{
    const QDir base = QFileInfo(csvPath).absoluteDir();
    return [base](const std::string& config, Scenario& s) { return importRowConfig(base, config, s); };
}

} // namespace shardscope::cli
