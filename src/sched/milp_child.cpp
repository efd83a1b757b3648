// A MILP solver run in a child process (see milp_solvers.hpp): the parent reads the
// outcome through a pipe until the deadline, then kills the child (child_process.hpp).
#include <cstring>
#include <string>
#include <vector>

#include "sched/child_process.hpp"
#include "sched/milp_solvers.hpp"

namespace liquid::sched {
namespace {

// The outcome as bytes: flags, bound, then the values (count first).
std::string encode(const MilpOutcome& o) {
    std::vector<double> msg{double(o.optimal), double(o.infeasible), double(o.timed_out), o.bound, double(o.values.size())};
    msg.insert(msg.end(), o.values.begin(), o.values.end());
    return std::string(reinterpret_cast<const char*>(msg.data()), msg.size() * sizeof(double));
}

MilpOutcome decode(const std::string& bytes, std::size_t columns) {
    MilpOutcome o;
    std::vector<double> msg(bytes.size() / sizeof(double));
    std::memcpy(msg.data(), bytes.data(), msg.size() * sizeof(double));
    if (msg.size() < 5) return o;  // the child died (e.g. the CBC crash above): no answer
    const auto count = static_cast<std::size_t>(msg[4]);
    if (msg.size() != 5 + count || (count != 0 && count != columns)) return o;
    o.optimal = msg[0] != 0, o.infeasible = msg[1] != 0, o.timed_out = msg[2] != 0, o.bound = msg[3];
    o.values.assign(msg.begin() + 5, msg.end());
    return o;
}

}  // namespace

MilpOutcome solve_in_child(const std::function<MilpOutcome()>& solve, std::size_t columns, double time_limit_s) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                                 std::chrono::duration<double>(time_limit_s));
    const ChildOutcome child = run_in_child([&] { return encode(solve()); }, deadline);
    if (!child.forked) return solve();
    MilpOutcome o = child.finished ? decode(child.bytes, columns) : MilpOutcome{};
    if (!child.finished && std::chrono::steady_clock::now() >= deadline) o.timed_out = true;
    return o;
}

}  // namespace liquid::sched
