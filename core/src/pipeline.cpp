// SPDX-License-Identifier: MIT
// Pipeline schedules (GPipe, 1F1B, interleaved): the order of each stage's blocks and their list
// scheduling. Shared by the step simulator (step.cpp) and the closed-form planner.
#include "shardscope/pipeline.h"

#include "stagetime.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace shardscope {

double pipelineBubbleFraction(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v)
{
    if (p <= 1)
        return 0;
    // Narayanan et al. 2021: bubble / ideal = (p-1)/m, interleaved (p-1)/(v m); as a share of the step
    // (seed 003's form): (p-1)/(p-1+m).
    const double vm = double(m) * double(schedule == PipelineSchedule::Interleaved ? v : 1);
    return double(p - 1) / (double(p - 1) + vm);
}

namespace {

/// Forwards stage i runs before its first backward: GPipe all of them; 1F1B (PipeDream-Flush, Megatron) p - i - 1;
/// Megatron's interleaved schedule (p - i - 1) x 2 + (v - 1) x p chunks. v is 1 unless interleaved with p > 1.
std::int64_t warmupForwards(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v, std::int64_t i)
{
    if (p > 1 && sched == PipelineSchedule::GPipe)
        return m;
    if (v == 1)
        return std::min(p - i - 1, m);
    return std::min((p - i - 1) * 2 + (v - 1) * p, m * v);
}

} // namespace

ScheduleOp stageOp(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v, std::int64_t i, std::int64_t k)
{
    if (p == 1 || sched != PipelineSchedule::Interleaved)
        v = 1;
    // After the warm-up, one forward then one backward, then the remaining backwards. With p == 1 (gradient
    // accumulation) the micro-batches simply run one after another. Megatron's interleaved schedule (schedules.py,
    // forward_backward_pipelining_with_interleaving): virtual micro-batch j runs chunk (j mod pv) / p of micro-batch
    // (j / pv) p + j mod p; backwards visit the chunks in reverse (with v == 1: micro-batch j, chunk 0).
    const std::int64_t total = m * v;
    const std::int64_t w = warmupForwards(sched, p, m, v, i);
    auto fwdOp = [&](std::int64_t j) {
        return ScheduleOp {(j % (p * v)) / p, (j / (p * v)) * p + j % p, true};
    };
    auto bwdOp = [&](std::int64_t j) {
        return ScheduleOp {v - 1 - (j % (p * v)) / p, (j / (p * v)) * p + j % p, false};
    };
    if (k < w)
        return fwdOp(k);
    if (k < 2 * total - w)
        return (k - w) % 2 == 0 ? fwdOp(w + (k - w) / 2) : bwdOp((k - w) / 2);
    return bwdOp(k - total);
}

std::vector<ScheduleOp> stageOrder(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v, std::int64_t i)
{
    if (p == 1 || sched != PipelineSchedule::Interleaved)
        v = 1;
    std::vector<ScheduleOp> o;
    o.reserve(static_cast<std::size_t>(2 * m * v));
    for (std::int64_t k = 0; k < 2 * m * v; ++k)
        o.push_back(stageOp(sched, p, m, v, i, k));
    return o;
}

void scheduleStageEnds(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                       const VirtualStageTimes* times, double* ends)
{
    if (p == 1 || sched != PipelineSchedule::Interleaved)
        v = 1;
    const std::int64_t V = p * v;
    const std::int64_t total = m * v;
    /// Where stage i is in its order (stageOp() without its divisions): position k, and the next forward and
    /// backward as (offset within a group of p micro-batches, chunk, group's first micro-batch).
    struct Cursor
    {
        std::int64_t k = 0, w = 0;
        std::int64_t fOff = 0, fChunk = 0, fBase = 0;
        std::int64_t bOff = 0, bChunk = 0, bBase = 0;
    };
    // Scratch kept per thread: no allocation once it has grown to the largest schedule seen.
    thread_local std::vector<double> fEndS, bEndS, freeAtS;
    thread_local std::vector<Cursor> curS;
    thread_local std::vector<std::int64_t> workS;
    thread_local std::vector<char> queuedS;
    const auto blocks = static_cast<std::size_t>(V * m);
    fEndS.assign(blocks, -1.0);
    bEndS.assign(blocks, -1.0);
    freeAtS.assign(static_cast<std::size_t>(p), 0.0);
    curS.assign(static_cast<std::size_t>(p), Cursor {});
    queuedS.assign(static_cast<std::size_t>(p), 1);
    workS.resize(static_cast<std::size_t>(p));
    double* const fEnd = fEndS.data();
    double* const bEnd = bEndS.data();
    double* const freeAt = freeAtS.data();
    Cursor* const cur = curS.data();
    char* const queued = queuedS.data();
    std::int64_t* const work = workS.data(); // a stack: each stage is on it at most once
    std::size_t top = 0;
    for (std::int64_t i = p - 1; i >= 0; --i) {
        work[top++] = i;
        cur[i].w = warmupForwards(sched, p, m, v, i);
    }
    // Groups of g micro-batches run through the chunks in turn (g = p interleaved; one chunk otherwise).
    const std::int64_t g = v > 1 ? p : m;
    std::int64_t done = 0;
    while (top > 0) {
        const std::int64_t i = work[--top];
        queued[i] = 0;
        Cursor& c = cur[i];
        double free = freeAt[i];
        while (c.k < 2 * total) {
            const bool fwd = c.k < c.w || (c.k < 2 * total - c.w && ((c.k - c.w) & 1) == 0);
            const std::int64_t chunk = fwd ? c.fChunk : v - 1 - c.bChunk;
            const std::int64_t mb = fwd ? c.fBase + c.fOff : c.bBase + c.bOff;
            const std::int64_t vs = chunk * p + i;
            double dep = 0;
            if (fwd)
                dep = vs > 0 ? fEnd[(vs - 1) * m + mb] : 0.0;
            else
                dep = vs < V - 1 ? bEnd[(vs + 1) * m + mb] : fEnd[vs * m + mb];
            if (dep < 0)
                break;
            const VirtualStageTimes& t = times[vs];
            const bool last = mb == m - 1;
            const double duration = fwd ? t.fwd : (last ? t.lastBwd : t.bwd);
            const double release = fwd ? t.fwdRelease : (last ? t.lastBwdRelease : t.bwdRelease);
            const double start = std::max(free, dep);
            free = start + duration;
            (fwd ? fEnd : bEnd)[vs * m + mb] = start + release;
            ++c.k;
            ++done;
            std::int64_t& off = fwd ? c.fOff : c.bOff;
            std::int64_t& ch = fwd ? c.fChunk : c.bChunk;
            std::int64_t& base = fwd ? c.fBase : c.bBase;
            if (++off == g) {
                off = 0;
                if (++ch == v) {
                    ch = 0;
                    base += g;
                }
            }
            const std::int64_t next = fwd ? vs + 1 : vs - 1;
            if (next >= 0 && next < V) {
                const std::int64_t ns = next % p;
                if (!queued[ns] && ns != i) {
                    queued[ns] = 1;
                    work[top++] = ns;
                }
            }
        }
        freeAt[i] = free;
    }
    if (done != 2 * total * p)
        throw std::logic_error("pipeline schedule deadlocked");
    for (std::int64_t i = 0; i < p; ++i)
        ends[i] = freeAt[i];
}

namespace {

/// Whether the state `now` (n values) is the state `before` moved by one amount (`lambda`, returned), within a few
/// hundred ulps of the state's magnitude: the test that a run of equal maps has settled to its steady shift.
bool shiftedAlike(const double* now, const double* before, std::size_t n, double& lambda)
{
    lambda = now[0] - before[0];
    double scale = 0;
    for (std::size_t k = 0; k < n; ++k)
        scale = std::max(scale, std::abs(now[k]));
    const double tol = 1e-13 * scale;
    for (std::size_t k = 0; k < n; ++k)
        if (!(std::abs(now[k] - before[k] - lambda) <= tol))
            return false;
    return true;
}

/// The period skip of the interleaved placements (placeInterleaved(), tickProgramPlace()): the ticks 0 .. tLast
/// repeat with a period of p v ticks; the state (n numbers) is kept after a first repeating tick, compared one period
/// later, and once one period moves the whole state by the same seconds (shiftedAlike()), every later one does too
/// (max-plus linear): whole periods are skipped to the last that fits. `snap` and `cur` hold n numbers each.
class PeriodSkip
{
public:
    PeriodSkip(std::int64_t T, std::int64_t tLast, std::int64_t period, std::size_t n, double* snap, double* cur)
        : m_T(T), m_tLast(tLast), m_period(period), m_n(n), m_snap(snap), m_cur(cur)
    {
    }
    /// After tick t: `take(dst)` writes the state into dst, `shift(seconds)` moves it. Returns the ticks skipped.
    template <typename Take, typename Shift>
    std::int64_t after(std::int64_t t, Take&& take, Shift&& shift)
    {
        if (t < 0 || t > m_tLast || m_snapTick >= m_T)
            return 0;
        if (m_snapTick >= 0 && t == m_snapTick + m_period) {
            take(m_cur);
            double lambda = 0;
            if (shiftedAlike(m_cur, m_snap, m_n, lambda)) {
                const std::int64_t k = (m_tLast - t) / m_period;
                shift(double(k) * lambda);
                m_snapTick = m_T;
                return k * m_period;
            }
            std::copy(m_cur, m_cur + m_n, m_snap);
            m_snapTick = t;
        } else if (m_snapTick < 0) {
            take(m_snap);
            m_snapTick = t;
        }
        return 0;
    }

private:
    std::int64_t m_T, m_tLast, m_period;
    std::size_t m_n;
    double *m_snap, *m_cur;
    std::int64_t m_snapTick = -1; ///< the tick after which m_snap was taken (-1: none; T: no more skips)
};

/// One tick's rounds of stages i0 .. i1 - 1 (placeInterleaved()), each a forward (with `Fwd`) then a backward (with
/// `Bwd`), every input read at the stage's own index: fin[i] is the release stage i's forward waits for, bin[i] the
/// one its backward waits for (both of the tick before), so the stages are independent of each other and the loop
/// has no branch. Stage i's releases go where its neighbours read them in the next tick: its forward's to finN[i + 1],
/// its backward's to binN[i - 1] (binN has a slot before its first stage). fd, fr, bd, br: the durations and releases
/// of the blocks each stage runs in this tick, by stage.
template<bool Fwd, bool Bwd>
void placeRun(std::int64_t i0, std::int64_t i1, double* __restrict freeAt, const double* __restrict fin,
              double* __restrict finN, const double* __restrict bin, double* __restrict binN, const double* __restrict fd,
              const double* __restrict fr, const double* __restrict bd, const double* __restrict br)
{
    std::int64_t i = i0;
#if defined(__SSE2__)
    // Two stages at a time (baseline x86-64). _mm_max_pd(x, y) is x > y ? x : y, so _mm_max_pd(input, end) is
    // std::max(end, input) to the bit, and the sums are the scalar loop's.
    for (; i + 2 <= i1; i += 2) {
        __m128d free = _mm_loadu_pd(freeAt + i);
        if (Fwd) {
            const __m128d start = _mm_max_pd(_mm_loadu_pd(fin + i), free);
            free = _mm_add_pd(start, _mm_loadu_pd(fd + i));
            _mm_storeu_pd(finN + i + 1, _mm_add_pd(start, _mm_loadu_pd(fr + i)));
        }
        if (Bwd) {
            const __m128d start = _mm_max_pd(_mm_loadu_pd(bin + i), free);
            free = _mm_add_pd(start, _mm_loadu_pd(bd + i));
            _mm_storeu_pd(binN + i - 1, _mm_add_pd(start, _mm_loadu_pd(br + i)));
        }
        _mm_storeu_pd(freeAt + i, free);
    }
#endif
    for (; i < i1; ++i) {
        double free = freeAt[i];
        if (Fwd) {
            const double start = std::max(free, fin[i]);
            free = start + fd[i];
            finN[i + 1] = start + fr[i];
        }
        if (Bwd) {
            const double start = std::max(free, bin[i]);
            free = start + bd[i];
            binN[i - 1] = start + br[i];
        }
        freeAt[i] = free;
    }
}

/// Megatron's interleaved schedule placed in a fixed order instead of from a work list (scheduleStageEndsSteady()):
/// stage i's warm-up forwards are its rounds -w_i .. -1, then round r runs its forward of virtual micro-batch
/// r + w_i (while there is one) and its backward of r. Round r of stage i is placed at tick r - i: every input a
/// block waits for was placed in the tick before (stage i - 1's forward of the same virtual micro-batch, stage 0's
/// from stage p - 1's forward of the one p before; stage i + 1's backward of the same one, stage p - 1's from stage
/// 0's backward of the one p before) or, the last virtual stage's own forward, earlier in the same tick, when no
/// stage's warm-up is cut short by the micro-batches (w_i = (p - i - 1) 2 + (v - 1) p <= m v). So the state between
/// ticks is p x 3 numbers: each stage's end and the releases of the forward and the backward it placed in the tick,
/// kept where the stage that waits for them reads them (placeRun()). A tick places its stages in at most two loops
/// without branches (the stages with one block, in the warm-up or the cool-down, then those with both; every input
/// from the tick before) and the last stage apart (its backward may wait for its own forward). The blocks each stage
/// runs are kept in rows by stage, from tick to tick: one stage's forward and one's backward change chunk a tick (the
/// one starting a group of p virtual micro-batches), and one stage's backward may be the last micro-batch's.
/// The ticks 0 .. m v - (v + 1) p (every stage runs a forward and a backward that is not the last micro-batch's)
/// repeat with a period of p v ticks (the chunks' turn: p micro-batches x v chunks); once one period moves the whole
/// state by the same seconds, every later one does too (max-plus linear, as the 1F1B rounds), and whole periods are
/// skipped to the last that fits.
void placeInterleaved(std::int64_t p, std::int64_t m, std::int64_t v, const VirtualStageTimes* times, double* ends)
{
    const std::int64_t T = m * v, P = p * v, w0 = (p - 1) * 2 + (v - 1) * p;
    if (P < 1) // the callers place p >= 1 stages of v >= 1 chunks; never divide by a period of none
        return;
    const auto up = static_cast<std::size_t>(p);
    thread_local std::vector<double> bufS;
    const std::size_t need = 15 * up + 8;
    if (bufS.size() < need)
        bufS.resize(need);
    // freeAt[i]: stage i's end. The releases of the tick before, where they are read: fin[i] (i >= 1), stage i - 1's
    // forward; fin[p], stage p - 1's (stage 0's forward reads it unless at chunk 0); bin[i] (i <= p - 2), stage
    // i + 1's backward; bin[-1], stage 0's (the last stage's backward reads it unless at chunk v - 1). finN, binN:
    // those being placed in this tick. snap and cur: (freeAt, fin[1 .. p], bin[-1 .. p - 2]) after two ticks a
    // period apart. rfd, rfr, rbd, rbr: the rows, the blocks each stage runs in this tick.
    double* const freeAt = bufS.data();
    double* fin = freeAt + up;
    double* finN = fin + up + 1;
    double* bin = finN + up + 2; // bin[-1] .. bin[p - 1]
    double* binN = bin + up + 1;
    double* const snap = binN + up + 1;
    double* const cur = snap + 3 * up;
    double* const rfd = cur + 3 * up;
    double* const rfr = rfd + up;
    double* const rbd = rfr + up;
    double* const rbr = rbd + up;
    std::fill(freeAt, rfd, 0.0);
    auto setForward = [&](std::int64_t i, std::int64_t chunk) {
        const VirtualStageTimes& x = times[chunk * p + i];
        rfd[i] = x.fwd;
        rfr[i] = x.fwdRelease;
    };
    auto setBackward = [&](std::int64_t i, std::int64_t chunk, bool last) {
        const VirtualStageTimes& x = times[chunk * p + i];
        rbd[i] = last ? x.lastBwd : x.bwd;
        rbr[i] = last ? x.lastBwdRelease : x.bwdRelease;
    };
    // The first tick's rows: stage i's forward of virtual micro-batch -i, its backward of -w0 + i (neither is the
    // last micro-batch's).
    for (std::int64_t i = 0; i < p; ++i) {
        setForward(i, (((-i) % P + P) % P) / p);
        setBackward(i, v - 1 - (((i - w0) % P + P) % P) / p, false);
    }
    auto take = [&](double* dst) {
        std::copy(freeAt, freeAt + up, dst);
        std::copy(fin + 1, fin + 1 + up, dst + up);
        std::copy(bin - 1, bin - 1 + up, dst + 2 * up);
    };
    PeriodSkip skip(T, T - (v + 1) * p, P, 3 * up, snap, cur);
    auto shift = [&](double seconds) {
        for (std::size_t n = 0; n < up; ++n) {
            freeAt[n] += seconds;
            fin[n + 1] += seconds;
            bin[std::ptrdiff_t(n) - 1] += seconds;
        }
    };
    // Stage 0's forward virtual micro-batch t + w0 and backward t as (chunk, offset) within the period: kept as
    // counters from tick to tick instead of divisions (a period skip leaves them as they are, as the rows).
    std::int64_t fChunk = 0, fOff = 0;
    const std::int64_t rm0 = ((-w0 % P) + P) % P;
    std::int64_t bChunk = rm0 / p, bOff = rm0 % p;
    for (std::int64_t t = -w0; t < T; ++t) {
        // Stage i places its round t + i when -w_i <= t + i <= T - 1, i.e. i <= t + w0 and i <= T - 1 - t; its
        // forward (of virtual micro-batch t + w0 - i) while that is below T, i.e. from stage fa; its backward (of
        // t + i) from 0, i.e. from stage ba. Not both fa and ba are above 0 (no warm-up is cut short).
        const std::int64_t end = std::min(std::min(p - 1, t + w0), T - 1 - t) + 1;
        const std::int64_t fa = std::max<std::int64_t>(0, t + w0 - T + 1);
        const std::int64_t ba = std::max<std::int64_t>(0, -t);
        // The rows: stage fOff's forward starts a group at stage 0's chunk; the backward of stage p - bOff (mod p)
        // starts one, at the chunk after stage 0's (stage 0's own when bOff is 0); stage p - 1 - bOff's backward is
        // at offset p - 1, the last micro-batch's in the last round of groups (r >= T - p v).
        const std::int64_t bc0 = v - 1 - bChunk, bc1 = bChunk + 1 == v ? v - 1 : v - 2 - bChunk;
        setForward(fOff, fChunk);
        if (bOff == 0)
            setBackward(0, bc0, false);
        else
            setBackward(p - bOff, bc1, false);
        const std::int64_t iLast = p - 1 - bOff;
        if (t + iLast >= T - P)
            setBackward(iLast, bc0, true);
        // Stage 0's forward waits for stage p - 1's of the tick before, or for nothing at virtual stage 0.
        fin[0] = fChunk == 0 ? 0.0 : fin[p];
        const std::int64_t e = std::min(end, p - 1);
        const std::int64_t both = std::max(fa, ba);
        if (ba > 0)
            placeRun<true, false>(0, std::min(ba, e), freeAt, fin, finN, bin, binN, rfd, rfr, rbd, rbr);
        else if (fa > 0)
            placeRun<false, true>(0, std::min(fa, e), freeAt, fin, finN, bin, binN, rfd, rfr, rbd, rbr);
        placeRun<true, true>(both, e, freeAt, fin, finN, bin, binN, rfd, rfr, rbd, rbr);
        // The last stage: its backward waits for its own forward of this tick at the last virtual stage (chunk v - 1),
        // else for stage 0's backward of the tick before.
        if (end == p) {
            const std::int64_t i = p - 1;
            double free = freeAt[i];
            if (i >= fa) {
                const double start = std::max(free, fin[i]);
                free = start + rfd[i];
                finN[p] = start + rfr[i];
            }
            if (i >= ba) {
                const bool lastChunk = (bOff == 0 ? bc0 : bc1) == v - 1;
                const double start = std::max(free, lastChunk ? finN[p] : bin[-1]);
                free = start + rbd[i];
                binN[i - 1] = start + rbr[i];
            }
            freeAt[i] = free;
        }
        std::swap(fin, finN);
        std::swap(bin, binN);
        if (++fOff == p) {
            fOff = 0;
            fChunk = fChunk + 1 == v ? 0 : fChunk + 1;
        }
        if (++bOff == p) {
            bOff = 0;
            bChunk = bChunk + 1 == v ? 0 : bChunk + 1;
        }
        t += skip.after(t, take, shift);
    }
    for (std::int64_t i = 0; i < p; ++i)
        ends[i] = freeAt[i];
}

/// A schedule's blocks in an order that places each after its inputs, with where each reads its input: then any
/// table of block times is placed in one pass without a branch. Block n of the order writes its release to slot
/// n + 1 (slot 0: no input, always 0), so an op is 8 bytes: its stage, its block-table entry (as the offset of the
/// duration in placeCompiled()'s table, no arithmetic left in the pass) and the slot it reads. Kept per thread for
/// the last few (schedule, p, m, v): the order depends on nothing else.
struct CompiledOrder
{
    struct Op
    {
        std::uint16_t stage;
        std::uint16_t entry; ///< 2 (kind (0 forward, 1 backward, 2 last backward) x V + virtual stage)
        std::uint32_t dep; ///< the slot of its input's release
    };
    PipelineSchedule sched = PipelineSchedule::OneFOneB;
    std::int64_t p = 0, m = 0, v = 0;
    std::vector<Op> ops;
    unsigned shift = 0; ///< bits of the stage in the packed word compiledOrder() sorts the blocks by
};

/// Whether compiledOrder() can pack (p, m, v)'s ops: every slot fits 32 bits, every stage and table offset 16 (the
/// planner's shapes by far: p v is at most the layer count), and the packed word compiledOrder() sorts by 32.
bool compilable(std::int64_t p, std::int64_t m, std::int64_t v)
{
    unsigned shift = 0;
    while ((std::int64_t(1) << shift) < p)
        ++shift;
    const std::int64_t limit = std::int64_t(1) << 31;
    return 2 * p * m * v + 1 < limit && (3 * p * v) < (limit >> shift) && 6 * p * v < 65536;
}

/// The compiled orders and tick programs of the shapes placed last, per thread: the planner's searches place some
/// dozens of shapes over and over, in turns, so all are kept, up to kKept of them and kKeptSize elements in all (16 or
/// 32 MiB), replaced in turn beyond (their storage freed); the last one found is looked at first. find() gives the
/// kept one (found) or a slot to fill (with `size` elements, counted against the bound); references stay valid until
/// the next find().
template <typename T>
class KeptShapes
{
public:
    template <typename Is, typename Storage>
    T& find(Is&& is, std::size_t size, Storage&& storage, bool& found)
    {
        found = true;
        if (m_last < m_cache.size() && is(m_cache[m_last]))
            return m_cache[m_last];
        for (std::size_t n = 0; n < m_cache.size(); ++n)
            if (is(m_cache[n])) {
                m_last = n;
                return m_cache[n];
            }
        found = false;
        m_cache.reserve(kKept);
        if (m_cache.empty() || (m_cache.size() < kKept && m_kept + size <= kKeptSize)) {
            m_cache.emplace_back();
            m_last = m_cache.size() - 1;
        } else {
            m_last = m_next;
            do {
                auto& st = storage(m_cache[m_next]);
                m_kept -= st.size();
                m_cache[m_next].p = 0; // matches no shape
                std::remove_reference_t<decltype(st)>().swap(st);
                m_next = (m_next + 1) % m_cache.size();
            } while (m_kept + size > kKeptSize && m_kept > 0);
        }
        m_kept += size;
        return m_cache[m_last];
    }
    /// A slot find() gave that is not kept after all (its shape no longer matches): its size no longer counts.
    void forget(std::size_t size) { m_kept -= size; }

private:
    static constexpr std::size_t kKept = 128, kKeptSize = std::size_t(1) << 22;
    std::vector<T> m_cache;
    std::size_t m_next = 0, m_last = 0, m_kept = 0; ///< the next to replace, the last found, elements kept
};

const CompiledOrder& compiledOrder(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v)
{
    thread_local KeptShapes<CompiledOrder> kept; // some 80 shapes in the planner's searches
    const auto ops = static_cast<std::size_t>(2 * p * m * v);
    bool found = false;
    CompiledOrder& c = kept.find(
        [&](const CompiledOrder& o) { return o.sched == sched && o.p == p && o.m == m && o.v == v; }, ops,
        [](CompiledOrder& o) -> auto& { return o.ops; }, found);
    if (found)
        return c;
    c.sched = sched;
    c.p = p;
    c.m = m;
    c.v = v;
    c.ops.clear();
    c.shift = 0;
    while ((std::int64_t(1) << c.shift) < p)
        ++c.shift;
    // The order scheduleStageEnds()'s work list finds, with each block's release in a slot by (direction, virtual
    // stage, micro-batch) for now.
    struct Block
    {
        std::uint32_t what, dep, out;
    };
    std::vector<Block> blocks;
    const std::int64_t V = p * v, total = m * v;
    const auto slots = static_cast<std::size_t>(1 + 2 * V * m);
    auto fSlot = [&](std::int64_t vs, std::int64_t mb) { return std::uint32_t(1 + vs * m + mb); };
    auto bSlot = [&](std::int64_t vs, std::int64_t mb) { return std::uint32_t(1 + V * m + vs * m + mb); };
    std::vector<char> placed(slots, 0);
    placed[0] = 1;
    std::vector<std::int64_t> k(static_cast<std::size_t>(p), 0), work;
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    for (std::int64_t i = p - 1; i >= 0; --i)
        work.push_back(i);
    while (!work.empty()) {
        const std::int64_t i = work.back();
        work.pop_back();
        queued[std::size_t(i)] = 0;
        while (k[std::size_t(i)] < 2 * total) {
            const ScheduleOp op = stageOp(sched, p, m, v, i, k[std::size_t(i)]);
            const std::int64_t vs = op.chunk * p + i;
            const std::uint32_t dep = op.fwd ? (vs > 0 ? fSlot(vs - 1, op.mb) : 0)
                                             : (vs < V - 1 ? bSlot(vs + 1, op.mb) : fSlot(vs, op.mb));
            if (!placed[dep])
                break;
            const std::uint32_t out = op.fwd ? fSlot(vs, op.mb) : bSlot(vs, op.mb);
            const std::int64_t kind = op.fwd ? 0 : op.mb == m - 1 ? 2 : 1;
            blocks.push_back({std::uint32_t(i) | std::uint32_t(kind * V + vs) << c.shift, dep, out});
            placed[out] = 1;
            ++k[std::size_t(i)];
            const std::int64_t nextVs = op.fwd ? vs + 1 : vs - 1;
            if (nextVs >= 0 && nextVs < V) {
                const std::int64_t ns = nextVs % p;
                if (!queued[std::size_t(ns)] && ns != i) {
                    queued[std::size_t(ns)] = 1;
                    work.push_back(ns);
                }
            }
        }
    }
    if (std::int64_t(blocks.size()) != 2 * total * p) {
        c.p = 0; // not kept
        kept.forget(ops);
        throw std::logic_error("pipeline schedule deadlocked");
    }
    // The work list places a stage's blocks one after another, each waiting for the one before (its stage's end): a
    // chain of dependent loads, adds and stores. Sorted by depth (one more than the deeper of its stage's previous
    // block and its input's block), the blocks of one depth are on different stages and independent of each other,
    // so the processor overlaps them. Any order that places each block after its inputs gives the same numbers (each
    // block's start is the same maximum of the same two values).
    const std::uint32_t stageMask = (std::uint32_t(1) << c.shift) - 1;
    std::vector<std::int32_t> depth(blocks.size()), stageDepth(static_cast<std::size_t>(p), 0), slotDepth(slots, 0);
    std::int32_t deepest = 0;
    for (std::size_t n = 0; n < blocks.size(); ++n) {
        const Block& b = blocks[n];
        const std::size_t stage = b.what & stageMask;
        const std::int32_t d = std::max(stageDepth[stage], slotDepth[b.dep]) + 1;
        depth[n] = d;
        stageDepth[stage] = d;
        slotDepth[b.out] = d;
        deepest = std::max(deepest, d);
    }
    std::vector<std::size_t> first(static_cast<std::size_t>(deepest) + 2, 0);
    for (const std::int32_t d : depth)
        ++first[std::size_t(d) + 1];
    for (std::size_t d = 1; d < first.size(); ++d)
        first[d] += first[d - 1];
    std::vector<std::size_t> at(blocks.size()); // each block's place in the sorted order
    for (std::size_t n = 0; n < blocks.size(); ++n)
        at[n] = first[std::size_t(depth[n])]++;
    // Then the slots renumbered by the block that writes them: block n of the order writes slot n + 1.
    std::vector<std::uint32_t> renamed(slots, 0);
    for (std::size_t n = 0; n < blocks.size(); ++n)
        renamed[blocks[n].out] = std::uint32_t(at[n] + 1);
    c.ops.resize(ops);
    for (std::size_t n = 0; n < blocks.size(); ++n)
        c.ops[at[n]] = {std::uint16_t(blocks[n].what & stageMask), std::uint16_t(2 * (blocks[n].what >> c.shift)),
                        renamed[blocks[n].dep]};
    return c;
}

/// The placement of a compiled order (compiledOrder()) for these block times.
void placeCompiled(const CompiledOrder& c, const VirtualStageTimes* times, double* ends)
{
    const std::int64_t V = c.p * c.v;
    const auto uV = static_cast<std::size_t>(V);
    const std::size_t n = c.ops.size();
    thread_local std::vector<double> bufS;
    const std::size_t need = 6 * uV + n + 1 + static_cast<std::size_t>(c.p);
    if (bufS.size() < need)
        bufS.resize(need);
    double* const table = bufS.data(); // [2 (kind V + vs)]: the duration, then the release
    double* const slot = table + 6 * uV;
    double* const freeAt = slot + n + 1;
    for (std::size_t k = 0; k < uV; ++k) {
        table[2 * k] = times[k].fwd;
        table[2 * k + 1] = times[k].fwdRelease;
        table[2 * (uV + k)] = times[k].bwd;
        table[2 * (uV + k) + 1] = times[k].bwdRelease;
        table[2 * (2 * uV + k)] = times[k].lastBwd;
        table[2 * (2 * uV + k) + 1] = times[k].lastBwdRelease;
    }
    slot[0] = 0.0;
    std::fill(freeAt, freeAt + c.p, 0.0);
    const CompiledOrder::Op* const ops = c.ops.data();
    for (std::size_t k = 0; k < n; ++k) {
        const CompiledOrder::Op op = ops[k];
        const std::size_t stage = op.stage;
        const double* const t = table + op.entry;
        const double start = std::max(freeAt[stage], slot[op.dep]);
        freeAt[stage] = start + t[0];
        slot[k + 1] = start + t[1];
    }
    std::copy(freeAt, freeAt + c.p, ends);
}

/// Up to this many stages, an interleaved schedule is placed from its tick program (tickProgram()) where periods can
/// be skipped, else from its compiled order.
constexpr std::int64_t kFewStages = 8;

/// An interleaved schedule on a few stages (p <= kFewStages) in placeInterleaved()'s ticks, compiled once per (p, m, v):
/// for each tick and stage the block-table entries of its forward and its backward, an empty entry (no time, no
/// input) where the stage runs no such block in the tick. Then each tick is placed for every stage alike, without a
/// branch, the state (each stage's end and its releases of the tick) in registers (tickProgramPlace()).
struct TickProgram
{
    std::int64_t p = 0, m = 0, v = 0, ticks = 0;
    std::vector<std::uint32_t> entries; ///< [tick][stage][forward, backward]: into tickTable()'s entries
};

/// Up to this many entries (p x 2 a tick) a tick program is compiled (1 MiB); longer schedules take the tick loop.
constexpr std::int64_t kTickProgramEntries = std::int64_t(1) << 18;

const TickProgram& tickProgram(std::int64_t p, std::int64_t m, std::int64_t v)
{
    thread_local KeptShapes<TickProgram> kept; // a few dozen shapes in the planner's searches
    const std::int64_t T = m * v, V = p * v, P = p * v, w0 = (p - 1) * 2 + (v - 1) * p;
    const auto entries = static_cast<std::size_t>((T + w0) * p * 2);
    bool found = false;
    TickProgram& c = kept.find([&](const TickProgram& o) { return o.p == p && o.m == m && o.v == v; }, entries,
                               [](TickProgram& o) -> auto& { return o.entries; }, found);
    if (found)
        return c;
    c.p = p;
    c.m = m;
    c.v = v;
    c.ticks = T + w0;
    c.entries.assign(entries, std::uint32_t(3 * V));
    // Stage i's round r = t + i (placed when -w_i <= r <= T - 1, w_i = w0 - 2 i): the forward of virtual
    // micro-batch j = t + w0 - i while j < T, at chunk (j mod P) / p; the backward of r from r = 0, at chunk
    // v - 1 - (r mod P) / p, the last micro-batch's where r >= T - P at offset p - 1 (stageOp()).
    for (std::int64_t t = -w0; t < T; ++t)
        for (std::int64_t i = 0; i < p; ++i) {
            const std::int64_t r = t + i;
            if (r < -(w0 - 2 * i) || r > T - 1)
                continue;
            std::uint32_t* const e = &c.entries[static_cast<std::size_t>(((t + w0) * p + i) * 2)];
            const std::int64_t j = t + w0 - i;
            if (j < T)
                e[0] = std::uint32_t((j % P) / p * p + i);
            if (r >= 0) {
                const std::int64_t vs = (v - 1 - (r % P) / p) * p + i;
                const bool last = r >= T - P && r % p == p - 1;
                e[1] = std::uint32_t((last ? 2 : 1) * V + vs);
            }
        }
    return c;
}

/// The entries a tick program points at, each (duration, release, weight of the input, weight of the own forward):
/// forwards by virtual stage, then backwards, then the last micro-batch's backwards, then the empty entry (all 0).
/// A forward's input is the previous virtual stage's release (none at virtual stage 0: weight 0); a backward's the
/// next one's (at the last virtual stage, the own forward's: weights 0 and 1). x 1 and x 0 + y are exact, so a
/// weighted input is the input itself, and the empty entry leaves its stage as it was (max(end, 0) + 0 is the end).
void tickTable(std::int64_t V, const VirtualStageTimes* times, double* table)
{
    for (std::int64_t k = 0; k < V; ++k) {
        const VirtualStageTimes& x = times[k];
        const double edge = k == 0 ? 0.0 : 1.0, end = k == V - 1 ? 1.0 : 0.0;
        double* const f = table + 4 * k;
        double* const b = table + 4 * (V + k);
        double* const l = table + 4 * (2 * V + k);
        f[0] = x.fwd;
        f[1] = x.fwdRelease;
        f[2] = edge;
        f[3] = 0.0;
        b[0] = x.bwd;
        b[1] = x.bwdRelease;
        b[2] = 1.0 - end;
        b[3] = end;
        l[0] = x.lastBwd;
        l[1] = x.lastBwdRelease;
        l[2] = 1.0 - end;
        l[3] = end;
    }
    std::fill(table + 12 * V, table + 12 * V + 4, 0.0);
}

/// f(std::integral_constant<int, i>()) for i = 0 .. N - 1, unrolled.
template<int N, typename Fn, int... I>
void forEachIndex(Fn&& f, std::integer_sequence<int, I...>)
{
    (f(std::integral_constant<int, I>()), ...);
}
template<int N, typename Fn>
void forEachIndex(Fn&& f)
{
    forEachIndex<N>(f, std::make_integer_sequence<int, N>());
}

/// A tick program (tickProgram()) placed for this block table on P stages: placeInterleaved()'s ticks, each stage's
/// forward then backward, with its period skip; every input a weighted read of the state of the tick before (or, the
/// last stage's backward at the last virtual stage, of its own forward).
template<int P>
void tickProgramPlace(const TickProgram& c, const VirtualStageTimes* times, double* ends)
{
    const std::int64_t p = P, m = c.m, v = c.v, V = p * v, T = m * v, period = p * v;
    const std::int64_t w0 = (p - 1) * 2 + (v - 1) * p;
    thread_local std::vector<double> tableS;
    tableS.resize(static_cast<std::size_t>(12 * V + 4));
    double* const table = tableS.data();
    tickTable(V, times, table);
    double freeAt[P] = {}, F[P] = {}, B[P] = {}, snap[3 * P] = {}, cur[3 * P] = {};
    auto take = [&](double* dst) {
        for (int i = 0; i < P; ++i) {
            dst[i] = freeAt[i];
            dst[P + i] = F[i];
            dst[2 * P + i] = B[i];
        }
    };
    PeriodSkip skip(T, T - (v + 1) * p, period, 3 * P, snap, cur);
    auto shift = [&](double seconds) {
        for (int i = 0; i < P; ++i) {
            freeAt[i] += seconds;
            F[i] += seconds;
            B[i] += seconds;
        }
    };
    const std::uint32_t* const entries = c.entries.data();
    for (std::int64_t t = -w0; t < T; ++t) {
        const std::uint32_t* const e = entries + (t + w0) * 2 * P;
        double F2[P], B2[P];
        // Stage by stage, unrolled (the indices constants, so the state stays in registers).
        auto stage = [&](auto index) {
            constexpr int i = decltype(index)::value;
            constexpr std::size_t k = 2 * std::size_t(i);
            const double* const f = table + 4 * std::size_t(e[k]);
            const double fIn = F[i == 0 ? P - 1 : i - 1] * f[2];
            double start = std::max(freeAt[i], fIn);
            const double fEnd = start + f[0];
            F2[i] = start + f[1];
            const double* const b = table + 4 * std::size_t(e[k + 1]);
            const double bIn = i == P - 1 ? B[0] * b[2] + F2[i] * b[3] : B[i == P - 1 ? 0 : i + 1] * b[2];
            start = std::max(fEnd, bIn);
            freeAt[i] = start + b[0];
            B2[i] = start + b[1];
        };
        forEachIndex<P>(stage);
        std::copy(F2, F2 + P, F);
        std::copy(B2, B2 + P, B);
        t += skip.after(t, take, shift);
    }
    std::copy(freeAt, freeAt + P, ends);
}

/// tickProgramPlace() for p = 2 .. kFewStages stages; false where p is another.
bool placeTickProgram(std::int64_t p, std::int64_t m, std::int64_t v, const VirtualStageTimes* times, double* ends)
{
    switch (p) {
    case 2: tickProgramPlace<2>(tickProgram(p, m, v), times, ends); return true;
    case 3: tickProgramPlace<3>(tickProgram(p, m, v), times, ends); return true;
    case 4: tickProgramPlace<4>(tickProgram(p, m, v), times, ends); return true;
    case 5: tickProgramPlace<5>(tickProgram(p, m, v), times, ends); return true;
    case 6: tickProgramPlace<6>(tickProgram(p, m, v), times, ends); return true;
    case 7: tickProgramPlace<7>(tickProgram(p, m, v), times, ends); return true;
    case 8: tickProgramPlace<8>(tickProgram(p, m, v), times, ends); return true;
    default: return false;
    }
}

/// GPipe (p > 1) placed in a fixed order: every stage's forwards micro-batch by micro-batch (stage i's forward of j
/// waits for stage i - 1's), then the backwards (stage i's backward of j waits for stage i + 1's, the last stage's for
/// its own forward of j). Between micro-batches the state is each stage's end; every forward micro-batch maps it
/// alike, and so does every backward one but the last (its gradient reduction): once one moves every stage's end by
/// the same seconds, the rest of the run is skipped (max-plus linear). The backward run is skipped only where the
/// last stage ends its forwards after the last forward's release (the forwards then never hold a backward back).
void placeGPipe(std::int64_t p, std::int64_t m, const VirtualStageTimes* times, double* ends)
{
    const auto up = static_cast<std::size_t>(p);
    thread_local std::vector<double> bufS;
    if (bufS.size() < 2 * up + static_cast<std::size_t>(m))
        bufS.resize(2 * up + static_cast<std::size_t>(m));
    double* const freeAt = bufS.data();
    double* const prev = freeAt + up;
    double* const fLast = prev + up; // [j]: when the last stage's forward of micro-batch j released its output
    std::fill(freeAt, freeAt + up, 0.0);
    for (std::int64_t j = 0; j < m; ++j) {
        double dep = 0;
        for (std::int64_t i = 0; i < p; ++i) {
            const VirtualStageTimes& t = times[i];
            const double start = std::max(freeAt[i], dep);
            freeAt[i] = start + t.fwd;
            dep = start + t.fwdRelease;
        }
        fLast[j] = dep;
        double lambda = 0;
        if (j >= 1 && j < m - 1 && shiftedAlike(freeAt, prev, up, lambda)) {
            const std::int64_t k = m - 1 - j;
            for (std::int64_t i = 0; i < p; ++i)
                freeAt[i] += double(k) * lambda;
            for (std::int64_t q = 1; q <= k; ++q)
                fLast[j + q] = fLast[j] + double(q) * lambda;
            break;
        }
        std::copy(freeAt, freeAt + up, prev);
    }
    const bool skip = freeAt[p - 1] >= fLast[m - 1];
    for (std::int64_t j = 0; j < m; ++j) {
        const bool last = j == m - 1;
        double dep = fLast[j];
        for (std::int64_t i = p - 1; i >= 0; --i) {
            const VirtualStageTimes& t = times[i];
            const double start = std::max(freeAt[i], dep);
            freeAt[i] = start + (last ? t.lastBwd : t.bwd);
            dep = start + (last ? t.lastBwdRelease : t.bwdRelease);
        }
        double lambda = 0;
        if (skip && j >= 1 && j < m - 2 && shiftedAlike(freeAt, prev, up, lambda)) {
            const std::int64_t k = m - 2 - j;
            for (std::int64_t i = 0; i < p; ++i)
                freeAt[i] += double(k) * lambda;
            j += k;
            continue;
        }
        std::copy(freeAt, freeAt + up, prev);
    }
    for (std::int64_t i = 0; i < p; ++i)
        ends[i] = freeAt[i];
}

} // namespace

void scheduleStageEndsSteady(PipelineSchedule sched, std::int64_t p, std::int64_t m, std::int64_t v,
                             const VirtualStageTimes* times, double* ends)
{
    if (m < 1) {
        scheduleStageEnds(sched, p, m, v, times, ends);
        return;
    }
    if (sched == PipelineSchedule::Interleaved && p > 1 && v > 1) {
        // Ticks pay their bookkeeping per tick, worth it for the period skip (the repeating ticks, 0 .. m v - (v + 1) p,
        // span two periods; on a few stages from the tick program, which has none) or for many stages a tick; else
        // the compiled order, a pass without bookkeeping whose blocks of one depth overlap.
        const std::int64_t w0 = (p - 1) * 2 + (v - 1) * p;
        const bool skips = m * v - (v + 1) * p >= 2 * p * v;
        const bool packs = compilable(p, m, v);
        if (w0 <= m * v && skips && p <= kFewStages && (m * v + w0) * p * 2 <= kTickProgramEntries
            && placeTickProgram(p, m, v, times, ends))
            return;
        if (w0 <= m * v && (skips || p > kFewStages || !packs))
            placeInterleaved(p, m, v, times, ends);
        else if (packs)
            placeCompiled(compiledOrder(sched, p, m, v), times, ends);
        else // beyond 32-bit slots (some 2^30 blocks): the work list
            scheduleStageEnds(sched, p, m, v, times, ends);
        return;
    }
    if (sched == PipelineSchedule::GPipe && p > 1) {
        placeGPipe(p, m, times, ends);
        return;
    }
    // 1F1B (and one stage, and interleaved with one chunk). Stage i warms up with w_i = min(p - i - 1, m) forwards,
    // then runs rounds r = 0 .. m - 1: the forward of micro-batch r + w_i (while there is one) and the backward of r.
    // The forward waits for stage i - 1's forward of the same micro-batch (its round r - 1, or its warm-up: with
    // w_i = m - 1 or m, stage i - 1 ran every forward in its warm-up), the backward for stage i + 1's backward of r
    // (its round r) or, on the last stage, for its own forward of r (this round). Warm-ups first, then rounds in
    // order, stages from the last: every input is placed before it is needed. fRel[i m + j]: when stage i's forward
    // of micro-batch j released its output.
    thread_local std::vector<double> fRelS, freeS, prevS;
    const auto pm = static_cast<std::size_t>(p * m);
    if (fRelS.size() < pm)
        fRelS.resize(pm);
    if (freeS.size() < static_cast<std::size_t>(p)) {
        freeS.resize(static_cast<std::size_t>(p));
        prevS.resize(2 * static_cast<std::size_t>(p));
    }
    double* const fRel = fRelS.data();
    double* const freeAt = freeS.data();
    double* const prev = prevS.data(); // the state after the previous round: each stage's end, its newest forward
    auto w = [p, m](std::int64_t i) { return std::min(p - i - 1, m); };
    for (std::int64_t i = 0; i < p; ++i) {
        const VirtualStageTimes& t = times[i];
        double free = 0;
        for (std::int64_t j = 0; j < w(i); ++j) {
            const double dep = i > 0 ? fRel[(i - 1) * m + j] : 0.0;
            const double start = std::max(free, dep);
            free = start + t.fwd;
            fRel[i * m + j] = start + t.fwdRelease;
        }
        freeAt[i] = free;
    }
    // Rounds 0 .. steadyLast map the state alike: every stage has a forward left and the backward is not the last
    // (none with m < p + 1).
    const std::int64_t steadyLast = std::min(m - p, m - 2);
    for (std::int64_t r = 0; r < m; ++r) {
        double bDep = 0; // stage i + 1's backward release of r
        for (std::int64_t i = p - 1; i >= 0; --i) {
            const VirtualStageTimes& t = times[i];
            double free = freeAt[i];
            const std::int64_t j = r + w(i);
            if (j < m) {
                const double dep = i > 0 ? fRel[(i - 1) * m + j] : 0.0;
                const double start = std::max(free, dep);
                free = start + t.fwd;
                fRel[i * m + j] = start + t.fwdRelease;
            }
            const bool last = r == m - 1;
            const double dep = i == p - 1 ? fRel[i * m + r] : bDep;
            const double start = std::max(free, dep);
            free = start + (last ? t.lastBwd : t.bwd);
            bDep = start + (last ? t.lastBwdRelease : t.bwdRelease);
            freeAt[i] = free;
        }
        if (r > steadyLast)
            continue;
        if (r >= 1 && r < steadyLast) {
            // Did this round move the whole state by one amount?
            const double lambda = freeAt[0] - prev[0];
            double scale = 0;
            for (std::int64_t i = 0; i < p; ++i)
                scale = std::max(scale, std::abs(freeAt[i]));
            const double tol = 1e-13 * scale;
            bool uniform = true;
            for (std::int64_t i = 0; uniform && i < p; ++i)
                uniform = std::abs(freeAt[i] - prev[2 * i] - lambda) <= tol
                    && std::abs(fRel[i * m + r + w(i)] - prev[2 * i + 1] - lambda) <= tol;
            if (uniform) {
                const std::int64_t k = steadyLast - r;
                const double shift = double(k) * lambda;
                for (std::int64_t i = 0; i < p; ++i) {
                    freeAt[i] += shift;
                    fRel[i * m + r + k + w(i)] = fRel[i * m + r + w(i)] + shift;
                }
                r += k;
                continue;
            }
        }
        for (std::int64_t i = 0; i < p; ++i) {
            prev[2 * i] = freeAt[i];
            prev[2 * i + 1] = fRel[i * m + r + w(i)];
        }
    }
    for (std::int64_t i = 0; i < p; ++i)
        ends[i] = freeAt[i];
}

std::vector<std::vector<SimBlock>> simulateSchedule(PipelineSchedule sched, std::int64_t p, std::int64_t m,
                                                    std::int64_t v, const BlockTimes& seconds, double p2p)
{
    if (p == 1 || sched != PipelineSchedule::Interleaved)
        v = 1;
    const std::int64_t V = p * v;
    std::vector<std::vector<ScheduleOp>> order(static_cast<std::size_t>(p));
    for (std::int64_t i = 0; i < p; ++i)
        order[static_cast<std::size_t>(i)] = stageOrder(sched, p, m, v, i);
    std::vector<double> fEnd(static_cast<std::size_t>(V * m), -1.0), bEnd(static_cast<std::size_t>(V * m), -1.0);
    std::vector<std::vector<SimBlock>> out(static_cast<std::size_t>(p));
    std::vector<std::size_t> ptr(static_cast<std::size_t>(p), 0);
    std::vector<double> freeAt(static_cast<std::size_t>(p), 0.0);
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    std::vector<std::int64_t> work;
    for (std::int64_t i = p - 1; i >= 0; --i)
        work.push_back(i);
    auto idx = [m](std::int64_t vs, std::int64_t j) { return static_cast<std::size_t>(vs * m + j); };
    std::size_t done = 0, total = 0;
    for (const auto& o : order)
        total += o.size();
    while (!work.empty()) {
        const std::int64_t i = work.back();
        work.pop_back();
        const auto si = static_cast<std::size_t>(i);
        queued[si] = 0;
        while (ptr[si] < order[si].size()) {
            const ScheduleOp op = order[si][ptr[si]];
            const std::int64_t vs = op.chunk * p + i;
            double dep = 0;
            bool remote = false;
            if (op.fwd) {
                if (vs > 0) {
                    dep = fEnd[idx(vs - 1, op.mb)];
                    remote = true;
                }
            } else if (vs < V - 1) {
                dep = bEnd[idx(vs + 1, op.mb)];
                remote = true;
            } else {
                dep = fEnd[idx(vs, op.mb)];
            }
            if (dep < 0)
                break;
            if (remote)
                dep += p2p;
            SimBlock b;
            b.block.stage = i;
            b.block.chunk = op.chunk;
            b.block.microbatch = op.mb;
            b.block.forward = op.fwd;
            b.block.start = std::max(freeAt[si], dep);
            const auto [duration, release] = seconds(vs, op.mb, op.fwd);
            b.block.duration = duration;
            b.depEnd = remote ? dep : -1;
            b.remoteDep = remote;
            freeAt[si] = b.block.start + duration;
            (op.fwd ? fEnd : bEnd)[idx(vs, op.mb)] = b.block.start + release;
            out[si].push_back(b);
            ++ptr[si];
            ++done;
            const std::int64_t next = op.fwd ? vs + 1 : vs - 1;
            if (next >= 0 && next < V) {
                const auto ns = static_cast<std::size_t>(next % p);
                if (!queued[ns] && ns != si) {
                    queued[ns] = 1;
                    work.push_back(next % p);
                }
            }
        }
    }
    if (done != total)
        throw std::logic_error("pipeline schedule deadlocked");
    return out;
}

std::vector<PipelineBlock> simulatePipeline(PipelineSchedule schedule, std::int64_t p, std::int64_t m, std::int64_t v,
                                            const std::vector<double>& forwardSeconds,
                                            const std::vector<double>& backwardSeconds, double p2pSeconds)
{
    auto at = [](const std::vector<double>& x, std::int64_t vs) {
        return x.empty() ? 0.0 : x[static_cast<std::size_t>(vs) % x.size()];
    };
    const auto stages = simulateSchedule(schedule, p, m, v, [&](std::int64_t vs, std::int64_t, bool fwd) {
        const double d = fwd ? at(forwardSeconds, vs) : at(backwardSeconds, vs);
        return std::make_pair(d, d);
    }, p2pSeconds);
    std::vector<PipelineBlock> out;
    for (const auto& st : stages)
        for (const auto& b : st)
            out.push_back(b.block);
    return out;
}

std::vector<std::vector<std::int64_t>> stageChunkLayers(const Scenario& s)
{
    const std::int64_t p = std::max<std::int64_t>(1, s.pp);
    const std::int64_t v = s.schedule == PipelineSchedule::Interleaved ? std::max<std::int64_t>(1, s.vpp) : 1;
    const bool e = s.embeddingInPipelineSplit, l = s.lossInPipelineSplit;
    std::vector<std::vector<std::int64_t>> out(static_cast<std::size_t>(p));
    for (std::int64_t i = 0; i < p; ++i) {
        const std::int64_t stage = detail::layersOnStage(s.arch.layers, p, i, e, l);
        for (std::int64_t c = 0; c < v; ++c)
            out[static_cast<std::size_t>(i)].push_back(detail::chunkLayers(stage, v, c, e && i == 0, l && i == p - 1));
    }
    return out;
}

} // namespace shardscope
