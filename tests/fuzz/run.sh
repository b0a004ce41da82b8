#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/fuzz/run.sh SECONDS [TARGET...]: builds the libFuzzer targets with clang-14 (installing it when
# missing) into build-fuzz/ and runs each for SECONDS on one core, seeded from the test corpora
# (tests/data, resources/tours) and the regression corpus (tests/fuzz/regressions/TARGET, replayed first: every input
# there once crashed). A crash stops with exit 1 and leaves crash-* in build-fuzz/TARGET/; minimise it
# with `build-fuzz/fuzz_TARGET -minimize_crash=1 -runs=10000 crash-...`, add it to regressions/, fix it.
# SHARDSCOPE_FUZZ_TIMEOUT (seconds, default 10): the per-input limit; raise it under nice on a loaded
# machine, where libFuzzer's wall-clock timer also counts the time the fuzzer waited for a core.
set -euo pipefail
secs=${1:?usage: tests/fuzz/run.sh SECONDS [TARGET...]}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${SHARDSCOPE_FUZZ_BUILD:-$root/build-fuzz}
all=(scenario deepspeed hfconfig fsdp megatron count tour validate_steps validate_memory checkpoint torchtitan)
targets=("$@")
((${#targets[@]})) || targets=("${all[@]}")

need=()
command -v clang++-14 >/dev/null || need+=(clang-14)
[[ -f /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a ]] || \
  ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need+=(libclang-rt-14-dev)
source "$root/scripts/apt-install.sh"
apt_install --quiet "${need[@]}"

echo "== building the fuzz targets (clang-14, ASan + UBSan + libFuzzer) in ${build#"$root"/}"
cmake -S "$root/tests/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"${SHARDSCOPE_FUZZ_JOBS:-2}" --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null

seeds() { # the test corpora that seed each target
  local d=$root/tests/data
  case $1 in
    scenario) echo "$d/malformed/scenario_"* ;;
    deepspeed) echo "$d/configs/"*.json "$d/malformed/deepspeed_"* ;;
    hfconfig) echo "$d/hf/"*.json "$d/hf/defaults/"* "$d/hf/malformed/"* ;;
    fsdp) echo "$d/configs/"*.yaml "$d/malformed/fsdp_"* ;;
    megatron) echo "$d/configs/"*.txt ;;
    torchtitan) echo "$d/configs/torchtitan/"*.toml ;;
    count) echo "$root/tests/fuzz/seeds/count/"* ;;
    tour) echo "$root/resources/tours/"*.tour.json ;;
    validate_steps) echo "$d/measured/measured-steps.csv" "$root/tests/fuzz/seeds/validate_steps/"* ;;
    validate_memory) echo "$d/measured/measured-memory.csv" "$root/tests/fuzz/seeds/validate_memory/"* ;;
    checkpoint) echo "$root/tests/fuzz/seeds/checkpoint/"* ;;
  esac
}

export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
timeout=${SHARDSCOPE_FUZZ_TIMEOUT:-10}
# Each target runs on one core for SECONDS; SHARDSCOPE_FUZZ_PARALLEL targets (default: the number of cores) run at
# once, so on 2 cores the 11 targets take 6 x SECONDS of wall time, not 11 x, each still fuzzed for SECONDS. A
# target's report is printed whole when it ends.
fuzz_one() { # TARGET: replay its regressions, fuzz it, print its report; exit 1 on a crash
  local t=$1 work=$build/$1 status=0
  local corpus=$work/corpus
  mkdir -p "$corpus"
  for f in $(seeds "$t"); do [[ -f $f ]] && cp -n "$f" "$corpus/" ; done
  if [[ $t == scenario ]]; then # valid scenario files: what `convert --to scenario` writes
    [[ -x $root/build/bin/shardscope ]] && "$root/build/bin/shardscope" convert --to scenario >"$corpus/default.shardscope.json" 2>/dev/null || true
  fi
  local reg=$root/tests/fuzz/regressions/$t
  if [[ -d $reg ]] && compgen -G "$reg/*" >/dev/null; then
    echo "== $t: replaying $(ls "$reg" | wc -l) regression input(s)"
    "$build/fuzz_$t" -timeout="$timeout" -rss_limit_mb=2048 "$reg"/* >"$work/regressions.log" 2>&1 || { echo "regression input crashed fuzz_$t:"; tail -30 "$work/regressions.log"; return 1; }
  fi
  echo "== $t: fuzzing for ${secs}s"
  (cd "$work" && "$build/fuzz_$t" -max_total_time="$secs" -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 \
     -print_final_stats=1 "$corpus" >"$work/fuzz.log" 2>&1) || status=1
  local runs crashes
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/fuzz.log" | grep -o '[0-9]*$' || echo '?')
  crashes=$(ls "$work" | grep -c '^\(crash\|leak\|timeout\|oom\)-' || true)
  echo "   $t: ${runs} executions in ${secs}s, ${crashes} crash(es)"
  if ((crashes)); then tail -40 "$work/fuzz.log"; status=1; fi
  return $status
}

parallel=${SHARDSCOPE_FUZZ_PARALLEL:-$(nproc)}
((parallel >= 1)) || parallel=1
status=0
declare -A pids=()
finish() { # wait for any one target, print its report, note its status
  local done_pid rc=0
  wait -n -p done_pid || rc=$?
  cat "$build/${pids[$done_pid]}.report"
  ((rc == 0)) || status=1
  unset "pids[$done_pid]"
}
for t in "${targets[@]}"; do
  mkdir -p "$build/$t"
  while ((${#pids[@]} >= parallel)); do finish; done
  fuzz_one "$t" >"$build/$t.report" 2>&1 &
  pids[$!]=$t
done
while ((${#pids[@]})); do finish; done
exit $status
