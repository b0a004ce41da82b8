// SPDX-License-Identifier: MIT
#pragma once

#include "windowref.h"

#include <QFont>
#include <QHash>
#include <QObject>
#include <QPalette>
#include <QPen>
#include <QPointer>
#include <QSet>
#include <QSize>
#include <QStyle>

#include <memory>

class QAbstractButton;
class QDockWidget;
class QGraphicsItem;
class QStyle;

namespace shardscope {

class MainWindow;
class PresenterBar;
class TourPlayer;

/**
 * Presentation mode (F5, View > Presentation): full screen, type scaled with the screen (factor() =
 * 2 at 1080 lines, more on taller screens), thick chart lines, a high-contrast projector-safe palette
 * (black on white, saturated highlight), the docks and toolbars hidden and the PresenterBar showing only
 * the controls the tour step uses. Keys work wherever the focus is, before any window shortcut or focused
 * view (an application event filter that claims ShortcutOverride): Right / Page Down / Space advance the
 * tour (TourPlayer::advance(): a step that plays an animation plays it on the first key, the next moves
 * on), Left / Page Up go back, 0-3 the ZeRO stage, Esc (or F5) leaves. While a tour runs Space moves
 * it on every tab (the Step tab opened by hand included); with no tour it is the step view's play/pause.
 * Leaving restores every font, pen, palette, size and dock.
 */
class PresentationMode : public QObject
{
    Q_OBJECT
public:
    explicit PresentationMode(MainWindow* window, PresenterBar* bar, QDockWidget* tourDock);
    ~PresentationMode() override;

    /// The type scale for a screen `height` logical pixels tall: max(2, 2 x height / 1080).
    static double factorFor(int height);

    bool isActive() const { return m_active; }
    double factor() const { return m_factor; }
    /// Enters on the window's screen, or as if on a screen of `screenSize` (screenshots, tests: the
    /// window is resized to it instead of going full screen).
    void enter(const QSize& screenSize = QSize());
    void leave();
    void toggle();
    /// Re-applies the scale to widgets created or restyled since entering (the charts re-lay out).
    void rescale();
    static QPalette projectorPalette();
    /// The tour whose step decides what Space does (see above).
    void setPlayer(TourPlayer* player) { m_player = player; }
    /// Right, Left, Page Down, Page Up, Space, 0-3, Esc.
    static bool isPresenterKey(int key);

signals:
    void activeChanged(bool active);
    void nextRequested();
    void previousRequested();

protected:
    bool eventFilter(QObject* o, QEvent* e) override;

private:
    /// Every widget's type times factor(). On `entering`, each widget's own; afterwards (a tour step's new scenario)
    /// only new widgets with a font of their own: a new widget that inherits its font has its parent's scaled type
    /// already (scaled again, the verdict's new fix buttons read at 4x).
    void scaleWidgets(bool entering);
    /// Fonts of charts, axes and legends; with `entering` also the series' pens (only then: see the .cpp).
    void scaleCharts(bool entering);
    void scaleIndicators();
    void restore();
    bool handleKey(int key);
    /// Whether `o` (a widget, the window's QWindow, a QShortcut or QAction) belongs to this window.
    bool ownsReceiver(QObject* o) const;

    WindowRef m_window;
    PresenterBar* m_bar;
    TourPlayer* m_player = nullptr; ///< a child of the same window
    QDockWidget* m_tourDock;
    bool m_active = false;
    double m_factor = 1;
    bool m_wasFullScreen = false;
    bool m_wasMaximized = false;
    QByteArray m_geometry;
    QByteArray m_state;
    QSize m_size;
    QSize m_minimum;
    int m_constraint = 0; ///< QLayout::SizeConstraint of the window before
    QPalette m_palette;
    struct SavedFont
    {
        QPointer<QWidget> widget;
        QFont font;
        bool inherited = false; ///< the font came from the parent (restored by unsetting it)
    };
    QHash<QWidget*, SavedFont> m_fonts;
    QHash<QWidget*, QPair<QPointer<QWidget>, int>> m_fixedHeights;
    QHash<QWidget*, QPair<QPointer<QWidget>, int>> m_rowHeights; ///< tables' default row heights
    QHash<QObject*, QPair<QPointer<QObject>, QFont>> m_chartFonts; ///< chart title, legend, axis labels
    QHash<QObject*, QPair<QPointer<QObject>, QFont>> m_axisTitleFonts;
    QHash<QObject*, QPair<QPointer<QObject>, QPen>> m_pens;
    QList<QPair<QGraphicsItem*, QFont>> m_itemFonts;
    QList<QPointer<QObject>> m_itemScenes;
    QList<QPointer<QWidget>> m_hidden;
    QSet<QGraphicsItem*> m_scaledItems;
    std::unique_ptr<QStyle> m_indicatorStyle; ///< check boxes' and radio buttons' larger indicators
    QList<QPointer<QAbstractButton>> m_styled;
    QMetaObject::Connection m_rescaleOnChange;
};

} // namespace shardscope
