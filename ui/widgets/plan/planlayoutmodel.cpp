// SPDX-License-Identifier: MIT
#include "planlayoutmodel.h"

#include "explorer.h"

#include <QColor>
#include <QLocale>

#include <cmath>

namespace shardscope {

namespace {

/// A byte count as a bare number in `unit` (the header names the unit): one decimal, two below 10.
QString bytesNumber(std::int64_t bytes, ByteUnit unit)
{
    const double v = double(bytes) / unitDivisor(unit);
    return numberLocale().toString(v, 'f', std::abs(v) < 10 ? 2 : 1);
}

/// Seconds with three significant figures at least (milliseconds keep three decimals).
QString secondsNumber(double s)
{
    const int decimals = s >= 100 ? 1 : s >= 10 ? 2 : 3;
    return numberLocale().toString(s, 'f', decimals);
}

QString deviceWords(OffloadDevice d)
{
    switch (d) {
    case OffloadDevice::None: return QString();
    case OffloadDevice::Cpu: return PlanLayoutModel::tr("CPU");
    case OffloadDevice::Nvme: return PlanLayoutModel::tr("NVMe");
    }
    return QString();
}

} // namespace

PlanLayoutModel::PlanLayoutModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PlanLayoutModel::setLayouts(const std::vector<PlanLayout>& layouts)
{
    beginResetModel();
    m_layouts = layouts;
    endResetModel();
}

void PlanLayoutModel::setUnit(ByteUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit headerDataChanged(Qt::Horizontal, PeakColumn, ActivationsColumn);
    if (!m_layouts.empty())
        emit dataChanged(index(0, PeakColumn), index(rowCount() - 1, ActivationsColumn));
}

QString PlanLayoutModel::checkpointingWords(Checkpointing c)
{
    switch (c) {
    case Checkpointing::None: return tr("none");
    case Checkpointing::Selective: return tr("selective");
    case Checkpointing::Full: return tr("full");
    case Checkpointing::PerOp: return tr("per-op");
    }
    return QString();
}

QString PlanLayoutModel::offloadWords(OffloadDevice optimizer, OffloadDevice params)
{
    if (optimizer == OffloadDevice::None && params == OffloadDevice::None)
        return QStringLiteral("\u2014");
    if (optimizer == params)
        return tr("optimizer + params: %1").arg(deviceWords(optimizer));
    if (params == OffloadDevice::None)
        return tr("optimizer: %1").arg(deviceWords(optimizer));
    if (optimizer == OffloadDevice::None)
        return tr("params: %1").arg(deviceWords(params));
    return tr("optimizer: %1, params: %2").arg(deviceWords(optimizer), deviceWords(params));
}

QString PlanLayoutModel::layoutSummary(const PlanLayout& l)
{
    QStringList parts;
    parts << tr("TP %1").arg(l.tp) << tr("PP %1").arg(l.pp);
    if (l.vpp > 1)
        parts << tr("VPP %1").arg(l.vpp);
    if (l.ep > 1 || l.etp > 0) // MoE (issue 25): the expert fold
        parts << tr("EP %1 \u00d7 expert TP %2").arg(l.ep).arg(l.etp > 0 ? l.etp : l.tp);
    parts << tr("DP %1").arg(l.dp) << tr("ZeRO-%1").arg(l.stage)
          << tr("micro-batch %1 \u00d7 %2").arg(l.microBatch).arg(l.gradAccum);
    if (l.checkpointing != Checkpointing::None)
        parts << tr("%1 recompute").arg(checkpointingWords(l.checkpointing));
    if (l.sequenceParallel)
        parts << tr("SP");
    if (l.offloadOptimizer != OffloadDevice::None || l.offloadParams != OffloadDevice::None)
        parts << tr("offload %1").arg(offloadWords(l.offloadOptimizer, l.offloadParams));
    return parts.join(QStringLiteral(" \u00b7 "));
}

void PlanLayoutModel::setCapacityBytes(std::int64_t bytes)
{
    if (bytes == m_capacity)
        return;
    m_capacity = bytes;
    if (!m_layouts.empty())
        emit dataChanged(index(0, FlagColumn), index(rowCount() - 1, FlagColumn));
}

bool PlanLayoutModel::nearCapacity(const PlanLayout& l, std::int64_t capacityBytes)
{
    return capacityBytes > 0 && double(l.peakBytes) > kNearCapacity * double(capacityBytes);
}

bool PlanLayoutModel::flagged(const PlanLayout& l, std::int64_t capacityBytes)
{
    return nearCapacity(l, capacityBytes) || l.offloadParams != OffloadDevice::None;
}

QString PlanLayoutModel::flagWords(const PlanLayout& l, std::int64_t capacityBytes)
{
    QStringList parts;
    if (nearCapacity(l, capacityBytes))
        parts << tr("%1% of capacity").arg(numberLocale().toString(100.0 * double(l.peakBytes) / double(capacityBytes), 'f', 1));
    if (l.offloadParams != OffloadDevice::None)
        parts << tr("parameter offload");
    return parts.isEmpty() ? QString() : QStringLiteral("\u26a0 ") + parts.join(QStringLiteral(", "));
}

int PlanLayoutModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_layouts.size());
}

int PlanLayoutModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlanLayoutModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const PlanLayout& l = layout(index.row());
    const int c = index.column();
    if (role == Qt::TextAlignmentRole) {
        const bool text = c == CheckpointingColumn || c == SequenceParallelColumn || c == OffloadColumn || c == FlagColumn;
        return QVariant::fromValue<int>((text ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    }
    if (role == Qt::BackgroundRole) {
        if ((c == FlagColumn || c == PeakColumn) && flagged(l, m_capacity))
            return QColor(255, 170, 0, 90); // amber, translucent: readable on a light and a dark base
        return {};
    }
    if (role == Qt::ToolTipRole) {
        if ((c == FlagColumn || c == PeakColumn) && flagged(l, m_capacity))
            return tr("Look twice: a peak above %1% of the GPU's memory leaves little room for what the model does not "
                      "count (allocator spikes, other processes); parameter offload moves every weight over PCIe each step")
                .arg(int(kNearCapacity * 100));
        return layoutSummary(l);
    }
    if (role != Qt::DisplayRole)
        return {};
    const QLocale c0 = numberLocale(); // the language's decimal sign (explorer.h)
    switch (static_cast<Column>(c)) {
    case RankColumn: return index.row() + 1;
    case TpColumn: return QString::number(l.tp);
    case PpColumn: return QString::number(l.pp);
    case DpColumn: return QString::number(l.dp);
    case VppColumn: return QString::number(l.vpp);
    case StageColumn: return QString::number(l.stage);
    case MicroBatchColumn: return QString::number(l.microBatch);
    case GradAccumColumn: return QString::number(l.gradAccum);
    case CheckpointingColumn: return checkpointingWords(l.checkpointing);
    case SequenceParallelColumn: return l.sequenceParallel ? tr("on") : tr("off");
    case OffloadColumn: return offloadWords(l.offloadOptimizer, l.offloadParams);
    case PeakColumn: return bytesNumber(l.peakBytes, m_unit);
    case ModelStatesColumn: return bytesNumber(l.modelStateBytes, m_unit);
    case ActivationsColumn: return bytesNumber(l.activationBytes, m_unit);
    case StepTimeColumn: return secondsNumber(l.stepTimeS);
    case ComputeColumn: return secondsNumber(l.computeS);
    case CommColumn: return secondsNumber(l.exposedCommS);
    case BubbleColumn: return secondsNumber(l.bubbleS);
    case OptimizerColumn: return secondsNumber(l.optimizerS);
    case TflopsColumn: return c0.toString(l.tflopsPerGpu, 'f', 1);
    case MfuColumn: return QString(c0.toString(l.mfu * 100.0, 'f', 1) + QLatin1Char('%'));
    case TokensColumn: return c0.toString(l.tokensPerSecondPerGpu, 'f', 0);
    case FlagColumn: return flagWords(l, m_capacity);
    case ColumnCount: break;
    }
    return {};
}

QVariant PlanLayoutModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString unit = unitNameUi(m_unit);
    if (role == Qt::ToolTipRole) {
        switch (static_cast<Column>(section)) {
        case RankColumn: return tr("Rank by the chosen measure (1 = best)");
        case TpColumn: return tr("Tensor-parallel size");
        case PpColumn: return tr("Pipeline-parallel stages");
        case DpColumn: return tr("Data-parallel replicas");
        case VppColumn: return tr("Model chunks per GPU (interleaved pipeline schedule when above 1)");
        case StageColumn: return tr("ZeRO stage");
        case MicroBatchColumn: return tr("Sequences per micro-batch");
        case GradAccumColumn: return tr("Micro-batches per optimizer step");
        case CheckpointingColumn: return tr("Activation checkpointing");
        case SequenceParallelColumn: return tr("Sequence parallel");
        case OffloadColumn: return tr("Optimizer and parameter offload");
        case PeakColumn: return tr("Peak memory of the worst rank, as it meets the capacity line (%1)").arg(unit);
        case ModelStatesColumn: return tr("Params, grads, master weights and optimizer states on the worst rank (%1)").arg(unit);
        case ActivationsColumn: return tr("Activations and logits on the worst rank (%1)").arg(unit);
        case StepTimeColumn: return tr("One optimizer step, in seconds");
        case ComputeColumn: return tr("Forward, backward and recompute kernels, in seconds");
        case CommColumn: return tr("Communication the compute waits for, in seconds");
        case BubbleColumn: return tr("Pipeline idle time, in seconds");
        case OptimizerColumn: return tr("Optimizer step, in seconds");
        case TflopsColumn: return tr("Model TFLOP/s per GPU");
        case MfuColumn: return tr("Model FLOPs utilisation");
        case TokensColumn: return tr("Tokens per second per GPU");
        case FlagColumn: return tr("Layouts above %1% of the GPU's capacity or relying on parameter offload").arg(int(kNearCapacity * 100));
        case ColumnCount: break;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue<int>(Qt::AlignCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(section)) {
    case RankColumn: return tr("#");
    case TpColumn: return tr("TP");
    case PpColumn: return tr("PP");
    case DpColumn: return tr("DP");
    case VppColumn: return tr("VPP");
    case StageColumn: return tr("ZeRO");
    case MicroBatchColumn: return tr("Micro");
    case GradAccumColumn: return tr("Accum");
    case CheckpointingColumn: return tr("Recompute");
    case SequenceParallelColumn: return tr("SP");
    case OffloadColumn: return tr("Offload");
    case PeakColumn: return tr("Peak (%1)").arg(unit);
    case ModelStatesColumn: return tr("States (%1)").arg(unit);
    case ActivationsColumn: return tr("Activ. (%1)").arg(unit);
    case StepTimeColumn: return tr("Step (s)");
    case ComputeColumn: return tr("Compute (s)");
    case CommColumn: return tr("Comm (s)");
    case BubbleColumn: return tr("Bubble (s)");
    case OptimizerColumn: return tr("Optim. (s)");
    case TflopsColumn: return tr("TFLOP/s");
    case MfuColumn: return tr("MFU");
    case TokensColumn: return tr("Tokens/s");
    case FlagColumn: return tr("Check");
    case ColumnCount: break;
    }
    return {};
}

} // namespace shardscope
