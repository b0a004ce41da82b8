// SPDX-License-Identifier: MIT
#include "mainwindow.h"
#include "traindemopanel.h"

#include "comparewidget.h"
#include "peerspage.h"
#include "planpage.h"
#include "controlspanel.h"
#include "hardwarepanel.h"
#include "hostmemorychart.h"
#include "memorypage.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "resultjson.h"
#include "scenariostate.h"
#include "scenariofile.h"
#include "settings.h"
#include "steppage.h"
#include "stepview.h"
#include "textshaping.h"
#include "wheelguard.h"
#include "explorer.h"
#include "chartexport.h"

#include "shardscope/errors.h"
#include "shardscope/knobs.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QGuiApplication>
#include <QScreen>
#include <QActionGroup>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCloseEvent>
#include <QDialog>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QTabBar>
#include <QTabWidget>
#include <QStyle>
#include <QTextBrowser>
#include <QToolBar>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace shardscope {

namespace {
QString scenarioFilter()
{
    return QCoreApplication::translate("shardscope::MainWindow", "ShardScope scenarios (*.shardscope.json *.json);;All files (*)");
}
const QString kScenarioSuffix = QStringLiteral(".shardscope.json");

QString what(const std::exception& e) { return QString::fromUtf8(e.what()); }

/// A refusal as the window words it: a core refusal in the window's language, any other without command-line flags.
QString windowText(const std::exception& e)
{
    if (const auto* invalid = dynamic_cast<const InvalidInput*>(&e))
        return validationText(*invalid);
    return withoutFlags(what(e));
}

QString startDir(const QString& currentFile)
{
    return currentFile.isEmpty() ? QDir::homePath() : QFileInfo(currentFile).absolutePath();
}
} // namespace

QString MainWindow::aboutText()
{
    // The version comes from project(VERSION) through QCoreApplication::applicationVersion().
    return tr("<h3>ShardScope %1</h3><p>Where GPU memory and time go when a large model is trained on many "
                          "GPUs: per-GPU memory by term and rank, the smallest N that fits, and one training step's "
                          "collectives.</p><p>Every number comes from one model in <tt>core/</tt>; its formulas and "
                          "sources are in Help &gt; The Model.</p><p>Built with Qt %2. MIT licence.</p>")
        .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()));
}

MainWindow::MainWindow(const Scenario& scenario, QWidget* parent)
    : MainWindow(scenario, Session::Off, parent)
{
}

MainWindow::MainWindow(const Scenario& scenario, Session session, QWidget* parent)
    : QMainWindow((useFastTextShaping(), parent)) // before any widget is built: text is laid out as in the app
    , m_state(new ScenarioState(scenario, this))
    , m_session(session)
    , m_controls(new ControlsPanel)
    , m_controlsScroll(new QScrollArea(this))
    , m_dock(new QDockWidget(tr("Scenario"), this))
    , m_tabs(new QTabWidget(this))
    , m_memory(new MemoryPage(this))
    , m_stepPage(new StepPage(this))
    , m_comparePage(new QWidget(this))
    , m_compare(new CompareWidget(m_comparePage))
    , m_messagesDock(new QDockWidget(tr("Messages"), this))
    , m_messages(new QPlainTextEdit(m_messagesDock))
    , m_undo(m_state->undoStack())
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);

    m_controlsScroll->setWidget(m_controls);
    m_controlsScroll->setWidgetResizable(true);
    m_controlsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The panel's rows wrap (a field under its label) down to its minimum width; the dock is never wider than the
    // panel's rows on one line (issue 26: a dock without a maximum width took 591 px of a 1366 px screen in Russian).
    m_controlsScroll->setMinimumWidth(m_controls->minimumSizeHint().width() + 24);
    m_dock->setObjectName(QStringLiteral("scenarioDock"));
    m_dock->setWidget(m_controlsScroll);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    // Import notes and file errors, in words; hidden until there is something to read.
    m_messages->setObjectName(QStringLiteral("messages"));
    m_messages->setReadOnly(true);
    m_messages->setMaximumBlockCount(2000);
    m_messagesDock->setObjectName(QStringLiteral("messagesDock"));
    m_messagesDock->setWidget(m_messages);
    addDockWidget(Qt::BottomDockWidgetArea, m_messagesDock);
    m_messagesDock->hide();

    m_tabs->setObjectName(QStringLiteral("pages"));
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    addPage(m_memory, tr("Memory"));
    addPage(m_stepPage, tr("Step"));

    // Compare: A pinned, B = the live scenario.
    m_comparePage->setObjectName(QStringLiteral("comparePage"));
    auto* compareLayout = new QVBoxLayout(m_comparePage);
    auto* compareBar = new QHBoxLayout;
    auto* pin = new QPushButton(tr("Pin current as A"), m_comparePage);
    pin->setObjectName(QStringLiteral("pinA"));
    pin->setToolTip(tr("Keep the scenario shown now as A; B follows the controls."));
    auto* unpin = new QPushButton(tr("Unpin A"), m_comparePage);
    unpin->setObjectName(QStringLiteral("unpinA"));
    compareBar->addWidget(pin);
    compareBar->addWidget(unpin);
    compareBar->addStretch(1);
    compareLayout->addLayout(compareBar);
    compareLayout->addWidget(m_compare, 1);
    connect(pin, &QPushButton::clicked, this, &MainWindow::pinCurrentAsA);
    connect(unpin, &QPushButton::clicked, m_compare, &CompareWidget::unpin);
    addPage(m_comparePage, tr("Compare"));
    // Plan: every parallel layout searched on a worker (issue 11); a clicked layout is applied like a control change.
    m_plan = new PlanPage(this);
    addPage(m_plan, tr("Plan"));
    connect(m_plan, &PlanPage::layoutRequested, this, &MainWindow::setScenario);
    connect(m_plan, &PlanPage::planUpdated, this, [this] {
        if (m_plan->bestLayoutScenario())
            m_memory->setBestLayout(m_plan->bestLayout(), *m_plan->bestLayoutScenario());
        else if (m_plan->result())
            m_memory->setBestLayout(std::nullopt, m_state->scenario());
    });
    // Peers: other estimators' conventions beside ours (issue 10); recomputes only while visible.
    m_peers = new PeersPage(this);
    addPage(m_peers, tr("Peers"));
    connect(this, &MainWindow::scenarioChanged, m_peers, &PeersPage::setScenario);
    connect(this, &MainWindow::unitChanged, m_peers, &PeersPage::setUnit);
    m_train = new TrainDemoPanel(this);
    addPage(m_train, tr("Run it for real"));
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onTabChanged);
    // The wheel scrolls panels and never changes a setting without focus (issue 26).
    qApp->installEventFilter(new WheelGuard(this));
    WheelGuard::adopt(this);

    buildFileMenu();

    // Edit: Undo/Redo of scenario changes.
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("editMenu"));
    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);

    // Units: GB (10^9, default) or GiB (2^30), always named.
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    auto* toolbar = addToolBar(tr("Display"));
    toolbar->setObjectName(QStringLiteral("displayToolbar"));
    toolbar->setMovable(false);
    toolbar->addWidget(new QLabel(tr(" Units: "), toolbar));
    m_unitActions = new QActionGroup(this);
    m_unitActions->setExclusive(true);
    for (ByteUnit u : {ByteUnit::GB, ByteUnit::GiB}) {
        QAction* a = m_unitActions->addAction(
            u == ByteUnit::GB ? tr("GB (10^9 bytes)") : tr("GiB (2^30 bytes)"));
        a->setObjectName(u == ByteUnit::GB ? QStringLiteral("actionUnitsGB") : QStringLiteral("actionUnitsGiB"));
        a->setCheckable(true);
        a->setChecked(u == m_unit);
        a->setData(static_cast<int>(u));
        view->addAction(a);
        toolbar->addAction(a);
        connect(a, &QAction::triggered, this, [this, u] { setUnit(u); });
    }
    toolbar->addSeparator();
    toolbar->addAction(m_resetAction);
    auto* pinAction = new QAction(tr("Pin as A"), this);
    connect(pinAction, &QAction::triggered, this, [this] {
        pinCurrentAsA();
        m_tabs->setCurrentWidget(m_comparePage);
    });
    toolbar->addAction(pinAction);
    pinAction->setObjectName(QStringLiteral("actionPinA"));
    pinAction->setToolTip(tr("Compare: keep the current scenario as A and show A vs B"));
    view->addSeparator();
    view->addAction(pinAction);
    view->addAction(m_dock->toggleViewAction());
    view->addAction(m_messagesDock->toggleViewAction());

    connect(m_controls, &ControlsPanel::scenarioChanged, this, &MainWindow::onControlsChanged);
    connect(m_controls, &ControlsPanel::resetRequested, this, &MainWindow::resetToDefault);
    connect(m_memory, &MemoryPage::fixRequested, this, &MainWindow::setScenario);
    // The Hardware panel (issue 9): the GPU's and links' figures, editable; a tab beside the Scenario dock.
    {
        auto* hardwareDock = new QDockWidget(tr("Hardware"), this);
        hardwareDock->setObjectName(QStringLiteral("hardwareDock"));
        auto* hardware = new HardwarePanel(hardwareDock);
        hardwareDock->setWidget(hardware);
        hardwareDock->setFeatures(m_dock->features());
        addDockWidget(Qt::LeftDockWidgetArea, hardwareDock);
        tabifyDockWidget(m_dock, hardwareDock);
        // One maximum width for the two docks that share the slot: the wider of their contents on one line (a tabbed
        // group takes the smaller of its docks' maximums, which would squeeze the Scenario panel to the Hardware's).
        const int scrollBar = m_controlsScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4;
        const int widest = std::max(m_dock->sizeHint().width() + scrollBar, hardwareDock->sizeHint().width());
        m_dock->setMaximumWidth(widest);
        hardwareDock->setMaximumWidth(widest);
        resizeDocks({m_dock}, {widest}, Qt::Horizontal); // room for the panel's scroll bar beside its rows
        m_dock->raise();
        view->addAction(hardwareDock->toggleViewAction());
        connect(this, &MainWindow::scenarioChanged, hardware, &HardwarePanel::setScenario);
        connect(hardware, &HardwarePanel::scenarioEdited, this, &MainWindow::setScenario);
        hardware->setScenario(m_state->scenario());
    }
    installChartMenus();
    buildHelpMenu();
    installStepShortcuts();

    // Every page listens to the one owner of the scenario, which computes the advice once per change.
    connect(m_state, &ScenarioState::changed, this, &MainWindow::onScenarioChanged);
    connect(m_state, &ScenarioState::autosaved, this, [this](const QString& path) {
        if (m_recent)
            m_recent->setCurrentFile(m_currentFile);
        emit autosaved(path);
    });
    connect(m_state, &ScenarioState::autosaveFailed, this,
            [this](const QString& message) { m_messages->appendPlainText(tr("autosave failed: ") + message); });

    bool restoredModified = false;
    Scenario first = scenario;
    if (m_session != Session::Off) {
        m_settings = new Settings(this);
        m_recent = std::make_unique<RecentFiles>();
        m_state->setAutosaveEnabled(true);
        if (m_session == Session::RestoreLast) {
            if (const std::optional<Scenario> restored = restoreAutosave())
                first = *restored;
            restoredModified = m_modified;
        }
        m_unit = m_settings->units();
        m_memory->setCompareStages(m_settings->compareStages());
        if (!restoreGeometry(m_settings->windowGeometry())) {
            // First start: 1600 x 1000 (the layout the charts are designed for), within the screen.
            QSize size(1600, 1000);
            if (const QScreen* screen = QGuiApplication::primaryScreen())
                size = size.boundedTo(screen->availableGeometry().size() * 0.95);
            resize(size);
        }
        restoreState(m_settings->windowState(), Settings::kLayoutVersion);
        m_memory->restoreState(m_settings->memoryPageState());
        setExportFolder(m_settings->exportFolder());
        connect(m_memory, &MemoryPage::compareStagesToggled, m_settings, &Settings::setCompareStages);
    } else {
        resize(1600, 1000);
    }
    for (QAction* a : m_unitActions->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(m_unit));
    m_memory->setUnit(m_unit);
    m_compare->setUnit(m_unit);
    m_plan->setUnit(m_unit);
    m_peers->setUnit(m_unit);
    setScenario(first);
    m_state->cancelAutosave(); // nothing changed yet
    setModified(restoredModified);
    m_state->setRecording(true); // from here on every scenario change can be undone
}

MainWindow::~MainWindow()
{
    if (m_state->autosavePending())
        flushAutosave();
    saveSession();
}

void MainWindow::buildFileMenu()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    auto add = [this](QMenu* menu, const QString& text, const char* name, auto slot) {
        QAction* a = menu->addAction(text, this, slot);
        a->setObjectName(QLatin1String(name));
        return a;
    };
    add(m_fileMenu, tr("&New"), "actionNew", [this] { newScenario(); })->setShortcut(QKeySequence::New);
    add(m_fileMenu, tr("&Open Scenario…"), "actionOpen", [this] {
        askOpen();
    })->setShortcut(QKeySequence::Open);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_recentMenu->setEnabled(m_session != Session::Off);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::populateRecentMenu);
    add(m_fileMenu, tr("&Save"), "actionSave", [this] {
        if (m_currentFile.isEmpty())
            askSaveAs();
        else if (!saveScenario())
            showFailure(tr("Cannot save"));
    })->setShortcut(QKeySequence::Save);
    add(m_fileMenu, tr("Save &As…"), "actionSaveAs", [this] {
        askSaveAs();
    })->setShortcut(QKeySequence::SaveAs);
    m_fileMenu->addSeparator();

    QMenu* import = m_fileMenu->addMenu(tr("&Import"));
    import->setObjectName(QStringLiteral("importMenu"));
    add(import, tr("&Hugging Face config.json…"), "actionImportHf",
        [this] { askImport(ImportKind::HfConfig); });
    add(import, tr("&DeepSpeed config…"), "actionImportDeepSpeed",
        [this] { askImport(ImportKind::DeepSpeedConfig); });
    add(import, tr("accelerate &FSDP YAML…"), "actionImportFsdp",
        [this] { askImport(ImportKind::FsdpConfig); });
    add(import, tr("&Megatron Arguments…"), "actionImportMegatron",
        [this] { askImport(ImportKind::MegatronArgs); });

    QMenu* exportMenu = m_fileMenu->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("exportMenu"));
    QAction* exportChart = add(exportMenu, tr("&Chart…"), "actionExportChart", [this] { askExportChart(); });
    exportChart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportChart->setShortcutContext(Qt::ApplicationShortcut); // wherever the focus is, a floating dock too (issue 26)
    add(exportMenu, tr("&Bundle…"), "actionExportBundle", [this] { askExportBundle(); });
    QMenu* copy = exportMenu->addMenu(tr("C&opy Chart to Clipboard"));
    copy->setObjectName(QStringLiteral("copyChartMenu"));
    const std::pair<QString, std::function<QChartView*()>> charts[] = {
        {tr("Per-GPU memory"), [this] { return m_memory->perGpuChart()->chartView(); }},
        {tr("Per-GPU memory vs N"), [this] { return m_memory->vsGpusChart()->chartView(); }},
        {tr("Host memory"), [this] { return m_memory->hostChart()->chartView(); }},
    };
    for (const auto& [name, binding] : charts) {
        // A copy, not the binding: clang before 16 cannot capture structured bindings (C++20).
        const std::function<QChartView*()> viewOf = binding;
        copy->addAction(name, this, [viewOf] {
            QChartView* v = viewOf();
            ChartExportOptions o;
            o.size = v->size();
            o.dpi = 96 * v->devicePixelRatioF();
            copyChartToClipboard(v, o);
        });
    }
    m_fileMenu->addSeparator();
    QAction* reset
        = add(m_fileMenu, tr("&Reset to Default Scenario"), "actionReset", [this] { resetToDefault(); });
    m_resetAction = reset;
    reset->setToolTip(tr("Llama-2-70B on 32 x A100 80GB, ZeRO-3 (keeps the file name)"));
    m_fileMenu->addSeparator();
    QAction* quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::installChartMenus()
{
    // The scenario a chart shows: the last one with an answer (the charts keep it while the controls are invalid).
    auto shown = [this] { return m_memory->hasResult() ? m_memory->result().scenario : m_state->scenario(); };
    auto unit = [this] { return m_unit; };
    installChartExportMenu(m_memory->perGpuChart()->chartView(), QStringLiteral("memory-per-gpu"), shown, unit);
    installChartExportMenu(m_memory->vsGpusChart()->chartView(), QStringLiteral("memory-vs-gpus"), shown, unit);
    installChartExportMenu(m_memory->hostChart()->chartView(), QStringLiteral("host-memory"), shown, unit);
}

void MainWindow::buildHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    auto showText = [this](const QString& title, const QString& text, bool markdown, const char* name) {
        auto* d = new QDialog(this);
        d->setObjectName(QLatin1String(name));
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->setWindowTitle(title);
        auto* browser = new QTextBrowser(d);
        browser->setOpenExternalLinks(true);
        if (markdown)
            browser->setMarkdown(text);
        else
            browser->setHtml(text);
        auto* layout = new QVBoxLayout(d);
        layout->addWidget(browser);
        d->resize(markdown ? QSize(900, 700) : QSize(560, 520));
        d->show();
    };
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, [showText] {
        showText(tr("Keyboard Shortcuts"), shortcutsSheet(), false, "shortcutsDialog");
    });
    keys->setObjectName(QStringLiteral("actionShortcuts"));
    // F1 is the glossary's (lecture mode binds it once); the sheet has its own key (issue 26).
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    keys->setShortcutContext(Qt::ApplicationShortcut);
    QAction* model = help->addAction(tr("The &Model (docs/model.md)"), this, [showText] {
        QFile f(QStringLiteral(":/docs/model.md"));
        const QString text = f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll())
                                                          : tr("docs/model.md was not built into this binary.");
        showText(tr("The Model: formulas, sources and defaults"), text, true, "modelDocDialog");
    });
    model->setObjectName(QStringLiteral("actionModelDoc"));
    help->addSeparator();
    QAction* about = help->addAction(tr("&About ShardScope"), this, [this] {
        QMessageBox::about(this, tr("About ShardScope"), aboutText());
    });
    about->setObjectName(QStringLiteral("actionAbout"));
}

QString MainWindow::shortcutsSheet()
{
    const std::pair<const char*, const char*> rows[] = {
        {"Ctrl+1 / Ctrl+2 / Ctrl+3", QT_TR_NOOP("Memory, Step, Compare tab")},
        {"Ctrl+Z / Ctrl+Shift+Z", QT_TR_NOOP("Undo / redo a scenario change")},
        {"Ctrl+N, Ctrl+O, Ctrl+S", QT_TR_NOOP("New, open, save a scenario")},
        {"Ctrl+E", QT_TR_NOOP("Export a chart")},
        {"Space", QT_TR_NOOP("Step tab: play / pause")},
        {"Right / Left", QT_TR_NOOP("Step tab: next / previous event")},
        {"+ / -", QT_TR_NOOP("Step tab: faster / slower")},
        {"] / [", QT_TR_NOOP("Step tab, one-collective mode: next / previous hop")},
        {"F1", QT_TR_NOOP("Glossary for the control under the mouse")},
        {"Ctrl+/", QT_TR_NOOP("This sheet")},
    };
    QString html = tr("<h3>Keyboard shortcuts</h3><table cellpadding='4'>");
    for (const auto& [key, what] : rows)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(QString::fromLatin1(key), tr(what));
    html += tr("</table><p>The Step tab's keys work whenever the tab is shown, wherever the focus is "
                           "(a text box being edited keeps its own keys).</p>");
    return html;
}

void MainWindow::installStepShortcuts()
{
    // Ctrl+1/2/3: the first three tabs.
    for (int i = 0; i < 3; ++i) {
        auto* sc = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)), this);
        sc->setObjectName(QStringLiteral("shortcutTab%1").arg(i + 1));
        connect(sc, &QShortcut::activated, this, [this, i] {
            if (i < m_tabs->count())
                m_tabs->setCurrentIndex(i);
        });
    }
    // The Step tab's keys whenever it is visible, wherever the focus is (a window-wide shortcut; an editor with
    // focus claims its own keys first through ShortcutOverride, so typing in a spin box still works).
    const std::pair<QKeySequence, std::function<void()>> keys[] = {
        {QKeySequence(Qt::Key_Space), [this] { stepView()->togglePlay(); }},
        {QKeySequence(Qt::Key_Right), [this] { stepView()->stepForward(); }},
        {QKeySequence(Qt::Key_Left), [this] { stepView()->stepBack(); }},
        {QKeySequence(Qt::Key_Plus), [this] { stepView()->faster(); }},
        {QKeySequence(Qt::Key_Equal), [this] { stepView()->faster(); }},
        {QKeySequence(Qt::Key_Minus), [this] { stepView()->slower(); }},
        {QKeySequence(Qt::Key_BracketRight), [this] { stepView()->nextHop(); }},
        {QKeySequence(Qt::Key_BracketLeft), [this] { stepView()->previousHop(); }},
    };
    QList<QShortcut*> stepKeys;
    for (const auto& [key, act] : keys) {
        auto* sc = new QShortcut(key, this);
        sc->setContext(Qt::WindowShortcut);
        sc->setEnabled(false);
        connect(sc, &QShortcut::activated, this, act);
        stepKeys << sc;
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, [this, stepKeys](int index) {
        for (QShortcut* sc : stepKeys)
            sc->setEnabled(m_tabs->widget(index) == m_stepPage);
    });
}

StepView* MainWindow::stepView() const { return m_stepPage->stepView(); }

void MainWindow::addPage(QWidget* page, const QString& title) { m_tabs->addTab(page, title); }

bool MainWindow::showTab(const QString& name)
{
    QWidget* page = name == QLatin1String("memory") ? static_cast<QWidget*>(m_memory)
        : name == QLatin1String("step")             ? static_cast<QWidget*>(m_stepPage)
        : name == QLatin1String("compare")          ? m_comparePage
        : name == QLatin1String("peers")            ? static_cast<QWidget*>(m_peers)
        : name == QLatin1String("train")            ? static_cast<QWidget*>(m_train)
        : name == QLatin1String("plan")             ? static_cast<QWidget*>(m_plan)
                                                    : nullptr;
    if (!page)
        return false;
    m_tabs->setCurrentWidget(page);
    return true;
}

const Scenario& MainWindow::scenario() const { return m_state->scenario(); }

void MainWindow::setScenario(const Scenario& s)
{
    m_controls->setScenario(s);
    m_controlsShowIt = true;
    m_state->setScenario(s);
    m_controlsShowIt = false;
}

void MainWindow::resetToDefault() { setScenario(defaultScenario()); }

void MainWindow::onControlsChanged(const Scenario& s)
{
    m_controlsShowIt = true;
    m_state->setScenario(s);
    m_controlsShowIt = false;
}

void MainWindow::onScenarioChanged(const Scenario& s)
{
    if (!m_controlsShowIt)
        m_controls->setScenario(s); // Undo and Redo: the controls follow the state
    if (const Advice* a = m_state->advice())
        m_memory->setAdvice(*a);
    else if (const InvalidInput* e = m_state->error())
        m_memory->setInvalid(*e);
    m_stepPage->setScenario(s); // models now only while the Step tab is visible
    // Searched while the Plan tab is shown, or when the verdict wants the best layout that fits.
    m_plan->setScenario(s, m_state->doesNotFit());
    if (m_tabs->currentWidget() == m_comparePage)
        m_compare->setCurrent(s);
    else
        m_compareDirty = true;
    setModified(true);
    emit scenarioChanged(s);
}

void MainWindow::onTabChanged(int index)
{
    QWidget* page = m_tabs->widget(index);
    // An editable field keeps no focus across a tab switch: the Step tab's Space (play) would otherwise go to
    // the spin box left focused on the other tab and blank it (issue 26).
    if (QWidget* f = QApplication::focusWidget(); f && isAncestorOf(f) && !page->isAncestorOf(f)
        && (qobject_cast<QLineEdit*>(f) || qobject_cast<QAbstractSpinBox*>(f) || WheelGuard::settingWidget(f)))
        m_tabs->tabBar()->setFocus(Qt::OtherFocusReason);
    m_stepPage->setActive(page == m_stepPage);
    if (page == m_comparePage && m_compareDirty) {
        m_compare->setCurrent(m_state->scenario());
        m_compareDirty = false;
    }
}

void MainWindow::pinCurrentAsA()
{
    m_compare->pin(m_state->scenario());
    m_compare->setCurrent(m_state->scenario());
    m_compareDirty = false;
}

void MainWindow::setUnit(ByteUnit unit)
{
    m_unit = unit;
    for (QAction* a : m_unitActions->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(unit));
    m_memory->setUnit(unit);
    m_compare->setUnit(unit);
    m_plan->setUnit(unit);
    if (m_settings)
        m_settings->setUnits(unit);
    emit unitChanged(unit);
}

// --- title and file state

void MainWindow::updateTitle()
{
    const QString name = m_currentFile.isEmpty() ? tr("Untitled") : QFileInfo(m_currentFile).fileName();
    setWindowTitle(name + QStringLiteral("[*] \u2014 ShardScope"));
    setWindowModified(m_modified);
}

void MainWindow::setModified(bool modified)
{
    if (modified == m_modified && !windowTitle().isEmpty())
        return;
    m_modified = modified;
    updateTitle();
}

void MainWindow::setCurrentFile(const QString& path)
{
    m_currentFile = path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    if (m_recent) {
        m_recent->setCurrentFile(m_currentFile);
        if (!m_currentFile.isEmpty())
            m_recent->add(m_currentFile);
    }
    updateTitle();
}

void MainWindow::fail(const QString& message)
{
    m_lastError = withoutFlags(message); // the window speaks of its fields, not of command-line flags
    m_messages->appendPlainText(tr("error: ") + m_lastError);
    emit fileError(m_lastError);
}

void MainWindow::note(const QString& heading, const QStringList& lines)
{
    m_lastNotes = lines;
    m_messages->appendPlainText(heading);
    for (const QString& l : lines)
        m_messages->appendPlainText(QStringLiteral("  - ") + l);
    if (!lines.isEmpty())
        m_messagesDock->show();
}

// --- file actions (no dialogs)

void MainWindow::newScenario()
{
    setScenario(defaultScenario());
    setCurrentFile(QString());
    setModified(false);
}

bool MainWindow::openScenarioFile(const QString& path)
{
    Scenario s;
    QStringList notes;
    try {
        s = loadScenarioFile(path, &notes);
    } catch (const std::exception& e) {
        fail(what(e));
        return false;
    }
    m_lastError.clear();
    setScenario(s);
    setCurrentFile(path);
    setModified(false);
    note(tr("Opened %1").arg(QDir::toNativeSeparators(path)), notes);
    return true;
}

bool MainWindow::saveScenario()
{
    if (m_currentFile.isEmpty()) {
        fail(tr("the scenario has no file yet: use Save As"));
        return false;
    }
    return saveScenarioAs(m_currentFile);
}

bool MainWindow::saveScenarioAs(const QString& path)
{
    try {
        saveScenarioFile(path, m_state->scenario());
    } catch (const std::exception& e) {
        fail(what(e));
        return false;
    }
    m_lastError.clear();
    setCurrentFile(path);
    setModified(false);
    return true;
}

bool MainWindow::importConfigFrom(ImportKind kind, const QString& pathOrArgs)
{
    ImportOutcome o;
    try {
        o = importConfig(kind, pathOrArgs, m_state->scenario());
    } catch (const std::exception& e) {
        fail(what(e));
        return false;
    }
    m_lastError.clear();
    setScenario(o.scenario);
    const QString from
        = kind == ImportKind::MegatronArgs ? QString() : QStringLiteral(" ") + QDir::toNativeSeparators(pathOrArgs);
    note(tr("Imported %1%2:").arg(importKindName(kind), from), o.notes);
    emit importNotes(o.notes);
    return true;
}

bool MainWindow::openAnyFile(const QString& path)
{
    QByteArray bytes;
    try {
        bytes = readConfigFile(path, "file");
    } catch (const std::exception& e) {
        fail(what(e));
        return false;
    }
    switch (detectFileKind(bytes)) {
    case FileKind::Scenario: return openScenarioFile(path);
    case FileKind::HfConfig: return importConfigFrom(ImportKind::HfConfig, path);
    case FileKind::DeepSpeedConfig: return importConfigFrom(ImportKind::DeepSpeedConfig, path);
    case FileKind::FsdpConfig: return importConfigFrom(ImportKind::FsdpConfig, path);
    case FileKind::Unknown: break;
    }
    if (bytes.trimmed().startsWith('{'))
        return openScenarioFile(path); // its message says what is wrong with the JSON
    fail(tr("%1: not a ShardScope scenario, Hugging Face config.json, DeepSpeed config or accelerate "
                        "FSDP config (judged by its content)")
             .arg(QDir::toNativeSeparators(path)));
    return false;
}

bool MainWindow::exportChartTo(const QString& chart, const QString& path, const ChartExportOptions& o)
{
    try {
        if (chart == QLatin1String("compare")) {
            if (!m_compare->pinned())
                throw InvalidInput("pin", tr("Compare: pin a scenario as A first (Compare tab, Pin current as A).").toStdString());
            exportCompareFile(*m_compare->pinned(), m_state->scenario(), m_unit, path, o);
        } else {
            exportChartFile(chart, m_state->scenario(), m_unit, path, o);
        }
    } catch (const std::exception& e) {
        fail(what(e));
        return false;
    }
    m_lastError.clear();
    m_messages->appendPlainText(tr("Exported %1 to %2").arg(chart, QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::exportBundleTo(const QString& dir)
{
    QStringList files;
    try {
        files = exportBundle(dir, m_state->scenario(), m_unit, ChartExportOptions());
    } catch (const std::exception& e) {
        fail(what(e));
        return false;
    }
    m_lastError.clear();
    note(tr("Exported a bundle of %1 files to %2").arg(files.size()).arg(QDir::toNativeSeparators(dir)),
        files);
    return true;
}

QStringList MainWindow::recentFiles() const { return m_recent ? m_recent->files() : QStringList(); }

bool MainWindow::openRecent(const QString& path)
{
    if (!QFileInfo(path).isFile()) {
        if (m_recent)
            m_recent->remove(path);
        fail(tr("%1 no longer exists; removed from Open Recent").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    return openScenarioFile(path);
}

// --- autosave

void MainWindow::setAutosaveEnabled(bool on) { m_state->setAutosaveEnabled(on); }

bool MainWindow::autosaveEnabled() const { return m_state->autosaveEnabled(); }

bool MainWindow::autosavePending() const { return m_state->autosavePending(); }

void MainWindow::flushAutosave() { m_state->flushAutosave(); }

std::optional<Scenario> MainWindow::restoreAutosave()
{
    // The autosave is written on every change; the settings only on a clean exit. So after a crash the
    // autosave is the newer one. It may hold a scenario without an answer (a half-made edit): read it
    // without validating, as the controls would have shown it.
    std::optional<Scenario> restored;
    const QString path = autosavePath();
    // A temporary QSaveFile left beside the autosave by a session killed mid-write (SIGKILL): removed once it is a
    // minute old (a younger one may be another window's write in progress).
    {
        const QFileInfo fi(path);
        const QDir dir = fi.dir();
        for (const QFileInfo& t : dir.entryInfoList({fi.fileName() + QStringLiteral(".??????")}, QDir::Files | QDir::Hidden))
            if (t.lastModified().secsTo(QDateTime::currentDateTime()) > 60)
                QFile::remove(t.filePath());
    }
    if (QFileInfo(path).isFile()) {
        try {
            const QJsonObject root = parseJsonObject(readConfigFile(path, "autosave"), path, "autosave");
            if (root.value(QLatin1String("scenario")).isObject()) {
                restored = scenarioFromJson(root.value(QLatin1String("scenario")).toObject(), defaultScenario());
                // Not validated whole (a half-made edit is kept), but every number within core's knob table's
                // ranges, as any other input path: an architecture of 100,000 wide layers showed a negative count.
                validateKnobRanges(*restored);
            }
        } catch (const std::exception& e) {
            restored.reset();
            m_messages->appendPlainText(tr("autosave not restored: ") + windowText(e));
        }
    }
    if (!restored) {
        restored = m_settings->lastScenario();
        try {
            if (restored)
                validateKnobRanges(*restored);
        } catch (const std::exception& e) {
            m_messages->appendPlainText(tr("last session's scenario not restored: ") + windowText(e));
            restored.reset();
        }
    }
    if (!restored)
        return restored;
    // The file the scenario came from: unmodified only if it still holds exactly this scenario.
    const QString file = m_recent->currentFile();
    if (file.isEmpty() || !QFileInfo(file).isFile()) {
        m_modified = false;
        return restored;
    }
    m_currentFile = file;
    try {
        m_modified = scenarioToJson(loadScenarioFile(file)) != scenarioToJson(*restored);
    } catch (const std::exception&) {
        m_modified = true;
    }
    return restored;
}

// --- dialogs

void MainWindow::showFailure(const QString& title) { QMessageBox::warning(this, title, m_lastError); }

void MainWindow::askOpen()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open Scenario"), startDir(m_currentFile), scenarioFilter());
    if (!path.isEmpty() && !openAnyFile(path))
        showFailure(tr("Cannot open %1").arg(QFileInfo(path).fileName()));
}

void MainWindow::askSaveAs()
{
    const QString suggested = suggestedSavePath(m_currentFile, QStringLiteral("scenario") + kScenarioSuffix);
    QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario As"), suggested, scenarioFilter());
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += kScenarioSuffix;
    if (!saveScenarioAs(path))
        showFailure(tr("Cannot save"));
    else
        setExportFolder(QFileInfo(path).absolutePath());
}

void MainWindow::askImport(ImportKind kind)
{
    QString input;
    if (kind == ImportKind::MegatronArgs) {
        bool ok = false;
        input = QInputDialog::getMultiLineText(this, tr("Import Megatron-LM Arguments"),
            tr("Arguments, as given to pretrain_gpt.py (or a whole torchrun "
                           "line).\nWhat they omit keeps Megatron's defaults; the model "
                           "comes from --num-layers, --hidden-size, ..."),
            QString(), &ok);
        if (!ok || input.trimmed().isEmpty())
            return;
    } else {
        const QString filter = kind == ImportKind::FsdpConfig ? tr("YAML (*.yaml *.yml);;All files (*)")
                                                              : tr("JSON (*.json);;All files (*)");
        input = QFileDialog::getOpenFileName(
            this, tr("Import %1").arg(importKindName(kind)), startDir(m_currentFile), filter);
        if (input.isEmpty())
            return;
    }
    if (!importConfigFrom(kind, input))
        showFailure(tr("Cannot import the %1").arg(importKindName(kind)));
}

void MainWindow::askExportChart(const QString& chart)
{
    ChartExportDialog d(this);
    if (!chart.isEmpty())
        d.setChart(chart);
    if (d.exec() != QDialog::Accepted)
        return;
    const QString suffix = d.suffix();
    const QString filter = QStringLiteral("%1 (*.%2)").arg(suffix.toUpper(), suffix);
    const QString path = withFilterSuffix(QFileDialog::getSaveFileName(this, tr("Export Chart"),
        QDir(exportFolder(startDir(m_currentFile))).filePath(d.chart() + QLatin1Char('.') + suffix), filter), filter);
    if (path.isEmpty())
        return;
    setExportFolder(QFileInfo(path).absolutePath());
    if (!exportChartTo(d.chart(), path, d.options()))
        showFailure(tr("Export failed"));
}

void MainWindow::askExportBundle()
{
    const QString dir
        = QFileDialog::getExistingDirectory(this, tr("Export Bundle to Folder"), exportFolder(startDir(m_currentFile)));
    if (!dir.isEmpty())
        setExportFolder(QFileInfo(dir).absolutePath());
    if (!dir.isEmpty() && !exportBundleTo(dir))
        showFailure(tr("Export failed"));
}

void MainWindow::populateRecentMenu()
{
    m_recentMenu->clear();
    if (!m_recent)
        return;
    const QStringList gone = m_recent->pruneMissing();
    if (!gone.isEmpty())
        note(tr("Removed from Open Recent (the files no longer exist):"), gone);
    const QStringList files = m_recent->files();
    int i = 0;
    for (const QString& f : files) {
        QAction* a
            = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(++i).arg(QFileInfo(f).fileName()), this, [this, f] {
                  if (!openRecent(f))
                      showFailure(tr("Cannot open %1").arg(QFileInfo(f).fileName()));
              });
        a->setToolTip(QDir::toNativeSeparators(f));
        a->setStatusTip(QDir::toNativeSeparators(f));
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), this, [this] { m_recent->clear(); });
}

// --- drag and drop

void MainWindow::dragEnterEvent(QDragEnterEvent* e)
{
    const QList<QUrl> urls = e->mimeData()->urls();
    if (std::any_of(urls.begin(), urls.end(), [](const QUrl& u) { return u.isLocalFile(); }))
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e)
{
    for (const QUrl& u : e->mimeData()->urls()) {
        if (!u.isLocalFile())
            continue;
        e->acceptProposedAction();
        const QString path = u.toLocalFile();
        if (!openAnyFile(path))
            showFailure(tr("Cannot open %1").arg(QFileInfo(path).fileName()));
        return; // one file: the scenario is one
    }
}

// --- session

void MainWindow::saveSession()
{
    if (!m_settings)
        return;
    m_settings->setLastScenario(m_state->scenario());
    m_settings->setUnits(m_unit);
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState(Settings::kLayoutVersion));
    m_settings->setMemoryPageState(m_memory->saveState());
    m_settings->setExportFolder(exportFolder(QString()));
    m_settings->sync();
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    if (m_state->autosavePending())
        flushAutosave();
    saveSession();
    QMainWindow::closeEvent(e);
}

} // namespace shardscope
