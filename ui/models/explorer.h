// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/units.h"

#include <QLocale>
#include <QString>

#include <vector>

namespace shardscope {

/**
 * Everything the explorer shows for one scenario, computed by core in one call: the footprint, the
 * smallest N per ZeRO stage, the per-GPU memory vs N sweep for stages 0-3, and the four stages at the
 * current N. A plain value, so it can be computed on any thread.
 */
struct ExplorerResult
{
    Scenario scenario;
    Footprint footprint;
    std::vector<MinGpus> minGpus; ///< stages 0-3
    std::vector<std::int64_t> gpuCounts; ///< the N values of the sweep (powers of two, and the current N)
    std::vector<SweepPoint> sweep; ///< stages 0-3 over gpuCounts
    std::vector<SweepPoint> stagesAtN; ///< stages 0-3 at the current N (the "compare stages" bars)
    std::int64_t sweepMaxGpus = 0; ///< the largest N of the sweep
};

/// The N axis of the sweep: 1 .. 16384, widened to the next power of two past the current N.
std::int64_t sweepMaxGpus(const Scenario& s);

/// Throws InvalidInput (from core) for a scenario without an answer.
ExplorerResult computeExplorer(const Scenario& s);

/// The sentence a person reads first.
struct Verdict
{
    enum class Kind { Fits, DoesNotFit, NeverFits, Invalid };
    Kind kind = Kind::Invalid;
    QString text;
};

Verdict verdictFor(const ExplorerResult& r, ByteUnit unit);
/// core's MinGpus::reason in the interface language, from its code and numbers (the bytes in `unit`).
QString minGpusReasonText(const MinGpus& m, ByteUnit unit);
/// The locale of the numbers in the interface's sentences: C for English (as the command line prints), the
/// translation's own for Russian (decimal comma) and Chinese; no group separators.
QLocale numberLocale();
/// "allocated", "reserved" or "device used": the measure the verdict's figure is (Scenario::capacityMeasure).
QString capacityMeasureWords(CapacityMeasure m);
/// "No answer: TP 3 does not divide the 64 attention heads (Tensor parallel)." in plain words, no option names.
Verdict invalidVerdict(const QString& field, const QString& message);
/// The same from core's refusal itself: its structured template (InvalidInput::templateText()) worded in the
/// interface language, else its English message.
Verdict invalidVerdict(const InvalidInput& e);
/// core's refusal in the interface language, without the option name ("TP 3 does not divide the 64 attention
/// heads"): the template through translate("shardscope::Validation", ...) with its numbers filled in; a refusal
/// without a template (an importer's, a free-form one) comes back as plainMessage(e.what()).
QString validationText(const InvalidInput& e);
/// A translated template with %1..%9 replaced by args[0..8] wherever the translation puts them, in one pass (as
/// core's InvalidInput::fill(): an argument's own text is not scanned again, so a typed "%1" stays as typed).
QString fillTemplate(const QString& translated, const QStringList& args);
/// Every template validateScenario() words its refusals with (for lupdate, and for the test that none is missing).
const std::vector<const char*>& validationTemplates();

/// The words a person reads for core's field name (InvalidInput::field()): "tp" -> "Tensor parallel".
/// Unknown fields come back as given.
QString fieldWords(const QString& field);
/// core's message without the command-line flag it starts with ("--tp: TP 3 ..." -> "TP 3 ...").
QString plainMessage(const QString& message);

/// One change that makes a scenario fit: what a button says ("ZeRO-3", "N = 24 (3 nodes)", "TP 8", "H100 96GB")
/// and the whole scenario it applies (valid: core answers it, and it fits).
struct Fix
{
    QString label;
    QString tip; ///< one sentence: what the change is
    Scenario scenario;
};

/// The single-knob changes that make a scenario that does not fit fit, cheapest first. Each is valid for core
/// (TP within a node and dividing the heads and KV heads, N a multiple of TP x PP x CP) and N moves in whole
/// nodes. Empty when it fits or nothing single does.
std::vector<Fix> fixOptionsFor(const ExplorerResult& r);
/// The labels of fixOptionsFor().
QStringList fixesFor(const ExplorerResult& r);

/// The smallest N >= `from` that fits with ZeRO stage `stage` and fills whole nodes (a multiple of GPUs per node,
/// or a part of one node), a multiple of TP x PP x CP; nullopt when none up to kMaxGpus does.
std::optional<std::int64_t> smallestFittingGpusInWholeNodes(const Scenario& s, int stage, std::int64_t from);

/// The N values the N control offers: multiples of TP x PP x CP within one node, then whole nodes that hold whole
/// model replicas (multiples of lcm(TP x PP x CP, GPUs per node): 1, 2, 3, 4, 6, 8, 12, ... of them), up to `max`.
std::vector<std::int64_t> validGpuCounts(const Scenario& s, std::int64_t max = 16384);
/// The TP values the TP control offers: within one node (TP <= GPUs per node), dividing the attention heads, and
/// dividing the KV heads or divided by them (core's rule, validateScenario()).
std::vector<std::int64_t> validTpValues(const Scenario& s);

/// "N = 24 (3 nodes)", "N = 4 (part of one node)".
QString gpusLabel(std::int64_t gpus, std::int64_t gpusPerNode);

/// The byte units as the window writes them: one rule for every text of the window (toolbar, chart titles and labels,
/// tables, tooltips, formulas, verdicts, step views, tour captions). Each language writes the symbols its technical
/// texts use: Russian the Cyrillic ones (Б, кБ, МБ, ГБ, ТБ, МиБ, ГиБ, and ГБ/с; ГОСТ 8.417), Chinese the Latin ones
/// (B, kB, MB, GB, TB, MiB, GiB, GB/s: "16 B/参数"), English the Latin ones. A unit written out as a word ("bytes",
/// "байт", "字节") stays a word. The command line, CSV and JSON keep the Latin names (unitName()) in every language.
enum class UnitSymbol { B, kB, MB, GB, TB, MiB, GiB };
QString unitSymbolUi(UnitSymbol symbol);
/// unitSymbolUi() of GB or GiB: "GB"; "ГБ" in Russian.
QString unitNameUi(ByteUnit unit);
/// "51.5 GB" in the unit, with one decimal (two below 10 units); "51,5 ГБ" in Russian.
QString formatBytesUi(double bytes, ByteUnit unit);
/// The first GPU (global rank) of pipeline stage `stage`: ranks are laid out TP fastest, then DP, then PP
/// (Megatron's order), so stage i starts at i x TP x DP.
std::int64_t firstGpuOfStage(const Scenario& s, std::int64_t stage);

} // namespace shardscope
