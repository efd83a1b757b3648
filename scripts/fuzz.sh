#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ in the sanitizer build (build-asan/, configured by
# `make asan-configure`: clang, ASan+UBSan, LIQUID_FUZZ=ON) and runs them.
#   scripts/fuzz.sh run SECONDS     fuzz each harness for SECONDS (make fuzz FUZZ_SECONDS=N)
#   scripts/fuzz.sh ci RUNS         replay fuzz/regressions/<harness>/ (every crash found so
#                                   far), then fuzz each harness for RUNS executions (make test-fuzz)
# FUZZ_BUILD names another build directory configured with LIQUID_FUZZ=ON.
# The checked-in seed corpus fuzz/corpus/<harness>/ is copied to build-asan/corpus/, which
# keeps growing across `run`s; new crashes land in build-asan/crashes/<harness>/ — copy them
# to fuzz/regressions/<harness>/ with the fix.
# `ci` is reproducible: libFuzzer's random seed is fixed (FUZZ_SEED, default 1, printed),
# each harness starts from the checked-in seeds only (a fresh build-asan/ci-corpus/) and
# runs a fixed number of executions (not a time: a faster machine would go further down
# the sequence and could fail where this one passed), so every machine tries the same
# inputs in the same order. A red CI run replays with the command it prints.
set -euo pipefail
mode=${1:-run}
amount=${2:-60}  # run: seconds per harness; ci: executions per harness
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-$root/build-asan}
jobs=${JOBS:-2}
seed=${FUZZ_SEED:-1}

if ! grep -qx 'LIQUID_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz.sh: $build is not a build configured with LIQUID_FUZZ=ON (run make fuzz or make test-fuzz, which configure it)" >&2
  exit 2
fi
harnesses=()
for src in "$root"/fuzz/*.cpp; do harnesses+=("$(basename "$src" .cpp)"); done
cmake --build "$build" -j "$jobs" --target "${harnesses[@]/#/fuzz_}"

status=0
for h in "${harnesses[@]}"; do
  bin="$build/fuzz_$h"
  corpus="$build/corpus/$h"
  [ "$mode" = ci ] && { corpus="$build/ci-corpus/$h"; rm -rf "$corpus"; }
  crashes="$build/crashes/$h"
  mkdir -p "$corpus" "$crashes"
  if [ -d "$root/fuzz/corpus/$h" ]; then cp -n "$root/fuzz/corpus/$h"/* "$corpus"/ 2>/dev/null || true; fi
  if [ "$mode" = ci ] && [ -d "$root/fuzz/regressions/$h" ] && [ -n "$(ls -A "$root/fuzz/regressions/$h")" ]; then
    echo "fuzz: $h: replaying $(ls "$root/fuzz/regressions/$h" | wc -l) regression inputs"
    "$bin" -runs=0 "$root/fuzz/regressions/$h"/* >"$build/$h-replay.log" 2>&1 || { tail -30 "$build/$h-replay.log"; status=1; continue; }
  fi
  if [ "$mode" = ci ]; then budget=(-runs="$amount" -max_total_time=900); else budget=(-max_total_time="$amount"); fi
  args=(-seed="$seed" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
        -artifact_prefix="$crashes/" "$corpus")
  echo "fuzz: $h: ${amount} $([ "$mode" = ci ] && echo runs || echo s), seed $seed"
  if ! "$bin" "${args[@]}" >"$build/$h.log" 2>&1; then
    tail -40 "$build/$h.log"
    echo "fuzz: $h FAILED (input in $crashes/); reproduce with: FUZZ_SEED=$seed scripts/fuzz.sh $mode $amount"
    status=1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$build/$h.log" | tail -2 | sed "s/^/fuzz: $h: /"
done
exit $status
