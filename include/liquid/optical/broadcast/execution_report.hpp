#pragma once
// What the discrete-event executor of the optical cross-connect reports about one run of a
// broadcast or all-to-all broadcast algorithm (thesis ch. 3-4): completion time,
// configuration changes, messages per node, and every rule a program broke.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "liquid/optical/broadcast/model.hpp"

namespace liquid::optical {

enum class ViolationKind {
    Collision,                // two receptions overlapped at one node (both destroyed)
    SendWhileReconfiguring,   // a transmission started on a link being reconfigured
    ReconfigureWhileSending,  // a configuration change started on a busy link
    DarkLink,                 // a host send or forward on a link with no receiver
    NotPermutation,           // two senders configured to one receiver (permutation rule)
    MulticastTooLarge,        // more than M receivers, a self-loop or a repeated receiver
    FuLostMessage,            // forward of a message the FU no longer buffers
    HostLacksMessage,         // send of a message the host does not hold
    NeverRan,                 // an action whose triggers never held
    MissingDelivery,          // the collective ended with a node lacking a message
};

std::string to_string(ViolationKind k);

struct Violation {
    ViolationKind kind;
    Time time = 0;
    int node = -1;   // where it happened
    int other = -1;  // the other node involved (second sender, ...), -1 if none
    int message = -1;
    std::string detail;
};

struct ExecutionReport {
    std::string algorithm;
    Time completion = 0;               // last required host delivery (§4.3.1)
    int configuration_changes = 0;     // global changes: groups of overlapping CSet/CEx periods
    int local_configuration_sets = 0;  // individual CSet/CEx requests
    std::vector<int> messages_sent;    // transmissions (sends + forwards) per node
    std::int64_t transmissions = 0;
    std::int64_t duplicate_receptions = 0;  // a node received a message it already had
    std::int64_t dropped_forwards = 0;      // automatic (TTL) forwards onto a dark output
    int max_fan_in = 0;                     // most senders ever configured towards one receiver
    std::int64_t events = 0;                // events processed (work measure for benchmarks)
    std::vector<Violation> violations;      // first `kMaxRecordedViolations` only
    std::int64_t violation_count = 0;       // all of them
    std::int64_t collisions = 0;

    bool ok() const { return violation_count == 0; }
    int max_messages_per_node() const;
    double mean_messages_per_node() const;
};

inline constexpr std::size_t kMaxRecordedViolations = 64;

}  // namespace liquid::optical
