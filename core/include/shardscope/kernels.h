// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/architecture.h"
#include "shardscope/gpus.h"
#include "shardscope/scenario.h"

#include <cstdint>

namespace shardscope {

/**
 * How fast one GPU runs the kernels of a layer (docs/model.md, "Kernel time"): GEMMs by shape, attention,
 * and the memory-bound element-wise work. Properties of the hardware and the software stack, never of a run.
 */
struct KernelModel
{
    double peak16 = 0; ///< dense BF16/FP16 FLOP/s
    /// dense FP8 FLOP/s (0: no FP8 tensor cores); under NVFP4 on a GPU where the NVFP4 / MXFP8 kernel ratio was measured
    /// (measuredNvfp4OverMxfp8GemmRate()), that figure times the ratio: the FP4 GEMMs' rate at the FP8 efficiency
    double peak8 = 0;
    /// HBM bytes per element of a low-precision GEMM operand: 1 for FP8; 0.5 + 1/16 for NVFP4 where its rate is taken
    /// (E2M1 values and one E4M3 scale per 16 elements)
    double lowPrecisionOperandBytes = 1.0;
    double hbmBytesPerSecond = 0; ///< achievable HBM bandwidth
    double gemmEfficiency = 0.675; ///< fraction of peak a large, well-shaped GEMM reaches
    /// fraction of the FP8 peak a large FP8 GEMM reaches where it was measured; 0: the 16-bit gemmEfficiency times
    /// the FP8 peak's ratio is taken for FP8 GEMMs (kernelModelInForce sets 0 and takes measuredFp8OverBf16GemmRate())
    double fp8GemmEfficiency = 0;
    double attentionEfficiency = 0.6; ///< fraction of the 16-bit peak the fused attention kernel reaches
    std::int64_t sms = 108; ///< streaming multiprocessors (wave quantisation)
    std::int64_t tileM = 128, tileN = 128; ///< output tile of one thread block
    double kOverhead = 64; ///< per-tile prologue/epilogue cost, in K elements of the main loop
};

/// Streaming multiprocessors (compute units) of a GPU preset, and its typical GEMM output tile.
std::int64_t smCount(const GpuPreset& g);

/// Fraction of the 16-bit peak a large, well-shaped GEMM reaches on this GPU (used when
/// Scenario::kernelEfficiency is 0, the default).
double defaultGemmEfficiency(const GpuPreset& g);

/// GB200's BF16 GEMM efficiency over the B200's, both measured by one benchmark (stas00/ml-engineering's Maximum
/// Achievable Matmul FLOPS table: GB200 1822.0 of 2500, B200 1745.0 of 2250 TFLOP/s): 0.940. defaultGemmEfficiency()
/// takes GB200's figure as the B200's measured sustained one times this.
double gb200OverB200GemmEfficiency();
/// B300's BF16 GEMM efficiency over the B200's in the same table (B300 1769.0, B200 1745.0 of 2250 TFLOP/s): 1.014.
double b300OverB200GemmEfficiency();

/// The share of its sustainable matmul rate that training GEMMs reach on Hopper: H100 / H200's training efficiency (0.6,
/// validated against measured H100 steps) over the H200's Maximum Sustainable Matmul FLOPS fraction (stas00/
/// ml-engineering mamf-finder MSMF, the power-saturated rate: 755 of 989 TFLOP/s): 0.786.
double hopperTrainingShareOfSustainedMatmul();

/// The B200's GEMM efficiency from its sustainable (power-saturated) matmul rate, 1429 of 2250 TFLOP/s (MSMF, the same
/// harness as the H200's), at Hopper's training share of it: 0.499. GB200, GB300 and B300 keep their measured ratios to it.
double b200SustainedGemmEfficiency();

/// Low-precision GEMM kernels over BF16 ones, at training shapes in Transformer Engine, where it was measured; 0
/// elsewhere. Same source and shapes as measuredNvfp4OverMxfp8GemmRate() (B300, --pre-quantize, per-layer total of the 12
/// GEMMs): BF16 13.102 ms, MXFP8 7.161 ms, FP8 current scaling 6.812 ms. Mxfp8 (and Nvfp4, whose own ratio is taken
/// over MXFP8's): 13.102 / 7.161; the per-tensor recipes (Cast, TeDelayed, TeCurrent: the same FP8 kernels once the
/// inputs are quantised): 13.102 / 6.812. Taken for B300 and GB300 (the Blackwell Ultra die) and the HGX B200 (the same
/// 16-bit and FP8 peaks), over each GPU's own 16-bit efficiency. Hopper (H100, H200: the GH100 die), from the same
/// guide's H200 NVL worked example (--pre-quantize): BF16 31.968 ms, FP8Current 16.785 ms, for every recipe (Hopper has
/// only the per-tensor FP8 kernels). GB200 (the B200's die and peak ratio) takes the B300 figures too. MI300X, from AMD's
/// max-achievable FLOP/s table that gives its 16-bit efficiency (hipBLASLt, best full-wave shapes): FP8 1273 over BF16
/// 708 TFLOP/s, for every recipe.
double measuredFp8OverBf16GemmRate(const GpuPreset& g, Fp8Scaling f);

/// Dense FP4 tensor-core FLOP/s of a GPU from NVIDIA's datasheets (B200 9, GB200 10, B300 13.5, GB300 15 PFLOP/s); 0
/// where the GPU has no FP4 tensor cores or no published figure.
double denseFp4Flops(const GpuPreset& g);

/// NVFP4 GEMM kernels over MXFP8 ones at training shapes in Transformer Engine; 0 on a GPU without an FP4 peak
/// (denseFp4Flops; NVFP4 is then timed at the FP8 rate). Measured on a B300: NVIDIA/TransformerEngine@8f2e635
/// docs/examples/gemm_profiling/gemm_profiling.rst, "Autocast vs Pre-quantized" (benchmarks/gemm/benchmark_gemm.py
/// --pre-quantize, the kernels alone with inputs already quantized; hidden 4096, intermediate 16384, M = 15,872 tokens;
/// all 12 GEMMs of a layer, Fprop, Dgrad and Wgrad): per-layer GEMMs 7.161 ms MXFP8, 3.764 ms NVFP4, a ratio of 1.90
/// where the B300's FP4 / FP8 peaks differ 3x. As for FP8 (measuredFp8OverBf16GemmRate, taken as a fraction of each
/// Blackwell GPU's own peaks), the NVFP4 kernels keep the B300's fraction of the FP4 peak relative to MXFP8's fraction
/// of the FP8 peak: 1.90 / 3 x (FP4 peak / FP8 peak), 1.90 on B300 / GB300, 1.27 on B200 / GB200 (2x peaks).
double measuredNvfp4OverMxfp8GemmRate(const GpuPreset& g);

/// FlashAttention-2's fraction of the 16-bit peak on this GPU (used when Scenario::attentionEfficiency is 0):
/// about 0.6 on A100 (Dao 2023: 50-73% forward) and 0.35 on Hopper and later (Shah et al. 2024, the
/// FlashAttention-3 paper: FA2 reaches 35% of H100's peak).
double defaultAttentionEfficiency(const GpuPreset& g);

/// cuDNN's fused attention (Transformer Engine's backend under Megatron-Core / NeMo) on Blackwell, from NVIDIA's own
/// measurements (NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/artifacts: bf16, causal, head dim 128, 128 query
/// and 8 key/value heads, batch 1, sequence 512 to 131072): the fraction of the 16-bit peak that times the forward and
/// the backward (2.5 x the forward's FLOPs) together, 3.5 / (1 / e_fwd + 2.5 / e_bwd), interpolated in log2 of the
/// query length and held at the table's ends. 0 for a GPU with no such measurement (Hopper keeps its 0.6).
double cudnnFusedAttentionEfficiency(const GpuPreset& g, double queryLength);

/// Transformer Engine's cuDNN fused attention (AttentionKernel::Cudnn: Megatron-Core and NeMo, in `step --stack` and in
/// the steps reader alike): NVIDIA's measured rate where cudnnFusedAttentionEfficiency() has one (Blackwell), else 0.6 of
/// the 16-bit peak on a GPU with FP8 tensor cores (Hopper: the FlashAttention-3 class), else FlashAttention-2's default.
double teFusedAttentionEfficiency(const GpuPreset& g, double queryLength);

/// HBM bytes per element that quantising one GEMM input moves (read in 16 bits, written in the recipe's format), by
/// Fp8Scaling (docs/model.md, "Low-precision casts"; NVIDIA/TransformerEngine@ad3f651
/// transformer_engine/pytorch/csrc/quantizer.cpp): Cast 2 + 1 = 3; TeDelayed 2 + 1 + 1 = 4 (one cast-transpose kernel
/// writes both copies, the amax taken in the same pass); TeCurrent 2 + 4 = 6 (nvte_compute_amax_with_config reads the
/// input once more before the cast); Mxfp8 2 + 2 x (1 + 1/32) (row-wise and column-wise copies, an E8M0 scale per 32
/// elements, one kernel); Nvfp4 2 + 2 + 2 x (0.5 + 1/16) (the amax pass, with the Hadamard transform, then row-wise and
/// column-wise fp4 copies with an E4M3 scale per 16 elements).
double castBytesPerElement(Fp8Scaling f);

/// Seconds of one GEMM C[M,N] = A[M,K] B[K,N]: 2MNK FLOPs at peak x efficiency x K/(K + kOverhead) x wave
/// efficiency (tiles / (waves x SMs)), or its operand and result bytes at HBM bandwidth if that is slower.
/// fp8: the FP8 peak with 1-byte operands.
double gemmSeconds(const KernelModel& km, double m, double n, double k, bool fp8);

/// Transformer Engine's grouped GEMM (GroupedLinear; Megatron-Core's TEGroupedMLP under --moe-grouped-gemm): the
/// experts' GEMMs are launched on kTeGroupedGemmStreams CUDA streams in turn, GEMM i on stream i mod 4
/// (NVIDIA/TransformerEngine@5c62f728 transformer_engine/common/gemm/cublaslt_gemm.cu, multi_stream_cublas_gemm;
/// four compute streams: @3e125d69 transformer_engine/common/util/multi_stream.cpp), so up to four GEMMs run at once
/// and their tiles share the SMs' waves.
inline constexpr int kTeGroupedGemmStreams = 4;

/// SMs the flex token dispatcher's dispatch and combine kernels occupy (DeepEP's Buffer num_sms): Megatron-Core's
/// moe_deepep_num_sms, "historical default 20" (NVIDIA/Megatron-LM@002526d8 megatron/core/transformer/
/// transformer_config.py; moe_flex_dispatcher_num_sms None lets DeepEP v1 take 20).
inline constexpr int kFlexDispatcherSms = 20;

/// One MoE layer's forward (micro-batch i) and backward (micro-batch i-1) run together under Megatron-Core's EP
/// all-to-all overlap (`overlap_moe_expert_parallel_comm`, the combined 1F1B schedule), as
/// TransformerLayerSchedulePlan.run() issues them (NVIDIA/Megatron-LM@01cf4fb5
/// megatron/core/models/common/model_chunk_schedule_plan.py): on the communication stream combine backward, dispatch
/// forward, dispatch backward, combine forward; on the compute stream attention forward, the MLP's data gradient, its
/// weight gradient (backward_dw), the MLP forward, attention backward. Each all-to-all (`a2a` seconds, all four the
/// same size) waits for the kernel that produces its input and each kernel for the all-to-all that feeds it:
/// dispatch forward after attention forward, the MLP's backward after combine backward, dispatch backward after the
/// MLP's data gradient, the MLP forward after dispatch forward, combine forward after the MLP forward, attention
/// backward after dispatch backward. So the two combines hide only under attention (forward and backward), the two
/// dispatches under the MLP's backward and forward (the schedule's own picture: "comm_stream: combine_bwd |
/// dispatch_fwd->dispatch_bwd | combine_fwd; comp_stream: attn_fwd | mlp_bwd->mlp_bwd_dw->mlp_fwd | attn_bwd"; the
/// DeepSeek-V3 report's forward/backward chunk pairing, arXiv 2412.19437 section 3.2.1). Returns the pair's seconds:
/// the compute sum when every all-to-all is covered, 4 x a2a when none is.
double mergedOneFOneBLayerSeconds(double a2a, double attnFwd, double mlpBwdData, double mlpBwdWeight, double mlpFwd,
                                  double attnBwd);

/// What that pair takes beyond its five kernels (attention forward and backward, the MLP forward, its data and weight
/// gradients, summed in that order): the all-to-all time the combined 1F1B schedule leaves exposed,
/// mergedOneFOneBLayerSeconds() less the compute stream's sum; 0 when every all-to-all is covered.
double mergedOneFOneBLayerExposedSeconds(double a2a, double attnFwd, double mlpBwdData, double mlpBwdWeight, double mlpFwd,
                                         double attnBwd);

/// Host time a Megatron-Core MoE layer's forward exposes per micro-batch where its token dispatcher synchronises with the
/// device: dropless routing (no capacity factor) with EP > 1 needs the per-expert token counts on the host before the
/// dispatch (NVIDIA/Megatron-LM@bed33f89945f41ae792d7b36a0d770b00f61ed42 megatron/core/transformer/moe/
/// token_dispatcher.py, MoEAlltoAllTokenDispatcher: `cuda_sync_point = "before_ep_alltoall"`, then
/// `torch.cuda.current_stream().synchronize()`; the flex dispatchers likewise, HybridEP "obtains the size from a GPU
/// tensor, which causes a D2H synchronization" unless a static bound is given: svcnemo-autobot/Megatron-LM@070a306b
/// megatron/core/transformer/moe/fused_a2a.py). The device drains its queue and then waits while the host launches what
/// follows. Measured, not counted: NVIDIA-NeMo/Megatron-Bridge@228e9a3e7206ee17a2db665458ba6b2684f48c04
/// skills/nemo-mbridge-perf-moe-comm-overlap/SKILL.md profiled one step of Qwen3-30B-A3B on 16 H100 (EP 16, HybridEP,
/// GBS 1024, MBS 1, 48 MoE layers: 48 x 64 = 3072 layer passes) without the EP overlap at 24.7138 s with a "GPU-active
/// interval union" of 22.821 s: (24.7138 - 22.821) s / 3072 = 0.616 ms. With the overlap the same profile's active
/// union (21.221 s) covers the step (20.992 s): the other micro-batch's queued work hides it, so the overlap pays
/// kMegatronA2aOverlapSecondsPerLayer instead. docs/model.md, "Megatron-Core's dropless synchronisation".
inline constexpr double kMegatronDroplessSyncSecondsPerLayer = 0.616e-3;

/// What Megatron-Core's EP all-to-all overlap (the combined 1F1B schedule above; Megatron-Bridge's `moe_a2a_overlap`)
/// costs per MoE layer and micro-batch, forward and backward together, beyond the all-to-all it hides: measured, not
/// derived from a count. NVIDIA-NeMo/Megatron-Bridge pull request #1760 (description of 2025-12-17) turned the overlap
/// off in the Qwen3-235B-A22B B200 BF16 recipe "due to CPU overhead", the step going from 17.2 s to 16 s on one layout
/// (64 B200, PP 8, VP 4, EP 8, GBS 1024: 128 micro-batches of 12 layers on the busiest stage; the layout after the PR
/// as NVIDIA-NeMo/Megatron-Bridge@f29a269f scripts/performance/configs/qwen/qwen3_workload_base_configs.py gives it).
/// The step model without this term prices the overlap arm at 13.167 s and the arm without it at 16.092 s (its
/// dropless synchronisation included, kMegatronDroplessSyncSecondsPerLayer, which the overlap hides);
/// (1.2 + 16.092 - 13.167) s / (12 x 128) = 2.686 ms. Independent check, not used to set it: the Megatron MoE model
/// zoo's H100 pair (yanring/Megatron-MoE-ModelZoo@020b8136 best_practice/qwen3/readme.md, Qwen3-235B-A22B on 256 H100,
/// EP 32, TP 2: 19.7 s without the overlap, 17.6 s with it; priced 19.475 s and 13.385 s) gives
/// (-2.1 + 6.090) s / (12 x 128) = 2.598 ms. docs/model.md, "Megatron-Core's EP overlap: its measured cost".
inline constexpr double kMegatronA2aOverlapSecondsPerLayer = 2.686e-3;

/// Seconds of `groups` GEMMs of one shape run as such a grouped GEMM: rounds of `concurrent` GEMMs whose tiles fill
/// the waves together (wave efficiency over concurrent x tiles), the last round with what is left, at
/// groupedGemmRowsFactor(m) of the rate where the groups split M (`rowsGrouped`: the experts' forward and data-gradient
/// GEMMs, M the expert's tokens; false for the weight gradient, whose groups split K). concurrent 1 is
/// groups x gemmSeconds() where m >= 4096 or !rowsGrouped.
/// `outBytes`: bytes moved per element of C (2: a bf16 result written; 8: an fp32 result read and written back, the
/// weight-gradient GEMM that accumulates into Megatron-Core's fp32 main_grad under gradient_accumulation_fusion).
double groupedGemmSeconds(const KernelModel& km, double groups, double concurrent, double m, double n, double k,
                          bool fp8, double outBytes = 2.0, bool rowsGrouped = true);

/// Fraction of the large-M rate a grouped GEMM reaches at `rowsPerGroup` rows (tokens) per group, beyond this kernel
/// model's wave and K factors: deepseek-ai/DeepGEMM's published grouped-GEMM rates on H800 (README.md, "Performance",
/// the release README of February 2025: contiguous layout, 4 x 8192 and 8 x 4096 rows; masked layout, 1 x 1024, 2 x 512,
/// 4 x 256 rows; N x K 4096 x 7168 and 7168 x 2048 each), each over the wave and K factors of its own shape (all groups'
/// tiles in one kernel on 132 SMs), over the same N x K at 4096 and 8192 rows, the two shapes averaged: 0.980 at 1024
/// rows, 0.899 at 512, 0.803 at 256; 1 from 4096 rows up, linear in log2(rows) between the measured points, 256's below
/// (no row is published below it). Each group streams its own weights for fewer rows: the kernel's fixed work per
/// group and tile weighs more as M shrinks. Taken for every GPU and precision (the one published curve of a grouped
/// GEMM's rate against its rows per group).
double groupedGemmRowsFactor(double rowsPerGroup);

/// The FLOP/s a GEMM of that shape reaches (2MNK / gemmSeconds).
double gemmFlopRate(const KernelModel& km, double m, double n, double k, bool fp8);

/// Extra 16-bit element passes per token that eager PyTorch's Llama-lineage code adds to one layer half over the
/// fused kernels (attention half: `attention` true; MLP half: false), for RMSNorm models (0 otherwise). The
/// reference RMSNorm (Meta's llama, torchtitan, IBM's FMS, Hugging Face) upcasts to fp32 and runs x.float(),
/// pow, mean, the rsqrt multiply, the cast back and the weight multiply as six kernels: 18 h element-units
/// against the fused kernel's 2 h, 16 h more per norm. Rotary embedding multiplies Q and K as complex fp32
/// (float cast, complex multiply, cast back: 10 units per element against the fused 2): 8 (q + kv) more. `sp`:
/// the sequence-parallel split of the norms, `t`: the TP split of Q and K.
double eagerRmsNormRopeElements(const Architecture& a, bool attention, double sp, double t);

/// Seconds to move `bytes` through HBM (element-wise kernels, softmax without FlashAttention, casts).
double memorySeconds(const KernelModel& km, double bytes);

} // namespace shardscope
