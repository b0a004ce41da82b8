// SPDX-License-Identifier: MIT
#pragma once

#include "explorer.h"

#include "shardscope/layoutplanner.h"
#include "shardscope/units.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace shardscope {

class BreakdownModel;
class FlowLayout;
class ShareSplitter;
class HostMemoryChart;
class MemoryPerGpuChart;
class MemoryVsGpusChart;

/**
 * The "Memory" tab: the verdict line, the three charts and the breakdown table of the worst rank.
 * setAdvice() shows core's advice (computeAdvice(): footprint, smallest N per stage, sweep, verdict, fixes),
 * computed once per change by the window's ScenarioState, in every view; setScenario() computes it itself. A scenario without an answer shows the reason in the verdict line and keeps the
 * last valid charts.
 */
class MemoryPage : public QWidget
{
    Q_OBJECT
public:
    explicit MemoryPage(QWidget* parent = nullptr);

    void setScenario(const Scenario& s);
    /// Shows the advice of a scenario (nothing is computed here but the words).
    void setAdvice(const Advice& a);
    /// Shows why a scenario has no answer; the charts keep the last valid scenario.
    void setInvalid(const InvalidInput& e);
    void setUnit(ByteUnit unit);
    ByteUnit unit() const { return m_unit; }
    void setCompareStages(bool on);

    Verdict verdict() const { return m_verdict; }
    QString verdictText() const;
    /// The fixes offered under the verdict (one button each; a click emits fixRequested()).
    const std::vector<Fix>& fixes() const { return m_fixes; }
    QList<QPushButton*> fixButtons() const { return m_fixButtons; }
    /// The best layout that fits (the Plan tab's rank 1, searched on a worker): the window hands it here once the
    /// search of the current scenario is done. Offered as a fix while the scenario does not fit; a click emits
    /// fixRequested() with `applied` (the scenario with the layout). nullopt: the search found none.
    void setBestLayout(const std::optional<PlanLayout>& layout, const Scenario& applied);
    /// The button that applies it: hidden when the scenario fits or nothing does, disabled while the search runs.
    QPushButton* bestLayoutButton() const { return m_bestButton; }
    /// The scenario does not fit and the background search for its best layout is not back yet.
    bool bestLayoutPending() const { return m_bestPending; }
    /// The scenario the button applies (empty while hidden or the search runs).
    const std::optional<Scenario>& bestLayoutScenario() const { return m_bestScenario; }
    /// The last scenario that had an answer (what the charts show).
    bool hasResult() const { return m_hasResult; }
    const ExplorerResult& result() const { return m_advice.explorer; }
    const Advice& advice() const { return m_advice; }

    MemoryPerGpuChart* perGpuChart() const { return m_perGpu; }
    MemoryVsGpusChart* vsGpusChart() const { return m_vsGpus; }
    HostMemoryChart* hostChart() const { return m_host; }
    BreakdownModel* breakdownModel() const { return m_model; }
    QTableView* breakdownView() const { return m_table; }
    QCheckBox* compareStagesBox() const { return m_compare; }

    QByteArray saveState() const;
    void restoreState(const QByteArray& state);

signals:
    void compareStagesToggled(bool on);
    /// A verdict's fix button was clicked: show `s` (the current scenario with the one change).
    void fixRequested(const shardscope::Scenario& s);

protected:
    bool eventFilter(QObject* o, QEvent* e) override;

private:
    /// Widths of the term, bytes and share columns for the table's font (the formula takes the rest).
    void sizeColumns();
    /// The current breakdown row's formula, whole, in the label under the table.
    void showFormulaDetail();
    void showVerdict();
    void showFixes();
    void settleChartLayouts();

    Advice m_advice;
    bool m_hasResult = false;
    bool m_settingFootprint = false; ///< the table's cells change one by one: the formula line is shown once, after
    Verdict m_verdict;
    ByteUnit m_unit = ByteUnit::GB;
    QLabel* m_verdictLabel;
    QWidget* m_verdictSlot;
    std::vector<Fix> m_fixes;
    QWidget* m_fixBar;
    FlowLayout* m_fixLayout; ///< wraps (issue 26: the Russian fixes widened the window past 1366 px)
    QList<QPushButton*> m_fixButtons;
    QPushButton* m_bestButton;
    std::optional<Scenario> m_bestScenario;
    bool m_bestPending = false; ///< the scenario does not fit and its search is not back yet
    QCheckBox* m_compare;
    MemoryPerGpuChart* m_perGpu;
    MemoryVsGpusChart* m_vsGpus;
    HostMemoryChart* m_host;
    BreakdownModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLabel* m_tableTitle;
    QLabel* m_formulaDetail;
    QWidget* m_formulaSlot; ///< a LabelSlot (memorypage.cpp) that holds m_formulaDetail
    ShareSplitter* m_vertical;
    QSplitter* m_top;
    QSplitter* m_bottom;
};

} // namespace shardscope
