#!/usr/bin/env bash
# Runs every Google Benchmark binary of a build (default build/) with repetitions and
# prints the median of each benchmark. Usage: scripts/bench.sh [BUILD_DIR] [FILTER_REGEX]
set -euo pipefail
build=${1:-build}
filter=${2:-.}
reps=${LIQUID_BENCH_REPETITIONS:-5}
shopt -s nullglob
benches=("$build"/bench_*)
if [ ${#benches[@]} -eq 0 ]; then
  echo "bench.sh: no bench_* binaries in $build (build with -DLIQUID_BENCH=ON)" >&2
  exit 2
fi
for b in "${benches[@]}"; do
  echo "== $(basename "$b") (median of $reps)"
  "$b" --benchmark_filter="$filter" --benchmark_repetitions="$reps" \
       --benchmark_report_aggregates_only=true 2>/dev/null | grep -E "_median|^Benchmark|^-" || true
done
# The documented reproduction numbers (README.md, docs/) against the commands that generate them (a few minutes).
echo "== documented numbers (scripts/check-readme-numbers.py)"
python3 "$(dirname "$0")/check-readme-numbers.py" "$build" "$(dirname "$0")/.."
