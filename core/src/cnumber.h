// SPDX-License-Identifier: MIT
#pragma once
// Number parsing for core's readers of outside text (internal to core/src).

#include <string>

namespace shardscope {

/// std::strtod as in the "C" locale, whatever the process's LC_NUMERIC says: a QApplication sets the
/// locale from the environment, and under de_DE.UTF-8 std::strtod reads "7.5" as 7 (the decimal point
/// is a comma there). Same contract as std::strtod otherwise. Use it (not std::strtod, std::stod or
/// streams) for every number read from a file or the command line.
double strtodC(const char* text, char** end);

/// A plain decimal number of a data file ("12", "-0.5", "3.2e-4"): digits with an optional sign, dot and
/// exponent, read in the "C" locale. False (and `out` untouched) for anything else: an empty field, hex
/// ("0x10", which strtod reads as 16), "nan", "inf", a value beyond double's range, or a denormal (below
/// 2.2e-308, where every ratio with it is inf).
bool plainDecimal(const std::string& text, double& out);

} // namespace shardscope
