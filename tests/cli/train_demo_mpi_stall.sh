#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest -R train_demo_mpi_stall (issue 30 item 14): one rank of `mpirun -np 2 shardscope train-demo --backend mpi` is
# stopped (SIGSTOP, as a debugger or a frozen node would); the other waits SHARDSCOPE_MPI_TIMEOUT_S, says which rank
# it waited for, and stops the job instead of spinning a core forever.
# Usage: train_demo_mpi_stall.sh SHARDSCOPE MPIRUN WORK
set -u
shardscope=$1 mpirun=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
flags=(-np 2 --oversubscribe)
[ "$(id -u)" = 0 ] && flags+=(--allow-run-as-root)
marker="$work/stall-$$.bin"
SHARDSCOPE_MPI_TIMEOUT_S=3 "$mpirun" "${flags[@]}" "$shardscope" train-demo --backend mpi --ranks 2 --steps 100000 \
    --widths 4,8,2 --batch 2 --params-out "$marker" >"$work/out" 2>"$work/err" &
job=$!
ranks=()
for _ in $(seq 1 600); do # up to 60 s for both ranks to start (slow under the sanitizers)
    mapfile -t ranks < <(pgrep -f -- "--params-out $marker" | while read -r p; do
        [ "$(ps -o comm= -p "$p")" = "$(basename "$shardscope")" ] && echo "$p"; done)
    [ "${#ranks[@]}" -ge 2 ] && break
    sleep 0.1
done
if [ "${#ranks[@]}" -lt 2 ]; then
    echo "FAIL: the two ranks did not start"; cat "$work/err"; kill "$job" 2>/dev/null; exit 1
fi
sleep 2 # both ranks inside the training loop
kill -STOP "${ranks[1]}"
start=$(date +%s)
for _ in $(seq 1 1200); do # the job must end well within 120 s (the timeout is 3 s)
    kill -0 "$job" 2>/dev/null || break
    sleep 0.1
done
kill -CONT "${ranks[@]}" 2>/dev/null
if kill -0 "$job" 2>/dev/null; then
    echo "FAIL: the job still runs $(($(date +%s) - start)) s after a rank was stopped"
    pkill -KILL -f -- "--params-out $marker"; kill -KILL "$job" 2>/dev/null; exit 1
fi
wait "$job"; rc=$?
pkill -KILL -f -- "--params-out $marker" 2>/dev/null
if [ "$rc" = 0 ]; then echo "FAIL: the job exited 0 after a rank was stopped"; cat "$work/err"; exit 1; fi
if ! grep -q "stopped or hangs: stopping the job" "$work/err"; then
    echo "FAIL: no message naming the stall (exit $rc):"; cat "$work/err"; exit 1
fi
echo "ok: the job stopped $(($(date +%s) - start)) s after rank pid ${ranks[1]} was stopped (exit $rc):"
grep "stopped or hangs" "$work/err" | head -2
