// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QPointer>
#include <QRectF>
#include <QWidget>

#include <functional>
#include <optional>

namespace shardscope {

/// A thick rounded frame drawn over another widget of the window (a tour step's chart element), or over
/// one part of it (a bar segment: setArea). Transparent for the mouse; follows the target when it moves,
/// resizes, shows or hides, and, with an area, whenever the target repaints (the bars moved).
class HighlightOverlay : public QWidget
{
    Q_OBJECT
public:
    explicit HighlightOverlay(QWidget* window);
    void setTarget(QWidget* target);
    /// The part of the target to frame, in the target's coordinates (nullopt: nothing to frame now, e.g. the
    /// term holds no bytes in this scenario). Without an area the whole target is framed.
    using Area = std::function<std::optional<QRectF>()>;
    void setTarget(QWidget* target, Area area);
    /// The framed rectangle in the window's coordinates, without the frame's padding (empty when hidden).
    QRect framedRect() const;
    QWidget* target() const { return m_target; }
    void setLineWidth(int px);
    int lineWidth() const { return m_width; }

protected:
    bool eventFilter(QObject* o, QEvent* e) override;
    void paintEvent(QPaintEvent* e) override;

private:
    void follow();
    QRect framedNow() const;
    QPointer<QWidget> m_target;
    QList<QPointer<QWidget>> m_ancestors; ///< the target's parents up to the window: their moves move the target
    QPointer<QWidget> m_repaints; ///< the widget whose paint events move an area (a chart view's viewport)
    Area m_area;
    QRect m_framed;
    int m_width = 4;
};

} // namespace shardscope
