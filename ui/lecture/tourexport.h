// SPDX-License-Identifier: MIT
#pragma once

#include "tour.h"

#include <QImage>
#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

namespace shardscope {

/// One rendered step of a tour: the window in presentation mode and the caption as the panel shows it.
struct TourSlide
{
    QImage image;
    QString caption; ///< rendered in the export's language (numbers from core)
    QString note; ///< "caption not translated into ru: shown in English", or empty
};

/**
 * Plays `tour` in an offscreen window in presentation mode at `screen` (1920 x 1080 for handouts) with the
 * translation of `language` installed (the caller installs it: language::install()), one step after the other, and
 * grabs each: the step's tab, highlight and caption, the step view's animation at its last frame where the step
 * plays, the mini trainer's finished run where it trains. Needs a QApplication.
 */
QList<TourSlide> renderTourSlides(const Tour& tour, const QString& language, const QSize& screen = QSize(1920, 1080));

/**
 * Writes the slides to `dir` (created if missing): format "png" writes step-01.png ... and index.md (title, source,
 * each step's image and caption); "pdf" writes <tour id>.pdf, one page a step. Every file goes through the checked
 * atomic writer. Returns the paths written. Throws InvalidInput("out") when `dir` cannot be a folder,
 * std::runtime_error when a file cannot be written.
 */
QStringList writeTourExport(const Tour& tour, const QList<TourSlide>& slides, const QString& dir, const QString& format,
                            const QString& language);

} // namespace shardscope
