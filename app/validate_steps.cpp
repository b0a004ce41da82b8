// SPDX-License-Identifier: MIT
#include "validate_steps.h"

#include "cli.h"

#include "shardscope/errors.h"
#include "shardscope/validation_steps.h"
#include "validate_readings.h"
#include "validationchart.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace shardscope::cli {

namespace {

QJsonObject toJson(const StepValidation& v)
{
    QJsonObject root;
    QJsonArray rows;
    for (const StepCheck& c : v.rows) {
        QJsonObject o;
        o[QStringLiteral("id")] = QString::fromStdString(c.id);
        o[QStringLiteral("metric")] = QString::fromStdString(c.metric);
        o[QStringLiteral("measured")] = c.measured;
        o[QStringLiteral("predicted")] = c.predicted;
        o[QStringLiteral("error")] = c.error;
        rows.append(o);
    }
    root[QStringLiteral("rows")] = rows;
    // No modelled row has no error at all, not a perfect 0: null.
    root[QStringLiteral("median_abs_error")] = v.rows.empty() ? QJsonValue() : QJsonValue(v.medianAbsError);
    root[QStringLiteral("max_abs_error")] = v.rows.empty() ? QJsonValue() : QJsonValue(v.maxAbsError);
    QJsonObject bySource;
    for (const SourceSummary& s : v.bySource) {
        QJsonObject o;
        o[QStringLiteral("rows")] = s.rows;
        o[QStringLiteral("median_abs_error")] = s.medianAbsError;
        o[QStringLiteral("max_abs_error")] = s.maxAbsError;
        bySource[QString::fromStdString(s.source)] = o;
    }
    root[QStringLiteral("by_source")] = bySource;
    QJsonArray un;
    for (const UnmodelledRow& u : v.unmodelled) {
        QJsonObject o;
        o[QStringLiteral("id")] = QString::fromStdString(u.id);
        o[QStringLiteral("reason")] = QString::fromStdString(u.reason);
        un.append(o);
    }
    root[QStringLiteral("unmodelled")] = un;
    root[QStringLiteral("readings")] = readingsJson(v.readings);
    return root;
}

QString pct(double f) { return QString::number(f * 100, 'f', 1) + QLatin1Char('%'); }

QString toTable(const StepValidation& v)
{
    QString o;
    o += QStringLiteral("%1 %2 %3 %4 %5\n")
             .arg(QStringLiteral("id"), -34)
             .arg(QStringLiteral("metric"), -22)
             .arg(QStringLiteral("measured"), 12)
             .arg(QStringLiteral("predicted"), 12)
             .arg(QStringLiteral("error"), 8);
    for (const StepCheck& c : v.rows)
        o += QStringLiteral("%1 %2 %3 %4 %5\n")
                 .arg(QString::fromStdString(c.id), -34)
                 .arg(QString::fromStdString(c.metric), -22)
                 .arg(QString::number(c.measured, 'g', 5), 12)
                 .arg(QString::number(c.predicted, 'g', 5), 12)
                 .arg((c.error >= 0 ? QStringLiteral("+") : QString()) + pct(c.error), 8);
    o += QStringLiteral("\nsource      rows  median |error|  max |error|\n");
    for (const SourceSummary& s : v.bySource)
        o += QStringLiteral("%1 %2 %3 %4\n")
                 .arg(QString::fromStdString(s.source), -10)
                 .arg(s.rows, 5)
                 .arg(pct(s.medianAbsError), 15)
                 .arg(pct(s.maxAbsError), 12);
    o += QStringLiteral("%1 %2 %3 %4\n")
             .arg(QStringLiteral("all"), -10)
             .arg(v.rows.size(), 5)
             .arg(v.rows.empty() ? QStringLiteral("n/a") : pct(v.medianAbsError), 15)
             .arg(v.rows.empty() ? QStringLiteral("n/a") : pct(v.maxAbsError), 12);
    o += QStringLiteral("\nunmodelled: %1\n").arg(v.unmodelled.size());
    for (const UnmodelledRow& u : v.unmodelled)
        o += QStringLiteral("  %1: %2\n").arg(QString::fromStdString(u.id), QString::fromStdString(u.reason));
    o += readingsTable(v.readings);
    return o;
}

} // namespace

int validateStepsFile(const QString& path, const QString& format, const QString& chartPath)
{
    const QByteArray text = readMeasuredCsv(path, "--steps");
    return guarded([&] {
        const StepValidation v = validateSteps(text.toStdString(), rowConfigImporter(path));
        if (!chartPath.isEmpty())
            saveValidationChart(QStringLiteral("Step time and throughput: predicted vs measured (%1 rows)").arg(v.rows.size()),
                                QString(), stepValidationPoints(v), chartPath);
        if (format == QLatin1String("json"))
            out(QString::fromUtf8(QJsonDocument(toJson(v)).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
        else
            out(toTable(v));
        return kExitOk;
    });
}

} // namespace shardscope::cli
