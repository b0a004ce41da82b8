// SPDX-License-Identifier: MIT
// One table of knobs (issue 29): every Scenario field has a row in core's table (knobs.h), and every knob goes through
// the command line, the scenario file and the JSON echo and comes back as it went in. The values are hand-picked
// non-defaults of each kind (the default is the Scenario's own initializer); the ranges are the table's, and the same
// out-of-range value is refused by the option, the file and validateScenario() alike.
#include "resultjson.h"
#include "scenariofile.h"
#include "scenariooptions.h"

#include "shardscope/errors.h"
#include "shardscope/knobs.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <cstdio>

using namespace shardscope;

namespace {

bool near(double a, double b) { return a == b || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

QString text(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return QString::fromLatin1(buf);
}

/// The choices of a Choice knob ("1f1b, gpipe or interleaved" -> 1f1b, gpipe, interleaved).
QStringList choicesOf(const Knob& k)
{
    QString c = QString::fromLatin1(k.choices);
    c.replace(QLatin1String(" or "), QLatin1String(", "));
    return c.split(QLatin1String(", "));
}

/// A non-default value of the knob that the default scenario (Llama-2-70B on 32 x A100, ZeRO-3) accepts, in the
/// field's unit; for Choice and Text knobs the key in `key`.
double probe(const Knob& k, std::string& key)
{
    const Scenario d = defaultScenario();
    switch (k.kind) {
    case KnobKind::Count: {
        const double v = k.get(d);
        if (v == 0)
            return 1;
        return v * 2 <= k.max ? v * 2 : v - 1; // 64 GPUs, TP 2, ZeRO-2, 2 micro-batches, 2 GiB of CUDA context, ...
    }
    case KnobKind::Real: {
        const double v = k.get(d);
        if (v == 0)
            return k.zeroIsPreset ? k.min * 1000 : (k.max > 1 ? 1e9 : 0.5); // 1 GB/s, 1 TFLOP/s; 1 GB margin; 0.5
        return v * 1.25 <= k.max ? v * 1.25 : v * 0.75;
    }
    case KnobKind::Switch:
    case KnobKind::Flag: return k.get(d) != 0 ? 0 : 1;
    case KnobKind::Choice: {
        for (const QString& c : choicesOf(k)) {
            Scenario s = d;
            if (c.toStdString() == k.getKey(d) || !k.setKey(s, c.toStdString()))
                continue;
            try {
                validateScenario(s);
            } catch (const InvalidInput&) {
                continue;
            }
            key = c.toStdString();
            return 0;
        }
        return 0;
    }
    case KnobKind::Text: key = "h100-80gb"; return 0;
    case KnobKind::Special: break;
    }
    return 0;
}

/// The command line's words for the value: GB for bytes, microseconds for seconds, on/off, the key.
QStringList optionArgs(const Knob& k, double v, const std::string& key)
{
    const QString option = QStringLiteral("--") + QLatin1String(k.option);
    switch (k.kind) {
    case KnobKind::Count:
    case KnobKind::Real: return {option, text(v / k.optionScale)};
    case KnobKind::Switch: return {option, v != 0 ? QStringLiteral("on") : QStringLiteral("off")};
    case KnobKind::Flag: return {option};
    case KnobKind::Choice:
    case KnobKind::Text: return {option, QString::fromStdString(key)};
    case KnobKind::Special: break;
    }
    return {};
}

Scenario fromOptions(const QStringList& args)
{
    QCommandLineParser p;
    addScenarioOptions(p);
    if (!p.parse(QStringList {QStringLiteral("shardscope")} + args))
        throw InvalidInput("parse", p.errorText().toStdString());
    return scenarioFromParser(p);
}

/// The knob's value in `s`, as the file's JSON holds it.
QJsonValue jsonOf(const Knob& k, double v, const std::string& key)
{
    switch (k.kind) {
    case KnobKind::Count:
    case KnobKind::Real: return v;
    case KnobKind::Switch:
    case KnobKind::Flag: return v != 0;
    case KnobKind::Choice:
    case KnobKind::Text: return QString::fromStdString(key);
    case KnobKind::Special: break;
    }
    return QJsonValue();
}

bool same(const Knob& k, const Scenario& s, double v, const std::string& key)
{
    if (k.kind == KnobKind::Choice || k.kind == KnobKind::Text)
        return k.getKey(s) == key;
    return near(k.get(s), v);
}

} // namespace

class TestKnobs : public QObject
{
    Q_OBJECT
private slots:
    // A field added to struct Scenario without a row in the table fails here (read from the header itself).
    void everyScenarioFieldHasARow()
    {
        QFile h(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/core/include/shardscope/scenario.h"));
        QVERIFY(h.open(QIODevice::ReadOnly));
        const QString src = QString::fromUtf8(h.readAll());
        const qsizetype begin = src.indexOf(QLatin1String("\nstruct Scenario\n{"));
        const qsizetype end = src.indexOf(QLatin1String("\n};"), begin);
        QVERIFY(begin > 0 && end > begin);
        QString body = src.mid(begin, end - begin);
        body.remove(QRegularExpression(QStringLiteral("//[^\n]*"))); // comments
        static const QRegularExpression member(
            QStringLiteral("^\\s{4}[\\w:<>, ]+?\\s+(\\w+)\\s*(?:\\{[^}]*\\}|=[^;]*)?;"), QRegularExpression::MultilineOption);
        QStringList fields;
        for (auto it = member.globalMatch(body); it.hasNext();)
            fields << it.next().captured(1);
        QVERIFY2(fields.size() >= 60, qPrintable(fields.join(QLatin1Char(' '))));
        QVERIFY(fields.contains(QStringLiteral("termEnabled")) && fields.contains(QStringLiteral("hbmBytesPerSecondOverride")));
        for (const QString& f : fields)
            QVERIFY2(findKnobByField(f.toStdString()), qPrintable(QStringLiteral("Scenario::") + f + QStringLiteral(" has no row in core/src/knobs.cpp")));
        // ... and no row names a field that does not exist.
        for (const Knob& k : knobs())
            QVERIFY2(fields.contains(QLatin1String(k.field)), k.field);
    }

    // Each row is whole: keys and options unique, a generic knob has its accessors, a range and (with an option)
    // a help text; a special knob says which code handles it.
    void rowsAreWhole()
    {
        QSet<QString> keys, options, fields;
        for (const Knob& k : knobs()) {
            QVERIFY2(!fields.contains(QLatin1String(k.field)), k.field);
            fields << QLatin1String(k.field);
            if (k.key) {
                QVERIFY2(!keys.contains(QLatin1String(k.key)), k.key);
                keys << QLatin1String(k.key);
            }
            if (k.option) {
                QVERIFY2(!options.contains(QLatin1String(k.option)), k.option);
                options << QLatin1String(k.option);
                QVERIFY2(k.help && *k.help, k.option);
            }
            switch (k.kind) {
            case KnobKind::Count:
            case KnobKind::Real:
                QVERIFY2(k.get && k.set && k.min <= k.max, k.field);
                QVERIFY2(k.inRange(k.get(Scenario())), k.field); // the default is in range
                break;
            case KnobKind::Switch:
            case KnobKind::Flag: QVERIFY2(k.get && k.set, k.field); break;
            case KnobKind::Choice:
                QVERIFY2(k.getKey && k.setKey && k.choices, k.field);
                for (const QString& c : choicesOf(k)) {
                    Scenario s;
                    QVERIFY2(k.setKey(s, c.toStdString()) && k.getKey(s) == c.toStdString(), qPrintable(c));
                }
                break;
            case KnobKind::Text: QVERIFY2(k.getKey && k.setKey, k.field); break;
            case KnobKind::Special: QVERIFY2(k.note && *k.note, k.field); break;
            }
        }
    }

    // Every knob through the command line, the scenario file and the JSON echo, and back.
    void roundTrip_data()
    {
        QTest::addColumn<QString>("field");
        for (const Knob& k : knobs())
            if (k.generic())
                QTest::newRow(k.field) << QString::fromLatin1(k.field);
    }
    void roundTrip()
    {
        QFETCH(QString, field);
        const Knob& k = *findKnobByField(field.toStdString());
        std::string key;
        const double v = probe(k, key);
        Scenario s = defaultScenario();
        if (k.kind == KnobKind::Choice || k.kind == KnobKind::Text) {
            QVERIFY2(!key.empty() && key != k.getKey(s), "no other valid choice");
            QVERIFY(k.setKey(s, key));
        } else {
            QVERIFY(!near(v, k.get(s)));
            QVERIFY(k.inRange(v));
            k.set(s, v);
        }
        validateScenario(s);
        // JSON echo: the key holds the value.
        const QJsonObject echo = scenarioToJson(s);
        QCOMPARE(echo.value(QLatin1String(k.key)), jsonOf(k, v, key));
        // Scenario file: written and read back.
        const Scenario fromFile = scenarioFromFileBytes(scenarioFileBytes(s), QStringLiteral("roundtrip.json"));
        QVERIFY(same(k, fromFile, v, key));
        QCOMPARE(scenarioToJson(fromFile), echo);
        // Command line: the option gives the same scenario (echoed alike).
        if (k.option) {
            const Scenario fromCli = fromOptions(optionArgs(k, v, key));
            QVERIFY2(same(k, fromCli, v, key), qPrintable(QString::number(k.get ? k.get(fromCli) : 0, 'g', 17)));
            QCOMPARE(scenarioToJson(fromCli).value(QLatin1String(k.key)), jsonOf(k, v, key));
        }
    }

    // Beyond the range: refused by the option (naming it), by the file (naming the key) and by validateScenario()
    // for a scenario that came by another path (an autosave, an import), with one range.
    void outOfRangeRefusedEverywhere_data()
    {
        QTest::addColumn<QString>("field");
        for (const Knob& k : knobs())
            if ((k.kind == KnobKind::Count || k.kind == KnobKind::Real) && std::isfinite(k.max) && k.max < 9e15)
                QTest::newRow(k.field) << QString::fromLatin1(k.field);
    }
    void outOfRangeRefusedEverywhere()
    {
        QFETCH(QString, field);
        const Knob& k = *findKnobByField(field.toStdString());
        const double over = k.max > 0 ? k.max * 2 + 1 : 1;
        if (k.option) {
            try {
                fromOptions({QStringLiteral("--") + QLatin1String(k.option), text(over / k.optionScale)});
                QFAIL("the option took it");
            } catch (const InvalidInput& e) {
                QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("--") + QLatin1String(k.option)), e.what());
            }
        }
        QJsonObject o = scenarioToJson(defaultScenario());
        o[QLatin1String(k.key)] = over;
        try {
            scenarioFromJson(o);
            QFAIL("the file took it");
        } catch (const InvalidInput& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String(k.key)), e.what());
        }
        Scenario s = defaultScenario();
        k.set(s, over);
        try {
            validateScenario(s);
            QFAIL("validateScenario took it");
        } catch (const InvalidInput& e) {
            QCOMPARE(QString::fromStdString(e.field()), QLatin1String(k.option ? k.option : k.key));
        }
    }

    // Issue 30's autosave case: a CUDA context of 9e15 bytes (9 PB per GPU) read without validation (as the window
    // restores an autosave) is refused by validateScenario() with the option's words and range.
    void hugeCudaContextRefused()
    {
        Scenario s = defaultScenario();
        s.cudaContextBytes = 9000000000000000LL;
        try {
            validateScenario(s);
            QFAIL("9 PB of CUDA context per GPU was taken");
        } catch (const InvalidInput& e) {
            QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("--cuda-context-gb: 9000000 is out of range (0 to 1000)"));
        }
    }
};

QTEST_GUILESS_MAIN(TestKnobs)
#include "tst_knobs.moc"
