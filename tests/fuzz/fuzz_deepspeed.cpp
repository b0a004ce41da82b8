// SPDX-License-Identifier: MIT
// A DeepSpeed config JSON (--deepspeed-config).
#include "deepspeedconfig.h"
#include "fuzzcheck.h"
#include "scenariofile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        shardscope::ImportReport report;
        fuzz::checkAccepted(shardscope::scenarioFromDeepSpeedConfig(bytes, QStringLiteral("fuzz.json"), shardscope::defaultScenario(), &report));
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
