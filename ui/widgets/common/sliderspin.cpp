// SPDX-License-Identifier: MIT
#include "sliderspin.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>
#include <limits>

namespace shardscope {

StrictSpinBox::StrictSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
{
    // Wide enough that any typed number is accepted by the validator and reaches the owner's check.
    setRange(-1e15, 1e15);
    setKeyboardTracking(false); // commit on Enter / focus out, not on every keystroke
    setAccelerated(true);
}

void StrictSpinBox::setAllowedRange(double lo, double hi)
{
    m_lo = lo;
    m_hi = hi;
}

void StrictSpinBox::stepBy(int steps)
{
    if (!m_stepValues.empty() && steps != 0) {
        const double v = value();
        double next; // set by either branch below
        if (steps > 0) {
            const auto it = std::upper_bound(m_stepValues.begin(), m_stepValues.end(), v);
            next = it == m_stepValues.end() ? m_stepValues.back() : *it;
        } else {
            const auto it = std::lower_bound(m_stepValues.begin(), m_stepValues.end(), v);
            next = it == m_stepValues.begin() ? m_stepValues.front() : *std::prev(it);
        }
        setValue(std::clamp(next, m_lo, m_hi));
        return;
    }
    const double next = std::clamp(value() + steps * singleStep(), m_lo, m_hi);
    setValue(next);
}

void StrictSpinBox::setZeroText(const QString& text)
{
    m_zeroText = text;
    // Redraw the shown text (a value of 0 now reads as the word) and the width the word needs.
    lineEdit()->setText(textFromValue(value()));
    updateGeometry();
}

QString StrictSpinBox::textFromValue(double value) const
{
    if (!m_zeroText.isEmpty() && value == 0.0)
        return m_zeroText;
    return QDoubleSpinBox::textFromValue(value);
}

double StrictSpinBox::valueFromText(const QString& text) const
{
    if (!m_zeroText.isEmpty() && text.trimmed().compare(m_zeroText, Qt::CaseInsensitive) == 0)
        return 0.0;
    return QDoubleSpinBox::valueFromText(text);
}

QValidator::State StrictSpinBox::validate(QString& text, int& pos) const
{
    if (!m_zeroText.isEmpty()) {
        const QString t = text.trimmed();
        if (t.compare(m_zeroText, Qt::CaseInsensitive) == 0)
            return QValidator::Acceptable;
        if (!t.isEmpty() && m_zeroText.startsWith(t, Qt::CaseInsensitive))
            return QValidator::Intermediate;
    }
    return QDoubleSpinBox::validate(text, pos);
}

QSize StrictSpinBox::sizeHint() const
{
    const QSize h = QDoubleSpinBox::sizeHint();
    QString widest = textFromValue(m_hi) + suffix() + QStringLiteral("0");
    if (fontMetrics().horizontalAdvance(m_zeroText) > fontMetrics().horizontalAdvance(widest))
        widest = m_zeroText;
    return {fontMetrics().horizontalAdvance(widest) + 36, h.height()};
}

SliderSpin::SliderSpin(const QString& name, double min, double max, QWidget* parent)
    : QWidget(parent)
    , m_name(name)
    , m_min(min)
    , m_max(max)
    , m_value(min)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new StrictSpinBox(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    m_slider->setTracking(true); // redraw on every move, not on release
    m_spin->setDecimals(0);
    m_spin->setAllowedRange(min, max);
    m_spin->setAccessibleName(name);
    m_slider->setAccessibleName(name);
    // One slider position per unit of the range, as far as QSlider's int positions reach: a wider range (the model
    // size's 1e8..2e12, which the panel then puts on a log scale) was cast to int, undefined behaviour that clang's
    // UBSan reports (float-cast-overflow, which GCC's -fsanitize=undefined does not include).
    setScale(Scale::Linear, static_cast<int>(std::min(max - min, double(std::numeric_limits<int>::max()))));
    connect(m_slider, &QSlider::valueChanged, this, &SliderSpin::onSliderMoved);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &SliderSpin::onSpinChanged);
}

void SliderSpin::setScale(Scale scale, int steps)
{
    m_scale = scale;
    m_steps = std::max(1, steps);
    m_snap.clear();
    const QSignalBlocker b(m_slider);
    m_slider->setRange(0, m_steps);
    m_slider->setPageStep(std::max(1, m_steps / 10));
    syncWidgets();
}

void SliderSpin::setSnapValues(const std::vector<double>& values)
{
    m_snap = values;
    m_spin->setStepValues(m_stepsFollowSnap ? values : std::vector<double>());
    const QSignalBlocker b(m_slider);
    m_slider->setRange(0, static_cast<int>(values.size()) - 1);
    m_slider->setPageStep(2);
    m_slider->setTickPosition(QSlider::NoTicks);
    syncWidgets();
}

void SliderSpin::setStepsFollowSnap(bool on)
{
    m_stepsFollowSnap = on;
    m_spin->setStepValues(on ? m_snap : std::vector<double>());
}

void SliderSpin::setDisplay(double scale, int decimals, const QString& suffix)
{
    m_displayScale = scale;
    m_decimals = decimals;
    const QSignalBlocker b(m_spin);
    m_spin->setDecimals(decimals);
    m_spin->setSuffix(suffix);
    m_spin->setSingleStep(decimals > 0 ? std::pow(10.0, -decimals + 1) : 1.0);
    m_spin->setAllowedRange(m_min * scale, m_max * scale);
    syncWidgets();
}

void SliderSpin::setToolTips(const QString& text)
{
    m_slider->setToolTip(text);
    m_spin->setToolTip(text);
}

void SliderSpin::setValue(double v)
{
    m_value = v;
    syncWidgets();
}

std::vector<double> SliderSpin::sliderValues() const
{
    std::vector<double> v;
    for (int p = m_slider->minimum(); p <= m_slider->maximum(); ++p)
        v.push_back(positionToValue(p));
    return v;
}

double SliderSpin::positionToValue(int pos) const
{
    if (!m_snap.empty())
        return m_snap[static_cast<std::size_t>(std::clamp(pos, 0, static_cast<int>(m_snap.size()) - 1))];
    const double f = double(pos) / double(m_steps);
    if (m_scale == Scale::Log) {
        const double v = std::exp(std::log(m_min) + f * (std::log(m_max) - std::log(m_min)));
        // Three significant digits: 7.02e10 rather than 70,213,455,872.
        const double mag = std::pow(10.0, std::floor(std::log10(v)) - 2);
        return std::clamp(std::round(v / mag) * mag, m_min, m_max);
    }
    return std::round(m_min + f * (m_max - m_min));
}

int SliderSpin::valueToPosition(double v) const
{
    if (!m_snap.empty()) {
        int best = 0;
        for (std::size_t i = 0; i < m_snap.size(); ++i)
            if (std::abs(std::log(m_snap[i]) - std::log(std::max(v, 1e-300)))
                < std::abs(std::log(m_snap[static_cast<std::size_t>(best)]) - std::log(std::max(v, 1e-300))))
                best = static_cast<int>(i);
        return best;
    }
    double f = 0;
    if (m_scale == Scale::Log)
        f = (std::log(std::max(v, m_min)) - std::log(m_min)) / (std::log(m_max) - std::log(m_min));
    else
        f = (v - m_min) / (m_max - m_min);
    return static_cast<int>(std::lround(std::clamp(f, 0.0, 1.0) * m_steps));
}

void SliderSpin::syncWidgets()
{
    const QSignalBlocker bs(m_slider);
    const QSignalBlocker bp(m_spin);
    m_slider->setValue(valueToPosition(m_value));
    m_spin->setValue(m_value * m_displayScale);
}

void SliderSpin::onSliderMoved(int pos)
{
    m_value = positionToValue(pos);
    const QSignalBlocker bp(m_spin);
    m_spin->setValue(m_value * m_displayScale);
    emit valueChanged(m_value);
}

void SliderSpin::onSpinChanged(double shown)
{
    const double v = m_decimals == 0 && m_displayScale == 1 ? std::round(shown) : shown / m_displayScale;
    if (!(v >= m_min && v <= m_max)) {
        const QLocale c = QLocale::c();
        const auto show = [&](double x) -> QString { return c.toString(x * m_displayScale, 'f', m_decimals) + m_spin->suffix(); };
        const QString message = tr("%1: %2 refused; enter a value from %3 to %4.")
                                    .arg(m_name, show(v), show(m_min), show(m_max));
        syncWidgets(); // the user's last accepted value stays
        emit entryRefused(message);
        return;
    }
    m_value = v;
    const QSignalBlocker bs(m_slider);
    m_slider->setValue(valueToPosition(m_value));
    emit entryAccepted();
    emit valueChanged(m_value);
}

} // namespace shardscope
