// OSU-style MPI_Alltoall latency and bandwidth: the MPI library's own algorithm
// (PMPI_Alltoall) next to liquid, in the same process.
//
// Usage: mpirun -np K bench_mpi_alltoall --network REF [--rankmap FILE]
//            [--methods mpi,liquid,optimal,round-robin,flow] [--min 1] [--max 1048576]
//            [--sizes 262144,1048576] [--iterations 20] [--warmup 3] [--liquid-warmup N] [--time-limit 2]
//            [--tcp-counters 1]
// Methods:
//   mpi      PMPI_Alltoall, the MPI library's algorithm (whatever its MCA settings choose);
//   liquid   MPI_Alltoall: with libliquid_pmpi.so preloaded, the interposer (its LIQUID_*
//            settings: sync mode, fallback) — exactly what an application gets;
//   flow     one message of the block size from rank 0 to the last rank (the others idle):
//            the calibration of one flow on the network;
//   any other name is a planning method run by the executor directly, frame by frame.
// Rank r runs on host r of the network (the network's host order) unless --rankmap gives
// `rank host` lines. Each sample is the slowest rank's time of one call after a barrier;
// rows give the median, minimum and maximum over the iterations and the median's ratio to
// the `mpi` row. The received blocks are checked after every row (exit 1 on a mismatch).
// With --tcp-counters 1, every rank reads its network namespace's TCP counters
// (/proc/net/netstat TCPTimeouts, /proc/net/snmp RetransSegs) around each row and the row
// gives their sums: retransmission timeouts and retransmitted segments of that row's calls
// (one rank per namespace; on one machine the sums would count each namespace K times).
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bench_ranks.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/mpi/executor.hpp"

namespace {

struct Args {
    std::string network, rank_map, methods = "mpi,optimal";
    std::vector<long> sizes;
    long min = 1, max = 1 << 20;
    int iterations = 20, warmup = 3;
    int liquid_warmup = -1;  // the `liquid` row's warm-up calls (-1: --warmup); covers the interposer's trial
    double time_limit = 2;
    bool tcp_counters = false;
};

std::vector<std::string> split(const std::string& csv) {
    std::vector<std::string> out;
    std::istringstream in(csv);
    for (std::string s; std::getline(in, s, ',');) out.push_back(s);
    return out;
}

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--network") a.network = v;
        else if (k == "--rankmap") a.rank_map = v;
        else if (k == "--methods") a.methods = v;
        else if (k == "--min") a.min = std::stol(v);
        else if (k == "--max") a.max = std::stol(v);
        else if (k == "--sizes")
            for (const std::string& s : split(v)) a.sizes.push_back(std::stol(s));
        else if (k == "--iterations") a.iterations = std::stoi(v);
        else if (k == "--warmup") a.warmup = std::stoi(v);
        else if (k == "--liquid-warmup") a.liquid_warmup = std::stoi(v);
        else if (k == "--time-limit") a.time_limit = std::stod(v);
        else if (k == "--tcp-counters") a.tcp_counters = v == "1";
        else throw std::runtime_error("unknown option " + k);
    }
    if (a.network.empty()) throw std::runtime_error("--network is required");
    if (a.sizes.empty())
        for (long b = a.min; b <= a.max; b *= 2) a.sizes.push_back(b);
    for (long b : a.sizes)
        if (b < 1 || b > (1L << 30)) throw std::runtime_error("block sizes must be 1 B .. 1 GiB");
    if (a.iterations < 1 || a.warmup < 0) throw std::runtime_error("--iterations >= 1 and --warmup >= 0");
    if (a.liquid_warmup < 0) a.liquid_warmup = a.warmup;
    return a;
}

// Rank 0 plans with the library and broadcasts.
liquid::plan::PlanResult plan_on_root(const Args& a, const std::string& method, int ranks) {
    const liquid::Network net = liquid::load_network(a.network);
    const std::vector<int> hosts = liquid::bench::rank_hosts(net, a.rank_map, ranks);
    liquid::SolveOptions o;
    o.method = liquid::parse_method(method);
    o.time_limit_s = a.time_limit;
    return liquid::plan::build_plan(net, hosts, o);
}

// One counter of a /proc/net table ("Prefix: name name ..." followed by "Prefix: value
// value ..."); -1 where the table or the name is missing.
long long proc_net_counter(const char* path, const std::string& prefix, const std::string& name) {
    std::ifstream in(path);
    for (std::string names, values; std::getline(in, names) && std::getline(in, values);) {
        std::istringstream n(names), v(values);
        std::string key, value;
        n >> key;
        v >> value;
        if (key != prefix) continue;
        while (n >> key && v >> value)
            if (key == name) return std::atoll(value.c_str());
    }
    return -1;
}

// Retransmission timeouts and retransmitted segments of this rank's network namespace.
struct TcpCounters {
    long long timeouts = 0, retransmitted = 0;
};
TcpCounters tcp_counters() {
    return {proc_net_counter("/proc/net/netstat", "TcpExt:", "TCPTimeouts"),
            proc_net_counter("/proc/net/snmp", "Tcp:", "RetransSegs")};
}

// Rank `rank`'s send buffer byte i; block p of rank r's receive buffer must hold
// sender p's block r.
char fill(std::size_t i, int rank) { return static_cast<char>(i * 131 + rank); }

bool received_correctly(const std::vector<char>& recv, long bytes, int rank, int size) {
    for (int p = 0; p < size; ++p)
        for (long k = 0; k < bytes; ++k) {
            const std::size_t at = static_cast<std::size_t>(p) * bytes + k;
            if (recv[at] != fill(static_cast<std::size_t>(rank) * bytes + k, p)) return false;
        }
    return true;
}

// One call of `method` on `bytes`-byte blocks.
void run_once(const std::string& method, long bytes, const std::vector<char>& send, std::vector<char>& recv, MPI_Comm comm,
              std::map<std::string, liquid::plan::RankPlan>& plans, int rank, int size) {
    const int count = static_cast<int>(bytes);
    if (method == "mpi") {
        PMPI_Alltoall(send.data(), count, MPI_BYTE, recv.data(), count, MPI_BYTE, comm);
    } else if (method == "liquid") {
        MPI_Alltoall(send.data(), count, MPI_BYTE, recv.data(), count, MPI_BYTE, comm);
    } else if (method == "flow") {
        if (rank == 0) MPI_Send(send.data(), count, MPI_BYTE, size - 1, 1, comm);
        if (rank == size - 1) MPI_Recv(recv.data(), count, MPI_BYTE, 0, 1, comm, MPI_STATUS_IGNORE);
    } else {
        liquid::mpi::alltoall(send.data(), count, MPI_BYTE, recv.data(), count, MPI_BYTE, comm, plans[method]);
    }
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
        if (m == "mpi" || m == "liquid" || m == "flow") continue;
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
    MPI_Comm comm;  // the measured messages on a communicator of their own
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    if (rank == 0)
        std::printf("%-10s %-12s %14s %14s %14s %16s %8s%s\n", "bytes", "method", "median_us", "min_us", "max_us",
                    "aggregate_MB/s", "vs_mpi", a.tcp_counters ? " rto retrans" : "");
    const long largest = *std::max_element(a.sizes.begin(), a.sizes.end());
    std::vector<char> send(static_cast<std::size_t>(largest) * size), recv(send.size());
    for (std::size_t i = 0; i < send.size(); ++i) send[i] = fill(i, rank);
    for (const long bytes : a.sizes) {
        double mpi_us = 0;
        for (const std::string& m : methods) {
            std::vector<double> samples;
            const TcpCounters before = a.tcp_counters ? tcp_counters() : TcpCounters{};
            const int warmup = m == "liquid" ? a.liquid_warmup : a.warmup;
            for (int it = 0; it < warmup + a.iterations; ++it) {
                MPI_Barrier(comm);
                const auto t0 = std::chrono::steady_clock::now();
                run_once(m, bytes, send, recv, comm, plans, rank, size);
                double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count(), slowest = 0;
                MPI_Reduce(&us, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
                if (it >= warmup) samples.push_back(slowest);
            }
            long long delta[2] = {0, 0}, total[2] = {0, 0};
            if (a.tcp_counters) {
                const TcpCounters after = tcp_counters();
                delta[0] = after.timeouts - before.timeouts;
                delta[1] = after.retransmitted - before.retransmitted;
            }
            MPI_Reduce(delta, total, 2, MPI_LONG_LONG, MPI_SUM, 0, comm);
            int correct = m == "flow" || received_correctly(recv, bytes, rank, size) ? 1 : 0, all_correct = 0;
            MPI_Allreduce(&correct, &all_correct, 1, MPI_INT, MPI_MIN, comm);
            if (!all_correct) {
                if (rank == 0)
                    std::fprintf(stderr, "bench_mpi_alltoall: %s delivered wrong blocks at %ld bytes\n", m.c_str(), bytes);
                MPI_Abort(comm, 1);
            }
            if (rank != 0) continue;
            const double us = liquid::bench::median(samples);
            if (m == "mpi") mpi_us = us;
            const double moved = m == "flow" ? double(bytes) : double(bytes) * size * (size - 1);
            std::string counters;
            if (a.tcp_counters) counters = " " + std::to_string(total[0]) + " " + std::to_string(total[1]);
            std::printf("%-10ld %-12s %14.1f %14.1f %14.1f %16.2f %8s%s\n", bytes, m.c_str(), us,
                        *std::min_element(samples.begin(), samples.end()), *std::max_element(samples.begin(), samples.end()),
                        moved / us, mpi_us > 0 ? (std::to_string(us / mpi_us).substr(0, 5)).c_str() : "-", counters.c_str());
            std::fflush(stdout);
        }
    }
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
