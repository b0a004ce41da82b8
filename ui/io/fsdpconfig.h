// SPDX-License-Identifier: MIT
#pragma once

#include "scenariofile.h"

#include "shardscope/scenario.h"

#include <QByteArray>
#include <QString>

namespace shardscope {

/**
 * An accelerate config YAML with `distributed_type: FSDP` applied onto `base`:
 * fsdp_config.fsdp_sharding_strategy FULL_SHARD / SHARD_GRAD_OP / NO_SHARD / HYBRID_SHARD (or 1-4;
 * FSDP2's fsdp_reshard_after_forward) as ZeRO stage 3 / 2 / 0 / 3, fsdp_offload_params (params,
 * grads and the optimizer step on CPU), fsdp_activation_checkpointing, fsdp_backward_prefetch,
 * mixed_precision no|fp16|bf16|fp8, num_processes (all GPUs) and num_machines.
 * Throws InvalidInput("fsdp-config", "<origin>: line L, column C: key: why") for malformed input.
 */
Scenario scenarioFromFsdpConfig(const QByteArray& yaml, const QString& origin, const Scenario& base,
                                ImportReport* report = nullptr);
Scenario scenarioFromFsdpConfigFile(const QString& path, const Scenario& base, ImportReport* report = nullptr);

/// The scenario as an accelerate FSDP config YAML; `report` lists what FSDP cannot express.
QByteArray fsdpConfigFromScenario(const Scenario& s, ExportReport* report = nullptr);

} // namespace shardscope
