// A MILP solver run in a child process (see milp_solvers.hpp): the parent reads the
// outcome through a pipe until the deadline, then kills the child.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>

#include "sched/milp_solvers.hpp"

namespace liquid::sched {
namespace {

// The outcome through a pipe: flags, bound, then the values (count first).
void send(int fd, const MilpOutcome& o) {
    std::vector<double> msg{double(o.optimal), double(o.infeasible), double(o.timed_out), o.bound, double(o.values.size())};
    msg.insert(msg.end(), o.values.begin(), o.values.end());
    const char* p = reinterpret_cast<const char*>(msg.data());
    std::size_t left = msg.size() * sizeof(double);
    while (left > 0) {
        const ssize_t w = ::write(fd, p, left);
        if (w <= 0) return;
        p += w, left -= static_cast<std::size_t>(w);
    }
}

// Reads everything the child writes until EOF or the deadline; false on timeout.
bool receive(int fd, std::chrono::steady_clock::time_point deadline, std::string& bytes) {
    char buf[65536];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        const ssize_t r = ::read(fd, buf, sizeof buf);
        if (r == 0) return true;
        if (r > 0) bytes.append(buf, static_cast<std::size_t>(r));
        else if (errno != EINTR) return true;
    }
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
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(time_limit_s));
    int fds[2];
    if (::pipe(fds) != 0) return solve();
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(fds[0]), ::close(fds[1]);
        return solve();
    }
    if (child == 0) {
        ::close(fds[0]);
        send(fds[1], solve());
        ::_exit(0);  // no destructors, no atexit handlers of the parent's state
    }
    ::close(fds[1]);
    std::string bytes;
    const bool finished = receive(fds[0], deadline, bytes);
    ::close(fds[0]);
    if (!finished) ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    MilpOutcome o = finished ? decode(bytes, columns) : MilpOutcome{};
    if (!finished) o.timed_out = true;
    return o;
}

}  // namespace liquid::sched
