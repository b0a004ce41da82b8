// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace shardscope::cli {

/// `shardscope validate --measured FILE.csv`: prints the comparison (json or table); 0, or 2 for bad input.
/// `chartPath` non-empty: also writes the predicted-vs-measured scatter there (png, svg or pdf).
int runValidateMeasured(const QString& csvPath, const QString& format, const QString& chartPath = {});

} // namespace shardscope::cli
