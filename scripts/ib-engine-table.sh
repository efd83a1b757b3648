#!/usr/bin/env bash
# Regenerates the tables of docs/fabrics.md, "Your own fabric": routes one generated fabric with several
# OpenSM engines in ibsim (scripts/ibsim-route.sh), imports each capture and prints a
# Markdown row per engine: all-to-all transfers, duration Λ, liquid throughput, and the
# wall-clock seconds of the import (`liquid network --from ibnetdiscover ...`) and of
# building the all-to-all traffic (`liquid traffic --network ...`). Λ is counted from
# that link-set traffic (the most used link), which works at any size; on small fabrics
# `liquid analyze` reports the same Λ (tests/ibsim checks it).
#
#   scripts/ib-engine-table.sh BUILD_DIR "GENERATOR ARGS" ENGINE...
#   scripts/ib-engine-table.sh build "fat-tree3 --pods 4 --leaves-per-pod 2 --hosts-per-leaf 4 --aggs-per-pod 2 --cores 4" ftree minhop updn
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BUILD_DIR \"GENERATOR ARGS\" ENGINE..." >&2; exit 2; }
build=$1 generator=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
liquid=$(cd "$build" && pwd)/liquid
work=$(mktemp -d "${TMPDIR:-/tmp}/liquid-ib-table-XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
python3 "$here/ibsim-fabric.py" $generator -o "$work/fabric.net"
echo "| engine | hosts | switches | all-to-all transfers | Λ | liquid throughput (transfers per frame) | import (s) | traffic (s) |"
echo "|---|---|---|---|---|---|---|---|"
for engine in "$@"; do
  "$here/ibsim-route.sh" "$work/fabric.net" "$engine" "$work/$engine" >"$work/$engine.log" 2>&1 || { echo "| $engine | routing failed: $(tail -1 "$work/$engine.log") |"; continue; }
  t0=$(date +%s.%N)
  "$liquid" network --from ibnetdiscover "$work/$engine/topology.txt" "$work/$engine/opensm-lfts.dump" >"$work/$engine.json"
  t1=$(date +%s.%N)
  "$liquid" traffic --network "ibnetdiscover:$work/$engine/topology.txt,$work/$engine/opensm-lfts.dump" >"$work/$engine.traffic"
  t2=$(date +%s.%N)
  python3 - "$work/$engine.json" "$work/$engine.traffic" "$engine" "$t0" "$t1" "$t2" <<'PY'
import collections, json, sys
net = json.load(open(sys.argv[1]))
load, transfers = collections.Counter(), 0
with open(sys.argv[2]) as f:
    for line in f:
        if line.startswith("#"):
            continue
        transfers += 1
        load.update(line.split(":", 1)[1].split())
lam = max(load.values())
t0, t1, t2 = (float(x) for x in sys.argv[4:7])
print(f"| {sys.argv[3]} | {len(net['hosts'])} | {len(net['switches'])} | {transfers} | {lam} | {transfers / lam:.2f} | {t1 - t0:.2f} | {t2 - t1:.2f} |")
PY
done
