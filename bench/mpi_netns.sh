#!/usr/bin/env bash
# MPI_Alltoall on a real congested network: the report's two-switch example (Gabrielyan &
# Hersch, liquid schedule construction report, EPFL 2006, §3 Fig. 2) with 3 + 3 hosts,
# built from Linux network namespaces (one per host, one per switch with a bridge, one
# head namespace for mpirun), veth cables throttled by tc to 100 Mbit/s, and Open MPI over
# TCP with one rank per host namespace. Measures the MPI library's own algorithm, a
# round-robin plan and the liquid plan, next to liquid's simulator prediction
# (`liquid simulate`) for the same network (bench/mpi/two-switch-netns.json).
#
# Usage (as root): bench/mpi_netns.sh [BUILD_DIR] [ITERATIONS]
# Uses only 192.0.2.0/24 (documentation range) inside the namespaces it creates, sends
# nothing elsewhere, bounds every run with `timeout`, and removes every namespace (with
# its bridge and veths) on exit, failure included.
set -euo pipefail

BUILD=${1:-build}
ITERATIONS=${2:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
NET="$HERE/mpi/two-switch-netns.json"
BENCH="$BUILD/bench/mpi/bench_mpi_alltoall"
LIQUID="$BUILD/liquid"

if [ "$(id -u)" -ne 0 ]; then
  echo "mpi_netns.sh: needs root (it creates network namespaces, bridges and tc queues); run it as root" >&2
  exit 1
fi
for tool in ip tc mpirun timeout; do
  command -v "$tool" >/dev/null || { echo "mpi_netns.sh: '$tool' not found" >&2; exit 1; }
done
[ -x "$BENCH" ] && [ -x "$LIQUID" ] || { echo "mpi_netns.sh: build $BENCH and $LIQUID first" >&2; exit 1; }
BENCH=$(readlink -f "$BENCH")
LIQUID=$(readlink -f "$LIQUID")

P="lq$$"                      # prefix of every namespace and veth this run creates
WORK=$(mktemp -d)
NAMESPACES=()
cleanup() {
  for ns in "${NAMESPACES[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

ns_add() { ip netns add "$1"; NAMESPACES+=("$1"); ip -n "$1" link set lo up; }
throttle() { ip netns exec "$1" tc qdisc add dev "$2" root tbf rate 100mbit burst 32kbit latency 400ms; }

# A cable from namespace $1 (interface $2, address $3 or "" for a bridge port) to the
# bridge of switch namespace $4 (its port $5); $6 = throttle (1) or not (0).
cable() {
  local ns=$1 ifc=$2 addr=$3 sw=$4 port=$5 slow=$6
  ip link add "$P$ifc" type veth peer name "$P$port"
  ip link set "$P$ifc" netns "$ns" && ip -n "$ns" link set "$P$ifc" name "$ifc"
  ip link set "$P$port" netns "$sw" && ip -n "$sw" link set "$P$port" name "$port"
  if [ -n "$addr" ]; then ip -n "$ns" addr add "$addr/24" dev "$ifc"; else ip -n "$ns" link set "$ifc" master br0; fi
  ip -n "$sw" link set "$port" master br0
  ip -n "$ns" link set "$ifc" up
  ip -n "$sw" link set "$port" up
  if [ "$slow" = 1 ]; then throttle "$ns" "$ifc"; throttle "$sw" "$port"; fi
}

for sw in sa sb; do
  ns_add "$P-$sw"
  ip -n "$P-$sw" link add br0 type bridge
  ip -n "$P-$sw" link set br0 up
done
cable "$P-sa" ab "" "$P-sb" ba 1                      # the inter-switch cable: the bottleneck
ns_add "$P-head"
cable "$P-head" eth0 192.0.2.10 "$P-sa" head 0        # mpirun's namespace, not throttled
for i in 1 2 3 4 5 6; do
  sw=sa; [ "$i" -gt 3 ] && sw=sb
  ns_add "$P-n$i"
  cable "$P-n$i" eth0 "192.0.2.1$i" "$P-$sw" "n$i" 1
  echo "$P-n$i slots=1" >>"$WORK/hosts"
  echo "$((i - 1)) n$i" >>"$WORK/rankmap"
done

# Open MPI starts its daemons through this agent: "AGENT [options] HOST command...".
cat >"$WORK/agent" <<'AGENT'
#!/bin/sh
while [ "${1#-}" != "$1" ]; do shift; done
ns=$1; shift
exec ip netns exec "$ns" sh -c "$*"
AGENT
chmod +x "$WORK/agent"

echo "# network: $NET (3 + 3 hosts, 100 Mbit/s tbf on every cable, Open MPI over TCP, one rank per host namespace)"

ip netns exec "$P-head" timeout 900 mpirun --allow-run-as-root --hostfile "$WORK/hosts" \
  --mca plm_rsh_agent "$WORK/agent" --mca routed direct \
  --mca oob_tcp_if_include 192.0.2.0/24 --mca btl tcp,self --mca btl_tcp_if_include 192.0.2.0/24 \
  -np 6 "$BENCH" --network "$NET" --rankmap "$WORK/rankmap" --methods mpi,round-robin,optimal \
  --min 65536 --max 1048576 --iterations "$ITERATIONS" --warmup 1 | tee "$WORK/measured"

echo "# simulator prediction (liquid simulate, same network, no per-message overhead):"
printf '%-10s %-12s %14s %16s\n' bytes method median_us aggregate_MB/s
for bytes in 65536 131072 262144 524288 1048576; do
  for m in round-robin optimal; do
    us=$(timeout 60 "$LIQUID" simulate --network "$NET" --size "$bytes" --method "$m" --json |
         sed -n 's/.*"makespan_s": *\([0-9.e+-]*\).*/\1/p' | head -1)
    awk -v b="$bytes" -v m="$m" -v s="$us" 'BEGIN { printf "%-10d %-12s %14.1f %16.1f\n", b, m, s * 1e6, b * 30 / (s * 1e6) }'
  done
done
