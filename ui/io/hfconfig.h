// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/architecture.h"

#include <QByteArray>
#include <QString>

namespace shardscope {

/**
 * A Hugging Face `config.json` as an Architecture. Supported model_type: llama, mistral, mixtral,
 * qwen2, gemma, gemma2, phi3, gpt2. A key the file omits takes the default of transformers'
 * config class for that model_type; what a model_type implies without a key (biases, gated MLP,
 * norms, tied embeddings, head_dim) follows transformers' modeling code for that type.
 * Throws InvalidInput("hf-config", message naming the file and key) for malformed or unsupported files.
 */
Architecture architectureFromHfConfig(const QByteArray& json, const QString& origin);
Architecture architectureFromHfConfigFile(const QString& path);

/// The model_types architectureFromHfConfig() understands.
QStringList supportedHfModelTypes();

} // namespace shardscope
