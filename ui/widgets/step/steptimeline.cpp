// SPDX-License-Identifier: MIT
#include "steptimeline.h"
#include <QFontMetricsF>

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace shardscope {

StepTimeline::StepTimeline(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
    setCursor(Qt::PointingHandCursor);
}

void StepTimeline::setData(stepui::StepDataPtr data)
{
    m_data = std::move(data);
    updateGeometry(); // a subclass's minimum size may follow the data (the pipeline's stage rows)
    invalidate();
}

void StepTimeline::invalidate()
{
    m_dirty = true;
    update();
}

void StepTimeline::setPlayhead(double t)
{
    if (t == m_playhead)
        return;
    // Only the old and new playhead columns (and the overlay) change.
    m_playhead = t;
    update();
}

QRectF StepTimeline::plotArea() const
{
    const double top = headerHeight(), bottom = footerHeight();
    return QRectF(leftMargin(), top, std::max(10, width() - leftMargin() - 12), std::max(10.0, height() - top - bottom));
}

int StepTimeline::leftMargin() const { return int(std::lround(110 * std::max(1.0, stepui::lineHeight(font()) / 18.0))); }

double StepTimeline::headerHeight() const { return std::max(18.0, stepui::lineHeight(font())); }

void StepTimeline::paintTimeAxis(QPainter& p, const QRectF& a, double T)
{
    const QFontMetricsF fm(font());
    const double L = stepui::lineHeight(font());
    QList<double> ticks;
    double step = T;
    for (int n = 5;; --n) {
        ticks = stepui::roundTicks(T, n);
        step = ticks.size() > 1 ? ticks[1] : T;
        double widest = 0;
        for (const double t : ticks)
            widest = std::max(widest, std::ceil(fm.horizontalAdvance(stepui::tickSecondsText(t, T, step))) + 2);
        if (n == 1 || a.width() * step / std::max(T, 1e-12) >= 1.5 * widest)
            break;
    }
    for (const double t : ticks) {
        const double x = stepui::timeToX(t, T, a);
        p.drawLine(QPointF(x, a.bottom()), QPointF(x, a.bottom() + 3));
        const QString s = stepui::tickSecondsText(t, T, step);
        const double w = std::ceil(fm.horizontalAdvance(s)) + 2;
        const double left = std::clamp(x - w / 2, a.left(), std::max(a.left(), a.right() - w));
        label(p, QRectF(left, a.bottom() + 3, w, std::min(L, height() - a.bottom() - 3)), Qt::AlignHCenter | Qt::AlignVCenter, s);
    }
}

double StepTimeline::footerHeight() const { return std::max(20.0, stepui::lineHeight(font()) + 2); }

double StepTimeline::timeAtX(double x) const
{
    return m_data ? stepui::xToTime(x, m_data->result.totals.stepTime, plotArea()) : 0.0;
}

double StepTimeline::xAtTime(double t) const
{
    return m_data ? stepui::timeToX(t, m_data->result.totals.stepTime, plotArea()) : plotArea().left();
}

void StepTimeline::paintEvent(QPaintEvent*)
{
    const qreal dpr = devicePixelRatioF();
    if (m_dirty || m_cache.size() != size() * dpr) {
        m_cache = QPixmap(size() * dpr);
        m_cache.setDevicePixelRatio(dpr);
        m_cache.fill(palette().color(QPalette::Base));
        QPainter cp(&m_cache);
        cp.setFont(font()); // a pixmap painter starts with the application font, not the widget's
        cp.setRenderHint(QPainter::Antialiasing, false);
        m_labels.clear();
        if (m_data)
            paintStatic(cp);
        m_dirty = false;
    }
    QPainter p(this);
    p.drawPixmap(0, 0, m_cache);
    if (!m_data)
        return;
    const QRectF a = plotArea();
    const double x = xAtTime(m_playhead);
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawLine(QPointF(x, a.top() - 4), QPointF(x, a.bottom() + 4));
    paintOverlay(p);
}

void StepTimeline::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    m_dirty = true;
}

void StepTimeline::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton && m_data && plotArea().adjusted(-4, -20, 4, 20).contains(e->position()))
        Q_EMIT seekRequested(timeAtX(e->position().x()));
}

void StepTimeline::mouseMoveEvent(QMouseEvent* e)
{
    if ((e->buttons() & Qt::LeftButton) && m_data)
        Q_EMIT seekRequested(timeAtX(e->position().x()));
}

void StepTimeline::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange)
        updateGeometry(); // margins and minimum sizes follow the font (presentation mode)
    if (e->type() == QEvent::PaletteChange || e->type() == QEvent::FontChange)
        invalidate();
}

} // namespace shardscope
