// SPDX-License-Identifier: MIT
#include "fileactions.h"

#include "dataexport.h"
#include "deepspeedconfig.h"
#include "fsdpconfig.h"
#include "hfconfig.h"
#include "megatronargs.h"
#include "scenariofile.h"

#include "shardscope/units.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>

namespace shardscope {

namespace {
// RecentFiles' keys, with their defaults beside the getters below.
const QString kRecentFiles = QStringLiteral("files/recent"); // newest first; default: none
const QString kCurrentFile = QStringLiteral("files/current"); // default: none (untitled)

/// Top-level keys only a DeepSpeed config has (DeepSpeed's config reference, "Batch Size", "ZeRO", "FP16").
const char* const kDeepSpeedKeys[] = {"zero_optimization", "train_batch_size", "train_micro_batch_size_per_gpu",
    "gradient_accumulation_steps", "fp16", "bf16", "activation_checkpointing", "zero_allow_untested_optimizer",
    "gradient_clipping", "steps_per_print", "wall_clock_breakdown"};
} // namespace

QString fileKindName(FileKind k)
{
    switch (k) {
    case FileKind::Scenario: return QCoreApplication::translate("shardscope::FileActions", "ShardScope scenario");
    case FileKind::HfConfig: return QCoreApplication::translate("shardscope::FileActions", "Hugging Face config.json");
    case FileKind::DeepSpeedConfig: return QCoreApplication::translate("shardscope::FileActions", "DeepSpeed config");
    case FileKind::FsdpConfig: return QCoreApplication::translate("shardscope::FileActions", "accelerate FSDP config");
    case FileKind::Unknown: break;
    }
    return QCoreApplication::translate("shardscope::FileActions", "unknown file");
}

FileKind detectFileKind(const QByteArray& bytes)
{
    const QByteArray head = bytes.trimmed();
    if (head.startsWith('{')) {
        const QJsonDocument doc = QJsonDocument::fromJson(bytes);
        if (!doc.isObject()) {
            // Malformed JSON: guess by the keys the text names, so that the importer's message says where it breaks.
            if (bytes.contains("\"shardscope-scenario\""))
                return FileKind::Scenario;
            if (bytes.contains("\"model_type\""))
                return FileKind::HfConfig;
            for (const char* key : kDeepSpeedKeys)
                if (bytes.contains(QByteArray(QByteArray(1, '"') + key + '"')))
                    return FileKind::DeepSpeedConfig;
            return FileKind::Unknown;
        }
        const QJsonObject o = doc.object();
        if (o.value(QLatin1String("format")).toString() == QLatin1String(kScenarioFormat))
            return FileKind::Scenario;
        if (o.value(QLatin1String("scenario")).isObject() && o.contains(QLatin1String("per_gpu")))
            return FileKind::Scenario; // `shardscope estimate --format json`
        if (o.contains(QLatin1String("model_type")))
            return FileKind::HfConfig;
        for (const char* key : kDeepSpeedKeys)
            if (o.contains(QLatin1String(key)))
                return FileKind::DeepSpeedConfig;
        return FileKind::Unknown;
    }
    // accelerate writes "distributed_type: FSDP" and an "fsdp_config:" block at the top level.
    static const QRegularExpression fsdp(
        QStringLiteral("^(distributed_type\\s*:\\s*['\"]?FSDP|fsdp_config\\s*:)"), QRegularExpression::MultilineOption);
    if (fsdp.match(QString::fromUtf8(bytes)).hasMatch())
        return FileKind::FsdpConfig;
    return FileKind::Unknown;
}

QString importKindName(ImportKind k)
{
    switch (k) {
    case ImportKind::HfConfig: return QCoreApplication::translate("shardscope::FileActions", "Hugging Face config.json");
    case ImportKind::DeepSpeedConfig: return QCoreApplication::translate("shardscope::FileActions", "DeepSpeed config");
    case ImportKind::FsdpConfig: return QCoreApplication::translate("shardscope::FileActions", "accelerate FSDP config");
    case ImportKind::MegatronArgs: return QCoreApplication::translate("shardscope::FileActions", "Megatron-LM arguments");
    }
    return QString();
}

ImportOutcome importConfig(ImportKind kind, const QString& pathOrArgs, const Scenario& base)
{
    ImportOutcome out;
    ImportReport report;
    switch (kind) {
    case ImportKind::HfConfig: {
        out.scenario = base;
        out.scenario.arch = architectureFromHfConfigFile(pathOrArgs);
        out.scenario.bareParams.reset();
        report.notes << QCoreApplication::translate("shardscope::FileActions", "%1: model %2, %3 parameters; the cluster, parallelism and batch are unchanged")
                            .arg(QFileInfo(pathOrArgs).fileName(), QString::fromStdString(out.scenario.arch.name),
                                QString::fromStdString(shortCount(double(out.scenario.totalParams()))));
        break;
    }
    case ImportKind::DeepSpeedConfig: out.scenario = scenarioFromDeepSpeedConfigFile(pathOrArgs, base, &report); break;
    case ImportKind::FsdpConfig: out.scenario = scenarioFromFsdpConfigFile(pathOrArgs, base, &report); break;
    case ImportKind::MegatronArgs: out.scenario = scenarioFromMegatronArgs(pathOrArgs, base, &report); break;
    }
    out.notes = report.notes;
    for (const QString& i : report.ignored)
        out.notes << QCoreApplication::translate("shardscope::FileActions", "ignored: ") + i;
    return out;
}

RecentFiles::RecentFiles()
    : m_settings(new QSettings(QStringLiteral("ShardScope"), QStringLiteral("shardscope")))
{
}

RecentFiles::~RecentFiles() { delete m_settings; }

QStringList RecentFiles::files() const { return m_settings->value(kRecentFiles).toStringList(); }

void RecentFiles::setFiles(const QStringList& files)
{
    m_settings->setValue(kRecentFiles, files.mid(0, kMax));
    m_settings->sync();
}

void RecentFiles::add(const QString& path)
{
    const QString p = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList f = files();
    f.removeAll(p);
    f.prepend(p);
    setFiles(f);
}

void RecentFiles::remove(const QString& path)
{
    QStringList f = files();
    f.removeAll(path);
    f.removeAll(QDir::cleanPath(QFileInfo(path).absoluteFilePath()));
    setFiles(f);
}

QStringList RecentFiles::pruneMissing()
{
    QStringList keep, gone;
    for (const QString& f : files())
        (QFileInfo(f).isFile() ? keep : gone) << f;
    if (!gone.isEmpty())
        setFiles(keep);
    return gone;
}

void RecentFiles::clear() { setFiles({}); }

QString RecentFiles::currentFile() const { return m_settings->value(kCurrentFile).toString(); }

void RecentFiles::setCurrentFile(const QString& path)
{
    m_settings->setValue(
        kCurrentFile, path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath()));
}

ChartExportDialog::ChartExportDialog(QWidget* parent)
    : QDialog(parent)
    , m_chart(new QComboBox(this))
    , m_format(new QComboBox(this))
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_dpi(new QSpinBox(this))
    , m_title(new QLineEdit(this))
    , m_caption(new QLineEdit(this))
{
    setWindowTitle(tr("Export Chart"));
    auto* form = new QFormLayout(this);
    m_chart->setObjectName(QStringLiteral("exportChart"));
    for (const auto& [id, name] : exportChartChoices()) // every image chart, and compare (A pinned, B current)
        m_chart->addItem(name, id);
    form->addRow(tr("Chart"), m_chart);
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_format->addItem(tr("PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("SVG (vector)"), QStringLiteral("svg"));
    m_format->addItem(tr("PDF (vector)"), QStringLiteral("pdf"));
    m_format->addItem(tr("CSV data"), QStringLiteral("csv"));
    m_format->addItem(tr("JSON data"), QStringLiteral("json"));
    m_format->addItem(tr("Markdown table"), QStringLiteral("md"));
    form->addRow(tr("Format"), m_format);
    const ChartExportOptions defaults;
    m_width->setRange(200, 8000);
    m_width->setValue(defaults.size.width());
    m_width->setSuffix(tr(" px"));
    m_height->setRange(150, 8000);
    m_height->setValue(defaults.size.height());
    m_height->setSuffix(tr(" px"));
    m_dpi->setRange(48, 600);
    m_dpi->setValue(int(defaults.dpi));
    m_dpi->setToolTip(tr("PNG only: 192 dpi gives an image twice as wide and high with the same layout."));
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("PNG DPI"), m_dpi);
    // As the command line's --title and --caption (issue 26).
    m_title->setObjectName(QStringLiteral("exportTitle"));
    m_title->setPlaceholderText(tr("the chart's own title"));
    m_caption->setObjectName(QStringLiteral("exportCaption"));
    m_caption->setPlaceholderText(tr("the scenario and its verdict; - for none"));
    form->addRow(tr("Title"), m_title);
    form->addRow(tr("Caption"), m_caption);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::updateEnabled);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ChartExportDialog::updateEnabled);
    updateEnabled();
}

QString ChartExportDialog::chart() const { return m_chart->currentData().toString(); }
QString ChartExportDialog::suffix() const { return m_format->currentData().toString(); }

void ChartExportDialog::setChart(const QString& chart)
{
    m_chart->setCurrentIndex(std::max(0, m_chart->findData(chart)));
}

ChartExportOptions ChartExportDialog::options() const
{
    ChartExportOptions o;
    o.size = QSize(m_width->value(), m_height->value());
    o.dpi = m_dpi->value();
    o.title = m_title->text().trimmed();
    o.caption = m_caption->text().trimmed();
    return o;
}

void ChartExportDialog::updateEnabled()
{
    // Image-only charts (pipeline schedule, step memory, ZeRO stages compared) offer no data formats.
    const bool hasImage = imageChartIds().contains(chart());
    const bool hasData = chartHasData(chart());
    for (int i = 0; i < m_format->count(); ++i) {
        const bool image = isImageSuffix(m_format->itemData(i).toString());
        if (auto* model = qobject_cast<QStandardItemModel*>(m_format->model()))
            model->item(i)->setEnabled(image ? hasImage : hasData);
    }
    if (!hasImage && isImageSuffix(suffix()))
        m_format->setCurrentIndex(m_format->findData(QStringLiteral("csv")));
    if (!hasData && !isImageSuffix(suffix()))
        m_format->setCurrentIndex(m_format->findData(QStringLiteral("png")));
    const bool image = isImageSuffix(suffix());
    m_width->setEnabled(image);
    m_height->setEnabled(image);
    m_dpi->setEnabled(suffix() == QLatin1String("png"));
    m_title->setEnabled(image);
    m_caption->setEnabled(image);
}

} // namespace shardscope
