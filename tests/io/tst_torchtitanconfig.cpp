// SPDX-License-Identifier: MIT
// torchtitan job config TOML (issue 24, --torchtitan-config) on torchtitan's own train configs, copied unchanged from
// pytorch/torchtitan torchtitan/models/llama3/train_configs/ (tests/data/README.md names each file's commit). What a file
// leaves out takes torchtitan's default from pytorch/torchtitan@000204a4a8bf3d0f31adc44fc29855fbb6ea13d8
// torchtitan/config/job_config.py (local_batch_size 8, seq_len 2048, compile False, ActivationCheckpoint mode
// "selective" with selective_ac_option "2").
#include "torchtitanconfig.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/step.h"

#include <QTest>

using namespace shardscope;

namespace {

QString data(const char* name) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/configs/torchtitan/") + QLatin1String(name); }

Scenario onGpus(std::int64_t gpus)
{
    Scenario s;
    s.gpus = gpus;
    s.gpu = "h100-80gb";
    return s;
}

Scenario fromText(const char* toml, const Scenario& base, ImportReport* report = nullptr)
{
    return scenarioFromTorchtitanConfig(QByteArray(toml), QStringLiteral("test.toml"), base, report);
}

} // namespace

class TestTorchtitanConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void llama3_8b()
    {
        // llama3_8b.toml@f3534d7: flavor 8B, batch_size = 1 (the name before local_batch_size), seq_len 8192, compile
        // false, every degree 1 but the shard (-1: all 64 GPUs of its "preset for 64 A100 GPUs"), per-op SAC.
        ImportReport report;
        const Scenario s = scenarioFromTorchtitanConfigFile(data("llama3_8b.toml"), onGpus(64), &report);
        QCOMPARE(QString::fromStdString(s.arch.id), QStringLiteral("llama-3-8b"));
        QCOMPARE(s.microBatch, std::int64_t(1));
        QCOMPARE(s.gradAccum, std::int64_t(1));
        QCOMPARE(s.seq, std::int64_t(8192));
        QCOMPARE(s.tp, std::int64_t(1));
        QCOMPARE(s.pp, std::int64_t(1));
        QCOMPARE(s.cp, std::int64_t(1));
        QCOMPARE(s.dp(), std::int64_t(64));
        QCOMPARE(int(s.framework), int(Framework::Fsdp2));
        QCOMPARE(s.zeroStage, 3);
        QCOMPARE(int(s.checkpointing), int(Checkpointing::PerOp));
        QVERIFY(!s.compiled);
        QCOMPARE(QString::fromStdString(s.recipe.id), QStringLiteral("mixed"));
        QCOMPARE(int(s.optimizer), int(Optimizer::AdamW));
        QVERIFY(s.fsdpReshardAfterForward); // "default" without PP: reshard (parallelize.py apply_fsdp)
        validateScenario(s);
    }

    void llama3_70b()
    {
        // llama3_70b.toml@038d5fd: local_batch_size 8, TP 8 (sequence-parallel in torchtitan), full AC, [compile]
        // enable = false; on its 64 GPUs the shard degree is 64 / 8 = 8.
        const Scenario s = scenarioFromTorchtitanConfigFile(data("llama3_70b.toml"), onGpus(64));
        QCOMPARE(QString::fromStdString(s.arch.id), QStringLiteral("llama-3-70b"));
        QCOMPARE(s.microBatch, std::int64_t(8));
        QCOMPARE(s.tp, std::int64_t(8));
        QVERIFY(s.sequenceParallel);
        QCOMPARE(s.dp(), std::int64_t(8));
        QCOMPARE(int(s.checkpointing), int(Checkpointing::Full));
        QCOMPARE(s.checkpointInterval, std::int64_t(1));
        QVERIFY(!s.compiled);
        QVERIFY(!s.lossCompiled);
        validateScenario(s);
    }

    void llama3_405b()
    {
        // llama3_405b.toml@e0d2de6 ("a preset for 128 H100 GPUs"): converters = ["float8"], compile = true in
        // [training], enable_async_tensor_parallel = true, TP 8, batch_size 2, full AC.
        ImportReport report;
        const Scenario s = scenarioFromTorchtitanConfigFile(data("llama3_405b.toml"), onGpus(128), &report);
        QCOMPARE(QString::fromStdString(s.arch.id), QStringLiteral("llama-3.1-405b"));
        QCOMPARE(QString::fromStdString(s.recipe.id), QStringLiteral("fp8-mixed"));
        QVERIFY(s.compiled);
        QVERIFY(s.tpCommOverlap);
        QCOMPARE(s.microBatch, std::int64_t(2));
        QCOMPARE(s.dp(), std::int64_t(16));
        QVERIFY(report.notes.join(QLatin1Char('\n')).contains(QLatin1String("enable_fsdp_float8_all_gather")));
        validateScenario(s);
    }

    void defaultsOfJobConfig()
    {
        // A file that states only the model: job_config.py's defaults fill the rest: local_batch_size 8, seq_len
        // 2048, selective_ac_option "2" = full checkpointing of every 2nd block (activation_checkpoint.py).
        ImportReport report;
        const Scenario s = fromText("[model]\nname = \"llama3\"\nflavor = \"8B\"\n", onGpus(8), &report);
        QCOMPARE(s.microBatch, std::int64_t(8));
        QCOMPARE(s.seq, std::int64_t(2048));
        QCOMPARE(int(s.checkpointing), int(Checkpointing::Full));
        QCOMPARE(s.checkpointInterval, std::int64_t(2));
        QVERIFY(!s.compiled);
        QVERIFY(report.notes.join(QLatin1Char('\n')).contains(QLatin1String("selective_ac_option")));
        // An integer option n: full checkpointing of every n-th block.
        const Scenario every3 = fromText("[activation_checkpoint]\nmode = \"selective\"\nselective_ac_option = \"3\"\n", onGpus(8));
        QCOMPARE(int(every3.checkpointing), int(Checkpointing::Full));
        QCOMPARE(every3.checkpointInterval, std::int64_t(3));
        const Scenario none = fromText("[activation_checkpoint]\nmode = \"none\"\n", onGpus(8));
        QCOMPARE(int(none.checkpointing), int(Checkpointing::None));
    }

    void pipelineAndGlobalBatch()
    {
        // PP 4 on 32 GPUs with local_batch_size 8 in micro-batches of 2: 4 micro-batches; global_batch_size 128 over
        // 8 shards of 8 adds 2 accumulation steps: 8 in all. Reshard "default" with PP: keep the gathered weights.
        const Scenario s = fromText("[training]\nlocal_batch_size = 8\nglobal_batch_size = 128\n"
                                    "[parallelism]\npipeline_parallel_degree = 4\npipeline_parallel_microbatch_size = 2\n"
                                    "pipeline_parallel_schedule = \"Interleaved1F1B\"\n",
                                    onGpus(32));
        QCOMPARE(s.pp, std::int64_t(4));
        QCOMPARE(s.dp(), std::int64_t(8));
        QCOMPARE(s.microBatch, std::int64_t(2));
        QCOMPARE(s.gradAccum, std::int64_t(8));
        QCOMPARE(int(s.schedule), int(PipelineSchedule::Interleaved));
        QVERIFY(!s.fsdpReshardAfterForward);
    }

    void hsdpAndDdp()
    {
        // replicate 2 x shard 4 = HSDP (noted); replicate 8 alone: DDP.
        ImportReport report;
        const Scenario h = fromText("[parallelism]\ndata_parallel_replicate_degree = 2\ndata_parallel_shard_degree = 4\n",
                                    onGpus(8), &report);
        QCOMPARE(h.zeroStage, 3);
        QVERIFY(report.notes.join(QLatin1Char('\n')).contains(QLatin1String("HSDP")));
        const Scenario d = fromText("[parallelism]\ndata_parallel_replicate_degree = 8\ndata_parallel_shard_degree = 1\n", onGpus(8));
        QCOMPARE(d.zeroStage, 0);
        QCOMPARE(int(d.framework), int(Framework::Ddp));
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("toml");
        QTest::addColumn<QString>("names");
        QTest::newRow("syntax") << QByteArray("[training\nseq_len = 1\n") << "line 1";
        QTest::newRow("type") << QByteArray("[training]\nseq_len = \"long\"\n") << "training.seq_len";
        QTest::newRow("float") << QByteArray("[training]\nseq_len = 2048.5\n") << "training.seq_len";
        // A float past int64 (fuzz_torchtitan: toml++'s value<int64>() of 8e92 was undefined behaviour).
        QTest::newRow("float-past-int64") << QByteArray("[training]\nseq_len = 8e92\n") << "training.seq_len";
        QTest::newRow("divide") << QByteArray("[parallelism]\ntensor_parallel_degree = 3\n") << "do not divide";
        QTest::newRow("huge") << QByteArray("[parallelism]\ntensor_parallel_degree = 1048576\npipeline_parallel_degree = 1048576\n"
                                            "context_parallel_degree = 1048576\ndata_parallel_replicate_degree = 1048576\n")
                              << "exceed the 8 GPUs";
        QTest::newRow("product") << QByteArray("[parallelism]\ndata_parallel_shard_degree = 4\n") << "not the 8";
        QTest::newRow("mode") << QByteArray("[activation_checkpoint]\nmode = \"memory_budget\"\n") << "activation_checkpoint.mode";
        QTest::newRow("option") << QByteArray("[activation_checkpoint]\nselective_ac_option = \"0\"\n")
                                << "activation_checkpoint.selective_ac_option";
        QTest::newRow("not-titan") << QByteArray("[tool.poetry]\nname = \"x\"\n") << "not a torchtitan job config";
        QTest::newRow("empty") << QByteArray("\n") << "empty";
        QTest::newRow("table") << QByteArray("training = 3\n") << "training: must be a [table]";
        QTest::newRow("offload") << QByteArray("[training]\nenable_cpu_offload = true\n[parallelism]\n"
                                               "data_parallel_replicate_degree = 8\ndata_parallel_shard_degree = 1\n")
                                 << "training.enable_cpu_offload";
    }
    void refusals()
    {
        QFETCH(QByteArray, toml);
        QFETCH(QString, names);
        try {
            scenarioFromTorchtitanConfig(toml, QStringLiteral("bad.toml"), onGpus(8));
            QFAIL("accepted");
        } catch (const InvalidInput& e) {
            const QString what = QString::fromStdString(e.what());
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("torchtitan-config"));
            QVERIFY2(what.startsWith(QLatin1String("--torchtitan-config: bad.toml: ")), qPrintable(what));
            QVERIFY2(what.contains(names), qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestTorchtitanConfig)
#include "tst_torchtitanconfig.moc"
