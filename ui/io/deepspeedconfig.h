// SPDX-License-Identifier: MIT
#pragma once

#include "scenariofile.h"

#include "shardscope/scenario.h"

#include <QByteArray>
#include <QString>

namespace shardscope {

/**
 * A DeepSpeed config JSON applied onto `base` (what the config does not say, e.g. the model, TP
 * and PP, stays as in `base`):
 * - zero_optimization.stage (absent: 0, DeepSpeed's default), offload_optimizer / offload_param
 *   device none|cpu|nvme (legacy cpu_offload / cpu_offload_params), reduce_bucket_size,
 *   allgather_bucket_size, stage3_prefetch_bucket_size and stage3_max_live_parameters (as ZeRO-3
 *   units prefetched beside the one in use);
 * - fp16 / bf16 blocks (neither: fp32), data_types.grad_accum_dtype fp32 (Megatron-style bytes),
 *   optimizer.type;
 * - train_batch_size = train_micro_batch_size_per_gpu x gradient_accumulation_steps x dp: what is
 *   missing is derived, and a derived dp sets gpus = dp x tp x pp;
 * - activation_checkpointing (present: full recompute; absent: as in `base`).
 * "auto" (Hugging Face Trainer) takes the scenario's value (the Trainer's rule where it has one,
 * e.g. reduce_bucket_size = hidden^2) and says so. Unknown keys are reported, never fatal.
 * Throws InvalidInput("deepspeed-config", "<origin>: <key path>: why") for malformed input.
 */
Scenario scenarioFromDeepSpeedConfig(const QByteArray& json, const QString& origin, const Scenario& base,
                                     ImportReport* report = nullptr);
Scenario scenarioFromDeepSpeedConfigFile(const QString& path, const Scenario& base, ImportReport* report = nullptr);

/// The scenario as a DeepSpeed config; `report` lists what DeepSpeed cannot express.
QByteArray deepSpeedConfigFromScenario(const Scenario& s, ExportReport* report = nullptr);

/// Parameters of the largest ZeRO-3 / FSDP unit on one TP rank: a transformer block or the embedding.
std::int64_t zero3UnitParams(const Scenario& s);

} // namespace shardscope
