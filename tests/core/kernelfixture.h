// SPDX-License-Identifier: MIT
// Test-side KernelModel set-ups (issue 29, one copy): the kernel models tests build by hand, where a test checks the
// kernel model itself against a measured GEMM or a hand count rather than the model in force for a scenario
// (kernelModelInForce). Each test keeps the source of the figures it checks beside its own assertions.
#pragma once

#include "shardscope/gpus.h"
#include "shardscope/kernels.h"

namespace shardscope::testing {

/// A preset's 16-bit kernel model as defaultGemmEfficiency() and smCount() give it: its 16-bit peak, HBM bandwidth,
/// default GEMM efficiency and SM (CU) count, the default 128 x 128 tile. For checking a measured 16-bit GEMM.
inline KernelModel presetKernels(const GpuPreset& g)
{
    KernelModel km;
    km.peak16 = g.peakFlops16;
    km.hbmBytesPerSecond = g.hbmBytesPerSecond;
    km.gemmEfficiency = defaultGemmEfficiency(g);
    km.sms = smCount(g);
    return km;
}

/// A kernel model for hand counts of waves and K overhead: efficiency 1, 132 SMs (H100 SXM), tiles 128 x 256 and the
/// 64-step prologue / epilogue, at the given peak and HBM bandwidth (1e18 B/s: compute-bound).
inline KernelModel handCountKernels(double peak16, double hbmBytesPerSecond)
{
    KernelModel km;
    km.peak16 = peak16;
    km.gemmEfficiency = 1.0;
    km.hbmBytesPerSecond = hbmBytesPerSecond;
    km.sms = 132;
    km.tileM = 128;
    km.tileN = 256;
    km.kOverhead = 64;
    return km;
}

/// Fraction of the FP8 peak a large FP8 GEMM reaches, from a measured cuBLASLt FP8 GEMM at M = N = K = 8192 (random
/// data, 10,000 warm-up iterations: Azure/AI-benchmarking-guide's GEMM CuBLASLt microbenchmark) divided by the kernel
/// model's own wave and K factors for that shape, as defaultGemmEfficiency() derives the 16-bit figures. 0 where no
/// measurement is taken. The step does not take it (GB200's FP8 rate is its 16-bit efficiency times Transformer
/// Engine's kernel ratio, measuredFp8OverBf16GemmRate()); it is the measurement tests check that rate against.
inline double measuredFp8GemmEfficiency(const GpuPreset& g)
{
    // Azure/AI-benchmarking-guide@2a370be Azure_Results/ND_GB200_v6_results.md, GEMM CuBLASLt (FP8), M = N = K = 8192 on
    // ND GB200 v6 (GB200 185GB, CUDA 12.8, driver 570.133.20): 2876.6 TFLOP/s of 5000. The same benchmark on H100 (1290.1
    // TFLOP/s, @0126c30 "Azure Results/NDv5 Results.md") is above the 0.6 that H100's sustained training throughput gave
    // (docs/validation-steps.md); taking it made every H100 fp8 row faster, away from its measurement (docs/validation.md,
    // issue 24 sixth pass), so H100 and H200 keep one efficiency for both precisions: 0 here.
    double tflops = 0;
    if (g.id.rfind("gb200", 0) == 0)
        tflops = 2876.6;
    if (tflops <= 0 || g.peakFlops8 <= 0)
        return 0.0;
    // The shape's wave and K factors as concurrentGemmSeconds() applies them (efficiency 1, no memory bound).
    KernelModel km;
    km.peak16 = g.peakFlops16;
    km.peak8 = g.peakFlops8;
    km.gemmEfficiency = 1.0;
    km.sms = smCount(g);
    km.tileN = 256;
    const double n = 8192;
    const double shapeRate = gemmFlopRate(km, n, n, n, true);
    return shapeRate > 0 ? tflops * 1e12 / shapeRate : 0.0;
}

} // namespace shardscope::testing
