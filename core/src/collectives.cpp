// SPDX-License-Identifier: MIT
// Collective costs (MODEL.md section 5): ring wire bytes and alpha-beta times. Shared by the step
// simulator (step.cpp) and the closed-form planner.
#include "shardscope/collectives.h"

namespace shardscope {

const char* eventKindKey(EventKind k)
{
    switch (k) {
    case EventKind::Compute: return "compute";
    case EventKind::AllReduce: return "all-reduce";
    case EventKind::ReduceScatter: return "reduce-scatter";
    case EventKind::AllGather: return "all-gather";
    case EventKind::Send: return "send";
    case EventKind::Recv: return "recv";
    case EventKind::HostToDevice: return "h2d";
    case EventKind::DeviceToHost: return "d2h";
    case EventKind::AllToAll: return "all-to-all";
    }
    return "";
}

double ringAllReduceWireBytes(double bufferBytes, std::int64_t n)
{
    return n <= 1 ? 0.0 : 2.0 * double(n - 1) / double(n) * bufferBytes;
}

double ringGatherScatterWireBytes(double bufferBytes, std::int64_t n)
{
    return n <= 1 ? 0.0 : double(n - 1) / double(n) * bufferBytes;
}

double collectiveWireBytes(EventKind kind, double bufferBytes, std::int64_t n)
{
    switch (kind) {
    case EventKind::AllReduce: return ringAllReduceWireBytes(bufferBytes, n);
    case EventKind::ReduceScatter:
    case EventKind::AllGather:
    case EventKind::AllToAll: return ringGatherScatterWireBytes(bufferBytes, n);
    case EventKind::Send:
    case EventKind::HostToDevice:
    case EventKind::DeviceToHost: return bufferBytes;
    case EventKind::Recv:
    case EventKind::Compute: return 0;
    }
    return 0;
}

std::int64_t collectiveSteps(EventKind kind, std::int64_t n)
{
    switch (kind) {
    case EventKind::AllReduce: return n <= 1 ? 0 : 2 * (n - 1);
    case EventKind::ReduceScatter:
    case EventKind::AllGather:
    case EventKind::AllToAll: return n <= 1 ? 0 : n - 1;
    case EventKind::Send:
    case EventKind::Recv:
    case EventKind::HostToDevice:
    case EventKind::DeviceToHost: return 1;
    case EventKind::Compute: return 0;
    }
    return 0;
}

double collectiveSeconds(EventKind kind, double bufferBytes, std::int64_t n, double alphaSeconds, double bytesPerSecond)
{
    const double wire = kind == EventKind::Recv ? bufferBytes : collectiveWireBytes(kind, bufferBytes, n);
    const auto steps = collectiveSteps(kind, n);
    if (steps == 0)
        return 0;
    return double(steps) * alphaSeconds + (bytesPerSecond > 0 ? wire / bytesPerSecond : 0.0);
}
} // namespace shardscope
