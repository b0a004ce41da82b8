// SPDX-License-Identifier: MIT
// A Megatron-LM argument list (--megatron-args).
#include "fuzzcheck.h"
#include "megatronargs.h"
#include "scenariofile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        shardscope::ImportReport report;
        fuzz::checkAccepted(shardscope::scenarioFromMegatronArgs(text, shardscope::defaultScenario(), &report));
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
