#!/usr/bin/env python3
"""Fails when an include in src/ or include/liquid/ crosses a module edge CMake does not declare.

Usage: check-layering.py MODULE_GRAPH SOURCE_DIR [--doc ARCHITECTURE_MD]

MODULE_GRAPH is written by CMake (liquid_write_module_graph): one line per module,
"<name> <folder> <direct dependencies...>", taken from the liquid_module() calls in
src/<folder>/CMakeLists.txt, the one place the allowed edges are written down.
A file of module M may include
  - "liquid/<folder>/..." (a public header) of M or of a module M depends on, directly
    or transitively;
  - "<folder>/..." (a private header under src/) of M only;
  - a header next to itself.
With --doc, the ```modules block of the architecture document ("name -> dep dep" per line)
must list exactly the modules and direct dependencies of MODULE_GRAPH, so the picture in
the document is the CMake target graph.
"""
import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def read_graph(path):
    modules = {}
    for line in Path(path).read_text().splitlines():
        parts = line.split()
        if parts:
            modules[parts[0]] = {"folder": parts[1], "deps": parts[2:]}
    return modules


def closure(modules):
    allowed = {}

    def visit(name, seen):
        if name in allowed:
            return allowed[name]
        if name in seen:
            sys.exit(f"check-layering: module cycle through {name}")
        reach = {name}
        for d in modules[name]["deps"]:
            reach |= visit(d, seen | {name})
        allowed[name] = reach
        return reach

    for name in modules:
        visit(name, set())
    return allowed


def check_doc(path, modules):
    """Differences between the doc's ```modules block and the CMake module graph."""
    text = Path(path).read_text()
    m = re.search(r"^```modules\n(.*?)^```", text, re.M | re.S)
    if not m:
        return [f"{path}: no ```modules block (one line per module: name -> dependencies)"]
    doc = {}
    for line in m.group(1).splitlines():
        if line.strip():
            name, _, deps = line.partition("->")
            doc[name.strip()] = sorted(deps.split())
    cmake = {name: sorted(mod["deps"]) for name, mod in modules.items()}
    problems = []
    for name in sorted(set(doc) | set(cmake)):
        if name not in cmake:
            problems.append(f"{path}: module {name} is in the picture but is no CMake target")
        elif name not in doc:
            problems.append(f"{path}: CMake target liquid::{name} is missing from the picture")
        elif doc[name] != cmake[name]:
            problems.append(f"{path}: {name} -> {' '.join(doc[name])} in the picture, "
                            f"but CMake declares {name} -> {' '.join(cmake[name])}")
    return problems


def owner(relpath, folders):
    """The module whose folder is the longest prefix of relpath (a path below src/ or include/liquid/)."""
    best = None
    for folder, name in folders.items():
        if relpath == folder or relpath.startswith(folder + "/"):
            if best is None or len(folder) > len(best[0]):
                best = (folder, name)
    return best[1] if best else None


def main():
    args = sys.argv[1:]
    doc = None
    if len(args) == 4 and args[2] == "--doc":
        doc = args[3]
        args = args[:2]
    if len(args) != 2:
        sys.exit(__doc__)
    modules = read_graph(args[0])
    root = Path(args[1])
    allowed = closure(modules)
    folders = {m["folder"]: name for name, m in modules.items()}
    problems = check_doc(doc, modules) if doc else []
    for base in (root / "src", root / "include" / "liquid"):
        for f in sorted(base.rglob("*")):
            if f.suffix not in (".cpp", ".hpp"):
                continue
            rel = f.relative_to(base).as_posix()
            me = owner(rel, folders)
            where = f.relative_to(root).as_posix()
            if me is None:
                problems.append(f"{where}: not inside any module folder (declare one with liquid_module)")
                continue
            text = f.read_text()
            for m in INCLUDE.finditer(text):
                inc = m.group(1)
                line = text.count("\n", 0, m.start()) + 1
                if (f.parent / inc).exists() and "/" not in inc:
                    continue  # a header next to this file
                if inc.startswith("liquid/"):
                    target = owner(inc[len("liquid/"):], folders)
                    if target is None:
                        problems.append(f"{where}:{line}: includes {inc}, which belongs to no module")
                    elif target not in allowed[me]:
                        problems.append(f"{where}:{line}: module {me} includes {inc} of module {target}, "
                                        f"but {me} does not depend on {target} (declare it in "
                                        f"src/{modules[me]['folder']}/CMakeLists.txt if the edge points down)")
                    continue
                target = owner(inc, folders)
                if target is not None and target != me:
                    problems.append(f"{where}:{line}: module {me} includes {inc}, a private header of module "
                                    f"{target} (only {target} and the tests may use it)")
    for p in problems:
        print(p)
    if problems:
        print(f"check-layering: {len(problems)} problem(s): includes across a forbidden edge or a picture that differs from the targets")
        return 1
    print(f"check-layering: {len(modules)} modules, every include on a declared edge"
          + (f", {doc} matches the targets" if doc else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
