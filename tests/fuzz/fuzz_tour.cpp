// SPDX-License-Identifier: MIT
// A tour file (`shardscope tour FILE`, the window's Lecture menu): parseTour, then every step's scenario
// checked like an importer's, and the last step's caption filled from core as the tour panel shows it.
#include "fuzzcheck.h"
#include "tour.h"
#include "tourfacts.h"

#include <QLocale>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        const shardscope::Tour tour = shardscope::parseTour(bytes, QStringLiteral("fuzz.tour.json"));
        if (tour.steps.isEmpty())
            fuzz::die("a parsed tour has no steps");
        // Steps that change nothing share their scenario: check the first and the last one.
        fuzz::checkAccepted(tour.steps.first().scenario);
        const shardscope::TourStep& last = tour.steps.last();
        fuzz::checkAccepted(last.scenario);
        if (last.scenario.gpus <= 65536 && last.scenario.pp <= 1024) {
            const shardscope::TourFacts facts(last.scenario);
            for (const QString& language : shardscope::tourLanguages())
                (void)facts.render(last.caption.in(language), QLocale(language));
        }
    } catch (const shardscope::InvalidInput&) {
    }
    return 0;
}
