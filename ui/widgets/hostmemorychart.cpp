// SPDX-License-Identifier: MIT
#include "hostmemorychart.h"

#include "chartstyle.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace shardscope {

HostMemoryChart::HostMemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_bars(new QBarSeries)
    , m_needed(new QBarSet(QStringLiteral("Needed per node")))
    , m_available(new QBarSet(QStringLiteral("Available per node")))
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

    m_view = makeChartView(m_chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setUnit(m_unit);
}

void HostMemoryChart::setScenario(const Scenario& s) { setResult(computeExplorer(s)); }

void HostMemoryChart::setResult(const ExplorerResult& r)
{
    m_result = r;
    m_hasResult = true;
    refresh();
}

void HostMemoryChart::setUnit(ByteUnit unit)
{
    m_unit = unit;
    m_y->setTitleText(QStringLiteral("Per node (%1)").arg(QLatin1String(unitName(unit))));
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
    QStringList cats {QStringLiteral("Host RAM")};
    QList<qreal> needed {double(f.hostBytesPerNode) / div};
    QList<qreal> available {double(s.hostRamBytesPerNode) / div};
    if (nvme) {
        cats << QStringLiteral("NVMe");
        needed << double(f.nvmeBytesPerNode) / div;
        available << double(s.nvmeBytesPerNode) / div;
    }
    if (m_x->categories() != cats) {
        m_x->clear();
        m_x->append(cats);
    }
    m_needed->remove(0, m_needed->count());
    m_needed->append(needed);
    m_available->remove(0, m_available->count());
    m_available->append(available);
    double top = 0;
    for (qreal v : needed + available)
        top = std::max(top, v);
    m_y->setRange(0, top * 1.15);
    m_y->applyNiceNumbers();
    const bool offloading = s.offloadOptimizer != OffloadDevice::None || s.offloadParams != OffloadDevice::None;
    const qint64 perNode = std::min(s.gpusPerNode, s.gpus);
    if (!offloading) {
        m_chart->setTitle(QStringLiteral("Host RAM per node: no offload, nothing held for training states"));
    } else {
        QString title = QStringLiteral("Per node (%1 GPUs): host RAM %2 of %3")
                            .arg(perNode)
                            .arg(formatBytesUi(double(f.hostBytesPerNode), m_unit), formatBytesUi(double(s.hostRamBytesPerNode), m_unit));
        if (nvme)
            title += QStringLiteral(", NVMe %1 of %2")
                         .arg(formatBytesUi(double(f.nvmeBytesPerNode), m_unit), formatBytesUi(double(s.nvmeBytesPerNode), m_unit));
        if (!f.hostFits || !f.nvmeFits)
            title += QStringLiteral(" \u2014 does not fit");
        m_chart->setTitle(title);
    }
}

void HostMemoryChart::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange)
        applyPalette(m_chart, palette());
}

} // namespace shardscope
