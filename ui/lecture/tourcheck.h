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

/**
 * Issue 27: a tour teaches on scenarios that fit, or says plainly that they do not. Each step whose scenario does
 * not fit the GPU is a problem unless its caption says so in every language (captionSaysDoesNotFit()); a caption
 * that says so on a scenario that fits is one too. A step with "train" (the mini trainer's run) is not checked.
 * `tour --check` and `tour --export` run it after checkTour().
 */
QStringList checkTourFits(const Tour& tour);

/// Whether `caption` (in `language`) says its scenario does not fit: "does not fit", "no number of GPUs is enough",
/// "не помещается", "放不下", ... (docs/tours.md lists the words).
bool captionSaysDoesNotFit(const QString& caption, const QString& language);

/// The literal numbers of a caption (placeholders and names like A100, fp32, ZeRO-3 left out).
QStringList captionLiterals(const QString& caption);

} // namespace shardscope
