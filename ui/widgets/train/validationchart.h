// SPDX-License-Identifier: MIT
#pragma once

#include "chartexport.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <vector>

class QChart;
class QChartView;
class QGraphicsSimpleTextItem;

namespace shardscope {

struct MemoryValidation;
struct StepValidation;

/// One compared row of a validation: what was measured and what the model predicts, in the row's own unit.
struct ValidationPoint
{
    QString id;
    QString group; ///< one series per group: the metric (step rows) or the framework (memory rows)
    double measured = 0;
    double predicted = 0;
    double error() const { return measured > 0 ? predicted / measured - 1.0 : 0.0; }
};

/// The compared rows of `validate --steps` (unmodelled rows have no point), grouped by metric.
std::vector<ValidationPoint> stepValidationPoints(const StepValidation& v);
/// The compared rows of `validate --measured`, in GB, grouped by framework.
std::vector<ValidationPoint> memoryValidationPoints(const MemoryValidation& v);

/**
 * Predicted against measured, one point per compared row, on log-log axes (the step rows mix seconds,
 * tokens/s, TFLOP/s and MFU): the y = x line, the band of +-10% around it, and the id and error of every
 * row outside +-outlierFraction written next to its point. Drawn with Qt Charts (chartstyle.h) and
 * exported through chartexport.h like every other chart.
 */
class ValidationChart : public QWidget
{
    Q_OBJECT
public:
    static constexpr double kDefaultOutlierFraction = 0.25;

    ValidationChart(const QString& title, const QString& unit, std::vector<ValidationPoint> points,
                    QWidget* parent = nullptr, double outlierFraction = kDefaultOutlierFraction);

    QChartView* view() const { return m_view; }
    /// Points drawn in the scatter series (all groups): one per compared row.
    int pointCount() const;
    /// Ids of the rows labelled as outliers (|error| > outlierFraction), largest error first.
    QStringList labelledIds() const;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void placeLabels();

    QChart* m_chart;
    QChartView* m_view;
    std::vector<ValidationPoint> m_points;
    std::vector<std::size_t> m_outliers; ///< indexes into m_points
    QList<QGraphicsSimpleTextItem*> m_labels;
    QString m_unit;
};

/// Writes the chart of `points` to `path` (.png, .svg or .pdf by suffix). Throws InvalidInput for a bad
/// suffix or no points, std::runtime_error when the file cannot be written. Needs a QApplication.
void saveValidationChart(const QString& title, const QString& unit, const std::vector<ValidationPoint>& points,
                         const QString& path, const ChartExportOptions& o = {},
                         double outlierFraction = ValidationChart::kDefaultOutlierFraction);

} // namespace shardscope
