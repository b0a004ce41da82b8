// SPDX-License-Identifier: MIT
#include "shardscope/footprint.h"

namespace shardscope {

std::int64_t flatBufferElements(const Scenario& s, std::int64_t count)
{
    const std::int64_t d = s.dp() * s.cp; // the ZeRO group: dp x cp
    if (!s.padFlatBuffers || s.zeroStage < 1 || d <= 1)
        return count;
    return (count + d - 1) / d * d;
}

} // namespace shardscope
