// All-to-all broadcast (thesis ch. 6): names, dispatch and the closed forms of our model.
#include "liquid/optical/broadcast/allgather.hpp"

#include <fmt/core.h>

#include "allgather_programs.hpp"
#include "executor.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/names.hpp"

namespace liquid::optical {

std::vector<AllgatherAlgorithm> all_allgather_algorithms() {
    return {AllgatherAlgorithm::Hypercube, AllgatherAlgorithm::Tree, AllgatherAlgorithm::Ring};
}

namespace {
constexpr NameTable<AllgatherAlgorithm, 3> kAllgatherNames{{
    {AllgatherAlgorithm::Hypercube, "hypercube"},
    {AllgatherAlgorithm::Tree, "tree"},
    {AllgatherAlgorithm::Ring, "ring"},
}};
}  // namespace

std::string name(AllgatherAlgorithm a) { return name_of(kAllgatherNames, a); }

AllgatherAlgorithm parse_allgather_algorithm(const std::string& text) {
    for (auto a : all_allgather_algorithms())
        if (text == name(a)) return a;
    throw InputError("--algorithm", fmt::format("unknown all-to-all broadcast algorithm '{}'", text),
                     "use hypercube, tree, ring or all");
}

Program build_allgather(AllgatherAlgorithm a, const ModelParams& p) {
    validate(p);
    switch (a) {
        case AllgatherAlgorithm::Hypercube: return detail::hypercube_allgather_program(p);
        case AllgatherAlgorithm::Tree: return detail::tree_allgather_program(p);
        case AllgatherAlgorithm::Ring: return detail::ring_allgather_program(p);
    }
    throw InputError("--algorithm", "unknown all-to-all broadcast algorithm");
}

ExecutionReport run_allgather(AllgatherAlgorithm a, const ModelParams& p) { return execute(p, build_allgather(a, p)); }

std::optional<Time> allgather_closed_form(AllgatherAlgorithm a, const ModelParams& p) {
    const Time n = p.nodes;
    switch (a) {
        case AllgatherAlgorithm::Hypercube: {
            Time stages = 0;
            while ((Time{1} << stages) < n) ++stages;
            return stages * p.tc + (n - 1) * p.send_time();
        }
        case AllgatherAlgorithm::Ring:
            if (n == 2) return p.tc + p.send_time();  // one host-to-host send each way
            return p.tc + (n - 1) * p.forward_time() + 2 * p.delivery_time();
        case AllgatherAlgorithm::Tree: return std::nullopt;
    }
    return std::nullopt;
}

Time ring_allgather_thesis_form(const ModelParams& p) { return 2 * p.td() + (p.nodes - 1) * p.forward_time(); }

Time tree_lower_bound(const ModelParams& p) { return 2 * p.tc + (2 * Time{p.nodes} - 1) * p.send_time(); }

int allgather_messages_lower_bound(const ModelParams& p) { return (p.nodes - 1 + p.multicast - 1) / p.multicast; }

}  // namespace liquid::optical
