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
#include <QCursor>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QSplitter>
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
    return QStringLiteral("%1 %2").arg(bytes / unitDivisor(u), 0, 'f', 1).arg(QLatin1String(unitName(u)));
}


} // namespace

QStringList scenarioChanges(const Scenario& a, const Scenario& b)
{
    QStringList c;
    auto num = [&](const QString& what, std::int64_t x, std::int64_t y) {
        if (x != y)
            c << QStringLiteral("%1 %2 -> %3").arg(what).arg(x).arg(y);
    };
    auto text = [&](const QString& what, const QString& x, const QString& y) {
        if (x != y)
            c << QStringLiteral("%1 %2 -> %3").arg(what, x, y);
    };
    if (a.arch.id != b.arch.id || a.arch.name != b.arch.name || a.totalParams() != b.totalParams())
        c << QStringLiteral("%1 -> %2").arg(q(a.arch.name), q(b.arch.name));
    if (a.zeroStage != b.zeroStage)
        c << QStringLiteral("ZeRO-%1 -> ZeRO-%2").arg(a.zeroStage).arg(b.zeroStage);
    num(QStringLiteral("N"), a.gpus, b.gpus);
    num(QStringLiteral("TP"), a.tp, b.tp);
    num(QStringLiteral("PP"), a.pp, b.pp);
    text(QStringLiteral("GPU"), q(a.gpu), q(b.gpu));
    text(CompareWidget::tr("recipe"), q(a.recipe.id), q(b.recipe.id));
    text(CompareWidget::tr("optimizer"), QLatin1String(optimizerKey(a.optimizer)), QLatin1String(optimizerKey(b.optimizer)));
    text(CompareWidget::tr("checkpointing"), QLatin1String(checkpointingKey(a.checkpointing)), QLatin1String(checkpointingKey(b.checkpointing)));
    text(CompareWidget::tr("offload optimizer"), QLatin1String(offloadKey(a.offloadOptimizer)), QLatin1String(offloadKey(b.offloadOptimizer)));
    text(CompareWidget::tr("offload params"), QLatin1String(offloadKey(a.offloadParams)), QLatin1String(offloadKey(b.offloadParams)));
    num(CompareWidget::tr("micro-batch"), a.microBatch, b.microBatch);
    num(CompareWidget::tr("seq"), a.seq, b.seq);
    num(CompareWidget::tr("accumulation"), a.gradAccum, b.gradAccum);
    if (a.sequenceParallel != b.sequenceParallel)
        c << (b.sequenceParallel ? CompareWidget::tr("sequence parallel on") : CompareWidget::tr("sequence parallel off"));
    if (a.flashAttention != b.flashAttention)
        c << (b.flashAttention ? CompareWidget::tr("FlashAttention on") : CompareWidget::tr("FlashAttention off"));
    if (c.isEmpty() && a.termEnabled != b.termEnabled)
        c << CompareWidget::tr("terms switched");
    return c;
}

QString compareSummary(const Scenario& a, const Scenario& b, ByteUnit units)
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
            moved << CompareWidget::tr("%1 %2 -> %3 per GPU").arg(QLatin1String(termKey(term)), amount(x, units), amount(y, units));
    }
    moved << CompareWidget::tr("total %1 -> %2").arg(amount(double(fa.worstBytes()), units), amount(double(fb.worstBytes()), units));
    const StepResult sa = computeStep(a), sb = computeStep(b);
    if (sa.totals.dpBytes > 0 && sb.totals.dpBytes > 0 && std::abs(sb.totals.dpBytes / sa.totals.dpBytes - 1) > 0.005)
        moved << CompareWidget::tr("DP traffic x%1").arg(sb.totals.dpBytes / sa.totals.dpBytes, 0, 'f', 2);
    QStringList changes = scenarioChanges(a, b);
    if (changes.isEmpty())
        changes << CompareWidget::tr("no change");
    return changes.join(QStringLiteral(", ")) + QStringLiteral(": ") + moved.join(QStringLiteral(", "));
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

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_table);
    m_view->setMinimumWidth(420);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    m_table->setColumnCount(4);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
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
    return ChartText::termTip(t, column == 0 ? tr("A (pinned), worst rank") : tr("B (current), worst rank"), v.bytes, v.formula,
                              m_unit);
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
    m_yTitles = QStringList {tr("Memory per GPU (%1)").arg(QLatin1String(unitName(m_unit))), QLatin1String(unitName(m_unit))};
    fitChart();
}

void CompareWidget::fitChart()
{
    // Every legend entry whole (issue 13: "ZeRO-3 unsharded ..." at every size), the unit alone as the axis title
    // where the whole title would be cut (2x type).
    fitLegend(m_chart);
    setAxisTitleFitting(m_y, m_yTitles, m_chart->plotArea().height());
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
    const QString u = QLatin1String(unitName(m_unit));
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
            cell(r, 1, QString::number(x, 'f', decimals), true);
            cell(r, 2, QString::number(y, 'f', decimals), true);
            QTableWidgetItem* d = cell(r, 3, QString::number(y - x, 'f', decimals), true);
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
        row(++r, tr("bytes on the wire per GPU per step (%1)").arg(QLatin1String(unitName(m_unit))), wa / div, wb / div, 2);
        m_summary->setText(compareSummary(*m_pinned, *m_current, m_unit));
        refreshChart(&fa, &fb);
    } catch (const InvalidInput& e) {
        m_table->setRowCount(0);
        refreshChart(nullptr, nullptr);
        m_summary->setText(QString::fromStdString(e.what()));
    }
}

} // namespace shardscope
