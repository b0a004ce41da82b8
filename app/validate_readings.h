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

} // namespace shardscope::cli
