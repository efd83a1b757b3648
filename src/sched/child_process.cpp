// A forked child whose result comes back through a pipe (see child_process.hpp).
#include "sched/child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace liquid::sched {
namespace {

using Clock = std::chrono::steady_clock;

void write_all(int fd, const std::string& bytes) {
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t w = ::write(fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        p += w, left -= static_cast<std::size_t>(w);
    }
}

// Reads everything the child writes until EOF or the deadline; false on timeout.
bool read_until(int fd, Clock::time_point deadline, std::string& bytes) {
    char buf[65536];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        const ssize_t r = ::read(fd, buf, sizeof buf);
        if (r == 0) return true;
        if (r > 0) bytes.append(buf, static_cast<std::size_t>(r));
        else if (errno != EINTR) return true;
    }
}

}  // namespace

ChildOutcome run_in_child(const std::function<std::string()>& work, Clock::time_point deadline) {
    ChildOutcome out;
    int fds[2];
    if (::pipe(fds) != 0) return out;
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(fds[0]), ::close(fds[1]);
        return out;
    }
    if (child == 0) {
        ::close(fds[0]);
        // An exception must not unwind into the parent's code paths in this copy.
        try {
            write_all(fds[1], work());
        } catch (...) {
            ::_exit(1);
        }
        ::_exit(0);
    }
    out.forked = true;
    ::close(fds[1]);
    out.finished = read_until(fds[0], deadline, out.bytes);
    ::close(fds[0]);
    if (!out.finished) ::kill(child, SIGKILL);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    // A child that died (killed by a signal, or a crash) may have written half a result.
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) out.finished = false;
    if (!out.finished) out.bytes.clear();
    return out;
}

}  // namespace liquid::sched
