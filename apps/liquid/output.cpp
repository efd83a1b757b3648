#include "output.hpp"
#include "liquid/base/json_text.hpp"

#include <fmt/core.h>
#include <unistd.h>
#include <cstdio>
#include <iostream>

namespace liquid::app {

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

void print_json(const nlohmann::json& j) { std::cout << json_text(j, 2) << '\n'; }

ProgressBar::ProgressBar(std::string label, std::uint64_t total, bool enabled)
    : label_(std::move(label)), total_(total), enabled_(enabled && stderr_is_terminal()),
      start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::advance(std::uint64_t n) {
    std::uint64_t done = done_.fetch_add(n) + n;
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    // Redraw at most ten times a second so the bar never slows the work down.
    if (now - last_draw_ < std::chrono::milliseconds(100) && done < total_) return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    last_draw_ = now;
    draw(done);
}

void ProgressBar::advance_to(std::uint64_t done) {
    const std::uint64_t shown = done_.load();
    if (done > shown) advance(done - shown);
}

void ProgressBar::draw(std::uint64_t done) {
    const int width = 30;
    double frac = total_ ? double(done) / double(total_) : 1.0;
    if (frac > 1.0) frac = 1.0;
    int filled = int(frac * width);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    fmt::print(stderr, "\r{} [{}{}] {}/{} {:.0f}% {:.1f}s", label_, std::string(filled, '#'), std::string(width - filled, '.'),
               done, total_, 100 * frac, secs);
    std::fflush(stderr);
}

void ProgressBar::finish() {
    if (!enabled_ || finished_) return;
    std::lock_guard lock(mutex_);
    finished_ = true;
    draw(done_.load());
    fmt::print(stderr, "\n");
}

TwoProgressBars::TwoProgressBars(std::string first_label, std::uint64_t first_total, std::string second_label, bool enabled)
    : enabled_(enabled), first_(std::move(first_label), first_total, enabled), second_label_(std::move(second_label)) {}

void TwoProgressBars::start_second(std::uint64_t total) {
    first_.finish();
    second_.emplace(second_label_, total, enabled_);
}

void TwoProgressBars::finish() {
    first_.finish();
    if (second_) second_->finish();
}

}  // namespace liquid::app
