// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <string>
#include <vector>

namespace shardscope {

/// RFC 4180 CSV records (quoted fields, "" escapes, newlines inside quotes, LF or CRLF line ends); a leading
/// UTF-8 byte order mark is skipped.
/// Throws InvalidInput(field) on a quoted field that never closes; `field` names the option the text
/// came from ("measured", "steps").
std::vector<std::vector<std::string>> parseCsv(const std::string& text, const std::string& field);

/// Throws InvalidInput(field) when a column name appears twice in `header` (the later one silently won).
void refuseDuplicateColumns(const std::vector<std::string>& header, const std::string& field);

/// The most rows `validate --steps` and `validate --measured` model (each is a step or footprint computation).
inline constexpr std::size_t kMaxValidationRows = 10000;

/// One row of a CSV file, by column name.
using CsvRow = std::map<std::string, std::string>;

/// The records after the header line, keyed by the header's names. Throws InvalidInput(field) for an
/// empty file, a duplicated column name or a row whose field count differs from the header's (naming its line).
std::vector<CsvRow> parseCsvWithHeader(const std::string& text, const std::string& field);

} // namespace shardscope
