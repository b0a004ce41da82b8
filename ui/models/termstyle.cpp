// SPDX-License-Identifier: MIT
#include "termstyle.h"

#include <QCoreApplication>

#include <cstring>

namespace shardscope {

QString termLabel(Term t)
{
    // The legend's words, translated (docs/tours.md, Languages); core's termKey() stays the machine name.
    const char* text = nullptr;
    switch (t) {
    case Term::Params: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Parameters"); break;
    case Term::Grads: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Gradients"); break;
    case Term::Master: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "fp32 master weights"); break;
    case Term::Optimizer: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Optimizer states"); break;
    case Term::Activations: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Activations"); break;
    case Term::Logits: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Logits"); break;
    case Term::Zero3GatheredParams: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "ZeRO-3 gathered params"); break;
    case Term::Zero3UnshardedGrads: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "ZeRO-3 unsharded grads"); break;
    case Term::CommBuckets: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Comm. buckets"); break;
    case Term::Fp8Transients: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "fp8 transients"); break;
    case Term::CudaContext: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "CUDA context"); break;
    case Term::Fragmentation: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Fragmentation"); break;
    }
    return text ? QCoreApplication::translate("shardscope::TermStyle", text) : QString::fromLatin1(termKey(t));
}

QString termDescriptionText(Term t)
{
    // core's termDescription() in the interface language: the same sentences, translated in the .ts files.
    const char* text = nullptr;
    switch (t) {
    case Term::Params: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "The model's weights held by this GPU, in the recipe's weight precision."); break;
    case Term::Grads: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Gradients of this GPU's parameters, in the recipe's gradient precision."); break;
    case Term::Master: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "The fp32 master copy of the weights that mixed-precision optimizers update."); break;
    case Term::Optimizer: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Optimizer states, e.g. Adam's first and second moments."); break;
    case Term::Activations: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Layer outputs saved in the forward pass for the backward pass, for every micro-batch in flight."); break;
    case Term::Logits: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "The output logits and the fp32 copy the loss is computed on (last stage)."); break;
    case Term::Zero3GatheredParams: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "ZeRO-3/FSDP: full 16-bit weights of the block in use and the prefetched next one."); break;
    case Term::Zero3UnshardedGrads: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "ZeRO-3/FSDP: a block's full gradients in backward before the reduce-scatter shards them."); break;
    case Term::CommBuckets: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Communication buckets: DDP's gradient copies or ZeRO's reduce/all-gather buckets."); break;
    case Term::Fp8Transients: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "fp8 recipes: fp8 copies of a layer's weights and saved fp8 GEMM inputs."); break;
    case Term::CudaContext: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers."); break;
    case Term::Fragmentation: text = QT_TRANSLATE_NOOP("shardscope::TermStyle", "Memory the caching allocator holds but cannot use (a fraction of the rest)."); break;
    }
    // A sentence core changed after the translation was written falls back to core's own English text.
    if (!text || std::strcmp(text, termDescription(t)) != 0)
        return QString::fromUtf8(termDescription(t));
    return QCoreApplication::translate("shardscope::TermStyle", text);
}

QColor termColor(Term t)
{
    switch (t) {
    case Term::Params: return QColor(0x33, 0x22, 0x88); // Tol muted indigo
    case Term::Grads: return QColor(0x88, 0xCC, 0xEE); // cyan
    case Term::Master: return QColor(0x44, 0xAA, 0x99); // teal
    case Term::Optimizer: return QColor(0x11, 0x77, 0x33); // green
    case Term::Activations: return QColor(0xDD, 0xCC, 0x77); // sand
    case Term::Logits: return QColor(0x99, 0x99, 0x33); // olive
    case Term::Zero3GatheredParams: return QColor(0xCC, 0x66, 0x77); // rose
    case Term::Zero3UnshardedGrads: return QColor(0x88, 0x22, 0x55); // wine
    case Term::CommBuckets: return QColor(0xAA, 0x44, 0x99); // purple
    case Term::Fp8Transients: return QColor(0xE6, 0x9F, 0x00); // Okabe-Ito orange
    case Term::CudaContext: return QColor(0x77, 0x77, 0x77); // dark grey
    case Term::Fragmentation: return QColor(0xBB, 0xBB, 0xBB); // pale grey
    }
    return QColor(Qt::gray);
}

QColor stageColor(int stage)
{
    switch (stage) {
    case 0: return QColor(0xE6, 0x9F, 0x00);
    case 1: return QColor(0x56, 0xB4, 0xE9);
    case 2: return QColor(0x00, 0x9E, 0x73);
    default: return QColor(0x00, 0x72, 0xB2);
    }
}

} // namespace shardscope
