#!/usr/bin/env python3
"""Several bench/mpi_netns.sh runs side by side: one Markdown row per run (its JSON
document), giving the network, buffer, TCP, the interposer's pass_bytes and, for each block
size, one method's median (ms), retransmission timeouts and retransmitted segments.

    netns_runs.py [--method liquid-links] RUN.json ...

Used to compare runs that differ in one setting, e.g. LIQUID_PASS_BYTES, on the same VM.
"""
import argparse
import json
import os
import sys


def row_of(doc, method):
    by_size = {}
    for size in doc["sizes"]:
        for row in size["rows"]:
            if row["method"] == method:
                by_size[size["bytes"]] = row
    return by_size


def cell(row):
    if row is None:
        return "-"
    return f"{row['median_s'] * 1e3:.0f} ms, {row['rto']} / {row['retransmitted_segments']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--method", default="liquid-links", help="the row to show (default liquid-links)")
    parser.add_argument("runs", nargs="+", help="JSON documents of bench/mpi_netns.sh --json")
    args = parser.parse_args()
    docs = []
    for path in args.runs:
        try:
            with open(path) as f:
                docs.append((path, json.load(f)))
        except (OSError, ValueError) as e:
            sys.exit(f"netns_runs.py: {path}: {e}")
    sizes = sorted({s["bytes"] for _, d in docs for s in d["sizes"]})
    print("| network | buffer | TCP | pass_bytes | " + " | ".join(f"{b} B: median, RTOs / retransmitted" for b in sizes)
          + " | JSON |")
    print("|---|---|---|---:|" + "---|" * len(sizes) + "---|")
    for path, d in docs:
        c = d["config"]
        rows = row_of(d, args.method)
        print(f"| {c['hosts']} | {c['buffer']} | {c['cc']} | {c.get('pass_bytes', 'default')} | "
              + " | ".join(cell(rows.get(b)) for b in sizes) + f" | `{os.path.basename(path)}` |")


if __name__ == "__main__":
    main()
