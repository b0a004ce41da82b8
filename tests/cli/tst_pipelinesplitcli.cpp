// SPDX-License-Identifier: MIT
// Issue 24: the embedding and the loss in the pipeline split on the command line (--account-for-embedding-in-pipeline-split,
// --account-for-loss-in-pipeline-split: Megatron-LM's own argument names, megatron/training/arguments.py), in a
// --megatron-args import, and in `validate`'s explicit columns. Megatron-Bridge's Llama 3.1 405B rows on GB200
// (docs/performance-summary.md, 26.02 and 25.11: PP 16 x VP 8 and PP 16 x VP 4, 126 layers) use its recipe's
// account_for_*_in_pipeline_split = True (NVIDIA-NeMo/Megatron-Bridge@3594df9 recipes/llama/llama31_405b.py).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "runshardscope.h"

namespace {

QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }

/// Llama 3.1 405B on 256 GB200 with TP 4 x PP 16 x VP 8, as Megatron-Bridge's 26.02 row.
QStringList gb200Layout()
{
    return {QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-3.1-405b"), QStringLiteral("--gpu"),
            QStringLiteral("gb200-186gb"), QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--tp"),
            QStringLiteral("4"), QStringLiteral("--pp"), QStringLiteral("16"), QStringLiteral("--vpp"), QStringLiteral("8"),
            QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--grad-accum"), QStringLiteral("384"),
            QStringLiteral("--stage"), QStringLiteral("1"), QStringLiteral("--framework"), QStringLiteral("megatron")};
}

QStringList ids(const QJsonArray& rows)
{
    QStringList out;
    for (const QJsonValue& v : rows)
        out << v.toObject().value(QStringLiteral("id")).toString();
    return out;
}

} // namespace

class TestPipelineSplitCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void flagsMakeTheLayoutValid()
    {
        // 126 layers for 128 chunks: refused under --vpp, exit 2.
        Run r = shardscope(gb200Layout());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--vpp"), r.err.constData());
        // With the embedding and the loss in the split: 128 slots, one a chunk.
        QStringList args = gb200Layout();
        args << QStringLiteral("--account-for-embedding-in-pipeline-split")
             << QStringLiteral("--account-for-loss-in-pipeline-split") << QStringLiteral("--format") << QStringLiteral("json");
        r = shardscope(args);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject sc = json(r).value(QStringLiteral("scenario")).toObject();
        QVERIFY(sc.value(QStringLiteral("account_for_embedding_in_pipeline_split")).toBool());
        QVERIFY(sc.value(QStringLiteral("account_for_loss_in_pipeline_split")).toBool());
        // The embedding alone: 127 slots do not divide over PP 16; refused naming the flag.
        QStringList one = gb200Layout();
        one << QStringLiteral("--account-for-embedding-in-pipeline-split");
        r = shardscope(one);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--account-for-embedding-in-pipeline-split"), r.err.constData());
    }

    void megatronArgsCarryTheFlags()
    {
        QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/configs/megatron_llama2_70b.txt"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        // 80 layers + 2 slots over PP 2 (the option wins over the import's PP 4, where 82 would not divide).
        const QString argsText = QString::fromUtf8(f.readAll())
            + QStringLiteral(" --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split");
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--megatron-args"), argsText, QStringLiteral("--pp"),
                                  QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject sc = json(r).value(QStringLiteral("scenario")).toObject();
        QVERIFY(sc.value(QStringLiteral("account_for_embedding_in_pipeline_split")).toBool());
        QVERIFY(sc.value(QStringLiteral("account_for_loss_in_pipeline_split")).toBool());
    }

    // The Megatron-Bridge 405B rows on GB200 state the recipe's split in explicit columns and are modelled.
    void validateModelsTheGb200Rows()
    {
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"),
                                  QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/fresh-steps.csv"), QStringLiteral("--format"),
                                  QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QStringList modelled = ids(o.value(QStringLiteral("rows")).toArray());
        for (const char* id : {"MB2602-L405-GB200-FP8-MX-256", "MB2602-L405-GB200-FP8-256", "MB2511-L405-GB200-FP8-CS-256"})
            QVERIFY2(modelled.contains(QLatin1String(id)), id);
        QVERIFY(!ids(o.value(QStringLiteral("unmodelled")).toArray()).contains(QStringLiteral("MB2602-L405-GB200-FP8-MX-256")));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSplitCli)
#include "tst_pipelinesplitcli.moc"
