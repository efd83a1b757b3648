// SAT decision of "schedulable in L frames" with CaDiCaL (see sat_decision.hpp).
#include "sched/sat_decision.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "sched/cnf.hpp"

namespace liquid::sched {

using cnf::Encoder;
using cnf::maximal_user_sets;

namespace {

using Clock = std::chrono::steady_clock;

// Rough CaDiCaL footprint per clause (arena, watches) and per variable, measured on the
// 4 032-transfer fat-tree:4,3 encoding (1.2 M variables, 770 MB).
constexpr std::size_t kBytesPerClause = 110;
constexpr std::size_t kBytesPerVariable = 220;

}  // namespace

std::size_t SatDeepening::estimated_bytes(const Traffic& traffic, int max_frames) {
    const std::size_t L = static_cast<std::size_t>(std::max(max_frames, 0));
    std::size_t clauses = static_cast<std::size_t>(traffic.size()) * (1 + L), variables = static_cast<std::size_t>(traffic.size()) * L;
    std::vector<std::size_t> load(static_cast<std::size_t>(traffic.link_count()), 0);
    for (const Transfer& x : traffic.transfers()) x.links.for_each([&](std::size_t l) { ++load[l]; });
    for (std::size_t u : load) {  // upper estimate: every link's users, not only the maximal sets
        clauses += L * static_cast<std::size_t>(cnf::at_most_one_clauses(u));
        if (u > 6) variables += L * u;
    }
    return clauses * kBytesPerClause + variables * kBytesPerVariable;
}

SatDeepening::SatDeepening(const Traffic& traffic, int max_frames, int min_frames, const std::vector<int>& clique)
    : traffic_(traffic), max_frames_(max_frames), min_frames_(std::max(min_frames, static_cast<int>(clique.size()))),
      clique_size_(static_cast<int>(clique.size())), solver_(std::make_unique<CaDiCaL::Solver>()) {
    solver_->set("quiet", 1);  // CaDiCaL reports e.g. "found falsified original clause" on stdout
    clique_ = clique;
}

SatDeepening::~SatDeepening() = default;

int SatDeepening::x(int t, int f) const { return t * max_frames_ + f + 1; }

bool SatDeepening::encode(cnf::StopWhen& term) {
    const int n = traffic_.size(), L = max_frames_;
    cnf::Encoder enc{*solver_, n * L + 1};
    for (int t = 0; t < n; ++t) {
        for (int f = 0; f < L; ++f) solver_->add(x(t, f));
        solver_->add(0);
        ++enc.clauses;
    }
    for (const auto& u : maximal_user_sets(traffic_)) {
        // The encoding of a large traffic takes a while: stay interruptible.
        if (term.terminate()) return false;
        std::vector<int> xs(u.size());
        for (int f = 0; f < L; ++f) {
            for (std::size_t i = 0; i < u.size(); ++i) xs[i] = x(u[i], f);
            enc.at_most_one(xs);
        }
    }
    // Symmetry breaking: frames are interchangeable, so pin a clique to frames 0..k-1.
    for (std::size_t i = 0; i < clique_.size(); ++i) enc.clause({x(clique_[i], static_cast<int>(i))});
    // Twins (identical link sets) are interchangeable: the later twin may not sit in a
    // frame before the earlier one's ("earlier twin in frame f" forbids later in f' < f).
    // Only when neither is pinned by the clique.
    std::map<std::vector<int>, int> last;
    std::vector<char> pinned(static_cast<std::size_t>(n), 0);
    for (int c : clique_) pinned[static_cast<std::size_t>(c)] = 1;
    for (int t = 0; t < n; ++t) {
        std::vector<int> key = traffic_[t].links.to_vector();
        auto [it, inserted] = last.try_emplace(std::move(key), t);
        if (inserted) continue;
        const int a = it->second;
        it->second = t;
        if (pinned[static_cast<std::size_t>(a)] || pinned[static_cast<std::size_t>(t)]) continue;
        for (int f = 1; f < L; ++f)
            for (int g = 0; g < f; ++g) enc.clause({-x(a, f), -x(t, g)});
    }
    // Frames from min_frames_ on can be switched off: selector s_f (true = frame f unused)
    // forbids every transfer in it; asking for L frames assumes s_f for f >= L.
    for (int f = min_frames_; f < L; ++f) {
        const int sel = enc.next_var++;
        selector_.push_back(sel);
        for (int t = 0; t < n; ++t) enc.clause({-sel, -x(t, f)});
    }
    variables_ = enc.next_var - 1;
    clauses_ = enc.clauses;
    return true;
}

SatOutcome SatDeepening::decide(int L, const std::atomic<bool>* stop, Clock::time_point deadline) {
    SatOutcome out;
    const int n = traffic_.size();
    if (n == 0) {
        out.answer = SatAnswer::Schedulable;
        return out;
    }
    if (L <= 0 || clique_size_ > L) {
        out.answer = SatAnswer::Unschedulable;
        return out;
    }
    if (L > max_frames_ || L < min_frames_) throw std::logic_error("SatDeepening::decide: L outside the encoded range");
    cnf::StopWhen term(stop, deadline);  // the budget covers the encoding too
    if (!encoded_) {
        // An interrupted encoding leaves partial clauses behind: the object is spent.
        if (interrupted_ || !encode(term)) {
            interrupted_ = true;
            return out;
        }
        encoded_ = true;
    }
    out.variables = variables_;
    out.clauses = clauses_;
    for (int f = min_frames_; f < max_frames_; ++f)
        if (f >= L) solver_->assume(selector_[static_cast<std::size_t>(f - min_frames_)]);
    solver_->connect_terminator(&term);
    const int res = solver_->solve();
    solver_->disconnect_terminator();
    if (res == 20) {
        out.answer = SatAnswer::Unschedulable;
    } else if (res == 10) {
        out.answer = SatAnswer::Schedulable;
        out.schedule.frames.assign(static_cast<std::size_t>(L), {});
        for (int t = 0; t < n; ++t)
            for (int f = 0; f < L; ++f)
                if (solver_->val(x(t, f)) > 0) {
                    out.schedule.frames[static_cast<std::size_t>(f)].push_back(t);
                    break;
                }
        std::erase_if(out.schedule.frames, [](const std::vector<int>& fr) { return fr.empty(); });
    }
    return out;
}

SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s) {
    if (L <= 0 || static_cast<int>(clique.size()) > L) {
        SatOutcome out;
        out.answer = traffic.empty() ? SatAnswer::Schedulable : SatAnswer::Unschedulable;
        return out;
    }
    SatDeepening one_shot(traffic, L, L, clique);  // no selectors: the plain encoding
    return one_shot.decide(L, stop, cnf::deadline_after(time_limit_s));
}

}  // namespace liquid::sched
