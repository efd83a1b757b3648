// Model variables, their validation, and the switch configuration C of thesis §3.3-3.4.
#include "liquid/optical/broadcast/model.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <cctype>
#include <cmath>

#include "liquid/base/error.hpp"

namespace liquid::optical {

double to_microseconds(Time t) { return static_cast<double>(t) / static_cast<double>(kPicosecondsPerMicrosecond); }

Time parse_duration(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        throw InputError(what, fmt::format("'{}' is not a duration", text), "write e.g. 10ms, 1us, 200ns or 5 (microseconds)");
    }
    std::string unit = text.substr(used);
    unit.erase(std::remove_if(unit.begin(), unit.end(), [](unsigned char c) { return std::isspace(c); }), unit.end());
    double scale = 0;
    if (unit.empty() || unit == "us") scale = 1e6;
    else if (unit == "s") scale = 1e12;
    else if (unit == "ms") scale = 1e9;
    else if (unit == "ns") scale = 1e3;
    else if (unit == "ps") scale = 1;
    else throw InputError(what, fmt::format("unknown time unit '{}' in '{}'", unit, text), "use s, ms, us, ns or ps");
    double ps = value * scale;
    if (!std::isfinite(ps) || ps < 0) throw InputError(what, fmt::format("'{}' must be a non-negative duration", text));
    if (ps > 1e15) throw InputError(what, fmt::format("'{}' is too large", text), "keep it under 1000 s");
    return static_cast<Time>(std::llround(ps));
}

void validate(const ModelParams& p) {
    if (p.nodes < 2 || p.nodes > (1 << 16)) throw InputError("N", fmt::format("{} nodes is outside 2..65536", p.nodes));
    if (p.multicast < 1 || p.multicast > 8)
        throw InputError("M", fmt::format("multicast size {} is outside 1..8", p.multicast), "the optics allow about 4 (§6.3.2)");
    if (p.message_bytes < 1 || p.message_bytes > (1 << 20))
        throw InputError("S", fmt::format("message size {} bytes is outside 1..1048576", p.message_bytes));
    if (p.tc < 0) throw InputError("Tc", "must be non-negative");
    if (p.tf < 0) throw InputError("Tf", "must be non-negative");
    if (p.tb < p.tf)
        throw InputError("Tb", fmt::format("Tb ({} ps/byte) is below Tf ({} ps/byte)", p.tb, p.tf),
                         "forwarding in hardware is never slower than the host stack (Td = Tb - Tf >= 0)");
    if (p.header_bytes < 0 || p.header_bytes > p.message_bytes)
        throw InputError("header", "header size must be between 0 and the message size");
}

ModelParams thesis_defaults() { return ModelParams{}; }

bool Configuration::is_permutation() const { return max_fan_in() <= 1; }

int Configuration::max_fan_in() const {
    std::vector<int> count(receivers.size(), 0);
    int worst = 0;
    for (std::size_t i = 0; i < receivers.size(); ++i)
        for (int r : receivers[i]) {
            if (static_cast<std::size_t>(r) == i) worst = std::max(worst, 2);  // a self-loop is never valid
            worst = std::max(worst, ++count[static_cast<std::size_t>(r)]);
        }
    return worst;
}

}  // namespace liquid::optical
