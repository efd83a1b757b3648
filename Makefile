# Front door. `make demo` and `make test` are the README's two commands.
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan

FUZZ_SECONDS ?= 60
FUZZ_CI_RUNS ?= 20000

.PHONY: deps build demo test test-release test-asan test-fuzz fuzz tidy format-check bench clean

deps:
	bash scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DLIQUID_WERROR=$(if $(CI),ON,OFF) > /dev/null
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/liquid schedule

test: test-release test-asan test-fuzz

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

test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DLIQUID_SANITIZE=ON -DLIQUID_BENCH=OFF -DLIQUID_WERROR=$(if $(CI),ON,OFF) > /dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	LIQUID_SANITIZED=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

# Replays fuzz/regressions/ and fuzzes each of the 9 harnesses for FUZZ_CI_RUNS executions with a
# fixed libFuzzer seed (FUZZ_SEED, default 1): the same inputs on every machine, about 2 min in
# total here, build excluded (part of `make test`).
test-fuzz: deps
	JOBS=$(JOBS) LIQUID_WERROR=$(if $(CI),ON,OFF) bash scripts/fuzz.sh ci $(FUZZ_CI_RUNS)

# Fuzzes each harness of fuzz/ for FUZZ_SECONDS (clang + libFuzzer, build-fuzz/).
fuzz: deps
	JOBS=$(JOBS) bash scripts/fuzz.sh run $(FUZZ_SECONDS)

bench: build
	bash scripts/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-fuzz
