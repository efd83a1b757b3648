// Broadcast algorithms of thesis ch. 4: names, dispatch, the §4.5 closed forms and the
// "half optimal" metric of §4.3.2.
#include "liquid/optical/broadcast/broadcast.hpp"

#include <fmt/core.h>
#include <cmath>

#include "broadcast_programs.hpp"
#include "executor.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/names.hpp"

namespace liquid::optical {

std::vector<BroadcastAlgorithm> all_broadcast_algorithms() {
    return {BroadcastAlgorithm::NaiveConfiguration, BroadcastAlgorithm::RingForwarding, BroadcastAlgorithm::TreeForwarding,
            BroadcastAlgorithm::SmartTree, BroadcastAlgorithm::SmartRing};
}

namespace {
constexpr NameTable<BroadcastAlgorithm, 5> kBroadcastNames{{
    {BroadcastAlgorithm::NaiveConfiguration, "naive-configuration"},
    {BroadcastAlgorithm::RingForwarding, "ring"},
    {BroadcastAlgorithm::TreeForwarding, "tree"},
    {BroadcastAlgorithm::SmartTree, "smart-tree"},
    {BroadcastAlgorithm::SmartRing, "smart-ring"},
}};
}  // namespace

std::string name(BroadcastAlgorithm a) { return name_of(kBroadcastNames, a); }

std::string title(BroadcastAlgorithm a) {
    switch (a) {
        case BroadcastAlgorithm::NaiveConfiguration: return "Naive configuration change";
        case BroadcastAlgorithm::RingForwarding: return "Naive forwarding in a ring";
        case BroadcastAlgorithm::TreeForwarding: return "Naive forwarding in a tree";
        case BroadcastAlgorithm::SmartTree: return "Smart forwarding in a tree";
        case BroadcastAlgorithm::SmartRing: return "Smart forwarding in a ring";
    }
    return "?";
}

BroadcastAlgorithm parse_broadcast_algorithm(const std::string& text) {
    for (auto a : all_broadcast_algorithms())
        if (text == name(a) || text == std::to_string(static_cast<int>(a))) return a;
    throw InputError("--algorithm", fmt::format("unknown broadcast algorithm '{}'", text),
                     "use 1..5, naive-configuration, ring, tree, smart-tree, smart-ring or all");
}

int smart_ring_thesis_k(const ModelParams& p) {
    double per_forward = static_cast<double>(p.forward_time());
    if (per_forward <= 0) return 1;
    double k = static_cast<double>(p.header_time() + p.tc) / per_forward + 1.0;
    if (k > 1e9) return 1'000'000'000;
    return std::max(1, static_cast<int>(std::llround(k)));
}

int smart_ring_stages(int nodes, int k) {
    // Smallest i with k (2^i - 1) >= N.
    int i = 0;
    while (static_cast<double>(k) * (std::ldexp(1.0, i) - 1.0) < nodes) ++i;
    return i;
}

namespace {

int ceil_log2(int n) {
    int l = 0;
    while ((1L << l) < n) ++l;
    return l;
}

int resolve_k(const ModelParams& p, int k) { return k > 0 ? k : smart_ring_thesis_k(p); }

}  // namespace

Program build_broadcast(BroadcastAlgorithm a, const ModelParams& p, int k) {
    validate(p);
    switch (a) {
        case BroadcastAlgorithm::NaiveConfiguration: return detail::naive_configuration_program(p);
        case BroadcastAlgorithm::RingForwarding: return detail::ring_forwarding_program(p);
        case BroadcastAlgorithm::TreeForwarding: return detail::tree_forwarding_program(p);
        case BroadcastAlgorithm::SmartTree: return detail::smart_tree_program(p);
        case BroadcastAlgorithm::SmartRing: return detail::smart_ring_program(p, resolve_k(p, k));
    }
    throw InputError("--algorithm", "unknown broadcast algorithm");
}

Time thesis_closed_form(BroadcastAlgorithm a, const ModelParams& p, int k) {
    const Time n = p.nodes, L = ceil_log2(p.nodes);
    const Time S = p.message_bytes, Td = p.header_time();  // the thesis's lone "Td" (§4.3.3)
    const Time sTf = S * p.tf, sTd = S * p.td();
    switch (a) {
        case BroadcastAlgorithm::NaiveConfiguration: return (n - 1) * (p.tc + S * p.tb);
        case BroadcastAlgorithm::RingForwarding: return p.tc + (n - 1) * sTf + 2 * sTd;
        case BroadcastAlgorithm::TreeForwarding: return p.tc + (L - 1) * (2 * sTf + Td + p.tc) + 2 * sTd;
        case BroadcastAlgorithm::SmartTree: return L * (sTf + Td + p.tc) + 2 * sTd;
        case BroadcastAlgorithm::SmartRing: {
            Time stages = smart_ring_stages(p.nodes, resolve_k(p, k));
            return p.tc + stages * (sTf + Td + p.tc) + 2 * sTd;
        }
    }
    return 0;
}

std::optional<Time> exact_closed_form(BroadcastAlgorithm a, const ModelParams& p) {
    const Time Td = p.header_time();
    const Time direct = p.tc + p.send_time();  // N = 2: one set, one host-to-host send
    switch (a) {
        case BroadcastAlgorithm::NaiveConfiguration: return thesis_closed_form(a, p);  // exact as printed
        case BroadcastAlgorithm::RingForwarding:
            // Exact as printed for N >= 3; with N = 2 the only send is host to host.
            return p.nodes == 2 ? direct : thesis_closed_form(a, p);
        case BroadcastAlgorithm::TreeForwarding:
            // The root originates the message: it never waits Td for a header.
            return p.nodes == 2 ? direct : thesis_closed_form(a, p) - Td;
        case BroadcastAlgorithm::SmartTree:
            // As above, and node 1 receives the root's first copy overlapped with the host
            // send (§4.1 assumption 4), so it knows the header at once: two Td fewer.
            return p.nodes == 2 ? direct : thesis_closed_form(a, p) - 2 * Td;
        case BroadcastAlgorithm::SmartRing: return std::nullopt;
    }
    return std::nullopt;
}

ExecutionReport run_broadcast(BroadcastAlgorithm a, const ModelParams& p, int k) { return execute(p, build_broadcast(a, p, k)); }

std::optional<Time> solve_half_optimal(const std::function<Time(Time)>& f) {
    const Time base = f(0);
    const Time limit = 1'000'000'000'000'000;  // 1000 s
    Time hi = 1;
    while (f(hi) < 2 * base) {
        if (hi > limit) return std::nullopt;
        hi *= 2;
    }
    Time lo = 0;  // f(lo) < 2 base <= f(hi)
    if (f(0) >= 2 * base) return Time{0};
    while (hi - lo > 1) {
        Time mid = lo + (hi - lo) / 2;
        (f(mid) >= 2 * base ? hi : lo) = mid;
    }
    return hi;
}

HalfOptimal half_optimal(BroadcastAlgorithm a, const ModelParams& p) {
    HalfOptimal h;
    if (a == BroadcastAlgorithm::SmartRing) return h;
    auto with_tc = [&](Time tc) {
        ModelParams q = p;
        q.tc = tc;
        return q;
    };
    // A run that breaks a rule has no meaningful time: then there is no metric either.
    if (!run_broadcast(a, with_tc(0)).ok() || !run_broadcast(a, p).ok()) return h;
    h.executor = solve_half_optimal([&](Time tc) { return run_broadcast(a, with_tc(tc)).completion; });
    h.closed_form = solve_half_optimal([&](Time tc) { return thesis_closed_form(a, with_tc(tc)); });
    const Time S = p.message_bytes, n = p.nodes;
    switch (a) {
        case BroadcastAlgorithm::NaiveConfiguration: h.thesis_text = std::nullopt; break;  // not given
        case BroadcastAlgorithm::RingForwarding: h.thesis_text = n * S * p.tf; break;      // "Tc^0.5 ~ N*S*Tf"
        case BroadcastAlgorithm::TreeForwarding:                                           // "Tc^0.5 ~ 2S*Tf + Td"
        case BroadcastAlgorithm::SmartTree:                                                // "similar to the previous algorithm"
            h.thesis_text = 2 * S * p.tf + p.header_time();
            break;
        case BroadcastAlgorithm::SmartRing: break;
    }
    return h;
}

}  // namespace liquid::optical
