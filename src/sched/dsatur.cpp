// DSatur (Brélaz 1979; report Appendix A, Fig. 24): the heuristic upper bound.
// Works on the sparse transfer–link incidence (no congestion graph: a 256-host all-to-all
// has 65 280 transfers, 530 MB of adjacency bitsets): O(Σ λ(l)² + n·√n) time, the next
// vertex found through the maxima of blocks of √n keys, O(n + Σ path lengths) memory.
#include <algorithm>
#include <bit>
#include <cmath>

#include "liquid/base/error.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/traffic/incidence.hpp"

namespace liquid::sched {
namespace {

/// Distinct congestion-graph neighbours of v (each once), via a stamp array: every call
/// has its own stamp value.
class Neighbours {
public:
    Neighbours(const Incidence& links, const Incidence& users)
        : links_(links), users_(users), stamp_(static_cast<std::size_t>(links.rows()), 0) {}
    template <class F>
    void for_each(int v, F&& f) {
        ++call_;
        for (int l : links_.row(v))
            for (int u : users_.row(l)) {
                std::uint64_t& s = stamp_[static_cast<std::size_t>(u)];
                if (u != v && s != call_) s = call_, f(u);
            }
    }

private:
    const Incidence& links_;
    const Incidence& users_;
    std::vector<std::uint64_t> stamp_;
    std::uint64_t call_ = 0;
};

/// Colours seen among a vertex's neighbours: a growable bitset (most vertices see few).
struct SeenColours {
    std::vector<std::uint64_t> words;
    bool insert(int c) {
        const auto w = static_cast<std::size_t>(c) / 64;
        if (w >= words.size()) words.resize(w + 1, 0);
        const std::uint64_t bit = std::uint64_t{1} << (c % 64);
        if (words[w] & bit) return false;
        words[w] |= bit;
        return true;
    }
    int smallest_free() const {
        for (std::size_t w = 0; w < words.size(); ++w)
            if (~words[w]) return static_cast<int>(w * 64) + std::countr_one(words[w]);
        return static_cast<int>(words.size() * 64);
    }
};

/// Vertices are numbered below 2^21 so that (saturation, degree, -index) packs into one
/// word whose integer order is Brélaz's order (ties: lower index first).
constexpr int kMaxVertices = 1 << 21;
std::uint64_t key(int sat, int deg, int v) {
    return (static_cast<std::uint64_t>(sat) << 42) | (static_cast<std::uint64_t>(deg) << 21) |
           static_cast<std::uint64_t>(kMaxVertices - 1 - v);
}

/// The uncoloured vertices with their keys in a compact array, cut into blocks of about
/// √n whose maxima are kept: the next vertex is a scan of the block maxima and of one
/// block (a plain scan of all keys made DSatur quadratic: 5.5 s for the 65 280 transfers
/// of a 256-rank fragment). Keys are distinct (the index is in them), so the choice is
/// the same as the plain scan's.
class UncolouredKeys {
public:
    explicit UncolouredKeys(std::vector<std::uint64_t> keys)
        : keys_(std::move(keys)), list_(keys_.size()), pos_(keys_.size()), left_(keys_.size()),
          block_(std::max<std::size_t>(64, static_cast<std::size_t>(std::sqrt(static_cast<double>(keys_.size()))))),
          max_((keys_.size() + block_ - 1) / block_, 0) {
        for (std::size_t v = 0; v < keys_.size(); ++v) list_[v] = static_cast<int>(v), pos_[v] = static_cast<int>(v);
        for (std::size_t b = 0; b < max_.size(); ++b) refresh(b);
    }
    bool empty() const { return left_ == 0; }

    /// Removes and returns the vertex of the largest key.
    int pop() {
        const std::size_t blocks = (left_ + block_ - 1) / block_;
        const std::size_t b = static_cast<std::size_t>(
            std::max_element(max_.begin(), max_.begin() + static_cast<std::ptrdiff_t>(blocks)) - max_.begin());
        const auto first = keys_.begin() + static_cast<std::ptrdiff_t>(b * block_);
        const auto last = keys_.begin() + static_cast<std::ptrdiff_t>(std::min(left_, (b + 1) * block_));
        const auto p = static_cast<std::size_t>(std::max_element(first, last) - keys_.begin());
        const int v = list_[p];
        --left_;
        list_[p] = list_[left_], keys_[p] = keys_[left_], pos_[static_cast<std::size_t>(list_[p])] = static_cast<int>(p);
        refresh(b);
        refresh(left_ / block_);
        return v;
    }
    void update(int v, std::uint64_t key) {
        const auto p = static_cast<std::size_t>(pos_[static_cast<std::size_t>(v)]);
        const std::uint64_t old = keys_[p];
        keys_[p] = key;
        std::uint64_t& m = max_[p / block_];
        if (key > m) m = key;
        else if (old == m) refresh(p / block_);
    }

private:
    void refresh(std::size_t b) {
        if (b >= max_.size()) return;
        const std::size_t first = b * block_, last = std::min(left_, first + block_);
        max_[b] = first < last ? *std::max_element(keys_.begin() + static_cast<std::ptrdiff_t>(first),
                                                   keys_.begin() + static_cast<std::ptrdiff_t>(last))
                               : 0;
    }

    std::vector<std::uint64_t> keys_;
    std::vector<int> list_, pos_;
    std::size_t left_, block_;
    std::vector<std::uint64_t> max_;
};

}  // namespace

std::uint64_t dsatur_memory_bytes(const Traffic& traffic) {
    std::uint64_t incidence = 0;
    for (const Transfer& t : traffic.transfers()) incidence += t.path.empty() ? 16 : t.path.size();
    // Two incidences, stamp, colour, saturation, degree, seen colours, heap entries.
    return incidence * 2 * sizeof(int) + static_cast<std::uint64_t>(traffic.size()) * 104;
}

std::optional<Schedule> dsatur_schedule(const Traffic& traffic, const Limits& limits) {
    const int n = traffic.size();
    Schedule s;
    if (n == 0) return s;
    if (n >= kMaxVertices || !limits.fits(dsatur_memory_bytes(traffic))) return std::nullopt;
    const Incidence links = transfer_links(traffic);
    const Incidence users = transpose(links, traffic.link_count());
    Neighbours nb(links, users);
    DeadlinePoll poll(limits.deadline, 64);
    std::vector<int> color(n, -1), sat(n, 0), deg(n, 0);
    for (int v = 0; v < n; ++v) {
        nb.for_each(v, [&](int) { ++deg[v]; });
        if (poll.expired()) return std::nullopt;
    }
    std::vector<SeenColours> seen(n);
    std::vector<std::uint64_t> keys(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) keys[static_cast<std::size_t>(v)] = key(0, deg[v], v);
    UncolouredKeys uncoloured(std::move(keys));
    while (!uncoloured.empty()) {
        const int v = uncoloured.pop();
        const int c = seen[v].smallest_free();
        color[v] = c;
        if (c >= s.length()) s.frames.resize(static_cast<std::size_t>(c) + 1);
        s.frames[static_cast<std::size_t>(c)].push_back(v);
        nb.for_each(v, [&](int u) {
            if (color[u] >= 0) return;
            --deg[u];
            if (seen[u].insert(c)) ++sat[u];
            uncoloured.update(u, key(sat[u], deg[u], u));
        });
        if (poll.expired()) return std::nullopt;
    }
    for (auto& f : s.frames) std::sort(f.begin(), f.end());
    return s;
}

Schedule dsatur_schedule(const Traffic& traffic) {
    if (traffic.size() >= kMaxVertices)
        throw InputError("DSatur (--method dsatur, and the start of --method milp)",
                         "it schedules at most " + std::to_string(kMaxVertices - 1) + " transfers, the traffic has " +
                             std::to_string(traffic.size()),
                         "use --method optimal (its portfolio has constructions for any size) or round-robin");
    Limits unlimited;
    unlimited.memory_bytes = ~std::uint64_t{0};
    std::optional<Schedule> s = dsatur_schedule(traffic, unlimited);
    // Without a time or memory limit only a stop request (SIGINT/SIGTERM) ends it early.
    if (!s) throw Interrupted();
    return std::move(*s);
}

}  // namespace liquid::sched
