// SPDX-License-Identifier: MIT
#include "memorypergpuchart.h"

#include "chartstyle.h"
#include "termstyle.h"

#include "shardscope/errors.h"
#include "shardscope/finetune.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLinearGradient>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPercentBarSeries>
#include <QSignalBlocker>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace shardscope {

namespace {

/// The expert states of bar `column` (0 where there is none).
double expertBytes(const std::vector<std::array<std::int64_t, 4>>& parts, int column)
{
    if (column < 0 || std::size_t(column) >= parts.size())
        return 0;
    double b = 0;
    for (std::int64_t x : parts[std::size_t(column)])
        b += double(x);
    return b;
}

/// The expert segment: Okabe-Ito vermillion, apart from the twelve terms' colours (darker on a light chart, lighter on a dark one).
void setExpertColors(QBarSet* set, const QPalette& palette)
{
    const bool dark = chartBackground(palette).lightness() < 128;
    const QColor fill = dark ? QColor(0xff, 0x8a, 0x50) : QColor(0xd5, 0x5e, 0x00);
    set->setColor(fill);
    set->setBorderColor(dark ? fill.lighter(130) : fill.darker(130));
}

} // namespace

MemoryPerGpuChart::MemoryPerGpuChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_bars(new QStackedBarSeries)
    , m_capacity(new QLineSeries)
    , m_x(new QBarCategoryAxis)
    , m_y(new QValueAxis)
    , m_logY(new QLogValueAxis)
    , m_floor(new QBarSet(QString(), this))
    , m_total(new QBarSet(tr("Total per GPU"), this))
    , m_expertSet(new QBarSet(tr("Expert states"), this))
    , m_otherSet(new QBarSet(QString(), this))
    , m_logBox(new QCheckBox(tr("Log scale"), this))
    , m_shareChart(new QChart)
    , m_shareBars(new QPercentBarSeries)
    , m_shareX(new QBarCategoryAxis)
    , m_shareY(new QValueAxis)
{
    for (int t = 0; t < kTermCount; ++t) {
        auto* set = new QBarSet(termLabel(static_cast<Term>(t)), this); // owned here: unused sets leave the series
        setTermColors(set, static_cast<Term>(t), palette());
        m_sets[static_cast<std::size_t>(t)] = set;
        m_bars->append(set);
    }
    // Fine-tuning (issue 28): the params term as the frozen base and the adapters' weights (out of the series
    // until a scenario fine-tunes; updateLegend() puts them where the params set stands).
    m_ftSets[0] = new QBarSet(tr("Frozen base weights"), this);
    m_ftSets[1] = new QBarSet(tr("Adapter weights"), this);
    setFinetuneColors();
    m_bars->setBarWidth(0.6);
    m_chart->addSeries(m_bars);
    m_chart->addSeries(m_capacity);
    m_capacity->setName(tr("Capacity"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_chart->addAxis(m_logY, Qt::AlignLeft);
    m_bars->attachAxis(m_x);
    m_bars->attachAxis(m_y);
    m_capacity->attachAxis(m_x);
    m_capacity->attachAxis(m_y);
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_logY->setBase(10);
    m_logY->setLabelFormat(QStringLiteral("%g"));
    m_logY->setMinorTickCount(8);
    m_logY->setVisible(false);
    m_total->setColor(QColor(0x44, 0x77, 0xaa));
    m_total->setBorderColor(QColor(0x44, 0x77, 0xaa).darker(130));
    setExpertColors(m_expertSet, palette());
    m_otherSet->setPen(Qt::NoPen);
    m_floor->setColor(Qt::transparent);
    m_floor->setBorderColor(Qt::transparent);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->setTitle(tr("Per-GPU memory by term"));
    setAxisLabelsShown(m_chart, false); // until the first answer: Qt's default range is no scenario's

    m_view = makeChartView(m_chart, this);
    // Only axis-aligned shapes here (bars and a horizontal capacity line): antialiasing would only blur their edges, and it makes every grid
    // line a per-pixel coverage blend instead of one span fill.
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_capacity->setPen(capacityPen(palette()));
    m_label = new ChartLabel(m_chart);
    m_label->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    connect(m_chart, &QChart::plotAreaChanged, this, &MemoryPerGpuChart::placeLabel);
    connect(m_bars, &QStackedBarSeries::hovered, this, &MemoryPerGpuChart::hovered);

    m_logBox->setObjectName(QStringLiteral("perGpuLogScale"));
    m_logBox->setChecked(m_log);
    m_logBox->setToolTip(tr("Comparing ZeRO stages: a logarithmic memory axis, so that a small ZeRO-3 bar stays "
                            "readable beside DDP's. Each bar is its total; the terms are stacked on the linear axis "
                            "only (stacked on a log axis, their shares would look wrong)."));
    m_logBox->setVisible(false);
    connect(m_logBox, &QCheckBox::toggled, this, &MemoryPerGpuChart::setLogScale);

    // The composition beside the log axis's totals: each stage's terms as shares of its total (a linear axis, where a
    // segment's height is its share). The totals chart keeps the bytes; this one the proportions.
    for (int t = 0; t < kTermCount; ++t) {
        auto* set = new QBarSet(termLabel(static_cast<Term>(t)), this);
        setTermColors(set, static_cast<Term>(t), palette());
        m_shareSets[static_cast<std::size_t>(t)] = set;
    }
    m_shareBars->setBarWidth(0.6);
    m_shareChart->addSeries(m_shareBars);
    m_shareChart->addAxis(m_shareX, Qt::AlignBottom);
    m_shareChart->addAxis(m_shareY, Qt::AlignLeft);
    m_shareBars->attachAxis(m_shareX);
    m_shareBars->attachAxis(m_shareY);
    m_shareY->setRange(0, 100);
    m_shareY->setTickCount(5);
    // Narrow: the ticks say "%" themselves and the stages are the totals' beside it (no axis titles to make room for).
    m_shareY->setLabelFormat(QStringLiteral("%.0f%%"));
    m_shareY->setTitleVisible(false);
    m_shareX->setTitleVisible(false);
    m_shareX->setCategories({QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")});
    m_shareChart->setTitle(tr("Shares")); // short: the chart is narrow (its tooltips name each term and its share)
    // No legend of its own: the colours are the terms' everywhere (the linear view's legend, the breakdown table's
    // swatches under the charts) and each segment's tooltip names its term; a legend of nine terms took the width
    // the totals need at 1366 px.
    m_shareChart->legend()->setVisible(false);
    m_shareView = makeChartView(m_shareChart, this);
    m_shareView->setObjectName(QStringLiteral("perGpuShares"));
    m_shareView->setRenderHint(QPainter::Antialiasing, false);
    m_shareView->setMinimumSize(140, 240); // four shares need less than makeChartView()'s 320 px: the totals keep the width
    m_shareView->setVisible(false);
    connect(m_shareBars, &QPercentBarSeries::hovered, this, [this](bool on, int column, QBarSet* set) {
        m_lastTip.clear();
        for (int t = 0; on && t < kTermCount; ++t)
            if (m_shareSets[static_cast<std::size_t>(t)] == set)
                m_lastTip = toolTipFor(column, static_cast<Term>(t));
        if (m_lastTip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(QCursor::pos(), m_lastTip, m_shareView);
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(4, 0, 4, 0);
    row->addStretch(1);
    row->addWidget(m_logBox);
    layout->addLayout(row);
    auto* charts = new QHBoxLayout;
    charts->setContentsMargins(0, 0, 0, 0);
    charts->setSpacing(0);
    charts->addWidget(m_view, 2);
    charts->addWidget(m_shareView, 1);
    layout->addLayout(charts);
    m_charts = charts;
    setUnit(m_unit);
}

QAbstractAxis* MemoryPerGpuChart::yAxis() const { return logAxisShown() ? static_cast<QAbstractAxis*>(m_logY) : m_y; }

bool MemoryPerGpuChart::logAxisShown() const { return m_compare && m_log; }

void MemoryPerGpuChart::setLogScale(bool on)
{
    if (m_logBox->isChecked() != on)
        m_logBox->setChecked(on); // comes back here through toggled()
    if (m_log == on)
        return;
    m_log = on;
    refresh();
}

void MemoryPerGpuChart::applyAxisMode()
{
    const bool log = logAxisShown();
    QAbstractAxis* want = log ? static_cast<QAbstractAxis*>(m_logY) : m_y;
    QAbstractAxis* other = log ? static_cast<QAbstractAxis*>(m_y) : m_logY;
    if (!m_bars->attachedAxes().contains(want)) {
        m_bars->detachAxis(other);
        m_capacity->detachAxis(other);
        m_bars->attachAxis(want);
        m_capacity->attachAxis(want);
        other->setVisible(false);
        want->setVisible(true);
        applyPalette(m_chart, palette());
    }
    m_logBox->setVisible(m_compare);
}

void MemoryPerGpuChart::hovered(bool on, int column, QBarSet* set)
{
    if (!on || set == m_floor || set == m_otherSet) {
        m_lastTip.clear();
        QToolTip::hideText();
        return;
    }
    if (set == m_expertSet) {
        m_lastTip = expertTipFor(column);
        QToolTip::showText(QCursor::pos(), m_lastTip, m_view);
        return;
    }
    if (set == m_total) {
        m_lastTip = totalTipFor(column);
        QToolTip::showText(QCursor::pos(), m_lastTip, m_view);
        return;
    }
    if (set == m_ftSets[0] || set == m_ftSets[1]) {
        m_lastTip = finetuneToolTipFor(column, set == m_ftSets[1]);
        QToolTip::showText(QCursor::pos(), m_lastTip, m_view);
        return;
    }
    for (int t = 0; t < kTermCount; ++t) {
        if (m_sets[static_cast<std::size_t>(t)] == set) {
            m_lastTip = toolTipFor(column, static_cast<Term>(t));
            QToolTip::showText(QCursor::pos(), m_lastTip, m_view);
            return;
        }
    }
}

QString MemoryPerGpuChart::totalTipFor(int column) const
{
    // The composition the log bar does not stack: each term and its share of the total, largest first.
    if (!m_hasResult || column < 0 || column >= int(m_columns.size()))
        return QString();
    const auto& bytes = m_columns[static_cast<std::size_t>(column)];
    double total = 0;
    for (std::int64_t b : bytes)
        total += double(b);
    const double experts = expertBytes(m_expertParts, column);
    total += experts;
    QString tip = tr("%1: %2 in total").arg(m_names.value(column), formatBytesUi(total, m_unit));
    if (experts > 0)
        tip += QLatin1Char('\n') + tr("%1: %2 (%3%)").arg(m_expertSet->label(), formatBytesUi(experts, m_unit),
                                                        QString::number(100 * experts / total, 'f', 1));
    std::vector<int> order;
    for (int t = 0; t < kTermCount; ++t)
        if (bytes[static_cast<std::size_t>(t)] > 0)
            order.push_back(t);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return bytes[std::size_t(a)] > bytes[std::size_t(b)]; });
    const std::size_t c = static_cast<std::size_t>(column);
    const bool ft = c < m_ftColumns.size() && m_ftColumns[c][0] + m_ftColumns[c][1] > 0;
    auto line = [&](const QString& label, double b) {
        tip += QLatin1Char('\n') + tr("%1: %2 (%3%)").arg(label, formatBytesUi(b, m_unit),
                                                        QString::number(100 * b / total, 'f', 1));
    };
    for (int t : order) {
        if (ft && t == static_cast<int>(Term::Params)) { // fine-tuning: the frozen base and the adapters' weights
            line(m_ftSets[0]->label(), double(m_ftColumns[c][0]));
            line(m_ftSets[1]->label(), double(m_ftColumns[c][1]));
            continue;
        }
        line(m_sets[static_cast<std::size_t>(t)]->label(), double(bytes[static_cast<std::size_t>(t)]));
    }
    return tip;
}

bool MemoryPerGpuChart::expertsShown() const
{
    if (logAxisShown())
        return false;
    for (std::size_t c = 0; c < m_expertParts.size(); ++c)
        if (expertBytes(m_expertParts, int(c)) > 0)
            return true;
    return false;
}

QString MemoryPerGpuChart::expertTipFor(int column) const
{
    if (!m_hasResult || m_compare || column < 0 || column >= int(m_expertParts.size())
        || std::size_t(column) >= m_result.footprint.ranks.size())
        return QString();
    const RankFootprint& r = m_result.footprint.ranks[std::size_t(column)];
    const auto& e = m_expertParts[std::size_t(column)];
    const Scenario& s = m_result.scenario;
    const QString where = tr("%1, GPU %2").arg(QString::fromStdString(r.label)).arg(firstGpuOfStage(s, r.stage));
    QString tip = ChartText::tr("%1 · %2").arg(m_expertSet->label(), where) + QLatin1Char('\n')
        + ChartText::bytesLine(std::int64_t(expertBytes(m_expertParts, column)), m_unit);
    tip += QLatin1Char('\n')
        + tr("routed experts' weights %1, grads %2, master %3, optimizer %4")
              .arg(formatBytesUi(double(e[0]), m_unit), formatBytesUi(double(e[1]), m_unit),
                   formatBytesUi(double(e[2]), m_unit), formatBytesUi(double(e[3]), m_unit));
    tip += QLatin1Char('\n')
        + tr("%1 expert parameters on this GPU: %2 experts per MoE layer (EP %3), expert TP %4, states sharded over "
             "expert-DP %5")
              .arg(numberLocale().toString(qlonglong(r.expertLocalParams)),
                   numberLocale().toString(qlonglong(s.arch.experts / std::max<std::int64_t>(1, s.ep))),
                   numberLocale().toString(qlonglong(s.ep)), numberLocale().toString(qlonglong(s.expertTp())),
                   numberLocale().toString(qlonglong(s.expertDp())));
    return tip;
}

QString MemoryPerGpuChart::toolTipFor(int column, Term t) const
{
    if (!m_hasResult || column < 0 || column >= int(m_columns.size()))
        return QString();
    const std::size_t c = static_cast<std::size_t>(column);
    const std::size_t ti = static_cast<std::size_t>(t);
    // MoE (issue 25): a model-state bar holds the dense part; the tip gives the term's whole (core's formula is of the
    // whole) and names the two parts.
    const std::int64_t expert = !m_compare && ti < 4 && c < m_expertParts.size() ? m_expertParts[c][ti] : 0;
    const std::int64_t bytes = m_columns[c][ti] + expert;
    std::string formula;
    QString where = m_names.value(column);
    if (!m_compare) {
        formula = m_result.footprint.ranks[c].terms[ti].formula;
        where = tr("%1, GPU %2").arg(QString::fromStdString(m_result.footprint.ranks[c].label))
                    .arg(firstGpuOfStage(m_result.scenario, m_result.footprint.ranks[c].stage));
    } else if (c < m_result.stagesAtN.size()) {
        // The bar is the worst rank of core's footprint at that stage (planner.cpp sweep()); its formula comes from
        // the same call, made on hover only.
        const SweepPoint& p = m_result.stagesAtN[c];
        try {
            const Footprint f = computeFootprint(withStageAndGpus(m_result.scenario, p.stage, p.gpus));
            formula = f.worstRank().terms[ti].formula;
        } catch (const InvalidInput&) {
        }
    }
    std::int64_t total = 0; // the bar's total (the dense parts and the routed experts alike)
    for (std::int64_t b : m_columns[c])
        total += b;
    if (!m_compare && c < m_expertParts.size())
        for (std::int64_t b : m_expertParts[c])
            total += b;
    QString tip = ChartText::termTip(t, where, bytes, formula, m_unit, total);
    if (expert > 0)
        tip += QLatin1Char('\n')
            + tr("dense %1 (this segment) + routed experts %2 (in Expert states)")
                  .arg(formatBytesUi(double(m_columns[c][ti]), m_unit), formatBytesUi(double(expert), m_unit));
    return tip;
}

QString MemoryPerGpuChart::finetuneToolTipFor(int column, bool adapter) const
{
    // Fine-tuning (issue 28): core's split of the params term (RankFootprint / SweepPoint frozen and adapter bytes).
    if (!m_hasResult || column < 0 || column >= int(m_ftColumns.size()))
        return QString();
    const std::int64_t bytes = m_ftColumns[static_cast<std::size_t>(column)][adapter ? 1 : 0];
    const Scenario& s = m_result.scenario;
    QString tip = tr("%1 · %2").arg(m_ftSets[adapter ? 1 : 0]->label(), m_names.value(column)) + QLatin1Char('\n')
        + tr("%1 (%2 B)").arg(formatBytesUi(double(bytes), m_unit), QLocale().toString(qint64(bytes)));
    tip += QLatin1Char('\n')
        + (adapter ? tr("Trainable: %1 method, rank %2, targets %3; their gradients and optimizer states are the "
                        "gradient and optimizer segments.")
                         .arg(QString::fromLatin1(finetuneKey(s.finetune)))
                         .arg(s.loraRank)
                         .arg(QString::fromStdString(loraTargetsKey(s.loraTargets)))
                   : tr("Frozen: the base's linear weights in %1, embeddings, head and norms in 16 bits; no gradients, "
                        "no optimizer states.")
                         .arg(QString::fromLatin1(basePrecisionKey(basePrecisionInForce(s)))));
    return tip;
}

void MemoryPerGpuChart::setFinetuneColors()
{
    // The frozen base in the params colour; the adapters' weights a lighter tint of it (they are params too).
    setTermColors(m_ftSets[0], Term::Params, palette());
    const QColor fill = m_ftSets[0]->color().lighter(220);
    m_ftSets[1]->setColor(fill);
    m_ftSets[1]->setBorderColor(m_ftSets[0]->borderColor());
}

void MemoryPerGpuChart::setScenario(const Scenario& s) { setResult(computeExplorer(s)); }

void MemoryPerGpuChart::setResult(const ExplorerResult& r)
{
    m_result = r;
    showAnswerAxes(m_chart, m_hasResult);
    refresh();
}

void MemoryPerGpuChart::setUnit(ByteUnit unit)
{
    m_unit = unit;
    refresh();
}

void MemoryPerGpuChart::setCompareStages(bool on)
{
    m_compare = on;
    refresh();
}

QStringList MemoryPerGpuChart::categories() const { return m_names; }

QStringList MemoryPerGpuChart::axisLabels() const { return m_x->categories(); }

QString MemoryPerGpuChart::capacityLabel() const { return m_label->text(); }

bool MemoryPerGpuChart::inLegend(Term t) const { return m_bars->barSets().contains(m_sets[static_cast<std::size_t>(t)]); }

void MemoryPerGpuChart::refresh()
{
    if (!m_hasResult)
        return;
    // A range or category change below re-lays out the chart synchronously and emits plotAreaChanged from inside
    // Qt's axis <-> domain range update: placing the label there (it may set the range again) made the log axis
    // and its domain hand two ranges back and forth without end (a stack overflow at TP 8 x PP 4, ZeRO stages, 2x).
    // The label is placed once, at the end.
    m_refreshing = true;
    const Footprint& f = m_result.footprint;
    const double div = unitDivisor(m_unit);

    // Columns: one per distinct rank, or one per ZeRO stage at the current N.
    QStringList cats, shortCats, midCats;
    std::vector<std::array<std::int64_t, kTermCount>> columns;
    std::vector<std::array<std::int64_t, 4>> experts;
    std::vector<std::array<std::int64_t, 2>> ftColumns; // fine-tuning: frozen base and adapter weights per bar
    if (m_compare) {
        for (const SweepPoint& p : m_result.stagesAtN) {
            ftColumns.push_back({p.frozenParamBytes, p.adapterParamBytes});
            cats << (p.stage == m_result.scenario.zeroStage ? tr("ZeRO-%1 (current)").arg(p.stage)
                                                            : QStringLiteral("ZeRO-%1").arg(p.stage));
            shortCats << QString::number(p.stage);
            midCats << QStringLiteral("ZeRO-%1").arg(p.stage);
            columns.push_back(p.termBytes);
        }
        m_shortTitle = tr("ZeRO stage (current: %1)").arg(m_result.scenario.zeroStage);
        m_midTitle = tr("Current: ZeRO-%1").arg(m_result.scenario.zeroStage);
    } else {
        m_shortTitle = tr("Pipeline stage");
        for (std::size_t i = 0; i < f.ranks.size(); ++i) {
            const RankFootprint& r = f.ranks[i];
            // Short labels (the axis elides long ones): "all ranks", "first (1)", "mid (2)", "last (4)", from core's
            // "all ranks", "first stage", "middle stage", "last stage" and "stage K (worst)".
            QString label;
            if (m_result.scenario.pp <= 1)
                label = tr("all ranks");
            else if (r.label == "first stage")
                label = tr("first (%1)").arg(r.stage + 1);
            else if (r.label == "middle stage")
                label = tr("mid (%1)").arg(r.stage + 1);
            else if (r.label == "last stage")
                label = tr("last (%1)").arg(r.stage + 1);
            else
                label = tr("worst (%1)").arg(r.stage + 1);
            columns.emplace_back();
            ftColumns.push_back({r.frozenParamBytes, r.adapterParamBytes});
            for (int t = 0; t < kTermCount; ++t)
                columns.back()[static_cast<std::size_t>(t)] = r.terms[static_cast<std::size_t>(t)].bytes;
            if (m_result.scenario.arch.moe() && m_result.scenario.finetune == FinetuneMethod::Full) {
                // The routed experts' part of params, grads, master and optimizer is its own segment (issue 25); with
                // adapters on a frozen base the fine-tuning split stands instead (the two would count the base twice).
                experts.push_back(r.expertStateBytes);
                for (std::size_t t = 0; t < 4; ++t)
                    columns.back()[t] -= r.expertStateBytes[t];
            }
            cats << label;
            shortCats << (m_result.scenario.pp > 1 ? QString::number(r.stage + 1)
                                                   : tr("all", "the one bar at PP 1 when the axis is narrow: all ranks"));
        }
    }
    m_names = cats;
    m_short = shortCats;
    m_mid = m_compare ? midCats : QStringList();

    // Whole-set replacement (TOOLCHAIN.md pitfall 2): one remove + one append per set that changed.
    double top = 0;
    std::vector<double> totals(columns.size(), 0.0);
    QList<qreal> values; // one allocation for all terms (cleared per term; QBarSet::append copies)
    values.reserve(static_cast<qsizetype>(columns.size()));
    for (int t = 0; t < kTermCount; ++t) {
        values.clear();
        bool any = false;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const double v = double(columns[c][static_cast<std::size_t>(t)]) / div;
            values << v;
            totals[c] += v;
            any = any || v > 0;
        }
        replaceValues(m_sets[static_cast<std::size_t>(t)], values);
        m_used[static_cast<std::size_t>(t)] = any;
    }
    m_expertParts = experts;
    values.clear();
    for (std::size_t c = 0; c < experts.size(); ++c) {
        const double v = expertBytes(experts, int(c)) / div;
        values << v;
        totals[c] += v;
    }
    replaceValues(m_expertSet, values);
    for (std::size_t k = 0; k < 2; ++k) {
        values.clear();
        bool any = false;
        for (const auto& c : ftColumns) {
            values << double(c[k]) / div;
            any = any || c[k] > 0;
        }
        replaceValues(m_ftSets[k], values);
        m_ftUsed[k] = any;
    }
    m_ftColumns = ftColumns;
    // With a frozen base the grads, master and optimizer segments are the adapters' only: their labels say so.
    const bool ft = m_ftUsed[0] || m_ftUsed[1];
    const std::pair<Term, QString> adapterLabels[] = {{Term::Grads, tr("Adapter gradients")},
                                                      {Term::Master, tr("Adapter fp32 master weights")},
                                                      {Term::Optimizer, tr("Adapter optimizer states")}};
    for (const auto& [term, label] : adapterLabels) {
        QBarSet* set = m_sets[static_cast<std::size_t>(term)];
        const QString want = ft ? label : termLabel(term);
        if (set->label() != want)
            set->setLabel(want);
    }
    for (double v : totals)
        top = std::max(top, v);
    m_columns = columns;
    applyAxisMode();
    const bool log = logAxisShown();
    const double cap = double(f.usableBytes) / div;
    double logMin = 1;
    if (log) {
        // From a power of ten at least 3x under the smallest bar (or the capacity) to the power of ten over the tallest:
        // the smallest bar is a third of a decade tall at least, and at least two ticks are labelled.
        double lo = cap, hi = std::max(top, cap);
        for (double v : totals)
            if (v > 0)
                lo = std::min(lo, v);
        logMin = std::pow(10.0, std::floor(std::log10(lo / 3)));
        m_baseLogTop = std::pow(10.0, std::ceil(std::log10(hi * 1.1)));
        setRangeIfChanged(m_logY, logMin, m_baseLogTop);
        // The floor (transparent) reaches the axis's bottom and each total bar stands on it, its top at the total: no
        // bar is drawn below the plot (an SVG has no clip: bars ran through the axis labels and the caption).
        QList<qreal> floor(static_cast<qsizetype>(columns.size()), logMin);
        if (m_floor->count() != floor.size() || (floor.size() > 0 && m_floor->at(0) != floor[0])) {
            m_floor->remove(0, m_floor->count());
            m_floor->append(floor);
        }
        QList<qreal> above;
        for (double v : totals)
            above << std::max(0.0, v - logMin);
        m_total->remove(0, m_total->count());
        m_total->append(above);
    }
    updateLegend();
    refreshShares();
    // The names, or the stage numbers where the names would be cut (placeLabel() decides once the plot is laid out).
    const QStringList shown = m_level == 2 || (m_level == 1 && m_mid.isEmpty()) ? m_short : m_level == 1 ? m_mid : m_names;
    if (m_x->categories() != shown)
        m_x->setCategories(shown); // one change (clear() + append() re-laid out the axis twice)

    const double n = double(cats.size());
    m_capacity->replace(QList<QPointF> {{-0.5, cap}, {n - 0.5, cap}});
    m_baseTop = std::max(top, cap) * 1.08;
    if (!log)
        setNiceRange(m_y, m_baseTop);
    const QString unitText = unitNameUi(m_unit);
    // "log scale" is in the chart's title; the unit alone where the whole title would be cut (2x type in a short chart).
    m_yTitles = QStringList {tr("Memory per GPU (%1)").arg(unitText), unitText};
    setAxisTitleFitting(yAxis(), m_yTitles, m_chart->plotArea().height());

    // The figure the verdict compares with the capacity: the measure in force (Scenario::capacityMeasure).
    const double worst = double(f.measuredBytes);
    const QString head = f.fits ? tr("headroom %1").arg(formatBytesUi(double(f.usableBytes) - worst, m_unit))
                                : tr("%1 over").arg(formatBytesUi(worst - double(f.usableBytes), m_unit));
    const QString capText = f.usableBytes != f.capacityBytes
        ? tr("%1: %2 usable").arg(QString::fromStdString(f.gpu.name), formatBytesUi(double(f.usableBytes), m_unit))
        : tr("%1: %2").arg(QString::fromStdString(f.gpu.name), formatBytesUi(double(f.usableBytes), m_unit));
    m_labelFull = capText + QLatin1Char('\n') + head;
    m_label->setText(m_labelFull);
    // Titles are fixed per mode: a title that changes on every move re-lays out the whole chart.
    // The shorter wording where the long one would be cut (a 3.5 in page figure in Russian): placeLabelOnce() refits.
    m_titles = !m_compare ? QStringList {tr("Per-GPU memory by term, per pipeline stage"), tr("Per-GPU memory by term")}
        : log             ? QStringList {tr("ZeRO stages 0-3 at the current N (log scale)"), tr("ZeRO stages 0-3 (log scale)")}
                          : QStringList {tr("ZeRO stages 0-3 at the current N"), tr("ZeRO stages 0-3")};
    fitChartTitle(m_chart, m_titles);
    m_refreshing = false;
    placeLabel();
}

void MemoryPerGpuChart::updateLegend()
{
    // Only the terms that hold bytes in some bar are in the series (and so in the legend). Qt 6.4 resets a
    // hidden legend marker whenever its set changes, so unused sets are taken out instead; that happens only
    // when the set of used terms changes (fp8 recipe, ZeRO-3 on/off, PP), not on every move.
    const QList<QBarSet*> present = m_bars->barSets();
    QList<QBarSet*> wanted;
    if (logAxisShown()) {
        wanted << m_floor << m_total;
    } else {
        for (int t = 0; t < kTermCount; ++t) {
            if (t == static_cast<int>(Term::Activations) && expertsShown())
                wanted << m_expertSet; // above the dense model states, below the activations
            if (t == static_cast<int>(Term::Params) && (m_ftUsed[0] || m_ftUsed[1])) {
                // Fine-tuning: the frozen base and the adapters stand in for the params set (which keeps core's
                // whole term: their sum) at the bottom of each bar.
                for (std::size_t k = 0; k < 2; ++k)
                    if (m_ftUsed[k])
                        wanted << m_ftSets[k];
                continue;
            }
            if (m_used[static_cast<std::size_t>(t)])
                wanted << m_sets[static_cast<std::size_t>(t)];
        }
        wanted << m_otherSet; // last: its (empty) segments on top, the terms' bar items where they were
    }
    if (present != wanted)
        replaceSets(present, wanted);
    groupLegend();
}

void MemoryPerGpuChart::groupLegend()
{
    QList<QBarSet*> grouped;
    if (!logAxisShown()) {
        QList<QBarSet*> sets; // those with a legend entry of their own
        for (QBarSet* set : m_bars->barSets())
            if (set != m_otherSet && set != m_floor && !set->label().isEmpty())
                sets << set;
        const int entries = int(sets.size()) + 1; // and the capacity line's
        const int fit = legendEntriesFitting(m_chart);
        if (entries > fit && sets.size() > 2) {
            // The smallest by their largest segment; enough of them for "Other terms" to take their place.
            auto largest = [](const QBarSet* set) {
                double m = 0;
                for (int i = 0; i < set->count(); ++i)
                    m = std::max(m, set->at(i));
                return m;
            };
            std::stable_sort(sets.begin(), sets.end(), [&](const QBarSet* a, const QBarSet* b) { return largest(a) < largest(b); });
            const qsizetype k = std::clamp<qsizetype>(entries - fit + 1, 2, sets.size() - 1);
            grouped = sets.mid(0, k);
        }
    }
    // Keep the grouped sets in the series' order (the stack's, bottom up), for the swatch and the label.
    QList<QBarSet*> ordered;
    for (QBarSet* set : m_bars->barSets())
        if (grouped.contains(set))
            ordered << set;
    m_grouped = ordered;
    if (!m_grouped.isEmpty()) {
        const QString label = tr("Other terms (%1)").arg(m_grouped.size());
        if (m_otherSet->label() != label)
            m_otherSet->setLabel(label);
        // The swatch: the grouped terms' colours side by side, as their segments are drawn.
        QLinearGradient stripes(0, 0, 1, 0);
        stripes.setCoordinateMode(QGradient::ObjectMode);
        const double n = double(m_grouped.size());
        for (qsizetype i = 0; i < m_grouped.size(); ++i) {
            stripes.setColorAt(double(i) / n, m_grouped[i]->color());
            stripes.setColorAt(std::max(0.0, (double(i) + 1) / n - 1e-6), m_grouped[i]->color());
        }
        const QBrush brush(stripes);
        if (m_otherSet->brush() != brush)
            m_otherSet->setBrush(brush);
    }
    // Qt 6.4 resets hidden markers when a set changes: every marker's visibility is set again each time. The floor set
    // (log axis) has no entry; the grouped terms have "Other terms" for theirs.
    for (QLegendMarker* lm : m_chart->legend()->markers(m_bars)) {
        auto* bm = qobject_cast<QBarLegendMarker*>(lm);
        QBarSet* set = bm ? bm->barset() : nullptr;
        const bool show = set == m_otherSet ? !m_grouped.isEmpty() : !lm->label().isEmpty() && !m_grouped.contains(set);
        if (lm->isVisible() != show)
            lm->setVisible(show);
        // The swatch's outline is its segments' border. Qt 6.4 gives a marker its set's pen only when the pen changes
        // after the marker was made: the markers made with the chart kept Qt's default black outline and a set that
        // left the series and came back got its own, so the legend depended on the walk that led to a scenario.
        if (set && lm->pen() != set->pen())
            lm->setPen(set->pen());
    }
}

void MemoryPerGpuChart::replaceValues(QBarSet* set, const QList<qreal>& values)
{
    bool same = set->count() == values.size();
    for (qsizetype i = 0; same && i < values.size(); ++i)
        same = set->at(i) == values[i];
    if (!same) {
        set->remove(0, set->count());
        set->append(values);
    }
}

void MemoryPerGpuChart::replaceSets(const QList<QBarSet*>& present, const QList<QBarSet*>& wanted)
{
    // Each take() / insert() rebuilds the series' legend markers, so only the sets that come or go are touched
    // (one or two on a ZeRO-3 or fp8 toggle, three on full <-> LoRA), not all twelve.
    const bool keepsOne = std::any_of(present.begin(), present.end(), [&](QBarSet* s) { return wanted.contains(s); });
    if (!keepsOne) {
        // The whole series changes (the log axis on or off): one set at a time, as the legend has always placed
        // these (a series left without sets puts its next markers after the capacity line's).
        for (QBarSet* set : present) {
            m_bars->take(set);
            set->setParent(this); // take() hands ownership back
        }
        for (qsizetype i = 0; i < wanted.size(); ++i)
            m_bars->insert(static_cast<int>(i), wanted[i]);
        return;
    }
    // A set stays (the "Other terms" set always does on the linear axis): the legend hears of the change once.
    // Qt 6.4's legend answers each countChanged() by creating a marker for every set of the series and deleting the
    // ones it already has (QLegendPrivate::handleCountChanged()), about 1 M instructions a time here: three times
    // per full <-> LoRA move before. The bars hear of each change as before (the series' private
    // restructuredBars(), not blocked); the public signals wait until the sets are in place. The legend keeps the
    // same markers and adds the new ones in the series' order, as after the single changes (the same screenshots,
    // byte for byte, for full, LoRA, QLoRA and DoRA).
    //
    // Every set from the first place where the series changes is taken out and put back in order, the ones that stay
    // too. Qt Charts draws the bars of a stack in the order it created them (one item per set and category, created
    // when the set enters the series; equal z), and two segments that meet share a border line: the one drawn last
    // shows. A set inserted under others used to be drawn over them, so after a walk of the method control (Full ->
    // LoRA -> ... -> Full) the borders where segments meet and the order of creation depended on the walk, not on
    // the scenario (2,031 pixels of the chart differed from a fresh window's). Re-inserted, the bars are created in
    // the stack's order, bottom up, whatever came before.
    qsizetype same = 0;
    while (same < present.size() && same < wanted.size() && present[same] == wanted[same])
        ++same;
    QList<QBarSet*> taken, added;
    {
        const QSignalBlocker quiet(m_bars);
        for (qsizetype i = same; i < present.size(); ++i) {
            QBarSet* set = present[i];
            if (m_bars->take(set)) {
                set->setParent(this); // take() hands ownership back
                if (!wanted.contains(set))
                    taken << set;
            }
        }
        for (qsizetype i = same; i < wanted.size(); ++i) {
            if (m_bars->insert(static_cast<int>(i), wanted[i]) && !present.contains(wanted[i]))
                added << wanted[i];
        }
    }
    if (!taken.isEmpty())
        emit m_bars->barsetsRemoved(taken);
    if (!added.isEmpty())
        emit m_bars->barsetsAdded(added);
    if (!taken.isEmpty() || !added.isEmpty())
        emit m_bars->countChanged();
}

void MemoryPerGpuChart::placeLabel()
{
    // Placing the label can move the axis's top, which re-lays out the chart and comes back here through
    // plotAreaChanged: the nested call only asks for one more pass (at most three), instead of recursing without
    // end where two tops alternated (TP 8 x PP 4, ZeRO stages on a log axis, at 2x: a stack overflow).
    if (m_refreshing)
        return; // refresh() places it when it is done
    m_labelPass.run([this] { placeLabelOnce(); });
}

void MemoryPerGpuChart::placeLabelOnce()
{
    if (!m_hasResult)
        return;
    fitChartTitle(m_chart, m_titles);
    groupLegend();
    fitLegend(m_chart);
    setAxisTitleFitting(yAxis(), m_yTitles, m_chart->plotArea().height());
    const QRectF plot = m_chart->plotArea();
    // Category names that would be cut ("Ze...", "first ...") give way to the stage numbers under an axis title
    // (issue 13; slanting them did not help: Qt Charts cuts a label to its share of the axis whatever the angle).
    // Qt 6.4 (horizontalaxis.cpp) gives each label width / (categories + 1) - 2 x label padding; the text item
    // adds its document margins.
    if (!m_names.isEmpty()) {
        const QFontMetricsF fm(m_x->labelsFont());
        const double room = plot.width() / double(m_names.size() + 1) - 2 * 5;
        auto fits = [&](const QStringList& labels) {
            double widest = 0;
            for (const QString& c : labels)
                widest = std::max(widest, fm.horizontalAdvance(c));
            return widest + 8 <= room;
        };
        m_level = fits(m_names) ? 0 : !m_mid.isEmpty() && fits(m_mid) ? 1 : 2;
        const QStringList want = m_level == 0 ? m_names : m_level == 1 ? m_mid : m_short;
        QString title = m_level == 0 || m_short == m_names ? QString() : m_level == 1 ? m_midTitle : m_shortTitle;
        // "ZeRO stage (current: 3)" is cut in a 3.5 in page figure: "ZeRO stage" there (the caption names the current one).
        if (m_compare && !title.isEmpty() && QFontMetricsF(m_x->titleFont()).horizontalAdvance(title) + 12 > plot.width())
            title = tr("ZeRO stage");
        if (m_x->labelsAngle() != 0)
            m_x->setLabelsAngle(0);
        if (m_x->titleText() != title) {
            m_x->setTitleText(title);
            m_x->setTitleVisible(!title.isEmpty());
        }
        if (m_x->categories() != want)
            m_x->setCategories(want);
    }

    // The capacity label: beside the capacity line where it covers no bar (right end first), else at a top corner.
    // Positions are mapped here for a given axis top (the range is set once, at the end).
    const double div = unitDivisor(m_unit);
    const bool log = logAxisShown();
    const double lo = log ? m_logY->min() : 0.0;
    const double n = std::max<double>(1.0, double(m_columns.size()));
    auto yOf = [&](double v, double hi) {
        if (log)
            return plot.bottom() - (std::log10(std::max(v, lo)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) * plot.height();
        return plot.bottom() - v / hi * plot.height();
    };
    double tallest = 0;
    std::vector<double> totals;
    for (const auto& column : m_columns) {
        double total = 0;
        for (std::int64_t b : column)
            total += double(b) / div;
        totals.push_back(total);
        tallest = std::max(tallest, total);
    }
    auto barsAt = [&](double hi) {
        QList<QRectF> bars;
        for (std::size_t c = 0; c < totals.size(); ++c) {
            if (totals[c] <= lo)
                continue;
            const double x0 = plot.left() + (double(c) + 0.2) / n * plot.width();
            const double x1 = plot.left() + (double(c) + 0.8) / n * plot.width();
            bars << QRectF(QPointF(x0, yOf(totals[c], hi)), QPointF(x1, plot.bottom())).normalized().intersected(plot);
        }
        return bars;
    };
    const double cap = double(m_result.footprint.usableBytes) / div;
    double hi = log ? m_baseLogTop : niceTop(m_baseTop);
    // The label's texts, longest first: the whole label; (a narrow plot) its first line, the GPU and its capacity (the
    // headroom is in the verdict above the charts); (narrower still) the capacity alone, as the legend's "Capacity"
    // names the line. Where none finds a free place, the axis's top is raised to free a band above the tallest bar
    // (a short chart, issue 13: no corner was free) and the shortest text goes there.
    const QString full = m_labelFull; // a larger plot gets the whole label back
    QStringList texts {full};
    if (full.contains(QLatin1Char('\n')))
        texts << full.section(QLatin1Char('\n'), 0, 0);
    texts << formatBytesUi(double(m_result.footprint.usableBytes), m_unit);
    QPointF at;
    bool found = false;
    for (int pass = 0; pass < 2 && !found; ++pass) {
        for (int k = pass == 0 ? 0 : int(texts.size()) - 1; k < int(texts.size()) && !found; ++k) {
            m_label->setText(texts[k]);
            const QList<QRectF> bars = barsAt(hi);
            const double capY = yOf(cap, hi);
            const QSizeF ls = m_label->rect().size();
            const double right = plot.right() - ls.width() - 4, left = plot.left() + 4;
            const double centre = plot.center().x() - ls.width() / 2;
            const std::vector<QPointF> candidates {{right, capY - ls.height() - 2}, {right, capY + 2},
                                                   {left, capY - ls.height() - 2},  {left, capY + 2},
                                                   {right, plot.top() + 2},         {left, plot.top() + 2},
                                                   {centre, plot.top() + 2}};
            int pick = -1, fallback = -1;
            for (int i = 0; i < int(candidates.size()) && pick < 0; ++i) {
                const QRectF r(candidates[std::size_t(i)], ls);
                if (!plot.contains(r))
                    continue;
                if (fallback < 0)
                    fallback = i;
                if (std::none_of(bars.begin(), bars.end(), [&](const QRectF& b) { return b.intersects(r); }))
                    pick = i;
            }
            at = candidates[std::size_t(pick < 0 ? std::max(0, fallback) : pick)];
            found = pick >= 0;
        }
        // The band: the label's height and 8 px, a fraction f of the plot (at most half of it).
        const double f = (m_label->rect().height() + 8) / std::max(1.0, plot.height());
        if (found || tallest <= 0 || f >= 0.5)
            break;
        if (log)
            hi = std::max(hi, std::pow(10.0, std::ceil((std::log10(tallest) - f * std::log10(lo)) / (1 - f))));
        else
            hi = std::max(hi, niceTop(tallest / (1 - f)));
    }
    if (log)
        setRangeIfChanged(m_logY, lo, hi);
    else
        setNiceRange(m_y, hi);
    m_label->setPos(at);
}

QRectF MemoryPerGpuChart::capacityLabelRect() const { return m_label->sceneBoundingRect(); }

QList<QRectF> MemoryPerGpuChart::barRects() const
{
    QList<QRectF> bars;
    const double div = unitDivisor(m_unit);
    const double floorY = logAxisShown() ? m_logY->min() : 0.0;
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        double total = expertBytes(m_expertParts, int(c)) / div;
        for (std::int64_t b : m_columns[c])
            total += double(b) / div;
        const QPointF a = m_chart->mapToPosition(QPointF(double(c) - 0.3, total), m_capacity);
        const QPointF b = m_chart->mapToPosition(QPointF(double(c) + 0.3, floorY), m_capacity);
        bars << m_chart->mapToScene(QRectF(a, b).normalized().intersected(m_chart->plotArea())).boundingRect();
    }
    return bars;
}

void MemoryPerGpuChart::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) {
        applyPalette(m_chart, palette());
        applyPalette(m_shareChart, palette());
        for (int t = 0; t < kTermCount; ++t) {
            setTermColors(m_sets[static_cast<std::size_t>(t)], static_cast<Term>(t), palette());
            setTermColors(m_shareSets[static_cast<std::size_t>(t)], static_cast<Term>(t), palette());
        }
        setExpertColors(m_expertSet, palette());
        setFinetuneColors();
        if (m_hasResult)
            updateLegend(); // re-hides the log axis's floor set (Qt 6.4 resets hidden markers when a set changes)
        m_capacity->setPen(capacityPen(palette()));
        m_label->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    }
}

QString MemoryPerGpuChart::capacityLabelText() const { return m_label->text(); }

void MemoryPerGpuChart::setSharesBeside(bool on)
{
    m_sharesBeside = on;
    refreshShares();
}

void MemoryPerGpuChart::setSharesUnder(bool under)
{
    m_charts->setDirection(under ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    m_charts->setStretch(0, under ? 3 : 2);
    m_charts->setStretch(1, under ? 2 : 1);
}

void MemoryPerGpuChart::refreshShares()
{
    const bool on = m_sharesBeside && logAxisShown() && m_hasResult;
    if (m_shareView->isVisibleTo(this) != on)
        m_shareView->setVisible(on);
    if (!on)
        return;
    // Core's bytes of each stage's worst rank (planner.cpp sweep(), as the totals); the series turns them into shares.
    // Only the terms that hold bytes in some stage are in the series (and so in the legend).
    QList<QBarSet*> wanted;
    QList<qreal> values;
    values.reserve(m_columns.size());
    for (int t = 0; t < kTermCount; ++t) {
        values.clear();
        bool used = false;
        for (const auto& column : m_columns) {
            values << double(column[static_cast<std::size_t>(t)]) / unitDivisor(m_unit);
            used = used || column[static_cast<std::size_t>(t)] > 0;
        }
        QBarSet* set = m_shareSets[static_cast<std::size_t>(t)];
        replaceValues(set, values);
        if (used)
            wanted << set;
    }
    if (m_shareBars->barSets() != wanted) {
        for (QBarSet* set : m_shareBars->barSets())
            m_shareBars->take(set);
        m_shareBars->append(wanted);
    }
}

} // namespace shardscope
