// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/step.h"

#include <QColor>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <memory>

class QFontMetricsF;
class QPainter;

namespace shardscope::stepui {

/// What the Step view's parts share: the modelled step and the scenario it came from.
struct StepData
{
    Scenario scenario;
    StepResult result;
};
using StepDataPtr = std::shared_ptr<const StepData>;

/// `v` with `decimals` decimals in the interface's number locale (numberLocale(), as the Memory tab): "54.5" in
/// English and Chinese, "54,5" in Russian; no group separators.
QString numberText(double v, int decimals);
/// "1.75 GB", "512 MB", "12 kB" (10^3 units, as the rest of the app; "1,75 GB" in Russian: the unit names stay
/// Latin, as the Memory tab's).
QString bytesText(double bytes);
/// "102.6 s", "65.6 ms", "612 µs" ("102,6 с", "65,60 мс" in Russian; "102.6 秒" in Chinese).
QString secondsText(double seconds);
/// "all-gather", "reduce-scatter", "send", ... in the interface language (English: core's eventKindKey(), which the
/// command line prints and which does not change).
QString kindText(EventKind k);
/// "forward", "backward", "recompute", "optimizer" in the interface language (English: core's stepPhaseKey()).
QString phaseText(StepPhase p);
QString groupText(CommGroup g);

/// Colour of a shard owned by rank i of n (a hue wheel, readable on light and dark).
QColor shardColor(std::int64_t i, std::int64_t n);
/// Colours of the timeline categories.
QColor forwardColor();
QColor backwardColor();
QColor recomputeColor();
QColor optimizerColor();
QColor exposedCommColor();
QColor hiddenCommColor();
QColor bubbleColor();
/// MoE all-to-alls (issue 25): magenta, apart from the ring collectives' red.
QColor allToAllColor();

/// Index of the last event that starts at or before t (-1 if none). Events are ordered by start.
int eventAt(const StepResult& r, double t);
/// Memory of the worst rank at t (the step function's value).
std::int64_t memoryAt(const StepResult& r, double t);

/// A text the step view drew: the box it was given, the text as drawn (elided when too wide) and the font.
/// The views keep the last paint's labels so that a test can check that none is clipped at any font size.
struct DrawnLabel
{
    QRectF rect;
    QString text;
    QFont font;
};
/// Draws one line of text in `r` with `flags`, elided on the right when wider than `r`, and logs it in `log`.
void drawLabel(QPainter& p, const QRectF& r, int flags, const QString& text, QList<DrawnLabel>* log);
/// Splits `text` at its " · " separators (any spacing around the middle dot, as translations write it) and packs
/// the parts greedily into lines no wider than `width`, joined again with " · ". A part wider than `width` gets a
/// line of its own (drawLabel() then elides it). A text without separators is one line.
QStringList packSegments(const QString& text, const QFontMetricsF& fm, double width);
/// One line of text in font f, with 2 px of air: the height every label box of the step view is given.
double lineHeight(const QFont& f);

/// Round axis ticks 0, s, 2s, ... up to `top` (inclusive), s = 1, 2 or 5 x 10^k, with at most `maxIntervals` steps
/// below `top` (issue 26: "23.19 GB" and "519.61 ms" ticks, quarters of the scale, read as noise in a design doc).
QList<double> roundTicks(double top, int maxIntervals);
/// A tick's label in the unit of the axis's top (GB, ms ...), with only the decimals the step needs: "20 GB", "1.5 s".
QString tickBytesText(double bytes, double top, double step);
QString tickSecondsText(double seconds, double top, double step);

/// Maps time to x in a rect and back.
double timeToX(double t, double stepTime, const QRectF& area);
double xToTime(double x, double stepTime, const QRectF& area);

} // namespace shardscope::stepui
