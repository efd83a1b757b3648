#!/usr/bin/env bash
# A job's fragment of a large fabric (docs/performance.md, "Fragments"):
#   scripts/bench-fragments.sh [BUILD_DIR] [OUT.md]
# For every fabric and rank count, three seeded random host subsets; on each, the
# all-to-all among them is scheduled by `liquid schedule` (default method, within
# LIQUID_BENCH_LIMIT_S, default 10 s), by DSatur alone and by round-robin alone, each in
# its own process under /usr/bin/time (wall clock and peak memory of the whole command,
# network and traffic building included). Prints a Markdown table: Λ, length, lower
# bound, proven, who answered, wall, memory; DSatur's and round-robin's lengths and walls.
# Environment:
#   LIQUID_BENCH_FABRICS  network specs separated by spaces (default below; the ibsim
#                         fabrics are added when LIQUID_BENCH_IB names a directory holding
#                         ftree/ and minhop/ outputs of scripts/ibsim-route.sh)
#   LIQUID_BENCH_RANKS    rank counts (default "64 128 256 512")
#   LIQUID_BENCH_SEEDS    seeds (default "1 2 3")
#   LIQUID_BENCH_BASELINES=0 skips DSatur and round-robin.
set -euo pipefail
build=${1:-build}
out=${2:-/dev/stdout}
liquid="$build/apps/liquid/liquid"
[ -x "$liquid" ] || { echo "bench-fragments.sh: $liquid not found (cmake --build $build --target liquid)" >&2; exit 2; }
limit=${LIQUID_BENCH_LIMIT_S:-10}
ranks=${LIQUID_BENCH_RANKS:-64 128 256 512}
seeds=${LIQUID_BENCH_SEEDS:-1 2 3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A dragonfly (Kim et al., ISCA 2008): g groups of a routers, p hosts per router, the routers
# of a group fully connected, h global cables per router, one cable between every two
# groups; shortest-path routing. 33 groups x 8 routers x 4 hosts = 1 056 hosts.
python3 - "$work/dragonfly.json" <<'PY'
import json, sys
a, p, h = 8, 4, 4
g = a * h + 1
hosts, switches, cables = [], [], []
r = lambda G, i: f"g{G}r{i}"
for G in range(g):
    for i in range(a):
        switches.append(r(G, i))
        for k in range(p):
            hosts.append(f"g{G}r{i}h{k}")
            cables.append([hosts[-1], r(G, i)])
        for j in range(i + 1, a):
            cables.append([r(G, i), r(G, j)])
for G in range(g):
    for H in range(G + 1, g):
        # Global port k of group G (router k // h) goes to group H's port G' of the same rank.
        k, K = H - 1, G
        cables.append([r(G, k // h), r(H, K // h)])
json.dump({"name": "dragonfly:8,4,4", "hosts": hosts, "switches": switches, "cables": cables,
           "routing": {"type": "shortest"}}, open(sys.argv[1], "w"))
PY

fabrics=${LIQUID_BENCH_FABRICS:-fat-tree:4,5 fat-tree:8,3 hypercube:10 torus:8x8x8 $work/dragonfly.json}
if [ -n "${LIQUID_BENCH_IB:-}" ]; then
  for e in ftree minhop; do fabrics="$fabrics ibnetdiscover:$LIQUID_BENCH_IB/$e/topology.txt,$LIQUID_BENCH_IB/$e/opensm-lfts.dump"; done
fi

# run NAME ARGS...: one command under /usr/bin/time; prints "wall_s peak_kb" and keeps its JSON.
run() {
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$liquid" schedule "$@" --json >"$work/$name.json" 2>"$work/$name.err" || true
  cat "$work/$name.time" | tail -1
}

{
echo "| fabric | ranks | seed | transfers | Λ | length | lower bound | proven | by | wall (s) | memory (MB) | DSatur | DSatur wall (s) | round-robin | round-robin wall (s) |"
echo "|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|"
for fabric in $fabrics; do
  "$liquid" network "$fabric" >"$work/net.json"
  label=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$work/net.json")
  case $fabric in ibnetdiscover:*ftree*) label="ibsim $label, OpenSM ftree";; ibnetdiscover:*minhop*) label="ibsim $label, OpenSM minhop";; esac
  for n in $ranks; do
    for seed in $seeds; do
      hosts=$(python3 -c '
import json, random, sys
hosts = json.load(open(sys.argv[1]))["hosts"]
n, seed = int(sys.argv[2]), int(sys.argv[3])
if n > len(hosts): sys.exit(0)
print(",".join(random.Random(seed).sample(hosts, n)))' "$work/net.json" "$n" "$seed")
      [ -n "$hosts" ] || continue
      sel=(--network "$work/net.json" --senders "$hosts" --receivers "$hosts")
      read -r wall kb < <(run main "${sel[@]}" --time-limit "$limit")
      if [ "${LIQUID_BENCH_BASELINES:-1}" = 1 ]; then
        read -r dwall _ < <(run dsatur "${sel[@]}" --method dsatur)
        read -r rwall _ < <(run rr "${sel[@]}" --method round-robin)
      else
        dwall=- rwall=-
        echo '{}' >"$work/dsatur.json"; echo '{}' >"$work/rr.json"
      fi
      python3 - "$work" "$label" "$n" "$seed" "$wall" "$kb" "$dwall" "$rwall" <<'PY'
import json, sys
w, label, n, seed, wall, kb, dwall, rwall = sys.argv[1:]
def load(name):
    try:
        return json.load(open(f"{w}/{name}.json"))
    except Exception:
        return {}
m, d, r = load("main"), load("dsatur"), load("rr")
s = m.get("schedule", {})
length = lambda j: j.get("schedule", {}).get("length", "-")
if not s:
    err = open(f"{w}/main.err").read().strip().splitlines()
    print(f"| {label} | {n} | {seed} | | | failed: {err[-1] if err else '?'} | | | | {wall} | {int(kb) // 1024} | | | | |")
    sys.exit(0)
proven = "liquid" if s["liquid"] else ("optimal" if s["optimal"] else "no")
print(f"| {label} | {n} | {seed} | {m['transfers']} | {m['duration']} | {s['length']} | {s['lower_bound']} | {proven} | "
      f"{s['solver']} | {wall} | {int(kb) // 1024} | {length(d)} | {dwall} | {length(r)} | {rwall} |")
PY
    done
  done
done
echo
echo "Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, commit $(git rev-parse --short HEAD 2>/dev/null || echo ?), time limit $limit s; load at the end: $(uptime | sed 's/.*load average: //')."
} >"$out"
