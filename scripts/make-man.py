#!/usr/bin/env python3
"""Writes the man page liquid.1 from the built command's --help.

Usage: make-man.py LIQUID_BINARY OUT.1 VERSION

Every subcommand's --help (its options, defaults and the examples of
apps/liquid/command_examples.cpp) becomes one subsection, so the page says what the
binary accepts and cannot drift from it. The build runs this (target liquid_man) and
`make install` installs the page under share/man/man1.
"""
import re
import subprocess
import sys


def help_text(binary, path):
    out = subprocess.run([binary, *path, "--help"], capture_output=True, text=True, check=True).stdout
    return out.rstrip("\n")


def subcommands(text):
    """Names listed in the SUBCOMMANDS / Subcommands section of a --help text."""
    names, inside = [], False
    for line in text.splitlines():
        if re.match(r"^(SUBCOMMANDS|Subcommands):", line):
            inside = True
            continue
        if inside:
            m = re.match(r"^  (\S+)", line)
            if m:
                names.append(m.group(1))
            elif line.strip() and not line.startswith("   "):
                inside = False
    return names


def walk(binary, path=()):
    """(path, help) of every command below `path`, depth first, in --help order."""
    text = help_text(binary, list(path))
    found = [(path, text)] if path else []
    for name in subcommands(text):
        found += walk(binary, path + (name,))
    return found


def roff(text):
    """Escapes a plain line for roff: backslashes, and a leading '.' or "'"."""
    text = text.replace("\\", "\\e")
    return "\\&" + text if text.startswith((".", "'")) else text


ENVIRONMENT = [
    ("LIQUID_NETWORK", "libliquid_pmpi.so: the network (a spec or a network JSON file) the ranks run on."),
    ("LIQUID_PLAN", "libliquid_pmpi.so: a plan file of liquid plan --json, instead of planning at MPI_Init time."),
    ("LIQUID_RANKMAP", "libliquid_pmpi.so: `rank host` lines naming the host of each rank of MPI_COMM_WORLD."),
    ("LIQUID_METHOD", "libliquid_pmpi.so: the scheduling method (as --method)."),
    ("LIQUID_TIME_LIMIT", "libliquid_pmpi.so: the planning budget in seconds (as --time-limit)."),
    ("LIQUID_SYNC", "libliquid_pmpi.so: how the frames of a plan are separated."),
    ("LIQUID_REPORT", "libliquid_pmpi.so: write what the interposer did to this file."),
    ("LIQUID_TUNE_CALLS", "libliquid_pmpi.so: trial calls of the plan and of the MPI library per size class; the faster runs the rest (0: always the plan)."),
]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    binary, out, version = sys.argv[1:]
    top = help_text(binary, [])
    lines = [
        f'.TH LIQUID 1 "" "liquid {version}" "User Commands"',
        ".SH NAME",
        "liquid \\- schedule collective communications at the liquid throughput of a network",
        ".SH SYNOPSIS",
        ".B liquid",
        ".I command",
        "[\\fIoptions\\fR]",
        ".br",
        ".B liquid-mpi",
        ".I command",
        "[\\fIoptions\\fR] (the same commands under mpirun)",
        ".SH DESCRIPTION",
        "liquid reads a network (a generator spec such as fat-tree:4,2, a network JSON file, or a",
        "fabric captured with ibnetdiscover and the subnet manager's forwarding tables), routes",
        "a traffic on it and builds schedules that run the traffic at the liquid throughput: the",
        "bound set by the most loaded link. Every printed schedule passes an independent verifier.",
        "The MPI interposer libliquid_pmpi.so (LD_PRELOAD) runs MPI_Alltoall by such a schedule.",
        ".SH COMMANDS",
    ]
    for path, text in walk(binary):
        lines += [f'.SS "liquid {" ".join(path)}"', ".nf"] + [roff(l) for l in text.splitlines()] + [".fi"]
    lines += [
        ".SH EXIT STATUS",
        "0 success; 1 internal failure; 2 bad input or an output that cannot be written (one line",
        "\\fBliquid: error: ...\\fR naming the file, line, JSON path or option and the fix); 3 out of",
        "memory; 130/143 stopped by SIGINT/SIGTERM.",
        ".SH ENVIRONMENT",
    ]
    for name, what in ENVIRONMENT:
        lines += [".TP", f".B {name}", what]
    lines += [".SH SEE ALSO", "ibnetdiscover(8), opensm(8), mpirun(1)", ""]
    assert top  # the top-level help was readable
    with open(out, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
