// SPDX-License-Identifier: MIT
// Issue 26, charts a design-doc author pastes with no touch-up: `export --width-in W` sizes a figure for a page
// (96 layout px per inch, so its type prints at the size it has on screen; a PNG at --dpi D is W x D px wide; SVG and
// PDF declare W inches), every SVG names a real font family with the generic sans-serif after it, and the ZeRO
// stages compared on the log axis are totals, not stacked terms.
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "runshardscope.h"

namespace {
QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestPageFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void widthInInchesSizesThePng()
    {
        // 3.5 in (one column of a two-column paper) at 300 dpi: 3.5 x 300 = 1050 px wide; the default aspect
        // 1200x700 gives 3.5 x 96 = 336 x 196 layout px, so 196 x 300 / 96 = 612.5 -> 613 px high.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("fig.png"));
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                  QStringLiteral("--out"), png, QStringLiteral("--width-in"), QStringLiteral("3.5"),
                                  QStringLiteral("--dpi"), QStringLiteral("300")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(png);
        QCOMPARE(image.width(), 1050);
        QCOMPARE(image.height(), 613);
    }

    void svgDeclaresTheFigureSizeAndARealFont()
    {
        // 6.5 in (a letter page's text width) = 165.1 mm. Without --width-in a 1200 px chart is 1200 / 96 in = 317.5 mm
        // (Qt's default 72 dpi declared 423.3 mm).
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("fig.svg"));
        Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-vs-gpus"),
                            QStringLiteral("--out"), svg, QStringLiteral("--width-in"), QStringLiteral("6.5")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QByteArray text = readAll(svg);
        QVERIFY2(text.contains("width=\"165.1mm\""), text.left(300).constData());
        // Every family named, none the fontconfig alias alone; each ends in the generic family.
        const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
        int families = 0;
        for (auto it = family.globalMatch(QString::fromUtf8(text)); it.hasNext(); ++families) {
            const QString f = it.next().captured(1);
            QVERIFY2(f.endsWith(QLatin1String(", sans-serif")), qPrintable(f));
            QVERIFY2(!f.startsWith(QLatin1String("Sans Serif")), qPrintable(f));
        }
        QVERIFY(families > 10);
        r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-vs-gpus"),
                        QStringLiteral("--out"), svg});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(svg).contains("width=\"317.5mm\""));
    }

    void badWidthIsRefused_data()
    {
        QTest::addColumn<QString>("width");
        QTest::newRow("below 1 in") << QStringLiteral("0.2");
        QTest::newRow("above 40 in") << QStringLiteral("41");
        QTest::newRow("not a number") << QStringLiteral("wide");
        QTest::newRow("negative") << QStringLiteral("-3");
    }
    void badWidthIsRefused()
    {
        QFETCH(QString, width);
        QTemporaryDir dir;
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("memory-per-gpu"),
                                  QStringLiteral("--out"), dir.filePath(QStringLiteral("x.png")), QStringLiteral("--width-in"), width});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--width-in"), r.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    }

    void stagesOnTheLogAxisAreTotalsNotStackedTerms()
    {
        // The default scenario's four ZeRO stages on the log axis: one legend entry "Total per GPU", no term legend
        // (stacked on a log axis, DDP's parameters looked larger than its optimizer states).
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("stages.svg"));
        const Run r = shardscope({QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("compare-stages"),
                                  QStringLiteral("--out"), svg});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray text = readAll(svg);
        QVERIFY(text.contains(">Total per GPU<"));
        QVERIFY(!text.contains(">Optimizer states<"));
        QVERIFY(!text.contains(">fp32 master weights<"));
    }
};

QTEST_GUILESS_MAIN(TestPageFigures)
#include "tst_pagefigures.moc"
