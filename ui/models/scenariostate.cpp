// SPDX-License-Identifier: MIT
#include "scenariostate.h"

#include "scenariocommand.h"
#include "resultjson.h"
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
        QJsonObject before = m_scenarioJson ? *m_scenarioJson : scenarioToJson(m_scenario);
        QJsonObject after = scenarioToJson(s);
        m_undo->push(new ScenarioCommand(m_scenario, std::move(before), s, after, [this](const Scenario& x) { resetScenario(x); }));
        const quint64 applied = m_applied + 1; // apply() counts itself
        apply(s);
        if (m_applied == applied) // nothing applied another scenario meanwhile (a page answering the change)
            m_scenarioJson = std::move(after); // the shown scenario's, for the next move's "before"
        return;
    }
    apply(s);
}

void ScenarioState::resetScenario(const Scenario& s) { apply(s); }

void ScenarioState::apply(const Scenario& s)
{
    m_scenario = s;
    m_scenarioJson.reset();
    ++m_applied;
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
