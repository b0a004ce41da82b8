// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/units.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace shardscope {

/**
 * The numbers behind one chart, as a table: what `shardscope export --chart X --out F.csv|json|md`
 * writes and what the chart widgets draw. Byte columns hold exact integers (bytes); a second
 * column gives the display unit. `meta` carries the capacity lines, units and scenario.
 */
struct ChartData
{
    QString chart; ///< "memory-per-gpu", "memory-vs-gpus", "host-memory", "step-timeline"
    QString title;
    QString xTitle;
    QString yTitle;
    QStringList columns;
    QList<QVariantList> rows; ///< qint64, double, bool or QString per column
    QJsonObject meta;
};

/// The chart ids in `export --chart` order.
QStringList chartIds();

/// One row per distinct rank and term (+ a total per rank): rank, stage, term, bytes, <unit>.
ChartData memoryPerGpuData(const Scenario& s, const Footprint& f, ByteUnit units);
/// Worst-rank bytes per N for ZeRO stages 0-3: gpus, stage, worst_rank_bytes, <unit>, fits.
/// `gpuCounts` empty: powers of two from tp x pp up to max(1024, 4 x the scenario's N).
ChartData memoryVsGpusData(const Scenario& s, ByteUnit units, std::vector<std::int64_t> gpuCounts = {});
/// The N memoryVsGpusData() takes by default: powers of two from tp x pp up to max(1024, 4 x the scenario's N).
std::vector<std::int64_t> memoryVsGpusCounts(const Scenario& s);
/// The sweep as CSV, as `shardscope sweep` prints it and the export bundle's (and `export --chart memory-vs-gpus`'s)
/// memory-vs-gpus.csv is (issue 26: one function, the same columns and rounding):
/// `stage,gpus,total_bytes,total_<unit>,fits,<term>_bytes...`, the unit column with 3 decimals.
QString sweepCsv(const std::vector<SweepPoint>& points, ByteUnit units);
/// Host RAM and NVMe per node against the node's capacity.
ChartData hostMemoryData(const Scenario& s, const Footprint& f, ByteUnit units);
/// The worst rank's events over one optimizer step (computeStep()).
ChartData stepTimelineData(const Scenario& s);
/// Dispatch on `chart` (throws InvalidInput("chart") for an unknown id).
ChartData chartData(const QString& chart, const Scenario& s, ByteUnit units);

QString chartDataCsv(const ChartData& d);
QJsonObject chartDataJson(const ChartData& d);
QString chartDataMarkdown(const ChartData& d);

/// The breakdown as a Markdown table: one row per term, one column per distinct rank, in `units`.
QString breakdownMarkdown(const Scenario& s, const Footprint& f, ByteUnit units);

/// assumptions.md of an export bundle: the scenario, bytes per component, units, version, formulas.
QString assumptionsMarkdown(const Scenario& s, const Footprint& f, ByteUnit units);

} // namespace shardscope
