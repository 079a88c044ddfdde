# Targets for a fresh machine: a C++17 compiler, Go 1.26 or 1.27 and CGO_ENABLED=1.
#   make test           the tests (README's test command)
#   make bench          the main command (README's): the seed benchmark (bench/,
#                       its own module), 1 GB of GH Archive-like events, every
#                       method, GB/s table
#   make demo           the small example: the seed task over testdata/
#   make bench-gz       the seed task end to end from generated .json.gz files
#   make bench-micro    the root package's go test benchmarks
#   make bench-handles  Go handles vs native C++ simdjson, same work
#   make beam DIR=D     the seed task as an Apache Beam pipeline (beam/) over D's .json.gz files
#   make vendor         re-vendor simdjson 4.6.7 from a git mirror or tarball (SIMDJSON_SRC), checking hashes

GO ?= go
# make vendor's source: a git clone or bare mirror of simdjson, or a tarball
# of its tag (csrc/vendor.sh); by default the mirror beside the checkout's
# parent directory, where this project's machines keep it.
SIMDJSON_SRC ?= $(abspath ../.mirror/simdjson+simdjson/repo)

.PHONY: beam test test-race test-nocgo test-cgo-required test-consumer test-static test-gostd test-gostd-v2 test-gostd-jsontext fuzz fuzz-json test-leaks test-asan test-ubsan fuzz-asan test-v1 test-v3 test-kernels test-arm64 test-cgocheck2 vet demo bench bench-gz bench-results bench-micro bench-vet bench-http test-adapters check-vendor vendor ci

# go test's output as without -v, then one line naming the tests that
# skipped because the shared corpora are absent (internal/testsummary runs
# go test -json); the exit status is go test's.
test: check-vendor
	@mkdir -p .testsummary && $(GO) build -o .testsummary/testsummary ./internal/testsummary
	@GO=$(GO) .testsummary/testsummary -count=1 ./...

# SHORT=1: the targets that run the suite again in another configuration
# (test-race, test-cgocheck2, the sanitizers, the kernels, arm64, v3) pass
# -short, which drops the corpus files over 640 kB, the tests that build
# programs (go doc, the README's examples) and the longest hostile-gzip
# sweeps, and cuts a few random-input counts. CI sets it: make test runs
# the whole suite once first.
SHORT ?=
SHORTFLAG := $(if $(SHORT),-short)
SHORTBIN := $(if $(SHORT),-test.short)

# Package json's tests of the encoder (Marshal, Encoder, the float, integer
# and string formatting): Go code alone, which never calls into C or C++ (a
# breakpoint on each of the shim's 55 sj_* functions, set in gdb, was never
# hit in a -short run of them; 2026-12-07). The stages that check only what
# crosses into C (cgocheck2, the sanitizers: -asan instruments the Go code
# as well, but the race detector's checkptr and make test run these tests)
# skip them with SHORT=1; under qemu (test-arm64) they give way to a native
# run with -tags purego, which builds the same portable code that arm64 gets
# in place of the amd64 assembly.
GO_ONLY_TESTS := ^Test(Marshal|Encode|AppendFloat|AppendInt|AppendString|Digits8)
GO_ONLY_SKIP := $(if $(SHORT),-skip '$(GO_ONLY_TESTS)')

# The race detector with SHORT=1 leaves package json's longest tests that
# run on one goroutine (the corpora and the differential decodes: no race
# to find) to AddressSanitizer (test-asan), whose build checks unsafe
# pointer conversions as -race's does (-asan, like -race, implies the
# compiler's -d=checkptr), and runs the BenchmarkParallel* per-request
# benchmarks once each, so that they stay compiled and run concurrently
# under the detector.
RACE_SKIP := ^Test(UnmarshalCorpora|Differential|DecoderDiff.*|CompactBits|CompactIndentCorpus)$$
RACE_SHORT := $(if $(SHORT),-skip '$(RACE_SKIP)' -bench '^BenchmarkParallel' -benchtime=1x)

test-race:
	$(GO) test -race -count=1 -timeout 30m $(SHORTFLAG) $(RACE_SHORT) ./...

# RSS flat over a million parse/close cycles and over repeated maps.
test-leaks:
	@SIMDJSON_LEAKS=1 $(GO) test -count=1 -v -run TestNoLeaks . > .leaks.log 2>&1; rc=$$?; \
	grep -E 'RSS|^(ok|FAIL|---)|Error' .leaks.log; rm -f .leaks.log; exit $$rc

# Without cgo: the package compiles, Unmarshal/Valid/Decoder fall back to
# encoding/json, the other APIs report ErrNoCGO.
test-nocgo:
	CGO_ENABLED=0 $(GO) vet . ./json/... ./internal/...
	CGO_ENABLED=0 $(GO) test -count=1 $(SHORTFLAG) . ./json/... ./internal/...

# -tags simdjson_cgo_required: without cgo the build fails at compile time
# with a message that says why (internal/shim/cgo_required.go); without the
# tag it still builds (the encoding/json fallback), and with cgo as usual.
test-cgo-required:
	@out=$$(CGO_ENABLED=0 $(GO) build -tags simdjson_cgo_required . ./json 2>&1); rc=$$?; echo "$$out"; \
	if [ $$rc -eq 0 ]; then echo "FAIL: CGO_ENABLED=0 go build -tags simdjson_cgo_required succeeded"; exit 1; fi; \
	echo "$$out" | grep -q 'undefined: simdjson_requires_cgo_but_CGO_ENABLED_is_0' || { echo "FAIL: not the expected message"; exit 1; }
	CGO_ENABLED=0 $(GO) build . ./json
	CGO_ENABLED=1 $(GO) build -tags simdjson_cgo_required . ./json
	@echo "ok: without cgo -tags simdjson_cgo_required stops the build; without the tag it builds"

# The module as a consumer gets it (testdata/consumer/run.sh): through a
# module zip of a clean clone of HEAD (golang.org/x/mod/zip, served by a
# file:// GOPROXY) and vendored (go mod vendor, then -mod=vendor with
# GOPROXY=off), each built with -tags simdjson_cgo_required and run.
test-consumer:
	GO=$(GO) testdata/consumer/run.sh

# Binaries without a dynamic libstdc++ (.ci/test-static.sh): built with
# -static-libstdc++ -static-libgcc, and fully static by the RUN lines of
# examples/docker/Dockerfile's build stage; ldd on each, each run on testdata/.
test-static:
	GO=$(GO) .ci/test-static.sh

# Go's own encoding/json tests against package json (internal/gostd): the
# installed Go's $GOROOT/src/encoding/json files of the build the
# environment selects (GOTOOLCHAIN and GOEXPERIMENT pass through: the
# classic files on Go 1.26 or with GOEXPERIMENT=nojsonv2, the v2_*.go files
# and a copy of encoding/json/v2, jsontext and internal/... under jsonv2, Go
# 1.27's default), copied into a temporary module at run time (nothing of
# them is in this repository), their entry points routed to package json;
# with cgo, then without (package json is encoding/json underneath); both
# run, and either failing fails the target. Skipped with a message when the
# Go installation has no encoding/json sources. GOSTD_FLAGS: -v lists every
# test, -keep keeps the temporary module.
GOSTD_FLAGS ?=
test-gostd:
	@src="$$($(GO) env GOROOT)/src/encoding/json"; \
	if [ ! -d "$$src" ]; then echo "== test-gostd skipped: no Go sources at $$src"; exit 0; fi; \
	$(GO) run ./internal/gostd -go "$(GO)" $(GOSTD_FLAGS); cgo=$$?; \
	CGO_ENABLED=0 $(GO) run ./internal/gostd -go "$(GO)" $(GOSTD_FLAGS); nocgo=$$?; \
	if [ $$cgo -ne 0 ] || [ $$nocgo -ne 0 ]; then echo "test-gostd FAILED (exit status with cgo $$cgo, without $$nocgo)"; exit 1; fi

# Go's own encoding/json/v2 tests against json/v2 and json/jsontext
# (internal/gostdv2): the external test files (package json_test: the
# TestBenchmark* round trips over internal/jsontest's corpus and the
# examples) copied at run time with their imports rewritten; the internal
# ones cannot be routed and are listed. Needs a toolchain with
# encoding/json/v2 (GOTOOLCHAIN=go1.27.3); skipped with a message otherwise.
# With cgo, then without; either failing fails the target.
test-gostd-v2:
	@$(GO) run ./internal/gostdv2 $(GOSTD_FLAGS); cgo=$$?; \
	CGO_ENABLED=0 $(GO) run ./internal/gostdv2 $(GOSTD_FLAGS); nocgo=$$?; \
	if [ $$cgo -ne 0 ] || [ $$nocgo -ne 0 ]; then echo "test-gostd-v2 FAILED (exit status with cgo $$cgo, without $$nocgo)"; exit 1; fi
# Go's encoding/json/jsontext tests against json/jsontext (internal/gostd
# -pkg jsontext; Go 1.27, e.g. GOTOOLCHAIN=go1.27.3): the one external test
# file (example_test.go) routed, with cgo then without; the internal test
# files are listed as not routable. Skipped with a message elsewhere.
test-gostd-jsontext:
	$(GO) run ./internal/gostd -go "$(GO)" -pkg jsontext $(GOSTD_FLAGS); cgo=$$?; \
	CGO_ENABLED=0 $(GO) run ./internal/gostd -go "$(GO)" -pkg jsontext $(GOSTD_FLAGS); nocgo=$$?; \
	if [ $$cgo -ne 0 ] || [ $$nocgo -ne 0 ]; then echo "test-gostd-jsontext FAILED (exit status with cgo $$cgo, without $$nocgo)"; exit 1; fi

# Every fuzz target in turn, FUZZTIME each (go test -fuzz takes one at a time);
# the slow ones (FUZZ_SLOW: each input is a map over documents of up to 200
# keys, or three maps and a stream over a set of files written for it, 50 to
# 300 inputs a second here under the fuzzer) FUZZTIME_SLOW each.
FUZZTIME ?= 10m
FUZZTIME_SLOW ?= $(FUZZTIME)
# Each input that widens the coverage (and a failing one) is minimized for
# at most FUZZMINTIME; go test's default, 60 s each, made a CI count of
# 20000 inputs take 4 s or 83 s for one target, as coverage came
# (FuzzMarshalStruct, 2026-12-07). A duration, not a count: a count of 1000
# runs held FuzzGzip under ASan over 3 minutes on one input, where its
# minimizing runs are slow. (The spurious error of golang/go#75804 comes
# when -fuzztime's duration ends, not this one's, which is how go test
# bounds minimizing by default.)
FUZZMINTIME ?= 10s
FUZZ_TARGETS := FuzzHandles FuzzStream FuzzMap FuzzDecode FuzzUnmarshal FuzzDecoder FuzzProjectionWide FuzzOptions FuzzMaxDocumentSize FuzzCompactIndent FuzzMarshal FuzzMarshalStruct FuzzMarshalRawMessage FuzzAppendString FuzzAppendFloat FuzzToken FuzzGzip FuzzGzipStream FuzzFiles
FUZZ_SLOW := FuzzProjectionWide FuzzOptions FuzzFiles
# The targets of package json (the others are the root package's).
FUZZ_JSON := FuzzUnmarshal FuzzDecoder FuzzCompactIndent FuzzMarshal FuzzMarshalStruct FuzzMarshalRawMessage FuzzAppendString FuzzAppendFloat FuzzToken
fuzz:
	@for f in $(FUZZ_TARGETS); do t=$(FUZZTIME); case " $(FUZZ_SLOW) " in *" $$f "*) t=$(FUZZTIME_SLOW);; esac; \
	  pkg=.; case " $(FUZZ_JSON) " in *" $$f "*) pkg=./json;; esac; \
	  echo "== $$f ($$t)"; \
	  $(GO) test -run XXX -fuzz "^$$f\$$" -fuzztime $$t -fuzzminimizetime $(FUZZMINTIME) $$pkg || exit 1; done

# Package json's targets alone, FUZZTIME each: each compares package json
# with the encoding/json of the toolchain in use (CI runs them under
# GOTOOLCHAIN=go1.27.3 too).
fuzz-json:
	@$(MAKE) --no-print-directory fuzz FUZZ_TARGETS="$(FUZZ_JSON)"

# Sanitizers over the C++. go test -asan adds -fsanitize=address to the C
# files only (cgo's CFLAGS and LDFLAGS), never to the C++, so the shim and
# simdjson get the flag through CGO_CXXFLAGS. That variable comes before the
# package's #cgo CXXFLAGS on the compiler's command line, so the package's
# -O3 -g0 stay in force (no -O or -g here: they would be overridden; ASan's
# reports name the C++ functions but not their lines, UBSan's give
# file:line, which it records at compile time).
# Each target builds the test binary once, proves with
# .ci/sanitizer-coverage.sh that the shim's functions and simdjson's carry
# the sanitizer's checks (it fails when the flag stops reaching the C++),
# and runs that same binary; then ./internal/... with the same flags.
SAN_DIR := .sanitize

# AddressSanitizer (gcc's libasan) over the Go code (-asan), the cgo C and
# the C++: the shim and simdjson. Leak detection stays on (Go >= 1.25 runs
# it at exit under -asan); allocator_may_return_null=1 keeps new (std::nothrow)
# returning nullptr on a huge request, as without ASan, instead of aborting.
ASAN_CXXFLAGS ?= -fsanitize=address -fno-omit-frame-pointer
ASAN_OPTIONS ?= detect_leaks=1:halt_on_error=1:allocator_may_return_null=1
test-asan:
	@mkdir -p $(SAN_DIR)
	CGO_CXXFLAGS="$(ASAN_CXXFLAGS)" $(GO) test -asan -c -o $(SAN_DIR)/asan.test .
	.ci/sanitizer-coverage.sh asan $(SAN_DIR)/asan.test
	ASAN_OPTIONS=$(ASAN_OPTIONS) $(SAN_DIR)/asan.test -test.count=1 -test.timeout=30m $(SHORTBIN)
	ASAN_OPTIONS=$(ASAN_OPTIONS) CGO_CXXFLAGS="$(ASAN_CXXFLAGS)" $(GO) test -asan -count=1 -timeout 30m $(SHORTFLAG) $(GO_ONLY_SKIP) ./json ./internal/...

# The fuzz targets under AddressSanitizer, C++ included, FUZZTIME_ASAN each
# (make fuzz runs them uninstrumented). Each package's fuzz binary is built
# once with go test -c -fuzz (the binary is the same whichever target the
# pattern names), checked, and run from $(SAN_DIR) for each of its targets
# in turn: a crashing fuzz worker's
# report never reaches the coordinator's output ("fuzzing process hung or
# terminated unexpectedly"), so ASan writes it to $(SAN_DIR)/fuzz-asan.log.*,
# printed on failure; the failing input lands in testdata/fuzz as usual.
FUZZTIME_ASAN ?= 20000x
FUZZTIME_ASAN_SLOW ?= $(FUZZTIME_ASAN)
# FUZZ_ASAN_TARGETS: all by default; CI names FUZZ_CXX, the targets that
# reach C or C++, leaving out the three whose code is Go alone (the struct
# encoder and the string and float writers: the race stage's checkptr
# checks their unsafe code), which took a fifth of the stage.
FUZZ_ASAN_TARGETS ?= $(FUZZ_TARGETS)
FUZZ_CXX = $(filter-out FuzzMarshalStruct FuzzAppendString FuzzAppendFloat,$(FUZZ_TARGETS))
fuzz-asan:
	@mkdir -p $(SAN_DIR) && rm -f $(SAN_DIR)/fuzz-asan.log.*
	@for pkg in root json; do \
	  dir=.; [ $$pkg = json ] && dir=./json; \
	  echo "== building package $$pkg's fuzz targets under ASan"; \
	  CGO_CXXFLAGS="$(ASAN_CXXFLAGS)" $(GO) test -asan -c -fuzz . -o $(SAN_DIR)/fuzz-asan-$$pkg.test $$dir || exit 1; \
	  .ci/sanitizer-coverage.sh asan $(SAN_DIR)/fuzz-asan-$$pkg.test > $(SAN_DIR)/fuzz-asan.coverage || { cat $(SAN_DIR)/fuzz-asan.coverage; exit 1; }; \
	done
	@for f in $(FUZZ_ASAN_TARGETS); do t=$(FUZZTIME_ASAN); case " $(FUZZ_SLOW) " in *" $$f "*) t=$(FUZZTIME_ASAN_SLOW);; esac; \
	  pkg=root; dir=.; case " $(FUZZ_JSON) " in *" $$f "*) pkg=json; dir=json;; esac; \
	  echo "== $$f under ASan ($$t)"; \
	  (cd $$dir && ASAN_OPTIONS=$(ASAN_OPTIONS):log_path=$(CURDIR)/$(SAN_DIR)/fuzz-asan.log $(CURDIR)/$(SAN_DIR)/fuzz-asan-$$pkg.test -test.run XXX \
	    -test.fuzz "^$$f\$$" -test.fuzztime $$t -test.fuzzminimizetime $(FUZZMINTIME) -test.fuzzcachedir $(CURDIR)/$(SAN_DIR)/fuzzcache) \
	    || { cat $(SAN_DIR)/fuzz-asan.log.* 2>/dev/null; exit 1; }; \
	done

# UndefinedBehaviorSanitizer (gcc's libubsan) over the cgo C and the C++:
# the shim and simdjson, every check of -fsanitize=undefined plus
# float-cast-overflow (undefined behaviour in C++, left out of gcc's
# -fsanitize=undefined); -fno-sanitize-recover=all makes the first finding
# abort the test binary, so a finding fails the target. The binary runs with
# each stage-1 kernel this CPU supports forced (as test-kernels; the one
# simdjson would choose is among them). No suppression: neither simdjson
# nor the shim trips a check in the suite.
UBSAN_FLAGS ?= -fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1
test-ubsan:
	@mkdir -p $(SAN_DIR)
	CGO_CFLAGS="$(UBSAN_FLAGS)" CGO_CXXFLAGS="$(UBSAN_FLAGS)" CGO_LDFLAGS="$(filter -fsanitize=%,$(UBSAN_FLAGS))" \
	  $(GO) test -c -o $(SAN_DIR)/ubsan.test .
	.ci/sanitizer-coverage.sh ubsan $(SAN_DIR)/ubsan.test
	@for k in fallback westmere haswell icelake; do \
	  case $$k in fallback) f="";; westmere) f="$(KERNEL_FLAGS_westmere)";; haswell) f="$(KERNEL_FLAGS_haswell)";; icelake) f="$(KERNEL_FLAGS_icelake)";; esac; \
	  ok=1; for x in $$f; do grep -qw $$x /proc/cpuinfo || ok=0; done; \
	  if [ $$ok = 1 ]; then echo "== UBSan, kernel $$k"; \
	    SIMDJSON_FORCE_IMPLEMENTATION=$$k UBSAN_OPTIONS=$(UBSAN_OPTIONS) $(SAN_DIR)/ubsan.test -test.count=1 -test.timeout=30m $(SHORTBIN) || exit 1; \
	  else echo "== UBSan, kernel $$k: not supported by this CPU, skipped"; fi; \
	done
	UBSAN_OPTIONS=$(UBSAN_OPTIONS) CGO_CFLAGS="$(UBSAN_FLAGS)" CGO_CXXFLAGS="$(UBSAN_FLAGS)" CGO_LDFLAGS="$(filter -fsanitize=%,$(UBSAN_FLAGS))" \
	  $(GO) test -count=1 $(SHORTFLAG) $(GO_ONLY_SKIP) ./json ./internal/...

# Portability. amd64 at the baseline CPU level (the default build) and at
# x86-64-v3 (On-Demand compiled for haswell).
test-v1:
	GOAMD64=v1 $(GO) test -count=1 $(SHORTFLAG) . ./json

# V3_PKGS: CI names the root package alone: GOAMD64=v3 changes the C++
# that On-Demand is compiled as (haswell's), which package json's DOM
# parse does not use (its kernel is chosen at run time, as without v3).
V3_PKGS ?= . ./json
test-v3:
	GOAMD64=v3 $(GO) test -count=1 $(SHORTFLAG) $(V3_PKGS)

# The whole suite with each stage-1 kernel this CPU supports forced.
KERNEL_FLAGS_westmere := sse4_2 pclmulqdq
KERNEL_FLAGS_haswell  := avx2 bmi2 pclmulqdq
KERNEL_FLAGS_icelake  := avx512f avx512bw avx512vl avx512_vbmi2 vpclmulqdq
# KERNEL_PKGS and KERNEL_RUN (a -run pattern): CI names ./json alone and
# its tests that parse (Unmarshal, Decoder, Valid, Token, the corpora),
# since test-ubsan runs the root package's suite under each kernel already
# and package json's encoder never reaches simdjson.
KERNEL_PKGS ?= . ./json
KERNEL_RUN ?=
KERNEL_RUNFLAG := $(if $(KERNEL_RUN),-run '$(KERNEL_RUN)')
test-kernels:
	SIMDJSON_FORCE_IMPLEMENTATION=fallback $(GO) test -count=1 $(SHORTFLAG) $(KERNEL_RUNFLAG) $(KERNEL_PKGS)
	@for k in westmere haswell icelake; do \
	  case $$k in westmere) f="$(KERNEL_FLAGS_westmere)";; haswell) f="$(KERNEL_FLAGS_haswell)";; icelake) f="$(KERNEL_FLAGS_icelake)";; esac; \
	  ok=1; for x in $$f; do grep -qw $$x /proc/cpuinfo || ok=0; done; \
	  if [ $$ok = 1 ]; then echo "== kernel $$k"; SIMDJSON_FORCE_IMPLEMENTATION=$$k $(GO) test -count=1 $(SHORTFLAG) $(KERNEL_RUNFLAG) $(KERNEL_PKGS) || exit 1; \
	  else echo "== kernel $$k: not supported by this CPU, skipped"; fi; \
	done

# linux/arm64: cross-compiled with Debian's g++-aarch64-linux-gnu, the tests
# run under qemu-user (apt-get install g++-aarch64-linux-gnu qemu-user).
test-arm64:
	CGO_ENABLED=1 GOARCH=arm64 CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ \
	QEMU_LD_PREFIX=/usr/aarch64-linux-gnu $(GO) test -count=1 -timeout 30m $(SHORTFLAG) $(GO_ONLY_SKIP) -exec qemu-aarch64 . ./json
	$(if $(SHORT),$(GO) test -count=1 -short -tags purego -run '$(GO_ONLY_TESTS)' ./json)

test-cgocheck2:
	GOEXPERIMENT=cgocheck2 $(GO) test -count=1 $(SHORTFLAG) $(GO_ONLY_SKIP) ./...

vet:
	$(GO) vet ./...

demo:
	$(GO) run ./cmd/ghcount testdata/events.ndjson

# The seed's task as an Apache Beam pipeline (beam/, its own module), on
# prism, Beam's local runner, in process: DIR is a directory of .json.gz
# files or a glob (relative to here, absolute, or gs://...); prints the
# table, the pipeline's counters and the time. BEAM_ARGS adds flags of
# beam/cmd/ghbeam, e.g. BEAM_ARGS="--bad skip --threads 4".
DIR ?=
BEAM_ARGS ?=
beam:
	@test -n "$(DIR)" || { echo "usage: make beam DIR=directory-of-json.gz-files (or a glob) [BEAM_ARGS=...]"; exit 2; }
	@case "$(DIR)" in /*|*://*) in="$(DIR)";; *) in="$(CURDIR)/$(DIR)";; esac; \
	cd beam && $(GO) run ./cmd/ghbeam --input "$$in" $(BEAM_ARGS)

# The seed benchmark (bench/RESULTS.md). GOEXPERIMENT=jsonv2 builds the
# json/v2 method in; BENCH_ARGS adds flags, e.g. BENCH_ARGS="-size 256MB".
BENCH_ARGS ?=
bench:
	cd bench && GOEXPERIMENT=jsonv2 $(GO) run . -size 1GB -runs 3 $(BENCH_ARGS)

# The task from compressed files (bench/gz.go): the generated events as
# hourly-sized .json.gz files (written once to a temporary directory, about
# 0.15 bytes per byte of -size), read, inflated, parsed and counted.
bench-gz:
	cd bench && $(GO) run . -gz -size 1.9GB -runs 3 $(BENCH_ARGS)

# The HTTP load test (bench/http.sh, bench/httpload/): a server process per
# JSON library (package json, encoding/json, sonic, goccy) and framework
# (net/http, gin) pinned to CPU 0, bombardier and vegeta pinned to CPU 1,
# loopback only; about 8 minutes. BENCH_HTTP_ARGS adds flags, e.g.
# BENCH_HTTP_ARGS=-quick (about 50 s) or "-json runs.json -profile prof".
BENCH_HTTP_ARGS ?=
bench-http:
	bench/http.sh $(BENCH_HTTP_ARGS)

# bench/RESULTS.md's figures: N invocations (3 by default; the current ones
# came from N=5), medians, chart (bench/results.sh).
bench-results:
	bench/results.sh

# Build and vet the bench module (with and without json/v2), without running it.
bench-vet:
	cd bench && $(GO) vet ./... && $(GO) build ./...
	cd bench && GOEXPERIMENT=jsonv2 $(GO) vet ./... && GOEXPERIMENT=jsonv2 $(GO) build ./...
	cd bench/httpload && $(GO) vet ./... && for t in lib_simdjson lib_sonic,sonic lib_goccy,go_json; do $(GO) vet -tags $$t ./server || exit 1; done

# The framework adapters (adapters/, their own module), each tested against
# the real framework on loopback.
test-adapters:
	cd adapters && $(GO) vet ./... && $(GO) test -count=1 ./...

bench-micro:
	$(GO) test -run XXX -bench . -count 5 .

# The vendored files must match the hashes recorded when they were vendored.
check-vendor:
	cd csrc && sha256sum --check --quiet SHA256SUMS
	cd internal/inflate/libdeflate && sha256sum --check --quiet SHA256SUMS

# Re-create csrc/'s simdjson files from SIMDJSON_SRC with upstream's own
# amalgamation script (csrc/vendor.sh: checkout of the tag, amalgamate.py,
# hashes checked against csrc/SHA256SUMS), offline, and bump the version
# macro that makes cgo rebuild the amalgamation. csrc/PROVENANCE says how the
# committed files were made.
vendor:
	csrc/vendor.sh "$(SIMDJSON_SRC)"

ci: vet test test-race test-cgocheck2

-include bench/handles/bench.mk
