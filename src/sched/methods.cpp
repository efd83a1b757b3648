// Method names of `liquid schedule --method`.
#include "liquid/base/names.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid {
namespace {
constexpr NameTable<Method, 8> kMethods{{
    {Method::Liquid, "liquid"},
    {Method::Optimal, "optimal"},
    {Method::DSatur, "dsatur"},
    {Method::RoundRobin, "round-robin"},
    {Method::Random, "random"},
    {Method::Fifo, "fifo"},
    {Method::Milp, "milp"},
    {Method::Sat, "sat"},
}};
}  // namespace

const char* method_name(Method m) { return name_of(kMethods, m); }

Method parse_method(const std::string& name) {
    return parse_name(kMethods, name, "--method", "method", "use one of liquid, optimal, dsatur, round-robin, random, fifo, milp, sat");
}

}  // namespace liquid
