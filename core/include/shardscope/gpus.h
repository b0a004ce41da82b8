// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// A GPU type: memory as the driver reports it, throughput and links (MODEL.md section 7).
struct GpuPreset
{
    std::string id;
    std::string name;
    std::int64_t capacityBytes = 0; ///< total memory as nvidia-smi / rocm-smi reports it
    double hbmBytesPerSecond = 0;
    double peakFlops16 = 0; ///< dense BF16/FP16 FLOP/s
    double peakFlops8 = 0; ///< dense FP8 FLOP/s (0 = not supported)
    double intraNodeBytesPerSecond = 0; ///< GPU-GPU per GPU per direction (NVLink), 0 = PCIe only
    double interNodeBytesPerSecond = 0; ///< scale-out NIC share per GPU per direction
    double pcieBytesPerSecond = 0; ///< host link per direction
    std::string source;
    /// Sustained tensor-core throughput relative to the same silicon at its stock TDP (1 = stock). A power
    /// cap lowers the clock the GPU holds under sustained matmul load; GEMMs and fused attention scale by it
    /// (docs/validation-steps.md, "Power-capped H100").
    double powerCapFraction = 1.0;
};

const std::vector<GpuPreset>& gpuPresets();
std::optional<GpuPreset> findGpuPreset(const std::string& id);
/// The id of the silicon a preset runs, for what depends on the chip rather than the board (SM count, kernel rates):
/// the H800 runs the H100's ("h800-80gb" -> "h100-80gb"), the A800 the A100's; any other preset is its own.
std::string gpuSilicon(const GpuPreset& g);

} // namespace shardscope
