// SPDX-License-Identifier: MIT
// Fine-tuning on the command line (issue 28): estimate, step, plan, sweep and min-gpus take --finetune, --lora-rank,
// --lora-alpha, --lora-targets and --base-precision; bad values exit 2 naming the option; the PEFT and torchtune
// importers; "two 4090s with 64 GB of host RAM".
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include "runshardscope.h"

namespace {

QString data(const char* name)
{
    return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/configs/finetune/") + QLatin1String(name);
}

QStringList qlora8b()
{
    return {QStringLiteral("--model"),       QStringLiteral("llama-3-8b"), QStringLiteral("--finetune"),
            QStringLiteral("qlora"),         QStringLiteral("--lora-rank"), QStringLiteral("16"),
            QStringLiteral("--lora-alpha"),  QStringLiteral("32"),          QStringLiteral("--lora-targets"),
            QStringLiteral("all-linear"),    QStringLiteral("--base-precision"), QStringLiteral("nf4"),
            QStringLiteral("--gpu"),         QStringLiteral("rtx4090-24gb"), QStringLiteral("--gpus"),
            QStringLiteral("1"),             QStringLiteral("--gpus-per-node"), QStringLiteral("1"),
            QStringLiteral("--stage"),       QStringLiteral("0"),           QStringLiteral("--framework"),
            QStringLiteral("ddp"),        QStringLiteral("--seq"),       QStringLiteral("2048")};
}

} // namespace

class TestFinetuneCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        const QString est = QStringLiteral("estimate");
        QTest::newRow("--finetune lorax") << QStringList {est, QStringLiteral("--finetune"), QStringLiteral("lorax")}
                                          << "--finetune";
        QTest::newRow("--lora-rank 0") << QStringList {est, QStringLiteral("--lora-rank"), QStringLiteral("0")}
                                       << "--lora-rank";
        QTest::newRow("--lora-rank x") << QStringList {est, QStringLiteral("--lora-rank"), QStringLiteral("x")}
                                       << "--lora-rank";
        QTest::newRow("--lora-alpha -1") << QStringList {est, QStringLiteral("--lora-alpha"), QStringLiteral("-1")}
                                         << "--lora-alpha";
        QTest::newRow("--lora-targets qq") << QStringList {est, QStringLiteral("--lora-targets"), QStringLiteral("qq")}
                                           << "--lora-targets";
        QTest::newRow("--lora-targets empty") << QStringList {est, QStringLiteral("--lora-targets"), QString()}
                                              << "--lora-targets";
        QTest::newRow("--base-precision nf3")
            << QStringList {est, QStringLiteral("--base-precision"), QStringLiteral("nf3")} << "--base-precision";
        QTest::newRow("qlora on bf16") << QStringList {est, QStringLiteral("--finetune"), QStringLiteral("qlora"),
                                                       QStringLiteral("--base-precision"), QStringLiteral("bf16")}
                                       << "--base-precision";
        QTest::newRow("--quant-block 100") << QStringList {est, QStringLiteral("--quant-block"), QStringLiteral("100")}
                                           << "--quant-block";
        QTest::newRow("step --finetune x") << QStringList {QStringLiteral("step"), QStringLiteral("--finetune"),
                                                           QStringLiteral("x")}
                                           << "--finetune";
        QTest::newRow("--peft-config missing") << QStringList {est, QStringLiteral("--peft-config"),
                                                               QStringLiteral("no-such-adapter_config.json")}
                                               << "--peft-config";
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const Run r = shardscope(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.left(200).constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
    }

    // Every command that takes a scenario takes the fine-tuning options.
    void everyCommand_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("estimate") << (QStringList {QStringLiteral("estimate")} + qlora8b()
                                      + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
        QTest::newRow("step") << (QStringList {QStringLiteral("step")} + qlora8b()
                                  + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
        QTest::newRow("sweep") << (QStringList {QStringLiteral("sweep")} + qlora8b()
                                   + QStringList {QStringLiteral("--format"), QStringLiteral("csv")});
        QTest::newRow("min-gpus") << (QStringList {QStringLiteral("min-gpus")} + qlora8b()
                                      + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
        QTest::newRow("plan") << (QStringList {QStringLiteral("plan")} + qlora8b()
                                  + QStringList {QStringLiteral("--global-batch"), QStringLiteral("8"),
                                                 QStringLiteral("--format"), QStringLiteral("json")});
    }
    void everyCommand()
    {
        QFETCH(QStringList, args);
        const Run r = shardscope(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!r.out.isEmpty());
    }

    // The JSON: PEFT's trainable count (Llama-3-8B r 16 all-linear: 41,943,040; tst_finetune derives it) and the
    // params term's frozen and adapter parts, which add up to it.
    void estimateJson()
    {
        const Run r = shardscope(QStringList {QStringLiteral("estimate")} + qlora8b()
                                 + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("model")).toObject().value(QStringLiteral("trainable_params")).toInteger(),
                 qint64(41943040));
        const QJsonObject rank = o.value(QStringLiteral("ranks")).toArray().at(0).toObject();
        QCOMPARE(rank.value(QStringLiteral("adapter_params_bytes")).toInteger(), qint64(41943040) * 2);
        QCOMPARE(rank.value(QStringLiteral("frozen_params_bytes")).toInteger()
                     + rank.value(QStringLiteral("adapter_params_bytes")).toInteger(),
                 rank.value(QStringLiteral("params_bytes")).toInteger());
        const QJsonObject scenario = o.value(QStringLiteral("scenario")).toObject();
        QCOMPARE(scenario.value(QStringLiteral("finetune")).toString(), QStringLiteral("qlora"));
        QCOMPARE(scenario.value(QStringLiteral("lora_targets")).toString(), QStringLiteral("all-linear"));
        QCOMPARE(scenario.value(QStringLiteral("base_precision")).toString(), QStringLiteral("nf4"));
    }

    // "Two 4090s with 64 GB of host RAM": Llama-3-70B under QLoRA with FSDP over both cards; the host RAM is the
    // scenario's, and the frozen base (80 x 805,306,368 linear weights in NF4 with double quantisation, the rest
    // 16-bit) is halved over the two.
    void twoRtx4090With64GbHostRam()
    {
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-3-70b"),
                                  QStringLiteral("--finetune"), QStringLiteral("qlora"), QStringLiteral("--gpu"),
                                  QStringLiteral("rtx4090-24gb"), QStringLiteral("--gpus"), QStringLiteral("2"),
                                  QStringLiteral("--gpus-per-node"), QStringLiteral("2"), QStringLiteral("--host-ram-gb"),
                                  QStringLiteral("64"), QStringLiteral("--framework"), QStringLiteral("fsdp2"),
                                  QStringLiteral("--stage"), QStringLiteral("3"), QStringLiteral("--seq"),
                                  QStringLiteral("2048"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("host_ram_bytes_per_node")).toInteger(),
                 qint64(64000000000));
        QCOMPARE(o.value(QStringLiteral("gpu")).toObject().value(QStringLiteral("id")).toString(),
                 QStringLiteral("rtx4090-24gb"));
        // Linear weights per layer: 8192 x (8192 + 2 x 1024) + 8192 x 8192 + 3 x 8192 x 28672 = 855,638,016;
        // x 80 = 68,451,041,280 at 4.126953125 bits = 35,311,779,840 B; the rest (70,553,706,496 - 68,451,041,280 =
        // 2,102,665,216 params: embeddings, head, norms) at 2 B = 4,205,330,432 B; over 2 GPUs: 19,758,555,136.
        const QJsonObject rank = o.value(QStringLiteral("ranks")).toArray().at(0).toObject();
        QCOMPARE(rank.value(QStringLiteral("frozen_params_bytes")).toInteger(), qint64(19758555136));
    }

    // The importers on the command line: torchtune's recipe sets model, adapters and batch; PEFT's config then the
    // adapters.
    void importers()
    {
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--gpus"), QStringLiteral("1"),
                                  QStringLiteral("--gpus-per-node"), QStringLiteral("1"), QStringLiteral("--torchtune-config"),
                                  data("torchtune_llama3_1_8B_qlora_single_device.yaml"), QStringLiteral("--format"),
                                  QStringLiteral("json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject s = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("scenario")).toObject();
        QCOMPARE(s.value(QStringLiteral("finetune")).toString(), QStringLiteral("qlora"));
        QCOMPARE(s.value(QStringLiteral("micro_batch")).toInt(), 2);
        const Run p = shardscope({QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-3-8b"),
                                  QStringLiteral("--peft-config"), data("peft_lora_rank16_all_linear.json"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QCOMPARE(QJsonDocument::fromJson(p.out).object().value(QStringLiteral("model")).toObject().value(QStringLiteral("trainable_params")).toInteger(),
                 qint64(41943040));
    }
};

QTEST_GUILESS_MAIN(TestFinetuneCli)
#include "tst_finetunecli.moc"
