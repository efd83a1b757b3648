#!/usr/bin/env bash
# One command for the scheduling tables of docs/performance.md (section Scheduling):
#   scripts/bench-sched.sh [BUILD_DIR] [REPETITIONS]
# Runs bench_sched (Google Benchmark), takes the median of each benchmark over the
# repetitions and prints Markdown tables: per instance and method the median wall and
# CPU time, the schedule length against Λ, whether it is proven optimal, and the ratio to
# DSatur measured on the same input in the same run; then the search-space reduction of
# the full-team enumeration (report §6.3, Fig. 9).
set -euo pipefail
build=${1:-build}
reps=${2:-5}
bin="$build/bench_sched"
if [ ! -x "$bin" ]; then
  echo "bench-sched.sh: $bin not found (cmake --build $build --target bench_sched)" >&2
  exit 2
fi
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$bin" --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
       --benchmark_format=json --benchmark_out="$json" --benchmark_out_format=json >/dev/null 2>&1
python3 - "$json" "$reps" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
reps = sys.argv[2]
ctx = data["context"]
rows = {}
for b in data["benchmarks"]:
    name = b.get("run_name", b["name"])
    if b.get("aggregate_name", "median") != "median":
        continue
    if b.get("error_occurred"):
        rows[name] = None
        continue
    rows[name] = b
def ms(b, key):
    return b[key] * {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b["time_unit"]]
print(f"Machine: {ctx.get('num_cpus')} CPUs at {ctx.get('mhz_per_cpu')} MHz, load average "
      f"{', '.join(f'{x:.1f}' for x in ctx.get('load_avg', []))} at start; median of {reps} repetitions "
      f"(wall time, and CPU time of the calling thread only: the SAT partner's thread and the child "
      f"processes of the symmetry detection, invariant search and MILP solvers are not in it).\n")
print("| instance | method | wall ms | CPU ms (calling thread) | length | Λ | proven optimal | solver / notes | wall ÷ DSatur |")
print("|---|---|---:|---:|---:|---:|:---:|---|---:|")
solve = [n for n in rows if n.startswith("Solve/")]
instances = []
for n in solve:
    inst = n.split("/")[1]
    if inst not in instances:
        instances.append(inst)
for inst in instances:
    base = rows.get(f"Solve/{inst}/dsatur")
    for n in solve:
        parts = n.split("/")
        if parts[1] != inst:
            continue
        method = parts[2]
        b = rows[n]
        if b is None:
            print(f"| {inst} | {method} | error | | | | | | |")
            continue
        wall, cpu = ms(b, "real_time"), ms(b, "cpu_time")
        length = int(b.get("length", 0))
        lam = int(b["lambda"]) if "lambda" in b else ""
        opt = "yes" if b.get("optimal", 0) >= 0.5 else ("" if "optimal" not in b else "no")
        notes = []
        if b.get("sat_answered", 0) >= 0.5:
            notes.append("SAT partner answered")
        if b.get("categories"):
            notes.append(f"{int(b['categories']):,} categories, {int(b.get('nodes', 0)):,} nodes")
        ratio = f"{wall / ms(base, 'real_time'):.1f}" if base else ""
        print(f"| {inst} | {method} | {wall:.3f} | {cpu:.3f} | {length} | {lam} | {opt} | {'; '.join(notes)} | {ratio} |")
print()
print("Full-team enumeration throughput (first 10 000 full teams, all optimisations):\n")
print("| instance | wall ms | categories | full teams | categories/s |")
print("|---|---:|---:|---:|---:|")
for n, b in rows.items():
    if n.startswith("Enumerate/") and b:
        print(f"| {n.split('/')[1]} | {ms(b, 'real_time'):.3f} | {int(b['categories']):,} | {int(b['full_teams']):,} | {b['categories_per_s'] / 1e6:.1f} M |")
print()
print("Search space (categories traversed to enumerate all full teams; naive = 100 %; report Fig. 9: 100 / 28 / 20 / 10.6 %):\n")
print("| K-ring pattern (nodes per switch) | transfers | full teams | naive categories | +blank | +idle | +skeleton |")
print("|---|---:|---:|---:|---:|---:|---:|")
avg = [0.0, 0.0, 0.0]; k = 0
for n, b in rows.items():
    if n.startswith("SearchSpace/") and b:
        k += 1
        vals = [b["pct_blank"], b["pct_idle"], b["pct_skeleton"]]
        avg = [a + v for a, v in zip(avg, vals)]
        pat = n.split("/")[1].replace("kring-", "")
        print(f"| {pat} | {int(b['transfers'])} | {int(b['full_teams']):,} | {int(b['naive']):,} | "
              + " | ".join(f"{v:.1f} %" for v in vals) + " |")
if k:
    print(f"| **average** | | | 100 % | " + " | ".join(f"**{a / k:.1f} %**" for a in avg) + " |")
PY
