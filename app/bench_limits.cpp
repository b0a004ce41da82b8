// SPDX-License-Identifier: MIT
// `shardscope bench limits`: every command at the documented maxima of its options (docs/cli.md), each run as a
// child process of this executable, with its wall time, peak resident memory and exit code. Issue 30's rule: at its
// maxima a command answers within a few seconds and a gigabyte, or refuses with exit 2. A printed figure: the test
// that runs it (tst_hardening3, benchLimits) prints the figures and asserts only that nothing crashed.
#include "cli.h"

#include "safewrite.h"
#include "scenariooptions.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ; // NOLINT(readability-redundant-declaration): POSIX declares it nowhere in a header

namespace shardscope::cli {

namespace {

struct Limit
{
    const char* name; ///< what is at its maximum
    QStringList args;
};

struct Outcome
{
    int exitCode = -1; ///< -1: ended on a signal; -2: over the budget (killed); -3: could not start
    int signal = 0;
    double seconds = 0;
    double maxRssMb = 0;
};

/// Runs `exe args` with stdout and stderr to /dev/null, killed after `budgetS`; its peak RSS from wait4().
Outcome runChild(const QByteArray& exe, const QStringList& args, double budgetS)
{
    Outcome o;
    std::vector<QByteArray> store {exe};
    store.reserve(static_cast<std::size_t>(args.size()) + 1);
    for (const QString& a : args)
        store.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    argv.reserve(store.size() + 1);
    for (QByteArray& b : store)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const int rc = posix_spawn(&pid, exe.constData(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        o.exitCode = -3;
        return o;
    }
    int status = 0;
    struct rusage ru {};
    bool killed = false;
    for (;;) {
        const pid_t w = ::wait4(pid, &status, WNOHANG, &ru);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR) {
            o.exitCode = -3;
            return o;
        }
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!killed && elapsed > budgetS) {
            ::kill(pid, SIGKILL);
            killed = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    o.maxRssMb = double(ru.ru_maxrss) / 1024.0; // Linux: kilobytes
    if (killed)
        o.exitCode = -2;
    else if (WIFEXITED(status))
        o.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        o.signal = WTERMSIG(status);
    return o;
}

QString describe(const Outcome& o)
{
    if (o.exitCode == -2)
        return QStringLiteral("over budget");
    if (o.exitCode == -3)
        return QStringLiteral("did not start");
    if (o.signal)
        return QStringLiteral("signal %1").arg(o.signal);
    return QStringLiteral("exit %1").arg(o.exitCode);
}

/// The commands at the maxima docs/cli.md documents (each option at its limit, or the largest request the limits
/// let through). `dir` holds the files some of them write or read.
std::vector<Limit> limits(const QString& dir)
{
    auto L = [](std::initializer_list<const char*> a) {
        QStringList l;
        for (const char* x : a)
            l << QString::fromLatin1(x);
        return l;
    };
    std::vector<Limit> v {
        {"estimate: 100T params on 1,048,576 GPUs", L({"estimate", "--params", "100T", "--gpus", "1048576", "--format", "json"})},
        {"estimate: 1,048,576 GPUs, ZeRO-3", L({"estimate", "--model", "llama-3.1-405b", "--gpus", "1048576", "--stage", "3", "--format", "json"})},
        {"step: 100T params on 1,048,576 GPUs, PP 64", L({"step", "--params", "100T", "--gpus", "1048576", "--tp", "8", "--pp", "64", "--format", "json"})},
        {"step: PP 20,000 (1F1B, beyond the simulated blocks)",
         L({"step", "--layers", "20000", "--hidden", "256", "--heads", "2", "--gpus", "20000", "--pp", "20000", "--grad-accum", "100", "--format", "json"})},
        {"step: PP 20,000 (GPipe)",
         L({"step", "--layers", "20000", "--hidden", "256", "--heads", "2", "--gpus", "20000", "--pp", "20000", "--grad-accum", "100", "--schedule", "gpipe", "--format", "json"})},
        {"step: interleaved, 200,000 micro-batch chunks per GPU",
         L({"step", "--model", "llama-2-70b", "--gpus", "64", "--pp", "8", "--schedule", "interleaved", "--vpp", "10", "--grad-accum", "20000", "--format", "json"})},
        {"step: --grad-accum 1,000,000 (1F1B, simulated)",
         L({"step", "--layers", "24", "--hidden", "2048", "--heads", "16", "--gpus", "8", "--grad-accum", "1000000", "--format", "json"})},
        {"sweep: 10,000 points", L({"sweep", "--gpus", "1:10000:1", "--format", "json"})},
        {"min-gpus: 100T params", L({"min-gpus", "--params", "100T", "--format", "json"})},
        {"plan: --top 1,000 on 4,096 GPUs", L({"plan", "--model", "llama-2-70b", "--gpus", "4096", "--global-batch", "1024", "--top", "1000", "--format", "json"})},
        {"plan: 100T params on 1,048,576 GPUs", L({"plan", "--params", "100T", "--gpus", "1048576", "--top", "1000", "--format", "json"})},
        {"train-demo: --batch x --steps at the work bound", L({"train-demo", "--batch", "10000", "--steps", "1", "--ranks", "4"})},
        {"train-demo: --ranks 256 (the default MLP: refused)", L({"train-demo", "--ranks", "256", "--batch", "256", "--steps", "2"})},
        {"train-demo: --ranks 256 (a 525-parameter MLP)", L({"train-demo", "--ranks", "256", "--batch", "256", "--steps", "2", "--widths", "12,17,13,5"})},
        {"train-demo: --ranks 32, ZeRO-3", L({"train-demo", "--ranks", "32", "--batch", "256", "--steps", "2", "--strategy", "zero3"})},
        {"train-demo: --widths at 25M params", L({"train-demo", "--widths", "64,4900,4900,64", "--batch", "4", "--steps", "2", "--ranks", "1"})},
        {"export: 40 million pixels", QStringList {QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                                  QStringLiteral("--size"), QStringLiteral("10000x4000"), QStringLiteral("--out"),
                                                  dir + QStringLiteral("/big.png")}},
        {"validate: a 16 MiB steps CSV (170,000 rows: refused)", QStringList {QStringLiteral("validate"), QStringLiteral("--steps"), dir + QStringLiteral("/big-steps.csv")}},
        {"validate: 10,000 steps rows", QStringList {QStringLiteral("validate"), QStringLiteral("--steps"), dir + QStringLiteral("/rows-steps.csv")}},
        {"tour --check: 1,000 steps", QStringList {QStringLiteral("tour"), QStringLiteral("--check"), dir + QStringLiteral("/big.tour.json")}},
    };
    return v;
}

/// The input files of the limits above: a measured-steps CSV just under the 16 MiB limit (one plausible row
/// repeated) and a tour of 1,000 steps that trains at its training budget.
void writeInputs(const QString& dir)
{
    QFile csv(dir + QStringLiteral("/big-steps.csv"));
    if (csv.open(QIODevice::WriteOnly)) {
        const QByteArray header = "id,source,model,layers,hidden,heads,vocab,gpus,gpu_type,dp,tp,pp,global_batch,micro_batch,"
                                  "seq,measured_metric,measured_value,notes\n";
        csv.write(header);
        qint64 size = header.size();
        QFile rows(dir + QStringLiteral("/rows-steps.csv"));
        const bool rowsOpen = rows.open(QIODevice::WriteOnly);
        if (rowsOpen)
            rows.write(header);
        for (int i = 0; size < 16 * 1024 * 1024 - 200; ++i) {
            const QByteArray row = "limit-" + QByteArray::number(i)
                + ",Narayanan et al. 2021,GPT,24,2048,16,,8,A100 80GB,8,1,1,512,8,2048,tflops_per_gpu,150,\n";
            csv.write(row);
            if (rowsOpen && i < 10000)
                rows.write(row);
            size += row.size();
        }
    }
    QFile tour(dir + QStringLiteral("/big.tour.json"));
    if (tour.open(QIODevice::WriteOnly)) {
        QJsonArray steps;
        for (int i = 0; i < 1000; ++i) {
            QJsonObject s;
            s[QStringLiteral("caption")] = QJsonObject {{QStringLiteral("en"), QStringLiteral("A step of the tour.")}};
            s[QStringLiteral("set")] = QJsonObject {{QStringLiteral("gpus"), 8 + 8 * (i % 4)}};
            if (i < 2) // the training budget: two runs of 16 ranks x 20 steps
                s[QStringLiteral("train")] = QJsonObject {{QStringLiteral("strategy"), QStringLiteral("zero1")},
                                                         {QStringLiteral("ranks"), 16},
                                                         {QStringLiteral("steps"), 20}};
            steps.append(s);
        }
        QJsonObject root {{QStringLiteral("format"), QStringLiteral("shardscope-tour")},
                          {QStringLiteral("version"), 1},
                          {QStringLiteral("id"), QStringLiteral("limits")},
                          {QStringLiteral("title"), QJsonObject {{QStringLiteral("en"), QStringLiteral("Limits")}}},
                          {QStringLiteral("source"), QStringLiteral("bench limits")},
                          {QStringLiteral("steps"), steps}};
        tour.write(QJsonDocument(root).toJson(QJsonDocument::Compact));
    }
}

} // namespace

int benchLimits(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Every command at the documented maxima of its options, each a child process: wall time, peak memory (RSS) "
        "and exit code (0: answered, 2: refused). A printed figure, never a test."));
    p.addOption(QCommandLineOption(QStringLiteral("budget-s"), QStringLiteral("Seconds after which a command is stopped and "
                                                                              "reported over budget (default 60)."),
                                   QStringLiteral("S")));
    p.addOption(QCommandLineOption(QStringLiteral("only"), QStringLiteral("Run only the limits whose name contains TEXT."),
                                   QStringLiteral("TEXT")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or table (default table)."), QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("json"), QStringLiteral("table")}, QStringLiteral("table"));
        const double budget = p.isSet(QStringLiteral("budget-s"))
            ? parseDoubleOption(p.value(QStringLiteral("budget-s")), "budget-s", 1, 3600)
            : 60.0;
        QTemporaryDir dir;
        if (!dir.isValid())
            throw WriteError("bench limits: cannot make a temporary folder");
        writeInputs(dir.path());
        const QByteArray exe = QFile::encodeName(QCoreApplication::applicationFilePath());
        QJsonArray rows;
        QString table = QStringLiteral("%1 %2 %3 %4\n")
                            .arg(QStringLiteral("limit"), -58)
                            .arg(QStringLiteral("result"), -12)
                            .arg(QStringLiteral("seconds"), 8)
                            .arg(QStringLiteral("max RSS MB"), 11);
        for (const Limit& l : limits(dir.path())) {
            if (p.isSet(QStringLiteral("only")) && !QString::fromLatin1(l.name).contains(p.value(QStringLiteral("only"))))
                continue;
            const Outcome o = runChild(exe, l.args, budget);
            QJsonObject r;
            r[QStringLiteral("limit")] = QString::fromLatin1(l.name);
            r[QStringLiteral("command")] = l.args.join(QLatin1Char(' '));
            r[QStringLiteral("exit_code")] = o.exitCode;
            r[QStringLiteral("signal")] = o.signal;
            r[QStringLiteral("over_budget")] = o.exitCode == -2;
            r[QStringLiteral("seconds")] = o.seconds;
            r[QStringLiteral("max_rss_mb")] = o.maxRssMb;
            rows.append(r);
            table += QStringLiteral("%1 %2 %3 %4\n")
                         .arg(QString::fromLatin1(l.name), -58)
                         .arg(describe(o), -12)
                         .arg(o.seconds, 8, 'f', 2)
                         .arg(o.maxRssMb, 11, 'f', 0);
        }
        if (format == QLatin1String("json")) {
            QJsonObject root;
            root[QStringLiteral("budget_s")] = budget;
            root[QStringLiteral("limits")] = rows;
            out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        } else {
            out(table);
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
