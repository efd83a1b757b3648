#include "status_line.hpp"

#include <fmt/core.h>
#include <cstdio>
#include <system_error>

#include "output.hpp"

namespace liquid::app {

StatusLine::StatusLine(std::string label, bool enabled)
    : label_(std::move(label)), enabled_(enabled && stderr_is_terminal()), start_(std::chrono::steady_clock::now()) {
    if (!enabled_) return;
    try {
        thread_ = std::thread([this] { loop(); });
    } catch (const std::system_error&) {
        enabled_ = false;  // no thread to be had under a process or memory limit: no status line
    }
}

StatusLine::~StatusLine() {
    if (!enabled_) return;
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

void StatusLine::set(std::string text) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    text_ = std::move(text);
}

void StatusLine::loop() {
    std::unique_lock lock(mutex_);
    // Quick commands print nothing: the first draw waits a second.
    if (cv_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) return;
    while (!done_) {
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        fmt::print(stderr, "\r\033[K{}: {}, {:.1f} s", label_, text_, secs);
        std::fflush(stderr);
        drawn_ = true;
        cv_.wait_for(lock, std::chrono::milliseconds(250), [this] { return done_; });
    }
    if (drawn_) fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
}

}  // namespace liquid::app
