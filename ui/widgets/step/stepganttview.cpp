// SPDX-License-Identifier: MIT
#include "stepganttview.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include <vector>

namespace shardscope {

using namespace stepui;

namespace {

/// The bubble: the worst stage's idle time between its pipeline blocks and at the end.
std::vector<std::pair<double, double>> bubblesOf(const StepResult& r)
{
    std::vector<std::pair<double, double>> bubbles;
    const double T = r.totals.stepTime;
    double cursor = 0;
    double postLength = 0;
    for (const StepEvent& e : r.events)
        if (e.phase == StepPhase::Optimizer)
            postLength += e.duration;
    for (const PipelineBlock& b : r.pipeline) {
        if (b.stage != r.worstStage)
            continue;
        if (b.start > cursor)
            bubbles.emplace_back(cursor, b.start);
        cursor = std::max(cursor, b.start + b.duration);
    }
    if (!r.pipeline.empty() && T - postLength > cursor + 1e-12)
        bubbles.emplace_back(cursor + postLength, T);
    return bubbles;
}

} // namespace

StepGanttView::StepGanttView(QWidget* parent)
    : StepTimeline(parent)
{
    setObjectName(QStringLiteral("stepGantt"));
}

int StepGanttView::rowCount() const
{
    if (!data())
        return 3;
    // Layouts ask for the minimum size many times per change: counted once per step (up to 20,000 events).
    if (m_rowsData.lock() == data())
        return m_rows;
    m_rowsData = data();
    const StepResult& r = data()->result;
    bool used[6] = {true, false, false, false, false, false};
    for (const StepEvent& e : r.events)
        if (e.kind != EventKind::Compute)
            used[e.group == CommGroup::TP   ? 1
                 : e.group == CommGroup::DP ? 2
                 : e.group == CommGroup::PP ? 3
                 : e.group == CommGroup::EP ? 5
                                            : 4]
                = true;
    m_rows = int(std::count(std::begin(used), std::end(used), true)) + (r.pipeline.empty() ? 0 : 1);
    return m_rows;
}

QSize StepGanttView::minimumSizeHint() const
{
    // The legend line, the rows (compute, TP, DP, PP, host, bubble: those in use) one line each, the time axis.
    const double need = headerHeight() + footerHeight() + rowCount() * stepui::lineHeight(font());
    return QSize(300, std::max(120, int(std::ceil(need))));
}

void StepGanttView::changeEvent(QEvent* e)
{
    // The step view fixes a minimum height for the default font; the hint above follows the font (presentation
    // mode doubles it) and the rows in use, so it takes over.
    if (e->type() == QEvent::FontChange)
        setMinimumHeight(0);
    StepTimeline::changeEvent(e);
}

void StepGanttView::showEvent(QShowEvent* e)
{
    setMinimumHeight(0);
    StepTimeline::showEvent(e);
}

void StepGanttView::paintStatic(QPainter& p)
{
    const StepResult& r = data()->result;
    m_allToAllItems = 0;
    const QRectF a = plotArea();
    const double T = r.totals.stepTime;
    // MoE (issue 25): the expert-parallel all-to-alls get a row of their own, under the ring collectives.
    const QStringList allRows = {tr("compute"), tr("TP comm"), tr("DP comm"), tr("PP comm"), tr("host"), tr("EP all-to-all"), tr("bubble")};
    const std::vector<std::pair<double, double>> bubbles = bubblesOf(r);
    auto laneOf = [](const StepEvent& e) {
        return e.kind == EventKind::Compute ? 0
            : e.group == CommGroup::TP      ? 1
            : e.group == CommGroup::DP      ? 2
            : e.group == CommGroup::PP      ? 3
            : e.group == CommGroup::EP      ? 5
                                            : 4;
    };
    // Only the lanes with something in them (TP 1 has no TP traffic, PP 1 no bubble): no empty rows.
    bool used[7] = {true, false, false, false, false, false, !bubbles.empty()};
    for (const StepEvent& e : r.events)
        used[laneOf(e)] = true;
    int rowOf[7];
    QStringList rows;
    for (int i = 0; i < 7; ++i) {
        rowOf[i] = used[i] ? int(rows.size()) : -1;
        if (used[i])
            rows << allRows[i];
    }
    const double rh = a.height() / rows.size();
    const QColor text = palette().color(QPalette::Text);
    QColor grid = text;
    grid.setAlphaF(0.12);
    auto rowRect = [&](int lane, double t0, double t1) {
        const double x0 = timeToX(t0, T, a), x1 = timeToX(t1, T, a);
        return QRectF(x0, a.top() + rowOf[lane] * rh + 2, std::max(1.0, x1 - x0), rh - 4);
    };
    p.setPen(text);
    // Row names one line high, centred on their rows; rows thinner than a line (a view squeezed below its
    // minimum height) get a font that fits them rather than names printed over one another.
    {
        const QFont normal = p.font();
        QFont rowFont = normal;
        if (QFontMetricsF(rowFont).height() > rh && rh > 4) {
            rowFont.setPointSizeF(std::max(1.0, rowFont.pointSizeF() * rh / QFontMetricsF(rowFont).height()));
            p.setFont(rowFont);
        }
        const double lh = std::min(rh, QFontMetricsF(p.font()).height());
        for (int i = 0; i < rows.size(); ++i) {
            label(p, QRectF(4, a.top() + i * rh + (rh - lh) / 2, leftMargin() - 8, lh), Qt::AlignVCenter | Qt::AlignRight,
                  rows[i]);
            p.fillRect(QRectF(a.left(), a.top() + (i + 1) * rh - 0.5, a.width(), 1), grid);
        }
        p.setFont(normal);
    }
    for (const StepEvent& e : r.events) {
        if (e.kind == EventKind::Compute) {
            const QColor c = e.phase == StepPhase::Forward ? forwardColor()
                : e.phase == StepPhase::Backward           ? backwardColor()
                : e.phase == StepPhase::Recompute          ? recomputeColor()
                                                           : optimizerColor();
            p.fillRect(rowRect(0, e.start, e.end()), c);
            continue;
        }
        const int lane = laneOf(e);
        if (e.kind == EventKind::AllToAll) {
            // An all-to-all (a full mesh, not a ring): its own colour, light where the kernels hide it.
            QColor hidden = allToAllColor();
            hidden.setAlphaF(0.35);
            p.fillRect(rowRect(lane, e.start, e.end()), hidden);
            if (e.exposedSeconds > 0)
                p.fillRect(rowRect(lane, e.start, e.start + e.exposedSeconds), allToAllColor());
            ++m_allToAllItems;
            continue;
        }
        // Hidden first, then the exposed part at the end of the transfer (where compute waits for it).
        p.fillRect(rowRect(lane, e.start, e.end()), hiddenCommColor());
        if (e.exposedSeconds > 0)
            p.fillRect(rowRect(lane, e.end() - e.exposedSeconds, e.end()), exposedCommColor());
    }
    for (const auto& [b0, b1] : bubbles)
        p.fillRect(rowRect(6, b0, b1), bubbleColor());
    // Time axis at round times (issue 26), thinned where labels would run together ("519.61 ms692.82 ms" at 2x in a
    // narrow column, issue 27).
    const QFontMetricsF fm(font());
    p.setPen(text);
    paintTimeAxis(p, a, T);
    // The legend on the title lines, every entry the chart shows; where they do not fit on one line they wrap onto more
    // (a 6.5 in figure left out "hidden comm" and "bubble", issue 26).
    const double head = std::max(18.0, stepui::lineHeight(font())); // the first title line: "worst rank" beside it
    const double sw = std::round(0.6 * fm.height());
    m_legendAllToAll = false;
    for (const LegendEntry& it : legendEntries()) {
        p.fillRect(QRectF(it.box.left(), it.box.top() + (it.box.height() - sw) / 2, sw, sw), it.color);
        m_legendAllToAll = m_legendAllToAll || it.color == allToAllColor();
        label(p, QRectF(it.box.left() + sw + 4, it.box.top(), it.box.width() - sw - 4, it.box.height()),
              Qt::AlignVCenter | Qt::AlignLeft, it.name);
    }
    label(p, QRectF(4, 0, leftMargin() - 8, head), Qt::AlignVCenter | Qt::AlignRight, tr("worst rank"));
}

} // namespace shardscope

namespace shardscope {

using namespace stepui;

StepGanttView::Shown StepGanttView::shown() const
{
    if (!data())
        return {};
    if (m_shownData.lock() == data())
        return m_shown;
    m_shownData = data();
    const StepResult& r = data()->result;
    Shown out;
    for (const StepEvent& e : r.events) {
        out.recompute = out.recompute || (e.kind == EventKind::Compute && e.phase == StepPhase::Recompute);
        out.optimizer = out.optimizer || (e.kind == EventKind::Compute && e.phase == StepPhase::Optimizer);
        out.allToAll = out.allToAll || e.kind == EventKind::AllToAll;
    }
    out.bubble = !bubblesOf(r).empty();
    m_shown = out;
    return out;
}

QList<StepGanttView::LegendEntry> StepGanttView::legendEntries() const
{
    QList<LegendEntry> out;
    if (!data())
        return out;
    const Shown s = shown();
    const std::pair<QColor, QString> all[] = {{forwardColor(), tr("forward")},         {recomputeColor(), tr("recompute")},
                                              {backwardColor(), tr("backward")},       {optimizerColor(), tr("optimizer")},
                                              {exposedCommColor(), tr("exposed comm")}, {hiddenCommColor(), tr("hidden comm")},
                                              {allToAllColor(), tr("all-to-all (EP)")}, {bubbleColor(), tr("bubble")}};
    const QFontMetricsF fm(font());
    const double line = std::max(18.0, stepui::lineHeight(font()));
    const double sw = std::round(0.6 * fm.height());
    const double left = leftMargin(), right = std::max(left + 1, double(width()) - 4);
    double x = left, y = 0;
    for (const auto& [c, name] : all) {
        // Only what the chart shows.
        if ((c == recomputeColor() && !s.recompute) || (c == optimizerColor() && !s.optimizer) || (c == bubbleColor() && !s.bubble)
            || (c == allToAllColor() && !s.allToAll))
            continue;
        const double w = sw + 4 + std::ceil(fm.horizontalAdvance(name)) + 2;
        if (x > left && x + w > right) {
            x = left;
            y += line;
        }
        out << LegendEntry {c, name, QRectF(x, y, std::min(w, right - x), line)};
        x += w + sw;
    }
    return out;
}

double StepGanttView::headerHeight() const
{
    const QList<LegendEntry> entries = legendEntries();
    const double line = std::max(18.0, stepui::lineHeight(font()));
    return entries.isEmpty() ? line : entries.constLast().box.bottom();
}

} // namespace shardscope
