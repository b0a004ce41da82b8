// SPDX-License-Identifier: MIT
#pragma once

// The training frameworks' buffer sizes and thresholds the models take as defaults, one named constant each with
// its source. Scenario's defaults (scenario.h), the memory model (footprint.cpp), the step model (stagetime.cpp),
// the peers (peers.h) and the importers and exporters (ui/io) use these names, never the bare numbers.

#include <cstdint>

namespace shardscope {

// --- DeepSpeed ZeRO (deepspeed/runtime/zero/config.py, DeepSpeedZeroConfig; the "zero_optimization" section of the
// DeepSpeed config docs).

/// reduce_bucket_size: elements reduced at once (ZeRO-1/2 reduce bucket; ZeRO-3's too). Default 5e8.
inline constexpr std::int64_t kDsReduceBucketElements = 500'000'000;
/// allgather_bucket_size: elements all-gathered at once after ZeRO-1/2's optimizer step. Default 5e8.
inline constexpr std::int64_t kDsAllgatherBucketElements = 500'000'000;
/// stage3_prefetch_bucket_size: ZeRO-3 parameter elements prefetched ahead of use. Default 5e7.
inline constexpr std::int64_t kDsStage3PrefetchBucketElements = 50'000'000;
/// stage3_max_live_parameters: ZeRO-3 parameter elements resident on a GPU before it releases some. Default 1e9.
inline constexpr std::int64_t kDsStage3MaxLiveParameters = 1'000'000'000;
/// stage3_max_reuse_distance: a ZeRO-3 parameter is kept after use only if it is used again within this many
/// elements. Default 1e9.
inline constexpr std::int64_t kDsStage3MaxReuseDistance = 1'000'000'000;
/// stage3_param_persistence_threshold: ZeRO-3 parameters smaller than this stay whole on every rank. Default 1e5.
inline constexpr std::int64_t kDsStage3ParamPersistenceThreshold = 100'000;

// --- DeepSpeed offload (deepspeed/runtime/zero/offload_config.py: DeepSpeedZeroOffloadParamConfig and
// DeepSpeedZeroOffloadOptimizerConfig; "offload_param" and "offload_optimizer" in the config docs). The host's
// pinned buffers that stage offloaded states to and from NVMe (ZeRO-Infinity).

/// offload_param.buffer_count: pinned buffers of 16-bit parameters. Default 5.
inline constexpr std::int64_t kDsOffloadParamBufferCount = 5;
/// offload_param.buffer_size: elements per parameter buffer. Default 1e8.
inline constexpr std::int64_t kDsOffloadParamBufferElements = 100'000'000;
/// offload_optimizer.buffer_count: pinned buffers of fp32 optimizer state swapped from NVMe. Default 4.
inline constexpr std::int64_t kDsOffloadOptimizerBufferCount = 4;
/// Elements per optimizer swap buffer: the model takes offload_param.buffer_size (1e8) for them too (DeepSpeed's
/// optimizer swapper sizes them to the largest parameter tensor, which has no default).
inline constexpr std::int64_t kDsOffloadOptimizerBufferElements = kDsOffloadParamBufferElements;

// --- DeepSpeed's memory estimators (estimate_zero2_model_states_mem_needs_all_live() in
// deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero3_model_states_mem_needs_all_live() in stage3.py).

/// additional_buffer_factor: the estimators' margin on the CPU figure. Default 1.5.
inline constexpr double kDsAdditionalBufferFactor = 1.5;

// --- PyTorch DDP (torch/nn/parallel/distributed.py, DistributedDataParallel).

/// bucket_cap_mb: gradient bucket size, 25 MiB.
inline constexpr std::int64_t kDdpBucketCapBytes = std::int64_t {25} * 1024 * 1024;

} // namespace shardscope
