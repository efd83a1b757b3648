// The SMPI judge program: one MPI_Alltoall of BYTES per block, run under SimGrid's smpirun
// on a platform written by `liquid export --format simgrid`, either by liquid's executor
// with a plan (`liquid plan --json`) or by the library's MPI_Alltoall (SMPI's algorithm,
// chosen with --cfg=smpi/alltoall:ALG). Times are simulated (MPI_Wtime), so repeated runs
// give equal times. Prints one JSON object on rank 0:
//   {"ranks": K, "bytes": B, "executor": "liquid"|"library", "sync": S, "time_s": T,
//    "correct": bool, "checked_bytes": C[, "bound_s": T]}
// time_s is from the earliest rank's start to the latest rank's end after a barrier.
// The data is checked in a separate call with private buffers of C bytes per block (C = B
// unless the K² blocks would take more than --check-memory bytes); the timed call uses
// SMPI_SHARED_MALLOC buffers, which cost no memory but hold no data. bound_s (with
// --network) is the liquid bound max over links of bytes(l)/rate(l) for the plan's ranks.
//
// Usage: smpirun -np K -platform P.xml -hostfile H [--cfg=...] smpi_alltoall --size BYTES
//            [--plan FILE [--sync none|barrier|links] [--network SPEC]] [--check-memory BYTES]
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/mpi/executor.hpp"
#include "liquid/plan/plan_json.hpp"
#include "liquid/traffic/analysis.hpp"

namespace {

using liquid::InputError;

struct Args {
    long long bytes = 0;
    std::string plan, network, sync = "none";
    long long check_memory = 64LL << 20;
    int chunk_bytes = 0;  // ExecOptions::chunk_bytes
    int pass_bytes = 0;   // ExecOptions::pass_bytes
};

long long whole_number(const std::string& option, const std::string& text, long long lo, long long hi) {
    std::size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty() || v < lo || v > hi)
        throw InputError(option, "'" + text + "' is not a whole number in " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
}

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; i += 2) {
        const std::string k = argv[i];
        if (i + 1 >= argc) throw InputError(k, "needs a value");
        const std::string v = argv[i + 1];
        if (k == "--size") a.bytes = whole_number(k, v, 1, 0x7fffffff);
        else if (k == "--plan") a.plan = v;
        else if (k == "--network") a.network = v;
        else if (k == "--sync") a.sync = v;
        else if (k == "--check-memory") a.check_memory = whole_number(k, v, 0, 1LL << 40);
        else if (k == "--chunk-bytes") a.chunk_bytes = static_cast<int>(whole_number(k, v, 0, 2147483647));
        else if (k == "--pass-bytes") a.pass_bytes = static_cast<int>(whole_number(k, v, 0, 2147483647));
        else
            throw InputError(k, "unknown option",
                             "use --size, --plan, --sync, --network, --check-memory, --chunk-bytes, --pass-bytes");
    }
    if (a.bytes == 0) throw InputError("--size", "is required", "give the block size in bytes");
    if (a.sync != "none" && a.sync != "barrier" && a.sync != "links")
        throw InputError("--sync", "'" + a.sync + "' is not a mode", "none, barrier or links");
    if (a.plan.empty() && !a.network.empty()) throw InputError("--network", "needs --plan (the bound is of the plan's ranks)");
    return a;
}

// The liquid bound of the all-to-all among the plan's ranks: max over links of
// load(l) × bytes / rate(l), ranks on one host using no link.
double liquid_bound_s(const std::string& network, const liquid::plan::Plan& plan, long long bytes) {
    const liquid::Network net = liquid::load_network(network);
    const auto hosts = liquid::plan::hosts_by_name(net, plan.hosts, "--network " + network);
    const std::vector<int> load = liquid::link_loads(liquid::plan::rank_traffic(net, hosts).traffic);
    double bound = 0;
    for (int l = 0; l < net.link_count(); ++l)
        bound = std::max(bound,
                         static_cast<double>(load[static_cast<std::size_t>(l)]) * static_cast<double>(bytes) / net.link_rate(l));
    return bound;
}

struct Run {
    const Args& args;
    const liquid::plan::RankPlan* plan;  // nullptr: the library's MPI_Alltoall
    MPI_Comm comm;

    int alltoall(const char* send, char* recv, int count) const {
        if (!plan) return MPI_Alltoall(send, count, MPI_BYTE, recv, count, MPI_BYTE, comm);
        liquid::mpi::ExecOptions o;
        o.sync = args.sync == "barrier" ? liquid::mpi::Sync::Barrier
                 : args.sync == "links" ? liquid::mpi::Sync::Links
                                        : liquid::mpi::Sync::None;
        o.chunk_bytes = args.chunk_bytes;
        o.pass_bytes = args.pass_bytes;
        return liquid::mpi::alltoall(send, count, MPI_BYTE, recv, count, MPI_BYTE, comm, *plan, o);
    }
};

char pattern(int src, int dst, long long i) { return static_cast<char>((src * 7919 + dst * 104729 + i) % 251); }

// One call with private buffers of `block` bytes per peer; true on every rank when every
// rank received exactly what its peers sent.
bool check(const Run& run, int rank, int ranks, long long block) {
    const auto n = static_cast<std::size_t>(block) * static_cast<std::size_t>(ranks);
    std::vector<char> send(n), recv(n, 0);
    for (int p = 0; p < ranks; ++p)
        for (long long i = 0; i < block; ++i) send[static_cast<std::size_t>(p * block + i)] = pattern(rank, p, i);
    int ok = run.alltoall(send.data(), recv.data(), static_cast<int>(block)) == MPI_SUCCESS;
    for (int p = 0; p < ranks && ok; ++p)
        for (long long i = 0; i < block && ok; ++i) ok = recv[static_cast<std::size_t>(p * block + i)] == pattern(p, rank, i);
    int all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, run.comm);
    return all != 0;
}

// The simulated time of one call: earliest start to latest end, after a barrier.
double timed_call(const Run& run, int ranks) {
    const auto n = static_cast<std::size_t>(run.args.bytes) * static_cast<std::size_t>(ranks);
    auto* send = static_cast<char*>(SMPI_SHARED_MALLOC(n));
    auto* recv = static_cast<char*>(SMPI_SHARED_MALLOC(n));
    MPI_Barrier(run.comm);
    const double start = MPI_Wtime();
    const int rc = run.alltoall(send, recv, static_cast<int>(run.args.bytes));
    const double end = MPI_Wtime();
    SMPI_SHARED_FREE(send);
    SMPI_SHARED_FREE(recv);
    double first = 0, last = 0, failed = rc != MPI_SUCCESS, any_failed = 0;
    MPI_Allreduce(&start, &first, 1, MPI_DOUBLE, MPI_MIN, run.comm);
    MPI_Allreduce(&end, &last, 1, MPI_DOUBLE, MPI_MAX, run.comm);
    MPI_Allreduce(&failed, &any_failed, 1, MPI_DOUBLE, MPI_MAX, run.comm);
    return any_failed > 0 ? -1 : last - first;
}

// Rank 0 reads the plan (and computes the bound); every rank gets its frames with the
// tokens of the `links` mode, computed from the routes the plan file carries.
liquid::plan::RankPlan load_plan(const Args& a, int rank, int ranks, double& bound_s) {
    liquid::plan::Plan plan;
    std::string error;
    if (rank == 0) {
        try {
            plan = liquid::plan::read_plan_json(a.plan);
            if (plan.ranks != ranks)
                throw InputError(a.plan,
                                 "the plan has " + std::to_string(plan.ranks) + " ranks, the run " + std::to_string(ranks),
                                 "run smpirun -np " + std::to_string(plan.ranks));
            if (!a.network.empty()) bound_s = liquid_bound_s(a.network, plan, a.bytes);
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    int failed = !error.empty();
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failed) throw InputError("", error);
    return liquid::mpi::scatter_rank_plan(rank == 0 ? &plan : nullptr, MPI_COMM_WORLD);
}

int run_judge(const Args& a, int rank, int ranks) {
    double bound_s = -1;
    liquid::plan::RankPlan plan;
    if (!a.plan.empty()) plan = load_plan(a, rank, ranks, bound_s);
    MPI_Comm comm;  // the plan's messages on a communicator of their own
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    const Run run{a, a.plan.empty() ? nullptr : &plan, comm};
    const long long fit = a.check_memory / (2LL * ranks * ranks);
    const long long checked = std::max(1LL, std::min(a.bytes, fit));
    const bool correct = check(run, rank, ranks, checked);
    const double time_s = timed_call(run, ranks);
    MPI_Comm_free(&comm);
    if (rank == 0) {
        std::printf(
            "{\"ranks\": %d, \"bytes\": %lld, \"executor\": \"%s\", \"sync\": \"%s\", \"time_s\": %.12g, "
            "\"correct\": %s, \"checked_bytes\": %lld",
            ranks, a.bytes, a.plan.empty() ? "library" : "liquid", a.plan.empty() ? "" : a.sync.c_str(), time_s,
            correct && time_s >= 0 ? "true" : "false", checked);
        if (bound_s >= 0) std::printf(", \"bound_s\": %.12g", bound_s);
        std::printf("}\n");
        std::fflush(stdout);
    }
    return correct && time_s >= 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, ranks = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int rc = 0;
    try {
        rc = run_judge(parse(argc, argv), rank, ranks);
    } catch (const std::exception& e) {
        if (rank == 0) std::fprintf(stderr, "liquid: error: %s\n", e.what());
        rc = 2;
    }
    MPI_Finalize();
    return rc;
}
