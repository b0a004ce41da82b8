// SPDX-License-Identifier: MIT
#include "finetunegroup.h"

#include "sliderspin.h"

#include "shardscope/finetune.h"
#include "shardscope/knobs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QSignalBlocker>
#include <QToolButton>

#include <cmath>

namespace shardscope {

namespace {

/// The knob of core's table whose window control is `control` (knobs.cpp); the group has one widget per knob.
const Knob& knobOf(const char* control)
{
    for (const Knob& k : knobs())
        if (k.control && qstrcmp(k.control, control) == 0)
            return k;
    Q_ASSERT_X(false, "knobOf", control);
    return knobs().front();
}

/// A choice knob's keys: "full|lora|qlora|dora" (its value name), in core's order.
QStringList knobKeys(const Knob& k) { return QString::fromLatin1(k.valueName).split(QLatin1Char('|')); }

std::vector<double> powers(double lo, double hi)
{
    std::vector<double> v;
    for (int e = 0; std::ldexp(lo, e) <= hi; ++e)
        v.push_back(std::ldexp(lo, e));
    return v;
}

constexpr std::uint32_t kTargetBits[8] = {kLoraQ, kLoraK, kLoraV, kLoraO, kLoraGate, kLoraUp, kLoraDown, kLoraHead};
constexpr std::uint32_t kBoxBits = kLoraQ | kLoraK | kLoraV | kLoraO | kLoraGate | kLoraUp | kLoraDown | kLoraHead;

} // namespace

FinetuneGroup::FinetuneGroup(QWidget* parent)
    : QGroupBox(tr("Fine-tuning"), parent)
{
    setObjectName(QStringLiteral("finetuneGroup"));
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows); // as the Scenario panel's groups: a long row wraps

    // Method: core's keys (the knob's value name); the names as the papers write them.
    const Knob& method = knobOf("finetuneMethod");
    m_method = new QComboBox(this);
    m_method->setObjectName(QLatin1String(method.control));
    m_method->setToolTip(tr("Full: every parameter trains. LoRA: low-rank adapters on a frozen 16-bit base (Hu et al. "
                            "2021). QLoRA: LoRA on a 4-bit base (Dettmers et al. 2023). DoRA: LoRA plus a trainable "
                            "magnitude per adapted layer (Liu et al. 2024). Grads and optimizer states exist only for "
                            "what trains (docs/model.md section 12)."));
    for (const QString& key : knobKeys(method)) {
        const QString label = key == QLatin1String("full") ? tr("Full")
            : key == QLatin1String("lora")                 ? QStringLiteral("LoRA")
            : key == QLatin1String("qlora")                ? QStringLiteral("QLoRA")
            : key == QLatin1String("dora")                 ? QStringLiteral("DoRA")
                                                           : key;
        m_method->addItem(label, key);
    }
    m_form->addRow(tr("Method"), m_method);

    // Rank and alpha: the knobs' ranges; a typed value outside them is refused by the spin box (never clamped).
    const Knob& rank = knobOf("loraRank");
    m_rank = new SliderSpin(tr("LoRA rank"), rank.min, rank.max, this);
    m_rank->setObjectName(QLatin1String(rank.control));
    m_rank->setSnapValues(powers(1, 1024));
    m_rank->setToolTips(tr("LoRA rank r: each adapted d_in x d_out weight gets r x (d_in + d_out) trainable "
                           "parameters (PEFT LoraConfig r, torchtune lora_rank)."));
    m_form->addRow(tr("Rank"), m_rank);
    const Knob& alpha = knobOf("loraAlpha");
    m_alpha = new SliderSpin(tr("LoRA alpha"), alpha.min, alpha.max, this);
    m_alpha->setObjectName(QLatin1String(alpha.control));
    m_alpha->setSnapValues(powers(1, 1024));
    m_alpha->setDisplay(1, 1, QString());
    m_alpha->setToolTips(tr("LoRA alpha: the adapters' output is scaled by alpha / r; it changes neither bytes nor "
                            "FLOPs (kept for the scenario files and the importers)."));
    m_form->addRow(tr("Alpha"), m_alpha);

    // Targets: one box per linear layer PEFT and torchtune name (q_proj ... down_proj, lm_head / output_proj).
    const Knob& targets = knobOf("loraTargets");
    m_targetsRow = new QWidget(this);
    m_targetsRow->setObjectName(QLatin1String(targets.control));
    auto* grid = new QGridLayout(m_targetsRow);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(0);
    const char* names[8] = {"q", "k", "v", "o", "gate", "up", "down", "head"};
    for (int i = 0; i < 8; ++i) {
        auto* box = new QCheckBox(QLatin1String(names[i]), m_targetsRow);
        box->setObjectName(QStringLiteral("loraTarget_") + QLatin1String(names[i]));
        box->setToolTip(i == 7 ? tr("An adapter on the output head (PEFT lm_head, torchtune output_proj).")
                               : tr("An adapter on this linear layer of every block."));
        grid->addWidget(box, i / 4, i % 4);
        m_targets[static_cast<std::size_t>(i)] = box;
        connect(box, &QCheckBox::toggled, this, &FinetuneGroup::targetToggled);
    }
    m_allLinear = new QToolButton(m_targetsRow);
    m_allLinear->setObjectName(QStringLiteral("loraAllLinear"));
    m_allLinear->setText(QStringLiteral("all-linear"));
    m_allLinear->setToolTip(tr("PEFT's \"all-linear\": every linear layer of the blocks (and a MoE router), not the "
                               "head."));
    grid->addWidget(m_allLinear, 2, 0, 1, 4, Qt::AlignLeft);
    connect(m_allLinear, &QToolButton::clicked, this, [this] {
        for (int i = 0; i < 8; ++i) {
            const QSignalBlocker b(m_targets[static_cast<std::size_t>(i)]);
            m_targets[static_cast<std::size_t>(i)]->setChecked(i < 7);
        }
        m_hiddenBits |= kLoraRouter;
        emit entryAccepted();
        emit edited();
    });
    m_form->addRow(tr("Targets"), m_targetsRow);

    // The frozen base's precision: "auto" is the method's (bf16 for LoRA and DoRA, NF4 for QLoRA).
    const Knob& base = knobOf("basePrecision");
    m_base = new QComboBox(this);
    m_base->setObjectName(QLatin1String(base.control));
    m_base->setToolTip(tr("The frozen base's linear weights: bf16, int8 (LLM.int8, one fp32 scale per row), NF4 or FP4 "
                          "(4 bits and block-wise constants), fp8. Embeddings, head and norms stay 16-bit."));
    m_base->addItem(tr("as the method"), QStringLiteral("auto"));
    for (const QString& key : knobKeys(base))
        m_base->addItem(key, key);
    m_form->addRow(tr("Base precision"), m_base);

    const Knob& block = knobOf("quantBlock");
    m_block = new SliderSpin(tr("Quantisation block"), block.min, block.max, this);
    m_block->setObjectName(QLatin1String(block.control));
    m_block->setSnapValues(powers(block.min, block.max));
    m_block->setStepsFollowSnap(true);
    m_block->setToolTips(tr("NF4/FP4 weights share one absmax constant per block of this many (bitsandbytes "
                            "blocksize; QLoRA: 64). A power of two."));
    m_form->addRow(tr("Block"), m_block);
    const Knob& dq = knobOf("doubleQuant");
    m_doubleQuant = new QCheckBox(tr("Double quantisation"), this);
    m_doubleQuant->setObjectName(QLatin1String(dq.control));
    m_doubleQuant->setToolTip(tr("The absmax constants quantised to 8 bits in blocks of 256: 4.127 bits per weight at "
                                 "block 64 instead of 4.5 (QLoRA, section 3)."));
    m_form->addRow(QString(), m_doubleQuant);

    for (SliderSpin* s : sliders()) {
        connect(s, &SliderSpin::valueChanged, this, &FinetuneGroup::edited);
        connect(s, &SliderSpin::entryRefused, this, &FinetuneGroup::entryRefused);
        connect(s, &SliderSpin::entryAccepted, this, &FinetuneGroup::entryAccepted);
    }
    connect(m_method, &QComboBox::currentIndexChanged, this, &FinetuneGroup::edited);
    connect(m_base, &QComboBox::currentIndexChanged, this, &FinetuneGroup::edited);
    connect(m_doubleQuant, &QCheckBox::toggled, this, &FinetuneGroup::edited);
}

QStringList FinetuneGroup::fields()
{
    // core's field names (InvalidInput::field()) of the group's knobs: their options.
    QStringList v;
    for (const char* c : {"finetuneMethod", "loraRank", "loraAlpha", "loraTargets", "basePrecision", "quantBlock",
                          "doubleQuant"})
        v << QLatin1String(knobOf(c).option);
    return v;
}

QList<SliderSpin*> FinetuneGroup::sliders() const { return {m_rank, m_alpha, m_block}; }

void FinetuneGroup::targetToggled()
{
    // No target at all would train nothing: the last box stays checked and the refusal says why.
    std::uint32_t bits = 0;
    for (std::size_t i = 0; i < 8; ++i)
        if (m_targets[i]->isChecked())
            bits |= kTargetBits[i];
    if (bits == 0 && (m_hiddenBits & ~kBoxBits) == 0) {
        auto* box = qobject_cast<QCheckBox*>(sender());
        if (box) {
            const QSignalBlocker b(box);
            box->setChecked(true);
        }
        emit entryRefused(tr("Targets: at least one linear layer needs an adapter (LoRA trains only the adapters)."));
        return;
    }
    if ((bits & kLoraAllLinear) != (kLoraAllLinear & ~kLoraRouter))
        m_hiddenBits &= ~kLoraRouter; // the router goes with "all-linear" only
    emit entryAccepted();
    emit edited();
}

void FinetuneGroup::setScenario(const Scenario& s)
{
    const QSignalBlocker b1(m_method), b2(m_base), b3(m_doubleQuant);
    m_method->setCurrentIndex(m_method->findData(QString::fromLatin1(finetuneKey(s.finetune))));
    m_rank->setValue(double(s.loraRank));
    m_alpha->setValue(s.loraAlpha);
    m_hiddenBits = s.loraTargets & ~kBoxBits;
    for (std::size_t i = 0; i < 8; ++i) {
        const QSignalBlocker b(m_targets[i]);
        m_targets[i]->setChecked((s.loraTargets & kTargetBits[i]) != 0);
    }
    m_base->setCurrentIndex(m_base->findData(QString::fromLatin1(basePrecisionKey(s.basePrecision))));
    m_block->setValue(double(s.quantBlock));
    m_doubleQuant->setChecked(s.doubleQuant);
    updateApplicability(s);
}

void FinetuneGroup::apply(Scenario& s) const
{
    if (const auto m = finetuneFromKey(m_method->currentData().toString().toStdString()))
        s.finetune = *m;
    s.loraRank = std::llround(m_rank->value());
    s.loraAlpha = m_alpha->value();
    std::uint32_t bits = m_hiddenBits;
    for (std::size_t i = 0; i < 8; ++i)
        if (m_targets[i]->isChecked())
            bits |= kTargetBits[i];
    s.loraTargets = bits;
    if (const auto p = basePrecisionFromKey(m_base->currentData().toString().toStdString()))
        s.basePrecision = *p;
    s.quantBlock = std::llround(m_block->value());
    s.doubleQuant = m_doubleQuant->isChecked();
}

void FinetuneGroup::updateApplicability(const Scenario& s)
{
    const bool adapters = finetuneAdapters(s);
    const BasePrecision bp = basePrecisionInForce(s);
    const bool fourBit = adapters && (bp == BasePrecision::Nf4 || bp == BasePrecision::Fp4);
    for (QWidget* w : {static_cast<QWidget*>(m_rank), static_cast<QWidget*>(m_alpha), m_targetsRow,
                       static_cast<QWidget*>(m_base)})
        m_form->setRowVisible(w, adapters);
    m_form->setRowVisible(m_block, fourBit);
    m_form->setRowVisible(m_doubleQuant, fourBit);
}

} // namespace shardscope
