// SPDX-License-Identifier: MIT
#include "stepview.h"

#include "explorer.h"
#include "ringview.h"
#include "stepganttview.h"
#include "stepgpuview.h"
#include "stepmemoryview.h"
#include "steppipelineview.h"
#include "steptpview.h"

#include "shardscope/errors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QScopedValueRollback>
#include <QStyle>
#include <QTabBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <QFontMetricsF>
#include <QHash>

#include <algorithm>
#include <cmath>

namespace shardscope {

using namespace stepui;

namespace {
constexpr double kSpeeds[] = {0.25, 0.5, 1, 2, 4, 8};
}

StepView::StepView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("stepView"));
    setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);

    auto* bar = new QHBoxLayout;
    auto button = [&](const QString& text, const QString& tip, const char* name) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setObjectName(QString::fromLatin1(name));
        b->setFocusPolicy(Qt::NoFocus);
        // Always its whole text: a minimum width of its own let the bar squeeze "Назад" to "…" (issue 14).
        b->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        bar->addWidget(b);
        return b;
    };
    m_back = button(tr("Back"), tr("Previous event (Left)"), "stepBack");
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_playButton = button(tr("Play"), tr("Play / pause (Space)"), "stepPlay");
    m_forward = button(tr("Next"), tr("Next event (Right)"), "stepForward");
    m_forward->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    for (QToolButton* b : {m_back, m_playButton, m_forward})
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_speedBox = new QComboBox(this);
    m_speedBox->setObjectName(QStringLiteral("stepSpeed"));
    m_speedBox->setFocusPolicy(Qt::NoFocus);
    m_speedBox->setToolTip(tr("Speed (+/-): at 1x the step plays in %1 s").arg(numberLocale().toString(kWallSecondsPerStep)));
    for (double sp : kSpeeds)
        m_speedBox->addItem(QStringLiteral("%1x").arg(numberLocale().toString(sp)), sp);
    m_speedBox->setCurrentIndex(2);
    bar->addWidget(m_speedBox);
    m_timeLabel = new QLabel(this);
    m_timeLabel->setObjectName(QStringLiteral("stepTime"));
    // One line, never wrapped or elided: as wide as its widest text for this step (updateTimeLabelWidth()).
    m_timeLabel->setWordWrap(false);
    m_timeLabel->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    m_timeLabel->installEventFilter(this);
    bar->addWidget(m_timeLabel);
    bar->addStretch(1);
    m_oneCollective = new QCheckBox(tr("One collective"), this);
    m_oneCollective->setObjectName(QStringLiteral("oneCollective"));
    m_oneCollective->setFocusPolicy(Qt::NoFocus);
    m_oneCollective->setToolTip(tr("Show one collective on a ring of 4 GPUs, hop by hop (] next hop, [ previous)"));
    m_ringKind = new QComboBox(this);
    m_ringKind->setObjectName(QStringLiteral("ringKind"));
    m_ringKind->setFocusPolicy(Qt::NoFocus);
    for (EventKind k : {EventKind::ReduceScatter, EventKind::AllGather, EventKind::AllReduce, EventKind::AllToAll})
        m_ringKind->addItem(kindText(k), int(k));
    m_ringKind->setEnabled(false);
    // The one-collective controls end the bar, or take a second row when the bar would be wider than the view
    // (Russian at 1366 px beside the wider Scenario dock): the bar never widens the window (resizeEvent()).
    m_collectiveBox = new QWidget(this);
    auto* cb = new QHBoxLayout(m_collectiveBox);
    cb->setContentsMargins(0, 0, 0, 0);
    cb->addWidget(m_oneCollective);
    cb->addWidget(m_ringKind);
    bar->addWidget(m_collectiveBox);
    m_bar = bar;
    layout->addLayout(bar);
    m_bar2 = new QHBoxLayout;
    m_bar2->addStretch(1);
    layout->addLayout(m_bar2);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("stepSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_moe = new QLabel(this);
    m_moe->setObjectName(QStringLiteral("stepMoe"));
    m_moe->setWordWrap(true);
    m_moe->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_moe->hide();
    layout->addWidget(m_moe);

    // The panels live in an area that arrange() lays out by hand at each size and font: the GPU view keeps its
    // minimum, panels that do not apply fold away, and the rest take one column, two, or share a tab area.
    m_area = new QWidget(this);
    m_area->setObjectName(QStringLiteral("stepPanels"));
    m_area->installEventFilter(this);
    m_gpus = new StepGpuView(m_area);
    m_tp = new StepTpView(m_area);
    m_pipeline = new StepPipelineView(m_area);
    m_gantt = new StepGanttView(m_area);
    m_memory = new StepMemoryView(m_area);
    m_ring = new RingView(m_area);
    m_ring->hide();
    m_tabBar = new QTabBar(m_area);
    m_tabBar->setObjectName(QStringLiteral("stepPanelTabs"));
    m_tabBar->setFocusPolicy(Qt::NoFocus);
    m_tabBar->setDrawBase(false);
    m_tabBar->hide();
    connect(m_tabBar, &QTabBar::currentChanged, this, [this](int i) {
        if (m_arranging || i < 0 || i >= m_tabbed.size())
            return;
        m_tabPick = m_tabbed[i];
        m_pickFirst = true;
        arrange();
    });
    layout->addWidget(m_area, 1);

    connect(m_back, &QToolButton::clicked, this, &StepView::stepBack);
    connect(m_playButton, &QToolButton::clicked, this, &StepView::togglePlay);
    connect(m_forward, &QToolButton::clicked, this, &StepView::stepForward);
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setSpeed(m_speedBox->itemData(i).toDouble()); });
    for (StepTimeline* tl : {static_cast<StepTimeline*>(m_pipeline), static_cast<StepTimeline*>(m_gantt),
                             static_cast<StepTimeline*>(m_memory)})
        connect(tl, &StepTimeline::seekRequested, this, &StepView::seek);

    connect(m_oneCollective, &QCheckBox::toggled, this, &StepView::setOneCollective);
    connect(m_ringKind, &QComboBox::currentIndexChanged, this,
            [this](int i) { setOneCollectiveKind(static_cast<EventKind>(m_ringKind->itemData(i).toInt())); });

    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(16); // 60 fps
    connect(&m_timer, &QTimer::timeout, this, &StepView::onTick);
    updateLabels();
}

StepView::~StepView() = default;

void StepView::setScenario(const Scenario& s)
{
    try {
        auto d = std::make_shared<StepData>();
        d->scenario = s;
        d->result = computeStep(s);
        setStepData(std::move(d));
    } catch (const InvalidInput& e) {
        setStepData(nullptr, validationText(e));
    }
}

void StepView::setStepData(stepui::StepDataPtr data, const QString& error)
{
    if (!data && m_data) {
        // No step for this scenario: keep showing the last valid one, with the reason above it (as the Memory
        // tab keeps its last valid charts).
        m_error = error.isEmpty() ? tr("no step for this scenario") : plainMessage(error);
        pause();
        updateLabels();
        return;
    }
    const double fraction = (m_data && m_data->result.totals.stepTime > 0) ? m_time / m_data->result.totals.stepTime : 0.0;
    m_data = std::move(data);
    m_error = m_data ? QString() : plainMessage(error);
    // Panels that do not apply fold away: the TP split with TP 1, the pipeline schedule with PP 1 (the summary
    // line says there is none); the GPU view and the timelines take their room.
    m_gpus->setData(m_data);
    m_tp->setData(m_data);
    m_pipeline->setData(m_data);
    m_gantt->setData(m_data);
    m_memory->setData(m_data);
    setTime(m_data ? fraction * m_data->result.totals.stepTime : 0.0, true);
    updateRingNote();
    updateTimeLabelWidth();
    arrange();
    if (!m_data)
        pause();
}

void StepView::setOneCollective(bool on)
{
    if (m_oneCollective->isChecked() != on) {
        const QSignalBlocker b(m_oneCollective);
        m_oneCollective->setChecked(on);
    }
    m_ringKind->setEnabled(on);
    arrange(); // the ring takes the GPU view's place
    if (on) {
        pause();
        setOneCollectiveKind(static_cast<EventKind>(m_ringKind->currentData().toInt()));
    }
}

bool StepView::isOneCollective() const { return m_oneCollective->isChecked(); }

void StepView::setOneCollectiveKind(EventKind kind)
{
    const int i = m_ringKind->findData(int(kind));
    if (i >= 0 && i != m_ringKind->currentIndex()) {
        const QSignalBlocker b(m_ringKind);
        m_ringKind->setCurrentIndex(i);
    }
    m_ring->setCollective(kind, 4);
    updateRingNote();
}

void StepView::nextHop()
{
    if (isOneCollective())
        m_ring->nextHop();
}

void StepView::previousHop()
{
    if (isOneCollective())
        m_ring->previousHop();
}

QString StepView::ringNote(const StepResult& r, EventKind kind)
{
    // Ties the illustration to the model: the largest collective of this kind in the modelled step.
    const StepEvent* best = nullptr;
    for (const StepEvent& e : r.events)
        if (e.kind == kind && (!best || e.bufferBytes > best->bufferBytes))
            best = &e;
    return best ? tr("In the modelled step the largest %1 is %2 %3 over %4 GPUs: %5 buffer, %6 sent per GPU in %7 hops, %8.")
                      .arg(kindText(best->kind), groupText(best->group), kindText(best->kind))
                      .arg(best->groupSize)
                      .arg(bytesText(best->bufferBytes), bytesText(best->bytes))
                      .arg(collectiveSteps(best->kind, best->groupSize))
                      .arg(secondsText(best->duration))
                : tr("The modelled step has no %1.").arg(kindText(kind));
}

void StepView::updateRingNote()
{
    m_ring->setModelNote(m_data ? ringNote(m_data->result, m_ring->kind()) : QString());
}

const StepResult* StepView::result() const { return m_data ? &m_data->result : nullptr; }

int StepView::currentEvent() const { return m_data ? eventAt(m_data->result, m_time) : -1; }

void StepView::setExternalClock(bool external)
{
    m_externalClock = external;
    if (external)
        m_timer.stop();
    else if (m_playing)
        m_timer.start();
}

void StepView::play()
{
    if (!m_data || m_playing)
        return;
    if (m_time >= m_data->result.totals.stepTime)
        setTime(0, true);
    m_playing = true;
    m_wall.restart();
    if (!m_externalClock)
        m_timer.start();
    updateLabels();
    Q_EMIT playingChanged(true);
}

void StepView::pause()
{
    m_timer.stop();
    if (!m_playing)
        return;
    m_playing = false;
    updateLabels();
    Q_EMIT playingChanged(false);
}

void StepView::togglePlay() { m_playing ? pause() : play(); }

void StepView::stepForward()
{
    if (!m_data)
        return;
    const auto& ev = m_data->result.events;
    const double eps = 1e-12 * std::max(1.0, m_data->result.totals.stepTime);
    const auto it = std::upper_bound(ev.begin(), ev.end(), m_time + eps, [](double x, const StepEvent& e) { return x < e.start; });
    setTime(it == ev.end() ? m_data->result.totals.stepTime : it->start, true);
}

void StepView::stepBack()
{
    if (!m_data)
        return;
    const auto& ev = m_data->result.events;
    const double eps = 1e-12 * std::max(1.0, m_data->result.totals.stepTime);
    const auto it = std::lower_bound(ev.begin(), ev.end(), m_time - eps, [](const StepEvent& e, double x) { return e.start < x; });
    setTime(it == ev.begin() ? 0.0 : std::prev(it)->start, true);
}

void StepView::seek(double t) { setTime(t, true); }

void StepView::setSpeed(double speed)
{
    speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (speed == m_speed)
        return;
    m_speed = speed;
    for (int i = 0; i < m_speedBox->count(); ++i)
        if (m_speedBox->itemData(i).toDouble() == speed) {
            const QSignalBlocker block(m_speedBox);
            m_speedBox->setCurrentIndex(i);
        }
    updateLabels();
    Q_EMIT speedChanged(m_speed);
}

void StepView::faster() { setSpeed(m_speed * 2); }
void StepView::slower() { setSpeed(m_speed / 2); }

void StepView::advance(double wallSeconds)
{
    if (!m_playing || !m_data || wallSeconds <= 0)
        return;
    const double T = m_data->result.totals.stepTime;
    m_gpus->advanceAnimation(wallSeconds * m_speed);
    const double t = m_time + wallSeconds * m_speed * T / kWallSecondsPerStep;
    if (t >= T) {
        setTime(T, false);
        pause();
        return;
    }
    setTime(t, false);
}

void StepView::onTick()
{
    const double dt = double(m_wall.nsecsElapsed()) * 1e-9;
    m_wall.restart();
    advance(std::min(dt, 0.25)); // a stalled event loop does not skip a quarter of the step
}

void StepView::setTime(double t, bool jump)
{
    const double T = m_data ? m_data->result.totals.stepTime : 0.0;
    m_time = std::clamp(t, 0.0, T);
    m_gpus->setPlayhead(m_time, jump);
    m_tp->setPlayhead(m_time);
    m_pipeline->setPlayhead(m_time);
    m_gantt->setPlayhead(m_time);
    m_memory->setPlayhead(m_time);
    updateLabels();
    Q_EMIT timeChanged(m_time);
}

void StepView::updateLabels()
{
    m_playButton->setText(m_playing ? tr("Pause") : tr("Play"));
    m_playButton->setIcon(style()->standardIcon(m_playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    if (!m_data) {
        m_timeLabel->setText(QString());
        m_summary->setText(m_error.isEmpty() ? tr("No scenario.") : tr("Cannot model this step: %1").arg(m_error));
        m_moe->hide();
        return;
    }
    const StepResult& r = m_data->result;
    const StepTotals& t = r.totals;
    // The speed is the combo box's: the label keeps to one line at 1366 px (issue 13).
    m_timeLabel->setText(tr("%1 / %2 · event %3 of %4")
                             .arg(secondsText(m_time), secondsText(t.stepTime))
                             .arg(currentEvent() + 1)
                             .arg(r.events.size()));
    const QString stale = m_error.isEmpty()
        ? QString()
        : tr("<span style='color:#d94a3d'>\u26a0 No step for this scenario: %1. Showing the last valid step.</span><br>")
              .arg(m_error.toHtmlEscaped());
    QStringList folded;
    if (m_data->scenario.tp == 1)
        folded << tr("TP 1: no tensor split");
    if (m_data->scenario.pp == 1)
        folded << tr("PP 1: no pipeline");
    const QString summary = stale + (folded.isEmpty() ? QString() : QStringLiteral("<i>") + folded.join(QStringLiteral(" · ")) + QStringLiteral("</i> · ")) + tr("<b>Step %1</b> · %2 TFLOP/s per GPU · MFU %3% · %4 tokens/s per GPU · "
                               "compute %5, recompute %6, exposed comm %7 (hidden %8), bubble %9, optimizer %10 · "
                               "%11 · kernel efficiency %12 (not an MFU)%13")
                                .arg(secondsText(t.stepTime), numberText(t.tflopsPerGpu, 1), numberText(t.mfu * 100, 1),
                                     numberText(t.tokensPerSecondPerGpu, 0), secondsText(t.computeSeconds),
                                     secondsText(t.recomputeSeconds), secondsText(t.exposedCommSeconds),
                                     secondsText(t.hiddenCommSeconds), secondsText(t.bubbleSeconds),
                                     secondsText(t.optimizerSeconds),
                                     r.fits ? tr("fits") : tr("<span style='color:#d94a3d'>does not fit</span>"),
                                     numberText(kernelModelInForce(m_data->scenario).gemmEfficiency, 3),
                                     r.aggregated ? tr(" · events merged (%1 layers, %2 blocks each)")
                                                        .arg(QString::number(r.layersPerEvent), QString::number(r.opsPerEvent))
                                                  : QString());
    m_summary->setText(summary);
    updateMoeLabel();
    m_summary->setToolTip(tr("TFLOP/s per GPU counts the FLOPs executed, recomputation included; MFU counts the model's "
                             "FLOPs only. The kernel efficiency is the fraction of peak the GEMM kernels reach: a "
                             "property of the kernels, not an MFU."));
}

void StepView::updateMoeLabel()
{
    // MoE (issue 25; docs/model.md, "MoE all-to-all"): the dispatch and combine all-to-alls of every MoE layer, forward
    // and backward (and again where full checkpointing recomputes the forward), from core's figures: every GPU of the EP
    // group sends each other one a slice of its routed tokens (tokens x top-k x hidden), unlike the ring collectives.
    const Scenario& s = m_data->scenario;
    if (!s.arch.moe()) {
        m_moe->hide();
        return;
    }
    const StepTotals& t = m_data->result.totals;
    const MoeAllToAll x = moeAllToAll(s);
    const double count = x.seconds > 0 ? std::round(t.epSeconds / x.seconds) : 0;
    m_moe->setText(tr("<b>Expert all-to-all</b> · %1 per step on this GPU (dispatch and combine, forward and backward, "
                      "per MoE layer and micro-batch) · %2 each, %3 in all%4 · each sends %5 to the other %6 GPUs of its "
                      "EP group")
                       .arg(numberText(count, 0), secondsText(x.seconds), secondsText(t.epSeconds),
                            s.moeA2aOverlap ? tr(", overlapped with compute (what it cannot cover is in the MLP's time)")
                                            : tr(", exposed (in the MLP's time)"),
                            bytesText(x.sentBytes), QString::number(std::max<std::int64_t>(0, s.ep - 1)))
                   + (t.epOverlapCostSeconds > 0
                          ? tr(" · the overlap's own cost %1 (Megatron-Core's measured cost per MoE layer and micro-batch, "
                               "in the MLP's time)")
                                .arg(secondsText(t.epOverlapCostSeconds))
                          : QString())
                   + (t.epSyncSeconds > 0
                          ? tr(" · the dropless dispatcher's synchronisation leaves the GPU idle %1 (Megatron-Core's "
                               "measured idle per MoE layer forward and micro-batch, in the MLP's time)")
                                .arg(secondsText(t.epSyncSeconds))
                          : QString()));
    m_moe->setToolTip(tr("One all-to-all: %1 tokens enter this GPU's dispatcher, each sent to %2 expert copies (top-k x "
                         "capacity factor) of %3 each; %4 leave this GPU, %5 over NVLink and %6 over the NIC (the EP "
                         "group spans %7 nodes). %8 per GPU per step in all (docs/model.md, \"MoE all-to-all\").")
                          .arg(numberText(x.tokens, 0), numberText(x.copiesPerToken, 2), bytesText(x.bytesPerCopy),
                               bytesText(x.sentBytes), bytesText(x.intraNodeBytes), bytesText(x.interNodeBytes),
                               QString::number(x.epNodes), bytesText(t.epBytes)));
    m_moe->show();
}

void StepView::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    placeCollectiveControls();
}

void StepView::placeCollectiveControls()
{
    // The bar's widgets before the stretch, at their fixed widths, plus the one-collective controls.
    int need = layout()->contentsMargins().left() + layout()->contentsMargins().right();
    for (const QWidget* w : {static_cast<const QWidget*>(m_back), static_cast<const QWidget*>(m_playButton),
                             static_cast<const QWidget*>(m_forward), static_cast<const QWidget*>(m_speedBox),
                             static_cast<const QWidget*>(m_timeLabel), static_cast<const QWidget*>(m_collectiveBox)})
        need += std::max(w->minimumWidth(), w->sizeHint().width()) + m_bar->spacing() + 2;
    const bool second = need > width();
    const bool onSecond = m_bar2->indexOf(m_collectiveBox) >= 0;
    if (second == onSecond)
        return;
    if (second) {
        m_bar->removeWidget(m_collectiveBox);
        m_bar2->addWidget(m_collectiveBox);
    } else {
        m_bar2->removeWidget(m_collectiveBox);
        m_bar->addWidget(m_collectiveBox);
    }
}

void StepView::updateTimeLabelWidth()
{
    // The widest text the label can show for this step: the total, every form a time below it can take
    // ("888.88 ms" is wider than "1.000 s"), and the last event's number.
    if (!m_data)
        return;
    const double T = m_data->result.totals.stepTime;
    QStringList times {secondsText(T)};
    for (double v : {888.88e-6, 0.88888, 8.8888, 88.888, 888.88})
        if (v <= T)
            times << secondsText(v);
    const QFontMetricsF fm(m_timeLabel->font());
    const QString n = QString::number(m_data->result.events.size());
    double w = 0;
    for (const QString& a : times)
        w = std::max(w, fm.horizontalAdvance(tr("%1 / %2 · event %3 of %4").arg(a, secondsText(T), n, n)));
    const int px = int(std::ceil(w)) + 2 * m_timeLabel->margin() + 6;
    if (m_timeLabel->minimumWidth() != px)
        m_timeLabel->setFixedWidth(px);
    placeCollectiveControls();
}

bool StepView::eventFilter(QObject* o, QEvent* e)
{
    if (o == m_timeLabel && e->type() == QEvent::FontChange)
        updateTimeLabelWidth();
    if (o == m_area && (e->type() == QEvent::Resize || e->type() == QEvent::LayoutRequest || e->type() == QEvent::FontChange))
        arrange();
    return QWidget::eventFilter(o, e);
}

void StepView::showPanel(QWidget* panel)
{
    // The GPU (or ring) view is never tabbed: asking for it gives it back its full height; any other panel is picked
    // in the tab area and keeps its minimum height there.
    if (panel == m_gpus || panel == m_ring) {
        m_pickFirst = false;
    } else {
        m_tabPick = panel;
        m_pickFirst = true;
    }
    arrange();
}

void StepView::arrange()
{
    if (m_arranging)
        return;
    const QScopedValueRollback<bool> guard(m_arranging, true);
    const QRect R = m_area->rect();
    const int sp = 6;
    QWidget* main = isOneCollective() ? static_cast<QWidget*>(m_ring) : static_cast<QWidget*>(m_gpus);
    (main == m_ring ? static_cast<QWidget*>(m_gpus) : static_cast<QWidget*>(m_ring))->hide();
    const bool tpOn = m_data && m_data->scenario.tp > 1;
    const bool ppOn = m_data && m_data->scenario.pp > 1;
    auto minH = [](const QWidget* w) { return std::max(w->minimumHeight(), w->minimumSizeHint().height()); };
    auto minW = [](const QWidget* w) { return std::max(w->minimumWidth(), w->minimumSizeHint().width()); };
    const int tabH = m_tabBar->sizeHint().height();
    // Shares of the height beyond the minimums.
    const QHash<const QWidget*, int> weight {{m_gpus, 5}, {m_ring, 5}, {m_tp, 3}, {m_pipeline, 3}, {m_gantt, 2}, {m_memory, 2}};
    const QSize mainMin(minW(main), minH(main));
    if (m_area->minimumSize() != mainMin)
        m_area->setMinimumSize(mainMin);

    // Of `panels` (in priority order) stacked in a column of height h: how many keep a place of their own, the rest
    // sharing a tab area at the bottom (-1: not even the tab area fits).
    auto need = [&](const QList<QWidget*>& panels, int k) {
        int total = 0;
        for (int i = 0; i < k; ++i)
            total += minH(panels[i]) + sp;
        if (k < panels.size()) {
            int most = 0;
            for (int i = k; i < panels.size(); ++i)
                most = std::max(most, minH(panels[i]));
            total += tabH + most + sp;
        }
        return total - sp;
    };
    auto fit = [&](const QList<QWidget*>& panels, int h) {
        for (int k = int(panels.size()); k >= 0; --k)
            if (k != int(panels.size()) - 1 && need(panels, k) <= h) // one panel alone in the tab area: no tab area
                return k;
        return -1;
    };
    QList<QWidget*> tabbed;
    QList<QWidget*> shown;
    // Lays out `panels` in column c, the first k each in its place, the rest in the tab area; the height beyond the
    // minimums is shared by weight.
    auto place = [&](QRect c, const QList<QWidget*>& panels, int k) {
        if (panels.isEmpty())
            return;
        if (k < 0)
            k = 0;
        if (k == int(panels.size()) - 1)
            k = int(panels.size());
        const int spare = std::max(0, c.height() - need(panels, k));
        int shares = 0;
        for (int i = 0; i < k; ++i)
            shares += weight.value(panels[i], 2);
        const bool tabs = k < panels.size();
        if (tabs)
            shares += 3;
        int y = c.top();
        for (int i = 0; i < k; ++i) {
            const int h = minH(panels[i]) + spare * weight.value(panels[i], 2) / std::max(1, shares);
            panels[i]->setGeometry(c.left(), y, c.width(), h);
            shown << panels[i];
            y += h + sp;
        }
        if (tabs) {
            for (int i = k; i < panels.size(); ++i)
                tabbed << panels[i];
            m_tabBar->setGeometry(c.left(), y, c.width(), tabH);
            // The panel the user (or a tour, showPanel()) picked last, else the one of highest priority.
            QWidget* pick = tabbed.contains(m_tabPick) ? m_tabPick : tabbed.front();
            pick->setGeometry(c.left(), y + tabH, c.width(), std::max(0, c.bottom() + 1 - y - tabH));
            shown << pick;
        }
    };

    QList<QWidget*> stack;
    if (ppOn)
        stack << m_pipeline;
    stack << m_gantt << m_memory;
    const int tpW = tpOn ? minW(m_tp) : 0, tpH = tpOn ? minH(m_tp) : 0;
    const int topMin = std::max(mainMin.height(), tpH);
    Arrangement mode;
    // The timelines' text wants the width of a full row: two columns only where a column is as wide as the
    // timelines need and one column leaves the GPU view too little height.
    const double fontK = std::max(1.0, stepui::lineHeight(m_gantt->font()) / 18.0);
    const int timelineW = int(560 * fontK);
    const bool besides = R.width() >= mainMin.width() + (tpOn ? sp + tpW : 0);
    int oneK = besides ? fit(stack, R.height() - topMin - sp) : -1;
    if (oneK >= 0) {
        // One column: the GPU view beside the TP split, the timelines under them (those without room in tabs).
        mode = oneK == int(stack.size()) ? Arrangement::OneColumn : Arrangement::OneColumnTabs;
        if (oneK == int(stack.size()) - 1)
            oneK = int(stack.size());
        int shares = weight.value(main);
        for (int i = 0; i < oneK; ++i)
            shares += weight.value(stack[i]);
        if (oneK < int(stack.size()))
            shares += 3;
        const int spare = std::max(0, R.height() - topMin - sp - need(stack, oneK));
        const int topH = topMin + spare * weight.value(main) / std::max(1, shares);
        const int tpWidth = tpOn ? std::max(tpW, std::min(R.width() - sp - mainMin.width(), (R.width() - sp) * 2 / 5)) : 0;
        main->setGeometry(R.left(), R.top(), R.width() - (tpOn ? tpWidth + sp : 0), topH);
        shown << main;
        if (tpOn) {
            m_tp->setGeometry(R.right() + 1 - tpWidth, R.top(), tpWidth, topH);
            shown << m_tp;
        }
        place(QRect(R.left(), R.top() + topH + sp, R.width(), R.height() - topH - sp), stack, oneK);
    } else if (R.width() >= mainMin.width() + sp + timelineW) {
        // Two columns: the GPU view on the left (with the TP split under it when both fit), the timelines on the right.
        mode = Arrangement::TwoColumns;
        const int leftW = std::clamp(R.width() / 2, mainMin.width(), R.width() - sp - timelineW);
        const QRect left(R.left(), R.top(), leftW, R.height());
        const QRect right(R.left() + leftW + sp, R.top(), R.width() - leftW - sp, R.height());
        const bool tpLeft = tpOn && leftW >= tpW && mainMin.height() + sp + tpH <= R.height();
        QList<QWidget*> col = stack;
        if (tpOn && !tpLeft)
            col << m_tp;
        const int k = fit(col, right.height());
        if (tpLeft) {
            const int spare = R.height() - mainMin.height() - sp - tpH;
            const int mh = mainMin.height() + spare * 5 / 8;
            main->setGeometry(left.left(), left.top(), leftW, mh);
            m_tp->setGeometry(left.left(), left.top() + mh + sp, leftW, R.height() - mh - sp);
            shown << main << m_tp;
        } else {
            main->setGeometry(left);
            shown << main;
        }
        place(right, col, k);
    } else {
        // Narrow: one column, the GPU view first, the rest as they fit and in tabs.
        mode = Arrangement::OneColumnTabs;
        QList<QWidget*> col = stack;
        if (tpOn)
            col << m_tp;
        const int below = R.height() - mainMin.height() - sp;
        const int k = fit(col, below);
        const int spare = k >= 0 ? below - need(col, k) : 0;
        int mh = mainMin.height() + std::max(0, spare) / 3;
        if (k < 0 && !col.isEmpty() && m_pickFirst) {
            // Not even the tab area fits under the GPU view at its minimum, and a panel was asked for (showPanel(): a tour
            // step, a click on its tab): it keeps its own minimum (a tour's highlighted TP split got 55 px, then 95, in
            // Russian at 1366 x 768) and the GPU view gives up height, down to its compact height (every line of its
            // text, compact boxes: StepGpuView::compactHeight()) or the ring view's seven eighths of its minimum.
            QWidget* pick = col.contains(m_tabPick) ? m_tabPick : col.front();
            const int want = R.height() - sp - (col.size() > 1 ? tabH : 0) - minH(pick);
            const int floor = main == m_gpus ? m_gpus->compactHeight() : mainMin.height() * 7 / 8;
            mh = std::max(floor, std::min(mh, want));
        }
        main->setGeometry(R.left(), R.top(), R.width(), mh);
        shown << main;
        place(QRect(R.left(), R.top() + mh + sp, R.width(), R.height() - mh - sp), col, k);
    }
    m_arrangement = mode;

    // The tab bar names the tabbed panels; the one picked last stays picked.
    if (tabbed != m_tabbed) {
        m_tabbed = tabbed;
        while (m_tabBar->count() > 0)
            m_tabBar->removeTab(0);
        for (QWidget* w : m_tabbed)
            m_tabBar->addTab(w == m_pipeline ? tr("Pipeline schedule")
                                 : w == m_gantt ? tr("Timeline")
                                 : w == m_memory ? tr("Memory over the step")
                                                 : tr("TP split"));
    }
    if (!m_tabbed.isEmpty())
        m_tabBar->setCurrentIndex(std::max(0, int(m_tabbed.indexOf(m_tabPick))));
    m_tabBar->setVisible(!m_tabbed.isEmpty());
    for (QWidget* w : {static_cast<QWidget*>(m_gpus), static_cast<QWidget*>(m_ring), static_cast<QWidget*>(m_tp),
                       static_cast<QWidget*>(m_pipeline), static_cast<QWidget*>(m_gantt), static_cast<QWidget*>(m_memory)})
        w->setVisible(shown.contains(w));
}

void StepView::keyPressEvent(QKeyEvent* e)
{
    switch (e->key()) {
    case Qt::Key_Space: togglePlay(); break;
    case Qt::Key_Right: stepForward(); break;
    case Qt::Key_Left: stepBack(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: faster(); break;
    case Qt::Key_Minus:
    case Qt::Key_Underscore: slower(); break;
    case Qt::Key_BracketRight: nextHop(); break;
    case Qt::Key_BracketLeft: previousHop(); break;
    default: QWidget::keyPressEvent(e); return;
    }
    e->accept();
}

} // namespace shardscope
