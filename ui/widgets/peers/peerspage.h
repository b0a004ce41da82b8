// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/peers.h"
#include "shardscope/units.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTableView;

namespace shardscope {

class PeersModel;

/**
 * The Peers tab: for the current scenario, ShardScope's estimate beside DeepSpeed's (ZeRO-2 current and
 * legacy, ZeRO-3), Megatron-LM's, the ZeRO paper's and accelerate's, per term, with the reason for each
 * difference below. Recomputed only while visible (like the Compare tab); core's computePeers() answers.
 */
class PeersPage : public QWidget
{
    Q_OBJECT
public:
    explicit PeersPage(QWidget* parent = nullptr);
    void setScenario(const Scenario& s);
    void setUnit(ByteUnit unit);
    PeersModel* model() const { return m_model; }
    /// DeepSpeed's own inputs: --largest-layer-params (empty = from the architecture), zero_init, buffer factor.
    QLineEdit* largestLayerEdit() const { return m_largest; }
    QCheckBox* zeroInitBox() const { return m_zeroInit; }
    QDoubleSpinBox* bufferFactorBox() const { return m_buffer; }
    QTableView* table() const { return m_table; }
    /// The printout of the chosen column's peer, as the peer prints it (monospace).
    QString printedText() const;
    /// The reasons as shown, one per line.
    QString reasonsText() const;
    /// The message shown instead of the table for a scenario without an answer (empty otherwise).
    QString errorText() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();

    std::optional<Scenario> m_scenario;
    bool m_dirty = true;
    QLabel* m_header;
    QTableView* m_table;
    PeersModel* m_model;
    QPlainTextEdit* m_reasons;
    QPlainTextEdit* m_printed;
    int m_printedColumn = 2; ///< the first peer after ShardScope
    void showPrinted();
    QLineEdit* m_largest;
    QCheckBox* m_zeroInit;
    QDoubleSpinBox* m_buffer;
    QString m_error;
};

} // namespace shardscope
