// SPDX-License-Identifier: MIT
#pragma once

#include "stepcommon.h"

#include <QImage>
#include <QPainterPath>
#include <QPen>
#include <QPixmap>
#include <QWidget>

#include <cstdint>
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
    ~StepGpuView() override;
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
    /// Tests: with false every paint on screen draws everything afresh, in the order an export draws it (the pictures
    /// kept between frames unused); the cached paint must give the same pixels.
    void setPaintCacheEnabled(bool on)
    {
        m_cacheEnabled = on;
        update();
    }

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
    /// The boxes' and node frames' rectangles, kept from the last layout (issue 29, speed): boxRect() and the frames'
    /// unions were computed again on every animation frame to build the picture's key.
    struct Layout
    {
        QSize size;
        double top = -1, bottom = -1, lineHeight = -1;
        const void* data = nullptr;
        std::uint64_t generation = 0; ///< counts the layouts made: the pictures below name the one they were drawn for
        QList<QRectF> boxes, frames;
        std::vector<std::int64_t> nodes;
    };
    const Layout& layout();
    Layout m_layout;
    std::uint64_t m_layoutCount = 0;
    bool m_cacheEnabled = true;
    /// What does not move while a collective plays, painted once per layout, palette, font and ring shown (issue 29,
    /// speed): the background, the node frames with their labels, each box's fill, outline (highlighted in the ring),
    /// name and coordinates, its memory bar's track, and the whole bar, label and strip of a box off the worst stage.
    /// Painted there in the order the view paints them; what moves is painted over it in the same order as before.
    struct PictureKey
    {
        std::uint64_t layout = 0;
        qreal dpr = 0;
        QRgb base = 0, text = 0, highlight = 0;
        QFont font; // compared as fonts: QFont::key() built a string on every frame
        std::vector<int> ring;
        bool operator==(const PictureKey& o) const
        {
            return layout == o.layout && dpr == o.dpr && base == o.base && text == o.text && highlight == o.highlight
                && font == o.font && ring == o.ring;
        }
    };
    PictureKey m_pictureKey;
    QPixmap m_picture;
    QList<stepui::DrawnLabel> m_pictureLabels; ///< the labels painted in the picture, in paint order
    /// The ring's arcs for the collective shown: each path (the shards ride it) and its outline as the pen strokes it,
    /// made once per ring and layout, filled on each frame (stroking them again was a third of the frame).
    struct RingArc
    {
        QPainterPath path, outline;
        QPen pen;
        bool neighbours = false, sameColumn = false;
        QRectF fromBox;
        /// The outline filled once in the arc's colour over transparent pixels, and where it goes (device pixels): drawn
        /// over the view it blends each pixel as filling the outline there does (source over, the same premultiplied
        /// colour times the same coverage), at the cost of a copy of its pixels.
        QImage image;
        QPoint at;
    };
    struct RingKey
    {
        std::uint64_t layout = 0;
        std::vector<int> ring;
        bool p2p = false;
        QRgb color = 0;
        qreal dpr = 0;
        bool operator==(const RingKey& o) const
        {
            return layout == o.layout && ring == o.ring && p2p == o.p2p && color == o.color && dpr == o.dpr;
        }
    };
    RingKey m_ringKey;
    std::vector<RingArc> m_ringArcs;
};

} // namespace shardscope
