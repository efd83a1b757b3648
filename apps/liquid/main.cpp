// The `liquid` command: builds the subcommand tree from the registry (command.hpp),
// runs it, and maps errors to exit codes: 0 success, 2 bad input, 1 internal failure.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <iostream>
#include <map>
#include <sstream>

#include "command.hpp"
#include "liquid/base/error.hpp"

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
CLI::App* subcommand_for(CLI::App& root, const std::string& path,
                         std::map<std::string, CLI::App*>& made) {
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

}  // namespace
}  // namespace liquid::app

int main(int argc, char** argv) {
    using namespace liquid::app;
    CLI::App app{"liquid: schedule collective communications at the liquid throughput of a network"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "liquid 0.1.0");
    std::map<std::string, CLI::App*> made;
    for (auto& spec : command_registry()) {
        CLI::App* cmd = subcommand_for(app, spec.path, made);
        cmd->description(spec.description);
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
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    } catch (const liquid::InputError& e) {
        fmt::print(stderr, "liquid: error: {}\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "liquid: internal error: {}\n", e.what());
        return 1;
    }
    return 0;
}
