#pragma once
// Discrete-event executor of the optical cross-connect model (thesis ch. 3, §4.1-4.3.3).
// It runs a Program event by event, never consults a closed form, and reports what the
// rules allow and what they forbid:
//  - a transmission takes S*Tb from the host (send) or S*Tf from the FU (forward);
//  - a configuration change of a link takes Tc; changes of different links overlap (§3.5);
//  - no transmission may use a link while it is being reconfigured, and no link may be
//    reconfigured while it carries a transmission (§4.1 assumption 2);
//  - a node receives one transmission at a time: two overlapping receptions destroy both
//    (§2.2) and are reported as a collision;
//  - on arrival, a message whose TTL is > 0 is forwarded by the FU with TTL-1 on the node's
//    current configuration (§3.5.1); the FU holds the bus, so the copy to the host starts
//    when that forward ends;
//  - the host holds a message S*Td after the bus is free and knows its header
//    header_bytes*Td after (§4.3.3); a message sent by a host and not re-forwarded is
//    received overlapped with the send (§4.1 assumption 4), at the end of the transmission.
#include <cstdint>
#include <string>
#include <vector>

#include "liquid/optical/broadcast/model.hpp"
#include "liquid/optical/broadcast/program.hpp"

namespace liquid::optical {

enum class ViolationKind {
    collision,                  // two receptions overlapped at one node (both destroyed)
    send_while_reconfiguring,   // a transmission started on a link being reconfigured
    reconfigure_while_sending,  // a configuration change started on a busy link
    dark_link,                  // a host send or forward on a link with no receiver
    not_permutation,            // two senders configured to one receiver (permutation rule)
    multicast_too_large,        // more than M receivers, a self-loop or a repeated receiver
    fu_lost_message,            // forward of a message the FU no longer buffers
    host_lacks_message,         // send of a message the host does not hold
    never_ran,                  // an action whose triggers never held
    missing_delivery,           // the collective ended with a node lacking a message
};

std::string to_string(ViolationKind k);

struct Violation {
    ViolationKind kind;
    Time time = 0;
    int node = -1;     // where it happened
    int other = -1;    // the other node involved (second sender, ...), -1 if none
    int message = -1;
    std::string detail;
};

struct ExecutionReport {
    std::string algorithm;
    Time completion = 0;              // last required host delivery (§4.3.1)
    int configuration_changes = 0;    // global changes: groups of overlapping CSet/CEx periods
    int local_configuration_sets = 0; // individual CSet/CEx requests
    std::vector<int> messages_sent;   // transmissions (sends + forwards) per node
    std::int64_t transmissions = 0;
    std::int64_t duplicate_receptions = 0;  // a node received a message it already had
    std::int64_t dropped_forwards = 0;      // automatic (TTL) forwards onto a dark output
    int max_fan_in = 0;               // most senders ever configured towards one receiver
    std::int64_t events = 0;          // events processed (work measure for benchmarks)
    std::vector<Violation> violations;  // first `kMaxRecordedViolations` only
    std::int64_t violation_count = 0;   // all of them
    std::int64_t collisions = 0;

    bool ok() const { return violation_count == 0; }
    int max_messages_per_node() const;
    double mean_messages_per_node() const;
};

inline constexpr std::size_t kMaxRecordedViolations = 64;

/// Runs `program` under `params`. Never throws on a wrong program: every broken rule is a
/// Violation in the report. Throws liquid::InputError only for malformed input (a node
/// index out of range, an unknown message).
ExecutionReport execute(const ModelParams& params, const Program& program);

}  // namespace liquid::optical
