// SPDX-License-Identifier: MIT
// `shardscope bench redraw`: moves every control of the explorer window through its range offscreen and
// measures milliseconds from the value change to all three charts having repainted (a figure, never a test).
#include "cli.h"
#include "guifills.h"
#include "controlspanel.h"
#include "explorer.h"
#include "hostmemorychart.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "scenariooptions.h"
#include "scenariostate.h"
#include "sliderspin.h"

#include "shardscope/errors.h"

#include <QAbstractButton>
#include <QApplication>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPaintEvent>
#include <QJsonObject>
#include <QSet>
#include <QSlider>

#include <algorithm>
#include <cmath>
#include <functional>

namespace shardscope::cli {

namespace {

struct Stats
{
    int moves = 0;
    double median = 0;
    double p99 = 0;
    double max = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.moves = static_cast<int>(v.size());
    s.median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    // Nearest-rank percentile.
    s.p99 = v[static_cast<std::size_t>(std::ceil(0.99 * double(v.size()))) - 1];
    s.max = v.back();
    return s;
}

QJsonObject toJson(const Stats& s)
{
    return QJsonObject {{QStringLiteral("moves"), s.moves},
                        {QStringLiteral("median_ms"), std::round(s.median * 1000) / 1000},
                        {QStringLiteral("p99_ms"), std::round(s.p99 * 1000) / 1000},
                        {QStringLiteral("max_ms"), std::round(s.max * 1000) / 1000}};
}

/// Records which chart viewports received a paint event, and when the frame's first paint began (what comes before
/// it in the frame is layout; from it on, paint).
class PaintSpy : public QObject
{
public:
    QSet<QObject*> painted;
    const QElapsedTimer* clock = nullptr;
    qint64 firstPaintNs = -1;
    void reset()
    {
        painted.clear();
        firstPaintNs = -1;
    }
    bool eventFilter(QObject* o, QEvent* e) override
    {
        if (e->type() == QEvent::Paint) {
            painted.insert(o);
            if (firstPaintNs < 0 && clock)
                firstPaintNs = clock->nsecsElapsed();
        }
        return false;
    }
};

/// Every widget that receives a paint event during the moves, with how often and how much of it (`--widgets`): the
/// widgets a move repaints name themselves when a change starts to repaint more than the charts.
class WidgetPaintLog : public QObject
{
public:
    struct Entry
    {
        int paints = 0;
        double pixels = 0;
        int geometry = 0; // moves and resizes: a widget laid out again
    };
    QHash<QString, Entry> entries;
    bool recording = false;
    bool eventFilter(QObject* o, QEvent* e) override
    {
        const bool paint = e->type() == QEvent::Paint, geometry = e->type() == QEvent::Move || e->type() == QEvent::Resize;
        if (recording && (paint || geometry) && o->isWidgetType()) {
            QString name = QString::fromLatin1(o->metaObject()->className());
            if (!o->objectName().isEmpty())
                name += QLatin1Char(' ') + o->objectName();
            else if (o->parent() && !o->parent()->objectName().isEmpty())
                name += QStringLiteral(" in ") + o->parent()->objectName();
            else if (o->parent()) // a chart view's viewport: named by its view's class
                name += QStringLiteral(" in ") + QString::fromLatin1(o->parent()->metaObject()->className());
            Entry& en = entries[name];
            if (geometry) {
                ++en.geometry;
                return false;
            }
            ++en.paints;
            for (const QRect& r : static_cast<QPaintEvent*>(e)->region())
                en.pixels += double(r.width()) * double(r.height());
        }
        return false;
    }
};

/// A control and the positions it visits (forwards, then back).
struct Control
{
    QString name;
    int positions;
    std::function<void(int)> moveTo;
};

} // namespace

int benchRedraw(const QStringList& args)
{
    return guarded([&] {
        QCommandLineParser parser;
        parser.setApplicationDescription(QStringLiteral("Redraw latency of the explorer window, per control."));
        addScenarioOptions(parser);
        parser.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json or text (default text)."),
                                           QStringLiteral("FORMAT")));
        const QCommandLineOption minMovesOpt(QStringLiteral("moves"), QStringLiteral("Moves at least (default 1200)."),
                                             QStringLiteral("N"));
        parser.addOption(minMovesOpt);
        const QCommandLineOption onlyOpt(QStringLiteral("control"),
                                         QStringLiteral("Move only this control (object name, e.g. zeroStage), for profiling."),
                                         QStringLiteral("NAME"));
        parser.addOption(onlyOpt);
        const QCommandLineOption widgetsOpt(QStringLiteral("widgets"),
                                            QStringLiteral("Also list the widgets the moves repaint (paints and pixels per move)."));
        parser.addOption(widgetsOpt);
        int code = kExitOk;
        if (!parse(parser, args, code))
            return code;
        const QString format = formatOption(parser, {QStringLiteral("json"), QStringLiteral("text")}, QStringLiteral("text"));
        const std::int64_t minMoves
            = parser.isSet(minMovesOpt) ? parseIntOption(parser.value(minMovesOpt), "moves", 1, 1000000) : 1200;
        const Scenario start = scenarioFromParser(parser);

        MainWindow w(start);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(1600, 1000);
        w.show();
        QApplication::processEvents();
        MemoryPage* page = w.memoryPage();
        const QList<QChartView*> views {page->perGpuChart()->chartView(), page->vsGpusChart()->chartView(),
                                        page->hostChart()->chartView()};

        std::vector<Control> controls;
        ControlsPanel* panel = w.controls();
        for (SliderSpin* s : panel->sliders()) {
            QSlider* slider = s->slider();
            const int n = slider->maximum() - slider->minimum() + 1;
            const int stride = std::max(1, n / 100); // the 1,000-step model size slider: every 10th position
            controls.push_back({s->objectName(), (n + stride - 1) / stride,
                                [slider, stride](int i) { slider->setValue(slider->minimum() + i * stride); }});
        }
        for (QComboBox* c : panel->findChildren<QComboBox*>()) {
            if (c->objectName() == QLatin1String("modelPreset"))
                continue; // activated(), not currentIndexChanged: driven below
            controls.push_back({c->objectName(), c->count(), [c](int i) { c->setCurrentIndex(i); }});
        }
        {
            QComboBox* preset = panel->findChild<QComboBox*>(QStringLiteral("modelPreset"));
            controls.push_back({preset->objectName(), preset->count(), [preset](int i) {
                                    preset->setCurrentIndex(i);
                                    emit preset->activated(i);
                                }});
        }
        for (const char* group : {"zeroStage", "checkpointing"}) {
            QList<QAbstractButton*> buttons;
            for (QAbstractButton* b : panel->findChildren<QAbstractButton*>())
                if (b->objectName().startsWith(QLatin1String(group)))
                    buttons << b;
            std::sort(buttons.begin(), buttons.end(),
                      [](QAbstractButton* a, QAbstractButton* b) { return a->objectName() < b->objectName(); });
            controls.push_back({QLatin1String(group), static_cast<int>(buttons.size()), [buttons](int i) { buttons[i]->click(); }});
        }
        for (QCheckBox* c : panel->findChildren<QCheckBox*>())
            controls.push_back({c->objectName(), 2, [c](int i) { c->setChecked(i == 1); }});

        if (parser.isSet(onlyOpt)) {
            const QString only = parser.value(onlyOpt);
            controls.erase(std::remove_if(controls.begin(), controls.end(), [&](const Control& c) { return c.name != only; }),
                           controls.end());
            if (controls.empty())
                throw InvalidInput("control", "no control named " + only.toStdString());
        }
        // Each control walks forwards and back until it has its share of the moves.
        const int perControl = static_cast<int>((minMoves + std::int64_t(controls.size()) - 1) / std::int64_t(controls.size()));
        std::vector<double> all, phaseUpdate, phaseEvents;
        // The phases of a move (issue 29): core's model (computeExplorer), the rest of the advice (verdict and fixes),
        // the pages' series update (everything else until the move returns), layout (the frame's events before its
        // first paint) and paint (from the first paint to three fresh charts).
        std::vector<double> phaseModel, phaseAdvice, phaseSeries, phaseLayout, phasePaint;
        const ScenarioState* state = w.state();
        PaintSpy paints;
        for (QChartView* v : views)
            v->viewport()->installEventFilter(&paints);
        int forcedRepaints = 0;
        WidgetPaintLog widgetLog;
        if (parser.isSet(widgetsOpt))
            qApp->installEventFilter(&widgetLog);
        int loggedMoves = 0;
        QJsonObject perJson;
        QString text;
        // Every control from `from`; the first pass records the phases too (`phases` false: the MoE pass).
        auto pass = [&](const Scenario& from, bool phases, std::vector<double>& passAll, QJsonObject& passPer, QString& passText) {
            for (const Control& c : controls) {
                w.setScenario(from);
                QApplication::processEvents();
                std::vector<double> times;
                int i = 0, dir = 1;
                while (static_cast<int>(times.size()) < perControl) {
                    if (c.positions > 1) {
                        i += dir;
                        if (i >= c.positions || i < 0) {
                            dir = -dir;
                            i += 2 * dir;
                        }
                    }
                    QElapsedTimer t;
                    paints.clock = &t;
                    paints.reset();
                    t.start();
                    widgetLog.recording = phases;
                    loggedMoves += phases ? 1 : 0;
                    c.moveTo(i);
                    const qint64 moved = t.nsecsElapsed();
                    const qint64 model = state->lastModelNs(), advice = state->lastAdviceNs();
                    // Force each chart view to repaint in this frame (update() marks it dirty even when its scene did
                    // not change), then let the event loop run the frame: layouts, then one paint of everything dirty.
                    paints.painted.clear();
                    for (QChartView* v : views)
                        v->viewport()->update();
                    QApplication::processEvents();
                    const qint64 events = t.nsecsElapsed();
                    // Any chart view the frame did not paint is painted now, so every move ends with three fresh charts.
                    for (QChartView* v : views) {
                        if (!paints.painted.contains(v->viewport())) {
                            v->viewport()->repaint();
                            ++forcedRepaints;
                        }
                    }
                    const qint64 done = t.nsecsElapsed();
                    widgetLog.recording = false;
                    times.push_back(double(done) / 1e6);
                    if (!phases)
                        continue;
                    phaseUpdate.push_back(double(moved) / 1e6);
                    phaseEvents.push_back(double(events - moved) / 1e6);
                    const qint64 firstPaint = paints.firstPaintNs < 0 ? events : std::max(paints.firstPaintNs, moved);
                    phaseModel.push_back(double(model) / 1e6);
                    phaseAdvice.push_back(double(advice) / 1e6);
                    phaseSeries.push_back(double(std::max<qint64>(0, moved - model - advice)) / 1e6);
                    phaseLayout.push_back(double(firstPaint - moved) / 1e6);
                    phasePaint.push_back(double(done - firstPaint) / 1e6);
                }
                passAll.insert(passAll.end(), times.begin(), times.end());
                const Stats s = stats(times);
                passPer[c.name] = toJson(s);
                passText += QStringLiteral("  %1 %2 moves  median %3 ms  p99 %4 ms  max %5 ms\n")
                                .arg(c.name, -18)
                                .arg(s.moves, 4)
                                .arg(s.median, 6, 'f', 2)
                                .arg(s.p99, 6, 'f', 2)
                                .arg(s.max, 6, 'f', 2);
            }
        };
        const long long inPlaceBefore = guifills::runInPlace.load();
        pass(start, true, all, perJson, text);
        // The MoE scenario (issue 25): DeepSeek-V3 as its report trains it (2,048 GPUs, PP 16, EP 64, ZeRO-1), every
        // control moved from it, so that a MoE model's redraw cost is printed beside the dense one's.
        Scenario moe = start;
        moe.arch = *findModelPreset("deepseek-v3");
        moe.bareParams.reset();
        moe.gpus = 2048;
        moe.gpusPerNode = 8;
        moe.tp = 1;
        moe.pp = 16;
        moe.cp = 1;
        moe.vpp = 1;
        moe.schedule = PipelineSchedule::OneFOneB;
        moe.ep = 64;
        moe.etp = 1;
        moe.zeroStage = 1;
        validateScenario(moe);
        std::vector<double> moeAll;
        QJsonObject moePerJson;
        QString moeText;
        pass(moe, false, moeAll, moePerJson, moeText);
        // Qt's split fills run in place over both passes' moves (dense and MoE).
        const std::size_t moves = all.size() + moeAll.size();
        const double inPlacePerMove = moves == 0 ? 0.0 : double(guifills::runInPlace.load() - inPlaceBefore) / double(moves);
        const bool qtPool = !guifills::onGuiThread.load();
        const QString fillsLine = QStringLiteral("Qt's fills taller than ~96 lines: %1, %2 per move run in place\n")
                                      .arg(qtPool ? QStringLiteral("on Qt's GUI thread pool") : QStringLiteral("on the GUI thread"))
                                      .arg(inPlacePerMove, 0, 'f', 1);
        w.setScenario(start);
        QApplication::processEvents();
        const Stats moeTotal = stats(moeAll);

        // Floors: painting alone, nothing changed.
        std::vector<double> windowPaint, chartPaint;
        for (int k = 0; k < 50; ++k) {
            QElapsedTimer t;
            t.start();
            w.repaint();
            windowPaint.push_back(double(t.nsecsElapsed()) / 1e6);
            t.restart();
            for (QChartView* v : views)
                v->viewport()->repaint();
            chartPaint.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        // Each chart view alone (which chart the paint time goes to).
        QJsonObject perChartJson;
        QStringList perChart;
        const QStringList chartNames {QStringLiteral("per_gpu"), QStringLiteral("vs_gpus"), QStringLiteral("host")};
        for (int c = 0; c < views.size(); ++c) {
            std::vector<double> one;
            for (int k = 0; k < 50; ++k) {
                QElapsedTimer t;
                t.start();
                views[c]->viewport()->repaint();
                one.push_back(double(t.nsecsElapsed()) / 1e6);
            }
            const double median = stats(one).median;
            perChartJson[chartNames[c]] = std::round(median * 1000) / 1000;
            perChart << QStringLiteral("%1 %2 ms").arg(chartNames[c]).arg(median, 0, 'f', 2);
        }
        text += QStringLiteral("floors (median): whole window repaint %1 ms, three chart views repaint %2 ms (%3)\n")
                    .arg(stats(windowPaint).median, 0, 'f', 2)
                    .arg(stats(chartPaint).median, 0, 'f', 2)
                    .arg(perChart.join(QStringLiteral(", ")));

        // The model alone (core, no drawing): decides whether it may stay on the GUI thread.
        std::vector<double> model;
        for (int k = 0; k < 200; ++k) {
            QElapsedTimer t;
            t.start();
            const ExplorerResult r = computeExplorer(start);
            model.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        const Stats total = stats(all);
        const Stats modelStats = stats(model);
        const std::vector<std::pair<QString, const std::vector<double>*>> phaseList {
            {QStringLiteral("model"), &phaseModel},        {QStringLiteral("advice"), &phaseAdvice},
            {QStringLiteral("series_update"), &phaseSeries}, {QStringLiteral("layout"), &phaseLayout},
            {QStringLiteral("paint"), &phasePaint}};
        QStringList phaseText;
        for (const auto& [name, v] : phaseList)
            phaseText << QStringLiteral("%1 %2 / %3").arg(name).arg(stats(*v).median, 0, 'f', 2).arg(stats(*v).p99, 0, 'f', 2);
        // The widgets the moves repainted, most pixels first (`--widgets`).
        QStringList widgetLines;
        QJsonArray widgetJson;
        if (parser.isSet(widgetsOpt) && loggedMoves > 0) {
            QList<QPair<QString, WidgetPaintLog::Entry>> list;
            for (auto it = widgetLog.entries.cbegin(); it != widgetLog.entries.cend(); ++it)
                list.append({it.key(), it.value()});
            std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second.pixels > b.second.pixels; });
            for (const auto& [name, en] : list) {
                const double paintsPerMove = double(en.paints) / loggedMoves;
                const double kpxPerMove = en.pixels / loggedMoves / 1000.0;
                const double geometryPerMove = double(en.geometry) / loggedMoves;
                widgetLines << QStringLiteral("  %1 paints/move %2  kpx/move %3  moved or resized/move %4")
                                   .arg(name, -60)
                                   .arg(paintsPerMove, 5, 'f', 2)
                                   .arg(kpxPerMove, 8, 'f', 1)
                                   .arg(geometryPerMove, 5, 'f', 2);
                widgetJson.append(QJsonObject {{QStringLiteral("widget"), name},
                                               {QStringLiteral("paints_per_move"), std::round(paintsPerMove * 100) / 100},
                                               {QStringLiteral("kpx_per_move"), std::round(kpxPerMove * 10) / 10},
                                               {QStringLiteral("geometry_changes_per_move"), std::round(geometryPerMove * 100) / 100}});
            }
        }
        if (format == QLatin1String("json")) {
            QJsonObject o = toJson(total);
            if (parser.isSet(widgetsOpt))
                o[QStringLiteral("widgets")] = widgetJson;
            o[QStringLiteral("per_control")] = perJson;
            QJsonObject moeJson = toJson(moeTotal);
            moeJson[QStringLiteral("scenario")] = QStringLiteral("deepseek-v3, 2048 GPUs, PP 16, EP 64, expert TP 1, ZeRO-1");
            moeJson[QStringLiteral("per_control")] = moePerJson;
            o[QStringLiteral("moe")] = moeJson;
            o[QStringLiteral("model_median_ms")] = std::round(modelStats.median * 1000) / 1000;
            o[QStringLiteral("model_p99_ms")] = std::round(modelStats.p99 * 1000) / 1000;
            o[QStringLiteral("phases_median_ms")] = QJsonObject {
                {QStringLiteral("model_and_series_update"), std::round(stats(phaseUpdate).median * 1000) / 1000},
                {QStringLiteral("layout_and_paint"), std::round(stats(phaseEvents).median * 1000) / 1000}};
            QJsonObject phases;
            for (const auto& [name, v] : phaseList)
                phases[name] = QJsonObject {{QStringLiteral("median_ms"), std::round(stats(*v).median * 1000) / 1000},
                                            {QStringLiteral("p99_ms"), std::round(stats(*v).p99 * 1000) / 1000}};
            o[QStringLiteral("phases")] = phases;
            o[QStringLiteral("forced_repaints")] = forcedRepaints;
            o[QStringLiteral("chart_repaint_floor_median_ms")] = perChartJson;
            o[QStringLiteral("window")] = QStringLiteral("1600x1000 offscreen, three charts visible");
            o[QStringLiteral("gui_fills")] = QJsonObject {
                {QStringLiteral("on_gui_thread"), !qtPool},
                {QStringLiteral("in_place_per_move"), std::round(inPlacePerMove * 10) / 10}};
            out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        } else {
            out(QStringLiteral("redraw (value change -> three charts repainted), 1600x1000 offscreen:\n") + text
                + QStringLiteral("all: %1 moves  median %2 ms  p99 %3 ms  max %4 ms\n")
                      .arg(total.moves)
                      .arg(total.median, 0, 'f', 2)
                      .arg(total.p99, 0, 'f', 2)
                      .arg(total.max, 0, 'f', 2)
                + QStringLiteral("MoE (deepseek-v3, 2048 GPUs, PP 16, EP 64, expert TP 1, ZeRO-1), every control moved from "
                                 "it:\n")
                + moeText
                + QStringLiteral("moe: %1 moves  median %2 ms  p99 %3 ms  max %4 ms\n")
                      .arg(moeTotal.moves)
                      .arg(moeTotal.median, 0, 'f', 2)
                      .arg(moeTotal.p99, 0, 'f', 2)
                      .arg(moeTotal.max, 0, 'f', 2)
                + QStringLiteral("phases (median): model + series update %1 ms, layout + paint %2 ms; chart views not painted "
                                 "by the frame (repainted after it): %3\n")
                      .arg(stats(phaseUpdate).median, 0, 'f', 2)
                      .arg(stats(phaseEvents).median, 0, 'f', 2)
                      .arg(forcedRepaints)
                + QStringLiteral("phases per move (median / p99 ms): %1\n").arg(phaseText.join(QStringLiteral(", ")))
                + QStringLiteral("model alone (computeExplorer: footprint + min N x 4 stages + sweep): median %1 ms  p99 %2 ms\n")
                      .arg(modelStats.median, 0, 'f', 3)
                      .arg(modelStats.p99, 0, 'f', 3)
                + fillsLine
                + (widgetLines.isEmpty() ? QString()
                                         : QStringLiteral("widgets repainted by the moves (first pass), most pixels first:\n")
                                               + widgetLines.join(QLatin1Char('\n')) + QLatin1Char('\n')));
        }
        return kExitOk;
    });
}

} // namespace shardscope::cli
