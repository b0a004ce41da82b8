// SPDX-License-Identifier: MIT
// A single-GPU framework on one GPU (issue 28: "8B with LoRA on one" GPU is the question fine-tuners bring).
// `--framework single` means one GPU and no process group (scenario.cpp refuses N > 1), so every search over N stops
// at N = 1: estimate's sweep and smallest N, min-gpus, sweep and step answer for one GPU and exit 0; a second GPU is
// still refused with exit 2 naming --framework.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "runshardscope.h"

namespace {

/// torchtune's Llama 3.1 8B LoRA row on one RTX 4090 (pytorch/torchtune README.md at commit
/// 0031bfb080bd35ec533c412df883cf2bf7bf7fe4, "Memory and training speed": rank 8, batch 2, 2048 tokens, full
/// checkpointing, CEWithChunkedOutputLoss's 8 chunks compiled).
/// `gpus`: the --gpus value (sweep: a range).
QStringList lora8bOn4090(const QString& gpus = QStringLiteral("1"))
{
    return {QStringLiteral("--model"),      QStringLiteral("llama-3-8b"),   QStringLiteral("--finetune"),
            QStringLiteral("lora"),         QStringLiteral("--lora-rank"),  QStringLiteral("8"),
            QStringLiteral("--gpu"),        QStringLiteral("rtx4090-24gb"), QStringLiteral("--gpus"),
            gpus,                           QStringLiteral("--gpus-per-node"), QStringLiteral("1"),
            QStringLiteral("--framework"),  QStringLiteral("single"),       QStringLiteral("--seq"),
            QStringLiteral("2048"),         QStringLiteral("--micro-batch"), QStringLiteral("2"),
            QStringLiteral("--checkpointing"), QStringLiteral("full"), QStringLiteral("--loss-chunks"),
            QStringLiteral("8"),            QStringLiteral("--compile-loss"), QStringLiteral("on")};
}

QJsonObject json(const Run& r)
{
    QJsonParseError e {};
    const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
    if (e.error != QJsonParseError::NoError)
        qWarning("%s", r.out.left(400).constData());
    return d.object();
}

} // namespace

class TestSingleGpuCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCommandAnswersForOneGpu_data()
    {
        QTest::addColumn<QString>("command");
        for (const char* c : {"estimate", "step", "min-gpus", "sweep"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }

    void everyCommandAnswersForOneGpu()
    {
        QFETCH(QString, command);
        QStringList args {command};
        args << lora8bOn4090(command == QLatin1String("sweep") ? QStringLiteral("1:64") : QStringLiteral("1"));
        const Run r = shardscope(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(!r.err.contains("error"), r.err.constData());
    }

    void searchesOverNStopAtOne()
    {
        // min-gpus: the 8B LoRA model fits one 24 GB card at every ZeRO stage (ZeRO means nothing on one GPU), so
        // the smallest N is 1 for each; no N above 1 is ever tried.
        const Run m = shardscope(QStringList {QStringLiteral("min-gpus")} << lora8bOn4090() << QStringLiteral("--format")
                                                                           << QStringLiteral("json"));
        QCOMPARE(m.exitCode, 0);
        const QJsonArray stages = json(m).value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 4);
        for (const QJsonValue& v : stages)
            QCOMPARE(v.toObject().value(QStringLiteral("min_gpus")).toInteger(), 1);
        // sweep over 1..64: only N = 1 is a single-GPU cluster; one point per ZeRO stage.
        const Run s = shardscope(QStringList {QStringLiteral("sweep")} << lora8bOn4090(QStringLiteral("1:64"))
                                                                        << QStringLiteral("--format") << QStringLiteral("json"));
        QCOMPARE(s.exitCode, 0);
        const QJsonArray points = json(s).value(QStringLiteral("points")).toArray();
        QVERIFY(!points.isEmpty());
        for (const QJsonValue& v : points)
            QCOMPARE(v.toObject().value(QStringLiteral("gpus")).toInteger(), 1);
    }

    void twoGpusStillRefused()
    {
        QStringList args {QStringLiteral("estimate")};
        args << lora8bOn4090(QStringLiteral("2"));
        const Run r = shardscope(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("framework"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestSingleGpuCli)
#include "tst_singlegpucli.moc"
