// SPDX-License-Identifier: MIT
// Fine-tuning importers (issue 28): PEFT adapter_config.json and torchtune LoRA recipe YAML (finetuneconfig.h).
#include "finetuneconfig.h"

#include "shardscope/errors.h"
#include "shardscope/finetune.h"

#include <yaml-cpp/yaml.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <cmath>

namespace shardscope {

namespace {

const char* kPeftField = "peft-config";
const char* kTorchtuneField = "torchtune-config";

/// English only: these words are not in the window's translations yet (resources/translations).
QString en(const char* text) { return QString::fromUtf8(text); }

[[noreturn]] void fail(const char* field, const QString& origin, const QString& why)
{
    throw InvalidInput(field, "--" + std::string(field) + ": " + QString(origin + QStringLiteral(": ") + why).toStdString());
}

/// Runs `read` and words every refusal with the option first ("--peft-config: FILE: why"), as the command line
/// names the option of every bad input.
template <class Read>
Scenario namingTheOption(const char* field, Read&& read)
{
    try {
        return read();
    } catch (const InvalidInput& e) {
        const std::string prefix = "--" + std::string(field) + ": ";
        const std::string what = e.what();
        if (what.rfind(prefix, 0) == 0)
            throw;
        throw InvalidInput(field, prefix + what);
    }
}

void note(ImportReport* report, const QString& text)
{
    if (report)
        report->notes << text;
}

/// A list of module names as our targets, or a refusal naming them.
std::uint32_t targetsOf(const QStringList& names, const char* field, const QString& origin, const QString& key)
{
    const auto t = loraTargetsFromKey(names.join(QLatin1Char(',')).toStdString());
    if (!t)
        fail(field, origin,
             key + QStringLiteral(": ")
                 + en("'%1': only the linear layers q_proj, k_proj, v_proj, o_proj (output_proj), gate_proj, up_proj, "
                      "down_proj (w1, w3, w2) and lm_head (output) are modelled")
                       .arg(names.join(QStringLiteral(", "))));
    return *t;
}

/// A positive integer (LoRA rank) within the knob's range.
std::int64_t rankOf(double v, const char* field, const QString& origin, const QString& key)
{
    if (!std::isfinite(v) || v < 1 || v > 65536 || v != std::floor(v))
        fail(field, origin, key + QStringLiteral(": ") + en("the rank must be a whole number from 1 to 65536"));
    return std::int64_t(v);
}

} // namespace

Scenario scenarioFromPeftConfig(const QByteArray& json, const QString& origin, const Scenario& base, ImportReport* report)
{
    QJsonObject o;
    try {
        o = parseJsonObject(json, origin, kPeftField);
    } catch (const InvalidInput& e) {
        throw InvalidInput(kPeftField, "--" + std::string(kPeftField) + ": " + e.what());
    }
    const QString type = o.value(QLatin1String("peft_type")).toString();
    if (type != QLatin1String("LORA"))
        fail(kPeftField, origin,
             QStringLiteral("peft_type: ")
                 + (type.isEmpty() ? en("missing (not a PEFT adapter_config.json?)")
                                   : en("'%1' is not LoRA: LoRA and DoRA adapters are modelled").arg(type)));
    Scenario s = base;
    const bool dora = o.value(QLatin1String("use_dora")).toBool(false);
    s.finetune = dora ? FinetuneMethod::Dora
        : base.finetune == FinetuneMethod::Qlora ? FinetuneMethod::Qlora
                                                 : FinetuneMethod::Lora;
    if (!o.value(QLatin1String("r")).isDouble())
        fail(kPeftField, origin, QStringLiteral("r: ") + en("missing or not a number"));
    s.loraRank = rankOf(o.value(QLatin1String("r")).toDouble(), kPeftField, origin, QStringLiteral("r"));
    if (o.value(QLatin1String("lora_alpha")).isDouble()) {
        const double a = o.value(QLatin1String("lora_alpha")).toDouble();
        if (!(a >= 0 && a <= 1e6))
            fail(kPeftField, origin, QStringLiteral("lora_alpha: ") + en("must be from 0 to 1000000"));
        s.loraAlpha = a;
    }
    const QJsonValue tm = o.value(QLatin1String("target_modules"));
    if (tm.isNull() || tm.isUndefined()) {
        // PEFT's TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING (src/peft/utils/constants.py): llama, mistral,
        // mixtral, qwen2 and gemma adapt q_proj and v_proj.
        s.loraTargets = kLoraQ | kLoraV;
        note(report, en("target_modules is null: PEFT's default for Llama-style models, q_proj and v_proj"));
    } else if (tm.isString()) {
        const QString v = tm.toString();
        s.loraTargets = targetsOf(v == QLatin1String("all-linear") ? QStringList {v} : v.split(QLatin1Char(',')),
                                  kPeftField, origin, QStringLiteral("target_modules"));
    } else if (tm.isArray()) {
        QStringList names;
        const QJsonArray list = tm.toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            names << list.at(i).toString();
        s.loraTargets = targetsOf(names, kPeftField, origin, QStringLiteral("target_modules"));
    } else {
        fail(kPeftField, origin, QStringLiteral("target_modules: ") + en("must be a list of module names or a string"));
    }
    if (o.value(QLatin1String("modules_to_save")).isArray() && !o.value(QLatin1String("modules_to_save")).toArray().isEmpty())
        note(report, en("modules_to_save: fully trained modules beside the adapters are not modelled"));
    const QString bias = o.value(QLatin1String("bias")).toString(QStringLiteral("none"));
    if (bias != QLatin1String("none"))
        note(report, en("bias '%1': trained biases are not counted").arg(bias));
    if (!o.value(QLatin1String("rank_pattern")).toObject().isEmpty())
        note(report, en("rank_pattern: per-layer ranks are not modelled (r applies to every layer)"));
    if (!o.value(QLatin1String("layers_to_transform")).isNull() && !o.value(QLatin1String("layers_to_transform")).isUndefined())
        note(report, en("layers_to_transform: adapters on some layers only are not modelled (every layer counts)"));
    if (o.value(QLatin1String("lora_dropout")).toDouble(0) > 0)
        note(report, en("lora_dropout > 0: the dropped-out copy of each adapted input is not counted"));
    return s;
}

Scenario scenarioFromPeftConfigFile(const QString& path, const Scenario& base, ImportReport* report)
{
    return namingTheOption(kPeftField,
                           [&] { return scenarioFromPeftConfig(readConfigFile(path, kPeftField), path, base, report); });
}

namespace {

/// torchtune's model builders (torchtune/models/*/_model_builders.py) by the name after lora_ / qlora_.
struct Builder
{
    const char* name;
    const char* preset;
};
constexpr Builder kBuilders[] = {
    {"llama2_7b", "llama-2-7b"},     {"llama2_13b", "llama-2-13b"},   {"llama2_70b", "llama-2-70b"},
    {"llama3_8b", "llama-3-8b"},     {"llama3_1_8b", "llama-3-8b"},   {"llama3_70b", "llama-3-70b"},
    {"llama3_1_70b", "llama-3-70b"}, {"llama3_3_70b", "llama-3-70b"}, {"llama3_1_405b", "llama-3.1-405b"},
    {"mistral_7b", "mistral-7b"},
};

QString scalarOf(const YAML::Node& n)
{
    return n && n.IsScalar() ? QString::fromStdString(n.Scalar()) : QString();
}

bool boolOf(const YAML::Node& n, const QString& key, const QString& origin, bool fallback)
{
    if (!n || n.IsNull())
        return fallback;
    const QString v = scalarOf(n).toLower();
    if (v == QLatin1String("true") || v == QLatin1String("yes") || v == QLatin1String("on"))
        return true;
    if (v == QLatin1String("false") || v == QLatin1String("no") || v == QLatin1String("off"))
        return false;
    fail(kTorchtuneField, origin, key + QStringLiteral(": ") + en("'%1' must be True or False").arg(scalarOf(n)));
}

/// A count (batch size, accumulation steps, sequence length) within [1, max]; nullopt when absent or null.
std::optional<std::int64_t> countOf(const YAML::Node& n, const QString& key, const QString& origin, double max)
{
    if (!n || n.IsNull())
        return std::nullopt;
    bool ok = false;
    const double v = scalarOf(n).toDouble(&ok);
    if (!ok || !(v >= 1 && v <= max) || v != std::floor(v))
        fail(kTorchtuneField, origin,
             key + QStringLiteral(": ") + en("'%1' must be a whole number from 1 to %2").arg(scalarOf(n)).arg(max, 0, 'f', 0));
    return std::int64_t(v);
}

} // namespace

Scenario scenarioFromTorchtuneConfig(const QByteArray& yaml, const QString& origin, const Scenario& base, ImportReport* report)
{
    if (yaml.trimmed().isEmpty())
        fail(kTorchtuneField, origin, en("the file is empty (expected a torchtune recipe config YAML)"));
    try {
        requireUtf8(yaml, origin, kTorchtuneField);
    } catch (const InvalidInput& e) {
        throw InvalidInput(kTorchtuneField, "--" + std::string(kTorchtuneField) + ": " + e.what());
    }
    // A recipe config has a hundred lines; refuse alias bombs and huge files before yaml-cpp expands them.
    if (yaml.count('\n') > 20000 || yaml.count('&') > 100 || yaml.count('*') > 1000)
        fail(kTorchtuneField, origin, en("far too many lines or aliases for a torchtune recipe config"));
    YAML::Node doc;
    try {
        doc = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception& e) {
        fail(kTorchtuneField, origin,
             en("line %1, column %2: %3 (is the file truncated?)")
                 .arg(e.mark.line + 1)
                 .arg(e.mark.column + 1)
                 .arg(QString::fromStdString(e.msg)));
    }
    if (!doc.IsMap())
        fail(kTorchtuneField, origin, en("expected a YAML mapping (key: value lines) at the top level"));
    const YAML::Node model = doc["model"];
    if (!model || !model.IsMap() || !model["_component_"])
        fail(kTorchtuneField, origin, QStringLiteral("model: ") + en("missing model._component_ (not a torchtune recipe config?)"));
    const QString component = scalarOf(model["_component_"]);
    const QString builder = component.section(QLatin1Char('.'), -1);
    Scenario s = base;
    QString rest;
    if (builder.startsWith(QLatin1String("qlora_"))) {
        s.finetune = FinetuneMethod::Qlora;
        s.basePrecision = BasePrecision::Auto; // torchao NF4: blocks of 64, scales quantised in blocks of 256
        rest = builder.mid(6);
    } else if (builder.startsWith(QLatin1String("lora_"))) {
        s.finetune = FinetuneMethod::Lora;
        rest = builder.mid(5);
    } else {
        // A plain builder (torchtune.models.llama3_1.llama3_1_70b): full fine-tuning, every parameter trains
        // (full_finetune_distributed.py / full_finetune_single_device.py; issue 24). Those recipes build their
        // optimizer from the config's optimizer._component_ (_setup_optimizer(cfg.optimizer)): a file without one is
        // no full fine-tuning config.
        const YAML::Node optimizer = doc["optimizer"];
        if (!optimizer || !optimizer.IsMap() || !optimizer["_component_"])
            fail(kTorchtuneField, origin,
                 QStringLiteral("model._component_: ")
                     + en("'%1' is not a LoRA or QLoRA model builder, and without optimizer._component_ the file is no "
                          "full fine-tuning recipe config either")
                           .arg(component));
        s.finetune = FinetuneMethod::Full;
        rest = builder;
    }
    const bool full = s.finetune == FinetuneMethod::Full;
    bool known = false;
    for (const Builder& b : kBuilders)
        if (rest == QLatin1String(b.name)) {
            s.arch = *findModelPreset(b.preset);
            s.bareParams.reset();
            known = true;
        }
    if (!known)
        note(report, en("model %1: no preset of that builder; the scenario's model stays").arg(component));

    if (!full) { // the adapters (a LoRA, QLoRA or DoRA builder)
        std::uint32_t targets = 0;
        const YAML::Node attn = model["lora_attn_modules"];
        if (attn && attn.IsSequence()) {
            QStringList names;
            for (const auto& n : attn)
                names << scalarOf(n);
            if (!names.isEmpty())
                targets |= targetsOf(names, kTorchtuneField, origin, QStringLiteral("model.lora_attn_modules"));
        }
        if (boolOf(model["apply_lora_to_mlp"], QStringLiteral("model.apply_lora_to_mlp"), origin, false))
            targets |= kLoraGate | kLoraUp | kLoraDown;
        if (boolOf(model["apply_lora_to_output"], QStringLiteral("model.apply_lora_to_output"), origin, false))
            targets |= kLoraHead;
        if (targets == 0)
            fail(kTorchtuneField, origin, QStringLiteral("model.lora_attn_modules: ") + en("no linear layer gets an adapter"));
        s.loraTargets = targets;
        if (const auto r = countOf(model["lora_rank"], QStringLiteral("model.lora_rank"), origin, 65536))
            s.loraRank = *r;
        if (model["lora_alpha"]) {
            bool ok = false;
            const double a = scalarOf(model["lora_alpha"]).toDouble(&ok);
            if (!ok || !(a >= 0 && a <= 1e6))
                fail(kTorchtuneField, origin, QStringLiteral("model.lora_alpha: ") + en("must be a number from 0 to 1000000"));
            s.loraAlpha = a;
        }
        if (boolOf(model["use_dora"], QStringLiteral("model.use_dora"), origin, false)) {
            if (s.finetune == FinetuneMethod::Qlora)
                s.basePrecision = BasePrecision::Nf4;
            s.finetune = FinetuneMethod::Dora;
        }
    }

    if (const auto b = countOf(doc["batch_size"], QStringLiteral("batch_size"), origin, 65536))
        s.microBatch = *b;
    if (const auto g = countOf(doc["gradient_accumulation_steps"], QStringLiteral("gradient_accumulation_steps"), origin, 1000000))
        s.gradAccum = *g;
    const YAML::Node tok = doc["tokenizer"];
    if (tok && tok.IsMap()) {
        if (const auto q = countOf(tok["max_seq_len"], QStringLiteral("tokenizer.max_seq_len"), origin, 16777216))
            s.seq = *q;
        else
            note(report, en("tokenizer.max_seq_len is null (samples are as long as the data makes them): the "
                            "scenario's sequence length stays"));
    }
    // torchtune trains in the dtype throughout: bf16 weights, grads and AdamW moments, no fp32 master copy.
    const QString dtype = scalarOf(doc["dtype"]);
    if (dtype == QLatin1String("bf16") || dtype == QLatin1String("fp16"))
        s.recipe = resolveRecipe("fp16-no-master-16bit-adam");
    else if (dtype == QLatin1String("fp32"))
        s.recipe = resolveRecipe("fp32");
    s.checkpointing = boolOf(doc["enable_activation_checkpointing"], QStringLiteral("enable_activation_checkpointing"),
                             origin, false)
        ? Checkpointing::Full
        : Checkpointing::None;
    s.activationOffload = boolOf(doc["enable_activation_offloading"], QStringLiteral("enable_activation_offloading"),
                                 origin, false);
    s.compiled = boolOf(doc["compile"], QStringLiteral("compile"), origin, false);
    s.optimizerInBackward = boolOf(doc["optimizer_in_bwd"], QStringLiteral("optimizer_in_bwd"), origin, false);
    const QString loss = scalarOf(doc["loss"] ? doc["loss"]["_component_"] : YAML::Node());
    // torchtune.modules.loss.CEWithChunkedOutputLoss: num_output_chunks = 8 (its default).
    s.lossChunks = loss.endsWith(QLatin1String("CEWithChunkedOutputLoss")) ? 8 : 1;
    const QString opt = scalarOf(doc["optimizer"] ? doc["optimizer"]["_component_"] : YAML::Node());
    if (opt.contains(QLatin1String("8bit"), Qt::CaseInsensitive))
        s.optimizer = Optimizer::Adam8bit;
    s.pagedOptimizer = opt.contains(QLatin1String("Paged"));
    // fsdp_cpu_offload (the distributed recipes): FSDP2's CPUOffloadPolicy keeps the sharded parameters, their
    // gradients and the optimizer states in host memory and steps the optimizer there.
    if (boolOf(doc["fsdp_cpu_offload"], QStringLiteral("fsdp_cpu_offload"), origin, false)) {
        s.offloadParams = OffloadDevice::Cpu;
        s.offloadOptimizer = OffloadDevice::Cpu;
    }
    s.fsdpReshardAfterForward = boolOf(doc["fsdp_reshard_after_forward"], QStringLiteral("fsdp_reshard_after_forward"),
                                       origin, true);
    if (const auto tp = countOf(doc["tensor_parallel_dim"], QStringLiteral("tensor_parallel_dim"), origin, 1048576)) {
        if (s.gpus % *tp != 0)
            fail(kTorchtuneField, origin,
                 QStringLiteral("tensor_parallel_dim: ") + en("%1 does not divide the %2 GPUs").arg(*tp).arg(s.gpus));
        s.tp = *tp;
        s.sequenceParallel = *tp > 1; // torchtune's TP plans shard the norms' inputs (SequenceParallel)
    }
    // The single-device recipes run one GPU (plain PyTorch: DDP's conventions at d = 1, no buckets); the distributed
    // ones shard with FSDP2 (lora_finetune_distributed.py).
    if (s.gpus == 1) {
        s.framework = Framework::Ddp;
        s.zeroStage = 0;
        if (s.offloadParams != OffloadDevice::None) {
            s.offloadParams = s.offloadOptimizer = OffloadDevice::None;
            note(report, en("fsdp_cpu_offload: a distributed recipe's setting; one GPU runs the single-device recipe "
                            "without it"));
        }
    } else {
        s.framework = Framework::Fsdp2;
        s.zeroStage = 3;
        note(report, (full ? en("%1 GPUs: torchtune's distributed recipe, FSDP2 sharding the model, its gradients and "
                                "the optimizer states")
                           : en("%1 GPUs: torchtune's distributed recipe, FSDP2 sharding the frozen base and the adapters"))
                         .arg(s.gpus));
    }
    return s;
}

Scenario scenarioFromTorchtuneConfigFile(const QString& path, const Scenario& base, ImportReport* report)
{
    return namingTheOption(kTorchtuneField, [&] {
        return scenarioFromTorchtuneConfig(readConfigFile(path, kTorchtuneField), path, base, report);
    });
}

} // namespace shardscope
