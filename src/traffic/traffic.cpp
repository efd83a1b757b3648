#include "liquid/traffic/traffic.hpp"

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"

namespace liquid {

int Traffic::add(std::string name, const std::vector<int>& path, int src, int dst, double bytes) {
    check_name(name, "transfer " + printable_name(name), "transfer");
    if (path.empty()) throw InputError("transfer " + name, "it uses no link", "every transfer occupies at least one link");
    LinkSet links(static_cast<std::size_t>(link_count()));
    for (int l : path) {
        if (l < 0 || l >= link_count()) throw InputError("transfer " + name, "link index out of range", "use links of the traffic's network");
        if (links.test(static_cast<std::size_t>(l)))
            throw InputError("transfer " + name, "link '" + link_names_[l] + "' is used twice", "a transfer lists each link once");
        links.set(static_cast<std::size_t>(l));
    }
    if (index_.count(name)) throw InputError("transfer " + name, "the name is used twice", "give every transfer a unique name");
    if (!(bytes > 0)) throw InputError("transfer " + name, "size must be positive", "give the message size in bytes");
    index_.emplace(name, size());
    transfers_.push_back({std::move(name), std::move(links), path, src, dst, bytes});
    return size() - 1;
}

Traffic Traffic::subset(const Bitset& keep) const {
    Traffic sub(link_names_);
    keep.for_each([&](std::size_t i) {
        sub.index_.emplace(transfers_[i].name, sub.size());
        sub.transfers_.push_back(transfers_[i]);
    });
    return sub;
}

}  // namespace liquid

namespace liquid {

std::optional<int> Traffic::find(const std::string& name) const {
    auto it = index_.find(name);
    if (it == index_.end()) return std::nullopt;
    return it->second;
}

}  // namespace liquid
