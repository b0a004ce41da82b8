// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsRectItem>
#include <QPen>

class QAbstractAxis;
class QAbstractSeries;
class QChart;
class QValueAxis;
class QChartView;
class QGraphicsSimpleTextItem;
class QWidget;

namespace shardscope {

/// A chart view as every ShardScope chart uses it: antialiased, no animation (exports must never catch
/// a frame mid-animation), no OpenGL, colours from the widget's palette (light or dark).
QChartView* makeChartView(QChart* chart, QWidget* parent);
/// Re-applies the palette (after QEvent::PaletteChange): background, text, grid.
void applyPalette(QChart* chart, const QPalette& palette);
/// `color` drawn at `alpha` (0..1) over `background`, as one opaque colour (cheaper to draw than a translucent one).
QColor mixed(const QColor& color, const QColor& background, double alpha);
/// The capacity line: the palette's text colour, dashed, 2 px, so it reads on light and dark.
QPen capacityPen(const QPalette& palette);

/// Setters that skip the call when nothing changes: each real change re-lays out the chart (legend, title,
/// axis labels), which is what costs milliseconds per slider move.
void setTitleIfChanged(QChart* chart, const QString& title);
void setNameIfChanged(QAbstractSeries* series, const QString& name);
/// [0, a nice maximum >= top] with ticks at a 1-2-5 step (at most 6 intervals); only when it differs.
void setNiceRange(QValueAxis* axis, double top);
void setRangeIfChanged(QAbstractAxis* axis, double lo, double hi);

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
