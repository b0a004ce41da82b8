// SPDX-License-Identifier: MIT
#pragma once

// Fine-tuning importers (issue 28): PEFT's adapter_config.json and torchtune's LoRA/QLoRA recipe YAML onto a base
// scenario (docs/scenario-format.md, docs/cli.md "--peft-config", "--torchtune-config").

#include "scenariofile.h"

#include "shardscope/scenario.h"

#include <QByteArray>
#include <QString>

namespace shardscope {

/**
 * PEFT's adapter_config.json (LoraConfig.save_pretrained) applied onto `base`: peft_type LORA, r, lora_alpha,
 * target_modules (a list of module names, "all-linear", or null: PEFT's default for the model type, q_proj and v_proj
 * for Llama, Mistral, Mixtral, Qwen2 and Gemma), use_dora. A QLoRA base stays QLoRA (the file does not say how the base
 * was loaded). Throws InvalidInput("peft-config", "<origin>: key: why") for another adapter type or malformed input.
 */
Scenario scenarioFromPeftConfig(const QByteArray& json, const QString& origin, const Scenario& base,
                                ImportReport* report = nullptr);
Scenario scenarioFromPeftConfigFile(const QString& path, const Scenario& base, ImportReport* report = nullptr);

/**
 * A torchtune LoRA, QLoRA or DoRA recipe config (recipes/configs/<model>/<size>_lora.yaml, _qlora, ...) applied onto `base`: the model
 * builder (model._component_: lora_llama3_1_8b, qlora_llama3_1_70b, ...) as the preset and the method, its
 * lora_attn_modules, apply_lora_to_mlp, apply_lora_to_output, lora_rank, lora_alpha and use_dora; batch_size,
 * gradient_accumulation_steps, tokenizer.max_seq_len, dtype, enable_activation_checkpointing,
 * enable_activation_offloading, compile, optimizer_in_bwd, the chunked loss and 8-bit / paged optimizers.
 * A plain builder (llama3_1_70b) with an optimizer._component_ is a full fine-tuning recipe config (issue 24);
 * fsdp_cpu_offload, fsdp_reshard_after_forward and tensor_parallel_dim are read too.
 * Throws InvalidInput("torchtune-config", "<origin>: key: why") for malformed input or a config that is neither.
 */
Scenario scenarioFromTorchtuneConfig(const QByteArray& yaml, const QString& origin, const Scenario& base,
                                     ImportReport* report = nullptr);
Scenario scenarioFromTorchtuneConfigFile(const QString& path, const Scenario& base, ImportReport* report = nullptr);

} // namespace shardscope
