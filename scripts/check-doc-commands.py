#!/usr/bin/env python3
"""Runs the `liquid` commands of README.md and docs/ as a user types them, and fails on any
that exits non-zero or on a relative link to a missing file or heading.

Usage: scripts/check-doc-commands.py [--liquid-dir DIR] [--list] [REPO_ROOT | FILE.md ...]

Which commands run: in a fenced block tagged ```console, every line starting with `$ `; in a
block tagged ```sh, every line starting with `liquid `. Lines ending in a backslash continue
on the next line. Only commands whose first word is `liquid` run (`time liquid ...` too);
the others (`ibnetdiscover`, `mpirun`, `python3 scripts/...`) are the user's own tools. A
command that needs hardware, an MPI cluster or minutes of time is listed in SKIP below with
the reason, and reported as skipped.

Each Markdown file's commands run in order, in one fresh temporary directory that holds
links to the repository's examples/, data/, tests/, bench/ and scripts/, so `examples/...`
paths resolve and the files a command writes (`> s.json`, `-o t1.html`) stay in the
temporary directory for the commands after it. `liquid` is looked up on PATH, with
--liquid-dir (the build folder) put first. Exit 1 when a command fails, 2 on bad usage, 77
(skipped) when LIQUID_SANITIZED=1: the sanitizer pass runs unit and parser tests only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

# (regular expression searched in the command, why it does not run here)
SKIP = [
    (r"ibnetdiscover:topology\.txt|ibnetdiscover topology\.txt|out/topology\.txt",
     "reads the capture of a real fabric (ibnetdiscover on the user's cluster, or scripts/ibsim-route.sh)"),
    (r"ibnetdiscover:topo\.txt,lfts\.dump", "reads the capture of the user's own fabric (a recipe with placeholder files)"),
    (r"--network SPEC ", "a synopsis with placeholders, not a command"),
    (r"slurm topology\.conf", "reads the user's Slurm topology.conf"),
    (r"ranks\.map|net\.json --rankmap", "reads the user's rank map and network file"),
    (r"^(time )?liquid testbed t1( --out out/testbed)?$|liquid testbed t1 --json --report",
     "the full Swiss-T1 experiment: about 30 s on 2 idle cores, minutes on a loaded machine"),
    (r"liquid simulate testbed(?! --limit)", "the 362-pattern simulation table: seconds to a minute on 2 cores"),
    (r"liquid optical p2p-tables (--rounds 3000|--json)", "the thesis tables in full: 2.5 CPU-minutes of simulations"),
    (r"--rounds 10000", "10 000 rounds of a 384- or 2048-node simulation (tens of seconds)"),
    (r"-N 384 .*--rounds 3000|--nodes 8:2048", "a large optical sweep (tens of seconds)"),
    (r"fat-tree:4,5|fat-tree:32,2|hypercube:10", "a 1 024-host all-to-all (a million transfers, minutes on 2 cores)"),
    (r"--time-limit 600|--time-limit 60\b|--time-limit 30\b", "a budget of half a minute or more"),
    (r"--from t1\.json|--from p2p\.json|--from sim\.json", "reads the result of a skipped experiment"),
    (r"man liquid", "needs `make install` (the man page under PREFIX/share/man)"),
    (r"optical allgather -n 2048", "needs 5.8 s of CPU and 0.55 GB"),
    (r"liquid report --network swiss-t1 --self -o t1\.html", "a schedule page of 1 024 transfers (covered by the saved-schedule example)"),
]


def parse_args(argv):
    p = argparse.ArgumentParser(description="run the liquid commands of README.md and docs/")
    p.add_argument("paths", nargs="*", help="the repository root (default: this script's) or Markdown files")
    p.add_argument("--liquid-dir", help="folder holding the liquid binary, put first on PATH")
    p.add_argument("--list", action="store_true", help="print the commands and what would happen, run nothing")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per command (default 60)")
    return p.parse_args(argv)


def markdown_files(paths, default_root):
    """The Markdown files to read and the repository root they belong to."""
    if not paths:
        paths = [default_root]
    if len(paths) == 1 and os.path.isdir(paths[0]):
        root = os.path.abspath(paths[0])
        files = [os.path.join(root, "README.md"), os.path.join(root, "CONTRIBUTING.md")]
        for d, _, names in sorted(os.walk(os.path.join(root, "docs"))):
            files += [os.path.join(d, n) for n in sorted(names) if n.endswith(".md")]
        return root, files
    for f in paths:
        if not os.path.isfile(f):
            raise SystemExit(f"check-doc-commands: error: '{f}' is neither the repository root nor a file")
    return default_root, [os.path.abspath(f) for f in paths]


def commands_in(text):
    """(line number, command) for every runnable line of the fenced console/sh blocks."""
    found, fence, pending, start = [], None, "", 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            fence = None if fence is not None else stripped[3:].strip()
            continue
        if fence == "console" and (pending or stripped.startswith("$ ")):
            part = stripped if pending else stripped[2:]
        elif fence == "sh" and (pending or stripped.startswith("liquid ")):
            part = stripped
        else:
            continue
        if not pending:
            start = number
        if part.endswith("\\"):
            pending += part[:-1] + " "
            continue
        found.append((start, (pending + part).strip()))
        pending = ""
    return found


def skip_reason(command):
    first = command.split()[0]
    if first == "time":
        first = command.split()[1]
    if first != "liquid":
        return "not a liquid command"
    for pattern, reason in SKIP:
        if re.search(pattern, command):
            return reason
    return None


def heading_anchor(title):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to dashes."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def anchors(path):
    found, fence = set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        elif not fence and re.match(r"#+ ", line):
            found.add(heading_anchor(line.split(" ", 1)[1]))
    return found


def broken_links(path, root):
    """Relative links of one Markdown file whose file or heading anchor does not exist."""
    text = re.sub(r"```.*?```", "", open(path, encoding="utf-8").read(), flags=re.S)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, fragment = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not os.path.exists(resolved):
            broken.append(f"{os.path.relpath(path, root)}: link to a missing file: {target}")
        elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
            broken.append(f"{os.path.relpath(path, root)}: link to a missing heading: {target}")
    return broken


def sandbox(root):
    work = tempfile.mkdtemp(prefix="liquid-doc-commands-")
    for name in ("examples", "data", "tests", "bench", "scripts"):
        if os.path.isdir(os.path.join(root, name)):
            os.symlink(os.path.join(root, name), os.path.join(work, name))
    return work


def run_file(path, root, env, timeout, list_only):
    """Runs one file's commands; returns (run, skipped, failures)."""
    rel = os.path.relpath(path, root)
    text = open(path, encoding="utf-8").read()
    work = None if list_only else sandbox(root)
    run = skipped = 0
    failures = []
    for line, command in commands_in(text):
        reason = skip_reason(command)
        if reason:
            skipped += reason != "not a liquid command"
            if list_only:
                print(f"skip  {rel}:{line}: {command}  ({reason})")
            continue
        if list_only:
            print(f"run   {rel}:{line}: {command}")
            continue
        begin = time.monotonic()
        try:
            done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=work, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout)
            code, err = done.returncode, done.stderr.strip()
        except subprocess.TimeoutExpired:
            code, err = "timeout", f"still running after {timeout:g} s"
        run += 1
        status = "ok  " if code == 0 else "FAIL"
        print(f"{status}  {rel}:{line}: {command}  ({time.monotonic() - begin:.1f} s)")
        if code != 0:
            failures.append(f"{rel}:{line}: `{command}` exited {code}: {err.splitlines()[-1] if err else ''}")
    if work:
        subprocess.run(["rm", "-rf", work], check=False)
    return run, skipped, failures


def main(argv):
    args = parse_args(argv)
    if os.environ.get("LIQUID_SANITIZED") == "1" and not args.list:
        print("check-doc-commands: skipped under LIQUID_SANITIZED=1 (the Release pass runs it)")
        return 77
    default_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    root, files = markdown_files(args.paths, default_root)
    env = dict(os.environ)
    if args.liquid_dir:
        env["PATH"] = os.path.abspath(args.liquid_dir) + os.pathsep + env.get("PATH", "")
    total_run = total_skipped = 0
    failures = []
    for path in files:
        failures += broken_links(path, root)
        run, skipped, failed = run_file(path, root, env, args.timeout, args.list)
        total_run += run
        total_skipped += skipped
        failures += failed
    if args.list:
        print("\n".join(failures))
        return 0
    print(f"check-doc-commands: {total_run} commands run, {len(failures)} failed, {total_skipped} skipped (reasons above with --list)")
    for f in failures:
        print("  " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
