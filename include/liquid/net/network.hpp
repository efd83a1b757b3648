#pragma once
// Network: hosts, switches and directed links with names and rates, plus the static
// Routing that maps a (sender, receiver) host pair to the links its message occupies.
// Indices are dense (0..n-1) so hot paths never touch names.
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "liquid/net/lattice.hpp"
#include "liquid/net/routing.hpp"

namespace liquid {

enum class NodeKind { Host, Switch };

struct Node {
    std::string name;
    NodeKind kind = NodeKind::Host;
};

/// One *directed* link (a cable in one direction, a wavelength on a fiber).
struct Link {
    std::string name;
    int from = -1;
    int to = -1;
    double rate = 0;  // bytes per second; 0 = the network's default rate
};

class Network {
public:
    explicit Network(std::string name = "network", double default_rate = 1.25e8)
        : name_(std::move(name)), default_rate_(default_rate) {}

    int add_host(const std::string& name) { return add_node(name, NodeKind::Host); }
    int add_switch(const std::string& name) { return add_node(name, NodeKind::Switch); }
    /// Adds a directed link; throws InputError on an unknown endpoint or duplicate name.
    int add_link(const std::string& name, int from, int to, double rate = 0);
    /// Adds the two directed links of a cable: "<a>-<b>" and "<b>-<a>" unless names are given.
    void add_cable(int a, int b, double rate = 0);

    const std::string& name() const { return name_; }
    void set_name(std::string n) { name_ = std::move(n); }
    double default_rate() const { return default_rate_; }
    void set_default_rate(double r) { default_rate_ = r; }
    double link_rate(int link) const { return links_[link].rate > 0 ? links_[link].rate : default_rate_; }

    const std::vector<Node>& nodes() const { return nodes_; }
    const std::vector<Link>& links() const { return links_; }
    const Node& node(int i) const { return nodes_[i]; }
    const Link& link(int i) const { return links_[i]; }
    int node_count() const { return static_cast<int>(nodes_.size()); }
    int link_count() const { return static_cast<int>(links_.size()); }
    bool is_host(int n) const { return nodes_[n].kind == NodeKind::Host; }
    /// Host node indices in declaration order.
    std::vector<int> hosts() const;
    std::vector<int> switches() const;

    std::optional<int> find_node(const std::string& name) const;
    std::optional<int> find_link(const std::string& name) const;
    /// Outgoing link indices of a node, in declaration order (the routing tie-break order).
    const std::vector<int>& out_links(int node) const { return out_[node]; }
    /// First link from `a` to `b` in declaration order, if any.
    std::optional<int> link_between(int a, int b) const;

    /// The lattice of a generated torus or mesh (null elsewhere); shared with its traffics.
    const std::shared_ptr<const Lattice>& lattice() const { return lattice_; }
    void set_lattice(std::shared_ptr<const Lattice> l) { lattice_ = std::move(l); }

    const Routing& routing() const { return routing_; }
    void set_routing(Routing r) { routing_ = std::move(r); }
    /// The ordered links a message from host `src` to host `dst` occupies. Throws
    /// InputError naming the pair when the route loops, dead-ends or names a missing link.
    std::vector<int> route(int src, int dst) const { return routing_.route(*this, src, dst); }

private:
    int add_node(const std::string& name, NodeKind kind);

    std::string name_;
    double default_rate_;
    std::vector<Node> nodes_;
    std::vector<Link> links_;
    std::vector<std::vector<int>> out_;
    std::unordered_map<std::string, int> node_index_, link_index_;
    Routing routing_;
    std::shared_ptr<const Lattice> lattice_;
};

}  // namespace liquid
