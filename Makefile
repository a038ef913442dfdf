# Thin front end over CMake (standalone mode, against Debian's ns-3 3.37).
# ns-3 ignores this file when the module sits in an ns-3 tree's contrib/.
#
#   make demo    install what is missing, build, run the main job
#   make check   install what is missing, build, run every test
#   make check-quick  build, run the quick tests (CTest label "quick")
#   make bench   build, print the performance tables
#
# BUILD=dir selects the build directory; CMAKE_FLAGS adds configure options
# (e.g. CMAKE_FLAGS=-DTSQ_SANITIZE=ON). Warnings are errors when CI=true
# (WERROR=ON), and not for a user whose newer compiler warns anew.

BUILD ?= build
CORE_BUILD ?= $(BUILD)-core-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
FUZZ_SECONDS ?= 30
FUZZ_RUNS ?= 10000000
BENCH_FLAGS ?=
WERROR ?= $(if $(filter true,$(CI)),ON,OFF)
# make build-types: COMPILER:BUILD_TYPE pairs, each built in build-types/
BUILD_TYPES ?= gcc:Release clang:Debug
TIMES = $(BUILD)/check-times.txt

.PHONY: build build-types demo figures check check-quick check-core-sanitized fuzz-long in-tree bench clean

build:
	sh utils/install-deps.sh build
	cmake -S . -B $(BUILD) -DTSQ_WERROR=$(WERROR) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)

# The build types a user may pick, built (not tested) with warnings as
# errors: CI builds Release with GCC and Debug with Clang beside make
# check's RelWithDebInfo; BUILD_TYPES="gcc:MinSizeRel ..." for others.
build-types:
	sh utils/install-deps.sh check
	@for pair in $(BUILD_TYPES); do \
	    cc=$${pair%%:*}; type=$${pair#*:}; \
	    case $$cc in gcc) cxx=g++ ;; clang) cxx=clang++ ;; \
	    *) echo "build-types: compiler '$$cc' is not gcc or clang" >&2; exit 2 ;; esac; \
	    dir=build-types/$$cc-$$type; t0=$$(date +%s); mkdir -p build-types; \
	    echo "== build-types: $$cc $$type in $$dir"; \
	    CC=$$cc CXX=$$cxx cmake -S . -B $$dir -DCMAKE_BUILD_TYPE=$$type -DTSQ_WERROR=ON \
	        -DTSQ_MUTATION_TEST=OFF >$$dir.log 2>&1 && \
	    cmake --build $$dir -j$(JOBS) >>$$dir.log 2>&1 || \
	        { tail -30 $$dir.log; echo "build-types: FAIL: $$cc $$type (log $$dir.log)" >&2; exit 1; }; \
	    echo "build-types: $$cc $$type built in $$(($$(date +%s) - t0)) s"; \
	done

# Reproduction 1 (reference 004's pacing-shift table) in its quick mode: the
# table beside Linux's numbers, results/demo.db, plots and .flent.gz files.
demo:
	sh utils/install-deps.sh demo
	$(MAKE) build
	$(BUILD)/examples/tsq-pacing-shift --quick --name=demo --resultsDir=results
	@echo "demo: database results/demo.db (one file per run in results/demo/);"
	@echo "demo: plots results/demo-results.png (goodput and ping), results/demo-goodput.png, results/demo-latency.png, results/demo-timeseries.png (shift 10 and 8 stacked);"
	@echo "demo: Flent files results/demo/*.flent.gz (flent -i FILE -f summary)"

# doc/figures/*.png from full runs of the six reproductions (long).
figures:
	sh utils/install-deps.sh demo
	$(MAKE) build
	sh utils/make-figures.sh $(BUILD)

# Every test: the C core's, the ns-3 suites through the runner (alone and
# all in one process), the examples run as tests, the wscript list check;
# then the C core again under ASan+UBSan with clang, with its bounded
# libFuzzer run. Prints how long each group took (CTest's label summary
# adds each label's test time).
check:
	@mkdir -p $(BUILD) && : >$(TIMES)
	@sh utils/check-timed.sh $(TIMES) packages sh utils/install-deps.sh check
	@sh utils/check-timed.sh $(TIMES) build $(MAKE) --no-print-directory build
	@sh utils/check-timed.sh $(TIMES) tests ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)
	@sh utils/check-timed.sh $(TIMES) core-sanitized $(MAKE) --no-print-directory check-core-sanitized
	@echo "check: time per group (s):"; sed 's/^/  /' $(TIMES)

# The tests labelled quick (everything but the few slowest: the core
# mutation check, the fault matrix, bad input over every option, the
# live-kernel twin, the suites in one process), for editing the code.
check-quick:
	$(MAKE) --no-print-directory build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS) -L quick

# The core's libFuzzer harness for 10 million executions under ASan+UBSan
# (make check runs it for FUZZ_SECONDS); prints the executions it made.
fuzz-long:
	CC=clang cmake -S c-core -B $(CORE_BUILD) -DTSQ_SANITIZE=ON -DTSQ_FUZZ=ON
	cmake --build $(CORE_BUILD) -j$(JOBS)
	TSQ_FUZZ_RUNS=$(FUZZ_RUNS) sh c-core/tests/fuzz.sh $(CORE_BUILD)/fuzz_core c-core/tests/fuzz/corpus

# The mutation check runs once, in the main build (make check's tests).
check-core-sanitized:
	CC=clang cmake -S c-core -B $(CORE_BUILD) -DTSQ_SANITIZE=ON -DTSQ_FUZZ=ON \
	    -DTSQ_MUTATION_TEST=OFF -DTSQ_WERROR=$(WERROR)
	cmake --build $(CORE_BUILD) -j$(JOBS)
	TSQ_FUZZ_SECONDS=$(FUZZ_SECONDS) ctest --test-dir $(CORE_BUILD) --output-on-failure -j$(JOBS)

# Performance tables (printed, never judged): the C core's cost per call of
# its hot functions; table 1, the simulation's cost of the module (ns-3's
# TCP, the module with TSQ off, its default; WiFi and p2p) in one run, and
# table 2, the same as the stations grow (examples/tsq-bench.cc); table 3,
# reproduction 1's table at --precision=0.02 with its wall time.
# BENCH_FLAGS=--quick for short runs (table 3: one seed per shift);
# BENCH_FLAGS=--instructions adds callgrind's instruction counts (slow).
bench:
	$(MAKE) build
	@echo "== bench: C core, cost per call (c-core/bench/bench_core.c)"
	$(BUILD)/c-core/bench_core $(filter --quick,$(BENCH_FLAGS))
	@echo
	@echo "== bench: tables 1 and 2, simulation cost of the module (examples/tsq-bench.cc)"
	$(BUILD)/examples/tsq-bench $(BENCH_FLAGS)
	@echo
	@echo "== bench: table 3, reproduction 1 at --precision=0.02 (examples/tsq-pacing-shift.cc)"
	$(BUILD)/examples/tsq-pacing-shift --precision=0.02 $(if $(filter --quick,$(BENCH_FLAGS)),--seeds=1) --resultsDir=$(BUILD)/bench-results --name=precision --plot=0 --flent=0

# In-tree build with ns-3's own tooling (slow: tens of minutes the first time).
in-tree:
	sh utils/install-deps.sh in-tree
	sh utils/check-in-tree.sh

clean:
	rm -rf $(BUILD) $(CORE_BUILD) build-types
