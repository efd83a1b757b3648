// MPI_Alltoallv count matrices of a planned communicator: which cached matrix a call has
// (one all-reduce), and on a miss the gather of the matrix to rank 0, its weighted plan,
// rank 0's choice of path (weighted plan, uniform plan, MPI library) and why, and each
// rank's part. The path depends only on the matrix and rank 0's settings, so every rank
// takes the same one.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "interposer.hpp"
#include "liquid/base/error.hpp"
#include "liquid/mpi/weighted_executor.hpp"

namespace liquid::mpi::interposer {
namespace {

// What rank 0 decides for one matrix.
struct Decision {
    VPath path = VPath::Uniform;
    std::string reason;
    std::optional<plan::WeightedPlan> plan;
};

std::string ms(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g ms", seconds * 1e3);
    return text;
}

std::string seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", s);
    return text;
}

// The cost of a synchronised frame: the median of a few barriers, as rank 0 sees them.
double measure_frame_overhead(MPI_Comm comm) {
    std::vector<double> times;
    PMPI_Barrier(comm);
    for (int i = 0; i < 5; ++i) {
        const double start = PMPI_Wtime();
        PMPI_Barrier(comm);
        times.push_back(PMPI_Wtime() - start);
    }
    std::nth_element(times.begin(), times.begin() + 2, times.end());
    return times[2];
}

bool crosses_network(const RootState& root, const std::vector<std::int64_t>& bytes, int ranks) {
    for (const plan::RankPair& p : root.traffic.pairs)
        if (bytes[static_cast<std::size_t>(p.src) * ranks + p.dst] > 0) return true;
    return false;
}

std::int64_t largest_piece(const plan::WeightedPlan& wp) {
    std::int64_t most = 0;
    for (const auto& frame : wp.ranges)
        for (const plan::ByteRange& r : frame) most = std::max(most, r.bytes);
    return most;
}

// Rank 0: the weighted plan of the matrix, and which path runs it.
Decision decide(const CommunicatorPlan& p, const std::vector<std::int64_t>& bytes) {
    Decision d;
    if (!p.root) {
        d.reason = "no network to plan the counts on (LIQUID_PLAN gives frames, not routes): uniform plan";
        return d;
    }
    if (!crosses_network(*p.root, bytes, p.ranks)) {
        d.path = VPath::Library;
        d.reason = "no byte crosses the network (shared memory): MPI library";
        return d;
    }
    plan::WeightedPlanOptions o;
    o.time_limit_s = p.v_time_limit_s;
    o.frame_overhead_s = p.frame_overhead_s;
    o.min_piece = std::max<long long>(1, p.v_min_piece);
    try {
        d.plan = plan::plan_weighted(*p.root->network, p.root->traffic, p.root->uniform, bytes, o);
    } catch (const InputError& e) {
        d.reason = std::string("the weighted scheduler refused the counts (") + e.what() + "): uniform plan";
        return d;
    }
    const plan::WeightedPlan& wp = *d.plan;
    const std::string times = "T* " + ms(wp.bound_s) + ", planned " + ms(wp.time_s) + ", uniform plan " + ms(wp.uniform_time_s) +
                              " (frame cost " + ms(p.frame_overhead_s) + ")";
    if (largest_piece(wp) > INT_MAX) {
        d.reason = "a piece exceeds 2^31-1 bytes: uniform plan; " + times;
    } else if (wp.time_s < wp.uniform_time_s) {
        d.path = VPath::Weighted;
        d.reason = "weighted plan: " + std::to_string(wp.plan.length()) + " frames (" + wp.method + "), " + times +
                   (wp.timed_out ? "; the budget ran out, best found so far" : "");
    } else if (wp.timed_out) {
        d.reason = "budget ran out (LIQUID_V_TIME_LIMIT=" + seconds(p.v_time_limit_s) +
                   ") before a plan faster than the uniform one: uniform plan; " + times;
    } else {
        d.reason = "the uniform plan is as fast: uniform plan; " + times;
    }
    return d;
}

// Rank 0 gathers the rows (K × K long longs) and decides; every rank learns the outcome.
MatrixReport plan_on_every_rank(CommunicatorPlan& p, const std::vector<long long>& row, std::optional<Decision>& decided) {
    int rank = 0;
    PMPI_Comm_rank(p.comm, &rank);
    std::vector<long long> matrix(rank == 0 ? static_cast<std::size_t>(p.ranks) * p.ranks : 0);
    PMPI_Gather(row.data(), p.ranks, MPI_LONG_LONG, matrix.data(), p.ranks, MPI_LONG_LONG, 0, p.comm);
    MatrixReport m;
    double numbers[5] = {};
    long long header[2] = {};
    if (rank == 0) {
        decided = decide(p, std::vector<std::int64_t>(matrix.begin(), matrix.end()));
        m.reason = decided->reason;
        header[0] = static_cast<long long>(decided->path);
        if (decided->plan) {
            header[1] = decided->plan->plan.length();
            numbers[0] = decided->plan->time_s;
            numbers[1] = decided->plan->uniform_time_s;
            numbers[2] = decided->plan->bound_s;
        }
        numbers[3] = p.frame_overhead_s;
    }
    PMPI_Bcast(header, 2, MPI_LONG_LONG, 0, p.comm);
    PMPI_Bcast(numbers, 5, MPI_DOUBLE, 0, p.comm);
    broadcast_string(m.reason, p.comm);
    m.path = static_cast<VPath>(header[0]);
    m.frames = static_cast<int>(header[1]);
    m.planned_s = numbers[0];
    m.uniform_s = numbers[1];
    m.bound_s = numbers[2];
    p.frame_overhead_s = numbers[3];  // rank 0's measure, on every rank (the report shows it)
    return m;
}

}  // namespace

const char* path_name(VPath path) {
    switch (path) {
        case VPath::Weighted: return "weighted";
        case VPath::Uniform: return "uniform";
        case VPath::Library: return "library";
    }
    return "?";
}

AlltoallvCall match_matrix(CommunicatorPlan& p, const std::vector<long long>& row, bool contiguous_here) {
    // MAX over ranks of: the largest block, "a type is not contiguous", and per cached
    // matrix "my row differs" (so 0 means every rank's row matches).
    std::vector<long long> values{*std::max_element(row.begin(), row.end()), contiguous_here ? 0 : 1};
    for (const MatrixPlan& m : p.matrices) values.push_back(m.row == row ? 0 : 1);
    PMPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_LONG_LONG, MPI_MAX, p.comm);
    AlltoallvCall call;
    call.block = values[0];
    call.contiguous = values[1] == 0;
    for (std::size_t i = 0; i < p.matrices.size(); ++i)
        if (values[i + 2] == 0) {
            std::rotate(p.matrices.begin(), p.matrices.begin() + static_cast<std::ptrdiff_t>(i),
                        p.matrices.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            call.cached = &p.matrices.front();
            break;
        }
    return call;
}

MatrixPlan& plan_matrix(CommunicatorPlan& p, std::vector<long long> row, CommunicatorReport& listed) {
    const auto start = std::chrono::steady_clock::now();
    int rank = 0;
    PMPI_Comm_rank(p.comm, &rank);
    if (p.frame_overhead_s < 0) p.frame_overhead_s = measure_frame_overhead(p.comm);
    std::optional<Decision> decided;
    MatrixReport m = plan_on_every_rank(p, row, decided);
    MatrixPlan entry;
    entry.row = std::move(row);
    entry.path = m.path;
    if (m.path == VPath::Weighted) entry.plan = scatter_weighted_rank_plan(decided ? &*decided->plan : nullptr, p.comm);
    m.planning_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    listed.frame_cost_s = p.frame_overhead_s;
    entry.report_index = listed.matrices.size();
    if (listed.matrices.size() < kListedMatrices) listed.matrices.push_back(std::move(m));
    else ++listed.matrices_not_listed;
    p.matrices.push_front(std::move(entry));
    if (p.matrices.size() > kCachedMatrices) p.matrices.pop_back();
    return p.matrices.front();
}

}  // namespace liquid::mpi::interposer
