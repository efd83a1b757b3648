// `liquid export` and `liquid schedule --method milp|sat` end to end. The
// PeerBinaries tests hand the exported files to the standalone solvers (cbc, glpsol,
// cadical): Release pass only.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "liquid/io/traffic_file.hpp"
#include "liquid/sched/ring_arcs.hpp"
#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace {

using liquid::test::CommandResult;
using liquid::test::run_liquid;

struct Shell {
    int exit_code;
    std::string out;
};

// Runs a shell command, capturing stdout and stderr together.
Shell shell(const std::string& cmd) {
    const std::string out = liquid::test::temp_file("", ".out");
    const int status = std::system((cmd + " >" + out + " 2>&1 </dev/null").c_str());
    Shell s{WIFEXITED(status) ? WEXITSTATUS(status) : -1, liquid::test::slurp(out)};
    std::remove(out.c_str());
    return s;
}

int optimum(const std::string& traffic_args) {
    const CommandResult r = run_liquid("schedule " + traffic_args + " --json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["schedule"]["optimal"].get<bool>());
    return j["schedule"]["length"].get<int>();
}

std::string exported(const std::string& traffic_args, const std::string& format, const std::string& ext, int length = 0) {
    const std::string path = liquid::test::temp_file("", ext);
    const CommandResult r = run_liquid("export " + traffic_args + " --format " + format +
                                       (length ? " --length " + std::to_string(length) : "") + " -o " + path);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return path;
}

int number_after(const std::string& text, const std::string& pattern) {
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(pattern))) return -1;
    return static_cast<int>(std::lround(std::stod(m[1].str())));
}

int cbc_optimum(const std::string& file) {
    const Shell s = shell("cbc " + file + " -solve -quit");
    EXPECT_NE(s.out.find("Optimal solution found"), std::string::npos) << s.out;
    return number_after(s.out, R"(Objective value:\s+([0-9.]+))");
}

int glpsol_optimum(const std::string& option, const std::string& file) {
    const Shell s = shell("glpsol " + option + " " + file + " -o /dev/stdout");
    EXPECT_NE(s.out.find("INTEGER OPTIMAL"), std::string::npos) << s.out;
    return number_after(s.out, R"(Objective:\s+frames = ([0-9.]+))");
}

std::string ring_arc_file(int links, int arcs, int min_len, int max_len, int seed) {
    const std::string path = liquid::test::temp_file("", ".traffic");
    liquid::write_traffic_file(path, liquid::sched::make_ring_arc_traffic(links, arcs, min_len, max_len, seed));
    return path;
}

TEST(PeerBinaries, ExportedFilesGiveLiquidsOptimum) {
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "runs the standalone cbc, glpsol and cadical: Release pass only";
    const std::vector<std::string> instances{
        "",  // the papers' two-switch example, all-to-all
        "--traffic " + liquid::test::source_path("examples/no-team.traffic"),
        "--traffic " + ring_arc_file(10, 14, 2, 5, 3),
        "--traffic " + ring_arc_file(12, 16, 3, 6, 5),
        "--network torus:2x3",
        // Arcs on a ring: optimum 6 above Λ = 5, DSatur needs 7.
        "--traffic " + liquid::test::temp_file("a0: r1 r2 r3\na1: r5 r0\na2: r3 r4\na3: r5 r0\na4: r0 r1 r2\n"
                                               "a5: r4 r5 r0\na6: r0 r1 r2\na7: r2 r3\na8: r4 r5\na9: r4 r5\n"
                                               "a10: r3 r4\na11: r2 r3\n",
                                               ".traffic"),
    };
    for (const std::string& args : instances) {
        SCOPED_TRACE(args.empty() ? "two-switch" : args);
        const int L = optimum(args);
        const std::string lp = exported(args, "lp", ".lp"), mps = exported(args, "mps", ".mps");
        EXPECT_EQ(cbc_optimum(lp), L);
        EXPECT_EQ(cbc_optimum(mps), L);
        EXPECT_EQ(glpsol_optimum("--lp", lp), L);
        EXPECT_EQ(glpsol_optimum("--freemps", mps), L);
        EXPECT_EQ(shell("cadical -q " + exported(args, "cnf", ".cnf", L)).exit_code, 10) << "SAT at the optimum";
        if (L > 1) {
            EXPECT_EQ(shell("cadical -q " + exported(args, "cnf", ".cnf", L - 1)).exit_code, 20) << "UNSAT below";
        }
    }
}

TEST(ExportCommand, WritesStdoutAndRejectsBadInput) {
    const CommandResult g = run_liquid("export --format dimacs-graph");
    ASSERT_EQ(g.exit_code, 0) << g.err;
    EXPECT_NE(g.out.find("\np edge 25 "), std::string::npos);
    const CommandResult cnf = run_liquid("export --format cnf");
    EXPECT_EQ(cnf.exit_code, 2);
    EXPECT_NE(cnf.err.find("--length"), std::string::npos) << cnf.err;
    EXPECT_EQ(run_liquid("export --format lp --length -3").exit_code, 2);
    EXPECT_EQ(run_liquid("export --format xml").exit_code, 2);
    EXPECT_EQ(run_liquid("export --format lp -o /nonexistent-dir/x.lp").exit_code, 2);
    const CommandResult lp = run_liquid("export --format lp");
    ASSERT_EQ(lp.exit_code, 0) << lp.err;
    EXPECT_NE(lp.out.find("Subject To"), std::string::npos);
}

TEST(ExportCommand, AModelThatCannotFitIsRefusedBeforeItIsBuilt) {
    // 4 032 transfers in a million frames: hundreds of gigabytes of variables and terms,
    // more than half of any machine's memory. Exit 3 at once, one line, nothing written.
    for (const char* format : {"cnf", "lp", "mps"}) {
        const CommandResult r = run_liquid(std::string("export --network fat-tree:4,3 --format ") + format + " --length 1000000");
        EXPECT_EQ(r.exit_code, 3) << format << "\n" << r.err;
        EXPECT_EQ(r.err.rfind("liquid: error: out of memory: the model of 4032 transfers in 1000000 frames needs at least ", 0),
                  0u)
            << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
        EXPECT_EQ(r.out, "") << format;
    }
}

TEST(ScheduleCommand, MilpAndSatMethods) {
    for (const std::string method : {"--method milp", "--method milp --solver glpk", "--method sat"}) {
        const CommandResult r =
            run_liquid("schedule " + method + " --traffic " + liquid::test::source_path("examples/no-team.traffic") + " --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto s = nlohmann::json::parse(r.out)["schedule"];
        EXPECT_EQ(s["length"], 3) << method;
        EXPECT_TRUE(s["optimal"].get<bool>()) << method;
        EXPECT_TRUE(s["verified"].get<bool>());
    }
    const auto j = nlohmann::json::parse(run_liquid("schedule --method milp --solver glpk --json").out);
    EXPECT_EQ(j["schedule"]["milp_solver"], "glpk");
    EXPECT_EQ(j["schedule"]["length"], 6);
    EXPECT_EQ(run_liquid("schedule --solver glpk").exit_code, 2);
    EXPECT_EQ(run_liquid("schedule --method milp --solver cplex").exit_code, 2);
}

}  // namespace
