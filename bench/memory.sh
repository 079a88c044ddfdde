#!/usr/bin/env bash
# Streaming memory (issue 3, point 6): write the seed's 7.6 GB of generated
# events to a file, then run the seed task over it from an io.Reader (the
# library's Map and MapFields over simdjson.Reader(file), -reader mode) under
# GNU time -v, and check that the peak RSS stays within 256 MiB.
#
#   bench/memory.sh                       # 7.6 GB in /tmp, all CPUs
#   SIZE=1GB FILE=/tmp/x.ndjson bench/memory.sh
#
# Needs ~8 GB of free disk for the file (kept for later runs; delete it
# yourself). GNU time is installed with apt-get when /usr/bin/time is missing.
set -euo pipefail
cd "$(dirname "$0")"
SIZE=${SIZE:-7.6GB}
FILE=${FILE:-/tmp/simdjson-bench-$SIZE.ndjson}
THREADS=${THREADS:-$(nproc)}
LIMIT_MIB=${LIMIT_MIB:-256}
BIN=${BIN:-/tmp/simdjson-bench}

if [ ! -x /usr/bin/time ]; then
  apt-get update -qq && apt-get install -y -qq time >/dev/null
fi
# Build first, so that the compiler is not measured.
go build -o "$BIN" .
if [ ! -s "$FILE" ]; then
  "$BIN" -out "$FILE" -size "$SIZE"
fi
ls -l "$FILE"
status=0
for m in simdjson-lazy simdjson-fields; do
  log=$(mktemp)
  /usr/bin/time -v "$BIN" -reader -in "$FILE" -methods "$m" -runs 1 -threads "$THREADS" 2>"$log" | tail -1
  rss_kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
  echo "$m: peak RSS $((rss_kib / 1024)) MiB (GNU time -v: Maximum resident set size ${rss_kib} kbytes), wall ${wall}"
  if [ "$rss_kib" -gt $((LIMIT_MIB * 1024)) ]; then
    echo "$m: peak RSS over ${LIMIT_MIB} MiB" >&2
    status=1
  fi
  rm -f "$log"
done
exit $status
