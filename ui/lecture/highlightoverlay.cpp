// SPDX-License-Identifier: MIT
#include "highlightoverlay.h"

#include <QAbstractScrollArea>
#include <QEvent>
#include <QPainter>

#include <utility>

namespace shardscope {

HighlightOverlay::HighlightOverlay(QWidget* window)
    : QWidget(window)
{
    setObjectName(QStringLiteral("tourHighlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

void HighlightOverlay::setTarget(QWidget* target) { setTarget(target, Area()); }

void HighlightOverlay::setTarget(QWidget* target, Area area)
{
    if (m_target)
        m_target->removeEventFilter(this);
    if (m_repaints)
        m_repaints->removeEventFilter(this);
    for (const QPointer<QWidget>& a : std::as_const(m_ancestors))
        if (a)
            a->removeEventFilter(this);
    m_ancestors.clear();
    m_target = target;
    m_area = std::move(area);
    m_repaints = nullptr;
    if (m_target) {
        m_target->installEventFilter(this);
        // The target moves in the window when a widget above it moves or resizes (the verdict line growing pushes the
        // charts down): the frame stayed 19 px above the chart at 1366x768.
        for (QWidget* a = m_target->parentWidget(); a && a != parentWidget(); a = a->parentWidget()) {
            a->installEventFilter(this);
            m_ancestors << a;
        }
        if (m_area) {
            auto* scroll = qobject_cast<QAbstractScrollArea*>(m_target.data());
            m_repaints = scroll ? scroll->viewport() : m_target.data();
            if (m_repaints != m_target)
                m_repaints->installEventFilter(this);
        }
    }
    follow();
}

QRect HighlightOverlay::framedRect() const { return isVisible() ? m_framed : QRect(); }

void HighlightOverlay::setLineWidth(int px)
{
    m_width = px;
    follow();
}

bool HighlightOverlay::eventFilter(QObject* o, QEvent* e)
{
    if (m_area && o == m_repaints && e->type() == QEvent::Paint) {
        // The chart repainted: its bars may have moved (a new scenario, a new axis range). Cheap: one rect.
        // Only a changed rect moves the frame (repainting the frame repaints the chart under it: no loop).
        if (framedNow() != (isVisible() ? m_framed : QRect()))
            follow();
        return QWidget::eventFilter(o, e);
    }
    if (o == m_target || (o->isWidgetType() && m_ancestors.contains(static_cast<QWidget*>(o)))) {
        switch (e->type()) {
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
            follow();
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(o, e);
}

QRect HighlightOverlay::framedNow() const
{
    if (!m_target || !m_target->isVisible() || !parentWidget())
        return QRect();
    QRect inTarget = m_target->rect();
    if (m_area) {
        const std::optional<QRectF> a = m_area();
        if (!a || a->isEmpty())
            return QRect();
        inTarget = a->toAlignedRect().intersected(m_target->rect());
    }
    return QRect(m_target->mapTo(parentWidget(), inTarget.topLeft()), inTarget.size());
}

void HighlightOverlay::follow()
{
    m_framed = framedNow();
    if (m_framed.isEmpty()) {
        hide();
        return;
    }
    const int pad = m_width;
    setGeometry(m_framed.adjusted(-pad, -pad, pad, pad).intersected(parentWidget()->rect()));
    show();
    raise();
    update();
}

void HighlightOverlay::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(QColor(0xe6, 0x7e, 0x00)); // amber: visible on light and dark, and on projectors
    pen.setWidth(m_width);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    const qreal h = m_width / 2.0;
    p.drawRoundedRect(QRectF(rect()).adjusted(h, h, -h, -h), 2 * m_width, 2 * m_width);
}

} // namespace shardscope
