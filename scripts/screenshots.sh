#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 13's screenshot matrix, rendered offscreen with `shardscope screenshot`, for a person to look at:
# 1366x768, 1600x1000 and 1920x1080, light and dark, of
#   default          the default scenario: Memory tab, Step tab, and Memory with "Compare ZeRO stages"
#   405b             Llama 3.1 405B on 8 GPUs, which does not fit: Memory tab
#   tp8pp4           the default model on 64 GPUs at TP 8 x PP 4: Memory and Step tabs
#   ring-rs / ring-ag  the Step tab's one-collective (slow) mode, a reduce-scatter and an all-gather on a ring of 4,
#                    after hops 1, 2 and 3
# and (issue 14) presentation mode at 1920x1080, type at 2x, projector palette: the Memory tab (default, Compare ZeRO
# stages, 405B on 8, TP 8 x PP 4) and the Compare tab (the default scenario pinned as A, B at ZeRO-3): 78 images in all.
# Usage: scripts/screenshots.sh OUT_DIR [SHARDSCOPE_BINARY]   (default build/bin/shardscope; PNGs are not committed)
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 OUT_DIR [SHARDSCOPE_BINARY]" >&2
    exit 2
fi
out=$1
bin=${2:-build/bin/shardscope}
if [[ ! -x $bin ]]; then
    echo "$0: no executable '$bin' (build it: cmake --build --preset dev --target shardscope)" >&2
    exit 2
fi
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen

shot() { # NAME ARGS...
    local name=$1
    shift
    "$bin" screenshot --out "$out/$name.png" "$@" >/dev/null
    echo "$out/$name.png"
}

for size in 1366x768 1600x1000 1920x1080; do
    for theme in light dark; do
        themeArgs=()
        [[ $theme == dark ]] && themeArgs=(--dark)
        tag="$size-$theme"
        shot "$tag-default-memory" --size "$size" "${themeArgs[@]}"
        shot "$tag-default-step" --size "$size" "${themeArgs[@]}" --tab step
        shot "$tag-default-compare-stages" --size "$size" "${themeArgs[@]}" --compare-stages
        shot "$tag-405b-memory" --size "$size" "${themeArgs[@]}" --model llama-3.1-405b --gpus 8
        shot "$tag-tp8pp4-memory" --size "$size" "${themeArgs[@]}" --gpus 64 --tp 8 --pp 4
        shot "$tag-tp8pp4-step" --size "$size" "${themeArgs[@]}" --gpus 64 --tp 8 --pp 4 --tab step
        for hop in 1 2 3; do
            shot "$tag-ring-rs-hop$hop" --size "$size" "${themeArgs[@]}" --ring reduce-scatter --hop "$hop"
            shot "$tag-ring-ag-hop$hop" --size "$size" "${themeArgs[@]}" --ring all-gather --hop "$hop"
        done
    done
done

for what in default compare-stages 405b tp8pp4 compare; do
    case $what in
        default) args=() ;;
        compare-stages) args=(--compare-stages) ;;
        405b) args=(--model llama-3.1-405b --gpus 8) ;;
        tp8pp4) args=(--gpus 64 --tp 8 --pp 4) ;;
        compare) args=(--tab compare --stage 1) ;;
    esac
    shot "present-2x-$what" --present "${args[@]}"
done
