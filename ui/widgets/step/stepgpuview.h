// SPDX-License-Identifier: MIT
#pragma once

#include "stepcommon.h"

#include <QPixmap>
#include <QWidget>

#include <vector>

namespace shardscope {

/**
 * The GPUs of the scenario as boxes grouped by node (all of them up to 16; beyond that the 16 around the
 * worst stage, with "x N/16"), each with a memory bar against the capacity line. The collective at the
 * playhead is animated as shards moving around its ring in its real number of steps (all-reduce 2(n-1),
 * reduce-scatter / all-gather n-1), coloured by the rank that owns each shard, and labelled with its bytes
 * and modelled time. The ring's animation runs on its own phase (one loop per kCycleSeconds of wall time
 * at 1x) so that a 1 ms collective stays visible in a 100 s step.
 */
class StepGpuView : public QWidget
{
    Q_OBJECT
public:
    static constexpr double kCycleSeconds = 1.6;
    static constexpr int kMaxDrawn = 16;
    /// The band above each box where the ring's shards travel (between the node's label and the box's name).
    static constexpr double kShardBand = 8;
    /// Between the node's label and that band: a label in a taller fallback font (Chinese) sits lower in its line, and
    /// its digits touched the first shard ("节点 1" in the zh_CN step-gpus figure, issue 26).
    /// 4 px: room for the ring's arcs between neighbouring boxes to bow over the shard band without touching the label.
    static constexpr double kLabelGap = 4;
    /// Under each box: the ring's chunk strip (3 to 8 px below it) and 2 px more before the next row's node frame and
    /// label (at 6 px the strip ran into the label "node 1" of an 8 in step-gpus figure).
    static constexpr double kUnderBox = 10;

    explicit StepGpuView(QWidget* parent = nullptr);
    void setData(stepui::StepDataPtr data);
    /// Moves the playhead. With `jump` the collective at t is shown at once (seek, step); while playing the
    /// shown collective finishes its loop before the next one takes over.
    void setPlayhead(double t, bool jump);
    /// Advances the ring animation by `wallSeconds` x speed.
    void advanceAnimation(double scaledWallSeconds);

    /// Index of the event whose collective is shown (-1: none).
    int focusedEvent() const { return m_focus; }
    /// Current ring step (0-based) and the collective's number of steps.
    int ringStep() const;
    int ringSteps() const;
    /// Global ranks of the boxes drawn.
    const std::vector<std::int64_t>& drawnRanks() const { return m_ranks; }
    QSize sizeHint() const override { return QSize(820, 330); }
    /// 360 x ~250 at the default font; larger with larger type (the text rows scale with the font), and taller by a
    /// line for each line the header or footer needs beyond two at this width.
    QSize minimumSizeHint() const override;
    /// The height at which the header and footer lines (as many as this width needs) and one row of compact boxes per
    /// row of GPUs (name, a short memory bar, the activity strip) still fit: how far the view gives way to a panel a
    /// tour step asks for (StepView::showPanel()) when both do not fit at their minimums.
    int compactHeight() const;
    /// The narrowest width at which every drawn box's name ("GPU 15") fits in the view's own font. A figure
    /// (`export --chart step-gpus`) is no narrower: in the small type the window falls back to, a 4.2 in figure printed
    /// the names at 7 pt and the ring's band ran into them (issue 26).
    int namesFitWidth() const;
    /// The texts the last paint drew (tests check that none is clipped).
    const QList<stepui::DrawnLabel>& labels() const { return m_labels; }
    /// What the last paint drew besides text (tests check that none covers a label): the shards moving on the ring
    /// and each box's memory bar with its capacity line.
    const QList<QRectF>& shardRects() const { return m_shardRects; }
    const QList<QRectF>& barRects() const { return m_barRects; }

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    QList<stepui::DrawnLabel> m_labels;
    QList<QRectF> m_shardRects;
    QList<QRectF> m_barRects;
    int candidateAt(double t) const;
    std::vector<std::int64_t> groupMembers(const StepEvent& e) const;
    QRectF boxRect(std::size_t i) const;
    std::int64_t stageOf(std::int64_t rank) const;

    stepui::StepDataPtr m_data;
    std::vector<std::int64_t> m_ranks;
    double m_playhead = 0;
    int m_focus = -1;
    double m_phase = 0; ///< [0, 1): position in the shown collective's ring loop
    bool m_cycleDone = true;
    // Lines of text above (header) and below (footer) the boxes: the most this scenario has needed so far at this
    // width (m_linesWidth; another width counts afresh, as the text packs differently), the most at any width (the
    // minimum size plans for it: it only grows, so the step view's arrangement settles), and the resulting bands in
    // pixels (boxRect() lays the boxes out between them).
    int m_headLines = 2;
    int m_footLines = 2;
    int m_linesWidth = -1;
    int m_plannedLines = 4;
    double m_top = 44;
    double m_bottom = 58;
    /// The background, the node frames and the GPU boxes' fills, painted once per geometry and palette (issue 29, speed): the frames are
    /// large translucent rounded rectangles, blended pixel by pixel; every animation frame drew them again.
    struct FrameCacheKey
    {
        QSize size;
        qreal dpr = 0;
        QRgb base = 0, text = 0;
        QList<QRectF> frames, boxes;
        bool operator==(const FrameCacheKey& o) const
        {
            return size == o.size && dpr == o.dpr && base == o.base && text == o.text && frames == o.frames
                && boxes == o.boxes;
        }
    };
    FrameCacheKey m_frameKey;
    QPixmap m_frameCache;
};

} // namespace shardscope
