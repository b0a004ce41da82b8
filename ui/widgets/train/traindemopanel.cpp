// SPDX-License-Identifier: MIT
#include "traindemopanel.h"

#include "explorer.h"
#include "trainreplayview.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QValidator>
#include <QTabWidget>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace shardscope {

using namespace train;

namespace {
QStringList categories()
{
    return {TrainDemoPanel::tr("params"), TrainDemoPanel::tr("grads"), TrainDemoPanel::tr("master"),
            TrainDemoPanel::tr("moments"), TrainDemoPanel::tr("gathered"), TrainDemoPanel::tr("scratch"),
            TrainDemoPanel::tr("peak")};
}
} // namespace

QString TrainDemoPanel::strategyName(Strategy s)
{
    // Core's keys ("zero1", "naive-zero") are the command line's --strategy values; the window shows names.
    const auto t = [](const char* name, const char* comment) { return QCoreApplication::translate("shardscope::TrainStrategy", name, comment); };
    switch (s) {
    case Strategy::Single: return t("Single process", "training strategy: one process, no data parallelism (the reference run)");
    case Strategy::Ddp: return t("DDP", "training strategy: PyTorch DistributedDataParallel");
    case Strategy::Zero1: return t("ZeRO-1", "training strategy: ZeRO stage 1 (optimizer states sharded)");
    case Strategy::Zero2: return t("ZeRO-2", "training strategy: ZeRO stage 2 (optimizer states and gradients sharded)");
    case Strategy::Zero3: return t("ZeRO-3", "training strategy: ZeRO stage 3 (parameters sharded too)");
    case Strategy::NaiveZero:
        return t("Naive ZeRO-1 (all-reduce)", "training strategy: ZeRO-1 that all-reduces the gradients instead of reduce-scattering them");
    }
    return QString::fromLatin1(strategyKey(s));
}

namespace {
/// The Ranks box steps only through the rank counts that split the global batch evenly (issue 26: it offered 5,
/// 7, 9, ... which the run then refused), and a typed count that does not divide it is not accepted.
class DivisorSpinBox : public QSpinBox
{
public:
    DivisorSpinBox(int of, QWidget* parent)
        : QSpinBox(parent)
        , m_of(of)
    {
    }
    void stepBy(int steps) override
    {
        int v = value();
        for (int moved = 0; moved < std::abs(steps);) {
            v += steps > 0 ? 1 : -1;
            if (v < minimum() || v > maximum())
                return;
            if (m_of % v == 0) {
                ++moved;
                setValue(v);
            }
        }
    }

protected:
    QValidator::State validate(QString& input, int& pos) const override
    {
        const QValidator::State s = QSpinBox::validate(input, pos);
        if (s != QValidator::Acceptable)
            return s;
        const int v = valueFromText(input);
        return v > 0 && m_of % v == 0 ? QValidator::Acceptable : QValidator::Intermediate;
    }

private:
    int m_of;
};
} // namespace

TrainDemoPanel::TrainDemoPanel(QWidget* parent)
    : QWidget(parent)
    , m_strategy(new QComboBox(this))
    , m_ranks(new DivisorSpinBox(TrainConfig().globalBatch, this))
    , m_steps(new QSpinBox(this))
    , m_bf16(new QCheckBox(tr("bf16 params and grads, fp32 master"), this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_chart(new QChart)
    , m_measured(new QBarSet(tr("measured")))
    , m_predicted(new QBarSet(tr("predicted")))
    , m_pages(new QTabWidget(this))
    , m_replay(new TrainReplayView(this))
{
    setObjectName(QStringLiteral("trainDemoPanel"));
    m_strategy->setObjectName(QStringLiteral("trainStrategy"));
    for (Strategy s : {Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3, Strategy::NaiveZero})
        m_strategy->addItem(strategyName(s), QString::fromLatin1(strategyKey(s)));
    m_strategy->setCurrentIndex(1);
    m_ranks->setObjectName(QStringLiteral("trainRanks"));
    m_ranks->setRange(1, 16);
    m_ranks->setValue(4);
    m_steps->setRange(1, 200);
    m_steps->setValue(10);
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_status->setText(tr("Trains a 1.4M-parameter MLP for real over N ranks (threads) and measures every buffer "
                         "each rank allocates. The global batch (48) must split evenly over the ranks."));

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(tr("Strategy"), m_strategy);
    form->addRow(tr("Ranks"), m_ranks);
    form->addRow(tr("Steps"), m_steps);
    form->addRow(QString(), m_bf16);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);

    auto* series = new QBarSeries;
    series->append(m_measured);
    series->append(m_predicted);
    m_chart->addSeries(series);
    m_chart->setTitle(tr("Rank 0: measured vs predicted bytes"));
    auto* x = new QBarCategoryAxis;
    x->append(categories());
    auto* y = new QValueAxis;
    y->setTitleText(tr("MB (10^6 bytes)"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    auto* view = new QChartView(m_chart, this);
    view->setRenderHint(QPainter::Antialiasing);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    m_pages->setObjectName(QStringLiteral("trainDemoPages"));
    m_pages->addTab(view, tr("Bytes: measured vs predicted"));
    m_pages->addTab(m_replay, tr("Replay the ring messages"));
    layout->addWidget(m_pages, 1);

    connect(m_run, &QPushButton::clicked, this, &TrainDemoPanel::onRun);
    connect(m_cancel, &QPushButton::clicked, this, &TrainDemoPanel::cancel);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &TrainDemoPanel::onFinished);
}

TrainDemoPanel::~TrainDemoPanel()
{
    m_cancelFlag = true;
    m_watcher.waitForFinished();
}

bool TrainDemoPanel::running() const { return m_watcher.isRunning(); }

QString TrainDemoPanel::status() const { return m_status->text(); }

TrainConfig TrainDemoPanel::configFromControls() const
{
    TrainConfig c;
    // Every item's data is a key of strategyKey(): strategyFromKey() knows it.
    c.strategy = strategyFromKey(m_strategy->currentData().toString().toStdString()).value_or(c.strategy);
    c.ranks = m_ranks->value();
    c.steps = m_steps->value();
    c.bf16 = m_bf16->isChecked();
    return c;
}

void TrainDemoPanel::onRun() { start(configFromControls()); }

void TrainDemoPanel::start(const TrainConfig& config)
{
    if (running())
        return;
    try {
        validateTrainConfig(config);
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot run: %1").arg(withoutFlags(QString::fromStdString(e.what()))));
        emit finished();
        return;
    }
    m_config = config;
    m_strategy->setCurrentIndex(m_strategy->findData(QString::fromLatin1(strategyKey(config.strategy))));
    m_ranks->setValue(config.ranks);
    m_steps->setValue(config.steps);
    m_bf16->setChecked(config.bf16);
    m_cancelFlag = false;
    m_error.clear();
    m_progress->setRange(0, config.steps);
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Running %1 over %2 ranks...").arg(strategyName(config.strategy)).arg(config.ranks));
    QPointer<TrainDemoPanel> self(this);
    m_watcher.setFuture(QtConcurrent::run([this, self, config]() -> Outcome {
        RunControl control;
        control.cancel = &m_cancelFlag;
        control.progress = [self](int done, int steps) {
            QMetaObject::invokeMethod(
                self.data(), [self, done, steps] { if (self) self->setProgress(done, steps); }, Qt::QueuedConnection);
        };
        try {
            Outcome o;
            o.ranks = trainInProcess(config, {}, control);
            // The replays are built here, off the GUI thread: one per optimizer step the run finished.
            const int done = o.ranks.empty() ? 0 : static_cast<int>(o.ranks[0].loss.size());
            for (int s = 0; s < done; ++s)
                o.replays.push_back(replayStep(o.ranks, s));
            o.prediction = predictStepWireBytes(config);
            return o;
        } catch (const std::exception& e) {
            QMetaObject::invokeMethod(
                self.data(), [self, msg = QString::fromStdString(e.what())] { if (self) self->m_error = msg; },
                Qt::QueuedConnection);
            return {};
        }
    }));
}

void TrainDemoPanel::cancel() { m_cancelFlag = true; }

void TrainDemoPanel::setProgress(int done, int steps)
{
    m_progress->setRange(0, steps);
    m_progress->setValue(done);
}

void TrainDemoPanel::onFinished()
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    Outcome outcome = m_watcher.result();
    const std::vector<RankResult>& res = outcome.ranks;
    if (res.empty()) {
        m_status->setText(tr("The run failed: %1").arg(m_error));
        emit finished();
        return;
    }
    const RankResult& r0 = res[0];
    const PredictedBytes p = predictBytes(m_config);
    const double predicted[7] = {double(p.params), double(p.grads), double(p.master), double(p.moments),
                                 double(p.gathered), double(p.scratch), double(p.peak)};
    m_measured->remove(0, m_measured->count());
    m_predicted->remove(0, m_predicted->count());
    double top = 0;
    for (int c = 0; c < 7; ++c) {
        const double m = c < kMemCategoryCount ? double(r0.ledger.peak(static_cast<MemCategory>(c))) : double(r0.ledger.peakTotal());
        m_measured->append(m / 1e6);
        m_predicted->append(predicted[c] / 1e6);
        top = std::max({top, m / 1e6, predicted[c] / 1e6});
    }
    for (QAbstractAxis* a : m_chart->axes(Qt::Vertical))
        static_cast<QValueAxis*>(a)->setRange(0, top > 0 ? top * 1.1 : 1);
    QString text = r0.cancelled ? tr("Cancelled after %1 of %2 steps.").arg(r0.loss.size()).arg(m_config.steps)
                                : tr("Done: %1 steps.").arg(r0.loss.size());
    if (!r0.loss.empty())
        text += QLatin1Char(' ') + tr("Loss %1 -> %2.")
                                               .arg(numberLocale().toString(r0.loss.front(), 'g', 4),
                                                    numberLocale().toString(r0.loss.back(), 'g', 4));
    const auto tensorMessages = std::count_if(r0.messages.begin(), r0.messages.end(),
                                              [](const Message& m) { return m.op != "scalars"; });
    text += QLatin1Char(' ')
        + tr("Rank 0 sent %1 MB in %2 ring messages (replayed in \"Replay the ring messages\").")
              .arg(numberLocale().toString(double(r0.wireBytesSent) / 1e6, 'f', 2))
              .arg(static_cast<qint64>(tensorMessages));
    m_status->setText(text);
    m_replay->setRun(m_config.ranks, std::move(outcome.replays), outcome.prediction);
    emit finished();
}

void TrainDemoPanel::showPage(int page) { m_pages->setCurrentIndex(page); }

std::vector<double> TrainDemoPanel::measuredBars() const
{
    std::vector<double> v;
    v.reserve(static_cast<std::size_t>(m_measured->count()));
    for (int i = 0; i < m_measured->count(); ++i)
        v.push_back(m_measured->at(i));
    return v;
}

std::vector<double> TrainDemoPanel::predictedBars() const
{
    std::vector<double> v;
    v.reserve(static_cast<std::size_t>(m_predicted->count()));
    for (int i = 0; i < m_predicted->count(); ++i)
        v.push_back(m_predicted->at(i));
    return v;
}

} // namespace shardscope
