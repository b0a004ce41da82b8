// SPDX-License-Identifier: MIT
// Qt's GUI-thread fills, on the GUI thread (guifills.h says why). Linked into the `shardscope` executable alone: a
// definition of QThreadPool::start(std::function<void()>, int) in the executable comes before Qt Core's for every
// library that calls it (ELF symbol interposition); it runs the work in place when the caller is the GUI thread, and
// hands everything else to Qt Core's definition. Of Qt 6.4's libraries only Qt GUI calls this overload (its fills,
// image scaling and conversions: each starts its pieces and then waits for all of them, so running each in place
// keeps its meaning); our own background work goes through QtConcurrent::run, which takes the QRunnable overload.
#include "guifills.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <cstdlib>
#include <cstring>
#include <functional>

#if defined(__linux__) && defined(__GLIBC__)
#include <dlfcn.h>

namespace {

// Qt Core's own definition, as a plain function taking the pool first (the Itanium C++ ABI passes `this` first and
// the std::function by reference to the caller's copy, for a member and for this pointer type alike).
using CoreStart = void (*)(QThreadPool*, std::function<void()>, int);

CoreStart coreStart()
{
    static const CoreStart real = [] {
        void* sym = dlsym(RTLD_NEXT, "_ZN11QThreadPool5startESt8functionIFvvEEi");
        return reinterpret_cast<CoreStart>(sym);
    }();
    return real;
}

bool parallelFillsWanted()
{
    static const bool wanted = [] {
        const char* v = std::getenv("SHARDSCOPE_QT_PARALLEL_FILLS");
        return v != nullptr && std::strcmp(v, "1") == 0;
    }();
    return wanted;
}

} // namespace

void QThreadPool::start(std::function<void()> functionToRun, int priority)
{
    using namespace shardscope;
    const QCoreApplication* app = QCoreApplication::instance();
    const bool gui = app != nullptr && QThread::currentThread() == app->thread();
    if (gui && !parallelFillsWanted()) {
        guifills::onGuiThread.store(true, std::memory_order_relaxed);
        guifills::runInPlace.fetch_add(1, std::memory_order_relaxed);
        functionToRun();
        return;
    }
    const CoreStart real = coreStart();
    if (real == nullptr) { // no Qt Core definition found: run it here rather than drop it
        functionToRun();
        return;
    }
    real(this, std::move(functionToRun), priority);
}
#endif
