// SPDX-License-Identifier: MIT
#pragma once

#include "tour.h"

#include "windowref.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

namespace shardscope {

class HighlightOverlay;
class MainWindow;

/**
 * Plays a tour in a MainWindow: each step sets the step's scenario (animated from the previous one over
 * kAnimationMs, through intermediate scenarios that validate), shows the step's tab, highlights the
 * step's chart element and, with "play", starts the step view's animation.
 */
class TourPlayer : public QObject
{
    Q_OBJECT
public:
    static constexpr int kAnimationMs = 600;
    static constexpr int kAnimationFrames = 8;

    explicit TourPlayer(MainWindow* window);
    ~TourPlayer() override;

    void setTour(const Tour& tour);
    void clear();
    bool hasTour() const { return !m_tour.steps.isEmpty(); }
    const Tour& tour() const { return m_tour; }
    int index() const { return m_index; }
    int count() const { return int(m_tour.steps.size()); }
    const TourStep* step() const;

    /// Animations on (the window) or off (tests, screenshots: each step lands at once).
    void setAnimated(bool on) { m_animated = on; }
    bool animating() const { return m_timer.isActive(); }
    /// Ends a running animation at its last frame.
    void finishAnimation();

    /// The widget a highlight name points at in the window (nullptr when the window has none).
    QWidget* highlightTarget(const QString& name) const;
    HighlightOverlay* overlay() const { return m_overlay; }

public slots:
    void goTo(int index);
    void next();
    void previous();

signals:
    void stepChanged(int index);
    void tourChanged();

private:
    void frame();
    void arrive();
    WindowRef m_window;
    HighlightOverlay* m_overlay;
    Tour m_tour;
    int m_index = -1;
    bool m_animated = true;
    QTimer m_timer;
    int m_frame = 0;
    Scenario m_from;
};

} // namespace shardscope
