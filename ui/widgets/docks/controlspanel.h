// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QHash>
#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace shardscope {

class FinetuneGroup;
class SliderSpin;

/**
 * The grouped controls (Model, Cluster, Parallelism, Precision & optimizer, Memory savers, Framework with the
 * capacity measure and folded advanced knobs, Batch).
 * Turns every gesture into a Scenario and emits it; never computes anything itself. A scenario that
 * has no answer (TP not dividing the heads) is emitted too: the user's choice is never lost, the
 * page shows why there is no answer.
 */
class ControlsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    /// Shows `s` in the controls without emitting scenarioChanged().
    void setScenario(const Scenario& s);

    /// The refusal message of the last bad entry (empty once a valid entry is made).
    QString inputMessage() const;

    /// Every slider-with-spin-box, by objectName (for the redraw benchmark and tests).
    QList<SliderSpin*> sliders() const;

    /// Why the scenario has no answer, in plain words, and the field core named (empty when it has one).
    QString scenarioError() const { return m_errorText; }
    QString scenarioErrorField() const { return m_errorField; }
    /// The label under the control that shows the error of `field` (nullptr for a field without a control here).
    QLabel* errorLabelFor(const QString& field) const { return m_errorLabels.value(field); }

signals:
    void scenarioChanged(const shardscope::Scenario& s);
    void resetRequested();

private:
    void build();
    void changed();
    void showRefusal(const QString& message);
    void clearRefusal();
    void updatePrecisionText();
    void updateVppEnabled();
    void updateApplicability();
    void updateValidSteps();
    void updateStackText(); ///< what the scenario's stack assumed (issue 24), under the stack picker
    void showScenarioError();
    QLabel* addErrorRow(QFormLayout* form, const QStringList& fields);
    void presetChosen(int index);
    void importHfConfig();
    SliderSpin* addSlider(const char* objectName, const QString& name, double min, double max, const QString& tip);
    /// A slider for a knob of core's table whose control is `objectName`: its range is the knob's, capped at uiMax.
    SliderSpin* addKnobSlider(const char* objectName, const QString& name, double uiMax, const QString& tip);

    Scenario m_scenario;
    Architecture m_imported; ///< the last imported HF architecture (kept while another preset is shown)
    bool m_hasImported = false;

    QLabel* m_message = nullptr;
    QComboBox* m_preset = nullptr;
    SliderSpin* m_size = nullptr;
    SliderSpin* m_gpus = nullptr;
    SliderSpin* m_gpusPerNode = nullptr;
    QComboBox* m_gpuType = nullptr;
    QButtonGroup* m_stage = nullptr;
    SliderSpin* m_tp = nullptr;
    SliderSpin* m_pp = nullptr;
    QComboBox* m_schedule = nullptr;
    SliderSpin* m_vpp = nullptr;
    QCheckBox* m_sp = nullptr;
    QComboBox* m_recipe = nullptr;
    QComboBox* m_optimizer = nullptr;
    QLabel* m_bytesPerParam = nullptr;
    QButtonGroup* m_ckpt = nullptr;
    QCheckBox* m_flash = nullptr;
    QComboBox* m_offOpt = nullptr;
    QComboBox* m_offPar = nullptr;
    QComboBox* m_framework = nullptr;
    QComboBox* m_stack = nullptr; ///< the training stack (Scenario::stack; the "stack" knob's choices)
    QLabel* m_stackAssumed = nullptr; ///< the defaults the stack set, and those the user replaced
    QFormLayout* m_frameworkForm = nullptr;
    QCheckBox* m_reshard = nullptr;
    QString m_reshardTip;
    QComboBox* m_measure = nullptr; ///< which figure meets the capacity line (Scenario::capacityMeasure)
    QToolButton* m_advancedToggle = nullptr; ///< folds the advanced knobs below
    QWidget* m_advanced = nullptr;
    QFormLayout* m_advancedForm = nullptr;
    int m_changedKnobs = 0; ///< advanced knobs away from their defaults
    QComboBox* m_actPrecision = nullptr;
    QCheckBox* m_compiled = nullptr;
    QCheckBox* m_dropout = nullptr;
    QCheckBox* m_optInBackward = nullptr;
    QCheckBox* m_actOffload = nullptr;
    QCheckBox* m_paged = nullptr;
    QCheckBox* m_lossFp32 = nullptr;
    QCheckBox* m_lossCompiled = nullptr;
    SliderSpin* m_lossChunks = nullptr;
    SliderSpin* m_microBatch = nullptr;
    SliderSpin* m_seq = nullptr;
    SliderSpin* m_gradAccum = nullptr;
    FinetuneGroup* m_finetune = nullptr; ///< the Fine-tuning group (finetunegroup.h; issue 28)
    QPushButton* m_reset = nullptr;
    QList<SliderSpin*> m_sliders;
    QHash<QString, QLabel*> m_errorLabels; ///< core's field name -> the label under its control
    QLabel* m_generalError = nullptr; ///< for fields without a control in this panel
    QString m_errorText;
    QString m_errorField;
    std::int64_t m_stepsKey[4] = {0, 0, 0, 0}; ///< what the N and TP steps were computed from

    // --- Mixture of Experts (issue 25): the Experts group, shown for MoE models only (controlspanel_moe.cpp)
    void buildExperts(QVBoxLayout* top);
    void updateExperts(); ///< visibility, the shape's words and the EP / expert-TP values core allows
    void setExpertsScenario(const Scenario& s); ///< shows s's EP, expert TP and overlap without emitting
    void keepGpusAtStep(); ///< moves N up to the next count the expert fold allows (one change, one Undo)
    QGroupBox* m_experts = nullptr;
    QLabel* m_moeShape = nullptr;
    SliderSpin* m_ep = nullptr;
    SliderSpin* m_etp = nullptr;
    QCheckBox* m_a2aOverlap = nullptr;
    std::int64_t m_expertStepsKey[3] = {-1, -1, -1}; ///< what the EP and expert-TP values were computed from
};

} // namespace shardscope
