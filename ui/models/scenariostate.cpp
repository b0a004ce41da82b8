// SPDX-License-Identifier: MIT
#include "scenariostate.h"

#include "scenariocommand.h"
#include "scenariofile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QUndoStack>

namespace shardscope {

ScenarioState::ScenarioState(const Scenario& s, QObject* parent)
    : QObject(parent)
    , m_scenario(s)
    , m_undo(new QUndoStack(this))
{
    m_autosaveTimer.setSingleShot(true);
    m_autosaveTimer.setInterval(kAutosaveDelayMs);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &ScenarioState::flushAutosave);
}

ScenarioState::~ScenarioState() = default;

void ScenarioState::setScenario(const Scenario& s)
{
    if (m_recording) {
        // Undo and Redo show their scenario through resetScenario(): no command of their own.
        m_undo->push(new ScenarioCommand(m_scenario, s, [this](const Scenario& x) { resetScenario(x); }));
    }
    apply(s);
}

void ScenarioState::resetScenario(const Scenario& s) { apply(s); }

void ScenarioState::apply(const Scenario& s)
{
    m_scenario = s;
    QElapsedTimer t;
    t.start();
    m_modelNs = m_adviceNs = 0;
    try {
        ExplorerResult model = computeExplorer(s);
        m_modelNs = t.nsecsElapsed();
        m_advice = adviceFor(std::move(model));
        m_adviceNs = t.nsecsElapsed() - m_modelNs;
        m_error.reset();
    } catch (const InvalidInput& e) {
        m_advice.reset();
        m_error = e;
    }
    if (m_autosaveEnabled)
        m_autosaveTimer.start(); // debounced: a dragged slider writes once, after it stops
    emit changed(m_scenario);
}

void ScenarioState::setAutosaveEnabled(bool on)
{
    m_autosaveEnabled = on;
    if (!on)
        m_autosaveTimer.stop();
}

void ScenarioState::flushAutosave()
{
    m_autosaveTimer.stop();
    if (!m_autosaveEnabled)
        return;
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    try {
        saveScenarioFile(path, m_scenario); // QSaveFile: a crash mid-write keeps the previous autosave
    } catch (const std::exception& e) {
        emit autosaveFailed(QString::fromUtf8(e.what()));
        return;
    }
    emit autosaved(path);
}

} // namespace shardscope
