#!/usr/bin/env python3
"""Writes the network JSON (shortest-path routing) of the generated fabrics the benchmark
scripts use beside liquid's own network specs:

  fabric-json.py dragonfly A P H OUT        a dragonfly (Kim, Dally, Scott, Abts,
      "Technology-driven, highly-scalable dragonfly topology", ISCA 2008): g = A*H + 1
      groups of A routers with P hosts each, the routers of a group fully connected, H
      global cables per router, one cable between every two groups (group G's global port
      K-1 meets group K's port G; router = port // H). Named dragonfly-A-P-H.
  fabric-json.py dragonfly-groups G A P OUT a dragonfly of G groups whose router i is
      cabled to router i of every other group (A routers of P hosts per group). Named
      dragonfly-Gg.
  fabric-json.py hyperx S P OUT             a two-dimensional HyperX (Ahn, Binkert, Davis,
      McLaren, Schreiber, "HyperX: topology, routing, and packaging of efficient
      large-scale networks", SC 2009): S x S switches, each cabled to every other switch of
      its row and of its column, P hosts per switch. Named hyperx-SxSxP.
"""
import itertools
import json
import sys


class Fabric:
    """Switches with their hosts, and cables, in the order they are added."""

    def __init__(self):
        self.hosts, self.switches, self.cables = [], [], []

    def switch(self, name, host_names):
        self.switches.append(name)
        for h in host_names:
            self.hosts.append(h)
            self.cables.append([h, name])

    def write(self, name, path):
        with open(path, "w") as out:
            json.dump({"name": name, "hosts": self.hosts, "switches": self.switches, "cables": self.cables,
                       "routing": {"type": "shortest"}}, out)


def dragonfly(a, p, h, path):
    g = a * h + 1
    f = Fabric()
    r = lambda G, i: f"g{G}r{i}"
    for G in range(g):
        for i in range(a):
            f.switch(r(G, i), [f"g{G}r{i}h{k}" for k in range(p)])
            f.cables += [[r(G, i), r(G, j)] for j in range(i + 1, a)]
    for G in range(g):
        for K in range(G + 1, g):
            f.cables.append([r(G, (K - 1) // h), r(K, G // h)])
    f.write(f"dragonfly-{a}-{p}-{h}", path)


def dragonfly_groups(groups, routers, per_router, path):
    f = Fabric()
    for g in range(groups):
        for r in range(routers):
            f.switch(f"g{g}r{r}", [f"g{g}r{r}h{k}" for k in range(per_router)])
        f.cables += [[f"g{g}r{a}", f"g{g}r{b}"] for a, b in itertools.combinations(range(routers), 2)]
    for g, h in itertools.combinations(range(groups), 2):
        f.cables += [[f"g{g}r{r}", f"g{h}r{r}"] for r in range(routers)]
    f.write(f"dragonfly-{groups}g", path)


def hyperx(side, per_switch, path):
    f = Fabric()
    for x in range(side):
        for y in range(side):
            f.switch(f"s{x}_{y}", [f"h{x}_{y}_{k}" for k in range(per_switch)])
    for x in range(side):
        for a, b in itertools.combinations(range(side), 2):
            f.cables += [[f"s{x}_{a}", f"s{x}_{b}"], [f"s{a}_{x}", f"s{b}_{x}"]]
    f.write(f"hyperx-{side}x{side}x{per_switch}", path)


BUILDERS = {"dragonfly": (dragonfly, 3), "dragonfly-groups": (dragonfly_groups, 3), "hyperx": (hyperx, 2)}


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(2)


def main(argv):
    if len(argv) < 2 or argv[1] not in BUILDERS:
        fail(f"usage: fabric-json.py {{{'|'.join(BUILDERS)}}} NUMBERS... OUT (see the header of this script)")
    build, count = BUILDERS[argv[1]]
    if len(argv) != count + 3:
        fail(f"fabric-json.py {argv[1]}: expected {count} numbers and an output file")
    try:
        numbers = [int(x) for x in argv[2:2 + count]]
    except ValueError:
        fail(f"fabric-json.py {argv[1]}: the sizes must be integers, got {' '.join(argv[2:2 + count])}")
    if min(numbers) < 1:
        fail(f"fabric-json.py {argv[1]}: every size must be at least 1")
    build(*numbers, argv[-1])


if __name__ == "__main__":
    main(sys.argv)
