#include "liquid/io/round_trip.hpp"

#include <sstream>

#include "liquid/base/json_text.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"

namespace liquid {

namespace {

/// A transfer's links by name, in travel order (bitset order when no path is stored).
std::vector<std::string> link_names_of(const Traffic& t, const Transfer& x) {
    std::vector<std::string> names;
    if (!x.path.empty())
        for (int l : x.path) names.push_back(t.link_name(l));
    else x.links.for_each([&](std::size_t l) { names.push_back(t.link_name(static_cast<int>(l))); });
    return names;
}

}  // namespace

std::string traffic_difference(const Traffic& a, const Traffic& b, bool compare_sizes) {
    if (a.size() != b.size()) return std::to_string(a.size()) + " transfers became " + std::to_string(b.size());
    for (int i = 0; i < a.size(); ++i) {
        const Transfer &x = a[i], &y = b[i];
        const std::string where = "transfer " + std::to_string(i) + " '" + x.name + "'";
        if (x.name != y.name) return where + " is named '" + y.name + "' after the round trip";
        if (link_names_of(a, x) != link_names_of(b, y)) return where + " changed its links";
        if (compare_sizes && x.size != y.size) return where + " changed its size";
    }
    return "";
}

std::string network_difference(const Network& a, const Network& b) {
    const auto ja = network_to_json(a), jb = network_to_json(b);
    if (ja == jb) return "";
    for (const auto& key : {"name", "rate", "hosts", "switches", "links", "routing"})
        if (ja.value(key, nlohmann::json()) != jb.value(key, nlohmann::json()))
            return std::string("the network's \"") + key + "\" changed";
    return "the network changed";
}

std::string link_set_round_trip(const Traffic& traffic) {
    std::ostringstream out;
    write_traffic(out, traffic);
    std::istringstream in(out.str());
    return traffic_difference(traffic, parse_traffic(in, "(round trip)"), false);
}

std::string network_json_round_trip(const Network& net) {
    const std::string text = json_text(network_to_json(net), 2);
    return network_difference(net, network_from_json(io::parse_json_text(text, "(round trip)"), "(round trip)"));
}

std::string traffic_json_round_trip(const Traffic& traffic, const Network& net) {
    const std::string text = json_text(traffic_to_json(traffic, net), 2);
    const auto j = io::parse_json_text(text, "(round trip)");
    const Network back = network_from_json(j["network"], "(round trip)");
    if (auto d = network_difference(net, back); !d.empty()) return d;
    return traffic_difference(traffic, traffic_from_json(j, back, "(round trip)"));
}

}  // namespace liquid
