# bench/handles/bench.mk: `make bench-handles` (included by the main Makefile;
# paths are relative to the module root, where make runs).
#
# Builds the native On-Demand program (bench/handles/native_handles) when its
# sources changed, then runs the Go driver (package handles of the bench/
# module, run from bench/ with absolute paths), which times the Go handle
# loop and the native loop alternately over ../shared/data/gharchive/*.ndjson.
# The vendored simdjson.cpp is compiled once into bench/handles/build/.
#
# `make bench-handles-breakdown` also times partial loops and two in-between
# variants that split the Go overhead: the same loop in C++ through the
# binding's shim (build/shim_handles, linking internal/shim/ondemand.cpp) and in
# Go calling internal/shim directly (build tag handles_raw).

BENCH_HANDLES_DIR      := bench/handles
BENCH_HANDLES_BUILD    := $(BENCH_HANDLES_DIR)/build
BENCH_HANDLES_BIN      := $(BENCH_HANDLES_DIR)/native_handles
BENCH_HANDLES_SHIM_BIN := $(BENCH_HANDLES_BUILD)/shim_handles
BENCH_HANDLES_CXX      ?= g++
BENCH_HANDLES_CXXFLAGS ?= -O3 -std=c++17 -DNDEBUG -DSIMDJSON_EXCEPTIONS=0 -I csrc
BENCH_HANDLES_DATA     ?= ../shared/data/gharchive
BENCH_HANDLES_ARGS     ?=
# The driver is in the bench/ module: run it from there with absolute paths.
BENCH_HANDLES_RUN      := cd bench && go run

.PHONY: bench-handles bench-handles-breakdown bench-handles-native bench-handles-clean

bench-handles: $(BENCH_HANDLES_BIN)
	$(BENCH_HANDLES_RUN) ./handles -native $(abspath $(BENCH_HANDLES_BIN)) -data $(abspath $(BENCH_HANDLES_DATA)) $(BENCH_HANDLES_ARGS)

bench-handles-breakdown: $(BENCH_HANDLES_BIN) $(BENCH_HANDLES_SHIM_BIN)
	$(BENCH_HANDLES_RUN) -tags handles_raw ./handles -native $(abspath $(BENCH_HANDLES_BIN)) -shim $(abspath $(BENCH_HANDLES_SHIM_BIN)) -breakdown -data $(abspath $(BENCH_HANDLES_DATA)) $(BENCH_HANDLES_ARGS)

bench-handles-native: $(BENCH_HANDLES_BIN)

$(BENCH_HANDLES_BUILD)/simdjson.o: csrc/simdjson.cpp csrc/simdjson.h $(BENCH_HANDLES_DIR)/bench.mk
	@mkdir -p $(BENCH_HANDLES_BUILD)
	$(BENCH_HANDLES_CXX) $(BENCH_HANDLES_CXXFLAGS) -c csrc/simdjson.cpp -o $@

$(BENCH_HANDLES_BUILD)/handles.o: $(BENCH_HANDLES_DIR)/native/handles.cpp csrc/simdjson.h $(BENCH_HANDLES_DIR)/bench.mk
	@mkdir -p $(BENCH_HANDLES_BUILD)
	$(BENCH_HANDLES_CXX) $(BENCH_HANDLES_CXXFLAGS) -c $(BENCH_HANDLES_DIR)/native/handles.cpp -o $@

$(BENCH_HANDLES_BIN): $(BENCH_HANDLES_BUILD)/handles.o $(BENCH_HANDLES_BUILD)/simdjson.o
	$(BENCH_HANDLES_CXX) $^ -o $@

$(BENCH_HANDLES_BUILD)/handles_via_shim.o: $(BENCH_HANDLES_DIR)/native/handles.cpp csrc/simdjson.h internal/shim/simdjson_go.h $(BENCH_HANDLES_DIR)/bench.mk
	@mkdir -p $(BENCH_HANDLES_BUILD)
	$(BENCH_HANDLES_CXX) $(BENCH_HANDLES_CXXFLAGS) -I internal/shim -DHANDLES_VIA_SHIM -c $(BENCH_HANDLES_DIR)/native/handles.cpp -o $@

# Same flags as cgo uses for the shim (internal/shim/flags.go). ondemand.cpp
# finds its pieces (parser.h, ..., kernels.h) and simdjson_go.h beside it.
BENCH_HANDLES_SHIM_SRC := internal/shim/ondemand.cpp $(wildcard internal/shim/*.h)
$(BENCH_HANDLES_BUILD)/shim.o: $(BENCH_HANDLES_SHIM_SRC) csrc/simdjson.h $(BENCH_HANDLES_DIR)/bench.mk
	@mkdir -p $(BENCH_HANDLES_BUILD)
	$(BENCH_HANDLES_CXX) $(BENCH_HANDLES_CXXFLAGS) -fno-exceptions -c internal/shim/ondemand.cpp -o $@

# The shim calls Go back from its parallel map: stand-ins let it link alone.
$(BENCH_HANDLES_BUILD)/go_stubs.o: $(BENCH_HANDLES_DIR)/native/go_stubs.cpp internal/shim/simdjson_go.h $(BENCH_HANDLES_DIR)/bench.mk
	@mkdir -p $(BENCH_HANDLES_BUILD)
	$(BENCH_HANDLES_CXX) $(BENCH_HANDLES_CXXFLAGS) -I internal/shim -c $(BENCH_HANDLES_DIR)/native/go_stubs.cpp -o $@

$(BENCH_HANDLES_SHIM_BIN): $(BENCH_HANDLES_BUILD)/handles_via_shim.o $(BENCH_HANDLES_BUILD)/shim.o $(BENCH_HANDLES_BUILD)/go_stubs.o $(BENCH_HANDLES_BUILD)/simdjson.o
	$(BENCH_HANDLES_CXX) $^ -o $@ -pthread

bench-handles-clean:
	rm -rf $(BENCH_HANDLES_BUILD) $(BENCH_HANDLES_BIN)

# Included before the main Makefile's first target, bench-handles would
# become the default goal: give that back (the next target parsed gets it).
ifeq ($(.DEFAULT_GOAL),bench-handles)
.DEFAULT_GOAL :=
endif
