// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <QMainWindow>

class QActionGroup;
class QDockWidget;
class QMenu;
class QScrollArea;
class QTabWidget;

namespace shardscope {

class ControlsPanel;
class MemoryPage;
class Settings;

/**
 * The explorer window: a frame and a mediator. The ControlsPanel (a dock) emits a Scenario; the window
 * passes it to every page (the Memory tab first; others plug in with addPage() and scenarioChanged()).
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// Off: no settings at all (tests, screenshots, benchmarks). KeepGiven: show the given scenario, restore
    /// the layout and save on exit. RestoreLast: as KeepGiven, but start from the last saved scenario.
    enum class Session { Off, KeepGiven, RestoreLast };

    explicit MainWindow(const Scenario& scenario, QWidget* parent = nullptr);
    MainWindow(const Scenario& scenario, Session session, QWidget* parent = nullptr);
    ~MainWindow() override;

    const Scenario& scenario() const { return m_scenario; }
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

    /// Writes the scenario and layout to the settings now (also done on close).
    void saveSession();

signals:
    void scenarioChanged(const shardscope::Scenario& s);
    void unitChanged(shardscope::ByteUnit unit);

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void onControlsChanged(const Scenario& s);

    Scenario m_scenario;
    ByteUnit m_unit = ByteUnit::GB;
    Session m_session = Session::Off;
    Settings* m_settings = nullptr;
    ControlsPanel* m_controls;
    QScrollArea* m_controlsScroll;
    QDockWidget* m_dock;
    QTabWidget* m_tabs;
    MemoryPage* m_memory;
    QMenu* m_fileMenu;
    QActionGroup* m_unitActions;
};

} // namespace shardscope
