// SPDX-License-Identifier: MIT
#include "tourpanel.h"

#include "language.h"
#include "tourfacts.h"
#include "tourplayer.h"

#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <initializer_list>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace shardscope {

TourPanel::TourPanel(TourPlayer* player, QWidget* parent)
    : QWidget(parent)
    , m_player(player)
    , m_title(new QLabel(this))
    , m_progress(new QLabel(this))
    , m_caption(new QLabel(this))
    , m_prev(new QPushButton(this))
    , m_next(new QPushButton(this))
    , m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("tourPanel"));
    m_caption->setObjectName(QStringLiteral("tourCaption"));
    connect(&m_trainer, &QFutureWatcher<void>::finished, this, &TourPanel::refresh);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    QFont big = m_caption->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_caption->setFont(big);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_prev->setObjectName(QStringLiteral("tourPrevious"));
    m_next->setObjectName(QStringLiteral("tourNext"));
    m_close->setObjectName(QStringLiteral("tourClose"));
    for (QPushButton* b : {m_prev, m_next, m_close})
        b->setFocusPolicy(Qt::NoFocus); // the arrow keys stay with the tour

    auto* top = new QHBoxLayout;
    top->addWidget(m_title);
    top->addStretch(1);
    top->addWidget(m_progress);
    top->addWidget(m_prev);
    top->addWidget(m_next);
    top->addWidget(m_close);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    // In a scroll area: a long caption must not make the window taller than a scaled screen.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("tourCaptionScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_caption);
    m_scroll = scroll;
    scroll->viewport()->installEventFilter(this);
    fitCaptionHeight();
    layout->addWidget(scroll, 1);

    connect(m_prev, &QPushButton::clicked, m_player, &TourPlayer::previous);
    connect(m_next, &QPushButton::clicked, m_player, &TourPlayer::next);
    connect(m_close, &QPushButton::clicked, this, &TourPanel::closeRequested);
    connect(m_player, &TourPlayer::stepChanged, this, &TourPanel::refresh);
    connect(m_player, &TourPlayer::tourChanged, this, &TourPanel::refresh);
    refresh();
}

QString TourPanel::captionText() const { return m_caption->text(); }

QString TourPanel::progressText() const { return m_progress->text(); }

void TourPanel::fitCaptionHeight()
{
    // The whole caption shows without scrolling (a scroll bar in front of a hall hides the end of the sentence), and
    // no more: the area is exactly as high as the caption laid out at its width, so a one-line caption leaves no empty
    // band above the charts (issue 14) nor under itself in the normal window (the dock follows, Lecture::fitTourDock).
    // Lines are measured on the laid-out text, not the font's line spacing: CJK glyphs come from a taller fallback
    // font. A caption longer than a third of the window (presentation mode) or a quarter (the normal window, whose
    // charts are smaller) scrolls rather than push the charts off the screen.
    if (!m_scroll)
        return;
    const QFontMetrics fm(m_caption->font());
    const bool presenting = fm.height() > 2 * QFontMetrics(QApplication::font()).height();
    const int line = fm.lineSpacing() + 4;
    int height = line;
    const int width = m_scroll->viewport()->width();
    if (width > 0)
        height = std::max(height, m_caption->heightForWidth(width) + 4);
    // The main window's height, also while the dock floats (its own window is as high as the caption).
    const QWidget* top = window();
    if (const auto* dock = qobject_cast<const QDockWidget*>(top); dock && dock->parentWidget())
        top = dock->parentWidget()->window();
    if (top)
        height = std::min(height, std::max(line, top->height() / (presenting ? 3 : 4)));
    if (m_scroll->minimumHeight() != height)
        m_scroll->setMinimumHeight(height);
    if (m_scroll->maximumHeight() != height)
        m_scroll->setMaximumHeight(height);
}

bool TourPanel::eventFilter(QObject* o, QEvent* e)
{
    // A new width reflows the caption: its height follows (presentation mode).
    if (m_scroll && o == m_scroll->viewport() && e->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, &TourPanel::fitCaptionHeight, Qt::QueuedConnection);
    return QWidget::eventFilter(o, e);
}

void TourPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::FontChange) // after the caption got its own font (presentation mode sets each widget's)
        QMetaObject::invokeMethod(this, &TourPanel::fitCaptionHeight, Qt::QueuedConnection);
    if (e->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(e);
}

void TourPanel::refresh()
{
    m_prev->setText(tr("\u25c0 Previous"));
    m_next->setText(tr("Next \u25b6"));
    m_close->setText(tr("End Tour"));
    m_prev->setToolTip(tr("Previous step (Left, Page Up)"));
    m_next->setToolTip(tr("Next step (Right, Page Down)"));
    const TourStep* step = m_player->step();
    // Without a tour there is nothing to step through: the caption's one line says how to open one.
    for (QWidget* w : std::initializer_list<QWidget*>{m_title, m_progress, m_prev, m_next, m_close})
        w->setVisible(step != nullptr);
    if (!step) {
        m_note.clear();
        m_title->clear();
        m_progress->clear();
        m_caption->setText(tr("No tour is open. File > Open Tour\u2026 or Tour > a built-in tour."));
        m_prev->setEnabled(false);
        m_next->setEnabled(false);
        return;
    }
    const QString lang = language::current();
    const QLocale locale;
    m_title->setText(m_player->tour().title.in(lang));
    // A user's tour without this language's caption shows the English one, and says so (issue 27).
    m_note = lang != QLatin1String("en") && !step->caption.byLanguage.contains(lang)
        ? tr("not translated into %1: shown in English").arg(language::nativeName(lang))
        : QString();
    m_progress->setText(tr("Step %1 of %2").arg(locale.toString(m_player->index() + 1), locale.toString(m_player->count()))
                        + (m_note.isEmpty() ? QString() : QStringLiteral(" \u00b7 ") + m_note));
    QString text;
    if (step->train && !TourFacts::trainerCached(*step->train)) {
        // The run takes longer than a frame: on a worker thread, then this caption again.
        m_caption->setText(tr("Running the mini trainer (%1 ranks)\u2026").arg(locale.toString(step->train->ranks)));
        if (!m_trainer.isRunning()) {
            const train::TrainConfig config = *step->train;
            m_trainer.setFuture(QtConcurrent::run([config] {
                try {
                    TourFacts::runTrainerCached(config);
                } catch (const std::exception&) {
                    // value() below runs it again on the GUI thread and shows the message
                }
            }));
        }
        m_prev->setEnabled(m_player->index() > 0);
        m_next->setEnabled(m_player->index() + 1 < m_player->count());
        return;
    }
    try {
        TourFacts facts(step->scenario);
        facts.setTrain(step->train);
        text = facts.render(step->caption.in(lang), locale);
    } catch (const std::exception& e) {
        text = tr("This step has no answer: %1").arg(QString::fromUtf8(e.what()));
    }
    m_caption->setText(text);
    fitCaptionHeight();
    m_prev->setEnabled(m_player->index() > 0);
    m_next->setEnabled(m_player->index() + 1 < m_player->count());
}

} // namespace shardscope
