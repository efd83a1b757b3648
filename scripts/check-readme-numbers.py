#!/usr/bin/env python3
"""Re-runs the cheap reproduction commands and checks that README.md and docs/ state their numbers.

Usage: scripts/check-readme-numbers.py [BUILD_DIR] [REPO_ROOT | FILE.md ...]

Each check runs a `liquid` command, renders the sentence or line the documentation must
contain, and names the file it expects it in (relative to the repository root, e.g.
docs/reproduction/swiss-t1.md); it looks for the text verbatim in that file. Given the
repository root (default: this script's), every check reads its file there; given a list of
Markdown files, a check reads the given file whose path ends with its file name, and checks
whose file is not in the list are reported as not checked. On a mismatch it prints what the
command gave, so the page can be updated by pasting. Runs in `make bench` (a few minutes on
2 cores; too slow for every CI test pass, and only timing-free, seeded numbers are
checked). Exit 1 on a mismatch.
"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIQUID = os.path.abspath(os.path.join(BUILD, "liquid"))
T_975 = {4: 2.776, 9: 2.262, 19: 2.093}  # Student t, two-sided 95 %, by degrees of freedom


def liquid(*args):
    out = subprocess.run([LIQUID, *args], check=True, capture_output=True, text=True, cwd=ROOT)
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
    """The sentence on the 28-node patterns of `liquid simulate testbed`."""
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


def paired(variant, nodes, hot, seeds, move=0):
    """Dynamic minus static mean rounds over paired seeds, with a 95 % t interval."""
    diffs = []
    for s in seeds:
        j = p2p_json("--model", "multi-ring", "-N", str(nodes), "--reconfig", str(variant), "--hotspot", hot,
                     "--hotspot-move", str(move), "--rounds", "3000", "--seed", str(s))
        diffs.append(j["result"]["mean_rounds"] - j["static_baseline"]["mean_rounds"])
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = T_975[n - 1] * sd / math.sqrt(n)
    faster = sum(d < 0 for d in diffs)
    moving = f" moving every {move} rounds" if move else ""
    return (f"v{variant}, N = {nodes}, {hot} hot spots{moving}, seeds {seeds[0]}–{seeds[-1]}: dynamic − static "
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


def ring384(*args):
    return p2p_json("--model", "multi-ring", "-N", "384", "--seed", "1", *args)["result"]


def fig511_beyond():
    """Fig 5.11 past the thesis's 1-5 %: where the hot spot starts to slow the random multi ring."""
    lines = []
    for mmir, hots in (("35", (0, 5, 10, 15, 20, 25, 30)), ("10", (0, 1, 2, 3, 4, 5))):
        cells = [f"{h}: {ring384('--mmir', mmir, '--hotspot', f'{h}%', '--rounds', '3000')['mean_rounds']:.2f}"
                 for h in hots]
        lines.append(f"Fig 5.11 beyond 5 %, N = 384, MMIR {mmir}, mean rounds by hot-spot %: " + ", ".join(cells))
    runs = [f"{ring384('--hotspot', '25%', '--rounds', str(r))['mean_rounds']:.1f}" for r in (1000, 3000, 10000)]
    lines.append("p = 25 %, MMIR 35, mean rounds after 1000 / 3000 / 10000 rounds: " + " / ".join(runs))
    return lines


def fig511_bound():
    """The load bound's saturation p over ten random configurations, and under other readings."""
    lines = []
    for mmir in ("35", "10"):
        ps = [p2p_json("--model", "multi-ring", "-N", "384", "--mmir", mmir, "--hotspot", "5%", "--rounds", "100",
                       "--seed", str(s))["result"]["load_bound"] for s in range(1, 11)]
        sat = [100 * b["saturation_p"] for b in ps]
        use = [100 * b["busiest_link_utilization"] for b in ps]
        lines.append(f"MMIR {mmir} per link, seeds 1–10: a link overloads from p = {min(sat):.1f} … {max(sat):.1f} %; "
                     f"at p = 5 % the busiest link is offered {min(use):.0f} … {max(use):.0f} % of its capacity")
    return lines


def fig511_readings():
    """Where the load bound puts the overload under other readings of the thesis's model."""
    readings = (("as described", ()), ("--mmir-per node", ("--mmir-per", "node")), ("--spawn 767", ("--spawn", "767")),
                ("both", ("--mmir-per", "node", "--spawn", "767")), ("--mmir 20", ("--mmir", "20")),
                ("--mmir 15", ("--mmir", "15")), ("--mmir 12", ("--mmir", "12")))
    cells = [f"{name} {100 * ring384('--hotspot', '5%', '--rounds', '100', *args)['load_bound']['saturation_p']:.1f} %"
             for name, args in readings]
    steady = [ring384("--hotspot", "5%", "--rounds", str(r)) for r in (1000, 10000)]
    return ["Fig 5.11 readings, seed 1, p from which a link overloads: " + ", ".join(cells),
            "p = 5 %, MMIR 35, mean rounds after 1000 / 10000 rounds: " +
            " / ".join(f"{j['mean_rounds']:.2f}" for j in steady) + "; to the hot spot: " +
            " / ".join(f"{j['hotspot']['mean_rounds']:.2f}" for j in steady)]


def allocation_44000000():
    """The hand-checked two-switch allocation, as `liquid testbed t1 --allocation` prints it."""
    text = liquid("testbed", "t1", "--allocation", "44000000", "--max-categories", "100000")
    return [line for line in text.splitlines() if line.startswith(("allocation ", "skeleton ", "dsatur:", "categories "))]


def analyze_lines(*args):
    """The deterministic lines of `liquid analyze` (no timings in them)."""
    return [line for line in liquid("analyze", *args).splitlines() if line.strip()]


def ib_picture_caption():
    """The README picture's caption: the 16-host InfiniBand fat tree's Λ, schedule and round-robin."""
    ib = "ibnetdiscover:tests/data/ib/fat-tree-16-topology.txt,tests/data/ib/fat-tree-16-minhop-lfts.dump"
    best = json.loads(liquid("schedule", "--network", ib, "--json"))
    rr = json.loads(liquid("schedule", "--network", ib, "--method", "round-robin", "--json"))
    length = len(best["schedule"]["frames"])
    proven = "proven optimal" if best["schedule"]["optimal"] else "not proven optimal"
    return [f"the {len(best['bottlenecks'])} directed leaf–spine links are the bottlenecks (red, {best['duration']} messages each);",
            f"each of its {length} frames ({proven}), where",
            f"round-robin needs {len(rr['schedule']['frames'])}."]


# (file the text must be in, relative to the repository root; what renders the text)
CHECKS = [
    ("README.md", lambda: analyze_lines("--network", "ibnetdiscover:tests/data/ib/topology.txt,tests/data/ib/ftree-lfts.dump")),
    ("README.md", ib_picture_caption),
    ("docs/scheduling.md", analyze_lines),
    ("docs/reproduction/swiss-t1.md", testbed_lines),
    ("docs/reproduction/swiss-t1.md", allocation_44000000),
    ("docs/simulator.md", best_28_node_patterns),
    ("docs/reproduction/thesis.md", lambda: fig57_dim6() + fig58_diameter()),
    ("docs/reproduction/thesis.md", lambda: [paired(2, 64, "5%", list(range(1, 11))), paired(1, 64, "5%", list(range(1, 11)))]),
    ("docs/reproduction/thesis.md", lambda: [paired(v, 64, "5%", list(range(1, 11)), 500) for v in (1, 2, 3, 4)]),
    ("docs/reproduction/thesis.md", lambda: [paired(2, 384, "15%", list(range(1, 6)), move) for move in (0, 500)]),
    ("docs/reproduction/thesis.md", lambda: fig511_beyond() + fig511_bound() + fig511_readings()),
]


def documents(paths):
    """Maps each check's file name to the Markdown file to read (None: not given)."""
    if not paths or (len(paths) == 1 and os.path.isdir(paths[0])):
        root = paths[0] if paths else ROOT
        return {name: os.path.join(root, name) for name, _ in CHECKS}
    given = [os.path.abspath(p) for p in paths]
    return {name: next((g for g in given if g.endswith(os.sep + name) or g == os.path.abspath(name)), None)
            for name, _ in CHECKS}


def main():
    files = documents(sys.argv[2:])
    missing = unchecked = total = 0
    for name, render in CHECKS:
        path = files[name]
        if path is None:
            unchecked += 1
            print(f"not checked ({name} not given)")
            continue
        text = open(path, encoding="utf-8").read()
        for e in render():
            total += 1
            ok = e in text
            missing += not ok
            print(("ok       " if ok else f"MISSING in {name}:  ") + e)
    if missing:
        print(f"check-readme-numbers: {missing} of {total} statements missing from their files", file=sys.stderr)
        return 1
    print(f"check-readme-numbers: {total} statements found" + (f", {unchecked} checks not run" if unchecked else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
