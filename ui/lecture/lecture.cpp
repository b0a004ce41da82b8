// SPDX-License-Identifier: MIT
#include "lecture.h"

#include "chartexport.h"
#include "glossarypanel.h"
#include "highlightoverlay.h"
#include "language.h"
#include "presentationmode.h"
#include "presenterbar.h"
#include "tour.h"
#include "tourfacts.h"
#include "tourpanel.h"
#include "tourplayer.h"

#include "safewrite.h"
#include "steppage.h"
#include "traindemopanel.h"

#include "shardscope/errors.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QCursor>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QDockWidget>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <memory>

namespace shardscope {

Lecture::Lecture(MainWindow* window)
    : QObject(window)
    , m_window(window)
    , m_player(new TourPlayer(window))
    , m_bar(new PresenterBar)
    , m_panel(new TourPanel(m_player))
    , m_tourDock(new QDockWidget(tr("Tour"), window))
    , m_glossary(new GlossaryPanel)
    , m_glossaryDock(new QDockWidget(tr("Glossary"), window))
    , m_presentation(nullptr)
{
    auto* tourBox = new QWidget;
    auto* layout = new QVBoxLayout(tourBox);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->setSpacing(2);
    layout->addWidget(m_bar);
    layout->addWidget(m_panel, 1);
    m_bar->hide();
    m_tourDock->setObjectName(QStringLiteral("tourDock"));
    m_tourDock->setWidget(tourBox);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_tourDock);
    m_tourDock->hide();
    m_glossaryDock->setObjectName(QStringLiteral("glossaryDock"));
    m_glossaryDock->setWidget(m_glossary);
    // A tab beside the Scenario and Hardware docks, as wide as they are: at the right of a 1366 px window, beside the
    // Scenario dock and the tabs' minimum, it got 70 px in Russian (233 in English) and its meaning column 100 px;
    // under the tabs it cut the Memory tab's charts at 768 px (issue 26). Shown, it is the tab in front.
    window->addDockWidget(Qt::LeftDockWidgetArea, m_glossaryDock);
    if (auto* scenarioDock = window->findChild<QDockWidget*>(QStringLiteral("scenarioDock"))) {
        window->tabifyDockWidget(scenarioDock, m_glossaryDock);
        m_glossaryDock->setMaximumWidth(scenarioDock->maximumWidth());
        scenarioDock->raise();
    }
    m_glossaryDock->hide();
    m_presentation = new PresentationMode(window, m_bar, m_tourDock);

    connect(m_panel, &TourPanel::closeRequested, this, [this] {
        m_player->clear();
        m_tourDock->hide();
    });
    connect(m_player, &TourPlayer::stepChanged, this, &Lecture::onStepChanged);
    // A shorter caption, or a step with fewer controls in the presenter bar, shrinks the dock with it (in the normal
    // window and in presentation mode): no empty band under a one-line caption.
    // The dock's content asks for a new layout (LayoutRequest) whenever one of them changes its size hint.
    tourBox->installEventFilter(this);
    m_tourDock->installEventFilter(this);
    m_presentation->setPlayer(m_player);
    connect(m_presentation, &PresentationMode::nextRequested, m_player, &TourPlayer::advance);
    connect(m_presentation, &PresentationMode::previousRequested, m_player, &TourPlayer::previous);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool on) {
        m_player->setHoldAnimations(on);
        m_player->overlay()->setLineWidth(on ? int(4 * m_presentation->factor()) : 4);
        if (on) {
            m_tourDock->show();
            // As high as its content needs (presenter bar, buttons, the caption): a dock shown for the first time
            // took a third of the screen, squeezing the Step tab's charts below their minimum.
            QMetaObject::invokeMethod(this, &Lecture::fitTourDock, Qt::QueuedConnection);
        } else if (!m_player->hasTour())
            m_tourDock->hide();
    });
    connect(window, &MainWindow::scenarioChanged, m_bar, &PresenterBar::setScenario);
    connect(m_bar, &PresenterBar::scenarioEdited, window, &MainWindow::setScenario);
    m_bar->setScenario(window->scenario());
    buildMenus();
    m_glossary->linkTooltips(window);
    window->installEventFilter(this);

    // QT_SCALE_FACTOR=1.5 on a 1080-line screen leaves 720 logical lines: the step view alone asked
    // for about 680 and the memory page for 550, which made the window taller than the screen. Below
    // kMaxPageMinimumHeight a page is clipped at the bottom instead.
    for (int i = 0; i < window->tabs()->count(); ++i) {
        QWidget* page = window->tabs()->widget(i);
        page->setMinimumHeight(std::min(page->minimumSizeHint().height(), kMaxPageMinimumHeight));
    }
}

Lecture::~Lecture() = default;

void Lecture::buildMenus()
{
    MainWindow* w = m_window;
    // File > Open Tour..., right after Open Scenario.
    QMenu* file = w->fileMenu();
    auto* openTour = new QAction(tr("Open &Tour\u2026"), this);
    openTour->setObjectName(QStringLiteral("actionOpenTour"));
    connect(openTour, &QAction::triggered, this, &Lecture::askOpenTour);
    QAction* before = nullptr;
    const QList<QAction*> actions = file->actions();
    for (int i = 0; i + 1 < actions.size(); ++i)
        if (actions[i]->objectName() == QLatin1String("actionOpen"))
            before = actions[i + 1];
    file->insertAction(before, openTour);

    // Tour menu: the built-in tours, then stepping.
    QMenu* tourMenu = new QMenu(tr("&Tour"), w);
    tourMenu->setObjectName(QStringLiteral("tourMenu"));
    QMenu* viewMenu = w->findChild<QMenu*>(QStringLiteral("viewMenu"));
    w->menuBar()->insertMenu(viewMenu ? viewMenu->menuAction() : nullptr, tourMenu);
    for (const QString& id : builtinTourIds()) {
        QString title = id;
        try {
            title = loadTour(id).title.in(language::current());
        } catch (const std::exception&) {
        }
        QAction* a = tourMenu->addAction(title, this, [this, id] { this->openTour(id); });
        a->setObjectName(QStringLiteral("actionTour_") + id);
    }
    tourMenu->addSeparator();
    tourMenu->addAction(openTour); // the same action as in File
    QAction* addStep = tourMenu->addAction(tr("&Add This View as a Step\u2026"), this, &Lecture::askAddViewAsStep);
    addStep->setObjectName(QStringLiteral("actionTourAddStep"));
    addStep->setToolTip(tr("Appends the scenario, tab and highlight shown now, with a caption you type, to the tour you are building"));
    QAction* saveTour = tourMenu->addAction(tr("&Save Tour As\u2026"), this, &Lecture::askSaveDraft);
    saveTour->setObjectName(QStringLiteral("actionTourSaveAs"));
    connect(tourMenu, &QMenu::aboutToShow, saveTour, [this, saveTour] { saveTour->setEnabled(!m_draft.isEmpty()); });
    tourMenu->addSeparator();
    QAction* next = tourMenu->addAction(tr("&Next Step"), m_player, &TourPlayer::next);
    next->setObjectName(QStringLiteral("actionTourNext"));
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    QAction* prev = tourMenu->addAction(tr("&Previous Step"), m_player, &TourPlayer::previous);
    prev->setObjectName(QStringLiteral("actionTourPrevious"));
    prev->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));

    // View: Presentation (F5), Glossary, Tour panel, Language.
    QMenu* view = viewMenu ? viewMenu : w->menuBar()->addMenu(tr("&View"));
    view->addSeparator();
    auto* present = new QAction(tr("&Presentation"), w);
    present->setObjectName(QStringLiteral("actionPresentation"));
    present->setShortcut(QKeySequence(Qt::Key_F5));
    present->setShortcutContext(Qt::ApplicationShortcut);
    present->setCheckable(true);
    present->setToolTip(tr("Full screen, large type, projector colours; Esc leaves"));
    connect(present, &QAction::triggered, m_presentation, [this] { m_presentation->toggle(); });
    connect(m_presentation, &PresentationMode::activeChanged, present, &QAction::setChecked);
    w->addAction(present); // works while the menu bar is hidden in presentation mode
    view->addAction(present);
    QAction* glossary = m_glossaryDock->toggleViewAction();
    glossary->setText(tr("&Glossary"));
    glossary->setObjectName(QStringLiteral("actionGlossary"));
    connect(glossary, &QAction::triggered, m_glossaryDock, [this](bool on) {
        if (on)
            m_glossaryDock->raise(); // in front of the Scenario panel it shares the dock with
    });
    view->addAction(glossary);
    QAction* tourPanel = m_tourDock->toggleViewAction();
    tourPanel->setText(tr("&Tour Panel"));
    view->addAction(tourPanel);
    auto* help = new QAction(tr("Glossary for the Control Under the Mouse"), w);
    help->setObjectName(QStringLiteral("actionGlossaryHelp"));
    help->setShortcut(QKeySequence::HelpContents);
    connect(help, &QAction::triggered, this, [this] {
        QWidget* under = QApplication::widgetAt(QCursor::pos());
        if (!showGlossaryFor(under))
            showGlossaryFor(QApplication::focusWidget());
        m_glossaryDock->show();
        m_glossaryDock->raise();
    });
    w->addAction(help);
    view->addAction(help);

    QMenu* lang = view->addMenu(tr("&Language"));
    lang->setObjectName(QStringLiteral("languageMenu"));
    m_languages = new QActionGroup(this);
    const QString stored = language::stored();
    QStringList choices = {QStringLiteral("system")};
    choices += language::available();
    for (const QString& choice : choices) {
        const QString text = choice == QLatin1String("system") ? tr("System (%1)").arg(language::nativeName(language::fromLocale(QLocale::system())))
                                                               : language::nativeName(choice);
        QAction* a = lang->addAction(text);
        a->setObjectName(QStringLiteral("actionLanguage_") + choice);
        a->setCheckable(true);
        a->setChecked(choice == stored);
        m_languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, choice] {
            language::store(choice);
            language::install(choice);
            emit languageChosen(choice);
        });
    }
}

bool Lecture::eventFilter(QObject* o, QEvent* e)
{
    if (o == m_tourDock->widget() && e->type() == QEvent::LayoutRequest)
        QMetaObject::invokeMethod(this, &Lecture::fitTourDock, Qt::QueuedConnection);
    // The dock is as high as its content, whatever the main window's layout hands it when the central widget's wishes
    // change (the Step tab rearranging its panels gave it half the screen in presentation mode; in the normal window
    // it kept the height it was first shown at, an empty band under a two-line caption).
    if (o == m_tourDock && e->type() == QEvent::Resize && m_presentation && !m_tourDock->isFloating()
        && m_tourDock->height() > m_tourDock->minimumSizeHint().height() + 8)
        QMetaObject::invokeMethod(this, &Lecture::fitTourDock, Qt::QueuedConnection);
    if (o == m_window && e->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(e);
        const QList<QUrl> urls = drop->mimeData()->urls();
        if (urls.size() == 1 && urls.first().isLocalFile()) {
            QFile f(urls.first().toLocalFile());
            if (f.open(QIODevice::ReadOnly) && looksLikeTour(f.read(4096))) {
                if (!openTour(urls.first().toLocalFile()))
                    QMessageBox::warning(m_window, tr("Cannot open %1").arg(QFileInfo(f.fileName()).fileName()), m_lastError);
                drop->acceptProposedAction();
                return true;
            }
        }
    }
    return QObject::eventFilter(o, e);
}

bool Lecture::showGlossaryFor(const QWidget* w)
{
    const QString id = GlossaryPanel::termOf(w);
    if (id.isEmpty())
        return false;
    m_glossaryDock->show();
    m_glossaryDock->raise();
    return m_glossary->showTerm(id);
}

bool Lecture::openTour(const QString& nameOrPath)
{
    try {
        m_player->setTour(loadTour(nameOrPath));
    } catch (const InvalidInput& e) {
        m_lastError = QString::fromUtf8(e.what());
        if (m_window)
            m_window->messages()->appendPlainText(QStringLiteral("error: ") + m_lastError);
        return false;
    }
    m_tourDock->show();
    return true;
}

void Lecture::play(const Tour& tour)
{
    m_player->setTour(tour);
    m_tourDock->show();
}

void Lecture::askOpenTour()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Tour"), QString(),
                                                      tr("ShardScope tours (*.tour.json *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!openTour(path))
        QMessageBox::warning(m_window, tr("Cannot open %1").arg(QFileInfo(path).fileName()), m_lastError);
}

void Lecture::fitTourDock()
{
    if (!m_tourDock->isVisible() || m_tourDock->isFloating() || !m_window)
        return;
    // The content's layout first: a caption that just got shorter has changed its minimum, not yet the dock's.
    if (QLayout* l = m_tourDock->widget() ? m_tourDock->widget()->layout() : nullptr)
        l->activate();
    m_window->resizeDocks({m_tourDock}, {m_tourDock->minimumSizeHint().height()}, Qt::Vertical);
}

void Lecture::onStepChanged(int index)
{
    Q_UNUSED(index)
    if (const TourStep* step = m_player->step())
        m_bar->setVisibleControls(step->controls);
    if (m_presentation->isActive())
        m_presentation->rescale();
}

QString Lecture::currentTourTab() const
{
    if (!m_window)
        return QStringLiteral("memory");
    QWidget* page = m_window->tabs()->currentWidget();
    if (page && page == static_cast<QWidget*>(m_window->stepPage()))
        return QStringLiteral("step");
    if (auto* demo = m_window->findChild<TrainDemoPanel*>(); page && demo && (demo == page || page->isAncestorOf(demo)))
        return QStringLiteral("train");
    return QStringLiteral("memory");
}

bool Lecture::addViewAsStep(const TourText& caption, const QString& highlight)
{
    try {
        m_draft.addStep(m_window->scenario(), currentTourTab(), highlight, caption);
    } catch (const InvalidInput& e) {
        m_lastError = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

void Lecture::askAddViewAsStep()
{
    if (!m_window)
        return;
    QDialog dialog(m_window);
    dialog.setObjectName(QStringLiteral("tourAddStepDialog"));
    dialog.setWindowTitle(tr("Add This View as a Step"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(tr("Step %1 of the tour you are building: the scenario and the %2 tab shown now.")
                                     .arg(m_draft.count() + 1)
                                     .arg(currentTourTab())));
    auto* form = new QFormLayout;
    auto* highlight = new QComboBox;
    highlight->setObjectName(QStringLiteral("tourStepHighlight"));
    highlight->addItem(tr("(none)"), QString());
    for (const QString& h : tourHighlights())
        highlight->addItem(h, h);
    if (const TourStep* step = m_player->step(); step && step->highlightTerm.isEmpty())
        highlight->setCurrentIndex(std::max(0, highlight->findData(step->highlight)));
    form->addRow(tr("Highlight:"), highlight);
    // The quantities with this view's values: picking one inserts its {placeholder} where the cursor is.
    auto* quantities = new QComboBox;
    quantities->setObjectName(QStringLiteral("tourStepQuantity"));
    quantities->addItem(tr("Insert a number from the model\u2026"), QString());
    const TourFacts facts(m_window->scenario());
    for (const QString& q : tourQuantityNames()) {
        if (q.startsWith(QLatin1String("train_")))
            continue;
        QString value;
        try {
            value = TourFacts::format(facts.value(q), QLocale());
        } catch (const std::exception&) {
            continue;
        }
        quantities->addItem(QStringLiteral("{%1} = %2").arg(q, value), q);
    }
    form->addRow(tr("Placeholder:"), quantities);
    QMap<QString, QPlainTextEdit*> edits;
    for (const QString& lang : tourLanguages()) {
        auto* edit = new QPlainTextEdit;
        edit->setObjectName(QStringLiteral("caption_") + lang);
        edit->setTabChangesFocus(true);
        edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 4 + 12);
        edits.insert(lang, edit);
        form->addRow(lang == QLatin1String("en") ? tr("Caption (English):") : tr("Caption (%1, optional):").arg(language::nativeName(lang)), edit);
    }
    // The caption edit the placeholder goes into: the one last focused (English at first).
    auto lastFocused = std::make_shared<QPointer<QPlainTextEdit>>(edits.value(QStringLiteral("en")));
    connect(qApp, &QApplication::focusChanged, &dialog, [lastFocused, edits](QWidget*, QWidget* now) {
        if (auto* e = qobject_cast<QPlainTextEdit*>(now); e && std::find(edits.cbegin(), edits.cend(), e) != edits.cend())
            *lastFocused = e;
    });
    connect(quantities, &QComboBox::activated, &dialog, [lastFocused, quantities](int index) {
        const QString q = quantities->itemData(index).toString();
        if (q.isEmpty() || !*lastFocused)
            return;
        (*lastFocused)->insertPlainText(QStringLiteral("{%1}").arg(q));
        (*lastFocused)->setFocus();
        quantities->setCurrentIndex(0);
    });
    layout->addLayout(form);
    auto* error = new QLabel;
    error->setObjectName(QStringLiteral("tourStepError"));
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #b00020"));
    error->hide();
    layout->addWidget(error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QDialog* d = &dialog;
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [this, d, edits, highlight, error] {
        TourText caption;
        for (auto it = edits.cbegin(); it != edits.cend(); ++it)
            if (!it.value()->toPlainText().trimmed().isEmpty())
                caption.byLanguage.insert(it.key(), it.value()->toPlainText().trimmed());
        if (addViewAsStep(caption, highlight->currentData().toString())) {
            d->accept();
            return;
        }
        error->setText(m_lastError);
        error->show();
    });
    dialog.exec();
}

bool Lecture::saveDraft(const QString& path)
{
    if (m_draft.isEmpty()) {
        m_lastError = tr("The tour has no steps yet: Tour > Add This View as a Step first.");
        return false;
    }
    try {
        writeFileAtomically(path, m_draft.bytes());
    } catch (const std::exception& e) {
        m_lastError = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

void Lecture::askSaveDraft()
{
    if (m_draft.isEmpty()) {
        QMessageBox::information(m_window, tr("Save Tour As"), tr("The tour has no steps yet: Tour > Add This View as a Step first."));
        return;
    }
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Tour As"),
                                                suggestedSavePath(QString(), m_draft.id() + QStringLiteral(".tour.json")),
                                                tr("ShardScope tours (*.tour.json)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".tour.json");
    // The file's id follows its name where that is a valid id ("intro.tour.json" -> "intro").
    QString id = QFileInfo(path).fileName().section(QLatin1Char('.'), 0, 0).toLower();
    static const QRegularExpression idPattern(QStringLiteral("^[a-z0-9][a-z0-9-]*$"));
    if (idPattern.match(id).hasMatch())
        m_draft.setId(id);
    if (!saveDraft(path))
        QMessageBox::warning(m_window, tr("Cannot save %1").arg(QFileInfo(path).fileName()), m_lastError);
    else
        setExportFolder(QFileInfo(path).absolutePath());
}

Lecture::Carry Lecture::carry() const
{
    Carry c;
    if (m_player->hasTour()) {
        c.tour = m_player->tour();
        c.step = m_player->index();
    }
    c.presenting = m_presentation->isActive();
    return c;
}

void Lecture::resume(const Carry& c, const QSize& screenSize)
{
    if (c.tour) {
        // The tour as it was read (a user's file may have changed or gone since): its captions render in the
        // language now installed.
        const bool animated = m_player->isAnimated();
        m_player->setAnimated(false);
        play(*c.tour);
        m_player->goTo(std::clamp(c.step, 0, m_player->count() - 1));
        m_player->setAnimated(animated);
    }
    if (c.presenting)
        m_presentation->enter(screenSize);
}

LectureWindowHost::LectureWindowHost(QObject* parent)
    : QObject(parent)
{
}

LectureWindowHost::~LectureWindowHost() = default;

Lecture* LectureWindowHost::lecture() const { return m_window ? m_window->findChild<Lecture*>() : nullptr; }

void LectureWindowHost::build(const Scenario& scenario, MainWindow::Session session)
{
    auto* w = new MainWindow(scenario, session);
    auto* lecture = new Lecture(w);
    ++m_builds;
    connect(lecture, &Lecture::languageChosen, this, [this, w, lecture] {
        // Rebuild on the next turn of the event loop: the old window saves its session first. A call still queued
        // when the host goes (exec() returned) is dropped with it.
        QMetaObject::invokeMethod(
            this, [this, geometry = w->saveGeometry(), scenario = w->scenario(), carried = lecture->carry()] { rebuild(geometry, scenario, carried); },
            Qt::QueuedConnection);
    });
    m_window.reset(w); // NOLINT(clang-analyzer-cplusplus.NewDeleteLeaks): lecture = new Lecture(w) is a child of w, which m_window owns
}

void LectureWindowHost::rebuild(const QByteArray& geometry, const Scenario& scenario, const Lecture::Carry& carried)
{
    if (carried.presenting && lecture())
        lecture()->presentation()->leave(); // restores the palette
    m_window.reset();
    build(scenario, MainWindow::Session::KeepGiven);
    m_window->restoreGeometry(geometry);
    m_window->show();
    lecture()->resume(carried);
    emit rebuilt();
}

int runLectureWindow(const Scenario& scenario, MainWindow::Session session, const QString& file)
{
    LectureWindowHost host;
    host.build(scenario, session);
    MainWindow* window = host.window();
    window->show();
    if (!file.isEmpty()) {
        QFile f(file);
        const bool tour = f.open(QIODevice::ReadOnly) && looksLikeTour(f.read(4096));
        Lecture* lecture = host.lecture();
        const bool ok = tour ? lecture->openTour(file) : window->openAnyFile(file);
        if (!ok)
            QMessageBox::warning(window, QCoreApplication::translate("shardscope::Lecture", "Cannot open %1").arg(QFileInfo(file).fileName()),
                                 tour ? lecture->lastError() : window->lastError());
    }
    return QApplication::exec();
}

} // namespace shardscope
