#!/usr/bin/env python3
"""The table (and JSON document) of one bench/mpi_netns.sh run.

Rows come from bench_mpi_alltoall runs (bytes, method, median/min/max µs, retransmission
timeouts, retransmitted segments); the simulator file gives, per block size, liquid's
predicted time of the plan and the liquid bound (the most loaded link's busy time). Every
row gets its fraction of the liquid throughput (bound / median) and its speed-up over Open
MPI's default and over the best Open MPI row of that size (> 1: faster than Open MPI).
`netns_table.py --markdown RUN.json` prints a run's JSON document as a Markdown table.
"""
import argparse
import glob
import json
import os
import sys


def read_rows(path):
    rows = {}
    with open(path) as f:
        for line in f:
            b, method, med, lo, hi, rto, retrans = line.split("\t")
            rows.setdefault(int(b), []).append({
                "method": method, "median_s": float(med) / 1e6, "min_s": float(lo) / 1e6, "max_s": float(hi) / 1e6,
                "rto": int(rto), "retransmitted_segments": int(retrans)})
    return rows


def read_simulated(path):
    out = {}
    with open(path) as f:
        for line in f:
            b, makespan, bound = line.split("\t")
            out[int(b)] = (None if makespan == "-" else float(makespan), float(bound))  # "-": not simulated
    return out


def is_ompi(method):
    return method.startswith("ompi-")


def crossover(sizes, wins):
    """The smallest size from which every larger measured size wins (None: the largest loses)."""
    first = None
    for b in sorted(sizes, reverse=True):
        if not wins[b]:
            break
        first = b
    return first


def markdown(path):
    """A compact Markdown table of a --json document: per block size, the bound, the
    simulator, Open MPI's default and best row, and every liquid row."""
    doc = json.load(open(path))
    liquid = sorted({r["method"] for s in doc["sizes"] for r in s["rows"] if r["method"].startswith("liquid-")})
    head = ["block", "liquid bound", "simulated plan", "Open MPI default", "best Open MPI (algorithm)"] + \
           [f"{m} (vs default, vs best)" for m in liquid] + ["RTOs Open MPI / liquid"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))

    def ms(t):
        return f"{t * 1e3:,.1f} ms".replace(",", " ")

    for s in doc["sizes"]:
        b = s["bytes"]
        size = f"{b >> 20} MiB" if b >= 1 << 20 else f"{b >> 10} KiB" if b >= 1024 else f"{b} B"
        rows = {r["method"]: r for r in s["rows"]}
        best = rows[s["best_ompi"]]
        simulated = f"{ms(s['simulated_s'])} ({s['bound_s'] / s['simulated_s']:.2f})" if s["simulated_s"] else "-"
        cells = [size, ms(s["bound_s"]), simulated,
                 f"{ms(rows['ompi-default']['median_s'])} ({rows['ompi-default']['fraction_of_liquid']:.2f})",
                 f"{ms(best['median_s'])} ({best['fraction_of_liquid']:.2f}, {s['best_ompi'].removeprefix('ompi-')})"]
        for m in liquid:
            r = rows[m]
            cells.append(f"{ms(r['median_s'])} ({r['fraction_of_liquid']:.2f}; {r['speedup_vs_default']:.2f}×, "
                         f"{r['speedup_vs_best_ompi']:.2f}×)")
        ompi_rto = sum(r["rto"] for r in s["rows"] if is_ompi(r["method"]))
        cells.append(f"{ompi_rto} / " + " + ".join(str(rows[m]["rto"]) for m in liquid))
        print("| " + " | ".join(cells) + " |")
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--markdown":
        return markdown(sys.argv[2])
    ap = argparse.ArgumentParser()
    for name in ("rows", "simulated", "reports", "flow", "flow-fraction", "commit", "config", "uptime"):
        ap.add_argument("--" + name, required=True)
    ap.add_argument("--ranks", type=int, required=True)
    ap.add_argument("--json", default="")
    a = ap.parse_args()

    rows, simulated = read_rows(a.rows), read_simulated(a.simulated)
    moved = a.ranks * (a.ranks - 1)
    sizes = []
    for b in sorted(rows):
        makespan, bound = simulated[b]
        default = next(r["median_s"] for r in rows[b] if r["method"] == "ompi-default")
        best = min(r["median_s"] for r in rows[b] if is_ompi(r["method"]))
        best_name = min((r for r in rows[b] if is_ompi(r["method"])), key=lambda r: r["median_s"])["method"]
        rows[b].sort(key=lambda r: (not r["method"].startswith("ompi-default"), not is_ompi(r["method"]), r["method"]))
        for r in rows[b]:
            r["aggregate_MB_per_s"] = b * moved / r["median_s"] / 1e6
            r["fraction_of_liquid"] = bound / r["median_s"]
            r["speedup_vs_default"] = default / r["median_s"]
            r["speedup_vs_best_ompi"] = best / r["median_s"]
        sizes.append({"bytes": b, "bound_s": bound, "simulated_s": makespan, "best_ompi": best_name, "rows": rows[b]})

    header = f"{'bytes':>8} {'method':<22} {'median_ms':>10} {'min_ms':>9} {'max_ms':>9} {'MB/s':>7} {'of_liquid':>9} " \
             f"{'vs_default':>10} {'vs_best':>8} {'rto':>5} {'retrans':>7}"
    print(f"# commit {a.commit}; {a.config}; one flow {a.flow} MB/s ({a.flow_fraction} of the path rate)")
    print("# of_liquid = liquid bound / median; vs_default, vs_best = Open MPI default's / best Open MPI row's median "
          "divided by this row's (> 1: this row is faster); rto, retrans = TCP retransmission timeouts and "
          "retransmitted segments of the row's calls (warm-up included), summed over the host namespaces")
    print(header)
    for s in sizes:
        b = s["bytes"]
        print(f"{b:>8} {'liquid-bound':<22} {s['bound_s'] * 1e3:>10.3f} {'':>9} {'':>9} "
              f"{b * moved / s['bound_s'] / 1e6:>7.2f} {1:>9.3f}")
        if s["simulated_s"]:
            print(f"{b:>8} {'liquid-simulated':<22} {s['simulated_s'] * 1e3:>10.3f} {'':>9} {'':>9} "
                  f"{b * moved / s['simulated_s'] / 1e6:>7.2f} {s['bound_s'] / s['simulated_s']:>9.3f}")
        for r in s["rows"]:
            print(f"{b:>8} {r['method']:<22} {r['median_s'] * 1e3:>10.3f} {r['min_s'] * 1e3:>9.3f} {r['max_s'] * 1e3:>9.3f} "
                  f"{r['aggregate_MB_per_s']:>7.2f} {r['fraction_of_liquid']:>9.3f} {r['speedup_vs_default']:>10.3f} "
                  f"{r['speedup_vs_best_ompi']:>8.3f} {r['rto']:>5} {r['retransmitted_segments']:>7}")

    summary = {}
    liquid_methods = sorted({r["method"] for s in sizes for r in s["rows"] if r["method"].startswith("liquid-")})
    for m in liquid_methods:
        by_size = {s["bytes"]: next(r for r in s["rows"] if r["method"] == m) for s in sizes}
        all_sizes = list(by_size)
        summary[m] = {
            "wins_vs_default_from_bytes": crossover(all_sizes, {b: by_size[b]["speedup_vs_default"] > 1 for b in all_sizes}),
            "wins_vs_best_ompi_from_bytes": crossover(all_sizes, {b: by_size[b]["speedup_vs_best_ompi"] > 1 for b in all_sizes}),
            "worst_speedup_vs_best_ompi": min(by_size[b]["speedup_vs_best_ompi"] for b in all_sizes),
            "worst_at_bytes": min(all_sizes, key=lambda b: by_size[b]["speedup_vs_best_ompi"]),
            "rto": sum(by_size[b]["rto"] for b in all_sizes),
        }
        x = summary[m]
        def since(b):
            return f"from {b} B up" if b is not None else "at no size up to the largest"

        print(f"# {m}: faster than Open MPI's default {since(x['wins_vs_default_from_bytes'])}, than every Open MPI "
              f"row {since(x['wins_vs_best_ompi_from_bytes'])}; worst {x['worst_speedup_vs_best_ompi']:.3f}x of the best "
              f"at {x['worst_at_bytes']} B; {x['rto']} retransmission timeouts in all its rows")
    ompi_rto = sum(r["rto"] for s in sizes for r in s["rows"] if is_ompi(r["method"]))
    print(f"# Open MPI rows: {ompi_rto} retransmission timeouts in all")

    reports = {}
    for path in sorted(glob.glob(os.path.join(a.reports, "report-*.json"))):
        mode = os.path.basename(path)[len("report-"):-len(".json")]
        with open(path) as f:
            reports[mode] = json.load(f)
        r = reports[mode]
        reasons = "; ".join(r.get("call_fallback_reasons", []) + [p.get("reason", "") for p in r.get("plans", []) if p.get("fallback")])
        print(f"# interposer, LIQUID_SYNC={mode}: {r['calls_run_by_plan']} calls run by the plan, "
              f"{r['calls_fallen_back']} fell back to Open MPI{': ' + reasons if reasons else ''}")
    print(f"# uptime at the end: {a.uptime.strip()} (the machine is shared with other work: differences below ~15 % are uncertain)")

    if a.json:
        doc = {"commit": a.commit, "config": dict(kv.split("=", 1) for kv in a.config.split()),
               "calibration": {"flow_MB_per_s": float(a.flow), "fraction": float(a.flow_fraction)},
               "uptime": a.uptime.strip(), "sizes": sizes, "summary": summary, "interposer_reports": reports}
        with open(a.json, "w") as f:
            json.dump(doc, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
