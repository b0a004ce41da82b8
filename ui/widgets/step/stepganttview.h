// SPDX-License-Identifier: MIT
#pragma once

#include "steptimeline.h"

#include <QColor>
#include <QList>
#include <QRectF>
#include <QString>

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

    /// The legend's entries for the current step, as its title lines show them (issue 26: none is left out; the legend
    /// wraps onto more lines instead), each with where the last layout placed it.
    struct LegendEntry
    {
        QColor color;
        QString name;
        QRectF box; ///< the swatch and the name, in widget coordinates at the present width
    };
    QList<LegendEntry> legendEntries() const;

protected:
    void paintStatic(QPainter& p) override;
    double headerHeight() const override;
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    /// Rows the chart draws for the current step (compute always; TP, DP, PP, host traffic and bubble if any).
    int rowCount() const;
    mutable std::weak_ptr<const stepui::StepData> m_rowsData; ///< the step rowCount() counted
    mutable int m_rows = 3;
    /// What the step shows, counted once per step: recompute, optimizer, all-to-all, bubble.
    struct Shown
    {
        bool recompute = false, optimizer = false, allToAll = false, bubble = false;
    };
    Shown shown() const;
    mutable std::weak_ptr<const stepui::StepData> m_shownData;
    mutable Shown m_shown;
    int m_allToAllItems = 0;
    bool m_legendAllToAll = false;
};

} // namespace shardscope
