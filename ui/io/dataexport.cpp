// SPDX-License-Identifier: MIT
#include "dataexport.h"

#include "resultjson.h"
#include "scenariofile.h"

#include "shardscope/errors.h"
#include "shardscope/finetune.h"
#include "shardscope/planner.h"
#include "shardscope/step.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace shardscope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString unitColumn(ByteUnit u) { return QString::fromLatin1(unitName(u)); }
double inUnits(std::int64_t bytes, ByteUnit u) { return double(bytes) / unitDivisor(u); }

QJsonObject baseMeta(const Scenario& s, ByteUnit units)
{
    QJsonObject m;
    m[QStringLiteral("units")] = unitColumn(units);
    m[QStringLiteral("unit_bytes")] = unitDivisor(units);
    m[QStringLiteral("app_version")] = QCoreApplication::applicationVersion();
    m[QStringLiteral("scenario")] = scenarioFileJson(s).value(QStringLiteral("scenario"));
    return m;
}

QString cellText(const QVariant& v, bool markdown)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QMetaType::LongLong:
    case QMetaType::Int:
        return QString::number(v.toLongLong());
    case QMetaType::Double:
        return markdown ? QString::number(v.toDouble(), 'f', 2) : QString::number(v.toDouble(), 'g', 17);
    default:
        return v.toString();
    }
}

QJsonValue cellJson(const QVariant& v)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        return v.toBool();
    case QMetaType::LongLong:
    case QMetaType::Int:
        return static_cast<double>(v.toLongLong()); // exact below 2^53
    case QMetaType::Double:
        return v.toDouble();
    default:
        return v.toString();
    }
}

QString mdEscape(QString s)
{
    s.replace(QLatin1Char('|'), QLatin1String("\\|"));
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s;
}

} // namespace

QStringList chartIds()
{
    return {QStringLiteral("memory-per-gpu"), QStringLiteral("memory-vs-gpus"), QStringLiteral("host-memory"),
            QStringLiteral("step-timeline")};
}

ChartData memoryPerGpuData(const Scenario& s, const Footprint& f, ByteUnit units)
{
    ChartData d;
    d.chart = QStringLiteral("memory-per-gpu");
    d.title = QStringLiteral("Memory per GPU: %1 on %2 x %3").arg(q(s.arch.name)).arg(s.gpus).arg(q(f.gpu.name));
    d.xTitle = QStringLiteral("Rank");
    d.yTitle = QStringLiteral("Memory per GPU (%1)").arg(unitColumn(units));
    d.columns = {QStringLiteral("rank"), QStringLiteral("stage"), QStringLiteral("term"), QStringLiteral("bytes"),
                 unitColumn(units)};
    for (const RankFootprint& r : f.ranks) {
        for (int t = 0; t < kTermCount; ++t) {
            const std::int64_t b = r.terms[static_cast<std::size_t>(t)].bytes;
            if (t == static_cast<int>(Term::Params) && finetuneAdapters(s)) {
                // Fine-tuning (issue 28): the params term as the chart shows it, the frozen base and the adapters'
                // weights (the two rows sum to the params term; the rank's rows still sum to its total).
                const std::int64_t rest = b - r.frozenParamBytes - r.adapterParamBytes;
                for (const auto& [key, v] : {std::pair<const char*, std::int64_t> {"frozen_params", r.frozenParamBytes + rest},
                                             {"adapter_params", r.adapterParamBytes}})
                    d.rows << QVariantList {q(r.label), qint64(r.stage), QString::fromLatin1(key), qint64(v),
                                            inUnits(v, units)};
                continue;
            }
            d.rows << QVariantList {q(r.label), qint64(r.stage), QString::fromLatin1(termKey(static_cast<Term>(t))),
                                    qint64(b), inUnits(b, units)};
        }
        d.rows << QVariantList {q(r.label), qint64(r.stage), QStringLiteral("total"), qint64(r.totalBytes),
                                inUnits(r.totalBytes, units)};
        // MoE (issue 25): the routed experts' part of params, grads, master and optimizer (already in those rows; the
        // Memory tab draws it as its own segment), after the total: rows to read, not to add.
        if (s.arch.moe()) {
            static const char* const kExpertKeys[4] = {"expert_params", "expert_grads", "expert_master", "expert_optimizer"};
            for (std::size_t t = 0; t < 4; ++t)
                d.rows << QVariantList {q(r.label), qint64(r.stage), QString::fromLatin1(kExpertKeys[t]),
                                        qint64(r.expertStateBytes[t]), inUnits(r.expertStateBytes[t], units)};
        }
    }
    d.meta = baseMeta(s, units);
    d.meta[QStringLiteral("capacity_bytes")] = double(f.capacityBytes);
    d.meta[QStringLiteral("usable_bytes")] = double(f.usableBytes);
    d.meta[QStringLiteral("worst_rank")] = q(f.worstRank().label);
    d.meta[QStringLiteral("fits")] = f.fits;
    return d;
}

std::vector<std::int64_t> memoryVsGpusCounts(const Scenario& s)
{
    const std::int64_t k = s.modelParallel();
    return powerOfTwoGpuCounts(k, std::max<std::int64_t>(1024, 4 * s.gpus), k);
}

QString sweepCsv(const std::vector<SweepPoint>& points, ByteUnit units)
{
    const double div = unitDivisor(units);
    QString csv = QStringLiteral("stage,gpus,total_bytes,total_%1,fits").arg(QString::fromLatin1(unitName(units)));
    for (int t = 0; t < kTermCount; ++t)
        csv += QStringLiteral(",%1_bytes").arg(QString::fromLatin1(termKey(static_cast<Term>(t))));
    csv += QLatin1Char('\n');
    for (const SweepPoint& pt : points) {
        csv += QStringLiteral("%1,%2,%3,%4,%5")
                   .arg(pt.stage)
                   .arg(pt.gpus)
                   .arg(pt.worstBytes)
                   .arg(double(pt.worstBytes) / div, 0, 'f', 3)
                   .arg(pt.fits ? QStringLiteral("true") : QStringLiteral("false"));
        for (int t = 0; t < kTermCount; ++t)
            csv += QLatin1Char(',') + QString::number(pt.termBytes[static_cast<std::size_t>(t)]);
        csv += QLatin1Char('\n');
    }
    return csv;
}

ChartData memoryVsGpusData(const Scenario& s, ByteUnit units, std::vector<std::int64_t> ns)
{
    if (ns.empty())
        ns = memoryVsGpusCounts(s);
    ChartData d;
    d.chart = QStringLiteral("memory-vs-gpus");
    d.title = QStringLiteral("Memory per GPU vs number of GPUs: %1").arg(q(s.arch.name));
    d.xTitle = QStringLiteral("GPUs (N)");
    d.yTitle = QStringLiteral("Worst-rank memory per GPU (%1)").arg(unitColumn(units));
    d.columns = {QStringLiteral("gpus"), QStringLiteral("stage"), QStringLiteral("worst_rank_bytes"), unitColumn(units),
                 QStringLiteral("fits")};
    for (const SweepPoint& p : sweep(s, ns, {0, 1, 2, 3})) {
        if (!p.valid)
            continue;
        d.rows << QVariantList {qint64(p.gpus), qint64(p.stage), qint64(p.worstBytes), inUnits(p.worstBytes, units), p.fits};
    }
    d.meta = baseMeta(s, units);
    const GpuPreset g = resolveGpu(s);
    d.meta[QStringLiteral("capacity_bytes")] = double(g.capacityBytes);
    d.meta[QStringLiteral("usable_bytes")] = double(g.capacityBytes) - s.safetyMarginBytes;
    return d;
}

ChartData hostMemoryData(const Scenario& s, const Footprint& f, ByteUnit units)
{
    ChartData d;
    d.chart = QStringLiteral("host-memory");
    d.title = QStringLiteral("Host memory per node: %1, offload optimizer %2, params %3")
                  .arg(q(s.arch.name), QLatin1String(offloadKey(s.offloadOptimizer)), QLatin1String(offloadKey(s.offloadParams)));
    d.xTitle = QStringLiteral("Tier");
    d.yTitle = QStringLiteral("Bytes per node (%1)").arg(unitColumn(units));
    d.columns = {QStringLiteral("tier"), QStringLiteral("bytes_per_node"), unitColumn(units), QStringLiteral("capacity_bytes"),
                 QStringLiteral("capacity_") + unitColumn(units), QStringLiteral("fits")};
    d.rows << QVariantList {QStringLiteral("host_ram"), qint64(f.hostBytesPerNode), inUnits(f.hostBytesPerNode, units),
                            qint64(s.hostRamBytesPerNode), inUnits(s.hostRamBytesPerNode, units), f.hostFits};
    d.rows << QVariantList {QStringLiteral("nvme"), qint64(f.nvmeBytesPerNode), inUnits(f.nvmeBytesPerNode, units),
                            qint64(s.nvmeBytesPerNode), inUnits(s.nvmeBytesPerNode, units), f.nvmeFits};
    d.meta = baseMeta(s, units);
    return d;
}

ChartData stepTimelineData(const Scenario& s)
{
    const StepResult r = computeStep(s);
    ChartData d;
    d.chart = QStringLiteral("step-timeline");
    d.title = QStringLiteral("One optimizer step on the worst rank: %1 s").arg(r.totals.stepTime, 0, 'g', 4);
    d.xTitle = QStringLiteral("Time (s)");
    d.yTitle = QStringLiteral("Stream");
    d.columns = {QStringLiteral("start_s"), QStringLiteral("duration_s"), QStringLiteral("kind"), QStringLiteral("group"),
                 QStringLiteral("phase"), QStringLiteral("part"), QStringLiteral("wire_bytes"), QStringLiteral("exposed_s")};
    for (const StepEvent& e : r.events)
        d.rows << QVariantList {e.start,
                                e.duration,
                                QString::fromLatin1(eventKindKey(e.kind)),
                                QString::fromLatin1(commGroupKey(e.group)),
                                QString::fromLatin1(stepPhaseKey(e.phase)),
                                QString::fromLatin1(eventPartKey(e.part)),
                                e.bytes,
                                e.exposedSeconds};
    d.meta = baseMeta(s, ByteUnit::GB);
    d.meta[QStringLiteral("step_time_s")] = r.totals.stepTime;
    d.meta[QStringLiteral("mfu")] = r.totals.mfu;
    d.meta[QStringLiteral("aggregated")] = r.aggregated;
    return d;
}

ChartData chartData(const QString& chart, const Scenario& s, ByteUnit units)
{
    if (chart == QLatin1String("memory-vs-gpus"))
        return memoryVsGpusData(s, units);
    if (chart == QLatin1String("step-timeline"))
        return stepTimelineData(s);
    if (chart == QLatin1String("memory-per-gpu") || chart == QLatin1String("host-memory")) {
        const Footprint f = computeFootprint(s);
        return chart == QLatin1String("host-memory") ? hostMemoryData(s, f, units) : memoryPerGpuData(s, f, units);
    }
    throw InvalidInput("chart", "--chart: unknown chart '" + chart.toStdString() + "' (known: "
                                    + chartIds().join(QStringLiteral(", ")).toStdString() + ")");
}

QString chartDataCsv(const ChartData& d)
{
    QStringList lines;
    lines << d.columns.join(QLatin1Char(','));
    for (const QVariantList& row : d.rows) {
        QStringList cells;
        for (const QVariant& v : row)
            cells << csvField(cellText(v, false));
        lines << cells.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QJsonObject chartDataJson(const ChartData& d)
{
    QJsonObject o;
    o[QStringLiteral("chart")] = d.chart;
    o[QStringLiteral("title")] = d.title;
    o[QStringLiteral("x_title")] = d.xTitle;
    o[QStringLiteral("y_title")] = d.yTitle;
    o[QStringLiteral("columns")] = QJsonArray::fromStringList(d.columns);
    QJsonArray rows;
    for (const QVariantList& row : d.rows) {
        QJsonObject r;
        for (qsizetype i = 0; i < row.size() && i < d.columns.size(); ++i)
            r[d.columns[i]] = cellJson(row[i]);
        rows.append(r);
    }
    o[QStringLiteral("rows")] = rows;
    o[QStringLiteral("meta")] = d.meta;
    return o;
}

QString chartDataMarkdown(const ChartData& d)
{
    QString md = QStringLiteral("### ") + mdEscape(d.title) + QStringLiteral("\n\n| ") + d.columns.join(QStringLiteral(" | "))
        + QStringLiteral(" |\n|");
    for (qsizetype i = 0; i < d.columns.size(); ++i)
        md += QStringLiteral(" --- |");
    md += QLatin1Char('\n');
    for (const QVariantList& row : d.rows) {
        QStringList cells;
        for (const QVariant& v : row)
            cells << mdEscape(cellText(v, true));
        md += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return md;
}

QString breakdownMarkdown(const Scenario& s, const Footprint& f, ByteUnit units)
{
    const QString u = unitColumn(units);
    QString md = QStringLiteral("| term |");
    QString rule = QStringLiteral("| --- |");
    for (const RankFootprint& r : f.ranks) {
        md += QStringLiteral(" %1 (%2) |").arg(mdEscape(q(r.label)), u);
        rule += QStringLiteral(" ---: |");
    }
    md += QLatin1Char('\n') + rule + QLatin1Char('\n');
    for (int t = 0; t < kTermCount; ++t) {
        md += QStringLiteral("| %1 |").arg(QLatin1String(termKey(static_cast<Term>(t))));
        for (const RankFootprint& r : f.ranks)
            md += QStringLiteral(" %1 |").arg(inUnits(r.terms[static_cast<std::size_t>(t)].bytes, units), 0, 'f', 2);
        md += QLatin1Char('\n');
    }
    md += QStringLiteral("| **total** |");
    for (const RankFootprint& r : f.ranks)
        md += QStringLiteral(" **%1** |").arg(inUnits(r.totalBytes, units), 0, 'f', 2);
    md += QLatin1Char('\n');
    md += QStringLiteral("\n%1 x %2, TP %3, PP %4, DP %5, ZeRO-%6, recipe %7. Capacity %8 %9 (usable %10 %9): %11.\n")
              .arg(s.gpus)
              .arg(q(f.gpu.name))
              .arg(s.tp)
              .arg(s.pp)
              .arg(s.dp())
              .arg(s.zeroStage)
              .arg(q(s.recipe.id))
              .arg(inUnits(f.capacityBytes, units), 0, 'f', 1)
              .arg(u)
              .arg(inUnits(f.usableBytes, units), 0, 'f', 1)
              .arg(f.fits ? QStringLiteral("fits") : QStringLiteral("does not fit"));
    return md;
}

QString assumptionsMarkdown(const Scenario& s, const Footprint& f, ByteUnit units)
{
    QString md;
    md += QStringLiteral("# Assumptions\n\n");
    md += QStringLiteral("Written by ShardScope %1. Units: %2 (1 %2 = %3 bytes); every JSON and CSV byte column is in "
                         "bytes.\n\n")
              .arg(QCoreApplication::applicationVersion(), unitColumn(units))
              .arg(unitDivisor(units), 0, 'f', 0);
    md += QStringLiteral("## Scenario\n\n");
    md += QStringLiteral("- Model: %1 (%2), %3 parameters%4\n")
              .arg(q(s.arch.name), q(s.arch.id), q(withThousands(f.totalParams)),
                   s.bareParams ? QStringLiteral(" (a bare count with its GPT shape)") : QString());
    md += QStringLiteral("- Cluster: %1 x %2 (%3 per node), capacity %4 bytes, margin %5 bytes\n")
              .arg(s.gpus)
              .arg(q(f.gpu.name))
              .arg(s.gpusPerNode)
              .arg(f.capacityBytes)
              .arg(s.safetyMarginBytes, 0, 'f', 0);
    md += QStringLiteral("- Parallelism: TP %1, PP %2 (%3, %4 chunks), DP %5, ZeRO stage %6, sequence parallel %7\n")
              .arg(s.tp)
              .arg(s.pp)
              .arg(QLatin1String(scheduleKey(s.schedule)))
              .arg(s.vpp)
              .arg(s.dp())
              .arg(s.zeroStage)
              .arg(s.sequenceParallel ? QStringLiteral("on") : QStringLiteral("off"));
    md += QStringLiteral("- Batch: micro-batch %1, sequence %2, %3 micro-batches per step\n").arg(s.microBatch).arg(s.seq).arg(s.gradAccum);
    md += QStringLiteral("- Memory savers: checkpointing %1, FlashAttention %2, offload optimizer %3, params %4\n")
              .arg(QLatin1String(checkpointingKey(s.checkpointing)),
                   s.flashAttention ? QStringLiteral("on") : QStringLiteral("off"),
                   QLatin1String(offloadKey(s.offloadOptimizer)), QLatin1String(offloadKey(s.offloadParams)));
    md += QStringLiteral("\nThe complete scenario is `scenario.shardscope.json` beside this file (open it with "
                         "`shardscope estimate --scenario FILE`).\n\n");
    md += QStringLiteral("## Precision recipe: bytes per parameter\n\n| component | bytes |\n| --- | ---: |\n");
    md += QStringLiteral("| weights | %1 |\n| grads | %2 |\n| fp32 master | %3 |\n| optimizer states | %4 |\n| **total** | **%5** |\n")
              .arg(f.bytesPerParam.weights)
              .arg(f.bytesPerParam.grads)
              .arg(f.bytesPerParam.master)
              .arg(f.bytesPerParam.optimizer)
              .arg(f.bytesPerParam.total());
    md += QStringLiteral("\nRecipe `%1`: %2; optimizer `%3`.\n\n").arg(q(s.recipe.id), q(s.recipe.description), QLatin1String(optimizerKey(s.optimizer)));
    md += QStringLiteral("## Breakdown per GPU\n\n") + breakdownMarkdown(s, f, units);
    md += QStringLiteral("\n## Formulas used (worst rank: %1)\n\n").arg(q(f.worstRank().label));
    for (int t = 0; t < kTermCount; ++t) {
        const Term term = static_cast<Term>(t);
        md += QStringLiteral("- **%1**: %2 `%3`\n")
                  .arg(QLatin1String(termKey(term)), QString::fromUtf8(termDescription(term)),
                       mdEscape(q(f.worstRank().terms[static_cast<std::size_t>(t)].formula)));
    }
    md += QStringLiteral("\nActivations: %1\n").arg(mdEscape(q(f.activations.derivation)));
    md += QStringLiteral("\nFits rule: the worst rank's total <= capacity - margin. Sources: docs/model.md.\n");
    return md;
}

} // namespace shardscope
