// SPDX-License-Identifier: MIT
#include "validate_readings.h"

#include <QJsonObject>

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

} // namespace shardscope::cli
