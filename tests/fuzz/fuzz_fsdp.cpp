// SPDX-License-Identifier: MIT
// An accelerate FSDP config YAML (--fsdp-config).
#include "fsdpconfig.h"
#include "fuzzcheck.h"
#include "scenariofile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        shardscope::ImportReport report;
        fuzz::checkAccepted(shardscope::scenarioFromFsdpConfig(bytes, QStringLiteral("fuzz.yaml"), shardscope::defaultScenario(), &report));
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
