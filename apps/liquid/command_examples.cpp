#include "command_examples.hpp"

namespace liquid::app {

const std::vector<CommandExample>& command_examples() {
    static const std::vector<CommandExample> examples{
        {"analyze", "analyze --network fat-tree:4,2", "loads, duration Λ, bottlenecks and liquid throughput of an all-to-all"},
        {"analyze", "analyze --network ibnetdiscover:topology.txt,opensm-lfts.dump --json",
         "the same for a captured InfiniBand fabric, as JSON"},
        {"network", "network torus:4x4 --format dot", "a generated network as Graphviz DOT"},
        {"network", "network --from ibnetdiscover topology.txt opensm-lfts.dump",
         "import a fabric and its routing as network JSON"},
        {"traffic", "traffic --network two-switch --pattern all-to-all", "a traffic as a link-set file"},
        {"export", "export --network torus:3x3 --format lp -o alltoall.lp", "the scheduling MILP for an external solver"},
        {"schedule", "schedule", "the papers' two-switch example: a verified liquid schedule"},
        {"schedule", "schedule --network torus:4x4 --time-limit 5 --json", "all-to-all on a torus within 5 s, as JSON"},
        {"simulate", "simulate --network fat-tree:4,2",
         "run the schedule on the wormhole simulator: makespan and ratio to liquid"},
        {"simulate", "simulate --network fat-tree:4,2 --method round-robin", "a topology-unaware sending order, for comparison"},
        {"simulate testbed", "simulate testbed --limit 20 --out sim", "the papers' testbed table on the first 20 patterns"},
        {"plan", "plan --network fat-tree:4,2 --json", "the per-rank plan file LIQUID_PLAN of the MPI interposer reads"},
        {"report", "report --network torus:4x4 -o report.html", "an HTML page: network drawing, frame pictograms, charts"},
        {"testbed t1", "testbed t1 --sweep-only --out t1", "the 5^8 Swiss-T1 allocations and their representatives"},
        {"testbed t1", "testbed t1 --allocation 44000000", "one testbed allocation and its schedule"},
        {"optical broadcast", "optical broadcast -n 16", "broadcast algorithms 1-5: executor against the closed forms"},
        {"optical allgather", "optical allgather -n 16", "all-to-all broadcast algorithms on 16 nodes"},
        {"optical sweep", "optical sweep --kind broadcast -n 4:64", "broadcast times over N and Tc, as CSV"},
        {"optical p2p", "optical p2p --model ccc -D 3 --rounds 2000", "the point-to-point simulator on a cube-connected cycles"},
        {"optical p2p-tables", "optical p2p-tables --rounds 2000 --out p2p", "the thesis tables with fewer rounds"},
    };
    return examples;
}

std::string examples_footer(const std::string& path) {
    std::string out;
    for (const auto& e : command_examples())
        if (e.path == path) out += "\n  liquid " + e.line + "\n      " + e.purpose;
    return out.empty() ? out : "\nExamples:" + out;
}

}  // namespace liquid::app
