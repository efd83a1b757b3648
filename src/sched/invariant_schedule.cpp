// Group-invariant schedule search with CaDiCaL (see invariant_schedule.hpp).
#include "sched/invariant_schedule.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <set>

#include "liquid/base/deadline.hpp"
#include "sched/base_frame_search.hpp"
#include "sched/child_process.hpp"
#include "sched/cnf.hpp"
#include "sched/quotient_search.hpp"

namespace liquid::sched {
namespace {

using Clock = std::chrono::steady_clock;

// Rough CaDiCaL footprint: per clause (header, watches, arena) and per variable.
constexpr std::size_t kBytesPerClause = 96;
constexpr std::size_t kBytesPerVariable = 160;

std::size_t estimated_bytes(long clauses, long variables) {
    return static_cast<std::size_t>(clauses) * kBytesPerClause + static_cast<std::size_t>(variables) * kBytesPerVariable;
}

std::string to_bytes(const InvariantOutcome& o) {
    ByteWriter w;
    w.put(static_cast<int>(o.answer)), w.put(o.group_order), w.put(o.base_frames), w.put(o.frames_fixed);
    w.put(o.variables), w.put(o.clauses), w.put_frames(o.schedule.frames);
    return w.take();
}

bool from_bytes(const std::string& b, InvariantOutcome& o) {
    ByteReader r(b);
    int answer = 0;
    if (!r.get(answer) || !r.get(o.group_order) || !r.get(o.base_frames) || !r.get(o.frames_fixed) || !r.get(o.variables) ||
        !r.get(o.clauses) || !r.get_frames(o.schedule.frames))
        return false;
    o.answer = static_cast<InvariantAnswer>(answer);
    return r.done();
}

/// One exact decision in a child process that the deadline (plus 50 ms for the answer to
/// arrive) kills: CaDiCaL checks its terminator only between steps, and some of its
/// inprocessing steps take seconds on large encodings. In this process if fork fails.
/// Runs CaDiCaL on the finished encoding until `term` stops it and records the encoding's
/// size in `out`: NoInvariant on UNSAT; on SAT, Found and true (the caller reads the model).
bool solve_encoding(CaDiCaL::Solver& solver, const cnf::Encoder& enc, cnf::StopWhen& term, InvariantOutcome& out) {
    out.variables = enc.next_var - 1;
    out.clauses = enc.clauses;
    solver.connect_terminator(&term);
    const int res = solver.solve();
    solver.disconnect_terminator();
    if (res == 20) out.answer = InvariantAnswer::NoInvariant;
    if (res != 10) return false;
    out.answer = InvariantAnswer::Found;
    return true;
}

InvariantOutcome decide_in_child(const std::function<InvariantOutcome()>& decide, Clock::time_point deadline) {
    const ChildOutcome child = run_in_child([&] { return to_bytes(decide()); }, deadline + std::chrono::milliseconds(50));
    if (!child.forked) return decide();
    InvariantOutcome o;
    if (!child.finished || !from_bytes(child.bytes, o)) return InvariantOutcome{};  // Unknown
    return o;
}

}  // namespace

InvariantOutcome invariant_schedule(const Traffic& traffic, const std::vector<TransferPermutation>& group, int L,
                                    Clock::time_point deadline, std::size_t memory_bytes) {
    InvariantOutcome out;
    const int n = traffic.size(), m = static_cast<int>(group.size());
    out.group_order = m;
    if (n == 0 || m == 0 || L % m != 0 || n % m != 0) {
        out.answer = InvariantAnswer::NoGroup;
        return out;
    }
    const int r = L / m;
    out.base_frames = r;
    const int orbits = n / m;
    // Variables v(t, i): transfer t is its orbit's representative and sits in base frame i.
    auto v = [r](int t, int i) { return t * r + i + 1; };
    const std::vector<std::vector<int>> users = cnf::maximal_user_sets(traffic);
    long clauses = orbits * (1 + cnf::at_most_one_clauses(static_cast<std::size_t>(m) * static_cast<std::size_t>(r)));
    long aux = static_cast<long>(orbits) * m * r;
    for (const auto& u : users) {
        clauses += r * cnf::at_most_one_clauses(u.size());
        aux += r * static_cast<long>(u.size());
    }
    if (estimated_bytes(clauses, static_cast<long>(n) * r + aux) > memory_bytes) {
        out.answer = InvariantAnswer::TooLarge;
        return out;
    }
    cnf::StopWhen term(nullptr, deadline);
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    cnf::Encoder enc{solver, n * r + 1};
    const std::vector<std::vector<int>> members = orbit_members(group, n);
    for (const auto& o : members) {  // exactly one representative per orbit, in one base frame
        std::vector<int> lits;
        for (int t : o)
            for (int i = 0; i < r; ++i) lits.push_back(v(t, i));
        enc.clause(lits);
        enc.at_most_one(lits);
    }
    for (const auto& u : users) {  // base frames are simultaneities
        if (term.terminate()) return out;
        std::vector<int> lits(u.size());
        for (int i = 0; i < r; ++i) {
            for (std::size_t k = 0; k < u.size(); ++k) lits[k] = v(u[k], i);
            enc.at_most_one(lits);
            // A link used by L transfers is busy in every frame; frame g·B_i uses it iff
            // B_i uses its preimage, which is as loaded: every base frame uses it.
            if (static_cast<int>(u.size()) == L) enc.clause(lits);
        }
    }
    // Translating a base frame by an element of G, or renumbering base frames, gives the
    // same schedule: orbit 0 is represented by its first transfer in base frame 0.
    enc.clause({v(members[0][0], 0)});
    if (solve_encoding(solver, enc, term, out)) {
        std::vector<std::vector<int>> base(static_cast<std::size_t>(r));
        for (int t = 0; t < n; ++t)
            for (int i = 0; i < r; ++i)
                if (solver.val(v(t, i)) > 0) base[static_cast<std::size_t>(i)].push_back(t);
        out.schedule = expand_base_frames(group, base);
    }
    return out;
}

Schedule expand_base_frames(const std::vector<TransferPermutation>& group, const std::vector<std::vector<int>>& base_frames) {
    Schedule s;
    for (const auto& base : base_frames)
        for (const auto& g : group) {
            std::vector<int> frame;
            frame.reserve(base.size());
            for (int t : base) frame.push_back(g[static_cast<std::size_t>(t)]);
            std::sort(frame.begin(), frame.end());
            s.frames.push_back(std::move(frame));
        }
    return s;
}

InvariantOutcome stable_schedule(const Traffic& traffic, const std::vector<TransferPermutation>& group, int L,
                                 Clock::time_point deadline, std::size_t memory_bytes) {
    InvariantOutcome out;
    out.frames_fixed = true;
    const int n = traffic.size(), m = static_cast<int>(group.size());
    out.group_order = m;
    if (n == 0 || m == 0 || n % m != 0 || L < 1) {
        out.answer = InvariantAnswer::NoGroup;
        return out;
    }
    const std::vector<int> orbit = transfer_orbits(group, n);
    const int orbits = n / m;
    // The orbits using each link; an orbit using a link twice can share no frame with itself.
    std::vector<std::vector<int>> link_orbits(static_cast<std::size_t>(traffic.link_count()));
    for (int t = 0; t < n; ++t)
        traffic[t].links.for_each([&](std::size_t l) { link_orbits[l].push_back(orbit[static_cast<std::size_t>(t)]); });
    std::map<std::vector<int>, int> user_sets;  // distinct orbit sets -> load
    for (auto& u : link_orbits) {
        std::sort(u.begin(), u.end());
        if (std::adjacent_find(u.begin(), u.end()) != u.end()) {
            out.answer = InvariantAnswer::NoGroup;  // an orbit congests with itself
            return out;
        }
        if (u.size() >= 2) user_sets.emplace(u, static_cast<int>(u.size()));
    }
    long clauses = orbits * (1 + cnf::at_most_one_clauses(static_cast<std::size_t>(L)));
    long aux = static_cast<long>(orbits) * L;
    for (const auto& [u, load] : user_sets) clauses += L * (1 + cnf::at_most_one_clauses(u.size())), aux += L * load;
    if (estimated_bytes(clauses, static_cast<long>(orbits) * L + aux) > memory_bytes) {
        out.answer = InvariantAnswer::TooLarge;
        return out;
    }
    cnf::StopWhen term(nullptr, deadline);
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    auto y = [L](int o, int f) { return o * L + f + 1; };  // orbit o in frame f
    cnf::Encoder enc{solver, orbits * L + 1};
    std::vector<int> lits;
    for (int o = 0; o < orbits; ++o) {
        lits.clear();
        for (int f = 0; f < L; ++f) lits.push_back(y(o, f));
        enc.clause(lits);
        enc.at_most_one(lits);
    }
    const std::vector<int>* widest = nullptr;
    for (const auto& [u, load] : user_sets) {
        if (term.terminate()) return out;
        if (!widest || u.size() > widest->size()) widest = &u;
        lits.resize(u.size());
        for (int f = 0; f < L; ++f) {
            for (std::size_t k = 0; k < u.size(); ++k) lits[k] = y(u[k], f);
            enc.at_most_one(lits);
            // Each orbit uses a link at most once, so a link with L user orbits has load L
            // and is busy in every frame.
            if (static_cast<int>(u.size()) == L) enc.clause(lits);
        }
    }
    // Frames are interchangeable: the orbits sharing the busiest link take frames 0, 1, ...
    if (widest) {
        if (static_cast<int>(widest->size()) > L) {
            out.answer = InvariantAnswer::NoInvariant;
            return out;
        }
        for (std::size_t k = 0; k < widest->size(); ++k) enc.clause({y((*widest)[k], static_cast<int>(k))});
    }
    if (solve_encoding(solver, enc, term, out)) {
        out.schedule.frames.assign(static_cast<std::size_t>(L), {});
        std::vector<int> frame_of(static_cast<std::size_t>(orbits), 0);
        for (int o = 0; o < orbits; ++o)
            for (int f = 0; f < L; ++f)
                if (solver.val(y(o, f)) > 0) frame_of[static_cast<std::size_t>(o)] = f;
        for (int t = 0; t < n; ++t)
            out.schedule.frames[static_cast<std::size_t>(frame_of[static_cast<std::size_t>(orbit[static_cast<std::size_t>(t)])])]
                .push_back(t);
        std::erase_if(out.schedule.frames, [](const std::vector<int>& f) { return f.empty(); });
    }
    return out;
}

namespace {

/// One attempt of the invariant search: a group order and a form.
enum class Form { Free, Quotient, Stable };
struct Attempt {
    int order;
    Form form;
    double weight;     // its share of the time left, relative to the attempts after it
    double cap_s = 0;  // > 0: its window is at most this long (the quick passes)
};

/// The orders a subgroup acting freely on the transfers can have, largest first.
std::vector<int> usable_orders(const Traffic& traffic, const TrafficSymmetry& symmetry) {
    const int n = traffic.size();
    const int top = static_cast<int>(std::min<long double>(symmetry.order, static_cast<long double>(n)));
    std::vector<int> orders;
    for (int m = top; m >= 2; --m)
        // Lagrange: a subgroup's order divides the group's (bliss's order is exact below 2^64).
        if (n % m == 0 && (symmetry.order >= 1.8e19L || std::fmod(symmetry.order, static_cast<long double>(m)) == 0))
            orders.push_back(m);
    return orders;
}

/// Cheapest first. Per order, largest first: the free form with one base frame (a small
/// SAT problem: torus:6x6, 35 orbits) and the stable form scheduled on the quotient traffic
/// (DSatur answers torus:4x4x4 at once), the quotient searches first in a short window each
/// and then in a long one: their local search answers within a fraction of a second or
/// stalls (mesh:6x6: order 2 in 0.1 s, order 4 in 1 to 3 s or not at all). Then the long
/// CaDiCaL calls:
/// the free form with several base frames and the stable form's exact decision.
std::vector<Attempt> plan_attempts(const Traffic& traffic, const TrafficSymmetry& symmetry, int L, int max_base_frames) {
    const std::vector<int> orders = usable_orders(traffic, symmetry);
    // Orders below 3 in the free form leave more than a third of the whole colouring
    // problem: the general search is the better use of time.
    auto free_form = [L](int m) { return m >= 3 && L % m == 0; };
    std::vector<Attempt> plan;
    if (max_base_frames > 0) {  // free forms only
        for (int m : orders)
            if (free_form(m) && L / m <= max_base_frames) plan.push_back({m, Form::Free, 1});
        return plan;
    }
    constexpr double kQuickQuotientS = 0.3;
    for (int m : orders) {
        if (free_form(m) && L == m) plan.push_back({m, Form::Free, 1});
        plan.push_back({m, Form::Quotient, 1, kQuickQuotientS});
    }
    // CaDiCaL's frames-fixed decision, briefly, before the long quotient searches, for the
    // largest order that has a group (the smallest problem): where the quotient's own
    // searches stall, it can answer at once (torus:8x8, order 16: 252 orbits in 80 colours,
    // found in 0.4 s after 13 s of quotient searches). One such attempt at most: on the
    // fabrics it does not answer, each costs its whole second.
    constexpr double kQuickStableS = 1.0;
    for (int m : orders) plan.push_back({m, Form::Stable, 1, kQuickStableS});
    for (int m : orders) plan.push_back({m, Form::Quotient, 3});
    for (int m : orders) {
        if (free_form(m) && L != m) plan.push_back({m, Form::Free, 1});
        plan.push_back({m, Form::Stable, 1});
    }
    return plan;
}

/// The end of an attempt's window: its weight's share of the time left, at least a
/// quarter of it (a later attempt may have no group at all), all of it for the last one.
/// A quotient search gets at most 2 s plus a tenth of the time left: when its searches
/// answer, they answer within about a second (mesh:6x6), and in long runs the CaDiCaL
/// decisions after it need the time (torus:8x8's 5 base frames: about 13 s of CPU).
Clock::time_point attempt_deadline(const std::vector<Attempt>& plan, std::size_t i, Clock::time_point deadline) {
    double rest = 0;
    for (std::size_t k = i; k < plan.size(); ++k) rest += plan[k].weight;
    const Clock::time_point now = Clock::now();
    if (deadline <= now) return now;
    const double left_s = std::chrono::duration<double>(deadline - now).count();
    double window_s = i + 1 == plan.size() ? left_s : std::max(0.25, plan[i].weight / rest) * left_s;
    if (plan[i].form == Form::Quotient) window_s = std::min(window_s, 2.0 + 0.1 * left_s);
    if (plan[i].cap_s > 0) window_s = std::min(window_s, plan[i].cap_s);
    return now + steady_span(window_s);
}

}  // namespace

InvariantOutcome search_invariant_schedule(const Traffic& traffic, const TrafficSymmetry& symmetry, int L, std::uint64_t seed,
                                           Clock::time_point deadline, std::size_t memory_bytes, int max_base_frames) {
    InvariantOutcome last;
    last.answer = InvariantAnswer::NoGroup;
    if (symmetry.generators.empty() || L < 1) return last;
    const Clock::time_point finder_deadline = Clock::now() + (deadline - Clock::now()) / 10;
    const SubgroupFinder finder(symmetry, seed, finder_deadline, memory_bytes);
    // The stable form needs orbits that do not congest with themselves: t and g(t) never
    // share a link, for every element g (the group maps pairs of one orbit onto such).
    const sched::ElementFilter no_self_congestion = [&traffic](const TransferPermutation& g) {
        for (int t = 0; t < traffic.size(); ++t)
            if (traffic[t].links.intersects(traffic[g[static_cast<std::size_t>(t)]].links)) return false;
        return true;
    };
    std::unique_ptr<SubgroupFinder> stable_finder;  // built on first use
    // Subgroups found per (order, stable?): the quotient and the exact stable decision share one.
    std::map<std::pair<int, bool>, std::vector<TransferPermutation>> groups;
    std::set<int> stable_refuted;  // orders whose stable form the quotient search or a quick decision refuted
    bool refuted_all = true, any_group = false, quick_decided = false;
    const std::vector<Attempt> plan = plan_attempts(traffic, symmetry, L, max_base_frames);
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const int m = plan[i].order;
        const Form form = plan[i].form;
        const bool quick = plan[i].cap_s > 0;
        const bool stable = form != Form::Free;
        if (reached(deadline)) return InvariantOutcome{};
        if (form == Form::Stable && (stable_refuted.count(m) || (quick && quick_decided))) continue;
        const Clock::time_point until = attempt_deadline(plan, i, deadline);
        auto [slot, fresh] = groups.try_emplace({m, stable});
        if (fresh) {
            // Large groups without a free subgroup of this order can keep the subgroup search
            // busy for long: it gets a twentieth of the attempt's window.
            if (stable && !stable_finder) stable_finder = std::make_unique<SubgroupFinder>(finder.restricted(no_self_congestion));
            const Clock::time_point now = Clock::now();
            slot->second = (stable ? *stable_finder : finder).free_abelian(m, now + (until - now) / 20);
        }
        if (slot->second.empty()) {
            if (quick) groups.erase(slot);  // perhaps only out of time: the long pass asks again
            continue;
        }
        const std::vector<TransferPermutation>& group = slot->second;
        if (form == Form::Free && max_base_frames > 0) {
            // Above the bound the base frames have slack: the local search finds them where
            // CaDiCaL takes seconds (torus:7x7 at 49 frames), but cannot refute. At the bound
            // every busiest link is used by every base frame, and CaDiCaL is the faster one
            // (torus:6x6 in 0.2 s).
            const Clock::time_point now = Clock::now();
            BaseFrameChoice choice = search_base_frames(traffic, group, L / m, seed, now + (until - now) / 2);
            if (choice.found) {
                InvariantOutcome o;
                o.answer = InvariantAnswer::Found, o.group_order = m, o.base_frames = L / m;
                o.schedule = expand_base_frames(group, choice.base_frames);
                return o;
            }
        }
        InvariantOutcome o = form == Form::Quotient
                                 ? stable_schedule_search(traffic, group, L, quick ? seed : seed + 1, until, memory_bytes)
                                 : decide_in_child(
                                       [&] {
                                           return stable ? stable_schedule(traffic, group, L, until, memory_bytes)
                                                         : invariant_schedule(traffic, group, L, until, memory_bytes);
                                       },
                                       until);
        if (o.answer == InvariantAnswer::NoGroup) continue;  // stable: an orbit congests with itself
        any_group = true;
        if (o.answer == InvariantAnswer::Found) return o;
        if (form == Form::Quotient) {
            // Refuted on the quotient: the exact stable decision of this order is skipped.
            // Otherwise that decision (CaDiCaL) still answers: no verdict yet.
            if (o.answer == InvariantAnswer::NoInvariant) stable_refuted.insert(m), last = std::move(o);
            continue;
        }
        if (quick) {
            // The quick decision: refuted, the long one is skipped; otherwise it answers later.
            if (o.answer == InvariantAnswer::NoInvariant) stable_refuted.insert(m), last = std::move(o);
            quick_decided = true;
            continue;
        }
        if (o.answer != InvariantAnswer::NoInvariant) refuted_all = false;
        last = std::move(o);
    }
    if (!any_group) last.answer = InvariantAnswer::NoGroup;
    else if (!refuted_all && last.answer == InvariantAnswer::NoInvariant) last.answer = InvariantAnswer::Unknown;
    return last;
}

int next_invariant_length(const Traffic& traffic, const TrafficSymmetry& symmetry, int L, int below, int max_base_frames) {
    if (symmetry.generators.empty()) return 0;
    int best = 0;
    for (int m : usable_orders(traffic, symmetry)) {
        if (m < 3) continue;
        const int next = (L / m + 1) * m;  // the first multiple of m above L
        if (next < below && next / m <= max_base_frames && (best == 0 || next < best)) best = next;
    }
    return best;
}

std::string invariant_construction_name(const InvariantOutcome& o) {
    std::string s = "invariant(order " + std::to_string(o.group_order);
    if (o.frames_fixed) s += ", frames fixed";
    else if (o.base_frames > 1) s += ", " + std::to_string(o.base_frames) + " base frames";
    if (!o.found_by.empty()) s += ", " + o.found_by + " on the quotient";  // frames fixed only
    return s + ")";
}

}  // namespace liquid::sched
