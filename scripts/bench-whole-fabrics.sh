#!/usr/bin/env bash
# Whole-fabric all-to-alls at the default 10 s budget (docs/performance.md, "Whole fabrics"):
#   scripts/bench-whole-fabrics.sh [BUILD_DIR]
# Writes two fabrics as network JSON — a 4-group dragonfly (6 routers of 3 hosts per
# group, the routers of a group fully connected, router i of every group cabled to router i
# of every other group: 72 hosts) and an 8 x 8 HyperX with 2 hosts per switch (every
# switch cabled to every other switch of its row and of its column: 128 hosts), both with
# shortest-path routing — and schedules the all-to-all of each and of torus:8x8 and
# torus:8x8x8 with `liquid schedule --json` (LIQUID_BENCH_LIMIT_S, default 10). Prints one
# Markdown row per fabric: transfers, Λ, length, lower bound, proven, who built it, the
# command's wall time.
set -euo pipefail
build=${1:-build}
liquid="$build/liquid"
[ -x "$liquid" ] || { echo "bench-whole-fabrics.sh: $liquid not found (cmake --build $build --target liquid)" >&2; exit 2; }
limit=${LIQUID_BENCH_LIMIT_S:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import json, sys, itertools
out = sys.argv[1]

class Fabric:
    """Switches with their hosts, and cables; written as network JSON, shortest-path routed."""
    def __init__(self):
        self.hosts, self.switches, self.cables = [], [], []

    def switch(self, name, host_names):
        self.switches.append(name)
        for h in host_names:
            self.hosts.append(h)
            self.cables.append([h, name])

    def write(self, name):
        json.dump({"name": name, "hosts": self.hosts, "switches": self.switches, "cables": self.cables,
                   "routing": {"type": "shortest"}}, open(f"{out}/{name}.json", "w"))

groups, routers, per_router = 4, 6, 3
f = Fabric()
for g in range(groups):
    for r in range(routers):
        f.switch(f"g{g}r{r}", [f"g{g}r{r}h{k}" for k in range(per_router)])
    f.cables += [[f"g{g}r{a}", f"g{g}r{b}"] for a, b in itertools.combinations(range(routers), 2)]
for g, h in itertools.combinations(range(groups), 2):
    f.cables += [[f"g{g}r{r}", f"g{h}r{r}"] for r in range(routers)]
f.write("dragonfly-4g")

side, per_switch = 8, 2
f = Fabric()
for x in range(side):
    for y in range(side):
        f.switch(f"s{x}_{y}", [f"h{x}_{y}_{k}" for k in range(per_switch)])
for x in range(side):
    for a, b in itertools.combinations(range(side), 2):
        f.cables += [[f"s{x}_{a}", f"s{x}_{b}"], [f"s{a}_{x}", f"s{b}_{x}"]]
f.write("hyperx-8x8x2")
PY

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
