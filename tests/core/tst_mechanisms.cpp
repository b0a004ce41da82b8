// SPDX-License-Identifier: MIT
// Issue 8's named mechanisms, each against a hand derivation (docs/model.md section 10 names the sources).
#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/validation_memory.h"

#include <QtTest>

using namespace shardscope;

namespace {
qint64 i64(std::int64_t v) { return static_cast<qint64>(v); }

/// A tiny GPT-style model on one GPU: hand arithmetic stays small.
Scenario tiny()
{
    Scenario s;
    Architecture a;
    a.layers = 2;
    a.hidden = 64;
    a.heads = 4;
    a.kvHeads = 4;
    a.headDim = 16;
    a.ffn = 256;
    a.vocab = 1000;
    a.normsPerLayer = 2;
    s.arch = a;
    s.bareParams.reset();
    s.gpus = 1;
    s.zeroStage = 0;
    s.framework = Framework::Single;
    s.seq = 100;
    s.microBatch = 1;
    s.recipe = resolveRecipe("mixed");
    return s;
}

/// Llama-3-8B's block (Meta's config.json: h 4096, 32 heads, 8 KV heads, ffn 14336, SwiGLU, RMSNorm).
Scenario llama8b()
{
    Scenario s = tiny();
    Architecture& a = s.arch;
    a.layers = 32;
    a.hidden = 4096;
    a.heads = 32;
    a.kvHeads = 8;
    a.headDim = 128;
    a.ffn = 14336;
    a.vocab = 128256;
    a.gatedMlp = true;
    a.norm = NormKind::RMSNorm;
    s.seq = 2;
    return s;
}

std::int64_t maxOf(const Footprint& f, Term t) { return f.worstRank().stepMaxBytes[static_cast<std::size_t>(t)]; }
} // namespace

class TestMechanisms : public QObject
{
    Q_OBJECT
private slots:
    void lossBytesPerLogit()
    {
        // s x V = 100 x 1000 logits. PyTorch CE on fp32-upcast logits, at the loss backward: 16-bit logits 2 B
        // + fp32 log-softmax 4 B + its gradient 4 B + the gradient of the upcast logits 4 B = 14 B.
        Scenario s = tiny();
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(100 * 1000 * 14));
        // No upcast: 2 + 3 x 2 = 8 B.
        s.lossFp32 = false;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(100 * 1000 * 8));
        // Chunked (torchtune CEWithChunkedOutputLoss, 4 chunks): 2 + 12 / 4 = 5 B.
        s.lossFp32 = true;
        s.lossChunks = 4;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(100 * 1000 * 5));
        // Compiled loss: the 16-bit logits and their 16-bit gradient, 4 B.
        s.lossChunks = 1;
        s.lossCompiled = true;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(100 * 1000 * 4));
        // Megatron's vocab-parallel CE: the fp32 copy holds the softmax, then its gradient, in place: 2 + 4 B.
        s.lossCompiled = false;
        s.framework = Framework::Megatron;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(100 * 1000 * 6));
        // A classifier head: no vocabulary logits.
        s.logitsOverVocab = false;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(0));
    }

    void chunkedHeadBackward()
    {
        // torchtune's chunked_output runs the head once per chunk (pytorch/torchtune torchtune/modules/transformer.py
        // at 0078c31b8ad014b22b8ced42659d8549e4c71552), so each chunk's head backward makes a weight gradient of its
        // own, which autograd adds to the sum of the earlier chunks' in the AccumulateGrad node's input buffer
        // (pytorch/pytorch torch/csrc/autograd/input_buffer.cpp at 00d40e7f7a11d5c47504c7dd3561edbfcd12b876:
        // buffer[pos] = old_var + var). s x V = 100 x 1000 logits, h = 64, 4 chunks, compiled loss.
        // The loss's own peak: 2 B logits + 2 B gradient / 4 chunks = 2.5 B x 100,000 = 250,000 B.
        // The second chunk's head backward: 3/4 of the 16-bit logits (or their gradients) 150,000 B + the weight
        // gradient twice (the sum so far and the new one), 2 x 1000 x 64 x 2 B = 256,000 B: 406,000 B.
        Scenario s = tiny();
        s.lossChunks = 4;
        s.lossCompiled = true;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(150000 + 256000));
        // One chunk: the one weight gradient comes after the loss's buffers: the loss's 4 B x 100,000.
        s.lossChunks = 1;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(400000));
        // LoRA: the head is frozen, no weight gradient: the loss's 250,000 B.
        s.lossChunks = 4;
        s.finetune = FinetuneMethod::Lora;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(250000));
    }

    void checkpointingModes()
    {
        // Per token, Llama-3-8B's block, 16-bit, compiled/fused kernels, FlashAttention (lse 4 B x 32 heads):
        // selective (Megatron): 2 norms' inputs 2h each + QKV input 2h + MLP input 2h = 8h = 32,768
        //   + Q 2q + K 2kv + V 2kv + attention output 2q = 20,480 + SwiGLU gate|up and product 2 x 3f = 86,016
        //   + lse 128 = 139,392 B.
        Scenario s = llama8b();
        s.checkpointing = Checkpointing::Selective;
        QCOMPARE(layerActivations(s).storedBytes, 2.0 * 139392);
        // per-op SAC (torchtitan): input 2h 8,192 + SDPA output 2q 8,192 + lse 128 + every other matmul output
        // in forward order: Q 8,192, V 2,048, gate 28,672, down 8,192 = 63,616 B.
        s.checkpointing = Checkpointing::PerOp;
        QCOMPARE(layerActivations(s).storedBytes, 2.0 * 63616);
        // Eager PyTorch keeps silu(gate) too: the MLP holds 2 x 4f = 114,688: 168,064 B per token.
        s.checkpointing = Checkpointing::Selective;
        s.compiled = false;
        QCOMPARE(layerActivations(s).storedBytes, 2.0 * 168064);
        // Full: the layer input, 2h = 8,192 B.
        s.checkpointing = Checkpointing::Full;
        QCOMPARE(layerActivations(s).storedBytes, 2.0 * 8192);
    }

    void activationPrecision()
    {
        // fp32 activations (fp32 recipe, auto): every 2-byte tensor doubles: 2 x 139,392 - 2 x lse (fp32 already).
        Scenario s = llama8b();
        s.checkpointing = Checkpointing::None;
        s.recipe = resolveRecipe("fp32");
        QCOMPARE(layerActivations(s).storedBytes, 2.0 * (2 * (139392 - 128) + 128));
        // autocast: the norms' inputs (the residual stream) in fp32, the rest 16-bit: 139,392 + 2 x 2 x 4096.
        s.activationPrecision = ActivationPrecision::Autocast;
        QCOMPARE(layerActivations(s).storedBytes, 2.0 * (139392 + 16384));
    }

    void peakIsTheTimelineMaximum()
    {
        // One GPU, full checkpointing, grads freed after each step (set_to_none): the grads are complete only at
        // the end of backward, when the stored activations are gone. With the tiny model the grads (2 B/param)
        // outweigh the loss, so the peak is backward-end: 16 B/param + one layer's working set. (Vocabulary
        // 100, 16 tokens: 111,744 params, grads 223,488 B > the loss 16 x 100 x 14 = 22,400 B + 8,192 B stored.)
        Scenario s = tiny();
        s.arch.vocab = 100;
        s.seq = 16;
        s.checkpointing = Checkpointing::Full;
        const Footprint f = computeFootprint(s);
        const RankFootprint& r = f.worstRank();
        QCOMPARE(int(r.peakMoment), int(StepMoment::BackwardEnd));
        const std::int64_t P = countParams(s.arch).total;
        const std::int64_t working = std::llround(layerActivations(s).workingBytes);
        QCOMPARE(i64(r.peakAllocatedBytes), i64(16 * P + working));
        // Grads are not alive at the end of forward: the old sum of every term overstated the peak.
        QCOMPARE(i64(r.timeline[std::size_t(StepMoment::ForwardLoss)].bytes[std::size_t(Term::Grads)]), qint64(0));
        std::int64_t sumOfMax = 0;
        for (int t = 0; t < kTermCount; ++t)
            if (Term(t) != Term::CudaContext && Term(t) != Term::Fragmentation)
                sumOfMax += r.stepMaxBytes[std::size_t(t)];
        QVERIFY(r.peakAllocatedBytes < sumOfMax);
        // Reserved = allocated x 1.05; device used adds the 1 GiB context; steady = the 14 B/param kept.
        QCOMPARE(i64(r.peakReservedBytes), i64(r.peakAllocatedBytes + std::llround(0.05 * double(r.peakAllocatedBytes))));
        QCOMPARE(i64(r.deviceUsedBytes), i64(r.peakReservedBytes + 1073741824));
        QCOMPARE(i64(r.totalBytes), i64(r.deviceUsedBytes));
        QCOMPARE(i64(r.steadyStateBytes), i64(14 * P));
        // The public timeline is the same one.
        const auto tl = memoryTimeline(s, 0);
        QCOMPARE(int(tl.size()), kStepMomentCount);
        QCOMPARE(i64(tl[std::size_t(StepMoment::BackwardEnd)].allocatedBytes), i64(r.peakAllocatedBytes));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, memoryTimeline(s, 1));
        // Before PyTorch 2.0 (set_to_none=False) grads stay between steps: 16 B/param steady.
        s.zeroGradSetToNone = false;
        QCOMPARE(i64(computeFootprint(s).worstRank().steadyStateBytes), i64(16 * P));
    }

    void frameworksKeepBytesPerParameter()
    {
        // Model states only, 7.5B on 8 GPUs: every framework gives the ZeRO paper's sums for its stages
        // (Rajbhandari et al. 2020: 16, 4 + 12/8, 2 + 14/8, 16/8 bytes per parameter).
        const double P = 7.5e9;
        const double expect[4] = {16, 4 + 12.0 / 8, 2 + 14.0 / 8, 16.0 / 8};
        for (Framework fw : {Framework::DeepSpeed, Framework::Fsdp2, Framework::Megatron, Framework::Ddp}) {
            for (int z = 0; z < 4; ++z) {
                if ((fw == Framework::Ddp && z > 0) || (fw == Framework::Fsdp2 && z == 2))
                    continue; // DDP has no stages; FSDP2's stage 2 (SHARD_GRAD_OP) shards params at rest
                Scenario s;
                setBareParams(s, std::int64_t(P));
                s.gpus = 8;
                s.zeroStage = z;
                s.framework = fw;
                s.modelStatesOnly = true;
                const Footprint f = computeFootprint(s);
                QVERIFY2(std::abs(double(f.worstRank().peakAllocatedBytes) - expect[z] * P) < 64,
                         frameworkKey(fw));
            }
        }
    }

    void fsdp2Layouts()
    {
        Scenario s = tiny();
        s.gpus = 4;
        s.framework = Framework::Fsdp2;
        s.zeroStage = 3;
        const std::int64_t P = countParams(s.arch).total;
        const std::int64_t unit = std::max<std::int64_t>(computeFootprint(s).worstRank().perLayerLocalParams,
                                                         64 * 1000); // the embedding (V x h) is the largest unit
        // FULL_SHARD: current + next unit gathered, 2 B each; one unit's grads in reduce_dtype fp32 (mixed recipe).
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Zero3GatheredParams)), i64(2 * unit * 2));
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Zero3UnshardedGrads)), i64(unit * 4));
        // reshard_after_forward off: the whole model stays gathered, 2 B x P.
        s.fsdpReshardAfterForward = false;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Zero3GatheredParams)), i64(2 * P));
        // SHARD_GRAD_OP (stage 2): params sharded at rest, gathered whole from forward to backward.
        s.fsdpReshardAfterForward = true;
        s.zeroStage = 2;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Zero3GatheredParams)), i64(2 * P));
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Params)), i64(2 * ((P + 3) / 4)));
    }

    void persistentBuffers()
    {
        Scenario s = tiny();
        s.gpus = 2;
        const std::int64_t P = countParams(s.arch).total;
        // DDP: bucket copies of every grad (gradient_as_bucket_view=False) kept between steps: 14 + 2 B/param.
        s.framework = Framework::Ddp;
        QCOMPARE(i64(computeFootprint(s).worstRank().steadyStateBytes), i64(16 * P));
        // Megatron: the contiguous grad buffer (fp32 with megatron-bf16) kept, no bucket copies: 2 + 4 + 4 + 8.
        s.framework = Framework::Megatron;
        s.recipe = resolveRecipe("megatron-bf16");
        QCOMPARE(i64(computeFootprint(s).worstRank().steadyStateBytes), i64(18 * P));
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::CommBuckets)), qint64(0));
        // DeepSpeed stage 0: the 16-bit grads are freed after the step: 14 B/param (DS04's figure).
        s.framework = Framework::DeepSpeed;
        s.recipe = resolveRecipe("mixed");
        QCOMPARE(i64(computeFootprint(s).worstRank().steadyStateBytes), i64(14 * P));
    }

    void contextParallel()
    {
        // CP 2 on 8 GPUs: states sharded 8 ways (dp 4 x cp 2); each GPU holds half the sequence.
        Scenario s = tiny();
        s.gpus = 8;
        s.cp = 2;
        s.seq = 200;
        s.zeroStage = 3;
        s.framework = Framework::Fsdp2;
        const std::int64_t P = countParams(s.arch).total;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Params)), i64(2 * ((P + 7) / 8)));
        Scenario half = s;
        half.cp = 1;
        half.seq = 100;
        QCOMPARE(layerActivations(s).storedBytes, layerActivations(half).storedBytes);
        // Ring attention: K and V (2 x 64 x 2 B per token) x (received + in flight) x (forward + backward dK/dV)
        // on 100 tokens: 100 x 256 x 4 = 102,400 B beyond the same working set without CP.
        s.checkpointing = Checkpointing::Full;
        half.checkpointing = Checkpointing::Full;
        QCOMPARE(layerActivations(s).workingBytes - layerActivations(half).workingBytes, 102400.0);
        // Logits: s/cp x V x 14.
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Logits)), qint64(100 * 1000 * 14));
    }

    void memorySavers()
    {
        Scenario s = tiny();
        s.checkpointing = Checkpointing::None;
        // Optimizer in backward: one tensor's grads at a time, the largest: the embedding 1000 x 64 x 2 B.
        s.optimizerInBackward = true;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Grads)), qint64(1000 * 64 * 2));
        // Activation offload: the stored activations leave the GPU (no checkpointing: no working set).
        s.optimizerInBackward = false;
        s.activationOffload = true;
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Activations)), qint64(0));
        // Paged optimizer states: in device used, not in allocated.
        s.activationOffload = false;
        const Footprint plain = computeFootprint(s);
        s.pagedOptimizer = true;
        const Footprint paged = computeFootprint(s);
        const std::int64_t P = countParams(s.arch).total;
        QVERIFY(paged.worstRank().peakAllocatedBytes <= plain.worstRank().peakAllocatedBytes - 8 * P);
        QVERIFY(paged.worstRank().deviceUsedBytes > paged.worstRank().peakReservedBytes + 8 * P);
        // Refused: stepping in backward cannot accumulate; single means one GPU.
        s.optimizerInBackward = true;
        s.gradAccum = 2;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFootprint(s));
        s = tiny();
        s.gpus = 2;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFootprint(s));
    }

    void capacityMeasure()
    {
        // A capacity between the peak allocated and the device used: fits when allocated meets the line,
        // not when nvidia-smi's figure (reserved + the 1 GiB context) does.
        Scenario s = tiny();
        const RankFootprint r = computeFootprint(s).worstRank();
        s.gpu = "custom";
        s.capacityBytes = r.peakAllocatedBytes + 1;
        QVERIFY(!computeFootprint(s).fits);
        QCOMPARE(i64(computeFootprint(s).measuredBytes), i64(r.deviceUsedBytes));
        s.capacityMeasure = CapacityMeasure::Allocated;
        QVERIFY(computeFootprint(s).fits);
        QCOMPARE(i64(computeFootprint(s).measuredBytes), i64(r.peakAllocatedBytes));
        s.capacityMeasure = CapacityMeasure::Reserved;
        QVERIFY(!computeFootprint(s).fits); // reserved = allocated x 1.05
        QCOMPARE(i64(computeFootprint(s).measuredBytes), i64(r.peakReservedBytes));
    }

    void deepspeedStage3()
    {
        // Llama-2-70B on 32 GPUs: the module in use (one layer, 855,654,400 params) + prefetch min(5e7,
        // 1e9 - in use = 144,345,600) = 905,654,400 params x 2 B.
        Scenario s;
        s.framework = Framework::DeepSpeed;
        const std::int64_t unit = computeFootprint(s).worstRank().perLayerLocalParams;
        QCOMPARE(i64(unit), qint64(855654400));
        QCOMPARE(i64(maxOf(computeFootprint(s), Term::Zero3GatheredParams)), qint64((855654400LL + 50000000) * 2));
    }

    void csvRules()
    {
        // RFC 4180: quotes, doubled quotes, newlines inside quotes.
        const auto t = parseCsv("a,\"b,c\",\"say \"\"hi\"\"\"\n1,\"x\ny\",3\n", "measured");
        QCOMPARE(int(t.size()), 2);
        QCOMPARE(QString::fromStdString(t[0][1]), QStringLiteral("b,c"));
        QCOMPARE(QString::fromStdString(t[0][2]), QStringLiteral("say \"hi\""));
        QCOMPARE(QString::fromStdString(t[1][1]), QStringLiteral("x\ny"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parseCsv("a,\"open\n", "measured"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, validateMeasuredMemory("id,model\nX,y\n"));
        QCOMPARE(QString::fromStdString(measuredKindOf("reserved (peak reserved_bytes.all.peak)")),
                 QStringLiteral("peak_reserved"));
        QCOMPARE(QString::fromStdString(measuredKindOf("nvidia-smi (pynvml used)")), QStringLiteral("device_used"));
        QCOMPARE(QString::fromStdString(measuredKindOf("allocated (CURRENT allocated after step)")),
                 QStringLiteral("steady_state"));
        QCOMPARE(QString::fromStdString(measuredKindOf("temperature")), QString());
    }
};

QTEST_APPLESS_MAIN(TestMechanisms)
#include "tst_mechanisms.moc"
