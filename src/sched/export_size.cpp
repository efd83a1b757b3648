// Whether an exported model fits in memory (see export_formats.hpp).
#include <fmt/format.h>

#include "liquid/base/error.hpp"
#include "liquid/sched/export_formats.hpp"

namespace liquid::sched {

void require_model_fits(const Traffic& traffic, int frames, std::uint64_t memory_bytes) {
    std::uint64_t uses = 0;
    for (const Transfer& t : traffic.transfers()) uses += t.path.empty() ? t.links.count() : t.path.size();
    constexpr std::uint64_t kBytesPerEntry = 16;
    const std::uint64_t entries = (static_cast<std::uint64_t>(traffic.size()) + uses) * static_cast<std::uint64_t>(frames);
    if (entries <= memory_bytes / kBytesPerEntry) return;
    throw OutOfMemory(fmt::format(
        "the model of {} transfers in {} frames needs at least {:.1f} GB, more than the memory limit of {:.1f} GB "
        "(export a smaller traffic, e.g. fewer --senders and --receivers, or fewer frames with --length)",
        traffic.size(), frames, static_cast<double>(entries * kBytesPerEntry) / 1e9, static_cast<double>(memory_bytes) / 1e9));
}

}  // namespace liquid::sched
