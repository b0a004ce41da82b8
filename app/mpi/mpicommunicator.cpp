// SPDX-License-Identifier: MIT
#include "mpicommunicator.h"

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <vector>

namespace shardscope::train {

MpiSession::MpiSession()
{
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised)
        MPI_Init(nullptr, nullptr);
}

MpiSession::~MpiSession()
{
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (!finalised)
        MPI_Finalize();
}

MpiCommunicator::MpiCommunicator(bool native)
    : m_native(native)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m_size);
}

namespace {

/// Seconds a rank waits for one message or collective before it stops the job (SHARDSCOPE_MPI_TIMEOUT_S, default 300).
double timeoutSeconds()
{
    static const double t = [] {
        const char* v = std::getenv("SHARDSCOPE_MPI_TIMEOUT_S");
        const double x = v ? std::strtod(v, nullptr) : 0.0;
        return x > 0 && x < 1e6 ? x : 300.0;
    }();
    return t;
}

/// Waits for `requests` without spinning a core at 100% (a thousand tests, then 200 us naps), and stops the whole job
/// with a message when they are not done after the timeout: a rank that was stopped (SIGSTOP, a debugger, a killed
/// process the launcher did not notice) left the others spinning forever.
void waitFor(int count, MPI_Request* requests, MPI_Status* statuses, int rank, const char* what, int peer)
{
    const auto t0 = std::chrono::steady_clock::now();
    for (long spins = 0;; ++spins) {
        int done = 0;
        MPI_Testall(count, requests, &done, statuses);
        if (done)
            return;
        if (spins > 1000)
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (waited > timeoutSeconds()) {
            if (peer >= 0)
                std::fprintf(stderr, "shardscope: train-demo: rank %d waited %.0f s for rank %d in %s; that rank stopped or "
                                     "hangs: stopping the job (SHARDSCOPE_MPI_TIMEOUT_S sets the wait)\n", rank, waited, peer, what);
            else
                std::fprintf(stderr, "shardscope: train-demo: rank %d waited %.0f s in %s; a rank stopped or hangs: stopping "
                                     "the job (SHARDSCOPE_MPI_TIMEOUT_S sets the wait)\n", rank, waited, what);
            std::fflush(stderr);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
}

} // namespace

// The nonblocking calls below complete in waitFor()'s MPI_Testall loop, which clang's MPI checker does not count as a
// wait (it knows MPI_Wait and MPI_Waitall only): its "no matching wait" findings are false here.
// NOLINTBEGIN(clang-analyzer-optin.mpi.MPI-Checker)
void MpiCommunicator::sendRecv(const void* send, std::size_t sendBytes, int to, void* recv, std::size_t recvBytes,
                               int from)
{
    MPI_Status statuses[2];
    MPI_Request requests[2];
    // Zero-byte messages still pair up, so every ring step matches on both sides.
    MPI_Irecv(recv, static_cast<int>(recvBytes), MPI_BYTE, from, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(send, static_cast<int>(sendBytes), MPI_BYTE, to, 0, MPI_COMM_WORLD, &requests[1]);
    waitFor(2, requests, statuses, m_rank, "a ring step", from);
    const MPI_Status& status = statuses[0];
    int got = 0;
    MPI_Get_count(&status, MPI_BYTE, &got);
    if (static_cast<std::size_t>(got) != recvBytes)
        throw std::runtime_error("MPI: message of " + std::to_string(got) + " bytes where " + std::to_string(recvBytes)
                                 + " were expected");
}

namespace {
void countsOf(const ChunkBounds& b, std::vector<int>& counts, std::vector<int>& displs)
{
    const std::size_t n = b.size() - 1;
    counts.resize(n);
    displs.resize(n);
    for (std::size_t c = 0; c < n; ++c) {
        counts[c] = static_cast<int>(b[c + 1] - b[c]);
        displs[c] = static_cast<int>(b[c]);
    }
}
} // namespace

void MpiCommunicator::reduceScatter(float* data, const ChunkBounds& bounds, int wireBytes)
{
    if (!m_native) {
        Communicator::reduceScatter(data, bounds, wireBytes);
        return;
    }
    std::vector<int> counts, displs;
    countsOf(bounds, counts, displs);
    std::vector<float> mine(static_cast<std::size_t>(counts[static_cast<std::size_t>(m_rank)]));
    MPI_Request request;
    MPI_Ireduce_scatter(data, mine.data(), counts.data(), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD, &request);
    waitFor(1, &request, MPI_STATUSES_IGNORE, m_rank, "MPI_Reduce_scatter", -1);
    std::copy(mine.begin(), mine.end(), data + bounds[static_cast<std::size_t>(m_rank)]);
    ++m_collective;
}

void MpiCommunicator::allGather(float* data, const ChunkBounds& bounds, int wireBytes)
{
    if (!m_native) {
        Communicator::allGather(data, bounds, wireBytes);
        return;
    }
    std::vector<int> counts, displs;
    countsOf(bounds, counts, displs);
    MPI_Request request;
    MPI_Iallgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, counts.data(), displs.data(), MPI_FLOAT, MPI_COMM_WORLD, &request);
    waitFor(1, &request, MPI_STATUSES_IGNORE, m_rank, "MPI_Allgatherv", -1);
    ++m_collective;
}

void MpiCommunicator::allReduce(float* data, const ChunkBounds& bounds, int wireBytes)
{
    if (!m_native) {
        Communicator::allReduce(data, bounds, wireBytes);
        return;
    }
    MPI_Request request;
    MPI_Iallreduce(MPI_IN_PLACE, data, static_cast<int>(bounds.back()), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD, &request);
    waitFor(1, &request, MPI_STATUSES_IGNORE, m_rank, "MPI_Allreduce", -1);
    ++m_collective;
}

std::vector<double> MpiCommunicator::gatherToRoot(const std::vector<double>& values)
{
    std::vector<double> all(m_rank == 0 ? values.size() * static_cast<std::size_t>(m_size) : 0);
    MPI_Request request;
    MPI_Igather(values.data(), static_cast<int>(values.size()), MPI_DOUBLE, all.data(),
                static_cast<int>(values.size()), MPI_DOUBLE, 0, MPI_COMM_WORLD, &request);
    waitFor(1, &request, MPI_STATUSES_IGNORE, m_rank, "MPI_Gather", -1);
    return all;
}

void MpiCommunicator::barrier()
{
    MPI_Request request;
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    waitFor(1, &request, MPI_STATUSES_IGNORE, m_rank, "MPI_Barrier", -1);
}

// NOLINTEND(clang-analyzer-optin.mpi.MPI-Checker)

void MpiCommunicator::abort(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

} // namespace shardscope::train
