// SPDX-License-Identifier: MIT
#include "ringview.h"

#include "stepcommon.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <QResizeEvent>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <vector>

namespace shardscope {

using namespace stepui;

namespace {
/// One GPU's box with its name on top: the ring and the all-to-all draw their GPUs alike.
void drawGpuBox(QPainter& p, const QRectF& b, int g, const QColor& text, const QColor& base, double line)
{
    p.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 150), 1));
    p.setBrush(base);
    p.drawRoundedRect(b, 5, 5);
    p.setPen(text);
    p.drawText(QRectF(b.left(), b.top() + 3, b.width(), line), Qt::AlignCenter, RingView::tr("GPU %1").arg(g));
}

/// Where the legend's swatches and labels go: left to right, a row full flows onto the next; in a figure (`wrap`) a
/// label wider than what is left of a fresh row wraps onto more lines (issue 26: the Russian "на стрелке: фрагмент,
/// отправленный на этом шаге (+ = добавлен при получении)" ran past the right edge of a 4.2 in figure). `bottom`
/// receives the y under the last row.
struct SwatchSlot
{
    QRectF swatch, text;
};
std::vector<SwatchSlot> layoutSwatches(const QStringList& labels, const QFontMetrics& fm, double sw, double gap, double width, double y,
                                       bool wrap, double* bottom)
{
    const int line = std::max(1, fm.lineSpacing());
    double x = 8, rowH = line + 4;
    std::vector<SwatchSlot> out;
    for (const QString& label : labels) {
        double w = fm.horizontalAdvance(label);
        if (x > 8 && x + sw + 4 + w > width - 8) {
            x = 8;
            y += rowH;
            rowH = line + 4;
        }
        double h = line + 4;
        const double room = width - 8 - x - sw - 4;
        if (wrap && w > room && room > 0) {
            w = room;
            h = fm.boundingRect(QRect(0, 0, int(room), 100 * line), Qt::AlignLeft | Qt::TextWordWrap, label).height() + 4;
        }
        rowH = std::max(rowH, h);
        out.push_back({QRectF(x, y + (line + 4 - sw) / 2, sw, sw), QRectF(x + sw + 4, y, w + 4, h)});
        x += sw + 4 + w + gap;
    }
    *bottom = y + rowH;
    return out;
}

} // namespace

RingView::RingView(QWidget* parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
    , m_play(new QToolButton(this))
{
    setObjectName(QStringLiteral("ringView"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    // Slow enough to follow one chunk per hop; an illustration, not the modelled time.
    m_timer->setInterval(1200);
    connect(m_timer, &QTimer::timeout, this, &RingView::advance);
    m_play->setObjectName(QStringLiteral("ringPlay"));
    m_play->setFocusPolicy(Qt::NoFocus); // Space and the arrows stay with the Step view
    m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_play, &QToolButton::clicked, this, &RingView::togglePlay);
    updatePlayButton();
}

void RingView::setCollective(EventKind kind, int gpus)
{
    m_kind = kind;
    m_n = std::clamp(gpus, 2, 8);
    m_hop = 0;
    pause();
    update();
    Q_EMIT hopChanged(m_hop);
}

bool RingView::isPlaying() const { return m_timer->isActive(); }

int RingView::hopInterval() const { return m_timer->interval(); }

void RingView::setHopInterval(int ms) { m_timer->setInterval(std::max(1, ms)); }

void RingView::play()
{
    if (m_hop >= hopCount())
        setHop(0);
    m_timer->start();
    updatePlayButton();
}

void RingView::pause()
{
    m_timer->stop();
    updatePlayButton();
}

void RingView::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void RingView::advance()
{
    if (m_hop < hopCount())
        setHop(m_hop + 1);
    if (m_hop >= hopCount())
        pause();
}

void RingView::updatePlayButton()
{
    const bool playing = m_timer->isActive();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(playing ? tr("Pause the hops") : tr("Play the collective hop by hop, slowly (one hop every %1 s)")
                                                              .arg(numberText(m_timer->interval() / 1000.0, 1)));
    m_play->adjustSize();
    m_play->move(width() - m_play->width() - 6, 4);
}

void RingView::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    m_play->move(width() - m_play->width() - 6, 4);
    if (m_wholeText && e->size().width() != e->oldSize().width())
        updateGeometry(); // the lines its sentences take depend on the width
}

void RingView::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    // A larger font (presentation mode) resizes the Play button to its text: it was elided to "Pl..." at 2x.
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
        updatePlayButton();
        updateGeometry();
    }
}

double RingView::typeScale() const
{
    const int app = QFontMetrics(QApplication::font()).lineSpacing();
    return std::max(1.0, double(fontMetrics().lineSpacing()) / double(std::max(1, app)));
}

QSize RingView::sizeHint() const
{
    const double k = typeScale();
    const QSize hint(int(std::lround(820 * k)), int(std::lround(330 * k)));
    return m_wholeText ? hint.expandedTo(minimumSizeHint()) : hint;
}

QSize RingView::minimumSizeHint() const
{
    const double k = typeScale();
    QSize min(int(std::lround(400 * k)), int(std::lround(240 * k)));
    if (m_wholeText && width() > 0) {
        // A figure's sentences whole: the lines they take at this width beyond the window's (a title and a sentence of
        // one line each, two rows of swatches, a two-line clock's note and model note).
        const TextLines tl = textLines(width());
        const int line = fontMetrics().lineSpacing();
        min.rheight() += (tl.title - 1 + tl.what - 1 + std::max(0, tl.clock - 2) + std::max(0, tl.note - 2)) * line
            + std::max(0, tl.swatchRows - 2) * (line + 4);
        // And never less than what paintEvent() lays out with the smallest boxes (60 px at 1x): the heading, the boxes,
        // the band the arcs take under them, the legend and the note. A Russian figure at 6.5 in was shorter, its boxes
        // kept their 60 px and ran down into the legend (the closing arc's chunk over "partial sum").
        const double legendH = tl.swatchRows * (line + 4) + tl.clock * line + 10;
        const double noteH = m_note.isEmpty() ? 0 : tl.note * line + 4;
        const double extra = (tl.title - 1 + tl.what - 1) * line;
        const double need = m_kind == EventKind::AllToAll
            ? 2 * line + 10 + 34 * k + extra + 60 * k + 34 * k + legendH + noteH
            : 2 * line + 34 + extra + 60 * k + 30 * k + legendH + noteH;
        min.setHeight(std::max(min.height(), int(std::ceil(need)) + 2));
    }
    return min;
}

void RingView::setWholeText(bool whole)
{
    if (whole == m_wholeText)
        return;
    m_wholeText = whole;
    updateGeometry();
    update();
}

QString RingView::whatText() const
{
    const int n = m_n;
    const int total = hopCount();
    if (m_kind == EventKind::AllToAll)
        return m_hop == 0   ? tr("Start: each GPU holds its routed tokens in %1 slices, one for each GPU's experts.").arg(n)
            : m_hop == total ? tr("End: each GPU holds the slices every GPU routed to its experts.")
                             : tr("Each GPU sent one slice straight to the GPU %1 places to its right: every GPU sends to every other.").arg(m_hop);
    const bool reducePhase = m_kind == EventKind::ReduceScatter || (m_kind == EventKind::AllReduce && m_hop <= n - 1);
    if (m_hop == 0)
        return m_kind == EventKind::AllGather ? tr("Start: each GPU owns one chunk of the buffer.")
                                              : tr("Start: each GPU holds all %1 chunks, each a partial (its own gradients).").arg(n);
    if (m_hop == total)
        return m_kind == EventKind::ReduceScatter ? tr("End: each GPU owns one chunk, summed over all %1 GPUs.").arg(n)
                                                  : tr("End: every GPU holds all %1 chunks, fully reduced.").arg(n);
    return reducePhase ? tr("Each GPU sent one running sum to its right neighbour, which added its own partial.")
                       : tr("Each GPU passed one reduced chunk on to its right neighbour, which keeps a copy.");
}

QString RingView::clockText() const
{
    return m_kind == EventKind::AllToAll
        ? tr("Colour = whose tokens. Illustration: exchanges are stepped by hand or played slowly, not timed.")
        : tr("Colour = which chunk of the buffer. Illustration: hops are stepped by hand or played slowly, not timed.");
}

QStringList RingView::legendLabels() const
{
    if (m_kind == EventKind::AllToAll)
        return {tr("slice of GPU 0's tokens (tokens x top-k x hidden / GPUs)"), tr("sent, not yet received"),
                tr("arrow: a slice sent in this exchange")};
    return {tr("partial sum (number = GPUs summed)"), tr("\u03a3 fully reduced chunk"), tr("not held"),
            tr("on an arrow: chunk sent in this hop (+ = added on arrival)")};
}

RingView::TextLines RingView::textLines(int w) const
{
    const QFontMetrics fm(font());
    const int line = std::max(1, fm.lineSpacing());
    const int textW = std::max(1, w - 16);
    const auto lines = [&](const QFontMetrics& m, const QString& t) {
        return std::max(1, (m.boundingRect(QRect(0, 0, textW, 100 * line), Qt::AlignLeft | Qt::TextWordWrap, t).height() + line / 2) / line);
    };
    TextLines tl;
    // The clock's note: one line or two in the window (as it always was), as many as it needs in a figure.
    const int clockLines = lines(fm, clockText());
    tl.clock = m_wholeText ? clockLines : m_kind == EventKind::AllToAll ? 1 : std::min(2, clockLines);
    if (!m_wholeText)
        return tl;
    QFont bold = font();
    bold.setBold(true);
    const int n = m_n;
    const QString phase = m_kind == EventKind::AllReduce && m_hop > 0
        ? (m_hop < n - 1 || m_hop == n - 1 ? tr(" (reduce-scatter half)") : tr(" (all-gather half)"))
        : QString();
    const QString title = m_kind == EventKind::AllToAll
        ? tr("One collective: %1 among %2 GPUs (an EP group), not a ring · exchange %3 of %4").arg(kindText(m_kind)).arg(n).arg(m_hop).arg(hopCount())
        : tr("One collective: %1 on a ring of %2 GPUs · hop %3 of %4%5").arg(kindText(m_kind)).arg(n).arg(m_hop).arg(hopCount()).arg(phase);
    tl.title = lines(QFontMetrics(bold), title);
    tl.what = lines(fm, whatText());
    tl.note = m_note.isEmpty() ? 0 : std::max(2, lines(fm, m_note));
    // The swatches flow as paintEvent() lays them out.
    const double ks = typeScale();
    const double sw = std::max(14.0 * ks, 0.8 * line);
    double bottom = 0;
    layoutSwatches(legendLabels(), fm, sw, 18 * ks, w, 0, true, &bottom);
    tl.swatchRows = int(std::ceil(bottom / (line + 4) - 1e-9));
    return tl;
}

void RingView::setHop(int hop)
{
    hop = std::clamp(hop, 0, hopCount());
    if (hop == m_hop)
        return;
    m_hop = hop;
    update();
    Q_EMIT hopChanged(m_hop);
}

void RingView::setModelNote(const QString& note)
{
    m_note = note;
    if (m_wholeText)
        updateGeometry();
    update();
}

void RingView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    p.setRenderHint(QPainter::Antialiasing, true);
    if (m_kind == EventKind::AllToAll) {
        paintAllToAll(p);
        return;
    }
    const QColor text = palette().color(QPalette::Text);
    const QFontMetrics fm(font());
    const int line = fm.lineSpacing();
    const double ks = typeScale(); // boxes, chunks, arrows and swatches grow with the type (presentation mode)
    const RingState st = state();
    const int n = m_n;
    const int total = hopCount();
    // Title and what the hop did.
    p.setPen(text);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    QString phase;
    if (m_kind == EventKind::AllReduce)
        phase = m_hop < n - 1 || (m_hop == n - 1 && m_hop > 0) ? tr(" (reduce-scatter half)") : tr(" (all-gather half)");
    if (m_hop == 0)
        phase.clear();
    // The title stops short of the Play / Pause button in the top-right corner.
    const int titleW = std::max(40, m_play->x() - 16);
    const TextLines tl = textLines(width());
    const QString title = tr("One collective: %1 on a ring of %2 GPUs · hop %3 of %4%5")
                              .arg(kindText(m_kind))
                              .arg(n)
                              .arg(m_hop)
                              .arg(total)
                              .arg(phase);
    if (m_wholeText)
        p.drawText(QRectF(8, 4, width() - 16, tl.title * line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, title);
    else
        p.drawText(QRectF(8, 4, titleW, line), Qt::AlignLeft | Qt::AlignVCenter, QFontMetrics(bold).elidedText(title, Qt::ElideRight, titleW));
    p.setFont(font());
    const QString what = whatText();
    // The keys' reminder follows when it fits (the check box's tooltip gives it too); the sentence itself is never cut.
    const QString withKeys = what + tr("  ·  ] next hop, [ previous, or Play");
    if (m_wholeText)
        p.drawText(QRectF(8, 4 + tl.title * line, width() - 16, tl.what * line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, what);
    else
        p.drawText(QRectF(8, 4 + line, width() - 16, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.horizontalAdvance(withKeys) <= titleW ? withKeys : fm.elidedText(what, Qt::ElideRight, width() - 16));
    // What a figure's whole sentences take beyond the window's one line each (0 in the window).
    const double headExtra = (tl.title - 1 + tl.what - 1) * line;

    // GPU boxes in a row; the ring closes under them.
    // Room for two legend lines, the clock's note and a two-line model note.
    // The clock's note wraps onto a second line on a narrow view (1366 x 768 beside the TP panel).
    const QString clock = clockText();
    const int clockLines = tl.clock;
    const double legendH = m_wholeText ? tl.swatchRows * (line + 4) + clockLines * line + 10 : (2 + clockLines) * line + 14;
    const double noteH = m_note.isEmpty() ? 0 : tl.note * line + 4;
    const double bottom = height() - legendH - noteH - 30 * ks; // the closing arc and its shard dip 24 px under the boxes
    const double gap = 36 * ks;
    // Larger boxes on a large view (up to 200 px), centred between the title and the legend: at 1920x1080 a 150 px
    // row at the top left a blank band under it (issue 13).
    const double boxW = std::min(200.0 * ks, (width() - 40 - gap * (n - 1)) / n);
    const double headH = 2 * line + 34 + headExtra;
    const double boxH = std::max(60.0 * ks, std::min(200.0 * ks, bottom - headH));
    const double top = headH + std::max(0.0, (bottom - headH - boxH) / 2);
    const double left = (width() - (n * boxW + (n - 1) * gap)) / 2;
    auto box = [&](int g) { return QRectF(left + g * (boxW + gap), top, boxW, boxH); };
    const double slotGap = 4;
    const double slotW = (boxW - 12 - slotGap * (n - 1)) / n;
    auto slot = [&](int g, int c) {
        const QRectF b = box(g);
        return QRectF(b.left() + 6 + c * (slotW + slotGap), b.top() + line + 10, slotW, b.height() - line - 18);
    };

    // Arcs of the last hop with the chunks that moved.
    const std::vector<RingHop> moved = m_hop > 0 ? ringHopTransfers(m_kind, n, m_hop - 1) : std::vector<RingHop>();
    QColor rc = palette().color(QPalette::Highlight);
    for (int g = 0; g < n; ++g) {
        const QRectF a = box(g), b = box((g + 1) % n);
        QPainterPath path;
        if (g + 1 < n) {
            path.moveTo(a.right(), a.top() + a.height() / 2);
            path.lineTo(b.left(), b.top() + b.height() / 2);
        } else {
            // Closing the ring: under the row, from the last GPU back to the first.
            path.moveTo(a.center().x(), a.bottom());
            path.cubicTo(QPointF(a.center().x(), a.bottom() + 22 * ks), QPointF(b.center().x(), b.bottom() + 22 * ks),
                         QPointF(b.center().x(), b.bottom()));
        }
        p.setPen(QPen(rc, 1.5 * ks, g + 1 < n ? Qt::SolidLine : Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        // Arrow head.
        const QPointF tip = path.pointAtPercent(1.0), before = path.pointAtPercent(0.9);
        const double ang = std::atan2(tip.y() - before.y(), tip.x() - before.x());
        QPolygonF head;
        head << tip << tip - QPointF(8 * ks * std::cos(ang - 0.4), 8 * ks * std::sin(ang - 0.4))
             << tip - QPointF(8 * ks * std::cos(ang + 0.4), 8 * ks * std::sin(ang + 0.4));
        p.setBrush(rc);
        p.drawPolygon(head);
        for (const RingHop& h : moved) {
            if (h.from != g)
                continue;
            const QPointF c = path.pointAtPercent(0.5);
            QColor sc = shardColor(h.chunk, n);
            p.setPen(QPen(sc.darker(160), 1));
            p.setBrush(sc);
            const QRectF sq(c.x() - 8 * ks, c.y() - 8 * ks, 16 * ks, 16 * ks);
            p.drawRect(sq);
            p.setPen(Qt::white);
            if (h.reduces)
                p.drawText(sq, Qt::AlignCenter, QStringLiteral("+"));
        }
    }

    // GPU boxes and their chunks.
    for (int g = 0; g < n; ++g) {
        const QRectF b = box(g);
        drawGpuBox(p, b, g, text, palette().color(QPalette::Base), line);
        for (int c = 0; c < n; ++c) {
            const QRectF s = slot(g, c);
            const int k = st.contributions[size_t(g)][size_t(c)];
            QColor sc = shardColor(c, n);
            p.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 90), 1, k == 0 ? Qt::DotLine : Qt::SolidLine));
            if (k == 0) {
                p.setBrush(Qt::NoBrush);
                p.drawRect(s);
                continue;
            }
            // Height and strength grow with the partials summed in; fully reduced is solid and framed.
            const double f = double(k) / n;
            sc.setAlphaF(k == n ? 1.0 : 0.25 + 0.45 * f);
            const QRectF filled(s.left(), s.bottom() - s.height() * f, s.width(), s.height() * f);
            p.setBrush(Qt::NoBrush);
            p.drawRect(s);
            p.fillRect(filled, sc);
            if (k == n) {
                p.setPen(QPen(text, 2));
                p.drawRect(s);
            }
            if (s.width() > 14) {
                p.setPen(k == n ? Qt::white : text);
                p.drawText(QRectF(s.left(), s.bottom() - line - 2, s.width(), line), Qt::AlignCenter,
                           k == n ? QStringLiteral("\u03a3") : QString::number(k));
            }
        }
    }

    // Legend: swatches that flow onto a second line when the view is narrow, then the clock's note.
    double y = height() - legendH - noteH - 4;
    const QStringList labels = legendLabels();
    double legendBottom = 0;
    const std::vector<SwatchSlot> placed = layoutSwatches(labels, fm, std::max(14.0 * ks, 0.8 * line), // as tall as the text
                                                         18 * ks, width(), y, m_wholeText, &legendBottom);
    std::size_t nextSlot = 0;
    auto swatch = [&](const QColor& fill, bool framed, bool dotted, const QString& label) {
        const SwatchSlot& at = placed[nextSlot++];
        const QRectF r = at.swatch;
        p.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 120), 1, dotted ? Qt::DotLine : Qt::SolidLine));
        p.setBrush(fill.isValid() ? QBrush(fill) : QBrush(Qt::NoBrush));
        p.drawRect(r);
        if (framed) {
            p.setPen(QPen(text, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r);
        }
        p.setPen(text);
        p.drawText(at.text, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, label);
    };
    QColor partial = shardColor(0, n);
    partial.setAlphaF(0.4);
    swatch(partial, false, false, labels[0]);
    swatch(shardColor(0, n), true, false, labels[1]);
    swatch(QColor(), false, true, labels[2]);
    swatch(shardColor(1, n), false, false, labels[3]);
    y = legendBottom + 2;
    p.setPen(text);
    p.drawText(QRectF(8, y, width() - 16, clockLines * line + 2), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, clock);
    if (!m_note.isEmpty()) {
        // The note may need two lines on a narrow view (as many as it needs in a figure).
        p.drawText(QRectF(8, y + clockLines * line + 4, width() - 16, tl.note * line + 2), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   m_note);
    }
}

void RingView::paintAllToAll(QPainter& p)
{
    const QColor text = palette().color(QPalette::Text);
    const QFontMetrics fm(font());
    const int line = fm.lineSpacing();
    const double ks = typeScale();
    const int n = m_n;
    const int total = hopCount();
    // owner[g][c]: the GPU whose tokens slot c of GPU g holds (-1: sent, not yet received). Start: GPU g's own tokens,
    // slot c routed to GPU c's experts. Exchange h: GPU g sends its slot (g + h + 1) mod n to that GPU, which keeps it
    // in slot g. End: slot c of GPU g holds GPU c's tokens for g's experts (the transpose).
    std::vector<std::vector<int>> owner(static_cast<std::size_t>(n), std::vector<int>(static_cast<std::size_t>(n), 0));
    for (int g = 0; g < n; ++g)
        for (int c = 0; c < n; ++c)
            owner[size_t(g)][size_t(c)] = g;
    auto dest = [n](int g, int h) { return (g + h + 1) % n; };
    for (int h = 0; h < m_hop; ++h) {
        std::vector<std::vector<int>> next = owner;
        for (int g = 0; g < n; ++g) {
            const int d = dest(g, h);
            next[size_t(d)][size_t(g)] = g;
            if (next[size_t(g)][size_t(d)] == g)
                next[size_t(g)][size_t(d)] = -1;
        }
        owner = std::move(next);
    }

    p.setPen(text);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const int titleW = std::max(40, m_play->x() - 16);
    const TextLines tl = textLines(width());
    const QString title = tr("One collective: %1 among %2 GPUs (an EP group), not a ring · exchange %3 of %4")
                              .arg(kindText(m_kind))
                              .arg(n)
                              .arg(m_hop)
                              .arg(total);
    if (m_wholeText)
        p.drawText(QRectF(8, 4, width() - 16, tl.title * line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, title);
    else
        p.drawText(QRectF(8, 4, titleW, line), Qt::AlignLeft | Qt::AlignVCenter, QFontMetrics(bold).elidedText(title, Qt::ElideRight, titleW));
    p.setFont(font());
    const QString what = whatText();
    const QString withKeys = what + tr("  ·  ] next hop, [ previous, or Play");
    if (m_wholeText)
        p.drawText(QRectF(8, 4 + tl.title * line, width() - 16, tl.what * line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, what);
    else
        p.drawText(QRectF(8, 4 + line, width() - 16, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.horizontalAdvance(withKeys) <= titleW ? withKeys : fm.elidedText(what, Qt::ElideRight, width() - 16));

    const QString clock = clockText();
    const double legendH = m_wholeText ? tl.swatchRows * (line + 4) + tl.clock * line + 10 : 3 * line + 14;
    const double noteH = m_note.isEmpty() ? 0 : tl.note * line + 4;
    const double meshBand = 34 * ks; // the arcs bow above and below the row of boxes
    const double bottom = height() - legendH - noteH - meshBand;
    const double gap = 36 * ks;
    const double boxW = std::min(200.0 * ks, (width() - 40 - gap * (n - 1)) / n);
    const double head = 2 * line + 10 + meshBand + (tl.title - 1 + tl.what - 1) * line;
    const double boxH = std::max(60.0 * ks, std::min(200.0 * ks, bottom - head));
    const double top = head + std::max(0.0, (bottom - head - boxH) / 2);
    const double left = (width() - (n * boxW + (n - 1) * gap)) / 2;
    auto box = [&](int g) { return QRectF(left + g * (boxW + gap), top, boxW, boxH); };
    const double slotGap = 4;
    const double slotW = (boxW - 12 - slotGap * (n - 1)) / n;
    auto slot = [&](int g, int c) {
        const QRectF b = box(g);
        return QRectF(b.left() + 6 + c * (slotW + slotGap), b.top() + line + 10, slotW, b.height() - line - 18);
    };
    // The mesh: an arc for each ordered pair, left to right over the boxes, right to left under them.
    auto arc = [&](int a, int b) {
        const QRectF ra = box(a), rb = box(b);
        const bool over = b > a;
        const double y0 = over ? ra.top() : ra.bottom();
        const double lift = (over ? -1.0 : 1.0) * std::min(meshBand - 4, (8.0 + 6.0 * std::abs(b - a)) * ks);
        const QPointF from(ra.center().x() + (over ? 6 : -6) * ks, y0), to(rb.center().x() + (over ? -6 : 6) * ks, y0);
        QPainterPath path(from);
        path.cubicTo(QPointF(from.x(), y0 + lift), QPointF(to.x(), y0 + lift), to);
        return path;
    };
    QColor mesh = allToAllColor();
    mesh.setAlphaF(0.25);
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
            if (a != b) {
                p.setPen(QPen(mesh, 1.0 * ks));
                p.setBrush(Qt::NoBrush);
                p.drawPath(arc(a, b));
            }
    if (m_hop > 0) {
        const int h = m_hop - 1;
        for (int g = 0; g < n; ++g) {
            const int d = dest(g, h);
            const QPainterPath path = arc(g, d);
            p.setPen(QPen(allToAllColor(), 2.0 * ks));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            const QPointF tip = path.pointAtPercent(1.0), before = path.pointAtPercent(0.92);
            const double ang = std::atan2(tip.y() - before.y(), tip.x() - before.x());
            QPolygonF arrow;
            arrow << tip << tip - QPointF(8 * ks * std::cos(ang - 0.4), 8 * ks * std::sin(ang - 0.4))
                  << tip - QPointF(8 * ks * std::cos(ang + 0.4), 8 * ks * std::sin(ang + 0.4));
            p.setBrush(allToAllColor());
            p.drawPolygon(arrow);
            const QPointF c = path.pointAtPercent(0.5);
            const QColor sc = shardColor(g, n);
            p.setPen(QPen(sc.darker(160), 1));
            p.setBrush(sc);
            p.drawRect(QRectF(c.x() - 7 * ks, c.y() - 7 * ks, 14 * ks, 14 * ks));
        }
    }
    for (int g = 0; g < n; ++g) {
        const QRectF b = box(g);
        drawGpuBox(p, b, g, text, palette().color(QPalette::Base), line);
        for (int c = 0; c < n; ++c) {
            const QRectF s = slot(g, c);
            const int o = owner[size_t(g)][size_t(c)];
            p.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 90), 1, o < 0 ? Qt::DotLine : Qt::SolidLine));
            p.setBrush(o < 0 ? QBrush(Qt::NoBrush) : QBrush(shardColor(o, n)));
            p.drawRect(s);
        }
    }
    // Legend and the clock's note.
    double y = height() - legendH - noteH - 4;
    const QStringList labels = legendLabels();
    double legendBottom = 0;
    const std::vector<SwatchSlot> placed
        = layoutSwatches(labels, fm, std::max(14.0 * ks, 0.8 * line), 18 * ks, width(), y, m_wholeText, &legendBottom);
    std::size_t nextSlot = 0;
    auto swatch = [&](const QColor& fill, bool dotted, const QString& label) {
        const SwatchSlot& at = placed[nextSlot++];
        p.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 120), 1, dotted ? Qt::DotLine : Qt::SolidLine));
        p.setBrush(fill.isValid() ? QBrush(fill) : QBrush(Qt::NoBrush));
        p.drawRect(at.swatch);
        p.setPen(text);
        p.drawText(at.text, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, label);
    };
    swatch(shardColor(0, n), false, labels[0]);
    swatch(QColor(), true, labels[1]);
    swatch(allToAllColor(), false, labels[2]);
    y = legendBottom + 2;
    p.setPen(text);
    if (m_wholeText)
        p.drawText(QRectF(8, y, width() - 16, tl.clock * line + 2), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, clock);
    else
        p.drawText(QRectF(8, y, width() - 16, line + 2), Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(clock, Qt::ElideRight, width() - 16));
    if (!m_note.isEmpty())
        p.drawText(QRectF(8, y + tl.clock * line + 4, width() - 16, tl.note * line + 2), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   m_note);
}

} // namespace shardscope
