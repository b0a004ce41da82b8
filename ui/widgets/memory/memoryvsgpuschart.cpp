// SPDX-License-Identifier: MIT
#include "memoryvsgpuschart.h"

#include "chartstyle.h"
#include "termstyle.h"

#include "shardscope/errors.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QCursor>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace shardscope {

MemoryVsGpusChart::MemoryVsGpusChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_capacity(new QLineSeries)
    , m_current(new QLineSeries)
    , m_x(new QLogValueAxis)
    , m_y(new QLogValueAxis)
{
    m_x->setBase(4);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_x->setMinorTickCount(1);
    m_x->setTitleText(tr("N GPUs (log scale)"));
    m_y->setBase(10);
    m_y->setLabelFormat(QStringLiteral("%g"));
    m_y->setMinorTickCount(8);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (int z = 0; z < 4; ++z) {
        auto* line = new QLineSeries;
        QPen pen(stageColorOn(z, chartBackground(palette())));
        pen.setWidthF(2.5);
        line->setPen(pen);
        line->setName(QStringLiteral("ZeRO-%1").arg(z));
        m_lines[static_cast<std::size_t>(z)] = line;
        m_chart->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
    }
    for (int z = 0; z < 4; ++z) {
        auto* marker = new QScatterSeries;
        marker->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        marker->setMarkerSize(11);
        marker->setColor(stageColorOn(z, chartBackground(palette())));
        marker->setBorderColor(palette().color(QPalette::WindowText));
        marker->setName(tr("smallest N, ZeRO-%1").arg(z));
        m_markers[static_cast<std::size_t>(z)] = marker;
        m_chart->addSeries(marker);
        marker->attachAxis(m_x);
        marker->attachAxis(m_y);
    }
    m_capacity->setName(tr("Capacity"));
    m_current->setName(tr("Current N"));
    m_chart->addSeries(m_capacity);
    m_capacity->attachAxis(m_x);
    m_capacity->attachAxis(m_y);
    m_chart->addSeries(m_current);
    m_current->attachAxis(m_x);
    m_current->attachAxis(m_y);
    for (QScatterSeries* m : m_markers)
        for (QLegendMarker* lm : m_chart->legend()->markers(m))
            lm->setVisible(false);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    setAxisLabelsShown(m_chart, false); // until the first answer: Qt's default range is no scenario's
    m_chart->setTitle(tr("Memory per GPU vs N (thick = current stage, ● = smallest N)"));

    m_view = makeChartView(m_chart, this);
    // The log-log grid (about 90 lines) is drawn by one item without antialiasing; the curves keep theirs.
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(m_x), static_cast<QAbstractAxis*>(m_y)}) {
        axis->setGridLineVisible(false);
        axis->setMinorGridLineVisible(false);
    }
    m_grid = new ChartGrid(m_chart);
    m_grid->setPens(gridPen(palette()), minorGridPen(palette()));
    m_capacity->setPen(capacityPen(palette()));
    QPen cur(palette().color(QPalette::WindowText));
    cur.setStyle(Qt::DotLine);
    cur.setWidthF(1.5);
    m_current->setPen(cur);
    m_label = new ChartLabel(m_chart);
    m_label->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    m_currentLabel = new ChartLabel(m_chart);
    m_currentLabel->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    for (int z = 0; z < 4; ++z)
        m_minLabels[static_cast<std::size_t>(z)] = new ChartLabel(m_chart);
    colorLabels();
    connect(m_chart, &QChart::plotAreaChanged, this, &MemoryVsGpusChart::placeLabel);
    for (int z = 0; z < 4; ++z) {
        connect(m_lines[static_cast<std::size_t>(z)], &QLineSeries::hovered, this, [this, z](const QPointF& at, bool on) {
            if (!on || !m_hasResult) {
                showTip(QString());
                return;
            }
            // The sweep point of this stage nearest the pointer on the log axis.
            std::int64_t best = 0;
            double bestD = 1e300;
            for (const SweepPoint& p : m_result.sweep) {
                const double d = std::abs(std::log(double(p.gpus)) - std::log(std::max(1.0, at.x())));
                if (p.stage == z && d < bestD) {
                    bestD = d;
                    best = p.gpus;
                }
            }
            showTip(best > 0 ? curveToolTip(z, best) : QString());
        });
        connect(m_markers[static_cast<std::size_t>(z)], &QScatterSeries::hovered, this,
                [this, z](const QPointF&, bool on) { showTip(on ? markerToolTip(z) : QString()); });
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setUnit(m_unit);
}

void MemoryVsGpusChart::setScenario(const Scenario& s) { setResult(computeExplorer(s)); }

void MemoryVsGpusChart::setResult(const ExplorerResult& r)
{
    m_result = r;
    showAnswerAxes(m_chart, m_hasResult);
    refresh();
}

void MemoryVsGpusChart::setUnit(ByteUnit unit)
{
    m_unit = unit;
    // The unit alone where the whole title would be cut (2x type in a short chart).
    m_yTitles = QStringList {tr("Worst-rank memory per GPU (%1)").arg(unitNameUi(unit)), unitNameUi(unit)};
    setAxisTitleFitting(m_y, m_yTitles, m_chart->plotArea().height());
    refresh();
}

void MemoryVsGpusChart::refresh()
{
    if (!m_hasResult)
        return;
    m_refreshing = true; // the label is placed once, at the end (see MemoryPerGpuChart::refresh())
    const double div = unitDivisor(m_unit);
    const Footprint& f = m_result.footprint;
    const double cap = double(f.usableBytes) / div;
    const double xMax = double(m_result.sweepMaxGpus);
    const double xMin = double(m_result.gpuCounts.empty() ? 1 : m_result.gpuCounts.front());
    // Log y: a stage that never fits (ZeRO-0 of a 70B model: over 1 TB) stays on the chart beside one that
    // fits at 20 GB.
    double lo = cap, hi = cap;
    for (const SweepPoint& p : m_result.sweep) {
        if (p.worstBytes > 0) {
            lo = std::min(lo, double(p.worstBytes) / div);
            hi = std::max(hi, double(p.worstBytes) / div);
        }
    }
    const double yMin = std::pow(10.0, std::floor(std::log10(lo * 0.9)));
    const double yMax = std::pow(10.0, std::ceil(std::log10(hi * 1.1)));

    std::array<QList<QPointF>, 4> pts;
    for (const SweepPoint& p : m_result.sweep)
        pts[static_cast<std::size_t>(p.stage)] << QPointF(double(p.gpus), double(p.worstBytes) / div);
    for (int z = 0; z < 4; ++z) {
        m_lines[static_cast<std::size_t>(z)]->replace(pts[static_cast<std::size_t>(z)]);
        // Legend names change only when a stage starts or stops fitting at all (a legend change re-lays out the
        // chart); the smallest N itself is written beside its marker.
        QString name = QStringLiteral("ZeRO-%1").arg(z);
        QString shortName = name;
        QList<QPointF> marker;
        ChartLabel* minLabel = m_minLabels[static_cast<std::size_t>(z)];
        minLabel->setVisible(false);
        m_minShown[static_cast<std::size_t>(z)] = false;
        for (const MinGpus& m : m_result.minGpus) {
            if (m.stage != z)
                continue;
            if (m.minGpus) {
                // The N the verdict and its fix buttons name: whole nodes (issue 26; "N >= 17" on 8-GPU nodes
                // means 24 GPUs). The tooltip adds core's count of single GPUs where the two differ.
                const WholeNodeMin w = wholeNodeMin(z);
                if (double(w.gpus) <= xMax) {
                    marker << QPointF(double(w.gpus), double(w.bytes) / div);
                    minLabel->setText(QStringLiteral("N \u2265 %1").arg(w.gpus));
                    minLabel->setVisible(true);
                    m_minShown[static_cast<std::size_t>(z)] = true;
                }
            } else {
                const bool never = m.reason.rfind("never fits", 0) == 0;
                name = never ? tr("ZeRO-%1: never fits").arg(z) : tr("ZeRO-%1: no answer").arg(z);
                shortName = never ? tr("ZeRO-%1: never").arg(z) : name;
            }
        }
        m_longNames[static_cast<std::size_t>(z)] = name;
        m_shortNames[static_cast<std::size_t>(z)] = shortName;
        // The current stage is the thick line (a pen change repaints; a legend text change would re-lay out).
        QLineSeries* line = m_lines[static_cast<std::size_t>(z)];
        const qreal width = z == m_result.scenario.zeroStage ? 4.0 : 2.0;
        if (line->pen().widthF() != width) {
            QPen pen = line->pen();
            pen.setWidthF(width);
            line->setPen(pen);
        }
        m_markers[static_cast<std::size_t>(z)]->replace(marker);
    }
    applyNames();
    // One N only (`--framework single`: one GPU): the axis spans an octave either side and the stages are dots, so
    // that the one point per stage is drawn (a one-point line draws nothing).
    const bool onePoint = xMax <= xMin;
    for (QLineSeries* line : m_lines)
        if (line->pointsVisible() != onePoint)
            line->setPointsVisible(onePoint);
    const double axisMin = onePoint ? xMin / 2 : xMin, axisMax = onePoint ? xMax * 2 : xMax;
    m_capacity->replace(QList<QPointF> {{axisMin, cap}, {axisMax, cap}});
    const double n = double(m_result.scenario.gpus);
    m_current->replace(QList<QPointF> {{n, yMin}, {n, yMax}});
    m_currentLabel->setText(QStringLiteral("N = %1").arg(m_result.scenario.gpus));
    setRangeIfChanged(m_x, axisMin, axisMax);
    setRangeIfChanged(m_y, yMin, yMax);
    m_labelFull = tr("%1: %2").arg(QString::fromStdString(f.gpu.name), formatBytesUi(double(f.usableBytes), m_unit));
    m_label->setText(m_labelFull);
    m_refreshing = false;
    placeLabel();
}

void MemoryVsGpusChart::showTip(const QString& text)
{
    m_lastTip = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, m_view);
}

QString MemoryVsGpusChart::curveToolTip(int stage, std::int64_t gpus) const
{
    if (!m_hasResult)
        return QString();
    try {
        // The same core call as the sweep point (planner.cpp sweep()): the worst rank at this stage and N.
        const Footprint f = computeFootprint(withStageAndGpus(m_result.scenario, stage, gpus));
        const RankFootprint& r = f.worstRank();
        QString tip = tr("ZeRO-%1 at N = %2, worst rank (%3): %4")
                          .arg(stage)
                          .arg(gpus)
                          .arg(QString::fromStdString(r.label), ChartText::bytesLine(r.totalBytes, m_unit));
        tip += QLatin1Char('\n') + (f.fits ? tr("fits in %1").arg(formatBytesUi(double(f.usableBytes), m_unit))
                                          : tr("does not fit in %1").arg(formatBytesUi(double(f.usableBytes), m_unit)));
        for (int t = 0; t < kTermCount; ++t) {
            const TermValue& v = r.terms[static_cast<std::size_t>(t)];
            if (v.bytes > 0)
                tip += QLatin1Char('\n') + ChartText::termTip(static_cast<Term>(t), tr("ZeRO-%1, N = %2").arg(stage).arg(gpus),
                                                              v.bytes, v.formula, m_unit, r.totalBytes)
                                               .replace(QLatin1Char('\n'), QStringLiteral("\n    "));
        }
        return tip;
    } catch (const InvalidInput& e) {
        return tr("ZeRO-%1 at N = %2: no answer (%3)").arg(stage).arg(gpus).arg(QString::fromUtf8(e.what()));
    }
}

QString MemoryVsGpusChart::markerToolTip(int stage) const
{
    if (!m_hasResult)
        return QString();
    for (const MinGpus& m : m_result.minGpus) {
        if (m.stage != stage || !m.minGpus)
            continue;
        // The whole-node N first, as the label and the verdict say it; core's count of single GPUs after it.
        const WholeNodeMin w = wholeNodeMin(stage);
        QString tip = tr("ZeRO-%1: smallest N that fits is %2 (worst rank %3)")
                          .arg(stage)
                          .arg(w.gpus)
                          .arg(ChartText::bytesLine(w.bytes, m_unit));
        if (w.gpus != *m.minGpus) {
            tip += QLatin1Char('\n') + tr("In whole nodes of %1 GPUs: %2").arg(m_result.scenario.gpusPerNode).arg(gpusLabel(w.gpus, m_result.scenario.gpusPerNode));
            tip += QLatin1Char('\n') + tr("Counting single GPUs, not whole %1-GPU nodes: %2 (worst rank %3)")
                                         .arg(m_result.scenario.gpusPerNode)
                                         .arg(*m.minGpus)
                                         .arg(ChartText::bytesLine(m.bytesAtMin, m_unit));
        }
        return tip;
    }
    return QString();
}

MemoryVsGpusChart::WholeNodeMin MemoryVsGpusChart::wholeNodeMin(int stage) const
{
    for (const MinGpus& m : m_result.minGpus) {
        if (m.stage != stage || !m.minGpus)
            continue;
        // core's answer (computeExplorer()), the one behind the verdict's "N = 24 (3 nodes)" and its other stages
        if (!m.minGpusWholeNodes)
            return {*m.minGpus, m.bytesAtMin};
        return {*m.minGpusWholeNodes, m.bytesAtWholeNodes};
    }
    return {};
}

QString MemoryVsGpusChart::minimumLabel(int stage) const
{
    const ChartLabel* l = m_minLabels[static_cast<std::size_t>(stage)];
    return m_minShown[static_cast<std::size_t>(stage)] ? l->text() : QString();
}

void MemoryVsGpusChart::updateGrid()
{
    // Major lines at the labelled powers (4^k GPUs, 10^k bytes), minor ones at 2 x 4^k and at 2..9 x 10^k.
    const QRectF plot = m_chart->plotArea();
    const double xMin = m_x->min(), xMax = m_x->max(), yMin = m_y->min(), yMax = m_y->max();
    QList<QLineF> major, minor;
    auto vertical = [&](double x, QList<QLineF>& out) {
        if (x >= xMin * (1 - 1e-9) && x <= xMax * (1 + 1e-9)) {
            const qreal px = m_chart->mapToPosition(QPointF(x, yMin), m_capacity).x();
            out << QLineF(px, plot.top(), px, plot.bottom());
        }
    };
    auto horizontal = [&](double y, QList<QLineF>& out) {
        if (y >= yMin * (1 - 1e-9) && y <= yMax * (1 + 1e-9)) {
            const qreal py = m_chart->mapToPosition(QPointF(xMin, y), m_capacity).y();
            out << QLineF(plot.left(), py, plot.right(), py);
        }
    };
    if (xMin > 0 && xMax > xMin) {
        const double base = m_x->base();
        // Integer exponents, not floating-point loop counters: p = base^k, minor lines at 2^j * p below base.
        for (int k = 0; std::pow(base, k) <= xMax * base; ++k) {
            const double p = std::pow(base, k);
            vertical(p, major);
            for (int m = 2; m < base; m *= 2)
                vertical(m * p, minor);
        }
    }
    if (yMin > 0 && yMax > yMin) {
        for (int e = int(std::floor(std::log10(yMin))); std::pow(10.0, e) <= yMax; ++e) {
            const double p = std::pow(10.0, e);
            horizontal(p, major);
            for (int j = 2; j <= 9; ++j)
                horizontal(j * p, minor);
        }
    }
    m_grid->setLines(plot, major, minor);
}

QList<QRectF> MemoryVsGpusChart::labelRects() const
{
    QList<QRectF> r;
    for (const ChartLabel* l : {m_label, m_currentLabel, m_minLabels[0], m_minLabels[1], m_minLabels[2], m_minLabels[3]})
        if (l->isVisible() && !l->text().isEmpty())
            r << l->sceneBoundingRect();
    return r;
}

QList<QPolygonF> MemoryVsGpusChart::curvesInScene() const
{
    QList<QPolygonF> curves;
    for (const QLineSeries* line : m_lines) {
        if (!line->isVisible())
            continue;
        QPolygonF poly;
        for (const QPointF& pt : line->points())
            poly << m_chart->mapToScene(m_chart->mapToPosition(pt, const_cast<QLineSeries*>(line)));
        curves << poly;
    }
    return curves;
}

bool MemoryVsGpusChart::covers(const QList<QPolygonF>& curves, const QRectF& sceneRect)
{
    for (const QPolygonF& poly : curves) {
        for (qsizetype i = 1; i < poly.size(); ++i) {
            const QPointF prev = poly[i - 1], at = poly[i];
            // Segments wholly beside the rectangle are skipped before sampling.
            if (std::max(prev.x(), at.x()) < sceneRect.left() || std::min(prev.x(), at.x()) > sceneRect.right()
                || std::max(prev.y(), at.y()) < sceneRect.top() || std::min(prev.y(), at.y()) > sceneRect.bottom())
                continue;
            for (int k = 0; k <= 8; ++k)
                if (sceneRect.contains(prev + (at - prev) * (k / 8.0)))
                    return true;
        }
    }
    return false;
}

bool MemoryVsGpusChart::coversData(const QRectF& sceneRect) const { return covers(curvesInScene(), sceneRect); }

void MemoryVsGpusChart::placeLabel()
{
    // A re-layout this causes (a new tick base, legend or title) comes back here: one more pass, at most three.
    if (m_refreshing)
        return;
    m_labelPass.run([this] { placeLabelOnce(); });
}

void MemoryVsGpusChart::applyNames()
{
    // The long names where the whole legend fits its share of the chart in the smallest type, else the short ones.
    QStringList labels(m_longNames.begin(), m_longNames.end());
    for (QLegendMarker* lm : m_chart->legend()->markers())
        if (lm->isVisible() && !lm->label().isEmpty() && !std::count(m_lines.begin(), m_lines.end(), lm->series()))
            labels << lm->label();
    const bool fit = legendLabelsFitWidth(m_chart, labels);
    for (std::size_t z = 0; z < 4; ++z)
        setNameIfChanged(m_lines[z], fit ? m_longNames[z] : m_shortNames[z]);
}

void MemoryVsGpusChart::placeLabelOnce()
{
    if (!m_hasResult)
        return;
    applyNames();
    fitLegend(m_chart);
    setAxisTitleFitting(m_y, m_yTitles, m_chart->plotArea().height());
    // A narrow figure (a 3.5 in page column, 336 px) cut the long titles to "N GPUs (log ...": the short ones there.
    setAxisTitleFitting(m_x, {tr("N GPUs (log scale)"), tr("N GPUs")}, m_chart->plotArea().width());
    fitChartTitle(m_chart, {tr("Memory per GPU vs N (thick = current stage, ● = smallest N)"), tr("Memory per GPU vs N")});
    // Sizes from the labels' present fonts (presentation mode doubles them from outside).
    for (ChartLabel* l : {m_label, m_currentLabel, m_minLabels[0], m_minLabels[1], m_minLabels[2], m_minLabels[3]})
        l->syncFont();
    // Log ticks that never clip: "16384" needs about 6 digits of room per tick; a narrow plot labels every 16x
    // instead of every 4x (the axis re-lays out once, then this settles).
    const double tickRoom = QFontMetrics(m_x->labelsFont()).horizontalAdvance(QStringLiteral("163840"));
    const int ticks = int(std::ceil(std::log(std::max(2.0, m_x->max())) / std::log(4.0))) + 1;
    const double base = m_chart->plotArea().width() < ticks * tickRoom ? 16 : 4;
    if (m_x->base() != base) {
        m_x->setBase(base);
        m_x->setMinorTickCount(base == 4 ? 1 : 3);
    }
    updateGrid();
    const double div = unitDivisor(m_unit);
    const QRectF plot = m_chart->plotArea();
    const QRectF plotScene = m_chart->mapToScene(plot).boundingRect();
    QList<QRectF> placed;
    // Tries candidate top-left corners in order: the first inside the plot that covers no other label and no
    // curve wins; else the first that covers no label; else the first.
    const double capY = m_chart->mapToPosition(QPointF(1.0, double(m_result.footprint.usableBytes) / div), m_capacity).y();
    const double capSceneY = m_chart->mapToScene(QPointF(0, capY)).y();
    const QList<QPolygonF> curves = curvesInScene(); // mapped once, not once per candidate (the monkey test's 10,000 moves)
    auto place = [&](ChartLabel* l, const std::vector<QPointF>& candidates) {
        const QSizeF size = l->rect().size();
        int pick = -1, fallback = -1;
        for (int i = 0; i < int(candidates.size()); ++i) {
            const QRectF r(m_chart->mapToScene(candidates[size_t(i)]), size);
            if (!plotScene.contains(r))
                continue;
            const bool clear = std::none_of(placed.begin(), placed.end(), [&](const QRectF& o) { return o.intersects(r); });
            if (!clear)
                continue;
            if (fallback < 0)
                fallback = i;
            // The other labels keep off the capacity line too ("N = 64" sat on it where it ran along the plot's top).
            const bool onCapacity = l != m_label && r.top() <= capSceneY && r.bottom() >= capSceneY;
            if (!covers(curves, r) && !onCapacity) {
                pick = i;
                break;
            }
        }
        const bool clean = pick >= 0;
        if (pick < 0)
            pick = fallback >= 0 ? fallback : 0;
        l->setPos(candidates[size_t(pick)]);
        placed << l->sceneBoundingRect();
        return clean;
    };
    // The capacity label first (it has one line to sit on): just above (or below) the capacity line, where no curve
    // passes; nine places along the line, then a label's height further off (issue 13: at 1366x768 the label sat on
    // the ZeRO-3 curve, and on "N = 64" where the capacity line ran along the plot's top).
    // Where the whole label ("A100 80GB SXM: 85.9 GB") finds no free place (a narrow plot: the thick ZeRO-3 curve
    // crosses the line under it), it keeps only the capacity, as the legend's "Capacity" names the line.
    m_label->setText(m_labelFull); // a larger plot gets the whole label back
    for (int attempt = 0; attempt < 2; ++attempt) {
        const QSizeF ls = m_label->rect().size();
        std::vector<QPointF> capCandidates;
        for (double dy : {0.0, 1.0})
            for (double f : {0.0, 0.5, 1.0, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875}) {
                const double x = plot.left() + 4 + f * std::max(0.0, plot.width() - ls.width() - 8);
                capCandidates.emplace_back(x, capY - ls.height() - 2 - dy * ls.height());
                capCandidates.emplace_back(x, capY + 2 + dy * ls.height());
            }
        if (place(m_label, capCandidates) || attempt == 1)
            break;
        placed.clear();
        m_label->setText(formatBytesUi(double(m_result.footprint.usableBytes), m_unit));
    }
    // "N = 32" at the top of the vertical line, right of it (left when there is no room), lower down if taken.
    const QPointF top = m_chart->mapToPosition(QPointF(double(m_result.scenario.gpus), 1.0), m_current);
    const double cw = m_currentLabel->rect().width();
    const double ch = m_currentLabel->rect().height();
    std::vector<QPointF> nCandidates;
    for (int k = 0; k < 6; ++k) {
        nCandidates.emplace_back(top.x() + 3, plot.top() + 2 + k * (ch + 2));
        nCandidates.emplace_back(top.x() - cw - 3, plot.top() + 2 + k * (ch + 2));
    }
    place(m_currentLabel, nCandidates);
    // "N >= 17" beside each marker: below-right first (the curve falls to the right of it), then the other corners.
    bool done[4] = {false, false, false, false};
    for (int stage : {m_result.scenario.zeroStage, 0, 1, 2, 3}) {
        ChartLabel* l = m_minLabels[static_cast<std::size_t>(stage)];
        if (stage < 0 || stage > 3 || done[stage] || !m_minShown[std::size_t(stage)])
            continue;
        done[stage] = true;
        const MinGpus* m = nullptr;
        for (const MinGpus& x : m_result.minGpus)
            if (x.stage == stage && x.minGpus)
                m = &x;
        if (!m)
            continue;
        // Stages that fit from the same N (ZeRO-0..3 at TP 8 x PP 4) share one label: four "N >= 32" stacked
        // beside one marker hid the curves.
        bool shared = false;
        for (int other = 0; other < 4; ++other)
            shared = shared || (other != stage && done[other] && m_minLabels[std::size_t(other)]->isVisible()
                                && m_minLabels[std::size_t(other)]->text() == l->text());
        l->setVisible(!shared);
        if (shared)
            continue;
        const QPointF at = m_chart->mapToPosition(QPointF(double(*m->minGpus), double(m->bytesAtMin) / div), m_current);
        const QSizeF s = l->rect().size();
        std::vector<QPointF> c;
        for (double dy : {0.0, 1.0, 2.0, 3.0})
            for (const QPointF& corner : {QPointF(at.x() + 6, at.y() + 4), QPointF(at.x() + 6, at.y() - s.height() - 4),
                                          QPointF(at.x() - s.width() - 6, at.y() + 4),
                                          QPointF(at.x() - s.width() - 6, at.y() - s.height() - 4)})
                c.push_back(corner + QPointF(0, (corner.y() > at.y() ? 1 : -1) * dy * (s.height() + 2)));
        place(l, c);
    }
}

void MemoryVsGpusChart::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) {
        applyPalette(m_chart, palette());
        m_grid->setPens(gridPen(palette()), minorGridPen(palette()));
        m_capacity->setPen(capacityPen(palette()));
        colorLabels();
    }
}

void MemoryVsGpusChart::colorLabels()
{
    const QColor base = chartBackground(palette());
    m_label->setColors(palette().color(QPalette::WindowText), base);
    m_currentLabel->setColors(palette().color(QPalette::WindowText), base);
    // The stage's colour at text contrast (WCAG 1.4.3, 4.5:1), so "N >= 17" stays readable on light and dark.
    for (int z = 0; z < 4; ++z)
        m_minLabels[static_cast<std::size_t>(z)]->setColors(withContrast(stageColor(z), base, 4.5), base);
    // Curves and markers at the swatch contrast (3:1); a pen change keeps each line's width (thick = current stage).
    for (int z = 0; z < 4; ++z) {
        const QColor c = stageColorOn(z, base);
        QLineSeries* line = m_lines[static_cast<std::size_t>(z)];
        if (line->pen().color() != c) {
            QPen pen = line->pen();
            pen.setColor(c);
            line->setPen(pen);
        }
        QScatterSeries* marker = m_markers[static_cast<std::size_t>(z)];
        if (marker->color() != c)
            marker->setColor(c);
        if (marker->borderColor() != palette().color(QPalette::WindowText))
            marker->setBorderColor(palette().color(QPalette::WindowText));
        for (QLegendMarker* lm : m_chart->legend()->markers(marker)) // the markers stay out of the legend
            if (lm->isVisible())
                lm->setVisible(false);
    }
}

} // namespace shardscope
