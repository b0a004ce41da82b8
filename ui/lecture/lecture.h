// SPDX-License-Identifier: MIT
#pragma once

#include "mainwindow.h"
#include "tour.h"
#include "tourdraft.h"

#include "windowref.h"

#include <QObject>
#include <QPointer>
#include <QSize>

#include <memory>
#include <optional>

class QActionGroup;
class QDockWidget;

namespace shardscope {

class GlossaryPanel;
class PresentationMode;
class PresenterBar;
class TourPanel;
class TourPlayer;

/**
 * Lecture mode on a MainWindow (issue 14), attached from outside so that the window itself only gains
 * menu entries: File > Open Tour..., the Tour menu (built-in tours, next/previous), View > Presentation
 * (F5), View > Glossary, View > Language, F1 for the glossary term of the control under the mouse.
 */
class Lecture : public QObject
{
    Q_OBJECT
public:
    /// The most a page may ask for, so that 1.5 x (page + menu + toolbar + tabs) fits 1080 lines.
    static constexpr int kMaxPageMinimumHeight = 460;

    explicit Lecture(MainWindow* window);
    ~Lecture() override;

    /// A built-in tour id or a tour file; false with lastError() (also in the Messages dock).
    bool openTour(const QString& nameOrPath);
    /// Plays an already loaded tour from its first step and shows the tour panel.
    void play(const Tour& tour);
    QString lastError() const { return m_lastError; }

    MainWindow* window() const { return m_window; }
    TourPlayer* player() const { return m_player; }
    TourPanel* tourPanel() const { return m_panel; }
    PresenterBar* presenterBar() const { return m_bar; }
    PresentationMode* presentation() const { return m_presentation; }
    GlossaryPanel* glossary() const { return m_glossary; }
    QDockWidget* tourDock() const { return m_tourDock; }
    QDockWidget* glossaryDock() const { return m_glossaryDock; }
    /// What a rebuilt window (View > Language) takes over: the running tour, its step, presentation mode.
    struct Carry
    {
        std::optional<Tour> tour;
        int step = 0;
        bool presenting = false;
    };
    Carry carry() const;
    /// Plays the carried tour at its step (captions in the language installed now) and re-enters presentation
    /// mode (on the window's screen, or as if on `screenSize`: tests).
    void resume(const Carry& c, const QSize& screenSize = QSize());
    /// The tour being built by "Add This View as a Step" (Tour menu).
    TourDraft& draft() { return m_draft; }
    /// Appends the window's scenario, tab and `highlight` with `caption` to the draft; false with lastError() when the
    /// caption is refused (placeholders differ between languages, an unknown quantity, no English text).
    bool addViewAsStep(const TourText& caption, const QString& highlight);
    /// Tour > Add This View as a Step...: a small dialog for the caption (placeholders offered from the quantity list
    /// with this view's values) and the highlight.
    void askAddViewAsStep();
    /// Writes the draft through the checked atomic writer; false with lastError().
    bool saveDraft(const QString& path);
    /// Tour > Save Tour As...
    void askSaveDraft();
    /// The window's tab as a tour names it: "step", "train", else "memory".
    QString currentTourTab() const;
    /// Opens the glossary at the term of `w` (or its nearest ancestor with one); false when none.
    bool showGlossaryFor(const QWidget* w);

protected:
    /// A tour file dropped on the window plays (other files go to the window's own drop handling).
    bool eventFilter(QObject* o, QEvent* e) override;

signals:
    /// View > Language: the choice ("system", "en", "ru", "zh_CN") is stored and installed; the window
    /// is rebuilt by whoever owns it (runLectureWindow() does) so that every label is retranslated.
    void languageChosen(const QString& choice);

private:
    void buildMenus();
    void askOpenTour();
    void onStepChanged(int index);
    /// Presentation mode: the tour dock as high as its content (presenter bar, buttons, the caption's laid-out lines).
    void fitTourDock();

    WindowRef m_window;
    TourPlayer* m_player;
    PresenterBar* m_bar;
    TourPanel* m_panel;
    QDockWidget* m_tourDock;
    GlossaryPanel* m_glossary;
    QDockWidget* m_glossaryDock;
    PresentationMode* m_presentation;
    QActionGroup* m_languages = nullptr;
    QString m_lastError;
    TourDraft m_draft;
};

/**
 * The lecture's window, rebuilt when View > Language changes so that every label is retranslated: the rebuilt window
 * keeps the scenario and geometry, the running tour its step, presentation mode stays on. runLectureWindow() holds
 * one for the GUI's main loop; tests drive the Language menu through it.
 */
class LectureWindowHost : public QObject
{
    Q_OBJECT
public:
    explicit LectureWindowHost(QObject* parent = nullptr);
    ~LectureWindowHost() override;

    /// Builds the window on `scenario` (Session as given) with its Lecture attached; not shown.
    void build(const Scenario& scenario, MainWindow::Session session);
    MainWindow* window() const { return m_window.get(); }
    Lecture* lecture() const;
    /// Windows built so far: the first and one per language change.
    int builds() const { return m_builds; }

signals:
    /// A window rebuilt for a new language is shown and its lecture resumed.
    void rebuilt();

private:
    void rebuild(const QByteArray& geometry, const Scenario& scenario, const Lecture::Carry& carried);

    std::unique_ptr<MainWindow> m_window;
    int m_builds = 0;
};

/**
 * The GUI's main loop with lecture mode: builds the window on `scenario` (Session as given), attaches a
 * Lecture, opens `file` (a tour or any file the window opens) when given, and rebuilds the window when
 * View > Language changes (the session keeps the scenario). Returns QApplication::exec()'s code.
 */
int runLectureWindow(const Scenario& scenario, MainWindow::Session session, const QString& file = QString());

} // namespace shardscope
