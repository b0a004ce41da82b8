// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/csv.h"

#include "shardscope/phrases.h"
#include "shardscope/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

/// One measured row the model could map to a scenario, with its prediction of the quantity measured.
struct MemoryValidationRow
{
    std::string id;
    std::string kind; ///< peak_allocated, peak_reserved, device_used or steady_state
    std::string framework; ///< frameworkKey() of the mapped scenario
    double measuredBytes = 0;
    double predictedBytes = 0;
    double error = 0; ///< (predicted - measured) / measured, signed
    Scenario scenario;
    std::string mapping; ///< how the row's text became the scenario, for the table and docs
    RowReadings readings; ///< every knob taken from text (with the phrase) and every default assumed
};

struct MemoryValidationGroup
{
    std::string name; ///< a framework key, or "all"
    int rows = 0;
    int within10 = 0; ///< rows with |error| <= 10%
    double medianAbsError = 0;
    double maxAbsError = 0;
};

struct MemoryValidationSkip
{
    std::string id;
    std::string reason;
};

struct MemoryValidation
{
    std::vector<MemoryValidationRow> rows; ///< in file order
    std::vector<MemoryValidationSkip> unmodelled; ///< never dropped silently
    MemoryValidationGroup all;
    std::vector<MemoryValidationGroup> byFramework; ///< sorted by name
};

/// The quantity a `measured_kind` names, or "" when unknown.
std::string measuredKindOf(const std::string& measuredKind);

/**
 * Maps each row of a measured-memory CSV (shared/data/README.md columns) to a scenario with documented
 * rules (docs/validation.md), predicts the quantity it measured and gathers the errors.
 * Throws InvalidInput("measured") for a file without the needed columns or no rows; a row whose fields
 * cannot be read or modelled goes to `unmodelled` with the reason.
 */
/// A row's `config` column (issue 24) is imported with `importer` after its stack's defaults and before its explicit
/// knob columns; without an importer such a row is unmodelled, with the reason.
MemoryValidation validateMeasuredMemory(const std::string& csvText, const ConfigImporter& importer = {});


} // namespace shardscope
