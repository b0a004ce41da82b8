// SPDX-License-Identifier: MIT
// Issue 13's command-line contracts: `screenshot --size WxH` renders the window at that size headless (so the
// laptop and projector sizes can be checked), and bad sizes exit with 2 and a message naming --size.
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
