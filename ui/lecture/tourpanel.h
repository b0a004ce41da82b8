// SPDX-License-Identifier: MIT
#pragma once

#include <QFutureWatcher>
#include <QWidget>

class QLabel;
class QScrollArea;
class QPushButton;

namespace shardscope {

class TourPlayer;

/**
 * The tour's caption under the charts: the tour's title, "Step k of n", the step's caption in the
 * interface language with its numbers from core (TourFacts, formatted for the locale), and
 * Previous / Next buttons. Presentation mode scales its font like everything else.
 */
class TourPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TourPanel(TourPlayer* player, QWidget* parent = nullptr);
    QString captionText() const;
    QString progressText() const;
    /// "not translated into Русский: shown in English" when the step's caption lacks the interface language, else empty.
    QString translationNote() const { return m_note; }
    QLabel* captionLabel() const { return m_caption; }
    /// Shows the caption for the current step again (after a language change).
    void refresh();
    /// Whether the caption waits for the mini trainer's run (a step with "train").
    bool waitingForTrainer() const { return m_trainer.isRunning(); }

signals:
    void closeRequested();

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* o, QEvent* e) override;

private:
    void fitCaptionHeight();
    TourPlayer* m_player;
    QScrollArea* m_scroll = nullptr;
    QLabel* m_title;
    QLabel* m_progress;
    QLabel* m_caption;
    QString m_note;
    QPushButton* m_prev;
    QPushButton* m_next;
    QPushButton* m_close;
    /// A step with "train": core's mini trainer runs here, off the GUI thread, before its caption shows.
    QFutureWatcher<void> m_trainer;
};

} // namespace shardscope
