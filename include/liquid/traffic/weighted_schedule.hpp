#pragma once
// A weighted schedule: frames of pieces (parts of transfers, in whole bytes), each frame
// lasting as long as its longest piece over the piece's slowest link. The data only; how
// schedules are made and checked is liquid/sched/weighted.hpp, the JSON form
// liquid/io/schedule_json.hpp.
#include <cstdint>
#include <vector>

namespace liquid {

struct Piece {
    int transfer = -1;
    std::int64_t bytes = 0;
};

struct WeightedFrame {
    std::vector<Piece> pieces;
    double duration_s = 0;  // data time: the longest piece over its slowest link
};

struct WeightedSchedule {
    std::vector<WeightedFrame> frames;
    int length() const { return static_cast<int>(frames.size()); }
};

}  // namespace liquid
