// SPDX-License-Identifier: MIT
// Transformer Engine's quantisation on Blackwell (issue 24; docs/model.md, "Quantisation on Blackwell"): which GPUs write
// no transposed copy for per-tensor FP8, and the measured cost of the quantisation kernels against the byte model.
#pragma once

#include "shardscope/gpus.h"
#include "shardscope/scenario.h"

namespace shardscope {

/// True where Transformer Engine runs FP8 GEMMs in any operand layout (nvte_is_non_tn_fp8_gemm_supported: Blackwell's
/// SM 10.x parts, B200 / GB200 / B300 / GB300). There a per-tensor FP8 tensor (DelayedScaling, current scaling) keeps one
/// copy for both usages and the quantiser writes no transposed copy (NVIDIA/TransformerEngine@ad3f651
/// transformer_engine/pytorch/csrc/quantizer.cpp, Float8Quantizer / Float8CurrentScalingQuantizer::create_tensor:
/// `with_transpose = columnwise_usage && !nvte_is_non_tn_fp8_gemm_supported()`). MXFP8 and NVFP4 scale along each
/// usage's own axis and keep both copies everywhere.
bool nonTnFp8GemmSupported(const GpuPreset& g);

/// castBytesPerElement() on this GPU: per-tensor FP8 on a GPU with non-TN FP8 GEMMs (nonTnFp8GemmSupported) writes one
/// copy, 1 B less (TeDelayed 3, TeCurrent 5); everything else as castBytesPerElement(f).
double castBytesPerElement(Fp8Scaling f, const GpuPreset& g);

/// HBM bytes per element of a quantisation that writes the row-wise copy only (the weight of a forward GEMM whose input
/// needs no gradient, as in Transformer Engine's GEMM benchmark): Cast / TeDelayed 2 + 1, TeCurrent 2 + 2 + 1, Mxfp8
/// 2 + 1 + 1/32, Nvfp4 2 + 2 + 0.5 + 1/16.
double rowwiseCastBytesPerElement(Fp8Scaling f);

/// Measured seconds of Transformer Engine's quantisation over what the byte model (castBytesPerElement at
/// kAchievableHbm of the HBM bandwidth) gives for the same quantisations, by recipe, on Blackwell (SM 10.x); 1 elsewhere
/// and for torchao's cast (Fp8Scaling::Cast). NVIDIA/TransformerEngine@8f2e635 docs/examples/gemm_profiling/
/// gemm_profiling.rst, B300 SXM6, the 12 GEMMs of one layer (hidden 4096, intermediate 16384, M = 15,872) timed in
/// autocast (te.Linear under te.autocast: the input quantised for both usages, the weight row-wise, in every call;
/// benchmarks/gemm/benchmark_gemm.py at the same commit) and pre-quantised: the difference per layer is the
/// quantisation, FP8Current 9.147 - 6.812 ms, MXFP8 8.984 - 7.161, NVFP4 6.453 - 3.764 (teGemmGuideQuantiseSeconds).
/// TeDelayed takes the per-tensor (FP8Current) figure: the same nvte_quantize_v2 kernels without the amax pass.
double measuredQuantiseOverByteModel(const GpuPreset& g, Fp8Scaling f);

/// The byte model's seconds for the quantisations in Transformer Engine's autocast GEMM benchmark (above) of one layer at
/// `hbmBytesPerSecond` (already derated): per GEMM (M, K, N) te.Linear quantises its input, M x K, for both usages
/// (castBytesPerElement on `g`) and its weight, N x K, row-wise (rowwiseCastBytesPerElement).
double teGemmGuideQuantiseSeconds(const GpuPreset& g, Fp8Scaling f, double hbmBytesPerSecond);

} // namespace shardscope
