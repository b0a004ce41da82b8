// SPDX-License-Identifier: MIT
#include "presentationmode.h"

#include "chartstyle.h"
#include "mainwindow.h"
#include "presenterbar.h"
#include "stepview.h"
#include "tourplayer.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHeaderView>
#include <QKeyEvent>
#include <QTableView>
#include <QLayout>
#include <QLegend>
#include <QMenuBar>
#include <QProxyStyle>
#include <QRadioButton>
#include <QScreen>
#include <QShortcut>
#include <QShortcutEvent>
#include <QToolBar>
#include <QWindow>
#include <QXYSeries>

#include <QSet>

#include <algorithm>
#include <cmath>
#include <utility>

namespace shardscope {

namespace {
QFont scaled(QFont f, double k)
{
    if (f.pixelSize() > 0)
        f.setPixelSize(std::max(1, int(std::lround(f.pixelSize() * k))));
    else
        f.setPointSizeF(f.pointSizeF() * k);
    return f;
}
} // namespace

PresentationMode::PresentationMode(MainWindow* window, PresenterBar* bar, QDockWidget* tourDock)
    : QObject(window)
    , m_window(window)
    , m_bar(bar)
    , m_tourDock(tourDock)
{
}

PresentationMode::~PresentationMode()
{
    if (m_active)
        qApp->removeEventFilter(this);
}

double PresentationMode::factorFor(int height) { return std::max(2.0, 2.0 * height / 1080.0); }

QPalette PresentationMode::projectorPalette()
{
    // Black on white: projectors wash out dark backgrounds and thin light text. Saturated blue accents.
    QPalette p;
    const QColor white(Qt::white), black(Qt::black);
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        p.setColor(g, QPalette::Window, white);
        p.setColor(g, QPalette::WindowText, g == QPalette::Disabled ? QColor(0x55, 0x55, 0x55) : black);
        p.setColor(g, QPalette::Base, white);
        p.setColor(g, QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        p.setColor(g, QPalette::Text, g == QPalette::Disabled ? QColor(0x55, 0x55, 0x55) : black);
        p.setColor(g, QPalette::Button, QColor(0xe8, 0xe8, 0xe8));
        p.setColor(g, QPalette::ButtonText, black);
        p.setColor(g, QPalette::BrightText, white);
        p.setColor(g, QPalette::Highlight, QColor(0x00, 0x4c, 0xc4));
        p.setColor(g, QPalette::HighlightedText, white);
        p.setColor(g, QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe0));
        p.setColor(g, QPalette::ToolTipText, black);
        p.setColor(g, QPalette::Mid, QColor(0x60, 0x60, 0x60));
        p.setColor(g, QPalette::Dark, QColor(0x30, 0x30, 0x30));
        p.setColor(g, QPalette::Light, white);
        p.setColor(g, QPalette::PlaceholderText, QColor(0x44, 0x44, 0x44));
    }
    return p;
}

void PresentationMode::toggle()
{
    if (m_active)
        leave();
    else
        enter();
}

void PresentationMode::enter(const QSize& screenSize)
{
    if (m_active || !m_window)
        return;
    m_active = true;
    m_wasFullScreen = m_window->isFullScreen();
    m_wasMaximized = m_window->isMaximized();
    m_geometry = m_window->saveGeometry();
    m_state = m_window->saveState();
    m_size = m_window->size();
    m_minimum = m_window->minimumSize();
    m_palette = QApplication::palette();

    int height = screenSize.height();
    if (height <= 0)
        height = m_window->screen() ? m_window->screen()->geometry().height() : 1080;
    m_factor = factorFor(height);

    // Collapse the controls: docks and toolbars go; the presenter bar shows the step's controls.
    m_hidden.clear();
    for (QDockWidget* d : m_window->findChildren<QDockWidget*>())
        if (d != m_tourDock && d->isVisible()) {
            m_hidden << d;
            d->hide();
        }
    for (QToolBar* t : m_window->findChildren<QToolBar*>())
        if (t->isVisible() && t->parentWidget() == m_window) {
            m_hidden << t;
            t->hide();
        }
    if (m_window->menuBar()->isVisible()) {
        m_hidden << m_window->menuBar();
        m_window->menuBar()->hide();
    }
    m_bar->show();

    QApplication::setPalette(projectorPalette());
    QApplication::processEvents();
    m_window->setMinimumSize(0, 0);
    // The scaled type makes the layouts ask for more than the screen: fill the screen, clip the rest.
    if (QLayout* l = m_window->layout()) {
        m_constraint = l->sizeConstraint();
        l->setSizeConstraint(QLayout::SetNoConstraint);
    }
    if (screenSize.isValid())
        m_window->resize(screenSize);
    else
        m_window->showFullScreen();
    scaleWidgets(true);
    scaleCharts(true);
    scaleIndicators();
    // Charts rebuild their series and restyle their legends when the scenario changes (each tour step): scale again.
    m_rescaleOnChange = connect(m_window.get(), &MainWindow::scenarioChanged, this, [this] {
        QMetaObject::invokeMethod(this, &PresentationMode::rescale, Qt::QueuedConnection);
    });
    QApplication::processEvents();
    if (screenSize.isValid())
        m_window->resize(screenSize);
    qApp->installEventFilter(this);
    QApplication::processEvents();
    emit activeChanged(true);
}

void PresentationMode::scaleWidgets(bool entering)
{
    QList<QWidget*> widgets = m_window->findChildren<QWidget*>();
    widgets.prepend(m_window);
    // Made while presenting and inheriting its font: it has its scaled parent's type already (and its parent's 1x type
    // back on leaving).
    const auto inheritsScaled = [&](QWidget* w) { return !entering && !m_fonts.contains(w) && !w->testAttribute(Qt::WA_SetFont); };
    // Read every font first: setting a parent's font changes what its children report.
    for (QWidget* w : widgets)
        if (!m_fonts.contains(w) && !inheritsScaled(w))
            m_fonts.insert(w, SavedFont {w, w->font(), !w->testAttribute(Qt::WA_SetFont)});
    for (QWidget* w : widgets) {
        if (m_fonts.contains(w))
            w->setFont(scaled(m_fonts.value(w).font, m_factor));
        if (auto* table = qobject_cast<QTableView*>(w)) { // rows sized for the old type would overlap
            QHeaderView* rows = table->verticalHeader();
            if (!m_rowHeights.contains(table))
                m_rowHeights.insert(table, {table, rows->defaultSectionSize()});
            rows->setDefaultSectionSize(int(std::lround(m_rowHeights.value(table).second * m_factor)));
        }
        const int lo = w->minimumHeight(), hi = w->maximumHeight();
        if (lo == hi && lo > 0 && hi < QWIDGETSIZE_MAX && !m_fixedHeights.contains(w)) {
            m_fixedHeights.insert(w, {w, lo});
            w->setFixedHeight(int(std::lround(lo * m_factor)));
        }
    }
}

void PresentationMode::scaleCharts(bool entering)
{
    for (QChartView* view : m_window->findChildren<QChartView*>()) {
        QChart* chart = view->chart();
        if (!chart)
            continue;
        const auto remember = [this](QHash<QObject*, QPair<QPointer<QObject>, QFont>>& saved, QObject* o, const QFont& f) {
            if (!saved.contains(o))
                saved.insert(o, {o, f});
            return scaled(saved.value(o).second, m_factor);
        };
        chart->setTitleFont(remember(m_chartFonts, chart, chart->titleFont()));
        // The legend's type as asked before fitLegend() shrank it to the chart's room (it fits it again on the next
        // layout). Moving a side legend under the plot was tried: Qt Charts lays a bottom legend out in one row and
        // elides its Russian labels ("Пар...", "Гра..."), worse than a smaller type.
        QLegend* legend = chart->legend();
        // Issue 26: the legend scales with the rest and fitLegend() never shrinks it here (it did, to less than the 1x
        // type); a chart with more entries than fit groups its smallest ones instead (MemoryPerGpuChart).
        legend->setProperty(kLegendNoShrink, true);
        // Scaled once: fitLegend() fits later layouts from this type (setting it again after a rebuild would undo its fit
        // until the next one: the ZeRO legend of the N chart ran off the chart's edge).
        if (!m_chartFonts.contains(legend)) {
            const QVariant asked = legend->property("shardscopeAskedFont"); // the font before fitLegend() shrank it
            legend->setFont(remember(m_chartFonts, legend, asked.isValid() ? asked.value<QFont>() : legend->font()));
        }
        for (QAbstractAxis* axis : chart->axes()) {
            axis->setLabelsFont(remember(m_chartFonts, axis, axis->labelsFont()));
            axis->setTitleFont(remember(m_axisTitleFonts, axis, axis->titleFont()));
        }
        for (QAbstractSeries* series : chart->series())
            if (auto* xy = qobject_cast<QXYSeries*>(series)) {
                // Pens once, at entry, as before: a chart restyles its own series for a new scenario (the current ZeRO
                // stage's line drawn thick, from its own widths), which a later pass would undo.
                if (!entering || m_pens.contains(xy))
                    continue;
                m_pens.insert(xy, {xy, xy->pen()});
                QPen pen = xy->pen();
                pen.setWidthF(std::max(3.0, pen.widthF() * m_factor));
                xy->setPen(pen);
            }
        // Labels drawn in the scene (ChartLabel: a text item in a box).
        if (QGraphicsScene* scene = chart->scene()) {
            m_itemScenes << scene;
            for (QGraphicsItem* item : scene->items())
                if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item))
                    if (text->parentItem() && dynamic_cast<QGraphicsRectItem*>(text->parentItem()) && !m_scaledItems.contains(item)) {
                        m_scaledItems.insert(item);
                        m_itemFonts << qMakePair(item, text->font());
                        text->setFont(scaled(text->font(), m_factor));
                    }
        }
    }
}

void PresentationMode::rescale()
{
    if (!m_active)
        return;
    scaleWidgets(false);
    scaleCharts(false); // a chart rebuilt for a new scenario (its fonts back at 1x) is scaled again
}

namespace {
/// Presentation mode's check boxes and radio buttons: the indicator grows with the type (the style draws it at a
/// fixed 13 px whatever the font).
class ScaledIndicatorStyle : public QProxyStyle
{
public:
    explicit ScaledIndicatorStyle(double k)
        : m_k(k)
    {
    }
    int pixelMetric(PixelMetric m, const QStyleOption* o, const QWidget* w) const override
    {
        const int v = QProxyStyle::pixelMetric(m, o, w);
        switch (m) {
        case PM_IndicatorWidth:
        case PM_IndicatorHeight:
        case PM_ExclusiveIndicatorWidth:
        case PM_ExclusiveIndicatorHeight:
        case PM_CheckBoxLabelSpacing:
        case PM_RadioButtonLabelSpacing:
            return int(std::lround(v * m_k));
        default:
            return v;
        }
    }

private:
    double m_k;
};
} // namespace

void PresentationMode::scaleIndicators()
{
    if (!m_indicatorStyle)
        m_indicatorStyle = std::make_unique<ScaledIndicatorStyle>(m_factor);
    for (QAbstractButton* b : m_window->findChildren<QAbstractButton*>())
        if ((qobject_cast<QCheckBox*>(b) || qobject_cast<QRadioButton*>(b)) && b->style() != m_indicatorStyle.get()) {
            m_styled << b;
            b->setStyle(m_indicatorStyle.get());
        }
}

void PresentationMode::restore()
{
    for (const SavedFont& f : std::as_const(m_fonts))
        if (f.widget && !f.inherited)
            f.widget->setFont(f.font);
    for (const SavedFont& f : std::as_const(m_fonts))
        if (f.widget && f.inherited)
            f.widget->setFont(QFont()); // inherit from the parent again
    m_fonts.clear();
    for (const auto& [w, h] : std::as_const(m_fixedHeights))
        if (w)
            w->setFixedHeight(h);
    m_fixedHeights.clear();
    for (const auto& [w, h] : std::as_const(m_rowHeights))
        if (auto* table = qobject_cast<QTableView*>(w.data()))
            table->verticalHeader()->setDefaultSectionSize(h);
    m_rowHeights.clear();
    for (const auto& [o, font] : std::as_const(m_chartFonts)) {
        if (auto* chart = qobject_cast<QChart*>(o))
            chart->setTitleFont(font);
        else if (auto* legend = qobject_cast<QLegend*>(o)) {
            legend->setProperty(kLegendNoShrink, QVariant());
            legend->setFont(font);
        }
        else if (auto* axis = qobject_cast<QAbstractAxis*>(o))
            axis->setLabelsFont(font);
    }
    m_chartFonts.clear();
    for (const auto& [o, font] : std::as_const(m_axisTitleFonts))
        if (auto* axis = qobject_cast<QAbstractAxis*>(o))
            axis->setTitleFont(font);
    m_axisTitleFonts.clear();
    for (const auto& [o, pen] : std::as_const(m_pens))
        if (auto* xy = qobject_cast<QXYSeries*>(o))
            xy->setPen(pen);
    m_pens.clear();
    // Scene items have no QPointer: restore only those still in a live scene.
    QSet<QGraphicsItem*> alive;
    for (const QPointer<QObject>& scene : std::as_const(m_itemScenes))
        if (auto* sc = qobject_cast<QGraphicsScene*>(scene.data()))
            for (QGraphicsItem* item : sc->items())
                alive.insert(item);
    for (const auto& [item, font] : std::as_const(m_itemFonts))
        if (alive.contains(item))
            if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item))
                text->setFont(font);
    m_itemFonts.clear();
    m_itemScenes.clear();
    m_scaledItems.clear();
    for (const QPointer<QAbstractButton>& b : std::as_const(m_styled))
        if (b)
            b->setStyle(nullptr); // the application's style again
    m_styled.clear();
    m_indicatorStyle.reset();
}

void PresentationMode::leave()
{
    if (!m_active || !m_window)
        return;
    qApp->removeEventFilter(this);
    m_active = false;
    disconnect(m_rescaleOnChange);
    restore();
    QApplication::setPalette(m_palette);
    m_bar->hide();
    for (const QPointer<QWidget>& w : m_hidden)
        if (w)
            w->show();
    m_hidden.clear();
    if (!m_wasFullScreen)
        m_window->showNormal();
    m_window->restoreGeometry(m_geometry);
    m_window->restoreState(m_state);
    if (QLayout* l = m_window->layout())
        l->setSizeConstraint(static_cast<QLayout::SizeConstraint>(m_constraint));
    m_window->setMinimumSize(m_minimum);
    if (!m_window->isVisible() || m_window->testAttribute(Qt::WA_DontShowOnScreen))
        m_window->resize(m_size);
    if (m_wasMaximized)
        m_window->showMaximized();
    emit activeChanged(false);
}

bool PresentationMode::isPresenterKey(int key)
{
    switch (key) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Space:
    case Qt::Key_0:
    case Qt::Key_1:
    case Qt::Key_2:
    case Qt::Key_3:
    case Qt::Key_Escape:
        return true;
    default:
        return false;
    }
}

bool PresentationMode::handleKey(int key)
{
    if (!isPresenterKey(key))
        return false;
    switch (key) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
        emit nextRequested();
        return true;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
        emit previousRequested();
        return true;
    case Qt::Key_Space: {
        // A clicker's Space moves the tour like Right on every step, whatever tab the lecturer opened by hand (issue
        // 27: "move the tour on every step, whatever tab or view has focus"). Only with no tour running is it the
        // Step tab's play/pause, as in the window.
        StepView* v = m_window->stepView();
        const bool tourRunning = m_player && m_player->step();
        if (!tourRunning && v && v->isVisible())
            v->togglePlay();
        else
            emit nextRequested();
        return true;
    }
    case Qt::Key_Escape:
        leave();
        return true;
    default: {
        Scenario s = m_window->scenario();
        s.zeroStage = key - Qt::Key_0;
        try {
            validateScenario(s);
        } catch (const std::exception&) {
            return true;
        }
        m_window->setScenario(s);
        return true;
    }
    }
}

bool PresentationMode::ownsReceiver(QObject* o) const
{
    if (!m_window)
        return false;
    if (o->isWidgetType())
        return static_cast<QWidget*>(o)->window() == m_window;
    if (auto* win = qobject_cast<QWindow*>(o))
        return win == m_window->windowHandle();
    // A QShortcut or QAction: the window of the nearest widget among its parents.
    for (QObject* p = o->parent(); p; p = p->parent())
        if (p->isWidgetType())
            return static_cast<QWidget*>(p)->window() == m_window;
    return false;
}

bool PresentationMode::eventFilter(QObject* o, QEvent* e)
{
    if (!m_active)
        return QObject::eventFilter(o, e);
    const QEvent::Type type = e->type();
    if (type == QEvent::ShortcutOverride || type == QEvent::KeyPress) {
        auto* k = static_cast<QKeyEvent*>(e);
        if (k->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
            return QObject::eventFilter(o, e);
        // Only for keys in this window (a dialog's own keys stay its own).
        if (!isPresenterKey(k->key()) || !ownsReceiver(o))
            return QObject::eventFilter(o, e);
        if (type == QEvent::ShortcutOverride) {
            // Claim the key before any window shortcut (the Step tab's Space / Right / Left step the animation)
            // or a focused view's own handling: the key press then comes here.
            k->accept();
            return true;
        }
        // The key press reaches the window (QWidgetWindow) and then its focus widget: act once, at the first.
        if (o->isWidgetType() || qobject_cast<QWindow*>(o)) {
            handleKey(k->key());
            return true;
        }
    }
    if (type == QEvent::Shortcut) {
        // No focus object took the override (an inactive window): the shortcut map fired a window shortcut.
        auto* s = static_cast<QShortcutEvent*>(e);
        const QKeySequence seq = s->key();
        if (seq.count() == 1 && seq[0].keyboardModifiers() == Qt::NoModifier && isPresenterKey(seq[0].key()) && ownsReceiver(o)) {
            handleKey(seq[0].key());
            return true;
        }
    }
    return QObject::eventFilter(o, e);
}

} // namespace shardscope
