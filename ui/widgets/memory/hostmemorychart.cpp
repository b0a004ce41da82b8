// SPDX-License-Identifier: MIT
#include "hostmemorychart.h"

#include "chartstyle.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QToolTip>
#include <QLegend>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace shardscope {

HostMemoryChart::HostMemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_bars(new QBarSeries)
    , m_needed(new QBarSet(tr("Needed per node")))
    , m_available(new QBarSet(tr("Available per node")))
    , m_x(new QBarCategoryAxis)
    , m_y(new QValueAxis)
{
    m_needed->setColor(QColor(0xD5, 0x5E, 0x00)); // Okabe-Ito vermillion
    m_available->setColor(QColor(0x99, 0x99, 0x99));
    m_bars->append(m_needed);
    m_bars->append(m_available);
    m_chart->addSeries(m_bars);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_bars->attachAxis(m_x);
    m_bars->attachAxis(m_y);
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    setAxisLabelsShown(m_chart, false); // until the first answer: Qt's default range is no scenario's

    m_view = makeChartView(m_chart, this);
    // Only axis-aligned shapes here (bars): antialiasing would only blur their edges, and it makes every grid
    // line a per-pixel coverage blend instead of one span fill.
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_label = new ChartLabel(m_chart);
    m_label->setColors(palette().color(QPalette::WindowText), palette().color(QPalette::Base));
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& r) {
        m_label->setMaxWidth(r.width() - 12); // wraps instead of running out of a narrow plot
        m_label->setPos(r.topLeft() + QPointF(6, 4));
        // The label's band over the bars depends on the plot's size (its wrapping, its share of the height): a band
        // that no longer fits (or one far larger than needed) re-lays out the axis, after this layout.
        if (m_hasResult) {
            const double band = fitLabel();
            if (band > m_band + 1e-3 || band < m_band - 0.05)
                QMetaObject::invokeMethod(this, [this] { refresh(); }, Qt::QueuedConnection);
        }
        // The unit alone where the whole title would be cut (2x type in a short chart, issue 14).
        const QString unit = unitNameUi(m_unit);
        setAxisTitleFitting(m_y, {tr("Per node (%1)").arg(unit), unit}, r.height());
        // As many ticks as the axis has room for (a new count re-lays out the chart: done after this layout).
        const int intervals = intervalsFitting(r.height(), m_y->labelsFont());
        if (intervals != m_intervals) {
            m_intervals = intervals;
            QMetaObject::invokeMethod(this, [this] { refresh(); }, Qt::QueuedConnection);
        }
    });
    connect(m_bars, &QBarSeries::hovered, this, [this](bool on, int index, QBarSet* set) {
        m_lastTip = on ? toolTipFor(index, set == m_needed) : QString();
        if (m_lastTip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(QCursor::pos(), m_lastTip, m_view);
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setUnit(m_unit);
}

void HostMemoryChart::setScenario(const Scenario& s) { setResult(computeExplorer(s)); }

void HostMemoryChart::setResult(const ExplorerResult& r)
{
    m_result = r;
    showAnswerAxes(m_chart, m_hasResult);
    refresh();
}

void HostMemoryChart::setUnit(ByteUnit unit)
{
    m_unit = unit;
    const QString unitText = unitNameUi(unit);
    setAxisTitleFitting(m_y, {tr("Per node (%1)").arg(unitText), unitText}, m_chart->plotArea().height());
    refresh();
}

QStringList HostMemoryChart::categories() const { return m_x->categories(); }

void HostMemoryChart::refresh()
{
    if (!m_hasResult)
        return;
    const Scenario& s = m_result.scenario;
    const Footprint& f = m_result.footprint;
    const double div = unitDivisor(m_unit);
    const bool nvme = s.offloadOptimizer == OffloadDevice::Nvme || s.offloadParams == OffloadDevice::Nvme;
    QStringList cats {tr("Host RAM")};
    QList<qreal> needed {double(f.hostBytesPerNode) / div};
    QList<qreal> available {double(s.hostRamBytesPerNode) / div};
    if (nvme) {
        cats << tr("NVMe");
        needed << double(f.nvmeBytesPerNode) / div;
        available << double(s.nvmeBytesPerNode) / div;
    }
    if (m_x->categories() != cats)
        m_x->setCategories(cats); // one change (clear() + append() re-laid out the axis twice)
    for (const auto& [set, values] : {std::pair {m_needed, needed}, std::pair {m_available, available}}) {
        bool same = set->count() == values.size();
        for (qsizetype i = 0; same && i < values.size(); ++i)
            same = set->at(i) == values[i];
        if (!same) {
            set->remove(0, set->count());
            set->append(values);
        }
    }
    double top = 0;
    for (qreal v : needed + available)
        top = std::max(top, v);
    m_top = top;
    const bool offloading = s.offloadOptimizer != OffloadDevice::None || s.offloadParams != OffloadDevice::None;
    const qint64 perNode = std::min(s.gpusPerNode, s.gpus);
    // A fixed title per mode (a changing title re-lays out the chart); the numbers go in the label.
    setTitleIfChanged(m_chart, nvme ? tr("Host RAM and NVMe per node") : tr("Host RAM per node"));
    QString text;
    if (!offloading) {
        text = tr("No offload: nothing held for training states");
    } else {
        text = tr("%1 GPUs per node: RAM %2 of %3")
                   .arg(perNode)
                   .arg(formatBytesUi(double(f.hostBytesPerNode), m_unit), formatBytesUi(double(s.hostRamBytesPerNode), m_unit));
        if (nvme)
            text += QLatin1Char('\n') + tr("NVMe %1 of %2").arg(formatBytesUi(double(f.nvmeBytesPerNode), m_unit),
                                                         formatBytesUi(double(s.nvmeBytesPerNode), m_unit));
        if (!f.hostFits || !f.nvmeFits)
            text += QLatin1Char('\n') + tr("Does not fit");
    }
    // Shorter wordings where the whole one would take more than half a short plot (2x type in presentation mode, the
    // Russian wording: the label lay over the bars, issue 27): the first line, then the verdict, the RAM's numbers or
    // "No offload".
    m_texts = QStringList {text};
    if (!offloading)
        m_texts << tr("No offload");
    else if (text.contains(QLatin1Char('\n')))
        m_texts << text.section(QLatin1Char('\n'), 0, 0);
    if (offloading && (!f.hostFits || !f.nvmeFits))
        m_texts << tr("Does not fit");
    else if (offloading) // the numbers alone (the legend names the bars)
        m_texts << QStringLiteral("%1 / %2").arg(formatBytesUi(double(f.hostBytesPerNode), m_unit),
                                                 formatBytesUi(double(s.hostRamBytesPerNode), m_unit));
    m_band = fitLabel();
    // The axis's top leaves the label a band of its own above the tallest bar.
    setNiceRange(m_y, std::max(top * 1.08, top / (1 - m_band)), m_intervals);
    m_label->setPos(m_chart->plotArea().topLeft() + QPointF(6, 4));
}

double HostMemoryChart::fitLabel()
{
    const QRectF plot = m_chart->plotArea();
    m_label->setMaxWidth(plot.width() - 12);
    const auto bandOf = [&] { return (m_label->rect().height() + 8) / std::max(1.0, plot.height()); };
    for (const QString& t : m_texts) {
        m_label->setText(t);
        if (bandOf() <= 0.5)
            return bandOf();
    }
    return std::min(bandOf(), 0.8); // the shortest wording, however short the plot
}

QString HostMemoryChart::summary() const { return m_texts.value(0); }

QRectF HostMemoryChart::labelRect() const { return m_label->sceneBoundingRect(); }

QString HostMemoryChart::labelText() const { return m_label->text(); }

double HostMemoryChart::tallestBarY() const
{
    return m_chart->mapToScene(m_chart->mapToPosition(QPointF(0, m_top), m_bars)).y();
}

QString HostMemoryChart::toolTipFor(int index, bool needed) const
{
    if (!m_hasResult || index < 0 || index > 1)
        return QString();
    const Scenario& s = m_result.scenario;
    const Footprint& f = m_result.footprint;
    const bool nvme = index == 1;
    const std::int64_t bytes = needed ? (nvme ? f.nvmeBytesPerNode : f.hostBytesPerNode)
                                      : (nvme ? s.nvmeBytesPerNode : s.hostRamBytesPerNode);
    const QString where = nvme ? tr("NVMe per node") : tr("Host RAM per node");
    const QString what = needed ? tr("needed by the offloaded states of %1 GPUs").arg(std::min(s.gpusPerNode, s.gpus))
                                : tr("available (the node's capacity in the scenario)");
    return tr("%1, %2").arg(where, what) + QLatin1Char('\n') + ChartText::bytesLine(bytes, m_unit);
}

void HostMemoryChart::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange)
        applyPalette(m_chart, palette());
}

} // namespace shardscope
