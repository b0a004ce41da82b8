// SPDX-License-Identifier: MIT
// Issue 5: scenario files, the DeepSpeed / FSDP / Megatron bridges, chart and data export, and the
// CLI contract of `export` / `convert` / the config options. Expected numbers name their source.
#include "chartexport.h"
#include "comparewidget.h"
#include "dataexport.h"
#include "deepspeedconfig.h"
#include "fsdpconfig.h"
#include "megatronargs.h"
#include "resultjson.h"
#include "scenariofile.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/planner.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <QSvgRenderer>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace shardscope;

namespace {

QString dataPath(const QString& rel) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/") + rel; }

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Every field of a scenario, as scenarioToJson() writes it (the comparison of the round trips).
QByteArray canon(const Scenario& s) { return QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Compact); }

/// A deterministic spread of valid scenarios over the knobs the bridges carry.
std::vector<Scenario> manyScenarios()
{
    std::vector<Scenario> out;
    const char* models[] = {"llama-2-70b", "llama-2-7b", "gpt2", "mixtral-8x7b", "llama-3-8b"};
    const char* recipes[] = {"fp32", "mixed", "megatron-bf16", "bf16-no-master", "fp8-mixed"};
    const Optimizer opts[] = {Optimizer::RecipeDefault, Optimizer::Adam, Optimizer::AdamW, Optimizer::SgdMomentum,
                              Optimizer::Sgd, Optimizer::Lion};
    const std::int64_t layouts[][3] = {{1, 1, 8}, {2, 1, 16}, {8, 1, 64}, {4, 4, 64}, {8, 4, 256}, {1, 2, 32}, {1, 1, 4}};
    std::uint32_t seed = 12345;
    auto next = [&](std::uint32_t n) {
        seed = seed * 1664525u + 1013904223u; // Numerical Recipes LCG: a fixed, portable sequence
        return (seed >> 8) % n;
    };
    for (int i = 0; i < 600 && out.size() < 300; ++i) {
        Scenario s = defaultScenario();
        s.arch = *findModelPreset(models[next(5)]);
        const auto& l = layouts[next(7)];
        s.tp = l[0];
        s.pp = l[1];
        s.gpus = l[2] * (1 + std::int64_t(next(2)));
        s.zeroStage = int(next(4));
        s.recipe = resolveRecipe(recipes[next(5)]);
        s.optimizer = opts[next(6)];
        s.checkpointing = static_cast<Checkpointing>(next(3));
        s.microBatch = 1 + std::int64_t(next(4));
        s.gradAccum = std::int64_t(1) << next(4);
        s.seq = 1024 << next(3);
        if (s.zeroStage >= 1 && next(3) == 0)
            s.offloadOptimizer = OffloadDevice::Cpu;
        if (s.zeroStage == 3 && s.offloadOptimizer == OffloadDevice::Cpu && next(2) == 0)
            s.offloadParams = OffloadDevice::Cpu;
        s.zero3PrefetchUnits = next(2);
        s.sequenceParallel = s.tp > 1 && next(2) == 0;
        s.reduceBucketElements = next(2) ? 500000000 : 200000000;
        s.allgatherBucketElements = next(2) ? 500000000 : 100000000;
        s.flashAttention = next(4) != 0;
        if (s.pp > 1 && next(3) == 0 && s.arch.layers % (s.pp * 2) == 0 && s.gradAccum % s.pp == 0) {
            s.schedule = PipelineSchedule::Interleaved;
            s.vpp = 2;
        }
        try {
            validateScenario(s);
        } catch (const InvalidInput&) {
            continue;
        }
        out.push_back(s);
    }
    return out;
}

/// Runs the built `shardscope` with `args`; returns the exit code, stdout and stderr.
int runCli(const QStringList& args, QByteArray* out = nullptr, QByteArray* err = nullptr)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QCoreApplication::applicationDirPath() + QStringLiteral("/shardscope"), args);
    if (!p.waitForFinished(120000))
        return -1;
    if (out)
        *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

QString invalidMessage(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InvalidInput& e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

} // namespace

class TestInterop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFontMetrics(QFont()).inFont(QLatin1Char('A')), "no usable font: exported text would be boxes");
        QVERIFY(manyScenarios().size() >= 150);
    }

    // ---------------------------------------------------------------- scenario files

    void scenarioFileRoundTrip()
    {
        std::vector<Scenario> all = manyScenarios();
        // Fields only a scenario file carries (doubles, optionals, arrays) at non-default values.
        Scenario odd = defaultScenario();
        setBareParams(odd, 13000000000);
        odd.capacityBytes = 42000000000;
        odd.gpu = "custom";
        odd.safetyMarginBytes = 1.5e9;
        odd.fragmentation = 0.0731;
        odd.termEnabled[static_cast<std::size_t>(Term::Logits)] = false;
        odd.modelStatesOnly = true;
        odd.recipe = resolveRecipe("custom:2,4,0,2.5");
        odd.kernelEfficiency = 0.5123;
        odd.alphaSeconds = 7e-6;
        odd.interNodeBytesPerSecond = 12.5e9;
        odd.cudaContextBytes = 700000000;
        odd.ddpGradientAsBucketView = true;
        odd.hostRamBytesPerNode = 1000000000000;
        all.push_back(odd);
        Scenario custom = defaultScenario();
        custom.arch.id = "custom";
        custom.arch.name = "my model";
        custom.arch.layers = 30;
        custom.arch.norm = NormKind::LayerNorm;
        custom.arch.qkvBias = true;
        all.push_back(custom);
        for (const Scenario& s : all) {
            const Scenario back = scenarioFromFileBytes(scenarioFileBytes(s), QStringLiteral("<test>"));
            QCOMPARE(canon(back), canon(s));
        }
    }

    void scenarioFilePartial()
    {
        // A hand-written file names two keys; everything else is the default scenario.
        const QByteArray b = R"({"format": "shardscope-scenario", "version": 1, "scenario": {"gpus": 64, "stage": 2,
                                 "dp": 3, "colour": "blue"}})";
        QStringList notes;
        const Scenario s = scenarioFromFileBytes(b, QStringLiteral("short.json"), &notes);
        Scenario expected = defaultScenario();
        expected.gpus = 64;
        expected.zeroStage = 2;
        QCOMPARE(canon(s), canon(expected));
        QVERIFY2(notes.join(QLatin1Char('\n')).contains(QLatin1String("scenario.dp: 3 is derived")), qPrintable(notes.join(QLatin1Char('\n'))));
        QVERIFY(notes.join(QLatin1Char('\n')).contains(QLatin1String("scenario.colour: unknown key")));
    }

    void scenarioFileFromEstimateJson()
    {
        Scenario s = defaultScenario();
        s.gpus = 128;
        s.tp = 8;
        const QByteArray b = QJsonDocument(footprintToJson(s, computeFootprint(s), ByteUnit::GB)).toJson();
        QCOMPARE(canon(scenarioFromFileBytes(b, QStringLiteral("estimate.json"))), canon(s));
    }

    void saveIsAtomicAndLoadLeavesCurrentAlone()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("a.shardscope.json"));
        Scenario a = defaultScenario();
        a.gpus = 16;
        saveScenarioFile(path, a);
        Scenario b = a;
        b.gpus = 256;
        saveScenarioFile(path, b);
        QCOMPARE(canon(loadScenarioFile(path)), canon(b));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary file left behind

        // Writing into a folder that does not exist fails with the path named; the old file stays.
        bool threw = false;
        try {
            saveScenarioFile(dir.filePath(QStringLiteral("missing/x.json")), a);
        } catch (const std::runtime_error& e) {
            threw = QString::fromUtf8(e.what()).contains(QLatin1String("missing/x.json"));
        }
        QVERIFY(threw);
        QCOMPARE(canon(loadScenarioFile(path)), canon(b));

        // A failed open does not touch the caller's scenario.
        Scenario current = b;
        const QString msg = invalidMessage([&] { current = loadScenarioFile(dataPath(QStringLiteral("malformed/scenario_newer_version.json"))); });
        QVERIFY(!msg.isEmpty());
        QCOMPARE(canon(current), canon(b));
    }

    // ---------------------------------------------------------------- malformed inputs

    void malformed_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* file, const char* option, const char* expected) {
            QTest::newRow(file) << QString::fromLatin1(file) << QString::fromLatin1(option) << QString::fromUtf8(expected);
        };
        row("scenario_truncated.json", "--scenario", "line 7, column 1");
        row("scenario_newer_version.json", "--scenario", "version 7, written by ShardScope 9.0.0");
        row("scenario_wrong_format.json", "--scenario", "\"format\" is 'something-else'");
        row("scenario_wrong_type.json", "--scenario", "scenario.gpus: expected an integer, got a string");
        row("scenario_fractional_layers.json", "--scenario", "scenario.architecture.layers: expected an integer");
        row("scenario_indivisible.json", "--scenario", "scenario.gpus:");
        row("scenario_array.json", "--scenario", "expected a JSON object");
        // 0xff is byte 77 of line 1; the "é" before it is two bytes but one column, so column 77.
        row("scenario_invalid_utf8.json", "--scenario", "line 1, column 77: invalid UTF-8");
        row("scenario_empty.json", "--scenario", "empty");
        row("deepspeed_stage_string.json", "--deepspeed-config", "zero_optimization.stage: expected a number, got 'three'");
        row("deepspeed_bad_device.json", "--deepspeed-config", "zero_optimization.offload_param.device: 'gpu'");
        row("deepspeed_batch_mismatch.json", "--deepspeed-config", "train_batch_size: 30 is not a multiple");
        row("deepspeed_fp16_and_bf16.json", "--deepspeed-config", "both enabled");
        row("deepspeed_python_literals.json", "--deepspeed-config", "line 3, column 14");
        row("deepspeed_truncated.json", "--deepspeed-config", "truncated");
        row("deepspeed_zero_is_list.json", "--deepspeed-config", "zero_optimization: expected a mapping");
        row("fsdp_bad_strategy.yaml", "--fsdp-config", "line 3, column 3: fsdp_config.fsdp_sharding_strategy: 'QUARTER_SHARD'");
        row("fsdp_bad_bool.yaml", "--fsdp-config", "fsdp_config.fsdp_offload_params: expected true or false, got 'maybe'");
        row("fsdp_truncated.yaml", "--fsdp-config", "line 3");
        row("fsdp_uneven_machines.yaml", "--fsdp-config", "12 processes do not split evenly over 5 machines");
        row("fsdp_list.yaml", "--fsdp-config", "expected a YAML mapping");
        row("fsdp_is_deepspeed.yaml", "--fsdp-config", "--deepspeed-config");
    }

    void malformed()
    {
        QFETCH(QString, file);
        QFETCH(QString, option);
        QFETCH(QString, expected);
        const QString path = dataPath(QStringLiteral("malformed/") + file);
        QVERIFY(QFile::exists(path));
        const Scenario base = defaultScenario();
        const QString msg = invalidMessage([&] {
            if (option == QLatin1String("--scenario"))
                loadScenarioFile(path);
            else if (option == QLatin1String("--deepspeed-config"))
                scenarioFromDeepSpeedConfigFile(path, base);
            else
                scenarioFromFsdpConfigFile(path, base);
        });
        QVERIFY2(msg.contains(file), qPrintable(QStringLiteral("the message names the file: ") + msg));
        QVERIFY2(msg.contains(expected), qPrintable(QStringLiteral("'%1' in: %2").arg(expected, msg)));
        QByteArray err;
        QCOMPARE(runCli({QStringLiteral("estimate"), option, path}, nullptr, &err), 2);
        QVERIFY2(err.contains(expected.toUtf8()), err.constData());
    }

    void malformedMegatron_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("shell variable") << QStringLiteral("--tensor-model-parallel-size $TP") << QStringLiteral("--tensor-model-parallel-size: '$TP' is a shell variable");
        QTest::newRow("flag with value") << QStringLiteral("--bf16=yes") << QStringLiteral("--bf16: is a flag");
        QTest::newRow("shape incomplete") << QStringLiteral("--num-layers 32 --hidden-size 4096") << QStringLiteral("--num-attention-heads");
        QTest::newRow("unterminated quote") << QStringLiteral("--num-layers '32") << QStringLiteral("unterminated quote");
        QTest::newRow("global batch") << QStringLiteral("--micro-batch-size 3 --global-batch-size 100") << QStringLiteral("--global-batch-size: 100 is not a multiple of micro-batch 3 x dp 32");
        QTest::newRow("granularity") << QStringLiteral("--recompute-granularity some") << QStringLiteral("'some' must be full or selective");
    }

    void malformedMegatron()
    {
        QFETCH(QString, args);
        QFETCH(QString, expected);
        const QString msg = invalidMessage([&] { scenarioFromMegatronArgs(args, defaultScenario()); });
        QVERIFY2(msg.contains(expected), qPrintable(msg));
        QByteArray err;
        QCOMPARE(runCli({QStringLiteral("estimate"), QStringLiteral("--megatron-args"), args}, nullptr, &err), 2);
    }

    void hugeFileIsRefusedUnread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(50 * 1000 * 1000)); // 50 MB (sparse): refused by size before any byte is read
        f.close();
        for (const char* option : {"--scenario", "--deepspeed-config", "--fsdp-config"}) {
            QByteArray err;
            QCOMPARE(runCli({QStringLiteral("estimate"), QLatin1String(option), path}, nullptr, &err), 2);
            QVERIFY2(err.contains("huge.json: the file is 50.0 MB"), err.constData());
        }
    }

    // ---------------------------------------------------------------- DeepSpeed

    void seed000DeepSpeedConfig()
    {
        // tests/data/configs/seed000_deepspeed.json is seed 000's ds_config (Python True/False as JSON).
        ImportReport report;
        const Scenario s = scenarioFromDeepSpeedConfigFile(dataPath(QStringLiteral("configs/seed000_deepspeed.json")),
                                                           defaultScenario(), &report);
        const QString notes = report.all().join(QLatin1Char('\n'));
        QCOMPARE(s.zeroStage, 3);
        QCOMPARE(s.offloadOptimizer, OffloadDevice::Cpu);
        QCOMPARE(s.offloadParams, OffloadDevice::Cpu);
        QCOMPARE(s.recipe.id, std::string("mixed")); // fp16 with DeepSpeed's fp32 master and Adam states
        QCOMPARE(s.recipe.weights, 2.0);
        QCOMPARE(s.recipe.master, 4.0);
        QCOMPARE(s.optimizer, Optimizer::AdamW);
        QCOMPARE(s.gradAccum, std::int64_t(4)); // as written
        // train_batch_size 32 = micro x 4 x dp: 32 / (4 x 32 GPUs) is not whole, so the scenario's
        // micro-batch 1 stays and dp = 32 / (1 x 4) = 8, i.e. 8 GPUs at TP = PP = 1.
        QCOMPARE(s.microBatch, std::int64_t(1));
        QCOMPARE(s.gpus, std::int64_t(8));
        QVERIFY2(notes.contains(QLatin1String("dp 8 derived")), qPrintable(notes));
        QCOMPARE(s.reduceBucketElements, std::int64_t(500000000)); // reduce_bucket_size 5e8
        // Llama-2-70B block: q,o 2 x 8192^2 + k,v 2 x 8192 x 1024 + MLP 3 x 8192 x 28672 + 2 norms x 8192
        // = 855,654,400 params. stage3_max_live_parameters 1e9 holds one such unit, so no prefetch.
        QCOMPARE(zero3UnitParams(s), std::int64_t(855654400));
        QCOMPARE(s.zero3PrefetchUnits, std::int64_t(0));
        QVERIFY(notes.contains(QLatin1String("gradient_clipping")));
        QVERIFY(notes.contains(QLatin1String("stage3_param_persistence_threshold")));
        computeFootprint(s); // a scenario the model answers

        QByteArray out, err;
        QCOMPARE(runCli({QStringLiteral("estimate"), QStringLiteral("--deepspeed-config"),
                         dataPath(QStringLiteral("configs/seed000_deepspeed.json")), QStringLiteral("--format"), QStringLiteral("json")},
                        &out, &err),
                 0);
        QVERIFY(err.contains("note: dp 8 derived"));
        const QJsonObject sc = QJsonDocument::fromJson(out).object().value(QStringLiteral("scenario")).toObject();
        QCOMPARE(sc.value(QStringLiteral("stage")).toInt(), 3);
        QCOMPARE(sc.value(QStringLiteral("offload_params")).toString(), QStringLiteral("cpu"));
        QCOMPARE(sc.value(QStringLiteral("grad_accum")).toInt(), 4);
    }

    void hfTrainerAutoValues()
    {
        ImportReport report;
        Scenario base = defaultScenario();
        base.microBatch = 2;
        const Scenario s = scenarioFromDeepSpeedConfigFile(dataPath(QStringLiteral("configs/hf_trainer_zero3_auto.json")), base, &report);
        const QString notes = report.all().join(QLatin1Char('\n'));
        // reduce_bucket_size "auto": the Trainer's hidden^2 = 8192^2 = 67,108,864 (transformers/integrations/deepspeed.py)
        QCOMPARE(s.reduceBucketElements, std::int64_t(67108864));
        QCOMPARE(s.microBatch, std::int64_t(2)); // "auto": the scenario's
        QCOMPARE(s.recipe.id, base.recipe.id); // fp16/bf16 "auto": the scenario's recipe
        QCOMPARE(s.gpus, base.gpus);
        QCOMPARE(s.offloadParams, OffloadDevice::None); // device "none"
        QVERIFY(notes.contains(QLatin1String("reduce_bucket_size is auto")));
        QVERIFY(notes.contains(QLatin1String("a_key_deepspeed_does_not_know: unknown key, ignored")));
    }

    // ---------------------------------------------------------------- round trips through the importers

    void deepSpeedRoundTrip()
    {
        int exact = 0;
        for (const Scenario& s : manyScenarios()) {
            ExportReport r;
            const QByteArray cfg = deepSpeedConfigFromScenario(s, &r);
            if (!r.warnings.isEmpty())
                continue;
            // Base: the scenario with every field the config carries set elsewhere.
            Scenario base = s;
            base.zeroStage = (s.zeroStage + 1) % 4;
            base.offloadOptimizer = OffloadDevice::Nvme;
            base.offloadParams = OffloadDevice::Nvme;
            base.recipe = resolveRecipe("mixed-sgd");
            base.optimizer = Optimizer::Adafactor;
            base.microBatch = s.microBatch + 3;
            base.gradAccum = s.gradAccum + 5;
            base.gpus = s.gpus * 2;
            base.reduceBucketElements = 123;
            base.allgatherBucketElements = 456;
            base.zero3PrefetchUnits = s.zero3PrefetchUnits + 2;
            if (s.checkpointing == Checkpointing::Full)
                base.checkpointing = Checkpointing::None;
            const Scenario back = scenarioFromDeepSpeedConfig(cfg, QStringLiteral("<export>"), base);
            QVERIFY2(canon(back) == canon(s), cfg.constData());
            ++exact;
        }
        qInfo("%d of %d scenarios round-trip exactly through DeepSpeed (the rest warn)", exact, int(manyScenarios().size()));
        QVERIFY2(exact >= 60, qPrintable(QString::number(exact)));
    }

    void fsdpRoundTrip()
    {
        int exact = 0;
        for (const Scenario& s : manyScenarios()) {
            ExportReport r;
            const QByteArray cfg = fsdpConfigFromScenario(s, &r);
            if (!r.warnings.isEmpty())
                continue;
            Scenario base = s;
            base.zeroStage = s.zeroStage == 3 ? 0 : 3;
            base.offloadOptimizer = OffloadDevice::Nvme;
            base.offloadParams = OffloadDevice::Nvme;
            base.recipe = resolveRecipe("mixed-sgd");
            base.gpus = s.gpus * 2;
            base.zero3PrefetchUnits = 1 - s.zero3PrefetchUnits;
            if (s.checkpointing == Checkpointing::Full)
                base.checkpointing = Checkpointing::Selective;
            const Scenario back = scenarioFromFsdpConfig(cfg, QStringLiteral("<export>"), base);
            QVERIFY2(canon(back) == canon(s), cfg.constData());
            ++exact;
        }
        qInfo("%d of %d scenarios round-trip exactly through FSDP (the rest warn)", exact, int(manyScenarios().size()));
        QVERIFY2(exact >= 30, qPrintable(QString::number(exact)));
    }

    void megatronRoundTrip()
    {
        int exact = 0;
        for (const Scenario& s : manyScenarios()) {
            ExportReport r;
            const QString args = megatronArgsFromScenario(s, &r);
            if (!r.warnings.isEmpty())
                continue;
            Scenario base = s; // keeps the world size: the launcher's, not Megatron's
            base.tp = s.tp == 1 ? 2 : 1;
            base.pp = s.pp == 1 ? 2 : 1;
            base.arch = *findModelPreset(s.arch.id == "gpt2" ? "llama-2-7b" : "gpt2");
            base.seq = s.seq + 1;
            base.microBatch = s.microBatch + 1;
            base.gradAccum = s.gradAccum + 1;
            base.zeroStage = (s.zeroStage + 2) % 4;
            base.offloadOptimizer = OffloadDevice::Nvme;
            base.recipe = resolveRecipe("mixed-sgd");
            base.optimizer = Optimizer::Lion;
            base.checkpointing = static_cast<Checkpointing>((static_cast<int>(s.checkpointing) + 1) % 3);
            base.sequenceParallel = !s.sequenceParallel;
            base.schedule = PipelineSchedule::GPipe;
            base.vpp = 3;
            if (s.flashAttention)
                base.flashAttention = false;
            const Scenario back = scenarioFromMegatronArgs(args, base);
            QVERIFY2(canon(back) == canon(s), qPrintable(args));
            ++exact;
        }
        qInfo("%d of %d scenarios round-trip exactly through Megatron (the rest warn)", exact, int(manyScenarios().size()));
        QVERIFY2(exact >= 30, qPrintable(QString::number(exact)));
    }

    void exportersWarnWhatTheyCannotSay()
    {
        Scenario s = defaultScenario();
        s.recipe = resolveRecipe("fp16-no-master-16bit-adam"); // seed 000's 8 B/param: no master weights
        ExportReport ds, fsdp, mg;
        deepSpeedConfigFromScenario(s, &ds);
        fsdpConfigFromScenario(s, &fsdp);
        s.offloadOptimizer = OffloadDevice::Nvme;
        megatronArgsFromScenario(s, &mg);
        QVERIFY(ds.warnings.join(QLatin1Char(' ')).contains(QLatin1String("fp16-no-master-16bit-adam")));
        QVERIFY(fsdp.warnings.join(QLatin1Char(' ')).contains(QLatin1String("fp16-no-master-16bit-adam")));
        QVERIFY(mg.warnings.join(QLatin1Char(' ')).contains(QLatin1String("NVMe")));
    }

    void fsdpSampleConfig()
    {
        ImportReport report;
        const Scenario s = scenarioFromFsdpConfigFile(dataPath(QStringLiteral("configs/accelerate_fsdp_full_shard.yaml")),
                                                      defaultScenario(), &report);
        QCOMPARE(s.zeroStage, 3); // fsdp_sharding_strategy: 1 = FULL_SHARD
        QCOMPARE(s.offloadParams, OffloadDevice::Cpu);
        QCOMPARE(s.offloadOptimizer, OffloadDevice::Cpu);
        QCOMPARE(s.recipe.id, std::string("mixed"));
        QCOMPARE(s.gpus, std::int64_t(16)); // num_processes
        QCOMPARE(s.gpusPerNode, std::int64_t(8)); // 16 / num_machines 2
        QCOMPARE(s.zero3PrefetchUnits, std::int64_t(1)); // BACKWARD_PRE
        QVERIFY(report.all().join(QLatin1Char('\n')).contains(QLatin1String("fsdp_config.fsdp_transformer_layer_cls_to_wrap")));
    }

    void megatronSampleArgs()
    {
        ImportReport report;
        const Scenario s = scenarioFromMegatronArgs(QString::fromUtf8(readAll(dataPath(QStringLiteral("configs/megatron_llama2_70b.txt")))),
                                                    defaultScenario(), &report);
        const QString notes = report.all().join(QLatin1Char('\n'));
        QCOMPARE(s.tp, std::int64_t(8));
        QCOMPARE(s.pp, std::int64_t(4));
        QCOMPARE(s.gpus, std::int64_t(64)); // torchrun 8 nodes x 8
        QVERIFY(s.sequenceParallel);
        QCOMPARE(s.zeroStage, 1); // --use-distributed-optimizer
        QCOMPARE(s.arch.layers, std::int64_t(80));
        QCOMPARE(s.arch.kvHeads, std::int64_t(8));
        QCOMPARE(s.arch.ffn, std::int64_t(28672));
        QVERIFY(s.arch.gatedMlp && !s.arch.tiedEmbeddings && !s.arch.qkvBias && !s.arch.dropout);
        // Megatron pads 32000 to a multiple of 128 x tp 8 = 1024: ceil(32000 / 1024) x 1024 = 32768.
        QCOMPARE(s.arch.vocab, std::int64_t(32768));
        QCOMPARE(s.recipe.id, std::string("megatron-bf16"));
        QCOMPARE(s.checkpointing, Checkpointing::Selective);
        // global 1024 = micro 1 x accumulation x dp 2 (64 / (8 x 4)) -> 512
        QCOMPARE(s.gradAccum, std::int64_t(512));
        QVERIFY(notes.contains(QLatin1String("--some-new-flag: unknown argument, ignored")));
        QVERIFY(notes.contains(QLatin1String("--lr")));
        computeFootprint(s);
    }

    // ---------------------------------------------------------------- data export

    void dataExportEqualsCore()
    {
        Scenario s = defaultScenario();
        s.pp = 4;
        s.gradAccum = 8;
        const Footprint f = computeFootprint(s);
        const ChartData d = memoryPerGpuData(s, f, ByteUnit::GiB);
        const QJsonArray rows = chartDataJson(d).value(QStringLiteral("rows")).toArray();
        const QStringList csv = chartDataCsv(d).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), qsizetype(f.ranks.size() * (kTermCount + 1)));
        QCOMPARE(csv.size(), rows.size() + 1);
        int i = 0;
        for (const RankFootprint& r : f.ranks) {
            for (int t = 0; t <= kTermCount; ++t, ++i) {
                const std::int64_t expected = t < kTermCount ? r.terms[std::size_t(t)].bytes : r.totalBytes;
                const QJsonObject o = rows[i].toObject();
                QCOMPARE(std::int64_t(o.value(QStringLiteral("bytes")).toDouble()), expected);
                QCOMPARE(csv[i + 1].split(QLatin1Char(','))[3].toLongLong(), expected);
                QCOMPARE(o.value(QStringLiteral("GiB")).toDouble(), double(expected) / 1073741824.0);
            }
        }

        // memory-vs-gpus: each point equals a separate computeFootprint at that N and stage.
        const ChartData sw = memoryVsGpusData(s, ByteUnit::GB, {8, 64, 512});
        QVERIFY(sw.rows.size() >= 8);
        for (const QVariantList& row : sw.rows) {
            Scenario at = s;
            at.gpus = row[0].toLongLong();
            at.zeroStage = int(row[1].toLongLong());
            QCOMPARE(row[2].toLongLong(), computeFootprint(at).worstBytes());
        }
        const QString md = breakdownMarkdown(s, f, ByteUnit::GB);
        QVERIFY(md.contains(QLatin1String("| params |")));
        QVERIFY(md.contains(QStringLiteral("%1 |").arg(double(f.ranks[0].bytes(Term::Params)) / 1e9, 0, 'f', 2)));
    }

    // ---------------------------------------------------------------- chart export

    void chartImages_data()
    {
        QTest::addColumn<QString>("chart");
        for (const QString& c : chartViewIds())
            QTest::newRow(qPrintable(c)) << c;
    }

    void stepTimelineImages()
    {
        // The step timeline is painted (not a Qt Charts view): its exports must still be real pictures,
        // with text as text in the vector formats.
        QVERIFY(imageChartIds().contains(QStringLiteral("step-timeline")));
        QTemporaryDir dir;
        const Scenario s = defaultScenario();
        ChartExportOptions o;
        o.size = QSize(1000, 400);
        o.dpi = 192;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        const QString svg = dir.filePath(QStringLiteral("t.svg"));
        const QString pdf = dir.filePath(QStringLiteral("t.pdf"));
        for (const QString& path : {png, svg, pdf})
            exportChartFile(QStringLiteral("step-timeline"), s, ByteUnit::GB, path, o);
        const QImage img(png);
        QCOMPARE(img.size(), QSize(2000, 800)); // 1000 x 400 at 192 dpi = 2x
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 3)
            for (int x = 0; x < img.width(); x += 3)
                colours.insert(img.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
        const QByteArray svgBytes = readAll(svg);
        QVERIFY(QSvgRenderer(svgBytes).isValid());
        // Row labels and the legend of StepGanttView, as <text>.
        for (const char* label : {"compute", "DP comm", "forward", "exposed comm"})
            QVERIFY2(svgBytes.contains(label), label);
        const QByteArray pdfBytes = readAll(pdf);
        QVERIFY(pdfBytes.startsWith("%PDF"));
        QVERIFY(pdfBytes.contains("/FontFile2"));
    }

    void chartImages()
    {
        QFETCH(QString, chart);
        QTemporaryDir dir;
        Scenario s = defaultScenario();
        s.offloadOptimizer = OffloadDevice::Cpu; // so the host chart has a bar
        ChartExportOptions o;
        o.size = QSize(1000, 600);
        o.dpi = 192;
        const QString png = dir.filePath(chart + QStringLiteral(".png"));
        const QString svg = dir.filePath(chart + QStringLiteral(".svg"));
        const QString pdf = dir.filePath(chart + QStringLiteral(".pdf"));
        exportChartFile(chart, s, ByteUnit::GB, png, o);
        exportChartFile(chart, s, ByteUnit::GB, svg, o);
        exportChartFile(chart, s, ByteUnit::GB, pdf, o);

        const QImage img(png);
        QCOMPARE(img.size(), QSize(2000, 1200)); // 1000 x 600 at 192 dpi = 2x
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 3)
            for (int x = 0; x < img.width(); x += 3)
                colours.insert(img.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));

        QChartView* view = nullptr;
        const auto w = makeChartWidget(chart, s, ByteUnit::GB, o.size, &view);
        const QByteArray svgBytes = readAll(svg);
        QVERIFY(QSvgRenderer(svgBytes).isValid());
        for (QAbstractAxis* axis : view->chart()->axes()) {
            if (axis->titleText().isEmpty())
                continue;
            QVERIFY2(svgBytes.contains(axis->titleText().toHtmlEscaped().toUtf8()), qPrintable(axis->titleText()));
        }
        const QByteArray pdfBytes = readAll(pdf);
        QVERIFY(pdfBytes.startsWith("%PDF"));
        QVERIFY(pdfBytes.contains("/FontFile2"));
    }

    void bundle()
    {
        QTemporaryDir dir;
        const Scenario s = defaultScenario();
        const QStringList files = exportBundle(dir.filePath(QStringLiteral("b")), s, ByteUnit::GiB, ChartExportOptions());
        for (const char* name : {"memory-per-gpu.svg", "memory-per-gpu.png", "memory-vs-gpus.svg", "host-memory.png",
                                 "memory-per-gpu.csv", "step-timeline.json", "step-timeline.svg", "step-timeline.png", "assumptions.md",
                                 "scenario.shardscope.json"}) {
            QVERIFY2(files.contains(QLatin1String(name)), name);
            QVERIFY(QFileInfo(dir.filePath(QStringLiteral("b/") + QLatin1String(name))).size() > 0);
        }
        const QString a = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("b/assumptions.md"))));
        QVERIFY(a.contains(QLatin1String("| weights | 2 |"))); // recipe mixed: 2+2+4+8 (ZeRO paper K = 12)
        QVERIFY(a.contains(QLatin1String("Units: GiB")));
        QCOMPARE(canon(loadScenarioFile(dir.filePath(QStringLiteral("b/scenario.shardscope.json")))), canon(s));
    }

    void compareZero2ToZero3()
    {
        // Seed 000's comparison: Llama-2-70B (68,976,648,192 params) on 64 GPUs, ZeRO-2 -> ZeRO-3.
        // 16-bit params: 2 B x 68,976,648,192 = 137.95 GB whole at ZeRO-2, / 64 = 2.155 GB at ZeRO-3.
        Scenario a = defaultScenario();
        a.gpus = 64;
        a.zeroStage = 2;
        Scenario b = a;
        b.zeroStage = 3;
        const QString line = compareSummary(a, b, ByteUnit::GB);
        QVERIFY2(line.startsWith(QLatin1String("ZeRO stage 2 -> 3: ")), qPrintable(line));
        // In the legend's words (issue 26: the caption spoke core's keys, "params 138.0 GB -> 2.2 GB").
        QVERIFY2(line.contains(QLatin1String("Parameters 138.0 GB -> 2.2 GB per GPU")), qPrintable(line));
        // MODEL.md section 5 at accumulation 1: ZeRO-3 sends 3(d-1)/d x Psi, ZeRO-2 2(d-1)/d: x1.5.
        QVERIFY2(line.contains(QLatin1String("DP traffic x1.50")), qPrintable(line));

        CompareWidget w;
        w.pin(a);
        w.setCurrent(b);
        QCOMPARE(w.summary(), line);
        QCOMPARE(w.table()->rowCount(), kTermCount + CompareWidget::kExtraRows);
        const Footprint fa = computeFootprint(a), fb = computeFootprint(b);
        QCOMPARE(w.table()->item(kTermCount, 3)->text(), QString::number(double(fb.worstBytes() - fa.worstBytes()) / 1e9, 'f', 2));
    }

    // ---------------------------------------------------------------- command line

    void cliExportAndConvert()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("c.svg"));
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-vs-gpus"),
                         QStringLiteral("--out"), svg, QStringLiteral("--model"), QStringLiteral("llama-2-7b")}),
                 0);
        QVERIFY(QSvgRenderer(svg).isValid());
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("bogus"), QStringLiteral("--out"), svg}), 2);
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                         QStringLiteral("--out"), dir.filePath(QStringLiteral("x.txt"))}),
                 2);
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("step-timeline"),
                         QStringLiteral("--out"), dir.filePath(QStringLiteral("t.csv"))}),
                 0);

        // Later options override what a file set: the config says micro-batch 1, --micro-batch 2 wins.
        QByteArray out;
        QCOMPARE(runCli({QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("scenario"),
                         QStringLiteral("--deepspeed-config"), dataPath(QStringLiteral("configs/seed000_deepspeed.json")),
                         QStringLiteral("--micro-batch"), QStringLiteral("2")},
                        &out),
                 0);
        const Scenario s = scenarioFromFileBytes(out, QStringLiteral("<stdout>"));
        QCOMPARE(s.microBatch, std::int64_t(2));
        QCOMPARE(s.zeroStage, 3);

        // convert --to deepspeed reads back through --deepspeed-config to the same scenario.
        const QString ds = dir.filePath(QStringLiteral("ds.json"));
        QByteArray cfg;
        QCOMPARE(runCli({QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("deepspeed"),
                         QStringLiteral("--stage"), QStringLiteral("2"), QStringLiteral("--gpus"), QStringLiteral("64"),
                         QStringLiteral("--micro-batch"), QStringLiteral("2"), QStringLiteral("--grad-accum"), QStringLiteral("4")},
                        &cfg),
                 0);
        QFile f(ds);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(cfg);
        f.close();
        QByteArray back;
        QCOMPARE(runCli({QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("scenario"),
                         QStringLiteral("--deepspeed-config"), ds},
                        &back),
                 0);
        const Scenario r = scenarioFromFileBytes(back, QStringLiteral("<stdout>"));
        QCOMPARE(r.zeroStage, 2);
        QCOMPARE(r.gpus, std::int64_t(64));
        QCOMPARE(r.microBatch, std::int64_t(2));
        QCOMPARE(r.gradAccum, std::int64_t(4));
        QCOMPARE(runCli({QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("xml")}), 2);
    }
};

QTEST_MAIN(TestInterop)
#include "tst_interop.moc"
