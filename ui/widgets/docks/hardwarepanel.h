// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QHash>
#include <QWidget>

#include <utility>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace shardscope {

/**
 * The Hardware panel (issue 9): the figures of the GPU and its links the step model uses, each editable.
 * Shows the value in force (the preset's unless overridden); an edit is checked when committed (Enter or
 * leaving the field) and becomes a Scenario field (peakFlops16Override, hbmBytesPerSecondOverride,
 * intra/inter-node and PCIe bandwidths, alphaSeconds, kernelEfficiency, gemmKOverhead (the GEMM efficiency curve's
 * knee, drawn as the curve under the fields), attentionEfficiency). A value out of range is refused
 * with a sentence under the fields and the scenario is left as it was: never clamped.
 * "Reset to the preset" puts every figure back to the GPU preset's.
 */
class HardwarePanel : public QWidget
{
    Q_OBJECT
public:
    explicit HardwarePanel(QWidget* parent = nullptr);

    void setScenario(const Scenario& s);
    const Scenario& scenario() const { return m_scenario; }
    /// The field for `key` (peak-tflops, hbm-gbps, nvlink-gbps, nic-gbps, pcie-gbps, alpha-us,
    /// kernel-efficiency, gemm-k-overhead, attention-efficiency), for tests and the tour; nullptr for an unknown key.
    QLineEdit* field(const QString& key) const;
    /// The refusal shown under the fields; empty when the last edit was taken.
    QString message() const;
    /// The GEMM efficiency curve in force: (inner dimension K, fraction of the 16-bit peak) at K 128, 512, 2048
    /// and 8192, from the step model's kernel model (kernels.h); empty without a GPU preset.
    std::vector<std::pair<double, double>> efficiencyCurve() const;
    /// The curve as the panel shows it.
    QString curveText() const;

signals:
    /// A committed, valid edit or a reset: the whole scenario with the new figure.
    void scenarioEdited(const shardscope::Scenario& s);

private:
    struct Field
    {
        QString key;
        QLineEdit* edit = nullptr;
        double lo = 0, hi = 0; ///< accepted range in the field's unit
        double scale = 1; ///< unit -> scenario value
        double* (*target)(Scenario&) = nullptr;
    };

    void commit(const Field& f);
    void refresh();
    void resetToPreset();
    void refuse(const QString& sentence);
    QString label(const QString& key) const;
    QString rangeSentence(const Field& f) const;

    Scenario m_scenario;
    std::vector<Field> m_fields;
    QHash<QString, QString> m_shown; ///< each field's text as last shown (an unchanged field is no edit)
    QLabel* m_gpu;
    QLabel* m_message;
    QLabel* m_curve;
    QPushButton* m_reset;
};

} // namespace shardscope
