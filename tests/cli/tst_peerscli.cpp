// SPDX-License-Identifier: MIT
// `shardscope peers` as a contract (issue 10): the JSON keys by convention, the DeepSpeed docs page's
// t5-3b numbers through the command line, the peer-only options, and bad input exiting 2.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "runshardscope.h"

namespace {

QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }

QStringList args(std::initializer_list<const char*> a)
{
    QStringList l;
    for (const char* s : a)
        l << QString::fromLatin1(s);
    return l;
}

} // namespace

class TestPeersCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonContract()
    {
        const Run r = shardscope(args({"peers", "--format", "json"}));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QStringList keys = {QStringLiteral("accelerate"),    QStringLiteral("deepspeed_zero2"),
                                  QStringLiteral("deepspeed_zero2_legacy"), QStringLiteral("deepspeed_zero3"),
                                  QStringLiteral("megatron"),      QStringLiteral("shardscope"),
                                  QStringLiteral("zero_paper")};
        QCOMPARE(o.keys(), keys);
        for (const QString& k : keys) {
            const QJsonObject p = o[k].toObject();
            QVERIFY2(p.contains(QStringLiteral("gpu_bytes_per_device")), qPrintable(k));
            QVERIFY2(p[QStringLiteral("gpu_bytes_per_device")].isDouble(), qPrintable(k));
            QVERIFY2(p.contains(QStringLiteral("host_bytes_per_node")), qPrintable(k));
            QVERIFY2(p[QStringLiteral("printed")].isString() && !p[QStringLiteral("printed")].toString().isEmpty(),
                     qPrintable(k));
        }
        // null where the convention has no host figure
        QVERIFY(o[QStringLiteral("megatron")].toObject()[QStringLiteral("host_bytes_per_node")].isNull());
        QVERIFY(o[QStringLiteral("zero_paper")].toObject()[QStringLiteral("host_bytes_per_node")].isNull());
        QVERIFY(o[QStringLiteral("accelerate")].toObject()[QStringLiteral("host_bytes_per_node")].isNull());
        QVERIFY(o[QStringLiteral("deepspeed_zero3")].toObject()[QStringLiteral("host_bytes_per_node")].isDouble());
        // DeepSpeed ignores activations: marked, not zero.
        const QJsonObject act = o[QStringLiteral("deepspeed_zero3")]
                                    .toObject()[QStringLiteral("terms")]
                                    .toObject()[QStringLiteral("activations")]
                                    .toObject();
        QCOMPARE(act[QStringLiteral("status")].toString(), QStringLiteral("ignored"));
        QVERIFY(act[QStringLiteral("bytes")].isNull());
    }

    void deepSpeedDocsThroughCli()
    {
        // DeepSpeed memory.rst: total_params=2851e6 on 1 node x 8 GPUs, largest layer 32e6 -> the ZeRO-3
        // row "offload_param=none, offload_optimizer=none, zero_init=1": 1.43GB per CPU, 6.09GB per GPU;
        // the ZeRO-2 legacy row 15.93GB.
        const Run r = shardscope(args({"peers", "--params", "2851e6", "--gpus", "8", "--gpus-per-node", "8",
                                       "--stage", "3", "--largest-layer-params", "32e6", "--format", "json"}));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonObject z3 = o[QStringLiteral("deepspeed_zero3")].toObject();
        QCOMPARE(z3[QStringLiteral("gpu_bytes_per_device")].toDouble(), 128e6 + 6414750000.0);
        QCOMPARE(z3[QStringLiteral("host_bytes_per_node")].toDouble(), 1536e6);
        QVERIFY(z3[QStringLiteral("printed")].toString().contains(
            QStringLiteral("    1.43GB |   6.09GB | offload_param=none, offload_optimizer=none, zero_init=1")));
        QVERIFY(o[QStringLiteral("deepspeed_zero2_legacy")].toObject()[QStringLiteral("printed")].toString().contains(
            QStringLiteral("  127.45GB |  15.93GB | offload_optimizer=none")));
        // --zero-init off picks the zero_init=0 row: 127.45GB per CPU.
        const Run r0 = shardscope(args({"peers", "--params", "2851e6", "--gpus", "8", "--stage", "3",
                                        "--largest-layer-params", "32e6", "--zero-init", "off", "--format", "json"}));
        QCOMPARE(r0.exitCode, 0);
        QCOMPARE(json(r0)[QStringLiteral("deepspeed_zero3")].toObject()[QStringLiteral("host_bytes_per_node")].toDouble(),
                 136848000000.0);
        // --buffer-factor 1: P x 4 x 8 = 91,232,000,000 for the ZeRO-2 CPU side without offload.
        const Run r1 = shardscope(args({"peers", "--params", "2851e6", "--gpus", "8", "--buffer-factor", "1",
                                        "--format", "json"}));
        QCOMPARE(r1.exitCode, 0);
        QCOMPARE(json(r1)[QStringLiteral("deepspeed_zero2")].toObject()[QStringLiteral("host_bytes_per_node")].toDouble(),
                 91232000000.0);
    }

    void table()
    {
        const Run r = shardscope(args({"peers", "--format", "table"}));
        QCOMPARE(r.exitCode, 0);
        const QString t = QString::fromUtf8(r.out);
        QVERIFY(t.contains(QStringLiteral("== DeepSpeed ZeRO-3")));
        QVERIFY(t.contains(QStringLiteral("Theoretical memory footprints: weight and optimizer=")));
        QVERIFY(t.contains(QStringLiteral("DeepSpeed's ZeRO-3 estimate adds 4 B x the largest layer")));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QString>("names");
        QTest::newRow("largest layer 0") << args({"peers", "--largest-layer-params", "0"}) << "--largest-layer-params";
        QTest::newRow("largest layer junk") << args({"peers", "--largest-layer-params", "abc"})
                                            << "largest-layer-params";
        QTest::newRow("largest layer > model") << args({"peers", "--params", "7B", "--largest-layer-params", "8B"})
                                               << "--largest-layer-params";
        QTest::newRow("zero-init maybe") << args({"peers", "--zero-init", "maybe"}) << "--zero-init";
        QTest::newRow("buffer factor nan") << args({"peers", "--buffer-factor", "nan"}) << "--buffer-factor";
        QTest::newRow("buffer factor 0") << args({"peers", "--buffer-factor", "0"}) << "--buffer-factor";
        QTest::newRow("format csv") << args({"peers", "--format", "csv"}) << "--format";
        QTest::newRow("gpus 0") << args({"peers", "--gpus", "0"}) << "gpus";
    }

    void badInput()
    {
        QFETCH(QStringList, argv);
        QFETCH(QString, names);
        const Run r = shardscope(argv);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(names), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPeersCli)
#include "tst_peerscli.moc"
