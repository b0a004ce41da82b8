// SPDX-License-Identifier: MIT
#pragma once
// The scenarios the window tests draw again and again (tst_windowcharts, tst_windowpolish, tst_chartgeometry,
// tst_moewindow, tst_moetimeline).

#include "shardscope/architecture.h"
#include "shardscope/scenario.h"

#include <cstdint>

namespace shardscope::testing {

/// Llama-2-70B on 64 GPUs as TP 8 x PP 4 (the "TP 8 x PP 4" screenshot).
inline Scenario tp8pp4()
{
    Scenario s = defaultScenario();
    s.gpus = 64;
    s.tp = 8;
    s.pp = 4;
    return s;
}

/// A model preset (`id`) on `gpus` GPUs at ZeRO `stage`, everything else the default scenario's.
inline Scenario withModel(const char* id, std::int64_t gpus, int stage)
{
    Scenario s = defaultScenario();
    s.arch = *findModelPreset(id);
    s.bareParams.reset();
    s.gpus = gpus;
    s.zeroStage = stage;
    return s;
}

/// Mixtral-8x7B on `gpus` x H100 80GB, EP `ep`, ZeRO-1, TP 1, PP 1, full checkpointing, one micro-batch per step.
inline Scenario mixtral(std::int64_t gpus, std::int64_t ep)
{
    Scenario s = defaultScenario();
    s.arch = *findModelPreset("mixtral-8x7b");
    s.gpu = "h100-80gb";
    s.gpus = gpus;
    s.tp = 1;
    s.pp = 1;
    s.ep = ep;
    s.zeroStage = 1;
    s.gradAccum = 1;
    s.checkpointing = Checkpointing::Full;
    return s;
}

} // namespace shardscope::testing
