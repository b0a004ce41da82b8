// SPDX-License-Identifier: MIT
#include "sharesplitter.h"

#include <QEvent>
#include <QList>

#include <algorithm>
#include <cmath>

namespace shardscope {

ShareSplitter::ShareSplitter(Qt::Orientation orientation, double share, QWidget* parent)
    : QSplitter(orientation, parent)
    , m_share(share)
{
    connect(this, &QSplitter::splitterMoved, this, [this] {
        const QList<int> s = sizes();
        if (s.size() == 2 && s[0] + s[1] > 0)
            m_share = double(s[0]) / double(s[0] + s[1]);
    });
}

bool ShareSplitter::restoreState(const QByteArray& state)
{
    if (!QSplitter::restoreState(state))
        return false;
    const QList<int> s = sizes();
    if (s.size() == 2 && s[0] + s[1] > 0)
        m_share = double(s[0]) / double(s[0] + s[1]);
    return true;
}

int ShareSplitter::firstLength(int length, double share, int minFirst, int minSecond)
{
    const int wanted = int(std::lround(share * double(length)));
    return std::max(0, std::min(std::max(wanted, minFirst), length - minSecond));
}

int ShareSplitter::minimumLength(int index) const
{
    const QWidget* w = widget(index);
    const QSize set = w->minimumSize();
    const QSize hint = w->minimumSizeHint();
    // As QSplitter takes a part's minimum: the set minimum where there is one, its hint otherwise.
    if (orientation() == Qt::Vertical)
        return set.height() > 0 ? set.height() : std::max(0, hint.height());
    return set.width() > 0 ? set.width() : std::max(0, hint.width());
}

void ShareSplitter::divide()
{
    if (count() != 2 || !widget(0)->isVisibleTo(this) || !widget(1)->isVisibleTo(this))
        return;
    const QList<int> s = sizes();
    const int length = s[0] + s[1];
    if (length <= 0)
        return;
    const int first = firstLength(length, m_share, minimumLength(0), minimumLength(1));
    if (first != s[0])
        setSizes({first, length - first});
}

void ShareSplitter::resizeEvent(QResizeEvent* e)
{
    QSplitter::resizeEvent(e);
    divide();
}

bool ShareSplitter::event(QEvent* e)
{
    const bool handled = QSplitter::event(e);
    if (e->type() == QEvent::LayoutRequest)
        divide(); // a part's minimum changed: QSplitter has re-divided in proportion to the sizes it had
    return handled;
}

} // namespace shardscope
