#!/usr/bin/env bash
# The HTTP load test (bench/httpload, its own module): builds one server
# binary per JSON library (this module's package json, encoding/json,
# sonic, goccy/go-json; each serves net/http or gin), the driver, and the
# load generators at pinned versions from the module proxy (bombardier for
# the closed-loop runs, vegeta for the fixed-rate ones), then runs the
# driver, which starts each server as its own process pinned to CPU 0 and
# drives it from CPU 1 (taskset, util-linux). Flags go to the driver:
#
#   bench/http.sh                     # the full run: 3 rounds of 4 s, every size, both frameworks (about 8 minutes)
#   bench/http.sh -quick              # one round of 1 s runs (under a minute), for CI-like checks
#   bench/http.sh -json runs.json -profile prof/ -sizes 5kB,35kB
#   HTTP_BENCH_BIN=/tmp/hb bench/http.sh ...   # keep the binaries there (default: a temporary directory)
#
# Loopback only: the servers listen on 127.0.0.1, and nothing else is reached.
set -euo pipefail
cd "$(dirname "$0")/httpload"
command -v taskset >/dev/null || { echo "http.sh: taskset (util-linux) is needed" >&2; exit 1; }
BOMBARDIER=github.com/codesenberg/bombardier@v1.2.6
VEGETA=github.com/tsenart/vegeta/v12@v12.13.0
bin=${HTTP_BENCH_BIN:-}
if [ -z "$bin" ]; then
  bin=$(mktemp -d)
  trap 'rm -rf "$bin"' EXIT
fi
mkdir -p "$bin"
echo "== building the servers, the driver and the load generators into $bin" >&2
go build -o "$bin/server-std" ./server
go build -tags lib_simdjson -o "$bin/server-simdjson" ./server
go build -tags lib_sonic,sonic -o "$bin/server-sonic" ./server       # gin's sonic tag: its codec is sonic's ConfigStd
go build -tags lib_goccy,go_json -o "$bin/server-goccy" ./server     # gin's go_json tag: goccy/go-json
go build -o "$bin/httpload" .
GOBIN="$bin" GOFLAGS= go install "$BOMBARDIER"
GOBIN="$bin" GOFLAGS= go install "$VEGETA"
# The driver on the client core too: it sleeps while a load generator runs.
taskset -c "${HTTP_BENCH_CLIENT_CPU:-1}" "$bin/httpload" -bin "$bin" "$@"
