// SPDX-License-Identifier: MIT
#include "shardscope/trainer.h"

#include <stdexcept>

namespace shardscope::train {

std::vector<LayerSpan> mlpLayout(const MlpConfig& c)
{
    std::vector<int> dims;
    dims.push_back(c.inputs);
    dims.insert(dims.end(), c.hidden.begin(), c.hidden.end());
    dims.push_back(c.outputs);
    std::vector<LayerSpan> layers;
    std::int64_t offset = 0;
    for (std::size_t l = 0; l + 1 < dims.size(); ++l) {
        LayerSpan s;
        s.in = dims[l];
        s.out = dims[l + 1];
        s.offset = offset;
        s.count = std::int64_t(s.in) * s.out + s.out;
        offset += s.count;
        layers.push_back(s);
    }
    return layers;
}

std::int64_t mlpParamCount(const MlpConfig& c)
{
    std::int64_t n = 0;
    for (const LayerSpan& s : mlpLayout(c))
        n += s.count;
    return n;
}

std::vector<float> flatten(const std::vector<std::vector<float>>& tensors, std::int64_t paddedTo)
{
    std::vector<float> flat;
    for (const auto& t : tensors)
        flat.insert(flat.end(), t.begin(), t.end());
    if (paddedTo < static_cast<std::int64_t>(flat.size()))
        throw std::invalid_argument("flatten: padded length shorter than the tensors");
    flat.resize(static_cast<std::size_t>(paddedTo), 0.0f);
    return flat;
}

std::vector<std::vector<float>> unflatten(const std::vector<float>& flat, const std::vector<std::int64_t>& sizes)
{
    std::vector<std::vector<float>> out;
    std::size_t at = 0;
    for (std::int64_t n : sizes) {
        if (n < 0 || at + static_cast<std::size_t>(n) > flat.size())
            throw std::invalid_argument("unflatten: the sizes exceed the flat buffer");
        out.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(at),
                         flat.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(n)));
        at += static_cast<std::size_t>(n);
    }
    return out;
}

const char* memCategoryKey(MemCategory c)
{
    switch (c) {
    case MemCategory::Params: return "params";
    case MemCategory::Grads: return "grads";
    case MemCategory::Master: return "master";
    case MemCategory::Moments: return "moments";
    case MemCategory::Gathered: return "gathered";
    case MemCategory::Scratch: return "scratch";
    }
    return "";
}

void MemoryLedger::allocate(MemCategory c, std::int64_t bytes, const std::string& label)
{
    auto& cur = m_current[static_cast<std::size_t>(c)];
    cur += bytes;
    m_peak[static_cast<std::size_t>(c)] = std::max(m_peak[static_cast<std::size_t>(c)], cur);
    m_total += bytes;
    m_peakTotal = std::max(m_peakTotal, m_total);
    if (m_keepTimeline)
        m_timeline.push_back(MemEvent {label, c, bytes, m_total});
}

void MemoryLedger::release(MemCategory c, std::int64_t bytes, const std::string& label)
{
    m_current[static_cast<std::size_t>(c)] -= bytes;
    m_total -= bytes;
    if (m_keepTimeline)
        m_timeline.push_back(MemEvent {label, c, -bytes, m_total});
}

} // namespace shardscope::train
