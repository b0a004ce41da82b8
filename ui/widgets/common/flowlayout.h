// SPDX-License-Identifier: MIT
#pragma once

#include <QLayout>
#include <QList>
#include <QStyle>

namespace shardscope {

/**
 * A row of widgets that wraps onto more lines where the width runs out (issue 26: the verdict's fix buttons in Russian
 * asked for more than a 1366 px laptop screen and widened the window). Its minimum width is its widest item; its
 * height follows the width (heightForWidth). Items keep their size hints, left to right, top to bottom.
 */
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget* parent = nullptr);
    ~FlowLayout() override;
    FlowLayout(const FlowLayout&) = delete;
    FlowLayout& operator=(const FlowLayout&) = delete;

    /// Puts `w` at `index` (at the end where index is out of range).
    void insertWidget(int index, QWidget* w);

    void addItem(QLayoutItem* item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return doLayout(QRect(0, 0, width, 0), true); }
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Lays the items out in `rect` (or only measures, `testOnly`); the height used.
    int doLayout(const QRect& rect, bool testOnly) const;
    int spacingOr(QStyle::PixelMetric metric) const;

    QList<QLayoutItem*> m_items;
};

} // namespace shardscope
