// SPDX-License-Identifier: MIT
// A torchtitan job config TOML (--torchtitan-config; toml++).
#include "fuzzcheck.h"
#include "scenariofile.h"
#include "torchtitanconfig.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        shardscope::ImportReport report;
        fuzz::checkAccepted(shardscope::scenarioFromTorchtitanConfig(bytes, QStringLiteral("fuzz.toml"),
                                                                     shardscope::defaultScenario(), &report));
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
