// SPDX-License-Identifier: MIT
#include "trainreplaycanvas.h"

#include "stepcommon.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

#include <algorithm>
#include <cmath>

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
    const int nodeW = std::max(fm.horizontalAdvance(tr("sent %1").arg(QLocale().toString(qint64(999999999)))) + 16, 96);
    const int nodeH = fm.height() * 2 + 12;
    const QPointF centre(width() / 2.0, height() / 2.0);
    const double radius = std::max(10.0, std::min(width() - nodeW, height() - nodeH) / 2.0 - 12.0);
    std::vector<QPointF> at(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
        const double a = -M_PI / 2 + 2 * M_PI * r / n;
        at[static_cast<std::size_t>(r)] = centre + QPointF(radius * std::cos(a), radius * std::sin(a));
    }

    // The ring: an arrow from every rank to its right neighbour (two ranks: two arcs side by side).
    auto path = [&](int from, int to, double& length, QPointF& dir, QPointF& normal) {
        const QPointF a = at[static_cast<std::size_t>(from)], b = at[static_cast<std::size_t>(to)];
        const QPointF d = b - a;
        length = std::hypot(d.x(), d.y());
        dir = length > 0 ? d / length : QPointF(1, 0);
        normal = QPointF(-dir.y(), dir.x());
        return std::make_pair(a, b);
    };
    const double side = n == 2 ? nodeH * 0.35 : 0.0;
    QColor ringColour = text;
    ringColour.setAlpha(90);
    if (n > 1) {
        for (int r = 0; r < n; ++r) {
            double len = 0;
            QPointF dir, nrm;
            auto [a, b] = path(r, (r + 1) % n, len, dir, nrm);
            const QPointF a1 = a + nrm * side + dir * (nodeW * 0.3), b1 = b + nrm * side - dir * (nodeW * 0.3);
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
                   tr("sent %1").arg(QLocale().toString(sent)));
    }

    // The hop's messages, in flight.
    for (const Message& m : m_hop.messages) {
        if (m.from < 0 || m.from >= n || m.to < 0 || m.to >= n)
            continue;
        double len = 0;
        QPointF dir, nrm;
        auto [a, b] = path(m.from, m.to, len, dir, nrm);
        const QPointF a1 = a + nrm * side + dir * (nodeW * 0.3), b1 = b + nrm * side - dir * (nodeW * 0.3);
        const QPointF pos = a1 + (b1 - a1) * m_progress;
        const QString label = QLocale().formattedDataSize(m.bytes, 1, QLocale::DataSizeSIFormat);
        const QSizeF sz(fm.horizontalAdvance(label) + 10, fm.height() + 4);
        const QRectF packet(pos - QPointF(sz.width() / 2, sz.height() / 2), sz);
        const QColor c = stepui::shardColor(chunkOf(m_hop, m, n), n);
        p.setPen(QPen(c.darker(160), 1));
        p.setBrush(c);
        p.drawRoundedRect(packet, 4, 4);
        p.setPen(c.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white));
        p.drawText(packet, Qt::AlignCenter, label);
    }
}

} // namespace shardscope
