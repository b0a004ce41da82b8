// SPDX-License-Identifier: MIT
#include "cli.h"

namespace shardscope::cli {

int benchRedraw(const QStringList&)
{
    err(QStringLiteral("shardscope: bench redraw is not built yet\n"));
    return kExitFailure;
}

} // namespace shardscope::cli
