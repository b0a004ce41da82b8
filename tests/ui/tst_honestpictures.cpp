// SPDX-License-Identifier: MIT
// Issue 26, "Honest pictures": no chart stacks terms on a log axis (the window's charts and every exported chart
// view), undo texts name settings as the Scenario panel does (in English and Russian), the Peers tab's ShardScope
// column sums to its total and that total is the Memory tab's per-GPU figure, and bar and curve tooltips give the
// term, the rank, the bytes and the term's share of the total.
#include "uiscenarios.h"
#include "windowfixture.h"
#include "chartcheck.h"
#include "chartexport.h"
#include "chartstyle.h"
#include "comparewidget.h"
#include "controlspanel.h"
#include "explorer.h"
#include "language.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "peersmodel.h"
#include "peerspage.h"
#include "scenariocommand.h"
#include "sliderspin.h"
#include "termstyle.h"

#include "shardscope/advice.h"
#include "shardscope/footprint.h"
#include "shardscope/knobs.h"
#include "shardscope/planner.h"
#include "shardscope/recipe.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QLogValueAxis>
#include <QPercentBarSeries>
#include <QStackedBarSeries>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QFile>
#include <QUndoStack>

#include <memory>

using namespace shardscope;
using shardscope::testing::makeOffscreenWindow;
using shardscope::testing::withModel;

namespace {

/// The stacked (or 100%-stacked) bar series of `chart` drawn against a log axis with more than one visible set: a
/// composition on a log axis, where a segment's height says nothing about its bytes. A transparent set (the floor
/// that stands a log-axis total bar on the axis's bottom) draws nothing and does not count.
QStringList stackedOnLog(QChart* chart)
{
    QStringList out;
    for (QAbstractSeries* series : chart->series()) {
        auto* bars = qobject_cast<QAbstractBarSeries*>(series);
        if (!bars || !(qobject_cast<QStackedBarSeries*>(series) || qobject_cast<QPercentBarSeries*>(series)))
            continue;
        bool onLog = false;
        for (QAbstractAxis* a : series->attachedAxes())
            onLog = onLog || (qobject_cast<QLogValueAxis*>(a) && a->isVisible());
        if (!onLog)
            continue;
        QStringList visible;
        for (QBarSet* set : bars->barSets()) {
            bool drawn = false;
            for (int i = 0; i < set->count(); ++i)
                drawn = drawn || set->at(i) > 0;
            if (drawn && set->color().alpha() > 0)
                visible << set->label();
        }
        if (visible.size() > 1)
            out << chart->title() + QStringLiteral(": ") + visible.join(QStringLiteral(", "));
    }
    return out;
}

void verifyNoStackedLog(QWidget* root, const QString& where)
{
    const QList<QChartView*> views = root->findChildren<QChartView*>();
    for (QChartView* v : views) {
        const QStringList bad = stackedOnLog(v->chart());
        QVERIFY2(bad.isEmpty(), qPrintable(where + QStringLiteral(": stacked on a log axis: ") + bad.join(QStringLiteral("; "))));
    }
}

/// "12.3% of the total 45.6 GB" as ChartText::termTip() writes it.
QString shareText(std::int64_t bytes, std::int64_t total)
{
    return ChartText::tr("%1% of the total %2")
        .arg(numberLocale().toString(100.0 * double(bytes) / double(total), 'f', 1), formatBytesUi(double(total), ByteUnit::GB));
}

Scenario moe()
{
    Scenario s = withModel("mixtral-8x7b", 16, 1);
    s.ep = 8;
    return s;
}

} // namespace

class TestHonestPictures : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup() { language::install(QStringLiteral("en")); }

    void noStackedBarsOnALogAxisInTheWindow()
    {
        // ZeRO stages compared on the log axis (the default of that view): one total bar per stage, the composition
        // on a linear axis only ("ZeRO-0's 138 GB of parameters looked larger than its 552 GB of optimizer states").
        auto w = makeOffscreenWindow(defaultScenario(), QSize(1366, 768));
        MemoryPerGpuChart* perGpu = w->memoryPage()->perGpuChart();
        perGpu->setCompareStages(true);
        perGpu->setLogScale(true);
        QApplication::processEvents();
        QVERIFY(perGpu->logAxisShown());
        // Beside the totals, the composition chart, whole at 1366 px in every language (no text cut).
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("zh_CN")}) {
            QVERIFY(language::install(lang));
            auto l = makeOffscreenWindow(defaultScenario(), QSize(1366, 768));
            l->memoryPage()->perGpuChart()->setCompareStages(true);
            l->memoryPage()->perGpuChart()->setLogScale(true);
            QApplication::processEvents();
            QApplication::processEvents();
            QCOMPARE(l->width(), 1366);
            QVERIFY(l->memoryPage()->perGpuChart()->shareView()->isVisible());
            const QStringList cut = cutTexts(l->memoryPage()->perGpuChart()->shareChart()) + cutTexts(l->memoryPage()->perGpuChart()->chart());
            QVERIFY2(cut.isEmpty(), qPrintable(lang + QStringLiteral(": ") + cut.join(QStringLiteral(" | "))));
        }
        QVERIFY(language::install(QStringLiteral("en")));
        for (const QString& tab : {QStringLiteral("memory"), QStringLiteral("step"), QStringLiteral("compare"),
                                   QStringLiteral("peers"), QStringLiteral("plan"), QStringLiteral("train")}) {
            QVERIFY(w->showTab(tab));
            QApplication::processEvents();
            verifyNoStackedLog(w.get(), tab);
        }
        // A pinned scenario on the Compare tab: its side-by-side bars too.
        auto* compare = w->findChild<CompareWidget*>();
        QVERIFY(compare);
        compare->pin(defaultScenario());
        Scenario b = defaultScenario();
        b.zeroStage = 1;
        compare->setCurrent(b);
        QApplication::processEvents();
        verifyNoStackedLog(w.get(), QStringLiteral("compare, pinned"));
    }

    void logTotalsStandBesideALinearComposition()
    {
        // Llama-2-70B on 32 GPUs, the stages compared on the log axis: one total bar per stage, and beside it each
        // stage's terms as shares of that total on a linear 0-100% axis (core's bytes: planner.cpp sweep()).
        const Scenario s = defaultScenario();
        const ExplorerResult r = computeExplorer(s);
        MemoryPerGpuChart c;
        c.setAttribute(Qt::WA_DontShowOnScreen);
        c.resize(900, 420);
        c.show();
        c.setSharesBeside(true); // as the Memory tab
        c.setCompareStages(true);
        c.setLogScale(true);
        c.setScenario(s);
        QApplication::processEvents();
        QVERIFY(c.logAxisShown());
        QVERIFY(c.shareView()->isVisible());
        QVERIFY(c.shareView()->width() > 150);
        QVERIFY(stackedOnLog(c.chart()).isEmpty());
        QPercentBarSeries* shares = nullptr;
        for (QAbstractSeries* series : c.shareChart()->series())
            shares = shares ? shares : qobject_cast<QPercentBarSeries*>(series);
        QVERIFY(shares);
        for (QAbstractAxis* a : shares->attachedAxes())
            QVERIFY(!qobject_cast<QLogValueAxis*>(a));
        int inSeries = 0;
        for (int z = 0; z < 4; ++z) {
            double total = 0;
            for (int t = 0; t < kTermCount; ++t) {
                QCOMPARE(c.shareSet(static_cast<Term>(t))->at(z), double(r.stagesAtN[std::size_t(z)].termBytes[std::size_t(t)]) / 1e9);
                total += c.shareSet(static_cast<Term>(t))->at(z);
            }
            // the total bar's top is the same total (the floor set stands it on the axis's bottom)
            const double floor = qobject_cast<QLogValueAxis*>(c.yAxis())->min();
            QVERIFY2(qAbs(c.totalSet()->at(z) + floor - total) <= 1e-9 * total, qPrintable(QStringLiteral("ZeRO-%1").arg(z)));
        }
        for (int t = 0; t < kTermCount; ++t)
            inSeries += shares->barSets().contains(c.shareSet(static_cast<Term>(t))) ? 1 : 0;
        QVERIFY(inSeries >= 4); // params, grads, optimizer states, activations at least
        // The linear axis stacks the terms themselves: no composition chart beside it, nor in the per-rank view.
        c.setLogScale(false);
        QApplication::processEvents();
        QVERIFY(!c.shareView()->isVisible());
        c.setLogScale(true);
        c.setCompareStages(false);
        QApplication::processEvents();
        QVERIFY(!c.shareView()->isVisible());
    }

    void exportedLogTotalsCarryTheirComposition()
    {
        // Issue 26: "log totals beside a separate composition bar". The Memory tab shows the linear shares beside the
        // log totals; the exported compare-stages figure (log axis by default) showed the totals alone. Now the
        // figure carries the shares chart (beside when wide, under when narrow) and one legend naming every term.
        QTemporaryDir dir;
        const Scenario s = defaultScenario();
        const Footprint f = computeFootprint(s);
        for (const auto& [name, size] : {std::pair {QStringLiteral("wide.svg"), QSize(1200, 700)},
                                         std::pair {QStringLiteral("narrow.svg"), QSize(336, 260)}}) {
            ChartExportOptions o;
            o.size = size;
            const QString path = dir.filePath(name);
            exportChartFile(QStringLiteral("compare-stages"), s, ByteUnit::GB, path, o);
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString svg = QString::fromUtf8(file.readAll());
            // The shares chart's title and every term that holds bytes at ZeRO-3 (core's worst rank) in the legend.
            QVERIFY2(svg.contains(QStringLiteral(">Shares<")), qPrintable(name));
            for (int t = 0; t < kTermCount; ++t)
                if (f.worstRank().bytes(static_cast<Term>(t)) > 0)
                    QVERIFY2(svg.contains(QLatin1Char('>') + termLabel(static_cast<Term>(t)).toHtmlEscaped() + QLatin1Char('<')),
                             qPrintable(name + QStringLiteral(": ") + termLabel(static_cast<Term>(t))));
        }
        // The widget an export lays out: the shares beside the totals when wide, under them when narrow.
        for (const QSize& size : {QSize(1200, 700), QSize(336, 260)}) {
            QChartView* view = nullptr;
            const auto w = makeChartWidget(QStringLiteral("compare-stages"), s, ByteUnit::GB, size, &view);
            auto* c = qobject_cast<MemoryPerGpuChart*>(w.get());
            QVERIFY(c && c->logAxisShown() && c->shareView()->isVisibleTo(c));
            const QPoint shares = c->shareView()->mapTo(c, QPoint(0, 0)), totals = view->mapTo(c, QPoint(0, 0));
            if (size.width() > 1000)
                QVERIFY(shares.x() > totals.x() + view->width() / 2);
            else
                QVERIFY(shares.y() > totals.y() + view->height() / 2);
        }
    }

    void noStackedBarsOnALogAxisInExports()
    {
        // Every chart view an export renders (makeChartWidget(), as export --chart and the bundle), and the
        // compare-stages figure, on several scenarios.
        QStringList ids = chartViewIds();
        ids << QStringLiteral("compare-stages");
        for (const Scenario& s : {defaultScenario(), withModel("llama-3.1-405b", 64, 3), moe()}) {
            for (const QString& id : ids) {
                QChartView* view = nullptr;
                std::unique_ptr<QWidget> widget;
                try {
                    widget = makeChartWidget(id, s, ByteUnit::GB, QSize(1200, 700), &view);
                } catch (const std::exception&) {
                    continue; // not a chart view in this build
                }
                QVERIFY(view);
                const QStringList bad = stackedOnLog(view->chart());
                QVERIFY2(bad.isEmpty(), qPrintable(id + QStringLiteral(": ") + bad.join(QStringLiteral("; "))));
            }
        }
    }

    void undoTextsNameSettingsAsTheWindowDoes()
    {
        // Every setting the Scenario panel has a control for has words of its own (not its file key).
        for (const Knob& k : knobs())
            if (k.control && k.key)
                QVERIFY2(ScenarioCommand::hasSettingName(QString::fromLatin1(k.key)), k.key);
        QCOMPARE(ScenarioCommand::settingName(QStringLiteral("gpus")), QStringLiteral("N GPUs"));
        QCOMPARE(ScenarioCommand::settingName(QStringLiteral("stage")), QStringLiteral("ZeRO stage"));

        struct Expect
        {
            QString lang, gpus, stage, recipe;
        };
        // The words are the panel's own rows (ControlsPanel: "N GPUs", "ZeRO stage", "Recipe") and their translations
        // (the rows' own: ru "Рецепт", as the panel shows it).
        for (const Expect& e : {Expect {QStringLiteral("en"), QStringLiteral("Change N GPUs"), QStringLiteral("Change ZeRO stage"),
                                        QStringLiteral("Change Recipe")},
                                Expect {QStringLiteral("ru"), QStringLiteral("Изменить: N GPU"), QStringLiteral("Изменить: Стадия ZeRO"),
                                        QStringLiteral("Изменить: Рецепт")}}) {
            QVERIFY(language::install(e.lang));
            auto w = makeOffscreenWindow(defaultScenario(), QSize(1366, 768));
            auto* gpus = w->controls()->findChild<SliderSpin*>(QStringLiteral("gpus"));
            QVERIFY(gpus);
            gpus->slider()->setValue(gpus->slider()->value() + 1);
            QCOMPARE(w->undoStack()->undoText(), e.gpus);
            w->controls()->findChild<QAbstractButton*>(QStringLiteral("zeroStage2"))->click();
            QCOMPARE(w->undoStack()->undoText(), e.stage);
            auto* recipe = w->controls()->findChild<QComboBox*>(QStringLiteral("recipe"));
            QVERIFY(recipe);
            recipe->setCurrentIndex((recipe->currentIndex() + 1) % recipe->count());
            QCOMPARE(w->undoStack()->undoText(), e.recipe);
            // A new model is one setting, not "model, architecture, params".
            Scenario other = w->scenario();
            other.arch = *findModelPreset("llama-2-7b");
            other.bareParams.reset();
            const ScenarioCommand c(w->scenario(), other, [](const Scenario&) {});
            QVERIFY2(!c.text().contains(QLatin1String("architecture")) && !c.text().contains(QLatin1String("params")),
                     qPrintable(c.text()));
            QCOMPARE(c.text(), e.lang == QLatin1String("en") ? QStringLiteral("Change Architecture") : QStringLiteral("Изменить: Архитектура"));
        }
    }

    void compareSummarySpeaksTheControlsWords()
    {
        // Issue 26: the Compare tab's summary named knobs and values by core's keys ("recipe mixed -> fp32", "offload
        // optimizer none -> cpu", "ZeRO-3 -> ZeRO-2"). Each change now reads as the Scenario panel shows it: the row's
        // label (the form's own QLabel) and the control's text (the combo's item, the stage button's digit).
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ru")}) {
            QVERIFY(language::install(lang));
            auto w = makeOffscreenWindow(defaultScenario(), QSize(1366, 768));
            QCOMPARE(w->scenario().zeroStage, 3);
            w->pinCurrentAsA();
            auto rowLabel = [&](QWidget* field) {
                for (QFormLayout* f : w->controls()->findChildren<QFormLayout*>())
                    if (auto* l = qobject_cast<QLabel*>(f->labelForField(field)))
                        return l->text();
                return QString();
            };
            auto* recipe = w->controls()->findChild<QComboBox*>(QStringLiteral("recipe"));
            auto* offload = w->controls()->findChild<QComboBox*>(QStringLiteral("offloadOptimizer"));
            QVERIFY(recipe && offload);
            const QString recipeA = recipe->currentText(), offloadA = offload->currentText();
            recipe->setCurrentIndex(recipe->findData(QStringLiteral("fp32")));
            offload->setCurrentIndex(offload->findData(QStringLiteral("cpu")));
            w->controls()->findChild<QAbstractButton*>(QStringLiteral("zeroStage2"))->click();
            QVERIFY(w->showTab(QStringLiteral("compare")));
            const QString summary = w->compareWidget()->summary();
            const QString recipeChange = rowLabel(recipe) + QLatin1Char(' ') + recipeA + QStringLiteral(" -> ") + recipe->currentText();
            const QString offloadChange = rowLabel(offload) + QLatin1Char(' ') + offloadA + QStringLiteral(" -> ") + offload->currentText();
            QVERIFY2(!rowLabel(recipe).isEmpty() && summary.contains(recipeChange), qPrintable(recipeChange + QStringLiteral(" | ") + summary));
            QVERIFY2(summary.contains(offloadChange), qPrintable(offloadChange + QStringLiteral(" | ") + summary));
            // The stage row's label and its buttons' digits ("ZeRO stage 3 -> 2"; ru "Стадия ZeRO 3 -> 2").
            const QString stage = (lang == QLatin1String("en") ? QStringLiteral("ZeRO stage") : QStringLiteral("Стадия ZeRO"))
                                  + QStringLiteral(" 3 -> 2");
            QVERIFY2(summary.contains(stage), qPrintable(summary));
            QCOMPARE(offload->currentText(), QStringLiteral("CPU")); // en and ru alike
            QVERIFY2(recipe->currentText().startsWith(QLatin1String("fp32 (")), qPrintable(recipe->currentText()));
            // None of core's keys: no lowercase "cpu", no "ZeRO-3 -> ZeRO-2", no bare recipe id before an arrow.
            static const QRegularExpression raw(QStringLiteral("\\bcpu\\b|ZeRO-\\d -> |\\brecipe\\b|offload optimizer|-> fp32(?! \\()"));
            QVERIFY2(!raw.match(summary).hasMatch(), qPrintable(summary));
            // A figure's scenario line too: "optimizer offload to CPU", the recipe as its list shows it.
            const QString line = exportScenarioLine(w->scenario());
            QVERIFY2(line.contains(recipe->currentText()) && line.contains(offload->currentText())
                         && !QRegularExpression(QStringLiteral("\\bcpu\\b")).match(line).hasMatch(),
                     qPrintable(line));
            // No checkpointing reads as such, not as the button's word before "checkpointing" ("None checkpointing").
            Scenario plain = w->scenario();
            plain.checkpointing = Checkpointing::None;
            const QString noCkpt = exportScenarioLine(plain);
            QVERIFY2(noCkpt.contains(lang == QLatin1String("en") ? QStringLiteral("no checkpointing")
                                                                 : QStringLiteral("без чекпойнтинга активаций")),
                     qPrintable(noCkpt));
        }
    }

    void peersShardScopeColumnIsTheMemoryTabsFigure()
    {
        // Issue 26: the Peers tab showed 50.6 GB of ShardScope terms under a 44.5 GB total. Its terms are the Memory
        // tab's breakdown at the peak: they sum to the column's total, and that total is the Memory tab's per-GPU
        // bar of the worst rank (every segment drawn, routed experts included) and core's worst-rank total.
        QList<QPair<QString, Scenario>> cases;
        for (int z = 0; z < 4; ++z)
            cases << qMakePair(QStringLiteral("ZeRO-%1").arg(z), withModel("llama-2-13b", 16, z));
        Scenario off = withModel("llama-2-13b", 16, 2);
        off.offloadOptimizer = OffloadDevice::Cpu;
        cases << qMakePair(QStringLiteral("optimizer offload"), off);
        Scenario inf = withModel("llama-2-13b", 16, 3);
        inf.offloadOptimizer = OffloadDevice::Cpu;
        inf.offloadParams = OffloadDevice::Cpu;
        cases << qMakePair(QStringLiteral("param offload"), inf);
        Scenario pp = defaultScenario();
        pp.pp = 4;
        cases << qMakePair(QStringLiteral("PP 4"), pp);
        cases << qMakePair(QStringLiteral("MoE"), moe());
        auto w = makeOffscreenWindow(defaultScenario(), QSize(1366, 768));
        QVERIFY(w->showTab(QStringLiteral("peers")));
        auto* page = w->findChild<PeersPage*>();
        QVERIFY(page);
        for (const auto& [name, s] : cases) {
            w->setScenario(s);
            QApplication::processEvents();
            QVERIFY2(page->errorText().isEmpty(), qPrintable(name + QStringLiteral(": ") + page->errorText()));
            PeersModel* m = page->model();
            int col = -1;
            for (int c = 1; c < m->columnCount(); ++c)
                if (m->peerAt(c) && m->peerAt(c)->id == PeerId::ShardScope)
                    col = c;
            QVERIFY2(col > 0, qPrintable(name));
            double sum = 0;
            for (int t = 0; t < kTermCount; ++t) {
                const double v = m->index(t, col).data(PeersModel::SortRole).toDouble();
                if (v > 0)
                    sum += v;
            }
            const double total = m->index(PeersModel::TotalRow, col).data(PeersModel::SortRole).toDouble();
            QCOMPARE(sum, total);
            const Footprint f = computeFootprint(s);
            QCOMPARE(total, double(f.worstBytes()));
            // The Memory tab's per-GPU chart: the worst rank's bar, every set stacked in it (GB).
            MemoryPerGpuChart* chart = w->memoryPage()->perGpuChart();
            QVERIFY(!chart->logAxisShown());
            double bar = 0;
            for (QAbstractSeries* series : chart->chart()->series())
                if (auto* stacked = qobject_cast<QStackedBarSeries*>(series))
                    for (QBarSet* set : stacked->barSets())
                        if (f.worst < set->count())
                            bar += set->at(f.worst);
            QVERIFY2(std::abs(bar * 1e9 - total) <= 1e-6 * total,
                     qPrintable(QStringLiteral("%1: bar %2 GB, peers %3 B").arg(name).arg(bar, 0, 'f', 6).arg(total, 0, 'f', 0)));
        }
    }

    void tooltipsGiveTermRankBytesAndShare()
    {
        // Bars (per rank, per stage compared, Compare tab) and curves: the term, where, the bytes and its share of the
        // bar's total (core's worst-rank total; by hand: share = term / total).
        Scenario s = defaultScenario();
        s.pp = 4;
        const Footprint f = computeFootprint(s);
        MemoryPerGpuChart c;
        c.setAttribute(Qt::WA_DontShowOnScreen);
        c.resize(700, 420);
        c.show();
        c.setScenario(s);
        int checked = 0;
        for (std::size_t r = 0; r < f.ranks.size(); ++r)
            for (int t = 0; t < kTermCount; ++t) {
                const TermValue& v = f.ranks[r].terms[std::size_t(t)];
                if (v.bytes <= 0)
                    continue;
                const QString tip = c.toolTipFor(int(r), static_cast<Term>(t));
                QVERIFY2(tip.contains(termLabel(static_cast<Term>(t))), qPrintable(tip));
                QVERIFY2(tip.contains(QString::fromStdString(f.ranks[r].label)), qPrintable(tip));
                QVERIFY2(tip.contains(formatBytesUi(double(v.bytes), ByteUnit::GB)), qPrintable(tip));
                QVERIFY2(tip.contains(shareText(v.bytes, f.ranks[r].totalBytes)), qPrintable(tip + QStringLiteral(" / ") + shareText(v.bytes, f.ranks[r].totalBytes)));
                ++checked;
            }
        QVERIFY(checked > 8);

        MemoryVsGpusChart vs;
        vs.setScenario(defaultScenario());
        const Footprint f3 = computeFootprint(withStageAndGpus(defaultScenario(), 3, 64));
        const QString curve = vs.curveToolTip(3, 64);
        for (int t = 0; t < kTermCount; ++t)
            if (f3.worstRank().terms[std::size_t(t)].bytes > 0)
                QVERIFY2(curve.contains(shareText(f3.worstRank().terms[std::size_t(t)].bytes, f3.worstBytes())), qPrintable(curve));

        CompareWidget cmp;
        cmp.setAttribute(Qt::WA_DontShowOnScreen);
        cmp.resize(1100, 600);
        cmp.show();
        cmp.pin(defaultScenario());
        Scenario b = defaultScenario();
        b.zeroStage = 1;
        cmp.setCurrent(b);
        QApplication::processEvents();
        const Footprint fb = computeFootprint(b);
        for (int t = 0; t < kTermCount; ++t)
            if (fb.worstRank().terms[std::size_t(t)].bytes > 0)
                QVERIFY2(cmp.toolTipFor(1, static_cast<Term>(t)).contains(shareText(fb.worstRank().terms[std::size_t(t)].bytes, fb.worstBytes())),
                         qPrintable(cmp.toolTipFor(1, static_cast<Term>(t))));
    }
};

QTEST_MAIN(TestHonestPictures)
#include "tst_honestpictures.moc"
