// SPDX-License-Identifier: MIT
#include "scenariooptions.h"

#include "hfconfig.h"
#include "scenariofile.h"

#include "shardscope/errors.h"
#include "shardscope/knobs.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonObject>

#include <cmath>

namespace shardscope {

namespace {

std::string str(const QString& s) { return s.toStdString(); }

struct Opt
{
    const char* name;
    const char* valueName; // nullptr for a flag
    const char* help;
};

// The options that are not knobs of core's table (knobs.h): the model's sources and the architecture's fields, the
// units, and the files a scenario can start from. Keep in step with docs/cli.md.
constexpr Opt kModelOptions[] = {
    {"model", "NAME",
     "Model preset: gpt2, gpt3-175b, llama-2-7b, llama-2-13b, llama-2-70b, llama-3-8b, llama-3-70b, "
     "mistral-7b, mixtral-8x7b, llama-3.1-405b, mixtral-8x22b, deepseek-v3, qwen3-235b-a22b, gpt-oss-120b."},
    {"hf-config", "FILE",
     "A Hugging Face config.json (Llama, Mistral, Mixtral, Qwen2, Gemma, Phi-3, GPT-2; MoE: "
     "Qwen2-MoE, Qwen3-MoE, DeepSeek-V2/V3, gpt-oss, Llama 4, OLMoE)."},
    {"params", "N", "A bare parameter count (7e9, 7B, 70B, 1.5T); its GPT shape feeds activations."},
    {"layers", "N", "Transformer layers (architecture by fields; GPT-style defaults for the rest)."},
    {"hidden", "N", "Hidden size."},
    {"heads", "N", "Attention heads."},
    {"kv-heads", "N", "Key/value heads (GQA); default: heads."},
    {"head-dim", "N", "Head size; default hidden / heads."},
    {"ffn", "N", "MLP intermediate size; default 4 x hidden."},
    {"vocab", "N", "Vocabulary size; default 50257."},
    {"gated-mlp", "on|off", "Gated (SwiGLU) MLP with three matrices."},
    {"tied-embeddings", "on|off", "The LM head shares the input embedding."},
    {"experts", "N", "MoE experts per layer (1 = dense)."},
    {"top-k", "N", "MoE experts per token."},
    {"moe-ffn", "N", "MoE: intermediate size of one routed expert (default: --ffn)."},
    {"shared-experts", "N", "MoE: shared experts every token passes in each MoE layer (default 0)."},
    {"dense-layers", "N", "MoE: the first N layers keep a dense MLP of size --ffn (default 0)."},
    {"dropout", "on|off", "Dropout masks stored for backward (GPT-2/BERT style)."},
};
constexpr Opt kOtherOptions[] = {
    {"units", "GB|GiB", "Units for tables and CSV (JSON is always in bytes)."},
    // Config files set a base scenario; the options above override it (docs/scenario-format.md).
    {"scenario", "FILE", "A ShardScope scenario file (docs/scenario-format.md) as the base scenario."},
    {"deepspeed-config", "FILE", "A DeepSpeed config JSON: ZeRO stage, offload, fp16/bf16, batch sizes, buckets."},
    {"fsdp-config", "FILE", "An accelerate FSDP config YAML: sharding strategy, offload, mixed precision, processes."},
    {"megatron-args", "ARGS", "A Megatron-LM argument list (quoted): parallel sizes, model shape, batch, precision."},
    // Fine-tuning (issue 28): adapter configs onto the scenario.
    {"peft-config", "FILE", "A PEFT adapter_config.json: LoRA rank, alpha, target modules, DoRA."},
    {"torchtune-config", "FILE", "A torchtune LoRA/QLoRA recipe config YAML: model, adapters, batch, dtype, checkpointing."},
    // Issue 24: torchtitan's job config TOML.
    {"torchtitan-config", "FILE", "A torchtitan job config TOML: model flavour, parallel degrees, batch, sequence, "
                                  "checkpointing, compile (GPUs from --gpus)."},
};

void addOption(QCommandLineParser& parser, const char* name, const char* valueName, const char* help)
{
    if (valueName)
        parser.addOption(QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(valueName)));
    else
        parser.addOption(QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help)));
}

Architecture gptDefaults()
{
    Architecture a = gptShapeForParams(1300000000); // a starting point only; every field is overridden below
    a.id = "custom";
    a.name = "custom";
    a.layers = 24;
    a.hidden = 2048;
    a.heads = 16;
    a.kvHeads = 0;
    a.headDim = 0;
    a.ffn = 0;
    a.vocab = 50257;
    return a;
}

} // namespace

std::int64_t parseIntOption(const QString& value, const char* option, std::int64_t min, std::int64_t max)
{
    const std::int64_t v = parseCount(str(value), option);
    if (v < min || v > max)
        throw InvalidInput(option, std::string("--") + option + ": " + std::to_string(v) + " is out of range ("
                                       + std::to_string(min) + " to " + std::to_string(max) + ")");
    return v;
}

double parseDoubleOption(const QString& value, const char* option, double min, double max)
{
    bool ok = false;
    const double v = value.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        throw InvalidInput(option, std::string("--") + option + ": '" + str(value) + "' is not a number");
    if (v < min || v > max)
        throw InvalidInput(option, std::string("--") + option + ": " + str(value) + " is out of range ("
                                       + std::to_string(min) + " to " + std::to_string(max) + ")");
    return v;
}

bool parseOnOff(const QString& value, const char* option)
{
    const QString v = value.trimmed().toLower();
    if (v == QLatin1String("on") || v == QLatin1String("true") || v == QLatin1String("yes") || v == QLatin1String("1"))
        return true;
    if (v == QLatin1String("off") || v == QLatin1String("false") || v == QLatin1String("no") || v == QLatin1String("0"))
        return false;
    throw InvalidInput(option, std::string("--") + option + ": '" + str(value) + "' must be on or off");
}

void addScenarioOptions(QCommandLineParser& parser)
{
    for (const Opt& o : kModelOptions)
        addOption(parser, o.name, o.valueName, o.help);
    for (const Knob& k : knobs())
        if (k.option)
            addOption(parser, k.option, k.valueName, k.help);
    for (const Opt& o : kOtherOptions)
        addOption(parser, o.name, o.valueName, o.help);
}

ByteUnit unitsFromParser(const QCommandLineParser& p)
{
    if (!p.isSet(QStringLiteral("units")))
        return ByteUnit::GB;
    const QString u = p.value(QStringLiteral("units"));
    if (u.compare(QLatin1String("GB"), Qt::CaseInsensitive) == 0)
        return ByteUnit::GB;
    if (u.compare(QLatin1String("GiB"), Qt::CaseInsensitive) == 0)
        return ByteUnit::GiB;
    throw InvalidInput("units", "--units: '" + str(u) + "' must be GB or GiB");
}

namespace {
Scenario applyOptions(const QCommandLineParser& p, const QStringList& skip, Scenario s)
{
    auto has = [&](const char* n) {
        const QString name = QString::fromLatin1(n);
        return !skip.contains(name) && p.isSet(name);
    };
    auto val = [&](const char* n) { return p.value(QString::fromLatin1(n)); };
    auto intOpt = [&](const char* n, std::int64_t& target, std::int64_t min, std::int64_t max) {
        if (has(n))
            target = parseIntOption(val(n), n, min, max);
    };

    // --- the model: one source, then field overrides
    const int sources = int(has("model")) + int(has("hf-config")) + int(has("params"));
    if (sources > 1)
        throw InvalidInput("model", "--model, --hf-config and --params are alternatives: give one");
    const bool fields = has("layers") || has("hidden") || has("heads") || has("kv-heads") || has("ffn") || has("vocab")
        || has("head-dim") || has("experts") || has("top-k") || has("gated-mlp") || has("tied-embeddings")
        || has("moe-ffn") || has("shared-experts") || has("dense-layers");
    if (has("params") && fields)
        throw InvalidInput("params", "--params is a bare count; describe the architecture with --layers, --hidden, "
                                     "... instead, or give --model with overrides");
    if (has("model")) {
        const std::string id = str(val("model"));
        auto a = findModelPreset(id);
        if (!a) {
            std::string known;
            for (const auto& m : modelPresets())
                known += (known.empty() ? "" : ", ") + m.arch.id;
            throw InvalidInput("model", "--model: unknown model '" + id + "' (known: " + known + ")");
        }
        s.arch = *a;
    } else if (has("hf-config")) {
        s.arch = architectureFromHfConfigFile(val("hf-config"));
    } else if (has("params")) {
        setBareParams(s, parseCount(str(val("params")), "params"));
    } else if (fields) {
        s.arch = gptDefaults();
    }
    if (fields) {
        Architecture& a = s.arch;
        const bool custom = !has("model") && !has("hf-config");
        intOpt("layers", a.layers, 1, 100000);
        intOpt("hidden", a.hidden, 1, 1000000);
        intOpt("heads", a.heads, 1, 100000);
        intOpt("kv-heads", a.kvHeads, 1, 100000);
        intOpt("head-dim", a.headDim, 1, 100000);
        intOpt("ffn", a.ffn, 1, 10000000);
        intOpt("vocab", a.vocab, 1, 100000000);
        intOpt("experts", a.experts, 1, 100000);
        intOpt("top-k", a.topK, 1, 100000);
        intOpt("moe-ffn", a.moeFfn, 1, 10000000);
        intOpt("shared-experts", a.sharedExperts, 0, 1024);
        intOpt("dense-layers", a.denseLayers, 0, 100000);
        if (has("gated-mlp"))
            a.gatedMlp = parseOnOff(val("gated-mlp"), "gated-mlp");
        if (has("tied-embeddings"))
            a.tiedEmbeddings = parseOnOff(val("tied-embeddings"), "tied-embeddings");
        if (custom) {
            if (!has("heads"))
                a.heads = std::max<std::int64_t>(1, a.hidden / 128);
            if (!has("kv-heads"))
                a.kvHeads = a.heads;
            if (!has("ffn"))
                a.ffn = 4 * a.hidden;
            if (!has("head-dim"))
                a.headDim = 0;
        } else if (has("hidden") && !has("head-dim")) {
            a.headDim = 0; // follow hidden / heads
        }
        if (a.headDim == 0 && a.heads > 0 && a.hidden % a.heads == 0)
            a.headDim = a.hidden / a.heads;
        if (!custom)
            a.name += " (modified)";
        a.id = custom ? "custom" : a.id;
    }

    // --- every knob of core's table (knobs.h) that has an option, by its kind and range; the special ones below
    for (const Knob& k : knobs()) {
        if (!k.option || !k.generic() || !has(k.option))
            continue;
        const char* n = k.option;
        switch (k.kind) {
        case KnobKind::Count:
            if (k.optionScale == 1)
                k.set(s, double(parseIntOption(val(n), n, std::llround(k.min), std::llround(k.max))));
            else // bytes given in GB
                k.set(s, double(std::llround(parseDoubleOption(val(n), n, k.optionMin(), k.optionMax()) * k.optionScale)));
            break;
        case KnobKind::Real:
            // The option takes the range itself; 0 (the preset's figure) is the option left out.
            k.set(s, parseDoubleOption(val(n), n, k.optionMin(), k.optionMax()) * k.optionScale);
            break;
        case KnobKind::Switch: k.set(s, parseOnOff(val(n), n) ? 1 : 0); break;
        case KnobKind::Flag: k.set(s, 1); break;
        case KnobKind::Choice:
            if (!k.setKey(s, str(val(n))))
                throw InvalidInput(n, std::string("--") + n + ": '" + str(val(n)) + "' must be " + k.choices);
            break;
        case KnobKind::Text: k.setKey(s, str(val(n))); break;
        case KnobKind::Special: break;
        }
    }
    if (has("capacity-gb")) {
        s.capacityBytes = static_cast<std::int64_t>(std::llround(parseDoubleOption(val("capacity-gb"), "capacity-gb", 0.001, 1e6) * 1e9));
        if (!has("gpu"))
            s.gpu = "custom";
    }

    // --- precision
    if (has("recipe"))
        s.recipe = resolveRecipe(str(val("recipe")));
    if (has("optimizer")) {
        auto o = optimizerFromKey(str(val("optimizer")));
        if (!o) {
            std::string known;
            for (const auto& k : optimizerKeys())
                known += (known.empty() ? "" : ", ") + k;
            throw InvalidInput("optimizer", "--optimizer: unknown optimizer '" + str(val("optimizer")) + "' (known: " + known + ")");
        }
        s.optimizer = *o;
    }
    if (has("dropout"))
        s.arch.dropout = parseOnOff(val("dropout"), "dropout");
    for (const QString& t : p.values(QStringLiteral("no-term"))) {
        auto term = termFromKey(str(t));
        if (!term)
            throw InvalidInput("no-term", "--no-term: unknown term '" + str(t) + "'");
        s.termEnabled[static_cast<std::size_t>(*term)] = false;
    }

    if (skip.contains(QStringLiteral("gpus")))
        s.gpus = s.modelParallel();
    return s;
}
} // namespace

namespace {

/// The keys the --scenario file states (its "scenario" object's, or the top level's for a bare one): a stack's default
/// never replaces what the file says.
QStringList scenarioFileKeys(const QCommandLineParser& p)
{
    if (!p.isSet(QStringLiteral("scenario")))
        return {};
    const QString path = p.value(QStringLiteral("scenario"));
    const QJsonObject o = parseJsonObject(readConfigFile(path, "scenario"), path, "scenario");
    const QJsonValue inner = o.value(QStringLiteral("scenario"));
    return inner.isObject() ? inner.toObject().keys() : o.keys();
}

std::optional<StackProfile> stackFromParser(const QCommandLineParser& p)
{
    const std::string asked = str(p.value(QStringLiteral("stack")).trimmed().toLower());
    auto prof = stackProfile(asked);
    if (!prof) {
        std::string names;
        for (const std::string& k : stackKeys())
            names += (names.empty() ? "" : ", ") + k;
        throw InvalidInput("stack", "--stack: unknown stack '" + str(p.value(QStringLiteral("stack"))) + "' (known: " + names
                                        + "; a version after @, e.g. nemo@24.07)");
    }
    return prof;
}

} // namespace

Scenario scenarioFromParser(const QCommandLineParser& p, const QStringList& skip) { return scenarioFromParser(p, skip, nullptr); }

Scenario scenarioFromParser(const QCommandLineParser& p, const QStringList& skip, StackChoice* choice)
{
    StackChoice local;
    StackChoice* stack = choice ? choice : &local;
    Scenario base = scenarioBaseFromParser(p);
    // --stack: its defaults onto the base, for the knobs nobody stated (an option or a key of the --scenario file).
    std::vector<StackDefault> applied;
    if (!skip.contains(QStringLiteral("stack")) && p.isSet(QStringLiteral("stack"))) {
        stack->profile = stackFromParser(p);
        const QStringList fileKeys = scenarioFileKeys(p);
        StackProfile unstated = *stack->profile;
        unstated.defaults.clear();
        for (const StackDefault& d : stack->profile->defaults) {
            const Knob* k = findKnobByKey(d.knob);
            const bool optionGiven = k && k->option && !skip.contains(QString::fromLatin1(k->option))
                && p.isSet(QString::fromLatin1(k->option));
            if (optionGiven || fileKeys.contains(QString::fromStdString(d.knob)))
                stack->replaced.push_back(d);
            else
                unstated.defaults.push_back(d);
        }
        applied = applyStack(unstated, base);
    }
    // --scenario is the base; the options give model and layout; the config files apply onto that
    // (their derivations need the model and TP x PP); then the options again, so they win.
    Scenario s = applyOptions(p, skip, std::move(base));
    if (hasConfigImports(p)) {
        ImportReport report;
        s = applyOptions(p, skip, applyConfigImports(p, s, &report));
        printImportNotes(report);
    }
    // The default sequence (4096) is longer than a model with learned positions can take (GPT-2: 1024).
    // When nobody chose the sequence, use the model's context and say so; a chosen one is checked as given.
    if (!p.isSet(QStringLiteral("seq")) && !p.isSet(QStringLiteral("scenario")) && !hasConfigImports(p)
        && s.arch.maxPositions > 0 && s.seq > s.arch.maxPositions) {
        s.seq = s.arch.maxPositions;
        ImportReport report;
        report.notes << QCoreApplication::translate("shardscope::Import", "--seq not given: using %1's context of %2 tokens (its learned positions)")
                            .arg(QString::fromStdString(s.arch.name))
                            .arg(s.seq);
        printImportNotes(report);
    }
    // --vpp is the interleaved schedule's count (issue 30: never ignored silently). Megatron-Core picks the
    // interleaved schedule whenever a virtual pipeline size is set (megatron/core/pipeline_parallel/schedules.py,
    // get_forward_backward_func), so --vpp alone selects it; against an explicit other schedule it is refused.
    if (p.isSet(QStringLiteral("vpp")) && s.vpp > 1 && s.schedule != PipelineSchedule::Interleaved) {
        if (p.isSet(QStringLiteral("schedule")))
            throw InvalidInput("vpp", "--vpp: " + std::to_string(s.vpp) + " model chunks per GPU need --schedule interleaved (--schedule "
                                          + scheduleKey(s.schedule) + " runs one chunk per GPU)");
        ImportReport report;
        if (s.pp > 1) {
            s.schedule = PipelineSchedule::Interleaved;
            report.notes << QCoreApplication::translate("shardscope::Import", "--vpp %1 without --schedule: using the interleaved schedule")
                                .arg(s.vpp);
        } else {
            report.notes << QCoreApplication::translate("shardscope::Import", "--vpp %1 has no effect without a pipeline (PP 1)").arg(s.vpp);
        }
        printImportNotes(report);
    }
    validateScenario(s);
    // What an imported config replaced is no longer assumed.
    for (const StackDefault& d : applied)
        (stackDefaultHolds(d, s) ? stack->assumed : stack->replaced).push_back(d);
    // No --stack: the scenario file's stack (the window saves the one it applied), its defaults as the scenario holds them.
    if (!stack->profile && !s.stack.empty()) {
        stack->profile = stackProfile(s.stack);
        if (stack->profile)
            for (const StackDefault& d : stack->profile->defaults)
                (stackDefaultHolds(d, s) ? stack->assumed : stack->replaced).push_back(d);
    }
    return s;
}

} // namespace shardscope
