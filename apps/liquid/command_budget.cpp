#include "command_budget.hpp"

#include "liquid/base/time_budget.hpp"

namespace liquid::app {

CommandBudget::CommandBudget(const SolveOptions& so) : memory_(so.memory_limit_bytes) { set_time_budget(so.time_limit_s); }

CommandBudget::CommandBudget(const BudgetOptions& o) : memory_(memory_limit_bytes(o.memory_limit_mb)) {
    set_time_budget(o.time_limit_s);  // 0: none
}

// The budget stays set until the next command starts its clock: the message of a budget
// that ran out is printed after the command's work has unwound.
CommandBudget::~CommandBudget() = default;

}  // namespace liquid::app
