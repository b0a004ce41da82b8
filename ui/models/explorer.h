// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/advice.h"
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/planner.h"
#include "shardscope/units.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QString>

#include <vector>

namespace shardscope {

/// The sentence a person reads first.
struct Verdict
{
    enum class Kind { Fits, DoesNotFit, NeverFits, Invalid };
    Kind kind = Kind::Invalid;
    QString text;
    /// A "Fits" with a caveat that changes what it means: fp8 on a GPU without FP8 tensor cores, host RAM or NVMe
    /// that does not hold the offloaded states. Shown as a warning, never inside a green "Fits" (issue 26).
    bool warning = false;
};

/// core's verdict (computeAdvice()) in the interface language. The overload over an ExplorerResult computes the
/// advice first; a page that has the advice words it without computing anything.
Verdict verdictFor(const Advice& a, ByteUnit unit);
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

/// A knob's value as its control in the Scenario panel shows it (issue 26: summaries in the window's words, not
/// core's keys), in the window's language. The Scenario panel fills its controls from these.
QString recipeWords(const Recipe& r);              ///< "mixed (2+2+4+8 = 16 B)"
QString offloadWords(OffloadDevice d);             ///< "none", "CPU", "NVMe"
QString checkpointingWords(Checkpointing c);       ///< "None", "Selective", "Per-op", "Full"
QString optimizerWords(Optimizer o);               ///< "as the recipe says", "adam", ...
QString gpuWords(const std::string& name, double capacityBytes); ///< "H100 SXM (85.9 GB)"
QString gpuWords(const Scenario& s);               ///< the scenario's GPU, as its list shows it
/// core's message without the command-line flag it starts with ("--tp: TP 3 ..." -> "TP 3 ...").
QString plainMessage(const QString& message);
/// The same for a message the window shows as it is (a file error, an export refusal): the command-line flags
/// ("--hf-config: ", "--out: ") go, the rest stays as written (a file name keeps its case). Issue 26: no message
/// in the window quotes a flag.
QString withoutFlags(const QString& message);

/// One change that makes a scenario fit: what a button says ("ZeRO-3", "N = 24 (3 nodes)", "TP 8", "H100 96GB")
/// and the whole scenario it applies (core's FixOption in words).
struct Fix
{
    QString label;
    QString tip; ///< one sentence: what the change is
    Scenario scenario;
};

/// core's fix in words: the chip's label and its tooltip.
Fix fixWords(const FixOption& f, const Scenario& from);
/// core's fixes (Advice::fixes) in words, in core's order.
std::vector<Fix> fixOptionsFor(const Advice& a);
/// The same for an ExplorerResult (computes core's fixes first).
std::vector<Fix> fixOptionsFor(const ExplorerResult& r);
/// The labels of fixOptionsFor().
QStringList fixesFor(const ExplorerResult& r);

/// `estimate --format json`'s "verdict": {"kind", "text" (the window's sentence), and its numbers}.
QJsonObject verdictToJson(const Advice& a, ByteUnit unit);
/// `estimate --format json`'s "fixes": the window's chips, in their order: {"kind", "value", "label", "tip",
/// "changes" (the scenario keys the fix sets, with their values)}.
QJsonArray fixesToJson(const Advice& a);
/// `estimate --format table`'s lines for a scenario that does not fit: the verdict and the numbered fixes.
QString adviceTable(const Advice& a, ByteUnit unit);

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

} // namespace shardscope
