// SPDX-License-Identifier: MIT
#include "peersmodel.h"

#include "breakdownmodel.h"
#include "explorer.h"
#include "termstyle.h"

#include "shardscope/units.h"

#include <QBrush>
#include <QCoreApplication>
#include <QPalette>

namespace shardscope {

const std::vector<const char*>& peerTemplates()
{
    static const std::vector<const char*> templates = {
    // core/src/peers.cpp: reasons, formulas and ShardScope's own row (tst_peerspage checks this list against it).
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed prints GiB (2^30 bytes) and labels them \"GB\", to 2 decimals"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's estimator covers model states only: activations, logits, buffers, CUDA context and fragmentation are not modelled"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "this is DeepSpeed's ZeRO-%1 estimate; the scenario runs ZeRO-%2"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed divides by all N = %1 GPUs, not by the data-parallel group d = %2 (TP x PP = %3 ignored)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed takes nodes x GPUs per node = %1 x %2 = %3 GPUs; the scenario has %4"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's estimator assumes 16-bit params with fp32 master and Adam; the scenario's recipe is %1 + %2 + %3 + %4 = %5 B/param"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's estimator has no NVMe rows: its cpu row is shown"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x P (16-bit params)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "on the CPU (offload_optimizer=cpu)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x P (16-bit grads, whole) + 4 B x P / N (fp32 grads)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 B x P / N (fp32 params)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "8 B x P / N (Adam momentum + variance)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x P (params_16bit)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "(2 + 4) B x P / N (grads_16bit + grads_32bit)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 B x P / N (params_32bit)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "8 B x P / N (momentum and variance)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's ZeRO-2 formula before v0.14.3 (PR #5099), still on its docs page: 4 B x P + 16 B x P / N = %1: the 16-bit grads counted whole on every GPU"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's ZeRO-2 formula is 2 B x P + 18 B x P / N = %1: it adds a 4 B fp32 copy of every gradient shard to the 16 B of the ZeRO paper"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before partitioning: P x max(4 N, 16) B x %2 = %3"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before partitioning: P x 4 x GPUs per node B x %2 = %3"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x largest layer (%1 params)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x largest layer (fp16 grads computed whole)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "on the CPU (offload_param=cpu, offload_optimizer=cpu)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x P / N"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x P / N (16-bit params)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 B x P / N (fp32 grads)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's ZeRO-3 estimate adds 4 B x the largest layer (%1 params) for its gathered 16-bit weights and grads: %2"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's ZeRO-3 shards 18 B/param over N: 2 B 16-bit params + 4 B fp32 params, grads, momentum and variance each (the ZeRO paper's 16 B has 2 B 16-bit grads)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's table has no row with params offloaded and the optimizer on the GPU: the row with both offloaded is shown"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "CPU figure with zero_init=1: the model is partitioned as it is built (deepspeed.zero.Init)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "CPU figure with zero_init=0: every process first builds the whole fp32 model on the CPU"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed's CPU figure is per node and includes the %1 buffer factor: %2"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x most-loaded shard params"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 B x shard params (fp32 grads)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 B x shard params / d (distributed optimizer)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "8 B x shard params / d (distributed optimizer)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 B x shard params (fp32 params)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "8 B x shard params (Adam)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Korthikanti Table 2, SP + selective: s b h (18 + 4 ffn/h) / t per layer x L, + embedding"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "s b h (10 + 24/t) per layer x L, + embedding, x 1.05"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "s b h x 4 (1 + V/h) / t (output layer and loss)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 B x s b (V/t + h) x 1.05"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "not on the first stage (Megatron reports the first stage)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron prints MB meaning MiB (2^20 bytes), to 2 decimals"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron has no ZeRO-%1: its report prices the distributed optimizer (6 + 12/d B/param), grads and 16-bit weights whole"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam), 6 + 12/d with the distributed optimizer; the scenario's recipe is %1 B/param"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam); the scenario's recipe is %1 B/param"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron counts %1 params (its formula: no linear biases, vocab padded to %2 = a multiple of 128 x t); ShardScope counts %3"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's report has no full-recompute formula: it prices every layer's activations as stored; full recompute keeps 2 s b h per layer (Korthikanti Table 2)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's report assumes the attention core is recomputed (no 5 a s/h score term); with no recompute and no FlashAttention-style kernel the scores are stored"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's report knows selective recompute of the attention core only; torchtitan's per-op checkpointing (every other matmul output saved) has no formula there, so it is priced as selective"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "without sequence parallelism Megatron uses s b h (10 + 24/t) per layer, x 1.05 overhead"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's activation formula is the GPT block's (q = k = v = h, its code says so); GQA, SwiGLU and RMSNorm change the per-layer bytes ShardScope derives"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's report prices MoE activations as a dense MLP (Megatron-LM #1784)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron spreads each kind of layer evenly over the %1 stages (L/p dense and MoE layers each) and puts the embedding and the MTP block on the same shard; ShardScope places whole layers (the dense first layers on the first stage) and reports the worst rank"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron counts %1 multi-token-prediction layer(s) on the most loaded shard; ShardScope's total leaves them out (the model card's main-model count)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron reports the first stage: all L layers' activations (p micro-batches of L/p layers) and the embedding shard; ShardScope reports the worst rank"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's report does not divide activations by the context-parallel size %1 and shards the distributed optimizer over d = N/(t p cp) only"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron's report ignores ZeRO buffers, CUDA context and fragmentation"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 Psi / N_d"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "2 Psi"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 Psi / N_d (of K = 12)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "8 Psi / N_d (of K = 12)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "4 Psi (of K = 12)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "8 Psi (of K = 12)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "the paper fixes 2 + 2 + K = 16 B/param (K = 12: fp32 params, momentum, variance); the scenario's recipe is %1 + %2 + %3 + %4 = %5 B/param"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "the paper divides Psi evenly over the t x p = %1 model-parallel GPUs; ShardScope's worst stage also holds the embedding"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "P_os+g+p leaves out the layer gathered whole in forward and backward (ShardScope's ZeRO-3 gathered terms)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "the paper's Figure 1 has no offload (ZeRO-Offload came later); everything is on the GPU"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Figure 1 counts model states only: activations and buffers are ZeRO-R's, not in these numbers"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "largest of: model 4P, grads 6P, optimizer 8P, step 8P"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "largest of: 4P, 4P, 8P, step 16P"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "inside the one figure"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 8 B/param for mixed precision"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 16 B/param for float32"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate estimates one device holding the whole model: no DP, ZeRO, TP or PP sharding"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate builds AutoModel, without the LM head: %1 params fewer"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate prints binary units (1024^n) named KB/MB/GB/TB, Python round(x, 2)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate's training figure is for batch size 1 with no activations"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "ShardScope: %1 (%2) per GPU on the worst rank (%3); host %4 per node"),
    // validatePeerInputs()'s refusals
    QT_TRANSLATE_NOOP("shardscope::Peers", "must be a positive count"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "%1 is more than the model's %2 params"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "must be a number above 0 (DeepSpeed's default is 1.5)"),
    // PeerEstimate::unit
    QT_TRANSLATE_NOOP("shardscope::Peers", "GiB, printed \"GB\""),
    QT_TRANSLATE_NOOP("shardscope::Peers", "MiB, printed \"MB\""),
    QT_TRANSLATE_NOOP("shardscope::Peers", "GB (10^9 bytes)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "binary (1024^n), printed \"bytes/KB/MB/GB/TB\""),
    QT_TRANSLATE_NOOP("shardscope::Peers", "bytes (shown in GB or GiB)"),
    // peerName() and peerSource() (the other names are proper names, the same in every language)
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed ZeRO-2 (legacy)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "ZeRO paper"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero2_model_states_mem_needs (v0.14.3+, PR #5099)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed stage_1_and_2.py before v0.14.3 (PR #5099); docs/code-docs/source/memory.rst prints it"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "DeepSpeed deepspeed/runtime/zero/stage3.py, estimate_zero3_model_states_mem_needs"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Megatron-LM megatron/training/theoretical_memory_usage.py, report_theoretical_memory"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "Rajbhandari et al. 2020, ZeRO, Figure 1 and Table 1 (K = 12)"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "accelerate src/accelerate/commands/estimate.py, estimate_training_usage"),
    QT_TRANSLATE_NOOP("shardscope::Peers", "ShardScope computeFootprint(), worst rank (docs/model.md)"),
    };
    return templates;
}

QString peerArgText(const PeerArg& a)
{
    const QLocale l = numberLocale(); // C in English: the command line's "164.61 GiB"
    switch (a.kind) {
    case PeerArg::Kind::Integer: return l.toString(qint64(a.value));
    case PeerArg::Kind::Count: {
        QLocale grouped = l; // "262,144,000"; in Russian "262 144 000" (no-break spaces)
        grouped.setNumberOptions(l.numberOptions() & ~QLocale::OmitGroupSeparator);
        return grouped.toString(qint64(a.value));
    }
    case PeerArg::Kind::Number: return l.toString(a.value, 'g', 6);
    case PeerArg::Kind::GiB: return l.toString(a.value / double(kGiB), 'f', 2) + QLatin1Char(' ') + unitNameUi(ByteUnit::GiB);
    case PeerArg::Kind::GB: return l.toString(a.value / double(kGB), 'f', 2) + QLatin1Char(' ') + unitNameUi(ByteUnit::GB);
    case PeerArg::Kind::Text: return translatedFormula(QString::fromStdString(a.text));
    }
    return QString::fromStdString(a.text);
}

QString peerText(const PeerText& t)
{
    QStringList args;
    for (const PeerArg& a : t.args)
        args << peerArgText(a);
    return fillTemplate(QCoreApplication::translate("shardscope::Peers", t.templateText.c_str()), args);
}

QString peerPhrase(const std::string& english) { return QCoreApplication::translate("shardscope::Peers", english.c_str()); }

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
            l << tr("%1: %2", "a peer's name, then one of its reasons").arg(peerPhrase(peerName(p.id)), peerText(r.source));
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
        // The peers' printouts are quoted as they print them; ShardScope's own line is in the interface language.
        const bool own = !p.rowText.templateText.empty();
        if (role == Qt::DisplayRole || role == SortRole)
            return own ? peerText(p.rowText) : QString::fromStdString(p.row);
        if (role == Qt::ToolTipRole)
            return own ? peerText(p.rowText) : QString::fromStdString(p.printed).trimmed();
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
        // ShardScope's own formula says when a term not alive at the peak is at its largest ("not alive at the peak
        // (backward-start); 4.31 GB at backward-end: ...").
        tip = t.formulaText.templateText.empty() ? translatedFormula(QString::fromStdString(t.formula)) : peerText(t.formulaText);
    } else if (row == TotalRow) {
        bytes = p.gpuBytesPerDevice;
        tip = peerPhrase(p.unit);
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
        return tr("Term (%1)").arg(unitNameUi(m_unit));
    if (const PeerEstimate* p = peerAt(section)) {
        // Two lines ("DeepSpeed" / "ZeRO-2 (legacy)") so that seven columns fit side by side.
        QString name = peerPhrase(peerName(p->id));
        const int space = name.indexOf(QLatin1Char(' '));
        if (space > 0 && name.size() > 12)
            name[space] = QLatin1Char('\n');
        return name;
    }
    return {};
}

} // namespace shardscope
