// SPDX-License-Identifier: MIT
#include "planparetochart.h"

#include "chartstyle.h"
#include "explorer.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QResizeEvent>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace shardscope {

namespace {
const QColor kFront(0x00, 0x72, 0xB2); // Okabe-Ito blue
const QColor kBest(0xE6, 0x9F, 0x00); // Okabe-Ito orange
} // namespace

PlanParetoChart::PlanParetoChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_frontLine(new QLineSeries)
    , m_frontDots(new QScatterSeries)
    , m_others(new QScatterSeries)
    , m_best(new QScatterSeries)
    , m_capacity(new QLineSeries)
    , m_x(new QValueAxis)
    , m_y(new QValueAxis)
{
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_others->setName(tr("Other layouts"));
    m_others->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_others->setMarkerSize(7);
    QPen front(kFront);
    front.setWidthF(2);
    m_frontLine->setPen(front);
    m_frontLine->setName(tr("Pareto front"));
    m_frontDots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_frontDots->setMarkerSize(9);

    m_frontDots->setName(tr("On the front"));
    m_best->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_best->setMarkerSize(13);

    m_best->setName(tr("Best"));
    m_capacity->setName(tr("Capacity"));
    for (QXYSeries* s : std::initializer_list<QXYSeries*> {m_others, m_frontLine, m_frontDots, m_best, m_capacity}) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (QLegendMarker* lm : m_chart->legend()->markers(m_frontDots))
        lm->setVisible(false);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    m_y->setTitleText(tr("Step time (s)"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setTitle(titleText());
    m_view = makeChartView(m_chart, this);
    m_capacity->setPen(capacityPen(palette()));
    applyColors();
    for (QScatterSeries* s : {m_frontDots, m_others, m_best})
        connect(s, &QScatterSeries::clicked, this, [this](const QPointF& p) {
            if (const PlanLayout* l = layoutAt(p)) {
                const PlanLayout copy = *l; // applying it replaces the layouts
                emit layoutClicked(copy);
            }
        });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setUnit(m_unit);
}

void PlanParetoChart::setLayouts(
    const std::vector<PlanLayout>& ranked, const std::vector<PlanLayout>& pareto, std::int64_t usableBytes)
{
    m_ranked = ranked;
    m_pareto = pareto;
    m_usable = usableBytes;
    refresh();
}

void PlanParetoChart::clear() { setLayouts({}, {}, 0); }

void PlanParetoChart::setUnit(ByteUnit unit)
{
    m_unit = unit;
    m_x->setTitleText(tr("Worst-rank peak (%1)").arg(unitNameUi(unit)));
    refresh();
}

void PlanParetoChart::refresh()
{
    const double div = unitDivisor(m_unit);
    auto point = [div](const PlanLayout& l) { return QPointF(double(l.peakBytes) / div, l.stepTimeS); };
    QList<QPointF> front, others, best;
    for (const PlanLayout& l : m_pareto)
        front << point(l);
    for (std::size_t i = 0; i < m_ranked.size(); ++i)
        (i == 0 ? best : others) << point(m_ranked[i]);
    // Bulk replace (TOOLCHAIN.md pitfall 2): one signal per series.
    m_frontLine->replace(front);
    m_frontDots->replace(front);
    m_others->replace(others);
    m_best->replace(best);

    double xMax = 0, yMax = 0;
    for (const QList<QPointF>* list : {&front, &others, &best})
        for (const QPointF& p : *list) {
            xMax = std::max(xMax, p.x());
            yMax = std::max(yMax, p.y());
        }
    const double cap = double(m_usable) / div;
    xMax = std::max(xMax, cap);
    setNiceRange(m_x, xMax > 0 ? xMax * 1.05 : 1.0);
    setNiceRange(m_y, yMax > 0 ? yMax * 1.08 : 1.0);
    if (cap > 0)
        m_capacity->replace(QList<QPointF> {QPointF(cap, 0), QPointF(cap, m_y->max())});
    else
        m_capacity->clear();
}

const PlanLayout* PlanParetoChart::layoutAt(const QPointF& value) const
{
    const double div = unitDivisor(m_unit);
    // Distance in fractions of each axis, so that GB and seconds weigh alike.
    const double sx = std::max(m_x->max() - m_x->min(), 1e-9), sy = std::max(m_y->max() - m_y->min(), 1e-12);
    const PlanLayout* nearest = nullptr;
    double bestD = std::numeric_limits<double>::infinity();
    for (const std::vector<PlanLayout>* list : {&m_ranked, &m_pareto})
        for (const PlanLayout& l : *list) {
            const double dx = (double(l.peakBytes) / div - value.x()) / sx, dy = (l.stepTimeS - value.y()) / sy;
            const double d = dx * dx + dy * dy;
            if (d < bestD) {
                bestD = d;
                nearest = &l;
            }
        }
    return bestD < 0.05 * 0.05 ? nearest : nullptr;
}

int PlanParetoChart::legendWidth() const
{
    const QFontMetrics fm(m_chart->legend()->font());
    int width = 0;
    for (QLegendMarker* lm : m_chart->legend()->markers())
        if (lm->isVisible())
            width += fm.horizontalAdvance(lm->label()) + 3 * fm.height(); // the marker, its gap and the spacing
    return width;
}

QString PlanParetoChart::titleText() { return tr("Layouts that fit: peak memory vs step time"); }

void PlanParetoChart::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    // Seen in ru beside the ranked table: "Помещающиеся раскладки: пиковая память и время ша...". A title wider than
    // the chart breaks after its colon instead (the title takes HTML).
    const QString title = titleText();
    const int colon = title.indexOf(QLatin1String(": "));
    const bool wide = QFontMetrics(m_chart->titleFont()).horizontalAdvance(title) + 40 > width();
    m_chart->setTitle(wide && colon > 0 ? title.left(colon + 1).toHtmlEscaped() + QStringLiteral("<br>")
                              + title.mid(colon + 2).toHtmlEscaped()
                                        : title);
}

void PlanParetoChart::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) {
        applyPalette(m_chart, palette());
        m_capacity->setPen(capacityPen(palette()));
        applyColors();
    }
}

void PlanParetoChart::applyColors()
{
    // At 3:1 on the chart's background (chartstyle's withContrast(), WCAG 1.4.11): the grey dots had 2.8:1 on white
    // and the orange "Best" 2.2:1.
    const QColor bg = chartBackground(palette());
    const QColor front = withContrast(kFront, bg), best = withContrast(kBest, bg);
    const QColor others = withContrast(QColor(0x99, 0x99, 0x99), bg);
    QPen pen = m_frontLine->pen();
    pen.setColor(front);
    m_frontLine->setPen(pen);
    m_frontDots->setColor(front);
    m_frontDots->setBorderColor(relativeLuminance(bg) > 0.18 ? front.darker(140) : front.lighter(140));
    m_best->setColor(best);
    m_best->setBorderColor(palette().color(QPalette::WindowText));
    m_others->setColor(others);
    m_others->setBorderColor(others);
    for (QLegendMarker* lm : m_chart->legend()->markers(m_frontDots)) // the front's dots share the line's entry
        lm->setVisible(false);
}

} // namespace shardscope
