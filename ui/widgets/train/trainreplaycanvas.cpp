// SPDX-License-Identifier: MIT
#include "trainreplaycanvas.h"

#include "stepcommon.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace shardscope {

using namespace train;

TrainReplayCanvas::TrainReplayCanvas(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("trainReplayCanvas"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void TrainReplayCanvas::setHop(int ranks, const ReplayHop& hop, const std::vector<std::int64_t>& sent)
{
    m_ranks = ranks;
    m_hop = hop;
    m_sent = sent;
    update();
}

void TrainReplayCanvas::clear(int ranks)
{
    m_ranks = ranks;
    m_hop = ReplayHop {};
    m_sent.assign(static_cast<std::size_t>(std::max(0, ranks)), 0);
    update();
}

void TrainReplayCanvas::setProgress(double progress)
{
    m_progress = std::clamp(progress, 0.0, 1.0);
    update();
}

int TrainReplayCanvas::chunkOf(const ReplayHop& hop, const Message& m, int ranks)
{
    if (ranks < 1)
        return 0;
    const bool gather = hop.phase == RingPhase::AllGather || hop.phase == RingPhase::AllReduceAllGather;
    // Communicator's ring: reduce-scatter step k sends chunk r-k-1, all-gather step k sends chunk r-k.
    const int c = gather ? m.from - hop.ringStep : m.from - hop.ringStep - 1;
    return ((c % ranks) + ranks) % ranks;
}

void TrainReplayCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QColor text = palette().color(QPalette::Text);
    const int n = m_ranks;
    if (n < 1)
        return;
    const QFontMetrics fm(font());
    const int nodeW = std::max(fm.horizontalAdvance(tr("sent %1 B").arg(QLocale().toString(qint64(99999999)))) + 16, 96);
    const int nodeH = fm.height() * 2 + 12;
    // What a hop does: the caption, wrapped to the canvas's width (three lines in Russian where English takes two).
    QString caption;
    if (!m_hop.messages.empty()) {
        const bool gather = m_hop.phase == RingPhase::AllGather || m_hop.phase == RingPhase::AllReduceAllGather;
        caption = gather ? tr("All-gather: each rank passes a finished chunk to its right neighbour, which keeps a copy.")
                         : tr("Reduce-scatter: each rank passes a partial sum of one chunk to its right neighbour, "
                              "which adds its own gradients of that chunk.");
    }
    const int captionH = caption.isEmpty()
        ? fm.height() * 2
        : std::max(fm.height() * 2, fm.boundingRect(QRect(0, 0, std::max(1, width() - 16), 100000),
                                                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption)
                                         .height());
    const int top = captionH + 12; // room for the caption
    const QPointF centre(width() / 2.0, top + (height() - top) / 2.0);
    // The ranks on an ellipse that fills the canvas, rank 0 at the top, clockwise.
    const double rx = std::max(10.0, (width() - nodeW) / 2.0 - 12.0);
    const double ry = std::max(10.0, (height() - top - nodeH) / 2.0 - 8.0);
    std::vector<QPointF> at(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
        const double a = -M_PI / 2 + 2 * M_PI * r / n;
        at[static_cast<std::size_t>(r)] = centre + QPointF(rx * std::cos(a), ry * std::sin(a));
    }

    p.setPen(text);
    if (!caption.isEmpty())
        p.drawText(QRectF(8, 4, width() - 16, top - 8), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);

    // The segment from rank `from` to rank `to`, clipped to the edges of their boxes (two ranks: two
    // segments side by side).
    const double side = n == 2 ? nodeH * 0.3 : 0.0;
    auto segment = [&](int from, int to) {
        const QPointF a = at[static_cast<std::size_t>(from)], b = at[static_cast<std::size_t>(to)];
        const QPointF d = b - a;
        const double len = std::max(1e-9, std::hypot(d.x(), d.y()));
        const QPointF dir = d / len, nrm(-dir.y(), dir.x());
        const double hw = nodeW / 2.0 + 4, hh = nodeH / 2.0 + 4;
        const double exit = std::min(std::fabs(dir.x()) > 1e-9 ? hw / std::fabs(dir.x()) : 1e9,
                                     std::fabs(dir.y()) > 1e-9 ? hh / std::fabs(dir.y()) : 1e9);
        const double cut = std::min(exit, len / 2 - 2);
        return std::make_tuple(a + dir * cut + nrm * side, b - dir * cut + nrm * side, dir, nrm);
    };
    QColor ringColour = text;
    ringColour.setAlpha(110);
    if (n > 1) {
        for (int r = 0; r < n; ++r) {
            auto [a1, b1, dir, nrm] = segment(r, (r + 1) % n);
            p.setPen(QPen(ringColour, 1.5));
            p.drawLine(a1, b1);
            const QPointF head1 = b1 - dir * 9 + nrm * 4, head2 = b1 - dir * 9 - nrm * 4;
            p.setBrush(ringColour);
            p.drawPolygon(QPolygonF({b1, head1, head2}));
        }
    }

    // The ranks.
    for (int r = 0; r < n; ++r) {
        const QRectF box(at[static_cast<std::size_t>(r)] - QPointF(nodeW / 2.0, nodeH / 2.0), QSizeF(nodeW, nodeH));
        QColor fill = palette().color(QPalette::Window);
        p.setPen(QPen(text, 1));
        p.setBrush(fill);
        p.drawRoundedRect(box, 6, 6);
        const qint64 sent = r < static_cast<int>(m_sent.size()) ? qint64(m_sent[static_cast<std::size_t>(r)]) : 0;
        p.drawText(box.adjusted(4, 4, -4, -4), Qt::AlignHCenter | Qt::AlignTop, tr("rank %1").arg(r));
        p.drawText(box.adjusted(4, 4, -4, -4), Qt::AlignHCenter | Qt::AlignBottom,
                   tr("sent %1 B").arg(QLocale().toString(sent)));
    }

    // The hop's messages, in flight. A packet that would cover one placed before it moves on outwards until it is
    // clear (labels are wider in Russian: two packets meeting at rank 0 of four overlapped at 1600 x 1000).
    std::vector<QRectF> placed;
    placed.reserve(m_hop.messages.size());
    for (const Message& m : m_hop.messages) {
        if (m.from < 0 || m.from >= n || m.to < 0 || m.to >= n)
            continue;
        auto [a1, b1, dir, nrm] = segment(m.from, m.to);
        (void)dir;
        (void)nrm;
        // On the segment, pushed outwards (away from the ring's centre) so that the packets of two
        // segments meeting at a rank do not cover each other.
        QPointF pos = a1 + (b1 - a1) * m_progress;
        const int chunk = chunkOf(m_hop, m, n);
        const QString label = tr("chunk %1: %2").arg(chunk).arg(QLocale().formattedDataSize(m.bytes, 1, QLocale::DataSizeSIFormat));
        const QSizeF sz(fm.horizontalAdvance(label) + 10, fm.height() + 4);
        const QPointF mid = (a1 + b1) / 2 - centre;
        const double midLen = std::hypot(mid.x(), mid.y());
        QPointF out(0, 1);
        if (midLen > 1e-6 && n > 2) {
            out = mid / midLen;
            pos += out * (sz.width() / 2 * std::fabs(out.x()) + sz.height() / 2 * std::fabs(out.y()) + 2);
        }
        QRectF packet(pos - QPointF(sz.width() / 2, sz.height() / 2), sz);
        for (int step = 0; step < 400 && std::any_of(placed.begin(), placed.end(), [&](const QRectF& q) { return q.intersects(packet); });
             ++step)
            packet.translate(out * 2.0);
        placed.push_back(packet);
        const QColor c = stepui::shardColor(chunk, n);
        p.setPen(QPen(c.darker(160), 1));
        p.setBrush(c);
        p.drawRoundedRect(packet, 4, 4);
        p.setPen(c.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white));
        p.drawText(packet, Qt::AlignCenter, label);
    }
}

} // namespace shardscope
