// SPDX-License-Identifier: MIT
#pragma once

#include <QPaintDevice>

#include <memory>

namespace shardscope {

class ClippingPaintEngine;

/**
 * A paint device that hands what a QPainter draws on it to `target` (a QSvgGenerator), each shape cut to the painter's
 * clip first (issue 26). Qt 6.4's SVG generator ignores the clip: a chart's bars and curves, which Qt Charts and our own
 * views keep inside the plot by clipping, ran through the axis labels and the caption in the SVG while the PNG and the
 * PDF were right. Here a shape wholly inside the clip passes unchanged, one wholly outside is dropped, and one across
 * its edge is drawn as its fill and its stroke's outline intersected with the clip (what a raster engine shows). A
 * text is kept whole where any of it lies in the clip (an SVG text cannot be cut), dropped where none does; an image is
 * cut to a rectangular clip.
 */
class ClippedSvgDevice : public QPaintDevice
{
public:
    explicit ClippedSvgDevice(QPaintDevice* target);
    ~ClippedSvgDevice() override;
    ClippedSvgDevice(const ClippedSvgDevice&) = delete;
    ClippedSvgDevice& operator=(const ClippedSvgDevice&) = delete;

    QPaintEngine* paintEngine() const override;

protected:
    int metric(PaintDeviceMetric m) const override;

private:
    QPaintDevice* m_target;
    std::unique_ptr<ClippingPaintEngine> m_engine;
};

} // namespace shardscope
