#!/usr/bin/env bash
# Whole-fabric all-to-alls at the default 10 s budget (docs/performance.md, "Whole fabrics"):
#   scripts/bench-whole-fabrics.sh [BUILD_DIR]
# Writes two fabrics as network JSON (scripts/fabric-json.py) — a 4-group dragonfly (6
# routers of 3 hosts per group, the routers of a group fully connected, router i of every
# group cabled to router i of every other group: 72 hosts) and an 8 x 8 HyperX with 2 hosts
# per switch (every switch cabled to every other switch of its row and of its column: 128
# hosts), both with shortest-path routing — and schedules the all-to-all of each and of
# torus:8x8 and torus:8x8x8 with `liquid schedule --json` (LIQUID_BENCH_LIMIT_S, default
# 10). Prints one Markdown row per fabric: transfers, Λ, length, lower bound, proven, who
# built it, the command's wall time.
set -euo pipefail
build=${1:-build}
liquid="$build/liquid"
[ -x "$liquid" ] || { echo "bench-whole-fabrics.sh: $liquid not found (cmake --build $build --target liquid)" >&2; exit 2; }
limit=${LIQUID_BENCH_LIMIT_S:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

here=$(dirname "$0")
python3 "$here/fabric-json.py" dragonfly-groups 4 6 3 "$work/dragonfly-4g.json"
python3 "$here/fabric-json.py" hyperx 8 2 "$work/hyperx-8x8x2.json"

echo "load before: $(uptime | sed 's/.*load average: //')"
echo "| fabric | transfers | Λ | length | lower bound | proven | by | wall (s) |"
echo "|---|---:|---:|---:|---:|---|---|---:|"
for spec in torus:8x8 "$work/dragonfly-4g.json" "$work/hyperx-8x8x2.json" torus:8x8x8; do
  start=$(date +%s.%N)
  "$liquid" schedule --network "$spec" --time-limit "$limit" --json > "$work/out.json"
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  python3 - "$work/out.json" "$(basename "$spec" .json)" "$wall" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["schedule"]
proven = "liquid" if s["liquid"] else ("optimal" if s["optimal"] else "no")
print(f"| {sys.argv[2]} | {d['transfers']} | {d['duration']} | {s['length']} | {s['lower_bound']} | {proven} | {s['solver']} | {float(sys.argv[3]):.2f} |")
PY
done
echo "load after: $(uptime | sed 's/.*load average: //'); $(nproc) cores; commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
