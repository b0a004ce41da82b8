// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace shardscope::cli {

/// `validate --steps FILE.csv --format json|table`: every row of a measured-steps CSV against the step
/// model (core validateSteps()). Prints the result; returns the exit code (2 for a bad file).
/// `chartPath` non-empty: also writes the predicted-vs-measured scatter there (png, svg or pdf).
int validateStepsFile(const QString& path, const QString& format, const QString& chartPath = {});

} // namespace shardscope::cli
