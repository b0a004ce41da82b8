// SPDX-License-Identifier: MIT
#include "cli.h"

namespace shardscope::cli {

const std::vector<Command>& commands()
{
    // One line per subcommand; each lives in its own cmd_<name>.cpp.
    static const std::vector<Command> c = {
        {"estimate", "Per-GPU memory of one scenario, by term and rank", false, &runEstimate},
        {"sweep", "Per-GPU memory vs N for ZeRO stages", false, &runSweep},
        {"min-gpus", "Smallest N that fits, per ZeRO stage", false, &runMinGpus},
        {"step", "One training step: compute, collectives, bubble, step time, memory over time", false, &runStep},
        {"export", "Charts (png, svg, pdf) and their data (csv, json, md) for design docs; --bundle DIR", true, &runExport},
        {"convert", "The scenario as a DeepSpeed, FSDP or Megatron config, or a scenario file", false, &runConvert},
        {"screenshot", "Render the explorer window offscreen to a PNG (1600 x 1000)", true, &runScreenshot},
        {"bench", "Speed figures: bench redraw | bench animation", true, &runBench},
        {"tour", "Guided tours: tour --list | tour --check NAME|FILE (validates headless, prints the steps)", false, &runTour},
    };
    return c;
}

} // namespace shardscope::cli
