// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace shardscope {

/// What an event of the step is: compute, a collective, a pipeline send/recv or a host copy.
enum class EventKind { Compute, AllReduce, ReduceScatter, AllGather, Send, Recv, HostToDevice, DeviceToHost };

/// JSON names: "compute", "all-reduce", "reduce-scatter", "all-gather", "send", "recv", "h2d", "d2h".
const char* eventKindKey(EventKind k);

/// Ring all-reduce: 2(n-1)/n x M bytes sent per GPU (MODEL.md section 5).
double ringAllReduceWireBytes(double bufferBytes, std::int64_t n);
/// Ring reduce-scatter or all-gather: (n-1)/n x M.
double ringGatherScatterWireBytes(double bufferBytes, std::int64_t n);
/// Wire bytes per GPU of a collective of `kind` over n ranks on a buffer of M bytes (send: M).
double collectiveWireBytes(EventKind kind, double bufferBytes, std::int64_t n);
/// Ring steps of a collective: all-reduce 2(n-1), reduce-scatter / all-gather n-1, send 1.
std::int64_t collectiveSteps(EventKind kind, std::int64_t n);
/// Alpha-beta time: steps x alpha + wire bytes / beta.
double collectiveSeconds(EventKind kind, double bufferBytes, std::int64_t n, double alphaSeconds,
                         double bytesPerSecond);

} // namespace shardscope
