# Front door. `make demo` and `make test` are the README's two commands; they install the
# Debian dependencies first (scripts/install-deps.sh). `make build` and `make install` only
# build (and install) with what the machine has.
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan
PREFIX ?= /usr/local

FUZZ_SECONDS ?= 60
# 8 000 runs per harness keep the fuzz pass near 2.5 minutes on two cores (command_line runs
# whole commands, about 13 ms each under ASan); `make fuzz` explores for longer.
FUZZ_CI_RUNS ?= 8000

.PHONY: deps build demo install test test-release asan-configure asan-build test-asan test-fuzz fuzz tidy format-check bench clean

deps:
	bash scripts/install-deps.sh

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DLIQUID_WERROR=$(if $(CI),ON,OFF) > /dev/null
	cmake --build $(BUILD) -j $(JOBS)

demo: deps
	$(MAKE) --no-print-directory build
	$(BUILD)/liquid schedule
	@echo
	@echo "liquid is $(abspath $(BUILD))/liquid; \`make install PREFIX=DIR\` puts it (and liquid-mpi, the interposer, the man page) under DIR"

# The tools, the interposer, the ibsim helpers, the man page, the libraries and headers.
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

test: deps
	$(MAKE) --no-print-directory test-release test-asan test-fuzz

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)
	bash scripts/run-clang-tidy.sh $(BUILD) $(JOBS)
	$(MAKE) --no-print-directory format-check

# Static checks of the library sources (.clang-tidy lists them, each with its reason).
tidy: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release > /dev/null
	bash scripts/run-clang-tidy.sh $(BUILD) $(JOBS)

# Fails when a source file differs from its .clang-format layout (prints the places).
format-check:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror

# The sanitizer build, one for the unit/parser tests and the fuzz harnesses: clang, Debug
# (assertions on), ASan+UBSan on every object and halting on the first error, plus
# libFuzzer's coverage instrumentation (LIQUID_FUZZ), so the harnesses of fuzz/ link the very
# objects the tests ran. Benchmarks are not built (they only mean something in Release).
asan-configure: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DLIQUID_FUZZ=ON \
	  -DLIQUID_BENCH=OFF -DLIQUID_WERROR=$(if $(CI),ON,OFF) > /dev/null

asan-build: asan-configure
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# Heavy end-to-end tests skip themselves under LIQUID_SANITIZED=1 (the Release pass runs them).
test-asan: asan-build
	LIQUID_SANITIZED=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

# Replays fuzz/regressions/ and fuzzes each harness of fuzz/ for FUZZ_CI_RUNS executions with a
# fixed libFuzzer seed (FUZZ_SEED, default 1): the same inputs on every machine. Part of
# `make test`, from the sanitizer build above (nothing left to build after test-asan).
test-fuzz: asan-configure
	FUZZ_BUILD=$(abspath $(ASAN_BUILD)) JOBS=$(JOBS) bash scripts/fuzz.sh ci $(FUZZ_CI_RUNS)

# Fuzzes each harness of fuzz/ for FUZZ_SECONDS (builds only the harnesses of the sanitizer build).
fuzz: asan-configure
	FUZZ_BUILD=$(abspath $(ASAN_BUILD)) JOBS=$(JOBS) bash scripts/fuzz.sh run $(FUZZ_SECONDS)

bench: build
	bash scripts/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
