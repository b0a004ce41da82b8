// SPDX-License-Identifier: MIT
#include "validationchart.h"

#include "chartstyle.h"

#include "shardscope/errors.h"
#include "shardscope/validation_memory.h"
#include "shardscope/validation_steps.h"

#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace shardscope {

namespace {

/// A light palette: validation charts are figures for documents, on white whatever the desktop's theme.
QPalette figurePalette()
{
    QPalette p = QApplication::style()->standardPalette();
    p.setColor(QPalette::Window, Qt::white);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Text, Qt::black);
    return p;
}

/// Distinct colours for the groups (Okabe-Ito, readable by colour-blind readers), at 3:1 on the figure's white
/// (chartstyle's withContrast(): the orange, sky blue and yellow dots had 1.3 to 2.3:1).
QColor groupColor(int i)
{
    static const QColor c[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115), QColor(204, 121, 167),
                               QColor(230, 159, 0), QColor(86, 180, 233), QColor(0, 0, 0), QColor(240, 228, 66)};
    return withContrast(c[i % 8], Qt::white);
}

/// Log axis bounds: a power of ten at or below `lo` and at or above `hi`.
std::pair<double, double> decades(double lo, double hi)
{
    const double a = std::pow(10.0, std::floor(std::log10(lo)));
    double b = std::pow(10.0, std::ceil(std::log10(hi)));
    if (b <= a)
        b = a * 10;
    return {a, b};
}

QString signedPercent(double f)
{
    return (f >= 0 ? QStringLiteral("+") : QString()) + QString::number(f * 100, 'f', 0) + QLatin1Char('%');
}

} // namespace

std::vector<ValidationPoint> stepValidationPoints(const StepValidation& v)
{
    std::vector<ValidationPoint> p;
    for (const StepCheck& c : v.rows)
        p.push_back({QString::fromStdString(c.id), QString::fromStdString(c.metric), c.measured, c.predicted});
    return p;
}

std::vector<ValidationPoint> memoryValidationPoints(const MemoryValidation& v)
{
    std::vector<ValidationPoint> p;
    for (const MemoryValidationRow& r : v.rows)
        p.push_back({QString::fromStdString(r.id), QString::fromStdString(r.framework), r.measuredBytes / 1e9,
                     r.predictedBytes / 1e9});
    return p;
}

ValidationChart::ValidationChart(const QString& title, const QString& unit, std::vector<ValidationPoint> points,
                                 QWidget* parent, double outlierFraction)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_points(std::move(points))
    , m_unit(unit)
{
    setPalette(figurePalette());
    m_view = makeChartView(m_chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_chart->setTitle(title);

    double lo = 0, hi = 0;
    for (const ValidationPoint& p : m_points) {
        // A point the log axes cannot hold (1e300 x 1.15 is inf, and QLogValueAxis::setRange recursed on it until
        // the stack overflowed): core refuses such rows; the chart skips any that reach it.
        if (!(p.measured > 0) || !(p.predicted > 0) || !(p.measured < 1e100) || !(p.predicted < 1e100)
            || !(p.measured > 1e-100) || !(p.predicted > 1e-100))
            continue;
        const double a = std::min(p.measured, p.predicted), b = std::max(p.measured, p.predicted);
        lo = lo > 0 ? std::min(lo, a) : a;
        hi = std::max(hi, b);
    }
    if (!(lo > 0))
        lo = 1, hi = 10;
    const auto [x0, x1] = decades(lo / 1.15, hi * 1.15);

    auto* ax = new QLogValueAxis;
    auto* ay = new QLogValueAxis;
    ax->setTitleText(unit.isEmpty() ? tr("Measured (each row's own metric)") : tr("Measured (%1)").arg(unit));
    ay->setTitleText(unit.isEmpty() ? tr("Predicted (each row's own metric)") : tr("Predicted (%1)").arg(unit));
    for (QLogValueAxis* a : {ax, ay}) {
        a->setBase(10);
        a->setRange(x0, x1);
        a->setLabelFormat(QStringLiteral("%g"));
        a->setMinorTickCount(8);
    }
    m_chart->addAxis(ax, Qt::AlignBottom);
    m_chart->addAxis(ay, Qt::AlignLeft);
    auto attach = [&](QAbstractSeries* s) {
        m_chart->addSeries(s);
        s->attachAxis(ax);
        s->attachAxis(ay);
    };

    // The +-10% band and the y = x line (straight on log-log axes: two points each suffice).
    auto* upper = new QLineSeries(m_chart); // the area series does not own its edges
    auto* lower = new QLineSeries(m_chart);
    upper->append(x0, x0 * 1.1);
    upper->append(x1, x1 * 1.1);
    lower->append(x0, x0 * 0.9);
    lower->append(x1, x1 * 0.9);
    auto* band = new QAreaSeries(upper, lower);
    band->setName(tr("within ±10%"));
    band->setBrush(QColor(0, 0, 0, 28));
    band->setPen(Qt::NoPen);
    attach(band);
    auto* diag = new QLineSeries;
    diag->setName(tr("predicted = measured"));
    diag->append(x0, x0);
    diag->append(x1, x1);
    diag->setPen(QPen(Qt::black, 1.2, Qt::DashLine));
    attach(diag);

    std::map<QString, QScatterSeries*> byGroup;
    for (const ValidationPoint& p : m_points) {
        // A point the log axes cannot hold (1e300 x 1.15 is inf, and QLogValueAxis::setRange recursed on it until
        // the stack overflowed): core refuses such rows; the chart skips any that reach it.
        if (!(p.measured > 0) || !(p.predicted > 0) || !(p.measured < 1e100) || !(p.predicted < 1e100)
            || !(p.measured > 1e-100) || !(p.predicted > 1e-100))
            continue;
        QScatterSeries*& s = byGroup[p.group];
        if (!s) {
            s = new QScatterSeries;
            s->setName(p.group.isEmpty() ? tr("rows") : p.group);
            s->setMarkerSize(8);
            s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        }
        s->append(p.measured, p.predicted);
    }
    int i = 0;
    for (auto& [group, s] : byGroup) {
        const QColor c = groupColor(i++);
        s->setColor(c);
        s->setBorderColor(c.darker(130));
        attach(s);
    }

    for (std::size_t k = 0; k < m_points.size(); ++k)
        if (m_points[k].measured > 0 && m_points[k].predicted > 0 && std::abs(m_points[k].error()) > outlierFraction)
            m_outliers.push_back(k);
    std::sort(m_outliers.begin(), m_outliers.end(), [&](std::size_t a, std::size_t b) {
        return std::abs(m_points[a].error()) > std::abs(m_points[b].error());
    });
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    for (std::size_t k : m_outliers) {
        auto* t = new QGraphicsSimpleTextItem(m_chart);
        t->setText(m_points[k].id + QLatin1Char(' ') + signedPercent(m_points[k].error()));
        t->setFont(small);
        t->setBrush(Qt::black);
        t->setZValue(20);
        m_labels << t;
    }
    m_chart->legend()->setAlignment(Qt::AlignRight);
    applyPalette(m_chart, palette());
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeLabels(); });
}

int ValidationChart::pointCount() const
{
    int n = 0;
    for (QAbstractSeries* s : m_chart->series())
        if (auto* sc = qobject_cast<QScatterSeries*>(s))
            n += static_cast<int>(sc->count());
    return n;
}

QStringList ValidationChart::labelledIds() const
{
    QStringList ids;
    for (std::size_t k : m_outliers)
        ids << m_points[k].id;
    return ids;
}

void ValidationChart::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    placeLabels();
}

/// Each outlier's label right of its point (left of it near the right edge); a label that would cover one
/// placed before it moves down by its height until it is free.
void ValidationChart::placeLabels()
{
    const QRectF area = m_chart->plotArea();
    if (area.isEmpty())
        return;
    QScatterSeries* any = nullptr;
    for (QAbstractSeries* s : m_chart->series())
        if ((any = qobject_cast<QScatterSeries*>(s)))
            break;
    if (!any)
        return;
    QList<QRectF> placed;
    for (int i = 0; i < m_labels.size(); ++i) {
        const ValidationPoint& p = m_points[m_outliers[static_cast<std::size_t>(i)]];
        const QPointF at = m_chart->mapToPosition(QPointF(p.measured, p.predicted), any);
        QGraphicsSimpleTextItem* t = m_labels[i];
        const QRectF b = t->boundingRect();
        QPointF pos(at.x() + 6, at.y() - b.height() / 2);
        if (pos.x() + b.width() > area.right())
            pos.setX(at.x() - 6 - b.width());
        QRectF r(pos, b.size());
        for (int guard = 0; guard < 40; ++guard) {
            const auto hit = std::find_if(placed.begin(), placed.end(), [&](const QRectF& q) { return q.intersects(r); });
            if (hit == placed.end())
                break;
            r.moveTop(hit->bottom() + 1);
        }
        r.moveTop(std::clamp(r.top(), area.top(), std::max(area.top(), area.bottom() - r.height())));
        t->setPos(r.topLeft());
        placed << r;
    }
}

void saveValidationChart(const QString& title, const QString& unit, const std::vector<ValidationPoint>& points,
                         const QString& path, const ChartExportOptions& o, double outlierFraction)
{
    if (points.empty())
        throw InvalidInput("chart", "--chart: no compared rows to draw");
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!isImageSuffix(suffix))
        throw InvalidInput("chart", QString(path + QStringLiteral(": a chart image is .png, .svg or .pdf")).toStdString());
    ValidationChart chart(title, unit, points, nullptr, outlierFraction);
    prepareForExport(&chart, o.size);
    chart.view()->chart()->setAnimationOptions(QChart::NoAnimation);
    saveChart(chart.view(), path, o, title);
}

} // namespace shardscope
