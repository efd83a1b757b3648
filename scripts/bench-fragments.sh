#!/usr/bin/env bash
# A job's fragment of a large fabric (docs/performance.md, "Fragments"):
#   scripts/bench-fragments.sh [BUILD_DIR] [IBSIM_DIR]
# Runs bench_fragments (bench/fragments.cpp): for every fabric, rank count and seed, the
# all-to-all among that many random hosts, scheduled by the default method (within
# LIQUID_BENCH_LIMIT_S, default 10 s), by DSatur alone and by round-robin alone, each case
# in a forked child (its peak memory is its own). IBSIM_DIR, when given, holds the ftree/
# and minhop/ outputs of scripts/ibsim-route.sh for a >= 512-host fat tree, e.g.
#   python3 scripts/ibsim-fabric.py fat-tree --leaves 32 --hosts-per-leaf 16 --spines 16 -o ft512.net
#   scripts/ibsim-route.sh ft512.net ftree IBSIM_DIR/ftree
#   scripts/ibsim-route.sh ft512.net minhop IBSIM_DIR/minhop
# Environment: LIQUID_BENCH_RANKS (default 64,128,256,512), LIQUID_BENCH_SEEDS (default
# 1,2,3), LIQUID_BENCH_FABRICS (network specs separated by spaces; default below, plus a
# 1 056-host dragonfly written here), LIQUID_BENCH_BASELINES=0 skips DSatur and round-robin.
set -euo pipefail
build=${1:-build}
ib=${2:-}
bin="$build/bench_fragments"
[ -x "$bin" ] || { echo "bench-fragments.sh: $bin not found (cmake --build $build --target bench_fragments)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A dragonfly (Kim, Dally, Scott, Abts, "Technology-driven, highly-scalable dragonfly
# topology", ISCA 2008): g = a*h + 1 groups of a routers with p hosts each, the routers of
# a group fully connected, h global cables per router, one cable between every two groups;
# shortest-path routing. a = 8, p = 4, h = 4: 33 groups, 1 056 hosts.
python3 - "$work/dragonfly.json" <<'PY'
import json, sys
a, p, h = 8, 4, 4
g = a * h + 1
hosts, switches, cables = [], [], []
r = lambda G, i: f"g{G}r{i}"
for G in range(g):
    for i in range(a):
        switches.append(r(G, i))
        for k in range(p):
            hosts.append(f"g{G}r{i}h{k}")
            cables.append([hosts[-1], r(G, i)])
        for j in range(i + 1, a):
            cables.append([r(G, i), r(G, j)])
for G in range(g):
    for H in range(G + 1, g):
        # Group G's global port H-1 meets group H's global port G (router = port // h).
        cables.append([r(G, (H - 1) // h), r(H, G // h)])
json.dump({"name": "dragonfly-8-4-4", "hosts": hosts, "switches": switches, "cables": cables,
           "routing": {"type": "shortest"}}, open(sys.argv[1], "w"))
PY

fabrics=${LIQUID_BENCH_FABRICS:-fat-tree:4,5 fat-tree:8,3 hypercube:10 torus:8x8x8 $work/dragonfly.json}
if [ -n "$ib" ]; then
  for e in ftree minhop; do fabrics="$fabrics ibnetdiscover:$ib/$e/topology.txt,$ib/$e/opensm-lfts.dump"; done
fi
args=(--time-limit "${LIQUID_BENCH_LIMIT_S:-10}" --ranks "${LIQUID_BENCH_RANKS:-64,128,256,512}"
      --seeds "${LIQUID_BENCH_SEEDS:-1,2,3}")
[ "${LIQUID_BENCH_BASELINES:-1}" = 1 ] || args+=(--no-baselines)
echo "load before: $(uptime | sed 's/.*load average: //')"
# shellcheck disable=SC2086
"$bin" "${args[@]}" $fabrics
echo "load after: $(uptime | sed 's/.*load average: //'); $(nproc) cores; commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
