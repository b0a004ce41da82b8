// SPDX-License-Identifier: MIT
#include "peersmodel.h"

#include "explorer.h"
#include "termstyle.h"

#include <QBrush>
#include <QPalette>

namespace shardscope {

PeersModel::PeersModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PeersModel::setPeers(const std::vector<PeerEstimate>& peers)
{
    beginResetModel();
    m_peers.clear();
    for (const PeerEstimate& p : peers)
        if (p.id == PeerId::ShardScope)
            m_peers.push_back(p);
    for (const PeerEstimate& p : peers)
        if (p.id != PeerId::ShardScope)
            m_peers.push_back(p);
    endResetModel();
}

void PeersModel::clear()
{
    beginResetModel();
    m_peers.clear();
    endResetModel();
}

void PeersModel::setUnit(ByteUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    if (!m_peers.empty())
        emit dataChanged(index(0, 1), index(RowCount - 1, columnCount() - 1));
    if (!m_peers.empty())
        emit headerDataChanged(Qt::Horizontal, 0, 0);
}

const PeerEstimate* PeersModel::peerAt(int column) const
{
    if (column < 1 || column > int(m_peers.size()))
        return nullptr;
    return &m_peers[std::size_t(column - 1)];
}

QStringList PeersModel::reasonLines() const
{
    QStringList l;
    for (const PeerEstimate& p : m_peers)
        for (const PeerReason& r : p.reasons)
            l << QString::fromUtf8(peerName(p.id)) + QStringLiteral(": ") + QString::fromStdString(r.text);
    return l;
}

int PeersModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_peers.empty() ? 0 : RowCount;
}

int PeersModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_peers.empty() ? 0 : int(m_peers.size()) + 1;
}

QVariant PeersModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const int row = index.row();
    if (index.column() == 0) {
        if (role != Qt::DisplayRole && role != SortRole)
            return {};
        if (row < kTermCount)
            return termLabel(static_cast<Term>(row));
        if (row == TotalRow)
            return tr("GPU per device");
        if (row == HostRow)
            return tr("Host per node");
        return tr("The peer prints");
    }
    const PeerEstimate& p = m_peers[std::size_t(index.column() - 1)];
    if (row == PrintedRow) {
        if (role == Qt::DisplayRole || role == SortRole)
            return QString::fromStdString(p.row);
        if (role == Qt::ToolTipRole)
            return QString::fromStdString(p.printed).trimmed();
        return {};
    }
    std::optional<double> bytes;
    PeerTermStatus status = PeerTermStatus::Counted;
    QString tip;
    if (row < kTermCount) {
        const PeerTerm& t = p.terms[std::size_t(row)];
        status = t.status;
        if (status == PeerTermStatus::Counted)
            bytes = t.bytes;
        tip = QString::fromStdString(t.formula);
    } else if (row == TotalRow) {
        bytes = p.gpuBytesPerDevice;
        tip = QString::fromStdString(p.unit);
    } else {
        bytes = p.hostBytesPerNode;
        if (!bytes)
            status = PeerTermStatus::Ignored;
    }
    switch (role) {
    case Qt::DisplayRole:
        if (status == PeerTermStatus::Ignored)
            return row == HostRow ? tr("none") : tr("ignored");
        if (status == PeerTermStatus::Lumped)
            return tr("in total");
        return bytes ? formatBytesUi(*bytes, m_unit) : QString();
    case SortRole: return bytes ? QVariant(*bytes) : QVariant(-1.0);
    case StatusRole: return int(status);
    case Qt::ToolTipRole: return tip.isEmpty() ? QVariant() : QVariant(tip);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        if (status != PeerTermStatus::Counted)
            return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
        return {};
    default: return {};
    }
}

QVariant PeersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0)
        return tr("Term (%1)").arg(QString::fromLatin1(unitName(m_unit)));
    if (const PeerEstimate* p = peerAt(section)) {
        // Two lines ("DeepSpeed" / "ZeRO-2 (legacy)") so that seven columns fit side by side.
        QString name = QString::fromUtf8(peerName(p->id));
        const int space = name.indexOf(QLatin1Char(' '));
        if (space > 0 && name.size() > 12)
            name[space] = QLatin1Char('\n');
        return name;
    }
    return {};
}

} // namespace shardscope
