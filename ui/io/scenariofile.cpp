// SPDX-License-Identifier: MIT
#include "scenariofile.h"

#include "safewrite.h"

#include "deepspeedconfig.h"
#include "finetuneconfig.h"
#include "fsdpconfig.h"
#include "megatronargs.h"
#include "torchtitanconfig.h"
#include "resultjson.h"

#include "shardscope/errors.h"
#include "shardscope/knobs.h"
#include "shardscope/stacks.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace shardscope {

namespace {

std::string str(const QString& s) { return s.toStdString(); }

/// What a JSON value is, in the interface language (English on the command line).
std::string typeName(const QJsonValue& v)
{
    const char* text = QT_TRANSLATE_NOOP("shardscope::Import", "nothing");
    switch (v.type()) {
    case QJsonValue::Null: text = QT_TRANSLATE_NOOP("shardscope::Import", "null"); break;
    case QJsonValue::Bool: text = QT_TRANSLATE_NOOP("shardscope::Import", "a boolean"); break;
    case QJsonValue::Double: text = QT_TRANSLATE_NOOP("shardscope::Import", "a number"); break;
    case QJsonValue::String: text = QT_TRANSLATE_NOOP("shardscope::Import", "a string"); break;
    case QJsonValue::Array: text = QT_TRANSLATE_NOOP("shardscope::Import", "an array"); break;
    case QJsonValue::Object: text = QT_TRANSLATE_NOOP("shardscope::Import", "an object"); break;
    case QJsonValue::Undefined: break;
    }
    return QCoreApplication::translate("shardscope::Import", text).toStdString();
}

/// An importer message in the interface language, its %1.. filled (English on the command line).
template<typename... Args>
std::string trf(QString text, const Args&... args)
{
    ((text = text.arg(args)), ...);
    return text.toStdString();
}
QString q8(const std::string& s) { return QString::fromStdString(s); }

/// Reads typed values out of one JSON object, naming "<prefix><key>" in every error.
class Reader
{
public:
    Reader(const QJsonObject& o, std::string prefix)
        : m_o(o)
        , m_prefix(std::move(prefix))
    {
    }

    bool has(const char* key)
    {
        m_seen.insert(QString::fromLatin1(key));
        return m_o.contains(QLatin1String(key));
    }
    QJsonValue value(const char* key) const { return m_o.value(QLatin1String(key)); }
    std::string field(const char* key) const { return m_prefix + key; }

    [[noreturn]] void fail(const char* key, const std::string& what) const
    {
        throw InvalidInput(field(key), field(key) + ": " + what);
    }

    void integer(const char* key, std::int64_t& target, std::int64_t min, std::int64_t max)
    {
        if (!has(key))
            return;
        const QJsonValue v = value(key);
        if (!v.isDouble())
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "expected an integer, got %1"), q8(typeName(v))));
        const double d = v.toDouble();
        if (!std::isfinite(d) || std::floor(d) != d)
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "expected an integer, got %1"), QString::number(d, 'g', 17)));
        if (d < static_cast<double>(min) || d > static_cast<double>(max))
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "%1 is out of range (%2 to %3)"), QString::number(d, 'g', 17), QString::number(min),
                          QString::number(max)));
        target = static_cast<std::int64_t>(d);
    }
    void integer(const char* key, int& target, int min, int max)
    {
        std::int64_t v = target;
        integer(key, v, min, max);
        target = static_cast<int>(v);
    }
    void optionalInteger(const char* key, std::optional<std::int64_t>& target, std::int64_t min, std::int64_t max)
    {
        if (!has(key))
            return;
        if (value(key).isNull()) {
            target.reset();
            return;
        }
        std::int64_t v = 0;
        integer(key, v, min, max);
        target = v;
    }
    void number(const char* key, double& target, double min, double max)
    {
        if (!has(key))
            return;
        const QJsonValue v = value(key);
        if (!v.isDouble())
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "expected a number, got %1"), q8(typeName(v))));
        const double d = v.toDouble();
        if (!std::isfinite(d) || d < min || d > max)
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "%1 is out of range (%2 to %3)"), QString::number(d, 'g', 17), QString::number(min),
                          QString::number(max)));
        target = d;
    }
    void boolean(const char* key, bool& target)
    {
        if (!has(key))
            return;
        const QJsonValue v = value(key);
        if (!v.isBool())
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "expected true or false, got %1"), q8(typeName(v))));
        target = v.toBool();
    }
    bool string(const char* key, std::string& target)
    {
        if (!has(key))
            return false;
        const QJsonValue v = value(key);
        if (!v.isString())
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "expected a string, got %1"), q8(typeName(v))));
        target = str(v.toString());
        return true;
    }
    template<typename E>
    void keyed(const char* key, E& target, std::optional<E> (*fromKey)(const std::string&), const char* allowed)
    {
        std::string k;
        if (!string(key, k))
            return;
        const auto e = fromKey(k);
        if (!e)
            fail(key, trf(QCoreApplication::translate("shardscope::Import", "'%1' must be one of %2"), q8(k), QString::fromLatin1(allowed)));
        target = *e;
    }

    /// A generic knob of core's table (knobs.h) by its kind and range.
    void knob(const Knob& k, Scenario& s)
    {
        switch (k.kind) {
        case KnobKind::Count: {
            std::int64_t v = std::llround(k.get(s));
            integer(k.key, v, std::llround(k.min), std::llround(k.max));
            k.set(s, double(v));
            break;
        }
        case KnobKind::Real: {
            // A zero-is-preset knob takes 0 too (validateScenario() words the gap below its minimum).
            double v = k.get(s);
            number(k.key, v, k.zeroIsPreset ? 0 : k.min, k.max);
            k.set(s, v);
            break;
        }
        case KnobKind::Switch:
        case KnobKind::Flag: {
            bool v = k.get(s) != 0;
            boolean(k.key, v);
            k.set(s, v ? 1 : 0);
            break;
        }
        case KnobKind::Choice: {
            std::string v;
            if (string(k.key, v) && !k.setKey(s, v))
                fail(k.key, trf(QCoreApplication::translate("shardscope::Import", "'%1' must be one of %2"), q8(v), QString::fromLatin1(k.choices)));
            break;
        }
        case KnobKind::Text: {
            std::string v;
            if (string(k.key, v))
                k.setKey(s, v);
            break;
        }
        case KnobKind::Special: break;
        }
    }

    void reportUnknown(QStringList* notes) const
    {
        if (!notes)
            return;
        for (auto it = m_o.begin(); it != m_o.end(); ++it)
            if (!m_seen.contains(it.key()))
                *notes << QCoreApplication::translate("shardscope::Import", "%1%2: unknown key, ignored").arg(QString::fromStdString(m_prefix), it.key());
    }

private:
    const QJsonObject& m_o;
    std::string m_prefix;
    QSet<QString> m_seen;
};

constexpr std::int64_t kBig = 9007199254740992LL; // 2^53: JSON numbers are exact below it

void readArchitecture(const QJsonObject& o, Architecture& a, QStringList* notes)
{
    Reader r(o, "scenario.architecture.");
    r.string("id", a.id);
    r.string("name", a.name);
    r.integer("layers", a.layers, 1, 100000);
    r.integer("hidden", a.hidden, 1, 1000000);
    r.integer("heads", a.heads, 1, 100000);
    r.integer("kv_heads", a.kvHeads, 1, 100000);
    r.integer("head_dim", a.headDim, 0, 100000);
    r.integer("ffn", a.ffn, 1, 100000000);
    r.integer("vocab", a.vocab, 1, 100000000);
    r.integer("max_positions", a.maxPositions, 0, 100000000);
    r.boolean("gated_mlp", a.gatedMlp);
    r.boolean("tied_embeddings", a.tiedEmbeddings);
    r.boolean("qkv_bias", a.qkvBias);
    r.boolean("attn_out_bias", a.attnOutBias);
    r.boolean("mlp_bias", a.mlpBias);
    std::string norm;
    if (r.string("norm", norm)) {
        if (norm == "layernorm")
            a.norm = NormKind::LayerNorm;
        else if (norm == "rmsnorm")
            a.norm = NormKind::RMSNorm;
        else
            r.fail("norm", trf(QCoreApplication::translate("shardscope::Import", "'%1' must be layernorm or rmsnorm"), q8(norm)));
    }
    r.integer("norms_per_layer", a.normsPerLayer, 0, 16);
    r.boolean("dropout", a.dropout);
    r.integer("experts", a.experts, 1, 100000);
    r.integer("top_k", a.topK, 1, 100000);
    // --- MoE and MLA (issue 25): written only for architectures that use them (resultjson.cpp)
    r.integer("moe_ffn", a.moeFfn, 0, 10000000);
    r.integer("shared_experts", a.sharedExperts, 0, 1024);
    r.integer("shared_expert_ffn", a.sharedExpertFfn, 0, 10000000);
    r.boolean("shared_expert_gate", a.sharedExpertGate);
    r.integer("dense_layers", a.denseLayers, 0, 100000);
    r.integer("moe_layer_freq", a.moeLayerFreq, 1, 100000);
    r.boolean("router_bias", a.routerBias);
    r.integer("q_lora_rank", a.qLoraRank, 0, 1000000);
    r.integer("kv_lora_rank", a.kvLoraRank, 0, 1000000);
    r.integer("qk_rope_dim", a.qkRopeDim, 0, 100000);
    r.integer("qk_nope_dim", a.qkNopeDim, 0, 100000);
    r.integer("v_head_dim", a.vHeadDim, 0, 100000);
    {
        std::int64_t qk = a.qkNorm;
        r.integer("qk_norm", qk, 0, 2);
        a.qkNorm = int(qk);
    }
    r.boolean("attention_sinks", a.attentionSinks);
    r.integer("mtp_layers", a.mtpLayers, 0, 64);
    r.reportUnknown(notes);
}

/// validateScenario() speaks in command-line options ("--tp: ..."); a file speaks in keys.
std::string validationMessage(const InvalidInput& e)
{
    // The file's key of the option the refusal names, from core's knob table ("pcie-gbps" is the file's
    // "pcie_bytes_per_second", not "scenario.pcie_gbps", a key no file has); otherwise the field itself.
    std::string key = e.field();
    bool known = false;
    for (const Knob& k : knobs())
        if (k.option && k.key && e.field() == k.option) {
            key = k.key;
            known = true;
            break;
        }
    if (!known)
        std::replace(key.begin(), key.end(), '-', '_');
    std::string m = e.what();
    const std::string option = "--" + e.field() + ": ";
    if (m.rfind(option, 0) == 0)
        m = m.substr(option.size());
    return "scenario." + key + ": " + m;
}

QString origined(const QString& origin, const std::string& message)
{
    return origin + QStringLiteral(": ") + QString::fromStdString(message);
}

} // namespace

Scenario scenarioFromJson(const QJsonObject& o) { return scenarioFromJson(o, defaultScenario(), nullptr); }

Scenario scenarioFromJson(const QJsonObject& o, const Scenario& base, QStringList* notes)
{
    Scenario s = base;
    Reader r(o, "scenario.");

    // --- the model: a preset id (or "custom", "gpt-shape", "hf:<type>"), an optional bare count,
    // and the architecture's fields over it.
    std::string model;
    if (r.string("model", model)) {
        if (auto preset = findModelPreset(model))
            s.arch = *preset;
        else if (!o.contains(QLatin1String("architecture")))
            r.fail("model", trf(QCoreApplication::translate("shardscope::Import", "unknown model '%1' and no \"architecture\" object to describe it"), q8(model)));
    }
    if (r.has("bare_params")) {
        std::optional<std::int64_t> bare;
        r.optionalInteger("bare_params", bare, 1, 100000000000000LL);
        if (bare)
            setBareParams(s, *bare);
        else
            s.bareParams.reset();
    }
    if (r.has("architecture")) {
        const QJsonValue v = r.value("architecture");
        if (!v.isObject())
            r.fail("architecture", trf(QCoreApplication::translate("shardscope::Import", "expected an object, got %1"), q8(typeName(v))));
        readArchitecture(v.toObject(), s.arch, notes);
    }

    // --- a training stack (issue 24): its documented defaults for the knobs the file leaves out, as --stack does on the
    // command line; the file's own keys, read next, win (an unknown stack is refused there, by the "stack" knob)
    if (const QJsonValue st = o.value(QLatin1String("stack")); st.isString()) {
        if (const auto profile = stackProfile(str(st.toString().trimmed().toLower()))) {
            StackProfile unstated = *profile;
            unstated.defaults.clear();
            for (const StackDefault& d : profile->defaults)
                if (!o.contains(QString::fromStdString(d.knob)))
                    unstated.defaults.push_back(d);
            applyStack(unstated, s);
        }
    }
    // --- every knob of core's table (knobs.h) by its kind and range; the special ones by name below
    for (const Knob& k : knobs())
        if (k.key && k.generic())
            r.knob(k, s);
    r.optionalInteger("capacity_bytes", s.capacityBytes, 1, kBig);

    // --- precision
    std::string recipe;
    if (r.string("recipe", recipe)) {
        try {
            s.recipe = resolveRecipe(recipe);
        } catch (const InvalidInput& e) {
            r.fail("recipe", e.what());
        }
    }
    std::string optimizer;
    if (r.string("optimizer", optimizer)) {
        const auto opt = optimizerFromKey(optimizer);
        if (!opt) {
            std::string known;
            for (const auto& k : optimizerKeys())
                known += (known.empty() ? "" : ", ") + k;
            r.fail("optimizer", trf(QCoreApplication::translate("shardscope::Import", "unknown optimizer '%1' (known: %2)"), q8(optimizer), q8(known)));
        }
        s.optimizer = *opt;
    }
    if (r.has("terms_off")) {
        const QJsonValue v = r.value("terms_off");
        if (!v.isArray())
            r.fail("terms_off", trf(QCoreApplication::translate("shardscope::Import", "expected an array of term names, got %1"), q8(typeName(v))));
        s.termEnabled.fill(true);
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const auto term = a.at(i).isString() ? termFromKey(str(a.at(i).toString())) : std::nullopt;
            if (!term)
                r.fail("terms_off", trf(QCoreApplication::translate("shardscope::Import", "entry %1 is not a term name (params, grads, master, "
                                                                                  "optimizer, activations, logits, zero3_gathered_params, zero3_unsharded_grads, "
                                                                                  "comm_buckets, fp8_transients, cuda_context, fragmentation)"),
                                        QString::number(i)));
            s.termEnabled[static_cast<std::size_t>(*term)] = false;
        }
    }

    // --- derived keys: written for readers, never read
    if (r.has("params") && notes && r.value("params").toDouble() != static_cast<double>(s.totalParams()))
        *notes << QCoreApplication::translate("shardscope::Import", "scenario.params: %1 is derived from the model (%2); the file's value is ignored")
                      .arg(r.value("params").toDouble(), 0, 'f', 0)
                      .arg(s.totalParams());
    if (r.has("dp") && notes && s.tp > 0 && s.pp > 0 && r.value("dp").toDouble() != static_cast<double>(s.dp()))
        *notes << QCoreApplication::translate("shardscope::Import", "scenario.dp: %1 is derived (gpus / (tp x pp x cp) = %2); the file's value is ignored")
                      .arg(r.value("dp").toDouble(), 0, 'f', 0)
                      .arg(s.dp());
    r.reportUnknown(notes);
    return s;
}

QJsonObject scenarioFileJson(const Scenario& s)
{
    QJsonObject root;
    root[QStringLiteral("format")] = QString::fromLatin1(kScenarioFormat);
    root[QStringLiteral("version")] = kScenarioFormatVersion;
    root[QStringLiteral("app_version")] = QCoreApplication::applicationVersion();
    root[QStringLiteral("scenario")] = scenarioToJson(s);
    return root;
}

QByteArray scenarioFileBytes(const Scenario& s)
{
    return QJsonDocument(scenarioFileJson(s)).toJson(QJsonDocument::Indented);
}

QString lineColumnAt(const QByteArray& bytes, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, bytes.size());
    qsizetype line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (bytes.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    // Columns count characters: UTF-8 continuation bytes do not start one.
    qsizetype column = 1;
    for (qsizetype i = lineStart; i < offset; ++i)
        if ((static_cast<unsigned char>(bytes.at(i)) & 0xC0) != 0x80)
            ++column;
    return QCoreApplication::translate("shardscope::Import", "line %1, column %2").arg(line).arg(column);
}

Scenario scenarioFromFileBytes(const QByteArray& bytes, const QString& origin, QStringList* notes)
{
    auto fail = [&](const std::string& message) -> void {
        throw InvalidInput("scenario", str(origined(origin, message)));
    };
    if (bytes.trimmed().isEmpty())
        fail(trf(QCoreApplication::translate("shardscope::Import", "the file is empty (expected a ShardScope scenario file: {\"format\": \"shardscope-scenario\", ...})")));
    const QJsonObject root = parseJsonObject(bytes, origin, "scenario");

    QJsonObject scenario;
    if (!root.contains(QLatin1String("format"))) {
        if (root.value(QLatin1String("scenario")).isObject() && root.contains(QLatin1String("per_gpu"))) {
            if (notes)
                *notes << origin + QCoreApplication::translate("shardscope::Import", ": no format header; read as the \"scenario\" of a `shardscope "
                                                  "estimate --format json` result");
            scenario = root.value(QLatin1String("scenario")).toObject();
        } else if (root.contains(QLatin1String("zero_optimization")) || root.contains(QLatin1String("train_batch_size"))
                   || root.contains(QLatin1String("train_micro_batch_size_per_gpu"))) {
            fail(trf(QCoreApplication::translate("shardscope::Import", "this is a DeepSpeed config, not a ShardScope scenario file: use --deepspeed-config")));
        } else if (root.contains(QLatin1String("model_type"))) {
            fail(trf(QCoreApplication::translate("shardscope::Import", "this is a Hugging Face config.json, not a ShardScope scenario file: use --hf-config")));
        } else {
            fail(trf(QCoreApplication::translate("shardscope::Import", "not a ShardScope scenario file: the \"format\" key is missing (expected \"format\": "
                                                         "\"shardscope-scenario\")")));
        }
    } else {
        const QJsonValue format = root.value(QLatin1String("format"));
        if (format.toString() != QLatin1String(kScenarioFormat))
            fail(trf(QCoreApplication::translate("shardscope::Import", "not a ShardScope scenario file: \"format\" is %1, expected \"%2\""),
                     format.isString() ? QLatin1Char('\'') + format.toString() + QLatin1Char('\'') : q8(typeName(format)),
                     QString::fromLatin1(kScenarioFormat)));
        const QJsonValue version = root.value(QLatin1String("version"));
        if (!version.isDouble() || std::floor(version.toDouble()) != version.toDouble() || version.toDouble() < 1)
            fail(trf(QCoreApplication::translate("shardscope::Import", "\"version\" must be a positive integer (this ShardScope writes version %1)"),
                     QString::number(kScenarioFormatVersion)));
        if (version.toDouble() > kScenarioFormatVersion) {
            const QString writer = root.value(QLatin1String("app_version")).toString();
            const QString v = QString::number(version.toDouble(), 'g', 17);
            fail(writer.isEmpty()
                     ? trf(QCoreApplication::translate("shardscope::Import", "the file is scenario format version %1; this ShardScope (%2) reads versions up "
                                                             "to %3: update ShardScope to open it"),
                           v, QCoreApplication::applicationVersion(), QString::number(kScenarioFormatVersion))
                     : trf(QCoreApplication::translate("shardscope::Import", "the file is scenario format version %1, written by ShardScope %2; this "
                                                             "ShardScope (%3) reads versions up to %4: update ShardScope to open it"),
                           v, writer, QCoreApplication::applicationVersion(), QString::number(kScenarioFormatVersion)));
        }
        const QJsonValue sv = root.value(QLatin1String("scenario"));
        if (!sv.isObject())
            fail(trf(QCoreApplication::translate("shardscope::Import", "\"scenario\" must be an object, got %1"), q8(typeName(sv))));
        scenario = sv.toObject();
        if (notes)
            for (auto it = root.begin(); it != root.end(); ++it)
                if (it.key() != QLatin1String("format") && it.key() != QLatin1String("version")
                    && it.key() != QLatin1String("app_version") && it.key() != QLatin1String("scenario"))
                    *notes << origin + QCoreApplication::translate("shardscope::Import", ": %1: unknown key, ignored").arg(it.key());
    }

    QStringList local;
    Scenario s;
    try {
        s = scenarioFromJson(scenario, defaultScenario(), &local);
    } catch (const InvalidInput& e) {
        throw InvalidInput("scenario", str(origined(origin, e.what())));
    }
    try {
        validateScenario(s);
    } catch (const InvalidInput& e) {
        throw InvalidInput("scenario", str(origined(origin, validationMessage(e))));
    }
    if (notes)
        for (const QString& n : local)
            *notes << origin + QStringLiteral(": ") + n;
    return s;
}

QByteArray readConfigFile(const QString& path, const char* field)
{
    auto fail = [&](const QString& why) { throw InvalidInput(field, str(path + QStringLiteral(": ") + why)); };
    const QFileInfo fi(path);
    if (!fi.exists())
        fail(QCoreApplication::translate("shardscope::Import", "no such file"));
    if (fi.isDir())
        fail(QCoreApplication::translate("shardscope::Import", "is a folder, not a file"));
    if (fi.size() > kMaxConfigFileBytes)
        fail(QCoreApplication::translate("shardscope::Import", "the file is %1 MB; config files are at most %2 MB (is this the right file?)")
                 .arg(double(fi.size()) / 1e6, 0, 'f', 1)
                 .arg(double(kMaxConfigFileBytes) / 1e6, 0, 'f', 1));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        fail(f.errorString());
    QByteArray bytes = f.read(kMaxConfigFileBytes + 1); // also bounds pipes and special files
    if (bytes.size() > kMaxConfigFileBytes)
        fail(QCoreApplication::translate("shardscope::Import", "more than %1 MB; config files are smaller (is this the right file?)")
                 .arg(double(kMaxConfigFileBytes) / 1e6, 0, 'f', 1));
    return bytes;
}

Scenario loadScenarioFile(const QString& path, QStringList* notes)
{
    QByteArray bytes;
    try {
        bytes = readConfigFile(path, "scenario");
    } catch (const InvalidInput& e) {
        throw InvalidInput("scenario", e.what());
    }
    return scenarioFromFileBytes(bytes, path, notes);
}

void saveScenarioFile(const QString& path, const Scenario& s)
{
    writeFileAtomically(path, scenarioFileBytes(s)); // a full disk keeps the previous file
}

void requireUtf8(const QByteArray& bytes, const QString& origin, const char* field)
{
    const auto* d = reinterpret_cast<const unsigned char*>(bytes.constData());
    const qsizetype n = bytes.size();
    for (qsizetype i = 0; i < n;) {
        const unsigned char c = d[i];
        int extra = 0;
        unsigned min = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1;
            min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2;
            min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3;
            min = 0x10000;
        } else {
            extra = -1;
        }
        bool ok = extra > 0;
        unsigned cp = extra > 0 ? (c & (0x3F >> extra)) : 0;
        for (int k = 1; ok && k <= extra; ++k) {
            if (i + k >= n || (d[i + k] & 0xC0) != 0x80)
                ok = false;
            else
                cp = (cp << 6) | (d[i + k] & 0x3F);
        }
        if (ok && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)))
            ok = false;
        if (!ok)
            throw InvalidInput(field, str(origin + QStringLiteral(": ") + lineColumnAt(bytes, i)
                                          + QStringLiteral(": ") + QCoreApplication::translate("shardscope::Import", "invalid UTF-8 (byte 0x%1 at offset %2); save the file as UTF-8")
                                                .arg(unsigned(c), 2, 16, QLatin1Char('0'))
                                                .arg(i)));
        i += extra + 1;
    }
}

QJsonObject parseJsonObject(const QByteArray& bytes, const QString& origin, const char* field)
{
    auto fail = [&](const QString& why) { throw InvalidInput(field, str(origin + QStringLiteral(": ") + why)); };
    if (bytes.trimmed().isEmpty())
        fail(QCoreApplication::translate("shardscope::Import", "the file is empty (expected a JSON object)"));
    requireUtf8(bytes, origin, field);
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        QString hint;
        if (pe.offset >= bytes.trimmed().size() - 1 || pe.error == QJsonParseError::UnterminatedObject
            || pe.error == QJsonParseError::UnterminatedArray || pe.error == QJsonParseError::UnterminatedString)
            hint = QCoreApplication::translate("shardscope::Import", " (is the file truncated?)");
        const QByteArray near = bytes.mid(pe.offset, 5);
        if (near.startsWith("True") || near.startsWith("False") || near.startsWith("None"))
            hint = QCoreApplication::translate("shardscope::Import", " (Python literals: JSON spells them true, false and null)");
        fail(lineColumnAt(bytes, pe.offset) + QStringLiteral(": ") + pe.errorString() + hint);
    }
    if (!doc.isObject())
        fail(QCoreApplication::translate("shardscope::Import", "expected a JSON object at the top level, got an array"));
    return doc.object();
}

Scenario scenarioBaseFromParser(const QCommandLineParser& p)
{
    if (!p.isSet(QStringLiteral("scenario")))
        return defaultScenario();
    QStringList notes;
    Scenario s = loadScenarioFile(p.value(QStringLiteral("scenario")), &notes);
    ImportReport r;
    r.notes = notes;
    printImportNotes(r);
    return s;
}

bool hasConfigImports(const QCommandLineParser& p)
{
    return p.isSet(QStringLiteral("deepspeed-config")) || p.isSet(QStringLiteral("fsdp-config"))
        || p.isSet(QStringLiteral("megatron-args")) || p.isSet(QStringLiteral("peft-config"))
        || p.isSet(QStringLiteral("torchtune-config")) || p.isSet(QStringLiteral("torchtitan-config"));
}

Scenario applyConfigImports(const QCommandLineParser& p, const Scenario& base, ImportReport* report)
{
    Scenario s = base;
    if (p.isSet(QStringLiteral("deepspeed-config")))
        s = scenarioFromDeepSpeedConfigFile(p.value(QStringLiteral("deepspeed-config")), s, report);
    if (p.isSet(QStringLiteral("fsdp-config")))
        s = scenarioFromFsdpConfigFile(p.value(QStringLiteral("fsdp-config")), s, report);
    if (p.isSet(QStringLiteral("megatron-args")))
        s = scenarioFromMegatronArgs(p.value(QStringLiteral("megatron-args")), s, report);
    // torchtitan's job config (issue 24): model, degrees, batch, checkpointing.
    if (p.isSet(QStringLiteral("torchtitan-config")))
        s = scenarioFromTorchtitanConfigFile(p.value(QStringLiteral("torchtitan-config")), s, report);
    // Fine-tuning (issue 28): torchtune's recipe sets the model and the batch, PEFT's adapter config the adapters.
    if (p.isSet(QStringLiteral("torchtune-config")))
        s = scenarioFromTorchtuneConfigFile(p.value(QStringLiteral("torchtune-config")), s, report);
    if (p.isSet(QStringLiteral("peft-config")))
        s = scenarioFromPeftConfigFile(p.value(QStringLiteral("peft-config")), s, report);
    return s;
}

void printImportNotes(const ImportReport& report)
{
    for (const QString& n : report.all()) {
        const QByteArray b = (QStringLiteral("note: ") + n + QLatin1Char('\n')).toUtf8();
        std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stderr);
    }
    std::fflush(stderr);
}

QString autosavePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave.shardscope.json");
}

} // namespace shardscope
