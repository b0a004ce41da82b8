// SPDX-License-Identifier: MIT
#pragma once

#include "steptimeline.h"

namespace shardscope {

/// The worst rank's memory over the step against the GPU's capacity, with the playhead and the value at it.
/// Its maximum is the footprint's peak (computeStep builds the timeline from the footprint's terms).
class StepMemoryView : public StepTimeline
{
    Q_OBJECT
public:
    explicit StepMemoryView(QWidget* parent = nullptr);
    QSize sizeHint() const override { return QSize(900, 150); }
    /// The title, the peak and capacity labels and a plot, in lines of the font (grows in presentation mode).
    QSize minimumSizeHint() const override;
    /// The y scale's top in bytes.
    double scaleBytes() const;
    /// Where the value at the playhead is drawn: next to the point, clear of the static labels (peak, capacity).
    QRectF playheadLabelRect() const;
    /// "allocated", "reserved", "device used": the capacity measure the memory is drawn in.
    static QString measureText(CapacityMeasure m);

protected:
    void paintStatic(QPainter& p) override;
    void paintOverlay(QPainter& p) override;
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;
};

} // namespace shardscope
