// SPDX-License-Identifier: MIT
#include "chartexport.h"

#include "dataexport.h"
#include "hostmemorychart.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "safewrite.h"
#include "scenariofile.h"
#include "stepganttview.h"

#include "shardscope/step.h"

#include "shardscope/errors.h"

#include <QAction>
#include <QBuffer>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace shardscope {

namespace {

std::string str(const QString& s) { return s.toStdString(); }

/// Animations off while rendering; the previous options come back on destruction.
class NoAnimations
{
public:
    explicit NoAnimations(QChartView* v)
        : m_chart(v ? v->chart() : nullptr)
    {
        if (m_chart) {
            m_old = m_chart->animationOptions();
            m_chart->setAnimationOptions(QChart::NoAnimation);
        }
    }
    ~NoAnimations()
    {
        if (m_chart)
            m_chart->setAnimationOptions(m_old);
    }
    NoAnimations(const NoAnimations&) = delete;
    NoAnimations& operator=(const NoAnimations&) = delete;

private:
    QChart* m_chart;
    QChart::AnimationOptions m_old;
};

void writeText(const QString& path, const QByteArray& bytes)
{
    writeFileAtomically(path, bytes); // temporary, flushed and checked, then renamed: a full disk keeps the old file
}

void checkPainter(const QPainter& p, const QString& path)
{
    if (!p.isActive())
        throw std::runtime_error(str(path + QStringLiteral(": cannot write the file")));
}

} // namespace

QStringList chartExportSuffixes()
{
    return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv"),
            QStringLiteral("json"), QStringLiteral("md")};
}

bool isImageSuffix(const QString& suffix)
{
    return suffix == QLatin1String("png") || suffix == QLatin1String("svg") || suffix == QLatin1String("pdf");
}

void prepareForExport(QWidget* w, const QSize& size)
{
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(size);
    w->show();
    QCoreApplication::processEvents();
}

namespace {

/// Paints a picture into the logical rectangle (0, 0, o.size): a chart view or a step timeline.
using PaintFn = std::function<void(QPainter&, const QRectF&)>;

QImage renderImage(const PaintFn& paint, const ChartExportOptions& o)
{
    const double scale = o.dpi / 96.0;
    QImage img(QSize(int(std::lround(o.size.width() * scale)), int(std::lround(o.size.height() * scale))),
               QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(scale);
    img.fill(Qt::white);
    const int dpm = int(std::lround(o.dpi / 0.0254));
    {
        QPainter p(&img);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        paint(p, QRectF(QPointF(0, 0), QSizeF(o.size)));
    }
    img.setDotsPerMeterX(dpm);
    img.setDotsPerMeterY(dpm);
    return img;
}

/// Each image format is rendered into memory, checked complete, then written through writeFileAtomically():
/// a renderer that fails half-way or a full disk never leaves a cut file in place of the user's.
QByteArray pngBytes(const PaintFn& paint, const QString& path, const ChartExportOptions& o)
{
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    if (!renderImage(paint, o).save(&buf, "PNG"))
        throw std::runtime_error(str(path + QStringLiteral(": cannot encode the PNG")));
    checkImageBytes(path, QStringLiteral("png"), bytes);
    return bytes;
}

/// Vector SVG: text stays text (QSvgGenerator records the painter's drawText calls).
QByteArray svgBytes(const PaintFn& paint, const QString& path, const ChartExportOptions& o, const QString& title)
{
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    {
        QSvgGenerator gen;
        gen.setOutputDevice(&buf);
        gen.setSize(o.size);
        gen.setViewBox(QRect(QPoint(0, 0), o.size));
        gen.setTitle(title);
        gen.setDescription(QStringLiteral("ShardScope %1").arg(QCoreApplication::applicationVersion()));
        QPainter p;
        if (!p.begin(&gen))
            throw std::runtime_error(str(path + QStringLiteral(": cannot render the SVG")));
        paint(p, QRectF(QPointF(0, 0), QSizeF(o.size)));
        if (!p.end())
            throw std::runtime_error(str(path + QStringLiteral(": cannot render the SVG")));
    }
    checkImageBytes(path, QStringLiteral("svg"), bytes);
    return bytes;
}

/// Vector PDF of one page the size of the picture, fonts embedded.
QByteArray pdfBytes(const PaintFn& paint, const QString& path, const ChartExportOptions& o, const QString& title)
{
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buf);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("ShardScope %1").arg(QCoreApplication::applicationVersion()));
        // One page the size of the chart: 1 logical pixel = 1/96 inch = 0.75 pt.
        pdf.setPageSize(QPageSize(QSizeF(o.size) * 0.75, QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(96);
        QPainter p;
        if (!p.begin(&pdf))
            throw std::runtime_error(str(path + QStringLiteral(": cannot render the PDF")));
        checkPainter(p, path);
        paint(p, QRectF(0, 0, pdf.width(), pdf.height()));
        if (!p.end())
            throw std::runtime_error(str(path + QStringLiteral(": cannot render the PDF")));
    }
    checkImageBytes(path, QStringLiteral("pdf"), bytes);
    return bytes;
}

void savePng(const PaintFn& paint, const QString& path, const ChartExportOptions& o)
{
    writeFileAtomically(path, pngBytes(paint, path, o));
}

void saveSvg(const PaintFn& paint, const QString& path, const ChartExportOptions& o, const QString& title)
{
    writeFileAtomically(path, svgBytes(paint, path, o, title));
}

void savePdf(const PaintFn& paint, const QString& path, const ChartExportOptions& o, const QString& title)
{
    writeFileAtomically(path, pdfBytes(paint, path, o, title));
}

void saveByType(const PaintFn& paint, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        savePng(paint, path, o);
    else if (suffix == QLatin1String("svg"))
        saveSvg(paint, path, o, title);
    else if (suffix == QLatin1String("pdf"))
        savePdf(paint, path, o, title);
    else
        throw InvalidInput("out", str(path + QStringLiteral(": a chart image is .png, .svg or .pdf")));
}

PaintFn chartPainter(QChartView* view)
{
    return [view](QPainter& p, const QRectF& target) { view->render(&p, target); };
}

/// The step timeline (Gantt of compute, exposed and hidden communication, bubble) of `s`, laid out
/// off screen; painted through StepTimeline::renderStatic, so vector exports keep text as text.
std::unique_ptr<StepGanttView> makeStepTimeline(const Scenario& s, const QSize& size)
{
    auto d = std::make_shared<stepui::StepData>();
    d->scenario = s;
    d->result = computeStep(s); // throws InvalidInput for a scenario without an answer
    auto g = std::make_unique<StepGanttView>();
    g->setData(std::move(d));
    prepareForExport(g.get(), size);
    return g;
}

PaintFn timelinePainter(StepGanttView* g)
{
    return [g](QPainter& p, const QRectF& target) {
        p.save();
        p.translate(target.topLeft());
        p.scale(target.width() / std::max(1, g->width()), target.height() / std::max(1, g->height()));
        p.fillRect(QRectF(0, 0, g->width(), g->height()), g->palette().color(QPalette::Window));
        g->renderStatic(p);
        p.restore();
    };
}

const QString kStepTimelineTitle = QStringLiteral("Step timeline of the worst rank");

} // namespace

QImage renderChartImage(QChartView* view, const ChartExportOptions& o)
{
    const NoAnimations guard(view);
    return renderImage(chartPainter(view), o);
}

void saveChartPng(QChartView* view, const QString& path, const ChartExportOptions& o)
{
    const NoAnimations guard(view);
    savePng(chartPainter(view), path, o);
}

void saveChartSvg(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const NoAnimations guard(view);
    saveSvg(chartPainter(view), path, o, title);
}

void saveChartPdf(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const NoAnimations guard(view);
    savePdf(chartPainter(view), path, o, title);
}

void saveChart(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const NoAnimations guard(view);
    saveByType(chartPainter(view), path, o, title);
}

void copyChartToClipboard(QChartView* view, const ChartExportOptions& o)
{
    QGuiApplication::clipboard()->setImage(renderChartImage(view, o));
}

QStringList chartViewIds()
{
    return {QStringLiteral("memory-per-gpu"), QStringLiteral("memory-vs-gpus"), QStringLiteral("host-memory")};
}

QStringList imageChartIds()
{
    return chartViewIds() << QStringLiteral("step-timeline");
}

std::unique_ptr<QWidget> makeChartWidget(const QString& chart, const Scenario& s, ByteUnit units, const QSize& size,
                                         QChartView** view)
{
    std::unique_ptr<QWidget> w;
    QChartView* v = nullptr;
    if (chart == QLatin1String("memory-per-gpu")) {
        auto c = std::make_unique<MemoryPerGpuChart>();
        c->setUnit(units);
        c->setScenario(s);
        v = c->chartView();
        w = std::move(c);
    } else if (chart == QLatin1String("memory-vs-gpus")) {
        auto c = std::make_unique<MemoryVsGpusChart>();
        c->setUnit(units);
        c->setScenario(s);
        v = c->chartView();
        w = std::move(c);
    } else if (chart == QLatin1String("host-memory")) {
        auto c = std::make_unique<HostMemoryChart>();
        c->setUnit(units);
        c->setScenario(s);
        v = c->chartView();
        w = std::move(c);
    } else if (chart == QLatin1String("step-timeline")) {
        throw InvalidInput("chart", "--chart step-timeline: the step timeline is not a Qt Charts view; export it "
                                    "with exportChartFile");
    } else {
        throw InvalidInput("chart", "--chart: unknown chart '" + str(chart) + "' (known: "
                                        + str(chartIds().join(QStringLiteral(", "))) + ")");
    }
    v->chart()->setAnimationOptions(QChart::NoAnimation);
    prepareForExport(w.get(), size);
    if (view)
        *view = v;
    return w;
}

void exportChartFile(const QString& chart, const Scenario& s, ByteUnit units, const QString& path,
                     const ChartExportOptions& o)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!chartExportSuffixes().contains(suffix))
        throw InvalidInput("out", str(QStringLiteral("--out: '") + path
                                      + QStringLiteral("' must end in .png, .svg, .pdf, .csv, .json or .md")));
    if (!chartIds().contains(chart))
        throw InvalidInput("chart", "--chart: unknown chart '" + str(chart) + "' (known: "
                                        + str(chartIds().join(QStringLiteral(", "))) + ")");
    if (isImageSuffix(suffix) && chart == QLatin1String("step-timeline")) {
        const auto g = makeStepTimeline(s, o.size);
        saveByType(timelinePainter(g.get()), path, o, kStepTimelineTitle);
        return;
    }
    if (isImageSuffix(suffix)) {
        QChartView* view = nullptr;
        const auto w = makeChartWidget(chart, s, units, o.size, &view);
        saveChart(view, path, o, view->chart()->title().isEmpty() ? chart : view->chart()->title());
        return;
    }
    if (suffix == QLatin1String("md") && chart == QLatin1String("memory-per-gpu")) {
        writeText(path, breakdownMarkdown(s, computeFootprint(s), units).toUtf8());
        return;
    }
    const ChartData d = chartData(chart, s, units);
    if (suffix == QLatin1String("csv"))
        writeText(path, chartDataCsv(d).toUtf8());
    else if (suffix == QLatin1String("json"))
        writeText(path, QJsonDocument(chartDataJson(d)).toJson(QJsonDocument::Indented));
    else
        writeText(path, chartDataMarkdown(d).toUtf8());
}

QStringList exportBundle(const QString& dirPath, const Scenario& s, ByteUnit units, const ChartExportOptions& o)
{
    const Footprint f = computeFootprint(s); // throws InvalidInput before anything is written
    QDir dir(dirPath);
    const bool created = !dir.exists();
    if (created && !QDir().mkpath(dirPath))
        throw std::runtime_error(str(dirPath + QStringLiteral(": cannot create the folder")));
    // All or nothing: every file is rendered and written to a temporary beside its target first; the
    // renames happen only when all of them were written (a full disk leaves the old bundle as it was).
    QStringList written;
    try {
        AtomicFileSet files;
        auto add = [&](const QString& name, const QByteArray& bytes) {
            files.add(dir.filePath(name), bytes);
            written << name;
        };
        for (const QString& chart : chartViewIds()) {
            QChartView* view = nullptr;
            const auto w = makeChartWidget(chart, s, units, o.size, &view);
            const NoAnimations guard(view);
            const QString title = view->chart()->title().isEmpty() ? chart : view->chart()->title();
            const QString svg = chart + QStringLiteral(".svg"), png = chart + QStringLiteral(".png");
            add(svg, svgBytes(chartPainter(view), dir.filePath(svg), o, title));
            add(png, pngBytes(chartPainter(view), dir.filePath(png), o));
        }
        {
            const auto g = makeStepTimeline(s, o.size);
            const QString svg = QStringLiteral("step-timeline.svg"), png = QStringLiteral("step-timeline.png");
            add(svg, svgBytes(timelinePainter(g.get()), dir.filePath(svg), o, kStepTimelineTitle));
            add(png, pngBytes(timelinePainter(g.get()), dir.filePath(png), o));
        }
        for (const QString& chart : chartIds()) {
            const ChartData d = chartData(chart, s, units);
            add(chart + QStringLiteral(".csv"), chartDataCsv(d).toUtf8());
            add(chart + QStringLiteral(".json"), QJsonDocument(chartDataJson(d)).toJson(QJsonDocument::Indented));
        }
        add(QStringLiteral("breakdown.md"), breakdownMarkdown(s, f, units).toUtf8());
        add(QStringLiteral("assumptions.md"), assumptionsMarkdown(s, f, units).toUtf8());
        add(QStringLiteral("scenario.shardscope.json"), scenarioFileBytes(s));
        files.commit();
    } catch (...) {
        if (created)
            QDir(dirPath).removeRecursively();
        throw;
    }
    return written;
}

void installChartExportMenu(QChartView* view, const QString& chart, std::function<Scenario()> scenario,
                            std::function<ByteUnit()> units)
{
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto add = [&](const QString& text, std::function<void()> run) {
        auto* a = new QAction(text, view);
        QObject::connect(a, &QAction::triggered, view, run);
        view->addAction(a);
    };
    auto saveAs = [view, chart, scenario, units](const QString& filter) {
        const QString path = QFileDialog::getSaveFileName(view, QObject::tr("Export %1").arg(chart), chart, filter);
        if (path.isEmpty())
            return;
        try {
            const QString suffix = QFileInfo(path).suffix().toLower();
            ChartExportOptions o;
            o.size = view->size();
            if (isImageSuffix(suffix))
                saveChart(view, path, o, view->chart()->title());
            else
                exportChartFile(chart, scenario(), units(), path, o);
        } catch (const std::exception& e) {
            QMessageBox::warning(view, QObject::tr("Export failed"), QString::fromStdString(e.what()));
        }
    };
    add(QObject::tr("Export chart as PNG..."), [=] { saveAs(QObject::tr("PNG image (*.png)")); });
    add(QObject::tr("Export chart as SVG..."), [=] { saveAs(QObject::tr("SVG image (*.svg)")); });
    add(QObject::tr("Export chart as PDF..."), [=] { saveAs(QObject::tr("PDF document (*.pdf)")); });
    add(QObject::tr("Export data as CSV..."), [=] { saveAs(QObject::tr("CSV (*.csv)")); });
    add(QObject::tr("Export data as JSON..."), [=] { saveAs(QObject::tr("JSON (*.json)")); });
    add(QObject::tr("Copy chart"), [view] {
        ChartExportOptions o;
        o.size = view->size();
        o.dpi = 96 * view->devicePixelRatioF();
        copyChartToClipboard(view, o);
    });
}

} // namespace shardscope
