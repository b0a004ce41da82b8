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
        {"validate", "The model against published measurements: --measured FILE.csv (memory) | --steps FILE.csv (step time) [--chart OUT.svg|png]", true, &runValidate},
        {"peers", "DeepSpeed's, Megatron's, the ZeRO paper's and accelerate's estimates beside ours, with reasons", false, &runPeers},
        {"bench", "Speed figures: bench redraw | bench animation | bench train-demo | bench limits", true, &runBench},
        {"train-demo", "Train a small MLP for real with DDP / ZeRO-1/2/3 over N ranks; measured vs predicted bytes", false, &runTrainDemo},
        {"tour", "Guided tours: tour --list | tour --check NAME|FILE (validates headless) | tour --export NAME|FILE --out DIR (handouts)", true, &runTour},
        {"plan", "Every parallel layout that fits, best first: plan --global-batch B [--search KNOBS] --top K", false, &runPlan},
    };
    return c;
}

} // namespace shardscope::cli
