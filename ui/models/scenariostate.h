// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/advice.h"
#include "shardscope/errors.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

class QUndoStack;

namespace shardscope {

/**
 * The one owner of the window's scenario (hotspot's shape: one object computes, pages only listen). Every gesture
 * that changes the scenario (a control, a fix chip, a planner layout, Undo, a file) calls setScenario(); the state
 * computes core's advice once (computeAdvice(): footprint, sweep, smallest N, verdict, fixes) and emits changed().
 * Pages read scenario(), advice() or error() in their slot and compute nothing of the advice themselves. Undo and
 * the debounced autosave hang off it.
 */
class ScenarioState : public QObject
{
    Q_OBJECT
public:
    static constexpr int kAutosaveDelayMs = 500;

    explicit ScenarioState(const Scenario& s, QObject* parent = nullptr);
    ~ScenarioState() override;

    const Scenario& scenario() const { return m_scenario; }
    /// The current scenario's advice; nullptr while it has no answer (error() says why).
    const Advice* advice() const { return m_advice ? &*m_advice : nullptr; }
    /// Why the current scenario has no answer; nullptr while it has one.
    const InvalidInput* error() const { return m_error ? &*m_error : nullptr; }
    /// The scenario has an answer and does not fit (the verdict wants the best layout that fits).
    bool doesNotFit() const { return m_advice && m_advice->verdict.kind != VerdictKind::Fits; }

    /// Changes the scenario: an undo command while recording, the advice computed once, changed() emitted, and
    /// the autosave restarted.
    void setScenario(const Scenario& s);
    /// Sets the scenario without an undo command (Undo and Redo themselves, opening a file, the first show).
    void resetScenario(const Scenario& s);

    QUndoStack* undoStack() const { return m_undo; }
    bool recording() const { return m_recording; }
    void setRecording(bool on) { m_recording = on; }

    /// The autosave: each change restarts a kAutosaveDelayMs single-shot timer; flushAutosave() writes now.
    void setAutosaveEnabled(bool on);
    bool autosaveEnabled() const { return m_autosaveEnabled; }
    bool autosavePending() const { return m_autosaveTimer.isActive(); }
    /// Writes the autosave file now (if enabled); emits autosaved() or autosaveFailed().
    void flushAutosave();
    /// A change not to be written (the first show of a restored scenario).
    void cancelAutosave() { m_autosaveTimer.stop(); }

    /// What the last change cost, for `bench redraw`'s phases: core's model (computeExplorer(): footprint, sweep,
    /// smallest N per stage) and the rest of the advice (verdict and fixes), in nanoseconds.
    qint64 lastModelNs() const { return m_modelNs; }
    qint64 lastAdviceNs() const { return m_adviceNs; }

signals:
    /// The scenario changed and its advice (or its error) is ready.
    void changed(const shardscope::Scenario& s);
    void autosaved(const QString& path);
    void autosaveFailed(const QString& message);

private:
    void apply(const Scenario& s);

    Scenario m_scenario;
    std::optional<QJsonObject> m_scenarioJson; ///< scenarioToJson(m_scenario) once a recorded move made it
    quint64 m_applied = 0;                     ///< scenarios applied so far
    std::optional<Advice> m_advice;
    std::optional<InvalidInput> m_error;
    QUndoStack* m_undo;
    bool m_recording = false;
    bool m_autosaveEnabled = false;
    QTimer m_autosaveTimer;
    qint64 m_modelNs = 0;
    qint64 m_adviceNs = 0;
};

} // namespace shardscope
