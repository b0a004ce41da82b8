// SPDX-License-Identifier: MIT
#pragma once

// Fine-tuning (issue 28; docs/model.md, "Fine-tuning"): which parameters train (all of them, or LoRA/DoRA adapters on
// chosen linear layers), and in which precision the frozen base is held (16-bit, LLM.int8, NF4/FP4 with block-wise
// absmax and double quantisation, fp8). The Scenario's fields are in its fine-tuning block (scenario.h); the memory
// terms and the step model read the counts below.

#include "shardscope/architecture.h"

#include <cstdint>
#include <optional>
#include <string>

namespace shardscope {

struct Scenario;

/// Full: every parameter trains (the pre-training model). Lora: low-rank adapters on a frozen base (Hu et al. 2021);
/// Qlora: LoRA on a 4-bit base (Dettmers et al. 2023); Dora: LoRA plus a trainable magnitude vector per adapted
/// layer (Liu et al. 2024, PEFT use_dora).
enum class FinetuneMethod { Full, Lora, Qlora, Dora };
/// Storage of the frozen base's linear weights. Auto: 16-bit for LoRA and DoRA, NF4 for QLoRA.
enum class BasePrecision { Auto, Bf16, Int8, Nf4, Fp4, Fp8 };

/// The linear layers an adapter may sit on (bits of Scenario::loraTargets). Router: the MoE router's linear, which
/// PEFT's "all-linear" adapts too (every nn.Linear but the output layer).
enum LoraTargetBit : std::uint32_t {
    kLoraQ = 1U << 0,
    kLoraK = 1U << 1,
    kLoraV = 1U << 2,
    kLoraO = 1U << 3,
    kLoraGate = 1U << 4,
    kLoraUp = 1U << 5,
    kLoraDown = 1U << 6,
    kLoraHead = 1U << 7,
    kLoraRouter = 1U << 8,
};
/// PEFT's "all-linear": every linear layer of the blocks (and the MoE router), not the output head.
inline constexpr std::uint32_t kLoraAllLinear = kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown
    | kLoraRouter;

const char* finetuneKey(FinetuneMethod m);
std::optional<FinetuneMethod> finetuneFromKey(const std::string& key);
const char* basePrecisionKey(BasePrecision p);
std::optional<BasePrecision> basePrecisionFromKey(const std::string& key);
/// "q,v", "all-linear", "q,k,v,o,head" (canonical order); "" for none.
std::string loraTargetsKey(std::uint32_t targets);
/// Parses "q,v", "all-linear", "all-linear,head", PEFT's module names too ("q_proj", "v_proj", "gate_proj", "lm_head",
/// torchtune's "output_proj", "w1"/"w2"/"w3"). nullopt for an unknown name or an empty list.
std::optional<std::uint32_t> loraTargetsFromKey(const std::string& key);

/// Is the scenario a parameter-efficient fine-tune (a frozen base with adapters)?
bool finetuneAdapters(const Scenario& s);
/// The base precision in force (Auto resolved: Bf16 for LoRA/DoRA, Nf4 for QLoRA; Bf16 for full fine-tuning, where
/// the recipe's weight bytes apply instead).
BasePrecision basePrecisionInForce(const Scenario& s);
/// Bits per frozen linear weight of a block-quantised 4-bit format (NF4, FP4): 4 bits plus the absmax constants: one
/// fp32 per block, or with double quantisation one 8-bit constant per block and one fp32 per 256 blocks (Dettmers et
/// al. 2023, section 3: 32/64 = 0.5 bits without, 8/64 + 32/(64 x 256) = 0.127 with, at block 64).
double fourBitBitsPerParam(std::int64_t blockSize, bool doubleQuant);

/// One model's adapter and frozen-base counts, for one TP rank (Megatron's split, as NeMo's LoRA: A replicated and B
/// split on column-parallel layers, A split and B replicated on row-parallel ones) or for the whole model (t = 1).
struct AdapterCounts
{
    std::int64_t perLayer = 0; ///< trainable params of one layer's adapters (LoRA A and B, DoRA magnitudes)
    std::int64_t head = 0; ///< on the output head (target "head")
    std::int64_t total = 0; ///< layers x perLayer + head (with t = 1: PEFT's "trainable params")
    std::int64_t largestTensor = 0; ///< the largest adapter tensor (one step of optimizer-in-backward)
    /// The frozen linear weights of one layer that the base precision applies to (attention, MLP, router; no biases),
    /// and the rows of those matrices (LLM.int8 keeps one fp32 scale per output row).
    std::int64_t quantisedPerLayer = 0;
    std::int64_t quantisedRowsPerLayer = 0;
    std::int64_t largestMatrix = 0; ///< the largest frozen linear weight of a layer (a dequantised transient)
    /// Per token of one micro-batch, elements of one layer that the adapters save for backward: the rank-r outputs of
    /// A (needed for B's gradient), and with DoRA the base output of each adapted layer (the magnitude's gradient).
    double savedPerToken = 0;
    /// Per token, input elements of one layer's adapted linears (each its own module, as PEFT wraps them): with LoRA
    /// dropout each keeps its dropped-out input (16-bit) and the dropout mask (1 B) for lora_A's gradient
    /// (peft/tuners/lora/layer.py Linear.forward: lora_B(lora_A(dropout(x)))).
    double dropoutInputsPerToken = 0;
};
/// Counts for architecture `a` on one TP rank of `tp`, with the scenario's method, rank and targets (0 with Full).
AdapterCounts adapterCounts(const Scenario& s, const Architecture& a, std::int64_t tp);

/// Bytes of one frozen base with `quantised` linear weights of `rows` output rows held at the base precision in
/// force and `other` params (embeddings, head, norms, biases) in 16 bits.
double frozenBaseBytes(const Scenario& s, double quantised, double rows, double other);

/// Throws InvalidInput naming the option for a fine-tuning setting without a meaningful answer (validateScenario()
/// calls it): QLoRA on a base that is not 4-bit, a block size that is not a power of two.
void validateFinetune(const Scenario& s);

} // namespace shardscope
