// SPDX-License-Identifier: MIT
#include "cli.h"
#include "dataexport.h"
#include "resultjson.h"
#include "scenariooptions.h"

#include "shardscope/errors.h"
#include "shardscope/planner.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace shardscope::cli {

namespace {

/// Each point is a footprint per ZeRO stage: 10,000 points answer in about a second; more is refused
/// (a range with step 1 up to 100,000 GPUs took 12 s and 1.8 GB).
constexpr std::int64_t kMaxSweepPoints = 10000;

/// "1:4096" (powers of two, each rounded up to a multiple of TP x PP), "8:64:8" (a step) or "8,16,64".
std::vector<std::int64_t> gpuCounts(const QString& spec, std::int64_t multiple)
{
    const QStringList range = spec.split(QLatin1Char(':'));
    if (range.size() == 2 || range.size() == 3) {
        const std::int64_t lo = parseIntOption(range[0], "gpus", 1, kMaxGpus);
        const std::int64_t hi = parseIntOption(range[1], "gpus", 1, kMaxGpus);
        if (lo > hi)
            throw InvalidInput("gpus", "--gpus: the range " + spec.toStdString() + " runs backwards");
        if (range.size() == 2)
            return powerOfTwoGpuCounts(lo, hi, multiple);
        const std::int64_t step = parseIntOption(range[2], "gpus", 1, kMaxGpus);
        if ((hi - lo) / step + 1 > kMaxSweepPoints)
            throw InvalidInput("gpus", "--gpus: " + spec.toStdString() + " has " + std::to_string((hi - lo) / step + 1)
                                           + " points; a sweep takes at most 10,000 (use a larger step)");
        std::vector<std::int64_t> v;
        for (std::int64_t n = lo; n <= hi; n += step)
            v.push_back(n);
        return v;
    }
    const QStringList parts = spec.split(QLatin1Char(','));
    if (parts.size() > kMaxSweepPoints)
        throw InvalidInput("gpus", "--gpus: " + std::to_string(parts.size()) + " values; a sweep takes at most 10,000");
    std::vector<std::int64_t> v;
    for (const QString& part : parts)
        v.push_back(parseIntOption(part, "gpus", 1, kMaxGpus));
    return v;
}

std::vector<int> stageList(const QString& spec)
{
    std::vector<int> v;
    for (const QString& part : spec.split(QLatin1Char(',')))
        v.push_back(static_cast<int>(parseIntOption(part, "stage", 0, 3)));
    return v;
}

} // namespace

int runSweep(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Per-GPU memory (worst rank) vs N for ZeRO stages. --gpus takes a range: 1:4096 (powers of two), "
        "8:512:8 (a step) or a list 8,64,512; --stage a list such as 0,1,2,3."));
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("format"), QStringLiteral("csv or json (default csv)."),
                                   QStringLiteral("FORMAT")));
    int code = 0;
    if (!parse(p, args, code))
        return code;
    return guarded([&] {
        const QString format = formatOption(p, {QStringLiteral("csv"), QStringLiteral("json")}, QStringLiteral("csv"));
        const ByteUnit units = unitsFromParser(p);
        const Scenario s = scenarioFromParser(p, {QStringLiteral("gpus"), QStringLiteral("stage")});
        const std::int64_t k = s.modelParallel();
        const std::vector<std::int64_t> ns = gpuCounts(
            p.isSet(QStringLiteral("gpus")) ? p.value(QStringLiteral("gpus")) : QStringLiteral("1:4096"), k);
        const std::vector<int> stages
            = stageList(p.isSet(QStringLiteral("stage")) ? p.value(QStringLiteral("stage")) : QStringLiteral("0,1,2,3"));
        const std::vector<SweepPoint> pts = sweep(s, ns, stages);
        if (pts.empty())
            throw InvalidInput("gpus", "--gpus: no N in the range is a multiple of TP x PP = " + std::to_string(k));
        const std::int64_t capacity = resolveGpu(s).capacityBytes;
        if (format == QLatin1String("json")) {
            QJsonArray arr;
            for (const SweepPoint& pt : pts) {
                QJsonObject o;
                o[QStringLiteral("stage")] = pt.stage;
                o[QStringLiteral("gpus")] = double(pt.gpus);
                o[QStringLiteral("total_bytes")] = double(pt.worstBytes);
                o[QStringLiteral("fits")] = pt.fits;
                for (int t = 0; t < kTermCount; ++t)
                    o[QString::fromLatin1(termKey(static_cast<Term>(t))) + QStringLiteral("_bytes")]
                        = double(pt.termBytes[static_cast<std::size_t>(t)]);
                arr.append(o);
            }
            QJsonObject root;
            root[QStringLiteral("points")] = arr;
            root[QStringLiteral("capacity_bytes")] = double(capacity);
            root[QStringLiteral("units")] = QString::fromLatin1(unitName(units));
            root[QStringLiteral("scenario")] = scenarioToJson(s);
            out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
            return kExitOk;
        }
        out(sweepCsv(pts, units)); // the export bundle's memory-vs-gpus.csv too (issue 26)
        return kExitOk;
    });
}

} // namespace shardscope::cli
