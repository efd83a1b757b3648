#!/usr/bin/env python3
"""Writes an ibsim topology file (ibnetdiscover's format) for a generated fabric.

ibsim (Debian package ibsim-utils) simulates the fabric the file describes; OpenSM and
infiniband-diags then run against it with libumad2sim.so preloaded (docs/fabrics.md, "Your own
fabric"). Every cable is listed at both ends; hosts are HCAs with one port, named "h<i>"
or by --host-description (a Python format of i, e.g. "node{i:02d} HCA-1": the node
description a real fabric shows, the machine's hostname first).
Switch ports are numbered in the order the cables are laid: in fat trees the hosts of a
leaf first, then its up-links; in meshes the x cables, then the y cables, then the hosts
(so OpenSM's dor engine finds the dimensions in port order).

  ibsim-fabric.py fat-tree --leaves 8 --hosts-per-leaf 4 --spines 4 [--cables 1]
      2-level fat tree; every leaf has --cables parallel cables to every spine.
      hosts-per-leaf > spines*cables makes it oversubscribed (e.g. 2:1).
  ibsim-fabric.py fat-tree3 --pods 4 --leaves-per-pod 2 --hosts-per-leaf 4 \\
                            --aggs-per-pod 2 --cores 4
      3-level fat tree: every leaf cables to every aggregation switch of its pod;
      aggregation switch i of every pod cables to cores i*(cores/aggs) .. (i+1)*(cores/aggs)-1.
  ibsim-fabric.py mesh --rows 3 --cols 3 [--hosts-per-switch 1] [--wrap] [--cables 1]
      2-D mesh (torus with --wrap) of switches, hosts on every switch.
"""
import argparse
import sys
from collections import defaultdict


class Fabric:
    """Nodes with numbered ports; cable() fills both ends."""

    def __init__(self):
        self.order = []              # (kind, name) in output order
        self.ports = defaultdict(dict)  # name -> {port: (peer, peer_port)}
        self.next_port = defaultdict(lambda: 1)

    def node(self, kind, name):
        self.order.append((kind, name))

    def cable(self, a, b):
        pa, pb = self.next_port[a], self.next_port[b]
        self.next_port[a] += 1
        self.next_port[b] += 1
        self.ports[a][pa] = (b, pb)
        self.ports[b][pb] = (a, pa)

    def write(self, out):
        for kind, name in self.order:
            ports = self.ports[name]
            count = max(ports) if ports else 1
            if kind == "Switch":
                count = max(count, 2)
            out.write(f'{kind}\t{count} "{name}"\n')
            for p in sorted(ports):
                peer, pp = ports[p]
                out.write(f'[{p}]\t"{peer}"[{pp}]\n')
            out.write("\n")


HOST_DESCRIPTION = "h{i}"


def hosts_on(fabric, switch, count, first):
    names = [HOST_DESCRIPTION.format(i=first + i) for i in range(count)]
    for h in names:
        fabric.cable(switch, h)
    return names


def fat_tree(a):
    f = Fabric()
    leaves = [f"leaf{i}" for i in range(a.leaves)]
    spines = [f"spine{i}" for i in range(a.spines)]
    for s in leaves + spines:
        f.node("Switch", s)
    hosts = []
    for i, leaf in enumerate(leaves):
        hosts += hosts_on(f, leaf, a.hosts_per_leaf, i * a.hosts_per_leaf)
    for leaf in leaves:
        for spine in spines:
            for _ in range(a.cables):
                f.cable(leaf, spine)
    for h in hosts:
        f.node("Hca", h)
    return f


def fat_tree3(a):
    if a.cores % a.aggs_per_pod:
        sys.exit("ibsim-fabric: --cores must be a multiple of --aggs-per-pod")
    f = Fabric()
    leaves = [[f"leaf{p}.{i}" for i in range(a.leaves_per_pod)] for p in range(a.pods)]
    aggs = [[f"agg{p}.{i}" for i in range(a.aggs_per_pod)] for p in range(a.pods)]
    cores = [f"core{i}" for i in range(a.cores)]
    for s in sum(leaves, []) + sum(aggs, []) + cores:
        f.node("Switch", s)
    hosts, n = [], 0
    for pod in leaves:
        for leaf in pod:
            hosts += hosts_on(f, leaf, a.hosts_per_leaf, n)
            n += a.hosts_per_leaf
    per_agg = a.cores // a.aggs_per_pod
    for p in range(a.pods):
        for leaf in leaves[p]:
            for agg in aggs[p]:
                f.cable(leaf, agg)
        for i, agg in enumerate(aggs[p]):
            for c in cores[i * per_agg:(i + 1) * per_agg]:
                f.cable(agg, c)
    for h in hosts:
        f.node("Hca", h)
    return f


def mesh(a):
    f = Fabric()
    name = lambda r, c: f"sw{r}.{c}"
    for r in range(a.rows):
        for c in range(a.cols):
            f.node("Switch", name(r, c))
    # Dimension ports first: each switch gets its x cables, then its y cables, so the
    # lower port numbers belong to the lower dimension (what OpenSM's dor expects).
    for r in range(a.rows):
        for c in range(a.cols):
            if c + 1 < a.cols or (a.wrap and a.cols > 2):
                for _ in range(a.cables):
                    f.cable(name(r, c), name(r, (c + 1) % a.cols))
    for r in range(a.rows):
        for c in range(a.cols):
            if r + 1 < a.rows or (a.wrap and a.rows > 2):
                for _ in range(a.cables):
                    f.cable(name(r, c), name((r + 1) % a.rows, c))
    hosts = []
    for r in range(a.rows):
        for c in range(a.cols):
            hosts += hosts_on(f, name(r, c), a.hosts_per_switch, len(hosts))
    for h in hosts:
        f.node("Hca", h)
    return f


def main():
    global HOST_DESCRIPTION
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-o", "--output", help="file to write (default: stdout)")
    common.add_argument("--host-description", default=HOST_DESCRIPTION,
                        help='HCA node descriptions, a format of the host index i (default "h{i}")')
    sub = p.add_subparsers(dest="kind", required=True)
    ft = sub.add_parser("fat-tree", parents=[common])
    ft.add_argument("--leaves", type=int, required=True)
    ft.add_argument("--hosts-per-leaf", type=int, required=True)
    ft.add_argument("--spines", type=int, required=True)
    ft.add_argument("--cables", type=int, default=1)
    ft3 = sub.add_parser("fat-tree3", parents=[common])
    for opt in ("--pods", "--leaves-per-pod", "--hosts-per-leaf", "--aggs-per-pod", "--cores"):
        ft3.add_argument(opt, type=int, required=True)
    m = sub.add_parser("mesh", parents=[common])
    m.add_argument("--rows", type=int, required=True)
    m.add_argument("--cols", type=int, required=True)
    m.add_argument("--hosts-per-switch", type=int, default=1)
    m.add_argument("--cables", type=int, default=1)
    m.add_argument("--wrap", action="store_true")
    a = p.parse_args()
    for key, value in vars(a).items():
        if isinstance(value, int) and not isinstance(value, bool) and value < 1:
            sys.exit(f"ibsim-fabric: --{key.replace('_', '-')} must be >= 1")
    HOST_DESCRIPTION = a.host_description
    if '"' in HOST_DESCRIPTION or HOST_DESCRIPTION.format(i=0) == HOST_DESCRIPTION.format(i=1):
        sys.exit("ibsim-fabric: --host-description must use {i} and contain no '\"'")
    fabric = {"fat-tree": fat_tree, "fat-tree3": fat_tree3, "mesh": mesh}[a.kind](a)
    for name, ports in fabric.ports.items():
        if len(ports) > 254:
            sys.exit(f"ibsim-fabric: switch {name} would need {len(ports)} ports (ibsim allows 254)")
    if a.output:
        with open(a.output, "w") as out:
            fabric.write(out)
    else:
        fabric.write(sys.stdout)


if __name__ == "__main__":
    main()
