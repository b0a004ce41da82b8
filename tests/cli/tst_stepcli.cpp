// SPDX-License-Identifier: MIT
// `shardscope step` as a contract (issue 4): runs the built executable and checks the JSON's keys and
// vocabularies, that it answers for scenarios that do not fit, the Megatron 1T check from the command
// line, and bad hardware options exiting 2 with the option named.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTest>

#include <cmath>

#include "runshardscope.h"

namespace {


QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }

} // namespace

class TestStepCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonContract()
    {
        const Run r = shardscope({QStringLiteral("step"), QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--tp"),
                                  QStringLiteral("8"), QStringLiteral("--pp"), QStringLiteral("4"), QStringLiteral("--stage"),
                                  QStringLiteral("1"), QStringLiteral("--grad-accum"), QStringLiteral("8"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QVERIFY(o.value(QStringLiteral("fits")).isBool());
        const QSet<QString> kinds = {QStringLiteral("compute"), QStringLiteral("all-reduce"), QStringLiteral("reduce-scatter"),
                                     QStringLiteral("all-gather"), QStringLiteral("send"), QStringLiteral("recv"),
                                     QStringLiteral("h2d"), QStringLiteral("d2h")};
        const QSet<QString> groups = {QStringLiteral("dp"), QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("host")};
        const QJsonArray events = o.value(QStringLiteral("events")).toArray();
        QVERIFY(events.size() > 100);
        QSet<QString> seenKinds;
        double last = 0;
        for (const QJsonValue& v : events) {
            const QJsonObject e = v.toObject();
            for (const char* k : {"start_s", "duration_s", "kind", "group", "bytes", "layer", "microbatch"})
                QVERIFY2(e.contains(QLatin1String(k)), k);
            const QString kind = e.value(QStringLiteral("kind")).toString();
            QVERIFY(kinds.contains(kind));
            seenKinds.insert(kind);
            // Collectives name their group; compute has none (null).
            if (kind == QLatin1String("compute"))
                QVERIFY(e.value(QStringLiteral("group")).isNull());
            else
                QVERIFY(groups.contains(e.value(QStringLiteral("group")).toString()));
            QVERIFY(e.value(QStringLiteral("start_s")).toDouble() >= last);
            last = e.value(QStringLiteral("start_s")).toDouble();
        }
        // 64 GPUs = TP 8 x PP 4 x DP 2: TP all-reduces, PP sends and receives, ZeRO-1's reduce-scatter and
        // all-gather over DP all appear.
        for (const char* k : {"compute", "all-reduce", "send", "recv", "reduce-scatter", "all-gather"})
            QVERIFY2(seenKinds.contains(QLatin1String(k)), k);
        const QJsonObject t = o.value(QStringLiteral("totals")).toObject();
        for (const char* k : {"step_time_s", "tflops_per_gpu", "mfu", "tokens_per_s_per_gpu", "compute_s", "exposed_comm_s",
                              "bubble_s", "recompute_s", "optimizer_s"})
            QVERIFY2(t.value(QLatin1String(k)).isDouble(), k);
        const double sum = t.value(QStringLiteral("compute_s")).toDouble() + t.value(QStringLiteral("exposed_comm_s")).toDouble()
            + t.value(QStringLiteral("bubble_s")).toDouble() + t.value(QStringLiteral("recompute_s")).toDouble()
            + t.value(QStringLiteral("optimizer_s")).toDouble();
        QVERIFY(std::abs(sum / t.value(QStringLiteral("step_time_s")).toDouble() - 1) < 1e-9);
    }

    void answersWhenItDoesNotFit()
    {
        // DDP of Llama-2-70B on 16 A100 80GB: 16 B/param x 69B does not fit; the step is still answered.
        const Run r = shardscope({QStringLiteral("step"), QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--stage"),
                                  QStringLiteral("0"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("fits")).toBool(true), false);
        QVERIFY(o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("step_time_s")).toDouble() > 0);
    }

    void megatron1T()
    {
        // Narayanan et al. 2021: 163 TFLOP/s per GPU for L=128, h=25600, a=160, V=51200, s=2048, t=8, p=64, d=6 on
        // 3072 A100s, batch 3072 (micro-batch 1, so m = 512), full recompute; within 15% with the defaults.
        const Run r = shardscope({QStringLiteral("step"), QStringLiteral("--layers"), QStringLiteral("128"), QStringLiteral("--hidden"),
                                  QStringLiteral("25600"), QStringLiteral("--heads"), QStringLiteral("160"), QStringLiteral("--vocab"),
                                  QStringLiteral("51200"), QStringLiteral("--seq"), QStringLiteral("2048"), QStringLiteral("--gpus"),
                                  QStringLiteral("3072"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--pp"),
                                  QStringLiteral("64"), QStringLiteral("--stage"), QStringLiteral("0"), QStringLiteral("--grad-accum"),
                                  QStringLiteral("512"), QStringLiteral("--checkpointing"), QStringLiteral("full"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const double tflops = json(r).value(QStringLiteral("totals")).toObject().value(QStringLiteral("tflops_per_gpu")).toDouble();
        QVERIFY2(std::abs(tflops / 163.0 - 1) < 0.15, qPrintable(QString::number(tflops)));
        QVERIFY(json(r).value(QStringLiteral("events")).toArray().size() <= 20000);
    }

    void badHardwareOptions_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        QTest::newRow("efficiency above 1") << QStringLiteral("kernel-efficiency") << QStringLiteral("1.5");
        QTest::newRow("efficiency not a number") << QStringLiteral("kernel-efficiency") << QStringLiteral("fast");
        QTest::newRow("negative alpha") << QStringLiteral("alpha-us") << QStringLiteral("-1");
        QTest::newRow("zero NIC") << QStringLiteral("inter-node-gbps") << QStringLiteral("0");
        QTest::newRow("NaN NVLink") << QStringLiteral("intra-node-gbps") << QStringLiteral("nan");
        QTest::newRow("negative PCIe") << QStringLiteral("pcie-gbps") << QStringLiteral("-25");
        QTest::newRow("zero peak") << QStringLiteral("peak-tflops") << QStringLiteral("0");
        QTest::newRow("NaN HBM") << QStringLiteral("hbm-gbps") << QStringLiteral("nan");
        QTest::newRow("checkpoint interval 0") << QStringLiteral("checkpoint-interval") << QStringLiteral("0");
        QTest::newRow("checkpoint interval not a count") << QStringLiteral("checkpoint-interval") << QStringLiteral("two");
        QTest::newRow("negative tile overhead") << QStringLiteral("gemm-k-overhead") << QStringLiteral("-1");
        QTest::newRow("tile overhead above 4096") << QStringLiteral("gemm-k-overhead") << QStringLiteral("5000");
        QTest::newRow("NaN tile overhead") << QStringLiteral("gemm-k-overhead") << QStringLiteral("nan");
    }
    void badHardwareOptions()
    {
        QFETCH(QString, option);
        QFETCH(QString, value);
        const Run r = shardscope({QStringLiteral("step"), QStringLiteral("--") + option, value});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(option.toUtf8()), r.err.constData());
    }

    void hardwareOptionsChangeTheAnswer()
    {
        // A slower NIC makes ZeRO-3 across nodes slower; the JSON echoes the figures in force.
        auto step = [](const QString& nic) {
            return json(shardscope({QStringLiteral("step"), QStringLiteral("--inter-node-gbps"), nic, QStringLiteral("--format"),
                                    QStringLiteral("json")}));
        };
        const QJsonObject fast = step(QStringLiteral("50")), slow = step(QStringLiteral("12.5"));
        QCOMPARE(fast.value(QStringLiteral("links")).toObject().value(QStringLiteral("inter_node_bytes_per_second")).toDouble(), 50e9);
        QCOMPARE(fast.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("inter_node_bytes_per_second")).toDouble(), 50e9);
        QVERIFY(slow.value(QStringLiteral("totals")).toObject().value(QStringLiteral("step_time_s")).toDouble()
                > fast.value(QStringLiteral("totals")).toObject().value(QStringLiteral("step_time_s")).toDouble());
        // Half the A100's 312 TFLOP/s peak (--peak-tflops) or of its 2,039 GB/s (--hbm-gbps): slower steps, and
        // the scenario echoes the overrides.
        const QJsonObject base = json(shardscope({QStringLiteral("step"), QStringLiteral("--format"), QStringLiteral("json")}));
        const QJsonObject halfPeak = json(shardscope({QStringLiteral("step"), QStringLiteral("--peak-tflops"), QStringLiteral("156"),
                                                      QStringLiteral("--format"), QStringLiteral("json")}));
        const QJsonObject halfHbm = json(shardscope({QStringLiteral("step"), QStringLiteral("--hbm-gbps"), QStringLiteral("1019.5"),
                                                     QStringLiteral("--format"), QStringLiteral("json")}));
        auto stepTime = [](const QJsonObject& o) { return o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("step_time_s")).toDouble(); };
        QVERIFY(stepTime(halfPeak) > stepTime(base));
        QVERIFY(stepTime(halfHbm) > stepTime(base));
        QCOMPARE(halfPeak.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("peak_flops16_override")).toDouble(), 156e12);
        QCOMPARE(halfHbm.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("hbm_bytes_per_second_override")).toDouble(), 1019.5e9);
    }

    void checkpointIntervalAndTileOverhead()
    {
        // --checkpoint-interval N (fms-fsdp's every N-th block) and --gemm-k-overhead K (the GEMM curve's tile
        // overhead): echoed in the scenario; with full checkpointing every 2nd block recomputes half the layers (a
        // shorter step) and the other half keep their full activations (a higher peak); no tile overhead: faster GEMMs.
        auto step = [](QStringList extra) {
            extra.prepend(QStringLiteral("step"));
            extra << QStringLiteral("--checkpointing") << QStringLiteral("full") << QStringLiteral("--format")
                  << QStringLiteral("json");
            const Run r = shardscope(extra);
            return r.exitCode == 0 ? json(r) : QJsonObject();
        };
        auto stepTime = [](const QJsonObject& o) { return o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("step_time_s")).toDouble(); };
        auto peak = [](const QJsonObject& o) { return o.value(QStringLiteral("peak_bytes")).toDouble(); };
        const QJsonObject every = step({});
        const QJsonObject second = step({QStringLiteral("--checkpoint-interval"), QStringLiteral("2")});
        const QJsonObject noOverhead = step({QStringLiteral("--gemm-k-overhead"), QStringLiteral("0")});
        QVERIFY(!every.isEmpty() && !second.isEmpty() && !noOverhead.isEmpty());
        QCOMPARE(every.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("checkpoint_interval")).toInt(), 1);
        QCOMPARE(second.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("checkpoint_interval")).toInt(), 2);
        QCOMPARE(every.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("gemm_k_overhead")).toDouble(), 64.0);
        QCOMPARE(noOverhead.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("gemm_k_overhead")).toDouble(), 0.0);
        QVERIFY(stepTime(second) < stepTime(every));
        QVERIFY(peak(second) > peak(every));
        QVERIFY(stepTime(noOverhead) < stepTime(every));
    }

    void torchContextParallelOptions()
    {
        // --cp-allgather (PyTorch's context_parallel, torch/distributed/tensor/experimental/_attention.py: fp32 merges
        // and dK/dV on top of the attention) and --repeat-kv (torchtitan's repeat_kv: the ring carries every query
        // head's K/V, 32 / 8 = 4x Llama-3 8B's 8 KV heads), echoed in the scenario; the validate mapping sets both for
        // torchtitan's rows (docs/validation-steps.md).
        auto step = [](QStringList extra) {
            extra = QStringList{QStringLiteral("step"), QStringLiteral("--model"), QStringLiteral("llama-3-8b"),
                                QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--cp"), QStringLiteral("8"),
                                QStringLiteral("--seq"), QStringLiteral("262144"), QStringLiteral("--stage"), QStringLiteral("3"),
                                QStringLiteral("--checkpointing"), QStringLiteral("full"), QStringLiteral("--format"),
                                QStringLiteral("json")}
                + extra;
            const Run r = shardscope(extra);
            return r.exitCode == 0 ? json(r) : QJsonObject();
        };
        auto stepTime = [](const QJsonObject& o) { return o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("step_time_s")).toDouble(); };
        auto cpForwardBytes = [](const QJsonObject& o) {
            for (const QJsonValue& v : o.value(QStringLiteral("events")).toArray()) {
                const QJsonObject e = v.toObject();
                if (e.value(QStringLiteral("group")).toString() == QLatin1String("cp")
                    && e.value(QStringLiteral("phase")).toString() == QLatin1String("forward"))
                    return e.value(QStringLiteral("bytes")).toDouble();
            }
            return 0.0;
        };
        auto flag = [](const QJsonObject& o, const char* key) {
            return o.value(QStringLiteral("scenario")).toObject().value(QLatin1String(key)).toBool();
        };
        const QJsonObject p2p = step({});
        const QJsonObject torch = step({QStringLiteral("--cp-allgather"), QStringLiteral("on")});
        const QJsonObject repeated = step({QStringLiteral("--repeat-kv"), QStringLiteral("on")});
        QVERIFY(!p2p.isEmpty() && !torch.isEmpty() && !repeated.isEmpty());
        QVERIFY(!flag(p2p, "cp_torch_allgather") && !flag(p2p, "attention_repeats_kv"));
        QVERIFY(flag(torch, "cp_torch_allgather"));
        QVERIFY(flag(repeated, "attention_repeats_kv"));
        QVERIFY(stepTime(torch) > stepTime(p2p)); // the fp32 merges and copies at HBM bandwidth
        QVERIFY(cpForwardBytes(p2p) > 0);
        QCOMPARE(cpForwardBytes(repeated), 4 * cpForwardBytes(p2p));
        const Run bad = shardscope({QStringLiteral("step"), QStringLiteral("--cp-allgather"), QStringLiteral("maybe")});
        QCOMPARE(bad.exitCode, 2);
    }

    void validateStepsGolden()
    {
        // `validate --steps` on the shipped 109 runs (tests/data/measured/measured-steps.csv) against its golden
        // output: every row predicted or listed as unmodelled with its reason; keys exactly issue 9's contract.
        const QString csv = QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-steps.csv");
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), csv, QStringLiteral("--format"),
                                  QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/golden/validate-steps.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(r.out), QString::fromUtf8(f.readAll()));
        const QJsonObject o = json(r);
        for (const char* k : {"rows", "median_abs_error", "max_abs_error", "by_source", "unmodelled"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size() + o.value(QStringLiteral("unmodelled")).toArray().size(), 109);
        for (const QJsonValue& v : rows) {
            const QJsonObject row = v.toObject();
            QCOMPARE(row.keys().size(), 5);
            for (const char* k : {"id", "metric", "measured", "predicted", "error"})
                QVERIFY2(row.contains(QLatin1String(k)), k);
            QVERIFY(std::abs(row.value(QStringLiteral("predicted")).toDouble() / row.value(QStringLiteral("measured")).toDouble() - 1
                             - row.value(QStringLiteral("error")).toDouble())
                    < 1e-12);
        }
        // The table format prints the same summary; a missing file exits 2 naming --steps.
        const Run t = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), csv});
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("median |error|"));
        const Run bad = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), QStringLiteral("/nonexistent.csv")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.out.isEmpty());
        QVERIFY(bad.err.contains("--steps"));
    }

    void peakNamesItsCapacityMeasure_data()
    {
        QTest::addColumn<QString>("measure");
        QTest::addColumn<QString>("estimateKey");
        QTest::addColumn<QString>("tableWords");
        QTest::newRow("allocated") << QStringLiteral("allocated") << QStringLiteral("peak_allocated_bytes")
                                   << QStringLiteral("measured as        allocated (torch.cuda.max_memory_allocated)");
        QTest::newRow("reserved") << QStringLiteral("reserved") << QStringLiteral("peak_reserved_bytes")
                                  << QStringLiteral("measured as        reserved (torch.cuda.max_memory_reserved");
        QTest::newRow("device-used") << QStringLiteral("device-used") << QStringLiteral("device_used_bytes")
                                     << QStringLiteral("measured as        device used (nvidia-smi");
    }

    void peakNamesItsCapacityMeasure()
    {
        // Issue 13: `step` says which capacity measure its peak is in: the table on a "measured as" line, the JSON
        // as the new key peak_measure (peak_bytes keeps its name). The peak is the worst rank's figure in that
        // measure, as `estimate` gives it (per_gpu.peak_allocated_bytes / peak_reserved_bytes / device_used_bytes).
        QFETCH(QString, measure);
        QFETCH(QString, estimateKey);
        QFETCH(QString, tableWords);
        const QStringList scenario = {QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--tp"), QStringLiteral("8"),
                                      QStringLiteral("--pp"), QStringLiteral("4"), QStringLiteral("--capacity-measure"), measure};
        const Run j = shardscope(QStringList {QStringLiteral("step")} + scenario + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(j.exitCode, 0);
        const QJsonObject o = json(j);
        QCOMPARE(o.value(QStringLiteral("peak_measure")).toString(), measure);
        const Run e = shardscope(QStringList {QStringLiteral("estimate")} + scenario + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(e.exitCode, 0);
        const double expected = json(e).value(QStringLiteral("per_gpu")).toObject().value(estimateKey).toDouble();
        QVERIFY(expected > 0);
        QCOMPARE(o.value(QStringLiteral("peak_bytes")).toDouble(), expected);
        const Run t = shardscope(QStringList {QStringLiteral("step")} + scenario);
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(QString::fromUtf8(t.out).contains(tableWords), t.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestStepCli)
#include "tst_stepcli.moc"
