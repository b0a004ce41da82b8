// SPDX-License-Identifier: MIT
#pragma once

// torchtitan's job config TOML (issue 24): torchtitan/models/*/train_configs/*.toml onto a base scenario
// (docs/cli.md "--torchtitan-config", docs/model.md "Training stacks").

#include "scenariofile.h"

#include "shardscope/scenario.h"

#include <QByteArray>
#include <QString>

namespace shardscope {

/**
 * A torchtitan job config (read with toml++) applied onto `base`. What the file leaves out takes torchtitan's own
 * default (pytorch/torchtitan@000204a torchtitan/config/job_config.py): local_batch_size 8, seq_len 2048, compile off,
 * activation checkpointing "selective" with selective_ac_option "2" (full checkpointing of every 2nd block). Read:
 * [model] name, flavor (llama3 8B / 70B / 405B, llama2 7B / 13B / 70B, deepseek_v3 671B as presets) and converters
 * (float8); [training] local_batch_size (batch_size before the rename), global_batch_size, seq_len, compile,
 * enable_cpu_offload, mixed_precision_param; [compile] enable, components; [parallelism] the replicate, shard,
 * tensor, pipeline, context and expert degrees (shard -1: the GPUs left over from --gpus), fsdp_reshard_after_forward,
 * enable_async_tensor_parallel, pipeline_parallel_schedule, _microbatch_size, _layers_per_stage;
 * [activation_checkpoint] mode and selective_ac_option ("op": per-op SAC; an integer n: full checkpointing of every
 * n-th block); [optimizer] name and early_step_in_backward. The GPU count stays the base's (torchrun's NGPU is not in
 * the file). Throws InvalidInput("torchtitan-config", "--torchtitan-config: <origin>: key: why") for malformed TOML,
 * a wrong type or value, or degrees that do not divide the GPUs.
 */
Scenario scenarioFromTorchtitanConfig(const QByteArray& toml, const QString& origin, const Scenario& base,
                                      ImportReport* report = nullptr);
Scenario scenarioFromTorchtitanConfigFile(const QString& path, const Scenario& base, ImportReport* report = nullptr);

} // namespace shardscope
