// libFuzzer harness: the rank map reader (plan/rank_map, LIQUID_RANKMAP and `plan
// --rankmap`). Oracle: an accepted map names a host for every rank 0..K-1 and reads back
// identically from the `rank host` lines it describes.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/plan/plan.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const liquid::fuzz::InputFile file(".rankmap");
    static const liquid::fuzz::InputFile again(".rankmap-again");
    std::vector<std::string> hosts;
    try {
        hosts = liquid::plan::read_rank_map(file.write({reinterpret_cast<const char*>(data), size}));
    } catch (const liquid::InputError&) {
        return 0;
    }
    std::string lines;
    for (std::size_t r = 0; r < hosts.size(); ++r) {
        if (hosts[r].empty()) {
            std::fprintf(stderr, "fuzz oracle: rank map: rank %zu has no host\n", r);
            std::abort();
        }
        lines += std::to_string(r) + " " + hosts[r] + "\n";
    }
    if (liquid::plan::read_rank_map(again.write(lines)) != hosts) {
        std::fprintf(stderr, "fuzz oracle: rank map: no round trip\n");
        std::abort();
    }
    return 0;
}
