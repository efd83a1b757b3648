// OSU-style MPI_Alltoall latency and bandwidth: the MPI library's own algorithm
// (PMPI_Alltoall) next to liquid plans run by the executor, in the same process.
//
// Usage: mpirun -np K bench_mpi_alltoall --network REF [--rankmap FILE]
//            [--methods mpi,optimal,round-robin] [--min 1] [--max 1048576]
//            [--iterations 20] [--warmup 3] [--time-limit 2]
// Rank r runs on host r of the network (the network's host order) unless --rankmap gives
// `rank host` lines. Each sample is the slowest rank's time of one call after a barrier;
// the table shows the median over the iterations and its ratio to the `mpi` row.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "liquid/io/network_spec.hpp"
#include "liquid/mpi/executor.hpp"

namespace {

struct Args {
    std::string network, rank_map, methods = "mpi,optimal";
    long min = 1, max = 1 << 20;
    int iterations = 20, warmup = 3;
    double time_limit = 2;
};

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--network") a.network = v;
        else if (k == "--rankmap") a.rank_map = v;
        else if (k == "--methods") a.methods = v;
        else if (k == "--min") a.min = std::stol(v);
        else if (k == "--max") a.max = std::stol(v);
        else if (k == "--iterations") a.iterations = std::stoi(v);
        else if (k == "--warmup") a.warmup = std::stoi(v);
        else if (k == "--time-limit") a.time_limit = std::stod(v);
        else throw std::runtime_error("unknown option " + k);
    }
    if (a.network.empty()) throw std::runtime_error("--network is required");
    return a;
}

std::vector<std::string> split(const std::string& csv) {
    std::vector<std::string> out;
    std::istringstream in(csv);
    for (std::string s; std::getline(in, s, ',');) out.push_back(s);
    return out;
}

// Rank 0 plans with the library and broadcasts.
liquid::plan::PlanResult plan_on_root(const Args& a, const std::string& method, int ranks) {
    const liquid::Network net = liquid::load_network(a.network);
    std::vector<int> hosts;
    if (a.rank_map.empty()) {
        const auto all = net.hosts();
        if (static_cast<int>(all.size()) < ranks) throw std::runtime_error("fewer hosts than ranks: give --rankmap");
        hosts.assign(all.begin(), all.begin() + ranks);
    } else {
        auto names = liquid::plan::read_rank_map(a.rank_map);
        names.resize(ranks);
        hosts = liquid::plan::hosts_by_name(net, names, a.rank_map);
    }
    liquid::SolveOptions o;
    o.method = liquid::parse_method(method);
    o.time_limit_s = a.time_limit;
    return liquid::plan::build_plan(net, hosts, o);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : (v[(v.size() - 1) / 2] + v[v.size() / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    Args a;
    try {
        a = parse(argc, argv);
    } catch (const std::exception& e) {
        if (rank == 0) std::fprintf(stderr, "bench_mpi_alltoall: %s\n", e.what());
        MPI_Finalize();
        return 2;
    }
    const auto methods = split(a.methods);
    std::map<std::string, liquid::plan::RankPlan> plans;
    for (const std::string& m : methods) {
        if (m == "mpi") continue;
        liquid::plan::PlanResult r;
        int ok = 1;
        if (rank == 0) {
            try {
                r = plan_on_root(a, m, size);
                std::printf("# plan %s: %d frames, duration %d, %s, planned in %.1f ms\n", m.c_str(), r.plan.length(),
                            r.plan.duration, r.plan.liquid ? "liquid" : "not liquid", r.planning_ms);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "bench_mpi_alltoall: %s\n", e.what());
                ok = 0;
            }
        }
        MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (!ok) {
            MPI_Finalize();
            return 2;
        }
        plans[m] = liquid::plan::rank_plan(liquid::mpi::broadcast_plan(rank == 0 ? &r.plan : nullptr, MPI_COMM_WORLD), rank);
    }
    MPI_Comm comm;  // the plans' messages on a communicator of their own
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    if (rank == 0) std::printf("%-10s %-12s %14s %16s %8s\n", "bytes", "method", "median_us", "aggregate_MB/s", "vs_mpi");
    std::vector<char> send(static_cast<std::size_t>(a.max) * size), recv(send.size());
    for (std::size_t i = 0; i < send.size(); ++i) send[i] = static_cast<char>(i * 131 + rank);
    for (long bytes = a.min; bytes <= a.max; bytes *= 2) {
        double mpi_us = 0;
        for (const std::string& m : methods) {
            std::vector<double> samples;
            for (int it = 0; it < a.warmup + a.iterations; ++it) {
                MPI_Barrier(comm);
                const auto t0 = std::chrono::steady_clock::now();
                const int count = static_cast<int>(bytes);
                if (m == "mpi") PMPI_Alltoall(send.data(), count, MPI_BYTE, recv.data(), count, MPI_BYTE, comm);
                else liquid::mpi::alltoall(send.data(), count, MPI_BYTE, recv.data(), count, MPI_BYTE, comm, plans[m]);
                double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count(), slowest = 0;
                MPI_Reduce(&us, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
                if (it >= a.warmup) samples.push_back(slowest);
            }
            if (rank != 0) continue;
            const double us = median(samples);
            if (m == "mpi") mpi_us = us;
            const double mbps = double(bytes) * size * (size - 1) / us;  // bytes per µs = MB/s
            std::printf("%-10ld %-12s %14.1f %16.1f %8s\n", bytes, m.c_str(), us, mbps,
                        mpi_us > 0 ? (std::to_string(us / mpi_us).substr(0, 5)).c_str() : "-");
            std::fflush(stdout);
        }
    }
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
