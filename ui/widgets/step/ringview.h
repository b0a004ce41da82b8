// SPDX-License-Identifier: MIT
#pragma once

#include "ringstate.h"

#include <QWidget>

class QPainter;
class QTimer;
class QToolButton;

namespace shardscope {

/**
 * "One collective" mode of the Step tab: a single ring collective on a small ring (4 GPUs by default), stepped
 * hop by hop ([ and ]). Each GPU shows its n chunks: pale = a partial sum (the more GPUs summed in, the
 * stronger), solid with a frame = fully reduced, empty = not held. The squares on the arcs are the chunks that
 * moved in the last hop, "+" where the receiver adds its partial. The ring's clock is an illustration: hops are
 * stepped by hand or played slowly (Play / Pause, one hop per hopInterval()), not timed; the modelled time of the
 * real collective is given in words. An all-to-all (MoE dispatch or combine, issue 25) is no ring: every GPU sends
 * each other one a slice, drawn as a full mesh exchange by exchange (paintAllToAll()).
 */
class RingView : public QWidget
{
    Q_OBJECT
public:
    explicit RingView(QWidget* parent = nullptr);

    void setCollective(EventKind kind, int gpus);
    EventKind kind() const { return m_kind; }
    int gpus() const { return m_n; }
    /// Hops done (0 = the start, hopCount() = the end).
    int hop() const { return m_hop; }
    int hopCount() const { return ringHopCount(m_kind, m_n); }
    void setHop(int hop);
    /// The state drawn now.
    RingState state() const { return ringStateAfter(m_kind, m_n, m_hop); }
    /// A line about the modelled collective this illustrates (bytes, time), or empty.
    void setModelNote(const QString& note);
    /// Autoplay: one hop every hopInterval() ms until the end (Play at the end starts again from hop 0).
    bool isPlaying() const;
    int hopInterval() const;
    void setHopInterval(int ms);
    QToolButton* playButton() const { return m_play; }
    /// For a figure (`export --chart step-gpus`): every sentence whole, wrapped onto as many lines as the width needs
    /// (the title, what the hop did, the legend, the clock's note, the model note), and the minimum height grows to
    /// hold them. Off in the window, which keeps one line each and elides where narrow.
    void setWholeText(bool whole);
    bool wholeText() const { return m_wholeText; }

    /// Both grow with the type (presentation mode's 2x): the ring must not shrink to a strip under large text.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /// The view's type over the application's (1 in the window, about 2 in presentation mode): the boxes, chunks,
    /// arrows and swatches are drawn that much larger.
    double typeScale() const;

public Q_SLOTS:
    void nextHop() { setHop(m_hop + 1); }
    void previousHop() { setHop(m_hop - 1); }
    void play();
    void pause();
    void togglePlay();

Q_SIGNALS:
    void hopChanged(int hop);

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    /// The lines each text takes at a width: in the window a one-line title and sentence, a clock's note of one or two
    /// lines, a two-line model note, two rows of swatches; with setWholeText() what each needs.
    struct TextLines
    {
        int title = 1, what = 1, clock = 1, note = 2, swatchRows = 2;
    };
    TextLines textLines(int width) const;
    QString whatText() const;
    QString clockText() const;
    QStringList legendLabels() const;
    /// MoE (issue 25): an all-to-all is drawn as what it is, a full mesh: in exchange k each GPU g sends its slice for
    /// GPU (g + k + 1) mod n; the slots of a GPU are coloured by the GPU whose tokens they hold.
    void paintAllToAll(QPainter& p);
    EventKind m_kind = EventKind::ReduceScatter;
    int m_n = 4;
    int m_hop = 0;
    QString m_note;
    bool m_wholeText = false;
    QTimer* m_timer;
    QToolButton* m_play;
    void advance();
    void updatePlayButton();
};

} // namespace shardscope
