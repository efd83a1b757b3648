// Compares an all-to-all implementation with PMPI_Alltoall(v), byte for byte, over random
// buffers, block sizes 0, 1, 7 and 65536 bytes, MPI_INT, a strided derived datatype (sent
// as the vector type, received as contiguous ints, and the reverse), Alltoall and
// Alltoallv with unequal counts and scattered displacements, on MPI_COMM_WORLD and on
// split communicators.
//
// Usage: mpi_alltoall_check executor|intercepted [SEED [SYNC [NETWORK [CHUNK [PASS]]]]]
//   executor:    liquid::mpi::alltoall(v) with a plan built on every rank (DSatur over
//                NETWORK, a spec, rank r on host r mod hosts; default a crossbar with two
//                ranks per host, so frames also carry same-host pairs), frames kept apart
//                by SYNC (links, barrier, none; default links), blocks split into messages
//                of CHUNK bytes (ExecOptions::chunk_bytes; default 0: whole) over passes of
//                slices of at most PASS bytes (ExecOptions::pass_bytes; default 0: one pass),
//                then once more with each other sync mode (28-byte blocks, in 12-byte pieces
//                when CHUNK > 0, in slices of 16 bytes when PASS > 0)
//   intercepted: MPI_Alltoall(v) itself (the interposer when it is preloaded), plus
//                MPI_IN_PLACE calls (its fallback path)
// Rank 0 prints "checks N failures F"; the exit code is 1 on any failure.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "liquid/io/network_spec.hpp"
#include "liquid/mpi/executor.hpp"
#include "liquid/net/generators.hpp"

namespace {

bool intercepted = false;
std::uint64_t seed = 1;
liquid::mpi::ExecOptions exec;
std::string network_spec;
long checks = 0, failures = 0;

struct TypePair {
    const char* name;
    MPI_Datatype send, recv;
    int send_ints, recv_ints;  // ints per element of each type
    MPI_Aint send_extent, recv_extent;
};

liquid::plan::RankPlan plan_for(MPI_Comm comm) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const liquid::Network net =
        network_spec.empty() ? liquid::make_crossbar(size > 1 ? (size + 1) / 2 : 1) : liquid::make_network(network_spec);
    const int hosts = static_cast<int>(net.hosts().size());
    std::vector<int> host_of_rank;
    for (int r = 0; r < size; ++r) host_of_rank.push_back(net.hosts()[r % hosts]);
    liquid::SolveOptions options;
    options.method = liquid::Method::DSatur;  // deterministic: every rank builds the same plan
    return liquid::plan::rank_plan(liquid::plan::build_plan(net, host_of_rank, options).plan, rank);
}

std::vector<char> random_bytes(std::size_t n, std::uint64_t salt) {
    std::mt19937_64 gen(seed * 1000003 + salt);
    std::vector<char> v(n);
    for (auto& c : v) c = static_cast<char>(gen() & 0xff);
    return v;
}

void compare(MPI_Comm comm, const std::vector<char>& got, const std::vector<char>& want, const std::string& what) {
    ++checks;
    if (got != want) {
        ++failures;
        int rank = 0;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        std::fprintf(stderr, "mismatch on world rank %d: %s\n", rank, what.c_str());
    }
    (void)comm;
}

// Ints per block for a block of about `bytes` bytes (at least one when bytes > 0), a
// whole number of elements of both types so that the type signatures match.
int block_ints(int bytes, const TypePair& t) {
    const int step = std::max(t.send_ints, t.recv_ints), ints = (bytes + 3) / 4;
    return (ints + step - 1) / step * step;
}

void check_alltoall(MPI_Comm comm, const liquid::plan::RankPlan& plan, const TypePair& t, int bytes, bool in_place,
                    const std::string& label) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const int scount = block_ints(bytes, t) / t.send_ints;
    const int rcount = block_ints(bytes, t) / t.recv_ints;
    const std::size_t sbytes = static_cast<std::size_t>(size) * scount * t.send_extent + 16;
    const std::size_t rbytes = static_cast<std::size_t>(size) * rcount * t.recv_extent + 16;
    const auto send = random_bytes(sbytes, rank * 31 + bytes);
    auto got = random_bytes(rbytes, 7), want = got;
    PMPI_Alltoall(send.data(), scount, t.send, want.data(), rcount, t.recv, comm);
    if (in_place) {
        if (t.send != MPI_INT || t.recv != MPI_INT) return;  // contiguous: no gaps to compare
        std::memcpy(got.data(), send.data(), std::min(sbytes, rbytes));
        MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got.data(), rcount, t.recv, comm);
        // Only the blocks are defined after an in-place call; compare those.
        auto blocks = [&](const std::vector<char>& v) {
            return std::vector<char>(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(size) * rcount * t.recv_extent);
        };
        compare(comm, blocks(got), blocks(want), label + " in-place");
        return;
    }
    if (intercepted) MPI_Alltoall(send.data(), scount, t.send, got.data(), rcount, t.recv, comm);
    else liquid::mpi::alltoall(send.data(), scount, t.send, got.data(), rcount, t.recv, comm, plan, exec);
    compare(comm, got, want, label + " alltoall");
}

// Rank s sends ((3s + 5d) mod 4) × unit elements to rank d; blocks are stored in reverse
// rank order with a one-element gap, so displacements are neither sorted nor dense.
void check_alltoallv(MPI_Comm comm, const liquid::plan::RankPlan& plan, const TypePair& t, int bytes, const std::string& label) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const int unit = block_ints(bytes, t);  // ints
    auto count = [&](int s, int d) { return ((3 * s + 5 * d) % 4) * unit; };
    std::vector<int> sc(size), sd(size), rc(size), rd(size);
    int soff = 0, roff = 0;
    for (int p = size - 1; p >= 0; --p) {
        sc[p] = count(rank, p) / t.send_ints;
        sd[p] = soff;
        soff += sc[p] + 1;
        rc[p] = count(p, rank) / t.recv_ints;
        rd[p] = roff;
        roff += rc[p] + 1;
    }
    const auto send = random_bytes(static_cast<std::size_t>(soff) * t.send_extent + 16, rank * 17 + bytes);
    auto got = random_bytes(static_cast<std::size_t>(roff) * t.recv_extent + 16, 11), want = got;
    PMPI_Alltoallv(send.data(), sc.data(), sd.data(), t.send, want.data(), rc.data(), rd.data(), t.recv, comm);
    if (intercepted) MPI_Alltoallv(send.data(), sc.data(), sd.data(), t.send, got.data(), rc.data(), rd.data(), t.recv, comm);
    else
        liquid::mpi::alltoallv(send.data(), sc.data(), sd.data(), t.send, got.data(), rc.data(), rd.data(), t.recv, comm, plan,
                               exec);
    compare(comm, got, want, label + " alltoallv");
}

void check_communicator(MPI_Comm comm, const std::string& name, const std::vector<TypePair>& types) {
    const liquid::plan::RankPlan plan = intercepted ? liquid::plan::RankPlan{} : plan_for(comm);
    for (const TypePair& t : types)
        for (int bytes : {0, 1, 7, 65536}) {
            const std::string label = name + " " + t.name + " " + std::to_string(bytes) + " B";
            check_alltoall(comm, plan, t, bytes, false, label);
            check_alltoallv(comm, plan, t, bytes, label);
            if (intercepted) check_alltoall(comm, plan, t, bytes, true, label);
        }
    if (!intercepted)  // once with every sync mode, back to back
        for (liquid::mpi::Sync sync : {liquid::mpi::Sync::None, liquid::mpi::Sync::Barrier, liquid::mpi::Sync::Links}) {
            int rank = 0, size = 0;
            MPI_Comm_rank(comm, &rank);
            MPI_Comm_size(comm, &size);
            const auto send = random_bytes(static_cast<std::size_t>(size) * 28, rank);
            std::vector<char> got(send.size()), want(send.size());
            PMPI_Alltoall(send.data(), 7, MPI_INT, want.data(), 7, MPI_INT, comm);
            liquid::mpi::alltoall(send.data(), 7, MPI_INT, got.data(), 7, MPI_INT, comm, plan,
                                  {sync, exec.chunk_bytes > 0 ? 12 : 0, exec.pass_bytes > 0 ? 16 : 0});
            compare(comm, got, want, name + " " + liquid::mpi::sync_name(sync) + " sync");
        }
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode != "executor" && mode != "intercepted") {
        std::fprintf(stderr, "usage: mpi_alltoall_check executor|intercepted [SEED [SYNC [NETWORK [CHUNK [PASS]]]]]\n");
        MPI_Finalize();
        return 2;
    }
    intercepted = mode == "intercepted";
    if (argc > 2) seed = std::stoull(argv[2]);
    const std::string sync = argc > 3 ? argv[3] : "links";
    exec.sync = sync == "none"      ? liquid::mpi::Sync::None
                : sync == "barrier" ? liquid::mpi::Sync::Barrier
                                    : liquid::mpi::Sync::Links;
    if (argc > 4) network_spec = argv[4];
    if (argc > 5) exec.chunk_bytes = std::stoi(argv[5]);
    if (argc > 6) exec.pass_bytes = std::stoi(argv[6]);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    // Two ints every three: extent 4 ints (0, 3 | 4, 7 | ...), 8 bytes of data.
    MPI_Datatype strided;
    MPI_Type_vector(2, 1, 3, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    const std::vector<TypePair> types{{"int", MPI_INT, MPI_INT, 1, 1, 4, 4},
                                      {"strided", strided, strided, 2, 2, 16, 16},
                                      {"strided->int", strided, MPI_INT, 2, 1, 16, 4},
                                      {"int->strided", MPI_INT, strided, 1, 2, 4, 16}};
    // Oversubscribed on a CI machine, larger runs check fewer type pairs: from 16 ranks on
    // contiguous ints and the strided type received as ints, from 32 on ints only.
    const std::vector<TypePair> few = size >= 32 ? std::vector<TypePair>{types[0]} : std::vector<TypePair>{types[0], types[2]};
    check_communicator(MPI_COMM_WORLD, "world", size >= 16 ? few : types);
    MPI_Comm halves, first3;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &halves);  // reversed rank order
    check_communicator(halves, "split-parity", size >= 16 ? few : types);
    MPI_Comm_split(MPI_COMM_WORLD, rank < 3 ? 0 : 1, rank, &first3);
    check_communicator(first3, "split-first3", size >= 16 ? few : types);
    MPI_Comm_free(&halves);
    MPI_Comm_free(&first3);
    // A communicator made after those were freed: the MPI library may hand out a freed
    // handle again, and the interposer must plan it afresh, not take the plan it keeps for
    // the communicator of its last call.
    MPI_Comm again;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &again);
    check_communicator(again, "split-again", size >= 16 ? few : types);
    MPI_Comm_free(&again);
    MPI_Type_free(&strided);

    long total_checks = 0, total_failures = 0;
    MPI_Reduce(&checks, &total_checks, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&failures, &total_failures, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) std::printf("checks %ld failures %ld\n", total_checks, total_failures);
    MPI_Finalize();
    return total_failures ? 1 : 0;
}
