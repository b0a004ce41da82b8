// SPDX-License-Identifier: MIT
#include "cli.h"

namespace shardscope::cli {

int benchAnimation(const QStringList&)
{
    err(QStringLiteral("shardscope: bench animation is not built yet\n"));
    return kExitFailure;
}

} // namespace shardscope::cli
