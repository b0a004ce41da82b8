// SPDX-License-Identifier: MIT
#include "clippedsvg.h"

#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <QPixmap>

#include <array>
#include <cmath>

namespace shardscope {

/// The engine of ClippedSvgDevice: a QPainter on the target replays each call, in the caller's logical coordinates and
/// with its transform, after the clip (the caller's painter's clipPath(), in those same coordinates) has cut it.
class ClippingPaintEngine : public QPaintEngine
{
public:
    explicit ClippingPaintEngine(QPaintDevice* target)
        : QPaintEngine(QPaintEngine::AllFeatures)
        , m_target(target)
    {
    }

    bool begin(QPaintDevice*) override
    {
        m_clipValid = false;
        return m_out.begin(m_target);
    }
    bool end() override { return m_out.end(); }
    Type type() const override { return m_target->paintEngine() ? m_target->paintEngine()->type() : QPaintEngine::User; }

    void updateState(const QPaintEngineState& s) override
    {
        const DirtyFlags f = s.state();
        if (f & DirtyPen)
            m_out.setPen(s.pen());
        if (f & DirtyBrush)
            m_out.setBrush(s.brush());
        if (f & DirtyBrushOrigin)
            m_out.setBrushOrigin(s.brushOrigin());
        if (f & DirtyBackground)
            m_out.setBackground(s.backgroundBrush());
        if (f & DirtyBackgroundMode)
            m_out.setBackgroundMode(s.backgroundMode());
        if (f & DirtyFont) {
            QFont font = s.font();
            font.setResolveMask(QFont::AllPropertiesResolved);
            m_out.setFont(font);
        }
        if (f & DirtyTransform)
            m_out.setTransform(s.transform());
        if (f & DirtyHints)
            m_out.setRenderHints(s.renderHints());
        if (f & DirtyOpacity)
            m_out.setOpacity(s.opacity());
        if (f & (DirtyTransform | DirtyClipPath | DirtyClipRegion | DirtyClipEnabled))
            m_clipValid = false;
    }

    using QPaintEngine::drawEllipse;
    using QPaintEngine::drawLines;
    using QPaintEngine::drawPoints;
    using QPaintEngine::drawRects;

    void drawPath(const QPainterPath& path) override
    {
        draw(path, true, [&] { m_out.drawPath(path); });
    }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override
    {
        QPainterPath path;
        path.addPolygon(QPolygonF(QList<QPointF>(points, points + count)));
        if (mode != PolylineMode)
            path.closeSubpath();
        path.setFillRule(mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
        draw(path, mode != PolylineMode, [&] {
            if (mode == PolylineMode)
                m_out.drawPolyline(points, count);
            else
                m_out.drawPolygon(points, count, mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
        });
    }
    void drawPolygon(const QPoint* points, int count, PolygonDrawMode mode) override
    {
        QList<QPointF> f;
        f.reserve(count);
        for (int i = 0; i < count; ++i)
            f << QPointF(points[i]);
        drawPolygon(f.constData(), count, mode);
    }
    void drawRects(const QRectF* rects, int count) override
    {
        for (int i = 0; i < count; ++i) {
            QPainterPath path;
            path.addRect(rects[i]);
            draw(path, true, [&] { m_out.drawRect(rects[i]); });
        }
    }
    void drawLines(const QLineF* lines, int count) override
    {
        for (int i = 0; i < count; ++i) {
            QPainterPath path(lines[i].p1());
            path.lineTo(lines[i].p2());
            draw(path, false, [&] { m_out.drawLine(lines[i]); });
        }
    }
    void drawEllipse(const QRectF& r) override
    {
        QPainterPath path;
        path.addEllipse(r);
        draw(path, true, [&] { m_out.drawEllipse(r); });
    }
    void drawPoints(const QPointF* points, int count) override
    {
        // A point is a dot of the pen's width: a zero-length line with the pen's cap.
        for (int i = 0; i < count; ++i)
            drawLines(std::array {QLineF(points[i], points[i])}.data(), 1);
    }

    void drawTextItem(const QPointF& p, const QTextItem& ti) override
    {
        const QString text = ti.text();
        if (text.isEmpty()) {
            QPaintEngine::drawTextItem(p, ti); // glyphs without characters: drawn as paths, through drawPath()
            return;
        }
        refreshClip();
        const QRectF box(p.x(), p.y() - ti.ascent(), ti.width(), ti.ascent() + ti.descent());
        if (m_clipping && !m_clip.intersects(box.normalized().adjusted(-0.01, -0.01, 0.01, 0.01)))
            return;
        // The item's font whole: QPainter::setFont() takes the attributes a font does not mark as set from the
        // painter's own (a legend's 8.1 pt came out at the painter's 9 pt).
        QFont font = ti.font();
        font.setResolveMask(QFont::AllPropertiesResolved);
        if (font == m_out.font() && font.pointSizeF() == m_out.font().pointSizeF()) {
            m_out.drawText(p, text);
        } else {
            const QFont keep = m_out.font();
            m_out.setFont(font);
            m_out.drawText(p, text);
            m_out.setFont(keep);
        }
    }

    void drawPixmap(const QRectF& r, const QPixmap& pm, const QRectF& sr) override
    {
        QRectF target = r, source = sr;
        if (cutImage(target, source))
            m_out.drawPixmap(target, pm, source);
    }
    void drawImage(const QRectF& r, const QImage& image, const QRectF& sr, Qt::ImageConversionFlags flags) override
    {
        QRectF target = r, source = sr;
        if (cutImage(target, source))
            m_out.drawImage(target, image, source, flags);
    }
    void drawTiledPixmap(const QRectF& r, const QPixmap& pm, const QPointF& offset) override
    {
        refreshClip();
        if (m_clipping && !m_clip.intersects(r))
            return;
        m_out.drawTiledPixmap(m_clipping && m_clipIsRect ? r.intersected(m_clip.boundingRect()) : r, pm, offset);
    }

private:
    void refreshClip()
    {
        if (m_clipValid)
            return;
        m_clipValid = true;
        const QPainter* p = painter();
        m_clipping = p && p->hasClipping();
        if (!m_clipping)
            return;
        m_clip = p->clipPath();
        const QRectF b = m_clip.boundingRect();
        m_clipIsRect = m_clip.elementCount() == 5;
        for (int i = 0; m_clipIsRect && i < 5; ++i) {
            const QPainterPath::Element e = m_clip.elementAt(i);
            m_clipIsRect = !e.isCurveTo() && (qFuzzyCompare(e.x, b.left()) || qFuzzyCompare(e.x, b.right()))
                && (qFuzzyCompare(e.y, b.top()) || qFuzzyCompare(e.y, b.bottom()));
        }
    }

    /// The pen's width in logical units: a cosmetic pen is that many device pixels whatever the transform.
    double logicalPenWidth(const QPen& pen) const
    {
        const double w = pen.widthF() > 0 ? pen.widthF() : 1.0;
        if (!pen.isCosmetic())
            return w;
        const double scale = std::sqrt(std::abs(m_out.transform().determinant()));
        return scale > 0 ? w / scale : w;
    }

    /// `path` (filled where `fills`, stroked with the pen) drawn by `whole` when the clip holds all of its ink, not at all
    /// when none, else cut: the fill intersected with the clip, the stroke's outline intersected and filled with the pen.
    template <typename Whole>
    void draw(const QPainterPath& path, bool fills, const Whole& whole)
    {
        refreshClip();
        if (!m_clipping) {
            whole();
            return;
        }
        const QPen pen = m_out.pen();
        const bool strokes = pen.style() != Qt::NoPen && pen.brush().style() != Qt::NoBrush;
        const bool filled = fills && m_out.brush().style() != Qt::NoBrush;
        if (!strokes && !filled)
            return;
        const double reach = strokes ? logicalPenWidth(pen) * std::max(1.0, pen.miterLimit()) : 0.0;
        const QRectF ink = path.controlPointRect().adjusted(-reach, -reach, reach, reach);
        if (m_clipIsRect && m_clip.boundingRect().contains(ink)) {
            whole();
            return;
        }
        if (!m_clip.intersects(ink.adjusted(-0.01, -0.01, 0.01, 0.01)))
            return;
        const QBrush brush = m_out.brush();
        m_out.setPen(Qt::NoPen);
        if (filled) {
            const QPainterPath cut = path.intersected(m_clip);
            if (!cut.isEmpty())
                m_out.drawPath(cut);
        }
        if (strokes) {
            QPainterPathStroker stroker(pen);
            stroker.setWidth(logicalPenWidth(pen));
            const QPainterPath cut = stroker.createStroke(path).intersected(m_clip);
            if (!cut.isEmpty()) {
                m_out.setBrush(pen.brush());
                m_out.drawPath(cut);
            }
        }
        m_out.setBrush(brush);
        m_out.setPen(pen);
    }

    /// An image's target and source rectangles cut to the clip's bounds (exact for the rectangular clips the charts
    /// set); false when nothing of it is inside.
    bool cutImage(QRectF& target, QRectF& source)
    {
        refreshClip();
        if (!m_clipping)
            return true;
        if (!m_clip.intersects(target))
            return false;
        const QRectF visible = target.intersected(m_clip.boundingRect());
        if (visible.isEmpty() || target.width() <= 0 || target.height() <= 0)
            return false;
        const double sx = source.width() / target.width(), sy = source.height() / target.height();
        source = QRectF(source.left() + (visible.left() - target.left()) * sx, source.top() + (visible.top() - target.top()) * sy,
                        visible.width() * sx, visible.height() * sy);
        target = visible;
        return true;
    }

    QPaintDevice* m_target;
    QPainter m_out;
    bool m_clipValid = false;
    bool m_clipping = false;
    bool m_clipIsRect = false;
    QPainterPath m_clip;
};

ClippedSvgDevice::ClippedSvgDevice(QPaintDevice* target)
    : m_target(target)
    , m_engine(std::make_unique<ClippingPaintEngine>(target))
{
}

ClippedSvgDevice::~ClippedSvgDevice() = default;

QPaintEngine* ClippedSvgDevice::paintEngine() const { return m_engine.get(); }

int ClippedSvgDevice::metric(PaintDeviceMetric m) const
{
    switch (m) {
    case PdmWidth: return m_target->width();
    case PdmHeight: return m_target->height();
    case PdmWidthMM: return m_target->widthMM();
    case PdmHeightMM: return m_target->heightMM();
    case PdmNumColors: return m_target->colorCount();
    case PdmDepth: return m_target->depth();
    case PdmDpiX: return m_target->logicalDpiX();
    case PdmDpiY: return m_target->logicalDpiY();
    case PdmPhysicalDpiX: return m_target->physicalDpiX();
    case PdmPhysicalDpiY: return m_target->physicalDpiY();
    case PdmDevicePixelRatio: return int(m_target->devicePixelRatio());
    case PdmDevicePixelRatioScaled: return int(m_target->devicePixelRatioF() * QPaintDevice::devicePixelRatioFScale());
    }
    return QPaintDevice::metric(m);
}

} // namespace shardscope
