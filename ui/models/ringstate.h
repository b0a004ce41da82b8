// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/step.h"

#include <cstdint>
#include <vector>

namespace shardscope {

/**
 * What each GPU of a ring collective holds after a number of hops, as the ring algorithm moves it (NCCL's ring,
 * Patarasuk & Yuan 2009; MODEL.md section 5). The buffer is cut into n chunks, one per GPU.
 *
 * - Reduce-scatter (n-1 hops): every GPU starts with n partial chunks (its own gradients). In hop s, GPU g sends
 *   its running sum of chunk (g - s) mod n to GPU g+1, which adds its own partial. After n-1 hops GPU g owns
 *   chunk (g+1) mod n summed over all n GPUs, and nothing else it holds is of use.
 * - All-gather (n-1 hops): GPU g starts owning one chunk; in hop s it passes chunk (own(g) - s) mod n on, so
 *   after n-1 hops every GPU holds every chunk.
 * - All-reduce (2(n-1) hops): a reduce-scatter, then an all-gather of the reduced chunks.
 *
 * The animation draws this state, so a reduce-scatter is drawn as partial sums reducing into one owned chunk,
 * not as an all-gather.
 */
struct RingState
{
    int n = 0;
    /// contributions[g][c]: how many GPUs' partials the copy of chunk c on GPU g sums (n = fully reduced;
    /// 0 = GPU g does not hold chunk c).
    std::vector<std::vector<int>> contributions;
    /// In a reduce-scatter the partial chunks a GPU has passed on are spent: only its owned chunk matters.
    /// owned[g] = the chunk GPU g ends up responsible for (-1 before it is complete).
    std::vector<int> owned;

    /// Chunks GPU g holds fully reduced.
    int reducedChunks(int g) const;
    /// Chunks GPU g holds at all.
    int heldChunks(int g) const;
};

/// One chunk moving in one hop: GPU `from` sends chunk `chunk` (a sum of `contributions` partials) to `to`.
struct RingHop
{
    int from = 0;
    int to = 0;
    int chunk = 0;
    int contributions = 0;
    bool reduces = false; ///< the receiver adds its partial (reduce-scatter phase) rather than stores a copy
};

/// Hops of the collective: n-1 for reduce-scatter and all-gather, 2(n-1) for all-reduce (core's collectiveSteps()).
int ringHopCount(EventKind kind, int n);
/// The state after `hopsDone` hops (0 = the start; clamped to the hop count).
RingState ringStateAfter(EventKind kind, int n, int hopsDone);
/// The n transfers of hop `hop` (0-based): every GPU sends one chunk to its right neighbour.
std::vector<RingHop> ringHopTransfers(EventKind kind, int n, int hop);

} // namespace shardscope
