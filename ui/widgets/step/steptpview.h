// SPDX-License-Identifier: MIT
#pragma once

#include "stepcommon.h"

#include <QList>
#include <QRectF>
#include <QWidget>

#include <array>

namespace shardscope {

/**
 * Tensor parallelism as it is: one layer's weight matrices split over the TP group, by columns for
 * Q/K/V and the MLP up (and gate) projections, by rows for the attention output and the MLP down
 * projection, each GPU's slice labelled with its shape (a 4096x4096 matrix over 8 GPUs is 4096x512 each),
 * and the all-reduce (reduce-scatter + all-gather with sequence parallelism) after each row-parallel matmul.
 * The half of the layer the playhead is in is highlighted. The layout is measured with the font (labels never
 * overlap a matrix or each other, at 1366x768 with TP 8 too): lines that do not fit are dropped, not drawn over.
 */
class StepTpView : public QWidget
{
    Q_OBJECT
public:
    explicit StepTpView(QWidget* parent = nullptr);
    void setData(stepui::StepDataPtr data);
    void setPlayhead(double t);
    /// "rows x cols" of one GPU's slice of matrix `which` (0 QKV, 1 attention out, 2 MLP up/gate, 3 MLP down).
    QString sliceShape(int which) const;
    /// One GPU's slice of a rows x cols weight split t ways: by columns rows x cols/t, by rows rows/t x cols.
    static QString splitShape(std::int64_t rows, std::int64_t cols, std::int64_t t, bool byColumns);
    /// The rectangles the text labels take (title, matrix names, slice shapes, collective notes, footer) and the
    /// matrices, in widget coordinates, as paintEvent() draws them: for geometry checks.
    QList<QRectF> labelRects() const;
    QList<QRectF> matrixRects() const;
    QSize sizeHint() const override { return QSize(520, 330); }
    /// 360 x 240 at the default font, scaled with the font (presentation mode doubles it): room for the title, a
    /// two-line footer and both rows of matrices with their names and shapes.
    QSize minimumSizeHint() const override;
    /// The texts as paintEvent() draws them (one DrawnLabel per box, lines joined by '\n'): tests check that none is
    /// elided and each fits its box.
    QList<stepui::DrawnLabel> labels() const;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    struct Cell
    {
        QRectF matrix;
        QRectF name, shape, extra; ///< the text's own rectangles (empty when the line was dropped)
        QString nameText, shapeText, extraText;
        bool extraIsComm = false;
    };
    struct Layout
    {
        QRectF title, footer;
        QString titleText, footerText;
        std::array<Cell, 4> cells;
    };
    Layout layout() const;

    stepui::StepDataPtr m_data;
    double m_playhead = 0;
};

} // namespace shardscope
