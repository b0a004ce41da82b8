// SPDX-License-Identifier: MIT
// Issues 13 and 14, the charts that never hide their own text: every legend entry whole at laptop sizes (at 1366x768
// and 1600x1000 the per-GPU legend cut "ZeRO-3 unsharded grads"), tick labels whole and inside their chart in
// presentation mode at 2x, the capacity label clear of the legend, the data and the other labels, and each term's
// colour readable (WCAG 3:1) on the light, dark and projector backgrounds.
#include "uiscenarios.h"
#include "chartcheck.h"
#include "chartstyle.h"
#include "comparewidget.h"
#include "hostmemorychart.h"
#include "language.h"
#include "lecture.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "presentationmode.h"
#include "tourplayer.h"
#include "termstyle.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QWidget>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QTest>
#include <QTextDocument>

#include <random>
#include <utility>

using namespace shardscope;
using shardscope::testing::withModel;
using shardscope::testing::tp8pp4;

namespace {

/// A widget that draws grid lines with drawGridLines() (`fast`) or with QPainter::drawLines(), at a fractional offset.
class GridWidget : public QWidget
{
public:
    GridWidget(QList<QLineF> lines, QPen pen, bool fast)
        : m_lines(std::move(lines))
        , m_pen(std::move(pen))
        , m_fast(fast)
    {
        resize(200, 200);
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.translate(0.5, 0.25);
        if (m_fast) {
            drawGridLines(&p, m_lines, m_pen);
        } else {
            p.setPen(m_pen);
            p.drawLines(m_lines);
        }
    }

private:
    QList<QLineF> m_lines;
    QPen m_pen;
    bool m_fast;
};

bool elided(const QString& s) { return s.contains(QLatin1String("...")) || s.contains(QChar(0x2026)); }

/// Every visible item under `root` (depth first).
QList<QGraphicsItem*> visibleUnder(QGraphicsItem* root)
{
    QList<QGraphicsItem*> out, todo = root->childItems();
    while (!todo.isEmpty()) {
        QGraphicsItem* item = todo.takeLast();
        if (!item->isVisible())
            continue;
        out << item;
        todo << item->childItems();
    }
    return out;
}

/// Where a text item's glyphs are, in the scene: its bounding rectangle less the document's margin.
QRectF inkRect(QGraphicsTextItem* t)
{
    const double m = t->document()->documentMargin();
    return t->sceneBoundingRect().adjusted(m, m, -m, -m);
}

/// The legend's entries: each visible text (its label) and each visible marker shape, in the scene.
QList<QRectF> legendRects(QChart* chart)
{
    QList<QRectF> rects;
    for (QGraphicsItem* item : visibleUnder(chart->legend())) {
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) {
            if (!t->toPlainText().isEmpty())
                rects << inkRect(t);
        } else if (dynamic_cast<QAbstractGraphicsShapeItem*>(item)) {
            const QRectF r = item->sceneBoundingRect();
            if (!r.isEmpty())
                rects << r;
        }
    }
    return rects;
}

/// The legend texts Qt Charts shortened with "...".
QStringList legendCutTexts(QChart* chart)
{
    QStringList cut;
    for (QGraphicsItem* item : visibleUnder(chart->legend()))
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && elided(t->toPlainText()))
            cut << t->toPlainText();
    return cut;
}

/// The chart's own texts outside the legend: title, axis titles and tick labels (not the ChartLabels).
QList<QGraphicsTextItem*> axisTexts(QChart* chart)
{
    QList<QGraphicsTextItem*> texts;
    QList<QGraphicsItem*> todo = chart->childItems();
    while (!todo.isEmpty()) {
        QGraphicsItem* item = todo.takeLast();
        if (item == chart->legend() || !item->isVisible() || dynamic_cast<ChartLabel*>(item))
            continue;
        todo << item->childItems();
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item); t && !t->toPlainText().trimmed().isEmpty())
            texts << t;
    }
    return texts;
}

QList<ChartLabel*> chartLabels(QChart* chart)
{
    QList<ChartLabel*> labels;
    for (QGraphicsItem* item : chart->childItems())
        if (auto* l = dynamic_cast<ChartLabel*>(item); l && l->isVisible() && !l->text().isEmpty())
            labels << l;
    return labels;
}

QString name(const QRectF& r)
{
    return QStringLiteral("(%1,%2 %3x%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

/// One chart's text checks: legend entries whole and inside the chart; title, axis titles and tick labels whole,
/// inside the chart and apart from each other; each ChartLabel inside the plot, clear of the legend and of every
/// axis text. Failures are collected with the chart's title, so one run names them all.
void checkChart(QChart* chart, QStringList& problems)
{
    const QString title = chart->title();
    // The chart as shown: its rectangle, cut to its view's viewport (a chart wider than its view is cut at the edge).
    QRectF whole = chart->mapToScene(chart->rect()).boundingRect();
    if (QGraphicsScene* scene = chart->scene(); scene && !scene->views().isEmpty()) {
        QGraphicsView* view = scene->views().first();
        whole = whole.intersected(view->mapToScene(view->viewport()->rect()).boundingRect());
    }
    whole.adjust(-1, -1, 1, 1);
    for (const QString& s : legendCutTexts(chart))
        problems << QStringLiteral("%1: legend entry cut: '%2'").arg(title, s);
    for (const QRectF& r : legendRects(chart))
        if (!whole.contains(r))
            problems << QStringLiteral("%1: legend entry %2 outside the chart %3").arg(title, name(r), name(whole));
    const QList<QGraphicsTextItem*> texts = axisTexts(chart);
    for (int i = 0; i < texts.size(); ++i) {
        const QString s = texts[i]->toPlainText();
        if (elided(s))
            problems << QStringLiteral("%1: text cut: '%2'").arg(title, s);
        const QRectF r = inkRect(texts[i]);
        if (!whole.contains(r))
            problems << QStringLiteral("%1: '%2' %3 outside the chart %4").arg(title, s, name(r), name(whole));
        // Two texts overlap where their line boxes share more than 3 px each way (a line box holds the font's leading
        // and descent under the glyphs: the corner labels "10" and "1" of a log-log chart touch by that much).
        for (int j = i + 1; j < texts.size(); ++j)
            if (const QRectF both = r.intersected(inkRect(texts[j])); both.width() > 3 && both.height() > 3)
                problems << QStringLiteral("%1: '%2' overlaps '%3'").arg(title, s, texts[j]->toPlainText());
    }
    const QRectF plot = chart->mapToScene(chart->plotArea()).boundingRect().adjusted(-1, -1, 1, 1);
    const QList<QRectF> legend = legendRects(chart);
    for (ChartLabel* l : chartLabels(chart)) {
        const QRectF box = l->sceneBoundingRect();
        if (!plot.contains(box))
            problems << QStringLiteral("%1: label '%2' %3 outside the plot %4").arg(title, l->text(), name(box), name(plot));
        for (const QRectF& r : legend)
            if (box.intersects(r))
                problems << QStringLiteral("%1: label '%2' covers a legend entry").arg(title, l->text());
        for (QGraphicsTextItem* t : texts)
            if (box.intersects(inkRect(t)))
                problems << QStringLiteral("%1: label '%2' covers '%3'").arg(title, l->text(), t->toPlainText());
        // The label's box holds its text: the box was sized for the font the text is drawn in.
        for (QGraphicsItem* child : l->childItems())
            if (!box.adjusted(-1, -1, 1, 1).contains(child->sceneBoundingRect()))
                problems << QStringLiteral("%1: the text of '%2' runs out of its box").arg(title, l->text());
    }
}

/// The Memory tab's charts, with their own data checks: no capacity label on a bar or a curve.
void checkMemoryPage(MainWindow& w, QStringList& problems)
{
    MemoryPage* page = w.memoryPage();
    MemoryPerGpuChart* perGpu = page->perGpuChart();
    MemoryVsGpusChart* vsGpus = page->vsGpusChart();
    for (QChart* c : {perGpu->chart(), vsGpus->chart(), page->hostChart()->chart()})
        checkChart(c, problems);
    for (const QRectF& bar : perGpu->barRects())
        if (bar.intersects(perGpu->capacityLabelRect()))
            problems << QStringLiteral("per GPU: the capacity label covers a bar");
    const QList<QRectF> labels = vsGpus->labelRects();
    if (labels.isEmpty())
        problems << QStringLiteral("vs N: no labels");
    else if (vsGpus->coversData(labels.first()))
        problems << QStringLiteral("vs N: the capacity label covers a curve");
    for (int i = 0; i < labels.size(); ++i)
        for (int j = i + 1; j < labels.size(); ++j)
            if (labels[i].intersects(labels[j]))
                problems << QStringLiteral("vs N: labels %1 and %2 overlap").arg(i).arg(j);
}

void settle()
{
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

/// The window at `size` (or in presentation mode at 1920x1080, 2x), on the Memory tab and then the Compare tab
/// with the scenario pinned as A and ZeRO-3 as B: every chart checked.
QStringList problemsIn(const Scenario& s, bool compareStages, const QSize& size, bool present)
{
    QStringList problems;
    MainWindow w(s, MainWindow::Session::Off);
    auto* lecture = new Lecture(&w); // a child of w
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.resize(size);
    w.show();
    settle();
    if (present) {
        // As a lecturer projects it: a tour open (its caption under the charts), then the scenario of the row.
        lecture->player()->setAnimated(false);
        if (!lecture->openTour(QStringLiteral("why-70b-needs-zero3")))
            problems << QStringLiteral("the tour did not open");
        w.setScenario(s);
    }
    w.memoryPage()->setCompareStages(compareStages);
    if (present)
        lecture->presentation()->enter(QSize(1920, 1080));
    settle();
    checkMemoryPage(w, problems);
    w.pinCurrentAsA();
    Scenario b = s;
    b.zeroStage = 3;
    w.setScenario(b);
    w.showTab(QStringLiteral("compare"));
    settle();
    if (!w.compareWidget()->chartView()->isVisible())
        problems << QStringLiteral("the Compare chart is not shown");
    else
        checkChart(w.compareWidget()->chart(), problems);
    if (present)
        lecture->presentation()->leave(); // the application palette back for the next row
    for (QString& p : problems)
        p.prepend(present ? QStringLiteral("[2x] ") : QStringLiteral("[%1x%2] ").arg(size.width()).arg(size.height()));
    return problems;
}

void addRows(bool laptop)
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<bool>("compare");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("present");
    const QList<std::pair<QString, std::pair<Scenario, bool>>> cases {
        {QStringLiteral("default"), {defaultScenario(), false}},
        {QStringLiteral("stages"), {defaultScenario(), true}},
        {QStringLiteral("405B on 8"), {withModel("llama-3.1-405b", 8, 3), false}},
        {QStringLiteral("TP 8 x PP 4"), {tp8pp4(), false}},
        {QStringLiteral("TP 8 x PP 4 stages"), {tp8pp4(), true}},
    };
    for (const auto& [label, c] : cases) {
        const QList<QSize> sizes = laptop ? QList<QSize> {QSize(1366, 768), QSize(1600, 1000)} : QList<QSize> {QSize(1920, 1080)};
        for (const QSize& size : sizes)
            QTest::newRow(qPrintable(QStringLiteral("%1 at %2x%3").arg(label).arg(size.width()).arg(size.height())))
                << c.first << c.second << size << false;
        if (!laptop)
            QTest::newRow(qPrintable(label + QStringLiteral(" at 2x"))) << c.first << c.second << QSize(1920, 1080) << true;
    }
}

} // namespace

class TestChartGeometry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gridLinesAreThePixelsDrawLinesSets()
    {
        // ChartGrid fills each horizontal or vertical grid line as the rectangle of pixels QPainter::drawLines() sets
        // with an aliased one-pixel pen (issue 29: 4x faster). The premise, pixel for pixel, on the raster engine: random
        // lines at fractional positions, both directions, either end first, under integer and fractional translations,
        // with the grid's own pens; and a 2x painter and a slanted line, which go to drawLines() itself.
        const QPalette palette = QApplication::palette();
        std::mt19937 rng(29);
        std::uniform_real_distribution<double> pos(2.0, 90.0);
        for (const QPointF shift : {QPointF(0, 0), QPointF(3, 7), QPointF(0.5, 0.25), QPointF(-1.75, 2.5)}) {
            for (const double scale : {1.0, 2.0}) {
                QList<QLineF> lines;
                for (int i = 0; i < 40; ++i) {
                    const double a = pos(rng), b = pos(rng), c = pos(rng);
                    lines << (i % 2 ? QLineF(a, b, a, c) : QLineF(b, a, c, a));
                }
                lines << QLineF(10.0, 10.0, 20.0, 20.0) << QLineF(40.0, 40.0, 40.0, 80.0) << QLineF(5.5, 60.5, 85.5, 60.5);
                for (const QPen& pen : {gridPen(palette), minorGridPen(palette)}) {
                    QImage expected(220, 220, QImage::Format_ARGB32_Premultiplied), actual = expected;
                    expected.fill(Qt::white);
                    actual.fill(Qt::white);
                    {
                        QPainter p(&expected);
                        p.setRenderHint(QPainter::Antialiasing, false);
                        p.translate(shift);
                        p.scale(scale, scale);
                        p.setPen(pen);
                        p.drawLines(lines);
                    }
                    {
                        QPainter p(&actual);
                        p.setRenderHint(QPainter::Antialiasing, false);
                        p.translate(shift);
                        p.scale(scale, scale);
                        drawGridLines(&p, lines, pen);
                    }
                    QVERIFY2(actual == expected, qPrintable(QStringLiteral("shift %1,%2 scale %3").arg(shift.x()).arg(shift.y()).arg(scale)));
                }
            }
        }
        // Through a redirected painter, as QWidget::grab() and render() paint (a screenshot, an export of the window):
        // the redirection's offset comes after the painter's own transform.
        QList<QLineF> lines;
        for (int i = 0; i < 40; ++i) {
            const double a = pos(rng), b = pos(rng), c = pos(rng);
            lines << (i % 2 ? QLineF(a, b, a, c) : QLineF(b, a, c, a));
        }
        const QPen pen = minorGridPen(palette);
        GridWidget byLines(lines, pen, false), byPixels(lines, pen, true);
        for (const QPoint offset : {QPoint(0, 0), QPoint(13, 7)}) {
            QImage expected(260, 260, QImage::Format_ARGB32_Premultiplied), actual = expected;
            expected.fill(Qt::white);
            actual.fill(Qt::white);
            byLines.render(&expected, offset);
            byPixels.render(&actual, offset);
            QVERIFY2(actual == expected, qPrintable(QStringLiteral("rendered at %1,%2").arg(offset.x()).arg(offset.y())));
            QVERIFY(actual != QImage(260, 260, QImage::Format_ARGB32_Premultiplied)); // drawn at all
        }
    }

    void chartTextsAreWholeAtLaptopSizes_data() { addRows(true); }

    void chartTextsAreWholeAtLaptopSizes()
    {
        // Seen at 1366x768 and 1600x1000 (issue 13): "ZeRO-3 unsharde..." in the per-GPU legend, "ZeRO-3 gathered p..."
        // in the Compare tab's. Every legend entry, tick label and title whole and inside its chart, no two apart from
        // each other overlapping, and the capacity label on no legend entry, text, bar or curve.
        QFETCH(Scenario, scenario);
        QFETCH(bool, compare);
        QFETCH(QSize, size);
        QFETCH(bool, present);
        const QStringList problems = problemsIn(scenario, compare, size, present);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void chartTextsAreWholeAt2xPresentation_data() { addRows(false); }

    void chartTextsAreWholeAt2xPresentation()
    {
        // Seen in presentation mode at 2x (issue 14): "..." for tick labels, "Memor..." as the axis title, a legend
        // taller than its chart, and the capacity label's text (doubled in a box sized for the old type) over the
        // legend. The same checks as at laptop sizes, at 1920x1080 and at 2x.
        QFETCH(Scenario, scenario);
        QFETCH(bool, compare);
        QFETCH(QSize, size);
        QFETCH(bool, present);
        const QStringList problems = problemsIn(scenario, compare, size, present);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void chartTextsAreWholeInEachLanguage_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<bool>("compare");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("lang");
        for (const QString& lang : {QStringLiteral("ru"), QStringLiteral("zh_CN")})
            for (const QSize& size : {QSize(1366, 768), QSize(1600, 1000)}) {
                const QString at = QStringLiteral(" at %1x%2 in %3").arg(size.width()).arg(size.height()).arg(lang);
                QTest::newRow(qPrintable(QStringLiteral("default") + at)) << defaultScenario() << false << size << lang;
                QTest::newRow(qPrintable(QStringLiteral("TP 8 x PP 4 stages") + at)) << tp8pp4() << true << size << lang;
            }
    }

    void chartTextsAreWholeInEachLanguage()
    {
        // Issue 14 in the hall's language: Russian words run about 1.3x the English ones ("ZeRO-0: не помещается ни при
        // каком N" in the vs-N legend). The same checks as at laptop sizes, in Russian and Chinese.
        QFETCH(Scenario, scenario);
        QFETCH(bool, compare);
        QFETCH(QSize, size);
        QFETCH(QString, lang);
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(lang));
        const QStringList problems = problemsIn(scenario, compare, size, false);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void contrastRatioIsWcags()
    {
        // WCAG 2.1's definition, checked against published figures: black on white 21:1 (the maximum); #767676 on
        // white 4.54:1 (WebAIM's contrast checker: the lightest grey that passes AA for text on white); a colour
        // on itself 1:1.
        QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
        QVERIFY(std::abs(contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) - 4.54) < 0.005);
        QCOMPARE(contrastRatio(QColor(0x33, 0x22, 0x88), QColor(0x33, 0x22, 0x88)), 1.0);
        QCOMPARE(contrastRatio(Qt::white, QColor(0x76, 0x76, 0x76)), contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white));
        // The dark desktop's Parameters swatch that issue 13 saw as faint: Tol's indigo on #1e1e1e is under 1.5:1.
        QVERIFY(contrastRatio(termColor(Term::Params), QColor(0x1e, 0x1e, 0x1e)) < 1.5);
    }

    void swatchesHaveContrast_data()
    {
        QTest::addColumn<QPalette>("palette");
        QPalette light = QApplication::palette();
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::WindowText, Qt::black);
        QTest::newRow("light") << light;
        // `shardscope screenshot --dark`'s palette (app/cmd_screenshot.cpp): base #1e1e1e, text #e6e6e6.
        QPalette dark = QApplication::palette();
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        QTest::newRow("dark") << dark;
        QTest::newRow("projector") << PresentationMode::projectorPalette();
        // Not a mid-grey background: 3:1 against #808080 leaves only near-black and near-white, where twelve colours
        // cannot stay apart (Gradients went to white beside a near-white rose).
    }

    void swatchesHaveContrast()
    {
        // WCAG 2.1 SC 1.4.11 (non-text contrast): each graphical object 3:1 against what is next to it, here the chart
        // background. Checked on what the charts draw, after a palette change, not on the function alone.
        QFETCH(QPalette, palette);
        const QColor bg = palette.color(QPalette::Base);
        MemoryPerGpuChart perGpu;
        MemoryVsGpusChart vsGpus;
        CompareWidget compare;
        perGpu.setPalette(palette);
        vsGpus.setPalette(palette);
        compare.setPalette(palette);
        perGpu.setScenario(defaultScenario());
        vsGpus.setScenario(defaultScenario());
        QCOMPARE(perGpu.chart()->backgroundBrush().color(), bg);
        for (int t = 0; t < kTermCount; ++t) {
            const Term term = static_cast<Term>(t);
            for (QBarSet* set : {perGpu.barSet(term), compare.barSet(term)}) {
                const double r = contrastRatio(set->color(), bg);
                QVERIFY2(r >= 3.0, qPrintable(QStringLiteral("%1: %2 on %3 is %4:1")
                                                  .arg(termLabel(term), set->color().name(), bg.name()).arg(r, 0, 'f', 2)));
            }
            // Each keeps its hue family: the colour moved in lightness only (Tol's distinct hues stay distinct).
            const QColor raw = termColor(term), drawn = perGpu.barSet(term)->color();
            if (raw.hslSaturation() > 40 && drawn.lightness() > 25 && drawn.lightness() < 230) // hue is lost near black and white
                QVERIFY2(std::abs(raw.hslHue() - drawn.hslHue()) <= 6, qPrintable(termLabel(term)));
            for (int u = t + 1; u < kTermCount; ++u) {
                const QColor other = perGpu.barSet(static_cast<Term>(u))->color();
                QVERIFY2(colorDistance(drawn, other) >= 15, qPrintable(QStringLiteral("%1 and %2 too alike: %3, %4")
                                                                         .arg(termLabel(term), termLabel(static_cast<Term>(u)),
                                                                              drawn.name(), other.name())));
            }
        }
        for (int z = 0; z < 4; ++z) {
            const double line = contrastRatio(vsGpus.stageSeries(z)->pen().color(), bg);
            const double dot = contrastRatio(vsGpus.minimumMarker(z)->color(), bg);
            QVERIFY2(line >= 3.0 && dot >= 3.0, qPrintable(QStringLiteral("ZeRO-%1: %2, %3").arg(z).arg(line).arg(dot)));
        }
    }

    void rankCategoriesTranslated()
    {
        // Seen in zh_CN (issue 14): the per-GPU chart's one bar read "all ranks" in English under a Chinese chart. Core's
        // distinct ranks (footprint.cpp: "all ranks" at PP 1; "first stage", "middle stage", "last stage" at PP 4) give
        // the axis its short labels in the chosen language, the stage number (from 1) kept.
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        const QList<std::pair<QString, QStringList>> expected {
            {QStringLiteral("ru"), {QStringLiteral("все ранги"), QStringLiteral("первая (1)"), QStringLiteral("средняя (2)"),
                                    QStringLiteral("последняя (4)")}},
            {QStringLiteral("zh_CN"), {QStringLiteral("所有 rank"), QStringLiteral("首段（1）"), QStringLiteral("中段（2）"),
                                       QStringLiteral("末段（4）")}},
            {QStringLiteral("en"), {QStringLiteral("all ranks"), QStringLiteral("first (1)"), QStringLiteral("mid (2)"),
                                    QStringLiteral("last (4)")}},
        };
        for (const auto& [lang, names] : expected) {
            QVERIFY(language::install(lang));
            MemoryPerGpuChart chart;
            chart.setScenario(defaultScenario());
            QCOMPARE(chart.categories(), QStringList {names.front()});
            Scenario s = defaultScenario();
            s.pp = 4;
            chart.setScenario(s);
            QCOMPARE(chart.categories(), names.mid(1));
        }
    }
};

QTEST_MAIN(TestChartGeometry)
#include "tst_chartgeometry.moc"
