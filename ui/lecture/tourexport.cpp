// SPDX-License-Identifier: MIT
#include "tourexport.h"

#include "language.h"
#include "lecture.h"
#include "mainwindow.h"
#include "planpage.h"
#include "presentationmode.h"
#include "safewrite.h"
#include "steppage.h"
#include "stepview.h"
#include "tourfacts.h"
#include "tourpanel.h"
#include "tourplayer.h"
#include "traindemopanel.h"

#include "shardscope/errors.h"
#include "shardscope/step.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QThread>
#include <QTimer>

namespace shardscope {

namespace {

/// Lets queued layout work settle (the caption's height, then the tour dock's), as `screenshot` does.
void settle()
{
    for (int i = 0; i < 6; ++i)
        QApplication::processEvents();
}

/// Waits up to `ms` for `done` while the event loop runs (the plan search, the mini trainer: worker threads).
template<typename Done>
void waitFor(Done done, int ms)
{
    QElapsedTimer waited;
    waited.start();
    while (!done() && waited.elapsed() < ms) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
}

} // namespace

QList<TourSlide> renderTourSlides(const Tour& tour, const QString& lang, const QSize& screen)
{
    QList<TourSlide> slides;
    if (tour.steps.isEmpty())
        return slides;
    MainWindow w(tour.steps.first().scenario); // Session::Off: never reads or writes the user's settings
    w.stepPage()->setComputeMode(StepPage::Compute::Sync); // each picture shows its own step's scenario
    auto* lecture = new Lecture(&w); // a child of w
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.resize(screen);
    w.show();
    QApplication::processEvents();
    lecture->player()->setAnimated(false);
    lecture->play(tour);
    lecture->presentation()->enter(screen);
    const QLocale locale(lang);
    for (int i = 0; i < tour.steps.size(); ++i) {
        const TourStep& step = tour.steps[i];
        lecture->player()->goTo(i);
        QApplication::processEvents();
        // The verdict's best-layout chip searches on a worker once the scenario settles: wait for its answer.
        waitFor([&] { return !w.planPage()->isSearching() || w.planPage()->isCurrent(); }, 60000);
        if (step.train) {
            auto* demo = w.findChild<TrainDemoPanel*>();
            waitFor([&] { return (!demo || !demo->running()) && !lecture->tourPanel()->waitingForTrainer(); }, 120000);
            lecture->tourPanel()->refresh();
        }
        if (step.play && w.stepView()->result()) {
            // The animation's last frame: the whole step played.
            w.stepView()->pause();
            w.stepView()->seek(w.stepView()->result()->totals.stepTime);
        }
        settle();
        TourSlide slide;
        slide.image = w.grab().toImage();
        if (slide.image.size() != screen) // a platform that grabs at another device-pixel ratio: the page's size
            slide.image = slide.image.scaled(screen, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        TourFacts facts(step.scenario);
        facts.setTrain(step.train);
        slide.caption = facts.render(step.caption.in(lang), locale);
        slide.note = lecture->tourPanel()->translationNote();
        slides << slide;
    }
    lecture->presentation()->leave(); // restores the application's palette
    return slides;
}

QStringList writeTourExport(const Tour& tour, const QList<TourSlide>& slides, const QString& dir, const QString& format,
                            const QString& lang)
{
    const QFileInfo info(dir);
    if (info.exists() && !info.isDir())
        throw InvalidInput("out", "--out " + dir.toStdString() + " is a file, not a folder");
    if (!QDir().mkpath(dir))
        throw WriteError(dir.toStdString() + ": cannot write: cannot create the folder (--out)"); // exit 1, as for --bundle
    const QDir out(dir);
    QStringList written;
    if (format == QLatin1String("pdf")) {
        QByteArray pdf;
        QBuffer buf(&pdf);
        buf.open(QIODevice::WriteOnly);
        {
            QPdfWriter writer(&buf);
            writer.setTitle(tour.title.in(lang));
            writer.setCreator(QStringLiteral("ShardScope"));
            const QSize px = slides.isEmpty() ? QSize(1920, 1080) : slides.first().image.size();
            writer.setResolution(96);
            writer.setPageSize(QPageSize(QSizeF(px.width() * 72.0 / 96.0, px.height() * 72.0 / 96.0), QPageSize::Point));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            QPainter p(&writer);
            for (int i = 0; i < slides.size(); ++i) {
                if (i > 0)
                    writer.newPage();
                p.drawImage(QRect(QPoint(0, 0), px), slides[i].image);
            }
        }
        const QString path = out.filePath(tour.id + QStringLiteral(".pdf"));
        writeFileAtomically(path, pdf);
        written << path;
        return written;
    }
    QString index = QStringLiteral("# %1\n\n").arg(tour.title.in(lang));
    if (!tour.source.isEmpty())
        index += QStringLiteral("Source: %1. Every number is ShardScope's model for the step's scenario.\n\n").arg(tour.source);
    for (int i = 0; i < slides.size(); ++i) {
        const QString name = QStringLiteral("step-%1.png").arg(i + 1, 2, 10, QLatin1Char('0'));
        QByteArray png;
        QBuffer buf(&png);
        buf.open(QIODevice::WriteOnly);
        if (!slides[i].image.save(&buf, "PNG"))
            throw std::runtime_error("cannot encode " + name.toStdString());
        const QString path = out.filePath(name);
        writeFileAtomically(path, png);
        written << path;
        index += QStringLiteral("## %1 / %2\n\n![%1](%3)\n\n%4\n").arg(i + 1).arg(slides.size()).arg(name, slides[i].caption);
        if (!slides[i].note.isEmpty())
            index += QStringLiteral("\n*%1*\n").arg(slides[i].note);
        index += QLatin1Char('\n');
    }
    const QString path = out.filePath(QStringLiteral("index.md"));
    writeFileAtomically(path, index.toUtf8());
    written << path;
    return written;
}

} // namespace shardscope
