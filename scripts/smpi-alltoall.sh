#!/usr/bin/env bash
# MPI_Alltoall on a simulated copy of a fabric (SimGrid's SMPI): SMPI's own all-to-all
# algorithms and liquid's executor with liquid's plan, on the same platform and routes.
#
#   scripts/smpi-alltoall.sh --network SPEC --size BYTES [--senders H1,H2,...]
#       [--sync MODE] [--chunk-bytes B] [--pass-bytes B] [--method METHOD] [--algorithms A,B,...|none] [--latency SECONDS]
#       [--time-limit SECONDS] [--memory GIB] [--build DIR]
#
# SPEC is anything `liquid --network` accepts (generator, network JSON, imported fabric).
# --chunk-bytes B sends liquid's blocks as pieces of at most B bytes (the executor's
# ExecOptions::chunk_bytes; default 0, whole blocks); --pass-bytes B sends them in passes
# of the frames carrying slices of at most B bytes (ExecOptions::pass_bytes; default 0,
# one pass).
# One rank per host (the network's hosts, or --senders in that order). Prints ONE JSON
# object on stdout, times in simulated seconds:
#   {"bound_s": T, "liquid_s": T, "algorithms": {"NAME": T, ...}, "best_algorithm": NAME,
#    "ranks": K, "bytes": B, "sync": MODE, "method": METHOD}
# bound_s is the liquid bound, max over links of bytes(l)/rate(l) (Λ·B/rate for uniform
# rates). Every run's data is checked; an algorithm that refuses the rank count, fails
# the check, runs out of --memory or past --time-limit is left out with its reason on
# stderr. Simulated time is deterministic: one run per algorithm.
#
# The SMPI settings give a lone flow the link rate (no TCP-like bandwidth or latency
# factors, no cross traffic) and charge no simulated time for computation.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
network="" size="" senders="" sync="barrier" chunk="0" pass="0" method="optimal" algorithms="" latency="1e-6"
time_limit=600 memory_gib=16 build="${LIQUID_BUILD:-$repo/build}"
fail() { echo "liquid: error: smpi-alltoall.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || fail "$1 needs a value"
  case "$1" in
    --network) network=$2 ;;
    --size) size=$2 ;;
    --senders) senders=$2 ;;
    --sync) sync=$2 ;;
    --chunk-bytes) chunk=$2 ;;
    --pass-bytes) pass=$2 ;;
    --method) method=$2 ;;
    --algorithms) algorithms=$2 ;;
    --latency) latency=$2 ;;
    --time-limit) time_limit=$2 ;;
    --memory) memory_gib=$2 ;;
    --build) build=$2 ;;
    *) fail "unknown option $1 (see the header of $0)" ;;
  esac
  shift 2
done
[ -n "$network" ] || fail "--network SPEC is required"
[[ "$size" =~ ^[1-9][0-9]*$ ]] || fail "--size must be a whole number of bytes >= 1, got '$size'"
[[ "$chunk" =~ ^[0-9]+$ ]] || fail "--chunk-bytes must be a whole number of bytes >= 0, got '$chunk'"
[[ "$pass" =~ ^[0-9]+$ ]] || fail "--pass-bytes must be a whole number of bytes >= 0, got '$pass'"
[[ "$time_limit" =~ ^[1-9][0-9]*$ ]] || fail "--time-limit must be whole seconds >= 1, got '$time_limit'"
[[ "$memory_gib" =~ ^[1-9][0-9]*$ ]] || fail "--memory must be whole GiB >= 1, got '$memory_gib'"
liquid="$build/liquid"
program="$build/tools/smpi/smpi_alltoall"
[ -x "$liquid" ] || fail "$liquid not found (cmake --build $build --target liquid, or --build DIR)"
[ -f "$program" ] || fail "$program not found (needs libsimgrid-dev; cmake --build $build --target smpi_alltoall)"
command -v smpirun > /dev/null || fail "smpirun not found (apt-get install libsimgrid-dev)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$liquid" export --format simgrid --network "$network" --latency "$latency" -o "$tmp/platform.xml" 2> "$tmp/export.err" ||
  { cat "$tmp/export.err" >&2; exit 2; }
plan_args=(--network "$network" --method "$method" --json)
if [ -n "$senders" ]; then
  tr ',' '\n' <<< "$senders" | awk 'NF { print NR - 1, $1 }' > "$tmp/rankmap"
  plan_args+=(--rankmap "$tmp/rankmap")
fi
"$liquid" plan "${plan_args[@]}" > "$tmp/plan.json"
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["hosts"]))' "$tmp/plan.json" > "$tmp/hostfile"
ranks=$(wc -l < "$tmp/hostfile")

# Every SMPI all-to-all algorithm of SimGrid 3.32 (automatic times all of them in each call).
if [ -z "$algorithms" ]; then
  algorithms="basic_linear,bruck,pair,pair_light_barrier,pair_mpi_barrier,pair_one_barrier,ring,ring_light_barrier"
  algorithms+=",ring_mpi_barrier,ring_one_barrier,rdb,2dmesh,3dmesh,mvapich2,mvapich2_scatter_dest,ompi,mpich,impi,default"
fi
power_of_two=$(( (ranks & (ranks - 1)) == 0 ))

# Why SMPI cannot run `alg` here ("" = it can).
refusal() {
  case "$1" in
    pair | pair_* | mpich)
      [ "$power_of_two" = 1 ] || echo "needs a power-of-two rank count, not $ranks" ;;
    rdb)
      # Recursive doubling keeps up to ranks·ranks blocks per rank (32 ranks × 1 MiB: > 23 GB).
      (( ranks * ranks * size * 24 <= memory_gib * (1 << 30) )) || echo "needs ~24·ranks² blocks of memory, over --memory" ;;
  esac
}

# Runs the judge program; prints its time_s, or fails with the reason in $tmp/reason.
simulate() {
  local out="$tmp/run.json" err="$tmp/run.err"
  if ! (ulimit -v $((memory_gib << 20)); timeout "$time_limit" smpirun -np "$ranks" -platform "$tmp/platform.xml" \
      -hostfile "$tmp/hostfile" -no-privatize --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
      --cfg=network/crosstraffic:0 --cfg=smpi/simulate-computation:no --log=root.thres:error "$@" \
      > "$out" 2> "$err"); then
    { grep -v '^\s*$' "$err" | tail -1 | sed 's/^liquid: error: //'; } > "$tmp/reason" || true
    [ -s "$tmp/reason" ] || echo "failed (exit status, no message; time or memory limit?)" > "$tmp/reason"
    return 1
  fi
  python3 - "$out" "$tmp/reason" <<'EOF'
import json, sys
r = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
if not r["correct"]:
    open(sys.argv[2], "w").write("wrong data received\n")
    sys.exit(1)
print(repr(r["time_s"]), r.get("bound_s", ""))
EOF
}

read -r liquid_s bound_s < <(simulate "$program" --size "$size" --plan "$tmp/plan.json" --sync "$sync" --chunk-bytes "$chunk" --pass-bytes "$pass" --network "$network") ||
  fail "liquid's executor failed under SMPI: $(cat "$tmp/reason")"
results=""
[ "$algorithms" = none ] && algorithms=""
for alg in ${algorithms//,/ }; do
  why=$(refusal "$alg")
  if [ -z "$why" ]; then
    if read -r t < <(simulate --cfg=smpi/alltoall:"$alg" "$program" --size "$size") && [ -n "$t" ]; then
      results+="$alg $t"$'\n'
      continue
    fi
    why=$(cat "$tmp/reason")
  fi
  echo "smpi-alltoall.sh: skipped $alg: $why" >&2
done
python3 - "$bound_s" "$liquid_s" "$ranks" "$size" "$sync" "$method" <<EOF
import json, sys
bound, liquid, ranks, size, sync, method = sys.argv[1:7]
algs = {}
for line in """$results""".split("\n"):
    if line.strip():
        name, t = line.split()
        algs[name] = float(t)
out = {"bound_s": float(bound), "liquid_s": float(liquid), "algorithms": algs,
       "best_algorithm": min(algs, key=algs.get) if algs else None,
       "ranks": int(ranks), "bytes": int(size), "sync": sync, "method": method}
print(json.dumps(out))
EOF
