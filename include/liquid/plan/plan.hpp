#pragma once
// Per-rank plans: a schedule of the all-to-all among the ranks of an MPI communicator,
// turned per rank (for each frame, whom this rank sends to and receives from). Built
// without MPI, so the `liquid plan` command and the unit tests need no MPI library.
//
// Ranks map to hosts of a Network (several ranks per host allowed). The scheduled traffic
// has one transfer per ordered pair of ranks on *distinct* hosts, routed between their
// hosts: ranks of one host share that host's links, so the scheduler separates their
// transfers. Pairs of ranks on the same host never touch the network; they are not
// scheduled but spread over the frames round-robin (pair s→d in frame ((d−s) mod K) mod L),
// so that no rank does all of its local copies in one frame. A rank's transfer to itself
// is a local copy done before the first frame and is not part of the plan.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::plan {

/// One message of the all-to-all: from rank `src` to rank `dst` (ranks of the communicator).
struct RankPair {
    int src = -1, dst = -1;
    bool operator==(const RankPair&) const = default;
};

/// The schedule of a K-rank all-to-all: every ordered pair of distinct ranks in exactly one frame.
struct Plan {
    int ranks = 0;
    std::vector<std::string> hosts;             // host name of each rank
    std::string network;                        // the network's name
    std::string method;                         // the scheduling method ("optimal", "round-robin", ...)
    int duration = 0;                           // Λ of the scheduled (inter-host) traffic
    bool liquid = false;                        // length == duration
    bool optimal = false;                       // length proven optimal
    std::vector<std::vector<RankPair>> frames;  // in execution order
    /// links[f][i]: the network links pair frames[f][i] occupies, in travel order (empty for
    /// ranks on one host). Empty altogether when the plan carries no routes (a plan file
    /// written without them): see route_plan() and link_dependencies.hpp.
    std::vector<std::vector<std::vector<int>>> links;
    /// link_names[l]: the name of link l of `links` (the network's link names).
    std::vector<std::string> link_names;
    int length() const { return static_cast<int>(frames.size()); }
};

/// How the executor keeps the messages of one frame from overlapping those of the next on
/// shared links. None: a rank starts frame f+1 as soon as its own messages of frame f are
/// done. Barrier: every rank waits for all after each frame. Links: a rank's messages of
/// frame f wait only for a token from each rank that received a message of an earlier
/// frame on one of their links (the link's previous user), point to point.
enum class Sync { None, Barrier, Links };
/// "none", "barrier", "links".
const char* sync_name(Sync sync);

/// A token of Sync::Links: sent to `rank` for its frame `frame`.
struct Token {
    int rank = -1, frame = -1;
    bool operator==(const Token&) const = default;
};

/// One frame seen by one rank.
struct RankFrame {
    std::vector<int> send_to, recv_from;
    std::vector<int> wait_for;  // Sync::Links: ranks whose token must arrive before this frame's sends
    std::vector<Token> signal;  // Sync::Links: tokens to send once this rank's messages of this frame are done
};

/// The plan seen by one rank: what the executor runs.
struct RankPlan {
    int rank = -1, ranks = 0;
    std::vector<RankFrame> frames;
};

/// The frames of `rank` (0 <= rank < plan.ranks), with its Sync::Links tokens.
RankPlan rank_plan(const Plan& plan, int rank);
/// The frames of every rank at once (what rank 0 scatters): O(pairs × route length).
std::vector<RankPlan> rank_plans(const Plan& plan);

/// The traffic among ranks: `traffic` holds one transfer per ordered pair of ranks on
/// distinct hosts (named "<src>-<dst>" by rank), `pairs[i]` is the ranks of transfer i;
/// `local` lists the pairs of distinct ranks on one host.
struct RankTraffic {
    Traffic traffic;
    std::vector<RankPair> pairs;
    std::vector<RankPair> local;
};

/// `host_of_rank[r]` is a host node index of `net`. Throws InputError when a pair of
/// hosts has no route (e.g. a send-only host of the two-switch example).
RankTraffic rank_traffic(const Network& net, const std::vector<int>& host_of_rank);

/// Appends the same-host pairs `local` (no network link) to the frames, pair s→d to frame
/// ((d − s) mod K) mod L, a round-robin spread; a plan without frames gets one.
void spread_local_pairs(Plan& plan, const std::vector<RankPair>& local);

/// Fills plan.links from the routes of `traffic` (the traffic the plan was built from, or
/// rebuilt for a plan read from a file or a cache). Throws InputError when a pair of ranks
/// on distinct hosts has no transfer in `traffic`.
void route_plan(Plan& plan, const RankTraffic& traffic);

struct PlanResult {
    Plan plan;
    SolveResult solve;       // of the inter-host traffic (empty when every rank shares one host)
    double planning_ms = 0;  // the whole build_plan call
};

/// Schedules the all-to-all among the ranks with `options` and turns it into a plan with
/// its routes, i→j and j→i in different frames where that costs no frame
/// (separate_reverse_pairs). Every returned plan has passed verify_plan().
PlanResult build_plan(const Network& net, const std::vector<int>& host_of_rank, const SolveOptions& options);

/// "" when every ordered pair of distinct ranks appears in exactly one frame and no pair is
/// a self-pair or out of range, and, when the plan has routes, there is one route per pair,
/// every link is named and no two pairs of a frame share a link; otherwise a sentence
/// naming the first problem.
std::string verify_plan(const Plan& plan);

/// One rank per host, in the network's host order (the default of `liquid plan`).
std::vector<int> one_rank_per_host(const Network& net);

/// The host a machine name designates (MPI_Get_processor_name or a rank-map line), by the
/// first rule that finds one:
///   1. the host named exactly `name`;
///   2. the host named its short form, `name` up to the first '.' (a processor name may be
///      fully qualified: "node01.cluster.example");
///   3. the host whose first word is that short form. A host's first word is its name up
///      to the first '_', up to the first '.': an imported InfiniBand host is named by its
///      node description ("node01 HCA-1" becomes node01_HCA-1), whose first word is the
///      machine's hostname, and hostnames have no '_'.
/// Returns -1 when no rule finds a host; throws InputError (naming `where`) when rule 3
/// finds several (a machine with several adapters: map its ranks with a rank map).
int host_of_machine(const Network& net, const std::string& name, const std::string& where);

/// Host node indices of ranks named by machine name (host_of_machine). Throws InputError
/// naming the first rank whose name designates no host of `net`.
std::vector<int> hosts_by_name(const Network& net, const std::vector<std::string>& names, const std::string& where);

/// Reads a rank map file (LIQUID_RANKMAP): one `rank host` line per rank, ranks of
/// MPI_COMM_WORLD 0..R-1 each exactly once in any order, '#' starts a comment. Returns the
/// host names by rank. Throws InputError naming file:line.
std::vector<std::string> read_rank_map(const std::string& path);

}  // namespace liquid::plan
