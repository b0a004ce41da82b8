// SPDX-License-Identifier: MIT
#pragma once

#include "steptimeline.h"

#include <vector>

namespace shardscope {

/// The pipeline schedule: stages x time, one forward and one backward block per micro-batch (per model
/// chunk when interleaved), the bubble shaded with its fraction written, and the micro-batches each stage
/// holds in flight (which sets its activation memory).
class StepPipelineView : public StepTimeline
{
    Q_OBJECT
public:
    explicit StepPipelineView(QWidget* parent = nullptr);
    QSize sizeHint() const override { return QSize(900, 200); }
    QSize minimumSizeHint() const override;
    /// Most micro-batches whose activations stage i holds at once (from the schedule's blocks).
    std::int64_t inflight(std::int64_t stage) const;
    /// "stage 2 · 3 in flight" ("▶ " before the worst rank's stage): the row's label.
    QString stageLabel(std::int64_t stage) const;

protected:
    void paintStatic(QPainter& p) override;
    /// The block each stage runs at the playhead, outlined: micro-batches moving across the stages.
    void paintOverlay(QPainter& p) override;
    int leftMargin() const override;

private:
    mutable const void* m_marginData = nullptr; ///< the step and font the cached margin was measured for
    mutable QFont m_marginFont;
    mutable int m_margin = 150;
};

} // namespace shardscope
