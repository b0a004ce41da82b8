// SPDX-License-Identifier: MIT
#include "wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QWheelEvent>
#include <QWidget>

namespace shardscope {

WheelGuard::WheelGuard(QObject* parent)
    : QObject(parent)
{
}

bool WheelGuard::isSettingWidget(const QWidget* w)
{
    // A scroll bar is a slider too, but the wheel is what it is for.
    if (w && w->inherits("QScrollBar"))
        return false;
    return qobject_cast<const QComboBox*>(w) || qobject_cast<const QAbstractSpinBox*>(w)
        || qobject_cast<const QAbstractSlider*>(w);
}

QWidget* WheelGuard::settingWidget(QWidget* w)
{
    // The line edit inside a spin box or an editable combo box is the widget's own part.
    for (int depth = 0; w && depth < 2; ++depth, w = w->parentWidget())
        if (isSettingWidget(w))
            return w;
    return nullptr;
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (!watched->isWidgetType())
        return false;
    auto* w = static_cast<QWidget*>(watched);
    if (event->type() == QEvent::Polish && isSettingWidget(w) && (w->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus)
        w->setFocusPolicy(Qt::StrongFocus);
    if (event->type() != QEvent::Wheel)
        return false;
    QWidget* setting = settingWidget(w);
    if (!setting || setting->hasFocus() || setting->isAncestorOf(QApplication::focusWidget()))
        return false;
    // Not delivered to the setting: the scroll area around it scrolls instead (Qt would pass an ignored wheel on to
    // the parents only for a spontaneous event; forwarded here, a synthesised one behaves the same).
    event->accept();
    for (QWidget* p = setting->parentWidget(); p; p = p->parentWidget()) {
        auto* area = qobject_cast<QAbstractScrollArea*>(p);
        if (!area)
            continue;
        const auto* e = static_cast<QWheelEvent*>(event);
        QWidget* viewport = area->viewport();
        const QPointF at = viewport->mapFromGlobal(e->globalPosition());
        QWheelEvent forwarded(at, e->globalPosition(), e->pixelDelta(), e->angleDelta(), e->buttons(), e->modifiers(),
                              e->phase(), e->inverted(), e->source());
        QCoreApplication::sendEvent(viewport, &forwarded);
        break;
    }
    return true;
}

void WheelGuard::adopt(QWidget* root)
{
    // Widgets polished before the guard was installed (a size hint asked for in a constructor polishes them).
    for (QWidget* w : root->findChildren<QWidget*>())
        if (isSettingWidget(w) && (w->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
}

} // namespace shardscope
