// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

#include <QMainWindow>

class QLabel;

namespace shardscope {

/// The explorer window (issue 3 replaces this frame with controls, charts and the breakdown).
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(const Scenario& scenario, QWidget* parent = nullptr);
    const Scenario& scenario() const { return m_scenario; }
    void setScenario(const Scenario& s);

private:
    Scenario m_scenario;
    QLabel* m_label = nullptr;
};

} // namespace shardscope
