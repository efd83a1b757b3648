#!/usr/bin/env bash
# OSU-style MPI_Alltoall latency/bandwidth on this machine: the MPI library's own
# algorithm next to the liquid plan run by the executor, in the same mpirun.
# On one machine ranks talk through shared memory, which has no congestion: this
# measures the executor's overhead, not a gain.
#
# Usage: bench/mpi_osu.sh [BUILD_DIR] [ITERATIONS]
set -euo pipefail
BUILD=${1:-build}
ITERATIONS=${2:-20}
BENCH="$BUILD/bench/mpi/bench_mpi_alltoall"
[ -x "$BENCH" ] || { echo "mpi_osu.sh: build $BENCH first" >&2; exit 1; }
ROOT=""; [ "$(id -u)" -eq 0 ] && ROOT="--allow-run-as-root"
for ranks in 8 16; do
  echo "# $ranks ranks, one per host of crossbar:$ranks (the liquid plan: $((ranks - 1)) frames, one partner each)"
  timeout 900 mpirun $ROOT --oversubscribe --mca btl self,vader -np "$ranks" "$BENCH" --network "crossbar:$ranks" \
    --methods mpi,optimal --min 1 --max 1048576 --iterations "$ITERATIONS" --warmup 3
done
