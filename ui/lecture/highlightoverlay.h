// SPDX-License-Identifier: MIT
#pragma once

#include <QPointer>
#include <QWidget>

namespace shardscope {

/// A thick rounded frame drawn over another widget of the window (a tour step's chart element).
/// Transparent for the mouse; follows the target when it moves, resizes, shows or hides.
class HighlightOverlay : public QWidget
{
    Q_OBJECT
public:
    explicit HighlightOverlay(QWidget* window);
    void setTarget(QWidget* target);
    QWidget* target() const { return m_target; }
    void setLineWidth(int px);
    int lineWidth() const { return m_width; }

protected:
    bool eventFilter(QObject* o, QEvent* e) override;
    void paintEvent(QPaintEvent* e) override;

private:
    void follow();
    QPointer<QWidget> m_target;
    int m_width = 4;
};

} // namespace shardscope
