// SPDX-License-Identifier: MIT
// A ShardScope scenario file (--scenario, File > Open, the autosave).
#include "fuzzcheck.h"
#include "scenariofile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        QStringList notes;
        const shardscope::Scenario s = shardscope::scenarioFromFileBytes(bytes, QStringLiteral("fuzz.json"), &notes);
        fuzz::checkAccepted(s);
        // What was read writes back and reads again to a valid scenario.
        const shardscope::Scenario again = shardscope::scenarioFromFileBytes(shardscope::scenarioFileBytes(s), QStringLiteral("again"));
        shardscope::validateScenario(again);
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
