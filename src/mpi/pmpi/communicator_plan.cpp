// Planning for one communicator, collectively: every rank sends its processor name to
// rank 0; rank 0 maps ranks to hosts, schedules the all-to-all with the library (or reads
// LIQUID_PLAN, or a plan of LIQUID_PLAN_CACHE) and scatters each rank its part of the plan,
// or broadcasts the reason to fall back.
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>

#include "interposer.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/input_file.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/io/sha256.hpp"
#include "liquid/plan/plan_json.hpp"
#include "liquid/traffic/analysis.hpp"

namespace liquid::mpi::interposer {
namespace {

using plan::Plan;
using plan::PlanResult;
using plan::RankTraffic;

// A file named by LIQUID_NETWORK must be a regular file (a device or FIFO would hang).
Network load_network_checked(const std::string& ref) {
    std::error_code ec;
    if (std::filesystem::exists(ref, ec) || std::filesystem::is_symlink(ref, ec)) check_input_file(ref, "LIQUID_NETWORK");
    return load_network(ref);
}

// The network is loaded once per process (rank 0 of each communicator needs it).
const Network& network(const std::string& ref) {
    static std::optional<Network> cached;
    static std::string cached_ref;
    if (!cached || cached_ref != ref) {
        cached = load_network_checked(ref);
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

// What rank 0 decides for the communicator.
struct RootPlan {
    PlanResult result;
    std::string cache;
    double seconds_per_block_byte = 0;
    std::shared_ptr<RootState> state;  // absent for a LIQUID_PLAN file
};

// The liquid bound per byte of block: the most loaded link's load over its rate.
double seconds_per_block_byte(const Network& net, const RankTraffic& rt) {
    const std::vector<int> load = link_loads(rt.traffic);
    double most = 0;
    for (std::size_t l = 0; l < load.size(); ++l) most = std::max(most, load[l] / net.link_rate(static_cast<int>(l)));
    return most;
}

// LIQUID_PLAN_CACHE: the file of the plan for this network content, rank-to-host map,
// method and traffic (the all-to-all of these ranks).
std::string cache_file(const Settings& s, const Network& net, const std::vector<std::string>& hosts) {
    std::string key = "liquid-plan-cache 1\nalltoall\nmethod " + s.method + "\n";
    for (const std::string& h : hosts) key += "host " + h + "\n";
    key += network_to_json(net).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return (std::filesystem::path(s.plan_cache) / ("plan-" + sha256_hex(key) + ".json")).string();
}

// Writes through a temporary file and a rename, so that concurrent jobs only ever see a
// whole plan (the last writer wins; both wrote a valid plan). A cache that cannot be
// written is not an error: the plan is used anyway. "" when stored, else why not.
std::string store(const std::string& path, const Plan& plan) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    if (ec) return "cannot create the directory: " + ec.message();
    std::random_device seed;
    const std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(seed());
    {
        std::ofstream out(tmp, std::ios::binary);
        out << plan::plan_json(plan).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        out.close();
        if (!out) {
            std::filesystem::remove(tmp, ec);
            return "cannot write " + tmp;
        }
    }
    std::filesystem::rename(tmp, path, ec);
    if (!ec) return "";
    const std::string why = ec.message();
    std::filesystem::remove(tmp, ec);
    return "cannot rename the plan into place: " + why;
}

std::optional<Plan> load_cached(const std::string& path, const std::vector<std::string>& hosts) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
    try {
        Plan plan = plan::read_plan_json(path);
        if (plan.hosts == hosts) return plan;
    } catch (const InputError&) {  // a damaged cache entry is planned again and replaced
    }
    return std::nullopt;
}

PlanResult plan_or_load(const Network& net, const std::vector<int>& host_of_rank, const std::vector<std::string>& names,
                        const Settings& s, RootPlan& out) {
    SolveOptions options;
    options.method = parse_method(s.method);
    options.time_limit_s = s.time_limit_s;
    if (s.plan_cache.empty()) return plan::build_plan(net, host_of_rank, options);
    const auto start = std::chrono::steady_clock::now();
    const std::string path = cache_file(s, net, names);
    if (std::optional<Plan> plan = load_cached(path, names)) {
        plan::route_plan(*plan, plan::rank_traffic(net, host_of_rank));
        out.cache = "cache hit: " + path;
        PlanResult r;
        r.plan = std::move(*plan);
        r.planning_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        return r;
    }
    PlanResult r = plan::build_plan(net, host_of_rank, options);
    r.plan.hosts = names;  // the names the key was made of (as the ranks report them)
    const std::string problem = store(path, r.plan);
    out.cache = problem.empty() ? "cache miss: planned and stored in " + path
                                : "cache miss: planned; not stored in " + path + " (" + problem + ")";
    return r;
}

// Rank 0: the plan, or an exception whose message is the reason to fall back.
RootPlan plan_on_root(MPI_Comm comm, int size, const std::vector<char>& names, const Settings& s) {
    RootPlan out;
    if (!s.plan.empty()) {
        out.result.plan = plan::read_plan_json(s.plan);
        if (out.result.plan.ranks != size)
            throw InputError(s.plan,
                             "the plan is for " + std::to_string(out.result.plan.ranks) + " ranks, the communicator has " +
                                 std::to_string(size),
                             "write a plan for this communicator size");
        return out;
    }
    if (s.network.empty()) throw InputError("LIQUID_NETWORK", "not set", "give a network JSON file or a generator spec");
    const std::vector<std::string> hosts = host_names(comm, size, names, s);
    if (size > 1 && std::all_of(hosts.begin(), hosts.end(), [&](const std::string& h) { return h == hosts[0]; }))
        throw InputError("", "every rank runs on host '" + hosts[0] + "' (shared memory, no network to schedule)");
    const Network& net = network(s.network);
    const auto host_of_rank = plan::hosts_by_name(net, hosts, s.rank_map.empty() ? "MPI_Get_processor_name" : s.rank_map);
    out.result = plan_or_load(net, host_of_rank, hosts, s, out);
    out.state = std::make_shared<RootState>(RootState{&net, plan::rank_traffic(net, host_of_rank), out.result.plan});
    out.seconds_per_block_byte = seconds_per_block_byte(net, out.state->traffic);
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) out += (out.empty() ? "" : "\n") + s;
    return out;
}

// What rank 0 broadcasts before the plan.
enum Header {
    kHasPlan,
    kBadEnvironment,
    kPlanningUs,
    kSync,
    kMinBytes,
    kChunkBytes,
    kPassBytes,
    kCompare,
    kTuneCalls,
    kVTimeLimitUs,
    kVMinPiece,
    kLength,
    kDuration,
    kLiquid,
    kHeader
};

}  // namespace

void broadcast_string(std::string& s, MPI_Comm comm) {
    int n = static_cast<int>(s.size());
    PMPI_Bcast(&n, 1, MPI_INT, 0, comm);
    s.resize(n);
    PMPI_Bcast(s.data(), n, MPI_CHAR, 0, comm);
}

Settings settings_from_environment() {
    return plan::parse_interposer_environment([](const char* name) { return std::getenv(name); });
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
    std::optional<RootPlan> planned;
    long long header[kHeader] = {};
    double bound = 0;
    if (rank == 0) {
        header[kSync] = static_cast<long long>(settings.sync);
        header[kMinBytes] = settings.min_bytes;
        header[kChunkBytes] = settings.chunk_bytes;
        header[kPassBytes] = settings.pass_bytes;
        header[kCompare] = settings.compare;
        header[kTuneCalls] = settings.tune_calls;
        header[kVTimeLimitUs] = std::llround(std::min(settings.v_time_limit_s, 1e12) * 1e6);
        header[kVMinPiece] = settings.v_min_piece;
        if (!settings.problems.empty()) {
            out.reason = joined(settings.problems);
            header[kBadEnvironment] = 1;
        } else {
            try {
                planned = plan_on_root(comm, size, names, settings);
                const Plan& p = planned->result.plan;
                header[kHasPlan] = 1;
                header[kPlanningUs] = static_cast<long long>(planned->result.planning_ms * 1000);
                out.cache = planned->cache;
                header[kLength] = p.length();
                header[kDuration] = p.duration;
                header[kLiquid] = p.liquid;
                bound = planned->seconds_per_block_byte;
            } catch (const std::exception& e) {
                out.reason = e.what();
            }
        }
    }
    PMPI_Bcast(header, kHeader, MPI_LONG_LONG, 0, comm);
    PMPI_Bcast(&bound, 1, MPI_DOUBLE, 0, comm);
    out.planning_ms = header[kPlanningUs] / 1000.0;
    out.exec.sync = static_cast<Sync>(header[kSync]);
    out.min_bytes = header[kMinBytes];
    out.exec.chunk_bytes = static_cast<int>(header[kChunkBytes]);
    out.exec.pass_bytes = static_cast<int>(header[kPassBytes]);
    out.compare = header[kCompare] != 0;
    out.tune_calls = static_cast<int>(header[kTuneCalls]);
    out.v_time_limit_s = static_cast<double>(header[kVTimeLimitUs]) / 1e6;
    out.v_min_piece = header[kVMinPiece];
    if (header[kHasPlan] == 0) {
        out.bad_environment = header[kBadEnvironment] != 0;
        broadcast_string(out.reason, comm);
        return out;
    }
    out.plan = scatter_rank_plan(planned ? &planned->result.plan : nullptr, comm);
    out.fallback = false;
    out.length = static_cast<int>(header[kLength]);
    out.duration = static_cast<int>(header[kDuration]);
    out.liquid = header[kLiquid] != 0;
    broadcast_string(out.cache, comm);
    out.seconds_per_block_byte = bound;
    if (planned) out.root = planned->state;
    PMPI_Comm_dup(comm, &out.comm);
    return out;
}

}  // namespace liquid::mpi::interposer
