#!/usr/bin/env python3
"""Re-runs the cheap reproduction commands and checks that README.md states their numbers.

Usage: scripts/check-readme-numbers.py [BUILD_DIR] [README]

Each check runs a `liquid` command, renders the sentence or line the README must contain,
and looks for it verbatim. On a mismatch it prints what the command gave, so the README can
be updated by pasting. Runs in `make bench` (about 1-2 minutes on 2 cores; too slow for
every CI test pass, and only timing-free, seeded numbers are checked). Exit 1 on a mismatch.
"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
README = sys.argv[2] if len(sys.argv) > 2 else "README.md"
LIQUID = os.path.join(BUILD, "liquid")
T_975 = {4: 2.776, 9: 2.262, 19: 2.093}  # Student t, two-sided 95 %, by degrees of freedom


def liquid(*args):
    out = subprocess.run([LIQUID, *args], check=True, capture_output=True, text=True)
    return out.stdout


def p2p_json(*args):
    return json.loads(liquid("optical", "p2p", *args, "--json"))


def testbed_lines():
    """Deterministic lines of `liquid testbed t1 --no-enumerate` (no timings)."""
    with tempfile.TemporaryDirectory() as out:
        text = liquid("testbed", "t1", "--no-enumerate", "--threads", "2", "--out", out)
    keep = ("DSatur throughput loss:", "mean skeleton share:         ", "round-robin mean loss:")
    return [line for line in text.splitlines() if line.startswith(keep)]


def best_28_node_patterns():
    """The README's sentence on the 28-node patterns of `liquid simulate testbed`."""
    with tempfile.TemporaryDirectory() as out:
        liquid("simulate", "testbed", "--out", out)
        rows = [r for r in csv.DictReader(open(os.path.join(out, "testbed.csv"))) if r["nodes"] == "28"]
    top_liquid = max(rows, key=lambda r: float(r["liquid_MBps"]))
    top_rr = max(rows, key=lambda r: float(r["round_robin_MBps"]))
    mb = lambda r, k: f"{float(r[k]):.0f} MB/s"
    return [f"`{top_liquid['allocation']}`, reaches {mb(top_liquid, 'liquid_MBps')} liquid against "
            f"{mb(top_liquid, 'round_robin_MBps')} round-robin",
            f"`{top_rr['allocation']}`, runs {mb(top_rr, 'round_robin_MBps')} round-robin against "
            f"{mb(top_rr, 'liquid_MBps')} liquid"]


def paired(variant, nodes, hot, seeds):
    """Dynamic minus static mean rounds over paired seeds, with a 95 % t interval."""
    diffs = []
    for s in seeds:
        j = p2p_json("--model", "multi-ring", "-N", str(nodes), "--reconfig", str(variant), "--hotspot", hot,
                     "--rounds", "3000", "--seed", str(s))
        diffs.append(j["result"]["mean_rounds"] - j["static_baseline"]["mean_rounds"])
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = T_975[n - 1] * sd / math.sqrt(n)
    faster = sum(d < 0 for d in diffs)
    return (f"v{variant}, N = {nodes}, {hot} hot spots, seeds {seeds[0]}–{seeds[-1]}: dynamic − static "
            f"{mean:+.3f} rounds (95 % CI {mean - half:+.3f} … {mean + half:+.3f}), dynamic faster in {faster} of {n}")


def fig57_dim6():
    """Fig 5.7 (5 % hot spots), D = 6: which discipline wins at each spawn value."""
    cells = []
    for spawn in range(10, 101, 10):
        rounds = {}
        for disc, mmir in (("cycled", "35"), ("on-demand", "0")):
            j = p2p_json("-D", "6", "--discipline", disc, "--spawn", f"{spawn}%", "--hotspot", "5%", "--mmir", mmir,
                         "--rounds", "3000", "--seed", "1")
            rounds[disc] = j["result"]["mean_rounds"]
        cells.append(f"{spawn}: {rounds['cycled']:.1f}/{rounds['on-demand']:.1f}")
    return ["Fig 5.7, D = 6, cycled/on-demand mean rounds by spawn %: " + ", ".join(cells)]


def fig58_diameter():
    j = p2p_json("--model", "multi-ring", "-N", "16", "--chords", "fixed", "-w", "4", "--rounds", "100")
    return [f"N = 16, w = 4: BFS diameter {j['result']['static_diameter']}"]


def main():
    readme = open(README, encoding="utf-8").read()
    expected = (testbed_lines() + best_28_node_patterns() + fig57_dim6() + fig58_diameter() +
                [paired(2, 64, "5%", list(range(1, 11))), paired(1, 64, "5%", list(range(1, 11)))])
    missing = [e for e in expected if e not in readme]
    for e in expected:
        print(("MISSING  " if e in missing else "ok       ") + e)
    if missing:
        print(f"check-readme-numbers: {len(missing)} of {len(expected)} statements not in {README}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
