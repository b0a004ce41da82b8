// SPDX-License-Identifier: MIT
#pragma once

#include "chartexport.h"
#include "fileactions.h"

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QActionGroup;
class QDockWidget;
class QMenu;
class QPlainTextEdit;
class QScrollArea;
class QTabWidget;
class QUndoStack;

namespace shardscope {

class CompareWidget;
class ControlsPanel;
class MemoryPage;
class PeersPage;
class PlanPage;
class ScenarioState;
class Settings;
class StepPage;
class StepView;
class TrainDemoPanel;

/**
 * The explorer window: a frame and a mediator. The ControlsPanel (a dock) emits a Scenario; the window
 * passes it to every page (Memory, Step, Compare; others plug in with addPage() and scenarioChanged()).
 * Pages that are not visible are only told the scenario when shown, so a slider move costs the visible
 * page alone.
 *
 * The File menu's actions ask for a path and then call the functions below, which never open a dialog:
 * they return false and emit fileError() with a message naming the file and the place in it, leaving
 * the scenario untouched. Import notes go to the Messages dock (and importNotes()).
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// Off: no settings, no autosave, no recent files (tests, screenshots, benchmarks). KeepGiven: show the
    /// given scenario, restore the layout, autosave and save on exit. RestoreLast: as KeepGiven, but start
    /// from the last scenario (the autosave first: it survives a crash; else the settings).
    enum class Session { Off, KeepGiven, RestoreLast };

    static constexpr int kAutosaveDelayMs = 500; ///< ScenarioState::kAutosaveDelayMs

    explicit MainWindow(const Scenario& scenario, QWidget* parent = nullptr);
    MainWindow(const Scenario& scenario, Session session, QWidget* parent = nullptr);
    ~MainWindow() override;

    const Scenario& scenario() const;
    /// The one owner of the scenario: pages listen to its changed() and read its advice.
    ScenarioState* state() const { return m_state; }
    /// Shows `s` in the controls and every page (emits scenarioChanged()).
    void setScenario(const Scenario& s);
    void resetToDefault();

    ByteUnit unit() const { return m_unit; }
    void setUnit(ByteUnit unit);

    void addPage(QWidget* page, const QString& title);
    QTabWidget* tabs() const { return m_tabs; }
    QMenu* fileMenu() const { return m_fileMenu; }
    ControlsPanel* controls() const { return m_controls; }
    MemoryPage* memoryPage() const { return m_memory; }
    StepPage* stepPage() const { return m_stepPage; }
    StepView* stepView() const;
    CompareWidget* compareWidget() const { return m_compare; }
    PlanPage* planPage() const { return m_plan; }
    QPlainTextEdit* messages() const { return m_messages; }
    /// Shows the "memory", "step", "compare", "plan" or "peers" tab; false for another name.
    bool showTab(const QString& name);
    /// Every scenario change (controls, a verdict's fix, New, Open, Import, Reset) is one command here; a dragged
    /// slider merges into one. Undo shows the previous scenario exactly.
    QUndoStack* undoStack() const { return m_undo; }
    /// The keyboard shortcuts sheet (Help > Keyboard Shortcuts), as HTML.
    static QString shortcutsSheet();

    // --- File actions without dialogs (the menu asks for the path, then calls these).
    /// File > New: the default scenario, no file.
    void newScenario();
    bool openScenarioFile(const QString& path);
    /// Saves to the current file; false when there is none (Save As asks for one).
    bool saveScenario();
    bool saveScenarioAs(const QString& path);
    /// File > Import: a file path, or the argument text for Megatron.
    bool importConfigFrom(ImportKind kind, const QString& pathOrArgs);
    /// A dropped (or opened) file of any kind detectFileKind() knows.
    bool openAnyFile(const QString& path);
    /// Exports `chart` of the current scenario (File > Export > Chart).
    bool exportChartTo(const QString& chart, const QString& path, const ChartExportOptions& o);
    bool exportBundleTo(const QString& dir);
    /// Open Recent: opens `path`, or removes it from the list with a message when it is gone.
    bool openRecent(const QString& path);
    QStringList recentFiles() const;

    QString currentFile() const { return m_currentFile; }
    QString lastError() const { return m_lastError; }
    /// The Help > About text: name, version (QCoreApplication::applicationVersion()), Qt version.
    static QString aboutText();
    QStringList lastNotes() const { return m_lastNotes; }

    /// Compare: A := the current scenario; B keeps following the controls.
    void pinCurrentAsA();

    // --- Autosave (on with a session): each change restarts a kAutosaveDelayMs single-shot timer.
    void setAutosaveEnabled(bool on);
    bool autosaveEnabled() const;
    bool autosavePending() const;
    /// Writes the pending autosave now (what the timer does when it fires).
    void flushAutosave();

    /// Writes the scenario and layout to the settings now (also done on close).
    void saveSession();

signals:
    void scenarioChanged(const shardscope::Scenario& s);
    void unitChanged(shardscope::ByteUnit unit);
    void autosaved(const QString& path);
    void fileError(const QString& message);
    void importNotes(const QStringList& notes);

protected:
    void closeEvent(QCloseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void onControlsChanged(const Scenario& s);
    /// ScenarioState::changed(): every page shows the new scenario and its advice.
    void onScenarioChanged(const Scenario& s);
    void onTabChanged(int index);
    void buildFileMenu();
    void updateTitle();
    void setModified(bool modified);
    void setCurrentFile(const QString& path);
    void fail(const QString& message);
    void note(const QString& heading, const QStringList& lines);
    /// The scenario to start with after a crash or a clean exit (nullopt: the one given).
    std::optional<Scenario> restoreAutosave();
    // The menu's halves that ask (dialogs); each then calls the function above and shows its error.
    void askOpen();
    void askSaveAs();
    void askImport(ImportKind kind);
    void askExportChart(const QString& chart = QString());
    void askExportBundle();
    void showFailure(const QString& title);
    void populateRecentMenu();
    void installChartMenus();
    void buildHelpMenu();
    void installStepShortcuts();
    /// Shows `s` without recording an undo command (Undo and Redo call this).

    ScenarioState* m_state;
    bool m_controlsShowIt = false; ///< the change being shown is on the controls already
    ByteUnit m_unit = ByteUnit::GB;
    Session m_session = Session::Off;
    Settings* m_settings = nullptr;
    std::unique_ptr<RecentFiles> m_recent;
    ControlsPanel* m_controls;
    QScrollArea* m_controlsScroll;
    QDockWidget* m_dock;
    QTabWidget* m_tabs;
    MemoryPage* m_memory;
    StepPage* m_stepPage;
    QWidget* m_comparePage;
    CompareWidget* m_compare;
    bool m_compareDirty = true;
    PlanPage* m_plan = nullptr;
    PeersPage* m_peers = nullptr;
    TrainDemoPanel* m_train = nullptr;
    QAction* m_resetAction = nullptr;
    QDockWidget* m_messagesDock;
    QPlainTextEdit* m_messages;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QActionGroup* m_unitActions;
    QUndoStack* m_undo; ///< m_state's

    QString m_currentFile;
    bool m_modified = false;
    QString m_lastError;
    QStringList m_lastNotes;
};

} // namespace shardscope
