// SPDX-License-Identifier: MIT
#include "scenariocommand.h"

#include "explorer.h"
#include "resultjson.h"

#include "shardscope/knobs.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace shardscope {

namespace {
/// "Change N GPUs", "Change ZeRO stage, N GPUs": the Scenario panel's words for each setting (issue 26: undo texts
/// with human names, not the file's keys), in the window's language.
QString describe(const QStringList& keys)
{
    QStringList names;
    for (const QString& key : keys) {
        // A new model changes its architecture and its parameter count too: one "Architecture".
        if (key == QLatin1String("params") && (keys.contains(QLatin1String("model")) || keys.contains(QLatin1String("architecture"))))
            continue;
        const QString name = ScenarioCommand::settingName(key);
        if (!names.contains(name))
            names << name;
    }
    if (names.isEmpty())
        return QCoreApplication::translate("shardscope::ScenarioCommand", "Change scenario");
    if (names.size() > 3)
        return QCoreApplication::translate("shardscope::ScenarioCommand", "Change %1 settings").arg(names.size());
    return QCoreApplication::translate("shardscope::ScenarioCommand", "Change ") + names.join(QCoreApplication::translate("shardscope::ScenarioCommand", ", "));
}
} // namespace

QString ScenarioCommand::settingName(const QString& key)
{
    // The file key's knob, by its command-line option, in the words the window's messages use (fieldWords()).
    QString option;
    if (key == QLatin1String("model") || key == QLatin1String("architecture"))
        option = QStringLiteral("model");
    else if (key == QLatin1String("params") || key == QLatin1String("bare_params"))
        option = QStringLiteral("params");
    else if (const Knob* k = findKnobByKey(key.toStdString()); k && k->option)
        option = QString::fromLatin1(k->option);
    QString words = option.isEmpty() ? QString() : fieldWords(option);
    if (!words.isEmpty() && words != option)
        return words;
    QString plain = key; // a setting the window has no words for: its key, in words ("reduce bucket elements")
    return plain.replace(QLatin1Char('_'), QLatin1Char(' '));
}

bool ScenarioCommand::hasSettingName(const QString& key) { return settingName(key) != QString(key).replace(QLatin1Char('_'), QLatin1Char(' ')); }

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
