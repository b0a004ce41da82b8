// SPDX-License-Identifier: MIT
#include "controlspanel.h"

#include "explorer.h"
#include "finetunegroup.h"
#include "hfconfig.h"
#include "sliderspin.h"

#include "shardscope/errors.h"
#include "shardscope/knobs.h"
#include "shardscope/stacks.h"
#include "shardscope/units.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <optional>

namespace shardscope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

std::vector<double> powersOfTwo(double lo, double hi)
{
    std::vector<double> v;
    for (int e = 0; std::ldexp(lo, e) <= hi; ++e) // lo * 2^e, exact: no floating-point loop counter
        v.push_back(std::ldexp(lo, e));
    return v;
}

/// 1, 2, 3, 4, 6, 8, 12, 16, 24, ... 16384: powers of two and 1.5 times them (N = 24 is a real cluster).
std::vector<double> gpuSnapValues()
{
    std::vector<double> v {1};
    for (int p = 2; p <= 16384; p *= 2) {
        v.push_back(p);
        if (p * 1.5 < 16384)
            v.push_back(p * 1.5);
    }
    return v;
}

QString bytesText(double b) { return numberLocale().toString(b, 'g', 3); }
/// core's recipe descriptions (core/src/recipe.cpp), for lupdate: the recipe list's tooltips in the chosen language.
const char* const kRecipeDescriptions[] = {
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "fp32 weights and grads, Adam m,v in fp32"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "fp16/bf16 mixed precision with fp32 master and Adam (ZeRO paper K=12; DeepSpeed)"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "bf16 with fp32 gradient accumulation, fp32 master and Adam (Megatron default)"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "16-bit weights, grads and Adam moments, no master (seed 000's 560 GB)"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "16-bit weights and grads, fp32 Adam moments, no master"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "mixed precision with 8-bit Adam (bitsandbytes style)"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "mixed precision with SGD + momentum"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "fp8 linears (Transformer Engine / torchao) over bf16 mixed precision"),
    QT_TRANSLATE_NOOP("shardscope::RecipeText", "custom bytes per parameter"),
};
/// A recipe's description in the chosen language (core's English where the table above has no entry).
QString recipeDescriptionText(const std::string& description)
{
    for (const char* d : kRecipeDescriptions)
        if (description == d)
            return QCoreApplication::translate("shardscope::RecipeText", d);
    return q(description);
}

QButtonGroup* segmented(QWidget* parent, QHBoxLayout* row, const QStringList& labels, const QStringList& names,
                        const QStringList& tips)
{
    auto* group = new QButtonGroup(parent);
    group->setExclusive(true);
    row->setSpacing(0);
    // The chosen segment in the highlight colour: in a dark palette a checked tool button is otherwise
    // hardly darker than the others (seen in `shardscope screenshot --dark`).
    const QString style = QStringLiteral(
        "QToolButton { padding: 3px 6px; border: 1px solid palette(mid); background: palette(button); }"
        "QToolButton:checked { background: palette(highlight); color: palette(highlighted-text);"
        " border-color: palette(highlight); }"
        "QToolButton:focus { border-color: palette(highlight); }");
    for (int i = 0; i < labels.size(); ++i) {
        auto* b = new QToolButton(parent);
        b->setText(labels[i]);
        b->setObjectName(names[i]);
        b->setCheckable(true);
        b->setStyleSheet(style);
        b->setToolTip(tips[i]);
        b->setFocusPolicy(Qt::StrongFocus);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        group->addButton(b, i);
        row->addWidget(b);
    }
    return group;
}

} // namespace

namespace {
constexpr double kNoCap = std::numeric_limits<double>::infinity(); ///< the knob's own maximum
} // namespace

ControlsPanel::ControlsPanel(QWidget* parent)
    : QWidget(parent)
{
    build();
    setScenario(defaultScenario());
    setAttribute(Qt::WA_StaticContents);
}

SliderSpin* ControlsPanel::addKnobSlider(const char* objectName, const QString& name, double uiMax, const QString& tip)
{
    // The range is the knob's (core's table, knobs.h), capped where a slider stops being useful (N GPUs at 16,384).
    const Knob* k = nullptr;
    for (const Knob& x : knobs())
        if (x.control && qstrcmp(x.control, objectName) == 0)
            k = &x;
    Q_ASSERT(k);
    return addSlider(objectName, name, k ? k->min : 1, k ? std::min(k->max, uiMax) : uiMax, tip);
}

SliderSpin* ControlsPanel::addSlider(const char* objectName, const QString& name, double min, double max,
                                     const QString& tip)
{
    auto* s = new SliderSpin(name, min, max, this);
    s->setObjectName(QLatin1String(objectName));
    s->setToolTips(tip);
    m_sliders << s;
    connect(s, &SliderSpin::entryRefused, this, &ControlsPanel::showRefusal);
    connect(s, &SliderSpin::entryAccepted, this, &ControlsPanel::clearRefusal);
    return s;
}

void ControlsPanel::build()
{
    auto* top = new QVBoxLayout(this);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("inputMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("QLabel { color: #ffffff; background: #b2182b; padding: 4px; border-radius: 3px; }"));
    m_message->hide();
    top->addWidget(m_message);
    m_generalError = new QLabel(this);
    m_generalError->setObjectName(QStringLiteral("scenarioError"));
    m_generalError->setWordWrap(true);
    m_generalError->hide();
    top->addWidget(m_generalError);

    auto group = [&](const QString& title) {
        auto* box = new QGroupBox(title, this);
        auto* form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        // A row wider than the dock puts its field under its label (issue 26: the Russian checkpointing row, label and
        // four buttons on one line, made the Scenario dock 591 px of a 1366 px screen and the window 1418 px wide).
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
        top->addWidget(box);
        return form;
    };

    // --- Model
    QFormLayout* model = group(tr("Model"));
    m_preset = new QComboBox(this);
    m_preset->setObjectName(QStringLiteral("modelPreset"));
    m_preset->setToolTip(tr("A published architecture, or a bare parameter count given the GPT shape."));
    for (const ModelPreset& p : modelPresets())
        m_preset->addItem(q(p.arch.name), QString(QStringLiteral("preset:") + q(p.arch.id)));
    m_preset->addItem(tr("Custom size (GPT shape)"), QStringLiteral("custom"));
    auto* importButton = new QPushButton(tr("Import\u2026"), this);
    importButton->setObjectName(QStringLiteral("importHfConfig"));
    importButton->setToolTip(tr("Read the architecture from a Hugging Face config.json."));
    auto* presetRow = new QHBoxLayout;
    presetRow->addWidget(m_preset, 1);
    presetRow->addWidget(importButton);
    model->addRow(tr("Architecture"), presetRow);
    m_size = addSlider("modelSize", tr("Model size"), 1e8, 2e12,
                       tr("Total parameters; moving it gives a bare count the GPT-3 aspect ratio."));
    m_size->setScale(SliderSpin::Scale::Log, 1000);
    m_size->setDisplay(1e-9, 2, QStringLiteral(" B"));
    model->addRow(tr("Parameters"), m_size);
    addErrorRow(model, {QStringLiteral("params"), QStringLiteral("model"), QStringLiteral("heads"),
                        QStringLiteral("kv-heads"), QStringLiteral("head-dim"), QStringLiteral("experts"),
                        QStringLiteral("top-k"), QStringLiteral("max-positions"), QStringLiteral("norms-per-layer")});
    connect(m_preset, &QComboBox::activated, this, &ControlsPanel::presetChosen);
    connect(importButton, &QPushButton::clicked, this, &ControlsPanel::importHfConfig);
    connect(m_size, &SliderSpin::valueChanged, this, [this](double v) {
        setBareParams(m_scenario, std::llround(v));
        const QSignalBlocker b(m_preset);
        m_preset->setCurrentIndex(m_preset->findData(QStringLiteral("custom")));
        changed();
    });

    // --- Cluster
    QFormLayout* cluster = group(tr("Cluster"));
    m_gpus = addKnobSlider("gpus", tr("N GPUs"), 16384,
                       tr("Total GPUs N = data parallel x tensor parallel x pipeline parallel."));
    m_gpus->setSnapValues(gpuSnapValues());
    m_gpus->setStepsFollowSnap(true);
    cluster->addRow(tr("N GPUs"), m_gpus);
    addErrorRow(cluster, {QStringLiteral("gpus")});
    m_gpusPerNode = addKnobSlider("gpusPerNode", tr("GPUs per node"), kNoCap,
                              tr("GPUs in one server; host RAM and NVMe are shared among them."));
    m_gpusPerNode->setSnapValues({1, 2, 4, 8, 16});
    cluster->addRow(tr("GPUs per node"), m_gpusPerNode);
    addErrorRow(cluster, {QStringLiteral("gpus-per-node")});
    m_gpuType = new QComboBox(this);
    m_gpuType->setObjectName(QStringLiteral("gpuType"));
    m_gpuType->setToolTip(tr("The GPU model; its memory is the capacity line in the charts."));
    for (const GpuPreset& g : gpuPresets())
        m_gpuType->addItem(gpuWords(g.name, double(g.capacityBytes)), q(g.id));
    cluster->addRow(tr("GPU type"), m_gpuType);
    addErrorRow(cluster, {QStringLiteral("gpu"), QStringLiteral("capacity-gb")});
    connect(m_gpus, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.gpus = std::llround(v);
        changed();
    });
    connect(m_gpusPerNode, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.gpusPerNode = std::llround(v);
        changed();
    });
    connect(m_gpuType, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.gpu = m_gpuType->itemData(i).toString().toStdString();
        changed();
    });

    // --- Parallelism
    QFormLayout* par = group(tr("Parallelism"));
    auto* stageRow = new QHBoxLayout;
    m_stage = segmented(this, stageRow, {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")},
                        {QStringLiteral("zeroStage0"), QStringLiteral("zeroStage1"), QStringLiteral("zeroStage2"),
                         QStringLiteral("zeroStage3")},
                        {tr("ZeRO-0 (DDP): every GPU holds all params, grads and optimizer states."),
                         tr("ZeRO-1: optimizer states (and fp32 master) are sharded over data parallel."),
                         tr("ZeRO-2: gradients are sharded too."),
                         tr("ZeRO-3 (FSDP full shard): parameters are sharded too, gathered per layer.")});
    par->addRow(tr("ZeRO stage"), stageRow);
    addErrorRow(par, {QStringLiteral("stage")});
    connect(m_stage, &QButtonGroup::idClicked, this, [this](int id) {
        m_scenario.zeroStage = id;
        changed();
    });
    m_tp = addKnobSlider("tp", tr("TP"), 1024,
                     tr("Tensor parallel: each layer's weights split across this many GPUs (must divide the heads)."));
    m_tp->setSnapValues(powersOfTwo(1, 8));
    m_tp->setStepsFollowSnap(true);
    par->addRow(tr("Tensor parallel"), m_tp);
    addErrorRow(par, {QStringLiteral("tp")});
    m_pp = addKnobSlider("pp", tr("PP"), 1024,
                     tr("Pipeline parallel: the layers split into this many consecutive stages."));
    m_pp->setScale(SliderSpin::Scale::Linear, 0);
    m_pp->setSnapValues([] {
        std::vector<double> v;
        for (int i = 1; i <= 64; ++i)
            v.push_back(i);
        return v;
    }());
    par->addRow(tr("Pipeline parallel"), m_pp);
    addErrorRow(par, {QStringLiteral("pp")});
    m_schedule = new QComboBox(this);
    m_schedule->setObjectName(QStringLiteral("schedule"));
    m_schedule->setToolTip(tr("Pipeline schedule: 1F1B keeps at most PP micro-batches in flight, GPipe all of them."));
    m_schedule->addItem(QStringLiteral("1F1B"), QStringLiteral("1f1b"));
    m_schedule->addItem(QStringLiteral("GPipe"), QStringLiteral("gpipe"));
    m_schedule->addItem(tr("Interleaved 1F1B"), QStringLiteral("interleaved"));
    par->addRow(tr("Schedule"), m_schedule);
    addErrorRow(par, {QStringLiteral("schedule")});
    // Interleaved 1F1B (Narayanan et al. 2021): each GPU holds `vpp` model chunks of layers / (PP x vpp) layers.
    m_vpp = addKnobSlider("vpp", tr("Virtual stages"), 64,
                      tr("Interleaved schedule: model chunks per GPU; the bubble shrinks by this factor, "
                         "PP x chunks must divide the layers."));
    m_vpp->setScale(SliderSpin::Scale::Linear, 0);
    m_vpp->setSnapValues([] {
        std::vector<double> v;
        for (int i = 1; i <= 16; ++i)
            v.push_back(i);
        return v;
    }());
    par->addRow(tr("Chunks per GPU"), m_vpp);
    addErrorRow(par, {QStringLiteral("vpp")});
    connect(m_schedule, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.schedule = *scheduleFromKey(m_schedule->itemData(i).toString().toStdString());
        if (m_scenario.schedule == PipelineSchedule::Interleaved && m_scenario.vpp == 1 && m_scenario.pp > 1) {
            // One chunk per GPU is plain 1F1B: start from the fewest chunks (>= 2) that split the layers evenly.
            for (std::int64_t v = 2; v * m_scenario.pp <= m_scenario.arch.layers; ++v)
                if (m_scenario.arch.layers % (v * m_scenario.pp) == 0) {
                    m_scenario.vpp = v;
                    m_vpp->setValue(double(v));
                    break;
                }
        }
        updateVppEnabled();
        changed();
    });
    connect(m_vpp, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.vpp = std::llround(v);
        changed();
    });
    m_sp = new QCheckBox(tr("Sequence parallel"), this);
    m_sp->setObjectName(QStringLiteral("sequenceParallel"));
    m_sp->setToolTip(tr("Megatron sequence parallelism: splits the activations TP would replicate."));
    par->addRow(QString(), m_sp);
    connect(m_sp, &QCheckBox::toggled, this, [this](bool on) {
        m_scenario.sequenceParallel = on;
        changed();
    });
    // A new TP or PP that N is no longer a multiple of moves N to the nearest valid count at or above it (one
    // change, one Undo), so the controls never make N = 6 with TP 8 x PP 4.
    auto keepGpusValid = [this] {
        if (m_scenario.gpuStep() < 1 || m_scenario.gpus % m_scenario.gpuStep() == 0)
            return;
        for (std::int64_t n : validGpuCounts(m_scenario, 1048576))
            if (n >= m_scenario.gpus) {
                m_scenario.gpus = n;
                m_gpus->setValue(double(n));
                return;
            }
    };
    connect(m_tp, &SliderSpin::valueChanged, this, [this, keepGpusValid](double v) {
        m_scenario.tp = std::llround(v);
        keepGpusValid();
        changed();
    });
    connect(m_pp, &SliderSpin::valueChanged, this, [this, keepGpusValid](double v) {
        m_scenario.pp = std::llround(v);
        keepGpusValid();
        changed();
    });

    buildExperts(top); // MoE only (controlspanel_moe.cpp)

    // --- Precision & optimizer
    QFormLayout* prec = group(tr("Precision && optimizer"));
    m_recipe = new QComboBox(this);
    m_recipe->setObjectName(QStringLiteral("recipe"));
    m_recipe->setToolTip(tr("Bytes per parameter for weights, gradients, fp32 master and optimizer states."));
    for (const Recipe& r : recipes()) {
        m_recipe->addItem(recipeWords(r), q(r.id)); // the Compare summary's words too (explorer.cpp)
        m_recipe->setItemData(m_recipe->count() - 1, recipeDescriptionText(r.description), Qt::ToolTipRole);
    }
    prec->addRow(tr("Recipe"), m_recipe);
    addErrorRow(prec, {QStringLiteral("recipe")});
    m_optimizer = new QComboBox(this);
    m_optimizer->setObjectName(QStringLiteral("optimizer"));
    m_optimizer->setToolTip(tr("Replaces only the optimizer states of the recipe."));
    for (const std::string& k : optimizerKeys())
        m_optimizer->addItem(optimizerWords(*optimizerFromKey(k)), q(k));
    prec->addRow(tr("Optimizer"), m_optimizer);
    addErrorRow(prec, {QStringLiteral("optimizer")});
    m_bytesPerParam = new QLabel(this);
    m_bytesPerParam->setObjectName(QStringLiteral("bytesPerParam"));
    m_bytesPerParam->setWordWrap(true);
    prec->addRow(QString(), m_bytesPerParam);
    connect(m_recipe, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.recipe = resolveRecipe(m_recipe->itemData(i).toString().toStdString());
        changed();
    });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.optimizer = *optimizerFromKey(m_optimizer->itemData(i).toString().toStdString());
        changed();
    });

    // --- Memory savers
    QFormLayout* savers = group(tr("Memory savers"));
    auto* ckptRow = new QHBoxLayout;
    // From the most kept to the least: none, Megatron's selective, torchtitan's per-op SAC, full.
    m_ckpt = segmented(this, ckptRow, {checkpointingWords(Checkpointing::None), checkpointingWords(Checkpointing::Selective),
                        checkpointingWords(Checkpointing::PerOp), checkpointingWords(Checkpointing::Full)},
                       {QStringLiteral("checkpointingNone"), QStringLiteral("checkpointingSelective"),
                        QStringLiteral("checkpointingPerOp"), QStringLiteral("checkpointingFull")},
                       {tr("Keep every activation for the backward pass."),
                        tr("Megatron's selective recomputation: only the attention core is recomputed in backward, "
                           "with FlashAttention nearly everything is kept (Korthikanti et al. 2022; docs/model.md "
                           "section 10)."),
                        tr("torchtitan's per-op selective activation checkpointing (SAC): the layer input, the attention "
                           "output and every other matmul's output are saved, the rest recomputed (docs/model.md "
                           "section 10)."),
                        tr("Keep only each layer's input and recompute the layer in backward.")});
    const std::pair<int, Checkpointing> ckptIds[] = {{0, Checkpointing::None}, {1, Checkpointing::Selective},
                                                     {2, Checkpointing::PerOp}, {3, Checkpointing::Full}};
    for (const auto& [index, mode] : ckptIds)
        m_ckpt->setId(m_ckpt->buttons().at(index), static_cast<int>(mode));
    savers->addRow(tr("Checkpointing"), ckptRow);
    connect(m_ckpt, &QButtonGroup::idClicked, this, [this](int id) {
        m_scenario.checkpointing = static_cast<Checkpointing>(id);
        changed();
    });
    m_flash = new QCheckBox(tr("FlashAttention"), this);
    m_flash->setObjectName(QStringLiteral("flashAttention"));
    m_flash->setToolTip(tr("Fused attention kernels that never store the s x s attention scores."));
    savers->addRow(QString(), m_flash);
    connect(m_flash, &QCheckBox::toggled, this, [this](bool on) {
        m_scenario.flashAttention = on;
        changed();
    });
    auto offloadCombo = [&](const char* name, const QString& tip) {
        auto* c = new QComboBox(this);
        c->setObjectName(QLatin1String(name));
        c->setToolTip(tip);
        // the data is core's key, in every language; the text the Compare summary's words too (explorer.cpp)
        for (OffloadDevice d : {OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme})
            c->addItem(offloadWords(d), QString::fromLatin1(offloadKey(d)));
        return c;
    };
    m_offOpt = offloadCombo("offloadOptimizer",
                            tr("ZeRO-Offload: fp32 master and optimizer states live in host RAM or NVMe (stages 1-3)."));
    m_offPar = offloadCombo("offloadParams", tr("ZeRO-Infinity: parameters live off the GPU (ZeRO-3 only)."));
    savers->addRow(tr("Optimizer offload"), m_offOpt);
    addErrorRow(savers, {QStringLiteral("offload-optimizer")});
    savers->addRow(tr("Param offload"), m_offPar);
    addErrorRow(savers, {QStringLiteral("offload-params")});
    connect(m_offOpt, &QComboBox::currentIndexChanged, this, [this](int i) {
        const auto d = offloadFromKey(m_offOpt->itemData(i).toString().toStdString());
        if (!d)
            return; // no item (index -1 while the combo is refilled)
        m_scenario.offloadOptimizer = *d;
        changed();
    });
    connect(m_offPar, &QComboBox::currentIndexChanged, this, [this](int i) {
        const auto d = offloadFromKey(m_offPar->itemData(i).toString().toStdString());
        if (!d)
            return;
        m_scenario.offloadParams = *d;
        changed();
    });

    // --- Framework conventions, the measure that meets the capacity line, and (folded) the savers users
    // toggle (issue 8; docs/model.md section 10 names the source of each).
    QFormLayout* fw = group(tr("Framework"));
    m_frameworkForm = fw;
    m_framework = new QComboBox(this);
    m_framework->setObjectName(QStringLiteral("framework"));
    m_framework->setToolTip(tr("Whose buffers and layouts are in force; the ZeRO stage keeps its meaning and the "
                               "recipe its bytes per parameter (docs/model.md section 10)."));
    for (const char* k : {"deepspeed", "fsdp2", "megatron", "ddp", "single"})
        m_framework->addItem(QString::fromLatin1(k), QString::fromLatin1(k));
    fw->addRow(tr("Convention"), m_framework);
    addErrorRow(fw, {QStringLiteral("framework")});
    connect(m_framework, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.framework = *frameworkFromKey(m_framework->itemData(i).toString().toStdString());
        changed();
    });
    // The training stack beside the framework (issue 24): the items are the "stack" knob's choices (core's table);
    // choosing one applies that stack's documented defaults as `--stack` does (applyStack(): one core call, no model
    // run of its own), and the label under it lists what the stack assumed and what the user has since replaced.
    const Knob& stackKnob = *findKnobByField("stack");
    m_stack = new QComboBox(this);
    m_stack->setObjectName(QLatin1String(stackKnob.control));
    m_stack->setToolTip(tr("The training stack whose documented defaults to apply (framework, recipe, kernels, overlap, "
                           "checkpointing) and whose MFU / TFLOP/s convention to report; `--stack` on the command "
                           "line (docs/model.md, \"Training stacks\")."));
    {
        QString keys = QString::fromLatin1(stackKnob.choices);
        keys.replace(QLatin1String(" or "), QLatin1String(", "));
        for (const QString& key : keys.split(QLatin1String(", ")))
            m_stack->addItem(key == QLatin1String("none") ? tr("none") : key, key); // the data is core's key
    }
    fw->addRow(tr("Stack"), m_stack);
    m_stackAssumed = new QLabel(this);
    m_stackAssumed->setObjectName(QStringLiteral("stackAssumptions"));
    m_stackAssumed->setWordWrap(true);
    m_stackAssumed->setTextFormat(Qt::PlainText);
    m_stackAssumed->hide();
    fw->addRow(QString(), m_stackAssumed);
    addErrorRow(fw, {QStringLiteral("stack")});
    connect(m_stack, &QComboBox::currentIndexChanged, this, [this](int i) {
        const std::string key = m_stack->itemData(i).toString().toStdString();
        if (key.empty())
            return; // no item (index -1 while the combo is refilled)
        if (key == "none") {
            m_scenario.stack.clear(); // the knobs keep their values: Undo restores the ones before the stack
        } else if (const auto profile = stackProfile(key)) {
            applyStack(*profile, m_scenario);
            m_scenario.stack = stackLabel(*profile);
        }
        setScenario(m_scenario); // the controls show what the stack set (without emitting)
        changed();
    });
    auto checkBox = [this](const char* name, const QString& label, const QString& tip, bool Scenario::*field) {
        auto* c = new QCheckBox(label, this);
        c->setObjectName(QLatin1String(name));
        c->setToolTip(tip);
        connect(c, &QCheckBox::toggled, this, [this, field](bool on) {
            m_scenario.*field = on;
            changed();
        });
        return c;
    };
    m_reshardTip = tr("FSDP2 reshard_after_forward: each block's gathered parameters are freed after its forward "
                            "and gathered again for backward; off (torchtitan under PP) the stage's parameters stay "
                            "gathered from forward to backward (torch.distributed.fsdp.fully_shard; docs/model.md "
                            "section 10).");
    m_reshard = checkBox("fsdpReshardAfterForward", tr("Reshard after forward"), m_reshardTip,
                         &Scenario::fsdpReshardAfterForward);
    fw->addRow(QString(), m_reshard);
    m_measure = new QComboBox(this);
    m_measure->setObjectName(QStringLiteral("capacityMeasure"));
    m_measure->setToolTip(tr("Which figure meets the capacity line and decides \"fits\": torch.cuda.max_memory_allocated, "
                             "max_memory_reserved (+ the allocator's fragmentation), or the device's used memory as "
                             "nvidia-smi shows it (+ the CUDA context and paged optimizer states) (docs/model.md "
                             "section 10)."));
    m_measure->addItem(tr("allocated (PyTorch)"), QStringLiteral("allocated"));
    m_measure->addItem(tr("reserved (PyTorch)"), QStringLiteral("reserved"));
    m_measure->addItem(tr("device used (nvidia-smi)"), QStringLiteral("device-used"));
    fw->addRow(tr("Capacity measure"), m_measure);
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.capacityMeasure = *capacityMeasureFromKey(m_measure->itemData(i).toString().toStdString());
        changed();
    });

    // The advanced knobs fold away so the panel stays narrow and short; the toggle says how many differ from the
    // defaults, so a loaded scenario's choices are never hidden without a sign.
    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setObjectName(QStringLiteral("advancedToggle"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setToolTip(tr("Savers, precision and compilation switches of the training stack."));
    fw->addRow(m_advancedToggle);
    m_advanced = new QWidget(this);
    m_advanced->setObjectName(QStringLiteral("advancedKnobs"));
    auto* adv = new QFormLayout(m_advanced);
    adv->setRowWrapPolicy(QFormLayout::WrapLongRows);
    adv->setContentsMargins(0, 0, 0, 0);
    adv->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    fw->addRow(m_advanced);
    m_advanced->hide();
    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_advanced->setVisible(open);
        m_advancedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });

    m_actPrecision = new QComboBox(this);
    m_actPrecision->setObjectName(QStringLiteral("activationPrecision"));
    m_actPrecision->setToolTip(tr("Precision of the saved activations: as the recipe (4-byte weights: fp32, else 16-bit), "
                                  "16-bit, fp32 (every saved tensor doubled but the dropout masks), or torch.autocast "
                                  "(fp32 residual stream and attention probabilities, and a 16-bit cache of every "
                                  "weight) (docs/model.md section 10)."));
    m_actPrecision->addItem(tr("as the recipe"), QStringLiteral("auto"));
    m_actPrecision->addItem(tr("16-bit"), QStringLiteral("16bit"));
    m_actPrecision->addItem(tr("fp32"), QStringLiteral("fp32"));
    m_actPrecision->addItem(tr("autocast"), QStringLiteral("autocast"));
    adv->addRow(tr("Activations"), m_actPrecision);
    connect(m_actPrecision, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_scenario.activationPrecision = *activationPrecisionFromKey(m_actPrecision->itemData(i).toString().toStdString());
        changed();
    });
    m_compiled = checkBox("compiled", tr("Compiled (torch.compile / fused kernels)"),
                          tr("torch.compile, Transformer Engine or Megatron's fused kernels; off: eager PyTorch's SwiGLU "
                             "keeps gate, up, silu(gate) and their product (8f B per token instead of 6f) and runs every "
                             "element-wise op as its own pass (docs/model.md section 10)."),
                          &Scenario::compiled);
    adv->addRow(m_compiled);
    m_dropout = new QCheckBox(tr("Dropout"), this);
    m_dropout->setObjectName(QStringLiteral("dropout"));
    m_dropout->setToolTip(tr("Dropout masks stored for backward (1 B per element: GPT-2/BERT style); Llama-style models "
                             "train without (docs/model.md section 5)."));
    adv->addRow(m_dropout);
    connect(m_dropout, &QCheckBox::toggled, this, [this](bool on) {
        m_scenario.arch.dropout = on;
        changed();
    });
    m_optInBackward = checkBox("optimizerInBackward", tr("Optimizer step in backward"),
                               tr("Each parameter is stepped and its gradient freed as it arrives: one tensor's "
                                  "gradient alive, no step with all of them (torchtune optimizer_in_bwd; needs "
                                  "gradient accumulation 1; docs/model.md section 10)."),
                               &Scenario::optimizerInBackward);
    adv->addRow(m_optInBackward);
    m_actOffload = checkBox("activationOffload", tr("Offload activations"),
                            tr("Saved activations move to host memory; one layer's working set stays (torchtune, "
                               "torchao; docs/model.md section 10)."),
                            &Scenario::activationOffload);
    adv->addRow(m_actOffload);
    m_paged = checkBox("pagedOptimizer", tr("Paged optimizer"),
                       tr("bitsandbytes paged optimizer states in CUDA managed memory, outside the caching allocator: "
                          "not in allocated or reserved, in device used (docs/model.md section 10)."),
                       &Scenario::pagedOptimizer);
    adv->addRow(m_paged);
    m_lossFp32 = checkBox("lossFp32", tr("Loss on fp32 logits"),
                          tr("Cross-entropy on logits upcast to fp32: 14 B per logit instead of 8 (PyTorch "
                             "cross_entropy(logits.float()); docs/model.md section 10)."),
                          &Scenario::lossFp32);
    adv->addRow(m_lossFp32);
    m_lossCompiled = checkBox("lossCompiled", tr("Compiled loss"),
                              tr("torch.compile fuses the upcast, log-softmax and their backward: only the 16-bit "
                                 "gradient of the logits, no fp32 buffers (torchtitan components/loss.py; docs/model.md "
                                 "section 10)."),
                              &Scenario::lossCompiled);
    adv->addRow(m_lossCompiled);
    m_lossChunks = addKnobSlider("lossChunks", tr("Loss chunks"), kNoCap,
                             tr("Chunked cross-entropy: the loss's working set divided over N chunks, the logits stay "
                                "(torchtune CEWithChunkedOutputLoss uses 8; docs/model.md section 10)."));
    m_lossChunks->setSnapValues(powersOfTwo(1, 64));
    adv->addRow(tr("Loss chunks"), m_lossChunks);
    m_advancedForm = adv;
    addErrorRow(adv, {QStringLiteral("optimizer-in-backward"), QStringLiteral("loss-chunks")});
    connect(m_lossChunks, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.lossChunks = std::llround(v);
        changed();
    });

    // --- Fine-tuning (issue 28): its own group (finetunegroup.cpp); the panel adds the error row and passes edits on.
    m_finetune = new FinetuneGroup(this);
    top->addWidget(m_finetune);
    addErrorRow(m_finetune->form(), FinetuneGroup::fields());
    m_sliders << m_finetune->sliders();
    connect(m_finetune, &FinetuneGroup::entryRefused, this, &ControlsPanel::showRefusal);
    connect(m_finetune, &FinetuneGroup::entryAccepted, this, &ControlsPanel::clearRefusal);
    connect(m_finetune, &FinetuneGroup::edited, this, [this] {
        m_finetune->apply(m_scenario);
        changed();
    });

    // --- Batch
    QFormLayout* batch = group(tr("Batch"));
    m_microBatch = addKnobSlider("microBatch", tr("Micro-batch"), kNoCap,
                             tr("Sequences each GPU processes in one forward/backward pass."));
    m_microBatch->setSnapValues(powersOfTwo(1, 256));
    batch->addRow(tr("Micro-batch"), m_microBatch);
    addErrorRow(batch, {QStringLiteral("micro-batch")});
    m_seq = addKnobSlider("seq", tr("Sequence length"), kNoCap,
                      tr("Tokens per sequence; activations grow with it (attention scores with its square)."));
    m_seq->setSnapValues(powersOfTwo(128, 131072));
    batch->addRow(tr("Sequence length"), m_seq);
    addErrorRow(batch, {QStringLiteral("seq")});
    m_gradAccum = addKnobSlider("gradAccum", tr("Gradient accumulation"), kNoCap,
                            tr("Micro-batches per optimizer step (the pipeline's micro-batches)."));
    m_gradAccum->setSnapValues(powersOfTwo(1, 1024));
    batch->addRow(tr("Grad. accumulation"), m_gradAccum);
    addErrorRow(batch, {QStringLiteral("grad-accum")});
    connect(m_microBatch, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.microBatch = std::llround(v);
        changed();
    });
    connect(m_seq, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.seq = std::llround(v);
        changed();
    });
    connect(m_gradAccum, &SliderSpin::valueChanged, this, [this](double v) {
        m_scenario.gradAccum = std::llround(v);
        changed();
    });

    m_reset = new QPushButton(tr("Reset to default"), this);
    m_reset->setObjectName(QStringLiteral("resetScenario"));
    m_reset->setToolTip(tr("Llama-2-70B on 32 x A100 80GB, ZeRO-3, mixed precision, full checkpointing."));
    connect(m_reset, &QPushButton::clicked, this, &ControlsPanel::resetRequested);
    top->addWidget(m_reset);
    top->addStretch(1);
}

QList<SliderSpin*> ControlsPanel::sliders() const { return m_sliders; }

QString ControlsPanel::inputMessage() const { return m_message->isHidden() ? QString() : m_message->text(); }

void ControlsPanel::showRefusal(const QString& message)
{
    m_message->setText(message);
    m_message->show();
}

void ControlsPanel::clearRefusal()
{
    m_message->clear();
    m_message->hide();
}

QLabel* ControlsPanel::addErrorRow(QFormLayout* form, const QStringList& fields)
{
    auto* label = new QLabel(this);
    label->setObjectName(QStringLiteral("error_") + fields.front());
    label->setWordWrap(true);
    label->hide();
    form->addRow(QString(), label);
    for (const QString& f : fields)
        m_errorLabels.insert(f, label);
    return label;
}

void ControlsPanel::showScenarioError()
{
    // core says which field has no answer (InvalidInput::field()); the words go under that control.
    QString field, text;
    try {
        validateScenario(m_scenario);
    } catch (const InvalidInput& e) {
        field = QString::fromStdString(e.field());
        text = validationText(e);
    }
    if (field == m_errorField && text == m_errorText)
        return;
    if (QLabel* old = m_errorLabels.value(m_errorField, m_generalError))
        old->hide();
    m_errorField = field;
    m_errorText = text;
    if (text.isEmpty())
        return;
    QLabel* label = m_errorLabels.value(field, m_generalError);
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    label->setStyleSheet(dark ? QStringLiteral("QLabel { color: #ff8a80; }") : QStringLiteral("QLabel { color: #b2182b; }"));
    label->setText(QStringLiteral("\u26a0 ") + (label == m_generalError ? fieldWords(field) + QStringLiteral(": ") : QString())
                   + text);
    label->show();
}

void ControlsPanel::updateValidSteps()
{
    // N in whole nodes and multiples of TP x PP x CP; TP among the divisors of the heads within a node. Each list
    // is rebuilt only when what it depends on changed (never the list of the slider being dragged).
    if (m_stepsKey[0] != m_scenario.gpuStep() || m_stepsKey[1] != m_scenario.gpusPerNode) {
        m_stepsKey[0] = m_scenario.gpuStep();
        m_stepsKey[1] = m_scenario.gpusPerNode;
        std::vector<double> n;
        for (std::int64_t g : validGpuCounts(m_scenario, 16384))
            n.push_back(double(g));
        m_gpus->setSnapValues(n);
    }
    const std::int64_t tpKey = m_scenario.gpusPerNode * 1000003 + m_scenario.arch.heads * 1009 + m_scenario.arch.kvHeads;
    if (m_stepsKey[2] != tpKey) {
        m_stepsKey[2] = tpKey;
        std::vector<double> tp;
        for (std::int64_t t : validTpValues(m_scenario))
            tp.push_back(double(t));
        if (tp.empty())
            tp.push_back(1);
        m_tp->setSnapValues(tp);
    }
}

void ControlsPanel::updateStackText()
{
    const Scenario& s = m_scenario;
    const auto profile = s.stack.empty() ? std::nullopt : stackProfile(s.stack);
    if (!profile) {
        m_stackAssumed->hide();
        return;
    }
    QStringList lines {tr("Assumed by %1:").arg(q(stackLabel(*profile)))};
    QStringList tips;
    for (const StackDefault& d : profile->defaults) {
        if (stackDefaultHolds(d, s))
            lines << QStringLiteral("  %1 = %2").arg(q(d.knob), q(d.value));
        else
            lines << tr("  %1: yours, not the stack's %2").arg(q(d.knob), q(d.value));
        tips << QStringLiteral("%1 = %2: %3").arg(q(d.knob), q(d.value), q(d.why));
    }
    lines << (profile->flops == FlopCount::CausalHalf ? tr("  MFU, TFLOP/s: causal attention at half the score matrix")
                                                       : tr("  MFU, TFLOP/s: attention over the whole score matrix"));
    tips << q(profile->source);
    m_stackAssumed->setText(lines.join(QLatin1Char('\n')));
    m_stackAssumed->setToolTip(tips.join(QLatin1Char('\n')));
    m_stackAssumed->show();
}

void ControlsPanel::changed()
{
    updatePrecisionText();
    updateStackText();
    updateValidSteps();
    updateApplicability();
    updateExperts();
    showScenarioError();
    emit scenarioChanged(m_scenario);
}

void ControlsPanel::updatePrecisionText()
{
    const BytesPerParam b = effectiveBytesPerParam(m_scenario);
    m_bytesPerParam->setText(tr("In force: weights %1 + grads %2 + master %3 + optimizer %4 = %5 B/param")
                                 .arg(bytesText(b.weights), bytesText(b.grads), bytesText(b.master),
                                      bytesText(b.optimizer), bytesText(b.total())));
}

void ControlsPanel::updateApplicability()
{
    // A knob is shown where it changes the answer (or where it is on, so it can be turned off): reshard for FSDP2
    // (and enabled at stage 3: stage 2 is SHARD_GRAD_OP, which never reshards), the loss's knobs with vocabulary
    // logits, the optimizer in backward without accumulation, paged states while the optimizer is on the GPU.
    const Scenario& s = m_scenario;
    auto show = [](QFormLayout* form, QWidget* w, bool on) { form->setRowVisible(w, on); };
    show(m_frameworkForm, m_reshard, s.framework == Framework::Fsdp2);
    m_reshard->setEnabled(s.zeroStage == 3);
    m_reshard->setToolTip(s.zeroStage == 3 ? m_reshardTip
                                           : tr("Only ZeRO stage 3 (FULL_SHARD) reshards: stage 2 (SHARD_GRAD_OP) keeps the "
                                                "gathered parameters from forward to backward."));
    show(m_advancedForm, m_lossFp32, s.logitsOverVocab);
    show(m_advancedForm, m_lossCompiled, s.logitsOverVocab);
    show(m_advancedForm, m_lossChunks, s.logitsOverVocab);
    m_lossFp32->setEnabled(!s.lossCompiled);
    show(m_advancedForm, m_optInBackward, s.gradAccum == 1 || s.optimizerInBackward);
    show(m_advancedForm, m_paged, s.offloadOptimizer == OffloadDevice::None || s.pagedOptimizer);
    m_finetune->updateApplicability(s);

    // How many advanced knobs differ from the defaults (dropout: from the architecture's own).
    const Scenario d = defaultScenario();
    bool dropoutDefault = s.arch.dropout;
    if (s.bareParams) {
        Scenario shape;
        setBareParams(shape, *s.bareParams);
        dropoutDefault = shape.arch.dropout;
    } else if (const auto preset = findModelPreset(s.arch.id)) {
        dropoutDefault = preset->dropout;
    }
    const int changedKnobs = int(s.activationPrecision != d.activationPrecision) + int(s.compiled != d.compiled)
        + int(s.arch.dropout != dropoutDefault) + int(s.optimizerInBackward != d.optimizerInBackward)
        + int(s.activationOffload != d.activationOffload) + int(s.pagedOptimizer != d.pagedOptimizer)
        + int(s.lossFp32 != d.lossFp32) + int(s.lossCompiled != d.lossCompiled) + int(s.lossChunks != d.lossChunks);
    m_changedKnobs = changedKnobs;
    m_advancedToggle->setText(changedKnobs == 0 ? tr("Savers, precision, compile")
                                                : tr("Savers, precision, compile (%1 changed)").arg(changedKnobs));
}

void ControlsPanel::updateVppEnabled()
{
    const bool interleaved = m_scenario.schedule == PipelineSchedule::Interleaved;
    m_vpp->setEnabled(interleaved);
    m_vpp->setToolTips(interleaved ? tr("Interleaved schedule: model chunks per GPU; the bubble shrinks by "
                                        "this factor, PP x chunks must divide the layers.")
                                   : tr("Model chunks per GPU: only the interleaved schedule uses them "
                                        "(choose Schedule = Interleaved 1F1B)."));
}

void ControlsPanel::presetChosen(int index)
{
    const QString data = m_preset->itemData(index).toString();
    if (data.startsWith(QLatin1String("preset:"))) {
        m_scenario.arch = *findModelPreset(data.mid(7).toStdString());
        m_scenario.bareParams.reset();
    } else if (data == QLatin1String("imported") && m_hasImported) {
        m_scenario.arch = m_imported;
        m_scenario.bareParams.reset();
    } else {
        setBareParams(m_scenario, std::llround(m_size->value()));
    }
    m_size->setValue(double(m_scenario.totalParams()));
    changed();
}

void ControlsPanel::importHfConfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a Hugging Face config.json"), QString(),
                                                      tr("config.json (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    try {
        m_imported = architectureFromHfConfigFile(path);
    } catch (const InvalidInput& e) {
        showRefusal(QString::fromUtf8(e.what()));
        return;
    }
    clearRefusal();
    m_hasImported = true;
    m_scenario.arch = m_imported;
    m_scenario.bareParams.reset();
    setScenario(m_scenario);
    changed();
}

void ControlsPanel::setScenario(const Scenario& s)
{
    m_scenario = s;
    const QSignalBlocker b1(m_preset), b2(m_gpuType), b3(m_schedule), b4(m_sp), b5(m_recipe), b6(m_optimizer),
        b7(m_flash), b8(m_offOpt), b9(m_offPar);

    // Model: a preset, a bare count, or an imported architecture.
    int presetIndex = -1;
    if (s.bareParams) {
        presetIndex = m_preset->findData(QStringLiteral("custom"));
    } else {
        presetIndex = m_preset->findData(QString(QStringLiteral("preset:") + q(s.arch.id)));
        if (presetIndex < 0) {
            m_imported = s.arch;
            m_hasImported = true;
            presetIndex = m_preset->findData(QStringLiteral("imported"));
            const QString label = tr("Imported: ") + q(s.arch.name);
            if (presetIndex < 0) {
                m_preset->addItem(label, QStringLiteral("imported"));
                presetIndex = m_preset->count() - 1;
            } else {
                m_preset->setItemText(presetIndex, label);
            }
        }
    }
    m_preset->setCurrentIndex(presetIndex);
    m_size->setValue(double(s.totalParams()));

    m_gpus->setValue(double(s.gpus));
    m_gpusPerNode->setValue(double(s.gpusPerNode));
    int gpu = m_gpuType->findData(q(s.gpu));
    if (gpu < 0) {
        m_gpuType->addItem(gpuWords(s), q(s.gpu));
        gpu = m_gpuType->count() - 1;
    }
    m_gpuType->setCurrentIndex(gpu);

    if (QAbstractButton* b = m_stage->button(s.zeroStage))
        b->setChecked(true);
    m_tp->setValue(double(s.tp));
    m_pp->setValue(double(s.pp));
    m_schedule->setCurrentIndex(m_schedule->findData(QString::fromLatin1(scheduleKey(s.schedule))));
    m_sp->setChecked(s.sequenceParallel);
    m_vpp->setValue(double(s.vpp));
    updateVppEnabled();

    int recipe = m_recipe->findData(q(s.recipe.id));
    if (recipe < 0) {
        m_recipe->addItem(q(s.recipe.id), q(s.recipe.id));
        recipe = m_recipe->count() - 1;
    }
    m_recipe->setCurrentIndex(recipe);
    m_optimizer->setCurrentIndex(m_optimizer->findData(QString::fromLatin1(optimizerKey(s.optimizer))));

    if (QAbstractButton* b = m_ckpt->button(static_cast<int>(s.checkpointing)))
        b->setChecked(true);
    m_flash->setChecked(s.flashAttention);
    m_offOpt->setCurrentIndex(m_offOpt->findData(QString::fromLatin1(offloadKey(s.offloadOptimizer))));
    m_offPar->setCurrentIndex(m_offPar->findData(QString::fromLatin1(offloadKey(s.offloadParams))));

    const QSignalBlocker bf(m_framework), bm(m_measure), ba(m_actPrecision), bd(m_dropout), bs(m_stack);
    m_framework->setCurrentIndex(m_framework->findData(QString::fromLatin1(frameworkKey(s.framework))));
    const QString stackKey = s.stack.empty() ? QStringLiteral("none") : q(s.stack);
    int stackIndex = m_stack->findData(stackKey);
    if (stackIndex < 0) { // a version the list does not offer ("nemo@24.07", from a file)
        m_stack->addItem(stackKey, stackKey);
        stackIndex = m_stack->count() - 1;
    }
    m_stack->setCurrentIndex(stackIndex);
    m_measure->setCurrentIndex(m_measure->findData(QString::fromLatin1(capacityMeasureKey(s.capacityMeasure))));
    m_actPrecision->setCurrentIndex(m_actPrecision->findData(QString::fromLatin1(activationPrecisionKey(s.activationPrecision))));
    m_dropout->setChecked(s.arch.dropout);
    const std::pair<QCheckBox*, bool> boxes[] = {{m_reshard, s.fsdpReshardAfterForward}, {m_compiled, s.compiled},
                                                 {m_optInBackward, s.optimizerInBackward},
                                                 {m_actOffload, s.activationOffload}, {m_paged, s.pagedOptimizer},
                                                 {m_lossFp32, s.lossFp32}, {m_lossCompiled, s.lossCompiled}};
    for (const auto& [box, on] : boxes) {
        const QSignalBlocker bc(box);
        box->setChecked(on);
    }
    m_lossChunks->setValue(double(s.lossChunks));

    m_microBatch->setValue(double(s.microBatch));
    m_seq->setValue(double(s.seq));
    m_gradAccum->setValue(double(s.gradAccum));
    setExpertsScenario(s);
    m_finetune->setScenario(s);
    updatePrecisionText();
    updateStackText();
    updateValidSteps();
    updateApplicability();
    updateExperts();
    // A scenario opened (a file, undo, a tour) with advanced knobs away from their defaults shows them.
    if (m_changedKnobs > 0 && !m_advancedToggle->isChecked())
        m_advancedToggle->setChecked(true);
    showScenarioError();
}

} // namespace shardscope
