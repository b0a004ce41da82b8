// SPDX-License-Identifier: MIT
#include "chartexport.h"

#include "chartstyle.h"
#include "clippedsvg.h"
#include "comparewidget.h"
#include "dataexport.h"
#include "explorer.h"
#include "hostmemorychart.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "planmapmodel.h"
#include "planpage.h"
#include "planparetochart.h"
#include "ringview.h"
#include "safewrite.h"
#include "scenariofile.h"
#include "stepganttview.h"
#include "stepmemoryview.h"
#include "stepgpuview.h"
#include "steppipelineview.h"
#include "steptpview.h"
#include "stepview.h"

#include "shardscope/footprint.h"
#include "shardscope/layoutplanner.h"
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
#include <QHeaderView>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QXYSeries>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QHash>
#include <QFontInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStyle>
#include <QSvgGenerator>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

namespace shardscope {

namespace {

std::string str(const QString& s) { return s.toStdString(); }

/// The light palette of the style: exports have white backgrounds whatever the desktop's theme.
QPalette exportPalette()
{
    QPalette p = QApplication::style()->standardPalette();
    p.setColor(QPalette::Window, Qt::white);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Text, Qt::black);
    return p;
}

/// Title above, caption below, the chart in between: the rectangles for a figure of `size`.
struct CaptionLayout
{
    QRectF title, chart, legend, caption; ///< legend: a figure's own legend under the chart (FigureLegend), or empty
    QFont titleFont, captionFont;
    double scale = 1; ///< the chart is laid out at chart.size() / scale and painted scaled up
    QSize layoutSize() const { return (chart.size() / scale).toSize(); }
};

CaptionLayout captionLayout(const QSize& size, const QString& title, const QString& caption, double legendHeight = 0)
{
    CaptionLayout l;
    l.scale = chartScale(size.width());
    const double px = captionFontPx(size.width());
    l.captionFont.setPixelSize(int(std::lround(px)));
    l.titleFont.setPixelSize(int(std::lround(px * 1.25)));
    l.titleFont.setBold(true);
    const double pad = px * 0.5;
    const double w = size.width() - 2 * pad;
    auto height = [&](const QFont& f, const QString& text) {
        if (text.isEmpty())
            return 0.0;
        return double(QFontMetrics(f).boundingRect(QRect(0, 0, int(w), 100000), Qt::TextWordWrap, text).height()) + pad;
    };
    const double th = height(l.titleFont, title);
    const double ch = height(l.captionFont, caption);
    l.title = QRectF(pad, pad * 0.5, w, th);
    l.caption = QRectF(pad, size.height() - ch, w, ch);
    // Without a caption the chart keeps a margin off the bottom edge (the bundle's Chinese step timeline printed its
    // time axis's "0 秒" cut by the edge).
    const double bottomPad = caption.isEmpty() && legendHeight <= 0 ? pad : 0;
    l.chart = QRectF(0, pad * 0.5 + th, size.width(), std::max(50.0, size.height() - th - ch - legendHeight - pad * 0.5 - bottomPad));
    if (legendHeight > 0)
        l.legend = QRectF(pad, l.chart.bottom(), w, legendHeight);
    return l;
}

/**
 * A chart's legend drawn by the figure under the plot (issue 26). Qt Charts keeps a side legend's entries on one line
 * each and lets a long one run past the chart's right edge ("Состояния экспертов" of the Mixtral EP per-GPU chart at
 * 3.5 in, Russian); there the figure hides the chart's own legend and draws its entries here instead, in the caption's
 * type (8 pt at least), as many to a row as the width holds, a label wrapped where one alone is wider than the figure.
 */
struct FigureLegend
{
    struct Entry
    {
        QString label;
        QBrush brush;
        QPen pen;
        bool line = false; ///< a line series (the capacity): a short stroke of its pen, not a filled square
    };
    QList<Entry> entries;
    QFont font;

    bool isEmpty() const { return entries.isEmpty(); }
    double marker() const { return std::ceil(QFontMetricsF(font).height() * 0.8); }
    double gap() const { return std::ceil(QFontMetricsF(font).height() * 0.4); }

    /// Each entry's rectangle in a band `width` wide from (0, 0): columns of equal width, rows as tall as their
    /// tallest label.
    QList<QRectF> cells(double width) const
    {
        QList<QRectF> out;
        if (entries.isEmpty())
            return out;
        const QFontMetricsF fm(font);
        const double m = marker(), g = gap(), colGap = 2 * g;
        double widest = 0;
        for (const Entry& e : entries)
            widest = std::max(widest, m + g + fm.horizontalAdvance(e.label) + 1);
        const int n = int(entries.size());
        const int cols = std::clamp(int((width + colGap) / (widest + colGap)), 1, n);
        const double cellW = (width - (cols - 1) * colGap) / cols;
        double y = 0;
        for (int row = 0; row * cols < n; ++row) {
            double h = std::max(m, fm.height());
            for (int c = 0; c < cols && row * cols + c < n; ++c) {
                const QRectF text = fm.boundingRect(QRectF(0, 0, std::max(1.0, cellW - m - g), 1e6), Qt::AlignLeft | Qt::TextWordWrap,
                                                    entries[row * cols + c].label);
                h = std::max(h, text.height());
            }
            for (int c = 0; c < cols && row * cols + c < n; ++c)
                out << QRectF(c * (cellW + colGap), y, cellW, h);
            y += h + g / 2;
        }
        return out;
    }
    double height(double width) const
    {
        const QList<QRectF> c = cells(width);
        return c.isEmpty() ? 0 : std::ceil(c.constLast().bottom() + 1.5 * gap());
    }
    void paint(QPainter& p, const QRectF& band) const
    {
        const QList<QRectF> c = cells(band.width());
        const double m = marker(), g = gap();
        const QFontMetricsF fm(font);
        p.save();
        p.setFont(font);
        for (int i = 0; i < c.size(); ++i) {
            const Entry& e = entries[i];
            const QRectF cell = c[i].translated(band.topLeft() + QPointF(0, g / 2));
            const QRectF box(cell.left(), cell.top() + (fm.height() - m) / 2, m, m);
            if (e.line) {
                QPen pen = e.pen;
                pen.setWidthF(std::max(2.0, pen.widthF()));
                p.setPen(pen);
                p.drawLine(QPointF(box.left(), box.center().y()), QPointF(box.right(), box.center().y()));
            } else {
                p.setPen(e.pen);
                p.setBrush(e.brush);
                p.drawRect(box);
            }
            p.setPen(Qt::black);
            p.drawText(QRectF(box.right() + g, cell.top(), cell.width() - m - g, cell.height()),
                       Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, e.label);
        }
        p.restore();
    }
};

/// Whether a label of `chart`'s legend runs past the chart's right edge (its text item's start plus its label's width in
/// the item's font): Qt Charts neither wraps nor elides it there.
bool legendRunsPastTheEdge(QChart* chart)
{
    QLegend* legend = chart->legend();
    if (!legend || !legend->isVisible() || !legend->isAttachedToChart())
        return false;
    const double right = chart->mapRectToScene(chart->rect()).right();
    QList<QGraphicsItem*> items = legend->childItems();
    while (!items.isEmpty()) {
        QGraphicsItem* item = items.takeLast();
        items << item->childItems();
        if (!item->isVisible())
            continue;
        double end = 0;
        QString shown;
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) {
            shown = t->toPlainText();
            end = t->mapToScene(QPointF(t->document()->documentMargin(), 0)).x() + QFontMetricsF(t->font()).horizontalAdvance(shown);
        } else if (auto* st = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
            shown = st->text();
            end = st->mapToScene(QPointF(0, 0)).x() + QFontMetricsF(st->font()).horizontalAdvance(shown);
        }
        if (end > right + 0.5)
            return true;
        // A bottom legend whose row is too narrow for its labels elides them ("Other lay..." of the Pareto chart at 3.5 in).
        if (shown.endsWith(QLatin1String("...")) || shown.endsWith(QChar(0x2026)))
            return true;
    }
    return false;
}

/// `chart`'s legend entries as the chart shows them (a chart with more terms than its side legend holds groups its
/// smallest into "Other terms (K)", as in the window), then the legend hidden: the figure draws them (FigureLegend).
FigureLegend takeLegend(QChart* chart, const QFont& font)
{
    FigureLegend out;
    out.font = font;
    QLegend* legend = chart->legend();
    for (QLegendMarker* m : legend->markers()) {
        // Read while the legend shows: a hidden legend's markers all report hidden.
        if (!m->isVisible() || m->label().isEmpty() || (m->series() && !m->series()->isVisible()))
            continue;
        FigureLegend::Entry e;
        e.label = m->label();
        e.brush = m->brush();
        e.pen = m->pen();
        if (auto* xy = qobject_cast<QXYSeries*>(m->series())) {
            e.line = true;
            e.pen = xy->pen();
        }
        out.entries << e;
    }
    legend->setVisible(false);
    // The wider plot re-lays out the axes (the per-GPU chart's x-axis takes its long category names back and drops its
    // title, which posts another layout): let every pass run, or the figure keeps the title's band empty under the plot
    // (the Russian Mixtral figure at 3.5 in, issue 26).
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
    return out;
}

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
        throw WriteError(str(path + QStringLiteral(": cannot write the file")));
}

} // namespace

double captionFontPx(int widthPx)
{
    // Printed across a 6 in text column, one pixel is 6 x 72 / width points; 8 pt needs 8 x width / 432 pixels
    // (22 px on the default 1200 px figure, whose 9 px fonts printed at 3 pt before).
    return std::max(12.0, 8.0 * widthPx / (6.0 * 72.0));
}

double chartScale(int widthPx)
{
    // The charts are laid out this much smaller and painted scaled up, so that their 12 px fonts print at the
    // caption's size.
    return std::max(1.0, captionFontPx(widthPx) / 12.0);
}

QString exportScenarioLine(const Scenario& s)
{
    const GpuPreset g = resolveGpu(s);
    QStringList parts;
    parts << (s.bareParams ? ChartText::tr("%1 parameters (GPT shape)").arg(QString::fromStdString(shortCount(double(*s.bareParams))))
                           : QString::fromStdString(s.arch.name));
    parts << ChartText::tr("N = %1 x %2 (%3 per node)").arg(s.gpus).arg(QString::fromStdString(g.name)).arg(s.gpusPerNode);
    parts << QStringLiteral("ZeRO-%1").arg(s.zeroStage);
    parts << QStringLiteral("TP %1 x PP %2 x DP %3").arg(s.tp).arg(s.pp).arg(s.dp());
    // Each value as the Scenario panel's control shows it, not core's key (issue 26).
    parts << ChartText::tr("recipe %1").arg(recipeWords(s.recipe));
    parts << ChartText::tr("micro-batch %1 x %2 tokens").arg(s.microBatch).arg(s.seq);
    parts << (s.checkpointing == Checkpointing::None ? ChartText::tr("no checkpointing")
                                                     : ChartText::tr("%1 checkpointing").arg(checkpointingWords(s.checkpointing)));
    if (s.offloadOptimizer != OffloadDevice::None)
        parts << ChartText::tr("optimizer offload to %1").arg(offloadWords(s.offloadOptimizer));
    if (s.offloadParams != OffloadDevice::None)
        parts << ChartText::tr("parameter offload to %1").arg(offloadWords(s.offloadParams));
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString exportCaption(const Scenario& s, ByteUnit units)
{
    QString verdict;
    try {
        // The verdict as the Memory tab words it, from one core call (computeAdvice()). With offload, a figure says at
        // what price it fits (issue 26), in the room the verdict took: the fit in short (as the Compare export's captions)
        // and what the offload costs per step; the window's two sentences took the plot's room (a 1000 x 600 figure's
        // vs-N chart lost its axis title to them). With a warning (host RAM, NVMe, fp8) the whole verdict stays.
        Advice a = computeAdvice(s);
        const VerdictFacts f = a.verdict;
        const QLocale l = numberLocale();
        const auto seconds = [&l](double t) { return l.toString(t, 'f', t < 0.1 ? 4 : 3); };
        if (f.offload && f.hostFits && f.nvmeFits && !f.fp8WithoutTensorCores) {
            verdict = ChartText::tr("Fits: %1 of %2 per GPU; offload costs %3 s per step (%4 s of it not hidden by compute)")
                          .arg(formatBytesUi(double(f.measuredBytes), units), formatBytesUi(double(f.usableBytes), units),
                               seconds(f.offload->seconds), seconds(f.offload->exposedSeconds));
        } else {
            a.verdict.offload.reset();
            verdict = verdictFor(a, units).text;
            if (f.offload)
                verdict += ChartText::tr(". Offload costs %1 s per step (%2 s of it not hidden by compute)")
                               .arg(seconds(f.offload->seconds), seconds(f.offload->exposedSeconds));
        }
    } catch (const InvalidInput& e) {
        verdict = invalidVerdict(e).text;
    }
    return exportScenarioLine(s) + QStringLiteral(". ") + verdict;
}

QStringList chartExportSuffixes()
{
    return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv"),
            QStringLiteral("json"), QStringLiteral("md")};
}

namespace {
QString& rememberedExportFolder()
{
    static QString dir;
    return dir;
}
} // namespace

QString exportFolder(const QString& fallback)
{
    const QString& dir = rememberedExportFolder();
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : fallback;
}

void setExportFolder(const QString& dir) { rememberedExportFolder() = dir; }

QString suggestedSavePath(const QString& currentFile, const QString& name)
{
    if (!currentFile.isEmpty())
        return currentFile;
    return QDir(exportFolder(QDir::homePath())).filePath(name);
}

QString withFilterSuffix(const QString& path, const QString& filter)
{
    if (path.isEmpty() || chartExportSuffixes().contains(QFileInfo(path).suffix().toLower()))
        return path;
    static const QRegularExpression pattern(QStringLiteral("\\*\\.([A-Za-z0-9]+)"));
    const QRegularExpressionMatch m = pattern.match(filter);
    return m.hasMatch() ? path + QLatin1Char('.') + m.captured(1).toLower() : path;
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
        throw WriteError(str(path + QStringLiteral(": cannot encode the PNG")));
    checkImageBytes(path, QStringLiteral("png"), bytes);
    return bytes;
}

/// QSvgGenerator names the painter's family as Qt knows it ("Sans Serif", a fontconfig alias no SVG viewer
/// knows, so a browser drew the text in its default serif): each family becomes the one it resolves to here, with
/// the generic sans-serif after it (issue 26).
QByteArray svgWithFontFallbacks(const QByteArray& svg)
{
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString text = QString::fromUtf8(svg);
    QHash<QString, QString> resolved;
    QString out;
    out.reserve(text.size() + text.size() / 8);
    qsizetype last = 0;
    for (auto it = family.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString name = m.captured(1);
        auto r = resolved.find(name);
        if (r == resolved.end()) {
            const QString real = QFontInfo(QFont(name)).family();
            QString list = real.isEmpty() ? QString() : QStringLiteral("'%1', ").arg(real.toHtmlEscaped());
            if (!name.isEmpty() && name != real && name.compare(QLatin1String("sans serif"), Qt::CaseInsensitive) != 0)
                list += QStringLiteral("'%1', ").arg(name.toHtmlEscaped());
            r = resolved.insert(name, list + QStringLiteral("sans-serif"));
        }
        out += QStringView(text).mid(last, m.capturedStart() - last);
        out += QStringLiteral("font-family=\"%1\"").arg(*r);
        last = m.capturedEnd();
    }
    out += QStringView(text).mid(last);
    return out.toUtf8();
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
        // 96 px per inch, as the PDF's page and the layout: the declared width is the figure's (issue 26; Qt's default
        // 72 declared a 1200 px chart 423 mm wide instead of 318 mm).
        gen.setResolution(96);
        gen.setTitle(title);
        gen.setDescription(QStringLiteral("ShardScope %1").arg(QCoreApplication::applicationVersion()));
        // Each shape cut to the painter's clip on its way to the generator, which ignores clipping (issue 26: the ZeRO
        // stages' bars ran through the axis labels and the caption).
        ClippedSvgDevice clipped(&gen);
        QPainter p;
        if (!p.begin(&clipped))
            throw WriteError(str(path + QStringLiteral(": cannot render the SVG")));
        paint(p, QRectF(QPointF(0, 0), QSizeF(o.size)));
        if (!p.end())
            throw WriteError(str(path + QStringLiteral(": cannot render the SVG")));
    }
    bytes = svgWithFontFallbacks(bytes);
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
            throw WriteError(str(path + QStringLiteral(": cannot render the PDF")));
        checkPainter(p, path);
        paint(p, QRectF(0, 0, pdf.width(), pdf.height()));
        if (!p.end())
            throw WriteError(str(path + QStringLiteral(": cannot render the PDF")));
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

/// `paint` (laid out for l.chart's size) under the title and over the caption, on white.
PaintFn withCaption(const PaintFn& paint, const CaptionLayout& l, const QString& title, const QString& caption,
                    const FigureLegend& legend = FigureLegend())
{
    return [=](QPainter& p, const QRectF& target) {
        p.fillRect(target, Qt::white);
        p.save();
        p.translate(target.topLeft());
        if (!title.isEmpty()) {
            p.save();
            p.setPen(Qt::black);
            p.setFont(l.titleFont);
            p.drawText(l.title, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
            p.restore();
        }
        p.save();
        p.translate(l.chart.topLeft());
        p.scale(l.scale, l.scale);
        paint(p, QRectF(QPointF(0, 0), l.chart.size() / l.scale));
        p.restore();
        if (!legend.isEmpty())
            legend.paint(p, l.legend);
        if (!caption.isEmpty()) {
            p.setPen(Qt::black);
            p.setFont(l.captionFont);
            p.drawText(l.caption, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
        }
        p.restore();
    };
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

/// 8 pt at 96 layout px per inch (a page figure's scale): 10.7 px, so 11.
constexpr int kFigureMinTextPx = 11;

/// A chart view is never painted squeezed: below its minimum (the window's 320 x 240) it was laid out at that
/// minimum and painted scaled down, so a 3.5 in figure's 12 px type printed at 3.9 pt (issue 26 asks for 8 pt at
/// least). The figure grows taller instead (a page figure's height is free: --width-in sets only its width); one
/// narrower than the chart's minimum width is refused. `l` and `o` are updated; `w` is laid out at the chart's size.
void fitFigureToChart(QWidget* w, const QString& chart, const QString& title, const QString& caption, CaptionLayout& l,
                      ChartExportOptions& o, bool captioned = true, const QSize& floor = QSize(), bool widen = false)
{
    const QSize need = w->minimumSizeHint().expandedTo(w->minimumSize()).expandedTo(floor);
    QSize inner = l.layoutSize();
    if (widen && need.width() > inner.width()) {
        // The bundle's figures share one size; one chart that needs more width than it (the GPU view at 3.5 in) is
        // widened to its own minimum rather than refused. Below 648 px a figure is laid out 1:1 (chartScale() is 1),
        // so its width is the layout width it needs.
        o.size.setWidth(std::max(o.size.width(), int(std::ceil(need.width() * chartScale(need.width())))));
        if (captioned)
            l = captionLayout(o.size, title, caption);
        else
            l.chart.setSize(QSizeF(o.size));
        inner = l.layoutSize();
    }
    if (need.width() > inner.width()) {
        const double minPx = std::ceil(need.width() * l.scale);
        throw InvalidInput("size", str(QStringLiteral("--size / --width-in: the %1 chart needs a figure at least %2 px (%3 in) "
                                                      "wide to print its type whole at 8 pt or more; this one is %4 px")
                                           .arg(chart)
                                           .arg(minPx)
                                           .arg(std::ceil(minPx / 96.0 * 10 - 1e-9) / 10, 0, 'f', 1) // rounded up: a width that fits
                                           .arg(o.size.width())));
    }
    if (need.height() > inner.height()) {
        o.size.rheight() += int(std::ceil((need.height() - inner.height()) * l.scale));
        if (captioned) {
            l = captionLayout(o.size, title, caption);
        } else {
            l.chart.setSize(QSizeF(o.size));
        }
        inner = l.layoutSize();
    }
    if (w->size() != inner)
        prepareForExport(w, inner);
}

/// Where `chart`'s side legend runs past the figure's right edge, the figure draws the legend under the chart instead
/// (FigureLegend) and grows taller by its height; `l` and `o` are updated. The chart keeps its size.
FigureLegend legendUnderChart(QChart* chart, const QString& title, const QString& caption, CaptionLayout& l, ChartExportOptions& o)
{
    if (!chart || !legendRunsPastTheEdge(chart))
        return {};
    FigureLegend legend = takeLegend(chart, l.captionFont);
    const double h = legend.height(l.caption.width());
    o.size.rheight() += int(h);
    l = captionLayout(o.size, title, caption, h);
    return legend;
}

PaintFn chartPainter(QChartView* view)
{
    return [view](QPainter& p, const QRectF& target) { view->render(&p, target); };
}

/// Several chart views of one widget, each where the widget lays it out: the rectangle they span fills `target`
/// (one view alone paints as chartPainter()).
PaintFn chartsPainter(const QList<QChartView*>& views, QWidget* parent)
{
    return [views, parent](QPainter& p, const QRectF& target) {
        QRectF span;
        for (QChartView* v : views)
            span |= QRectF(QRectF(v->rect()).translated(QPointF(v->mapTo(parent, QPoint(0, 0)))));
        if (span.isEmpty())
            return;
        const double sx = target.width() / span.width(), sy = target.height() / span.height();
        for (QChartView* v : views) {
            const QRectF r = QRectF(v->rect()).translated(QPointF(v->mapTo(parent, QPoint(0, 0))));
            v->render(&p, QRectF(target.x() + (r.x() - span.x()) * sx, target.y() + (r.y() - span.y()) * sy, r.width() * sx,
                                 r.height() * sy));
        }
    };
}

/// The step timeline (Gantt of compute, exposed and hidden communication, bubble) of `s`, laid out
/// off screen; painted through StepTimeline::renderStatic, so vector exports keep text as text.
std::unique_ptr<StepTimeline> makeStepTimeline(const QString& chart, const Scenario& s, const QSize& size)
{
    auto d = std::make_shared<stepui::StepData>();
    d->scenario = s;
    d->result = computeStep(s); // throws InvalidInput for a scenario without an answer
    std::unique_ptr<StepTimeline> g;
    if (chart == QLatin1String("pipeline-schedule"))
        g = std::make_unique<StepPipelineView>();
    else if (chart == QLatin1String("step-memory"))
        g = std::make_unique<StepMemoryView>();
    else
        g = std::make_unique<StepGanttView>();
    g->setPalette(exportPalette());
    g->setData(std::move(d));
    prepareForExport(g.get(), size);
    return g;
}

PaintFn timelinePainter(StepTimeline* g)
{
    return [g](QPainter& p, const QRectF& target) {
        p.save();
        p.translate(target.topLeft());
        p.scale(target.width() / std::max(1, g->width()), target.height() / std::max(1, g->height()));
        p.fillRect(QRectF(0, 0, g->width(), g->height()), Qt::white);
        g->renderStatic(p);
        p.restore();
    };
}

/// The step timeline's heading with what a reader looks for first: the step time and the MFU (issue 26).
QString stepTimelineTitle(const Scenario& s)
{
    const StepResult r = computeStep(s); // throws InvalidInput for a scenario without an answer
    return ChartText::tr("Step timeline of the worst rank: %1 s per step, MFU %2%")
        .arg(numberLocale().toString(r.totals.stepTime, 'f', r.totals.stepTime >= 10 ? 1 : 2),
             numberLocale().toString(100.0 * r.totals.mfu, 'f', 1));
}

/// A chart's data as CSV. memory-vs-gpus is `sweep`'s CSV of the same points (issue 26: the same columns and rounding,
/// one function, sweepCsv()); the others their table.
QString chartCsv(const QString& chart, const ChartData& d, const Scenario& s, ByteUnit units)
{
    if (chart == QLatin1String("memory-vs-gpus"))
        return sweepCsv(sweep(s, memoryVsGpusCounts(s), {0, 1, 2, 3}), units);
    return chartDataCsv(d);
}

/// The charts drawn by a plain widget (its paintEvent, children included) rather than a Qt Charts view or a step
/// timeline: the Plan tab's TP x PP map and Pareto chart, the Step tab's GPU view with its ring, the TP split.
bool isWidgetChart(const QString& chart)
{
    return chart == QLatin1String("plan-map") || chart == QLatin1String("plan-pareto")
        || chart == QLatin1String("step-gpus") || chart == QLatin1String("tp-split");
}

/// Paints `w` (laid out off screen) and its children into the target rectangle, scaled to fill it.
PaintFn widgetPainter(QWidget* w)
{
    return [w](QPainter& p, const QRectF& target) {
        p.save();
        p.translate(target.topLeft());
        p.scale(target.width() / std::max(1, w->width()), target.height() / std::max(1, w->height()));
        p.fillRect(QRectF(0, 0, w->width(), w->height()), Qt::white);
        w->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
        p.restore();
    };
}

QString widgetChartTitle(const QString& chart)
{
    if (chart == QLatin1String("plan-map"))
        return PlanPage::tpPpMapTitle();
    if (chart == QLatin1String("plan-pareto"))
        return PlanParetoChart::titleText();
    if (chart == QLatin1String("step-gpus"))
        return ChartText::tr("GPUs and the collective on their ring");
    return ChartText::tr("Tensor-parallel split of one layer");
}

/// The planner's search for `s`, as the Plan tab and `plan` make it (PlanPage::requestFor(), ranked by step time).
PlanResult planFor(const Scenario& s) { return planLayouts(PlanPage::requestFor(s, PlanRank::StepTime)); }

/// The widget of a widget chart for `s`, laid out off screen at `size`. Throws InvalidInput for a scenario without
/// an answer.
std::unique_ptr<QWidget> makeWidgetChart(const QString& chart, const Scenario& s, ByteUnit units, const QSize& size)
{
    std::unique_ptr<QWidget> w;
    if (chart == QLatin1String("plan-map")) {
        const PlanResult r = planFor(s);
        auto* model = new PlanMapModel;
        model->setUnit(units);
        model->setBase(Qt::white);
        PlanPage::fillTpPpMap(model, r);
        auto* view = new QTableView;
        model->setParent(view);
        view->setModel(model);
        view->setWordWrap(false);
        view->setShowGrid(true);
        view->setFrameShape(QFrame::NoFrame);
        view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        view->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        QFont bold = view->horizontalHeader()->font();
        bold.setBold(true);
        view->horizontalHeader()->setFont(bold);
        view->verticalHeader()->setFont(bold);
        w.reset(view);
    } else if (chart == QLatin1String("plan-pareto")) {
        const PlanResult r = planFor(s);
        auto c = std::make_unique<PlanParetoChart>();
        c->setUnit(units);
        c->setLayouts(r.layouts, r.pareto, computeFootprint(s).usableBytes);
        c->chart()->setAnimationOptions(QChart::NoAnimation);
        w = std::move(c);
    } else {
        auto d = std::make_shared<stepui::StepData>();
        d->scenario = s;
        d->result = computeStep(s); // throws InvalidInput for a scenario without an answer
        if (chart == QLatin1String("tp-split")) {
            auto v = std::make_unique<StepTpView>();
            v->setData(d);
            v->setPlayhead(0);
            w = std::move(v);
        } else {
            // The GPU view at the start of the step's largest ring collective, and under it that collective on the
            // "One collective" ring, half-way through its hops, with the Step tab's note.
            const StepEvent* largest = nullptr;
            for (const StepEvent& e : d->result.events)
                if ((e.kind == EventKind::AllReduce || e.kind == EventKind::ReduceScatter || e.kind == EventKind::AllGather)
                    && (!largest || e.bufferBytes > largest->bufferBytes))
                    largest = &e;
            // One above the other: side by side at a 1200 px figure's 650 px layout each box's label was elided.
            auto box = std::make_unique<QWidget>();
            auto* row = new QVBoxLayout(box.get());
            row->setContentsMargins(0, 0, 0, 0);
            auto* gpus = new StepGpuView(box.get());
            gpus->setData(d);
            gpus->setPlayhead(largest ? largest->start : 0, true);
            gpus->setMinimumWidth(gpus->namesFitWidth()); // every name in the view's type: 8 pt or more in print
            row->addWidget(gpus, 1);
            if (largest) {
                auto* ring = new RingView(box.get());
                ring->setCollective(largest->kind, 4);
                ring->setHop(ring->hopCount() / 2);
                ring->setModelNote(StepView::ringNote(d->result, largest->kind));
                ring->playButton()->hide();
                ring->setWholeText(true); // a figure cuts no sentence: each wraps, the ring grows taller (issue 26)
                row->addWidget(ring, 1);
            }
            w = std::move(box);
        }
    }
    w->setPalette(exportPalette());
    w->setAutoFillBackground(true);
    prepareForExport(w.get(), size);
    return w;
}

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
    return chartViewIds() << QStringLiteral("step-timeline") << QStringLiteral("pipeline-schedule")
                          << QStringLiteral("step-memory") << QStringLiteral("compare-stages") << QStringLiteral("compare")
                          << QStringLiteral("plan-map") << QStringLiteral("plan-pareto") << QStringLiteral("step-gpus")
                          << QStringLiteral("tp-split");
}

bool chartHasData(const QString& chart) { return chartIds().contains(chart) || chart == QLatin1String("compare"); }

QList<QPair<QString, QString>> exportChartChoices()
{
    return {{QStringLiteral("memory-per-gpu"), ChartText::tr("Per-GPU memory")},
            {QStringLiteral("memory-vs-gpus"), ChartText::tr("Per-GPU memory vs N GPUs")},
            {QStringLiteral("host-memory"), ChartText::tr("Host RAM and NVMe per node")},
            {QStringLiteral("step-timeline"), ChartText::tr("Step timeline")},
            {QStringLiteral("pipeline-schedule"), ChartText::tr("Pipeline schedule")},
            {QStringLiteral("step-memory"), ChartText::tr("Memory of the worst rank over one step")},
            {QStringLiteral("compare-stages"), ChartText::tr("ZeRO stages 0-3 compared")},
            {QStringLiteral("compare"), ChartText::tr("Compare: pinned A vs current B")},
            {QStringLiteral("plan-map"), PlanPage::tpPpMapTitle()},
            {QStringLiteral("plan-pareto"), PlanParetoChart::titleText()},
            {QStringLiteral("step-gpus"), ChartText::tr("GPUs and the collective on their ring")},
            {QStringLiteral("tp-split"), ChartText::tr("Tensor-parallel split of one layer")}};
}

QStringList exportChartIds()
{
    QStringList ids = chartIds();
    for (const QString& id : imageChartIds())
        if (!ids.contains(id))
            ids << id;
    return ids;
}

std::unique_ptr<QWidget> makeChartWidget(const QString& chart, const Scenario& s, ByteUnit units, const QSize& size,
                                         QChartView** view)
{
    std::unique_ptr<QWidget> w;
    QChartView* v = nullptr;
    if (chart == QLatin1String("memory-per-gpu") || chart == QLatin1String("compare-stages")) {
        auto c = std::make_unique<MemoryPerGpuChart>();
        c->setPalette(exportPalette());
        c->setUnit(units);
        c->setCompareStages(chart == QLatin1String("compare-stages"));
        // Issue 26: no figure shows log totals without their composition. On the log axis the stages' linear shares
        // stand beside the totals (as on the Memory tab), under them where the figure is narrow; their legend names
        // the terms (the totals' legend has only the total).
        const bool shares = c->logAxisShown();
        c->setSharesBeside(shares);
        c->setSharesUnder(size.width() < 640 || size.width() < 1.4 * size.height());
        if (shares)
            c->shareChart()->legend()->setVisible(true); // read into the figure's legend (renderFigure())
        c->setScenario(s);
        v = c->chartView();
        w = std::move(c);
    } else if (chart == QLatin1String("memory-vs-gpus")) {
        auto c = std::make_unique<MemoryVsGpusChart>();
        c->setPalette(exportPalette());
        c->setUnit(units);
        c->setScenario(s);
        v = c->chartView();
        w = std::move(c);
    } else if (chart == QLatin1String("host-memory")) {
        auto c = std::make_unique<HostMemoryChart>();
        c->setPalette(exportPalette());
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
    // A figure's legend prints at 8 pt at least (issue 26): never shrunk below the type it asks for (the window's 9 px
    // floor printed at 6.8 pt); where its entries do not fit, the chart groups its smallest terms instead.
    if (QLegend* legend = v->chart()->legend()) {
        legend->setProperty(kLegendNoShrink, true);
        if (QFontInfo(legend->font()).pixelSize() < kFigureMinTextPx) {
            QFont f = legend->font();
            f.setPixelSize(kFigureMinTextPx);
            legend->setFont(f);
        }
    }
    prepareForExport(w.get(), size);
    if (view)
        *view = v;
    return w;
}

namespace {

/// The figure of image chart `chart` (not compare) for `s`: its painter (title, chart, legend, caption), the options it
/// is saved with (taller, or with `widen` wider, where the chart needs it) and its document title, handed to `sink`
/// while the widgets it paints live. Throws InvalidInput for a scenario without an answer or a figure too narrow.
using FigureSink = std::function<void(const PaintFn&, const ChartExportOptions&, const QString&)>;
void renderFigure(const QString& chart, const Scenario& s, ByteUnit units, const ChartExportOptions& o, const FigureSink& sink,
                  bool widen = false)
{
    const bool timeline = chart == QLatin1String("step-timeline") || chart == QLatin1String("pipeline-schedule")
        || chart == QLatin1String("step-memory");
    const QString caption = o.caption.isEmpty() ? exportCaption(s, units)
        : o.caption == QLatin1String("-")       ? QString()
                                                : o.caption;
    if (isWidgetChart(chart)) {
        // The Pareto chart draws its own title (as the other chart views); the others get it as the heading.
        const bool ownTitle = chart == QLatin1String("plan-pareto");
        const QString title = !o.title.isEmpty() ? o.title : ownTitle ? QString() : widgetChartTitle(chart);
        CaptionLayout l = captionLayout(o.size, title, caption);
        const auto w = makeWidgetChart(chart, s, units, l.layoutSize());
        // As the chart views: never painted squeezed below the view's minimum; the figure grows taller, one too
        // narrow for it is refused (fitFigureToChart()).
        ChartExportOptions fo = o;
        fitFigureToChart(w.get(), chart, title, caption, l, fo, true, QSize(), widen);
        const auto* pareto = dynamic_cast<PlanParetoChart*>(w.get());
        const FigureLegend legend = legendUnderChart(pareto ? pareto->chart() : nullptr, title, caption, l, fo);
        sink(withCaption(widgetPainter(w.get()), l, title, caption, legend), fo, title.isEmpty() ? widgetChartTitle(chart) : title);
        return;
    }
    if (timeline) {
        const QString name = chart == QLatin1String("pipeline-schedule") ? ChartText::tr("Pipeline schedule")
            : chart == QLatin1String("step-memory")                     ? ChartText::tr("Memory of the worst rank over one step")
                                                                        : stepTimelineTitle(s);
        // One heading: the memory view draws its own ("Memory (device used) of the worst rank (stage 1) over the
        // step"), so its figure takes no second one unless --title asks.
        const QString title = !o.title.isEmpty() ? o.title : chart == QLatin1String("step-memory") ? QString() : name;
        CaptionLayout l = captionLayout(o.size, title, caption);
        const auto g = makeStepTimeline(chart, s, l.layoutSize());
        ChartExportOptions fo = o;
        // The memory curve needs a plot, not the two lines the Step tab's minimum keeps (a 3.5 in figure drew it
        // 30 px high): the charts' 240 px.
        fitFigureToChart(g.get(), chart, title, caption, l, fo, true,
                         chart == QLatin1String("step-memory") ? QSize(300, 240) : QSize(), widen);
        sink(withCaption(timelinePainter(g.get()), l, title, caption), fo, title.isEmpty() ? name : title);
        return;
    }
    QChartView* view = nullptr;
    // Laid out once to learn the chart's own title, then at the size the caption leaves.
    const QString title = o.title.isEmpty() ? QString() : o.title;
    CaptionLayout l = captionLayout(o.size, title.isEmpty() ? QStringLiteral("X") : title, caption);
    const auto w = makeChartWidget(chart, s, units, l.layoutSize(), &view);
    const QString docTitle = title.isEmpty() ? (view->chart()->title().isEmpty() ? chart : view->chart()->title()) : title;
    if (title.isEmpty())
        l = captionLayout(o.size, QString(), caption); // the chart draws its own title
    ChartExportOptions fo = o;
    fitFigureToChart(w.get(), chart, title, caption, l, fo, true, QSize(), widen);
    auto* perGpu = qobject_cast<MemoryPerGpuChart*>(w.get());
    const bool shares = perGpu && perGpu->shareView()->isVisibleTo(perGpu);
    FigureLegend legend;
    if (shares) {
        // The totals' legend (capacity, total) and the shares' terms as one legend under both charts: the narrow
        // shares chart cannot hold its nine terms whole.
        legend = takeLegend(view->chart(), l.captionFont);
        legend.entries += takeLegend(perGpu->shareChart(), l.captionFont).entries;
        const double h = legend.height(l.caption.width());
        fo.size.rheight() += int(h);
        l = captionLayout(fo.size, title, caption, h);
    } else {
        legend = legendUnderChart(view->chart(), title, caption, l, fo);
    }
    const NoAnimations guard(view);
    PaintFn paint = chartPainter(view);
    if (shares)
        paint = chartsPainter({view, perGpu->shareView()}, perGpu); // the log totals with their composition
    sink(withCaption(paint, l, title, caption, legend), fo, docTitle);
}

} // namespace

void exportChartFile(const QString& chart, const Scenario& s, ByteUnit units, const QString& path,
                     const ChartExportOptions& o)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!chartExportSuffixes().contains(suffix))
        throw InvalidInput("out", str(QStringLiteral("--out: '") + path
                                      + QStringLiteral("' must end in .png, .svg, .pdf, .csv, .json or .md")));
    if (!exportChartIds().contains(chart))
        throw InvalidInput("chart", "--chart: unknown chart '" + str(chart) + "' (known: "
                                        + str(exportChartIds().join(QStringLiteral(", "))) + ")");
    if (chart == QLatin1String("compare"))
        throw InvalidInput("pin", "--chart compare: give the scenario file to compare with as --pin FILE (scenario A; "
                                  "the other options are B)");
    if (!isImageSuffix(suffix) && !chartIds().contains(chart))
        throw InvalidInput("out", "--out: " + str(chart) + " is exported as an image only (.png, .svg or .pdf)");
    if (isImageSuffix(suffix)) {
        renderFigure(chart, s, units, o, [&](const PaintFn& paint, const ChartExportOptions& fo, const QString& docTitle) {
            saveByType(paint, path, fo, docTitle);
        });
        return;
    }
    if (suffix == QLatin1String("md") && chart == QLatin1String("memory-per-gpu")) {
        writeText(path, breakdownMarkdown(s, computeFootprint(s), units).toUtf8());
        return;
    }
    const ChartData d = chartData(chart, s, units);
    if (suffix == QLatin1String("csv"))
        writeText(path, chartCsv(chart, d, s, units).toUtf8());
    else if (suffix == QLatin1String("json"))
        writeText(path, QJsonDocument(chartDataJson(d)).toJson(QJsonDocument::Indented));
    else
        writeText(path, chartDataMarkdown(d).toUtf8());
}

ChartData compareChartData(const Scenario& a, const Scenario& b, ByteUnit units)
{
    const Footprint fa = computeFootprint(a); // throws InvalidInput for a scenario without an answer
    const Footprint fb = computeFootprint(b);
    const QString unit = QString::fromLatin1(unitName(units));
    ChartData d;
    d.chart = QStringLiteral("compare");
    d.title = ChartText::tr("Worst rank of A and B by term");
    d.xTitle = ChartText::tr("Scenario");
    d.yTitle = ChartText::tr("Memory per GPU (%1)").arg(unitNameUi(units)); // the columns keep the Latin name
    d.columns = {QStringLiteral("scenario"), QStringLiteral("term"), QStringLiteral("bytes"), unit, QStringLiteral("formula")};
    QJsonObject meta;
    meta[QStringLiteral("units")] = unit;
    meta[QStringLiteral("unit_bytes")] = unitDivisor(units);
    meta[QStringLiteral("app_version")] = QCoreApplication::applicationVersion();
    for (const auto& [name, s, f] : {std::tuple {QStringLiteral("A"), &a, &fa}, std::tuple {QStringLiteral("B"), &b, &fb}}) {
        const RankFootprint& r = f->worstRank();
        for (int t = 0; t < kTermCount; ++t) {
            const TermValue& v = r.terms[static_cast<std::size_t>(t)];
            d.rows << QVariantList {name, QString::fromLatin1(termKey(static_cast<Term>(t))), qint64(v.bytes),
                                    double(v.bytes) / unitDivisor(units), QString::fromStdString(v.formula)};
        }
        d.rows << QVariantList {name, QStringLiteral("total"), qint64(r.totalBytes), double(r.totalBytes) / unitDivisor(units),
                                QString()};
        QJsonObject side;
        side[QStringLiteral("scenario")] = scenarioFileJson(*s).value(QStringLiteral("scenario"));
        side[QStringLiteral("worst_rank")] = QString::fromStdString(r.label);
        side[QStringLiteral("total_bytes")] = double(r.totalBytes);
        side[QStringLiteral("capacity_bytes")] = double(f->capacityBytes);
        side[QStringLiteral("usable_bytes")] = double(f->usableBytes);
        side[QStringLiteral("fits")] = f->fits;
        meta[name] = side;
    }
    meta[QStringLiteral("summary")] = compareSummary(a, b, units);
    d.meta = meta;
    return d;
}

namespace {

/// The Compare figure of (a, b): its painter, the options it is saved with, its document title and where its plot area
/// lies in the figure (layout px), handed to `sink` while the widgets it paints live.
using CompareSink = std::function<void(const PaintFn&, const ChartExportOptions&, const QString&, const QRectF&)>;
void renderCompareFigure(const Scenario& a, const Scenario& b, ByteUnit units, const ChartExportOptions& o, const CompareSink& sink)
{
    // Each scenario with a short verdict, then what changed and moved: the plot keeps at least half the figure (two
    // full captions with their verdicts took nine lines, leaving the plot 44% of a 1200 x 700 figure).
    const auto shortVerdict = [&](const Scenario& x) {
        try {
            const Footprint f = computeFootprint(x);
            const QString used = numberLocale().toString(double(f.worstBytes()) / unitDivisor(units), 'f', 1);
            const QString cap = numberLocale().toString(double(f.usableBytes) / unitDivisor(units), 'f', 1) + QLatin1Char(' ')
                + unitNameUi(units);
            return f.fits ? ChartText::tr("fits: %1 of %2 per GPU").arg(used, cap)
                          : ChartText::tr("does not fit: %1 of %2 per GPU").arg(used, cap);
        } catch (const InvalidInput& e) {
            return invalidVerdict(e).text;
        }
    };
    const QString caption = o.caption.isEmpty()
        ? ChartText::tr("A: %1 · %2\nB: %3 · %4\n%5")
              .arg(exportScenarioLine(a), shortVerdict(a), exportScenarioLine(b), shortVerdict(b), compareSummary(a, b, units))
        : o.caption == QLatin1String("-") ? QString()
                                          : o.caption;
    const QString title = o.title;
    CaptionLayout l = captionLayout(o.size, title, caption);
    CompareWidget w;
    w.setPalette(exportPalette());
    w.setUnit(units);
    w.pin(a);
    w.setCurrent(b);
    w.showChartOnly();
    prepareForExport(&w, l.layoutSize());
    ChartExportOptions fo = o;
    fitFigureToChart(&w, QStringLiteral("compare"), title, caption, l, fo);
    QChartView* view = w.chartView();
    const QString docTitle = title.isEmpty() ? view->chart()->title() : title;
    // Issue 26: the plot (the bars, inside the axes) at least half the figure. A side legend of eleven terms and a caption
    // of seven lines left it 34% of a 1200 x 700 figure: the legend goes under the plot, in rows across the figure
    // (FigureLegend), and the figure grows taller (its height is free; --width-in sets its width) until the plot has half.
    const FigureLegend legend = takeLegend(view->chart(), l.captionFont);
    // Where the plot area lands: chartPainter() renders the view's viewport into the chart's rectangle (laid out at
    // 1 / l.scale) with QGraphicsView::render(), which keeps the aspect ratio and centres it.
    const auto plotRect = [&] {
        const QRectF area = view->mapFromScene(view->chart()->mapRectToScene(view->chart()->plotArea())).boundingRect();
        const QSizeF inner = l.chart.size() / l.scale, port = QSizeF(view->viewport()->size()).expandedTo(QSizeF(1, 1));
        const double k = std::min(inner.width() / port.width(), inner.height() / port.height());
        const QPointF at((inner.width() - port.width() * k) / 2, (inner.height() - port.height() * k) / 2);
        return QRectF(l.chart.topLeft() + (at + area.topLeft() * k) * l.scale, area.size() * k * l.scale);
    };
    const auto relayout = [&] {
        const double legendH = legend.height(l.caption.width());
        l = captionLayout(fo.size, title, caption, legendH);
        // Never under the chart's minimum height (painted squeezed, the plot shrank to the middle of its band).
        const int need = w.minimumSizeHint().expandedTo(w.minimumSize()).height();
        if (l.layoutSize().height() < need) {
            fo.size.rheight() += int(std::ceil((need - l.layoutSize().height()) * l.scale)) + 1;
            l = captionLayout(fo.size, title, caption, legendH);
        }
        prepareForExport(&w, l.layoutSize());
        for (int i = 0; i < 4; ++i)
            QCoreApplication::processEvents();
        // The chart lays out its plot lazily: now, so that the plot measured is the one painted.
        if (QGraphicsLayout* layout = view->chart()->layout()) {
            layout->invalidate();
            layout->activate();
        }
    };
    relayout();
    QRectF plot = plotRect();
    for (int pass = 0; pass < 4; ++pass) {
        const double W = fo.size.width(), H = fo.size.height();
        if (plot.width() * plot.height() >= 0.5 * W * H || plot.width() <= 0.5 * W)
            break;
        // (plot height + dh) x plot width >= (H + dh) x W / 2, the plot's width unchanged by a taller figure.
        const double dh = (0.5 * W * H - plot.width() * plot.height()) / (plot.width() - 0.5 * W);
        fo.size.rheight() += int(std::ceil(dh)) + 1;
        relayout();
        plot = plotRect();
    }
    const NoAnimations guard(view);
    sink(withCaption(chartPainter(view), l, title, caption, legend), fo, docTitle, plot);
}

} // namespace

void exportCompareFile(const Scenario& a, const Scenario& b, ByteUnit units, const QString& path, const ChartExportOptions& o)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!chartExportSuffixes().contains(suffix))
        throw InvalidInput("out", str(QStringLiteral("--out: '") + path
                                      + QStringLiteral("' must end in .png, .svg, .pdf, .csv, .json or .md")));
    const ChartData d = compareChartData(a, b, units); // both scenarios answered before anything is written
    if (!isImageSuffix(suffix)) {
        if (suffix == QLatin1String("csv"))
            writeText(path, chartDataCsv(d).toUtf8());
        else if (suffix == QLatin1String("json"))
            writeText(path, QJsonDocument(chartDataJson(d)).toJson(QJsonDocument::Indented));
        else
            writeText(path, chartDataMarkdown(d).toUtf8());
        return;
    }
    renderCompareFigure(a, b, units, o, [&](const PaintFn& paint, const ChartExportOptions& fo, const QString& docTitle, const QRectF&) {
        saveByType(paint, path, fo, docTitle);
    });
}

FigureGeometry compareFigureGeometry(const Scenario& a, const Scenario& b, ByteUnit units, const ChartExportOptions& o)
{
    FigureGeometry g;
    renderCompareFigure(a, b, units, o, [&](const PaintFn&, const ChartExportOptions& fo, const QString&, const QRectF& plot) {
        g.size = fo.size;
        g.plot = plot;
    });
    return g;
}

QStringList exportBundle(const QString& dirPath, const Scenario& s, ByteUnit units, const ChartExportOptions& o)
{
    const Footprint f = computeFootprint(s); // throws InvalidInput before anything is written
    QDir dir(dirPath);
    const bool created = !dir.exists();
    if (created && !QDir().mkpath(dirPath))
        throw WriteError(str(dirPath + QStringLiteral(": cannot create the folder")));
    // All or nothing: every file is rendered and written to a temporary beside its target first; the
    // renames happen only when all of them were written (a full disk leaves the old bundle as it was).
    QStringList written;
    try {
        AtomicFileSet files;
        auto add = [&](const QString& name, const QByteArray& bytes) {
            files.add(dir.filePath(name), bytes);
            written << name;
        };
        // Every image chart but compare (it needs a pinned scenario A), as `export --chart ID` draws it (its heading, the
        // legend under the plot where it runs past the edge, never squeezed below the chart's minimum), without the caption
        // (assumptions.md and the scenario file travel with them); a chart that needs more width than the bundle's size (the
        // GPU view at 3.5 in) is widened to its own minimum rather than refused.
        ChartExportOptions bare = o;
        bare.caption = QStringLiteral("-");
        bare.title.clear();
        for (const QString& chart : imageChartIds()) {
            if (chart == QLatin1String("compare"))
                continue;
            const QString svg = chart + QStringLiteral(".svg"), png = chart + QStringLiteral(".png");
            renderFigure(chart, s, units, bare, [&](const PaintFn& paint, const ChartExportOptions& fo, const QString& title) {
                add(svg, svgBytes(paint, dir.filePath(svg), fo, title));
                add(png, pngBytes(paint, dir.filePath(png), fo));
            }, true);
        }
        for (const QString& chart : chartIds()) {
            const ChartData d = chartData(chart, s, units);
            add(chart + QStringLiteral(".csv"), chartCsv(chart, d, s, units).toUtf8());
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

void exportChartView(QChartView* view, const QString& chart, const Scenario& s, ByteUnit units, const QString& path)
{
    ChartExportOptions o;
    o.size = view->size();
    if (isImageSuffix(QFileInfo(path).suffix().toLower()))
        saveChart(view, path, o, view->chart()->title());
    else
        exportChartFile(chart, s, units, path, o);
}

void installChartExportMenu(QChartView* view, const QString& chart, const std::function<Scenario()>& scenario,
                            const std::function<ByteUnit()>& units)
{
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto add = [&](const QString& text, const std::function<void()>& run) {
        auto* a = new QAction(text, view);
        QObject::connect(a, &QAction::triggered, view, run);
        view->addAction(a);
    };
    auto saveAs = [view, chart, scenario, units](const QString& filter) {
        const QString suffix0 = withFilterSuffix(QStringLiteral("x"), filter).section(QLatin1Char('.'), -1);
        const QString suggested = QDir(exportFolder(QDir::homePath())).filePath(chart + QLatin1Char('.') + suffix0);
        const QString path
            = withFilterSuffix(QFileDialog::getSaveFileName(view, ChartText::tr("Export %1").arg(chart), suggested, filter), filter);
        if (path.isEmpty())
            return;
        setExportFolder(QFileInfo(path).absolutePath());
        try {
            exportChartView(view, chart, scenario(), units(), path);
        } catch (const std::exception& e) {
            QMessageBox::warning(view, ChartText::tr("Export failed"), withoutFlags(QString::fromUtf8(e.what())));
        }
    };
    add(ChartText::tr("Export chart as PNG..."), [=] { saveAs(ChartText::tr("PNG image (*.png)")); });
    add(ChartText::tr("Export chart as SVG..."), [=] { saveAs(ChartText::tr("SVG image (*.svg)")); });
    add(ChartText::tr("Export chart as PDF..."), [=] { saveAs(ChartText::tr("PDF document (*.pdf)")); });
    add(ChartText::tr("Export data as CSV..."), [=] { saveAs(ChartText::tr("CSV (*.csv)")); });
    add(ChartText::tr("Export data as JSON..."), [=] { saveAs(ChartText::tr("JSON (*.json)")); });
    add(ChartText::tr("Copy chart"), [view] {
        ChartExportOptions o;
        o.size = view->size();
        o.dpi = 96 * view->devicePixelRatioF();
        copyChartToClipboard(view, o);
    });
}

} // namespace shardscope
