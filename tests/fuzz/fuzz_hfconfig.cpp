// SPDX-License-Identifier: MIT
// A Hugging Face config.json (--hf-config).
#include "fuzzcheck.h"
#include "hfconfig.h"
#include "scenariofile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        shardscope::Scenario s = shardscope::defaultScenario();
        s.arch = shardscope::architectureFromHfConfig(bytes, QStringLiteral("config.json"));
        s.bareParams.reset();
        s.tp = 1;
        s.pp = 1;
        s.seq = s.arch.maxPositions > 0 ? std::min<std::int64_t>(s.seq, s.arch.maxPositions) : s.seq;
        fuzz::checkAccepted(s);
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
