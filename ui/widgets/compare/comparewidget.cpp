// SPDX-License-Identifier: MIT
#include "comparewidget.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/step.h"

#include "chartstyle.h"
#include "explorer.h"
#include "termstyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QSplitter>
#include <QStyle>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace shardscope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString amount(double bytes, ByteUnit u)
{
    return numberLocale().toString(bytes / unitDivisor(u), 'f', 1) + QLatin1Char(' ') + unitNameUi(u);
}

} // namespace

QStringList scenarioChanges(const Scenario& a, const Scenario& b)
{
    // Each knob under its label in the Scenario panel (fieldWords(), by its command-line option) and each value as its
    // control shows it ("CPU", "mixed (2+2+4+8 = 16 B)", "Full"), not core's keys ("cpu", "mixed", "full"): issue 26.
    QStringList c;
    auto text = [&](const char* option, const QString& x, const QString& y) {
        if (x != y)
            c << QStringLiteral("%1 %2 -> %3").arg(fieldWords(QLatin1String(option)), x, y);
    };
    auto num = [&](const char* option, std::int64_t x, std::int64_t y) {
        text(option, QString::number(x), QString::number(y));
    };
    if (a.arch.id != b.arch.id || a.arch.name != b.arch.name || a.totalParams() != b.totalParams())
        c << QStringLiteral("%1 -> %2").arg(q(a.arch.name), q(b.arch.name));
    num("stage", a.zeroStage, b.zeroStage);
    num("gpus", a.gpus, b.gpus);
    num("tp", a.tp, b.tp);
    num("pp", a.pp, b.pp);
    if (a.gpu != b.gpu || a.capacityBytes != b.capacityBytes)
        text("gpu", gpuWords(a), gpuWords(b));
    if (a.recipe.id != b.recipe.id || a.recipe.total() != b.recipe.total())
        text("recipe", recipeWords(a.recipe), recipeWords(b.recipe));
    text("optimizer", optimizerWords(a.optimizer), optimizerWords(b.optimizer));
    text("checkpointing", checkpointingWords(a.checkpointing), checkpointingWords(b.checkpointing));
    text("offload-optimizer", offloadWords(a.offloadOptimizer), offloadWords(b.offloadOptimizer));
    text("offload-params", offloadWords(a.offloadParams), offloadWords(b.offloadParams));
    num("micro-batch", a.microBatch, b.microBatch);
    num("seq", a.seq, b.seq);
    num("grad-accum", a.gradAccum, b.gradAccum);
    if (a.sequenceParallel != b.sequenceParallel)
        c << (b.sequenceParallel ? CompareWidget::tr("sequence parallel on") : CompareWidget::tr("sequence parallel off"));
    if (a.flashAttention != b.flashAttention)
        c << (b.flashAttention ? CompareWidget::tr("FlashAttention on") : CompareWidget::tr("FlashAttention off"));
    if (c.isEmpty() && a.termEnabled != b.termEnabled)
        c << CompareWidget::tr("terms switched");
    return c;
}

QString compareMoved(const Scenario& a, const Scenario& b, ByteUnit units)
{
    const Footprint fa = computeFootprint(a);
    const Footprint fb = computeFootprint(b);
    const RankFootprint& ra = fa.worstRank();
    const RankFootprint& rb = fb.worstRank();
    QStringList moved;
    for (int t = 0; t < kTermCount; ++t) {
        const Term term = static_cast<Term>(t);
        const double x = double(ra.bytes(term)), y = double(rb.bytes(term));
        // a term "moved" when it changed by at least 1% of the larger worst-rank total (noise stays out)
        if (std::abs(x - y) >= 0.01 * double(std::max(fa.worstBytes(), fb.worstBytes())))
            // The legend's names ("Parameters", "Gradients"), not core's keys ("params", "grads"): issue 26.
            moved << CompareWidget::tr("%1 %2 -> %3 per GPU").arg(termLabel(term), amount(x, units), amount(y, units));
    }
    moved << CompareWidget::tr("total %1 -> %2").arg(amount(double(fa.worstBytes()), units), amount(double(fb.worstBytes()), units));
    const StepResult sa = computeStep(a), sb = computeStep(b);
    if (sa.totals.dpBytes > 0 && sb.totals.dpBytes > 0 && std::abs(sb.totals.dpBytes / sa.totals.dpBytes - 1) > 0.005)
        moved << CompareWidget::tr("DP traffic x%1").arg(numberLocale().toString(sb.totals.dpBytes / sa.totals.dpBytes, 'f', 2));
    return moved.join(QStringLiteral(", "));
}

QString compareSummary(const Scenario& a, const Scenario& b, ByteUnit units)
{
    QStringList changes = scenarioChanges(a, b);
    if (changes.isEmpty())
        changes << CompareWidget::tr("no change");
    return changes.join(QStringLiteral(", ")) + QStringLiteral(": ") + compareMoved(a, b, units);
}

CompareWidget::CompareWidget(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_chart(new QChart)
    , m_bars(new QStackedBarSeries)
    , m_capA(new QLineSeries)
    , m_capB(new QLineSeries)
    , m_x(new QBarCategoryAxis)
    , m_y(new QValueAxis)
{
    auto* layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    // The worst rank of A and of B as stacked bars side by side, each against its own capacity line.
    for (int t = 0; t < kTermCount; ++t) {
        auto* set = new QBarSet(termLabel(static_cast<Term>(t)), this);
        setTermColors(set, static_cast<Term>(t), palette());
        m_sets[static_cast<std::size_t>(t)] = set;
    }
    m_bars->setBarWidth(0.55);
    m_chart->addSeries(m_bars);
    m_chart->addSeries(m_capA);
    m_chart->addSeries(m_capB);
    m_capA->setName(tr("Capacity"));
    m_x->setCategories({QStringLiteral("A"), QStringLiteral("B")}); // "A (pinned)" was cut to "A (pin..." at 1366 px
    m_chart->setTitle(tr("Worst rank of A (pinned) and B (current) by term"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* series : {static_cast<QAbstractSeries*>(m_bars), static_cast<QAbstractSeries*>(m_capA),
                                    static_cast<QAbstractSeries*>(m_capB)}) {
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_view = makeChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("compareChart"));
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_capA->setPen(capacityPen(palette()));
    m_capB->setPen(capacityPen(palette()));
    for (QLegendMarker* lm : m_chart->legend()->markers(m_capB))
        lm->setVisible(false);
    connect(m_chart, &QChart::plotAreaChanged, this, &CompareWidget::fitChart);
    connect(m_bars, &QStackedBarSeries::hovered, this, [this](bool on, int column, QBarSet* set) {
        m_lastTip.clear();
        for (int t = 0; on && t < kTermCount; ++t)
            if (m_sets[static_cast<std::size_t>(t)] == set)
                m_lastTip = toolTipFor(column, static_cast<Term>(t));
        if (m_lastTip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(QCursor::pos(), m_lastTip, m_view);
    });

    // The chart and the table side by side. Each gets the width its text needs (balance(), on every resize and font
    // change): with both stretching equally the table took three quarters at 2x type and the chart's title and
    // legend entries were cut ("Worst rank of A (pinned) and ...", "ZeRO-3 gathered para...").
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("compareSplit"));
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_view);
    m_split->addWidget(m_table);
    m_view->setMinimumWidth(420);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    layout->addWidget(m_split, 1);
    m_table->setColumnCount(4);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // The numbers as wide as they are, the term names in the rest (wrapped, then elided, where it is narrow).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setAlternatingRowColors(true);
    refresh();
}

void CompareWidget::pin(const Scenario& a)
{
    m_pinned = a;
    refresh();
}

void CompareWidget::unpin()
{
    m_pinned.reset();
    refresh();
}

void CompareWidget::setCurrent(const Scenario& b)
{
    m_current = b;
    refresh();
}

void CompareWidget::setUnit(ByteUnit unit)
{
    m_unit = unit;
    refresh();
}

QString CompareWidget::summary() const { return m_summary->text(); }

QString CompareWidget::toolTipFor(int column, Term t) const
{
    if (!m_pinned || !m_current || column < 0 || column > 1 || m_view->isHidden())
        return QString();
    const TermValue& v = m_terms[static_cast<std::size_t>(column)][static_cast<std::size_t>(t)];
    std::int64_t total = 0; // the bar's total: the worst rank's terms
    for (const TermValue& x : m_terms[static_cast<std::size_t>(column)])
        total += x.bytes;
    return ChartText::termTip(t, column == 0 ? tr("A (pinned), worst rank") : tr("B (current), worst rank"), v.bytes, v.formula,
                              m_unit, total);
}

void CompareWidget::refreshChart(const Footprint* fa, const Footprint* fb)
{
    if (!fa || !fb) {
        m_view->hide();
        return;
    }
    m_view->show();
    const double div = unitDivisor(m_unit);
    m_terms[0] = fa->worstRank().terms;
    m_terms[1] = fb->worstRank().terms;
    // Only the terms holding bytes in A or B are in the series (and so in the legend).
    const QList<QBarSet*> present = m_bars->barSets();
    for (QBarSet* set : present) {
        m_bars->take(set);
        set->setParent(this);
    }
    for (int t = 0; t < kTermCount; ++t) {
        const std::size_t i = static_cast<std::size_t>(t);
        QBarSet* set = m_sets[i];
        set->remove(0, set->count());
        set->append(QList<qreal> {double(m_terms[0][i].bytes) / div, double(m_terms[1][i].bytes) / div});
        if (m_terms[0][i].bytes > 0 || m_terms[1][i].bytes > 0)
            m_bars->append(set);
    }
    const double capA = double(fa->usableBytes) / div, capB = double(fb->usableBytes) / div;
    m_capA->replace(QList<QPointF> {{-0.45, capA}, {0.45, capA}});
    m_capB->replace(QList<QPointF> {{0.55, capB}, {1.45, capB}});
    const double top = std::max({double(fa->worstBytes()) / div, double(fb->worstBytes()) / div, capA, capB});
    setNiceRange(m_y, top * 1.08);
    m_yTitles = QStringList {tr("Memory per GPU (%1)").arg(unitNameUi(m_unit)), unitNameUi(m_unit)};
    fitChart();
}

void CompareWidget::fitChart()
{
    // Every legend entry whole (issue 13: "ZeRO-3 unsharded ..." at every size), the unit alone as the axis title
    // where the whole title would be cut (2x type).
    fitLegend(m_chart);
    setAxisTitleFitting(m_y, m_yTitles, m_chart->plotArea().height());
    scheduleBalance(false);
}

int CompareWidget::chartWidthNeeded() const
{
    // The chart's own margins (4 px, makeChartView) and its layout's (about 10 px a side), the view's frame.
    const double frame = 2.0 * m_view->frameWidth() + m_chart->margins().left() + m_chart->margins().right() + 24;
    const QFontMetricsF title(m_chart->titleFont());
    const double titleW = title.horizontalAdvance(m_chart->title()) + frame;
    // The legend in the font asked for (fitLegend() makes it smaller where the chart is too narrow: not the need).
    const QVariant asked = m_chart->legend()->property("shardscopeAskedFont");
    const QFontMetricsF legend(asked.isValid() ? asked.value<QFont>() : m_chart->legend()->font());
    double legendW = 0;
    for (QLegendMarker* m : m_chart->legend()->markers())
        if (m->isVisible() && !m->label().isEmpty())
            legendW = std::max(legendW, legend.horizontalAdvance(m->label()));
    // As fitLegend() measures an entry: marker, margins and a pixel of rounding.
    legendW += legend.height() / 2 + 8 + 4 + 8 + 2 * 4 + 4;
    // The memory axis: its tick labels ("1000"), its title (one line, turned), and a plot of two bars.
    const QFontMetricsF labels(m_y->labelsFont());
    const QFontMetricsF axisTitle(m_y->titleFont());
    const double axisW = labels.horizontalAdvance(QStringLiteral("0000")) + axisTitle.height() + 16;
    const double plotW = 8 * labels.height();
    // fitLegend() gives a side legend at most 0.45 of the chart's width (and makes its type smaller beyond that); Qt Charts
    // placed a Russian legend of that width partly past the chart's right edge at 2x: 0.40 keeps it inside.
    return int(std::ceil(std::max({titleW, frame + axisW + plotW + legendW, legendW / 0.40 + 2})));
}

int CompareWidget::chartHeightNeeded() const
{
    // The title, then the legend's entries one under another (fitLegend()'s entry height), the chart's margins.
    const QVariant asked = m_chart->legend()->property("shardscopeAskedFont");
    const QFontMetricsF legend(asked.isValid() ? asked.value<QFont>() : m_chart->legend()->font());
    int entries = 0;
    for (QLegendMarker* m : m_chart->legend()->markers())
        entries += m->isVisible() && !m->label().isEmpty() ? 1 : 0;
    const double title = QFontMetricsF(m_chart->titleFont()).height() + 8;
    const double frame = 2.0 * m_view->frameWidth() + m_chart->margins().top() + m_chart->margins().bottom() + 24;
    return int(std::ceil(std::max(double(m_view->minimumHeight()), title + entries * (legend.height() + 16) + frame)));
}

int CompareWidget::tableWidthNeeded(bool wholeTerms) const
{
    const QHeaderView* head = m_table->horizontalHeader();
    int w = 2 * m_table->frameWidth() + m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table) + 2;
    for (int c = 0; c < m_table->columnCount(); ++c) {
        int col = std::max(head->sectionSizeHint(c), static_cast<const QAbstractItemView*>(m_table)->sizeHintForColumn(c)); // public there
        if (c == 0 && !wholeTerms) // a term name may wrap to two lines: room for a dozen characters
            col = std::min(col, 12 * m_table->fontMetrics().averageCharWidth() + 8);
        w += col;
    }
    return w;
}

void CompareWidget::scheduleBalance(bool always)
{
    m_balanceAlways = m_balanceAlways || always;
    if (m_balancePending)
        return;
    m_balancePending = true;
    // Queued: the fonts and the chart's layout settle first (presentation mode sets the chart's fonts after the
    // widgets'), and a resize from inside a resize handler is avoided.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_balancePending = false;
            const bool always = m_balanceAlways;
            m_balanceAlways = false;
            balance(always);
        },
        Qt::QueuedConnection);
}

void CompareWidget::balance(bool always)
{
    if (m_view->isHidden() || m_table->isHidden() || m_split->count() != 2)
        return;
    const int chartNeed = chartWidthNeeded();
    const int tableNeed = tableWidthNeeded(true);
    const int tableMin = tableWidthNeeded(false);
    // Side by side where the chart and the table's numbers both fit; else the chart above the table, each the whole
    // width (a Russian window at 1366x768 leaves the tab about 750 px: side by side, the legend's type shrank and the
    // term names were "...").
    const Qt::Orientation want = width() >= chartNeed + tableMin + m_split->handleWidth() + 24 ? Qt::Horizontal : Qt::Vertical;
    if (m_split->orientation() != want) {
        m_split->setOrientation(want);
        always = true;
    }
    const bool across = want == Qt::Horizontal;
    const int avail = (across ? m_split->width() : m_split->height()) - m_split->handleWidth();
    if (avail <= 0)
        return;
    int first;
    if (across) {
        if (chartNeed + tableNeed <= avail)
            first = chartNeed + (avail - chartNeed - tableNeed) / 2; // both whole: the surplus shared
        else
            first = std::min(chartNeed, std::max(avail - tableMin, avail / 2)); // the chart first, the numbers kept
    } else {
        // The chart as high as its legend needs, the table at least its header and four rows.
        const int tableRows = m_table->horizontalHeader()->height() + 4 * m_table->verticalHeader()->defaultSectionSize()
                            + 2 * m_table->frameWidth();
        first = std::min(chartHeightNeeded(), std::max(avail - tableRows, avail / 2));
    }
    const int least = across ? m_view->minimumWidth() : m_view->minimumHeight();
    first = std::clamp(first, std::min(least, avail), avail);
    const QList<int> now = m_split->sizes();
    if (!always && now.size() == 2 && now[0] >= first)
        return; // wide enough (a width the user dragged to stays)
    if (now.size() == 2 && std::abs(now[0] - first) <= 1)
        return;
    m_split->setSizes({first, avail - first});
}

void CompareWidget::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    scheduleBalance(true);
}

void CompareWidget::showChartOnly()
{
    m_summary->hide();
    m_table->hide();
    layout()->setContentsMargins(0, 0, 0, 0);
}

void CompareWidget::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange)
        scheduleBalance(true);
    if (e->type() == QEvent::PaletteChange) {
        applyPalette(m_chart, palette());
        for (int t = 0; t < kTermCount; ++t)
            setTermColors(m_sets[static_cast<std::size_t>(t)], static_cast<Term>(t), palette());
        m_capA->setPen(capacityPen(palette()));
        m_capB->setPen(capacityPen(palette()));
    }
}

void CompareWidget::refresh()
{
    const QString u = unitNameUi(m_unit);
    m_table->setHorizontalHeaderLabels({tr("Term (worst rank)"), tr("A (%1)").arg(u), tr("B (%1)").arg(u), tr("B - A (%1)").arg(u)});
    if (!m_pinned || !m_current) {
        m_table->setRowCount(0);
        m_summary->setText(m_pinned ? tr("A is pinned: change the scenario to compare.") : tr("Pin a scenario as A to compare."));
        refreshChart(nullptr, nullptr);
        return;
    }
    try {
        const Footprint fa = computeFootprint(*m_pinned);
        const Footprint fb = computeFootprint(*m_current);
        const double div = unitDivisor(m_unit);
        const StepResult sa = computeStep(*m_pinned), sb = computeStep(*m_current);
        m_table->setRowCount(kTermCount + kExtraRows);
        const bool dark = palette().color(QPalette::Base).lightness() < 128;
        const QColor worse = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb2, 0x18, 0x2b);
        const QColor better = dark ? QColor(0x8f, 0xd1, 0x9e) : QColor(0x1a, 0x7f, 0x37);
        auto cell = [&](int r, int c, const QString& text, bool number) {
            auto* item = new QTableWidgetItem(text);
            if (number)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
            return item;
        };
        // Numbers right-aligned; the delta red when B needs more (memory, time, wire bytes), green when less.
        auto row = [&](int r, const QString& name, double x, double y, int decimals, bool lowerIsBetter = true) {
            cell(r, 0, name, false);
            // In the language's numbers ("4,31" in Russian), as the verdict and the Memory tab's table write them.
            const QLocale l = numberLocale();
            cell(r, 1, l.toString(x, 'f', decimals), true);
            cell(r, 2, l.toString(y, 'f', decimals), true);
            QTableWidgetItem* d = cell(r, 3, l.toString(y - x, 'f', decimals), true);
            const double eps = 0.5 * std::pow(10.0, -decimals);
            if (std::abs(y - x) >= eps)
                d->setForeground((y > x) == lowerIsBetter ? worse : better);
        };
        for (int t = 0; t < kTermCount; ++t)
            row(t, termLabel(static_cast<Term>(t)), double(fa.worstRank().bytes(static_cast<Term>(t))) / div,
                double(fb.worstRank().bytes(static_cast<Term>(t))) / div, 2);
        row(kTermCount, tr("total"), double(fa.worstBytes()) / div, double(fb.worstBytes()) / div, 2);
        int r = kTermCount + 1;
        cell(r, 0, tr("fits (capacity %1 / %2)").arg(amount(double(fa.usableBytes), m_unit), amount(double(fb.usableBytes), m_unit)), false);
        cell(r, 1, fa.fits ? tr("✔ fits") : tr("✖ does not fit"), true)->setForeground(fa.fits ? better : worse);
        cell(r, 2, fb.fits ? tr("✔ fits") : tr("✖ does not fit"), true)->setForeground(fb.fits ? better : worse);
        cell(r, 3, QString(), true);
        row(++r, tr("step time (s)"), sa.totals.stepTime, sb.totals.stepTime, 3);
        row(++r, tr("MFU (%)"), sa.totals.mfu * 100, sb.totals.mfu * 100, 1, false);
        const double wa = sa.totals.dpBytes + sa.totals.tpBytes + sa.totals.ppBytes + sa.totals.hostBytes;
        const double wb = sb.totals.dpBytes + sb.totals.tpBytes + sb.totals.ppBytes + sb.totals.hostBytes;
        row(++r, tr("bytes on the wire per GPU per step (%1)").arg(unitNameUi(m_unit)), wa / div, wb / div, 2);
        m_summary->setText(compareSummary(*m_pinned, *m_current, m_unit));
        refreshChart(&fa, &fb);
    } catch (const InvalidInput& e) {
        m_table->setRowCount(0);
        refreshChart(nullptr, nullptr);
        m_summary->setText(QString::fromStdString(e.what()));
    }
}

} // namespace shardscope
