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
    QSize minimumSizeHint() const override { return QSize(300, 110); }
    /// The y scale's top in bytes.
    double scaleBytes() const;

protected:
    void paintStatic(QPainter& p) override;
    void paintOverlay(QPainter& p) override;
};

} // namespace shardscope
