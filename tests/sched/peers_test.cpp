// The peers: the MILP model, the format writers, and --method milp / sat
// agreeing with the default method and with a brute-force chromatic number.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <set>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/export_formats.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/milp_model.hpp"
#include "liquid/sched/ring_arcs.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/test_support.hpp"

namespace {
using namespace liquid;

Traffic two_switch() { return make_pattern(make_two_switch(), PatternSpec{}); }

// Arcs on a ring where DSatur needs one frame more than the optimum, so the peers must
// search: kArcsAtLambda has optimum Λ = 6 (DSatur 7), kArcsAboveLambda optimum 6 > Λ = 5
// (DSatur 7).
const std::vector<std::vector<int>> kArcsAtLambda{{6, 7},    {3, 4, 5, 6}, {0, 1},    {2, 3},      {3, 4, 5},
                                                  {0, 1, 2}, {7, 0, 1},    {6, 7, 0}, {3, 4, 5},   {1, 2, 3},
                                                  {3, 4},    {4, 5, 6, 7}, {6, 7, 0}, {6, 7, 0, 1}};
const std::vector<std::vector<int>> kArcsAboveLambda{{1, 2, 3}, {5, 0}, {3, 4}, {5, 0}, {0, 1, 2}, {4, 5, 0},
                                                     {0, 1, 2}, {2, 3}, {4, 5}, {4, 5}, {3, 4},    {2, 3}};

Traffic arcs(const std::vector<std::vector<int>>& paths, int ring) {
    std::vector<std::string> names;
    for (int l = 0; l < ring; ++l) names.push_back("r" + std::to_string(l));
    Traffic t(names);
    for (std::size_t i = 0; i < paths.size(); ++i) t.add("a" + std::to_string(i), paths[i]);
    return t;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// Row activity of `values` against the row's sense: the model's own constraints hold.
bool satisfies(const sched::MilpModel& m, const std::vector<double>& values) {
    for (const auto& r : m.rows) {
        double a = 0;
        for (const auto& [c, coef] : r.terms) a += coef * values[c];
        if ((r.sense == 'E' && a != r.rhs) || (r.sense == 'L' && a > r.rhs) || (r.sense == 'G' && a < r.rhs)) return false;
    }
    return true;
}

TEST(MilpModel, ColumnsRowsAndClique) {
    const Traffic t = two_switch();
    const auto clique = sched::large_clique(t);
    const sched::MilpModel m = sched::build_schedule_milp(t, 8, clique);
    EXPECT_EQ(m.columns.size(), static_cast<std::size_t>(t.size() * 8 + 8));
    EXPECT_EQ(m.columns[m.x(3, 2)], "x_3_2");
    EXPECT_EQ(m.columns[m.y(7)], "y_7");
    int once = 0, pins = 0, order = 0;
    for (const auto& r : m.rows) {
        once += r.name.rfind("once_", 0) == 0;
        pins += r.name.rfind("pin_", 0) == 0;
        order += r.name.rfind("order_", 0) == 0;
    }
    EXPECT_EQ(once, t.size());
    EXPECT_EQ(pins, static_cast<int>(clique.size()));
    EXPECT_EQ(order, 7);
    EXPECT_THROW(sched::build_schedule_milp(t, 0, clique), InputError);
}

TEST(MilpModel, StartFromDsaturIsFeasibleAndRoundTrips) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
        const Traffic t = trial == 0 ? two_switch() : test::random_link_traffic(rng, 12, 10, 3);
        const Schedule s = sched::dsatur_schedule(t);
        const sched::MilpModel m = sched::build_schedule_milp(t, s.length() + 1, sched::large_clique(t));
        const std::vector<double> v = sched::milp_start(m, s);
        ASSERT_FALSE(v.empty());
        EXPECT_TRUE(satisfies(m, v));
        const Schedule back = sched::schedule_from_milp(m, v);
        EXPECT_EQ(back.length(), s.length());
        EXPECT_EQ(verify_schedule(t, back), "");
    }
}

TEST(MilpModel, CongestingTransfersInOneFrameBreakARow) {
    const Traffic t = two_switch();
    const sched::MilpModel m = sched::build_schedule_milp(t, 10, {});
    const Schedule all_in_one{{[&] {
        std::vector<int> v;
        for (int i = 0; i < t.size(); ++i) v.push_back(i);
        return v;
    }()}};
    std::vector<double> values(m.columns.size(), 0.0);
    for (int x : all_in_one.frames[0]) values[m.x(x, 0)] = 1;
    values[m.y(0)] = 1;
    EXPECT_FALSE(satisfies(m, values));
}

TEST(ExportFormats, LpUsesValidIdentifiersAndShortLines) {
    const Traffic t = two_switch();
    const auto m = sched::build_schedule_milp(t, 7, sched::large_clique(t));
    std::ostringstream out;
    sched::write_lp(out, t, m);
    const auto lines = lines_of(out.str());
    const std::regex name(R"([A-Za-z_][A-Za-z0-9_]*)");
    std::set<std::string> sections;
    for (const auto& line : lines) {
        EXPECT_LE(line.size(), 510u) << "CPLEX-LP line limit";
        if (line.empty() || line[0] == '\\') continue;
        if (line[0] != ' ') sections.insert(line);
        const auto colon = line.find(':');
        if (line[0] == ' ' && colon != std::string::npos) {
            EXPECT_TRUE(std::regex_match(line.substr(1, colon - 1), name)) << line;
        }
    }
    EXPECT_EQ(sections, (std::set<std::string>{"Minimize", "Subject To", "Binary", "End"}));
    EXPECT_NE(out.str().find("transfer 0 = "), std::string::npos);
    EXPECT_NE(out.str().find(" frames: y_0 + y_1"), std::string::npos);
}

TEST(ExportFormats, MpsDeclaresEveryRowAndColumn) {
    const Traffic t = two_switch();
    const auto m = sched::build_schedule_milp(t, 7, sched::large_clique(t));
    std::ostringstream out;
    sched::write_mps(out, t, m);
    const std::string s = out.str();
    EXPECT_NE(s.find("\nROWS\n N frames\n"), std::string::npos);
    EXPECT_NE(s.find("'INTORG'"), std::string::npos);
    EXPECT_NE(s.find("'INTEND'"), std::string::npos);
    EXPECT_EQ(s.substr(s.size() - 7), "ENDATA\n");
    std::size_t bounds = 0, row_lines = 0;
    for (const auto& line : lines_of(s)) {
        bounds += line.rfind(" UP BND ", 0) == 0;
        row_lines += line.size() > 3 && line[0] == ' ' && (line[1] == 'L' || line[1] == 'E' || line[1] == 'G') && line[2] == ' ';
    }
    EXPECT_EQ(bounds, m.columns.size());
    EXPECT_EQ(row_lines, m.rows.size());
}

TEST(ExportFormats, CnfHeaderCountsTheClauses) {
    const Traffic t = sched::make_ring_arc_traffic(10, 14, 2, 5, 3);
    const auto clique = sched::large_clique(t);
    for (int L : {3, 6}) {
        std::ostringstream out;
        sched::write_cnf(out, t, L, clique);
        int declared_vars = -1;
        long declared_clauses = -1, clauses = 0;
        for (const auto& line : lines_of(out.str())) {
            if (line.empty() || line[0] == 'c') continue;
            if (line.rfind("p cnf ", 0) == 0) {
                std::istringstream(line.substr(6)) >> declared_vars >> declared_clauses;
                continue;
            }
            ASSERT_GT(declared_vars, 0) << "clause before the header";
            std::istringstream in(line);
            int lit = 0, last = 1;
            while (in >> lit) {
                EXPECT_LE(std::abs(lit), declared_vars);
                last = lit;
            }
            EXPECT_EQ(last, 0) << line;
            ++clauses;
        }
        EXPECT_EQ(clauses, declared_clauses);
        EXPECT_GE(declared_vars, t.size() * L);
    }
}

/// Every congesting pair once (u < v), and nothing else, against a pairwise check.
void expect_dimacs_graph_of(const Traffic& t) {
    std::ostringstream out;
    sched::write_dimacs_graph(out, t);
    std::set<std::pair<int, int>> edges;
    int v = 0;
    std::size_t e = 0;
    for (const auto& line : lines_of(out.str())) {
        if (line.rfind("p edge ", 0) == 0) std::istringstream(line.substr(7)) >> v >> e;
        if (line.rfind("e ", 0) != 0) continue;
        int a = 0, b = 0;
        std::istringstream(line.substr(2)) >> a >> b;
        EXPECT_LT(a, b);
        EXPECT_TRUE(edges.emplace(a, b).second);
    }
    EXPECT_EQ(v, t.size());
    EXPECT_EQ(edges.size(), e);
    for (int a = 0; a < t.size(); ++a)
        for (int b = a + 1; b < t.size(); ++b) EXPECT_EQ(edges.count({a + 1, b + 1}) == 1, t[a].links.intersects(t[b].links));
}

TEST(ExportFormats, DimacsGraphListsEveryCongestingPairOnce) {
    std::mt19937_64 rng(9);
    for (int trial = 0; trial < 12; ++trial) {
        const Traffic t = trial == 0 ? two_switch() : test::random_link_traffic(rng, 10 + 7 * trial, 6 + trial % 9, 4);
        expect_dimacs_graph_of(t);
    }
}

SolveResult solve_with(const Traffic& t, Method m, MilpSolver s = MilpSolver::Cbc) {
    SolveOptions o;
    o.method = m;
    o.milp_solver = s;
    o.time_limit_s = 20;
    return solve(t, o);
}

// Every peer proves the same optimum as the default method, on small instances.
TEST(PeerMethods, AgreeWithTheDefaultMethod) {
    std::mt19937_64 rng(11);
    std::vector<Traffic> instances{arcs(kArcsAtLambda, 8), arcs(kArcsAboveLambda, 6), two_switch(),
                                   sched::make_ring_arc_traffic(10, 14, 2, 5, 3)};
    for (int i = 0; i < 6; ++i) instances.push_back(test::random_link_traffic(rng, 9, 8, 3));
    for (std::size_t i = 0; i < instances.size(); ++i) {
        const Traffic& t = instances[i];
        const SolveResult base = solve_with(t, Method::Optimal);
        ASSERT_TRUE(base.optimal);
        if (t.size() <= 9) {
            EXPECT_EQ(base.schedule.length(), test::brute_chromatic_number(t));
        }
        for (const auto& [m, s] : {std::pair{Method::Milp, MilpSolver::Cbc}, std::pair{Method::Milp, MilpSolver::Glpk},
                                   std::pair{Method::Sat, MilpSolver::Cbc}}) {
            const SolveResult r = solve_with(t, m, s);
            SCOPED_TRACE(std::string(method_name(m)) + "/" + milp_solver_name(s));
            EXPECT_EQ(verify_schedule(t, r.schedule), "");
            EXPECT_EQ(r.schedule.length(), base.schedule.length());
            EXPECT_TRUE(r.optimal);
            EXPECT_FALSE(r.timed_out);
            EXPECT_EQ(r.liquid, base.liquid);
            if (i < 2) {
                EXPECT_LT(r.schedule.length(), sched::dsatur_schedule(t).length());
                EXPECT_EQ(r.solver, m == Method::Sat ? "sat" : milp_solver_name(s)) << "the peer itself answered";
            }
        }
    }
}

TEST(PeerMethods, SolverNamesParse) {
    EXPECT_EQ(parse_milp_solver("glpk"), MilpSolver::Glpk);
    EXPECT_EQ(parse_milp_solver("cbc"), MilpSolver::Cbc);
    EXPECT_THROW(parse_milp_solver("cplex"), InputError);
    EXPECT_EQ(parse_method("milp"), Method::Milp);
    EXPECT_EQ(parse_method("sat"), Method::Sat);
}

}  // namespace
