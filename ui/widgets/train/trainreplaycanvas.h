// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/trainreplay.h"

#include <QWidget>

#include <vector>

namespace shardscope {

/**
 * The drawing of one recorded ring hop of the mini trainer (TrainReplayView): the ranks as nodes on a
 * circle, each with the bytes it has sent so far in the step, and each message of the hop as a packet
 * (coloured by the chunk it carries, labelled with its bytes) travelling from its sender to the right
 * neighbour; `progress` 0..1 is how far along.
 */
class TrainReplayCanvas : public QWidget
{
    Q_OBJECT
public:
    explicit TrainReplayCanvas(QWidget* parent = nullptr);

    /// `sent`: bytes each rank has sent up to and including this hop. An empty hop draws the ranks only.
    void setHop(int ranks, const train::ReplayHop& hop, const std::vector<std::int64_t>& sent);
    void clear(int ranks);
    void setProgress(double progress);
    double progress() const { return m_progress; }
    /// The chunk a message of `hop` carries (the sender's chunk of that ring step).
    static int chunkOf(const train::ReplayHop& hop, const train::Message& m, int ranks);

    QSize sizeHint() const override { return QSize(640, 420); }
    QSize minimumSizeHint() const override { return QSize(320, 240); }

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    int m_ranks = 0;
    train::ReplayHop m_hop;
    std::vector<std::int64_t> m_sent;
    double m_progress = 1.0;
};

} // namespace shardscope
