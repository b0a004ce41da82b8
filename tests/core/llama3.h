// SPDX-License-Identifier: MIT
#pragma once
// Llama 3 8B as the step tests take it (tst_stacks, tst_lowprecision): Meta's config (32 layers, 4096 hidden, 32 heads,
// 8 KV heads, head dim 128, MLP 14336, vocabulary 128256, SwiGLU, RMSNorm) on 8 H100s, Megatron with the distributed
// optimizer (ZeRO-1), micro-batch 1.
#include "shardscope/scenario.h"

#include <cstdint>

namespace shardscope {

inline Scenario llama3_8bOn8H100(std::int64_t seq, std::int64_t gradAccum)
{
    Scenario s;
    Architecture a;
    a.id = "custom";
    a.layers = 32;
    a.hidden = 4096;
    a.heads = 32;
    a.kvHeads = 8;
    a.headDim = 128;
    a.ffn = 14336;
    a.vocab = 128256;
    a.gatedMlp = true;
    a.norm = NormKind::RMSNorm;
    s.arch = a;
    s.bareParams.reset();
    s.gpu = "h100-80gb";
    s.gpus = 8;
    s.framework = Framework::Megatron;
    s.zeroStage = 1;
    s.seq = seq;
    s.microBatch = 1;
    s.gradAccum = gradAccum;
    return s;
}

} // namespace shardscope
