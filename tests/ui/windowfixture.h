// SPDX-License-Identifier: MIT
#pragma once
// The main window as the window tests open it (tst_moewindow, tst_moetimeline, tst_frameworkcontrols).

#include "mainwindow.h"

#include <QApplication>
#include <QSize>

#include <memory>

namespace shardscope::testing {

/// A main window without a session (nothing restored or autosaved), shown off screen at `size` and laid out once.
inline std::unique_ptr<MainWindow> makeOffscreenWindow(const Scenario& s, const QSize& size)
{
    auto w = std::make_unique<MainWindow>(s, MainWindow::Session::Off);
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(size);
    w->show();
    QApplication::processEvents();
    return w;
}

} // namespace shardscope::testing
