// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/layoutplanner.h"
#include "shardscope/units.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPair>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QSplitter;
class QTableView;

namespace shardscope {

class PlanLayoutModel;
class PlanMapModel;
class PlanParetoChart;

/**
 * The "Plan" tab (issue 11): every parallel layout of the scenario's model on its GPU type and count, searched by
 * core's planLayouts() with the scenario's global batch, shown as a heat map over TP x PP, a heat map over N x ZeRO
 * stage (planStageMap() at N/8 .. 8N), the ranked table of the best layouts with their memory and time split, and
 * the Pareto chart of peak memory against step time. A click or Enter on a row, a heat-map cell or a dot emits
 * layoutRequested() with applyLayout() of it; the window applies that like a control change (Undo takes it back).
 *
 * Every search runs on a worker thread (QtConcurrent), one at a time. Each scenario (or "Rank by") change bumps a
 * generation and cancels the running search through PlanRequest::cancel; a result whose generation is not the
 * latest is dropped, never shown, and the latest scenario is searched next. The page searches while visible, or
 * while the window wants the best layout for the verdict (setWanted()); the N x ZeRO map only while visible.
 */
class PlanPage : public QWidget
{
    Q_OBJECT
public:
    explicit PlanPage(QWidget* parent = nullptr);
    ~PlanPage() override;

    void setScenario(const Scenario& s);
    /// As setScenario(), with setWanted(wanted) first (one search, not one for each).
    void setScenario(const Scenario& s, bool wanted);
    void setUnit(ByteUnit unit);
    /// Search even while hidden (the Memory tab's verdict offers the best layout when the scenario does not fit).
    void setWanted(bool wanted);
    void setRankBy(PlanRank rank);
    PlanRank rankBy() const { return m_rank; }
    /// Tests: off = a stale search runs to its end (and is still dropped) instead of being cancelled.
    void setCancelStale(bool on) { m_cancelStale = on; }

    /// The request the page makes for `s`: every knob searched, the scenario's own global batch (given explicitly,
    /// so that the cell searches that change TP, PP or N keep it), top 20.
    static PlanRequest requestFor(const Scenario& s, PlanRank rank);
    /// As above with the global batch the Plan tab's box holds (0: the scenario's own), as `plan --global-batch B`.
    static PlanRequest requestFor(const Scenario& s, PlanRank rank, std::int64_t globalBatch);

    /// The global batch searched (the box; issue 26): the scenario's own until a person types another, which then
    /// holds until set back (0 = follow the scenario's own).
    void setGlobalBatch(std::int64_t globalBatch);
    std::int64_t globalBatch() const;
    /// The safety margin (GB, the `--margin-gb` knob) the box shows; an edit asks the window for the scenario with it
    /// (layoutRequested()).
    void setMarginGb(double gb);
    QSpinBox* globalBatchBox() const { return m_batchBox; }
    QDoubleSpinBox* marginBox() const { return m_marginBox; }
    /// Layouts that fit in the shown search, counted as `plan` counts them (PlanResult::fitting; -1 before one).
    std::int64_t fittingCount() const { return m_result ? m_result->fitting : -1; }
    /// The TP x PP map of a search: one row per PP, one column per TP, each cell the best fitting layout's step time
    /// (the Plan tab and `export --chart plan-map`).
    static void fillTpPpMap(PlanMapModel* model, const PlanResult& r);
    /// The TP x PP map's title ("Best step time by TP x PP"), as the tab and the exported plan-map name it.
    static QString tpPpMapTitle();
    /// The N of the N x ZeRO map: N/8, N/4, N/2, N, 2N, 4N, 8N (the whole ones, 1 .. 16384).
    static std::vector<std::int64_t> stageMapGpuCounts(const Scenario& s);

    /// Whether the page shows the latest scenario's search (or why it has none), and its N x ZeRO map when visible.
    bool isCurrent() const;
    /// A search runs, or waits for the scenario to settle (the hidden tab's search for the verdict's chip).
    bool isSearching() const;
    quint64 generation() const { return m_generation; }
    quint64 shownGeneration() const { return m_shownGeneration; }
    /// Results shown since construction (a dropped one never counts).
    int resultsShown() const { return m_resultsShown; }
    /// The shown search and the scenario it was made for (empty before the first, or when the last failed).
    const std::optional<PlanResult>& result() const { return m_result; }
    const Scenario& resultScenario() const { return m_resultScenario; }
    /// The best layout that fits, applied to the scenario (when the shown search is the latest and found one).
    std::optional<Scenario> bestLayoutScenario() const;
    std::optional<PlanLayout> bestLayout() const;
    QString statusText() const;
    /// The planner's reason in plain words when nothing fits, or why there is no answer; empty otherwise.
    QString messageText() const;

    PlanLayoutModel* layoutModel() const { return m_layouts; }
    PlanMapModel* tpPpModel() const { return m_tpPp; }
    PlanMapModel* stageModel() const { return m_stage; }
    QTableView* table() const { return m_table; }
    QTableView* tpPpView() const { return m_tpPpView; }
    QTableView* stageView() const { return m_stageView; }
    PlanParetoChart* paretoChart() const { return m_pareto; }
    QComboBox* rankByBox() const { return m_rankBox; }

    /// What a click or Enter does (false when the shown search is stale or the cell has no fitting layout). A
    /// heat-map cell whose best layout is not among the ranked rows is searched on the worker first.
    bool applyRow(int row);
    bool applyTpPpCell(int row, int column);
    bool applyStageCell(int row, int column);

signals:
    /// Show `s` (the scenario with a layout applied), through the same path as the controls.
    void layoutRequested(const shardscope::Scenario& s);
    /// The page now shows the latest scenario's search (or why it has none).
    void planUpdated();
    void stageMapUpdated();

protected:
    void showEvent(QShowEvent* e) override;
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    using CancelFlag = std::shared_ptr<std::atomic<bool>>;
    struct SearchJob
    {
        quint64 generation = 0;
        Scenario scenario;
        std::optional<PlanResult> result;
        std::int64_t usableBytes = 0;
        std::int64_t capacityBytes = 0;
        QString error;
    };
    struct StageJob
    {
        quint64 generation = 0;
        std::vector<std::int64_t> gpuCounts;
        std::vector<PlanStageCell> cells;
        bool cancelled = false;
    };
    struct PickJob
    {
        quint64 generation = 0;
        Scenario base;
        std::optional<PlanLayout> layout;
    };
    static SearchJob search(const Scenario& s, PlanRank rank, std::int64_t globalBatch, quint64 generation, CancelFlag cancel);
    static StageJob stageMap(const Scenario& s, PlanRank rank, std::int64_t globalBatch, quint64 generation, CancelFlag cancel);
    static PickJob pick(const Scenario& base, std::int64_t globalBatch, PlanRank rank, bool searchStage,
        quint64 generation, CancelFlag cancel);

    bool active() const;
    void update();
    void onSearchFinished();
    void onStageFinished();
    void onPickFinished();
    void showSearch(const SearchJob& job);
    void showStageMap(const StageJob& job);
    void showMessage();
    void startPick(const Scenario& base, bool searchStage);

    Scenario m_scenario;
    bool m_hasScenario = false;
    bool m_wanted = false;
    bool m_cancelStale = true;
    PlanRank m_rank = PlanRank::StepTime;
    ByteUnit m_unit = ByteUnit::GB;
    quint64 m_generation = 0; ///< of m_scenario and m_rank
    quint64 m_searchStarted = 0; ///< the generation of the search running or last started
    quint64 m_stageStarted = 0;
    quint64 m_shownGeneration = 0;
    quint64 m_stageShownGeneration = 0;
    int m_resultsShown = 0;
    CancelFlag m_searchCancel;
    CancelFlag m_stageCancel;
    CancelFlag m_pickCancel;
    QFutureWatcher<SearchJob> m_searchWatcher;
    /// While the tab is hidden the search serves the verdict's best-layout chip only: it starts once the scenario has
    /// settled for kSettleMs, so a dragged slider does not start a search per step that competes with the window's
    /// own redraw for the CPU (a 2-core laptop).
    static constexpr int kSettleMs = 150;
    QTimer m_settle;
    QElapsedTimer m_sinceChange;
    QFutureWatcher<StageJob> m_stageWatcher;
    QFutureWatcher<PickJob> m_pickWatcher;
    std::optional<std::pair<Scenario, bool>> m_pendingPick;

    std::optional<PlanResult> m_result;
    Scenario m_resultScenario;
    QString m_error;

    QComboBox* m_rankBox;
    QSpinBox* m_batchBox;
    QDoubleSpinBox* m_marginBox;
    std::int64_t m_globalBatch = 0; ///< typed in the box; 0 = the scenario's own
    void showKnobs(); ///< the boxes show the scenario's margin and the global batch searched
    /// The best layout's cell of the TP x PP map and the ranked table's first row and columns in view (issue 26).
    void showWinner();
    QLabel* m_status;
    QLabel* m_message;
    PlanMapModel* m_tpPp;
    PlanMapModel* m_stage;
    QTableView* m_tpPpView;
    QTableView* m_stageView;
    QLabel* m_stageTitle;
    PlanParetoChart* m_pareto;
    PlanLayoutModel* m_layouts;
    QTableView* m_table;
    QSplitter* m_vertical;
    QSplitter* m_top;
    QPair<int, int> m_mapNeeds; ///< the widths the maps needed when last arranged
    QSplitter* m_bottom; ///< the ranked table, and the Pareto chart where the top row is too narrow for it
    /// The ranked table's columns as the eye reads them: the rank, the measure ranked by, step time and peak, then
    /// the layout's knobs and the rest of the split (the model's order is the command line's).
    void orderColumns();
    /// The ranked table's column widths for its widest content in its font.
    void sizeTableColumns();
    /// Puts the Pareto chart beside the maps where they all show every column, else beside the table (a laptop).
    void arrangePanes();
    void arrangePanesSoon(); ///< arrangePanes() from the event loop, once however often asked
    bool m_arrangePending = false;

public:
    /// Whether the Pareto chart sits in the top row beside the maps (else in the bottom row beside the table).
    bool paretoBesideMaps() const;
    /// The best layout's cell of the TP x PP map is the map's current cell and inside its viewport (issue 26).
    bool winnerVisible() const;
};

} // namespace shardscope
