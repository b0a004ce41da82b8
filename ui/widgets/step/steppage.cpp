// SPDX-License-Identifier: MIT
#include "steppage.h"
#include "explorer.h"

#include "stepview.h"

#include "shardscope/errors.h"

#include <QElapsedTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace shardscope {

StepPage::StepPage(QWidget* parent)
    : QWidget(parent)
    , m_view(new StepView(this))
{
    setObjectName(QStringLiteral("stepPage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setFocusProxy(m_view);
    connect(&m_watcher, &QFutureWatcher<Job>::finished, this, &StepPage::onJobFinished);
}

StepPage::~StepPage()
{
    // The job holds no pointer to this page, but let it finish before the watcher goes.
    m_watcher.waitForFinished();
}

StepPage::Job StepPage::model(const Scenario& s, quint64 generation)
{
    Job job;
    job.generation = generation;
    QElapsedTimer timer;
    timer.start();
    try {
        auto d = std::make_shared<stepui::StepData>();
        d->scenario = s;
        d->result = computeStep(s);
        job.data = std::move(d);
    } catch (const InvalidInput& e) {
        job.error = validationText(e); // worded in the interface language (translate() is thread-safe)
    }
    job.ms = double(timer.nsecsElapsed()) * 1e-6;
    return job;
}

void StepPage::setScenario(const Scenario& s)
{
    m_scenario = s;
    m_hasScenario = true;
    m_dirty = true;
    ++m_generation;
    if (m_active)
        update();
}

void StepPage::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (!active) {
        m_resumePlaying = m_view->isPlaying();
        m_view->pause(); // stops the animation timer: nothing ticks on a hidden tab
        return;
    }
    update();
    if (m_resumePlaying)
        m_view->play();
    m_resumePlaying = false;
}

void StepPage::update()
{
    if (!m_dirty || !m_hasScenario)
        return;
    const bool async = m_mode == Compute::Async || (m_mode == Compute::Auto && m_lastMs > kSyncBudgetMs);
    if (!async) {
        m_dirty = false;
        apply(model(m_scenario, m_generation));
        return;
    }
    if (!m_watcher.isRunning())
        startJob(); // else onJobFinished() starts the latest scenario
}

void StepPage::startJob()
{
    m_dirty = false;
    m_watcher.setFuture(QtConcurrent::run(&StepPage::model, m_scenario, m_generation));
}

void StepPage::onJobFinished()
{
    const Job job = m_watcher.result();
    m_lastMs = job.ms;
    if (job.generation == m_generation)
        apply(job);
    // else: a slider moved on while this one was modelled; its result is dropped.
    if (m_dirty && m_active)
        update();
}

void StepPage::apply(const Job& job)
{
    m_lastMs = job.ms;
    m_shownGeneration = job.generation;
    m_view->setStepData(job.data, job.error);
    Q_EMIT stepUpdated();
}

} // namespace shardscope
