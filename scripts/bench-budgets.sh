#!/usr/bin/env bash
# The budget tables of docs/performance.md ("Budgets at fabric scale"):
#   scripts/bench-budgets.sh [BUILD_DIR] [ROUNDS] [sweep]
# With `sweep`, only the second table: `liquid schedule` on a ladder of --time-limit values
# (1, 2.5, 5, 10 s; 20 and 60 s on the 4.2 M transfers of torus:16x16x8, one round),
# where the traffic is built in time and the question is whether the result still comes
# within the limit: wall seconds (median and largest), exit codes, the largest wall time
# over the limit. Without it, the first table:
# For every command with a whole-command --time-limit (schedule, simulate, plan, report) on
# 1 024-host fabrics and a 4 096-host one, medians over ROUNDS (default 3) runs of:
#   --time-limit 2      wall seconds from start to exit, peak resident memory, exit codes;
#   SIGINT after 1 s    seconds from the signal to the exit, exit codes, files left behind;
#   --memory-limit 200  peak resident memory (MB), exit codes.
# Then SIGINT after 1 s for the commands without a budget (analyze, export, network,
# traffic, testbed t1, simulate testbed). Wall times depend on the machine's load: the
# header prints it.
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
part=${3:-all}
liquid="$build/liquid"
if [ ! -x "$liquid" ]; then
  echo "bench-budgets.sh: $liquid not found (cmake --build $build --target liquid)" >&2
  exit 2
fi
echo "Machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'); medians of $rounds."
echo
exec python3 - "$liquid" "$rounds" "$part" <<'PY'
import os, shutil, signal, statistics, subprocess, sys, tempfile, time

liquid, rounds, part = os.path.abspath(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
work = tempfile.mkdtemp(prefix="liquid-bench-budgets-")


def run(args, interrupt_after=None):
    """Runs liquid ARGS with stdout to a file; returns (wall s, peak MB, exit code, stop latency s)."""
    out = open(os.path.join(work, "stdout"), "wb")
    start = time.monotonic()
    p = subprocess.Popen([liquid] + args, stdout=out, stderr=subprocess.DEVNULL, cwd=work)
    sent, pid, status, usage = None, 0, 0, None
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid == 0:  # still running
            sent = time.monotonic()
            p.send_signal(signal.SIGINT)
    if pid == 0:
        _, status, usage = os.wait4(p.pid, 0)
    end = time.monotonic()
    p.returncode = os.waitstatus_to_exitcode(status)
    out.close()
    code = p.returncode if p.returncode >= 0 else 128 - p.returncode
    return end - start, usage.ru_maxrss / 1024, code, (end - sent) if sent is not None else None


def leftovers():
    """Files a run left in the work directory besides its stdout (a report -o, a temporary file)."""
    left = [f for f in os.listdir(work) if f != "stdout"]
    for f in left:
        path = os.path.join(work, f)
        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    return left


def codes(results):
    return ",".join(sorted({str(r[2]) for r in results}))


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def row(label, args, with_output):
    budget = [run(args + ["--time-limit", "2"]) for _ in range(rounds)]
    leftovers()
    stopped, left = [], set()
    for _ in range(rounds):
        stopped.append(run(args, interrupt_after=1.0))
        left.update(leftovers())
    memory = [run(args + ["--memory-limit", "200"]) for _ in range(rounds)]
    leftovers()
    latency = median([r[3] for r in stopped])
    latency_text = f"{latency:.2f}" if latency is not None else "done < 1 s"
    print(f"| `{label}` | {median([r[0] for r in budget]):.2f} | {median([r[1] for r in budget]):.0f} | {codes(budget)} "
          f"| {latency_text} | {codes(stopped)} | {len(left) if with_output else '-'} "
          f"| {median([r[1] for r in memory]):.0f} | {codes(memory)} |", flush=True)


def sweep_row(network, limit, n):
    results = [run(["schedule", "--network", network, "--time-limit", str(limit)]) for _ in range(n)]
    walls = [r[0] for r in results]
    over = max(walls) - limit
    print(f"| `{network}` | {limit:g} | {median(walls):.2f} | {max(walls):.2f} | {codes(results)} "
          f"| {max(over, 0.0):.2f} |", flush=True)


if part == "sweep":
    print("| `liquid schedule --network` | `--time-limit` (s) | wall, median (s) | wall, largest (s) | exit "
          "| largest wall past the limit (s) |")
    print("|---|---:|---:|---:|---|---:|")
    for network in ("fat-tree:8,3", "torus:8x8x8", "fat-tree:4,5", "hypercube:10"):
        for limit in (1, 2.5, 5, 10):
            sweep_row(network, limit, rounds)
    for limit in (20, 60):
        sweep_row("torus:16x16x8", limit, 1)
    shutil.rmtree(work)
    sys.exit(0)

print("| command (`--time-limit 2` / SIGINT at 1 s / `--memory-limit 200`) | wall (s) | peak (MB) | exit "
      "| signal to exit (s) | exit | files left | peak (MB) | exit |")
print("|---|---:|---:|---|---:|---|---:|---:|---|")
networks = [["--network", "fat-tree:4,5"], ["--network", "torus:32x32"], ["--network", "hypercube:10"],
            ["--network", "fat-tree:8,4", "--pattern", "permutation"]]
for net in networks:
    for cmd in ("schedule", "simulate", "plan", "report"):
        args = [cmd] + net
        if cmd == "plan":
            args = [cmd] + net[:2]  # plan: an all-to-all among one rank per host, no pattern
        if cmd == "report":
            args = args + ["-o", "page.html"]
        row("liquid " + " ".join(args), args, cmd == "report")

print()
print("| command without a budget (SIGINT at 1 s) | signal to exit (s) | exit |")
print("|---|---:|---|")
for args in (["analyze", "--network", "fat-tree:4,5"], ["export", "--format", "dimacs-graph", "--network", "fat-tree:4,5"],
             ["network", "fat-tree:4,5"], ["traffic", "--network", "fat-tree:4,5"],
             ["testbed", "t1", "--out", "t1", "--threads", "1"], ["simulate", "testbed", "--out", "sim", "--threads", "1"]):
    stopped = [run(args, interrupt_after=1.0) for _ in range(rounds)]
    leftovers()
    latency = median([r[3] for r in stopped])
    print(f"| `liquid {' '.join(args)}` | {latency:.2f} | {codes(stopped)} |" if latency is not None
          else f"| `liquid {' '.join(args)}` | done < 1 s | {codes(stopped)} |", flush=True)
shutil.rmtree(work)
PY
