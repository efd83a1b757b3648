#!/usr/bin/env bash
# Routes a simulated InfiniBand fabric with the real subnet manager and captures what a
# user would capture on real hardware (docs/fabrics.md, "Your own fabric"):
#
#   scripts/ibsim-route.sh NETFILE ENGINE OUTDIR
#
# starts `ibsim -s NETFILE`, runs OpenSM once with routing engine ENGINE (ftree, minhop,
# updn, dor, ...) and the routing dump flag, then ibnetdiscover and ibroute for every
# switch, all against the simulator (libumad2sim.so preloaded). OUTDIR receives:
#   topology.txt        ibnetdiscover output
#   opensm-lfts.dump    OpenSM's dump of every switch's linear forwarding table
#   ibroute.txt         `ibroute LID` of every switch, concatenated (unreachable ones skipped)
#   opensm.log, ibsim.log
# ibsim and opensm are stopped by their own pids on every exit path. One ibsim at a time:
# a second concurrent run would attach its clients to the first simulator.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 NETFILE ENGINE OUTDIR" >&2
  exit 2
fi
net=$1 engine=$2 out=$3
mkdir -p "$out"
out=$(cd "$out" && pwd)

umad2sim=${LIQUID_UMAD2SIM:-}
if [ -z "$umad2sim" ]; then
  umad2sim=$(dpkg -L libumad2sim0 2>/dev/null | grep '/libumad2sim\.so$' | head -n1 || true)
fi
for tool in ibsim opensm ibnetdiscover ibroute; do
  command -v "$tool" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
  command -v "$tool" >/dev/null 2>&1 || { echo "$0: $tool not found (scripts/install-deps.sh installs it)" >&2; exit 3; }
done
[ -n "$umad2sim" ] && [ -f "$umad2sim" ] || { echo "$0: libumad2sim.so not found (package libumad2sim0)" >&2; exit 3; }

ibsim_pid=""
sm_pid=""
cleanup() {
  [ -n "$sm_pid" ] && kill "$sm_pid" 2>/dev/null && wait "$sm_pid" 2>/dev/null || true
  [ -n "$ibsim_pid" ] && kill "$ibsim_pid" 2>/dev/null && wait "$ibsim_pid" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

# OpenSM's state files and libumad2sim's fake sysfs (sys-<pid>/, made in the current
# directory) stay inside OUTDIR.
export OSM_TMP_DIR=$out OSM_CACHE_DIR=$out
net=$(cd "$(dirname "$net")" && pwd)/$(basename "$net")
cd "$out"
ibsim -n -s "$net" </dev/null >"$out/ibsim.log" 2>&1 &
ibsim_pid=$!
# A client that attaches before ibsim has built the fabric sees a half-built one.
sleep "${LIQUID_IBSIM_SETTLE:-3}"
kill -0 "$ibsim_pid" 2>/dev/null || { echo "$0: ibsim exited early; see $out/ibsim.log" >&2; tail -5 "$out/ibsim.log" >&2; exit 1; }

LD_PRELOAD=$umad2sim timeout 120 opensm -o -R "$engine" -D 0x43 --dump_files_dir "$out" \
  -f "$out/opensm.log" </dev/null >"$out/opensm.out" 2>&1 &
sm_pid=$!
if ! wait "$sm_pid"; then
  sm_pid=""
  echo "$0: opensm -R $engine failed; see $out/opensm.log" >&2
  tail -5 "$out/opensm.out" >&2
  exit 1
fi
sm_pid=""
[ -s "$out/opensm-lfts.dump" ] || { echo "$0: opensm wrote no opensm-lfts.dump" >&2; exit 1; }

LD_PRELOAD=$umad2sim timeout 120 ibnetdiscover >"$out/topology.txt" 2>"$out/ibnetdiscover.err"

# ibroute every switch LID the dump names; under some engines a switch LID is not
# reachable from the SM's port and ibroute fails for it (the dump still has it).
: >"$out/ibroute.txt"
for lid in $(sed -n 's/^Unicast lids .* of switch Lid \([0-9]*\) .*/\1/p' "$out/opensm-lfts.dump"); do
  LD_PRELOAD=$umad2sim timeout 30 ibroute "$lid" >>"$out/ibroute.txt" 2>/dev/null || \
    echo "# ibroute $lid failed" >>"$out/ibroute.txt"
done
