// A skewed MPI_Alltoallv: the MPI library's own algorithm (PMPI_Alltoallv) next to liquid,
// calls interleaved in one process so that both see the same network and load.
//
// Usage: mpirun -np K bench_mpi_alltoallv --network REF [--rankmap FILE]
//            [--family moe|half-empty|hot-receiver] [--token-bytes 4096,16384]
//            [--tokens 256] [--top-k 2] [--zipf 1.0] [--seed 1] [--iterations 7] [--warmup 1]
// Families (counts in tokens × --token-bytes):
//   moe           each rank routes --tokens tokens to its --top-k experts (ranks), expert
//                 popularity Zipf(--zipf) over a seeded permutation of the ranks (MoE dispatch);
//   half-empty    half the pairs empty, the others 1..32 tokens;
//   hot-receiver  every rank sends rank 0 --tokens tokens and the others --tokens / 16.
// Methods, one call of each per iteration, in turn:
//   mpi      PMPI_Alltoallv, the MPI library's algorithm;
//   liquid   MPI_Alltoallv: with libliquid_pmpi.so preloaded, the interposer (weighted plan
//            of the counts, or the uniform plan, as it decides; LIQUID_* settings);
//   uniform  the uniform liquid plan (rank 0 plans with method optimal, every rank runs it
//            with the executor and LIQUID_SYNC=barrier's frames): the interposer's Alltoallv
//            before it planned counts.
// Each sample is the slowest rank's time of one call after a barrier; rows give the median,
// minimum and maximum and the median's ratio to the `mpi` row. Rank 0 also prints the
// matrix's liquid bound T* (most loaded link's bytes over its rate). Every liquid and
// uniform result is compared with PMPI_Alltoallv's (exit 1 on a mismatch). The seed is printed.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bench_ranks.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/mpi/executor.hpp"
#include "liquid/plan/weighted_plan.hpp"

namespace {

struct Args {
    std::string network, rank_map, family = "moe";
    std::vector<long> token_bytes{4096};
    int tokens = 256, top_k = 2, iterations = 7, warmup = 1;
    double zipf = 1.0;
    unsigned long long seed = 1;
};

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--network") a.network = v;
        else if (k == "--rankmap") a.rank_map = v;
        else if (k == "--family") a.family = v;
        else if (k == "--token-bytes") {
            a.token_bytes.clear();
            std::istringstream in(v);
            for (std::string s; std::getline(in, s, ',');) a.token_bytes.push_back(std::stol(s));
        } else if (k == "--tokens") a.tokens = std::stoi(v);
        else if (k == "--top-k") a.top_k = std::stoi(v);
        else if (k == "--zipf") a.zipf = std::stod(v);
        else if (k == "--seed") a.seed = std::stoull(v);
        else if (k == "--iterations") a.iterations = std::stoi(v);
        else if (k == "--warmup") a.warmup = std::stoi(v);
        else throw std::runtime_error("unknown option " + k);
    }
    if (a.network.empty()) throw std::runtime_error("--network is required");
    if (a.family != "moe" && a.family != "half-empty" && a.family != "hot-receiver")
        throw std::runtime_error("--family: moe, half-empty or hot-receiver");
    if (a.iterations < 5 || a.tokens < 1 || a.top_k < 1) throw std::runtime_error("--iterations >= 5, --tokens and --top-k >= 1");
    return a;
}

// Tokens rank s sends rank d, the same on every rank (seeded alike).
std::vector<long long> token_matrix(const Args& a, int k) {
    std::mt19937_64 gen(a.seed);
    std::vector<long long> m(static_cast<std::size_t>(k) * k, 0);
    if (a.family == "moe") {
        std::vector<int> rank_of(k);
        for (int e = 0; e < k; ++e) rank_of[e] = e;
        std::shuffle(rank_of.begin(), rank_of.end(), gen);
        std::vector<double> weight(k);
        for (int e = 0; e < k; ++e) weight[rank_of[e]] = 1.0 / std::pow(e + 1, a.zipf);
        std::discrete_distribution<int> expert(weight.begin(), weight.end());
        const int top = std::min(a.top_k, k);
        for (int s = 0; s < k; ++s)
            for (int t = 0; t < a.tokens; ++t) {
                std::vector<int> chosen;
                while (static_cast<int>(chosen.size()) < top) {
                    const int e = expert(gen);
                    if (std::find(chosen.begin(), chosen.end(), e) == chosen.end()) chosen.push_back(e);
                }
                for (int e : chosen) ++m[static_cast<std::size_t>(s) * k + e];
            }
    } else if (a.family == "half-empty") {
        for (auto& t : m) t = gen() % 2 ? static_cast<long long>(1 + gen() % 32) : 0;
    } else {
        for (int s = 0; s < k; ++s)
            for (int d = 0; d < k; ++d) m[static_cast<std::size_t>(s) * k + d] = d == 0 ? a.tokens : std::max(1, a.tokens / 16);
    }
    return m;
}

struct Root {
    liquid::Network net;
    std::vector<int> hosts;
};

Root root_network(const Args& a, int ranks) {
    Root r{liquid::load_network(a.network), {}};
    r.hosts = liquid::bench::rank_hosts(r.net, a.rank_map, ranks);
    return r;
}

// Send and receive layouts of this rank for a byte matrix: blocks packed in rank order.
struct Layout {
    std::vector<int> sc, sd, rc, rd;
    std::vector<char> send, recv, want;
};

Layout layout(const std::vector<long long>& bytes, int rank, int k) {
    Layout l{std::vector<int>(k), std::vector<int>(k), std::vector<int>(k), std::vector<int>(k), {}, {}, {}};
    int so = 0, ro = 0;
    for (int p = 0; p < k; ++p) {
        l.sc[p] = static_cast<int>(bytes[static_cast<std::size_t>(rank) * k + p]);
        l.sd[p] = so;
        so += l.sc[p];
        l.rc[p] = static_cast<int>(bytes[static_cast<std::size_t>(p) * k + rank]);
        l.rd[p] = ro;
        ro += l.rc[p];
    }
    l.send.resize(so);
    for (int i = 0; i < so; ++i) l.send[i] = static_cast<char>(i * 131 + rank);
    l.recv.resize(ro);
    l.want.resize(ro);
    return l;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    Args a;
    liquid::plan::PlanResult uniform;
    Root root;
    int ok = 1;
    try {
        a = parse(argc, argv);
        if (rank == 0) {
            root = root_network(a, size);
            liquid::SolveOptions o;
            o.method = liquid::Method::Optimal;
            uniform = liquid::plan::build_plan(root.net, root.hosts, o);
        }
    } catch (const std::exception& e) {
        if (rank == 0) std::fprintf(stderr, "bench_mpi_alltoallv: %s\n", e.what());
        ok = 0;
    }
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!ok) {
        MPI_Finalize();
        return 2;
    }
    const liquid::plan::RankPlan plan =
        liquid::plan::rank_plan(liquid::mpi::broadcast_plan(rank == 0 ? &uniform.plan : nullptr, MPI_COMM_WORLD), rank);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    const std::vector<long long> tokens = token_matrix(a, size);
    if (rank == 0) {
        std::printf("# family %s, %d ranks, seed %llu, tokens %d, top-k %d, zipf %.2f\n", a.family.c_str(), size, a.seed,
                    a.tokens, a.top_k, a.zipf);
        std::printf("%-12s %-8s %12s %12s %12s %8s %10s %12s\n", "token_bytes", "method", "median_ms", "min_ms", "max_ms",
                    "vs_mpi", "bound_ms", "max_block");
    }
    const std::vector<std::string> methods{"mpi", "liquid", "uniform"};
    for (const long tb : a.token_bytes) {
        std::vector<long long> bytes(tokens.size());
        for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = tokens[i] * tb;
        double bound_ms = 0;
        if (rank == 0) {
            const liquid::plan::RankTraffic rt = liquid::plan::rank_traffic(root.net, root.hosts);
            liquid::plan::WeightedPlanOptions o;
            o.time_limit_s = 0.2;
            bound_ms = 1e3 * liquid::plan::plan_weighted(root.net, rt, uniform.plan,
                                                         std::vector<std::int64_t>(bytes.begin(), bytes.end()), o)
                                 .bound_s;
        }
        Layout l = layout(bytes, rank, size);
        PMPI_Alltoallv(l.send.data(), l.sc.data(), l.sd.data(), MPI_BYTE, l.want.data(), l.rc.data(), l.rd.data(), MPI_BYTE,
                       comm);
        std::map<std::string, std::vector<double>> samples;
        for (int it = 0; it < a.warmup + a.iterations; ++it)
            for (const std::string& m : methods) {
                std::fill(l.recv.begin(), l.recv.end(), 0);
                MPI_Barrier(comm);
                const auto t0 = std::chrono::steady_clock::now();
                if (m == "mpi")
                    PMPI_Alltoallv(l.send.data(), l.sc.data(), l.sd.data(), MPI_BYTE, l.recv.data(), l.rc.data(), l.rd.data(),
                                   MPI_BYTE, comm);
                else if (m == "liquid")
                    MPI_Alltoallv(l.send.data(), l.sc.data(), l.sd.data(), MPI_BYTE, l.recv.data(), l.rc.data(), l.rd.data(),
                                  MPI_BYTE, comm);
                else
                    liquid::mpi::alltoallv(l.send.data(), l.sc.data(), l.sd.data(), MPI_BYTE, l.recv.data(), l.rc.data(),
                                           l.rd.data(), MPI_BYTE, comm, plan);
                double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count(), slowest = 0;
                MPI_Reduce(&ms, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
                int correct = l.recv == l.want, all = 0;
                MPI_Allreduce(&correct, &all, 1, MPI_INT, MPI_MIN, comm);
                if (!all) {
                    if (rank == 0) std::fprintf(stderr, "bench_mpi_alltoallv: %s delivered wrong blocks\n", m.c_str());
                    MPI_Abort(comm, 1);
                }
                if (it >= a.warmup) samples[m].push_back(slowest);
            }
        if (rank != 0) continue;
        const double mpi = liquid::bench::median(samples["mpi"]);
        const long long block = *std::max_element(bytes.begin(), bytes.end());
        for (const std::string& m : methods) {
            const auto& s = samples[m];
            std::printf("%-12ld %-8s %12.2f %12.2f %12.2f %8.3f %10.2f %12lld\n", tb, m.c_str(), liquid::bench::median(s),
                        *std::min_element(s.begin(), s.end()), *std::max_element(s.begin(), s.end()),
                        liquid::bench::median(s) / mpi, bound_ms, block);
        }
        std::fflush(stdout);
    }
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
