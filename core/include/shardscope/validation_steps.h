// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/csv.h"
#include "shardscope/phrases.h"
#include "shardscope/stacks.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// One measured run compared with the step model. error = predicted / measured - 1 (a fraction).
struct StepCheck
{
    std::string id;
    std::string source; ///< the id's prefix before the first '-' (NAR1, MCORE, DGXC, ...)
    std::string metric; ///< step_time_s, tflops_per_gpu, mfu, tokens_per_s_per_gpu, layer_time_s
    double measured = 0;
    double predicted = 0;
    double error = 0;
};

struct UnmodelledRow
{
    std::string id;
    std::string reason;
};

struct SourceSummary
{
    std::string source;
    int rows = 0;
    double medianAbsError = 0;
    double maxAbsError = 0;
};

struct StepValidation
{
    std::vector<StepCheck> rows; ///< file order
    std::vector<UnmodelledRow> unmodelled; ///< file order, each with its reason
    double medianAbsError = 0;
    double maxAbsError = 0;
    std::vector<SourceSummary> bySource; ///< sorted by source name
    std::vector<RowReadings> readings; ///< per modelled row (file order): knobs taken from text, defaults assumed
};

/**
 * The scenario a measured-steps.csv row describes (docs/validation-steps.md lists the rules for the
 * fields a row leaves blank). Throws InvalidInput("row", reason) for a row the model cannot represent. When
 * `readings` is given, every knob taken from the notes (with its phrase) and every default assumed is recorded.
 */
Scenario scenarioForStepRow(const CsvRow& row, RowReadings* readings = nullptr, const ConfigImporter* importer = nullptr);

/// The stack a row names in its `stack` column, else the one its source cites (Megatron-Bridge -> nemo, NeMo 24.x ->
/// nemo@24, torchtitan), else nullopt. Throws InvalidInput("row") for an unknown stated stack. With `log`, an inferred
/// stack is recorded as read from the source.
std::optional<StackProfile> stackOfRow(const CsvRow& row, RowReadings* log);

/// The row's metric from a step result, following the row's stated definition (TFLOP/s with or without
/// the recompute FLOPs, MFU on model FLOPs, single-layer time).
double predictStepMetric(const CsvRow& row, const Scenario& s, const StepResult& r);

/**
 * Megatron-Bridge's MoE performance-table rows (tests/data/measured/moe-steps-fresh*.csv, issue 25): columns id,
 * source, model (an MoE preset id or qwen3-30b-a3b), gpu, gpus, precision, global_batch, micro_batch, tp, pp, vpp, ep,
 * tokens_per_s_per_gpu, a2a_overlap, flex_dispatcher, recompute_modules, notes; optional seq (4096 when blank). A file
 * is read this way when its header has tokens_per_s_per_gpu and ep and no measured_metric.
 */
bool isMoeTableHeader(const CsvRow& firstRow);
/// The scenario of one MoE table row: read as a Megatron-Core row of the same table (scenarioForStepRow's rules for the
/// GPU, precision and fp8 scaling, attention kernel, overlaps, distributed optimizer), then the model and the MoE
/// settings its recipe fixes. Throws InvalidInput("row", reason) for a row it cannot read.
Scenario scenarioForMoeTableRow(const CsvRow& row, RowReadings* readings = nullptr);
/// The table's step seconds: global_batch x seq / (gpus x tokens_per_s_per_gpu) (the tables' tokens/s/GPU; their Model
/// TFLOP/s over it gives one FLOP count per token per model: docs/validation.md, "MoE step time", third pass).
/// A row that states its throughput as an MFU (column mfu, a fraction; stack torchtitan) instead: tokens/s/GPU = MFU x the
/// stack's peak / its FLOPs per token (torchtitanMoeFlopsPerToken, torchtitanPeakFlops), the conversion listed in
/// `readings` as read.
double moeTableStepSeconds(const CsvRow& row, RowReadings* readings = nullptr);

/// torchtitan's model FLOPs per token of an MoE model, as its MFU counts them (pytorch/torchtitan@76dd118b
/// torchtitan/models/utils.py get_moe_model_nparams_and_flops, since pytorch/torchtitan#1923): 6 x (the parameters
/// without the input embedding, the routed experts counted top_k / num_experts) + 6 x layers x heads x (q/k head size +
/// v head size) x seq (the causal score matrix counted whole).
double torchtitanMoeFlopsPerToken(const Architecture& a, std::int64_t seq);
/// torchtitan's BF16 peak per GPU its MFU divides by (pytorch/torchtitan@02581674 torchtitan/tools/utils.py
/// get_peak_flops: A100 312e12, H100 SXM and H200 989e12, B200 2.25e15); nullopt for a GPU it has no figure for.
std::optional<double> torchtitanPeakFlops(const std::string& gpu);

/// Every row of a measured-steps CSV against computeStep(). Throws InvalidInput("steps") when the file
/// lacks a required column.
/// A row with a `config` column is imported with `importer` after its stack's defaults and before its explicit knob
/// columns; without an importer such a row is unmodelled, with the reason.
StepValidation validateSteps(const std::string& csvText, const ConfigImporter& importer = {});

} // namespace shardscope
