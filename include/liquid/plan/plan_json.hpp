#pragma once
// The plan file (`liquid plan --json`, LIQUID_PLAN of the interposer):
//   {"format": "liquid-plan", "version": 1, "network": NAME, "method": M, "ranks": K,
//    "hosts": [host of rank 0, ...], "duration": Λ, "length": L, "liquid": bool,
//    "optimal": bool, "frames": [[[src, dst], ...], ...],
//    "per_rank": [{"rank": r, "host": H, "frames": [{"send": [...], "recv": [...]}, ...]}, ...],
//    "links": [link name, ...], "routes": [[[link index, ...] per pair of the frame], ...]}
// "frames" is authoritative (every ordered pair of distinct ranks once); "per_rank" is
// the same plan seen by each rank, for runtimes that read one rank's part only. "links"
// and "routes" (optional, written whenever the plan was built on a network) are the
// network links each pair occupies, so the executor's `links` synchronisation and the
// plan checker need no network: routes[f][i] belongs to frames[f][i], its numbers index
// "links", and no two pairs of one frame share a link.
#include <nlohmann/json.hpp>
#include <string>

#include "liquid/plan/plan.hpp"

namespace liquid::plan {

nlohmann::json plan_json(const Plan& plan);

/// Reads a plan file; throws InputError naming the file and JSON path, or the pair that
/// makes the plan invalid (verify_plan).
Plan read_plan_json(const std::string& path);

/// The all-to-all as an MSCCL algorithm (XML: <algo> of <gpu>s of thread blocks <tb> of
/// <step>s). Rank = gpu, one chunk per peer; each thread block sends to at most one peer
/// and receives from at most one; frame order is kept by "nop" steps that depend on the
/// last step of every thread block of the previous frame.
std::string plan_msccl_xml(const Plan& plan, const std::string& name);

}  // namespace liquid::plan
