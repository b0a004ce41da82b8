// SPDX-License-Identifier: MIT
#pragma once

// The GPU a measured run's free-text GPU cell names (issue 24: a row the reader cannot read is a defect of the
// reader). Published runs name their GPUs as their vendors and sites write them ("A100-SXM4-80GB", "8x H800",
// "Tesla V100-SXM2-32GB", "NVIDIA H100 PCIe", "GH200 (96 GB)", "MI325X"): each name is read to a preset of
// gpus.cpp, plus the datasheet figures by which a variant differs from that preset (its memory, its tensor peak, its
// HBM or its GPU-GPU link). Both readers (validation_steps.cpp and validation_memory.cpp) read GPUs only through
// this, so they never disagree. docs/validation.md, "GPU names the readers know", lists every variant and source.

#include <cstdint>
#include <optional>
#include <string>

namespace shardscope {

struct Scenario;

struct GpuTypeReading
{
    std::string preset; ///< a gpuPresets() id ("custom" for a GPU given by its figures alone); "" when refused
    std::string phrase; ///< the name read ("H800", "V100 ... 16GB")
    std::string refusal; ///< why no preset describes the GPU, where preset is ""
    /// The variant's figures where they differ from the preset's (0 / nullopt = the preset's), and their source.
    std::optional<std::int64_t> capacityBytes;
    double peakFlops16 = 0;
    double hbmBytesPerSecond = 0;
    double intraNodeBytesPerSecond = 0; ///< per GPU per direction
    std::string variant; ///< what differs from the preset and the datasheet that says so; "" when the preset is it
};

/// Reads a GPU cell: whole words, case-insensitive, a plural "s" and a count prefix ("8xH100") allowed; "GH200" is
/// not an "H200" nor "GB200" a "B200". Never throws: a name it cannot place comes back with `refusal` set.
GpuTypeReading readGpuType(const std::string& text);

/// The reading's preset and variant figures onto a scenario (gpu, capacity, peak, HBM, intra-node link).
void applyGpuTypeReading(const GpuTypeReading& r, Scenario& s);

} // namespace shardscope
