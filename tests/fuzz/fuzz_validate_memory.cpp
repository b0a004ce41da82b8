// SPDX-License-Identifier: MIT
// `validate --measured`: the measured-memory CSV reader (core/src/validation_memory.cpp, core/src/csv.cpp). Only
// InvalidInput may leave it; every modelled row has finite, positive bytes and a finite error.
#include "shardscope/errors.h"
#include "shardscope/validation_memory.h"

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
        const shardscope::MemoryValidation v = shardscope::validateMeasuredMemory(text);
        for (const shardscope::MemoryValidationRow& r : v.rows) {
            if (!std::isfinite(r.measuredBytes) || r.measuredBytes <= 0)
                die("a modelled row has no finite, positive measurement");
            if (!std::isfinite(r.predictedBytes) || r.predictedBytes < 0 || !std::isfinite(r.error))
                die("a modelled row has no finite prediction or error");
        }
        if (!std::isfinite(v.all.medianAbsError) || !std::isfinite(v.all.maxAbsError))
            die("a summary error is not finite");
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
