#pragma once
// Team conventions (own build directory, commit only your files): CONTRIBUTING.md.
// Subcommand registry: each apps/liquid/cmd_*.cpp registers itself at static-init time
// with a path such as "schedule" or "optical broadcast"; main() builds the CLI11 tree.
#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace liquid::app {

/// setup() adds options to `cmd` and installs the callback that runs the command.
/// A callback reports bad input by throwing liquid::InputError (exit 2).
struct CommandSpec {
    std::string path;         // space-separated: "optical p2p"
    std::string description;  // one line for --help
    std::function<void(CLI::App& cmd)> setup;
};

std::vector<CommandSpec>& command_registry();

/// Parses `argv` and runs the command it names; returns the exit code (docs/formats.md, "Exit codes
/// and errors"). Installs the SIGINT/SIGTERM handlers. Never exits the process.
int run_command_line(int argc, char** argv);

/// Work stopped before it had a result (a signal, --time-limit or --memory-limit while the
/// network, routes or traffic are built) ends the process at once with its message and exit
/// code, without unwinding (liquid/base/time_budget.hpp). For the `liquid` process only:
/// not for in-process callers (the fuzz harness) nor `liquid-mpi` (MPI_Finalize must run).
void end_at_once_when_out_of_budget();

/// The arguments after `liquid` of the command line being run (for run manifests).
const std::vector<std::string>& invocation();

struct RegisterCommand {
    explicit RegisterCommand(CommandSpec spec) { command_registry().push_back(std::move(spec)); }
};

}  // namespace liquid::app
