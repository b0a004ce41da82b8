// SPDX-License-Identifier: MIT
#include "hardwarepanel.h"

#include "shardscope/errors.h"
#include "shardscope/gpus.h"
#include "shardscope/kernels.h"
#include "shardscope/step.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStringList>
#include <QVBoxLayout>

#include <cmath>

namespace shardscope {

namespace {

/// A number as typed: the user's locale first (a decimal comma in ru), then the C locale (a point).
bool parseNumber(const QString& text, double& v)
{
    bool ok = false;
    const QString t = text.trimmed();
    v = QLocale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    return ok && std::isfinite(v);
}

QString shown(double v) { return QLocale().toString(v, 'g', 6); }

} // namespace

HardwarePanel::HardwarePanel(QWidget* parent)
    : QWidget(parent)
    , m_gpu(new QLabel(this))
    , m_message(new QLabel(this))
    , m_curve(new QLabel(this))
    , m_reset(new QPushButton(tr("Reset to the preset"), this))
{
    setObjectName(QStringLiteral("hardwarePanel"));
    auto* layout = new QVBoxLayout(this);
    m_gpu->setObjectName(QStringLiteral("hardwareGpu"));
    m_gpu->setWordWrap(true);
    layout->addWidget(m_gpu);
    auto* form = new QFormLayout;
    layout->addLayout(form);
    // The same ranges as the command-line options (scenariooptions.cpp) and validateScenario().
    m_fields = {
        {QStringLiteral("peak-tflops"), nullptr, 0.001, 100000, 1e12, [](Scenario& s) { return &s.peakFlops16Override; }},
        {QStringLiteral("hbm-gbps"), nullptr, 1, 1e6, 1e9, [](Scenario& s) { return &s.hbmBytesPerSecondOverride; }},
        {QStringLiteral("nvlink-gbps"), nullptr, 0.001, 1e6, 1e9, [](Scenario& s) { return &s.intraNodeBytesPerSecond; }},
        {QStringLiteral("nic-gbps"), nullptr, 0.001, 1e6, 1e9, [](Scenario& s) { return &s.interNodeBytesPerSecond; }},
        {QStringLiteral("pcie-gbps"), nullptr, 0.001, 1e6, 1e9, [](Scenario& s) { return &s.pcieBytesPerSecond; }},
        {QStringLiteral("alpha-us"), nullptr, 0, 1e6, 1e-6, [](Scenario& s) { return &s.alphaSeconds; }},
        {QStringLiteral("kernel-efficiency"), nullptr, 0.001, 1, 1, [](Scenario& s) { return &s.kernelEfficiency; }},
        {QStringLiteral("gemm-k-overhead"), nullptr, 0, 4096, 1, [](Scenario& s) { return &s.gemmKOverhead; }},
        {QStringLiteral("attention-efficiency"), nullptr, 0.001, 1, 1, [](Scenario& s) { return &s.attentionEfficiency; }},
    };
    for (Field& f : m_fields) {
        f.edit = new QLineEdit(this);
        f.edit->setObjectName(f.key);
        f.edit->setAlignment(Qt::AlignRight);
        f.edit->setToolTip(rangeSentence(f));
        form->addRow(label(f.key), f.edit);
        const Field copy = f;
        connect(f.edit, &QLineEdit::editingFinished, this, [this, copy] { commit(copy); });
    }
    m_curve->setObjectName(QStringLiteral("hardwareCurve"));
    m_curve->setWordWrap(true);
    layout->addWidget(m_curve);
    m_message->setObjectName(QStringLiteral("hardwareMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    layout->addWidget(m_message);
    m_reset->setObjectName(QStringLiteral("hardwareReset"));
    m_reset->setToolTip(tr("Every figure back to the GPU preset's, the collective latency back to 5 µs, the GEMM "
                           "tile overhead back to 64 K steps"));
    layout->addWidget(m_reset);
    layout->addStretch(1);
    connect(m_reset, &QPushButton::clicked, this, &HardwarePanel::resetToPreset);
    refresh();
}

QString HardwarePanel::label(const QString& key) const
{
    if (key == QLatin1String("peak-tflops"))
        return tr("Peak 16-bit (TFLOP/s)");
    if (key == QLatin1String("hbm-gbps"))
        return tr("HBM bandwidth (GB/s)");
    if (key == QLatin1String("nvlink-gbps"))
        return tr("NVLink per direction (GB/s)");
    if (key == QLatin1String("nic-gbps"))
        return tr("NIC per GPU per direction (GB/s)");
    if (key == QLatin1String("pcie-gbps"))
        return tr("PCIe per direction (GB/s)");
    if (key == QLatin1String("alpha-us"))
        return tr("Collective latency per hop (µs)");
    if (key == QLatin1String("gemm-k-overhead"))
        return tr("GEMM tile overhead (K steps)");
    if (key == QLatin1String("attention-efficiency"))
        return tr("Attention efficiency (fraction of peak)");
    return tr("Large-GEMM efficiency (fraction of peak)");
}

QString HardwarePanel::rangeSentence(const Field& f) const
{
    return tr("%1: a number from %2 to %3.").arg(label(f.key), shown(f.lo), shown(f.hi));
}

QLineEdit* HardwarePanel::field(const QString& key) const
{
    for (const Field& f : m_fields)
        if (f.key == key)
            return f.edit;
    return nullptr;
}

QString HardwarePanel::message() const { return m_message->isHidden() ? QString() : m_message->text(); }

void HardwarePanel::setScenario(const Scenario& s)
{
    m_scenario = s;
    refresh();
}

/// Each field shows the figure in force: the scenario's where it sets one, else the GPU preset's.
void HardwarePanel::refresh()
{
    GpuPreset g;
    try {
        g = resolveGpu(m_scenario);
    } catch (const InvalidInput&) {
        m_gpu->setText(tr("No GPU preset: choose a GPU in the Scenario panel."));
        setEnabled(false);
        return;
    }
    setEnabled(true);
    m_gpu->setText(tr("%1, figures in force (edit to override the preset)").arg(QString::fromStdString(g.name)));
    const double pcie = m_scenario.pcieBytesPerSecond > 0 ? m_scenario.pcieBytesPerSecond : g.pcieBytesPerSecond;
    const KernelModel km = kernelModelInForce(m_scenario); // the efficiencies computeStep uses
    for (const Field& f : m_fields) {
        double v = 0;
        if (f.key == QLatin1String("peak-tflops"))
            v = g.peakFlops16; // resolveGpu applies the override
        else if (f.key == QLatin1String("hbm-gbps"))
            v = g.hbmBytesPerSecond;
        else if (f.key == QLatin1String("nvlink-gbps"))
            v = m_scenario.intraNodeBytesPerSecond > 0 ? m_scenario.intraNodeBytesPerSecond
                                                       : (g.intraNodeBytesPerSecond > 0 ? g.intraNodeBytesPerSecond : pcie);
        else if (f.key == QLatin1String("nic-gbps"))
            v = m_scenario.interNodeBytesPerSecond > 0 ? m_scenario.interNodeBytesPerSecond : g.interNodeBytesPerSecond;
        else if (f.key == QLatin1String("pcie-gbps"))
            v = pcie;
        else if (f.key == QLatin1String("alpha-us"))
            v = m_scenario.alphaSeconds;
        else if (f.key == QLatin1String("gemm-k-overhead"))
            v = m_scenario.gemmKOverhead;
        else if (f.key == QLatin1String("attention-efficiency"))
            v = km.attentionEfficiency;
        else
            v = km.gemmEfficiency;
        f.edit->setText(shown(v / f.scale));
        m_shown[f.key] = f.edit->text();
    }
    QStringList points;
    for (const auto& [k, e] : efficiencyCurve())
        points << tr("K %1: %2").arg(QLocale().toString(k, 'f', 0), QLocale().toString(e, 'f', 2));
    m_curve->setText(tr("Efficiency curve, a large GEMM by its inner dimension (fraction of peak): %1")
                         .arg(points.join(QStringLiteral(" · "))));
}

std::vector<std::pair<double, double>> HardwarePanel::efficiencyCurve() const
{
    std::vector<std::pair<double, double>> out;
    GpuPreset g;
    try {
        g = resolveGpu(m_scenario);
    } catch (const InvalidInput&) {
        return out;
    }
    // The step model's kernel model (kernelModelInForce, step.h) for this GPU and scenario: a GEMM of 13,824 x 8,192
    // rows and columns (108 x 64 output tiles of 128 x 128: whole waves on an A100) at inner dimension K.
    const KernelModel km = kernelModelInForce(m_scenario);
    for (const double k : {128.0, 512.0, 2048.0, 8192.0})
        out.emplace_back(k, gemmFlopRate(km, 13824, 8192, k, false) / g.peakFlops16);
    return out;
}

QString HardwarePanel::curveText() const { return m_curve->text(); }

void HardwarePanel::refuse(const QString& sentence)
{
    m_message->setText(sentence);
    m_message->show();
}

void HardwarePanel::commit(const Field& f)
{
    double v = 0;
    if (!parseNumber(f.edit->text(), v)) {
        refuse(tr("“%1” is not a number. %2 The scenario was not changed.").arg(f.edit->text(), rangeSentence(f)));
        return;
    }
    if (v < f.lo || v > f.hi) {
        refuse(tr("%1 is out of range. %2 The scenario was not changed.").arg(shown(v), rangeSentence(f)));
        return;
    }
    // The figure shown left as it was (focus left the field) is not an edit: a preset's figure stays the
    // preset's, not an override of the same value.
    if (f.edit->text() == m_shown.value(f.key)) {
        m_message->hide();
        return;
    }
    Scenario s = m_scenario;
    double* target = f.target(s);
    const double value = v * f.scale;
    try {
        *target = value;
        validateScenario(s);
    } catch (const InvalidInput& e) {
        refuse(tr("Refused: %1. The scenario was not changed.").arg(QString::fromStdString(e.what())));
        return;
    }
    m_message->hide();
    m_scenario = s;
    refresh();
    emit scenarioEdited(m_scenario);
}

void HardwarePanel::resetToPreset()
{
    Scenario s = m_scenario;
    const Scenario defaults;
    s.peakFlops16Override = 0;
    s.hbmBytesPerSecondOverride = 0;
    s.intraNodeBytesPerSecond = 0;
    s.interNodeBytesPerSecond = 0;
    s.pcieBytesPerSecond = 0;
    s.alphaSeconds = defaults.alphaSeconds;
    s.kernelEfficiency = 0;
    s.gemmKOverhead = defaults.gemmKOverhead;
    s.attentionEfficiency = 0;
    m_message->hide();
    m_scenario = s;
    refresh();
    emit scenarioEdited(m_scenario);
}

} // namespace shardscope
