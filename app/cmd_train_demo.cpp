// SPDX-License-Identifier: MIT
// `shardscope train-demo`: the mini trainer (core/src/trainer) over in-process ranks or MPI processes,
// measured bytes beside the footprint model's, and `shardscope bench train-demo`.
#include "cli.h"

#include "shardscope/errors.h"
#include "shardscope/trainer.h"
#include "safewrite.h"
#include "scenariooptions.h"

#ifdef SHARDSCOPE_HAVE_MPI
#include "mpi/mpicommunicator.h"
#endif

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cmath>
#include <limits>
#include <optional>

namespace shardscope::cli {

using namespace shardscope::train;

namespace {

/// What rank 0 reports for one rank.
struct RankSummary
{
    int rank = 0;
    std::int64_t measured[7] {}; // params, grads, master, moments, gathered, scratch, peak
    std::optional<std::int64_t> wire; // absent with MPI's native collectives (not recorded)
};

const char* const kByteKeys[7] = {"params", "grads", "master", "moments", "gathered", "scratch", "peak"};

RankSummary summarise(const RankResult& r, bool recorded)
{
    RankSummary s;
    s.rank = r.rank;
    for (int c = 0; c < kMemCategoryCount; ++c)
        s.measured[c] = r.ledger.peak(static_cast<MemCategory>(c));
    s.measured[6] = r.ledger.peakTotal();
    if (recorded)
        s.wire = r.wireBytesSent;
    return s;
}

void addOptions(QCommandLineParser& p)
{
    auto opt = [&](const char* name, const char* help, const char* value = nullptr) {
        if (value)
            p.addOption(QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value)));
        else
            p.addOption(QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help)));
    };
    opt("ranks", "Ranks (default 4; with --backend mpi the MPI world size).", "N");
    opt("steps", "Optimizer steps (default 20).", "K");
    opt("widths", "MLP widths inputs,hidden...,outputs (default 256,1024,1024,128: 1,443,968 params).", "LIST");
    opt("batch", "Global batch per step, divisible by ranks x grad-accum (default 48).", "B");
    opt("grad-accum", "Micro-batches per step (default 1).", "M");
    opt("lr", "Adam learning rate (default 0.001).", "LR");
    opt("weight-decay", "Weight decay (default 0).", "WD");
    opt("adamw", "Decoupled weight decay (AdamW).");
    opt("clip", "Clip the grads to this global L2 norm (default 0: off).", "NORM");
    opt("bf16", "bf16 params and grads (emulated by rounding) with fp32 master; default fp32.");
    opt("format", "json or table (default table).", "FORMAT");
}

TrainConfig configFrom(const QCommandLineParser& p)
{
    TrainConfig c;
    // The shared option parsers (scenariooptions.h): clear messages naming the option; the trainer's
    // validateTrainConfig() holds the ranges.
    auto intOpt = [&](const char* name, int def) {
        const QString k = QString::fromLatin1(name);
        return p.isSet(k) ? int(parseIntOption(p.value(k), name, std::numeric_limits<int>::min(),
                                               std::numeric_limits<int>::max()))
                          : def;
    };
    auto dblOpt = [&](const char* name, double def) {
        const QString k = QString::fromLatin1(name);
        return p.isSet(k) ? parseDoubleOption(p.value(k), name, -1e300, 1e300) : def;
    };
    c.ranks = intOpt("ranks", 4);
    c.steps = intOpt("steps", 20);
    c.globalBatch = intOpt("batch", 48);
    c.gradAccum = intOpt("grad-accum", 1);
    c.lr = dblOpt("lr", 1e-3);
    c.weightDecay = dblOpt("weight-decay", 0);
    c.clipNorm = dblOpt("clip", 0);
    c.adamw = p.isSet(QStringLiteral("adamw"));
    c.bf16 = p.isSet(QStringLiteral("bf16"));
    if (p.isSet(QStringLiteral("widths"))) {
        const QStringList parts = p.value(QStringLiteral("widths")).split(QLatin1Char(','));
        std::vector<int> w;
        for (const QString& s : parts) {
            bool ok = false;
            const int v = s.trimmed().toInt(&ok);
            if (!ok || v < 1 || v > 65536)
                throw InvalidInput("widths", "--widths: '" + s.toStdString() + "' is not a width between 1 and 65536");
            w.push_back(v);
        }
        if (w.size() < 2)
            throw InvalidInput("widths", "--widths: at least inputs,outputs");
        c.mlp.inputs = w.front();
        c.mlp.outputs = w.back();
        c.mlp.hidden.assign(w.begin() + 1, w.end() - 1);
    }
    return c;
}

/// Runs `body`, turning the trainer's refusals into exit 2.
int trainGuarded(const std::function<int()>& body)
{
    return guarded([&] {
        try {
            return body();
        } catch (const std::invalid_argument& e) {
            return badInput(QString::fromStdString(e.what()));
        } catch (const CheckpointWriteError& e) { // a full disk: nothing wrong with the input (exit 1)
            err(QStringLiteral("shardscope: --save: ") + QString::fromStdString(e.what()) + QLatin1Char('\n'));
            return kExitFailure;
        } catch (const CheckpointError& e) { // a checkpoint --resume refuses
            return badInput(QStringLiteral("--resume: checkpoint: ") + QString::fromStdString(e.what()));
        } catch (const TrainRunError& e) {
            err(QStringLiteral("shardscope: train-demo: ") + QString::fromStdString(e.what()) + QLatin1Char('\n'));
            return kExitFailure;
        }
    });
}

/// The largest |a - b|; NaN never compares as equal (std::max(d, NaN) kept d: "0 difference" from a NaN run), so a
/// non-finite pair gives +inf.
double maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b)
{
    double d = 0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        const double x = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
        if (!std::isfinite(x))
            return std::numeric_limits<double>::infinity();
        d = std::max(d, x);
    }
    return a.size() == b.size() ? d : std::numeric_limits<double>::infinity();
}

/// A run whose parameters are not finite (or that differs without bound from its reference) stops with exit 1.
void requireFinite(double diff)
{
    if (!std::isfinite(diff))
        throw TrainRunError("the parameters are not finite (the run diverged: a smaller --lr, or --clip)");
}

std::vector<float> referenceParams(TrainConfig c)
{
    c.strategy = Strategy::Single;
    c.ranks = 1;
    return trainInProcess(c).at(0).params;
}

int report(const TrainConfig& c, const QString& format, const std::vector<double>& loss, double diff,
           const std::vector<RankSummary>& ranks, const Timings& t, const QString& backend)
{
    const PredictedBytes pred = predictBytes(c);
    const std::int64_t predicted[7] = {pred.params, pred.grads, pred.master, pred.moments,
                                       pred.gathered, pred.scratch, pred.peak};
    if (format == QLatin1String("json")) {
        QJsonObject root;
        QJsonArray l;
        for (double v : loss)
            l.append(v);
        root[QStringLiteral("loss")] = l;
        root[QStringLiteral("max_abs_diff_vs_reference")] = diff;
        QJsonArray rs;
        for (const RankSummary& r : ranks) {
            QJsonObject o, m, p;
            o[QStringLiteral("rank")] = r.rank;
            for (int k = 0; k < 7; ++k) {
                m[QString::fromLatin1(kByteKeys[k])] = static_cast<double>(r.measured[k]);
                p[QString::fromLatin1(kByteKeys[k])] = static_cast<double>(predicted[k]);
            }
            o[QStringLiteral("measured_bytes")] = m;
            o[QStringLiteral("predicted_bytes")] = p;
            o[QStringLiteral("wire_bytes_sent")] = r.wire ? QJsonValue(static_cast<double>(*r.wire)) : QJsonValue();
            rs.append(o);
        }
        root[QStringLiteral("ranks")] = rs;
        QJsonObject ts;
        ts[QStringLiteral("forward")] = t.forward;
        ts[QStringLiteral("backward")] = t.backward;
        ts[QStringLiteral("comm")] = t.comm;
        ts[QStringLiteral("optimizer")] = t.optimizer;
        root[QStringLiteral("time_s")] = ts;
        out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return kExitOk;
    }
    QString s;
    s += QStringLiteral("%1 over %2 ranks (%3), %4 params, %5\n")
             .arg(QString::fromLatin1(strategyKey(c.strategy)))
             .arg(c.ranks)
             .arg(backend)
             .arg(mlpParamCount(c.mlp))
             .arg(c.bf16 ? QStringLiteral("bf16 params/grads, fp32 master") : QStringLiteral("fp32"));
    if (!loss.empty())
        s += QStringLiteral("loss: step 1 %1, step %2 %3\n").arg(loss.front(), 0, 'g', 6).arg(loss.size()).arg(loss.back(), 0, 'g', 6);
    s += QStringLiteral("max |param - single-process reference|: %1\n\n").arg(diff, 0, 'g', 3);
    s += QStringLiteral("%1").arg(QStringLiteral("rank"), -5);
    for (const char* k : kByteKeys)
        s += QStringLiteral("%1").arg(QString::fromLatin1(k), 22);
    s += QStringLiteral("%1\n").arg(QStringLiteral("wire bytes sent"), 18);
    for (const RankSummary& r : ranks) {
        s += QStringLiteral("%1").arg(r.rank, -5);
        for (int k = 0; k < 7; ++k)
            s += QStringLiteral("%1").arg(QStringLiteral("%1 / %2").arg(r.measured[k]).arg(predicted[k]), 22);
        s += QStringLiteral("%1\n").arg(r.wire ? QString::number(*r.wire) : QStringLiteral("not recorded"), 18);
    }
    s += QStringLiteral("(bytes: measured / predicted; params..moments predicted by the footprint model)\n");
    s += QStringLiteral("time (rank 0): forward %1 s, backward %2 s, comm %3 s, optimizer %4 s\n")
             .arg(t.forward, 0, 'f', 4)
             .arg(t.backward, 0, 'f', 4)
             .arg(t.comm, 0, 'f', 4)
             .arg(t.optimizer, 0, 'f', 4);
    out(s);
    return kExitOk;
}

/// Through the project's safe writer (ui/io/safewrite.h): every write checked, renamed only when all bytes are on disk,
/// a device node or FIFO at the path written through, never replaced (a QSaveFile's commit() truncated the file on a
/// full disk and replaced /dev/full). Throws WriteError: exit 1, "PATH: cannot write: REASON".
void writeParams(const QString& path, const std::vector<float>& params)
{
    writeFileAtomically(path, QByteArray(reinterpret_cast<const char*>(params.data()),
                                         static_cast<qsizetype>(params.size() * sizeof(float))));
}

} // namespace

int runTrainDemo(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Trains a small MLP for real with DDP, ZeRO-1/2/3 or naive ZeRO over N ranks (threads in this process, "
        "or MPI processes: mpirun -np N shardscope train-demo --backend mpi ...) and prints the loss, the "
        "difference from the single-process reference, and each rank's measured bytes beside the footprint "
        "model's prediction."));
    addOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("strategy"), QStringLiteral("ddp, zero1, zero2, zero3 or naive-zero (default ddp)."), QStringLiteral("S")));
    p.addOption(QCommandLineOption(QStringLiteral("backend"), QStringLiteral("threads (default) or mpi."), QStringLiteral("B")));
    p.addOption(QCommandLineOption(QStringLiteral("collectives"), QStringLiteral("ring (default: the ring over point-to-point) or native (MPI's own; --backend mpi)."), QStringLiteral("C")));
    p.addOption(QCommandLineOption(QStringLiteral("save"), QStringLiteral("Write a sharded checkpoint to DIR after --save-after steps."), QStringLiteral("DIR")));
    p.addOption(QCommandLineOption(QStringLiteral("save-after"), QStringLiteral("Steps before the checkpoint (default: --steps)."), QStringLiteral("K")));
    p.addOption(QCommandLineOption(QStringLiteral("resume"), QStringLiteral("Resume from the sharded checkpoint in DIR."), QStringLiteral("DIR")));
    p.addOption(QCommandLineOption(QStringLiteral("params-out"), QStringLiteral("Write the final parameters (raw little-endian fp32) to FILE."), QStringLiteral("FILE")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return trainGuarded([&]() -> int {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        TrainConfig c = configFrom(p);
        const QString sk = p.isSet(QStringLiteral("strategy")) ? p.value(QStringLiteral("strategy")) : QStringLiteral("ddp");
        const std::optional<Strategy> st = strategyFromKey(sk.toStdString());
        if (!st || *st == Strategy::Single)
            return badInput(QStringLiteral("--strategy: '%1' must be one of ddp, zero1, zero2, zero3, naive-zero").arg(sk));
        c.strategy = *st;
        const QString backend = p.isSet(QStringLiteral("backend")) ? p.value(QStringLiteral("backend")) : QStringLiteral("threads");
        if (backend != QLatin1String("threads") && backend != QLatin1String("mpi"))
            return badInput(QStringLiteral("--backend: '%1' must be threads or mpi").arg(backend));
        const QString coll = p.isSet(QStringLiteral("collectives")) ? p.value(QStringLiteral("collectives")) : QStringLiteral("ring");
        if (coll != QLatin1String("ring") && coll != QLatin1String("native"))
            return badInput(QStringLiteral("--collectives: '%1' must be ring or native").arg(coll));
        if (coll == QLatin1String("native") && backend != QLatin1String("mpi"))
            return badInput(QStringLiteral("--collectives native needs --backend mpi (the threads backend has only the ring)"));
        CheckpointOptions ck;
        if (p.isSet(QStringLiteral("save-after")) && !p.isSet(QStringLiteral("save")))
            return badInput(QStringLiteral("--save-after: needs --save DIR (nothing would be saved)"));
        if (p.isSet(QStringLiteral("save"))) {
            ck.saveDir = p.value(QStringLiteral("save")).toStdString();
            bool ok = true;
            ck.saveAfterStep = p.isSet(QStringLiteral("save-after")) ? p.value(QStringLiteral("save-after")).toInt(&ok) : c.steps;
            if (!ok || ck.saveAfterStep < 1 || ck.saveAfterStep > c.steps)
                return badInput(QStringLiteral("--save-after: between 1 and --steps"));
        }
        if (p.isSet(QStringLiteral("resume")))
            ck.resumeDir = p.value(QStringLiteral("resume")).toStdString();
        const QString paramsOut = p.value(QStringLiteral("params-out"));

        if (backend == QLatin1String("threads")) {
            validateTrainConfig(c);
            const std::vector<RankResult> res = trainInProcess(c, ck);
            std::vector<RankSummary> ranks;
            ranks.reserve(res.size());
            for (const RankResult& r : res)
                ranks.push_back(summarise(r, true));
            // A resumed run continues the same trajectory, so the reference is the uninterrupted run.
            const double diff = maxAbsDiff(res[0].params, referenceParams(c));
            requireFinite(diff);
            if (!paramsOut.isEmpty())
                writeParams(paramsOut, res[0].params);
            return report(c, format, res[0].loss, diff, ranks, res[0].time, backend);
        }
#ifdef SHARDSCOPE_HAVE_MPI
        MpiSession session;
        MpiCommunicator comm(coll == QLatin1String("native"));
        if (p.isSet(QStringLiteral("ranks")) && c.ranks != comm.size())
            return badInput(QStringLiteral("--ranks %1 but the MPI job has %2 processes (mpirun -np N sets the ranks)")
                                .arg(c.ranks)
                                .arg(comm.size()));
        c.ranks = comm.size();
        validateTrainConfig(c);
        const RankResult r = runRank(c, comm, ck);
        const RankSummary mine = summarise(r, !comm.native());
        std::vector<double> v(mine.measured, mine.measured + 7);
        v.push_back(mine.wire ? double(*mine.wire) : -1.0);
        const std::vector<double> all = comm.gatherToRoot(v);
        if (comm.rank() != 0)
            return kExitOk;
        std::vector<RankSummary> ranks;
        for (int k = 0; k < comm.size(); ++k) {
            RankSummary s;
            s.rank = k;
            for (int j = 0; j < 7; ++j)
                s.measured[j] = static_cast<std::int64_t>(all[static_cast<std::size_t>(k) * 8 + static_cast<std::size_t>(j)]);
            const double w = all[static_cast<std::size_t>(k) * 8 + 7];
            if (w >= 0)
                s.wire = static_cast<std::int64_t>(w);
            ranks.push_back(s);
        }
        const double diff = maxAbsDiff(r.params, referenceParams(c));
        requireFinite(diff);
        if (!paramsOut.isEmpty())
            writeParams(paramsOut, r.params);
        return report(c, format, r.loss, diff, ranks, r.time,
                      QStringLiteral("MPI, %1 collectives").arg(coll));
#else
        return badInput(QStringLiteral("--backend mpi: this shardscope was built without MPI (install libopenmpi-dev "
                                       "and openmpi-bin, then reconfigure); use --backend threads"));
#endif
    });
}

#ifdef SHARDSCOPE_HAVE_MPI
namespace {

/// `bench train-demo --backend mpi`: every strategy with the ring over MPI_Sendrecv and with MPI's own
/// collectives, in one job; the step time is the slowest rank's wall clock after a barrier.
int benchTrainDemoMpi(const QCommandLineParser& p, TrainConfig c, const QString& format, const QString& coll)
{
    MpiSession session;
    MpiCommunicator comm(false);
    if (p.isSet(QStringLiteral("ranks")) && c.ranks != comm.size())
        return badInput(QStringLiteral("--ranks %1 but the MPI job has %2 processes (mpirun -np N sets the ranks)")
                            .arg(c.ranks)
                            .arg(comm.size()));
    c.ranks = comm.size();
    std::vector<bool> natives;
    if (coll != QLatin1String("native"))
        natives.push_back(false);
    if (coll != QLatin1String("ring"))
        natives.push_back(true);
    const std::vector<Strategy> strategies {Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3,
                                            Strategy::NaiveZero};
    struct Figure
    {
        double step = 0, comm = 0;
        std::vector<float> params;
    };
    std::vector<std::vector<Figure>> fig(strategies.size(), std::vector<Figure>(2));
    for (std::size_t si = 0; si < strategies.size(); ++si) {
        c.strategy = strategies[si];
        validateTrainConfig(c);
        for (bool native : natives) {
            comm.setNative(native);
            comm.clearRecord();
            comm.barrier();
            const auto t0 = std::chrono::steady_clock::now();
            const RankResult r = runRank(c, comm);
            const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            const std::vector<double> all = comm.gatherToRoot({wall, r.time.comm});
            Figure& f = fig[si][native ? 1 : 0];
            for (std::size_t k = 0; k + 1 < all.size(); k += 2) {
                f.step = std::max(f.step, all[k] / std::max(1, c.steps));
                f.comm = std::max(f.comm, all[k + 1] / std::max(1, c.steps));
            }
            f.params = r.params;
        }
    }
    if (comm.rank() != 0)
        return kExitOk;
    auto name = [](bool native) { return native ? QStringLiteral("native") : QStringLiteral("ring"); };
    QJsonArray rows;
    QString table = QStringLiteral("%1 params, %2 MPI processes, %3 steps; seconds per step (slowest rank)\n")
                        .arg(mlpParamCount(c.mlp))
                        .arg(c.ranks)
                        .arg(c.steps);
    table += QStringLiteral("%1").arg(QStringLiteral("strategy"), -11);
    for (bool native : natives)
        table += QStringLiteral("%1%2%3")
                     .arg(name(native) + QStringLiteral(" s/step"), 16)
                     .arg(name(native) + QStringLiteral(" comm s"), 16)
                     .arg(name(native) + QStringLiteral(" /DDP"), 13);
    if (natives.size() == 2)
        table += QStringLiteral("%1%2").arg(QStringLiteral("native/ring"), 13).arg(QStringLiteral("max |native - ring|"), 21);
    table += QLatin1Char('\n');
    for (std::size_t si = 0; si < strategies.size(); ++si) {
        QJsonObject o;
        o[QStringLiteral("strategy")] = QString::fromLatin1(strategyKey(strategies[si]));
        table += QStringLiteral("%1").arg(QString::fromLatin1(strategyKey(strategies[si])), -11);
        for (bool native : natives) {
            const Figure& f = fig[si][native ? 1 : 0];
            const double ddp = fig[0][native ? 1 : 0].step;
            QJsonObject x;
            x[QStringLiteral("step_time_s")] = f.step;
            x[QStringLiteral("comm_s_per_step")] = f.comm;
            x[QStringLiteral("ratio_to_ddp")] = ddp > 0 ? f.step / ddp : 1.0;
            o[name(native)] = x;
            table += QStringLiteral("%1%2%3")
                         .arg(f.step, 16, 'f', 4)
                         .arg(f.comm, 16, 'f', 4)
                         .arg(ddp > 0 ? f.step / ddp : 1.0, 13, 'f', 3);
        }
        if (natives.size() == 2) {
            const Figure &ring = fig[si][0], &native = fig[si][1];
            const double diff = maxAbsDiff(native.params, ring.params);
            o[QStringLiteral("native_over_ring")] = ring.step > 0 ? native.step / ring.step : 1.0;
            o[QStringLiteral("max_abs_diff_native_vs_ring")] = diff;
            table += QStringLiteral("%1%2").arg(ring.step > 0 ? native.step / ring.step : 1.0, 13, 'f', 3).arg(diff, 21, 'g', 3);
        }
        table += QLatin1Char('\n');
        rows.append(o);
    }
    if (format == QLatin1String("json")) {
        QJsonObject root;
        root[QStringLiteral("backend")] = QStringLiteral("mpi");
        root[QStringLiteral("ranks")] = c.ranks;
        root[QStringLiteral("steps")] = c.steps;
        root[QStringLiteral("params")] = static_cast<double>(mlpParamCount(c.mlp));
        QJsonArray cs;
        for (bool native : natives)
            cs.append(name(native));
        root[QStringLiteral("collectives")] = cs;
        root[QStringLiteral("strategies")] = rows;
        out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
    } else {
        out(table);
    }
    return kExitOk;
}

} // namespace
#endif

int benchTrainDemo(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Step time of each strategy over 8 in-process ranks, and its ratio to DDP (target: ZeRO-1 within 1.2x). "
        "With --backend mpi (mpirun -np N shardscope bench train-demo --backend mpi): each strategy over the MPI "
        "processes with the ring and with MPI's own collectives, side by side."));
    addOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("backend"), QStringLiteral("threads (default) or mpi."), QStringLiteral("B")));
    p.addOption(QCommandLineOption(QStringLiteral("collectives"),
                                   QStringLiteral("With --backend mpi: ring, native or both (default both: the comparison)."),
                                   QStringLiteral("C")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return trainGuarded([&]() -> int {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        const QString backend = p.isSet(QStringLiteral("backend")) ? p.value(QStringLiteral("backend")) : QStringLiteral("threads");
        if (backend != QLatin1String("threads") && backend != QLatin1String("mpi"))
            return badInput(QStringLiteral("--backend: '%1' must be threads or mpi").arg(backend));
        const QString coll = p.isSet(QStringLiteral("collectives")) ? p.value(QStringLiteral("collectives")) : QStringLiteral("both");
        if (coll != QLatin1String("ring") && coll != QLatin1String("native") && coll != QLatin1String("both"))
            return badInput(QStringLiteral("--collectives: '%1' must be ring, native or both").arg(coll));
        if (p.isSet(QStringLiteral("collectives")) && backend != QLatin1String("mpi"))
            return badInput(QStringLiteral("--collectives needs --backend mpi (the threads backend has only the ring)"));
        TrainConfig c = configFrom(p);
        if (backend == QLatin1String("mpi")) {
            if (!p.isSet(QStringLiteral("steps")))
                c.steps = 10;
#ifdef SHARDSCOPE_HAVE_MPI
            return benchTrainDemoMpi(p, c, format, coll);
#else
            return badInput(QStringLiteral("--backend mpi: this shardscope was built without MPI (install libopenmpi-dev "
                                           "and openmpi-bin, then reconfigure); use --backend threads"));
#endif
        }
        if (!p.isSet(QStringLiteral("ranks")))
            c.ranks = 8;
        if (!p.isSet(QStringLiteral("steps")))
            c.steps = 10;
        QJsonArray rows;
        double ddp = 0, zero1 = 0;
        QString table = QStringLiteral("%1 params, %2 ranks in-process, %3 steps\n").arg(mlpParamCount(c.mlp)).arg(c.ranks).arg(c.steps);
        for (Strategy s : {Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3, Strategy::NaiveZero}) {
            c.strategy = s;
            validateTrainConfig(c);
            const auto t0 = std::chrono::steady_clock::now();
            const std::vector<RankResult> res = trainInProcess(c);
            const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            const double step = wall / std::max(1, c.steps);
            if (s == Strategy::Ddp)
                ddp = step;
            if (s == Strategy::Zero1)
                zero1 = step;
            QJsonObject o;
            o[QStringLiteral("strategy")] = QString::fromLatin1(strategyKey(s));
            o[QStringLiteral("step_time_s")] = step;
            o[QStringLiteral("ratio_to_ddp")] = ddp > 0 ? step / ddp : 1.0;
            o[QStringLiteral("wire_bytes_per_rank")] = static_cast<double>(res[0].wireBytesSent);
            o[QStringLiteral("comm_s_rank0")] = res[0].time.comm;
            rows.append(o);
            table += QStringLiteral("%1 %2 s/step  %3x DDP\n")
                         .arg(QString::fromLatin1(strategyKey(s)), -11)
                         .arg(step, 9, 'f', 4)
                         .arg(ddp > 0 ? step / ddp : 1.0, 0, 'f', 3);
        }
        const bool within = ddp > 0 && zero1 <= 1.2 * ddp;
        if (format == QLatin1String("json")) {
            QJsonObject root;
            root[QStringLiteral("ranks")] = c.ranks;
            root[QStringLiteral("steps")] = c.steps;
            root[QStringLiteral("params")] = static_cast<double>(mlpParamCount(c.mlp));
            root[QStringLiteral("strategies")] = rows;
            root[QStringLiteral("target")] = QStringLiteral("zero1 step time within 1.2x of ddp");
            root[QStringLiteral("zero1_within_target")] = within;
            out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        } else {
            out(table + QStringLiteral("target ZeRO-1 <= 1.2x DDP: %1\n").arg(within ? QStringLiteral("met") : QStringLiteral("missed")));
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
