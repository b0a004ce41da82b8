// SPDX-License-Identifier: MIT
// Issue 24 in the window: the training stack beside the framework. Choosing a stack applies the defaults the command
// line's `--stack` applies (core's applyStack()), so the window's scenario is the one `shardscope step --stack X
// --format json` echoes for the same options, and the label under the picker lists the defaults the CLI lists as
// assumed (and, once the user changes one, as replaced). The choice is one Undo step, survives a scenario file, and
// a file that names a stack and leaves knobs out gets that stack's defaults, as --stack does.
#include "controlspanel.h"
#include "mainwindow.h"
#include "resultjson.h"
#include "scenariofile.h"
#include "scenariooptions.h"
#include "settings.h"
#include "windowfixture.h"

#include "shardscope/errors.h"
#include "shardscope/stacks.h"
#include "shardscope/step.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

using namespace shardscope;

namespace {

/// The options of the scenario both sides start from: Llama 3 8B on 8 GPUs, sequence 8192, ZeRO-1, 16 micro-batches.
QStringList options()
{
    return {QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("8"),
            QStringLiteral("--seq"),   QStringLiteral("8192"),       QStringLiteral("--stage"), QStringLiteral("1"),
            QStringLiteral("--grad-accum"), QStringLiteral("16")};
}

/// The scenario the command line builds from `args` (the options' parser of every command).
Scenario fromOptions(const QStringList& args)
{
    QCommandLineParser p;
    addScenarioOptions(p);
    if (!p.parse(QStringList {QStringLiteral("shardscope")} + args))
        qFatal("%s", qPrintable(p.errorText()));
    return scenarioFromParser(p);
}

/// `shardscope step ARGS --format json`.
QJsonObject cliStep(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(SHARDSCOPE_BIN), QStringList {QStringLiteral("step")} + args
                                                 + QStringList {QStringLiteral("--format"), QStringLiteral("json")});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

/// "knob = value" of each entry of an assumptions list.
QStringList entries(const QJsonObject& assumptions, const char* key)
{
    QStringList out;
    for (const QJsonValue& v : assumptions.value(QLatin1String(key)).toArray())
        out << v.toObject().value(QStringLiteral("knob")).toString() + QStringLiteral(" = ")
                + v.toObject().value(QStringLiteral("value")).toString();
    return out;
}

QComboBox* combo(MainWindow& w, const char* name) { return w.controls()->findChild<QComboBox*>(QLatin1String(name)); }
QLabel* assumedLabel(MainWindow& w) { return w.controls()->findChild<QLabel*>(QStringLiteral("stackAssumptions")); }

void choose(QComboBox* c, const QString& key)
{
    const int i = c->findData(key);
    QVERIFY2(i >= 0, qPrintable(key));
    c->setCurrentIndex(i);
    QApplication::processEvents();
}

} // namespace

class TestStackPicker : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        Settings().clear();
    }

    // The picker's items are the "stack" knob's choices (core's table); "none" first.
    void itemsAreTheKnobsChoices()
    {
        auto w = testing::makeOffscreenWindow(fromOptions(options()), QSize(1600, 1000));
        QComboBox* c = combo(*w, "stack");
        QVERIFY(c);
        QStringList keys;
        for (int i = 0; i < c->count(); ++i)
            keys << c->itemData(i).toString();
        QStringList expected {QStringLiteral("none")};
        for (const std::string& k : stackKeys())
            expected << QString::fromStdString(k);
        QCOMPARE(keys, expected);
        QCOMPARE(c->currentData().toString(), QStringLiteral("none"));
        QVERIFY(assumedLabel(*w)->isHidden());
    }

    void choosingAStackIsTheClisStack_data()
    {
        QTest::addColumn<QString>("stack");
        for (const char* k : {"torchtitan", "nemo", "megatron-core", "torchtune", "hf-trainer"})
            QTest::newRow(k) << QString::fromLatin1(k);
    }
    void choosingAStackIsTheClisStack()
    {
        QFETCH(QString, stack);
        const QJsonObject cli = cliStep(options() + QStringList {QStringLiteral("--stack"), stack});
        QVERIFY2(!cli.isEmpty(), "shardscope step --stack failed");

        auto w = testing::makeOffscreenWindow(fromOptions(options()), QSize(1600, 1000));
        const QJsonObject before = scenarioToJson(w->scenario());
        const int commands = w->undoStack()->count();
        choose(combo(*w, "stack"), stack);
        // The same scenario as the command line's, the stack's name included; one change, one Undo step.
        QCOMPARE(scenarioToJson(w->scenario()), cli.value(QStringLiteral("scenario")).toObject());
        QCOMPARE(w->undoStack()->count(), commands + 1);
        // The defaults the CLI lists as assumed, each shown under the picker.
        const QJsonObject a = cli.value(QStringLiteral("assumptions")).toObject();
        const QStringList assumed = entries(a, "stack_defaults");
        QVERIFY(!assumed.isEmpty());
        QVERIFY(entries(a, "stack_defaults_replaced").isEmpty());
        QLabel* label = assumedLabel(*w);
        QVERIFY(label->isVisible());
        for (const QString& e : assumed)
            QVERIFY2(label->text().contains(e), qPrintable(e + QStringLiteral(" not in: ") + label->text()));
        // The stack's MFU convention, as `step` reports it: the window's scenario gives the CLI's figure.
        const auto profile = stackProfile(stack.toStdString());
        QVERIFY(profile);
        const StepResult r = computeStep(w->scenario());
        const double mfu = cli.value(QStringLiteral("stack")).toObject().value(QStringLiteral("mfu")).toDouble();
        QVERIFY2(std::abs(mfuIn(profile->flops, w->scenario(), r.totals) - mfu) <= 1e-12 * mfu, qPrintable(stack));
        // Undo: the scenario before the stack, the picker back at none; Redo: the stack again.
        w->undoStack()->undo();
        QApplication::processEvents();
        QCOMPARE(scenarioToJson(w->scenario()), before);
        QCOMPARE(combo(*w, "stack")->currentData().toString(), QStringLiteral("none"));
        QVERIFY(label->isHidden());
        w->undoStack()->redo();
        QApplication::processEvents();
        QCOMPARE(scenarioToJson(w->scenario()), cli.value(QStringLiteral("scenario")).toObject());
        QCOMPARE(combo(*w, "stack")->currentData().toString(), stack);
    }

    // A default the user changes afterwards is listed as theirs, as the CLI lists an option given beside --stack.
    void aChangedDefaultIsTheUsers()
    {
        const QJsonObject cli = cliStep(options() + QStringList {QStringLiteral("--stack"), QStringLiteral("nemo"),
                                                                 QStringLiteral("--framework"), QStringLiteral("deepspeed")});
        QVERIFY(!cli.isEmpty());
        auto w = testing::makeOffscreenWindow(fromOptions(options()), QSize(1600, 1000));
        choose(combo(*w, "stack"), QStringLiteral("nemo"));
        choose(combo(*w, "framework"), QStringLiteral("deepspeed"));
        QCOMPARE(scenarioToJson(w->scenario()), cli.value(QStringLiteral("scenario")).toObject());
        const QString text = assumedLabel(*w)->text();
        const QJsonObject a = cli.value(QStringLiteral("assumptions")).toObject();
        for (const QJsonValue& v : a.value(QStringLiteral("stack_defaults_replaced")).toArray()) {
            const QString knob = v.toObject().value(QStringLiteral("knob")).toString();
            QVERIFY2(text.contains(knob + QStringLiteral(": yours")), qPrintable(text));
            QVERIFY(!text.contains(knob + QStringLiteral(" = ")));
        }
        for (const QString& e : entries(a, "stack_defaults"))
            QVERIFY2(text.contains(e), qPrintable(e));
    }

    // Through a scenario file and back; a file that names a stack and leaves its knobs out gets the stack's defaults.
    void roundTripsThroughScenarioFiles()
    {
        auto w = testing::makeOffscreenWindow(fromOptions(options()), QSize(1600, 1000));
        choose(combo(*w, "stack"), QStringLiteral("torchtitan"));
        const Scenario back = scenarioFromFileBytes(scenarioFileBytes(w->scenario()), QStringLiteral("stack.json"));
        QCOMPARE(scenarioToJson(back), scenarioToJson(w->scenario()));
        auto opened = testing::makeOffscreenWindow(back, QSize(1600, 1000));
        QCOMPARE(combo(*opened, "stack")->currentData().toString(), QStringLiteral("torchtitan"));
        QVERIFY(assumedLabel(*opened)->isVisible());

        // A file in the window's format with every key the stack sets left out, and "stack": "torchtitan".
        QJsonObject o = scenarioToJson(fromOptions(options()));
        const auto profile = stackProfile("torchtitan");
        for (const StackDefault& d : profile->defaults)
            o.remove(QString::fromStdString(d.knob));
        o[QStringLiteral("stack")] = QStringLiteral("torchtitan");
        const Scenario sparse = scenarioFromJson(o);
        const QJsonObject cli = cliStep(options() + QStringList {QStringLiteral("--stack"), QStringLiteral("torchtitan")});
        QCOMPARE(scenarioToJson(sparse), cli.value(QStringLiteral("scenario")).toObject());
        // An unknown stack in a file is refused naming the key.
        o[QStringLiteral("stack")] = QStringLiteral("jax");
        try {
            scenarioFromJson(o);
            QFAIL("an unknown stack was taken");
        } catch (const InvalidInput& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("stack")), e.what());
        }
    }
};

QTEST_MAIN(TestStackPicker)
#include "tst_stackpicker.moc"
