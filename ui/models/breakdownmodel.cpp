// SPDX-License-Identifier: MIT
#include "breakdownmodel.h"

#include "explorer.h"
#include "termstyle.h"

#include <QLocale>

namespace shardscope {

BreakdownModel::BreakdownModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void BreakdownModel::setFootprint(const Footprint& f)
{
    const RankFootprint& r = f.worstRank();
    if (!m_hasRank) {
        beginResetModel();
        m_rank = r;
        m_hasRank = true;
        endResetModel();
        return;
    }
    // Only the rows whose bytes or formula changed are repainted (the table is redrawn on every slider move).
    int first = -1, last = -1;
    for (int t = 0; t < kTermCount; ++t) {
        const TermValue& a = m_rank.terms[static_cast<std::size_t>(t)];
        const TermValue& b = r.terms[static_cast<std::size_t>(t)];
        if (a.bytes != b.bytes || a.formula != b.formula || m_rank.totalBytes != r.totalBytes) {
            first = first < 0 ? t : first;
            last = t;
        }
    }
    m_rank = r;
    if (first >= 0)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void BreakdownModel::setUnit(ByteUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit headerDataChanged(Qt::Horizontal, BytesColumn, BytesColumn);
    if (m_hasRank)
        emit dataChanged(index(0, BytesColumn), index(rowCount() - 1, FormulaColumn));
}

QString BreakdownModel::rankLabel() const { return m_hasRank ? QString::fromStdString(m_rank.label) : QString(); }

int BreakdownModel::rowCount(const QModelIndex& parent) const { return parent.isValid() || !m_hasRank ? 0 : kTermCount; }

int BreakdownModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BreakdownModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Term term = static_cast<Term>(index.row());
    const TermValue& v = m_rank.terms[static_cast<std::size_t>(index.row())];
    const double share = m_rank.totalBytes > 0 ? double(v.bytes) / double(m_rank.totalBytes) : 0.0;
    if (role == TermRole)
        return QString::fromLatin1(termKey(term));
    if (role == SortRole) {
        switch (index.column()) {
        case TermColumn: return index.row();
        case BytesColumn: return static_cast<qlonglong>(v.bytes);
        case ShareColumn: return share;
        default: return QString::fromStdString(v.formula);
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case TermColumn: return termLabel(term);
        case BytesColumn: return formatBytesUi(double(v.bytes), m_unit);
        case ShareColumn: return QString(QLocale::c().toString(share * 100.0, 'f', 1) + QLatin1Char('%'));
        default: return QString(QString::fromStdString(v.formula) + QStringLiteral(" = ") + formatBytesUi(double(v.bytes), m_unit));
        }
    }
    if (role == Qt::ToolTipRole)
        return index.column() == FormulaColumn ? QString::fromStdString(v.formula) : termDescriptionText(term);
    if (role == Qt::DecorationRole && index.column() == TermColumn)
        return termColor(term);
    if (role == Qt::TextAlignmentRole && (index.column() == BytesColumn || index.column() == ShareColumn))
        return QVariant::fromValue<int>(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant BreakdownModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    switch (section) {
    case TermColumn: return tr("Term");
    case BytesColumn: return tr("Per GPU (%1)").arg(QLatin1String(unitName(m_unit)));
    case ShareColumn: return tr("Share");
    default: return tr("Formula");
    }
}

} // namespace shardscope
