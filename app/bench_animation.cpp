// SPDX-License-Identifier: MIT
// `shardscope bench animation`: plays the Step view offscreen with 16 GPUs drawn and measures the time
// of each frame (clock advance + repaint of every part), printing the median and the p99 as JSON.
// A figure for the 60 fps target (16.7 ms per frame), never a test.
#include "cli.h"
#include "scenariooptions.h"
#include "stepgpuview.h"
#include "stepview.h"

#include "shardscope/errors.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace shardscope::cli {

int benchAnimation(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Frame time of the Step view while playing (default: the default scenario on 16 GPUs, 600 frames at "
        "1x, 1600x1000 offscreen)."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("frames"), QStringLiteral("Frames to measure (default 600)."),
                                   QStringLiteral("N")));
    p.addOption(QCommandLineOption(QStringLiteral("speed"), QStringLiteral("Playback speed 0.25-8 (default 1)."),
                                   QStringLiteral("X")));
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("json (the only format; as bench redraw)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        formatOption(p, {QStringLiteral("json")}, QStringLiteral("json"));
        Scenario s = scenarioFromParser(p);
        if (!p.isSet(QStringLiteral("gpus")) && !p.isSet(QStringLiteral("scenario"))) {
            s.gpus = 16; // the figure: 16 GPUs drawn
            validateScenario(s);
        }
        const int frames = p.isSet(QStringLiteral("frames"))
            ? static_cast<int>(parseIntOption(p.value(QStringLiteral("frames")), "frames", 10, 100000))
            : 600;
        const double speed = p.isSet(QStringLiteral("speed"))
            ? parseDoubleOption(p.value(QStringLiteral("speed")), "speed", StepView::kMinSpeed, StepView::kMaxSpeed)
            : 1.0;

        QElapsedTimer build;
        build.start();
        StepView view;
        view.setExternalClock(true); // the bench is the clock: one 60 fps frame per iteration
        view.resize(1600, 1000);
        view.setScenario(s);
        if (!view.result())
            throw InvalidInput("scenario", view.errorText().toStdString());
        view.show();
        QApplication::processEvents();
        view.repaint();
        const double firstPaintMs = double(build.nsecsElapsed()) / 1e6;
        view.setSpeed(speed);
        view.play();

        std::vector<double> ms;
        ms.reserve(static_cast<std::size_t>(frames));
        QElapsedTimer t;
        for (int i = 0; i < frames; ++i) {
            t.start();
            view.advance(1.0 / 60.0);
            if (!view.isPlaying()) { // looped past the end: start over, as a user replaying would
                view.seek(0);
                view.play();
            }
            QApplication::processEvents();
            view.repaint();
            ms.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        std::vector<double> v = ms;
        std::sort(v.begin(), v.end());
        const double median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
        const double p99 = v[static_cast<std::size_t>(std::ceil(0.99 * double(v.size()))) - 1];
        auto r3 = [](double x) { return std::round(x * 1000) / 1000; };
        QJsonObject o;
        o[QStringLiteral("benchmark")] = QStringLiteral("animation");
        o[QStringLiteral("platform")] = QApplication::platformName();
        o[QStringLiteral("gpus")] = static_cast<double>(s.gpus);
        o[QStringLiteral("gpus_drawn")] = static_cast<double>(view.gpuView()->drawnRanks().size());
        o[QStringLiteral("events")] = static_cast<double>(view.result()->events.size());
        o[QStringLiteral("frames")] = frames;
        o[QStringLiteral("speed")] = speed;
        o[QStringLiteral("size")] = QStringLiteral("1600x1000");
        o[QStringLiteral("first_paint_ms")] = r3(firstPaintMs);
        o[QStringLiteral("frame_ms_median")] = r3(median);
        o[QStringLiteral("frame_ms_p99")] = r3(p99);
        o[QStringLiteral("frame_ms_max")] = r3(v.back());
        o[QStringLiteral("target_ms")] = r3(1000.0 / 60.0);
        o[QStringLiteral("meets_60fps")] = p99 <= 1000.0 / 60.0;
        out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return kExitOk;
    });
}

} // namespace shardscope::cli
