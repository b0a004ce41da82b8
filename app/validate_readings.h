// SPDX-License-Identifier: MIT
#pragma once

// What `validate` took from each row's text and what it assumed (issue 24): the JSON array "readings" and the table's
// section "read from text / assumed", shared by --measured and --steps.

#include "shardscope/phrases.h"

#include <QJsonArray>
#include <QString>

#include <vector>

namespace shardscope::cli {

/// [{"id", "from_text": [{"knob", "value", "column", "phrase"}], "assumed": [{"knob", "value", "why"}]}]
QJsonArray readingsJson(const std::vector<RowReadings>& readings);
/// One block per row: "  ID" then "    text  knob = value  <- column: 'phrase'" and "    default knob = value  (why)".
QString readingsTable(const std::vector<RowReadings>& readings);

/// The importer of a row's `config` column (issue 24) for a CSV at `csvPath`: the file, relative to the CSV's folder,
/// by its kind: a torchtitan TOML (.toml), a torchtune recipe YAML (with `_component_`) or an accelerate FSDP YAML, a
/// DeepSpeed config or a ShardScope scenario file (.json), Megatron-LM arguments (any other file: its text).
ConfigImporter rowConfigImporter(const QString& csvPath);

} // namespace shardscope::cli
