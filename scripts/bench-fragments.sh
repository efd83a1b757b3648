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
# and, when IBSIM_DIR/minhop-2to1 exists, the same for a 2:1 oversubscribed tree:
#   python3 scripts/ibsim-fabric.py fat-tree --leaves 32 --hosts-per-leaf 16 --spines 8 -o ft512-2to1.net
#   scripts/ibsim-route.sh ft512-2to1.net minhop IBSIM_DIR/minhop-2to1
# Environment: LIQUID_BENCH_RANKS (default 64,128,256,512), LIQUID_BENCH_SEEDS (default
# 1,2,3), LIQUID_BENCH_FABRICS (network specs separated by spaces; default below; the words
# `dragonfly` and `hyperx` stand for the two fabrics written here), LIQUID_BENCH_DRAGONFLY
# (a,p,h of the dragonfly below; default 8,4,4: 1 056 hosts), LIQUID_BENCH_HYPERX (S,P: an
# S x S HyperX with P hosts per switch; default 8,4), LIQUID_BENCH_BASELINES=0 skips DSatur
# and round-robin.
set -euo pipefail
build=${1:-build}
ib=${2:-}
bin="$build/bench_fragments"
[ -x "$bin" ] || { echo "bench-fragments.sh: $bin not found (cmake --build $build --target bench_fragments)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A dragonfly of a, p, h (scripts/fabric-json.py; default 8,4,4: 33 groups, 1 056 hosts)
# and a two-dimensional S x S HyperX with P hosts per switch (default 8,4), both with
# shortest-path routing.
here=$(dirname "$0")
IFS=, read -r a p h <<< "${LIQUID_BENCH_DRAGONFLY:-8,4,4}"
python3 "$here/fabric-json.py" dragonfly "$a" "$p" "$h" "$work/dragonfly.json"
IFS=, read -r side per <<< "${LIQUID_BENCH_HYPERX:-8,4}"
python3 "$here/fabric-json.py" hyperx "$side" "$per" "$work/hyperx.json"

fabrics=()
for f in ${LIQUID_BENCH_FABRICS:-fat-tree:4,5 fat-tree:8,3 hypercube:10 torus:8x8x8 dragonfly}; do
  case $f in
    dragonfly) fabrics+=("$work/dragonfly.json") ;;
    hyperx) fabrics+=("$work/hyperx.json") ;;
    *) fabrics+=("$f") ;;
  esac
done
if [ -n "$ib" ]; then
  for e in ftree minhop minhop-2to1; do
    [ "$e" != minhop-2to1 ] || [ -d "$ib/$e" ] || continue
    fabrics+=("ibnetdiscover:$ib/$e/topology.txt,$ib/$e/opensm-lfts.dump")
  done
fi
args=(--time-limit "${LIQUID_BENCH_LIMIT_S:-10}" --ranks "${LIQUID_BENCH_RANKS:-64,128,256,512}"
      --seeds "${LIQUID_BENCH_SEEDS:-1,2,3}")
[ "${LIQUID_BENCH_BASELINES:-1}" = 1 ] || args+=(--no-baselines)
echo "load before: $(uptime | sed 's/.*load average: //')"
"$bin" "${args[@]}" "${fabrics[@]}"
echo "load after: $(uptime | sed 's/.*load average: //'); $(nproc) cores; commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
