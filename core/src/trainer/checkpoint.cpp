// SPDX-License-Identifier: MIT
// Sharded checkpoint: each rank writes its shard of the optimizer state and a manifest.
#include "rankstate.h"

#include <charconv>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

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

void writeAtomically(const std::string& path, const std::string& data)
{
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f)
            throw CheckpointError("cannot write " + tmp);
        f.write(data.data(), static_cast<std::streamsize>(data.size()));
        if (!f)
            throw CheckpointError("cannot write " + tmp);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw CheckpointError("cannot rename " + tmp + " to " + path);
}

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
    writeAtomically(shardFile(dir, r), data);

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
    writeAtomically(manifestFile(dir, r), man.str());
}

int RankState::restore(const std::string& dir)
{
    std::string error;
    int stepsDone = 0;
    std::string data;
    [&] {
        const std::string mpath = manifestFile(dir, r);
        std::ifstream mf(mpath);
        if (!mf) {
            error = mpath + ": no manifest for rank " + std::to_string(r) + " (a checkpoint of " + std::to_string(n)
                + " ranks needs one per rank)";
            return;
        }
        std::map<std::string, std::string> kv;
        std::string line;
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
        std::ifstream sf(spath, std::ios::binary);
        if (!sf) {
            error = spath + ": missing shard";
            return;
        }
        std::ostringstream buf;
        buf << sf.rdbuf();
        data = buf.str();
        const std::int64_t want = (hi - lo) * 12;
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
