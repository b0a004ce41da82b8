// SPDX-License-Identifier: MIT
#pragma once

#include "tour.h"

#include <QStringList>

namespace shardscope {

/**
 * Checks what parseTour() cannot check without computing (each problem "<origin>: line L: step K: why"):
 * - every caption, in every language, renders: its {quantity} placeholders have values from core;
 * - every claim: core agrees with what the source says when "holds" is true (within 0.5%), and
 *   differs by more than 5% when it is false;
 * - every other number in a caption (two or more digits, or with decimals) equals, at the precision
 *   written, a quantity core gives for the step's scenario or a number one of its claims says.
 */
QStringList checkTour(const Tour& tour);

/// The literal numbers of a caption (placeholders and names like A100, fp32, ZeRO-3 left out).
QStringList captionLiterals(const QString& caption);

} // namespace shardscope
