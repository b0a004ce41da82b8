// SPDX-License-Identifier: MIT
#pragma once

#include "shardscope/communicator.h"

namespace shardscope::train {

/**
 * One rank of an MPI job (MPI_COMM_WORLD). The point-to-point primitive is MPI_Sendrecv, so the ring
 * collectives of Communicator run unchanged and give the same bits as the in-process ranks. With
 * `native` the collectives are MPI's own (MPI_Reduce_scatter, MPI_Allgatherv, MPI_Allreduce): their
 * summation order is the library's, and their messages are not recorded.
 * The caller initialises and finalises MPI (MpiSession).
 */
class MpiCommunicator : public Communicator
{
public:
    explicit MpiCommunicator(bool native);
    int rank() const override { return m_rank; }
    int size() const override { return m_size; }
    void sendRecv(const void* send, std::size_t sendBytes, int to, void* recv, std::size_t recvBytes,
                  int from) override;
    void reduceScatter(float* data, const ChunkBounds& bounds, int wireBytes) override;
    void allGather(float* data, const ChunkBounds& bounds, int wireBytes) override;
    void allReduce(float* data, const ChunkBounds& bounds, int wireBytes) override;
    bool native() const { return m_native; }

    /// Gathers `values` of every rank on rank 0 (rank-major); empty on other ranks.
    std::vector<double> gatherToRoot(const std::vector<double>& values);
    /// Waits until every rank has called it (MPI_Barrier): timed sections start together.
    void barrier();
    /// Switches between MPI's own collectives and the ring (a bench compares both in one job).
    void setNative(bool native) { m_native = native; }
    void abort(int code);

private:
    bool m_native;
    int m_rank = 0;
    int m_size = 1;
};

/// MPI_Init on construction, MPI_Finalize on destruction.
class MpiSession
{
public:
    MpiSession();
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;
};

} // namespace shardscope::train
