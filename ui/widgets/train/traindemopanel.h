// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/trainer.h"
#include "shardscope/trainreplay.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <vector>

class QBarSet;
class QChart;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QCheckBox;
class QTabWidget;

namespace shardscope {

class TrainReplayView;

/**
 * "Run it for real": trains the mini MLP (core's trainer) with the chosen strategy over N in-process
 * ranks on a worker thread, with a progress bar and cancel, then shows rank 0's measured bytes beside
 * the prediction (footprint model for the model states, the trainer's plan for the rest), and a replay
 * of the ring messages each optimizer step recorded (TrainReplayView; built on the worker thread too).
 */
class TrainDemoPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TrainDemoPanel(QWidget* parent = nullptr);
    ~TrainDemoPanel() override;

    /// Starts a run of `config` (the panel's controls give the usual one). Ignored while one runs.
    void start(const train::TrainConfig& config);
    /// The run the controls describe (what Run starts).
    train::TrainConfig configFromControls() const;
    void cancel();
    bool running() const;
    /// The bars shown: measured and predicted bytes per category (params ... scratch, peak), rank 0.
    std::vector<double> measuredBars() const;
    std::vector<double> predictedBars() const;
    QString status() const;
    TrainReplayView* replayView() const { return m_replay; }
    /// Shows the "Bytes" page (0) or the replay (1).
    void showPage(int page);
    /// A strategy as the window names it ("ZeRO-1", "DDP", "Naive ZeRO-1 (all-reduce)", translated); the strategy
    /// list shows these and keeps core's key (strategyKey(): "zero1") as each item's data.
    static QString strategyName(train::Strategy s);

    /// What the worker thread hands back: every rank's result and one replay per optimizer step.
    struct Outcome
    {
        std::vector<train::RankResult> ranks;
        std::vector<train::StepReplay> replays;
        train::StepWirePrediction prediction;
    };

signals:
    void finished();

private:
    void onRun();
    void onFinished();
    void setProgress(int done, int steps);

    QComboBox* m_strategy;
    QSpinBox* m_ranks;
    QSpinBox* m_steps;
    QCheckBox* m_bf16;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QChart* m_chart;
    QBarSet* m_measured;
    QBarSet* m_predicted;
    QTabWidget* m_pages;
    TrainReplayView* m_replay;
    std::atomic<bool> m_cancelFlag {false};
    train::TrainConfig m_config;
    QFutureWatcher<Outcome> m_watcher;
    QString m_error;
};

} // namespace shardscope
