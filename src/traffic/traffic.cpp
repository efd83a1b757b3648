#include "liquid/traffic/traffic.hpp"

#include <algorithm>
#include <array>
#include <span>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"

namespace liquid {

void Traffic::reserve(std::size_t transfers) {
    transfers_.reserve(transfers);
    index_.reserve(transfers);
}

int Traffic::add(std::string name, std::vector<int> path, int src, int dst, double bytes) {
    // The message's context only when the name is bad: a million-transfer all-to-all adds
    // a million names.
    if (!is_valid_name(name)) check_name(name, "transfer " + printable_name(name), "transfer");
    if (path.empty()) throw InputError("transfer " + name, "it uses no link", "every transfer occupies at least one link");
    for (int l : path)
        if (l < 0 || l >= link_count())
            throw InputError("transfer " + name, "link index out of range", "use links of the traffic's network");
    // Sorted copy: the link set and the repeated-link check (paths are short: no bitset of
    // the link width per transfer, and the copy on the stack unless the path is long).
    std::array<int, 64> stack_copy{};
    std::vector<int> heap_copy;
    std::span<int> sorted;
    if (path.size() <= stack_copy.size()) {
        std::copy(path.begin(), path.end(), stack_copy.begin());
        sorted = std::span<int>(stack_copy.data(), path.size());
    } else {
        heap_copy = path;
        sorted = heap_copy;
    }
    std::sort(sorted.begin(), sorted.end());
    if (auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end())
        throw InputError("transfer " + name, "link '" + link_names_[*twice] + "' is used twice",
                         "a transfer lists each link once");
    if (find(name)) throw InputError("transfer " + name, "the name is used twice", "give every transfer a unique name");
    if (!(bytes > 0)) throw InputError("transfer " + name, "size must be positive", "give the message size in bytes");
    LinkSet links(static_cast<std::size_t>(link_count()), sorted, storage_);
    transfers_.push_back({std::move(name), std::move(links), std::move(path), src, dst, bytes});
    index_.insert(transfers_.back().name, size() - 1, name_at());
    return size() - 1;
}

Traffic Traffic::subset(const Bitset& keep) const {
    Traffic sub(link_names_, storage_);
    sub.lattice_ = lattice_;
    keep.for_each([&](std::size_t i) {
        sub.transfers_.push_back(transfers_[i]);
        sub.index_.insert(sub.transfers_.back().name, sub.size() - 1, sub.name_at());
    });
    return sub;
}

Traffic Traffic::with_storage(LinkStorage storage) const {
    Traffic out = *this;
    out.storage_ = storage;
    for (Transfer& t : out.transfers_) t.links = LinkSet(t.links.size(), t.links.to_vector(), storage);
    return out;
}

}  // namespace liquid

namespace liquid {

std::optional<int> Traffic::find(const std::string& name) const {
    const int at = index_.find(name, name_at());
    if (at < 0) return std::nullopt;
    return at;
}

}  // namespace liquid
