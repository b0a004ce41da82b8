// SPDX-License-Identifier: MIT
#pragma once

#include <QSplitter>

namespace shardscope {

// A two-part splitter whose division depends on its height (width), its parts' minimums and one share alone, never
// on the path that led there (issue 29). QSplitter re-divides its length in proportion to the sizes it has whenever
// the length or a part's minimum changes, so a walk through scenarios whose parts needed more room on the way left
// its trace: at Mixtral 8x7B the memory page divided 492 / 342 px after a walk of the model picker and 481 / 353 px
// when opened there. Here the first part takes `share` of the length, within both parts' minimums; the share starts
// at the stretch factors' and changes only when the user drags the handle or a saved state is restored.
class ShareSplitter : public QSplitter
{
    Q_OBJECT
public:
    ShareSplitter(Qt::Orientation orientation, double share, QWidget* parent = nullptr);

    double share() const { return m_share; }
    bool restoreState(const QByteArray& state); // hides QSplitter's (not virtual): the restored sizes set the share

    // The first part's length for a splitter of `length` (the handle excluded) whose parts need at least `minFirst`
    // and `minSecond`: the share's, rounded, within the minimums; the first part gives way when both cannot be met.
    static int firstLength(int length, double share, int minFirst, int minSecond);

protected:
    void resizeEvent(QResizeEvent* e) override;
    bool event(QEvent* e) override;

private:
    void divide();
    int minimumLength(int index) const;

    double m_share;
};

} // namespace shardscope
