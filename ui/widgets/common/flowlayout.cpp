// SPDX-License-Identifier: MIT
#include "flowlayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace shardscope {

FlowLayout::FlowLayout(QWidget* parent)
    : QLayout(parent)
{
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::insertWidget(int index, QWidget* w)
{
    addChildWidget(w);
    auto* item = new QWidgetItem(w);
    if (index < 0 || index > int(m_items.size()))
        m_items.append(item);
    else
        m_items.insert(index, item);
    invalidate();
}

void FlowLayout::addItem(QLayoutItem* item) { m_items.append(item); }

QLayoutItem* FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= int(m_items.size()))
        return nullptr;
    return m_items.takeAt(index);
}

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (const QLayoutItem* item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One row: as wide as all items side by side, as tall as the tallest.
    int width = 0, height = 0, shown = 0;
    for (const QLayoutItem* item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width();
        height = std::max(height, item->sizeHint().height());
        ++shown;
    }
    width += std::max(0, shown - 1) * spacingOr(QStyle::PM_LayoutHorizontalSpacing);
    const QMargins m = contentsMargins();
    return QSize(width + m.left() + m.right(), height + m.top() + m.bottom()).expandedTo(minimumSize());
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    doLayout(rect, false);
}

int FlowLayout::spacingOr(QStyle::PixelMetric metric) const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget* w = parentWidget();
    return w ? w->style()->pixelMetric(metric, nullptr, w) : 6;
}

int FlowLayout::doLayout(const QRect& rect, bool testOnly) const
{
    const QMargins m = contentsMargins();
    const QRect area = rect.marginsRemoved(m);
    const int hSpace = spacingOr(QStyle::PM_LayoutHorizontalSpacing);
    const int vSpace = spacingOr(QStyle::PM_LayoutVerticalSpacing);
    int x = area.x(), y = area.y(), lineHeight = 0;
    for (QLayoutItem* item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        if (x > area.x() && x + hint.width() > area.right() + 1) { // wrap onto the next line
            x = area.x();
            y += lineHeight + vSpace;
            lineHeight = 0;
        }
        if (!testOnly)
            item->setGeometry(QRect(QPoint(x, y), QSize(std::min(hint.width(), area.width()), hint.height())));
        x += hint.width() + hSpace;
        lineHeight = std::max(lineHeight, hint.height());
    }
    return y + lineHeight - rect.y() + m.bottom();
}

} // namespace shardscope
