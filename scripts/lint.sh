#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/lint.sh [FILE... | --list]: clang-tidy-14 (checks in .clang-tidy) and clazy (Qt checks: level 0, level 1,
# container-inside-loop and function-args-by-ref; not non-pod-global-static) over our sources, using
# build/compile_commands.json (configured with the dev preset when missing). Installs clang-tidy-14 and
# clazy when missing. Exit 1 if either reports anything; prints one line per finding, then a count per
# check and the files with findings.
#
# Without FILE it lints exactly what CI checks: every .cpp git tracks under core/, ui/ and app/ when it
# runs (new files are linted without editing this script), and through them our headers. With FILE...
# only those (e.g. the files you just fixed). --list prints what CI checks and exits.
#
# Cost: clang-tidy's static analyzer in its default "deep" mode was about half of the time (ui/io/
# scenariofile.cpp: 8.4 of 18 CPU-s); it runs in "shallow" mode here (Xcode's analyze-while-building
# mode: inlining limited to small functions), 1.7 CPU-s there. The whole tree (105 files) now takes about
# 760 CPU-s, about 6.5 minutes on 2 idle cores (it was about 1,100 CPU-s for 91 files). Each file is one
# job that runs clang-tidy and then clazy, so both tools share the job pool; the biggest files start first.
#
# Environment:
#   SHARDSCOPE_LINT_JOBS   files linted at once (default 2; CI gives nproc)
#   SHARDSCOPE_LINT_BUILD  build folder with compile_commands.json (default build)
#   SHARDSCOPE_LINT_CACHE  folder of per-file results (default BUILD/lint-cache; "off" for none). A file's
#                          result is reused while the file, every header under core/ ui/ app/, .clang-tidy,
#                          this script and the tool versions are unchanged; a fresh CI build has none.
#   SHARDSCOPE_LINT_NO_BUILD  if set, do not build first (the generated moc sources are known to exist)
#   SHARDSCOPE_LINT_TIMES  if set, a file to append "user-CPU-s system-CPU-s file" to for each file linted
#   SHARDSCOPE_LINT_CLAZY  "off": clang-tidy only. CI runs clazy's checks inside its clang build instead (cmake
#                          -DSHARDSCOPE_CLAZY=ON, the same list from scripts/clazy-checks), which saves a second parse
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --list ]]; then git ls-files 'core/*.cpp' 'ui/*.cpp' 'app/*.cpp'; exit 0; fi
root=$PWD
start=$(date +%s)
need=()
command -v clang-tidy-14 >/dev/null || need+=(clang-tidy-14)
clazy=${SHARDSCOPE_LINT_CLAZY:-on}
[[ $clazy == off ]] || command -v clazy-standalone >/dev/null || need+=(clazy)
source scripts/apt-install.sh
apt_install --quiet "${need[@]}"
build=${SHARDSCOPE_LINT_BUILD:-build}
if [[ ! -f $build/compile_commands.json ]]; then
  cmake --preset dev >/dev/null
fi
# Generated sources (moc) must exist for the translation units that include them.
[[ -n ${SHARDSCOPE_LINT_NO_BUILD:-} ]] || cmake --build "$build" --target shardscope >/dev/null

if (($#)); then files=("$@"); else mapfile -t files < <(git ls-files 'core/*.cpp' 'ui/*.cpp' 'app/*.cpp'); fi
# Biggest first: on few cores the run does not end waiting for one big file started last.
mapfile -t files < <(for f in "${files[@]}"; do printf '%s %s\n' "$(stat -c %s "$f")" "$f"; done | sort -rn | cut -d' ' -f2-)
jobs=${SHARDSCOPE_LINT_JOBS:-2}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

# Only our headers: not Qt's, Eigen's, nor the generated ones under the build folder.
export LINT_HEADER_FILTER="^$root/(core|ui|app)/"
# clang-tidy's analyzer in shallow mode (see above); -Wreserved-identifier is the compiler's own form of
# bugprone-reserved-identifier (same rule, [lex.name]) at no cost: that check alone was 15% of the
# AST-matcher time. Both go through --extra-arg so that .clang-tidy stays usable from an editor.
export LINT_TIDY_ARGS="--extra-arg=-Xclang --extra-arg=-analyzer-config --extra-arg=-Xclang --extra-arg=mode=shallow --extra-arg=-Wreserved-identifier"
LINT_CLAZY_CHECKS=$(head -1 scripts/clazy-checks)
[[ $clazy != off ]] || LINT_CLAZY_CHECKS=""
export LINT_CLAZY_CHECKS
export LINT_BUILD=$build LINT_OUT=$out LINT_ROOT=$root

cache=${SHARDSCOPE_LINT_CACHE:-$build/lint-cache}
if [[ $cache != off ]]; then
  mkdir -p "$cache"
  # Everything a file's result depends on besides the file itself (system headers aside).
  export LINT_CACHE=$cache
  LINT_SALT=$( { clang-tidy-14 --version; [[ -z $LINT_CLAZY_CHECKS ]] || clazy-standalone --version; cat .clang-tidy "$0";
                 echo "$LINT_TIDY_ARGS $LINT_CLAZY_CHECKS $LINT_HEADER_FILTER";
                 git ls-files -z 'core/*.h' 'ui/*.h' 'app/*.h' | xargs -0 cat; } | sha256sum | cut -d' ' -f1)
  export LINT_SALT
fi

lint_one() {
  local f=$1 key="" r res="" ok=1 t0
  if [[ -n ${LINT_CACHE:-} ]]; then
    key=$( { echo "$LINT_SALT $f"; cat "$f"; } | sha256sum | cut -d' ' -f1)
    if [[ -f $LINT_CACHE/$key ]]; then
      cat "$LINT_CACHE/$key" >> "$LINT_OUT/found.$$"
      return 0
    fi
  fi
  local TIMEFORMAT="%U %S"  # CPU seconds of the two tools (wall time on a shared machine says little)
  t0=$( { time {
  # shellcheck disable=SC2086
  local raw="" err=""
  r=$(clang-tidy-14 -p "$LINT_BUILD" --quiet --header-filter="$LINT_HEADER_FILTER" $LINT_TIDY_ARGS "$f" 2>/dev/null) \
    || { err+="$f:1:1: error: clang-tidy-14 could not process this file"$'\n'; ok=0; }
  raw+=$r$'\n'
  # -Wno-error: the dev preset's -Werror made each clazy warning an error and clazy's exit status 1.
  if [[ -n $LINT_CLAZY_CHECKS ]]; then
    r=$(clazy-standalone -p "$LINT_BUILD" -checks="$LINT_CLAZY_CHECKS" --ignore-dirs="build|^/usr" --extra-arg=-Wno-error "$f" 2>&1) \
      || { err+="$f:1:1: error: clazy could not process this file"$'\n'; ok=0; }
    raw+=$r
  fi
  # One line per finding, relative paths, only our files (clazy's --ignore-dirs also skips moc output).
  res=$(printf '%s\n' "$raw" | grep -E ':[0-9]+:[0-9]+: (warning|error):' | sed "s|^$LINT_ROOT/||" \
          | grep -E '^(core|ui|app)/' || true)
  res=$(printf '%s%s' "$err" "$res")
  printf '%s\n%s\n' "$ok" "$res" > "$LINT_OUT/one.$$"
  } 2>/dev/null; } 2>&1)
  ok=$(head -1 "$LINT_OUT/one.$$"); res=$(tail -n +2 "$LINT_OUT/one.$$"); rm -f "$LINT_OUT/one.$$"
  [[ -z $res ]] || printf '%s\n' "$res" >> "$LINT_OUT/found.$$"
  if [[ -n $key && $ok == 1 ]]; then
    printf '%s' "${res:+$res$'\n'}" > "$LINT_CACHE/$key.tmp.$$" && mv "$LINT_CACHE/$key.tmp.$$" "$LINT_CACHE/$key"
  fi
  [[ -z ${SHARDSCOPE_LINT_TIMES:-} ]] || echo "$t0 $f" >> "$SHARDSCOPE_LINT_TIMES"
}
export -f lint_one

echo "== clang-tidy-14${LINT_CLAZY_CHECKS:+ and clazy} on ${#files[@]} files, $jobs at once"
printf '%s\0' "${files[@]}" | xargs -0 -P "$jobs" -I{} bash -c 'lint_one "$1"' _ {}
cat "$out"/found.* 2>/dev/null | sort -u > "$out/all.txt" || true

n=$(wc -l < "$out/all.txt")
cat "$out/all.txt"
if ((n)); then
  echo "== findings per check"
  sed -E 's/.*\[([^]]+)\]$/\1/; t; s/.*(could not process).*/\1/; t; s/.*: (warning|error): .*/compiler \1 (clazy'"'"'s parse)/' "$out/all.txt" \
    | sort | uniq -c | sort -rn
  echo "== findings per file"
  cut -d: -f1 "$out/all.txt" | sort | uniq -c | sort -rn
fi
echo "lint: $n finding(s) (${#files[@]} files, $jobs at once, $(($(date +%s) - start)) s)"
((n == 0))
