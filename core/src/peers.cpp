// SPDX-License-Identifier: MIT
// Peer conventions (docs/peers.md). Each function below re-derives a peer's arithmetic from its
// published source, named at the function; the printed text follows the peer's own format strings.
#include "shardscope/peers.h"

#include "shardscope/errors.h"
#include "shardscope/footprint.h"
#include "shardscope/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shardscope {

namespace {

std::string fmt(const char* format, double v)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string fmtInt(std::int64_t v) { return std::to_string(v); }

/// Python's int(x) of a float: truncation toward zero (kept as a double: exact, and no int64 overflow).
double pyInt(double x) { return std::trunc(x); }

std::string gib2(double bytes) { return fmt("%.2f", bytes / kGiB) + " GiB"; }

/// Python str.center(width) (CPython: the odd space goes left when width is odd).
std::string pyCenter(const std::string& s, std::size_t width)
{
    if (s.size() >= width)
        return s;
    const std::size_t marg = width - s.size();
    const std::size_t left = marg / 2 + (marg & width & 1);
    return std::string(left, ' ') + s + std::string(marg - left, ' ');
}

std::string repeat(const char* piece, std::size_t n)
{
    std::string r;
    for (std::size_t i = 0; i < n; ++i)
        r += piece;
    return r;
}

// The figures inside the sentences below (PeerArg): value, kind, and the English rendering the command line prints.
PeerArg argInt(std::int64_t v) { return {PeerArg::Kind::Integer, double(v), fmtInt(v)}; }
PeerArg argCount(std::int64_t v) { return {PeerArg::Kind::Count, double(v), withThousands(v)}; }
PeerArg argNum(double v) { return {PeerArg::Kind::Number, v, fmt("%g", v)}; }
PeerArg argGiB(double bytes) { return {PeerArg::Kind::GiB, bytes, gib2(bytes)}; }
PeerArg argGB(double bytes) { return {PeerArg::Kind::GB, bytes, formatBytes(bytes, ByteUnit::GB, 2)}; }
PeerArg argText(std::string words) { return {PeerArg::Kind::Text, 0, std::move(words)}; }

// Every sentence and formula below is a fixed English template (a string literal at the call: tst_peerspage reads
// them from this file and checks each has a translation keeping its placeholders) filled with its figures.
PeerText text(const char* templateText, std::vector<PeerArg> args = {}) { return {templateText, std::move(args)}; }

void setTerm(PeerEstimate& e, Term t, double bytes, const char* formula, std::vector<PeerArg> args = {})
{
    PeerTerm& pt = e.terms[static_cast<int>(t)];
    pt.status = PeerTermStatus::Counted;
    pt.bytes = bytes;
    pt.formulaText = text(formula, std::move(args));
    pt.formula = fillPeerText(pt.formulaText);
}

void lumpTerm(PeerEstimate& e, Term t, const char* formula)
{
    PeerTerm& pt = e.terms[static_cast<int>(t)];
    pt.status = PeerTermStatus::Lumped;
    pt.bytes = 0;
    pt.formulaText = text(formula);
    pt.formula = fillPeerText(pt.formulaText);
}

void reason(PeerEstimate& e, const char* id, const char* templateText, std::vector<PeerArg> args = {})
{
    PeerReason r;
    r.id = id;
    r.source = text(templateText, std::move(args));
    r.text = fillPeerText(r.source);
    e.reasons.push_back(std::move(r));
}

bool isMixedAdam(const BytesPerParam& b) { return b.weights == 2 && b.grads == 2 && b.master == 4 && b.optimizer == 8; }

/// The recipe's bytes per parameter, for a template ending "%1 + %2 + %3 + %4 = %5 B/param".
std::vector<PeerArg> bppArgs(const BytesPerParam& b)
{
    return {argNum(b.weights), argNum(b.grads), argNum(b.master), argNum(b.optimizer), argNum(b.total())};
}

struct DsCluster
{
    std::int64_t perNode = 1;
    std::int64_t nodes = 1;
};

DsCluster dsCluster(const Scenario& s)
{
    DsCluster c;
    c.perNode = std::min(s.gpus, s.gpusPerNode);
    c.nodes = (s.gpus + c.perNode - 1) / c.perNode;
    return c;
}

/// Reasons shared by the three DeepSpeed conventions.
void deepSpeedCommonReasons(PeerEstimate& e, const Scenario& s, int stage)
{
    const DsCluster c = dsCluster(s);
    reason(e, "ds.gib", "DeepSpeed prints GiB (2^30 bytes) and labels them \"GB\", to 2 decimals");
    if (!s.modelStatesOnly)
        reason(e, "ds.model_states_only",
               "DeepSpeed's estimator covers model states only: activations, logits, buffers, CUDA context and "
               "fragmentation are not modelled");
    if (s.zeroStage != stage)
        reason(e, "ds.stage",
               "this is DeepSpeed's ZeRO-%1 estimate; the scenario runs ZeRO-%2", {argInt(stage), argInt(s.zeroStage)});
    if (s.modelParallel() > 1)
        reason(e, "ds.total_gpus",
               "DeepSpeed divides by all N = %1 GPUs, not by the data-parallel group d = %2 (TP x PP = %3 ignored)",
               {argInt(c.perNode * c.nodes), argInt(s.dp() * s.cp), argInt(s.tp * s.pp)});
    if (c.perNode * c.nodes != s.gpus)
        reason(e, "ds.uneven_nodes",
               "DeepSpeed takes nodes x GPUs per node = %1 x %2 = %3 GPUs; the scenario has %4",
               {argInt(c.nodes), argInt(c.perNode), argInt(c.perNode * c.nodes), argInt(s.gpus)});
    const BytesPerParam b = effectiveBytesPerParam(s);
    if (!isMixedAdam(b))
        reason(e, "ds.recipe",
               "DeepSpeed's estimator assumes 16-bit params with fp32 master and Adam; the scenario's recipe is "
               "%1 + %2 + %3 + %4 = %5 B/param",
               bppArgs(b));
    if (s.offloadOptimizer == OffloadDevice::Nvme || s.offloadParams == OffloadDevice::Nvme)
        reason(e, "ds.nvme", "DeepSpeed's estimator has no NVMe rows: its cpu row is shown");
}

std::string dsOptions3(bool params, bool opt, bool zeroInit)
{
    // format_options(): f'{OffloadDeviceEnum.cpu:4}' pads "cpu" to 4 characters.
    return std::string("offload_param=") + (params ? "cpu " : "none") + ", offload_optimizer=" + (opt ? "cpu " : "none")
        + ", zero_init=" + (zeroInit ? "1" : "0");
}

std::string dsRowLine(const DeepSpeedRow& r, const std::string& options)
{
    // print(f" {cpu_mem/2**30:7.2f}GB | {gpu_mem/2**30:6.2f}GB | {options_str}")
    return " " + fmt("%7.2f", r.cpuBytes / kGiB) + "GB | " + fmt("%6.2f", r.gpuBytes / kGiB) + "GB | "
        + options + "\n";
}

std::string dsHeader(double totalParams, std::int64_t perNode, std::int64_t nodes)
{
    return std::string("Estimated memory needed for params, optim states and gradients for a:\n") + "HW: Setup with "
        + fmtInt(nodes) + " " + (nodes > 1 ? "nodes" : "node") + ", " + fmtInt(perNode) + " "
        + (perNode > 1 ? "GPUs" : "GPU") + " per node.\n" + "SW: Model with " + fmt("%.0f", pyInt(totalParams / 1e6))
        + "M total params";
}

// ---------------------------------------------------------------- DeepSpeed ZeRO-2

PeerEstimate deepSpeedZero2(const Scenario& s, const PeerInputs& in, bool legacy)
{
    PeerEstimate e;
    e.id = legacy ? PeerId::DeepSpeedZero2Legacy : PeerId::DeepSpeedZero2;
    const DsCluster c = dsCluster(s);
    const double P = double(s.totalParams());
    const double N = double(c.perNode * c.nodes);
    const std::vector<DeepSpeedRow> rows = deepSpeedZero2Rows(P, c.perNode, c.nodes, in.bufferFactor, legacy);
    const bool offload = s.offloadOptimizer != OffloadDevice::None;
    const DeepSpeedRow& r = rows[offload ? 0 : 1];
    e.gpuBytesPerDevice = double(r.gpuBytes);
    e.hostBytesPerNode = double(r.cpuBytes);
    e.printed = deepSpeedZero2Printed(P, c.perNode, c.nodes, in.bufferFactor, legacy);
    e.unit = "GiB, printed \"GB\"";
    e.row = dsRowLine(r, std::string("offload_optimizer=") + (offload ? "cpu " : "none"));
    e.row.pop_back();
    if (offload) {
        setTerm(e, Term::Params, 2 * P, "2 B x P (16-bit params)");
        setTerm(e, Term::Grads, 0, "on the CPU (offload_optimizer=cpu)");
        setTerm(e, Term::Master, 0, "on the CPU (offload_optimizer=cpu)");
        setTerm(e, Term::Optimizer, 0, "on the CPU (offload_optimizer=cpu)");
    } else if (legacy) {
        setTerm(e, Term::Params, 2 * P, "2 B x P (16-bit params)");
        setTerm(e, Term::Grads, 2 * P + 4 * P / N, "2 B x P (16-bit grads, whole) + 4 B x P / N (fp32 grads)");
        setTerm(e, Term::Master, 4 * P / N, "4 B x P / N (fp32 params)");
        setTerm(e, Term::Optimizer, 8 * P / N, "8 B x P / N (Adam momentum + variance)");
    } else {
        setTerm(e, Term::Params, 2 * P, "2 B x P (params_16bit)");
        setTerm(e, Term::Grads, 6 * P / N, "(2 + 4) B x P / N (grads_16bit + grads_32bit)");
        setTerm(e, Term::Master, 4 * P / N, "4 B x P / N (params_32bit)");
        setTerm(e, Term::Optimizer, 8 * P / N, "8 B x P / N (momentum and variance)");
    }
    deepSpeedCommonReasons(e, s, 2);
    if (!offload) {
        if (legacy)
            reason(e, "ds2.legacy",
                   "DeepSpeed's ZeRO-2 formula before v0.14.3 (PR #5099), still on its docs page: 4 B x P + 16 B x P / N "
                   "= %1: the 16-bit grads counted whole on every GPU",
                   {argGiB(double(r.gpuBytes))});
        else
            reason(e, "ds2.fp32_grads",
                   "DeepSpeed's ZeRO-2 formula is 2 B x P + 18 B x P / N = %1: it adds a 4 B fp32 copy of every gradient "
                   "shard to the 16 B of the ZeRO paper",
                   {argGiB(double(r.gpuBytes))});
    }
    const std::vector<PeerArg> cpuArgs = {argNum(in.bufferFactor), argNum(in.bufferFactor), argGiB(double(r.cpuBytes))};
    if (offload)
        reason(e, "ds.cpu_buffer",
               "DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before "
               "partitioning: P x max(4 N, 16) B x %2 = %3",
               cpuArgs);
    else
        reason(e, "ds.cpu_buffer",
               "DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before "
               "partitioning: P x 4 x GPUs per node B x %2 = %3",
               cpuArgs);
    return e;
}

// ---------------------------------------------------------------- DeepSpeed ZeRO-3

PeerEstimate deepSpeedZero3(const Scenario& s, const PeerInputs& in)
{
    PeerEstimate e;
    e.id = PeerId::DeepSpeedZero3;
    const DsCluster c = dsCluster(s);
    const double P = double(s.totalParams());
    const double N = double(c.perNode * c.nodes);
    const double L = double(in.largestLayerParams ? *in.largestLayerParams : largestLayerParams(s));
    const std::vector<DeepSpeedRow> rows = deepSpeedZero3Rows(P, L, c.perNode, c.nodes, in.bufferFactor);
    const bool opt = s.offloadOptimizer != OffloadDevice::None || s.offloadParams != OffloadDevice::None;
    const bool par = s.offloadParams != OffloadDevice::None;
    const DeepSpeedRow* r = &rows.front();
    for (const DeepSpeedRow& x : rows)
        if (x.offloadParams == par && x.offloadOptimizer == opt && x.zeroInit == in.zeroInit)
            r = &x;
    e.gpuBytesPerDevice = double(r->gpuBytes);
    e.hostBytesPerNode = double(r->cpuBytes);
    e.printed = deepSpeedZero3Printed(P, L, c.perNode, c.nodes, in.bufferFactor);
    e.unit = "GiB, printed \"GB\"";
    e.row = dsRowLine(*r, dsOptions3(r->offloadParams, r->offloadOptimizer, r->zeroInit));
    e.row.pop_back();
    setTerm(e, Term::Zero3GatheredParams, 2 * L, "2 B x largest layer (%1 params)", {argCount(std::int64_t(L))});
    setTerm(e, Term::Zero3UnshardedGrads, 2 * L, "2 B x largest layer (fp16 grads computed whole)");
    if (par) {
        for (Term t : {Term::Params, Term::Grads, Term::Master, Term::Optimizer})
            setTerm(e, t, 0, "on the CPU (offload_param=cpu, offload_optimizer=cpu)");
    } else if (opt) {
        setTerm(e, Term::Params, 2 * P / N, "2 B x P / N");
        for (Term t : {Term::Grads, Term::Master, Term::Optimizer})
            setTerm(e, t, 0, "on the CPU (offload_optimizer=cpu)");
    } else {
        setTerm(e, Term::Params, 2 * P / N, "2 B x P / N (16-bit params)");
        setTerm(e, Term::Grads, 4 * P / N, "4 B x P / N (fp32 grads)");
        setTerm(e, Term::Master, 4 * P / N, "4 B x P / N (fp32 params)");
        setTerm(e, Term::Optimizer, 8 * P / N, "8 B x P / N (Adam momentum + variance)");
    }
    deepSpeedCommonReasons(e, s, 3);
    reason(e, "ds3.largest_layer",
           "DeepSpeed's ZeRO-3 estimate adds 4 B x the largest layer (%1 params) for its gathered 16-bit weights and "
           "grads: %2",
           {argCount(std::int64_t(L)), argGiB(4 * L)});
    if (!opt)
        reason(e, "ds3.fp32_grads",
               "DeepSpeed's ZeRO-3 shards 18 B/param over N: 2 B 16-bit params + 4 B fp32 params, grads, momentum and "
               "variance each (the ZeRO paper's 16 B has 2 B 16-bit grads)");
    if (par && s.offloadOptimizer == OffloadDevice::None)
        reason(e, "ds3.param_only_offload",
               "DeepSpeed's table has no row with params offloaded and the optimizer on the GPU: the row with both "
               "offloaded is shown");
    if (in.zeroInit)
        reason(e, "ds3.zero_init", "CPU figure with zero_init=1: the model is partitioned as it is built (deepspeed.zero.Init)");
    else
        reason(e, "ds3.zero_init", "CPU figure with zero_init=0: every process first builds the whole fp32 model on the CPU");
    reason(e, "ds.cpu_buffer", "DeepSpeed's CPU figure is per node and includes the %1 buffer factor: %2",
           {argNum(in.bufferFactor), argGiB(double(r->cpuBytes))});
    return e;
}

// ---------------------------------------------------------------- Megatron-LM

PeerEstimate megatron(const Scenario& s)
{
    PeerEstimate e;
    e.id = PeerId::Megatron;
    const MegatronArgs a = megatronArgs(s);
    const double shard = megatronMostLoadedShardParams(a);
    const double wo = megatronWeightAndOptimizerBytes(a);
    double output = 0;
    const double act = megatronActivationBytes(a, s.gradAccum, &output);
    e.gpuBytesPerDevice = wo + act;
    e.printed = megatronPrinted(a, s.gradAccum);
    e.unit = "MiB, printed \"MB\"";
    e.row = e.printed.substr(e.printed.find("Theoretical"));
    while (!e.row.empty() && e.row.back() == '\n')
        e.row.pop_back();
    const double d = double(a.dp);
    setTerm(e, Term::Params, 2 * shard, "2 B x most-loaded shard params");
    setTerm(e, Term::Grads, 4 * shard, "4 B x shard params (fp32 grads)");
    if (a.distributedOptimizer) {
        setTerm(e, Term::Master, 4 * shard / d, "4 B x shard params / d (distributed optimizer)");
        setTerm(e, Term::Optimizer, 8 * shard / d, "8 B x shard params / d (distributed optimizer)");
    } else {
        setTerm(e, Term::Master, 4 * shard, "4 B x shard params (fp32 params)");
        setTerm(e, Term::Optimizer, 8 * shard, "8 B x shard params (Adam)");
    }
    const bool sp = a.sequenceParallel && a.selectiveRecompute;
    if (sp)
        setTerm(e, Term::Activations, act - output,
                "Korthikanti Table 2, SP + selective: s b h (18 + 4 ffn/h) / t per layer x L, + embedding");
    else
        setTerm(e, Term::Activations, act - output, "s b h (10 + 24/t) per layer x L, + embedding, x 1.05");
    if (a.pp == 1 && sp)
        setTerm(e, Term::Logits, output, "s b h x 4 (1 + V/h) / t (output layer and loss)");
    else if (a.pp == 1)
        setTerm(e, Term::Logits, output, "2 B x s b (V/t + h) x 1.05");
    else
        setTerm(e, Term::Logits, 0, "not on the first stage (Megatron reports the first stage)");

    reason(e, "mt.mib", "Megatron prints MB meaning MiB (2^20 bytes), to 2 decimals");
    const BytesPerParam b = effectiveBytesPerParam(s);
    const double ssBpp = b.total();
    if (s.zeroStage >= 2)
        reason(e, "mt.zero23",
               "Megatron has no ZeRO-%1: its report prices the distributed optimizer (6 + 12/d B/param), grads and 16-bit "
               "weights whole",
               {argInt(s.zeroStage)});
    if (!(b.weights == 2 && b.grads == 4 && b.master == 4 && b.optimizer == 8)) {
        if (a.distributedOptimizer)
            reason(e, "mt.bytes",
                   "Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam), 6 + 12/d with the "
                   "distributed optimizer; the scenario's recipe is %1 B/param",
                   {argNum(ssBpp)});
        else
            reason(e, "mt.bytes",
                   "Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam); the scenario's recipe is "
                   "%1 B/param",
                   {argNum(ssBpp)});
    }
    const double exactShardTotal = double(countParams(s.arch).total);
    const double mtTotal = [&] {
        MegatronArgs one = a;
        one.tp = 1;
        one.pp = 1;
        one.ep = one.etp = 1;
        one.mtpLayers = 0;
        one.untieEmbeddings = a.untieEmbeddings;
        return megatronMostLoadedShardParams(one);
    }();
    const double ssTotal = s.bareParams ? double(*s.bareParams) : exactShardTotal;
    if (std::fabs(mtTotal - ssTotal) >= 1)
        reason(e, "mt.param_count",
               "Megatron counts %1 params (its formula: no linear biases, vocab padded to %2 = a multiple of 128 x t); "
               "ShardScope counts %3",
               {argCount(std::int64_t(mtTotal)), argCount(a.paddedVocab), argCount(std::int64_t(ssTotal))});
    if (s.checkpointing == Checkpointing::Full)
        reason(e, "mt.full_recompute",
               "Megatron's report has no full-recompute formula: it prices every layer's activations as stored; "
               "full recompute keeps 2 s b h per layer (Korthikanti Table 2)");
    else if (s.checkpointing == Checkpointing::None)
        reason(e, "mt.no_recompute",
               "Megatron's report assumes the attention core is recomputed (no 5 a s/h score term); with no "
               "recompute and no FlashAttention-style kernel the scores are stored");
    else if (s.checkpointing == Checkpointing::PerOp)
        reason(e, "mt.per_op",
               "Megatron's report knows selective recompute of the attention core only; torchtitan's per-op "
               "checkpointing (every other matmul output saved) has no formula there, so it is priced as selective");
    else if (!s.sequenceParallel)
        reason(e, "mt.no_sp", "without sequence parallelism Megatron uses s b h (10 + 24/t) per layer, x 1.05 overhead");
    if (s.arch.gatedMlp || s.arch.kvHeads != s.arch.heads || s.arch.norm == NormKind::RMSNorm)
        reason(e, "mt.gpt_block",
               "Megatron's activation formula is the GPT block's (q = k = v = h, its code says so); GQA, SwiGLU and "
               "RMSNorm change the per-layer bytes ShardScope derives");
    if (s.arch.experts > 1)
        reason(e, "mt.moe", "Megatron's report prices MoE activations as a dense MLP (Megatron-LM #1784)");
    // --- MoE (issue 25): where Megatron's weight-and-optimizer figure and ours part
    if (s.arch.moe() && s.pp > 1)
        reason(e, "mt.moe_stages",
               "Megatron spreads each kind of layer evenly over the %1 stages (L/p dense and MoE layers each) and "
               "puts the embedding and the MTP block on the same shard; ShardScope places whole layers (the dense "
               "first layers on the first stage) and reports the worst rank",
               {argInt(s.pp)});
    if (s.arch.mtpLayers > 0)
        reason(e, "mt.mtp",
               "Megatron counts %1 multi-token-prediction layer(s) on the most loaded shard; ShardScope's total leaves "
               "them out (the model card's main-model count)",
               {argInt(s.arch.mtpLayers)});
    if (s.pp > 1)
        reason(e, "mt.first_stage",
               "Megatron reports the first stage: all L layers' activations (p micro-batches of L/p layers) and the "
               "embedding shard; ShardScope reports the worst rank");
    if (s.cp > 1)
        reason(e, "mt.cp",
               "Megatron's report does not divide activations by the context-parallel size %1 and shards the distributed "
               "optimizer over d = N/(t p cp) only",
               {argInt(s.cp)});
    if (!s.modelStatesOnly)
        reason(e, "mt.overheads",
               "Megatron's report ignores ZeRO buffers, CUDA context and fragmentation");
    return e;
}

// ---------------------------------------------------------------- ZeRO paper

PeerEstimate zeroPaper(const Scenario& s)
{
    PeerEstimate e;
    e.id = PeerId::ZeroPaper;
    const double psi = double(s.totalParams()) / double(s.tp * s.pp);
    const double nd = double(s.gpus) / double(s.tp * s.pp);
    const int stage = s.zeroStage;
    e.gpuBytesPerDevice = zeroPaperBytes(psi, nd, stage);
    e.unit = "GB (10^9 bytes)";
    const char* labels[4] = {"Baseline", "P_os", "P_os+g", "P_os+g+p"};
    const char* forms[4] = {"(2 + 2 + K) * Psi", "(2 + 2) * Psi + K * Psi / N_d", "2 * Psi + (2 + K) * Psi / N_d",
                            "(2 + 2 + K) * Psi / N_d"};
    e.printed = "Psi = " + shortCount(psi) + " parameters, K = 12, N_d = " + fmt("%g", nd) + "\n";
    for (int k = 0; k < 4; ++k) {
        const std::string line = std::string(labels[k]) + ": " + forms[k] + " = " + zeroPaperFormat(zeroPaperBytes(psi, nd, k));
        e.printed += line + "\n";
        if (k == stage)
            e.row = line;
    }
    if (stage >= 3)
        setTerm(e, Term::Params, 2 * psi / nd, "2 Psi / N_d");
    else
        setTerm(e, Term::Params, 2 * psi, "2 Psi");
    if (stage >= 2)
        setTerm(e, Term::Grads, 2 * psi / nd, "2 Psi / N_d");
    else
        setTerm(e, Term::Grads, 2 * psi, "2 Psi");
    if (stage >= 1) {
        setTerm(e, Term::Master, 4 * psi / nd, "4 Psi / N_d (of K = 12)");
        setTerm(e, Term::Optimizer, 8 * psi / nd, "8 Psi / N_d (of K = 12)");
    } else {
        setTerm(e, Term::Master, 4 * psi, "4 Psi (of K = 12)");
        setTerm(e, Term::Optimizer, 8 * psi, "8 Psi (of K = 12)");
    }
    const BytesPerParam b = effectiveBytesPerParam(s);
    if (!isMixedAdam(b))
        reason(e, "zp.k12",
               "the paper fixes 2 + 2 + K = 16 B/param (K = 12: fp32 params, momentum, variance); the scenario's recipe is "
               "%1 + %2 + %3 + %4 = %5 B/param",
               bppArgs(b));
    if (s.tp * s.pp > 1)
        reason(e, "zp.even_split",
               "the paper divides Psi evenly over the t x p = %1 model-parallel GPUs; ShardScope's worst stage also holds "
               "the embedding",
               {argInt(s.tp * s.pp)});
    if (stage == 3)
        reason(e, "zp.no_gather",
               "P_os+g+p leaves out the layer gathered whole in forward and backward (ShardScope's ZeRO-3 gathered terms)");
    if (s.offloadOptimizer != OffloadDevice::None || s.offloadParams != OffloadDevice::None)
        reason(e, "zp.offload", "the paper's Figure 1 has no offload (ZeRO-Offload came later); everything is on the GPU");
    if (!s.modelStatesOnly)
        reason(e, "zp.model_states_only",
               "Figure 1 counts model states only: activations and buffers are ZeRO-R's, not in these numbers");
    return e;
}

// ---------------------------------------------------------------- accelerate

std::string accelerateTable(const std::string& title, const std::vector<std::vector<std::string>>& rows)
{
    // create_ascii_table(headers, rows, title) of accelerate/commands/estimate.py, widths in code points.
    const std::vector<std::string> headers = {"dtype", "Largest Layer", "Total Size", "Training using Adam"};
    std::vector<std::size_t> w;
    for (std::size_t i = 0; i < headers.size(); ++i) {
        std::size_t m = headers[i].size();
        for (const auto& r : rows)
            m = std::max(m, r[i].size());
        w.push_back(m);
    }
    std::size_t diff = 0;
    auto sum = [&] {
        std::size_t t = 0;
        for (std::size_t x : w)
            t += x;
        return t;
    };
    auto makeRow = [&](const char* l, const char* mid, const char* r) {
        std::string out = l;
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (i)
                out += mid;
            out += repeat("─", w[i]);
        }
        return out + repeat("─", diff) + r;
    };
    auto rowLen = [&] { return 2 + sum() + (w.size() - 1) + diff; };
    const std::size_t sepLen0 = rowLen();
    if (title.size() > sum()) {
        diff = title.size() > sepLen0 ? title.size() - sepLen0 : sepLen0 - title.size();
        w.back() += diff;
    }
    const std::string separator = makeRow("├", "┼", "┤");
    const std::size_t sepLen = rowLen();
    std::string table = makeRow("┌", "─", "┐") + "\n│" + pyCenter(title, sepLen - 2) + "│\n" + makeRow("├", "┬", "┤") + "\n";
    w.back() += diff;
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out = "│";
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (i)
                out += "│";
            out += pyCenter(cells[i], w[i]);
        }
        return out + "│\n";
    };
    table += line(headers) + separator + "\n";
    for (const auto& r : rows)
        table += line(r);
    std::string bottom = "└";
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (i)
            bottom += "┴";
        bottom += repeat("─", w[i]);
    }
    return table + bottom + "┘";
}

PeerEstimate accelerate(const Scenario& s)
{
    PeerEstimate e;
    e.id = PeerId::Accelerate;
    const ParamCounts c = countParams(s.arch);
    const std::int64_t total = s.bareParams ? *s.bareParams : c.total;
    // AutoModel builds the base model: no LM head (tied or not, the head's weights are not counted again).
    const std::int64_t autoParams = s.bareParams ? total : total - c.lmHead;
    const std::int64_t fp32 = 4 * autoParams;
    const std::int64_t largest = 4 * std::max(c.embedding, c.perLayer);
    const bool mixed = effectiveBytesPerParam(s).weights < 4;
    const std::int64_t training = accelerateTrainingBytes(fp32, mixed);
    e.gpuBytesPerDevice = double(training);
    e.unit = "binary (1024^n), printed \"bytes/KB/MB/GB/TB\"";
    std::vector<std::vector<std::string>> rows;
    const char* dtypes[4] = {"float32", "float16", "int8", "int4"};
    const double div[4] = {1, 2, 4, 8};
    for (int i = 0; i < 4; ++i) {
        std::string train = "N/A";
        if (i < 2)
            train = accelerateConvertBytes(double(accelerateTrainingBytes(fp32, i == 1)));
        // float32 keeps Python ints; the others are float divisions.
        rows.push_back({dtypes[i], accelerateConvertBytes(double(largest) / div[i]),
                        accelerateConvertBytes(double(fp32) / div[i]), train});
        if ((i == 1) == mixed)
            e.row = std::string(dtypes[i]) + ": Training using Adam " + train;
    }
    const std::string name = s.arch.name;
    e.printed = "Loading pretrained config for `" + name + "` from `transformers`...\n"
        + accelerateTable("Memory Usage for loading `" + name + "`", rows) + "\n";
    if (mixed)
        lumpTerm(e, Term::Params, "largest of: model 4P, grads 6P, optimizer 8P, step 8P");
    else
        lumpTerm(e, Term::Params, "largest of: 4P, 4P, 8P, step 16P");
    lumpTerm(e, Term::Grads, "inside the one figure");
    lumpTerm(e, Term::Master, "inside the one figure");
    lumpTerm(e, Term::Optimizer, "inside the one figure");
    if (mixed)
        reason(e, "ac.max_not_sum",
               "accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 8 B/param "
               "for mixed precision");
    else
        reason(e, "ac.max_not_sum",
               "accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 16 B/param "
               "for float32");
    if (s.gpus > 1)
        reason(e, "ac.one_device", "accelerate estimates one device holding the whole model: no DP, ZeRO, TP or PP sharding");
    if (!s.bareParams && c.lmHead > 0)
        reason(e, "ac.no_lm_head",
               "accelerate builds AutoModel, without the LM head: %1 params fewer", {argCount(c.lmHead)});
    reason(e, "ac.binary_units", "accelerate prints binary units (1024^n) named KB/MB/GB/TB, Python round(x, 2)");
    if (!s.modelStatesOnly)
        reason(e, "ac.batch1", "accelerate's training figure is for batch size 1 with no activations");
    return e;
}

// ---------------------------------------------------------------- ShardScope

PeerEstimate shardScopeOwn(const Scenario& s)
{
    PeerEstimate e;
    e.id = PeerId::ShardScope;
    const Footprint f = computeFootprint(s);
    const RankFootprint& w = f.worstRank();
    e.gpuBytesPerDevice = double(w.totalBytes);
    e.hostBytesPerNode = double(f.hostBytesPerNode);
    e.unit = "bytes (shown in GB or GiB)";
    // Per term, the breakdown at the liveness peak, as the Memory tab shows it (issue 26: the column's terms sum to
    // its total); each term at its largest over the step beside it (as the peers count them: a peer's "gradients"
    // are the gradients, whenever they are alive).
    for (int i = 0; i < kTermCount; ++i) {
        const Term t = static_cast<Term>(i);
        // computeFootprint()'s own formulas are free-form (no template): the window translates them word by word.
        PeerTerm& pt = e.terms[static_cast<std::size_t>(i)];
        pt.status = PeerTermStatus::Counted;
        pt.bytes = double(w.terms[static_cast<std::size_t>(i)].bytes);
        pt.stepMaxBytes = double(w.stepMaxBytes[static_cast<std::size_t>(i)]);
        pt.formula = w.terms[static_cast<std::size_t>(i)].formula;
        if (!s.enabled(t) || (s.modelStatesOnly && !isModelState(t)))
            e.terms[static_cast<std::size_t>(i)].status = PeerTermStatus::Ignored;
    }
    e.rowText = text("ShardScope: %1 (%2) per GPU on the worst rank (%3); host %4 per node",
                     {argGB(double(w.totalBytes)), argGiB(double(w.totalBytes)), argText(w.label),
                      argGB(double(f.hostBytesPerNode))});
    e.row = fillPeerText(e.rowText);
    e.printed = e.row + "\n";
    return e;
}

} // namespace

std::string fillPeerText(const PeerText& t)
{
    std::vector<std::string> english;
    english.reserve(t.args.size());
    for (const PeerArg& a : t.args)
        english.push_back(a.text);
    return InvalidInput::fill(t.templateText, english);
}

const char* peerKey(PeerId p)
{
    switch (p) {
    case PeerId::DeepSpeedZero2: return "deepspeed_zero2";
    case PeerId::DeepSpeedZero2Legacy: return "deepspeed_zero2_legacy";
    case PeerId::DeepSpeedZero3: return "deepspeed_zero3";
    case PeerId::Megatron: return "megatron";
    case PeerId::ZeroPaper: return "zero_paper";
    case PeerId::Accelerate: return "accelerate";
    case PeerId::ShardScope: return "shardscope";
    }
    return "";
}

const char* peerName(PeerId p)
{
    switch (p) {
    case PeerId::DeepSpeedZero2: return "DeepSpeed ZeRO-2";
    case PeerId::DeepSpeedZero2Legacy: return "DeepSpeed ZeRO-2 (legacy)";
    case PeerId::DeepSpeedZero3: return "DeepSpeed ZeRO-3";
    case PeerId::Megatron: return "Megatron-LM";
    case PeerId::ZeroPaper: return "ZeRO paper";
    case PeerId::Accelerate: return "accelerate";
    case PeerId::ShardScope: return "ShardScope";
    }
    return "";
}

const char* peerSource(PeerId p)
{
    switch (p) {
    case PeerId::DeepSpeedZero2:
        return "DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero2_model_states_mem_needs (v0.14.3+, PR #5099)";
    case PeerId::DeepSpeedZero2Legacy:
        return "DeepSpeed stage_1_and_2.py before v0.14.3 (PR #5099); docs/code-docs/source/memory.rst prints it";
    case PeerId::DeepSpeedZero3:
        return "DeepSpeed deepspeed/runtime/zero/stage3.py, estimate_zero3_model_states_mem_needs";
    case PeerId::Megatron:
        return "Megatron-LM megatron/training/theoretical_memory_usage.py, report_theoretical_memory";
    case PeerId::ZeroPaper:
        return "Rajbhandari et al. 2020, ZeRO, Figure 1 and Table 1 (K = 12)";
    case PeerId::Accelerate:
        return "accelerate src/accelerate/commands/estimate.py, estimate_training_usage";
    case PeerId::ShardScope:
        return "ShardScope computeFootprint(), worst rank (docs/model.md)";
    }
    return "";
}

std::vector<PeerId> allPeers()
{
    return {PeerId::DeepSpeedZero2, PeerId::DeepSpeedZero2Legacy, PeerId::DeepSpeedZero3, PeerId::Megatron,
            PeerId::ZeroPaper,      PeerId::Accelerate,           PeerId::ShardScope};
}

void validatePeerInputs(const Scenario& s, const PeerInputs& in)
{
    if (in.largestLayerParams) {
        if (*in.largestLayerParams <= 0)
            throw InvalidInput("largest-layer-params", "must be a positive count", {});
        if (*in.largestLayerParams > s.totalParams())
            throw InvalidInput("largest-layer-params", "%1 is more than the model's %2 params",
                               {withThousands(*in.largestLayerParams), withThousands(s.totalParams())});
    }
    if (!std::isfinite(in.bufferFactor) || in.bufferFactor <= 0 || in.bufferFactor > 1000)
        throw InvalidInput("buffer-factor", "must be a number above 0 (DeepSpeed's default is 1.5)", {});
}

std::int64_t largestLayerParams(const Scenario& s)
{
    const Architecture& a = s.arch;
    const std::int64_t h = a.hidden;
    const std::int64_t hd = a.headDim > 0 ? a.headDim : h / std::max<std::int64_t>(1, a.heads);
    std::int64_t m = a.vocab * h;
    m = std::max(m, a.maxPositions * h);
    m = std::max(m, h * a.heads * hd + (a.qkvBias ? a.heads * hd : 0));
    m = std::max(m, h * a.kvHeads * hd + (a.qkvBias ? a.kvHeads * hd : 0));
    m = std::max(m, a.heads * hd * h + (a.attnOutBias ? h : 0));
    m = std::max(m, h * a.ffn + (a.mlpBias ? a.ffn : 0));
    m = std::max(m, a.ffn * h + (a.mlpBias ? h : 0));
    return std::min(m, s.totalParams());
}

std::vector<DeepSpeedRow> deepSpeedZero2Rows(double P, std::int64_t perNode, std::int64_t nodes, double factor,
                                             bool legacy)
{
    // stage_1_and_2.py estimate_zero2_model_states_mem_needs(); Python's left-to-right float arithmetic.
    const std::int64_t totalGpus = nodes * perNode;
    std::vector<DeepSpeedRow> rows;
    for (bool cpuOffload : {true, false}) {
        DeepSpeedRow r;
        r.offloadOptimizer = cpuOffload;
        double gpu = 0, cpu = 0;
        if (cpuOffload) {
            gpu = 2 * P;
            cpu = P * double(std::max<std::int64_t>(4 * totalGpus, 16)) * factor;
        } else {
            gpu = legacy ? 4 * P + pyInt(16 * P / double(totalGpus)) : 2 * P + pyInt(18 * P / double(totalGpus));
            cpu = P * 4 * double(perNode) * factor;
        }
        r.cpuBytes = pyInt(cpu);
        r.gpuBytes = pyInt(gpu);
        rows.push_back(r);
    }
    return rows;
}

std::vector<DeepSpeedRow> deepSpeedZero3Rows(double P, double L, std::int64_t perNode, std::int64_t nodes, double factor)
{
    // stage3.py estimate_zero3_model_states_mem_needs(), in the order its _all_cold printer loops.
    const double totalGpus = double(nodes * perNode);
    const double gpusFactor = 1.0 / double(nodes);
    const double largestMem = 4 * L;
    std::vector<DeepSpeedRow> rows;
    for (bool cpuOffload : {true, false})
        for (bool cpuOffloadParams : {true, false}) {
            if (!cpuOffload && cpuOffloadParams)
                continue;
            for (bool zeroInit : {true, false}) {
                DeepSpeedRow r;
                r.offloadOptimizer = cpuOffload;
                r.offloadParams = cpuOffloadParams;
                r.zeroInit = zeroInit;
                double gpu = 0, cpu = 0;
                if (cpuOffload) {
                    if (cpuOffloadParams) {
                        gpu = largestMem;
                        cpu = zeroInit ? P * 18 * gpusFactor * factor
                                       : P * std::max(4.0 * double(perNode), 18 * gpusFactor) * factor;
                    } else {
                        gpu = largestMem + pyInt(2 * P / totalGpus);
                        cpu = zeroInit ? P * 16 * gpusFactor * factor
                                       : P * std::max(4.0 * double(perNode), 16 * gpusFactor) * factor;
                    }
                } else {
                    gpu = largestMem + pyInt(18 * P / totalGpus);
                    cpu = zeroInit ? L * 4 * double(perNode) * factor : P * 4 * double(perNode) * factor;
                }
                r.cpuBytes = pyInt(cpu);
                r.gpuBytes = pyInt(gpu);
                rows.push_back(r);
            }
        }
    return rows;
}

std::string deepSpeedZero2Printed(double P, std::int64_t perNode, std::int64_t nodes, double factor, bool legacy)
{
    std::string out = dsHeader(P, perNode, nodes) + ".\n" + "  per CPU  |  per GPU |   Options\n";
    for (const DeepSpeedRow& r : deepSpeedZero2Rows(P, perNode, nodes, factor, legacy))
        out += dsRowLine(r, std::string("offload_optimizer=") + (r.offloadOptimizer ? "cpu " : "none"));
    return out;
}

std::string deepSpeedZero3Printed(double P, double L, std::int64_t perNode, std::int64_t nodes, double factor)
{
    std::string out = dsHeader(P, perNode, nodes) + ", " + fmt("%.0f", pyInt(L / 1e6)) + "M largest layer params.\n"
        + "  per CPU  |  per GPU |   Options\n";
    for (const DeepSpeedRow& r : deepSpeedZero3Rows(P, L, perNode, nodes, factor))
        out += dsRowLine(r, dsOptions3(r.offloadParams, r.offloadOptimizer, r.zeroInit));
    return out;
}

MegatronArgs megatronArgs(const Scenario& s)
{
    const Architecture& ar = s.arch;
    MegatronArgs a;
    a.hidden = ar.hidden;
    a.heads = ar.heads;
    a.kvChannels = ar.headDim > 0 ? ar.headDim : ar.hidden / ar.heads;
    a.queryGroups = ar.kvHeads > 0 ? ar.kvHeads : ar.heads;
    a.ffn = ar.ffn;
    a.layers = ar.layers;
    // _vocab_size_with_padding(): a multiple of make_vocab_size_divisible_by (128) x TP.
    const std::int64_t multiple = 128 * s.tp;
    a.paddedVocab = (ar.vocab + multiple - 1) / multiple * multiple;
    a.experts = ar.experts > 1 ? ar.experts : 0;
    a.moeFfn = ar.experts > 1 ? ar.expertFfn() : 0;
    // --- MoE, MLA and MTP (issue 25): our layer pattern as Megatron's list form of moe_layer_freq
    if (ar.moe()) {
        bool every = true;
        for (std::int64_t i = 0; i < ar.layers; ++i)
            every = every && ar.moeLayer(i);
        if (!every)
            for (std::int64_t i = 0; i < ar.layers; ++i)
                a.moeLayerPattern.push_back(ar.moeLayer(i) ? 1 : 0);
        a.moeRouterTopk = ar.topK;
        a.sharedExpertFfn = ar.sharedExperts * (ar.sharedExpertFfn > 0 ? ar.sharedExpertFfn : ar.expertFfn());
        a.sharedExpertGate = ar.sharedExpertGate;
        a.addBiasLinear = ar.routerBias && ar.mlpBias;
    }
    if (ar.mla()) {
        a.mla = true;
        a.qLoraRank = ar.qLoraRank;
        a.kvLoraRank = ar.kvLoraRank;
        a.qkHeadDim = ar.qkNopeDim;
        a.qkPosEmbHeadDim = ar.qkRopeDim;
        a.vHeadDim = ar.vHeadDim;
    }
    a.mtpLayers = ar.mtpLayers;
    a.ep = s.ep;
    a.etp = s.expertTp();
    a.worldSize = s.gpus;
    a.swiglu = ar.gatedMlp;
    a.rmsNorm = ar.norm == NormKind::RMSNorm;
    a.untieEmbeddings = !ar.tiedEmbeddings;
    a.tp = s.tp;
    a.pp = s.pp;
    a.dp = s.dp();
    if (s.schedule == PipelineSchedule::Interleaved && s.vpp > 1)
        a.vpp = s.vpp;
    a.distributedOptimizer = s.zeroStage >= 1;
    a.seq = s.seq;
    a.microBatch = s.microBatch;
    a.sequenceParallel = s.sequenceParallel;
    a.selectiveRecompute = s.checkpointing == Checkpointing::Selective || s.checkpointing == Checkpointing::PerOp;
    return a;
}

MegatronShard megatronShard(const MegatronArgs& a)
{
    // compute_weight_and_optimizer_memory() at NVIDIA/Megatron-LM@d98e8a64 (megatron/training/
    // theoretical_memory_usage.py), term by term: attention (GQA or MLA), dense MLP, shared and routed experts,
    // norms, router; the TP-sharded, replicated and expert-sharded parts of the most loaded shard.
    const double h = double(a.hidden);
    const double heads = double(a.heads);
    const double gated = a.swiglu ? 1.5 : 1.0;
    const double norm = a.rmsNorm ? 1 : 2;
    const bool moe = a.experts > 0;
    const double L = double(a.layers);
    double moeLayers = 0;
    bool lastIsMoe = false;
    if (moe) {
        if (a.moeLayerPattern.empty()) {
            moeLayers = L;
            lastIsMoe = true;
        } else {
            for (int v : a.moeLayerPattern)
                moeLayers += v;
            lastIsMoe = a.moeLayerPattern.back() != 0;
        }
    }
    const double denseLayers = L - moeLayers;
    const double mtpMoe = lastIsMoe ? double(a.mtpLayers) : 0, mtpDense = lastIsMoe ? 0 : double(a.mtpLayers);
    double attn = 0;
    if (a.mla) {
        const double qk = double(a.qkHeadDim + a.qkPosEmbHeadDim);
        const double q = a.qLoraRank <= 0 ? h * heads * qk : double(a.qLoraRank) * (h + heads * qk + norm);
        attn = q + double(a.kvLoraRank) * (h + heads * double(a.qkHeadDim + a.vHeadDim) + norm)
            + h * double(a.qkPosEmbHeadDim) + heads * double(a.vHeadDim) * h;
    } else {
        const double qRatio = double(a.kvChannels * a.heads) / h;
        attn = 2 * h * h * ((1 + double(a.queryGroups) / heads) * qRatio);
    }
    const double experts = moe ? double(a.experts) : 1;
    const double denseMlp = 2 * h * double(a.ffn) * gated;
    const double shared = 2 * h * double(a.sharedExpertFfn) * gated;
    const double routed = moe ? 2 * h * double(a.moeFfn) * experts * gated : 0;
    const double activeRouted = moe ? 2 * h * double(a.moeFfn) * double(a.moeRouterTopk) * gated : 0;
    const double norms = 2 * h * norm;
    const double router = moe ? h * experts + (a.addBiasLinear ? experts : 0) : 0;
    const double gate = a.sharedExpertFfn > 0 && a.sharedExpertGate ? h : 0;
    const double finalNorm = norm * h;
    const double embedding = h * double(a.paddedVocab);
    MegatronShard r;
    r.embeddingLayers = a.untieEmbeddings ? 2 * embedding : embedding;
    const double layerDense = attn + denseMlp + norms;
    const double layerMoe = attn + shared + routed + norms + router + gate;
    const double layerMoeActive = attn + shared + activeRouted + norms + router + gate;
    const double block = layerDense * denseLayers + layerMoe * moeLayers + finalNorm;
    const double blockActive = layerDense * denseLayers + layerMoeActive * moeLayers + finalNorm;
    r.mtpBlock = layerDense * mtpDense + layerMoe * mtpMoe;
    r.total = block + r.mtpBlock + r.embeddingLayers;
    r.active = blockActive + r.mtpBlock + r.embeddingLayers;
    const double etp = double(std::max<std::int64_t>(1, a.etp)), ep = double(std::max<std::int64_t>(1, a.ep));
    const double p = double(a.pp), t = double(a.tp);
    const std::int64_t expertDp = a.worldSize / std::max<std::int64_t>(1, a.etp * a.ep * a.pp); // Python's //
    r.expertDp = double(expertDp);
    const double tpBlock = (attn + denseMlp) * denseLayers + (attn + shared) * moeLayers;
    const double replBlock = norms * denseLayers + (norms + router + gate) * moeLayers + finalNorm;
    const double expBlock = routed * moeLayers;
    const double tpMtp = (attn + denseMlp) * mtpDense + (attn + shared) * mtpMoe;
    const double replMtp = norms * mtpDense + (norms + router + gate) * mtpMoe;
    const double expMtp = routed * mtpMoe;
    r.tpSharded = (tpBlock / p + tpMtp + embedding) / t;
    r.replicated = replBlock / p + replMtp;
    r.expertSharded = (expBlock / p + expMtp) / (etp * ep);
    r.mostLoaded = r.tpSharded + r.replicated + r.expertSharded;
    if (a.untieEmbeddings && a.pp == 1) {
        r.tpSharded += embedding / t;
        r.mostLoaded += embedding / t;
    }
    return r;
}

double megatronMostLoadedShardParams(const MegatronArgs& a) { return megatronShard(a).mostLoaded; }

double megatronWeightAndOptimizerBytes(const MegatronArgs& a)
{
    const MegatronShard r = megatronShard(a);
    auto bpp = [&](double dp) { return a.distributedOptimizer ? 6 + (12 / dp) : 18; };
    return (r.tpSharded + r.replicated) * bpp(double(a.dp)) + r.expertSharded * bpp(r.expertDp);
}

double megatronActivationBytes(const MegatronArgs& a, std::optional<std::int64_t> m, double* outputLayer)
{
    const double s = double(a.seq), b = double(a.microBatch), h = double(a.hidden), p = double(a.pp),
                 t = double(a.tp), L = double(a.layers), V = double(a.paddedVocab);
    double out = 0;
    double act = 0;
    auto pipeline = [&](double x) {
        if (a.vpp)
            x *= 1 + ((p - 1) / (p * double(*a.vpp)));
        if (!a.vpp && a.pp > 1 && m)
            x *= std::min(1.0, double(*m) / p);
        return x;
    };
    if (a.sequenceParallel && a.selectiveRecompute) {
        // compute_activation_memory(): Korthikanti et al. Table 2, SP + selective recompute.
        act = (s * b * h) * (18 + (4 * (double(a.ffn) / h)));
        act *= L;
        act += 8 * s * b * p;
        act += s * b * h * p;
        act = pipeline(act);
        if (a.pp == 1) {
            out = s * b * h * 4 * (1 + (V / h));
            act += out;
        }
        act /= t;
        out /= t;
    } else {
        // compute_activation_memory_without_sp().
        act = s * b * h * (10 + (24 / t));
        act *= L;
        act += 8 * s * b * p;
        act += s * b * h * p;
        act = pipeline(act);
        if (a.pp == 1) {
            out = (s * b * V / t + s * b * h) * 2;
            act += out;
        }
        act *= 1.05;
        out *= 1.05;
    }
    if (outputLayer)
        *outputLayer = out;
    return act;
}

std::string megatronPrinted(const MegatronArgs& a, std::optional<std::int64_t> m)
{
    const double mib = double(kMiB);
    const double wo = megatronWeightAndOptimizerBytes(a) / mib;
    const double act = megatronActivationBytes(a, m) / mib;
    const double total = wo + act;
    const std::string which = (a.sequenceParallel && a.selectiveRecompute) ? "compute_activation_memory with SP"
                                                                          : "compute_activation_memory_without_sp";
    return which + "\n" + "Theoretical memory footprints: weight and optimizer=" + fmt("%.2f", wo)
        + " MB, activation=" + fmt("%.2f", act) + " MB, total=" + fmt("%.2f", total) + " MB\n\n";
}

double korthikantiLayerBytes(KorthikantiRow row, double s, double b, double h, double a, double t)
{
    const double sbh = s * b * h;
    switch (row) {
    case KorthikantiRow::NoParallelism: return sbh * (34 + 5 * a * s / h);
    case KorthikantiRow::TensorParallel: return sbh * (10 + 24 / t + 5 * a * s / (h * t));
    case KorthikantiRow::TensorSequenceParallel: return sbh * (34 / t + 5 * a * s / (h * t));
    case KorthikantiRow::TensorParallelSelective: return sbh * (10 + 24 / t);
    case KorthikantiRow::TensorSequenceParallelSelective: return sbh * (34 / t);
    case KorthikantiRow::FullRecompute: return sbh * 2;
    }
    return 0;
}

const char* korthikantiFormula(KorthikantiRow row)
{
    switch (row) {
    case KorthikantiRow::NoParallelism: return "s b h (34 + 5 a s / h)";
    case KorthikantiRow::TensorParallel: return "s b h (10 + 24/t + 5 a s / (h t))";
    case KorthikantiRow::TensorSequenceParallel: return "s b h (34/t + 5 a s / (h t))";
    case KorthikantiRow::TensorParallelSelective: return "s b h (10 + 24/t)";
    case KorthikantiRow::TensorSequenceParallelSelective: return "s b h (34/t)";
    case KorthikantiRow::FullRecompute: return "2 s b h";
    }
    return "";
}

KorthikantiRow korthikantiRowFor(const Scenario& s)
{
    if (s.checkpointing == Checkpointing::Full)
        return KorthikantiRow::FullRecompute;
    const bool sel = s.checkpointing == Checkpointing::Selective || s.checkpointing == Checkpointing::PerOp;
    if (s.tp == 1 && !sel)
        return KorthikantiRow::NoParallelism;
    if (s.sequenceParallel)
        return sel ? KorthikantiRow::TensorSequenceParallelSelective : KorthikantiRow::TensorSequenceParallel;
    return sel ? KorthikantiRow::TensorParallelSelective : KorthikantiRow::TensorParallel;
}

double zeroPaperBytes(double psi, double nd, int stage, double k)
{
    switch (stage) {
    case 0: return (2 + 2 + k) * psi;
    case 1: return (2 + 2) * psi + k * psi / nd;
    case 2: return 2 * psi + (2 + k) * psi / nd;
    default: return (2 + 2 + k) * psi / nd;
    }
}

std::string zeroPaperFormat(double bytes)
{
    std::string t = fmt("%.1f", bytes / kGB);
    if (t.size() > 2 && t.compare(t.size() - 2, 2, ".0") == 0)
        t.resize(t.size() - 2);
    return t + "GB";
}

std::int64_t accelerateTrainingBytes(std::int64_t fp32Bytes, bool mixedPrecision)
{
    // estimate_training_usage(): model / gradients / optimizer / step, then max() in estimate_command.
    const std::int64_t fp16 = fp32Bytes / 2;
    if (!mixedPrecision)
        return std::max({fp32Bytes, fp32Bytes, fp32Bytes * 2, fp32Bytes * 4});
    return std::max({fp32Bytes, fp32Bytes + fp16, fp32Bytes * 2, fp32Bytes * 2});
}

std::string accelerateConvertBytes(double size)
{
    // utils/other.py convert_bytes(): divide by 1024 until below 1024; f"{round(size, 2)} {unit}".
    const char* units[5] = {"bytes", "KB", "MB", "GB", "TB"};
    const char* unit = "PB";
    for (const char* u : units) {
        if (size < 1024.0) {
            unit = u;
            break;
        }
        size /= 1024.0;
    }
    // round(x, 2) rounds the exact binary value half-to-even, as glibc's %.2f does; repr() then drops
    // trailing zeros but keeps one decimal.
    std::string t = fmt("%.2f", size);
    while (t.size() > 1 && t.back() == '0' && t[t.size() - 2] != '.')
        t.pop_back();
    return t + " " + unit;
}

PeerEstimate computePeer(PeerId p, const Scenario& s, const PeerInputs& in)
{
    validateScenario(s);
    validatePeerInputs(s, in);
    switch (p) {
    case PeerId::DeepSpeedZero2: return deepSpeedZero2(s, in, false);
    case PeerId::DeepSpeedZero2Legacy: return deepSpeedZero2(s, in, true);
    case PeerId::DeepSpeedZero3: return deepSpeedZero3(s, in);
    case PeerId::Megatron: return megatron(s);
    case PeerId::ZeroPaper: return zeroPaper(s);
    case PeerId::Accelerate: return accelerate(s);
    case PeerId::ShardScope: return shardScopeOwn(s);
    }
    return {};
}

std::vector<PeerEstimate> computePeers(const Scenario& s, const PeerInputs& in)
{
    std::vector<PeerEstimate> v;
    for (PeerId p : allPeers())
        v.push_back(computePeer(p, s, in));
    return v;
}

} // namespace shardscope
