// Link-pair counting bound (see counting_bound.hpp): |A ∪ B ∪ C| minus a maximum matching
// of non-congesting (A, B) pairs.
#include "sched/counting_bound.hpp"

#include <algorithm>
#include <iterator>
#include <span>
#include <vector>

#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/incidence.hpp"

namespace liquid::sched {
namespace {

/// Maximum bipartite matching by augmenting paths (Kuhn), stopping once it reaches
/// `enough` (the bound cannot beat the target any more). Edges: transfers not congesting.
class PairMatching {
public:
    PairMatching(const Traffic& t, const std::vector<int>& left, const std::vector<int>& right)
        : t_(t), left_(left), right_(right), match_right_(right.size(), -1), visited_(right.size(), 0) {}

    /// Stops (returning `enough`, i.e. no bound) when `poll` reports the deadline.
    int run(int enough, DeadlinePoll* poll) {
        int size = 0;
        for (std::size_t x = 0; x < left_.size() && size < enough; ++x) {
            if (poll && poll->expired()) return enough;
            ++round_;
            if (augment(x)) ++size;
        }
        return size;
    }

private:
    bool compatible(std::size_t x, std::size_t y) const { return !t_[left_[x]].links.intersects(t_[right_[y]].links); }
    bool augment(std::size_t x) {
        for (std::size_t y = 0; y < right_.size(); ++y) {
            if (visited_[y] == round_ || !compatible(x, y)) continue;
            visited_[y] = round_;
            if (match_right_[y] < 0 || augment(static_cast<std::size_t>(match_right_[y]))) {
                match_right_[y] = static_cast<int>(x);
                return true;
            }
        }
        return false;
    }
    const Traffic& t_;
    const std::vector<int>& left_;
    const std::vector<int>& right_;
    std::vector<int> match_right_;
    std::vector<int> visited_;
    int round_ = 0;
};

/// The pair bound if it exceeds `at_least`, else at most `at_least`.
int pair_bound(const Traffic& t, std::span<const int> ua, std::span<const int> ub, int at_least, DeadlinePoll* poll) {
    std::vector<int> a_only, b_only;
    std::set_difference(ua.begin(), ua.end(), ub.begin(), ub.end(), std::back_inserter(a_only));
    std::set_difference(ub.begin(), ub.end(), ua.begin(), ua.end(), std::back_inserter(b_only));
    const int both = static_cast<int>(ua.size() - a_only.size());
    const int all = static_cast<int>(a_only.size() + b_only.size()) + both;
    if (all <= at_least) return all;
    // The bound beats at_least iff the matching stays below all - at_least.
    const int enough = all - at_least;
    PairMatching m(t, a_only.size() <= b_only.size() ? a_only : b_only, a_only.size() <= b_only.size() ? b_only : a_only);
    return all - m.run(enough, poll);
}

}  // namespace

int link_pair_bound(const Traffic& traffic, int link_a, int link_b) {
    const Incidence users = link_users(traffic);
    return pair_bound(traffic, users.row(link_a), users.row(link_b), 0, nullptr);
}

CountingBound link_pair_bound(const Traffic& traffic, int at_least, const Deadline& deadline) {
    CountingBound best;
    const Incidence users = link_users(traffic);
    std::vector<int> links;
    for (int l = 0; l < users.rows(); ++l)
        if (!users.row(l).empty()) links.push_back(l);
    auto load = [&](int l) { return static_cast<int>(users.row(l).size()); };
    std::stable_sort(links.begin(), links.end(), [&](int a, int b) { return load(a) > load(b); });
    int target = at_least;
    DeadlinePoll poll(deadline, 8);
    for (std::size_t i = 0; i < links.size(); ++i) {
        // Pairs in descending load; |A ∪ B ∪ C| <= λ(a) + λ(b), so later pairs cannot win.
        for (std::size_t j = i + 1; j < links.size() && load(links[i]) + load(links[j]) > target; ++j) {
            if (deadline.expired()) {
                best.complete = false;
                return best;
            }
            const int b = pair_bound(traffic, users.row(links[i]), users.row(links[j]), target, &poll);
            if (b > target) best = {b, links[i], links[j], true}, target = b;
        }
    }
    return best;
}

}  // namespace liquid::sched
