// SPDX-License-Identifier: MIT
#include "settings.h"

#include "resultjson.h"
#include "scenariofile.h"

#include "shardscope/errors.h"

#include <QJsonDocument>
#include <QSettings>

namespace shardscope {

namespace {
// Every key, with its default beside the getter below.
const QString kLastScenario = QStringLiteral("scenario/last"); // JSON text of scenarioToJson(); default: none
const QString kUnits = QStringLiteral("display/units"); // "GB" | "GiB"; default GB (MODEL.md: GB by default)
const QString kCompareStages = QStringLiteral("display/compareStages"); // default false
const QString kGeometry = QStringLiteral("window/geometry"); // default: none (Qt's placement)
const QString kWindowState = QStringLiteral("window/state"); // default: none
const QString kMemoryPage = QStringLiteral("window/memoryPage"); // default: none
const QString kExportFolder = QStringLiteral("export/folder"); // default: none (the scenario's folder, else home)
} // namespace

Settings::Settings(QObject* parent)
    : QObject(parent)
    , m_settings(new QSettings(QStringLiteral("ShardScope"), QStringLiteral("shardscope"), this))
{
}

Settings::~Settings() = default;

std::optional<Scenario> Settings::lastScenario() const
{
    const QByteArray text = m_settings->value(kLastScenario).toByteArray();
    if (text.isEmpty())
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    if (!doc.isObject())
        return std::nullopt;
    try {
        return scenarioFromJson(doc.object(), defaultScenario());
    } catch (const InvalidInput&) {
        return std::nullopt; // written by another version, or edited by hand: start from the default
    }
}

void Settings::setLastScenario(const Scenario& s)
{
    m_settings->setValue(kLastScenario, QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Compact));
}

ByteUnit Settings::units() const
{
    return m_settings->value(kUnits, QStringLiteral("GB")).toString() == QLatin1String("GiB") ? ByteUnit::GiB
                                                                                               : ByteUnit::GB;
}

void Settings::setUnits(ByteUnit u)
{
    if (u == units() && m_settings->contains(kUnits))
        return;
    m_settings->setValue(kUnits, QString::fromLatin1(unitName(u)));
    emit unitsChanged(u);
}

bool Settings::compareStages() const { return m_settings->value(kCompareStages, false).toBool(); }

void Settings::setCompareStages(bool on)
{
    if (on == compareStages() && m_settings->contains(kCompareStages))
        return;
    m_settings->setValue(kCompareStages, on);
    emit compareStagesChanged(on);
}

QByteArray Settings::windowGeometry() const { return m_settings->value(kGeometry).toByteArray(); }
void Settings::setWindowGeometry(const QByteArray& g) { m_settings->setValue(kGeometry, g); }
QByteArray Settings::windowState() const { return m_settings->value(kWindowState).toByteArray(); }
void Settings::setWindowState(const QByteArray& s) { m_settings->setValue(kWindowState, s); }
QByteArray Settings::memoryPageState() const { return m_settings->value(kMemoryPage).toByteArray(); }
void Settings::setMemoryPageState(const QByteArray& s) { m_settings->setValue(kMemoryPage, s); }

QString Settings::exportFolder() const { return m_settings->value(kExportFolder).toString(); }
void Settings::setExportFolder(const QString& dir) { m_settings->setValue(kExportFolder, dir); }

void Settings::clear() { m_settings->clear(); }
void Settings::sync() { m_settings->sync(); }

} // namespace shardscope
