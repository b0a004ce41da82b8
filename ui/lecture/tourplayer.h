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
    bool isAnimated() const { return m_animated; }
    bool animating() const { return m_timer.isActive(); }
    /// Ends a running animation at its last frame.
    void finishAnimation();
    /// Presentation mode: a step with "play" arrives with the step view at its start, and the next advance()
    /// plays it (a lecturer's clicker: the animation runs when asked for; the key after moves on).
    void setHoldAnimations(bool on) { m_hold = on; }
    bool holdsAnimations() const { return m_hold; }
    /// Whether the current step's animation waits for the next advance().
    bool animationPending() const { return m_pendingPlay; }

    /// The widget a highlight name points at in the window (nullptr when the window has none).
    QWidget* highlightTarget(const QString& name) const;
    HighlightOverlay* overlay() const { return m_overlay; }

public slots:
    void goTo(int index);
    void next();
    void previous();
    /// The presenter's "next": plays the current step's held animation if it waits (setHoldAnimations()),
    /// else goes to the next step.
    void advance();

signals:
    void stepChanged(int index);
    void tourChanged();
    /// advance() started the current step's held animation.
    void animationStarted();

private:
    void frame();
    void arrive();
    WindowRef m_window;
    HighlightOverlay* m_overlay;
    Tour m_tour;
    int m_index = -1;
    bool m_animated = true;
    bool m_hold = false;
    bool m_pendingPlay = false;
    QTimer m_timer;
    int m_frame = 0;
    Scenario m_from;
};

} // namespace shardscope
