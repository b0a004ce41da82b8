// SPDX-License-Identifier: MIT
// GUI monkey test (issue 15): 10,000 random user actions on the explorer window offscreen -- slider
// moves, spin box entries, combo changes, check boxes, tab switches, play/pause and stepping of the step
// view, unit toggles, resets, undo where the window has it -- without a crash or a Qt warning, and
// afterwards the charts hold exactly core's answer for the final scenario (no stale chart). Seeded: a
// failure names its seed and the action count reproduces it.
#include "controlspanel.h"
#include "hostmemorychart.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "resultjson.h"
#include "stepview.h"

#include "chartcheck.h"

#include "explorer.h"

#include "shardscope/errors.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

#include <algorithm>

#include <random>

using namespace shardscope;

namespace {

QStringList g_warnings;

void collectWarnings(QtMsgType type, const QMessageLogContext&, const QString& msg)
{
    if (type == QtDebugMsg || type == QtInfoMsg)
        return;
    // Harmless on the offscreen platform (TOOLCHAIN.md pitfall 7).
    if (msg.contains(QLatin1String("propagateSizeHints")) || msg.contains(QLatin1String("XDG_RUNTIME_DIR")))
        return;
    g_warnings << msg;
}

} // namespace

class TestMonkey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tenThousandActions()
    {
        const std::uint32_t seed = 15;
        // 10,000 actions; SHARDSCOPE_TEST_SCALE (a fraction, set by the asan test preset) runs a share of
        // them under the sanitizers.
        const int kActions = std::max(500, int(10000 * (qEnvironmentVariableIsSet("SHARDSCOPE_TEST_SCALE")
                                                             ? qEnvironmentVariable("SHARDSCOPE_TEST_SCALE").toDouble()
                                                             : 1.0)));
        std::mt19937 rng(seed);
        auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };

        MainWindow w(defaultScenario(), MainWindow::Session::Off);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(1600, 1000);
        w.show();
        QApplication::processEvents();

        // What a user can touch: the controls' sliders, spin boxes, combos and check boxes.
        const QList<QSlider*> sliders = w.controls()->findChildren<QSlider*>();
        const QList<QComboBox*> combos = w.controls()->findChildren<QComboBox*>();
        const QList<QCheckBox*> checks = w.controls()->findChildren<QCheckBox*>();
        const QList<QSpinBox*> spins = w.controls()->findChildren<QSpinBox*>();
        QVERIFY(!sliders.isEmpty() && !combos.isEmpty());
        QAction* undo = w.findChild<QAction*>(QStringLiteral("actionUndo"));
        QAction* redo = w.findChild<QAction*>(QStringLiteral("actionRedo"));

        g_warnings.clear();
        const QtMessageHandler previous = qInstallMessageHandler(collectWarnings);
        int counts[10] = {};
        for (int i = 0; i < kActions; ++i) {
            const int kind = uniform(0, 99);
            if (kind < 35) { // drag a slider
                QSlider* s = sliders[uniform(0, int(sliders.size()) - 1)];
                if (s->isEnabled())
                    s->setValue(uniform(s->minimum(), s->maximum()));
                ++counts[0];
            } else if (kind < 50) { // pick from a combo
                QComboBox* c = combos[uniform(0, int(combos.size()) - 1)];
                if (c->isEnabled() && c->count() > 0)
                    c->setCurrentIndex(uniform(0, c->count() - 1));
                ++counts[1];
            } else if (kind < 58) { // tick a box
                if (!checks.isEmpty()) {
                    QCheckBox* c = checks[uniform(0, int(checks.size()) - 1)];
                    if (c->isEnabled())
                        c->click();
                }
                ++counts[2];
            } else if (kind < 66) { // type into a spin box
                if (!spins.isEmpty()) {
                    QSpinBox* s = spins[uniform(0, int(spins.size()) - 1)];
                    if (s->isEnabled())
                        s->setValue(uniform(s->minimum(), std::min(s->maximum(), s->minimum() + 100000)));
                }
                ++counts[3];
            } else if (kind < 76) { // switch tabs
                w.tabs()->setCurrentIndex(uniform(0, w.tabs()->count() - 1));
                ++counts[4];
            } else if (kind < 86) { // the step view: play/pause, let time pass, step, seek
                StepView* v = w.stepView();
                if (v) {
                    switch (uniform(0, 4)) {
                    case 0: v->togglePlay(); break;
                    case 1: v->advance(uniform(0, 100) / 100.0); break;
                    case 2: v->stepForward(); break;
                    case 3: v->stepBack(); break;
                    default: v->seek(uniform(0, 100) / 100.0); break;
                    }
                }
                ++counts[5];
            } else if (kind < 90) { // units
                w.setUnit(uniform(0, 1) ? ByteUnit::GB : ByteUnit::GiB);
                ++counts[6];
            } else if (kind < 98) { // undo / redo where the window has it
                QAction* a = uniform(0, 2) ? undo : redo;
                if (a && a->isEnabled())
                    a->trigger();
                ++counts[7];
            } else { // reset
                w.resetToDefault();
                ++counts[8];
            }
            QApplication::processEvents();
            if (!g_warnings.isEmpty())
                break;
        }
        qInstallMessageHandler(previous);
        QVERIFY2(g_warnings.isEmpty(), qPrintable(QStringLiteral("Qt warning during the monkey run: ") + g_warnings.join(QLatin1Char('\n'))));
        qInfo("actions: %d sliders, %d combos, %d checks, %d spins, %d tabs, %d step view, %d units, %d undo/redo%s, %d resets",
              counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], counts[7],
              undo ? "" : " (no undo action in this window: skipped)", counts[8]);

        // No stale chart: back on the Memory tab, the charts hold core's answer for the final scenario
        // (or, when the controls end on a scenario without an answer, for the last one that had one).
        w.showTab(QStringLiteral("memory"));
        QApplication::processEvents();
        bool valid = true;
        try {
            validateScenario(w.scenario());
        } catch (const InvalidInput&) {
            valid = false;
        }
        QVERIFY(w.memoryPage()->hasResult());
        if (valid)
            QCOMPARE(scenarioDigest(w.memoryPage()->result().scenario), scenarioDigest(w.scenario()));
        verifyChartsMatchCore(w, w.memoryPage()->result().scenario, w.unit());
    }

private:
    static QByteArray scenarioDigest(const Scenario& s);
};

QByteArray TestMonkey::scenarioDigest(const Scenario& s) { return QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Compact); }

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
