// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/scenario.h"

namespace shardscope {

/// Where the rank layout puts each group and which link it crosses (MODEL.md section 5).
struct LinkPlan
{
    double intraNodeBytesPerSecond = 0;
    double interNodeBytesPerSecond = 0;
    double pcieBytesPerSecond = 0;
    double peakFlops = 0; ///< the peak in force (FP8 peak for fp8 recipes where the GPU has one)
    bool tpCrossesNodes = false;
    bool dpCrossesNodes = false;
    bool ppCrossesNodes = false;
    bool cpCrossesNodes = false;
    /// Bandwidth a DP (x CP) ring gets per GPU: intra-node when the group sits in one node; across nodes
    /// the NIC share per GPU times the group's ranks per node (NCCL runs one channel per NIC, so a group
    /// with k ranks in each node drives k NICs; capped by the intra-node link).
    double dpBytesPerSecond = 0;
    std::int64_t dpRanksPerNode = 1;
    /// MoE (issue 25): the expert-data-parallel group, over which Megatron-Core reduces the routed experts'
    /// gradients and its distributed optimizer shards their states (expert-DP = GPUs / (PP x EP x ETP); expert rank
    /// order ETP fastest, then EP, then expert-DP inside a stage's block of ranks). Its bandwidth by the same rule
    /// as the DP ring's. Equal to the DP group's figures on a dense model.
    bool edpCrossesNodes = false;
    double edpBytesPerSecond = 0;
    std::int64_t edpRanksPerNode = 1;
};

/// The link plan of a scenario (bandwidths in force and which groups cross nodes).
LinkPlan planLinks(const Scenario& s);

} // namespace shardscope
