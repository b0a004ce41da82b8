// SPDX-License-Identifier: MIT
#include "chartstyle.h"

#include "explorer.h"
#include "termstyle.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QBrush>
#include <QChart>
#include <QChartView>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHash>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QLogValueAxis>
#include <QPaintEngine>
#include <QPainter>
#include <QPalette>
#include <QValueAxis>
#include <QVariant>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

namespace shardscope {

QColor mixed(const QColor& color, const QColor& background, double alpha)
{
    return QColor::fromRgbF(float(color.redF() * alpha + background.redF() * (1 - alpha)),
                            float(color.greenF() * alpha + background.greenF() * (1 - alpha)),
                            float(color.blueF() * alpha + background.blueF() * (1 - alpha)));
}

namespace {
double linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

/// CIE L*a*b* (D65) of an sRGB colour, for the distance between two term colours (CIE76).
std::array<double, 3> lab(const QColor& c)
{
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) { return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double distance(const QColor& a, const QColor& b)
{
    const auto p = lab(a), q = lab(b);
    return std::sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
}

/// `color` one HSL lightness step (1/255) lighter (`up`) or darker; false at white or black.
bool stepLightness(QColor& color, bool up)
{
    float h = 0, s = 0, l = 0, a = 0;
    color.getHslF(&h, &s, &l, &a);
    const float next = up ? std::min(1.0f, l + 1.0f / 255) : std::max(0.0f, l - 1.0f / 255);
    if (next == l)
        return false;
    color = QColor::fromHslF(h, s, next, a);
    return true;
}

/// `color` moved in lightness, one way, until it has `ratio` against `background`; the steps taken, or -1 where black
/// or white came first.
int moveTo(QColor& color, const QColor& background, double ratio, bool up)
{
    int steps = 0;
    while (contrastRatio(color, background) < ratio) {
        if (!stepLightness(color, up))
            return -1;
        ++steps;
    }
    return steps;
}
} // namespace

double colorDistance(const QColor& a, const QColor& b) { return distance(a, b); }

double relativeLuminance(const QColor& c)
{
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor withContrast(const QColor& color, const QColor& background, double ratio)
{
    // The way that needs the smaller change: on white or black only one way gets there; on a mid grey a light colour
    // lightens and a dark one darkens (all going one way made them alike).
    QColor darker = color.toRgb(), lighter = color.toRgb();
    const int down = moveTo(darker, background, ratio, false), up = moveTo(lighter, background, ratio, true);
    if (down < 0 && up < 0) // unreachable (a ratio over what black or white give): the better end
        return contrastRatio(Qt::black, background) >= contrastRatio(Qt::white, background) ? QColor(Qt::black) : QColor(Qt::white);
    return ((up < 0 || (down >= 0 && down <= up)) ? darker : lighter).toRgb();
}

QColor termColorOn(Term t, const QColor& background)
{
    // All twelve are worked out together (the pairs that come closer are pushed apart), once per background.
    static QHash<QRgb, std::array<QColor, kTermCount>> cache; // GUI thread only, as every chart
    const QRgb key = background.rgb();
    auto it = cache.find(key);
    if (it == cache.end()) {
        std::array<QColor, kTermCount> raw, out;
        for (int i = 0; i < kTermCount; ++i) {
            raw[std::size_t(i)] = termColor(static_cast<Term>(i));
            out[std::size_t(i)] = withContrast(raw[std::size_t(i)], background);
        }
        const double bgLum = relativeLuminance(background);
        for (std::size_t i = 0; i < out.size(); ++i) {
            for (std::size_t j = i + 1; j < out.size(); ++j) {
                const double want = std::min(20.0, distance(raw[i], raw[j]));
                if (distance(out[i], out[j]) >= want)
                    continue;
                // The one that had more contrast moves on (it stays the darker on white, the lighter on black).
                QColor& mover = contrastRatio(raw[i], background) >= contrastRatio(raw[j], background) ? out[i] : out[j];
                const QColor& other = &mover == &out[i] ? out[j] : out[i];
                // Further from the background: lighter where it is lighter than the background, darker where darker.
                const bool up = relativeLuminance(mover) > bgLum;
                while (distance(mover, other) < want && stepLightness(mover, up)) {
                }
                mover = mover.toRgb();
            }
        }
        it = cache.insert(key, out);
    }
    return (*it)[std::size_t(t)];
}

QColor stageColorOn(int stage, const QColor& background) { return withContrast(stageColor(stage), background); }

QColor chartBackground(const QPalette& palette) { return palette.color(QPalette::Base); }

void setTermColors(QBarSet* set, Term t, const QPalette& palette)
{
    const QColor bg = chartBackground(palette);
    const QColor fill = termColorOn(t, bg);
    // The border separates stacked segments: darker on a light background, lighter on a dark one.
    const QColor border = relativeLuminance(bg) > 0.18 ? fill.darker(130) : fill.lighter(130);
    if (set->color() != fill)
        set->setColor(fill);
    if (set->borderColor() != border)
        set->setBorderColor(border);
}

QPen gridPen(const QPalette& palette)
{
    return QPen(mixed(palette.color(QPalette::Mid), palette.color(QPalette::Base), 110.0 / 255.0), 1.0);
}

QPen minorGridPen(const QPalette& palette)
{
    return QPen(mixed(palette.color(QPalette::Mid), palette.color(QPalette::Base), 45.0 / 255.0), 1.0);
}

ChartGrid::ChartGrid(QChart* chart)
    : QGraphicsItem(chart)
{
    setZValue(2); // Qt Charts' own grid level: above the plot area, below axes and series
}

void ChartGrid::setLines(const QRectF& plotArea, const QList<QLineF>& major, const QList<QLineF>& minor)
{
    if (plotArea == m_bounds && major == m_major && minor == m_minor)
        return;
    prepareGeometryChange();
    m_bounds = plotArea.adjusted(-1, -1, 1, 1);
    m_major = major;
    m_minor = minor;
    update();
}

void ChartGrid::setPens(const QPen& major, const QPen& minor)
{
    m_majorPen = major;
    m_minorPen = minor;
    update();
}

namespace {

/// The pixels an aliased, solid, one-pixel line covers on a raster device, as one rectangle in device pixels, for a
/// horizontal or vertical line: the columns (rows) floor(start) .. floor(end), in the row (column) floor(position).
/// std::nullopt for a slanted line. tst_chartgeometry checks the rule against QPainter::drawLines() pixel for pixel.
std::optional<QRect> alignedLinePixels(const QLineF& line)
{
    const auto cell = [](double v) { return static_cast<int>(std::floor(v)); };
    if (line.x1() == line.x2()) {
        const int top = cell(std::min(line.y1(), line.y2())), bottom = cell(std::max(line.y1(), line.y2()));
        return QRect(cell(line.x1()), top, 1, bottom - top + 1);
    }
    if (line.y1() == line.y2()) {
        const int left = cell(std::min(line.x1(), line.x2())), right = cell(std::max(line.x1(), line.x2()));
        return QRect(left, cell(line.y1()), right - left + 1, 1);
    }
    return std::nullopt;
}

} // namespace

void drawGridLines(QPainter* painter, const QList<QLineF>& lines, const QPen& pen)
{
    // The stroker draws a vertical line one span per pixel row: 90 lines of the log-log grid took 1.6 ms per paint.
    // On a raster device with no scaling, each line is filled as the rectangle of pixels the stroker would have set
    // (4x faster, the same pixels); elsewhere (SVG, PDF, a scaled or high-DPI painter) the lines are drawn as lines.
    // The painter's own transform (world, window and viewport); a redirected painter (QWidget::grab(), render()) adds
    // its whole-pixel offset after it, so the pixels are counted before that offset and it is left in place.
    const QTransform combined = painter->combinedTransform();
    const bool raster = painter->paintEngine() && painter->paintEngine()->type() == QPaintEngine::Raster;
    const bool plain = pen.style() == Qt::SolidLine && pen.brush().style() == Qt::SolidPattern && pen.color().alpha() == 255
                       && pen.widthF() == 1.0 && !pen.isCosmetic();
    if (!raster || !plain || painter->deviceTransform().type() > QTransform::TxTranslate
        || combined.type() > QTransform::TxTranslate) {
        painter->setPen(pen);
        painter->drawLines(lines);
        return;
    }
    QList<QLineF> slanted;
    painter->save();
    painter->resetTransform(); // pixels from here (no scaling: checked above)
    for (const QLineF& l : lines) {
        if (const std::optional<QRect> r = alignedLinePixels(combined.map(l)))
            painter->fillRect(*r, pen.color());
        else
            slanted << l;
    }
    painter->restore();
    if (!slanted.isEmpty()) {
        painter->setPen(pen);
        painter->drawLines(slanted);
    }
}

void ChartGrid::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    drawGridLines(painter, m_minor, m_minorPen);
    drawGridLines(painter, m_major, m_majorPen);
    painter->restore();
}

namespace {
/// Swallows `window`'s UpdateRequest while it lives (scenes handing over their updates), and says whether it swallowed one.
class PaintHold : public QObject
{
public:
    explicit PaintHold(QWidget* window) : m_window(window)
    {
        if (m_window)
            m_window->installEventFilter(this);
    }
    ~PaintHold() override
    {
        if (m_window)
            m_window->removeEventFilter(this);
    }
    PaintHold(const PaintHold&) = delete;
    PaintHold& operator=(const PaintHold&) = delete;
    bool held() const { return m_held; }
    bool eventFilter(QObject*, QEvent* e) override
    {
        if (e->type() != QEvent::UpdateRequest)
            return false;
        m_held = true;
        return true;
    }

private:
    QWidget* m_window;
    bool m_held = false;
};
} // namespace

void processSceneUpdates(QWidget* window, const QList<QGraphicsScene*>& scenes)
{
    bool held = false;
    {
        const PaintHold hold(window);
        for (QGraphicsScene* scene : scenes)
            if (scene)
                QCoreApplication::sendPostedEvents(scene, QEvent::MetaCall);
        held = hold.held();
    }
    // The repaint manager still counts its request as sent: this one stands in for the one held back.
    if (held)
        QCoreApplication::postEvent(window, new QEvent(QEvent::UpdateRequest), Qt::LowEventPriority);
}

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
    // Every data change moves most items: one full repaint is cheaper than collecting per-item regions.
    view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    view->setOptimizationFlags(QGraphicsView::DontAdjustForAntialiasing);
    // No BSP index: every move sets most of a chart's items anew (bars, points, ticks, labels), and the index took each
    // out and put it back (prepareGeometryChange(), then a re-index at the next paint: about 2 M instructions a move,
    // issue 29). A chart has a few hundred items, and its one top-level item, the chart, is painted whole either way.
    if (QGraphicsScene* scene = view->scene())
        scene->setItemIndexMethod(QGraphicsScene::NoIndex);
    view->setMinimumSize(320, 240);
    applyPalette(chart, parent ? parent->palette() : QPalette());
    return view;
}

void applyPalette(QChart* chart, const QPalette& palette)
{
    const QColor text = palette.color(QPalette::WindowText);
    const QColor base = palette.color(QPalette::Base);
    // Grid colours are mixed with the background here instead of drawn translucent: a translucent line is
    // blended span by span (and the raster engine hands long spans to its thread pool), an opaque one is
    // filled. Measured with `shardscope bench redraw`: the three chart views repaint in 2.4 ms instead of 5.6.
    const QColor grid = gridPen(palette).color();
    const QColor minor = minorGridPen(palette).color();
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
        // Solid, faint minor grid: Qt's default dashed minor lines cost more to antialias than the data.
        axis->setMinorGridLinePen(QPen(minor, 1.0, Qt::SolidLine));
    }
}

void setTitleIfChanged(QChart* chart, const QString& title)
{
    if (chart->title() != title)
        chart->setTitle(title);
}

void setNameIfChanged(QAbstractSeries* series, const QString& name)
{
    if (series->name() != name)
        series->setName(name);
}

namespace {
/// 0 .. top in at most 6 intervals of 1, 2 or 5 x 10^k: the step and the number of intervals.
std::pair<double, int> niceSteps(double top, int maxIntervals = 6)
{
    if (!(top > 0))
        top = 1;
    maxIntervals = std::max(1, maxIntervals);
    const double mag = std::pow(10.0, std::floor(std::log10(top)));
    double step = 10 * mag;
    for (double f : {0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0}) {
        if (top / (f * mag) <= maxIntervals) {
            step = f * mag;
            break;
        }
    }
    return {step, std::max(1, static_cast<int>(std::ceil(top / step - 1e-9)))};
}
} // namespace

double niceTop(double top)
{
    const auto [step, intervals] = niceSteps(top);
    return intervals * step;
}

int intervalsFitting(double height, const QFont& labelFont)
{
    // A label and half its height again between two labels.
    const double perLabel = QFontMetricsF(labelFont).height() * 1.5;
    return std::clamp(int(height / std::max(1.0, perLabel)), 1, 6);
}

void setNiceRange(QValueAxis* axis, double top, int maxIntervals)
{
    const auto [step, intervals] = niceSteps(top, maxIntervals);
    const double hi = intervals * step;
    if (axis->min() != 0 || axis->max() != hi)
        axis->setRange(0, hi);
    if (axis->tickCount() != intervals + 1)
        axis->setTickCount(intervals + 1);
    const QString format = step >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%.1f");
    if (axis->labelFormat() != format)
        axis->setLabelFormat(format);
}

void setRangeIfChanged(QAbstractAxis* axis, double lo, double hi)
{
    if (auto* v = qobject_cast<QValueAxis*>(axis); v && v->min() == lo && v->max() == hi)
        return;
    if (auto* l = qobject_cast<QLogValueAxis*>(axis); l && l->min() == lo && l->max() == hi)
        return;
    axis->setRange(lo, hi);
}

void setAxisLabelsShown(QChart* chart, bool shown)
{
    for (QAbstractAxis* axis : chart->axes())
        if (axis->labelsVisible() != shown)
            axis->setLabelsVisible(shown);
}

void showAnswerAxes(QChart* chart, bool& hasResult)
{
    if (!hasResult)
        setAxisLabelsShown(chart, true);
    hasResult = true;
}

QString ChartText::exactBytes(std::int64_t bytes) { return tr("%1 bytes").arg(numberLocale().toString(qlonglong(bytes))); }

QString ChartText::bytesLine(std::int64_t bytes, ByteUnit unit)
{
    return tr("%1 (%2)").arg(formatBytesUi(double(bytes), unit), exactBytes(bytes));
}

QString ChartText::termTip(Term t, const QString& where, std::int64_t bytes, const std::string& formula, ByteUnit unit,
                           std::int64_t totalBytes)
{
    QString tip = tr("%1 · %2").arg(termLabel(t), where) + QLatin1Char('\n') + bytesLine(bytes, unit);
    if (totalBytes > 0)
        tip += QLatin1Char('\n')
            + tr("%1% of the total %2").arg(numberLocale().toString(100.0 * double(bytes) / double(totalBytes), 'f', 1),
                                           formatBytesUi(double(totalBytes), unit));
    if (!formula.empty())
        tip += QLatin1Char('\n') + tr("= %1").arg(QString::fromStdString(formula));
    return tip;
}

namespace {
/// Qt 6.4's LegendMarkerItem: 4 px margins around a marker of half the line height, 4 px before the text, and a text
/// item with 4 px document margins on each side; an entry is that text's height and 8 px tall.
double legendEntryHeight(const QFont& f) { return QFontMetricsF(f).height() + 16; }

/// The chart's size as shown: the view's viewport (a chart whose minimum is wider than its view is cut at the view's
/// edge, which is what a too wide legend did on the Compare tab at 2x).
QSizeF shownSize(QChart* chart)
{
    QSizeF shown = chart->size();
    if (QGraphicsScene* scene = chart->scene()) {
        const QList<QGraphicsView*> views = scene->views();
        if (!views.isEmpty())
            shown = views.constFirst()->viewport()->size();
    }
    return shown;
}

/// The widest a side legend is laid out within its chart: Qt Charts gives it at most 0.4 of the chart's content width
/// (golden_ratio in Qt 6.4 qtcharts src/charts/layout/abstractchartlayout.cpp), and a legend whose minimum width is
/// more keeps its left edge there and runs past the chart's right edge (issue 26: a Russian "ZeRO-0: никогда не
/// помещается" 229 px wide in a 534 px chart was placed for 208 and ended 16 px outside the chart). The content width
/// here is the shown width less the layout's and the chart's margins, a few pixels narrower than Qt's.
double sideLegendCap(QChart* chart, const QSizeF& shown)
{
    qreal l = 0, t = 0, r = 0, b = 0;
    if (QGraphicsLayout* layout = chart->layout())
        layout->getContentsMargins(&l, &t, &r, &b);
    const QMargins m = chart->margins();
    return 0.40 * (shown.width() - l - r - m.left() - m.right());
}

/// The height a side legend's entries have: the chart's less its margins and title.
double legendRoom(QChart* chart, const QSizeF& shown)
{
    const QMargins margins = chart->margins();
    const double title = chart->title().isEmpty() ? 0 : QFontMetricsF(chart->titleFont()).height() + 8;
    return shown.height() - margins.top() - margins.bottom() - title - 12;
}

/// The width of a side legend of `labels` in `f`: the widest label, the entry's margins and marker (legendEntryHeight()),
/// the legend's own margins and a pixel of rounding on each side.
double legendEntryWidth(const QFont& f, const QStringList& labels)
{
    // Each width is shaped once per font: fitLegend() tries up to 11 sizes on every move, with the same few labels.
    static QHash<QString, double> advances;
    if (advances.size() > 4096)
        advances.clear();
    const QFontMetricsF fm(f);
    const QString font = f.key() + QChar(0);
    double w = 0;
    for (const QString& l : labels) {
        const QString key = font + l;
        const auto it = advances.constFind(key);
        double a = 0;
        if (it != advances.constEnd()) {
            a = *it;
        } else {
            a = fm.horizontalAdvance(l);
            advances.insert(key, a);
        }
        w = std::max(w, a);
    }
    return std::ceil(w + fm.height() / 2 + 8 + 4 + 8 + 2 * 4 + 4);
}

bool sideLegend(const QLegend* legend) { return legend->alignment() == Qt::AlignLeft || legend->alignment() == Qt::AlignRight; }

/// `asked` at `k` times its size (pixel or point, as it was given).
QFont legendFontScaled(const QFont& asked, double k)
{
    QFont font = asked;
    if (asked.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(asked.pixelSize() * k))));
    else
        font.setPointSizeF(asked.pointSizeF() * k);
    return font;
}

/// The legend's fonts fitLegend() may use, largest first: the size asked for, then 5 % steps down to half of it, none
/// under kLegendMinPixelSize; only the size asked for while presentation mode scales the legend.
QList<QFont> legendFontSteps(const QLegend* legend, const QFont& asked)
{
    QList<QFont> steps {asked};
    if (legend->property(kLegendNoShrink).toBool())
        return steps;
    for (int i = 1; i <= 10; ++i) {
        const QFont f = legendFontScaled(asked, 1.0 - 0.05 * i);
        if (QFontInfo(f).pixelSize() < kLegendMinPixelSize)
            break;
        steps << f;
    }
    return steps;
}

QFont askedLegendFont(QLegend* legend)
{
    // The size asked for: the legend's font, unless it is the one fitLegend() set last time.
    const QVariant mine = legend->property("shardscopeFittedFont");
    if (!mine.isValid() || mine.value<QFont>() != legend->font())
        legend->setProperty("shardscopeAskedFont", legend->font());
    return legend->property("shardscopeAskedFont").value<QFont>();
}
} // namespace

bool legendLabelsFitWidth(QChart* chart, const QStringList& labels)
{
    QLegend* legend = chart->legend();
    if (!legend || !legend->isVisible() || !legend->isAttachedToChart() || !sideLegend(legend))
        return true;
    const QSizeF shown = shownSize(chart);
    if (shown.width() < 1)
        return true;
    const QFont smallest = legendFontSteps(legend, askedLegendFont(legend)).constLast();
    // Qt Charts' own cap (sideLegendCap()): a Russian legend wider than it ran partly past the chart's right edge at
    // 2x and at 1600 x 1000 (as on the Compare tab, CompareWidget::minimumChartWidth()).
    return legendEntryWidth(smallest, labels) <= sideLegendCap(chart, shown);
}

int legendEntriesFitting(QChart* chart)
{
    constexpr int kMany = 1000;
    QLegend* legend = chart->legend();
    if (!legend || !legend->isVisible() || !legend->isAttachedToChart() || !sideLegend(legend))
        return kMany;
    const QSizeF shown = shownSize(chart);
    const double room = legendRoom(chart, shown);
    if (shown.height() < 1 || room <= 0)
        return kMany;
    const QFont smallest = legendFontSteps(legend, askedLegendFont(legend)).constLast();
    return std::max(1, int(room / legendEntryHeight(smallest)));
}

void fitLegend(QChart* chart)
{
    QLegend* legend = chart->legend();
    if (!legend || !legend->isVisible() || !legend->isAttachedToChart())
        return;
    QStringList labels;
    for (QLegendMarker* m : legend->markers())
        if (m->isVisible() && !m->label().isEmpty())
            labels << m->label();
    if (labels.isEmpty())
        return;
    const QFont asked = askedLegendFont(legend);
    const bool side = sideLegend(legend);
    const QSizeF shown = shownSize(chart);
    // A side legend takes at most this much of the chart's width (Qt Charts' own cap is 0.618, which leaves a
    // narrow chart no plot); up to 0.6 where its entries need that in the smallest type (a Russian legend in a
    // laptop's narrow chart, issue 26).
    const double maxWidth = side ? sideLegendCap(chart, shown) : 0.45 * shown.width();
    auto widest = [&labels](const QFont& f) { return legendEntryWidth(f, labels); };
    QFont font = asked;
    if (side) {
        // The type made smaller where the entries are taller than the chart or wider than their share of it, down to
        // kLegendMinPixelSize (never while presentation mode scales it): a chart with more entries than that leaves
        // room for groups its smallest (legendEntriesFitting()).
        const double room = legendRoom(chart, shown);
        for (const QFont& f : legendFontSteps(legend, asked)) {
            font = f;
            if (labels.size() * legendEntryHeight(font) <= room && widest(font) <= maxWidth)
                break;
        }
    }
    if (legend->font() != font)
        legend->setFont(font);
    legend->setProperty("shardscopeFittedFont", font);
    if (side) {
        const double cap = widest(font) > maxWidth ? 0.6 * shown.width() : maxWidth;
        const double want = std::min(widest(font), std::floor(cap));
        if (std::abs(legend->minimumWidth() - want) > 0.5)
            legend->setMinimumWidth(want);
    }
}

void fitChartTitle(QChart* chart, const QStringList& titles)
{
    if (titles.isEmpty())
        return;
    const QMarginsF m = chart->margins();
    const double room = chart->size().width() - m.left() - m.right();
    const QFontMetricsF fm(chart->titleFont());
    QString pick = titles.last();
    for (const QString& t : titles) {
        if (fm.horizontalAdvance(t) + 12 <= room) {
            pick = t;
            break;
        }
    }
    if (chart->title() != pick)
        chart->setTitle(pick);
}

void setAxisTitleFitting(QAbstractAxis* axis, const QStringList& titles, double room)
{
    if (titles.isEmpty())
        return;
    const QFontMetricsF fm(axis->titleFont());
    QString pick = titles.last();
    for (const QString& t : titles) {
        if (fm.horizontalAdvance(t) + 12 <= room) {
            pick = t;
            break;
        }
    }
    if (axis->titleText() != pick)
        axis->setTitleText(pick);
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
    if (text == m_raw && !m_text->text().isEmpty()) {
        syncFont();
        return;
    }
    m_raw = text;
    layoutText();
}

void ChartLabel::setMaxWidth(double width)
{
    if (width == m_maxWidth) {
        syncFont();
        return;
    }
    m_maxWidth = width;
    layoutText();
}

void ChartLabel::layoutText()
{
    QString shown = m_raw;
    if (m_maxWidth > 0) {
        // Greedy wrap at spaces, line by line (a word longer than the width stays whole).
        const QFontMetricsF fm(m_text->font());
        const double room = std::max(20.0, m_maxWidth - 8);
        QStringList out;
        for (const QString& line : m_raw.split(QLatin1Char('\n'))) {
            QString cur;
            for (const QString& word : line.split(QLatin1Char(' '))) {
                const QString next = cur.isEmpty() ? word : cur + QLatin1Char(' ') + word;
                if (!cur.isEmpty() && fm.horizontalAdvance(next) > room) {
                    out << cur;
                    cur = word;
                } else {
                    cur = next;
                }
            }
            out << cur;
        }
        shown = out.join(QLatin1Char('\n'));
    }
    m_text->setText(shown);
    m_laidOut = m_text->font();
    const QRectF r = m_text->boundingRect();
    setRect(0, 0, r.width() + 8, r.height() + 4);
}

QString ChartLabel::text() const { return m_raw; }

QFont ChartLabel::font() const { return m_text->font(); }

void ChartLabel::syncFont()
{
    if (m_text->font() != m_laidOut)
        layoutText();
}

void ChartLabel::placeAboveLeftOf(const QPointF& scenePoint, const QRectF& bounds)
{
    syncFont();
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
    syncFont();
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
