// SPDX-License-Identifier: MIT
#include "memorypergpuchart.h"

#include "chartstyle.h"
#include "termstyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace shardscope {

MemoryPerGpuChart::MemoryPerGpuChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_bars(new QStackedBarSeries)
    , m_capacity(new QLineSeries)
    , m_x(new QBarCategoryAxis)
    , m_y(new QValueAxis)
{
    for (int t = 0; t < kTermCount; ++t) {
        auto* set = new QBarSet(termLabel(static_cast<Term>(t)), this); // owned here: unused sets leave the series
        set->setColor(termColor(static_cast<Term>(t)));
        set->setBorderColor(termColor(static_cast<Term>(t)).darker(130));
        m_sets[static_cast<std::size_t>(t)] = set;
        m_bars->append(set);
    }
    m_bars->setBarWidth(0.6);
    m_chart->addSeries(m_bars);
    m_chart->addSeries(m_capacity);
    m_capacity->setName(QStringLiteral("Capacity"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_bars->attachAxis(m_x);
    m_bars->attachAxis(m_y);
    m_capacity->attachAxis(m_x);
    m_capacity->attachAxis(m_y);
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->setTitle(QStringLiteral("Per-GPU memory by term"));

    m_view = makeChartView(m_chart, this);
    // Only axis-aligned shapes here (bars and a horizontal capacity line): antialiasing would only blur their edges, and it makes every grid
    // line a per-pixel coverage blend instead of one span fill.
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_capacity->setPen(capacityPen(palette()));
    m_label = new ChartLabel(m_chart);
    m_label->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    connect(m_chart, &QChart::plotAreaChanged, this, &MemoryPerGpuChart::placeLabel);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setUnit(m_unit);
}

void MemoryPerGpuChart::setScenario(const Scenario& s) { setResult(computeExplorer(s)); }

void MemoryPerGpuChart::setResult(const ExplorerResult& r)
{
    m_result = r;
    m_hasResult = true;
    refresh();
}

void MemoryPerGpuChart::setUnit(ByteUnit unit)
{
    m_unit = unit;
    m_y->setTitleText(QStringLiteral("Memory per GPU (%1)").arg(QLatin1String(unitName(unit))));
    refresh();
}

void MemoryPerGpuChart::setCompareStages(bool on)
{
    m_compare = on;
    refresh();
}

QStringList MemoryPerGpuChart::categories() const { return m_x->categories(); }

QString MemoryPerGpuChart::capacityLabel() const { return m_label->text(); }

bool MemoryPerGpuChart::inLegend(Term t) const { return m_bars->barSets().contains(m_sets[static_cast<std::size_t>(t)]); }

void MemoryPerGpuChart::refresh()
{
    if (!m_hasResult)
        return;
    const Footprint& f = m_result.footprint;
    const double div = unitDivisor(m_unit);

    // Columns: one per distinct rank, or one per ZeRO stage at the current N.
    QStringList cats;
    std::vector<std::array<std::int64_t, kTermCount>> columns;
    if (m_compare) {
        for (const SweepPoint& p : m_result.stagesAtN) {
            cats << QStringLiteral("ZeRO-%1%2").arg(p.stage).arg(p.stage == m_result.scenario.zeroStage ? QStringLiteral(" (current)")
                                                                                                        : QString());
            columns.push_back(p.termBytes);
        }
    } else {
        for (std::size_t i = 0; i < f.ranks.size(); ++i) {
            const RankFootprint& r = f.ranks[i];
            // Short labels (the axis elides long ones): "all ranks", "first (1)", "middle (2)", "last (4)".
            QString label = QString::fromStdString(r.label);
            if (m_result.scenario.pp > 1) {
                if (label.endsWith(QLatin1String(" stage")))
                    label = label.chopped(6).replace(QLatin1String("middle"), QLatin1String("mid"))
                        + QStringLiteral(" (%1)").arg(r.stage + 1);
                else
                    label = QStringLiteral("worst (%1)").arg(r.stage + 1);
            }
            columns.emplace_back();
            for (int t = 0; t < kTermCount; ++t)
                columns.back()[static_cast<std::size_t>(t)] = r.terms[static_cast<std::size_t>(t)].bytes;
            cats << label;
        }
    }

    // Whole-set replacement (TOOLCHAIN.md pitfall 2): one remove + one append per set that changed.
    double top = 0;
    std::vector<double> totals(columns.size(), 0.0);
    for (int t = 0; t < kTermCount; ++t) {
        QList<qreal> values;
        values.reserve(static_cast<qsizetype>(columns.size()));
        bool any = false;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const double v = double(columns[c][static_cast<std::size_t>(t)]) / div;
            values << v;
            totals[c] += v;
            any = any || v > 0;
        }
        QBarSet* set = m_sets[static_cast<std::size_t>(t)];
        bool same = set->count() == values.size();
        for (qsizetype i = 0; same && i < values.size(); ++i)
            same = set->at(i) == values[i];
        if (!same) {
            set->remove(0, set->count());
            set->append(values);
        }
        m_used[static_cast<std::size_t>(t)] = any;
    }
    for (double v : totals)
        top = std::max(top, v);
    updateLegend();
    if (m_x->categories() != cats)
        m_x->setCategories(cats); // one change (clear() + append() re-laid out the axis twice)

    const double cap = double(f.usableBytes) / div;
    const double n = double(cats.size());
    m_capacity->replace(QList<QPointF> {{-0.5, cap}, {n - 0.5, cap}});
    setNiceRange(m_y, std::max(top, cap) * 1.08);

    const double worst = double(f.worstBytes());
    const QString head = f.fits ? QStringLiteral("headroom %1").arg(formatBytesUi(double(f.usableBytes) - worst, m_unit))
                                : QStringLiteral("%1 over").arg(formatBytesUi(worst - double(f.usableBytes), m_unit));
    m_label->setText(QStringLiteral("%1: %2%3\n%4")
                         .arg(QString::fromStdString(f.gpu.name), formatBytesUi(double(f.usableBytes), m_unit),
                              f.usableBytes != f.capacityBytes ? QStringLiteral(" usable") : QString(), head));
    // Titles are fixed per mode: a title that changes on every move re-lays out the whole chart.
    setTitleIfChanged(m_chart, m_compare ? QStringLiteral("Per-GPU memory by term, ZeRO stages 0-3 at the current N")
                                         : QStringLiteral("Per-GPU memory by term, per pipeline stage"));
    placeLabel();
}

void MemoryPerGpuChart::updateLegend()
{
    // Only the terms that hold bytes in some bar are in the series (and so in the legend). Qt 6.4 resets a
    // hidden legend marker whenever its set changes, so unused sets are taken out instead; that happens only
    // when the set of used terms changes (fp8 recipe, ZeRO-3 on/off, PP), not on every move.
    const QList<QBarSet*> present = m_bars->barSets();
    QList<QBarSet*> wanted;
    for (int t = 0; t < kTermCount; ++t)
        if (m_used[static_cast<std::size_t>(t)])
            wanted << m_sets[static_cast<std::size_t>(t)];
    if (present == wanted)
        return;
    // Each take() / insert() rebuilds the series' legend markers, so only the sets that come or go are touched
    // (one or two on a ZeRO-3 or fp8 toggle), not all twelve.
    for (QBarSet* set : present) {
        if (!wanted.contains(set)) {
            m_bars->take(set);
            set->setParent(this); // take() hands ownership back
        }
    }
    for (qsizetype i = 0; i < wanted.size(); ++i) {
        if (m_bars->barSets().value(i) != wanted[i])
            m_bars->insert(static_cast<int>(i), wanted[i]);
    }
}

void MemoryPerGpuChart::placeLabel()
{
    if (!m_hasResult)
        return;
    const qreal n = m_x->count();
    const QPointF right = m_chart->mapToPosition(QPointF(n - 0.5, double(m_result.footprint.usableBytes) / unitDivisor(m_unit)), m_capacity);
    m_label->placeAboveLeftOf(m_chart->mapToScene(right), m_chart->plotArea());
}

void MemoryPerGpuChart::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) {
        applyPalette(m_chart, palette());
        m_capacity->setPen(capacityPen(palette()));
        m_label->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    }
}

} // namespace shardscope
