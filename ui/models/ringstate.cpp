// SPDX-License-Identifier: MIT
#include "ringstate.h"

#include <algorithm>

namespace shardscope {

namespace {
int mod(int a, int n) { return ((a % n) + n) % n; }

bool isAllReduce(EventKind k) { return k == EventKind::AllReduce; }
} // namespace

int RingState::reducedChunks(int g) const
{
    return int(std::count(contributions[size_t(g)].begin(), contributions[size_t(g)].end(), n));
}

int RingState::heldChunks(int g) const
{
    return int(std::count_if(contributions[size_t(g)].begin(), contributions[size_t(g)].end(), [](int c) { return c > 0; }));
}

int ringHopCount(EventKind kind, int n) { return n < 2 ? 0 : int(collectiveSteps(kind, n)); }

std::vector<RingHop> ringHopTransfers(EventKind kind, int n, int hop)
{
    std::vector<RingHop> hops;
    if (n < 2 || hop < 0 || hop >= ringHopCount(kind, n))
        return hops;
    const RingState before = ringStateAfter(kind, n, hop);
    const bool reducing = kind == EventKind::ReduceScatter || (isAllReduce(kind) && hop < n - 1);
    for (int g = 0; g < n; ++g) {
        RingHop h;
        h.from = g;
        h.to = mod(g + 1, n);
        h.reduces = reducing;
        if (reducing) {
            h.chunk = mod(g - hop, n);
        } else {
            // All-gather: GPU g owns chunk g (after an all-reduce's reduce-scatter: chunk g+1) and forwards, in hop
            // s, the chunk it received s hops ago.
            const int s = isAllReduce(kind) ? hop - (n - 1) : hop;
            const int own = isAllReduce(kind) ? mod(g + 1, n) : g;
            h.chunk = mod(own - s, n);
        }
        h.contributions = before.contributions[size_t(g)][size_t(h.chunk)];
        hops.push_back(h);
    }
    return hops;
}

RingState ringStateAfter(EventKind kind, int n, int hopsDone)
{
    RingState st;
    st.n = n;
    st.owned.assign(size_t(std::max(n, 0)), -1);
    if (n < 1)
        return st;
    const bool gather = kind == EventKind::AllGather;
    // Start: a reduce-scatter (or all-reduce) holds n partials per GPU; an all-gather one owned chunk per GPU.
    st.contributions.assign(size_t(n), std::vector<int>(size_t(n), gather ? 0 : 1));
    if (gather) {
        for (int g = 0; g < n; ++g) {
            st.contributions[size_t(g)][size_t(g)] = n;
            st.owned[size_t(g)] = g;
        }
    }
    if (n == 1) {
        st.owned[0] = 0;
        return st;
    }
    const int total = ringHopCount(kind, n);
    hopsDone = std::clamp(hopsDone, 0, total);
    for (int hop = 0; hop < hopsDone; ++hop) {
        const bool reducing = kind == EventKind::ReduceScatter || (isAllReduce(kind) && hop < n - 1);
        std::vector<std::vector<int>> next = st.contributions;
        for (int g = 0; g < n; ++g) {
            const int to = mod(g + 1, n);
            int chunk;
            if (reducing) {
                chunk = mod(g - hop, n);
                // The receiver adds the running sum to its own partial; the sender's copy is spent.
                next[size_t(to)][size_t(chunk)] = st.contributions[size_t(to)][size_t(chunk)] + st.contributions[size_t(g)][size_t(chunk)];
                next[size_t(g)][size_t(chunk)] = 0;
            } else {
                const int s = isAllReduce(kind) ? hop - (n - 1) : hop;
                const int own = isAllReduce(kind) ? mod(g + 1, n) : g;
                chunk = mod(own - s, n);
                next[size_t(to)][size_t(chunk)] = st.contributions[size_t(g)][size_t(chunk)];
            }
        }
        st.contributions = std::move(next);
        if (reducing && hop == n - 2) {
            // End of the reduce-scatter: GPU g owns chunk g+1, fully reduced; its other partials are spent.
            for (int g = 0; g < n; ++g) {
                st.owned[size_t(g)] = mod(g + 1, n);
                for (int c = 0; c < n; ++c)
                    if (c != mod(g + 1, n))
                        st.contributions[size_t(g)][size_t(c)] = 0;
            }
        }
    }
    return st;
}

} // namespace shardscope
