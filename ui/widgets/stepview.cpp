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
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

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
        b->setMinimumWidth(34);
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
    m_speedBox->setToolTip(tr("Speed (+/-): at 1x the step plays in %1 s").arg(kWallSecondsPerStep));
    for (double sp : kSpeeds)
        m_speedBox->addItem(QStringLiteral("%1x").arg(sp), sp);
    m_speedBox->setCurrentIndex(2);
    bar->addWidget(m_speedBox);
    m_timeLabel = new QLabel(this);
    m_timeLabel->setObjectName(QStringLiteral("stepTime"));
    m_timeLabel->setMinimumWidth(200); // with the ring controls on this bar, wider keeps QT_SCALE_FACTOR=1.5 off a 1080p screen
    m_timeLabel->setWordWrap(true);
    bar->addWidget(m_timeLabel);
    bar->addStretch(1);
    m_oneCollective = new QCheckBox(tr("One collective"), this);
    m_oneCollective->setObjectName(QStringLiteral("oneCollective"));
    m_oneCollective->setFocusPolicy(Qt::NoFocus);
    m_oneCollective->setToolTip(tr("Show one collective on a ring of 4 GPUs, hop by hop (] next hop, [ previous)"));
    m_ringKind = new QComboBox(this);
    m_ringKind->setObjectName(QStringLiteral("ringKind"));
    m_ringKind->setFocusPolicy(Qt::NoFocus);
    for (EventKind k : {EventKind::ReduceScatter, EventKind::AllGather, EventKind::AllReduce})
        m_ringKind->addItem(kindText(k), int(k));
    m_ringKind->setEnabled(false);
    bar->addWidget(m_oneCollective);
    bar->addWidget(m_ringKind);
    layout->addLayout(bar);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("stepSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    m_gpus = new StepGpuView(this);
    m_tp = new StepTpView(this);
    m_pipeline = new StepPipelineView(this);
    m_gantt = new StepGanttView(this);
    m_memory = new StepMemoryView(this);
    m_ring = new RingView(this);
    m_ring->hide();
    auto* top = new QHBoxLayout;
    top->addWidget(m_gpus, 3);
    top->addWidget(m_ring, 3);
    top->addWidget(m_tp, 2);
    layout->addLayout(top, 5);
    layout->addWidget(m_pipeline, 3);
    layout->addWidget(m_gantt, 2);
    layout->addWidget(m_memory, 2);
    // Minimum heights so that nothing overlaps at 1366 x 768 (the views draw into what they are given).
    m_gantt->setMinimumHeight(120);
    m_memory->setMinimumHeight(110);

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
        setStepData(nullptr, QString::fromStdString(e.what()));
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
    if (m_data) {
        m_tp->setVisible(m_data->scenario.tp > 1);
        m_pipeline->setVisible(m_data->scenario.pp > 1);
    }
    m_gpus->setData(m_data);
    m_tp->setData(m_data);
    m_pipeline->setData(m_data);
    m_gantt->setData(m_data);
    m_memory->setData(m_data);
    setTime(m_data ? fraction * m_data->result.totals.stepTime : 0.0, true);
    updateRingNote();
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
    m_gpus->setVisible(!on);
    m_ring->setVisible(on);
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

void StepView::updateRingNote()
{
    // Ties the illustration to the model: the largest collective of this kind in the modelled step.
    QString note;
    if (m_data) {
        const StepEvent* best = nullptr;
        for (const StepEvent& e : m_data->result.events)
            if (e.kind == m_ring->kind() && (!best || e.bufferBytes > best->bufferBytes))
                best = &e;
        note = best ? tr("In the modelled step the largest %1 is %2 %3 over %4 GPUs: %5 buffer, %6 sent per GPU in %7 hops, %8.")
                          .arg(kindText(best->kind), groupText(best->group), kindText(best->kind))
                          .arg(best->groupSize)
                          .arg(bytesText(best->bufferBytes), bytesText(best->bytes))
                          .arg(collectiveSteps(best->kind, best->groupSize))
                          .arg(secondsText(best->duration))
                    : tr("The modelled step has no %1.").arg(kindText(m_ring->kind()));
    }
    m_ring->setModelNote(note);
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
        return;
    }
    const StepResult& r = m_data->result;
    const StepTotals& t = r.totals;
    m_timeLabel->setText(tr("%1 / %2 · event %3 of %4 · %5x")
                             .arg(secondsText(m_time), secondsText(t.stepTime))
                             .arg(currentEvent() + 1)
                             .arg(r.events.size())
                             .arg(m_speed));
    const QString stale = m_error.isEmpty()
        ? QString()
        : tr("<span style='color:#d94a3d'>\u26a0 No step for this scenario: %1. Showing the last valid step.</span><br>")
              .arg(m_error.toHtmlEscaped());
    QStringList folded;
    if (m_data->scenario.tp == 1)
        folded << tr("TP 1: no tensor split");
    if (m_data->scenario.pp == 1)
        folded << tr("PP 1: no pipeline");
    const QString summary = stale + (folded.isEmpty() ? QString() : QStringLiteral("<i>") + folded.join(QStringLiteral(" · ")) + QStringLiteral("</i> · ")) + tr("<b>Step %1</b> · %2 TFLOP/s per GPU (executed) · MFU %3% · %4 tokens/s per GPU · "
                               "compute %5, recompute %6, exposed comm %7 (hidden %8), bubble %9, optimizer %10 · "
                               "%11 · kernel efficiency %12 (a property of the kernels, not an MFU)%13")
                                .arg(secondsText(t.stepTime))
                                .arg(t.tflopsPerGpu, 0, 'f', 1)
                                .arg(t.mfu * 100, 0, 'f', 1)
                                .arg(t.tokensPerSecondPerGpu, 0, 'f', 0)
                                .arg(secondsText(t.computeSeconds), secondsText(t.recomputeSeconds),
                                     secondsText(t.exposedCommSeconds), secondsText(t.hiddenCommSeconds),
                                     secondsText(t.bubbleSeconds), secondsText(t.optimizerSeconds),
                                     r.fits ? tr("fits") : tr("<span style='color:#d94a3d'>does not fit</span>"))
                                .arg(kernelModelInForce(m_data->scenario).gemmEfficiency, 0, 'f', 3)
                                .arg(r.aggregated ? tr(" · events merged (%1 layers, %2 blocks each)").arg(r.layersPerEvent).arg(r.opsPerEvent)
                                                  : QString());
    m_summary->setText(summary);
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
