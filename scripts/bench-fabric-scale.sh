#!/usr/bin/env bash
# One command for the "Fabric scale" table of docs/performance.md:
#   scripts/bench-fabric-scale.sh [BUILD_DIR] [FILTER]
# Runs bench_fabric_scale (all-to-all on 32–256-host fabrics; medians of 3 for the default
# method, DSatur and round-robin; CaDiCaL alone once with a budget) and prints a Markdown
# table: one table for the whole pipeline (portfolio, bounds, symmetry and invariant
# search, tabu and exact search) and its baselines. Environment: LIQUID_BENCH_LIMIT_S (default 10) is the default method's time limit,
# LIQUID_BENCH_SAT_S (default 10) CaDiCaL's, LIQUID_BENCH_SAT_GB (default 4) the largest
# SAT encoding attempted, LIQUID_BENCH_FABRICS (default: the issue's eleven fabrics) the network
# specs, separated by spaces. FILTER is a Google Benchmark regex (e.g. 'torus:6x6').
set -euo pipefail
build=${1:-build}
filter=${2:-.}
bin="$build/bench_fabric_scale"
if [ ! -x "$bin" ]; then
  echo "bench-fabric-scale.sh: $bin not found (cmake --build $build --target bench_fabric_scale)" >&2
  exit 2
fi
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$bin" --benchmark_filter="$filter" --benchmark_report_aggregates_only=false \
       --benchmark_format=json --benchmark_out="$json" --benchmark_out_format=json >/dev/null 2>&1
python3 - "$json" <<'PY'
import json, statistics, sys
data = json.load(open(sys.argv[1]))
end_load = [float(x) for x in open("/proc/loadavg").read().split()[:3]]
ctx = data["context"]
runs = {}
for b in data["benchmarks"]:
    if b.get("run_type") == "aggregate":
        continue
    # "optimal/torus:6x6/iterations:1/repeats:3/real_time" -> "optimal/torus:6x6"
    name = b.get("run_name", b["name"]).split("/iterations:")[0].split("/repeats:")[0].split("/real_time")[0]
    runs.setdefault(name, []).append(b)
def ms(b):
    return b["real_time"] * {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b["time_unit"]]
def median_ms(name):
    rs = runs.get(name)
    if not rs or rs[0].get("error_occurred"):
        return None
    return statistics.median(ms(b) for b in rs)
def median_run(name):
    rs = runs.get(name)
    return sorted(rs, key=ms)[len(rs) // 2] if rs else None
def first(name):
    rs = runs.get(name)
    return rs[0] if rs else None
fabrics = []
for name in runs:
    kind, spec = name.split("/", 1)
    if spec not in fabrics:
        fabrics.append(spec)
print(f"Machine: {ctx.get('num_cpus')} CPUs at {ctx.get('mhz_per_cpu')} MHz, load average "
      f"{', '.join(f'{x:.1f}' for x in ctx.get('load_avg', []))} at start, "
      f"{', '.join(f'{x:.1f}' for x in end_load)} at the end; wall-clock medians of 3 "
      f"(CaDiCaL: one run); the row of the default method is its median run.\n")
print("| all-to-all on | transfers | Λ | length | lower bound | proven | ms | by | symmetry order | invariant search | DSatur (ms) | round-robin (ms) | CaDiCaL alone, Λ frames? (ms) |")
print("|---|---:|---:|---:|---:|---|---:|---|---:|---|---:|---:|---|")
for spec in fabrics:
    o = median_run("optimal/" + spec)
    d, r, c = (first(k + "/" + spec) for k in ("dsatur", "round-robin", "cadical"))
    if o is None:
        continue
    def length_ms(b, key):
        if b is None:
            return "—"
        return f"{int(b['length'])} ({median_ms(key + '/' + spec):.0f})"
    if c is None:
        sat = "—"
    elif c.get("error_occurred"):
        sat = "skipped: " + c.get("error_message", "")
    else:
        sat = f"{c.get('label', '')} ({ms(c):.0f})"
    by, _, invariant = o.get('label', '').partition(' | ')
    order = o.get('symmetry_order', 0)
    print(f"| `{spec}` | {int(o['transfers'])} | {int(o['lambda'])} | {int(o['length'])} | {int(o['lower_bound'])} | "
          f"{'yes' if o['proven'] else 'no'} | {median_ms('optimal/' + spec):.0f} | {by} | "
          f"{f'{order:.3g}' if order else '-'} | {invariant or '-'} | "
          f"{length_ms(d, 'dsatur')} | {length_ms(r, 'round-robin')} | {sat} |")
PY
