// SPDX-License-Identifier: MIT
// Regression tests for the defects of issue 15 ("Defects found trying to break it"), each through the
// built executable the way a user meets it: a full disk, hostile config files, unbounded requests, and
// inputs that one path refused while another let them through.
#include "runshardscope.h"

#include "../commalocale.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

QString tmpFile(const QTemporaryDir& d, const QString& name, const QByteArray& bytes)
{
    const QString p = d.filePath(name);
    QFile f(p);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return QString();
    return p;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool isCharDevice(const char* path)
{
    struct stat st {};
    return ::stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

/// Runs shardscope with LC_ALL (and LOCPATH when given) set.
Run shardscopeInLocale(const QStringList& args, const CommaLocale& loc)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LANG"));
    env.remove(QStringLiteral("LC_NUMERIC"));
    env.insert(QStringLiteral("LC_ALL"), loc.name.isEmpty() ? QStringLiteral("C") : loc.name);
    if (!loc.locPath.isEmpty())
        env.insert(QStringLiteral("LOCPATH"), loc.locPath);
    return shardscope(args, env);
}

/// A "full disk" device to point a symlink at. As root a private node in `d` (c 1 7, what /dev/full is):
/// a broken build that renamed a temporary over its target would replace that node, never the
/// system's /dev/full. Empty when none is available.
QString fullDevice(const QTemporaryDir& d)
{
    if (::geteuid() != 0)
        return isCharDevice("/dev/full") ? QStringLiteral("/dev/full") : QString();
    const QString p = d.filePath(QStringLiteral("full"));
    if (::mknod(QFile::encodeName(p).constData(), S_IFCHR | 0666, makedev(1, 7)) != 0)
        return QString();
    QFile f(p);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || f.write("x", 1) == 1)
        return QString(); // a node that does not act as a full disk (e.g. a nodev mount)
    return p;
}

/// Runs shardscope with stdout sent to a file (e.g. /dev/full).
Run shardscopeToFile(const QStringList& args, const QString& stdoutFile)
{
    QProcess p;
    p.setProgram(QStringLiteral(SHARDSCOPE_BIN));
    p.setArguments(args);
    p.setStandardOutputFile(stdoutFile);
    p.start();
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.err = p.readAllStandardError();
    return r;
}

/// A tiny tmpfs (root only): a real full disk, where QSaveFile's temporary fills the disk.
class FullDisk
{
public:
    FullDisk()
    {
        if (::geteuid() != 0 || !m_dir.isValid())
            return;
        if (QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                        QStringLiteral("size=256k"), QStringLiteral("tmpfs"), m_dir.path()})
            != 0)
            return;
        m_mounted = true;
    }
    ~FullDisk()
    {
        if (m_mounted)
            QProcess::execute(QStringLiteral("umount"), {m_dir.path()});
    }
    bool ok() const { return m_mounted; }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    /// Fills what is left of the disk.
    void fill()
    {
        QFile f(path(QStringLiteral("filler")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return;
        const QByteArray block(4096, 'x');
        while (f.write(block) == block.size()) {
        }
    }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
};

} // namespace

class TestHardening : public QObject
{
    Q_OBJECT

private slots:
    // --- a full disk loses nothing, and says so

    void symlinkToDevFull_data()
    {
        QTest::addColumn<QString>("suffix");
        for (const char* s : {"csv", "json", "md", "svg", "pdf", "png"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void symlinkToDevFull()
    {
        // The issue's reproduction: ln -s /dev/full out.svg; shardscope export ... --out out.svg exited 0.
        QFETCH(QString, suffix);
        QTemporaryDir d;
        const QString full = fullDevice(d);
        if (full.isEmpty())
            QSKIP("no full-disk device (/dev/full, or a private c 1 7 node as root)");
        const QString out = d.filePath(QStringLiteral("out.") + suffix);
        QVERIFY(QFile::link(full, out));
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                  QStringLiteral("--out"), out, QStringLiteral("--model"), QStringLiteral("gpt2"),
                                  QStringLiteral("--gpus"), QStringLiteral("8")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot write"), r.err.constData());
        QVERIFY2(r.err.contains("No space left on device"), r.err.constData());
        QVERIFY2(!r.err.contains("internal error"), r.err.constData()); // a full disk is not a program fault
        QVERIFY(isCharDevice(QFile::encodeName(full).constData())); // written through, never renamed over
    }

    void screenshotToFullDevice()
    {
        QTemporaryDir d;
        const QString full = fullDevice(d);
        if (full.isEmpty())
            QSKIP("no full-disk device");
        const QString out = d.filePath(QStringLiteral("shot.png"));
        QVERIFY(QFile::link(full, out));
        const Run r = shardscope({QStringLiteral("screenshot"), QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("No space left on device"), r.err.constData());
        QVERIFY(isCharDevice(QFile::encodeName(full).constData()));
    }

    void stdoutToDevFull_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("convert") << QStringList {QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("scenario")};
        QTest::newRow("estimate") << QStringList {QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("gpt2")};
        QTest::newRow("--version") << QStringList {QStringLiteral("--version")};
    }
    void stdoutToDevFull()
    {
        QFETCH(QStringList, args);
        if (!isCharDevice("/dev/full"))
            QSKIP("no /dev/full");
        const Run r = shardscopeToFile(args, QStringLiteral("/dev/full"));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot write to standard output"), r.err.constData());
    }

    void realFullDiskKeepsFiles_data()
    {
        QTest::addColumn<QString>("suffix");
        for (const char* s : {"csv", "json", "md", "svg", "pdf", "png"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void realFullDiskKeepsFiles()
    {
        // The temporary of QSaveFile fills the disk; the old file must stay whole and the exit code say 1.
        QFETCH(QString, suffix);
        FullDisk disk;
        if (!disk.ok())
            QSKIP("needs root to mount a 256 KiB tmpfs (the /dev/full cases above run anywhere)");
        const QString out = disk.path(QStringLiteral("chart.") + suffix);
        const QByteArray old = "the user's previous export\n";
        {
            QFile f(out);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(old);
        }
        disk.fill();
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                  QStringLiteral("--out"), out, QStringLiteral("--model"), QStringLiteral("llama-2-70b"),
                                  QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--pp"), QStringLiteral("4")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot write"), r.err.constData());
        QCOMPARE(readAll(out), old);
        QCOMPARE(QDir(disk.path(QString())).entryList(QDir::Files | QDir::Hidden).size(), 2); // no temporary left
    }

    void fullDiskBundleIsAllOrNothing()
    {
        FullDisk disk;
        if (!disk.ok())
            QSKIP("needs root to mount a 256 KiB tmpfs");
        const QString dir = disk.path(QStringLiteral("bundle"));
        QVERIFY(QDir().mkpath(dir));
        const QByteArray old = "old breakdown\n";
        {
            QFile f(dir + QStringLiteral("/breakdown.md"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(old);
        }
        disk.fill();
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--bundle"), dir, QStringLiteral("--model"),
                                  QStringLiteral("gpt2"), QStringLiteral("--gpus"), QStringLiteral("8")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden), QStringList {QStringLiteral("breakdown.md")});
        QCOMPARE(readAll(dir + QStringLiteral("/breakdown.md")), old);
    }

    void bundleWritesEverythingWhenThereIsRoom()
    {
        QTemporaryDir d;
        const QString dir = d.filePath(QStringLiteral("b"));
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--bundle"), dir, QStringLiteral("--model"),
                                  QStringLiteral("gpt2"), QStringLiteral("--gpus"), QStringLiteral("8")});
        QCOMPARE(r.exitCode, 0);
        const QStringList files = QDir(dir).entryList(QDir::Files | QDir::Hidden);
        // exportBundle(): 11 charts x (svg, png) (every image chart but compare, issue 26), 4 x (csv, json), breakdown.md,
        // assumptions.md, scenario
        QCOMPARE(files.size(), 33);
        for (const char* chart : {"memory-per-gpu", "memory-vs-gpus", "host-memory", "step-timeline", "pipeline-schedule", "step-memory",
                                  "compare-stages", "plan-map", "plan-pareto", "step-gpus", "tp-split"})
            for (const char* suffix : {".svg", ".png"})
                QVERIFY2(files.contains(QLatin1String(chart) + QLatin1String(suffix)), chart);
        for (const QString& f : files)
            QVERIFY2(QFileInfo(dir + QLatin1Char('/') + f).size() > 0, qPrintable(f));
    }

    // --- hostile config files answer at once

    void yamlAliasBomb()
    {
        QTemporaryDir d;
        QByteArray y = "distributed_type: FSDP\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
        const char* names = "abcdefghi";
        for (int i = 1; i < 9; ++i) {
            y += QByteArray(1, names[i]) + ": &" + QByteArray(1, names[i]) + " [";
            for (int k = 0; k < 9; ++k)
                y += QByteArray(k ? ",*" : "*") + QByteArray(1, names[i - 1]);
            y += "]\n";
        }
        y += "fsdp_config: *i\n";
        const QString p = tmpFile(d, QStringLiteral("bomb.yaml"), y);
        QElapsedTimer t;
        t.start();
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--fsdp-config"), p});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("more than 10000 values"), r.err.constData());
        QVERIFY2(t.elapsed() < 20000, "the alias bomb was walked");
    }

    void yamlManyKeys()
    {
        QTemporaryDir d;
        QByteArray y = "distributed_type: FSDP\n";
        for (int i = 0; i < 250000; ++i)
            y += "k" + QByteArray::number(i) + ": 1\n";
        const QString p = tmpFile(d, QStringLiteral("keys.yaml"), y);
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--fsdp-config"), p});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("far too many keys"), r.err.constData());
        // 1,500 keys passes the byte scan and is refused by the key count.
        QByteArray y2 = "distributed_type: FSDP\n";
        for (int i = 0; i < 1500; ++i)
            y2 += "k" + QByteArray::number(i) + ": 1\n";
        const Run r2 = shardscope({QStringLiteral("estimate"), QStringLiteral("--fsdp-config"),
                                   tmpFile(d, QStringLiteral("keys2.yaml"), y2)});
        QCOMPARE(r2.exitCode, 2);
        QVERIFY2(r2.err.contains("1501 keys"), r2.err.constData());
    }

    void hfConfigFromDevZero()
    {
        if (!QFileInfo::exists(QStringLiteral("/dev/zero")))
            QSKIP("no /dev/zero");
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--hf-config"), QStringLiteral("/dev/zero")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--hf-config: /dev/zero: more than"), r.err.constData());
    }

    void hfHeadsMustDivideHidden_data()
    {
        QTest::addColumn<QString>("type");
        for (const char* t : {"llama", "mistral", "mixtral", "qwen2", "phi3"})
            QTest::newRow(t) << QString::fromLatin1(t);
    }
    void hfHeadsMustDivideHidden()
    {
        QFETCH(QString, type);
        QTemporaryDir d;
        const QByteArray cfg = "{\"model_type\": \"" + type.toUtf8()
            + "\", \"hidden_size\": 4100, \"num_attention_heads\": 32, \"num_key_value_heads\": 32}";
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--hf-config"), tmpFile(d, QStringLiteral("c.json"), cfg)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("num_attention_heads 32 does not divide hidden_size 4100"), r.err.constData());
        // With head_dim given, the shape is explicit and accepted.
        const QByteArray ok = "{\"model_type\": \"" + type.toUtf8()
            + "\", \"hidden_size\": 4100, \"num_attention_heads\": 32, \"num_key_value_heads\": 32, \"head_dim\": 128}";
        QCOMPARE(shardscope({QStringLiteral("estimate"), QStringLiteral("--hf-config"), tmpFile(d, QStringLiteral("ok.json"), ok)})
                     .exitCode,
                 0);
    }

    void importersRefuseOtherFiles()
    {
        const QString hf = QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/hf/Llama-2-7b-hf.json");
        Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--deepspeed-config"), hf});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not a DeepSpeed config") && r.err.contains("use --hf-config"), r.err.constData());
        QTemporaryDir d;
        const Run conv = shardscope({QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("scenario")});
        QCOMPARE(conv.exitCode, 0);
        const QString scen = tmpFile(d, QStringLiteral("s.json"), conv.out);
        r = shardscope({QStringLiteral("estimate"), QStringLiteral("--deepspeed-config"), scen});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("use --scenario"), r.err.constData());
        r = shardscope({QStringLiteral("estimate"), QStringLiteral("--fsdp-config"), scen}); // JSON is YAML too
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not an accelerate config"), r.err.constData());
        r = shardscope({QStringLiteral("estimate"), QStringLiteral("--fsdp-config"), hf});
        QCOMPARE(r.exitCode, 2);
        // The real ones still import.
        QCOMPARE(shardscope({QStringLiteral("estimate"), QStringLiteral("--fsdp-config"),
                             QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/configs/accelerate_fsdp_full_shard.yaml")})
                     .exitCode,
                 0);
    }

    void megatronArgsNeedShapeAndText()
    {
        Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--megatron-args"),
                            QStringLiteral("--ffn-hidden-size 11008 --swiglu")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--ffn-hidden-size, --swiglu describe the model"), r.err.constData());
        const QString file = QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/configs/megatron_llama2_70b.txt");
        r = shardscope({QStringLiteral("estimate"), QStringLiteral("--megatron-args"), file});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("is a file"), r.err.constData());
        r = shardscope({QStringLiteral("estimate"), QStringLiteral("--megatron-args"), QStringLiteral("pretrain_gpt.py")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no Megatron-LM arguments"), r.err.constData());
        // The file's contents are accepted.
        QCOMPARE(shardscope({QStringLiteral("estimate"), QStringLiteral("--megatron-args"), QString::fromUtf8(readAll(file))}).exitCode, 0);
    }

    // --- bounds: refuse at once with a clear message

    void boundsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("interleaved") << QStringList {QStringLiteral("step"), QStringLiteral("--model"), QStringLiteral("llama-2-70b"),
                                                     QStringLiteral("--pp"), QStringLiteral("8"), QStringLiteral("--gpus"), QStringLiteral("64"),
                                                     QStringLiteral("--schedule"), QStringLiteral("interleaved"), QStringLiteral("--vpp"),
                                                     QStringLiteral("10"), QStringLiteral("--grad-accum"), QStringLiteral("1000000")}
                                     << QByteArray("beyond the model's range (at most 200,000 micro-batch chunks per GPU)");
        QTest::newRow("export size") << QStringList {QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                                     QStringLiteral("--out"), QStringLiteral("never-written.png"), QStringLiteral("--size"),
                                                     QStringLiteral("10000x10000")}
                                     << QByteArray("the limit is 40 million");
        QTest::newRow("export size side") << QStringList {QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                                          QStringLiteral("--out"), QStringLiteral("never-written.png"), QStringLiteral("--size"),
                                                          QStringLiteral("20000x20000")}
                                          << QByteArray("out of range (100 to 10000)");
        QTest::newRow("sweep") << QStringList {QStringLiteral("sweep"), QStringLiteral("--gpus"), QStringLiteral("1:100000:1")}
                               << QByteArray("has 100000 points; a sweep takes at most 10,000");
        QTest::newRow("margin") << QStringList {QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("a100-40gb"),
                                                QStringLiteral("--margin-gb"), QStringLiteral("50")}
                                << QByteArray("--margin-gb: the safety margin (50.0 GB) must be below the GPU's capacity");
        QTest::newRow("decimal comma") << QStringList {QStringLiteral("estimate"), QStringLiteral("--params"), QStringLiteral("1,5B")}
                                       << QByteArray("comma that does not group thousands");
    }
    void boundsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        QElapsedTimer t;
        t.start();
        const Run r = shardscope(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY2(t.elapsed() < 20000, "refused only after the work");
        QVERIFY(!QFileInfo::exists(QStringLiteral("never-written.png")));
    }

    void thousandsCommasStillGroup()
    {
        const Run a = shardscope({QStringLiteral("estimate"), QStringLiteral("--params"), QStringLiteral("1,500,000,000"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        const Run b = shardscope({QStringLiteral("estimate"), QStringLiteral("--params"), QStringLiteral("1.5B"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.out, b.out);
    }

    void scenarioFileCannotCarryWhatTheCliRefuses_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("intra tiny") << QStringLiteral("intra_node_bytes_per_second") << 1e-300 << QByteArray("link bandwidth");
        QTest::newRow("inter tiny") << QStringLiteral("inter_node_bytes_per_second") << 1e-300 << QByteArray("link bandwidth");
        QTest::newRow("pcie tiny") << QStringLiteral("pcie_bytes_per_second") << 0.5 << QByteArray("link bandwidth");
        QTest::newRow("peak tiny") << QStringLiteral("peak_flops16_override") << 1.0 << QByteArray("TFLOP/s");
        QTest::newRow("hbm tiny") << QStringLiteral("hbm_bytes_per_second_override") << 0.5 << QByteArray("GB/s");
        QTest::newRow("margin") << QStringLiteral("margin_bytes") << 1e12 << QByteArray("below the GPU's capacity");
    }
    void scenarioFileCannotCarryWhatTheCliRefuses()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        QFETCH(QByteArray, message);
        const Run conv = shardscope({QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("scenario")});
        QCOMPARE(conv.exitCode, 0);
        QJsonObject root = QJsonDocument::fromJson(conv.out).object();
        QJsonObject sc = root.value(QStringLiteral("scenario")).toObject();
        QVERIFY2(sc.contains(key) || key == QLatin1String("margin_bytes"), qPrintable(key));
        sc[key] = value;
        root[QStringLiteral("scenario")] = sc;
        QTemporaryDir d;
        const QString p = tmpFile(d, QStringLiteral("s.json"), QJsonDocument(root).toJson());
        for (const char* cmd : {"estimate", "step"}) {
            const Run r = shardscope({QString::fromLatin1(cmd), QStringLiteral("--scenario"), p});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(message), r.err.constData());
            QVERIFY(!r.out.contains("inf") && !r.out.contains("nan"));
        }
    }

    void bareCountSplitsOverAnyTp_data()
    {
        QTest::addColumn<QString>("params");
        QTest::addColumn<int>("tp");
        // hidden / 128 heads of the GPT shape: 17 (3.5B), 33 (13B), 71 (100B) -- TP 2, 4, 8 divided none of them.
        for (const char* p : {"3.5B", "13B", "100B", "7B"})
            for (int tp : {2, 4, 8})
                QTest::newRow(qPrintable(QStringLiteral("%1 tp%2").arg(QLatin1String(p)).arg(tp))) << QString::fromLatin1(p) << tp;
    }
    void bareCountSplitsOverAnyTp()
    {
        QFETCH(QString, params);
        QFETCH(int, tp);
        const Run r = shardscope({QStringLiteral("estimate"), QStringLiteral("--params"), params, QStringLiteral("--tp"),
                                  QString::number(tp), QStringLiteral("--gpus"), QString::number(8 * tp),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        // The bare count stays exact whatever shape carries it.
        QCOMPARE(o.value(QStringLiteral("model")).toObject().value(QStringLiteral("bare_count")).toBool(), true);
    }

    void minGpusCountsHostRam()
    {
        // ZeRO-3 with the optimizer offloaded to CPU: the states land in host RAM, sharded over the GPUs of
        // a node. With 200 GB of RAM per node, a node of 8 GPUs cannot hold 70B's 12 B/param optimizer and
        // master states until enough nodes share them.
        const QStringList common = {QStringLiteral("--model"), QStringLiteral("llama-2-70b"), QStringLiteral("--stage"),
                                    QStringLiteral("3"), QStringLiteral("--offload-optimizer"), QStringLiteral("cpu"),
                                    QStringLiteral("--host-ram-gb"), QStringLiteral("200")};
        const Run m = shardscope(QStringList {QStringLiteral("min-gpus"), QStringLiteral("--format"), QStringLiteral("json")} + common);
        QVERIFY2(m.exitCode == 0, m.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(m.out);
        qint64 n = 0;
        for (const QJsonValue& v : doc.object().value(QStringLiteral("stages")).toArray())
            if (v.toObject().value(QStringLiteral("stage")).toInt() == 3)
                n = v.toObject().value(QStringLiteral("min_gpus")).toInteger();
        QVERIFY2(n > 0, m.out.constData());
        auto hostFits = [&](qint64 gpus) {
            const Run e = shardscope(QStringList {QStringLiteral("estimate"), QStringLiteral("--format"), QStringLiteral("json"),
                                                  QStringLiteral("--gpus"), QString::number(gpus)}
                                     + common);
            const QJsonObject o = QJsonDocument::fromJson(e.out).object();
            return o.value(QStringLiteral("fits")).toBool() && o.value(QStringLiteral("host_fits")).toBool();
        };
        QVERIFY2(hostFits(n), "min-gpus answered an N whose host RAM overflows");
        if (n > 1)
            QVERIFY2(!hostFits(n - 1), "a smaller N fits as well");
    }

    void tourNestingIsBounded()
    {
        // Found reading the parser for fuzz_tour (a timeout there): the line-number scanner walked the
        // text before QJsonDocument had accepted it, one recursion and one path of the depth's length per level (30,000 '[': 36 s, 1.8 GB),
        // and a valid 4 MB tour of 1,000 nested 4,000-character keys stored every path (over 120 s and
        // 2.8 GB). Both are refused at once now.
        QTemporaryDir d;
        QElapsedTimer t;
        t.start();
        const Run deep = shardscope({QStringLiteral("tour"), QStringLiteral("--check"),
                                     tmpFile(d, QStringLiteral("deep.tour.json"), QByteArray(30000, '['))});
        QCOMPARE(deep.exitCode, 2);
        QVERIFY2(deep.err.contains("too deeply nested"), deep.err.constData());
        QByteArray keys;
        const QByteArray key(4000, 'k');
        for (int i = 0; i < 1000; ++i)
            keys += "{\"" + key + QByteArray::number(i) + "\":";
        keys += "1" + QByteArray(1000, '}');
        const Run longKeys = shardscope({QStringLiteral("tour"), QStringLiteral("--check"),
                                         tmpFile(d, QStringLiteral("keys.tour.json"), keys)});
        QCOMPARE(longKeys.exitCode, 2);
        QVERIFY2(longKeys.err.contains("unknown key"), longKeys.err.constData());
        QVERIFY2(t.elapsed() < 20000, "the nesting was walked level by level");
    }

    void tourStepsAreBounded()
    {
        // A 4 MB tour held 150,000 steps, each with its own scenario, and the line of each was counted
        // from the file's start (over 200 s). At most 1,000 steps (docs/tours.md).
        auto tour = [](int steps) -> QByteArray {
            QByteArray t = R"({"format": "shardscope-tour", "version": 1, "id": "big", "title": {"en": "t"},)";
            t += R"( "steps": [)";
            for (int i = 0; i < steps; ++i)
                t += QByteArray(i ? ",\n" : "\n") + R"({"caption": {"en": "a"}})";
            return t + "]}";
        };
        QTemporaryDir d;
        const Run most = shardscope({QStringLiteral("tour"), QStringLiteral("--check"),
                                     tmpFile(d, QStringLiteral("a.tour.json"), tour(1000))});
        QVERIFY2(most.exitCode == 0, most.err.constData());
        const Run over = shardscope({QStringLiteral("tour"), QStringLiteral("--check"),
                                     tmpFile(d, QStringLiteral("b.tour.json"), tour(1001))});
        QCOMPARE(over.exitCode, 2);
        QVERIFY2(over.err.contains("at most 1000 steps (this one has 1001)"), over.err.constData());
        QVERIFY2(over.err.contains("line 1:"), over.err.constData());
    }

    void validateHugeCountInNotes_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("csv");
        QTest::newRow("steps") << QStringLiteral("--steps") << QStringLiteral("measured-steps.csv");
        QTest::newRow("memory") << QStringLiteral("--measured") << QStringLiteral("measured-memory.csv");
    }
    void validateHugeCountInNotes()
    {
        // A measured CSV whose notes say cp=<20 digits>: std::stoll threw and `validate` ended with
        // "internal error: stoll". The row is reported as unmodelled instead.
        QFETCH(QString, option);
        QFETCH(QString, csv);
        const QList<QByteArray> lines = readAll(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/") + csv).split('\n');
        QVERIFY(lines.size() > 2);
        QByteArray row = lines.at(1).trimmed();
        const QByteArray note = " cp=99999999999999999999999;";
        if (row.endsWith('"'))
            row.insert(row.size() - 1, note);
        else
            row += note;
        QTemporaryDir d;
        const Run r = shardscope({QStringLiteral("validate"), option, tmpFile(d, csv, lines.at(0).trimmed() + '\n' + row + '\n')});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("unmodelled: 1"), r.out.constData());
        QVERIFY2(r.out.contains("cp=99999999999999999999999") && r.out.contains("is out of range"), r.out.constData());
    }
    void validateCsvIsBounded_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<bool>("device");
        QTest::newRow("steps, /dev/zero") << QStringLiteral("--steps") << true;
        QTest::newRow("measured, /dev/zero") << QStringLiteral("--measured") << true;
        QTest::newRow("steps, 16 MiB + 1") << QStringLiteral("--steps") << false;
        QTest::newRow("measured, 16 MiB + 1") << QStringLiteral("--measured") << false;
    }
    void validateCsvIsBounded()
    {
        // Issue 15: `validate` read its CSV with an unbounded readAll(): /dev/zero ran until memory ran out.
        // Now at most 16 MiB (app/cli.h kMaxMeasuredCsvBytes), like --hf-config's limit.
        QFETCH(QString, option);
        QFETCH(bool, device);
        QTemporaryDir d;
        QString path = QStringLiteral("/dev/zero");
        if (device && !QFileInfo::exists(path))
            QSKIP("no /dev/zero");
        if (!device) {
            path = d.filePath(QStringLiteral("big.csv"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(qint64(16) * 1024 * 1024 + 1)); // sparse
        }
        const Run r = shardscope({QStringLiteral("validate"), option, path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains((option + QStringLiteral(": ") + path + QStringLiteral(": more than 16 MiB")).toUtf8()),
                 r.err.constData());
    }

    void validateCsvAtTheLimitIsRead()
    {
        // The bound is not lower than it says: the bundled steps CSV padded with blank lines to exactly
        // 16 MiB is read and validated as before.
        QByteArray csv = readAll(QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/measured-steps.csv"));
        QVERIFY(csv.size() > 1000);
        const Run plain = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"),
                                      QStringLiteral(SHARDSCOPE_TEST_DATA_ROOT "/measured/measured-steps.csv")});
        QCOMPARE(plain.exitCode, 0);
        csv.append(QByteArray(qint64(16) * 1024 * 1024 - csv.size(), '\n'));
        QTemporaryDir d;
        const Run r = shardscope({QStringLiteral("validate"), QStringLiteral("--steps"), tmpFile(d, QStringLiteral("padded.csv"), csv)});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, plain.out);
    }

    void commaDecimalLocaleChangesNothing()
    {
        // Issue 15: numbers were parsed with std::strtod (and printed with snprintf), which follow
        // LC_NUMERIC; the app's QCoreApplication sets it from the environment. Under de_DE.UTF-8 (decimal
        // comma) "7.5B" was refused as "not a number". ZeRO paper Figure 1 (Rajbhandari et al. 2020):
        // stage 3, 7.5B params, 64 GPUs, 16 bytes/param: 16 x 7.5e9 / 64 = 1,875,000,000 bytes per GPU.
        QTemporaryDir scratch;
        const CommaLocale de = commaLocale(scratch.path());
        if (de.name.isEmpty())
            QSKIP("no de_DE locale and no localedef to make one (Debian package locales)");
        for (const QString& format : {QStringLiteral("json"), QStringLiteral("table")}) {
            const QStringList args {QStringLiteral("estimate"), QStringLiteral("--params"), QStringLiteral("7.5B"),
                                    QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--stage"), QStringLiteral("3"),
                                    QStringLiteral("--recipe"), QStringLiteral("custom:2,2,4.0,8"),
                                    QStringLiteral("--model-states-only"), QStringLiteral("--format"), format};
            const Run c = shardscopeInLocale(args, CommaLocale());
            const Run comma = shardscopeInLocale(args, de);
            QVERIFY2(c.exitCode == 0, c.err.constData());
            QVERIFY2(comma.exitCode == 0, comma.err.constData());
            QCOMPARE(comma.out, c.out);
            if (format == QLatin1String("json")) {
                const QJsonObject o = QJsonDocument::fromJson(comma.out).object();
                QCOMPARE(o.value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("total_bytes")).toDouble(), 1875000000.0);
            }
        }
        // Printing: core's formatBytes (std::snprintf) wrote "peak memory 2,27 GB" in `step`'s table.
        const QStringList step {QStringLiteral("step"), QStringLiteral("--model"), QStringLiteral("gpt2"),
                                QStringLiteral("--gpus"), QStringLiteral("8")};
        const Run c = shardscopeInLocale(step, CommaLocale());
        const Run comma = shardscopeInLocale(step, de);
        QVERIFY2(c.exitCode == 0, c.err.constData());
        QVERIFY2(c.out.contains(" GB"), c.out.constData());
        QCOMPARE(comma.out, c.out);
    }
};

QTEST_GUILESS_MAIN(TestHardening)
#include "tst_hardening.moc"
