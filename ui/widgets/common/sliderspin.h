// SPDX-License-Identifier: MIT
#pragma once

#include <QDoubleSpinBox>
#include <QWidget>

#include <vector>

class QSlider;

namespace shardscope {

/**
 * A spin box that lets any number be typed, so that an entry outside the allowed range reaches the
 * owner, which refuses it with a message instead of Qt's silent clamp. Arrow keys and the step
 * buttons stay inside the allowed range.
 */
class StrictSpinBox : public QDoubleSpinBox
{
    Q_OBJECT
public:
    explicit StrictSpinBox(QWidget* parent = nullptr);
    void setAllowedRange(double lo, double hi);
    /// When set, the arrow keys and step buttons move to the next (previous) of these values instead of by
    /// singleStep() (N GPUs in whole nodes and multiples of TP x PP).
    void setStepValues(const std::vector<double>& values) { m_stepValues = values; }
    void stepBy(int steps) override;
    /// A word shown instead of 0 where 0 means "follows another knob" (expert TP 0: the TP size); typing the word or 0
    /// enters 0. Empty (the default): 0 shows as a number.
    void setZeroText(const QString& text);
    QSize sizeHint() const override;

protected:
    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

private:
    double m_lo = 0;
    double m_hi = 0;
    std::vector<double> m_stepValues;
    QString m_zeroText;
};

/**
 * A slider with a spin box beside it for the exact value. The slider moves linearly, on a log scale,
 * or through a list of sensible values (snap); the spin box takes any value in [min, max].
 * valueChanged() fires on every slider move (not only on release) and on each committed entry.
 * The spin box may show the value scaled (parameters in billions: displayScale 1e-9).
 */
class SliderSpin : public QWidget
{
    Q_OBJECT
public:
    enum class Scale { Linear, Log };

    SliderSpin(const QString& name, double min, double max, QWidget* parent = nullptr);

    void setScale(Scale scale, int steps = 1000); ///< continuous slider over [min, max]
    void setSnapValues(const std::vector<double>& values); ///< the slider moves through these
    /// The spin box's arrows step through the snap values too (only valid values are one step away).
    void setStepsFollowSnap(bool on);
    void setDisplay(double scale, int decimals, const QString& suffix);
    void setToolTips(const QString& text);

    double value() const { return m_value; }
    void setValue(double v); ///< no signal
    double minimum() const { return m_min; }
    double maximum() const { return m_max; }
    /// The values the slider visits from one end to the other (for the redraw benchmark and tests).
    std::vector<double> sliderValues() const;

    QSlider* slider() const { return m_slider; }
    StrictSpinBox* spinBox() const { return m_spin; }

signals:
    void valueChanged(double value);
    void entryRefused(const QString& message);
    void entryAccepted();

private:
    double positionToValue(int pos) const;
    int valueToPosition(double v) const;
    void onSliderMoved(int pos);
    void onSpinChanged(double shown);
    void syncWidgets();

    QString m_name;
    double m_min;
    double m_max;
    Scale m_scale = Scale::Linear;
    int m_steps = 0;
    std::vector<double> m_snap;
    bool m_stepsFollowSnap = false;
    double m_displayScale = 1;
    int m_decimals = 0;
    double m_value = 0;
    QSlider* m_slider;
    StrictSpinBox* m_spin;
};

} // namespace shardscope
