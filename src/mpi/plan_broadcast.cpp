#include <vector>

#include "liquid/mpi/executor.hpp"
#include "rank_plan_codec.hpp"

namespace liquid::mpi {
namespace {

// length, duration, liquid, optimal, then per frame its pair count and the pairs.
std::vector<long long> encode(const plan::Plan& plan) {
    std::vector<long long> out{plan.length(), plan.duration, plan.liquid, plan.optimal};
    for (const auto& frame : plan.frames) {
        out.push_back(static_cast<long long>(frame.size()));
        for (const plan::RankPair& p : frame) out.insert(out.end(), {p.src, p.dst});
    }
    return out;
}

plan::Plan decode(const std::vector<long long>& in, int ranks) {
    plan::Plan plan;
    plan.ranks = ranks;
    plan.frames.resize(in[0]);
    plan.duration = static_cast<int>(in[1]);
    plan.liquid = in[2] != 0;
    plan.optimal = in[3] != 0;
    std::size_t i = 4;
    for (auto& frame : plan.frames) {
        const long long n = in[i++];
        for (long long k = 0; k < n; ++k, i += 2) frame.push_back({static_cast<int>(in[i]), static_cast<int>(in[i + 1])});
    }
    return plan;
}

}  // namespace

plan::RankPlan scatter_rank_plan(const plan::Plan* plan_on_root, MPI_Comm comm) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<std::vector<int>> parts(rank == 0 ? size : 0);
    if (rank == 0) {
        const std::vector<plan::RankPlan> plans = plan::rank_plans(*plan_on_root);
        for (int r = 0; r < size; ++r) encode_rank_plan(plans[r], parts[r]);
    }
    std::size_t at = 0;
    return decode_rank_plan(scatter_parts(parts, MPI_INT, comm), at, rank, size);
}

plan::Plan broadcast_plan(const plan::Plan* plan_on_root, MPI_Comm comm) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<long long> encoded;
    long long n = 0;
    if (rank == 0) {
        encoded = encode(*plan_on_root);
        n = static_cast<long long>(encoded.size());
    }
    MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, comm);
    encoded.resize(n);
    MPI_Bcast(encoded.data(), static_cast<int>(n), MPI_LONG_LONG, 0, comm);
    if (rank == 0) return *plan_on_root;
    return decode(encoded, size);
}

}  // namespace liquid::mpi
