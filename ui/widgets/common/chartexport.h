// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QImage>
#include <QList>
#include <QPair>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QChartView;
class QWidget;

namespace shardscope {

/// Size of the exported chart in logical pixels (1/96 inch) and, for PNG, the dots per inch.
struct ChartExportOptions
{
    QSize size {1200, 700};
    double dpi = 96; ///< PNG: 192 gives a 2400 x 1400 image of the same layout
    /// Heading above the chart; empty = the chart's own name. The caption under it states the scenario and its
    /// verdict (exportCaption()); a non-empty `caption` replaces it, "-" (or `noCaption`) leaves it out.
    QString title;
    QString caption;
};

/// The caption every exported chart carries: the scenario (model, N and GPU, ZeRO stage, TP x PP, recipe, batch,
/// checkpointing, offload) and its verdict, in one paragraph.
QString exportCaption(const Scenario& s, ByteUnit units);
/// The scenario part of that caption alone (model, N and GPU, ZeRO stage, TP x PP, recipe, batch, checkpointing,
/// offload), as the Compare export states scenario A.
QString exportScenarioLine(const Scenario& s);
/// Pixel size of the caption's font for a figure `widthPx` wide: at least 8 pt when the figure is printed
/// a document column (3.5 in) wide, and never below the screen's 12 px.
double captionFontPx(int widthPx);
/// Exported charts are laid out this many times smaller than the figure and painted scaled up, so that their
/// 12 px fonts come out at captionFontPx().
double chartScale(int widthPx);

/// The file formats `export --out` knows: png, svg, pdf (the chart), csv, json, md (its data).
QStringList chartExportSuffixes();
bool isImageSuffix(const QString& suffix);

/**
 * Renders a chart view (animations off for the duration, so no half-drawn frame is captured).
 * The view must have been laid out: a widget that was never shown renders an empty 640 x 480
 * chart (TOOLCHAIN.md pitfall 5); prepareForExport() shows it off screen first.
 */
QImage renderChartImage(QChartView* view, const ChartExportOptions& o);
void saveChartPng(QChartView* view, const QString& path, const ChartExportOptions& o);
void saveChartSvg(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title);
void saveChartPdf(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title);
/// By suffix (png, svg, pdf). Throws std::runtime_error naming the path when writing fails.
void saveChart(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title);
void copyChartToClipboard(QChartView* view, const ChartExportOptions& o);

/// Shows `w` off screen at `size` and lets it lay out (WA_DontShowOnScreen; one event loop pass).
void prepareForExport(QWidget* w, const QSize& size);

/// A chart widget for `chart` (one of chartViewIds()) showing
/// `s`, laid out off screen. `view` receives its chart view. Throws InvalidInput("chart") for an
/// id without a widget in this build.
std::unique_ptr<QWidget> makeChartWidget(const QString& chart, const Scenario& s, ByteUnit units, const QSize& size,
                                         QChartView** view);
/// The charts that are Qt Charts views (makeChartWidget): memory-per-gpu, memory-vs-gpus, host-memory.
QStringList chartViewIds();
/// The charts with image export (PNG, SVG, PDF): the chart views, the step timeline, the image-only
/// pipeline-schedule, step-memory and compare-stages, and compare (which needs a pinned scenario A).
QStringList imageChartIds();
/// Every id `export --chart` takes (data ids and the image-only ones).
QStringList exportChartIds();

/// The Compare view's data: the worst rank of A and of B, term by term (bytes, unit, core's formula), their
/// totals, capacities and verdicts in `meta`.
struct ChartData;
ChartData compareChartData(const Scenario& a, const Scenario& b, ByteUnit units);
/// Whether `chart` has data formats (csv, json, md) besides images.
bool chartHasData(const QString& chart);
/// The charts the window's File > Export > Chart dialog offers: (id, name in words), every image chart and compare.
QList<QPair<QString, QString>> exportChartChoices();

/// Export of the Compare view (`export --chart compare --pin A`): the worst rank of pinned scenario `a` and of `b`
/// as side-by-side stacked bars (png, svg, pdf), captioned with both scenarios and the summary of what changed, or
/// its data (csv, json, md). Throws as exportChartFile().
void exportCompareFile(const Scenario& a, const Scenario& b, ByteUnit units, const QString& path,
                       const ChartExportOptions& o);

/// Where the Compare export's plot lies in its figure: the figure's size (layout px, 96 per inch; taller than asked
/// where the chart needs it) and the plot area (inside the axes) in it. The same layout exportCompareFile() draws.
struct FigureGeometry
{
    QSize size;
    QRectF plot;
};
FigureGeometry compareFigureGeometry(const Scenario& a, const Scenario& b, ByteUnit units, const ChartExportOptions& o);

/// Headless export of one chart to `path`: image formats through the widget, data formats through
/// dataexport (md of memory-per-gpu is the breakdown table). Throws InvalidInput for bad input,
/// std::runtime_error when the file cannot be written.
void exportChartFile(const QString& chart, const Scenario& s, ByteUnit units, const QString& path,
                     const ChartExportOptions& o);

/// The export bundle: every image chart but compare (SVG + PNG; imageChartIds()), the data charts' CSV + JSON
/// (chartIds(); memory-vs-gpus.csv is `sweep`'s), breakdown.md, assumptions.md and scenario.shardscope.json in `dir`
/// (created if missing). Returns the files written.
QStringList exportBundle(const QString& dir, const Scenario& s, ByteUnit units, const ChartExportOptions& o);

/// The one folder every export dialog opens in (issue 26): the last folder something was exported to, else
/// `fallback`. MainWindow stores it in its settings between sessions.
QString exportFolder(const QString& fallback);
void setExportFolder(const QString& dir);
/// Where a save dialog other than an export suggests `name` (Save Scenario As, Save Tour As): beside `currentFile`
/// when the thing was saved before, else in exportFolder() (issue 26: "every save dialog opens in one remembered
/// folder"), else the home folder. After a save, setExportFolder() takes the folder it went to.
QString suggestedSavePath(const QString& currentFile, const QString& name);
/// A path typed or picked in a save dialog with filter `filter` ("PNG image (*.png)"): a name without one of
/// chartExportSuffixes() gets the filter's extension ("memory-per-gpu" -> "memory-per-gpu.png"; "a.b" ->
/// "a.b.png"); a known one is kept (the user typed it).
QString withFilterSuffix(const QString& path, const QString& filter);

/// What the right-click menu does once a path is chosen: the view as it is shown (an image) or the chart's data.
void exportChartView(QChartView* view, const QString& chart, const Scenario& s, ByteUnit units, const QString& path);

/// Adds "Export chart as PNG/SVG/PDF...", "Export data as CSV/JSON..." and "Copy chart" to the view's
/// right-click menu; `scenario` returns the scenario the chart shows, `chart` its id.
void installChartExportMenu(QChartView* view, const QString& chart, const std::function<Scenario()>& scenario,
                            const std::function<ByteUnit()>& units);

} // namespace shardscope
