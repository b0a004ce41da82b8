// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace shardscope::train {

/// One point-to-point message of a ring collective, as the sender recorded it.
struct Message
{
    std::int64_t collective = 0; ///< sequence number of the collective call on this rank (0-based)
    std::string op; ///< "reduce-scatter", "all-gather", "all-reduce" (its two halves say which), "scalars"
    int step = 0; ///< ring step within the collective, 0-based (n-1 steps for each half)
    int from = 0;
    int to = 0;
    std::int64_t offsetBytes = 0; ///< byte range in the collective's buffer (wire element size)
    std::int64_t bytes = 0;
    int iteration = 0; ///< optimizer step (0-based) the message belongs to (Communicator::setIteration)
};

/// Element boundaries of the n chunks of a buffer: chunk c is [bounds[c], bounds[c+1]).
using ChunkBounds = std::vector<std::int64_t>;
/// Even chunks of `chunk` elements each, clipped to [0, count).
ChunkBounds evenBounds(std::int64_t count, int n, std::int64_t chunk);

/**
 * The communicator of one rank. Every collective is the ring algorithm in n-1 steps per half, built on
 * the one point-to-point primitive sendRecv() (send to the right neighbour, receive from the left), and
 * records each message it sends. Subclasses provide sendRecv(); a backend may override the collectives
 * with its own (MPI's native collectives), and then records nothing.
 *
 * Buffers hold fp32 values; `wireBytes` is the size of one element on the wire (4, or 2 for emulated
 * bf16: then every partial sum of a reduction is rounded to bf16, as a bf16 reduction would).
 */
class Communicator
{
public:
    virtual ~Communicator();
    virtual int rank() const = 0;
    virtual int size() const = 0;
    /// The point-to-point primitive: send `sendBytes` to rank `to` and receive `recvBytes` from `from`.
    virtual void sendRecv(const void* send, std::size_t sendBytes, int to, void* recv, std::size_t recvBytes,
                          int from)
        = 0;

    /// After it, chunk rank() of `data` holds the sum over ranks of that chunk (other chunks are scratch).
    virtual void reduceScatter(float* data, const ChunkBounds& bounds, int wireBytes);
    /// Chunk r of every rank's `data` becomes rank r's chunk r.
    virtual void allGather(float* data, const ChunkBounds& bounds, int wireBytes);
    /// Reduce-scatter then all-gather: 2(n-1) steps.
    virtual void allReduce(float* data, const ChunkBounds& bounds, int wireBytes);
    /// Every rank's one value, in rank order, on every rank (ring all-gather of doubles).
    std::vector<double> allGatherScalars(double mine);

    const std::vector<Message>& messages() const { return m_messages; }
    /// Bytes this rank sent in tensor collectives (not the scalar exchanges).
    std::int64_t wireBytesSent() const { return m_wireBytes; }
    std::int64_t scalarBytesSent() const { return m_scalarBytes; }
    void setRecording(bool on) { m_recording = on; }
    /// The optimizer step the following messages belong to (recorded in Message::iteration).
    void setIteration(int iteration) { m_iteration = iteration; }
    void clearRecord();

protected:
    void reduceScatterRing(float* data, const ChunkBounds& bounds, int wireBytes, const char* op);
    void allGatherRing(float* data, const ChunkBounds& bounds, int wireBytes, const char* op);
    void record(const char* op, int step, int to, std::int64_t offsetBytes, std::int64_t bytes, bool scalar);

    std::int64_t m_collective = 0;
    bool m_recording = true;
    int m_iteration = 0;

private:
    std::vector<Message> m_messages;
    std::int64_t m_wireBytes = 0;
    std::int64_t m_scalarBytes = 0;
    std::vector<float> m_recv;
};

/// A collective that cannot complete: another rank of the in-process world stopped (InProcessWorld::abort()).
class WorldAborted : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/**
 * N ranks in one process: one mailbox per ordered pair of ranks. Ranks run as threads (one per rank);
 * sendRecv() queues a copy for the receiver and blocks until the message it waits for arrives. The
 * result does not depend on thread timing: each rank's arithmetic happens in a fixed order.
 */
class InProcessWorld
{
public:
    explicit InProcessWorld(int ranks);
    ~InProcessWorld();
    InProcessWorld(const InProcessWorld&) = delete;
    InProcessWorld& operator=(const InProcessWorld&) = delete;
    int size() const;
    Communicator& communicator(int rank);
    /// Stops the world: every sendRecv() waiting now or later throws WorldAborted, so the ranks that started
    /// return when one could not start or stopped with an error (they waited forever for it).
    void abort();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// bf16 emulation: round an fp32 value to the nearest bf16 (ties to even), kept as fp32.
float roundToBf16(float v);

} // namespace shardscope::train
