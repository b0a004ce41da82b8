// SPDX-License-Identifier: MIT
#include "presenterbar.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace shardscope {

PresenterBar::PresenterBar(QWidget* parent)
    : QWidget(parent)
    , m_stage(new QButtonGroup(this))
    , m_gpus(new QSpinBox(this))
    , m_tp(new QSpinBox(this))
    , m_pp(new QSpinBox(this))
    , m_accum(new QSpinBox(this))
    , m_ckpt(new QComboBox(this))
    , m_offload(new QComboBox(this))
    , m_schedule(new QComboBox(this))
{
    setObjectName(QStringLiteral("presenterBar"));
    // Two lines: the controls fill the first and wrap to the second when the screen is too narrow for them all
    // (at 2x, with no tour choosing the few a step uses, eight controls need about 2,300 px of 1,920).
    auto* lines = new QVBoxLayout(this);
    lines->setContentsMargins(0, 0, 0, 0);
    lines->setSpacing(2);
    for (QHBoxLayout*& line : m_lines) {
        line = new QHBoxLayout;
        line->setContentsMargins(0, 0, 0, 0);
        lines->addLayout(line);
    }
    QHBoxLayout* layout = m_lines[0];
    const auto row = [&](const QString& name, QWidget* control) {
        auto* box = new QWidget(this);
        auto* l = new QHBoxLayout(box);
        l->setContentsMargins(0, 0, 12, 0);
        auto* label = new QLabel(box);
        m_labels.insert(name, label);
        l->addWidget(label);
        control->setParent(box);
        l->addWidget(control);
        box->setObjectName(QStringLiteral("presenter_") + name);
        m_rows.insert(name, box);
        m_order << box;
        m_lineOf << 0;
        layout->addWidget(box);
    };
    auto* stages = new QWidget(this);
    auto* sl = new QHBoxLayout(stages);
    sl->setContentsMargins(0, 0, 0, 0);
    sl->setSpacing(0);
    for (int k = 0; k <= 3; ++k) {
        auto* b = new QPushButton(QString::number(k), stages);
        b->setCheckable(true);
        b->setFocusPolicy(Qt::NoFocus);
        // The chosen stage in the highlight colour, readable from the back of a hall.
        b->setStyleSheet(QStringLiteral("QPushButton { padding: 2px 14px; border: 2px solid palette(mid); background: palette(button); }"
                                        "QPushButton:checked { background: palette(highlight); color: palette(highlighted-text);"
                                        " border-color: palette(highlight); font-weight: bold; }"));
        m_stage->addButton(b, k);
        sl->addWidget(b);
    }
    m_stage->setExclusive(true);
    row(QStringLiteral("stage"), stages);
    const auto spin = [](QSpinBox* s, int lo, int hi) {
        s->setRange(lo, hi);
        s->setFocusPolicy(Qt::ClickFocus);
    };
    spin(m_gpus, 1, 1048576);
    spin(m_tp, 1, 64);
    spin(m_pp, 1, 256);
    spin(m_accum, 1, 4096);
    row(QStringLiteral("gpus"), m_gpus);
    row(QStringLiteral("tp"), m_tp);
    row(QStringLiteral("pp"), m_pp);
    row(QStringLiteral("grad_accum"), m_accum);
    row(QStringLiteral("checkpointing"), m_ckpt);
    row(QStringLiteral("offload_optimizer"), m_offload);
    row(QStringLiteral("schedule"), m_schedule);
    for (QHBoxLayout* line : m_lines)
        line->addStretch(1);
    for (QComboBox* c : {m_ckpt, m_offload, m_schedule}) {
        c->setFocusPolicy(Qt::ClickFocus);
        for (int i = 0; i < 3; ++i)
            c->addItem(QString());
    }
    retranslate();

    connect(m_stage, &QButtonGroup::idClicked, this, [this] { emitEdited(); });
    for (QSpinBox* s : {m_gpus, m_tp, m_pp, m_accum})
        connect(s, &QSpinBox::valueChanged, this, [this] { emitEdited(); });
    for (QComboBox* c : {m_ckpt, m_offload, m_schedule})
        connect(c, &QComboBox::currentIndexChanged, this, [this] { emitEdited(); });
}

void PresenterBar::retranslate()
{
    m_labels[QStringLiteral("stage")]->setText(tr("ZeRO stage"));
    m_labels[QStringLiteral("gpus")]->setText(tr("GPUs (N)"));
    m_labels[QStringLiteral("tp")]->setText(tr("TP"));
    m_labels[QStringLiteral("pp")]->setText(tr("PP"));
    m_labels[QStringLiteral("grad_accum")]->setText(tr("Micro-batches (m)"));
    m_labels[QStringLiteral("checkpointing")]->setText(tr("Checkpointing"));
    m_labels[QStringLiteral("offload_optimizer")]->setText(tr("Optimizer offload"));
    m_labels[QStringLiteral("schedule")]->setText(tr("Schedule"));
    m_ckpt->setItemText(0, tr("none"));
    m_ckpt->setItemText(1, tr("selective"));
    m_ckpt->setItemText(2, tr("full"));
    m_offload->setItemText(0, tr("none"));
    m_offload->setItemText(1, tr("CPU"));
    m_offload->setItemText(2, tr("NVMe"));
    m_schedule->setItemText(0, tr("1F1B"));
    m_schedule->setItemText(1, tr("GPipe"));
    m_schedule->setItemText(2, tr("interleaved"));
}

void PresenterBar::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
    if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange)
        reflow(); // wider labels, or presentation mode's larger type
}

void PresenterBar::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    reflow();
}

void PresenterBar::setScenario(const Scenario& s)
{
    m_scenario = s;
    m_updating = true;
    if (QAbstractButton* b = m_stage->button(s.zeroStage))
        b->setChecked(true);
    m_gpus->setValue(int(s.gpus));
    m_tp->setValue(int(s.tp));
    m_pp->setValue(int(s.pp));
    m_accum->setValue(int(s.gradAccum));
    m_ckpt->setCurrentIndex(static_cast<int>(s.checkpointing));
    m_offload->setCurrentIndex(static_cast<int>(s.offloadOptimizer));
    m_schedule->setCurrentIndex(static_cast<int>(s.schedule));
    m_updating = false;
}

void PresenterBar::setVisibleControls(const QStringList& names)
{
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        it.value()->setVisible(names.isEmpty() || names.contains(it.key()));
    reflow();
}

int PresenterBar::lineOf(const QString& name) const
{
    const int i = int(m_order.indexOf(m_rows.value(name)));
    return i < 0 ? -1 : m_lineOf[i];
}

void PresenterBar::reflow()
{
    // The visible controls in order, on the first line while they fit in the bar's width, the rest on the second. The
    // width is at most what the window has right of the bar: a first line wider than the screen widened the bar (its
    // minimum), and with it the tour dock, past the window's edge, and the bar then never wrapped (issue 27: a step
    // showing eight controls cut the caption and the Next and End Tour buttons off a 1920 px screen).
    int width = contentsRect().width();
    if (QWidget* top = window(); top && top != this)
        width = std::min(width, top->width() - mapTo(top, QPoint(0, 0)).x() - 8);
    if (width <= 0)
        return;
    const int spacing = std::max(0, m_lines[0]->spacing());
    int used = 0;
    int line = 0;
    bool changed = false;
    for (int i = 0; i < m_order.size(); ++i) {
        QWidget* box = m_order[i];
        if (box->isHidden())
            continue;
        const int w = box->sizeHint().width();
        if (line == 0 && used > 0 && used + spacing + w > width)
            line = 1;
        used += (used > 0 ? spacing : 0) + w;
        if (m_lineOf[i] != line) {
            m_lineOf[i] = line;
            changed = true;
        }
    }
    if (!changed)
        return;
    for (QHBoxLayout* l : m_lines)
        while (QLayoutItem* item = l->takeAt(0))
            delete item; // the box's QWidgetItem or the trailing stretch; the box itself stays (addWidget again)
    for (int i = 0; i < m_order.size(); ++i)
        m_lines[m_lineOf[i]]->addWidget(m_order[i]);
    for (QHBoxLayout* l : m_lines)
        l->addStretch(1);
}

void PresenterBar::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    reflow();
}

QStringList PresenterBar::visibleControls() const
{
    QStringList names;
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        if (!it.value()->isHidden())
            names << it.key();
    return names;
}

void PresenterBar::emitEdited()
{
    if (m_updating)
        return;
    Scenario s = m_scenario;
    s.zeroStage = m_stage->checkedId() < 0 ? s.zeroStage : m_stage->checkedId();
    s.gpus = m_gpus->value();
    s.tp = m_tp->value();
    s.pp = m_pp->value();
    s.gradAccum = m_accum->value();
    s.checkpointing = static_cast<Checkpointing>(m_ckpt->currentIndex());
    s.offloadOptimizer = static_cast<OffloadDevice>(m_offload->currentIndex());
    s.schedule = static_cast<PipelineSchedule>(m_schedule->currentIndex());
    try {
        validateScenario(s);
    } catch (const std::exception&) {
        return; // the window keeps the last valid scenario; the bar shows what was typed
    }
    m_scenario = s;
    emit scenarioEdited(s);
}

} // namespace shardscope
