// SPDX-License-Identifier: MIT
// The Experts group of the controls panel (issue 25): expert parallelism (EP), expert tensor parallelism (expert TP)
// and the all-to-all overlap, with the MoE shape of the model in words. Shown for MoE models only; the values the
// sliders visit come from core (validEpValues(), validEtpValues()); an entry core refuses (EP not dividing the
// experts, EP x expert TP not dividing a stage's GPUs) is kept and explained under its control, as for TP.
#include "controlspanel.h"

#include "explorer.h"
#include "sliderspin.h"

#include "shardscope/advice.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace shardscope {

void ControlsPanel::buildExperts(QVBoxLayout* top)
{
    m_experts = new QGroupBox(tr("Experts (MoE)"), this);
    m_experts->setObjectName(QStringLiteral("expertsGroup"));
    auto* form = new QFormLayout(m_experts);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // as the other groups: a long row wraps in a narrow dock
    top->addWidget(m_experts);

    m_moeShape = new QLabel(this);
    m_moeShape->setObjectName(QStringLiteral("moeShape"));
    m_moeShape->setWordWrap(true);
    m_moeShape->setToolTip(tr("The model's Mixture-of-Experts shape: routed experts per MoE layer, experts per token "
                              "(top-k), one expert's FFN size, shared experts and dense first layers (docs/model.md "
                              "section 11)."));
    form->addRow(m_moeShape);

    m_ep = addKnobSlider("ep", tr("EP"), 1024,
                         tr("Expert parallel: each MoE layer's routed experts split over this many GPUs of a pipeline "
                            "stage (must divide the experts; EP x expert TP must divide the stage's GPUs)."));
    m_ep->setStepsFollowSnap(true);
    form->addRow(tr("Expert parallel"), m_ep);
    addErrorRow(form, {QStringLiteral("ep")});
    m_etp = addKnobSlider("expertTp", tr("Expert TP"), 64,
                          tr("Expert tensor parallel: each expert's matrices split over this many GPUs; 0 follows the "
                             "tensor-parallel size (Megatron-Core's default)."));
    m_etp->setStepsFollowSnap(true);
    // 0 is not a size but "the tensor-parallel size": the box says so (typing the word or 0 enters it).
    m_etp->spinBox()->setZeroText(tr("= TP"));
    m_ep->setSnapValues({1}); // a dense model's (the group is hidden); updateExperts() sets a MoE model's
    m_etp->setSnapValues({0});
    form->addRow(tr("Expert TP"), m_etp);
    addErrorRow(form, {QStringLiteral("expert-tp")});
    m_a2aOverlap = new QCheckBox(tr("Overlap all-to-all with compute"), this);
    m_a2aOverlap->setObjectName(QStringLiteral("moeA2aOverlap"));
    m_a2aOverlap->setToolTip(tr("The dispatch and combine all-to-alls run beside the layer's computation (Megatron-Core "
                                "EP communication overlap, DeepSeek's DualPipe): only what the compute cannot cover "
                                "is exposed."));
    form->addRow(m_a2aOverlap);
    addErrorRow(form, {QStringLiteral("moe-capacity-factor"), QStringLiteral("moe-route-nodes")});

    connect(m_ep, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.ep = std::llround(v);
        keepGpusAtStep();
        changed();
    });
    connect(m_etp, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.etp = std::llround(v);
        keepGpusAtStep();
        changed();
    });
    connect(m_a2aOverlap, &QCheckBox::toggled, this, [this](bool on) {
        m_scenario.moeA2aOverlap = on;
        changed();
    });
}

void ControlsPanel::keepGpusAtStep()
{
    // Like a new TP or PP: N moves to the nearest count at or above it that the expert fold allows (EP x expert TP
    // divides every stage's GPUs), so the slider never leaves N where no layout exists. A refused EP (not dividing
    // the experts) leaves N alone: the refusal says why.
    const std::int64_t k = m_scenario.gpuStep();
    const Architecture& a = m_scenario.arch;
    if (k < 1 || m_scenario.gpus % k == 0 || (a.moe() && a.experts % m_scenario.ep != 0)
        || (m_scenario.etp > 1 && a.expertFfn() % m_scenario.etp != 0))
        return;
    for (std::int64_t n : validGpuCounts(m_scenario, 1048576))
        if (n >= m_scenario.gpus) {
            m_scenario.gpus = n;
            m_gpus->setValue(double(n));
            return;
        }
}

void ControlsPanel::updateExperts()
{
    const Scenario& s = m_scenario;
    const bool moe = s.arch.moe() && !s.bareParams;
    m_experts->setVisible(moe);
    if (!moe)
        return;
    const ParamCounts c = countParams(s.arch);
    const QLocale loc = numberLocale();
    QString shape = tr("%1 routed experts per MoE layer, top-%2, expert FFN %3")
                        .arg(loc.toString(qlonglong(s.arch.experts)), loc.toString(qlonglong(s.arch.topK)),
                             loc.toString(qlonglong(s.arch.expertFfn())));
    if (s.arch.sharedExperts > 0)
        shape += tr("; shared experts: %1").arg(loc.toString(qlonglong(s.arch.sharedExperts)));
    if (c.denseLayers > 0)
        shape += tr("; %1 of %2 layers dense").arg(loc.toString(qlonglong(c.denseLayers)), loc.toString(qlonglong(s.arch.layers)));
    shape += QLatin1Char('\n')
        + tr("%1 B parameters, %2 B activated per token; experts per GPU at EP %4: %3")
              .arg(loc.toString(double(c.total) / 1e9, 'f', 1), loc.toString(double(c.activePerToken) / 1e9, 'f', 1),
                   s.ep >= 1 && s.arch.experts % s.ep == 0 ? loc.toString(qlonglong(s.arch.experts / s.ep))
                                                            : QStringLiteral("?"),
                   loc.toString(qlonglong(s.ep)));
    if (s.etp == 0)
        shape += QLatin1Char('\n') + tr("Expert TP 0 follows TP: %1").arg(loc.toString(qlonglong(s.tp)));
    m_moeShape->setText(shape);

    // The values the sliders visit: core's, rebuilt only when what they depend on changed.
    const std::int64_t key[3] = {s.arch.experts, s.arch.expertFfn(), s.gpusPerNode};
    if (!std::equal(std::begin(key), std::end(key), std::begin(m_expertStepsKey))) {
        std::copy(std::begin(key), std::end(key), std::begin(m_expertStepsKey));
        std::vector<double> ep, etp;
        for (std::int64_t e : validEpValues(s))
            ep.push_back(double(e));
        for (std::int64_t t : validEtpValues(s))
            etp.push_back(double(t));
        m_ep->setSnapValues(ep);
        m_etp->setSnapValues(etp);
        m_ep->setValue(double(s.ep));
        m_etp->setValue(double(s.etp));
    }
}

void ControlsPanel::setExpertsScenario(const Scenario& s)
{
    const QSignalBlocker b(m_a2aOverlap);
    m_ep->setValue(double(s.ep));
    m_etp->setValue(double(s.etp));
    m_a2aOverlap->setChecked(s.moeA2aOverlap);
}

} // namespace shardscope
