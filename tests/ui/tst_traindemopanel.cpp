// SPDX-License-Identifier: MIT
// The "Run it for real" panel: runs on a worker thread, reports progress, cancels, and shows the
// measured bytes beside core's prediction (predictBytes: the footprint model for the model states).
#include "traindemopanel.h"

#include "language.h"

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
        QVERIFY(panel.status().startsWith(QStringLiteral("Cannot run: --batch")));
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
};

QTEST_MAIN(TestTrainDemoPanel)
#include "tst_traindemopanel.moc"
