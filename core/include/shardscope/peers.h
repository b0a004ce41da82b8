// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/frameworkdefaults.h"
#include "shardscope/scenario.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/**
 * Other estimators' conventions, reproduced exactly (units, rounding, printed text) and set beside
 * ShardScope's own estimate for the same scenario (docs/peers.md names each source).
 */
enum class PeerId {
    DeepSpeedZero2, ///< stage_1_and_2.py estimate_zero2_model_states_mem_needs (v0.14.3+, PR #5099)
    DeepSpeedZero2Legacy, ///< the same before PR #5099: 4P + 16P/N (what DeepSpeed's docs page prints)
    DeepSpeedZero3, ///< stage3.py estimate_zero3_model_states_mem_needs
    Megatron, ///< Megatron-LM megatron/training/theoretical_memory_usage.py
    ZeroPaper, ///< Rajbhandari et al. 2020, Figure 1: (2 + 2 + K) Psi, K = 12
    Accelerate, ///< accelerate estimate-memory, estimate_training_usage()
    ShardScope, ///< computeFootprint(), worst rank
};
inline constexpr int kPeerCount = 7;
/// JSON key: deepspeed_zero2, deepspeed_zero2_legacy, deepspeed_zero3, megatron, zero_paper, accelerate, shardscope.
const char* peerKey(PeerId p);
const char* peerName(PeerId p);
/// The file / paper the convention reproduces.
const char* peerSource(PeerId p);
std::vector<PeerId> allPeers();

/// Inputs only some peers take.
struct PeerInputs
{
    /// DeepSpeed ZeRO-3: params of the largest single module; unset = derived from the architecture
    /// (largestLayerParams()).
    std::optional<std::int64_t> largestLayerParams;
    bool zeroInit = true; ///< DeepSpeed ZeRO-3: the model is built inside deepspeed.zero.Init
    double bufferFactor = kDsAdditionalBufferFactor; ///< DeepSpeed additional_buffer_factor (CPU side)
};

/// Throws InvalidInput("largest-layer-params" / "buffer-factor") for values without a meaning.
void validatePeerInputs(const Scenario& s, const PeerInputs& in);

/// DeepSpeed's model_to_params() largest layer: the most params any single module holds itself
/// (embedding V x h, an LM head, one attention projection or one MLP matrix, with its bias).
std::int64_t largestLayerParams(const Scenario& s);

/// How a peer treats one of ShardScope's terms.
enum class PeerTermStatus {
    Counted, ///< the peer has a number for it (bytes)
    Lumped, ///< counted, but only inside one figure the peer does not split
    Ignored, ///< the peer does not model it at all (not zero: absent)
};

/**
 * A figure inside one of the peers' sentences: its value and kind, so that a front end can show it in the
 * user's locale (the window's "164,61 GiB" in Russian), and `text`, its English rendering as the command
 * line prints it ("164.61 GiB").
 */
struct PeerArg
{
    enum class Kind {
        Integer, ///< a count printed without digit groups: "32"
        Count, ///< a count with groups of thousands: "262,144,000"
        Number, ///< printf's %g: "1.5", "16"
        GiB, ///< bytes, printed in GiB to 2 decimals: "164.61 GiB"
        GB, ///< bytes, printed in GB (10^9) to 2 decimals: "84.25 GB"
        Text, ///< words from core's formula vocabulary (ShardScope's rank label "stage 2 (worst)")
    };
    Kind kind = Kind::Integer;
    double value = 0; ///< the number (bytes for GiB and GB; unused for Text)
    std::string text; ///< the English rendering
};

/**
 * A sentence built from a fixed English template with %1..%9 placeholders and its figures (as InvalidInput's
 * messages): `text` is the template filled with each argument's English rendering; a front end translates
 * `templateText` and fills in `args` in its own locale.
 */
struct PeerText
{
    std::string templateText;
    std::vector<PeerArg> args;
};

struct PeerTerm
{
    PeerTermStatus status = PeerTermStatus::Ignored;
    double bytes = 0; ///< per device, when Counted
    /// ShardScope's own column: `bytes` is the term at the worst rank's peak (the Memory tab's breakdown, summing to
    /// the total); this is the term at its largest over the step (a peer's "gradients" are the gradients whenever
    /// they are alive). 0 for the peers.
    double stepMaxBytes = 0;
    std::string formula; ///< English, filled in
    /// The template `formula` is filled from; empty for ShardScope's own terms (core/src/footprint.cpp's
    /// free-form formulas, which the window translates word by word).
    PeerText formulaText;
};

/// One difference from ShardScope's own estimate, with a stable id for tests and docs.
struct PeerReason
{
    std::string id; ///< e.g. "ds.gib", "ds3.largest_layer"
    std::string text; ///< one line, English (the command line's)
    PeerText source; ///< the template `text` is filled from, and its figures
};

struct PeerEstimate
{
    PeerId id = PeerId::ShardScope;
    /// GPU bytes per device as the peer defines them (exact, before the peer's display rounding).
    std::optional<double> gpuBytesPerDevice;
    /// Host (CPU) bytes per node; unset where the convention has no such number.
    std::optional<double> hostBytesPerNode;
    std::string printed; ///< the text the peer itself prints, byte for byte
    std::string unit; ///< the peer's unit, e.g. "GiB, printed \"GB\""
    std::string row; ///< which line of `printed` applies to this scenario
    /// For ShardScope's own estimate, the template `row` is filled from (its own words, not a quotation);
    /// empty for the peers, whose printout is quoted byte for byte.
    PeerText rowText;
    std::array<PeerTerm, kTermCount> terms;
    std::vector<PeerReason> reasons;
};

/// `t.templateText` with each %K replaced by the English rendering of t.args[K-1].
std::string fillPeerText(const PeerText& t);

/// Every convention for the scenario, in allPeers() order. Throws InvalidInput for a bad scenario or inputs.
std::vector<PeerEstimate> computePeers(const Scenario& s, const PeerInputs& in = {});
PeerEstimate computePeer(PeerId p, const Scenario& s, const PeerInputs& in = {});

// ---- The peers' arithmetic on their own inputs (used by computePeer and by the reproduction tests).

/// One row of DeepSpeed's table: bytes as its estimate_zero*_model_states_mem_needs() returns them, int()
/// of a Python float. Held as a double: the truncated value is exact, and Python's int never overflows
/// where an int64 would (100T params x 1M GPUs).
struct DeepSpeedRow
{
    bool offloadParams = false;
    bool offloadOptimizer = false;
    bool zeroInit = false;
    double cpuBytes = 0;
    double gpuBytes = 0;
};
/// ZeRO-2 rows in DeepSpeed's print order (offload_optimizer cpu, then none). `totalParams` is a double
/// as in Python (2851e6 or an exact count).
std::vector<DeepSpeedRow> deepSpeedZero2Rows(double totalParams, std::int64_t gpusPerNode, std::int64_t nodes,
                                             double bufferFactor, bool legacy);
/// ZeRO-3 rows in DeepSpeed's print order (param+opt cpu, opt cpu, none; zero_init 1 then 0 each).
std::vector<DeepSpeedRow> deepSpeedZero3Rows(double totalParams, double largestLayerParams,
                                             std::int64_t gpusPerNode, std::int64_t nodes, double bufferFactor);
/// estimate_zero2_model_states_mem_needs_all_cold's printout.
std::string deepSpeedZero2Printed(double totalParams, std::int64_t gpusPerNode, std::int64_t nodes,
                                  double bufferFactor, bool legacy);
/// estimate_zero3_model_states_mem_needs_all_cold's printout.
std::string deepSpeedZero3Printed(double totalParams, double largestLayerParams, std::int64_t gpusPerNode,
                                  std::int64_t nodes, double bufferFactor);

/// Megatron-LM's args, as theoretical_memory_usage.py reads them.
struct MegatronArgs
{
    std::int64_t hidden = 0, heads = 0, kvChannels = 0, queryGroups = 0, ffn = 0, layers = 0;
    std::int64_t paddedVocab = 0;
    std::int64_t experts = 0; ///< 0 = dense (args.num_experts None); MoE: every layer (moe_layer_freq 1)
    std::int64_t moeFfn = 0;
    bool swiglu = false, rmsNorm = false, untieEmbeddings = false;
    std::int64_t tp = 1, pp = 1, dp = 1;
    std::optional<std::int64_t> vpp; ///< virtual_pipeline_model_parallel_size
    bool distributedOptimizer = false;
    std::int64_t seq = 0, microBatch = 1;
    bool sequenceParallel = false;
    bool selectiveRecompute = false;
    // --- MoE, MLA and MTP (issue 25): compute_weight_and_optimizer_memory() at NVIDIA/Megatron-LM@d98e8a64
    /// moe_layer_freq as a list (1 = MoE layer); empty with experts > 0: every layer (moe_layer_freq 1).
    std::vector<int> moeLayerPattern;
    std::int64_t moeRouterTopk = 2;
    std::int64_t sharedExpertFfn = 0; ///< moe_shared_expert_intermediate_size (all shared experts together)
    bool sharedExpertGate = false; ///< moe_shared_expert_gate
    bool addBiasLinear = false; ///< add_bias_linear: the router's bias is counted
    bool mla = false; ///< multi_latent_attention
    std::int64_t qLoraRank = 0; ///< 0 = q_lora_rank None
    std::int64_t kvLoraRank = 0, qkHeadDim = 0, qkPosEmbHeadDim = 0, vHeadDim = 0;
    std::int64_t mtpLayers = 0; ///< mtp_num_layers (0 = None)
    std::int64_t ep = 1, etp = 1; ///< expert_model_parallel_size, expert_tensor_parallel_size
    std::int64_t worldSize = 1;
};
MegatronArgs megatronArgs(const Scenario& s);
/// compute_weight_and_optimizer_memory()'s parameter counts at d98e8a64 (docs/model.md, "Megatron's MoE formula").
struct MegatronShard
{
    double total = 0, active = 0, mtpBlock = 0, embeddingLayers = 0;
    double tpSharded = 0, replicated = 0, expertSharded = 0; ///< on the most loaded shard
    double mostLoaded = 0; ///< num_parameters_on_most_loaded_model_shard
    double expertDp = 1; ///< expert_data_parallel_size
};
MegatronShard megatronShard(const MegatronArgs& a);
/// compute_weight_and_optimizer_memory(): bytes of the most-loaded shard.
double megatronWeightAndOptimizerBytes(const MegatronArgs& a);
/// Parameters of the most-loaded shard (before the bytes per parameter).
double megatronMostLoadedShardParams(const MegatronArgs& a);
/// compute_activation_memory() (SP + selective) or compute_activation_memory_without_sp(), as
/// report_theoretical_memory() picks; bytes. `outputLayer` receives the part priced for the output
/// layer and loss (0 unless pp == 1).
double megatronActivationBytes(const MegatronArgs& a, std::optional<std::int64_t> numMicrobatches,
                               double* outputLayer = nullptr);
/// report_theoretical_memory()'s two lines.
std::string megatronPrinted(const MegatronArgs& a, std::optional<std::int64_t> numMicrobatches);

/// Korthikanti et al. 2022, Table 2: activation bytes per transformer layer.
enum class KorthikantiRow { NoParallelism, TensorParallel, TensorSequenceParallel, TensorParallelSelective,
                            TensorSequenceParallelSelective, FullRecompute };
double korthikantiLayerBytes(KorthikantiRow row, double s, double b, double h, double a, double t);
const char* korthikantiFormula(KorthikantiRow row);
/// The row that describes the scenario (recompute, SP, TP).
KorthikantiRow korthikantiRowFor(const Scenario& s);

/// The ZeRO paper (Figure 1): bytes per device of model states at `stage` 0-3, K = 12.
double zeroPaperBytes(double psi, double nd, int stage, double k = 12);
/// Figure 1's number as printed: GB (10^9) with one decimal, ".0" dropped ("120GB", "31.4GB", "1.9GB").
std::string zeroPaperFormat(double bytes);

/// accelerate's estimate_training_usage(): the largest of its stages for "float32" or "float16" given the
/// fp32 model size in bytes (4 x params).
std::int64_t accelerateTrainingBytes(std::int64_t fp32Bytes, bool mixedPrecision);
/// accelerate.utils.convert_bytes(): "1.61 GB" (binary units, Python round(x, 2) and repr).
std::string accelerateConvertBytes(double bytes);

} // namespace shardscope
