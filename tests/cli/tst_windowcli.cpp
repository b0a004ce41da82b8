// SPDX-License-Identifier: MIT
// Issue 13's command-line contracts: `screenshot --size WxH` renders the window at that size headless (so the
// laptop and projector sizes can be checked), and bad sizes exit with 2 and a message naming --size.
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include "runshardscope.h"

class TestWindowCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void screenshotSize_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("laptop") << QStringLiteral("1366x768") << 1366 << 768;
        QTest::newRow("projector") << QStringLiteral("1920x1080") << 1920 << 1080;
    }

    void screenshotSize()
    {
        QFETCH(QString, size);
        QFETCH(int, width);
        QFETCH(int, height);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        const Run r = shardscope({QStringLiteral("screenshot"), QStringLiteral("--out"), png, QStringLiteral("--size"), size});
        QCOMPARE(r.exitCode, 0);
        const QImage img(png);
        QCOMPARE(img.width(), width);
        QCOMPARE(img.height(), height);
    }

    void exportedChartCarriesTheScenarioCaption_data()
    {
        QTest::addColumn<QString>("chart");
        for (const char* c : {"memory-per-gpu", "memory-vs-gpus", "step-timeline", "pipeline-schedule", "step-memory",
                              "compare-stages"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }

    void exportedChartCarriesTheScenarioCaption()
    {
        QFETCH(QString, chart);
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), chart, QStringLiteral("--out"), svg,
                                  QStringLiteral("--model"), QStringLiteral("llama-2-70b"), QStringLiteral("--gpus"),
                                  QStringLiteral("64"), QStringLiteral("--pp"), QStringLiteral("2"),
                                  QStringLiteral("--grad-accum"), QStringLiteral("4")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        // The caption states the scenario (model, N and GPU, ZeRO stage, TP x PP) and the verdict.
        for (const char* part : {"Llama-2 70B", "N = 64 x A100 80GB SXM", "ZeRO-3", "TP 1 x PP 2", "Fits: "})
            QVERIFY2(text.contains(part), part);
        // White background, not the window's grey.
        QVERIFY(text.contains("fill=\"#ffffff\""));
    }

    void titleAndCaptionOverride()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-vs-gpus"),
                                  QStringLiteral("--out"), svg, QStringLiteral("--title"), QStringLiteral("Figure 3 of the doc"),
                                  QStringLiteral("--caption"), QStringLiteral("Our own words")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("Figure 3 of the doc"));
        QVERIFY(text.contains("Our own words"));
        QVERIFY(!text.contains("ZeRO-3 \xc2\xb7")); // the default caption is replaced
    }

    void badSizeIsRefused_data()
    {
        QTest::addColumn<QString>("size");
        QTest::newRow("no x") << QStringLiteral("1366");
        QTest::newRow("not a number") << QStringLiteral("wide x tall");
        QTest::newRow("too small") << QStringLiteral("100x100");
        QTest::newRow("too large") << QStringLiteral("10000x10000");
    }

    void badSizeIsRefused()
    {
        QFETCH(QString, size);
        QTemporaryDir dir;
        const Run r = shardscope({QStringLiteral("screenshot"), QStringLiteral("--out"), dir.filePath(QStringLiteral("x.png")),
                                  QStringLiteral("--size"), size});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--size"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestWindowCli)
#include "tst_windowcli.moc"
