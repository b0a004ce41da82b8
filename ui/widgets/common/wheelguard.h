// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QWidget;

namespace shardscope {

/**
 * The mouse wheel scrolls the panel under it and never changes a setting behind the user's back (issue 26: scrolling
 * the Scenario panel set parameter offload to NVMe). Installed on the application: a combo box, slider or spin box
 * takes the wheel only while it has keyboard focus (a click or Tab gives it); without focus the wheel goes on to the
 * scroll area around it. Such widgets also stop taking focus from the wheel (Qt::StrongFocus instead of WheelFocus),
 * so the first turn over a control does not give it focus and change it.
 */
class WheelGuard : public QObject
{
    Q_OBJECT
public:
    explicit WheelGuard(QObject* parent = nullptr);
    /// A combo box, slider or spin box (or the line edit inside a spin box or an editable combo).
    static bool isSettingWidget(const QWidget* w);
    /// The setting widget `w` belongs to, or nullptr.
    static QWidget* settingWidget(QWidget* w);
    /// Takes the wheel focus from the setting widgets that already exist under `root`.
    static void adopt(QWidget* root);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace shardscope
