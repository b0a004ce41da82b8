// SPDX-License-Identifier: MIT
#include "stepgpuview.h"

#include "ringstate.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace shardscope {

using namespace stepui;

StepGpuView::StepGpuView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("stepGpus"));
    setAttribute(Qt::WA_OpaquePaintEvent);
}

StepGpuView::~StepGpuView() = default;

void StepGpuView::setData(StepDataPtr data)
{
    m_data = std::move(data);
    m_ranks.clear();
    m_focus = -1;
    m_phase = 0;
    m_cycleDone = true;
    m_headLines = m_footLines = 2;
    m_linesWidth = -1;
    m_layout.generation = 0; // other ranks, nodes and bars: laid out and painted afresh
    if (m_plannedLines != 4) {
        m_plannedLines = 4;
        updateGeometry();
    }
    if (m_data) {
        const Scenario& s = m_data->scenario;
        const std::int64_t N = s.gpus;
        std::int64_t start = 0;
        if (N > kMaxDrawn) {
            // The 16 ranks (whole nodes) where the worst stage begins: r = tp + t (dp + d pp).
            const std::int64_t base = s.tp * s.dp() * m_data->result.worstStage;
            const std::int64_t node = std::max<std::int64_t>(1, std::min(s.gpusPerNode, N));
            start = std::min(N - kMaxDrawn, (base / node) * node);
        }
        for (std::int64_t r = start; r < std::min(N, start + kMaxDrawn); ++r)
            m_ranks.push_back(r);
        setPlayhead(m_playhead, true);
    }
    update();
}

std::int64_t StepGpuView::stageOf(std::int64_t rank) const
{
    const Scenario& s = m_data->scenario;
    return rank / (s.tp * s.dp());
}

int StepGpuView::candidateAt(double t) const
{
    const StepResult& r = m_data->result;
    int i = eventAt(r, t);
    // The collective running at t (the largest one if several overlap), else the most recent one.
    int best = -1;
    for (int k = i; k >= 0 && k > i - 64; --k) {
        const StepEvent& e = r.events[static_cast<std::size_t>(k)];
        if (!e.isComm() || e.kind == EventKind::Recv)
            continue;
        if (e.start <= t && t < e.end()) {
            if (best < 0 || e.bufferBytes > r.events[static_cast<std::size_t>(best)].bufferBytes)
                best = k;
        }
    }
    if (best >= 0)
        return best;
    for (int k = i; k >= 0; --k) {
        const StepEvent& e = r.events[static_cast<std::size_t>(k)];
        if (e.isComm() && e.kind != EventKind::Recv)
            return k;
    }
    return -1;
}

void StepGpuView::setPlayhead(double t, bool jump)
{
    m_playhead = t;
    if (!m_data)
        return;
    const int c = candidateAt(t);
    if (c != m_focus && (jump || m_cycleDone || m_focus < 0)) {
        m_focus = c;
        m_cycleDone = false;
        m_phase = 0;
        if (jump && c >= 0) {
            const StepEvent& e = m_data->result.events[static_cast<std::size_t>(c)];
            if (e.duration > 0 && t >= e.start && t < e.end())
                m_phase = (t - e.start) / e.duration;
        }
    }
    update();
}

void StepGpuView::advanceAnimation(double scaledWallSeconds)
{
    if (m_focus < 0)
        return;
    m_phase += scaledWallSeconds / kCycleSeconds;
    if (m_phase >= 1) {
        m_phase -= std::floor(m_phase);
        m_cycleDone = true;
    }
    update();
}

int StepGpuView::ringSteps() const
{
    if (!m_data || m_focus < 0)
        return 0;
    const StepEvent& e = m_data->result.events[static_cast<std::size_t>(m_focus)];
    return static_cast<int>(collectiveSteps(e.kind, e.groupSize));
}

int StepGpuView::ringStep() const
{
    const int S = ringSteps();
    return S <= 0 ? 0 : std::min(S - 1, static_cast<int>(std::floor(m_phase * S)));
}

std::vector<std::int64_t> StepGpuView::groupMembers(const StepEvent& e) const
{
    const Scenario& s = m_data->scenario;
    const std::int64_t t = s.tp, d = s.dp();
    // The group of the first drawn rank of the worst stage.
    std::int64_t x = m_ranks.front();
    for (std::int64_t r : m_ranks)
        if (stageOf(r) == m_data->result.worstStage) {
            x = r;
            break;
        }
    const std::int64_t tpRank = x % t, dpRank = (x / t) % d, pp = x / (t * d);
    std::vector<std::int64_t> g;
    switch (e.group) {
    case CommGroup::TP:
        for (std::int64_t k = 0; k < t; ++k)
            g.push_back(x - tpRank + k);
        break;
    case CommGroup::DP:
        for (std::int64_t k = 0; k < d; ++k)
            g.push_back(tpRank + t * (k + d * pp));
        break;
    case CommGroup::PP: {
        const std::int64_t other = e.phase == StepPhase::Backward ? x - t * d : x + t * d;
        g = {x, other};
        break;
    }
    case CommGroup::EP: {
        // MoE (issue 25): Megatron-Core's expert rank order, expert TP fastest, then EP: EP consecutive blocks of ETP.
        const std::int64_t etp = std::max<std::int64_t>(1, s.expertTp());
        const std::int64_t ep = std::max<std::int64_t>(1, s.ep);
        const std::int64_t epRank = (x / etp) % ep;
        for (std::int64_t k = 0; k < ep; ++k)
            g.push_back(x - epRank * etp + k * etp);
        break;
    }
    default:
        g = {x};
        (void)dpRank;
    }
    return g;
}

QSize StepGpuView::minimumSizeHint() const
{
    // Two rows of boxes, each a node label, the shard band and a box with its name, bar and activity strip (150 px
    // at the default font), and the lines of text above and below them: two each, or as many as the last paint
    // packed the header and footer into at this width.
    const double L = lineHeight(font());
    const double k = std::max(1.0, L / 18.0);
    return QSize(int(std::lround(360 * k)), int(std::lround(150 * k + double(m_plannedLines) * L + 20)));
}

int StepGpuView::compactHeight() const
{
    if (!m_data || m_ranks.empty())
        return minimumSizeHint().height();
    const Scenario& s = m_data->scenario;
    const std::size_t n = m_ranks.size();
    const std::size_t perNode = static_cast<std::size_t>(std::max<std::int64_t>(1, std::min<std::int64_t>(s.gpusPerNode, kMaxDrawn)));
    const std::size_t perRow = std::min<std::size_t>(n, perNode <= 8 ? 8 : perNode);
    const std::size_t boxRows = (n + perRow - 1) / perRow; // whole rows
    const double rows = double(boxRows);
    const double L = lineHeight(font());
    // Per row (boxRect()): the node's label, the shard band, a box of its name, an 8 px bar and the strip (L + 21),
    // and kUnderBox px under it; the text bands as paintEvent() sets them (m_top, m_bottom) for the lines this width needs.
    const double row = L + kLabelGap + kShardBand + (L + 21) + kUnderBox;
    const double text = double(m_headLines + m_footLines) * L + 20;
    return std::min(minimumSizeHint().height(), int(std::ceil(text + rows * row)));
}

int StepGpuView::namesFitWidth() const
{
    if (!m_data || m_ranks.empty())
        return minimumSizeHint().width();
    const Scenario& s = m_data->scenario;
    const std::size_t n = m_ranks.size();
    const std::size_t perNode = static_cast<std::size_t>(std::max<std::int64_t>(1, std::min<std::int64_t>(s.gpusPerNode, kMaxDrawn)));
    const std::size_t nodes = (n + perNode - 1) / perNode;
    const std::size_t perRow = std::min<std::size_t>(n, perNode <= 8 ? 8 : perNode);
    const QFontMetricsF fm(font());
    double name = 0;
    for (const std::int64_t rank : m_ranks)
        name = std::max(name, fm.horizontalAdvance(tr("GPU %1").arg(rank)));
    // boxRect(): w = (width - 20 - gap x perRow - 2 nodeGap) / perRow, gap 8, nodeGap 18 between nodes.
    const double nodeGap = nodes > 1 ? 18 : 0;
    // The name clear of the box's 2.5 px ring outline on both sides.
    return std::max(minimumSizeHint().width(), int(std::ceil(double(perRow) * (name + 6 + 8) + 20 + 2 * nodeGap)));
}

QRectF StepGpuView::boxRect(std::size_t i) const
{
    const Scenario& s = m_data->scenario;
    const std::size_t n = m_ranks.size();
    const std::size_t perNode = static_cast<std::size_t>(std::max<std::int64_t>(1, std::min<std::int64_t>(s.gpusPerNode, kMaxDrawn)));
    const std::size_t nodes = (n + perNode - 1) / perNode;
    const std::size_t perRow = std::min<std::size_t>(n, perNode <= 8 ? 8 : perNode);
    const std::size_t rows = (n + perRow - 1) / perRow;
    // Text rows scale with the font (presentation mode doubles it): 44 and 58 px at the default 18 px line.
    const double L = lineHeight(font());
    const double top = m_top, bottom = m_bottom; // set by paintEvent() from the lines of text above and below
    const double gap = 8, nodeGap = nodes > 1 ? 18 : 0;
    const double rowH = (height() - top - bottom) / double(rows);
    const double w = std::min(92.0 * std::max(1.0, L / 18.0), (width() - 20 - gap * double(perRow) - nodeGap * 2) / double(perRow));
    const std::size_t nodesPerRow = perRow / perNode; // whole nodes in a row (perNode >= 1)
    const double totalW = double(perRow) * (w + gap) + (perNode < perRow ? nodeGap * double(nodesPerRow - 1) : 0.0);
    const double left = (width() - totalW) / 2;
    const std::size_t row = i / perRow, col = i % perRow;
    const std::size_t nodeInRow = col / perNode; // the node box i is in, counted along its row
    const double x = left + double(col) * (w + gap) + (perNode < perRow ? nodeGap * double(nodeInRow) : 0.0);
    // Above each box: its node's label (L), then an 8 px band where the ring's shards start (they covered the name).
    return QRectF(x, top + double(row) * rowH + L + kLabelGap + kShardBand, w, rowH - L - kLabelGap - kShardBand - kUnderBox);
}

const StepGpuView::Layout& StepGpuView::layout()
{
    const double L = lineHeight(font());
    if (m_layout.generation != 0 && m_layout.size == size() && m_layout.top == m_top && m_layout.bottom == m_bottom
        && m_layout.lineHeight == L)
        return m_layout;
    Layout l;
    l.size = size();
    l.top = m_top;
    l.bottom = m_bottom;
    l.lineHeight = L;
    l.generation = ++m_layoutCount;
    for (std::size_t i = 0; i < m_ranks.size(); ++i)
        l.boxes << boxRect(i);
    // Node frames: around each node's boxes, its label above them and the chunk strip under them.
    const std::int64_t gpn = std::max<std::int64_t>(1, m_data->scenario.gpusPerNode);
    for (std::size_t i = 0; i < m_ranks.size();) {
        const std::int64_t node = m_ranks[i] / gpn;
        std::size_t j = i;
        QRectF frame = l.boxes[qsizetype(i)];
        while (j < m_ranks.size() && m_ranks[j] / gpn == node) {
            frame = frame.united(l.boxes[qsizetype(j)]);
            ++j;
        }
        frame.adjust(-5, -L - kLabelGap - kShardBand, 5, kUnderBox - 1); // the chunk strip under the boxes inside it
        l.frames << frame;
        l.nodes.push_back(node);
        i = j;
    }
    m_layout = std::move(l);
    return m_layout;
}

void StepGpuView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QColor text = palette().color(QPalette::Text);
    if (!m_data || m_ranks.empty()) {
        p.fillRect(rect(), palette().color(QPalette::Base));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    const Scenario& s = m_data->scenario;
    const StepResult& r = m_data->result;
    const double cap = double(r.footprint.capacityBytes);
    const double scale = 1.05 * std::max(cap, double(r.peakBytes));
    const std::int64_t nowBytes = memoryAt(r, m_playhead);
    const int cur = eventAt(r, m_playhead);
    // What the worst stage's kernels do now (the compute event under the playhead).
    QColor activity = bubbleColor();
    QString doing = tr("idle");
    for (const PipelineBlock& b : r.pipeline)
        if (b.stage == r.worstStage && b.start <= m_playhead && m_playhead < b.start + b.duration)
            doing = QString();
    if (!doing.isEmpty() && !r.pipeline.empty())
        doing = tr("idle: waiting for another stage (bubble)");
    for (int k = cur; k >= 0 && k > cur - 64; --k) {
        const StepEvent& e = r.events[static_cast<std::size_t>(k)];
        if (e.isComm() && e.exposedSeconds > 0 && e.start <= m_playhead && m_playhead < e.end()) {
            activity = exposedCommColor();
            doing = tr("waiting for %1 %2").arg(groupText(e.group), kindText(e.kind));
        }
    }
    if (doing.isEmpty())
        doing = tr("communicating");
    for (int k = cur; k >= 0 && k > cur - 64; --k) {
        const StepEvent& e = r.events[static_cast<std::size_t>(k)];
        if (e.kind == EventKind::Compute && e.start <= m_playhead && m_playhead < e.end()) {
            activity = e.phase == StepPhase::Forward ? forwardColor()
                : e.phase == StepPhase::Backward     ? backwardColor()
                : e.phase == StepPhase::Recompute    ? recomputeColor()
                                                     : optimizerColor();
            doing = phaseText(e.phase);
            if (e.layer >= 0)
                doing += tr(" layer %1").arg(e.layer) + (e.layerCount > 1 ? tr("-%1").arg(e.layer + e.layerCount - 1) : QString());
            else if (e.part == EventPart::Head)
                doing += tr(" LM head");
            break;
        }
    }

    // Header: the layout line and the worst stage's line, each packed at its " · " separators into as many lines as
    // the width needs (issue 13: at 1366 x 768 one line each was elided).
    p.setPen(text);
    QString head = tr("TP %1 x DP %2 x PP %3 = %4 GPUs, %5 per node · rank = tp + TP (dp + DP pp)")
                       .arg(s.tp)
                       .arg(s.dp())
                       .arg(s.pp)
                       .arg(s.gpus)
                       .arg(s.gpusPerNode);
    if (s.gpus > kMaxDrawn && s.pp == 1)
        head += tr(" · showing ranks %1-%2 · x %3/%4: the other GPUs repeat them")
                    .arg(m_ranks.front())
                    .arg(m_ranks.back())
                    .arg(s.gpus)
                    .arg(m_ranks.size());
    else if (s.gpus > kMaxDrawn) {
        // Under PP the hidden ranks are mostly other stages: other layers at other times, not a repeat (issue 27).
        // Stages numbered from 1, as the line under it and the Memory tab's verdict number them.
        const std::int64_t first = stageOf(m_ranks.front()) + 1, last = stageOf(m_ranks.back()) + 1;
        if (first == last)
            head += tr(" · showing ranks %1-%2 of %3 (stage %4) · the other stages run other layers at other times")
                        .arg(m_ranks.front())
                        .arg(m_ranks.back())
                        .arg(s.gpus)
                        .arg(first);
        else
            head += tr(" · showing ranks %1-%2 of %3 (stages %4-%5) · the other stages run other layers at other times")
                        .arg(m_ranks.front())
                        .arg(m_ranks.back())
                        .arg(s.gpus)
                        .arg(first)
                        .arg(last);
    }
    m_labels.clear();
    m_shardRects.clear();
    m_barRects.clear();
    const double L = lineHeight(font());
    const QFontMetricsF fm(font());
    const double textW = width() - 16;
    const QStringList headLines = packSegments(head, fm, textW)
        + packSegments(tr("stage %1 (worst rank) now: %2 · memory %3 of %4").arg(r.worstStage + 1).arg(doing, bytesText(double(nowBytes)), bytesText(cap)),
                       fm, textW);

    // The focused collective's members among the drawn ranks, in ring order.
    std::vector<std::int64_t> members;
    const StepEvent* fe = m_focus >= 0 ? &r.events[static_cast<std::size_t>(m_focus)] : nullptr;
    if (fe)
        members = groupMembers(*fe);
    auto drawnIndex = [&](std::int64_t rank) -> int {
        auto it = std::find(m_ranks.begin(), m_ranks.end(), rank);
        return it == m_ranks.end() ? -1 : static_cast<int>(it - m_ranks.begin());
    };
    std::vector<int> ring;
    for (std::int64_t m : members) {
        const int k = drawnIndex(m);
        if (k >= 0)
            ring.push_back(k);
    }

    // Footer: the focused collective in two paragraphs, packed like the header.
    const int S = ringSteps();
    const int k = ringStep();
    const std::size_t nd = ring.size();
    const bool p2p = fe && (fe->kind == EventKind::Send || fe->group == CommGroup::Host);
    QStringList footLines;
    if (fe && !ring.empty()) {
        const std::int64_t n = fe->groupSize;
        // The bandwidth as the model uses it (links.cpp, stagetime.cpp groupBandwidths): a DP ring across nodes runs one
        // channel per NIC, dpRanksPerNode of them at the NIC share each (capped by NVLink); DeepSpeed's per-tensor ZeRO-3
        // collectives run on one NIC share. Issue 27: the caption said one NIC's 25 GB/s beside a time that implied 196.
        const bool dpChannels = fe->group == CommGroup::DP && fe->crossesNodes
            && !(s.zero3PerTensorCollectives && s.zeroStage == 3 && fe->kind != EventKind::AllReduce);
        const double beta = fe->group == CommGroup::Host ? r.links.pcieBytesPerSecond
            : dpChannels                                 ? r.links.dpBytesPerSecond
            : fe->crossesNodes                           ? r.links.interNodeBytesPerSecond
                                                         : r.links.intraNodeBytesPerSecond;
        const double nodeNics = r.links.interNodeBytesPerSecond * double(r.links.dpRanksPerNode);
        const QString linkText = !dpChannels ? tr("%1 at %2/s").arg(fe->group == CommGroup::Host ? tr("PCIe") : fe->crossesNodes ? tr("the NIC") : tr("NVLink"), bytesText(beta))
            : nodeNics <= beta * 1.0001
            ? tr("%1 NIC channels x %2/s = %3/s per node").arg(r.links.dpRanksPerNode).arg(bytesText(r.links.interNodeBytesPerSecond), bytesText(nodeNics))
            : tr("%1 NIC channels x %2/s = %3/s per node, capped at NVLink's %4/s")
                  .arg(r.links.dpRanksPerNode)
                  .arg(bytesText(r.links.interNodeBytesPerSecond), bytesText(nodeNics), bytesText(beta));
        QString where;
        if (fe->layer >= 0)
            where = tr("layer %1").arg(fe->layer) + (fe->layerCount > 1 ? tr("-%1").arg(fe->layer + fe->layerCount - 1) : QString());
        else if (fe->part == EventPart::Embedding)
            where = tr("embedding");
        else if (fe->part == EventPart::Head)
            where = tr("LM head");
        else if (fe->phase == StepPhase::Optimizer)
            where = tr("updated params");
        else
            where = tr("activations");
        const QString line1 = tr("%1 %2 · %3 (%4%5) · buffer %6, %7 sent per GPU")
                                  .arg(groupText(fe->group), kindText(fe->kind), where,
                                       phaseText(fe->phase),
                                       fe->microbatch >= 0 ? tr(", micro-batch %1").arg(fe->microbatch) : QString(),
                                       bytesText(fe->bufferBytes), bytesText(fe->bytes));
        const QString line2 = fe->kind == EventKind::AllToAll
            ? tr("%1 modelled (%2 exposed) · all-to-all of %3 GPUs over %4: every GPU sends a slice (tokens x top-k x hidden) of %5 to every other · exchange %6 of %7 · illustration: one loop per %8 s, not to scale")
                  .arg(secondsText(fe->duration), secondsText(fe->exposedSeconds))
                  .arg(n)
                  .arg(fe->crossesNodes ? tr("NVLink and the NIC") : tr("NVLink"), bytesText(fe->bytes / double(std::max<std::int64_t>(1, n - 1))))
                  .arg(k + 1)
                  .arg(S)
                  .arg(numberText(kCycleSeconds, 1))
            : tr("%1 modelled (%2 exposed) · %3 of %4 ranks over %5 · ring step %6 of %7 · illustration: one loop per %8 s, not to scale")
                                  .arg(secondsText(fe->duration), secondsText(fe->exposedSeconds), p2p ? tr("pair") : tr("ring"))
                                  .arg(n)
                                  .arg(linkText)
                                  .arg(k + 1)
                                  .arg(S)
                                  .arg(numberText(kCycleSeconds, 1))
            + (static_cast<std::int64_t>(nd) < n ? tr(" · %1 of the ring drawn").arg(nd) : QString());
        footLines = packSegments(line1, fm, textW) + packSegments(line2, fm, textW);
    } else {
        // "None in this step" only when the step has none; otherwise the playhead is between collectives (issue 27).
        const bool anyComm = std::any_of(r.events.begin(), r.events.end(), [](const StepEvent& e) { return e.isComm(); });
        footLines = packSegments(anyComm ? tr("no communication right now (the playhead is between collectives)")
                                         : tr("no communication in this step (one GPU, or nothing to share)"),
                                 fm, textW);
    }
    // The rows of text reserved above and below the boxes; a scenario keeps the most it has needed, so the boxes do
    // not jump while it plays. More than the minimum size planned for: ask the layout for more.
    const int linesBefore = m_headLines + m_footLines;
    if (m_linesWidth != width()) { // a new width packs the text afresh: the lines it needs, not a narrower one's
        m_linesWidth = width();
        m_headLines = m_footLines = 0;
    }
    m_headLines = std::max(m_headLines, int(headLines.size()));
    m_footLines = std::max(m_footLines, int(footLines.size()));
    if (m_headLines + m_footLines > m_plannedLines) {
        m_plannedLines = m_headLines + m_footLines;
        updateGeometry();
    } else if (m_headLines + m_footLines != linesBefore) {
        updateGeometry(); // compactHeight() changed: the step view arranges its panels again
    }
    // Under the boxes: each ring member's chunks (3 to 8 px below the box, which keeps kUnderBox px under it), a gap, then
    // the footer's lines.
    m_top = double(m_headLines) * L + 8;
    m_bottom = double(m_footLines) * L + 12;

    // On screen, what does not move while a collective plays comes from a picture painted once for this layout, palette,
    // font and ring (issue 29, speed: callgrind, 23.6 M instructions per animation frame at first, 20.1 M with the
    // frames and fills in a picture): the background, the node frames and labels, each box's fill, outline, name,
    // coordinates and bar track, and the whole bar of a box off the worst stage. It is painted there in the order the
    // view paints it, and what moves is painted over it in the same order as before, so the pixels are the same (the
    // tests compare them). The picture only where it lands pixel for pixel: on screen. A page figure or an SVG paints
    // the view through a scaled painter, where a picture would be scaled (blurred) or embedded as a bitmap: there
    // everything is drawn as before, in the same order.
    const Layout& lay = layout();
    const QTransform& dt = p.deviceTransform();
    const qreal dpr = devicePixelRatioF();
    const bool onScreen = m_cacheEnabled && p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster
        && dt.type() <= QTransform::TxTranslate && dt.dx() == std::round(dt.dx()) && dt.dy() == std::round(dt.dy())
        && p.device()->devicePixelRatioF() == dpr;
    const QColor base = palette().color(QPalette::Base);
    QColor nodeFill = text;
    nodeFill.setAlphaF(0.06);
    const QPen nodePen(QColor(text.red(), text.green(), text.blue(), 90), 1);
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() - 2 * std::max(1.0, L / 18.0)));
    const double Ls = lineHeight(small);
    // All: everything, as an export draws it. Still: the picture. Moving: the rest, over the picture.
    enum class Pass { All, Still, Moving };
    qsizetype pictureLabel = 0;
    auto label = [&](QPainter& q, Pass pass, bool still, const QRectF& rect, int flags, const QString& t) {
        if (pass == Pass::All)
            drawLabel(q, rect, flags, t, &m_labels);
        else if (pass == Pass::Still) {
            if (still)
                drawLabel(q, rect, flags, t, &m_pictureLabels);
        } else if (!still)
            drawLabel(q, rect, flags, t, &m_labels);
        else if (pictureLabel < m_pictureLabels.size())
            m_labels << m_pictureLabels[pictureLabel++];
    };
    auto nodesAndBoxes = [&](QPainter& q, Pass pass) {
        const bool all = pass == Pass::All, still = pass == Pass::Still, moving = pass == Pass::Moving;
        if (all)
            q.fillRect(rect(), base);
        if (still) {
            q.fillRect(rect(), base);
            q.setPen(nodePen);
            q.setBrush(nodeFill);
            for (const QRectF& frame : lay.frames)
                q.drawRoundedRect(frame, 6, 6);
            // The GPU boxes' fills under their outlines (drawRoundedRect() fills, then draws the outline: the same). No box
            // touches another, nor a node label.
            q.setPen(Qt::NoPen);
            q.setBrush(base);
            for (const QRectF& box : lay.boxes)
                q.drawRoundedRect(box, 4, 4);
        }
        if (!still) // no frame covers the header's lines
            for (int i = 0; i < headLines.size(); ++i)
                drawLabel(q, QRectF(8, 2 + i * L, textW, L), Qt::AlignLeft | Qt::AlignVCenter, headLines[i], &m_labels);
        q.setPen(nodePen); // the node labels in the frame's pen, as before
        q.setBrush(nodeFill);
        for (qsizetype f = 0; f < lay.frames.size(); ++f) {
            const QRectF& frame = lay.frames[f];
            if (all) {
                q.setPen(nodePen); // set for each frame, as before (an SVG starts a group at each)
                q.setBrush(nodeFill);
                q.drawRoundedRect(frame, 6, 6);
            }
            label(q, pass, true, QRectF(frame.left() + 6, frame.top() + 1, frame.width() - 12, L - 2),
                  Qt::AlignLeft | Qt::AlignVCenter, tr("node %1").arg(lay.nodes[std::size_t(f)]));
        }

        // GPU boxes with memory bars.
        for (std::size_t i = 0; i < m_ranks.size(); ++i) {
            const QRectF b = lay.boxes[qsizetype(i)];
            const std::int64_t rank = m_ranks[i];
            const bool worst = stageOf(rank) == r.worstStage;
            // The live parts: the worst stage's bar, its capacity line over it, its bytes and its activity strip.
            const bool live = all || (still ? !worst : worst);
            if (!moving) {
                const bool inRing = std::find(ring.begin(), ring.end(), static_cast<int>(i)) != ring.end();
                q.setPen(QPen(inRing ? palette().color(QPalette::Highlight) : QColor(text.red(), text.green(), text.blue(), 140),
                              inRing ? 2.5 : 1));
                // In the picture the box's fill is already there.
                q.setBrush(still ? QBrush(Qt::NoBrush) : QBrush(base));
                q.drawRoundedRect(b, 4, 4);
            }
            q.setPen(text);
            const std::int64_t t = s.tp, d = s.dp();
            // The name in the box's font, or in the small one when the boxes are narrow (2x type on a laptop).
            const QString name = tr("GPU %1").arg(rank);
            if (QFontMetricsF(font()).horizontalAdvance(name) > b.width())
                q.setFont(small);
            label(q, pass, true, QRectF(b.left(), b.top() + 1, b.width(), L - 2), Qt::AlignHCenter | Qt::AlignVCenter, name);
            q.setFont(small);
            // A short box (many rows at laptop size) keeps the name, the bar and the strip; the coordinates and the
            // bytes would print over one another (the header and tooltip-free label below give them).
            const double barTop = L + Ls, bytesTop = b.height() - 10 - Ls; // below the name and the coordinates
            const bool roomy = bytesTop - barTop >= 20;
            if (roomy)
                label(q, pass, true, QRectF(b.left(), b.top() + L - 1, b.width(), Ls - 2), Qt::AlignHCenter | Qt::AlignVCenter,
                      tr("t%1 d%2 p%3").arg(rank % t).arg((rank / t) % d).arg(rank / (t * d)));
            // Memory bar: live on the worst stage, the stage's footprint peak (dim) elsewhere.
            const QRectF bar = roomy ? QRectF(b.left() + b.width() * 0.3, b.top() + barTop, b.width() * 0.4, bytesTop - barTop - 2)
                                     : QRectF(b.left() + b.width() * 0.3, b.top() + L + 2, b.width() * 0.4,
                                              std::max(4.0, b.height() - L - 13));
            q.setPen(Qt::NoPen);
            QColor track = text;
            track.setAlphaF(0.08);
            if (!moving)
                q.fillRect(bar, track);
            double bytes = double(nowBytes);
            if (!worst) {
                bytes = 0;
                for (const RankFootprint& rf : r.footprint.ranks)
                    if (rf.stage <= stageOf(rank))
                        bytes = double(rf.totalBytes);
            }
            const double h = std::min(1.0, bytes / scale) * bar.height();
            QColor fill = bytes > cap ? exposedCommColor() : forwardColor();
            if (!worst)
                fill.setAlphaF(0.35);
            const double capY = bar.bottom() - cap / scale * bar.height();
            if (live) {
                q.fillRect(QRectF(bar.left(), bar.bottom() - h, bar.width(), h), fill);
                q.setPen(QPen(text, 1.2, Qt::DashLine));
                q.drawLine(QPointF(bar.left() - 4, capY), QPointF(bar.right() + 4, capY));
            }
            if (!still)
                m_barRects << bar.united(QRectF(bar.left() - 4, capY - 1, bar.width() + 8, 2));
            q.setPen(text);
            if (roomy && (all || live)) {
                // "peak 3.92 GB" in a narrow box at 2x (presentation mode, 3D tour) was cut to "peak 3.…": its type is made
                // smaller, to 70% at most, before the text is cut (issue 27).
                const QString bytesLabel = worst ? bytesText(bytes) : tr("peak %1").arg(bytesText(bytes));
                const QFont boxFont = q.font();
                for (double k = 0.95; k >= 0.7 && QFontMetricsF(q.font()).horizontalAdvance(bytesLabel) > b.width() - 2; k -= 0.05) {
                    QFont smaller = boxFont;
                    smaller.setPointSizeF(boxFont.pointSizeF() > 0 ? boxFont.pointSizeF() * k : -1);
                    if (boxFont.pointSizeF() <= 0)
                        smaller.setPixelSize(std::max(1, int(boxFont.pixelSize() * k)));
                    q.setFont(smaller);
                }
                label(q, pass, still, QRectF(b.left(), b.top() + bytesTop, b.width(), Ls - 2), Qt::AlignHCenter | Qt::AlignVCenter,
                      bytesLabel);
                q.setFont(boxFont);
            } else if (roomy && moving) {
                label(q, pass, true, QRectF(), 0, QString()); // the picture's "peak" label, in its place in the list
            }
            q.setFont(font());
            // Activity strip: what the stage's kernels do now.
            if (live)
                q.fillRect(QRectF(b.left() + 4, b.bottom() - 9, b.width() - 8, 5), worst ? activity : track);
        }
    };
    if (onScreen) {
        PictureKey key {lay.generation, dpr, base.rgba(), text.rgba(), palette().color(QPalette::Highlight).rgba(), font(), ring};
        if (m_picture.isNull() || !(key == m_pictureKey)) {
            m_pictureKey = std::move(key);
            m_picture = QPixmap((QSizeF(size()) * dpr).toSize());
            m_picture.setDevicePixelRatio(dpr);
            m_pictureLabels.clear();
            QPainter c(&m_picture);
            c.setRenderHint(QPainter::Antialiasing, true);
            c.setFont(font());
            c.setLayoutDirection(layoutDirection());
            nodesAndBoxes(c, Pass::Still);
        }
        p.drawPixmap(0, 0, m_picture);
        nodesAndBoxes(p, Pass::Moving);
    } else {
        nodesAndBoxes(p, Pass::All);
    }

    // MoE all-to-all (issue 25): a full mesh, not a ring. Every member is joined to every other by a faint arc; in
    // exchange k each GPU a sends its slice for GPU (a + k + 1) mod n (tokens x top-k x hidden bytes, the same size for
    // every pair under even routing), drawn as a square in the sender's colour travelling along that arc. Under each
    // box its n slots fill with the slices received so far, coloured by their sender.
    if (fe && fe->kind == EventKind::AllToAll && ring.size() > 1) {
        const std::int64_t n = fe->groupSize;
        const double frac = S > 0 ? std::clamp(m_phase * S - k, 0.0, 1.0) : 0.0;
        const std::size_t m = ring.size();
        auto anchor = [&](std::size_t i) {
            const QRectF b = lay.boxes[qsizetype(ring[i])];
            return QPointF(b.center().x(), b.top() + 0.55 * b.height());
        };
        auto arc = [&](std::size_t from, std::size_t to) {
            const QPointF a = anchor(from), b = anchor(to);
            const QRectF box = lay.boxes[qsizetype(ring[from])];
            // Arcs bow down by their span (sender left of receiver) or up (right to left), so the two directions of a
            // pair do not lie on one another.
            const double span = std::abs(b.x() - a.x()) / std::max(1.0, box.width() + 8);
            const double bow = (b.x() > a.x() ? 1.0 : -1.0) * std::min(0.4 * box.height(), 6.0 + 5.0 * span);
            QPainterPath path(a);
            path.cubicTo(QPointF(a.x() + (b.x() - a.x()) / 3, a.y() + bow), QPointF(a.x() + 2 * (b.x() - a.x()) / 3, b.y() + bow), b);
            return path;
        };
        QColor mesh = allToAllColor();
        mesh.setAlphaF(0.22);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(mesh, 1));
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < m; ++j)
                if (i != j)
                    p.drawPath(arc(i, j));
        const std::int64_t step = static_cast<std::int64_t>(k) + 1;
        QColor live = allToAllColor();
        live.setAlphaF(0.8);
        for (std::size_t i = 0; i < m; ++i) {
            const std::size_t j = static_cast<std::size_t>((static_cast<std::int64_t>(i) + step) % n);
            if (j >= m || j == i)
                continue;
            const QPainterPath path = arc(i, j);
            p.setPen(QPen(live, 1.8));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            const QPointF pos = path.pointAtPercent(frac);
            const QColor sc = shardColor(static_cast<std::int64_t>(i), n);
            p.setBrush(sc);
            p.setPen(QPen(sc.darker(150), 1));
            const double half = kShardBand / 2 + 1;
            const QRectF shard(pos.x() - half, pos.y() - half, 2 * half, 2 * half);
            p.drawRect(shard);
            m_shardRects << shard;
        }
        // Slices each member holds: its own, and those of the senders of the exchanges done.
        const int nSlots = static_cast<int>(std::min<std::int64_t>(n, 16));
        const std::int64_t done = k + (frac >= 1.0 ? 1 : 0);
        for (std::size_t a = 0; a < m; ++a) {
            const QRectF b = lay.boxes[qsizetype(ring[a])];
            const double sw = (b.width() - 8) / nSlots;
            for (int c = 0; c < nSlots; ++c) {
                const std::int64_t dist = ((static_cast<std::int64_t>(a) - c) % n + n) % n; // exchange dist delivers c's slice
                QColor sc = shardColor(c, n);
                if (!(dist == 0 || dist <= done))
                    sc.setAlphaF(0.08);
                p.fillRect(QRectF(b.left() + 4 + c * sw, b.bottom() + 3, std::max(1.0, sw - 1), 5), sc);
            }
        }
    }
    // The ring and its shards.
    if (fe && fe->kind != EventKind::AllToAll && !ring.empty()) {
        const std::int64_t n = fe->groupSize;
        const double frac = S > 0 ? m_phase * S - k : 0;
        auto anchor = [&](int idx) {
            const QRectF b = lay.boxes[qsizetype(idx)];
            return QPointF(b.center().x(), b.top() - kShardBand / 2);
        };
        QColor rc = palette().color(QPalette::Highlight);
        rc.setAlphaF(0.55);
        p.setPen(QPen(rc, 2));
        p.setBrush(Qt::NoBrush);
        // Each arc's path and pen; on screen made once per ring and layout, with the outline the pen strokes (filled
        // on each frame: the same pixels as stroking the path again).
        auto makeArc = [&](std::size_t a) {
            QPointF from = anchor(ring[a]), to = anchor(ring[(a + 1) % nd]);
            const QRectF fromBox = lay.boxes[qsizetype(ring[a])];
            const QRectF toBox = lay.boxes[qsizetype(ring[(a + 1) % nd])];
            const double boxW = fromBox.width();
            const bool neighbours = to.y() == from.y() && std::abs(to.x() - from.x()) < 1.6 * boxW;
            const bool sameColumn = to.y() != from.y() && std::abs(to.x() - from.x()) < 1;
            if (sameColumn) {
                // Changing rows in one column (DP or PP over nodes): down the gap left of the boxes, from side to
                // side, instead of through the upper box, its name and the lower node's label (issue 13, TP 8 x PP 4).
                const double x = fromBox.left() - 4;
                from = QPointF(x, fromBox.center().y());
                to = QPointF(x, toBox.center().y());
            }
            RingArc arc;
            arc.fromBox = fromBox;
            arc.neighbours = neighbours;
            arc.sameColumn = sameColumn;
            arc.path = QPainterPath(from);
            QPainterPath& path = arc.path;
            if (neighbours) {
                // A short hop: an arc over the gap between the two boxes, bowed no higher than the shard band and the gap
                // under the node's label (a cubic's peak is 3/4 of its control points' lift): a lift of 14 px took the
                // arcs through "node 0" wherever a box is narrower than the label (a 4.2 in step-gpus figure, issue 26).
                const double lift = (kShardBand / 2 + kLabelGap - 3) / 0.75;
                path.cubicTo(QPointF(from.x() + (to.x() - from.x()) / 3, from.y() - lift),
                             QPointF(from.x() + 2 * (to.x() - from.x()) / 3, to.y() - lift), to);
                arc.pen = QPen(rc, 2);
            } else if (to.y() != from.y() && !sameColumn) {
                // Changing rows between columns (the ring closing from GPU 15 to GPU 0): out to the right of both rows
                // and along the other row's band above its boxes, not diagonally across the boxes (issue 13).
                const double x = std::max(fromBox.right(), toBox.right()) + 4;
                path.lineTo(x, from.y());
                path.lineTo(x, to.y());
                path.lineTo(to);
                arc.pen = QPen(rc, 1.2, Qt::DashLine);
            } else {
                // The ring closing in one row: a thin dashed line along the band above the boxes.
                path.lineTo(to);
                arc.pen = QPen(rc, 1.2, Qt::DashLine);
            }
            return arc;
        };
        if (onScreen && nd > 1) {
            RingKey key {lay.generation, ring, p2p, rc.rgba(), dpr};
            if (!(key == m_ringKey)) {
                m_ringKey = std::move(key);
                m_ringArcs.clear();
                for (std::size_t a = 0; a < nd && !(p2p && a + 1 == nd); ++a) {
                    RingArc arc = makeArc(a);
                    // A straight line (the ring closing in one row, a change of rows in one column) the raster engine
                    // draws with its own line rasterizer, not through the stroker: it stays a line, drawn each frame.
                    if (arc.path.elementCount() > 2) {
                        arc.outline = QPainterPathStroker(arc.pen).createStroke(arc.path);
                        if (dpr == 1 && dt.type() <= QTransform::TxTranslate) {
                            // Its pixels, at the device position the view's painter puts it (a whole-pixel offset).
                            const QRectF r = dt.mapRect(arc.outline.boundingRect());
                            const QRect px(QPoint(int(std::floor(r.left())) - 1, int(std::floor(r.top())) - 1),
                                           QPoint(int(std::ceil(r.right())) + 1, int(std::ceil(r.bottom())) + 1));
                            arc.at = px.topLeft() - QPoint(int(dt.dx()), int(dt.dy()));
                            arc.image = QImage(px.size(), QImage::Format_ARGB32_Premultiplied);
                            arc.image.fill(Qt::transparent);
                            QPainter c(&arc.image);
                            c.setRenderHint(QPainter::Antialiasing, true);
                            c.translate(-px.left() + dt.dx(), -px.top() + dt.dy());
                            c.fillPath(arc.outline, rc);
                        }
                    }
                    m_ringArcs.push_back(std::move(arc));
                }
            }
        }
        for (std::size_t a = 0; a < nd && nd > 1; ++a) {
            if (p2p && a + 1 == nd)
                break;
            RingArc fresh;
            if (!onScreen)
                fresh = makeArc(a);
            const RingArc& arc = onScreen ? m_ringArcs[a] : fresh;
            const QPainterPath& path = arc.path;
            const QRectF& fromBox = arc.fromBox;
            const bool neighbours = arc.neighbours, sameColumn = arc.sameColumn;
            if (onScreen && !arc.image.isNull()) {
                p.drawImage(arc.at, arc.image);
            } else if (onScreen && !arc.outline.isEmpty()) {
                p.fillPath(arc.outline, rc);
            } else if (onScreen) {
                QPen pen = arc.pen;
                pen.setColor(rc);
                p.setPen(pen);
                p.drawPath(path);
            } else {
                p.setPen(arc.pen);
                p.drawPath(path);
            }
            // The shard each member sends in this step: owner (a - k) mod n, moving along the arc.
            const std::int64_t owner = ((static_cast<std::int64_t>(a) - k) % n + n) % n;
            const double half = sameColumn ? 3.5 : kShardBand / 2; // the gap left of a box is 8 px
            QPointF pos = path.pointAtPercent(std::clamp(frac, 0.0, 1.0));
            if (neighbours) // riding the arc's top, the shard stays under the node's label
                pos.setY(std::max(pos.y(), fromBox.top() - kShardBand - kLabelGap + half + 2));
            const QColor sc = shardColor(owner, n);
            p.setBrush(sc);
            p.setPen(QPen(sc.darker(150), 1));
            const QRectF shard(pos.x() - half, pos.y() - half, 2 * half, 2 * half);
            p.drawRect(shard);
            m_shardRects << shard;
            p.setPen(QPen(rc, 2));
            p.setBrush(Qt::NoBrush);
        }
        // Each member's chunks after k hops, as the ring moves them (ringStateAfter(): a reduce-scatter reduces n
        // partials into one owned chunk, an all-gather spreads owned chunks to all). Rings of more than 16 show
        // 16 slots, each standing for n/16 chunks, with the same rule on the slot's first chunk.
        if (!p2p) {
            const int nSlots = static_cast<int>(std::min<std::int64_t>(n, 16));
            const int hopsDone = std::min(k + (frac >= 1.0 ? 1 : 0), S);
            const RingState st = n <= 16 ? ringStateAfter(fe->kind, static_cast<int>(n), hopsDone) : RingState();
            for (std::size_t a = 0; a < nd; ++a) {
                const QRectF b = lay.boxes[qsizetype(ring[a])];
                const double sw = (b.width() - 8) / nSlots;
                for (int c = 0; c < nSlots; ++c) {
                    int contributions = 0;
                    if (n <= 16) {
                        contributions = st.contributions[a % size_t(n)][size_t(c)];
                    } else {
                        // Large rings: whether this GPU holds the slot's chunks, approximated per slot.
                        const int gatherSteps = fe->kind == EventKind::AllReduce ? std::max(0, k - static_cast<int>(n - 1)) : k;
                        const std::int64_t own = static_cast<std::int64_t>(a) % nSlots;
                        const int dist = int(((c - own) % nSlots + nSlots) % nSlots);
                        const bool reducing = fe->kind == EventKind::ReduceScatter
                            || (fe->kind == EventKind::AllReduce && k < static_cast<int>(n - 1));
                        contributions = reducing ? (dist == 1 ? int(std::min<std::int64_t>(n, k + 1)) : 1)
                                                 : (c == own || dist <= gatherSteps * nSlots / int(n) ? int(n) : 0);
                    }
                    QColor sc = shardColor(c, nSlots);
                    if (contributions == 0)
                        sc.setAlphaF(0.08);
                    else if (contributions < n)
                        sc.setAlphaF(0.2 + 0.5 * double(contributions) / double(n));
                    p.fillRect(QRectF(b.left() + 4 + c * sw, b.bottom() + 3, std::max(1.0, sw - 1), 5), sc);
                }
            }
        }
    }
    p.setPen(text);
    for (int i = 0; i < footLines.size(); ++i)
        drawLabel(p, QRectF(8, height() - double(footLines.size() - i) * L - 1, textW, L), Qt::AlignLeft | Qt::AlignVCenter,
                  footLines[i], &m_labels);
}

} // namespace shardscope
