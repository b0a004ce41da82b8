// SPDX-License-Identifier: MIT
#include "explorer.h"
#include "resultjson.h"
#include "scenariocommand.h"
#include "termstyle.h"

#include "shardscope/errors.h"
#include "shardscope/gpus.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <functional>
#include <numeric>

namespace shardscope {

/// The translation context of the verdicts, fixes and field names below (lupdate and Q_DECLARE_TR_FUNCTIONS: "ExplorerText").
class ExplorerText
{
    Q_DECLARE_TR_FUNCTIONS(ExplorerText)
};

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace

QLocale numberLocale()
{
    // The translation names its locale: the numbers in a Russian sentence take a decimal comma, while the English
    // texts (no translator: the command line, the tests) keep C's "51.5" whatever the system locale says.
    // Called for every number the step views paint: the locale is built once per language, not per number.
    const QString name = ExplorerText::tr("C", "QLocale name for the numbers in translated text (ru, zh_CN)");
    thread_local QString builtFor;
    thread_local QLocale built = QLocale::c();
    if (name != builtFor) {
        built = name == QLatin1String("C") ? QLocale::c() : QLocale(name);
        built.setNumberOptions(built.numberOptions() | QLocale::OmitGroupSeparator);
        builtFor = name;
    }
    return built;
}

QString unitSymbolUi(UnitSymbol symbol)
{
    const auto t = [](const char* source, const char* comment) { return QCoreApplication::translate("shardscope::Units", source, comment); };
    switch (symbol) {
    case UnitSymbol::B: return t("B", "byte unit symbol: 1 byte (Russian Б)");
    case UnitSymbol::kB: return t("kB", "byte unit symbol: 10^3 bytes (Russian кБ)");
    case UnitSymbol::MB: return t("MB", "byte unit symbol: 10^6 bytes (Russian МБ)");
    case UnitSymbol::GB: return t("GB", "byte unit symbol: 10^9 bytes (Russian ГБ)");
    case UnitSymbol::TB: return t("TB", "byte unit symbol: 10^12 bytes (Russian ТБ)");
    case UnitSymbol::MiB: return t("MiB", "byte unit symbol: 2^20 bytes (Russian МиБ)");
    case UnitSymbol::GiB: return t("GiB", "byte unit symbol: 2^30 bytes (Russian ГиБ)");
    }
    return QString();
}

QString unitNameUi(ByteUnit unit) { return unitSymbolUi(unit == ByteUnit::GB ? UnitSymbol::GB : UnitSymbol::GiB); }

QString formatBytesUi(double bytes, ByteUnit unit)
{
    const double v = bytes / unitDivisor(unit);
    const int decimals = std::abs(v) < 10 ? 2 : 1;
    return numberLocale().toString(v, 'f', decimals) + QLatin1Char(' ') + unitNameUi(unit);
}

QString gpusLabel(std::int64_t gpus, std::int64_t gpusPerNode)
{
    if (gpusPerNode <= 1)
        return ExplorerText::tr("N = %1").arg(gpus);
    if (gpus < gpusPerNode)
        return ExplorerText::tr("N = %1 (part of one node)").arg(gpus);
    const std::int64_t nodes = gpus / gpusPerNode;
    return nodes == 1 ? ExplorerText::tr("N = %1 (1 node)").arg(gpus) : ExplorerText::tr("N = %1 (%2 nodes)").arg(gpus).arg(nodes);
}

Fix fixWords(const FixOption& f, const Scenario& from)
{
    Fix w;
    w.scenario = f.scenario;
    switch (f.kind) {
    case FixKind::ZeroStage:
        w.label = ExplorerText::tr("ZeRO-%1").arg(f.value);
        w.tip = ExplorerText::tr("Shard more of the model states over the GPUs.");
        break;
    case FixKind::Gpus:
        w.label = gpusLabel(f.value, from.gpusPerNode);
        w.tip = ExplorerText::tr("The smallest cluster of whole %1-GPU nodes that fits.").arg(from.gpusPerNode);
        break;
    case FixKind::SelectiveCheckpointing:
        w.label = ExplorerText::tr("selective checkpointing");
        w.tip = ExplorerText::tr("Recompute the attention core in the backward pass.");
        break;
    case FixKind::FullCheckpointing:
        w.label = ExplorerText::tr("full checkpointing");
        w.tip = ExplorerText::tr("Keep only each layer's input; recompute the layer.");
        break;
    case FixKind::FlashAttention:
        w.label = ExplorerText::tr("FlashAttention");
        w.tip = ExplorerText::tr("Never store the s x s attention scores.");
        break;
    case FixKind::MicroBatchOne:
        w.label = ExplorerText::tr("micro-batch 1");
        w.tip = ExplorerText::tr("One sequence per forward/backward pass.");
        break;
    case FixKind::TensorParallel:
        w.label = ExplorerText::tr("TP %1").arg(f.value);
        w.tip = ExplorerText::tr("Split each layer's weights over %1 GPUs of a node.").arg(f.value);
        break;
    case FixKind::PipelineParallel:
        w.label = ExplorerText::tr("PP %1").arg(f.value);
        w.tip = ExplorerText::tr("Split the layers into %1 pipeline stages.").arg(f.value);
        break;
    case FixKind::OffloadOptimizer:
        w.label = ExplorerText::tr("CPU optimizer offload");
        w.tip = ExplorerText::tr("ZeRO-Offload: fp32 master and optimizer states in host RAM (slower steps).");
        break;
    case FixKind::OffloadParams:
        w.label = ExplorerText::tr("CPU parameter offload");
        w.tip = ExplorerText::tr("ZeRO-Infinity: parameters in host RAM, fetched per layer (slower steps).");
        break;
    case FixKind::GpuType:
        w.label = q(f.gpuName);
        w.tip = ExplorerText::tr("The same cluster of %1 GPUs.").arg(q(f.gpuName));
        break;
    }
    return w;
}

std::vector<Fix> fixOptionsFor(const Advice& a)
{
    std::vector<Fix> fixes;
    fixes.reserve(a.fixes.size());
    for (const FixOption& f : a.fixes)
        fixes.push_back(fixWords(f, a.explorer.scenario));
    return fixes;
}

std::vector<Fix> fixOptionsFor(const ExplorerResult& r)
{
    std::vector<Fix> fixes;
    for (const FixOption& f : fixOptions(r))
        fixes.push_back(fixWords(f, r.scenario));
    return fixes;
}

QStringList fixesFor(const ExplorerResult& r)
{
    QStringList labels;
    for (const Fix& f : fixOptionsFor(r))
        labels << f.label;
    return labels;
}

QJsonObject verdictToJson(const Advice& a, ByteUnit unit)
{
    const VerdictFacts& f = a.verdict;
    QJsonObject o {{QStringLiteral("kind"), QLatin1String(verdictKindKey(f.kind))},
                   {QStringLiteral("text"), verdictFor(a, unit).text},
                   {QStringLiteral("measured_bytes"), double(f.measuredBytes)},
                   {QStringLiteral("capacity_bytes"), double(f.capacityBytes)},
                   {QStringLiteral("usable_bytes"), double(f.usableBytes)},
                   {QStringLiteral("worst_gpu"), double(f.worstGpu)},
                   {QStringLiteral("worst_pipeline_stage"), double(f.worstStage)}};
    if (f.kind == VerdictKind::NeverFits) {
        QJsonArray other;
        for (const VerdictFacts::StageFrom& s : f.otherStages)
            other.append(QJsonObject {{QStringLiteral("stage"), s.stage}, {QStringLiteral("gpus"), double(s.gpus)}});
        o[QStringLiteral("other_stages_fit_from")] = other;
    }
    o[QStringLiteral("fp8_without_tensor_cores")] = f.fp8WithoutTensorCores;
    return o;
}

QJsonArray fixesToJson(const Advice& a)
{
    QJsonArray out;
    for (const FixOption& f : a.fixes) {
        const Fix w = fixWords(f, a.explorer.scenario);
        const QJsonObject to = scenarioToJson(f.scenario);
        QJsonObject changes;
        for (const QString& key : ScenarioCommand::changedKeys(a.explorer.scenario, f.scenario))
            changes[key] = to.value(key);
        out.append(QJsonObject {{QStringLiteral("kind"), QLatin1String(fixKindKey(f.kind))},
                                {QStringLiteral("value"), double(f.value)},
                                {QStringLiteral("label"), w.label},
                                {QStringLiteral("tip"), w.tip},
                                {QStringLiteral("changes"), changes}});
    }
    return out;
}

QString adviceTable(const Advice& a, ByteUnit unit)
{
    if (a.verdict.kind == VerdictKind::Fits)
        return QString(); // the table's own "Fits:" line says it
    QStringList lines;
    // The command line's own lines (English, as every table it prints); the verdict and the fixes in the words
    // the window shows.
    lines << QStringLiteral("Verdict: %1").arg(verdictFor(a, unit).text);
    const std::vector<Fix> fixes = fixOptionsFor(a);
    lines << (fixes.empty() ? QStringLiteral("No single change makes it fit.") : QStringLiteral("Each of these alone makes it fit:"));
    for (std::size_t i = 0; i < fixes.size(); ++i)
        lines << QStringLiteral("  %1. %2: %3").arg(i + 1).arg(fixes[i].label, fixes[i].tip);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString capacityMeasureWords(CapacityMeasure m)
{
    switch (m) {
    case CapacityMeasure::Allocated: return ExplorerText::tr("allocated", "the capacity measure: PyTorch's memory_allocated");
    case CapacityMeasure::Reserved: return ExplorerText::tr("reserved", "the capacity measure: PyTorch's memory_reserved");
    case CapacityMeasure::DeviceUsed: break;
    }
    return ExplorerText::tr("device used", "the capacity measure: nvidia-smi's used memory");
}

QString minGpusReasonText(const MinGpus& m, ByteUnit unit)
{
    const auto bytes = [&](std::int64_t b) { return formatBytesUi(double(b), unit); };
    switch (m.code) {
    case MinGpusCode::FitsFrom:
        return ExplorerText::tr("fits from N = %1 (%2 on the worst rank)").arg(m.minGpus.value_or(0)).arg(bytes(m.bytesAtMin));
    case MinGpusCode::NeverFitsTerm: {
        QString what;
        switch (m.limitingTerm) {
        case Term::Params: what = ExplorerText::tr("replicated %1-bit params are").arg(m.limitingBits); break;
        case Term::Grads: what = ExplorerText::tr("replicated %1-bit grads are").arg(m.limitingBits); break;
        case Term::Master: what = ExplorerText::tr("replicated fp32 master weights are"); break;
        case Term::Optimizer: what = ExplorerText::tr("replicated optimizer states are"); break;
        case Term::Activations: what = ExplorerText::tr("activations (not sharded by ZeRO) are"); break;
        case Term::Logits: what = ExplorerText::tr("the logits buffer is"); break;
        default: what = ExplorerText::tr("%1 is", "a memory term's name").arg(termLabel(m.limitingTerm)); break;
        }
        return ExplorerText::tr("never fits at any N with ZeRO-%1: %2 %3 per GPU alone; even as N grows the worst rank "
                                "needs %4 of %5")
            .arg(m.stage)
            .arg(what, bytes(m.limitingBytes), bytes(m.worstTotalBytes), bytes(m.usableBytes));
    }
    case MinGpusCode::NeverFitsHostRam:
        return ExplorerText::tr("never fits at any N with ZeRO-%1: offloaded states need %2 of host RAM per node (of %3)")
            .arg(m.stage)
            .arg(bytes(m.needBytes), bytes(m.haveBytes));
    case MinGpusCode::NeverFitsNvme:
        return ExplorerText::tr("never fits at any N with ZeRO-%1: offloaded states need %2 of NVMe per node (of %3)")
            .arg(m.stage)
            .arg(bytes(m.needBytes), bytes(m.haveBytes));
    case MinGpusCode::NoAnswer: break;
    }
    return ExplorerText::tr("no answer for ZeRO-%1").arg(m.stage);
}

Verdict verdictFor(const Advice& a, ByteUnit unit)
{
    const Scenario& s = a.explorer.scenario;
    const VerdictFacts& f = a.verdict;
    Verdict v;
    const QString gpu = q(a.explorer.footprint.gpu.name);
    QString capacity = formatBytesUi(double(f.capacityBytes), unit) + QStringLiteral(" (") + gpu + QLatin1Char(')');
    if (f.usableBytes != f.capacityBytes)
        capacity += ExplorerText::tr(", ") + formatBytesUi(double(f.usableBytes), unit) + ExplorerText::tr(" usable");
    const QString where = ExplorerText::tr("GPU %1, pipeline stage %2 of %3").arg(f.worstGpu).arg(f.worstStage + 1).arg(s.pp);
    // The figure that meets the capacity line, named by its measure (Scenario::capacityMeasure).
    const QString measured = formatBytesUi(double(f.measuredBytes), unit) + QLatin1Char(' ') + capacityMeasureWords(s.capacityMeasure);
    QStringList fixes;
    for (const FixOption& x : a.fixes)
        fixes << fixWords(x, s).label;

    switch (f.kind) {
    case VerdictKind::Fits:
        v.kind = Verdict::Kind::Fits;
        v.text = ExplorerText::tr("Fits: %1 of %2 on the worst rank (%3); headroom %4")
                     .arg(measured, capacity, where, formatBytesUi(double(f.usableBytes - f.measuredBytes), unit));
        break;
    case VerdictKind::NeverFits: {
        v.kind = Verdict::Kind::NeverFits;
        QString reason = minGpusReasonText(*f.limit, unit);
        reason[0] = reason[0].toUpper();
        v.text = reason;
        QStringList other;
        for (const VerdictFacts::StageFrom& o : f.otherStages)
            other << ExplorerText::tr("ZeRO-%1 fits from %2").arg(o.stage).arg(gpusLabel(o.gpus, s.gpusPerNode));
        if (!other.isEmpty())
            v.text += ExplorerText::tr(". ") + other.join(ExplorerText::tr("; "));
        if (!fixes.isEmpty())
            v.text += ExplorerText::tr(". At N = %1 it fits with: ").arg(s.gpus) + fixes.join(ExplorerText::tr(", or "));
        break;
    }
    case VerdictKind::DoesNotFit:
        v.kind = Verdict::Kind::DoesNotFit;
        v.text = ExplorerText::tr("Does not fit: %1 over (%2 of %3 on the worst rank, %4)")
                     .arg(formatBytesUi(double(f.measuredBytes - f.usableBytes), unit), measured, capacity, where);
        v.text += fixes.isEmpty() ? ExplorerText::tr("; no single change fits")
                                  : ExplorerText::tr("; smallest change that fits: ") + fixes.join(ExplorerText::tr(", or "));
        break;
    }
    v.warning = f.fp8WithoutTensorCores || !f.hostFits || !f.nvmeFits;
    if (f.fp8WithoutTensorCores)
        v.text += ExplorerText::tr(". Warning: the %1 has no FP8 tensor cores, so fp8 training does not run on it as "
                                 "modelled (memory shown as if it did)")
                      .arg(gpu);
    if (!f.hostFits)
        v.text += ExplorerText::tr(". Host RAM per node does not fit: %1 of %2")
                      .arg(formatBytesUi(double(f.hostBytesPerNode), unit), formatBytesUi(double(f.hostRamBytesPerNode), unit));
    if (!f.nvmeFits)
        v.text += ExplorerText::tr(". NVMe per node does not fit: %1 of %2")
                      .arg(formatBytesUi(double(f.nvmeBytesPerNode), unit), formatBytesUi(double(f.nvmeCapacityBytesPerNode), unit));
    if (f.offload) {
        // What the offload costs per step (core's advice, from the step model's host transfers; issue 26).
        const QLocale l = numberLocale();
        auto seconds = [&l](double t) { return l.toString(t, 'f', t < 0.1 ? 4 : 3); };
        v.text += ExplorerText::tr(". Offload costs %1 s per step: %2 between GPU and host over PCIe at %3/s, %4 s of it "
                                   "not hidden by compute (step %5 s)")
                      .arg(seconds(f.offload->seconds), formatBytesUi(f.offload->bytes, unit),
                           formatBytesUi(f.offload->pcieBytesPerSecond, unit), seconds(f.offload->exposedSeconds),
                           seconds(f.offload->stepSeconds));
    }
    return v;
}

Verdict verdictFor(const ExplorerResult& r, ByteUnit unit) { return verdictFor(adviceFor(r), unit); }

QString fieldWords(const QString& field)
{
    static const QHash<QString, const char*> words = {
        {QStringLiteral("params"), QT_TRANSLATE_NOOP("ExplorerText", "Parameters")},
        {QStringLiteral("model"), QT_TRANSLATE_NOOP("ExplorerText", "Architecture")},
        {QStringLiteral("heads"), QT_TRANSLATE_NOOP("ExplorerText", "Attention heads")},
        {QStringLiteral("kv-heads"), QT_TRANSLATE_NOOP("ExplorerText", "KV heads")},
        {QStringLiteral("head-dim"), QT_TRANSLATE_NOOP("ExplorerText", "Head dimension")},
        {QStringLiteral("experts"), QT_TRANSLATE_NOOP("ExplorerText", "Experts")},
        {QStringLiteral("top-k"), QT_TRANSLATE_NOOP("ExplorerText", "Experts per token")},
        {QStringLiteral("max-positions"), QT_TRANSLATE_NOOP("ExplorerText", "Learned positions")},
        {QStringLiteral("norms-per-layer"), QT_TRANSLATE_NOOP("ExplorerText", "Norms per layer")},
        {QStringLiteral("gpus"), QT_TRANSLATE_NOOP("ExplorerText", "N GPUs")},
        {QStringLiteral("gpus-per-node"), QT_TRANSLATE_NOOP("ExplorerText", "GPUs per node")},
        {QStringLiteral("gpu"), QT_TRANSLATE_NOOP("ExplorerText", "GPU type")},
        {QStringLiteral("capacity-gb"), QT_TRANSLATE_NOOP("ExplorerText", "GPU capacity")},
        {QStringLiteral("margin-gb"), QT_TRANSLATE_NOOP("ExplorerText", "Safety margin")},
        {QStringLiteral("tp"), QT_TRANSLATE_NOOP("ExplorerText", "Tensor parallel")},
        {QStringLiteral("pp"), QT_TRANSLATE_NOOP("ExplorerText", "Pipeline parallel")},
        {QStringLiteral("cp"), QT_TRANSLATE_NOOP("ExplorerText", "Context parallel")},
        {QStringLiteral("ep"), QT_TRANSLATE_NOOP("ExplorerText", "Expert parallel")},
        {QStringLiteral("expert-tp"), QT_TRANSLATE_NOOP("ExplorerText", "Expert TP")},
        {QStringLiteral("moe-capacity-factor"), QT_TRANSLATE_NOOP("ExplorerText", "MoE capacity factor")},
        {QStringLiteral("moe-route-nodes"), QT_TRANSLATE_NOOP("ExplorerText", "Nodes per token")},
        {QStringLiteral("vpp"), QT_TRANSLATE_NOOP("ExplorerText", "Chunks per GPU")},
        {QStringLiteral("schedule"), QT_TRANSLATE_NOOP("ExplorerText", "Schedule")},
        {QStringLiteral("stage"), QT_TRANSLATE_NOOP("ExplorerText", "ZeRO stage")},
        {QStringLiteral("recipe"), QT_TRANSLATE_NOOP("ExplorerText", "Recipe")},
        {QStringLiteral("optimizer"), QT_TRANSLATE_NOOP("ExplorerText", "Optimizer")},
        {QStringLiteral("checkpointing"), QT_TRANSLATE_NOOP("ExplorerText", "Checkpointing")},
        {QStringLiteral("offload-optimizer"), QT_TRANSLATE_NOOP("ExplorerText", "Optimizer offload")},
        {QStringLiteral("offload-params"), QT_TRANSLATE_NOOP("ExplorerText", "Param offload")},
        {QStringLiteral("micro-batch"), QT_TRANSLATE_NOOP("ExplorerText", "Micro-batch")},
        {QStringLiteral("seq"), QT_TRANSLATE_NOOP("ExplorerText", "Sequence length")},
        {QStringLiteral("grad-accum"), QT_TRANSLATE_NOOP("ExplorerText", "Grad. accumulation")},
        {QStringLiteral("fragmentation"), QT_TRANSLATE_NOOP("ExplorerText", "Fragmentation")},
        {QStringLiteral("cuda-context-gb"), QT_TRANSLATE_NOOP("ExplorerText", "CUDA context")},
        {QStringLiteral("bucket"), QT_TRANSLATE_NOOP("ExplorerText", "Bucket sizes")},
        {QStringLiteral("prefetch-units"), QT_TRANSLATE_NOOP("ExplorerText", "Prefetch units")},
        {QStringLiteral("host-ram-gb"), QT_TRANSLATE_NOOP("ExplorerText", "Host RAM per node")},
        {QStringLiteral("nvme-gb"), QT_TRANSLATE_NOOP("ExplorerText", "NVMe per node")},
        {QStringLiteral("kernel-efficiency"), QT_TRANSLATE_NOOP("ExplorerText", "Kernel efficiency")},
        {QStringLiteral("alpha-us"), QT_TRANSLATE_NOOP("ExplorerText", "Per-hop latency")},
        {QStringLiteral("intra-node-gbps"), QT_TRANSLATE_NOOP("ExplorerText", "Intra-node bandwidth")},
        {QStringLiteral("inter-node-gbps"), QT_TRANSLATE_NOOP("ExplorerText", "Inter-node bandwidth")},
        {QStringLiteral("pcie-gbps"), QT_TRANSLATE_NOOP("ExplorerText", "PCIe bandwidth")},
        {QStringLiteral("account-for-embedding-in-pipeline-split"), QT_TRANSLATE_NOOP("ExplorerText", "Pipeline split")},
        {QStringLiteral("account-for-loss-in-pipeline-split"), QT_TRANSLATE_NOOP("ExplorerText", "Pipeline split")},
        // The window's other controls (issue 26: undo texts name them as the Scenario panel does)
        {QStringLiteral("sequence-parallel"), QT_TRANSLATE_NOOP("ExplorerText", "Sequence parallel")},
        {QStringLiteral("flash-attention"), QT_TRANSLATE_NOOP("ExplorerText", "FlashAttention")},
        {QStringLiteral("framework"), QT_TRANSLATE_NOOP("ExplorerText", "Framework")},
        {QStringLiteral("fsdp-reshard-after-forward"), QT_TRANSLATE_NOOP("ExplorerText", "Reshard after forward")},
        {QStringLiteral("optimizer-in-backward"), QT_TRANSLATE_NOOP("ExplorerText", "Optimizer step in backward")},
        {QStringLiteral("activation-offload"), QT_TRANSLATE_NOOP("ExplorerText", "Offload activations")},
        {QStringLiteral("loss-chunks"), QT_TRANSLATE_NOOP("ExplorerText", "Loss chunks")},
        {QStringLiteral("paged-optimizer"), QT_TRANSLATE_NOOP("ExplorerText", "Paged optimizer")},
        {QStringLiteral("loss-fp32"), QT_TRANSLATE_NOOP("ExplorerText", "Loss on fp32 logits")},
        {QStringLiteral("compile"), QT_TRANSLATE_NOOP("ExplorerText", "Compilation")},
        {QStringLiteral("activation-precision"), QT_TRANSLATE_NOOP("ExplorerText", "Activation precision")},
        {QStringLiteral("compile-loss"), QT_TRANSLATE_NOOP("ExplorerText", "Compiled loss")},
        {QStringLiteral("zero-grad-set-to-none"), QT_TRANSLATE_NOOP("ExplorerText", "Gradients freed by zero_grad")},
        {QStringLiteral("stack"), QT_TRANSLATE_NOOP("ExplorerText", "Stack")},
        {QStringLiteral("capacity-measure"), QT_TRANSLATE_NOOP("ExplorerText", "Capacity measure")},
        {QStringLiteral("moe-a2a-overlap"), QT_TRANSLATE_NOOP("ExplorerText", "Overlap all-to-all with compute")},
        {QStringLiteral("finetune"), QT_TRANSLATE_NOOP("ExplorerText", "Fine-tuning method")},
        {QStringLiteral("lora-rank"), QT_TRANSLATE_NOOP("ExplorerText", "LoRA rank")},
        {QStringLiteral("lora-alpha"), QT_TRANSLATE_NOOP("ExplorerText", "LoRA alpha")},
        {QStringLiteral("lora-targets"), QT_TRANSLATE_NOOP("ExplorerText", "LoRA targets")},
        {QStringLiteral("base-precision"), QT_TRANSLATE_NOOP("ExplorerText", "Base precision")},
        {QStringLiteral("quant-block"), QT_TRANSLATE_NOOP("ExplorerText", "Quantisation block")},
        {QStringLiteral("double-quant"), QT_TRANSLATE_NOOP("ExplorerText", "Double quantisation")},
        {QStringLiteral("no-term"), QT_TRANSLATE_NOOP("ExplorerText", "Terms shown")},
    };
    const char* w = words.value(field, nullptr);
    return w ? ExplorerText::tr(w) : field;
}

QString recipeWords(const Recipe& r)
{
    const auto b = [](double x) { return numberLocale().toString(x, 'g', 3); };
    return QStringLiteral("%1 (%2+%3+%4+%5 = %6 %7)")
        .arg(QString::fromStdString(r.id), b(r.weights), b(r.grads), b(r.master), b(r.optimizer), b(r.total()),
             unitSymbolUi(UnitSymbol::B));
}

// The Scenario panel's own words (its context, so its translations serve both).
QString offloadWords(OffloadDevice d)
{
    switch (d) {
    case OffloadDevice::None:
        return QCoreApplication::translate("shardscope::ControlsPanel", "none");
    case OffloadDevice::Cpu:
        return QCoreApplication::translate("shardscope::ControlsPanel", "CPU");
    case OffloadDevice::Nvme:
        return QCoreApplication::translate("shardscope::ControlsPanel", "NVMe");
    }
    return QString::fromLatin1(offloadKey(d));
}

QString checkpointingWords(Checkpointing c)
{
    switch (c) {
    case Checkpointing::None:
        return QCoreApplication::translate("shardscope::ControlsPanel", "None");
    case Checkpointing::Selective:
        return QCoreApplication::translate("shardscope::ControlsPanel", "Selective");
    case Checkpointing::PerOp:
        return QCoreApplication::translate("shardscope::ControlsPanel", "Per-op");
    case Checkpointing::Full:
        return QCoreApplication::translate("shardscope::ControlsPanel", "Full");
    }
    return QString::fromLatin1(checkpointingKey(c));
}

QString optimizerWords(Optimizer o)
{
    const QString key = QString::fromLatin1(optimizerKey(o));
    return key == QLatin1String("recipe") ? QCoreApplication::translate("shardscope::ControlsPanel", "as the recipe says") : key;
}

QString gpuWords(const std::string& name, double capacityBytes)
{
    return QStringLiteral("%1 (%2)").arg(QString::fromStdString(name),
                                         numberLocale().toString(capacityBytes / kGB, 'f', 1) + QLatin1Char(' ') + unitNameUi(ByteUnit::GB));
}

QString gpuWords(const Scenario& s)
{
    for (const GpuPreset& g : gpuPresets())
        if (g.id == s.gpu)
            return gpuWords(g.name, double(g.capacityBytes));
    return s.capacityBytes ? gpuWords(s.gpu, double(*s.capacityBytes)) : QStringLiteral("%1 (?)").arg(QString::fromStdString(s.gpu));
}

QString withoutFlags(const QString& message)
{
    // core prefixes the option for the command line: "--tp: ..." (and sometimes "--size and --dpi: ..."); an
    // importer's message may carry it after the window's own prefix ("Cannot run: --batch: ...").
    static const QRegularExpression flag(QStringLiteral("(^|: )--[a-z0-9-]+( and --[a-z0-9-]+)*: "));
    QString m = message;
    m.replace(flag, QStringLiteral("\\1"));
    return m;
}

QString plainMessage(const QString& message)
{
    QString m = withoutFlags(message);
    if (!m.isEmpty())
        m[0] = m[0].toUpper();
    return m;
}

Verdict invalidVerdict(const QString& field, const QString& message)
{
    Verdict v;
    v.kind = Verdict::Kind::Invalid;
    v.text = ExplorerText::tr("No answer for this scenario: %1 (%2). The charts show the last valid scenario.")
                 .arg(plainMessage(message), fieldWords(field));
    return v;
}

const std::vector<const char*>& validationTemplates()
{
    // validateScenario()'s templates (core/src/scenario.cpp), in its order; tst_lecture checks that every
    // template there is here and that each is translated.
    static const std::vector<const char*> templates = {
        QT_TRANSLATE_NOOP("shardscope::Validation", "the model needs at least 1 parameter"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "beyond the model's range (at most 100T parameters)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the architecture has more than 100T parameters, beyond the model's range"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the number of GPUs must be at least 1 (got %1)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 GPUs is beyond the model's range (at most 1,048,576)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be between 1 and 1024"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "tensor-parallel size must be at least 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "pipeline-parallel size must be at least 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "TP %1 exceeds the %2 GPUs"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "TP %1 exceeds the %2 attention heads of the count's GPT shape"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "TP %1 does not divide the %2 attention heads"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "TP %1 and the %2 KV heads do not divide one another"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "PP %1 exceeds the %2 layers"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "context-parallel size must be at least 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "CP %1 exceeds the %2 GPUs"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "CP %1 does not divide the sequence of %2 tokens"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 GPUs are not divisible by TP x PP = %2"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 GPUs are not divisible by TP x PP x CP = %2"),
        // expert parallelism (issue 25)
        QT_TRANSLATE_NOOP("shardscope::Validation", "expert-parallel size must be at least 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "expert tensor-parallel size must be at least 1 (0: the TP size)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "EP %1 does not divide the %2 experts"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "expert TP x EP = %1 does not divide the %2 GPUs of a pipeline stage"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "expert TP %1 does not divide the expert FFN size %2"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be between 1 and 64"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "virtual pipeline chunks must be at least 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 layers and the embedding / loss slots (%2 in all) do not divide over PP %3"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the interleaved schedule needs PP > 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 layers cannot fill PP x VPP = %2 model chunks (each needs at least one layer)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 layers with the embedding and loss slots cannot fill PP x VPP = %2 model chunks"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the %1 slots of a pipeline stage (layers, embedding, loss) do not split over %2 model chunks"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the interleaved schedule needs the micro-batch count (%1) to be a multiple of PP %2"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "ZeRO stage must be 0, 1, 2 or 3"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "optimizer offload needs ZeRO stage 1, 2 or 3"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "parameter offload needs ZeRO stage 3"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be between 1 and 65536"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "sequence length must be between 1 and 16,777,216"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 tokens exceed the %2 learned positions of %3 (its position embedding has no row for them)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be between 1 and 1,000,000"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be a fraction from 0 to below 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must not be negative"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "bucket sizes must not be negative"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be between 0 and 1000"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "stage-3 sizes must not be negative"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "single means one GPU; %1 GPUs need ddp, deepspeed, fsdp2 or megatron"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "stepping in backward cannot accumulate gradients over %1 micro-batches"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "capacity must be positive"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "host RAM must be positive"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "NVMe capacity must be positive"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "bytes per parameter must be between 0 and 64"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the safety margin (%1) must be below the GPU's capacity (%2)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be 0 (the GPU's own large-GEMM figure) or a fraction from 0.001 to 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be 0 (the GPU's FlashAttention figure) or a fraction from 0.001 to 1"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be from 0 to 4096 K elements"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "must be from 1 to 1000000"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "collective latency must be between 0 and 1,000,000 microseconds"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "link bandwidth must be between 0.001 and 1,000,000 GB/s"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "peak must be 0 (the GPU preset's) or between 0.001 and 100,000 TFLOP/s"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "memory bandwidth must be 0 (the GPU preset's) or between 1 and 1,000,000 GB/s"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "the interleaved schedule of %1 micro-batches x %2 chunks per GPU is beyond the model's range (at most %3 micro-batch chunks per GPU)"),
        QT_TRANSLATE_NOOP("shardscope::Validation", "%1 is out of range (%2 to %3)"),
    };
    return templates;
}

QString fillTemplate(const QString& translated, const QStringList& args)
{
    QString out;
    out.reserve(translated.size() + 32);
    for (qsizetype i = 0; i < translated.size(); ++i) {
        const QChar c = translated[i];
        if (c == QLatin1Char('%') && i + 1 < translated.size() && translated[i + 1] >= QLatin1Char('1')
            && translated[i + 1] <= QLatin1Char('9')) {
            const auto k = qsizetype(translated[i + 1].unicode() - '1');
            if (k < args.size()) {
                out += args[k];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

QString validationText(const InvalidInput& e)
{
    if (e.templateText().empty())
        return plainMessage(QString::fromUtf8(e.what()));
    QStringList args;
    for (const std::string& a : e.args())
        args << QString::fromStdString(a);
    QString t = fillTemplate(QCoreApplication::translate("shardscope::Validation", e.templateText().c_str()), args);
    if (!t.isEmpty())
        t[0] = t[0].toUpper();
    return t;
}

Verdict invalidVerdict(const InvalidInput& e)
{
    Verdict v;
    v.kind = Verdict::Kind::Invalid;
    v.text = ExplorerText::tr("No answer for this scenario: %1 (%2). The charts show the last valid scenario.")
                 .arg(validationText(e), fieldWords(QString::fromStdString(e.field())));
    return v;
}

} // namespace shardscope
