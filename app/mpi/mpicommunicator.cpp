// SPDX-License-Identifier: MIT
#include "mpicommunicator.h"

#include <mpi.h>

#include <stdexcept>
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

void MpiCommunicator::sendRecv(const void* send, std::size_t sendBytes, int to, void* recv, std::size_t recvBytes,
                               int from)
{
    MPI_Status status;
    // Zero-byte messages still pair up, so every ring step matches on both sides.
    MPI_Sendrecv(send, static_cast<int>(sendBytes), MPI_BYTE, to, 0, recv, static_cast<int>(recvBytes), MPI_BYTE,
                 from, 0, MPI_COMM_WORLD, &status);
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
    MPI_Reduce_scatter(data, mine.data(), counts.data(), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
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
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, counts.data(), displs.data(), MPI_FLOAT, MPI_COMM_WORLD);
    ++m_collective;
}

void MpiCommunicator::allReduce(float* data, const ChunkBounds& bounds, int wireBytes)
{
    if (!m_native) {
        Communicator::allReduce(data, bounds, wireBytes);
        return;
    }
    MPI_Allreduce(MPI_IN_PLACE, data, static_cast<int>(bounds.back()), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    ++m_collective;
}

std::vector<double> MpiCommunicator::gatherToRoot(const std::vector<double>& values)
{
    std::vector<double> all(m_rank == 0 ? values.size() * static_cast<std::size_t>(m_size) : 0);
    MPI_Gather(values.data(), static_cast<int>(values.size()), MPI_DOUBLE, all.data(),
               static_cast<int>(values.size()), MPI_DOUBLE, 0, MPI_COMM_WORLD);
    return all;
}

void MpiCommunicator::barrier() { MPI_Barrier(MPI_COMM_WORLD); }

void MpiCommunicator::abort(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

} // namespace shardscope::train
