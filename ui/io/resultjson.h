// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/units.h"

#include <QJsonObject>
#include <QString>

namespace shardscope {

/// The resolved scenario: every knob with its value (keys documented in docs/cli.md).
QJsonObject scenarioToJson(const Scenario& s);
QJsonObject architectureToJson(const Architecture& a);

/// `shardscope estimate --format json`: model, per_gpu, ranks, capacity_bytes, fits, host/nvme,
/// scenario, assumptions. Bytes are always bytes; `assumptions.units` names the display unit.
QJsonObject footprintToJson(const Scenario& s, const Footprint& f, ByteUnit units);

/// `shardscope min-gpus --format json`: {"stages": [{"stage", "min_gpus", "reason"}, ...]}
QJsonObject minGpusToJson(const Scenario& s, const std::vector<MinGpus>& v);

/// A plain-text table of every distinct rank's terms (`--format table`).
QString footprintTable(const Scenario& s, const Footprint& f, ByteUnit units);
/// One row per rank and term: rank,stage,term,bytes,<unit>,formula (`--format csv`).
QString footprintCsv(const Footprint& f, ByteUnit units);

/// CSV field quoting (RFC 4180).
QString csvField(const QString& v);

} // namespace shardscope
