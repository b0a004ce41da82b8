// SPDX-License-Identifier: MIT
#include "stepmemoryview.h"

#include <QPainter>
#include <QPainterPath>

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

void StepMemoryView::paintStatic(QPainter& p)
{
    const StepResult& r = data()->result;
    const QRectF a = plotArea();
    const double T = r.totals.stepTime;
    const double top = scaleBytes();
    auto y = [&](double b) { return a.bottom() - b / top * a.height(); };
    const QColor text = palette().color(QPalette::Text);
    QColor grid = text;
    grid.setAlphaF(0.12);
    p.setPen(text);
    for (int i = 0; i <= 4; ++i) {
        const double b = top * i / 4.0;
        p.fillRect(QRectF(a.left(), y(b), a.width(), 1), grid);
        if (i == 4)
            continue; // the top tick's label would sit on the title line
        p.drawText(QRectF(4, y(b) - 8, leftMargin() - 8, 16), Qt::AlignVCenter | Qt::AlignRight, bytesText(b));
    }
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
    // Capacity line and peak.
    const double cap = double(r.footprint.capacityBytes);
    QPen capPen(text, 1.5, Qt::DashLine);
    p.setPen(capPen);
    p.drawLine(QPointF(a.left(), y(cap)), QPointF(a.right(), y(cap)));
    // Above the line when there is room under the title, else just below it.
    const double capLabelY = y(cap) - 16 >= a.top() ? y(cap) - 16 : y(cap) + 2;
    p.drawText(QRectF(a.left() + 4, capLabelY, a.width() - 8, 14), Qt::AlignRight | Qt::AlignVCenter,
               tr("capacity %1 (%2)").arg(bytesText(cap), QString::fromStdString(r.footprint.gpu.name)));
    p.setPen(QPen(r.fits ? text : exposedCommColor(), 1, Qt::DotLine));
    p.drawLine(QPointF(a.left(), y(double(r.peakBytes))), QPointF(a.right(), y(double(r.peakBytes))));
    p.drawText(QRectF(a.left() + 4, y(double(r.peakBytes)) + 1, a.width() - 8, 14), Qt::AlignLeft | Qt::AlignTop,
               tr("peak %1 = the footprint's worst rank%2").arg(bytesText(double(r.peakBytes)), r.fits ? QString() : tr(": does not fit")));
    p.setPen(text);
    p.drawText(QRectF(4, 0, leftMargin() - 8, 18), Qt::AlignVCenter | Qt::AlignRight, tr("memory"));
    p.drawText(QRectF(a.left(), 0, a.width(), 18), Qt::AlignVCenter | Qt::AlignLeft,
               tr("worst rank (stage %1) over the step: activations rise in forward and fall in backward; gathers, "
                  "grads and buffers come and go")
                   .arg(r.worstStage));
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
    p.drawEllipse(QPointF(x, yy), 4, 4);
    const QString label = bytesText(b);
    const QFontMetrics fm(font());
    const double w = fm.horizontalAdvance(label) + 8;
    QRectF box(x + 6, yy - 20, w, 16);
    if (box.right() > width())
        box.moveRight(x - 6);
    QColor bg = palette().color(QPalette::Base);
    bg.setAlphaF(0.85);
    p.fillRect(box, bg);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(box, Qt::AlignCenter, label);
}

} // namespace shardscope
