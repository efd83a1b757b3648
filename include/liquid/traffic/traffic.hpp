#pragma once
// Transfer and Traffic: a transfer is the set of links a message occupies
// from sender to receiver (a LinkSet: a bitset on narrow link universes, a sorted link
// list on wide ones); a traffic is a set of transfers over one link universe (link
// indices 0..link_count-1).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "liquid/base/bitset.hpp"
#include "liquid/net/lattice.hpp"
#include "liquid/traffic/link_set.hpp"
#include "liquid/traffic/name_index.hpp"

namespace liquid {

struct Transfer {
    std::string name;
    LinkSet links;           // width = the traffic's link count
    std::vector<int> path;   // the same links in travel order (a .traffic file: its order)
    int src = -1, dst = -1;  // host node indices when built over a Network, else -1
    double size = 1.0;       // bytes (the papers: identical sizes)
};

class Traffic {
public:
    Traffic() = default;
    explicit Traffic(std::vector<std::string> link_names, LinkStorage storage = LinkStorage::Automatic)
        : link_names_(std::move(link_names)), storage_(storage) {}

    int link_count() const { return static_cast<int>(link_names_.size()); }
    int size() const { return static_cast<int>(transfers_.size()); }
    bool empty() const { return transfers_.empty(); }
    const std::vector<std::string>& link_names() const { return link_names_; }
    const std::string& link_name(int l) const { return link_names_[l]; }
    const std::vector<Transfer>& transfers() const { return transfers_; }
    const Transfer& operator[](int i) const { return transfers_[i]; }
    LinkStorage storage() const { return storage_; }

    /// Makes room for `transfers` transfers (no effect on the result).
    void reserve(std::size_t transfers);

    /// Adds a transfer over the given links (in travel order). Throws InputError on an
    /// empty link list, a repeated link, an out-of-range link or a duplicate name.
    int add(std::string name, std::vector<int> path, int src = -1, int dst = -1, double size = 1.0);

    /// Index of the transfer with this name, if any.
    std::optional<int> find(const std::string& name) const;

    /// The lattice of the network the traffic was routed on (a generated torus or mesh;
    /// null elsewhere). Kept by subset() and with_storage().
    const std::shared_ptr<const Lattice>& lattice() const { return lattice_; }
    void set_lattice(std::shared_ptr<const Lattice> l) { lattice_ = std::move(l); }

    /// The sub-traffic made of the transfers in `keep` (same link universe, same order).
    Traffic subset(const Bitset& keep) const;
    /// The same traffic with its link sets stored as `storage` says.
    Traffic with_storage(LinkStorage storage) const;

private:
    std::vector<std::string> link_names_;
    LinkStorage storage_ = LinkStorage::Automatic;
    std::vector<Transfer> transfers_;
    NameIndex index_;
    std::shared_ptr<const Lattice> lattice_;
    /// The name of the transfer at a position, for index_.
    auto name_at() const {
        return [this](int i) -> std::string_view { return transfers_[static_cast<std::size_t>(i)].name; };
    }
};

}  // namespace liquid
