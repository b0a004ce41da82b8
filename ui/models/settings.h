// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QByteArray>
#include <QObject>

#include <optional>

class QSettings;

namespace shardscope {

/**
 * The explorer's settings, typed, over QSettings (organisation "ShardScope", application "shardscope").
 * Every key and its default is defined once, in settings.cpp. Window layout blobs carry a version so
 * that a layout saved by an older build is ignored instead of misapplied.
 */
class Settings : public QObject
{
    Q_OBJECT
public:
    explicit Settings(QObject* parent = nullptr);
    ~Settings() override;

    /// The last scenario (stored as scenarioToJson()); nullopt when none is stored or it does not read back.
    std::optional<Scenario> lastScenario() const;
    void setLastScenario(const Scenario& s);

    ByteUnit units() const;
    void setUnits(ByteUnit u);

    bool compareStages() const;
    void setCompareStages(bool on);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& g);
    QByteArray windowState() const; ///< QMainWindow::saveState(kLayoutVersion)
    void setWindowState(const QByteArray& s);
    QByteArray memoryPageState() const; ///< the Memory page's splitters
    void setMemoryPageState(const QByteArray& s);

    /// The one folder the export dialogs open in (issue 26); empty until something was exported.
    QString exportFolder() const;
    void setExportFolder(const QString& dir);

    /// Forget everything (tests, "reset").
    void clear();
    void sync();

    static constexpr int kLayoutVersion = 1;

signals:
    void unitsChanged(shardscope::ByteUnit u);
    void compareStagesChanged(bool on);

private:
    QSettings* m_settings;
};

} // namespace shardscope
