// SPDX-License-Identifier: MIT
#include "scenariocommand.h"

#include "resultjson.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace shardscope {

namespace {
/// "Change N GPUs", "Change ZeRO stage and N GPUs".
QString describe(const QStringList& keys)
{
    if (keys.isEmpty())
        return QCoreApplication::translate("shardscope::ScenarioCommand", "Change scenario");
    if (keys.size() > 3)
        return QCoreApplication::translate("shardscope::ScenarioCommand", "Change %1 settings").arg(keys.size());
    return QCoreApplication::translate("shardscope::ScenarioCommand", "Change ") + keys.join(QCoreApplication::translate("shardscope::ScenarioCommand", ", "));
}
} // namespace

ScenarioCommand::ScenarioCommand(const Scenario& before, const Scenario& after, std::function<void(const Scenario&)> show)
    : ScenarioCommand(before, scenarioToJson(before), after, scenarioToJson(after), std::move(show))
{
}

ScenarioCommand::ScenarioCommand(const Scenario& before, QJsonObject beforeJson, const Scenario& after, QJsonObject afterJson,
                                 std::function<void(const Scenario&)> show)
    : m_before(before)
    , m_after(after)
    , m_beforeJson(std::move(beforeJson))
    , m_afterJson(std::move(afterJson))
    , m_show(std::move(show))
    , m_keys(changedKeys(m_beforeJson, m_afterJson))
{
    setText(describe(m_keys));
    m_age.start();
}

QStringList ScenarioCommand::changedKeys(const Scenario& a, const Scenario& b) { return changedKeys(scenarioToJson(a), scenarioToJson(b)); }

QStringList ScenarioCommand::changedKeys(const QJsonObject& ja, const QJsonObject& jb)
{
    QStringList keys;
    // "dp" is derived (N / (TP x PP x CP)), not a setting.
    for (auto it = ja.begin(); it != ja.end(); ++it)
        if (it.key() != QLatin1String("dp") && jb.value(it.key()) != it.value())
            keys << it.key();
    for (auto it = jb.begin(); it != jb.end(); ++it)
        if (it.key() != QLatin1String("dp") && !ja.contains(it.key()))
            keys << it.key();
    return keys;
}

void ScenarioCommand::undo() { m_show(m_before); }

void ScenarioCommand::redo()
{
    if (m_first) {
        m_first = false; // pushed after the change was shown
        return;
    }
    m_show(m_after);
}

bool ScenarioCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ScenarioCommand*>(other);
    if (m_age.elapsed() > kMergeMs || o->m_keys != m_keys || m_keys.isEmpty())
        return false;
    m_after = o->m_after;
    m_afterJson = o->m_afterJson;
    m_age.restart();
    if (changedKeys(m_beforeJson, m_afterJson).isEmpty())
        setObsolete(true); // dragged back to where it started
    return true;
}

} // namespace shardscope
