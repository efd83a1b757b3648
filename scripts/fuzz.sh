#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ in the sanitizer build (build-asan/, configured by
# `make asan-configure`: clang, ASan+UBSan, LIQUID_FUZZ=ON) and runs them.
#   scripts/fuzz.sh run SECONDS     fuzz each harness for SECONDS (make fuzz FUZZ_SECONDS=N)
#   scripts/fuzz.sh ci RUNS         replay fuzz/regressions/<harness>/ (every crash found so
#                                   far), then fuzz each harness for RUNS executions (make test-fuzz)
# FUZZ_BUILD names another build directory configured with LIQUID_FUZZ=ON; JOBS harnesses
# run side by side (default 2).
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

# One harness: replay its regressions (ci), then fuzz it. Prints its report; fails on a crash.
fuzz_harness() {
  local h=$1 bin="$build/fuzz_$1" corpus="$build/corpus/$1" crashes="$build/crashes/$1" budget args
  [ "$mode" = ci ] && { corpus="$build/ci-corpus/$h"; rm -rf "$corpus"; }
  mkdir -p "$corpus" "$crashes"
  if [ -d "$root/fuzz/corpus/$h" ]; then cp -n "$root/fuzz/corpus/$h"/* "$corpus"/ 2>/dev/null || true; fi
  if [ "$mode" = ci ] && [ -d "$root/fuzz/regressions/$h" ] && [ -n "$(ls -A "$root/fuzz/regressions/$h")" ]; then
    echo "fuzz: $h: replaying $(ls "$root/fuzz/regressions/$h" | wc -l) regression inputs"
    "$bin" -runs=0 "$root/fuzz/regressions/$h"/* >"$build/$h-replay.log" 2>&1 || { tail -30 "$build/$h-replay.log"; return 1; }
  fi
  if [ "$mode" = ci ]; then budget=(-runs="$amount" -max_total_time=900); else budget=(-max_total_time="$amount"); fi
  args=(-seed="$seed" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
        -artifact_prefix="$crashes/" "$corpus")
  echo "fuzz: $h: ${amount} $([ "$mode" = ci ] && echo runs || echo s), seed $seed"
  local ok=0
  if ! "$bin" "${args[@]}" >"$build/$h.log" 2>&1; then
    tail -40 "$build/$h.log"
    echo "fuzz: $h FAILED (input in $crashes/); reproduce with: FUZZ_SEED=$seed scripts/fuzz.sh $mode $amount"
    ok=1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$build/$h.log" | tail -2 | sed "s/^/fuzz: $h: /"
  return $ok
}

# JOBS harnesses at a time (each libFuzzer process is single-threaded and independent of the
# others, so the inputs each one tries do not change); reports print whole, in order.
for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  { fuzz_harness "$h" && echo 0 || echo 1; } >"$build/$h.report" 2>&1 &
done
wait
status=0
for h in "${harnesses[@]}"; do
  sed '$d' "$build/$h.report"
  [ "$(tail -1 "$build/$h.report")" = 0 ] || status=1
done
exit $status
