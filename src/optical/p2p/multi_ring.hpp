#pragma once
// Engine of optical_p2p (private; the public names of its options are in models.hpp).
// The multi ring of thesis §5.6: a unidirectional ring i -> i+1 plus one chordal arc per
// node, set as a static 2-way multicast. The parity rule (§5.6.2) joins only nodes of the
// same parity by chords, so with even nodes sending in even rounds and odd nodes in odd
// rounds no node ever hears two senders.
#include <cstdint>
#include <vector>

#include "liquid/base/rng.hpp"
#include "liquid/optical/p2p/models.hpp"

namespace liquid::optical::p2p {

class MultiRing {
public:
    /// `chord[i]` is i's chordal target; chord[i] == i means "no chord" (w = 0).
    /// Throws InputError unless N is even, >= 4, and every chord keeps parity and every node
    /// has at most one incoming chord (§5.6.2: two incoming links per node).
    MultiRing(std::uint32_t nodes, std::vector<std::uint32_t> chord);

    std::uint32_t nodes() const { return n_; }
    std::uint32_t ring_next(std::uint32_t v) const { return v + 1 == n_ ? 0 : v + 1; }
    std::uint32_t chord(std::uint32_t v) const { return chord_[v]; }
    bool has_chord(std::uint32_t v) const { return chord_[v] != v && chord_[v] != ring_next(v); }
    const std::vector<std::uint32_t>& chords() const { return chord_; }
    /// For every node the node whose chord enters it, or nodes() if none.
    std::vector<std::uint32_t> chord_sources() const;
    /// Reassigns two chords at once (a local configuration exchange, §5.9.3), keeping the
    /// invariants; returns false (and changes nothing) if the result would break them.
    bool exchange(std::uint32_t i, std::uint32_t new_i, std::uint32_t k, std::uint32_t new_k);

private:
    std::uint32_t n_;
    std::vector<std::uint32_t> chord_;
};

/// chord(i) = (i + w) mod N; w must be even (parity rule) and < N.
std::vector<std::uint32_t> fixed_chords(std::uint32_t nodes, std::uint32_t w);
/// A random derangement inside each parity class: every node one outgoing and one incoming
/// chord, none to itself.
std::vector<std::uint32_t> random_chords(std::uint32_t nodes, Rng& rng);

/// All-pairs hop distances by one BFS per destination over the reversed arcs.
/// dist(s, d) is stored destination-major so routing lookups for one message stay local.
class ShortestPaths {
public:
    ShortestPaths() = default;
    explicit ShortestPaths(const MultiRing& ring) { rebuild(ring); }
    void rebuild(const MultiRing& ring);
    std::uint32_t nodes() const { return n_; }
    std::uint16_t dist(std::uint32_t s, std::uint32_t d) const { return dist_[std::size_t(d) * n_ + s]; }
    /// Next hop from s (!= d) on a shortest path; ties prefer the ring arc (a ring hop
    /// never waits for the parity round, a chord hop always does).
    std::uint32_t next_hop(const MultiRing& ring, std::uint32_t s, std::uint32_t d) const;
    /// Mean distance over ordered pairs s != d.
    double average_distance() const;
    std::uint32_t diameter() const;

private:
    std::uint32_t n_ = 0;
    std::vector<std::uint16_t> dist_;
};

/// Independent cross-check of the BFS: Floyd–Warshall mean distance (the thesis's method,
/// §5.7.3), O(N^3).
double floyd_average_distance(const MultiRing& ring);

}  // namespace liquid::optical::p2p
