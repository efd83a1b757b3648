#pragma once
// One or more example invocations per subcommand: shown at the end of `liquid CMD --help`
// and in the EXAMPLES of the man page (scripts/make-man.py reads them from --help).
#include <string>
#include <vector>

namespace liquid::app {

struct CommandExample {
    std::string path;     // the subcommand, e.g. "optical p2p"
    std::string line;     // what to type after `liquid `
    std::string purpose;  // one line saying what it shows
};

/// Every example, grouped by subcommand in registry order.
const std::vector<CommandExample>& command_examples();

/// The --help footer of `path`: "Examples:" and its lines, or "" when it has none.
std::string examples_footer(const std::string& path);

}  // namespace liquid::app
