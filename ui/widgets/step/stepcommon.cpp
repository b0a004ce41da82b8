// SPDX-License-Identifier: MIT
#include "stepcommon.h"
#include "explorer.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QRectF>
#include <QStaticText>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace shardscope::stepui {

namespace {
constexpr const char* kContext = "shardscope::StepCommon";
/// What QT_TRANSLATE_NOOP3 expands to: a source text and its comment for the translator.
struct TrName
{
    const char* source;
    const char* comment;
};
} // namespace

QString numberText(double v, int decimals) { return numberLocale().toString(v, 'f', decimals); }

QString bytesText(double bytes)
{
    // The window's unit symbols (unitSymbolUi(): "ГБ" in Russian), as the toolbar, the charts and the tables write them.
    const double a = std::abs(bytes);
    const auto with = [](const QString& number, UnitSymbol u) -> QString { return number + QLatin1Char(' ') + unitSymbolUi(u); };
    if (a >= 1e12)
        return with(numberText(bytes / 1e12, 2), UnitSymbol::TB);
    if (a >= 1e9)
        return with(numberText(bytes / 1e9, 2), UnitSymbol::GB);
    if (a >= 1e6)
        return with(numberText(bytes / 1e6, 1), UnitSymbol::MB);
    if (a >= 1e3)
        return with(numberText(bytes / 1e3, 1), UnitSymbol::kB);
    return with(numberText(bytes, 0), UnitSymbol::B);
}

QList<double> roundTicks(double top, int maxIntervals)
{
    QList<double> out;
    if (!(top > 0) || !std::isfinite(top) || maxIntervals < 1)
        return out;
    const double raw = top / maxIntervals;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * mag;
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= raw * (1 - 1e-9)) {
            step = m * mag;
            break;
        }
    for (int i = 0; i * step <= top * (1 + 1e-9) && i <= maxIntervals + 1; ++i)
        out << i * step;
    return out;
}

namespace {
/// Decimals that show `step` in a unit of `unit`: 0 for whole steps, 1 for 0.5, 2 for 0.25 ...
int decimalsFor(double step, double unit)
{
    const double v = step / unit;
    for (int d = 0; d < 4; ++d)
        if (std::abs(v * std::pow(10.0, d) - std::round(v * std::pow(10.0, d))) < 1e-6)
            return d;
    return 3;
}
} // namespace

QString tickBytesText(double bytes, double top, double step)
{
    const auto with = [&](double unit, UnitSymbol u) -> QString {
        return numberText(bytes / unit, decimalsFor(step, unit)) + QLatin1Char(' ') + unitSymbolUi(u);
    };
    if (top >= 1e12)
        return with(1e12, UnitSymbol::TB);
    if (top >= 1e9)
        return with(1e9, UnitSymbol::GB);
    if (top >= 1e6)
        return with(1e6, UnitSymbol::MB);
    if (top >= 1e3)
        return with(1e3, UnitSymbol::kB);
    return with(1, UnitSymbol::B);
}

QString tickSecondsText(double seconds, double top, double step)
{
    if (top >= 1)
        return QCoreApplication::translate("shardscope::StepCommon", "%1 s", "seconds").arg(numberText(seconds, decimalsFor(step, 1)));
    if (top >= 1e-3)
        return QCoreApplication::translate("shardscope::StepCommon", "%1 ms", "milliseconds")
            .arg(numberText(seconds * 1e3, decimalsFor(step, 1e-3)));
    return QCoreApplication::translate("shardscope::StepCommon", "%1 µs", "microseconds")
        .arg(numberText(seconds * 1e6, decimalsFor(step, 1e-6)));
}

QString secondsText(double s)
{
    if (s == 0)
        return QCoreApplication::translate("shardscope::StepCommon", "%1 s", "seconds").arg(numberText(0, 0));
    if (s >= 1)
        return QCoreApplication::translate("shardscope::StepCommon", "%1 s", "seconds").arg(numberText(s, s >= 100 ? 1 : 3));
    if (s >= 1e-3)
        return QCoreApplication::translate("shardscope::StepCommon", "%1 ms", "milliseconds").arg(numberText(s * 1e3, 2));
    return QCoreApplication::translate("shardscope::StepCommon", "%1 µs", "microseconds").arg(numberText(s * 1e6, 1));
}

QString kindText(EventKind k)
{
    // The English names are core's JSON keys (eventKindKey(), which the command line prints and which stays English).
    const auto t = [](const TrName& n) { return QCoreApplication::translate(kContext, n.source, n.comment); };
    switch (k) {
    case EventKind::Compute: return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "compute", "event kind: kernels on the compute stream"));
    case EventKind::AllReduce: return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "all-reduce", "collective"));
    case EventKind::ReduceScatter: return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "reduce-scatter", "collective"));
    case EventKind::AllGather: return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "all-gather", "collective"));
    case EventKind::Send:
        return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "send", "event kind: point-to-point send of activations or gradients to another pipeline stage"));
    case EventKind::Recv:
        return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "recv", "event kind: point-to-point receive from another pipeline stage"));
    case EventKind::HostToDevice: return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "h2d", "event kind: copy from host memory to the GPU (offload)"));
    case EventKind::DeviceToHost: return t(QT_TRANSLATE_NOOP3("shardscope::StepCommon", "d2h", "event kind: copy from the GPU to host memory (offload)"));
    case EventKind::AllToAll:
        // MoE token dispatch or combine: every GPU of the expert-parallel group sends to every other.
        return QCoreApplication::translate("shardscope::StepCommon", "all-to-all");
    }
    return QString::fromLatin1(eventKindKey(k));
}

QString phaseText(StepPhase p)
{
    switch (p) {
    case StepPhase::Forward: return QCoreApplication::translate("shardscope::StepCommon", "forward", "step phase: forward pass");
    case StepPhase::Backward: return QCoreApplication::translate("shardscope::StepCommon", "backward", "step phase: backward pass");
    case StepPhase::Recompute:
        return QCoreApplication::translate("shardscope::StepCommon", "recompute", "step phase: activation recomputation (checkpointing)");
    case StepPhase::Optimizer: return QCoreApplication::translate("shardscope::StepCommon", "optimizer", "step phase: the optimizer step");
    }
    return QString::fromLatin1(stepPhaseKey(p));
}

QString groupText(CommGroup g)
{
    switch (g) {
    case CommGroup::DP: return QStringLiteral("DP");
    case CommGroup::TP: return QStringLiteral("TP");
    case CommGroup::PP: return QStringLiteral("PP");
    case CommGroup::Host: return QCoreApplication::translate("shardscope::StepCommon", "host");
    case CommGroup::CP: return QStringLiteral("CP");
    case CommGroup::EP: return QStringLiteral("EP");
    case CommGroup::None: break;
    }
    return QString();
}

QColor shardColor(std::int64_t i, std::int64_t n)
{
    const int hue = static_cast<int>((360 * (i % std::max<std::int64_t>(1, n))) / std::max<std::int64_t>(1, n));
    return QColor::fromHsv(hue, 170, 225);
}

QColor forwardColor() { return QColor(0x4c, 0x8b, 0xd6); }
QColor backwardColor() { return QColor(0x3a, 0xa6, 0x6a); }
QColor recomputeColor() { return QColor(0x9b, 0x7b, 0xd4); }
QColor optimizerColor() { return QColor(0xc9, 0x8b, 0x2b); }
QColor exposedCommColor() { return QColor(0xd9, 0x4a, 0x3d); }
QColor hiddenCommColor() { return QColor(0xe8, 0xa0, 0x98); }
QColor bubbleColor() { return QColor(0x9e, 0x9e, 0x9e); }
QColor allToAllColor() { return QColor(0xd6, 0x3d, 0x9c); }

int eventAt(const StepResult& r, double t)
{
    const auto it = std::upper_bound(r.events.begin(), r.events.end(), t,
                                     [](double x, const StepEvent& e) { return x < e.start; });
    return static_cast<int>(it - r.events.begin()) - 1;
}

std::int64_t memoryAt(const StepResult& r, double t)
{
    if (r.memory.empty())
        return 0;
    const auto it = std::upper_bound(r.memory.begin(), r.memory.end(), t,
                                     [](double x, const MemoryPoint& p) { return x < p.t; });
    return it == r.memory.begin() ? r.memory.front().bytes : std::prev(it)->bytes;
}

double timeToX(double t, double stepTime, const QRectF& area)
{
    return area.left() + (stepTime > 0 ? t / stepTime : 0.0) * area.width();
}

double xToTime(double x, double stepTime, const QRectF& area)
{
    if (area.width() <= 0)
        return 0;
    return std::clamp((x - area.left()) / area.width(), 0.0, 1.0) * stepTime;
}

void drawLabel(QPainter& p, const QRectF& r, int flags, const QString& text, QList<DrawnLabel>* log)
{
    // Each label is shaped and elided once per (text, font, width) and drawn from a QStaticText afterwards: the GPU view
    // draws some fifty labels per frame of the animation, and shaping them again on every frame was an eighth of the
    // frame (issue 29). Wrapped text and flags other than the alignment go to QPainter::drawText() as before.
    constexpr int kAlignment = Qt::AlignHorizontal_Mask | Qt::AlignVertical_Mask;
    struct Cached
    {
        QString shown;
        QStaticText text;
        QSizeF size; // the line's advance and height, as QPainter::drawText() aligns it
    };
    static QHash<QString, Cached> cache;
    static QFont lastFont;
    static QString lastFontKey;
    if ((flags & ~kAlignment) != 0) {
        const QFontMetricsF fm(p.font());
        const QString shown = fm.horizontalAdvance(text) > r.width() ? fm.elidedText(text, Qt::ElideRight, r.width()) : text;
        p.drawText(r, flags, shown);
        if (log)
            log->append(DrawnLabel {r, shown, p.font()});
        return;
    }
    if (p.font() != lastFont || lastFontKey.isEmpty()) {
        lastFont = p.font();
        lastFontKey = lastFont.key();
    }
    const QString key = text + QChar(0) + QString::number(r.width(), 'g', 10) + QChar(0) + lastFontKey;
    const Cached* cached = nullptr;
    if (const auto found = cache.constFind(key); found != cache.constEnd()) {
        cached = &*found;
    } else {
        if (cache.size() > 1024)
            cache.clear();
        const QFontMetricsF fm(p.font());
        Cached c;
        c.shown = fm.horizontalAdvance(text) > r.width() ? fm.elidedText(text, Qt::ElideRight, r.width()) : text;
        c.text.setText(c.shown);
        c.text.setTextFormat(Qt::PlainText);
        c.text.setPerformanceHint(QStaticText::AggressiveCaching);
        c.text.prepare(QTransform(), p.font());
        c.size = QSizeF(fm.horizontalAdvance(c.shown), fm.height());
        cached = &*cache.insert(key, c);
    }
    const QSizeF size = cached->size;
    const Qt::Alignment h = QStyle::visualAlignment(p.layoutDirection(), Qt::Alignment(flags)) & Qt::AlignHorizontal_Mask;
    const double x = h & Qt::AlignRight ? r.right() - size.width() : h & Qt::AlignHCenter ? r.left() + (r.width() - size.width()) / 2 : r.left();
    const double y = flags & Qt::AlignBottom ? r.bottom() - size.height()
        : flags & Qt::AlignVCenter            ? r.top() + (r.height() - size.height()) / 2
                                              : r.top();
    // QPainter::drawText() clips to the rectangle: so does this where the text is larger than it.
    const bool clip = size.width() > r.width() || size.height() > r.height();
    if (clip) {
        p.save();
        p.setClipRect(r, Qt::IntersectClip);
    }
    p.drawStaticText(QPointF(x, y), cached->text);
    if (clip)
        p.restore();
    if (log)
        log->append(DrawnLabel {r, cached->shown, p.font()});
}

QStringList packSegments(const QString& text, const QFontMetricsF& fm, double width)
{
    QStringList parts;
    for (const QString& part : text.split(QChar(0x00b7), Qt::SkipEmptyParts)) {
        const QString t = part.trimmed();
        if (!t.isEmpty())
            parts << t;
    }
    const QString sep = QStringLiteral(" \u00b7 ");
    QStringList lines;
    for (const QString& part : parts) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + sep + part) <= width)
            lines.back() += sep + part;
        else if (fm.horizontalAdvance(part) <= width)
            lines << part;
        else {
            // A segment wider than the view on its own (Russian at 2x in presentation mode: "кольцо из 16 рангов через 8
            // каналов NIC x 50,00 ГБ/с = 400,00 ГБ/с на узел"): wrapped at its spaces rather than cut (issue 27).
            QString line;
            for (const QString& word : part.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                if (!line.isEmpty() && fm.horizontalAdvance(line + QLatin1Char(' ') + word) > width) {
                    lines << line;
                    line.clear();
                }
                line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
            }
            if (!line.isEmpty())
                lines << line;
        }
    }
    return lines;
}

double lineHeight(const QFont& f) { return std::ceil(QFontMetricsF(f).height()) + 2; }

} // namespace shardscope::stepui
