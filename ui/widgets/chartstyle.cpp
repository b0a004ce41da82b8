// SPDX-License-Identifier: MIT
#include "chartstyle.h"

#include <QAbstractAxis>
#include <QBrush>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QPalette>

namespace shardscope {

QChartView* makeChartView(QChart* chart, QWidget* parent)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setShowToolTips(true);
    QFont small = chart->legend()->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    chart->legend()->setFont(small);
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
    applyPalette(chart, parent ? parent->palette() : QPalette());
    return view;
}

void applyPalette(QChart* chart, const QPalette& palette)
{
    const QColor text = palette.color(QPalette::WindowText);
    const QColor base = palette.color(QPalette::Base);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(110);
    chart->setBackgroundBrush(base);
    chart->setBackgroundRoundness(0);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    chart->legend()->setBrush(Qt::NoBrush);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(palette.color(QPalette::Mid));
        axis->setGridLineColor(grid);
    }
}

QPen capacityPen(const QPalette& palette)
{
    QPen pen(palette.color(QPalette::WindowText));
    pen.setWidthF(2.0);
    pen.setStyle(Qt::DashLine);
    return pen;
}

ChartLabel::ChartLabel(QChart* chart)
    : QGraphicsRectItem(chart)
    , m_text(new QGraphicsSimpleTextItem(this))
{
    setPen(Qt::NoPen);
    setZValue(100);
    QFont f = m_text->font();
    f.setBold(true);
    m_text->setFont(f);
    m_text->setPos(4, 2);
}

void ChartLabel::setText(const QString& text)
{
    m_text->setText(text);
    const QRectF r = m_text->boundingRect();
    setRect(0, 0, r.width() + 8, r.height() + 4);
}

QString ChartLabel::text() const { return m_text->text(); }

void ChartLabel::placeAboveLeftOf(const QPointF& scenePoint, const QRectF& bounds)
{
    // Position in the parent (chart) coordinates: the chart item sits at the scene origin in a QChartView.
    const QPointF p = parentItem() ? parentItem()->mapFromScene(scenePoint) : scenePoint;
    QPointF topLeft(p.x() - rect().width() - 4, p.y() - rect().height() - 2);
    if (topLeft.y() < bounds.top())
        topLeft.setY(p.y() + 2); // no room above: below the line
    if (topLeft.x() < bounds.left())
        topLeft.setX(bounds.left());
    setPos(topLeft);
}

void ChartLabel::placeAboveRightOf(const QPointF& scenePoint, const QRectF& bounds)
{
    const QPointF p = parentItem() ? parentItem()->mapFromScene(scenePoint) : scenePoint;
    QPointF topLeft(p.x() + 4, p.y() - rect().height() - 2);
    if (topLeft.y() < bounds.top())
        topLeft.setY(p.y() + 2);
    setPos(topLeft);
}

void ChartLabel::setColors(const QColor& text, const QColor& background)
{
    m_text->setBrush(text);
    QColor bg = background;
    bg.setAlpha(215);
    setBrush(bg);
}

} // namespace shardscope
