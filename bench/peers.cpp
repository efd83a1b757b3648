// The peers side by side: on the Swiss-T1 testbed patterns (report §8.1, the
// 362 distinct liquid throughputs), the ring-arc hard cases and fabric all-to-alls, the
// wall time of the default method (--method optimal) against the papers' MILP solved by
// CBC and by GLPK (--method milp) and against CaDiCaL alone (--method sat); every answer
// is verified. Writes one CSV row per (instance, method) and prints the Markdown summary
// of docs/performance.md (ratio distribution peer ÷ default, and where a peer wins).
//   bench_peers [--time-limit S] [--every K] [--csv FILE] [--ring-arcs FILE.traffic ...]
// --every K keeps every K-th testbed pattern (by ascending liquid throughput); 1 = all 363.
// --ring-arcs adds a link-set traffic to the ring-arc family (scripts/bench-peers.sh adds
// examples/sched-ring-arcs.traffic, a circular-arc case whose optimum 42 exceeds Λ = 38).
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "bench_cli.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/ring_arcs.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/testbed/swiss_t1.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"

namespace {
using namespace liquid;

struct Instance {
    std::string family, name;
    Traffic traffic;
    int dsatur_length = 0;
};

struct Peer {
    std::string label;
    Method method;
    MilpSolver solver;
};

const std::vector<Peer> kMethods{{"default", Method::Optimal, MilpSolver::Cbc},
                                 {"milp-cbc", Method::Milp, MilpSolver::Cbc},
                                 {"milp-glpk", Method::Milp, MilpSolver::Glpk},
                                 {"sat", Method::Sat, MilpSolver::Cbc}};

struct Row {
    const Instance* instance;
    std::string method;
    SolveResult result;
    double wall_ms = 0;
    bool verified = false;
};

std::vector<Instance> instances(int every, const std::vector<std::string>& ring_arc_files) {
    std::vector<Instance> v;
    const Network t1 = make_swiss_t1();
    const auto sweep = testbed::sweep_distinct_throughputs(t1, 0);
    for (std::size_t i = 0; i < sweep.representatives.size(); i += static_cast<std::size_t>(every)) {
        const auto& a = sweep.representatives[i].allocation;
        v.push_back({"testbed", "t1-" + a.label(), testbed::allocation_traffic(t1, a)});
    }
    // The ring arcs of bench/sched.cpp: circular-arc conflicts, optimum above Λ.
    v.push_back({"ring-arcs", "ring64-80arcs-s2", sched::make_ring_arc_traffic(64, 80, 20, 45, 2)});
    v.push_back({"ring-arcs", "ring16-60arcs-s6", sched::make_ring_arc_traffic(16, 60, 5, 12, 6)});
    v.push_back({"ring-arcs", "ring40-70arcs-s3", sched::make_ring_arc_traffic(40, 70, 10, 30, 3)});
    v.push_back({"ring-arcs", "ring30-90arcs-s7", sched::make_ring_arc_traffic(30, 90, 6, 18, 7)});
    for (const auto& f : ring_arc_files) v.push_back({"ring-arcs", f.substr(f.find_last_of('/') + 1), read_traffic_file(f)});
    for (const char* spec : {"torus:4x4", "hypercube:4", "mesh:3x3", "fat-tree:4,2"})
        v.push_back({"fabric", std::string(spec) + " all-to-all", make_pattern(make_network(spec), PatternSpec{})});
    return v;
}

Row run(const Instance& inst, const Peer& p, double time_limit) {
    SolveOptions o;
    o.method = p.method;
    o.milp_solver = p.solver;
    o.time_limit_s = time_limit;
    const auto start = std::chrono::steady_clock::now();
    Row r{&inst, p.label, solve(inst.traffic, o)};
    r.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    r.verified = verify_schedule(inst.traffic, r.result.schedule).empty();
    return r;
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

std::string fmt_ratio(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, x >= 100 ? "%.0f" : (x >= 10 ? "%.1f" : "%.2f"), x);
    return buf;
}

void write_csv(const std::string& path, const std::vector<Row>& rows) {
    std::ofstream f(path);
    f << "family,instance,transfers,duration,method,length,lower_bound,optimal,timed_out,verified,solver,wall_ms\n";
    for (const Row& r : rows)
        f << r.instance->family << ",\"" << r.instance->name << "\"," << r.instance->traffic.size() << ',' << r.result.duration
          << ',' << r.method << ',' << r.result.schedule.length() << ',' << r.result.lower_bound << ',' << r.result.optimal << ','
          << r.result.timed_out << ',' << r.verified << ",\"" << r.result.solver << "\"," << r.wall_ms << '\n';
}

// The default method needed a search: DSatur was not optimal, or proving it took more than
// the Λ / clique bounds. Elsewhere every method returns DSatur's schedule at once.
bool search_needed(const Row& base) {
    return base.instance->dsatur_length > base.result.schedule.length() || !base.result.optimal ||
           (base.result.bound_by != "duration" && base.result.bound_by != "clique");
}

// A peer wins where it proves the optimum and the default does not, or proves it in less
// than half the default's time (and the default took at least 5 ms: below, it is noise).
bool peer_wins(const Row& base, const Row& peer) {
    if (!peer.result.optimal) return false;
    return !base.result.optimal || (base.wall_ms >= 5 && peer.wall_ms < 0.5 * base.wall_ms);
}

// Per family and peer: ratio peer ÷ default over the instances where the default searched,
// and the instances where the peer wins.
void print_summary(const std::vector<Row>& rows, double time_limit) {
    std::map<std::string, std::map<std::string, const Row*>> by;  // instance -> method -> row
    std::vector<std::string> order;
    for (const Row& r : rows) {
        if (by[r.instance->name].empty()) order.push_back(r.instance->name);
        by[r.instance->name][r.method] = &r;
    }
    std::size_t unverified = 0;
    for (const Row& r : rows) unverified += !r.verified;
    std::printf(
        "Per-solve time limit %.3g s; %zu answers, %zu failed verification. Ratios: wall time of the peer / "
        "wall time of the default method on the same instance, over the instances where the default searched "
        "(elsewhere DSatur is proven optimal by Λ or the clique bound and every method returns at once).\n\n",
        time_limit, rows.size(), unverified);
    std::printf(
        "| family | instances (searched) | method | proven optimal | timed out | ratio to default: median | p90 | "
        "max | mean | default median ms | peer wins |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (const char* family : {"testbed", "ring-arcs", "fabric"}) {
        for (const Peer& p : kMethods) {
            std::vector<double> ratios, base_ms;
            std::size_t n = 0, optimal = 0, timed_out = 0;
            std::string wins;
            std::size_t win_count = 0;
            for (const auto& name : order) {
                const auto& m = by[name];
                const Row* base = m.at("default");
                const Row* r = m.at(p.label);
                if (base->instance->family != family) continue;
                ++n;
                optimal += r->result.optimal;
                timed_out += r->result.timed_out;
                if (!search_needed(*base)) continue;
                ratios.push_back(r->wall_ms / std::max(base->wall_ms, 1e-3));
                base_ms.push_back(base->wall_ms);
                if (p.label == "default" || !peer_wins(*base, *r)) continue;
                if (++win_count <= 6)
                    wins += (wins.empty() ? "" : ", ") + name + (base->result.optimal ? "" : " (default not proven)");
            }
            if (n == 0) continue;
            if (win_count > 6) wins += ", ... (" + std::to_string(win_count) + " in all)";
            double mean = 0;
            for (double x : ratios) mean += x / static_cast<double>(ratios.size());
            const bool any = !ratios.empty();
            std::printf("| %s | %zu (%zu) | %s | %zu | %zu | %s | %s | %s | %s | %.1f | %s |\n", family, n, ratios.size(),
                        p.label.c_str(), optimal, timed_out, any ? fmt_ratio(quantile(ratios, 0.5)).c_str() : "-",
                        any ? fmt_ratio(quantile(ratios, 0.9)).c_str() : "-",
                        any ? fmt_ratio(*std::max_element(ratios.begin(), ratios.end())).c_str() : "-",
                        any ? fmt_ratio(mean).c_str() : "-", any ? quantile(base_ms, 0.5) : 0.0,
                        p.label == "default" ? "" : (wins.empty() ? "none" : wins.c_str()));
        }
    }
}

struct Options {
    double time_limit = 10;
    int every = 1;
    std::string csv = "peers.csv";
    std::vector<std::string> ring_arc_files;
};

void add_options(CLI::App& app, Options& o) {
    bench::add_time_limit(app, o.time_limit, "time limit per solve, seconds");
    app.add_option("--every", o.every, "keep every K-th testbed pattern (by ascending liquid throughput); 1 = all 363")
        ->transform(bench::whole_number(1))
        ->capture_default_str();
    app.add_option("--csv", o.csv, "CSV file of one row per (instance, method)")->type_name("FILE")->capture_default_str();
    // One file per --ring-arcs, as before: the option is given once per file.
    app.add_option("--ring-arcs", o.ring_arc_files, "link-set traffic added to the ring-arc family (the option once per file)")
        ->type_name("FILE.traffic")
        ->allow_extra_args(false);
}

int run_all(const Options& o) {
    std::vector<Instance> all = instances(o.every, o.ring_arc_files);
    for (Instance& i : all) i.dsatur_length = sched::dsatur_schedule(i.traffic).length();
    const bool terminal = ::isatty(2) != 0;
    std::vector<Row> rows;
    for (std::size_t i = 0; i < all.size(); ++i) {
        for (const Peer& p : kMethods) rows.push_back(run(all[i], p, o.time_limit));
        if (terminal) std::fprintf(stderr, "\rbench_peers: %zu/%zu instances", i + 1, all.size());
    }
    if (terminal) std::fprintf(stderr, "\n");
    write_csv(o.csv, rows);
    std::printf("bench_peers: %zu instances (testbed: every %d-th of the distinct-throughput patterns), CSV %s\n\n", all.size(),
                o.every, o.csv.c_str());
    print_summary(rows, o.time_limit);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return bench::run(argc, argv, "bench_peers",
                      "The default method against the MILP (CBC, GLPK) and SAT peers: wall times, every answer verified",
                      add_options, run_all);
}
