#pragma once
// Event queue of the discrete-event wormhole simulator: a binary min-heap ordered by
// (time, insertion sequence), so events at equal times pop in the order they were
// scheduled and every run is deterministic.
#include <cstdint>
#include <vector>

namespace liquid::sim {

enum class EventKind : std::uint8_t {
    Arrive,    // a message is handed to its sender (a = message)
    Request,   // the head of message a requests hop b of its path
    Release,   // the tail of message a leaves hop b: the link is free again
    Complete,  // the last byte of message a reached the receiver
};

struct Event {
    double time = 0;
    std::uint64_t seq = 0;
    EventKind kind = EventKind::Arrive;
    int a = 0;
    int b = 0;
};

class EventQueue {
public:
    void push(double time, EventKind kind, int a, int b = 0);
    /// Removes and returns the earliest event. Precondition: !empty().
    Event pop();
    const Event& top() const { return heap_.front(); }
    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }
    void reserve(std::size_t n) { heap_.reserve(n); }

private:
    std::vector<Event> heap_;
    std::uint64_t seq_ = 0;
};

}  // namespace liquid::sim
