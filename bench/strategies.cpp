// The liquid-search strategies of Gabrielyan & Hersch, "Liquid schedule searching
// strategies" (ICON 2004), §7.1–7.3, side by side on the Swiss-T1 testbed patterns (the 363
// distinct liquid throughputs): search nodes (frames tried), teams enumerated and wall
// time of each strategy's liquid search, every found schedule verified, and the answers
// (liquid / no liquid schedule) compared across strategies. The papers' bare search (no
// twin symmetry breaking, no memo, no clique links) runs each strategy; the last row is
// the final strategy with our exact additions (what `liquid schedule --method liquid` runs).
// A second table runs ring-arc traffics, most of which have no liquid schedule: there a
// search must exhaust its tree to say so, the case the papers' argument is about.
//   bench_strategies [--time-limit S] [--every K] [--pivot lowest-index|constrained] [--csv FILE]
// Prints the Markdown tables of docs/reproduction/papers.md ("ICON'04 search strategies").
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "bench_cli.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/sched/ring_arcs.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/testbed/swiss_t1.hpp"
#include "liquid/traffic/analysis.hpp"
#include "sched/frame_search.hpp"

namespace {
using namespace liquid;

struct Variant {
    std::string label;
    SearchStrategy strategy;
    bool additions;  // twins, memo, clique links (frame_search.hpp)
};

const std::vector<Variant> kVariants{{"7.1 original-teams", SearchStrategy::OriginalTeams, false},
                                     {"7.2 remainder-teams", SearchStrategy::RemainderTeams, false},
                                     {"7.3 full-teams", SearchStrategy::FullTeams, false},
                                     {"7.3 full-teams + additions", SearchStrategy::FullTeams, true}};

enum class Answer { Liquid, NoLiquid, Stopped };

struct Row {
    std::string pattern;
    std::size_t variant = 0;
    Answer answer = Answer::Stopped;
    bool verified = false;
    std::uint64_t nodes = 0, teams = 0, categories = 0;
    double ms = 0;
};

Row run(const std::string& name, const Traffic& x, std::size_t v, PivotRule pivot, double time_limit) {
    sched::FrameSearchOptions fo;
    fo.strategy = kVariants[v].strategy;
    fo.pivot = pivot;
    if (!kVariants[v].additions) fo.symmetry_breaking = false, fo.memo = false, fo.clique_links = 0;
    const auto start = std::chrono::steady_clock::now();
    sched::FrameSearch search(x, fo);
    sched::Budget budget(time_limit, 0);
    Schedule s;
    const auto outcome = search.decide(analyze(x).duration, budget, &s);
    Row r{name, v};
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    r.answer = outcome == sched::FrameSearch::Outcome::Found       ? Answer::Liquid
               : outcome == sched::FrameSearch::Outcome::Exhausted ? Answer::NoLiquid
                                                                   : Answer::Stopped;
    r.verified = r.answer != Answer::Liquid || verify_schedule(x, s).empty();
    r.nodes = search.nodes(), r.teams = search.full_teams(), r.categories = search.categories();
    return r;
}

double median(std::vector<double> v) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const char* answer_name(Answer a) { return a == Answer::Liquid ? "liquid" : a == Answer::NoLiquid ? "no-liquid" : "stopped"; }

void write_csv(const std::string& path, const std::vector<Row>& rows) {
    std::ofstream f(path);
    f << "pattern,strategy,answer,verified,nodes,teams,categories,ms\n";
    for (const Row& r : rows)
        f << r.pattern << ',' << kVariants[r.variant].label << ',' << answer_name(r.answer) << ',' << r.verified << ',' << r.nodes
          << ',' << r.teams << ',' << r.categories << ',' << r.ms << '\n';
}

struct Instance {
    std::string name;
    Traffic traffic;
};

void print_table(const std::vector<Row>& rows, std::size_t patterns) {
    // Patterns every variant decided: the like-for-like columns.
    std::vector<int> decided_by_all(patterns, 1);
    for (std::size_t k = 0; k < rows.size(); ++k)
        if (rows[k].answer == Answer::Stopped) decided_by_all[k / kVariants.size()] = 0;
    const auto common = static_cast<std::size_t>(std::count(decided_by_all.begin(), decided_by_all.end(), 1));
    std::printf(
        "| strategy | liquid found | no liquid (exhausted) | budget expired | nodes (total) | teams tried (total) | median ms | "
        "on the %zu patterns all decided: nodes / median ms |\n|---|---|---|---|---|---|---|---|\n",
        common);
    for (std::size_t v = 0; v < kVariants.size(); ++v) {
        std::size_t liquid = 0, none = 0, stopped = 0;
        std::uint64_t nodes = 0, teams = 0, common_nodes = 0;
        std::vector<double> ms, common_ms;
        for (std::size_t p = 0; p < patterns; ++p) {
            const Row& r = rows[p * kVariants.size() + v];
            liquid += r.answer == Answer::Liquid, none += r.answer == Answer::NoLiquid, stopped += r.answer == Answer::Stopped;
            nodes += r.nodes, teams += r.teams;
            ms.push_back(r.ms);
            if (decided_by_all[p]) common_nodes += r.nodes, common_ms.push_back(r.ms);
        }
        std::printf("| %s | %zu | %zu | %zu | %llu | %llu | %.2f | %llu / %.2f |\n", kVariants[v].label.c_str(), liquid, none,
                    stopped, static_cast<unsigned long long>(nodes), static_cast<unsigned long long>(teams), median(ms),
                    static_cast<unsigned long long>(common_nodes), median(common_ms));
    }
}

struct Options {
    double time_limit = 0.5;
    int every = 1;
    std::string csv = "strategies.csv";
    std::string pivot = "constrained";
};

void add_options(CLI::App& app, Options& o) {
    bench::add_time_limit(app, o.time_limit, "time limit per liquid search, seconds");
    app.add_option("--every", o.every, "keep every K-th of the 363 Swiss-T1 representatives; 1 = all")
        ->transform(bench::whole_number(1))
        ->capture_default_str();
    // Checked by parse_pivot_rule when the run starts (an unknown name exits 2 there).
    app.add_option("--pivot", o.pivot, "pivot rule of the searches: lowest-index or constrained")->capture_default_str();
    app.add_option("--csv", o.csv, "CSV file of one row per (pattern, strategy)")->type_name("FILE")->capture_default_str();
}

int run_all(const Options& o) {
    const PivotRule pivot = parse_pivot_rule(o.pivot);
    const Network t1 = make_swiss_t1();
    const auto sweep = testbed::sweep_distinct_throughputs(t1, 0);
    std::vector<Instance> t1_patterns, ring_arcs;
    for (std::size_t i = 0; i < sweep.representatives.size(); i += static_cast<std::size_t>(o.every)) {
        const auto& a = sweep.representatives[i].allocation;
        t1_patterns.push_back({"t1-" + a.label(), testbed::allocation_traffic(t1, a)});
    }
    // Ring arcs (circular-arc conflicts, often without a liquid schedule): twelve small
    // seeded ones, which the bare searches can exhaust, then bench/sched.cpp's four.
    for (std::uint64_t seed = 1; seed <= 12; ++seed)
        ring_arcs.push_back({"ring12-28arcs-s" + std::to_string(seed), sched::make_ring_arc_traffic(12, 28, 3, 7, seed)});
    ring_arcs.push_back({"ring16-60arcs-s6", sched::make_ring_arc_traffic(16, 60, 5, 12, 6)});
    ring_arcs.push_back({"ring30-90arcs-s7", sched::make_ring_arc_traffic(30, 90, 6, 18, 7)});
    ring_arcs.push_back({"ring40-70arcs-s3", sched::make_ring_arc_traffic(40, 70, 10, 30, 3)});
    ring_arcs.push_back({"ring64-80arcs-s2", sched::make_ring_arc_traffic(64, 80, 20, 45, 2)});
    const bool terminal = ::isatty(2) != 0;
    std::vector<Row> all;
    std::size_t disagree = 0, unverified = 0, done = 0;
    auto run_family = [&](const std::vector<Instance>& family) {
        std::vector<Row> rows;
        for (const Instance& inst : family) {
            Answer seen = Answer::Stopped;
            for (std::size_t v = 0; v < kVariants.size(); ++v) {
                rows.push_back(run(inst.name, inst.traffic, v, pivot, o.time_limit));
                const Row& r = rows.back();
                unverified += !r.verified;
                if (r.answer != Answer::Stopped) {
                    if (seen != Answer::Stopped && seen != r.answer) ++disagree;
                    seen = r.answer;
                }
            }
            if (terminal) std::fprintf(stderr, "\rbench_strategies: %zu instances", ++done);
        }
        all.insert(all.end(), rows.begin(), rows.end());
        return rows;
    };
    const std::vector<Row> testbed_rows = run_family(t1_patterns), ring_rows = run_family(ring_arcs);
    if (terminal) std::fprintf(stderr, "\n");
    write_csv(o.csv, all);
    std::printf("bench_strategies: liquid search only, %.2f s per search, pivot %s, CSV %s\n", o.time_limit,
                pivot_rule_name(pivot), o.csv.c_str());
    std::printf("answers that disagree between strategies: %zu; found schedules failing the verifier: %zu\n\n", disagree,
                unverified);
    std::printf("%zu Swiss-T1 patterns (every %d-th of the 363 representatives):\n\n", t1_patterns.size(), o.every);
    print_table(testbed_rows, t1_patterns.size());
    std::printf("\n%zu ring-arc traffics (12 small seeded ones, then bench/sched.cpp's four):\n\n", ring_arcs.size());
    print_table(ring_rows, ring_arcs.size());
    return disagree || unverified ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    return bench::run(argc, argv, "bench_strategies",
                      "The liquid-search strategies of ICON'04 §7.1-7.3 side by side on the Swiss-T1 patterns and ring arcs",
                      add_options, run_all);
}
