#pragma once
// Engine of optical_broadcast (private; its result type is public: execution_report.hpp).
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

#include "liquid/optical/broadcast/execution_report.hpp"
#include "liquid/optical/broadcast/model.hpp"
#include "optical/broadcast/program.hpp"

namespace liquid::optical {

/// Runs `program` under `params`. Never throws on a wrong program: every broken rule is a
/// Violation in the report. Throws liquid::InputError only for malformed input (a node
/// index out of range, an unknown message).
ExecutionReport execute(const ModelParams& params, const Program& program);

}  // namespace liquid::optical
