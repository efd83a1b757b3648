#!/usr/bin/env bash
# ctest mpi_netns_smoke: the emulated cluster's building blocks — namespaces, bridges,
# tbf-throttled veths, the rsh agent into namespaces, mpirun across them — by running
# bench/mpi_netns.sh's calibration alone on 1 + 1 hosts (one 1 MiB flow). Asserts the flow
# arrived and was throttled (at most 102 % of the 100 Mbit/s path: tbf works), that the
# script removed every namespace it created, that --nic-rate paces the hosts, and that a
# congestion control the kernel keeps from namespaces is refused with exit 2. Exit 77
# (skipped) where the script cannot run: not root, no ip/tc/mpirun, or LIQUID_SANITIZED=1.
set -uo pipefail
BUILD=$1
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
# The calibration line's fraction of the $1 Mbit/s path, read from $OUT.
fraction_of() { sed -n "s/^# calibration: .* MB\/s, \([0-9.]*\) of the $1 Mbit\/s path.*/\1/p" "$OUT"; }
# True when 0 < $1 <= 1.02: the flow arrived and its tbf held it to the rate.
throttled() { awk -v f="$1" 'BEGIN { exit !(f > 0 && f <= 1.02) }'; }
bash "$HERE/../mpi_netns.sh" --build "$BUILD" --hosts 1+1 --rate 100 --check-only --check-bytes 1048576 \
  --run-timeout 60 >"$OUT" 2>&1 &
pid=$!
wait $pid
rc=$?
cat "$OUT"
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || { echo "FAIL: mpi_netns.sh exited with $rc"; exit 1; }
left=$(ip netns list | grep -c "^lq$pid-" || true)
[ "$left" = 0 ] || { echo "FAIL: $left namespaces lq$pid-* left behind"; exit 1; }
fraction=$(fraction_of 100)
[ -n "$fraction" ] || { echo "FAIL: no calibration line"; exit 1; }
throttled "$fraction" ||
  { echo "FAIL: one flow reached $fraction of the throttled path's rate (expected 0 < f <= 1.02)"; exit 1; }
# Hosts paced under the line rate (--nic-rate): the flow is held to the NIC's 80 Mbit/s (at
# most 102 % of it, where the 100 Mbit/s ports alone would allow 125 %).
bash "$HERE/../mpi_netns.sh" --build "$BUILD" --hosts 1+1 --rate 100 --nic-rate 80 --check-only \
  --check-bytes 1048576 --run-timeout 60 >"$OUT" 2>&1
rc=$?
paced=$(fraction_of 80)
if [ $rc != 0 ] || [ -z "$paced" ] || ! throttled "$paced"; then
  cat "$OUT"; echo "FAIL: --nic-rate 80: exit $rc, one flow at '$paced' of the 80 Mbit/s path (expected 0 < f <= 1.02)"; exit 1
fi
echo "PASS: --nic-rate 80 holds one flow at $paced of the NIC's rate"
# An algorithm the kernel has but keeps from network namespaces is refused up front, by name.
read -ra available </proc/sys/net/ipv4/tcp_available_congestion_control
for cc in "${available[@]}"; do
  grep -qw "$cc" /proc/sys/net/ipv4/tcp_allowed_congestion_control && continue
  bash "$HERE/../mpi_netns.sh" --build "$BUILD" --hosts 1+1 --cc "$cc" --check-only >"$OUT" 2>&1
  rc=$?
  if [ $rc != 2 ] || ! grep -q "tcp_allowed_congestion_control" "$OUT"; then
    cat "$OUT"; echo "FAIL: --cc $cc (not allowed in namespaces) exited with $rc, not 2 naming the setting"; exit 1
  fi
  echo "PASS: --cc $cc refused (not in tcp_allowed_congestion_control)"
  break
done
echo "PASS: one flow at $fraction of the path rate, no namespace left"
