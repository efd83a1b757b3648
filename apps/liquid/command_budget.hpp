#pragma once
// The budgets of a command that solves (schedule, simulate, plan, report), held for the
// whole command: `--time-limit` counts from the command's start and ends every phase
// (liquid/base/time_budget.hpp), `--memory-limit` is watched on the process's resident
// memory while the network, its routes, the traffic and the search are built
// (liquid/base/memory_watch.hpp). Created first thing in the command's callback.
#include "liquid/base/memory_watch.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::app {

class CommandBudget {
public:
    explicit CommandBudget(const SolveOptions& so);
    ~CommandBudget();
    CommandBudget(const CommandBudget&) = delete;
    CommandBudget& operator=(const CommandBudget&) = delete;

private:
    MemoryWatch memory_;
};

}  // namespace liquid::app
