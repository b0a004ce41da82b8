// SPDX-License-Identifier: MIT
#pragma once

#include "stepcommon.h"

#include <QPixmap>
#include <QWidget>

namespace shardscope {

/**
 * Base of the Step view's time charts (pipeline schedule, Gantt, memory): the step's time runs left to
 * right over the plot area. The static picture is painted once into a cached pixmap (re-made when the
 * step or the size changes); each frame only draws the playhead over it, so playing stays cheap.
 * A click or drag on the plot asks the view to jump there (seekRequested).
 */
class StepTimeline : public QWidget
{
    Q_OBJECT
public:
    explicit StepTimeline(QWidget* parent = nullptr);
    void setData(stepui::StepDataPtr data);
    void setPlayhead(double t);
    double playhead() const { return m_playhead; }
    /// The plot area (time axis) in widget coordinates.
    QRectF plotArea() const;
    /// Time at widget x (for tests and clicks).
    double timeAtX(double x) const;
    double xAtTime(double t) const;
    /// Paints the static picture (no playhead) with `p`, e.g. into an SVG or PDF for export.
    void renderStatic(QPainter& p) { paintStatic(p); }
    /// The texts the last static paint drew through label() (tests check that none is clipped).
    const QList<stepui::DrawnLabel>& labels() const { return m_labels; }

Q_SIGNALS:
    void seekRequested(double t);

protected:
    /// Paints the static picture (everything but the playhead) for the current data.
    virtual void paintStatic(QPainter& p) = 0;
    /// Paints what follows the playhead (besides the line): e.g. the value at the playhead.
    virtual void paintOverlay(QPainter& p) { Q_UNUSED(p); }
    /// 110 px at the default font, growing with the font (presentation mode doubles it).
    virtual int leftMargin() const;
    /// Heights of the title line above the plot and of the line below it: one line of the widget's font (the Gantt's
    /// legend may take more lines where its entries do not fit on one).
    virtual double headerHeight() const;
    double footerHeight() const;
    /// The time axis under plot `a` for a step of T seconds: ticks at round times (0, 5, 10 s; not quarters of the
    /// step, "2.676 s"), thinned so that labels keep half a label apart, each one line of the font high.
    void paintTimeAxis(QPainter& p, const QRectF& a, double T);
    /// drawText for the static picture: elided to its box, and logged in labels().
    void label(QPainter& p, const QRectF& r, int flags, const QString& text) { stepui::drawLabel(p, r, flags, text, &m_labels); }
    const stepui::StepDataPtr& data() const { return m_data; }
    void invalidate();

    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    stepui::StepDataPtr m_data;
    QList<stepui::DrawnLabel> m_labels;
    QPixmap m_cache;
    bool m_dirty = true;
    double m_playhead = 0;
};

} // namespace shardscope
