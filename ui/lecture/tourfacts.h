// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/trainer.h"

#include <QLocale>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace shardscope {

struct Footprint;
struct StepResult;

/// The quantities a tour caption can show as {name} (docs/tours.md lists them with their units).
const QStringList& tourQuantityNames();

/**
 * The numbers of one scenario as a tour states them, every one from core (computeFootprint,
 * computeStep, minGpusForStage): a caption's {name} placeholders are filled from here, and a test
 * checks every other number in a caption against these or a declared claim. Computes lazily.
 */
class TourFacts
{
public:
    explicit TourFacts(const Scenario& s);
    ~TourFacts();
    /// A step with "train": the train_* quantities come from running core's mini trainer with `c`
    /// (train::trainInProcess, once per config and process) and from train::predictBytes(c).
    void setTrain(const std::optional<train::TrainConfig>& c) { m_train = c; }
    /// Whether value() of a train_* quantity would return at once (the run is cached), for the window,
    /// which runs the trainer on a worker thread first (runTrainerCached) rather than block a frame.
    static bool trainerCached(const train::TrainConfig& c);
    /// Runs (or finds) the mini trainer's run of `c`: rank 0's measured bytes by category. Thread-safe.
    static void runTrainerCached(const train::TrainConfig& c);
    /// The value of a tourQuantityNames() name. Throws InvalidInput for an unknown name or an invalid scenario.
    double value(const QString& name) const;
    /// Replaces each {name} (or {name:D}, D decimals) with value(name) in `locale`'s format.
    QString render(const QString& text, const QLocale& locale) const;
    /// The placeholder names used in `text`.
    static QStringList placeholders(const QString& text);
    /// A number as captions show it: 3 significant digits (integers whole), no trailing zeros.
    static QString format(double v, const QLocale& locale, int decimals = -1);

private:
    const Footprint& footprint() const;
    const StepResult& step() const;
    double modelStatesBytes(const Footprint& f) const;
    double trainValue(const QString& name) const;
    Scenario m_s;
    std::optional<train::TrainConfig> m_train;
    mutable std::unique_ptr<Footprint> m_footprint;
    mutable std::unique_ptr<StepResult> m_step;
};

} // namespace shardscope
