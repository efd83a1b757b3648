// i→j and j→i in different frames (frame_order.hpp).
#include "liquid/plan/frame_order.hpp"

#include "liquid/base/time_budget.hpp"

#include <stdexcept>
#include <string>
#include <unordered_map>

namespace liquid::plan {
namespace {

// Which links each frame uses, and where each pair is.
class FrameUse {
public:
    explicit FrameUse(const Plan& plan) : ranks_(plan.ranks), used_(plan.frames.size()) {
        for (std::size_t f = 0; f < plan.frames.size(); ++f)
            for (std::size_t i = 0; i < plan.frames[f].size(); ++i) {
                for (int l : plan.links[f][i]) ++count(f, l);
                where_[key(plan.frames[f][i])] = {static_cast<int>(f), static_cast<int>(i)};
            }
    }
    int& count(std::size_t f, int link) {
        auto& v = used_[f];
        if (link >= static_cast<int>(v.size())) v.resize(link + 1, 0);
        return v[link];
    }
    bool free(std::size_t f, const std::vector<int>& links) {
        for (int l : links)
            if (l < static_cast<int>(used_[f].size()) && used_[f][l] > 0) return false;
        return true;
    }
    long long key(const RankPair& p) const { return static_cast<long long>(p.src) * ranks_ + p.dst; }
    std::pair<int, int>& where(const RankPair& p) { return where_[key(p)]; }
    int frame_of(const RankPair& p) const {
        const auto it = where_.find(key(p));
        return it == where_.end() ? -1 : it->second.first;
    }

private:
    int ranks_;
    std::vector<std::vector<int>> used_;
    std::unordered_map<long long, std::pair<int, int>> where_;
};

// Moves pair i of frame f to the first frame where its links are free; false if none.
bool move_pair(Plan& plan, FrameUse& use, int f, int i) {
    const std::vector<int> links = plan.links[f][i];
    for (int h = 0; h < plan.length(); ++h) {
        if (h == f || !use.free(h, links)) continue;
        const RankPair p = plan.frames[f][i];
        // Remove by swapping with the last pair of frame f (update that pair's position).
        const int last = static_cast<int>(plan.frames[f].size()) - 1;
        use.where(plan.frames[f][last]) = {f, i};
        std::swap(plan.frames[f][i], plan.frames[f][last]);
        std::swap(plan.links[f][i], plan.links[f][last]);
        plan.frames[f].pop_back();
        plan.links[f].pop_back();
        for (int l : links) --use.count(f, l), ++use.count(h, l);
        plan.frames[h].push_back(p);
        plan.links[h].push_back(links);
        use.where(p) = {h, static_cast<int>(plan.frames[h].size()) - 1};
        return true;
    }
    return false;
}

// "" when no frame uses a link more often than it did before the pass.
std::string check_links(const Plan& plan, const std::vector<int>& max_use_before) {
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        std::unordered_map<int, int> use;
        for (const auto& links : plan.links[f])
            for (int l : links)
                if (++use[l] > std::max(1, max_use_before[f]))
                    return "frame " + std::to_string(f) + " uses link " + std::to_string(l) + " twice";
    }
    return "";
}

std::vector<int> max_link_use(const Plan& plan) {
    std::vector<int> out;
    for (const auto& frame : plan.links) {
        std::unordered_map<int, int> use;
        int most = 0;
        for (const auto& links : frame)
            for (int l : links) most = std::max(most, ++use[l]);
        out.push_back(most);
    }
    return out;
}

}  // namespace

int reverse_pairs_sharing_a_frame(const Plan& plan) {
    int n = 0;
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        std::unordered_map<long long, bool> in_frame;
        for (std::size_t i = 0; i < plan.frames[f].size(); ++i)
            if (plan.links.empty() || !plan.links[f][i].empty())
                in_frame[static_cast<long long>(plan.frames[f][i].src) * plan.ranks + plan.frames[f][i].dst] = true;
        for (const RankPair& p : plan.frames[f])
            if (p.src < p.dst && in_frame.count(static_cast<long long>(p.src) * plan.ranks + p.dst) &&
                in_frame.count(static_cast<long long>(p.dst) * plan.ranks + p.src))
                ++n;
    }
    return n;
}

int separate_reverse_pairs(Plan& plan) {
    if (plan.links.empty()) return 0;
    const std::vector<int> before = max_link_use(plan);
    const bool was_valid = verify_plan(plan).empty();
    throw_if_stop_requested();
    FrameUse use(plan);
    int moved = 0;
    for (int f = 0; f < plan.length(); ++f) {
        throw_if_stop_requested();  // seconds at 1 024 ranks
        for (std::size_t i = 0; i < plan.frames[f].size(); ++i) {
            const RankPair p = plan.frames[f][i];
            if (p.src > p.dst || plan.links[f][i].empty()) continue;
            if (use.frame_of({p.dst, p.src}) != f) continue;
            // Move j→i (or, if it fits nowhere, i→j); a moved pair leaves frame f for good.
            if (move_pair(plan, use, f, use.where({p.dst, p.src}).second) || move_pair(plan, use, f, use.where(p).second)) {
                ++moved;
                i = static_cast<std::size_t>(-1);  // frame f changed: rescan it
            }
        }
    }
    throw_if_stop_requested();
    if (std::string problem = verify_plan(plan); was_valid && !problem.empty())
        throw std::logic_error("separate_reverse_pairs broke the plan: " + problem);
    if (std::string problem = check_links(plan, before); !problem.empty())
        throw std::logic_error("separate_reverse_pairs broke a simultaneity: " + problem);
    return moved;
}

}  // namespace liquid::plan
