// SPDX-License-Identifier: MIT
#pragma once

#include "tour.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace shardscope {

/**
 * A tour a lecturer builds by clicking through the app (Tour > Add This View as a Step, Save Tour As...): each step
 * records the scenario (the first step in full, later ones the keys that changed), the tab and the highlight, and the
 * caption typed for it. bytes() is a tour file (docs/tours.md) that parseTour() reads back to the same scenarios.
 */
class TourDraft
{
public:
    bool isEmpty() const { return m_steps.isEmpty(); }
    int count() const { return int(m_steps.size()); }
    void clear();
    QString id() const { return m_id; }
    void setId(const QString& id) { m_id = id; }
    TourText title() const { return m_title; }
    void setTitle(const TourText& t) { m_title = t; }

    /// Appends a step. `tab` is "memory", "step" or "train" (another tab of the window counts as "memory"),
    /// `highlight` a tourHighlights() name or empty, `caption` with "en" and optionally "ru", "zh_CN".
    /// Throws InvalidInput("tour", ...) when the draft with this step would not parse (a caption's placeholders
    /// differ between languages, an unknown quantity, no English text): the draft is left as it was.
    void addStep(const Scenario& s, const QString& tab, const QString& highlight, const TourText& caption);
    /// The tour file.
    QByteArray bytes() const;
    /// The draft parsed (origin "<draft>").
    Tour tour() const;

private:
    QByteArray bytesWith(const QJsonArray& steps) const;
    QString m_id = QStringLiteral("my-tour");
    TourText m_title {{{QStringLiteral("en"), QStringLiteral("My tour")}}};
    QJsonArray m_steps;
    QJsonObject m_last; ///< the scenario keys of the last step added
};

} // namespace shardscope
