#!/usr/bin/env bash
# Regenerates the figures of RESULTS.md on this machine:
#   - N invocations of the benchmark as make bench builds it (GOEXPERIMENT=jsonv2,
#     so json/v2 is in), each the best of RUNS runs, as JSON lines in
#     results/run-K.json;
#   - their medians and ranges: results/table.md, results/results.json, and
#     the chart chart.svg;
#   - encoding/json in a build without the experiment (the classic
#     implementation; under GOEXPERIMENT=jsonv2 the v1 API runs on the v2
#     engine): results/classic-K.json, results/classic.md;
#   - one table-mode run (validates details, notes): results/table.txt.
#
#   bench/results.sh                 # N=3 SIZE=1GB RUNS=3
#   N=5 SIZE=256MB bench/results.sh
set -euo pipefail
cd "$(dirname "$0")"
N=${N:-3}
SIZE=${SIZE:-1GB}
RUNS=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GOEXPERIMENT=jsonv2 go build -o "$tmp/bench" .
go build -o "$tmp/bench-classic" .
# The machine is shared: wait (up to QUIET_WAIT seconds) for the 1-minute
# load average to fall under QUIET_LOAD before each invocation.
QUIET_LOAD=${QUIET_LOAD:-1.0}
QUIET_WAIT=${QUIET_WAIT:-1800}
wait_quiet() {
  local waited=0
  while awk -v max="$QUIET_LOAD" '{exit !($1 >= max)}' /proc/loadavg && [ "$waited" -lt "$QUIET_WAIT" ]; do
    sleep 10
    waited=$((waited + 10))
  done
}
mkdir -p results
runs=() classic=()
for i in $(seq 1 "$N"); do
  wait_quiet
  echo "invocation $i of $N (load: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  "$tmp/bench" -size "$SIZE" -runs "$RUNS" -min-share 0.9 -json > "results/run-$i.json"
  runs+=("results/run-$i.json")
  "$tmp/bench-classic" -size "$SIZE" -runs "$RUNS" -min-share 0.9 -json -methods encoding/json > "results/classic-$i.json"
  classic+=("results/classic-$i.json")
  echo "  done (load: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
list=$(IFS=,; echo "${runs[*]}")
"$tmp/bench" -aggregate "$list" > results/table.md
"$tmp/bench" -aggregate "$list" -json > results/results.json
"$tmp/bench" -chart results/results.json > chart.svg
"$tmp/bench-classic" -aggregate "$(IFS=,; echo "${classic[*]}")" > results/classic.md
wait_quiet
"$tmp/bench" -size "$SIZE" -runs "$RUNS" -min-share 0.9 > results/table.txt
cat results/table.md results/classic.md
