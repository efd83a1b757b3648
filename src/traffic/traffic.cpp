#include "liquid/traffic/traffic.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <span>
#include <tuple>
#include <utility>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/base/time_budget.hpp"

namespace liquid {

void Traffic::reserve(std::size_t transfers) {
    transfers_.reserve(transfers);
    index_.reserve(transfers);
}

namespace {

[[noreturn]] void throw_used_twice(const std::string& name) {
    throw InputError("transfer " + name, "the name is used twice", "give every transfer a unique name");
}

/// add_many() hands out its transfers in blocks of this many (a few milliseconds each, so
/// that a stop is seen soon), in rounds of kRound (the records it allocates at once).
constexpr std::size_t kBlock = 4096;
constexpr std::size_t kRound = 64 * kBlock;

}  // namespace

Transfer Traffic::made(NewTransfer&& x) const {
    // The message's context only when the name is bad: a million-transfer all-to-all adds
    // a million names.
    if (!is_valid_name(x.name)) check_name(x.name, "transfer " + printable_name(x.name), "transfer");
    if (x.path.empty()) throw InputError("transfer " + x.name, "it uses no link", "every transfer occupies at least one link");
    for (int l : x.path)
        if (l < 0 || l >= link_count())
            throw InputError("transfer " + x.name, "link index out of range", "use links of the traffic's network");
    // Sorted copy: the link set and the repeated-link check (paths are short: no bitset of
    // the link width per transfer, and the copy on the stack unless the path is long).
    std::array<int, 64> stack_copy{};
    std::vector<int> heap_copy;
    std::span<int> sorted;
    if (x.path.size() <= stack_copy.size()) {
        std::copy(x.path.begin(), x.path.end(), stack_copy.begin());
        sorted = std::span<int>(stack_copy.data(), x.path.size());
    } else {
        heap_copy = x.path;
        sorted = heap_copy;
    }
    std::sort(sorted.begin(), sorted.end());
    if (auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end())
        throw InputError("transfer " + x.name, "link '" + link_names_[*twice] + "' is used twice",
                         "a transfer lists each link once");
    if (!(x.size > 0)) throw InputError("transfer " + x.name, "size must be positive", "give the message size in bytes");
    LinkSet links(static_cast<std::size_t>(link_count()), sorted, storage_);
    return {std::move(x.name), std::move(links), std::move(x.path), x.src, x.dst, x.size};
}

int Traffic::add(std::string name, std::vector<int> path, int src, int dst, double bytes) {
    Transfer t = made({std::move(name), std::move(path), src, dst, bytes});
    if (find(t.name)) throw_used_twice(t.name);
    transfers_.push_back(std::move(t));
    index_.insert(transfers_.back().name, size() - 1, name_at());
    return size() - 1;
}

void Traffic::add_many(std::size_t count, const std::function<NewTransfer(std::size_t)>& make) {
    const std::size_t old = transfers_.size();
    try {
        // Round by round, so that the records are not all allocated before the first check
        // of the time and memory budgets (1.9 GB on a 4 096-host all-to-all).
        std::size_t good = count;
        std::exception_ptr why;
        for (std::size_t begin = 0; begin < count && !why; begin += kRound) {
            throw_if_out_of_budget();
            const std::size_t end = std::min(count, begin + kRound);
            transfers_.resize(old + end);
            std::tie(good, why) = make_round(old, begin, end, make);
        }
        // The names before the first bad transfer, in order: a name used twice among them
        // is what add() one by one would have reported first.
        const int twice = index_.insert_range(static_cast<int>(old), static_cast<int>(old + good), name_at());
        if (twice >= 0) throw_used_twice(transfers_[static_cast<std::size_t>(twice)].name);
        if (why) std::rethrow_exception(why);
    } catch (...) {
        truncate(old);
        throw;
    }
}

std::pair<std::size_t, std::exception_ptr> Traffic::make_round(std::size_t old, std::size_t begin, std::size_t end,
                                                               const std::function<NewTransfer(std::size_t)>& make) {
    // Per block, the first transfer that failed its checks and why: the block stops there.
    const std::size_t blocks = (end - begin + kBlock - 1) / kBlock;
    std::vector<std::pair<std::size_t, std::exception_ptr>> failed(blocks, {end, nullptr});
    parallel_for(blocks, 0, [&](std::size_t b) {
        throw_if_out_of_budget();
        for (std::size_t i = begin + b * kBlock; i < std::min(end, begin + (b + 1) * kBlock); ++i) {
            try {
                transfers_[old + i] = made(make(i));
            } catch (const InputError&) {
                failed[b] = {i, std::current_exception()};
                return;
            }
        }
    });
    return *std::min_element(failed.begin(), failed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

void Traffic::truncate(std::size_t count) {
    transfers_.resize(count);
    index_ = NameIndex{};
    index_.reserve(count);
    (void)index_.insert_range(0, static_cast<int>(count), name_at());
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
