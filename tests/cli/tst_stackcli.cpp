// SPDX-License-Identifier: MIT
// `--stack NAME` on estimate and step (issue 24): the stack's documented defaults fill what the user left unset, each
// listed in the assumptions (table and JSON); step reports MFU and TFLOP/s in our count and in the stack's. The counts
// are checked against the stacks' own published pairs of tokens/s and model TFLOP/s (their ratio is the stack's FLOPs
// per token).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "runshardscope.h"

namespace {

QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }

QStringList llama3_8b(const char* command)
{
    return {QString::fromLatin1(command), QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"),
            QStringLiteral("8"), QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--stage"), QStringLiteral("1"),
            QStringLiteral("--grad-accum"), QStringLiteral("16")};
}

/// The knob names of an assumptions list.
QStringList knobsOf(const QJsonObject& assumptions, const char* key)
{
    QStringList out;
    for (const QJsonValue& v : assumptions.value(QLatin1String(key)).toArray())
        out << v.toObject().value(QStringLiteral("knob")).toString();
    return out;
}

} // namespace

class TestStackCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unknownStackExitsTwo()
    {
        for (const char* command : {"estimate", "step"}) {
            QStringList args = llama3_8b(command);
            args << QStringLiteral("--stack") << QStringLiteral("jax");
            const Run r = shardscope(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("--stack") && r.err.contains("jax") && r.err.contains("torchtitan"), r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
    }

    void stepInBothConventions()
    {
        // NeMo 2 / Megatron-Bridge halves the causal score matrix: NVIDIA-NeMo/Megatron-Bridge@00b7660
        // docs/performance-summary.md (25.11) LLAMA3_8B at seq 8192: 1933 TFLOP/s at 37556 tokens/s per GPU = 51.47
        // GFLOP per token, the count of src/megatron/bridge/training/utils/flop_utils.py (attn_layer_flops: core_seq / 2).
        // Ours counts the whole matrix: NVIDIA/NeMo@070a0bb docs/source/performance/performance_summary.md (24.07)
        // LLAMA3-8B, 697 TFLOP/s at 12036 tokens/s = 57.91 GFLOP per token (nemo/utils/flops_formulas.py, 12 s/h).
        QStringList args = llama3_8b("step");
        args << QStringLiteral("--stack") << QStringLiteral("nemo") << QStringLiteral("--format") << QStringLiteral("json");
        const Run r = shardscope(args);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonObject t = o.value(QStringLiteral("totals")).toObject();
        const QJsonObject st = o.value(QStringLiteral("stack")).toObject();
        const double tokens = t.value(QStringLiteral("tokens_per_step")).toDouble();
        const double ours = t.value(QStringLiteral("model_flops")).toDouble() / tokens;
        const double theirs = st.value(QStringLiteral("model_flops")).toDouble() / tokens;
        QVERIFY2(std::abs(ours / (697e12 / 12036.0) - 1) < 0.01, qPrintable(QString::number(ours)));
        QVERIFY2(std::abs(theirs / (1933e12 / 37556.0) - 1) < 0.01, qPrintable(QString::number(theirs)));
        QCOMPARE(st.value(QStringLiteral("flop_count")).toString(), QStringLiteral("causal-half"));
        QCOMPARE(st.value(QStringLiteral("stack")).toString(), QStringLiteral("nemo"));
        // MFU and TFLOP/s scale with the count; the step time is the same.
        const double mfu = t.value(QStringLiteral("mfu")).toDouble();
        QVERIFY(mfu > 0);
        QVERIFY(std::abs(st.value(QStringLiteral("mfu")).toDouble() / mfu - theirs / ours) < 1e-9);
        const double stepTime = t.value(QStringLiteral("step_time_s")).toDouble();
        QVERIFY(std::abs(st.value(QStringLiteral("tflops_per_gpu")).toDouble() - theirs * tokens / stepTime / 8 / 1e12) < 1e-6);
        QVERIFY(std::abs(t.value(QStringLiteral("model_tflops_per_gpu")).toDouble() - ours * tokens / stepTime / 8 / 1e12) < 1e-6);
        // Every default NeMo set is listed, and holds in the echoed scenario.
        const QJsonObject a = o.value(QStringLiteral("assumptions")).toObject();
        QCOMPARE(a.value(QStringLiteral("stack")).toString(), QStringLiteral("nemo"));
        const QStringList assumed = knobsOf(a, "stack_defaults");
        for (const char* k : {"framework", "recipe", "flash_attention", "tp_comm_overlap"})
            QVERIFY2(assumed.contains(QLatin1String(k)), k);
        const QJsonObject sc = o.value(QStringLiteral("scenario")).toObject();
        QCOMPARE(sc.value(QStringLiteral("recipe")).toString(), QStringLiteral("megatron-bf16"));
        QCOMPARE(sc.value(QStringLiteral("framework")).toString(), QStringLiteral("megatron"));
        QVERIFY(sc.value(QStringLiteral("tp_comm_overlap")).toBool());

        // NeMo 24.x counted the whole matrix (flops_formulas.py): its MFU is ours.
        QStringList old = llama3_8b("step");
        old << QStringLiteral("--stack") << QStringLiteral("nemo@24.07") << QStringLiteral("--format") << QStringLiteral("json");
        const QJsonObject o24 = json(shardscope(old));
        QCOMPARE(o24.value(QStringLiteral("stack")).toObject().value(QStringLiteral("mfu")).toDouble(),
                 o24.value(QStringLiteral("totals")).toObject().value(QStringLiteral("mfu")).toDouble());
    }

    void optionsWinOverTheStack()
    {
        // --recipe and --framework given: the stack's are not assumed, and the output says whose they are.
        QStringList args = llama3_8b("estimate");
        args << QStringLiteral("--stack") << QStringLiteral("megatron-core") << QStringLiteral("--recipe") << QStringLiteral("mixed")
             << QStringLiteral("--framework") << QStringLiteral("deepspeed") << QStringLiteral("--format") << QStringLiteral("json");
        const Run r = shardscope(args);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonObject a = o.value(QStringLiteral("assumptions")).toObject();
        QVERIFY(!knobsOf(a, "stack_defaults").contains(QStringLiteral("recipe")));
        QVERIFY(knobsOf(a, "stack_defaults_replaced").contains(QStringLiteral("recipe")));
        QVERIFY(knobsOf(a, "stack_defaults_replaced").contains(QStringLiteral("framework")));
        QVERIFY(knobsOf(a, "stack_defaults").contains(QStringLiteral("flash_attention")));
        QCOMPARE(o.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("recipe")).toString(), QStringLiteral("mixed"));
        QCOMPARE(a.value(QStringLiteral("stack_flop_count")).toString(), QStringLiteral("causal-half"));
        // Megatron's 18 B/param (bf16 params, fp32 main grads, fp32 master and Adam: NVIDIA/Megatron-LM README.md,
        // "Distributed Optimizer") when the recipe is left to the stack.
        QStringList mine = llama3_8b("estimate");
        mine << QStringLiteral("--stack") << QStringLiteral("megatron-core") << QStringLiteral("--format") << QStringLiteral("json");
        const QJsonObject m = json(shardscope(mine));
        QCOMPARE(m.value(QStringLiteral("assumptions")).toObject().value(QStringLiteral("bytes_per_param")).toObject().value(
                     QStringLiteral("total")).toDouble(),
                 18.0);
    }

    void importedConfigWinsOverTheStack()
    {
        // torchtitan's default checkpointing (job_config.py: selective_ac_option "2") is assumed without a config; its
        // llama3_8b.toml says per-op SAC, and the listed defaults then leave checkpointing out.
        QStringList plain = llama3_8b("estimate");
        plain << QStringLiteral("--stack") << QStringLiteral("torchtitan") << QStringLiteral("--format") << QStringLiteral("json");
        const QJsonObject p = json(shardscope(plain));
        QVERIFY(knobsOf(p.value(QStringLiteral("assumptions")).toObject(), "stack_defaults").contains(QStringLiteral("checkpointing")));
        QCOMPARE(p.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("checkpoint_interval")).toDouble(), 2.0);

        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--stack"),
                                  QStringLiteral("torchtitan"), QStringLiteral("--torchtitan-config"),
                                  QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/configs/torchtitan/llama3_8b.toml"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        const QJsonObject a = o.value(QStringLiteral("assumptions")).toObject();
        QVERIFY(!knobsOf(a, "stack_defaults").contains(QStringLiteral("checkpointing")));
        QVERIFY(knobsOf(a, "stack_defaults_replaced").contains(QStringLiteral("checkpointing")));
        QCOMPARE(o.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("checkpointing")).toString(), QStringLiteral("per-op"));
        QCOMPARE(o.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("model")).toString(), QStringLiteral("llama-3-8b"));
    }

    void validateRowNamesItsConfig()
    {
        // A steps row may name the run's own config (a `config` column, relative to the CSV's folder): torchtitan's
        // llama3_8b.toml@f3534d7 on 64 GPUs sets the model, batch 1, seq 8192 and per-op SAC, read as stated; a
        // missing file makes the row unmodelled with the reason.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/configs/torchtitan/llama3_8b.toml"), dir.filePath(QStringLiteral("run.toml"))));
        const QString csv = dir.filePath(QStringLiteral("runs.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray head = "id,source,model,layers,hidden,heads,vocab,seq,micro_batch,global_batch,gpus,dp,gpu_type,"
                                "measured_metric,measured_value,config\n";
        const QByteArray cols = ",my torchtitan run,Llama 3 8B,32,4096,32,128256,2048,4,256,64,64,A100-SXM4-80GB,tokens_per_s_per_gpu,2973,";
        f.write(head + "MINE-1" + cols + "run.toml\nMINE-2" + cols + "missing.toml\nMINE-3" + cols + "\n");
        f.close();
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), csv, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("rows")).toArray().size(), 2);
        const QJsonArray un = o.value(QStringLiteral("unmodelled")).toArray();
        QCOMPARE(un.size(), 1);
        QVERIFY2(un.at(0).toObject().value(QStringLiteral("reason")).toString().contains(QLatin1String("missing.toml")), r.out.constData());
        const QByteArray readings = QJsonDocument(o.value(QStringLiteral("readings")).toArray()).toJson();
        QVERIFY2(readings.contains("\"config\"") && readings.contains("run.toml"), readings.constData());
        // The same row without its config (MINE-3: seq 2048, micro-batch 4 from the columns) is another scenario: the
        // config's seq 8192, batch 1 and per-op SAC are what the prediction used.
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        const double withConfig = rows.at(0).toObject().value(QStringLiteral("predicted")).toDouble();
        const double without = rows.at(1).toObject().value(QStringLiteral("predicted")).toDouble();
        QVERIFY(withConfig > 0 && without > 0);
        QVERIFY(std::abs(withConfig / without - 1) > 0.01);
        QVERIFY(readings.contains("per-op") || readings.contains("selective_ac_option") || readings.contains("torchtitan job config"));
    }

    void validateMemoryRowNamesItsConfig()
    {
        // The same for --measured: a shipped fresh row (TAOF8-H100-bf16, a torchtitan run) with a config column naming
        // torchtitan's llama3_8b.toml is imported (listed in readings); a missing file leaves the row unmodelled.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/configs/torchtitan/llama3_8b.toml"), dir.filePath(QStringLiteral("run.toml"))));
        QFile in(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/fresh-memory.csv"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = in.readAll().split('\n');
        QByteArray row;
        for (const QByteArray& l : lines)
            if (l.startsWith("TAOF8-H100-bf16,"))
                row = l.mid(int(qstrlen("TAOF8-H100-bf16")));
        QVERIFY(!row.isEmpty());
        const QString csv = dir.filePath(QStringLiteral("mem.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lines.front() + ",config\nMINE-1" + row + ",run.toml\nMINE-2" + row + ",nope.toml\n");
        f.close();
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), csv, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("rows")).toArray().size(), 1);
        const QJsonArray un = o.value(QStringLiteral("unmodelled")).toArray();
        QCOMPARE(un.size(), 1);
        QVERIFY2(un.at(0).toObject().value(QStringLiteral("reason")).toString().contains(QLatin1String("nope.toml")), r.out.constData());
        QVERIFY(r.out.contains("run.toml"));
    }

    void tablesListTheAssumptions()
    {
        QStringList args = llama3_8b("step");
        args << QStringLiteral("--stack") << QStringLiteral("nemo");
        const Run r = shardscope(args);
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QLatin1String("assumed by --stack nemo")), qPrintable(out));
        QVERIFY(out.contains(QLatin1String("recipe = megatron-bf16")));
        QVERIFY(out.contains(QLatin1String("as nemo counts")));
        QVERIFY(out.contains(QLatin1String("causal attention at half the score matrix")));
        QStringList est = llama3_8b("estimate");
        est << QStringLiteral("--stack") << QStringLiteral("torchtitan");
        const Run e = shardscope(est);
        QCOMPARE(e.exitCode, 0);
        QVERIFY(e.out.contains("assumed by --stack torchtitan"));
        QVERIFY(e.out.contains("framework = fsdp2"));
        // Without --stack nothing changes: no stack lines.
        const Run plain = shardscope(llama3_8b("step"));
        QVERIFY(!plain.out.contains("--stack"));
    }
};

QTEST_GUILESS_MAIN(TestStackCli)
#include "tst_stackcli.moc"
