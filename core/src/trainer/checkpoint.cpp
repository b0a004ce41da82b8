// SPDX-License-Identifier: MIT
// Sharded checkpoint: each rank writes its shard of the optimizer state and a manifest.
#include "rankstate.h"

#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shardscope::train {

namespace {

constexpr const char* kFormat = "shardscope-zero-checkpoint-1";

/// FNV-1a, 64 bits (http://www.isthe.com/chongo/tech/comp/fnv/): a checksum, not a cryptographic hash.
std::uint64_t fnv1a64(const std::string& bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string hex(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string shardFile(const std::string& dir, int r) { return dir + "/rank-" + std::to_string(r) + ".bin"; }
std::string manifestFile(const std::string& dir, int r) { return dir + "/rank-" + std::to_string(r) + ".manifest"; }

/// Writes `data` to `path` (a new temporary beside the target) with every write checked, then fsync: true only when
/// every byte reached the disk. On failure the temporary is removed and `error` says why. (std::ofstream checked the
/// stream before its flush: a full disk gave a 0-byte manifest and exit 0.)
bool writeTemporary(const std::string& path, const std::string& data, std::string& error)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        return false;
    }
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = "cannot write " + path + ": " + std::strerror(n < 0 ? errno : ENOSPC);
            ::close(fd);
            ::unlink(path.c_str());
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 && errno != EINVAL) { // EINVAL: a file system without fsync
        error = "cannot write " + path + ": " + std::strerror(errno);
        ::close(fd);
        ::unlink(path.c_str());
        return false;
    }
    if (::close(fd) != 0) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        ::unlink(path.c_str());
        return false;
    }
    return true;
}

/// The whole of a regular file of at most `maxBytes` into `out`; false with `error` for anything else. A FIFO (which
/// blocked the reader), a device such as /dev/zero (read without end: 29 s and 4.2 GB) or a larger file is refused
/// before a byte is read; opened with O_NONBLOCK so that opening a FIFO cannot block either.
bool readRegularFile(const std::string& path, std::int64_t maxBytes, std::string& out, std::string& error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        error = "not a regular file";
        return false;
    }
    if (st.st_size > maxBytes) {
        ::close(fd);
        error = std::to_string(st.st_size) + " bytes, more than the " + std::to_string(maxBytes) + " expected";
        return false;
    }
    out.assign(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t n = ::read(fd, &out[done], out.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
    out.resize(done); // a file that shrank while read: the size check below refuses it
    return true;
}

/// A manifest is a few hundred bytes.
constexpr std::int64_t kMaxManifestBytes = 65536;

} // namespace

void RankState::save(const std::string& dir, int stepsDone)
{
    // The chunk of the state this rank owns: [lo, hi) of the flat buffer (its shard, padding included).
    const std::int64_t len = hi - lo;
    const std::size_t off = z == 0 ? static_cast<std::size_t>(lo) : 0;
    const float* w = cfg.bf16 ? master.data() + off
                              : (z >= 3 ? params.data() : params.data() + lo);
    std::string data;
    auto append = [&](const float* p) { data.append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(len) * 4); };
    append(w);
    append(m.data() + off);
    append(v.data() + off);
    std::ostringstream man;
    const std::int64_t b = len * 4;
    man << "format " << kFormat << "\n"
        << "strategy " << strategyKey(cfg.strategy) << "\n"
        << "world_size " << n << "\n"
        << "rank " << r << "\n"
        << "step " << stepsDone << "\n"
        << "params " << P << "\n"
        << "padded_params " << Ppad << "\n"
        << "precision " << (cfg.bf16 ? "bf16" : "fp32") << "\n"
        << "elements " << lo << " " << hi << "\n"
        << "byte_range " << (cfg.bf16 ? "master" : "params") << " 0 " << b << "\n"
        << "byte_range exp_avg " << b << " " << 2 * b << "\n"
        << "byte_range exp_avg_sq " << 2 * b << " " << 3 * b << "\n"
        << "file rank-" << r << ".bin\n"
        << "bytes " << data.size() << "\n"
        << "fnv1a64 " << hex(fnv1a64(data)) << "\n";

    // Every rank writes its shard and manifest to temporaries; the ranks agree that all of them reached the disk
    // before any is renamed into place, so a full disk leaves the previous checkpoint (or none), never a mix.
    const std::string shard = shardFile(dir, r), manifest = manifestFile(dir, r);
    const std::string shardTmp = shard + ".tmp", manifestTmp = manifest + ".tmp";
    std::string error;
    const bool wrote = writeTemporary(shardTmp, data, error) && writeTemporary(manifestTmp, man.str(), error);
    comm.setRecording(false);
    const std::vector<double> ok = comm.allGatherScalars(wrote ? 1.0 : 0.0);
    comm.setRecording(true);
    int failed = -1;
    for (std::size_t k = 0; k < ok.size() && failed < 0; ++k)
        if (ok[k] != 1.0)
            failed = static_cast<int>(k);
    auto removeTemporaries = [&] {
        ::unlink(shardTmp.c_str());
        ::unlink(manifestTmp.c_str());
    };
    if (failed >= 0) {
        removeTemporaries();
        throw CheckpointWriteError(!error.empty() ? error + "; no checkpoint file was replaced"
                                                  : "rank " + std::to_string(failed) + " could not write its shard in "
                                                      + dir + "; no checkpoint file was replaced");
    }
    if (std::rename(shardTmp.c_str(), shard.c_str()) != 0 || std::rename(manifestTmp.c_str(), manifest.c_str()) != 0) {
        error = "cannot rename into " + dir + ": " + std::strerror(errno);
        removeTemporaries();
        throw CheckpointWriteError(error);
    }
}

int RankState::restore(const std::string& dir)
{
    std::string error;
    int stepsDone = 0;
    std::string data;
    [&] {
        const std::string mpath = manifestFile(dir, r);
        std::string manifestText, why;
        if (!readRegularFile(mpath, kMaxManifestBytes, manifestText, why)) {
            error = mpath + ": no manifest for rank " + std::to_string(r) + " (a checkpoint of " + std::to_string(n)
                + " ranks needs one per rank): " + why;
            return;
        }
        std::map<std::string, std::string> kv;
        std::string line;
        std::istringstream mf(manifestText);
        while (std::getline(mf, line)) {
            const auto sp = line.find(' ');
            if (sp != std::string::npos && line.compare(0, sp, "byte_range") != 0)
                kv[line.substr(0, sp)] = line.substr(sp + 1);
        }
        if (kv["format"] != kFormat) {
            error = mpath + ": not a ShardScope ZeRO checkpoint manifest";
            return;
        }
        if (kv["world_size"] != std::to_string(n)) {
            error = "the checkpoint in " + dir + " was written by " + kv["world_size"] + " ranks; this run has "
                + std::to_string(n) + ". A sharded checkpoint resumes only at the same world size";
            return;
        }
        if (kv["rank"] != std::to_string(r) || kv["params"] != std::to_string(P)
            || kv["padded_params"] != std::to_string(Ppad) || kv["elements"] != std::to_string(lo) + " " + std::to_string(hi)) {
            error = mpath + ": written for another model or layout (params " + kv["params"] + ", this run "
                + std::to_string(P) + ")";
            return;
        }
        if (kv["strategy"] != strategyKey(cfg.strategy) || kv["precision"] != (cfg.bf16 ? "bf16" : "fp32")) {
            error = mpath + ": written by strategy " + kv["strategy"] + " in " + kv["precision"] + "; this run is "
                + strategyKey(cfg.strategy) + " in " + (cfg.bf16 ? "bf16" : "fp32");
            return;
        }
        const std::string spath = shardFile(dir, r);
        const std::int64_t want = (hi - lo) * 12;
        // At most what this run's layout needs (the manifest's "bytes" must say the same): never more.
        if (!readRegularFile(spath, want, data, why)) {
            error = spath + ": cannot read the shard: " + why;
            return;
        }
        if (kv["bytes"] != std::to_string(data.size()) || static_cast<std::int64_t>(data.size()) != want) {
            error = spath + ": " + std::to_string(data.size()) + " bytes, the manifest says " + kv["bytes"];
            return;
        }
        const std::string sum = hex(fnv1a64(data));
        if (kv["fnv1a64"] != sum) {
            error = spath + ": checksum mismatch (manifest " + kv["fnv1a64"] + ", file " + sum
                + "): the shard is corrupt; refusing to resume";
            return;
        }
        // The manifest is outside input (its checksum covers the shard, not itself): std::stoi threw on a
        // malformed step, before the collectives below, and left the other ranks waiting.
        const std::string& step = kv["step"];
        int parsed = -1;
        const auto [end, ec] = std::from_chars(step.data(), step.data() + step.size(), parsed);
        if (step.empty() || ec != std::errc() || end != step.data() + step.size() || parsed < 0) {
            error = mpath + ": step '" + step + "' is not a step count (0 to " + std::to_string(INT_MAX) + ")";
            return;
        }
        stepsDone = parsed;
    }();

    // Every rank learns whether all shards are good before any collective of the restore runs.
    comm.setRecording(false);
    const std::vector<double> ok = comm.allGatherScalars(error.empty() ? 1.0 : 0.0);
    const std::vector<double> steps = comm.allGatherScalars(static_cast<double>(stepsDone));
    comm.setRecording(true);
    if (!error.empty())
        throw CheckpointError(error);
    for (std::size_t k = 0; k < ok.size(); ++k)
        if (ok[k] != 1.0)
            throw PeerRefused("rank " + std::to_string(k) + "'s checkpoint shard in " + dir + " was refused");
    for (double s : steps)
        if (s != static_cast<double>(stepsDone))
            throw CheckpointError("the shards in " + dir + " are from different steps");

    const std::int64_t len = hi - lo;
    const std::size_t bytes = static_cast<std::size_t>(len) * 4;
    auto read = [&](float* dst, int k) {
        if (len > 0)
            std::memcpy(dst, data.data() + static_cast<std::size_t>(k) * bytes, bytes);
    };
    comm.setRecording(false);
    if (z == 0) {
        float* w = cfg.bf16 ? master.data() : params.data();
        read(w + lo, 0);
        read(m.data() + lo, 1);
        read(v.data() + lo, 2);
        for (float* buf : {w, m.data(), v.data()})
            comm.allGather(buf, bounds, 4);
        if (cfg.bf16)
            for (std::size_t k = 0; k < params.size(); ++k)
                params[k] = roundToBf16(master[k]);
    } else {
        read(cfg.bf16 ? master.data() : (z >= 3 ? params.data() : params.data() + lo), 0);
        read(m.data(), 1);
        read(v.data(), 2);
        if (cfg.bf16)
            for (std::int64_t j = 0; j < len; ++j)
                params[static_cast<std::size_t>(z >= 3 ? j : lo + j)] = roundToBf16(master[static_cast<std::size_t>(j)]);
        if (z < 3)
            comm.allGather(params.data(), bounds, pb);
    }
    comm.setRecording(true);
    return stepsDone;
}

} // namespace shardscope::train
