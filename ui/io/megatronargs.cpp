// SPDX-License-Identifier: MIT
#include "megatronargs.h"

#include "shardscope/errors.h"
#include "shardscope/step.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace shardscope {

namespace {

const char* kField = "megatron-args";

// Megatron-LM arguments that take a value and that ShardScope reads.
const QStringList kValued = {
    QStringLiteral("tensor-model-parallel-size"), QStringLiteral("pipeline-model-parallel-size"),
    QStringLiteral("num-layers"), QStringLiteral("hidden-size"), QStringLiteral("num-attention-heads"),
    QStringLiteral("num-query-groups"), QStringLiteral("ffn-hidden-size"), QStringLiteral("kv-channels"),
    QStringLiteral("seq-length"), QStringLiteral("max-position-embeddings"), QStringLiteral("micro-batch-size"),
    QStringLiteral("global-batch-size"), QStringLiteral("padded-vocab-size"), QStringLiteral("vocab-size"),
    QStringLiteral("make-vocab-size-divisible-by"), QStringLiteral("num-layers-per-virtual-pipeline-stage"),
    QStringLiteral("num-virtual-stages-per-pipeline-rank"), QStringLiteral("recompute-granularity"),
    QStringLiteral("recompute-method"), QStringLiteral("recompute-num-layers"), QStringLiteral("normalization"),
    QStringLiteral("position-embedding-type"), QStringLiteral("hidden-dropout"), QStringLiteral("attention-dropout"),
    QStringLiteral("num-experts"), QStringLiteral("moe-router-topk"), QStringLiteral("optimizer"),
    QStringLiteral("sgd-momentum"), QStringLiteral("fp8-format"), QStringLiteral("nproc-per-node"),
    QStringLiteral("nnodes"), QStringLiteral("context-parallel-size"), QStringLiteral("expert-model-parallel-size"),
    QStringLiteral("data-parallel-sharding-strategy"), QStringLiteral("optimizer-offload-fraction"),
    QStringLiteral("attention-backend"),
    // --- MoE, MLA and MTP (issue 25)
    QStringLiteral("expert-tensor-parallel-size"), QStringLiteral("moe-ffn-hidden-size"),
    QStringLiteral("moe-shared-expert-intermediate-size"), QStringLiteral("moe-layer-freq"),
    QStringLiteral("moe-expert-capacity-factor"), QStringLiteral("q-lora-rank"), QStringLiteral("kv-lora-rank"),
    QStringLiteral("qk-head-dim"), QStringLiteral("qk-pos-emb-head-dim"), QStringLiteral("v-head-dim"),
    QStringLiteral("mtp-num-layers"),
    // Megatron-Core's selective recompute modules: a list (nargs='*'), read below
    QStringLiteral("recompute-modules"),
};
const QStringList kFlags = {
    QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("use-distributed-optimizer"),
    QStringLiteral("sequence-parallel"), QStringLiteral("recompute-activations"), QStringLiteral("swiglu"),
    QStringLiteral("untie-embeddings-and-output-weights"), QStringLiteral("group-query-attention"),
    QStringLiteral("disable-bias-linear"), QStringLiteral("add-qkv-bias"), QStringLiteral("use-rotary-position-embeddings"),
    QStringLiteral("use-flash-attn"), QStringLiteral("accumulate-allreduce-grads-in-fp32"),
    QStringLiteral("use-torch-fsdp2"), QStringLiteral("use-megatron-fsdp"), QStringLiteral("use-custom-fsdp"),
    QStringLiteral("optimizer-cpu-offload"),
    QStringLiteral("multi-latent-attention"), // MoE and MLA (issue 25)
    // The embedding / loss in the pipeline split (issue 24; transformer_block.py get_num_layers_to_build)
    QStringLiteral("account-for-embedding-in-pipeline-split"), QStringLiteral("account-for-loss-in-pipeline-split"),
};
// Read for its meaning but with no effect on memory: reported once as "no effect".
const QStringList kNoEffect = {
    QStringLiteral("train-iters"), QStringLiteral("train-samples"), QStringLiteral("lr"), QStringLiteral("min-lr"),
    QStringLiteral("lr-decay-style"), QStringLiteral("lr-decay-iters"), QStringLiteral("lr-warmup-iters"),
    QStringLiteral("lr-warmup-fraction"), QStringLiteral("weight-decay"), QStringLiteral("clip-grad"),
    QStringLiteral("adam-beta1"), QStringLiteral("adam-beta2"), QStringLiteral("adam-eps"),
    QStringLiteral("init-method-std"), QStringLiteral("data-path"), QStringLiteral("split"),
    QStringLiteral("vocab-file"), QStringLiteral("merge-file"), QStringLiteral("tokenizer-type"),
    QStringLiteral("tokenizer-model"), QStringLiteral("save"), QStringLiteral("load"), QStringLiteral("save-interval"),
    QStringLiteral("eval-interval"), QStringLiteral("eval-iters"), QStringLiteral("log-interval"),
    QStringLiteral("distributed-backend"), QStringLiteral("overlap-grad-reduce"), QStringLiteral("overlap-param-gather"),
    QStringLiteral("use-mcore-models"), QStringLiteral("seed"), QStringLiteral("no-masked-softmax-fusion"),
    QStringLiteral("node-rank"), QStringLiteral("master-addr"), QStringLiteral("master-port"),
    QStringLiteral("rdzv-backend"), QStringLiteral("rdzv-endpoint"), QStringLiteral("rdzv-id"),
    QStringLiteral("transformer-impl"), QStringLiteral("tensorboard-dir"), QStringLiteral("wandb-project"),
    QStringLiteral("exit-duration-in-mins"), QStringLiteral("log-throughput"), QStringLiteral("bias-swiglu-fusion"),
    QStringLiteral("no-bias-swiglu-fusion"), QStringLiteral("rotary-base"), QStringLiteral("norm-epsilon"),
    QStringLiteral("no-position-embedding"),
};

QString quoteArg(const QString& a)
{
    if (!a.isEmpty() && !a.contains(QLatin1Char(' ')) && !a.contains(QLatin1Char('"')) && !a.contains(QLatin1Char('\'')))
        return a;
    QString e = a;
    e.replace(QLatin1String("'"), QLatin1String("'\\''"));
    return QLatin1Char('\'') + e + QLatin1Char('\'');
}

class Args
{
public:
    Args(const QString& text, ImportReport* report)
        : m_report(report)
    {
        QString t = text;
        t.replace(QLatin1String("\\\r\n"), QLatin1String(" "));
        t.replace(QLatin1String("\\\n"), QLatin1String(" "));
        t.replace(QLatin1Char('\n'), QLatin1Char(' '));
        if (t.count(QLatin1Char('\'')) % 2 != 0 || t.count(QLatin1Char('"')) % 2 != 0)
            fail(QStringLiteral("quotes"), QCoreApplication::translate("shardscope::Import", "an unterminated quote (is the argument list truncated?)"));
        const QStringList tokens = QProcess::splitCommand(t);
        QStringList unknown;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            const QString& tok = tokens[i];
            if (!tok.startsWith(QLatin1String("--")) || tok.size() < 3)
                continue; // the launcher, the script, a stray value
            ++m_optionCount;
            QString key = tok.mid(2);
            QString value;
            bool hasValue = false;
            const qsizetype eq = key.indexOf(QLatin1Char('='));
            if (eq >= 0) {
                value = key.mid(eq + 1);
                key = key.left(eq);
                hasValue = true;
            }
            key.replace(QLatin1Char('_'), QLatin1Char('-'));
            const bool flag = kFlags.contains(key);
            if (!hasValue && !flag && i + 1 < tokens.size() && !tokens[i + 1].startsWith(QLatin1String("--"))) {
                value = tokens[++i];
                hasValue = true;
                // --recompute-modules takes a list (megatron/training/arguments.py: nargs='*'): every word up to the
                // next option, kept comma-separated.
                if (key == QLatin1String("recompute-modules"))
                    while (i + 1 < tokens.size() && !tokens[i + 1].startsWith(QLatin1String("--")))
                        value += QLatin1Char(',') + tokens[++i];
            } else if (!hasValue && key == QLatin1String("recompute-modules")) {
                hasValue = true; // an empty list: nothing recomputed
            }
            if (flag) {
                if (hasValue)
                    fail(key, QCoreApplication::translate("shardscope::Import", "is a flag and takes no value (got '%1')").arg(value));
                m_flags.insert(key);
            } else if (kValued.contains(key)) {
                if (!hasValue)
                    fail(key, QCoreApplication::translate("shardscope::Import", "needs a value"));
                m_values.insert(key, value);
            } else if (kNoEffect.contains(key)) {
                m_noEffect << QStringLiteral("--") + key;
            } else if (!unknown.contains(QStringLiteral("--") + key)) {
                unknown << QStringLiteral("--") + key;
            }
        }
        if (m_report) {
            if (!m_noEffect.isEmpty())
                m_report->ignored << QStringLiteral("ignored (no effect on memory): ") + m_noEffect.join(QStringLiteral(", "));
            for (const QString& u : unknown)
                m_report->ignored << QStringLiteral("%1: unknown argument, ignored").arg(u);
        }
    }

    [[noreturn]] static void fail(const QString& key, const QString& why)
    {
        const QString where = key == QLatin1String("quotes") ? QString() : QStringLiteral("--") + key + QStringLiteral(": ");
        throw InvalidInput(kField, QString(QStringLiteral("--megatron-args: ") + where + why).toStdString());
    }
    bool flag(const char* k) const { return m_flags.contains(QLatin1String(k)); }
    int optionCount() const { return m_optionCount; }
    bool has(const char* k) const { return m_values.contains(QLatin1String(k)); }
    QString value(const char* k) const { return m_values.value(QLatin1String(k)); }
    std::int64_t integer(const char* k, std::int64_t min, std::int64_t max) const
    {
        const QString v = value(k);
        bool ok = false;
        const qlonglong n = v.toLongLong(&ok);
        if (!ok)
            fail(QLatin1String(k), v.startsWith(QLatin1Char('$'))
                                       ? QCoreApplication::translate("shardscope::Import", "'%1' is a shell variable: expand it first").arg(v)
                                       : QCoreApplication::translate("shardscope::Import", "'%1' is not a whole number").arg(v));
        if (n < min || n > max)
            fail(QLatin1String(k), QCoreApplication::translate("shardscope::Import", "%1 is out of range (%2 to %3)").arg(n).arg(min).arg(max));
        return n;
    }
    double number(const char* k) const
    {
        bool ok = false;
        const double d = value(k).toDouble(&ok);
        if (!ok || !std::isfinite(d))
            fail(QLatin1String(k), QCoreApplication::translate("shardscope::Import", "'%1' is not a number").arg(value(k)));
        return d;
    }
    void note(const QString& n) const
    {
        if (m_report)
            m_report->notes << n;
    }

private:
    ImportReport* m_report;
    QHash<QString, QString> m_values;
    QSet<QString> m_flags;
    QStringList m_noEffect;
    int m_optionCount = 0;
};

/// The preset with the same shape (so that a round trip keeps the model's name), if any.
void adoptPresetName(Architecture& a)
{
    for (const ModelPreset& p : modelPresets()) {
        const Architecture& b = p.arch;
        if (a.layers == b.layers && a.hidden == b.hidden && a.heads == b.heads && a.kvHeads == b.kvHeads
            && a.headDim == b.headDim && a.ffn == b.ffn && a.vocab == b.vocab && a.maxPositions == b.maxPositions
            && a.gatedMlp == b.gatedMlp && a.tiedEmbeddings == b.tiedEmbeddings && a.qkvBias == b.qkvBias
            && a.attnOutBias == b.attnOutBias && a.mlpBias == b.mlpBias && a.norm == b.norm
            && a.normsPerLayer == b.normsPerLayer && a.dropout == b.dropout && a.experts == b.experts
            && a.topK == b.topK && a.moeFfn == b.moeFfn && a.sharedExperts == b.sharedExperts
            && a.denseLayers == b.denseLayers && a.kvLoraRank == b.kvLoraRank && a.qLoraRank == b.qLoraRank
            && a.mtpLayers == b.mtpLayers && a.routerBias == b.routerBias && a.qkNorm == b.qkNorm
            && a.attentionSinks == b.attentionSinks) {
            a.id = b.id;
            a.name = b.name;
            return;
        }
    }
    a.id = "custom";
    a.name = "custom";
}

} // namespace

Scenario scenarioFromMegatronArgs(const QString& text, const Scenario& base, ImportReport* report)
{
    if (text.size() > 1000000)
        Args::fail(QStringLiteral("quotes"), QCoreApplication::translate("shardscope::Import", "the argument list is over 1 MB; is this the right text?"));
    if (text.contains(QChar(QChar::ReplacementCharacter)))
        Args::fail(QStringLiteral("quotes"), QCoreApplication::translate("shardscope::Import", "invalid UTF-8 in the argument list"));
    {
        // A path instead of the argument list: say so instead of reading no arguments from it.
        const QString t = text.trimmed();
        if (!t.isEmpty() && !t.contains(QLatin1Char(' ')) && !t.startsWith(QLatin1String("--")) && QFileInfo(t).isFile())
            Args::fail(QStringLiteral("quotes"),
                       QCoreApplication::translate("shardscope::Import", "'%1' is a file; --megatron-args takes the arguments themselves: "
                                      "--megatron-args \"$(cat %1)\"")
                           .arg(t));
    }
    const Args a(text, report);
    if (a.optionCount() == 0)
        Args::fail(QStringLiteral("quotes"), QCoreApplication::translate("shardscope::Import", "no Megatron-LM arguments (--name value) in '%1'").arg(text.left(60)));
    Scenario s = base;

    if (a.has("tensor-model-parallel-size"))
        s.tp = a.integer("tensor-model-parallel-size", 1, 1048576);
    if (a.has("pipeline-model-parallel-size"))
        s.pp = a.integer("pipeline-model-parallel-size", 1, 1048576);
    if (a.has("nproc-per-node") || a.has("nnodes")) {
        const std::int64_t perNode = a.has("nproc-per-node") ? a.integer("nproc-per-node", 1, 1024) : s.gpusPerNode;
        const std::int64_t nodes = a.has("nnodes") ? a.integer("nnodes", 1, 65536) : 1;
        s.gpusPerNode = perNode;
        s.gpus = perNode * nodes;
        a.note(QCoreApplication::translate("shardscope::Import", "torchrun: %1 node(s) x %2 processes = %3 GPUs").arg(nodes).arg(perNode).arg(s.gpus));
    }
    for (const char* k : {"context-parallel-size"})
        if (a.has(k) && a.integer(k, 1, 1048576) > 1)
            a.note(QCoreApplication::translate("shardscope::Import", "--%1 %2: not modelled").arg(QLatin1String(k), a.value(k)));
    // --- expert parallelism (issue 25): Megatron-Core's EP and expert TP (its default: the TP size)
    if (a.has("expert-model-parallel-size"))
        s.ep = a.integer("expert-model-parallel-size", 1, 1048576);
    if (a.has("expert-tensor-parallel-size"))
        s.etp = a.integer("expert-tensor-parallel-size", 1, 1048576);
    if (a.has("moe-expert-capacity-factor")) {
        const double cf = a.number("moe-expert-capacity-factor");
        if (!(cf >= 1 && cf <= 64))
            Args::fail(QStringLiteral("moe-expert-capacity-factor"),
                       QCoreApplication::translate("shardscope::Import", "'%1' must be between 1 and 64").arg(a.value("moe-expert-capacity-factor")));
        s.moeCapacityFactor = cf;
    }

    // --- the model
    const bool shape = a.has("num-layers") || a.has("hidden-size") || a.has("num-attention-heads");
    if (!shape) {
        // Arguments that describe the model mean nothing without its shape: refuse rather than drop them.
        QStringList lone;
        for (const char* k : {"num-query-groups", "ffn-hidden-size", "kv-channels", "padded-vocab-size", "vocab-size",
                              "max-position-embeddings", "position-embedding-type", "normalization", "num-experts",
                              "moe-router-topk", "hidden-dropout", "attention-dropout"}) // the dropouts were ignored silently
            if (a.has(k))
                lone << QStringLiteral("--") + QLatin1String(k);
        for (const char* k : {"swiglu", "group-query-attention", "untie-embeddings-and-output-weights",
                              "disable-bias-linear", "add-qkv-bias", "use-rotary-position-embeddings"})
            if (a.flag(k))
                lone << QStringLiteral("--") + QLatin1String(k);
        if (!lone.isEmpty())
            Args::fail(QStringLiteral("num-layers"),
                       QCoreApplication::translate("shardscope::Import", "%1 describe the model, which needs --num-layers, --hidden-size and "
                                      "--num-attention-heads as well")
                           .arg(lone.join(QStringLiteral(", "))));
    }
    if (shape) {
        for (const char* k : {"num-layers", "hidden-size", "num-attention-heads"})
            if (!a.has(k))
                Args::fail(QLatin1String(k), QCoreApplication::translate("shardscope::Import", "Megatron needs --num-layers, --hidden-size and "
                                                            "--num-attention-heads together"));
        Architecture m;
        m.layers = a.integer("num-layers", 1, 100000);
        m.hidden = a.integer("hidden-size", 1, 1000000);
        m.heads = a.integer("num-attention-heads", 1, 100000);
        m.kvHeads = m.heads;
        if (a.flag("group-query-attention"))
            m.kvHeads = a.has("num-query-groups") ? a.integer("num-query-groups", 1, 100000) : 1;
        else if (a.has("num-query-groups"))
            a.note(QCoreApplication::translate("shardscope::Import", "--num-query-groups without --group-query-attention: ignored, as Megatron does"));
        m.headDim = a.has("kv-channels") ? a.integer("kv-channels", 1, 100000) : (m.hidden % m.heads == 0 ? m.hidden / m.heads : 0);
        m.gatedMlp = a.flag("swiglu");
        if (a.has("ffn-hidden-size")) {
            m.ffn = a.integer("ffn-hidden-size", 1, 100000000);
        } else {
            // megatron/training/arguments.py: 4h, or with SwiGLU int(4h * 2/3 / 64) * 64
            m.ffn = m.gatedMlp ? static_cast<std::int64_t>((4.0 * double(m.hidden) * 2.0 / 3.0) / 64.0) * 64 : 4 * m.hidden;
            a.note(QCoreApplication::translate("shardscope::Import", "--ffn-hidden-size not given: %1 (Megatron's default%2)")
                       .arg(m.ffn)
                       .arg(m.gatedMlp ? QCoreApplication::translate("shardscope::Import", " with SwiGLU: 4h x 2/3 rounded down to 64") : QStringLiteral(": 4h")));
        }
        if (a.has("padded-vocab-size")) {
            m.vocab = a.integer("padded-vocab-size", 1, 100000000);
        } else if (a.has("vocab-size")) {
            const std::int64_t v = a.integer("vocab-size", 1, 100000000);
            const std::int64_t div = a.has("make-vocab-size-divisible-by") ? a.integer("make-vocab-size-divisible-by", 1, 1000000) : 128;
            const std::int64_t multiple = div * s.tp;
            m.vocab = (v + multiple - 1) / multiple * multiple;
            if (m.vocab != v)
                a.note(QCoreApplication::translate("shardscope::Import", "vocabulary %1 padded to %2, a multiple of make-vocab-size-divisible-by %3 x tp %4, "
                                      "as Megatron does")
                           .arg(v)
                           .arg(m.vocab)
                           .arg(div)
                           .arg(s.tp));
        } else {
            m.vocab = s.arch.vocab;
            a.note(QCoreApplication::translate("shardscope::Import", "no --vocab-size (Megatron takes it from the tokenizer): the scenario's %1").arg(m.vocab));
        }
        const QString pos = a.has("position-embedding-type") ? a.value("position-embedding-type").toLower()
                                                             : (a.flag("use-rotary-position-embeddings") ? QStringLiteral("rope")
                                                                                                        : QStringLiteral("learned_absolute"));
        if (pos == QLatin1String("learned_absolute")) {
            if (!a.has("max-position-embeddings") && !a.has("seq-length"))
                Args::fail(QStringLiteral("max-position-embeddings"),
                           QCoreApplication::translate("shardscope::Import", "learned absolute positions (Megatron's default) need --max-position-embeddings"));
            m.maxPositions = a.has("max-position-embeddings") ? a.integer("max-position-embeddings", 1, 100000000)
                                                               : a.integer("seq-length", 1, 16777216);
        } else if (pos == QLatin1String("rope") || pos == QLatin1String("none") || pos == QLatin1String("yarn")
                   || pos == QLatin1String("mrope")) {
            m.maxPositions = 0;
        } else {
            Args::fail(QStringLiteral("position-embedding-type"),
                       QCoreApplication::translate("shardscope::Import", "'%1' must be learned_absolute, rope or none").arg(a.value("position-embedding-type")));
        }
        m.tiedEmbeddings = !a.flag("untie-embeddings-and-output-weights");
        const bool bias = !a.flag("disable-bias-linear");
        m.qkvBias = bias || a.flag("add-qkv-bias");
        m.attnOutBias = bias;
        m.mlpBias = bias;
        const QString norm = a.has("normalization") ? a.value("normalization") : QStringLiteral("LayerNorm");
        if (norm.compare(QLatin1String("LayerNorm"), Qt::CaseInsensitive) == 0)
            m.norm = NormKind::LayerNorm;
        else if (norm.compare(QLatin1String("RMSNorm"), Qt::CaseInsensitive) == 0)
            m.norm = NormKind::RMSNorm;
        else
            Args::fail(QStringLiteral("normalization"), QCoreApplication::translate("shardscope::Import", "'%1' must be LayerNorm or RMSNorm").arg(norm));
        m.normsPerLayer = 2;
        const double hd = a.has("hidden-dropout") ? a.number("hidden-dropout") : 0.1; // Megatron's defaults
        const double ad = a.has("attention-dropout") ? a.number("attention-dropout") : 0.1;
        m.dropout = hd > 0 || ad > 0;
        m.experts = a.has("num-experts") ? a.integer("num-experts", 1, 100000) : 1;
        m.topK = m.experts > 1 ? (a.has("moe-router-topk") ? a.integer("moe-router-topk", 1, 100000) : 2) : 1;
        // --- MoE, MLA and MTP (issue 25; megatron/training/arguments.py)
        if (m.experts > 1) {
            m.moeFfn = a.has("moe-ffn-hidden-size") ? a.integer("moe-ffn-hidden-size", 1, 10000000) : 0;
            if (a.has("moe-shared-expert-intermediate-size")) {
                m.sharedExperts = 1;
                m.sharedExpertFfn = a.integer("moe-shared-expert-intermediate-size", 1, 10000000);
            }
            if (a.has("moe-layer-freq")) {
                // An integer (1: every layer) or the list form of dense first layers, "([0]*K+[1]*M)".
                const QString f = a.value("moe-layer-freq").simplified().remove(QLatin1Char(' '));
                static const QRegularExpression list(QStringLiteral("^\\(?\\[0\\]\\*(\\d+)\\+\\[1\\]\\*(\\d+)\\)?$"));
                const QRegularExpressionMatch lm = list.match(f);
                if (f == QLatin1String("1")) {
                    m.denseLayers = 0;
                } else if (lm.hasMatch() && lm.captured(1).toLongLong() + lm.captured(2).toLongLong() == m.layers) {
                    m.denseLayers = lm.captured(1).toLongLong();
                } else {
                    Args::fail(QStringLiteral("moe-layer-freq"),
                               QCoreApplication::translate("shardscope::Import", "'%1': ShardScope reads 1 or dense first layers as ([0]*K+[1]*M) with K + M = --num-layers")
                                   .arg(a.value("moe-layer-freq")));
                }
            }
        }
        if (a.flag("multi-latent-attention")) {
            m.qLoraRank = a.has("q-lora-rank") ? a.integer("q-lora-rank", 1, 1000000) : 0;
            m.kvLoraRank = a.has("kv-lora-rank") ? a.integer("kv-lora-rank", 1, 1000000) : 512;
            m.qkNopeDim = a.has("qk-head-dim") ? a.integer("qk-head-dim", 1, 100000) : 128;
            m.qkRopeDim = a.has("qk-pos-emb-head-dim") ? a.integer("qk-pos-emb-head-dim", 1, 100000) : 64;
            m.vHeadDim = a.has("v-head-dim") ? a.integer("v-head-dim", 1, 100000) : 128;
            m.headDim = m.qkNopeDim + m.qkRopeDim;
        }
        m.mtpLayers = a.has("mtp-num-layers") ? a.integer("mtp-num-layers", 1, 64) : 0;
        adoptPresetName(m);
        if (m.id != "custom")
            a.note(QCoreApplication::translate("shardscope::Import", "the model's shape is preset %1").arg(QString::fromStdString(m.id)));
        s.arch = m;
        s.bareParams.reset();
    }

    // --- layout and schedule
    s.sequenceParallel = a.flag("sequence-parallel");
    s.embeddingInPipelineSplit = a.flag("account-for-embedding-in-pipeline-split");
    s.lossInPipelineSplit = a.flag("account-for-loss-in-pipeline-split");
    s.schedule = PipelineSchedule::OneFOneB;
    s.vpp = 1;
    if (a.has("num-virtual-stages-per-pipeline-rank")) {
        s.vpp = a.integer("num-virtual-stages-per-pipeline-rank", 1, 1024);
        s.schedule = s.vpp > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
    } else if (a.has("num-layers-per-virtual-pipeline-stage")) {
        const std::int64_t per = a.integer("num-layers-per-virtual-pipeline-stage", 1, 100000);
        if (s.arch.layers % (s.pp * per) != 0)
            Args::fail(QStringLiteral("num-layers-per-virtual-pipeline-stage"),
                       QCoreApplication::translate("shardscope::Import", "%1 layers do not split into pp %2 x %3-layer chunks").arg(s.arch.layers).arg(s.pp).arg(per));
        s.vpp = s.arch.layers / (s.pp * per);
        s.schedule = PipelineSchedule::Interleaved;
        a.note(QCoreApplication::translate("shardscope::Import", "interleaved schedule: %1 chunks per GPU (%2 layers / (pp %3 x %4))").arg(s.vpp).arg(s.arch.layers).arg(s.pp).arg(per));
    }

    // --- ZeRO-like sharding
    s.zeroStage = a.flag("use-distributed-optimizer") ? 1 : 0;
    if (a.flag("use-torch-fsdp2"))
        s.zeroStage = 3;
    if (a.flag("use-megatron-fsdp") || a.flag("use-custom-fsdp")) {
        const QString st = a.has("data-parallel-sharding-strategy") ? a.value("data-parallel-sharding-strategy")
                                                                    : QStringLiteral("optim_grads_params");
        const QStringList order = {QStringLiteral("no_shard"), QStringLiteral("optim"), QStringLiteral("optim_grads"),
                                   QStringLiteral("optim_grads_params")};
        if (!order.contains(st))
            Args::fail(QStringLiteral("data-parallel-sharding-strategy"),
                       QCoreApplication::translate("shardscope::Import", "'%1' must be no_shard, optim, optim_grads or optim_grads_params").arg(st));
        s.zeroStage = static_cast<int>(order.indexOf(st));
    }
    s.offloadOptimizer = a.flag("optimizer-cpu-offload") && s.zeroStage >= 1 ? OffloadDevice::Cpu : OffloadDevice::None;
    s.offloadParams = OffloadDevice::None;

    // --- precision and optimizer
    if (a.flag("bf16") && a.flag("fp16"))
        Args::fail(QStringLiteral("bf16"), QCoreApplication::translate("shardscope::Import", "--bf16 and --fp16 are alternatives"));
    if (a.has("fp8-format")) {
        s.recipe = resolveRecipe("fp8-mixed");
    } else if (a.flag("bf16") || (a.flag("fp16") && a.flag("accumulate-allreduce-grads-in-fp32"))) {
        s.recipe = resolveRecipe("megatron-bf16");
        a.note(QCoreApplication::translate("shardscope::Import", "%1: recipe megatron-bf16 (fp32 gradient accumulation: 2+4+4+8 B/param)")
                   .arg(a.flag("bf16") ? QStringLiteral("--bf16") : QStringLiteral("--fp16 with fp32 grad accumulation")));
    } else if (a.flag("fp16")) {
        s.recipe = resolveRecipe("mixed");
    } else {
        s.recipe = resolveRecipe("fp32");
        a.note(QCoreApplication::translate("shardscope::Import", "neither --bf16 nor --fp16: fp32 training (Megatron's default)"));
    }
    s.optimizer = Optimizer::RecipeDefault;
    if (a.has("optimizer")) {
        const QString o = a.value("optimizer").toLower();
        if (o == QLatin1String("adam"))
            s.optimizer = Optimizer::Adam;
        else if (o == QLatin1String("sgd"))
            s.optimizer = a.has("sgd-momentum") && a.number("sgd-momentum") == 0 ? Optimizer::Sgd : Optimizer::SgdMomentum;
        else
            Args::fail(QStringLiteral("optimizer"), QCoreApplication::translate("shardscope::Import", "'%1' must be adam or sgd").arg(a.value("optimizer")));
    }

    // --- memory savers
    s.checkpointing = Checkpointing::None;
    if (a.has("recompute-granularity")) {
        const QString g = a.value("recompute-granularity");
        if (g == QLatin1String("full"))
            s.checkpointing = Checkpointing::Full;
        else if (g == QLatin1String("selective"))
            s.checkpointing = Checkpointing::Selective;
        else
            Args::fail(QStringLiteral("recompute-granularity"), QCoreApplication::translate("shardscope::Import", "'%1' must be full or selective").arg(g));
        if (a.has("recompute-num-layers") && s.checkpointing == Checkpointing::Full && a.integer("recompute-num-layers", 1, 100000) > 1)
            a.note(QCoreApplication::translate("shardscope::Import", "--recompute-method / --recompute-num-layers: modelled as every layer recomputed"));
    } else if (a.flag("recompute-activations")) {
        s.checkpointing = Checkpointing::Selective;
    }
    // --recompute-modules (NVIDIA/Megatron-LM@d2c5e8b4f4fa0062d8cd9cbe18a7fca7cf1f99a3
    // megatron/core/transformer/transformer_config.py __post_init__): the list selective recompute reruns, ["core_attn"]
    // when not given; read only under --recompute-granularity selective. core_attn is ShardScope's selective
    // checkpointing; layernorm, moe_act and mla_up_proj are its recompute modules; mlp, moe and shared_experts are not
    // modelled (noted).
    s.recomputeModules = 0;
    if (a.has("recompute-modules")) {
        if (s.checkpointing != Checkpointing::Selective)
            Args::fail(QStringLiteral("recompute-modules"),
                       QCoreApplication::translate("shardscope::Import", "needs --recompute-granularity selective (Megatron reads the modules only then)"));
        bool coreAttn = false;
        QStringList unmodelled;
        std::uint32_t bits = 0;
        static const QRegularExpression separators(QStringLiteral("[,\\s\\[\\]'\"]+")); // "a,b", "[a, b]", "'a' 'b'"
        const QStringList modules = a.value("recompute-modules").split(separators, Qt::SkipEmptyParts);
        for (const QString& m : modules) {
            if (m == QLatin1String("core_attn")) {
                coreAttn = true;
                continue;
            }
            if (const auto bit = recomputeModulesFromKey(m.toStdString()); bit && *bit != 0) {
                bits |= *bit;
                continue;
            }
            if (m == QLatin1String("mlp") || m == QLatin1String("moe") || m == QLatin1String("shared_experts"))
                unmodelled << m;
            else
                Args::fail(QStringLiteral("recompute-modules"),
                           QCoreApplication::translate("shardscope::Import", "'%1' must be core_attn, layernorm, moe_act, mla_up_proj, mlp, moe or shared_experts").arg(m));
        }
        s.checkpointing = coreAttn ? Checkpointing::Selective : Checkpointing::None;
        s.recomputeModules = bits;
        if (!unmodelled.isEmpty())
            a.note(QCoreApplication::translate("shardscope::Import", "--recompute-modules %1: not modelled (the step prices no rerun of whole MLPs or MoE layers)")
                       .arg(unmodelled.join(QLatin1Char(' '))));
    }
    if (a.flag("use-flash-attn") || a.value("attention-backend") == QLatin1String("flash"))
        s.flashAttention = true;

    // --- batch: global = micro x accumulation x dp
    if (a.has("seq-length"))
        s.seq = a.integer("seq-length", 1, 16777216);
    if (a.has("micro-batch-size"))
        s.microBatch = a.integer("micro-batch-size", 1, 65536);
    if (a.has("global-batch-size")) {
        const std::int64_t g = a.integer("global-batch-size", 1, 1000000000LL);
        const std::int64_t mp = s.tp * s.pp;
        if (s.gpus % mp != 0)
            Args::fail(QStringLiteral("tensor-model-parallel-size"),
                       QCoreApplication::translate("shardscope::Import", "tp %1 x pp %2 does not divide the %3 GPUs").arg(s.tp).arg(s.pp).arg(s.gpus));
        const std::int64_t dp = s.gpus / mp;
        if (g % (s.microBatch * dp) != 0)
            Args::fail(QStringLiteral("global-batch-size"),
                       QCoreApplication::translate("shardscope::Import", "%1 is not a multiple of micro-batch %2 x dp %3 (dp = %4 GPUs / (tp %5 x pp %6))")
                           .arg(g)
                           .arg(s.microBatch)
                           .arg(dp)
                           .arg(s.gpus)
                           .arg(s.tp)
                           .arg(s.pp));
        s.gradAccum = g / (s.microBatch * dp);
        a.note(QCoreApplication::translate("shardscope::Import", "accumulation %1 micro-batches = global batch %2 / (micro-batch %3 x dp %4)")
                   .arg(s.gradAccum)
                   .arg(g)
                   .arg(s.microBatch)
                   .arg(dp));
    }
    return s;
}

QString megatronArgsFromScenario(const Scenario& s, ExportReport* report)
{
    auto warn = [&](const QString& w) {
        if (report)
            report->warnings << w;
    };
    QStringList o;
    auto arg = [&](const char* k, const QString& v) { o << QStringLiteral("--") + QLatin1String(k) << quoteArg(v); };
    auto num = [&](const char* k, std::int64_t v) { arg(k, QString::number(v)); };
    auto flag = [&](const char* k) { o << QStringLiteral("--") + QLatin1String(k); };
    const Architecture& m = s.arch;

    num("tensor-model-parallel-size", s.tp);
    num("pipeline-model-parallel-size", s.pp);
    if (s.schedule == PipelineSchedule::Interleaved && s.vpp > 1)
        num("num-virtual-stages-per-pipeline-rank", s.vpp);
    else if (s.schedule == PipelineSchedule::GPipe)
        warn(QCoreApplication::translate("shardscope::Import", "GPipe schedule: Megatron runs 1F1B; read back as 1f1b"));
    else if (s.vpp != 1)
        warn(QCoreApplication::translate("shardscope::Import", "vpp %1 without the interleaved schedule: not written").arg(s.vpp));
    if (s.sequenceParallel)
        flag("sequence-parallel");
    if (s.embeddingInPipelineSplit)
        flag("account-for-embedding-in-pipeline-split");
    if (s.lossInPipelineSplit)
        flag("account-for-loss-in-pipeline-split");

    num("num-layers", m.layers);
    num("hidden-size", m.hidden);
    num("num-attention-heads", m.heads);
    if (m.kvHeads != m.heads) {
        flag("group-query-attention");
        num("num-query-groups", m.kvHeads);
    }
    if (m.headDim != 0 && (m.heads == 0 || m.headDim * m.heads != m.hidden))
        num("kv-channels", m.headDim);
    num("ffn-hidden-size", m.ffn);
    if (m.gatedMlp)
        flag("swiglu");
    if (!m.tiedEmbeddings)
        flag("untie-embeddings-and-output-weights");
    if (m.qkvBias && m.attnOutBias && m.mlpBias) {
        // Megatron's default: biases everywhere
    } else if (!m.attnOutBias && !m.mlpBias) {
        flag("disable-bias-linear");
        if (m.qkvBias)
            flag("add-qkv-bias");
    } else {
        flag("disable-bias-linear");
        warn(QCoreApplication::translate("shardscope::Import", "biases (qkv %1, attention out %2, MLP %3): Megatron has all, none, or QKV only; written "
                            "as none")
                 .arg(m.qkvBias)
                 .arg(m.attnOutBias)
                 .arg(m.mlpBias));
    }
    arg("normalization", m.norm == NormKind::RMSNorm ? QStringLiteral("RMSNorm") : QStringLiteral("LayerNorm"));
    if (m.normsPerLayer != 2)
        warn(QCoreApplication::translate("shardscope::Import", "%1 norms per layer: Megatron has 2").arg(m.normsPerLayer));
    if (m.maxPositions > 0) {
        arg("position-embedding-type", QStringLiteral("learned_absolute"));
        num("max-position-embeddings", m.maxPositions);
    } else {
        arg("position-embedding-type", QStringLiteral("rope"));
    }
    arg("hidden-dropout", m.dropout ? QStringLiteral("0.1") : QStringLiteral("0"));
    arg("attention-dropout", m.dropout ? QStringLiteral("0.1") : QStringLiteral("0"));
    if (m.experts > 1) {
        num("num-experts", m.experts);
        num("moe-router-topk", m.topK);
        // --- MoE, MLA and MTP (issue 25)
        if (m.moeFfn > 0)
            num("moe-ffn-hidden-size", m.moeFfn);
        if (m.sharedExperts > 0)
            num("moe-shared-expert-intermediate-size",
                m.sharedExperts * (m.sharedExpertFfn > 0 ? m.sharedExpertFfn : m.expertFfn()));
        if (m.denseLayers > 0)
            arg("moe-layer-freq", QStringLiteral("([0]*%1+[1]*%2)").arg(m.denseLayers).arg(m.layers - m.denseLayers));
        if (m.moeLayerFreq > 1)
            warn(QCoreApplication::translate("shardscope::Import", "every %1-th layer MoE: Megatron's --moe-layer-freq counts from the first layer; not written")
                     .arg(m.moeLayerFreq));
        if (s.ep > 1)
            num("expert-model-parallel-size", s.ep);
        if (s.etp > 0)
            num("expert-tensor-parallel-size", s.etp);
        if (s.moeCapacityFactor != 1)
            arg("moe-expert-capacity-factor", QString::number(s.moeCapacityFactor, 'g', 15));
    }
    if (m.mla()) {
        flag("multi-latent-attention");
        if (m.qLoraRank > 0)
            num("q-lora-rank", m.qLoraRank);
        num("kv-lora-rank", m.kvLoraRank);
        num("qk-head-dim", m.qkNopeDim);
        num("qk-pos-emb-head-dim", m.qkRopeDim);
        num("v-head-dim", m.vHeadDim);
    }
    if (m.mtpLayers > 0)
        num("mtp-num-layers", m.mtpLayers);
    num("vocab-size", m.vocab);
    num("make-vocab-size-divisible-by", 1);
    if (m.vocab % s.tp != 0)
        warn(QCoreApplication::translate("shardscope::Import", "vocabulary %1 is not a multiple of tp %2: Megatron pads it to %3")
                 .arg(m.vocab)
                 .arg(s.tp)
                 .arg((m.vocab + s.tp - 1) / s.tp * s.tp));
    if (s.bareParams)
        warn(QCoreApplication::translate("shardscope::Import", "a bare count of %1 parameters: written as its GPT shape (%2 parameters)")
                 .arg(*s.bareParams)
                 .arg(countParams(m).total));
    else {
        Architecture named = m;
        adoptPresetName(named);
        if (named.id != m.id || named.name != m.name)
            warn(QCoreApplication::translate("shardscope::Import", "the model's name '%1' is not carried (Megatron describes the shape); read back as '%2'")
                     .arg(QString::fromStdString(m.name), QString::fromStdString(named.name)));
    }

    num("seq-length", s.seq);
    num("micro-batch-size", s.microBatch);
    num("global-batch-size", s.microBatch * s.gradAccum * s.dp());

    const std::string& r = s.recipe.id;
    if (r == "megatron-bf16") {
        flag("bf16");
    } else if (r == "mixed") {
        flag("fp16");
    } else if (r == "fp8-mixed") {
        flag("bf16");
        arg("fp8-format", QStringLiteral("hybrid"));
    } else if (r != "fp32") {
        flag("bf16");
        warn(QCoreApplication::translate("shardscope::Import", "recipe %1: Megatron's precisions are fp32, fp16 (2+2+4+8), bf16 (2+4+4+8) and fp8; written as "
                            "--bf16")
                 .arg(QString::fromStdString(r)));
    }
    switch (s.optimizer) {
    case Optimizer::RecipeDefault:
        break;
    case Optimizer::Adam:
        arg("optimizer", QStringLiteral("adam"));
        break;
    case Optimizer::Sgd:
        arg("optimizer", QStringLiteral("sgd"));
        arg("sgd-momentum", QStringLiteral("0"));
        break;
    case Optimizer::SgdMomentum:
        arg("optimizer", QStringLiteral("sgd"));
        break;
    default:
        arg("optimizer", QStringLiteral("adam"));
        warn(QCoreApplication::translate("shardscope::Import", "optimizer %1: Megatron has adam (decoupled weight decay) and sgd; written as adam")
                 .arg(QLatin1String(optimizerKey(s.optimizer))));
        break;
    }

    switch (s.zeroStage) {
    case 0:
        break;
    case 1:
        flag("use-distributed-optimizer");
        break;
    default:
        flag("use-megatron-fsdp");
        arg("data-parallel-sharding-strategy", s.zeroStage == 2 ? QStringLiteral("optim_grads") : QStringLiteral("optim_grads_params"));
        break;
    }
    if (s.offloadOptimizer == OffloadDevice::Cpu)
        flag("optimizer-cpu-offload");
    else if (s.offloadOptimizer == OffloadDevice::Nvme)
        warn(QCoreApplication::translate("shardscope::Import", "NVMe optimizer offload: Megatron offloads to CPU only; not written"));
    if (s.offloadParams != OffloadDevice::None)
        warn(QCoreApplication::translate("shardscope::Import", "parameter offload: Megatron has none; not written"));
    if (s.checkpointing == Checkpointing::Full) {
        arg("recompute-granularity", QStringLiteral("full"));
        arg("recompute-method", QStringLiteral("uniform"));
        num("recompute-num-layers", 1);
    } else if (s.checkpointing == Checkpointing::Selective || s.recomputeModules != 0) {
        arg("recompute-granularity", QStringLiteral("selective"));
        // Megatron's list: core_attn (ShardScope's selective checkpointing) and the recompute modules, space-separated
        if (s.recomputeModules != 0) {
            QString mods = s.checkpointing == Checkpointing::Selective ? QStringLiteral("core_attn") : QString();
            for (const QString& m : QString::fromStdString(recomputeModulesKey(s.recomputeModules)).split(QLatin1Char(',')))
                mods += (mods.isEmpty() ? QString() : QStringLiteral(" ")) + m;
            o << QStringLiteral("--recompute-modules") << mods;
        }
    }
    if (s.flashAttention)
        flag("use-flash-attn");
    else if (report)
        report->notes << QCoreApplication::translate("shardscope::Import", "FlashAttention off: Megatron's attention backend decides; --use-flash-attn not written");
    if (report)
        report->notes << QCoreApplication::translate("shardscope::Import", "%1 GPUs (dp %2): the launcher's world size, not a Megatron argument").arg(s.gpus).arg(s.dp());
    return o.join(QLatin1Char(' '));
}

} // namespace shardscope
