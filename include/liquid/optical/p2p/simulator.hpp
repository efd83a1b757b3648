#pragma once
// Round-based point-to-point simulator of thesis §5.3: each round spawns 1..spawn send
// events; every message moves at most one hop per round; a transmitting node sends at
// most MMIR messages per round on its (multicast) link; requests created during warm-up
// are not measured; the metric is the mean number of rounds from creation to delivery.
// Every round the simulator checks independently of the discipline that no addressed
// node heard two transmitters at once (a collision, §5.4.4).
#include <cstdint>
#include <functional>
#include <string>

#include "liquid/optical/p2p/models.hpp"
#include "liquid/optical/p2p/traffic.hpp"

namespace liquid::optical::p2p {

/// What MMIR limits: each directed arc of the static multicast (a node may send MMIR
/// messages to each of its receivers in a round; the default, "per link") or a node's whole
/// transmission (the single fibre into the switch).
enum class MmirScope { Arc, Node };

struct RunSpec {
    std::uint32_t rounds = 10000;  // rounds with measured spawns (warm-up included)
    std::uint32_t warmup = 0;      // rounds whose requests are discarded; 0 -> rounds/5
    std::uint32_t mmir = 35;       // messages per link per round; 0 = unlimited
    std::uint64_t seed = 1;
    std::uint32_t drain_limit = 0;  // extra rounds to deliver measured requests; 0 -> rounds
    MmirScope mmir_scope = MmirScope::Arc;
};

struct CccSpec {
    int dimension = 6;
    CccDiscipline discipline = CccDiscipline::Cycled;
    CycleKind cycle = CycleKind::Optimized;
    CccRouting routing = CccRouting::Thesis;
};

/// Dynamic reconfiguration of §5.9.3, measured against the static configuration.
enum class Reconfig {
    None = 0,
    LocalStrength = 1,     // v1: break k=>j if strength(k,j) < C, set i=>j, k=>l
    GlobalAverage = 2,     // v2: same exchange, kept only if the strength-weighted mean distance drops
    NearDestination = 3,   // v3: as v2 but aim i at a node a few hops before j
    RandomRegenerate = 4,  // v4: every random number of rounds try a fresh random configuration
};

struct ReconfigSpec {
    Reconfig variant = Reconfig::None;
    std::uint32_t threshold = 10;          // C of v1
    std::uint32_t strength_init = 2;       // "a small integer" (§5.9.2)
    std::uint32_t strength_cap = 100;      // when one strength reaches it, all are halved (§5.9.2)
    std::uint32_t gap = 10;                // min rounds between two attempts (the thesis limited changes)
    std::uint32_t tc_rounds = 2;           // configuration change time: the changed nodes cannot send
    std::uint32_t near_hops = 3;           // v3: at most this many hops before the destination
    std::uint32_t regenerate_every = 200;  // v4: mean interval, drawn uniformly in [1/2, 3/2] of it
};

struct MultiRingSpec {
    std::uint32_t nodes = 384;
    ChordKind chords = ChordKind::Random;
    static constexpr std::uint32_t kDefaultW = 0xffffffffu;
    std::uint32_t w = kDefaultW;  // fixed chord length (0 = plain ring); default: default_chord_length(N)
    bool parity_rule = true;      // false: every node sends every round (deliberately broken)
    ReconfigSpec reconfig;
};

struct SimResult {
    std::string model;  // "ccc" or "multi-ring"
    std::uint32_t nodes = 0;
    std::uint64_t seed = 0;
    std::uint64_t rounds_run = 0;   // including drain rounds
    std::uint64_t created = 0;      // all requests
    std::uint64_t measured = 0;     // requests created after warm-up and before `rounds`
    std::uint64_t delivered = 0;    // measured requests delivered
    std::uint64_t undelivered = 0;  // measured requests still in flight when the drain limit hit
    bool saturated = false;         // undelivered > 0: offered load exceeds capacity
    double mean_rounds = 0;         // the thesis's metric
    double mean_hops = 0;
    // Measured requests addressed to the hot spot of their creation round (node 0 unless it
    // moves): the mean rounds is (1 - share) * rest + share * hot_mean_rounds, so a hot-spot
    // slowdown shows here first.
    std::uint64_t hot_delivered = 0;
    double hot_mean_rounds = 0;
    std::uint64_t hotspot_moves = 0;
    // Multi ring: the fluid load bound of the initial configuration (load_bound.hpp) with
    // the hot spot at node 0: the smallest p at which some link is offered more messages per
    // round than MMIR lets through (infinity: never), and the busiest link's offered load
    // over what it can carry at this run's p (>= 1: no steady state).
    double hot_saturation_p = 0;
    double busiest_link_utilization = 0;
    std::uint32_t p50 = 0, p90 = 0, p99 = 0, max_rounds = 0;
    double mean_queue = 0;        // messages waiting per node, averaged over measured rounds
    std::uint32_t max_queue = 0;  // longest single-node queue seen
    double mean_batch = 0;        // messages per transmission
    std::uint32_t max_batch = 0;
    std::uint64_t transmissions = 0;  // node-rounds with a send
    std::uint64_t collisions = 0;     // addressed receptions destroyed by a second transmitter
    std::uint64_t overlaps = 0;       // non-addressed nodes that heard >1 transmitter (garbage, §5.4.6)
    std::uint64_t misroutes = 0;      // payloads addressed to a node outside the sender's multicast set
    std::uint64_t reconfigurations = 0;
    std::uint64_t reconfig_attempts = 0;
    double static_average_distance = 0;  // load-free mean hops of the final configuration
    std::uint32_t static_diameter = 0;   // multi ring: longest shortest path of the final configuration
    double elapsed_seconds = 0;
};

/// Called now and then with (rounds done, rounds expected); may be empty.
using Progress = std::function<void(std::uint64_t, std::uint64_t)>;

SimResult simulate_ccc(const CccSpec& model, const TrafficSpec& traffic, const RunSpec& run, const Progress& progress = {});
SimResult simulate_multi_ring(const MultiRingSpec& model, const TrafficSpec& traffic, const RunSpec& run,
                              const Progress& progress = {});

}  // namespace liquid::optical::p2p
