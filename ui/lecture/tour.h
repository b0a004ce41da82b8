// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/trainer.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace shardscope {

/// The languages a tour's texts come in (docs/tours.md): "en" (required), "ru", "zh_CN".
const QStringList& tourLanguages();

/// A text in each language; in() falls back to English.
struct TourText
{
    QMap<QString, QString> byLanguage;
    QString in(const QString& language) const;
};

/// What a source text says, checked against core for the step's scenario (MODEL.md section 8).
struct TourClaim
{
    QString source; ///< "seed 000"
    QString quantity; ///< a tourQuantityNames() name
    double says = 0; ///< the number the text states, in the quantity's unit
    bool holds = true; ///< whether core agrees (a test checks both ways)
    int line = 0;
};

struct TourStep
{
    int line = 0; ///< line of the step's '{' in the file
    QJsonObject set; ///< the scenario keys this step changes (scenario file keys)
    Scenario scenario; ///< the scenario in force at this step (base + every set so far)
    QString tab; ///< "memory" or "step"
    QString highlight; ///< a tourHighlights() name
    /// With "highlight": {"element": "memory-per-gpu", "term": "optimizer", "bar": 0}: one segment of one
    /// stacked bar (core's term key, the bar's index from the left) instead of the whole chart.
    QString highlightTerm;
    int highlightBar = 0;
    /// "memory-per-gpu", or "memory-per-gpu:optimizer@0" for a segment (tour --check prints it).
    QString highlightText() const;
    QStringList controls; ///< tourControlNames() the step uses (presentation mode shows only these)
    TourText caption; ///< may hold {quantity} placeholders, filled from core
    QList<TourClaim> claims;
    bool play = false; ///< start the step view's animation on entry
    /// "train": {"strategy": "zero1", "ranks": 4, "steps": 2}: run core's in-process mini trainer (the
    /// "Run it for real" tab) and let the caption show its measured bytes beside core's prediction.
    std::optional<train::TrainConfig> train;
};

struct Tour
{
    QString id;
    QString origin; ///< path or ":/tours/<id>.tour.json"
    TourText title;
    QString source; ///< which source text the tour follows
    QList<TourStep> steps;
};

/// Chart elements a step can highlight.
const QStringList& tourHighlights();
/// Controls a step can name in "controls".
const QStringList& tourControlNames();

/**
 * Parses a tour file (docs/tours.md). Every error throws InvalidInput("tour", "<origin>: line L: why")
 * naming the line of the offending value: malformed JSON, a missing or wrong-typed key, an unknown
 * highlight, control or placeholder, a scenario key with a bad value, a step whose scenario is invalid.
 */
Tour parseTour(const QByteArray& bytes, const QString& origin);
/// A built-in tour id (":/tours/<id>.tour.json") or a file path. Throws InvalidInput("tour").
Tour loadTour(const QString& nameOrPath);
/// The ids of the tours compiled in, in curriculum order (the Tour menu's and `tour --list`'s).
QStringList builtinTourIds();
/// Whether `bytes` look like a tour file ("format": "shardscope-tour").
bool looksLikeTour(const QByteArray& bytes);

/// Offsets of every value in a JSON text by path ("steps/2/set/gpus"; "" is the root). Used for line numbers.
QMap<QString, qsizetype> jsonValueOffsets(const QByteArray& bytes);

} // namespace shardscope
