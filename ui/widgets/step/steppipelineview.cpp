// SPDX-License-Identifier: MIT
#include "steppipelineview.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace shardscope {

using namespace stepui;

StepPipelineView::StepPipelineView(QWidget* parent)
    : StepTimeline(parent)
{
    setObjectName(QStringLiteral("stepPipeline"));
}

std::int64_t StepPipelineView::inflight(std::int64_t stage) const
{
    if (!data())
        return 0;
    const StepResult& r = data()->result;
    const std::int64_t v = data()->scenario.schedule == PipelineSchedule::Interleaved ? data()->scenario.vpp : 1;
    // +1 chunk at a forward's start, -1 at a backward's end; micro-batches = chunks / v rounded up.
    std::vector<std::pair<double, int>> edges;
    for (const PipelineBlock& b : r.pipeline) {
        if (b.stage != stage)
            continue;
        if (b.forward)
            edges.emplace_back(b.start, +1);
        else
            edges.emplace_back(b.start + b.duration, -1);
    }
    std::sort(edges.begin(), edges.end());
    int held = 0, most = 0;
    for (const auto& e : edges) {
        held += e.second;
        most = std::max(most, held);
    }
    return (most + v - 1) / v;
}

QString StepPipelineView::stageLabel(std::int64_t stage) const
{
    // Stages are numbered from 1 everywhere a person reads them (the Memory tab's "stage 4 of 4"; issue 26).
    const QString text = tr("stage %1 · %2 in flight").arg(stage + 1).arg(inflight(stage));
    return data() && stage == data()->result.worstStage ? QStringLiteral("▶ ") + text : text;
}

QSize StepPipelineView::minimumSizeHint() const
{
    // The title and legend lines and up to 8 stage rows of one line each, in the widget's font (2x in
    // presentation mode): 120 px at the default font.
    const double lh = lineHeight(font());
    const std::int64_t rows = data() ? std::clamp<std::int64_t>(data()->scenario.pp, 1, 8) : 4;
    return QSize(300, std::max(120, int(std::ceil(headerHeight() + footerHeight() + double(rows) * lh))));
}

int StepPipelineView::leftMargin() const
{
    // Wide enough for the widest stage label in the widget's font (2x in presentation mode, longer in Russian).
    // Measured once per step and font: plotArea() asks for it on every frame.
    if (m_marginData != data().get() || m_marginFont != font()) {
        const QFontMetrics fm(font());
        int widest = std::max(150 - 8, fm.horizontalAdvance(tr("pipeline")));
        if (data() && data()->scenario.pp > 1 && !data()->result.pipeline.empty())
            for (std::int64_t i = 0; i < data()->scenario.pp; ++i)
                widest = std::max(widest, fm.horizontalAdvance(stageLabel(i)) + 4);
        m_marginData = data().get();
        m_marginFont = font();
        m_margin = widest + 8;
    }
    return std::min(m_margin, std::max(150, width() / 3));
}

void StepPipelineView::paintOverlay(QPainter& p)
{
    const StepResult& r = data()->result;
    const std::int64_t P = data()->scenario.pp;
    if (P <= 1 || r.pipeline.empty())
        return;
    const QRectF a = plotArea();
    const double T = r.totals.stepTime;
    const double rh = a.height() / double(P);
    const double t = playhead();
    // Blocks are grouped by stage and ordered by start within a stage (simulation order).
    auto first = r.pipeline.begin();
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.setBrush(Qt::NoBrush);
    while (first != r.pipeline.end()) {
        const std::int64_t stage = first->stage;
        auto last = std::find_if(first, r.pipeline.end(), [stage](const PipelineBlock& b) { return b.stage != stage; });
        auto it = std::upper_bound(first, last, t, [](double x, const PipelineBlock& b) { return x < b.start; });
        if (it != first) {
            const PipelineBlock& b = *std::prev(it);
            if (t < b.start + b.duration) {
                const double x0 = timeToX(b.start, T, a), x1 = timeToX(b.start + b.duration, T, a);
                p.drawRect(QRectF(x0, a.top() + double(stage) * rh, std::max(2.0, x1 - x0), rh));
            }
        }
        first = last;
    }
}

void StepPipelineView::paintStatic(QPainter& p)
{
    const StepResult& r = data()->result;
    const Scenario& s = data()->scenario;
    const QRectF a = plotArea();
    const double T = r.totals.stepTime;
    const QColor text = palette().color(QPalette::Text);
    p.setPen(text);
    const std::int64_t P = s.pp;
    const QString schedName = s.schedule == PipelineSchedule::GPipe ? QStringLiteral("GPipe")
        : s.schedule == PipelineSchedule::Interleaved                 ? tr("interleaved 1F1B")
                                                                      : QStringLiteral("1F1B");
    if (P <= 1 || r.pipeline.empty()) {
        label(p, QRectF(4, 0, leftMargin() - 8, headerHeight()), Qt::AlignVCenter | Qt::AlignRight, tr("pipeline"));
        p.drawText(a, Qt::AlignCenter | Qt::TextWordWrap, // wrapped: a paragraph, not a label
                   P <= 1 ? tr("PP = 1: no pipeline. The %1 micro-batch(es) of the step run one after another on every GPU; "
                               "nothing waits for another stage.")
                                .arg(s.gradAccum)
                          : tr("%1 stages x %2 micro-batches: too many blocks to draw (the step's totals still hold).")
                                .arg(P)
                                .arg(s.gradAccum));
        return;
    }
    // Bubble: the whole plot shaded; blocks are drawn over it, the gaps stay shaded.
    QColor bub = bubbleColor();
    bub.setAlphaF(0.35);
    p.fillRect(a, QBrush(bub, Qt::BDiagPattern));
    QColor bubFill = bubbleColor();
    bubFill.setAlphaF(0.15);
    p.fillRect(a, bubFill);
    const double rh = a.height() / double(P);
    const std::int64_t v = s.schedule == PipelineSchedule::Interleaved ? s.vpp : 1;
    const QFontMetrics fm(font());
    for (const PipelineBlock& b : r.pipeline) {
        const double x0 = timeToX(b.start, T, a), x1 = timeToX(b.start + b.duration, T, a);
        const QRectF rc(x0, a.top() + b.stage * rh + (rh > 6 ? 1 : 0), std::max(0.8, x1 - x0), rh > 6 ? rh - 2 : rh);
        QColor c = b.forward ? forwardColor() : backwardColor();
        if (v > 1 && b.chunk % 2 == 1)
            c = c.lighter(125);
        p.fillRect(rc, c);
        if (rc.width() > fm.horizontalAdvance(QStringLiteral("00")) + 2 && rh >= fm.height()) {
            p.setPen(Qt::white);
            p.drawText(rc, Qt::AlignCenter, QString::number(b.microbatch));
        }
    }
    // Stage labels with micro-batches in flight.
    p.setPen(text);
    const int every = rh >= fm.height() ? 1 : static_cast<int>(std::ceil(fm.height() / rh));
    for (std::int64_t i = 0; i < P; ++i) {
        // Every `every`-th stage when the rows are thinner than a line, and always the worst rank's stage: a
        // label next to it that would overlap it gives way.
        if (i != r.worstStage && (i % every != 0 || std::abs(i - r.worstStage) < every))
            continue;
        const QString text = stageLabel(i);
        const double lh = lineHeight(font());
        label(p, QRectF(2, a.top() + i * rh + rh / 2 - lh / 2, leftMargin() - 6, lh), Qt::AlignVCenter | Qt::AlignRight, text);
    }
    const std::int64_t m = s.gradAccum;
    QString ideal = v > 1 ? tr("(p-1)/(p-1+v m) = %1/%2").arg(P - 1).arg(P - 1 + v * m)
                          : tr("(p-1)/(p-1+m) = %1/%2").arg(P - 1).arg(P - 1 + m);
    // The longest wording that fits the plot's width, whole (issue 27: at 2x in presentation mode the pipeline has half the
    // Step tab, and "(ideal ..." and "(number: micro-batch)" were cut).
    const QFontMetricsF lm(font());
    const auto fitting = [&lm, &a](const QStringList& texts) {
        for (const QString& t : texts)
            if (lm.horizontalAdvance(t) <= a.width())
                return t;
        return texts.constLast();
    };
    const QString vText = v > 1 ? tr(", v = %1").arg(v) : QString();
    const QString bubble = numberText(r.totals.bubbleFraction * 100, 1);
    label(p, QRectF(a.left(), 0, a.width(), headerHeight()), Qt::AlignVCenter | Qt::AlignLeft,
          fitting({tr("%1 · p = %2, m = %3%4 · bubble %5% of the step (ideal %6 = %7%)")
                       .arg(schedName)
                       .arg(P)
                       .arg(m)
                       .arg(vText, bubble, ideal, numberText(r.totals.analyticBubbleFraction * 100, 1)),
                   tr("%1 · p = %2, m = %3%4 · bubble %5% of the step").arg(schedName).arg(P).arg(m).arg(vText, bubble),
                   tr("p = %1, m = %2 · bubble %3%").arg(P).arg(m).arg(bubble)}));
    label(p, QRectF(4, 0, leftMargin() - 8, headerHeight()), Qt::AlignVCenter | Qt::AlignRight, tr("pipeline"));
    label(p, QRectF(a.left(), a.bottom() + 2, a.width(), footerHeight() - 2), Qt::AlignLeft | Qt::AlignTop,
          fitting({tr("blue: forward, green: backward (number: micro-batch); hatched: bubble"),
                   tr("blue: forward, green: backward; hatched: bubble"), tr("blue: forward, green: backward")}));
}

} // namespace shardscope
