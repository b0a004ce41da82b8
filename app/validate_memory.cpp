// SPDX-License-Identifier: MIT
#include "validate_memory.h"

#include "cli.h"

#include "shardscope/errors.h"
#include "shardscope/validation_memory.h"
#include "validate_readings.h"
#include "validationchart.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace shardscope::cli {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QJsonObject groupJson(const MemoryValidationGroup& g)
{
    QJsonObject o;
    o[QStringLiteral("rows")] = g.rows;
    o[QStringLiteral("within_10_percent")] = g.within10;
    o[QStringLiteral("median_abs_error")] = g.rows == 0 ? QJsonValue() : QJsonValue(g.medianAbsError);
    o[QStringLiteral("max_abs_error")] = g.rows == 0 ? QJsonValue() : QJsonValue(g.maxAbsError);
    return o;
}

QString pct(double e) { return QStringLiteral("%1%").arg(e * 100.0, 0, 'f', 1); }

QString table(const MemoryValidation& v)
{
    QString t = QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                    .arg(QStringLiteral("id"), -6)
                    .arg(QStringLiteral("framework"), -10)
                    .arg(QStringLiteral("kind"), -15)
                    .arg(QStringLiteral("measured GiB"), 12)
                    .arg(QStringLiteral("predicted GiB"), 13)
                    .arg(QStringLiteral("error"), 7);
    for (const auto& r : v.rows)
        t += QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                 .arg(q(r.id), -6)
                 .arg(q(r.framework), -10)
                 .arg(q(r.kind), -15)
                 .arg(r.measuredBytes / 1073741824.0, 12, 'f', 2)
                 .arg(r.predictedBytes / 1073741824.0, 13, 'f', 2)
                 .arg(pct(r.error), 7);
    t += QStringLiteral("\n%1  %2  %3  %4  %5\n")
             .arg(QStringLiteral("group"), -10)
             .arg(QStringLiteral("rows"), 4)
             .arg(QStringLiteral("within 10%"), 10)
             .arg(QStringLiteral("median |error|"), 14)
             .arg(QStringLiteral("max |error|"), 11);
    auto line = [&](const MemoryValidationGroup& g) {
        t += QStringLiteral("%1  %2  %3  %4  %5\n")
                 .arg(q(g.name), -10)
                 .arg(g.rows, 4)
                 .arg(g.within10, 10)
                 .arg(g.rows == 0 ? QStringLiteral("n/a") : pct(g.medianAbsError), 14) // no rows: no error, not 0%
                 .arg(g.rows == 0 ? QStringLiteral("n/a") : pct(g.maxAbsError), 11);
    };
    line(v.all);
    for (const auto& g : v.byFramework)
        line(g);
    t += QStringLiteral("\nunmodelled: %1\n").arg(v.unmodelled.size());
    for (const auto& u : v.unmodelled)
        t += QStringLiteral("  %1: %2\n").arg(q(u.id), q(u.reason));
    std::vector<RowReadings> readings;
    for (const auto& r : v.rows)
        readings.push_back(r.readings);
    t += readingsTable(readings);
    return t;
}

} // namespace

int runValidateMeasured(const QString& csvPath, const QString& format, const QString& chartPath)
{
    const QByteArray bytes = readMeasuredCsv(csvPath, "--measured");
    const MemoryValidation v = shardscope::validateMeasuredMemory(bytes.toStdString(), rowConfigImporter(csvPath));
    if (!chartPath.isEmpty())
        saveValidationChart(QStringLiteral("Peak memory: predicted vs measured (%1 rows)").arg(v.rows.size()),
                            QStringLiteral("GB"), memoryValidationPoints(v), chartPath, ChartExportOptions(),
                            0.15); // the memory rows' worst is 24%: label those beyond 15%
    if (format == QLatin1String("table")) {
        out(table(v));
        return kExitOk;
    }
    QJsonObject root;
    QJsonArray rows;
    for (const auto& r : v.rows) {
        QJsonObject o;
        o[QStringLiteral("id")] = q(r.id);
        o[QStringLiteral("kind")] = q(r.kind);
        o[QStringLiteral("measured_bytes")] = r.measuredBytes;
        o[QStringLiteral("predicted_bytes")] = r.predictedBytes;
        o[QStringLiteral("error")] = r.error;
        rows.append(o);
    }
    root[QStringLiteral("rows")] = rows;
    root[QStringLiteral("median_abs_error")] = v.rows.empty() ? QJsonValue() : QJsonValue(v.all.medianAbsError);
    root[QStringLiteral("max_abs_error")] = v.rows.empty() ? QJsonValue() : QJsonValue(v.all.maxAbsError);
    QJsonObject by;
    for (const auto& g : v.byFramework)
        by[q(g.name)] = groupJson(g);
    root[QStringLiteral("by_framework")] = by;
    QJsonArray skipped;
    for (const auto& u : v.unmodelled) {
        QJsonObject o;
        o[QStringLiteral("id")] = q(u.id);
        o[QStringLiteral("reason")] = q(u.reason);
        skipped.append(o);
    }
    root[QStringLiteral("unmodelled")] = skipped;
    std::vector<RowReadings> readings;
    for (const auto& r : v.rows)
        readings.push_back(r.readings);
    root[QStringLiteral("readings")] = readingsJson(readings);
    out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
    return kExitOk;
}

} // namespace shardscope::cli
