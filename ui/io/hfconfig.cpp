// SPDX-License-Identifier: MIT
#include "hfconfig.h"
#include "scenariofile.h"

#include "shardscope/errors.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace shardscope {

namespace {

[[noreturn]] void fail(const QString& origin, const QString& what)
{
    throw InvalidInput("hf-config", QString(QStringLiteral("--hf-config: ") + origin + QStringLiteral(": ") + what).toStdString());
}

/// Line and column of a byte offset, for parse errors a person can find.
QString position(const QByteArray& json, int offset)
{
    int line = 1, col = 1;
    for (int i = 0; i < offset && i < json.size(); ++i) {
        if (json[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return QCoreApplication::translate("shardscope::Import", "line %1, column %2").arg(line).arg(col);
}

struct Reader
{
    const QJsonObject& o;
    const QString& origin;

    std::int64_t integer(const char* key, std::int64_t def, std::int64_t max = 100000000) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return def;
        if (!v.isDouble())
            fail(origin, QCoreApplication::translate("shardscope::Import", "'%1' must be a number").arg(QLatin1String(key)));
        const double d = v.toDouble();
        if (!std::isfinite(d) || d != std::floor(d) || d < 1 || d > double(max))
            fail(origin, QCoreApplication::translate("shardscope::Import", "'%1' must be a whole number from 1 to %2 (got %3)")
                             .arg(QLatin1String(key))
                             .arg(max)
                             .arg(d));
        return static_cast<std::int64_t>(d);
    }
    /// The first of several spellings that is present (GPT-2's n_embd vs hidden_size).
    std::int64_t integer2(const char* key, const char* alt, std::int64_t def) const
    {
        if (o.contains(QLatin1String(key)))
            return integer(key, def);
        return integer(alt, def);
    }
    /// A size that may be null or 0 to mean "none" (DeepSeek-V2-Lite's q_lora_rank: null); absent: the default.
    std::int64_t optional(const char* key, std::int64_t def) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            return def;
        if (v.isNull() || (v.isDouble() && v.toDouble() == 0))
            return 0;
        return integer(key, def);
    }
    bool boolean(const char* key, bool def) const
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return def;
        if (!v.isBool())
            fail(origin, QCoreApplication::translate("shardscope::Import", "'%1' must be true or false").arg(QLatin1String(key)));
        return v.toBool();
    }
};

Architecture llamaLike(const Reader& r, const char* type, std::int64_t vocab, std::int64_t hidden, std::int64_t ffn,
                       std::int64_t layers, std::int64_t heads, std::int64_t kvDefault, bool tieDefault,
                       std::int64_t headDimDefault = 0)
{
    Architecture a;
    a.id = std::string("hf:") + type;
    a.layers = r.integer("num_hidden_layers", layers);
    a.hidden = r.integer("hidden_size", hidden);
    a.heads = r.integer("num_attention_heads", heads);
    a.kvHeads = r.integer("num_key_value_heads", kvDefault > 0 ? kvDefault : a.heads);
    a.ffn = r.integer("intermediate_size", ffn);
    a.vocab = r.integer("vocab_size", vocab);
    const QJsonValue hd = r.o.value(QLatin1String("head_dim"));
    if (headDimDefault == 0 && (hd.isUndefined() || hd.isNull()) && a.hidden % a.heads != 0)
        // transformers' attention takes head_dim = hidden_size // num_attention_heads and its
        // projections then no longer match hidden_size: refuse, as the CLI and GPT-2 configs do.
        fail(r.origin, QCoreApplication::translate("shardscope::Import", "num_attention_heads %1 does not divide hidden_size %2 and no head_dim is given")
                           .arg(a.heads)
                           .arg(a.hidden));
    a.headDim = r.integer("head_dim", headDimDefault > 0 ? headDimDefault : a.hidden / a.heads);
    a.tiedEmbeddings = r.boolean("tie_word_embeddings", tieDefault);
    a.gatedMlp = true;
    a.norm = NormKind::RMSNorm;
    a.normsPerLayer = 2;
    a.dropout = false;
    return a;
}

// --- Mixture of Experts (issue 25). Defaults: transformers' configuration_<type>.py; the structure each count
// follows: modeling_<type>.py (docs/model.md, "Mixture of Experts").
Architecture moeFromHfConfig(const Reader& top, const QString& type)
{
    if (type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe")) {
        const bool q3 = type == QLatin1String("qwen3_moe");
        const QJsonValue only = top.o.value(QLatin1String("mlp_only_layers"));
        if (only.isArray() && !only.toArray().isEmpty())
            fail(top.origin,
                 QCoreApplication::translate("shardscope::Import",
                                             "'mlp_only_layers' lists dense layers: "
                                             "only an empty list is supported"));
        Architecture a = q3 ? llamaLike(top, "qwen3_moe", 151936, 2048, 6144, 24, 32, 4, false, 128)
                            : llamaLike(top, "qwen2_moe", 151936, 2048, 5632, 24, 16, 16, false);
        if (q3) {
            a.qkvBias = a.attnOutBias = top.boolean("attention_bias", false);
            a.qkNorm = 1; // Qwen3MoeAttention: q_norm, k_norm = RMSNorm(head_dim)
        } else {
            a.qkvBias = true; // Qwen2MoeAttention: q/k/v_proj bias=True, o_proj bias=False
        }
        a.experts = top.integer("num_experts", q3 ? 128 : 60);
        a.topK = top.integer("num_experts_per_tok", q3 ? 8 : 4);
        a.moeFfn = top.integer("moe_intermediate_size", q3 ? 768 : 1408);
        a.moeLayerFreq = top.integer("decoder_sparse_step", 1);
        if (!q3) {
            // Qwen2MoeSparseMoeBlock: shared_expert = MLP(shared_expert_intermediate_size), shared_expert_gate h -> 1
            a.sharedExpertFfn = top.optional("shared_expert_intermediate_size", 5632);
            a.sharedExperts = a.sharedExpertFfn > 0 ? 1 : 0;
            a.sharedExpertGate = a.sharedExperts > 0;
        }
        return a;
    }
    if (type == QLatin1String("olmoe")) {
        Architecture a = llamaLike(top, "olmoe", 50304, 2048, 2048, 16, 16, 0, false);
        a.qkvBias = a.attnOutBias = top.boolean("attention_bias", false);
        a.qkNorm = 2; // OlmoeAttention: q_norm = RMSNorm(hidden), k_norm = RMSNorm(kv_heads x head_dim)
        a.experts = top.integer("num_experts", 64);
        a.topK = top.integer("num_experts_per_tok", 8);
        return a;
    }
    if (type == QLatin1String("gpt_oss")) {
        Architecture a = llamaLike(top, "gpt_oss", 201088, 2880, 2880, 36, 64, 8, false, 64);
        a.qkvBias = a.attnOutBias = top.boolean("attention_bias", true);
        a.attentionSinks = true; // GptOssAttention.sinks: one per head
        a.mlpBias = true; // GptOssExperts: gate_up_proj_bias (E, 2f), down_proj_bias (E, h)
        a.routerBias = true; // GptOssTopKRouter: bias (E)
        a.experts = top.integer("num_local_experts", 128);
        a.topK = top.integer2("num_experts_per_tok", "experts_per_token", 4);
        return a;
    }
    if (type == QLatin1String("deepseek_v2") || type == QLatin1String("deepseek_v3")) {
        const bool v3 = type == QLatin1String("deepseek_v3");
        Architecture a = v3 ? llamaLike(top, "deepseek_v3", 129280, 7168, 18432, 61, 128, 0, false, 1)
                            : llamaLike(top, "deepseek_v2", 102400, 4096, 11008, 30, 32, 0, false, 1);
        a.qkvBias = a.attnOutBias = top.boolean("attention_bias", false);
        a.experts = top.integer("n_routed_experts", v3 ? 256 : 160);
        a.topK = top.integer("num_experts_per_tok", v3 ? 8 : 6);
        a.moeFfn = top.integer("moe_intermediate_size", v3 ? 2048 : 1407);
        a.sharedExperts = top.optional("n_shared_experts", v3 ? 1 : 2);
        a.denseLayers = top.optional("first_k_dense_replace", v3 ? 3 : 0);
        // DeepSeek's rule is idx >= first_k_dense_replace and idx % moe_layer_freq == 0: the same as ours at 1.
        if (top.integer("moe_layer_freq", 1) != 1)
            fail(top.origin,
                 QCoreApplication::translate("shardscope::Import", "'moe_layer_freq' other than 1 is not supported"));
        a.qLoraRank = top.optional("q_lora_rank", 1536);
        a.kvLoraRank = top.integer("kv_lora_rank", 512);
        a.qkRopeDim = top.integer("qk_rope_head_dim", 64);
        a.qkNopeDim = top.integer("qk_nope_head_dim", 128);
        a.vHeadDim = top.integer("v_head_dim", 128);
        a.headDim = a.qkNopeDim + a.qkRopeDim; // what the attention core multiplies per head
        // noaux_tc (DeepSeek-V3): the router's e_score_correction_bias, one per expert.
        a.routerBias = top.o.value(QLatin1String("topk_method")).toString(v3 ? QStringLiteral("noaux_tc") : QString())
            == QLatin1String("noaux_tc");
        a.mtpLayers = top.optional("num_nextn_predict_layers", 0);
        if (a.experts > 1 && a.denseLayers >= a.layers)
            a.denseLayers = a.layers;
        return a;
    }
    // Llama 4: the text model's config sits under text_config (Llama4Config); llama4_text is that config itself.
    const QJsonObject text = top.o.value(QLatin1String("text_config")).toObject();
    const Reader r {text.isEmpty() ? top.o : text, top.origin};
    Architecture a = llamaLike(r, "llama4", 202048, 5120, 16384, 48, 40, 8, false, 128);
    a.id = "hf:llama4";
    a.tiedEmbeddings = top.boolean("tie_word_embeddings", r.boolean("tie_word_embeddings", false));
    a.qkvBias = a.attnOutBias = r.boolean("attention_bias", false);
    a.moeFfn = r.integer("intermediate_size", 8192); // Llama4TextExperts and the shared expert
    a.ffn = r.integer("intermediate_size_mlp", 16384); // the dense layers' Llama4TextMLP
    a.experts = r.integer("num_local_experts", 16);
    a.topK = r.integer("num_experts_per_tok", 1);
    a.sharedExperts = 1; // Llama4TextMoe.shared_expert
    a.moeLayerFreq = r.integer("interleave_moe_layer_step", 1); // moe_layers = range(step - 1, L, step)
    return a;
}

} // namespace

QStringList supportedHfModelTypes()
{
    return {QStringLiteral("llama"),     QStringLiteral("mistral"),     QStringLiteral("mixtral"),
            QStringLiteral("qwen2"),     QStringLiteral("gemma"),       QStringLiteral("gemma2"),
            QStringLiteral("phi3"),      QStringLiteral("gpt2"),        QStringLiteral("qwen2_moe"),
            QStringLiteral("qwen3_moe"), QStringLiteral("deepseek_v2"), QStringLiteral("deepseek_v3"),
            QStringLiteral("gpt_oss"),   QStringLiteral("llama4"),      QStringLiteral("olmoe")};
}

Architecture architectureFromHfConfig(const QByteArray& json, const QString& origin)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError)
        fail(origin, QCoreApplication::translate("shardscope::Import", "not valid JSON at %1: %2").arg(position(json, err.offset), err.errorString()));
    if (!doc.isObject())
        fail(origin, QCoreApplication::translate("shardscope::Import", "the top level must be a JSON object"));
    const QJsonObject o = doc.object();
    const Reader r {o, origin};
    const QJsonValue mt = o.value(QLatin1String("model_type"));
    if (!mt.isString())
        fail(origin, QCoreApplication::translate("shardscope::Import", "'model_type' is missing or not a string (supported: %1)")
                         .arg(supportedHfModelTypes().join(QStringLiteral(", "))));
    const QString type = mt.toString();
    Architecture a;
    // Defaults: transformers' configuration_<type>.py; implied structure: modeling_<type>.py.
    if (type == QLatin1String("llama")) {
        a = llamaLike(r, "llama", 32000, 4096, 11008, 32, 32, 0, false);
        a.qkvBias = a.attnOutBias = r.boolean("attention_bias", false);
        a.mlpBias = r.boolean("mlp_bias", false);
    } else if (type == QLatin1String("mistral")) {
        a = llamaLike(r, "mistral", 32000, 4096, 14336, 32, 32, 8, false);
    } else if (type == QLatin1String("mixtral")) {
        a = llamaLike(r, "mixtral", 32000, 4096, 14336, 32, 32, 8, false);
        a.experts = r.integer("num_local_experts", 8);
        a.topK = r.integer("num_experts_per_tok", 2);
    } else if (type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe")
               || type == QLatin1String("olmoe") || type == QLatin1String("gpt_oss")
               || type == QLatin1String("deepseek_v2") || type == QLatin1String("deepseek_v3")
               || type == QLatin1String("llama4") || type == QLatin1String("llama4_text")) {
        a = moeFromHfConfig(r, type);
    } else if (type == QLatin1String("qwen2")) {
        a = llamaLike(r, "qwen2", 151936, 4096, 22016, 32, 32, 32, false);
        a.qkvBias = true; // Qwen2Attention: q/k/v_proj bias=True, o_proj bias=False
    } else if (type == QLatin1String("gemma")) {
        a = llamaLike(r, "gemma", 256000, 3072, 24576, 28, 16, 16, true, 256);
        a.qkvBias = a.attnOutBias = r.boolean("attention_bias", false);
    } else if (type == QLatin1String("gemma2")) {
        a = llamaLike(r, "gemma2", 256000, 2304, 9216, 26, 8, 4, true, 256);
        a.qkvBias = a.attnOutBias = r.boolean("attention_bias", false);
        a.normsPerLayer = 4; // input, post-attention, pre- and post-feedforward norms
    } else if (type == QLatin1String("phi3")) {
        a = llamaLike(r, "phi3", 32064, 3072, 8192, 32, 32, 0, false);
    } else if (type == QLatin1String("gpt2")) {
        a.id = "hf:gpt2";
        a.layers = r.integer2("n_layer", "num_hidden_layers", 12);
        a.hidden = r.integer2("n_embd", "hidden_size", 768);
        a.heads = r.integer2("n_head", "num_attention_heads", 12);
        a.kvHeads = a.heads;
        a.headDim = a.heads > 0 && a.hidden % a.heads == 0 ? a.hidden / a.heads : 0;
        a.ffn = r.integer("n_inner", 4 * a.hidden);
        a.vocab = r.integer("vocab_size", 50257);
        a.maxPositions = r.integer2("n_positions", "max_position_embeddings", 1024);
        a.tiedEmbeddings = r.boolean("tie_word_embeddings", true); // PretrainedConfig default
        a.qkvBias = a.attnOutBias = a.mlpBias = true; // Conv1D layers carry biases
        a.norm = NormKind::LayerNorm;
        a.dropout = true;
    } else {
        fail(origin, QCoreApplication::translate("shardscope::Import", "model_type '%1' is not supported (supported: %2)")
                         .arg(type, supportedHfModelTypes().join(QStringLiteral(", "))));
    }
    QString name = o.value(QLatin1String("_name_or_path")).toString();
    if (name.isEmpty())
        name = QFileInfo(origin).fileName() + QStringLiteral(" (") + type + QStringLiteral(")");
    a.name = name.toStdString();
    try {
        validateArchitecture(a);
    } catch (const InvalidInput& e) {
        fail(origin, QString::fromStdString(e.what()));
    }
    return a;
}

Architecture architectureFromHfConfigFile(const QString& path)
{
    // readConfigFile reads at most its limit + 1 bytes whatever size the file reports (/dev/zero
    // reports 0, a pipe nothing), so a special file cannot make this read without end.
    QByteArray bytes;
    try {
        bytes = readConfigFile(path, "hf-config");
    } catch (const InvalidInput& e) {
        throw InvalidInput("hf-config", std::string("--hf-config: ") + e.what());
    }
    return architectureFromHfConfig(bytes, path);
}

} // namespace shardscope
