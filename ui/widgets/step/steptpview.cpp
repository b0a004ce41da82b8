// SPDX-License-Identifier: MIT
#include "steptpview.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace shardscope {

using namespace stepui;

namespace {

struct Matrix
{
    QString name;
    std::int64_t rows, cols;
    bool columnSplit;
};

std::vector<Matrix> matrices(const Scenario& s)
{
    const Architecture& a = s.arch;
    const std::int64_t h = a.hidden;
    const std::int64_t hd = a.headDim > 0 ? a.headDim : a.hidden / a.heads;
    const std::int64_t q = a.heads * hd, kv = a.kvHeads * hd;
    const std::int64_t f = a.ffn;
    return {
        {StepTpView::tr("Q, K, V"), h, q + 2 * kv, true},
        {StepTpView::tr("attention out"), q, h, false},
        {a.gatedMlp ? StepTpView::tr("MLP gate | up") : StepTpView::tr("MLP up"), h, (a.gatedMlp ? 2 : 1) * f, true},
        {StepTpView::tr("MLP down"), f, h, false},
    };
}

} // namespace

StepTpView::StepTpView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("stepTp"));
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void StepTpView::setData(StepDataPtr data)
{
    m_data = std::move(data);
    update();
}

void StepTpView::setPlayhead(double t)
{
    m_playhead = t;
    update();
}

QString StepTpView::sliceShape(int which) const
{
    if (!m_data)
        return QString();
    const Matrix m = matrices(m_data->scenario)[static_cast<std::size_t>(which)];
    return splitShape(m.rows, m.cols, m_data->scenario.tp, m.columnSplit);
}

QString StepTpView::splitShape(std::int64_t rows, std::int64_t cols, std::int64_t t, bool byColumns)
{
    return QStringLiteral("%1x%2").arg(byColumns ? rows : rows / t).arg(byColumns ? cols / t : cols);
}

StepTpView::Layout StepTpView::layout() const
{
    Layout l;
    if (!m_data)
        return l;
    const Scenario& s = m_data->scenario;
    const StepResult& r = m_data->result;
    const std::int64_t t = s.tp;
    const QFontMetricsF fm(font());
    const double line = std::ceil(fm.height());
    const double W = width(), H = height();
    auto wrapped = [&](const QString& text, double w) {
        return fm.boundingRect(QRectF(0, 0, std::max(1.0, w), 1e6), Qt::AlignLeft | Qt::TextWordWrap, text).size();
    };
    l.titleText = t > 1 ? tr("Tensor parallelism: one layer's weights over TP = %1 GPUs").arg(t)
                        : tr("TP = 1: every GPU holds each layer's matrices whole");
    // The title wraps onto a second line in a narrow panel (Russian, 2x type) rather than losing its end.
    QSizeF ts = wrapped(l.titleText, W - 16);
    if (ts.height() > 2 * line) {
        l.titleText = fm.elidedText(l.titleText, Qt::ElideRight, W - 16);
        ts = QSizeF(fm.horizontalAdvance(l.titleText), line);
    }
    l.title = QRectF(8, 2, std::min(W - 16, ts.width() + 1), ts.height());
    l.footerText = t > 1 ? tr("Column-parallel matmuls need no communication; each row-parallel one ends in partial sums that "
                              "the group adds up (TP traffic this step: %1 per GPU).")
                               .arg(bytesText(r.totals.tpBytes))
                         : tr("Raise TP to split these matrices across GPUs of a node.");
    QSizeF fs = wrapped(l.footerText, W - 16);
    if (fs.height() > std::max(3 * line, 0.3 * H)) {
        // A very narrow or short panel keeps one line of the footer, elided.
        l.footerText = fm.elidedText(l.footerText, Qt::ElideRight, W - 16);
        fs = QSizeF(fm.horizontalAdvance(l.footerText), line);
    }
    l.footer = QRectF(8, H - fs.height() - 4, fs.width() + 1, fs.height());

    const auto ms = matrices(s);
    const double top = l.title.bottom() + 6, bottom = l.footer.top() - 4;
    const double cellW = (W - 24) / 2.0, cellH = std::max(0.0, (bottom - top) / 2.0);
    double maxSide = 1;
    for (const auto& m : ms)
        maxSide = std::max({maxSide, std::sqrt(double(m.rows)), std::sqrt(double(m.cols))});
    const std::int64_t hd = s.arch.headDim > 0 ? s.arch.headDim : s.arch.hidden / s.arch.heads;
    QStringList shownName; // one cell's name, line by line (declared once: cleared per cell)
    QStringList shapeLines; // the shape line, broken between words (declared once: cleared per cell)
    for (std::size_t i = 0; i < ms.size(); ++i) {
        const Matrix& m = ms[i];
        Cell& c = l.cells[i];
        const std::size_t gridRow = i / 2; // two cells per row
        const QRectF cell(12 + double(i % 2) * cellW, top + double(gridRow) * cellH, cellW - 8, cellH - 6);
        auto centred = [&](const QString& text, double y) {
            double w = 0;
            for (const QString& t : text.split(QLatin1Char('\n')))
                w = std::max(w, fm.horizontalAdvance(t) + 1);
            w = std::min(cell.width(), w);
            return QRectF(cell.left() + (cell.width() - w) / 2, y, w, line * double(text.count(QLatin1Char('\n')) + 1));
        };
        // The name on one line, or broken at its " · " (then between words) onto more when the cell is narrow
        // (1366 x 768, Russian, 2x): whole, never elided.
        shownName.clear();
        for (const QString& part : packSegments(
                 tr("%1 %2x%3 · %4").arg(m.name).arg(m.rows).arg(m.cols).arg(m.columnSplit ? tr("by columns") : tr("by rows")), fm, cell.width())) {
            if (fm.horizontalAdvance(part) <= cell.width()) {
                shownName << part;
                continue;
            }
            QString lineText;
            for (const QString& word : part.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                if (!lineText.isEmpty() && fm.horizontalAdvance(lineText + QLatin1Char(' ') + word) > cell.width()) {
                    shownName << lineText;
                    lineText.clear();
                }
                lineText += (lineText.isEmpty() ? QString() : QStringLiteral(" ")) + word;
            }
            if (!lineText.isEmpty())
                shownName << lineText;
        }
        c.nameText = shownName.join(QLatin1Char('\n'));
        const double nameH = line * double(std::max<qsizetype>(1, shownName.size()));
        // The shape line broken between words where the cell is narrower, not elided (issue 26: the Russian figure at
        // 3.8 in printed "... x10…").
        shapeLines.clear();
        {
            QString lineText;
            for (const QString& word : tr("GPU k holds %1").arg(splitShape(m.rows, m.cols, t, m.columnSplit)).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                if (!lineText.isEmpty() && fm.horizontalAdvance(lineText + QLatin1Char(' ') + word) > cell.width()) {
                    shapeLines << lineText;
                    lineText.clear();
                }
                lineText += (lineText.isEmpty() ? QString() : QStringLiteral(" ")) + word;
            }
            if (!lineText.isEmpty())
                shapeLines << lineText;
        }
        c.shapeText = shapeLines.join(QLatin1Char('\n'));
        const double shapeH = line * double(std::max<qsizetype>(1, shapeLines.size()));
        // The line under the shape: Q's slice of the fused QKV (seed 003: 4096x4096 over 8 GPUs is 4096x512), or the
        // collective after a row-parallel matmul (partial sums of s x b x h values).
        if (i == 0) {
            c.extraText = tr("of which Q: %1").arg(splitShape(m.rows, s.arch.heads * hd, t, true));
        } else if (!m.columnSplit && t > 1) {
            const double M = double(s.seq) * double(s.microBatch) * double(s.arch.hidden) * 2.0;
            const QString what = s.sequenceParallel ? tr("reduce-scatter (+ all-gather before the next)") : tr("all-reduce");
            c.extraText = tr("then %1 of s·b·h = %2").arg(what, bytesText(M));
            c.extraIsComm = true;
        }
        QSizeF es = c.extraText.isEmpty() ? QSizeF() : wrapped(c.extraText, cell.width());
        const double minBox = 14;
        // Room left for the matrix with every line; a cramped cell drops the extra line, then the shape line.
        auto boxFor = [&](double below) { return std::min(cell.width() - 10, cell.height() - nameH - 2 - below - 4); };
        bool shape = true;
        // (Dropped whole, not elided: the footer says the same in words.)
        if (!c.extraText.isEmpty() && boxFor(shapeH + es.height()) < minBox) {
            c.extraText.clear();
            es = QSizeF();
        }
        if (boxFor(shapeH) < minBox && c.extraText.isEmpty()) {
            shape = false;
            c.shapeText.clear();
        }
        const double below = (shape ? shapeH : 0) + es.height();
        const double box = std::max(4.0, boxFor(below));
        const double w = box * std::sqrt(double(m.cols)) / maxSide;
        const double h = box * std::sqrt(double(m.rows)) / maxSide;
        c.name = centred(c.nameText, cell.top());
        c.matrix = QRectF(cell.left() + (cell.width() - w) / 2, c.name.bottom() + 2, w, h);
        double y = c.matrix.bottom() + 2;
        if (shape) {
            c.shape = centred(c.shapeText, y);
            y = c.shape.bottom();
        }
        if (!c.extraText.isEmpty())
            c.extra = QRectF(cell.left() + (cell.width() - es.width()) / 2, y, es.width(), es.height());
    }
    return l;
}

QSize StepTpView::minimumSizeHint() const
{
    // Title, footer (two lines), and per row of matrices a name, a 14 px matrix at least and a shape line: 9 lines
    // and 60 px, 240 px at the default font.
    const double L = lineHeight(font());
    const double k = std::max(1.0, L / 18.0);
    return QSize(int(std::lround(360 * k)), std::max(240, int(std::ceil(9 * L + 60))));
}

QList<DrawnLabel> StepTpView::labels() const
{
    QList<DrawnLabel> out;
    if (!m_data)
        return out;
    const Layout l = layout();
    out << DrawnLabel {l.title, l.titleText, font()} << DrawnLabel {l.footer, l.footerText, font()};
    for (const Cell& c : l.cells) {
        out << DrawnLabel {c.name, c.nameText, font()};
        if (!c.shapeText.isEmpty())
            out << DrawnLabel {c.shape, c.shapeText, font()};
        if (!c.extraText.isEmpty())
            out << DrawnLabel {c.extra, c.extraText, font()};
    }
    return out;
}

QList<QRectF> StepTpView::labelRects() const
{
    const Layout l = layout();
    QList<QRectF> r;
    if (!m_data)
        return r;
    r << l.title << l.footer;
    for (const Cell& c : l.cells)
        for (const QRectF& x : {c.name, c.shape, c.extra})
            if (!x.isEmpty())
                r << x;
    return r;
}

QList<QRectF> StepTpView::matrixRects() const
{
    QList<QRectF> r;
    if (!m_data)
        return r;
    for (const Cell& c : layout().cells)
        r << c.matrix;
    return r;
}

void StepTpView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_data)
        return;
    const QColor text = palette().color(QPalette::Text);
    const StepResult& r = m_data->result;
    const std::int64_t t = m_data->scenario.tp;
    // Which half of the layer runs now (attention or MLP), and is a TP collective running?
    EventPart now = EventPart::Layer;
    bool tpComm = false;
    const int cur = eventAt(r, m_playhead);
    for (int k = cur; k >= 0 && k > cur - 16; --k) {
        const StepEvent& e = r.events[static_cast<std::size_t>(k)];
        if (e.start <= m_playhead && m_playhead < e.end()) {
            if (e.kind == EventKind::Compute && (e.part == EventPart::Attention || e.part == EventPart::Mlp))
                now = e.part;
            if (e.group == CommGroup::TP) {
                tpComm = true;
                now = e.part;
            }
        }
    }
    const Layout l = layout();
    p.setPen(text);
    p.drawText(l.title, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, l.titleText);
    for (std::size_t i = 0; i < l.cells.size(); ++i) {
        const Cell& c = l.cells[i];
        const bool attn = i < 2;
        const bool active = (attn && now == EventPart::Attention) || (!attn && now == EventPart::Mlp);
        const bool columnSplit = i % 2 == 0;
        p.setPen(text);
        p.drawText(c.name, Qt::AlignCenter, c.nameText);
        const QRectF& mr = c.matrix;
        for (std::int64_t k = 0; k < t; ++k) {
            QRectF slice = columnSplit ? QRectF(mr.left() + mr.width() * double(k) / double(t), mr.top(), mr.width() / double(t), mr.height())
                                       : QRectF(mr.left(), mr.top() + mr.height() * double(k) / double(t), mr.width(), mr.height() / double(t));
            QColor col = shardColor(k, t);
            if (!active)
                col.setAlphaF(0.45);
            p.fillRect(slice, col);
            p.setPen(QPen(palette().color(QPalette::Base), 1));
            p.drawRect(slice);
        }
        p.setPen(QPen(active ? palette().color(QPalette::Highlight) : text, active ? 2.5 : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(mr);
        p.setPen(text);
        if (!c.shapeText.isEmpty())
            p.drawText(c.shape, Qt::AlignCenter, c.shapeText);
        if (!c.extraText.isEmpty()) {
            p.setPen(c.extraIsComm && tpComm && active ? exposedCommColor() : text);
            p.drawText(c.extra, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, c.extraText);
        }
    }
    p.setPen(text);
    p.drawText(l.footer, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, l.footerText);
}

} // namespace shardscope
