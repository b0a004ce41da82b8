// SPDX-License-Identifier: MIT
// Shape builders the model presets share (architecture.cpp's table and modelreading.cpp's MoE models the readers know).
#pragma once

#include "shardscope/architecture.h"

#include <cstdint>

namespace shardscope {

/// A Llama-style decoder (SwiGLU MLP, RMSNorm, no biases): L layers, hidden h, a query heads of h / a, kv K/V heads,
/// MLP width ffn, vocabulary vocab.
Architecture llamaStyle(const char* id, const char* name, std::int64_t L, std::int64_t h, std::int64_t a,
                        std::int64_t kv, std::int64_t ffn, std::int64_t vocab);

} // namespace shardscope
