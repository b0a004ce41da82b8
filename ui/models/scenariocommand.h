// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QStringList>
#include <QUndoCommand>

#include <functional>

namespace shardscope {

/**
 * One scenario change on the window's QUndoStack: the scenario before and after, and how to show one. The
 * change is already shown when the command is pushed, so the first redo() does nothing. Moves of the same
 * controls within kMergeMs merge into one command (a dragged slider is one Undo), keeping the first "before".
 */
class ScenarioCommand : public QUndoCommand
{
public:
    static constexpr int kId = 0x5353; // "SS"
    static constexpr qint64 kMergeMs = 700;

    ScenarioCommand(const Scenario& before, const Scenario& after, std::function<void(const Scenario&)> show);
    /// The same with each scenario's JSON (scenarioToJson) already made: the window's scenario owner keeps the
    /// current one's, so a move converts one scenario, not two.
    ScenarioCommand(const Scenario& before, QJsonObject beforeJson, const Scenario& after, QJsonObject afterJson,
                    std::function<void(const Scenario&)> show);

    void undo() override;
    void redo() override;
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

    const Scenario& before() const { return m_before; }
    const Scenario& after() const { return m_after; }
    /// The scenario keys (scenario file names) that differ between before and after.
    const QStringList& changedKeys() const { return m_keys; }

    /// The keys that differ between two scenarios, e.g. {"gpus"} or {"zero_stage", "gpus"}.
    static QStringList changedKeys(const Scenario& a, const Scenario& b);
    /// The window's words for a scenario-file key ("gpus" -> "N GPUs", translated): what undo texts name.
    static QString settingName(const QString& key);
    /// Whether the window has words of its own for `key` (else settingName() is the key with spaces).
    static bool hasSettingName(const QString& key);

private:
    static QStringList changedKeys(const QJsonObject& a, const QJsonObject& b);

    Scenario m_before;
    Scenario m_after;
    // Their JSON, made once: a dragged slider merges a command per move, and each comparison of two scenarios as
    // JSON cost more than the model (issue 29).
    QJsonObject m_beforeJson;
    QJsonObject m_afterJson;
    std::function<void(const Scenario&)> m_show;
    QStringList m_keys;
    QElapsedTimer m_age;
    bool m_first = true;
};

} // namespace shardscope
