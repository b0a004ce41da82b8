// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "controlspanel.h"
#include "memorypage.h"
#include "settings.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolBar>

namespace shardscope {

MainWindow::MainWindow(const Scenario& scenario, QWidget* parent)
    : MainWindow(scenario, Session::Off, parent)
{
}

MainWindow::MainWindow(const Scenario& scenario, Session session, QWidget* parent)
    : QMainWindow(parent)
    , m_scenario(scenario)
    , m_session(session)
    , m_controls(new ControlsPanel)
    , m_controlsScroll(new QScrollArea(this))
    , m_dock(new QDockWidget(QStringLiteral("Scenario"), this))
    , m_tabs(new QTabWidget(this))
    , m_memory(new MemoryPage(this))
{
    setWindowTitle(QStringLiteral("ShardScope"));
    setObjectName(QStringLiteral("MainWindow"));

    m_controlsScroll->setWidget(m_controls);
    m_controlsScroll->setWidgetResizable(true);
    m_controlsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_controlsScroll->setMinimumWidth(m_controls->sizeHint().width() + 24);
    m_dock->setObjectName(QStringLiteral("scenarioDock"));
    m_dock->setWidget(m_controlsScroll);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    m_tabs->setObjectName(QStringLiteral("pages"));
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    addPage(m_memory, QStringLiteral("Memory"));

    // File menu: others add open/save/export here.
    m_fileMenu = menuBar()->addMenu(QStringLiteral("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    QAction* reset = m_fileMenu->addAction(QStringLiteral("&Reset to Default Scenario"), this, &MainWindow::resetToDefault);
    reset->setObjectName(QStringLiteral("actionReset"));
    m_fileMenu->addSeparator();
    QAction* quit = m_fileMenu->addAction(QStringLiteral("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    // Units: GB (10^9, default) or GiB (2^30), always named.
    QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
    auto* toolbar = addToolBar(QStringLiteral("Display"));
    toolbar->setObjectName(QStringLiteral("displayToolbar"));
    toolbar->setMovable(false);
    toolbar->addWidget(new QLabel(QStringLiteral(" Units: "), toolbar));
    m_unitActions = new QActionGroup(this);
    m_unitActions->setExclusive(true);
    for (ByteUnit u : {ByteUnit::GB, ByteUnit::GiB}) {
        QAction* a = m_unitActions->addAction(u == ByteUnit::GB ? QStringLiteral("GB (10^9 bytes)") : QStringLiteral("GiB (2^30 bytes)"));
        a->setObjectName(u == ByteUnit::GB ? QStringLiteral("actionUnitsGB") : QStringLiteral("actionUnitsGiB"));
        a->setCheckable(true);
        a->setChecked(u == m_unit);
        a->setData(static_cast<int>(u));
        view->addAction(a);
        toolbar->addAction(a);
        connect(a, &QAction::triggered, this, [this, u] { setUnit(u); });
    }
    toolbar->addSeparator();
    toolbar->addAction(reset);
    view->addSeparator();
    view->addAction(m_dock->toggleViewAction());

    connect(m_controls, &ControlsPanel::scenarioChanged, this, &MainWindow::onControlsChanged);
    connect(m_controls, &ControlsPanel::resetRequested, this, &MainWindow::resetToDefault);

    if (m_session != Session::Off) {
        m_settings = new Settings(this);
        if (m_session == Session::RestoreLast)
            if (const std::optional<Scenario> last = m_settings->lastScenario())
                m_scenario = *last;
        m_unit = m_settings->units();
        m_memory->setCompareStages(m_settings->compareStages());
        restoreGeometry(m_settings->windowGeometry());
        restoreState(m_settings->windowState(), Settings::kLayoutVersion);
        m_memory->restoreState(m_settings->memoryPageState());
        connect(m_memory, &MemoryPage::compareStagesToggled, m_settings, &Settings::setCompareStages);
    } else {
        resize(1600, 1000);
    }
    for (QAction* a : m_unitActions->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(m_unit));
    m_memory->setUnit(m_unit);
    setScenario(m_scenario);
}

MainWindow::~MainWindow()
{
    saveSession();
}

void MainWindow::addPage(QWidget* page, const QString& title) { m_tabs->addTab(page, title); }

void MainWindow::setScenario(const Scenario& s)
{
    m_controls->setScenario(s);
    onControlsChanged(s);
}

void MainWindow::resetToDefault() { setScenario(defaultScenario()); }

void MainWindow::onControlsChanged(const Scenario& s)
{
    m_scenario = s;
    m_memory->setScenario(s);
    emit scenarioChanged(s);
}

void MainWindow::setUnit(ByteUnit unit)
{
    m_unit = unit;
    for (QAction* a : m_unitActions->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(unit));
    m_memory->setUnit(unit);
    if (m_settings)
        m_settings->setUnits(unit);
    emit unitChanged(unit);
}

void MainWindow::saveSession()
{
    if (!m_settings)
        return;
    m_settings->setLastScenario(m_scenario);
    m_settings->setUnits(m_unit);
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState(Settings::kLayoutVersion));
    m_settings->setMemoryPageState(m_memory->saveState());
    m_settings->sync();
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    saveSession();
    QMainWindow::closeEvent(e);
}

} // namespace shardscope
