#!/usr/bin/env bash
# Regenerates README "Your own fabric" tables: routes one generated fabric with several
# OpenSM engines in ibsim (scripts/ibsim-route.sh), imports each capture and prints a
# Markdown row per engine with the all-to-all duration Λ, the liquid throughput and the
# import time (`liquid network --from ibnetdiscover ...`, wall clock).
#
#   scripts/ib-engine-table.sh BUILD_DIR "GENERATOR ARGS" ENGINE...
#   scripts/ib-engine-table.sh build "fat-tree3 --pods 4 --leaves-per-pod 2 --hosts-per-leaf 4 --aggs-per-pod 2 --cores 4" ftree minhop updn
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BUILD_DIR \"GENERATOR ARGS\" ENGINE..." >&2; exit 2; }
build=$1 generator=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
liquid=$build/liquid
work=$(mktemp -d "${TMPDIR:-/tmp}/liquid-ib-table-XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
python3 "$here/ibsim-fabric.py" $generator -o "$work/fabric.net"
echo "| engine | hosts | all-to-all transfers | Λ | liquid throughput (transfers/frame) | import (s) | analyze (s) |"
echo "|---|---|---|---|---|---|---|"
for engine in "$@"; do
  "$here/ibsim-route.sh" "$work/fabric.net" "$engine" "$work/$engine" >"$work/$engine.log" 2>&1 || { echo "| $engine | routing failed: $(tail -1 "$work/$engine.log") |"; continue; }
  spec="ibnetdiscover:$work/$engine/topology.txt,$work/$engine/opensm-lfts.dump"
  t0=$(date +%s.%N)
  "$liquid" network --from ibnetdiscover "$work/$engine/topology.txt" "$work/$engine/opensm-lfts.dump" >"$work/$engine.json"
  t1=$(date +%s.%N)
  extra=""
  "$liquid" analyze --help | grep -q -- --no-congestion-graph && extra="--no-congestion-graph"
  "$liquid" analyze --network "$spec" --json $extra >"$work/$engine.analyze.json"
  t2=$(date +%s.%N)
  python3 - "$work/$engine.analyze.json" "$engine" "$t0" "$t1" "$t2" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
t0, t1, t2 = (float(x) for x in sys.argv[3:6])
hosts = round((1 + (1 + 4 * a["transfers"]) ** 0.5) / 2)
print(f"| {sys.argv[2]} | {hosts} | {a['transfers']} | {a['duration']} | {a['liquid_throughput']:.2f} | {t1 - t0:.2f} | {t2 - t1:.2f} |")
PY
done
