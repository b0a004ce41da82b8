// SPDX-License-Identifier: MIT
// Mixture of Experts in the window (issue 25): the Experts group of the Scenario panel (EP and expert TP controls
// whose values come from core, shown for MoE models only, refusals under their control, N kept valid), the Memory
// tab's expert-states segment (core's RankFootprint::expertStateBytes, with its legend entry, tooltip and export
// rows), and the Step tab's line on the expert all-to-alls.
//
// Shapes: Mixtral-8x7B (Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, hidden 4096,
// intermediate_size 14336, 8 local experts, top-2) and DeepSeek-V3 (deepseek-ai/DeepSeek-V3 config.json: 256 routed
// experts, moe_intermediate_size 2048, top-8).
#include "chartstyle.h"
#include "controlspanel.h"
#include "dataexport.h"
#include "mainwindow.h"
#include "uiscenarios.h"
#include "windowfixture.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "settings.h"
#include "sliderspin.h"
#include "stepview.h"

#include "shardscope/advice.h"

#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QGroupBox>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace shardscope;

namespace {

std::unique_ptr<MainWindow> makeWindow(const Scenario& s = defaultScenario())
{
    return testing::makeOffscreenWindow(s, QSize(1600, 1000));
}

using testing::mixtral;

Scenario deepSeek()
{
    Scenario s = defaultScenario();
    s.arch = *findModelPreset("deepseek-v3");
    s.gpu = "h100-80gb";
    s.gpus = 2048;
    s.pp = 16;
    s.ep = 64;
    s.etp = 1;
    s.zeroStage = 1;
    return s;
}

std::vector<double> asDoubles(const std::vector<std::int64_t>& v) { return std::vector<double>(v.begin(), v.end()); }

void typeInto(SliderSpin* s, const QString& text)
{
    QLineEdit* edit = s->spinBox()->findChild<QLineEdit*>();
    QVERIFY(edit);
    s->spinBox()->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
    QApplication::processEvents();
}

bool legendHas(MemoryPerGpuChart* c, const QString& label)
{
    for (QLegendMarker* m : c->chart()->legend()->markers())
        if (m->isVisible() && m->label() == label)
            return true;
    return false;
}

} // namespace

class TestMoeWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        Settings().clear();
    }

    void expertsGroupOnlyForMoeModels()
    {
        auto w = makeWindow();
        auto* group = w->controls()->findChild<QGroupBox*>(QStringLiteral("expertsGroup"));
        QVERIFY(group);
        QVERIFY(!group->isVisible()); // Llama-2-70B is dense
        w->setScenario(mixtral(8, 8));
        QApplication::processEvents();
        QVERIFY(group->isVisible());
        const QString shape = w->controls()->findChild<QLabel*>(QStringLiteral("moeShape"))->text();
        QVERIFY2(shape.contains(QStringLiteral("8 routed experts")) && shape.contains(QStringLiteral("top-2"))
                     && shape.contains(QStringLiteral("experts per GPU at EP 8: 1")),
                 qPrintable(shape));
        w->setScenario(defaultScenario());
        QApplication::processEvents();
        QVERIFY(!group->isVisible());
    }

    void sliderValuesComeFromCore()
    {
        auto w = makeWindow(mixtral(8, 1));
        auto* ep = w->controls()->findChild<SliderSpin*>(QStringLiteral("ep"));
        auto* etp = w->controls()->findChild<SliderSpin*>(QStringLiteral("expertTp"));
        QVERIFY(ep && etp);
        // Mixtral: EP over the divisors of the 8 experts; expert TP within a node dividing 14,336 = 2^11 x 7 (and 0:
        // the TP size, said so above the controls).
        QCOMPARE(ep->sliderValues(), (std::vector<double> {1, 2, 4, 8}));
        QCOMPARE(etp->sliderValues(), (std::vector<double> {0, 1, 2, 4, 7, 8}));
        const QString shape = w->controls()->findChild<QLabel*>(QStringLiteral("moeShape"))->text();
        QVERIFY2(shape.contains(QStringLiteral("Expert TP 0 follows TP: 1")), qPrintable(shape));
        // DeepSeek-V3: 256 experts, expert FFN 2048.
        w->setScenario(deepSeek());
        QApplication::processEvents();
        QCOMPARE(ep->sliderValues(), asDoubles(validEpValues(deepSeek())));
        QCOMPARE(ep->sliderValues(), (std::vector<double> {1, 2, 4, 8, 16, 32, 64, 128, 256}));
        QCOMPARE(etp->sliderValues(), (std::vector<double> {0, 1, 2, 4, 8}));
        QCOMPARE(ep->value(), 64.0);
        QCOMPARE(etp->value(), 1.0);
    }

    void aRefusedEpIsKeptAndExplainedUnderItsControl()
    {
        auto w = makeWindow(deepSeek());
        auto* ep = w->controls()->findChild<SliderSpin*>(QStringLiteral("ep"));
        typeInto(ep, QStringLiteral("3"));
        QCOMPARE(w->scenario().ep, std::int64_t(3)); // not clamped, not rounded to a divisor
        QCOMPARE(w->controls()->scenarioErrorField(), QStringLiteral("ep"));
        QLabel* label = w->controls()->errorLabelFor(QStringLiteral("ep"));
        QVERIFY(label && label->isVisible());
        QVERIFY2(label->text().contains(QStringLiteral("EP 3 does not divide the 256 experts")), qPrintable(label->text()));
        QVERIFY(label->geometry().top() >= ep->geometry().bottom());
        QVERIFY2(w->memoryPage()->verdictText().contains(QStringLiteral("Expert parallel")),
                 qPrintable(w->memoryPage()->verdictText()));
        typeInto(ep, QStringLiteral("32"));
        QVERIFY(w->controls()->scenarioError().isEmpty());
        QVERIFY(!label->isVisible());
        // Expert TP 3 divides neither the expert FFN of 2,048 nor, times EP 32, a stage's 128 GPUs: kept, explained
        // (core names EP x expert TP first), N left alone.
        auto* etp = w->controls()->findChild<SliderSpin*>(QStringLiteral("expertTp"));
        typeInto(etp, QStringLiteral("3"));
        QCOMPARE(w->scenario().etp, std::int64_t(3));
        QCOMPARE(w->scenario().gpus, std::int64_t(2048));
        QLabel* foldLabel = w->controls()->errorLabelFor(w->controls()->scenarioErrorField());
        QVERIFY(foldLabel && foldLabel->isVisible());
        QVERIFY2(foldLabel->text().contains(QStringLiteral("Expert TP x EP = 96 does not divide the 128 GPUs")),
                 qPrintable(foldLabel->text()));
        // With EP 1 the refusal is expert TP's own: it does not divide the expert FFN size.
        typeInto(ep, QStringLiteral("1"));
        QLabel* etpLabel = w->controls()->errorLabelFor(QStringLiteral("expert-tp"));
        QCOMPARE(w->controls()->scenarioErrorField(), QStringLiteral("expert-tp"));
        QVERIFY(etpLabel && etpLabel->isVisible());
        typeInto(ep, QStringLiteral("32"));
        // Expert TP 8 with EP 32 needs 256 GPUs per stage: like a larger TP, N moves to 16 stages x 256 = 4,096.
        typeInto(etp, QStringLiteral("8"));
        QVERIFY(w->controls()->scenarioError().isEmpty());
        QCOMPARE(w->scenario().gpus, std::int64_t(4096));
        QVERIFY(!etpLabel->isVisible());
        // Expert TP 0 is "the TP size" (Megatron-Core's default): the box shows the word, not a 0 that reads as a
        // size; typing the word (or 0) enters it, and a size typed after it shows as the number again.
        typeInto(etp, QStringLiteral("= TP"));
        QCOMPARE(w->scenario().etp, std::int64_t(0));
        QCOMPARE(etp->spinBox()->text(), QStringLiteral("= TP"));
        typeInto(etp, QStringLiteral("1"));
        QCOMPARE(w->scenario().etp, std::int64_t(1));
        QCOMPARE(etp->spinBox()->text(), QStringLiteral("1"));
        typeInto(etp, QStringLiteral("0"));
        QCOMPARE(w->scenario().etp, std::int64_t(0));
        QCOMPARE(etp->spinBox()->text(), QStringLiteral("= TP"));
    }

    void aLargerEpMovesNToAValidCountInOneUndo()
    {
        // Mixtral on 4 GPUs: EP 8 needs a stage of 8 GPUs (EP x expert TP divides it): N moves to 8, one Undo back.
        auto w = makeWindow(mixtral(4, 1));
        auto* ep = w->controls()->findChild<SliderSpin*>(QStringLiteral("ep"));
        const int before = w->undoStack()->count();
        ep->slider()->setValue(ep->slider()->maximum()); // EP 8
        QApplication::processEvents();
        QCOMPARE(w->scenario().ep, std::int64_t(8));
        QCOMPARE(w->scenario().gpus, std::int64_t(8));
        QVERIFY(w->controls()->scenarioError().isEmpty());
        QCOMPARE(w->undoStack()->count(), before + 1);
        w->undoStack()->undo();
        QApplication::processEvents();
        QCOMPARE(w->scenario().ep, std::int64_t(1));
        QCOMPARE(w->scenario().gpus, std::int64_t(4));
    }

    void memoryChartSplitsExpertStates()
    {
        const Scenario s = mixtral(8, 8);
        auto w = makeWindow(s);
        w->showTab(QStringLiteral("memory"));
        QApplication::processEvents();
        MemoryPerGpuChart* c = w->memoryPage()->perGpuChart();
        const Footprint f = computeFootprint(s);
        QCOMPARE(f.ranks.size(), std::size_t(1));
        const RankFootprint& r = f.ranks.front();
        // Hand count: EP 8 leaves one expert per layer on each GPU: 32 layers x 3 x 4096 x 14336 = 5,637,144,576
        // params, in bf16 (recipe mixed: 2 B).
        QCOMPARE(r.expertLocalParams, std::int64_t(5637144576));
        QCOMPARE(r.expertStateBytes[0], std::int64_t(11274289152));
        QVERIFY(c->expertsShown());
        QVERIFY(legendHas(c, QStringLiteral("Expert states")));
        std::int64_t experts = 0;
        for (std::int64_t b : r.expertStateBytes)
            experts += b;
        QCOMPARE(c->expertSet()->at(0), double(experts) / 1e9);
        // The model-state bars hold the dense rest; nothing is lost or counted twice.
        double drawn = c->expertSet()->at(0);
        for (int t = 0; t < kTermCount; ++t) {
            const std::size_t ti = std::size_t(t);
            const std::int64_t dense = r.terms[ti].bytes - (ti < 4 ? r.expertStateBytes[ti] : 0);
            QCOMPARE(c->barSet(static_cast<Term>(t))->at(0), double(dense) / 1e9);
            drawn += c->barSet(static_cast<Term>(t))->at(0);
        }
        double total = 0;
        for (const TermValue& t : r.terms)
            total += double(t.bytes) / 1e9;
        QVERIFY(std::abs(drawn - total) < 1e-6 * total);
        // The tooltip: the segment, its exact bytes, the four states and the fold.
        const QString tip = c->expertTipFor(0);
        QVERIFY2(tip.contains(QStringLiteral("Expert states")) && tip.contains(ChartText::exactBytes(experts))
                     && tip.contains(QStringLiteral("EP 8")) && tip.contains(QStringLiteral("expert-DP 1")),
                 qPrintable(tip));
        // A model-state segment's tip gives the whole term (core's formula is of the whole) and its two parts.
        const QString paramsTip = c->toolTipFor(0, Term::Params);
        QVERIFY2(paramsTip.contains(ChartText::exactBytes(r.terms[0].bytes)) && paramsTip.contains(QStringLiteral("routed experts")),
                 qPrintable(paramsTip));
        // The total's tooltip counts it.
        QVERIFY(c->totalTipFor(0).contains(QStringLiteral("Expert states")));
        // A dense model has no such segment.
        w->setScenario(defaultScenario());
        QApplication::processEvents();
        QVERIFY(!c->expertsShown());
        QVERIFY(!legendHas(c, QStringLiteral("Expert states")));
    }

    void exportedDataCarriesTheExpertRows()
    {
        const Scenario s = mixtral(8, 8);
        const Footprint f = computeFootprint(s);
        const ChartData d = memoryPerGpuData(s, f, ByteUnit::GB);
        const char* const keys[4] = {"expert_params", "expert_grads", "expert_master", "expert_optimizer"};
        for (std::size_t t = 0; t < 4; ++t) {
            bool found = false;
            for (const QVariantList& row : d.rows)
                if (row.value(2).toString() == QLatin1String(keys[t])) {
                    found = true;
                    QCOMPARE(row.value(3).toLongLong(), qint64(f.ranks.front().expertStateBytes[t]));
                }
            QVERIFY2(found, keys[t]);
        }
        const Scenario dense = defaultScenario();
        for (const QVariantList& row : memoryPerGpuData(dense, computeFootprint(dense), ByteUnit::GB).rows)
            QVERIFY(!row.value(2).toString().startsWith(QLatin1String("expert_")));
    }

    void stepViewNamesTheAllToAlls()
    {
        auto w = makeWindow(mixtral(8, 8));
        w->showTab(QStringLiteral("step"));
        QTRY_VERIFY(w->stepView() && w->stepView()->result());
        QLabel* moe = w->stepView()->moeLabel();
        QTRY_VERIFY(moe->isVisible());
        // Hand count: 32 MoE layers x (dispatch + combine) x (forward + backward + the forward full checkpointing
        // recomputes) = 32 x 6 = 192 all-to-alls per micro-batch, one micro-batch per step.
        QVERIFY2(moe->text().contains(QStringLiteral("192 per step")), qPrintable(moe->text()));
        QVERIFY2(moe->text().contains(QStringLiteral("other 7 GPUs")), qPrintable(moe->text()));
        const MoeAllToAll x = moeAllToAll(w->scenario());
        QVERIFY(x.sentBytes > 0);
        QVERIFY(moe->toolTip().contains(QStringLiteral("NVLink")));
        w->setScenario(defaultScenario());
        QTRY_VERIFY(!moe->isVisible());
    }
};

QTEST_MAIN(TestMoeWindow)
#include "tst_moewindow.moc"
