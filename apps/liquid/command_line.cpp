// The `liquid` command line: builds the subcommand tree from the registry (command.hpp),
// runs it, and maps errors to exit codes (docs/formats.md, "Exit codes and errors"): 0 success,
// 1 internal failure, 2 bad input or an output that cannot be written, 3 out of memory,
// 4 the --time-limit ran out before the command had a result, 130/143 stopped by
// SIGINT/SIGTERM.
#include <fmt/core.h>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <sstream>
#include <string_view>
#include <system_error>

#include "command.hpp"
#include "command_examples.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/memory_watch.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/base/utf8.hpp"

namespace liquid::app {

std::vector<CommandSpec>& command_registry() {
    static std::vector<CommandSpec> registry;
    return registry;
}

namespace {

std::vector<std::string> split_words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

/// Finds or creates the chain of subcommands named by `path` ("optical p2p").
CLI::App* subcommand_for(CLI::App& root, const std::string& path, std::map<std::string, CLI::App*>& made) {
    CLI::App* parent = &root;
    std::string prefix;
    for (const auto& word : split_words(path)) {
        prefix += (prefix.empty() ? "" : " ") + word;
        auto it = made.find(prefix);
        if (it == made.end()) {
            it = made.emplace(prefix, parent->add_subcommand(word, "")).first;
        }
        parent = it->second;
    }
    return parent;
}

/// SIGINT/SIGTERM: ask the running work to stop (it checks where it checks its deadline).
/// A second signal ends the process at once.
void on_stop_signal(int sig) {
    if (liquid::stop_requested()) ::_exit(128 + sig);
    liquid::request_stop(sig);
}

void install_signal_handlers() {
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    // A closed pipe on stdout becomes a write error (exit 2 naming the output) instead of
    // killing the process silently.
    std::signal(SIGPIPE, SIG_IGN);
}

int interrupted_exit() {
    if (liquid::stopped_for_memory()) {
        std::fputs(
            "liquid: error: --memory-limit: the command's resident memory (network, routes, traffic and search) "
            "exceeded the limit and the command was stopped (raise --memory-limit, or use a smaller network or "
            "traffic)\n",
            stderr);
        return 3;
    }
    const int sig = liquid::stop_signal();
    fmt::print(stderr, "liquid: stopped by {}; nothing partial was written\n", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    return 128 + (sig == 0 ? SIGINT : sig);
}

/// A message on one line of valid UTF-8: file names that are not UTF-8 and control
/// characters shown as \\xNN (utf8.hpp), line breaks as spaces.
std::string one_line(std::string_view message) {
    std::string text = printable_text(message);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    for (char& c : text)
        if (c == '\n' || c == '\t') c = ' ';
    return text;
}

/// "liquid schedule" for the subcommands parsed so far (where to look for the options).
std::string command_path(const CLI::App& app) {
    std::string path = "liquid";
    for (const CLI::App* cmd = &app; cmd != nullptr;) {
        const auto subs = cmd->get_subcommands();
        cmd = subs.empty() ? nullptr : subs.front();
        if (cmd) path += " " + cmd->get_name();
    }
    return path;
}

// Memory set aside at start and given back when an allocation first fails, so the unwinding
// that follows can allocate (nlohmann::json's destructor builds a stack of the children it
// frees, inside a noexcept frame) and the command exits 3 with its message, not SIGABRT.
std::unique_ptr<char[]> memory_reserve;

void release_reserve_and_fail() {
    memory_reserve.reset();
    std::set_new_handler(nullptr);
    throw std::bad_alloc();
}

void set_memory_reserve() {
    memory_reserve.reset(new (std::nothrow) char[std::size_t{16} << 20]);  // untouched: no resident pages
    if (memory_reserve) std::set_new_handler(release_reserve_and_fail);
}

/// The budget ran out while the command was still building its input (or simulating): a
/// search would have returned its best result instead.
int out_of_time_exit() {
    if (const double needed = liquid::time_budget_needed(); needed > 0)
        fmt::print(stderr,
                   "liquid: error: --time-limit: after {:.2f} s, {:.2f} s of the budget of {:g} s were left, less than the "
                   "{:.2f} s needed to search, verify and print a result for this traffic; raise --time-limit, or use a "
                   "smaller network or traffic\n",
                   liquid::command_seconds(), liquid::time_budget_left_then(), liquid::time_budget_seconds(), needed);
    else
        fmt::print(stderr,
                   "liquid: error: --time-limit: the budget of {:g} s ran out after {:.2f} s, before the command had a "
                   "result (it was still building the network, routes or traffic, or simulating); raise --time-limit, or "
                   "use a smaller network or traffic\n",
                   liquid::time_budget_seconds(), liquid::command_seconds());
    return 4;
}

/// The exit hook of work stopped before it had a result (time_budget.hpp): the reason's
/// message and exit code, at once. One thread prints; the others leave it to the throw.
void exit_out_of_budget() {
    static std::atomic<bool> exiting{false};
    if (exiting.exchange(true)) return;
    std::fflush(stdout);
    std::_Exit(liquid::stop_requested() ? interrupted_exit() : out_of_time_exit());
}

int out_of_memory_exit() {
    std::fputs(
        "liquid: error: out of memory: the input needs more memory than this machine gives the process "
        "(use a smaller network or traffic, or raise the memory limit; see docs/formats.md, \"Exit codes and errors\")\n",
        stderr);
    return 3;
}

/// Flushes stdout and reports a failed write (full disk, closed pipe) as exit code 2.
int check_stdout() {
    errno = 0;
    std::cout.flush();
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!failed) return 0;
    const int err = errno;
    std::fprintf(
        stderr,
        "liquid: error: standard output: cannot write the output%s%s (check the disk space or the reading end of the pipe)\n",
        err ? ": " : "", err ? std::strerror(err) : "");
    return 2;
}

}  // namespace

void end_at_once_when_out_of_budget() { liquid::set_out_of_budget_exit(exit_out_of_budget); }

static std::vector<std::string>& invocation_args() {
    static std::vector<std::string> args;
    return args;
}

const std::vector<std::string>& invocation() { return invocation_args(); }

int run_command_line(int argc, char** argv) {
    liquid::start_command_clock();  // --time-limit counts from here
    invocation_args().assign(argv + std::min(argc, 1), argv + argc);
    CLI::App app{"liquid: schedule collective communications at the liquid throughput of a network"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "liquid 0.1.0");
    std::map<std::string, CLI::App*> made;
    // In the order of their paths: the order the files register in is the order of their
    // static initialisers, which the language leaves open (and a unity build changes).
    auto& registry = command_registry();
    std::stable_sort(registry.begin(), registry.end(),
                     [](const CommandSpec& a, const CommandSpec& b) { return a.path < b.path; });
    for (auto& spec : registry) {
        CLI::App* cmd = subcommand_for(app, spec.path, made);
        cmd->description(spec.description);
        cmd->footer(examples_footer(spec.path));
        spec.setup(*cmd);
    }
    // A parent that no spec registers itself (e.g. "optical") is a pure group: it needs
    // one of its subcommands. A registered parent ("simulate") runs on its own too.
    const std::map<std::string, std::string> group_help{
        {"optical", "optical cross-connect switch: broadcast, all-to-all broadcast, point-to-point (thesis ch. 3-6)"},
        {"testbed", "reproduce the papers' experiments (Swiss-T1 testbed)"}};
    for (auto& [path, cmd] : made)
        if (cmd->get_description().empty()) {
            auto help = group_help.find(path);
            cmd->description(help != group_help.end() ? help->second : "(" + path + " commands)");
            cmd->require_subcommand(1);
        }
    install_signal_handlers();
    set_memory_reserve();
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "liquid: error: {} (see `{} --help`)\n", one_line(e.what()), command_path(app));
        return 2;
    } catch (const liquid::OutOfTime&) {
        check_stdout();
        // A signal or the memory watch may have stopped the work first: theirs is the exit.
        return liquid::stop_requested() ? interrupted_exit() : out_of_time_exit();
    } catch (const liquid::Interrupted&) {
        check_stdout();
        return interrupted_exit();
    } catch (const liquid::InputError& e) {
        check_stdout();
        fmt::print(stderr, "liquid: error: {}\n", one_line(e.what()));
        return 2;
    } catch (const liquid::OutOfMemory& e) {
        check_stdout();
        fmt::print(stderr, "liquid: error: out of memory: {}\n", one_line(e.what()));
        return 3;
    } catch (const std::bad_alloc&) {
        return out_of_memory_exit();
    } catch (const std::system_error& e) {
        // A thread or child process the system cannot create under a memory limit.
        if (e.code() == std::errc::resource_unavailable_try_again || e.code() == std::errc::not_enough_memory)
            return out_of_memory_exit();
        fmt::print(stderr, "liquid: internal error: {}\n", one_line(e.what()));
        return 1;
    } catch (const std::exception& e) {
        fmt::print(stderr, "liquid: internal error: {}\n", one_line(e.what()));
        return 1;
    }
    if (const int failed = check_stdout()) return failed;
    if (liquid::stop_requested()) return interrupted_exit();
    return 0;
}

}  // namespace liquid::app
