// Weighted plans of an MPI_Alltoallv from its count matrix (weighted_plan.hpp).
#include "liquid/plan/weighted_plan.hpp"

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>

#include "liquid/base/error.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/byte_load.hpp"

namespace liquid::plan {
namespace {

std::size_t pair_index(const RankPair& p, int ranks) {
    return static_cast<std::size_t>(p.src) * static_cast<std::size_t>(ranks) + static_cast<std::size_t>(p.dst);
}

// The network traffic of the pairs that carry bytes (sizes = bytes), and their ranks.
struct SizedTraffic {
    Traffic traffic;
    std::vector<RankPair> pairs;  // pairs[x]: the ranks of transfer x
};

SizedTraffic sized_traffic(const RankTraffic& rt, const std::vector<std::int64_t>& bytes, int ranks) {
    SizedTraffic out{Traffic(rt.traffic.link_names()), {}};
    for (std::size_t t = 0; t < rt.pairs.size(); ++t) {
        const std::int64_t b = bytes[pair_index(rt.pairs[t], ranks)];
        if (b <= 0) continue;
        const Transfer& x = rt.traffic[static_cast<int>(t)];
        out.traffic.add(x.name, x.path, x.src, x.dst, static_cast<double>(b));
        out.pairs.push_back(rt.pairs[t]);
    }
    return out;
}

// Copies the weighted schedule's frames into `out` as rank pairs with routes; returns
// each piece's bytes, frame by frame.
std::vector<std::vector<std::int64_t>> schedule_frames(const WeightedResult& r, const SizedTraffic& st, WeightedPlan& out) {
    std::vector<std::vector<std::int64_t>> piece_bytes;
    for (const WeightedFrame& frame : r.schedule.frames) {
        out.plan.frames.emplace_back();
        out.plan.links.emplace_back();
        piece_bytes.emplace_back();
        for (const Piece& x : frame.pieces) {
            out.plan.frames.back().push_back(st.pairs[x.transfer]);
            out.plan.links.back().push_back(st.traffic[x.transfer].path);
            piece_bytes.back().push_back(x.bytes);
        }
    }
    return piece_bytes;
}

// Byte ranges in frame order: each pair's pieces follow each other from offset 0. Pairs
// past piece_bytes[f] (same-host pairs appended by spread_local_pairs) are whole.
void assign_ranges(WeightedPlan& out, std::vector<std::vector<std::int64_t>> piece_bytes,
                   const std::vector<std::int64_t>& bytes) {
    const int k = out.plan.ranks;
    std::vector<std::int64_t> next(bytes.size(), 0);
    piece_bytes.resize(out.plan.frames.size());
    out.plan.links.resize(out.plan.frames.size());
    out.ranges.assign(out.plan.frames.size(), {});
    for (std::size_t f = 0; f < out.plan.frames.size(); ++f)
        for (std::size_t i = 0; i < out.plan.frames[f].size(); ++i) {
            const std::size_t at = pair_index(out.plan.frames[f][i], k);
            const std::int64_t b = i < piece_bytes[f].size() ? piece_bytes[f][i] : bytes[at];
            out.ranges[f].push_back({next[at], b});
            next[at] += b;
            if (out.plan.links[f].size() <= i) out.plan.links[f].emplace_back();
        }
}

std::string in_frame(std::size_t f, const RankPair& p) {
    return "frame " + std::to_string(f) + ": pair " + std::to_string(p.src) + "->" + std::to_string(p.dst);
}

}  // namespace

WeightedPlan plan_weighted(const Network& net, const RankTraffic& rt, const Plan& uniform, const std::vector<std::int64_t>& bytes,
                           const WeightedPlanOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const int k = uniform.ranks;
    if (bytes.size() != static_cast<std::size_t>(k) * static_cast<std::size_t>(k))
        throw InputError("count matrix", "has " + std::to_string(bytes.size()) + " entries for " + std::to_string(k) + " ranks",
                         "give K × K byte counts");
    WeightedPlan out;
    out.plan.ranks = k;
    out.plan.hosts = uniform.hosts;
    out.plan.network = uniform.network;
    out.plan.link_names = uniform.link_names;
    const SizedTraffic st = sized_traffic(rt, bytes, k);
    std::vector<std::vector<std::int64_t>> piece_bytes;
    out.method = "none";
    if (!st.traffic.empty()) {
        WeightedOptions wo;
        wo.frame_overhead_s = options.frame_overhead_s;
        wo.min_piece = options.min_piece;
        wo.time_limit_s = options.time_limit_s;
        const WeightedResult r = solve_weighted(st.traffic, link_rates(net), wo);
        piece_bytes = schedule_frames(r, st, out);
        out.time_s = r.time_s;
        out.bound_s = r.bound_s;
        out.method = r.method;
        out.optimal = r.optimal;
        out.timed_out = r.timed_out;
        out.plan.duration = r.min_frames;
    }
    std::vector<RankPair> local;
    for (const RankPair& p : rt.local)
        if (bytes[pair_index(p, k)] > 0) local.push_back(p);
    spread_local_pairs(out.plan, local);
    if (st.traffic.empty()) out.time_s = options.frame_overhead_s * out.plan.length();  // local copies only
    assign_ranges(out, std::move(piece_bytes), bytes);
    out.plan.method = "weighted " + out.method;
    out.plan.liquid = out.plan.length() == out.plan.duration;
    out.plan.optimal = out.optimal;
    out.uniform_time_s = uniform_plan_time(net, uniform, bytes, options.frame_overhead_s);
    if (const std::string problem = verify_weighted_plan(out, bytes); !problem.empty())
        throw std::logic_error("plan_weighted produced an invalid plan: " + problem);
    out.solve_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return out;
}

double uniform_plan_time(const Network& net, const Plan& uniform, const std::vector<std::int64_t>& bytes,
                         double frame_overhead_s) {
    double total = 0;
    for (std::size_t f = 0; f < uniform.frames.size(); ++f) {
        double longest = 0;
        for (std::size_t i = 0; i < uniform.frames[f].size(); ++i) {
            const std::int64_t b = bytes[pair_index(uniform.frames[f][i], uniform.ranks)];
            const std::vector<int>& route = uniform.links.at(f).at(i);
            if (b <= 0 || route.empty()) continue;
            double rate = net.link_rate(route[0]);
            for (int l : route) rate = std::min(rate, net.link_rate(l));
            longest = std::max(longest, static_cast<double>(b) / rate);
        }
        total += longest + frame_overhead_s;
    }
    return total;
}

std::string verify_weighted_plan(const WeightedPlan& wp, const std::vector<std::int64_t>& bytes) {
    const Plan& plan = wp.plan;
    const int k = plan.ranks;
    if (bytes.size() != static_cast<std::size_t>(k) * static_cast<std::size_t>(k)) return "the count matrix is not K × K";
    if (wp.ranges.size() != plan.frames.size() || plan.links.size() != plan.frames.size())
        return "ranges or routes do not match the frames";
    std::vector<std::int64_t> next(bytes.size(), 0);
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        if (wp.ranges[f].size() != plan.frames[f].size() || plan.links[f].size() != plan.frames[f].size())
            return "frame " + std::to_string(f) + ": ranges or routes do not match its pairs";
        std::set<int> used;
        for (std::size_t i = 0; i < plan.frames[f].size(); ++i) {
            const RankPair& p = plan.frames[f][i];
            if (p.src < 0 || p.dst < 0 || p.src >= k || p.dst >= k || p.src == p.dst)
                return in_frame(f, p) + " is not a pair of distinct ranks";
            const std::size_t at = pair_index(p, k);
            const ByteRange& r = wp.ranges[f][i];
            if (r.bytes <= 0) return in_frame(f, p) + " has an empty piece";
            if (r.offset != next[at])
                return in_frame(f, p) + " starts at byte " + std::to_string(r.offset) + ", not where its previous piece ended";
            next[at] += r.bytes;
            if (next[at] > bytes[at]) return in_frame(f, p) + " goes past the pair's " + std::to_string(bytes[at]) + " bytes";
            for (int l : plan.links[f][i])
                if (!used.insert(l).second) return in_frame(f, p) + " shares link " + std::to_string(l) + " with another piece";
        }
    }
    for (int s = 0; s < k; ++s)
        for (int d = 0; d < k; ++d) {
            const std::size_t at = pair_index({s, d}, k);
            if (s != d && next[at] != bytes[at])
                return "pair " + std::to_string(s) + "->" + std::to_string(d) + " gets " + std::to_string(next[at]) + " of its " +
                       std::to_string(bytes[at]) + " bytes";
        }
    return "";
}

std::vector<WeightedRankPlan> weighted_rank_plans(const WeightedPlan& wp) {
    std::vector<RankPlan> plans = rank_plans(wp.plan);
    std::vector<WeightedRankPlan> out(plans.size());
    const std::size_t frames = wp.plan.frames.size();
    for (std::size_t r = 0; r < plans.size(); ++r) {
        out[r].plan = std::move(plans[r]);
        out[r].sends.resize(frames);
        out[r].recvs.resize(frames);
    }
    // The same pass over the pairs as rank_plans, so ranges line up with send_to / recv_from.
    for (std::size_t f = 0; f < frames; ++f)
        for (std::size_t i = 0; i < wp.plan.frames[f].size(); ++i) {
            const RankPair& p = wp.plan.frames[f][i];
            out[p.src].sends[f].push_back(wp.ranges[f][i]);
            out[p.dst].recvs[f].push_back(wp.ranges[f][i]);
        }
    return out;
}

}  // namespace liquid::plan
