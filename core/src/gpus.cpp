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
        {"h200-141gb", "H200 141GB SXM", 143771 * MiB, 4.8e12, 989e12, 1979e12, 450e9, 50e9, 50e9,
         "nvidia-smi: 143771 MiB; NVIDIA H200 datasheet", 1.0},
        {"b200-192gb", "B200 (HGX)", 183359 * MiB, 8e12, 2250e12, 4500e12, 900e9, 50e9, 50e9,
         "nvidia-smi: 183359 MiB (about 180 GB usable of 192 GB on HGX); NVIDIA B200 datasheet", 1.0},
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
    };
    return g;
}

std::optional<GpuPreset> findGpuPreset(const std::string& id)
{
    for (const auto& g : gpuPresets())
        if (g.id == id)
            return g;
    return std::nullopt;
}

} // namespace shardscope
