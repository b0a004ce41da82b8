// SPDX-License-Identifier: MIT
#include "shardscope/gputype.h"

#include "shardscope/gpus.h"
#include "shardscope/scenario.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

namespace shardscope {

namespace {

constexpr std::int64_t MiB = 1048576;

/// The cell's words, lower case: runs of letters and digits, a count prefix dropped ("8xh100" -> "h100").
std::set<std::string> wordsOf(const std::string& text)
{
    std::set<std::string> words;
    std::string w;
    const auto flush = [&] {
        if (w.empty())
            return;
        static const std::regex count("^[0-9]+x([a-z].*)$");
        std::smatch m;
        words.insert(std::regex_match(w, m, count) ? m[1].str() : w);
        w.clear();
    };
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            w += char(std::tolower(static_cast<unsigned char>(c)));
        else
            flush();
    }
    flush();
    return words;
}

/// The memory a cell states in GB or GiB ("80GB", "96 GB HBM2e", "16GiB"), not a rate ("900 GB/s", "400 Gbps",
/// "25 GbE"); 0 if none.
int statedGigabytes(const std::string& text)
{
    static const std::regex gb(R"((^|[^0-9A-Za-z.])([0-9]{2,3}) ?(GB|GiB|gb)(?![/p]|it|E))");
    std::smatch m;
    return std::regex_search(text, m, gb) ? std::stoi(m[2].str()) : 0;
}

struct Words
{
    std::set<std::string> w;
    /// The word, or its plural ("h100s").
    bool has(const std::string& word) const { return w.count(word) || w.count(word + "s"); }
    bool exact(const std::string& word) const { return w.count(word) > 0; }
    bool pcie() const
    {
        return std::any_of(w.begin(), w.end(), [](const std::string& x) { return x.rfind("pci", 0) == 0; });
    }
};

GpuTypeReading refuse(const std::string& phrase, const std::string& why)
{
    GpuTypeReading r;
    r.phrase = phrase;
    r.refusal = why;
    return r;
}

GpuTypeReading preset(const std::string& id, const std::string& phrase)
{
    GpuTypeReading r;
    r.preset = id;
    r.phrase = phrase;
    return r;
}

double pcieOf(const std::string& id)
{
    const auto g = findGpuPreset(id);
    return g ? g->pcieBytesPerSecond : 0.0;
}

} // namespace

GpuTypeReading readGpuType(const std::string& text)
{
    const Words w {wordsOf(text)};
    const int gb = statedGigabytes(text);
    const std::string sized = gb > 0 ? " " + std::to_string(gb) + "GB" : "";

    // --- Blackwell: "GB200" is not a "B200", nor "GB300" a "B300".
    if (w.has("gb200"))
        return preset("gb200-186gb", "GB200");
    if (w.has("gb300"))
        return preset("gb300-288gb", "GB300");
    if (w.has("b300"))
        return preset("b300-288gb", "B300");
    if (w.has("b200"))
        return preset("b200-192gb", "B200");

    // --- Hopper. "GH200" (the Grace Hopper superchip) is not an "H200"; "H20" is neither.
    if (w.has("gh200")) {
        // NVIDIA GH200 Grace Hopper Superchip datasheet: the H100's tensor cores (989 TFLOP/s dense BF16, 1979 FP8) and
        // NVLink (900 GB/s), with 96 GB HBM3 at 4 TB/s or 144 GB HBM3e at 4.9 TB/s.
        GpuTypeReading r = preset("h100-80gb", "GH200" + sized);
        const bool e = gb == 144 || gb == 141;
        r.capacityBytes = e ? std::int64_t(144'000'000'000) : std::int64_t(96'000'000'000);
        r.hbmBytesPerSecond = e ? 4.9e12 : 4.0e12;
        r.variant = std::string("GH200: the H100's tensor cores and NVLink with ") + (e ? "144 GB HBM3e at 4.9 TB/s" : "96 GB HBM3 at 4 TB/s")
            + (gb == 0 ? " (the first GH200; a cell saying 144GB reads the HBM3e part)" : "")
            + " (NVIDIA GH200 Grace Hopper Superchip datasheet)";
        return r;
    }
    if (w.has("h200"))
        return preset("h200-141gb", "H200");
    if (w.exact("h20"))
        return refuse("H20", "H20: no preset (NVIDIA publishes no datasheet figures for it that the model could take)");
    const bool h800 = w.has("h800");
    if (w.has("h100") || h800) {
        const std::string name = h800 ? "H800" : "H100";
        if (w.exact("nvl")) {
            // NVIDIA H100 datasheet, H100 NVL column (per GPU): 1,671 TFLOP/s BF16 with sparsity (835.5 dense), 94 GB
            // HBM3 at 3.9 TB/s; PCIe Gen5 cards whose NVLink bridges join pairs only.
            GpuTypeReading r = preset("h100-80gb", name + " NVL");
            r.peakFlops16 = 835.5e12;
            r.hbmBytesPerSecond = 3.9e12;
            r.capacityBytes = std::int64_t(94'000'000'000);
            r.intraNodeBytesPerSecond = pcieOf("h100-80gb");
            r.variant = "H100 NVL: 835.5 TFLOP/s dense BF16, 94 GB HBM3 at 3.9 TB/s, GPUs joined by PCIe Gen5 beyond "
                        "the NVLink bridge of a pair (NVIDIA H100 datasheet, H100 NVL column)";
            return r;
        }
        if (w.pcie()) {
            // NVIDIA H100 datasheet, H100 PCIe column: 1,513 TFLOP/s BF16 with sparsity (756 dense), 80 GB HBM2e at
            // 2 TB/s; the H800 PCIe is the same card for the export market (NVIDIA H800 PCIe product brief).
            GpuTypeReading r = preset("h100-80gb", name + " PCIe");
            r.peakFlops16 = 756.5e12;
            r.hbmBytesPerSecond = 2.0e12;
            r.intraNodeBytesPerSecond = pcieOf("h100-80gb");
            r.variant = name + " PCIe: 756.5 TFLOP/s dense BF16, 80 GB HBM2e at 2 TB/s, GPUs joined by PCIe Gen5 "
                        "beyond the NVLink bridge of a pair (NVIDIA H100 datasheet, PCIe column)";
            return r;
        }
        if (h800) {
            // NVIDIA H800 SXM5 datasheet: the H100 SXM's compute and memory, NVLink cut to 400 GB/s (200 GB/s a
            // direction); DeepSeek-V3's report measures 160 GB/s of it (arXiv 2412.19437, section 3.2.2).
            return preset("h800-80gb", "H800");
        }
        // The 96 GB HBM2e H100 of Meta's Grand Teton hosts at its 500 W default limit (torchtitan's benchmarks).
        if (gb == 96)
            return preset("h100-96gb", "H100 96GB");
        return preset("h100-80gb", "H100");
    }

    // --- Ampere and Volta.
    const bool a800 = w.has("a800");
    if (w.has("a100") || a800) {
        const std::string name = a800 ? "A800" : "A100";
        const bool forty = gb == 40;
        GpuTypeReading r = preset(forty ? "a100-40gb" : (a800 && !w.pcie()) ? "a800-80gb" : "a100-80gb",
                                  name + (forty ? " 40GB" : ""));
        if (w.pcie()) {
            // NVIDIA A100 datasheet, PCIe columns: the SXM's 312 TFLOP/s, HBM2e at 1,935 GB/s (80 GB) or HBM2 at
            // 1,555 GB/s (40 GB), GPUs joined by PCIe Gen4 beyond the NVLink bridge of a pair.
            r.phrase = name + " PCIe" + (forty ? " 40GB" : "");
            r.hbmBytesPerSecond = forty ? 1555e9 : 1935e9;
            r.intraNodeBytesPerSecond = pcieOf(r.preset);
            r.variant = name + std::string(" PCIe: ") + (forty ? "1,555" : "1,935")
                + " GB/s HBM, GPUs joined by PCIe Gen4 beyond the NVLink bridge of a pair (NVIDIA A100 datasheet, PCIe "
                  "column)";
        } else if (a800 && forty) {
            // NVIDIA A800 SXM4 datasheet: the A100 SXM with NVLink at 400 GB/s (200 GB/s a direction); the 80 GB part
            // has its own preset (a800-80gb).
            r.intraNodeBytesPerSecond = 200e9;
            r.variant = "A800: the A100 SXM with NVLink at 400 GB/s (200 GB/s a direction; NVIDIA A800 datasheet)";
        }
        return r;
    }
    if (w.has("v100") || w.has("v100s")) {
        GpuTypeReading r = preset("v100-32gb", "V100" + sized);
        if (gb == 16) {
            r.capacityBytes = std::int64_t(16160) * MiB; // nvidia-smi: 16160 MiB on a V100 16GB
            r.variant = "V100 16GB: 16,160 MiB as nvidia-smi reports it";
        }
        if (w.pcie()) {
            // NVIDIA V100 datasheet, PCIe column: 112 TFLOP/s tensor (125 on SXM2), 900 GB/s HBM2, PCIe Gen3.
            r.phrase += " PCIe";
            r.peakFlops16 = 112e12;
            r.intraNodeBytesPerSecond = pcieOf("v100-32gb");
            r.variant += std::string(r.variant.empty() ? "" : "; ")
                + "V100 PCIe: 112 TFLOP/s tensor, GPUs joined by PCIe Gen3 (NVIDIA V100 datasheet, PCIe column)";
        }
        return r;
    }

    // --- AMD.
    if (w.has("mi300x"))
        return preset("mi300x-192gb", "MI300X");
    if (w.has("mi325x")) {
        // AMD Instinct MI325X datasheet: the MI300X's CDNA 3 compute (1,307 TFLOP/s dense BF16, 2,615 FP8) and
        // Infinity Fabric links, with 256 GB HBM3E at 6 TB/s.
        GpuTypeReading r = preset("mi300x-192gb", "MI325X");
        r.capacityBytes = std::int64_t(256'000'000'000);
        r.hbmBytesPerSecond = 6e12;
        r.variant = "MI325X: the MI300X's compute and links with 256 GB HBM3E at 6 TB/s (AMD Instinct MI325X datasheet)";
        return r;
    }
    if (w.has("mi250x") || w.has("mi250"))
        return refuse("MI250X", "MI250X / MI250: no preset (each package is two GCDs that frameworks see as two GPUs of "
                                "64 GB; no preset describes one GCD)");

    // --- Workstation and cloud inference parts (presets since issue 28).
    if (w.exact("l40s"))
        return preset("l40s-48gb", "L40S");
    if (w.has("l40"))
        return refuse("L40", "L40: no preset (the L40S is one; the L40 has half its dense tensor rate)");
    if (w.has("l4"))
        return preset("l4-24gb", "L4");
    if (w.has("4090") || w.has("rtx4090"))
        return preset("rtx4090-24gb", "RTX 4090");
    if (w.has("5090") || w.has("rtx5090"))
        return preset("rtx5090-32gb", "RTX 5090");
    if (w.has("3090") || w.has("rtx3090"))
        return preset("rtx3090-24gb", "RTX 3090");
    if (w.has("a10g"))
        return preset("a10g-24gb", "A10G");
    if (w.has("a6000")) {
        // NVIDIA RTX A6000 datasheet: 48 GB GDDR6 at 768 GB/s, 154.8 TFLOP/s FP16 tensor with FP32 accumulate
        // (309.7 with sparsity), PCIe Gen4 x16.
        GpuTypeReading r = preset("custom", "RTX A6000");
        r.capacityBytes = std::int64_t(49140) * MiB; // nvidia-smi: 49140 MiB
        r.peakFlops16 = 154.8e12;
        r.hbmBytesPerSecond = 768e9;
        r.intraNodeBytesPerSecond = 25e9;
        r.variant = "RTX A6000: 49,140 MiB, 154.8 TFLOP/s dense FP16 tensor, 768 GB/s GDDR6, PCIe Gen4 (NVIDIA RTX A6000 "
                    "datasheet)";
        return r;
    }
    for (const char* other : {"tpu", "gaudi", "gaudi2", "gaudi3", "trainium", "trn1", "trn2", "ipu", "wse"})
        if (w.has(other))
            return refuse(text, "'" + text + "' is not a GPU the model describes (its presets are NVIDIA and AMD GPUs)");
    std::string known;
    for (const auto& g : gpuPresets())
        known += (known.empty() ? "" : ", ") + g.name;
    return refuse(text, "GPU type without a preset: " + text + " (the readers know " + known
                            + ", and the H800, A800, GH200, MI325X, H100 / A100 / V100 PCIe, H100 NVL and RTX A6000)");
}

void applyGpuTypeReading(const GpuTypeReading& r, Scenario& s)
{
    s.gpu = r.preset;
    if (r.capacityBytes)
        s.capacityBytes = r.capacityBytes;
    if (r.peakFlops16 > 0)
        s.peakFlops16Override = r.peakFlops16;
    if (r.hbmBytesPerSecond > 0)
        s.hbmBytesPerSecondOverride = r.hbmBytesPerSecond;
    if (r.intraNodeBytesPerSecond > 0)
        s.intraNodeBytesPerSecond = r.intraNodeBytesPerSecond;
}

} // namespace shardscope
