// SPDX-License-Identifier: MIT
#include "comparewidget.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/step.h"

#include "termstyle.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace shardscope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString amount(double bytes, ByteUnit u)
{
    return QStringLiteral("%1 %2").arg(bytes / unitDivisor(u), 0, 'f', 1).arg(QLatin1String(unitName(u)));
}

} // namespace

QStringList scenarioChanges(const Scenario& a, const Scenario& b)
{
    QStringList c;
    auto num = [&](const char* what, std::int64_t x, std::int64_t y) {
        if (x != y)
            c << QStringLiteral("%1 %2 -> %3").arg(QLatin1String(what)).arg(x).arg(y);
    };
    auto text = [&](const char* what, const QString& x, const QString& y) {
        if (x != y)
            c << QStringLiteral("%1 %2 -> %3").arg(QLatin1String(what), x, y);
    };
    if (a.arch.id != b.arch.id || a.arch.name != b.arch.name || a.totalParams() != b.totalParams())
        c << QStringLiteral("%1 -> %2").arg(q(a.arch.name), q(b.arch.name));
    if (a.zeroStage != b.zeroStage)
        c << QStringLiteral("ZeRO-%1 -> ZeRO-%2").arg(a.zeroStage).arg(b.zeroStage);
    num("N", a.gpus, b.gpus);
    num("TP", a.tp, b.tp);
    num("PP", a.pp, b.pp);
    text("GPU", q(a.gpu), q(b.gpu));
    text("recipe", q(a.recipe.id), q(b.recipe.id));
    text("optimizer", QLatin1String(optimizerKey(a.optimizer)), QLatin1String(optimizerKey(b.optimizer)));
    text("checkpointing", QLatin1String(checkpointingKey(a.checkpointing)), QLatin1String(checkpointingKey(b.checkpointing)));
    text("offload optimizer", QLatin1String(offloadKey(a.offloadOptimizer)), QLatin1String(offloadKey(b.offloadOptimizer)));
    text("offload params", QLatin1String(offloadKey(a.offloadParams)), QLatin1String(offloadKey(b.offloadParams)));
    num("micro-batch", a.microBatch, b.microBatch);
    num("seq", a.seq, b.seq);
    num("accumulation", a.gradAccum, b.gradAccum);
    if (a.sequenceParallel != b.sequenceParallel)
        c << (b.sequenceParallel ? QStringLiteral("sequence parallel on") : QStringLiteral("sequence parallel off"));
    if (a.flashAttention != b.flashAttention)
        c << (b.flashAttention ? QStringLiteral("FlashAttention on") : QStringLiteral("FlashAttention off"));
    if (c.isEmpty() && a.termEnabled != b.termEnabled)
        c << QStringLiteral("terms switched");
    return c;
}

QString compareSummary(const Scenario& a, const Scenario& b, ByteUnit units)
{
    const Footprint fa = computeFootprint(a);
    const Footprint fb = computeFootprint(b);
    const RankFootprint& ra = fa.worstRank();
    const RankFootprint& rb = fb.worstRank();
    QStringList moved;
    for (int t = 0; t < kTermCount; ++t) {
        const Term term = static_cast<Term>(t);
        const double x = double(ra.bytes(term)), y = double(rb.bytes(term));
        // a term "moved" when it changed by at least 1% of the larger worst-rank total (noise stays out)
        if (std::abs(x - y) >= 0.01 * double(std::max(fa.worstBytes(), fb.worstBytes())))
            moved << QStringLiteral("%1 %2 -> %3 per GPU").arg(QLatin1String(termKey(term)), amount(x, units), amount(y, units));
    }
    moved << QStringLiteral("total %1 -> %2").arg(amount(double(fa.worstBytes()), units), amount(double(fb.worstBytes()), units));
    const StepResult sa = computeStep(a), sb = computeStep(b);
    if (sa.totals.dpBytes > 0 && sb.totals.dpBytes > 0 && std::abs(sb.totals.dpBytes / sa.totals.dpBytes - 1) > 0.005)
        moved << QStringLiteral("DP traffic x%1").arg(sb.totals.dpBytes / sa.totals.dpBytes, 0, 'f', 2);
    QStringList changes = scenarioChanges(a, b);
    if (changes.isEmpty())
        changes << QStringLiteral("no change");
    return changes.join(QStringLiteral(", ")) + QStringLiteral(": ") + moved.join(QStringLiteral(", "));
}

CompareWidget::CompareWidget(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    layout->addWidget(m_table);
    m_table->setColumnCount(4);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setAlternatingRowColors(true);
    refresh();
}

void CompareWidget::pin(const Scenario& a)
{
    m_pinned = a;
    refresh();
}

void CompareWidget::unpin()
{
    m_pinned.reset();
    refresh();
}

void CompareWidget::setCurrent(const Scenario& b)
{
    m_current = b;
    refresh();
}

void CompareWidget::setUnit(ByteUnit unit)
{
    m_unit = unit;
    refresh();
}

QString CompareWidget::summary() const { return m_summary->text(); }

void CompareWidget::refresh()
{
    const QString u = QLatin1String(unitName(m_unit));
    m_table->setHorizontalHeaderLabels({tr("Term (worst rank)"), tr("A (%1)").arg(u), tr("B (%1)").arg(u), tr("B - A (%1)").arg(u)});
    if (!m_pinned || !m_current) {
        m_table->setRowCount(0);
        m_summary->setText(m_pinned ? tr("A is pinned: change the scenario to compare.") : tr("Pin a scenario as A to compare."));
        return;
    }
    try {
        const Footprint fa = computeFootprint(*m_pinned);
        const Footprint fb = computeFootprint(*m_current);
        const double div = unitDivisor(m_unit);
        const StepResult sa = computeStep(*m_pinned), sb = computeStep(*m_current);
        m_table->setRowCount(kTermCount + kExtraRows);
        const bool dark = palette().color(QPalette::Base).lightness() < 128;
        const QColor worse = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb2, 0x18, 0x2b);
        const QColor better = dark ? QColor(0x8f, 0xd1, 0x9e) : QColor(0x1a, 0x7f, 0x37);
        auto cell = [&](int r, int c, const QString& text, bool number) {
            auto* item = new QTableWidgetItem(text);
            if (number)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
            return item;
        };
        // Numbers right-aligned; the delta red when B needs more (memory, time, wire bytes), green when less.
        auto row = [&](int r, const QString& name, double x, double y, int decimals, bool lowerIsBetter = true) {
            cell(r, 0, name, false);
            cell(r, 1, QString::number(x, 'f', decimals), true);
            cell(r, 2, QString::number(y, 'f', decimals), true);
            QTableWidgetItem* d = cell(r, 3, QString::number(y - x, 'f', decimals), true);
            const double eps = 0.5 * std::pow(10.0, -decimals);
            if (std::abs(y - x) >= eps)
                d->setForeground((y > x) == lowerIsBetter ? worse : better);
        };
        for (int t = 0; t < kTermCount; ++t)
            row(t, termLabel(static_cast<Term>(t)), double(fa.worstRank().bytes(static_cast<Term>(t))) / div,
                double(fb.worstRank().bytes(static_cast<Term>(t))) / div, 2);
        row(kTermCount, tr("total"), double(fa.worstBytes()) / div, double(fb.worstBytes()) / div, 2);
        int r = kTermCount + 1;
        cell(r, 0, tr("fits (capacity %1 / %2)").arg(amount(double(fa.usableBytes), m_unit), amount(double(fb.usableBytes), m_unit)), false);
        cell(r, 1, fa.fits ? tr("\u2714 fits") : tr("\u2716 does not fit"), true)->setForeground(fa.fits ? better : worse);
        cell(r, 2, fb.fits ? tr("\u2714 fits") : tr("\u2716 does not fit"), true)->setForeground(fb.fits ? better : worse);
        cell(r, 3, QString(), true);
        row(++r, tr("step time (s)"), sa.totals.stepTime, sb.totals.stepTime, 3);
        row(++r, tr("MFU (%)"), sa.totals.mfu * 100, sb.totals.mfu * 100, 1, false);
        const double wa = sa.totals.dpBytes + sa.totals.tpBytes + sa.totals.ppBytes + sa.totals.hostBytes;
        const double wb = sb.totals.dpBytes + sb.totals.tpBytes + sb.totals.ppBytes + sb.totals.hostBytes;
        row(++r, tr("bytes on the wire per GPU per step (%1)").arg(QLatin1String(unitName(m_unit))), wa / div, wb / div, 2);
        m_summary->setText(compareSummary(*m_pinned, *m_current, m_unit));
    } catch (const InvalidInput& e) {
        m_table->setRowCount(0);
        m_summary->setText(QString::fromStdString(e.what()));
    }
}

} // namespace shardscope
