// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>

namespace shardscope::guifills {

// Qt 6.4's raster engine splits each fill, blend or image scale taller than about 96 lines into pieces on its GUI
// thread pool and blocks the GUI thread until the pool's threads have run them (QT_THREAD_PARALLEL_FILLS in
// qtbase's src/gui/painting/qdrawhelper.cpp; qimagescale.cpp and the image conversions alike). A repaint of the
// window makes dozens of such fills (chart backgrounds, group-box frames, scroll-bar grooves), each a wake-up of the
// pool's threads and a wait for them: on a 2-core machine whose other core is busy, or a laptop whose idle cores
// sleep, the waits cost more than the fills (issue 29: a model change of the explorer took 4.8 ms with the fills on
// the GUI thread and 6.7 ms with Qt's pool, and its p99 rose from 8-13 ms to 14-22 ms with a compiler running beside
// it). The `shardscope` executable runs them on the GUI thread (guifills.cpp; Qt 6.8 and later offer the same as
// QT_NO_GUI_THREADPOOL, which main() also sets); SHARDSCOPE_QT_PARALLEL_FILLS=1 keeps Qt's pool.

/// Whether the executable's QThreadPool::start (guifills.cpp) has run Qt's GUI-thread work in place: false with
/// SHARDSCOPE_QT_PARALLEL_FILLS=1, and in any program without guifills.cpp (the tests).
extern std::atomic<bool> onGuiThread;
/// How many pieces of that work it has run in place (`bench redraw` reports them per move).
extern std::atomic<long long> runInPlace;

} // namespace shardscope::guifills
