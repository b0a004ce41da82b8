// SPDX-License-Identifier: MIT
// The mini trainer's checkpoint reader (core/src/trainer/checkpoint.cpp, RankState::restore): the input is a
// manifest, optionally followed by "\n--shard--\n" and the shard's bytes (else a shard of zeros of the size the
// layout needs). Both are written to a temporary folder and resumed by one rank of the run train-demo makes with
// `--widths 3,2 --ranks 1 --strategy ddp --steps 1` (seeds/checkpoint/ is such a checkpoint). Only CheckpointError
// (a refused checkpoint) and std::invalid_argument may leave it, and a resumed run's parameters are finite or NaN
// from the shard, never a crash, a hang or an unbounded read.
#include "shardscope/trainer.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <stdlib.h>
#include <unistd.h>

namespace {

std::string folder()
{
    static const std::string dir = [] {
        char tmpl[] = "/tmp/fuzz_checkpoint.XXXXXX";
        const char* d = ::mkdtemp(tmpl);
        if (!d)
            std::abort();
        return std::string(d);
    }();
    return dir;
}

void write(const std::string& path, const std::string& bytes)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace shardscope::train;
    const std::string text(reinterpret_cast<const char*>(data), size);
    TrainConfig c;
    c.mlp.inputs = 3;
    c.mlp.hidden.clear();
    c.mlp.outputs = 2;
    c.ranks = 1;
    c.steps = 1;
    c.strategy = Strategy::Ddp;
    const std::string dir = folder();
    const std::string sep = "\n--shard--\n";
    const auto at = text.find(sep);
    write(dir + "/rank-0.manifest", at == std::string::npos ? text : text.substr(0, at + 1));
    write(dir + "/rank-0.bin",
          at == std::string::npos ? std::string(static_cast<std::size_t>(paddedLength(c)) * 12, '\0')
                                  : text.substr(at + sep.size()));
    CheckpointOptions ck;
    ck.resumeDir = dir;
    try {
        trainInProcess(c, ck);
    } catch (const CheckpointError&) {
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
