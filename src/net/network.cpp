#include "liquid/net/network.hpp"

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"

namespace liquid {

int Network::add_node(const std::string& name, NodeKind kind) {
    check_name(name, "network " + name_, kind == NodeKind::Host ? "host" : "switch");
    if (node_index_.count(name))
        throw InputError("network " + name_, "node '" + name + "' is declared twice", "give every host and switch a unique name");
    int id = static_cast<int>(nodes_.size());
    nodes_.push_back({name, kind});
    out_.emplace_back();
    node_index_.emplace(name, id);
    return id;
}

int Network::add_link(const std::string& name, int from, int to, double rate) {
    if (from < 0 || from >= node_count() || to < 0 || to >= node_count())
        throw InputError("network " + name_, "link '" + name + "' has an unknown endpoint", "declare both endpoints first");
    check_name(name, "network " + name_, "link");
    if (from == to)
        throw InputError("network " + name_, "link '" + name + "' connects node '" + nodes_[from].name + "' to itself",
                         "a link must join two different nodes");
    if (link_index_.count(name))
        throw InputError("network " + name_, "link '" + name + "' is declared twice", "give every directed link a unique name");
    if (rate < 0) throw InputError("network " + name_, "link '" + name + "' has a negative rate", "use a rate > 0 in bytes/s");
    int id = static_cast<int>(links_.size());
    links_.push_back({name, from, to, rate});
    out_[from].push_back(id);
    link_index_.emplace(name, id);
    return id;
}

void Network::add_cable(int a, int b, double rate) {
    add_link(nodes_[a].name + "-" + nodes_[b].name, a, b, rate);
    add_link(nodes_[b].name + "-" + nodes_[a].name, b, a, rate);
}

std::vector<int> Network::hosts() const {
    std::vector<int> v;
    for (int i = 0; i < node_count(); ++i)
        if (is_host(i)) v.push_back(i);
    return v;
}

std::vector<int> Network::switches() const {
    std::vector<int> v;
    for (int i = 0; i < node_count(); ++i)
        if (!is_host(i)) v.push_back(i);
    return v;
}

std::optional<int> Network::find_node(const std::string& name) const {
    auto it = node_index_.find(name);
    if (it == node_index_.end()) return std::nullopt;
    return it->second;
}

std::optional<int> Network::find_link(const std::string& name) const {
    auto it = link_index_.find(name);
    if (it == link_index_.end()) return std::nullopt;
    return it->second;
}

std::optional<int> Network::link_between(int a, int b) const {
    for (int l : out_[a])
        if (links_[l].to == b) return l;
    return std::nullopt;
}

}  // namespace liquid
