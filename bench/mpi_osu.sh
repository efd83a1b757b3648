#!/usr/bin/env bash
# OSU-style MPI_Alltoall latency/bandwidth on one machine (shared memory, no namespaces):
# the MPI library's own algorithm next to liquid, in the same mpirun, one rank per core.
#   mpi      PMPI_Alltoall (Open MPI's choice);
#   liquid   MPI_Alltoall through the interposer (libliquid_pmpi.so preloaded), exactly as
#            an application on one node gets it: LIQUID_NETWORK names a network in which
#            this machine is one host, so every rank maps to it by MPI_Get_processor_name;
#            on one node the interposer is meant to call PMPI_Alltoall (its report says
#            whether it did);
#   optimal  the executor run directly with the liquid plan of crossbar:K (one rank per
#            host): the cost of running a plan frame by frame in shared memory.
# Shared memory has no congestion: liquid cannot gain here, only lose by overhead.
#
# Usage: bench/mpi_osu.sh [--build DIR] [--ranks K] [--iterations N] [--sync "M M ..."]
#                         [--min B] [--max B]
#   --ranks K         ranks (default: the number of cores, at least 2)
#   --iterations N    measured calls per row (default 20), medians
#   --sync "M ..."    LIQUID_SYNC modes of the interposer, one mpirun each (default "none")
set -euo pipefail
BUILD=build RANKS=$(nproc) ITERATIONS=20 SYNC_MODES=none MIN=1 MAX=1048576
die() { echo "mpi_osu.sh: error: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || die "$1 needs a value"
  case $1 in
    --build) BUILD=$2 ;;
    --ranks) RANKS=$2 ;;
    --iterations) ITERATIONS=$2 ;;
    --sync) SYNC_MODES=$2 ;;
    --min) MIN=$2 ;;
    --max) MAX=$2 ;;
    *) die "unknown option '$1' (--build, --ranks, --iterations, --sync, --min, --max)" ;;
  esac
  shift 2
done
[[ $RANKS =~ ^[0-9]+$ ]] && [ "$RANKS" -ge 2 ] || RANKS=2
[[ $ITERATIONS =~ ^[0-9]+$ ]] && [ "$ITERATIONS" -ge 5 ] || die "--iterations '$ITERATIONS': give >= 5"
[[ $MIN =~ ^[0-9]+$ ]] && [[ $MAX =~ ^[0-9]+$ ]] && [ "$MIN" -ge 1 ] && [ "$MAX" -ge "$MIN" ] || die "--min/--max: 1 <= MIN <= MAX bytes"
BENCH="$BUILD/bench/mpi/bench_mpi_alltoall" PMPI="$BUILD/src/mpi/pmpi/libliquid_pmpi.so"
for f in "$BENCH" "$PMPI"; do [ -e "$f" ] || die "$f is missing: build the targets bench_mpi_alltoall and liquid_pmpi"; done
PMPI=$(readlink -f "$PMPI")
ROOT=""; [ "$(id -u)" -eq 0 ] && ROOT="--allow-run-as-root"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# A network in which this machine is one host among others (the one-node job of a cluster).
HOST=$(hostname)
printf '{"name": "one-node", "rate": 12500000, "hosts": ["%s", "other"], "switches": ["s"], "cables": [["%s", "s"], ["other", "s"]]}\n' \
  "$HOST" "$HOST" >"$WORK/network.json"

echo "# $RANKS ranks on one machine ($(nproc) cores), Open MPI $(mpirun --version | sed -n '1s/.* //p'), btl self,vader, mpi_yield_when_idle 1"
echo "# uptime at start:$(uptime)"
for mode in $SYNC_MODES; do
  echo "# LIQUID_SYNC=$mode"
  timeout 900 mpirun $ROOT --mca btl self,vader --mca mpi_yield_when_idle 1 -np "$RANKS" \
    -x LD_PRELOAD="$PMPI" -x LIQUID_NETWORK="$WORK/network.json" -x LIQUID_SYNC="$mode" -x LIQUID_REPORT="$WORK/report.json" \
    "$BENCH" --network "crossbar:$RANKS" --methods mpi,liquid,optimal --min "$MIN" --max "$MAX" \
    --iterations "$ITERATIONS" --warmup 3 | tee "$WORK/rows.txt"
  python3 - "$WORK/report.json" "$WORK/rows.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
reasons = r.get("call_fallback_reasons", []) + [p.get("reason", "") for p in r.get("plans", []) if p.get("fallback")]
print(f"# interposer: {r['calls_run_by_plan']} calls run by a plan, {r['calls_fallen_back']} fell back to the library"
      + (": " + "; ".join(reasons) if reasons else ""))
rows = [l.split() for l in open(sys.argv[2]) if l[:1].isdigit()]
for m in ("liquid", "optimal"):
    ratios = [(float(x[6]), int(x[0])) for x in rows if x[1] == m and x[6] != "-"]
    worst = max(ratios)
    print(f"# {m}: worst median ratio to the library {worst[0]:.3f} at {worst[1]} B "
          f"({sum(1 for q, _ in ratios if q > 1.05)} of {len(ratios)} sizes more than 5 % slower)")
PY
done
echo "# uptime at end:$(uptime) (the machine is shared with other work: differences below ~15 % are uncertain)"
