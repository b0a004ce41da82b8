// SPDX-License-Identifier: MIT
#pragma once

#include "stepcommon.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QTabBar;
class QToolButton;

namespace shardscope {

class StepGpuView;
class StepTpView;
class StepPipelineView;
class StepGanttView;
class StepMemoryView;
class RingView;

/**
 * The Step view: plays one training step of the scenario (computeStep()). GPUs with live memory bars and
 * the collective at the playhead animated on its ring, the TP split of a layer, the pipeline schedule,
 * the worst rank's Gantt timeline and its memory over the step, all on one playhead.
 *
 * The clock: at 1x the whole step plays in kWallSecondsPerStep seconds of wall time; speed 0.25x-8x.
 * advance() moves it deterministically (tests call it); in the app a QTimer on the GUI thread calls it
 * every frame with the elapsed wall time. Keys: Space play/pause, Right/Left next/previous event,
 * +/- speed, ] / [ next/previous hop in one-collective mode. Clicking a timeline jumps there.
 */
class StepView : public QWidget
{
    Q_OBJECT
public:
    static constexpr double kWallSecondsPerStep = 20.0;
    static constexpr double kMinSpeed = 0.25;
    static constexpr double kMaxSpeed = 8.0;

    explicit StepView(QWidget* parent = nullptr);
    ~StepView() override;

    /// Models the scenario and redraws at once (the playhead keeps its place as a fraction of the step).
    void setScenario(const Scenario& s);
    /// Shows a step modelled elsewhere (e.g. on a worker thread); null `data` means `error` says why there is none.
    void setStepData(stepui::StepDataPtr data, const QString& error = QString());
    /// The scenario of the modelled step (nullptr before a valid scenario).
    const Scenario* scenario() const { return m_data ? &m_data->scenario : nullptr; }
    /// The modelled step (nullptr before a valid scenario). After a scenario without a step it stays the last
    /// valid one (errorText() then says why the latest has none).
    const StepResult* result() const;
    /// Why the last scenario could not be modelled, in plain words (empty when it could).
    QString errorText() const { return m_error; }

    /// The "One collective" ring's note: the largest collective of `kind` in the modelled step (its group, buffer,
    /// bytes sent per GPU, hops and time), or that the step has none. The Step tab and `export --chart step-gpus`.
    static QString ringNote(const StepResult& r, EventKind kind);

    double time() const { return m_time; }
    bool isPlaying() const { return m_playing; }
    double speed() const { return m_speed; }
    /// Index of the last event starting at or before the playhead (-1 before the first).
    int currentEvent() const;

    /// With an external clock play() starts no timer: only advance() moves the playhead (tests, benches).
    void setExternalClock(bool external);

    StepGpuView* gpuView() const { return m_gpus; }
    StepTpView* tpView() const { return m_tp; }
    StepPipelineView* pipelineView() const { return m_pipeline; }
    StepGanttView* ganttView() const { return m_gantt; }
    StepMemoryView* memoryView() const { return m_memory; }
    RingView* ringView() const { return m_ring; }
    /// MoE (issue 25): the line on the step's expert all-to-alls (hidden for a dense model).
    QLabel* moeLabel() const { return m_moe; }

    /// How the panels are arranged at this size and font (arrange()): one column (the GPU view beside the TP split,
    /// the timelines under them), two columns (the GPU view left, the timelines right), and whether some panels
    /// share a tab area (the lowest-priority ones, when the rest leave too little height: 2x type with PP > 1).
    enum class Arrangement { OneColumn, TwoColumns, OneColumnTabs };
    Arrangement arrangement() const { return m_arrangement; }
    /// The panels that share the tab area now (empty when every panel has its own place).
    QList<QWidget*> tabbedPanels() const { return m_tabbed; }
    QTabBar* panelTabs() const { return m_tabBar; }
    /// Shows `panel` (pipelineView(), ganttView(), memoryView(), tpView()): picks its tab when it shares the tab area,
    /// now and in later arrangements, as clicking its tab does.
    void showPanel(QWidget* panel);

    /// "One collective" mode: the GPU view gives way to one collective on a small ring, stepped hop by hop.
    void setOneCollective(bool on);
    bool isOneCollective() const;
    void setOneCollectiveKind(EventKind kind);

public Q_SLOTS:
    void play();
    void pause();
    void togglePlay();
    /// Jumps to the start of the next event after the playhead (or the end of the step).
    void stepForward();
    /// Jumps to the start of the previous event before the playhead (or the start).
    void stepBack();
    void seek(double t);
    void setSpeed(double speed);
    void faster();
    void slower();
    /// Advances the clock by `wallSeconds` of wall time (only while playing).
    void advance(double wallSeconds);
    /// One-collective mode: the next / previous hop ([ and ]).
    void nextHop();
    void previousHop();

Q_SIGNALS:
    void timeChanged(double t);
    void playingChanged(bool playing);
    void speedChanged(double speed);

protected:
    void keyPressEvent(QKeyEvent* e) override;
    bool eventFilter(QObject* o, QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void arrange();
    void updateTimeLabelWidth();
    void placeCollectiveControls();
    void onTick();
    void setTime(double t, bool jump);
    void updateLabels();
    void updateRingNote();
    void updateMoeLabel();

    stepui::StepDataPtr m_data;
    QString m_error;
    double m_time = 0;
    double m_speed = 1;
    bool m_playing = false;
    bool m_externalClock = false;
    QTimer m_timer;
    QElapsedTimer m_wall;

    QToolButton* m_back = nullptr;
    QToolButton* m_playButton = nullptr;
    QToolButton* m_forward = nullptr;
    QComboBox* m_speedBox = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_moe = nullptr; ///< MoE (issue 25): the step's expert all-to-alls, their bytes and time
    StepGpuView* m_gpus = nullptr;
    StepTpView* m_tp = nullptr;
    StepPipelineView* m_pipeline = nullptr;
    StepGanttView* m_gantt = nullptr;
    StepMemoryView* m_memory = nullptr;
    RingView* m_ring = nullptr;
    QCheckBox* m_oneCollective = nullptr;
    QComboBox* m_ringKind = nullptr;
    QWidget* m_collectiveBox = nullptr; ///< the one-collective check box and kind, on the bar or its second row
    QHBoxLayout* m_bar = nullptr;
    QHBoxLayout* m_bar2 = nullptr;
    QWidget* m_area = nullptr; ///< holds the panels; arrange() places them by hand at its size
    QTabBar* m_tabBar = nullptr;
    QList<QWidget*> m_tabbed;
    QWidget* m_tabPick = nullptr; ///< the tabbed panel last picked
    bool m_pickFirst = false; ///< the picked panel keeps its minimum height before the GPU view (showPanel())
    Arrangement m_arrangement = Arrangement::OneColumn;
    bool m_arranging = false;
};

} // namespace shardscope
