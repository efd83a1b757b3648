#!/usr/bin/env bash
# MPI_Alltoall on a real congested network: the report's two-switch example (Gabrielyan &
# Hersch, liquid schedule construction report, EPFL 2006, §3 Fig. 2) with L + R hosts,
# built from Linux network namespaces (one per host, one per switch with a bridge, one
# head namespace for mpirun), veth cables throttled by tc tbf, and Open MPI over TCP with
# one rank per host namespace. One table (and optionally one JSON document) per run:
# Open MPI's default alltoall, each forced coll_tuned algorithm, liquid through its PMPI
# interposer with each sync mode (LIQUID_SYNC), liquid's simulator prediction and the
# liquid bound, with fractions of the liquid throughput, ratios and TCP retransmissions.
#
# Usage (as root): bench/mpi_netns.sh [options]
#   --build DIR          build directory (default: build)
#   --hosts L+R          hosts on switch sa + hosts on switch sb (default 3+3)
#   --rate MBIT          host cables, Mbit/s (default 100)
#   --cable-rate MBIT    the inter-switch cable, Mbit/s (default: --rate)
#   --nic-rate MBIT      what a host's NIC sends at, Mbit/s (default: --rate); a little
#                        under --rate paces the hosts, leaving the switch ports room
#                        for the ACKs that share them with a full-rate message
#   --buffer deep|KB     tbf queue limit of every switch egress port and of the
#                        inter-switch cable: deep (400 ms of queue) or KB (e.g. 16)
#   --cc NAME            TCP congestion control in every namespace (default bbr; one the
#                        host lists in net.ipv4.tcp_allowed_congestion_control)
#   --min B --max B      block sizes, doubling (default 1 .. 1048576)
#   --sizes B,B,...      block sizes, instead of --min/--max
#   --iterations N       measured calls per row, >= 5 (default 5); medians
#   --sync "M M ..."     LIQUID_SYNC modes of the interposer to measure (default "none barrier")
#   --algorithms "N ..." forced coll_tuned alltoall algorithms (default "1 2 3 4")
#   --method NAME        LIQUID_METHOD of the interposer (default optimal)
#   --min-bytes B        LIQUID_MIN_BYTES of the interposer (default: the interposer's own)
#   --chunk-bytes B      LIQUID_CHUNK_BYTES of the interposer (default: the interposer's own;
#                        0 sends every block as one message)
#   --pass-bytes B       LIQUID_PASS_BYTES of the interposer (default: the interposer's own;
#                        0 sends every block in one pass of the frames)
#   --tune-calls N       LIQUID_TUNE_CALLS of the interposer (default: the interposer's own, 3;
#                        0: the plan runs every call from LIQUID_MIN_BYTES up); the liquid
#                        rows' warm-up is 1 + 2 N calls, so the trial is not in their samples
#   --json FILE          also write the run as one JSON document
#   --check-only         build the network, run the one-flow calibration, stop
#   --check-bytes B      bytes of the calibration flow (default 4194304)
#   --run-timeout S      bound of each mpirun, seconds (default 900)
#   --alltoallv FAMILY   instead of the MPI_Alltoall rows: a skewed MPI_Alltoallv (moe,
#                        half-empty, hot-receiver; bench/mpi/alltoallv_bench.cpp), the MPI
#                        library's PMPI_Alltoallv, the interposer's MPI_Alltoallv and the
#                        uniform plan interleaved call by call in one mpirun per sync mode;
#                        the interposer's report says which path each matrix took
#   --token-bytes B,B    --alltoallv: bytes per routed token (default 4096,16384,65536)
#   --tokens N           --alltoallv: tokens per rank (default 256)
#   --seed N             --alltoallv: the count matrix's seed (default 1)
#
# Checked at start: one flow from the first to the last host (across the inter-switch
# cable) must reach >= 90 % of the path's rate, else the script says why and stops.
# Uses only 192.0.2.0/24 (documentation range) inside the namespaces it creates, sends
# nothing elsewhere, bounds every run with `timeout`, and removes every namespace (with
# its bridge and veths) and the processes it started in them on exit, failure included.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=build HOSTS=3+3 RATE=100 CABLE_RATE="" NIC_RATE="" BUFFER=deep CC=bbr MIN=1 MAX=1048576 SIZES="" ITERATIONS=5
SYNC_MODES="none barrier" ALGORITHMS="1 2 3 4" METHOD=optimal JSON="" CHECK_ONLY=0 CHECK_BYTES=4194304 RUN_TIMEOUT=900
ALLTOALLV="" TOKEN_BYTES=4096,16384,65536 TOKENS=256 SEED=1

die() { echo "mpi_netns.sh: error: $*" >&2; exit 2; }
need_value() { [ $# -ge 2 ] || die "$1 needs a value"; }
while [ $# -gt 0 ]; do
  case $1 in
    --build) need_value "$@"; BUILD=$2; shift 2 ;;
    --hosts) need_value "$@"; HOSTS=$2; shift 2 ;;
    --rate) need_value "$@"; RATE=$2; shift 2 ;;
    --cable-rate) need_value "$@"; CABLE_RATE=$2; shift 2 ;;
    --nic-rate) need_value "$@"; NIC_RATE=$2; shift 2 ;;
    --buffer) need_value "$@"; BUFFER=$2; shift 2 ;;
    --cc) need_value "$@"; CC=$2; shift 2 ;;
    --min) need_value "$@"; MIN=$2; shift 2 ;;
    --max) need_value "$@"; MAX=$2; shift 2 ;;
    --sizes) need_value "$@"; SIZES=$2; shift 2 ;;
    --iterations) need_value "$@"; ITERATIONS=$2; shift 2 ;;
    --sync) need_value "$@"; SYNC_MODES=$2; shift 2 ;;
    --algorithms) need_value "$@"; ALGORITHMS=$2; shift 2 ;;
    --method) need_value "$@"; METHOD=$2; shift 2 ;;
    --min-bytes) need_value "$@"; MIN_BYTES=$2; shift 2 ;;
    --chunk-bytes) need_value "$@"; CHUNK_BYTES=$2; shift 2 ;;
    --pass-bytes) need_value "$@"; PASS_BYTES=$2; shift 2 ;;
    --tune-calls) need_value "$@"; TUNE_CALLS=$2; shift 2 ;;
    --json) need_value "$@"; JSON=$2; shift 2 ;;
    --check-only) CHECK_ONLY=1; shift ;;
    --check-bytes) need_value "$@"; CHECK_BYTES=$2; shift 2 ;;
    --run-timeout) need_value "$@"; RUN_TIMEOUT=$2; shift 2 ;;
    --alltoallv) need_value "$@"; ALLTOALLV=$2; shift 2 ;;
    --token-bytes) need_value "$@"; TOKEN_BYTES=$2; shift 2 ;;
    --tokens) need_value "$@"; TOKENS=$2; shift 2 ;;
    --seed) need_value "$@"; SEED=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
CABLE_RATE=${CABLE_RATE:-$RATE} NIC_RATE=${NIC_RATE:-$RATE}
is_int() { [[ $1 =~ ^[0-9]+$ ]] && [ "$1" -ge "$2" ]; }
[[ $HOSTS =~ ^([0-9]+)\+([0-9]+)$ ]] || die "--hosts '$HOSTS': give L+R, e.g. 3+3 or 4+4"
LEFT=${BASH_REMATCH[1]} RIGHT=${BASH_REMATCH[2]}
[ "$LEFT" -ge 1 ] && [ "$RIGHT" -ge 1 ] && [ $((LEFT + RIGHT)) -le 40 ] || die "--hosts '$HOSTS': 1 to 40 hosts, at least one per switch"
is_int "$RATE" 1 || die "--rate '$RATE': give Mbit/s, a whole number >= 1"
is_int "$CABLE_RATE" 1 || die "--cable-rate '$CABLE_RATE': give Mbit/s, a whole number >= 1"
is_int "$NIC_RATE" 1 || die "--nic-rate '$NIC_RATE': give Mbit/s, a whole number >= 1"
[ "$BUFFER" = deep ] || is_int "$BUFFER" 2 || die "--buffer '$BUFFER': give deep or KB >= 2 (e.g. 128, 64, 32, 16)"
is_int "$ITERATIONS" 5 || die "--iterations '$ITERATIONS': give >= 5 (the tables are medians)"
is_int "$MIN" 1 && is_int "$MAX" "$MIN" || die "--min/--max: give 1 <= MIN <= MAX bytes"
[ -z "$SIZES" ] || [[ $SIZES =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--sizes '$SIZES': give bytes separated by commas"
is_int "$CHECK_BYTES" 1 || die "--check-bytes '$CHECK_BYTES': give bytes >= 1"
is_int "$RUN_TIMEOUT" 1 || die "--run-timeout '$RUN_TIMEOUT': give seconds >= 1"
for n in $ALGORITHMS; do is_int "$n" 1 || die "--algorithms '$ALGORITHMS': give coll_tuned alltoall algorithm numbers >= 1"; done
case $ALLTOALLV in ""|moe|half-empty|hot-receiver) ;; *) die "--alltoallv '$ALLTOALLV': give moe, half-empty or hot-receiver" ;; esac
[[ $TOKEN_BYTES =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--token-bytes '$TOKEN_BYTES': give bytes separated by commas"
is_int "$TOKENS" 1 || die "--tokens '$TOKENS': give a whole number >= 1"
is_int "$SEED" 0 || die "--seed '$SEED': give a whole number >= 0"
[ -z "${MIN_BYTES:-}" ] || is_int "$MIN_BYTES" 0 || die "--min-bytes '$MIN_BYTES': give bytes, a whole number >= 0"
[ -z "${CHUNK_BYTES:-}" ] || is_int "$CHUNK_BYTES" 0 || die "--chunk-bytes '$CHUNK_BYTES': give bytes, a whole number >= 0"
[ -z "${PASS_BYTES:-}" ] || is_int "$PASS_BYTES" 0 || die "--pass-bytes '$PASS_BYTES': give bytes, a whole number >= 0"
INTERPOSER_ENV=()
[ -z "${MIN_BYTES:-}" ] || INTERPOSER_ENV=(-x LIQUID_MIN_BYTES="$MIN_BYTES")
[ -z "${CHUNK_BYTES:-}" ] || INTERPOSER_ENV+=(-x LIQUID_CHUNK_BYTES="$CHUNK_BYTES")
[ -z "${PASS_BYTES:-}" ] || INTERPOSER_ENV+=(-x LIQUID_PASS_BYTES="$PASS_BYTES")
[ -z "${TUNE_CALLS:-}" ] || is_int "$TUNE_CALLS" 0 || die "--tune-calls '$TUNE_CALLS': give a whole number >= 0"
[ -z "${TUNE_CALLS:-}" ] || INTERPOSER_ENV+=(-x LIQUID_TUNE_CALLS="$TUNE_CALLS")
LIQUID_WARMUP=$((1 + 2 * ${TUNE_CALLS:-3}))
for m in $SYNC_MODES; do [[ $m =~ ^[a-z]+$ ]] || die "--sync '$SYNC_MODES': give LIQUID_SYNC mode names"; done
if [ -z "$SIZES" ]; then
  SIZES=$MIN
  for ((b = MIN * 2; b <= MAX; b *= 2)); do SIZES="$SIZES,$b"; done
fi

if [ "${LIQUID_SANITIZED:-}" = 1 ]; then echo "mpi_netns.sh: skipped under LIQUID_SANITIZED=1 (network namespaces, mpirun)"; exit 77; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "mpi_netns.sh: needs root (it creates network namespaces, bridges and tc queues); run it as root" >&2
  exit 77
fi
for tool in ip tc mpirun timeout sysctl python3; do
  command -v "$tool" >/dev/null || { echo "mpi_netns.sh: '$tool' not found" >&2; exit 77; }
done
BENCH="$BUILD/bench/mpi/bench_mpi_alltoall" LIQUID="$BUILD/liquid" PMPI="$BUILD/src/mpi/pmpi/libliquid_pmpi.so"
BENCH_V="$BUILD/bench/mpi/bench_mpi_alltoallv"
NEEDED=("$BENCH"); [ "$CHECK_ONLY" = 1 ] || NEEDED+=("$LIQUID" "$PMPI"); [ -z "$ALLTOALLV" ] || NEEDED+=("$BENCH_V")
for f in "${NEEDED[@]}"; do
  [ -e "$f" ] || die "$f is missing: build the targets bench_mpi_alltoall, bench_mpi_alltoallv, liquid and liquid_pmpi"
done
BENCH=$(readlink -f "$BENCH") LIQUID=$(readlink -f "$LIQUID" || true) PMPI=$(readlink -f "$PMPI" || true)
BENCH_V=$(readlink -f "$BENCH_V" || true)
if ! grep -qw "$CC" /proc/sys/net/ipv4/tcp_available_congestion_control; then
  command -v modprobe >/dev/null && modprobe "tcp_$CC" 2>/dev/null || true
  grep -qw "$CC" /proc/sys/net/ipv4/tcp_available_congestion_control ||
    die "--cc '$CC': not available in this kernel (available: $(cat /proc/sys/net/ipv4/tcp_available_congestion_control))"
fi
# A network namespace may only make an algorithm its default if the host allows it.
grep -qw "$CC" /proc/sys/net/ipv4/tcp_allowed_congestion_control ||
  die "--cc '$CC': the kernel lets network namespaces use only the algorithms in net.ipv4.tcp_allowed_congestion_control ($(cat /proc/sys/net/ipv4/tcp_allowed_congestion_control)); pick one of them or add it there (sysctl -w net.ipv4.tcp_allowed_congestion_control='$(cat /proc/sys/net/ipv4/tcp_allowed_congestion_control) $CC')"

P="lq$$"                      # prefix of every namespace and veth this run creates
WORK=$(mktemp -d)
NAMESPACES=()
cleanup() {
  for ns in "${NAMESPACES[@]}"; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
    ip netns del "$ns" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The network, as liquid reads it: hosts n1..nL on sa, the others on sb.
N=$((LEFT + RIGHT))
NET="$WORK/network.json"
python3 - "$NET" "$LEFT" "$RIGHT" "$RATE" "$CABLE_RATE" "$NIC_RATE" <<'PY'
import json, sys
path, left, right, rate, cable, nic = sys.argv[1], *map(int, sys.argv[2:7])
hosts = [f"n{i}" for i in range(1, left + right + 1)]
switch_of = {h: "sa" if i < left else "sb" for i, h in enumerate(hosts)}
doc = {"name": f"two-switch-{left}+{right}",
       "comment": f"bench/mpi_netns.sh: n1-n{left} on switch sa, the others on sb, host cables {rate} Mbit/s "
                  f"(hosts send at {nic}), inter-switch cable {cable} Mbit/s",
       "rate": rate * 125000, "hosts": hosts, "switches": ["sa", "sb"], "cables": [], "links": []}
def link(a, b, mbit):
    doc["links"].append({"from": a, "to": b, "rate": mbit * 125000})
for h, sw in switch_of.items():
    if nic == rate:
        doc["cables"].append([h, sw])
    else:
        link(h, sw, nic)
        link(sw, h, rate)
if cable == rate:
    doc["cables"].append(["sa", "sb"])
else:
    link("sa", "sb", cable)
    link("sb", "sa", cable)
json.dump(doc, open(path, "w"), indent=1)
PY

# liquid's simulator first (it needs no namespace; a failure costs no measurement): the
# plan's predicted time and the liquid bound, per block size.
: >"$WORK/simulated.tsv"
if [ "$CHECK_ONLY" = 0 ]; then
  for bytes in ${SIZES//,/ }; do
    timeout 120 "$LIQUID" simulate --network "$NET" --size "$bytes" --method "$METHOD" --json >"$WORK/sim.json"
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(sys.argv[2], d["makespan_s"], d["liquid_time_s"], sep="\t")' \
      "$WORK/sim.json" "$bytes" >>"$WORK/simulated.tsv"
  done
fi

ns_add() { ip netns add "$1"; NAMESPACES+=("$1"); ip -n "$1" link set lo up; }
# tbf on the egress of $2 in namespace $1 at $3 Mbit/s; $4 = queue: deep or KB.
throttle() {
  local queue="latency 400ms"
  [ "$4" = deep ] || queue="limit $(($4 * 1024))"
  ip netns exec "$1" tc qdisc add dev "$2" root tbf rate "$3mbit" burst 32kbit $queue
}
# A cable from namespace $1 (interface $2, address $3 or "" for a bridge port) to the
# bridge of switch namespace $4 (its port $5). $6 = rate (Mbit/s, 0 = not throttled), $7 =
# the queue of the switch port (the end in $1 is a host's NIC: deep, unless $1 is a switch),
# $8 = the rate the end in $1 sends at (default $6).
cable() {
  local ns=$1 ifc=$2 addr=$3 sw=$4 port=$5 rate=$6 queue=$7 send=${8:-$6}
  ip link add "$P$ifc" type veth peer name "$P$port"
  ip link set "$P$ifc" netns "$ns" && ip -n "$ns" link set "$P$ifc" name "$ifc"
  ip link set "$P$port" netns "$sw" && ip -n "$sw" link set "$P$port" name "$port"
  if [ -n "$addr" ]; then ip -n "$ns" addr add "$addr/24" dev "$ifc"; else ip -n "$ns" link set "$ifc" master br0; fi
  ip -n "$sw" link set "$port" master br0
  ip -n "$ns" link set "$ifc" up
  ip -n "$sw" link set "$port" up
  if [ "$rate" != 0 ]; then
    if [ -n "$addr" ]; then throttle "$ns" "$ifc" "$send" deep; else throttle "$ns" "$ifc" "$send" "$queue"; fi
    throttle "$sw" "$port" "$rate" "$queue"
  fi
}
tcp_settings() {
  ip netns exec "$1" sysctl -qw net.ipv4.tcp_slow_start_after_idle=0 "net.ipv4.tcp_congestion_control=$CC"
}

for sw in sa sb; do
  ns_add "$P-$sw"
  ip -n "$P-$sw" link add br0 type bridge
  ip -n "$P-$sw" link set br0 up
done
cable "$P-sa" ab "" "$P-sb" ba "$CABLE_RATE" "$BUFFER"            # the inter-switch cable: the bottleneck
ns_add "$P-head"
tcp_settings "$P-head"
cable "$P-head" eth0 192.0.2.10 "$P-sa" head 0 deep               # mpirun's namespace, not throttled
for ((i = 1; i <= N; i++)); do
  sw=sa; [ "$i" -gt "$LEFT" ] && sw=sb
  ns_add "$P-n$i"
  tcp_settings "$P-n$i"
  cable "$P-n$i" eth0 "192.0.2.$((100 + i))" "$P-$sw" "n$i" "$RATE" "$BUFFER" "$NIC_RATE"
  echo "$P-n$i slots=1" >>"$WORK/hosts"
  echo "$((i - 1)) n$i" >>"$WORK/rankmap"
done
printf '%s slots=1\n' "$P-n1" "$P-n$N" >"$WORK/hosts-flow"

# Open MPI starts its daemons through this agent: "AGENT [options] HOST command...". Each
# namespace gets its own TMPDIR: the daemons share the hostname and would otherwise race
# on one session directory.
cat >"$WORK/agent" <<AGENT
#!/bin/sh
while [ "\${1#-}" != "\$1" ]; do shift; done
ns=\$1; shift
mkdir -p "$WORK/tmp/\$ns"
exec ip netns exec "\$ns" env TMPDIR="$WORK/tmp/\$ns" sh -c "\$*"
AGENT
chmod +x "$WORK/agent"

# mpirun from the head namespace: mpi_run NP HOSTFILE LOG [mpirun options...] -- [bench options...]
mpi_run() {
  local np=$1 hostfile=$2 log=$3; shift 3
  local opts=()
  while [ "$1" != -- ]; do opts+=("$1"); shift; done
  shift
  mkdir -p "$WORK/tmp/head"
  if ! ip netns exec "$P-head" env TMPDIR="$WORK/tmp/head" timeout "$RUN_TIMEOUT" mpirun --allow-run-as-root \
      --hostfile "$hostfile" --mca plm_rsh_agent "$WORK/agent" --mca routed direct \
      --mca oob_tcp_if_include 192.0.2.0/24 --mca btl tcp,self --mca btl_tcp_if_include 192.0.2.0/24 \
      --mca mpi_yield_when_idle 1 "${opts[@]}" -np "$np" "$BENCH" --network "$NET" "$@" >"$log" 2>&1; then
    echo "mpi_netns.sh: mpirun failed or ran out of its $RUN_TIMEOUT s (--run-timeout); its output:" >&2
    tail -20 "$log" >&2
    exit 1
  fi
}

PATH_RATE=$(( RATE < CABLE_RATE ? RATE : CABLE_RATE ))
PATH_RATE=$(( NIC_RATE < PATH_RATE ? NIC_RATE : PATH_RATE ))
BUFFER_TEXT="deep switch buffers (400 ms of queue)"
[ "$BUFFER" = deep ] || BUFFER_TEXT="$BUFFER KB per switch egress port and on the inter-switch cable"
NIC_TEXT=""
[ "$NIC_RATE" = "$RATE" ] || NIC_TEXT=" (hosts send at $NIC_RATE)"
echo "# network: two switches, $LEFT + $RIGHT hosts, host cables $RATE Mbit/s$NIC_TEXT, inter-switch cable $CABLE_RATE Mbit/s, $BUFFER_TEXT"
echo "# TCP: $CC, tcp_slow_start_after_idle=0; Open MPI $(mpirun --version | sed -n '1s/.* //p') over TCP, one rank per host namespace, mpi_yield_when_idle 1"
echo "# uptime at start:$(uptime)"

# Calibration: one flow n1 -> nN through the inter-switch cable.
mpi_run 2 "$WORK/hosts-flow" "$WORK/flow.log" -- --methods flow --sizes "$CHECK_BYTES" --iterations 5 --warmup 1
FLOW=$(awk '$2 == "flow" { print $6 }' "$WORK/flow.log")
[ -n "$FLOW" ] || { echo "mpi_netns.sh: the calibration run printed no flow row:" >&2; cat "$WORK/flow.log" >&2; exit 1; }
FRACTION=$(awk -v f="$FLOW" -v r="$PATH_RATE" 'BEGIN { printf "%.3f", f / (r / 8) }')
echo "# calibration: one flow n1 -> n$N of $CHECK_BYTES B: $FLOW MB/s, $FRACTION of the $PATH_RATE Mbit/s path ($(awk -v r="$PATH_RATE" 'BEGIN { print r / 8 }') MB/s)"
if [ "$CHECK_ONLY" = 1 ]; then exit 0; fi
if awk -v f="$FRACTION" 'BEGIN { exit !(f < 0.9) }'; then
  echo "mpi_netns.sh: calibration failed: one flow reached $FRACTION of the link rate (needs >= 0.90):" \
       "the machine is too loaded (load average$(cut -d' ' -f1-3 /proc/loadavg | sed 's/^/ /')) or the emulation is broken;" \
       "no measurement on this network would be trustworthy, stopping" >&2
  exit 1
fi

# --alltoallv: the skewed MPI_Alltoallv, one mpirun per sync mode, then stop.
if [ -n "$ALLTOALLV" ]; then
  for mode in $SYNC_MODES; do
    echo "# MPI_Alltoallv, family $ALLTOALLV, LIQUID_SYNC=$mode (mpi: PMPI_Alltoallv; liquid: the interposer; uniform: the uniform plan)"
    BENCH="$BENCH_V" mpi_run "$N" "$WORK/hosts" "$WORK/alltoallv-$mode.log" -x LD_PRELOAD="$PMPI" -x LIQUID_NETWORK="$NET" \
      -x LIQUID_RANKMAP="$WORK/rankmap" -x LIQUID_SYNC="$mode" -x LIQUID_METHOD="$METHOD" "${INTERPOSER_ENV[@]}" \
      -x LIQUID_REPORT="$WORK/report-v-$mode.json" -- --rankmap "$WORK/rankmap" --family "$ALLTOALLV" \
      --token-bytes "$TOKEN_BYTES" --tokens "$TOKENS" --seed "$SEED" --iterations "$ITERATIONS" --warmup "$LIQUID_WARMUP"
    grep -v '^liquid: ' "$WORK/alltoallv-$mode.log"
    python3 -c 'import json, sys
for m in json.load(open(sys.argv[1]))["plans"][0].get("alltoallv", {}).get("matrices", []):
    print("# interposer: %s path, %d calls, %d cache hits, planned in %.1f ms: %s" % (m["path"], m["calls"], m["cache_hits"], m["planning_ms"], m["reason"]))
for t in json.load(open(sys.argv[1]))["plans"][0].get("tuning", []):
    print("# trial, blocks of %d-%d bytes: %s (plan %s ms, MPI library %s ms)" % (t["blocks_from"], t["blocks_to"], t["choice"],
          "%.1f" % (1e3 * t["liquid_median_s"]) if "liquid_median_s" in t else "-", "%.1f" % (1e3 * t["library_median_s"]) if "library_median_s" in t else "-"))' \
      "$WORK/report-v-$mode.json"
  done
  echo "# commit $(git -C "$HERE" rev-parse --short HEAD 2>/dev/null || echo unknown); uptime at end:$(uptime)"
  exit 0
fi

# Liquid through its interposer, one mpirun per sync mode, each with Open MPI's default
# in the same run; then one mpirun per forced coll_tuned algorithm.
ROWS="$WORK/rows.tsv"
: >"$ROWS"
collect() {  # collect LOG RENAME_MPI_TO
  awk -v name="$2" '$1 ~ /^[0-9]+$/ { m = $2; if (m == "mpi") m = name; print $1 "\t" m "\t" $3 "\t" $4 "\t" $5 "\t" $8 "\t" $9 }' "$1" >>"$ROWS"
}
BENCH_ARGS=(--rankmap "$WORK/rankmap" --sizes "$SIZES" --iterations "$ITERATIONS" --warmup 1 --liquid-warmup "$LIQUID_WARMUP"
  --tcp-counters 1)
first=1
for mode in $SYNC_MODES; do
  echo "# running liquid (LIQUID_SYNC=$mode) and Open MPI's default ..." >&2
  mpi_run "$N" "$WORK/hosts" "$WORK/liquid-$mode.log" -x LD_PRELOAD="$PMPI" -x LIQUID_NETWORK="$NET" \
    -x LIQUID_RANKMAP="$WORK/rankmap" -x LIQUID_SYNC="$mode" -x LIQUID_METHOD="$METHOD" "${INTERPOSER_ENV[@]}" \
    -x LIQUID_REPORT="$WORK/report-$mode.json" -- --methods mpi,liquid "${BENCH_ARGS[@]}"
  awk '$2 == "liquid" { $2 = "liquid-'"$mode"'" } 1' "$WORK/liquid-$mode.log" >"$WORK/liquid-$mode.renamed"
  if [ $first = 1 ]; then collect "$WORK/liquid-$mode.renamed" ompi-default; else collect "$WORK/liquid-$mode.renamed" "ompi-default@$mode"; fi
  first=0
done
ALGORITHM_NAMES=(ignore linear pairwise bruck linear-sync two-proc)
for n in $ALGORITHMS; do
  echo "# running Open MPI's coll_tuned alltoall algorithm $n ..." >&2
  mpi_run "$N" "$WORK/hosts" "$WORK/alg-$n.log" --mca coll_tuned_use_dynamic_rules 1 \
    --mca coll_tuned_alltoall_algorithm "$n" -- --methods mpi "${BENCH_ARGS[@]}"
  collect "$WORK/alg-$n.log" "ompi-$n-${ALGORITHM_NAMES[$n]:-alg}"
done

echo "# uptime at end:$(uptime)"

COMMIT=$(git -C "$HERE" rev-parse --short HEAD 2>/dev/null || echo unknown)
python3 "$HERE/mpi/netns_table.py" --rows "$ROWS" --simulated "$WORK/simulated.tsv" --reports "$WORK" \
  --ranks "$N" --flow "$FLOW" --flow-fraction "$FRACTION" --commit "$COMMIT" --json "$JSON" \
  --config "hosts=$LEFT+$RIGHT rate_mbit=$RATE nic_rate_mbit=$NIC_RATE cable_rate_mbit=$CABLE_RATE buffer=$BUFFER cc=$CC iterations=$ITERATIONS method=$METHOD chunk_bytes=${CHUNK_BYTES:-default} pass_bytes=${PASS_BYTES:-default} tune_calls=${TUNE_CALLS:-default}" \
  --uptime "$(uptime)"
