// SPDX-License-Identifier: MIT
#pragma once
// Number parsing for core's readers of outside text (internal to core/src).

namespace shardscope {

/// std::strtod as in the "C" locale, whatever the process's LC_NUMERIC says: a QApplication sets the
/// locale from the environment, and under de_DE.UTF-8 std::strtod reads "7.5" as 7 (the decimal point
/// is a comma there). Same contract as std::strtod otherwise. Use it (not std::strtod, std::stod or
/// streams) for every number read from a file or the command line.
double strtodC(const char* text, char** end);

} // namespace shardscope
