// SPDX-License-Identifier: MIT
// Issue 24: the embedding and the loss in the pipeline split on the command line (--account-for-embedding-in-pipeline-split,
// --account-for-loss-in-pipeline-split: Megatron-LM's own argument names, megatron/training/arguments.py), in a
// --megatron-args import, and in `validate`'s explicit columns. Megatron-Bridge's Llama 3.1 405B rows on GB200
// (docs/performance-summary.md, 26.02 and 25.11: PP 16 x VP 8 and PP 16 x VP 4, 126 layers) use its recipe's
// account_for_*_in_pipeline_split = True (NVIDIA-NeMo/Megatron-Bridge@3594df9 recipes/llama/llama31_405b.py).
#include <QFile>
#include <QRegularExpression>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

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

    // Issue 24, sixth pass: the Megatron-Bridge 25.09 Llama rows (NVIDIA-NeMo/Megatron-Bridge@df0289c
    // docs/performance-summary.md) in fresh-steps-mb2509.csv (7 seen) and fresh-steps-mb2509-heldout.csv (every third
    // by table order, 3): every row is read and modelled, its FLOPs per token in Megatron-Bridge's count (causal
    // attention at half) being the published TFLOP/s over the published tokens/s within 0.5%.
    void validateModelsThe2509Rows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::newRow("seen") << QStringLiteral("fresh-steps-mb2509.csv") << 7;
        QTest::newRow("held out") << QStringLiteral("fresh-steps-mb2509-heldout.csv") << 3;
    }

    void validateModelsThe2509Rows()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"),
                                  QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/") + file, QStringLiteral("--format"),
                                  QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("rows")).toArray().size(), rows);
        QVERIFY(o.value(QStringLiteral("unmodelled")).toArray().isEmpty());
        for (const QJsonValue v : o.value(QStringLiteral("rows")).toArray()) {
            const double e = v.toObject().value(QStringLiteral("error")).toDouble(std::nan(""));
            QVERIFY2(std::isfinite(e) && std::abs(e) < 1.0, qPrintable(v.toObject().value(QStringLiteral("id")).toString()));
        }
        // The rows' own convention: tokens/s x FLOPs per token = TFLOP/s, FLOPs per token from the architecture.
        // NVIDIA/NeMo@6a5ad76 nemo/utils/flops_formulas.py llama3(): per token L h^2 (12 + 12 g / a + 18 f / h
        // + (12 s / h) x 0.5 + 6 V / (L h)), causal_self_attn = True (the score matrix at half). By hand: 6 x the matmul
        // weights + 6 h V, plus attention 12 s q L / 2 = 6 s q L: Llama 3 8B 41.88 + 3.15 + 6.44 = 51.47 GFLOP, 70B
        // 410.7 + 6.30 + 32.2 = 449.2, 405B 2409.9 + 12.6 + 101.5 = 2524.0 (in full it would be 2625.5): every row,
        // 405B included, is published with causal attention at half.
        QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/") + file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), rows + 1);
        const QRegularExpression pub(QStringLiteral("Published: (\\d+) tokens/s/GPU, (\\d+) model TFLOP/s/GPU"));
        for (const QString& line : lines.mid(1)) {
            const QRegularExpressionMatch m = pub.match(line);
            QVERIFY2(m.hasMatch(), qPrintable(line.left(40)));
            const double perToken = m.captured(2).toDouble() * 1e12 / m.captured(1).toDouble() / 1e9;
            const double arch = line.contains(QStringLiteral("Llama 3 8B")) ? 51.47 : line.contains(QStringLiteral("Llama 3 70B")) ? 449.2 : 2524.0;
            QVERIFY2(std::abs(perToken / arch - 1) < 0.005, qPrintable(line.left(40) + QStringLiteral(" ") + QString::number(perToken)));
        }
    }
};

QTEST_GUILESS_MAIN(TestPipelineSplitCli)
#include "tst_pipelinesplitcli.moc"
