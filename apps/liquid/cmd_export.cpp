// `liquid export --format lp|mps|cnf|dimacs-graph`: the scheduling problem of a traffic in
// the peers' formats, for CBC, GLPK, HiGHS, CPLEX, Gurobi or any SAT / colouring
// solver. Stdout unless -o FILE. `--format simgrid` writes the network instead: a SimGrid
// platform with liquid's routes, for SMPI (docs/simgrid.md).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "budget_options.hpp"
#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/base/deadline.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/io/network_export.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/export_formats.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/milp_model.hpp"
#include "liquid/traffic/analysis.hpp"
#include "option_checks.hpp"

namespace liquid::app {
namespace {

struct ExportOptions {
    TrafficOptions traffic;
    BudgetOptions budget;
    std::string format;
    int length = 0;  // 0: MILP frames default to DSatur's length; CNF requires it
    std::string out;
    SimgridOptions simgrid;
};

// The SimGrid platform of --network (default: the two-switch example); a note on stderr
// names the host pairs the routing cannot serve.
void write_simgrid(std::ostream& out, const ExportOptions& o) {
    if (!(o.simgrid.latency_s >= 0)) throw InputError("--latency", "must be >= 0 seconds", "e.g. --latency 1e-6");
    const Network net = load_network(o.traffic.network.empty() ? "two-switch" : o.traffic.network);
    if (int unrouted = write_simgrid_platform(out, net, o.simgrid); unrouted > 0)
        fmt::print(stderr, "liquid: note: {} ordered host pairs have no route and no <route> in the platform\n", unrouted);
}

/// DSatur's length: the MILP's frames when --length is not given.
int milp_frames(const Traffic& traffic, const Limits& limits) {
    if (std::optional<Schedule> s = sched::dsatur_schedule(traffic, limits)) return s->length();
    throw_if_out_of_budget();                         // the deadline came first
    return sched::dsatur_schedule(traffic).length();  // refused by its memory estimate: as before, unbounded
}

void write_format(std::ostream& out, const ExportOptions& o, const Traffic& traffic) {
    if (o.format == "dimacs-graph") return sched::write_dimacs_graph(out, traffic);
    if (o.length < 0) throw InputError("--length", "must be >= 1", "give the number of time frames");
    if (o.format == "cnf" && o.length == 0)
        throw InputError("--length", "--format cnf asks \"schedulable in L frames?\" and needs L",
                         "add --length L, e.g. the duration printed by `liquid analyze`");
    // --memory-limit, or half of the physical memory. A model that cannot fit is refused
    // before anything is spent on it (at least Λ frames), and the congestion-graph clique
    // falls back to a link's users where the graph would not fit either. The model comes
    // before any output: --time-limit ends it (the output, once the model exists, is let
    // finish).
    Limits limits;
    if (const double left = time_budget_left(); std::isfinite(left)) limits.deadline = Deadline::after(std::max(left, 1e-6));
    if (const std::uint64_t bytes = memory_limit_bytes(o.budget.memory_limit_mb); bytes > 0) limits.memory_bytes = bytes;
    sched::require_model_fits(traffic, o.length > 0 ? o.length : duration_of(traffic), limits.memory_bytes);
    const std::vector<int> clique = sched::large_clique(traffic, 48, &limits);
    throw_if_out_of_budget();
    if (o.format == "cnf") return sched::write_cnf(out, traffic, o.length, clique);
    // The MILP's frames: the caller's cap, or the fast baseline's length (an optimum exists within it).
    const int frames = o.length > 0 ? o.length : milp_frames(traffic, limits);
    sched::require_model_fits(traffic, frames, limits.memory_bytes);
    throw_if_out_of_budget();
    const sched::MilpModel model = sched::build_schedule_milp(traffic, frames, clique);
    if (o.format == "lp") sched::write_lp(out, traffic, model);
    else sched::write_mps(out, traffic, model);
}

const RegisterCommand reg_export{
    {"export", "write the scheduling problem for a peer solver: MILP (LP, MPS), CNF, DIMACS graph", [](CLI::App& cmd) {
         auto o = std::make_shared<ExportOptions>();
         add_traffic_options(cmd, o->traffic);
         cmd.add_option("--format", o->format,
                        "lp (CPLEX-LP MILP) | mps (free-MPS MILP) | cnf (DIMACS, schedulable in --length frames?) | "
                        "dimacs-graph (congestion graph for colouring) | simgrid (the --network as a SimGrid platform for SMPI)")
             ->required()
             ->check(CLI::IsMember({"lp", "mps", "cnf", "dimacs-graph", "simgrid"}));
         cmd.add_option("--length", o->length, "frames: the MILP's cap (default: DSatur's length); required by cnf");
         cmd.add_option("-o,--out", o->out, "write here instead of stdout")->check(non_empty());
         cmd.add_option("--latency", o->simgrid.latency_s, "simgrid: latency of every link, seconds")->capture_default_str();
         add_budget_options(cmd, o->budget);
         cmd.callback([o] {
             const CommandBudget budget(o->budget);
             if (!o->out.empty()) refuse_overwriting_input(o->out, traffic_input_files(o->traffic), "-o");
             if (o->format == "simgrid") {
                 if (o->out.empty()) write_simgrid(std::cout, *o);
                 else write_file_atomically(o->out, [&](std::ostream& out) { write_simgrid(out, *o); });
                 return;
             }
             const LoadedTraffic in = load_traffic(o->traffic);
             if (in.traffic.empty()) throw InputError(in.source, "the traffic has no transfers", "nothing to schedule");
             if (o->out.empty()) return write_format(std::cout, *o, in.traffic);
             // Rendered straight into a temporary file renamed over -o when complete: bad
             // input, a full disk or memory running out never leave a truncated file behind.
             write_file_atomically(o->out, [&](std::ostream& out) { write_format(out, *o, in.traffic); });
         });
     }}};

}  // namespace
}  // namespace liquid::app
