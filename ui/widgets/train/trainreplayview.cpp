// SPDX-License-Identifier: MIT
#include "trainreplayview.h"

#include "trainreplaycanvas.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace shardscope {

using namespace train;

namespace {
constexpr int kColumns = 7;
constexpr double kPausedProgress = 0.5; // a paused hop shows its messages half-way, in flight
} // namespace

TrainReplayView::TrainReplayView(QWidget* parent)
    : QWidget(parent)
    , m_stepBox(new QSpinBox(this))
    , m_first(new QPushButton(tr("First"), this))
    , m_back(new QPushButton(tr("Back"), this))
    , m_play(new QPushButton(tr("Play"), this))
    , m_forward(new QPushButton(tr("Forward"), this))
    , m_last(new QPushButton(tr("Last"), this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_phase(new QLabel(this))
    , m_canvas(new TrainReplayCanvas(this))
    , m_table(new QTableWidget(0, kColumns, this))
    , m_formula(new QLabel(this))
{
    setObjectName(QStringLiteral("trainReplayView"));
    m_stepBox->setObjectName(QStringLiteral("replayStep"));
    m_play->setObjectName(QStringLiteral("replayPlay"));
    m_slider->setObjectName(QStringLiteral("replayHop"));
    m_first->setToolTip(tr("The first hop of the step"));
    m_back->setToolTip(tr("The previous hop"));
    m_play->setToolTip(tr("Play the step's hops in recorded order"));
    m_forward->setToolTip(tr("The next hop"));
    m_last->setToolTip(tr("The last hop of the step"));
    m_slider->setToolTip(tr("Hop of the step"));
    m_stepBox->setToolTip(tr("The optimizer step whose recorded messages are replayed"));
    m_phase->setWordWrap(true);
    QFont bold = m_phase->font();
    bold.setBold(true);
    m_phase->setFont(bold);
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table->setHorizontalHeaderLabels({tr("Rank"), tr("This hop (B)"), tr("Byte range"), tr("Chunk"),
                                        tr("Sent so far (B)"), tr("Step total (B)"), tr("Predicted (B)")});
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The table asks for the width of its columns (the splitter gives it that when it can; the window's
    // minimum size is not raised: narrow windows scroll the table).
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->horizontalHeaderItem(kPredictedColumn)
        ->setToolTip(tr("Bytes the rank sends in the step by the ring: every chunk but its own in a "
                        "reduce-scatter, every chunk but its right neighbour's in an all-gather"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Optimizer step"), this));
    controls->addWidget(m_stepBox);
    controls->addSpacing(12);
    for (QPushButton* b : {m_first, m_back, m_play, m_forward, m_last})
        controls->addWidget(b);
    controls->addWidget(m_slider, 1);

    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->addWidget(m_canvas);
    m_split->addWidget(m_table);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_phase);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_formula);

    m_timer.setInterval(16);
    connect(&m_timer, &QTimer::timeout, this, &TrainReplayView::tick);
    connect(m_first, &QPushButton::clicked, this, &TrainReplayView::first);
    connect(m_back, &QPushButton::clicked, this, &TrainReplayView::previous);
    connect(m_play, &QPushButton::clicked, this, &TrainReplayView::togglePlay);
    connect(m_forward, &QPushButton::clicked, this, &TrainReplayView::next);
    connect(m_last, &QPushButton::clicked, this, &TrainReplayView::last);
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (v != m_hop)
            setHop(v);
    });
    connect(m_stepBox, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        if (v - 1 != m_step)
            setStep(v - 1);
    });
    clearRun();
}

void TrainReplayView::setRun(int ranks, std::vector<StepReplay> steps, const StepWirePrediction& prediction)
{
    pause();
    m_ranks = ranks;
    m_steps = std::move(steps);
    m_prediction = prediction;
    m_step = 0;
    m_hop = 0;
    m_stepBox->blockSignals(true);
    m_stepBox->setRange(m_steps.empty() ? 0 : 1, std::max(1, stepCount()));
    m_stepBox->setValue(m_steps.empty() ? 0 : 1);
    m_stepBox->blockSignals(false);
    m_table->setRowCount(ranks);
    showHop();
    m_fitPending = true;
    if (isVisible())
        fitTable();
}

void TrainReplayView::fitTable()
{
    // Give the table the width of its columns when the canvas keeps room for the ring.
    const int want = m_table->sizeHint().width();
    const int total = m_split->width();
    if (total - want >= m_canvas->minimumSizeHint().width()) {
        m_split->setSizes({total - want, want});
        m_fitPending = false;
    }
}

void TrainReplayView::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    if (m_fitPending)
        fitTable();
}

void TrainReplayView::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    if (m_fitPending)
        fitTable();
}

void TrainReplayView::clearRun() { setRun(0, {}, {}); }

void TrainReplayView::setStep(int step)
{
    if (m_steps.empty())
        return;
    m_step = std::clamp(step, 0, stepCount() - 1);
    m_hop = 0;
    m_stepBox->blockSignals(true);
    m_stepBox->setValue(m_step + 1);
    m_stepBox->blockSignals(false);
    showHop();
}

int TrainReplayView::hopCount() const
{
    const StepReplay* s = currentStep();
    return s ? static_cast<int>(s->hops.size()) : 0;
}

void TrainReplayView::setHop(int hop)
{
    const int count = hopCount();
    m_hop = count == 0 ? 0 : std::clamp(hop, 0, count - 1);
    showHop();
}

const StepReplay* TrainReplayView::currentStep() const
{
    return m_steps.empty() ? nullptr : &m_steps[static_cast<std::size_t>(m_step)];
}

const ReplayHop* TrainReplayView::currentHop() const
{
    const StepReplay* s = currentStep();
    if (!s || s->hops.empty())
        return nullptr;
    return &s->hops[static_cast<std::size_t>(m_hop)];
}

void TrainReplayView::next()
{
    pause();
    setHop(m_hop + 1);
}

void TrainReplayView::previous()
{
    pause();
    setHop(m_hop - 1);
}

void TrainReplayView::first()
{
    pause();
    setHop(0);
}

void TrainReplayView::last()
{
    pause();
    setHop(hopCount() - 1);
}

void TrainReplayView::play()
{
    if (hopCount() == 0 || playing())
        return;
    if (m_hop == hopCount() - 1 && m_canvas->progress() >= 1.0)
        setHop(0); // played to the end: start again
    m_canvas->setProgress(0);
    m_clock.start();
    m_timer.start();
    updateButtons();
}

void TrainReplayView::pause()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    updateButtons();
}

void TrainReplayView::togglePlay()
{
    if (playing())
        pause();
    else
        play();
}

void TrainReplayView::tick()
{
    const double progress = double(m_clock.elapsed()) / m_hopMs;
    if (progress < 1.0) {
        m_canvas->setProgress(progress);
        return;
    }
    if (m_hop + 1 < hopCount()) {
        ++m_hop;
        showHop();
        m_canvas->setProgress(0);
        m_clock.restart();
        return;
    }
    m_canvas->setProgress(1.0);
    pause();
}

QString TrainReplayView::phaseText() const { return m_phase->text(); }

QString TrainReplayView::formulaText() const { return m_formula->text(); }

std::vector<std::int64_t> TrainReplayView::column(int c) const
{
    std::vector<std::int64_t> v;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QTableWidgetItem* it = m_table->item(r, c);
        v.push_back(it ? it->data(Qt::UserRole).toLongLong() : 0);
    }
    return v;
}

void TrainReplayView::updateButtons()
{
    const int count = hopCount();
    m_play->setText(playing() ? tr("Pause") : tr("Play"));
    m_play->setEnabled(count > 0);
    m_first->setEnabled(count > 0 && m_hop > 0);
    m_back->setEnabled(count > 0 && m_hop > 0);
    m_forward->setEnabled(count > 0 && m_hop + 1 < count);
    m_last->setEnabled(count > 0 && m_hop + 1 < count);
    m_slider->setEnabled(count > 1);
    m_stepBox->setEnabled(stepCount() > 1);
}

namespace {
QString phaseName(RingPhase p)
{
    switch (p) {
    case RingPhase::ReduceScatter: return TrainReplayView::tr("reduce-scatter");
    case RingPhase::AllGather: return TrainReplayView::tr("all-gather");
    case RingPhase::AllReduceReduceScatter: return TrainReplayView::tr("all-reduce, reduce-scatter half");
    case RingPhase::AllReduceAllGather: return TrainReplayView::tr("all-reduce, all-gather half");
    }
    return QString();
}

QString number(double v)
{
    return std::fabs(v - std::round(v)) < 1e-9 ? QLocale().toString(qint64(std::llround(v))) : QLocale().toString(v, 'f', 1);
}
} // namespace

void TrainReplayView::showHop()
{
    const StepReplay* s = currentStep();
    const ReplayHop* h = s ? currentHop() : nullptr; // currentHop() is null without a step; says so to the analyzer
    const int count = hopCount();
    m_slider->blockSignals(true);
    m_slider->setRange(0, std::max(0, count - 1));
    m_slider->setValue(m_hop);
    m_slider->blockSignals(false);

    if (!s) {
        m_phase->setText(tr("Run the trainer: every ring message of every optimizer step is recorded and can "
                            "be replayed here."));
    } else if (!h) {
        m_phase->setText(m_ranks < 2 ? tr("One rank sends nothing: run with 2 ranks or more.")
                                     : tr("Optimizer step %1 recorded no ring messages.").arg(s->iteration + 1));
    } else {
        m_phase->setText(tr("Optimizer step %1 · collective %2 of %3: %4 · ring step %5 of %6 · hop %7 of %8")
                             .arg(s->iteration + 1)
                             .arg(h->collectiveIndex + 1)
                             .arg(s->collectives)
                             .arg(phaseName(h->phase))
                             .arg(h->ringStep + 1)
                             .arg(h->ringSteps)
                             .arg(m_hop + 1)
                             .arg(count));
    }

    const QLocale loc;
    auto cell = [&](int row, int col, const QString& textValue, qint64 value) {
        auto* it = new QTableWidgetItem(textValue);
        it->setData(Qt::UserRole, value);
        if (col != 2)
            it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, col, it);
    };
    m_table->setRowCount(m_ranks);
    for (int r = 0; r < m_ranks; ++r) {
        const std::size_t k = static_cast<std::size_t>(r);
        const Message* m = nullptr;
        if (h)
            for (const Message& x : h->messages)
                if (x.from == r)
                    m = &x;
        cell(r, 0, tr("rank %1 → %2").arg(r).arg(m_ranks > 0 ? (r + 1) % m_ranks : 0), r);
        cell(r, kHopColumn, m ? loc.toString(qint64(m->bytes)) : tr("—"), m ? m->bytes : 0);
        cell(r, 2, m ? QStringLiteral("[%1, %2)").arg(loc.toString(qint64(m->offsetBytes)), loc.toString(qint64(m->offsetBytes) + qint64(m->bytes))) : QString(), m ? m->offsetBytes : 0);
        const int chunk = m ? TrainReplayCanvas::chunkOf(*h, *m, m_ranks) : 0;
        cell(r, 3, m ? QString::number(chunk) : QString(), chunk);
        const qint64 soFar = s && h ? qint64(s->sentAfter[static_cast<std::size_t>(m_hop)][k]) : 0;
        cell(r, kSoFarColumn, loc.toString(soFar), soFar);
        const qint64 total = s && k < s->sentTotal.size() ? qint64(s->sentTotal[k]) : 0;
        cell(r, kTotalColumn, loc.toString(total), total);
        const qint64 pred = k < m_prediction.perRank.size() ? qint64(m_prediction.perRank[k]) : 0;
        cell(r, kPredictedColumn, loc.toString(pred), pred);
    }

    if (m_ranks < 2 || m_prediction.collectives == 0) {
        m_formula->clear();
    } else {
        QString f = tr("Ring formulas for one step (%1 collectives; per rank (n−1)/n × M for a reduce-scatter or "
                       "all-gather and 2(n−1)/n × M for an all-reduce of an M-byte buffer, n = %2): %3 B per rank.")
                        .arg(m_prediction.collectives)
                        .arg(m_ranks)
                        .arg(number(m_prediction.formulaPerRank));
        const bool even = std::all_of(m_prediction.perRank.begin(), m_prediction.perRank.end(),
                                      [&](std::int64_t b) { return double(b) == m_prediction.formulaPerRank; });
        if (even) {
            f += QLatin1Char(' ') + tr("Over the step every rank's chunks add up to the same share, so each rank sends exactly that.");
        } else {
            std::int64_t sum = 0;
            for (std::int64_t b : m_prediction.perRank)
                sum += b;
            f += QLatin1Char(' ')
                + tr("The ranks' chunks differ in size (a shorter last chunk, or a layer's slice split unevenly), so "
                     "their bytes differ (Predicted, from the chunk bounds); together they send %1 B = %2 × the formula.")
                      .arg(loc.toString(qint64(sum)))
                      .arg(m_ranks);
        }
        if (s)
            f += QLatin1Char(' ')
                + (s->sentTotal == m_prediction.perRank ? tr("Measured: every rank's step total equals its prediction.")
                                                        : tr("Measured: the step totals differ from the prediction."));
        m_formula->setText(f);
    }

    m_table->resizeColumnsToContents();
    if (h)
        m_canvas->setHop(m_ranks, *h, s->sentAfter[static_cast<std::size_t>(m_hop)]);
    else
        m_canvas->clear(m_ranks);
    if (!playing())
        m_canvas->setProgress(kPausedProgress);
    updateButtons();
    emit hopChanged(m_hop);
}

} // namespace shardscope
