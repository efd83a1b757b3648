// Weighted traffics (unequal messages) scheduled to the byte-load bound T*: the families
// MoE dispatch (tokens routed top-2 to experts of Zipf-skewed popularity), sparse
// Alltoallv (half the pairs empty), uneven FFT transposes and one hot receiver, on
// crossbar:32, fat-tree:4,3, torus:6x6 and swiss-t1, with blocks of 4 KiB, 256 KiB and
// 16 MiB; on the crossbar also with a frame overhead δ of 10 µs and 1 ms (a circuit switch).
// Every method runs in the same solve_weighted call (the peers are its baselines); one
// Markdown row per instance, then the summary (share within 2 % of T*, median gap, median
// improvement over Solstice and Eclipse, median and largest solve time).
//   bench_weighted [--time-limit S] [--seed N] [--networks a,b] [--repeat R]
// With --repeat R every instance is solved R times and the median solve time is reported.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench_cli.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "liquid/traffic/demand_matrix.hpp"

namespace {
using namespace liquid;
using Matrix = std::vector<std::vector<std::int64_t>>;

Matrix zeros(int n) { return Matrix(static_cast<std::size_t>(n), std::vector<std::int64_t>(static_cast<std::size_t>(n), 0)); }

/// 64 tokens per host, each routed to 2 distinct experts (one per host) drawn with Zipf(1.1)
/// popularity over a seeded permutation of the hosts.
Matrix moe(int n, std::int64_t block, std::mt19937_64& rng) {
    std::vector<double> weight(static_cast<std::size_t>(n));
    std::vector<int> expert(static_cast<std::size_t>(n));
    for (int e = 0; e < n; ++e)
        weight[static_cast<std::size_t>(e)] = 1.0 / std::pow(e + 1, 1.1), expert[static_cast<std::size_t>(e)] = e;
    std::shuffle(expert.begin(), expert.end(), rng);
    std::discrete_distribution<int> pick(weight.begin(), weight.end());
    Matrix m = zeros(n);
    for (int i = 0; i < n; ++i)
        for (int token = 0; token < 64; ++token) {
            const int a = expert[static_cast<std::size_t>(pick(rng))];
            int b = a;
            while (b == a) b = expert[static_cast<std::size_t>(pick(rng))];
            for (int e : {a, b})
                if (e != i) m[static_cast<std::size_t>(i)][static_cast<std::size_t>(e)] += block;
        }
    return m;
}

Matrix sparse(int n, std::int64_t block, std::mt19937_64& rng) {
    Matrix m = zeros(n);
    for (auto& row : m)
        for (auto& b : row) b = rng() % 2 ? block * static_cast<std::int64_t>(1 + rng() % 16) : 0;
    return m;
}

/// A transpose over uneven slabs: host i holds a_i rows, host j receives b_j columns.
Matrix fft(int n, std::int64_t block, std::mt19937_64& rng) {
    std::vector<std::int64_t> a, b;
    for (int i = 0; i < n; ++i)
        a.push_back(1 + static_cast<std::int64_t>(rng() % 4)), b.push_back(1 + static_cast<std::int64_t>(rng() % 4));
    Matrix m = zeros(n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            m[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
                a[static_cast<std::size_t>(i)] * b[static_cast<std::size_t>(j)] * block;
    return m;
}

Matrix hot(int n, std::int64_t block, std::mt19937_64& rng) {
    Matrix m = zeros(n);
    const auto receiver = static_cast<std::size_t>(rng() % static_cast<std::uint64_t>(n));
    for (std::size_t i = 0; i < m.size(); ++i)
        for (std::size_t j = 0; j < m.size(); ++j) m[i][j] = j == receiver ? 8 * block : block;
    return m;
}

struct Row {
    std::string name;
    double bound = 0, time = 0, gap = 0, ms = 0;
    double uniform = 0, greedy = 0, bvn = 0, solstice = 0, eclipse = 0;
    std::string method;
};

double time_of(const WeightedResult& r, const char* name) {
    for (const auto& c : r.candidates)
        if (c.name == name && c.applicable) return c.time_s;
    return NAN;
}

std::string cell(double seconds, double bound) {
    if (std::isnan(seconds)) return "–";
    return (seconds >= 1e-3 ? std::to_string(seconds * 1e3).substr(0, 6) + " ms"
                            : std::to_string(seconds * 1e6).substr(0, 6) + " µs") +
           (bound > 0 ? " (" + std::to_string(seconds / bound).substr(0, 5) + ")" : "");
}

double median(std::vector<double> v) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

/// The specs of `--networks`. Specs contain commas (fat-tree:4,3): split at commas followed by a letter.
std::vector<std::string> network_specs(const std::string& networks) {
    std::vector<std::string> specs;
    std::string cur;
    for (std::size_t k = 0; k < networks.size(); ++k) {
        if (networks[k] == ',' && k + 1 < networks.size() && std::isalpha(static_cast<unsigned char>(networks[k + 1]))) {
            specs.push_back(cur), cur.clear();
        } else {
            cur += networks[k];
        }
    }
    if (!cur.empty()) specs.push_back(cur);
    return specs;
}

struct Options {
    double time_limit = 2;
    std::uint64_t seed = 1;
    int repeat = 1;
    std::string networks = "crossbar:32,fat-tree:4,3,torus:6x6,swiss-t1";
};

void add_options(CLI::App& app, Options& o) {
    bench::add_time_limit(app, o.time_limit, "time limit of each solve, seconds");
    app.add_option("--seed", o.seed, "seed of the traffics and of the solver")
        ->transform(bench::whole_number<std::uint64_t>(0))
        ->capture_default_str();
    // An empty list would leave no rows, and the summary takes their largest gap.
    app.add_option("--networks", o.networks, "network specs separated by commas")
        ->check([](const std::string& text) { return network_specs(text).empty() ? "give at least one network spec" : ""; })
        ->type_name("LIST")
        ->capture_default_str();
    app.add_option("--repeat", o.repeat, "solves per instance (the median solve time is reported)")
        ->transform(bench::whole_number(1))
        ->capture_default_str();
}

int run_all(const Options& o) {
    const auto& [time_limit, seed, repeat, networks] = o;
    const std::vector<std::string> specs = network_specs(networks);
    using Family = Matrix (*)(int, std::int64_t, std::mt19937_64&);
    const std::vector<std::pair<const char*, Family>> families{{"moe", moe}, {"sparse", sparse}, {"fft", fft}, {"hot", hot}};
    std::printf("seed %llu, time limit %.3g s, repeat %d\n\n", static_cast<unsigned long long>(seed), time_limit, repeat);
    std::printf(
        "| instance | T* | liquid (÷ lower bound) | method | uniform plan | greedy | BvN | Solstice | Eclipse | solve |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    std::vector<Row> rows;
    std::vector<double> vs_solstice, vs_eclipse;
    for (const std::string& spec : specs) {
        const Network net = make_network(spec);
        const int n = static_cast<int>(net.hosts().size());
        const bool crossbar = spec.rfind("crossbar", 0) == 0;
        for (const auto& [family, make] : families)
            for (std::int64_t block : {std::int64_t{4096}, std::int64_t{262144}, std::int64_t{16777216}})
                for (double delta : crossbar ? std::vector<double>{0, 1e-5, 1e-3} : std::vector<double>{0}) {
                    std::mt19937_64 rng(seed);
                    const Traffic t = traffic_from_bytes(net, net.hosts(), make(n, block, rng));
                    WeightedOptions o;
                    o.frame_overhead_s = delta;
                    o.time_limit_s = time_limit;
                    o.seed = seed;
                    WeightedResult r;
                    std::vector<double> ms;
                    for (int k = 0; k < repeat; ++k) r = solve_weighted(t, link_rates(net), o), ms.push_back(r.elapsed_ms);
                    Row row;
                    row.name = spec + " " + family + " " + std::to_string(block / 1024) + " KiB" +
                               (delta > 0 ? " δ=" + std::to_string(static_cast<int>(delta * 1e6)) + " µs" : "");
                    row.bound = r.lower_bound_s, row.time = r.time_s, row.gap = r.gap(), row.ms = median(ms),
                    row.method = r.method;
                    row.uniform = time_of(r, "uniform"), row.greedy = time_of(r, "greedy"), row.bvn = time_of(r, "bvn");
                    row.solstice = time_of(r, "solstice"), row.eclipse = time_of(r, "eclipse");
                    // A peer out of its share of the budget (NaN) has no ratio.
                    if (crossbar && delta > 0 && !std::isnan(row.solstice)) vs_solstice.push_back(row.solstice / row.time);
                    if (crossbar && delta > 0 && !std::isnan(row.eclipse)) vs_eclipse.push_back(row.eclipse / row.time);
                    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.0f ms |\n", row.name.c_str(),
                                cell(r.bound_s, 0).c_str(), cell(row.time, row.bound).c_str(), row.method.c_str(),
                                cell(row.uniform, row.bound).c_str(), cell(row.greedy, row.bound).c_str(),
                                cell(row.bvn, row.bound).c_str(), cell(row.solstice, row.bound).c_str(),
                                cell(row.eclipse, row.bound).c_str(), row.ms);
                    std::fflush(stdout);
                    rows.push_back(row);
                }
    }
    int within = 0;
    std::vector<double> gaps, times;
    for (const Row& r : rows) within += r.gap <= 0.02, gaps.push_back(r.gap), times.push_back(r.ms);
    std::printf("\n%d instances: %d within 2 %% of the lower bound (%.0f %%), median gap %.3f %%, largest %.3f %%\n",
                static_cast<int>(rows.size()), within, 100.0 * within / static_cast<double>(rows.size()), 100 * median(gaps),
                100 * *std::max_element(gaps.begin(), gaps.end()));
    if (!vs_solstice.empty())
        std::printf("crossbar with δ: Solstice ÷ liquid median %.3f (min %.3f), Eclipse ÷ liquid median %.3f (min %.3f)\n",
                    median(vs_solstice), *std::min_element(vs_solstice.begin(), vs_solstice.end()), median(vs_eclipse),
                    *std::min_element(vs_eclipse.begin(), vs_eclipse.end()));
    std::printf("solve time median %.0f ms, largest %.0f ms\n", median(times), *std::max_element(times.begin(), times.end()));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return bench::run(argc, argv, "bench_weighted",
                      "Weighted traffics (MoE, sparse Alltoallv, uneven FFT, hot receiver) scheduled to the byte-load bound T*",
                      add_options, run_all);
}
