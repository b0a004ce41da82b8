// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QRectF>

#include <optional>

namespace shardscope {

class MemoryPerGpuChart;

/**
 * Where one term's segment of one stacked bar of the per-GPU memory chart lies, in the chart view's
 * coordinates ("optimizer states of rank 0": term Optimizer, bar 0). Found from the lecture side through the
 * chart's public barSet() and QChart::mapToPosition: the segment spans the bar's width (the series'
 * barWidth() around the category's x) and, stacked in the series' set order, from the sum of the sets below
 * it to that sum plus its value. nullopt when the term holds no bytes in that bar or the bar does not exist.
 */
std::optional<QRectF> barSegmentRect(const MemoryPerGpuChart* chart, Term term, int bar);

} // namespace shardscope
