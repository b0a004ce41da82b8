// SPDX-License-Identifier: MIT
#include "tourdraft.h"

#include "resultjson.h"

#include <QJsonDocument>

namespace shardscope {

namespace {
QJsonObject texts(const TourText& t)
{
    QJsonObject o;
    for (auto it = t.byLanguage.cbegin(); it != t.byLanguage.cend(); ++it)
        if (!it.value().trimmed().isEmpty())
            o.insert(it.key(), it.value());
    return o;
}
} // namespace

void TourDraft::clear()
{
    m_steps = QJsonArray();
    m_last = QJsonObject();
}

void TourDraft::addStep(const Scenario& s, const QString& tab, const QString& highlight, const TourText& caption)
{
    QJsonObject keys = scenarioToJson(s);
    keys.remove(QStringLiteral("params")); // derived: not read back
    keys.remove(QStringLiteral("dp"));
    QJsonObject set;
    for (auto it = keys.constBegin(); it != keys.constEnd(); ++it)
        if (m_last.value(it.key()) != it.value() || !m_last.contains(it.key()))
            set.insert(it.key(), it.value());
    QJsonObject step;
    if (!set.isEmpty())
        step.insert(QStringLiteral("set"), set);
    step.insert(QStringLiteral("tab"), tab == QLatin1String("step") || tab == QLatin1String("train") ? tab : QStringLiteral("memory"));
    if (!highlight.isEmpty())
        step.insert(QStringLiteral("highlight"), highlight);
    step.insert(QStringLiteral("caption"), texts(caption));
    QJsonArray steps = m_steps;
    steps.append(step);
    (void)parseTour(bytesWith(steps), QStringLiteral("<draft>")); // throws: the draft stays as it was
    m_steps = steps;
    m_last = keys;
}

QByteArray TourDraft::bytesWith(const QJsonArray& steps) const
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("shardscope-tour"));
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("id"), m_id);
    root.insert(QStringLiteral("title"), texts(m_title));
    root.insert(QStringLiteral("steps"), steps);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray TourDraft::bytes() const { return bytesWith(m_steps); }

Tour TourDraft::tour() const { return parseTour(bytes(), QStringLiteral("<draft>")); }

} // namespace shardscope
