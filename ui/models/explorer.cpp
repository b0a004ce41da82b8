// SPDX-License-Identifier: MIT
#include "explorer.h"

#include "shardscope/errors.h"

#include <QLocale>

#include <algorithm>
#include <functional>

namespace shardscope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

/// Does `s` fit? InvalidInput (e.g. TP no longer divides the heads) counts as "no".
bool fitsWith(const Scenario& s)
{
    try {
        return computeFootprint(s).fits;
    } catch (const InvalidInput&) {
        return false;
    }
}

} // namespace

QString formatBytesUi(double bytes, ByteUnit unit)
{
    const double v = bytes / unitDivisor(unit);
    const int decimals = std::abs(v) < 10 ? 2 : 1;
    return QLocale::c().toString(v, 'f', decimals) + QLatin1Char(' ') + QLatin1String(unitName(unit));
}

std::int64_t firstGpuOfStage(const Scenario& s, std::int64_t stage) { return stage * s.tp * s.dp(); }

std::int64_t sweepMaxGpus(const Scenario& s)
{
    std::int64_t hi = 16384;
    while (hi < s.gpus && hi < kMaxGpus)
        hi *= 2;
    return hi;
}

ExplorerResult computeExplorer(const Scenario& s)
{
    ExplorerResult r;
    r.scenario = s;
    r.footprint = computeFootprint(s); // throws InvalidInput for a scenario without an answer
    r.minGpus = minGpusAllStages(s);
    const std::int64_t k = s.modelParallel();
    r.sweepMaxGpus = sweepMaxGpus(s);
    r.gpuCounts = powerOfTwoGpuCounts(k, r.sweepMaxGpus, k);
    if (std::find(r.gpuCounts.begin(), r.gpuCounts.end(), s.gpus) == r.gpuCounts.end()) {
        r.gpuCounts.push_back(s.gpus);
        std::sort(r.gpuCounts.begin(), r.gpuCounts.end());
    }
    r.sweep = sweep(s, r.gpuCounts, {0, 1, 2, 3});
    r.stagesAtN = sweep(s, {s.gpus}, {0, 1, 2, 3});
    return r;
}

QStringList fixesFor(const ExplorerResult& r)
{
    const Scenario& s = r.scenario;
    QStringList fixes;
    if (r.footprint.fits)
        return fixes;
    // 1. A higher ZeRO stage at the same N (the first that fits).
    for (const SweepPoint& p : r.stagesAtN) {
        if (p.stage > s.zeroStage && p.fits) {
            fixes << QStringLiteral("ZeRO-%1").arg(p.stage);
            break;
        }
    }
    // 2. More GPUs with the same stage.
    for (const MinGpus& m : r.minGpus)
        if (m.stage == s.zeroStage && m.minGpus && *m.minGpus > s.gpus)
            fixes << QStringLiteral("N \u2265 %1").arg(*m.minGpus);
    // 3. Memory savers and batch, one knob at a time.
    struct Try
    {
        QString label;
        std::function<bool(Scenario&)> apply; ///< false when the knob is already there
    };
    const std::vector<Try> tries = {
        {QStringLiteral("selective checkpointing"),
         [](Scenario& x) {
             if (x.checkpointing != Checkpointing::None)
                 return false;
             x.checkpointing = Checkpointing::Selective;
             return true;
         }},
        {QStringLiteral("full checkpointing"),
         [](Scenario& x) {
             if (x.checkpointing == Checkpointing::Full)
                 return false;
             x.checkpointing = Checkpointing::Full;
             return true;
         }},
        {QStringLiteral("FlashAttention"),
         [](Scenario& x) {
             if (x.flashAttention)
                 return false;
             x.flashAttention = true;
             return true;
         }},
        {QStringLiteral("micro-batch 1"),
         [](Scenario& x) {
             if (x.microBatch == 1)
                 return false;
             x.microBatch = 1;
             return true;
         }},
        {QStringLiteral("TP %1").arg(s.tp * 2),
         [](Scenario& x) {
             if (x.tp >= 64)
                 return false;
             x.tp *= 2;
             return true;
         }},
        {QStringLiteral("optimizer offload to CPU"),
         [](Scenario& x) {
             if (x.zeroStage < 1 || x.offloadOptimizer != OffloadDevice::None)
                 return false;
             x.offloadOptimizer = OffloadDevice::Cpu;
             return true;
         }},
        {QStringLiteral("parameter offload to CPU"),
         [](Scenario& x) {
             if (x.zeroStage < 3 || x.offloadParams != OffloadDevice::None)
                 return false;
             x.offloadParams = OffloadDevice::Cpu;
             return true;
         }},
    };
    bool checkpointFixed = false;
    for (const Try& t : tries) {
        Scenario x = s;
        if (!t.apply(x))
            continue;
        if (t.label.endsWith(QLatin1String("checkpointing"))) {
            if (checkpointFixed)
                continue; // selective already fits: full is not the smallest change
        }
        if (fitsWith(x)) {
            fixes << t.label;
            if (t.label.endsWith(QLatin1String("checkpointing")))
                checkpointFixed = true;
        }
    }
    return fixes;
}

Verdict verdictFor(const ExplorerResult& r, ByteUnit unit)
{
    const Scenario& s = r.scenario;
    const Footprint& f = r.footprint;
    const RankFootprint& w = f.worstRank();
    Verdict v;
    const QString gpu = q(f.gpu.name);
    QString capacity = formatBytesUi(double(f.capacityBytes), unit) + QStringLiteral(" (") + gpu + QLatin1Char(')');
    if (f.usableBytes != f.capacityBytes)
        capacity += QStringLiteral(", ") + formatBytesUi(double(f.usableBytes), unit) + QStringLiteral(" usable");
    const QString where = QStringLiteral("GPU %1, pipeline stage %2 of %3")
                              .arg(firstGpuOfStage(s, w.stage))
                              .arg(w.stage + 1)
                              .arg(s.pp);
    const MinGpus* mine = nullptr;
    for (const MinGpus& m : r.minGpus)
        if (m.stage == s.zeroStage)
            mine = &m;

    if (f.fits) {
        v.kind = Verdict::Kind::Fits;
        v.text = QStringLiteral("Fits: %1 of %2 on the worst rank (%3); headroom %4")
                     .arg(formatBytesUi(double(w.totalBytes), unit), capacity, where,
                          formatBytesUi(double(f.usableBytes - w.totalBytes), unit));
    } else if (mine && !mine->minGpus && mine->reason.rfind("never fits", 0) == 0) {
        v.kind = Verdict::Kind::NeverFits;
        QString reason = q(mine->reason);
        reason[0] = reason[0].toUpper();
        v.text = reason;
        QStringList other;
        for (const MinGpus& m : r.minGpus)
            if (m.stage != s.zeroStage && m.minGpus)
                other << QStringLiteral("ZeRO-%1 fits from N = %2").arg(m.stage).arg(*m.minGpus);
        if (!other.isEmpty())
            v.text += QStringLiteral(". ") + other.join(QStringLiteral("; "));
        const QStringList fixes = fixesFor(r);
        if (!fixes.isEmpty())
            v.text += QStringLiteral(". At N = %1 it fits with: ").arg(s.gpus) + fixes.join(QStringLiteral(", or "));
    } else {
        v.kind = Verdict::Kind::DoesNotFit;
        v.text = QStringLiteral("Does not fit: %1 over (%2 of %3 on the worst rank, %4)")
                     .arg(formatBytesUi(double(w.totalBytes - f.usableBytes), unit),
                          formatBytesUi(double(w.totalBytes), unit), capacity, where);
        const QStringList fixes = fixesFor(r);
        v.text += fixes.isEmpty() ? QStringLiteral("; no single change fits")
                                  : QStringLiteral("; smallest change that fits: ") + fixes.join(QStringLiteral(", or "));
    }
    if (!f.hostFits)
        v.text += QStringLiteral(". Host RAM per node does not fit: %1 of %2")
                      .arg(formatBytesUi(double(f.hostBytesPerNode), unit),
                           formatBytesUi(double(s.hostRamBytesPerNode), unit));
    if (!f.nvmeFits)
        v.text += QStringLiteral(". NVMe per node does not fit: %1 of %2")
                      .arg(formatBytesUi(double(f.nvmeBytesPerNode), unit),
                           formatBytesUi(double(s.nvmeBytesPerNode), unit));
    return v;
}

Verdict invalidVerdict(const QString& field, const QString& message)
{
    Verdict v;
    v.kind = Verdict::Kind::Invalid;
    v.text = QStringLiteral("No answer for this scenario (%1): %2. The charts show the last valid scenario.")
                 .arg(field, message);
    return v;
}

} // namespace shardscope
