#include "liquid/plan/plan.hpp"

#include <chrono>
#include <set>
#include <utility>

#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/plan/frame_order.hpp"

namespace liquid::plan {

RankTraffic rank_traffic(const Network& net, const std::vector<int>& host_of_rank) {
    std::vector<std::string> link_names;
    for (const Link& l : net.links()) link_names.push_back(l.name);
    RankTraffic out{Traffic(link_names), {}, {}};
    out.traffic.set_lattice(net.lattice());  // one rank per host of a whole torus: its translations apply
    const int k = static_cast<int>(host_of_rank.size());
    for (int s = 0; s < k; ++s) {
        throw_if_out_of_budget();  // a million pairs at 1 024 ranks: a signal or --time-limit ends them
        const int hs = host_of_rank[s];
        std::vector<int> receivers;  // ranks on other hosts; one search routes them all
        for (int d = 0; d < k; ++d) {
            if (s == d) continue;
            if (host_of_rank[d] == hs) out.local.push_back({s, d});
            else receivers.push_back(d);
        }
        std::vector<int> hosts;
        hosts.reserve(receivers.size());
        for (int d : receivers) hosts.push_back(host_of_rank[d]);
        std::vector<std::vector<int>> routes = net.routing().routes_from(net, hs, hosts);
        for (std::size_t i = 0; i < receivers.size(); ++i) {
            const int d = receivers[i];
            out.traffic.add(std::to_string(s) + "-" + std::to_string(d), std::move(routes[i]), hs, host_of_rank[d]);
            out.pairs.push_back({s, d});
        }
    }
    return out;
}

void route_plan(Plan& plan, const RankTraffic& traffic) {
    const long long k = plan.ranks;
    std::vector<int> transfer_of(static_cast<std::size_t>(k * k), -1);
    for (std::size_t t = 0; t < traffic.pairs.size(); ++t)
        transfer_of[static_cast<std::size_t>(traffic.pairs[t].src * k + traffic.pairs[t].dst)] = static_cast<int>(t);
    std::vector<char> local(static_cast<std::size_t>(k * k), 0);
    for (const RankPair& p : traffic.local) local[static_cast<std::size_t>(p.src * k + p.dst)] = 1;
    plan.links.assign(plan.frames.size(), {});
    plan.link_names = traffic.traffic.link_names();
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        throw_if_stop_requested();  // a million routes copied at 1 024 ranks
        for (const RankPair& p : plan.frames[f]) {
            const std::size_t at = static_cast<std::size_t>(p.src * k + p.dst);
            if (local[at]) {
                plan.links[f].emplace_back();
                continue;
            }
            if (transfer_of[at] < 0)
                throw InputError("plan", "pair " + std::to_string(p.src) + "->" + std::to_string(p.dst) + " has no route",
                                 "give the network and rank map the plan was made for");
            plan.links[f].push_back(traffic.traffic[transfer_of[at]].path);
        }
    }
}

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void spread_local_pairs(Plan& plan, const std::vector<RankPair>& local) {
    if (local.empty()) return;
    if (plan.frames.empty()) plan.frames.resize(1);
    const int k = plan.ranks, frames = plan.length();
    for (const RankPair& p : local) plan.frames[((p.dst - p.src + k) % k) % frames].push_back(p);
}

PlanResult build_plan(const Network& net, const std::vector<int>& host_of_rank, const SolveOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    PlanResult out;
    Plan& plan = out.plan;
    plan.ranks = static_cast<int>(host_of_rank.size());
    for (int h : host_of_rank) plan.hosts.push_back(net.node(h).name);
    plan.network = net.name();
    plan.method = method_name(options.method);
    RankTraffic rt = rank_traffic(net, host_of_rank);
    if (!rt.traffic.empty()) {
        out.solve = solve(rt.traffic, options);
        for (const auto& frame : out.solve.schedule.frames) {
            plan.frames.emplace_back();
            for (int t : frame) plan.frames.back().push_back(rt.pairs[t]);
        }
        plan.duration = out.solve.duration;
        plan.liquid = out.solve.liquid;
        plan.optimal = out.solve.optimal;
    } else {
        plan.liquid = plan.optimal = true;  // nothing crosses the network
    }
    spread_local_pairs(plan, rt.local);
    throw_if_stop_requested();
    route_plan(plan, rt);
    separate_reverse_pairs(plan);
    throw_if_stop_requested();
    if (std::string problem = verify_plan(plan); !problem.empty())
        throw std::logic_error("build_plan produced an invalid plan: " + problem);
    out.planning_ms = ms_since(start);
    return out;
}

namespace {

// "frame F: pair S->D", the start of every problem verify_plan names (built only on failure).
std::string pair_in_frame(std::size_t f, const RankPair& p) {
    return "frame " + std::to_string(f) + ": pair " + std::to_string(p.src) + "->" + std::to_string(p.dst);
}

// The routes of a plan: one per pair, links named, and the frames non-congesting.
std::string verify_routes(const Plan& plan) {
    if (plan.links.size() != plan.frames.size())
        return "the plan has routes for " + std::to_string(plan.links.size()) + " frames, not " +
               std::to_string(plan.frames.size());
    const auto links = static_cast<int>(plan.link_names.size());
    std::vector<std::pair<int, int>> user(plan.link_names.size(), {-1, -1});  // (frame, pair) last on each link
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        if (plan.links[f].size() != plan.frames[f].size())
            return "frame " + std::to_string(f) + " has " + std::to_string(plan.frames[f].size()) + " pairs and " +
                   std::to_string(plan.links[f].size()) + " routes";
        for (std::size_t i = 0; i < plan.frames[f].size(); ++i)
            for (int l : plan.links[f][i]) {
                const auto where = [&] { return pair_in_frame(f, plan.frames[f][i]); };
                if (l < 0 || l >= links) return where() + " uses link " + std::to_string(l) + ", which has no name";
                const std::pair<int, int> here{static_cast<int>(f), static_cast<int>(i)};
                if (user[l] == here) return where() + " uses link " + plan.link_names[l] + " twice";
                if (user[l].first == here.first)
                    return where() + " shares link " + plan.link_names[l] + " with another pair of its frame";
                user[l] = here;
            }
    }
    return "";
}

}  // namespace

std::string verify_plan(const Plan& plan) {
    const int k = plan.ranks;
    if (k < 0) return "the plan has a negative number of ranks";
    if (!plan.hosts.empty() && static_cast<int>(plan.hosts.size()) != k)
        return "the plan names " + std::to_string(plan.hosts.size()) + " hosts for " + std::to_string(k) + " ranks";
    std::vector<char> seen(static_cast<std::size_t>(k) * k, 0);
    for (std::size_t f = 0; f < plan.frames.size(); ++f)
        for (const RankPair& p : plan.frames[f]) {
            const auto where = [&] { return pair_in_frame(f, p); };
            if (p.src < 0 || p.src >= k || p.dst < 0 || p.dst >= k)
                return where() + " names a rank outside 0.." + std::to_string(k - 1);
            if (p.src == p.dst) return where() + " is a self-transfer (done locally, not planned)";
            char& s = seen[static_cast<std::size_t>(p.src) * k + p.dst];
            if (s) return where() + " appears twice";
            s = 1;
        }
    for (int s = 0; s < k; ++s)
        for (int d = 0; d < k; ++d)
            if (s != d && !seen[static_cast<std::size_t>(s) * k + d])
                return "pair " + std::to_string(s) + "->" + std::to_string(d) + " is in no frame";
    return plan.links.empty() ? "" : verify_routes(plan);
}

std::vector<int> one_rank_per_host(const Network& net) { return net.hosts(); }

}  // namespace liquid::plan
