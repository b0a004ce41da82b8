// SPDX-License-Identifier: MIT
#include "steptpview.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace shardscope {

using namespace stepui;

namespace {

struct Matrix
{
    QString name;
    std::int64_t rows, cols;
    bool columnSplit;
};

std::vector<Matrix> matrices(const Scenario& s)
{
    const Architecture& a = s.arch;
    const std::int64_t h = a.hidden;
    const std::int64_t hd = a.headDim > 0 ? a.headDim : a.hidden / a.heads;
    const std::int64_t q = a.heads * hd, kv = a.kvHeads * hd;
    const std::int64_t f = a.ffn;
    return {
        {QStringLiteral("Q, K, V"), h, q + 2 * kv, true},
        {QStringLiteral("attention out"), q, h, false},
        {a.gatedMlp ? QStringLiteral("MLP gate | up") : QStringLiteral("MLP up"), h, (a.gatedMlp ? 2 : 1) * f, true},
        {QStringLiteral("MLP down"), f, h, false},
    };
}

} // namespace

StepTpView::StepTpView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("stepTp"));
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void StepTpView::setData(StepDataPtr data)
{
    m_data = std::move(data);
    update();
}

void StepTpView::setPlayhead(double t)
{
    m_playhead = t;
    update();
}

QString StepTpView::sliceShape(int which) const
{
    if (!m_data)
        return QString();
    const Matrix m = matrices(m_data->scenario)[static_cast<std::size_t>(which)];
    return splitShape(m.rows, m.cols, m_data->scenario.tp, m.columnSplit);
}

QString StepTpView::splitShape(std::int64_t rows, std::int64_t cols, std::int64_t t, bool byColumns)
{
    return QStringLiteral("%1x%2").arg(byColumns ? rows : rows / t).arg(byColumns ? cols / t : cols);
}

void StepTpView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_data)
        return;
    const QColor text = palette().color(QPalette::Text);
    const Scenario& s = m_data->scenario;
    const StepResult& r = m_data->result;
    const std::int64_t t = s.tp;
    // Which half of the layer runs now (attention or MLP), and is a TP collective running?
    EventPart now = EventPart::Layer;
    bool tpComm = false;
    const int cur = eventAt(r, m_playhead);
    for (int k = cur; k >= 0 && k > cur - 16; --k) {
        const StepEvent& e = r.events[static_cast<std::size_t>(k)];
        if (e.start <= m_playhead && m_playhead < e.end()) {
            if (e.kind == EventKind::Compute && (e.part == EventPart::Attention || e.part == EventPart::Mlp))
                now = e.part;
            if (e.group == CommGroup::TP) {
                tpComm = true;
                now = e.part;
            }
        }
    }
    p.setPen(text);
    p.drawText(QRectF(8, 2, width() - 16, 18), Qt::AlignLeft | Qt::AlignVCenter,
               t > 1 ? tr("Tensor parallelism: one layer's weights over TP = %1 GPUs").arg(t)
                     : tr("TP = 1: every GPU holds each layer's matrices whole"));
    const auto ms = matrices(s);
    const double top = 26, bottom = 40;
    const double cellW = (width() - 24) / 2.0, cellH = (height() - top - bottom) / 2.0;
    // Sizes: each matrix scaled by the square root of its shape so the largest fits its cell.
    double maxSide = 1;
    for (const auto& m : ms)
        maxSide = std::max({maxSide, std::sqrt(double(m.rows)), std::sqrt(double(m.cols))});
    const QFontMetrics fm(font());
    for (std::size_t i = 0; i < ms.size(); ++i) {
        const Matrix& m = ms[i];
        const QRectF cell(12 + (i % 2) * cellW, top + (i / 2) * cellH, cellW - 8, cellH - 6);
        const bool attn = i < 2;
        const bool active = (attn && now == EventPart::Attention) || (!attn && now == EventPart::Mlp);
        const double box = std::min(cell.width() - 10, cell.height() - 44);
        const double w = box * std::sqrt(double(m.cols)) / maxSide;
        const double h = box * std::sqrt(double(m.rows)) / maxSide;
        const QRectF mr(cell.left() + (cell.width() - w) / 2, cell.top() + 18, w, h);
        p.setPen(text);
        // Labels are elided to their cell: a narrow window must not clip them at the widget's edge.
        const auto fit = [&](const QString& t) { return fm.elidedText(t, Qt::ElideRight, int(cell.width())); };
        p.drawText(QRectF(cell.left(), cell.top(), cell.width(), 16), Qt::AlignHCenter | Qt::AlignVCenter,
                   fit(tr("%1 %2x%3 · %4").arg(m.name).arg(m.rows).arg(m.cols).arg(m.columnSplit ? tr("by columns") : tr("by rows"))));
        for (std::int64_t k = 0; k < t; ++k) {
            QRectF slice = m.columnSplit ? QRectF(mr.left() + mr.width() * double(k) / double(t), mr.top(), mr.width() / double(t), mr.height())
                                         : QRectF(mr.left(), mr.top() + mr.height() * double(k) / double(t), mr.width(), mr.height() / double(t));
            QColor c = shardColor(k, t);
            if (!active)
                c.setAlphaF(0.45);
            p.fillRect(slice, c);
            p.setPen(QPen(palette().color(QPalette::Base), 1));
            p.drawRect(slice);
        }
        p.setPen(QPen(active ? palette().color(QPalette::Highlight) : text, active ? 2.5 : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(mr);
        p.setPen(text);
        const QString shape = tr("GPU k holds %1").arg(sliceShape(static_cast<int>(i)));
        p.drawText(QRectF(cell.left(), mr.bottom() + 2, cell.width(), 14), Qt::AlignHCenter | Qt::AlignTop, fit(shape));
        if (i == 0) {
            // The fused QKV is three projections: name Q's slice (seed 003: 4096x4096 over 8 GPUs is 4096x512).
            const std::int64_t hd = s.arch.headDim > 0 ? s.arch.headDim : s.arch.hidden / s.arch.heads;
            p.drawText(QRectF(cell.left(), mr.bottom() + 15, cell.width(), 14), Qt::AlignHCenter | Qt::AlignTop,
                       fit(tr("of which Q: %1").arg(splitShape(m.rows, s.arch.heads * hd, t, true))));
        }
        if (!m.columnSplit && t > 1) {
            // The collective after the row-parallel matmul: partial sums of s x b x h values.
            const double M = double(s.seq) * double(s.microBatch) * double(s.arch.hidden) * 2.0;
            const QString what = s.sequenceParallel ? tr("reduce-scatter (+ all-gather before the next)") : tr("all-reduce");
            QColor c = tpComm && active ? exposedCommColor() : text;
            p.setPen(c);
            p.drawText(QRectF(cell.left(), mr.bottom() + 15, cell.width(), 30), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                       tr("then %1 of s·b·h = %2").arg(what, bytesText(M)));
        }
    }
    p.setPen(text);
    p.drawText(QRectF(8, height() - 36, width() - 16, 32), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               t > 1 ? tr("Column-parallel matmuls need no communication; each row-parallel one ends in partial sums that "
                          "the group adds up (TP traffic this step: %1 per GPU).")
                           .arg(bytesText(r.totals.tpBytes))
                     : tr("Raise TP to split these matrices across GPUs of a node."));
}

} // namespace shardscope
