// A group's table as a Latin square of an all-to-all (see group_square.hpp).
#include "sched/group_square.hpp"

#include <algorithm>
#include <cstdint>

#include "liquid/base/rng.hpp"

namespace liquid::sched {
namespace {

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

/// The hosts of a complete all-to-all in node order, and each transfer's sender and
/// receiver among them; false when the traffic is anything else.
bool all_to_all_hosts(const Traffic& traffic, std::vector<int>& hosts, std::vector<int>& from, std::vector<int>& to) {
    int most = -1;
    for (const Transfer& t : traffic.transfers()) {
        if (t.src < 0 || t.dst < 0 || t.src == t.dst) return false;
        most = std::max({most, t.src, t.dst});
    }
    std::vector<int> dense(idx(most + 1), -1);
    for (const Transfer& t : traffic.transfers()) dense[idx(t.src)] = 0;
    for (int node = 0; node <= most; ++node)
        if (dense[idx(node)] == 0) dense[idx(node)] = static_cast<int>(hosts.size()), hosts.push_back(node);
    const auto n = static_cast<std::uint64_t>(hosts.size());
    if (n < 2 || static_cast<std::uint64_t>(traffic.size()) != n * (n - 1)) return false;
    std::vector<bool> seen(n * n, false);
    for (const Transfer& t : traffic.transfers()) {
        const int i = dense[idx(t.src)], j = dense[idx(t.dst)];
        if (j < 0) return false;  // a receiver that sends nothing
        const std::uint64_t pair = static_cast<std::uint64_t>(i) * n + static_cast<std::uint64_t>(j);
        if (seen[pair]) return false;
        seen[pair] = true;
        from.push_back(i);
        to.push_back(j);
    }
    return true;
}

/// The prime factors of n with multiplicity, smallest first.
std::vector<int> prime_factors(int n) {
    std::vector<int> factors;
    for (int p = 2; p * p <= n; ++p)
        while (n % p == 0) factors.push_back(p), n /= p;
    if (n > 1) factors.push_back(n);
    return factors;
}

/// The group whose table is the square, on the labels 0 .. N − 1: A = Π (Z_p)^k over the
/// prime powers p^k of N (the abelian table), or, for even N asked for the dihedral one,
/// the generalized dihedral group Dih(A) = A ⋊ Z_2 of that A of order N / 2, the flip
/// inverting A: label a + (N / 2)·f is a·s^f, and every a·s is an involution, so from any
/// transfer about half of the other frames close a Kempe cycle of four (N = 200: 102-103
/// of 198, against 6-7 in (Z_2)^3 × (Z_5)^2). For N a power of two both are (Z_2)^k: the
/// frame is the XOR of the labels.
class LabelGroup {
public:
    LabelGroup(int n, SquareGroup group)
        : dihedral_(group == SquareGroup::Dihedral && n % 2 == 0), half_(dihedral_ ? n / 2 : n), radices_(prime_factors(half_)) {}

    /// The frame of a transfer from label x to label y: x⁻¹·y less one (0 only for x = y,
    /// which no transfer has). With x = a·s^f and y = b·s^g, x⁻¹·y = (b − a)·s^g when f = 0
    /// and (a − b)·s^(1+g) when f = 1.
    int frame(int x, int y) const {
        if (!dihedral_) return difference(x, y) - 1;
        const bool fx = x >= half_, fy = y >= half_;
        const int a = x % half_, b = y % half_;
        return (fx ? difference(b, a) : difference(a, b)) + (fx != fy ? half_ : 0) - 1;
    }

private:
    /// y − x in A, digit by digit in mixed radix (the 2s lowest).
    int difference(int x, int y) const {
        int d = 0, weight = 1;
        for (int p : radices_) {
            d += ((y % p - x % p + p) % p) * weight;
            x /= p, y /= p, weight *= p;
        }
        return d;
    }

    bool dihedral_;
    int half_;  // the order of A
    std::vector<int> radices_;
};

/// Each transfer's frame with the hosts labelled by `label`.
std::vector<int> frames_of(const std::vector<int>& from, const std::vector<int>& to, const std::vector<int>& label,
                           SquareGroup kind = SquareGroup::Abelian) {
    const LabelGroup group(static_cast<int>(label.size()), kind);
    std::vector<int> frame(from.size());
    for (std::size_t t = 0; t < from.size(); ++t) frame[t] = group.frame(label[idx(from[t])], label[idx(to[t])]);
    return frame;
}

/// The watched links: one more than the largest named.
int watched_links(const Incidence& watched) {
    int links = 0;
    for (int w : watched.items) links = std::max(links, w + 1);
    return links;
}

/// The packing order: per host, the users of its transfers' watched links summed (the
/// hosts whose transfers meet the most others first), ties in a seeded random order.
std::vector<int> packing_order(const std::vector<int>& from, const std::vector<int>& to, const Incidence& watched, int n,
                               Rng& rng) {
    std::vector<long> users(idx(watched_links(watched)), 0), busy(idx(n), 0);
    for (int w : watched.items) ++users[idx(w)];
    for (std::size_t t = 0; t < from.size(); ++t)
        for (int w : watched.row(static_cast<int>(t))) busy[idx(from[t])] += users[idx(w)], busy[idx(to[t])] += users[idx(w)];
    std::vector<int> order(idx(n));
    for (int h = 0; h < n; ++h) order[idx(h)] = h;
    shuffle(order.begin(), order.end(), rng);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return busy[idx(a)] > busy[idx(b)]; });
    return order;
}

/// The labels of packed_group_square, given host by host: each host's transfers to and
/// from the hosts labelled before it mark their (watched link, frame) cells used.
class LabelPacking {
public:
    LabelPacking(const std::vector<int>& from, const std::vector<int>& to, const Incidence& watched, int n)
        : from_(from), to_(to), watched_(watched), n_(n), frames_(idx(n - 1)), frame_of_(idx(n) * idx(n)), transfers_of_(idx(n)),
          label_(idx(n), -1), taken_(idx(n), false) {
        const LabelGroup group(n, SquareGroup::Abelian);
        for (int x = 0; x < n; ++x)
            for (int y = 0; y < n; ++y) frame_of_[idx(x) * idx(n) + idx(y)] = x == y ? 0 : group.frame(x, y);
        for (std::size_t t = 0; t < from.size(); ++t)
            transfers_of_[idx(from[t])].push_back(static_cast<int>(t)), transfers_of_[idx(to[t])].push_back(static_cast<int>(t));
        used_.assign(idx(watched_links(watched)) * frames_, 0);
    }

    /// Labels host h with the free label whose transfers land in the fewest used cells
    /// (ties at random).
    void label(int h, Rng& rng) {
        placed_.clear();
        for (int t : transfers_of_[idx(h)])
            if (label_[idx(from_[idx(t)] == h ? to_[idx(t)] : from_[idx(t)])] >= 0 && !watched_.row(t).empty())
                placed_.push_back(t);
        int best = -1;
        long best_cost = 0;
        std::uint32_t ties = 0;
        for (int x = 0; x < n_; ++x) {
            if (taken_[idx(x)]) continue;
            const long c = cost(h, x);
            if (best < 0 || c < best_cost) best = x, best_cost = c, ties = 1;
            else if (c == best_cost && rng.below(++ties) == 0) best = x;
        }
        label_[idx(h)] = best;
        taken_[idx(best)] = true;
        for (int t : placed_)
            for (int w : watched_.row(t)) used_[idx(w) * frames_ + frame(t, h, best)] = 1;
    }
    const std::vector<int>& labels() const { return label_; }

private:
    /// The frame of transfer t with host h labelled x.
    std::size_t frame(int t, int h, int x) const {
        const int s = from_[idx(t)] == h ? x : label_[idx(from_[idx(t)])];
        const int r = to_[idx(t)] == h ? x : label_[idx(to_[idx(t)])];
        return idx(frame_of_[idx(s) * idx(n_) + idx(r)]);
    }
    /// The used cells h's placed transfers would land in with h labelled x.
    long cost(int h, int x) const {
        long c = 0;
        for (int t : placed_) {
            const std::size_t f = frame(t, h, x);
            for (int w : watched_.row(t)) c += used_[idx(w) * frames_ + f];
        }
        return c;
    }

    const std::vector<int>& from_;
    const std::vector<int>& to_;
    const Incidence& watched_;
    int n_;
    std::size_t frames_;
    std::vector<int> frame_of_;  // per pair of labels: the frame (looked up N times per transfer)
    std::vector<std::vector<int>> transfers_of_;
    std::vector<std::uint8_t> used_;   // per (watched link, frame)
    std::vector<int> label_, placed_;  // placed_: the transfers of the host being labelled to labelled hosts
    std::vector<bool> taken_;
};

/// The packed labels (packed_group_square); empty when the deadline passes first.
std::vector<int> packed_labels(const std::vector<int>& from, const std::vector<int>& to, const Incidence& watched, int n,
                               std::uint64_t seed, const Deadline& deadline) {
    Rng rng(seed);
    LabelPacking packing(from, to, watched, n);
    for (int h : packing_order(from, to, watched, n, rng)) {
        if (deadline.expired()) return {};
        packing.label(h, rng);
    }
    return packing.labels();
}

}  // namespace

std::vector<int> group_square(const Traffic& traffic, std::uint64_t relabelling_seed, SquareGroup group) {
    std::vector<int> hosts, from, to;
    if (!all_to_all_hosts(traffic, hosts, from, to)) return {};
    const int n = static_cast<int>(hosts.size());
    std::vector<int> label(idx(n));
    for (int h = 0; h < n; ++h) label[idx(h)] = h;
    if (relabelling_seed != 0) {
        Rng rng(relabelling_seed);
        for (int h = n - 1; h > 0; --h) std::swap(label[idx(h)], label[rng.below(static_cast<std::uint32_t>(h + 1))]);
    }
    return frames_of(from, to, label, group);
}

std::vector<int> route_order_group_square(const Traffic& traffic) {
    std::vector<int> hosts, from, to;
    if (!all_to_all_hosts(traffic, hosts, from, to)) return {};
    const int n = static_cast<int>(hosts.size());
    std::vector<const std::vector<int>*> route(idx(n), nullptr);  // from the first host
    for (std::size_t t = 0; t < from.size(); ++t)
        if (from[t] == 0) route[idx(to[t])] = &traffic.transfers()[t].path;
    std::vector<int> order(idx(n));
    for (int h = 0; h < n; ++h) order[idx(h)] = h;
    std::stable_sort(order.begin() + 1, order.end(), [&](int a, int b) { return *route[idx(a)] < *route[idx(b)]; });
    std::vector<int> label(idx(n));
    for (int i = 0; i < n; ++i) label[idx(order[idx(i)])] = i;
    return frames_of(from, to, label);
}

std::vector<int> packed_group_square(const Traffic& traffic, const Incidence& watched, std::uint64_t seed,
                                     const Deadline& deadline) {
    std::vector<int> hosts, from, to;
    if (!all_to_all_hosts(traffic, hosts, from, to)) return {};
    if (static_cast<double>(hosts.size()) * static_cast<double>(watched.items.size()) / 3 > kPackedReadsMax) return {};
    const std::vector<int> label = packed_labels(from, to, watched, static_cast<int>(hosts.size()), seed, deadline);
    return label.empty() ? std::vector<int>{} : frames_of(from, to, label);
}

}  // namespace liquid::sched
