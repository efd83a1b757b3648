// SAT decision of "schedulable in L frames" with CaDiCaL (see sat_decision.hpp).
#include "sched/sat_decision.hpp"

#include <algorithm>
#include <stdexcept>

#include "sched/child_process.hpp"
#include "sched/cnf.hpp"
#include "sched/schedulable_cnf.hpp"

namespace liquid::sched {

namespace {

using Clock = std::chrono::steady_clock;

// Rough CaDiCaL footprint per clause (arena, watches) and per variable, measured on the
// 4 032-transfer fat-tree:4,3 encoding (1.2 M variables, 770 MB).
constexpr std::size_t kBytesPerClause = 110;
constexpr std::size_t kBytesPerVariable = 220;
// Time a clause takes to encode into CaDiCaL and to free again, measured on this project's
// 2-core VM under load (torus:6x6 and torus:8x8 encodings, 0.85 M and 6.7 M clauses:
// 0.9–1.1 µs and 0.1–0.13 µs of CPU a clause), with a margin.
constexpr double kBuildSecondsPerClause = 1.5e-6;
constexpr double kFreeSecondsPerClause = 0.2e-6;

struct EncodingSize {
    std::size_t clauses = 0, variables = 0;
};

/// Upper estimate: every link's users, not only the maximal sets.
EncodingSize estimated_size(const Traffic& traffic, int max_frames) {
    const std::size_t L = static_cast<std::size_t>(std::max(max_frames, 0));
    EncodingSize e{static_cast<std::size_t>(traffic.size()) * (1 + L), static_cast<std::size_t>(traffic.size()) * L};
    std::vector<std::size_t> load(static_cast<std::size_t>(traffic.link_count()), 0);
    for (const Transfer& x : traffic.transfers()) x.links.for_each([&](std::size_t l) { ++load[l]; });
    for (std::size_t u : load) {
        e.clauses += L * static_cast<std::size_t>(cnf::at_most_one_clauses(u));
        if (u > 6) e.variables += L * u;
    }
    return e;
}

}  // namespace

std::size_t SatDeepening::estimated_bytes(const Traffic& traffic, int max_frames) {
    const EncodingSize e = estimated_size(traffic, max_frames);
    return e.clauses * kBytesPerClause + e.variables * kBytesPerVariable;
}

double SatDeepening::estimated_free_seconds() const { return static_cast<double>(clauses_estimate_) * kFreeSecondsPerClause; }
double SatDeepening::estimated_build_seconds() const { return static_cast<double>(clauses_estimate_) * kBuildSecondsPerClause; }

SatDeepening::SatDeepening(const Traffic& traffic, int max_frames, int min_frames, const std::vector<int>& clique)
    : traffic_(traffic), max_frames_(max_frames), min_frames_(std::max(min_frames, static_cast<int>(clique.size()))),
      clique_size_(static_cast<int>(clique.size())), clauses_estimate_(estimated_size(traffic, max_frames).clauses),
      solver_(std::make_unique<CaDiCaL::Solver>()) {
    solver_->set("quiet", 1);  // CaDiCaL reports e.g. "found falsified original clause" on stdout
    clique_ = clique;
}

SatDeepening::~SatDeepening() = default;

int SatDeepening::x(int t, int f) const { return frame_variable(t, f, max_frames_); }

bool SatDeepening::encode(cnf::StopWhen& term) {
    // The clauses `liquid export --format cnf` writes for max_frames_ (one encoding), plus
    // the frame selectors below (none when min_frames_ == max_frames_, as in sat_decide).
    cnf::SolverSink sink(*solver_);
    CnfSize size;
    if (!encode_schedulable(traffic_, max_frames_, clique_, sink, size, [&] { return term.terminate(); })) return false;
    // Frames from min_frames_ on can be switched off: selector s_f (true = frame f unused)
    // forbids every transfer in it; asking for L frames assumes s_f for f >= L.
    int next_var = size.variables + 1;
    long clauses = size.clauses;
    const int n = traffic_.size();
    for (int f = min_frames_; f < max_frames_; ++f) {
        const int sel = next_var++;
        selector_.push_back(sel);
        for (int t = 0; t < n; ++t) {
            solver_->add(-sel);
            solver_->add(-x(t, f));
            solver_->add(0);
            ++clauses;
        }
    }
    variables_ = next_var - 1;
    clauses_ = clauses;
    return true;
}

void SatDeepening::release() {
    solver_.reset();
    interrupted_ = true;
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
    if (!solver_) return out;            // released
    cnf::StopWhen term(stop, deadline);  // the budget covers the encoding too
    if (!encoded_ && !interrupted_ && only_if_it_fits_) {
        // An encoding that cannot be built before the deadline is not started (it would be
        // thrown away); a later call with more time left builds it.
        if (deadline != Clock::time_point::max() &&
            Clock::now() + std::chrono::duration<double>(estimated_build_seconds()) > deadline)
            return out;
    }
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

namespace {

SatOutcome decide_once(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                       Clock::time_point deadline) {
    SatDeepening one_shot(traffic, L, L, clique);  // no selectors: the plain encoding
    one_shot.start_even_if_late();                 // alone, it is the only thing to try
    return one_shot.decide(L, stop, deadline);
}

}  // namespace

SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s) {
    if (L <= 0 || static_cast<int>(clique.size()) > L) {
        SatOutcome out;
        out.answer = traffic.empty() ? SatAnswer::Schedulable : SatAnswer::Unschedulable;
        return out;
    }
    const Clock::time_point deadline = cnf::deadline_after(time_limit_s);
    // With a time limit and no stop flag (a flag cannot reach another process), in a child
    // process killed 50 ms after the deadline: building, solving and freeing a large
    // encoding each run for seconds between deadline checks (CaDiCaL alone on hypercube:6
    // took 31 s for a 10 s limit in process).
    if (stop || time_limit_s <= 0) return decide_once(traffic, L, clique, stop, deadline);
    const ChildOutcome child = run_in_child(
        [&] {
            const SatOutcome o = decide_once(traffic, L, clique, nullptr, deadline);
            ByteWriter w;
            w.put(static_cast<int>(o.answer)), w.put(o.variables), w.put(o.clauses), w.put_frames(o.schedule.frames);
            return w.take();
        },
        deadline + std::chrono::milliseconds(50));
    if (!child.forked) return decide_once(traffic, L, clique, nullptr, deadline);
    SatOutcome out;
    ByteReader r(child.bytes);
    int answer = 0;
    if (!child.finished || !r.get(answer) || !r.get(out.variables) || !r.get(out.clauses) || !r.get_frames(out.schedule.frames) ||
        !r.done())
        return SatOutcome{};  // Unknown
    out.answer = static_cast<SatAnswer>(answer);
    return out;
}

}  // namespace liquid::sched
