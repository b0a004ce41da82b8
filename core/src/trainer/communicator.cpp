// SPDX-License-Identifier: MIT
#include "shardscope/communicator.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>

namespace shardscope::train {

float roundToBf16(float v)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &v, sizeof u);
    if ((u & 0x7f800000u) == 0x7f800000u) // inf or NaN: keep (NaN stays NaN)
        return v;
    u += 0x7fffu + ((u >> 16) & 1u);
    u &= 0xffff0000u;
    float r = 0;
    std::memcpy(&r, &u, sizeof r);
    return r;
}

ChunkBounds evenBounds(std::int64_t count, int n, std::int64_t chunk)
{
    ChunkBounds b(static_cast<std::size_t>(n) + 1);
    for (int c = 0; c <= n; ++c)
        b[static_cast<std::size_t>(c)] = std::min(count, chunk * c);
    return b;
}

Communicator::~Communicator() = default;

void Communicator::clearRecord()
{
    m_messages.clear();
    m_wireBytes = 0;
    m_scalarBytes = 0;
}

void Communicator::record(const char* op, int step, int to, std::int64_t offsetBytes, std::int64_t bytes, bool scalar)
{
    if (!m_recording)
        return;
    if (scalar)
        m_scalarBytes += bytes;
    else
        m_wireBytes += bytes;
    if (bytes > 0)
        m_messages.push_back(Message {m_collective, op, step, rank(), to, offsetBytes, bytes, m_iteration});
}

namespace {
int mod(int a, int n) { return ((a % n) + n) % n; }
} // namespace

void Communicator::reduceScatterRing(float* data, const ChunkBounds& bounds, int wireBytes, const char* op)
{
    const int n = size(), r = rank();
    if (n == 1)
        return;
    if (static_cast<int>(bounds.size()) != n + 1)
        throw std::logic_error("reduce-scatter: chunk bounds do not match the world size");
    const int right = mod(r + 1, n), left = mod(r - 1, n);
    for (int k = 0; k < n - 1; ++k) {
        const int sendChunk = mod(r - k - 1, n), recvChunk = mod(r - k - 2, n);
        const std::int64_t s0 = bounds[static_cast<std::size_t>(sendChunk)];
        const std::int64_t sn = bounds[static_cast<std::size_t>(sendChunk) + 1] - s0;
        const std::int64_t r0 = bounds[static_cast<std::size_t>(recvChunk)];
        const std::int64_t rn = bounds[static_cast<std::size_t>(recvChunk) + 1] - r0;
        m_recv.resize(static_cast<std::size_t>(rn));
        record(op, k, right, s0 * wireBytes, sn * wireBytes, false);
        sendRecv(data + s0, static_cast<std::size_t>(sn) * sizeof(float), right, m_recv.data(),
                 static_cast<std::size_t>(rn) * sizeof(float), left);
        float* dst = data + r0;
        if (wireBytes == 2) {
            for (std::int64_t i = 0; i < rn; ++i)
                dst[i] = roundToBf16(dst[i] + m_recv[static_cast<std::size_t>(i)]);
        } else {
            for (std::int64_t i = 0; i < rn; ++i)
                dst[i] += m_recv[static_cast<std::size_t>(i)];
        }
    }
}

void Communicator::allGatherRing(float* data, const ChunkBounds& bounds, int wireBytes, const char* op)
{
    const int n = size(), r = rank();
    if (n == 1)
        return;
    if (static_cast<int>(bounds.size()) != n + 1)
        throw std::logic_error("all-gather: chunk bounds do not match the world size");
    const int right = mod(r + 1, n), left = mod(r - 1, n);
    for (int k = 0; k < n - 1; ++k) {
        const int sendChunk = mod(r - k, n), recvChunk = mod(r - k - 1, n);
        const std::int64_t s0 = bounds[static_cast<std::size_t>(sendChunk)];
        const std::int64_t sn = bounds[static_cast<std::size_t>(sendChunk) + 1] - s0;
        const std::int64_t r0 = bounds[static_cast<std::size_t>(recvChunk)];
        const std::int64_t rn = bounds[static_cast<std::size_t>(recvChunk) + 1] - r0;
        record(op, k, right, s0 * wireBytes, sn * wireBytes, false);
        sendRecv(data + s0, static_cast<std::size_t>(sn) * sizeof(float), right, data + r0,
                 static_cast<std::size_t>(rn) * sizeof(float), left);
    }
}

void Communicator::reduceScatter(float* data, const ChunkBounds& bounds, int wireBytes)
{
    reduceScatterRing(data, bounds, wireBytes, "reduce-scatter");
    ++m_collective;
}

void Communicator::allGather(float* data, const ChunkBounds& bounds, int wireBytes)
{
    allGatherRing(data, bounds, wireBytes, "all-gather");
    ++m_collective;
}

void Communicator::allReduce(float* data, const ChunkBounds& bounds, int wireBytes)
{
    reduceScatterRing(data, bounds, wireBytes, "all-reduce (reduce-scatter half)");
    allGatherRing(data, bounds, wireBytes, "all-reduce (all-gather half)");
    ++m_collective;
}

std::vector<double> Communicator::allGatherScalars(double mine)
{
    const int n = size(), r = rank();
    std::vector<double> v(static_cast<std::size_t>(n), 0.0);
    v[static_cast<std::size_t>(r)] = mine;
    const int right = mod(r + 1, n), left = mod(r - 1, n);
    for (int k = 0; k < n - 1; ++k) {
        const int s = mod(r - k, n), rc = mod(r - k - 1, n);
        record("scalars", k, right, std::int64_t {s} * 8, 8, true);
        sendRecv(&v[static_cast<std::size_t>(s)], sizeof(double), right, &v[static_cast<std::size_t>(rc)],
                 sizeof(double), left);
    }
    ++m_collective;
    return v;
}

// --- in-process world

namespace {

struct Mailbox
{
    std::mutex mutex;
    std::condition_variable cv;
    std::vector<std::deque<std::vector<char>>> fromRank; ///< queue per sender
};

class InProcessCommunicator : public Communicator
{
public:
    InProcessCommunicator(int rank, std::vector<std::unique_ptr<Mailbox>>* boxes, const std::atomic<bool>* aborted)
        : m_rank(rank)
        , m_boxes(boxes)
        , m_aborted(aborted)
    {
    }
    int rank() const override { return m_rank; }
    int size() const override { return static_cast<int>(m_boxes->size()); }
    void sendRecv(const void* send, std::size_t sendBytes, int to, void* recv, std::size_t recvBytes,
                  int from) override
    {
        {
            Mailbox& dst = *(*m_boxes)[static_cast<std::size_t>(to)];
            std::vector<char> msg(static_cast<const char*>(send), static_cast<const char*>(send) + sendBytes);
            std::lock_guard<std::mutex> lock(dst.mutex);
            dst.fromRank[static_cast<std::size_t>(m_rank)].push_back(std::move(msg));
            dst.cv.notify_all();
        }
        Mailbox& mine = *(*m_boxes)[static_cast<std::size_t>(m_rank)];
        std::vector<char> msg;
        {
            std::unique_lock<std::mutex> lock(mine.mutex);
            auto& q = mine.fromRank[static_cast<std::size_t>(from)];
            mine.cv.wait(lock, [&] { return !q.empty() || m_aborted->load(); });
            if (q.empty())
                throw WorldAborted("rank " + std::to_string(from) + " stopped; rank " + std::to_string(m_rank)
                                   + " stops too");
            msg = std::move(q.front());
            q.pop_front();
        }
        if (msg.size() != recvBytes)
            throw std::logic_error("in-process communicator: message of " + std::to_string(msg.size())
                                   + " bytes where " + std::to_string(recvBytes) + " were expected");
        if (recvBytes > 0)
            std::memcpy(recv, msg.data(), recvBytes);
    }

private:
    int m_rank;
    std::vector<std::unique_ptr<Mailbox>>* m_boxes;
    const std::atomic<bool>* m_aborted;
};

} // namespace

struct InProcessWorld::Impl
{
    std::vector<std::unique_ptr<Mailbox>> boxes;
    std::vector<std::unique_ptr<InProcessCommunicator>> comms;
    std::atomic<bool> aborted {false};
};

InProcessWorld::InProcessWorld(int ranks)
    : m_impl(std::make_unique<Impl>())
{
    if (ranks < 1)
        throw std::invalid_argument("in-process world: at least 1 rank");
    for (int r = 0; r < ranks; ++r) {
        auto b = std::make_unique<Mailbox>();
        b->fromRank.resize(static_cast<std::size_t>(ranks));
        m_impl->boxes.push_back(std::move(b));
    }
    for (int r = 0; r < ranks; ++r)
        m_impl->comms.push_back(std::make_unique<InProcessCommunicator>(r, &m_impl->boxes, &m_impl->aborted));
}

InProcessWorld::~InProcessWorld() = default;

int InProcessWorld::size() const { return static_cast<int>(m_impl->comms.size()); }

Communicator& InProcessWorld::communicator(int rank) { return *m_impl->comms.at(static_cast<std::size_t>(rank)); }

void InProcessWorld::abort()
{
    m_impl->aborted = true;
    for (auto& box : m_impl->boxes) {
        std::lock_guard<std::mutex> lock(box->mutex); // a waiter between its check and its wait sees the flag
        box->cv.notify_all();
    }
}

} // namespace shardscope::train
