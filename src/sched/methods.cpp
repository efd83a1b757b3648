// Method and search-strategy names of `liquid schedule --method` / `--strategy`.
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
    return parse_name(kMethods, name, "--method", "method", "use " + names_list(kMethods));
}

std::string method_names_list() { return names_list(kMethods); }

bool is_sending_order(Method m) { return m == Method::RoundRobin || m == Method::Random || m == Method::Fifo; }

Method parse_sending_order(const std::string& name, const std::string& where) {
    constexpr NameTable<Method, 3> kOrders{{kMethods[3], kMethods[4], kMethods[5]}};
    return parse_name(kOrders, name, where, "sending order");
}

namespace {
constexpr NameTable<SearchStrategy, 3> kStrategies{{
    {SearchStrategy::OriginalTeams, "original-teams"},
    {SearchStrategy::RemainderTeams, "remainder-teams"},
    {SearchStrategy::FullTeams, "full-teams"},
}};
}  // namespace

const char* search_strategy_name(SearchStrategy s) { return name_of(kStrategies, s); }

SearchStrategy parse_search_strategy(const std::string& name, const std::string& where) {
    return parse_name(kStrategies, name, where, "search strategy");
}

}  // namespace liquid
