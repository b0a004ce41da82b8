// SPDX-License-Identifier: MIT
// `validate --steps`: the measured-steps CSV reader (core/src/validation_steps.cpp, core/src/csv.cpp). Only
// InvalidInput may leave it; every modelled row has a finite, plausible measurement and a finite error (a 1e300
// measurement once reached the chart's log axis as inf; a denormal gave an error of inf).
#include "shardscope/errors.h"
#include "shardscope/validation_steps.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
[[noreturn]] void die(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const shardscope::StepValidation v = shardscope::validateSteps(text);
        for (const shardscope::StepCheck& c : v.rows) {
            if (!std::isfinite(c.measured) || !(c.measured >= 1e-6 && c.measured <= 1e9))
                die("an implausible measurement was modelled");
            if (!std::isfinite(c.predicted) || !std::isfinite(c.error))
                die("a modelled row has no finite prediction or error");
        }
        if (!std::isfinite(v.medianAbsError) || !std::isfinite(v.maxAbsError))
            die("a summary error is not finite");
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
