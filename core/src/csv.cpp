// SPDX-License-Identifier: MIT
#include "shardscope/csv.h"

#include "shardscope/errors.h"

#include <set>

namespace shardscope {

std::vector<std::vector<std::string>> parseCsv(const std::string& text, const std::string& field)
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string cell;
    bool quoted = false, any = false;
    // A UTF-8 byte order mark (what spreadsheet programs write first) is not part of the first column's name.
    const std::size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    for (std::size_t i = start; i < text.size(); ++i) {
        const char ch = text[i];
        if (quoted) {
            if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                cell += ch;
            }
            continue;
        }
        if (ch == '"') {
            quoted = true;
            any = true;
        } else if (ch == ',') {
            row.push_back(cell);
            cell.clear();
            any = true;
        } else if (ch == '\n' || ch == '\r') {
            if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            if (any || !cell.empty()) {
                row.push_back(cell);
                rows.push_back(row);
            }
            row.clear();
            cell.clear();
            any = false;
        } else {
            cell += ch;
            any = true;
        }
    }
    if (quoted)
        throw InvalidInput(field, "--" + field + ": the CSV ends inside a quoted field");
    if (any || !cell.empty()) {
        row.push_back(cell);
        rows.push_back(row);
    }
    return rows;
}

void refuseDuplicateColumns(const std::vector<std::string>& header, const std::string& field)
{
    std::set<std::string> seen;
    for (const std::string& name : header)
        if (!seen.insert(name).second)
            throw InvalidInput(field, "--" + field + ": the header names the column '" + name.substr(0, 80)
                                          + "' twice (which one holds the value?)");
}

std::vector<CsvRow> parseCsvWithHeader(const std::string& text, const std::string& field)
{
    const auto records = parseCsv(text, field);
    if (records.empty())
        throw InvalidInput(field, "--" + field + ": the CSV is empty");
    const auto& header = records.front();
    refuseDuplicateColumns(header, field);
    std::vector<CsvRow> rows;
    for (std::size_t r = 1; r < records.size(); ++r) {
        if (records[r].size() != header.size())
            throw InvalidInput(field, "--" + field + ": line " + std::to_string(r + 1) + " has "
                                          + std::to_string(records[r].size()) + " fields, the header has "
                                          + std::to_string(header.size()));
        CsvRow row;
        for (std::size_t k = 0; k < header.size(); ++k)
            row[header[k]] = records[r][k];
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace shardscope
