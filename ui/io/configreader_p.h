// SPDX-License-Identifier: MIT
// Private to ui/io: typed, path-naming reads of JSON (and YAML turned into JSON) config objects.
#pragma once

#include "scenariofile.h"

#include "shardscope/errors.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cmath>
#include <cstdint>

namespace shardscope::detail {

template<typename T>
struct Value
{
    bool present = false;
    bool isAuto = false; ///< the string "auto" (Hugging Face Trainer: derive from the run)
    T value {};
};

/// Where messages go: the origin (path) starts every error; `where` maps key paths to "line L, column C".
class ConfigContext
{
public:
    ConfigContext(QString origin, const char* field, ImportReport* report)
        : m_origin(std::move(origin))
        , m_field(field)
        , m_report(report)
    {
    }
    bool lenientScalars = false; ///< YAML: scalars arrive as strings ("true", "8")
    QHash<QString, QString> where;

    void note(const QString& n)
    {
        if (m_report)
            m_report->notes << clipped(n);
    }
    void ignored(const QString& n)
    {
        if (m_report)
            m_report->ignored << clipped(n);
    }
    [[noreturn]] void fail(const QString& path, const QString& why) const
    {
        QString at = where.value(path);
        if (!at.isEmpty())
            at += QStringLiteral(": ");
        throw InvalidInput(m_field, QString(m_origin + QStringLiteral(": ") + at + clipped(path) + QStringLiteral(": ") + clipped(why)).toStdString());
    }
    /// A message with a value from the file in it, at most about 400 characters: the head and the tail (where the
    /// reason is) around the middle left out (a 4 MB value was echoed whole into an FSDP importer's error).
    static QString clipped(const QString& text)
    {
        constexpr qsizetype kKeep = 200;
        if (text.size() <= 2 * kKeep + 40)
            return text;
        return text.left(kKeep) + QStringLiteral(" [... %1 characters ...] ").arg(text.size() - 2 * kKeep) + text.right(kKeep);
    }
    const char* field() const { return m_field; }

private:
    QString m_origin;
    const char* m_field;
    ImportReport* m_report;
};

/// "a number", "a list" ...: what a value is, in the interface language (English on the command line).
inline QString jsonTypeName(const QJsonValue& v)
{
    const char* text = QT_TRANSLATE_NOOP("shardscope::Import", "nothing");
    switch (v.type()) {
    case QJsonValue::Null: text = QT_TRANSLATE_NOOP("shardscope::Import", "null"); break;
    case QJsonValue::Bool: text = QT_TRANSLATE_NOOP("shardscope::Import", "a boolean"); break;
    case QJsonValue::Double: text = QT_TRANSLATE_NOOP("shardscope::Import", "a number"); break;
    case QJsonValue::String: text = QT_TRANSLATE_NOOP("shardscope::Import", "a string"); break;
    case QJsonValue::Array: text = QT_TRANSLATE_NOOP("shardscope::Import", "a list"); break;
    case QJsonValue::Object: text = QT_TRANSLATE_NOOP("shardscope::Import", "a mapping"); break;
    case QJsonValue::Undefined: break;
    }
    return QCoreApplication::translate("shardscope::Import", text);
}

/// "(top level)": the path of an error about the whole file.
inline QString topLevelPath() { return QCoreApplication::translate("shardscope::Import", "(top level)"); }

class JsonNode
{
public:
    JsonNode(ConfigContext& c, QJsonObject o, QString path)
        : m_c(c)
        , m_o(std::move(o))
        , m_path(std::move(path))
    {
    }

    QString path(const char* key) const
    {
        return m_path.isEmpty() ? QString::fromLatin1(key) : m_path + QLatin1Char('.') + QLatin1String(key);
    }
    bool has(const char* key)
    {
        m_seen.insert(QString::fromLatin1(key));
        return m_o.contains(QLatin1String(key)) && !m_o.value(QLatin1String(key)).isNull();
    }
    qsizetype keyCount() const { return m_o.size(); }
    void markAllSeen()
    {
        for (auto it = m_o.begin(); it != m_o.end(); ++it)
            m_seen.insert(it.key());
    }
    QJsonValue raw(const char* key) const { return m_o.value(QLatin1String(key)); }

    JsonNode child(const char* key)
    {
        has(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (!v.isObject())
            m_c.fail(path(key), QCoreApplication::translate("shardscope::Import", "expected a mapping of keys, got %1").arg(jsonTypeName(v)));
        return JsonNode(m_c, v.toObject(), path(key));
    }

    Value<double> number(const char* key)
    {
        Value<double> r;
        if (!has(key))
            return r;
        const QJsonValue v = m_o.value(QLatin1String(key));
        r.present = true;
        if (v.isString() && v.toString().trimmed().compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0) {
            r.isAuto = true;
            return r;
        }
        bool ok = v.isDouble();
        double d = v.toDouble();
        if (!ok && v.isString() && m_c.lenientScalars)
            d = v.toString().trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(d))
            m_c.fail(path(key), QCoreApplication::translate("shardscope::Import", "expected a number, got %1").arg(describe(v)));
        r.value = d;
        return r;
    }

    Value<std::int64_t> integer(const char* key, std::int64_t min, std::int64_t max)
    {
        Value<std::int64_t> r;
        const Value<double> d = number(key);
        r.present = d.present;
        r.isAuto = d.isAuto;
        if (!d.present || d.isAuto)
            return r;
        if (std::floor(d.value) != d.value)
            m_c.fail(path(key), QCoreApplication::translate("shardscope::Import", "expected a whole number, got %1").arg(d.value, 0, 'g', 17));
        if (d.value < double(min) || d.value > double(max))
            m_c.fail(path(key), QCoreApplication::translate("shardscope::Import", "%1 is out of range (%2 to %3)").arg(d.value, 0, 'g', 17).arg(min).arg(max));
        r.value = static_cast<std::int64_t>(d.value);
        return r;
    }

    Value<bool> boolean(const char* key)
    {
        Value<bool> r;
        if (!has(key))
            return r;
        const QJsonValue v = m_o.value(QLatin1String(key));
        r.present = true;
        if (v.isBool()) {
            r.value = v.toBool();
            return r;
        }
        if (v.isString()) {
            const QString t = v.toString().trimmed().toLower();
            if (t == QLatin1String("auto")) {
                r.isAuto = true;
                return r;
            }
            if (t == QLatin1String("true") || t == QLatin1String("yes") || t == QLatin1String("on")) {
                r.value = true;
                return r;
            }
            if (t == QLatin1String("false") || t == QLatin1String("no") || t == QLatin1String("off")) {
                r.value = false;
                return r;
            }
        }
        m_c.fail(path(key), QCoreApplication::translate("shardscope::Import", "expected true or false, got %1").arg(describe(v)));
    }

    Value<QString> string(const char* key)
    {
        Value<QString> r;
        if (!has(key))
            return r;
        const QJsonValue v = m_o.value(QLatin1String(key));
        r.present = true;
        if (v.isDouble() && m_c.lenientScalars) {
            r.value = QString::number(v.toDouble(), 'g', 17);
            return r;
        }
        if (!v.isString())
            m_c.fail(path(key), QCoreApplication::translate("shardscope::Import", "expected a string, got %1").arg(describe(v)));
        r.value = v.toString().trimmed();
        r.isAuto = r.value.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0;
        return r;
    }

    /// Reports keys never asked for: those in `noEffect` in one "no effect" line, others as unknown.
    void finish(const QStringList& noEffect)
    {
        QStringList quiet, unknown;
        for (auto it = m_o.begin(); it != m_o.end(); ++it) {
            if (m_seen.contains(it.key()))
                continue;
            const QString p = m_path.isEmpty() ? it.key() : m_path + QLatin1Char('.') + it.key();
            (noEffect.contains(it.key()) ? quiet : unknown) << p;
        }
        if (!quiet.isEmpty())
            m_c.ignored(QCoreApplication::translate("shardscope::Import", "ignored (no effect on memory): ") + quiet.join(QStringLiteral(", ")));
        for (const QString& u : unknown)
            m_c.ignored(QCoreApplication::translate("shardscope::Import", "%1: unknown key, ignored").arg(u));
    }

private:
    static QString describe(const QJsonValue& v)
    {
        if (v.isString())
            return QLatin1Char('\'') + v.toString().left(40) + QLatin1Char('\'');
        return jsonTypeName(v);
    }

    ConfigContext& m_c;
    QJsonObject m_o;
    QString m_path;
    QSet<QString> m_seen;
};

} // namespace shardscope::detail
