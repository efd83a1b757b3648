// The crossbar view of a traffic and the schedules made of crossbar slots.
#include <algorithm>
#include <map>

#include "liquid/traffic/byte_load.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {

std::optional<CrossbarDemand> crossbar_demand(const WeightedProblem& p, std::string& why_not) {
    const Traffic& t = *p.traffic;
    std::map<int, int> input, output;  // link -> port index
    for (const Transfer& x : t.transfers()) {
        if (x.path.size() != 2) {
            why_not = "transfer " + x.name + " does not cross exactly two links (not a crossbar)";
            return std::nullopt;
        }
        input.emplace(x.path[0], static_cast<int>(input.size()));
        output.emplace(x.path[1], static_cast<int>(output.size()));
    }
    for (const auto& [link, port] : input)
        if (output.count(link)) {
            why_not = "link " + t.link_name(link) + " is both a first and a last link (not a crossbar)";
            return std::nullopt;
        }
    CrossbarDemand d;
    d.n = static_cast<int>(std::max(input.size(), output.size()));
    d.rate = p.rates[static_cast<std::size_t>(t[0].path[0])];
    for (const auto* ports : {&input, &output})
        for (const auto& [link, port] : *ports)
            if (p.rates[static_cast<std::size_t>(link)] != d.rate) {
                why_not = "the ports' rates differ";
                return std::nullopt;
            }
    const auto cells = static_cast<std::size_t>(d.n) * static_cast<std::size_t>(d.n);
    d.bytes.assign(cells, 0);
    d.transfers.assign(cells, {});
    for (int x = 0; x < t.size(); ++x) {
        const auto cell = static_cast<std::size_t>(input.at(t[x].path[0])) * static_cast<std::size_t>(d.n) +
                          static_cast<std::size_t>(output.at(t[x].path[1]));
        d.bytes[cell] += transfer_bytes(t[x]);
        d.transfers[cell].push_back(x);
    }
    return d;
}

WeightedSchedule schedule_from_slots(const WeightedProblem& p, const CrossbarDemand& d, const std::vector<Slot>& slots) {
    const Traffic& t = *p.traffic;
    std::vector<std::int64_t> left(static_cast<std::size_t>(t.size()));
    for (int x = 0; x < t.size(); ++x) left[static_cast<std::size_t>(x)] = transfer_bytes(t[x]);
    WeightedSchedule s;
    for (const Slot& slot : slots) {
        WeightedFrame f;
        for (const auto& [i, j] : slot.cells)
            for (int x : d.transfers[static_cast<std::size_t>(i) * static_cast<std::size_t>(d.n) + static_cast<std::size_t>(j)]) {
                auto& rest = left[static_cast<std::size_t>(x)];
                if (rest == 0) continue;
                const std::int64_t b = std::min(rest, slot.bytes);
                rest -= b;
                f.pieces.push_back({x, b});
                break;  // one piece per port pair and frame
            }
        if (!f.pieces.empty()) s.frames.push_back(std::move(f));
    }
    // Transfers sharing a port pair may be left over: each gets frames of its own.
    for (int x = 0; x < t.size(); ++x)
        if (left[static_cast<std::size_t>(x)] > 0) s.frames.push_back({{{x, left[static_cast<std::size_t>(x)]}}, 0});
    repair_small_pieces(p, s);
    return s;
}

void repair_small_pieces(const WeightedProblem& p, WeightedSchedule& s) {
    const Traffic& t = *p.traffic;
    // Largest piece of every transfer (frame, index).
    std::vector<std::pair<int, int>> largest(static_cast<std::size_t>(t.size()), {-1, -1});
    auto bytes_at = [&s](std::pair<int, int> at) {
        return s.frames[static_cast<std::size_t>(at.first)].pieces[static_cast<std::size_t>(at.second)].bytes;
    };
    for (int f = 0; f < s.length(); ++f)
        for (int k = 0; k < static_cast<int>(s.frames[static_cast<std::size_t>(f)].pieces.size()); ++k) {
            auto& best = largest[static_cast<std::size_t>(
                s.frames[static_cast<std::size_t>(f)].pieces[static_cast<std::size_t>(k)].transfer)];
            if (best.first < 0 ||
                s.frames[static_cast<std::size_t>(f)].pieces[static_cast<std::size_t>(k)].bytes > bytes_at(best))
                best = {f, k};
        }
    for (int f = 0; f < s.length(); ++f)
        for (int k = 0; k < static_cast<int>(s.frames[static_cast<std::size_t>(f)].pieces.size()); ++k) {
            Piece& x = s.frames[static_cast<std::size_t>(f)].pieces[static_cast<std::size_t>(k)];
            const auto at = largest[static_cast<std::size_t>(x.transfer)];
            if (x.bytes >= p.min_piece || at == std::make_pair(f, k)) continue;
            s.frames[static_cast<std::size_t>(at.first)].pieces[static_cast<std::size_t>(at.second)].bytes += x.bytes;
            x.bytes = 0;
        }
    for (WeightedFrame& f : s.frames)
        f.pieces.erase(std::remove_if(f.pieces.begin(), f.pieces.end(), [](const Piece& x) { return x.bytes == 0; }),
                       f.pieces.end());
    s.frames.erase(std::remove_if(s.frames.begin(), s.frames.end(), [](const WeightedFrame& f) { return f.pieces.empty(); }),
                   s.frames.end());
    set_frame_durations(p, s);
}

}  // namespace liquid::sched
