// `liquid plan`: the per-rank plan of an all-to-all among MPI ranks (src/mpi/plan.cpp):
// for each frame, whom each rank sends to and receives from. --json writes the plan file
// the PMPI interposer reads (LIQUID_PLAN); --msccl writes an MSCCL-style XML algorithm.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <cmath>

#include "command.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/plan/plan_json.hpp"
#include "liquid/testbed/network_spec.hpp"
#include "option_checks.hpp"
#include "result_view.hpp"

namespace liquid::app {
namespace {

struct PlanOptions {
    std::string network, rank_map, method = "optimal", name = "liquid-alltoall";
    double time_limit = 10.0;
    bool json = false, msccl = false;
};

SolveOptions solve_options(const PlanOptions& o) {
    SolveOptions s;
    s.method = parse_method(o.method);
    if (!(o.time_limit > 0) || !std::isfinite(o.time_limit))
        throw InputError("--time-limit", "must be a positive number of seconds", "e.g. --time-limit 2.5");
    s.time_limit_s = o.time_limit;
    return s;
}

std::vector<int> rank_hosts(const Network& net, const PlanOptions& o) {
    if (o.rank_map.empty()) return mpi::one_rank_per_host(net);
    return mpi::hosts_by_name(net, mpi::read_rank_map(o.rank_map), o.rank_map);
}

/// The plan file (the JSON LIQUID_PLAN reads, owned by the plan module) and, as text, one
/// line per rank: for each frame whom it receives from and sends to.
ResultView plan_view(const mpi::PlanResult& r) {
    const mpi::Plan& p = r.plan;
    ResultView v;
    v.json_fields(mpi::plan_json(p))
        .text_only(fmt::format("network:   {}   ranks: {}   method: {}", p.network, p.ranks, p.method))
        .text_only(fmt::format("length:    {} frames, duration (Lambda) {}: {}{}", p.length(), p.duration,
                               p.liquid ? "liquid" : "not liquid", p.optimal ? ", proven optimal" : ""));
    for (int rank = 0; rank < p.ranks; ++rank) {
        std::string line = fmt::format("rank {} ({}):", rank, p.hosts[rank]);
        const mpi::RankPlan rp = mpi::rank_plan(p, rank);
        for (std::size_t f = 0; f < rp.frames.size(); ++f)
            line +=
                fmt::format("  {}:{}>{}", f + 1, fmt::join(rp.frames[f].recv_from, ","), fmt::join(rp.frames[f].send_to, ","));
        v.text_only(line);
    }
    return v.text_only("(frame: receives-from > sends-to; every ordered pair of ranks exactly once, verified)");
}

const RegisterCommand reg{
    {"plan", "per-rank plan of an all-to-all among MPI ranks (JSON for the interposer, MSCCL XML)", [](CLI::App& cmd) {
         auto o = std::make_shared<PlanOptions>();
         cmd.add_option("--network", o->network, "network JSON file or generator spec: " + network_spec_help())->required();
         cmd.add_option("--rankmap", o->rank_map, "`rank host` lines (default: one rank per host, in host order)");
         cmd.add_option("--method", o->method, "liquid | optimal | dsatur | round-robin | random | fifo")->capture_default_str();
         cmd.add_option("--time-limit", o->time_limit, "wall-clock budget of the exact searches, seconds")
             ->capture_default_str()
             ->check(positive_seconds());
         cmd.add_option("--name", o->name, "algorithm name in the MSCCL XML")->capture_default_str();
         cmd.add_flag("--json", o->json, "print the plan file (the format LIQUID_PLAN reads)");
         cmd.add_flag("--msccl", o->msccl, "print the plan as an MSCCL-style XML all-to-all algorithm");
         cmd.callback([o] {
             if (o->json && o->msccl) throw InputError("--json/--msccl", "both were given", "choose one output format");
             const SolveOptions so = solve_options(*o);
             const Network net = load_network(o->network);
             const mpi::PlanResult r = mpi::build_plan(net, rank_hosts(net, *o), so);
             if (o->msccl) fmt::print("{}", mpi::plan_msccl_xml(r.plan, o->name));
             else render(plan_view(r), o->json);
         });
     }}};

}  // namespace
}  // namespace liquid::app
