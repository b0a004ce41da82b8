// SPDX-License-Identifier: MIT
#include "memorypage.h"

#include "breakdownmodel.h"
#include "chartstyle.h"
#include "flowlayout.h"
#include "hostmemorychart.h"
#include "memorypergpuchart.h"
#include "memoryvsgpuschart.h"
#include "planlayoutmodel.h"
#include "sharesplitter.h"
#include "termstyle.h"

#include "shardscope/errors.h"

#include <QApplication>
#include <QCheckBox>
#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QDataStream>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QHash>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStaticText>
#include <QStyledItemDelegate>
#include <QStyle>
#include <QTableView>
#include <QPainter>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace shardscope {

namespace {

/**
 * Holds one label that fills it, without a layout. A QLabel calls updateGeometry() on every setText(); in a
 * layout that invalidates the page, the tab widget and the main window (QMainWindowLayout even creates and
 * deletes a geometry animation per dock), so each slider move re-laid out and repainted the whole window.
 * Here the request stops at this widget, whose own size changes only when the label needs more (or fewer) lines
 * at the current width (fit()), and it only grows until the width or the font changes: a move re-lays out nothing.
 */
class LabelSlot : public QWidget
{
public:
    LabelSlot(QLabel* label, int height, QWidget* parent, bool grows = false)
        : QWidget(parent)
        , m_label(label)
        , m_grows(grows)
    {
        label->setParent(this);
        // Opaque, so that a new text repaints the label alone, not the page, tab widget and window behind it.
        label->setAutoFillBackground(true);
        setFixedHeight(height);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    QSize sizeHint() const override { return QSize(200, height()); }
    QSize minimumSizeHint() const override { return QSize(50, height()); }

    /// A growing slot takes the height its word-wrapped label needs at the present width (at least one line). While
    /// the width stays, it only grows: a verdict that alternates between one and two lines as a slider moves would
    /// otherwise resize the charts below on every move (each resize re-lays out every axis label, 6-12 ms; issue 29)
    /// and make them jump under the user's eyes. A new width (or font) fits it afresh.
    void fit(bool shrink = false)
    {
        if (!m_grows)
            return;
        // Not laid out yet (a child's default width is 100 px): as at a typical page width, not as ten words a line,
        // which would give the slot, and the splitter share it is first laid out with, many lines too many.
        const int w = isVisible() && width() > 0 ? width() : 800;
        const int h = std::max(m_label->heightForWidth(w), m_label->fontMetrics().lineSpacing() + 4);
        if (h > height() || (shrink && h != height()))
            setFixedHeight(h);
    }

protected:
    void resizeEvent(QResizeEvent* e) override
    {
        m_label->setGeometry(rect());
        if (e->oldSize().width() != e->size().width())
            fit(true);
    }
    void changeEvent(QEvent* e) override
    {
        QWidget::changeEvent(e);
        if (e->type() == QEvent::FontChange) // presentation mode in or out
            fit(true);
    }

private:
    QLabel* m_label;
    bool m_grows;
};

/**
 * The breakdown table's cells as QStyledItemDelegate draws them (background, selection, swatch, focus from the style),
 * but each text laid out once: a QStaticText per (text, width, font, alignment), elided like the view's mode. The
 * style lays every cell's text out and shapes it anew on each paint (a fifth of a slider move's CPU, issue 29),
 * although a move changes few of the strings: the term names and most formulas stay.
 */
class CachedTextDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QString text = opt.text;
        opt.text.clear();
        const QWidget* w = opt.widget;
        QStyle* style = w ? w->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, w);
        if (text.isEmpty())
            return;
        opt.text = text; // the text rectangle as the style would place it
        const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, w) + 1;
        const QRect r = textRect(style, opt, w).adjusted(margin, 0, -margin, 0);
        if (r.width() <= 0)
            return;
        const TextKey key {text, r.width(), fontId(opt.font), int(opt.displayAlignment), int(opt.textElideMode)};
        QStaticText st = m_cache.value(key);
        if (st.text().isEmpty()) {
            if (m_cache.size() > 2048)
                m_cache.clear();
            const QFontMetrics fm(opt.font);
            st.setText(fm.elidedText(text, opt.textElideMode, r.width()));
            st.setTextFormat(Qt::PlainText);
            st.prepare(QTransform(), opt.font);
            m_cache.insert(key, st);
        }
        const QSizeF size = st.size();
        const Qt::Alignment h = QStyle::visualAlignment(opt.direction, opt.displayAlignment) & Qt::AlignHorizontal_Mask;
        const double x = h & Qt::AlignRight ? r.right() + 1 - size.width() : h & Qt::AlignHCenter ? r.left() + (r.width() - size.width()) / 2 : r.left();
        const double y = r.top() + (r.height() - size.height()) / 2;
        const QPalette::ColorGroup cg = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                        : (opt.state & QStyle::State_Active) ? QPalette::Normal : QPalette::Inactive;
        painter->save();
        painter->setFont(opt.font);
        painter->setPen(opt.palette.color(cg, opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
        painter->setClipRect(r);
        painter->drawStaticText(QPointF(x, y), st);
        painter->restore();
    }

private:
    /// The style's text rectangle. With the decoration beside the text it does not depend on the text (the style
    /// measures the text only to place it under or over a decoration), so it is asked once per cell geometry: the
    /// style lays the text out to measure it, which cost as much as drawing the cell.
    QRect textRect(const QStyle* style, const QStyleOptionViewItem& opt, const QWidget* w) const
    {
        if (opt.decorationPosition != QStyleOptionViewItem::Left && opt.decorationPosition != QStyleOptionViewItem::Right)
            return style->subElementRect(QStyle::SE_ItemViewItemText, &opt, w);
        const RectKey key {opt.rect, int(opt.features), opt.decorationSize, int(opt.decorationPosition),
                           int(opt.direction), int(opt.displayAlignment), fontId(opt.font)};
        const auto it = m_rects.constFind(key);
        if (it != m_rects.constEnd())
            return *it;
        if (m_rects.size() > 4096)
            m_rects.clear();
        const QRect r = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, w);
        m_rects.insert(key, r);
        return r;
    }

    /// A number per distinct font the cells are drawn in (QFont::key() built a string twice per cell: a tenth of a
    /// cell's paint); fonts compare by their attributes.
    int fontId(const QFont& f) const
    {
        if (m_lastFontId >= 0 && f == m_lastFont)
            return m_lastFontId;
        const auto it = std::find(m_fonts.cbegin(), m_fonts.cend(), f);
        if (it == m_fonts.cend()) {
            if (m_fonts.size() > 64) { // fonts come and go with presentation mode: start afresh, keys with them
                m_fonts.clear();
                m_cache.clear();
                m_rects.clear();
            }
            m_fonts.push_back(f);
        }
        m_lastFont = f;
        m_lastFontId = int(std::find(m_fonts.cbegin(), m_fonts.cend(), f) - m_fonts.cbegin());
        return m_lastFontId;
    }

    struct TextKey
    {
        QString text;
        int width, font, alignment, elide;
        bool operator==(const TextKey& o) const
        {
            return width == o.width && font == o.font && alignment == o.alignment && elide == o.elide && text == o.text;
        }
        friend size_t qHash(const TextKey& k, size_t seed = 0) noexcept
        {
            return qHashMulti(seed, k.text, k.width, k.font, k.alignment, k.elide);
        }
    };
    struct RectKey
    {
        QRect rect;
        int features;
        QSize decoration;
        int position, direction, alignment, font;
        bool operator==(const RectKey& o) const
        {
            return rect == o.rect && features == o.features && decoration == o.decoration && position == o.position
                   && direction == o.direction && alignment == o.alignment && font == o.font;
        }
        friend size_t qHash(const RectKey& k, size_t seed = 0) noexcept
        {
            return qHashMulti(seed, k.rect.x(), k.rect.y(), k.rect.width(), k.rect.height(), k.features,
                              k.decoration.width(), k.decoration.height(), k.position, k.direction, k.alignment, k.font);
        }
    };

    mutable QHash<TextKey, QStaticText> m_cache;
    mutable QHash<RectKey, QRect> m_rects;
    mutable std::vector<QFont> m_fonts;
    mutable QFont m_lastFont;
    mutable int m_lastFontId = -1;
};

/**
 * The breakdown table's colour swatches as the charts draw them: termColorOn() on the table's background (issue 13:
 * the Parameters swatch, Tol's indigo, had 1.4:1 on the dark desktop's table). The model keeps the plain colours.
 */
class SwatchProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setBackground(const QColor& background)
    {
        if (background == m_background)
            return;
        m_background = background;
        if (rowCount() > 0)
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DecorationRole});
    }
    QVariant data(const QModelIndex& i, int role) const override
    {
        QVariant v = QSortFilterProxyModel::data(i, role);
        if (role != Qt::DecorationRole || v.typeId() != QMetaType::QColor || !m_background.isValid())
            return v;
        const QColor c = v.value<QColor>();
        for (int t = 0; t < kTermCount; ++t)
            if (c == termColor(static_cast<Term>(t)))
                return termColorOn(static_cast<Term>(t), m_background);
        return withContrast(c, m_background);
    }

private:
    QColor m_background;
};

} // namespace

MemoryPage::MemoryPage(QWidget* parent)
    : QWidget(parent)
    , m_verdictLabel(new QLabel(this))
    , m_verdictSlot(nullptr)
    , m_fixBar(new QWidget(this))
    , m_fixLayout(new FlowLayout(m_fixBar))
    , m_bestButton(new QPushButton(m_fixBar))
    , m_compare(new QCheckBox(tr("Compare ZeRO stages"), this))
    , m_perGpu(new MemoryPerGpuChart(this))
    , m_vsGpus(new MemoryVsGpusChart(this))
    , m_host(new HostMemoryChart(this))
    , m_model(new BreakdownModel(this))
    , m_proxy(new SwatchProxy(this))
    , m_table(new QTableView(this))
    , m_tableTitle(new QLabel(this))
    , m_formulaDetail(new QLabel(this))
    , m_formulaSlot(nullptr)
    , m_vertical(new ShareSplitter(Qt::Vertical, 0.6, this)) // charts 3 : 2 table, whatever the walk
    , m_top(new QSplitter(Qt::Horizontal, this))
    , m_bottom(new QSplitter(Qt::Horizontal, this))
{
    m_verdictLabel->setObjectName(QStringLiteral("verdict"));
    m_verdictLabel->setWordWrap(true);
    m_verdictLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont vf = m_verdictLabel->font();
    vf.setPointSizeF(vf.pointSizeF() * 1.3);
    vf.setBold(true);
    m_verdictLabel->setFont(vf);
    // As many lines as the text needs at the present width (the slot re-lays out only when that number changes).
    m_verdictLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_compare->setObjectName(QStringLiteral("compareStages"));
    m_compare->setToolTip(tr("Chart 1 shows one bar per ZeRO stage at the current N instead of one per rank."));

    m_proxy->setSourceModel(m_model);
    static_cast<SwatchProxy*>(m_proxy)->setBackground(m_table->palette().color(QPalette::Base));
    m_proxy->setSortRole(BreakdownModel::SortRole);
    m_table->setObjectName(QStringLiteral("breakdown"));
    m_table->setModel(m_proxy);
    m_table->setItemDelegate(new CachedTextDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(BreakdownModel::TermColumn, Qt::AscendingOrder);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Fixed widths for the widest content, re-measured when the font changes (presentation mode doubles it):
    // ResizeToContents would measure every cell on every move.
    sizeColumns();
    m_table->installEventFilter(this);
    m_table->horizontalHeader()->installEventFilter(this);
    m_table->viewport()->installEventFilter(this); // its width: the term column gives way in a narrow table
    m_table->setTextElideMode(Qt::ElideRight);
    // The vertical scroll bar stays: shown as needed, it came on a queued call after the frame's paint when a move
    // made the rows overflow (more rows, or a taller formula line under the table), and the columns re-elided a frame
    // later (issue 29, tst_incrementalpaint). Kept, the columns keep their width as rows come and go.
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);

    auto* tableBox = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(new LabelSlot(m_tableTitle, m_tableTitle->fontMetrics().height() + 4, tableBox));
    tableLayout->addWidget(m_table);
    // The current row's formula whole, wrapped, under the table (issue 26): at 1366 px the Formula column showed
    // "2 B/param x 68,976,…" in English and lay mostly behind the scroll bar in Russian.
    m_formulaDetail->setObjectName(QStringLiteral("formulaDetail"));
    m_formulaDetail->setWordWrap(true);
    m_formulaDetail->setTextFormat(Qt::RichText);
    m_formulaDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formulaDetail->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // In a growing slot, as the verdict: its text changes on most moves, and a bare label in the layout re-laid out
    // the page, the tab widget and the main window on each (QTabWidget::sizeHint over every page, issue 29).
    m_formulaSlot = new LabelSlot(m_formulaDetail, m_formulaDetail->fontMetrics().lineSpacing() + 4, tableBox, true);
    tableLayout->addWidget(m_formulaSlot);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &MemoryPage::showFormulaDetail);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &MemoryPage::showFormulaDetail);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &MemoryPage::showFormulaDetail);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MemoryPage::showFormulaDetail);

    m_top->addWidget(m_perGpu);
    m_top->addWidget(m_vsGpus);
    m_bottom->addWidget(m_host);
    m_bottom->addWidget(tableBox);
    m_top->setStretchFactor(0, 1);
    m_top->setStretchFactor(1, 1);
    m_bottom->setStretchFactor(0, 1);
    m_bottom->setStretchFactor(1, 2);
    m_vertical->addWidget(m_top);
    m_vertical->addWidget(m_bottom);
    m_vertical->setChildrenCollapsible(false);

    // The fixes: one button per change that makes the scenario fit; a click applies it.
    m_fixBar->setObjectName(QStringLiteral("verdictFixes"));
    m_fixLayout->setContentsMargins(0, 0, 0, 0);
    m_fixLayout->addWidget(new QLabel(tr("Fits with:"), m_fixBar));
    // The best layout that fits (all knobs at once, from the planner) comes first; the single-knob fixes follow.
    m_bestButton->setObjectName(QStringLiteral("fixBestLayout"));
    m_bestButton->hide();
    m_bestButton->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed); // its whole text, never squeezed
    m_fixLayout->addWidget(m_bestButton);
    connect(m_bestButton, &QPushButton::clicked, this, [this] {
        if (!m_bestScenario)
            return;
        const Scenario fix = *m_bestScenario; // a copy: applying it recomputes the page
        emit fixRequested(fix);
    });
    m_fixBar->hide();
    // Its row is kept while hidden: a scenario that starts or stops fitting must not resize the charts below (each
    // resize re-lays out every axis label: 6-12 ms of a move, issue 29), nor move them under the user's eyes.
    QSizePolicy fixPolicy = m_fixBar->sizePolicy();
    fixPolicy.setRetainSizeWhenHidden(true);
    m_fixBar->setSizePolicy(fixPolicy);

    auto* verdictSlot = new LabelSlot(m_verdictLabel, QFontMetrics(vf).lineSpacing() + 4, this, true);
    m_verdictSlot = verdictSlot;
    auto* verdictBox = new QVBoxLayout;
    verdictBox->setSpacing(4);
    verdictBox->addWidget(verdictSlot);
    verdictBox->addWidget(m_fixBar);
    auto* header = new QHBoxLayout;
    header->addLayout(verdictBox, 1);
    header->addWidget(m_compare, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_vertical, 1);

    m_perGpu->setSharesBeside(true); // issue 26: the log totals with each stage's composition beside them
    connect(m_compare, &QCheckBox::toggled, this, [this](bool on) {
        m_perGpu->setCompareStages(on);
        settleChartLayouts();
        emit compareStagesToggled(on);
    });
}

void MemoryPage::setScenario(const Scenario& s)
{
    try {
        setAdvice(computeAdvice(s));
    } catch (const InvalidInput& e) {
        setInvalid(e);
    }
}

void MemoryPage::setInvalid(const InvalidInput& e)
{
    m_verdict = invalidVerdict(e);
    showVerdict();
    m_fixes.clear();
    m_bestScenario.reset();
    m_bestPending = false;
    showFixes();
    // the charts keep the last valid scenario
}

void MemoryPage::setAdvice(const Advice& a)
{
    m_advice = a;
    const ExplorerResult& result = m_advice.explorer;
    m_hasResult = true;
    m_perGpu->setResult(result);
    m_vsGpus->setResult(result);
    m_host->setResult(result);
    settleChartLayouts();
    m_settingFootprint = true; // the model tells each changed cell apart: the formula line waits for the last
    m_model->setFootprint(result.footprint);
    m_settingFootprint = false;
    showFormulaDetail();
    const QString title = tr("Breakdown of the worst rank (%1)").arg(m_model->rankLabel());
    if (m_tableTitle->text() != title)
        m_tableTitle->setText(title);
    m_verdict = verdictFor(m_advice, m_unit);
    showVerdict();
    m_fixes = fixOptionsFor(m_advice);
    // The best layout of the previous scenario no longer applies: wait for this one's search.
    m_bestScenario.reset();
    m_bestPending = m_verdict.kind == Verdict::Kind::DoesNotFit || m_verdict.kind == Verdict::Kind::NeverFits;
    showFixes();
}

void MemoryPage::setBestLayout(const std::optional<PlanLayout>& layout, const Scenario& applied)
{
    if (!m_bestPending && !m_bestScenario)
        return; // the scenario fits (or has no answer): nothing to offer
    m_bestPending = false;
    if (layout) {
        m_bestScenario = applied;
        QStringList knobs {tr("TP %1").arg(layout->tp), tr("PP %1").arg(layout->pp), tr("ZeRO-%1").arg(layout->stage)};
        if (layout->offloadOptimizer != OffloadDevice::None || layout->offloadParams != OffloadDevice::None)
            knobs << tr("offload");
        const QString text = tr("Best layout: %1 (%2 s)")
                                 .arg(knobs.join(QStringLiteral(" \u00b7 ")),
                                     numberLocale().toString(layout->stepTimeS, 'f', layout->stepTimeS >= 10 ? 1 : 2));
        if (m_bestButton->text() != text)
            m_bestButton->setText(text);
        m_bestButton->setToolTip(tr("The fastest layout that fits, from the Plan tab's search: %1. Click to apply "
                                    "(Undo takes it back).")
                                     .arg(PlanLayoutModel::layoutSummary(*layout)));
    } else {
        m_bestScenario.reset();
    }
    showFixes();
}

void MemoryPage::showFixes()
{
    QStringList labels;
    for (const Fix& f : m_fixes)
        labels << f.label;
    QStringList shown;
    for (const QPushButton* b : m_fixButtons)
        shown << b->text();
    if (labels != shown) {
        // The buttons that stay are relabelled (a new button is polished and laid out: milliseconds per move).
        while (m_fixButtons.size() > labels.size())
            delete m_fixButtons.takeLast();
        for (int i = 0; i < m_fixButtons.size(); ++i)
            if (m_fixButtons[i]->text() != labels[i])
                m_fixButtons[i]->setText(labels[i]);
        for (int i = int(m_fixButtons.size()); i < int(m_fixes.size()); ++i) {
            auto* b = new QPushButton(m_fixes[size_t(i)].label, m_fixBar);
            b->setObjectName(QStringLiteral("fix%1").arg(i));
            m_fixLayout->addWidget(b);
            connect(b, &QPushButton::clicked, this, [this, i] {
                if (i >= int(m_fixes.size()))
                    return;
                // A copy: applying the fix recomputes the page, which replaces m_fixes while the
                // receivers still read the scenario (ASan: heap-use-after-free).
                const Scenario fix = m_fixes[size_t(i)].scenario;
                emit fixRequested(fix);
            });
            m_fixButtons << b;
        }
    }
    for (int i = 0; i < m_fixButtons.size(); ++i)
        m_fixButtons[i]->setToolTip(m_fixes[size_t(i)].tip + QLatin1Char(' ') + tr("Click to apply (Undo takes it back)."));
    // The best-layout button keeps its place while this scenario's search runs (disabled), so that a dragged
    // slider does not re-lay out the page on every move.
    const bool best = m_bestPending || m_bestScenario.has_value();
    m_bestButton->setEnabled(m_bestScenario.has_value());
    if (m_bestPending && m_bestButton->text().isEmpty())
        m_bestButton->setText(tr("Best layout: searching\u2026"));
    if (m_bestButton->isVisibleTo(m_fixBar) != best)
        m_bestButton->setVisible(best);
    // The row is as tall with or without buttons (the best-layout button's height, which follows the font), so that
    // its buttons coming and going never resize the charts below.
    const int rowHeight = m_bestButton->sizeHint().height();
    if (m_fixBar->minimumHeight() != rowHeight)
        m_fixBar->setMinimumHeight(rowHeight);
    const bool show = (!m_fixes.empty() || best) && m_verdict.kind != Verdict::Kind::Invalid;
    if (m_fixBar->isVisibleTo(this) != show)
        m_fixBar->setVisible(show);
}

void MemoryPage::settleChartLayouts()
{
    // A chart whose legend or axis labels changed re-lays itself out on a posted LayoutRequest, and the legend
    // posts its own after the chart has placed it. Left to the event loop, those arrive after the frame's paint
    // had been queued, so the chart painted twice per move (measured: 2.1 paints per chart view per move, now 1).
    // Done here, the frame paints each chart once, already laid out. Then every scene hands its changes to its view
    // before the frame is painted, so that all three charts are painted in that one frame (processSceneUpdates()).
    for (QChart* c : {m_perGpu->chart(), m_vsGpus->chart(), m_host->chart()}) {
        for (int pass = 0; pass < 2; ++pass) {
            QCoreApplication::sendPostedEvents(c->legend(), QEvent::LayoutRequest);
            QCoreApplication::sendPostedEvents(c, QEvent::LayoutRequest);
            if (QGraphicsLayout* l = c->layout())
                l->activate();
        }
    }
    processSceneUpdates(window(), {m_perGpu->chart()->scene(), m_vsGpus->chart()->scene(), m_host->chart()->scene()});
}

void MemoryPage::setUnit(ByteUnit unit)
{
    m_unit = unit;
    m_perGpu->setUnit(unit);
    m_vsGpus->setUnit(unit);
    m_host->setUnit(unit);
    m_model->setUnit(unit);
    sizeColumns(); // the bytes column's title names the unit
    settleChartLayouts();
    if (m_hasResult && m_verdict.kind != Verdict::Kind::Invalid) {
        m_verdict = verdictFor(m_advice, m_unit);
        showVerdict();
    }
}

void MemoryPage::setCompareStages(bool on) { m_compare->setChecked(on); }

QString MemoryPage::verdictText() const { return m_verdict.text; }

void MemoryPage::showVerdict()
{
    // Colour and a symbol, so the verdict never rests on colour alone.
    QString symbol;
    QColor color;
    switch (m_verdict.kind) {
    case Verdict::Kind::Fits:
        // A fit with a caveat (fp8 without FP8 tensor cores, offload beyond host RAM or NVMe) is a warning.
        symbol = m_verdict.warning ? QStringLiteral("\u26a0 ") : QStringLiteral("\u2714 ");
        color = m_verdict.warning ? QColor(0xb3, 0x59, 0x00) : QColor(0x1a, 0x7f, 0x37);
        break;
    case Verdict::Kind::DoesNotFit:
    case Verdict::Kind::NeverFits:
        symbol = QStringLiteral("\u2716 ");
        color = QColor(0xc0, 0x39, 0x2b);
        break;
    case Verdict::Kind::Invalid:
        symbol = QStringLiteral("\u26a0 ");
        color = QColor(0xb3, 0x59, 0x00);
        break;
    }
    const QString text = symbol + m_verdict.text;
    if (m_verdictLabel->text() != text) {
        m_verdictLabel->setText(text);
        static_cast<LabelSlot*>(m_verdictSlot)->fit();
    }
    m_verdictLabel->setToolTip(m_verdict.text);
    // Colour and a symbol, so the verdict never rests on colour alone; lighter shades on a dark palette.
    if (palette().color(QPalette::Window).lightness() < 128)
        color = color.lighter(160);
    QPalette p = m_verdictLabel->palette();
    if (p.color(QPalette::WindowText) != color) {
        p.setColor(QPalette::WindowText, color);
        m_verdictLabel->setPalette(p);
    }
}

void MemoryPage::showFormulaDetail()
{
    if (m_settingFootprint)
        return;
    // The current row's, else the first row's: its term name, then the formula.
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? current.row() : 0;
    const QString term = m_proxy->index(row, BreakdownModel::TermColumn).data().toString();
    const QString formula = m_proxy->index(row, BreakdownModel::FormulaColumn).data().toString();
    const QString text = formula.isEmpty() ? QString()
                                           : QStringLiteral("<b>%1</b> \u2014 %2").arg(term.toHtmlEscaped(), formula.toHtmlEscaped());
    if (text != m_formulaDetail->text()) {
        m_formulaDetail->setText(text);
        static_cast<LabelSlot*>(m_formulaSlot)->fit();
    }
}

void MemoryPage::sizeColumns()
{
    // The widest term name (in the language in force), the header titles (with room for the sort arrow) and
    // the widest figures, in the table's and the header's fonts.
    const QFontMetrics cell = m_table->fontMetrics();
    const QFontMetrics head = m_table->horizontalHeader()->fontMetrics();
    const int pad = cell.height() + 8; // cell margins, and the header's sort indicator
    const auto title = [&](int column) {
        return head.horizontalAdvance(m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString()) + pad + 8;
    };
    int term = title(BreakdownModel::TermColumn);
    const int swatch = m_table->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_table) + 8;
    for (int t = 0; t < kTermCount; ++t)
        term = std::max(term, cell.horizontalAdvance(termLabel(static_cast<Term>(t))) + swatch + pad);
    const int bytes = std::max(title(BreakdownModel::BytesColumn), cell.horizontalAdvance(QStringLiteral("8888.88 ") + unitNameUi(ByteUnit::GiB)) + pad);
    const int share = std::max(title(BreakdownModel::ShareColumn), cell.horizontalAdvance(QStringLiteral("100.0%")) + pad);
    // In a narrow table (a laptop, a long language) the term column gives way, down to the English name's
    // width, so that the share and a start of the formula stay in view; the names are then elided.
    const int room = m_table->viewport()->width() - bytes - share - 4 * cell.height();
    if (room > 0)
        term = std::min(term, std::max(room, cell.horizontalAdvance(QStringLiteral("ZeRO-3 unsharded grads")) + swatch));
    m_table->setColumnWidth(BreakdownModel::TermColumn, term);
    m_table->setColumnWidth(BreakdownModel::BytesColumn, bytes);
    m_table->setColumnWidth(BreakdownModel::ShareColumn, share);
}

bool MemoryPage::eventFilter(QObject* o, QEvent* e)
{
    if (o == m_table && e->type() == QEvent::PaletteChange)
        static_cast<SwatchProxy*>(m_proxy)->setBackground(m_table->palette().color(QPalette::Base));
    if (e->type() == QEvent::FontChange && (o == m_table || o == m_table->horizontalHeader()))
        sizeColumns();
    else if (e->type() == QEvent::Resize && o == m_table->viewport()
             && static_cast<QResizeEvent*>(e)->size().width() != static_cast<QResizeEvent*>(e)->oldSize().width())
        sizeColumns();
    return QWidget::eventFilter(o, e);
}

QByteArray MemoryPage::saveState() const
{
    QByteArray out;
    QDataStream ds(&out, QIODevice::WriteOnly);
    ds << m_vertical->saveState() << m_top->saveState() << m_bottom->saveState()
       << m_table->horizontalHeader()->saveState();
    return out;
}

void MemoryPage::restoreState(const QByteArray& state)
{
    QByteArray v, t, b, h;
    QDataStream ds(state);
    ds >> v >> t >> b >> h;
    if (ds.status() != QDataStream::Ok)
        return;
    m_vertical->restoreState(v);
    m_top->restoreState(t);
    m_bottom->restoreState(b);
    m_table->horizontalHeader()->restoreState(h);
}

} // namespace shardscope
