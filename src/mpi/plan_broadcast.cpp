#include <vector>

#include "liquid/mpi/executor.hpp"

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

// Per frame: sends, receives, tokens awaited, tokens signalled (rank, frame), each
// preceded by its count.
void encode_rank_plan(const plan::RankPlan& plan, std::vector<int>& out) {
    out.push_back(static_cast<int>(plan.frames.size()));
    for (const plan::RankFrame& f : plan.frames) {
        for (const auto* list : {&f.send_to, &f.recv_from, &f.wait_for}) {
            out.push_back(static_cast<int>(list->size()));
            out.insert(out.end(), list->begin(), list->end());
        }
        out.push_back(static_cast<int>(f.signal.size()));
        for (const plan::Token& t : f.signal) out.insert(out.end(), {t.rank, t.frame});
    }
}

plan::RankPlan decode_rank_plan(const std::vector<int>& in, int rank, int ranks) {
    plan::RankPlan plan{rank, ranks, std::vector<plan::RankFrame>(in.empty() ? 0 : in[0])};
    std::size_t i = 1;
    auto list = [&](std::vector<int>& v) {
        const int n = in[i++];
        v.assign(in.begin() + static_cast<std::ptrdiff_t>(i), in.begin() + static_cast<std::ptrdiff_t>(i) + n);
        i += n;
    };
    for (plan::RankFrame& f : plan.frames) {
        list(f.send_to);
        list(f.recv_from);
        list(f.wait_for);
        const int n = in[i++];
        for (int k = 0; k < n; ++k, i += 2) f.signal.push_back({in[i], in[i + 1]});
    }
    return plan;
}

}  // namespace

plan::RankPlan scatter_rank_plan(const plan::Plan* plan_on_root, MPI_Comm comm) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<int> all, counts(size), displs(size);
    if (rank == 0) {
        const std::vector<plan::RankPlan> plans = plan::rank_plans(*plan_on_root);
        for (int r = 0; r < size; ++r) {
            displs[r] = static_cast<int>(all.size());
            encode_rank_plan(plans[r], all);
            counts[r] = static_cast<int>(all.size()) - displs[r];
        }
    }
    int mine = 0;
    MPI_Scatter(counts.data(), 1, MPI_INT, &mine, 1, MPI_INT, 0, comm);
    std::vector<int> encoded(mine);
    MPI_Scatterv(all.data(), counts.data(), displs.data(), MPI_INT, encoded.data(), mine, MPI_INT, 0, comm);
    return decode_rank_plan(encoded, rank, size);
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
