#pragma once
// A one-line status on stderr for long searches ("length 47, lower bound 36, 3.2 s"):
// appears after a second, redrawn a few times a second by its own thread, erased when done.
// Silent unless enabled and stderr is a terminal (so silent with --json or when piped).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace liquid::app {

class StatusLine {
public:
    StatusLine(std::string label, bool enabled);
    ~StatusLine();
    StatusLine(const StatusLine&) = delete;
    StatusLine& operator=(const StatusLine&) = delete;
    /// Replaces the status text (thread-safe; cheap: drawing happens on the status thread).
    void set(std::string text);

private:
    void loop();
    std::string label_, text_;
    bool enabled_;
    bool done_ = false, drawn_ = false;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::chrono::steady_clock::time_point start_;
    std::thread thread_;
};

}  // namespace liquid::app
