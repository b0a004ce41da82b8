// SPDX-License-Identifier: MIT
#include "tourfacts.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/step.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

namespace shardscope {

namespace {
constexpr double kGB = 1e9;
}

const QStringList& tourQuantityNames()
{
    static const QStringList names = {
        // inputs
        QStringLiteral("gpus"), QStringLiteral("dp"), QStringLiteral("tp"), QStringLiteral("pp"),
        QStringLiteral("stage"), QStringLiteral("micro_batch"), QStringLiteral("grad_accum"), QStringLiteral("seq"),
        QStringLiteral("gpus_per_node"), QStringLiteral("hidden"), QStringLiteral("hidden_per_tp"),
        QStringLiteral("params_b"),
        // footprint of the worst rank (GB = 10^9 bytes)
        QStringLiteral("params_gb"), QStringLiteral("grads_gb"), QStringLiteral("master_gb"),
        QStringLiteral("optimizer_gb"), QStringLiteral("activations_gb"), QStringLiteral("model_states_gb"),
        QStringLiteral("total_gb"), QStringLiteral("capacity_gb"), QStringLiteral("fits"),
        QStringLiteral("bytes_per_param"), QStringLiteral("weights_grads_per_param"),
        QStringLiteral("master_optimizer_per_param"), QStringLiteral("states_per_param"),
        QStringLiteral("states_saving"),
        QStringLiteral("min_gpus_0"), QStringLiteral("min_gpus_1"), QStringLiteral("min_gpus_2"),
        QStringLiteral("min_gpus_3"),
        // step
        QStringLiteral("step_time_s"), QStringLiteral("compute_s"), QStringLiteral("comm_s"),
        QStringLiteral("exposed_comm_s"), QStringLiteral("comm_compute_ratio"), QStringLiteral("comm_compute_pct"), QStringLiteral("bubble_pct"),
        QStringLiteral("dp_gb"), QStringLiteral("nvlink_gbps"), QStringLiteral("nic_gbps"), QStringLiteral("mfu_pct"),
        QStringLiteral("nic_channels"), QStringLiteral("nic_node_gbps"), QStringLiteral("dp_gbps"),
        QStringLiteral("tp_crosses_nodes"), QStringLiteral("pp_crosses_nodes"),
        // MoE and expert parallelism (issue 25): the model's experts, the EP layout, one all-to-all (moeAllToAll()) and
        // the step's all-to-all events
        QStringLiteral("ep"), QStringLiteral("experts"), QStringLiteral("top_k"), QStringLiteral("experts_per_gpu"),
        QStringLiteral("ep_nodes"), QStringLiteral("a2a_tokens"), QStringLiteral("a2a_mb"), QStringLiteral("a2a_slice_mb"),
        QStringLiteral("a2a_nic_mb"), QStringLiteral("a2a_ms"), QStringLiteral("a2a_per_step"), QStringLiteral("ep_gb"),
        QStringLiteral("a2a_nvlink_gbps"),
        QStringLiteral("ep_exposed_s"),
        // from core's mini trainer (a step with "train"): measured on rank 0 and predicted
        QStringLiteral("train_params_m"), QStringLiteral("train_ranks"), QStringLiteral("train_measured_mb"),
        QStringLiteral("train_predicted_mb"), QStringLiteral("train_measured_peak_mb"),
        QStringLiteral("train_predicted_peak_mb"), QStringLiteral("train_measured_pct"),
    };
    return names;
}

TourFacts::TourFacts(const Scenario& s)
    : m_s(s)
{
}

TourFacts::~TourFacts() = default;

const Footprint& TourFacts::footprint() const
{
    if (!m_footprint)
        m_footprint = std::make_unique<Footprint>(computeFootprint(m_s));
    return *m_footprint;
}

const StepResult& TourFacts::step() const
{
    if (!m_step)
        m_step = std::make_unique<StepResult>(computeStep(m_s));
    return *m_step;
}

double TourFacts::modelStatesBytes(const Footprint& f) const
{
    // Each model-state term at its largest over the step (the peak moment's breakdown may catch a term
    // freed or not yet allocated, e.g. 16-bit grads before backward): the 16 P arithmetic of the seeds.
    const RankFootprint& r = f.worstRank();
    double sum = 0;
    for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
        sum += double(r.stepMaxBytes[static_cast<std::size_t>(t)]);
    return sum;
}

double TourFacts::value(const QString& name) const
{
    const Scenario& s = m_s;
    if (name == QLatin1String("gpus"))
        return double(s.gpus);
    if (name == QLatin1String("dp"))
        return double(s.dp());
    if (name == QLatin1String("tp"))
        return double(s.tp);
    if (name == QLatin1String("pp"))
        return double(s.pp);
    if (name == QLatin1String("stage"))
        return s.zeroStage;
    if (name == QLatin1String("micro_batch"))
        return double(s.microBatch);
    if (name == QLatin1String("grad_accum"))
        return double(s.gradAccum);
    if (name == QLatin1String("seq"))
        return double(s.seq);
    if (name == QLatin1String("gpus_per_node"))
        return double(s.gpusPerNode);
    if (name == QLatin1String("hidden"))
        return double(s.arch.hidden);
    if (name == QLatin1String("hidden_per_tp"))
        return double(s.arch.hidden) / double(s.tp);
    if (name == QLatin1String("params_b"))
        return double(s.totalParams()) / 1e9;

    const auto term = [&](Term t) { return double(footprint().worstRank().bytes(t)) / kGB; };
    if (name == QLatin1String("params_gb"))
        return term(Term::Params);
    if (name == QLatin1String("grads_gb"))
        return term(Term::Grads);
    if (name == QLatin1String("master_gb"))
        return term(Term::Master);
    if (name == QLatin1String("optimizer_gb"))
        return term(Term::Optimizer);
    if (name == QLatin1String("activations_gb"))
        return term(Term::Activations);
    if (name == QLatin1String("model_states_gb"))
        return modelStatesBytes(footprint()) / kGB;
    if (name == QLatin1String("total_gb"))
        return double(footprint().worstBytes()) / kGB;
    if (name == QLatin1String("capacity_gb"))
        return double(footprint().usableBytes) / kGB;
    if (name == QLatin1String("fits"))
        return footprint().fits ? 1 : 0;
    if (name == QLatin1String("bytes_per_param"))
        return effectiveBytesPerParam(s).total();
    if (name == QLatin1String("weights_grads_per_param")) {
        const BytesPerParam b = effectiveBytesPerParam(s);
        return b.weights + b.grads;
    }
    if (name == QLatin1String("master_optimizer_per_param")) {
        const BytesPerParam b = effectiveBytesPerParam(s);
        return b.master + b.optimizer;
    }
    if (name == QLatin1String("states_per_param"))
        return modelStatesBytes(footprint()) / double(footprint().worstRank().localParams);
    if (name == QLatin1String("states_saving")) {
        Scenario ddp = s;
        ddp.zeroStage = 0;
        return modelStatesBytes(computeFootprint(ddp)) / modelStatesBytes(footprint());
    }
    for (int stage = 0; stage <= 3; ++stage)
        if (name == QStringLiteral("min_gpus_%1").arg(stage)) {
            const MinGpus m = minGpusForStage(s, stage);
            return m.minGpus ? double(*m.minGpus) : 0.0;
        }

    if (name == QLatin1String("step_time_s"))
        return step().totals.stepTime;
    if (name == QLatin1String("compute_s"))
        return step().totals.computeSeconds;
    if (name == QLatin1String("exposed_comm_s"))
        return step().totals.exposedCommSeconds;
    if (name == QLatin1String("comm_compute_pct"))
        return 100.0 * value(QStringLiteral("comm_compute_ratio"));
    if (name == QLatin1String("comm_s") || name == QLatin1String("comm_compute_ratio")) {
        double comm = 0;
        for (const StepEvent& e : step().events)
            if (e.isComm() && e.group != CommGroup::Host)
                comm += e.duration;
        return name == QLatin1String("comm_s") ? comm : comm / step().totals.computeSeconds;
    }
    if (name == QLatin1String("bubble_pct"))
        return 100.0 * step().totals.analyticBubbleFraction;
    if (name == QLatin1String("dp_gb"))
        return step().totals.dpBytes / kGB;
    if (name == QLatin1String("nvlink_gbps"))
        return step().links.intraNodeBytesPerSecond / kGB;
    if (name == QLatin1String("nic_gbps"))
        return step().links.interNodeBytesPerSecond / kGB;
    // The DP ring as the model runs it (core/src/links.cpp): across nodes one channel per NIC, dpRanksPerNode of them at
    // the NIC share each, together capped by NVLink; inside a node NVLink.
    if (name == QLatin1String("nic_channels"))
        return double(step().links.dpRanksPerNode);
    if (name == QLatin1String("nic_node_gbps"))
        return step().links.interNodeBytesPerSecond * double(step().links.dpRanksPerNode) / kGB;
    if (name == QLatin1String("dp_gbps"))
        return step().links.dpBytesPerSecond / kGB;
    if (name == QLatin1String("mfu_pct"))
        return 100.0 * step().totals.mfu;
    if (name == QLatin1String("tp_crosses_nodes"))
        return step().links.tpCrossesNodes ? 1 : 0;
    if (name == QLatin1String("pp_crosses_nodes"))
        return step().links.ppCrossesNodes ? 1 : 0;
    if (name == QLatin1String("ep"))
        return double(s.ep);
    if (name == QLatin1String("experts"))
        return double(s.arch.experts);
    if (name == QLatin1String("top_k"))
        return double(s.arch.topK);
    if (name == QLatin1String("experts_per_gpu"))
        return double(s.arch.experts) / double(std::max<std::int64_t>(1, s.ep));
    if (name.startsWith(QLatin1String("a2a_")) || name == QLatin1String("ep_nodes")) {
        const MoeAllToAll x = moeAllToAll(s);
        if (name == QLatin1String("ep_nodes"))
            return double(x.epNodes);
        if (name == QLatin1String("a2a_tokens"))
            return x.tokens;
        if (name == QLatin1String("a2a_mb"))
            return x.sentBytes / 1e6;
        if (name == QLatin1String("a2a_slice_mb"))
            return s.ep > 1 ? x.sentBytes / double(s.ep - 1) / 1e6 : 0.0;
        if (name == QLatin1String("a2a_nic_mb"))
            return x.interNodeBytes / 1e6;
        if (name == QLatin1String("a2a_ms"))
            return x.seconds * 1e3;
        // NVLink as one all-to-all runs on it: the share dispatch and combine kernels reach (moeNvlinkFraction()).
        if (name == QLatin1String("a2a_nvlink_gbps"))
            return step().links.intraNodeBytesPerSecond * moeNvlinkFraction(s) / kGB;
        if (name == QLatin1String("a2a_per_step"))
            return x.sentBytes > 0 ? std::round(step().totals.epBytes / x.sentBytes) : 0.0; // the step's all-to-all events
    }
    if (name == QLatin1String("ep_gb"))
        return step().totals.epBytes / kGB;
    if (name == QLatin1String("ep_exposed_s")) {
        double exposed = 0;
        for (const StepEvent& e : step().events)
            if (e.kind == EventKind::AllToAll)
                exposed += e.exposedSeconds;
        return exposed;
    }
    if (name.startsWith(QLatin1String("train_")))
        return trainValue(name);
    throw InvalidInput("tour", QCoreApplication::translate("shardscope::Tour", "unknown quantity '%1'").arg(name).toStdString());
}

namespace {
/// Rank 0's measured bytes of a mini-trainer run: model states (params + grads + master + moments, each at
/// its peak) and the whole peak. Runs are deterministic in their allocations, so one run per config serves.
struct TrainMeasured
{
    double states = 0;
    double peak = 0;
};
using TrainKey = std::tuple<int, int, int, bool>;
TrainKey trainKey(const train::TrainConfig& c) { return {int(c.strategy), c.ranks, c.steps, c.bf16}; }
std::mutex& trainMutex()
{
    static std::mutex m;
    return m;
}
std::map<TrainKey, TrainMeasured>& trainCache()
{
    static std::map<TrainKey, TrainMeasured> cache;
    return cache;
}
} // namespace

bool TourFacts::trainerCached(const train::TrainConfig& c)
{
    const std::lock_guard<std::mutex> lock(trainMutex());
    return trainCache().count(trainKey(c)) != 0;
}

void TourFacts::runTrainerCached(const train::TrainConfig& c)
{
    if (trainerCached(c))
        return;
    const std::vector<train::RankResult> runs = train::trainInProcess(c);
    const train::MemoryLedger& l = runs.at(0).ledger;
    TrainMeasured m;
    for (train::MemCategory k : {train::MemCategory::Params, train::MemCategory::Grads, train::MemCategory::Master,
                                 train::MemCategory::Moments})
        m.states += double(l.peak(k));
    m.peak = double(l.peakTotal());
    const std::lock_guard<std::mutex> lock(trainMutex());
    trainCache()[trainKey(c)] = m;
}

double TourFacts::trainValue(const QString& name) const
{
    if (!m_train)
        throw InvalidInput("tour", QCoreApplication::translate("shardscope::Tour", "{%1} needs a step with \"train\"").arg(name).toStdString());
    const train::TrainConfig& c = *m_train;
    if (name == QLatin1String("train_params_m"))
        return double(train::mlpParamCount(c.mlp)) / 1e6;
    if (name == QLatin1String("train_ranks"))
        return c.ranks;
    const train::PredictedBytes p = train::predictBytes(c);
    const double predictedStates = double(p.params + p.grads + p.master + p.moments);
    if (name == QLatin1String("train_predicted_mb"))
        return predictedStates / 1e6;
    if (name == QLatin1String("train_predicted_peak_mb"))
        return double(p.peak) / 1e6;
    runTrainerCached(c);
    TrainMeasured m;
    {
        const std::lock_guard<std::mutex> lock(trainMutex());
        m = trainCache().at(trainKey(c));
    }
    if (name == QLatin1String("train_measured_mb"))
        return m.states / 1e6;
    if (name == QLatin1String("train_measured_peak_mb"))
        return m.peak / 1e6;
    if (name == QLatin1String("train_measured_pct"))
        return predictedStates > 0 ? 100.0 * m.states / predictedStates : 0.0;
    throw InvalidInput("tour", QCoreApplication::translate("shardscope::Tour", "unknown quantity '%1'").arg(name).toStdString());
}

QString TourFacts::format(double v, const QLocale& locale, int decimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("?");
    if (decimals < 0) {
        const double a = std::abs(v);
        if (a >= 100 || std::abs(v - std::round(v)) < 1e-9)
            decimals = 0;
        else
            decimals = std::max(0, 2 - int(std::floor(std::log10(a))));
    }
    QLocale l = locale;
    if (std::abs(v) < 10000) // 4096, not 4,096 (matrix sizes, sequence lengths)
        l.setNumberOptions(l.numberOptions() | QLocale::OmitGroupSeparator);
    QString text = l.toString(v, 'f', decimals);
    if (decimals > 0) {
        const QString point = locale.decimalPoint();
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

namespace {
const QRegularExpression& placeholderPattern()
{
    static const QRegularExpression re(QStringLiteral("\\{([a-z_0-9]+)(?::([0-9]))?\\}"));
    return re;
}
} // namespace

QStringList TourFacts::placeholders(const QString& text)
{
    QStringList names;
    for (auto it = placeholderPattern().globalMatch(text); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

QString TourFacts::render(const QString& text, const QLocale& locale) const
{
    QString result;
    qsizetype last = 0;
    for (auto it = placeholderPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        result += QStringView(text).mid(last, m.capturedStart() - last);
        const int decimals = m.captured(2).isEmpty() ? -1 : m.captured(2).toInt();
        result += format(value(m.captured(1)), locale, decimals);
        last = m.capturedEnd();
    }
    result += QStringView(text).mid(last);
    return result;
}

} // namespace shardscope
