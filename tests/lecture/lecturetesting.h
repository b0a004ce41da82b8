// SPDX-License-Identifier: MIT
#pragma once
// What the lecture tests share (tst_lecture, tst_lecture_pass2, tst_lecture_issue27, tst_lecture_draft): the window with
// a lecture on it as each test opens it, the keys a clicker sends and where the focus may be when it does, the
// `shardscope` command run as a process, and the share of a long loop that runs under SHARDSCOPE_TEST_SCALE.

#include "lecture.h"
#include "mainwindow.h"
#include "steppage.h"
#include "stepview.h"
#include "tourplayer.h"

#include <QFile>
#include <QList>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

namespace shardscope::lecturetest {

/// How a tour's steps arrive: at once (tests, screenshots) or animated as in the window (the Lecture's default).
enum class TourSteps { AtOnce, Animated };

/// A Lecture on `w` (a child of it); its tour steps land at once unless `steps` says Animated. The window is not shown.
inline Lecture* lectureOn(MainWindow& w, TourSteps steps = TourSteps::AtOnce)
{
    auto* lecture = new Lecture(&w);
    if (steps == TourSteps::AtOnce)
        lecture->player()->setAnimated(false);
    return lecture;
}

/// lectureOn(), and `w` shown off screen, at `size` when one is given (else at the size it has).
inline Lecture* showWithLecture(MainWindow& w, const QSize& size = QSize(), TourSteps steps = TourSteps::AtOnce)
{
    Lecture* lecture = lectureOn(w, steps);
    w.setAttribute(Qt::WA_DontShowOnScreen);
    if (size.isValid())
        w.resize(size);
    w.show();
    return lecture;
}

/// showWithLecture() for a tour walked step by step: the Step tab computes each step at once (no worker), the steps
/// land without animation.
inline Lecture* showForTour(MainWindow& w, const QSize& size = QSize())
{
    w.stepPage()->setComputeMode(StepPage::Compute::Sync);
    return showWithLecture(w, size);
}

/// Up to three widgets of the tab shown now that take the focus (where a lecturer's click may have left it); the tab's
/// page itself when none does.
inline QList<QWidget*> focusTargetsOnTab(MainWindow& w)
{
    QList<QWidget*> out;
    QWidget* page = w.tabs()->currentWidget();
    for (QWidget* c : page->findChildren<QWidget*>()) {
        if (out.size() >= 3)
            break;
        if (c->isVisible() && c->focusPolicy() != Qt::NoFocus)
            out << c;
    }
    if (out.isEmpty())
        out << page;
    return out;
}

/// As focusTargetsOnTab(), with the Step view first where it shows (three in all): the view that took Right and Space
/// for its own animation.
inline QList<QWidget*> focusTargetsStepViewFirst(MainWindow& w)
{
    QList<QWidget*> out;
    QWidget* page = w.tabs()->currentWidget();
    if (w.stepView() && w.stepView()->isVisible())
        out << w.stepView();
    for (QWidget* c : page->findChildren<QWidget*>()) {
        if (out.size() >= 3)
            break;
        if (c->isVisible() && c->focusPolicy() != Qt::NoFocus && !out.contains(c))
            out << c;
    }
    if (out.isEmpty())
        out << page;
    return out;
}

/// A key press and release on `target` with the focus. The release goes only to a target still alive: a step change may
/// rebuild the widget that had the focus (a keyboard's release then goes to the new focus widget).
inline void press(QWidget* target, Qt::Key key)
{
    QPointer<QWidget> t(target);
    t->setFocus();
    QTest::keyPress(t.data(), key);
    if (t)
        QTest::keyRelease(t.data(), key);
}

/// SHARDSCOPE_TEST_SCALE: 1 when unset (the dev and CI presets), 0.1 under the asan preset.
inline double testScale()
{
    return qEnvironmentVariableIsSet("SHARDSCOPE_TEST_SCALE") ? qEnvironmentVariable("SHARDSCOPE_TEST_SCALE").toDouble() : 1.0;
}

/// Whether a long loop checks `item` in pass `pass` of the `passes` that repeat it (the three languages, the five
/// tours): every item in every pass at scale 1; under a smaller SHARDSCOPE_TEST_SCALE each item in one pass only,
/// (item + pass) % passes == 0, so that every item is still checked once over the passes, and each pass checks a
/// different share.
inline bool inShare(int item, int pass, int passes)
{
    return testScale() >= 1 || passes <= 1 || (item + pass) % passes == 0;
}

/// What a `shardscope` run printed and how it ended (exit code -1: it did not finish in time or crashed).
struct Run
{
    int exitCode = -1;
    QString out, err;
};

#ifdef SHARDSCOPE_BIN
/// Runs the built `shardscope` with `args`, waiting up to `timeoutMs` (a handout of a whole tour under ASan takes minutes).
inline Run shardscopeRun(const QStringList& args, int timeoutMs = 240000)
{
    QProcess p;
    // Where XDG_RUNTIME_DIR is unset (a bare `ctest`), Qt's "XDG_RUNTIME_DIR not set" would come first on the child's
    // stderr, before the message the checks read; the child then gets a private runtime folder (QTemporaryDir: 0700).
    static QTemporaryDir runtime;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!env.contains(QStringLiteral("XDG_RUNTIME_DIR")) && runtime.isValid())
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SHARDSCOPE_BIN), args);
    Run r;
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}
#endif

/// Writes `bytes` to `name` in `dir` and returns its path.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

} // namespace shardscope::lecturetest
