// `liquid export --format lp|mps|cnf|dimacs-graph`: the scheduling problem of a traffic in
// the peers' formats, for CBC, GLPK, HiGHS, CPLEX, Gurobi or any SAT / colouring
// solver. Stdout unless -o FILE.
#include <fstream>
#include <iostream>
#include <sstream>

#include "command.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/export_formats.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/milp_model.hpp"

namespace liquid::app {
namespace {

struct ExportOptions {
    TrafficOptions traffic;
    std::string format;
    int length = 0;  // 0: MILP frames default to DSatur's length; CNF requires it
    std::string out;
};

void write_format(std::ostream& out, const ExportOptions& o, const Traffic& traffic) {
    if (o.format == "dimacs-graph") return sched::write_dimacs_graph(out, traffic);
    if (o.length < 0) throw InputError("--length", "must be >= 1", "give the number of time frames");
    const std::vector<int> clique = sched::large_clique(traffic);
    if (o.format == "cnf") {
        if (o.length == 0)
            throw InputError("--length", "--format cnf asks \"schedulable in L frames?\" and needs L",
                             "add --length L, e.g. the duration printed by `liquid analyze`");
        return sched::write_cnf(out, traffic, o.length, clique);
    }
    // The MILP's frames: the caller's cap, or the fast baseline's length (an optimum exists within it).
    const int frames = o.length > 0 ? o.length : sched::dsatur_schedule(traffic).length();
    const sched::MilpModel model = sched::build_schedule_milp(traffic, frames, clique);
    if (o.format == "lp") sched::write_lp(out, traffic, model);
    else sched::write_mps(out, traffic, model);
}

const RegisterCommand reg{
    {"export", "write the scheduling problem for a peer solver: MILP (LP, MPS), CNF, DIMACS graph", [](CLI::App& cmd) {
         auto o = std::make_shared<ExportOptions>();
         add_traffic_options(cmd, o->traffic);
         cmd.add_option("--format", o->format,
                        "lp (CPLEX-LP MILP) | mps (free-MPS MILP) | cnf (DIMACS, schedulable in --length frames?) | "
                        "dimacs-graph (congestion graph for colouring)")
             ->required()
             ->check(CLI::IsMember({"lp", "mps", "cnf", "dimacs-graph"}));
         cmd.add_option("--length", o->length, "frames: the MILP's cap (default: DSatur's length); required by cnf");
         cmd.add_option("-o,--out", o->out, "write here instead of stdout");
         cmd.callback([o] {
             const LoadedTraffic in = load_traffic(o->traffic);
             if (in.traffic.empty()) throw InputError(in.source, "the traffic has no transfers", "nothing to schedule");
             // Render fully before opening the file: bad input never leaves a truncated file behind.
             std::ostringstream text;
             write_format(text, *o, in.traffic);
             if (o->out.empty()) {
                 std::cout << text.str();
                 return;
             }
             std::ofstream f(o->out);
             if (!f) throw InputError(o->out, "cannot open for writing", "check the directory exists and is writable");
             f << text.str();
         });
     }}};

}  // namespace
}  // namespace liquid::app
