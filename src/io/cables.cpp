#include "io/cables.hpp"

#include <map>

namespace liquid::io {

std::vector<Cable> pair_cables(const Network& net) {
    std::map<std::pair<int, int>, std::vector<int>> waiting;  // (from, to) -> unpaired cable indices
    std::vector<Cable> cables;
    for (int l = 0; l < net.link_count(); ++l) {
        const Link& k = net.link(l);
        auto back = waiting.find({k.to, k.from});
        if (back != waiting.end() && !back->second.empty()) {
            cables[back->second.front()].backward = l;
            back->second.erase(back->second.begin());
            continue;
        }
        waiting[{k.from, k.to}].push_back(static_cast<int>(cables.size()));
        cables.push_back({l, -1});
    }
    return cables;
}

}  // namespace liquid::io
