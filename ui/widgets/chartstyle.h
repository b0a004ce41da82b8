// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsRectItem>
#include <QPen>

class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
class QWidget;

namespace shardscope {

/// A chart view as every ShardScope chart uses it: antialiased, no animation (exports must never catch
/// a frame mid-animation), no OpenGL, colours from the widget's palette (light or dark).
QChartView* makeChartView(QChart* chart, QWidget* parent);
/// Re-applies the palette (after QEvent::PaletteChange): background, text, grid.
void applyPalette(QChart* chart, const QPalette& palette);
/// The capacity line: the palette's text colour, dashed, 2 px, so it reads on light and dark.
QPen capacityPen(const QPalette& palette);

/**
 * A text label with a translucent box behind it, drawn in the chart's scene so that it is part of every
 * grab(), render() and export. Used for "A100 80GB: 85.9 GB, headroom 34 GB" on the capacity line.
 */
class ChartLabel : public QGraphicsRectItem
{
public:
    explicit ChartLabel(QChart* chart);
    void setText(const QString& text);
    QString text() const;
    /// Places the label's bottom-right corner at `scenePoint` (moved inside `bounds` if needed).
    void placeAboveLeftOf(const QPointF& scenePoint, const QRectF& bounds);
    /// Places the label's bottom-left corner at `scenePoint`.
    void placeAboveRightOf(const QPointF& scenePoint, const QRectF& bounds);
    void setColors(const QColor& text, const QColor& background);

private:
    QGraphicsSimpleTextItem* m_text;
};

} // namespace shardscope
