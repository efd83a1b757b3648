#!/usr/bin/env bash
# One command for the peers table of docs/performance.md ("Side by side with the MILP and SAT peers"):
#   scripts/bench-peers.sh [BUILD_DIR] [TIME_LIMIT_S] [EVERY]
# Runs bench_peers: the default method (--method optimal) against the papers' MILP through
# CBC and GLPK (--method milp) and CaDiCaL alone (--method sat) on the Swiss-T1 testbed
# patterns (every EVERY-th of the 363 distinct liquid throughputs; 1 = all), the ring-arc
# hard cases (bench/sched.cpp's and examples/sched-ring-arcs.traffic) and fabric all-to-alls, each with TIME_LIMIT_S per solve; every answer is
# verified. Writes peers.csv in the current directory and prints the Markdown summary.
set -euo pipefail
build=${1:-build}
limit=${2:-1}
every=${3:-1}
bin="$build/bench_peers"
if [ ! -x "$bin" ]; then
  echo "bench-peers.sh: $bin not found (cmake --build $build --target bench_peers)" >&2
  exit 2
fi
echo "Machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
repo=$(cd "$(dirname "$0")/.." && pwd)
"$bin" --time-limit "$limit" --every "$every" --csv peers.csv --ring-arcs "$repo/examples/sched-ring-arcs.traffic"
