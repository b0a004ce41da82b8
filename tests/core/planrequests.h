// SPDX-License-Identifier: MIT
// Plan requests shared by the planner's tests (tst_layoutplanner's brute force, tst_planspeed's footprint checks).
#pragma once

#include "shardscope/layoutplanner.h"

#include <QString>

#include <cstdint>

namespace shardscope {

/// A full search (every knob) of `model` at sequence length 1024 on `gpus` GPUs of a custom type holding
/// `capacityGb` GB each, tp = pp = 1 in the base, `globalBatch` sequences per step, every fitting layout kept.
inline PlanRequest smallClusterRequest(const QString& model, std::int64_t gpus, std::int64_t globalBatch, double capacityGb)
{
    PlanRequest r;
    r.base = defaultScenario();
    r.base.arch = *findModelPreset(model.toStdString());
    r.base.seq = 1024;
    r.base.gpus = gpus;
    r.base.tp = r.base.pp = 1;
    r.base.capacityBytes = std::int64_t(capacityGb * 1e9);
    r.base.gpu = "custom";
    r.globalBatch = globalBatch;
    r.topK = 1000000;
    return r;
}

} // namespace shardscope
