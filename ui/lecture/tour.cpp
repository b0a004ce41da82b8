// SPDX-License-Identifier: MIT
#include "tour.h"

#include "scenariofile.h"
#include "tourfacts.h"

#include "shardscope/errors.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <vector>
#include <cmath>
#include <utility>

namespace shardscope {

namespace {

const QString kTourFormat = QStringLiteral("shardscope-tour");
constexpr int kTourVersion = 1;
constexpr qsizetype kMaxSteps = 1000;
/// The most mini-trainer work a tour may carry, summed over its steps: ranks x optimizer steps of each `train` run
/// (the built-in tour's run is 4 x 2; a 1,000-step tour training 16 x 20 at every step ran half an hour in
/// `tour --check` and the window). Checked while the file is read, before anything runs.
constexpr int kMaxTrainWork = 640;
const QString kBuiltinDir = QStringLiteral(":/tours");
const QString kTourSuffix = QStringLiteral(".tour.json");

/// Records where each value starts. The text has already been accepted by QJsonDocument.
class OffsetScanner
{
public:
    OffsetScanner(const QByteArray& b, QMap<QString, qsizetype>& out)
        : m_b(b)
        , m_out(out)
    {
    }
    void value(const QString& path, int depth = 0)
    {
        ws();
        if (m_i >= m_b.size())
            return;
        // Tours name values a few levels deep; recording every level would store paths of the file's
        // length at each of up to 1024 levels (gigabytes for a 4 MB file).
        constexpr int kMaxRecordedDepth = 8;
        if (depth <= kMaxRecordedDepth)
            m_out.insert(path, m_i);
        const char c = m_b.at(m_i);
        const auto child = [&](const QString& key) {
            return depth >= kMaxRecordedDepth ? QString() : path.isEmpty() ? key : path + QLatin1Char('/') + key;
        };
        if (c == '{') {
            ++m_i;
            ws();
            if (peek() == '}') {
                ++m_i;
                return;
            }
            while (m_i < m_b.size()) {
                ws();
                const QString key = string();
                ws();
                ++m_i; // ':'
                value(child(key), depth + 1);
                ws();
                if (peek() == ',') {
                    ++m_i;
                    continue;
                }
                ++m_i; // '}'
                break;
            }
        } else if (c == '[') {
            ++m_i;
            ws();
            if (peek() == ']') {
                ++m_i;
                return;
            }
            for (int index = 0; m_i < m_b.size(); ++index) {
                value(child(QString::number(index)), depth + 1);
                ws();
                if (peek() == ',') {
                    ++m_i;
                    continue;
                }
                ++m_i; // ']'
                break;
            }
        } else if (c == '"') {
            string();
        } else {
            while (m_i < m_b.size() && !QByteArrayView(",]} \t\r\n").contains(m_b.at(m_i)))
                ++m_i;
        }
    }

private:
    char peek() const { return m_i < m_b.size() ? m_b.at(m_i) : '\0'; }
    void ws()
    {
        while (m_i < m_b.size() && QByteArrayView(" \t\r\n").contains(m_b.at(m_i)))
            ++m_i;
    }
    QString string()
    {
        ++m_i; // '"'
        const qsizetype start = m_i;
        while (m_i < m_b.size() && m_b.at(m_i) != '"')
            m_i += m_b.at(m_i) == '\\' ? 2 : 1;
        const QByteArray raw = m_b.mid(start, m_i - start);
        ++m_i;
        const QJsonDocument d = QJsonDocument::fromJson("[\"" + raw + "\"]");
        return d.isArray() ? d.array().at(0).toString() : QString::fromUtf8(raw);
    }
    const QByteArray& m_b;
    QMap<QString, qsizetype>& m_out;
    qsizetype m_i = 0;
};

class TourParser
{
public:
    TourParser(const QByteArray& bytes, const QString& origin)
        : m_bytes(bytes)
        , m_origin(origin)
        , m_offsets(jsonValueOffsets(bytes))
    {
        for (qsizetype i = bytes.indexOf('\n'); i >= 0; i = bytes.indexOf('\n', i + 1))
            m_newlines.push_back(i);
    }

    int lineOf(QString path) const
    {
        for (;;) {
            const auto it = m_offsets.constFind(path);
            if (it != m_offsets.constEnd()) // 1 + the newlines before the value (not a count per step: big tours)
                return 1 + int(std::lower_bound(m_newlines.cbegin(), m_newlines.cend(), *it) - m_newlines.cbegin());
            if (path.isEmpty())
                return 1;
            const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
            path = slash < 0 ? QString() : path.left(slash);
        }
    }

    /// {"strategy": "zero1", "ranks": 4, "steps": 2}: a mini-trainer run (core's trainer, MLP defaults).
    train::TrainConfig trainConfig(const QJsonValue& v, const QString& path) const
    {
        if (!v.isObject())
            fail(path, QCoreApplication::translate("shardscope::Tour", "'train' must be an object {strategy, ranks, steps}"));
        const QJsonObject o = v.toObject();
        train::TrainConfig c;
        for (auto it = o.begin(); it != o.end(); ++it)
            if (it.key() != QLatin1String("strategy") && it.key() != QLatin1String("ranks") && it.key() != QLatin1String("steps")
                && it.key() != QLatin1String("bf16"))
                fail(join(path, it.key()), QCoreApplication::translate("shardscope::Tour", "unknown key '%1' in train (expected strategy, ranks, steps, bf16)").arg(it.key()));
        const QString strategy = string(o, path, QStringLiteral("strategy"), true);
        const auto st = train::strategyFromKey(strategy.toStdString());
        if (!st)
            fail(join(path, QStringLiteral("strategy")), QCoreApplication::translate("shardscope::Tour", "unknown strategy '%1' (single, ddp, zero1, zero2, zero3, naive-zero)").arg(strategy));
        c.strategy = *st;
        const auto count = [&](const QString& key, int lo, int hi, int fallback) {
            const QJsonValue x = o.value(key);
            if (x.isUndefined())
                return fallback;
            if (!x.isDouble() || x.toDouble() != std::floor(x.toDouble()) || x.toDouble() < lo || x.toDouble() > hi)
                fail(join(path, key), QCoreApplication::translate("shardscope::Tour", "'%1' must be an integer from %2 to %3").arg(key).arg(lo).arg(hi));
            return x.toInt();
        };
        c.ranks = count(QStringLiteral("ranks"), 1, 16, 4);
        c.steps = count(QStringLiteral("steps"), 1, 20, 2);
        if (o.contains(QStringLiteral("bf16"))) {
            if (!o.value(QStringLiteral("bf16")).isBool())
                fail(join(path, QStringLiteral("bf16")), QCoreApplication::translate("shardscope::Tour", "'bf16' must be true or false"));
            c.bf16 = o.value(QStringLiteral("bf16")).toBool();
        }
        try {
            train::validateTrainConfig(c);
        } catch (const std::exception& e) {
            fail(path, QString::fromUtf8(e.what()));
        }
        return c;
    }

    [[noreturn]] void fail(const QString& path, const QString& why) const
    {
        throw InvalidInput("tour", QCoreApplication::translate("shardscope::Tour", "%1: line %2: %3").arg(m_origin).arg(lineOf(path)).arg(why).toStdString());
    }

    static QString join(const QString& a, const QString& b) { return a.isEmpty() ? b : a + QLatin1Char('/') + b; }

    QString string(const QJsonObject& o, const QString& path, const QString& key, bool required) const
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined()) {
            if (required)
                fail(path, QCoreApplication::translate("shardscope::Tour", "'%1' is missing").arg(key));
            return QString();
        }
        if (!v.isString())
            fail(join(path, key), QCoreApplication::translate("shardscope::Tour", "'%1' must be a string").arg(key));
        return v.toString();
    }

    TourText text(const QJsonObject& o, const QString& path, const QString& key) const
    {
        const QJsonValue v = o.value(key);
        const QString here = join(path, key);
        if (v.isUndefined())
            fail(path, QCoreApplication::translate("shardscope::Tour", "'%1' is missing (an object with \"en\", \"ru\", \"zh_CN\")").arg(key));
        if (!v.isObject())
            fail(here, QCoreApplication::translate("shardscope::Tour", "'%1' must be an object of texts by language (\"en\", \"ru\", \"zh_CN\")").arg(key));
        TourText t;
        const QJsonObject langs = v.toObject();
        for (auto it = langs.begin(); it != langs.end(); ++it) {
            if (!tourLanguages().contains(it.key()))
                fail(join(here, it.key()), QCoreApplication::translate("shardscope::Tour", "unknown language '%1' (expected en, ru or zh_CN)").arg(it.key()));
            if (!it.value().isString() || it.value().toString().trimmed().isEmpty())
                fail(join(here, it.key()), QCoreApplication::translate("shardscope::Tour", "'%1.%2' must be a non-empty string").arg(key, it.key()));
            t.byLanguage.insert(it.key(), it.value().toString());
        }
        if (!t.byLanguage.contains(QStringLiteral("en")))
            fail(here, QCoreApplication::translate("shardscope::Tour", "'%1' has no English text (\"en\")").arg(key));
        // Every language must show the same numbers from core.
        QStringList enNames = TourFacts::placeholders(t.byLanguage.value(QStringLiteral("en")));
        for (const QString& name : enNames)
            if (!tourQuantityNames().contains(name))
                fail(join(here, QStringLiteral("en")),
                     QCoreApplication::translate("shardscope::Tour", "unknown quantity {%1} (docs/tours.md lists the quantities)").arg(name));
        enNames.sort();
        for (auto it = t.byLanguage.cbegin(); it != t.byLanguage.cend(); ++it) {
            QStringList names = TourFacts::placeholders(it.value());
            names.sort();
            if (names != enNames)
                fail(join(here, it.key()),
                     QCoreApplication::translate("shardscope::Tour", "'%1.%2' shows {%3} but the English text shows {%4}")
                         .arg(key, it.key(), names.join(QStringLiteral("}, {")), enNames.join(QStringLiteral("}, {"))));
        }
        return t;
    }

    Scenario applySet(const QJsonObject& set, const Scenario& base, const QString& path) const
    {
        QStringList notes;
        Scenario s;
        try {
            s = scenarioFromJson(set, base, &notes);
        } catch (const InvalidInput& e) {
            QString field = QString::fromStdString(e.field());
            if (field.startsWith(QLatin1String("scenario.")))
                field = field.mid(9).section(QLatin1Char('.'), 0, 0);
            fail(set.contains(field) ? join(path, field) : path, QString::fromUtf8(e.what()));
        }
        for (const QString& n : notes) {
            // "scenario.<key>: ..." or "<key>: unknown key, ignored": point at the key's line.
            const QString key = QString(n).remove(QStringLiteral("scenario.")).section(QLatin1Char(':'), 0, 0);
            fail(set.contains(key) ? join(path, key) : path, n);
        }
        if (!notes.isEmpty())
            fail(path, notes.first());
        try {
            validateScenario(s);
        } catch (const InvalidInput& e) {
            const QString field = QString::fromStdString(e.field()).replace(QLatin1Char('-'), QLatin1Char('_'));
            fail(set.contains(field) ? join(path, field) : path,
                 QCoreApplication::translate("shardscope::Tour", "the scenario of this step is invalid: %1").arg(QString::fromUtf8(e.what())));
        }
        return s;
    }

    Tour parse() const
    {
        requireUtf8(m_bytes, m_origin, "tour");
        const QJsonObject root = parseJsonObject(m_bytes, m_origin, "tour");
        static const QStringList rootKeys = {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("id"),
                                             QStringLiteral("title"), QStringLiteral("source"), QStringLiteral("base"),
                                             QStringLiteral("steps")};
        for (auto it = root.begin(); it != root.end(); ++it)
            if (!rootKeys.contains(it.key()))
                fail(it.key(), QCoreApplication::translate("shardscope::Tour", "unknown key '%1' (expected one of: %2)").arg(it.key(), rootKeys.join(QStringLiteral(", "))));
        if (string(root, QString(), QStringLiteral("format"), true) != kTourFormat)
            fail(QStringLiteral("format"), QCoreApplication::translate("shardscope::Tour", "'format' must be \"%1\"").arg(kTourFormat));
        const QJsonValue version = root.value(QStringLiteral("version"));
        if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) || version.toInt() < 1)
            fail(QStringLiteral("version"), QCoreApplication::translate("shardscope::Tour", "'version' must be a positive integer"));
        if (version.toInt() > kTourVersion)
            fail(QStringLiteral("version"),
                 QCoreApplication::translate("shardscope::Tour", "tour format version %1 is newer than this ShardScope reads (%2)").arg(version.toInt()).arg(kTourVersion));

        Tour tour;
        tour.origin = m_origin;
        tour.id = string(root, QString(), QStringLiteral("id"), true);
        static const QRegularExpression idPattern(QStringLiteral("^[a-z0-9][a-z0-9-]*$"));
        if (!idPattern.match(tour.id).hasMatch())
            fail(QStringLiteral("id"), QCoreApplication::translate("shardscope::Tour", "'id' must be lower-case letters, digits and dashes (got '%1')").arg(tour.id));
        tour.title = text(root, QString(), QStringLiteral("title"));
        tour.source = string(root, QString(), QStringLiteral("source"), false);

        Scenario current = defaultScenario();
        if (root.contains(QStringLiteral("base"))) {
            if (!root.value(QStringLiteral("base")).isObject())
                fail(QStringLiteral("base"), QCoreApplication::translate("shardscope::Tour", "'base' must be an object of scenario keys"));
            current = applySet(root.value(QStringLiteral("base")).toObject(), current, QStringLiteral("base"));
        }
        const QJsonValue stepsValue = root.value(QStringLiteral("steps"));
        if (!stepsValue.isArray() || stepsValue.toArray().isEmpty())
            fail(stepsValue.isUndefined() ? QString() : QStringLiteral("steps"), QCoreApplication::translate("shardscope::Tour", "'steps' must be a non-empty array"));
        const QJsonArray steps = stepsValue.toArray();
        if (steps.size() > kMaxSteps) // each step carries a scenario: a 4 MB file could hold 150,000
            fail(QStringLiteral("steps"),
                 QCoreApplication::translate("shardscope::Tour", "a tour has at most %1 steps (this one has %2)").arg(kMaxSteps).arg(steps.size()));
        QString tab = QStringLiteral("memory");
        int trainWork = 0;
        static const QStringList stepKeys = {QStringLiteral("set"), QStringLiteral("tab"), QStringLiteral("highlight"),
                                             QStringLiteral("controls"), QStringLiteral("caption"), QStringLiteral("claims"),
                                             QStringLiteral("play"), QStringLiteral("train")};
        for (int i = 0; i < steps.size(); ++i) {
            const QString path = QStringLiteral("steps/%1").arg(i);
            if (!steps.at(i).isObject())
                fail(path, QCoreApplication::translate("shardscope::Tour", "step %1 must be an object").arg(i + 1));
            const QJsonObject o = steps.at(i).toObject();
            for (auto it = o.begin(); it != o.end(); ++it)
                if (!stepKeys.contains(it.key()))
                    fail(join(path, it.key()),
                         QCoreApplication::translate("shardscope::Tour", "unknown key '%1' in step %2 (expected one of: %3)").arg(it.key()).arg(i + 1).arg(stepKeys.join(QStringLiteral(", "))));
            TourStep step;
            step.line = lineOf(path);
            if (o.contains(QStringLiteral("set"))) {
                if (!o.value(QStringLiteral("set")).isObject())
                    fail(join(path, QStringLiteral("set")), QCoreApplication::translate("shardscope::Tour", "'set' must be an object of scenario keys"));
                step.set = o.value(QStringLiteral("set")).toObject();
                current = applySet(step.set, current, join(path, QStringLiteral("set")));
            }
            step.scenario = current;
            if (o.contains(QStringLiteral("tab"))) {
                tab = string(o, path, QStringLiteral("tab"), true);
                if (tab != QLatin1String("memory") && tab != QLatin1String("step") && tab != QLatin1String("train"))
                    fail(join(path, QStringLiteral("tab")), QCoreApplication::translate("shardscope::Tour", "'tab' must be \"memory\", \"step\" or \"train\" (got '%1')").arg(tab));
            }
            step.tab = tab;
            if (o.contains(QStringLiteral("train"))) {
                step.train = trainConfig(o.value(QStringLiteral("train")), join(path, QStringLiteral("train")));
                trainWork += step.train->ranks * step.train->steps;
                if (trainWork > kMaxTrainWork)
                    fail(join(path, QStringLiteral("train")),
                         QCoreApplication::translate("shardscope::Tour", "the tour's 'train' runs add up to more than %1 rank-steps (ranks x steps); train in fewer steps")
                             .arg(kMaxTrainWork));
            }
            if (o.value(QStringLiteral("highlight")).isObject()) {
                // One bar segment: {"element": "memory-per-gpu", "term": "<core term key>", "bar": k}.
                const QString hpath = join(path, QStringLiteral("highlight"));
                const QJsonObject h = o.value(QStringLiteral("highlight")).toObject();
                for (auto it = h.begin(); it != h.end(); ++it)
                    if (it.key() != QLatin1String("element") && it.key() != QLatin1String("term") && it.key() != QLatin1String("bar"))
                        fail(join(hpath, it.key()), QCoreApplication::translate("shardscope::Tour", "unknown key '%1' in highlight (expected element, term, bar)").arg(it.key()));
                step.highlight = string(h, hpath, QStringLiteral("element"), true);
                if (step.highlight != QLatin1String("memory-per-gpu"))
                    fail(join(hpath, QStringLiteral("element")),
                         QCoreApplication::translate("shardscope::Tour", "a bar segment can be highlighted only in 'memory-per-gpu' (got '%1')").arg(step.highlight));
                step.highlightTerm = string(h, hpath, QStringLiteral("term"), true);
                if (!termFromKey(step.highlightTerm.toStdString()))
                    fail(join(hpath, QStringLiteral("term")), QCoreApplication::translate("shardscope::Tour", "unknown term '%1' (core's term keys: params, grads, master, optimizer, ...)").arg(step.highlightTerm));
                const QJsonValue bar = h.value(QStringLiteral("bar"));
                if (!bar.isUndefined()) {
                    if (!bar.isDouble() || bar.toDouble() != std::floor(bar.toDouble()) || bar.toDouble() < 0 || bar.toDouble() > 63)
                        fail(join(hpath, QStringLiteral("bar")), QCoreApplication::translate("shardscope::Tour", "'bar' must be an integer from 0 to 63 (the bar's index from the left)"));
                    step.highlightBar = bar.toInt();
                }
            } else {
                step.highlight = string(o, path, QStringLiteral("highlight"), false);
            }
            if (!step.highlight.isEmpty() && !tourHighlights().contains(step.highlight))
                fail(join(path, QStringLiteral("highlight")),
                     QCoreApplication::translate("shardscope::Tour", "unknown highlight '%1' (expected one of: %2)").arg(step.highlight, tourHighlights().join(QStringLiteral(", "))));
            if (o.contains(QStringLiteral("controls"))) {
                const QJsonValue c = o.value(QStringLiteral("controls"));
                if (!c.isArray())
                    fail(join(path, QStringLiteral("controls")), QCoreApplication::translate("shardscope::Tour", "'controls' must be an array of control names"));
                const QJsonArray a = c.toArray();
                for (int k = 0; k < a.size(); ++k) {
                    const QString name = a.at(k).toString();
                    if (!tourControlNames().contains(name))
                        fail(join(path, QStringLiteral("controls/%1").arg(k)),
                             QCoreApplication::translate("shardscope::Tour", "unknown control '%1' (expected one of: %2)").arg(name, tourControlNames().join(QStringLiteral(", "))));
                    step.controls << name;
                }
            }
            step.caption = text(o, path, QStringLiteral("caption"));
            if (o.contains(QStringLiteral("claims"))) {
                const QJsonValue c = o.value(QStringLiteral("claims"));
                if (!c.isArray())
                    fail(join(path, QStringLiteral("claims")), QCoreApplication::translate("shardscope::Tour", "'claims' must be an array"));
                const QJsonArray a = c.toArray();
                for (int k = 0; k < a.size(); ++k) {
                    const QString cpath = join(path, QStringLiteral("claims/%1").arg(k));
                    if (!a.at(k).isObject())
                        fail(cpath, QCoreApplication::translate("shardscope::Tour", "a claim must be an object {source, quantity, says, holds}"));
                    const QJsonObject co = a.at(k).toObject();
                    TourClaim claim;
                    claim.line = lineOf(cpath);
                    claim.source = string(co, cpath, QStringLiteral("source"), true);
                    claim.quantity = string(co, cpath, QStringLiteral("quantity"), true);
                    if (!tourQuantityNames().contains(claim.quantity))
                        fail(join(cpath, QStringLiteral("quantity")), QCoreApplication::translate("shardscope::Tour", "unknown quantity '%1'").arg(claim.quantity));
                    if (!co.value(QStringLiteral("says")).isDouble())
                        fail(join(cpath, QStringLiteral("says")), QCoreApplication::translate("shardscope::Tour", "'says' must be a number"));
                    claim.says = co.value(QStringLiteral("says")).toDouble();
                    if (!co.value(QStringLiteral("holds")).isBool())
                        fail(join(cpath, QStringLiteral("holds")), QCoreApplication::translate("shardscope::Tour", "'holds' must be true or false"));
                    claim.holds = co.value(QStringLiteral("holds")).toBool();
                    step.claims << claim;
                }
            }
            if (o.contains(QStringLiteral("play"))) {
                if (!o.value(QStringLiteral("play")).isBool())
                    fail(join(path, QStringLiteral("play")), QCoreApplication::translate("shardscope::Tour", "'play' must be true or false"));
                step.play = o.value(QStringLiteral("play")).toBool();
            }
            tour.steps << step;
        }
        return tour;
    }

private:
    const QByteArray& m_bytes;
    QString m_origin;
    QMap<QString, qsizetype> m_offsets;
    std::vector<qsizetype> m_newlines; ///< offsets of every '\n', ascending
};

} // namespace

const QStringList& tourLanguages()
{
    static const QStringList l = {QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("zh_CN")};
    return l;
}

QString TourText::in(const QString& language) const
{
    const QString t = byLanguage.value(language);
    return t.isEmpty() ? byLanguage.value(QStringLiteral("en")) : t;
}

QString TourStep::highlightText() const
{
    return highlightTerm.isEmpty() ? highlight : QStringLiteral("%1:%2@%3").arg(highlight, highlightTerm).arg(highlightBar);
}

const QStringList& tourHighlights()
{
    static const QStringList h = {
        QStringLiteral("verdict"),       QStringLiteral("memory-per-gpu"), QStringLiteral("memory-vs-gpus"),
        QStringLiteral("host-memory"),   QStringLiteral("breakdown"),      QStringLiteral("step-timeline"),
        QStringLiteral("step-gantt"),    QStringLiteral("step-pipeline"),  QStringLiteral("step-tp"),
        QStringLiteral("step-memory"),   QStringLiteral("step-gpus"),      QStringLiteral("step-summary"),
    };
    return h;
}

const QStringList& tourControlNames()
{
    static const QStringList c = {QStringLiteral("stage"),         QStringLiteral("gpus"),
                                  QStringLiteral("tp"),            QStringLiteral("pp"),
                                  QStringLiteral("grad_accum"),    QStringLiteral("checkpointing"),
                                  QStringLiteral("offload_optimizer"), QStringLiteral("schedule")};
    return c;
}

QMap<QString, qsizetype> jsonValueOffsets(const QByteArray& bytes)
{
    QMap<QString, qsizetype> out;
    // The scanner trusts the text's structure and recurses once per nesting level: scan only what
    // QJsonDocument accepts (it refuses nesting deeper than 1024 levels).
    QJsonParseError error {};
    (void)QJsonDocument::fromJson(bytes, &error);
    if (error.error == QJsonParseError::NoError)
        OffsetScanner(bytes, out).value(QString());
    return out;
}

Tour parseTour(const QByteArray& bytes, const QString& origin) { return TourParser(bytes, origin).parse(); }

bool looksLikeTour(const QByteArray& bytes)
{
    static const QRegularExpression re(QStringLiteral("\"format\"\\s*:\\s*\"shardscope-tour\""));
    return re.match(QString::fromUtf8(bytes.left(4096))).hasMatch();
}

QStringList builtinTourIds()
{
    // Curriculum order (docs/tours.md): what a rank holds (ZeRO-1 from the bytes up), why a 70B model needs ZeRO-3,
    // when the switch pays in step time, then 3D parallelism, then experts across GPUs (MoE, issue 25). A tour not in this
    // list follows, by name.
    static const QStringList curriculum = {QStringLiteral("zero1-from-scratch"), QStringLiteral("why-70b-needs-zero3"),
                                           QStringLiteral("ddp-to-zero3"), QStringLiteral("3d-parallelism"),
                                           QStringLiteral("experts-across-gpus")};
    QStringList found;
    for (const QString& f : QDir(kBuiltinDir).entryList({QStringLiteral("*") + kTourSuffix}, QDir::Files, QDir::Name))
        found << f.chopped(kTourSuffix.size());
    QStringList ids;
    for (const QString& id : curriculum)
        if (found.contains(id))
            ids << id;
    for (const QString& id : std::as_const(found))
        if (!ids.contains(id))
            ids << id;
    return ids;
}

Tour loadTour(const QString& nameOrPath)
{
    const QString builtin = kBuiltinDir + QLatin1Char('/') + nameOrPath + kTourSuffix;
    if (!nameOrPath.contains(QLatin1Char('/')) && QFile::exists(builtin)) {
        QFile f(builtin);
        f.open(QIODevice::ReadOnly);
        return parseTour(f.readAll(), builtin);
    }
    if (!QFileInfo::exists(nameOrPath))
        throw InvalidInput("tour", QCoreApplication::translate("shardscope::Tour", "no tour named '%1' and no such file (shardscope tour --list lists the tours)")
                                       .arg(nameOrPath)
                                       .toStdString());
    return parseTour(readConfigFile(nameOrPath, "tour"), nameOrPath);
}

} // namespace shardscope
