// SPDX-License-Identifier: MIT
#include "chartexport.h"

#include "dataexport.h"
#include "hostmemorychart.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "scenariofile.h"

#include "shardscope/errors.h"

#include <QAction>
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
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        throw std::runtime_error(str(path + QStringLiteral(": cannot write: ") + f.errorString()));
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

QImage renderChartImage(QChartView* view, const ChartExportOptions& o)
{
    const NoAnimations guard(view);
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
        view->render(&p, QRectF(QPointF(0, 0), QSizeF(o.size)));
    }
    img.setDotsPerMeterX(dpm);
    img.setDotsPerMeterY(dpm);
    return img;
}

void saveChartPng(QChartView* view, const QString& path, const ChartExportOptions& o)
{
    if (!renderChartImage(view, o).save(path, "PNG"))
        throw std::runtime_error(str(path + QStringLiteral(": cannot write the PNG")));
}

void saveChartSvg(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const NoAnimations guard(view);
    QSvgGenerator gen;
    gen.setFileName(path);
    gen.setSize(o.size);
    gen.setViewBox(QRect(QPoint(0, 0), o.size));
    gen.setTitle(title);
    gen.setDescription(QStringLiteral("ShardScope %1").arg(QCoreApplication::applicationVersion()));
    QPainter p;
    if (!p.begin(&gen))
        throw std::runtime_error(str(path + QStringLiteral(": cannot write the SVG")));
    view->render(&p, QRectF(QPointF(0, 0), QSizeF(o.size)));
    p.end();
}

void saveChartPdf(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const NoAnimations guard(view);
    QPdfWriter pdf(path);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("ShardScope %1").arg(QCoreApplication::applicationVersion()));
    // One page the size of the chart: 1 logical pixel = 1/96 inch = 0.75 pt.
    pdf.setPageSize(QPageSize(QSizeF(o.size) * 0.75, QPageSize::Point, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setResolution(96);
    QPainter p;
    if (!p.begin(&pdf))
        throw std::runtime_error(str(path + QStringLiteral(": cannot write the PDF")));
    checkPainter(p, path);
    view->render(&p, QRectF(0, 0, pdf.width(), pdf.height()));
    p.end();
}

void saveChart(QChartView* view, const QString& path, const ChartExportOptions& o, const QString& title)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        saveChartPng(view, path, o);
    else if (suffix == QLatin1String("svg"))
        saveChartSvg(view, path, o, title);
    else if (suffix == QLatin1String("pdf"))
        saveChartPdf(view, path, o, title);
    else
        throw InvalidInput("out", str(path + QStringLiteral(": a chart image is .png, .svg or .pdf")));
}

void copyChartToClipboard(QChartView* view, const ChartExportOptions& o)
{
    QGuiApplication::clipboard()->setImage(renderChartImage(view, o));
}

QStringList imageChartIds()
{
    return {QStringLiteral("memory-per-gpu"), QStringLiteral("memory-vs-gpus"), QStringLiteral("host-memory")};
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
        throw InvalidInput("chart", "--chart step-timeline: this build has no step timeline chart widget yet; export "
                                    "its data with --out FILE.csv, .json or .md");
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
    QDir dir(dirPath);
    if (!dir.exists() && !QDir().mkpath(dirPath))
        throw std::runtime_error(str(dirPath + QStringLiteral(": cannot create the folder")));
    const Footprint f = computeFootprint(s); // throws InvalidInput before anything is written
    QStringList written;
    auto file = [&](const QString& name) {
        written << name;
        return dir.filePath(name);
    };
    for (const QString& chart : imageChartIds()) {
        QChartView* view = nullptr;
        const auto w = makeChartWidget(chart, s, units, o.size, &view);
        const QString title = view->chart()->title().isEmpty() ? chart : view->chart()->title();
        saveChartSvg(view, file(chart + QStringLiteral(".svg")), o, title);
        saveChartPng(view, file(chart + QStringLiteral(".png")), o);
    }
    for (const QString& chart : chartIds()) {
        const ChartData d = chartData(chart, s, units);
        writeText(file(chart + QStringLiteral(".csv")), chartDataCsv(d).toUtf8());
        writeText(file(chart + QStringLiteral(".json")), QJsonDocument(chartDataJson(d)).toJson(QJsonDocument::Indented));
    }
    writeText(file(QStringLiteral("breakdown.md")), breakdownMarkdown(s, f, units).toUtf8());
    writeText(file(QStringLiteral("assumptions.md")), assumptionsMarkdown(s, f, units).toUtf8());
    saveScenarioFile(file(QStringLiteral("scenario.shardscope.json")), s);
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
