// SPDX-License-Identifier: MIT
#include "guifills.h"

namespace shardscope::guifills {

std::atomic<bool> onGuiThread {false};
std::atomic<long long> runInPlace {0};

} // namespace shardscope::guifills
