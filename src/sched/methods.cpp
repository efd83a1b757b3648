// Method names of `liquid schedule --method` (DESIGN.md §5).
#include <array>
#include <utility>

#include "liquid/error.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid {
namespace {
constexpr std::array<std::pair<Method, const char*>, 6> kMethods{{{Method::Liquid, "liquid"},
                                                                  {Method::Optimal, "optimal"},
                                                                  {Method::DSatur, "dsatur"},
                                                                  {Method::RoundRobin, "round-robin"},
                                                                  {Method::Random, "random"},
                                                                  {Method::Fifo, "fifo"}}};
}  // namespace

const char* method_name(Method m) {
    for (const auto& [method, name] : kMethods)
        if (method == m) return name;
    return "unknown";
}

Method parse_method(const std::string& name) {
    for (const auto& [method, n] : kMethods)
        if (name == n) return method;
    throw InputError("--method", "unknown method '" + name + "'",
                     "use one of liquid, optimal, dsatur, round-robin, random, fifo");
}

}  // namespace liquid
