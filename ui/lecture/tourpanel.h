// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;
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
    QLabel* captionLabel() const { return m_caption; }
    /// Shows the caption for the current step again (after a language change).
    void refresh();

signals:
    void closeRequested();

protected:
    void changeEvent(QEvent* e) override;

private:
    TourPlayer* m_player;
    QLabel* m_title;
    QLabel* m_progress;
    QLabel* m_caption;
    QPushButton* m_prev;
    QPushButton* m_next;
    QPushButton* m_close;
};

} // namespace shardscope
