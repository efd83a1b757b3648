#pragma once
// The budgets of a command (schedule, simulate, plan, report; analyze, export, traffic), held
// for the whole command: `--time-limit` counts from the command's start and ends every phase
// (liquid/base/time_budget.hpp), `--memory-limit` is watched on the process's resident
// memory while the network, its routes, the traffic and the search are built
// (liquid/base/memory_watch.hpp). Created first thing in the command's callback.
#include "budget_options.hpp"
#include "liquid/base/memory_watch.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::app {

class CommandBudget {
public:
    explicit CommandBudget(const SolveOptions& so);
    /// A command that does not search: the limits checked (InputError naming the flag).
    explicit CommandBudget(const BudgetOptions& o);
    ~CommandBudget();
    CommandBudget(const CommandBudget&) = delete;
    CommandBudget& operator=(const CommandBudget&) = delete;

private:
    MemoryWatch memory_;
};

}  // namespace liquid::app
