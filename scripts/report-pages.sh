#!/usr/bin/env bash
# Makes the report pages the README and docs/reports.md show and checks them in headless Chromium
# (tests/report/browser_check.js): no console error, no network request, every chart
# rendered, the schedule pages' frame counts; screenshots land beside the pages.
#   bash scripts/report-pages.sh [OUTDIR [LIQUID]]      (defaults: out/report, build/liquid)
# The screenshots in docs/img/: bash scripts/report-pages.sh out/report && cp out/report/{schedule-ib,schedule-t1,testbed}.png docs/img/
# The testbed run is cut down (exact search 0.5 s, enumerations capped at 20 000
# categories, 150 simulated patterns) to keep the whole script near a minute. The pages
# of the --report shortcuts are made by the same page builders from the same JSON as the
# combined testbed page, so the browser opens the combined one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-out/report}"
liquid="${2:-$root/build/liquid}"
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
[ -n "$chromium" ] || { echo "report-pages: chromium not found (scripts/install-deps.sh installs it)" >&2; exit 3; }
mkdir -p "$out"

# Schedule pages: an InfiniBand fat tree captured with ibsim and routed by OpenSM (minhop),
# the Swiss-T1 all-to-all (K-ring drawing) from a saved schedule, and a
# torus made directly (grid drawing), with its figures as SVG files.
ib="ibnetdiscover:$root/tests/data/ib/fat-tree-16-topology.txt,$root/tests/data/ib/fat-tree-16-minhop-lfts.dump"
"$liquid" schedule --network "$ib" --json >"$out/schedule-ib.json"
"$liquid" report --network "$ib" --from "$out/schedule-ib.json" -o "$out/schedule-ib.html" >/dev/null
"$liquid" schedule --network swiss-t1 --self --json >"$out/schedule-t1.json"
"$liquid" report --network swiss-t1 --self --from "$out/schedule-t1.json" -o "$out/schedule-t1.html" >/dev/null
demand=(--network crossbar:6 --demand "$root/examples/skewed-demand-6.csv" --frame-overhead 1e-5)
"$liquid" schedule "${demand[@]}" --json >"$out/schedule-weighted.json"
"$liquid" report "${demand[@]}" --from "$out/schedule-weighted.json" -o "$out/schedule-weighted.html" >/dev/null
"$liquid" report --network torus:4x4 --pattern all-to-all --json -o "$out/schedule-torus.html" \
  --svg-dir "$out/svg-torus" >"$out/schedule-torus.report.json"

# Testbed pages: testbed t1 --report, simulate testbed --report, and both in one page.
"$liquid" testbed t1 --threads 2 --time-limit 0.5 --max-categories 20000 --out "$out/t1" --json \
  --report "$out/testbed-t1.html" >"$out/testbed-t1.json"
"$liquid" simulate testbed --threads 2 --limit 150 --random-runs 1 --out "$out/sim" --json \
  --report "$out/testbed-sim.html" >"$out/testbed-sim.json"
"$liquid" report --from "$out/testbed-t1.json" --from "$out/testbed-sim.json" -o "$out/testbed.html" >/dev/null

# Optical page: p2p tables (short runs) and the broadcast curves.
"$liquid" optical p2p-tables --rounds 500 --threads 2 --dimensions 3 4 --json >"$out/p2p-tables.json"
"$liquid" report --from "$out/p2p-tables.json" -o "$out/optical.html" >/dev/null

frames() { node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));const s=j.schedule||j.data.schedule;console.log(Array.isArray(s.frames)?s.frames.length:s.length)' "$1"; }
node "$root/tests/report/browser_check.js" --chromium "$chromium" --shots "$out" \
  "$out/schedule-ib.html=$(frames "$out/schedule-ib.json")" \
  "$out/schedule-t1.html=$(frames "$out/schedule-t1.json")" \
  "$out/schedule-torus.html=$(frames "$out/schedule-torus.report.json")" \
  "$out/schedule-weighted.html=$(frames "$out/schedule-weighted.json")" \
  "$out/testbed.html" "$out/optical.html" >"$out/browser.json"
echo "report-pages: every page passed; pages, screenshots and browser.json in $out"
