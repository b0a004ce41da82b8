// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QCoreApplication>
#include <QFont>
#include <QGraphicsRectItem>
#include <QLineF>
#include <QList>
#include <QPen>

#include <cstdint>
#include <string>

class QAbstractAxis;
class QAbstractSeries;
class QBarSet;
class QChart;
class QGraphicsScene;
class QValueAxis;
class QChartView;
class QPainter;
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
/// [0, a nice maximum >= top] with ticks at a 1-2-5 step (at most `maxIntervals`, 6 unless a short axis has room for
/// fewer labels); only when it differs.
void setNiceRange(QValueAxis* axis, double top, int maxIntervals = 6);
/// How many tick intervals a vertical axis of `height` px has room for in `labelFont` (1 .. 6): Qt Charts shows "..."
/// for every tick label of a short axis with more (the host chart at 2x, issue 14).
int intervalsFitting(double height, const QFont& labelFont);
/// The top setNiceRange() gives an axis asked to show 0 .. top (a multiple of 1, 2 or 5 x 10^k, at most 6 intervals).
double niceTop(double top);
void setRangeIfChanged(QAbstractAxis* axis, double lo, double hi);
/// Shows or hides the tick labels of every axis of `chart`. A chart with no answer yet hides them: Qt's default range
/// (0 .. 1 on a value axis, 1 .. 10 on a log one) in the chart's label format read "1, 1, 1, 0, 0" on an empty
/// per-GPU chart, numbers that belong to no scenario.
void setAxisLabelsShown(QChart* chart, bool shown);
/// A chart's answer arrives: on the first one (`hasResult` still false) its tick labels are shown
/// (setAxisLabelsShown(), hidden until then); `hasResult` is true after.
void showAnswerAxes(QChart* chart, bool& hasResult);

/**
 * Keeps every entry of `chart`'s legend whole (issues 13 and 14). Qt Charts sizes a side legend from a size hint
 * it does not always renew when markers come and go, and cut "ZeRO-3 unsharded grads" to "ZeRO-3 unsharded gr..."
 * at 1366x768 (to "ZeRO-3 unsharded ..." on the Compare tab at every size); and at 2x in presentation mode ten
 * entries of a side legend were taller than the chart. Here the legend's minimum width is the widest entry, and
 * where the entries are taller than the chart, the legend's type is made smaller (down to half of the size asked
 * for, which a font set from outside, such as presentation mode's, changes). Idempotent: call it whenever the
 * chart's size, legend entries or fonts may have changed (a plotAreaChanged handler).
 */
void fitLegend(QChart* chart);
/// The smallest legend type (issue 26): fitLegend() shrinks a side legend no further than this at 1x (QFontInfo's pixel
/// size), and not at all while presentation mode scales it (kLegendNoShrink); a chart with more entries than fit then
/// groups its smallest ones into one entry (MemoryPerGpuChart) instead of shrinking their type.
constexpr int kLegendMinPixelSize = 9;
/// A bool property of a QLegend: true while presentation mode scales it up (fitLegend() then keeps the type asked for).
constexpr const char* kLegendNoShrink = "shardscopeLegendNoShrink";
/// How many entries `chart`'s side legend has room for, one under another, in the smallest type fitLegend() may give
/// it; a large number where the chart is not laid out yet or its legend is not at a side.
int legendEntriesFitting(QChart* chart);
/// Whether a side legend of `labels` fits its share of `chart`'s width (0.40) in the smallest type fitLegend() may give
/// it; true where the chart is not laid out yet or its legend is not at a side. A chart with longer names than fit uses
/// shorter ones (MemoryVsGpusChart: "ZeRO-0: never" for "ZeRO-0: never fits").
bool legendLabelsFitWidth(QChart* chart, const QStringList& labels);

/// Sets the first of `titles` (longest first) that fits the chart's width as its title, else the last: Qt Charts cuts
/// a title that does not fit to "Memory per GPU vs N (thick = current stage, ● ..." (a 3.5 in page figure).
void fitChartTitle(QChart* chart, const QStringList& titles);
/// The first of `titles` (longest first) that fits the axis's length `room` (px) in the axis's title font; the
/// last where none does. Qt Charts cuts a vertical axis title to the plot's height ("Memory per GP..." at 2x).
void setAxisTitleFitting(QAbstractAxis* axis, const QStringList& titles, double room);

/// Draws `lines` with `pen` (aliased: the caller turns antialiasing off), on a raster device with no scaling as the
/// rectangles of pixels QPainter::drawLines() would set (the same pixels, 4x faster; ChartGrid, issue 29).
void drawGridLines(QPainter* painter, const QList<QLineF>& lines, const QPen& pen);

/**
 * Hands every scene's changed items to its views now, and holds \a window's paint back until all of them have:
 * the frame then paints each chart view once. Left to the event loop, each scene's queued update dispatches the
 * window's pending paint at once (QGraphicsViewPrivate::dispatchPendingUpdateRequests), so with several charts in
 * one window the first scene's update painted the window and the next one's painted its chart a second time.
 */
void processSceneUpdates(QWidget* window, const QList<QGraphicsScene*>& scenes);

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
    /// "Parameters · stage 1, GPU 0", the bytes, the term's share of `totalBytes` (the bar's or the rank's total;
    /// 0: no share line) and core's formula (issue 26: term, rank, bytes, share).
    static QString termTip(Term t, const QString& where, std::int64_t bytes, const std::string& formula, ByteUnit unit,
                           std::int64_t totalBytes = 0);
};

/// WCAG 2.x relative luminance of an opaque colour (0 black .. 1 white), from its linearised sRGB channels.
double relativeLuminance(const QColor& c);
/// WCAG 2.x contrast ratio of two opaque colours, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 .. 21.
double contrastRatio(const QColor& a, const QColor& b);
/// CIE76 distance (Delta E*ab, D65) of two colours: about 2.3 is a just-noticeable difference.
double colorDistance(const QColor& a, const QColor& b);
/// The least contrast a chart swatch (bar segment, legend marker, curve, dot) keeps against the chart's
/// background: WCAG 2.1 success criterion 1.4.11, non-text contrast, 3:1 for graphical objects.
constexpr double kSwatchContrast = 3.0;
/// `color` with its HSL lightness moved away from `background` (darker on a light one, lighter on a dark one)
/// just far enough for `ratio`; unchanged where it already has it.
QColor withContrast(const QColor& color, const QColor& background, double ratio = kSwatchContrast);
/**
 * The one place the charts take term colours from: termColor(t) as drawn on `background` (the palette's
 * Base: light, dark or the projector's white). Tol's muted scheme is made for white paper: on the dark
 * desktop the indigo Parameters swatch had 1.4:1, on white the cyan, sand, teal, orange and pale grey 1.6
 * to 2.8:1. Each colour keeps its hue and moves in lightness to 3:1 (kSwatchContrast); where that brings two
 * terms closer than they were (on white, Activations to Logits and Fragmentation to CUDA context), the one
 * that was further from the background moves on until they are as far apart as before (CIE76, at most 20).
 */
QColor termColorOn(Term t, const QColor& background);
/// stageColor(stage) (memory-vs-N curves and markers) on `background`, at 3:1.
QColor stageColorOn(int stage, const QColor& background);
/// A chart's background colour: the Base of `palette`.
QColor chartBackground(const QPalette& palette);
/// A term's bar set coloured for `palette` (fill termColorOn(), border a step further from the background).
void setTermColors(QBarSet* set, Term t, const QPalette& palette);

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
    /// Re-lays out the box when its text item's font was changed from outside (presentation mode doubles the
    /// font of every text item in a box): the box kept the old size, so it was placed by it and the text ran out of
    /// it (at 2x the capacity label's text lay over the legend, issue 14). Called by setText(), setMaxWidth() and the
    /// place*() functions; a chart calls it before it measures rect().
    void syncFont();
    /// The text item's font.
    QFont font() const;

private:
    void layoutText();
    QGraphicsSimpleTextItem* m_text;
    QString m_raw;
    double m_maxWidth = 0;
    QFont m_laidOut; // the font layoutText() measured with
};

} // namespace shardscope
