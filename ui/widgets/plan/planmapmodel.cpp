// SPDX-License-Identifier: MIT
#include "planmapmodel.h"

#include "chartstyle.h"
#include "explorer.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace shardscope {

PlanMapModel::PlanMapModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

QColor PlanMapModel::fastColor() { return QColor(0x4d, 0xb3, 0x6a); }
QColor PlanMapModel::slowColor() { return QColor(0xfe, 0xe0, 0x8b); }
QColor PlanMapModel::noFitColor(const QColor& base) { return mixed(QColor(0xc0, 0x39, 0x2b), base, 0.22); }

void PlanMapModel::setMap(const std::vector<std::int64_t>& rowKeys, const QStringList& rowLabels,
    const std::vector<std::int64_t>& columnKeys, const QStringList& columnLabels, const std::vector<Cell>& cells)
{
    beginResetModel();
    m_rowKeys = rowKeys;
    m_rowLabels = rowLabels;
    m_columnKeys = columnKeys;
    m_columnLabels = columnLabels;
    m_cells = cells;
    m_cells.resize(m_rowKeys.size() * m_columnKeys.size());
    m_fastest = 0;
    m_slowest = 0;
    for (const Cell& c : m_cells) {
        if (!c.present || !c.fits || !(c.stepTimeS > 0))
            continue;
        m_fastest = m_fastest > 0 ? std::min(m_fastest, c.stepTimeS) : c.stepTimeS;
        m_slowest = std::max(m_slowest, c.stepTimeS);
    }
    endResetModel();
}

void PlanMapModel::clear() { setMap({}, {}, {}, {}, {}); }

void PlanMapModel::setUnit(ByteUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void PlanMapModel::setBase(const QColor& base)
{
    if (base == m_base)
        return;
    m_base = base;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const PlanMapModel::Cell& PlanMapModel::cell(int row, int column) const
{
    return m_cells[static_cast<std::size_t>(row) * m_columnKeys.size() + static_cast<std::size_t>(column)];
}

QColor PlanMapModel::cellColor(const Cell& c) const
{
    if (!c.present)
        return m_base;
    if (!c.fits)
        return noFitColor(m_base);
    // Log of the slowdown against the fastest cell, capped at 3x: equal ratios read as equal steps of colour.
    const double top = std::min(m_slowest / m_fastest, 3.0);
    const double t = top > 1.0 + 1e-9 ? std::clamp(std::log(c.stepTimeS / m_fastest) / std::log(top), 0.0, 1.0) : 0.0;
    const QColor a = fastColor(), b = slowColor();
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
        float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

int PlanMapModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rowKeys.size());
}

int PlanMapModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columnKeys.size());
}

Qt::ItemFlags PlanMapModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return cell(index.row(), index.column()).present ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::ItemIsEnabled;
}

QVariant PlanMapModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Cell& c = cell(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (!c.present)
            return QString();
        if (c.fits)
            return tr("%1 s").arg(numberLocale().toString(c.stepTimeS, 'f', c.stepTimeS >= 10 ? 1 : 2));
        if (c.minPeakBytes <= 0)
            return tr("\u2716 no layout");
        {
            // No decimals above 100 units: the cell stays narrow ("✖ 1168 GB"); the tooltip has the exact figure.
            const double v = double(c.minPeakBytes) / unitDivisor(m_unit);
            return QString(QStringLiteral("\u2716 ") + (v >= 100 ? numberLocale().toString(v, 'f', 0) + QLatin1Char(' ') + unitNameUi(m_unit)
                                                                : formatBytesUi(double(c.minPeakBytes), m_unit)));
        }
    case Qt::TextAlignmentRole: return QVariant::fromValue<int>(Qt::AlignCenter);
    case Qt::BackgroundRole: return cellColor(c);
    case Qt::ForegroundRole:
        // The fit scale is light; a no-fit cell follows the palette's text.
        if (c.present && c.fits)
            return QColor(Qt::black);
        return {};
    case Qt::ToolTipRole: {
        if (!c.present)
            return tr("%1, %2: not a valid layout for this model and cluster").arg(m_rowLabels.value(index.row()),
                m_columnLabels.value(index.column()));
        QString text = c.fits
            ? tr("%1, %2: the best layout that fits takes %3 s per step").arg(m_rowLabels.value(index.row()),
                  m_columnLabels.value(index.column()), numberLocale().toString(c.stepTimeS, 'f', 3))
            : c.minPeakBytes > 0 ? tr("%1, %2: nothing fits; the smallest peak is %3")
                                       .arg(m_rowLabels.value(index.row()), m_columnLabels.value(index.column()),
                                           formatBytesUi(double(c.minPeakBytes), m_unit))
                                 : tr("%1, %2: no valid layout").arg(m_rowLabels.value(index.row()),
                                       m_columnLabels.value(index.column()));
        if (c.layouts >= 0)
            text += QLatin1Char(' ') + tr("(layouts searched: %1)").arg(c.layouts);
        if (c.fits)
            text += QLatin1Char(' ') + tr("Click or press Enter to apply it.");
        return text;
    }
    default: return {};
    }
}

QVariant PlanMapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return orientation == Qt::Horizontal ? m_columnLabels.value(section) : m_rowLabels.value(section);
}

} // namespace shardscope
