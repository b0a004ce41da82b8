// SPDX-License-Identifier: MIT
// Kernel time on one GPU: GEMMs by shape (wave quantisation, small-K prologue/epilogue cost, memory-bound
// small GEMMs), attention and element-wise work by bytes moved. Shared by the step simulator and the planner.
#include "shardscope/kernels.h"

#include "shardscope/quantise.h"
#include "stagetime.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

namespace shardscope {

std::int64_t smCount(const GpuPreset& g)
{
    const std::string id = gpuSilicon(g); // the H800 / A800 price as the H100 / A100 (gpus.h)
    // Vendor whitepapers: A100 108 SMs, H100/H200 SXM 132, B200 148 (2 x 74), MI300X 304 CUs, L40S 142,
    // RTX 4090 128; GB200 the B200's 148; B300 (Blackwell Ultra) 160 (NVIDIA's Blackwell Ultra technical blog).
    if (id.rfind("a100", 0) == 0)
        return 108;
    if (id.rfind("h100", 0) == 0 || id.rfind("h200", 0) == 0)
        return 132;
    if (id.rfind("b200", 0) == 0 || id.rfind("gb200", 0) == 0)
        return 148;
    if (id.rfind("b300", 0) == 0 || id.rfind("gb300", 0) == 0)
        return 160;
    if (id.rfind("mi300", 0) == 0)
        return 304;
    if (id.rfind("l40s", 0) == 0)
        return 142;
    if (id.rfind("rtx4090", 0) == 0)
        return 128;
    // Issue 28's GPUs: RTX 3090 82 SMs (GA102 whitepaper), RTX 5090 170 (RTX Blackwell whitepaper), L4 58 (AD104),
    // A10G 80 (GA102; the A10 has 72).
    if (id.rfind("rtx3090", 0) == 0)
        return 82;
    if (id.rfind("rtx5090", 0) == 0)
        return 170;
    if (id.rfind("l4-", 0) == 0)
        return 58;
    if (id.rfind("a10g", 0) == 0)
        return 80;
    return 108;
}

double gb200OverB200GemmEfficiency()
{
    // stas00/ml-engineering compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS comparison table", BF16:
    // NVIDIA GB200 SXM 1822.0 of 2500 TFLOP/s (72.9%; torch 2.10.0.dev20250916+cu130), NVIDIA B200 SXM 1745.0 of 2250
    // (77.6%; torch 2.7.1+cu128). Both best shapes fill their waves, so the ratio of the two efficiencies is the parts'
    // own: GB200's higher datasheet clock is not held under sustained tensor load as well as the B200's.
    return (1822.0 / 2500.0) / (1745.0 / 2250.0);
}

double b300OverB200GemmEfficiency()
{
    // stas00/ml-engineering compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS comparison table", BF16 (the
    // version listing both): NVIDIA B300 SXM 1769.0 of 2250 TFLOP/s (78.6%; torch 2.9.1+cu130, "same as B200, newer
    // torch/cuda"), NVIDIA B200 SXM 1745.0 of 2250 (77.6%): the same 16-bit tensor rate within the table's spread.
    return (1769.0 / 2250.0) / (1745.0 / 2250.0);
}

double hopperTrainingShareOfSustainedMatmul()
{
    // stas00/ml-engineering's matmul finder (compute/accelerator/benchmarks/mamf-finder.py, its later versions'
    // docstring) reports MAMF, the boost-clock burst, and MSMF, "what the chip holds once saturated near TDP (matches
    // sustained training throughput)". The figures: the same book's "Counting FLOPs" video script (a manim source whose
    // path the code index does not record; the stored copies of compute/accelerator/README.md predate the MSMF column):
    // H200 (the H100's GH100 die, 989 TFLOP/s bf16) MAMF 834, MSMF 755. H100 / H200 GEMMs take 0.6 of the peak
    // (defaultGemmEfficiency, validated against measured H100 training steps), so training's GEMMs hold
    // 0.6 / (755 / 989) = 0.786 of the sustainable rate (shapes off the best one, operands from HBM, the other kernels
    // between GEMMs).
    return 0.6 / (755.0 / 989.0);
}

double b200SustainedGemmEfficiency()
{
    // The same script on the B200 (1000 W; boost 1965 MHz, the clock settling near 1450 MHz at the power limit): MSMF
    // 1429 of 2250 TFLOP/s. At Hopper's training share of it: 0.786 x 0.635 = 0.499. (The burst figures the step took
    // before, torch.matmul 8192^3 and the MAMF table, are short runs that the chip's power limit does not yet bind.)
    return hopperTrainingShareOfSustainedMatmul() * (1429.0 / 2250.0);
}

double defaultGemmEfficiency(const GpuPreset& g)
{
    const std::string id = gpuSilicon(g);
    // Large bf16 GEMMs: A100 reaches about 0.74 of its 312 TFLOP/s (cuBLAS 230-250 TFLOP/s on training-sized
    // matrices); H100/H200 SXM about 0.6 of 989 (power-limited clocks under sustained tensor load: 550-650
    // TFLOP/s). Others: 0.675, the midpoint of MODEL.md's 0.6-0.75. Checked against docs/validation-steps.md.
    if (id.rfind("a100", 0) == 0)
        return 0.74;
    if (id.rfind("h100", 0) == 0 || id.rfind("h200", 0) == 0)
        return 0.6;
    // MI300X: AMD's published max-achievable FLOP/s (MAF), hipBLASLt on an optimal BF16 GEMM (M 4096, N 4864, K 32896:
    // full waves, K overhead negligible, so MAF / peak is this factor itself): 708 of 1307 TFLOP/s, at a median clock
    // of 1207 MHz under sustained tensor load (ROCm/rocm-blogs@d957560 blogs/software-tools-optimization/
    // measuring-max-achievable-flops-part2/README.md, Table 1).
    if (id.rfind("mi300x", 0) == 0)
        return 708.0 / 1307.0;
    // Blackwell (issue 24, helper general43): the B200's sustainable matmul rate at Hopper's training share of it
    // (b200SustainedGemmEfficiency, 0.499). The burst measurements below keep only their ratios to the B200's:
    // B200 (HGX): torch.matmul in bf16 on an NVIDIA B200, pytorch/ao pull request #2427 (benchmarks/float8/
    // bench_matmul.py output): M = N = K = 8192 at 1.42e15 FLOP/s, "pct_peak 0.631" of 2.25e15. On 148 SMs that shape
    // runs 4096 tiles in 28 waves (0.988) with K/(K + 64) = 0.992, so the burst e = 0.631 / (0.988 x 0.992) = 0.643.
    if (id.rfind("b200", 0) == 0)
        return b200SustainedGemmEfficiency();
    // GB300: aten matmul (cuBLAS) on GB300 in bf16, facebookexperimental/triton pull request #740: 8192^3 at 1717
    // TFLOP/s of 2500: on 160 SMs 26 waves (0.985), K/(K + 64) = 0.992: burst e = 1717 / 2500 / (0.985 x 0.992) = 0.703,
    // 1.093x the B200's burst e at the same shape; that ratio over the B200's sustained figure.
    if (id.rfind("gb300", 0) == 0)
        return b200SustainedGemmEfficiency() * (0.703 / 0.643);
    // GB200: the B200's figure times the ratio of the two parts' efficiencies in one benchmark that measured both
    // (gb200OverB200GemmEfficiency: stas00/ml-engineering's MAMF table).
    if (id.rfind("gb200", 0) == 0)
        return b200SustainedGemmEfficiency() * gb200OverB200GemmEfficiency();
    // B300 (HGX): the B200's figure times the ratio of the two parts in the same MAMF table (b300OverB200GemmEfficiency),
    // as GB200 above; it took the generic 0.675 while every other Blackwell part took a measured or sustained figure.
    if (id.rfind("b300", 0) == 0)
        return b200SustainedGemmEfficiency() * b300OverB200GemmEfficiency();
    return 0.675;
}

double measuredFp8OverBf16GemmRate(const GpuPreset& g, Fp8Scaling f)
{
    const std::string id = gpuSilicon(g);
    // NVIDIA/TransformerEngine@8f2e635 docs/examples/gemm_profiling/gemm_profiling.rst, --pre-quantize, "Per-layer
    // total" of the same 12 training-shape GEMMs (kernels.h):
    //  B300 SXM6 ("Autocast vs Pre-quantized"): BF16 13.102 ms, FP8Current 6.812 ms, MXFP8 7.161 ms. Also taken for
    //  GB300 (the same die) and for the HGX B200 (the same 16-bit and FP8 datasheet peaks, 2.25 / 4.5 PFLOP/s dense, and
    //  the same ratio within 1% on Hopper below, so the ratio is the FP8 kernels', not one chip's), and for GB200 (the
    //  B200's die and FP8 / 16-bit peak ratio; over its 16-bit efficiency this reproduces Azure's measured cuBLASLt FP8
    //  GEMM on GB200 within 1%: tst_lowprecision and tst_stepmechanisms check it).
    //  H200 NVL ("Worked Example: 5B Model on H200"): BF16 31.968 ms, FP8Current 16.785 ms. Also taken for H100 (the same
    //  GH100 die and tensor cores). Hopper has no MXFP8 / NVFP4 kernels: every recipe takes the per-tensor figure.
    //  MI300X: AMD's max-achievable FLOP/s, the table its 16-bit efficiency comes from (defaultGemmEfficiency; ROCm/
    //  rocm-blogs@d957560 blogs/software-tools-optimization/measuring-max-achievable-flops-part2/README.md, Table 1,
    //  hipBLASLt at each precision's best full-wave shape, K 32896): FP8 1273 TFLOP/s (M 4096, N 3648, median 1230 MHz)
    //  against BF16 708 (M 4096, N 4864, 1207 MHz), 1.80x where the datasheet peaks give 2.0x (2615 / 1307); over the
    //  16-bit efficiency that is FP8 at 1273 / 2615 of its peak. Every recipe (hipBLASLt's FP8 GEMM serves torchao's
    //  tensorwise and rowwise alike). Older GPUs keep their one efficiency.
    if (id.rfind("mi300x", 0) == 0)
        return 1273.0 / 708.0;
    if (id.rfind("h100", 0) == 0 || id.rfind("h200", 0) == 0)
        return 31.968 / 16.785;
    if (!(id.rfind("b300", 0) == 0 || id.rfind("gb300", 0) == 0 || id.rfind("b200", 0) == 0
          || id.rfind("gb200", 0) == 0))
        return 0.0;
    return f == Fp8Scaling::Mxfp8 || f == Fp8Scaling::Nvfp4 ? 13.102 / 7.161 : 13.102 / 6.812;
}

double denseFp4Flops(const GpuPreset& g)
{
    const std::string id = gpuSilicon(g);
    // NVIDIA's datasheets, per GPU, dense (the sparse figure halved): HGX B200 FP4 Tensor Core 18 PFLOP/s sparse, 9
    // dense, FP8 4.5 dense; GB200 NVL72 20 sparse, 10 dense, FP8 5 dense (the GB200 NVL72 / HGX B200 specifications
    // table: 1,440 and 144 PFLOP/s FP4 in total over 72 and 8 GPUs, FP8/FP6 720 and 72); HGX B300 108 PFLOP/s dense FP4
    // over 8 GPUs, 13.5 each, and GB300 NVL72 1,080 PFLOP/s dense over 72, 15 each, with FP8 at 4.5 and 5 (Blackwell
    // Ultra's FP4 tensor cores run at 3x its FP8 rate, Blackwell's at 2x).
    if (id.rfind("b200", 0) == 0)
        return 9000e12;
    if (id.rfind("gb200", 0) == 0)
        return 10000e12;
    if (id.rfind("b300", 0) == 0)
        return 13500e12;
    if (id.rfind("gb300", 0) == 0)
        return 15000e12;
    return 0.0;
}

double measuredNvfp4OverMxfp8GemmRate(const GpuPreset& g)
{
    // NVIDIA/TransformerEngine@8f2e635 docs/examples/gemm_profiling/gemm_profiling.rst, B300 SXM6, --pre-quantize,
    // "Per-layer total": MXFP8 7.161 ms, NVFP4 3.764 ms, 1.90x where the B300's datasheet peaks give 3x (13.5 / 4.5
    // PFLOP/s dense). The FP8 GEMMs take B300's measured FP8 / BF16 ratio on every Blackwell GPU as a fraction of each
    // GPU's own peaks (measuredFp8OverBf16GemmRate); the FP4 GEMMs likewise: the fraction of the FP4 peak NVFP4 reached
    // against the fraction of the FP8 peak MXFP8 reached on the B300, (7.161 / 3.764) / 3, times this GPU's FP4 / FP8
    // peak ratio (denseFp4Flops): 1.90 on B300 / GB300, 2 x 0.634 = 1.27 on B200 / GB200. 0 without an FP4 peak.
    const double fp4 = denseFp4Flops(g);
    if (fp4 <= 0 || g.peakFlops8 <= 0)
        return 0.0;
    const double b300Fraction = (7.161 / 3.764) / (13500e12 / 4500e12);
    return fp4 / g.peakFlops8 * b300Fraction;
}

double cudnnFusedAttentionEfficiency(const GpuPreset& g, double queryLength)
{
    const std::string id = gpuSilicon(g);
    // Measured TFLOP/s, forward and backward, at sequence 2^9 ... 2^17 (the benchmark counts 4 s^2 d h / 2 causal FLOPs
    // forward and 2.5 x that backward, as layerTimes() does).
    //  GB200: NVIDIA/cudnn-frontend@d48a60e artifacts/sdpa_bf16_benchmark_results_NVIDIA_GB200.csv, backend cudnn_fe
    //         (cuDNN 9.17, the nv25.11 PyTorch container: sample_gb200_bf16_run.txt).
    //  B200:  NVIDIA/cudnn-frontend@bb37575 artifacts/sdpa_bf16_benchmark_results_NVIDIA_B200.csv, backend pyt_cudnn.
    //  GB300: NVIDIA/cudnn-frontend@bb37575 artifacts/sdpa_bf16_benchmark_results_NVIDIA_GB300.csv, backend pyt_cudnn;
    //         also taken for the HGX B300 (the same Blackwell Ultra die).
    struct Rate
    {
        double fwd, bwd;
    };
    static constexpr Rate kGb200[] = {{408, 329},   {733, 527},   {1069, 655},  {1386, 1054}, {1584, 1211},
                                      {1668, 1304}, {1681, 1348}, {1573, 1229}, {1467, 1188}};
    static constexpr Rate kB200[] = {{83.991, 134.164},    {254.501, 308.529},   {478.921, 371.486},
                                     {855.678, 701.265},   {1171.278, 942.509},  {1332.415, 1074.776},
                                     {1419.000, 1108.688}, {1382.330, 1073.059}, {1355.418, 1047.843}};
    static constexpr Rate kGb300[] = {{54.923, 95.339},     {224.233, 277.209},   {593.514, 487.345},
                                      {1144.867, 892.572},  {1495.674, 1130.076}, {1702.463, 1267.827},
                                      {1795.879, 1319.161}, {1770.478, 1301.700}, {1720.854, 1280.022}};
    const Rate* table = nullptr;
    if (id.rfind("gb200", 0) == 0)
        table = kGb200;
    else if (id.rfind("b200", 0) == 0)
        table = kB200;
    else if (id.rfind("gb300", 0) == 0 || id.rfind("b300", 0) == 0)
        table = kGb300;
    if (!table || g.peakFlops16 <= 0 || !(queryLength > 0))
        return 0.0;
    constexpr int kRows = 9; // 2^9 ... 2^17
    const double x = std::clamp(std::log2(queryLength) - 9.0, 0.0, double(kRows - 1));
    const int i = std::min(kRows - 2, int(std::floor(x)));
    const double f = x - double(i);
    const auto combined = [](const Rate& r) { return 3.5 / (1.0 / r.fwd + 2.5 / r.bwd); };
    const double tflops = (1.0 - f) * combined(table[i]) + f * combined(table[i + 1]);
    return tflops * 1e12 / g.peakFlops16;
}

double defaultAttentionEfficiency(const GpuPreset& g) { return g.peakFlops8 > 0 ? 0.35 : 0.6; }

double teFusedAttentionEfficiency(const GpuPreset& g, double queryLength)
{
    const double measured = cudnnFusedAttentionEfficiency(g, queryLength);
    if (measured > 0)
        return measured;
    return g.peakFlops8 > 0 ? 0.6 : defaultAttentionEfficiency(g);
}

double castBytesPerElement(Fp8Scaling f)
{
    // NVIDIA/TransformerEngine@ad3f651 transformer_engine/pytorch/csrc/quantizer.cpp: Float8Quantizer (delayed scaling)
    // quantises with the scale of the amax history, nvte_quantize_v2 writing the row-wise data and, with columnwise
    // usage (the weight-gradient GEMM's operand), the transposed copy in the same kernel; Float8CurrentScalingQuantizer::
    // quantize_impl runs nvte_compute_amax_with_config (a read of the input), nvte_compute_scale_from_amax, then
    // nvte_quantize_v2; MXFP8Quantizer::quantize is nvte_quantize_v2 alone (cast_mxfp8_2D_kernel: row-wise and
    // column-wise scaling in one pass, one E8M0 scale per 32 elements each); NVFP4Quantizer::quantize_impl computes the
    // amax (nvte_hadamard_transform_amax with the random Hadamard transform, else nvte_compute_amax_with_config), then
    // quantises both copies (fp4: half a byte, one E4M3 scale per 16 elements).
    switch (f) {
    case Fp8Scaling::Cast: return 2.0 + 1.0;
    case Fp8Scaling::TeDelayed: return 2.0 + 1.0 + 1.0;
    case Fp8Scaling::TeCurrent: return 2.0 + (2.0 + 1.0 + 1.0);
    case Fp8Scaling::Mxfp8: return 2.0 + 2.0 * (1.0 + 1.0 / 32.0);
    case Fp8Scaling::Nvfp4: return 2.0 + 2.0 + 2.0 * (0.5 + 1.0 / 16.0);
    }
    return 3.0;
}

bool nonTnFp8GemmSupported(const GpuPreset& g)
{
    const std::string id = gpuSilicon(g);
    return id.rfind("b200", 0) == 0 || id.rfind("gb200", 0) == 0 || id.rfind("b300", 0) == 0
        || id.rfind("gb300", 0) == 0;
}

double castBytesPerElement(Fp8Scaling f, const GpuPreset& g)
{
    const double bytes = castBytesPerElement(f);
    if ((f == Fp8Scaling::TeDelayed || f == Fp8Scaling::TeCurrent) && nonTnFp8GemmSupported(g))
        return bytes - 1.0; // no transposed copy
    return bytes;
}

double rowwiseCastBytesPerElement(Fp8Scaling f)
{
    switch (f) {
    case Fp8Scaling::Cast:
    case Fp8Scaling::TeDelayed: return 2.0 + 1.0;
    case Fp8Scaling::TeCurrent: return 2.0 + 2.0 + 1.0;
    case Fp8Scaling::Mxfp8: return 2.0 + 1.0 + 1.0 / 32.0;
    case Fp8Scaling::Nvfp4: return 2.0 + 2.0 + 0.5 + 1.0 / 16.0;
    }
    return 3.0;
}

double teGemmGuideQuantiseSeconds(const GpuPreset& g, Fp8Scaling f, double hbmBytesPerSecond)
{
    // benchmarks/gemm/benchmark_gemm.py compute_gemm_shapes (M, K, N): Fprop (M, H, 3H), (M, H, H), (M, H, I), (M, I, H);
    // Dgrad (M, 3H, H), (M, H, H), (M, I, H), (M, H, I); Wgrad (H, M, 3H), (H, M, H), (H, M, I), (I, M, H).
    const double M = 15872, H = 4096, I = 16384;
    const double shapes[12][3] = {{M, H, 3 * H}, {M, H, H},     {M, H, I},     {M, I, H},
                                  {M, 3 * H, H}, {M, H, H},     {M, I, H},     {M, H, I},
                                  {H, M, 3 * H}, {H, M, H},     {H, M, I},     {I, M, H}};
    double bytes = 0;
    for (const auto& mkn : shapes)
        bytes += castBytesPerElement(f, g) * mkn[0] * mkn[1] + rowwiseCastBytesPerElement(f) * mkn[2] * mkn[1];
    return hbmBytesPerSecond > 0 ? bytes / hbmBytesPerSecond : 0.0;
}

double measuredQuantiseOverByteModel(const GpuPreset& g, Fp8Scaling f)
{
    if (!nonTnFp8GemmSupported(g) || f == Fp8Scaling::Cast)
        return 1.0;
    // B300 SXM6 (8 TB/s HBM3e, the preset's b300-288gb), per-layer autocast minus pre-quantised, in seconds.
    double measured = 0;
    switch (f) {
    case Fp8Scaling::TeDelayed:
    case Fp8Scaling::TeCurrent: measured = (9.147 - 6.812) * 1e-3; break;
    case Fp8Scaling::Mxfp8: measured = (8.984 - 7.161) * 1e-3; break;
    case Fp8Scaling::Nvfp4: measured = (6.453 - 3.764) * 1e-3; break;
    case Fp8Scaling::Cast: return 1.0;
    }
    const std::optional<GpuPreset> b300 = findGpuPreset("b300-288gb");
    if (!b300)
        return 1.0;
    const double modelled = teGemmGuideQuantiseSeconds(*b300, f == Fp8Scaling::TeDelayed ? Fp8Scaling::TeCurrent : f,
                                                       b300->hbmBytesPerSecond * detail::kAchievableHbm);
    return modelled > 0 ? measured / modelled : 1.0;
}

namespace {

/// `c` GEMMs of one shape running at once: their tiles share the waves.
double concurrentGemmSeconds(const KernelModel& km, double c, double m, double n, double k, bool fp8,
                             double outBytes = 2.0, double rowsFactor = 1.0)
{
    if (m <= 0 || n <= 0 || k <= 0 || c <= 0)
        return 0;
    const double peak = fp8 && km.peak8 > 0 ? km.peak8 : km.peak16;
    // Wave quantisation: output tiles run in waves of one tile per SM; the last wave may be partly idle.
    // Tile quantisation: a tile that overhangs M or N computes its whole tile, so a wave takes the time of full tiles
    // whatever share of them holds output (NVIDIA, "Matrix Multiplication Background User's Guide", Tile
    // Quantization and Wave Quantization: docs.nvidia.com/deeplearning/performance/
    // dl-performance-matrix-multiplication). The useful share is M N over the tiles' padded area.
    // cuBLAS picks among tile shapes; take the best of the block tile and its halves along M or N.
    const double sms = double(std::max<std::int64_t>(1, km.sms));
    double waveEff = 0;
    for (const auto& [tm, tn] : {std::pair<double, double> {double(km.tileM), double(km.tileN)},
                                 {double(km.tileM), double(km.tileN) / 2}, {double(km.tileM) / 2, double(km.tileN)}}) {
        const double rowTiles = std::ceil(m / tm), colTiles = std::ceil(n / tn);
        const double tiles = c * rowTiles * colTiles;
        const double waves = std::ceil(tiles / sms);
        const double tileEff = (m * n) / (rowTiles * tm * colTiles * tn);
        waveEff = std::max(waveEff, tiles / (waves * sms) * tileEff);
    }
    const double kEff = k / (k + km.kOverhead);
    const double flops = c * (2.0 * m * n * k);
    const double eff = fp8 && km.peak8 > 0 && km.fp8GemmEfficiency > 0 ? km.fp8GemmEfficiency : km.gemmEfficiency;
    const double compute = flops / (peak * eff * rowsFactor * kEff * waveEff);
    const double bytes = c * ((m * k + k * n) * (fp8 && km.peak8 > 0 ? km.lowPrecisionOperandBytes : 2.0) + m * n * outBytes);
    return std::max(compute, memorySeconds(km, bytes));
}

} // namespace

double gemmSeconds(const KernelModel& km, double m, double n, double k, bool fp8)
{
    return concurrentGemmSeconds(km, 1.0, m, n, k, fp8);
}

double groupedGemmRowsFactor(double rowsPerGroup)
{
    // deepseek-ai/DeepGEMM README.md, "Performance" (H800, NVCC 12.8; the release README of February 2025, before the
    // 2025-04-18 kernels), "Grouped GEMMs for MoE models": groups, M per group, N, K, TFLOP/s (kernels.h).
    struct Row
    {
        double groups, m, n, k, tflops;
    };
    static constexpr Row kRows[] = {
        {4, 8192, 4096, 7168, 1297}, {4, 8192, 7168, 2048, 1099}, // contiguous layout
        {8, 4096, 4096, 7168, 1288}, {8, 4096, 7168, 2048, 1093},
        {1, 1024, 4096, 7168, 1233}, {1, 1024, 7168, 2048, 925}, // masked layout
        {2, 512, 4096, 7168, 1040},  {2, 512, 7168, 2048, 916},
        {4, 256, 4096, 7168, 932},   {4, 256, 7168, 2048, 815},
    };
    // Each row's rate over this kernel model's own wave and K factors for its shape (all groups' tiles in one kernel,
    // 132 SMs, tiles 128 x 256, kOverhead 64), as defaultGemmEfficiency() takes a measured GEMM; then over the
    // mean of the same N x K at M 4096 and 8192 per group; the two N x K averaged at each M.
    static const std::array<double, 3> kFactor = [] {
        KernelModel km;
        km.peak16 = 1e12;
        km.gemmEfficiency = 1.0;
        km.hbmBytesPerSecond = 0; // no memory bound: the wave and K factors alone
        km.sms = 132;
        km.tileM = 128;
        km.tileN = 256;
        km.kOverhead = 64;
        const auto perShape = [&km](const Row& r) {
            const double s = concurrentGemmSeconds(km, r.groups, r.m, r.n, r.k, false);
            return r.tflops * 1e12 / (r.groups * 2.0 * r.m * r.n * r.k / s);
        };
        std::array<double, 3> f {};
        for (int shape = 0; shape < 2; ++shape) {
            const double large = 0.5 * (perShape(kRows[shape]) + perShape(kRows[2 + shape]));
            for (int i = 0; i < 3; ++i)
                f[std::size_t(i)] += 0.5 * perShape(kRows[4 + 2 * i + shape]) / large;
        }
        return f;
    }();
    // M 1024, 512, 256 per group; 1 from 4096 up; linear in log2(M) between; held at 256's below it (no row below).
    const double x = std::log2(std::max(rowsPerGroup, 1.0));
    if (x >= 12.0)
        return 1.0;
    if (x >= 10.0)
        return kFactor[0] + (1.0 - kFactor[0]) * (x - 10.0) / 2.0;
    if (x >= 9.0)
        return kFactor[1] + (kFactor[0] - kFactor[1]) * (x - 9.0);
    if (x >= 8.0)
        return kFactor[2] + (kFactor[1] - kFactor[2]) * (x - 8.0);
    return kFactor[2];
}

double groupedGemmSeconds(const KernelModel& km, double groups, double concurrent, double m, double n, double k,
                          bool fp8, double outBytes, bool rowsGrouped)
{
    if (groups <= 0)
        return 0;
    const double c = std::max(1.0, std::min(std::floor(concurrent), std::floor(groups)));
    const double rounds = std::floor(groups / c);
    const double rest = groups - rounds * c;
    // The grouped dimension is M (the expert's routed tokens) in the forward and data-gradient GEMMs; the weight
    // gradient groups K (its tokens), which the published rates do not cover: no factor there.
    const double rows = rowsGrouped ? groupedGemmRowsFactor(m) : 1.0;
    return rounds * concurrentGemmSeconds(km, c, m, n, k, fp8, outBytes, rows)
        + (rest > 0 ? concurrentGemmSeconds(km, rest, m, n, k, fp8, outBytes, rows) : 0.0);
}

double gemmFlopRate(const KernelModel& km, double m, double n, double k, bool fp8)
{
    const double s = gemmSeconds(km, m, n, k, fp8);
    return s > 0 ? 2.0 * m * n * k / s : 0.0;
}

double eagerRmsNormRopeElements(const Architecture& a, bool attention, double sp, double t)
{
    if (a.norm != NormKind::RMSNorm || a.hidden <= 0 || a.heads <= 0)
        return 0.0;
    const double h = double(a.hidden);
    const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
    const double q = double(a.heads) * hd, kv = double(a.kvHeads) * hd;
    return 16.0 * h / sp + (attention ? 8.0 * (q + kv) / t : 0.0);
}

double memorySeconds(const KernelModel& km, double bytes)
{
    return km.hbmBytesPerSecond > 0 ? bytes / km.hbmBytesPerSecond : 0.0;
}

double mergedOneFOneBLayerSeconds(double a2a, double attnFwd, double mlpBwdData, double mlpBwdWeight, double mlpFwd,
                                  double attnBwd)
{
    // Both streams start together: combine backward on the communication stream, attention forward on compute.
    const double combineBwdEnd = a2a;
    const double attnFwdEnd = attnFwd;
    // The MLP's data gradient needs combine backward; dispatch forward needs attention forward and the free stream.
    const double mlpBwdEnd = std::max(attnFwdEnd, combineBwdEnd) + mlpBwdData;
    const double dwEnd = mlpBwdEnd + mlpBwdWeight;
    const double dispatchFwdEnd = std::max(combineBwdEnd, attnFwdEnd) + a2a;
    // Dispatch backward needs the MLP's data gradient; the MLP forward needs dispatch forward and the free stream.
    const double dispatchBwdEnd = std::max(dispatchFwdEnd, mlpBwdEnd) + a2a;
    const double mlpFwdEnd = std::max(dwEnd, dispatchFwdEnd) + mlpFwd;
    // Combine forward needs the MLP forward (its stream after dispatch backward); attention backward needs dispatch
    // backward (its stream after the MLP forward).
    const double combineFwdEnd = std::max(dispatchBwdEnd, mlpFwdEnd) + a2a;
    const double attnBwdEnd = std::max(mlpFwdEnd, dispatchBwdEnd) + attnBwd;
    return std::max(combineFwdEnd, attnBwdEnd);
}

double mergedOneFOneBLayerExposedSeconds(double a2a, double attnFwd, double mlpBwdData, double mlpBwdWeight, double mlpFwd,
                                         double attnBwd)
{
    const double compute = attnFwd + attnBwd + mlpFwd + mlpBwdData + mlpBwdWeight;
    return mergedOneFOneBLayerSeconds(a2a, attnFwd, mlpBwdData, mlpBwdWeight, mlpFwd, attnBwd) - compute;
}

} // namespace shardscope
