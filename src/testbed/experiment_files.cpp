#include "liquid/testbed/experiment_files.hpp"

#include <fmt/core.h>

#include "liquid/base/error.hpp"

namespace liquid::testbed {

nlohmann::json representative_json(const Representative& r) {
    return {{"allocation", r.allocation.label()},
            {"nodes", r.allocation.total()},
            {"switches", r.allocation.switches_used()},
            {"transfers", r.transfers},
            {"duration", r.duration},
            {"liquid_throughput", r.liquid_ratio},
            {"allocations_with_value", r.allocations},
            {"multi_switch_value", r.multi_switch_value}};
}

nlohmann::json result_json(const Traffic& x, const RepresentativeResult& r) {
    nlohmann::json j = representative_json(r.representative);
    const SolveResult& e = r.exact;
    nlohmann::json frames = nlohmann::json::array();
    for (const auto& frame : e.schedule.frames) {
        nlohmann::json f = nlohmann::json::array();
        for (int t : frame) f.push_back(x[t].name);
        frames.push_back(std::move(f));
    }
    nlohmann::json levels = nlohmann::json::object();
    for (int l = 0; l < kOptimisationLevels; ++l) {
        const SearchSpace& s = r.search_space[static_cast<std::size_t>(l)];
        levels[optimisation_name(static_cast<Optimisation>(l))] = {
            {"categories", s.categories}, {"full_teams", s.full_teams}, {"complete", s.complete}};
    }
    j["skeleton"] = r.skeleton;
    j["skeleton_share"] = double(r.skeleton) / r.representative.transfers;
    j["bottlenecks"] = r.bottlenecks;
    j["congestion_edges"] = r.congestion_edges;
    j["schedule"] = {{"length", e.schedule.length()},
                     {"liquid", e.liquid},
                     {"optimal", e.optimal},
                     {"no_liquid_proven", e.no_liquid_proven},
                     {"timed_out", e.timed_out},
                     {"lower_bound", e.lower_bound},
                     {"solver", e.solver},
                     {"categories", e.categories},
                     {"full_teams", e.full_teams},
                     {"elapsed_ms", e.elapsed_ms},
                     {"frames", frames}};
    j["dsatur"] = {{"length", r.dsatur_length}, {"loss", r.dsatur_loss()}, {"elapsed_ms", r.dsatur_ms}};
    j["round_robin"] = {{"length", r.round_robin_length}, {"loss", r.round_robin_loss()}, {"elapsed_ms", r.round_robin_ms}};
    j["search_space"] = levels;
    j["verified"] = r.all_verified();
    if (!r.all_verified())
        j["verification"] = {
            {"exact", r.exact_verification}, {"dsatur", r.dsatur_verification}, {"round_robin", r.round_robin_verification}};
    return j;
}

nlohmann::json compact_result_json(const RepresentativeResult& r) {
    nlohmann::json j = representative_json(r.representative);
    j["length"] = r.exact.schedule.length();
    j["liquid"] = r.exact.liquid;
    j["optimal"] = r.exact.optimal;
    j["dsatur_length"] = r.dsatur_length;
    j["dsatur_loss"] = r.dsatur_loss();
    j["round_robin_length"] = r.round_robin_length;
    j["round_robin_loss"] = r.round_robin_loss();
    j["skeleton_share"] = double(r.skeleton) / r.representative.transfers;
    return j;
}

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
