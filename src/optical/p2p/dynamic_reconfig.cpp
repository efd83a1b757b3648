#include "dynamic_reconfig.hpp"

#include <algorithm>

namespace liquid::optical::p2p::detail {

Reconfigurator::Reconfigurator(const ReconfigSpec& spec, MultiRing& ring, ShortestPaths& paths,
                               std::vector<std::uint64_t>& blocked_until, std::uint64_t seed)
    : spec_(spec), ring_(ring), paths_(paths), blocked_until_(blocked_until), n_(ring.nodes()), rng_(seed ^ 0x5eed0fdec0deULL),
      raw_(std::size_t(n_) * n_, float(spec.strength_init)) {
    next_regenerate_ = spec_.regenerate_every / 2 + rng_.below(spec_.regenerate_every + 1);
}

void Reconfigurator::on_send(std::uint32_t node, std::uint32_t dst) {
    float& x = raw_[std::size_t(dst) * n_ + node];
    x += float(1.0 / scale_);
    if (double(x) * scale_ >= double(spec_.strength_cap)) {
        scale_ *= 0.5;             // §5.9.2: every strength divided by two
        if (scale_ < 0x1.0p-40) {  // keep the raw values in float range
            for (float& y : raw_) y = float(double(y) * scale_);
            scale_ = 1.0;
        }
    }
}

double Reconfigurator::weighted_mean(const ShortestPaths& paths) const {
    double num = 0, den = 0;
    for (std::uint32_t d = 0; d < n_; ++d) {
        const float* row = &raw_[std::size_t(d) * n_];
        for (std::uint32_t s = 0; s < n_; ++s) {
            if (s == d) continue;
            num += double(row[s]) * paths.dist(s, d);
            den += double(row[s]);
        }
    }
    return den > 0 ? num / den : 0.0;
}

bool Reconfigurator::exchange_candidate(std::uint32_t i, std::uint32_t target, std::vector<std::uint32_t>& chords) const {
    if (i == target || ((i ^ target) & 1u) || ring_.chord(i) == target) return false;
    const std::uint32_t k = ring_.chord_sources()[target];
    if (k == n_) return false;
    chords = ring_.chords();
    chords[k] = ring_.chord(i);  // k => l
    chords[i] = target;          // i => j
    return true;
}

bool Reconfigurator::improves(const std::vector<std::uint32_t>& chords) {
    scratch_.rebuild(MultiRing(n_, chords));
    return weighted_mean(scratch_) < weighted_mean(paths_);
}

void Reconfigurator::commit(std::vector<std::uint32_t> chords, std::uint64_t t) {
    complete_at_ = t + spec_.tc_rounds;
    for (std::uint32_t v = 0; v < n_; ++v)
        if (chords[v] != ring_.chord(v)) blocked_until_[v] = complete_at_;
    pending_chords_ = std::move(chords);
    pending_ = true;
}

std::uint32_t Reconfigurator::node_before(std::uint32_t j) {
    // §5.9.3 v3, hybrid: walk back 1..near_hops arcs, each a ring arc or a chord at random.
    const std::vector<std::uint32_t> chord_from = ring_.chord_sources();
    const std::uint32_t hops = 1 + rng_.below(std::max(1u, spec_.near_hops));
    std::uint32_t v = j;
    for (std::uint32_t h = 0; h < hops; ++h) {
        if (chord_from[v] != n_ && rng_.below(2)) v = chord_from[v];
        else v = v == 0 ? n_ - 1 : v - 1;
    }
    return v;
}

void Reconfigurator::on_event(const SendEvent& ev, std::uint64_t t) {
    const Reconfig variant = spec_.variant;
    if (variant == Reconfig::None || variant == Reconfig::RandomRegenerate || pending_) return;
    if (attempted_ && t < last_attempt_ + spec_.gap) return;
    const std::uint32_t target = variant == Reconfig::NearDestination ? node_before(ev.dst) : ev.dst;
    std::vector<std::uint32_t> chords;
    if (!exchange_candidate(ev.src, target, chords)) return;  // e.g. parities differ: about half the cases
    attempted_ = true;
    last_attempt_ = t;
    ++attempts_;
    bool go = false;
    if (variant == Reconfig::LocalStrength) {
        const std::uint32_t k = ring_.chord_sources()[target];  // exists: exchange_candidate checked
        go = strength(k, target) < double(spec_.threshold);
    } else {
        go = improves(chords);
    }
    if (go) commit(std::move(chords), t);
}

bool Reconfigurator::begin_round(std::uint64_t t) {
    bool changed = false;
    if (pending_ && t >= complete_at_) {
        ring_ = MultiRing(n_, pending_chords_);
        paths_.rebuild(ring_);
        pending_ = false;
        ++changes_;
        changed = true;
    }
    if (spec_.variant == Reconfig::RandomRegenerate && !pending_ && t >= next_regenerate_) {
        next_regenerate_ = t + spec_.regenerate_every / 2 + rng_.below(spec_.regenerate_every + 1);
        ++attempts_;
        std::vector<std::uint32_t> chords = random_chords(n_, rng_);
        if (improves(chords)) commit(std::move(chords), t);
    }
    return changed;
}

}  // namespace liquid::optical::p2p::detail
