// Planning for one communicator, collectively: every rank sends its processor name to
// rank 0; rank 0 maps ranks to hosts, schedules the all-to-all with the library (or reads
// LIQUID_PLAN) and broadcasts the plan or the reason to fall back.
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "interposer.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/plan/plan_json.hpp"

namespace liquid::mpi::interposer {
namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

// The network is loaded once per process (rank 0 of each communicator needs it).
const Network& network(const std::string& ref) {
    static std::optional<Network> cached;
    static std::string cached_ref;
    if (!cached || cached_ref != ref) {
        cached = load_network(ref);
        cached_ref = ref;
    }
    return *cached;
}

// World ranks of the communicator's ranks (LIQUID_RANKMAP is by MPI_COMM_WORLD rank).
std::vector<int> world_ranks(MPI_Comm comm, int size) {
    MPI_Group group, world;
    PMPI_Comm_group(comm, &group);
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    std::vector<int> ranks(size), out(size);
    for (int r = 0; r < size; ++r) ranks[r] = r;
    PMPI_Group_translate_ranks(group, size, ranks.data(), world, out.data());
    PMPI_Group_free(&group);
    PMPI_Group_free(&world);
    return out;
}

std::vector<std::string> host_names(MPI_Comm comm, int size, const std::vector<char>& names, const Settings& s) {
    std::vector<std::string> hosts(size);
    if (!s.rank_map.empty()) {
        const auto by_world = plan::read_rank_map(s.rank_map);
        const auto world = world_ranks(comm, size);
        for (int r = 0; r < size; ++r) {
            if (world[r] < 0 || world[r] >= static_cast<int>(by_world.size()))
                throw InputError(s.rank_map, "world rank " + std::to_string(world[r]) + " has no line",
                                 "map every rank of MPI_COMM_WORLD");
            hosts[r] = by_world[world[r]];
        }
        return hosts;
    }
    for (int r = 0; r < size; ++r) hosts[r] = std::string(&names[static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME]);
    return hosts;
}

Method method_of(const std::string& name) {
    try {
        return parse_method(name);
    } catch (const InputError& e) {
        throw InputError("LIQUID_METHOD", e.what());
    }
}

// Rank 0: the plan, or an exception whose message is the reason to fall back.
plan::PlanResult plan_on_root(MPI_Comm comm, int size, const std::vector<char>& names, const Settings& s) {
    if (!s.plan.empty()) {
        plan::PlanResult r;
        r.plan = plan::read_plan_json(s.plan);
        if (r.plan.ranks != size)
            throw InputError(
                s.plan,
                "the plan is for " + std::to_string(r.plan.ranks) + " ranks, the communicator has " + std::to_string(size),
                "write a plan for this communicator size");
        return r;
    }
    if (s.network.empty()) throw InputError("LIQUID_NETWORK", "not set", "give a network JSON file or a generator spec");
    const Network& net = network(s.network);
    const auto hosts =
        plan::hosts_by_name(net, host_names(comm, size, names, s), s.rank_map.empty() ? "MPI_Get_processor_name" : s.rank_map);
    SolveOptions options;
    options.method = method_of(s.method);
    options.time_limit_s = s.time_limit_s;
    return plan::build_plan(net, hosts, options);
}

void broadcast_string(std::string& s, MPI_Comm comm) {
    int n = static_cast<int>(s.size());
    PMPI_Bcast(&n, 1, MPI_INT, 0, comm);
    s.resize(n);
    PMPI_Bcast(s.data(), n, MPI_CHAR, 0, comm);
}

}  // namespace

Settings settings_from_environment() {
    Settings s;
    s.network = env("LIQUID_NETWORK");
    s.rank_map = env("LIQUID_RANKMAP");
    s.plan = env("LIQUID_PLAN");
    s.report = env("LIQUID_REPORT");
    if (!env("LIQUID_METHOD").empty()) s.method = env("LIQUID_METHOD");
    if (const std::string t = env("LIQUID_TIME_LIMIT"); !t.empty()) {
        char* end = nullptr;
        const double v = std::strtod(t.c_str(), &end);
        if (end && *end == '\0' && v > 0) s.time_limit_s = v;
    }
    if (env("LIQUID_SYNC") == "barrier") s.exec.sync = Sync::Barrier;
    return s;
}

CommunicatorPlan plan_communicator(MPI_Comm comm, const Settings& settings) {
    int rank = 0, size = 0;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Comm_size(comm, &size);
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int len = 0;
    PMPI_Get_processor_name(name, &len);
    std::vector<char> names(rank == 0 ? static_cast<std::size_t>(size) * MPI_MAX_PROCESSOR_NAME : 0);
    PMPI_Gather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, names.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, comm);

    CommunicatorPlan out;
    out.ranks = size;
    out.method = settings.plan.empty() ? settings.method : "file";
    std::optional<plan::PlanResult> planned;
    long long header[2] = {0, 0};  // 1 = a plan follows (0 = fall back), planning time in µs
    if (rank == 0) {
        try {
            planned = plan_on_root(comm, size, names, settings);
            header[0] = 1;
            header[1] = static_cast<long long>(planned->planning_ms * 1000);
        } catch (const std::exception& e) {
            out.reason = e.what();
        }
    }
    PMPI_Bcast(header, 2, MPI_LONG_LONG, 0, comm);
    out.planning_ms = header[1] / 1000.0;
    if (header[0] == 0) {
        broadcast_string(out.reason, comm);
        return out;
    }
    const plan::Plan plan = broadcast_plan(planned ? &planned->plan : nullptr, comm);
    out.fallback = false;
    out.plan = plan::rank_plan(plan, rank);
    out.length = plan.length();
    out.duration = plan.duration;
    out.liquid = plan.liquid;
    PMPI_Comm_dup(comm, &out.comm);
    return out;
}

}  // namespace liquid::mpi::interposer
