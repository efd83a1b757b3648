#pragma once
// The formal model of the electroholographic optical cross-connect (thesis ch. 3).
// Time is an integer number of picoseconds so that the executor and the closed forms can
// be compared exactly (no floating-point drift over thousands of events).
#include <cstdint>
#include <string>
#include <vector>

namespace liquid::optical {

/// Picoseconds. 10 ms = 1e10 ps, a 2048-node ring at 1 ms a hop = 2e12 ps: far from overflow.
using Time = std::int64_t;

inline constexpr Time kPicosecondsPerMicrosecond = 1'000'000;

/// Converts picoseconds to microseconds for display.
double to_microseconds(Time t);

/// Parses a duration such as "10ms", "1.5us", "200ns", "3ps", "0.01s" or a bare number
/// (microseconds). Throws liquid::InputError naming `what` on a malformed or negative value.
Time parse_duration(const std::string& text, const std::string& what);

/// How strictly the executor reads a configuration.
/// permutation: §3.3, each receiver is the target of at most one sender (C is injective).
/// bus: §2.2, several senders may point at one receiver ("on the same bus"); only the
///      one-reception-at-a-time rule is enforced. Needed by algorithm 5 and the tree gather.
enum class ConfigurationRule { Permutation, Bus };

/// Model variables (§3.4) plus the message size S of ch. 4.
struct ModelParams {
    int nodes = 64;                                 // N
    int multicast = 1;                              // M: receivers one sender may be configured to
    std::int64_t message_bytes = 1000;              // S (§3.5.2: 100 bytes .. 1K)
    Time tc = 10'000 * kPicosecondsPerMicrosecond;  // Tc: configuration change, up to 10 ms (§2.2)
    Time tb = 11 * kPicosecondsPerMicrosecond;      // Tb per byte through the host stack
    Time tf = 1 * kPicosecondsPerMicrosecond;       // Tf per byte through the forwarding unit
    std::int64_t header_bytes = 1;                  // §4.3.3: header reaches the OS in header_bytes * Td ("~Td")

    Time td() const { return tb - tf; }                          // Td = Tb - Tf (§3.4)
    Time send_time() const { return message_bytes * tb; }        // S*Tb: a send from the host
    Time forward_time() const { return message_bytes * tf; }     // S*Tf: a hardware forward
    Time delivery_time() const { return message_bytes * td(); }  // S*Td: FU -> host copy
    Time header_time() const { return header_bytes * td(); }     // header -> OS (§4.3.3)
};

/// Throws liquid::InputError if a parameter is out of the model's range.
void validate(const ModelParams& p);

/// The thesis defaults (§3.5.2, §4.3.2, §4.4.5): Tc = 10 ms, S = 1000 bytes, Tf = 1 us/byte
/// (so Tc = 10 S*Tf, "10-100 messages forwarded per configuration set"), Td = 10 Tf.
ModelParams thesis_defaults();

/// A switch configuration C (§3.3): receivers[i] = alpha_i, empty when node i's output is
/// dark (never configured). With multicast size M, alpha_i holds up to M distinct receivers.
struct Configuration {
    std::vector<std::vector<int>> receivers;

    explicit Configuration(int nodes = 0) : receivers(static_cast<std::size_t>(nodes)) {}
    int nodes() const { return static_cast<int>(receivers.size()); }
    /// CSet(i, k): alpha_i := k (a list for multicast).
    void set(int i, std::vector<int> k) { receivers[static_cast<std::size_t>(i)] = std::move(k); }
    /// CEx(i, j): swap alpha_i and alpha_j.
    void exchange(int i, int j) { std::swap(receivers[static_cast<std::size_t>(i)], receivers[static_cast<std::size_t>(j)]); }
    /// True if no receiver is the target of two senders and no node targets itself.
    bool is_permutation() const;
    /// Largest number of senders configured towards one receiver (1 for a permutation).
    int max_fan_in() const;
};

}  // namespace liquid::optical
