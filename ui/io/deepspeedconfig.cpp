// SPDX-License-Identifier: MIT
#include "deepspeedconfig.h"

#include "configreader_p.h"

#include "shardscope/errors.h"
#include "shardscope/frameworkdefaults.h"
#include "shardscope/units.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace shardscope {

using detail::ConfigContext;
using detail::JsonNode;
using detail::Value;

namespace {

const char* kField = "deepspeed-config";

// Keys DeepSpeed knows that change nothing ShardScope models: named once in one "ignored" line.
const QStringList kTopNoEffect = {
    QStringLiteral("gradient_clipping"),      QStringLiteral("steps_per_print"),
    QStringLiteral("wall_clock_breakdown"),   QStringLiteral("scheduler"),
    QStringLiteral("prescale_gradients"),     QStringLiteral("gradient_predivide_factor"),
    QStringLiteral("tensorboard"),            QStringLiteral("wandb"),
    QStringLiteral("csv_monitor"),            QStringLiteral("comet"),
    QStringLiteral("flops_profiler"),         QStringLiteral("comms_logger"),
    QStringLiteral("zero_allow_untested_optimizer"), QStringLiteral("zero_force_ds_cpu_optimizer"),
    QStringLiteral("dump_state"),             QStringLiteral("memory_breakdown"),
    QStringLiteral("sparse_gradients"),       QStringLiteral("communication_data_type"),
    QStringLiteral("seq_parallel_communication_data_type"), QStringLiteral("checkpoint"),
    QStringLiteral("elasticity"),             QStringLiteral("autotuning"),
    QStringLiteral("aio"),                    QStringLiteral("data_efficiency"),
    QStringLiteral("curriculum_learning"),    QStringLiteral("compression_training"),
    QStringLiteral("timers"),                 QStringLiteral("gradient_accumulation_dtype"),
};
const QStringList kZeroNoEffect = {
    QStringLiteral("overlap_comm"),
    QStringLiteral("contiguous_gradients"),
    QStringLiteral("sub_group_size"),
    QStringLiteral("stage3_max_reuse_distance"),
    QStringLiteral("stage3_gather_16bit_weights_on_model_save"),
    QStringLiteral("stage3_gather_fp16_weights_on_model_save"),
    QStringLiteral("gather_16bit_weights_on_model_save"),
    QStringLiteral("round_robin_gradients"),
    QStringLiteral("allgather_partitions"),
    QStringLiteral("reduce_scatter"),
    QStringLiteral("load_from_fp32_weights"),
    QStringLiteral("elastic_checkpoint"),
    QStringLiteral("ignore_unused_parameters"),
    QStringLiteral("legacy_stage1"),
    QStringLiteral("zero_hpz_partition_size"),
    QStringLiteral("zero_quantized_weights"),
    QStringLiteral("zero_quantized_gradients"),
    QStringLiteral("mics_shard_size"),
    QStringLiteral("mics_hierarchical_params_gather"),
    QStringLiteral("memory_efficient_linear"),
    QStringLiteral("pipeline_loading_checkpoint"),
    QStringLiteral("override_module_apply"),
    QStringLiteral("use_all_reduce_for_fetch_params"),
    QStringLiteral("stage3_module_granularity_threshold"),
    QStringLiteral("log_trace_cache_warnings"),
};
const QStringList kOffloadNoEffect = {QStringLiteral("pin_memory"),  QStringLiteral("nvme_path"),
                                      QStringLiteral("buffer_count"), QStringLiteral("buffer_size"),
                                      QStringLiteral("fast_init"),   QStringLiteral("max_in_cpu"),
                                      QStringLiteral("pipeline_read"), QStringLiteral("pipeline_write")};
const QStringList kPrecisionNoEffect = {QStringLiteral("auto_cast"),       QStringLiteral("loss_scale"),
                                        QStringLiteral("initial_scale_power"), QStringLiteral("loss_scale_window"),
                                        QStringLiteral("hysteresis"),      QStringLiteral("consecutive_hysteresis"),
                                        QStringLiteral("min_loss_scale"),  QStringLiteral("fp16_master_weights_and_grads"),
                                        QStringLiteral("immediate_grad_update"), QStringLiteral("check_grad_overflow")};
const QStringList kCheckpointingKnown = {QStringLiteral("partition_activations"), QStringLiteral("cpu_checkpointing"),
                                         QStringLiteral("contiguous_memory_optimization"),
                                         QStringLiteral("number_checkpoints"),
                                         QStringLiteral("synchronize_checkpoint_boundary"), QStringLiteral("profile")};

QString count(std::int64_t v) { return QString::fromStdString(withThousands(v)); }

OffloadDevice readDevice(JsonNode& n, ConfigContext& c)
{
    const auto d = n.string("device");
    if (!d.present)
        return OffloadDevice::None; // DeepSpeed's default device is "none"
    if (d.isAuto)
        c.fail(n.path("device"), QCoreApplication::translate("shardscope::Import", "'auto' is not a device: use none, cpu or nvme"));
    const auto dev = offloadFromKey(d.value.toLower().toStdString());
    if (!dev)
        c.fail(n.path("device"), QCoreApplication::translate("shardscope::Import", "'%1' must be none, cpu or nvme").arg(d.value));
    return *dev;
}

Optimizer optimizerFromType(const QString& type, JsonNode& opt, ConfigContext& c)
{
    const QString t = type.toLower();
    if (t == QLatin1String("adam"))
        return Optimizer::Adam;
    if (t == QLatin1String("adamw"))
        return Optimizer::AdamW;
    if (t == QLatin1String("lion"))
        return Optimizer::Lion;
    if (t == QLatin1String("adafactor"))
        return Optimizer::Adafactor;
    if (t == QLatin1String("sgd")) {
        double momentum = 0; // torch.optim.SGD's default
        if (opt.has("params")) {
            JsonNode params = opt.child("params");
            const auto m = params.number("momentum");
            if (m.present && !m.isAuto)
                momentum = m.value;
            params.markAllSeen();
        }
        return momentum > 0 ? Optimizer::SgdMomentum : Optimizer::Sgd;
    }
    if (t == QLatin1String("onebitadam") || t == QLatin1String("zerooneadam") || t == QLatin1String("lamb")
        || t == QLatin1String("onebitlamb") || t == QLatin1String("fusedadam") || t == QLatin1String("cpuadam")
        || t == QLatin1String("muadam") || t == QLatin1String("muadamw")) {
        c.note(QCoreApplication::translate("shardscope::Import", "optimizer.type %1: modelled as Adam (two fp32 states per parameter)").arg(type));
        return Optimizer::Adam;
    }
    if (t == QLatin1String("adagrad")) {
        c.note(QCoreApplication::translate("shardscope::Import", "optimizer.type Adagrad: one fp32 state per parameter, modelled as SGD with momentum"));
        return Optimizer::SgdMomentum;
    }
    c.note(QCoreApplication::translate("shardscope::Import", "optimizer.type '%1' is not modelled: the recipe's optimizer states are assumed").arg(type));
    return Optimizer::RecipeDefault;
}

} // namespace

std::int64_t zero3UnitParams(const Scenario& s)
{
    const ParamCounts pc = countParams(s.arch);
    const std::int64_t t = std::max<std::int64_t>(1, s.tp);
    return std::max<std::int64_t>(1, std::max((pc.perLayer + t - 1) / t, (pc.embedding + t - 1) / t));
}

/// A DeepSpeed config names at least one of DeepSpeed's own top-level keys: anything else (a Hugging
/// Face config.json, a scenario file, an empty object) is the wrong file and must not change the scenario.
void requireDeepSpeedKeys(const QJsonObject& o, const ConfigContext& c)
{
    static const QStringList kOwn = QStringList {QStringLiteral("zero_optimization"), QStringLiteral("train_batch_size"),
                                                 QStringLiteral("train_micro_batch_size_per_gpu"),
                                                 QStringLiteral("gradient_accumulation_steps"), QStringLiteral("fp16"),
                                                 QStringLiteral("bf16"), QStringLiteral("amp"), QStringLiteral("optimizer"),
                                                 QStringLiteral("activation_checkpointing"), QStringLiteral("data_types")}
        + kTopNoEffect;
    for (auto it = o.begin(); it != o.end(); ++it)
        if (kOwn.contains(it.key()))
            return;
    QString hint;
    if (o.contains(QLatin1String("model_type")))
        hint = QStringLiteral(" (it looks like a Hugging Face config.json: use --hf-config)");
    else if (o.contains(QLatin1String("scenario")) || o.contains(QLatin1String("format")))
        hint = QStringLiteral(" (it looks like a ShardScope scenario file: use --scenario)");
    c.fail(detail::topLevelPath(),
           QCoreApplication::translate("shardscope::Import", "not a DeepSpeed config: none of DeepSpeed's keys (zero_optimization, train_batch_size, "
                          "train_micro_batch_size_per_gpu, fp16, bf16, optimizer, ...)")
               + hint);
}

Scenario scenarioFromDeepSpeedConfig(const QByteArray& json, const QString& origin, const Scenario& base,
                                     ImportReport* report)
{
    ConfigContext c(origin, kField, report);
    const QJsonObject top = parseJsonObject(json, origin, kField);
    requireDeepSpeedKeys(top, c);
    JsonNode root(c, top, QString());
    Scenario s = base;
    const std::int64_t h = s.arch.hidden;

    // --- ZeRO
    if (root.has("zero_optimization")) {
        JsonNode z = root.child("zero_optimization");
        const auto stage = z.integer("stage", 0, 3);
        if (stage.isAuto)
            c.fail(z.path("stage"), QCoreApplication::translate("shardscope::Import", "'auto' is not a stage: use 0, 1, 2 or 3"));
        s.zeroStage = stage.present ? static_cast<int>(stage.value) : 0;
        if (!stage.present)
            c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.stage not given: stage 0 (DeepSpeed's default)"));
        s.offloadOptimizer = OffloadDevice::None;
        s.offloadParams = OffloadDevice::None;
        if (z.has("offload_optimizer")) {
            JsonNode o = z.child("offload_optimizer");
            s.offloadOptimizer = readDevice(o, c);
            const auto ratio = o.number("ratio");
            if (ratio.present && !ratio.isAuto && ratio.value < 1)
                c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.offload_optimizer.ratio %1: partial offload is not modelled "
                                      "(all optimizer states offloaded)")
                           .arg(ratio.value));
            o.finish(kOffloadNoEffect);
        }
        if (z.has("offload_param")) {
            JsonNode o = z.child("offload_param");
            s.offloadParams = readDevice(o, c);
            o.finish(kOffloadNoEffect);
        }
        const auto legacyOpt = z.boolean("cpu_offload");
        if (legacyOpt.present && legacyOpt.value && s.offloadOptimizer == OffloadDevice::None)
            s.offloadOptimizer = OffloadDevice::Cpu;
        const auto legacyParam = z.boolean("cpu_offload_params");
        if (legacyParam.present && legacyParam.value && s.offloadParams == OffloadDevice::None)
            s.offloadParams = OffloadDevice::Cpu;
        if (s.offloadParams != OffloadDevice::None && s.zeroStage < 3) {
            c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.offload_param is ignored at stage %1: DeepSpeed offloads "
                                  "parameters only at stage 3")
                       .arg(s.zeroStage));
            s.offloadParams = OffloadDevice::None;
        }
        if (s.offloadOptimizer != OffloadDevice::None && s.zeroStage == 0) {
            c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.offload_optimizer is ignored at stage 0: DeepSpeed offloads "
                                  "the optimizer with stages 1-3"));
            s.offloadOptimizer = OffloadDevice::None;
        }

        const auto rb = z.integer("reduce_bucket_size", 0, 100000000000LL);
        if (rb.isAuto) {
            s.reduceBucketElements = h * h;
            c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.reduce_bucket_size is auto: hidden^2 = %1 elements (the Hugging "
                                  "Face Trainer's rule)")
                       .arg(count(h * h)));
        } else if (rb.present) {
            s.reduceBucketElements = rb.value;
        }
        const auto ab = z.integer("allgather_bucket_size", 0, 100000000000LL);
        if (ab.isAuto)
            c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.allgather_bucket_size is auto: the scenario's %1 elements")
                       .arg(count(s.allgatherBucketElements)));
        else if (ab.present)
            s.allgatherBucketElements = ab.value;

        const auto pbs = z.integer("stage3_prefetch_bucket_size", 0, 100000000000000LL);
        const auto live = z.integer("stage3_max_live_parameters", 0, 100000000000000LL);
        const auto persist = z.integer("stage3_param_persistence_threshold", 0, 100000000000000LL);
        if (pbs.present || live.present) { // read at every stage: the model uses them at stage 3
            const std::int64_t unit = zero3UnitParams(s);
            std::int64_t units = s.zero3PrefetchUnits;
            QString why;
            if (pbs.isAuto) {
                const std::int64_t v = static_cast<std::int64_t>(0.9 * double(h) * double(h));
                units = (v + unit - 1) / unit;
                why = QCoreApplication::translate("shardscope::Import", "stage3_prefetch_bucket_size is auto: 0.9 x hidden^2 = %1 elements (the Hugging "
                                     "Face Trainer's rule)")
                          .arg(count(v));
            } else if (pbs.present) {
                units = (pbs.value + unit - 1) / unit;
                why = QCoreApplication::translate("shardscope::Import", "stage3_prefetch_bucket_size %1 elements").arg(count(pbs.value));
            }
            if (live.present && !live.isAuto) {
                const std::int64_t cap = std::max<std::int64_t>(0, live.value / unit - 1);
                if (cap < units) {
                    units = cap;
                    why += (why.isEmpty() ? QString() : QStringLiteral(", "))
                        + QCoreApplication::translate("shardscope::Import", "capped by stage3_max_live_parameters %1 (room for %2 units in all)")
                              .arg(count(live.value))
                              .arg(live.value / unit);
                }
            }
            if (!why.isEmpty() || units != s.zero3PrefetchUnits)
                c.note(QCoreApplication::translate("shardscope::Import", "ZeRO-3 prefetch: %1 unit(s) of %2 params beside the one in use (%3)")
                           .arg(units)
                           .arg(count(unit), why.isEmpty() ? QCoreApplication::translate("shardscope::Import", "the scenario's") : why));
            s.zero3PrefetchUnits = std::min<std::int64_t>(units, 1000);
        }
        if (persist.present)
            c.note(QCoreApplication::translate("shardscope::Import", "zero_optimization.stage3_param_persistence_threshold: parameters below it stay "
                                  "unsharded; not modelled (norms and biases, a tiny share of the model)"));
        z.finish(kZeroNoEffect);
    } else {
        s.zeroStage = 0;
        s.offloadOptimizer = OffloadDevice::None;
        s.offloadParams = OffloadDevice::None;
        c.note(QCoreApplication::translate("shardscope::Import", "no zero_optimization block: ZeRO stage 0 (DeepSpeed's default)"));
    }

    // --- precision
    auto enabled = [&](const char* key, bool& on, bool& isAuto) {
        if (!root.has(key))
            return false;
        JsonNode b = root.child(key);
        const auto e = b.boolean("enabled");
        isAuto = e.isAuto;
        on = e.present && e.value;
        if (e.present && !e.isAuto && !e.value && b.keyCount() > 1)
            b.markAllSeen();
        b.finish(kPrecisionNoEffect);
        return true;
    };
    bool fp16 = false, bf16 = false, fp16Auto = false, bf16Auto = false, amp = false, ampAuto = false;
    enabled("fp16", fp16, fp16Auto);
    if (!enabled("bf16", bf16, bf16Auto))
        enabled("bfloat16", bf16, bf16Auto);
    enabled("amp", amp, ampAuto);
    if (fp16 && bf16)
        c.fail(QStringLiteral("bf16.enabled"), QCoreApplication::translate("shardscope::Import", "fp16 and bf16 are both enabled; DeepSpeed allows one"));
    QString gradAccumDtype;
    if (root.has("data_types")) {
        JsonNode dt = root.child("data_types");
        const auto g = dt.string("grad_accum_dtype");
        if (g.present && !g.isAuto)
            gradAccumDtype = g.value.toLower();
        dt.finish({});
    }
    const bool sixteen = fp16 || bf16 || amp;
    if (!sixteen && (fp16Auto || bf16Auto || ampAuto)) {
        c.note(QCoreApplication::translate("shardscope::Import", "fp16/bf16 enabled is auto: the scenario's recipe %1 (%2 B/param) stays")
                   .arg(QString::fromStdString(s.recipe.id))
                   .arg(s.recipe.total()));
    } else if (!sixteen) {
        if (s.recipe.id != "fp32")
            c.note(QCoreApplication::translate("shardscope::Import", "neither fp16 nor bf16 enabled: fp32 training (DeepSpeed's default), recipe fp32"));
        s.recipe = resolveRecipe("fp32");
    } else {
        const char* dtype = fp16 ? "fp16" : (bf16 ? "bf16" : "amp");
        if (gradAccumDtype == QLatin1String("fp32")) {
            s.recipe = resolveRecipe("megatron-bf16");
            c.note(QCoreApplication::translate("shardscope::Import", "%1 with data_types.grad_accum_dtype fp32: recipe megatron-bf16 (2+4+4+8 B/param)")
                       .arg(QLatin1String(dtype)));
        } else if (s.recipe.id == "fp8-mixed" && bf16) {
            c.note(QCoreApplication::translate("shardscope::Import", "bf16: the scenario's fp8-mixed recipe stays (fp8 linears are set in the model "
                                  "code, not in the DeepSpeed config)"));
        } else {
            s.recipe = resolveRecipe("mixed");
            c.note(QCoreApplication::translate("shardscope::Import", "%1: recipe mixed (16-bit weights and grads, fp32 master and optimizer states: "
                                  "2+2+4+8 B/param)")
                       .arg(QLatin1String(dtype)));
        }
    }

    // --- optimizer
    if (root.has("optimizer")) {
        JsonNode opt = root.child("optimizer");
        const auto type = opt.string("type");
        if (!type.present || type.isAuto)
            c.fail(opt.path("type"), QCoreApplication::translate("shardscope::Import", "the optimizer block needs a type (Adam, AdamW, SGD, ...)"));
        s.optimizer = optimizerFromType(type.value, opt, c);
        opt.finish({QStringLiteral("params")});
    } else {
        s.optimizer = Optimizer::RecipeDefault;
    }

    // --- batch: train_batch_size = micro x accumulation x dp
    const auto tbs = root.integer("train_batch_size", 1, 1000000000LL);
    const auto mbs = root.integer("train_micro_batch_size_per_gpu", 1, 65536);
    const auto gas = root.integer("gradient_accumulation_steps", 1, 1000000);
    const std::int64_t mp = std::max<std::int64_t>(1, s.tp * s.pp);
    const std::int64_t dp0 = std::max<std::int64_t>(1, s.gpus / mp);
    std::int64_t micro = s.microBatch, accum = s.gradAccum, dp = dp0;
    const bool microGiven = mbs.present && !mbs.isAuto, accumGiven = gas.present && !gas.isAuto;
    if (mbs.isAuto)
        c.note(QCoreApplication::translate("shardscope::Import", "train_micro_batch_size_per_gpu is auto: the scenario's micro-batch %1").arg(micro));
    if (gas.isAuto)
        c.note(QCoreApplication::translate("shardscope::Import", "gradient_accumulation_steps is auto: the scenario's %1").arg(accum));
    if (microGiven)
        micro = mbs.value;
    if (accumGiven)
        accum = gas.value;
    if (tbs.present && !tbs.isAuto) {
        const std::int64_t b = tbs.value;
        auto deriveDp = [&] {
            if (b % (micro * accum) != 0)
                c.fail(QStringLiteral("train_batch_size"),
                       QCoreApplication::translate("shardscope::Import", "%1 is not a multiple of micro-batch %2 x gradient_accumulation_steps %3 "
                                      "(train_batch_size = micro x accumulation x dp)")
                           .arg(b)
                           .arg(micro)
                           .arg(accum));
            dp = b / (micro * accum);
        };
        if (microGiven && accumGiven) {
            deriveDp();
        } else if (microGiven) {
            if (b % (micro * dp0) == 0) {
                accum = b / (micro * dp0);
                c.note(QCoreApplication::translate("shardscope::Import", "gradient_accumulation_steps derived: train_batch_size %1 / (micro-batch %2 x "
                                      "dp %3) = %4")
                           .arg(b)
                           .arg(micro)
                           .arg(dp0)
                           .arg(accum));
            } else {
                deriveDp();
            }
        } else if (b % (accum * dp0) == 0 && !accumGiven) {
            // neither given: DeepSpeed splits by the world size; keep accumulation, derive the micro-batch
            micro = b / (accum * dp0);
            c.note(QCoreApplication::translate("shardscope::Import", "train_micro_batch_size_per_gpu derived: train_batch_size %1 / (accumulation %2 x "
                                  "dp %3) = %4")
                       .arg(b)
                       .arg(accum)
                       .arg(dp0)
                       .arg(micro));
        } else if (accumGiven && b % (accum * dp0) == 0) {
            micro = b / (accum * dp0);
            c.note(QCoreApplication::translate("shardscope::Import", "train_micro_batch_size_per_gpu derived: train_batch_size %1 / "
                                  "(gradient_accumulation_steps %2 x dp %3) = %4")
                       .arg(b)
                       .arg(accum)
                       .arg(dp0)
                       .arg(micro));
        } else {
            deriveDp();
            c.note(QCoreApplication::translate("shardscope::Import", "train_micro_batch_size_per_gpu not given: the scenario's micro-batch %1").arg(micro));
        }
        if (micro > 65536)
            c.fail(QStringLiteral("train_batch_size"), QCoreApplication::translate("shardscope::Import", "implies a micro-batch of %1 per GPU").arg(micro));
        if (dp != dp0) {
            const std::int64_t before = s.gpus;
            s.gpus = dp * mp;
            c.note(QCoreApplication::translate("shardscope::Import", "dp %1 derived: train_batch_size %2 = micro-batch %3 x accumulation %4 x dp %1; "
                                  "gpus set to %5 (dp %1 x tp %6 x pp %7; was %8)")
                       .arg(dp)
                       .arg(b)
                       .arg(micro)
                       .arg(accum)
                       .arg(s.gpus)
                       .arg(s.tp)
                       .arg(s.pp)
                       .arg(before));
        }
    } else if (tbs.isAuto) {
        c.note(QCoreApplication::translate("shardscope::Import", "train_batch_size is auto: micro-batch %1 x accumulation %2 x dp %3 = %4")
                   .arg(micro)
                   .arg(accum)
                   .arg(dp0)
                   .arg(micro * accum * dp0));
    }
    s.microBatch = micro;
    s.gradAccum = accum;

    // --- activation checkpointing
    if (root.has("activation_checkpointing")) {
        JsonNode ac = root.child("activation_checkpointing");
        s.checkpointing = Checkpointing::Full;
        c.note(QCoreApplication::translate("shardscope::Import", "activation_checkpointing: full recompute (the block configures the checkpointing "
                              "the model code calls)"));
        const auto part = ac.boolean("partition_activations");
        if (part.present && part.value)
            c.note(QCoreApplication::translate("shardscope::Import", "activation_checkpointing.partition_activations: not modelled (checkpoints are "
                                  "counted whole on each TP rank)"));
        const auto cpu = ac.boolean("cpu_checkpointing");
        if (cpu.present && cpu.value)
            c.note(QCoreApplication::translate("shardscope::Import", "activation_checkpointing.cpu_checkpointing: not modelled (checkpoints counted on "
                                  "the GPU)"));
        ac.finish(kCheckpointingKnown);
    }

    root.finish(kTopNoEffect);
    return s;
}

Scenario scenarioFromDeepSpeedConfigFile(const QString& path, const Scenario& base, ImportReport* report)
{
    return scenarioFromDeepSpeedConfig(readConfigFile(path, kField), path, base, report);
}

QByteArray deepSpeedConfigFromScenario(const Scenario& s, ExportReport* report)
{
    auto warn = [&](const QString& w) {
        if (report)
            report->warnings << w;
    };
    auto num = [](std::int64_t v) { return QJsonValue(static_cast<double>(v)); };
    QJsonObject root;
    root[QStringLiteral("train_batch_size")] = num(s.microBatch * s.gradAccum * s.dp());
    root[QStringLiteral("train_micro_batch_size_per_gpu")] = num(s.microBatch);
    root[QStringLiteral("gradient_accumulation_steps")] = num(s.gradAccum);

    // precision
    const std::string& r = s.recipe.id;
    const bool fp32 = r == "fp32";
    if (!fp32 && r != "mixed" && r != "megatron-bf16")
        warn(QCoreApplication::translate("shardscope::Import", "recipe %1 (%2+%3+%4+%5 B/param) has no DeepSpeed equivalent (DeepSpeed keeps fp32 master "
                            "weights and states with fp16/bf16): written as bf16 mixed precision (2+2+4+8)")
                 .arg(QString::fromStdString(r))
                 .arg(s.recipe.weights)
                 .arg(s.recipe.grads)
                 .arg(s.recipe.master)
                 .arg(s.recipe.optimizer));
    root[QStringLiteral("fp16")] = QJsonObject {{QStringLiteral("enabled"), false}};
    root[QStringLiteral("bf16")] = QJsonObject {{QStringLiteral("enabled"), !fp32}};
    if (r == "megatron-bf16")
        root[QStringLiteral("data_types")] = QJsonObject {{QStringLiteral("grad_accum_dtype"), QStringLiteral("fp32")}};

    // optimizer
    QJsonObject opt;
    switch (s.optimizer) {
    case Optimizer::RecipeDefault:
        break;
    case Optimizer::Adam:
        opt[QStringLiteral("type")] = QStringLiteral("Adam");
        break;
    case Optimizer::AdamW:
        opt[QStringLiteral("type")] = QStringLiteral("AdamW");
        break;
    case Optimizer::Sgd:
        opt[QStringLiteral("type")] = QStringLiteral("SGD");
        opt[QStringLiteral("params")] = QJsonObject {{QStringLiteral("momentum"), 0}};
        break;
    case Optimizer::SgdMomentum:
        opt[QStringLiteral("type")] = QStringLiteral("SGD");
        opt[QStringLiteral("params")] = QJsonObject {{QStringLiteral("momentum"), 0.9}};
        break;
    case Optimizer::Lion:
        opt[QStringLiteral("type")] = QStringLiteral("Lion");
        break;
    case Optimizer::Adafactor:
        opt[QStringLiteral("type")] = QStringLiteral("Adafactor");
        break;
    case Optimizer::Adam8bit:
        warn(QCoreApplication::translate("shardscope::Import", "optimizer adam8bit: DeepSpeed has no 8-bit Adam; no optimizer block written (pass "
                            "bitsandbytes' optimizer from the client)"));
        break;
    }
    if (!opt.isEmpty())
        root[QStringLiteral("optimizer")] = opt;

    // ZeRO
    QJsonObject z;
    z[QStringLiteral("stage")] = s.zeroStage;
    auto device = [](OffloadDevice d) {
        QJsonObject o {{QStringLiteral("device"), QString::fromLatin1(offloadKey(d))}};
        if (d != OffloadDevice::None)
            o[QStringLiteral("pin_memory")] = true;
        return o;
    };
    z[QStringLiteral("offload_optimizer")] = device(s.offloadOptimizer);
    z[QStringLiteral("offload_param")] = device(s.offloadParams);
    if (s.offloadOptimizer == OffloadDevice::Nvme || s.offloadParams == OffloadDevice::Nvme)
        warn(QCoreApplication::translate("shardscope::Import", "NVMe offload: add \"nvme_path\" (the NVMe mount) to the offload blocks"));
    z[QStringLiteral("reduce_bucket_size")] = num(s.reduceBucketElements);
    z[QStringLiteral("allgather_bucket_size")] = num(s.allgatherBucketElements);
    const std::int64_t unit = zero3UnitParams(s);
    z[QStringLiteral("stage3_prefetch_bucket_size")] = num(s.zero3PrefetchUnits * unit);
    z[QStringLiteral("stage3_max_live_parameters")] = num(
        std::max<std::int64_t>(kDsStage3MaxLiveParameters, (1 + s.zero3PrefetchUnits) * unit));
    z[QStringLiteral("overlap_comm")] = true;
    z[QStringLiteral("contiguous_gradients")] = true;
    root[QStringLiteral("zero_optimization")] = z;

    if (s.checkpointing == Checkpointing::Full)
        root[QStringLiteral("activation_checkpointing")] = QJsonObject {
            {QStringLiteral("partition_activations"), false},
            {QStringLiteral("cpu_checkpointing"), false},
            {QStringLiteral("contiguous_memory_optimization"), false},
        };
    else if (report)
        report->notes << QCoreApplication::translate("shardscope::Import", "checkpointing %1: DeepSpeed's config says nothing about it (the model code "
                                        "decides); no activation_checkpointing block written")
                             .arg(QLatin1String(checkpointingKey(s.checkpointing)));
    if ((s.tp > 1 || s.pp > 1) && report)
        report->notes << (QCoreApplication::translate("shardscope::Import", "TP %1 x PP %2: DeepSpeed's config does not carry them (Megatron-DeepSpeed takes them as "
                            "arguments); train_batch_size counts dp = %3")
                 .arg(s.tp)
                 .arg(s.pp)
                 .arg(s.dp()));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace shardscope
