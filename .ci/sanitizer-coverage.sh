#!/usr/bin/env bash
# Proves that a sanitized test binary really instruments the C++: the shim's
# own functions and simdjson's code must contain calls to the sanitizer's
# checks, counted in the disassembly of the linked binary.
#
#   .ci/sanitizer-coverage.sh asan  BINARY   # calls to __asan_report_* (and
#                                            # the outlined __asan_load*/store*)
#   .ci/sanitizer-coverage.sh ubsan BINARY   # calls to __ubsan_handle_*
#
# go test -asan adds -fsanitize=address to the C files only; a C++ file
# compiled without the flag has no such call, so this fails loudly when the
# flag stops reaching the C++ (see make test-asan, make test-ubsan).
#
# Robust to inlining: the shim functions checked are extern "C" entry points
# that cgo's wrappers call from another translation unit, so they are always
# emitted out of line; a function's count includes its .cold part. simdjson is
# checked as a whole (every function whose name begins with simdjson::) and
# per stage-1 kernel namespace present in the binary.
set -euo pipefail

mode=${1:-}
bin=${2:-}
if [ -z "$mode" ] || [ -z "$bin" ] || [ ! -f "$bin" ]; then
  echo "usage: $0 asan|ubsan TEST_BINARY" >&2
  exit 2
fi
case $mode in
  asan) pattern='<__asan_(report_|load|store)[A-Za-z0-9_]*(@plt)?>' ;;
  ubsan) pattern='<__ubsan_handle_[A-Za-z0-9_]*(@plt)?>' ;;
  *) echo "$0: unknown mode $mode (asan or ubsan)" >&2; exit 2 ;;
esac

# The shim's extern "C" functions checked, as piece:function, at least one
# per piece of the shim: the parser (parser.h), the token walk (walk.h),
# parsing, lookups, strings and numbers (handle.h), projections
# (projection.h), batches (batch.h), the map's workers (map.h), the kernels
# (kernels.h), all compiled as one unit by internal/shim/ondemand.cpp; the
# DOM (dom.cpp).
shim_funcs="parser.h:sj_parser_new parser.h:sj_parser_stat walk.h:sj_walk handle.h:sj_parse handle.h:sj_find
  handle.h:sj_string handle.h:sj_int64 handle.h:sj_double handle.h:sj_obj_next projection.h:sj_projection_new
  batch.h:sj_batch map.h:sj_map_work kernels.h:sj_set_implementation dom.cpp:sj_dom_parse dom.cpp:sj_dom_offsets"
# The minimum number of simdjson functions that must carry checks (at -O3
# simdjson inlines into about 80 to 90 functions that do).
min_simdjson_funcs=40

command -v objdump >/dev/null || { echo "$0: objdump (binutils) is needed" >&2; exit 2; }

# One line per function with at least one check: "count<TAB>name", names
# demangled, a function's .cold part added to the function.
counts=$(objdump -d -C --no-show-raw-insn "$bin" | awk -v pat="$pattern" '
  /^[0-9a-f]+ <.*>:$/ {
    fn = $0; sub(/^[0-9a-f]+ </, "", fn); sub(/>:$/, "", fn)
    sub(/ \[clone \.cold\]$/, "", fn); sub(/\.cold$/, "", fn)
    next
  }
  $0 ~ pat { c[fn]++ }
  END { for (f in c) printf "%d\t%s\n", c[f], f }')

syms=$(nm "$bin")
fail=0
echo "== $mode checks per function in $bin"
for pf in $shim_funcs; do
  piece=${pf%%:*} f=${pf#*:}
  if ! grep -q " [Tt] $f\$" <<<"$syms"; then
    echo "MISSING  $f ($piece): not in the binary (renamed? update $0)"
    fail=1
    continue
  fi
  n=$(printf '%s\n' "$counts" | awk -F'\t' -v f="$f" '$2 == f { print $1 }')
  n=${n:-0}
  if [ "$n" -gt 0 ]; then
    printf '  %5d  %-14s %s\n' "$n" "$piece" "$f"
  else
    printf 'FAIL %5d  %-14s %s: no %s check: the shim is not instrumented\n' 0 "$piece" "$f" "$mode"
    fail=1
  fi
done

# The shim as a whole: every function of ondemand.cpp (the pieces it
# includes) and dom.cpp is named sj_* or lives in their anonymous namespace.
shim_total=$(printf '%s\n' "$counts" | awk -F'\t' '$2 ~ /^sj_/ || $2 ~ /^\(anonymous namespace\)::/ { s += $1; n++ } END { printf "%d checks in %d functions", s, n }')
echo "  shim total: $shim_total"

simdjson=$(printf '%s\n' "$counts" | awk -F'\t' '$2 ~ /^simdjson::/ { s += $1; n++ } END { printf "%d %d", s, n }')
read -r sj_checks sj_funcs <<<"$simdjson"
if [ "$sj_funcs" -ge "$min_simdjson_funcs" ]; then
  echo "  simdjson total: $sj_checks checks in $sj_funcs functions"
else
  echo "FAIL simdjson total: $sj_checks checks in $sj_funcs functions (want at least $min_simdjson_funcs functions): simdjson is not instrumented"
  fail=1
fi
# Each kernel namespace compiled in (fallback, westmere, haswell, icelake on
# amd64; arm64 on arm64) must carry checks too.
kernels=$(nm -C "$bin" 2>/dev/null | sed -n 's/^[0-9a-f]* [TtWw] simdjson::\(fallback\|westmere\|haswell\|icelake\|arm64\|ppc64\|lsx\|lasx\)::.*/\1/p' | sort -u)
for k in $kernels; do
  kc=$(printf '%s\n' "$counts" | awk -F'\t' -v k="simdjson::$k::" 'index($2, k) == 1 { s += $1; n++ } END { printf "%d checks in %d functions", s, n }')
  case $kc in
    "0 checks"*) echo "FAIL simdjson::$k: $kc"; fail=1 ;;
    *) echo "  simdjson::$k: $kc" ;;
  esac
done

if [ "$fail" != 0 ]; then
  echo "$0: $mode does not cover the C++ in $bin (is -fsanitize in CGO_CXXFLAGS?)"
  exit 1
fi
echo "== $mode covers the shim and simdjson"
