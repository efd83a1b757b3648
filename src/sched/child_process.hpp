#pragma once
// Work that cannot be interrupted, run in a forked child process so that a deadline can
// cut it off (the parent kills the child): the MILP solvers (they check their clocks only
// between steps) and bliss's automorphism search (no stop hook at all). The child hands
// its result back as bytes through a pipe.
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace liquid::sched {

struct ChildOutcome {
    bool forked = false;    // false: fork() or pipe() failed, `work` did not run
    bool finished = false;  // the child wrote its result and exited before the deadline
    std::string bytes;      // what `work` returned (when finished)
};

/// A child's answer as bytes: plain values and lists of frames, read back in the same order.
class ByteWriter {
public:
    template <class T>
    void put(T v) {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    void put_frames(const std::vector<std::vector<int>>& frames) {
        put(static_cast<std::uint64_t>(frames.size()));
        for (const auto& f : frames) {
            put(static_cast<std::uint64_t>(f.size()));
            bytes_.append(reinterpret_cast<const char*>(f.data()), f.size() * sizeof(int));
        }
    }
    std::string take() { return std::move(bytes_); }

private:
    std::string bytes_;
};

/// Reads what a ByteWriter wrote; every call false once the bytes run out (a child killed
/// mid-write leaves a truncated answer).
class ByteReader {
public:
    explicit ByteReader(const std::string& bytes) : bytes_(bytes) {}
    template <class T>
    bool get(T& v) {
        if (at_ + sizeof v > bytes_.size()) return false;
        std::memcpy(&v, bytes_.data() + at_, sizeof v);
        at_ += sizeof v;
        return true;
    }
    bool get_frames(std::vector<std::vector<int>>& frames) {
        std::uint64_t count = 0;
        if (!get(count)) return false;
        frames.clear();
        for (std::uint64_t i = 0; i < count; ++i) {
            std::uint64_t size = 0;
            if (!get(size) || size > (bytes_.size() - at_) / sizeof(int)) return false;
            std::vector<int> f(size);
            std::memcpy(f.data(), bytes_.data() + at_, size * sizeof(int));
            at_ += size * sizeof(int);
            frames.push_back(std::move(f));
        }
        return true;
    }
    bool done() const { return at_ == bytes_.size(); }

private:
    const std::string& bytes_;
    std::size_t at_ = 0;
};

/// Runs `work` in a forked child and returns its bytes, or finished = false when the
/// deadline came first (the child is killed) or the child died. Call it with no other
/// thread of this process running (fork copies only the caller). The child leaves with
/// _exit: no destructors, no atexit handlers of the parent's state.
ChildOutcome run_in_child(const std::function<std::string()>& work, std::chrono::steady_clock::time_point deadline);

}  // namespace liquid::sched
