// Which host of a network an MPI processor name (or a rank-map line) designates; the rule
// is documented at host_of_machine in plan.hpp and in the MPI manual page.
#include <map>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::plan {

namespace {

std::string short_form(const std::string& name) { return name.substr(0, name.find('.')); }

/// A host's first word: its name up to the first '_', in short form.
std::string first_word(const std::string& host) { return short_form(host.substr(0, host.find('_'))); }

/// The hosts of `net` by first word (built once per lookup batch).
std::map<std::string, std::vector<int>> hosts_by_first_word(const Network& net) {
    std::map<std::string, std::vector<int>> by_word;
    for (int h : net.hosts()) by_word[first_word(net.node(h).name)].push_back(h);
    return by_word;
}

int find_host(const Network& net, const std::string& name) {
    const auto id = net.find_node(name);
    return id && net.is_host(*id) ? *id : -1;
}

int host_of(const Network& net, const std::map<std::string, std::vector<int>>& by_word, const std::string& name,
            const std::string& where) {
    if (const int h = find_host(net, name); h >= 0) return h;
    const std::string short_name = short_form(name);
    if (const int h = find_host(net, short_name); h >= 0) return h;
    const auto it = by_word.find(short_name);
    if (it == by_word.end() || short_name.empty()) return -1;
    if (it->second.size() > 1)
        throw InputError(where,
                         "machine '" + printable_name(name) + "' matches " + std::to_string(it->second.size()) +
                             " hosts of network '" + net.name() + "' (" + net.node(it->second[0]).name + ", " +
                             net.node(it->second[1]).name + (it->second.size() > 2 ? ", ..." : "") + ")",
                         "give a rank map (LIQUID_RANKMAP or --rankmap: `rank host` lines) naming the host of each rank");
    return it->second.front();
}

}  // namespace

int host_of_machine(const Network& net, const std::string& name, const std::string& where) {
    return host_of(net, hosts_by_first_word(net), name, where);
}

std::vector<int> hosts_by_name(const Network& net, const std::vector<std::string>& names, const std::string& where) {
    const auto by_word = hosts_by_first_word(net);
    std::vector<int> out;
    for (std::size_t r = 0; r < names.size(); ++r) {
        const int h = host_of(net, by_word, names[r], where);
        if (h < 0)
            throw InputError(where,
                             "rank " + std::to_string(r) + " runs on '" + printable_name(names[r]) +
                                 "', which is not a host of network '" + net.name() + "'",
                             "name the hosts like the network does, or give LIQUID_RANKMAP (`rank host` lines)");
        out.push_back(h);
    }
    return out;
}

}  // namespace liquid::plan
