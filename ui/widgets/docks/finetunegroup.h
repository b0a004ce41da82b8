// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QGroupBox>
#include <QStringList>

#include <array>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QToolButton;

namespace shardscope {

class SliderSpin;

/**
 * The Scenario panel's "Fine-tuning" group (issue 28): method (full, LoRA, QLoRA, DoRA), LoRA rank and alpha, target
 * modules, the frozen base's precision, and (for a 4-bit base) the quantisation block and double quantisation. Every
 * range and choice comes from core's knob table (knobs.cpp: the knobs whose control is this group's widget); an entry
 * outside a range is refused with a message (entryRefused), never clamped. The group computes nothing: apply() writes
 * its values into a Scenario, setScenario() shows one, and core's validateScenario() says what has no answer.
 */
class FinetuneGroup : public QGroupBox
{
    Q_OBJECT
public:
    explicit FinetuneGroup(QWidget* parent = nullptr);

    /// Shows the fine-tuning fields of `s` without emitting edited().
    void setScenario(const Scenario& s);
    /// Writes the group's values into the fine-tuning fields of `s` (the targets' bits the group has no box for,
    /// the MoE router's, are kept).
    void apply(Scenario& s) const;
    /// The group's form (the panel adds its error row there) and core's field names shown under it.
    QFormLayout* form() const { return m_form; }
    static QStringList fields();
    /// The rows apart from the method are shown only where they change the answer (adapters; a 4-bit base).
    void updateApplicability(const Scenario& s);
    QList<SliderSpin*> sliders() const;

signals:
    void edited();
    void entryRefused(const QString& message);
    void entryAccepted();

private:
    void targetToggled();

    QFormLayout* m_form = nullptr;
    QComboBox* m_method = nullptr;
    SliderSpin* m_rank = nullptr;
    SliderSpin* m_alpha = nullptr;
    QWidget* m_targetsRow = nullptr;
    std::array<QCheckBox*, 8> m_targets {}; ///< q, k, v, o, gate, up, down, head (LoraTargetBit order)
    QToolButton* m_allLinear = nullptr;
    QComboBox* m_base = nullptr;
    SliderSpin* m_block = nullptr;
    QCheckBox* m_doubleQuant = nullptr;
    std::uint32_t m_hiddenBits = 0; ///< target bits without a box (the MoE router), kept as the scenario had them
};

} // namespace shardscope
