// SPDX-License-Identifier: MIT
// The command-line number parsers: counts ("7.5B", "1e9", "70b", "1.5T", "1,000,000") and decimals.
#include "scenariooptions.h"

#include "shardscope/errors.h"
#include "shardscope/units.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const std::int64_t v = shardscope::parseCount(text, "params");
        if (v < 0) {
            std::fprintf(stderr, "parseCount('%s') = %lld < 0\n", text.c_str(), static_cast<long long>(v));
            std::abort();
        }
    } catch (const shardscope::InvalidInput&) {
    }
    try {
        const double d = shardscope::parseDoubleOption(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())),
                                                       "margin-gb", 0, 1e6);
        if (!std::isfinite(d) || d < 0 || d > 1e6)
            std::abort();
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
