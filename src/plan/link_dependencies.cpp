// Per-rank frames and the Sync::Links tokens between them (link_dependencies.hpp).
#include "liquid/plan/link_dependencies.hpp"

#include "liquid/base/time_budget.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace liquid::plan {
namespace {

// Links of pair i of frame f: the routed links, or the endpoint pseudo-links 2h (out of
// host h) and 2h+1 (into host h) when the plan has no routes.
class PairLinks {
public:
    explicit PairLinks(const Plan& plan) : plan_(plan) {
        if (!plan.links.empty()) return;
        std::map<std::string, int> index;
        for (int r = 0; r < plan.ranks; ++r) {
            const int h = plan.hosts.empty() ? r : index.emplace(plan.hosts[r], static_cast<int>(index.size())).first->second;
            host_.push_back(h);
        }
    }
    const std::vector<int>& operator()(std::size_t f, std::size_t i) {
        if (!plan_.links.empty()) return plan_.links[f][i];
        const RankPair& p = plan_.frames[f][i];
        pseudo_.clear();
        if (host_[p.src] != host_[p.dst]) pseudo_ = {2 * host_[p.src], 2 * host_[p.dst] + 1};
        return pseudo_;
    }

private:
    const Plan& plan_;
    std::vector<int> host_, pseudo_;
};

struct LastUser {
    int frame = -1, receiver = -1;
};

}  // namespace

const char* sync_name(Sync sync) {
    switch (sync) {
        case Sync::None: return "none";
        case Sync::Barrier: return "barrier";
        case Sync::Links: return "links";
    }
    return "?";
}

std::vector<LinkDependency> link_dependencies(const Plan& plan) {
    PairLinks links_of(plan);
    std::vector<LastUser> last;
    std::vector<LinkDependency> out;
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        throw_if_stop_requested();  // millions of dependencies at 1 024 ranks
        const auto& frame = plan.frames[f];
        for (std::size_t i = 0; i < frame.size(); ++i)
            for (int l : links_of(f, i)) {
                if (l >= static_cast<int>(last.size())) last.resize(l + 1);
                const LastUser& u = last[l];
                if (u.frame >= 0 && u.receiver != frame[i].src)
                    out.push_back({frame[i].src, static_cast<int>(f), u.receiver, u.frame});
            }
        for (std::size_t i = 0; i < frame.size(); ++i)
            for (int l : links_of(f, i)) last[l] = {static_cast<int>(f), frame[i].dst};
    }
    // One per (sender, frame, signaller): the latest frame (sorted last among equals).
    auto key = [](const LinkDependency& d) { return std::tie(d.sender, d.frame, d.signaller); };
    std::sort(out.begin(), out.end(), [&](const LinkDependency& a, const LinkDependency& b) {
        return std::tie(a.sender, a.frame, a.signaller, b.after) < std::tie(b.sender, b.frame, b.signaller, a.after);
    });
    out.erase(
        std::unique(out.begin(), out.end(), [&](const LinkDependency& a, const LinkDependency& b) { return key(a) == key(b); }),
        out.end());
    return out;
}

std::vector<RankPlan> rank_plans(const Plan& plan) {
    std::vector<RankPlan> out(plan.ranks);
    for (int r = 0; r < plan.ranks; ++r) out[r] = {r, plan.ranks, std::vector<RankFrame>(plan.frames.size())};
    for (std::size_t f = 0; f < plan.frames.size(); ++f)
        for (const RankPair& p : plan.frames[f]) {
            out[p.src].frames[f].send_to.push_back(p.dst);
            out[p.dst].frames[f].recv_from.push_back(p.src);
        }
    for (const LinkDependency& d : link_dependencies(plan)) {
        out[d.sender].frames[d.frame].wait_for.push_back(d.signaller);
        out[d.signaller].frames[d.after].signal.push_back({d.sender, d.frame});
    }
    return out;
}

RankPlan rank_plan(const Plan& plan, int rank) {
    RankPlan out{rank, plan.ranks, std::vector<RankFrame>(plan.frames.size())};
    for (std::size_t f = 0; f < plan.frames.size(); ++f)
        for (const RankPair& p : plan.frames[f]) {
            if (p.src == rank) out.frames[f].send_to.push_back(p.dst);
            if (p.dst == rank) out.frames[f].recv_from.push_back(p.src);
        }
    for (const LinkDependency& d : link_dependencies(plan)) {
        if (d.sender == rank) out.frames[d.frame].wait_for.push_back(d.signaller);
        if (d.signaller == rank) out.frames[d.after].signal.push_back({d.sender, d.frame});
    }
    return out;
}

}  // namespace liquid::plan
