#!/usr/bin/env bash
# A/B benchmark of two builds of liquid on the same machine in one script run, e.g. the
# tree before a restructuring against the tree after it:
#   scripts/bench-ab.sh BASE_BUILD NEW_BUILD [ROUNDS]
# Both builds need bench_analysis, bench_sched, bench_testbed and liquid (Release). The
# script alternates the two builds round by round (A B, B A, A B, ...) so that the load of
# a shared machine falls on both equally, and prints per benchmark the median over the
# rounds of each build and the ratio NEW / BASE (below 1: the new build is faster).
# Benchmarks: congestion graph and analysis of the Swiss-T1 32x32 all-to-all
# (bench_analysis), DSatur / liquid / optimal solves of the scheduling table's K-ring
# instances (bench_sched), the 5^8 sweep (bench_testbed), and the wall time of
# `liquid testbed t1 --no-enumerate --threads 2` (363 representatives scheduled exactly).
set -euo pipefail
base=${1:?usage: bench-ab.sh BASE_BUILD NEW_BUILD [ROUNDS]}
new=${2:?usage: bench-ab.sh BASE_BUILD NEW_BUILD [ROUNDS]}
rounds=${3:-3}
for b in "$base" "$new"; do
  for bin in bench_analysis bench_sched bench_testbed liquid; do
    [ -x "$b/$bin" ] || { echo "bench-ab.sh: $b/$bin not found" >&2; exit 2; }
  done
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

one_run() {  # one_run BUILD LABEL ROUND: appends "label<TAB>benchmark<TAB>ms" lines
  local b=$1 label=$2 r=$3
  "$b/bench_analysis" --benchmark_filter='BM_CongestionGraphPerLink|BM_AnalyzeKRing|BM_BuildKRingAllToAll' \
    --benchmark_format=json --benchmark_out="$work/$label-analysis-$r.json" --benchmark_out_format=json >/dev/null 2>&1
  "$b/bench_sched" --benchmark_filter='^Solve/(kring-a2a-32x32|kring-2314-0231|kring-4040-4040|two-switch)/' \
    --benchmark_format=json --benchmark_out="$work/$label-sched-$r.json" --benchmark_out_format=json >/dev/null 2>&1
  "$b/bench_testbed" --benchmark_filter='BM_Sweep/2' \
    --benchmark_format=json --benchmark_out="$work/$label-testbed-$r.json" --benchmark_out_format=json >/dev/null 2>&1
  local t0 t1
  t0=$(date +%s.%N)
  "$b/liquid" testbed t1 --no-enumerate --threads 2 --out "$work/t1-$label" >/dev/null 2>&1
  t1=$(date +%s.%N)
  echo "{\"t1_seconds\": $(python3 -c "print($t1 - $t0)")}" > "$work/$label-t1-$r.json"
}

for r in $(seq 1 "$rounds"); do
  if (( r % 2 )); then order="base new"; else order="new base"; fi
  for side in $order; do
    if [ "$side" = base ]; then one_run "$base" base "$r"; else one_run "$new" new "$r"; fi
    echo "round $r: $side done" >&2
  done
done

python3 - "$work" "$rounds" <<'PY'
import glob, json, os, statistics, sys
work, rounds = sys.argv[1], sys.argv[2]
times = {"base": {}, "new": {}}
for side in times:
    for f in glob.glob(os.path.join(work, f"{side}-*.json")):
        data = json.load(open(f))
        if "t1_seconds" in data:
            times[side].setdefault("liquid testbed t1 --no-enumerate --threads 2 (wall)", []).append(data["t1_seconds"] * 1e3)
            continue
        for b in data["benchmarks"]:
            if b.get("run_type") == "aggregate" or b.get("error_occurred"): continue
            unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
            times[side].setdefault(b["name"], []).append(b["real_time"] * unit)
load = open("/proc/loadavg").read().split()[:3]
print(f"{rounds} alternating rounds per build (A B, B A, ...); load average at the end {' '.join(load)}; wall ms, median over rounds\n")
print("| benchmark | base ms | new ms | new ÷ base |")
print("|---|---:|---:|---:|")
for name in sorted(set(times["base"]) & set(times["new"])):
    a, b = statistics.median(times["base"][name]), statistics.median(times["new"][name])
    print(f"| {name} | {a:.3f} | {b:.3f} | {b / a:.2f} |")
PY
