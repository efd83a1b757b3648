// A job's fragment of a large fabric (docs/performance.md, "Fragments"): the all-to-all
// among N random hosts, scheduled by the default method within a time limit, by DSatur
// alone and by round-robin alone. Each case runs in a forked child, so its peak memory
// (wait4's ru_maxrss: the network built once in the parent, plus the case) is its own.
//
//   bench_fragments [--time-limit S] [--ranks 64,128] [--seeds 1,2,3] [--no-baselines] FABRIC...
//
// FABRIC is a network spec or file (testbed::load_network: fat-tree:4,5, a network JSON,
// ibnetdiscover:TOPOLOGY,LFTS, ...). Prints one Markdown row per (fabric, ranks, seed).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "bench_cli.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/patterns.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// `count` hosts of `net` drawn by a seeded shuffle (std::mt19937_64: the same on every machine).
std::vector<int> random_hosts(const liquid::Network& net, int count, int seed) {
    std::vector<int> hosts = net.hosts();
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    for (std::size_t i = hosts.size(); i > 1; --i) std::swap(hosts[i - 1], hosts[rng() % i]);
    hosts.resize(static_cast<std::size_t>(count));
    return hosts;
}

void run_case(const liquid::Network& net, const std::string& label, int ranks, int seed, double limit, bool baselines) {
    const Clock::time_point start = Clock::now();
    liquid::PatternSpec p;
    p.senders = random_hosts(net, ranks, seed);
    p.receivers = p.senders;
    const liquid::Traffic t = liquid::make_pattern(net, p);
    const double traffic_s = since(start);
    liquid::SolveOptions o;
    o.time_limit_s = limit;
    const liquid::SolveResult r = liquid::solve(t, o);
    const double solve_s = since(start) - traffic_s;
    std::string dsatur = "-", rr = "-";
    if (baselines) {
        Clock::time_point t0 = Clock::now();
        const int d = liquid::sched::dsatur_schedule(t).length();
        dsatur = std::to_string(d) + " (" + std::to_string(since(t0)).substr(0, 5) + " s)";
        t0 = Clock::now();
        const int rrl = liquid::sched::round_robin_schedule(t).length();
        rr = std::to_string(rrl) + " (" + std::to_string(since(t0)).substr(0, 5) + " s)";
    }
    const char* proven = r.liquid ? "liquid" : r.optimal ? "optimal" : "no";
    std::printf("| %s | %d | %d | %d | %d | %d | %d | %s | %s | %.2f | %.2f | %s | %s |", label.c_str(), ranks, seed, t.size(),
                r.duration, r.schedule.length(), r.lower_bound, proven, r.solver.c_str(), traffic_s, solve_s, dsatur.c_str(),
                rr.c_str());
    std::fflush(stdout);
}

struct Options {
    double limit = 10;
    std::vector<int> ranks{64, 128, 256, 512}, seeds{1, 2, 3};
    bool baselines = true;
    std::vector<std::string> fabrics;
};

void add_options(CLI::App& app, Options& o) {
    liquid::bench::add_time_limit(app, o.limit, "time limit of the default method per case, seconds");
    liquid::bench::add_count_list(app, "--ranks", o.ranks, "rank counts (random hosts per case); larger than a fabric: skipped");
    liquid::bench::add_count_list(app, "--seeds", o.seeds, "seeds of the host draw");
    app.add_flag_callback(
        "--no-baselines", [&o] { o.baselines = false; }, "skip DSatur alone and round-robin alone");
    app.add_option("FABRIC", o.fabrics, "network spec or file (fat-tree:4,5, a network JSON, ibnetdiscover:TOPOLOGY,LFTS, ...)");
}

/// The cases of one fabric, each in a forked child.
void run_fabric(const std::string& spec, const Options& o) {
    const liquid::Network net = liquid::load_network(spec);
    // Imported fabrics are named after their topology file; two routings of one fabric
    // are told apart by the spec (its LFT dump's folder names the routing).
    const std::string label = net.name().empty() || spec.rfind("ibnetdiscover:", 0) == 0 ? spec : net.name();
    for (int n : o.ranks) {
        if (n > static_cast<int>(net.hosts().size())) continue;
        for (int seed : o.seeds) {
            std::fflush(stdout);
            const pid_t child = fork();
            if (child == 0) {
                run_case(net, label, n, seed, o.limit, o.baselines);
                std::_Exit(0);
            }
            int status = 0;
            rusage use{};
            wait4(child, &status, 0, &use);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) std::printf("| %s | %d | %d | failed |", label.c_str(), n, seed);
            // The memory column ends the row the child printed.
            std::printf(" %ld |\n", use.ru_maxrss / 1024);
        }
    }
}

int run_all(const Options& o) {
    std::printf(
        "| fabric | ranks | seed | transfers | Λ | length | lower bound | proven | by | traffic (s) | schedule (s) | "
        "DSatur alone | round-robin alone | memory (MB) |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|\n");
    for (const std::string& spec : o.fabrics) run_fabric(spec, o);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return liquid::bench::run(argc, argv, "bench_fragments",
                              "The all-to-all among random hosts of a large fabric: the default method, DSatur and round-robin",
                              add_options, run_all);
}
