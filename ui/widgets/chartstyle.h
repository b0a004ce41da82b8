// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QCoreApplication>
#include <QGraphicsRectItem>
#include <QLineF>
#include <QList>
#include <QPen>

#include <cstdint>
#include <string>

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
/// The top setNiceRange() gives an axis asked to show 0 .. top (a multiple of 1, 2 or 5 x 10^k, at most 6 intervals).
double niceTop(double top);
void setRangeIfChanged(QAbstractAxis* axis, double lo, double hi);

/**
 * The grid of a chart, drawn as one item without antialiasing (each line one span fill): Qt Charts draws
 * every grid line as its own antialiased QGraphicsLineItem, per pixel, which on the log-log chart (about 90
 * lines) cost more than everything else in the chart. The owner hides the axes' own grid lines and hands
 * the positions here, in chart coordinates, whenever the plot area or a range changes.
 */
class ChartGrid : public QGraphicsItem
{
public:
    explicit ChartGrid(QChart* chart);
    void setLines(const QRectF& plotArea, const QList<QLineF>& major, const QList<QLineF>& minor);
    void setPens(const QPen& major, const QPen& minor);
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    int lineCount() const { return static_cast<int>(m_major.size() + m_minor.size()); }

private:
    QRectF m_bounds;
    QList<QLineF> m_major;
    QList<QLineF> m_minor;
    QPen m_majorPen;
    QPen m_minorPen;
};

/// Hover texts of the charts (tooltips on segments and curves), translated in the "ChartText" context.
struct ChartText
{
    Q_DECLARE_TR_FUNCTIONS(ChartText)
public:
    /// "45,234,567,890 bytes": the exact figure, digits grouped in the C locale (as formatBytesUi()).
    static QString exactBytes(std::int64_t bytes);
    /// "51.50 GB (51,500,000,000 bytes)".
    static QString bytesLine(std::int64_t bytes, ByteUnit unit);
    /// A term's hover text: "Parameters · ZeRO-3 (current)", its bytes (unit and exact), and core's formula.
    static QString termTip(Term t, const QString& where, std::int64_t bytes, const std::string& formula, ByteUnit unit);
};

/// The grid colours applyPalette() gives the axes (opaque, mixed with the background).
QPen gridPen(const QPalette& palette);
QPen minorGridPen(const QPalette& palette);

/**
 * A text label with a translucent box behind it, drawn in the chart's scene so that it is part of every
 * grab(), render() and export. Used for "A100 80GB: 85.9 GB, headroom 34 GB" on the capacity line.
 */
class ChartLabel : public QGraphicsRectItem
{
public:
    explicit ChartLabel(QChart* chart);
    void setText(const QString& text);
    /// The text as given (before any wrapping to the maximum width).
    QString text() const;
    /// Lines wider than `width` pixels wrap at spaces (0: no limit); the label never runs out of a narrow plot.
    void setMaxWidth(double width);
    /// Places the label's bottom-right corner at `scenePoint` (moved inside `bounds` if needed).
    void placeAboveLeftOf(const QPointF& scenePoint, const QRectF& bounds);
    /// Places the label's bottom-left corner at `scenePoint`.
    void placeAboveRightOf(const QPointF& scenePoint, const QRectF& bounds);
    void setColors(const QColor& text, const QColor& background);

private:
    void layoutText();
    QGraphicsSimpleTextItem* m_text;
    QString m_raw;
    double m_maxWidth = 0;
};

} // namespace shardscope
