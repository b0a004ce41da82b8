// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace shardscope::cli {

/// `shardscope validate --measured FILE.csv`: prints the comparison (json or table); 0, or 2 for bad input.
int runValidateMeasured(const QString& csvPath, const QString& format);

} // namespace shardscope::cli
