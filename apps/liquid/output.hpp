#pragma once
// Output helpers shared by subcommands: terminal detection and a progress bar that
// stays quiet when stderr is not a terminal or --json was given.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace liquid::app {

bool stderr_is_terminal();

/// Prints one JSON object on stdout, indented, followed by a newline.
void print_json(const nlohmann::json& j);

/// Thread-safe progress bar on stderr. Silent unless enabled and stderr is a terminal.
class ProgressBar {
public:
    ProgressBar(std::string label, std::uint64_t total, bool enabled);
    ~ProgressBar();
    void advance(std::uint64_t n = 1);
    /// Moves the bar to `done` items (for callbacks that report a running total).
    void advance_to(std::uint64_t done);
    void finish();

private:
    void draw(std::uint64_t done);
    std::string label_;
    std::uint64_t total_;
    bool enabled_;
    std::atomic<std::uint64_t> done_{0};
    std::mutex mutex_;
    std::chrono::steady_clock::time_point start_, last_draw_;
    bool finished_ = false;
};

/// Two bars in sequence, as the testbed runs need them: a sweep of known size, then the
/// work whose size the sweep decides.
class TwoProgressBars {
public:
    TwoProgressBars(std::string first_label, std::uint64_t first_total, std::string second_label, bool enabled);
    ProgressBar& first() { return first_; }
    /// Finishes the first bar and starts the second with `total` items.
    void start_second(std::uint64_t total);
    ProgressBar& second() { return *second_; }  // after start_second()
    void finish();

private:
    bool enabled_;
    ProgressBar first_;
    std::string second_label_;
    std::optional<ProgressBar> second_;
};

}  // namespace liquid::app
