#pragma once
// A rank's plan as integers, and the scatter of each rank's integers from rank 0: how the
// uniform and the weighted plans travel (plan_broadcast.cpp, weighted_executor.cpp).
#include <mpi.h>

#include <cstddef>
#include <vector>

#include "liquid/plan/plan.hpp"

namespace liquid::mpi {

/// Per frame: sends, receives, tokens awaited, tokens signalled (rank, frame), each
/// preceded by its count; the frame count first.
template <class Int>
void encode_rank_plan(const plan::RankPlan& plan, std::vector<Int>& out) {
    out.push_back(static_cast<Int>(plan.frames.size()));
    for (const plan::RankFrame& f : plan.frames) {
        for (const auto* list : {&f.send_to, &f.recv_from, &f.wait_for}) {
            out.push_back(static_cast<Int>(list->size()));
            out.insert(out.end(), list->begin(), list->end());
        }
        out.push_back(static_cast<Int>(f.signal.size()));
        for (const plan::Token& t : f.signal) out.insert(out.end(), {static_cast<Int>(t.rank), static_cast<Int>(t.frame)});
    }
}

/// Reads what encode_rank_plan wrote, from in[at]; `at` ends past it.
template <class Int>
plan::RankPlan decode_rank_plan(const std::vector<Int>& in, std::size_t& at, int rank, int ranks) {
    plan::RankPlan plan{rank, ranks, std::vector<plan::RankFrame>(in.empty() ? 0 : static_cast<std::size_t>(in[at]))};
    if (!in.empty()) ++at;
    auto list = [&](std::vector<int>& v) {
        const auto n = static_cast<std::size_t>(in[at++]);
        for (std::size_t k = 0; k < n; ++k) v.push_back(static_cast<int>(in[at++]));
    };
    for (plan::RankFrame& f : plan.frames) {
        list(f.send_to);
        list(f.recv_from);
        list(f.wait_for);
        const auto n = static_cast<std::size_t>(in[at++]);
        for (std::size_t k = 0; k < n; ++k, at += 2) f.signal.push_back({static_cast<int>(in[at]), static_cast<int>(in[at + 1])});
    }
    return plan;
}

/// Collective over `comm`: rank 0 passes every rank's integers (`type` is their MPI type),
/// each rank returns its own.
template <class Int>
std::vector<Int> scatter_parts(const std::vector<std::vector<Int>>& parts_on_root, MPI_Datatype type, MPI_Comm comm) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<Int> all;
    std::vector<int> counts(size), displs(size);
    if (rank == 0)
        for (int r = 0; r < size; ++r) {
            displs[r] = static_cast<int>(all.size());
            all.insert(all.end(), parts_on_root[r].begin(), parts_on_root[r].end());
            counts[r] = static_cast<int>(parts_on_root[r].size());
        }
    int mine = 0;
    MPI_Scatter(counts.data(), 1, MPI_INT, &mine, 1, MPI_INT, 0, comm);
    std::vector<Int> part(mine);
    MPI_Scatterv(all.data(), counts.data(), displs.data(), type, part.data(), mine, type, 0, comm);
    return part;
}

}  // namespace liquid::mpi
