#include "liquid/testbed/experiment_files.hpp"

#include <fmt/core.h>

#include "liquid/base/error.hpp"

namespace liquid::testbed {

namespace {

const char* kCsvHeader =
    "allocation,nodes,switches,transfers,duration,liquid_throughput,allocations_with_value,multi_switch_value,"
    "skeleton,skeleton_share,bottlenecks,congestion_edges,length,liquid,optimal,no_liquid_proven,timed_out,"
    "lower_bound,solver,solve_ms,dsatur_length,dsatur_loss,dsatur_ms,round_robin_length,round_robin_loss,"
    "round_robin_ms,categories_naive,categories_blank,categories_idle,categories_skeleton,search_space_complete,"
    "verified\n";

std::string csv_row(const RepresentativeResult& r) {
    const Representative& p = r.representative;
    const SolveResult& e = r.exact;
    std::string s =
        fmt::format("{},{},{},{},{},{:.6f},{},{},{},{:.4f},{},{},{},{},{},{},{},{},{},{:.3f},{},{:.4f},{:.3f},{},{:.4f},{:.3f}",
                    p.allocation.label(), p.allocation.total(), p.allocation.switches_used(), p.transfers, p.duration,
                    p.liquid_ratio, p.allocations, int(p.multi_switch_value), r.skeleton, double(r.skeleton) / p.transfers,
                    r.bottlenecks, r.congestion_edges, e.schedule.length(), int(e.liquid), int(e.optimal),
                    int(e.no_liquid_proven), int(e.timed_out), e.lower_bound, e.solver, e.elapsed_ms, r.dsatur_length,
                    r.dsatur_loss(), r.dsatur_ms, r.round_robin_length, r.round_robin_loss(), r.round_robin_ms);
    bool complete = true;
    for (const SearchSpace& sp : r.search_space) {
        s += fmt::format(",{}", sp.categories);
        complete = complete && sp.complete;
    }
    return s + fmt::format(",{},{}\n", int(complete), int(r.all_verified()));
}

}  // namespace

std::string representatives_csv(const std::vector<RepresentativeResult>& results) {
    std::string csv = kCsvHeader;
    for (const RepresentativeResult& r : results) csv += csv_row(r);
    return csv;
}

Representative single_allocation(const Network& t1, const Allocation& a) {
    if (a.total() == 0) throw InputError("--allocation " + a.label(), "allocates no node", "allocate at least one node");
    Representative rep;
    rep.allocation = a;
    rep.transfers = a.total() * a.total();
    rep.duration = AllocationLoads(t1).duration(a);
    rep.liquid_ratio = double(rep.transfers) / rep.duration;
    rep.allocations = 1;
    rep.multi_switch_value = a.switches_used() >= 2;
    return rep;
}

}  // namespace liquid::testbed
