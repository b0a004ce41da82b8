// SPDX-License-Identifier: MIT
#include "planpage.h"

#include "explorer.h"
#include "planlayoutmodel.h"
#include "planmapmodel.h"
#include "planparetochart.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <set>

namespace shardscope {

namespace {

QString errorWords(const std::exception& e)
{
    if (const auto* invalid = dynamic_cast<const InvalidInput*>(&e))
        return invalidVerdict(*invalid).text;
    return plainMessage(QString::fromUtf8(e.what()));
}

QString count(std::int64_t n) { return QLocale().toString(qlonglong(n)); }

/// A map's columns as narrow as their widest text (a cell or the header) allows, once a search has answered (two maps
/// then share a laptop's row in every language); before, as wide as "✖ 8888 GiB". Again when the font changes
/// (presentation mode).
void fitMapColumns(QTableView* view)
{
    const QAbstractItemModel* model = view->model();
    const QFontMetrics fm = view->fontMetrics();
    int widest = 0;
    for (int c = 0; model && c < model->columnCount(); ++c) {
        widest = std::max(widest, fm.horizontalAdvance(model->headerData(c, Qt::Horizontal).toString()));
        for (int r = 0; r < model->rowCount(); ++r)
            widest = std::max(widest, fm.horizontalAdvance(model->data(model->index(r, c)).toString()));
    }
    if (widest == 0)
        widest = fm.horizontalAdvance(QStringLiteral("\u2716 8888 ") + unitNameUi(ByteUnit::GiB));
    view->horizontalHeader()->setMinimumSectionSize(widest + 2 * fm.averageCharWidth() + 6);
}

/// A heat map as a compact table: cells share the width, rows are one line high, the header is bold.
QTableView* makeMapView(PlanMapModel* model, const QString& name, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSelectionBehavior(QAbstractItemView::SelectItems);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->setShowGrid(true);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    fitMapColumns(view);
    QObject::connect(model, &QAbstractItemModel::modelReset, view, [view] { fitMapColumns(view); });
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return view;
}

/// A title above a view, in a box without margins.
QWidget* titled(QLabel* title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    QFont f = title->font();
    f.setBold(true);
    title->setFont(f);
    title->setWordWrap(true); // the page's minimum width stays within a 1080p screen at QT_SCALE_FACTOR=1.5
    layout->addWidget(title);
    layout->addWidget(body, 1);
    return box;
}

} // namespace

PlanPage::PlanPage(QWidget* parent)
    : QWidget(parent)
    , m_rankBox(new QComboBox(this))
    , m_batchBox(new QSpinBox(this))
    , m_marginBox(new QDoubleSpinBox(this))
    , m_status(new QLabel(this))
    , m_message(new QLabel(this))
    , m_tpPp(new PlanMapModel(this))
    , m_stage(new PlanMapModel(this))
    , m_tpPpView(makeMapView(m_tpPp, QStringLiteral("planTpPpMap"), this))
    , m_stageView(makeMapView(m_stage, QStringLiteral("planStageMap"), this))
    , m_stageTitle(new QLabel(tr("Best step time by N \u00d7 ZeRO stage"), this))
    , m_pareto(new PlanParetoChart(this))
    , m_layouts(new PlanLayoutModel(this))
    , m_table(new QTableView(this))
    , m_vertical(new QSplitter(Qt::Vertical, this))
    , m_top(new QSplitter(Qt::Horizontal, this))
    , m_bottom(new QSplitter(Qt::Horizontal, this))
{
    setObjectName(QStringLiteral("planPage"));

    m_rankBox->setObjectName(QStringLiteral("planRankBy"));
    m_rankBox->addItem(tr("Step time"), int(PlanRank::StepTime));
    m_rankBox->addItem(tr("MFU"), int(PlanRank::Mfu));
    m_rankBox->addItem(tr("Tokens/s per GPU"), int(PlanRank::Tokens));
    m_rankBox->setToolTip(tr("What \"best\" means: the shortest step, the highest model FLOPs utilisation, or the most "
                             "tokens per second per GPU"));
    auto* rankLabel = new QLabel(tr("Rank by:"), this);
    rankLabel->setBuddy(m_rankBox);
    // The `plan` command's --global-batch and the scenario's --margin-gb (issue 26).
    m_batchBox->setObjectName(QStringLiteral("planGlobalBatch"));
    m_batchBox->setRange(1, 1000000000);
    m_batchBox->setKeyboardTracking(false);
    m_batchBox->setToolTip(tr("Sequences per optimizer step: data-parallel replicas \u00d7 micro-batch \u00d7 "
                              "accumulation must equal it in every layout searched (the scenario's own until you type "
                              "another)"));
    auto* batchLabel = new QLabel(tr("Global batch:"), this);
    batchLabel->setBuddy(m_batchBox);
    m_marginBox->setObjectName(QStringLiteral("planMargin"));
    m_marginBox->setRange(0, 1000);
    m_marginBox->setDecimals(1);
    m_marginBox->setSingleStep(1);
    m_marginBox->setSuffix(QStringLiteral(" GB"));
    m_marginBox->setKeyboardTracking(false);
    m_marginBox->setToolTip(tr("Memory kept free on each GPU: a layout fits when its peak is within the capacity less "
                               "this margin (the scenario's safety margin)"));
    auto* marginLabel = new QLabel(tr("Safety margin:"), this);
    marginLabel->setBuddy(m_marginBox);
    m_status->setObjectName(QStringLiteral("planStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true); // the counts wrap on a narrow window instead of widening it
    m_message->setObjectName(QStringLiteral("planMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont mf = m_message->font();
    mf.setBold(true);
    m_message->setFont(mf);
    m_message->hide();

    m_table->setObjectName(QStringLiteral("planLayouts"));
    m_table->setModel(m_layouts);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    sizeTableColumns();
    for (QTableView* v : {m_table, m_tpPpView, m_stageView})
        v->installEventFilter(this);
    orderColumns();

    // The knobs on one line, the counts under them (in Russian the two on one line widened the window to 1466 px).
    auto* knobs = new QHBoxLayout;
    knobs->addWidget(rankLabel);
    knobs->addWidget(m_rankBox);
    knobs->addSpacing(12);
    knobs->addWidget(batchLabel);
    knobs->addWidget(m_batchBox);
    knobs->addSpacing(12);
    knobs->addWidget(marginLabel);
    knobs->addWidget(m_marginBox);
    knobs->addStretch(1);
    auto* header = new QVBoxLayout;
    header->setSpacing(2);
    header->addLayout(knobs);
    header->addWidget(m_status);

    auto* tpPpTitle = new QLabel(tpPpMapTitle(), this);
    tpPpTitle->setToolTip(tr("Each cell: the fastest layout that fits with that TP and PP (other knobs free). "
                             "Green is the fastest cell, yellow 3\u00d7 slower or more; \u2716 means nothing fits, "
                             "with the smallest peak. Click a cell or press Enter to apply its layout."));
    m_stageTitle->setToolTip(tr("Each cell: the fastest layout that fits with that GPU count and ZeRO stage, at the "
                                "same global batch. Click a cell or press Enter to apply its layout."));
    m_top->addWidget(titled(tpPpTitle, m_tpPpView, this));
    m_top->addWidget(titled(m_stageTitle, m_stageView, this));
    m_top->addWidget(m_pareto);
    m_top->setStretchFactor(0, 4);
    m_top->setStretchFactor(1, 4);
    m_top->setStretchFactor(2, 3);
    m_top->setChildrenCollapsible(false);
    auto* tableTitle = new QLabel(tr("Best layouts that fit (click or Enter applies one; Undo takes it back)"), this);
    m_bottom->addWidget(titled(tableTitle, m_table, this));
    m_bottom->setChildrenCollapsible(false);
    m_vertical->addWidget(m_top);
    m_vertical->addWidget(m_bottom);
    m_vertical->setStretchFactor(0, 1);
    m_vertical->setStretchFactor(1, 1);
    m_vertical->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_message);
    layout->addWidget(m_vertical, 1);

    connect(m_rankBox, &QComboBox::currentIndexChanged, this,
        [this](int i) { setRankBy(static_cast<PlanRank>(m_rankBox->itemData(i).toInt())); });
    connect(m_batchBox, &QSpinBox::valueChanged, this, [this](int v) { setGlobalBatch(v); });
    connect(m_marginBox, &QDoubleSpinBox::valueChanged, this, [this](double gb) {
        if (!m_hasScenario || std::abs(gb * 1e9 - m_scenario.safetyMarginBytes) < 0.5)
            return;
        Scenario s = m_scenario;
        s.safetyMarginBytes = gb * 1e9;
        emit layoutRequested(s); // through the window, as a control change (Undo takes it back)
    });
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& i) { applyRow(i.row()); });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& i) { applyRow(i.row()); });
    for (QTableView* v : {m_tpPpView, m_stageView}) {
        const bool tpPp = v == m_tpPpView;
        auto apply = [this, tpPp](const QModelIndex& i) {
            if (tpPp)
                applyTpPpCell(i.row(), i.column());
            else
                applyStageCell(i.row(), i.column());
        };
        connect(v, &QTableView::clicked, this, apply);
        connect(v, &QTableView::activated, this, apply);
    }
    connect(m_pareto, &PlanParetoChart::layoutClicked, this, [this](const PlanLayout& l) {
        if (m_result && m_shownGeneration == m_generation)
            emit layoutRequested(applyLayout(m_resultScenario, l));
    });
    // A map's rows and columns come with its search: the panes are arranged again for them.
    for (PlanMapModel* model : {m_tpPp, m_stage})
        connect(model, &QAbstractItemModel::modelReset, this, &PlanPage::arrangePanesSoon);
    connect(&m_searchWatcher, &QFutureWatcher<SearchJob>::finished, this, &PlanPage::onSearchFinished);
    m_settle.setSingleShot(true);
    connect(&m_settle, &QTimer::timeout, this, &PlanPage::update);
    connect(&m_stageWatcher, &QFutureWatcher<StageJob>::finished, this, &PlanPage::onStageFinished);
    connect(&m_pickWatcher, &QFutureWatcher<PickJob>::finished, this, &PlanPage::onPickFinished);
    m_tpPp->setBase(palette().color(QPalette::Base));
    m_stage->setBase(palette().color(QPalette::Base));
    m_status->setText(tr("No search yet"));
}

PlanPage::~PlanPage()
{
    // The jobs hold no pointer to this page; stop them early and let them end before the watchers go.
    for (const CancelFlag& c : {m_searchCancel, m_stageCancel, m_pickCancel})
        if (c)
            c->store(true);
    m_searchWatcher.waitForFinished();
    m_stageWatcher.waitForFinished();
    m_pickWatcher.waitForFinished();
}

QString PlanPage::tpPpMapTitle() { return tr("Best step time by TP \u00d7 PP"); }

PlanRequest PlanPage::requestFor(const Scenario& s, PlanRank rank, std::int64_t globalBatch)
{
    PlanRequest r = requestFor(s, rank);
    if (globalBatch > 0)
        r.globalBatch = globalBatch;
    return r;
}

PlanRequest PlanPage::requestFor(const Scenario& s, PlanRank rank)
{
    // The `plan` command's request (core's planRequestFor()), with the global batch given explicitly so that the
    // cell searches that change TP, PP or N keep it.
    const std::int64_t mp = s.tp * s.pp * s.cp;
    return planRequestFor(s, mp > 0 && s.gpus % mp == 0 ? s.dp() * s.microBatch * s.gradAccum : 0, rank);
}

std::vector<std::int64_t> PlanPage::stageMapGpuCounts(const Scenario& s)
{
    std::vector<std::int64_t> out;
    for (int shift = 3; shift >= 1; --shift)
        if (s.gpus % (std::int64_t(1) << shift) == 0)
            out.push_back(s.gpus >> shift);
    for (int shift = 0; shift <= 3; ++shift)
        if ((s.gpus << shift) <= 16384)
            out.push_back(s.gpus << shift);
    out.erase(std::remove_if(out.begin(), out.end(), [](std::int64_t n) { return n < 1; }), out.end());
    return out;
}

// --- worker side (no member touched: plain values in, plain values out)

PlanPage::SearchJob PlanPage::search(const Scenario& s, PlanRank rank, std::int64_t globalBatch, quint64 generation,
    CancelFlag cancel)
{
    SearchJob job;
    job.generation = generation;
    job.scenario = s;
    PlanRequest r = requestFor(s, rank, globalBatch);
    r.cancel = cancel.get();
    try {
        job.result = planLayouts(r);
        const Footprint f = computeFootprint(s);
        job.usableBytes = f.usableBytes;
        job.capacityBytes = f.capacityBytes;
    } catch (const std::exception& e) {
        if (!job.result)
            job.error = errorWords(e);
    }
    return job;
}

PlanPage::StageJob PlanPage::stageMap(const Scenario& s, PlanRank rank, std::int64_t globalBatch, quint64 generation,
    CancelFlag cancel)
{
    StageJob job;
    job.generation = generation;
    job.gpuCounts = stageMapGpuCounts(s);
    PlanRequest r = requestFor(s, rank, globalBatch);
    r.cancel = cancel.get();
    // One N at a time: an N whose global batch no layout reaches leaves its row blank, the others still show.
    for (std::int64_t n : job.gpuCounts) {
        if (cancel->load()) {
            job.cancelled = true;
            return job;
        }
        try {
            for (const PlanStageCell& c : planStageMap(r, {n}))
                job.cells.push_back(c);
        } catch (const std::exception&) {
        }
    }
    job.cancelled = cancel->load();
    return job;
}

PlanPage::PickJob PlanPage::pick(const Scenario& base, std::int64_t globalBatch, PlanRank rank, bool fixTpPp,
    quint64 generation, CancelFlag cancel)
{
    PickJob job;
    job.generation = generation;
    job.base = base;
    PlanRequest r;
    r.base = base;
    r.globalBatch = globalBatch;
    r.rankBy = rank;
    r.topK = 1;
    r.cancel = cancel.get();
    r.search[std::size_t(PlanKnob::Ep)] = base.arch.moe();
    if (fixTpPp) {
        r.search[std::size_t(PlanKnob::Tp)] = false;
        r.search[std::size_t(PlanKnob::Pp)] = false;
    } else {
        r.search[std::size_t(PlanKnob::Stage)] = false;
    }
    try {
        PlanResult res = planLayouts(r);
        if (!res.cancelled && !res.layouts.empty())
            job.layout = res.layouts.front();
    } catch (const std::exception&) {
    }
    return job;
}

// --- GUI side

void PlanPage::setScenario(const Scenario& s)
{
    m_scenario = s;
    m_hasScenario = true;
    ++m_generation;
    m_sinceChange.start();
    if (m_cancelStale)
        for (const CancelFlag& c : {m_searchCancel, m_stageCancel, m_pickCancel})
            if (c)
                c->store(true);
    m_stageView->setEnabled(false); // its map is for an older scenario until the new one comes
    showKnobs();
    update();
}

void PlanPage::setScenario(const Scenario& s, bool wanted)
{
    m_wanted = wanted;
    setScenario(s);
}

std::int64_t PlanPage::globalBatch() const
{
    return m_globalBatch > 0 ? m_globalBatch : requestFor(m_scenario, m_rank).globalBatch;
}

void PlanPage::setGlobalBatch(std::int64_t globalBatch)
{
    // The scenario's own is "follow the scenario" (0): a later scenario with another batch is searched at its own.
    const std::int64_t own = requestFor(m_scenario, m_rank).globalBatch;
    const std::int64_t next = globalBatch == own ? 0 : std::max<std::int64_t>(0, globalBatch);
    if (next == m_globalBatch)
        return;
    m_globalBatch = next;
    if (m_hasScenario)
        setScenario(m_scenario);
    else
        showKnobs();
}

void PlanPage::setMarginGb(double gb) { m_marginBox->setValue(gb); }

void PlanPage::showKnobs()
{
    const QSignalBlocker b1(m_batchBox), b2(m_marginBox);
    m_batchBox->setValue(int(std::min<std::int64_t>(globalBatch(), m_batchBox->maximum())));
    m_marginBox->setValue(m_scenario.safetyMarginBytes / 1e9);
}

void PlanPage::setRankBy(PlanRank rank)
{
    if (rank == m_rank)
        return;
    m_rank = rank;
    orderColumns();
    const int i = m_rankBox->findData(int(rank));
    if (i >= 0 && i != m_rankBox->currentIndex())
        m_rankBox->setCurrentIndex(i);
    if (m_hasScenario)
        setScenario(m_scenario);
}

void PlanPage::setWanted(bool wanted)
{
    m_wanted = wanted;
    update();
}

void PlanPage::setUnit(ByteUnit unit)
{
    m_unit = unit;
    m_layouts->setUnit(unit);
    m_tpPp->setUnit(unit);
    m_stage->setUnit(unit);
    m_pareto->setUnit(unit);
}

bool PlanPage::active() const { return m_wanted || isVisible(); }

bool PlanPage::isCurrent() const
{
    return m_hasScenario && m_shownGeneration == m_generation
        && (!isVisible() || !m_result || m_stageShownGeneration == m_generation);
}

bool PlanPage::isSearching() const
{
    // A search waiting for the scenario to settle (kSettleMs) is a search under way.
    return m_searchWatcher.isRunning() || m_stageWatcher.isRunning() || m_pickWatcher.isRunning() || m_settle.isActive();
}

void PlanPage::update()
{
    if (!m_hasScenario || !active())
        return;
    if (m_searchStarted != m_generation) {
        if (m_searchWatcher.isRunning())
            return; // onSearchFinished() starts the latest
        if (!isVisible() && m_sinceChange.isValid() && m_sinceChange.elapsed() < kSettleMs) {
            m_settle.start(int(kSettleMs - m_sinceChange.elapsed()) + 1); // the chip's search, once the scenario settles
            return;
        }
        m_searchStarted = m_generation;
        m_searchCancel = std::make_shared<std::atomic<bool>>(false);
        m_searchWatcher.setFuture(
            QtConcurrent::run(&PlanPage::search, m_scenario, m_rank, m_globalBatch, m_generation, m_searchCancel));
        if (m_shownGeneration != m_generation)
            m_status->setText(tr("Searching\u2026"));
        return;
    }
    // The N x ZeRO map (about one search per N) only while visible, after the main search is shown.
    if (isVisible() && m_result && m_shownGeneration == m_generation && m_stageStarted != m_generation && !m_stageWatcher.isRunning()) {
        m_stageStarted = m_generation;
        m_stageCancel = std::make_shared<std::atomic<bool>>(false);
        m_stageWatcher.setFuture(
            QtConcurrent::run(&PlanPage::stageMap, m_scenario, m_rank, m_globalBatch, m_generation, m_stageCancel));
    }
}

void PlanPage::onSearchFinished()
{
    const SearchJob job = m_searchWatcher.result();
    if (job.generation == m_generation && !(job.result && job.result->cancelled))
        showSearch(job);
    // else: the scenario moved on while this one was searched; its result is dropped.
    update();
}

void PlanPage::onStageFinished()
{
    const StageJob job = m_stageWatcher.result();
    if (job.generation == m_generation && !job.cancelled)
        showStageMap(job);
    update();
}

void PlanPage::fillTpPpMap(PlanMapModel* model, const PlanResult& r)
{
    std::set<std::int64_t> tps, pps;
    for (const PlanCell& c : r.tpPpMap) {
        tps.insert(c.tp);
        pps.insert(c.pp);
    }
    const std::vector<std::int64_t> columns(tps.begin(), tps.end()), rows(pps.begin(), pps.end());
    QStringList columnLabels, rowLabels;
    for (std::int64_t tp : columns)
        columnLabels << tr("TP %1").arg(tp);
    for (std::int64_t pp : rows)
        rowLabels << tr("PP %1").arg(pp);
    std::vector<PlanMapModel::Cell> cells(rows.size() * columns.size());
    for (const PlanCell& c : r.tpPpMap) {
        const auto row = std::size_t(std::lower_bound(rows.begin(), rows.end(), c.pp) - rows.begin());
        const auto k = std::size_t(std::lower_bound(columns.begin(), columns.end(), c.tp) - columns.begin());
        PlanMapModel::Cell& cell = cells[row * columns.size() + k];
        cell.present = true;
        cell.fits = c.fits;
        cell.stepTimeS = c.bestStepTimeS;
        cell.minPeakBytes = c.minPeakBytes;
        cell.layouts = c.layouts + c.pruned; // searched: evaluated, or pruned (never a fitting one)
    }
    model->setMap(rows, rowLabels, columns, columnLabels, cells);
}

void PlanPage::showSearch(const SearchJob& job)
{
    m_shownGeneration = job.generation;
    ++m_resultsShown;
    m_result = job.result;
    m_resultScenario = job.scenario;
    m_error = job.error;
    if (m_result) {
        m_layouts->setCapacityBytes(job.capacityBytes);
        m_layouts->setLayouts(m_result->layouts);
        m_pareto->setLayouts(m_result->layouts, m_result->pareto, job.usableBytes);
        fillTpPpMap(m_tpPp, *m_result);
        // Every searched layout (core's exact pruning) fit and was timed, or could not beat those shown (a lower bound
        // of its step time), or does not fit (its footprint, or before it a monotonicity or a lower bound of its peak).
        const PlanResult& pr = *m_result;
        const std::int64_t searched = pr.evaluated + pr.pruned;
        const std::int64_t noFit = pr.pruned - pr.prunedSlower;
        m_status->setText(tr("%1 layouts searched: %2 fit and were timed, %3 could not beat them, %4 do not fit (%5 of "
                             "them skipped before their footprint) \u2014 %6 ms")
                              .arg(count(searched), count(pr.fitting), count(pr.prunedSlower), count(noFit),
                                  count(noFit - pr.prunedNotFitting), QLocale().toString(pr.searchMs, 'f', 1)));
    } else {
        m_layouts->setLayouts({});
        m_pareto->clear();
        m_tpPp->clear();
        m_stage->clear();
        m_status->setText(tr("No search: the scenario has no answer"));
    }
    showMessage();
    showWinner();
    emit planUpdated();
}

void PlanPage::showStageMap(const StageJob& job)
{
    m_stageShownGeneration = job.generation;
    const std::vector<std::int64_t> stages {0, 1, 2, 3};
    QStringList rowLabels, columnLabels;
    for (std::int64_t n : job.gpuCounts)
        rowLabels << (n == m_resultScenario.gpus ? tr("N = %1 (now)").arg(n) : tr("N = %1").arg(n));
    for (std::int64_t z : stages)
        columnLabels << tr("ZeRO-%1").arg(z);
    std::vector<PlanMapModel::Cell> cells(job.gpuCounts.size() * stages.size());
    for (const PlanStageCell& c : job.cells) {
        const auto r = std::find(job.gpuCounts.begin(), job.gpuCounts.end(), c.gpus);
        if (r == job.gpuCounts.end() || c.stage < 0 || c.stage > 3)
            continue;
        PlanMapModel::Cell& cell = cells[std::size_t(r - job.gpuCounts.begin()) * stages.size() + std::size_t(c.stage)];
        cell.present = true;
        cell.fits = c.fits;
        cell.stepTimeS = c.bestStepTimeS;
        cell.minPeakBytes = c.minPeakBytes;
    }
    m_stage->setMap(job.gpuCounts, rowLabels, stages, columnLabels, cells);
    m_stageView->setEnabled(true);
    emit stageMapUpdated();
}

void PlanPage::showWinner()
{
    // Seen at 1366x768: the TP 8 column of the map, where the best layout was, sat behind the scroll bar. The best
    // layout's cell is selected and scrolled into view; the ranked table shows its first row from its first column
    // (rank, the measure, step time, peak, the flags).
    const std::optional<PlanLayout> best = m_result && !m_result->layouts.empty()
        ? std::optional<PlanLayout>(m_result->layouts.front())
        : std::nullopt;
    if (best) {
        for (int r = 0; r < m_tpPp->rowCount(); ++r)
            for (int c = 0; c < m_tpPp->columnCount(); ++c)
                if (m_tpPp->rowKey(r) == best->pp && m_tpPp->columnKey(c) == best->tp) {
                    const QModelIndex i = m_tpPp->index(r, c);
                    m_tpPpView->setCurrentIndex(i);
                    m_tpPpView->scrollTo(i, QAbstractItemView::EnsureVisible);
                }
    }
    m_table->scrollToTop();
    m_table->horizontalScrollBar()->setValue(m_table->horizontalScrollBar()->minimum());
}

bool PlanPage::winnerVisible() const
{
    const QModelIndex i = m_tpPpView->currentIndex();
    if (!m_result || m_result->layouts.empty() || !i.isValid())
        return false;
    const PlanLayout& best = m_result->layouts.front();
    if (m_tpPp->rowKey(i.row()) != best.pp || m_tpPp->columnKey(i.column()) != best.tp)
        return false;
    return m_tpPpView->viewport()->rect().contains(m_tpPpView->visualRect(i));
}

void PlanPage::showMessage()
{
    QString text;
    QColor color;
    if (!m_error.isEmpty()) {
        text = QStringLiteral("\u26a0 ") + m_error;
        color = QColor(0xb3, 0x59, 0x00);
    } else if (m_result && m_result->layouts.empty()) {
        const QString reason = m_result->noFitReason.empty()
            ? tr("no layout of this model fits these GPUs at this global batch")
            : QString::fromStdString(m_result->noFitReason);
        text = QStringLiteral("\u2716 ") + tr("Nothing fits: %1.").arg(reason);
        color = QColor(0xc0, 0x39, 0x2b);
    }
    if (palette().color(QPalette::Window).lightness() < 128)
        color = color.lighter(160);
    QPalette p = m_message->palette();
    p.setColor(QPalette::WindowText, color);
    m_message->setPalette(p);
    if (m_message->text() != text)
        m_message->setText(text);
    if (m_message->isVisibleTo(this) == text.isEmpty())
        m_message->setVisible(!text.isEmpty());
}

QString PlanPage::statusText() const { return m_status->text(); }

QString PlanPage::messageText() const { return m_message->text(); }

std::optional<PlanLayout> PlanPage::bestLayout() const
{
    if (!m_result || m_shownGeneration != m_generation || m_result->layouts.empty())
        return std::nullopt;
    return m_result->layouts.front();
}

std::optional<Scenario> PlanPage::bestLayoutScenario() const
{
    const std::optional<PlanLayout> l = bestLayout();
    if (!l)
        return std::nullopt;
    return applyLayout(m_resultScenario, *l);
}

bool PlanPage::applyRow(int row)
{
    if (!m_result || m_shownGeneration != m_generation || row < 0 || row >= int(m_result->layouts.size()))
        return false;
    emit layoutRequested(applyLayout(m_resultScenario, m_result->layouts[std::size_t(row)]));
    return true;
}

bool PlanPage::applyTpPpCell(int row, int column)
{
    if (!m_result || m_shownGeneration != m_generation || row < 0 || column < 0 || row >= m_tpPp->rowCount()
        || column >= m_tpPp->columnCount() || !m_tpPp->cell(row, column).fits)
        return false;
    const std::int64_t tp = m_tpPp->columnKey(column), pp = m_tpPp->rowKey(row);
    for (const PlanLayout& l : m_result->layouts)
        if (l.tp == tp && l.pp == pp) {
            emit layoutRequested(applyLayout(m_resultScenario, l)); // the ranked rows are best first
            return true;
        }
    Scenario base = m_resultScenario;
    base.tp = tp;
    base.pp = pp;
    startPick(base, true);
    return true;
}

bool PlanPage::applyStageCell(int row, int column)
{
    if (!m_result || m_shownGeneration != m_generation || m_stageShownGeneration != m_generation || row < 0
        || column < 0 || row >= m_stage->rowCount() || column >= m_stage->columnCount() || !m_stage->cell(row, column).fits)
        return false;
    const std::int64_t gpus = m_stage->rowKey(row);
    const int stage = int(m_stage->columnKey(column));
    if (gpus == m_resultScenario.gpus)
        for (const PlanLayout& l : m_result->layouts)
            if (l.stage == stage) {
                emit layoutRequested(applyLayout(m_resultScenario, l));
                return true;
            }
    Scenario base = m_resultScenario;
    base.gpus = gpus;
    base.zeroStage = stage;
    // TP and PP are searched: start from a replica that divides any N.
    base.tp = 1;
    base.pp = 1;
    base.vpp = 1;
    if (base.schedule == PipelineSchedule::Interleaved)
        base.schedule = PipelineSchedule::OneFOneB;
    startPick(base, false);
    return true;
}

void PlanPage::startPick(const Scenario& base, bool fixTpPp)
{
    if (m_pickWatcher.isRunning()) {
        if (m_pickCancel)
            m_pickCancel->store(true);
        m_pendingPick = std::make_pair(base, fixTpPp); // the latest click wins
        return;
    }
    m_pickCancel = std::make_shared<std::atomic<bool>>(false);
    const std::int64_t globalBatch = requestFor(m_resultScenario, m_rank, m_globalBatch).globalBatch;
    m_pickWatcher.setFuture(
        QtConcurrent::run(&PlanPage::pick, base, globalBatch, m_rank, fixTpPp, m_generation, m_pickCancel));
}

void PlanPage::onPickFinished()
{
    const PickJob job = m_pickWatcher.result();
    if (m_pendingPick) {
        const auto [base, fixTpPp] = *m_pendingPick;
        m_pendingPick.reset();
        if (m_shownGeneration == m_generation)
            startPick(base, fixTpPp);
        return;
    }
    if (job.generation == m_generation && job.layout)
        emit layoutRequested(applyLayout(job.base, *job.layout));
}

void PlanPage::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    update();
}

void PlanPage::changeEvent(QEvent* e)
{
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) {
        m_tpPp->setBase(palette().color(QPalette::Base));
        m_stage->setBase(palette().color(QPalette::Base));
    }
}

void PlanPage::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    arrangePanesSoon();
}

void PlanPage::arrangePanesSoon()
{
    // Queued, never from within the event: moving the chart between splitters deletes its splitter handle, and the
    // caller may hold a list of the window's widgets (presentation mode sets each one's font in turn).
    if (m_arrangePending)
        return;
    m_arrangePending = true;
    QMetaObject::invokeMethod(this, [this] {
        m_arrangePending = false;
        arrangePanes();
    }, Qt::QueuedConnection);
}

namespace {

/// The width a map needs to show every column at its minimum width, without a horizontal scroll bar.
int mapWidthNeeded(const QTableView* v)
{
    const int columns = std::max(1, v->model() ? v->model()->columnCount() : 1);
    return v->verticalHeader()->sizeHint().width() + columns * v->horizontalHeader()->minimumSectionSize()
        + 2 * v->frameWidth() + v->verticalScrollBar()->sizeHint().width();
}

} // namespace

void PlanPage::sizeTableColumns()
{
    // Fixed widths for the widest content (ResizeToContents would measure every cell on every search), sized again
    // when the table's font changes: in presentation mode the widths of the desk's font elided every number ("8....").
    const QFontMetrics fm = m_table->fontMetrics();
    auto width = [&fm](const QString& widest) { return fm.horizontalAdvance(widest) + 18; };
    for (int c = 0; c < PlanLayoutModel::ColumnCount; ++c) {
        const QString header = m_layouts->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        int w = width(header);
        switch (c) {
        case PlanLayoutModel::CheckpointingColumn: w = std::max(w, width(PlanLayoutModel::checkpointingWords(Checkpointing::Selective))); break;
        case PlanLayoutModel::OffloadColumn: w = std::max(w, width(PlanLayoutModel::offloadWords(OffloadDevice::Cpu, OffloadDevice::Nvme))); break;
        case PlanLayoutModel::PeakColumn:
        case PlanLayoutModel::ModelStatesColumn:
        case PlanLayoutModel::ActivationsColumn: w = std::max(w, width(QStringLiteral("8888.8"))); break;
        case PlanLayoutModel::TokensColumn: w = std::max(w, width(QStringLiteral("888888"))); break;
        case PlanLayoutModel::FlagColumn: {
            PlanLayout l;
            l.peakBytes = 99;
            l.offloadParams = OffloadDevice::Cpu;
            w = std::max(w, width(PlanLayoutModel::flagWords(l, 100)));
            break;
        }
        default: w = std::max(w, width(QStringLiteral("88.888"))); break;
        }
        m_table->setColumnWidth(c, w);
    }
    m_table->setColumnWidth(PlanLayoutModel::RankColumn, width(QStringLiteral("88")));
}

bool PlanPage::eventFilter(QObject* watched, QEvent* e)
{
    if (e->type() == QEvent::FontChange) {
        if (watched == m_table)
            sizeTableColumns();
        else if (watched == m_tpPpView || watched == m_stageView)
            fitMapColumns(static_cast<QTableView*>(watched));
        arrangePanesSoon();
    }
    return QWidget::eventFilter(watched, e);
}

void PlanPage::orderColumns()
{
    // Seen at 1366x768: the step time, the column the table is ranked by, was the 15th of 22, out of sight behind
    // the scroll bar; the table now reads rank, measure, step time, peak, then the knobs.
    std::vector<int> order {PlanLayoutModel::RankColumn};
    if (m_rank == PlanRank::Mfu)
        order.push_back(PlanLayoutModel::MfuColumn);
    else if (m_rank == PlanRank::Tokens)
        order.push_back(PlanLayoutModel::TokensColumn);
    order.push_back(PlanLayoutModel::StepTimeColumn);
    order.push_back(PlanLayoutModel::PeakColumn);
    for (int c = 0; c < PlanLayoutModel::ColumnCount; ++c)
        if (std::find(order.begin(), order.end(), c) == order.end())
            order.push_back(c);
    QHeaderView* h = m_table->horizontalHeader();
    for (int visual = 0; visual < int(order.size()); ++visual)
        h->moveSection(h->visualIndex(order[std::size_t(visual)]), visual);
}

bool PlanPage::paretoBesideMaps() const { return m_pareto->parentWidget() == m_top; }

void PlanPage::arrangePanes()
{
    // Seen at 1366x768 (a laptop, the Scenario dock open): the maps, the Pareto chart and their legend shared 890 px,
    // so the TP 8 and ZeRO-2/3 columns hid behind scroll bars and the legend read "Other la...". The chart then moves
    // beside the ranked table, and the maps share the row.
    const int paretoWidth = m_pareto->legendWidth() + 2 * fontMetrics().height();
    const int handles = 2 * m_top->handleWidth();
    const QMargins margins = layout() ? layout()->contentsMargins() : QMargins();
    const int available = width() - margins.left() - margins.right();
    const int tpPpNeed = mapWidthNeeded(m_tpPpView), stageNeed = mapWidthNeeded(m_stageView);
    const bool beside = available >= tpPpNeed + stageNeed + paretoWidth + handles;
    const bool moved = beside != paretoBesideMaps();
    if (moved && beside) {
        m_top->insertWidget(2, m_pareto);
        m_top->setStretchFactor(0, 4);
        m_top->setStretchFactor(1, 4);
        m_top->setStretchFactor(2, 3);
        m_top->setSizes({4 * available, 4 * available, 3 * available}); // in proportion: the splitter scales them
    } else if (moved) {
        m_bottom->insertWidget(1, m_pareto);
        m_bottom->setStretchFactor(0, 3);
        m_bottom->setStretchFactor(1, 2);
        m_bottom->setSizes({available - paretoWidth, paretoWidth}); // the table keeps the most
        m_top->setStretchFactor(0, 1);
        m_top->setStretchFactor(1, 1);
    }
    m_pareto->show();
    // Two maps in the row: each as wide as its columns need, in proportion (the N map's row titles are the longer);
    // set again only when the chart moved or the maps' needs changed, so a dragged handle stays where it was put.
    const QPair<int, int> needs(tpPpNeed, stageNeed);
    if (!beside && (moved || needs != m_mapNeeds))
        m_top->setSizes({tpPpNeed, stageNeed});
    m_mapNeeds = needs;
}

} // namespace shardscope
