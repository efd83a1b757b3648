// libFuzzer harness: the interposer's environment parsing (LIQUID_* variables). The input
// is NUL-separated values for LIQUID_TIME_LIMIT, LIQUID_SYNC, LIQUID_MIN_BYTES,
// LIQUID_COMPARE, LIQUID_METHOD, LIQUID_V_TIME_LIMIT, LIQUID_V_MIN_PIECE and LIQUID_TUNE_CALLS, in that order. Oracle: parsing
// never throws; every problem is one line naming its variable; accepted values are in range.
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "liquid/plan/interposer_environment.hpp"
#include "oracle.hpp"

namespace {
void check(bool holds, const char* what) { liquid::fuzz::require(holds ? "" : "violated", what); }
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const char* const names[] = {"LIQUID_TIME_LIMIT", "LIQUID_SYNC",         "LIQUID_MIN_BYTES",   "LIQUID_COMPARE",
                                        "LIQUID_METHOD",     "LIQUID_V_TIME_LIMIT", "LIQUID_V_MIN_PIECE", "LIQUID_TUNE_CALLS"};
    constexpr std::size_t kNames = std::size(names);
    std::vector<std::string> values(1);
    for (std::size_t i = 0; i < size && values.size() <= kNames; ++i) {
        if (data[i] == 0) values.emplace_back();
        else values.back() += static_cast<char>(data[i]);
    }
    values.resize(kNames);
    const auto e = liquid::plan::parse_interposer_environment([&](const char* name) -> const char* {
        for (std::size_t i = 0; i < kNames; ++i)
            if (std::string(name) == names[i]) return values[i].c_str();
        return nullptr;
    });
    for (const std::string& p : e.problems) {
        check(p.find('\n') == std::string::npos, "a problem is one line");
        check(p.rfind("LIQUID_", 0) == 0, "a problem names its variable");
    }
    check(std::isfinite(e.time_limit_s) && e.time_limit_s > 0 && e.time_limit_s <= 365.0 * 24 * 3600,
          "the time limit is finite and positive");
    check(std::isfinite(e.v_time_limit_s) && e.v_time_limit_s > 0 && e.v_time_limit_s <= 365.0 * 24 * 3600,
          "the Alltoallv time limit is finite and positive");
    check(e.min_bytes >= 0, "LIQUID_MIN_BYTES is not negative");
    check(e.v_min_piece >= 1, "LIQUID_V_MIN_PIECE is at least one byte");
    check(e.tune_calls >= 0 && e.tune_calls <= 1000, "LIQUID_TUNE_CALLS is from 0 to 1000");
    return 0;
}
