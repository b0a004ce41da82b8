// SPDX-License-Identifier: MIT
#include "stepmemoryview.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

namespace shardscope {

using namespace stepui;

StepMemoryView::StepMemoryView(QWidget* parent)
    : StepTimeline(parent)
{
    setObjectName(QStringLiteral("stepMemory"));
}

double StepMemoryView::scaleBytes() const
{
    if (!data())
        return 1;
    const StepResult& r = data()->result;
    return 1.08 * double(std::max(r.peakBytes, r.footprint.capacityBytes));
}

QString StepMemoryView::measureText(CapacityMeasure m)
{
    switch (m) {
    case CapacityMeasure::Allocated: return tr("allocated");
    case CapacityMeasure::Reserved: return tr("reserved");
    case CapacityMeasure::DeviceUsed: break;
    }
    return tr("device used");
}

QSize StepMemoryView::minimumSizeHint() const
{
    // The title, the peak and capacity lines (a line each) and a plot two lines high, then a line under it.
    const double L = stepui::lineHeight(font());
    return QSize(300, std::max(110, int(std::ceil(headerHeight() + footerHeight() + 4 * L))));
}

void StepMemoryView::changeEvent(QEvent* e)
{
    // The step view fixes a minimum height for the default font; the hint follows the font (presentation mode).
    if (e->type() == QEvent::FontChange)
        setMinimumHeight(0);
    StepTimeline::changeEvent(e);
}

void StepMemoryView::showEvent(QShowEvent* e)
{
    setMinimumHeight(0);
    StepTimeline::showEvent(e);
}

void StepMemoryView::paintStatic(QPainter& p)
{
    const StepResult& r = data()->result;
    const QRectF a = plotArea();
    const double T = r.totals.stepTime;
    const double top = scaleBytes();
    auto y = [&](double b) { return a.bottom() - b / top * a.height(); };
    const QColor text = palette().color(QPalette::Text);
    const QFontMetricsF fm(font());
    const double L = lineHeight(font());
    QColor grid = text;
    grid.setAlphaF(0.12);
    p.setPen(text);
    // Grid lines at round values (20 GB, not a quarter of the scale's 92.77 GB); labels on every line with a line of
    // room, none on the title.
    const int yIntervals = std::clamp(int(a.height() / (2 * L)), 1, 5);
    const QList<double> yTicks = roundTicks(top, yIntervals);
    const double yStep = yTicks.size() > 1 ? yTicks[1] : top;
    for (const double b : yTicks) {
        p.fillRect(QRectF(a.left(), y(b), a.width(), 1), grid);
        if (y(b) - L / 2 < a.top())
            continue;
        label(p, QRectF(4, std::min(y(b) - L / 2, height() - L), leftMargin() - 8, L), Qt::AlignVCenter | Qt::AlignRight,
              tickBytesText(b, top, yStep));
    }
    p.setPen(text);
    paintTimeAxis(p, a, T); // round ticks, as the Gantt's
    // The step function as a filled area.
    QPainterPath path(QPointF(a.left(), a.bottom()));
    double prevY = a.bottom();
    for (std::size_t i = 0; i < r.memory.size(); ++i) {
        const double x = timeToX(r.memory[i].t, T, a);
        const double yy = y(double(r.memory[i].bytes));
        path.lineTo(x, prevY);
        path.lineTo(x, yy);
        prevY = yy;
    }
    path.lineTo(a.right(), prevY);
    path.lineTo(a.right(), a.bottom());
    path.closeSubpath();
    QColor fill = forwardColor();
    fill.setAlphaF(0.35);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.fillPath(path, fill);
    p.setPen(QPen(forwardColor().darker(120), 1.2));
    p.drawPath(path);
    // Capacity line and peak. Each label is a box as wide as its text (so that tests and the playhead's label
    // can tell where it is): the capacity's at the right above its line (below it when the title is in the
    // way), the peak's at the left above its line (below it where the capacity's label or the title is in the way).
    const double cap = double(r.footprint.capacityBytes);
    const QString measure = measureText(data()->scenario.capacityMeasure);
    p.setPen(QPen(text, 1.5, Qt::DashLine));
    p.drawLine(QPointF(a.left(), y(cap)), QPointF(a.right(), y(cap)));
    // Each label whole, in the longest wording that fits (a 3.5 in page figure cut them to "capacity 85.90 GB (A100
    // 80GB ..."): the numbers always show.
    const auto fitting = [&](const QStringList& texts) {
        for (const QString& t : texts)
            if (fm.horizontalAdvance(t) + 2 <= a.width() - 8)
                return t;
        return texts.last();
    };
    const QString capText = fitting({tr("capacity %1 (%2)").arg(bytesText(cap), QString::fromStdString(r.footprint.gpu.name)),
                                     tr("capacity %1").arg(bytesText(cap))});
    const double capW = std::min(a.width() - 8, std::ceil(fm.horizontalAdvance(capText)) + 2);
    const double capY = y(cap) - L >= a.top() - 1 ? y(cap) - L : y(cap) + 1;
    const QRectF capBox(a.right() - 4 - capW, capY, capW, L);
    const QString fitNote = r.fits ? QString() : tr(": does not fit");
    const QString peakText = fitting({tr("peak %1 (%2) = the footprint's worst rank%3").arg(bytesText(double(r.peakBytes)), measure, fitNote),
                                      tr("peak %1 (%2)%3").arg(bytesText(double(r.peakBytes)), measure, fitNote),
                                      tr("peak %1%2").arg(bytesText(double(r.peakBytes)), fitNote)});
    const double peakW = std::min(a.width() - 8, std::ceil(fm.horizontalAdvance(peakText)) + 2);
    const double py = y(double(r.peakBytes));
    // Above the peak's line where there is room (the memory never rises above its peak: nothing of the area lies
    // there; below it the step function's edge ran through the text of the 3.5 in figure, issue 26), else below it, on
    // a box of the page's colour.
    const QRectF above(a.left() + 4, py - L - 3, peakW, L); // 3 px: a line in a taller fallback font sits lower
    QRectF peakBox(a.left() + 4, std::min(py + 1, height() - L), peakW, L);
    if (above.top() >= a.top() - 1 && !above.intersects(capBox))
        peakBox = above;
    else if (peakBox.intersects(capBox))
        peakBox = QRectF(a.left() + 4, capBox.bottom() + 1, peakW, L);
    p.setPen(QPen(r.fits ? text : exposedCommColor(), 1, Qt::DotLine));
    p.drawLine(QPointF(a.left(), py), QPointF(a.right(), py));
    p.setPen(text);
    label(p, capBox, Qt::AlignRight | Qt::AlignVCenter, capText);
    p.fillRect(peakBox, palette().color(QPalette::Base)); // the grid or the area under it hidden
    p.setPen(r.fits ? text : exposedCommColor());
    label(p, peakBox, Qt::AlignLeft | Qt::AlignVCenter, peakText);
    p.setPen(text);
    const double head = headerHeight();
    // One heading: no lane name ("memory") in the margin before it, which read as a second one ("memory Memory (device
    // used), stage 1", issue 26); the bytes label the axis under it.
    // The whole sentence where it fits, else its first half (presentation mode's doubled type): the measure
    // and the stage always show, and no sentence ends in an ellipsis in front of a hall.
    const QString title = tr("Memory (%1) of the worst rank (stage %2) over the step: activations rise in forward and fall "
                             "in backward; gathers, grads and buffers come and go")
                              .arg(measure)
                              .arg(r.worstStage + 1); // numbered from 1, as the Memory tab (issue 26)
    const QString shortTitle = tr("Memory (%1) of the worst rank (stage %2) over the step").arg(measure).arg(r.worstStage + 1);
    const QString shortest = tr("Memory (%1), stage %2").arg(measure).arg(r.worstStage + 1);
    QString shown = shortest;
    for (const QString& t : {title, shortTitle})
        if (fm.horizontalAdvance(t) <= a.width()) {
            shown = t;
            break;
        }
    label(p, QRectF(a.left(), 0, a.width(), head), Qt::AlignVCenter | Qt::AlignLeft, shown);
}

QRectF StepMemoryView::playheadLabelRect() const
{
    if (!data())
        return {};
    const StepResult& r = data()->result;
    const QRectF a = plotArea();
    const double b = double(memoryAt(r, playhead()));
    const double yy = a.bottom() - b / scaleBytes() * a.height();
    const double x = xAtTime(playhead());
    const QFontMetricsF fm(font());
    const double L = lineHeight(font());
    const double w = std::ceil(fm.horizontalAdvance(bytesText(b))) + 8;
    // Next to the point (above right, below right, above left, below left), else the nearest place beside or
    // above/below a static label in the way (peak, capacity, scale, title): never over one of them.
    std::vector<double> xs {x + 6, x - 6 - w}, ys {yy - L - 4, yy + 4};
    for (const DrawnLabel& l : labels()) {
        xs.push_back(l.rect.right() + 4);
        xs.push_back(l.rect.left() - 4 - w);
        ys.push_back(l.rect.top() - L - 1);
        ys.push_back(l.rect.bottom() + 1);
    }
    const QRectF inside = QRectF(rect()).adjusted(-0.01, -0.01, 0.01, 0.01);
    QRectF best = QRectF(x + 6, yy - L - 4, w, L);
    double bestDistance = -1;
    for (const double cy : ys)
        for (const double cx : xs) {
            const QRectF c(cx, cy, w, L);
            if (!inside.contains(c))
                continue;
            const double d = std::abs(c.center().x() - x) + std::abs(c.center().y() - yy);
            if (bestDistance >= 0 && d >= bestDistance)
                continue;
            bool clear = true;
            for (const DrawnLabel& l : labels())
                clear = clear && !c.intersects(l.rect);
            if (clear) {
                best = c;
                bestDistance = d;
            }
        }
    return best;
}

void StepMemoryView::paintOverlay(QPainter& p)
{
    const StepResult& r = data()->result;
    const QRectF a = plotArea();
    const double b = double(memoryAt(r, playhead()));
    const double yy = a.bottom() - b / scaleBytes() * a.height();
    const double x = xAtTime(playhead());
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setBrush(palette().color(QPalette::Highlight));
    p.setPen(Qt::NoPen);
    const double dot = std::max(4.0, lineHeight(font()) / 5);
    p.drawEllipse(QPointF(x, yy), dot, dot);
    const QRectF box = playheadLabelRect();
    QColor bg = palette().color(QPalette::Base);
    bg.setAlphaF(0.85);
    p.fillRect(box, bg);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(box, Qt::AlignCenter, bytesText(b));
}

} // namespace shardscope
