// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "resultjson.h"

#include "shardscope/footprint.h"

#include <QFontDatabase>
#include <QLabel>

namespace shardscope {

MainWindow::MainWindow(const Scenario& scenario, QWidget* parent)
    : QMainWindow(parent)
    , m_label(new QLabel(this))
{
    setWindowTitle(QStringLiteral("ShardScope"));
    m_label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setCentralWidget(m_label);
    setScenario(scenario);
}

void MainWindow::setScenario(const Scenario& s)
{
    m_scenario = s;
    m_label->setText(footprintTable(s, computeFootprint(s), ByteUnit::GB));
}

} // namespace shardscope
