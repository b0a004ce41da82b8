// SPDX-License-Identifier: MIT
#pragma once

#include "scenariofile.h"

#include "shardscope/scenario.h"

#include <QString>

namespace shardscope {

/**
 * A Megatron-LM argument list (as typed after pretrain_gpt.py, or a whole torchrun line) applied
 * onto `base`. Parallelism (--tensor-model-parallel-size, --pipeline-model-parallel-size,
 * --num-layers-per-virtual-pipeline-stage, --sequence-parallel, --use-distributed-optimizer), the
 * model (--num-layers, --hidden-size, --num-attention-heads, --group-query-attention with
 * --num-query-groups, --ffn-hidden-size, --swiglu, --untie-embeddings-and-output-weights,
 * --vocab-size / --padded-vocab-size, ...), the batch (--seq-length, --micro-batch-size,
 * --global-batch-size = micro x accumulation x dp) and precision (--bf16, --fp16). Megatron's own
 * defaults apply to what the list omits (no flag: no sequence parallelism, tied embeddings, ...).
 * Unknown arguments are reported, never fatal. Throws InvalidInput("megatron-args", ...).
 */
Scenario scenarioFromMegatronArgs(const QString& args, const Scenario& base, ImportReport* report = nullptr);

/// The scenario as Megatron-LM arguments (one line); `report` lists what Megatron cannot express.
QString megatronArgsFromScenario(const Scenario& s, ExportReport* report = nullptr);

} // namespace shardscope
