// SPDX-License-Identifier: MIT
// MoE on the command line (issue 25): the contract's flags --ep --expert-tp --experts --top-k --moe-ffn
// --shared-experts --dense-layers on estimate, step, plan, peers, export and convert; the fold's refusals exit 2 with
// a message naming the option; the estimate's JSON splits the routed experts' part of each model-state term.
#include <cmath>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "runshardscope.h"

namespace {

QStringList args(std::initializer_list<const char*> a)
{
    QStringList l;
    for (const char* s : a)
        l << QString::fromLatin1(s);
    return l;
}

/// DeepSeek-V3 on 2048 GPUs, PP 16, EP 64 (its technical report, section 3.2).
QStringList deepSeek()
{
    return args(
        {"--model", "deepseek-v3", "--gpus", "2048", "--pp", "16", "--ep", "64", "--expert-tp", "1", "--stage", "1"});
}

} // namespace

class TestMoeCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCommandTakesTheFlags_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("estimate") << args({"estimate", "--format", "json"});
        QTest::newRow("step") << args({"step", "--format", "json"});
        QTest::newRow("peers") << args({"peers", "--format", "json"});
        QTest::newRow("convert") << args({"convert", "--to", "megatron"});
    }
    void everyCommandTakesTheFlags()
    {
        QFETCH(QStringList, command);
        // A MoE by fields: Mixtral-8x7B's shape with a smaller expert FFN, one shared expert, one dense first layer.
        const QStringList shape = args(
            {"--layers",       "8", "--hidden", "1024", "--heads",   "8",    "--experts",        "8",
             "--top-k",        "2", "--ffn",    "4096", "--moe-ffn", "1024", "--shared-experts", "1",
             "--dense-layers", "1", "--gpus",   "8",    "--ep",      "4",    "--expert-tp",      "2",
             "--tp",           "2"});
        const Run r = shardscope(command + shape);
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
    void stepSaysTheOverlapCost()
    {
        // Megatron-Core's EP overlap costs its measured time per MoE layer and micro-batch (kernels.h
        // kMegatronA2aOverlapSecondsPerLayer, 2.686 ms): `step` says so in its text and JSON (ep_overlap_cost_s), so the
        // step a user sees grow when turning the overlap on is explained. By hand: Mixtral 8x7B on one node, EP 8, 32 MoE
        // layers x 4 micro-batches x 2.686 ms = 0.344 s (no checkpointing); without a Megatron stack, none.
        const QStringList mixtral = args({"step", "--model", "mixtral-8x7b", "--gpus", "8", "--ep", "8", "--expert-tp",
                                          "1", "--grad-accum", "4", "--checkpointing", "none", "--moe-a2a-overlap", "on"});
        const Run j = shardscope(mixtral + args({"--stack", "megatron-core", "--format", "json"}));
        QVERIFY2(j.exitCode == 0, j.err.constData());
        const QJsonObject totals = QJsonDocument::fromJson(j.out).object().value(QStringLiteral("totals")).toObject();
        QVERIFY2(std::fabs(totals.value(QStringLiteral("ep_overlap_cost_s")).toDouble() / (32 * 4 * 2.686e-3) - 1) < 1e-9,
                 j.out.left(400).constData());
        QCOMPARE(totals.value(QStringLiteral("ep_sync_s")).toDouble(), 0.0); // the overlap hides the synchronisation
        const Run t = shardscope(mixtral + args({"--stack", "megatron-core"}));
        QVERIFY2(t.out.contains("EP overlap cost    0.344 s in compute"), t.out.constData());
        QVERIFY(!t.out.contains("EP sync idle"));
        const Run none = shardscope(mixtral);
        QVERIFY2(none.exitCode == 0, none.err.constData());
        QVERIFY(!none.out.contains("EP overlap cost"));
    }
    void stepSaysTheSyncIdle()
    {
        // Without the overlap, Megatron-Core's dropless dispatcher waits for the device once per MoE layer forward; the
        // measured idle (kernels.h kMegatronDroplessSyncSecondsPerLayer, 0.616 ms: Megatron-Bridge@228e9a3e's profile of
        // Qwen3-30B-A3B on 16 H100) is in the step and said: ep_sync_s and an "EP sync idle" line. By hand: 32 MoE
        // layers x 4 micro-batches x 0.616 ms = 0.0788 s; with a capacity factor (token dropping) or no stack, none.
        const QStringList mixtral = args({"step", "--model", "mixtral-8x7b", "--gpus", "8", "--ep", "8", "--expert-tp",
                                          "1", "--grad-accum", "4", "--checkpointing", "none", "--moe-a2a-overlap", "off"});
        const Run j = shardscope(mixtral + args({"--stack", "megatron-core", "--format", "json"}));
        QVERIFY2(j.exitCode == 0, j.err.constData());
        const QJsonObject totals = QJsonDocument::fromJson(j.out).object().value(QStringLiteral("totals")).toObject();
        QVERIFY2(std::fabs(totals.value(QStringLiteral("ep_sync_s")).toDouble() / (32 * 4 * 0.616e-3) - 1) < 1e-9,
                 j.out.left(400).constData());
        QCOMPARE(totals.value(QStringLiteral("ep_overlap_cost_s")).toDouble(), 0.0);
        const Run t = shardscope(mixtral + args({"--stack", "megatron-core"}));
        QVERIFY2(t.out.contains("EP sync idle       0.079 s in compute"), t.out.constData());
        const Run dropping = shardscope(mixtral + args({"--stack", "megatron-core", "--moe-capacity-factor", "1.25"}));
        QVERIFY2(dropping.exitCode == 0, dropping.err.constData());
        QVERIFY(!dropping.out.contains("EP sync idle"));
        const Run none = shardscope(mixtral);
        QVERIFY(!none.out.contains("EP sync idle"));
    }
    void exportTakesTheFlags()
    {
        QTemporaryDir d;
        const Run r = shardscope(args({"export", "--chart", "memory-per-gpu", "--out"})
                                 << d.filePath(QStringLiteral("m.json")) << deepSeek());
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
    void planTakesTheFlags()
    {
        const Run r = shardscope(args({"plan", "--global-batch", "4096", "--top", "1", "--format", "json"})
                                 << deepSeek());
        QVERIFY2(r.exitCode == 0 || r.exitCode == 2, r.err.constData());
        QVERIFY2(!r.err.contains("Unknown option"), r.err.constData());
    }
    void refusals_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("EP not dividing the experts")
            << args({"--ep", "3"}) << "--ep: EP 3 does not divide the 256 experts";
        QTest::newRow("ETP x EP not dividing the stage")
            << args({"--ep", "128", "--expert-tp", "2"})
            << "--ep: expert TP x EP = 256 does not divide the 128 GPUs of a pipeline stage";
        QTest::newRow("ETP alone") << args({"--ep", "1", "--expert-tp", "256"})
                                   << "--expert-tp: expert TP x EP = 256 does not divide the 128 GPUs";
    }
    void refusals()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const Run r = shardscope(args({"estimate", "--format", "json"}) << deepSeek() << extra);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }
    void estimateSplitsExpertStates()
    {
        // tst_moe's hand count: stage 1 holds 704,643,072 routed-expert params (4 layers x 256 / 64 experts of
        // 44,040,192); their fp32 master weights over expert-DP 2: 4 x 352,321,536 = 1,409,286,144 B.
        const Run r = shardscope(args({"estimate", "--format", "json"}) << deepSeek());
        QCOMPARE(r.exitCode, 0);
        const QJsonArray ranks = QJsonDocument::fromJson(r.out).object().value(QLatin1String("ranks")).toArray();
        bool found = false;
        for (const auto& v : ranks) {
            const QJsonObject rank = v.toObject();
            if (rank.value(QLatin1String("stage")).toInt() != 1)
                continue;
            const QJsonObject e = rank.value(QLatin1String("experts")).toObject();
            QCOMPARE(e.value(QLatin1String("expert_params")).toDouble(), 704643072.0);
            QCOMPARE(e.value(QLatin1String("master_bytes")).toDouble(), 1409286144.0);
            QCOMPARE(e.value(QLatin1String("expert_dp")).toInt(), 2);
            found = true;
        }
        QVERIFY2(found, "stage 1 (the middle stages' rank) among the ranks");
    }
};

QTEST_GUILESS_MAIN(TestMoeCli)
#include "tst_moecli.moc"
