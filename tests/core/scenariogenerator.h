// SPDX-License-Identifier: MIT
// Random valid scenarios for the property tests (tst_properties, tst_steppeak): seeded, so a failure reproduces.
#pragma once

#include "shardscope/architecture.h"
#include "shardscope/recipe.h"
#include "shardscope/scenario.h"

#include <algorithm>
#include <initializer_list>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace shardscope {

inline std::string describe(const Scenario& s)
{
    std::ostringstream o;
    o << s.arch.id << (s.bareParams ? " bare " + std::to_string(*s.bareParams) : std::string()) << " N=" << s.gpus
      << " tp=" << s.tp << " pp=" << s.pp << " stage=" << s.zeroStage << " recipe=" << s.recipe.id
      << " opt=" << optimizerKey(s.optimizer) << " ckpt=" << checkpointingKey(s.checkpointing)
      << " flash=" << s.flashAttention << " sp=" << s.sequenceParallel << " b=" << s.microBatch << " s=" << s.seq
      << " m=" << s.gradAccum << " sched=" << scheduleKey(s.schedule) << " offopt=" << offloadKey(s.offloadOptimizer)
      << " offpar=" << offloadKey(s.offloadParams) << " ddpview=" << s.ddpGradientAsBucketView
      << " framework=" << frameworkKey(s.framework) << " reshard=" << s.fsdpReshardAfterForward
      << " oib=" << s.optimizerInBackward << " actoff=" << s.activationOffload << " chunks=" << s.lossChunks
      << " paged=" << s.pagedOptimizer << " lossfp32=" << s.lossFp32 << " losscompiled=" << s.lossCompiled
      << " compiled=" << s.compiled << " dropout=" << s.arch.dropout
      << " actprec=" << activationPrecisionKey(s.activationPrecision) << " settonone=" << s.zeroGradSetToNone
      << " vocab=" << s.logitsOverVocab << " measure=" << capacityMeasureKey(s.capacityMeasure) << " cp=" << s.cp;
    return o.str();
}

/// Random valid scenarios: presets, random architectures and bare counts; every recipe and optimizer;
/// TP a divisor of the heads (and KV heads), PP up to the layers; all schedules, checkpointing modes and
/// offloads the stage allows.
class ScenarioGenerator
{
public:
    explicit ScenarioGenerator(std::uint32_t seed)
        : m_rng(seed)
    {
    }

    template <typename T>
    T pick(std::initializer_list<T> v)
    {
        std::uniform_int_distribution<std::size_t> d(0, v.size() - 1);
        return *(v.begin() + d(m_rng));
    }
    std::int64_t uniform(std::int64_t lo, std::int64_t hi)
    {
        return std::uniform_int_distribution<std::int64_t>(lo, hi)(m_rng);
    }
    bool coin() { return uniform(0, 1) == 1; }

    Architecture randomArchitecture()
    {
        Architecture a;
        a.id = "random";
        a.heads = pick<std::int64_t>({1, 2, 4, 8, 12, 16, 32, 64});
        const std::int64_t hd = pick<std::int64_t>({16, 32, 64, 128});
        a.hidden = a.heads * hd;
        a.headDim = coin() ? hd : pick<std::int64_t>({hd, 2 * hd});
        a.kvHeads = a.heads / pick<std::int64_t>({1, 1, 2, 4, 8});
        if (a.kvHeads < 1 || a.heads % a.kvHeads != 0)
            a.kvHeads = a.heads;
        a.layers = uniform(1, 48);
        a.ffn = a.hidden * uniform(2, 6) + uniform(0, 1) * 64;
        a.vocab = pick<std::int64_t>({1000, 32000, 50257, 128256});
        a.gatedMlp = coin();
        a.tiedEmbeddings = coin();
        a.qkvBias = coin();
        a.attnOutBias = coin();
        a.mlpBias = coin();
        a.norm = coin() ? NormKind::LayerNorm : NormKind::RMSNorm;
        a.dropout = coin();
        a.maxPositions = coin() ? 0 : 2048;
        if (uniform(0, 4) == 0) {
            a.experts = pick<std::int64_t>({2, 4, 8});
            a.topK = uniform(1, a.experts);
        }
        return a;
    }

    /// A valid scenario; gpus is set to tp x pp x d with d from `dp`.
    Scenario next(std::int64_t dp)
    {
        Scenario s;
        switch (uniform(0, 2)) {
        case 0: {
            const auto& presets = modelPresets();
            s.arch = presets[std::size_t(uniform(0, std::int64_t(presets.size()) - 1))].arch;
            break;
        }
        case 1: s.arch = randomArchitecture(); break;
        default: setBareParams(s, pick<std::int64_t>({1000000, 124000000, 1300000000, 7500000000, 70000000000,
                                                      175000000000, 1000000000000}) + uniform(0, 1000));
        }
        s.recipe = recipes()[std::size_t(uniform(0, std::int64_t(recipes().size()) - 1))];
        if (uniform(0, 3) == 0)
            s.optimizer = *optimizerFromKey(optimizerKeys()[std::size_t(uniform(0, 7))]);
        // TP: a divisor of the heads that also divides (or is divided by) the KV heads.
        std::vector<std::int64_t> tps;
        for (std::int64_t t : {1, 2, 4, 8})
            if (s.arch.heads % t == 0 && (s.arch.kvHeads % t == 0 || t % s.arch.kvHeads == 0))
                tps.push_back(t);
        s.tp = tps[std::size_t(uniform(0, std::int64_t(tps.size()) - 1))];
        s.pp = std::min<std::int64_t>(s.arch.layers, pick<std::int64_t>({1, 1, 2, 3, 4, 8}));
        s.schedule = pick({PipelineSchedule::OneFOneB, PipelineSchedule::GPipe, PipelineSchedule::Interleaved});
        s.gradAccum = pick<std::int64_t>({1, 2, 4, 8, 16, 64});
        if (s.schedule == PipelineSchedule::Interleaved) {
            s.vpp = 2;
            if (s.pp < 2 || s.arch.layers % (s.pp * s.vpp) != 0) {
                s.schedule = PipelineSchedule::OneFOneB;
                s.vpp = 1;
            } else {
                s.gradAccum = s.pp * pick<std::int64_t>({1, 2, 4});
            }
        }
        s.gpus = s.tp * s.pp * dp;
        s.gpusPerNode = pick<std::int64_t>({1, 4, 8});
        s.zeroStage = int(uniform(0, 3));
        s.sequenceParallel = s.tp > 1 && coin();
        s.checkpointing = pick({Checkpointing::None, Checkpointing::Selective, Checkpointing::Full});
        s.flashAttention = coin();
        s.microBatch = pick<std::int64_t>({1, 2, 4});
        s.seq = pick<std::int64_t>({512, 2048, 4096, 8192});
        if (s.arch.maxPositions > 0) // learned positions (GPT-2/3) bound the sequence: a valid scenario stays inside
            s.seq = std::min(s.seq, s.arch.maxPositions);
        s.ddpGradientAsBucketView = uniform(0, 3) == 0;
        s.zero3PrefetchUnits = pick<std::int64_t>({0, 1, 1, 2});
        if (s.zeroStage >= 1)
            s.offloadOptimizer = pick({OffloadDevice::None, OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme});
        if (s.zeroStage == 3)
            s.offloadParams = pick({OffloadDevice::None, OffloadDevice::None, OffloadDevice::Cpu, OffloadDevice::Nvme});
        s.gpu = pick<std::string>({"a100-80gb", "h100-80gb", "h200-141gb", "rtx4090-24gb"});
        return s;
    }

    /// The framework conventions, memory savers and capacity measure of issue 8 (docs/model.md section 10),
    /// drawn so that the scenario stays valid: `single` only on one GPU, the optimizer in backward only
    /// without accumulation, CP a divisor of the sequence and of N / (TP x PP).
    void addFrameworkKnobs(Scenario& s)
    {
        s.framework = pick({Framework::DeepSpeed, Framework::Fsdp2, Framework::Megatron, Framework::Ddp, Framework::Single});
        if (s.framework == Framework::Single && s.gpus != 1)
            s.framework = Framework::Fsdp2;
        s.checkpointing = pick({Checkpointing::None, Checkpointing::Selective, Checkpointing::Full, Checkpointing::PerOp});
        s.fsdpReshardAfterForward = coin();
        s.optimizerInBackward = s.gradAccum == 1 && uniform(0, 3) == 0;
        s.activationOffload = uniform(0, 3) == 0;
        s.lossChunks = pick<std::int64_t>({1, 1, 4, 8});
        s.pagedOptimizer = uniform(0, 3) == 0;
        s.lossFp32 = coin();
        s.lossCompiled = uniform(0, 3) == 0;
        s.compiled = coin();
        s.arch.dropout = coin();
        s.activationPrecision
            = pick({ActivationPrecision::Auto, ActivationPrecision::Bits16, ActivationPrecision::Fp32, ActivationPrecision::Autocast});
        s.zeroGradSetToNone = uniform(0, 3) != 0;
        s.logitsOverVocab = uniform(0, 5) != 0;
        s.capacityMeasure = pick({CapacityMeasure::Allocated, CapacityMeasure::Reserved, CapacityMeasure::DeviceUsed});
        const std::int64_t cp = pick<std::int64_t>({1, 1, 2, 4});
        if (cp > 1 && s.seq % cp == 0 && s.dp() % cp == 0)
            s.cp = cp;
    }

private:
    std::mt19937 m_rng;
};

} // namespace shardscope
