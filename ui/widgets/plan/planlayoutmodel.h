// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/layoutplanner.h"
#include "shardscope/units.h"

#include <QAbstractTableModel>

#include <vector>

namespace shardscope {

/**
 * The Plan tab's ranked table: one row per layout the planner kept (best first, as core ranked them), its knobs,
 * its memory split (peak, model states, activations, in the window's unit) and its time split (compute, exposed
 * communication, pipeline bubble, optimizer), TFLOP/s, MFU and tokens/s per GPU. Numbers are right-aligned.
 */
class PlanLayoutModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        RankColumn,
        TpColumn,
        PpColumn,
        DpColumn,
        VppColumn,
        StageColumn,
        MicroBatchColumn,
        GradAccumColumn,
        CheckpointingColumn,
        SequenceParallelColumn,
        OffloadColumn,
        /// "⚠ 95.5% of capacity", "⚠ parameter offload": the layouts a person should look at twice (issue 26); their
        /// peak cell is shaded too, so the flag shows where the eye reads (the table leads with rank, measure, peak).
        FlagColumn,
        PeakColumn,
        ModelStatesColumn,
        ActivationsColumn,
        StepTimeColumn,
        ComputeColumn,
        CommColumn,
        BubbleColumn,
        OptimizerColumn,
        TflopsColumn,
        MfuColumn,
        TokensColumn,
        ColumnCount
    };

    explicit PlanLayoutModel(QObject* parent = nullptr);

    /// Replaces every row at once (one reset, not one signal per cell).
    void setLayouts(const std::vector<PlanLayout>& layouts);
    const std::vector<PlanLayout>& layouts() const { return m_layouts; }
    const PlanLayout& layout(int row) const { return m_layouts[static_cast<std::size_t>(row)]; }
    void setUnit(ByteUnit unit);
    ByteUnit unit() const { return m_unit; }
    /// The GPU's capacity the flags measure against (0: no capacity flag).
    void setCapacityBytes(std::int64_t bytes);
    /// A layout is flagged above this share of the GPU's capacity.
    static constexpr double kNearCapacity = 0.95;
    /// Whether `l` is flagged: its peak above kNearCapacity of `capacityBytes`, or it relies on parameter offload.
    static bool nearCapacity(const PlanLayout& l, std::int64_t capacityBytes);
    static bool flagged(const PlanLayout& l, std::int64_t capacityBytes);
    /// The flag column's words for `l` (empty when not flagged).
    static QString flagWords(const PlanLayout& l, std::int64_t capacityBytes);

    /// "none", "selective", "full", "per-op" in words of the current language.
    static QString checkpointingWords(Checkpointing c);
    /// "—", "optimizer: CPU", "optimizer + params: NVMe", ...
    static QString offloadWords(OffloadDevice optimizer, OffloadDevice params);
    /// One line naming the layout's knobs: "TP 8 · PP 2 · DP 4 · ZeRO-1 · micro-batch 1 × 8 · full recompute".
    static QString layoutSummary(const PlanLayout& l);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PlanLayout> m_layouts;
    ByteUnit m_unit = ByteUnit::GB;
    std::int64_t m_capacity = 0;
};

} // namespace shardscope
