// SPDX-License-Identifier: MIT
// The step model's shared pieces (stagetime.h): computeStep() and the planner's closed form both call these.
#include "stagetime.h"

#include "blockphysics.h"
#include "shardscope/collectives.h"
#include "shardscope/finetune.h"
#include "shardscope/frameworkdefaults.h"
#include "shardscope/kernels.h"
#include "shardscope/quantise.h"
#include "shardscope/stacks.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>

namespace shardscope::detail {

/// GPUs in one GB200 / GB300 NVL72 rack's NVLink domain (NVIDIA's GB200 NVL72 and GB300 NVL72 datasheets).
constexpr std::int64_t kNvl72DomainGpus = 72;

/// Whether Transformer Engine quantises this run's GEMM inputs, so that its measured quantisation cost on Blackwell
/// (measuredQuantiseOverByteModel) applies. torchtitan and torchtune quantise with torchao (torchtitan's float8 and
/// MXFP8 converters wrap the linears in torchao's Float8Linear / MXLinear: pytorch/torchtitan@0d48106
/// torchtitan/components/quantization/ and docs/mxfp8.md, "TorchAO v0.14.0 or newer"; torchtune's
/// training/quantization.py converts to torchao's float8 linears), whose cast kernels no measurement here covers: the
/// byte model prices them. Every other stack, and no stack, takes Transformer Engine's recipes (the fp8 scalings are
/// named after them; Megatron-Core and NeMo run fp8 through TE).
static bool transformerEngineQuantises(const Scenario& s)
{
    const std::string key = s.stack.substr(0, s.stack.find('@'));
    return key != "torchtitan" && key != "torchtune";
}

/// Whether a run's MoE layers are Megatron-Core's (its dispatchers' synchronisation, kMegatronDroplessSyncSecondsPerLayer;
/// its combined 1F1B overlap, kMegatronA2aOverlapSecondsPerLayer): its stack profile says so
/// (StackProfile::megatronCoreMoe). Without a stack (the command line's --moe-a2a-overlap, DeepSeek's DualPipe in its own
/// framework) neither is charged. The last stack's answer is kept per thread: a slider move asks again with the same
/// stack.
static bool megatronCoreMoe(const Scenario& s)
{
    if (s.stack.empty())
        return false;
    thread_local std::string lastStack;
    thread_local bool lastAnswer = false;
    if (s.stack != lastStack) {
        const std::optional<StackProfile> p = stackProfile(s.stack);
        lastAnswer = p && p->megatronCoreMoe;
        lastStack = s.stack;
    }
    return lastAnswer;
}

KernelModel kernelModel(const Scenario& s, const GpuPreset& g)
{
    KernelModel km;
    const bool hopperOrLater = g.peakFlops8 > 0;
    km.peak16 = g.peakFlops16;
    km.peak8 = g.peakFlops8;
    km.hbmBytesPerSecond = g.hbmBytesPerSecond * kAchievableHbm;
    // A power-capped part holds a lower clock under sustained tensor load: its GEMMs and fused attention
    // reach the stock part's fractions of peak times the cap's fraction (gpus.h, powerCapFraction). A figure
    // entered by the user is taken as the fraction of the nominal peak, as it is.
    km.gemmEfficiency = s.kernelEfficiency > 0 ? s.kernelEfficiency : defaultGemmEfficiency(g) * g.powerCapFraction;
    // 0: FP8 GEMMs at the 16-bit efficiency (and so a figure entered by the user holds for both precisions), unless
    // the measured kernel ratio below applies.
    km.fp8GemmEfficiency = 0.0;
    // On Hopper, B200, GB200, B300 and GB300, FP8 GEMMs at the FP8 / BF16 kernel ratio Transformer Engine measured (H200,
    // B300), over this GPU's own 16-bit efficiency (kernels.h, measuredFp8OverBf16GemmRate): rate8 = peak16 x e16 x ratio.
    // On GB200 that reproduces Azure's measured cuBLASLt FP8 GEMM within 1% (tst_lowprecision).
    if (s.kernelEfficiency <= 0 && g.peakFlops8 > 0) {
        const double ratio = measuredFp8OverBf16GemmRate(g, s.fp8Scaling);
        if (ratio > 0)
            km.fp8GemmEfficiency = km.gemmEfficiency * ratio * g.peakFlops16 / g.peakFlops8;
    }
    // NVFP4 (Transformer Engine's NVFP4BlockScaling quantises the Fprop, Dgrad and Wgrad GEMMs of every linear layer) on
    // the FP4 tensor cores, at the measured NVFP4 / MXFP8 kernel ratio where one exists (kernels.h,
    // measuredNvfp4OverMxfp8GemmRate); elsewhere, and under a figure entered by the user, at the FP8 rate as before.
    if (s.recipe.fp8 && s.fp8Scaling == Fp8Scaling::Nvfp4 && s.kernelEfficiency <= 0) {
        const double ratio = measuredNvfp4OverMxfp8GemmRate(g);
        if (ratio > 0) {
            km.peak8 *= ratio;
            km.lowPrecisionOperandBytes = 0.5 + 1.0 / 16.0;
        }
    }
    // Transformer Engine's cuDNN attention (AttentionKernel::Cudnn: the Megatron-Core and NeMo stacks) at its own rate
    // at this query length (teFusedAttentionEfficiency: NVIDIA's measurement on Blackwell, 0.6 on Hopper).
    const double queryLength = double(s.seq) / double(std::max<std::int64_t>(1, s.cp));
    const double kernelDefault = s.attentionKernel == AttentionKernel::Cudnn ? teFusedAttentionEfficiency(g, queryLength)
                                                                             : defaultAttentionEfficiency(g);
    km.attentionEfficiency = s.attentionEfficiency > 0 ? s.attentionEfficiency : kernelDefault * g.powerCapFraction;
    km.sms = smCount(g);
    km.tileN = hopperOrLater ? 256 : 128;
    km.kOverhead = s.gemmKOverhead;
    return km;
}

/// GEMMs by shape after the TP split (kernels.h), attention by its kernel, element-wise work by the bytes it moves
/// at HBM bandwidth. fp8 recipes run the linear layers' GEMMs in fp8 with the casts of their inputs; attention,
/// the LM head and everything else stay 16-bit.
LayerTimes layerTimes(const Scenario& s, const GpuPreset& g, double actBytes)
{
    LayerTimes lt;
    const Architecture& a = s.arch;
    // Tokens of one micro-batch on one GPU: context parallelism splits the sequence over cp ranks.
    const double c = double(s.cp);
    const double T = double(s.seq) * double(s.microBatch) / c;
    const double h = double(a.hidden);
    const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
    const double q = double(a.heads) * hd, kv = double(a.kvHeads) * hd;
    const double f = double(a.ffn);
    const double k = a.experts > 1 ? double(std::min(a.topK, a.experts)) : 1.0;
    const double t = double(s.tp);
    // FLOPs of one layer's forward for one micro-batch on one TP rank: 2 per multiply-add of every weight
    // matrix, plus QK^T and attention x V (4 s^2 b per q dimension, counted in full, not causally halved, as
    // in Megatron's 72 B s L h^2 (1 + s/6h + V/12Lh) count, Narayanan et al. 2021). MoE: top-k experts.
    // With CP each rank's queries meet every key of the sequence (ring attention).
    lt.attnFlops = 2.0 * T * (h * (q + 2 * kv) + q * h) / t;
    lt.coreFlops = 4.0 * T * double(s.seq) * q / t;
    lt.mlpFlops = 2.0 * T * (k * (a.gatedMlp ? 3.0 : 2.0) * h * f + (a.experts > 1 ? h * double(a.experts) : 0.0)) / t;
    lt.headFlops = 2.0 * T * h * double(a.vocab) / t;
    lt.tpMsgBytes = T * h * actBytes;
    lt.p2pBytes = T * h * actBytes / (s.sequenceParallel ? t : 1.0);

    const KernelModel km = kernelModel(s, g);
    const bool fp8 = s.recipe.fp8 && g.peakFlops8 > 0;
    const double gated = a.gatedMlp ? 2.0 : 1.0;
    // Linear layers: (M, N, K) per TP rank; backward runs the data- and weight-gradient GEMMs (twice the work).
    double qkv = gemmSeconds(km, T, (q + 2 * kv) / t, h, fp8);
    double proj = gemmSeconds(km, T, h, q / t, fp8);
    if (a.mla()) {
        // Multi-head Latent Attention (issue 25; Megatron-Core multi_latent_attention.py): the down-projections
        // (h -> q_lora, h -> kv_lora + rope) are whole on every TP rank, the up-projections (q_lora -> heads x
        // (nope + rope), kv_lora -> heads x (nope + v)) and the output projection (heads x v -> h) split over TP.
        const double H = double(a.heads), qk = double(a.qkNopeDim + a.qkRopeDim);
        const double qL = double(a.qLoraRank), kvL = double(a.kvLoraRank), v = double(a.vHeadDim);
        const double qPath = qL > 0 ? h * qL + qL * H * qk / t : h * H * qk / t;
        lt.attnFlops = 2.0 * T
            * (qPath + h * (kvL + double(a.qkRopeDim)) + kvL * H * (double(a.qkNopeDim) + v) / t + H * v * h / t);
        qkv = (qL > 0 ? gemmSeconds(km, T, qL, h, fp8) + gemmSeconds(km, T, H * qk / t, qL, fp8)
                      : gemmSeconds(km, T, H * qk / t, h, fp8))
            + gemmSeconds(km, T, kvL + double(a.qkRopeDim), h, fp8)
            + gemmSeconds(km, T, H * (double(a.qkNopeDim) + v) / t, kvL, fp8);
        proj = gemmSeconds(km, T, h, H * v / t, fp8);
    }
    const double up = k * gemmSeconds(km, T, gated * f / t, h, fp8);
    const double down = k * gemmSeconds(km, T, h, f / t, fp8);
    const double head = gemmSeconds(km, T, double(a.vocab) / t, h, false);
    // fp8 casts: every GEMM input activation read in 16 bits and written in the recipe's format(s), at the bytes per
    // element of its scaling (castBytesPerElement: 3 for one fp8 copy, 4 for Transformer Engine's cast-transpose, 6 with
    // current scaling's amax pass, ...); in backward the output gradients too. Weight casts are cached across
    // micro-batches (Transformer Engine). On Blackwell per-tensor fp8 writes no transposed copy (castBytesPerElement on
    // the GPU), and Transformer Engine's quantisation there takes the time NVIDIA measured for it, not the byte model's
    // (measuredQuantiseOverByteModel: the GEMM guide's autocast minus pre-quantised GEMMs on B300).
    // Backward quantises the output gradient of each GEMM, not its input again: Transformer Engine's
    // grad_output_preprocess casts grad_output (fused cast-transpose) for the data and weight gradient GEMMs, while the
    // forward's quantised input is saved for the weight gradient and the weight's copy is cached
    // (NVIDIA/TransformerEngine@0004dbd transformer_engine/pytorch/module/base.py, grad_output_preprocess). So the
    // backward casts the GEMMs' outputs per token: QKV (q + 2 kv) / t, the projection h, MLP up k x gated f / t, down h
    // (Llama 3 8B at TP 1: 43,008 elements, where the forward casts 26,624).
    double castFwd = 0, castBwdAttn = 0, castBwdMlp = 0;
    if (fp8) {
        // Transformer Engine's measured quantisation cost where TE quantises; torchao's casts at the byte model.
        const double measured = transformerEngineQuantises(s) ? measuredQuantiseOverByteModel(g, s.fp8Scaling) : 1.0;
        const double castBytes = measured * castBytesPerElement(s.fp8Scaling, g) * T;
        castFwd = memorySeconds(km, castBytes * (h + q / t + h + k * f / t));
        castBwdAttn = memorySeconds(km, castBytes * ((q + 2 * kv) / t + h));
        castBwdMlp = memorySeconds(km, castBytes * (k * gated * f / t + h));
    }
    const double castAttnFwd = castFwd * (h + q / t) / (2 * h + q / t + k * f / t);
    const double castMlpFwd = castFwd * (h + k * f / t) / (2 * h + q / t + k * f / t);
    // Element-wise work per token, in 16-bit elements (forward; backward moves twice as much): each norm
    // reads and writes the hidden state, each residual add reads two and writes one, the activation reads
    // its inputs and writes its output, rotary embedding rewrites Q and K. With sequence parallelism the
    // norms and residuals work on 1/t of the tokens. Eager PyTorch (no fusion) runs bias, dropout and the
    // gate product as passes of their own.
    const double sp = s.sequenceParallel ? t : 1.0;
    double ewAttn = (2 * h + 3 * h) / sp + 2 * (q + kv) / t;
    double ewMlp = (2 * h + 3 * h) / sp + (gated + 1) * f / t;
    if (!s.compiled) {
        ewAttn += 2 * 4.5 * h / sp + 3 * q / t; // bias + dropout on the output; separate softmax scale copies of Q
        ewMlp += 2 * 4.5 * h / sp + (a.gatedMlp ? 3.0 : 2.0) * f / t; // bias + dropout; separate gate product
        ewAttn += eagerRmsNormRopeElements(a, true, sp, t);
        ewMlp += eagerRmsNormRopeElements(a, false, sp, t);
    }
    const double ewAttnSec = memorySeconds(km, ewAttn * T * actBytes);
    double ewMlpSec = memorySeconds(km, ewMlp * T * actBytes);
    if (a.moe()) {
        // An MoE layer runs no dense FFN: its norm and residual stay here, the experts' activation (routed copies x
        // expert FFN) is in the MoE element-wise bytes below; the dense FFN's activation (f = the dense layers'
        // intermediate size, which an MoE layer never computes) is not counted.
        double ewMoe = (2 * h + 3 * h) / sp;
        if (!s.compiled)
            ewMoe += 2 * 4.5 * h / sp + eagerRmsNormRopeElements(a, false, sp, t);
        ewMlpSec = memorySeconds(km, ewMoe * T * actBytes);
    }
    // Core attention. FlashAttention: one fused kernel at its own efficiency; a causal mask skips the blocks
    // above the diagonal, so it executes half of the counted 4 s^2 q FLOPs (CP ranks balance the causal
    // load: Megatron-Core's zigzag chunks). Its backward does 2.5x the forward's matmuls (Dao 2023).
    // Without it: QK^T and attention x V as batched GEMMs per head (K = head dim, or the sequence), and the
    // scores (b x heads/t x s x s) pass through Megatron's fused scale-mask-softmax (2 bytes read, 2 written)
    // and dropout's 1-byte mask: 5 bytes per score forward, twice that backward.
    const double seqAll = double(s.seq);
    const double sLocal = seqAll / c;
    const double batchHeads = double(s.microBatch) * double(a.heads) / t;
    if (s.flashAttention) {
        lt.coreFwd = 0.5 * lt.coreFlops / (km.peak16 * km.attentionEfficiency);
        lt.coreBwd = 2.5 * lt.coreFwd;
    } else {
        const double gemms
            = batchHeads * (gemmSeconds(km, sLocal, seqAll, hd, false) + gemmSeconds(km, sLocal, hd, seqAll, false));
        const double scores = memorySeconds(km, kScoreBytes * batchHeads * sLocal * seqAll);
        lt.coreFwd = gemms + scores;
        lt.coreBwd = 2.0 * lt.coreFwd;
    }
    lt.attnLinFwd = qkv + proj + castAttnFwd;
    lt.qkvShare = qkv + proj > 0 ? qkv / (qkv + proj) : 1.0;
    lt.upShare = up + down > 0 ? up / (up + down) : 1.0;
    lt.mlpEwFwd = ewMlpSec;
    lt.attnEwFwd = ewAttnSec;
    lt.mlpFwd = up + down + ewMlpSec + castMlpFwd;
    // MoE (issue 25; docs/model.md, "MoE step time"): the routed experts run as a grouped GEMM of E / EP local
    // experts, each with its share of the routed tokens (small matrices reach less of the peak, four GEMMs at once
    // share the waves: kernels.h), the
    // shared experts as a TP-split MLP; the router GEMM (h -> E), the top-k, permute and unpermute kernels move the
    // routed tokens through HBM; the dispatch and combine all-to-alls (moeAllToAll()) in forward, two more in
    // backward, exposed unless overlapped (moeA2aOverlap: what the layer's kernels cannot cover).
    double moeActBytes = 0; // the routed experts' activation: what `moe_act` recomputes (bytes moved)
    if (a.moe()) {
        const double fe = double(a.expertFfn());
        const double fs = double(a.sharedExpertFfn > 0 ? a.sharedExpertFfn : a.expertFfn());
        const double rt = s.sequenceParallel ? t : 1.0;
        const double etp = double(s.expertTp());
        const double cf = s.moeCapacityFactor;
        // The busiest EP rank sets every rank's pace at the combine (moeBusiestRankLoad: the capacity factor, or the
        // spread of dropless routing over the EP ranks when that is larger): its tokens price the kernels; the FLOPs
        // stay the mean rank's.
        const double load = moeBusiestRankLoad(s);
        const std::int64_t localExperts = a.experts / std::max<std::int64_t>(1, s.ep); // EP divides the experts
        const double local = double(localExperts);
        // Routed tokens this rank's experts compute: the dispatcher's T / rt tokens x k x cf, gathered over ETP.
        const double meanRoutedTokens = T / std::max(rt, etp) * etp * k * cf;
        const double routedTokens = T / std::max(rt, etp) * etp * k * load;
        const double perExpert = routedTokens / std::max(1.0, local);
        // Transformer Engine's grouped GEMM runs the local experts' GEMMs four at a time on its compute streams
        // (kernels.h, groupedGemmSeconds): their tiles share the waves; with few tokens per expert the grouped GEMM
        // reaches less of its large-M rate (groupedGemmRowsFactor: DeepGEMM's published grouped rates).
        const double streams = double(kTeGroupedGemmStreams);
        const double eUp = groupedGemmSeconds(km, local, streams, perExpert, gated * fe / etp, h, fp8);
        const double eDown = groupedGemmSeconds(km, local, streams, perExpert, h, fe / etp, fp8);
        // Backward: the data gradient has the forward's shape; the weight gradient is C[n, k] = dY^T X with the
        // expert's tokens as its K, accumulated into the fp32 main_grad (Megatron-Core's TEGroupedLinear passes
        // fuse_wgrad_accumulation = gradient_accumulation_fusion, on by default: NVIDIA/Megatron-LM@d086a2e3
        // megatron/core/extensions/transformer_engine.py), so each expert GEMM reads and writes 4 + 4 bytes per weight
        // element per micro-batch. With a few hundred tokens per expert that traffic, not the FLOPs, sets its time.
        const double wUp = groupedGemmSeconds(km, local, streams, gated * fe / etp, h, perExpert, fp8, 8.0, false);
        const double wDown = groupedGemmSeconds(km, local, streams, h, fe / etp, perExpert, fp8, 8.0, false);
        const double sUp = double(a.sharedExperts) * gemmSeconds(km, T, gated * fs / t, h, fp8);
        const double sDown = double(a.sharedExperts) * gemmSeconds(km, T, h, fs / t, fp8);
        const double router = gemmSeconds(km, T / rt, double(a.experts), h, false);
        // Permute and unpermute read and write the routed tokens (2 x 2 passes of h each); top-k and the softmax
        // read the fp32 logits; the activation works on the routed intermediates.
        const double moeEw = memorySeconds(km,
                                           (4.0 * routedTokens * h + (gated + 1) * routedTokens * fe / etp
                                            + double(a.sharedExperts) * (gated + 1) * T * fs / t)
                                                   * actBytes
                                               + 3.0 * 4.0 * T / rt * double(a.experts));
        moeActBytes = (gated + 1) * routedTokens * fe / etp * actBytes;
        // fp8: the experts' GEMM inputs are quantised as the dense layer's are (castBytesPerElement at the recipe's
        // scaling, at NVIDIA's measured quantisation rate on Blackwell where Transformer Engine casts, at the byte model
        // under torchao: transformerEngineQuantises). Transformer Engine's GroupedLinear quantises
        // every local expert's input in one fused_multi_quantize before its GEMMs, and in backward each GEMM's output
        // gradient (NVIDIA/TransformerEngine@3ea1356190e88a50d8c2cae17e80c4e6ae96d442
        // transformer_engine/pytorch/module/grouped_linear.py, _GroupedLinear.forward and .backward). Forward: the
        // routed copies before fc1 (h each) and the activation before fc2 (fe / etp); backward: fc2's output gradient
        // (h) and fc1's (gated x fe / etp). The shared experts likewise, per token (their FFN split over TP).
        double castMoeFwd = 0, castMoeBwd = 0;
        if (fp8) {
            const double measured = transformerEngineQuantises(s) ? measuredQuantiseOverByteModel(g, s.fp8Scaling) : 1.0;
            const double perElement = measured * castBytesPerElement(s.fp8Scaling, g);
            const double shared = double(a.sharedExperts);
            castMoeFwd = memorySeconds(km, perElement * (routedTokens * (h + fe / etp) + shared * T * (h + fs / t)));
            castMoeBwd
                = memorySeconds(km, perElement * (routedTokens * (h + gated * fe / etp) + shared * T * (h + gated * fs / t)));
        }
        lt.moeCastFwd = castMoeFwd;
        lt.moeCastBwd = castMoeBwd;
        const MoeAllToAll x = moeAllToAll(s);
        lt.moeA2aSeconds = x.seconds;
        lt.moeA2aBytes = x.sentBytes;
        const double kernelsFwd = eUp + eDown + sUp + sDown + router + moeEw + castMoeFwd;
        const double a2aFwd = 2.0 * x.seconds;
        // Overlapped, the flex dispatcher's kernels (DeepEP, HybridEP) hold kFlexDispatcherSms SMs while they run, so
        // the compute they hide under runs on the rest: a time A of all-to-all under C of compute costs C + f A when
        // C >= (1 - f) A (f = those SMs' share), else A; the exposed part is max(f A, A - C).
        const double smShare = s.moeA2aOverlap && s.moeNodeDedup
            ? std::min(1.0, double(kFlexDispatcherSms) / double(std::max<std::int64_t>(1, km.sms)))
            : 0.0;
        // Overlapped (Megatron-Core's combined 1F1B, DualPipe), one layer's forward runs beside another micro-batch's
        // backward and each all-to-all hides only under the kernel the schedule pairs it with: the combines under
        // attention, the dispatches under the MLP (mergedOneFOneBLayerExposedSeconds, kernels.h); what the pair takes beyond
        // its kernels is exposed, half drawn in forward and half in backward.
        double exposedFwd = a2aFwd;
        double exposedBwd = a2aFwd;
        if (s.moeA2aOverlap) {
            const double attnFwd = lt.attnLinFwd + lt.coreFwd + ewAttnSec;
            const double mlpFwdK = kernelsFwd + ewMlpSec;
            const double mlpBwdWeight = wUp + wDown;
            const double mlpBwdData = 2.0 * (kernelsFwd - castMoeFwd - eUp - eDown + ewMlpSec) + (eUp + eDown) + castMoeBwd;
            const double beyond = mergedOneFOneBLayerExposedSeconds(x.seconds, attnFwd, mlpBwdData, mlpBwdWeight, mlpFwdK,
                                                                    2.0 * attnFwd);
            const double exposed = std::max(smShare * 2.0 * a2aFwd, beyond);
            exposedFwd = 0.5 * exposed;
            exposedBwd = 0.5 * exposed;
        }
        lt.moeA2aExposedFwd = exposedFwd;
        lt.moeA2aExposedBwd = exposedBwd;
        // Megatron-Core's overlap also costs time of its own per layer and micro-batch, measured by NVIDIA as the
        // recipe's step with and without it (kMegatronA2aOverlapSecondsPerLayer: "CPU overhead"), half in each pass.
        const bool megatronMoe = megatronCoreMoe(s);
        const double overlapCost = s.moeA2aOverlap && megatronMoe ? kMegatronA2aOverlapSecondsPerLayer : 0.0;
        lt.moeA2aOverlapCost = overlapCost;
        // Without the overlap, its dropless dispatcher's synchronisation leaves the device idle for a measured time per
        // layer forward (kMegatronDroplessSyncSecondsPerLayer; a capacity factor is token dropping, which does not
        // synchronise). A recomputed forward synchronises again (the recompute reruns mlpFwd).
        const double syncDrain
            = megatronMoe && moeDispatchSynchronises(s) && !s.moeA2aOverlap ? kMegatronDroplessSyncSecondsPerLayer : 0.0;
        lt.moeSyncDrain = syncDrain;
        lt.upShare = eUp + sUp + eDown + sDown > 0 ? (eUp + sUp) / (eUp + sUp + eDown + sDown) : 1.0;
        lt.mlpFwd = kernelsFwd + ewMlpSec + exposedFwd + 0.5 * overlapCost + syncDrain;
        lt.mlpEwFwd = ewMlpSec + moeEw;
        lt.mlpFlops = 2.0
            * (meanRoutedTokens * (a.gatedMlp ? 3.0 : 2.0) * h * fe / etp
               + T * double(a.sharedExperts) * (a.gatedMlp ? 3.0 : 2.0) * h * fs / t + T / rt * h * double(a.experts));
        lt.mlpBwd = 2.0 * (kernelsFwd - castMoeFwd - eUp - eDown + ewMlpSec) + (eUp + eDown) + castMoeBwd + (wUp + wDown)
            + exposedBwd + 0.5 * overlapCost;
    } else {
        lt.mlpBwd = 2.0 * (lt.mlpFwd - castMlpFwd) + castBwdMlp;
    }
    lt.attnLinBwd = 2.0 * (lt.attnLinFwd - castAttnFwd) + castBwdAttn;
    // Megatron-Core's output-discarding recompute modules (Scenario::recomputeModules; NVIDIA/Megatron-LM@022bcb5a
    // megatron/core/transformer/moe/README.md, "Checkpointing"), each rerun before the layer's backward:
    // `layernorm` the two norms (each reads and writes the hidden state of the rank's tokens, 1/t of them with sequence
    // parallelism); `moe_act` the routed experts' activation (reads the gate and up halves, writes the product);
    // `mla_up_proj` MLA's up projections (q_lora -> heads x (nope + rope) where q is compressed, kv_lora -> heads x
    // (nope + v), split over TP) and RoPE on their rope parts (read and write).
    {
        const std::uint32_t rm = s.recomputeModules;
        double secs = 0, flops = 0;
        if (rm & kRecomputeLayernorm)
            secs += memorySeconds(km, 2.0 * 2.0 * T * h / sp * actBytes);
        if ((rm & kRecomputeMoeAct) && a.moe())
            secs += memorySeconds(km, moeActBytes);
        if ((rm & kRecomputeMlaUpProj) && a.mla()) {
            const double H = double(a.heads), qk = double(a.qkNopeDim + a.qkRopeDim);
            const double qL = double(a.qLoraRank), kvL = double(a.kvLoraRank), v = double(a.vHeadDim);
            if (qL > 0) {
                secs += gemmSeconds(km, T, H * qk / t, qL, fp8);
                flops += 2.0 * T * qL * H * qk / t;
            }
            secs += gemmSeconds(km, T, H * (double(a.qkNopeDim) + v) / t, kvL, fp8);
            flops += 2.0 * T * kvL * H * (double(a.qkNopeDim) + v) / t;
            secs += memorySeconds(km, 2.0 * T * (H / t + 1.0) * double(a.qkRopeDim) * actBytes);
        }
        lt.moduleRecompute = secs;
        lt.moduleRecomputeFlops = flops;
    }
    // Per-op SAC (torchtitan's "op" policy; LayerTimes::perOpAttnRecompute): the matmuls counted 2nd, 4th, 6th in the
    // block's forward (wq, wk, wv, wo, w1, w3, w2: wk, wo and w3; a plain MLP's fc1, fc2: wk, wo and fc2) run again
    // before the backward, with every element-wise op of the block; the attention kernel's output is saved.
    {
        const double wk = gemmSeconds(km, T, kv / t, h, fp8), wo = proj;
        lt.perOpAttnRecompute = wk + wo + ewAttnSec;
        lt.perOpAttnRecomputeFlops = 2.0 * T * (h * kv + q * h) / t;
        // One of the MLP's three matrices (gated) or two: MoE experts by the same share of their GEMM seconds.
        const double share = a.gatedMlp ? 1.0 / 3.0 : 0.5;
        const double mlpMm = a.moe() ? share * (lt.mlpFwd - lt.mlpEwFwd)
            : a.gatedMlp             ? k * gemmSeconds(km, T, f / t, h, fp8)
                                     : k * gemmSeconds(km, T, h, f / t, fp8);
        lt.perOpMlpRecompute = mlpMm + lt.mlpEwFwd;
        lt.perOpMlpRecomputeFlops = share * lt.mlpFlops;
    }
    lt.attnEwBwd = 2.0 * ewAttnSec;
    // LM head and loss: the logits (fp32) are written, read by the softmax cross-entropy and its gradient.
    const double logits = memorySeconds(km, 8.0 * T * double(a.vocab) / t);
    lt.headFwd = head + logits;
    lt.headBwd = 2.0 * head + logits;
    if (finetuneAdapters(s)) {
        // --- fine-tuning (issue 28; docs/model.md "Fine-tuning"): the frozen base's GEMMs run forward and their
        // data gradient only (no weight-gradient GEMM); each adapter runs x A and (x A) B forward (2 T r (in + out)
        // FLOPs: 2 T x its params) and both gradients of both in backward, as GEMMs of inner dimension r or in; a
        // quantised base is dequantised to 16 bits before each use (read its bytes, write 2 B per weight), in forward
        // and again in backward (bitsandbytes MatMul4Bit); DoRA's magnitude is element-wise (not counted).
        const AdapterCounts ac = adapterCounts(s, a, s.tp);
        const std::uint32_t tg = s.loraTargets;
        const double r = double(s.loraRank);
        const std::int64_t qHeads = a.heads / s.tp, kvHeads = a.kvHeads / s.tp; // whole heads per TP rank
        const double qL = double(qHeads) * hd;
        const double kvL = a.kvHeads % s.tp == 0 ? double(kvHeads) * hd : hd;
        const double fL = f / t;
        const double E = double(std::max<std::int64_t>(1, a.experts));
        double attnAdF = 0, attnAdS = 0, mlpAdF = 0, mlpAdS = 0;
        auto adapter = [&](std::uint32_t bit, double in, double out, double perToken, double& flops, double& secs) {
            if (!(tg & bit))
                return;
            flops += 2.0 * T * perToken * r * (in + out);
            secs += perToken * (gemmSeconds(km, T, r, in, false) + gemmSeconds(km, T, out, r, false));
        };
        adapter(kLoraQ, h, qL, 1, attnAdF, attnAdS);
        adapter(kLoraK, h, kvL, 1, attnAdF, attnAdS);
        adapter(kLoraV, h, kvL, 1, attnAdF, attnAdS);
        adapter(kLoraO, qL, h, 1, attnAdF, attnAdS);
        if (a.gatedMlp)
            adapter(kLoraGate, h, fL, k, mlpAdF, mlpAdS);
        adapter(kLoraUp, h, fL, k, mlpAdF, mlpAdS);
        adapter(kLoraDown, fL, h, k, mlpAdF, mlpAdS);
        if (E > 1)
            adapter(kLoraRouter, h, E, 1, mlpAdF, mlpAdS);
        double headAdF = 0, headAdS = 0;
        adapter(kLoraHead, h, double(a.vocab) / t, 1, headAdF, headAdS);
        // Dequantisation: the layer's quantised weights (all experts' for MoE: each is dequantised when it runs).
        const double qBytes = double(ac.quantisedPerLayer) > 0
            ? frozenBaseBytes(s, double(ac.quantisedPerLayer), double(ac.quantisedRowsPerLayer), 0) / double(ac.quantisedPerLayer)
            : 2.0;
        const bool dequant = basePrecisionInForce(s) != BasePrecision::Bf16;
        const double attnW = h * (qL + 2 * kvL) + qL * h;
        const double mlpW = double(ac.quantisedPerLayer) - attnW;
        const double attnDq = dequant ? memorySeconds(km, attnW * (qBytes + 2.0)) : 0.0;
        const double mlpDq = dequant ? memorySeconds(km, mlpW * (qBytes + 2.0)) : 0.0;
        const double attnBase = lt.attnFlops, mlpBase = lt.mlpFlops, headBase = lt.headFlops;
        lt.attnFlops = attnBase + attnAdF;
        lt.mlpFlops = mlpBase + mlpAdF;
        lt.headFlops = headBase + headAdF;
        auto factor = [](double base, double ad) { return base + ad > 0 ? (base + 2.0 * ad) / (base + ad) : 2.0; };
        lt.attnBwdFactor = factor(attnBase, attnAdF);
        lt.mlpBwdFactor = factor(mlpBase, mlpAdF);
        lt.headBwdFactor = factor(headBase, headAdF);
        const double attnGemm = lt.attnLinFwd; // the base projections (with fp8 casts, if any)
        const double mlpGemm = lt.mlpFwd - ewMlpSec;
        lt.attnLinFwd = attnGemm + attnAdS + attnDq;
        lt.attnLinBwd = attnGemm + 2.0 * attnAdS + attnDq;
        lt.mlpFwd = mlpGemm + mlpAdS + mlpDq + ewMlpSec;
        lt.mlpBwd = mlpGemm + 2.0 * mlpAdS + mlpDq + 2.0 * ewMlpSec;
        lt.headFwd = head + headAdS + logits;
        lt.headBwd = head + 2.0 * headAdS + logits;
    }
    // Ring attention: this rank's K and V chunk (KV heads per TP rank, at least one; all its query heads when the
    // model repeats K/V before the attention kernel, as torchtitan's Llama does), 16-bit. Megatron-Core passes
    // dK/dV on in the same 16 bits; PyTorch's context_parallel accumulates and passes them in fp32
    // (_templated_ring_attention_backward: accum_dtype float32 with convert_to_f32).
    const double kvPerRank = s.attentionRepeatsKv ? std::max(q / t, hd) : std::max(kv / t, hd);
    lt.cpRingFwd = 2.0 * T * kvPerRank * actBytes;
    lt.cpRingGrad = s.cpTorchAllGather ? 2.0 * T * kvPerRank * 4.0 : lt.cpRingFwd;
    if (s.cp > 1 && s.cpTorchAllGather && s.flashAttention) {
        const double outElems = T * q / t, kvElems = T * kvPerRank;
        lt.cpMergeFwd = memorySeconds(km, cpMergeBytes(outElems, kvElems, s.cp, false));
        lt.cpMergeBwd = memorySeconds(km, cpMergeBytes(outElems, kvElems, s.cp, true));
        lt.coreFwd += lt.cpMergeFwd;
        lt.coreBwd += lt.cpMergeBwd;
    }
    return lt;
}

double cpMergeBytes(double E, double K, std::int64_t c, bool backward)
{
    if (c <= 1)
        return 0;
    const double later = double(c - 1);
    // PyTorch's context_parallel (torch/distributed/tensor/experimental/_attention.py), op by op as it runs them,
    // for the rank that merges whole blocks at every step (the last CP rank: round-robin load balancing gives it
    // the full query against half of each later K/V chunk; the step waits for the slowest rank). fp32 = 4 bytes,
    // bf16 = 2; a read-modify-write of an fp32 tensor from a bf16 one is 4 + 2 + 4 = 10 bytes per element.
    if (!backward) {
        // _SDPAMerger: each later step casts its block output to fp32 (2 read + 4 written), then
        // out - sigmoid(lse_b - lse) * (out - out_b) runs as three fp32 element-wise passes (12 + 8 + 12 bytes);
        // torch.cat([k, v]) copies the received K/V for the next exchange (2 + 2 bytes each). Once per pass: the
        // first block's cast to fp32 (6) and the result's cast back to bf16 (6).
        return 12.0 * E + later * (38.0 * E + 8.0 * K);
    }
    // _templated_ring_attention_backward: fp32 zeros for dQ, dK, dV (4 bytes written each); each step adds its
    // bf16 dQ into the fp32 one (10), its half-chunk dK/dV into the received fp32 chunk (10 over half, then
    // _partial_update's torch.cat copies the whole fp32 chunk: 8) and concatenates dK, dV for the send (8), and
    // copies K/V for the next exchange (4); the first step adds in place (10 + 10) and concatenates (8); at the
    // end dQ, dK, dV are cast back to bf16 (6). Each step's FlashAttention backward call also runs its own
    // preprocessing, rowsum(dO * O) and zeroing the fp32 dQ accumulator (2 + 2 + 4), and the conversion of that
    // accumulator (4 + 2): 14 bytes per query element per call, which one call without CP pays once
    // (flash-attention csrc flash_bwd_launch_template.h: compute_dot_do_o, convert_dQ).
    const double once = 4.0 * (E + 2.0 * K) + (10.0 * E + 20.0 * K + 16.0 * K) + 6.0 * (E + 2.0 * K);
    const double perStep = 10.0 * E + 10.0 * K + 16.0 * K + 16.0 * K + 8.0 * K + 14.0 * E;
    return once + later * perStep;
}

CpRingTime cpRingTime(const Scenario& s, const LayerTimes& lt, double beta, bool backward, double coreSeconds)
{
    CpRingTime r;
    const std::int64_t c = s.cp;
    if (c <= 1)
        return r;
    const double core = std::max(0.0, coreSeconds);
    if (!s.cpTorchAllGather) {
        // Megatron-Core's ring (Liu et al. 2023): c - 1 steps, each passing this rank's K/V chunk on (backward:
        // with its dK/dV, 16-bit), overlapped with the attention kernel.
        r.bufferBytes = lt.cpRingFwd + (backward ? lt.cpRingGrad : 0.0);
        r.bytes = r.bufferBytes * double(c - 1);
        r.seconds = double(c - 1) * collectiveSeconds(EventKind::Send, r.bufferBytes, 2, s.alphaSeconds, beta);
        r.exposed = r.seconds - hiddenBeside(core, r.seconds);
        return r;
    }
    // PyTorch's context_parallel, rotate_method allgather (its default and torchtitan's): one all-gather of the
    // c K/V chunks, issued before the local step and waited for before the second, so only the first of the c
    // steps' attention hides it.
    const double gatherBytes = double(c) * lt.cpRingFwd;
    const double gather = collectiveSeconds(EventKind::AllGather, gatherBytes, c, s.alphaSeconds, beta);
    const double stepCore = core / double(c);
    r.bufferBytes = gatherBytes;
    r.bytes = double(c - 1) * lt.cpRingFwd;
    r.seconds = gather;
    r.exposed = std::max(0.0, gather - stepCore);
    if (backward) {
        // dK/dV ride the ring in fp32 (all-to-all rotater): c sends, each under the next step's attention but
        // the last, which the pass waits for.
        const double send = collectiveSeconds(EventKind::Send, lt.cpRingGrad, 2, s.alphaSeconds, beta);
        r.seconds += double(c) * send;
        r.bytes += double(c) * lt.cpRingGrad;
        r.exposed += double(c - 1) * std::max(0.0, send - stepCore) + send;
    }
    return r;
}

GroupBandwidths groupBandwidths(const Scenario& s, const LinkPlan& l, std::int64_t dc)
{
    GroupBandwidths bw;
    bw.tp = l.tpCrossesNodes ? l.interNodeBytesPerSecond : l.intraNodeBytesPerSecond;
    bw.dp = l.dpBytesPerSecond;
    bw.edp = l.edpBytesPerSecond > 0 ? l.edpBytesPerSecond : l.dpBytesPerSecond;
    bw.pp = l.ppCrossesNodes ? l.interNodeBytesPerSecond : l.intraNodeBytesPerSecond;
    bw.cp = l.cpCrossesNodes ? l.interNodeBytesPerSecond : l.intraNodeBytesPerSecond;
    // DeepSpeed ZeRO-3 as of 2021 (zero3PerTensorCollectives): every weight, bias and norm tensor of a unit
    // is gathered and reduce-scattered in its own collective over the flat ring of all DP ranks (no
    // coalescing into one buffer, no per-NIC channels): each extra tensor pays the ring's (n-1) hops of
    // latency, and the ring runs on one NIC share per GPU. FSDP and Megatron use one flat buffer per unit.
    bw.paramHost = l.pcieBytesPerSecond;
    if (s.offloadParams == OffloadDevice::Nvme)
        bw.paramHost = std::min(bw.paramHost, kNvmeBytesPerSecondPerNode / double(std::min(s.gpusPerNode, s.gpus)));
    bw.z3 = bw.dp;
    if (s.zero3PerTensorCollectives && dc > 1) {
        const Architecture& a = s.arch;
        const int mats = 4 + (a.gatedMlp ? 1 : 0);
        const int biases = (a.qkvBias ? 1 : 0) + (a.attnOutBias ? 1 : 0) + (a.mlpBias ? (a.gatedMlp ? 3 : 2) : 0);
        const int norms = a.normsPerLayer * (a.norm == NormKind::LayerNorm ? 2 : 1);
        const double tensors = double(mats + biases + norms);
        bw.z3Extra = (tensors - 1.0) * double(dc - 1) * s.alphaSeconds;
        bw.z3SmallTensors = double(biases + norms);
        if (l.dpCrossesNodes)
            bw.z3 = std::min(bw.dp, l.interNodeBytesPerSecond);
    }
    return bw;
}

OptimizerPhase optimizerPhase(const Scenario& s, const BytesPerParam& b, const LinkPlan& l, const GpuPreset& g,
                              const GroupBandwidths& bw, std::int64_t localParams, std::int64_t dc, double cover,
                              std::int64_t expertParams)
{
    OptimizerPhase o;
    const int z = s.zeroStage;
    // Fine-tuning: only the adapters are stepped (and all-gathered by ZeRO-1/2), their share of the stage's params.
    const double trainable = finetuneAdapters(s) ? finetuneShares(s, b).trainable : 1.0;
    const std::int64_t P = finetuneAdapters(s) ? std::int64_t(std::llround(double(localParams) * trainable)) : localParams;
    // MoE (issue 25): the routed experts' states are sharded over expert-DP (their own buffers and group in
    // Megatron-Core), the rest over dp x cp.
    const std::int64_t edc = expertShardRanks(s, dc);
    const std::int64_t E = expertStatesSplit(s, l, dc)
        ? std::clamp<std::int64_t>(finetuneAdapters(s) ? std::int64_t(std::llround(double(expertParams) * trainable))
                                                       : expertParams,
                                   0, P)
        : 0;
    const std::int64_t shard = z >= 1 ? ceilDiv(P - E, dc) + ceilDiv(E, edc) : P;
    if (s.offloadOptimizer != OffloadDevice::None) {
        // CPU Adam reads and writes fp32 grads, master weights and moments once (memory-bound).
        const double perNode = double(std::min(s.gpusPerNode, s.gpus));
        o.step = double(shard) * (4.0 + b.master + b.optimizer) * 2.0 / (kHostMemoryBytesPerSecondPerNode / perNode);
        // ZeRO-Infinity: master weights and moments live on NVMe; the step streams them in and back out
        // (read + write) through the node's NVMe bandwidth shared by its GPUs, overlapped with CPU Adam.
        if (s.offloadOptimizer == OffloadDevice::Nvme)
            o.step = std::max(o.step, double(shard) * (b.master + b.optimizer) * 2.0 / (kNvmeBytesPerSecondPerNode / perNode));
        if (s.offloadParams == OffloadDevice::None)
            o.hostCopy = collectiveSeconds(EventKind::HostToDevice, double(shard) * b.weights, 1, s.alphaSeconds,
                                           l.pcieBytesPerSecond);
    } else {
        // GPU Adam is memory-bound: every state byte read and written once at HBM bandwidth.
        o.step = double(shard) * (b.weights + b.grads + b.master + b.optimizer) * 2.0 / g.hbmBytesPerSecond;
    }
    if ((z == 1 || z == 2) && (dc > 1 || (E > 0 && edc > 1))) {
        o.gatherBytes = double(P) * b.weights;
        if (dc > 1)
            o.gather = collectiveSeconds(EventKind::AllGather, double(P - E) * b.weights, dc, s.alphaSeconds, bw.dp);
        if (E > 0 && edc > 1)
            o.gather += collectiveSeconds(EventKind::AllGather, double(E) * b.weights, edc, s.alphaSeconds, bw.edp);
        // Megatron-Core overlap_param_gather: each bucket's gather runs under the next forward of the first
        // micro-batch; only what that forward cannot cover holds the step up.
        o.gatherExposed = s.overlapParamGather ? std::max(0.0, o.gather - cover) : o.gather;
    }
    return o;
}

std::vector<Zero3Piece> zero3Pieces(const Scenario& s, const std::vector<ZeroUnit>& units, bool fwd, std::int64_t dc,
                                    double smallTensors)
{
    std::vector<Zero3Piece> out;
    out.reserve(units.size() * 8);
    const Architecture& a = s.arch;
    const double t = double(s.tp);
    const double hd = double(a.headDim > 0 ? a.headDim : a.hidden / a.heads);
    const double h = double(a.hidden), q = double(a.heads) * hd, kv = double(a.kvHeads) * hd;
    const double kx = a.experts > 1 ? double(a.experts) : 1.0;
    const double wQkv = h * (q + 2 * kv) / t, wO = q * h / t;
    const double wUp = kx * (a.gatedMlp ? 2.0 : 1.0) * h * double(a.ffn) / t, wDown = kx * double(a.ffn) * h / t;
    auto gathered = [&](double w) { return w >= double(s.zero3PersistenceThreshold) ? w : 0.0; };
    auto piece = [](EventPart part, std::int64_t l, StepPhase ph, Zero3Work w, double gather, double reduce,
                    double extra) {
        Zero3Piece pc;
        pc.part = part;
        pc.layer = l;
        pc.phase = ph;
        pc.work = w;
        pc.gather = gather;
        pc.reduce = reduce;
        pc.reduceExtra = extra;
        return pc;
    };
    // Forward pieces of a layer (phase ph): QKV with the attention core, output projection, up (and gate), down.
    auto layerPieces = [&](StepPhase ph, std::int64_t l) {
        out.push_back(piece(EventPart::Attention, l, ph, Zero3Work::Qkv, gathered(wQkv), 0.0, 0.0));
        out.push_back(piece(EventPart::Attention, l, ph, Zero3Work::Out, gathered(wO), 0.0, 0.0));
        out.push_back(piece(EventPart::Mlp, l, ph, Zero3Work::Up, gathered(wUp), 0.0, 0.0));
        out.push_back(piece(EventPart::Mlp, l, ph, Zero3Work::Down, gathered(wDown), 0.0, 0.0));
    };
    const StepPhase phase = fwd ? StepPhase::Forward : StepPhase::Backward;
    for (const ZeroUnit& u : units) {
        if (u.part != EventPart::Layer) {
            out.push_back(piece(u.part, -1, phase, u.part == EventPart::Head ? Zero3Work::Head : Zero3Work::None,
                                double(u.params), fwd ? 0.0 : double(u.params), 0.0));
            continue;
        }
        const std::int64_t l = u.layer;
        if (fwd) {
            layerPieces(StepPhase::Forward, l);
            continue;
        }
        const bool recompute = s.checkpointing == Checkpointing::Full && layerCheckpointed(s, l);
        if (recompute)
            layerPieces(StepPhase::Recompute, l);
        // Backward in reverse: a weight recomputed just before is still held if the weights used between its
        // two uses (those after it, in the recompute and again in the backward) stay under the reuse distance.
        auto again = [&](double w, double after) {
            return recompute && 2.0 * after < double(kDsStage3MaxReuseDistance) ? 0.0 : gathered(w);
        };
        const double small = double(u.params) - (wQkv + wO + wUp + wDown);
        const StepPhase b = StepPhase::Backward;
        out.push_back(piece(EventPart::Mlp, l, b, Zero3Work::Down, again(wDown, 0.0), wDown, 0.0));
        out.push_back(piece(EventPart::Mlp, l, b, Zero3Work::Up, again(wUp, wDown), wUp, 0.0));
        out.push_back(piece(EventPart::Attention, l, b, Zero3Work::Out, again(wO, wUp + wDown), wO, 0.0));
        out.push_back(piece(EventPart::Attention, l, b, Zero3Work::Qkv, again(wQkv, wO + wUp + wDown),
                            wQkv + std::max(0.0, small), smallTensors * double(dc - 1) * s.alphaSeconds));
    }
    return out;
}

FinetuneShares finetuneShares(const Scenario& s, const BytesPerParam& b)
{
    FinetuneShares f;
    f.gatherBytes = b.weights;
    if (!finetuneAdapters(s))
        return f;
    const AdapterCounts ac = adapterCounts(s, s.arch, 1);
    const double total = double(s.totalParams());
    if (total <= 0)
        return f;
    const double L = double(s.arch.layers);
    const double quantised = std::min(L * double(ac.quantisedPerLayer), total);
    const double frozen = frozenBaseBytes(s, quantised, L * double(ac.quantisedRowsPerLayer), total - quantised);
    f.trainable = double(ac.total) / total;
    f.gatherBytes = (frozen + double(ac.total) * b.weights) / total;
    return f;
}

} // namespace shardscope::detail

namespace shardscope {

KernelModel kernelModelInForce(const Scenario& s) { return detail::kernelModel(s, resolveGpu(s)); }

namespace {
struct RecomputeModuleName
{
    std::uint32_t bit;
    const char* key;
};
constexpr RecomputeModuleName kRecomputeModuleNames[] = {
    {kRecomputeLayernorm, "layernorm"}, {kRecomputeMoeAct, "moe_act"}, {kRecomputeMlaUpProj, "mla_up_proj"}};
} // namespace

std::string recomputeModulesKey(std::uint32_t mask)
{
    std::string out;
    for (const auto& m : kRecomputeModuleNames)
        if (mask & m.bit)
            out += (out.empty() ? "" : ",") + std::string(m.key);
    return out.empty() ? std::string("none") : out;
}

std::optional<std::uint32_t> recomputeModulesFromKey(const std::string& key)
{
    if (key == "none")
        return 0u;
    std::uint32_t bits = 0;
    std::size_t from = 0;
    while (from <= key.size()) {
        const std::size_t comma = std::min(key.find(',', from), key.size());
        std::string part = key.substr(from, comma - from);
        while (!part.empty() && std::isspace(static_cast<unsigned char>(part.front())))
            part.erase(part.begin());
        while (!part.empty() && std::isspace(static_cast<unsigned char>(part.back())))
            part.pop_back();
        std::uint32_t bit = 0;
        for (const auto& m : kRecomputeModuleNames)
            if (part == m.key)
                bit = m.bit;
        if (bit == 0)
            return std::nullopt;
        bits |= bit;
        from = comma + 1;
    }
    return bits;
}

double moeNvlinkFraction(const Scenario& s)
{
    const std::string id = gpuSilicon(resolveGpu(s));
    auto is = [&](const char* prefix) { return id.rfind(prefix, 0) == 0; };
    if (is("h100") || is("h200"))
        return (153.0 + 158.0) / 2.0 / 160.0;
    if (is("b200") || is("b300") || is("gb200") || is("gb300"))
        return (726.0 + 740.0) / 2.0 / 900.0;
    return 1.0;
}

double expectedMaxStandardNormal(std::int64_t n)
{
    if (n <= 1)
        return 0.0;
    // E[max] = integral of x n phi(x) Phi(x)^(n-1) dx, by Simpson's rule on [-10, 12] (step 0.005; the density's mass
    // sits near sqrt(2 ln n), under 5.3 for the knob's largest EP). Cached per n: the step asks once per layer.
    thread_local std::unordered_map<std::int64_t, double> cache;
    if (const auto it = cache.find(n); it != cache.end())
        return it->second;
    const double lo = -10.0, hi = 12.0;
    const int steps = 4400; // even
    const double dx = (hi - lo) / steps;
    const double nn = double(n);
    auto f = [&](double x) {
        const double phi = std::exp(-0.5 * x * x) / std::sqrt(2.0 * 3.14159265358979323846);
        const double Phi = 0.5 * std::erfc(-x / std::sqrt(2.0));
        return Phi > 0 ? x * nn * phi * std::exp((nn - 1.0) * std::log(Phi)) : 0.0;
    };
    double sum = f(lo) + f(hi);
    for (int i = 1; i < steps; ++i)
        sum += (i % 2 ? 4.0 : 2.0) * f(lo + i * dx);
    const double e = sum * dx / 3.0;
    if (cache.size() < 4096)
        cache.emplace(n, e);
    return e;
}

double moeBusiestRankLoad(const Scenario& s)
{
    const Architecture& a = s.arch;
    const double cf = s.moeCapacityFactor;
    if (!a.moe() || s.ep <= 1)
        return cf;
    const double E = double(a.experts);
    const double k = double(std::min(a.topK, a.experts));
    const double t = double(s.tp);
    const double rt = s.sequenceParallel ? t : 1.0;
    const double etp = double(s.expertTp());
    // The rank's mean routed copies per micro-batch: the dispatcher's tokens, gathered over expert TP, x top-k.
    const double T = double(s.seq) * double(s.microBatch) / double(s.cp);
    const double m = T / std::max(rt, etp) * etp * k;
    if (!(m > 0) || E <= 1)
        return cf;
    const double busiest = 1.0 + expectedMaxStandardNormal(s.ep) * std::sqrt((E - k) / ((E - 1.0) * m));
    return std::max(cf, busiest);
}

MoeAllToAll moeAllToAll(const Scenario& s)
{
    MoeAllToAll x;
    const Architecture& a = s.arch;
    if (!a.moe())
        return x;
    const double t = double(s.tp);
    const double rt = s.sequenceParallel ? t : 1.0;
    const double ep = double(std::max<std::int64_t>(1, s.ep));
    const double k = double(std::min(a.topK, a.experts));
    x.tokens = double(s.seq) * double(s.microBatch) / double(s.cp) / rt;
    x.copiesPerToken = k * s.moeCapacityFactor;
    x.bytesPerCopy = double(a.hidden) * detail::activationWireBytes(effectiveBytesPerParam(s));
    const double copies = x.tokens * x.copiesPerToken;
    x.sentBytes = copies * (ep - 1.0) / ep * x.bytesPerCopy;
    // The EP group: ETP fastest, then EP (Megatron-Core's expert rank order); ranks per NVLink domain of one group.
    // That domain is the node, except on GB200 / GB300 NVL72 racks: one NVLink domain of 72 GPUs over the trays, and
    // Megatron-Bridge's performance runs keep every EP rank in it (NVIDIA-NeMo/Megatron-Bridge@2afd2d34
    // scripts/performance/perf_plugins.py, _set_nvl_domain_size: "GB200/GB300 use NVL72 topology", NVLINK_DOMAIN_SIZE
    // 72, USE_MNNVL 1, NUM_OF_HYBRID_EP_RANKS_PER_NVLINK_DOMAIN = the EP size, asserted <= 72; NCCL's all-to-all
    // crosses the trays over the same multi-node NVLink). Other groups keep the node (gpusPerNode).
    const std::int64_t etp = s.expertTp();
    const bool nvl72 = s.gpu.rfind("gb200", 0) == 0 || s.gpu.rfind("gb300", 0) == 0;
    const std::int64_t domain = nvl72 ? std::max<std::int64_t>(s.gpusPerNode, detail::kNvl72DomainGpus) : s.gpusPerNode;
    const std::int64_t perNode
        = std::max<std::int64_t>(1, std::min<std::int64_t>(s.ep, domain / std::max<std::int64_t>(1, etp)));
    x.epNodes = std::max<std::int64_t>(1, (s.ep + perNode - 1) / perNode);
    const double offNode = ep > 1 ? (ep - double(perNode)) / ep : 0.0; // share of a token's copies for other nodes
    double interCopies = x.copiesPerToken * std::max(0.0, offNode);
    if (s.moeNodeDedup && x.epNodes > 1) {
        // Once per destination node: of n nodes, k x cf copies spread evenly reach n (1 - (1 - 1/n)^(k cf)) distinct
        // nodes on average, (n - 1) / n of them other nodes.
        const double n = double(x.epNodes);
        interCopies = std::min(interCopies, n * (1 - std::pow(1 - 1 / n, x.copiesPerToken)) * (n - 1) / n);
    }
    if (s.moeRouteNodes > 0 && x.epNodes > 1)
        interCopies = std::min(interCopies, double(s.moeRouteNodes) * double(x.epNodes - 1) / double(x.epNodes));
    x.interNodeBytes = x.tokens * interCopies * x.bytesPerCopy;
    x.intraNodeBytes = std::max(0.0, x.sentBytes - x.interNodeBytes);
    const LinkPlan l = planLinks(s);
    // NVLink at the bandwidth dispatch and combine kernels reach (moeNvlinkFraction(): DeepEP's measurements); the
    // NIC at its nominal rate (DeepEP's internode figures are logical bandwidths, at or above the NIC's 50 GB/s from
    // four nodes up, and count differently from the deduplicated bytes here).
    x.nvlinkFraction = moeNvlinkFraction(s);
    const double intra = x.intraNodeBytes / std::max(1.0, l.intraNodeBytesPerSecond * x.nvlinkFraction);
    const double inter = x.interNodeBytes / std::max(1.0, l.interNodeBytesPerSecond);
    // The all-to-all ends when the busiest receiver has its copies (moeBusiestRankLoad: dropless routing's spread).
    x.busiestRankFactor = moeBusiestRankLoad(s) / std::max(1e-300, s.moeCapacityFactor);
    x.seconds = ep > 1 ? std::max(intra, inter) * x.busiestRankFactor + s.alphaSeconds * (ep - 1.0) : 0.0;
    return x;
}

} // namespace shardscope
