// SPDX-License-Identifier: MIT
// The "Run it for real" panel: runs on a worker thread, reports progress, cancels, and shows the
// measured bytes beside core's prediction (predictBytes: the footprint model for the model states).
#include "traindemopanel.h"

#include "language.h"

#include <QComboBox>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

using namespace shardscope;
using namespace shardscope::train;

namespace {
TrainConfig tiny(Strategy s, int ranks, int steps)
{
    TrainConfig c;
    c.mlp.inputs = 12;
    c.mlp.hidden = {17, 13};
    c.mlp.outputs = 5;
    c.strategy = s;
    c.ranks = ranks;
    c.steps = steps;
    return c;
}
} // namespace

class TestTrainDemoPanel : public QObject
{
    Q_OBJECT
private slots:
    void runShowsMeasuredBesidePredicted()
    {
        TrainDemoPanel panel;
        QSignalSpy done(&panel, &TrainDemoPanel::finished);
        const TrainConfig c = tiny(Strategy::Zero3, 4, 5);
        panel.start(c);
        QVERIFY(panel.running() || done.count() == 1); // the GUI thread returned at once
        QVERIFY(done.count() == 1 || done.wait(60000));
        const PredictedBytes p = predictBytes(c);
        const std::vector<double> want {double(p.params) / 1e6, double(p.grads) / 1e6, double(p.master) / 1e6,
                                        double(p.moments) / 1e6, double(p.gathered) / 1e6, double(p.scratch) / 1e6,
                                        double(p.peak) / 1e6};
        QCOMPARE(panel.predictedBars(), want);
        QCOMPARE(panel.measuredBars(), want); // tst_trainer: measured equals predicted to the byte
        QVERIFY2(panel.status().startsWith(QStringLiteral("Done: 5 steps")), qPrintable(panel.status()));
    }

    void cancelStopsTheRun()
    {
        TrainDemoPanel panel;
        QSignalSpy done(&panel, &TrainDemoPanel::finished);
        panel.start(tiny(Strategy::Ddp, 2, 100000));
        panel.cancel();
        QVERIFY(done.wait(60000));
        QVERIFY2(panel.status().startsWith(QStringLiteral("Cancelled after")), qPrintable(panel.status()));
    }

    void badConfigSaysSo()
    {
        TrainDemoPanel panel;
        panel.start(tiny(Strategy::Zero1, 5, 3)); // 48 samples over 5 ranks
        QVERIFY(!panel.running());
        // The window speaks of its fields, not of command-line flags (issue 26: it said "Cannot run: --batch: ...").
        QVERIFY2(panel.status().startsWith(QStringLiteral("Cannot run: ")), qPrintable(panel.status()));
        QVERIFY2(!panel.status().contains(QStringLiteral("--")), qPrintable(panel.status()));
        QVERIFY2(panel.status().contains(QStringLiteral("48")), qPrintable(panel.status())); // the batch it does not split
    }

    void statusNumbersInTheChosenLanguage()
    {
        // Seen in ru (issue 14: "numbers formatted per locale"): "Потери 17.12 -> 10.26 ... отправил 86.64 МБ". The loss
        // (4 significant digits) and the megabytes (2 decimals) take the language's decimal sign; English keeps the point.
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        const QList<std::pair<QString, QString>> expected {
            {QStringLiteral("ru"), QStringLiteral("Потери \\d+,\\d+ -> \\d+,\\d+\\..* \\d+,\\d\\d МБ")},
            {QStringLiteral("en"), QStringLiteral("Loss \\d+\\.\\d+ -> \\d+\\.\\d+\\..* \\d+\\.\\d\\d MB")},
        };
        for (const auto& [lang, pattern] : expected) {
            QVERIFY(language::install(lang));
            TrainDemoPanel panel;
            QSignalSpy done(&panel, &TrainDemoPanel::finished);
            panel.start(tiny(Strategy::Zero1, 4, 5));
            QVERIFY(done.count() == 1 || done.wait(60000));
            QVERIFY2(QRegularExpression(pattern).match(panel.status()).hasMatch(), qPrintable(lang + QStringLiteral(": ") + panel.status()));
        }
    }

    // The strategy list showed core's keys ("zero1", "naive-zero"): the window names the strategies, in the chosen
    // language, and each item keeps core's key as its data (the command line's --strategy values), which Run hands on.
    void strategyListShowsNamesAndKeepsCoresKeys_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("names");
        const QStringList en {QStringLiteral("DDP"), QStringLiteral("ZeRO-1"), QStringLiteral("ZeRO-2"), QStringLiteral("ZeRO-3"),
                              QStringLiteral("Naive ZeRO-1 (all-reduce)")};
        QStringList ru = en, zh = en;
        ru.last() = QStringLiteral("Наивный ZeRO-1 (all-reduce)");
        zh.last() = QStringLiteral("朴素 ZeRO-1（all-reduce）");
        QTest::newRow("en") << QStringLiteral("en") << en;
        QTest::newRow("ru") << QStringLiteral("ru") << ru;
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << zh;
    }
    void strategyListShowsNamesAndKeepsCoresKeys()
    {
        QFETCH(QString, lang);
        QFETCH(QStringList, names);
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(lang));
        TrainDemoPanel panel;
        auto* list = panel.findChild<QComboBox*>(QStringLiteral("trainStrategy"));
        QVERIFY(list);
        // The keys of `shardscope train-demo --strategy` (app/cmd_train_demo.cpp), in the list's order.
        const QStringList keys {QStringLiteral("ddp"), QStringLiteral("zero1"), QStringLiteral("zero2"), QStringLiteral("zero3"),
                                QStringLiteral("naive-zero")};
        QStringList shown, data;
        for (int i = 0; i < list->count(); ++i) {
            shown << list->itemText(i);
            data << list->itemData(i).toString();
        }
        QCOMPARE(shown, names);
        QCOMPARE(data, keys);
        for (int i = 0; i < list->count(); ++i) {
            const std::optional<Strategy> s = strategyFromKey(keys[i].toStdString());
            QVERIFY(s);
            QCOMPARE(QString::fromLatin1(strategyKey(*s)), keys[i]);
            QCOMPARE(TrainDemoPanel::strategyName(*s), names[i]);
            // What Run starts is the strategy picked.
            list->setCurrentIndex(i);
            QCOMPARE(int(panel.configFromControls().strategy), int(*s));
        }
        // A run started from outside (a tour, the screenshot command) picks its strategy's item.
        list->setCurrentIndex(0);
        QSignalSpy done(&panel, &TrainDemoPanel::finished);
        panel.start(tiny(Strategy::Zero3, 4, 2));
        QCOMPARE(list->currentText(), names[3]);
        QCOMPARE(list->currentData().toString(), keys[3]);
        QVERIFY(done.count() == 1 || done.wait(60000));
    }
};

QTEST_MAIN(TestTrainDemoPanel)
#include "tst_traindemopanel.moc"
