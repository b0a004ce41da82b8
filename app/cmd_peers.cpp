// SPDX-License-Identifier: MIT
#include "cli.h"
#include "scenariooptions.h"

#include "shardscope/peers.h"
#include "shardscope/units.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace shardscope::cli {

namespace {

const char* statusKey(PeerTermStatus s)
{
    switch (s) {
    case PeerTermStatus::Counted: return "counted";
    case PeerTermStatus::Lumped: return "lumped";
    case PeerTermStatus::Ignored: return "ignored";
    }
    return "";
}

QJsonValue bytesValue(const std::optional<double>& v)
{
    if (!v)
        return QJsonValue(QJsonValue::Null);
    // Whole bytes stay integers in the JSON; Megatron's fractional bytes keep their fraction.
    if (std::fabs(*v - std::round(*v)) < 1e-9 && std::fabs(*v) < 9e15)
        return QJsonValue(static_cast<qint64>(std::llround(*v)));
    return QJsonValue(*v);
}

QJsonObject peerToJson(const PeerEstimate& e)
{
    QJsonObject o;
    o[QStringLiteral("name")] = QString::fromUtf8(peerName(e.id));
    o[QStringLiteral("source")] = QString::fromUtf8(peerSource(e.id));
    o[QStringLiteral("gpu_bytes_per_device")] = bytesValue(e.gpuBytesPerDevice);
    o[QStringLiteral("host_bytes_per_node")] = bytesValue(e.hostBytesPerNode);
    o[QStringLiteral("printed")] = QString::fromStdString(e.printed);
    o[QStringLiteral("row")] = QString::fromStdString(e.row);
    o[QStringLiteral("unit")] = QString::fromStdString(e.unit);
    QJsonObject terms;
    for (int i = 0; i < kTermCount; ++i) {
        const PeerTerm& t = e.terms[static_cast<std::size_t>(i)];
        QJsonObject to;
        to[QStringLiteral("status")] = QString::fromLatin1(statusKey(t.status));
        to[QStringLiteral("bytes")] = t.status == PeerTermStatus::Counted ? bytesValue(t.bytes) : QJsonValue();
        if (e.id == PeerId::ShardScope && t.status == PeerTermStatus::Counted)
            to[QStringLiteral("step_max_bytes")] = bytesValue(t.stepMaxBytes);
        if (!t.formula.empty())
            to[QStringLiteral("formula")] = QString::fromStdString(t.formula);
        terms[QString::fromLatin1(termKey(static_cast<Term>(i)))] = to;
    }
    o[QStringLiteral("terms")] = terms;
    QJsonArray reasons;
    for (const PeerReason& r : e.reasons)
        reasons.append(QJsonObject {{QStringLiteral("id"), QString::fromStdString(r.id)},
                                    {QStringLiteral("text"), QString::fromStdString(r.text)}});
    o[QStringLiteral("reasons")] = reasons;
    return o;
}

QString table(const std::vector<PeerEstimate>& v, ByteUnit units)
{
    QString t;
    for (const PeerEstimate& e : v) {
        t += QStringLiteral("== %1 (%2)\n").arg(QString::fromUtf8(peerName(e.id)), QString::fromUtf8(peerSource(e.id)));
        t += QStringLiteral("   GPU per device: %1").arg(QString::fromStdString(formatBytes(*e.gpuBytesPerDevice, units, 2)));
        if (e.hostBytesPerNode)
            t += QStringLiteral("   host per node: %1")
                     .arg(QString::fromStdString(formatBytes(*e.hostBytesPerNode, units, 2)));
        t += QStringLiteral("\n   prints: %1\n").arg(QString::fromStdString(e.row));
        for (const PeerReason& r : e.reasons)
            t += QStringLiteral("   - %1\n").arg(QString::fromStdString(r.text));
    }
    return t;
}

} // namespace

int runPeers(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "What DeepSpeed's estimators (ZeRO-2 current and legacy, ZeRO-3), Megatron-LM's theoretical memory report, "
        "the ZeRO paper and accelerate estimate-memory would print for the scenario, beside ShardScope's own "
        "estimate, with a reason for each difference (docs/peers.md)."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("largest-layer-params"),
                                   QStringLiteral("DeepSpeed ZeRO-3: params of the largest module (default: from "
                                                  "the architecture)."),
                                   QStringLiteral("N")));
    p.addOption(QCommandLineOption(QStringLiteral("zero-init"),
                                   QStringLiteral("DeepSpeed ZeRO-3: model built in zero.Init, on|off (default on)."),
                                   QStringLiteral("on|off")));
    p.addOption(QCommandLineOption(QStringLiteral("buffer-factor"),
                                   QStringLiteral("DeepSpeed additional_buffer_factor (default 1.5)."),
                                   QStringLiteral("F")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        const ByteUnit units = unitsFromParser(p);
        const Scenario s = scenarioFromParser(p);
        PeerInputs in;
        if (p.isSet(QStringLiteral("largest-layer-params")))
            in.largestLayerParams = parseIntOption(p.value(QStringLiteral("largest-layer-params")),
                                                   "largest-layer-params", 1, INT64_MAX);
        if (p.isSet(QStringLiteral("zero-init")))
            in.zeroInit = parseOnOff(p.value(QStringLiteral("zero-init")), "zero-init");
        if (p.isSet(QStringLiteral("buffer-factor")))
            in.bufferFactor = parseDoubleOption(p.value(QStringLiteral("buffer-factor")), "buffer-factor", 1e-9, 1000);
        const std::vector<PeerEstimate> v = computePeers(s, in);
        if (format == QLatin1String("json")) {
            QJsonObject o;
            for (const PeerEstimate& e : v)
                o[QString::fromLatin1(peerKey(e.id))] = peerToJson(e);
            out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        } else {
            out(table(v, units));
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
