// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/trainreplay.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QSplitter;
class QTableWidget;

namespace shardscope {

class TrainReplayCanvas;

/**
 * Replays the ring messages a real run of the mini trainer recorded (core's replayStep()), one optimizer
 * step at a time: every hop of every collective in recorded order, its messages animated from each rank
 * to its right neighbour with their bytes, forward / back / play / pause, the phase (reduce-scatter,
 * all-gather, or a half of an all-reduce), and each rank's bytes sent so far beside what the ring
 * formulas predict for the step (predictStepWireBytes()). The replays are built off the GUI thread
 * (TrainDemoPanel's worker); this widget only shows them.
 */
class TrainReplayView : public QWidget
{
    Q_OBJECT
public:
    explicit TrainReplayView(QWidget* parent = nullptr);

    /// One replay per optimizer step of the run, in order, and the step's prediction.
    void setRun(int ranks, std::vector<train::StepReplay> steps, const train::StepWirePrediction& prediction);
    void clearRun();

    int stepCount() const { return static_cast<int>(m_steps.size()); }
    /// The optimizer step shown (index into the run's steps).
    int step() const { return m_step; }
    void setStep(int step);
    /// The hop shown (0-based) and how many the step has.
    int hop() const { return m_hop; }
    int hopCount() const;
    void setHop(int hop);
    /// The hop shown, or null when the step has none.
    const train::ReplayHop* currentHop() const;
    const train::StepReplay* currentStep() const;

    bool playing() const { return m_timer.isActive(); }
    /// Milliseconds one hop takes when playing.
    void setHopDuration(int ms) { m_hopMs = std::max(1, ms); }

    /// The table's numbers, per rank: bytes in this hop, sent so far in the step (this hop included),
    /// the step's total, and the prediction from the chunk bounds.
    std::vector<std::int64_t> shownHopBytes() const { return column(kHopColumn); }
    std::vector<std::int64_t> shownSentSoFar() const { return column(kSoFarColumn); }
    std::vector<std::int64_t> shownStepTotal() const { return column(kTotalColumn); }
    std::vector<std::int64_t> shownPredicted() const { return column(kPredictedColumn); }
    QString phaseText() const;
    QString formulaText() const;
    TrainReplayCanvas* canvas() const { return m_canvas; }

public Q_SLOTS:
    void next();
    void previous();
    void first();
    void last();
    void play();
    void pause();
    void togglePlay();

Q_SIGNALS:
    void hopChanged(int hop);

protected:
    void showEvent(QShowEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    static constexpr int kHopColumn = 1;
    static constexpr int kSoFarColumn = 4;
    static constexpr int kTotalColumn = 5;
    static constexpr int kPredictedColumn = 6;
    std::vector<std::int64_t> column(int c) const;
    void showHop();
    void tick();
    void updateButtons();
    void fitTable();

    int m_ranks = 0;
    std::vector<train::StepReplay> m_steps;
    train::StepWirePrediction m_prediction;
    int m_step = 0;
    int m_hop = 0;
    int m_hopMs = 900;
    QTimer m_timer;
    QElapsedTimer m_clock;

    QSpinBox* m_stepBox;
    QPushButton* m_first;
    QPushButton* m_back;
    QPushButton* m_play;
    QPushButton* m_forward;
    QPushButton* m_last;
    QSlider* m_slider;
    QLabel* m_phase;
    TrainReplayCanvas* m_canvas;
    QTableWidget* m_table;
    QLabel* m_formula;
    QSplitter* m_split = nullptr;
    bool m_fitPending = false; ///< a new run's table is fitted when the view is next laid out
};

} // namespace shardscope
