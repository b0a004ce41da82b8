#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/lint.sh [FILE...]: clang-tidy-14 (checks in .clang-tidy) and clazy (Qt checks: level 0, level 1,
# container-inside-loop and function-args-by-ref; not non-pod-global-static) over our sources in core/, ui/ and app/, using build/compile_commands.json (configured
# with the dev preset when missing). Installs clang-tidy-14 and clazy when missing. Exit 1 if either
# reports anything; prints one line per finding.
# SHARDSCOPE_LINT_JOBS: files linted at once (default 2; CI gives nproc). The file list is whatever git
# tracks under core/, ui/ and app/ when it runs, so new files are linted without editing this script.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
need=()
command -v clang-tidy-14 >/dev/null || need+=(clang-tidy-14)
command -v clazy-standalone >/dev/null || need+=(clazy)
if ((${#need[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
build=${SHARDSCOPE_LINT_BUILD:-build}
if [[ ! -f $build/compile_commands.json ]]; then
  cmake --preset dev >/dev/null
fi
# Generated sources (moc) must exist for the translation units that include them.
cmake --build "$build" --target shardscope >/dev/null

if (($#)); then files=("$@"); else mapfile -t files < <(git ls-files 'core/*.cpp' 'ui/*.cpp' 'app/*.cpp'); fi
jobs=${SHARDSCOPE_LINT_JOBS:-2}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

echo "== clang-tidy-14 on ${#files[@]} files"
printf '%s\n' "${files[@]}" | xargs -P "$jobs" -I{} sh -c \
  'r=$(clang-tidy-14 -p "$1" --quiet "$2" 2>/dev/null) || echo "$2:1:1: error: clang-tidy-14 could not process this file" >> "$3/tidy.$$"
   printf "%s\n" "$r" | grep -E "^[^ ]+:[0-9]+:[0-9]+: (warning|error):" >> "$3/tidy.$$" || true' _ "$build" {} "$out"
cat "$out"/tidy.* 2>/dev/null | sort -u > "$out/tidy.txt" || true

echo "== clazy on ${#files[@]} files"
checks=level0,level1,container-inside-loop,function-args-by-ref,no-non-pod-global-static
printf '%s\n' "${files[@]}" | xargs -P "$jobs" -I{} sh -c \
  'r=$(clazy-standalone -p "$1" -checks="$4" --ignore-dirs="build|/usr" "$2" 2>&1) || echo "$2:1:1: error: clazy could not process this file" >> "$3/clazy.$$"
   printf "%s\n" "$r" | grep -E "^[^ ]+:[0-9]+:[0-9]+: (warning|error):" >> "$3/clazy.$$" || true' _ "$build" {} "$out" "$checks"
cat "$out"/clazy.* 2>/dev/null | grep -v '^/usr/' | sort -u > "$out/clazy.txt" || true

n_tidy=$(wc -l < "$out/tidy.txt"); n_clazy=$(wc -l < "$out/clazy.txt")
cat "$out/tidy.txt" "$out/clazy.txt"
echo "clang-tidy: $n_tidy finding(s); clazy: $n_clazy finding(s) (${#files[@]} files, $jobs at once, $(($(date +%s) - start)) s)"
((n_tidy == 0 && n_clazy == 0))
