// SPDX-License-Identifier: MIT
// Shared by the fuzz targets: what every accepted scenario must satisfy (no NaN, no negative bytes).
#pragma once

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/scenario.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace fuzz {

[[noreturn]] inline void die(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

/// A scenario a parser accepted validates (or is refused with InvalidInput) and, when valid, has a
/// footprint of finite, non-negative bytes.
inline void checkAccepted(const shardscope::Scenario& s)
{
    using namespace shardscope;
    try {
        validateScenario(s);
    } catch (const InvalidInput&) {
        return; // the importers leave the final validation to their caller
    }
    // Footprints of enormous clusters are slow to compute, not wrong: stay within fuzzing speed.
    if (s.gpus > 65536 || s.pp > 1024)
        return;
    const Footprint f = computeFootprint(s);
    for (const RankFootprint& r : f.ranks) {
        if (r.totalBytes < 0)
            die("negative total bytes");
        for (const auto& t : r.terms)
            if (t.bytes < 0)
                die("negative term bytes");
    }
    if (f.hostBytesPerNode < 0 || f.nvmeBytesPerNode < 0)
        die("negative host bytes");
}

} // namespace fuzz
