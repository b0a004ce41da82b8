// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QList>
#include <QMap>
#include <QWidget>

class QButtonGroup;
class QHBoxLayout;
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
    /// The line (0 or 1) a control sits on: the controls wrap to a second line when the bar is too narrow.
    int lineOf(const QString& name) const;

signals:
    void scenarioEdited(const shardscope::Scenario& s);

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    void retranslate();
    void emitEdited();
    Scenario m_scenario;
    bool m_updating = false;
    void reflow();
    QMap<QString, QWidget*> m_rows;
    QList<QWidget*> m_order; ///< the control boxes in the order they are shown
    QList<int> m_lineOf; ///< the line each box of m_order sits on
    QHBoxLayout* m_lines[2] = {nullptr, nullptr};
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
