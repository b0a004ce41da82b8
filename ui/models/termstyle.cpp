// SPDX-License-Identifier: MIT
#include "termstyle.h"

namespace shardscope {

QString termLabel(Term t)
{
    switch (t) {
    case Term::Params: return QStringLiteral("Parameters");
    case Term::Grads: return QStringLiteral("Gradients");
    case Term::Master: return QStringLiteral("fp32 master weights");
    case Term::Optimizer: return QStringLiteral("Optimizer states");
    case Term::Activations: return QStringLiteral("Activations");
    case Term::Logits: return QStringLiteral("Logits");
    case Term::Zero3GatheredParams: return QStringLiteral("ZeRO-3 gathered params");
    case Term::Zero3UnshardedGrads: return QStringLiteral("ZeRO-3 unsharded grads");
    case Term::CommBuckets: return QStringLiteral("Comm. buckets");
    case Term::Fp8Transients: return QStringLiteral("fp8 transients");
    case Term::CudaContext: return QStringLiteral("CUDA context");
    case Term::Fragmentation: return QStringLiteral("Fragmentation");
    }
    return QString::fromLatin1(termKey(t));
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
