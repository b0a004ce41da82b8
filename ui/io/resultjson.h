// SPDX-License-Identifier: MIT
#pragma once

#include "scenariooptions.h"

#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/step.h"
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

/// --stack (issue 24) in an output's "assumptions": stack, stack_name, stack_flop_count, stack_source and
/// stack_defaults [{knob, value, why}] (those in force), stack_defaults_replaced (those the user's settings replaced).
void addStackAssumptions(QJsonObject& assumptions, const StackChoice& stack);
/// The same as table lines ("assumed by --stack nemo: ..."); empty without --stack.
QString stackAssumptionsTable(const StackChoice& stack);
/// `step`'s "stack" object: the stack's count, MFU and model TFLOP/s per GPU in its convention beside ours.
QJsonObject stackThroughputToJson(const Scenario& s, const StepTotals& t, const StackProfile& p);

/// CSV field quoting (RFC 4180).
QString csvField(const QString& v);

} // namespace shardscope
