// SPDX-License-Identifier: MIT
#pragma once

#include "stepcommon.h"

#include <QFutureWatcher>
#include <QWidget>

namespace shardscope {

class StepView;

/**
 * The "Step" tab: a StepView that follows the window's scenario without ever blocking a frame.
 * While hidden it only remembers the latest scenario (no model call, no animation timer); when shown
 * it models that scenario and resumes playing if it was. computeStep() runs on the GUI thread while
 * it takes under kSyncBudgetMs; once a step took longer (the Megatron 1T scenario takes ~0.2 s) the
 * next ones run on a worker (QtConcurrent), one at a time, and a result whose generation is not the
 * latest is dropped, so a dragged slider shows the step of where it stopped, never an older one.
 */
class StepPage : public QWidget
{
    Q_OBJECT
public:
    enum class Compute { Auto, Sync, Async };
    static constexpr double kSyncBudgetMs = 10.0;

    explicit StepPage(QWidget* parent = nullptr);
    ~StepPage() override;

    StepView* stepView() const { return m_view; }

    /// The scenario to show: modelled now when active, else when next activated.
    void setScenario(const Scenario& s);
    /// Active = the tab is visible. Inactive pauses the animation timer (and remembers to resume it).
    void setActive(bool active);
    bool isActive() const { return m_active; }

    void setComputeMode(Compute mode) { m_mode = mode; }
    Compute computeMode() const { return m_mode; }
    /// Milliseconds the last computeStep() took (on whichever thread), -1 before the first.
    double lastComputeMs() const { return m_lastMs; }
    /// Whether a worker is modelling a step now.
    bool isComputing() const { return m_watcher.isRunning(); }
    /// Whether the view shows (or has failed to model) the latest scenario given.
    bool isCurrent() const { return !m_dirty && m_shownGeneration == m_generation; }

Q_SIGNALS:
    /// The view now shows the latest scenario's step (or why it has none).
    void stepUpdated();

private:
    struct Job
    {
        quint64 generation = 0;
        stepui::StepDataPtr data;
        QString error;
        double ms = 0;
    };
    static Job model(const Scenario& s, quint64 generation);
    void update();
    void startJob();
    void onJobFinished();
    void apply(const Job& job);

    StepView* m_view;
    Scenario m_scenario;
    bool m_hasScenario = false;
    bool m_dirty = false; ///< m_scenario has not been handed to the model yet
    bool m_active = false;
    bool m_resumePlaying = false;
    Compute m_mode = Compute::Auto;
    double m_lastMs = -1;
    quint64 m_generation = 0; ///< of m_scenario
    quint64 m_shownGeneration = 0;
    QFutureWatcher<Job> m_watcher;
};

} // namespace shardscope
