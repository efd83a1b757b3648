#!/usr/bin/env bash
# The structure table of the README (Scheduling section, "Symmetry, invariant schedules,
# local search"):
#   scripts/bench-structure.sh [BUILD_DIR] [REPETITIONS] [TIME_LIMIT_S]
# Runs `liquid schedule` (default method) on each fabric's all-to-all with the given time
# limit and prints, per instance, the median wall time over the repetitions, the length,
# the lower bound, which construction answered, the symmetry group order found and the
# invariant search's outcome, next to DSatur and round-robin on the same input.
set -euo pipefail
build=${1:-build}
reps=${2:-3}
limit=${3:-10}
bin="$build/liquid"
if [ ! -x "$bin" ]; then
  echo "bench-structure.sh: $bin not found (cmake --build $build --target liquid)" >&2
  exit 2
fi
instances=(torus:6x6 torus:6x5 torus:3x3 mesh:6x6 torus:4x4x4 hypercube:6 ccc:4 chordal-ring:32,5 fat-tree:8,2 fat-tree:4,3 torus:8x8)
echo "Median of $reps runs, --time-limit $limit, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at start."
echo
echo "| all-to-all | transfers | Λ | length | lower bound | wall s | answered by | symmetry order | invariant search | DSatur | round-robin |"
echo "|---|---:|---:|---:|---:|---:|---|---:|---|---:|---:|"
for inst in "${instances[@]}"; do
  runs=()
  for ((i = 0; i < reps; i++)); do
    runs+=("$("$bin" schedule --network "$inst" --json --time-limit "$limit")")
  done
  dsatur=$("$bin" schedule --network "$inst" --json --method dsatur)
  rr=$("$bin" schedule --network "$inst" --json --method round-robin)
  python3 - "$inst" "$dsatur" "$rr" "${runs[@]}" <<'PY'
import json, statistics, sys
inst, dsatur, rr = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
runs = [json.loads(a) for a in sys.argv[4:]]
runs.sort(key=lambda d: d["schedule"]["elapsed_ms"])
d = runs[len(runs) // 2]
s = d["schedule"]
opt = " (optimal)" if s["optimal"] else ""
print(f"| {inst} | {d['transfers']} | {d['duration']} | {s['length']}{opt} | {s['lower_bound']} | "
      f"{s['elapsed_ms'] / 1000:.2f} | {s['solver']} | {s.get('symmetry_order', 0):.0f} | {s.get('invariant', '-')} | "
      f"{dsatur['schedule']['length']} | {rr['schedule']['length']} |")
PY
done
