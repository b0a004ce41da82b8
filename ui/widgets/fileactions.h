// SPDX-License-Identifier: MIT
#pragma once

#include "chartexport.h"

#include "shardscope/scenario.h"

#include <QByteArray>
#include <QDialog>
#include <QString>
#include <QStringList>

class QComboBox;
class QSettings;
class QLineEdit;
class QSpinBox;

namespace shardscope {

/// What a file given to the window (Open, drag and drop) holds, judged by its content, not its name.
enum class FileKind { Unknown, Scenario, HfConfig, DeepSpeedConfig, FsdpConfig };
/// "ShardScope scenario", "Hugging Face config.json", ...
QString fileKindName(FileKind k);

/**
 * A JSON object with "format": "shardscope-scenario" (or the result JSON of `shardscope estimate`)
 * is a scenario; one with "model_type" a Hugging Face config; one with any DeepSpeed top-level key
 * (zero_optimization, train_batch_size, train_micro_batch_size_per_gpu, fp16, bf16, ...) a DeepSpeed
 * config; YAML text with "distributed_type:" or "fsdp_config:" at the start of a line an accelerate
 * FSDP config. Everything else is Unknown.
 */
FileKind detectFileKind(const QByteArray& bytes);

/// The importers the File > Import menu offers.
enum class ImportKind { HfConfig, DeepSpeedConfig, FsdpConfig, MegatronArgs };
QString importKindName(ImportKind k);

struct ImportOutcome
{
    Scenario scenario;
    QStringList notes; ///< what the import derived, assumed or ignored
};

/**
 * Applies a config onto `base`: a file path for HfConfig, DeepSpeedConfig and FsdpConfig, the argument
 * text for MegatronArgs. Throws InvalidInput with the importer's message (it names the place).
 */
ImportOutcome importConfig(ImportKind kind, const QString& pathOrArgs, const Scenario& base);

/// The recently opened or saved scenario files (newest first, at most kMax), typed over QSettings.
class RecentFiles
{
public:
    static constexpr int kMax = 8;
    RecentFiles();
    ~RecentFiles();

    QStringList files() const;
    /// Moves `path` to the front (absolute, cleaned), dropping the oldest beyond kMax.
    void add(const QString& path);
    void remove(const QString& path);
    /// Removes the files that no longer exist and returns them.
    QStringList pruneMissing();
    void clear();

    /// The scenario file the window showed last (restored at start with the autosave); empty: none.
    QString currentFile() const;
    void setCurrentFile(const QString& path);

private:
    void setFiles(const QStringList& files);
    QSettings* m_settings;
};

/// File > Export > Chart...: which chart, which format, and the size and DPI of a PNG.
class ChartExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ChartExportDialog(QWidget* parent = nullptr);
    QString chart() const;
    QString suffix() const;
    ChartExportOptions options() const;
    void setChart(const QString& chart);

private:
    void updateEnabled();

    QComboBox* m_chart;
    QComboBox* m_format;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_dpi;
    QLineEdit* m_title; ///< as export --title (empty: the chart's own)
    QLineEdit* m_caption; ///< as export --caption (empty: the scenario and its verdict; "-": none)
};

} // namespace shardscope
