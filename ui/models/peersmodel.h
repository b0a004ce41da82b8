// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/peers.h"
#include "shardscope/units.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace shardscope {

/// Core's fixed English phrases of the Peers tab (every reason and formula template of core/src/peers.cpp, each
/// peerName(), peerSource() and PeerEstimate::unit), marked for translation under "shardscope::Peers".
const std::vector<const char*>& peerTemplates();
/// A figure of a peer's sentence in the interface's locale ("164,61 GiB" in Russian; as core prints it in English).
QString peerArgText(const PeerArg& a);
/// A peer's sentence in the interface language: its template translated, its figures filled in per locale.
QString peerText(const PeerText& t);
/// One of core's fixed phrases (peerName(), peerSource(), PeerEstimate::unit) in the interface language.
QString peerPhrase(const std::string& english);

/**
 * The Peers table: one row per ShardScope term, then the GPU total per device, the host figure per node
 * and what the peer prints; one column per convention (ShardScope first). A term a peer does not model
 * reads "ignored" (not zero); one it counts only inside a single figure reads "in total". DisplayRole is
 * in the chosen unit; SortRole carries bytes; ToolTipRole the peer's formula.
 */
class PeersModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1, StatusRole };
    enum Row { TotalRow = kTermCount, HostRow, PrintedRow, RowCount };

    explicit PeersModel(QObject* parent = nullptr);

    /// The conventions in core's order (ShardScope last); the model shows ShardScope first.
    void setPeers(const std::vector<PeerEstimate>& peers);
    void clear();
    void setUnit(ByteUnit unit);
    ByteUnit unit() const { return m_unit; }
    const PeerEstimate* peerAt(int column) const;
    /// "Peer: reason" lines, one per difference, in column order.
    QStringList reasonLines() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PeerEstimate> m_peers; ///< ShardScope first
    ByteUnit m_unit = ByteUnit::GB;
};

} // namespace shardscope
