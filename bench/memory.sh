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
#
# Then the gzip path (issue 45): bench -gz's generated .json.gz files
# (GZ_SIZE in all, GZ_FILE each: one member per file), the task run by
# MapFields(Files(...)) (streaming inflate, the default) and by one File,
# each in a process of its own under GNU time -v, at THREADS threads: the
# peak RSS must stay within GZ_PER_THREAD_MIB per thread plus
# GZ_CONST_MIB, whatever the member size (GZ=0 skips this part; the
# GzipWholeMembers rows are printed for comparison, not checked).
#
#   READER=0 GZ_SIZE=400MB GZ_FILE=200MB THREADS=2 bench/memory.sh
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
status=0
if [ "${READER:-1}" != 0 ]; then # READER=0: the gzip part only
  if [ ! -s "$FILE" ]; then
    "$BIN" -out "$FILE" -size "$SIZE"
  fi
  ls -l "$FILE"
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
fi
if [ "${GZ:-1}" != 0 ]; then
  GZ_SIZE=${GZ_SIZE:-1900MB}
  GZ_FILE=${GZ_FILE:-950MB}
  GZ_PER_THREAD_MIB=${GZ_PER_THREAD_MIB:-64}
  GZ_CONST_MIB=${GZ_CONST_MIB:-64}
  limit=$((GZ_PER_THREAD_MIB * THREADS + GZ_CONST_MIB))
  for m in "simdjson Files" "simdjson one File" "simdjson Files whole"; do
    log=$(mktemp)
    "$BIN" -gz -size "$GZ_SIZE" -gz-file "$GZ_FILE" -methods "$m" -runs 1 -threads "$THREADS" -json 2>/dev/null >/dev/null || true # files generated outside the measurement
    /usr/bin/time -v "$BIN" -gz -size "$GZ_SIZE" -gz-file "$GZ_FILE" -methods "$m" -runs 1 -threads "$THREADS" -json 2>"$log" | tail -1
    rss_kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    echo "gzip, $m, $THREADS threads, files of $GZ_FILE: peak RSS $((rss_kib / 1024)) MiB (limit ${limit} MiB = ${GZ_PER_THREAD_MIB} x threads + ${GZ_CONST_MIB})"
    if [ "$m" != "simdjson Files whole" ] && [ "$rss_kib" -gt $((limit * 1024)) ]; then
      echo "gzip, $m: peak RSS over ${limit} MiB" >&2
      status=1
    fi
    rm -f "$log"
  done
fi
exit $status
