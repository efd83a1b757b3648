// Symmetry detection with bliss and free abelian subgroups (see symmetry.hpp).
#include "sched/symmetry.hpp"

#include "liquid/base/deadline.hpp"
#include "liquid/base/rng.hpp"
#include "sched/child_process.hpp"

#include <bliss/graph.hh>

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_set>

namespace liquid::sched {
namespace {

/// Uniform index in [0, n) from the project's portable RNG.
std::size_t below(Rng& rng, std::size_t n) { return rng.below(static_cast<std::uint32_t>(n)); }

using Clock = std::chrono::steady_clock;

// bliss handles incidence graphs of this many edges per millisecond on this project's
// reference machine with a wide margin (torus:6x6 all-to-all: 8 600 edges, < 10 ms).
constexpr double kEdgesPerMs = 2000.0;

struct PermutationHash {
    std::size_t operator()(const TransferPermutation& p) const {
        std::uint64_t h = 1469598103934665603ULL;
        for (int v : p) h = (h ^ static_cast<std::uint64_t>(v)) * 1099511628211ULL;
        return static_cast<std::size_t>(h);
    }
};
using PermutationSet = std::unordered_set<TransferPermutation, PermutationHash>;

/// (a ∘ b)(t) = a(b(t)).
TransferPermutation compose(const TransferPermutation& a, const TransferPermutation& b) {
    TransferPermutation c(b.size());
    for (std::size_t t = 0; t < b.size(); ++t) c[t] = a[static_cast<std::size_t>(b[t])];
    return c;
}

TransferPermutation identity(int n) {
    TransferPermutation p(static_cast<std::size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    return p;
}

bool fixes_a_transfer(const TransferPermutation& p) {
    for (std::size_t t = 0; t < p.size(); ++t)
        if (p[t] == static_cast<int>(t)) return true;
    return false;
}

/// The common cycle length when every cycle of p has the same length (p generates a
/// cyclic group acting freely), else 0.
int uniform_cycle_length(const TransferPermutation& p) {
    std::vector<char> seen(p.size(), 0);
    int common = 0;
    for (std::size_t t = 0; t < p.size(); ++t) {
        if (seen[t]) continue;
        int len = 0;
        for (std::size_t u = t; !seen[u]; u = static_cast<std::size_t>(p[u])) seen[u] = 1, ++len;
        if (common == 0) common = len;
        if (len != common) return 0;
    }
    return common;
}

struct HookData {
    int transfers;
    std::vector<TransferPermutation>* out;
};

void on_generator(void* user, unsigned int, const unsigned int* aut) {
    auto* d = static_cast<HookData*>(user);
    TransferPermutation p(static_cast<std::size_t>(d->transfers));
    for (int t = 0; t < d->transfers; ++t) p[static_cast<std::size_t>(t)] = static_cast<int>(aut[t]);
    // Generators that only swap merged-away structure act trivially on transfers.
    if (p != identity(d->transfers)) d->out->push_back(std::move(p));
}

/// Elements to search subgroups in: the whole group by closure when it fits `cap`, else
/// `cap` seeded elements by product replacement (Celler, Leedham-Green, Murray, Niemeyer &
/// O'Brien, "Generating random elements of a finite group", 1995): one composition each.
std::vector<TransferPermutation> element_pool(const TrafficSymmetry& g, int n, std::size_t cap, std::uint64_t seed,
                                              Clock::time_point deadline) {
    std::vector<TransferPermutation> pool{identity(n)};
    PermutationSet seen{pool[0]};
    if (g.order <= static_cast<long double>(cap)) {
        for (std::size_t i = 0; i < pool.size() && !reached(deadline); ++i)
            for (const auto& s : g.generators) {
                TransferPermutation p = compose(s, pool[i]);
                if (seen.insert(p).second) pool.push_back(std::move(p));
            }
        return pool;
    }
    Rng rng(seed);
    std::vector<TransferPermutation> slots = g.generators;
    while (slots.size() < 10) slots.push_back(g.generators[slots.size() % g.generators.size()]);
    for (std::size_t step = 0; pool.size() < cap && step < 4 * cap; ++step) {
        if ((step & 15U) == 0 && reached(deadline)) break;
        const std::size_t i = below(rng, slots.size()), j = (i + 1 + below(rng, slots.size() - 1)) % slots.size();
        slots[i] = compose(slots[i], slots[j]);
        if (step >= 50 && seen.insert(slots[i]).second) pool.push_back(slots[i]);  // 50 warm-up steps mix the slots
    }
    return pool;
}

/// Depth-first growth of an abelian subgroup acting freely on the transfers whose order
/// divides `order`, one generator at a time.
class SubgroupSearch {
public:
    SubgroupSearch(std::vector<TransferPermutation> candidates, int order, Clock::time_point deadline,
                   const ElementFilter& accept)
        : cands_(std::move(candidates)), order_(order), deadline_(deadline), accept_(accept) {}

    std::vector<TransferPermutation> run(int n) {
        std::vector<TransferPermutation> group{identity(n)};
        std::vector<int> gens;
        if (grow(group, gens, 0)) return best_;
        return {};
    }

private:
    bool grow(const std::vector<TransferPermutation>& group, std::vector<int>& gens, std::size_t from) {
        if (static_cast<int>(group.size()) == order_) {
            best_ = group;
            return true;
        }
        for (std::size_t c = from; c < cands_.size(); ++c) {
            if (reached(deadline_) || ++steps_ > kMaxSteps) return false;
            std::vector<TransferPermutation> bigger;
            if (!extend(group, gens, cands_[c], bigger)) continue;
            gens.push_back(static_cast<int>(c));
            if (grow(bigger, gens, c + 1)) return true;
            gens.pop_back();
        }
        return false;
    }

    /// <group, x> when x commutes with the generators, the order still divides order_,
    /// and every new element moves every transfer.
    bool extend(const std::vector<TransferPermutation>& group, const std::vector<int>& gens, const TransferPermutation& x,
                std::vector<TransferPermutation>& out) const {
        for (int g : gens)
            if (compose(x, cands_[static_cast<std::size_t>(g)]) != compose(cands_[static_cast<std::size_t>(g)], x)) return false;
        PermutationSet members(group.begin(), group.end());
        if (members.count(x)) return false;
        // Smallest j with x^j in the group: the new group is the union of the cosets x^k·group.
        std::vector<TransferPermutation> powers{x};
        while (!members.count(powers.back())) {
            if (static_cast<int>(group.size() * (powers.size() + 1)) > order_) return false;
            powers.push_back(compose(x, powers.back()));
        }
        const std::size_t j = powers.size();  // x^j in group
        if (order_ % static_cast<int>(group.size() * j) != 0) return false;
        out = group;
        for (std::size_t k = 0; k + 1 < j; ++k)
            for (const auto& h : group) {
                TransferPermutation e = compose(powers[k], h);
                if (fixes_a_transfer(e) || (accept_ && !accept_(e))) return false;
                out.push_back(std::move(e));
            }
        return true;
    }

    static constexpr std::uint64_t kMaxSteps = 20000;
    std::vector<TransferPermutation> cands_;
    int order_;
    Clock::time_point deadline_;
    const ElementFilter& accept_;
    std::uint64_t steps_ = 0;
    std::vector<TransferPermutation> best_;
};

}  // namespace

namespace {

/// The automorphism group's generators (as transfer permutations) and order by bliss.
void run_bliss(const std::map<std::vector<int>, int>& classes, int n, TrafficSymmetry& out) {
    bliss::Graph g(static_cast<unsigned>(n));  // vertices 0..n-1: transfers, colour 0
    for (const auto& [users, mult] : classes) {
        const unsigned v = g.add_vertex(static_cast<unsigned>(mult));
        for (int t : users) g.add_edge(static_cast<unsigned>(t), v);
    }
    HookData data{n, &out.generators};
    bliss::Stats stats;
    g.find_automorphisms(stats, &on_generator, &data);
    out.order = out.generators.empty() ? 1.0L : stats.get_group_size_approx();
}

/// The child's answer: the order, then the generators.
std::string to_bytes(const TrafficSymmetry& s) {
    ByteWriter w;
    w.put(s.order), w.put_frames(s.generators);
    return w.take();
}

bool from_bytes(const std::string& b, int n, TrafficSymmetry& s) {
    ByteReader r(b);
    if (!r.get(s.order) || !r.get_frames(s.generators) || !r.done()) return false;
    return std::all_of(s.generators.begin(), s.generators.end(),
                       [n](const TransferPermutation& p) { return p.size() == static_cast<std::size_t>(n); });
}

}  // namespace

TrafficSymmetry find_symmetry(const Traffic& traffic, Clock::time_point deadline) {
    const Clock::time_point start = Clock::now();
    TrafficSymmetry out;
    const int n = traffic.size();
    // Links with the same user set are one vertex, coloured by their multiplicity.
    std::map<std::vector<int>, int> classes;  // user set -> multiplicity
    {
        std::vector<std::vector<int>> users(static_cast<std::size_t>(traffic.link_count()));
        for (int t = 0; t < n; ++t) traffic[t].links.for_each([&](std::size_t l) { users[l].push_back(t); });
        for (auto& u : users)
            if (!u.empty()) ++classes[std::move(u)];
    }
    std::size_t edges = 0;
    for (const auto& [users, mult] : classes) edges += users.size();
    const double ms_left = std::chrono::duration<double, std::milli>(deadline - Clock::now()).count();
    if (static_cast<double>(edges) / kEdgesPerMs > ms_left) {
        out.skipped = true;
        out.skip_reason = "incidence graph too large for the budget";
        return out;
    }
    // bliss has no stop hook: it runs in a child process that the deadline kills.
    const ChildOutcome child = run_in_child(
        [&] {
            TrafficSymmetry s;
            run_bliss(classes, n, s);
            return to_bytes(s);
        },
        deadline);
    if (!child.forked) {
        // No child process: in this process only when it surely ends well before the deadline.
        if (static_cast<double>(edges) / kEdgesPerMs > 0.5 * ms_left) {
            out.skipped = true;
            out.skip_reason = "incidence graph too large for the budget";
            return out;
        }
        run_bliss(classes, n, out);
    } else if (!child.finished || !from_bytes(child.bytes, n, out)) {
        out = TrafficSymmetry{};
        out.skipped = true;
        out.skip_reason = "bliss stopped at the deadline";
    }
    out.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return out;
}

SubgroupFinder::SubgroupFinder(const TrafficSymmetry& symmetry, std::uint64_t seed, Clock::time_point deadline,
                               std::size_t memory_bytes) {
    if (symmetry.generators.empty()) return;
    n_ = static_cast<int>(symmetry.generators[0].size());
    // Each stored element costs n ints (plus hashing overhead): cap the pool accordingly.
    const std::size_t per_element = static_cast<std::size_t>(n_) * sizeof(int) * 3 + 64;
    const std::size_t cap = std::min<std::size_t>(5000, std::max<std::size_t>(1, memory_bytes / per_element));
    std::vector<TransferPermutation> pool = element_pool(symmetry, n_, cap, seed, deadline);
    // Candidates: elements generating a cyclic group that acts freely. Those commuting with
    // most others first (translations of a torus or hypercube commute with every
    // translation; a reflection composed with a shift with few elements), then larger
    // orders (fewer generators needed). Commutation is counted against a sample.
    std::vector<std::size_t> free_cyclic;
    std::vector<int> len_of(pool.size(), 0);
    for (std::size_t i = 1; i < pool.size(); ++i) {
        len_of[i] = uniform_cycle_length(pool[i]);
        if (len_of[i] > 1) free_cyclic.push_back(i);
    }
    const std::size_t sample = std::min<std::size_t>(free_cyclic.size(), 96);
    std::vector<std::tuple<int, int, std::size_t>> keyed;  // (commuting, order, index)
    for (std::size_t i : free_cyclic) {
        int commuting = 0;
        for (std::size_t k = 0; k < sample && !reached(deadline); ++k)
            commuting += compose(pool[i], pool[free_cyclic[k]]) == compose(pool[free_cyclic[k]], pool[i]);
        keyed.emplace_back(commuting, len_of[i], i);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        return std::get<0>(a) != std::get<0>(b) ? std::get<0>(a) > std::get<0>(b) : std::get<1>(a) > std::get<1>(b);
    });
    for (const auto& [commuting, len, i] : keyed) {
        candidates_.push_back(std::move(pool[i]));
        cycle_length_.push_back(len);
    }
}

std::vector<TransferPermutation> SubgroupFinder::free_abelian(int order, Clock::time_point deadline) const {
    if (n_ == 0 || order < 1 || n_ % order != 0) return {};
    if (order == 1) return {identity(n_)};
    std::vector<TransferPermutation> cands;
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (order % cycle_length_[i] == 0) cands.push_back(candidates_[i]);
    return SubgroupSearch(std::move(cands), order, deadline, accept_).run(n_);
}

SubgroupFinder SubgroupFinder::restricted(ElementFilter accept) const {
    SubgroupFinder out;
    out.n_ = n_;
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (accept(candidates_[i])) out.candidates_.push_back(candidates_[i]), out.cycle_length_.push_back(cycle_length_[i]);
    out.accept_ = std::move(accept);
    return out;
}

std::vector<TransferPermutation> free_abelian_subgroup(const TrafficSymmetry& symmetry, int order, std::uint64_t seed,
                                                       Clock::time_point deadline, std::size_t memory_bytes) {
    if (order < 1 || symmetry.generators.empty() || symmetry.order < static_cast<long double>(order)) return {};
    return SubgroupFinder(symmetry, seed, deadline, memory_bytes).free_abelian(order, deadline);
}

std::vector<int> transfer_orbits(const std::vector<TransferPermutation>& elements, int transfers) {
    std::vector<int> orbit(static_cast<std::size_t>(transfers), -1);
    int next = 0;
    for (int t = 0; t < transfers; ++t) {
        if (orbit[static_cast<std::size_t>(t)] >= 0) continue;
        for (const auto& g : elements) orbit[static_cast<std::size_t>(g[static_cast<std::size_t>(t)])] = next;
        ++next;
    }
    return orbit;
}

std::vector<std::vector<int>> orbit_members(const std::vector<TransferPermutation>& elements, int transfers) {
    const std::vector<int> orbit = transfer_orbits(elements, transfers);
    std::vector<std::vector<int>> members;
    for (int t = 0; t < transfers; ++t) {
        const auto k = static_cast<std::size_t>(orbit[static_cast<std::size_t>(t)]);
        if (k == members.size()) members.emplace_back();  // orbits are numbered by their smallest transfer
        members[k].push_back(t);
    }
    return members;
}

}  // namespace liquid::sched
