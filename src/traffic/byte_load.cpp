#include "liquid/traffic/byte_load.hpp"

#include <algorithm>
#include <cmath>

#include "liquid/base/error.hpp"

namespace liquid {

ByteLoad byte_load(const Traffic& traffic, const std::vector<double>& rates) {
    ByteLoad out;
    const auto links = static_cast<std::size_t>(traffic.link_count());
    out.bytes.assign(links, 0.0);
    out.time_s.assign(links, 0.0);
    for (const Transfer& t : traffic.transfers()) t.links.for_each([&](std::size_t l) { out.bytes[l] += t.size; });
    for (std::size_t l = 0; l < links; ++l) {
        out.time_s[l] = out.bytes[l] / rates[l];
        out.bound_s = std::max(out.bound_s, out.time_s[l]);
    }
    for (std::size_t l = 0; l < links; ++l)
        if (out.bound_s > 0 && out.time_s[l] >= out.bound_s * (1 - 1e-12)) out.bottlenecks.push_back(static_cast<int>(l));
    return out;
}

std::vector<double> link_rates(const Network& net) {
    std::vector<double> rates(static_cast<std::size_t>(net.link_count()));
    for (int l = 0; l < net.link_count(); ++l) rates[static_cast<std::size_t>(l)] = net.link_rate(l);
    return rates;
}

std::vector<double> uniform_link_rates(const Traffic& traffic, double rate) {
    return std::vector<double>(static_cast<std::size_t>(traffic.link_count()), rate);
}

double transfer_rate(const Traffic& traffic, const std::vector<double>& rates, int x) {
    double rate = 0;
    traffic[x].links.for_each([&](std::size_t l) { rate = rate == 0 ? rates[l] : std::min(rate, rates[l]); });
    return rate;
}

bool has_unequal_sizes(const Traffic& traffic) {
    for (const Transfer& t : traffic.transfers())
        if (t.size != traffic[0].size) return true;
    return false;
}

void check_byte_sizes(const Traffic& traffic, const std::vector<double>& rates, const std::string& where) {
    for (const Transfer& t : traffic.transfers())
        if (!(t.size >= 1) || t.size != std::floor(t.size) || t.size > 9.0e15)
            throw InputError(where + ": transfer " + t.name,
                             "size " + std::to_string(t.size) + " is not a whole number of bytes >= 1",
                             "give sizes as integers of bytes");
    if (rates.size() != static_cast<std::size_t>(traffic.link_count()))
        throw InputError(where, "the link rates do not match the traffic's links", "give one rate per link");
    for (std::size_t l = 0; l < rates.size(); ++l)
        if (!(rates[l] > 0) || !std::isfinite(rates[l]))
            throw InputError(where + ": link " + traffic.link_name(static_cast<int>(l)), "its rate is not positive",
                             "give every link a rate > 0 bytes/s");
}

std::int64_t transfer_bytes(const Transfer& t) { return static_cast<std::int64_t>(t.size); }

}  // namespace liquid
