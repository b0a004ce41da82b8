// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QMap>
#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QSpinBox;

namespace shardscope {

/**
 * The controls of presentation mode: only those the tour step names (tourControlNames(): ZeRO stage,
 * N, TP, PP, micro-batches, checkpointing, offload, schedule), large, in one row. Each change builds
 * the scenario from the current one and emits it; invalid combinations are not emitted.
 */
class PresenterBar : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterBar(QWidget* parent = nullptr);
    void setScenario(const Scenario& s);
    /// Shows only these controls (all when empty).
    void setVisibleControls(const QStringList& names);
    QStringList visibleControls() const;
    QWidget* control(const QString& name) const { return m_rows.value(name); }

signals:
    void scenarioEdited(const shardscope::Scenario& s);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void emitEdited();
    Scenario m_scenario;
    bool m_updating = false;
    QMap<QString, QWidget*> m_rows;
    QButtonGroup* m_stage;
    QSpinBox* m_gpus;
    QSpinBox* m_tp;
    QSpinBox* m_pp;
    QSpinBox* m_accum;
    QComboBox* m_ckpt;
    QComboBox* m_offload;
    QComboBox* m_schedule;
    QMap<QString, QLabel*> m_labels;
};

} // namespace shardscope
