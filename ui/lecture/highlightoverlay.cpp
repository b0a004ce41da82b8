// SPDX-License-Identifier: MIT
#include "highlightoverlay.h"

#include <QEvent>
#include <QPainter>

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

void HighlightOverlay::setTarget(QWidget* target)
{
    if (m_target)
        m_target->removeEventFilter(this);
    m_target = target;
    if (m_target)
        m_target->installEventFilter(this);
    follow();
}

void HighlightOverlay::setLineWidth(int px)
{
    m_width = px;
    follow();
}

bool HighlightOverlay::eventFilter(QObject* o, QEvent* e)
{
    if (o == m_target) {
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

void HighlightOverlay::follow()
{
    if (!m_target || !m_target->isVisible() || !parentWidget()) {
        hide();
        return;
    }
    const QPoint topLeft = m_target->mapTo(parentWidget(), QPoint(0, 0));
    const int pad = m_width;
    setGeometry(QRect(topLeft, m_target->size()).adjusted(-pad, -pad, pad, pad).intersected(parentWidget()->rect()));
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
