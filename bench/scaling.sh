#!/usr/bin/env bash
# The seed benchmark's thread scaling (bench/RESULTS.md "Thread scaling"):
# threads 1, 2, 4, 8 and 16 (THREADS), on a machine with that many cores.
#
#   bench/scaling.sh OUTDIR            builds the bench command, then runs it
#   BENCH_BIN=path bench/scaling.sh OUTDIR   runs a bench binary built before,
#                                      e.g. a static one for a machine
#                                      without Go:
#     cd bench && CGO_ENABLED=1 GOEXPERIMENT=jsonv2 go build -tags netgo,osusergo \
#       -ldflags '-extldflags "-static"' -o ../.devbin/bench .
#
# Writes to OUTDIR: machine.txt (lscpu, memory), fast-1..N.json (native-cpp
# and this library's two methods, FAST_RUNS invocations, the cheap ones, run
# first), all.json (every method, one invocation) and a progress log of each
# (-json lines; bench -aggregate turns them into a table). SIZE (2GB) is the
# fast methods' generated input, ALL_SIZE (1GB) every method's (on a 16-core
# machine whose cores run the task at half this project's machine's speed,
# every method over 2 GB took over 7 minutes); each invocation reports the
# best of its runs.
set -euo pipefail
out=${1:?usage: bench/scaling.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=${BENCH_BIN:-}
[ -z "$bin" ] || bin=$(realpath "$bin")
cd "$(dirname "$0")"
THREADS=${THREADS:-1,2,4,8,16}
SIZE=${SIZE:-2GB}
ALL_SIZE=${ALL_SIZE:-1GB}
FAST_RUNS=${FAST_RUNS:-3}
if [ -z "$bin" ]; then
  bin=$(mktemp -d "${TMPDIR:-/tmp}/scaling.XXXXXX")/bench
  GOEXPERIMENT=jsonv2 ${GO:-go} build -o "$bin" .
fi
{ date -u; nproc; lscpu; free -g; } > "$out/machine.txt" 2>&1 || true
for i in $(seq 1 "$FAST_RUNS"); do
  "$bin" -size "$SIZE" -runs 5 -thread-list "$THREADS" \
    -methods native-cpp,simdjson-lazy,simdjson-fields -json \
    > "$out/fast-$i.json" 2>> "$out/fast.log"
done
"$bin" -size "$ALL_SIZE" -runs 3 -thread-list "$THREADS" -json > "$out/all.json" 2> "$out/all.log"
