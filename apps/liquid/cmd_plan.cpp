// `liquid plan`: the per-rank plan of an all-to-all among MPI ranks (src/plan/plan.cpp):
// for each frame, whom each rank sends to and receives from. --json writes the plan file
// the PMPI interposer reads (LIQUID_PLAN); --msccl writes an MSCCL-style XML algorithm.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/plan/plan_json.hpp"
#include "result_view.hpp"
#include "scheduling_options.hpp"

namespace liquid::app {
namespace {

struct PlanOptions {
    std::string network, rank_map, name = "liquid-alltoall";
    SchedulingOptions scheduling;
    bool json = false, msccl = false;
};

std::vector<int> rank_hosts(const Network& net, const PlanOptions& o) {
    if (o.rank_map.empty()) return plan::one_rank_per_host(net);
    return plan::hosts_by_name(net, plan::read_rank_map(o.rank_map), o.rank_map);
}

/// The plan file (the JSON LIQUID_PLAN reads, owned by the plan module) or, as text, one
/// line per rank: for each frame whom it receives from and sends to. The two share no row
/// and each costs seconds at 1 024 ranks, so only the one printed is made.
ResultView plan_view(const plan::PlanResult& r, bool json) {
    const plan::Plan& p = r.plan;
    ResultView v;
    if (json) return std::move(v.json_fields(plan::plan_json(p)));
    v.text_only(fmt::format("network:   {}   ranks: {}   method: {}", p.network, p.ranks, p.method))
        .text_only(fmt::format("length:    {} frames, duration (Lambda) {}: {}", p.length(), p.duration,
                               length_verdict(p.liquid, p.optimal, r.solve.timed_out)));
    // Every rank's frames in one pass (rank_plan per rank would redo the link dependencies K times).
    const std::vector<plan::RankPlan> ranks = plan::rank_plans(p);
    for (int rank = 0; rank < p.ranks; ++rank) {
        std::string line = fmt::format("rank {} ({}):", rank, p.hosts[rank]);
        const plan::RankPlan& rp = ranks[static_cast<std::size_t>(rank)];
        for (std::size_t f = 0; f < rp.frames.size(); ++f)
            line +=
                fmt::format("  {}:{}>{}", f + 1, fmt::join(rp.frames[f].recv_from, ","), fmt::join(rp.frames[f].send_to, ","));
        v.text_only(line);
    }
    return v.text_only("(frame: receives-from > sends-to; every ordered pair of ranks exactly once, verified)");
}

const RegisterCommand reg_plan{
    {"plan", "per-rank plan of an all-to-all among MPI ranks (JSON for the interposer, MSCCL XML)", [](CLI::App& cmd) {
         auto o = std::make_shared<PlanOptions>();
         cmd.add_option("--network", o->network, "network JSON file or generator spec: " + network_spec_help())->required();
         cmd.add_option("--rankmap", o->rank_map, "`rank host` lines (default: one rank per host, in host order)");
         add_scheduling_options(cmd, o->scheduling, true);
         cmd.add_option("--name", o->name, "algorithm name in the MSCCL XML")->capture_default_str();
         cmd.add_flag("--json", o->json, "print the plan file (the format LIQUID_PLAN reads)");
         cmd.add_flag("--msccl", o->msccl, "print the plan as an MSCCL-style XML all-to-all algorithm");
         cmd.callback([o] {
             if (o->json && o->msccl) throw InputError("--json/--msccl", "both were given", "choose one output format");
             const SolveOptions so = solve_options(o->scheduling);
             const CommandBudget budget(so);
             const Network net = load_network(o->network);
             const plan::PlanResult r = plan::build_plan(net, rank_hosts(net, *o), so);
             if (o->msccl) fmt::print("{}", plan::plan_msccl_xml(r.plan, o->name));
             else render(plan_view(r, o->json), o->json);
         });
     }}};

}  // namespace
}  // namespace liquid::app
