// Frame executor (frame_executor.hpp): barrier-synchronised frames, report §8.2.
#include "liquid/sim/frame_executor.hpp"
#include "sim/wormhole.hpp"

#include "liquid/base/error.hpp"

namespace liquid::sim {
namespace {

void check_partition(const Workload& w, const Schedule& s) {
    std::vector<char> seen(static_cast<std::size_t>(w.message_count()), 0);
    for (std::size_t f = 0; f < s.frames.size(); ++f) {
        if (s.frames[f].empty())
            throw InputError("schedule frame " + std::to_string(f + 1), "the frame is empty", "drop empty frames");
        for (int m : s.frames[f]) {
            if (m < 0 || m >= w.message_count())
                throw InputError("schedule frame " + std::to_string(f + 1),
                                 "transfer index " + std::to_string(m) + " is out of range", "schedule the simulated traffic");
            if (seen[static_cast<std::size_t>(m)]++)
                throw InputError("schedule frame " + std::to_string(f + 1),
                                 "transfer " + w.message_names[static_cast<std::size_t>(m)] + " appears twice",
                                 "every transfer belongs to exactly one frame");
        }
    }
    for (int m = 0; m < w.message_count(); ++m)
        if (!seen[static_cast<std::size_t>(m)])
            throw InputError("schedule", "transfer " + w.message_names[static_cast<std::size_t>(m)] + " is in no frame",
                             "every transfer belongs to exactly one frame");
}

}  // namespace

SimResult run_frames(const Workload& w, const Schedule& schedule, const SimOptions& options) {
    check_partition(w, schedule);
    Wormhole model(w, options);
    std::size_t frame = 0;
    std::size_t left = 0;
    double barriers = 0;
    auto start_frame = [&](double t) {
        left = schedule.frames[frame].size();
        for (int m : schedule.frames[frame]) model.submit(m, t);
    };
    if (!schedule.frames.empty()) start_frame(0.0);
    RunStatus status = model.run([&](int, double t) {
        if (--left > 0) return;
        if (++frame == schedule.frames.size()) return;
        barriers += options.barrier_s;  // every node waits for the slowest one
        start_frame(t + options.barrier_s);
    });
    SimResult r = summarize(model, w, status);
    r.frames = static_cast<int>(frame == schedule.frames.size() ? frame : frame + 1);
    r.barrier_time = barriers;
    return r;
}

Workload piece_workload(const Workload& w, const WeightedSchedule& s, Schedule& frames) {
    Workload out;
    out.link_rate = w.link_rate;
    out.link_names = w.link_names;
    out.sender_host = w.sender_host;
    out.receiver_host = w.receiver_host;
    frames.frames.assign(s.frames.size(), {});
    for (std::size_t f = 0; f < s.frames.size(); ++f)
        for (const Piece& p : s.frames[f].pieces) {
            if (p.transfer < 0 || p.transfer >= w.message_count() || p.bytes <= 0)
                throw InputError("weighted schedule frame " + std::to_string(f + 1),
                                 "a piece names no transfer of the traffic or carries no bytes",
                                 "simulate the schedule of this traffic");
            const SimMessage& whole = w.messages[static_cast<std::size_t>(p.transfer)];
            SimMessage m = whole;
            m.first = static_cast<int>(out.path_links.size());
            out.path_links.insert(out.path_links.end(), w.path(p.transfer), w.path(p.transfer) + whole.hops);
            m.size = static_cast<double>(p.bytes);
            m.stream_time = whole.stream_time * (m.size / whole.size);
            frames.frames[f].push_back(out.message_count());
            out.messages.push_back(m);
            out.message_names.push_back(w.message_names[static_cast<std::size_t>(p.transfer)]);
            out.total_bytes += m.size;
        }
    return out;
}

SimResult run_weighted_frames(const Workload& w, const WeightedSchedule& s, const SimOptions& options) {
    Schedule frames;
    const Workload pieces = piece_workload(w, s, frames);
    return run_frames(pieces, frames, options);
}

}  // namespace liquid::sim
