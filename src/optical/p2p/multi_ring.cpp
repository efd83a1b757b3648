#include "optical/p2p/multi_ring.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "liquid/base/error.hpp"

namespace liquid::optical::p2p {

MultiRing::MultiRing(std::uint32_t nodes, std::vector<std::uint32_t> chord) : n_(nodes), chord_(std::move(chord)) {
    if (nodes < 4 || nodes % 2 || nodes > 32768)
        throw InputError("nodes", "multi ring needs an even N between 4 and 32768, got " + std::to_string(nodes),
                         "the parity rule of §5.6.2 alternates even and odd senders round the ring");
    if (chord_.size() != nodes) throw InputError("chords", "one chord per node is required");
    std::vector<std::uint8_t> incoming(nodes, 0);
    for (std::uint32_t i = 0; i < nodes; ++i) {
        const std::uint32_t j = chord_[i];
        if (j >= nodes) throw InputError("chords", "chord target " + std::to_string(j) + " out of range");
        if (j == i) continue;
        if ((i ^ j) & 1u)
            throw InputError("chords",
                             "chord " + std::to_string(i) + "->" + std::to_string(j) + " joins nodes of different parity",
                             "§5.6.2 parity rule: even nodes chord to even nodes, odd to odd");
        if (++incoming[j] > 1) throw InputError("chords", "node " + std::to_string(j) + " has two incoming chords");
    }
}

std::vector<std::uint32_t> MultiRing::chord_sources() const {
    std::vector<std::uint32_t> from(n_, n_);
    for (std::uint32_t v = 0; v < n_; ++v)
        if (has_chord(v)) from[chord_[v]] = v;
    return from;
}

bool MultiRing::exchange(std::uint32_t i, std::uint32_t new_i, std::uint32_t k, std::uint32_t new_k) {
    if (((i ^ new_i) & 1u) || ((k ^ new_k) & 1u)) return false;
    std::swap(chord_[i], new_i);
    std::swap(chord_[k], new_k);
    std::vector<std::uint8_t> incoming(n_, 0);
    bool ok = true;
    for (std::uint32_t v = 0; v < n_ && ok; ++v)
        if (chord_[v] != v && ++incoming[chord_[v]] > 1) ok = false;
    if (!ok) {  // roll back
        chord_[i] = new_i;
        chord_[k] = new_k;
    }
    return ok;
}

std::vector<std::uint32_t> fixed_chords(std::uint32_t nodes, std::uint32_t w) {
    if (w % 2 || w >= nodes)
        throw InputError("w", "chord length " + std::to_string(w) + " is not an even number below N=" + std::to_string(nodes),
                         "§5.6.2 parity rule: chords join nodes of equal parity, so w must be even");
    std::vector<std::uint32_t> chord(nodes);
    for (std::uint32_t i = 0; i < nodes; ++i) chord[i] = (i + w) % nodes;
    return chord;
}

std::vector<std::uint32_t> random_chords(std::uint32_t nodes, Rng& rng) {
    std::vector<std::uint32_t> chord(nodes);
    for (std::uint32_t parity = 0; parity < 2; ++parity) {
        std::vector<std::uint32_t> cls;
        for (std::uint32_t v = parity; v < nodes; v += 2) cls.push_back(v);
        // Sattolo's algorithm: a uniformly random single cycle, hence a derangement.
        std::vector<std::uint32_t> perm = cls;
        for (std::uint32_t i = std::uint32_t(perm.size()) - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(i)]);
        for (std::size_t i = 0; i < cls.size(); ++i) chord[cls[i]] = perm[i];
    }
    return chord;
}

std::uint32_t default_chord_length(std::uint32_t nodes) {
    const double root = std::sqrt(double(nodes));
    auto lo = std::uint32_t(root / 2) * 2;
    return (root - lo <= lo + 2 - root) ? std::max<std::uint32_t>(lo, 2) : lo + 2;
}

void ShortestPaths::rebuild(const MultiRing& ring) {
    n_ = ring.nodes();
    dist_.assign(std::size_t(n_) * n_, std::numeric_limits<std::uint16_t>::max());
    // Reversed arcs: v is entered from v-1 (ring) and from chord_inverse[v].
    const std::vector<std::uint32_t> chord_from = ring.chord_sources();
    std::vector<std::uint32_t> queue(n_);
    for (std::uint32_t d = 0; d < n_; ++d) {
        std::uint16_t* row = &dist_[std::size_t(d) * n_];
        std::uint32_t head = 0, tail = 0;
        row[d] = 0;
        queue[tail++] = d;
        while (head < tail) {
            const std::uint32_t v = queue[head++];
            const auto nd = std::uint16_t(row[v] + 1);
            const std::uint32_t p = v == 0 ? n_ - 1 : v - 1;
            if (row[p] == std::numeric_limits<std::uint16_t>::max()) {
                row[p] = nd;
                queue[tail++] = p;
            }
            const std::uint32_t c = chord_from[v];
            if (c != n_ && row[c] == std::numeric_limits<std::uint16_t>::max()) {
                row[c] = nd;
                queue[tail++] = c;
            }
        }
    }
}

std::uint32_t ShortestPaths::next_hop(const MultiRing& ring, std::uint32_t s, std::uint32_t d) const {
    const std::uint32_t r = ring.ring_next(s);
    if (r == d || dist(r, d) + 1 == dist(s, d)) return r;
    return ring.chord(s);
}

double ShortestPaths::average_distance() const {
    std::uint64_t total = 0;
    for (std::uint16_t x : dist_) total += x;
    return double(total) / (double(n_) * double(n_ - 1));
}

std::uint32_t ShortestPaths::diameter() const { return *std::max_element(dist_.begin(), dist_.end()); }

double floyd_average_distance(const MultiRing& ring) {
    const std::uint32_t n = ring.nodes();
    const std::uint32_t inf = std::numeric_limits<std::uint32_t>::max() / 4;
    std::vector<std::uint32_t> d(std::size_t(n) * n, inf);
    for (std::uint32_t v = 0; v < n; ++v) {
        d[std::size_t(v) * n + v] = 0;
        d[std::size_t(v) * n + ring.ring_next(v)] = 1;
        if (ring.chord(v) != v) d[std::size_t(v) * n + ring.chord(v)] = 1;
    }
    for (std::uint32_t k = 0; k < n; ++k)
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t dik = d[std::size_t(i) * n + k];
            if (dik == inf) continue;
            for (std::uint32_t j = 0; j < n; ++j)
                d[std::size_t(i) * n + j] = std::min(d[std::size_t(i) * n + j], dik + d[std::size_t(k) * n + j]);
        }
    std::uint64_t total = 0;
    for (std::uint32_t x : d) total += x;
    return double(total) / (double(n) * double(n - 1));
}

}  // namespace liquid::optical::p2p
