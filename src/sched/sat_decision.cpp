// SAT decision of "schedulable in L frames" with CaDiCaL (see sat_decision.hpp).
#include "sched/sat_decision.hpp"

#include <cadical.hpp>
#include <chrono>

#include "sched/schedulable_cnf.hpp"

#include "liquid/base/stop.hpp"

namespace liquid::sched {
namespace {

class StopWhen : public CaDiCaL::Terminator {
public:
    StopWhen(const std::atomic<bool>* stop, double limit_s)
        : stop_(stop), has_deadline_(limit_s > 0),
          deadline_(std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(limit_s))) {}
    bool terminate() override {
        // CaDiCaL asks often: read the clock only every 16th time.
        if ((stop_ && stop_->load(std::memory_order_relaxed)) || stop_requested()) return true;
        if (!has_deadline_ || (++calls_ & 15U) != 0) return expired_;
        expired_ = std::chrono::steady_clock::now() >= deadline_;
        return expired_;
    }

private:
    const std::atomic<bool>* stop_;
    bool has_deadline_;
    std::chrono::steady_clock::time_point deadline_;
    unsigned calls_ = 0;
    bool expired_ = false;
};

class SolverSink : public ClauseSink {
public:
    explicit SolverSink(CaDiCaL::Solver& s) : s_(s) {}
    void add(int literal) override { s_.add(literal); }

private:
    CaDiCaL::Solver& s_;
};

}  // namespace

SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s) {
    SatOutcome out;
    const int n = traffic.size();
    if (n == 0) {
        out.answer = SatAnswer::Schedulable;
        return out;
    }
    if (L <= 0 || static_cast<int>(clique.size()) > L) {
        out.answer = SatAnswer::Unschedulable;
        return out;
    }
    StopWhen term(stop, time_limit_s);  // the budget covers the encoding too
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);  // CaDiCaL reports e.g. "found falsified original clause" on stdout
    SolverSink sink(solver);
    CnfSize size;
    if (!encode_schedulable(traffic, L, clique, sink, size, [&] { return term.terminate(); })) return out;
    out.variables = size.variables;
    out.clauses = size.clauses;
    solver.connect_terminator(&term);
    const int res = solver.solve();
    solver.disconnect_terminator();
    if (res == 20) {
        out.answer = SatAnswer::Unschedulable;
    } else if (res == 10) {
        out.answer = SatAnswer::Schedulable;
        out.schedule.frames.assign(L, {});
        for (int t = 0; t < n; ++t)
            for (int f = 0; f < L; ++f)
                if (solver.val(frame_variable(t, f, L)) > 0) {
                    out.schedule.frames[f].push_back(t);
                    break;
                }
        std::erase_if(out.schedule.frames, [](const std::vector<int>& fr) { return fr.empty(); });
    }
    return out;
}

}  // namespace liquid::sched
