// SPDX-License-Identifier: MIT
#pragma once

#include "mainwindow.h"

#include <QPointer>

namespace shardscope {

/// A guarded pointer to the main window that reads as null once the window is being destroyed.
/// QPointer<MainWindow> static_casts the object it guards; while ~QWidget deletes the window's children
/// (tour player, presentation mode) the object is only a QWidget any more, and that cast is undefined
/// (UBSan: "downcast of address ... which does not point to an object of type 'MainWindow'").
class WindowRef
{
public:
    WindowRef(MainWindow* w = nullptr) // NOLINT(google-explicit-constructor): stands in for a pointer
        : m_w(w)
    {
    }
    MainWindow* get() const { return qobject_cast<MainWindow*>(m_w.data()); }
    operator MainWindow*() const { return get(); } // NOLINT(google-explicit-constructor)
    MainWindow* operator->() const { return get(); }

private:
    QPointer<QWidget> m_w;
};

} // namespace shardscope
