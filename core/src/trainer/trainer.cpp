// SPDX-License-Identifier: MIT
#include "shardscope/trainer.h"

#include "rankstate.h"

#include "shardscope/footprint.h"
#include "shardscope/scenario.h"
#include "shardscope/units.h"

#include <Eigen/Dense>

#include <chrono>
#include <cmath>
#include <exception>
#include <string>
#include <system_error>
#include <thread>

namespace shardscope::train {

const char* strategyKey(Strategy s)
{
    switch (s) {
    case Strategy::Single: return "single";
    case Strategy::Ddp: return "ddp";
    case Strategy::Zero1: return "zero1";
    case Strategy::Zero2: return "zero2";
    case Strategy::Zero3: return "zero3";
    case Strategy::NaiveZero: return "naive-zero";
    }
    return "";
}

std::optional<Strategy> strategyFromKey(const std::string& key)
{
    for (Strategy s : {Strategy::Single, Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3,
                       Strategy::NaiveZero})
        if (key == strategyKey(s))
            return s;
    return std::nullopt;
}

int zeroStageOf(Strategy s)
{
    switch (s) {
    case Strategy::Single:
    case Strategy::Ddp: return 0;
    case Strategy::Zero1:
    case Strategy::NaiveZero: return 1;
    case Strategy::Zero2: return 2;
    case Strategy::Zero3: return 3;
    }
    return 0;
}

void validateTrainConfig(const TrainConfig& c)
{
    auto need = [](bool ok, const std::string& msg) {
        if (!ok)
            throw std::invalid_argument(msg);
    };
    need(c.ranks >= 1 && c.ranks <= 256, "--ranks: between 1 and 256 (got " + std::to_string(c.ranks) + ")");
    need(c.strategy != Strategy::Single || c.ranks == 1, "--strategy single runs on 1 rank");
    need(c.steps >= 0 && c.steps <= 100000, "--steps: between 0 and 100000");
    need(c.gradAccum >= 1 && c.gradAccum <= kMaxTrainBatch, "--grad-accum: between 1 and " + std::to_string(kMaxTrainBatch));
    need(c.globalBatch >= 1 && c.globalBatch <= kMaxTrainBatch, "--batch: between 1 and " + std::to_string(kMaxTrainBatch)
                                                                    + " (got " + std::to_string(c.globalBatch) + ")");
    need(c.globalBatch % (c.gradAccum * c.ranks) == 0,
         "--batch: the global batch " + std::to_string(c.globalBatch) + " must divide into grad-accum x ranks = "
             + std::to_string(c.gradAccum * c.ranks) + " equal micro-batches");
    need(c.mlp.inputs >= 1 && c.mlp.outputs >= 1, "--widths: every layer needs at least 1 unit");
    for (int h : c.mlp.hidden)
        need(h >= 1, "--widths: every layer needs at least 1 unit");
    // 25M parameters (100M held 2 GB and took a minute for 2 steps of 4 samples with the reference run).
    need(mlpParamCount(c.mlp) <= 25000000, "--widths: at most 25M parameters");
    // The single-process reference holds the whole batch's activations (batch x the sum of the widths, fp32), and a
    // run's work is steps x batch x params multiply-adds three times over: --batch 100,000 took 49 s and 2.4 GB,
    // 1,000,000 ended on bad_alloc. Both are bounded so that the largest run answers in seconds.
    std::int64_t units = c.mlp.inputs + c.mlp.outputs;
    for (int h : c.mlp.hidden)
        units += h;
    need(double(c.globalBatch) * double(units) <= double(kMaxTrainActivations),
         "--batch: " + std::to_string(c.globalBatch) + " x the " + std::to_string(units) + " units of --widths is more than "
             + std::to_string(kMaxTrainActivations) + " activations (256 MB of fp32)");
    // Every rank holds its replica (DDP) or its buffers of the parameters: ranks x parameters bounds the memory of a
    // run (--ranks 256 of the default 1.4M-parameter MLP held 6 GB, and thread stacks ran out first).
    need(double(c.ranks) * double(mlpParamCount(c.mlp)) <= kMaxTrainRankParams,
         "--ranks: " + std::to_string(c.ranks) + " ranks x the " + std::to_string(mlpParamCount(c.mlp))
             + " parameters of --widths is more than " + shortCount(kMaxTrainRankParams) + " (fewer ranks or narrower widths)");
    need(double(c.steps) * double(c.globalBatch) * double(mlpParamCount(c.mlp)) <= kMaxTrainWork,
         "--batch: --steps x --batch x the parameters of --widths is more than " + shortCount(kMaxTrainWork)
             + " (the work of a run is bounded; fewer steps, a smaller batch or narrower widths)");
    need(std::isfinite(c.lr) && c.lr > 0, "--lr: a positive number");
    need(c.beta1 >= 0 && c.beta1 < 1 && c.beta2 >= 0 && c.beta2 < 1, "--betas: in [0, 1)");
    need(std::isfinite(c.eps) && c.eps > 0, "--eps: a positive number");
    need(std::isfinite(c.weightDecay) && c.weightDecay >= 0, "--weight-decay: not negative");
    need(std::isfinite(c.clipNorm) && c.clipNorm >= 0, "--clip: not negative (0: off)");
}

std::int64_t shardLength(const TrainConfig& c)
{
    const std::int64_t P = mlpParamCount(c.mlp);
    return (P + c.ranks - 1) / c.ranks;
}

std::int64_t paddedLength(const TrainConfig& c)
{
    if (zeroStageOf(c.strategy) == 0)
        return mlpParamCount(c.mlp);
    return shardLength(c) * c.ranks;
}

Scenario footprintScenario(const TrainConfig& c)
{
    Scenario s;
    setBareParams(s, mlpParamCount(c.mlp));
    s.gpus = c.ranks;
    s.gpusPerNode = std::max(1, std::min(c.ranks, 1024));
    s.tp = s.pp = s.cp = 1;
    s.zeroStage = zeroStageOf(c.strategy);
    s.recipe = resolveRecipe(c.bf16 ? "mixed" : "fp32");
    s.optimizer = c.adamw ? Optimizer::AdamW : Optimizer::Adam;
    s.modelStatesOnly = true;
    s.offloadOptimizer = s.offloadParams = OffloadDevice::None;
    s.gradAccum = c.gradAccum;
    s.padFlatBuffers = true;
    return s;
}

PredictedBytes predictBytes(const TrainConfig& c)
{
    validateTrainConfig(c);
    const Footprint fp = computeFootprint(footprintScenario(c));
    const RankFootprint& r = fp.worstRank();
    PredictedBytes p;
    p.params = r.bytes(Term::Params);
    p.grads = r.bytes(Term::Grads);
    p.master = r.bytes(Term::Master);
    p.moments = r.bytes(Term::Optimizer);
    const int z = zeroStageOf(c.strategy);
    const std::int64_t pb = c.bf16 ? 2 : 4;
    const std::int64_t batch = c.globalBatch / (c.gradAccum * c.ranks);
    std::int64_t acts = 0, transient = 0;
    for (const LayerSpan& s : mlpLayout(c.mlp)) {
        acts += std::int64_t(s.out) * batch * 4; // activations of layers 0..l, alive at layer l
        if (z == 3) {
            if (c.ranks > 1)
                p.gathered = std::max(p.gathered, s.count * pb);
            transient = std::max(transient, acts + s.count * pb); // its gathered weights, or its grads
            p.scratch = std::max(p.scratch, acts + s.count * pb);
        }
    }
    if (z < 3) {
        transient = acts + (z == 2 ? paddedLength(c) * pb : 0);
        p.scratch = transient;
    }
    p.peak = p.params + p.grads + p.master + p.moments + transient;
    return p;
}

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::uint64_t splitmix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// A deterministic value in [-1, 1) for (seed, a, b).
float uniformAt(std::uint64_t seed, std::uint64_t a, std::uint64_t b)
{
    const std::uint64_t h = splitmix(seed ^ splitmix(a * 0x100000001b3ull + splitmix(b)));
    return static_cast<float>(static_cast<double>(h >> 40) / 8388608.0 - 1.0);
}

using Mat = Eigen::MatrixXf;
using CMap = Eigen::Map<const Mat>;
using VMap = Eigen::Map<Eigen::VectorXf>;
using CVMap = Eigen::Map<const Eigen::VectorXf>;

} // namespace

float initialParam(const MlpConfig& c, const std::vector<LayerSpan>& layers, std::int64_t i)
{
    for (std::size_t l = 0; l < layers.size(); ++l) {
        const LayerSpan& s = layers[l];
        if (i >= s.offset && i < s.offset + s.count) {
            if (i - s.offset >= std::int64_t(s.in) * s.out)
                return 0.0f; // bias
            return uniformAt(c.seed, l + 1, static_cast<std::uint64_t>(i)) / std::sqrt(static_cast<float>(s.in));
        }
    }
    return 0.0f; // padding
}

/// The synthetic data set: inputs uniform in [-1, 1), targets tanh(T x) of a fixed random teacher T.
void makeBatch(const MlpConfig& c, std::int64_t first, int count, Mat& x, Mat& t)
{
    x.resize(c.inputs, count);
    for (int i = 0; i < count; ++i)
        for (int k = 0; k < c.inputs; ++k)
            x(k, i) = uniformAt(c.seed ^ 0xda7a5e7ull, static_cast<std::uint64_t>(first + i), static_cast<std::uint64_t>(k));
    Mat teacher(c.outputs, c.inputs);
    const float scale = 2.0f / std::sqrt(static_cast<float>(c.inputs));
    for (int k = 0; k < c.inputs; ++k)
        for (int j = 0; j < c.outputs; ++j)
            teacher(j, k) = scale * uniformAt(c.seed ^ 0x7eac4e2ull, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(k));
    t = (teacher * x).array().tanh().matrix();
}

RankState::RankState(const TrainConfig& config, Communicator& comm)
    : cfg(config)
    , comm(comm)
    , layers(mlpLayout(config.mlp))
    , n(comm.size())
    , r(comm.rank())
    , z(zeroStageOf(config.strategy))
    , pb(config.bf16 ? 2 : 4)
{
    if (n != cfg.ranks)
        throw std::invalid_argument("the communicator has " + std::to_string(n) + " ranks, the run asks for "
                                    + std::to_string(cfg.ranks));
    P = mlpParamCount(cfg.mlp);
    S = shardLength(cfg);
    Ppad = paddedLength(cfg);
    bounds = evenBounds(Ppad, n, S);
    lo = bounds[static_cast<std::size_t>(r)];
    hi = bounds[static_cast<std::size_t>(r) + 1];
    const std::int64_t stateLen = z >= 1 ? S : P; // master and moments
    const std::int64_t paramLen = z >= 3 ? S : Ppad;
    const std::int64_t gradLen = z >= 2 ? S : Ppad;
    params.assign(static_cast<std::size_t>(paramLen), 0.0f);
    grads.assign(static_cast<std::size_t>(gradLen), 0.0f);
    m.assign(static_cast<std::size_t>(stateLen), 0.0f);
    v.assign(static_cast<std::size_t>(stateLen), 0.0f);
    if (cfg.bf16)
        master.assign(static_cast<std::size_t>(stateLen), 0.0f);
    ledger.allocate(MemCategory::Params, paramLen * pb, "params");
    ledger.allocate(MemCategory::Grads, gradLen * pb, "grads");
    if (cfg.bf16)
        ledger.allocate(MemCategory::Master, stateLen * 4, "fp32 master");
    ledger.allocate(MemCategory::Moments, stateLen * 4, "Adam m");
    ledger.allocate(MemCategory::Moments, stateLen * 4, "Adam v");

    // Initial values by global index: every rank computes only what it holds.
    const std::int64_t paramBase = z >= 3 ? lo : 0;
    for (std::int64_t j = 0; j < paramLen; ++j)
        params[static_cast<std::size_t>(j)] = initialParam(cfg.mlp, layers, paramBase + j);
    const std::int64_t stateBase = z >= 1 ? lo : 0;
    if (cfg.bf16) {
        for (std::int64_t j = 0; j < stateLen; ++j)
            master[static_cast<std::size_t>(j)] = initialParam(cfg.mlp, layers, stateBase + j);
        for (float& p : params)
            p = roundToBf16(p);
    }
}

ChunkBounds RankState::layerBounds(const LayerSpan& s) const
{
    ChunkBounds b(static_cast<std::size_t>(n) + 1);
    for (int c = 0; c <= n; ++c)
        b[static_cast<std::size_t>(c)] = std::clamp(bounds[static_cast<std::size_t>(c)], s.offset, s.offset + s.count) - s.offset;
    return b;
}

const float* RankState::layerParams(std::size_t l)
{
    const LayerSpan& s = layers[l];
    if (z < 3 || n == 1) // one rank's shard is the whole model: nothing to gather
        return params.data() + s.offset;
    // ZeRO-3: gather the layer from the shards (each rank's part of it), used, then freed by the caller.
    gathered.assign(static_cast<std::size_t>(s.count), 0.0f);
    ledger.allocate(MemCategory::Gathered, s.count * pb, "gather layer " + std::to_string(l));
    const ChunkBounds b = layerBounds(s);
    const std::int64_t a0 = b[static_cast<std::size_t>(r)], a1 = b[static_cast<std::size_t>(r) + 1];
    for (std::int64_t i = a0; i < a1; ++i)
        gathered[static_cast<std::size_t>(i)] = params[static_cast<std::size_t>(s.offset + i - lo)];
    const auto t0 = Clock::now();
    comm.allGather(gathered.data(), b, pb);
    time.comm += since(t0);
    return gathered.data();
}

void RankState::releaseLayer(std::size_t l)
{
    if (z < 3 || n == 1)
        return;
    ledger.release(MemCategory::Gathered, layers[l].count * pb, "free layer " + std::to_string(l));
}

double RankState::microBatch(std::int64_t first, int count)
{
    Mat x, t;
    makeBatch(cfg.mlp, first, count, x, t);
    const std::size_t L = layers.size();
    std::vector<Mat> acts(L + 1);
    acts[0] = std::move(x);
    std::int64_t actBytes = 0;

    // Forward.
    auto t0 = Clock::now();
    double commBefore = time.comm;
    for (std::size_t l = 0; l < L; ++l) {
        const LayerSpan& s = layers[l];
        const float* w = layerParams(l);
        CMap W(w, s.out, s.in);
        CVMap b(w + std::int64_t(s.in) * s.out, s.out);
        Mat zl = W * acts[l];
        zl.colwise() += b;
        if (l + 1 < L)
            zl = zl.array().tanh().matrix();
        acts[l + 1] = std::move(zl);
        actBytes += acts[l + 1].size() * 4;
        ledger.allocate(MemCategory::Scratch, acts[l + 1].size() * 4, "activations layer " + std::to_string(l));
        releaseLayer(l);
    }
    const Mat err = acts[L] - t;
    const double loss = 0.5 * static_cast<double>(err.squaredNorm()) / cfg.globalBatch;
    time.forward += since(t0) - (time.comm - commBefore);

    // Backward: dL/dz of the output layer is err / G (the mean over the global batch).
    t0 = Clock::now();
    commBefore = time.comm;
    Mat dz = err / static_cast<float>(cfg.globalBatch);
    std::vector<float> fullScratch; // ZeRO-2: this micro-batch's full local grads before the reduce-scatter
    if (z == 2) {
        fullScratch.assign(static_cast<std::size_t>(Ppad), 0.0f);
        ledger.allocate(MemCategory::Scratch, Ppad * pb, "full local grads");
    }
    for (std::size_t li = L; li-- > 0;) {
        const LayerSpan& s = layers[li];
        const float* w = layerParams(li);
        CMap W(w, s.out, s.in);
        const Mat dW = dz * acts[li].transpose();
        const Eigen::VectorXf db = dz.rowwise().sum();
        Mat dx;
        if (li > 0) {
            dx = W.transpose() * dz;
            dz = (dx.array() * (1.0f - acts[li].array().square())).matrix();
        }
        releaseLayer(li);
        const std::int64_t wn = std::int64_t(s.in) * s.out;
        auto put = [&](float* dst) {
            for (std::int64_t i = 0; i < wn; ++i)
                dst[i] = cfg.bf16 ? roundToBf16(dst[i] + dW.data()[i]) : dst[i] + dW.data()[i];
            for (int i = 0; i < s.out; ++i)
                dst[wn + i] = cfg.bf16 ? roundToBf16(dst[wn + i] + db[i]) : dst[wn + i] + db[i];
        };
        if (z <= 1) {
            put(grads.data() + s.offset);
        } else if (z == 2) {
            put(fullScratch.data() + s.offset);
        } else {
            // ZeRO-3: this layer's full grads, reduce-scattered at once, then freed.
            std::vector<float> layerGrads(static_cast<std::size_t>(s.count), 0.0f);
            ledger.allocate(MemCategory::Scratch, s.count * pb, "layer grads " + std::to_string(li));
            put(layerGrads.data());
            const ChunkBounds b = layerBounds(s);
            const auto tc = Clock::now();
            comm.reduceScatter(layerGrads.data(), b, pb);
            time.comm += since(tc);
            for (std::int64_t i = b[static_cast<std::size_t>(r)]; i < b[static_cast<std::size_t>(r) + 1]; ++i) {
                float& g = grads[static_cast<std::size_t>(s.offset + i - lo)];
                g = cfg.bf16 ? roundToBf16(g + layerGrads[static_cast<std::size_t>(i)]) : g + layerGrads[static_cast<std::size_t>(i)];
            }
            ledger.release(MemCategory::Scratch, s.count * pb, "free layer grads " + std::to_string(li));
        }
        ledger.release(MemCategory::Scratch, acts[li + 1].size() * 4, "free activations layer " + std::to_string(li));
    }
    if (z == 2) {
        const auto tc = Clock::now();
        comm.reduceScatter(fullScratch.data(), bounds, pb);
        time.comm += since(tc);
        for (std::int64_t i = lo; i < hi; ++i) {
            float& g = grads[static_cast<std::size_t>(i - lo)];
            g = cfg.bf16 ? roundToBf16(g + fullScratch[static_cast<std::size_t>(i)]) : g + fullScratch[static_cast<std::size_t>(i)];
        }
        ledger.release(MemCategory::Scratch, Ppad * pb, "free full local grads");
    }
    time.backward += since(t0) - (time.comm - commBefore);
    (void)actBytes;
    return loss;
}

void RankState::step(int s)
{
    std::fill(grads.begin(), grads.end(), 0.0f);
    const int A = cfg.gradAccum;
    const int local = cfg.globalBatch / (A * n);
    double loss = 0;
    for (int mb = 0; mb < A; ++mb) {
        const std::int64_t first = std::int64_t(s) * cfg.globalBatch + std::int64_t(mb) * (cfg.globalBatch / A)
            + std::int64_t(r) * local;
        loss += microBatch(first, local);
    }

    // Gradient reduction.
    auto t0 = Clock::now();
    if (cfg.strategy == Strategy::Ddp || cfg.strategy == Strategy::NaiveZero)
        comm.allReduce(grads.data(), bounds, pb);
    else if (cfg.strategy == Strategy::Zero1)
        comm.reduceScatter(grads.data(), bounds, pb);
    // The global loss and grad norm: each rank's partial value, exchanged, summed in rank order.
    const std::vector<double> losses = comm.allGatherScalars(loss);
    double globalLoss = 0;
    for (double l : losses)
        globalLoss += l;
    // My reduced grads: the whole buffer for DDP, my chunk otherwise.
    float* g = z >= 2 ? grads.data() : grads.data() + lo;
    const std::int64_t gLen = hi - lo;
    double partial = 0;
    for (std::int64_t i = 0; i < gLen; ++i)
        partial += double(g[i]) * double(g[i]);
    const std::vector<double> partials = comm.allGatherScalars(partial);
    double sumSq = 0;
    for (double p : partials)
        sumSq += p;
    time.comm += since(t0);
    const double norm = std::sqrt(sumSq);
    result.loss.push_back(globalLoss);
    result.gradNorm.push_back(norm);
    float clip = 1.0f;
    if (cfg.clipNorm > 0 && norm > cfg.clipNorm)
        clip = static_cast<float>(cfg.clipNorm / (norm + 1e-6));

    // Adam on what this rank owns.
    t0 = Clock::now();
    const int t = s + 1;
    const float b1 = float(cfg.beta1), b2 = float(cfg.beta2), lr = float(cfg.lr), eps = float(cfg.eps),
                wd = float(cfg.weightDecay);
    const float bc1 = float(1.0 - std::pow(cfg.beta1, t)), bc2 = float(1.0 - std::pow(cfg.beta2, t));
    auto adam = [&](float& w, float gi, float& mi, float& vi) {
        gi *= clip;
        if (!cfg.adamw && wd != 0)
            gi += wd * w;
        mi = b1 * mi + (1 - b1) * gi;
        vi = b2 * vi + (1 - b2) * gi * gi;
        const float update = (mi / bc1) / (std::sqrt(vi / bc2) + eps);
        w -= lr * (update + (cfg.adamw ? wd * w : 0.0f));
    };
    if (z == 0) {
        for (std::int64_t i = 0; i < P; ++i) {
            const std::size_t k = static_cast<std::size_t>(i);
            float& w = cfg.bf16 ? master[k] : params[k];
            adam(w, grads[k], m[k], v[k]);
            if (cfg.bf16)
                params[k] = roundToBf16(w);
        }
    } else {
        for (std::int64_t j = 0; j < hi - lo; ++j) {
            const std::size_t k = static_cast<std::size_t>(j);
            const std::size_t pk = static_cast<std::size_t>(z >= 3 ? j : lo + j);
            float& w = cfg.bf16 ? master[k] : params[pk];
            adam(w, g[j], m[k], v[k]);
            if (cfg.bf16)
                params[pk] = roundToBf16(w);
        }
    }
    time.optimizer += since(t0);
    if (z == 1 || z == 2) {
        t0 = Clock::now();
        comm.allGather(params.data(), bounds, pb);
        time.comm += since(t0);
    }
}

std::vector<float> RankState::fullParams()
{
    if (z < 3)
        return std::vector<float>(params.begin(), params.begin() + P);
    std::vector<float> full(static_cast<std::size_t>(Ppad), 0.0f);
    std::copy(params.begin(), params.end(), full.begin() + lo);
    comm.setRecording(false);
    comm.allGather(full.data(), bounds, pb);
    comm.setRecording(true);
    full.resize(static_cast<std::size_t>(P));
    return full;
}

RankResult runRank(const TrainConfig& config, Communicator& comm, const CheckpointOptions& ckpt,
                   const RunControl& control)
{
    validateTrainConfig(config);
    RankState st(config, comm);
    int start = 0;
    if (!ckpt.resumeDir.empty())
        start = st.restore(ckpt.resumeDir);
    if (start > config.steps)
        throw CheckpointError("the checkpoint is at step " + std::to_string(start) + ", beyond --steps "
                              + std::to_string(config.steps));
    for (int s = start; s < config.steps; ++s) {
        if (control.cancel) {
            comm.setRecording(false);
            const std::vector<double> flags = comm.allGatherScalars(control.cancel->load() ? 1.0 : 0.0);
            comm.setRecording(true);
            bool stop = false;
            for (double f : flags)
                stop = stop || f != 0.0;
            if (stop) {
                st.result.cancelled = true;
                break;
            }
        }
        comm.setIteration(s);
        st.step(s);
        // Every rank holds the same global loss (summed in rank order), so every rank stops here together.
        if (!std::isfinite(st.result.loss.back()) || !std::isfinite(st.result.gradNorm.back()))
            throw TrainRunError("step " + std::to_string(s + 1) + ": the loss is " + (std::isnan(st.result.loss.back()) ? "nan" : "not finite")
                                + " (the run diverged: a smaller --lr, or --clip); the run stops");
        if (control.progress && comm.rank() == 0)
            control.progress(s + 1, config.steps);
        if (!ckpt.saveDir.empty() && s + 1 == ckpt.saveAfterStep)
            st.save(ckpt.saveDir, s + 1);
    }
    RankResult& res = st.result;
    res.rank = comm.rank();
    res.wireBytesSent = comm.wireBytesSent();
    res.scalarBytesSent = comm.scalarBytesSent();
    res.messages = comm.messages();
    res.time = st.time;
    res.params = st.fullParams();
    res.ledger = st.ledger;
    return std::move(st.result);
}

std::vector<RankResult> trainInProcess(const TrainConfig& config, const CheckpointOptions& ckpt,
                                       const RunControl& control)
{
    validateTrainConfig(config);
    InProcessWorld world(config.ranks);
    std::vector<RankResult> results(static_cast<std::size_t>(config.ranks));
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(config.ranks));
    if (config.ranks == 1) {
        results[0] = runRank(config, world.communicator(0), ckpt, control);
        return results;
    }
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(config.ranks));
    std::string notStarted;
    for (int r = 0; r < config.ranks; ++r) {
        try {
            threads.emplace_back([&, r] {
                try {
                    results[static_cast<std::size_t>(r)] = runRank(config, world.communicator(r), ckpt, control);
                } catch (const CheckpointError&) { // agreed by a collective: every rank throws it, none waits
                    errors[static_cast<std::size_t>(r)] = std::current_exception();
                } catch (const TrainRunError&) { // a non-finite loss: the global loss, the same on every rank
                    errors[static_cast<std::size_t>(r)] = std::current_exception();
                } catch (...) {
                    // This rank alone: the others would wait for it forever (aborting on an agreed error above would
                    // cut short a slower rank's last collective, which every rank still completes).
                    errors[static_cast<std::size_t>(r)] = std::current_exception();
                    world.abort();
                }
            });
        } catch (const std::system_error& e) {
            // A thread that cannot start (ulimit -u, memory): the started ranks are stopped and joined, never left
            // joinable (std::terminate: "terminate called without an active exception").
            notStarted = "cannot start rank " + std::to_string(r) + " of " + std::to_string(config.ranks) + " (ranks run as "
                + "threads: a limit on threads or memory?): " + e.what();
            world.abort();
            break;
        }
    }
    for (auto& t : threads)
        t.join();
    if (!notStarted.empty())
        throw TrainRunError(notStarted);
    // A rank that refused its own shard says why; the others only know that a peer refused or stopped.
    for (const auto& e : errors) {
        if (!e)
            continue;
        try {
            std::rethrow_exception(e);
        } catch (const PeerRefused&) {
        } catch (const WorldAborted&) {
        } catch (...) {
            std::rethrow_exception(e);
        }
    }
    for (const auto& e : errors)
        if (e)
            std::rethrow_exception(e);
    return results;
}

} // namespace shardscope::train
