#pragma once
// Starts the built `liquid` as a child process with chosen stdout (a file, or a pipe whose
// reading end is already closed), to send it signals and observe its exit code.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/run.hpp"

namespace liquid::test {

class Child {
public:
    /// Runs `liquid args...`; stdout goes to `out_path` (or a closed pipe when empty), stderr
    /// to a temporary file read by err().
    Child(const std::vector<std::string>& args, const std::string& out_path) {
        err_path_ = temp_file("", ".err");
        int pipe_fds[2] = {-1, -1};
        if (out_path.empty() && ::pipe(pipe_fds) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            if (out_path.empty()) ::close(pipe_fds[0]);  // no reader at all: writes fail with EPIPE
            int out = out_path.empty() ? pipe_fds[1] : ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(out, 1);
            ::dup2(err, 2);
            int devnull = ::open("/dev/null", O_RDONLY);
            ::dup2(devnull, 0);
            std::vector<char*> argv{const_cast<char*>(LIQUID_BINARY)};
            for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(LIQUID_BINARY, argv.data());
            ::_exit(127);
        }
        if (out_path.empty()) {
            ::close(pipe_fds[0]);  // nobody reads: the child's writes fail with EPIPE
            ::close(pipe_fds[1]);
        }
    }
    ~Child() {
        if (pid_ > 0 && !reaped_) {
            ::kill(pid_, SIGKILL);
            wait();
        }
    }
    void signal(int sig) const { ::kill(pid_, sig); }
    /// Exit code (128 + signal if killed by one).
    int wait() {
        if (!reaped_) ::waitpid(pid_, &status_, 0);
        reaped_ = true;
        return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
    }
    /// Waits until the child has installed its SIGINT/SIGTERM handlers (a slow start, e.g.
    /// under a sanitizer on a loaded machine, must not be mistaken for work in progress: a
    /// signal before that kills it with the same 128 + signal code), sleeps `pause`, then
    /// tells whether the child is still running.
    bool running_after(std::chrono::milliseconds pause) {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (!catches(SIGINT) || !catches(SIGTERM)) {
            if (!still_running() || std::chrono::steady_clock::now() > give_up) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        std::this_thread::sleep_for(pause);
        return still_running();
    }
    std::string err() const { return slurp(err_path_); }

private:
    bool still_running() {
        if (reaped_) return false;
        if (::waitpid(pid_, &status_, WNOHANG) == 0) return true;
        reaped_ = true;
        return false;
    }
    /// Whether the child has a handler for `sig` (the SigCgt mask of /proc/<pid>/status).
    bool catches(int sig) const {
        std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
        for (std::string line; std::getline(status, line);)
            if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1U;
        return false;
    }

    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
    std::string err_path_;
};

}  // namespace liquid::test
