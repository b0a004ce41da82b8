// SPDX-License-Identifier: MIT
// `shardscope validate --measured`: the golden output on the shipped file, the JSON contract,
// the accuracy targets (issue 8), and bad input.
#include "runshardscope.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {
QString dataPath(const QString& rel) { return QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/") + rel; }
QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
const QString kShipped = QStringLiteral("measured/measured-memory.csv");
} // namespace

class TestValidateCli : public QObject
{
    Q_OBJECT
private slots:
    void goldenJson()
    {
        // Regenerate after a deliberate model change with:
        // shardscope validate --measured tests/data/measured/measured-memory.csv --format json
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), dataPath(kShipped),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QByteArray expected = readFile(dataPath(QStringLiteral("golden/validate-measured.json")));
        QVERIFY(!expected.isEmpty());
        QCOMPARE(QJsonDocument::fromJson(r.out), QJsonDocument::fromJson(expected));
    }

    void contractAndTargets()
    {
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), dataPath(kShipped),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char* k : {"rows", "median_abs_error", "max_abs_error", "by_framework", "unmodelled"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        const QJsonArray rows = o.value(QLatin1String("rows")).toArray();
        const QJsonArray skipped = o.value(QLatin1String("unmodelled")).toArray();
        // Every one of the 44 rows is either predicted or listed with its reason: none dropped.
        QCOMPARE(rows.size() + skipped.size(), 44);
        for (const auto& u : skipped)
            QVERIFY(!u.toObject().value(QLatin1String("reason")).toString().isEmpty());
        // Targets (issue 8): steady-state rows within 5%; peak rows median within 10%, none beyond 25%.
        std::vector<double> peak;
        int steady = 0;
        for (const auto& v : rows) {
            const QJsonObject row = v.toObject();
            for (const char* k : {"id", "kind", "measured_bytes", "predicted_bytes", "error"})
                QVERIFY2(row.contains(QLatin1String(k)), k);
            const double e = row.value(QLatin1String("error")).toDouble();
            const double m = row.value(QLatin1String("measured_bytes")).toDouble();
            const double p = row.value(QLatin1String("predicted_bytes")).toDouble();
            QVERIFY(std::abs(e - (p - m) / m) < 1e-12);
            const QString id = row.value(QLatin1String("id")).toString();
            if (row.value(QLatin1String("kind")).toString() == QLatin1String("steady_state")) {
                ++steady;
                QVERIFY2(std::abs(e) <= 0.05, qPrintable(id));
            } else {
                peak.push_back(std::abs(e));
                QVERIFY2(std::abs(e) <= 0.25, qPrintable(id + QStringLiteral(" ") + QString::number(e)));
            }
        }
        QVERIFY(steady >= 1);
        QVERIFY(peak.size() >= 40);
        std::sort(peak.begin(), peak.end());
        const std::size_t n = peak.size();
        const double median = n % 2 ? peak[n / 2] : 0.5 * (peak[n / 2 - 1] + peak[n / 2]);
        QVERIFY2(median <= 0.10, qPrintable(QString::number(median)));
    }

    void table()
    {
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), dataPath(kShipped)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("TT02"));
        QVERIFY(r.out.contains("median |error|"));
        QVERIFY(r.out.contains("unmodelled:"));
    }

    void chartFiles()
    {
        // --chart writes the predicted-vs-measured scatter (our own Qt Charts export) and keeps stdout's contract;
        // the point count is checked against the compared rows in tests/ui/tst_hardwarepanel.cpp.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("memory.png"));
        Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), dataPath(kShipped),
                            QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--chart"), png});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out), QJsonDocument::fromJson(readFile(dataPath(QStringLiteral("golden/validate-measured.json")))));
        const QByteArray bytes = readFile(png);
        QVERIFY(bytes.startsWith("\x89PNG"));
        const QString svg = dir.filePath(QStringLiteral("steps.svg"));
        r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), dataPath(QStringLiteral("measured/measured-steps.csv")),
                        QStringLiteral("--chart"), svg});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("median |error|"));
        const QByteArray s = readFile(svg);
        QVERIFY(s.contains("<svg"));
        QVERIFY(s.contains("predicted vs measured"));
        // A chart file that is not an image: exit 2, in words.
        r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), dataPath(QStringLiteral("measured/measured-steps.csv")),
                        QStringLiteral("--chart"), dir.filePath(QStringLiteral("x.txt"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(".png, .svg or .pdf"), r.err.constData());
    }

    void moeStepFiles()
    {
        // Issue 25: `validate --steps` reads Megatron-Bridge's MoE table files (tests/data/measured/moe-steps-fresh*.csv;
        // their header has tokens_per_s_per_gpu and ep, no measured_metric). Each row is a step_time_s check whose
        // measured seconds are GBS x 4096 / (GPUs x tokens/s/GPU) from the row's own cells, e.g. the 26.02.01 DeepSeek-V3
        // row on 256 B300: 4096 x 4096 / (256 x 3099) = 21.147 s.
        struct File
        {
            const char* name;
            int rows;
        };
        for (const File f : {File {"measured/moe-steps-fresh.csv", 10}, File {"measured/moe-steps-fresh-heldout.csv", 4}}) {
            const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), dataPath(QLatin1String(f.name)),
                                      QStringLiteral("--format"), QStringLiteral("json")});
            QCOMPARE(r.exitCode, 0);
            const QJsonObject o = QJsonDocument::fromJson(r.out).object();
            const QJsonArray rows = o.value(QLatin1String("rows")).toArray();
            QCOMPARE(rows.size(), f.rows);
            QCOMPARE(o.value(QLatin1String("unmodelled")).toArray().size(), 0);
            std::vector<double> errs;
            for (const QJsonValue& v : rows) {
                const QJsonObject c = v.toObject();
                QCOMPARE(c.value(QLatin1String("metric")).toString(), QStringLiteral("step_time_s"));
                const double err = c.value(QLatin1String("predicted")).toDouble() / c.value(QLatin1String("measured")).toDouble() - 1;
                QVERIFY(std::fabs(err - c.value(QLatin1String("error")).toDouble()) < 1e-12);
                errs.push_back(std::fabs(err));
                if (c.value(QLatin1String("id")).toString() == QLatin1String("mb260201-deepseek-v3-256xB300-mxfp8"))
                    QVERIFY(std::fabs(c.value(QLatin1String("measured")).toDouble() - 4096.0 * 4096.0 / (256.0 * 3099.0)) < 1e-9);
            }
            std::sort(errs.begin(), errs.end());
            const std::size_t n = errs.size();
            const double median = n % 2 ? errs[n / 2] : 0.5 * (errs[n / 2 - 1] + errs[n / 2]);
            QVERIFY(std::fabs(median - o.value(QLatin1String("median_abs_error")).toDouble()) < 1e-12);
        }
        // A row the reader cannot read is listed with its reason; the file is still read (exit 0).
        QTemporaryDir dir;
        const QString odd = dir.filePath(QStringLiteral("moe-odd.csv"));
        QFile g(odd);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("id,source,model,gpu,gpus,precision,global_batch,micro_batch,tp,pp,vpp,ep,tokens_per_s_per_gpu,a2a_overlap,"
                "flex_dispatcher,recompute_modules,notes\n"
                "x-llama,Megatron-Bridge,llama3-8b,h100-80gb,8,bf16,128,1,1,1,1,1,1000,0,0,none,\n"
                "x-qwen,Megatron-Bridge,qwen3-30b-a3b,h100-80gb,8,bf16,128,1,1,1,1,8,1000,0,0,mlp,\n");
        g.close();
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), odd, QStringLiteral("--format"),
                                  QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray un = QJsonDocument::fromJson(r.out).object().value(QLatin1String("unmodelled")).toArray();
        QCOMPARE(un.size(), 2);
        QVERIFY(un.at(0).toObject().value(QLatin1String("reason")).toString().contains(QLatin1String("MoE preset")));
        QVERIFY(un.at(1).toObject().value(QLatin1String("reason")).toString().contains(QLatin1String("recompute_modules")));
    }

    void badInput()
    {
        // No --measured, a missing file, a CSV without the needed columns: exit 2, a message, no stdout.
        Run r = shardscope({QStringLiteral("validate")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--measured"));
        r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), QStringLiteral("/nonexistent/x.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.csv"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("id,model\nX1,foo\n");
        f.close();
        r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("column"), r.err.constData());
        // A row with an unknown field value is listed as unmodelled with the field named, not dropped.
        QByteArray csv = readFile(dataPath(kShipped));
        const qsizetype firstRow = csv.indexOf('\n') + 1;
        const qsizetype end = csv.indexOf('\n', firstRow);
        QByteArray row = csv.mid(firstRow, end - firstRow);
        row.replace("reserved (peak reserved_bytes.all.peak; max over all GPUs)", "hbm temperature");
        QByteArray one = csv.left(firstRow) + row + "\n";
        const QString odd = dir.filePath(QStringLiteral("odd.csv"));
        QFile g(odd);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(one);
        g.close();
        r = shardscope({QStringLiteral("validate"), QStringLiteral("--measured"), odd, QStringLiteral("--format"),
                        QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray skipped = QJsonDocument::fromJson(r.out).object().value(QLatin1String("unmodelled")).toArray();
        QCOMPARE(skipped.size(), 1);
        QVERIFY(skipped.at(0).toObject().value(QLatin1String("reason")).toString().contains(QLatin1String("measured_kind")));
    }
};

QTEST_GUILESS_MAIN(TestValidateCli)
#include "tst_validatecli.moc"
