// SPDX-License-Identifier: MIT
// torchtitan job config TOML (issue 24; torchtitanconfig.h). Defaults and meanings from pytorch/torchtitan@000204a
// torchtitan/config/job_config.py; the FSDP reshard policy from torchtitan/models/llama3/infra/parallelize.py
// apply_fsdp ("default": reshard after forward unless pipeline parallelism is on).
#include "torchtitanconfig.h"

#include "shardscope/errors.h"

#include <toml++/toml.h>

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

namespace shardscope {

namespace {

const char* kField = "torchtitan-config";

/// English only: these words are not in the window's translations yet (resources/translations).
QString en(const char* text) { return QString::fromUtf8(text); }

[[noreturn]] void fail(const QString& origin, const QString& why)
{
    throw InvalidInput(kField, "--" + std::string(kField) + ": " + QString(origin + QStringLiteral(": ") + why).toStdString());
}

void note(ImportReport* report, const QString& text)
{
    if (report)
        report->notes << text;
}

/// Reads typed values of one table, naming "table.key" in every refusal.
class Section
{
public:
    Section(const toml::table& root, const char* name, const QString& origin)
        : m_name(name), m_origin(origin)
    {
        const toml::node* n = root.get(name);
        if (n && !n->is_table())
            fail(origin, QString::fromLatin1(name) + QStringLiteral(": ") + en("must be a [table]"));
        m_table = n ? n->as_table() : nullptr;
    }

    bool has(const char* key) const { return m_table && m_table->contains(key); }
    QString name(const char* key) const { return QString::fromLatin1(m_name) + QLatin1Char('.') + QString::fromLatin1(key); }

    /// An integer in [min, max]; nullopt when absent.
    std::optional<std::int64_t> integer(const char* key, std::int64_t min, std::int64_t max) const
    {
        const toml::node* n = m_table ? m_table->get(key) : nullptr;
        if (!n)
            return std::nullopt;
        // is_integer() first: value<int64>() converts a float too, and a float past int64 (8e92) is UB there
        // (fuzz_torchtitan).
        const std::optional<std::int64_t> v = n->is_integer() ? n->value<std::int64_t>() : std::nullopt;
        if (!v || *v < min || *v > max)
            fail(m_origin, name(key) + QStringLiteral(": ") + en("must be a whole number from %1 to %2").arg(min).arg(max));
        return *v;
    }

    std::optional<bool> boolean(const char* key) const
    {
        const toml::node* n = m_table ? m_table->get(key) : nullptr;
        if (!n)
            return std::nullopt;
        if (!n->is_boolean())
            fail(m_origin, name(key) + QStringLiteral(": ") + en("must be true or false"));
        return n->value<bool>();
    }

    std::optional<QString> text(const char* key) const
    {
        const toml::node* n = m_table ? m_table->get(key) : nullptr;
        if (!n)
            return std::nullopt;
        if (!n->is_string())
            fail(m_origin, name(key) + QStringLiteral(": ") + en("must be a string"));
        return QString::fromStdString(std::string(*n->value<std::string_view>()));
    }

    /// A list of strings, or one comma-separated string (torchtitan accepts both: converters = "float8").
    QStringList list(const char* key) const
    {
        const toml::node* n = m_table ? m_table->get(key) : nullptr;
        if (!n)
            return {};
        QStringList out;
        if (n->is_string()) {
            for (const QString& p : QString::fromStdString(std::string(*n->value<std::string_view>())).split(QLatin1Char(',')))
                if (!p.trimmed().isEmpty())
                    out << p.trimmed();
            return out;
        }
        if (!n->is_array())
            fail(m_origin, name(key) + QStringLiteral(": ") + en("must be a list of strings"));
        for (const toml::node& e : *n->as_array()) {
            if (!e.is_string())
                fail(m_origin, name(key) + QStringLiteral(": ") + en("must be a list of strings"));
            out << QString::fromStdString(std::string(*e.value<std::string_view>()));
        }
        return out;
    }

private:
    const char* m_name;
    QString m_origin;
    const toml::table* m_table = nullptr;
};

/// torchtitan's model flavours (torchtitan/models/<name>/__init__.py) that are presets here.
struct Flavor
{
    const char* model;
    const char* flavor;
    const char* preset;
};
constexpr Flavor kFlavors[] = {
    {"llama3", "8B", "llama-3-8b"},       {"llama3", "70B", "llama-3-70b"},     {"llama3", "405B", "llama-3.1-405b"},
    {"llama2", "7B", "llama-2-7b"},       {"llama2", "13B", "llama-2-13b"},     {"llama2", "70B", "llama-2-70b"},
    {"deepseek_v3", "671B", "deepseek-v3"},
};

} // namespace

Scenario scenarioFromTorchtitanConfig(const QByteArray& bytes, const QString& origin, const Scenario& base, ImportReport* report)
{
    if (bytes.trimmed().isEmpty())
        fail(origin, en("the file is empty (expected a torchtitan job config TOML)"));
    try {
        requireUtf8(bytes, origin, kField);
    } catch (const InvalidInput& e) {
        throw InvalidInput(kField, "--" + std::string(kField) + ": " + e.what());
    }
    toml::table root;
    try {
        root = toml::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    } catch (const toml::parse_error& e) {
        fail(origin, en("line %1, column %2: %3")
                         .arg(e.source().begin.line)
                         .arg(e.source().begin.column)
                         .arg(QString::fromStdString(std::string(e.description()))));
    }
    const Section model(root, "model", origin), training(root, "training", origin), par(root, "parallelism", origin),
        ac(root, "activation_checkpoint", origin), optimizer(root, "optimizer", origin), compile(root, "compile", origin),
        float8(root, "float8", origin);
    // JobConfig's sections (job_config.py); a file with none of them is some other TOML (pyproject.toml, ...).
    static const char* const kSections[] = {"job", "model", "training", "parallelism", "activation_checkpoint", "optimizer",
                                            "lr_scheduler", "checkpoint", "compile", "float8", "mx", "metrics",
                                            "profiling", "comm", "experimental", "validation"};
    if (std::none_of(std::begin(kSections), std::end(kSections), [&](const char* k) { return root.contains(k); }))
        fail(origin, en("none of torchtitan's [job], [model], [training], [parallelism], ... tables (not a torchtitan "
                        "job config?)"));
    Scenario s = base;

    // --- the model
    const QString name = model.text("name").value_or(QStringLiteral("llama3"));
    const QString flavor = model.text("flavor").value_or(QStringLiteral("debugmodel"));
    bool known = false;
    for (const Flavor& f : kFlavors)
        if (name == QLatin1String(f.model) && flavor.compare(QLatin1String(f.flavor), Qt::CaseInsensitive) == 0) {
            s.arch = *findModelPreset(f.preset);
            s.bareParams.reset();
            known = true;
        }
    if (!known)
        note(report, en("model %1 %2: no preset of that flavour; the scenario's model stays").arg(name, flavor));

    // --- parallelism: torchtitan's ParallelDims; data_parallel_shard_degree -1 takes the GPUs left over.
    const std::int64_t tp = par.integer("tensor_parallel_degree", 1, 1048576).value_or(1);
    const std::int64_t pp = par.integer("pipeline_parallel_degree", 1, 1048576).value_or(1);
    const std::int64_t cp = par.integer("context_parallel_degree", 1, 1048576).value_or(1);
    const std::int64_t replicate = par.integer("data_parallel_replicate_degree", 1, 1048576).value_or(1);
    std::int64_t shard = par.integer("data_parallel_shard_degree", -1, 1048576).value_or(-1);
    if (shard == 0)
        fail(origin, par.name("data_parallel_shard_degree") + QStringLiteral(": ") + en("must be -1 (the rest) or at least 1"));
    // Each degree is at most 2^20: their product is compared as a double first, so that it cannot overflow.
    if (double(tp) * double(pp) * double(cp) * double(replicate) > double(s.gpus))
        fail(origin, en("tensor x pipeline x context x replicate degrees = %1 exceed the %2 GPUs (--gpus)")
                         .arg(double(tp) * double(pp) * double(cp) * double(replicate), 0, 'g', 6)
                         .arg(s.gpus));
    const std::int64_t fixed = tp * pp * cp * replicate;
    if (s.gpus % fixed != 0)
        fail(origin, en("tensor x pipeline x context x replicate degrees = %1 do not divide the %2 GPUs (--gpus)")
                         .arg(fixed)
                         .arg(s.gpus));
    if (shard < 0)
        shard = s.gpus / fixed;
    else if (fixed * shard != s.gpus)
        fail(origin, en("the degrees multiply to %1 GPUs, not the %2 of --gpus").arg(fixed * shard).arg(s.gpus));
    s.tp = tp;
    s.pp = pp;
    s.cp = cp;
    // torchtitan's TP is always sequence-parallel (parallelize.py: SequenceParallel on the norms, loss parallel).
    s.sequenceParallel = tp > 1;
    s.framework = Framework::Fsdp2;
    if (shard > 1) {
        s.zeroStage = 3;
        if (replicate > 1)
            note(report, en("HSDP (replicate %1 x shard %2): modelled as FSDP over all %3 data-parallel ranks; the "
                            "model states are sharded %2-way in the run, so its memory is higher")
                             .arg(replicate)
                             .arg(shard)
                             .arg(replicate * shard));
    } else {
        s.zeroStage = 0;
        if (replicate > 1)
            s.framework = Framework::Ddp;
    }
    if (const auto ep = par.integer("expert_parallel_degree", 1, 1048576))
        s.ep = *ep;
    // torch.distributed.tensor.experimental.context_parallel: K/V all-gathered ("allgather", the default rotate
    // method), after torchtitan's repeat_kv.
    s.cpTorchAllGather = true;
    s.attentionRepeatsKv = true;
    const QString reshard = par.text("fsdp_reshard_after_forward").value_or(QStringLiteral("default"));
    if (reshard == QLatin1String("always"))
        s.fsdpReshardAfterForward = true;
    else if (reshard == QLatin1String("never"))
        s.fsdpReshardAfterForward = false;
    else if (reshard == QLatin1String("default"))
        s.fsdpReshardAfterForward = pp == 1;
    else
        fail(origin, par.name("fsdp_reshard_after_forward") + QStringLiteral(": ") + en("'%1' must be default, always or never").arg(reshard));
    s.tpCommOverlap = par.boolean("enable_async_tensor_parallel").value_or(false);

    // --- batch: local_batch_size per data-parallel rank (batch_size before torchtitan renamed it), split into
    // pipeline micro-batches of pipeline_parallel_microbatch_size; global_batch_size adds gradient accumulation.
    const bool oldName = training.has("batch_size") && !training.has("local_batch_size");
    const std::int64_t local = training.integer(oldName ? "batch_size" : "local_batch_size", 1, 65536).value_or(8);
    if (!training.has("batch_size") && !training.has("local_batch_size"))
        note(report, en("training.local_batch_size not given: torchtitan's default, 8"));
    std::int64_t micro = local, accum = 1;
    if (pp > 1) {
        micro = par.integer("pipeline_parallel_microbatch_size", 1, 65536).value_or(1);
        if (local % micro != 0)
            fail(origin, par.name("pipeline_parallel_microbatch_size") + QStringLiteral(": ")
                             + en("%1 does not divide the local batch of %2").arg(micro).arg(local));
        accum = local / micro;
    }
    if (const auto global = training.integer("global_batch_size", -1, std::int64_t(1) << 40); global && *global > 0) {
        const std::int64_t perStep = local * replicate * shard;
        if (*global % perStep != 0)
            fail(origin, training.name("global_batch_size") + QStringLiteral(": ")
                             + en("%1 is not a multiple of the local batch x data-parallel degree = %2").arg(*global).arg(perStep));
        accum *= *global / perStep;
    }
    s.microBatch = micro;
    s.gradAccum = accum;
    s.seq = training.integer("seq_len", 1, 16777216).value_or(2048);
    if (const auto sched = par.text("pipeline_parallel_schedule"); sched && pp > 1) {
        const QString v = sched->toLower();
        if (v == QLatin1String("1f1b")) {
            s.schedule = PipelineSchedule::OneFOneB;
        } else if (v == QLatin1String("gpipe")) {
            s.schedule = PipelineSchedule::GPipe;
        } else {
            // Looped schedules: stages per rank from the layers per stage, else torchtitan's 2.
            s.schedule = PipelineSchedule::Interleaved;
            const auto per = par.integer("pipeline_parallel_layers_per_stage", 1, 100000);
            s.vpp = per && s.arch.layers % (*per * pp) == 0 ? s.arch.layers / (*per * pp) : 2;
            if (v != QLatin1String("interleaved1f1b"))
                note(report, en("pipeline_parallel_schedule %1: timed as interleaved 1F1B with %2 stages per rank")
                                 .arg(*sched)
                                 .arg(s.vpp));
        }
    }

    // --- precision, compilation, offload
    const QString param = training.text("mixed_precision_param").value_or(QStringLiteral("bfloat16"));
    if (param == QLatin1String("float32"))
        s.recipe = resolveRecipe("fp32");
    else if (param == QLatin1String("bfloat16"))
        s.recipe = resolveRecipe("mixed"); // FSDP2 MixedPrecisionPolicy: fp32 sharded params, bf16 compute, fp32 reduce
    else
        fail(origin, training.name("mixed_precision_param") + QStringLiteral(": ") + en("'%1' must be bfloat16 or float32").arg(param));
    const QStringList converters = model.list("converters");
    if (converters.contains(QStringLiteral("float8")) || converters.contains(QStringLiteral("mx"))) {
        s.recipe = resolveRecipe("fp8-mixed");
        if (float8.boolean("enable_fsdp_float8_all_gather").value_or(false))
            note(report, en("float8.enable_fsdp_float8_all_gather: the fp8 all-gather of weights is not modelled (bf16 "
                            "bytes are counted)"));
    }
    // compile moved from [training] to its own [compile] table (enable, components: model, loss).
    const bool compiled = compile.boolean("enable").value_or(training.boolean("compile").value_or(false));
    s.compiled = compiled;
    const QStringList components = compile.has("components") ? compile.list("components")
                                                             : QStringList {QStringLiteral("model"), QStringLiteral("loss")};
    s.lossCompiled = compiled && components.contains(QStringLiteral("loss"));
    if (s.tpCommOverlap && !compiled) {
        s.tpCommOverlap = false;
        note(report, en("enable_async_tensor_parallel needs compile (job_config.py): TP collectives not overlapped"));
    }
    if (training.boolean("enable_cpu_offload").value_or(false)) {
        // FSDP2's CPUOffloadPolicy: only where fully_shard shards the model (a shard degree above 1).
        if (s.zeroStage != 3)
            fail(origin, training.name("enable_cpu_offload") + QStringLiteral(": ")
                             + en("FSDP's CPU offload needs a data_parallel_shard_degree above 1 (here %1)").arg(shard));
        s.offloadParams = OffloadDevice::Cpu;
        s.offloadOptimizer = OffloadDevice::Cpu;
    }
    s.flashAttention = true; // F.scaled_dot_product_attention
    s.lossFp32 = true;

    // --- activation checkpointing: mode none | full | selective (selective_ac_option "op" or an integer n)
    const QString mode = ac.text("mode").value_or(QStringLiteral("selective"));
    s.checkpointInterval = 1;
    if (mode == QLatin1String("none")) {
        s.checkpointing = Checkpointing::None;
    } else if (mode == QLatin1String("full")) {
        s.checkpointing = Checkpointing::Full;
    } else if (mode == QLatin1String("selective")) {
        const QString option = ac.text("selective_ac_option").value_or(QStringLiteral("2"));
        bool isInt = false;
        const int n = option.toInt(&isInt);
        if (option == QLatin1String("op")) {
            s.checkpointing = Checkpointing::PerOp;
        } else if (isInt && n >= 1) {
            s.checkpointing = Checkpointing::Full; // activation_checkpoint.py: full AC of every n-th block
            s.checkpointInterval = n;
        } else {
            fail(origin, ac.name("selective_ac_option") + QStringLiteral(": ") + en("'%1' must be op or a positive integer").arg(option));
        }
        if (!ac.has("selective_ac_option"))
            note(report, en("activation_checkpoint.selective_ac_option not given: torchtitan's default \"2\", full "
                            "checkpointing of every 2nd block"));
    } else {
        fail(origin, ac.name("mode") + QStringLiteral(": ") + en("'%1' is not modelled (none, selective or full)").arg(mode));
    }

    // --- the optimizer
    const QString opt = optimizer.text("name").value_or(QStringLiteral("AdamW"));
    if (opt == QLatin1String("AdamW"))
        s.optimizer = Optimizer::AdamW;
    else if (opt == QLatin1String("Adam"))
        s.optimizer = Optimizer::Adam;
    else
        note(report, en("optimizer %1: not modelled; AdamW's two fp32 moments are counted").arg(opt));
    s.optimizerInBackward = optimizer.boolean("early_step_in_backward").value_or(false);
    note(report, en("torchtitan job config: %1 GPUs from --gpus; FSDP2 (%2-way shard), TP %3, PP %4, CP %5")
                     .arg(s.gpus)
                     .arg(shard)
                     .arg(tp)
                     .arg(pp)
                     .arg(cp));
    return s;
}

Scenario scenarioFromTorchtitanConfigFile(const QString& path, const Scenario& base, ImportReport* report)
{
    try {
        return scenarioFromTorchtitanConfig(readConfigFile(path, kField), path, base, report);
    } catch (const InvalidInput& e) {
        const std::string prefix = "--" + std::string(kField) + ": ";
        const std::string what = e.what();
        if (what.rfind(prefix, 0) == 0)
            throw;
        throw InvalidInput(kField, prefix + what);
    }
}

} // namespace shardscope
