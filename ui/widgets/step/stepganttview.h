// SPDX-License-Identifier: MIT
#pragma once

#include "steptimeline.h"

namespace shardscope {

/// The worst rank's step as a Gantt chart: compute (forward, recompute, backward, optimizer), the TP,
/// DP, PP and host traffic (exposed solid, hidden light), the MoE all-to-alls (their own colour), and the pipeline bubble, with the playhead.
class StepGanttView : public StepTimeline
{
    Q_OBJECT
public:
    explicit StepGanttView(QWidget* parent = nullptr);
    QSize sizeHint() const override { return QSize(900, 170); }
    /// The legend, the rows one line of the font high each, and the time axis (grows in presentation mode).
    QSize minimumSizeHint() const override;
    /// MoE (issue 25): the all-to-all bars the last paint drew (one per all-to-all event) and whether the legend
    /// showed the all-to-all entry.
    int allToAllItems() const { return m_allToAllItems; }
    bool legendShowsAllToAll() const { return m_legendAllToAll; }

protected:
    void paintStatic(QPainter& p) override;
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    /// Rows the chart draws for the current step (compute always; TP, DP, PP, host traffic and bubble if any).
    int rowCount() const;
    mutable std::weak_ptr<const stepui::StepData> m_rowsData; ///< the step rowCount() counted
    mutable int m_rows = 3;
    int m_allToAllItems = 0;
    bool m_legendAllToAll = false;
};

} // namespace shardscope
