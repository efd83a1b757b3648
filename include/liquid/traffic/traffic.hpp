#pragma once
// Transfer and Traffic: a transfer is the set of links a message occupies
// from sender to receiver (a LinkSet: a bitset on narrow link universes, a sorted link
// list on wide ones); a traffic is a set of transfers over one link universe (link
// indices 0..link_count-1).
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
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

/// What add_many() is given for one transfer: add()'s arguments.
struct NewTransfer {
    std::string name;
    std::vector<int> path;
    int src = -1, dst = -1;
    double size = 1.0;
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

    /// Adds `count` transfers, make(i) giving the i-th, as add() called for each in order
    /// would: the same transfers and checks, the first bad one in that order reported, and on
    /// an error the traffic as it was. The transfers are made on every core and their names
    /// indexed in one pass (the 16.7 million of a 4 096-host all-to-all: 11 s, against 27 s
    /// one by one); make is called once per index, from any thread.
    void add_many(std::size_t count, const std::function<NewTransfer(std::size_t)>& make);

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
    /// The transfer add() records, checked but for its name's uniqueness.
    Transfer made(NewTransfer&& x) const;
    /// add_many's transfers [begin, end), made into the records at old + i on every core:
    /// the first that failed its checks and why, or {end, null}.
    std::pair<std::size_t, std::exception_ptr> make_round(std::size_t old, std::size_t begin, std::size_t end,
                                                          const std::function<NewTransfer(std::size_t)>& make);
    /// Keeps the first `count` transfers and their names' index.
    void truncate(std::size_t count);

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
