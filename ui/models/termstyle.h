// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QColor>
#include <QString>

namespace shardscope {

/// "Parameters", "Gradients", ... (core's termKey() is the machine name; this is the legend's).
QString termLabel(Term t);
/// core's termDescription(t) in the interface language (core stays English).
QString termDescriptionText(Term t);

/**
 * Term colours, colour-blind safe: Paul Tol's "muted" qualitative scheme (9 colours, designed to stay
 * distinct under deuteranopia, protanopia and tritanopia; https://personal.sron.nl/~pault/) plus
 * Okabe-Ito orange and two greys for the overheads. Model states are the dark/cool colours,
 * activations and logits the warm sand/olive, ZeRO-3 transients the reds.
 */
QColor termColor(Term t);

/// ZeRO stages 0-3 in the memory-vs-N chart: Okabe & Ito (2008) orange, sky blue, bluish green, blue.
QColor stageColor(int stage);

} // namespace shardscope
