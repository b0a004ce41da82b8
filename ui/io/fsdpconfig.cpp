// SPDX-License-Identifier: MIT
#include "fsdpconfig.h"

#include "configreader_p.h"

#include <yaml-cpp/yaml.h>

#include <QCoreApplication>
#include <QJsonArray>

namespace shardscope {

using detail::ConfigContext;
using detail::JsonNode;

namespace {

const char* kField = "fsdp-config";

QString markText(const YAML::Mark& m)
{
    return QCoreApplication::translate("shardscope::Import", "line %1, column %2").arg(m.line + 1).arg(m.column + 1);
}

/// An accelerate config holds a few dozen values: bound the walk, so that aliases that refer to each
/// other (an "alias bomb": each level doubles the nodes a walk visits) or a file of 250,000 keys are
/// refused at once instead of taking minutes and gigabytes.
constexpr int kMaxYamlNodes = 10000;
constexpr std::size_t kMaxYamlKeys = 1000;

/// YAML to JSON: scalars stay strings (JsonNode reads them leniently); `where` learns each key's place.
QJsonValue toJson(const YAML::Node& n, const QString& path, ConfigContext& c, int depth, int& budget)
{
    if (depth > 64)
        c.fail(path, QCoreApplication::translate("shardscope::Import", "nested more than 64 levels deep"));
    if (--budget < 0)
        c.fail(path.isEmpty() ? detail::topLevelPath() : path,
               QCoreApplication::translate("shardscope::Import", "more than %1 values (aliases that expand without end?); an accelerate config has a "
                              "few dozen")
                   .arg(kMaxYamlNodes));
    switch (n.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return QJsonValue();
    case YAML::NodeType::Scalar:
        return QString::fromStdString(n.Scalar());
    case YAML::NodeType::Sequence: {
        if (n.size() > kMaxYamlKeys)
            c.fail(path, QCoreApplication::translate("shardscope::Import", "a list of %1 items; an accelerate config has short lists").arg(n.size()));
        QJsonArray a;
        int i = 0;
        for (auto it = n.begin(); it != n.end(); ++it, ++i)
            a.append(toJson(*it, path + QStringLiteral("[%1]").arg(i), c, depth + 1, budget));
        return a;
    }
    case YAML::NodeType::Map: {
        if (n.size() > kMaxYamlKeys)
            c.fail(path.isEmpty() ? detail::topLevelPath() : path,
                   QCoreApplication::translate("shardscope::Import", "%1 keys; an accelerate config has a few dozen (at most %2 here)").arg(n.size()).arg(kMaxYamlKeys));
        QJsonObject o;
        for (auto it = n.begin(); it != n.end(); ++it) {
            if (!it->first.IsScalar())
                c.fail(path, QCoreApplication::translate("shardscope::Import", "keys must be plain names (%1)").arg(markText(it->first.Mark())));
            const QString key = QString::fromStdString(it->first.Scalar());
            const QString p = path.isEmpty() ? key : path + QLatin1Char('.') + key;
            c.where.insert(p, markText(it->first.Mark()));
            o.insert(key, toJson(it->second, p, c, depth + 1, budget));
        }
        return o;
    }
    }
    return QJsonValue();
}

const QStringList kTopNoEffect = {
    QStringLiteral("compute_environment"), QStringLiteral("debug"),          QStringLiteral("downcast_bf16"),
    QStringLiteral("enable_cpu_affinity"), QStringLiteral("machine_rank"),   QStringLiteral("main_process_ip"),
    QStringLiteral("main_process_port"),   QStringLiteral("main_training_function"), QStringLiteral("rdzv_backend"),
    QStringLiteral("same_network"),        QStringLiteral("tpu_env"),        QStringLiteral("tpu_use_cluster"),
    QStringLiteral("tpu_use_sudo"),        QStringLiteral("use_cpu"),        QStringLiteral("gpu_ids"),
    QStringLiteral("dynamo_config"),       QStringLiteral("distributed_type"),
};
const QStringList kFsdpNoEffect = {
    QStringLiteral("fsdp_auto_wrap_policy"),      QStringLiteral("fsdp_transformer_layer_cls_to_wrap"),
    QStringLiteral("fsdp_state_dict_type"),       QStringLiteral("fsdp_sync_module_states"),
    QStringLiteral("fsdp_use_orig_params"),       QStringLiteral("fsdp_cpu_ram_efficient_loading"),
    QStringLiteral("fsdp_min_num_params"),        QStringLiteral("fsdp_forward_prefetch"),
    QStringLiteral("fsdp_version"),               QStringLiteral("fsdp_limit_all_gathers"),
};

int stageOfStrategy(const QString& v, ConfigContext& c, const QString& path, ImportReport* report, bool& hybrid)
{
    const QString u = v.trimmed().toUpper();
    hybrid = false;
    // torch.distributed.fsdp.ShardingStrategy: FULL_SHARD = 1, SHARD_GRAD_OP = 2, NO_SHARD = 3,
    // HYBRID_SHARD = 4, _HYBRID_SHARD_ZERO2 = 5 (accelerate accepts the names and the numbers).
    if (u == QLatin1String("FULL_SHARD") || u == QLatin1String("1"))
        return 3;
    if (u == QLatin1String("SHARD_GRAD_OP") || u == QLatin1String("2"))
        return 2;
    if (u == QLatin1String("NO_SHARD") || u == QLatin1String("3"))
        return 0;
    if (u == QLatin1String("HYBRID_SHARD") || u == QLatin1String("4")) {
        hybrid = true;
        return 3;
    }
    if (u == QLatin1String("_HYBRID_SHARD_ZERO2") || u == QLatin1String("HYBRID_SHARD_ZERO2") || u == QLatin1String("5")) {
        hybrid = true;
        return 2;
    }
    (void)report;
    c.fail(path, QCoreApplication::translate("shardscope::Import", "'%1' must be FULL_SHARD, SHARD_GRAD_OP, NO_SHARD, HYBRID_SHARD (or 1-4)").arg(v));
}

} // namespace

Scenario scenarioFromFsdpConfig(const QByteArray& yaml, const QString& origin, const Scenario& base, ImportReport* report)
{
    ConfigContext c(origin, kField, report);
    c.lenientScalars = true;
    if (yaml.trimmed().isEmpty())
        throw InvalidInput(kField, QString(origin + QStringLiteral(": ") + QCoreApplication::translate("shardscope::Import", "the file is empty (expected an accelerate config YAML)")).toStdString());
    requireUtf8(yaml, origin, kField);
    if (yaml.count(':') > 20000 || yaml.count('\n') > 20000 || yaml.count('&') > 1000 || yaml.count('*') > 1000)
        throw InvalidInput(kField, QString(origin + QStringLiteral(": ")
                                           + QCoreApplication::translate("shardscope::Import", "far too many keys, lines or aliases for an accelerate "
                                                                        "config (it has a few dozen keys)"))
                                       .toStdString());
    YAML::Node doc;
    try {
        doc = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception& e) {
        throw InvalidInput(kField, QString(origin + QStringLiteral(": ") + markText(e.mark) + QStringLiteral(": ")
                                           + QString::fromStdString(e.msg) + QCoreApplication::translate("shardscope::Import", " (is the file truncated?)"))
                                       .toStdString());
    }
    if (!doc.IsMap())
        throw InvalidInput(kField, QString(origin + QStringLiteral(": ") + QCoreApplication::translate("shardscope::Import", "expected a YAML mapping (key: value lines) at the top level"))
                                       .toStdString());
    {
        // An accelerate config names distributed_type or fsdp_config (accelerate writes both); another
        // YAML (or JSON, which YAML also reads) is the wrong file and must not change the stage.
        bool own = false;
        for (auto it = doc.begin(); it != doc.end() && !own; ++it)
            own = it->first.IsScalar()
                && (it->first.Scalar() == "distributed_type" || it->first.Scalar() == "fsdp_config");
        if (!own)
            throw InvalidInput(kField, QString(origin + QStringLiteral(": ")
                                               + QCoreApplication::translate("shardscope::Import", "not an accelerate config: it has neither "
                                                                            "distributed_type nor fsdp_config"))
                                           .toStdString());
    }
    int budget = kMaxYamlNodes;
    const QJsonValue j = toJson(doc, QString(), c, 0, budget);
    JsonNode root(c, j.toObject(), QString());
    Scenario s = base;

    const auto type = root.string("distributed_type");
    if (type.present && type.value.toUpper() != QLatin1String("FSDP")) {
        const QString t = type.value.toUpper();
        if (t == QLatin1String("DEEPSPEED"))
            c.fail(QStringLiteral("distributed_type"),
                   QCoreApplication::translate("shardscope::Import", "this accelerate config uses DeepSpeed: pass its deepspeed_config_file with "
                                  "--deepspeed-config"));
        if (t != QLatin1String("MULTI_GPU") && t != QLatin1String("NO"))
            c.fail(QStringLiteral("distributed_type"), QCoreApplication::translate("shardscope::Import", "'%1': expected FSDP (or MULTI_GPU for DDP)").arg(type.value));
        s.zeroStage = 0;
        s.offloadOptimizer = OffloadDevice::None;
        s.offloadParams = OffloadDevice::None;
        c.note(QCoreApplication::translate("shardscope::Import", "distributed_type %1: plain data parallelism, ZeRO stage 0").arg(type.value));
    }

    bool hybrid = false;
    if (root.has("fsdp_config")) {
        JsonNode f = root.child("fsdp_config");
        const auto strategy = f.string("fsdp_sharding_strategy");
        const auto reshard = f.boolean("fsdp_reshard_after_forward");
        if (strategy.present) {
            s.zeroStage = stageOfStrategy(strategy.value, c, f.path("fsdp_sharding_strategy"), report, hybrid);
        } else if (reshard.present && !reshard.isAuto) {
            s.zeroStage = reshard.value ? 3 : 2; // FSDP2: reshard after forward = FULL_SHARD
        } else {
            s.zeroStage = 3;
            c.note(QCoreApplication::translate("shardscope::Import", "fsdp_config.fsdp_sharding_strategy not given: FULL_SHARD (FSDP's default), ZeRO stage 3"));
        }
        if (hybrid)
            c.note(QCoreApplication::translate("shardscope::Import", "HYBRID_SHARD shards within a node (%1 GPUs) and replicates across nodes: modelled "
                                  "as sharding over all %2 data-parallel ranks, which understates model states on "
                                  "more than one node")
                       .arg(s.gpusPerNode)
                       .arg(s.dp()));
        const auto offload = f.boolean("fsdp_offload_params");
        if (offload.present && !offload.isAuto && offload.value) {
            s.offloadOptimizer = s.zeroStage >= 1 ? OffloadDevice::Cpu : OffloadDevice::None;
            s.offloadParams = s.zeroStage == 3 ? OffloadDevice::Cpu : OffloadDevice::None;
            c.note(s.zeroStage == 3
                       ? QCoreApplication::translate("shardscope::Import", "fsdp_offload_params: params, grads and the optimizer step on CPU (offload "
                                        "params and optimizer: cpu)")
                       : QCoreApplication::translate("shardscope::Import", "fsdp_offload_params at ZeRO stage %1: modelled as optimizer offload only "
                                        "(parameter offload needs full sharding)")
                             .arg(s.zeroStage));
        } else if (offload.present) {
            s.offloadOptimizer = OffloadDevice::None;
            s.offloadParams = OffloadDevice::None;
        }
        const auto ckpt = f.boolean("fsdp_activation_checkpointing");
        if (ckpt.present && !ckpt.isAuto && ckpt.value)
            s.checkpointing = Checkpointing::Full;
        else if (ckpt.present)
            c.note(QCoreApplication::translate("shardscope::Import", "fsdp_activation_checkpointing off: checkpointing left to the model code, the "
                                  "scenario's '%1'")
                       .arg(QLatin1String(checkpointingKey(s.checkpointing))));
        const auto prefetch = f.string("fsdp_backward_prefetch");
        if (prefetch.present && !prefetch.isAuto) {
            const QString p = prefetch.value.toUpper();
            if (p == QLatin1String("NO_PREFETCH"))
                s.zero3PrefetchUnits = 0;
            else if (p == QLatin1String("BACKWARD_PRE") || p == QLatin1String("BACKWARD_POST"))
                s.zero3PrefetchUnits = 1;
            else
                c.fail(f.path("fsdp_backward_prefetch"),
                       QCoreApplication::translate("shardscope::Import", "'%1' must be BACKWARD_PRE, BACKWARD_POST or NO_PREFETCH").arg(prefetch.value));
        }
        f.finish(kFsdpNoEffect);
    } else if (!type.present || type.value.toUpper() == QLatin1String("FSDP")) {
        s.zeroStage = 3;
        c.note(QCoreApplication::translate("shardscope::Import", "no fsdp_config block: FULL_SHARD (FSDP's default), ZeRO stage 3"));
    }

    const auto mp = root.string("mixed_precision");
    if (mp.present && !mp.isAuto) {
        const QString m = mp.value.toLower();
        if (m == QLatin1String("no"))
            s.recipe = resolveRecipe("fp32");
        else if (m == QLatin1String("fp16") || m == QLatin1String("bf16"))
            s.recipe = resolveRecipe("mixed");
        else if (m == QLatin1String("fp8"))
            s.recipe = resolveRecipe("fp8-mixed");
        else
            c.fail(QStringLiteral("mixed_precision"), QCoreApplication::translate("shardscope::Import", "'%1' must be no, fp16, bf16 or fp8").arg(mp.value));
        c.note(QCoreApplication::translate("shardscope::Import", "mixed_precision %1: recipe %2 (%3 B/param)")
                   .arg(mp.value, QString::fromStdString(s.recipe.id))
                   .arg(s.recipe.total()));
    }

    const auto procs = root.integer("num_processes", 1, 1048576);
    const auto machines = root.integer("num_machines", 1, 65536);
    if (procs.present && !procs.isAuto) {
        s.gpus = procs.value;
        const std::int64_t m = machines.present && !machines.isAuto ? machines.value : 1;
        if (s.gpus % m != 0)
            c.fail(QStringLiteral("num_processes"),
                   QCoreApplication::translate("shardscope::Import", "%1 processes do not split evenly over %2 machines").arg(s.gpus).arg(m));
        if (m > 1)
            s.gpusPerNode = s.gpus / m;
        else if (s.gpusPerNode < s.gpus)
            s.gpusPerNode = s.gpus;
        c.note(QCoreApplication::translate("shardscope::Import", "num_processes %1 on %2 machine(s): %1 GPUs, %3 per node").arg(s.gpus).arg(m).arg(s.gpusPerNode));
    } else if (machines.present && !machines.isAuto) {
        s.gpus = machines.value * s.gpusPerNode;
        c.note(QCoreApplication::translate("shardscope::Import", "num_machines %1 without num_processes: %1 x %2 GPUs per node = %3 GPUs")
                   .arg(machines.value)
                   .arg(s.gpusPerNode)
                   .arg(s.gpus));
    }
    root.finish(kTopNoEffect);
    return s;
}

Scenario scenarioFromFsdpConfigFile(const QString& path, const Scenario& base, ImportReport* report)
{
    return scenarioFromFsdpConfig(readConfigFile(path, kField), path, base, report);
}

QByteArray fsdpConfigFromScenario(const Scenario& s, ExportReport* report)
{
    auto warn = [&](const QString& w) {
        if (report)
            report->warnings << w;
    };
    auto note = [&](const QString& n) {
        if (report)
            report->notes << n;
    };
    QString strategy;
    switch (s.zeroStage) {
    case 0:
        strategy = QStringLiteral("NO_SHARD");
        break;
    case 1:
        strategy = QStringLiteral("SHARD_GRAD_OP");
        warn(QCoreApplication::translate("shardscope::Import", "ZeRO-1: FSDP has no optimizer-only sharding; written as SHARD_GRAD_OP (ZeRO-2)"));
        break;
    case 2:
        strategy = QStringLiteral("SHARD_GRAD_OP");
        break;
    default:
        strategy = QStringLiteral("FULL_SHARD");
        break;
    }
    bool offload = false;
    if (s.offloadParams == OffloadDevice::Cpu && s.offloadOptimizer == OffloadDevice::Cpu)
        offload = true;
    else if (s.zeroStage == 2 && s.offloadOptimizer == OffloadDevice::Cpu && s.offloadParams == OffloadDevice::None)
        offload = true; // read back as optimizer offload at SHARD_GRAD_OP
    else if (s.offloadParams != OffloadDevice::None || s.offloadOptimizer != OffloadDevice::None) {
        offload = s.offloadParams != OffloadDevice::None || s.offloadOptimizer != OffloadDevice::None;
        warn(QCoreApplication::translate("shardscope::Import", "offload optimizer %1, params %2: FSDP offloads params, grads and optimizer to CPU together "
                            "(no NVMe); written as fsdp_offload_params: %3")
                 .arg(QLatin1String(offloadKey(s.offloadOptimizer)), QLatin1String(offloadKey(s.offloadParams)),
                      offload ? QStringLiteral("true") : QStringLiteral("false")));
    }
    QString mp;
    const std::string& r = s.recipe.id;
    if (r == "fp32")
        mp = QStringLiteral("'no'");
    else if (r == "fp8-mixed")
        mp = QStringLiteral("fp8");
    else
        mp = QStringLiteral("bf16");
    if (r != "fp32" && r != "mixed" && r != "fp8-mixed")
        warn(QCoreApplication::translate("shardscope::Import", "recipe %1: accelerate's mixed_precision knows no, fp16, bf16 and fp8; written as bf16 "
                            "(read back as recipe mixed)")
                 .arg(QString::fromStdString(r)));
    if (s.checkpointing != Checkpointing::Full)
        note(QCoreApplication::translate("shardscope::Import", "checkpointing %1: left to the model code (fsdp_activation_checkpointing: false)")
                 .arg(QLatin1String(checkpointingKey(s.checkpointing))));
    if (s.zero3PrefetchUnits > 1)
        warn(QCoreApplication::translate("shardscope::Import", "%1 prefetch units: FSDP prefetches one unit (BACKWARD_PRE)").arg(s.zero3PrefetchUnits));
    if (s.tp > 1 || s.pp > 1)
        note(QCoreApplication::translate("shardscope::Import", "TP %1 x PP %2: not part of an accelerate FSDP config").arg(s.tp).arg(s.pp));
    if (s.optimizer != Optimizer::RecipeDefault)
        note(QCoreApplication::translate("shardscope::Import", "optimizer %1: chosen in the training script, not in the accelerate config")
                 .arg(QLatin1String(optimizerKey(s.optimizer))));
    note(QCoreApplication::translate("shardscope::Import", "micro-batch %1, accumulation %2, sequence %3: training script arguments")
             .arg(s.microBatch)
             .arg(s.gradAccum)
             .arg(s.seq));
    const std::int64_t machines = (s.gpus + s.gpusPerNode - 1) / s.gpusPerNode;
    if (machines > 1 && s.gpus % s.gpusPerNode != 0)
        warn(QCoreApplication::translate("shardscope::Import", "%1 GPUs do not fill %2 nodes of %3 evenly").arg(s.gpus).arg(machines).arg(s.gpusPerNode));

    QString y;
    y += QStringLiteral("# accelerate config written by ShardScope %1\n").arg(QCoreApplication::applicationVersion());
    y += QStringLiteral("compute_environment: LOCAL_MACHINE\n");
    y += QStringLiteral("distributed_type: FSDP\n");
    y += QStringLiteral("fsdp_config:\n");
    y += QStringLiteral("  fsdp_activation_checkpointing: %1\n").arg(s.checkpointing == Checkpointing::Full ? QStringLiteral("true") : QStringLiteral("false"));
    y += QStringLiteral("  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP\n");
    y += QStringLiteral("  fsdp_backward_prefetch: %1\n").arg(s.zero3PrefetchUnits > 0 ? QStringLiteral("BACKWARD_PRE") : QStringLiteral("NO_PREFETCH"));
    y += QStringLiteral("  fsdp_offload_params: %1\n").arg(offload ? QStringLiteral("true") : QStringLiteral("false"));
    y += QStringLiteral("  fsdp_sharding_strategy: %1\n").arg(strategy);
    y += QStringLiteral("  fsdp_state_dict_type: SHARDED_STATE_DICT\n");
    y += QStringLiteral("  fsdp_sync_module_states: true\n");
    y += QStringLiteral("  fsdp_use_orig_params: true\n");
    y += QStringLiteral("machine_rank: 0\n");
    y += QStringLiteral("mixed_precision: %1\n").arg(mp);
    y += QStringLiteral("num_machines: %1\n").arg(machines);
    y += QStringLiteral("num_processes: %1\n").arg(s.gpus);
    y += QStringLiteral("rdzv_backend: static\n");
    y += QStringLiteral("same_network: true\n");
    y += QStringLiteral("use_cpu: false\n");
    return y.toUtf8();
}

} // namespace shardscope
