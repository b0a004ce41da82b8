// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace shardscope {

/// What an event of the step is: compute, a collective, a pipeline send/recv or a host copy.
/// AllToAll (issue 25): MoE expert parallelism's token dispatch and combine: every rank of the EP group sends a slice
/// of its buffer to every other rank (a full mesh, not a ring).
enum class EventKind { Compute, AllReduce, ReduceScatter, AllGather, Send, Recv, HostToDevice, DeviceToHost, AllToAll };

/// JSON names: "compute", "all-reduce", "reduce-scatter", "all-gather", "send", "recv", "h2d", "d2h", "all-to-all".
const char* eventKindKey(EventKind k);

/// Ring all-reduce: 2(n-1)/n x M bytes sent per GPU (MODEL.md section 5).
double ringAllReduceWireBytes(double bufferBytes, std::int64_t n);
/// Ring reduce-scatter or all-gather: (n-1)/n x M.
double ringGatherScatterWireBytes(double bufferBytes, std::int64_t n);
/// Wire bytes per GPU of a collective of `kind` over n ranks on a buffer of M bytes (send: M; all-to-all: (n-1)/n x M,
/// the slices for the other ranks).
double collectiveWireBytes(EventKind kind, double bufferBytes, std::int64_t n);
/// Ring steps of a collective: all-reduce 2(n-1), reduce-scatter / all-gather n-1, send 1; an all-to-all n-1 messages.
std::int64_t collectiveSteps(EventKind kind, std::int64_t n);
/// Alpha-beta time: steps x alpha + wire bytes / beta.
double collectiveSeconds(EventKind kind, double bufferBytes, std::int64_t n, double alphaSeconds,
                         double bytesPerSecond);

} // namespace shardscope
