#!/usr/bin/env bash
# One command for the 1 024-host numbers of docs/performance.md ("Fabric scale"):
#   scripts/bench-traffic-scale.sh [BUILD_DIR]
# Runs each command 3 times under /usr/bin/time and prints a Markdown table of the medians
# (wall clock, CPU = user + system, peak resident memory), then bench_traffic_scale (list
# vs bitset link sets, run formula vs user scan, same process, medians of 3).
# LIQUID_BENCH_LIMIT_S (default 60) is the schedule runs' --time-limit.
set -euo pipefail
build=${1:-build}
liquid="$build/liquid"
bench="$build/bench_traffic_scale"
for f in "$liquid" "$bench"; do
  if [ ! -x "$f" ]; then
    echo "bench-traffic-scale.sh: $f not found (cmake --build $build --target liquid bench_traffic_scale)" >&2
    exit 2
  fi
done
limit=${LIQUID_BENCH_LIMIT_S:-60}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "Machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; medians of 3."
echo
echo "| command | wall (s) | CPU (s) | peak memory (MB) | result |"
echo "|---|---:|---:|---:|---|"
run() {  # run LABEL ARGS...: three runs, one table row
  local label=$1
  shift
  for i in 1 2 3; do
    /usr/bin/time -f "%e %U %S %M" -o "$out/time.$i" "$liquid" "$@" --json >"$out/out.$i"
  done
  python3 - "$out" "$label" <<'PY'
import json, statistics, sys
d, label = sys.argv[1], sys.argv[2]
rows = [open(f"{d}/time.{i}").read().split()[-4:] for i in (1, 2, 3)]
wall = statistics.median(float(r[0]) for r in rows)
cpu = statistics.median(float(r[1]) + float(r[2]) for r in rows)
mem = statistics.median(int(r[3]) for r in rows) / 1024
j = json.load(open(f"{d}/out.1"))
if "schedule" in j:
    s = j["schedule"]
    result = (f"{j['transfers']} transfers, Λ {j['duration']}: length {s['length']}, "
              f"{'optimal' if s.get('optimal') else 'not proven'}, verified {str(s.get('verified')).lower()}, by {s.get('solver')}")
else:
    edges = j.get("congestion_graph", {}).get("edges")
    result = f"{j['transfers']} transfers, Λ {j['duration']}" + (f", {edges} congestion edges" if edges is not None else "")
print(f"| `{label}` | {wall:.1f} | {cpu:.1f} | {mem:.0f} | {result} |")
PY
}
run "liquid analyze --network fat-tree:4,5 --no-congestion-graph" analyze --network fat-tree:4,5 --no-congestion-graph
run "liquid analyze --network fat-tree:4,5" analyze --network fat-tree:4,5
run "liquid schedule --network fat-tree:4,5 --time-limit $limit" schedule --network fat-tree:4,5 --time-limit "$limit"
run "liquid schedule --network fat-tree:32,2 --time-limit $limit" schedule --network fat-tree:32,2 --time-limit "$limit"
run "liquid schedule --network hypercube:10 --time-limit $limit" schedule --network hypercube:10 --time-limit "$limit"
echo
"$bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>/dev/null | grep -E "median|^Benchmark|^-" || true
