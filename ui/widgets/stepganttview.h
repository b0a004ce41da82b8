// SPDX-License-Identifier: MIT
#pragma once

#include "steptimeline.h"

namespace shardscope {

/// The worst rank's step as a Gantt chart: compute (forward, recompute, backward, optimizer), the TP,
/// DP, PP and host traffic (exposed solid, hidden light), and the pipeline bubble, with the playhead.
class StepGanttView : public StepTimeline
{
    Q_OBJECT
public:
    explicit StepGanttView(QWidget* parent = nullptr);
    QSize sizeHint() const override { return QSize(900, 170); }
    QSize minimumSizeHint() const override { return QSize(300, 140); }

protected:
    void paintStatic(QPainter& p) override;
};

} // namespace shardscope
