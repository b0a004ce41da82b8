// SPDX-License-Identifier: MIT
#include "shardscope/gpus.h"

namespace shardscope {

namespace {
constexpr std::int64_t MiB = 1048576;
}

const std::vector<GpuPreset>& gpuPresets()
{
    // Capacities: total memory as nvidia-smi (rocm-smi for MI300X) reports it. Throughput and
    // links: MODEL.md section 7 (vendor data sheets; NVLink figures halved to per direction).
    static const std::vector<GpuPreset> g = {
        {"a100-40gb", "A100 40GB SXM", 40960 * MiB, 1555e9, 312e12, 0, 300e9, 25e9, 25e9,
         "nvidia-smi: 40960 MiB; NVIDIA A100 datasheet", 1.0},
        {"a100-80gb", "A100 80GB SXM", 81920 * MiB, 2039e9, 312e12, 0, 300e9, 25e9, 25e9,
         "nvidia-smi: 81920 MiB; NVIDIA A100 datasheet", 1.0},
        {"h100-80gb", "H100 80GB SXM", 81559 * MiB, 3.35e12, 989e12, 1979e12, 450e9, 50e9, 50e9,
         "nvidia-smi: 81559 MiB; NVIDIA H100 datasheet", 1.0},
        // The export parts (issue 25: DeepSeek-V3 trained on 2,048 H800s): NVIDIA's H800 SXM5 and A800 SXM4 datasheets give
        // the H100 SXM's and A100 SXM's compute, memory and FP8 with NVLink cut to 400 GB/s (200 GB/s a direction). The
        // 80 GB boards are the H100's and A100's, taken at their nvidia-smi figures. kernels.cpp prices them as the
        // silicon they share (gpuSilicon()).
        {"h800-80gb", "H800 80GB SXM", 81559 * MiB, 3.35e12, 989e12, 1979e12, 200e9, 50e9, 50e9,
         "NVIDIA H800 SXM5 datasheet: the H100 SXM with NVLink at 400 GB/s; 81559 MiB as the H100 80GB", 1.0},
        {"a800-80gb", "A800 80GB SXM", 81920 * MiB, 2039e9, 312e12, 0, 200e9, 25e9, 25e9,
         "NVIDIA A800 SXM4 datasheet: the A100 80GB SXM with NVLink at 400 GB/s; 81920 MiB as the A100 80GB", 1.0},
        {"h200-141gb", "H200 141GB SXM", 143771 * MiB, 4.8e12, 989e12, 1979e12, 450e9, 50e9, 50e9,
         "nvidia-smi: 143771 MiB; NVIDIA H200 datasheet", 1.0},
        {"b200-192gb", "B200 (HGX)", 183359 * MiB, 8e12, 2250e12, 4500e12, 900e9, 50e9, 50e9,
         "nvidia-smi: 183359 MiB (about 180 GB usable of 192 GB on HGX); NVIDIA B200 datasheet", 1.0},
        // GB200 NVL72 and HGX B300: NVIDIA's datasheets give nominal capacities in GB (10^9 B; 13.4 TB HBM3e over 72 GPUs
        // = 186 GB; 2.3 TB over 8 B300 = 288 GB), not nvidia-smi's MiB. Dense throughput = the sparse figures / 2:
        // GB200 NVL72 360 PF BF16 and 720 PF FP8 over 72 GPUs; HGX B300 36 PF BF16 and 72 PF FP8 over 8 (the same dense
        // 2.25 PFLOP/s BF16 as pytorch/ao torchao/testing/training/roofline_utils.py@0598012 gives the B200). NVLink 5:
        // 1.8 TB/s per GPU (900 GB/s per direction); ConnectX-7 400 Gb/s per GPU (GB200), ConnectX-8 800 Gb/s (B300).
        {"gb200-186gb", "GB200 (NVL72)", std::int64_t(186'000'000'000), 8e12, 2500e12, 5000e12, 900e9, 50e9, 50e9,
         "186 GB nominal (NVIDIA GB200 NVL72 datasheet: 13.4 TB HBM3e / 72 GPUs, 8 TB/s, 360 PF sparse BF16 / 72)", 1.0},
        {"b300-288gb", "B300 (HGX, Blackwell Ultra)", std::int64_t(288'000'000'000), 8e12, 2250e12, 4500e12, 900e9, 100e9,
         50e9, "288 GB nominal (NVIDIA HGX B300 datasheet: 2.3 TB HBM3e / 8 GPUs, 8 TB/s, 36 PF sparse BF16 / 8)", 1.0},
        {"gb300-288gb", "GB300 (NVL72, Blackwell Ultra)", std::int64_t(288'000'000'000), 8e12, 2500e12, 5000e12, 900e9,
         100e9, 50e9,
         "288 GB nominal (NVIDIA GB300 NVL72 datasheet: 20.7 TB HBM3e / 72 GPUs, 8 TB/s, 360 PF sparse BF16 / 72; "
         "ConnectX-8 800 Gb/s per GPU)",
         1.0},
        {"mi300x-192gb", "MI300X", 196288 * MiB, 5.3e12, 1307e12, 2615e12, 448e9, 50e9, 50e9,
         "rocm-smi: 205,822,885,888 B; AMD MI300X datasheet (896 GB/s xGMI aggregate, halved)", 1.0},
        {"l40s-48gb", "L40S", 46068 * MiB, 864e9, 362e12, 733e12, 0, 25e9, 25e9,
         "nvidia-smi: 46068 MiB; NVIDIA L40S datasheet (PCIe Gen4 only)", 1.0},
        {"rtx4090-24gb", "RTX 4090", 24564 * MiB, 1008e9, 165e12, 330e12, 0, 3.125e9, 25e9,
         "nvidia-smi: 24564 MiB; NVIDIA Ada whitepaper (PCIe Gen4, 25 GbE between nodes)", 1.0},
        {"v100-32gb", "V100 32GB SXM2", 32768 * MiB, 900e9, 125e12, 0, 150e9, 12.5e9, 12.5e9,
         "32 GiB nominal (32768 MiB); NVIDIA V100 datasheet: 900 GB/s HBM2, 125 TFLOP/s fp16 tensor, NVLink2 300 GB/s "
         "(150 per direction), PCIe Gen3 x16, 100 Gb/s EDR IB", 1.0},
        {"h100-96gb", "H100 SXM 96GB HBM2e (500 W)", 98304 * MiB, 2.4e12, 989e12, 1979e12, 450e9, 50e9, 50e9,
         "96 GiB nominal (98304 MiB); the Grand Teton H100 of the torchtitan H100 benchmarks "
         "(pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md): 96 GB HBM2e at 2.4 TB/s, 400 Gb/s RDMA "
         "per GPU, run at its default 500 W power limit; nominal peak and NVLink of the H100 SXM datasheet, sustained "
         "tensor throughput 500/700 of the 700 W part",
         500.0 / 700.0},
        // --- GPUs fine-tuners have (issue 28): dense 16-bit tensor peak with fp32 accumulation (the GeForce parts run
        // it at half the fp16-accumulate rate), PCIe only (the 3090's optional NVLink bridge is not assumed).
        {"rtx3090-24gb", "RTX 3090", 24576 * MiB, 936e9, 71e12, 0, 0, 3.125e9, 25e9,
         "nvidia-smi: 24576 MiB; NVIDIA Ampere GA102 whitepaper: 936 GB/s GDDR6X, 71 TFLOP/s FP16/BF16 tensor with FP32 "
         "accumulate (dense), PCIe Gen4 x16",
         1.0},
        {"rtx5090-32gb", "RTX 5090", 32607 * MiB, 1792e9, 209.5e12, 419e12, 0, 3.125e9, 50e9,
         "nvidia-smi: 32607 MiB; NVIDIA RTX Blackwell GPU architecture whitepaper: 1792 GB/s GDDR7, 209.5 TFLOP/s "
         "FP16/BF16 tensor and 419 FP8 with FP32 accumulate (dense), PCIe Gen5 x16",
         1.0},
        {"l4-24gb", "L4", 23034 * MiB, 300e9, 121e12, 242.5e12, 0, 3.125e9, 25e9,
         "nvidia-smi: 23034 MiB; NVIDIA L4 datasheet: 300 GB/s GDDR6, 121 TFLOP/s BF16 and 242.5 FP8 tensor (dense, half "
         "the sparse figures), PCIe Gen4 x16, 72 W",
         1.0},
        {"a10g-24gb", "A10G (AWS g5)", 23028 * MiB, 600e9, 70e12, 0, 0, 3.125e9, 25e9,
         "nvidia-smi: 23028 MiB; AWS publishes no datasheet: 600 GB/s GDDR6 and 70 TFLOP/s FP16 tensor (dense) as "
         "Baseten's 'NVIDIA A10 vs A10G for ML model inference' tabulates them (the A10's 125 at a lower tensor clock), "
         "PCIe Gen4 x16",
         1.0},
    };
    return g;
}

std::string gpuSilicon(const GpuPreset& g)
{
    // The export parts run the silicon of the part they derive from (their datasheets above); everything else is its
    // own. Kernel rates, SM counts and measured GEMM ratios are per silicon, links and memory per preset.
    if (g.id.rfind("h800", 0) == 0)
        return "h100" + g.id.substr(4);
    if (g.id.rfind("a800", 0) == 0)
        return "a100" + g.id.substr(4);
    return g.id;
}

std::optional<GpuPreset> findGpuPreset(const std::string& id)
{
    for (const auto& g : gpuPresets())
        if (g.id == id)
            return g;
    return std::nullopt;
}

} // namespace shardscope
