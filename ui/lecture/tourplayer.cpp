// SPDX-License-Identifier: MIT
#include "tourplayer.h"

#include "barsegment.h"
#include "highlightoverlay.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "hostmemorychart.h"
#include "stepganttview.h"
#include "stepmemoryview.h"
#include "steppage.h"
#include "steppipelineview.h"
#include "steptpview.h"
#include "stepgpuview.h"
#include "stepview.h"
#include "traindemopanel.h"

#include <QChartView>
#include <QPointer>
#include <QStackedWidget>

#include <cmath>

namespace shardscope {

TourPlayer::TourPlayer(MainWindow* window)
    : QObject(window)
    , m_window(window)
    , m_overlay(new HighlightOverlay(window))
{
    m_timer.setInterval(kAnimationMs / kAnimationFrames);
    connect(&m_timer, &QTimer::timeout, this, &TourPlayer::frame);
}

TourPlayer::~TourPlayer() = default;

const TourStep* TourPlayer::step() const
{
    return m_index >= 0 && m_index < count() ? &m_tour.steps[m_index] : nullptr;
}

void TourPlayer::setTour(const Tour& tour)
{
    m_timer.stop();
    m_tour = tour;
    m_index = -1;
    emit tourChanged();
    goTo(0);
}

void TourPlayer::clear()
{
    m_timer.stop();
    m_pendingPlay = false;
    m_tour = Tour();
    m_index = -1;
    m_overlay->setTarget(nullptr);
    emit tourChanged();
}

void TourPlayer::next()
{
    if (m_index + 1 < count())
        goTo(m_index + 1);
}

void TourPlayer::advance()
{
    if (m_pendingPlay) {
        finishAnimation(); // the scenario lands first: the animation plays the step's own scenario
        m_pendingPlay = false;
        if (StepView* v = m_window ? m_window->stepView() : nullptr) {
            v->seek(0);
            v->play();
        }
        emit animationStarted();
        return;
    }
    next();
}

void TourPlayer::previous()
{
    if (m_index > 0)
        goTo(m_index - 1);
}

void TourPlayer::goTo(int index)
{
    if (!m_window || index < 0 || index >= count())
        return;
    finishAnimation();
    m_index = index;
    m_pendingPlay = m_hold && m_tour.steps[index].play && m_tour.steps[index].tab == QLatin1String("step");
    m_from = m_window->scenario();
    m_window->showTab(m_tour.steps[index].tab);
    m_overlay->setTarget(nullptr);
    if (m_animated) {
        m_frame = 0;
        m_timer.start();
    } else {
        arrive();
    }
    emit stepChanged(index);
}

void TourPlayer::finishAnimation()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        arrive();
    }
}

void TourPlayer::frame()
{
    ++m_frame;
    if (m_frame >= kAnimationFrames) {
        m_timer.stop();
        arrive();
        return;
    }
    // Geometric steps for counts (N, micro-batches): 8 -> 64 passes 16 and 32, as the charts' axes do.
    const Scenario& to = m_tour.steps[m_index].scenario;
    const double t = double(m_frame) / kAnimationFrames;
    const auto between = [t](std::int64_t a, std::int64_t b) {
        if (a <= 0 || b <= 0 || a == b)
            return b;
        return std::int64_t(std::llround(std::exp(std::log(double(a)) + t * (std::log(double(b)) - std::log(double(a))))));
    };
    Scenario s = to;
    s.gpus = between(m_from.gpus, to.gpus);
    s.gradAccum = between(m_from.gradAccum, to.gradAccum);
    s.gpus -= s.gpus % s.modelParallel(); // keep N a multiple of TP x PP x CP
    try {
        validateScenario(s);
    } catch (const std::exception&) {
        return; // skip a frame without an answer
    }
    m_window->setScenario(s);
}

void TourPlayer::arrive()
{
    const TourStep& step = m_tour.steps[m_index];
    m_window->setScenario(step.scenario);
    m_window->showTab(step.tab);
    QWidget* target = highlightTarget(step.highlight);
    // A target on a page of a stack (a sub-tab of the step view) is brought to the front first.
    for (QWidget* w = target; w && w != m_window; w = w->parentWidget())
        if (auto* stack = qobject_cast<QStackedWidget*>(w->parentWidget()))
            stack->setCurrentWidget(w);
    // A panel of the step view that shares the tab area with others (the pipeline schedule, the timeline, the memory
    // over the step, the TP split: at 1366x768, and at 1600x1000 with PP > 1) is picked there: the bubble steps framed
    // the hidden pipeline schedule, and so nothing, while the "Timeline" tab showed.
    if (StepView* view = m_window->stepView(); view && target) {
        for (QWidget* panel : {static_cast<QWidget*>(view->pipelineView()), static_cast<QWidget*>(view->ganttView()),
                               static_cast<QWidget*>(view->memoryView()), static_cast<QWidget*>(view->tpView()),
                               static_cast<QWidget*>(view->gpuView())})
            if (panel == target)
                view->showPanel(panel);
    }
    if (!step.highlightTerm.isEmpty() && target) {
        // One bar segment ("optimizer states of rank 0"): framed where the chart draws it, following the bars.
        const Term term = *termFromKey(step.highlightTerm.toStdString()); // parseTour checked the key
        const int bar = step.highlightBar;
        QPointer<MemoryPerGpuChart> chart = m_window->memoryPage()->perGpuChart();
        m_overlay->setTarget(target, [chart, term, bar]() { return barSegmentRect(chart, term, bar); });
    } else {
        m_overlay->setTarget(target);
    }
    if (step.train) {
        // The "Run it for real" tab runs the same config on its own worker thread and draws measured vs predicted.
        if (auto* demo = m_window->findChild<TrainDemoPanel*>(); demo && !demo->running())
            demo->start(*step.train);
    }
    if (step.tab == QLatin1String("step") && m_window->stepView()) {
        if (step.play && m_pendingPlay) {
            m_window->stepView()->pause(); // held for the presenter's next key (advance())
            m_window->stepView()->seek(0);
        } else if (step.play) {
            m_window->stepView()->play();
        }
    }
}

QWidget* TourPlayer::highlightTarget(const QString& name) const
{
    if (!m_window || name.isEmpty())
        return nullptr;
    MemoryPage* memory = m_window->memoryPage();
    if (name == QLatin1String("memory-per-gpu"))
        return memory->perGpuChart()->chartView();
    if (name == QLatin1String("memory-vs-gpus"))
        return memory->vsGpusChart()->chartView();
    if (name == QLatin1String("host-memory"))
        return memory->hostChart()->chartView();
    if (name == QLatin1String("step-timeline"))
        return m_window->stepView();
    static const QList<QPair<QString, QString>> byObjectName = {
        {QStringLiteral("verdict"), QStringLiteral("verdict")},
        {QStringLiteral("breakdown"), QStringLiteral("breakdown")},
        {QStringLiteral("step-gantt"), QStringLiteral("stepGantt")},
        {QStringLiteral("step-pipeline"), QStringLiteral("stepPipeline")},
        {QStringLiteral("step-tp"), QStringLiteral("stepTp")},
        {QStringLiteral("step-memory"), QStringLiteral("stepMemory")},
        {QStringLiteral("step-gpus"), QStringLiteral("stepGpus")},
        {QStringLiteral("step-summary"), QStringLiteral("stepSummary")},
    };
    for (const auto& [highlight, objectName] : byObjectName)
        if (name == highlight)
            return m_window->findChild<QWidget*>(objectName);
    return nullptr;
}

} // namespace shardscope
