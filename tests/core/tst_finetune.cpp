// SPDX-License-Identifier: MIT
// Fine-tuning (issue 28): trainable parameter counts of LoRA and DoRA against PEFT, the frozen base's bytes at each
// precision against the QLoRA paper, the model-state terms of the adapters only, and the step FLOPs of a frozen base.
//
// PEFT's counts follow from its LoRA layer (huggingface/peft src/peft/tuners/lora/layer.py, commit
// 003369494699fedd543fe38d16e52df96aeae743, LoraLayer.update_layer: lora_A = nn.Linear(in_features, r, bias=False),
// lora_B = nn.Linear(r, out_features, bias=False); DoRA adds a magnitude vector of out_features, src/peft/tuners/lora/
// dora.py): r x (in + out) per adapted linear, + out with DoRA; print_trainable_parameters() sums them (PEFT 0.10 to
// 0.17 alike). The shapes are the models' Hugging Face configs (architecture.cpp names them); k_proj and v_proj of a
// GQA model are h -> kv_heads x head_dim.
#include "shardscope/architecture.h"
#include "shardscope/errors.h"
#include "shardscope/finetune.h"
#include "shardscope/footprint.h"
#include "shardscope/scenario.h"
#include "shardscope/step.h"
#include "shardscope/validation_memory.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace shardscope;

namespace {

Scenario single(const char* model)
{
    Scenario s;
    s.arch = *findModelPreset(model);
    s.gpus = 1;
    s.gpusPerNode = 1;
    s.zeroStage = 0;
    s.framework = Framework::Single;
    s.seq = 4096;
    s.microBatch = 1;
    return s;
}

/// A file of tests/data/measured, whole; false when it cannot be read.
bool readMeasured(const QString& file, std::string& csv)
{
    QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/") + file);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    csv = f.readAll().toStdString();
    return true;
}
} // namespace

class TestFinetune : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Trainable params per method and target set, by hand from the config and PEFT's layer shapes.
    void trainableCounts_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("targets");
        QTest::addColumn<qint64>("expected");
        // meta-llama/Meta-Llama-3-8B (L 32, h 4096, 32 heads, 8 KV heads of 128, ffn 14336): q 8 x (4096 + 4096),
        // v 8 x (4096 + 1024), x 32 layers = 3,407,872 (PEFT prints "trainable params: 3,407,872").
        QTest::newRow("llama-3-8b r8 q,v") << "llama-3-8b" << "lora" << 8 << "q,v" << qint64(3407872);
        // meta-llama/Llama-2-7b-hf (L 32, h 4096, MHA): 32 x 2 x 8 x 8192 = 4,194,304.
        QTest::newRow("llama-2-7b r8 q,v") << "llama-2-7b" << "lora" << 8 << "q_proj,v_proj" << qint64(4194304);
        // Llama-2-7B r 16, every linear: 32 x 16 x (4 x 8192 + 3 x (4096 + 11008)) = 39,976,960.
        QTest::newRow("llama-2-7b r16 all-linear") << "llama-2-7b" << "lora" << 16 << "all-linear" << qint64(39976960);
        // Llama-3-8B r 16, every linear: 32 x 16 x (2 x 8192 + 2 x 5120 + 3 x 18432) = 41,943,040.
        QTest::newRow("llama-3-8b r16 all-linear") << "llama-3-8b" << "lora" << 16 << "all-linear" << qint64(41943040);
        // QLoRA counts the same adapters (the base's precision changes no count).
        QTest::newRow("llama-3-8b qlora r8 q,v") << "llama-3-8b" << "qlora" << 8 << "q,v" << qint64(3407872);
        // DoRA: + one magnitude per output row of each adapted linear: 32 x (4096 + 1024) = 163,840 more.
        QTest::newRow("llama-3-8b dora r8 q,v") << "llama-3-8b" << "dora" << 8 << "q,v" << qint64(3571712);
        // The output head (lm_head, h -> V = 128256): 8 x (4096 + 128256) = 1,058,816.
        QTest::newRow("llama-3-8b r8 head") << "llama-3-8b" << "lora" << 8 << "lm_head" << qint64(1058816);
        // Llama-2-70B (L 80, h 8192, 64 heads, 8 KV heads of 128, ffn 28672) r 8 q,k,v,o:
        // 80 x 8 x (2 x 16384 + 2 x (8192 + 1024)) = 80 x 8 x 51200 = 32,768,000.
        QTest::newRow("llama-2-70b r8 q,k,v,o") << "llama-2-70b" << "lora" << 8 << "q,k,v,o" << qint64(32768000);
        // Mixtral 8x7B, the experts' MLPs (every expert adapted; per layer 8 experts x 3 x 8 x (4096 + 14336)):
        // 32 x 8 x 3 x 147456 = 113,246,208.
        QTest::newRow("mixtral experts r8 gate,up,down") << "mixtral-8x7b" << "lora" << 8 << "gate,up,down"
                                                         << qint64(113246208);
    }
    void trainableCounts()
    {
        QFETCH(QString, model);
        QFETCH(QString, method);
        QFETCH(int, rank);
        QFETCH(QString, targets);
        QFETCH(qint64, expected);
        Scenario s = single(model.toLatin1().constData());
        s.finetune = *finetuneFromKey(method.toStdString());
        s.loraRank = rank;
        s.loraTargets = *loraTargetsFromKey(targets.toStdString());
        QCOMPARE(qint64(adapterCounts(s, s.arch, 1).total), expected);
        QCOMPARE(qint64(computeFootprint(s).trainableParams), expected);
    }

    // QLoRA (Dettmers et al. 2023), section 3: NF4 at block 64 costs 32/64 = 0.5 bits of constants per parameter, with
    // double quantisation 8/64 + 32/(64 x 256) = 0.127: 4.127 bits; bitsandbytes' block sizes alike.
    void fourBitBits()
    {
        QCOMPARE(fourBitBitsPerParam(64, false), 4.5);
        QCOMPARE(fourBitBitsPerParam(64, true), 4.126953125);
        QVERIFY(qAbs(fourBitBitsPerParam(64, true) - 4.127) < 0.0005);
        QCOMPARE(fourBitBitsPerParam(128, false), 4.25);
    }

    // Llama-2-7B under QLoRA on one GPU, every term of the model states by hand: the 32 layers' linear weights
    // (4 x 4096^2 + 3 x 4096 x 11008 = 202,375,168 each, 6,476,005,376 in all) in NF4 with double quantisation
    // (4.126953125 bits), the embeddings, norms (262,410,240) in 16 bits; adapters (r 8 on q, v: 4,194,304) with the
    // recipe's 2 + 2 + 4 + 8 bytes.
    void qloraModelStates()
    {
        Scenario s = single("llama-2-7b");
        s.finetune = FinetuneMethod::Qlora;
        const Footprint fp = computeFootprint(s);
        const RankFootprint& r = fp.worstRank();
        const std::int64_t frozen = 3340771328LL + 2 * 262410240LL; // 6,476,005,376 x 4.126953125 / 8 + 16-bit rest
        QCOMPARE(r.bytes(Term::Params), frozen + 4194304LL * 2);
        QCOMPARE(r.frozenParamBytes, frozen);
        QCOMPARE(r.adapterParamBytes, 4194304LL * 2);
        QCOMPARE(r.bytes(Term::Master), 4194304LL * 4);
        QCOMPARE(r.bytes(Term::Optimizer), 4194304LL * 8);
        QCOMPARE(r.stepMaxBytes[static_cast<std::size_t>(Term::Grads)], 4194304LL * 2);
        // The largest weight dequantised to 16 bits for its matmul: 4096 x 11008 x 2 B.
        QCOMPARE(r.stepMaxBytes[static_cast<std::size_t>(Term::Fp8Transients)], 4096LL * 11008 * 2);
        // Without double quantisation: 4.5 bits.
        s.doubleQuant = false;
        QCOMPARE(computeFootprint(s).worstRank().frozenParamBytes, 3642753024LL + 2 * 262410240LL);
        // A 16-bit base (LoRA): 2 B per weight.
        s.finetune = FinetuneMethod::Lora;
        QCOMPARE(computeFootprint(s).worstRank().frozenParamBytes, 2 * 6738415616LL);
    }

    // FSDP (ZeRO-3) over 8 GPUs shards the frozen base and the adapters; DDP (ZeRO-0) replicates the base.
    void shardedFrozenBase()
    {
        Scenario s = single("llama-2-7b");
        s.finetune = FinetuneMethod::Lora;
        s.gpus = s.gpusPerNode = 8;
        s.framework = Framework::Fsdp2;
        s.zeroStage = 3;
        const RankFootprint r = computeFootprint(s).worstRank();
        QCOMPARE(r.frozenParamBytes, 2 * 6738415616LL / 8);
        QCOMPARE(r.adapterParamBytes, 4194304LL / 8 * 2);
        QCOMPARE(r.bytes(Term::Optimizer), 4194304LL / 8 * 8);
        s.framework = Framework::Ddp;
        s.zeroStage = 0;
        const RankFootprint d = computeFootprint(s).worstRank();
        QCOMPARE(d.frozenParamBytes, 2 * 6738415616LL);
        QCOMPARE(d.bytes(Term::Optimizer), 4194304LL * 8);
        // DDP buckets copy the adapters' grads only.
        QCOMPARE(d.stepMaxBytes[static_cast<std::size_t>(Term::CommBuckets)], 4194304LL * 2);
    }

    // The step FLOPs of a frozen base, by hand: Llama-2-7B, one GPU, s = b x seq = 4096 tokens, no recompute. A layer's
    // linear weights W = 202,375,168 give lin = 2 x 4096 x W forward and again for the input gradient only (no
    // weight-gradient GEMM); the attention core 4 s^2 q = 4 x 4096 x 4096 x 4096 forward and twice that backward; the
    // adapters (q, v, r 8: 8 x 8192 each) ad = 2 x 4096 x 131072 forward and twice that backward; the head 2 x 4096 x
    // 4096 x 32000 forward and its input gradient. 32 (2 lin + 3 core + 3 ad) + 2 head = 134,741,714,010,112. Full
    // fine-tuning: 32 x 3 (lin + core) + 3 head = 188,763,812,659,200.
    void frozenBaseStepFlops()
    {
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Lora;
        QCOMPARE(computeStep(s).totals.modelFlops, 134741714010112.0);
        s.finetune = FinetuneMethod::Full;
        QCOMPARE(computeStep(s).totals.modelFlops, 188763812659200.0);
    }

    // validate --measured reads fine-tuning rows (tests/data/measured/measured-finetune.csv: torchtune's README
    // tables, each row naming its source): the columns finetune_method, lora_rank, lora_targets and base_precision
    // reach the scenario, and every row is modelled. The medians (seen rows and the rows marked "held out") are
    // printed; docs/validation.md, "Fine-tuning rows", reports them.
    void measuredFinetuneRows()
    {
        QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-finetune.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const MemoryValidation v = validateMeasuredMemory(f.readAll().toStdString());
        QVERIFY2(v.unmodelled.empty(), v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
        QCOMPARE(int(v.rows.size()), 7);
        std::vector<double> seen, held;
        for (const MemoryValidationRow& r : v.rows) {
            QVERIFY2(r.scenario.finetune != FinetuneMethod::Full, r.id.c_str());
            (r.scenario.arch.layers == 126 || r.id == "TTUNE-8B-LORA-A6000" || r.id == "TTUNE-3B-QLORA" ? held : seen)
                .push_back(std::abs(r.error));
            if (r.id == "TTUNE-70B-LORA-8xA100") {
                // recipes/configs/llama3_1/70B_lora.yaml: q, k, v at rank 16 (tst_finetuneconfig: 44,564,480).
                QCOMPARE(loraTargetsKey(r.scenario.loraTargets), std::string("q,k,v"));
                QCOMPARE(computeFootprint(r.scenario).trainableParams, std::int64_t(44564480));
            }
            if (r.id == "TTUNE-8B-QLORA-4090")
                QCOMPARE(basePrecisionInForce(r.scenario), BasePrecision::Nf4);
        }
        auto median = [](std::vector<double> e) {
            std::sort(e.begin(), e.end());
            const std::size_t n = e.size();
            return n % 2 ? e[n / 2] : 0.5 * (e[n / 2 - 1] + e[n / 2]);
        };
        qInfo("fine-tuning rows: median |error| %.1f%% over %zu seen rows, %.1f%% over %zu held out",
              100 * median(seen), seen.size(), 100 * median(held), held.size());
        QCOMPARE(int(seen.size()), 4);
        QCOMPARE(int(held.size()), 3);
    }

    // A quantised base whose matmul saves its input (bitsandbytes up to 0.41): MatMul4Bit.forward kept
    // ctx.tensors = (A, B) whenever A needed a gradient (the 2023 code quoted in bitsandbytes-foundation/bitsandbytes
    // issue #643, whose backward reads "A, B = ctx.tensors"); later releases keep (None, B)
    // (bitsandbytes/autograd/_functions.py at 012c660699ccb92bfa97916f1a18bed0980eae00), as torchao's LinearNF4 keeps only
    // the weight. Llama-2-7B, adapters on q and v only: the frozen MLP's input (h = 4096, 16-bit) and the down
    // projection's input (ffn = 11008) stay stored per token and layer: 2 x 4096 and 2 x 11008 bytes. A 16-bit base
    // (plain nn.Linear, no input saved for a frozen weight) is unchanged.
    void quantisedMatmulSavesInputs()
    {
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Qlora;
        const LayerActivations off = layerActivations(s);
        s.quantSavesInput = true;
        const LayerActivations on = layerActivations(s);
        QCOMPARE(on.perTokenReplicated - off.perTokenReplicated, 2.0 * 4096);
        QCOMPARE(on.perTokenSplit - off.perTokenSplit, 2.0 * 11008);
        QCOMPARE(on.perTokenAdapter, off.perTokenAdapter);
        s.finetune = FinetuneMethod::Lora;
        const LayerActivations bf16On = layerActivations(s);
        s.quantSavesInput = false;
        const LayerActivations bf16Off = layerActivations(s);
        QCOMPARE(bf16On.perTokenReplicated, bf16Off.perTokenReplicated);
        QCOMPARE(bf16On.perTokenSplit, bf16Off.perTokenSplit);
    }

    // LoRA dropout (PEFT src/peft/tuners/lora/layer.py at 003369494699fedd543fe38d16e52df96aeae743, Linear.forward:
    // result + lora_B(lora_A(dropout(x))) * scaling, lora_dropout an nn.Dropout when p > 0): each adapted linear keeps its
    // dropped-out input for lora_A's weight gradient (16-bit) and the dropout's mask (native_dropout's bool, 1 B).
    // q and v of Llama-2-7B take h = 4096 in each: 3 x (4096 + 4096) bytes per token and layer. Every linear: q, k, v,
    // gate, up and o take 4096 in (o's input is the 32 heads x 128), down 11008: 3 x (6 x 4096 + 11008).
    void loraDropoutKeepsInputs()
    {
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Lora;
        const double none = layerActivations(s).perTokenAdapter;
        s.loraDropout = 0.05;
        QCOMPARE(layerActivations(s).perTokenAdapter - none, 3.0 * (4096 + 4096));
        s.loraTargets = *loraTargetsFromKey("all-linear");
        const double all = layerActivations(s).perTokenAdapter;
        s.loraDropout = 0;
        QCOMPARE(all - layerActivations(s).perTokenAdapter, 3.0 * (6 * 4096 + 11008));
    }

    // With LoRA dropout the adapter's A saves its dropped-out copy, not x (PEFT src/peft/tuners/lora/layer.py,
    // Linear.forward at 003369494699fedd543fe38d16e52df96aeae743: lora_B(lora_A(dropout(x))); native_dropout saves its
    // mask only), and the frozen base linear saves no input (PyTorch saves a matmul's input only for its weight's
    // gradient): x is kept by nobody. By hand, Llama-2-7B (h 4096, ffn 11008), 2 B: q, v targets drop the QKV input
    // (2 x 4096 per token and layer); every linear drops the QKV and MLP inputs (2 x 2 x 4096) and the down
    // projection's input (2 x 11008). A 4-bit base whose matmul keeps its input (bitsandbytes before 0.43.2) keeps x.
    void loraDropoutDropsSharedInput()
    {
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Lora;
        const LayerActivations none = layerActivations(s);
        s.loraDropout = 0.1;
        const LayerActivations qv = layerActivations(s);
        QCOMPARE(none.perTokenReplicated - qv.perTokenReplicated, 2.0 * 4096);
        QCOMPARE(qv.perTokenSplit, none.perTokenSplit);
        s.loraTargets = *loraTargetsFromKey("all-linear");
        const LayerActivations all = layerActivations(s);
        s.loraDropout = 0;
        const LayerActivations allNone = layerActivations(s);
        QCOMPARE(allNone.perTokenReplicated - all.perTokenReplicated, 2.0 * 2 * 4096);
        QCOMPARE(allNone.perTokenSplit - all.perTokenSplit, 2.0 * 11008);
        s.finetune = FinetuneMethod::Qlora;
        s.quantSavesInput = true;
        const LayerActivations kept = layerActivations(s);
        s.loraDropout = 0.1;
        QCOMPARE(layerActivations(s).perTokenReplicated, kept.perTokenReplicated);
        QCOMPARE(layerActivations(s).perTokenSplit, kept.perTokenSplit);
    }

    // The fresh rows (tests/data/measured/measured-finetune-fresh.csv, 12 seen; measured-finetune-heldout.csv, every
    // third row, 6 kept aside): Answer.AI's fsdp_qlora benchmarks and LitGPT's resource tables, each naming its config.
    // Every row is modelled; the LitGPT rows name bitsandbytes 0.41.1, so their quantised matmuls keep their inputs;
    // lora_dropout reaches the scenario from its column (train.py 0.1, litgpt finetune/lora.py 0.05). The medians are
    // printed for docs/validation.md.
    void freshFinetuneRows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::newRow("seen") << QStringLiteral("measured-finetune-fresh.csv") << 12;
        QTest::newRow("held out") << QStringLiteral("measured-finetune-heldout.csv") << 6;
    }
    void freshFinetuneRows()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        std::string csv;
        QVERIFY2(readMeasured(file, csv), qPrintable(file));
        const MemoryValidation v = validateMeasuredMemory(csv);
        QVERIFY2(v.unmodelled.empty(), v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
        QCOMPARE(int(v.rows.size()), rows);
        for (const MemoryValidationRow& r : v.rows) {
            QVERIFY2(r.scenario.finetune != FinetuneMethod::Full, r.id.c_str());
            const bool litgpt = r.id.rfind("LG-", 0) == 0;
            QCOMPARE(r.scenario.quantSavesInput, litgpt);
            QCOMPARE(r.scenario.loraDropout, litgpt ? 0.05 : 0.1);
        }
        qInfo("%s: median |error| %.1f%% over %d rows", qPrintable(file), 100 * v.all.medianAbsError, rows);
    }

    // A V that is a view of the fused QKV output (Lightning-AI/litgpt lit_gpt/model.py at
    // 034afacae63c402007efc04d65ffe072dba48b05, CausalSelfAttention.forward: qkv.view(B, T, groups, q_per_kv + 2, hs)
    // .permute(0, 2, 3, 1, 4).split((q_per_kv, 1, 1), dim=2), then reshape; RoPE copies q and k, v stays a view when
    // KV heads = heads). The attention saves v, a view, so the fused output's storage lives to backward: its Q and K
    // parts come on top of what is counted. Llama-2-7B (32 heads x 128 = 4096, 32 KV heads): 2 x (4096 + 4096) bytes
    // per token and layer, by hand. Llama-3-8B (8 KV heads): litgpt expands k and v into copies, nothing more kept.
    void fusedQkvViewKeepsWholeOutput()
    {
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Lora;
        const LayerActivations off = layerActivations(s);
        s.fusedQkvView = true;
        const LayerActivations on = layerActivations(s);
        QCOMPARE(on.perTokenSplit - off.perTokenSplit, 2.0 * (4096 + 4096));
        QCOMPARE(on.perTokenReplicated, off.perTokenReplicated);
        QCOMPARE(on.perTokenAdapter, off.perTokenAdapter);
        // Stored per layer without checkpointing: LitGPT's longest Alpaca sample, 1304 tokens, one sequence.
        s.seq = 1304;
        s.microBatch = 1;
        const double onBytes = layerActivations(s).storedBytes;
        s.fusedQkvView = false;
        QCOMPARE(onBytes - layerActivations(s).storedBytes, 1304.0 * 16384);
        Scenario g = single("llama-3-8b");
        g.checkpointing = Checkpointing::None;
        const double gOff = layerActivations(g).perTokenSplit;
        g.fusedQkvView = true;
        QCOMPARE(layerActivations(g).perTokenSplit, gOff);
    }

    // validate reads it from the rows: the LitGPT rows (eager, lit_gpt/model.py) on, Answer.AI's (transformers'
    // LlamaAttention: separate q_proj, k_proj, v_proj) off; the explicit column wins (fused_qkv_view).
    void fusedQkvViewRead()
    {
        QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-finetune-fresh.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const MemoryValidation v = validateMeasuredMemory(f.readAll().toStdString());
        QCOMPARE(int(v.rows.size()), 12);
        for (const MemoryValidationRow& r : v.rows)
            QCOMPARE(r.scenario.fusedQkvView, r.id.rfind("LG-", 0) == 0);
        QFile m(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-memory.csv"));
        QVERIFY(m.open(QIODevice::ReadOnly));
        const MemoryValidation shipped = validateMeasuredMemory(m.readAll().toStdString());
        for (const MemoryValidationRow& r : shipped.rows)
            QVERIFY2(!r.scenario.fusedQkvView || !r.scenario.compiled, r.id.c_str());
    }

    // A model that returns fp32 logits (huggingface/transformers src/transformers/models/llama/modeling_llama.py at
    // 002272831fba584eb30dca9729c1be456836960a, LlamaForCausalLM.forward: logits = logits.float(), CrossEntropyLoss on
    // logits[..., :-1, :].contiguous(), the fp32 logits returned): at the loss backward the fp32 logits (4 B), the
    // log-softmax saved (4 B), its gradient (4 B) and the gradient of the shifted copy (4 B): 16 B per logit, where
    // 16-bit logits and a PyTorch upcast hold 2 + 3 x 4 = 14 B. Llama-2-7B, 2048 tokens x 32,000 logits, by hand.
    // validate reads it from the Answer.AI rows' notes ("loss on logits.float()"); the LitGPT rows get it from Lightning
    // Fabric's convert_output instead (fabricFp32LogitsRead below), not from their notes.
    void fp32LogitsHeldThroughLoss()
    {
        Scenario s = single("llama-2-7b");
        s.seq = 2048;
        s.finetune = FinetuneMethod::Lora;
        const auto logits = [](const Scenario& x) {
            const Footprint f = computeFootprint(x);
            return f.worstRank().stepMaxBytes[static_cast<std::size_t>(Term::Logits)];
        };
        QCOMPARE(qint64(logits(s)), qint64(2048) * 32000 * 14);
        s.fp32Logits = true;
        QCOMPARE(qint64(logits(s)), qint64(2048) * 32000 * 16);
        QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/measured-finetune-fresh.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const MemoryValidation v = validateMeasuredMemory(f.readAll().toStdString());
        for (const MemoryValidationRow& r : v.rows) {
            const bool fromNotes = std::any_of(r.readings.fromText.begin(), r.readings.fromText.end(), [](const auto& x) {
                return x.knob == "fp32-logits" && x.column == "notes";
            });
            QCOMPARE(fromNotes, r.id.rfind("AA-", 0) == 0);
        }
    }

    // An RMSNorm that upcasts its input (Lightning-AI/litgpt litgpt/model.py at 04205815e8849fe883825e3e858e62749c5d7f4d,
    // RMSNorm.forward: x = x.float(); norm_x = torch.mean(x * x, ...); x_normed = x * torch.rsqrt(norm_x + eps);
    // return (x_normed * weight.float()).to(dtype)): x * x and x * rsqrt save the fp32 copy of x (4 B per element),
    // and the 16-bit input is saved by nothing else (the residual add saves nothing). So each norm keeps 4 B per
    // element where lit_gpt/rmsnorm.py at 3c51a202c6e3a28710abe4d85b04d1a96b981959 (no upcast) kept the 16-bit input,
    // 2 B. Llama-2-7B (h 4096, two norms a layer), by hand: 2 x (4 - 2) x 4096 = 16,384 B more per token and layer with
    // a frozen norm weight (LoRA). With the weight trained (full fine-tuning) x_normed * weight.float() saves the fp32
    // x_normed as well: 2 x (4 + 4 - 2) x 4096 = 49,152 B. A LayerNorm model (GPT-2) is unchanged.
    void rmsNormUpcastKeepsFp32Input()
    {
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Lora;
        const LayerActivations off = layerActivations(s);
        s.normFp32Input = true;
        const LayerActivations on = layerActivations(s);
        QCOMPARE(on.perTokenReplicated - off.perTokenReplicated, 2.0 * 2 * 4096);
        QCOMPARE(on.perTokenSplit, off.perTokenSplit);
        QCOMPARE(on.perTokenAdapter, off.perTokenAdapter);
        s.finetune = FinetuneMethod::Full;
        const double fullOn = layerActivations(s).perTokenReplicated;
        s.normFp32Input = false;
        QCOMPARE(fullOn - layerActivations(s).perTokenReplicated, 2.0 * 6 * 4096);
        Scenario g = single("gpt2");
        g.checkpointing = Checkpointing::None;
        const double gOff = layerActivations(g).perTokenReplicated;
        g.normFp32Input = true;
        QCOMPARE(layerActivations(g).perTokenReplicated, gOff);
    }

    // validate reads it from rows of the litgpt package's config hub (source naming litgpt and config_hub, eager): the
    // round-4 LitGPT rows on, their Answer.AI rows (transformers' LlamaRMSNorm) off; the round-2 LitGPT rows (lit_gpt of
    // 2023-10, whose rmsnorm.py is not pinned) off; no shipped row is read.
    void normFp32InputRead()
    {
        for (const char* file : {"measured-finetune-round4.csv", "measured-finetune-fresh.csv", "measured-memory.csv"}) {
            QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/tests/data/measured/") + QString::fromLatin1(file));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const MemoryValidation v = validateMeasuredMemory(f.readAll().toStdString());
            QVERIFY(!v.rows.empty());
            for (const MemoryValidationRow& r : v.rows)
                QCOMPARE(r.scenario.normFp32Input, r.id.rfind("LGH-", 0) == 0);
        }
    }

    // Round 4 (tests/data/measured/measured-finetune-round4.csv, 8 seen; measured-finetune-round4-heldout.csv, every
    // third row, 4 kept aside): LitGPT's config_hub/finetune/README.md table (commit
    // 03ffc5515b251fb7e3a461efd0e3c163e45b6b3b, one A10G, peak allocated) with each row's config, and Answer.AI's two
    // peak-allocated figures (benchmarks_03_2024.md at 23fafdfb4af403d0808038adafbfd74de265d33a). Every row is modelled,
    // each reads its measure from measured_kind (allocated here); the medians are printed for docs/validation.md.
    void round4FinetuneRows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::newRow("seen") << QStringLiteral("measured-finetune-round4.csv") << 8;
        QTest::newRow("held out") << QStringLiteral("measured-finetune-round4-heldout.csv") << 4;
    }
    void round4FinetuneRows()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        std::string csv;
        QVERIFY2(readMeasured(file, csv), qPrintable(file));
        const MemoryValidation v = validateMeasuredMemory(csv);
        QVERIFY2(v.unmodelled.empty(), v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
        QCOMPARE(int(v.rows.size()), rows);
        for (const MemoryValidationRow& r : v.rows) {
            QVERIFY2(r.scenario.finetune != FinetuneMethod::Full, r.id.c_str());
            QCOMPARE(r.kind, std::string("peak_allocated"));
            QCOMPARE(r.scenario.loraDropout, r.id.rfind("LGH-", 0) == 0 ? 0.05 : 0.1);
        }
        qInfo("%s: median |error| %.1f%% over %d rows", qPrintable(file), 100 * v.all.medianAbsError, rows);
    }

    // Round 5 (tests/data/measured/measured-finetune-round5.csv, 6 seen; measured-finetune-round5-heldout.csv, every
    // third row, 3 kept aside): Lightning-AI/litgpt config_hub/finetune/README.md (commits
    // 03ffc5515b251fb7e3a461efd0e3c163e45b6b3b and 3ba6da4012fa880294ae4557cc16e5182591a73d: Gemma 2B LoRA and QLoRA,
    // Gemma 7B QLoRA, TinyLlama and Llama 2 7B full) and tutorials/resource-tables.md at
    // 4839345a97a0a90bc5f2361664b04d665c9a0e89 (Llama 2 7B and 13B LoRA under FSDP on 2 and 4 A100), all
    // torch.cuda.max_memory_allocated(). Every row is modelled: the Gemma rows as a gemma block (GeGLU, RMSNorm, tied
    // head) whose parameter count is the checkpoint's exactly, Gemma 7B with its 256-wide heads (head_dim column; 16 x
    // 256 = 4096 on a 3072 residual). Gemma 2B by hand: 256000 x 2048 embedding (tied) + 18 x (2048 x 2048 q + 2 x 2048
    // x 256 k, v + 2048 x 2048 o + 3 x 2048 x 16384 MLP + 2 x 2048 norms) + 2048 = 2,506,172,416; Gemma 7B: 256000 x
    // 3072 + 28 x (4 x 3072 x 4096 + 3 x 3072 x 24576 + 2 x 3072) + 3072 = 8,537,680,896 (google/gemma-2b and
    // gemma-7b config.json; transformers' GemmaForCausalLM ties lm_head). The medians are printed for
    // docs/validation.md.
    void round5FinetuneRows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::newRow("seen") << QStringLiteral("measured-finetune-round5.csv") << 6;
        QTest::newRow("held out") << QStringLiteral("measured-finetune-round5-heldout.csv") << 3;
    }
    void round5FinetuneRows()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        std::string csv;
        QVERIFY2(readMeasured(file, csv), qPrintable(file));
        const MemoryValidation v = validateMeasuredMemory(csv);
        QVERIFY2(v.unmodelled.empty(), v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
        QCOMPARE(int(v.rows.size()), rows);
        for (const MemoryValidationRow& r : v.rows) {
            QCOMPARE(r.kind, std::string("peak_allocated"));
            QVERIFY2(r.scenario.fp32Logits, r.id.c_str());
            if (r.id.find("GEMMA") != std::string::npos) {
                const Architecture& a = r.scenario.arch;
                // litgpt unties the head (litgptUntiesTheHead): the checkpoint's count plus vocab x hidden.
                QVERIFY(a.gatedMlp && !a.tiedEmbeddings && !a.qkvBias);
                const bool seven = r.id.find("GEMMA7B") != std::string::npos;
                QCOMPARE(a.headDim, std::int64_t(256));
                QCOMPARE(countParams(a).total,
                         std::int64_t(seven ? 8537680896LL + 256000LL * 3072 : 2506172416LL + 256000LL * 2048));
                QVERIFY(!r.scenario.bareParams);
            }
        }
        qInfo("%s: median |error| %.1f%% over %d rows", qPrintable(file), 100 * v.all.medianAbsError, rows);
    }

    // litgpt never ties the head to the embedding: GPT.__init__ builds lm_head as its own nn.Linear beside
    // transformer.wte (Lightning-AI/litgpt litgpt/model.py at 981d0418516b34354e426feb547fe5830e620a84) and the
    // converter copies the embedding into a missing lm_head.weight (litgpt/scripts/convert_hf_checkpoint.py at
    // ce547e0bcd7f8266c0684bc0e8988649ae9762af). Gemma 2B's row (the checkpoint's tied 2,506,172,416) is read untied
    // with 256,000 x 2,048 = 524,288,000 more parameters; the same row naming no litgpt stays tied, one head fewer, and
    // predicts 256000 x 2048 x 2 B less (the frozen bf16 head; LoRA on it is counted either way).
    void litgptUntiesTheHead()
    {
        std::string csv;
        QVERIFY(readMeasured(QStringLiteral("measured-finetune-round5.csv"), csv));
        std::istringstream in(csv);
        std::string header, line, gemma;
        std::getline(in, header);
        while (std::getline(in, line))
            if (line.rfind("R5-LGH-GEMMA2B-LORA,", 0) == 0)
                gemma = line;
        QVERIFY(!gemma.empty());
        const MemoryValidation lit = validateMeasuredMemory(header + "\n" + gemma + "\n");
        QCOMPARE(int(lit.rows.size()), 1);
        QVERIFY(!lit.rows[0].scenario.arch.tiedEmbeddings);
        QCOMPARE(countParams(lit.rows[0].scenario.arch).total, std::int64_t(2506172416LL + 524288000LL));
        QVERIFY(!lit.rows[0].scenario.bareParams);
        // The same run under another name: every litgpt spelling replaced.
        std::string other = gemma;
        for (const std::string from : {"Lightning-AI/litgpt", "litgpt", "LitGPT", "lit-gpt", "lit_gpt"})
            for (std::size_t at = other.find(from); at != std::string::npos; at = other.find(from, at))
                other.replace(at, from.size(), "somelib");
        const MemoryValidation tied = validateMeasuredMemory(header + "\n" + other + "\n");
        QCOMPARE(int(tied.rows.size()), 1);
        QVERIFY(tied.rows[0].scenario.arch.tiedEmbeddings);
        QCOMPARE(countParams(tied.rows[0].scenario.arch).total, std::int64_t(2506172416LL));
        Scenario untiedAsTied = lit.rows[0].scenario;
        untiedAsTied.arch.tiedEmbeddings = true;
        QCOMPARE(computeFootprint(lit.rows[0].scenario).worstRank().peakAllocatedBytes
                     - computeFootprint(untiedAsTied).worstRank().peakAllocatedBytes,
                 std::int64_t(524288000LL * 2));
    }

    // Round 6 (tests/data/measured/measured-finetune-round6.csv, 2 seen; measured-finetune-round6-heldout.csv, every
    // third row, 1 kept aside), gathered before any error was printed: Lightning-AI/litgpt config_hub/finetune/README.md
    // at 3ba6da4012fa880294ae4557cc16e5182591a73d (Gemma 2B QLoRA, the 11.51 GB run) and at
    // 03ffc5515b251fb7e3a461efd0e3c163e45b6b3b (Gemma 2B full fine-tuning on 4 A10G; Phi-3 full fine-tuning on one),
    // the full rows' accumulation from gemma-2b/full.yaml and phi-3/full.yaml at 0fe99f85626a9846081750d8cbe7c18b69712f28
    // (16 / (4 x 1) = 4; 8 / 4 = 2). Every row is modelled; the QLoRA row keeps the previous step's 4-bit inputs, the
    // Gemma full row accumulates FSDP1's unsharded grads under no_sync. The medians are printed for docs/validation.md.
    void round6FinetuneRows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::newRow("seen") << QStringLiteral("measured-finetune-round6.csv") << 2;
        QTest::newRow("held out") << QStringLiteral("measured-finetune-round6-heldout.csv") << 1;
    }
    void round6FinetuneRows()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        std::string csv;
        QVERIFY2(readMeasured(file, csv), qPrintable(file));
        const MemoryValidation v = validateMeasuredMemory(csv);
        QVERIFY2(v.unmodelled.empty(), v.unmodelled.empty() ? "" : v.unmodelled.front().reason.c_str());
        QCOMPARE(int(v.rows.size()), rows);
        for (const MemoryValidationRow& r : v.rows) {
            QCOMPARE(r.kind, std::string("peak_allocated"));
            QVERIFY2(r.scenario.fp32Logits, r.id.c_str());
            if (r.id == "R6-LGH-GEMMA2B-QLORA-3BA6")
                QVERIFY(r.scenario.quantSavesInput && r.scenario.quantInputsOutliveStep);
            if (r.id == "R6-LGH-GEMMA2B-FULL-4xA10G") {
                QCOMPARE(qint64(r.scenario.gradAccum), qint64(4));
                QVERIFY(r.scenario.fsdpNoSyncFullGrads);
            }
            if (r.id == "R6-LGH-P3-FULL") {
                QCOMPARE(qint64(r.scenario.gradAccum), qint64(2));
                QVERIFY(!r.scenario.fsdpNoSyncFullGrads);
            }
        }
        qInfo("%s: median |error| %.1f%% over %d rows", qPrintable(file), 100 * v.all.medianAbsError, rows);
    }

    // Lightning Fabric returns a set-up module's output in the default dtype: _FabricModule.forward returns
    // precision.convert_output(output) (Lightning-AI/pytorch-lightning src/lightning/fabric/wrappers.py at
    // 230b71f15d0df500b113e066174113ebc28316be), which the half-precision and bitsandbytes plugins cast to
    // torch.get_default_dtype(), fp32 (plugins/precision/half.py at 48d25e364f7bf2f713c89af5556cdabf2f03b0ea,
    // bitsandbytes.py at 003e3070e7b6ed6e80ad449c88ebcbde0894c010). validate reads it for rows of a litgpt finetune script:
    // every LitGPT row of the fine-tuning files (ids LG-, LGH-, R5-LG) on, the torchtune rows off, the Answer.AI rows on
    // only through their stated logits.float(), and no shipped pre-training row.
    void fabricFp32LogitsRead()
    {
        for (const char* file : {"measured-finetune.csv", "measured-finetune-fresh.csv", "measured-finetune-round4.csv",
                                 "measured-finetune-round5.csv", "measured-memory.csv"}) {
            std::string csv;
            QVERIFY(readMeasured(QString::fromLatin1(file), csv));
            const MemoryValidation v = validateMeasuredMemory(csv);
            QVERIFY(!v.rows.empty());
            for (const MemoryValidationRow& r : v.rows) {
                const bool litgpt = r.id.rfind("LG", 0) == 0 || r.id.rfind("R5-LG", 0) == 0;
                const bool answerAi = r.id.rfind("AA-", 0) == 0;
                QVERIFY2(r.scenario.fp32Logits == (litgpt || answerAi), r.id.c_str());
                const bool fabric = std::any_of(r.readings.fromText.begin(), r.readings.fromText.end(), [](const auto& x) {
                    return x.knob == "fp32-logits" && x.column == "source+notes";
                });
                QVERIFY2(fabric == litgpt, r.id.c_str());
            }
        }
    }

    // FSDP1's no_sync under gradient accumulation (Scenario::fsdpNoSyncFullGrads; torch 2.1
    // torch/distributed/fsdp/fully_sharded_data_parallel.py no_sync: "will accumulate the full model gradients (instead
    // of gradient shards) until the eventual sync"; PyTorch FSDP docs: with use_orig_params=True a unit mixing frozen
    // and trainable parameters holds gradient memory "equivalent to not freezing those parameters"; Lightning Fabric's
    // FSDPStrategy sets use_orig_params=True, src/lightning/fabric/strategies/fsdp.py at
    // 00608a3818370391bd585960fa6cce18d21617b2). Hand count (docs/validation.md, round 5), bf16 grads, 2 B: Llama 2 7B,
    // LoRA r 8 on q, v, FSDP over 2 GPUs, each Block one unit: 32 Blocks of 202,383,360 (4 x 4096^2 + 3 x 4096 x 11008
    // + 2 norms of 4096) plus 4,194,304 adapter params = 6,480,461,824 params, 12,960,923,648 B (12.07 GiB) per rank;
    // the root unit (embedding, final norm, head) holds no adapter and gets none. Llama 2 13B over 4 GPUs: 40 x
    // 317,204,480 + 6,553,600 = 12,694,732,800 params, 25,389,465,600 B (23.65 GiB). Without accumulation (no no_sync)
    // or with the knob off: one unit's grads at a time.
    void fsdpNoSyncFullGrads()
    {
        const auto unsharded = [](const Scenario& x) {
            return qint64(computeFootprint(x).worstRank().stepMaxBytes[static_cast<std::size_t>(Term::Zero3UnshardedGrads)]);
        };
        const auto peak = [](const Scenario& x) { return qint64(computeFootprint(x).worstRank().peakAllocatedBytes); };
        for (const auto& [model, gpus, elems] : {std::tuple {"llama-2-7b", 2, 6480461824LL},
                                                 std::tuple {"llama-2-13b", 4, 12694732800LL}}) {
            Scenario s = single(model);
            s.finetune = FinetuneMethod::Lora;
            s.loraRank = 8;
            s.loraTargets = *loraTargetsFromKey("q,v");
            s.recipe = resolveRecipe("custom:2,2,0,4");
            s.gpus = s.gpusPerNode = gpus;
            s.framework = Framework::Fsdp2;
            s.zeroStage = 3;
            s.seq = 1304;
            s.gradAccum = 128;
            const qint64 offBytes = unsharded(s);
            const qint64 offPeak = peak(s);
            s.fsdpNoSyncFullGrads = true;
            QCOMPARE(unsharded(s), elems * 2);
            QVERIFY(peak(s) - offPeak >= elems * 2 - offBytes);
            s.gradAccum = 1;
            QCOMPARE(unsharded(s), offBytes);
        }
    }

    // validate reads it for a litgpt finetune script under FSDP with accumulation (lit-gpt finetune/lora.py at
    // b96a57082c18fd55fabdbb7b75dba1b26c83009e: batch_size = 128, gradient_accumulation_iters = 128 //
    // micro_batch_size): round 5's multi-GPU rows (ids R5-LG-*GPU*) on, every other row of the fine-tuning files and
    // every shipped pre-training row off.
    void fsdpNoSyncFullGradsRead()
    {
        for (const char* file : {"measured-finetune.csv", "measured-finetune-fresh.csv", "measured-finetune-round4.csv",
                                 "measured-finetune-round5.csv", "measured-memory.csv"}) {
            std::string csv;
            QVERIFY(readMeasured(QString::fromLatin1(file), csv));
            const MemoryValidation v = validateMeasuredMemory(csv);
            QVERIFY(!v.rows.empty());
            for (const MemoryValidationRow& r : v.rows) {
                const bool fsdpLitgpt = r.id.rfind("R5-LG-", 0) == 0 && r.id.find("GPU") != std::string::npos;
                QVERIFY2(r.scenario.fsdpNoSyncFullGrads == fsdpLitgpt, r.id.c_str());
                if (fsdpLitgpt)
                    QCOMPARE(qint64(r.scenario.gradAccum), qint64(128 / r.scenario.microBatch));
            }
        }
    }

    // The previous step's 4-bit matmul inputs (Scenario::quantInputsOutliveStep): bitsandbytes up to 0.43.1 keeps A
    // as a ctx attribute (MatMul4Bit.forward: ctx.tensors = (A, B); bitsandbytes-foundation/bitsandbytes pull request
    // #1270 dropped it, released in 0.43.2), which the autograd engine does not free after backward
    // (torch.autograd.function.FunctionCtx.save_for_backward: tensors saved "as opposed to directly on ctx ... to prevent
    // ... memory leaks"), and litgpt's fit() keeps `logits` bound until the next forward returns (Lightning-AI/litgpt
    // litgpt/finetune/lora.py at c16c72c04ce0774d23f08506dfd369c612f2d52f). Hand count, Llama 2 7B QLoRA on one GPU,
    // micro-batch 2 of 512 tokens, no checkpointing: 1,024 tokens x 32 layers x 2 B x (4096 QKV input + 4096 out
    // projection input + 4096 MLP input + 11008 down projection input) = 1,526,726,656 B more activations. Nothing
    // with checkpointing, a 16-bit base, or without quant-saves-input.
    void quantInputsOutliveStep()
    {
        const auto acts = [](const Scenario& x) {
            return qint64(computeFootprint(x).worstRank().stepMaxBytes[static_cast<std::size_t>(Term::Activations)]);
        };
        Scenario s = single("llama-2-7b");
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Qlora;
        s.loraRank = 32;
        s.loraTargets = *loraTargetsFromKey("q,v");
        s.seq = 512;
        s.microBatch = 2;
        s.quantSavesInput = true;
        const qint64 off = acts(s);
        s.quantInputsOutliveStep = true;
        QCOMPARE(acts(s) - off, qint64(1526726656LL));
        s.quantSavesInput = false;
        QCOMPARE(acts(s), acts([&] { Scenario x = s; x.quantInputsOutliveStep = false; return x; }()));
        s.quantSavesInput = true;
        s.checkpointing = Checkpointing::Full;
        const qint64 fullOn = acts(s);
        s.quantInputsOutliveStep = false;
        QCOMPARE(acts(s), fullOn);
        s.checkpointing = Checkpointing::None;
        s.finetune = FinetuneMethod::Lora;
        s.quantInputsOutliveStep = true;
        const qint64 loraOn = acts(s);
        s.quantInputsOutliveStep = false;
        QCOMPARE(acts(s), loraOn);
    }

    // validate reads quant-saves-input from a named bitsandbytes release before 0.43.2, assumes it for litgpt config hub
    // QLoRA rows (litgpt's finetune scripts: "LitGPT only supports bitsandbytes v0.42.0"), and reads
    // quant-inputs-outlive-step for those config hub rows only: the lit-gpt rows of 2023 (LG-, R5-LG-) keep their inputs but
    // are measured at the one longest sample, forced first; no Answer.AI, torchtune or pre-training row reads either.
    void quantInputsOutliveStepRead()
    {
        for (const char* file : {"measured-finetune.csv", "measured-finetune-fresh.csv", "measured-finetune-heldout.csv",
                                 "measured-finetune-round4.csv", "measured-finetune-round4-heldout.csv",
                                 "measured-finetune-round5.csv", "measured-finetune-round5-heldout.csv",
                                 "measured-finetune-round6.csv", "measured-finetune-round6-heldout.csv",
                                 "measured-memory.csv"}) {
            std::string csv;
            QVERIFY(readMeasured(QString::fromLatin1(file), csv));
            const MemoryValidation v = validateMeasuredMemory(csv);
            QVERIFY(!v.rows.empty());
            for (const MemoryValidationRow& r : v.rows) {
                const bool qlora = r.scenario.finetune == FinetuneMethod::Qlora;
                const bool hub = r.id.rfind("LGH-", 0) == 0 || r.id.rfind("R5-LGH-", 0) == 0
                    || r.id.rfind("R6-LGH-", 0) == 0;
                const bool lg2023 = r.id.rfind("LG-", 0) == 0 || r.id.rfind("R5-LG-", 0) == 0; // bitsandbytes 0.41.1
                QVERIFY2(r.scenario.quantInputsOutliveStep == (hub && qlora), r.id.c_str());
                QVERIFY2(r.scenario.quantSavesInput == ((hub && qlora) || lg2023), r.id.c_str());
            }
        }
        // The release named: before 0.43.2 on, from 0.43.2 (or 0.43 without its patch number) off.
        std::string csv;
        QVERIFY(readMeasured(QStringLiteral("measured-finetune-fresh.csv"), csv));
        const std::size_t header = csv.find('\n');
        const std::size_t at = csv.find("\nLG-7B-QLORA-NF4DQ,");
        QVERIFY(at != std::string::npos);
        const std::string row = csv.substr(at + 1, csv.find('\n', at + 1) - at - 1);
        for (const auto& [release, on] : {std::pair {"bitsandbytes 0.43.1", true}, std::pair {"bitsandbytes v0.42.0", true},
                                          std::pair {"bitsandbytes 0.43.2", false}, std::pair {"bitsandbytes 0.43", false},
                                          std::pair {"bitsandbytes 0.44.1", false}}) {
            std::string r = row;
            const std::size_t b = r.find("bitsandbytes 0.41.1");
            QVERIFY(b != std::string::npos);
            r.replace(b, std::strlen("bitsandbytes 0.41.1"), release);
            const MemoryValidation v = validateMeasuredMemory(csv.substr(0, header + 1) + r + "\n");
            QCOMPARE(int(v.rows.size()), 1);
            QVERIFY2(v.rows.front().scenario.quantSavesInput == on, release);
            QVERIFY(!v.rows.front().scenario.quantInputsOutliveStep);
        }
    }

    // The keys: canonical order, PEFT and torchtune names, refusals.
    void targetKeys()
    {
        QCOMPARE(loraTargetsKey(*loraTargetsFromKey("v_proj,q_proj")), std::string("q,v"));
        QCOMPARE(loraTargetsKey(*loraTargetsFromKey("q,k,v,o,gate,up,down")), std::string("q,k,v,o,gate,up,down"));
        QCOMPARE(loraTargetsKey(*loraTargetsFromKey("all-linear,head")), std::string("all-linear,head"));
        QCOMPARE(loraTargetsKey(*loraTargetsFromKey("q_proj, v_proj, output_proj, w1, w2, w3")),
                 std::string("q,v,o,gate,up,down"));
        QVERIFY(!loraTargetsFromKey("qq"));
        QVERIFY(!loraTargetsFromKey(""));
        Scenario s = single("llama-2-7b");
        s.finetune = FinetuneMethod::Qlora;
        s.basePrecision = BasePrecision::Bf16;
        try {
            validateScenario(s);
            QFAIL("QLoRA on a 16-bit base was taken");
        } catch (const InvalidInput& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("base-precision"));
        }
    }
};

QTEST_APPLESS_MAIN(TestFinetune)
#include "tst_finetune.moc"
